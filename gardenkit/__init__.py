"""gardenkit: interactive rulebooks and tutors for garden-themed tabletop games.

>>> import gardenkit
>>> gardenkit.available_games()
('karesansui', 'miyabi', 'samurai_gardener')
>>> rules = gardenkit.make("samurai_gardener")
>>> rules.info.title, rules.info.min_players, rules.info.max_players
('Samurai Gardener', 2, 5)
"""
from .core import (
    CHANCE, Explanation, GameInfo, IllegalActionError, Line, MalformedInputError, Option, Outcome, Timeline,
)

__version__ = "0.1.0"

# game id -> "module:class"; games still to come are listed in the gallery, not here
_GAMES = {
    "karesansui": "gardenkit.games.karesansui:KaresansuiRules",
    "miyabi": "gardenkit.games.miyabi:MiyabiRules",
    "samurai_gardener": "gardenkit.games.samurai_gardener:SamuraiGardenerRules",
}
_made: dict = {}


def available_games() -> tuple[str, ...]:
    """The ids of the games this version can play."""
    return tuple(_GAMES)


def make(game_id: str):
    """The (stateless) rules object of a game."""
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise ValueError(f"unknown game {game_id!r}; available: {', '.join(_GAMES)}")
    if game_id not in _made:
        import importlib

        module, cls = _GAMES[game_id].split(":")
        _made[game_id] = getattr(importlib.import_module(module), cls)()
    return _made[game_id]


__all__ = [
    "CHANCE", "Explanation", "GameInfo", "IllegalActionError", "Line", "MalformedInputError", "Option", "Outcome",
    "Timeline", "available_games", "make",
]
