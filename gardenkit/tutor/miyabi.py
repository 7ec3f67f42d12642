"""Miyabi lessons: the rulebook's worked examples as steppable scenarios, quizzes and a position per rule.

The rulebook's pictures are not in our copy, so each example is rebuilt as a position that
gives exactly the points the rulebook states. The ones about final scoring start at the last
turn of the game, so stepping once plays the move and the final scoring.

>>> from gardenkit.tutor import check_quiz
>>> quiz = quizzes()[0]
>>> check_quiz(quiz, quiz.answer).correct, check_quiz(quiz, quiz.answer + 1).message
(True, 'Not quite: 10 is too high; it scores 9.')
"""
from __future__ import annotations

from functools import lru_cache

import gardenkit

from ..games.miyabi.setups import position
from . import Quiz, Scenario, TryCaption

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


def _scenario(id, title, text, start, moves, captions, rules, from_book=True):
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
    return Scenario(id, title, text, start, tuple(actions), tuple(caps), tuple(rules), game=GAME, from_book=from_book)


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
            "4 objects (1 for placing it + 5 for being surrounded); then a maple Zen tile that is not surrounded yet.",
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


# ----- positions for quizzes and try boards ---------------------------------------------------------
# Squares: columns a-f (one lantern each), rows 1-6 from the top: maple, pagoda, fish, azalea,
# boxwood, stone. Tile ids: 1-32 singles, 33-64 doubles, 65-80 straight triples, 81-96 corner
# triples; a tile of n squares shows n objects on its object square.

@lru_cache(maxsize=None)
def pond_start():
    """A garden in round 3 with a pond two tiles high (a3-c3), four maples stacked on f1 and some open ground.

    a1 shows 3 maples (layer 1, b1 and c1 green); a3 shows 3 fish on layer 2 (b3 and c3 green);
    f1 shows 1 maple on layer 4; d2 shows 2 pagodas (e2 green); e6 shows 2 stones (f6 green).
    """
    return position(players=2, round=3,
                    gardens={0: ["65@a1", "71@a3", "73@a3", "1@f1", "2@f1", "3@f1", "4@f1", "38@d2", "59@e6"]},
                    display=[5, 11, 29, 49, 55, 72, 84])


@lru_cache(maxsize=None)
def pond_bonus_gone():
    """The same garden, but another player already took the maple bonus tile."""
    s = pond_start()
    return position(players=2, round=3, gardens={0: _notations(s)}, display=list(s.display),
                    bonuses=[k for k in s.components.kinds if k != "maple"])


def _notations(s, player: int = 0) -> list[str]:
    out = []
    for pc in s.gardens[player].pieces:
        x, y = pc.obj
        square = "abcdef"[x] + str(y + 1)
        out.append(f"Z{pc.tile}@{square}" if pc.zen else f"{pc.tile}@{square}" + (f"/{pc.rot}" if pc.rot else ""))
    return out


@lru_cache(maxsize=None)
def lantern_start():
    """Round 2, columns b and d already lit; the display has tiles of every shape."""
    return position(players=2, round=2, gardens={0: ["65@a1", "38@d2", "71@a3"]}, lanterns={0: "bd"},
                    display=[2, 6, 17, 44, 49, 55, 72, 84, 90])


@lru_cache(maxsize=None)
def green_start():
    """Only column a's lantern field is empty: green squares may still reach into lit columns."""
    return position(players=2, round=2, gardens={0: ["59@e6"]}, lanterns={0: "bcdef"}, display=[28, 34, 66, 67, 81, 82])


@lru_cache(maxsize=None)
def pass_start():
    """Only column f is open, and neither straight triple in the display fits it: pass is all that is left.

    f1 holds a single maple (height 1) while e1, d1, f2 and f3 are bare, so a straight triple with
    its object on f1 would lie across two heights whichever way it is turned.
    """
    return position(players=2, round=4, gardens={0: ["1@f1", "71@a3", "48@b4"]}, lanterns={0: "abcde"},
                    display=[65, 66])


