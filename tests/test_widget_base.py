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


def test_a_move_clicked_on_an_earlier_drawing_of_the_same_position_is_played(board):
    """A hint's marks (or a pick) redraw the board while a click is on its way: the click, made on
    the drawing before, names the same move in the same position, so it is played, not refused."""
    s = board.state
    clicked_on = board.version
    board.marked = "x"
    board.refresh()  # e.g. a hint's answer ringing a move
    board.pick("1")
    assert board.version > clicked_on and board.state is s
    action = str(rules.legal_actions(s)[0])
    send(board, {"kind": "play", "action": action, "version": clicked_on})
    assert board.state is not s and "changed before your click" not in board.panel.value
    # a pick too, from the first drawing of the new position, after a redraw
    first = board.version
    board.refresh()
    send(board, {"kind": "pick", "value": "2", "version": first})
    assert board.picked[-1] == "2"
    # the drawing of the position before it is another story
    now = board.state
    send(board, {"kind": "play", "action": str(rules.legal_actions(now)[0]), "version": clicked_on})
    assert board.state is now and "changed before your click arrived" in board.panel.value


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
    played = []
    # (the board's target names played the moves out already: forgotten, so the click plays its own)
    monkeypatch.setattr(type(rules), "_played_out", type(type(rules)._played_out)(keep=2))
    do = type(rules).Work.do
    monkeypatch.setattr(type(rules).Work, "do", lambda w, a: (played.append(a) if w.s is before else None, do(w, a))[1])
    assert g.play(action)
    # read and checked once, and played out once (core.rules.ScratchTurn: explained and applied
    # from that one playing-out, not by _explain and _apply)
    assert calls == {"coerce_action": 1, "_refusal": 1, "_explain": 0, "_apply": 0}
    assert played == [rules.parse_action(before, action)]
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


# ----- every registered game: loading is all or nothing -----------------------------------------
GAMES = gardenkit.available_games()


def view(game_id, seed=5, **kwargs):
    return gardenkit.entry(game_id).game_view_class()(seed=seed, bot_delay=0, **kwargs)


def played(game_id, moves=2, seed=5):
    """A game view of ``game_id`` with a few of your moves played (and the bots' answers)."""
    g = view(game_id, seed)
    for _ in range(moves):
        if g.rules.current_player(g.state) != g.seat:
            break
        assert g.play(str(g.rules.legal_actions(g.state)[0]))
    return g


def shown(g) -> dict:
    """Everything the view shows and keeps of its game (the board's drawing without its version)."""
    import re

    b = g.board
    return {
        "timeline": (id(g.timeline), g.timeline.position, tuple(g.timeline.actions)), "state": id(g.state),
        "board": (id(b.state), b.player, b.locked, b.marked, re.sub(r'data-version="\d+"', "", b.svg), b.patterns),
        "status": g.status.value, "scores": g.scores.value, "others": g.others.value, "moves": g.moves.value,
        "chart": g.chart_data(), "lines": (list(g._lines.labels), list(g._lines.colors)),
        "save": g.save_link.file(), "who": (g.seat, g.opponents, g.seed, tuple(g.names), tuple(g.bots)),
        "controls": (g.players_in.value, tuple(g.seat_in.options), g.seat_in.value, g.opp_in.value, g.seed_in.value,
                     {name: w.value for name, w in g.option_inputs.items()}),
    }


def still_playable(g) -> None:
    """Clicks and Undo work on the game kept (and New game)."""
    assert g.rules.current_player(g.state) == g.seat
    assert g.play(str(g.rules.legal_actions(g.state)[0]))
    assert g.undo()


def refused_keeps_the_game(g, data, play: bool = True) -> None:
    before = shown(g)
    assert g.load_data(data) is False
    assert "Could not load that file" in g.panel.value and "Your current game goes on." in g.panel.value
    assert "gk-no" in g.panel.value and len(g.panel.value) < 700
    assert shown(g) == before
    if play:
        still_playable(g)


def _save(g) -> dict:
    return json.loads(g.save_link.file()[1])


def _tweak(data, **timeline) -> dict:
    return dict(data, timeline=dict(data["timeline"], **timeline))


