"""Karesansui widgets: the clickable board and a full game against bots.

The game-independent parts are :class:`~gardenkit.widgets.base.BoardWidget` and
:class:`~gardenkit.widgets.base.GameView`; this adds building a bid by picking rocks from your
garden (``pick("R2")``, ``ui("clear")``), the live rule check of that bid on every pile, and the
turn-in chooser. Legality, refusals and demerits all come from the engine: what can be clicked
is ``rules.targets(state, picked rocks)``, what a seat may see of the others' demerits
``rules.observe(state, seat)``.

>>> import gardenkit
>>> rules = gardenkit.make("karesansui")
>>> s = rules.initial_state(players=3, seed=7)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> board = KaresansuiBoard(s)
>>> rock = s.gardens[s.to_move][0]
>>> board.pick(rock); board.selected == (rock,)
True
>>> board.spot_actions() == (f"bid 1: {rock}", f"bid 2: {rock}")
True
>>> board.play(f"bid 1: {rock}")
True
>>> board.state.bids[0][1] == (rock,)
True
"""
from __future__ import annotations

from collections import Counter

from ..games.karesansui.actions import BLACK, Bid, sort_rocks
from ..render.karesansui import (
    KARESANSUI_CSS, karesansui_pattern_defs, render_board, render_garden, status_line,
)
from . import base
from ._html import h, rule_html
from .base import BoardWidget, guarded

__all__ = ["KaresansuiBoard", "KaresansuiGame"]