@lru_cache(maxsize=None)
def zen_hole_start():
    """The Zen Garden: a hole on a6 with a tile above it (a5: 2 boxwood) and beside it (b6: 2 stones)."""
    return position(players=2, round=2, zen=True, gardens={0: ["65@a1", "53@a5", "59@b6"]},
                    display=[6, 28, 49, 60], zen_display=[1, 4, 9, 11, 14])


@lru_cache(maxsize=None)
def zen_waiting_start():
    """The Zen Garden: a pagoda Zen tile on d2 with tiles on three sides; e2 is still open."""
    return position(players=2, round=2, zen=True, gardens={0: ["Z4@d2", "1@d1", "38@b2", "43@d3"]},
                    display=[28, 39, 49, 60], zen_display=[1, 5, 9, 11, 14])


STAIRS = (
    "47@a3/90",                                  # a3: 2 fish; a4 green, layer 1
    "53@b5/270", "54@b5/270",                    # b5: 2 boxwood; b4 green, layer 2
    "55@c5/270", "56@c5/270", "57@c5/270",       # c5: 2 boxwood; c4 green, layer 3
    "43@d3/90", "44@d3/90", "45@d3/90", "46@d3/90",  # d3: 2 fish; d4 green, layer 4
    "17@e4", "18@e4", "19@e4", "20@e4",          # e4: 1 azalea on layer 4
)


@lru_cache(maxsize=None)
def frog_start(square: str = "a5", golden: bool = False):
    """The Frog: a staircase of green squares along row 4 (a4 on layer 1 up to d4 on layer 4), the frog on
    ``square``."""
    return position(players=2, round=2, frog=True, gardens={0: list(STAIRS)}, display=[1, 6, 28, 29, 30, 31],
                    frogs={0: (square, golden), 1: ("a1", False)}, passed=(1,))


@lru_cache(maxsize=None)
def frog_setup_start():
    """The Frog, before the first turn: each player puts their frog on a square."""
    return position(players=2, round=1, frog=True)


@lru_cache(maxsize=None)
def fresh_start():
    """The first turn of a 2-player game (seed 7): an empty garden and the round's twelve tiles."""
    return position(players=2, seed=7)


