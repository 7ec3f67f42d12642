"""Invariants of Miyabi under arbitrary play (hypothesis)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gardenkit
import walks
from gardenkit import CHANCE
from gardenkit.games.miyabi import actions as act
from gardenkit.games.miyabi.garden import Garden

R = gardenkit.make("miyabi")
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EXPANSIONS = ("colorful", "meadow", "zen", "seven", "frog")


def games():
    """(players, seed, options): every mix of the five expansions."""
    return st.tuples(st.integers(2, 4), st.integers(0, 2**32),
                     st.fixed_dictionaries({e: st.booleans() for e in EXPANSIONS}))


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


@SETTINGS
@given(games(), st.data())
def test_game_invariants_hold_after_every_step(setup, data):
    players, seed, options = setup
    s = R.initial_state(players=players, seed=seed, **options)
    comps = s.components
    all_tiles = {t.id for t in comps.tiles}
    removed = set()
    placed_this_round = [0] * players
    frog_height = [None] * players
    steps = data.draw(st.integers(20, 400), label="steps")  # 400: past the end of most games
    for before, a, expl, s in walks.steps(R, s, data, steps):
        if a is not None:
            mover = before.to_move
            gained = s.scores[mover] - before.scores[mover]
            final = sum(line.points for line in s.lines[mover][len(before.lines[mover]) + len(expl.lines):])
            assert gained == expl.points + final  # the explanation is what the move scored (+ the final scoring)
            assert final == 0 or R.is_terminal(s)
            if isinstance(a, (act.Place, act.PlaceZen)):
                placed_this_round[mover] += 1
        # a round ends: what was left in the display is out of the game; lanterns come back
        if s.round != before.round or (s.phase == "over" and before.phase != "over"):
            removed |= set(before.display) - {pc.tile for g in s.gardens for pc in g.pieces if not pc.zen}
            placed_this_round = [0] * players
        if s.phase != "over":
            for p in range(players):
                assert placed_this_round[p] <= 6
                assert _popcount(s.lanterns[p]) == placed_this_round[p]  # one lantern per placement
        # garden tiles: box + display + gardens + out of the game = 96, each once
        placed = [pc.tile for g in s.gardens for pc in g.pieces if not pc.zen]
        every = list(s.box) + list(s.display) + placed + sorted(removed)
        assert sorted(every) == sorted(all_tiles)
        # Zen tiles are never out of the game
        zen = list(s.zen_pile) + list(s.zen_display) + [pc.tile for g in s.gardens for pc in g.pieces if pc.zen]
        assert sorted(zen) == (sorted(z.id for z in comps.zen) if s.zen else [])
        assert len(s.zen_display) <= 5
        for p in range(players):
            assert sum(line.points for line in R.score_breakdown(s, p)) == R.scores(s)[p]
            assert s.scores[p] >= before.scores[p]
            _layers_never_skip(s.gardens[p])
            f = s.frogs[p]
            if f is not None:
                g = s.gardens[p]
                assert not g.is_zen(f.x, f.y)
                h = g.height(f.x, f.y)
                assert frog_height[p] is None or h >= frog_height[p], "the frog went down"
                assert f.golden == (h >= 4)  # golden from layer 4 on, and it stays there
                frog_height[p] = h


@SETTINGS
@given(games(), st.integers(0, 300))
def test_action_points_equal_explain_for_every_legal_action(setup, depth):
    players, seed, options = setup
    s = R.initial_state(players=players, seed=seed, **options)
    bot = gardenkit.bots.RandomBot(seed)
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
    # every placement of a display tile is legal exactly when listed, and refused naming a rule
    if s.phase == "turn" and s.display:
        tile = s.display[depth % len(s.display)]
        row = s.components.row_of(s.components.tile(tile).kind)
        for rot in (0, 90, 180, 270):
            for x in range(6):
                a = act.Place(tile, x, row, rot)
                reason = R.why_illegal(s, a)
                canon = act.Place(tile, x, row, s.components.tile(tile).canonical(rot))
                assert (reason is None) == (canon in legal)
                assert reason is None or "[miyabi." in reason


import gardenkit.bots  # noqa: E402  (used above through the package)
