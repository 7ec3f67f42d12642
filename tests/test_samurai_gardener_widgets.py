"""Samurai Gardener's widgets tested without a browser: call the methods a click calls, check what is shown."""
from __future__ import annotations

import json
import re

import pytest


import gardenkit
from gardenkit.tutor import check_quiz
from gardenkit.tutor import samurai_gardener as sg
from gardenkit.widgets import QuizWidget, SamuraiBoard, SamuraiGame, ScenarioPlayer, TryBoard

rules = gardenkit.make("samurai_gardener")


def dealt(players=2, seed=1, **kw):
    s = rules.initial_state(players=players, seed=seed, **kw)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    return s


def msg(board, **content):
    board._on_front_end_msg(board, content, [])


# ----- SamuraiBoard ------------------------------------------------------------------------
def test_selecting_a_card_shows_exactly_the_engines_legal_spots_with_their_points():
    s = dealt()
    board = SamuraiBoard(s)
    card = s.lineup[0]
    board.select(card)
    legal = rules.placements(s, card, False)
    assert board.spot_actions() == tuple(str(a) for a in legal)
    for sp in board.spots():
        if sp.points is not None:
            assert sp.points == rules.placement_points(s, rules.parse_action(s, sp.action))
            assert f'data-action="{sp.action}"' in board.svg
    assert 'class="gk-lcard gk-selected" data-card="%d"' % card in board.svg
    # the board computes nothing itself: its spots are the engine's targets for the picked card
    assert board.spots() == rules.targets(s, (card, False))
    for sp in board.spots():
        assert sp.legal == (sp.reason is None)
        if not sp.legal:
            assert sp.reason == rules.why_illegal(s, sp.action)


def test_turn_shows_the_turned_cards_spots():
    s = dealt()
    board = SamuraiBoard(s)
    board.select(s.lineup[1])
    board.turn()
    assert board.turned
    assert board.spot_actions() == tuple(str(a) for a in rules.placements(s, s.lineup[1], True))
    assert all("r@" in a for a in board.spot_actions())


def test_grey_spots_are_refused_by_the_engine_and_the_panel_names_the_rule():
    s = sg.protect_start()
    board = SamuraiBoard(s)
    board.select(s.lineup[0])
    grey = board.spot_actions(legal=False)
    assert grey
    for a in grey:
        assert rules.why_illegal(s, a) is not None
    protect = [a for a in grey if "place.protect" in rules.why_illegal(s, a)]
    assert protect
    assert board.play(protect[0]) is False
    assert "Not allowed" in board.panel.value and "samurai_gardener.place.protect" in board.panel.value
    assert board.state is s  # nothing changed


def test_playing_a_spot_applies_it_and_the_explanation_lists_lines_with_rule_summaries():
    s = sg.plus_eight_start()
    board = SamuraiBoard(s)
    action = sg.worked_examples()[0].actions[0]
    board.hover(action)
    assert "+8 points" in board.panel.value
    assert rules.info.rules["samurai_gardener.score.bonus"][:30] in board.panel.value
    assert board.play(action) is True
    assert board.state.scores[0] == s.scores[0] + 8


def test_malformed_notation_gives_a_message_not_a_traceback():
    board = SamuraiBoard(dealt())
    assert not board.play("seventeen at three")
    assert "cannot read action" in board.panel.value
    assert not board.play(17)
    board.select(999)
    assert "not in the line-up" in board.panel.value


def test_front_end_messages_are_validated_field_by_field():
    s = dealt()
    board = SamuraiBoard(s)
    v = board.version
    card = str(s.lineup[0])
    for bad in ({"kind": "pick"}, {"kind": "pick", "value": s.lineup[0], "version": v}, {"kind": "nope", "version": v},
                {"kind": "pick", "value": card, "version": v, "extra": 1}, [1, 2], "play",
                {"kind": "select", "card": s.lineup[0], "version": v},  # the old message kinds are gone
                {"kind": "play", "action": "x" * 500, "version": v}, {"kind": "ui", "name": "turn", "version": True}):
        msg(board, **bad) if isinstance(bad, dict) else board._on_front_end_msg(board, bad, [])
        assert board.selected is None and board.state is s
    msg(board, kind="pick", value=card, version=board.version)
    assert board.selected == s.lineup[0]
    msg(board, kind="ui", name="turn", version=board.version)
    assert board.turned
    action = board.spot_actions()[0]
    msg(board, kind="play", action=action, version=board._position_version - 1)  # another position's drawing: refused politely
    assert board.state is s and "changed" in board.panel.value
    msg(board, kind="play", action=action, version=board.version)
    assert board.state is not s


