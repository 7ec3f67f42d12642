"""Tanuki in the Garden widgets: the clickable board and a full game against bots.

The game-independent parts are :class:`~gardenkit.widgets.board_base.BoardWidget` and
:class:`~gardenkit.widgets.view.GameView`; this adds picking a path tile from your hand
(``pick("12")``), turning it (``turn()``, ``data-ui="turn"``) and, before you play, the preview of
**where every monk would end and what each would gain or lose**: its path traced on the board in
its colour, the symbols it crosses listed, crashes and loops marked (``rules.walks``). After a
tile is laid the monks' walks stay on the board and can be stepped through piece by piece
(``trail_next()``, ``trail_back()``). Every other decision is a click on what ``rules.targets``
offers: a start place on the board's edge, an arrow by the Tanuki whose die shows 5, a Garden
Master card (``pick("card:move")``, then its choices), ``chase``, ``pass``, ``decline``, ``buy a
card``, a tile to discard … Legality, refusals and Shiitake all come from the engine; what your
seat may see of the others' hands and cards from ``rules.observe``.

>>> from gardenkit.games.tanuki.setups import position
>>> board = TanukiBoard(position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"},
...                              hands={0: (5, 9, 12)}))
>>> board.pick("5"); board.spot_actions()
('5@b3g2',)
>>> board.preview_lines()
('Player 1: b3g2 Shiitake → stops facing b2g2 (+1)',)
>>> board.turn(); board.spot_actions()
('5@b3g2/90',)
>>> board.play("5@b3g2/90")
True
>>> board.state.shiitake[0] >= 0 and len(board.trail) == 1
True
"""
from __future__ import annotations

import contextlib
import dataclasses

from ..games.tanuki.actions import BaitCard, Enter, Place
from ..games.tanuki.board import parse_space, space_name
from ..render.tanuki import (
    TANUKI_CSS, card_choices, card_of, offered, render_board, status_line, tanuki_pattern_defs, walk_lines,
)
from ._html import explanation_html, h
from .board_base import BoardWidget, guarded
from .view import GameView

__all__ = ["TanukiBoard", "TanukiGame"]

#: what a tile's notation looks like (said when a click cannot be read)
NOTATION_HINT = ("12@b3g4/90 (tile 12 on b3g4, turned 90°), 12@b3g1 from A, start b3g1 side 1, gold toward 3, "
                 "enter from A, chase, pass, go, decline, buy a card, end turn or play move: blue toward 2")


