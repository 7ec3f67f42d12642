"""Game-independent widget bases: a clickable SVG board (:class:`BoardWidget`) and a full game
against bots (:class:`GameView`). A game adds a thin subclass of each that draws its board and
names its options; everything else (messages from the browser, undo, bots, save/load, the log,
the score table and chart) lives here once.

A board's drawing comes in three parts, ``head``, ``body`` and ``tail`` (cut at the
:data:`~gardenkit.render.svg.BODY_START`/``BODY_END`` markers): the body is what changes least
(a house, a garden), so a redraw that leaves it alone sends and parses only the other two.

The front end sends four kinds of message, one per kind of element a click or hover can meet:

==========  =================================  =======================================
kind        sent by                            calls
==========  =================================  =======================================
``play``    a click on ``[data-action]``       :meth:`BoardWidget.play` (the notation)
``hover``   the mouse resting on one           :meth:`BoardWidget.hover`
``pick``    a click on ``[data-pick]``         :meth:`BoardWidget.pick` → ``_pick(value)``
``ui``      a click on ``[data-ui]``           :meth:`BoardWidget.ui` → ``_ui_actions[name]``
==========  =================================  =======================================

Each carries the ``version`` of the drawing it was sent from; Python checks every field.

>>> import gardenkit
>>> from gardenkit.render.svg import BODY_END, BODY_START
>>> class Dots(BoardWidget):
...     game_id = "samurai_gardener"
...     def render(self):
...         return f'<svg data-version="{self.version}">{BODY_START}<g/>{BODY_END}</svg>'
>>> rules = gardenkit.make("samurai_gardener")
>>> board = Dots(rules.initial_state(players=2, seed=1))
>>> board.head, board.body, board.tail
('<svg data-version="1">', '<g/>', '</svg>')
>>> board.ui("fly")                      # a data-ui name the board does not know
>>> "no control named “fly”" in board.panel.value
True
"""
from __future__ import annotations

import base64
import functools
import json
import math

import anywidget
import ipywidgets as widgets
import traitlets

import gardenkit

from ..bots import hint as greedy_hint
from ..bots import make_bot
from ..core import CHANCE, Timeline
from ..render.svg import SVG_CSS, new_uid, split_body
from ._html import PANEL_CSS, breakdown_html, explanation_html, h, message_html

