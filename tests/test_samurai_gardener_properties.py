"""Invariants of Samurai Gardener under arbitrary play (hypothesis)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gardenkit
import walks
from gardenkit import CHANCE
from gardenkit.games.samurai_gardener import Place

R = gardenkit.make("samurai_gardener")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def games():
    return st.tuples(st.integers(2, 5), st.integers(0, 2**32), st.booleans())


@SETTINGS
@given(games(), st.data())
def test_cards_are_conserved_and_scores_never_fall(setup, data):
    players, seed, specialist = setup
    s = R.initial_state(players=players, seed=seed, specialist=specialist)
    steps = data.draw(st.integers(0, 150), label="steps")
    for before, a, expl, s in walks.steps(R, s, data, steps):
        if a is not None:
            if isinstance(a, Place):
                assert R.placement_points(before, a) == expl.points  # the fast path agrees with the itemised one
            mover = R.current_player(before)
            if s.phase != "order" and before.phase != "order":
                # the explanation is exactly what the move scored
                assert s.scores[mover] - before.scores[mover] == expl.points
            if isinstance(a, Place):
                _protected_lines_survive(before.houses[mover], s.houses[mover])
        placed = [p.card for h in s.houses for p in h.placed]
        every = sorted(list(s.deck) + list(s.lineup) + placed)
        assert every == sorted(s.components.ids)  # 64 cards, each exactly once
        assert all(a >= b for a, b in zip(s.scores, before.scores))  # no negative points
        assert all(v >= 0 for v in s.scores)
        if specialist:
            assert all(m and set(m) <= set("FTPG") for m in s.markers)  # never an empty marker card
        for h in s.houses:
            visible = set(h.grid)
            cells = {(p.x + dx, p.y + dy) for p in h.placed for dx in (0, 1) for dy in (0, 1, 2)}
            assert visible == cells  # every square shown belongs to a card


def _protected_lines_survive(old, new):
    for run in old.runs():
        assert all(new.grid[c] == run.type for c in run.cells), f"{run} was covered"


@SETTINGS
@given(games(), st.integers(0, 60))
def test_every_legal_placement_touches_and_spares_protected_lines(setup, depth):
    players, seed, specialist = setup
    s = R.initial_state(players=players, seed=seed, specialist=specialist)
    bot = gardenkit.bots.RandomBot(seed)
    for _ in range(depth):
        if R.is_terminal(s):
            return
        s = R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, bot.choose(R, s))
    if R.current_player(s) is CHANCE or s.phase != "place":
        return
    house = s.houses[s.to_move]
    for a in R.legal_actions(s):
        cells = {(a.x + dx, a.y + dy) for dx, dy, _ in s.components[a.card].squares(a.turned)}
        near = {(x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        assert (cells | near) & set(house.grid)
        assert not cells & house.protected
    # and every spot refused around the house is refused for a reason naming a rule
    minx, miny, maxx, maxy = house.bounds
    legal = set(R.legal_actions(s))
    card = s.lineup[0]
    for x in range(minx - 4, maxx + 4):
        for y in range(miny - 5, maxy + 4):
            a = Place(card, x, y)
            reason = R.why_illegal(s, a)
            assert (reason is None) == (a in legal)
            if reason:
                assert "[samurai_gardener.place." in reason
    # the board's targets say the same: legal ones with their points, refused ones with the refusal
    for t in R.targets(s, (card, False)):
        assert t.legal == (t.reason is None) and t.action == str(Place(card, *t.at))
        if t.legal:
            assert t.points == R.placement_points(s, Place(card, *t.at))
        else:
            assert t.reason == R.why_illegal(s, t.action) and t.reason.rule.startswith("samurai_gardener.place.")


import gardenkit.bots  # noqa: E402  (used above through the package)
