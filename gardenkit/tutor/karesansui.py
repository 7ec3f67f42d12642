"""Karesansui lessons: the rulebook's worked example as steppable scenarios, turn-in order
lessons, quizzes and a position per rule.

Points here are demerits (fewest wins). A quiz asks how many demerits one action earns, which is
what ``check_quiz`` checks: the demerit card a set (or a pass) takes.

>>> from gardenkit.tutor import check_quiz
>>> quiz = quizzes()[0]
>>> check_quiz(quiz, quiz.answer).correct, check_quiz(quiz, quiz.answer + 1).message
(True, 'Not quite: 2 is too high; it costs 1.')
"""
from __future__ import annotations

from functools import lru_cache

import gardenkit

from ..games.karesansui.setups import position
from . import Quiz, Scenario

GAME = "karesansui"

# The rulebook's example garden, "1 2222 333": a red I, four II's of different colours (red among
# them) and three red III's. Its sets: the Straight Flush R1 R2 R3, the Foursome B2 G2 R2 Y2 and the
# Trips R3 R3 R3.
BOOK_GARDEN = "R1 R2 Y2 G2 B2 R3 R3 R3"
# The other two players hold gardens without a forbidden set, so only player 1 turns sets in.
QUIET = {1: "R1 Y1 G2 W3", 2: "B1 W1 Y3 G3"}


def _turn_in(garden: str, taken: dict | None = None, **kw):
    """Player 1 passed this round and now turns in the sets of ``garden``."""
    return position(players=3, gardens={0: garden, **QUIET}, phase="turnin", to_move=0, taken=taken, **kw)


def _scenario(id, title, text, start, actions, captions, rules, from_book):
    return Scenario(id, title, text, start, tuple(actions), tuple(captions), tuple(rules), game=GAME,
                    from_book=from_book)


# ----- the rulebook's example ----------------------------------------------------------------------
@lru_cache(maxsize=None)
def book_start():
    """The rulebook's garden, 1 2222 333, with every demerit deck still full (each top card is 1)."""
    return _turn_in(BOOK_GARDEN)


@lru_cache(maxsize=None)
def worked_examples() -> tuple[Scenario, ...]:
    """The rulebook's example, both ways: two sets for two cards, or one set for one card.

    By hand: every deck is full, so each top card is worth 1. Foursome first leaves R1 R3 R3 R3,
    which still holds the Trips: 1 + 1 = 2 demerits. The Straight Flush first leaves B2 G2 Y2 R3 R3,
    which holds no set at all: 1 demerit.
    """
    s = book_start()
    text = ("Player 1 passed, took their rock, and now looks at a garden of a red I, four II's in four "
            "colours and three red III's. It holds three forbidden sets, and they overlap.")
    return (
        _scenario(
            "book-two-cards", "1 2222 333: Foursome, then Trips", text, s,
            ["turn in B2 G2 R2 Y2", "turn in R3 R3 R3"],
            ["The four II's go back into the bag: the top Foursome card, 1 demerit. What is left, a red I "
             "and three red III's, still holds the Trips.",
             "The three red III's go back too: the top Trips card, 1 more demerit. Two cards, 2 demerits, "
             "and only the red I is left."],
            ["karesansui.sets.foursome", "karesansui.sets.trips", "karesansui.sets.order",
             "karesansui.sets.demerit"], True,
        ),
        _scenario(
            "book-one-card", "1 2222 333: the Straight Flush alone", text, s,
            ["turn in R1 R2 R3"],
            ["The red I, II and III go back into the bag: the top Straight Flush card, 1 demerit. The garden "
             "keeps three II's of different colours and two red III's: no set is left, so one card is all."],
            ["karesansui.sets.flush", "karesansui.sets.order", "karesansui.sets.demerit"], True,
        ),
    )


# ----- the order matters ------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def flush_expensive_start():
    """The book's garden, but six Straight Flush cards are gone: its top card is now 7."""
    return _turn_in(BOOK_GARDEN, taken={"flush": 6})


@lru_cache(maxsize=None)
def trips_alone_start():
    """R1 R2 R3 R3 R3 Y3 G3 B3: the red III's sit in a Straight Flush, the Trips and the Foursome at once.

    Trips first leaves R1 R2 Y3 G3 B3: nothing. Either of the others first leaves the third set.
    """
    return _turn_in("R1 R2 R3 R3 R3 Y3 G3 B3")