__all__ = ["SAVE_FORMAT", "BoardWidget", "GameView", "guarded", "panel_style"]

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gk-board";
  let hoverTimer = null, lastHover = null, queued = false;
  // after a redraw the pointer may rest on a new element without the user moving: that is no
  // hover (it would overwrite e.g. a hint in the panel); the next real move is
  let still = false;
  // The drawing comes in three synced parts: head, body, tail. When only head and tail change
  // (a pick, a turn), the body's DOM is kept (moved into the new drawing), so only the changed
  // parts are parsed again; a new body is parsed once, inside an <svg> so it stays SVG.
  let bodyNodes = [], lastBody = null;
  // patterns (e.g. square fills) live once in a hidden sibling; every redraw refers to them
  const defs = document.createElement("div");
  defs.innerHTML = model.get("patterns");
  el.appendChild(defs);
  const parse = (html) => { const t = document.createElement("div"); t.innerHTML = html; return t.firstElementChild; };
  const draw = () => {
    queued = false;
    const body = model.get("body");
    if (body !== lastBody) {
      bodyNodes = [...parse(`<svg>${body}</svg>`).childNodes];
      lastBody = body;
    }
    const svg = parse(model.get("head") + '<g class="gk-body-slot"></g>' + model.get("tail"));
    const slot = svg && svg.querySelector(".gk-body-slot");
    if (slot) slot.replaceWith(...bodyNodes);
    const old = root.querySelector("svg");
    if (old && svg) root.replaceChild(svg, old);
    else if (svg) root.appendChild(svg);
    else root.replaceChildren();
    lastHover = null;
    still = true;
  };
  const schedule = () => { if (!queued) { queued = true; queueMicrotask(draw); } };  // one draw per update
  draw();
  for (const part of ["head", "body", "tail"]) model.on(`change:${part}`, schedule);
  const version = () => {
    const s = root.querySelector("svg");
    return s ? Number(s.getAttribute("data-version")) : -1;
  };
  root.addEventListener("click", (ev) => {
    const t = ev.target.closest("[data-action],[data-pick],[data-ui]");
    if (!t || !root.contains(t)) return;
    clearTimeout(hoverTimer);
    const v = version();
    if (t.hasAttribute("data-action")) {
      model.send({ kind: "play", action: t.getAttribute("data-action"), version: v });
    } else if (t.hasAttribute("data-pick")) {
      model.send({ kind: "pick", value: t.getAttribute("data-pick"), version: v });
    } else {
      model.send({ kind: "ui", name: t.getAttribute("data-ui"), version: v });
    }
  });
  // the ghost (.gk-ghost, e.g. the picked card) follows the mouse over legal spots, taking the
  // spot's transform where it has one
  const ghost = (spot) => {
    const g = root.querySelector(".gk-ghost");
    if (!g) return;
    const at = spot && spot.getAttribute("transform");
    if (at) g.setAttribute("transform", at);
    g.setAttribute("visibility", spot ? "visible" : "hidden");
  };
  root.addEventListener("mouseleave", () => ghost(null));
  const hoverAt = (target) => {
    const t = target.closest("[data-action]");
    const legal = t && t.classList.contains("gk-spot") && !t.classList.contains("gk-illegal");
    ghost(legal && root.contains(t) ? t : null);
    if (!t || !root.contains(t)) return;
    const a = t.getAttribute("data-action");
    if (a === lastHover) return;
    lastHover = a;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => model.send({ kind: "hover", action: a, version: version() }), 150);
  };
  root.addEventListener("mouseover", (ev) => { if (!still) hoverAt(ev.target); });
  root.addEventListener("mousemove", (ev) => { if (still) { still = false; hoverAt(ev.target); } });
  el.appendChild(root);
  return () => {
    clearTimeout(hoverTimer);
    for (const part of ["head", "body", "tail"]) model.off(`change:${part}`, schedule);
  };
}
export default { render };
"""

_CSS = r"""
.gk-board { display: inline-block; }
.gk-board svg { display: block; user-select: none; }
"""

#: message kind -> its one text field (besides ``kind`` and ``version``)
_MESSAGES = {"play": "action", "hover": "action", "pick": "value", "ui": "name"}

SAVE_FORMAT = "gardenkit-game"
_COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]


def guarded(method):
    """Run a callback; any exception goes to the panel as a plain message, never a traceback."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as e:  # noqa: BLE001 - the user sees the message instead of a traceback
            self.show_message(f"Sorry, that did not work: {e}", "error")
            return None

    return wrapper


def panel_style() -> widgets.HTML:
    """The CSS of the panels (explanation, log, scores), as an invisible widget to show once."""
    return widgets.HTML(PANEL_CSS)


