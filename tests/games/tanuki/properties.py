"""Tanuki in the Garden under arbitrary play, with and without Garden Master
(``tests/test_properties.py``): its set-ups and invariants."""
from collections import Counter

from hypothesis import strategies as st

from gardenkit.games.tanuki.actions import card_kind
from gardenkit.games.tanuki.board import SIZE, point, side_ports

EXAMPLES = 40
STEPS = (20, 500)
DEPTH = 300


def setups():
    """``initial_state`` keyword arguments: players, seed, Garden Master, short game, edge reading."""
    return st.tuples(st.integers(2, 8), st.integers(0, 2**32), st.booleans(), st.booleans(),
                     st.sampled_from(["wrap", "turn"])).map(
        lambda t: {"players": t[0], "seed": t[1], "garden_master": t[2], "short": t[3], "edge": t[4]})


def check_invariants(rules, s):
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
        cards += Counter(card_kind(rules.parse_action(s, text)) for _p, text in s.cardstack)
        assert sum(cards.values()) == 48
        assert all(len(c) <= 5 for c in s.cards) and len(s.rocks) <= comps.rocks and len(s.traps) <= comps.traps
    else:
        assert not s.deck and not any(s.cards) and not s.traps and not s.rocks
    for p in range(s.players):
        assert rules.scores(s)[p] == s.shiitake[p] + s.card_worth(p)


class Walk:
    """What must hold after every step of a game from ``start``."""

    def __init__(self, rules, start):
        self.rules = rules
        check_invariants(rules, start)

    def step(self, before, a, expl, s) -> None:
        check_invariants(self.rules, s)
        if a is not None:
            actor = self.rules.current_player(before)
            assert self.rules.scores(s)[actor] - self.rules.scores(before)[actor] == expl.points

    def end(self, s) -> str:
        if self.rules.is_terminal(s):
            assert all(s.scores[w] == max(s.scores) for w in self.rules.outcome(s).winners)
        return f"turn {min(s.turn, 30) // 10 * 10}+, ended: {self.rules.is_terminal(s)}"


def check_position(rules, s, depth) -> None:
    """Nothing of its own: the shared checks (every legal move explained, every target agreeing
    with the engine's refusal) are Tanuki's whole check here."""