class KaresansuiBoard(BoardWidget):
    """One position, seen by ``player``: the bidding board, your garden, the tracker and decks.

    Click rocks of your garden to build a bid (``pick("R2")``: one more R2, or all of them back
    once every R2 you hold is in it), ``clear()`` to start again, then click a pile (its
    ``data-action`` is ``bid N: <your rocks>``). The panel checks the bid on every pile as you
    build it. In the turn-in phase, each order of turning in your sets is listed with what it
    costs; click its first set.
    """

    game_id = "karesansui"
    _css = BoardWidget._css + KARESANSUI_CSS  # loaded once; redraws leave their <style> out
    notation_hint = "bid 2: R1 Y2 (rocks R1 and Y2 on pile 2), bid 1: nothing, pass or turn in G1 G2 G3"
    _ui_actions = {"clear": "clear"}

    def __init__(self, state, *, player: int | None = None, panel=None, on_play=None, clickable: bool = True,
                 header: str | None = None, names=None, **kwargs):
        self.selected: tuple[str, ...] = ()
        self.names = names
        super().__init__(state, player=player, panel=panel, on_play=on_play, clickable=clickable, header=header,
                         **kwargs)

    def _state_changed(self, s, keep_selection: bool) -> None:
        self._view = None
        if not (keep_selection and s.phase == "bid" and _holds(s.gardens[self.player], self.selected)):
            self.selected = ()

    # ----- building a bid ----------------------------------------------------------------------
    def _pick(self, value: str) -> None:
        """A rock of your garden was clicked (``data-pick`` holds its notation, e.g. ``R2``)."""
        s = self._state
        rock = value.strip().upper()
        comps = s.components
        if rock == BLACK or not comps.is_rock(rock):
            self.show_message(f"A rock is picked by its colour letter and value, like R2 (a red II), not {value!r}.",
                              "warn")
            return
        if self.locked:
            self.show_message(self.locked, "warn")
            return
        if not self.clickable:
            self.show_message("This board only shows a position.", "warn")
            return
        if s.phase != "bid" or not self.my_turn():
            what = ("turn in your forbidden sets first (click one in the list)" if s.phase == "turnin" and self.my_turn()
                    else "it is not your turn to bid")
            self.show_message(f"You can build a bid only when you are to bid: {what}.", "warn")
            return
        have = Counter(s.gardens[self.player])[rock]
        if have == 0:
            self.show_message(f"Your garden holds no {comps.rock_name(rock)} ({rock}): you bid with your own rocks.",
                              "warn")
            return
        now = Counter(self.selected)[rock]
        if now < have:
            self.selected = sort_rocks(self.selected + (rock,))
        else:  # every one is in the bid already: a click takes them all back
            self.selected = tuple(r for r in self.selected if r != rock)
        self._after_selection()

    @guarded
    def select(self, *rocks) -> None:
        """Set the bid being built to exactly ``rocks`` (``board.select("R1", "Y2")``)."""
        s = self._state
        rocks = tuple(r.strip().upper() if isinstance(r, str) else r for r in rocks)
        if not all(isinstance(r, str) and s.components.is_rock(r) and r != BLACK for r in rocks):
            raise ValueError("rocks are written like R2 (a red II)")
        if not _holds(s.gardens[self.player], rocks):
            self.show_message(f"Your garden does not hold {' '.join(rocks)}: you bid with your own rocks.", "warn")
            return
        self.selected = sort_rocks(rocks)
        self._after_selection()

    @guarded
    def clear(self) -> None:
        """Put every picked rock back (``data-ui="clear"``)."""
        self.selected = ()
        self._after_selection()

    def play(self, text) -> bool:
        """Play ``text`` (a click on a pile, pass or a set); once played, the bid being built is emptied."""
        ok = super().play(text)
        if ok and self.selected:
            self.selected, self._view = (), None
            self.refresh()
        return ok

    def _after_selection(self) -> None:
        self._view = None
        self.marked = None
        self.refresh()
        if self._state.phase == "bid" and self.my_turn():
            self.panel.value = self.check_html()

    def check(self) -> tuple[tuple[str, object], ...]:
        """The live rule check of the bid being built: ``(notation, None or the engine's Refusal)`` per pile."""
        return tuple((t.action, t.reason) for t in self.spots())

    def check_html(self) -> str:
        """The check as the panel shows it: the bid, then each pile, legal or refused with the rule."""
        s = self._state
        comps = s.components
        v = sum(comps.value(r) for r in self.selected)
        rocks = " ".join(self.selected) or "nothing"
        n = len(self.selected)
        items = []
        for t in self.spots():
            pile = t.at[0] + 1
            if t.reason is None:
                items.append(f'<li><span class="gk-ok">pile {pile}: allowed</span> — click it to play '
                             f"<code>{h(t.action)}</code></li>")
            else:
                rule = t.reason.rule
                items.append(f'<li><span class="gk-no">pile {pile}: {h(t.reason.text)}</span>'
                             + (f"<br>{rule_html(self.rules, rule)}" if rule else "") + "</li>")
        passing = next((t for t in self.targets() if not t.at), None)
        if passing is None or passing.legal:
            passing = "You may also pass."
        else:
            passing = "You may not pass yet: " + h(passing.reason.text) + "."
        return (f"<div>Your bid: <code>{h(rocks)}</code>, worth {v} with {n} rock{'s' if n != 1 else ''}.</div>"
                f"<ul>{''.join(items)}</ul><div>{passing}</div>")

    # ----- the engine's verdicts ------------------------------------------------------------------
    def view(self):
        """The rules' answer for this board (``rules.view(state, player, selected)``): what it draws,
        its targets and turn-in orders; asked once per change."""
        if self._view is None or self._view[0] != self.player:
            self._view = (self.player, self.rules.view(self._state, self.player, tuple(self.selected)))
        return self._view[1]

    def targets(self) -> tuple:
        """``rules.targets(state, selected)`` when this board's player is to act (each pile's bid
        of the picked rocks, pass, or the sets to turn in), else nothing (:meth:`view`'s)."""
        return self.view().targets if self._state is not None else ()

    def spots(self):
        """The piles the board offers for the bid being built (the targets drawn on the piles):
        ``points`` 0 if legal, None (and the engine's ``reason``) if refused. Empty unless it is
        this board's player's turn to bid."""
        return tuple(t for t in self.targets() if t.at)

    def turn_in_choices(self):
        """Every order of turning in your forbidden sets, cheapest first: ``(((notation, demerits), …), total)``
        (from ``rules.turn_in_orders``). Empty unless this board's player is turning in."""
        s = self._state
        if s.phase != "turnin" or not self.my_turn():
            return ()
        return self.view().extra.get("turn_in", ())

    def turn_in_html(self) -> str:
        """The turn-in chooser as an HTML list (every order, what each step and the whole order cost)."""
        rows = self.turn_in_choices()
        if not rows:
            return ""
        items = "".join(
            f"<li>{' → '.join(f'<code>{h(a)}</code> (+{c})' for a, c in steps)}: "
            f"<b>{total} demerit{'s' if total != 1 else ''}</b></li>"
            for steps, total in rows)
        return (f"<div>Your forbidden sets go back one at a time, each earning the top card of its deck. "
                f"The {len(rows)} possible order{'s' if len(rows) != 1 else ''}, cheapest first "
                "(click the first set of the one you want):</div>"
                f'<ol class="gk-turnin-orders">{items}</ol>')

    def mark(self, action: str | None) -> None:
        """Ring one move (a hint, a quiz's move); a bid also picks its rocks."""
        if action is not None:
            a = self.rules.parse_action(self._state, action)
            if isinstance(a, Bid) and _holds(self._state.gardens[self.player], a.rocks):
                self.selected = a.rocks
                self._view = None
        super().mark(action)

    def start_pick(self, caption: str = "") -> None:
        """What a try board shows on (re)start: how to build a bid, or the turn-in orders."""
        s = self._state
        if not self.my_turn():
            return
        if s.phase == "bid":
            self.show_message("Click rocks in your garden to build a bid, then click a pile to offer them "
                              "(with nothing picked, a pile click bids nothing).")
        elif s.phase == "turnin":
            self.panel.value = self.turn_in_html()

    # ----- drawing ---------------------------------------------------------------------------------
    def render_patterns(self) -> str:
        return karesansui_pattern_defs(self._uid, self._state.components if self._state is not None else None)

    def _shown_targets(self):
        if self.clickable:
            return self.targets()
        if self.marked is None:
            return ()
        # a picture: the ringed bid only (a quiz's move), whoever is to bid
        return tuple(t for t in self.rules.targets(self._state, self.selected) if t.at and t.action == self.marked)

    def render(self) -> str:
        view = self.view()
        return render_board(
            view, marked=self.marked, header=self.header or status_line(view),
            clickable=self.clickable, uid=self._uid, version=self.version, style=False, patterns=False,
            targets=self._shown_targets(), names=self.names,
        )

    def set_state(self, s, *, keep_selection: bool = False, player: int | None = None) -> None:
        if self._state is not None and s.components is not self._state.components:
            self.patterns = karesansui_pattern_defs(self._uid, s.components)
        super().set_state(s, keep_selection=keep_selection, player=player)