def test_each_redraw_sends_one_message_with_only_the_parts_that_changed():
    board = SamuraiBoard(dealt())
    sent = []
    original = board.send_state
    board.send_state = lambda key=None: (sent.append(set(key) if key is not None else None), original(key))[1]
    house_before = board.body  # the drawing's body is the house
    board.select(board.state.lineup[0])  # a pick: the spots (and their names) and the header change, the house does not
    assert sent[-1] == {"head", "tail", "target_names"} and board.body == house_before
    assert set(board.target_names) == {t.action for t in board.spots()}
    v = board.version
    board.turn()
    assert sent[-1] <= {"head", "tail", "target_names"} and {"head", "tail"} <= sent[-1] and board.version == v + 1
    names = dict(board.target_names)
    board.mark(board.spot_actions()[0])  # a ring only: the targets' names are not sent again
    assert sent[-1] == {"head", "tail"} and board.target_names == names
    assert f'data-version="{board.version}"' in board.head and board.svg.startswith("<svg")
    board.play(board.spot_actions()[0])  # a card placed: the house is sent again
    assert "body" in sent[-1] and board.body != house_before
    assert board.svg.count("<svg") == 1 and board.svg.endswith("</svg>")
    # the square patterns are sent once, in their own hidden drawing, never in a redraw
    assert "patterns" not in set().union(*sent) and "<pattern" not in board.svg
    assert board.patterns.count("<pattern") == 4 and f'url(#{board._uid}-G)' in board.svg


def test_locked_board_refuses_politely():
    s = dealt()
    board = SamuraiBoard(s)
    board.select(s.lineup[0])
    board.locked = "A bot is thinking."
    assert board.play(board.spot_actions()[0]) is False
    assert "thinking" in board.panel.value and board.state is s


def test_specialist_order_phase_offers_the_waiting_lines():
    sc = sg.order_scenario()
    states = sc.states(rules)
    board = SamuraiBoard(states[1])
    assert board.state.phase == "order"
    for r in set(states[1].pending.runs):
        assert f'data-action="score {r}"' in board.svg
    # the left-over line-up card can't be picked and there is nothing to turn
    assert "data-card=" not in board.svg and 'data-ui="turn"' not in board.svg
    assert "to score it next" in board.svg and "choose which line scores next" in board.svg
    # what it offers is what the engine's targets say, each with its points
    targets = rules.targets(states[1])
    assert {t.action for t in targets} == {f"score {r}" for r in set(states[1].pending.runs)}
    assert all(t.points == rules.explain(states[1], t.action).points for t in targets)
    assert board.play(sc.actions[1])


# ----- SamuraiGame -------------------------------------------------------------------------
def game(**kw):
    kw.setdefault("bot_delay", 0)
    return SamuraiGame(**kw)


def test_game_has_the_browser_hooks():
    g = game()
    classes = {c for w in (g.panel, g.moves, g.scores, g.hint_button, g.undo_button) for c in w._dom_classes}
    assert {"gk-explanation", "gk-log", "gk-scores", "gk-hint", "gk-undo"} <= classes


def test_a_move_updates_log_scores_and_bots_answer():
    g = game(players=3, seed=4)
    g.board.select(g.state.lineup[0])
    best = max(g.board.spots(), key=lambda sp: -1 if sp.points is None else sp.points)
    assert g.play(best.action)
    assert best.action in g.moves.value
    assert f"{best.points:+d}" in g.moves.value
    assert g.rules.current_player(g.state) == 0  # both bots have moved
    assert g.state.round == 2
    assert f"<td>{g.state.scores[0]}</td>" in g.scores.value
    assert g.chart_data()[0][-1] == g.state.scores[0]


def test_the_other_houses_show_read_only_with_name_and_score():
    g = game(players=3, seed=4)
    g.board.select(g.state.lineup[0])
    g.play(g.board.spot_actions()[0])
    html = g.others.value
    assert "gk-others" in g.others._dom_classes
    for p in (1, 2):
        assert f'data-player="{p}"' in html
        assert g.names[p] in html and f"{g.state.scores[p]} points" in html
        n = len(g.state.houses[p].placed)
        assert re.search(rf"\b{n} card{'s' if n != 1 else ''}\b", html)
    assert 'data-player="0"' not in html  # yours is the big board
    assert html.count("<svg") == 2 and 'data-action="' not in html and 'data-card="' not in html
    assert g.board.player == 0


