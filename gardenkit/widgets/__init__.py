"""Thin widgets: boards and views that show what the engine says.

Every click calls a public method (``board.select(17)``, ``board.play("17@3,-2")``,
``game.undo()``), so the widgets are tested without a browser.
"""
from .board import SamuraiBoard

__all__ = ["SamuraiBoard"]
from .game import GameView, SamuraiGame  # noqa: E402

__all__ += ["GameView", "SamuraiGame"]
