"""Miyabi lessons: the rulebook's worked examples as steppable scenarios.

The rulebook's pictures are not in our copy, so each example is rebuilt as a position that
gives exactly the points the rulebook states. The ones about final scoring start at the last
turn of the game, so stepping once plays the move and the final scoring.
"""
from __future__ import annotations

from functools import lru_cache

import gardenkit

from ..games.miyabi.setups import position
from . import Scenario

GAME = "miyabi"


def _last_turn(gardens, display, column: str, **options):
    """Player 1's last turn of a 2-player game: player 2 has passed and only ``column``'s lantern field is empty."""
    return position(players=2, gardens={0: gardens}, display=display, round=6, to_move=0, passed=(1,),
                    lanterns={0: [c for c in "abcdef" if c != column]}, **options)


@lru_cache(maxsize=None)
def pagodas_start():
    """An empty garden; the display holds a straight triple with 3 pagodas in its middle square."""
    return position(players=2, display=[68, 1, 43, 90])


@lru_cache(maxsize=None)
def fish_start():
    """A later round: a straight triple of fish lies on layer 1 (3 fish on a3, green on b3 and c3)."""
    return position(players=2, gardens={0: ["71@a3"]}, display=[43, 2, 17, 60], round=2)


@lru_cache(maxsize=None)
def colorful_start():
    """27 objects in one group once the last azalea joins: column c full of triples, with d1 to d4 beside it."""
    garden = ["67@c1/180", "65@d1", "69@c2/180", "38@d2", "71@c3/180", "73@d3", "75@c4/180", "78@c5", "80@c6"]
    return _last_turn(garden, [17, 29], "d", colorful=True)


@lru_cache(maxsize=None)
def meadow_start():
    """Two rows of green already joined; the last tile adds a third: 6 empty green squares in one group."""
    return _last_turn(["65@a1", "69@a2"], [71, 30], "a", meadow=True)


@lru_cache(maxsize=None)
def seven_start():
    """Column a shows 7 objects; row 1 shows 6, one maple short."""
    return _last_turn(["65@a1", "66@e1", "38@a2", "43@a3"], [1, 30], "b", seven=True)


@lru_cache(maxsize=None)
def zen_start():
    """A boxwood Zen tile on b5 with three sides closed; a hole on e4 ringed by 4 objects."""
    garden = ["Z11@b5", "23@a5", "24@c5", "48@a4",
              "43@e3", "17@d4", "18@f4", "53@f5/180"]
    return position(players=2, gardens={0: garden}, display=[28, 2, 44, 61], zen_display=[9, 1, 5, 14, 16],
                    to_move=0, passed=(1,), round=2, zen=True)


def _scenario(id, title, text, start, moves, captions, rules):
    """A scenario whose chance steps (a Zen tile turned face up) are filled in with the seeded draw."""
    r = gardenkit.make(GAME)
    actions, caps, s = [], [], start
    for move, caption in zip(moves, captions):
        s = r.apply(s, move)
        actions.append(move)
        caps.append(caption)
        while r.current_player(s) is gardenkit.CHANCE:
            chance, _ = r.sample_chance(s)
            s = r.apply(s, chance)
            actions.append(str(chance))
            caps.append("A new Zen tile is turned face up, so five lie open again.")
    return Scenario(id, title, text, start, tuple(actions), tuple(caps), tuple(rules), game=GAME)


@lru_cache(maxsize=None)
def worked_examples() -> tuple[Scenario, ...]:
    return (
        _scenario(
            "pagodas", "Three pagodas on layer 1",
            "A straight triple whose middle square shows 3 pagodas goes straight onto the board.",
            pagodas_start(), ["68@b2"],
            ["3 pagodas x layer 1 = 3 points; a lantern goes above column b."],
            ["miyabi.score.placement", "miyabi.place.lantern"],
        ),
        _scenario(
            "fish", "Two fish on layer 2",
            "In a later round a double with 2 fish goes on top of the green squares of a tile placed before.",
            fish_start(), ["43@b3"],
            ["Both squares lie on height 1, so the tile is on layer 2: 2 fish x layer 2 = 4 points."],
            ["miyabi.score.placement", "miyabi.score.objects", "miyabi.place.layer"],
        ),
        _scenario(
            "colorful", "The Colorful Garden: a group of 27",
            "The last azalea of the game joins the group; the final scoring counts the largest group of objects.",
            colorful_start(), ["17@d4"],
            ["1 azalea x layer 1 = 1 point; the game ends, and the group of 27 objects scores 27."],
            ["miyabi.colorful.group"],
        ),
        _scenario(
            "meadow", "The Big Meadow: 6 green squares",
            "The last tile of the game adds two green squares to a meadow of four.",
            meadow_start(), ["71@a3"],
            ["3 fish x layer 1 = 3 points; the final scoring finds a meadow of 6 green squares: 6 x 2 = 12."],
            ["miyabi.meadow.group"],
        ),
        _scenario(
            "zen", "The Zen Garden: 4 and 5",
            "A boxwood Zen tile waits for its last neighbour; then an azalea Zen tile goes into a hole ringed by "
            "4 objects; then a maple Zen tile that is not surrounded yet.",
            zen_start(), ["28@b6", "Z9@e4", "Z1@a1"],
            ["1 stone x layer 1 = 1, and the boxwood Zen tile is now surrounded: 3 objects next to it + 1 = 4.",
             "1 for placing the azalea Zen tile, and it is surrounded at once: 4 objects next to it + 1 = 5.",
             "1 for placing the maple Zen tile; it is not surrounded, so that is all for now."],
            ["miyabi.zen.point", "miyabi.zen.surround", "miyabi.zen.next"],
        ),
        _scenario(
            "seven", "7!: two lines of exactly 7",
            "The last maple of the game goes on layer 2 in row 1, which then shows exactly 7 maples.",
            seven_start(), ["1@b1"],
            ["1 maple x layer 2 = 2 points; the final scoring finds row 1 and column a with exactly 7: 2 x 7 = 14."],
            ["miyabi.seven.lines"],
        ),
    )
