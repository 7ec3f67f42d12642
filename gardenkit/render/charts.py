"""Charts as SVG, pure functions of their numbers: the score chart (lines) and the strategy lab's
bar charts, for where bqplot cannot run (the static site on Pyodide has no numpy, so no bqplot).
The same data the bqplot figures plot, in the house style: the theme's colours (``--gk-ink``,
``--gk-line``), a title, labelled axes and a legend, and a width that fits a phone (the SVG has
a ``viewBox`` and scales down).

>>> svg = line_chart([0, 1, 2], [[0, 3, 5], [0, 1, 7]], colors=["#1f77b4", "#d62728"],
...                  labels=["P1", "P2"], title="Points per round", xlabel="round", ylabel="points")
>>> svg.count("<polyline"), 'data-series="P2"' in svg, "Points per round" in svg
(2, True, True)
>>> svg = bar_chart(["1", "2"], [[0.6], [0.4]], colors=["#1f77b4"], title="Win rate by seat",
...                 xlabel="seat", ylabel="win share", percent=True)
>>> svg.count("<rect class=\\"gk-bar\\""), "60%" in svg
(2, True)
"""
from __future__ import annotations

import math

from .svg import SvgStr, esc

__all__ = ["bar_chart", "integer_ticks", "line_chart", "nice_ticks"]

WIDTH, HEIGHT = 430, 240
MARGIN = {"top": 40, "bottom": 40, "left": 45, "right": 15}
STYLE = ("<style>.gk-svgchart text{font:11px sans-serif;fill:var(--gk-ink,#2b2b2b)}"
         ".gk-svgchart .gk-chart-title{font:bold 13px sans-serif}"
         ".gk-svgchart .gk-axis{stroke:var(--gk-ink2,#555);stroke-width:1}"
         ".gk-svgchart .gk-grid{stroke:var(--gk-line,#ddd);stroke-width:1}</style>")


