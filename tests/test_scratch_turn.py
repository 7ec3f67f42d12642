"""The one way a move is played (``core.rules.ScratchTurn``), for every registered game on it: one
playing-out of a move serves its explanation, the state after it and the click that plays it.

The games on it are found from the registry (a game that mixes it in gets these checks by being
registered), and every registered game is on it (``docs/adding-a-game.md``).
"""
from __future__ import annotations

import random

import pytest

import gardenkit
from gardenkit import CHANCE
from gardenkit.core.rules import ScratchTurn

ON_IT = [g for g in gardenkit.available_games() if isinstance(gardenkit.make(g), ScratchTurn)]


def test_every_game_is_on_it():
    assert set(ON_IT) == set(gardenkit.available_games())


def test_each_game_keeps_its_own_play_outs():
    kept = [type(gardenkit.make(g))._played_out for g in ON_IT]
    assert len({id(k) for k in kept}) == len(kept) and ScratchTurn._played_out not in kept


def positions(game_id, count=6, seed=5):
    """Positions of a seeded random game where a player is to move."""
    rules = gardenkit.make(game_id)
    s = rules.initial_state(players=max(2, rules.info.min_players), seed=seed)
    rng, found = random.Random(seed), []
    while len(found) < count and not rules.is_terminal(s):
        if rules.current_player(s) is CHANCE:
            s = rules.step_chance(s)
            continue
        found.append(s)
        s = rules.apply(s, rng.choice(rules.legal_actions(s)))
    return rules, found


@pytest.mark.parametrize("game_id", ON_IT)
def test_explain_apply_and_play_of_a_move_read_one_playing_out(game_id, monkeypatch):
    rules, found = positions(game_id)
    work = type(rules).Work
    played = []
    original = work.do

    def counted(self, a):
        played.append(str(a))
        return original(self, a)

    monkeypatch.setattr(work, "do", counted)
    monkeypatch.setattr(type(rules), "_played_out", type(type(rules)._played_out)(keep=2))
    for s in found:
        a = rules.legal_actions(s)[-1]
        played.clear()
        e = rules.explain(s, a)
        after = rules.apply(s, a)
        assert played == [str(a)], played  # explained and applied from one playing-out
        assert e.legal and e.unit == rules.explanation_unit and e.points == sum(line.points for line in e.lines)
        actor = rules._actor(s)
        assert rules.scores(after)[actor] - rules.scores(s)[actor] == e.points  # the points are what it scored
        done = rules.play(s, a)  # the click: the same playing-out again
        assert played == [str(a)], played
        assert done.legal and done.explanation == e and done.state == after
