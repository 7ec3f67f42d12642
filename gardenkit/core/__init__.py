"""The contract every game follows: types, errors, seeded RNG, rules base, timeline."""
from .errors import IllegalActionError, MalformedInputError
from .rng import Rng
from .rules import GameRules, to_json
from .timeline import Timeline
from .types import CHANCE, Explanation, GameInfo, Line, Option, Outcome

__all__ = [
    "CHANCE", "Explanation", "GameInfo", "GameRules", "IllegalActionError", "Line",
    "MalformedInputError", "Option", "Outcome", "Rng", "Timeline", "to_json",
]
