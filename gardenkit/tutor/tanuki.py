"""Tanuki in the Garden lessons: the rulebook's dice example as a steppable scenario, lessons on
the Tanuki, crashes and loops, "how many Shiitake?" quizzes and a position for every rule.

Every position is built with the engine's own ``setups.position`` (and, where a roll has to have
happened already, the engine's ``apply``), so a lesson can never say something the rules do not
do. A quiz asks how many Shiitake one move earns (or costs) the player making it, which is what
``check_quiz`` checks: the ``points`` of the engine's explanation.

Spaces are named by their blue and gold numbers (``b3g4``: blue 3, the third column from the
left; gold 4, the fourth row from the top); the board's sides are 1 top, 2 right, 3 bottom,
4 left; a space's path ends are A-H clockwise from its top-left corner.

>>> from gardenkit.tutor import check_quiz
>>> quiz = quizzes()[0]
>>> check_quiz(quiz, quiz.answer).correct, check_quiz(quiz, quiz.answer + 1).message
(True, 'Not quite: 4 is too high; it scores 3.')
"""
from __future__ import annotations

from functools import lru_cache

import gardenkit

from ..games.tanuki.setups import position
from . import Positions, Quiz, Scenario, TryCaption

GAME = "tanuki"

# Two monks out of everybody's way, on start places, for the lessons about the Tanuki.
APART = {0: "b3g1 side 1", 1: "b6g3 side 2"}




#: the hand tile each try board starts with picked (the one its caption names)
PICKS = {
    "tanuki.board.edge": "34", "tanuki.tile.play": "34", "tanuki.tile.first_symbols": "34", "tanuki.move.order": "34",
    "tanuki.move.shiitake": "34", "tanuki.move.stash": "34", "tanuki.move.den": "34", "tanuki.move.ashi_active": "45",
    "tanuki.move.ashi_other": "45", "tanuki.crash.meet": "34", "tanuki.crash.loop": "2", "tanuki.crash.bonus": "34",
    "tanuki.draw.refill": "34", "tanuki.pay.floor": "34", "tanuki.end.target": "34", "tanuki.end.winner": "34",
    "tanuki.end.tie": "34", "tanuki.gm.basket": "34",
}


def _rules():
    return gardenkit.make(GAME)


def _rolled(state, roll: str):
    """``state`` (a turn about to roll) once the dice show ``roll``: what a lesson sets instead of
    rolling ("what if blue rolled 4?")."""
    return _rules().apply(state, roll)


def _scenario(id, title, text, start, actions, captions, rules, from_book=False):
    return Scenario(id, title, text, start, tuple(actions), tuple(captions), tuple(rules), game=GAME,
                    from_book=from_book)


# ----- the rulebook's dice example --------------------------------------------------------------------
@lru_cache(maxsize=None)
def book_before_roll():
    """The rulebook's dice example, just before the roll. Its diagrams are not in the text we have,
    so the Tanuki stand where the example works: blue on b3g3, gold on b5g5, two spaces from the
    bottom edge and two from the right one. Player 1's monk waits on the top edge (b3g1), player
    2's on the right edge (b6g3)."""
    return position(tanuki=("b3g3", "b5g5"), monks=APART, hands={0: (34, 12, 17)}, stage="roll")


@lru_cache(maxsize=None)
def book_start():
    """The dice show blue 4 and gold 5. The blue Tanuki has walked one space toward side 4 (its own
    die, 4, gives the side; the gold die, 5, is odd: one space). The gold Tanuki's own die shows 5,
    so player 1 chooses its side; the blue die, 4, is even: two spaces."""
    return _rolled(book_before_roll(), "roll blue 4 gold 5")


@lru_cache(maxsize=None)
def worked_examples() -> tuple[Scenario, ...]:
    """The rulebook's example: blue 4, gold 5, and the gold Tanuki sent off the board.

    By hand: gold stands on b5g5 and walks two spaces. Toward side 1 it ends on b5g3, toward 4 on
    b3g5 (0 each); toward 2 it leaves over the right edge, toward 3 over the bottom edge: the roller
    earns 1. The next player's roll (blue 2, gold 6) puts gold back on b2g6 instead of moving it,
    while blue walks on: side 2, two spaces (gold 6 is even), from b2g3 to b4g3.
    """
    return (
        _scenario(
            "book-dice", "The dice show blue 4 and gold 5",
            "The rulebook's example roll. The blue Tanuki has already walked: its own die says side 4 (left), "
            "and the gold die is odd, so one space, from b3g3 to b2g3. The gold die shows 5: the roller "
            "chooses where the gold Tanuki goes, and the blue die is even, so it walks two spaces.",
            book_start(),
            ["gold toward 3", "34@b3g1 from A", "draw 4", "roll blue 2 gold 6"],
            ["Player 1 sends the gold Tanuki down: through b5g6 and over the bottom edge. A Tanuki walked off "
             "the board earns its roller 1 Shiitake. (Side 2 would do the same over the right edge; sides 1 "
             "and 4 keep it on the board and earn nothing.)",
             "Player 1 lays a tile in front of their monk and walks onto it. It is the monk's first move, so "
             "the Shiitake on the starting space counts for nothing.",
             "Player 1 draws back up to three tiles, and the turn passes to player 2.",
             "Player 2 rolls blue 2, gold 6. The gold Tanuki is off the board, so instead of moving it comes "
             "back on the space the dice name, blue 2 gold 6. The blue Tanuki walks two spaces toward side 2."],
            ["tanuki.tanuki.roll", "tanuki.tanuki.direction", "tanuki.tanuki.choose", "tanuki.tanuki.distance",
             "tanuki.tanuki.off", "tanuki.tanuki.place", "tanuki.tile.first_symbols"], True,
        ),
    )