def test_other_houses_follow_undo_and_new_games():
    g = game(players=2, seed=4)
    before = g.others.value
    g.board.select(g.state.lineup[0])
    g.play(g.board.spot_actions()[0])
    n = len(g.state.houses[1].placed)
    assert n > 1 and g.others.value != before and f"{n} cards" in g.others.value
    g.undo()
    assert re.search(r"\b1 card\b", g.others.value) and "2 cards" not in g.others.value
    g.new_game(players=4, seat=2)
    assert [f'data-player="{p}"' in g.others.value for p in range(4)] == [True, True, False, True]


def test_hint_marks_the_search_bots_move():
    g = game()
    g.hint_ms, g.hint_iterations = None, 30
    g.hint()
    action = g.last_hint.action
    assert g.board.marked == str(action) and action in g.rules.legal_actions(g.state)
    assert "gk-marked" in g.board.svg and "Hint" in g.panel.value


def test_undo_goes_back_to_your_previous_decision_including_bot_moves():
    g = game(players=3, seed=2)
    start = g.state
    g.board.select(start.lineup[0])
    g.play(g.board.spot_actions()[0])
    assert g.state != start
    assert g.undo() is True
    assert g.state == start
    assert g.undo() is False and "Nothing to undo" in g.panel.value


def test_human_in_a_later_seat_waits_for_the_bots():
    g = game(players=3, seat=2, seed=5)
    assert g.rules.current_player(g.state) == 2
    assert len([p for p in g.timeline.history if type(p).__name__ == "Place"]) == 2


def test_full_game_to_the_final_breakdown():
    g = game(players=2, seed=11)
    while g.rules.current_player(g.state) is not None:
        g.board.select(g.state.lineup[0])
        assert g.play(g.board.spot_actions()[0])
    out = g.rules.outcome(g.state)
    assert "Game over" in g.status.value
    assert "gk-final" in g.panel.value
    for p in range(2):
        assert f"{g.state.scores[p]} points" in g.panel.value
    assert g.names[out.winners[0]] in g.panel.value
    # the reason the game ended names its rule, as a link to that rule's section
    reason = re.search(r'<div class="gk-reason">(.*?)</div>', g.panel.value).group(1)
    assert out.reason.rule and f'data-rule="{out.reason.rule}"' in reason and out.reason.text.split()[0] in reason
    assert not g.play("1@0,0")


def test_thinking_bot_refuses_clicks_politely():
    g = game(players=2, seat=1, seed=3)
    g.board.locked = "Player 1 (greedy bot) is thinking; your click was not played. Wait a moment."
    g.board.select(g.state.lineup[0])
    before = g.state
    assert not g.play(g.board.spot_actions()[0])
    assert g.state is before and "thinking" in g.panel.value


def test_save_and_load_round_trip():
    g = game(players=3, seed=8, specialist=True)
    g.board.select(g.state.lineup[0])
    g.play(g.board.spot_actions()[0])
    data = json.dumps(g.save_data())
    assert "data:application/json;base64," in g.save_link.value and "download=" in g.save_link.value
    h = game(players=2, seed=1)
    assert h.load_data(data)
    assert h.state == g.state and h.seat == g.seat and h.state.specialist


@pytest.mark.parametrize("content", [
    b"not json", b"[1,2]", b'{"format": "gardenkit-game", "timeline": 5}', b"\xff\xfe",
    b'{"format": "gardenkit-game", "timeline": {"initial": {}, "actions": []}}',
])
def test_broken_files_give_a_message_and_the_game_goes_on(content):
    g = game()
    before = g.state
    assert g.load_data(content) is False
    assert "Could not load" in g.panel.value and "goes on" in g.panel.value
    assert g.state is before


def test_hand_edited_file_with_an_illegal_move_is_refused():
    g = game(seed=9)
    g.board.select(g.state.lineup[0])
    g.play(g.board.spot_actions()[0])
    d = g.save_data()
    d["timeline"]["actions"][-1] = "1@50,50"
    other = game(seed=1)
    assert not other.load_data(json.dumps(d))
    assert "cannot be replayed" in other.panel.value


def test_upload_widget_feeds_the_loader():
    g = game(seed=9)
    saved = json.dumps(g.save_data()).encode()
    other = game(seed=1)
    other._on_upload({"new": ({"name": "g.json", "content": memoryview(saved)},)})
    assert other.state == g.state


