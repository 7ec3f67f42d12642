"""The game-independent widget bases, through a tiny board and game view that draw almost nothing
(they borrow Samurai Gardener's rules, but none of its widget code)."""
from __future__ import annotations

import json

import pytest

import gardenkit
from gardenkit.render.svg import BODY_END, BODY_START
from gardenkit.widgets import BoardWidget, GameView, SamuraiBoard

rules = gardenkit.make("samurai_gardener")


def dealt(players=2, seed=1):
    s = rules.initial_state(players=players, seed=seed)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    return s


class DotBoard(BoardWidget):
    """A board that lists the legal moves as dots; ``data-ui`` controls "count" and "boom"."""

    game_id = "samurai_gardener"
    notation_hint = "a dot's name"
    _ui_actions = {"count": "count", "boom": "boom"}

    def __init__(self, *args, **kwargs):
        self.picked, self.counted = [], 0
        super().__init__(*args, **kwargs)

    def render(self):
        dots = "".join(f'<circle data-action="{a}"/>' for a in rules.legal_actions(self.state)[:3])
        return (f'<svg data-version="{self.version}"><text>{self.marked}</text>'
                f"{BODY_START}<g>{len(self.state.lineup)}</g>{BODY_END}{dots}</svg>")

    def _pick(self, value):
        self.picked.append(value)

    def count(self):
        self.counted += 1

    def boom(self):
        raise RuntimeError("kaboom")


def send(board, content):
    board._on_front_end_msg(board, content, [])


@pytest.fixture
def board():
    return DotBoard(dealt())


def test_the_drawing_is_cut_at_the_body_markers(board):
    assert board.head == f'<svg data-version="{board.version}"><text>None</text>'
    assert board.body == f"<g>{len(board.state.lineup)}</g>" and board.tail.endswith("</svg>")
    assert board.svg == board.head + board.body + board.tail and BODY_START not in board.svg


@pytest.mark.parametrize("content", [
    "play", [1], None, {}, {"kind": ["play"], "action": "x", "version": 1},
    {"kind": "select", "card": 1, "version": 1}, {"kind": "turn", "version": 1},  # not kinds any more
    {"kind": "pick", "version": 1},                                  # a key missing
    {"kind": "pick", "value": "3", "version": 1, "extra": 0},        # a key too many
    {"kind": "pick", "action": "3", "version": 1},                   # another kind's key
    {"kind": "pick", "value": 3, "version": 1},                      # not a string
    {"kind": "pick", "value": "3" * 61, "version": 1},               # too long
    {"kind": "ui", "name": "count", "version": True},                # a bool is not a version
    {"kind": "ui", "name": "count", "version": 1.0},
    {"kind": "ui", "name": "count", "version": "1"},
])
def test_malformed_messages_are_dropped_without_a_word(board, content):
    board.panel.value = "before"
    send(board, content)
    assert board.picked == [] and board.counted == 0 and board.panel.value == "before"


def test_well_formed_messages_reach_their_methods(board):
    send(board, {"kind": "pick", "value": "17", "version": board.version})
    send(board, {"kind": "ui", "name": "count", "version": board.version})
    assert board.picked == ["17"] and board.counted == 1
    action = str(rules.legal_actions(board.state)[0])
    send(board, {"kind": "hover", "action": action, "version": board.version})
    assert " point" in board.panel.value
    before = board.state
    send(board, {"kind": "play", "action": action, "version": board.version})
    assert board.state is not before


def test_stale_clicks_are_refused_politely_and_stale_picks_ignored(board):
    stale = board.version - 1
    s = board.state
    board.panel.value = "before"
    for content in ({"kind": "pick", "value": "1", "version": stale}, {"kind": "ui", "name": "count", "version": stale},
                    {"kind": "hover", "action": "x", "version": stale}):
        send(board, content)
    assert board.picked == [] and board.counted == 0 and board.panel.value == "before"
    send(board, {"kind": "play", "action": str(rules.legal_actions(s)[0]), "version": stale})
    assert board.state is s and "changed before your click arrived" in board.panel.value


def test_ui_refuses_names_it_does_not_know(board):
    board.ui("turn")
    assert "no control named “turn”" in board.panel.value and "boom, count" in board.panel.value
    board.ui(["count"])
    assert board.counted == 0 and "no control named" in board.panel.value


