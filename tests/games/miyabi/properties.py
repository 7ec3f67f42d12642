"""Miyabi under arbitrary play (``tests/test_properties.py``): its set-ups and invariants."""
from hypothesis import strategies as st

from gardenkit.games.miyabi import actions as act
from gardenkit.games.miyabi.garden import Garden

EXAMPLES = 20
STEPS = (20, 400)  # 400: past the end of most games
DEPTH = 300
EXPANSIONS = ("colorful", "meadow", "zen", "seven", "frog")


def setups():
    """``initial_state`` keyword arguments: players, seed, and every mix of the five expansions."""
    return st.tuples(st.integers(2, 4), st.integers(0, 2**32),
                     st.fixed_dictionaries({e: st.booleans() for e in EXPANSIONS})).map(
        lambda t: {"players": t[0], "seed": t[1], **t[2]})


def _popcount(n):
    return bin(n).count("1")


def _layers_never_skip(garden):
    """Rebuilt piece by piece: each lies flat, one above what is under it; a Zen tile on bare board."""
    g = Garden()
    for piece in garden.pieces:
        under = {g.height(x, y) for x, y in piece.cells}
        assert len(under) == 1, f"{piece} lies on different heights {under}"
        assert piece.layer == under.pop() + 1, f"{piece} skips a layer"
        if piece.zen:
            assert piece.layer == 1 and len(piece.cells) == 1
        assert all(not g.is_zen(x, y) for x, y in piece.cells), "a Zen tile was covered"
        g = g.add(piece)
    assert g == garden


class Walk:
    """What must hold after every step of a game from ``start``."""

    def __init__(self, rules, start):
        self.rules = rules
        self.all_tiles = {t.id for t in start.components.tiles}
        self.removed = set()
        self.placed_this_round = [0] * start.players
        self.frog_height = [None] * start.players

    def step(self, before, a, expl, s) -> None:
        R, players, comps = self.rules, s.players, s.components
        if a is not None:
            mover = before.to_move
            gained = s.scores[mover] - before.scores[mover]
            final = sum(line.points for line in s.lines[mover][len(before.lines[mover]) + len(expl.lines):])
            assert gained == expl.points + final  # the explanation is what the move scored (+ the final scoring)
            assert final == 0 or R.is_terminal(s)
            if isinstance(a, (act.Place, act.PlaceZen)):
                self.placed_this_round[mover] += 1
        # a round ends: what was left in the display is out of the game; lanterns come back
        if s.round != before.round or (s.phase == "over" and before.phase != "over"):
            self.removed |= set(before.display) - {pc.tile for g in s.gardens for pc in g.pieces if not pc.zen}
            self.placed_this_round = [0] * players
        if s.phase != "over":
            for p in range(players):
                assert self.placed_this_round[p] <= 6
                assert _popcount(s.lanterns[p]) == self.placed_this_round[p]  # one lantern per placement
        # garden tiles: box + display + gardens + out of the game = 96, each once
        placed = [pc.tile for g in s.gardens for pc in g.pieces if not pc.zen]
        every = list(s.box) + list(s.display) + placed + sorted(self.removed)
        assert sorted(every) == sorted(self.all_tiles)
        # Zen tiles are never out of the game
        zen = list(s.zen_pile) + list(s.zen_display) + [pc.tile for g in s.gardens for pc in g.pieces if pc.zen]
        assert sorted(zen) == (sorted(z.id for z in comps.zen) if s.zen else [])
        assert len(s.zen_display) <= 5
        for p in range(players):
            assert s.scores[p] >= before.scores[p]
            _layers_never_skip(s.gardens[p])
            f = s.frogs[p]
            if f is not None:
                g = s.gardens[p]
                assert not g.is_zen(f.x, f.y)
                h = g.height(f.x, f.y)
                assert self.frog_height[p] is None or h >= self.frog_height[p], "the frog went down"
                assert f.golden == (h >= 4)  # golden from layer 4 on, and it stays there
                self.frog_height[p] = h

    def end(self, s) -> str:
        if self.rules.is_terminal(s):
            assert all(s.scores[w] == max(s.scores) for w in self.rules.outcome(s).winners)
        return f"round {s.round}, ended: {self.rules.is_terminal(s)}"


def check_position(rules, s, depth) -> None:
    """Every placement of a display tile is legal exactly when listed, and refused naming a rule."""
    if s.phase != "turn" or not s.display:
        return
    legal = rules.legal_actions(s)
    tile = s.display[depth % len(s.display)]
    row = s.components.row_of(s.components.tile(tile).kind)
    for rot in (0, 90, 180, 270):
        for x in range(6):
            a = act.Place(tile, x, row, rot)
            reason = rules.why_illegal(s, a)
            canon = act.Place(tile, x, row, s.components.tile(tile).canonical(rot))
            assert (reason is None) == (canon in legal)
            assert reason is None or "[miyabi." in reason
