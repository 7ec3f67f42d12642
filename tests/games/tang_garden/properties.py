"""Tang Garden under arbitrary play, the solo game "Yin & Yang" included
(``tests/test_properties.py``): its set-ups and invariants."""
from hypothesis import strategies as st

EXAMPLES = 15
STEPS = (20, 300)
DEPTH = 150


def setups():
    """``initial_state`` keyword arguments: players (1: the solo game), seed, the starting tile's face."""
    return st.tuples(st.integers(1, 4), st.integers(0, 2**32), st.sampled_from(["a", "b"])).map(
        lambda t: {"players": t[0], "seed": t[1], "start_side": t[2]})


class Walk:
    """What must hold after every step of a game from ``start``: a move's explanation is what it
    scored (the end's scoring aside), and coins never go down."""

    def __init__(self, rules, start):
        self.rules = rules

    def step(self, before, a, expl, s) -> None:
        R = self.rules
        if a is not None and not R.is_terminal(s):
            actor = R.current_player(before)
            assert R.scores(s)[actor] - R.scores(before)[actor] == expl.points
        for p in range(len(R.scores(s))):
            assert R.scores(s)[p] >= R.scores(before)[p]

    def end(self, s) -> str:
        return f"ended: {self.rules.is_terminal(s)}"


def check_position(rules, s, depth) -> None:
    """Nothing of its own beyond the shared checks."""
