"""SamuraiGame: a full game against bots, with hints, undo, a move log, scores, a chart,
save/load and the final breakdown. Every button calls a public method of the same name.

>>> g = SamuraiGame(players=2, seed=3, bot_delay=0)
>>> g.board.select(g.state.lineup[0])
>>> g.play(g.board.spot_actions()[0])
True
>>> g.state.round                       # the bot answered at once (bot_delay=0)
2
>>> g.undo()
True
>>> g.state.round
1
"""
from __future__ import annotations

import base64
import json

import ipywidgets as widgets

import gardenkit

from ..bots import hint as greedy_hint
from ..bots import make_bot
from ..core import CHANCE, Timeline
from ..render.samurai_gardener import render_house
from ._html import PANEL_CSS, breakdown_html, explanation_html, h, message_html
from .board import SamuraiBoard, guarded

SAVE_FORMAT = "gardenkit-game"
_COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]


class SamuraiGame(widgets.VBox):
    """Play Samurai Gardener against bots: you sit in ``seat`` (0-based), the others are
    ``opponents`` bots ("greedy" or "random"). ``bot_delay``: seconds a bot "thinks" before
    it moves (0: bots move at once, as in tests)."""

    def __init__(self, players: int = 2, seat: int = 0, opponents: str = "greedy", specialist: bool = False,
                 seed: int = 7, bot_delay: float = 0.4, **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-game")
        self.rules = gardenkit.make("samurai_gardener")
        self.bot_delay = bot_delay
        self._handle = None
        self._chart_rows = None
        self.panel = widgets.HTML().add_class("gk-explanation")
        self.status = widgets.HTML().add_class("gk-status")
        self.moves = widgets.HTML().add_class("gk-log")
        self.scores = widgets.HTML().add_class("gk-scores")
        self.save_link = widgets.HTML().add_class("gk-save")
        self.others = widgets.HTML().add_class("gk-others")
        self._others_key = None
        self.hint_button = widgets.Button(description="Hint", tooltip="show the greedy suggestion").add_class("gk-hint")
        self.undo_button = widgets.Button(description="Undo", tooltip="back to your previous move").add_class("gk-undo")
        self.new_button = widgets.Button(description="New game", button_style="success").add_class("gk-new")
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Load game").add_class("gk-load")
        self.players_in = widgets.Dropdown(options=[2, 3, 4, 5], value=players, description="Players",
                                           layout=widgets.Layout(width="150px"))
        self.seat_in = widgets.Dropdown(description="You are", layout=widgets.Layout(width="190px"))
        self.opp_in = widgets.Dropdown(options=[("greedy bots", "greedy"), ("random bots", "random")],
                                       value=opponents, description="Against", layout=widgets.Layout(width="220px"))
        self.spec_in = widgets.Checkbox(value=specialist, description="specialist rule", indent=False,
                                        layout=widgets.Layout(width="140px"))
        self.seed_in = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="150px"))
        self._seat_options(players, seat)
        self.players_in.observe(lambda ch: self._seat_options(ch["new"], 0), "value")
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self.new_game_from_controls())
        self.upload.observe(self._on_upload, "value")
        self.chart = self._make_chart(players)
        self.board = None
        self._start(players, seat, opponents, specialist, seed)
        setup = widgets.HBox([self.players_in, self.seat_in, self.opp_in, self.spec_in, self.seed_in, self.new_button],
                             layout=widgets.Layout(flex_flow="row wrap"))
        setup.add_class("gk-setup")
        buttons = widgets.HBox([self.hint_button, self.undo_button, self.save_link, self.upload],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        side = widgets.VBox([buttons, self.panel, widgets.HTML("<b>Scores</b>"), self.scores, self.chart,
                             widgets.HTML("<b>Moves</b> (newest first)"), self.moves],
                            layout=widgets.Layout(width="440px", margin="0 0 0 12px"))
        left = widgets.VBox([self.board, self.others])
        self.main = widgets.HBox([left, side], layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [widgets.HTML(PANEL_CSS), setup, self.status, self.main]

    # ----- setting up -------------------------------------------------------------------------
    def _seat_options(self, players: int, seat: int) -> None:
        self.seat_in.options = [(f"player {i + 1}", i) for i in range(players)]
        self.seat_in.value = seat if 0 <= seat < players else 0

    def _start(self, players, seat, opponents, specialist, seed, timeline: Timeline | None = None) -> None:
        self._cancel_bot()
        if timeline is None:
            timeline = Timeline(self.rules, self.rules.initial_state(players=players, seed=seed, specialist=specialist))
        self.timeline = timeline
        self.seat, self.opponents, self.seed = seat, opponents, seed
        self.bots = {p: make_bot(opponents, seed * 31 + p) for p in range(players) if p != seat}
        self.names = [("you" if p == seat else f"{opponents} bot") for p in range(players)]
        self.names = [f"Player {p + 1} ({n})" for p, n in enumerate(self.names)]
        if self.board is None:
            self.board = SamuraiBoard(self._initial_board_state(), player=seat, panel=self.panel,
                                      on_play=self._human_played)
        else:  # the new game may have more or fewer seats: switch state and seat together
            self.board.set_state(self._initial_board_state(), player=seat)
        if self._chart_rows != players:
            self._reset_chart(players)
        self.panel.value = message_html(
            f"New game: {players} players, you are player {seat + 1}, against {opponents} bots"
            f"{', specialist rule on' if specialist else ''}. Pick a card from the line-up, then click a ticked square."
        )
        self._continue()

    def _initial_board_state(self):
        t = self.timeline
        t.advance_chance()
        return t.state

    @guarded
    def new_game(self, players: int = 2, seat: int = 0, opponents: str = "greedy", specialist: bool = False,
                 seed: int = 7) -> None:
        """Start over with these settings (what the New game button does)."""
        if opponents not in ("greedy", "random"):
            raise ValueError(f"opponents are 'greedy' or 'random' bots, not {opponents!r}")
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"your seat must be between 0 and {players - 1}")
        self._start(players, seat, opponents, specialist, seed)

    def new_game_from_controls(self) -> None:
        self.new_game(self.players_in.value, self.seat_in.value, self.opp_in.value, self.spec_in.value,
                      int(self.seed_in.value))

    show_message = SamuraiBoard.show_message

    @property
    def state(self):
        return self.timeline.state

    # ----- the flow of play -------------------------------------------------------------------
    @guarded
    def play(self, text) -> bool:
        """Play a move for you (exactly what a click on a ticked square does)."""
        return self.board.play(text)

    def _human_played(self, action, expl) -> None:
        self.timeline.play(action)
        self.panel.value = explanation_html(self.rules, expl, "You played:")
        self._continue()

    def _continue(self) -> None:
        """Resolve chance nodes and bot moves until it is your turn or the game ends."""
        t = self.timeline
        while True:
            p = self.rules.current_player(t.state)
            if p is None:
                self.board.locked = None
                break
            if p is CHANCE:
                t.step_chance()
                continue
            if p == self.seat:
                self.board.locked = None
                break
            loop = _running_loop() if self.bot_delay > 0 else None
            if loop is not None:
                self.board.locked = f"{self.names[p]} is thinking; your click was not played. Wait a moment."
                self._handle = loop.call_later(self.bot_delay, self._bot_step)
                break
            t.play(self.bots[p].choose(self.rules, t.state))
        self._refresh()

    @guarded
    def _bot_step(self) -> None:
        self._handle = None
        p = self.rules.current_player(self.timeline.state)
        if isinstance(p, int) and p != self.seat:
            self.timeline.play(self.bots[p].choose(self.rules, self.timeline.state))
        self._continue()

    def _cancel_bot(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    @property
    def thinking(self) -> bool:
        return self._handle is not None

    @guarded
    def hint(self) -> None:
        """Show the greedy suggestion and ring it on the board."""
        if self.thinking:
            self.show_message("A bot is thinking; ask for a hint when it is your turn.", "warn")
            return
        p = self.rules.current_player(self.state)
        if p != self.seat:
            self.show_message("There is nothing to hint: it is not your turn.", "warn")
            return
        action, expl = greedy_hint(self.rules, self.state)
        self.board.mark(str(action))
        self.panel.value = explanation_html(self.rules, expl, "Hint: the move that scores most right now is")

    @guarded
    def undo(self) -> bool:
        """Take back your last move (and the bots' moves since)."""
        self._cancel_bot()
        if not self.timeline.undo_to_player(self.seat):
            self.show_message("Nothing to undo yet.", "warn")
            self._continue()
            return False
        self.board.locked = None
        self._refresh()
        self.show_message("Undone: it is your move again.", "ok")
        return True

    # ----- save and load ----------------------------------------------------------------------
    def save_data(self) -> dict:
        return {"format": SAVE_FORMAT, "game": self.rules.info.id, "seat": self.seat, "opponents": self.opponents,
                "seed": self.seed, "timeline": self.timeline.to_dict()}

    def load_data(self, data) -> bool:
        """Load a saved game (the dict or JSON text the Save link writes). A broken file leaves
        the current game as it was and says what is wrong."""
        try:
            if isinstance(data, (bytes, bytearray, memoryview)):
                data = bytes(data).decode("utf-8")
            if isinstance(data, str):
                data = json.loads(data)
            if not isinstance(data, dict):
                raise ValueError("a saved game is a JSON object")
            if "timeline" in data:
                if data.get("format") != SAVE_FORMAT:
                    raise ValueError(f"unknown format {data.get('format')!r}")
                tl = data["timeline"]
                seat, opponents, seed = data.get("seat", 0), data.get("opponents", "greedy"), data.get("seed", 0)
            else:
                tl, seat, opponents, seed = data, 0, "greedy", 0
            if not isinstance(tl, dict):
                raise ValueError("'timeline' must be an object")
            timeline = Timeline.from_dict(self.rules, tl)
            players = timeline.state.players
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"'seat' must be a player number from 0 to {players - 1}")
            if opponents not in ("greedy", "random"):
                raise ValueError("'opponents' must be 'greedy' or 'random'")
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise ValueError("'seed' must be an integer")
        except (ValueError, UnicodeDecodeError, RecursionError) as e:
            self.show_message(f"Could not load that file: {e}. Your current game goes on.", "error")
            return False
        self._start(players, seat, opponents, timeline.initial.specialist, seed, timeline=timeline)
        self.show_message(f"Loaded a saved game: round {timeline.state.round}, you are player {seat + 1}.", "ok")
        return True

    @guarded
    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        content = f["content"] if isinstance(f, dict) else getattr(f, "content", b"")
        if len(content) > 2_000_000:
            self.show_message("That file is too large to be a saved game. Your current game goes on.", "error")
        else:
            self.load_data(bytes(content))
        self.upload.value = ()

    # ----- drawing ----------------------------------------------------------------------------
    def _refresh(self) -> None:
        s = self.state
        p = self.rules.current_player(s)
        over = p is None
        self.board.set_state(s, keep_selection=True)
        if over:
            out = self.rules.outcome(s)
            win = " and ".join(self.names[i] for i in out.winners)
            self.status.value = f"<span class='gk-status'>Game over — {h(win)} {'share the win' if len(out.winners) > 1 else 'wins'}.</span>"
            self.panel.value = breakdown_html(self.rules, s, self.names)
        elif p == self.seat:
            self.status.value = f"<span class='gk-status'>Round {s.round}: your move.</span>"
        else:
            self.status.value = f"<span class='gk-status'>Round {s.round}: {h(self.names[p])} is thinking…</span>"
        self.scores.value = self._scores_html(s, p)
        self._update_others(s, p)
        self.moves.value = self._log_html()
        self._update_chart(s)
        payload = base64.b64encode(json.dumps(self.save_data()).encode()).decode()
        self.save_link.value = (f'<a download="samurai-gardener-seed{self.seed}-round{s.round}.json" '
                                f'href="data:application/json;base64,{payload}" title="download this game as a JSON file">'
                                "Save game</a>")

    def _scores_html(self, s, p) -> str:
        head = "<tr><th>Player</th><th>Points</th>" + ("<th>Markers</th>" if s.specialist else "") + "</tr>"
        rows = []
        for i in range(s.players):
            cls = ' class="gk-now"' if i == p else ""
            mark = " ◀ to move" if i == p else ""
            markers = f"<td>{h(s.markers[i] or '—')}</td>" if s.specialist else ""
            rows.append(f"<tr{cls}><td>{h(self.names[i])}{mark}</td><td>{s.scores[i]}</td>{markers}</tr>")
        return f"<table>{head}{''.join(rows)}</table>"

    def _update_others(self, s, p) -> None:
        """Every other player's house, small and read-only, with name and score."""
        key = (s.houses, s.scores, s.markers, p, tuple(self.names))
        if key == self._others_key:
            return
        self._others_key = key
        self.others.value = self._others_html(s, p)

    def _others_html(self, s, p) -> str:
        cards = []
        for i in range(s.players):
            if i == self.seat:
                continue
            house = s.houses[i]
            markers = f" · markers {h(s.markers[i] or '—')}" if s.specialist else ""
            now = " gk-now" if i == p else ""
            svg = render_house(house, cell=20, label=f"{self.names[i]}'s house")
            cards.append(
                f'<div class="gk-other{now}" data-player="{i}"><div class="gk-other-name">{h(self.names[i])}</div>'
                f'<div class="gk-other-score">{s.scores[i]} points · {len(house.placed)} card{"s" if len(house.placed) != 1 else ""}{markers}</div>{svg}</div>'
            )
        return ("<div class='gk-others-head'>The other houses (they only show; you build on yours above)</div>"
                f"<div class='gk-others-row'>{''.join(cards)}</div>")

    def _log_html(self) -> str:
        t = self.timeline
        states = t.states()
        items = []
        for before, after, action in zip(states, states[1:], t.history):
            p = self.rules.current_player(before)
            if p is CHANCE or p is None:
                continue
            gained = after.scores[p] - before.scores[p]
            pts = f"{gained:+d}" if after.phase != "order" else "…"
            items.append(f"<li>round {before.round} · {h(self.names[p])}: <code>{h(action)}</code> {pts}</li>")
        if not items:
            return "<div>No moves yet.</div>"
        return f"<ol reversed>{''.join(reversed(items))}</ol>"

    # ----- the score chart (bqplot) -----------------------------------------------------------
    def _make_chart(self, players):
        from bqplot import Axis, Figure, LinearScale, Lines

        xs, ys = LinearScale(min=0), LinearScale(min=0)
        self._lines = Lines(x=[0], y=[[0]] * players, scales={"x": xs, "y": ys}, marker="circle",
                            colors=_COLORS[:players], labels=[f"P{i + 1}" for i in range(players)],
                            display_legend=True)
        self._xaxis = Axis(scale=xs, side="bottom", label="round", tick_format="d", tick_values=[0, 1])
        fig = Figure(marks=[self._lines], axes=[self._xaxis,
                                                Axis(scale=ys, side="left", label="points")],
                     title="Score per round", layout=widgets.Layout(width="430px", height="240px"),
                     fig_margin={"top": 40, "bottom": 40, "left": 45, "right": 15}, legend_location="top-left")
        fig.add_class("gk-chart")
        return fig

    def _reset_chart(self, players):
        self._chart_rows = players
        self._chart_data = None
        self._lines.colors = _COLORS[:players]
        self._lines.labels = [f"P{i + 1}" for i in range(players)]

    def _update_chart(self, s) -> None:
        rounds = s.round if s.phase != "over" else s.round
        data = [[0] * (rounds + 1) for _ in range(s.players)]
        for p in range(s.players):
            for line in self.rules.score_breakdown(s, p):
                r = line.round if line.round is not None else 0
                for k in range(max(r, 0), rounds + 1):
                    data[p][k] += line.points
        if data != self._chart_data:
            self._chart_data = data
            with self._lines.hold_sync():
                self._lines.x = list(range(rounds + 1))
                self._lines.y = data
            step = max(1, (rounds + 9) // 10)
            self._xaxis.tick_values = list(range(0, max(rounds, 1) + 1, step))

    def chart_data(self) -> list[list[int]]:
        """Each player's score after each round (what the chart plots)."""
        return [list(row) for row in self._chart_data]


GameView = SamuraiGame


def _running_loop():
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
