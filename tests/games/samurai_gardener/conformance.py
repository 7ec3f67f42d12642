"""Samurai Gardener's data for the shared conformance suite (``tests/test_conformance.py``)."""
import gardenkit
from gardenkit import CHANCE
from gardenkit.games.samurai_gardener import Place
from gardenkit.testing import random_game

SEEDED = {"players": 3, "options": {}}


def dealt(states):
    """What another seed changes: the houses three steps in (the starting cards dealt)."""
    return states[3].houses


def bad_setups(tmp_path):
    return [
        ({"players": 1}, "2-5 players"),
        ({"players": 6}, "2-5 players"),
        ({"players": "3"}, "integer"),
        ({"players": 3, "seed": "x"}, "seed"),
        ({"players": 3, "specialist": "yes"}, "specialist"),
        ({"players": 3, "colour": "red"}, "unknown option"),
    ]


def mid_game(rules):
    return random_game(rules, 2, 5)[20]


BAD_INPUTS = ["17@", "99@0,0", Place(999, 0, 0), "score lava 0,0-0,2", 3]


def errors(rules):
    s = random_game(rules, 2, 5)[20]
    assert rules.current_player(s) is not CHANCE
    return [
        (s, "apply", Place(next(iter(s.deck)), 0, 0), gardenkit.IllegalActionError, r"\[samurai_gardener\.round\.take\]"),
        (s, "apply", "put it somewhere nice", ValueError, "CARD@X,Y"),
        (s, "apply", object(), ValueError, "not a Samurai Gardener action"),
    ]


CHANCE_OUTCOMES = None


def chance_start(rules):
    return rules.initial_state(players=2, seed=3)


def playthroughs_cover(plays) -> bool:
    """The golden playthroughs hold the fewest and most players, and the specialist rule."""
    return {2, 5} <= {p.players for p in plays} and any(p.options.get("specialist") for p in plays)
