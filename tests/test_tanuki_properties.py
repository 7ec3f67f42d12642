"""Invariants of Tanuki in the Garden under arbitrary play (hypothesis), with and without Garden Master."""
from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import walks
from gardenkit import CHANCE
from gardenkit.games.tanuki import TanukiRules
from gardenkit.games.tanuki.actions import card_kind
from gardenkit.games.tanuki.board import SIZE, point, side_ports

R = TanukiRules()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def games():
    """(players, seed, Garden Master, short game, edge reading)."""
    return st.tuples(st.integers(2, 8), st.integers(0, 2**32), st.booleans(), st.booleans(),
                     st.sampled_from(["wrap", "turn"]))


def _start(setup):
    players, seed, gm, short, edge = setup
    return R.initial_state(players=players, seed=seed, garden_master=gm, short=short, edge=edge)


def check_invariants(s):
    comps = s.components
    # Shiitake: supply + players + stashes = 80; nobody and nothing below zero
    assert s.supply + sum(s.shiitake) + sum(s.stash) == comps.supply
    assert s.supply >= 0 and min(s.shiitake) >= 0 and min(s.stash) >= 0
    assert all(v == 0 or s.board[i] is not None for i, v in enumerate(s.stash))  # stashes lie on tiles
    # tiles: each in exactly one place
    tiles = Counter(s.pile) + Counter(s.discard) + Counter(t for h in s.hands for t in h)
    tiles += Counter(cell[0] for cell in s.board if cell is not None)
    assert tiles == Counter(comps.tile_ids)
    assert all(len(h) <= comps.hand for h in s.hands)
    # every monk on a path end facing an empty space, on an edge place, or off the board; one per end
    ends = Counter()
    for p, m in enumerate(s.monks):
        if m is None:
            assert not s.trails[p]
            continue
        if m[0] == "at":
            assert s.board[m[2] * SIZE + m[1]] is None, f"player {p + 1}'s monk faces a tile"
            ends[point(m[1], m[2], m[3], s.edge)] += 1
        else:
            for port in side_ports(m[3]):
                ends[point(m[1], m[2], port, s.edge)] += 1
    assert all(v == 1 for v in ends.values()), "two monks on one path end"
    # trails run along tiles on the board
    for trail in s.trails:
        for x, y, a, b in trail:
            cell = s.board[y * SIZE + x]
            assert cell is not None and comps.tile(cell[0]).links(cell[1])[a] == b
    # Garden Master cards: each in one place; totals are Shiitake plus what cards count
    if s.garden_master:
        cards = Counter(s.deck) + Counter(s.card_discard) + Counter(k for c in s.cards for k in c)
        cards["trap"] += len(s.traps)
        cards += Counter(card_kind(R.parse_action(s, text)) for _p, text in s.cardstack)
        assert sum(cards.values()) == 48
        assert all(len(c) <= 5 for c in s.cards) and len(s.rocks) <= comps.rocks and len(s.traps) <= comps.traps
    else:
        assert not s.deck and not any(s.cards) and not s.traps and not s.rocks
    for p in range(s.players):
        assert sum(line.points for line in R.score_breakdown(s, p)) == R.scores(s)[p]
        assert R.scores(s)[p] == s.shiitake[p] + s.card_worth(p)


@SETTINGS
@given(games(), st.data())
def test_game_invariants_hold_after_every_step(setup, data):
    s = _start(setup)
    check_invariants(s)
    steps = data.draw(st.integers(20, 500), label="steps")
    for before, a, expl, s in walks.steps(R, s, data, steps):
        check_invariants(s)
        if a is not None:
            actor = R.current_player(before)
            assert R.scores(s)[actor] - R.scores(before)[actor] == expl.points
    event(f"turn {min(s.turn, 30) // 10 * 10}+, ended: {R.is_terminal(s)}")
    if R.is_terminal(s):
        out = R.outcome(s)
        assert all(s.scores[w] == max(s.scores) for w in out.winners)


@SETTINGS
@given(games(), st.integers(0, 300))
def test_action_points_equal_explain_for_every_legal_action_and_targets_agree(setup, depth):
    s = _start(setup)
    from gardenkit.bots import RandomBot
    bot = RandomBot(depth)
    for _ in range(depth):
        if R.is_terminal(s):
            return
        s = R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, bot.choose(R, s))
    if not isinstance(R.current_player(s), int):
        return
    for a in R.legal_actions(s):
        e = R.explain(s, a)
        assert e.legal and R.action_points(s, a) == e.points == sum(line.points for line in e.lines)
    for t in R.targets(s):
        if t.legal:  # a legal target is a legal move
            assert R.why_illegal(s, t.action) is None
        else:  # a refused one (a chase the player cannot pay for) carries the engine's refusal
            assert t.reason is not None and t.reason == R.why_illegal(s, t.action) and t.reason.rule
