"""Tanuki in the Garden (George Jaros, 2015-2017), with the Garden Master expansion.

Registered as ``tanuki``: ``gardenkit.make("tanuki")``; its board and game view are in
``gardenkit.widgets.tanuki``, its lessons in ``gardenkit.tutor.tanuki``.
"""
from ...core.registry import GameEntry, Playthrough
from .actions import (
    ACTION_TYPES, BaitCard, Buy, Chase, Clear, Decline, Direction, Discard, Done, Draw, DrawCard, EndTurn, Enter, Go,
    MoveCard, Pass, PilferCard, Place, PlayCard, RockCard, Roll, ShiftCard, Start, TrapCard, Wait, parse,
)
from .components import Components, default_components, load_components
from .rules import TanukiRules
from .state import TanukiState

__all__ = [
    "ACTION_TYPES", "GAME", "BaitCard", "Buy", "Chase", "Clear", "Components", "Decline", "Direction", "Discard",
    "Done", "Draw", "DrawCard", "EndTurn", "Enter", "Go", "MoveCard", "Pass", "PilferCard", "Place", "PlayCard",
    "RockCard", "Roll", "ShiftCard", "Start", "TanukiRules", "TanukiState", "TrapCard", "Wait", "default_components",
    "load_components", "parse",
]

GAME = GameEntry(
    id="tanuki",
    rules="gardenkit.games.tanuki.rules:TanukiRules",
    board="gardenkit.widgets.tanuki:TanukiBoard",
    game_view="gardenkit.widgets.tanuki:TanukiGame",
    tutor="gardenkit.tutor.tanuki",
    render="gardenkit.render.tanuki",
    notebook="tanuki.ipynb",
    pitch="Lay path tiles and stroll your monk through the garden gathering Shiitake, while two Tanuki "
          "prowl about to steal them.",
    playthroughs=(
        Playthrough("tanuki-2p", 2, 1),
        Playthrough("tanuki-5p", 5, 2),
        Playthrough("tanuki-8p", 8, 3),
        Playthrough("tanuki-gm-3p", 3, 4, {"garden_master": True}),
        Playthrough("tanuki-gm-6p", 6, 5, {"garden_master": True}),
    ),
    picture="tanuki-dashboard.png",
)
