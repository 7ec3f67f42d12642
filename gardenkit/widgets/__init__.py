"""Thin widgets: boards and views that show what the engine says.

Every click calls a public method (``board.select(17)``, ``board.play("17@3,-2")``,
``game.undo()``, ``quiz.check(8)``), so the widgets are tested without a browser.
"""
from .board import SamuraiBoard, panel_style
from .game import GameView, SamuraiGame
from .tutor import QuizWidget, ScenarioPlayer, TryBoard

__all__ = ["GameView", "QuizWidget", "SamuraiBoard", "SamuraiGame", "ScenarioPlayer", "TryBoard", "panel_style"]
