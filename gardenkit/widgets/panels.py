"""The game view's read-only panels: the status line, the score table, the other players' sides
and the move log.

The score table shows each total as your seat may see it, ``rules.known_scores(rules.observe(
state, seat))``: a hidden one (None) reads "?". The move log grows by the new moves only; it is
built again only when the moves in effect are not the ones shown plus new ones (an undo, a loaded
or a new game) and when the game ends (what was hidden may be shown then).

>>> html = score_table(["Ann", "Bo"], [5, None], {"Cards": ["2", "3"]}, now=1, unit="Demerits")
>>> html.count("<tr"), "<th>Demerits</th><th>Cards</th>" in html
(3, True)
>>> "<td>Bo&nbsp;<span aria-hidden='true'>◀</span><span class='gk-sr'> (to move)</span></td><td title='hidden until the game ends'>?</td><td>3</td>" in html
True
"""
from __future__ import annotations

import ipywidgets as widgets

from ..core import CHANCE
from ._html import h, result_words

__all__ = ["Panels", "score_table"]


def _name_cell(name: str) -> str:
    """A player's name in the score table, broken only before its note: "Player 2" and "(greedy
    bot)" each stay whole (a narrow phone shows two lines at most, not four).

    >>> _name_cell("Player 2 (greedy bot)")
    'Player&nbsp;2 (greedy&nbsp;bot)'
    """
    head, sep, note = str(name).partition(" (")
    return h(head).replace(" ", "&nbsp;") + (f" ({h(note).replace(' ', '&nbsp;')}" if sep else "")


def score_table(names, totals, columns: dict, now: int | None, unit: str = "Points", note: str = "") -> str:
    """The score table: one row per player (``now``: the one to move, highlighted), its total
    (None: hidden, shown as "?"), then the extra ``columns`` (heading -> one text per player)."""
    head = f"<tr><th>Player</th><th>{h(unit)}</th>" + "".join(f"<th>{h(k)}</th>" for k in columns) + "</tr>"
    rows = []
    for i, name in enumerate(names):
        cls = ' class="gk-now"' if i == now else ""
        mark = "&nbsp;<span aria-hidden='true'>◀</span><span class='gk-sr'> (to move)</span>" if i == now else ""
        cells = "".join(f"<td>{h(column[i])}</td>" for column in columns.values())
        total = "<td title='hidden until the game ends'>?</td>" if totals[i] is None else f"<td>{totals[i]}</td>"
        rows.append(f"<tr{cls}><td>{_name_cell(name)}{mark}</td>{total}{cells}</tr>")
    caption = f"<caption class='gk-note'>{h(note)}</caption>" if note else ""  # styled in PANEL_CSS
    # a table wider than the side panel scrolls inside a region the keyboard can reach (WCAG 2.1.1)
    return (f"<div class='gk-scroll' tabindex='0' role='region' aria-label='{h(unit)} table'>"
            f"<table>{caption}{head}{''.join(rows)}</table></div>")


class Panels:
    """Mixin of :class:`~gardenkit.widgets.view.GameView`: ``status``, ``scores``, ``others`` and
    ``moves`` (the log), and the hooks that fill them (``score_columns``, ``score_note``,
    ``move_points``, ``other_summary``, ``render_other``, ``others_heading``)."""

    #: over the other players' small drawings
    others_heading: str = "The other players (they only show; you play on the board above)"

    def _make_panels(self) -> None:
        # whose turn it is, for screen readers (and tests): on screen the board's first line says
        # it, with what to click (shown twice, the two lines only repeated each other)
        self.status = widgets.HTML().add_class("gk-status").add_class("gk-sr")
        self.moves = widgets.HTML().add_class("gk-log")
        self.scores = widgets.HTML().add_class("gk-scores")
        self.others = widgets.HTML().add_class("gk-others")
        self._others_key = None
        self._forget_log()

    # ----- hooks -----------------------------------------------------------------------------
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

    # ----- filling them ----------------------------------------------------------------------
    def _status_text(self, s, p) -> str:
        """Whose turn it is (or the result), in words: the status line and what the live region
        says after each move (a game may say more: what the player decides now)."""
        if p is None:
            return f"Game over — {result_words(self.rules.outcome(s), self.names)}."
        rnd = self.round_of(s)
        if p == self.seat:
            return f"Round {rnd}: your move."
        return f"Round {rnd}: {self.names[p]} is thinking…"

    def _status_html(self, s, p) -> str:
        return f"<span class='gk-status'>{h(self._status_text(s, p))}</span>"

    def _scores_html(self, s, p, known) -> str:
        unit = "Demerits" if self.rules.info.lower_wins else self.rules.score_word.capitalize() + "s"
        return score_table(self.names, known, self.score_columns(s), p, unit, self.score_note(s))

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

    # ----- the move log ----------------------------------------------------------------------
    def _forget_log(self) -> None:
        """Build the log again at the next refresh."""
        self._log = None  # (timeline, moves read, state after them, game over, items newest first)

    def _update_log(self) -> None:
        """Add the moves played since the last refresh (or build the log again, see above)."""
        t = self.timeline
        over = self.rules.current_player(t.state) is None
        shown = self._log
        if shown is not None:
            timeline, n, last, was_over, _html = shown
            # the moves shown must still be the first n in effect (not undone nor replaced)
            if timeline is not t or n > t.position or was_over != over or (n and t.steps(n - 1)[0][2] is not last):
                shown = None
        if shown is None:
            shown = (t, 0, t.initial, over, "")
        _t, n, _last, _over, html = shown
        new = t.steps(n)
        items = []
        #: history index -> the points text the log shows for each move it just added (the live region says them)
        self._log_points = {}
        for i, (before, action, after) in enumerate(new, start=n):
            p = self.rules.current_player(before)
            if p is CHANCE or p is None:
                continue
            pts = self._log_points[i] = self.move_points(before, after, p)
            items.append(f"<li>round {self.round_of(before)} · {h(self.names[p])}: <code>{h(action)}</code> {h(pts)}</li>")
        html = "".join(reversed(items)) + html
        self._log = (t, t.position, t.state, over, html)
        value = f"<ol reversed>{html}</ol>" if html else "<div>No moves yet.</div>"
        if self.moves.value != value:
            self.moves.value = value
