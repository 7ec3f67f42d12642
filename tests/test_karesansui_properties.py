"""Invariants of Karesansui under arbitrary play (hypothesis)."""
from collections import Counter
from math import prod

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import gardenkit
import walks
from gardenkit import CHANCE
from gardenkit.games.karesansui.actions import Bid

R = gardenkit.make("karesansui")
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DECK_OF_RULE = {"karesansui.trade.pass_card": "pass", "karesansui.sets.trips": "trips",
                "karesansui.sets.foursome": "foursome", "karesansui.sets.flush": "flush"}


def games():
    """(players, seed, start player)."""
    return st.tuples(st.integers(3, 6), st.integers(0, 2**32), st.integers(0, 5))


def _start(setup):
    players, seed, start = setup
    return R.initial_state(players=players, seed=seed, start_player=start % players)


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


@SETTINGS
@given(games(), st.data())
def test_game_invariants_hold_after_every_step(setup, data):
    s = _start(setup)
    comps = s.components
    full = Counter({r: comps.copies for r in comps.rock_types}) + Counter({"K": 1})
    assert sum(full.values()) == 76
    dealt = Counter()  # cards taken from each deck, in the order they were taken
    steps = data.draw(st.integers(20, 600), label="steps")
    for before, a, expl, s in walks.steps(R, s, data, steps):
        if a is not None:
            if isinstance(a, Bid):
                # a legal bid comes from the bidder's own garden
                assert not Counter(a.rocks) - Counter(before.gardens[before.to_move])
                assert before.bidder(before.to_move) is None  # nobody bids while their bid stands
            mover = before.to_move
            assert s.scores[mover] - before.scores[mover] == expl.points
        # 76 rocks, each somewhere, once
        assert _all_rocks(s) == full
        assert all(r != "K" for g in s.gardens for r in g) and all(r != "K" for p in s.piles for r in p)
        # bids on a pile only ever go down, in (value, number of rocks) order, within a round's bidding
        for i, (old, new) in enumerate(zip(before.bids, s.bids)):
            if old is not None and new is not None:
                assert new == old or _bid_key(new) < _bid_key(old), (i, old, new)
            if old is not None and new is None:
                assert s.phase != "bid"  # a bid leaves a pile only at the trade
        # scores are the sum of their lines and never go down; new cards come in each deck's order
        for p in range(s.players):
            assert sum(line.points for line in R.score_breakdown(s, p)) == R.scores(s)[p] == s.scores[p]
            assert s.scores[p] >= before.scores[p]
            assert s.lines[p][:len(before.lines[p])] == before.lines[p]
            for line in s.lines[p][len(before.lines[p]):]:
                deck = DECK_OF_RULE[line.rule]
                assert line.points == _card(deck, dealt[deck], comps), (deck, dealt[deck], line)
                dealt[deck] += 1
        assert tuple(dealt[d] for d in ("pass", "trips", "foursome", "flush")) == s.taken
        # the round tracker: the black rock is on it, in the bag, or set aside
        assert (s.tracker > 0) + s.bag.count("K") + s.black_out == 1
        assert 0 <= s.tracker <= comps.tracker
    event(f"reached round {min(s.round, 3)}{'+' if s.round >= 3 else ''}, ended: {R.is_terminal(s)}")
    if R.is_terminal(s):
        o = R.outcome(s)
        best = min(s.scores)
        assert all(s.scores[w] == best for w in o.winners)


@SETTINGS
@given(games(), st.integers(0, 400))
def test_action_points_equal_explain_for_every_legal_action(setup, depth):
    s = _start(setup)
    bot = gardenkit.bots.RandomBot(depth)
    for _ in range(depth):
        if R.is_terminal(s):
            return
        s = R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, bot.choose(R, s))
    if R.current_player(s) in (CHANCE, None):
        return
    legal = R.legal_actions(s)
    for a in legal:
        e = R.explain(s, a)
        assert e.legal and R.action_points(s, a) == e.points == sum(line.points for line in e.lines)
    if s.phase == "bid":
        garden = Counter(s.gardens[s.to_move])
        bids = [a for a in legal if isinstance(a, Bid)]
        assert tuple(bids) == R.bids(s)
        for a in bids:
            assert not Counter(a.rocks) - garden  # only the bidder's own rocks
        # a pile without a bid takes any part of the garden: every one is listed, once
        subsets = prod(n + 1 for n in garden.values())
        for i, b in enumerate(s.bids):
            if b is None:
                assert len(R.bids(s, i)) == subsets
                assert len(set(R.bids(s, i))) == subsets


import gardenkit.bots  # noqa: E402  (used above through the package)
