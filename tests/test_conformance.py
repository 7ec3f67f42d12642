"""What every registered game promises at its edges, one suite, each game's own cases as data
(``tests/games/<game id>/conformance.py``):

- the same seed plays the same game again, and another seed deals another one (what the game's
  data says a deal is: piles, a display, hands);
- a bad set-up is refused with a ``ValueError`` saying what is wrong;
- ``apply`` never changes its input, and what is no move there (notations, hand-made values, no
  action at all) is refused by ``apply`` and ``why_illegal`` without a trace;
- errors are plain words naming the rule (the game's positions and moves, and what they must say);
- a chance step is the seeded outcome chosen by hand, and another outcome makes another position;
- the golden playthroughs cover what the game's data says they must (table sizes, options).

The contract itself (``check_game``), saves, notebooks and the tutor are in ``test_all_games.py``.
"""
from __future__ import annotations

import json

import pytest
from games import data_of as game_data

import gardenkit
from gardenkit import CHANCE
from gardenkit.testing import random_game

GAMES = gardenkit.available_games()


def data_of(game: str):
    return game_data(game, "conformance")


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_game_and_another_seed_deals_another(game):
    data, rules = data_of(game), gardenkit.make(game)
    players, options = data.SEEDED["players"], data.SEEDED["options"]
    a, b = random_game(rules, players, 11, options), random_game(rules, players, 11, options)
    assert [s.to_dict() for s in a] == [s.to_dict() for s in b]
    assert data.dealt(a) != data.dealt(random_game(rules, players, 12, options))


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_setup_is_refused_saying_what_is_wrong(game, tmp_path):
    data, rules = data_of(game), gardenkit.make(game)
    cases = data.bad_setups(tmp_path)
    assert cases
    for kwargs, match in cases:
        with pytest.raises(ValueError, match=match):
            rules.initial_state(**kwargs)


@pytest.mark.parametrize("game", GAMES)
def test_apply_never_changes_its_input_and_refusals_leave_no_trace(game):
    data, rules = data_of(game), gardenkit.make(game)
    s = data.mid_game(rules)
    before = json.dumps(s.to_dict(), sort_keys=True)
    rules.apply(s, rules.legal_actions(s)[-1])
    assert data.BAD_INPUTS
    for bad in data.BAD_INPUTS:
        with pytest.raises(ValueError):
            rules.apply(s, bad)
        assert rules.why_illegal(s, bad) is not None, bad
    assert json.dumps(s.to_dict(), sort_keys=True) == before


@pytest.mark.parametrize("game", GAMES)
def test_errors_are_plain_words_naming_the_rule(game):
    data, rules = data_of(game), gardenkit.make(game)
    cases = data.errors(rules)
    assert any(r"\[" in match for *_, match in cases), "no case names a rule"
    for s, call, given, error, match in cases:
        with pytest.raises(error, match=match):
            getattr(rules, call)(s, given)


@pytest.mark.parametrize("game", GAMES)
def test_a_chance_step_is_the_seeded_outcome_and_another_outcome_another_position(game):
    data, rules = data_of(game), gardenkit.make(game)
    start = getattr(data, "chance_start", None)
    s = start(rules) if start else next(x for x in random_game(rules, rules.info.min_players, 3)
                                        if rules.current_player(x) is CHANCE and len(rules.legal_actions(x)) > 1)
    assert rules.current_player(s) is CHANCE
    a, _ = rules.sample_chance(s)
    assert rules.apply(s, a) == rules.step_chance(s)
    other = next(x for x in rules.legal_actions(s) if x != a)
    assert rules.apply(s, other) != rules.step_chance(s)  # a tutor's "what if" differs
    probs = rules.chance_outcomes(s)
    assert abs(sum(p for _, p in probs) - 1) < 1e-9
    if getattr(data, "CHANCE_OUTCOMES", None) is not None:
        assert len(probs) == data.CHANCE_OUTCOMES


@pytest.mark.parametrize("game", GAMES)
def test_the_golden_playthroughs_cover_the_tables_and_options_they_must(game):
    """(That each is on disk and replays exactly: ``test_all_games.py``.)"""
    plays = gardenkit.entry(game).playthroughs
    assert data_of(game).playthroughs_cover(plays), [(p.name, p.players, p.options) for p in plays]
