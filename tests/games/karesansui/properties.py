"""Karesansui under arbitrary play (``tests/test_properties.py``): its set-ups and invariants."""
from collections import Counter
from math import prod

from hypothesis import strategies as st

from gardenkit.games.karesansui.actions import Bid

EXAMPLES = 20
#: how many steps a walk takes (drawn in this range), and the most random moves before a position is probed
STEPS = (20, 600)
DEPTH = 400
DECK_OF_RULE = {"karesansui.trade.pass_card": "pass", "karesansui.sets.trips": "trips",
                "karesansui.sets.foursome": "foursome", "karesansui.sets.flush": "flush"}


def setups():
    """``initial_state`` keyword arguments: players, seed, start player."""
    return st.tuples(st.integers(3, 6), st.integers(0, 2**32), st.integers(0, 5)).map(
        lambda t: {"players": t[0], "seed": t[1], "start_player": t[2] % t[0]})


def _all_rocks(s) -> Counter:
    """Bag + piles + bids + gardens, and the black rock on the tracker or set aside once drawn."""
    c = Counter(s.bag)
    for rocks in (*s.gardens, *s.piles, *(b[1] for b in s.bids if b is not None)):
        c.update(rocks)
    c["K"] += (s.tracker > 0) + s.black_out
    return c


def _card(deck, k, comps):
    """The k-th card (0-based) of ``deck``; beyond its end the demerits go on in the same steps."""
    cards = comps.decks[deck]
    if k < len(cards):
        return cards[k]
    return cards[-1] + (cards[-1] - cards[-2]) * (k - len(cards) + 1)


def _bid_key(bid):
    return (sum(int(r[1:]) for r in bid[1]), len(bid[1]))


class Walk:
    """What must hold after every step of a game from ``start``."""

    def __init__(self, rules, start):
        self.rules = rules
        comps = start.components
        self.full = Counter({r: comps.copies for r in comps.rock_types}) + Counter({"K": 1})
        assert sum(self.full.values()) == 76
        self.dealt = Counter()  # cards taken from each deck, in the order they were taken

    def step(self, before, a, expl, s) -> None:
        R, comps = self.rules, s.components
        if a is not None:
            if isinstance(a, Bid):
                # a legal bid comes from the bidder's own garden
                assert not Counter(a.rocks) - Counter(before.gardens[before.to_move])
                assert before.bidder(before.to_move) is None  # nobody bids while their bid stands
            mover = before.to_move
            assert s.scores[mover] - before.scores[mover] == expl.points
        # 76 rocks, each somewhere, once
        assert _all_rocks(s) == self.full
        assert all(r != "K" for g in s.gardens for r in g) and all(r != "K" for p in s.piles for r in p)
        # bids on a pile only ever go down, in (value, number of rocks) order, within a round's bidding
        for i, (old, new) in enumerate(zip(before.bids, s.bids)):
            if old is not None and new is not None:
                assert new == old or _bid_key(new) < _bid_key(old), (i, old, new)
            if old is not None and new is None:
                assert s.phase != "bid"  # a bid leaves a pile only at the trade
        # scores never go down; new cards come in each deck's order
        for p in range(s.players):
            assert R.scores(s)[p] == s.scores[p]
            assert s.scores[p] >= before.scores[p]
            assert s.lines[p][:len(before.lines[p])] == before.lines[p]
            for line in s.lines[p][len(before.lines[p]):]:
                deck = DECK_OF_RULE[line.rule]
                assert line.points == _card(deck, self.dealt[deck], comps), (deck, self.dealt[deck], line)
                self.dealt[deck] += 1
        assert tuple(self.dealt[d] for d in ("pass", "trips", "foursome", "flush")) == s.taken
        # the round tracker: the black rock is on it, in the bag, or set aside
        assert (s.tracker > 0) + s.bag.count("K") + s.black_out == 1
        assert 0 <= s.tracker <= comps.tracker

    def end(self, s) -> str:
        """Checks at the walk's end; what hypothesis notes of it (``event``)."""
        if self.rules.is_terminal(s):
            best = min(s.scores)  # the fewest demerits win
            assert all(s.scores[w] == best for w in self.rules.outcome(s).winners)
        return f"reached round {min(s.round, 3)}{'+' if s.round >= 3 else ''}, ended: {self.rules.is_terminal(s)}"


def check_position(rules, s, depth) -> None:
    """A player's position reached by random play: every bid is the bidder's own rocks, and a pile
    without a bid takes any part of the garden, each listed once."""
    if s.phase != "bid":
        return
    legal = rules.legal_actions(s)
    garden = Counter(s.gardens[s.to_move])
    bids = [a for a in legal if isinstance(a, Bid)]
    assert tuple(bids) == rules.bids(s)
    for a in bids:
        assert not Counter(a.rocks) - garden  # only the bidder's own rocks
    subsets = prod(n + 1 for n in garden.values())
    for i, b in enumerate(s.bids):
        if b is None:
            assert len(rules.bids(s, i)) == subsets
            assert len(set(rules.bids(s, i))) == subsets
