"""The strategy lab's widget: pick a game, players, options and bots, simulate N games with a
progress bar and a Stop button, and see bqplot charts of what happened (drawn as SVG where bqplot
cannot be imported: the static site on Pyodide). A thin face on
:mod:`gardenkit.bots.lab` (which plays and sums up; this only shows).

In a running kernel the games are played in a worker thread, one at a time (on Pyodide, which has
no threads: one game per slice on the event loop), and the page stays live (the bar moves, Stop is
answered between two games); without an event loop (a script, a
test) or with ``run(wait=True)`` they are played at once.

>>> lab = StrategyLab(game="samurai_gardener", games=6)
>>> lab.run(wait=True)
>>> lab.summary.games, len(lab.summary.seat_win_rate)
(6, 2)
>>> "6 games" in lab.status.value
True
"""
from __future__ import annotations

import contextlib
import math

import ipywidgets as widgets

import gardenkit

from ..bots import SEARCH_LEVELS
from ..bots.lab import Setup, histogram, play_one, summarize
from ._html import PANEL_CSS, h
from .chart import COLORS, bqplot_available
from .controls import _drain, _running_loop, option_controls, start_worker
from .lazy import StaticFallback

__all__ = ["StrategyLab"]

#: what the effect chart compares, side by side
EFFECT_MEASURES = ("mean score", "winner's score", "decisions per game")
#: the bots one may seat, weakest first (:func:`gardenkit.bots.make_bot` kinds)
BOT_KINDS = ("random", "greedy", *SEARCH_LEVELS)


def _fewest_against_others(info) -> int:
    """The fewest players of a game played against others: 2 where a game has a solo game (Tang
    Garden's one player plays another game, against the game itself), else its fewest."""
    return max(info.min_players, min(2, info.max_players))


class _Scale:
    max = None


class SvgBars:
    """The face of a bqplot ``Bars`` mark the lab uses (``x``, ``y``, ``labels``,
    ``display_legend``, ``scales["y"].max``, ``hold_sync``), drawn as SVG into ``figure`` (an HTML
    widget) by :func:`gardenkit.render.charts.bar_chart` at the end of each ``hold_sync``."""

    def __init__(self, figure, title, xlabel, ylabel, percent, colors, grouped):
        self.figure, self.title, self.xlabel, self.ylabel = figure, title, xlabel, ylabel
        self.percent, self.colors, self.grouped = percent, colors, grouped
        self.x, self.y = ["-"], [[0.0]] if grouped else [0.0]
        self.labels, self.display_legend = [], False
        self.scales = {"y": _Scale()}
        self.redraw()

    @contextlib.contextmanager
    def hold_sync(self):
        yield
        self.redraw()

    def redraw(self) -> None:
        from ..render.charts import bar_chart

        if self.grouped:  # y: one row per series; the chart wants one row per group
            rows = [list(col) for col in zip(*self.y)] if self.y and hasattr(self.y[0], "__len__") else [[0.0]]
        else:
            rows = [[float(v)] for v in self.y]
        self.figure.value = bar_chart([str(v) for v in self.x], rows, colors=self.colors, title=self.title,
                                      xlabel=self.xlabel, ylabel=self.ylabel, percent=self.percent,
                                      labels=self.labels if self.display_legend else ())


def _bars(title: str, xlabel: str, ylabel: str, *, fmt: str = ".1~f", grouped: bool = False, colors=None):
    if not bqplot_available():  # the static site: the same charts as SVG
        fig = widgets.HTML(layout=widgets.Layout(width="calc(100% - 4px)", max_width="430px"))
        fig.add_class("gk-lab-chart").add_class("gk-chart-svg")
        return fig, SvgBars(fig, title, xlabel, ylabel, fmt.endswith("%"), colors or COLORS[:1], grouped)
    from bqplot import Axis, Bars, Figure, LinearScale, OrdinalScale

    xs, ys = OrdinalScale(), LinearScale(min=0.0)
    bars = Bars(x=["-"], y=[[0.0]] if grouped else [0.0], scales={"x": xs, "y": ys}, colors=colors or COLORS[:1],
                type="grouped" if grouped else "stacked", padding=0.15)
    fig = Figure(marks=[bars], axes=[Axis(scale=xs, side="bottom", label=xlabel),
                                     Axis(scale=ys, side="left", label=ylabel, tick_format=fmt)],
                 title=title, layout=widgets.Layout(width="calc(100% - 4px)", max_width="430px", height="250px"),
                 fig_margin={"top": 40, "bottom": 45, "left": 50, "right": 15}, legend_location="top-right")
    fig.add_class("gk-lab-chart")
    return fig, bars