@lru_cache(maxsize=None)
def trips_expensive_start():
    """The same garden, with five Trips cards gone: the lone Trips now costs 6."""
    return _turn_in("R1 R2 R3 R3 R3 Y3 G3 B3", taken={"trips": 5})


@lru_cache(maxsize=None)
def five_colours_start():
    """II's in all five colours and a white I and III: which four colours make the Foursome matters.

    A Foursome that takes the white II breaks the white Straight Flush (one card); one that leaves it
    (red, yellow, green, blue) lets the flush through (two cards).
    """
    return _turn_in("W1 R2 Y2 G2 B2 W2 W3")


@lru_cache(maxsize=None)
def turn_in_lessons() -> tuple[Scenario, ...]:
    """Positions where the order of turning in sets changes the demerits; each steps through the
    cheapest order (``rules.turn_in_orders`` lists them all).

    By hand:
    - book garden, Straight Flush deck at 7: flush alone 7; Foursome + Trips 1 + 1 = 2.
    - R1 R2 R3 R3 R3 Y3 G3 B3, decks full: Trips alone 1; flush + Foursome (either order) 1 + 1 = 2.
    - the same, Trips deck at 6: Trips alone 6; flush + Foursome 1 + 1 = 2.
    - W1 R2 Y2 G2 B2 W2 W3: a Foursome with the white II, 1; flush + the R Y G B Foursome, 1 + 1 = 2.
    """
    return (
        _scenario(
            "order-flush-dear", "When the single card is the dearer one",
            "The rulebook's garden again, late in a game: six Straight Flush cards have been taken, so the "
            "next one is a 7, while the Foursome and Trips decks still show a 1 on top.",
            flush_expensive_start(), ["turn in B2 G2 R2 Y2", "turn in R3 R3 R3"],
            ["Foursome first, 1 demerit. (The Straight Flush alone would have cost 7.)",
             "Then the Trips, 1 demerit: 2 in all instead of 7."],
            ["karesansui.sets.order", "karesansui.sets.demerit"], False,
        ),
        _scenario(
            "order-trips-first", "One set that breaks the other two",
            "The three red III's belong to the Trips, to the red Straight Flush and to a Foursome with the "
            "yellow, green and blue III's. Turning in the Trips takes the red III's away from the other two.",
            trips_alone_start(), ["turn in R3 R3 R3"],
            ["Trips, 1 demerit, and nothing is left to turn in. Either other set first would leave the third "
             "one standing: 2 demerits."],
            ["karesansui.sets.trips", "karesansui.sets.order"], False,
        ),
        _scenario(
            "order-trips-dear", "The same garden, Trips deck at 6",
            "Now five Trips cards are gone. The lone Trips would cost 6; the other two sets cost 1 each.",
            trips_expensive_start(), ["turn in R1 R2 R3", "turn in B3 G3 R3 Y3"],
            ["The Straight Flush first, 1 demerit; two red III's stay, so the Trips is gone.",
             "Then the Foursome of III's, 1 demerit: 2 in all instead of 6."],
            ["karesansui.sets.order", "karesansui.sets.demerit"], False,
        ),
        _scenario(
            "order-which-four", "Which four colours?",
            "II's in all five colours give five different Foursomes. The white one also sits in a white "
            "Straight Flush (I, II, III).",
            five_colours_start(), ["turn in B2 G2 W2 Y2"],
            ["A Foursome that includes the white II, 1 demerit: the white flush is broken and nothing is left. "
             "The red, yellow, green and blue Foursome would leave the flush for a second card."],
            ["karesansui.sets.foursome", "karesansui.sets.order"], False,
        ),
    )


def orders_text(state, rules=None) -> str:
    """Every order in which the player to act can turn in their sets, cheapest first, with its demerits."""
    rules = rules or gardenkit.make(GAME)
    out = []
    for order, cost in rules.turn_in_orders(state):
        steps = ", then ".join(str(a).removeprefix("turn in ") for a in order)
        out.append(f"{cost:>2} demerit{'s' if cost != 1 else ' '}  {steps}")
    return "\n".join(out)