def integer_ticks(top: int, most: int = 6) -> list[int]:
    """Whole-number ticks from 0 to at least ``top`` (at most ``most`` + 1 of them): a score axis
    never reads 0.1, nor 0 twice.

    >>> integer_ticks(0), integer_ticks(3), integer_ticks(17)
    ([0, 1], [0, 1, 2, 3], [0, 5, 10, 15, 20])
    """
    top = max(int(math.ceil(top)), 1)
    step = 1
    for nice in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        step = nice
        if math.ceil(top / nice) <= most:
            break
    return list(range(0, step * math.ceil(top / step) + 1, step))


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top`` (about ``count`` of them).

    >>> nice_ticks(7), nice_ticks(0), nice_ticks(0.62)
    ([0, 2, 4, 6, 8], [0, 1], [0, 0.2, 0.4, 0.6, 0.8])
    """
    if not top or top <= 0 or math.isnan(top):
        return [0, 1]
    raw = top / max(count - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    n = math.ceil(top / step - 1e-9)
    ticks = [round(i * step, 10) for i in range(n + 1)]
    return [int(t) if float(t).is_integer() else t for t in ticks]


def _frame(title: str, xlabel: str, ylabel: str, height: int, css_class: str) -> list[str]:
    return [f'<svg xmlns="http://www.w3.org/2000/svg" class="gk-svgchart {css_class}" viewBox="0 0 {WIDTH} {height}" '
            f'width="{WIDTH}" height="{height}" style="max-width:100%;height:auto" role="img" aria-label="{esc(title)}">',
            STYLE,
            f'<text class="gk-chart-title" x="{WIDTH / 2:g}" y="18" text-anchor="middle">{esc(title)}</text>',
            f'<text x="{(MARGIN["left"] + WIDTH - MARGIN["right"]) / 2:g}" y="{height - 6}" text-anchor="middle">{esc(xlabel)}</text>',
            f'<text x="12" y="{(MARGIN["top"] + height - MARGIN["bottom"]) / 2:g}" text-anchor="middle" '
            f'transform="rotate(-90 12 {(MARGIN["top"] + height - MARGIN["bottom"]) / 2:g})">{esc(ylabel)}</text>']


def _yaxis(parts, ticks, ymap, percent: bool, x0: float, x1: float) -> None:
    for t in ticks:
        y = ymap(t)
        label = f"{100 * t:.0f}%" if percent else f"{t:g}"
        parts.append(f'<line class="gk-grid" x1="{x0:g}" x2="{x1:g}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text x="{x0 - 4:g}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')


def _legend(parts, labels, colors, x: float) -> None:
    for i, (label, color) in enumerate(zip(labels, colors)):
        y = MARGIN["top"] - 14 + 0 * i
        dx = x + 60 * i
        parts.append(f'<rect x="{dx:g}" y="{y - 8}" width="10" height="10" fill="{esc(color)}"/>'
                     f'<text x="{dx + 14:g}" y="{y + 1}">{esc(label)}</text>')


def line_chart(x: list, rows: list[list], *, colors, labels, title: str, xlabel: str, ylabel: str,
               height: int = HEIGHT) -> SvgStr:
    """One line (with a dot per point) per row of ``rows`` over ``x``; a row of None/NaN is left
    out, as the bqplot chart leaves out a hidden total."""
    parts = _frame(title, xlabel, ylabel, height, "gk-svgchart-lines")
    shown = [(r, c, lab) for r, c, lab in zip(rows, colors, labels)
             if r and all(v is not None and v == v for v in r)]
    x0, x1 = MARGIN["left"], WIDTH - MARGIN["right"]
    y0, y1 = height - MARGIN["bottom"], MARGIN["top"]
    xmax = max(max(x, default=0), 1)
    lo = min([0] + [v for r, _c, _l in shown for v in r])
    hi = max([0] + [v for r, _c, _l in shown for v in r])
    whole = all(float(v).is_integer() for r, _c, _l in shown for v in r)
    ticks = integer_ticks(hi) if whole and lo >= 0 else nice_ticks(hi - lo if lo < 0 else hi)
    if lo < 0:
        ticks = [t + math.floor(lo) for t in nice_ticks(hi - math.floor(lo))]
    top, bottom = max(ticks[-1], hi), min(ticks[0], lo)
    span = (top - bottom) or 1

    def xm(v):
        return x0 + (x1 - x0) * v / xmax

    def ym(v):
        return y0 - (y0 - y1) * (v - bottom) / span

    _yaxis(parts, ticks, ym, False, x0, x1)
    step = max(1, (xmax + 9) // 10)
    for v in range(0, int(xmax) + 1, step):
        parts.append(f'<text x="{xm(v):.1f}" y="{y0 + 14}" text-anchor="middle">{v}</text>')
    parts.append(f'<line class="gk-axis" x1="{x0}" x2="{x1}" y1="{y0}" y2="{y0}"/>'
                 f'<line class="gk-axis" x1="{x0}" x2="{x0}" y1="{y0}" y2="{y1}"/>')
    for row, color, label in shown:
        pts = " ".join(f"{xm(a):.1f},{ym(b):.1f}" for a, b in zip(x, row))
        parts.append(f'<g data-series="{esc(label)}"><polyline fill="none" stroke="{esc(color)}" stroke-width="2" '
                     f'points="{pts}"/>'
                     + "".join(f'<circle cx="{xm(a):.1f}" cy="{ym(b):.1f}" r="3" fill="{esc(color)}"><title>'
                               f'{esc(label)}, {esc(xlabel)} {a}: {b:g}</title></circle>' for a, b in zip(x, row))
                     + "</g>")
    _legend(parts, [lab for _r, _c, lab in shown], [c for _r, c, _l in shown], x0 + 4)
    parts.append("</svg>")
    return SvgStr("".join(parts))


def bar_chart(x: list[str], rows: list[list[float]], *, colors, title: str, xlabel: str, ylabel: str,
              labels=(), percent: bool = False, height: int = 250) -> SvgStr:
    """Bars: one group per ``x`` label, ``rows[i]`` the group's bars (one per series, coloured by
    ``colors``; ``labels`` names the series in a legend when there are several)."""
    parts = _frame(title, xlabel, ylabel, height, "gk-svgchart-bars")
    x0, x1 = MARGIN["left"] + 5, WIDTH - MARGIN["right"]
    y0, y1 = height - MARGIN["bottom"] - 5, MARGIN["top"]
    values = [v for row in rows for v in row if v == v]
    ticks = nice_ticks(max(values, default=0) or 0)
    top = max(ticks[-1], max(values, default=0)) or 1

    def ym(v):
        return y0 - (y0 - y1) * v / top

    _yaxis(parts, ticks, ym, percent, x0, x1)
    n = max(len(x), 1)
    slot = (x1 - x0) / n
    every = max(1, math.ceil(n / 12))
    for i, (name, row) in enumerate(zip(x, rows)):
        width = slot * 0.85 / max(len(row), 1)
        for k, v in enumerate(row):
            v = v if v == v else 0.0
            left = x0 + slot * i + slot * 0.075 + width * k
            text = f"{100 * v:.0f}%" if percent else f"{v:g}"
            parts.append(f'<rect class="gk-bar" x="{left:.1f}" y="{ym(v):.1f}" width="{max(width - 1, 1):.1f}" '
                         f'height="{max(y0 - ym(v), 0):.1f}" fill="{esc(colors[k % len(colors)])}">'
                         f'<title>{esc(name)}: {text}</title></rect>')
        if i % every == 0:
            parts.append(f'<text x="{x0 + slot * (i + 0.5):.1f}" y="{y0 + 14}" text-anchor="middle">{esc(name)}</text>')
    parts.append(f'<line class="gk-axis" x1="{x0}" x2="{x1}" y1="{y0}" y2="{y0}"/>')
    if len(labels) > 1:
        _legend(parts, list(labels), list(colors), x0 + 4)
    parts.append("</svg>")
    return SvgStr("".join(parts))
