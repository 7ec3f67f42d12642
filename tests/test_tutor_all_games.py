"""Every registered game's quizzes (``gardenkit.tutor.<game>.quizzes()``), with per-game data only
(``quiz_answers.HAND``: the answers worked out by hand): each answer agrees with the engine, its
rules are real and cited by the engine's explanation, and a wrong answer is told too high or too
low. A new game gets these checks by being registered (and its hand answers written down)."""
from __future__ import annotations

import importlib

import pytest
from quiz_answers import HAND, NOT_YET

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
