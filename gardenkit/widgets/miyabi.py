"""Miyabi widgets: the clickable board and a full game against bots.

The game-independent parts are :class:`~gardenkit.widgets.base.BoardWidget` and
:class:`~gardenkit.widgets.base.GameView`; this adds picking a tile from the display
(``pick("17")``, ``pick("Z4")``), turning it (``rotate()``, ``data-ui="rotate"``), and the drawing.
What can be clicked, its points and why not come from the engine: ``rules.targets(state, (tile,
rot))`` for the picked tile, ``rules.targets(state)`` for the frog and the buttons.

>>> import gardenkit
>>> from gardenkit.games.miyabi.setups import position
>>> board = MiyabiBoard(position(display=[68, 1, 43, 90]))
>>> board.pick("68")
>>> board.spot_actions()[:3]
('68@b2', '68@c2', '68@d2')
>>> board.rotate(); board.spot_actions()[:2]
('68@a2/90', '68@b2/90')
>>> board.play("68@b2")
True
>>> board.state.scores[0]
3
"""
from __future__ import annotations

import dataclasses

from ..render.miyabi import MIYABI_CSS, miyabi_pattern_defs, render_board, render_garden, status_line
from .board_base import BoardWidget, guarded
from .view import GameView

__all__ = ["MiyabiBoard", "MiyabiGame"]


