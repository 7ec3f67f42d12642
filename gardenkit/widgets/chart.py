"""The game view's score chart (bqplot): each player's score after each round. Where bqplot
cannot be imported (the static site on Pyodide, which has no numpy; or a plain ``pip install
gardenkit`` without the ``dashboards`` extra), the same data is drawn as SVG
(:func:`gardenkit.render.charts.line_chart`) in an HTML widget of the same class ``gk-chart``.

A hidden total (``None`` in ``rules.known_scores(rules.observe(state, seat))``, e.g. face-down
demerit cards) is left out of the chart: its line (and its legend entry) is not drawn until the
game shows it. bqplot is only ever handed numbers: a row of NaN would make it write
``translate(370,NaN)`` into the page (a console error per hidden line, label and dot).

The chart fills the width it is given, up to its natural 430 px (phones: see ``board.css``).

>>> per_round([(3, 1), (2, 2), (4, None)], rounds=2)   # a line without a round counts from the start
[4, 7, 9]
>>> per_round([(-1, 0), (5, 9)], rounds=3)             # round 9 is not drawn yet
[-1, -1, -1, -1]

bqplot squeezes the arrays it is given: one line of one point (a solo game at round 0) would
become a bare number it refuses, and lines of one point each would read as one line. So a lone
round is handed over twice (the same dot), whatever the number of players:

>>> plotted([0], [[3]])
([0, 0], [[3, 3]])
>>> plotted([0, 1], [[0, 2], [0, 5]])
([0, 1], [[0, 2], [0, 5]])
"""
from __future__ import annotations

import math

import ipywidgets as widgets

from ..render.charts import integer_ticks

__all__ = ["COLORS", "ScoreChart", "bqplot_available", "chart_table_html", "integer_ticks", "per_round", "plotted"]

#: one colour per seat (the chart's lines and legend)
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def bqplot_available() -> bool:
    """Whether bqplot can be imported here (not on Pyodide: no numpy)."""
    try:
        import bqplot  # noqa: F401
    except ImportError:
        return False
    return True


def per_round(lines, rounds: int) -> list[int]:
    """A running total after each round ``0..rounds`` from ``(points, round)`` pairs (a line
    without a round counts from round 0 on)."""
    row = [0] * (rounds + 1)
    for points, r in lines:
        for k in range(max(r or 0, 0), rounds + 1):
            row[k] += points
    return row


def plotted(x: list, rows: list[list]) -> tuple[list, list[list]]:
    """``(x, rows)`` as bqplot is handed them: every line at least two points long (a lone round
    given twice), so no squeezing loses a dimension."""
    if len(x) == 1:
        return x * 2, [row * 2 for row in rows]
    return list(x), [list(row) for row in rows]


def chart_table_html(title: str, unit: str, rounds: list, rows: dict) -> str:
    """The chart as a table (its text alternative): one row per round, one column per player
    (``rows``: column heading -> a value per round, None where hidden), under a disclosure.

    >>> html = chart_table_html("Points per round", "points", [0, 1], {"P1": [0, 3], "P2": [None, None]})
    >>> "<caption>Points per round" in html, "<td>3</td>" in html, "<td>hidden</td>" in html
    (True, True, True)
    """
    from html import escape

    head = "".join(f'<th scope="col">{escape(str(name))}</th>' for name in rows)
    body = "".join(
        f'<tr><th scope="row">{r}</th>'
        + "".join(f"<td>{'hidden' if values[i] is None else values[i]}</td>" for values in rows.values())
        + "</tr>" for i, r in enumerate(rounds))
    return (f'<details class="gk-chart-table"><summary>The chart as a table</summary>'
            f'<table><caption>{escape(title)} ({escape(unit)} after each round)</caption>'
            f'<thead><tr><th scope="col">Round</th>{head}</tr></thead><tbody>{body}</tbody></table></details>')