# ----- positions for quizzes and try boards ---------------------------------------------------------
# A 3-player round: pile 1 holds R2 R2 Y3 (worth 7), pile 2 W2 B3 G1 (worth 6).
PILES = ["R2 R2 Y3", "W2 B3 G1"]


@lru_cache(maxsize=None)
def open_bidding_start():
    """The first bid of a round: no pile has a bid yet; player 1 holds R1 Y1 G2 Y3 B3."""
    return position(players=3, gardens={0: "R1 Y1 G2 Y3 B3", 1: "B1 B2 W2 G3", 2: "Y2 W1 W3 R3"}, piles=PILES)


@lru_cache(maxsize=None)
def undercut_start():
    """Player 2 bid B1 B2 W2 (worth 5, three rocks) on pile 1; pile 2 has no bid; player 1 to bid.

    Player 1 holds R1 Y1 G2 Y3 B3: G2 Y3 is worth 5 with two rocks (undercuts), R1 Y1 Y3 is worth 5
    with three (does not), R1 Y3 is worth 4 (undercuts).
    """
    return position(players=3, gardens={0: "R1 Y1 G2 Y3 B3", 1: "G3", 2: "Y2 W1 W3 R3"}, piles=PILES,
                    bids={0: (1, "B1 B2 W2")})


@lru_cache(maxsize=None)
def last_call_start():
    """Both piles have a bid (player 2 on pile 1, player 3 on pile 2); player 1 may pass or undercut."""
    return position(players=3, gardens={0: "R1 Y1 G2 Y3 B3", 1: "G3", 2: "W3 R3"}, piles=PILES,
                    bids={0: (1, "B1 B2 W2"), 1: (2, "Y2 W1")})


@lru_cache(maxsize=None)
def pass_deck_empty_start():
    """As above, but all ten Pass cards are gone: passing still costs 1 (our reading), and ends the game."""
    return position(players=3, gardens={0: "R1 Y1 G2 Y3 B3", 1: "G3", 2: "W3 R3"}, piles=PILES,
                    bids={0: (1, "B1 B2 W2"), 1: (2, "Y2 W1")}, taken={"pass": 10})


@lru_cache(maxsize=None)
def trips_start():
    return _turn_in("Y1 B1 G2 G2 G2 W3")


@lru_cache(maxsize=None)
def trips_later_start():
    """A Trips with three Trips cards already taken: the top card is 4."""
    return _turn_in("Y1 B1 G2 G2 G2 W3", taken={"trips": 3})


@lru_cache(maxsize=None)
def foursome_start():
    """R1 R1 Y1 G1 B1 W3: one Foursome (the second red I adds no second one), no Trips."""
    return _turn_in("R1 R1 Y1 G1 B1 W3")


@lru_cache(maxsize=None)
def foursome_deck_empty_start():
    """All ten Foursome cards are gone: the next Foursome costs 11 (our reading)."""
    return _turn_in("R1 R1 Y1 G1 B1 W3", taken={"foursome": 10})


@lru_cache(maxsize=None)
def flush_start():
    """B1 B2 B3 is a Straight Flush; R1 R2 Y3 is not (two colours)."""
    return _turn_in("R1 B1 R2 B2 B3 Y3")