# ----- the Tanuki -------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def prowl_start():
    """Three players; the dice show blue 6 (the blue Tanuki stays on b1g3) and gold 5 (player 1, the
    roller, picks gold's side; blue 6 is even: two spaces from b3g3).

    By hand: toward 1 gold passes b3g2, where player 2's monk stands on tile 34 (-1 for them, left
    there as a stash), and ends on the empty b3g1. Toward 2 it lands on b5g3, player 3's monk's
    tile: -3 for them, and gold leaves the board with no reward. Toward 3 it eats tile 17 on b3g4
    and tile 1 on b3g5 (no monk on either; b3g5's stash of 2 goes back to the supply). Toward 4 it
    ends on b1g3 beside the blue one: every player pays 2.
    """
    s = position(3, tanuki=("b1g3", "b3g3"), monks={0: "b6g6 side 2", 1: "b3g1 F", 2: "b5g4 A"},
                 tiles={"b3g2": (34, 0), "b5g3": (12, 0), "b3g4": (17, 0), "b3g5": (1, 0)}, stash={"b3g5": 2},
                 shiitake={0: 3, 1: 4, 2: 5}, stage="roll")
    return _rolled(s, "roll blue 6 gold 5")


@lru_cache(maxsize=None)
def both_off_start():
    """The dice show blue 5 and gold 4. Gold's own die says side 4 and blue's 5 is odd: one step, off
    the left edge from b1g4. Blue is player 1's to steer, two spaces (gold 4 is even) from b2g2:
    toward side 1 or 4 it leaves the board too, and both off in one roll earn 1 + 1 + 1 = 3."""
    s = position(tanuki=("b2g2", "b1g4"), monks=APART, stage="roll")
    return _rolled(s, "roll blue 5 gold 4")


@lru_cache(maxsize=None)
def blocked_start():
    """A Tanuki sits on b3g2, the space in front of player 1's monk. Player 1 holds 3 Shiitake."""
    return position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}, tanuki=("b3g2", None),
                    shiitake={0: 3})


@lru_cache(maxsize=None)
def tanuki_lessons() -> tuple[Scenario, ...]:
    """What a walking Tanuki does: the same roll four ways (pass, land, eat, together), both off the
    board in one roll, and a Tanuki chased from the space where you must lay your tile."""
    prowl = ("Three players. The dice show blue 6, so the blue Tanuki stays on b1g3, and gold 5, so player 1 "
             "steers the gold Tanuki; the blue die is even, so it walks two spaces from b3g3. Each side "
             "gives a different story: click the others to compare.")
    rules = ["tanuki.tanuki.choose", "tanuki.tanuki.distance"]
    return (
        _scenario(
            "tanuki-pass", "Walking through a monk", prowl, prowl_start(), ["gold toward 1"],
            ["Up: the gold Tanuki walks through b3g2, where player 2's monk stands, and takes 1 Shiitake from "
             "them. It is not gone: it lies on that tile as a stash for the next monk to walk in. Then it stops "
             "on the empty b3g1."],
            rules + ["tanuki.tanuki.pass"],
        ),
        _scenario(
            "tanuki-land", "Landing on a monk", prowl, prowl_start(), ["gold toward 2"],
            ["Right: the gold Tanuki ends its walk on b5g3, player 3's tile. Player 3 loses 3 Shiitake, left "
             "on the tile as a stash, and the Tanuki leaves the board. The roller earns nothing for that."],
            rules + ["tanuki.tanuki.land"],
        ),
        _scenario(
            "tanuki-eat", "Eating tiles", prowl, prowl_start(), ["gold toward 3"],
            ["Down: no monk stands on b3g4 or b3g5, so the Tanuki takes both tiles away as it goes. The 2 "
             "Shiitake stashed on b3g5 go back to the supply. Paths that ran through those spaces are broken."],
            rules + ["tanuki.tanuki.eat"],
        ),
        _scenario(
            "tanuki-together", "Both Tanuki on one space", prowl, prowl_start(), ["gold toward 4"],
            ["Left: the gold Tanuki ends on b1g3, where the blue one already is. Two Tanuki together cost "
             "every player 2 Shiitake, the roller included."],
            rules + ["tanuki.tanuki.together"],
        ),
        _scenario(
            "tanuki-both-off", "Both Tanuki off the board in one roll",
            "The dice show blue 5 and gold 4. The gold Tanuki has walked one space toward side 4, off the left "
            "edge. Player 1 steers the blue one, two spaces from b2g2.",
            both_off_start(), ["blue toward 1"],
            ["Up and over the top edge. Both Tanuki left the board on one roll: 1 Shiitake each and 1 more, "
             "3 in all."],
            ["tanuki.tanuki.off", "tanuki.tanuki.choose"],
        ),
        _scenario(
            "tanuki-block", "A Tanuki in the way",
            "After the roll a Tanuki sits on b3g2, the very space where player 1 has to lay a tile.",
            blocked_start(), ["chase", "34@b3g2"],
            ["Player 1 pays 2 Shiitake to chase it away (they go back to the supply, and chasing earns no "
             "reward). Without 2 Shiitake, or unwilling to pay, player 1 would lay no tile this turn.",
             "Now the space is free: player 1 lays a tile and walks up its straight path, gathering a Shiitake."],
            ["tanuki.tanuki.block", "tanuki.tile.play"],
        ),
    )


