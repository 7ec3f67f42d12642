"""Samurai Gardener (Edo Yashiki) by Hisashi Hayashi: build a house of 2x3 cards, score lines."""
from ...core.registry import GameEntry, Playthrough
from .actions import ACTION_TYPES, Draw, Place, Run, ScoreRun, parse
from .components import TYPE_NAMES, TYPES, Card, Deck, default_components, default_deck, load_components, load_deck
from .house import House, Placed
from .rules import INFO, RULES, SamuraiGardenerRules
from .state import Pending, SamuraiGardenerState

__all__ = [
    "ACTION_TYPES", "GAME",
    "Card", "Deck", "Draw", "House", "INFO", "Pending", "Place", "Placed", "RULES", "Run", "SamuraiGardenerRules",
    "SamuraiGardenerState", "ScoreRun", "TYPES", "TYPE_NAMES", "default_components", "default_deck",
    "load_components", "load_deck", "parse",
]

GAME = GameEntry(
    id="samurai_gardener",
    rules="gardenkit.games.samurai_gardener.rules:SamuraiGardenerRules",
    board="gardenkit.widgets.samurai_gardener:SamuraiBoard",
    game_view="gardenkit.widgets.samurai_gardener:SamuraiGame",
    tutor="gardenkit.tutor.samurai_gardener",
    render="gardenkit.render.samurai_gardener",
    notebook="samurai-gardener.ipynb",
    pitch="Snatch building cards in a quick scramble and lay them out so floors, tatami, "
          "ponds and gardens join up into the most impressive Edo mansion.",
    playthroughs=(
        Playthrough("samurai_gardener-default-2p", 2, 1),
        Playthrough("samurai_gardener-default-5p", 5, 2),
        Playthrough("samurai_gardener-specialist-3p", 3, 3, {"specialist": True}),
        Playthrough("samurai_gardener-specialist-4p", 4, 4, {"specialist": True}),
    ),
    picture="dashboard.png",
)
