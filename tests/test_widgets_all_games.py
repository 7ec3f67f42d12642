"""Every registered game's widgets, tested without a browser through the same public methods a
click calls: what every game's explanation, board and view must show."""
from __future__ import annotations

import pytest

import gardenkit


@pytest.mark.parametrize("game_id", sorted(gardenkit.available_games()))
def test_every_rule_an_explanation_cites_is_shown_as_a_link(game_id):
    """A legal move's explanation shows every rule it cites: its score lines', its effects' and the
    rules that make the move legal at all (Samurai Gardener's touch rule cites no line: "allowed by")."""
    from gardenkit.widgets._html import explanation_html

    R = gardenkit.make(game_id)
    s = R.initial_state(players=max(3, R.info.min_players), seed=1)
    seen = 0
    for _ in range(60):
        if R.is_terminal(s):
            break
        if R.current_player(s) is gardenkit.CHANCE:
            s = R.step_chance(s)
            continue
        for a in R.legal_actions(s)[:5]:
            e = R.explain(s, a)
            html = explanation_html(R, e)
            for rule in e.rules:
                assert f'data-rule="{rule}"' in html, (game_id, str(a), rule)
            seen += 1
        s = R.apply(s, R.legal_actions(s)[0])
    assert seen >= 20


@pytest.mark.parametrize("game_id", sorted(gardenkit.available_games()))
def test_the_board_says_the_position_in_words_as_the_seat_sees_it(game_id):
    """The board's text alternative (``position_text``) is ``rules.describe`` of the position shown,
    for the seat that sees it: whose turn, the scores, what that seat holds; it follows each move."""
    view_class = gardenkit.entry(game_id).game_view_class()
    R = gardenkit.make(game_id)
    game = view_class(players=max(2, R.info.min_players), seat=0, seed=4, bot_delay=0)
    board = game.board
    assert board.position_text == "\n".join(R.describe(game.state, 0))
    assert board.position_text.splitlines()[0] == "Your move."
    assert board.position_text.splitlines()[1].startswith("Scores: player 1 (you) 0 ")
    before = board.position_text
    assert game.play(str(R.legal_actions(game.state)[0]))
    assert board.position_text == "\n".join(R.describe(game.state, 0)) != before
