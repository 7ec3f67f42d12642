"""Thin widgets: boards and views that show what the engine says.

Every click calls a public method (``board.select(17)``, ``board.play("17@3,-2")``,
``game.undo()``, ``quiz.check(8)``), so the widgets are tested without a browser.

A game's board and game view subclass the game-independent bases :class:`BoardWidget`
(:mod:`.board_base`) and :class:`GameView` (:mod:`.view`). Every registered game's board and
view are importable from here by the names its :func:`gardenkit.entry` declares
(``SamuraiBoard``, ``MiyabiGame``, …): they are found in the registry and imported when first
asked for, so adding a game needs no edit here. So are the learner's widgets of :mod:`.learn`
(``RuleToc``, ``PlayerAidWidget``, ``ProgressWidget``, ``ShareWidget``, ``learner_bar``, …) and the
strategy lab (``StrategyLab``).

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

from ._pyodide import keep_nulls
from .board_base import BoardWidget, guarded, panel_style
from .tutor import Lessons, QuizWidget, RuleLessons, ScenarioPlayer, TryBoard
from .view import GameView, LazyGame

keep_nulls()  # the static site's kernel: a widget's None reaches the page (a no-op elsewhere)


def _declared(game_id: str) -> dict[str, str]:
    """Class name -> ``"module:Class"`` of one game's board and game view (its registry entry)."""
    e = gardenkit.entry(game_id)
    return {ref.partition(":")[2]: ref for ref in (e.board, e.game_view)}


def _game_widgets() -> dict[str, str]:
    """Class name -> ``"module:Class"`` of every registered game's board and game view."""
    refs = {}
    for game_id in gardenkit.available_games():
        refs.update(_declared(game_id))
    return refs


#: the learner's path (:mod:`.learn`), imported when first asked for
_LEARN = ("GalleryProgress", "LearnerBar", "PlayerAidWidget", "ProgressWidget", "RuleToc", "ShareWidget", "learner_bar", "share_game_view",
          "share_try_board")
#: other widgets a page may not need, imported when first asked for: name -> module
_LAZY = {**{name: "learn" for name in _LEARN}, "StrategyLab": "lab", "PuzzleWidget": "puzzle", "Puzzles": "puzzle"}


def _likely_first(name: str) -> list[str]:
    """The registered games, those whose id starts like ``name`` first (``SamuraiGame``:
    ``samurai_gardener``): a dashboard asks for its own game's view, and reading a game's registry
    entry imports its package, so the others are not imported for nothing (a page load's kernel
    pays for every import). Only the order of the search: the entries decide."""
    games = gardenkit.available_games()
    word = name.lower()
    return sorted(games, key=lambda g: not word.startswith(g.replace("_", "")[:5]))


def __getattr__(name: str):
    if name == "__all__":
        return ["BoardWidget", "GameView", "LazyGame", "Lessons", "QuizWidget", "RuleLessons", "ScenarioPlayer", "TryBoard", "guarded", "panel_style",
                *sorted({*_game_widgets(), *_LAZY})]
    if name in _LAZY:
        from ..core.registry import load

        value = load(f"{__name__}.{_LAZY[name]}:{name}")
        globals()[name] = value  # asked once
        return value
    if not name[:1].isupper():  # a submodule being imported (``from . import base``), a dunder: not a game's
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    for game_id in _likely_first(name):
        ref = _declared(game_id).get(name)
        if ref is not None:
            from ..core.registry import load

            value = load(ref)
            globals()[name] = value  # asked once
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_game_widgets()) | set(_LAZY))