class BoardWidget(anywidget.AnyWidget):
    """One position of game ``game_id``, drawn by the subclass and clicked in the browser.

    ``player``: whose side to show (default: the one to act). ``panel``: the HTML widget for
    explanations and messages (made here if not given). ``on_play(action, explanation)``: called
    with a legal action instead of applying it here (a game view keeps its own timeline); without
    it the board applies the move and resolves chance nodes, for hot-seat play.
    ``clickable=False``: a picture only. ``header``: a line the drawing shows instead of its own.

    A subclass must set ``game_id`` and implement :meth:`render` (or :meth:`render_parts`); it may
    set ``notation_hint``, ``_ui_actions`` and implement ``_pick``, ``_state_changed``,
    ``render_patterns``.
    """

    _esm = _ESM
    _css = _CSS + SVG_CSS  # loaded once; redraws leave their <style> out
    patterns = traitlets.Unicode("").tag(sync=True)  # sent once (render_patterns)
    head = traitlets.Unicode("").tag(sync=True)
    body = traitlets.Unicode("").tag(sync=True)
    tail = traitlets.Unicode("").tag(sync=True)

    #: the game whose rules the board asks (``gardenkit.make(game_id)``)
    game_id: str = ""
    #: how a move is written, said when a move cannot be read: "A move is written like …"
    notation_hint: str = "the notation the game prints for its moves"
    #: ``data-ui`` name -> the method a click on it calls (no arguments)
    _ui_actions: dict = {}
    #: the longest text a browser message may carry
    max_text: int = 60

    def __init__(self, state, *, player: int | None = None, panel: widgets.HTML | None = None, on_play=None,
                 clickable: bool = True, header: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-board-widget")
        self.rules = gardenkit.make(self.game_id)
        self.panel = panel if panel is not None else widgets.HTML()
        self.panel.add_class("gk-explanation")
        self.on_play = on_play
        self.clickable = clickable
        self.header = header
        self.version = 0
        self.marked: str | None = None
        self.locked: str | None = None  # a polite refusal while e.g. a bot is thinking
        self._uid = new_uid("gkb")
        self._fixed_player = player
        self._state = None
        self.patterns = self.render_patterns()
        self.on_msg(self._on_front_end_msg)
        self.set_state(state)

    # ----- what a subclass draws ------------------------------------------------------------
    def render(self) -> str:
        """The drawing of the current state: one ``<svg>`` whose root carries
        ``data-version="{self.version}"``, with its body between the body markers."""
        raise NotImplementedError(f"{type(self).__name__} draws nothing: implement render()")

    def render_parts(self) -> tuple[str, str, str]:
        """``(head, body, tail)``; by default :meth:`render` cut at its body markers."""
        return split_body(self.render())

    def render_patterns(self) -> str:
        """Definitions the drawings refer to, kept once in the page (e.g. square fills)."""
        return ""

    def _state_changed(self, s, keep_selection: bool) -> None:
        """Hook, before the redraw of a new state: forget what was picked (or keep it where
        ``keep_selection`` and it still makes sense)."""

    def _pick(self, value: str) -> None:
        """Hook: a ``data-pick`` element was clicked (a card, a tile …)."""
        self.show_message("There is nothing to pick on this board.", "warn")

    # ----- state ----------------------------------------------------------------------------
    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, s) -> None:
        self.set_state(s)

    @property
    def svg(self) -> str:
        """The whole drawing as the browser shows it (its patterns: ``patterns``)."""
        return self.head + self.body + self.tail

    def set_state(self, s, *, keep_selection: bool = False, player: int | None = None) -> None:
        """Show ``s`` (and, if given, ``player``'s side from now on)."""
        self.rules._check_state(s)
        if player is not None:
            if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
                raise ValueError(f"player must be a number from 0 to {s.players - 1}")
            self._fixed_player = player
        self._state = s
        self.marked = None
        self._state_changed(s, keep_selection)
        self.refresh()

    @property
    def player(self) -> int:
        """Whose side is shown: the fixed player, else the one to act (player 1 at chance or the end)."""
        if self._fixed_player is not None:
            return self._fixed_player
        p = self.rules.current_player(self._state)
        return p if isinstance(p, int) else 0

    @player.setter
    def player(self, p: int | None) -> None:
        self._fixed_player = p
        self.refresh()

    def my_turn(self) -> bool:
        return self.rules.current_player(self._state) == self.player

    def refresh(self) -> None:
        """Redraw; one message to the browser holding only the parts that changed."""
        self.version += 1
        head, body, tail = self.render_parts()
        if f'data-version="{self.version}"' not in head[: head.find(">") + 1]:
            raise ValueError(f'{type(self).__name__}.render(): the <svg> root needs data-version="{self.version}"')
        with self.hold_sync():
            self.head, self.body, self.tail = head, body, tail

    # ----- what a click calls -----------------------------------------------------------------
    @guarded
    def play(self, text) -> bool:
        """Play ``text`` (the game's notation). Returns True if it was played; a refused move
        leaves everything as it was and the panel says which rule forbids it."""
        if self.locked:
            self.show_message(self.locked, "warn")
            return False
        if not self.clickable:
            self.show_message("This board only shows a position.", "warn")
            return False
        s = self._state
        expl = self.explain(text)
        if expl is None:
            return False
        if not expl.legal:
            self.panel.value = explanation_html(self.rules, expl)
            return False
        action = self.rules.parse_action(s, text)
        if self.on_play is not None:
            self.on_play(action, expl)
        else:
            new = self.rules.apply(s, action)
            while self.rules.current_player(new) is CHANCE:
                new = self.rules.step_chance(new)
            self.set_state(new)
            self.panel.value = explanation_html(self.rules, expl, "Played:")
        return True

    @guarded
    def hover(self, text) -> None:
        """Show what ``text`` would do (points and rules, or the refusal) without playing it."""
        expl = self.explain(text)
        if expl is not None:
            self.panel.value = explanation_html(self.rules, expl)

    def explain(self, text):
        """The engine's explanation of ``text`` here (None and a message if it cannot be read)."""
        if not isinstance(text, str) or len(text) > self.max_text:
            self.show_message(f"A move is written like {self.notation_hint}.", "warn")
            return None
        s = self._state
        if self.rules.current_player(s) is None:
            self.show_message("The game is over: no more moves.", "warn")
            return None
        try:
            return self.rules.explain(s, text)
        except ValueError as e:
            self.show_message(str(e), "warn")
            return None

    @guarded
    def pick(self, value: str) -> None:
        """What a click on a ``data-pick`` element does: hands its value to the game's ``_pick``."""
        if not isinstance(value, str) or not value or len(value) > self.max_text:
            self.show_message(f"Something is picked by a short name, not “{str(value)[:20]}”.", "warn")
            return
        self._pick(value)

    @guarded
    def ui(self, name: str) -> None:
        """What a click on a ``data-ui`` control does: calls the method ``_ui_actions`` names."""
        method = self._ui_actions.get(name) if isinstance(name, str) else None
        if method is None:
            known = ", ".join(sorted(self._ui_actions)) or "none"
            self.show_message(f"This board has no control named “{str(name)[:20]}” (it has: {known}).", "warn")
            return
        getattr(self, method)()

    def start_pick(self, caption: str = "") -> None:
        """What a try board does on (re)start: a game picks something to show (hook; default none)."""

    def propose(self, action) -> None:
        """Show ``action`` as the move a quiz asks about (default: ring it)."""
        self.mark(str(action))

    def spots(self) -> tuple:
        """The spots the board offers now: records with ``action`` and ``points`` (None: refused)."""
        return ()

    def spot_actions(self, legal: bool = True) -> tuple[str, ...]:
        """The notations of the legal spots (``legal=False``: the refused ones)."""
        return tuple(sp.action for sp in self.spots() if (sp.points is not None) == legal)

    def mark(self, action: str | None) -> None:
        """Ring one move (a hint, or the move a scenario plays); None clears the ring."""
        self.marked = None if action is None else str(self.rules.parse_action(self._state, action))
        self.refresh()

    # ----- panel ------------------------------------------------------------------------------
    def show_message(self, text: str, kind: str = "info") -> None:
        self.panel.value = message_html(text, kind)

    # ----- messages from the browser ----------------------------------------------------------
    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        """Check every field; a malformed message is dropped, a stale click is refused politely."""
        if not isinstance(content, dict) or not isinstance(content.get("kind"), str):
            return
        kind = content["kind"]
        field = _MESSAGES.get(kind)
        if field is None or set(content) != {"kind", "version", field}:
            return
        version, text = content["version"], content[field]
        if isinstance(version, bool) or not isinstance(version, int):
            return
        if not isinstance(text, str) or len(text) > self.max_text:
            return
        if version != self.version:
            if kind == "play":
                self.show_message("The board changed before your click arrived, so nothing was played. "
                                  "Please click again.", "warn")
            return
        {"play": self.play, "hover": self.hover, "pick": self.pick, "ui": self.ui}[kind](text)