class MiyabiBoard(BoardWidget):
    """One position: the display and ``player``'s garden. Pick a tile, turn it, click a ticked square.

    ``on_play(played)``: called with a legal click's :class:`~gardenkit.core.rules.Played` instead
    of showing the state after it here (a game view keeps its own timeline); without it the board
    shows the new state and resolves chance nodes itself, so it can be played hot-seat.
    ``show_illegal``: draw the picked tile's refused squares too (grey ×, the engine says why).
    """

    game_id = "miyabi"
    _css = BoardWidget._css + MIYABI_CSS  # loaded once; redraws leave their <style> out
    notation_hint = "68@b2/90 (tile 68 with its objects on b2, turned 90 degrees), Z4@a6, pass, frog d4 or end"
    _ui_actions = {"rotate": "rotate"}

    def __init__(self, state, *, player: int | None = None, panel=None, on_play=None, clickable: bool = True,
                 show_illegal: bool = True, header: str | None = None, **kwargs):
        self.show_illegal = show_illegal
        self.selected: str | None = None  # "17" or "Z4"
        self.rot = 0
        self._help_shown = False
        super().__init__(state, player=player, panel=panel, on_play=on_play, clickable=clickable, header=header,
                         **kwargs)

    def _state_changed(self, s, keep_selection: bool) -> None:
        self._cache = {}
        if not keep_selection or not self._available(self.selected):
            self.selected, self.rot = None, 0

    def _available(self, value) -> bool:
        s = self._state
        if value is None:
            return False
        if value.startswith("Z"):
            return value[1:].isdigit() and int(value[1:]) in s.zen_display
        return value.isdigit() and int(value) in s.display

    # ----- what a click calls ---------------------------------------------------------------
    def _pick(self, value: str) -> None:
        """A display tile was clicked (``data-pick`` holds its id, ``Z4`` for a Zen tile)."""
        value = value.strip()
        if not (value.isascii() and (value.isdigit() or (value[:1] in "Zz" and value[1:].isdigit()))):
            self.show_message(f"A tile is picked by its number (or Z and a number for a Zen tile), not {value!r}.", "warn")
            return
        value = value.upper()
        # one spelling per tile ("072" and "Z04" are 72 and Z4), so the display marks the pick
        # and picking it again keeps its turn
        value = f"Z{int(value[1:])}" if value.startswith("Z") else str(int(value))
        if not self._available(value):
            s = self._state
            shown = ", ".join([str(t) for t in s.display] + [f"Z{z}" for z in s.zen_display]) or "none"
            self.show_message(f"Tile {value} is not face up (face up: {shown}).", "warn")
            return
        phase = self._state.phase
        if self.my_turn() and phase in ("frog_start", "after"):
            self.show_message("First put your frog on a square of your garden (click a square)." if phase == "frog_start"
                              else "Your tile is placed: hop your frog one step (click a dashed circle) or click “end turn”.",
                              "warn")
            return
        if value != self.selected:
            self.selected, self.rot = value, 0
        self.marked = None
        self.refresh()
        if not (self.my_turn() and phase == "turn"):
            return
        n = sum(1 for sp in self.spots() if sp.points is not None)
        if n == 0:
            self.show_message(f"Tile {value} fits nowhere in your garden now: point at a grey × to see why.", "warn")
        elif not self._help_shown:
            self._help_shown = True
            self.show_message(
                f"Tile {value}: {n} square{'s' if n != 1 else ''} where its objects may go, each ticked with the points "
                "it would score (point at one to see the tile there, click to place it). Grey × squares are refused: "
                "point at one to see the rule." + (" “turn 90°” turns the tile." if self._turns() > 1 else "")
            )

    def _turns(self) -> int:
        """How many different ways the picked tile can lie (1 for a single or a Zen tile)."""
        if self.selected is None or self.selected.startswith("Z"):
            return 1
        return len(self._state.components.tile(int(self.selected)).rotations)

    @guarded
    def select(self, tile) -> None:
        """Pick a face-up tile by number (``17``) or a Zen tile (``"Z4"``)."""
        if isinstance(tile, bool) or not isinstance(tile, (int, str)):
            raise ValueError(f"a tile is picked by its number, not {tile!r}")
        self.pick(str(tile))

    @guarded
    def rotate(self) -> None:
        """Turn the picked tile 90 degrees clockwise (to the next different footprint)."""
        if self.selected is None:
            self.show_message("Pick a tile from the display first, then turn it.", "warn")
            return
        if self.selected.startswith("Z"):
            self.show_message("A Zen tile is a single square: turning it changes nothing.", "info")
            return
        tile = self._state.components.tile(int(self.selected))
        rots = tile.rotations
        if len(rots) == 1:
            self.show_message(f"Tile {self.selected} is a single square: turning it changes nothing.", "info")
            return
        self.rot = rots[(rots.index(tile.canonical(self.rot)) + 1) % len(rots)]
        self.marked = None
        self.refresh()

    def mark(self, action: str | None) -> None:
        """Ring one move (a hint, or the move a scenario plays); picks its tile and turn."""
        if action is not None:
            a = self.rules.parse_action(self._state, action)
            if hasattr(a, "tile") and a.tile in self._state.display:
                self.selected, self.rot = str(a.tile), a.rot
            elif hasattr(a, "zen") and a.zen in self._state.zen_display:
                self.selected, self.rot = f"Z{a.zen}", 0
        super().mark(action)

    def start_pick(self, caption: str = "") -> None:
        """What a try board does on (re)start, if the player is placing: pick the face-up tile its
        lesson names (``caption.pick``: ``"72"``, ``"Z14"``; see
        :class:`gardenkit.tutor.miyabi.TryCaption`), else the first one."""
        s = self._state
        if s.phase == "frog_start":
            self.show_message("Click any square of your garden to put your frog there.")
            return
        if s.phase == "after":
            self.show_message("Hop your frog one step (click a dashed circle) or click “end turn”.")
            return
        if s.phase != "turn":
            return
        faces = [str(t) for t in s.display] + [f"Z{z}" for z in s.zen_display]
        named = getattr(caption, "pick", None)
        if named in faces:
            self.select(named)
        elif faces:
            self.select(faces[0])

    # ----- spots (from the engine) -------------------------------------------------------------
    def selection(self):
        """The pick as ``rules.targets`` takes it: ``(tile, rot)``, ``("Z4", 0)``, or None."""
        if not self._available(self.selected):
            return None
        if self.selected.startswith("Z"):
            return self.selected, 0
        return int(self.selected), self.rot % 360

    def spots(self):
        """The picked tile's targets (``rules.targets(state, (tile, rot))``): every object square of
        its row, legal with its points or (with ``show_illegal``) refused with the engine's reason."""
        sel = self.selection()
        if sel is None or not self.my_turn():
            return ()
        key = (sel, self.show_illegal)
        if key not in self._cache:
            targets = self.rules.targets(self._state, sel)
            self._cache[key] = targets if self.show_illegal else tuple(t for t in targets if t.legal)
        return self._cache[key]

    # ----- drawing -------------------------------------------------------------------------------
    def default_header(self) -> str:
        """The render's status line, or what to do with the picked tile."""
        s = self._state
        if self.selected is None or s.phase != "turn" or not self.my_turn():
            return status_line(self.rules.view(s))
        turned = f", turned {self.rot}°" if self.rot else ""
        return f"Round {s.round}: Player {s.to_move + 1}, click a ticked square to place tile {self.selected}{turned}"

    def render_patterns(self) -> str:
        return miyabi_pattern_defs(self._uid)

    def _shown(self):
        """(spots, targets) to draw: the picked tile's and the engine's frog squares and buttons; on
        a board that only shows, just the ringed move, legal, without its points (a quiz's answer)."""
        if self.clickable:
            return self.spots(), None
        if self.marked is None:
            return (), ()
        # the picked tile's square is a spot (points 0: no "+N" badge); else a frog's square
        picked = self.selection()
        for sel in ((picked,) if picked is not None else ()) + (None,):
            ringed = tuple(dataclasses.replace(t, points=0) for t in self.rules.targets(self._state, sel)
                           if t.action == self.marked and t.legal and t.at)
            if ringed:
                return (ringed, ()) if sel is not None else ((), ringed)
        return (), ()

    def render(self) -> str:
        spots, targets = self._shown()
        return render_board(
            self.rules.view(self._state, self.player, clickable=self.clickable), selected=self.selected,
            rot=self.rot, spots=spots, targets=targets, marked=self.marked, header=self.header or self.default_header(),
            clickable=self.clickable, uid=self._uid, version=self.version, style=False, patterns=False,
        )


