"""Miyabi (Michael Kiesling, HABA 2019), with its five mini-expansions."""
from ...core.registry import GameEntry, Playthrough
from .actions import EndTurn, Frog, Pass, Place, PlaceZen, parse
from .components import Components, default_components, load_components
from .garden import Garden
from .rules import MiyabiRules
from .state import MiyabiState

__all__ = [
    "GAME","Components", "EndTurn", "Frog", "Garden", "MiyabiRules", "MiyabiState", "Pass", "Place", "PlaceZen",
           "default_components", "load_components", "parse"]

GAME = GameEntry(
    id="miyabi",
    rules="gardenkit.games.miyabi.rules:MiyabiRules",
    board="gardenkit.widgets.miyabi:MiyabiBoard",
    game_view="gardenkit.widgets.miyabi:MiyabiGame",
    tutor="gardenkit.tutor.miyabi",
    render="gardenkit.render.miyabi",
    notebook="miyabi.ipynb",
    pitch="Plant stones, bushes, ponds and pagodas on rising layers of your own garden; "
          "the higher a piece sits, the more it is worth.",
    playthroughs=(
        Playthrough("miyabi-base-2p", 2, 1),
        Playthrough("miyabi-base-4p", 4, 2),
        Playthrough("miyabi-all-3p", 3, 3, {"colorful": True, "meadow": True, "zen": True, "seven": True, "frog": True}),
        Playthrough("miyabi-zen-frog-2p", 2, 4, {"zen": True, "frog": True}),
    ),
    picture="miyabi-dashboard.png",
)
