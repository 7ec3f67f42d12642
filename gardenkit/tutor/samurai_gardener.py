"""Samurai Gardener lessons: the rulebook's worked examples, quizzes and a position per rule.

The rulebook's pictures are not in our copy, so each worked example is rebuilt as a position
that produces exactly the lines and points the rulebook lists.
"""
from __future__ import annotations

from functools import lru_cache

from ..games.samurai_gardener.setups import position
from . import Quiz, Scenario

GAME = "samurai_gardener"


@lru_cache(maxsize=None)
def plus_eight_start():
    """The scoring example: covering two tatami squares makes lines of garden 4, pond 3, tatami 3: +8."""
    return position(
        houses=[[("GG", "FP", "FT", 0, 0), ("FF", "GP", "TT", 2, -2)], [("TT", "FG", "PF", 0, 0)]],
        lineup=[("GG", "PP", "TT"), ("FT", "TP", "GF")],
    )


@lru_cache(maxsize=None)
def specialist_start():
    """The specialist example: a pond column scores +1, a garden row finds no garden marker, no bonus."""
    return position(
        houses=[[("FT", "GT", "TF", 0, 0), ("TF", "FG", "PT", -2, 0)], [("TT", "FG", "PF", 0, 0)]],
        lineup=[("GP", "FP", "FP"), ("FT", "TP", "GF")],
        specialist=True,
        markers=["FTP", "FTPG"],
    )


@lru_cache(maxsize=None)
def protect_start():
    """A house with a row of three garden squares, which no card may cover."""
    return position(
        houses=[[("GG", "TF", "PT", 0, 0), ("GF", "FT", "TP", 2, 0)], [("TT", "FG", "PF", 0, 0)]],
        lineup=[("PP", "TG", "FF"), ("FT", "TP", "GF")],
    )


@lru_cache(maxsize=None)
def order_start():
    """Specialist rule, where order matters: markers pond and garden left, a card forms pond 4, pond 3 and garden 3."""
    return position(
        houses=[[("PP", "TF", "FG", 0, 1), ("FT", "TF", "FP", 1, -2)], [("TT", "FG", "PF", 0, 0)]],
        lineup=[("PP", "PT", "GG"), ("FT", "TP", "GF")],
        specialist=True,
        markers=["PG", "FTPG"],
    )


@lru_cache(maxsize=None)
def long_start():
    """A garden row of five that a sixth square would spoil."""
    return position(
        houses=[[("GG", "TF", "PT", 0, 0), ("GG", "FT", "TP", 2, 0), ("GT", "PF", "FT", 4, 0)], [("TT", "FG", "PF", 0, 0)]],
        lineup=[("GT", "FP", "TF"), ("GF", "FP", "TT")],
    )


def worked_examples() -> tuple[Scenario, ...]:
    s8 = plus_eight_start()
    sp = specialist_start()
    return (
        Scenario(
            id="scoring-plus-8",
            title="The rulebook's scoring example: +8",
            text=(
                "Player 1's house has two cards. The card they take shows garden, pond and tatami pairs. "
                "Laid over two tatami squares, it completes three lines at once."
            ),
            start=s8,
            actions=(f"{s8.lineup[0]}@2,0",),
            captions=(
                "Garden row of 4 (+2), pond row of 3 (+1), tatami row of 3 (+1), and three different "
                "types of line earn a +4 bonus: 8 points.",
            ),
            rules=("samurai_gardener.place.touch", "samurai_gardener.score.run", "samurai_gardener.score.all",
                   "samurai_gardener.score.bonus"),
            game=GAME,
        ),
        Scenario(
            id="specialist-plus-1",
            title="The rulebook's specialist example: +1",
            text=(
                "Specialist rule. Player 1 still has markers on floor, tatami and pond, but their garden "
                "marker is used up. The new card covers two squares of an earlier card."
            ),
            start=sp,
            actions=(f"{sp.lineup[0]}@1,1",),
            captions=(
                "The pond column of 3 scores +1 and spends the pond marker; the garden row of 3 scores "
                "nothing (no garden marker); only one type scored, so no bonus: 1 point.",
            ),
            rules=("samurai_gardener.specialist.marker", "samurai_gardener.specialist.spend",
                   "samurai_gardener.specialist.bonus"),
            game=GAME,
        ),
    )