class MiyabiGame(GameView):
    """Play Miyabi against bots: you sit in ``seat`` (0-based), the others are ``opponents`` bots;
    the five mini-expansions are options. ``bot_delay``: seconds a bot "thinks" (0: at once).

    >>> g = MiyabiGame(players=2, seed=3, bot_delay=0, zen=True)
    >>> g.play(str(g.board.rules.legal_actions(g.state)[-1]))   # a Zen tile
    True
    >>> g.undo()
    True
    """

    game_id = "miyabi"
    board_class = MiyabiBoard

    @property
    def start_hint(self) -> str:
        if self.state.phase == "frog_start":
            return "First put your frog on a square of your garden (click a square); then pick a tile from the display."
        return "Pick a tile from the display, then click a ticked square of your garden."
    others_heading = "The other gardens (they only show; you build on yours above)"

    def __init__(self, players: int = 2, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 bot_delay: float = 0.4, colorful: bool = False, meadow: bool = False, zen: bool = False,
                 seven: bool = False, frog: bool = False, *, options: dict | None = None, **kwargs):
        """The expansions may be given by name (``zen=True``) or in ``options``, as for every game view."""
        options = {**dict(colorful=colorful, meadow=meadow, zen=zen, seven=seven, frog=frog), **(options or {})}
        super().__init__(players, seat, opponents, seed, options=options, bot_delay=bot_delay, **kwargs)

    def new_game(self, players: int = 2, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 **expansions) -> None:
        """Start over with these settings (what the New game button does)."""
        super().new_game(players, seat, opponents, seed, **expansions)

    # ----- the hooks of GameView -----------------------------------------------------------
    def score_columns(self, state) -> dict:
        lit = ["".join("abcdef"[x] for x in range(6) if state.lanterns[p] >> x & 1) or "—" for p in range(state.players)]
        out = {"Lanterns": lit}
        if state.phase != "over":
            out["Passed"] = ["yes" if state.passed[p] else "" for p in range(state.players)]
        return out

    def other_summary(self, state, player: int) -> str:
        pieces = len(state.gardens[player].pieces)
        return f"{state.scores[player]} points · {pieces} tile{'s' if pieces != 1 else ''}"

    def render_other(self, state, player: int) -> str:
        return render_garden(state, player, cell=20)  # the card above it names the player