# ----- crashes and loops --------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def face_to_face_start():
    """Player 1's monk faces b3g2 from above (end A), player 2's from below (end F). Tile 34 joins A
    and F with a straight Shiitake path: the two monks walk into each other."""
    return position(monks={0: "b3g2 A", 1: "b3g2 F"}, hands={0: (34, 45, 33)}, shiitake={0: 7, 1: 3})


@lru_cache(maxsize=None)
def three_way_start():
    """Three monks round b3g2: player 1 on its left (end H), player 2 above (A), player 3 below (F).
    Tile 34's straight paths take player 1 across and players 2 and 3 into each other."""
    return position(3, monks={0: "b3g2 H", 1: "b3g2 A", 2: "b3g2 F"}, hands={0: (34, 12, 17)},
                    shiitake={1: 6, 2: 2})


@lru_cache(maxsize=None)
def loop_start():
    """Tile 1 lies on b3g1 (its bottom ends E and F are joined); player 1's monk faces b3g2 from above
    with tile 2, whose top ends A and B are joined: together the two make a circle."""
    return position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (2, 3, 4)}, tiles={"b3g1": (1, 0)},
                    shiitake={0: 7})


@lru_cache(maxsize=None)
def others_loop_start():
    """The same circle, but it is player 2's monk that faces b3g2 from above; player 1 faces it from
    the left (end H) and lays the tile."""
    return position(monks={0: "b3g2 H", 1: "b3g2 A"}, hands={0: (2, 3, 4)}, tiles={"b3g1": (1, 0)},
                    shiitake={1: 5})


@lru_cache(maxsize=None)
def crash_lessons() -> tuple[Scenario, ...]:
    """Crashes, loops and starting again.

    By hand: face to face, player 1 gathers b3g2's Shiitake (+1) and pays 5 (holding 8): -4; player
    2 pays 3, all they have. Three-way: player 1 walks across (C-H Shiitake, +1), players 2 and 3
    meet on the A-F path and pay 5 each (6 -> 1, 2 -> 0); player 1 earns 2 for each: +5 in all.
    The loop: player 1 pays 5 of 7 and gathers nothing. Player 2's loop: player 2 pays 5 (all they
    have); player 1 earns 2 and walks tile 2's Den path from the left (holding nothing, pays 0).
    """
    return (
        _scenario(
            "crash-meet", "Face to face",
            "Player 1's monk waits above b3g2, player 2's below it. Player 1 lays tile 34 straight: one path "
            "joins the two monks.",
            face_to_face_start(), ["34@b3g2", "start b2g1 side 1", "wait"],
            ["Player 1 walks down, picks up the Shiitake on the way and runs into player 2's monk. Both pay 5 "
             "(player 2 has only 3, so pays 3) and both monks leave the board.",
             "Player 1 starts again at once, from an edge place with no tile in front of it.",
             "Player 2 would rather wait: their monk comes back at the start of their own next turn."],
            ["tanuki.crash.meet", "tanuki.crash.restart", "tanuki.pay.floor"],
        ),
        _scenario(
            "crash-bonus", "Sending two other monks into each other",
            "Three players. Player 1 faces b3g2 from the left; players 2 and 3 face it from above and below.",
            three_way_start(), ["34@b3g2", "wait", "wait"],
            ["Player 1's monk walks straight across (+1). Players 2 and 3 walk into each other and pay 5 each. "
             "Player 1 caused it and was not in it: 2 Shiitake for each monk sent back, +4.",
             "Player 2 chooses to wait for their next turn to come back.",
             "So does player 3."],
            ["tanuki.crash.bonus", "tanuki.crash.meet", "tanuki.crash.restart"],
        ),
        _scenario(
            "crash-loop", "A loop",
            "Tile 1 on b3g1 has a path that bends back down along its bottom edge. Player 1 holds a tile whose "
            "top two ends are joined, and faces b3g2 from above.",
            loop_start(), ["2@b3g2", "start b5g1 side 1"],
            ["Laid unturned, tile 2's path bends up into b3g1, whose path bends straight back down: the monk's "
             "path runs round for ever. A monk in a loop pays 5, gathers nothing on the circle, and leaves "
             "the board.",
             "It starts again from a free edge place."],
            ["tanuki.crash.loop", "tanuki.crash.restart"],
        ),
        _scenario(
            "crash-others-loop", "Someone else's loop",
            "The same circle, but now player 2's monk is the one above b3g2, and player 1 lays the tile from the "
            "left.",
            others_loop_start(), ["2@b3g2", "wait"],
            ["Player 2's path becomes a circle: they pay 5 and leave the board. Player 1 laid the tile and was "
             "not in the loop, so earns 2 (their own monk walks a Tanuki Den, but has nothing to pay).",
             "Player 2 waits for their own turn to come back."],
            ["tanuki.crash.loop", "tanuki.crash.bonus"],
        ),
    )