BROKEN_SAVES = {
    "not json": lambda d, g: "{not json",
    "not utf-8": lambda d, g: b"\xff\xfe{",
    "a list": lambda d, g: "[]",
    "deeply nested": lambda d, g: "[" * 100_000,
    "a huge number": lambda d, g: json.dumps(d)[:-1] + ', "x": ' + "9" * 5000 + "}",
    "another format": lambda d, g: dict(d, format="chess"),
    "another game": lambda d, g: dict(d, game="another_game"),
    "seat out of range": lambda d, g: dict(d, seat=9),
    "seat a bool": lambda d, g: dict(d, seat=True),
    "unknown bots": lambda d, g: dict(d, opponents="wizard"),
    "bots a list": lambda d, g: dict(d, opponents=["greedy"]),
    "seed a text": lambda d, g: dict(d, seed="7"),
    "timeline a list": lambda d, g: dict(d, timeline=[]),
    "no initial": lambda d, g: dict(d, timeline={"actions": []}),
    "initial garbage": lambda d, g: _tweak(d, initial={"game": g.rules.info.id, "x": [None] * 5}),
    "actions garbage": lambda d, g: _tweak(d, actions=[None, {"a": 1}]),
    "actions a dict": lambda d, g: _tweak(d, actions={"0": "x"}),
    "a move that cannot be replayed": lambda d, g: _tweak(d, actions=d["timeline"]["actions"][:-1] + ["zz"]),
    "position a text": lambda d, g: _tweak(d, position="1"),
    "position a bool": lambda d, g: _tweak(d, position=True),
    "position negative": lambda d, g: _tweak(d, position=-1),
    "position huge": lambda d, g: _tweak(d, position=10 ** 30),
    "a player's view": lambda d, g: _tweak(d, initial=g.rules.observe(g.timeline.initial, 0).to_dict()),
    "a player's view, later": lambda d, g: _tweak(d, initial=g.rules.observe(g.state, 0).to_dict(), actions=[],
                                                  position=0),
}


@pytest.mark.parametrize("kind", list(BROKEN_SAVES))
@pytest.mark.parametrize("game_id", GAMES)
def test_a_refused_save_leaves_the_game_in_progress_exactly_as_it_was(game_id, kind):
    g = played(game_id)
    data = BROKEN_SAVES[kind](_save(g), g)
    refused_keeps_the_game(g, data if isinstance(data, (str, bytes)) else json.dumps(data))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_that_loads_but_cannot_be_played_is_refused(game_id, monkeypatch):
    """No legal move while the game is not over, or a chance step with nothing to draw, in the
    loaded game (made so by the engine answering nothing for any state but the current game's)."""
    g = played(game_id)
    other = played(game_id, moves=1, seed=6)
    data = json.dumps(_tweak(_save(other), initial=other.state.to_dict(), actions=[], position=0))  # your turn
    old = set(g.timeline.states())
    rules = g.rules
    real_legal, real_outcomes = rules._legal_actions, rules._chance_outcomes
    monkeypatch.setattr(rules, "_legal_actions", lambda s: real_legal(s) if s in old else ())
    refused_keeps_the_game(g, data, play=False)
    assert "has no legal move" in g.panel.value
    monkeypatch.setattr(rules, "_legal_actions", real_legal)
    monkeypatch.setattr(rules, "_chance_outcomes", lambda s: real_outcomes(s) if s in old else ())
    at_chance = _tweak(_save(other), initial=other.timeline.initial.to_dict(), actions=[], position=0)
    refused_keeps_the_game(g, json.dumps(at_chance), play=False)
    assert "nothing to draw" in g.panel.value
    monkeypatch.undo()
    still_playable(g)


class Boom(Exception):
    """Not a ValueError: what the game's own code might raise on a state it cannot handle."""


