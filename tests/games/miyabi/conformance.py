"""Miyabi's data for the shared conformance suite (``tests/test_conformance.py``)."""
import gardenkit
from gardenkit import CHANCE
from gardenkit.games.miyabi import actions as act
from gardenkit.games.miyabi.setups import position
from gardenkit.testing import random_game

ALL = {"colorful": True, "meadow": True, "zen": True, "seven": True, "frog": True}
SEEDED = {"players": 3, "options": ALL}


def dealt(states):
    """What another seed changes: the displays (tiles and Zen tiles) of the first turn."""
    s = next(s for s in states if s.phase == "turn")
    return s.display, s.zen_display


def bad_setups(tmp_path):
    return [
        ({"players": 1}, "2"),
        ({"players": 5}, "4"),
        ({"players": "3"}, "integer"),
        ({"players": 3, "seed": "x"}, "seed"),
        ({"players": 3, "zen": "yes"}, "zen"),
        ({"players": 2, "start_player": 2}, "start_player"),
        ({"players": 3, "lanterns": 7}, "unknown option"),
        ({"players": 2, "components": str(tmp_path / "missing.json")}, "cannot read"),
    ]


def mid_game(rules):
    states = random_game(rules, 2, 5, ALL)
    return next(s for s in states[40:] if rules.current_player(s) not in (CHANCE, None) and s.phase == "turn")


BAD_INPUTS = ["17@", "999@a1", "17@g9", "17@c2/45", "Z99@a1", "frog z9", "reveal", act.Place(999, 0, 0),
              act.Place(True, 0, 0), act.Place(1, "a", 0), act.Frog(1.5, 0), act.PlaceZen(None, 0, 0), 3, None]


def errors(rules):
    s = position(display=[1, 28])
    return [
        (s, "apply", "1@a2", gardenkit.IllegalActionError, r"\[miyabi\.place\.row\]"),
        (s, "apply", "put it somewhere nice", ValueError, "17@c2/90"),
        (s, "apply", object(), ValueError, "not a Miyabi action"),
    ]


#: how many outcomes the chance node of :func:`chance_start` has (None: not checked)
CHANCE_OUTCOMES = 16


def chance_start(rules):
    return rules.initial_state(players=2, seed=3, zen=True)


def playthroughs_cover(plays) -> bool:
    """The golden playthroughs hold the base game and one with all five expansions."""
    return any(p.options == {} for p in plays) and any(all(p.options.get(e) for e in ALL) for p in plays)