class ScoreChart:
    """Mixin of :class:`~gardenkit.widgets.view.GameView`: ``self.chart`` (a bqplot Figure, CSS
    class ``gk-chart``) and :meth:`chart_data`. Needs ``rules`` and the view's ``round_of`` hook."""

    def _make_chart(self, players: int):
        unit = "demerits" if self.rules.info.lower_wins else "points"
        self._chart_unit, self._chart_title = unit, f"{unit.capitalize()} per round"
        #: the chart's text alternative: the same numbers as a table, under a disclosure
        self.chart_table = widgets.HTML().add_class("gk-chart-table-widget")
        self._table_rows = None
        if not bqplot_available():  # the static site: the same chart as SVG
            self._lines = None
            fig = widgets.HTML(layout=widgets.Layout(width="calc(100% - 4px)", max_width="430px"))
            fig.add_class("gk-chart").add_class("gk-chart-svg")
            self._svg_chart = fig
            self._chart_rows = players
            self._chart_data = self._chart_key = None
            self._draw_svg([0], [[0]] * players, list(range(players)))
            return fig
        from bqplot import Axis, Figure, LinearScale, Lines

        xs, ys = LinearScale(min=0), LinearScale(min=0, max=1)
        self._yscale = ys
        x, y = plotted([0], [[0]] * players)
        self._lines = Lines(x=x, y=y, scales={"x": xs, "y": ys}, marker="circle",
                            colors=COLORS[:players], labels=[f"P{i + 1}" for i in range(players)],
                            display_legend=True)
        self._xaxis = Axis(scale=xs, side="bottom", label="round", tick_format="d", tick_values=[0, 1])
        self._yaxis = Axis(scale=ys, side="left", label=unit, tick_format="d", tick_values=integer_ticks(1))
        fig = Figure(marks=[self._lines], axes=[self._xaxis, self._yaxis],
                     title=f"{unit.capitalize()} per round",
                     layout=widgets.Layout(width="calc(100% - 4px)", max_width="430px", height="240px"),
                     fig_margin={"top": 40, "bottom": 40, "left": 45, "right": 15}, legend_location="top-left")
        fig.add_class("gk-chart")
        self._chart_rows = players
        self._chart_data = self._chart_key = None
        return fig

    def _reset_chart(self, players: int) -> None:
        """A game with another number of players: one line per seat."""
        self._chart_rows = players
        self._chart_data = self._chart_key = None
        if self._lines is None:
            self._draw_svg([0], [[0]] * players, list(range(players)))
            return
        with self._lines.hold_sync():
            self._lines.colors = COLORS[:players]
            self._lines.labels = [f"P{i + 1}" for i in range(players)]

    def _update_chart(self, seen, known) -> None:
        """Redraw from ``seen`` (the state as the seat sees it) where a score changed; a total
        ``known`` as None is left out (its row is NaN)."""
        rounds = self.round_of(seen)
        data = []
        for p in range(seen.players):
            if known[p] is None:
                data.append([math.nan] * (rounds + 1))
            else:
                data.append(per_round(((line.points, line.round) for line in self.rules.score_breakdown(seen, p)),
                                      rounds))
        key = [[None if x != x else x for x in row] for row in data]  # nan != nan: compare without it
        if key != self._chart_key:
            self._chart_key, self._chart_data = key, data
            self._table_rows = (list(range(rounds + 1)), {f"P{p + 1}": row for p, row in enumerate(key)})
            self._draw_table()
            shown = [p for p in range(seen.players) if known[p] is not None]  # bqplot gets no NaN
            if self._lines is None:
                self._draw_svg(list(range(rounds + 1)), [data[p] for p in shown], shown)
                return
            ticks = integer_ticks(max((max(data[p]) for p in shown), default=0))
            with self._yscale.hold_sync():
                self._yscale.max = ticks[-1]
            self._yaxis.tick_values = ticks
            with self._lines.hold_sync():
                x, y = plotted(list(range(rounds + 1)), [data[p] for p in shown] or [[0] * (rounds + 1)])
                self._lines.x, self._lines.y = x, y
                self._lines.colors = [COLORS[p % len(COLORS)] for p in shown] or ["none"]
                self._lines.labels = [f"P{p + 1}" for p in shown] or [""]
                self._lines.visible = bool(shown)
            step = max(1, (rounds + 9) // 10)
            self._xaxis.tick_values = list(range(0, max(rounds, 1) + 1, step))

    def _draw_svg(self, x, rows, seats) -> None:
        from ..render.charts import line_chart

        self._svg_drawn = (x, rows, seats)
        self._svg_chart.value = line_chart(x, rows, colors=[COLORS[p % len(COLORS)] for p in seats],
                                           labels=[f"P{p + 1}" for p in seats], title=self._chart_title,
                                           xlabel="round", ylabel=self._chart_unit)

    def _draw_table(self) -> None:
        if self._table_rows is not None:
            rounds, rows = self._table_rows
            self.chart_table.value = chart_table_html(self._chart_title, self._chart_unit, rounds, rows)

    def set_chart_labels(self, title: str | None = None, ylabel: str | None = None) -> None:
        """The chart's title and its y axis's label (a game's own words: "coins", "Shiitake"),
        for the bqplot figure or the SVG one alike; a new label alone also names the title
        ("Coins per round")."""
        if title is None and ylabel is not None:
            title = f"{ylabel[:1].upper()}{ylabel[1:]} per round"
        if title is not None:
            self._chart_title = title
        if ylabel is not None:
            self._chart_unit = ylabel
        self._draw_table()
        if self._lines is None:
            self._draw_svg(*self._svg_drawn)
            return
        if title is not None:
            self.chart.title = title
        if ylabel is not None:
            self.chart.axes[1].label = ylabel

    def chart_data(self) -> list[list[int]]:
        """Each player's score after each round (what the chart plots)."""
        return [list(row) for row in self._chart_data]