class TanukiBoard(BoardWidget):
    """One position, seen by ``player`` (default: the one to act): the garden, the dice, every
    player's Shiitake, your hand and cards, the buttons and the walks in words.

    In the tile phase pick a tile of your hand (``pick("12")``), turn it (``turn()``), and the
    board shows where every monk would walk if you laid it on the space in front of your monk;
    click that space (or, from a start place, the path end A/B you set off by) to play it. Pointing
    at another placement previews it instead (``preview_move``). With Garden Master, a card is
    picked the same way (``pick("card:move")``) and its choices are shown on the board.
    ``names``: what to call each player (default "Player 1" …).
    """

    game_id = "tanuki"
    _css = BoardWidget._css + TANUKI_CSS  # loaded once; redraws leave their <style> out
    notation_hint = NOTATION_HINT
    _ui_actions = {"turn": "turn", "other_end": "other_end", "unpick": "unpick", "trail_back": "trail_back",
                   "trail_next": "trail_next", "trail_all": "trail_all", "trail_hide": "trail_hide"}

    def __init__(self, state, *, player: int | None = None, panel=None, on_play=None, clickable: bool = True,
                 header: str | None = None, names=None, **kwargs):
        self.selected: int | None = None  # the picked hand tile
        self.rot = 0
        self.card: str | None = None  # the picked Garden Master card
        self.bait: tuple = ()  # Tanuki Bait's choices so far: (victim,) or (victim, (x, y))
        self.shift_at: tuple | None = None  # Shifting Paths: the space of the tile to turn, once picked
        self.preview: str | None = None  # the placement being previewed (None: the first legal one)
        self.trail: tuple = ()  # the walks of the last tile laid
        self.trail_step: int | None = None  # None: the whole walks
        self.trail_label = ""
        self.trail_key = None  # what the trail was made from (a game view's history position)
        self.names = names
        self._cache: dict = {}
        self._laid: tuple | None = None  # a tile laid by the click being played: (before, action, walks)
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
            player = None  # e.g. a worked example starting at a roll of the dice: show whoever is to act
        super().__init__(state, player=player, panel=panel, on_play=on_play, clickable=clickable, header=header,
                         **kwargs)

    # ----- state ----------------------------------------------------------------------------------
    def _state_changed(self, s, keep_selection: bool) -> None:
        self._cache = {}
        if not keep_selection:
            self.selected, self.rot, self.card, self.bait, self.preview = None, 0, None, (), None
            self.shift_at = None
            self.trail, self.trail_step, self.trail_label, self.trail_key = (), None, "", None
            return
        mine = self.rules.current_player(s) == self.player
        kind = self.rules.decision(s)
        if not (mine and kind == "tile" and self.selected in s.hands[self.player]):
            self.selected, self.rot = None, 0
        if not (mine and kind in ("pre", "tile") and self.card in card_choices(self.rules.view(s, self.player))):
            self.card, self.bait = None, ()
        if self.card != "shift":
            self.shift_at = None
        self.preview = None

    def _decision(self) -> str:
        return self.rules.decision(self._state)

    # ----- what a click calls -----------------------------------------------------------------------
    def _refuse(self, text: str) -> bool:
        if self.locked:
            self.show_message(self.locked, "warn")
            return True
        if not self.clickable:
            self.show_message("This board only shows a position.", "warn")
            return True
        if text:
            self.show_message(text, "warn")
            return True
        return False

    def _pick(self, value: str) -> None:
        """A click on a ``data-pick`` element: a hand tile (``"12"``), a card (``"card:move"``), or a
        step of Tanuki Bait (``"victim:2"``: the player baited, ``"bait:b2g3"``: the blue Tanuki's space), or
        the tile Shifting Paths turns (``"shift:b2g3"``: its three turns are then buttons)."""
        value = value.strip()
        if value.isdigit():
            self._pick_tile(int(value))
        elif value.startswith("card:"):
            self.choose_card(value[5:])
        elif value.startswith("victim:") and value[7:].isdigit():
            self._bait_victim(int(value[7:]) - 1)
        elif value.startswith("bait:"):
            self._bait_space(value[5:])
        elif value.startswith("shift:"):
            self._shift_space(value[6:])
        else:
            self.show_message(f"Pick a tile of your hand by its number (12) or a card (card:move), not {value[:20]!r}.",
                              "warn")

    def _pick_tile(self, tile: int) -> None:
        s = self._state
        if self._refuse(""):
            return
        if tile not in s.hands[self.player]:
            held = ", ".join(map(str, s.hands[self.player])) or "none"
            self.show_message(f"Tile {tile} is not in your hand (you hold {held}).", "warn")
            return
        if not self.my_turn() or self._decision() != "tile":
            now = status_line(self.rules.view(s), self.names)
            self.show_message(f"You pick a tile to lay in your tile phase: {now}.", "warn")
            return
        if tile != self.selected:
            self.selected, self.rot = tile, 0
        self.card, self.bait, self.preview, self.marked, self.shift_at = None, (), None, None, None
        self._cache = {}
        self.refresh()
        self.show_preview()

    @guarded
    def select(self, tile) -> None:
        """Pick the hand tile ``tile`` (a number), as a click on it does."""
        if isinstance(tile, bool) or not isinstance(tile, (int, str)) or not str(tile).strip().isdigit():
            raise ValueError(f"a tile is picked by its number, not {tile!r}")
        self._pick_tile(int(tile))

    @guarded
    def turn(self) -> None:
        """Turn the picked tile a quarter clockwise (``data-ui="turn"``)."""
        if self.selected is None:
            self.show_message("Pick a tile from your hand first, then turn it.", "warn")
            return
        self.rot = (self.rot + 90) % 360
        self.preview, self.marked = None, None
        self._cache = {}
        self.refresh()
        self.show_preview()

    @guarded
    def other_end(self) -> None:
        """Preview setting off by the other path end of the start place (``data-ui="other_end"``)."""
        legal = [t.action for t in self.placements() if t.points is not None]
        if len(legal) < 2:
            self.show_message("There is only one way to set off with this tile.", "info")
            return
        now = self.preview_action()
        self.preview_move(legal[(legal.index(now) + 1) % len(legal)] if now in legal else legal[0])

    @guarded
    def choose_card(self, kind: str) -> None:
        """Pick a Garden Master card of your hand to play (``data-pick="card:<kind>"``): its choices
        appear on the board (a card with none is one button). Picking it again puts it back."""
        if self._refuse(""):
            return
        s = self._state
        choices = card_choices(self.view()) if self.my_turn() else {}
        if kind not in choices:
            refusal = self.rules.card_refusal(s, self.player, kind)  # (None: its moves are on the board)
            if refusal is not None:
                self.show_message(f"Not now: {refusal.text} [{refusal.rule}].", "warn")
            return
        if self.card == kind:
            self.unpick()
            return
        self.card, self.bait, self.selected, self.rot, self.preview, self.marked = kind, (), None, 0, None, None
        self.shift_at = None
        self._cache = {}
        self.refresh()
        card = s.components.card(kind)
        n = len(choices[kind])
        how = ("click its button to play it" if n == 1 else
               "pick the player to bait, then the blue Tanuki's space, then the gold one's" if kind == "bait" else
               "pick the tile to turn, then how far" if kind == "shift" else
               f"{n} ways to play it are shown: click one")
        self.show_message(f"{card.title}: {card.text} — {how}.")

    @guarded
    def unpick(self) -> None:
        """Put the picked card back (``data-ui="unpick"``)."""
        self.card, self.bait, self.marked, self.shift_at = None, (), None, None
        self._cache = {}
        self.refresh()

    def _bait_victim(self, victim: int) -> None:
        if self.card != "bait":
            self.show_message("Pick the Tanuki Bait card first.", "warn")
            return
        if not any(a.victim == victim for a in self._bait_actions()):
            self.show_message(f"Player {victim + 1} cannot be baited now.", "warn")
            return
        self.bait = (victim,)
        self._cache = {}
        self.refresh()
        self.show_message(f"Tanuki Bait on player {victim + 1}: pick the space next to their monk for the blue Tanuki.")

    def _bait_space(self, text: str) -> None:
        if self.card != "bait" or not self.bait:
            self.show_message("Pick the Tanuki Bait card and the player to bait first.", "warn")
            return
        try:
            x, y = parse_space(text)
        except ValueError as e:
            self.show_message(str(e), "warn")
            return
        if not any(a.victim == self.bait[0] and (a.bx, a.by) == (x, y) for a in self._bait_actions()):
            self.show_message(f"The blue Tanuki cannot be put on {space_name(x, y)}.", "warn")
            return
        self.bait = (self.bait[0], (x, y))
        self._cache = {}
        self.refresh()
        self.show_message(f"Blue Tanuki on {space_name(x, y)}: now click the gold Tanuki's space.")

    def _shift_space(self, text: str) -> None:
        if self.card != "shift":
            self.show_message("Pick the Shifting Paths card first.", "warn")
            return
        try:
            x, y = parse_space(text)
        except ValueError as e:
            self.show_message(str(e), "warn")
            return
        if (x, y) not in self._shift_spaces():
            self.show_message(f"The tile on {space_name(x, y)} cannot be turned now.", "warn")
            return
        self.shift_at = (x, y)
        self._cache = {}
        self.refresh()
        self.show_message(f"Shifting Paths on {space_name(x, y)}: click how far to turn its tile.")

    def _shift_spaces(self) -> list:
        """The spaces whose tile Shifting Paths may turn now (the engine's targets), top row first."""
        shifts = card_choices(self.view()).get("shift", ())
        return sorted({tuple(t.at) for t in shifts if t.at}, key=lambda p: (p[1], p[0]))

    def _bait_actions(self) -> list:
        baits = card_choices(self.view()).get("bait", ())
        return [self.rules.parse_action(self._state, t.action) for t in baits]

    @guarded
    def hover(self, text) -> None:
        """Pointing at a move: its explanation; a placement of the picked tile is previewed on the
        board too (every monk's walk)."""
        if isinstance(text, str) and text != self.preview_action() and \
                text in {t.action for t in self.placements() if t.points is not None}:
            self.preview, self._cache = text, {k: v for k, v in self._cache.items() if k[0] != "walks"}
            self.refresh()
            self.show_preview()
            return
        super().hover(text)

    @guarded
    def preview_move(self, action: str) -> None:
        """Preview ``action`` (a placement of the picked tile, or ``enter from A``): where every monk
        would walk."""
        legal = {t.action for t in self.placements() if t.points is not None}
        if action not in legal:
            moves = ", ".join(sorted(legal)) or "none"
            self.show_message(f"{action} is not one of the moves to preview now ({moves}).", "warn")
            return
        self.preview = action
        self._cache = {k: v for k, v in self._cache.items() if k[0] != "walks"}
        self.refresh()
        self.show_preview()

    def play(self, text) -> bool:
        """Play ``text`` (a click); the walks of a tile just laid stay on the board to be stepped
        through (in a game view, the game shows the last tile's walks, whoever laid it)."""
        self._laid = None
        # a board on its own draws the position after the move and its walks once; in a game view
        # the view draws both in its refresh (and marks what it shows settled after that drawing)
        alone = self.on_played is None and self.on_play is None
        with self.drawn_once() if alone else contextlib.nullcontext():
            ok = super().play(text)
            laid, self._laid = self._laid, None
            if ok and self.trail_key is None and laid is not None:
                before, action, walks = laid
                self.show_walks(before, action, walks=walks)
        return ok

    def _move_played(self, played) -> None:
        """A tile laid: its walks are read now, while the playing-out ``rules.play`` made is still
        kept (after the move, the tiles drawn push it out)."""
        a, before = played.action, self._state
        if isinstance(a, (Place, Enter)):
            self._laid = (before, a, self.rules.walks(before, a))

    # ----- the trail of the last tile ----------------------------------------------------------------
    def show_walks(self, before, action, *, who: str | None = None, key=None, walks=None) -> None:
        """Show the walks ``action`` caused from ``before`` (``rules.walks``, or ``walks`` when
        the caller has them), whole; the steps buttons go through them one path piece at a time."""
        self.trail = self.rules.walks(before, action) if walks is None else tuple(walks)
        p = self.rules.current_player(before)
        who = who or (self.names[p] if self.names and isinstance(p, int) else f"Player {p + 1}")
        self.trail_label = f"The walks after {who} played {action}:"
        self.trail_step, self.trail_key = None, key
        self.refresh()

    def clear_walks(self) -> None:
        self.trail, self.trail_step, self.trail_label, self.trail_key = (), None, "", None
        self.refresh()

    def _trail_pieces(self) -> int:
        return sum(len(w.pieces) for w in self.trail)

    @guarded
    def trail_next(self) -> None:
        """One path piece on (from the whole walks: back to the first piece)."""
        n = self._trail_pieces()
        if not n:
            self.show_message("No walks to step through: no tile has been laid yet.", "info")
            return
        self.trail_step = 0 if self.trail_step is None else (None if self.trail_step + 1 >= n else self.trail_step + 1)
        self.refresh()

    @guarded
    def trail_back(self) -> None:
        """One path piece back (from the whole walks: the last piece)."""
        n = self._trail_pieces()
        if not n:
            self.show_message("No walks to step through: no tile has been laid yet.", "info")
            return
        self.trail_step = n - 1 if self.trail_step is None else max(0, self.trail_step - 1)
        self.refresh()

    @guarded
    def trail_all(self) -> None:
        self.trail_step = None
        self.refresh()

    @guarded
    def trail_hide(self) -> None:
        self.trail, self.trail_step, self.trail_label = (), None, ""
        self.refresh()

    # ----- the engine's verdicts ------------------------------------------------------------------------
    def _cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def view(self, *, clickable: bool = True):
        """The rules' answer for this board, what it draws and offers: ``rules.view(state, player,
        (tile, turn))`` with a tile picked in the tile phase, else ``rules.view(state, player)``;
        asked once per change (``clickable=False``: without the targets, for a picture)."""
        def make():
            laying = self.selected is not None and self._decision() == "tile"
            return self.rules.view(self._state, self.player, (self.selected, self.rot) if laying else None,
                                   clickable=clickable)
        return self._cached(("view", self.selected, self.rot, self.player, clickable), make)

    def placements(self) -> tuple:
        """The picked tile's placements (``rules.targets(state, (tile, rot))``) and ``enter from …``,
        when this board's player lays a tile; else nothing (read from :meth:`view`, asked once)."""
        if not self.my_turn() or self._decision() != "tile":
            return ()
        view = self.view()
        out = view.targets if self.selected is not None else ()
        return tuple(out) + tuple(t for t in view.offered if t.action.startswith("enter from"))

    def spots(self) -> tuple:
        """Everything the board offers to click now (:func:`gardenkit.render.tanuki.offered`: the
        picked tile's placements, the picked card's choices, the other targets), each a
        :class:`~gardenkit.Target` from the engine."""
        def make():
            if self._state is None or not self.my_turn():
                return ()
            out = offered(self.view(), card=self.card)
            if self.card == "bait":
                out = tuple(self._bait_spots(out))
            if self.card == "shift":  # one space's three turns, once its tile is picked
                out = tuple(t for t in out if card_of(t.action) != "shift" or
                            (self.shift_at is not None and t.at and tuple(t.at) == self.shift_at))
            return out
        return self._cached(("spots", self.selected, self.rot, self.card, self.bait, self.shift_at, self.player), make)

    def _bait_spots(self, targets):
        """Tanuki Bait's moves, one step at a time: none until the player and the blue space are
        picked, then each gold space as a spot on the board."""
        for t in targets:
            if card_of(t.action) != "bait":
                yield t
                continue
            if len(self.bait) < 2:
                continue
            a = self.rules.parse_action(self._state, t.action)
            if isinstance(a, BaitCard) and a.victim == self.bait[0] and (a.bx, a.by) == self.bait[1]:
                yield dataclasses.replace(t, at=(a.gx, a.gy))

    def _bait_picks(self):
        """(buttons, spaces) to pick for Tanuki Bait's next step, or the tile Shifting Paths turns."""
        if self.card == "shift" and self.shift_at is None and self.my_turn():
            return (), tuple((x, y, f"shift:{space_name(x, y)}", f"shift: turn the tile on {space_name(x, y)}")
                             for x, y in self._shift_spaces())
        if self.card != "bait" or not self.my_turn():
            return (), ()
        acts = self._bait_actions()
        if not self.bait:
            victims = sorted({a.victim for a in acts})
            return tuple((f"bait player {v + 1}", f"victim:{v + 1}", f"put both Tanuki next to player {v + 1}'s monk")
                         for v in victims), ()
        if len(self.bait) == 1:
            spaces = sorted({(a.bx, a.by) for a in acts if a.victim == self.bait[0]}, key=lambda p: (p[1], p[0]))
            return (), tuple((x, y, f"bait:{space_name(x, y)}", f"blue: the blue Tanuki goes on {space_name(x, y)}")
                             for x, y in spaces)
        return (), ()

    def preview_action(self) -> str | None:
        """The placement previewed now: the one pointed at or asked for, else the first legal one."""
        legal = [t.action for t in self.placements() if t.points is not None]
        if self.preview in legal:
            return self.preview
        return legal[0] if legal else None

    def preview_walks(self) -> tuple:
        """The walks of the previewed placement (``rules.walks``): every monk that would move."""
        action = self.preview_action()
        if action is None:
            return ()
        return self._cached(("walks", action), lambda: self.rules.walks(self._state, action))

    def preview_lines(self) -> tuple[str, ...]:
        """The preview in words: each monk, the symbols it would cross, where it would end, its gain."""
        return walk_lines(self.preview_walks(), self.names)

    def preview_html(self) -> str:
        """The panel's preview: the move, what it gives you and the others (the engine's
        explanation), and each monk's walk; or why the picked tile cannot go there."""
        action = self.preview_action()
        if action is None:
            refused = [t for t in self.placements() if t.points is None]
            if refused:
                return explanation_html(self.rules, self.rules.explain(self._state, refused[0].action))
            return ""
        items = "".join(f"<li>{h(line)}</li>" for line in self.preview_lines())
        others = [t.action for t in self.placements() if t.points is not None and t.action != action]
        alt = (f"<div>Or point at {', '.join(f'<code>{h(a)}</code>' for a in others)} to preview it.</div>"
               if others else "")
        expl = explanation_html(self.rules, self.rules.explain(self._state, action), "If you play")
        return (f"<div><b>Before you play:</b> where every monk would walk (traced on the board):</div>"
                f'<ul class="gk-tpreview">{items}</ul>{alt}{expl}')

    def show_preview(self) -> None:
        html = self.preview_html()
        if html:
            self.panel.value = html

    # ----- what a lesson or a hint asks --------------------------------------------------------------
    def mark(self, action: str | None) -> None:
        """Ring one move (a hint, the move a scenario plays): a placement also picks its tile and
        turn, a card move its card."""
        if action is not None and self.my_turn():
            s = self._state
            a = self.rules.parse_action(s, action)
            if isinstance(a, Place) and a.tile in s.hands[self.player]:
                self.selected, self.rot, self.card, self.bait = a.tile, a.rot, None, ()
                self.preview = str(a)
            elif card_of(str(a)) is not None and self._decision() in ("pre", "tile"):
                self.card, self.selected, self.rot = card_of(str(a)), None, 0
                self.bait = (a.victim, (a.bx, a.by)) if isinstance(a, BaitCard) else ()
            self._cache = {}
        super().mark(action)

    def start_pick(self, caption: str = "") -> None:
        """What a try board shows on (re)start: the tile its lesson names (``caption.pick``) or the
        first of the hand picked, with its preview; else what to do."""
        s = self._state
        if not self.my_turn():
            return
        if self._decision() == "tile" and s.hands[self.player]:
            named = getattr(caption, "pick", None)
            tile = int(named) if isinstance(named, (int, str)) and str(named).isdigit() and \
                int(named) in s.hands[self.player] else s.hands[self.player][0]
            self.select(tile)
        else:
            self.show_message(status_line(self.rules.view(s), self.names) + ": click one of the choices on the board.")

    # ----- drawing ---------------------------------------------------------------------------------
    def render_patterns(self) -> str:
        return tanuki_pattern_defs(self._uid)

    def _shown(self):
        """What to draw as clickable: every spot, or on a board that only shows, the ringed move."""
        if self.clickable:
            return self.spots()
        if self.marked is None or self._state is None:
            return ()
        s = self._state
        sel = None
        try:
            a = self.rules.parse_action(s, self.marked)
            if isinstance(a, Place):
                sel = (a.tile, a.rot)
        except ValueError:
            return ()
        if self.rules.current_player(s) is None:
            return ()
        pool = self.rules.targets(s, sel) + (self.rules.targets(s) if sel is not None else ())
        return tuple(t for t in pool if t.action == self.marked)

    def render(self) -> str:
        s = self._state
        spots = self._shown()
        buttons, spaces = self._bait_picks()
        preview = self.preview_action() if self.selected is not None or any(
            t.action.startswith("enter from") for t in spots) else None
        walks = self.preview_walks() if preview else ()
        if not self.clickable and self.marked is not None:
            try:
                a = self.rules.parse_action(s, self.marked)
                if isinstance(a, (Place, Enter)):
                    preview, walks = self.marked, self.rules.walks(s, self.marked)
            except ValueError:
                pass
        view = self.view(clickable=self.clickable)  # (a picture draws only the ringed move: no targets asked)
        return render_board(
            view, targets=spots, walks=walks, preview=preview,
            trail=self.trail, step=self.trail_step, trail_label=self.trail_label, card=self.card,
            card_targets=card_choices(view) if self.clickable and self.my_turn() else {},
            pick_buttons=buttons, pick_spaces=spaces, marked=self.marked,
            ghosts=(("blue", *self.bait[1]),) if self.card == "bait" and len(self.bait) == 2 else (),
            header=self.header or status_line(view, self.names), clickable=self.clickable, uid=self._uid,
            version=self.version, style=False, patterns=False, names=self.names,
        )


