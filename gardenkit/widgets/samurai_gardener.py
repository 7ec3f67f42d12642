"""Samurai Gardener's widgets: :class:`SamuraiBoard`, a clickable board for one position, and
:class:`SamuraiGame`, a full game against bots.

The game-independent parts (the front end, checking the browser's messages, play/hover/mark,
the panel; the game controls, bots, save/load, log, scores and chart) are the bases in
:mod:`gardenkit.widgets.base`. The board adds the line-up pick (``select(card_id)``, a
``data-pick`` click), the turn control (``turn()``, ``data-ui="turn"``) and the drawing; what
can be clicked, what it scores and why a spot is refused all come from ``rules.targets``.

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.initial_state(players=2, seed=1)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> board = SamuraiBoard(s)
>>> board.select(s.lineup[0])
>>> board.spots() == rules.targets(s, (s.lineup[0], False))
True
>>> board.play(board.spot_actions()[0])
True
>>> len(board.state.houses[0].placed)
2
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

from ..core import CHANCE
from ..render.samurai_gardener import (SAMURAI_CSS, board_view, pattern_defs, phone_columns, phone_window, render_board,
                                      render_house)
from . import base
from .base import BoardWidget, guarded

__all__ = ["SamuraiBoard", "SamuraiGame"]


class SamuraiBoard(BoardWidget):
    """One position: ``player``'s house and the line-up; pick a card, turn it, click a ticked square.

    ``on_play(action, explanation)``: called with a legal action instead of applying it here
    (a game view keeps its own timeline). Without it the board applies the move itself and
    resolves chance nodes, so it can be played hot-seat. ``show_illegal``: draw the refused
    spots next to the house too (grey ×, with the engine's reason on hover).
    """

    game_id = "samurai_gardener"
    notation_hint = "17@3,-2 (card 17 with its top-left square at x=3, y=-2)"
    _ui_actions = {"turn": "turn", "pan-left": "pan_left", "pan-right": "pan_right"}
    _css = BoardWidget._css + SAMURAI_CSS  # loaded once; redraws leave their <style> out

    def __init__(self, state, *, player: int | None = None, panel=None, on_play=None, clickable: bool = True,
                 show_illegal: bool = True, header: str | None = None, **kwargs):
        self.show_illegal = show_illegal
        self.selected: int | None = None
        self.turned = False
        self.proposal = None  # (card, x, y, turned) drawn as a fixed ghost (a quiz's move)
        self._pan = None  # the first column shown where only part of the house fits (None: centred)
        super().__init__(state, player=player, panel=panel, on_play=on_play, clickable=clickable, header=header,
                         **kwargs)

    def _state_changed(self, s, keep_selection: bool) -> None:
        self._pick_help_shown = False
        self._cache = {}
        self._pan = None  # a new house: its part around the spots again
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
            n = sum(1 for sp in self.spots() if sp.legal)
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

    def pan_left(self) -> None:
        """Where only part of the house fits (a phone): show the columns on its left."""
        self._pan_by(-1)

    def pan_right(self) -> None:
        """Where only part of the house fits (a phone): show the columns on its right."""
        self._pan_by(1)

    def _pan_by(self, direction: int) -> None:
        window = self.window()
        if window is None:
            self.show_message("The whole house is in sight: there is nothing more to see on either side.", "warn")
            return
        self._pan = window[0] + direction * max(1, (window[1] - window[0] + 1) // 2)
        self.refresh()

    def _room_changed(self) -> None:
        self.refresh()

    def window(self) -> tuple[int, int] | None:
        """The columns of the house the board shows, or None for all of them: all fit unless the
        front end said the board has less room (``set_room``, a phone) than the whole view needs
        for squares a finger can tap (:func:`~gardenkit.render.samurai_gardener.phone_columns`).
        The part shown is centred on the squares the legal spots' cards would cover (the marked or
        proposed move's; the lines waiting to be scored; else the house's) until the player pans."""
        if not self.room:
            return None
        s = self._state
        house = s.houses[self.player]
        pending = self._waiting_lines()
        vx0, _, vx1, _ = board_view(house, room=self.clickable and not pending)
        focus = None
        if self.proposal is not None:
            focus = (self.proposal[1], self.proposal[1] + 1)
            vx0, vx1 = min(vx0, focus[0] - 1), max(vx1, focus[1] + 1)
        else:
            xs = [sp.at[0] for sp in self.spots() if sp.points is not None and (self.marked in (None, sp.action))]
            if xs:
                focus = (min(xs), max(xs) + 1)
            elif pending:  # the lines waiting to be scored (specialist rule)
                focus = (min(r.x0 for r in pending), max(r.x1 for r in pending))
            elif house.grid:
                focus = (house.bounds[0], house.bounds[2])
        return phone_window((vx0, vx1), phone_columns(self.room), focus, self._pan)

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
            self._pan = None  # where only part of the house fits: the part around the marked spot
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

    # ----- what can be clicked (asked from the engine) ---------------------------------------
    def spots(self) -> tuple:
        """``rules.targets`` of the picked card and side: every legal top-left square with its
        points and, with ``show_illegal``, the refused ones next to the house with the engine's
        :class:`~gardenkit.Refusal` (shown when one is hovered or clicked)."""
        s = self._state
        if self.selected is None or not self.my_turn():
            return ()
        key = (self.selected, self.turned, self.show_illegal)
        if key not in self._cache:
            targets = self.rules.targets(s, (self.selected, self.turned))
            self._cache[key] = targets if self.show_illegal else tuple(t for t in targets if t.legal)
        return self._cache[key]

    def _waiting_lines(self) -> tuple:
        """The lines the engine lets this player score next (specialist rule), in its order."""
        s = self._state
        if not self.my_turn() or not self.clickable:
            return ()
        return tuple(self.rules.parse_action(s, t.action).run for t in self.rules.targets(s) if t.legal)

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
        return render_board(
            self.rules.view(self._state, self.player, clickable=False), uid=self._uid, version=self.version,
            selected=self.selected, turned=self.turned, spots=self.spots() if self.clickable else (), marked=self.marked,
            proposal=self.proposal, pending=self._waiting_lines(), header=self.header or self.default_header(),
            clickable=self.clickable, style=False, patterns=False, window=self.window(), made_for=self.room,
        )


class SamuraiGame(base.GameView):
    """Play Samurai Gardener against bots: you sit in ``seat`` (0-based), the others are
    ``opponents`` bots ("greedy" or "random"); ``specialist``: the specialist rule (a convenience
    for ``options={"specialist": ...}``). ``bot_delay``: seconds a bot "thinks" before it moves
    (0: bots move at once, as in tests). The game-independent parts (controls, bots, save/load,
    log, scores, chart) are the base's; this adds the markers column, the other houses and the
    log's "…" for a placement whose lines still wait to be scored."""

    game_id = "samurai_gardener"
    board_class = SamuraiBoard
    start_hint = "Pick a card from the line-up, then click a ticked square."
    others_heading = "The other houses (they only show; you build on yours above)"

    def __init__(self, players: int = 2, seat: int = 0, opponents: str = "greedy", seed: int = 7, *,
                 specialist: bool = False, options: dict | None = None, bot_delay: float = 0.4, **kwargs):
        options = {"specialist": specialist, **(options or {})}
        super().__init__(players, seat, opponents, seed, options=options, bot_delay=bot_delay, **kwargs)

    def new_game(self, players: int = 2, seat: int = 0, opponents: str = "greedy", seed: int = 7, *,
                 specialist: bool = False, **options) -> None:
        """Start over with these settings (what the New game button does)."""
        super().new_game(players, seat, opponents, seed, specialist=specialist, **options)

    # ----- the hooks of GameView -----------------------------------------------------------
    def score_columns(self, state) -> dict:
        return {"Markers": [m or "—" for m in state.markers]} if state.specialist else {}

    def move_points(self, before, after, player: int) -> str:
        # a specialist placement scores its lines one by one, in the order the player picks next
        return "…" if after.phase == "order" else super().move_points(before, after, player)

    def other_summary(self, state, player: int) -> str:
        n = len(state.houses[player].placed)
        markers = f" · markers {state.markers[player] or '—'}" if state.specialist else ""
        return f"{super().other_summary(state, player)} · {n} card{'s' if n != 1 else ''}{markers}"

    def render_other(self, state, player: int) -> str:
        return render_house(state.houses[player], cell=20, label=f"{self.names[player]}'s house")
