"""Every registered game's lessons as data (``gardenkit.tutor.<game>``), with per-game data only
(``tutor_cases``: the quiz answers worked out by hand, and where the scenarios come from): each
quiz answer agrees with the engine, its rules are real and cited by the engine's explanation, and
a wrong answer is told too high or too low; every scenario replays from a player's choice with
legal moves in the engine's notation and real rules, which its moves or its end's scoring cite. A new game gets these checks by
being registered (and its data written down).
"""
from __future__ import annotations

import importlib

import pytest
from tutor_cases import HAND, NOT_YET, SCENARIOS

import gardenkit
from gardenkit.tutor import check_quiz

GAMES = gardenkit.available_games()


def quizzes(game: str):
    return importlib.import_module(f"gardenkit.tutor.{game}").quizzes()


def test_every_registered_game_has_its_quiz_answers_worked_out_by_hand_or_says_not_yet():
    assert set(HAND) | NOT_YET == set(GAMES) and not set(HAND) & NOT_YET


@pytest.mark.parametrize("game", sorted(HAND))
def test_quiz_answers_worked_out_by_hand_agree_with_the_engine(game):
    rules = gardenkit.make(game)
    found = quizzes(game)
    assert [q.id for q in found] == list(HAND[game])
    for quiz in found:
        assert quiz.game == game
        assert quiz.answer == HAND[game][quiz.id], quiz.id
        e = rules.explain(quiz.state, quiz.action)
        assert e.legal and e.points == quiz.answer, (quiz.id, e.text)
        action = rules.parse_action(quiz.state, quiz.action)
        assert rules.action_points(quiz.state, action) == quiz.answer, quiz.id
        assert str(action) == quiz.action  # the quiz names its move in the game's notation
        assert check_quiz(quiz, quiz.answer).correct
        assert quiz.rules and set(quiz.rules) <= set(rules.info.rules), quiz.id
        assert set(quiz.rules) & set(e.rules), (quiz.id, e.rules)


@pytest.mark.parametrize("game", GAMES)
def test_a_right_answer_is_right_and_a_wrong_one_says_too_high_or_too_low(game):
    found = quizzes(game)
    assert found
    for quiz in found:
        result = check_quiz(quiz, quiz.answer)
        assert result.correct, (quiz.id, result.message)
        high = check_quiz(quiz, quiz.answer + 1)
        assert not high.correct and "too high" in high.message, (quiz.id, high.message)
        low = check_quiz(quiz, quiz.answer - 1)
        assert not low.correct and "too low" in low.message, (quiz.id, low.message)
    assert "not a whole number" in check_quiz(found[0], "nine").message


# ----- scenarios ----------------------------------------------------------------------------------
def scenarios(game: str) -> list:
    tutor = importlib.import_module(f"gardenkit.tutor.{game}")
    found = []
    for name in SCENARIOS[game]:
        made = getattr(tutor, name)()
        found += list(made) if isinstance(made, (tuple, list)) else [made]
    return found


def test_every_registered_game_says_where_its_scenarios_come_from():
    assert set(SCENARIOS) == set(GAMES) and all(names[0] == "worked_examples" for names in SCENARIOS.values())


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_replays_from_a_players_choice_with_legal_moves_and_real_rules(game):
    rules = gardenkit.make(game)
    found = scenarios(game)
    assert found and len({sc.id for sc in found}) == len(found)
    assert any(sc.from_book for sc in found), "no worked example of the rulebook"
    for sc in found:
        assert sc.game == game, sc.id
        assert isinstance(rules.current_player(sc.start), int), sc.id  # the player steps a player's choice
        states = sc.states(rules)
        assert len(states) == len(sc.actions) + 1 == len(sc.captions) + 1, sc.id
        explanations = sc.explanations(rules)
        for state, action, e in zip(states, sc.actions, explanations):
            assert e.legal, (sc.id, action)
            assert str(rules.parse_action(state, action)) == action, (sc.id, action)  # the engine's notation
            assert set(e.rules) <= set(rules.info.rules), (sc.id, e.rules)
        assert sc.rules and set(sc.rules) <= set(rules.info.rules), sc.id
        # what it teaches is what its moves cite, or the scoring of where it ends (an end's scoring)
        cited = {r for e in explanations for r in e.rules}
        cited |= {line.rule for p in range(states[-1].players) for line in rules.score_breakdown(states[-1], p)}
        assert set(sc.rules) & cited, (sc.id, sc.rules)
