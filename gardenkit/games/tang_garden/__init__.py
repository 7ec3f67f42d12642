"""Tang Garden (Francesco Testini and Pierluca Zizzi, ThunderGryph Games): the multiplayer game and the
solo game "Yin & Yang" (one player, ``solo=True``).

Registered as ``tang_garden``: ``gardenkit.make("tang_garden")``; its board and game view are in
``gardenkit.widgets.tang_garden``, its drawings in ``gardenkit.render.tang_garden``, its lessons in
``gardenkit.tutor.tang_garden`` and its notebook is ``notebooks/tang-garden.ipynb``.
"""
from ...core.registry import GameEntry, Playthrough
from .actions import (
    ACTION_TYPES, Advance, Build, Decorate, DiscardAll, DrawCard, EndTurn, First, Flip, Footpath, Influence, Keep,
    Landscape, Lantern, Merchant, MoveChar, Officer, PlaceChar, Refresh, Reveal, TakeToken, Turnup, parse,
)
from .components import Components, default_components, load_components
from .rules import TangGardenRules
from .state import TangGardenState

__all__ = [
    "ACTION_TYPES", "Advance", "Build", "Components", "Decorate", "DiscardAll", "DrawCard", "EndTurn", "First",
    "Flip", "Footpath", "GAME", "Influence", "Keep", "Landscape", "Lantern", "Merchant", "MoveChar", "Officer",
    "PlaceChar", "Refresh", "Reveal", "TakeToken", "TangGardenRules", "TangGardenState", "Turnup",
    "default_components", "load_components", "parse",
]

GAME = GameEntry(
    id="tang_garden",
    rules="gardenkit.games.tang_garden.rules:TangGardenRules",
    board="gardenkit.widgets.tang_garden:TangGardenBoard",
    game_view="gardenkit.widgets.tang_garden:TangGardenGame",
    tutor="gardenkit.tutor.tang_garden",
    render="gardenkit.render.tang_garden",
    notebook="tang-garden.ipynb",
    pitch="Build an imperial garden tile by tile, balancing water, rock and greenery, and place visitors where "
          "they enjoy the best views.",
    playthroughs=(
        Playthrough("tang_garden-2p", 2, 1),
        Playthrough("tang_garden-3p", 3, 2),
        Playthrough("tang_garden-4p", 4, 3),
        Playthrough("tang_garden-solo", 1, 4, {"solo": True}),
    ),
    picture="tang-garden-dashboard.png",
)
