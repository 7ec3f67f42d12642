"""Samurai Gardener (Edo Yashiki) by Hisashi Hayashi: build a house of 2x3 cards, score lines."""
from .actions import Draw, Place, Run, ScoreRun
from .components import TYPE_NAMES, TYPES, Card, Deck, default_deck, load_deck
from .house import House, Placed
from .rules import INFO, RULES, SamuraiGardenerRules
from .state import Pending, SamuraiGardenerState

__all__ = [
    "Card", "Deck", "Draw", "House", "INFO", "Pending", "Place", "Placed", "RULES", "Run", "SamuraiGardenerRules",
    "SamuraiGardenerState", "ScoreRun", "TYPES", "TYPE_NAMES", "default_deck", "load_deck",
]
