"""Karesansui's data for the shared conformance suite (``tests/test_conformance.py``)."""
import gardenkit
from gardenkit.games.karesansui.actions import Bid, TurnIn
from gardenkit.games.karesansui.setups import position
from gardenkit.testing import random_game

#: the players and options of the seeded games that must replay alike (seed 11) and differ (seed 12)
SEEDED = {"players": 3, "options": {}}


def dealt(states):
    """What another seed changes: the gardens and piles of the first bidding."""
    s = next(s for s in states if s.phase == "bid")
    return s.gardens, s.piles


def bad_setups(tmp_path):
    """(``initial_state`` arguments, what the refusal says)."""
    return [
        ({"players": 2}, "3"),
        ({"players": 7}, "6"),
        ({"players": "3"}, "integer"),
        ({"players": 3, "start_player": 3}, "start_player"),
        ({"players": 3, "lanterns": 7}, "unknown option"),
        ({"players": 3, "components": str(tmp_path / "missing.json")}, "cannot read"),
    ]


def mid_game(rules):
    """A position a player acts in, some way into a game (a bidding with two bids standing)."""
    states = random_game(rules, 4, 5)
    return next(s for s in states[40:] if s.phase == "bid" and sum(b is not None for b in s.bids) >= 2)


#: what is no move there (notations, hand-made values, no action at all): refused, nothing changed
BAD_INPUTS = ["bid 9: nothing", "bid 0: nothing", "bid 1: X9", "bid 1: R", "turn in", "turn in R1 R1 R1",
              "draw R1", "pass please", Bid(0, ("R9",)), Bid("1", ()), Bid(0, "R1"), Bid(-1, ()),
              TurnIn(("K", "K", "K")), 3, None]


def errors(rules):
    """(position, the call, its input, the error raised, what it says): plain words naming the rule."""
    s = position(players=3, gardens={0: "R1 R2"}, piles=["R3 Y3", "G3 B3"], bids={0: (1, "Y1")})
    return [
        (s, "apply", "bid 1: R2", gardenkit.IllegalActionError, r"too high.*\[karesansui\.bid\.undercut\]"),
        (s, "apply", "take the nice rocks", ValueError, "bid 2: R1 Y2"),
        (s, "parse_action", "bid 1: R1 purple", ValueError, "is not a rock"),
        (s, "parse_action", "bid 0: R1", ValueError, "numbered from 1"),
    ]


def playthroughs_cover(plays) -> bool:
    """The golden playthroughs (``GAME.playthroughs``) span more than one table size."""
    return len(plays) >= 2 and len({p.players for p in plays}) >= 2
