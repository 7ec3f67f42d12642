"""Samurai Gardener under arbitrary play (``tests/test_properties.py``): its set-ups and invariants."""
from hypothesis import strategies as st

from gardenkit.games.samurai_gardener import Place

EXAMPLES = 25
STEPS = (0, 150)
DEPTH = 60


def setups():
    """``initial_state`` keyword arguments: players, seed, the specialist rule."""
    return st.tuples(st.integers(2, 5), st.integers(0, 2**32), st.booleans()).map(
        lambda t: {"players": t[0], "seed": t[1], "specialist": t[2]})


def _protected_lines_survive(old, new):
    for run in old.runs():
        assert all(new.grid[c] == run.type for c in run.cells), f"{run} was covered"


class Walk:
    """What must hold after every step: 64 cards each once, scores never fall, no covered line."""

    def __init__(self, rules, start):
        self.rules = rules
        self.specialist = start.specialist

    def step(self, before, a, expl, s) -> None:
        R = self.rules
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
        if self.specialist:
            assert all(m and set(m) <= set("FTPG") for m in s.markers)  # never an empty marker card
        for h in s.houses:
            visible = set(h.grid)
            cells = {(p.x + dx, p.y + dy) for p in h.placed for dx in (0, 1) for dy in (0, 1, 2)}
            assert visible == cells  # every square shown belongs to a card

    def end(self, s) -> str:
        return f"ended: {self.rules.is_terminal(s)}"


def check_position(rules, s, depth) -> None:
    """Every legal placement touches the house and spares its protected lines; every spot refused
    around it names a placement rule; the board's targets for a picked card say the same."""
    if s.phase != "place":
        return
    house = s.houses[s.to_move]
    for a in rules.legal_actions(s):
        cells = {(a.x + dx, a.y + dy) for dx, dy, _ in s.components[a.card].squares(a.turned)}
        near = {(x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        assert (cells | near) & set(house.grid)
        assert not cells & house.protected
    minx, miny, maxx, maxy = house.bounds
    legal = set(rules.legal_actions(s))
    card = s.lineup[0]
    for x in range(minx - 4, maxx + 4):
        for y in range(miny - 5, maxy + 4):
            a = Place(card, x, y)
            reason = rules.why_illegal(s, a)
            assert (reason is None) == (a in legal)
            if reason:
                assert "[samurai_gardener.place." in reason
    for t in rules.targets(s, (card, False)):
        assert t.legal == (t.reason is None) and t.action == str(Place(card, *t.at))
        if t.legal:
            assert t.points == rules.placement_points(s, Place(card, *t.at))
        else:
            assert t.reason == rules.why_illegal(s, t.action) and t.reason.rule.startswith("samurai_gardener.place.")