# ----- positions for quizzes and try boards ----------------------------------------------------------
@lru_cache(maxsize=None)
def fresh_setup():
    """A new 2-player game (seed 7): tiles dealt, both Tanuki placed by dice, player 1 to pick a start
    place on the edge."""
    rules = _rules()
    s = rules.initial_state(players=2, seed=7)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    return s


@lru_cache(maxsize=None)
def second_start():
    """The same game once player 1 has taken the top of column 3 (b3g1 side 1)."""
    return _rules().apply(fresh_setup(), "start b3g1 side 1")


@lru_cache(maxsize=None)
def lay_start():
    """Player 1's monk faces b3g2 from above; hand: tiles 34, 12 and 17."""
    return position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)})


@lru_cache(maxsize=None)
def first_move_start():
    """Player 1's monk still on its start place above b3g1; hand: tiles 34, 12 and 17."""
    return position(monks={0: "b3g1 side 1", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)})


@lru_cache(maxsize=None)
def first_symbols_start():
    """As above, with tile 12 (turned 270: a straight A-F Shiitake path) already on b3g2."""
    return position(monks={0: "b3g1 side 1", 1: "b6g6 side 2"}, hands={0: (34, 45, 17)},
                    tiles={"b3g2": (12, 270)})


@lru_cache(maxsize=None)
def enter_start():
    """Player 1's monk is still on its start place, but player 2 laid tile 34 in front of it."""
    return position(monks={0: "b3g1 side 1", 1: "b6g6 side 2"}, hands={0: (12, 45, 17)}, tiles={"b3g1": (34, 0)})


@lru_cache(maxsize=None)
def wrap_start():
    """Player 1's monk faces b3g1 from below (end F); tile 12 turned 270 (straight up, a Shiitake) lies on
    b3g6 at the bottom of the same column."""
    return position(hands={0: (34, 1, 2)}, monks={0: "b3g1 F", 1: "b6g3 side 2"}, tiles={"b3g6": (12, 270)})


@lru_cache(maxsize=None)
def shiitake_start():
    """Straight Shiitake paths already lie on b3g3 and b3g4, below the space player 1's monk faces."""
    return position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)},
                    tiles={"b3g3": (12, 270), "b3g4": (17, 180)})


@lru_cache(maxsize=None)
def stash_start():
    """Tile 11 turned 270 on b3g3 (a straight Tanuki Den path) carries a stash of 3."""
    return position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)}, tiles={"b3g3": (11, 270)},
                    stash={"b3g3": 3})


@lru_cache(maxsize=None)
def den_start():
    """Player 1 holds 2 Shiitake; tile 34 turned 90 puts its Tanuki Den on the straight path down."""
    return position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)}, shiitake={0: 2})


@lru_cache(maxsize=None)
def broke_start():
    """The same, but player 1 holds nothing."""
    return position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)})


@lru_cache(maxsize=None)
def ashi_start():
    """Tile 53 turned 180 on b3g3 has an Ashi-magari on its straight path down; so has tile 45 turned 270."""
    return position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (45, 34, 33)}, tiles={"b3g3": (53, 180)})


@lru_cache(maxsize=None)
def ashi_other_start():
    """Player 1 faces b3g2 from the left, player 2 from above; the path down (with tile 45 turned 270)
    crosses two Ashi-magari."""
    return position(monks={0: "b3g2 H", 1: "b3g2 A"}, hands={0: (45, 34, 33), 1: (1, 2, 3)},
                    tiles={"b3g3": (53, 180)})


@lru_cache(maxsize=None)
def order_start():
    """Three monks round b3g2: player 1 at its upper left end (H), player 2 at its lower left end (G),
    player 3 at its top left end (A). Tile 34 unturned gives each a straight path: player 1 across on
    a Shiitake, player 2 across on the Tanuki Den, player 3 down on a Shiitake."""
    return position(3, monks={0: "b3g2 H", 1: "b3g2 G", 2: "b3g2 A"}, hands={0: (34, 12, 17)}, shiitake={1: 1})


@lru_cache(maxsize=None)
def restart_start():
    """Player 1's monk left the board after a crash and waited: its turn starts by bringing it back.
    Tiles lie in front of the edge places b1g1 and b2g1."""
    return position(monks={0: None, 1: "b6g6 side 2"}, tiles={"b1g1": (1, 0), "b2g1": (2, 0)}, stage="roll")


@lru_cache(maxsize=None)
def empty_hand_start():
    """Player 1 starts the turn with no tile (Ashi-magari kept them from drawing). The dice show blue 5,
    gold 6: the gold Tanuki stays, player 1 steers the blue one two spaces."""
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: ()}, tanuki=("b3g4", "b5g5"), stage="roll")
    return _rolled(s, "roll blue 5 gold 6")


@lru_cache(maxsize=None)
def target_start(others: tuple = (0,)):
    """Player 1 holds 14 Shiitake and a Shiitake path in front; ``others``: what the others hold."""
    players = len(others) + 1
    monks = {0: "b3g2 A", 1: "b6g6 side 2", 2: "b1g5 side 4"}
    return position(players, monks={p: monks[p] for p in range(players)}, hands={0: (34, 45, 33)},
                    shiitake={0: 14, **{p + 1: v for p, v in enumerate(others)}})