# ----- "predict the points" -----------------------------------------------------------------------------
def quizzes() -> tuple[Quiz, ...]:
    """'Predict the points' questions; each answer is worked out by hand in the comment beside it."""
    pond, gone = pond_start(), pond_bonus_gone()
    return (
        # 72 is a straight triple of fish (object in the middle). At b3 it covers a3, b3, c3, all of
        # height 2, so it lies on layer 3: 3 fish x 3 = 9.
        Quiz("q-layer-three", "The straight fish triple 72 goes on top of the two-high pond (object on b3). Points?",
             pond, "72@b3", 9, ("miyabi.place.layer", "miyabi.score.placement"), game=GAME),
        # 11 is a single fish. On a3 (height 2) it lies on layer 3: 1 fish x 3 = 3. It hides the
        # 3 fish on a3, but covering costs nothing now: they simply stop counting for the final scoring.
        Quiz("q-cover", "The single fish 11 goes on a3, on top of the 3 fish shown there. Points?",
             pond, "11@a3", 3, ("miyabi.place.cover", "miyabi.score.placement"), game=GAME),
        # 82 is a corner triple of maples with its object at the top right. Turned 270 degrees with its
        # object on a1, its squares are a1, a2 and b2, all bare board: layer 1, 3 maples x 1 = 3. Only
        # column a's lantern field is empty, but the green squares may lie in lit column b and in row 2.
        Quiz("q-corner", "Only column a is open. The maple corner 82, turned 270 degrees, object on a1 (green on a2 and b2). Points?",
             green_start(), "82@a1/270", 3, ("miyabi.place.rotate", "miyabi.place.green", "miyabi.score.placement"),
             game=GAME),
        # 5 is a single maple. f1 has 4 tiles on it, so it lies on layer 5: 1 maple x 5 = 5, and it is
        # the first maple on layer 5, so the maple bonus tile (10, the published value) comes too: 15.
        Quiz("q-fifth-layer", "The single maple 5 goes on f1, where four tiles are stacked already. Points?",
             pond, "5@f1", 15, ("miyabi.bonus.fifth", "miyabi.score.placement"), game=GAME),
        # The same move, but the maple bonus tile has gone to another player: 1 x 5 = 5 only.
        Quiz("q-fifth-gone", "Same move, but someone else already took the maple bonus tile. Points now?",
             gone, "5@f1", 5, ("miyabi.bonus.fifth", "miyabi.score.placement"), game=GAME),
        # Zen tile Z14 (a stone) on a6: 1 for placing it. Its sides: left and bottom are the edge, a5 is
        # a tile showing 2 boxwood, b6 a tile showing 2 stones, so it is surrounded at once:
        # 2 + 2 objects next to it + 1 for its own = 5. In all 1 + 5 = 6.
        Quiz("q-zen-hole", "The Zen Garden: the stone Zen tile Z14 goes into the corner hole on a6. Points?",
             zen_hole_start(), "Z14@a6", 6, ("miyabi.zen.point", "miyabi.zen.surround"), game=GAME),
        # 39 is a double of pagodas: on e2 and f2 (bare board), layer 1: 2 x 1 = 2. It closes the last
        # open side of the Zen tile on d2, whose neighbours then show d1: 1 maple, c2: green (0),
        # d3: 2 fish, e2: 2 pagodas = 5 objects; + 1 for its own = 6. In all 2 + 6 = 8.
        Quiz("q-zen-close", "The Zen Garden: the pagoda double 39 goes on e2 (green square on f2), next to the Zen tile on d2. Points?",
             zen_waiting_start(), "39@e2", 8, ("miyabi.zen.surround", "miyabi.score.placement"), game=GAME),
        # The silver frog sits on b4 (layer 2); c4 is green on layer 3: one layer up, allowed, and
        # reaching layer 3 scores 3.
        Quiz("q-frog-climb", "The Frog: your silver frog on b4 (layer 2) hops to c4 (layer 3). Points?",
             frog_start("b4"), "frog c4", 3, ("miyabi.frog.layer", "miyabi.frog.points"), game=GAME),
        # From c4 (layer 3) to d4 (layer 4, green): 4 points, and the frog turns golden.
        Quiz("q-frog-golden", "The Frog: from c4 (layer 3) to d4 (layer 4). Points?",
             frog_start("c4"), "frog d4", 4, ("miyabi.frog.points", "miyabi.frog.golden"), game=GAME),
    )


