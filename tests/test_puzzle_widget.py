"""The puzzle board (gardenkit.widgets.PuzzleWidget, ``gk-puzzle``) without a browser: lazy
until opened, a right answer, a wrong answer explained with its loss and rule ids (links), the
answer shown, try again, previous/next, bad input."""
from __future__ import annotations

import re

import pytest

import gardenkit
from gardenkit.bots import puzzles as P
from gardenkit.widgets import PuzzleWidget, Puzzles

GAMES = gardenkit.available_games()


def _status(w) -> dict:
    html = w.status.value
    return dict(re.findall(r"data-(puzzle|index|verdict)='([^']*)'", html))


def test_lazy_it_is_a_cover_that_reads_no_puzzle_until_opened():
    P._CACHE.pop("miyabi", None)
    w = PuzzleWidget("miyabi", lazy=True)
    assert not w.is_built and "gk-closed" in w._dom_classes and "gk-puzzle" in w._dom_classes
    assert w._puzzles is None and "miyabi" not in P._CACHE  # nothing read at page load
    assert "find the best move" in w.children[0].html
    w.build()
    assert w.is_built and w.board.state == w.puzzle.state
    assert Puzzles is PuzzleWidget


@pytest.mark.parametrize("game", GAMES)
def test_a_right_answer_is_the_best_move(game):
    w = PuzzleWidget(game)
    p = w.puzzle
    assert _status(w) == {"puzzle": p.id, "index": "0", "verdict": ""}
    assert w.board.player == p.player
    assert w.play(p.best) is True
    assert w.verdict == "best" and _status(w)["verdict"] == "best"
    assert "The best move!" in w.result.value and w.last.best
    assert w.board.state != p.state  # the move is shown played


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_answer_says_what_it_gives_up_and_why_with_rule_links(game):
    w = PuzzleWidget(game)
    p = w.puzzle
    rules = gardenkit.make(game)
    assert w.play(p.greedy) is True
    assert w.verdict == "worse"
    loss = p.best_numbers.margin - p.greedy_numbers.margin
    assert f"gives up {loss:.1f}" in w.result.value
    words = re.sub(r"<[^>]+>", "", w.result.value)
    assert not re.search(rf"(?<![\w.@/]){re.escape(p.best)}(?![\w.@/])", words)  # not given away
    # why: both moves' points now, each score line's rule a link
    best_e = rules.explain(p.state, rules.parse_action(p.state, p.best))
    mine_e = rules.explain(p.state, rules.parse_action(p.state, p.greedy))
    for line in best_e.lines + mine_e.lines:
        if line.points:
            assert f'data-rule="{line.rule}"' in w.result.value
    for line in mine_e.lines:
        assert f'data-rule="{line.rule}"' in w.panel.value
    # a second click before "Try again" is refused politely
    assert w.play(p.best) is False and w.verdict == "worse"
    w.try_again()
    assert w.verdict == "" and w.board.state == p.state
    assert w.play(p.best) and w.verdict == "best"


def test_show_the_answer_rings_the_best_move_and_names_it():
    w = PuzzleWidget("miyabi")
    p = w.puzzle
    w.show_answer()
    assert w.verdict == "shown" and w.board.marked == p.best
    assert p.best in w.result.value and "gk-rule-link" in w.panel.value + w.result.value or not any(
        line.points for line in gardenkit.make("miyabi").explain(p.state, gardenkit.make("miyabi").parse_action(
            p.state, p.best)).lines)


def test_previous_and_next_step_through_the_puzzles():
    w = PuzzleWidget("karesansui")
    n = len(w.puzzles)
    assert w.prev_button.disabled and not w.next_button.disabled
    w.next()
    assert w.index == 1 and _status(w)["puzzle"] == w.puzzles[1].id and w.board.state == w.puzzles[1].state
    assert w.board.player == w.puzzles[1].player
    w.previous()
    assert w.index == 0
    w.goto(n - 1)
    assert w.next_button.disabled
    w.next()
    assert w.index == n - 1
    w2 = PuzzleWidget("karesansui", start=2)
    assert w2.index == 2 and w2.puzzle.id == w.puzzles[2].id


def test_an_illegal_click_is_refused_by_the_board_with_its_rule():
    for game in ("miyabi", "karesansui"):
        w = PuzzleWidget(game)
        refused = w.board.spot_actions(legal=False)
        if refused:
            assert w.play(refused[0]) is False
            assert w.verdict == "" and "gk-rule-link" in w.panel.value and w.board.state == w.puzzle.state
            return
    pytest.skip("no refused spot drawn on these boards")


def test_bad_input_is_a_clear_value_error():
    with pytest.raises(ValueError, match="unknown game"):
        PuzzleWidget("chess")
    with pytest.raises(ValueError, match="start"):
        PuzzleWidget("miyabi", start=-1)
    with pytest.raises(ValueError, match="no puzzle"):
        PuzzleWidget("miyabi", start=10_000)
    w = PuzzleWidget("miyabi")
    with pytest.raises(ValueError, match="a puzzle is a number"):
        w.goto(len(w.puzzles))
    assert w.play("no such move") is False and w.verdict == ""