@lru_cache(maxsize=None)
def direction_start():
    """Blue shows 5 and gold 6: the gold Tanuki stays put on b5g5; player 1 steers the blue one from b3g3,
    two spaces (6 is even)."""
    return _rolled(position(tanuki=("b3g3", "b5g5"), monks=APART, stage="roll"), "roll blue 5 gold 6")


@lru_cache(maxsize=None)
def distance_start():
    """Blue shows 5 and gold 3: player 1 steers the blue Tanuki from b3g3, one space only (3 is odd).
    Then the gold Tanuki walks by its own die, 3: toward side 3, one space (blue's 5 is odd)."""
    return _rolled(position(tanuki=("b3g3", "b5g2"), monks=APART, stage="roll"), "roll blue 5 gold 3")


@lru_cache(maxsize=None)
def place_start():
    """The blue Tanuki was off the board; the dice show blue 3, gold 5: blue comes back on b3g5
    (placed, it does not also walk); player 1 steers gold one space (blue 3 is odd)."""
    return _rolled(position(tanuki=(None, "b4g2"), monks=APART, stage="roll"), "roll blue 3 gold 5")


# Garden Master ----------------------------------------------------------------------------------------
def _gm(players: int = 2, **kw):
    kw.setdefault("monks", {0: "b3g2 A", 1: "b6g6 side 2", 2: "b1g5 side 4"} if players == 3 else
                  {0: "b3g2 A", 1: "b6g6 side 2"})
    return position(players, garden_master=True, **kw)


@lru_cache(maxsize=None)
def buy_start():
    """Player 1's turn ends: 3 Shiitake in hand, a Garden Master card costs 2."""
    return _gm(stage="buy", shiitake={0: 3})


@lru_cache(maxsize=None)
def gm_card_start(card: str, stage: str = "tile"):
    """Player 1 holds ``card`` (and tiles 34, 12, 17), at ``stage``: "pre" (before the roll) or "tile"."""
    return _gm(stage=stage, hands={0: (34, 12, 17)}, cards={0: (card,)}, tanuki=("b4g4", "b5g5"))


@lru_cache(maxsize=None)
def harvest_start():
    """Player 1 holds Bountiful Harvest; below b3g2, b3g3 has a straight Shiitake path and a stash of 2."""
    return _gm(hands={0: (34, 17, 45)}, tiles={"b3g3": (12, 270)}, stash={"b3g3": 2}, cards={0: ("harvest",)})


@lru_cache(maxsize=None)
def react_start():
    """Player 2 rolled blue 3, gold 1: the blue Tanuki is about to land on player 1's monk (standing on
    tile 34 on b3g3). Player 1 holds a Tanuki Repellant and 5 Shiitake."""
    s = _gm(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll", tanuki=("b3g2", "b6g1"),
            cards={0: ("repellant",)}, shiitake={0: 5}, active=1)
    return _rolled(s, "roll blue 3 gold 1")


@lru_cache(maxsize=None)
def counter_start():
    """Three players: player 1 plays Pilfer Shiitake on players 2 and 3; player 2 holds The Best Offense."""
    s = _gm(3, stage="pre", monks={0: "b1g1 side 4", 1: "b6g6 side 2", 2: "b3g1 side 1"},
            cards={0: ("pilfer",), 1: ("offense",)}, shiitake={1: 2, 2: 2})
    return _rules().apply(s, "play pilfer: 2 3")


@lru_cache(maxsize=None)
def pilfer_start():
    """Three players, before the roll: player 1 holds Pilfer Shiitake; players 2 and 3 hold 2 each."""
    return _gm(3, stage="pre", monks={0: "b1g1 side 4", 1: "b6g6 side 2", 2: "b3g1 side 1"},
               cards={0: ("pilfer",)}, shiitake={1: 2, 2: 2})


@lru_cache(maxsize=None)
def robber_start():
    """Played, not set: player 2 lays tile 34 on b3g2 and walks its left-to-right path, which becomes
    their walked path (a trail). Then player 1's turn: no card before the roll, the dice show 6 and 6
    (neither Tanuki moves), and player 1, facing b3g3 from below, holds Shiitake Robber."""
    rules = _rules()
    s = _gm(monks={0: "b3g3 F", 1: "b3g2 H"}, hands={0: (17, 12, 45), 1: (34, 1, 2)}, active=1,
            cards={0: ("robber",)}, shiitake={1: 5}, tanuki=("b6g6", "b6g5"))
    s = rules.apply(s, "34@b3g2")
    while s.active == 1:
        s = rules.step_chance(s) if rules.current_player(s) is gardenkit.CHANCE else rules.apply(s, "end turn")
    return rules.apply(rules.apply(s, "go"), "roll blue 6 gold 6")


@lru_cache(maxsize=None)
def trap_start():
    """Player 1's monk stands on tile 34 on b3g3 (facing b3g4); the blue Tanuki is on b3g1. Before the
    roll, player 1 holds a Tanuki Trap."""
    return _gm(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="pre",
               tanuki=("b3g1", "b6g1"), cards={0: ("trap",)})


@lru_cache(maxsize=None)
def bait_start():
    """Player 2's monk stands on tile 1 on b5g4; player 1 holds Tanuki Bait, before the roll."""
    return _gm(monks={0: "b3g2 A", 1: "b5g5 A"}, tiles={"b5g4": (1, 0)}, cards={0: ("bait",)}, stage="pre")