def _holds(garden, rocks) -> bool:
    have, want = Counter(garden), Counter(rocks)
    return all(have[r] >= n for r, n in want.items())


class KaresansuiGame(base.GameView):
    """Play Karesansui against bots: you sit in ``seat`` (0-based) of 3 to 6 players, the others
    are ``opponents`` bots. Scores are demerits: fewest wins. The other players' demerit cards lie
    face down: you see your own total and how many cards each other player holds, until the game
    is over. ``bot_delay``: seconds a bot "thinks" (0: at once).

    >>> g = KaresansuiGame(players=3, seed=3, bot_delay=0)
    >>> g.play(str(g.board.rules.legal_actions(g.state)[0]))
    True
    >>> g.undo()
    True
    """

    game_id = "karesansui"
    board_class = KaresansuiBoard
    others_heading = "The other gardens (they only show; you bid from yours above)"

    @property
    def start_hint(self) -> str:
        """How to play, and who starts when it is not player 1 (the game's ``start_player`` option)."""
        timeline = getattr(self, "timeline", None)
        first = self.rules.options(timeline.initial).get("start_player", 0) if timeline is not None else 0
        return ((f"Player {first + 1} starts. " if first else "")
                + "Click rocks in your garden to build a bid, then click a pile to offer them; once every pile has a "
                "bid you may pass. Demerits are bad: fewest wins.")

    def __init__(self, players: int = 3, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 bot_delay: float = 0.4, start_player: int = 0, *, options: dict | None = None, **kwargs):
        """The start player may be given by name (``start_player=1``) or in ``options``, as for every game view."""
        super().__init__(players, seat, opponents, seed, options={"start_player": start_player, **(options or {})},
                         bot_delay=bot_delay, **kwargs)

    def _build(self) -> None:
        super()._build()
        # short enough for a phone's chart (bqplot clips a longer title); the score table's note says
        # that the others' demerits show at the end
        self.set_chart_labels("Your demerits per round", "demerits")

    def new_game(self, players: int = 3, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 start_player: int = 0) -> None:
        """Start over with these settings (what the New game button does)."""
        super().new_game(players, seat, opponents, seed, start_player=start_player)

    # ----- the hooks of GameView -------------------------------------------------------------
    def _known(self, state) -> tuple:
        """Each demerit total as your seat may see it in ``state`` (None: face down), as the engine says."""
        return self.rules.known_scores(self.rules.observe(state, self.seat))

    def score_columns(self, state) -> dict:
        return {
            "Demerit cards": [str(len(state.lines[p])) for p in range(state.players)],
            "Rocks": [str(len(state.gardens[p])) for p in range(state.players)],
        }

    def score_note(self, state) -> str:
        return "Demerits: fewest wins. The others' cards lie face down until the end (? = hidden)."

    def move_points(self, before, after, player: int) -> str:
        """A card taken: its demerits when your seat may see that player's total (after the move,
        or now), else that a card went face down."""
        cards = len(after.lines[player]) - len(before.lines[player])
        if not cards:
            return ""
        if self._known(after)[player] is not None or self._known(self.state)[player] is not None:
            d = self.rules.scores(after)[player] - self.rules.scores(before)[player]
            return f"+{d} demerit{'s' if d != 1 else ''}"
        return "(a demerit card, face down)"

    def other_summary(self, state, player: int) -> str:
        cards = len(state.lines[player])
        rocks = len(state.gardens[player])
        known = self._known(state)[player]
        if known is not None:
            return f"{known} demerits · {rocks} rocks"
        return f"{cards} demerit card{'s' if cards != 1 else ''} (face down) · {rocks} rocks"

    def render_other(self, state, player: int) -> str:
        return render_garden(state, player, cell=26)  # the card above it names the player

    def _refresh(self) -> None:
        super()._refresh()
        s = self.state
        p = self.rules.current_player(s)
        if p is None:
            self.panel.value = self.final_html()
        elif p == self.seat and s.phase == "turnin":
            self.panel.value = self.panel.value + self.board.turn_in_html()

    def final_html(self) -> str:
        """The end: who wins with the fewest demerits (and why), every player's demerit cards."""
        s = self.state
        out = self.rules.outcome(s)
        if out is None:
            return ""
        win = " and ".join(self.names[i] for i in out.winners)
        verb = "share the win" if len(out.winners) > 1 else "wins"
        best = out.scores[out.winners[0]]
        parts = [f'<div class="gk-final"><div class="gk-ok">{h(win)} {verb} with {best} demerit'
                 f"{'s' if best != 1 else ''} (fewest wins).</div><div>{h(out.reason.text)}</div>"]
        for q in range(s.players):
            lines = self.rules.score_breakdown(s, q)
            items = "".join(
                f"<li>round {line.round}: <b>+{line.points}</b> {h(line.text)} <span class='gk-rule'>[{h(line.rule)}]</span></li>"
                for line in lines) or "<li>no demerits</li>"
            parts.append(f"<details open><summary><b>{h(self.names[q])}: {s.scores[q]} demerits, "
                         f"{len(s.gardens[q])} rocks left</b></summary><ul>{items}</ul></details>")
        parts.append("</div>")
        return "".join(parts)

    def _start(self, players, seat, opponents, seed, options, timeline=None) -> None:
        super()._start(players, seat, opponents, seed, options, timeline=timeline)
        self.board.names = [f"Player {p + 1}" + (" (you)" if p == seat else "") for p in range(players)]
        self.board.refresh()