def test_pick_refuses_what_is_not_a_short_string(board):
    for bad in (17, "", "x" * 61, None):
        board.pick(bad)
        assert "picked by a short name" in board.panel.value
    assert board.picked == []


def test_a_board_without_a_pick_hook_says_there_is_nothing_to_pick():
    class Bare(DotBoard):
        _pick = BoardWidget._pick

    b = Bare(dealt())
    b.pick("3")
    assert "nothing to pick" in b.panel.value


def test_guarded_turns_an_exception_into_a_panel_message(board):
    assert board.ui("boom") is None
    assert "Sorry, that did not work: kaboom" in board.panel.value and "gk-no" in board.panel.value


def test_explain_refuses_long_or_non_text_notation_with_the_games_hint(board):
    for bad in ("1" * 61, 17, None):
        assert board.explain(bad) is None
        assert "A move is written like a dot&#x27;s name." in board.panel.value
    assert board.play("1" * 61) is False


def test_a_drawing_must_carry_its_version():
    class Unversioned(DotBoard):
        def render(self):
            return "<svg><g/></svg>"

    with pytest.raises(ValueError, match="data-version"):
        Unversioned(dealt())


def test_mark_rings_the_engines_notation_and_clears(board):
    action = rules.legal_actions(board.state)[0]
    board.mark(str(action))
    assert board.marked == str(action) and f"<text>{action}</text>" in board.head
    board.mark(None)
    assert board.marked is None


def test_locked_and_picture_only_boards_refuse_moves(board):
    action = str(rules.legal_actions(board.state)[0])
    board.locked = "Wait for the bot."
    assert board.play(action) is False and "Wait for the bot." in board.panel.value
    board.locked, board.clickable = None, False
    assert board.play(action) is False and "only shows" in board.panel.value


def test_samurai_line_up_cards_are_picked_through_data_pick():
    s = dealt()
    b = SamuraiBoard(s)
    for card in s.lineup:
        assert f'data-card="{card}" data-pick="{card}"' in b.svg
    assert 'data-ui="turn"' in b.svg
    b.pick("seventeen")
    assert "picked by its number" in b.panel.value and b.selected is None
    b.pick(str(s.lineup[1]))
    assert b.selected == s.lineup[1]
    b.ui("turn")
    assert b.turned
    assert "gk-house" in b.body  # the house is the drawing's body


# ----- the game view base, with no game hooks at all ------------------------------------------
class DotGame(GameView):
    game_id = "samurai_gardener"
    board_class = DotBoard


def test_a_game_view_without_hooks_plays_against_bots():
    g = DotGame(seed=5, bot_delay=0)
    assert list(g.players_in.options) == list(range(rules.info.min_players, rules.info.max_players + 1))
    assert list(g.option_inputs) == ["specialist"] and g.state.players == rules.info.min_players
    assert "New game: 2 players, you are player 1, against greedy bots, base game." in g.panel.value
    action = str(rules.legal_actions(g.state)[0])
    points = rules.explain(g.state, action).points
    assert g.play(action)
    assert f"<code>{action}</code> {points:+d}" in g.moves.value and "greedy bot" in g.moves.value
    assert "<th>Markers</th>" not in g.scores.value and f"<td>{g.state.scores[0]}</td>" in g.scores.value
    assert 'data-player="1"' in g.others.value and "<svg" not in g.others.value
    assert g.chart_data()[0][-1] == g.state.scores[0]
    assert 'download="samurai-gardener-seed5-round2.json"' in g.save_link.value
    assert g.undo() and g.state.round == 1


def test_bad_settings_leave_the_game_as_it_was():
    g = DotGame(seed=5, bot_delay=0)
    before = g.state
    for kwargs in ({"players": 9}, {"seat": 4}, {"opponents": "wizard"}, {"nonsense_option": True}):
        g.new_game(**kwargs)
        assert "Sorry, that did not work" in g.panel.value and g.state is before


def test_a_saved_game_of_another_game_is_refused():
    g = DotGame(bot_delay=0)
    data = g.save_data() | {"game": "miyabi"}
    assert g.load_data(json.dumps(data)) is False
    assert "saved &#x27;miyabi&#x27; game, not Samurai Gardener" in g.panel.value


