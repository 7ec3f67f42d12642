"""Thin widgets: boards and views that show what the engine says.

Every click calls a public method (``board.select(17)``, ``board.play("17@3,-2")``,
``game.undo()``, ``quiz.check(8)``), so the widgets are tested without a browser.

A game's board and game view subclass the game-independent bases :class:`BoardWidget`
(:mod:`.board_base`) and :class:`GameView` (:mod:`.view`). Every registered game's board and
view are importable from here by the names its :func:`gardenkit.entry` declares
(``SamuraiBoard``, ``MiyabiGame``, …): they are found in the registry and imported when first
asked for, so adding a game needs no edit here. So are the learner's widgets of :mod:`.learn`
(``RuleToc``, ``PlayerAidWidget``, ``ProgressWidget``, ``ShareWidget``, ``learner_bar``, …).

>>> import gardenkit.widgets as w
>>> w.MiyabiBoard.game_id, w.MiyabiGame.game_id
('miyabi', 'miyabi')
>>> w.NoSuchBoard
Traceback (most recent call last):
...
AttributeError: module 'gardenkit.widgets' has no attribute 'NoSuchBoard'
"""
from __future__ import annotations

import gardenkit

from .board_base import BoardWidget, guarded, panel_style
from .tutor import QuizWidget, ScenarioPlayer, TryBoard
from .view import GameView, LazyGame


def _game_widgets() -> dict[str, str]:
    """Class name -> ``"module:Class"`` of every registered game's board and game view."""
    refs = {}
    for game_id in gardenkit.available_games():
        e = gardenkit.entry(game_id)
        for ref in (e.board, e.game_view):
            refs[ref.partition(":")[2]] = ref
    return refs


_GAME_WIDGETS = _game_widgets()
#: the learner's path (:mod:`.learn`), imported when first asked for
_LEARN = ("GalleryProgress", "PlayerAidWidget", "ProgressWidget", "RuleToc", "ShareWidget", "learner_bar", "share_game_view",
          "share_try_board")
_GAME_WIDGETS.update({name: f"{__name__}.learn:{name}" for name in _LEARN})


def __getattr__(name: str):
    ref = _GAME_WIDGETS.get(name)
    if ref is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..core.registry import load

    value = load(ref)
    globals()[name] = value  # asked once
    return value


def __dir__():
    return sorted(set(globals()) | set(_GAME_WIDGETS))


__all__ = ["BoardWidget", "GameView", "QuizWidget", "ScenarioPlayer", "TryBoard", "guarded", "panel_style",
           *sorted(_GAME_WIDGETS)]