# ----- a board per rule -------------------------------------------------------------------------------
def try_positions() -> dict:
    """rule id -> (position, what to try), for the small boards beside each rule. What to try is a
    :class:`TryCaption`: where it names a face-up tile, the board picks that one first."""
    pond, lan, green, zen_hole, zen_wait = pond_start(), lantern_start(), green_start(), zen_hole_start(), zen_waiting_start()
    tries = {
        "miyabi.turn.take": (fresh_start(), "Pick any tile of the display and put it in your empty garden."),
        "miyabi.place.row": (lan, "Pick a tile: only squares in the row of its object are offered. "
                                  "Click another row to read why it is refused."),
        "miyabi.place.lantern": (lan, "Columns b and d already have a lantern: no object may go there this round."),
        "miyabi.place.grid": (lan, "Put the straight fish triple 72 with its object on a3 or f3, lying along the row: "
                                   "one end would hang off the board."),
        "miyabi.place.green": (green, "Only column a is open, yet the maple triple 67 fits (so do the corners 81 and "
                                      "82): its green squares may lie under lit lanterns (b1, c1) or, turned, in "
                                      "other rows (a2, a3)."),
        "miyabi.place.rotate": (lan, "Turn the azalea corner 90 to see its four shapes; the fish triple 72, with its "
                                     "object in the middle, has only two."),
        "miyabi.place.layer": (pond, "The pond a3-c3 is two tiles high: the fish triple 72 fits on top of it (layer 3), "
                                     "but not half on it and half on the board."),
        "miyabi.place.cover": (pond, "Cover the 3 fish on a3, say with the single fish 11: the explanation tells you "
                                     "they no longer count."),
        "miyabi.score.placement": (pond, "Compare a tile on the bare board with the same kind of tile higher up."),
        "miyabi.turn.pass": (pass_start(), "Only column f is open and neither triple fits it: read why each spot "
                                           "is refused, then pass."),
        "miyabi.bonus.fifth": (pond, "Four tiles lie on f1: a maple there is on layer 5 and takes the maple bonus tile."),
        "miyabi.zen.take": (zen_hole, "Take a face-up Zen tile instead of a garden tile: the stone Z14 is picked "
                                      "for you, or click another."),
        "miyabi.zen.place": (zen_hole, "The stone Zen tile Z14 goes on bare board in the stone row: try b6, which has "
                                       "a tile on it, or another row."),
        "miyabi.zen.surround": (zen_hole, "The corner a6 is closed on every side: the stone Zen tile Z14 laid there is "
                                          "surrounded at once."),
        "miyabi.zen.next": (zen_wait, "Close your pagoda Zen tile on d2 with the pagoda double 39 on e2: until that "
                                      "open side is closed, no new Zen tile (try Z14) may be taken."),
        "miyabi.zen.cover": (zen_wait, "The pagoda double 39 with its object on c2 would lie over the Zen tile on d2: "
                                       "refused. On e2 it fits."),
        "miyabi.frog.setup": (frog_setup_start(), "Put your frog on any square of your garden."),
        "miyabi.frog.move": (frog_start("a5"), "Your silver frog is on a5: one step up, down, left or right, "
                                               "before or after placing a tile."),
        "miyabi.frog.layer": (frog_start("b4"), "From b4 (layer 2) the frog may not go down to a4 or b3."),
        "miyabi.frog.points": (frog_start("b4"), "Hop up to c4 (layer 3): 3 points."),
        "miyabi.frog.silver": (frog_start("b4"), "b5 shows boxwood: a silver frog may not go there."),
        "miyabi.frog.golden": (frog_start("d4", True), "The golden frog on d4 may hop onto the azalea on e4 or "
                                                       "the fish on d3."),
        "miyabi.frog.lift": (frog_start("a6"), "The frog sits on a6: lay the single stone 28 on a6 and it rides up "
                                               "onto the new tile."),
    }
    # the tile each board picks first, where its caption names one (else the first face-up tile)
    picks = {
        "miyabi.place.grid": "72", "miyabi.place.green": "67", "miyabi.place.rotate": "90",
        "miyabi.place.layer": "72", "miyabi.place.cover": "11", "miyabi.bonus.fifth": "5",
        "miyabi.zen.take": "Z14", "miyabi.zen.place": "Z14", "miyabi.zen.surround": "Z14",
        "miyabi.zen.next": "39", "miyabi.zen.cover": "39", "miyabi.frog.lift": "28",
    }
    return {rule: (state, TryCaption(text, picks.get(rule))) for rule, (state, text) in tries.items()}


