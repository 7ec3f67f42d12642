"""Arbitrary play for the property tests (hypothesis), the same walk for every game.

``steps`` yields one ``(before, action, explanation, after)`` per step: chance nodes resolved by
the seed (action and explanation None), every other move chosen by hypothesis among the legal
ones, its explanation legal and its ``action_points`` equal to the explanation's points.
"""
from __future__ import annotations

from hypothesis import strategies as st

from gardenkit import CHANCE


def steps(rules, s, data, count: int):
    for _ in range(count):
        if rules.is_terminal(s):
            return
        before = s
        if rules.current_player(s) is CHANCE:
            s = rules.step_chance(s)
            yield before, None, None, s
            continue
        actions = rules.legal_actions(s)
        a = actions[data.draw(st.integers(0, len(actions) - 1), label="move")]
        expl = rules.explain(s, a)
        assert expl.legal and rules.action_points(s, a) == expl.points
        s = rules.apply(s, a)
        yield before, a, expl, s
