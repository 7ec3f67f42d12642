"""One declaration per game: everything that reads "the games" reads it here.

A game's package (``gardenkit/games/<id>/__init__.py``) declares ``GAME = GameEntry(...)``; the
one line that registers it is its id in ``gardenkit._GAMES``. The engine, its board, its game
view, its tutor module, its notebook, its golden playthroughs and its gallery pitch are named
here as strings and imported only when asked for, so ``import gardenkit`` pulls in no renderer
and no widget.

>>> e = GameEntry(id="demo", rules="gardenkit.core.rules:GameRules", board="gardenkit.widgets.x:XBoard",
...               game_view="gardenkit.widgets.x:XGame", tutor="gardenkit.tutor.x", render="gardenkit.render.x",
...               notebook="demo.ipynb", pitch="A demo.", playthroughs=(Playthrough("demo-2p", 2, 1),))
>>> e.rules_class().__name__
'GameRules'
>>> e.playthroughs[0].options
{}
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field

__all__ = ["GameEntry", "Playthrough", "load", "rules_of"]


def load(ref: str):
    """The object ``"package.module:attribute"`` names (a module for a plain module path)."""
    module, _, attr = ref.partition(":")
    mod = importlib.import_module(module)
    return getattr(mod, attr) if attr else mod


_MADE: dict = {}


def rules_of(game_id: str):
    """The shared (stateless) rules object of game ``game_id``, found by name: its package
    ``gardenkit.games.<id>`` declares it (``GAME.rules``). What :func:`gardenkit.make` answers, for
    code below the registry that must not import a game's rules module (a renderer drawing a state
    it was given without the rules, a state's own picture): no import cycle, one object per game.

    >>> rules_of("miyabi") is rules_of("miyabi"), type(rules_of("miyabi")).__name__
    (True, 'MiyabiRules')
    """
    made = _MADE.get(game_id)
    if made is None:
        if not isinstance(game_id, str) or not game_id.isidentifier():
            raise ValueError(f"unknown game {game_id!r}")
        made = _MADE[game_id] = load(f"gardenkit.games.{game_id}:GAME").rules_class()()
    return made


@dataclass(frozen=True)
class Playthrough:
    """A golden playthrough: ``tests/playthroughs/<name>.txt`` is a seeded game of these settings."""

    name: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)


@dataclass(frozen=True)
class GameEntry:
    """What gardenkit knows of one game, by name (see ``docs/adding-a-game.md``)."""

    id: str
    #: ``"module:Class"`` of the rules (a :class:`~gardenkit.core.rules.GameRules` subclass)
    rules: str
    #: ``"module:Class"`` of its board widget and of its game view against bots
    board: str
    game_view: str
    #: the module of its lessons, scenarios and quizzes; the module of its SVG renderer
    tutor: str
    render: str
    #: its notebook in ``notebooks/`` (the dashboard)
    notebook: str
    #: two sentences for the gallery card
    pitch: str
    #: its golden playthroughs (at least one)
    playthroughs: tuple[Playthrough, ...] = ()
    #: its README picture in ``docs/`` ("" for none yet)
    picture: str = ""

    def rules_class(self) -> type:
        return load(self.rules)

    def board_class(self) -> type:
        return load(self.board)

    def game_view_class(self) -> type:
        return load(self.game_view)

    def tutor_module(self):
        return load(self.tutor)

    def render_module(self):
        return load(self.render)
