"""Without bqplot (the static site on Pyodide has no numpy, so no bqplot): the game view's score
chart and the strategy lab's charts are drawn as SVG from the same data, and a game plays on.

bqplot is made unimportable here (``sys.modules["bqplot"] = None``), as it is in the browser."""
from __future__ import annotations

import sys

import pytest

import gardenkit
from gardenkit.widgets.chart import bqplot_available


@pytest.fixture
def no_bqplot(monkeypatch):
    monkeypatch.setitem(sys.modules, "bqplot", None)
    assert not bqplot_available()


@pytest.mark.parametrize("game_id", gardenkit.available_games())
def test_without_bqplot_a_game_view_draws_its_score_chart_as_svg(no_bqplot, game_id):
    rules = gardenkit.make(game_id)
    g = gardenkit.entry(game_id).game_view_class()(players=max(2, rules.info.min_players), seed=3)
    assert "gk-chart" in g.chart._dom_classes and "gk-chart-svg" in g.chart._dom_classes
    assert g.chart.value.startswith("<svg") and "per round" in g.chart.value
    for _ in range(6):
        if g.rules.current_player(g.state) is None:
            break
        g.play(str(g.rules.legal_actions(g.state)[0]))
    data = g.chart_data()
    assert len(data) == g.state.players and all(len(row) == len(data[0]) for row in data)
    known = g.rules.known_scores(g.rules.observe(g.state, g.seat)) if hasattr(g.rules, "known_scores") else None
    shown = [p for p in range(g.state.players) if known is None or known[p] is not None]
    for p in shown:
        assert f'data-series="P{p + 1}"' in g.chart.value
    assert "nan" not in g.chart.value.lower()


def test_without_bqplot_the_strategy_lab_charts_are_svg(no_bqplot):
    from gardenkit.widgets.lab import StrategyLab

    lab = StrategyLab(game="samurai_gardener", games=4, compare="specialist")
    lab.run(wait=True)
    for fig in (lab.score_fig, lab.seat_fig, lab.length_fig, lab.effect_fig):
        assert "gk-lab-chart" in fig._dom_classes and fig.value.startswith("<svg")
        assert "<rect class=\"gk-bar\"" in fig.value
    data = lab.chart_data()
    assert lab.seat_fig.value.count('class="gk-bar"') == len(data["seats"])
    assert lab.effect_fig.value.count('class="gk-bar"') == 6 and "with " in lab.effect_fig.value


def test_the_package_does_not_require_bqplot():
    """bqplot is an extra (``dashboards``: the server's), so the browser can install gardenkit
    without numpy."""
    tomllib = pytest.importorskip("tomllib")
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]
    assert not any(d.startswith(("bqplot", "numpy", "pandas")) for d in project["dependencies"])
    assert any(d.startswith("bqplot") for d in project["optional-dependencies"]["dashboards"])