def order_scenario() -> Scenario:
    """Not in the rulebook: a specialist turn where the order of scoring changes the result."""
    s = order_start()
    card = s.lineup[0]
    return Scenario(
        id="specialist-order",
        title="Specialist rule: choose the order",
        text=(
            "Player 1 has only the pond and garden markers left. The card forms a pond row of 4, "
            "a pond column of 3 and a garden row of 3. Score the garden line second, and the card "
            "empties and refills, so the second pond line scores too."
        ),
        start=s,
        actions=(f"{card}@2,1", "score pond 0,1-3,1", "score garden 1,3-3,3"),
        captions=(
            "The card is down; its three lines wait to be scored in the order you choose.",
            "Pond row of 4: +2, the pond marker goes; only the garden marker is left.",
            "Garden row of 3: +1, the last marker goes, all four come back; the pond column then scores +1; "
            "pond and garden scored: bonus +2.",
        ),
        rules=("samurai_gardener.specialist.order", "samurai_gardener.specialist.refill"),
        game=GAME,
    )


def quizzes() -> tuple[Quiz, ...]:
    s8, sp, lo = plus_eight_start(), specialist_start(), long_start()
    return (
        Quiz("q-plus-eight", "Player 1 lays the new card over the two tatami squares (top-left at 2,0). How many points?",
             s8, f"{s8.lineup[0]}@2,0", 8, ("samurai_gardener.score.run", "samurai_gardener.score.bonus"), game=GAME),
        Quiz("q-two-cards-left", "The other line-up card, turned 180 degrees, beside the house at 4,-2: how many points?",
             s8, f"{s8.lineup[1]}r@4,-2", 4, ("samurai_gardener.score.run",), game=GAME),
        Quiz("q-long-row", "The top row holds five garden squares. A card at 5,0 adds a sixth. How many points?",
             lo, f"{lo.lineup[0]}@5,0", 0, ("samurai_gardener.score.long",), game=GAME),
        Quiz("q-specialist", "Specialist rule, no garden marker: the card at 1,1 makes a pond column and a garden row. Points?",
             sp, f"{sp.lineup[0]}@1,1", 1, ("samurai_gardener.specialist.marker", "samurai_gardener.specialist.bonus"), game=GAME),
    )


def try_positions() -> dict:
    """rule id -> (position, what to try), for the small boards beside each rule."""
    s8, sp, pr, od, lo = plus_eight_start(), specialist_start(), protect_start(), order_start(), long_start()
    return {
        "samurai_gardener.place.touch": (pr, "Pick a card: every spot that overlaps or shares an edge is offered. Try a corner-only spot."),
        "samurai_gardener.place.upright": (s8, "Turn the card end over end with the turn control; sideways is never offered."),
        "samurai_gardener.place.protect": (pr, "The garden row of three along the top is protected: spots covering it are refused."),
        "samurai_gardener.score.run": (s8, "Find spots that make a line of 3, 4 or 5 of one type."),
        "samurai_gardener.score.long": (lo, "A sixth garden in the top row makes a line of 6: it scores nothing."),
        "samurai_gardener.score.all": (s8, "One card can form several lines; each one scores."),
        "samurai_gardener.score.bonus": (s8, "Lines of 2, 3 or 4 different types add a bonus of 2, 4 or 6."),
        "samurai_gardener.specialist.marker": (sp, "Garden marker gone: garden lines score nothing for now."),
        "samurai_gardener.specialist.order": (od, "Lines wait for you to choose their order; the order can change the points."),
    }