# ----- one click: read and checked once ----------------------------------------------------------
def test_one_click_reads_and_checks_the_move_once(monkeypatch):
    g = DotGame(seed=5, bot_delay=0)
    before, n = g.state, len(g.timeline.history)
    action = str(rules.legal_actions(before)[0])
    calls = {"coerce_action": 0, "_refusal": 0, "_explain": 0, "_apply": 0}

    def counting(name):
        method = getattr(rules, name)

        def wrapper(s, *args, **kwargs):
            if s is before:  # the bots' moves after the click are on other states
                calls[name] += 1
            return method(s, *args, **kwargs)

        return wrapper

    for name in calls:
        monkeypatch.setattr(rules, name, counting(name))
    assert g.play(action)
    assert calls == {"coerce_action": 1, "_refusal": 1, "_explain": 1, "_apply": 1}
    assert g.timeline.history[n] == rules.parse_action(before, action)
    assert g.timeline.states()[n + 1] == rules.apply(before, action)


def test_a_refused_click_is_checked_once_and_changes_nothing(monkeypatch):
    g = DotGame(seed=5, bot_delay=0)
    before, n = g.state, len(g.timeline.history)
    refusals = []
    real = rules._refusal
    monkeypatch.setattr(rules, "_refusal", lambda s, a: refusals.append(a) or real(s, a))
    assert g.play("99@0,0") is False
    assert len(refusals) == 1 and g.state is before and len(g.timeline.history) == n
    assert "Not allowed" in g.panel.value


# ----- options from rules.info.options ----------------------------------------------------------------
def test_a_labelled_bool_option_gets_a_checkbox_named_by_its_label():
    g = DotGame(seed=5, bot_delay=0)
    box = g.option_inputs["specialist"]
    assert box.description == rules.info.options["specialist"].label and "gk-opt-specialist" in box._dom_classes
    assert box in g.children[1].children  # the setup row
    box.value = True
    g.new_game_from_controls()
    assert g.state.specialist and "against greedy bots, with specialist rule." in g.panel.value


def test_a_loaded_game_shows_the_options_it_was_started_with():
    g = DotGame(seed=5, bot_delay=0, options={"specialist": True})
    other = DotGame(seed=1, bot_delay=0)
    assert other.option_inputs["specialist"].value is False
    assert other.load_data(json.dumps(g.save_data()))
    assert other.option_inputs["specialist"].value is True and other.state == g.state


# ----- refreshing: the log grows, the save file is made when asked for --------------------------
class CountingGame(DotGame):
    def __init__(self, *args, **kwargs):
        self.scored = 0
        super().__init__(*args, **kwargs)

    def move_points(self, before, after, player):
        self.scored += 1
        return super().move_points(before, after, player)


def test_the_log_grows_by_the_new_moves_only_and_is_rebuilt_after_undo():
    g = CountingGame(seed=5, bot_delay=0)
    assert g.scored == 0 and "No moves yet" in g.moves.value
    g.play(str(rules.legal_actions(g.state)[0]))
    first = g.moves.value.count("<li>")
    assert g.scored == first > 0  # mine and the bots'
    g.play(str(rules.legal_actions(g.state)[0]))
    shown = g.moves.value.count("<li>")
    assert shown > first and g.scored == shown  # each move worked out once, the first ones not again
    assert g.undo()
    assert g.moves.value.count("<li>") == first and g.scored == shown + first  # built again from the start


def test_refreshing_makes_no_save_file_the_button_asks_for_it(monkeypatch):
    g = DotGame(seed=5, bot_delay=0)
    made = []
    real = g.save_data
    monkeypatch.setattr(g, "save_data", lambda: made.append(1) or real())
    g.save_link._data = g.save_data
    g.play(str(rules.legal_actions(g.state)[0]))
    assert made == [] and "gk-save" in g.save_link._dom_classes
    sent = []
    monkeypatch.setattr(g.save_link, "send", sent.append)
    g.save_link._on_front_end_msg(g.save_link, {"kind": "save"}, [])
    assert made == [1] and sent[0]["kind"] == "file" and sent[0]["name"] == "samurai-gardener-seed5-round2.json"
    assert json.loads(sent[0]["text"]) == real()
    g.save_link._on_front_end_msg(g.save_link, {"kind": "save", "extra": 1}, [])  # anything else: dropped
    assert len(sent) == 1