@pytest.mark.parametrize("where", ["board", "observe", "bots", "panels", "chart"])
@pytest.mark.parametrize("game_id", GAMES)
def test_any_exception_while_loading_leaves_the_game_as_it_was(game_id, where, monkeypatch):
    g = played(game_id)
    other = played(game_id, moves=1, seed=6)
    data = _save(other)
    old = set(g.timeline.states())

    def fail_on_new(method):
        def wrapper(s, *args, **kwargs):
            if s not in old:
                raise Boom("kaboom")
            return method(s, *args, **kwargs)
        return wrapper

    if where == "board":  # drawing the loaded position fails
        real = g.board.render_parts
        monkeypatch.setattr(g.board, "render_parts", lambda: fail_on_new(lambda s: real())(g.board.state))
    elif where == "observe":
        monkeypatch.setattr(g.rules, "observe", fail_on_new(g.rules.observe))
    elif where == "bots":  # loaded in a bot's seat: the bot to move first fails
        data["seat"] = (data["seat"] + 1) % other.state.players

        class Crashing:
            def choose(self, rules, s):
                raise Boom("the bot fell over")

        monkeypatch.setattr(g, "_new_bots", lambda players, seat, opponents, seed: dict.fromkeys(range(players),
                                                                                                  Crashing()))
    elif where == "panels":
        monkeypatch.setattr(g, "score_columns", fail_on_new(g.score_columns))
    else:
        real_chart = g._update_chart
        monkeypatch.setattr(g, "_update_chart", lambda seen, known: fail_on_new(lambda s: real_chart(seen, known))(
            g.state))
    before = shown(g)
    assert g.load_data(json.dumps(data)) is False
    assert "Could not load that file" in g.panel.value and "goes on" in g.panel.value
    assert ("kaboom" in g.panel.value) or ("fell over" in g.panel.value)
    assert shown(g) == before
    monkeypatch.undo()
    still_playable(g)
    assert g.load_data(json.dumps(data))  # the same file loads once nothing fails


@pytest.mark.parametrize("game_id", GAMES)
def test_a_loaded_game_replaces_everything_and_save_saves_it(game_id):
    g = played(game_id)
    other = played(game_id, moves=1, seed=6)
    assert g.load_data(json.dumps(_save(other)))
    assert g.state == other.state and g.timeline.history == other.timeline.history
    assert json.loads(g.save_link.file()[1]) == _save(other)
    assert g.moves.value == other.moves.value and g.scores.value == other.scores.value
    assert g.chart_data() == other.chart_data()
    still_playable(g)


def test_a_failed_load_while_a_bot_is_thinking_keeps_the_bot_thinking():
    import asyncio

    async def scenario():
        g = view("samurai_gardener")
        other = played("samurai_gardener", moves=1, seed=6)
        g.bot_delay = 0.01
        assert g.play(str(g.rules.legal_actions(g.state)[0]))
        assert g.thinking and g.board.locked
        before = shown(g)
        assert g.load_data(json.dumps(dict(_save(other), seat=7))) is False
        assert shown(g) == before and g.thinking
        for _ in range(200):
            await asyncio.sleep(0.01)
            if not g.thinking:
                break
        assert not g.thinking and g.rules.current_player(g.state) == g.seat and g.board.locked is None
        h = view("samurai_gardener")
        h.bot_delay = 5
        assert h.play(str(h.rules.legal_actions(h.state)[0])) and h.thinking
        assert h.load_data(json.dumps(_save(other))) and not h.thinking  # a loaded game cancels the old game's bot
        assert h.state == other.state and h.board.locked is None

    asyncio.new_event_loop().run_until_complete(scenario())


# ----- settings from the controls or from code --------------------------------------------------
BAD_SETTINGS = [
    ({"players": "3"}, "players"), ({"players": 2.0}, "players"), ({"players": True}, "players"),
    ({"players": None, "seat": "0"}, "seat"), ({"seat": -1}, "seat"), ({"seat": 1.5}, "seat"),
    ({"opponents": ["greedy"]}, "opponents"), ({"opponents": None}, "opponents"),
    ({"seed": "1"}, "seed"), ({"seed": -1}, "seed"), ({"seed": 2 ** 64}, "seed"), ({"seed": True}, "seed"),
    ({"seed": 1.5}, "seed"), ({"no_such_option": 1}, "option"),
]


