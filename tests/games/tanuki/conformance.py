"""Tanuki in the Garden's data for the shared conformance suite (``tests/test_conformance.py``)."""
from gardenkit.games.tanuki import Place
from gardenkit.games.tanuki.setups import position
from gardenkit.testing import random_game

SEEDED = {"players": 3, "options": {}}


def dealt(states):
    """What another seed changes: the hands dealt at the set-up."""
    return next(s for s in states if s.stage == "setup").hands


def bad_setups(tmp_path):
    return [
        ({"players": 1}, "2-8"), ({"players": 9}, "2-8"), ({"players": "3"}, "integer"),
        ({"players": 3, "start_player": 3}, "start_player"), ({"players": 3, "edge": "bounce"}, "edge"),
        ({"players": 3, "lanterns": 7}, "unknown option"), ({"players": 2, "short": 1}, "bool"),
        ({"players": 3, "components": str(tmp_path / "missing.json")}, "cannot read"),
    ]


def mid_game(rules):
    """A tile to lay, some way into a Garden Master game."""
    return next(x for x in random_game(rules, 4, 5, {"garden_master": True})[30:] if rules.decision(x) == "tile")


BAD_INPUTS = ["99@b3g3", "1@b9g9", "roll blue 7 gold 1", "draw 99", "start b3g3 side 1", "play basket",
              "play pilfer: 9", "blue toward 5", Place(1, 99, 0), Place("1", 0, 0), Place(1, 0, 0, 45), 3, None]


def errors(rules):
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)})
    return [
        (s, "apply", "34@b4g4", ValueError, r"space in front of your monk, b3g2.*\[tanuki\.tile\.play\]"),
        (s, "apply", "walk somewhere nice", ValueError, "12@b3g4/90"),
        (s, "parse_action", "34@b7g1", ValueError, "not a space"),
    ]


def playthroughs_cover(plays) -> bool:
    """The golden playthroughs hold 2, 5 and 8 players, and Garden Master."""
    return {2, 5, 8} <= {p.players for p in plays} and any(p.options.get("garden_master") for p in plays)
