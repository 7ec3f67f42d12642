"""Miyabi widgets tested without a browser: call what a click calls (the front end's messages,
or the public methods), check what is shown against the engine."""
from __future__ import annotations

import html
import json
import random
import re

import pytest

import gardenkit
from gardenkit.games.miyabi.setups import position
from gardenkit.tutor import check_quiz
from gardenkit.tutor import miyabi as lessons
from gardenkit.widgets import MiyabiBoard, MiyabiGame, QuizWidget, SamuraiGame, ScenarioPlayer, TryBoard

rules = gardenkit.make("miyabi")


def dealt(players=2, seed=1, **options):
    s = rules.initial_state(players=players, seed=seed, **options)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    return s


def msg(board, **content):
    board._on_front_end_msg(board, content, [])


def actions_in(svg: str) -> list[str]:
    return re.findall(r'data-action="([^"]*)"', svg)


# ----- MiyabiBoard: the spots come from the engine ----------------------------------------------
POSITIONS = {
    "fresh": lessons.fresh_start, "lanterns": lessons.lantern_start, "green": lessons.green_start,
    "pond": lessons.pond_start, "pass": lessons.pass_start, "zen": lessons.zen_hole_start,
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_ticked_spot_is_legal_with_the_engines_points_and_every_legal_move_is_ticked(name):
    s = POSITIONS[name]()
    board = MiyabiBoard(s)
    ticked = set()
    for tid in s.display:
        tile = s.components.tile(tid)
        board.pick(str(tid))
        for rot in tile.rotations:
            assert board.rot == rot
            legal = {str(a) for a in rules.placements(s, tid, rot)}
            assert set(board.spot_actions()) == legal, (tid, rot)
            for sp in board.spots():
                if sp.points is not None:
                    a = rules.parse_action(s, sp.action)
                    assert sp.points == rules.action_points(s, a) == rules.explain(s, sp.action).points
                    assert f'data-action="{sp.action}"' in board.svg
                    assert (f"+{sp.points}" in board.svg) or sp.points == 0
            ticked |= set(board.spot_actions())
            board.rotate()
        assert board.rot == 0  # a full cycle of turns comes back
    for z in s.zen_display:
        board.pick(f"Z{z}")
        assert set(board.spot_actions()) == {str(a) for a in rules.zen_placements(s) if a.zen == z}
        ticked |= set(board.spot_actions())
    places = {str(a) for a in rules.legal_actions(s) if type(a).__name__ in ("Place", "PlaceZen")}
    assert ticked == places


def test_refused_spots_are_refused_by_the_engine_and_hover_names_the_rule():
    s = lessons.lantern_start()
    board = MiyabiBoard(s)
    seen_rules = set()
    for tid in s.display:
        board.pick(str(tid))
        for a in board.spot_actions(legal=False):
            expl = rules.explain(s, a)
            assert not expl.legal and rules.why_illegal(s, a) is not None
            board.hover(a)
            assert "Not allowed" in board.panel.value
            assert expl.rules and expl.rules[0] in board.panel.value
            assert html.escape(rules.info.rules[expl.rules[0]][:25]) in board.panel.value
            seen_rules |= set(expl.rules)
            assert f'data-action="{a}"' in board.svg and "gk-illegal" in board.svg
    assert {"miyabi.place.lantern", "miyabi.place.grid"} <= seen_rules
    # clicking a refused spot plays nothing and says why
    board.pick("72")
    assert board.play("72@b3") is False
    assert "miyabi.place.lantern" in board.panel.value and board.state is s


def test_hovering_a_legal_spot_explains_its_points():
    s = lessons.pond_start()
    board = MiyabiBoard(s)
    board.pick("72")
    board.hover("72@b3")
    assert "+9 points" in board.panel.value and "3 fish x layer 3" in board.panel.value
    assert board.state is s


# ----- MiyabiBoard: the front end's messages ---------------------------------------------------
def test_pick_rotate_and_play_through_front_end_messages():
    s = lessons.lantern_start()
    board = MiyabiBoard(s)
    msg(board, kind="pick", value="72", version=board.version)
    assert board.selected == "72" and board.rot == 0
    assert "Tile 72:" in board.panel.value and "refused" in board.panel.value  # said once, on the first pick
    assert 'data-pick="72"' in board.svg and 'data-ui="rotate"' in board.svg
    msg(board, kind="ui", name="rotate", version=board.version)
    assert board.rot == 90
    assert all(a.endswith("/90") for a in board.spot_actions())
    msg(board, kind="ui", name="rotate", version=board.version)
    assert board.rot == 0  # the straight triple with its object in the middle: two footprints only
    action = board.spot_actions()[0]
    msg(board, kind="play", action=action, version=board._position_version - 1)  # another position's drawing: refused politely
    assert board.state is s and "changed" in board.panel.value
    msg(board, kind="hover", action=action, version=board.version)
    assert action in board.panel.value and board.state is s
    msg(board, kind="play", action=action, version=board.version)
    assert board.state is not s and board.state.gardens[0].pieces[-1].tile == 72


@pytest.mark.parametrize("value, says", [
    ("Z99", "Tile Z99 is not face up"), ("abc", "picked by its number"), ("95", "Tile 95 is not face up"),
    ("-3", "picked by its number"), ("１７", "picked by its number"), ("Z", "picked by its number"),
])
def test_bad_picks_leave_the_state_alone_with_a_message(value, says):
    s = lessons.lantern_start()
    board = MiyabiBoard(s)
    board.pick("72")
    board.rotate()
    version = board.version
    msg(board, kind="pick", value=value, version=version)
    assert says in board.panel.value
    assert board.state is s and board.selected == "72" and board.rot == 90
    assert board.version == version  # nothing redrawn


def test_malformed_messages_are_dropped():
    s = lessons.lantern_start()
    board = MiyabiBoard(s)
    v = board.version
    for bad in ({"kind": "pick"}, {"kind": "pick", "value": 72, "version": v},
                {"kind": "pick", "value": "", "version": v}, {"kind": "pick", "value": "72", "version": v, "extra": 1},
                {"kind": "pick", "value": "7" * 500, "version": v},
                {"kind": "ui", "name": "rotate", "version": True}, {"kind": "rotate", "version": v}, [1, 2], "pick"):
        msg(board, **bad) if isinstance(bad, dict) else board._on_front_end_msg(board, bad, [])
        assert board.selected is None and board.state is s
    msg(board, kind="ui", name="fly", version=board.version)
    assert "no control named" in board.panel.value
    assert not board.play("72 on b3") and "moves look like" in board.panel.value  # how a move is written
    assert not board.play(72)
    board.select(True)
    assert "not True" in board.panel.value and board.selected is None


def test_rotate_cycles_only_distinct_footprints():
    s = lessons.lantern_start()  # singles, doubles, the straight triple 72 and corner triples on display
    board = MiyabiBoard(s)
    for tid in s.display:
        tile = s.components.tile(tid)
        board.pick(str(tid))
        feet = []
        for _ in range(len(tile.rotations)):
            feet.append(frozenset(tile.footprint(board.rot)))
            board.rotate()
        assert board.rot == 0
        assert len(set(feet)) == len(feet) == len(tile.rotations), tid
        if len(tile.rotations) == 1:
            assert "single square" in board.panel.value
    kinds = {s.components.tile(t).shape: len(s.components.tile(t).rotations) for t in s.display}
    assert kinds == {"single": 1, "double": 4, "straight": 2, "corner": 4}
    # nothing picked: a message
    board = MiyabiBoard(s)
    board.rotate()
    assert "Pick a tile" in board.panel.value and board.rot == 0


def test_mark_picks_the_marked_moves_tile_and_turn():
    s = lessons.lantern_start()
    board = MiyabiBoard(s)
    action = next(str(a) for a in rules.legal_actions(s) if str(a).endswith("/90"))
    board.mark(action)
    assert board.marked == action and board.selected == action.split("@")[0] and board.rot == 90
    assert re.search(rf'class="gk-spot[^"]*gk-marked[^"]*" data-action="{re.escape(action)}"', board.svg)


# ----- playing: on_play or hot-seat ------------------------------------------------------------
def test_on_play_gets_the_action_and_the_board_keeps_its_state():
    s = lessons.lantern_start()
    got = []
    board = MiyabiBoard(s, on_play=lambda a, e: got.append((a, e)))
    board.pick("72")
    assert board.play("72@e3")
    (action, expl), = got
    assert str(action) == "72@e3" and expl.legal and expl.points == rules.explain(s, "72@e3").points
    assert board.state is s


def test_hot_seat_applies_the_move_and_resolves_chance():
    # player 2 has passed and player 1 has only column f left: the last tile ends the round
    s = position(players=2, round=2, passed=(1,), lanterns={0: "abcde"}, display=[1, 28, 60])
    board = MiyabiBoard(s)
    board.pick("1")
    assert board.spot_actions() == ("1@f1",)
    assert board.play("1@f1")
    t = board.state
    assert rules.current_player(t) is not gardenkit.CHANCE and t.phase == "turn"
    assert t.round == 3 and t.display and t.lanterns == (0, 0)
    assert "Played:" in board.panel.value
    # hot-seat: the board now shows whoever is to move
    assert board.player == rules.current_player(t)


def test_pass_is_offered_only_when_nothing_fits():
    s = lessons.pass_start()
    board = MiyabiBoard(s)
    assert rules.why_illegal(s, "pass") is None
    assert "pass" in actions_in(board.svg)
    assert board.play("pass")
    fresh = lessons.fresh_start()
    assert "pass" not in actions_in(MiyabiBoard(fresh).svg) and rules.why_illegal(fresh, "pass") is not None


def test_spots_are_the_engines_targets_and_refused_ones_show_only_when_asked():
    s = lessons.lantern_start()
    board = MiyabiBoard(s)
    board.pick("72")
    board.rotate()
    assert board.spots() == rules.targets(s, (72, board.rot))
    assert board.spot_actions(False) and all(sp.reason for sp in board.spots() if not sp.legal)
    quiet = MiyabiBoard(s, show_illegal=False)
    quiet.pick("72")
    quiet.rotate()
    assert quiet.spots() == tuple(t for t in board.spots() if t.legal) and not quiet.spot_actions(False)
    assert "gk-illegal" in board.svg and "gk-illegal" not in quiet.svg


def test_a_zen_pick_shows_the_zen_spots_and_plays():
    s = lessons.zen_hole_start()
    board = MiyabiBoard(s)
    msg(board, kind="pick", value="z14", version=board.version)  # either case
    assert board.selected == "Z14"
    assert set(board.spot_actions()) == {str(a) for a in rules.zen_placements(s) if a.zen == 14}
    assert "Z14@a6" in board.spot_actions()
    board.rotate()
    assert "single square" in board.panel.value and board.rot == 0
    board.hover("Z14@a6")
    assert "+6 points" in board.panel.value
    assert board.play("Z14@a6")
    assert board.state.scores[0] == s.scores[0] + 6


def test_a_frog_game_sets_up_frogs_by_clicking_squares_then_moves_and_ends_turns():
    s = dealt(players=2, seed=1, frog=True)
    assert s.phase == "frog_start"
    board = MiyabiBoard(s)
    targets = [a for a in actions_in(board.svg) if a.startswith("frog")]
    assert sorted(targets) == sorted(str(a) for a in rules.legal_actions(s)) and len(targets) == 36
    assert "put your frog" in board.svg
    assert 'data-ui="rotate"' not in board.svg and not board.spots()
    msg(board, kind="play", action="frog a1", version=board.version)
    f = board.state.frogs[0]
    assert (f.x, f.y, f.golden) == (0, 0, False) and board.state.phase == "frog_start"
    assert board.play("frog b2")
    s = board.state
    assert s.phase == "turn" and rules.current_player(s) == 0
    # before the placement: frog moves are offered beside the spots
    frog_moves = {str(a) for a in rules.frog_moves(s)}
    assert frog_moves and frog_moves <= set(actions_in(board.svg))
    board.pick(str(s.display[0]))
    assert board.play(board.spot_actions()[0])
    after = board.state
    assert after.phase == "after" and rules.current_player(after) == 0
    assert "end" in actions_in(board.svg) and "end the turn" in board.svg
    assert {str(a) for a in rules.frog_moves(after)} <= set(actions_in(board.svg))
    assert board.play("end")
    assert rules.current_player(board.state) == 1 and board.state.phase == "turn"


def test_frog_move_after_placing_ends_the_turn_too():
    s = lessons.frog_start("b4")
    board = MiyabiBoard(s)
    board.pick("28")
    assert board.play("28@a6")
    assert board.state.phase == "after"
    board.hover("frog c4")
    assert "+3 points" in board.panel.value
    assert board.play("frog c4")
    assert board.state.scores[0] == s.scores[0] + 1 + 3


# ----- MiyabiGame -----------------------------------------------------------------------------
def game(**kw):
    kw.setdefault("bot_delay", 0)
    return MiyabiGame(**kw)


def test_game_has_the_browser_hooks():
    g = game()
    classes = {c for w in (g.panel, g.moves, g.scores, g.hint_button, g.undo_button) for c in w._dom_classes}
    assert {"gk-explanation", "gk-log", "gk-scores", "gk-hint", "gk-undo"} <= classes
    assert set(g.option_inputs) == {"colorful", "meadow", "zen", "seven", "frog"}


@pytest.mark.parametrize("players, options, seed", [
    (2, {}, 3),
    (3, dict(colorful=True, meadow=True, zen=True, seven=True, frog=True), 5),
])
def test_full_game_against_bots_to_the_final_breakdown(players, options, seed):
    g = game(players=players, seed=seed, **options)
    pick = random.Random(seed)
    kinds = set()
    for _ in range(400):
        s = g.state
        if rules.current_player(s) is None:
            break
        assert rules.current_player(s) == 0 and not g.thinking
        action = pick.choice(rules.legal_actions(s))
        kinds.add(type(action).__name__)
        assert g.play(str(action)), (str(action), g.panel.value)
        assert str(action) in g.moves.value
    s = g.state
    assert rules.current_player(s) is None and s.over
    if options.get("frog"):
        assert {"Frog", "EndTurn"} <= kinds
    out = rules.outcome(s)
    scores = rules.scores(s)
    assert "Game over" in g.status.value
    assert all(g.names[w] in g.status.value for w in out.winners)
    assert "gk-final" in g.panel.value
    for p in range(players):
        assert f"{scores[p]} points" in g.panel.value
        table = html.unescape(g.scores.value).replace("\xa0", " ")  # (a name breaks only before its note)
        assert re.search(rf"<td>{re.escape(g.names[p])}</td><td>{scores[p]}</td>", table)
    chart = g.chart_data()
    assert len(chart) == players and all(len(row) == s.round + 1 for row in chart)
    assert [row[-1] for row in chart] == list(scores)
    assert all(row[0] == 0 and row == sorted(row) for row in chart)  # points only ever add up
    assert not g.play(str(action)) and "over" in g.panel.value
    g.hint()
    assert "nothing to hint" in g.panel.value


def test_the_chart_plots_the_score_at_the_end_of_each_round():
    g = game(players=2, seed=4)
    while g.state.round < 3:
        g.play(str(rules.legal_actions(g.state)[0]))
    states = g.timeline.states()
    for r in (1, 2):
        end_of_round = next(s for s in states if s.round == r + 1)  # the first state of the next round
        assert [row[r] for row in g.chart_data()] == list(rules.scores(end_of_round))
    assert [row[-1] for row in g.chart_data()] == list(rules.scores(g.state))
    assert len(g.chart_data()[0]) == g.state.round + 1


def test_a_move_updates_log_scores_and_the_bot_answers():
    g = game(players=2, seed=4)
    s = g.state
    tid = s.display[0]
    g.board.pick(str(tid))
    best = max((sp for sp in g.board.spots() if sp.points is not None), key=lambda sp: sp.points)
    assert g.play(best.action)
    assert best.action in g.moves.value and f"{best.points:+d}" in g.moves.value
    assert "greedy bot" in g.moves.value  # the bot answered
    assert rules.current_player(g.state) == 0
    assert f"<td>{g.state.scores[0]}</td>" in g.scores.value
    assert "Lanterns" in g.scores.value


def test_hint_rings_a_legal_move():
    g = game(players=2, seed=4)
    g.hint_ms, g.hint_iterations = None, 30
    g.hint()
    action = g.last_hint.action
    assert g.board.marked == str(action)
    assert str(action) in {str(a) for a in rules.legal_actions(g.state)}
    assert "gk-marked" in g.board.svg and "Hint" in g.panel.value
    assert g.board.selected == str(action).split("@")[0]
    assert g.play(g.board.marked)


def test_hint_in_the_frog_setup_rings_a_frog_square():
    g = game(players=2, seed=4, frog=True)
    assert g.state.phase == "frog_start"
    g.hint()
    assert g.board.marked.startswith("frog ")
    assert re.search(rf'class="gk-frog-target gk-marked" data-action="{g.board.marked}"', g.board.svg)


def test_undo_goes_back_to_your_previous_decision_including_bot_moves():
    g = game(players=3, seed=2)
    start = g.state
    g.board.pick(str(start.display[0]))
    assert g.play(g.board.spot_actions()[0])
    assert g.state != start and len(g.timeline.history) > 1
    assert g.undo() is True
    assert g.state == start and "Undone" in g.panel.value
    assert "No moves yet" in g.moves.value
    assert g.undo() is False and "Nothing to undo" in g.panel.value


def test_save_and_load_round_trip_with_the_expansions():
    g = game(players=3, seed=8, zen=True, frog=True, seven=True)
    for _ in range(5):
        g.play(str(rules.legal_actions(g.state)[-1]))
    data = json.dumps(g.save_data())
    assert "data:application/json;base64," in g.save_link.value and "download=" in g.save_link.value
    h = game(players=2, seed=1)
    assert h.load_data(data)
    assert h.state == g.state and h.seat == g.seat and h.seed == 8
    assert (h.state.zen, h.state.frog, h.state.seven) == (True, True, True)
    assert not (h.state.colorful or h.state.meadow)
    assert rules.options(h.timeline.initial) == dict(colorful=False, meadow=False, zen=True, seven=True, frog=True,
                                                     start_player=0)
    assert "Loaded a saved game" in h.panel.value
    assert h.timeline.history == g.timeline.history
    # the loaded game plays on
    assert h.play(str(rules.legal_actions(h.state)[0]))
    # and its file loads back into a base game too
    base = game()
    assert base.load_data(json.dumps(h.save_data())) and base.state == h.state


def test_a_samurai_save_is_refused_by_the_miyabi_game():
    samurai = SamuraiGame(bot_delay=0).save_data()
    g = game()
    before = g.state
    assert g.load_data(json.dumps(samurai)) is False
    assert "Could not load" in g.panel.value and "samurai_gardener" in g.panel.value and "goes on" in g.panel.value
    assert g.state is before
    # a bare Samurai timeline (no wrapper) is refused too
    assert g.load_data(json.dumps(samurai["timeline"])) is False and g.state is before


@pytest.mark.parametrize("content", [
    b"not json", b"[1,2]", b'{"format": "gardenkit-game", "game": "miyabi", "timeline": 5}', b"\xff\xfe",
    b'{"format": "gardenkit-game", "game": "miyabi", "timeline": {"initial": {}, "actions": []}}',
])
def test_broken_files_give_a_message_and_the_game_goes_on(content):
    g = game()
    before = g.state
    assert g.load_data(content) is False
    assert "Could not load" in g.panel.value and "goes on" in g.panel.value
    assert g.state is before


def test_hand_edited_file_with_an_illegal_move_is_refused():
    g = game(seed=9)
    g.play(str(rules.legal_actions(g.state)[0]))
    d = g.save_data()
    d["timeline"]["actions"][-1] = "pass"
    other = game(seed=1)
    before = other.state
    assert not other.load_data(json.dumps(d))
    assert "Could not load" in other.panel.value and other.state is before


def test_the_other_gardens_are_drawn_read_only_with_name_and_score():
    g = game(players=3, seed=4)
    g.board.pick(str(g.state.display[0]))
    g.play(g.board.spot_actions()[0])
    html = g.others.value
    assert "gk-others" in g.others._dom_classes
    for p in (1, 2):
        n = len(g.state.gardens[p].pieces)
        assert f'data-player="{p}"' in html and g.names[p] in html
        assert f"{g.state.scores[p]} points · {n} tile{'s' if n != 1 else ''}" in html
        assert html.count(g.names[p]) == 1  # named once, by the card (the small drawing has no caption to cut off)
    assert 'data-player="0"' not in html  # yours is the big board
    assert html.count("<svg") == 2 and "data-action=" not in html and "data-pick=" not in html
    g.new_game(players=4, seat=2)
    assert [f'data-player="{p}"' in g.others.value for p in range(4)] == [True, True, False, True]
    assert g.board.player == 2 and len(g.chart_data()) == 4


def test_new_game_from_controls_with_expansions():
    g = game()
    g.players_in.value = 3
    g.seat_in.value = 1
    g.option_inputs["zen"].value = True
    g.option_inputs["frog"].value = True
    g.seed_in.value = 21
    g.new_game_from_controls()
    s = g.state
    assert s.players == 3 and g.seat == 1 and s.zen and s.frog and not s.seven
    assert rules.current_player(s) == 1
    assert "C Zen Garden" in g.panel.value and "E Frog" in g.panel.value


def test_errors_in_callbacks_become_messages():
    g = game()
    g.new_game(players=2, seat=7)
    assert "Sorry" in g.panel.value
    g.new_game(players=2, opponents="smart")
    assert "Sorry" in g.panel.value


def test_human_in_a_later_seat_waits_for_the_bots():
    g = game(players=3, seat=2, seed=5)
    assert rules.current_player(g.state) == 2
    assert sum(1 for a in g.timeline.history if type(a).__name__ == "Place") == 2


def test_thinking_bot_refuses_clicks_politely():
    g = game(players=2, seed=3)
    g.board.locked = "Player 2 (greedy bot) is thinking; your click was not played. Wait a moment."
    before = g.state
    assert not g.play(str(rules.legal_actions(before)[0]))
    assert g.state is before and "thinking" in g.panel.value


# ----- tutor widgets on Miyabi states --------------------------------------------------------
@pytest.mark.parametrize("rule_id", sorted(lessons.try_positions()))
def test_try_board_for_every_try_position(rule_id):
    state, caption = lessons.try_positions()[rule_id]
    assert rule_id in rules.info.rules
    t = TryBoard(state, caption)
    assert isinstance(t.board, MiyabiBoard)
    legal = {str(a) for a in rules.legal_actions(state)}
    if state.phase == "turn" and (state.display or state.zen_display):
        assert t.board.selected is not None  # the first tile is picked
    offered = set(actions_in(t.board.svg))
    ticked = set(t.board.spot_actions())
    assert ticked <= legal and (ticked or offered & legal), rule_id
    a = sorted(ticked)[0] if ticked else sorted(offered & legal)[0]
    assert t.play(a)
    assert t.state != state and "Played:" in t.panel.value
    assert "Try again" in t.board.svg
    t.reset()
    assert t.state == state


def test_try_board_shows_the_refusal_rule():
    state, caption = lessons.try_positions()["miyabi.place.lantern"]
    t = TryBoard(state, caption)
    t.board.pick("72")
    refused = [a for a in t.board.spot_actions(False) if "lantern" in rules.why_illegal(state, a)]
    assert refused
    assert not t.play(refused[0])
    assert "miyabi.place.lantern" in t.panel.value and t.state is state


def _scenarios():
    return list(lessons.worked_examples()) + [lessons.frog_scenario(), lessons.final_scoring_scenario()]


@pytest.mark.parametrize("index", range(len(_scenarios())), ids=[sc.id for sc in _scenarios()])
def test_scenario_player_steps_through_every_example(index):
    sc = _scenarios()[index]
    p = ScenarioPlayer(sc)
    states = sc.states(rules)
    assert p.board.marked == str(rules.parse_action(states[0], sc.actions[0]))
    # the rulebook's examples offer "the book's move"; our own lessons "the suggested move"
    assert ("The book&#x27;s move" if sc.from_book else "The suggested move") in p.panel.value
    for i in range(len(sc.actions)):
        assert p.forward_button.disabled is False
        p.forward()
        assert p.step == i + 1 and p.board.state == states[i + 1]
    assert p.forward_button.disabled
    gained = states[-1].scores[p.player] - states[0].scores[p.player]
    assert f"Result: {gained:+d} points" in p.panel.value
    p.goto(0)
    assert p.board.state == states[0] and p.back_button.disabled


def test_scenario_player_lets_you_choose_another_spot():
    sc = next(s for s in lessons.worked_examples() if s.id == "pagodas")
    p = ScenarioPlayer(sc)
    other = next(a for a in p.board.spot_actions() if a != sc.actions[0])
    pts = rules.explain(sc.start, other).points
    assert p.choose(other)
    assert f"Your choice scores {pts:+d}" in p.panel.value
    assert p.book_button.layout.display is None
    p.goto(0)
    assert p.alternative is None and p.board.state == sc.start


def test_quiz_widget_checks_with_the_engine():
    for quiz in lessons.quizzes():
        q = QuizWidget(quiz)
        assert isinstance(q.board, MiyabiBoard)
        wrong = q.check(quiz.answer + 1)
        assert not wrong.correct and "gk-no" in q.result.value
        right = q.check(quiz.answer)
        assert right.correct and "gk-ok" in q.result.value
        assert right.message == check_quiz(quiz, quiz.answer).message
        assert "data-action" not in q.board.svg and "data-pick" not in q.board.svg  # a question: nothing to click
        assert f"+{quiz.answer}" not in re.sub(r"<text class=\"gk-tx gk-status\".*?</text>", "", q.board.svg) \
            or quiz.answer == 0  # the board does not give the answer away
        assert not q.board.play(quiz.action) and "only shows" in q.panel.value


@pytest.mark.parametrize("quiz_id", ["q-layer-three", "q-zen-hole", "q-frog-climb"])
def test_quiz_board_outlines_the_proposed_move(quiz_id):
    quiz = next(q for q in lessons.quizzes() if q.id == quiz_id)
    q = QuizWidget(quiz)
    assert "(outlined)" in q.board.svg
    if quiz.action.startswith("frog"):
        assert 'class="gk-frog-target gk-marked"' in q.board.svg
    else:
        assert q.board.svg.count("gk-ghost-mark") == 1 and "gk-marked" in q.board.svg
    assert "data-action" not in q.board.svg and f">+{quiz.answer}<" not in q.board.svg


def test_a_pick_has_one_spelling_per_tile():
    s = lessons.lantern_start()
    board = MiyabiBoard(s)
    board.pick("072")
    assert board.selected == "72" and 'class="gk-mtilepick gk-mpick gk-selected" data-pick="72"' in board.svg
    board.rotate()
    board.pick("72")  # the same tile: its turn is kept
    assert board.selected == "72" and board.rot == 90
    z = MiyabiBoard(lessons.zen_hole_start())
    z.pick("z014")
    assert z.selected == "Z14" and "Z14@a6" in z.spot_actions()


def test_loading_a_game_shows_its_settings_so_new_game_starts_from_them():
    saved = MiyabiGame(players=3, seat=1, seed=5, bot_delay=0, zen=True, frog=True).save_data()
    g = MiyabiGame(players=2, seed=1, bot_delay=0)
    assert g.load_data(saved)
    assert (g.players_in.value, g.seat_in.value, g.seed_in.value) == (3, 1, 5)
    assert {k: w.value for k, w in g.option_inputs.items()} == {
        "colorful": False, "meadow": False, "zen": True, "seven": False, "frog": True}
    g.new_game_from_controls()
    assert (g.state.players, g.seat, g.state.zen, g.state.frog, g.state.colorful) == (3, 1, True, True, False)


def test_in_a_frog_game_undo_takes_back_the_hop_then_the_tile_and_picks_say_what_to_do_first():
    g = MiyabiGame(players=2, seed=1, bot_delay=0, frog=True)
    assert g.state.phase == "frog_start" and "put your frog" in g.panel.value
    g.board.pick(str(g.state.display[0]))  # a tile before the frog is set: told what comes first
    assert "First put your frog" in g.panel.value and g.board.selected is None
    assert g.play("frog a1")
    start = g.state
    assert start.phase == "turn" and not start.frog_moved
    g.board.pick(str(start.display[0]))
    placed = next(a for a in g.board.spot_actions())
    assert g.play(placed)
    hop = g.state
    assert hop.phase == "after"  # the frog may hop after the tile (seed 1): the explanation said so
    assert "hop your frog" in g.panel.value
    g.board.pick(str(g.state.display[0]))
    assert "Your tile is placed" in g.panel.value
    assert g.play("end")
    assert g.undo()
    assert g.state == hop  # one decision at a time: the hop (here "end") first
    assert g.undo()
    assert g.state == start  # then the tile


def test_a_file_whose_box_lacks_a_tile_the_rounds_draw_is_refused_and_the_game_goes_on():
    """A four-player game draws every tile of the box: a file with one tile deleted from its box used
    to load, then fail at a later deal (IndexError); now it is refused naming the shape, and the game
    in progress stays as it was, its Save link too."""
    g = game(players=4, seed=3)
    d = g.save_data()
    initial = d["timeline"]["initial"]
    lost = initial["box"].pop(-1)
    shape = rules.initial_state(players=4).components.tile(lost).shape
    other = game(seed=1)
    other.play(str(rules.legal_actions(other.state)[0]))
    before, link = other.state, other.save_link.value
    assert other.load_data(json.dumps(d)) is False
    assert "Could not load" in other.panel.value and f"{shape} tiles" in other.panel.value
    assert other.state is before and other.save_link.value == link
    assert other.play(str(rules.legal_actions(other.state)[0]))
