"""Tang Garden's data for the shared conformance suite (``tests/test_conformance.py``)."""
import gardenkit
from gardenkit.testing import random_game

SEEDED = {"players": 2, "options": {}}


def dealt(states):
    """What another seed changes: the stacks' tops and the characters on view at the start."""
    s = next(s for s in states if not s.todo)  # the set-up's chance steps done
    return s.tops, s.char_shown


def bad_setups(tmp_path):
    return [
        ({"players": 0}, "1-4 players"),
        ({"players": 5}, "1-4 players"),
        ({"players": "3"}, "integer"),
        ({"players": 2, "seed": "x"}, "seed"),
        ({"players": 2, "solo": "yes"}, "bool"),
        ({"players": 2, "solo": True}, "one player"),
        ({"players": 2, "start_side": "c"}, "start_side"),
        ({"players": 2, "colour": 1}, "unknown option"),
        ({"players": 2, "components": str(tmp_path / "missing.json")}, "cannot read"),
    ]


def _a_build(rules):
    """A position where a garden tile may be built, and one such build."""
    for s in random_game(rules, 2, 11)[10:]:
        if isinstance(rules.current_player(s), int):
            builds = [str(a) for a in rules.legal_actions(s) if str(a).startswith("build")]
            if builds:
                return s, builds[0]
    raise AssertionError("no build in the seeded game")


def mid_game(rules):
    return _a_build(rules)[0]


BAD_INPUTS = ["build 999 c4 r0", "build 17 z9 r0", "build 17 c2 r45", "decorate please", "keep 99",
              "lantern nothing", 3, None]


def errors(rules):
    s, build = _a_build(rules)
    tile = build.split()[1]
    return [
        (s, "apply", "build 999 c4 r0", gardenkit.IllegalActionError, r"not face up.*\[tang_garden\.build\.stack\]"),
        (s, "apply", f"build {tile} a1 r0", gardenkit.IllegalActionError, r"touches no tile.*\[tang_garden\.build\.adjacent\]"),
        (s, "apply", "put it somewhere nice", ValueError, "build 17 c4 r90"),
        (s, "apply", object(), ValueError, "not a Tang Garden action"),
    ]


def playthroughs_cover(plays) -> bool:
    """The golden playthroughs hold every table size, 1 (the solo game) to 4."""
    return {p.players for p in plays} == {1, 2, 3, 4}