class StrategyLab(StaticFallback, widgets.VBox):
    """Simulate games between bots and chart them. ``game``, ``players``, ``bots`` (one kind for
    seat 1 and one for the others), ``games`` and ``seed`` start the controls; ``compare`` names a
    labelled bool option (its effect: the same seeds with it off and on) or ``"players"`` (the
    fewest against the most players). Every button calls the public method of its name
    (:meth:`run`, :meth:`stop`)."""

    def __init__(self, game: str = "samurai_gardener", players: int | None = None, first: str = "greedy",
                 others: str = "greedy", games: int = 50, seed: int = 0, rotate: bool = False,
                 compare: str = "", **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-lab")
        self.game_in = widgets.Dropdown(options=[(gardenkit.make(g).info.title, g) for g in gardenkit.available_games()],
                                        value=game, description="Game", layout=widgets.Layout(width="320px"))
        self.players_in = widgets.Dropdown(description="Players", layout=widgets.Layout(width="150px"))
        self.first_in = widgets.Dropdown(options=BOT_KINDS, value=first, description="Seat 1",
                                         layout=widgets.Layout(width="210px"))
        self.others_in = widgets.Dropdown(options=BOT_KINDS, value=others, description="Others",
                                          layout=widgets.Layout(width="210px"))
        self.rotate_in = widgets.Checkbox(value=rotate, description="seats rotate game by game", indent=False,
                                          layout=widgets.Layout(width="220px"))
        self.games_in = widgets.BoundedIntText(value=games, min=1, max=100_000, description="Games",
                                               layout=widgets.Layout(width="150px"))
        self.seed_in = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="150px"))
        self.compare_in = widgets.Dropdown(description="Effect of", layout=widgets.Layout(width="280px"))
        self.options_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.run_button = widgets.Button(description="Run", button_style="success").add_class("gk-lab-run")
        self.stop_button = widgets.Button(description="Stop", disabled=True).add_class("gk-lab-stop")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="games",
                                            layout=widgets.Layout(width="260px")).add_class("gk-lab-progress")
        self.status = widgets.HTML().add_class("gk-lab-status")
        self.table = widgets.HTML().add_class("gk-lab-table")
        self.score_fig, self._score_bars = _bars("Final scores (how many games)", "score", "games")
        self.seat_fig, self._seat_bars = _bars("Win rate by seat", "seat", "win share", fmt=".0%", colors=COLORS)
        self.length_fig, self._length_bars = _bars("Game length (how many games)", "decisions per game", "games")
        self.effect_fig, self._effect_bars = _bars("Effect of the choice (pick one under 'Effect of')", "", "",
                                                     grouped=True, colors=COLORS)
        self.option_inputs: dict = {}
        self._worker = None
        self.records: list = []
        self.summary = None
        self.effect = None  # (label, Summary, Summary, label) once a comparison has run
        self._chart = {"scores": ([], []), "seats": [], "lengths": ([], []), "effect": None}
        self._game_changed(game, players, compare)
        self.game_in.observe(lambda ch: self._game_changed(ch["new"]), "value")
        self.run_button.on_click(lambda _b: self.run())
        self.stop_button.on_click(lambda _b: self.stop())
        charts = widgets.HBox([self.score_fig, self.seat_fig, self.length_fig, self.effect_fig],
                              layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [
            widgets.HTML(PANEL_CSS),
            widgets.HBox([self.game_in, self.players_in, self.first_in, self.others_in, self.rotate_in],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.options_box, self.compare_in, self.games_in, self.seed_in],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.run_button, self.stop_button, self.progress], layout=widgets.Layout(flex_flow="row wrap")),
            self.status, self.table, charts,
        ]

    # ----- the saved output (a notebook read before it runs) -------------------------------------
    static_note = "Run the notebook (or open it as a dashboard) to run your own games."

    def plain_text(self) -> str:
        if self.summary is None:
            return "Strategy lab: no games run yet"
        return f"Strategy lab: {self.summary.games} games of {self._title}"

    def static_body(self) -> str:
        return "<p><b>Strategy lab</b></p>" + self.table.value

    # ----- the controls ---------------------------------------------------------------------------
    def _game_changed(self, game: str, players: int | None = None, compare: str = "") -> None:
        info = gardenkit.make(game).info
        counts = list(range(info.min_players, info.max_players + 1))
        self.players_in.options = counts
        fewest = _fewest_against_others(info)
        self.players_in.value = players if players in counts else fewest
        self.option_inputs = option_controls(info, {})
        self.options_box.children = list(self.option_inputs.values())
        choices = [("nothing (one run)", "")] + [(f"option: {w.description}", name) for name, w in self.option_inputs.items()]
        if info.max_players > fewest:
            choices.append((f"players: {fewest} vs {info.max_players}", "players"))
        self.compare_in.options = choices
        self.compare_in.value = compare if compare in [c for _l, c in choices] else ""

    def setup(self) -> Setup:
        """The :class:`~gardenkit.bots.lab.Setup` the controls describe (a clear ValueError if it
        cannot be played)."""
        n = self.players_in.value
        options = {name: w.value for name, w in self.option_inputs.items()}
        return Setup(self.game_in.value, n, (self.first_in.value,) + (self.others_in.value,) * (n - 1), options,
                     self.rotate_in.value)

    def _plan(self) -> list[tuple[str, Setup]]:
        """The setups to run: the chosen one, and for a comparison the two sides of it."""
        base = self.setup()
        which = self.compare_in.value
        if not which:
            return [("", base)]
        if which == "players":
            info = gardenkit.make(base.game).info
            sides = []
            for n in (_fewest_against_others(info), info.max_players):
                sides.append((f"{n} players", Setup(base.game, n, (base.bots[0],) + (base.bots[-1],) * (n - 1),
                                                    base.options, base.rotate)))
            return sides
        label = self.option_inputs[which].description
        return [(f"without {label}", Setup(base.game, base.players, base.bots, {**base.options, which: False},
                                           base.rotate)),
                (f"with {label}", Setup(base.game, base.players, base.bots, {**base.options, which: True},
                                        base.rotate))]

    # ----- running ------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._worker is not None

    def run(self, wait: bool | None = None) -> None:
        """Simulate the games the controls say (what Run does). In a kernel they are played in a
        worker thread (``wait=True``: here and now); :meth:`stop` ends it between two games and the
        games played so far are shown."""
        if self.running:
            self.status.value = "<div class='gk-no'>A run is going on: stop it first.</div>"
            return
        try:
            plan = self._plan()
        except ValueError as e:
            self.status.value = f"<div class='gk-no'>Sorry, that cannot run: {h(e)}</div>"
            return
        total = self.games_in.value
        seed = self.seed_in.value
        self.records, self.summary, self.effect = [], None, None
        self.progress.max, self.progress.value = total * len(plan), 0
        self._stop = False
        loop = None if wait else _running_loop()
        progress = [0]

        def work():  # one game a step (a slice of it on Pyodide; in a thread, all of them)
            results = []
            for label, setup in plan:
                records = []
                for i in range(total):
                    if self._stop:
                        return results + [(label, records)]
                    records.append(play_one(setup, seed + i, i))
                    progress[0] += 1
                    yield
                results.append((label, records))
            return results

        if loop is None:
            self._show(plan, _drain(work()), stopped=False)
            return
        self.run_button.disabled, self.stop_button.disabled = True, False
        self.status.value = f"<div>Playing {total * len(plan)} games…</div>"

        def tick(_percent):
            self.progress.value = progress[0]

        self._worker = start_worker(loop, work, lambda results: self._show(plan, results, self._stop), self._failed,
                              on_progress=tick)

    def stop(self) -> None:
        """Stop a run between two games (what Stop does); the games played so far are shown."""
        if self.running:
            self._stop = True
            self.status.value = "<div>Stopping after the game being played…</div>"

    def _failed(self, error) -> None:
        self._worker = None
        self.run_button.disabled, self.stop_button.disabled = False, True
        self.status.value = f"<div class='gk-no'>Sorry, the run failed: {h(error)}</div>"

    # ----- what it shows ---------------------------------------------------------------------------
    def _show(self, plan, results, stopped: bool) -> None:
        self._worker = None
        self.run_button.disabled, self.stop_button.disabled = False, True
        results = [(label, records) for label, records in results if records]
        played = sum(len(r) for _l, r in results)
        self.progress.value = played
        if not results:
            self.status.value = "<div>Stopped before any game was played.</div>"
            return
        label, self.records = results[0]
        self.summary = summarize(self.records)
        if len(results) == 2:
            self.effect = (results[0][0], self.summary, summarize(results[1][1]), results[1][0])
        setup = plan[0][1]
        info = gardenkit.make(setup.game).info
        self._title = info.title
        what = f"{played} games of {h(info.title)}" + (" (stopped)" if stopped else "")
        # the status last: once it says the run is done, its table and charts show it (each is its
        # own widget message; a page reading the status first met the last run's table)
        self.table.value = self._table_html(setup, self.summary, label)
        self._draw(self.summary)
        self.status.value = f"<div class='gk-ok'>{what}.</div>"

    def _table_html(self, setup: Setup, s, label: str) -> str:
        unit = "demerits" if s.lower_wins else "points"
        rows = "".join(
            f"<tr><td>seat {p + 1}</td><td>{h(setup.bots[p]) if not setup.rotate else 'rotating'}</td>"
            f"<td>{100 * s.seat_win_rate[p]:.0f} % [{100 * s.seat_ci[p][0]:.0f}, {100 * s.seat_ci[p][1]:.0f}]</td>"
            f"<td>{s.seat_mean[p]:.1f}</td></tr>" for p in range(len(s.seat_win_rate)))
        bots = ", ".join(f"{h(b)} {100 * w:.0f} %" for b, w in s.bot_win_rate.items())
        head = f"<div><b>{h(label)}</b></div>" if label else ""
        winner = "no game was won" if math.isnan(s.winning_score) else f"the winner's mean {s.winning_score:.1f} {unit}"
        extra = ""
        if self.effect is None:  # no comparison in this run: the chart says so, not the last one's
            with self._effect_bars.hold_sync():
                self._effect_bars.x, self._effect_bars.y = ["-"], [[0.0]]
                self._effect_bars.labels, self._effect_bars.display_legend = [], False
        else:
            a_label, a, b, b_label = self.effect
            extra = (f"<div>Effect: {h(a_label)} vs {h(b_label)}: mean length {a.mean_length:.1f} vs "
                     f"{b.mean_length:.1f} decisions; winner's mean {a.winning_score:.1f} vs {b.winning_score:.1f} "
                     f"{unit}; seat 1's win rate {100 * a.seat_win_rate[0]:.0f} % vs {100 * b.seat_win_rate[0]:.0f} %.</div>")
        return (f"<div class='gk-explanation'>{head}<table class='gk-lab-seats'><tr><th>seat</th><th>bot</th>"
                f"<th>win rate [95% CI]</th><th>mean {unit}</th></tr>{rows}</table>"
                f"<div>Win rate by bot: {bots}. Seat 1's advantage over its fair share: "
                f"{100 * s.seat_advantage:+.0f} percentage points. Mean length {s.mean_length:.1f} decisions; "
                f"{winner}.</div>{extra}</div>")

    def _draw(self, s) -> None:
        n = len(s.seat_win_rate)
        score_edges, score_counts = histogram([v for row in s.scores for v in row], bins=12)
        length_edges, length_counts = histogram(s.lengths, bins=12)
        chart = {"scores": ([f"{e:g}" for e in score_edges], score_counts),
                 "seats": [float(w) for w in s.seat_win_rate],
                 "lengths": ([f"{e:g}" for e in length_edges], length_counts), "effect": None}
        with self._score_bars.hold_sync():
            self._score_bars.x, self._score_bars.y = chart["scores"][0], [float(c) for c in chart["scores"][1]]
        with self._seat_bars.hold_sync():
            self._seat_bars.x, self._seat_bars.y = [f"{p + 1}" for p in range(n)], chart["seats"]
        with self._length_bars.hold_sync():
            self._length_bars.x, self._length_bars.y = chart["lengths"][0], [float(c) for c in chart["lengths"][1]]
        if self.effect is None:  # no comparison in this run: the chart says so, not the last one's
            with self._effect_bars.hold_sync():
                self._effect_bars.x, self._effect_bars.y = ["-"], [[0.0]]
                self._effect_bars.labels, self._effect_bars.display_legend = [], False
        else:
            a_label, a, b, b_label = self.effect
            chart["effect"] = [[round(sum(x.seat_mean) / len(x.seat_mean), 2), 0.0 if math.isnan(x.winning_score) else round(x.winning_score, 2),
                                round(x.mean_length, 2)] for x in (a, b)]
            with self._effect_bars.hold_sync():
                self._effect_bars.x = list(EFFECT_MEASURES)
                self._effect_bars.y = chart["effect"]
                self._effect_bars.labels = [a_label, b_label]
                self._effect_bars.display_legend = True
        for bars in (self._score_bars, self._seat_bars, self._length_bars, self._effect_bars):
            ys = [v for row in bars.y for v in (row if hasattr(row, "__len__") else [row])]
            room = 1.45 if bars is self._effect_bars else 1.1  # the effect chart's legend sits above its bars
            bars.scales["y"].max = float(max(ys, default=0.0) or 1.0) * room  # a scale that fits the bars
            if isinstance(bars, SvgBars):
                bars.redraw()
        self._chart = chart

    def chart_data(self) -> dict:
        """What the charts show: ``scores`` and ``lengths`` (the bins' lower edges, the counts),
        ``seats`` (win share by seat) and ``effect`` (two rows, without and with, of the
        :data:`EFFECT_MEASURES`; None without a comparison)."""
        return self._chart
