"""The contract every game follows: types, errors, seeded RNG, rules base, timeline."""
from .errors import IllegalActionError, MalformedInputError
from .rng import Rng
from .rules import GameRules, to_json
from .timeline import Timeline
from .types import CHANCE, Cited, Effect, Explanation, GameInfo, Line, Option, Outcome, Refusal, Target
from .view import View

__all__ = [
    "CHANCE", "Cited", "Effect", "Explanation", "GameInfo", "GameRules", "IllegalActionError", "Line",
    "MalformedInputError", "Option", "Outcome", "Refusal", "Rng", "Target", "Timeline", "View", "to_json",
]
