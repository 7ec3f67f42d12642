"""SamuraiBoard: a clickable SVG board (anywidget) for one Samurai Gardener position.

The game-independent part (the front end, checking the browser's messages, play/hover/mark,
the panel) is :class:`~gardenkit.widgets.base.BoardWidget`; this adds the line-up pick
(``select(card_id)``, a ``data-pick`` click), the turn control (``turn()``, ``data-ui="turn"``),
the spots the engine allows and the drawing. Legality and points always come from the engine
(``rules.placements``, ``rules.placement_points``, ``rules.why_illegal``, ``rules.explain``).

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

from ..core import CHANCE
from ..render.samurai_gardener import Spot, board_view, render_board
from ..render.svg import pattern_defs
from .base import BoardWidget, guarded, panel_style

__all__ = ["SamuraiBoard", "guarded", "panel_style"]  # guarded, panel_style: still importable from here


class SamuraiBoard(BoardWidget):
    """One position: ``player``'s house and the line-up; pick a card, turn it, click a ticked square.

    ``on_play(action, explanation)``: called with a legal action instead of applying it here
    (a game view keeps its own timeline). Without it the board applies the move itself and
    resolves chance nodes, so it can be played hot-seat. ``show_illegal``: draw the refused
    spots next to the house too (grey ×, with the engine's reason on hover).
    """

    game_id = "samurai_gardener"
    notation_hint = "17@3,-2 (card 17 with its top-left square at x=3, y=-2)"
    _ui_actions = {"turn": "turn"}

    def __init__(self, state, *, player: int | None = None, panel=None, on_play=None, clickable: bool = True,
                 show_illegal: bool = True, header: str | None = None, **kwargs):
        self.show_illegal = show_illegal
        self.selected: int | None = None
        self.turned = False
        self.proposal = None  # (card, x, y, turned) drawn as a fixed ghost (a quiz's move)
        super().__init__(state, player=player, panel=panel, on_play=on_play, clickable=clickable, header=header,
                         **kwargs)

    @property
    def house(self) -> str:
        """The drawing's body: ``player``'s house (the old name of ``body``)."""
        return self.body

    def _state_changed(self, s, keep_selection: bool) -> None:
        self._pick_help_shown = False
        self._cache = {}
        if not keep_selection or self.selected not in s.lineup:
            self.selected, self.turned = None, False

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

    def _pick(self, value: str) -> None:
        """A line-up card was clicked (``data-pick`` holds its number)."""
        if not (value.isascii() and value.isdigit()):
            self.show_message(f"A card is picked by its number, not {value!r}.", "warn")
            return
        self.select(int(value))

    def mark(self, action: str | None) -> None:
        """Ring one spot (a hint, or the move a scenario plays); picks its card and side."""
        if action is not None:
            a = self.rules.parse_action(self._state, action)
            if hasattr(a, "card") and a.card in self._state.lineup:
                self.selected, self.turned = a.card, bool(getattr(a, "turned", False))
        super().mark(action)

    def start_pick(self, caption: str = "") -> None:
        """What a try board does on (re)start: pick the first line-up card, or say how to choose the order."""
        s = self._state
        if s.lineup and s.phase == "place":
            self.select(s.lineup[0])
        else:
            self.show_message("Click a highlighted line (or its button) to choose which one scores first.")

    def propose(self, action) -> None:
        """Draw ``action`` (a placement) as a fixed outline: the move a quiz asks about."""
        self.proposal = (action.card, action.x, action.y, action.turned)
        self.selected, self.turned = action.card, action.turned  # the proposed card stands out in the line-up
        self.refresh()

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

    def render_patterns(self) -> str:
        return pattern_defs(self._uid)

    def render(self) -> str:
        """The board for the current state (the house is the drawing's body)."""
        s = self._state
        pending = ()
        if s.phase == "order" and self.my_turn() and self.clickable:
            # the lines the engine lets this player score next, in its order
            pending = tuple(a.run for a in self.rules.legal_actions(s) if hasattr(a, "run"))
        return render_board(
            s, self.player, uid=self._uid, version=self.version, selected=self.selected, turned=self.turned,
            spots=self.spots() if self.clickable else (), marked=self.marked, proposal=self.proposal,
            pending=pending, header=self.header or self.default_header(), clickable=self.clickable,
            style=False, patterns=False,
        )