def test_new_game_from_controls():
    g = game()
    g.players_in.value = 4
    g.seat_in.value = 1
    g.option_inputs["specialist"].value = True
    g.seed_in.value = 21
    g.new_game_from_controls()
    assert g.state.players == 4 and g.seat == 1 and g.state.specialist
    assert g.rules.current_player(g.state) == 1
    assert len(g.chart_data()) == 4


def test_errors_in_callbacks_become_messages():
    g = game()
    g.new_game(players=2, seat=7)
    assert "Sorry" in g.panel.value


# ----- tutor widgets -----------------------------------------------------------------------
def test_try_board_for_every_try_position():
    for rule_id, (state, caption) in sg.try_positions().items():
        t = TryBoard(state, caption)
        assert rule_id in rules.info.rules
        assert t.board.spot_actions(), rule_id
        a = t.board.spot_actions()[0]
        assert t.play(a)
        t.reset()
        assert t.state == state


def test_try_board_shows_the_refusal_rule():
    state, caption = sg.try_positions()["samurai_gardener.place.protect"]
    t = TryBoard(state, caption)
    grey = [a for a in t.board.spot_actions(False) if "protect" in rules.why_illegal(state, a)]
    assert not t.play(grey[0])
    assert "samurai_gardener.place.protect" in t.panel.value


def test_scenario_player_steps_and_lets_you_choose_another_spot():
    sc = sg.worked_examples()[0]
    p = ScenarioPlayer(sc)
    assert p.board.marked == sc.actions[0]
    assert "+8 points" in p.panel.value
    p.forward()
    assert p.step == 1 and "Result: +8" in p.panel.value
    assert sc.captions[0][:20] in p.caption.value
    p.back()
    other = next(a for a in p.board.spot_actions() if a != sc.actions[0])
    pts = rules.explain(sc.start, other).points
    assert p.choose(other)
    assert f"Your choice scores {pts:+d}" in p.panel.value and "+8" in p.panel.value
    p.goto(0)
    assert p.alternative is None and p.board.state == sc.start


def test_scenario_player_specialist_order():
    sc = sg.order_scenario()
    p = ScenarioPlayer(sc)
    for _ in sc.actions:
        p.forward()
    final = sc.states(rules)[-1]
    assert f"Result: {final.scores[0] - sc.start.scores[0]:+d}" in p.panel.value


def test_quiz_widget_checks_with_the_engine():
    for quiz in sg.quizzes():
        q = QuizWidget(quiz)
        wrong = q.check(quiz.answer + 1)
        assert not wrong.correct and "gk-no" in q.result.value
        right = q.check(quiz.answer)
        assert right.correct and "gk-ok" in q.result.value
        assert right.message == check_quiz(quiz, quiz.answer).message
        assert "gk-prop" in q.board.svg and "data-action" not in q.board.svg  # nothing to click: a question
        assert f'class="gk-lcard gk-selected" data-card="{rules.parse_action(quiz.state, quiz.action).card}"' not in q.board.svg
        assert 'gk-lcard gk-selected' in q.board.svg  # the proposed card stands out in the line-up


# (the notebook's headings per rule id, public imports and no copied sentences: tests/test_all_games.py)

def test_pick_help_is_said_once_then_a_pick_sends_only_the_board():
    s = dealt()
    board = SamuraiBoard(s)
    board.select(s.lineup[0])
    assert "places it may go" in board.panel.value and "refused" in board.panel.value
    board.panel.value = "last explanation"
    board.select(s.lineup[1])
    assert board.panel.value == "last explanation"  # no second message per pick
    assert f"place card {s.lineup[1]}" in board.svg  # the board's own header says what to do


def test_the_score_chart_has_a_table_with_the_same_numbers():
    """The chart's text alternative: a table (round by round, one column per player) of exactly
    what the chart plots; the y axis counts in whole numbers."""
    game = SamuraiGame(seed=3, bot_delay=0)
    for _ in range(6):
        assert game.play(str(game.rules.legal_actions(game.state)[0]))
    data = game.chart_data()
    html = game.chart_table.value
    assert "<summary>The chart as a table</summary>" in html and "<caption>Points per round" in html
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', html)
    assert [int(r) for r, _ in rows] == list(range(len(data[0])))
    for i, (_r, cells) in enumerate(rows):
        assert [int(v) for v in re.findall(r"<td>(-?\d+)</td>", cells)] == [row[i] for row in data]
    ticks = game._yaxis.tick_values
    assert all(float(t).is_integer() for t in ticks) and ticks[-1] >= max(max(row) for row in data)