# ----- "how many demerits?" --------------------------------------------------------------------------
def quizzes() -> tuple[Quiz, ...]:
    """'Predict the demerits' questions; each answer is worked out by hand in the comment beside it."""
    return (
        # Every deck is full, so the Straight Flush's top card is 1.
        Quiz("q-book-flush", "The rulebook's garden (1 2222 333), all decks full: turn in the Straight Flush "
             "R1 R2 R3. How many demerits?", book_start(), "turn in R1 R2 R3", 1,
             ("karesansui.sets.flush", "karesansui.sets.demerit"), game=GAME),
        # Six flush cards are gone (1 to 6): the top one is 7. The Foursome + Trips way costs 1 + 1 = 2.
        Quiz("q-book-flush-late", "The same garden, but six Straight Flush cards are gone. The Straight Flush "
             "now costs how many demerits?", flush_expensive_start(), "turn in R1 R2 R3", 7,
             ("karesansui.sets.flush", "karesansui.sets.demerit"), game=GAME),
        # The cheapest way out of that garden starts with the Foursome, whose deck is full: 1.
        Quiz("q-book-foursome-late", "Same garden, flush deck at 7: the cheap way out starts with the Foursome "
             "B2 G2 R2 Y2. How many demerits does that card cost?", flush_expensive_start(),
             "turn in B2 G2 R2 Y2", 1, ("karesansui.sets.foursome", "karesansui.sets.order"), game=GAME),
        # Three Trips cards (1, 2, 3) are gone: the top one is 4.
        Quiz("q-trips-fourth", "Three green II's, and three Trips cards have been taken before. "
             "How many demerits for these Trips?", trips_later_start(), "turn in G2 G2 G2", 4,
             ("karesansui.sets.trips", "karesansui.sets.demerit"), game=GAME),
        # The Foursome deck is empty (its last card was 10): our reading counts one more, 11.
        Quiz("q-foursome-empty", "All ten Foursome cards are gone. How many demerits does one more Foursome "
             "cost?", foursome_deck_empty_start(), "turn in B1 G1 R1 Y1", 11,
             ("karesansui.sets.foursome", "karesansui.end.deck"), game=GAME),
        # Undercutting is free: a bid earns no demerits. G2 Y3 is worth 5 with two rocks against
        # player 2's 5 with three rocks, so it is legal; the demerits come only with sets and passing.
        Quiz("q-undercut-free", "Player 2 bid 5 with three rocks on pile 1. You bid G2 Y3 (worth 5, two rocks) "
             "there. How many demerits does that bid cost?", undercut_start(), "bid 1: G2 Y3", 0,
             ("karesansui.bid.undercut", "karesansui.bid.outbid"), game=GAME),
        # Every pile has a bid, so passing is allowed: one Pass card, worth 1.
        Quiz("q-pass", "Both piles have a bid and you have none. You pass. How many demerits?",
             last_call_start(), "pass", 1, ("karesansui.bid.end", "karesansui.trade.pass_card"), game=GAME),
        # The Pass deck is empty: a Pass card is worth 1, and so is every pass beyond the deck (our reading).
        Quiz("q-pass-empty", "Same bids, but all ten Pass cards are gone. You pass anyway. How many demerits?",
             pass_deck_empty_start(), "pass", 1, ("karesansui.trade.pass_card", "karesansui.end.deck"), game=GAME),
    )


# ----- a board per rule -------------------------------------------------------------------------------
def try_positions() -> dict:
    """rule id -> (position, what to try), for the small boards beside each rule."""
    return {
        "karesansui.bid.rocks": (open_bidding_start(), "No pile has a bid yet. Pick rocks from your garden "
                                 "(or none at all) and offer them for a pile."),
        "karesansui.bid.undercut": (undercut_start(), "Player 2 offers 5 with three rocks for pile 1. Offer "
                                    "G2 Y3 (5 with two rocks) or R1 Y3 (4): accepted. R1 Y1 Y3 (5 with three "
                                    "rocks) is refused."),
        "karesansui.bid.outbid": (undercut_start(), "Undercut player 2 on pile 1: their rocks go back to their "
                                  "garden and they bid again on their next turn, on either pile."),
        "karesansui.bid.pass": (undercut_start(), "Pile 2 has no bid yet: try to pass and read why it is refused."),
        "karesansui.bid.end": (last_call_start(), "Both piles have a bid. Pass: 1 demerit, a rock from the bag, "
                               "and the others take their piles."),
        "karesansui.sets.trips": (trips_start(), "Three green II's: turn them in for the top Trips card."),
        "karesansui.sets.foursome": (foursome_start(), "Red, yellow, green and blue I's make one Foursome; "
                                     "the second red I does not make another."),
        "karesansui.sets.flush": (flush_start(), "A blue I, II and III: a Straight Flush. The red I and II with "
                                  "the yellow III are not one."),
        "karesansui.sets.order": (book_start(), "The rulebook's garden: turn in the Straight Flush for one card, "
                                  "or the Foursome and then the Trips for two."),
        "karesansui.sets.demerit": (trips_later_start(), "Three Trips cards are gone: these Trips take the 4."),
        "karesansui.end.deck": (foursome_deck_empty_start(), "The Foursome deck is empty: one more Foursome "
                                "costs 11, and the game ends after this round."),
    }
