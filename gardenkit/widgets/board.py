"""SamuraiBoard: a clickable SVG board (anywidget) for one Samurai Gardener position.

A click in the browser sends a small message; Python checks every field and calls the same
public method a user can call: ``select(card_id)``, ``turn()``, ``play(notation)``,
``hover(notation)``. Legality and points always come from the engine (``rules.placements``,
``rules.placement_points``, ``rules.why_illegal``, ``rules.explain``).

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.initial_state(players=2, seed=1)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> board = SamuraiBoard(s)
>>> board.select(s.lineup[0])
>>> spot = board.spot_actions()[0]
>>> board.play(spot)
True
>>> len(board.state.houses[0].placed)
2
"""
from __future__ import annotations

import functools

import anywidget
import ipywidgets as widgets
import traitlets

import gardenkit

from ..core import CHANCE
from ..render.samurai_gardener import HOUSE_END, HOUSE_START, Spot, board_view, render_board
from ..render.svg import SVG_CSS, new_uid, pattern_defs
from ._html import PANEL_CSS, explanation_html, message_html

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gk-board";
  let hoverTimer = null, lastHover = null;
  // The board comes in three synced parts: head, house, tail. A pick changes only head and
  // tail; then the house's DOM is kept (moved into the new drawing), so only the changed parts
  // are parsed again. A new house (a card placed) redraws everything.
  let houseEl = null, lastHouse = null, queued = false;
  // the square patterns live once in a hidden sibling <svg>; every redraw refers to them
  const defs = document.createElement("div");
  defs.innerHTML = model.get("patterns");
  el.appendChild(defs);
  const draw = () => {
    queued = false;
    const head = model.get("head"), house = model.get("house"), tail = model.get("tail");
    const old = root.querySelector("svg");
    if (old && houseEl && house === lastHouse) {
      const tmp = document.createElement("div");
      tmp.innerHTML = head + '<g class="gk-house-slot"></g>' + tail;
      const svg = tmp.firstElementChild;
      svg.querySelector(".gk-house-slot").replaceWith(houseEl);
      root.replaceChild(svg, old);
    } else {
      root.innerHTML = head + house + tail;
      houseEl = root.querySelector("svg .gk-house");
      lastHouse = house;
    }
    lastHover = null;
  };
  const schedule = () => { if (!queued) { queued = true; queueMicrotask(draw); } };  // one draw per update
  draw();
  for (const part of ["head", "house", "tail"]) model.on(`change:${part}`, schedule);
  const version = () => {
    const s = root.querySelector("svg");
    return s ? Number(s.getAttribute("data-version")) : -1;
  };
  root.addEventListener("click", (ev) => {
    const t = ev.target.closest("[data-action],[data-card],[data-ui]");
    if (!t || !root.contains(t)) return;
    clearTimeout(hoverTimer);
    const v = version();
    if (t.hasAttribute("data-action")) {
      model.send({ kind: "play", action: t.getAttribute("data-action"), version: v });
    } else if (t.hasAttribute("data-card")) {
      model.send({ kind: "select", card: Number(t.getAttribute("data-card")), version: v });
    } else if (t.getAttribute("data-ui") === "turn") {
      model.send({ kind: "turn", version: v });
    }
  });
  // the picked card's ghost follows the mouse over legal spots (drawn last: nothing hides it)
  const ghost = (spot) => {
    const g = root.querySelector(".gk-ghost");
    if (!g) return;
    if (spot) g.setAttribute("transform", spot.getAttribute("transform"));
    g.setAttribute("visibility", spot ? "visible" : "hidden");
  };
  root.addEventListener("mouseleave", () => ghost(null));
  root.addEventListener("mouseover", (ev) => {
    const t = ev.target.closest("[data-action]");
    const legal = t && t.classList.contains("gk-spot") && !t.classList.contains("gk-illegal");
    ghost(legal && root.contains(t) ? t : null);
    if (!t || !root.contains(t)) return;
    const a = t.getAttribute("data-action");
    if (a === lastHover) return;
    lastHover = a;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => model.send({ kind: "hover", action: a, version: version() }), 150);
  });
  el.appendChild(root);
  return () => {
    clearTimeout(hoverTimer);
    for (const part of ["head", "house", "tail"]) model.off(`change:${part}`, schedule);
  };
}
export default { render };
"""

_CSS = r"""
.gk-board { display: inline-block; }
.gk-board svg { display: block; user-select: none; }
"""

_KINDS = {"select": {"card"}, "turn": set(), "play": {"action"}, "hover": {"action"}}


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


class SamuraiBoard(anywidget.AnyWidget):
    """One position: ``player``'s house and the line-up; pick a card, turn it, click a ticked square.

    ``on_play(action, explanation)``: called with a legal action instead of applying it here
    (a game view keeps its own timeline). Without it the board applies the move itself and
    resolves chance nodes, so it can be played hot-seat.
    """

    _esm = _ESM
    _css = _CSS + SVG_CSS  # loaded once; every redraw leaves its <style> out (style=False below)
    # the drawing in three parts (see the front end): only the parts that changed are sent
    patterns = traitlets.Unicode("").tag(sync=True)  # sent once
    head = traitlets.Unicode("").tag(sync=True)
    house = traitlets.Unicode("").tag(sync=True)
    tail = traitlets.Unicode("").tag(sync=True)

    @property
    def svg(self) -> str:
        """The whole drawing as the browser shows it (its square patterns: ``patterns``)."""
        return self.head + self.house + self.tail

    def __init__(self, state, *, player: int | None = None, panel: widgets.HTML | None = None, on_play=None,
                 clickable: bool = True, show_illegal: bool = True, header: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-board-widget")
        self.rules = gardenkit.make("samurai_gardener")
        self.panel = panel if panel is not None else widgets.HTML()
        self.panel.add_class("gk-explanation")
        self.on_play = on_play
        self.clickable = clickable
        self.show_illegal = show_illegal
        self.header = header
        self.version = 0
        self.selected: int | None = None
        self.turned = False
        self.marked: str | None = None
        self.proposal = None
        self.locked: str | None = None  # a polite refusal while e.g. a bot is thinking
        self._uid = new_uid("gkb")
        self.patterns = pattern_defs(self._uid)
        self._cache: dict = {}
        self._fixed_player = player
        self._pick_help_shown = False
        self._state = None
        self.on_msg(self._on_front_end_msg)
        self.set_state(state)

    # ----- state -----------------------------------------------------------------------
    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, s) -> None:
        self.set_state(s)

    def set_state(self, s, *, keep_selection: bool = False, player: int | None = None) -> None:
        """Show ``s`` (and, if given, ``player``'s house from now on)."""
        self.rules._check_state(s)
        if player is not None:
            if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
                raise ValueError(f"player must be a number from 0 to {s.players - 1}")
            self._fixed_player = player
        self._pick_help_shown = False
        self._state = s
        self._cache = {}
        if not keep_selection or self.selected not in s.lineup:
            self.selected, self.turned = None, False
        self.marked = None
        self.refresh()

    @property
    def player(self) -> int:
        """Whose house is shown: the fixed player, else the one to act (player 1 at chance or the end)."""
        if self._fixed_player is not None:
            return self._fixed_player
        p = self.rules.current_player(self._state)
        return p if isinstance(p, int) else 0

    @player.setter
    def player(self, p: int | None) -> None:
        self._fixed_player = p
        self.refresh()

    def my_turn(self) -> bool:
        s = self._state
        return self.rules.current_player(s) == self.player

    # ----- what a click calls -----------------------------------------------------------
    @guarded
    def select(self, card_id: int) -> None:
        """Pick a line-up card: its legal spots light up with their points."""
        if isinstance(card_id, bool) or not isinstance(card_id, int):
            raise ValueError(f"a card is picked by its number, not {card_id!r}")
        if card_id not in self._state.lineup:
            shown = ", ".join(map(str, self._state.lineup)) or "none"
            self.show_message(f"Card {card_id} is not in the line-up (it holds: {shown}).", "warn")
            return
        if card_id != self.selected:
            self.selected, self.turned = card_id, False
        self.marked = None
        self.refresh()
        # how to read the spots: said on the first pick; after that the board's own header line
        # says what to do, and the panel keeps the last explanation (one message per click)
        if self.my_turn() and self._state.phase == "place" and not self._pick_help_shown:
            self._pick_help_shown = True
            n = sum(1 for sp in self.spots() if sp.points is not None)
            self.show_message(
                f"Card {card_id}: {n} places it may go, each ticked green in its top-left corner, with a "
                "+N badge where it scores (point at the square to see the card there; click to place it). The small grey × marks "
                "are refused: point at one to see why. Use “turn 180°” to try it the other way up."
            )

    @guarded
    def turn(self) -> None:
        """Turn the picked card end over end (180 degrees)."""
        if self.selected is None:
            self.show_message("Pick a card from the line-up first, then turn it.", "warn")
            return
        self.turned = not self.turned
        self.marked = None
        self.refresh()

    @guarded
    def play(self, text) -> bool:
        """Play ``text`` (notation such as ``17@3,-2``, ``17r@3,-2`` or ``score pond 2,0-2,2``).

        Returns True if it was played; a refused move leaves everything as it was and the
        panel says which rule forbids it.
        """
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
        if not isinstance(text, str) or len(text) > 60:
            self.show_message("A move is written like 17@3,-2 (card 17 with its top-left square at x=3, y=-2).", "warn")
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

    def mark(self, action: str | None) -> None:
        """Ring one spot (a hint, or the move a scenario plays); picks its card and side."""
        if action is None:
            self.marked = None
        else:
            a = self.rules.parse_action(self._state, action)
            if hasattr(a, "card") and a.card in self._state.lineup:
                self.selected, self.turned = a.card, bool(getattr(a, "turned", False))
            self.marked = str(a)
        self.refresh()

    # ----- panel --------------------------------------------------------------------------
    def show_message(self, text: str, kind: str = "info") -> None:
        self.panel.value = message_html(text, kind)

    # ----- spots (asked from the engine) ------------------------------------------------
    def spots(self) -> tuple[Spot, ...]:
        """Spots for the picked card: every legal top-left square with its points, and the
        nearby refused ones (touching the house) with the engine's reason."""
        s = self._state
        if self.selected is None or s.phase != "place" or not self.my_turn() or self.selected not in s.lineup:
            return ()
        key = (self.selected, self.turned, self.show_illegal)
        if key not in self._cache:
            self._cache[key] = self._compute_spots(s, self.selected, self.turned)
        return self._cache[key]

    def spot_actions(self, legal: bool = True) -> tuple[str, ...]:
        return tuple(sp.action for sp in self.spots() if (sp.points is not None) == legal)

    def _compute_spots(self, s, card: int, turned: bool) -> tuple[Spot, ...]:
        """Every spot the engine lists for the card, with its points; and, drawn grey, the spots
        next to the house that the engine does not list. Their reasons come from the engine
        (``why_illegal`` through ``explain``) when one is hovered or clicked, not while drawing."""
        rules = self.rules
        out, taken = [], set()
        for a in rules.placements(s, card, turned):
            pts = rules.placement_points(s, a)
            out.append(Spot(str(a), a.x, a.y, pts, f"{a}: {pts:+d} points (click to place; hover for why)"))
            taken.add((a.x, a.y))
        if self.show_illegal:
            grid = s.houses[self.player].grid
            vx0, vy0, vx1, vy1 = board_view(s.houses[self.player])
            r = "r" if turned else ""
            # only spots next to the house, corners included (a drawing choice; the engine gives
            # the verdict): the card's 2x3 footprint grown by one square meets a house square
            near = {(cx + i, cy + j) for cx, cy in grid for i in range(-2, 2) for j in range(-3, 2)}
            for x, y in sorted(near - taken, key=lambda c: (c[1], c[0])):
                if vx0 <= x < vx1 and vy0 <= y < vy1 - 1:
                    out.append(Spot(f"{card}{r}@{x},{y}", x, y, None, "refused: hover or click for the rule"))
        return tuple(out)

    # ----- drawing ---------------------------------------------------------------------------
    def default_header(self) -> str:
        s = self._state
        p = self.rules.current_player(s)
        if p is None:
            return f"Game over after round {s.round}"
        if p is CHANCE:
            return f"Round {s.round}: laying out cards"
        who = f"Player {p + 1}"
        if s.phase == "order":
            return f"Round {s.round}: {who}, choose which line scores next"
        if self.selected is None:
            return f"Round {s.round}: {who}, pick a card from the line-up"
        return f"Round {s.round}: {who}, click a ticked square to place card {self.selected}{' (turned)' if self.turned else ''}"

    def refresh(self) -> None:
        """Redraw (a fresh string each time, so the front end always gets it)."""
        s = self._state
        self.version += 1
        pending = ()
        if s.phase == "order" and self.my_turn() and self.clickable:
            # the lines the engine lets this player score next, in its order
            pending = tuple(a.run for a in self.rules.legal_actions(s) if hasattr(a, "run"))
        svg = render_board(
            s, self.player, uid=self._uid, version=self.version, selected=self.selected, turned=self.turned,
            spots=self.spots() if self.clickable else (), marked=self.marked, proposal=self.proposal,
            pending=pending, header=self.header or self.default_header(), clickable=self.clickable,
            style=False, patterns=False,
        )
        head, rest = svg.split(HOUSE_START, 1)
        house, tail = rest.split(HOUSE_END, 1)
        with self.hold_sync():  # one message, holding only the parts that changed
            self.head, self.house, self.tail = head, house, tail

    # ----- messages from the browser --------------------------------------------------------
    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("kind")
        if kind not in _KINDS or set(content) != _KINDS[kind] | {"kind", "version"}:
            return
        version = content["version"]
        if isinstance(version, bool) or not isinstance(version, int):
            return
        stale = version != self.version
        if kind == "play":
            action = content["action"]
            if not isinstance(action, str) or len(action) > 60:
                return
            if stale:
                self.show_message("The board changed before your click arrived, so nothing was played. "
                                  "Please click again.", "warn")
                return
            self.play(action)
        elif stale:
            return
        elif kind == "hover":
            if isinstance(content["action"], str) and len(content["action"]) <= 60:
                self.hover(content["action"])
        elif kind == "select":
            card = content["card"]
            if isinstance(card, int) and not isinstance(card, bool):
                self.select(card)
        elif kind == "turn":
            self.turn()


def panel_style() -> widgets.HTML:
    """The CSS of the panels (explanation, log, scores), as an invisible widget to show once."""
    return widgets.HTML(PANEL_CSS)