@pytest.mark.parametrize("kwargs,named", BAD_SETTINGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_bad_settings_are_a_clear_message_and_the_game_goes_on(game_id, kwargs, named):
    g = played(game_id, moves=1)
    before = shown(g)
    new_game = GameView.new_game if "no_such_option" in kwargs else type(g).new_game  # a game's own may name its options
    new_game(g, **kwargs)
    text = g.panel.value
    assert "Sorry, that did not work" in text and "Your current game goes on." in text and named in text
    assert "not supported between" not in text and "Traceback" not in text
    assert shown(g) == before
    still_playable(g)


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_option_values_from_code_or_the_controls_are_a_clear_message(game_id):
    g = played(game_id, moves=1)
    before = shown(g)
    for name, opt in g.rules.info.options.items():
        for bad in ("x" * 5000, None, [1]):
            GameView.new_game(g, **{name: bad})  # the base's (a game's own new_game may not name every option)
            said = g.panel.value
            assert "Sorry, that did not work" in said
            assert name in said or (name in ("components", "deck") and " file" in said), said[:300]
            assert len(g.panel.value) < 700 and shown(g) == before
    for w in g.option_inputs.values():  # every checkbox setting starts a game
        w.value = not w.value
    g.seed_in.value = -5
    g.new_game_from_controls()
    assert "seed" in g.panel.value and "goes on" in g.panel.value
    g.seed_in.value = 11
    g.new_game_from_controls()
    assert g.seed == 11 and "New game" in g.panel.value
    still_playable(g)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_game_with_more_or_fewer_players_shows_the_right_seats(game_id):
    g = view(game_id)
    info = g.rules.info
    for players in (info.max_players, info.min_players, info.max_players):
        g.new_game(players=players, seat=players - 1)
        assert "New game" in g.panel.value, g.panel.value
        assert g.state.players == players and len(g.names) == players and g.seat == players - 1
        assert len(g.chart_data()) == players and g.players_in.value == players
        still_playable(g)


@pytest.mark.parametrize("content", [
    {"kind": "room", "width": 360},                                  # no version
    {"kind": "room", "width": 360, "version": 1, "extra": 0},        # a key too many
    {"kind": "room", "value": 360, "version": 1},                    # another kind's key
    {"kind": "room", "width": "360", "version": 1},                  # not a number
    {"kind": "room", "width": 360.0, "version": 1},                  # not a whole number
    {"kind": "room", "width": True, "version": 1},
    {"kind": "room", "width": 0, "version": 1},                      # no room at all
    {"kind": "room", "width": -5, "version": 1},
    {"kind": "room", "width": 10**6, "version": 1},                  # more than any screen
])
def test_a_malformed_room_message_is_dropped(board, content):
    board.panel.value, version = "before", board.version
    send(board, content)
    assert board.room == 0 and board.version == version and board.panel.value == "before"


def test_a_room_message_sets_the_room_whatever_its_version_and_only_a_change_redraws():
    redrawn = []

    class RoomBoard(DotBoard):
        def _room_changed(self):
            redrawn.append(self.room)

    b = RoomBoard(dealt())
    send(b, {"kind": "room", "width": 360, "version": b.version - 5})  # the room is no click: never stale
    send(b, {"kind": "room", "width": 360, "version": b.version})
    assert b.room == 360 and redrawn == [360]
    b.set_room(844)
    assert redrawn == [360, 844]
    for bad in (0, -1, 2.5, "390", True, None, 100_001):
        with pytest.raises(ValueError, match="room is a whole number of CSS px"):
            b.set_room(bad)
    assert b.room == 844


@pytest.mark.parametrize("game_id", gardenkit.available_games())
def test_every_game_view_takes_the_games_options_as_options(game_id):
    """``options=`` works for every game view (Karesansui's raised a TypeError: its own keyword for
    the start player clashed with it); an option given there is the game's."""
    rules = gardenkit.make(game_id)
    view = gardenkit.entry(game_id).game_view_class()
    players = max(2, rules.info.min_players)
    opts = {name: opt.default for name, opt in rules.info.options.items()}
    for name, value in list(opts.items()):  # the first option that can be changed at this player count
        other = (not value) if isinstance(value, bool) else (1 if name == "start_player" else None)
        try:
            rules.initial_state(players=players, seed=7, **{**opts, name: other})
        except (ValueError, TypeError):
            continue
        opts[name] = other
        break
    g = view(players=players, bot_delay=0, options=opts)
    chosen = rules.options(g.timeline.initial)
    assert all(chosen[name] == value for name, value in opts.items() if name in chosen), (opts, chosen)
