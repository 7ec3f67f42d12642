"""Per-game data of the shared tutor checks (``tests/test_all_games.py``): the hand-worked answers
of every game's quizzes (``gardenkit.tutor.<game>.quizzes()``), repeated here so that a changed
quiz cannot silently change its own answer (a game whose quizzes are not worked out by hand yet
is named in ``NOT_YET`` and gets every other quiz check)."""

HAND = {
    "karesansui": {
        "q-book-flush": 1,          # every deck full: the top Straight Flush card is 1
        "q-book-flush-late": 7,     # six flush cards gone (1-6): the 7 is on top
        "q-book-foursome-late": 1,  # the Foursome deck is still full
        "q-trips-fourth": 4,        # Trips cards 1, 2, 3 gone
        "q-foursome-empty": 11,     # the deck ran out at 10: one more (our reading)
        "q-undercut-free": 0,       # a bid earns no demerits (5 with 2 rocks undercuts 5 with 3)
        "q-pass": 1,                # a Pass card is 1 (players' reports)
        "q-pass-empty": 1,          # beyond the Pass deck, still 1 (our reading)
    },
    "miyabi": {
        "q-layer-three": 9,   # 3 fish x layer 3
        "q-cover": 3,         # 1 fish x layer 3; the 3 fish it hides cost nothing now
        "q-corner": 3,        # 3 maples x layer 1
        "q-fifth-layer": 15,  # 1 maple x layer 5 + maple bonus 10
        "q-fifth-gone": 5,    # 1 maple x layer 5, the bonus tile is gone
        "q-zen-hole": 6,      # 1 for the Zen tile + (2 boxwood + 2 stones + 1 own)
        "q-zen-close": 8,     # 2 pagodas x layer 1 + (1 maple + 2 fish + 2 pagodas + 1 own)
        "q-frog-climb": 3,    # reaching layer 3
        "q-frog-golden": 4,   # reaching layer 4
    },
    "tang_garden": {
        "q-viola": 1,          # one footpath joined; the water edge moves a cube, no coin
        "q-temple": 2,         # one for the temple, one for the rock edge beside it
        "q-michele": 2,        # a rock edge against the temple, and a footpath
        "q-two-footpaths": 2,  # the coins choice: two
        "q-wall": 0,           # a wall against rock is allowed and pays nothing
    },
    "tanuki": {
        "q-three-in-a-row": 3,  # three straight Shiitake paths, b3g2 to b3g4
        "q-first-move": 1,      # b3g1's symbol counts nothing on the first move; b3g2's does
        "q-stash": 3,           # +1 (b3g2), +3 (the stash), -1 (b3g3's Den)
        "q-wrap": 2,            # b3g1, then off the top and in at b3g6: two Shiitake
        "q-crash": -4,          # +1, then the crash: -5
        "q-loop": -5,           # a loop: 5 paid, nothing gathered
        "q-bonus": 5,           # +1, and 2 for each of the two monks sent back
        "q-empty-pockets": 0,   # a Den with nothing to pay
        "q-both-off": 3,        # 1 + 1 + 1 more
        "q-together": -2,       # everyone pays 2
        "q-chase": -2,          # chasing a Tanuki costs 2
        "q-harvest": 8,         # (1 + 2 + 1) counted twice
    },
    "samurai_gardener": {
        # the lines each card forms, and the rulebook's table: 3, 4, 5 in a line score 1, 2, 4;
        # 2, 3, 4 types of scoring line add 2, 4, 6
        "q-plus-eight": 8,      # a garden row of 4 (2) + pond and tatami rows of 3 (1 + 1) + 3 types (4)
        "q-two-cards-left": 4,  # floor and tatami rows of 3 (1 + 1) + 2 types (2)
        "q-long-row": 0,        # a sixth garden square: a row of 6 scores nothing
        "q-specialist": 1,      # no garden marker: the garden row 0; the pond column 1; one type scored, no bonus
    },
}

#: games whose quiz answers are checked against the engine and the messages, not yet by hand
NOT_YET: set[str] = set()