class TanukiGame(GameView):
    """Play Tanuki in the Garden against bots: you sit in ``seat`` (0-based) of 2 to 8 players, the
    others are ``opponents`` bots, who also answer on your turn (a Repellant, a discard, a place to
    start again). ``garden_master``: the expansion (its checkbox is in the setup row); ``short``: the
    short game. The others' tiles and cards are face down (``rules.observe``) until the game is over.
    ``bot_delay``: seconds a bot "thinks" (0: at once).

    >>> g = TanukiGame(players=2, seed=3, bot_delay=0)
    >>> g.play(str(g.rules.legal_actions(g.state)[0]))
    True
    >>> g.undo()
    True
    """

    game_id = "tanuki"
    board_class = TanukiBoard
    others_heading = "The other players (their monks walk on the board above; their tiles are face down)"

    @property
    def start_hint(self) -> str:
        return ("First take a start place: click a ring on the board's edge. On your turn pick a tile from your "
                "hand, turn it, see where every monk would walk, and click the space in front of your monk.")

    def __init__(self, players: int = 2, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 bot_delay: float = 0.4, garden_master: bool = False, short: bool = False, *,
                 options: dict | None = None, **kwargs):
        """The options may be given by name (``garden_master=True``) or in ``options``."""
        options = {**dict(garden_master=garden_master, short=short), **(options or {})}
        super().__init__(players, seat, opponents, seed, options=options, bot_delay=bot_delay, **kwargs)

    def _build(self) -> None:
        super()._build()
        self.set_chart_labels(ylabel="Shiitake")

    def new_game(self, players: int = 2, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 **options) -> None:
        """Start over with these settings (what the New game button does)."""
        super().new_game(players, seat, opponents, seed, **options)

    # ----- the hooks of GameView -------------------------------------------------------------------
    def round_of(self, state) -> int:
        """The round: every player's turn once (0 while setting up)."""
        return 0 if not state.turn else (state.turn - 1) // state.players + 1

    def _seen(self, state):
        return self.rules.observe(state, self.seat)

    def _known(self, state) -> tuple:
        return self.rules.known_scores(self._seen(state))

    def score_columns(self, state) -> dict:
        seen = self._seen(state)
        out = {"Shiitake": [str(v) for v in seen.shiitake],
               "Tiles": [str(len(hand)) for hand in seen.hands]}
        if state.garden_master:
            out["Cards"] = [str(len(c)) for c in seen.cards]
        out["Monk"] = ["off" if m is None else "start" if m[0] == "edge" else space_name(m[1], m[2])
                       for m in state.monks]
        return out

    def score_note(self, state) -> str:
        cards = " (Shiitake plus cards, ? = cards face down)" if state.garden_master else ""
        return (f"Points: what each holds toward victory{cards}. Holding {state.target} at the end of your own "
                "turn ends the game; most wins.")

    def move_points(self, before, after, player: int) -> str:
        a, b = self._known(before)[player], self._known(after)[player]
        if a is None or b is None:
            return ""
        return f"{b - a:+d}" if b != a else ""

    def other_summary(self, state, player: int) -> str:
        seen = self._seen(state)
        known = self._known(state)[player]
        tiles = len(seen.hands[player])
        total = "?" if known is None else known
        cards = f" · {len(seen.cards[player])} cards" if state.garden_master else ""
        return f"{total} toward victory · {seen.shiitake[player]} Shiitake · {tiles} tiles{cards}"

    def _status_text(self, s, p) -> str:
        if p is None or p != self.seat:
            return super()._status_text(s, p)
        return f"{status_line(self.rules.view(s), self.names)}: your move."

    def _board_extras(self) -> None:
        self._update_trail()

    def _update_trail(self) -> None:
        """The last tile laid (by anyone): its walks stay on the board, to be stepped through."""
        t = self.timeline
        history = t.history
        for i in range(len(history) - 1, -1, -1):
            a = history[i]
            if isinstance(a, (Place, Enter)):
                key = (id(t), i, str(a))
                if self.board.trail_key != key:
                    before, action, _after = t.steps(i)[0]
                    p = self.rules.current_player(before)
                    self.board.show_walks(before, action, who=self.names[p], key=key)
                return
        if self.board.trail:
            self.board.clear_walks()

    def _start(self, players, seat, opponents, seed, options, timeline=None) -> None:
        super()._start(players, seat, opponents, seed, options, timeline=timeline)
        self.board.names = list(self.names)
        self.board.refresh()