@lru_cache(maxsize=None)
def clear_start():
    """Tiles on b1g1 and b2g2 (with a stash of 1) and a rock garden on b5g5; player 1 holds Clear the Path."""
    return _gm(tiles={"b1g1": (1, 0), "b2g2": (2, 0)}, rocks=("b5g5",), cards={0: ("clear",)}, stash={"b2g2": 1},
               hands={0: (34, 12, 17)})


@lru_cache(maxsize=None)
def shift_start():
    """Tile 1 lies on b5g4; player 1 holds Shifting Paths."""
    return _gm(tiles={"b5g4": (1, 0)}, cards={0: ("shift",)}, hands={0: (34, 12, 17)})


@lru_cache(maxsize=None)
def rock_start():
    """Player 2's monk stands on tile 2 on b5g4, facing b5g5; tile 1 lies on b4g4 with a stash of 2;
    player 1 holds Rock Garden."""
    return _gm(monks={0: "b3g2 A", 1: "b5g5 A"}, tiles={"b4g4": (1, 0), "b5g4": (2, 0)}, stash={"b4g4": 2},
               cards={0: ("rock",)}, hands={0: (34, 12, 17)})


# ----- "how many Shiitake?" ------------------------------------------------------------------------------
def quizzes() -> tuple[Quiz, ...]:
    """'How many Shiitake?' questions; each answer is worked out by hand in the comment beside it.
    The answer is what the move changes for the player making it (a loss is negative)."""
    return (
        # b3g2 (tile 34, A-F Shiitake), b3g3 (12/270, A-F Shiitake), b3g4 (17/180, A-F Shiitake): 3.
        Quiz("q-three-in-a-row", "Player 1 lays tile 34 unturned on b3g2. Its straight path runs on through the "
             "tiles below. How many Shiitake does player 1 gain?", shiitake_start(), "34@b3g2", 3,
             ("tanuki.move.shiitake",), game=GAME),
        # The first move: b3g1's Shiitake counts nothing; b3g2's (12/270) counts: 1.
        Quiz("q-first-move", "Player 1's monk sets off for the first time: tile 34 on b3g1 from end A, then on "
             "into b3g2. How many Shiitake?", first_symbols_start(), "34@b3g1 from A", 1,
             ("tanuki.tile.first_symbols", "tanuki.move.shiitake"), game=GAME),
        # b3g2's Shiitake +1, the stash of 3 on b3g3 +3, b3g3's Den -1: 3.
        Quiz("q-stash", "b3g3 carries a stash of 3 Shiitake, and its path is a Tanuki Den. Player 1 lays tile 34 "
             "on b3g2 and walks down through it. How many Shiitake does player 1 end up with?", stash_start(),
             "34@b3g2", 3, ("tanuki.move.stash", "tanuki.move.den"), game=GAME),
        # Up b3g1, off the top, in at the bottom on b3g6: two Shiitake symbols, 2.
        Quiz("q-wrap", "Player 1 lays tile 34 on b3g1 and walks up, off the top edge. How many Shiitake?",
             wrap_start(), "34@b3g1", 2, ("tanuki.board.edge", "tanuki.move.shiitake"), game=GAME),
        # +1 for b3g2's Shiitake, then the crash: -5 (player 1 holds 8 by then): -4.
        Quiz("q-crash", "Player 1 holds 7 Shiitake and walks straight into player 2's monk on tile 34's Shiitake "
             "path. How many Shiitake does player 1 gain or lose?", face_to_face_start(), "34@b3g2", -4,
             ("tanuki.crash.meet",), game=GAME),
        # A loop: 5 paid, nothing gathered: -5.
        Quiz("q-loop", "Player 1 holds 7 Shiitake and lays tile 2 unturned on b3g2. How many Shiitake does it "
             "cost?", loop_start(), "2@b3g2", -5, ("tanuki.crash.loop",), game=GAME),
        # Across on C-H (Shiitake) +1; two other monks crash: 2 x 2 = +4; 5 in all.
        Quiz("q-bonus", "Player 1 lays tile 34 on b3g2, between three monks. How many Shiitake for player 1?",
             three_way_start(), "34@b3g2", 5, ("tanuki.crash.bonus",), game=GAME),
        # The den with nothing to pay: 0 (no total goes below zero).
        Quiz("q-empty-pockets", "Player 1 holds no Shiitake and lays tile 34 turned 90 on b3g2: the path down is "
             "a Tanuki Den. How many Shiitake does player 1 lose?", broke_start(), "34@b3g2/90", 0,
             ("tanuki.pay.floor", "tanuki.move.den"), game=GAME),
        # Both off in one roll: 1 + 1 + 1 = 3.
        Quiz("q-both-off", "The blue Tanuki will leave over the top edge if you send it up, and the gold one has "
             "already left. Steering blue up: how many Shiitake?", both_off_start(), "blue toward 1", 3,
             ("tanuki.tanuki.off",), game=GAME),
        # Both Tanuki on b1g3: every player pays 2; player 1 holds 3: -2.
        Quiz("q-together", "Sending the gold Tanuki toward side 4 puts it beside the blue one. How many Shiitake "
             "does that cost player 1?", prowl_start(), "gold toward 4", -2, ("tanuki.tanuki.together",),
             game=GAME),
        # Chasing the Tanuki off b3g2: -2.
        Quiz("q-chase", "A Tanuki blocks the space where you must lay your tile. Chasing it costs how many "
             "Shiitake?", blocked_start(), "chase", -2, ("tanuki.tanuki.block",), game=GAME),
        # Garden Master, Bountiful Harvest played: (b3g2 +1, stash 2, b3g3 +1) x 2 = 8.
        Quiz("q-harvest", "Garden Master: player 1 has played Bountiful Harvest. Laying tile 34 on b3g2 walks over "
             "two Shiitake and a stash of 2. How many Shiitake?", _rules().apply(harvest_start(), "play harvest"),
             "34@b3g2", 8, ("tanuki.gm.harvest",), game=GAME),
    )


