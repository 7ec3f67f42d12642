"""Every registered game under arbitrary play (hypothesis): one suite, each game's own set-ups and
invariants from its data (``tests/games/<game id>/properties.py``).

For every game:

- **a walk**: from a set-up the game's data draws, hypothesis picks each move among the legal ones
  (``walks.steps``: each move's explanation legal, its ``action_points`` its points) for a number
  of steps in the game's range; after every step each player's score is the sum of their score
  lines, and the game's own invariants hold (``Walk.step``: what is conserved, what never goes
  down, what the move scored); at its end, the game's end checks (``Walk.end``);
- **a position**: random moves (a seeded random bot) to a depth hypothesis draws, then every legal
  move is explained as legal with its ``action_points`` equal to the explanation's points and
  lines; every target the board is offered agrees with the engine (a legal one is a legal move
  with those points, a refused one carries the engine's own refusal, which names a rule); then
  the game's own checks of that position (``check_position``).

A game registered without its data fails :func:`test_every_registered_game_has_its_property_data`.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import gardenkit
import walks
from games import data_of as game_data
from gardenkit import CHANCE
from gardenkit.bots import RandomBot

GAMES = gardenkit.available_games()


def data_of(game: str):
    return game_data(game, "properties")


def _settings(data):
    return settings(max_examples=data.EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_game_has_its_property_data(game):
    data = data_of(game)
    for name in ("EXAMPLES", "STEPS", "DEPTH", "setups", "Walk", "check_position"):
        assert hasattr(data, name), f"tests/games/{game}/properties.py has no {name}"
    lo, hi = data.STEPS
    assert 0 <= lo <= hi and data.DEPTH >= 0 and data.EXAMPLES >= 1


@pytest.mark.parametrize("game", GAMES)
def test_invariants_hold_after_every_step(game):
    data, rules = data_of(game), gardenkit.make(game)

    @_settings(data)
    @given(data.setups(), st.data())
    def walk(options, draw):
        s = rules.initial_state(**options)
        check = data.Walk(rules, s)
        steps = draw.draw(st.integers(*data.STEPS), label="steps")
        for before, a, expl, s in walks.steps(rules, s, draw, steps):
            scores = rules.scores(s)
            for p in range(len(scores)):
                assert sum(line.points for line in rules.score_breakdown(s, p)) == scores[p]
            check.step(before, a, expl, s)
        event(check.end(s))

    walk()


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_is_explained_and_every_target_agrees(game):
    data, rules = data_of(game), gardenkit.make(game)

    @_settings(data)
    @given(data.setups(), st.integers(0, data.DEPTH))
    def probe(options, depth):
        s = rules.initial_state(**options)
        bot = RandomBot(depth)
        for _ in range(depth):
            if rules.is_terminal(s):
                return
            s = rules.step_chance(s) if rules.current_player(s) is CHANCE else rules.apply(s, bot.choose(rules, s))
        if not isinstance(rules.current_player(s), int):
            return
        for a in rules.legal_actions(s):
            e = rules.explain(s, a)
            assert e.legal and rules.action_points(s, a) == e.points == sum(line.points for line in e.lines)
        for t in rules.targets(s):
            if t.legal:  # a legal target is a legal move, with its points
                assert rules.why_illegal(s, t.action) is None
                assert t.points == rules.action_points(s, rules.parse_action(s, t.action))
            else:  # a refused one carries the engine's refusal, naming a rule
                assert t.reason is not None and t.reason == rules.why_illegal(s, t.action) and t.reason.rule
        data.check_position(rules, s, depth)

    probe()