# ----- two more scenarios -----------------------------------------------------------------------------
@lru_cache(maxsize=None)
def final_scoring_start():
    """3 players, the last round: players 2 and 3 have passed, player 1 has two turns left (columns c and f open).

    Row 1 (maple): player 1 shows 2, player 2 shows 3, player 3 shows 1.
    Row 2 (pagoda): player 1 shows 3, players 2 and 3 show 2 each.
    Row 3 (fish): player 2 shows 2, player 3 shows 3.
    """
    return position(players=3, round=5, to_move=0, passed=(1, 2), lanterns={0: "abde"},
                    scores={0: 40, 1: 38, 2: 35}, display=[1, 28, 60, 84],
                    gardens={0: ["33@a1", "68@b2"], 1: ["65@a1", "38@a2", "43@a3"], 2: ["2@a1", "39@a2", "71@a3"]})


@lru_cache(maxsize=None)
def final_scoring_scenario() -> Scenario:
    """The end of a 3-player game: a tie for first in the maple row, a tie for second in the pagoda row.

    By hand (row values: maple 10/5, pagoda 9/4, fish 8/4, stone 5/2):
    player 1: 40 + 1 + 1 + maple 10 (tied first) + pagoda 9 + stone 5 (alone in the row) = 66;
    player 2: 38 + maple 10 (tied first) + pagoda 4 (tied second) + fish 4 (second) = 56;
    player 3: 35 + pagoda 4 (tied second) + fish 8 (first) = 47; the maple row gives them nothing,
    because a tie for first leaves no second place.
    """
    return _scenario(
        "final", "The final scoring: ties in the rows",
        "Three players, the last round. Players 2 and 3 have passed; player 1 has two lantern fields left and "
        "plays the last two tiles of the game.",
        final_scoring_start(), ["1@c1", "28@f6"],
        ["1 maple x layer 1 = 1. Player 1 now shows 3 maples in row 1, level with player 2.",
         "1 stone x layer 1 = 1, the last lantern: the game ends. Row 1: players 1 and 2 tie for the most maples, "
         "both score 10 and nobody scores second (player 3's single maple earns nothing). Row 2: player 1 has most "
         "pagodas (9); players 2 and 3 tie for second and both score 4. Row 3: player 3 first (8), player 2 second "
         "(4). Row 6: player 1 is alone with a stone (5). Final: 66, 56, 47."],
        ["miyabi.end.majority", "miyabi.end.tie_first", "miyabi.end.tie_second", "miyabi.end.winner"], from_book=False,
    )


@lru_cache(maxsize=None)
def frog_scenario() -> Scenario:
    """The Frog climbs a staircase of green squares, one step a turn, and turns golden on layer 4.

    By hand: a4 is layer 1 (+1), b4 layer 2 (+2), c4 layer 3 (+3), d4 layer 4 (+4, golden);
    then the golden frog hops onto the azalea on e4, on the same layer (+0). Each turn a single
    tile is placed too (+1 each, all on the bare board).
    """
    return _scenario(
        "frog", "The Frog climbs and turns golden",
        "Player 1's silver frog sits on a5, at the foot of a staircase of green squares along row 4. "
        "Player 2 has passed, so player 1 plays turn after turn.",
        frog_start("a5"),
        ["frog a4", "28@a6", "29@b6", "frog b4", "frog c4", "30@c6", "frog d4", "31@d6", "1@f1", "frog e4"],
        ["Before the turn: the frog climbs onto a4, layer 1: 1 point.",
         "Then a single stone on a6: 1 point. The frog has moved this turn, so the turn ends.",
         "Next turn, tile first: a single stone on b6, 1 point. The frog may still move after it...",
         "...and climbs to b4, layer 2: 2 points.",
         "Next turn, the frog first: to c4, layer 3: 3 points.",
         "Then a single stone on c6: 1 point.",
         "Next turn: to d4, layer 4: 4 points, and the frog turns golden.",
         "A single stone on d6: 1 point.",
         "Next turn, a maple on f1 first: 1 point.",
         "The golden frog may now go onto objects: it hops onto the azalea on e4, on the same layer, so no points."],
        ["miyabi.frog.move", "miyabi.frog.layer", "miyabi.frog.points", "miyabi.frog.golden"], from_book=False,
    )