# ----- a board per rule -----------------------------------------------------------------------------
def try_positions() -> Positions:
    """rule id -> (position, what to try), for the small boards beside each rule: every rule of
    the game and of Garden Master, each at a moment where a player decides something. The caption
    is a :class:`TryCaption`: where it names a tile of the hand, the board starts with it picked."""
    tries = {
        # set-up
        "tanuki.setup.tiles": lambda: (fresh_setup(), "Your three tiles are drawn under the board. Choose a start place "
                                       "on the edge to begin."),
        "tanuki.setup.supply": lambda: (fresh_setup(), "Everybody starts with no Shiitake; all 80 are in the supply. "
                                        "Choose a start place."),
        "tanuki.setup.tanuki": lambda: (fresh_setup(), "Both Tanuki stand where their rolls put them. Choose a start "
                                        "place; a Tanuki's space is no obstacle to it."),
        "tanuki.setup.start": lambda: (second_start(), "Player 1 took the top of column 3. As player 2, try the bottom "
                                       "of column 3 (refused: with the wrap it is the same spot) and any other edge place."),
        "tanuki.board.layout": lambda: (direction_start(), "Steer the blue Tanuki: side 1 is the top, 2 the right, 3 the "
                                        "bottom, 4 the left. Its space is named by its blue column and gold row."),
        "tanuki.board.edge": lambda: (wrap_start(), "Lay tile 34 on b3g1: the path goes up over the top edge and comes "
                                      "back in at the bottom of the same column."),
        # the Tanuki phase
        "tanuki.tanuki.roll": lambda: (book_start(), "The dice were rolled for you: blue 4, gold 5. Steer the gold "
                                       "Tanuki; the blue one has already walked."),
        "tanuki.tanuki.direction": lambda: (direction_start(), "Gold shows 6: it stays on b5g5. Blue shows 5: pick its "
                                            "side."),
        "tanuki.tanuki.choose": lambda: (book_start(), "Gold shows 5: pick any of the four sides and watch it walk two "
                                         "spaces."),
        "tanuki.tanuki.distance": lambda: (distance_start(), "Gold shows 3, an odd number: the blue Tanuki walks only one "
                                           "space, whichever side you pick."),
        "tanuki.tanuki.place": lambda: (place_start(), "Blue was off the board and was put back on b3g5 without walking. "
                                        "Steer gold one space."),
        "tanuki.tanuki.pass": lambda: (prowl_start(), "Send gold up (side 1): it walks through player 2's monk on b3g2."),
        "tanuki.tanuki.land": lambda: (prowl_start(), "Send gold right (side 2): it lands on player 3's monk."),
        "tanuki.tanuki.eat": lambda: (prowl_start(), "Send gold down (side 3): two tiles with no monk on them are eaten."),
        "tanuki.tanuki.off": lambda: (book_start(), "Send gold right or down: it leaves the board and you earn 1."),
        "tanuki.tanuki.together": lambda: (prowl_start(), "Send gold left (side 4): both Tanuki on b1g3, everyone pays 2."),
        "tanuki.tanuki.block": lambda: (blocked_start(), "A Tanuki sits where you must lay your tile: chase it for 2, or "
                                        "pass. A tile is refused until it has gone."),
        # laying a tile and walking
        "tanuki.tile.play": lambda: (lay_start(), "Pick a tile, turn it, and lay it on b3g2, in front of your monk. "
                                     "Anywhere else is refused."),
        "tanuki.tile.first": lambda: (first_move_start(), "Your monk is still on its start place: lay a tile on b3g1 and "
                                      "choose which of the two path ends it sets off by."),
        "tanuki.tile.first_symbols": lambda: (first_symbols_start(), "Lay tile 34 from end A: b3g1's Shiitake counts "
                                              "nothing on this first move, b3g2's counts."),
        "tanuki.tile.enter": lambda: (enter_start(), "Another tile already lies in front of you: enter it by A or B "
                                      "first, then lay your own tile."),
        "tanuki.move.order": lambda: (order_start(), "Lay tile 34 unturned: three monks walk, you first, then the others "
                                      "clockwise."),
        "tanuki.move.shiitake": lambda: (shiitake_start(), "Lay tile 34 unturned: three Shiitake in a row."),
        "tanuki.move.stash": lambda: (stash_start(), "Walk down into b3g3 and pick up its stash of 3, Den or not."),
        "tanuki.move.den": lambda: (den_start(), "Turn tile 34 by 90: its Tanuki Den comes onto your path."),
        "tanuki.move.ashi_active": lambda: (ashi_start(), "Lay tile 45 turned 270: two Ashi-magari, counted once. You "
                                            "draw no tiles at the end of this turn."),
        "tanuki.move.ashi_other": lambda: (ashi_other_start(), "Lay tile 45 turned 270: player 2's monk is pushed across "
                                           "the Ashi-magari and must discard a tile."),
        "tanuki.crash.meet": lambda: (face_to_face_start(), "Lay tile 34 unturned: the two monks run into each other."),
        "tanuki.crash.loop": lambda: (loop_start(), "Lay tile 2 unturned: a circle. Turn it first to find a safe way."),
        "tanuki.crash.restart": lambda: (restart_start(), "Bring your monk back: b1g1 and b2g1 have a tile in front and "
                                         "are refused while a free place is left."),
        "tanuki.crash.bonus": lambda: (three_way_start(), "Lay tile 34 unturned: players 2 and 3 crash, you earn 2 for "
                                       "each."),
        "tanuki.draw.refill": lambda: (lay_start(), "Lay any tile: at the end of your turn you draw back up to three."),
        "tanuki.draw.empty": lambda: (empty_hand_start(), "No tile in hand: steer the blue Tanuki; then you draw three "
                                      "and your turn ends."),
        "tanuki.pay.floor": lambda: (broke_start(), "Turn tile 34 by 90 and walk over its Tanuki Den with nothing to pay: "
                                     "you stay at 0."),
        "tanuki.end.target": lambda: (target_start((0,)), "You hold 14: gather one more Shiitake and the game ends with "
                                      "your turn."),
        "tanuki.end.winner": lambda: (target_start((17,)), "You can reach 15, but player 2 holds 17: ending the game "
                                      "hands them the win."),
        "tanuki.end.tie": lambda: (target_start((15, 3)), "Reach 15 and you tie with player 2: both of you play one more "
                                   "turn."),
        # Garden Master
        "tanuki.gm.buy": lambda: (buy_start(), "Your turn ends: buy the top Garden Master card for 2 Shiitake, or end "
                                  "the turn."),
        "tanuki.gm.timing": lambda: (gm_card_start("dens", "pre"), "Before the roll: play Avoid Tanuki Dens now, or go "
                                     "and keep it for later in the turn."),
        "tanuki.gm.worth": lambda: (gm_card_start("basket"), "Your Shiitake Basket counts 3 toward victory; a crash or a "
                                    "Den never takes it."),
        "tanuki.gm.react": lambda: (react_start(), "A Tanuki is about to land on your monk during player 2's turn: answer "
                                    "with your Repellant, or decline and lose 3."),
        "tanuki.gm.move": lambda: (gm_card_start("move", "pre"), "Play Move 1 Tanuki: one Tanuki, one space, your choice "
                                   "of side."),
        "tanuki.gm.fast": lambda: (gm_card_start("fast", "pre"), "Play Fast Tanuki before the roll: the Tanuki will walk "
                                   "further and hurt no monk."),
        "tanuki.gm.dens": lambda: (gm_card_start("dens"), "Play Avoid Tanuki Dens, then lay tile 34 turned 90: its Den "
                                   "costs nothing."),
        "tanuki.gm.ashi": lambda: (gm_card_start("ashi"), "Play Escape the Ashi-magari: Ashi-magari on your walk will not "
                                   "stop your draw."),
        "tanuki.gm.pilfer": lambda: (pilfer_start(), "Play Pilfer Shiitake on players 2 and 3: one from each, and one "
                                     "from the supply with three players."),
        "tanuki.gm.harvest": lambda: (harvest_start(), "Play Bountiful Harvest, then lay tile 34: everything gathered "
                                      "counts twice."),
        "tanuki.gm.robber": lambda: (robber_start(), "Play Shiitake Robber, then lay tile 17 turned 180: your walk "
                                     "crosses player 2's path, and they pay you 2."),
        "tanuki.gm.trap": lambda: (trap_start(), "Set a trap on your monk's space or one of the eight around it; a "
                                   "Tanuki that walks onto it is caught and you gain 3."),
        "tanuki.gm.repellant": lambda: (react_start(), "Play the Repellant: the Tanuki leaves the board and you gain 1."),
        "tanuki.gm.bait": lambda: (bait_start(), "Play Tanuki Bait: both Tanuki onto two empty spaces round player 2's "
                                   "monk."),
        "tanuki.gm.speed": lambda: (gm_card_start("speed"), "Play Speed Stroll, lay a tile, and lay a second one before "
                                    "you draw."),
        "tanuki.gm.clear": lambda: (clear_start(), "Play Clear the Path and take up to three tiles or rock gardens off "
                                    "the board, then say done."),
        "tanuki.gm.shift": lambda: (shift_start(), "Play Shifting Paths and turn the tile on b5g4."),
        "tanuki.gm.offense": lambda: (counter_start(), "Player 1 plays Pilfer Shiitake on you: cancel it with The Best "
                                      "Offense, or decline."),
        "tanuki.gm.rock": lambda: (rock_start(), "Play Rock Garden on b4g4 (its tile goes). b5g5, in front of player 2's "
                                   "monk, is refused."),
        "tanuki.gm.basket": lambda: (gm_card_start("basket"), "The Shiitake Basket is never played: try it and read why. "
                                     "Lay a tile instead."),
    }
    return Positions({rule: _with_pick(rule, build) for rule, build in tries.items()})


def _with_pick(rule: str, build):
    """``build``'s (position, text) with the text as a :class:`TryCaption` naming the rule's pick."""
    def built():
        state, text = build()
        return state, TryCaption(text, PICKS.get(rule))
    return built
