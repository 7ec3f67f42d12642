"""Thin widgets: boards and views that show what the engine says.

Every click calls a public method (``board.select(17)``, ``board.play("17@3,-2")``,
``game.undo()``, ``quiz.check(8)``), so the widgets are tested without a browser.

A game's board and game view subclass the game-independent bases in :mod:`.base`:
:class:`BoardWidget` and ``base.GameView`` (exported here as ``GameViewBase``, since
``GameView`` has long been the Samurai Gardener view's other name).
"""
from .base import BoardWidget, guarded, panel_style
from .base import GameView as GameViewBase
from .board import SamuraiBoard
from .game import GameView, SamuraiGame
from .karesansui import KaresansuiBoard, KaresansuiGame
from .miyabi import MiyabiBoard, MiyabiGame
from .tutor import QuizWidget, ScenarioPlayer, TryBoard

__all__ = [
    "BoardWidget", "GameView", "GameViewBase", "KaresansuiBoard", "KaresansuiGame", "MiyabiBoard", "MiyabiGame", "QuizWidget", "SamuraiBoard", "SamuraiGame", "ScenarioPlayer",
    "TryBoard", "guarded", "panel_style",
]