class GameView(widgets.VBox):
    """A full game of ``game_id`` against bots: you sit in ``seat`` (0-based), the others are
    ``opponents`` bots; ``options`` go to ``rules.initial_state``. ``bot_delay``: seconds a bot
    "thinks" before it moves (0: bots move at once, as in tests). Every button calls a public
    method of the same name (``hint``, ``undo``, ``new_game_from_controls``, ``load_data``).

    A subclass must set ``game_id`` and ``board_class``; it may set ``opponent_choices``,
    ``start_hint``, ``others_heading`` and implement the hooks under "what a game adds".
    """

    #: the game (``gardenkit.make(game_id)``) and the :class:`BoardWidget` subclass that shows it
    game_id: str = ""
    board_class: type = BoardWidget
    #: (label, bot name) for the opponents dropdown
    opponent_choices = (("greedy bots", "greedy"), ("random bots", "random"))
    #: said when a game starts: how to make the first move
    start_hint: str = ""
    #: over the other players' small drawings
    others_heading: str = "The other players (they only show; you play on the board above)"

    def __init__(self, players: int | None = None, seat: int = 0, opponents: str = "greedy", seed: int = 7, *,
                 options: dict | None = None, bot_delay: float = 0.4, **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-game")
        self.rules = gardenkit.make(self.game_id)
        info = self.rules.info
        players = info.min_players if players is None else players
        options = dict(options or {})
        self.bot_delay = bot_delay
        self._handle = None
        self._chart_rows = None
        self._others_key = None
        self.panel = widgets.HTML().add_class("gk-explanation")
        self.status = widgets.HTML().add_class("gk-status")
        self.moves = widgets.HTML().add_class("gk-log")
        self.scores = widgets.HTML().add_class("gk-scores")
        self.save_link = widgets.HTML().add_class("gk-save")
        self.others = widgets.HTML().add_class("gk-others")
        self.hint_button = widgets.Button(description="Hint", tooltip="show the greedy suggestion").add_class("gk-hint")
        self.undo_button = widgets.Button(description="Undo", tooltip="back to your previous move").add_class("gk-undo")
        self.new_button = widgets.Button(description="New game", button_style="success").add_class("gk-new")
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Load game").add_class("gk-load")
        self.players_in = widgets.Dropdown(options=list(range(info.min_players, info.max_players + 1)), value=players,
                                           description="Players", layout=widgets.Layout(width="150px"))
        self.seat_in = widgets.Dropdown(description="You are", layout=widgets.Layout(width="190px"))
        self.opp_in = widgets.Dropdown(options=list(self.opponent_choices), value=opponents, description="Against",
                                       layout=widgets.Layout(width="220px"))
        self.option_inputs = self.option_widgets(options)
        self.seed_in = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="150px"))
        self._seat_options(players, seat)
        self.players_in.observe(lambda ch: self._seat_options(ch["new"], 0), "value")
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self.new_game_from_controls())
        self.upload.observe(self._on_upload, "value")
        self.chart = self._make_chart(players)
        self.board = None
        self._start(players, seat, opponents, seed, options)
        setup = widgets.HBox([self.players_in, self.seat_in, self.opp_in, *self.option_inputs.values(), self.seed_in,
                              self.new_button], layout=widgets.Layout(flex_flow="row wrap"))
        setup.add_class("gk-setup")
        buttons = widgets.HBox([self.hint_button, self.undo_button, self.save_link, self.upload],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        side = widgets.VBox([buttons, self.panel, widgets.HTML("<b>Scores</b>"), self.scores, self.chart,
                             widgets.HTML("<b>Moves</b> (newest first)"), self.moves],
                            layout=widgets.Layout(width="440px", margin="0 0 0 12px"))
        left = widgets.VBox([self.board, self.others])
        self.main = widgets.HBox([left, side], layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [widgets.HTML(PANEL_CSS), setup, self.status, self.main]

    # ----- what a game adds (hooks) -------------------------------------------------------------
    def option_widgets(self, options: dict) -> dict:
        """Controls for the game's options, name -> widget whose ``.value`` is the option's value,
        showing ``options``; the New game button passes their values to ``rules.initial_state``."""
        return {}

    def options_of(self, initial_state) -> dict:
        """The options a (loaded) game was started with, read from its first state."""
        return {}

    def describe_options(self, options: dict) -> str:
        """Words added to "New game: …" for these options (e.g. ", specialist rule on")."""
        return ""

    def round_of(self, state) -> int:
        """The round a state is in (the status line, the log, the chart's x axis)."""
        return state.round

    def turn_starts(self, state) -> bool:
        """Whether a state where you are to act starts your turn (undo goes back to one); a game
        whose turn has several steps answers False for the later ones."""
        return True

    def visible_scores(self, state) -> list:
        """Each player's score as you may see it (None: hidden from you, e.g. face-down cards)."""
        return list(self.rules.scores(state))

    def score_note(self, state) -> str:
        """A line under the score table (default: how the game is won when fewest wins)."""
        return "Demerits: fewest wins." if self.rules.info.lower_wins else ""

    def score_columns(self, state) -> dict:
        """Extra columns of the score table: heading -> one text per player."""
        return {}

    def move_points(self, before, after, player: int) -> str:
        """How the log shows what a move scored (a game may say "…" while a move awaits a choice)."""
        return f"{self.rules.scores(after)[player] - self.rules.scores(before)[player]:+d}"

    def other_summary(self, state, player: int) -> str:
        """The line under another player's name."""
        return f"{self.rules.scores(state)[player]} points"

    def render_other(self, state, player: int) -> str:
        """Another player's side, small and read-only (an SVG string; "" for none)."""
        return ""

    # ----- setting up -------------------------------------------------------------------------
    def _seat_options(self, players: int, seat: int) -> None:
        self.seat_in.options = [(f"player {i + 1}", i) for i in range(players)]
        self.seat_in.value = seat if 0 <= seat < players else 0

    def _start(self, players, seat, opponents, seed, options, timeline: Timeline | None = None) -> None:
        if timeline is None:  # made first: bad settings leave the current game (and its bot) as they were
            timeline = Timeline(self.rules, self.rules.initial_state(players=players, seed=seed, **options))
        self._cancel_bot()
        self.timeline = timeline
        self.seat, self.opponents, self.seed = seat, opponents, seed
        self._show_settings(players, seat, opponents, seed, options)
        self.bots = {p: make_bot(opponents, seed * 31 + p) for p in range(players) if p != seat}
        self.names = [f"Player {p + 1} ({'you' if p == seat else f'{opponents} bot'})" for p in range(players)]
        timeline.advance_chance()
        if self.board is None:
            self.board = self.board_class(timeline.state, player=seat, panel=self.panel, on_play=self._human_played)
        else:  # the new game may have more or fewer seats: switch state and seat together
            self.board.set_state(timeline.state, player=seat)
        if self._chart_rows != players:
            self._reset_chart(players)
        self.show_message(f"New game: {players} players, you are player {seat + 1}, against {opponents} bots"
                          f"{self.describe_options(options)}. {self.start_hint}".strip())
        self._continue()

    def _show_settings(self, players, seat, opponents, seed, options) -> None:
        """The setup controls show the game being played (a loaded one too), so New game starts
        from its settings."""
        self.players_in.value = players  # resets the seat choices
        self._seat_options(players, seat)
        self.opp_in.value, self.seed_in.value = opponents, seed
        for name, w in self.option_inputs.items():
            if name in options:
                w.value = options[name]

    @guarded
    def new_game(self, players: int | None = None, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 **options) -> None:
        """Start over with these settings (what the New game button does)."""
        players = self.rules.info.min_players if players is None else players
        bots = [name for _label, name in self.opponent_choices]
        if opponents not in bots:
            raise ValueError(f"opponents are {' or '.join(map(repr, bots))} bots, not {opponents!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"your seat must be between 0 and {players - 1}")
        self._start(players, seat, opponents, seed, options)

    def new_game_from_controls(self) -> None:
        options = {name: w.value for name, w in self.option_inputs.items()}
        self.new_game(players=self.players_in.value, seat=self.seat_in.value, opponents=self.opp_in.value,
                      seed=int(self.seed_in.value), **options)

    show_message = BoardWidget.show_message

    @property
    def state(self):
        return self.timeline.state

    # ----- the flow of play -------------------------------------------------------------------
    @guarded
    def play(self, text) -> bool:
        """Play a move for you (exactly what a click on the board does)."""
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
            if p is None or p == self.seat:
                self.board.locked = None
                break
            if p is CHANCE:
                t.step_chance()
                continue
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
        """A bot's move is on its way (``bot_delay``)."""
        return self._handle is not None

    @guarded
    def hint(self) -> None:
        """Show the greedy suggestion and ring it on the board."""
        if self.thinking:
            self.show_message("A bot is thinking; ask for a hint when it is your turn.", "warn")
            return
        if self.rules.current_player(self.state) != self.seat:
            self.show_message("There is nothing to hint: it is not your turn.", "warn")
            return
        action, expl = greedy_hint(self.rules, self.state)
        self.board.mark(str(action))
        self.panel.value = explanation_html(self.rules, expl, "Hint: the move that scores most right now is")

    @guarded
    def undo(self) -> bool:
        """Take back your last move (and the bots' moves since)."""
        self._cancel_bot()
        if not self.timeline.undo_to_player(self.seat, where=self.turn_starts):
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
                if data.get("game", self.rules.info.id) != self.rules.info.id:
                    raise ValueError(f"it is a saved {str(data.get('game'))[:30]!r} game, not {self.rules.info.title}")
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
            bots = [name for _label, name in self.opponent_choices]
            if opponents not in bots:
                raise ValueError(f"'opponents' must be {' or '.join(map(repr, bots))}")
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise ValueError("'seed' must be an integer")
        except (ValueError, UnicodeDecodeError, RecursionError) as e:
            self.show_message(f"Could not load that file: {e}. Your current game goes on.", "error")
            return False
        self._start(players, seat, opponents, seed, self.options_of(timeline.initial), timeline=timeline)
        self.show_message(f"Loaded a saved game: round {self.round_of(timeline.state)}, you are player {seat + 1}.",
                          "ok")
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
        self.board.set_state(s, keep_selection=True)
        rnd = self.round_of(s)
        if p is None:
            out = self.rules.outcome(s)
            win = " and ".join(self.names[i] for i in out.winners)
            self.status.value = f"<span class='gk-status'>Game over — {h(win)} {'share the win' if len(out.winners) > 1 else 'wins'}.</span>"
            self.panel.value = breakdown_html(self.rules, s, self.names)
        elif p == self.seat:
            self.status.value = f"<span class='gk-status'>Round {rnd}: your move.</span>"
        else:
            self.status.value = f"<span class='gk-status'>Round {rnd}: {h(self.names[p])} is thinking…</span>"
        self.scores.value = self._scores_html(s, p)
        self._update_others(s, p)
        self.moves.value = self._log_html()
        self._update_chart(s)
        payload = base64.b64encode(json.dumps(self.save_data()).encode()).decode()
        name = f"{self.rules.info.id.replace('_', '-')}-seed{self.seed}-round{rnd}.json"
        self.save_link.value = (f'<a download="{h(name)}" href="data:application/json;base64,{payload}" '
                                'title="download this game as a JSON file">Save game</a>')

    def _scores_html(self, s, p) -> str:
        extra = self.score_columns(s)
        shown = self.visible_scores(s)
        unit = "Demerits" if self.rules.info.lower_wins else "Points"
        head = f"<tr><th>Player</th><th>{unit}</th>" + "".join(f"<th>{h(k)}</th>" for k in extra) + "</tr>"
        rows = []
        for i in range(s.players):
            cls = ' class="gk-now"' if i == p else ""
            mark = " ◀ to move" if i == p else ""
            cells = "".join(f"<td>{h(column[i])}</td>" for column in extra.values())
            total = "<td title='hidden until the game ends'>?</td>" if shown[i] is None else f"<td>{shown[i]}</td>"
            rows.append(f"<tr{cls}><td>{h(self.names[i])}{mark}</td>{total}{cells}</tr>")
        note = self.score_note(s)
        caption = (f"<caption style='caption-side:bottom;text-align:left;font-size:12px;color:#555'>{h(note)}</caption>"
                   if note else "")
        return f"<table>{caption}{head}{''.join(rows)}</table>"

    def _update_others(self, s, p) -> None:
        """Every other player's side, small and read-only, with name and score (redrawn on change)."""
        key = (s, p, tuple(self.names))
        if key != self._others_key:
            self._others_key = key
            self.others.value = self._others_html(s, p)

    def _others_html(self, s, p) -> str:
        cards = []
        for i in range(s.players):
            if i == self.seat:
                continue
            now = " gk-now" if i == p else ""
            cards.append(
                f'<div class="gk-other{now}" data-player="{i}"><div class="gk-other-name">{h(self.names[i])}</div>'
                f'<div class="gk-other-score">{h(self.other_summary(s, i))}</div>{self.render_other(s, i)}</div>'
            )
        return (f"<div class='gk-others-head'>{h(self.others_heading)}</div>"
                f"<div class='gk-others-row'>{''.join(cards)}</div>")

    def _log_html(self) -> str:
        t = self.timeline
        states = t.states()
        items = []
        for before, after, action in zip(states, states[1:], t.history):
            p = self.rules.current_player(before)
            if p is CHANCE or p is None:
                continue
            pts = self.move_points(before, after, p)
            items.append(f"<li>round {self.round_of(before)} · {h(self.names[p])}: <code>{h(action)}</code> {h(pts)}</li>")
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
        unit = "demerits" if self.rules.info.lower_wins else "points"
        fig = Figure(marks=[self._lines], axes=[self._xaxis, Axis(scale=ys, side="left", label=unit)],
                     title=f"{unit.capitalize()} per round", layout=widgets.Layout(width="430px", height="240px"),
                     fig_margin={"top": 40, "bottom": 40, "left": 45, "right": 15}, legend_location="top-left")
        fig.add_class("gk-chart")
        return fig

    def _reset_chart(self, players):
        self._chart_rows = players
        self._chart_data = self._chart_key = None
        self._lines.colors = _COLORS[:players]
        self._lines.labels = [f"P{i + 1}" for i in range(players)]

    def _update_chart(self, s) -> None:
        """Each player's score after each round; a hidden one (``visible_scores`` None) is left out."""
        rounds = self.round_of(s)
        shown = self.visible_scores(s)
        data = [[0] * (rounds + 1) for _ in range(s.players)]
        for p in range(s.players):
            if shown[p] is None:
                data[p] = [math.nan] * (rounds + 1)
                continue
            for line in self.rules.score_breakdown(s, p):
                r = line.round if line.round is not None else 0
                for k in range(max(r, 0), rounds + 1):
                    data[p][k] += line.points
        key = [[None if x != x else x for x in row] for row in data]  # nan != nan: compare without it
        if key != self._chart_key:
            self._chart_key, self._chart_data = key, data
            with self._lines.hold_sync():
                self._lines.x = list(range(rounds + 1))
                self._lines.y = data
            step = max(1, (rounds + 9) // 10)
            self._xaxis.tick_values = list(range(0, max(rounds, 1) + 1, step))

    def chart_data(self) -> list[list[int]]:
        """Each player's score after each round (what the chart plots)."""
        return [list(row) for row in self._chart_data]


def _running_loop():
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
