"""The game-independent widget bases, by their old address: :class:`BoardWidget`
(:mod:`.board_base`) and :class:`GameView` (:mod:`.view`, put together from :mod:`.controls`,
:mod:`.saving`, :mod:`.panels` and :mod:`.chart`). A game adds a thin subclass of each.

>>> from gardenkit.widgets import board_base, view
>>> BoardWidget is board_base.BoardWidget and GameView is view.GameView
True
"""
from __future__ import annotations

from .board_base import BoardWidget, guarded, panel_style
from .saving import SAVE_FORMAT
from .view import GameView

__all__ = ["SAVE_FORMAT", "BoardWidget", "GameView", "guarded", "panel_style"]
