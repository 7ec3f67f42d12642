"""A component drawn large with its parts labelled: the callouts every game's ``component_svg``
uses (a game draws its own piece; this module places the labels beside it and draws a leader
line from each label to the part it names).

A :class:`Part` is a point on the drawing, the words that name it and where its data comes
from (``source``: ``rulebook``, ``published`` or ``reconstructed``, as the component file marks
it). A part whose data is reconstructed says so in its label, and the picture's foot says what
that means.

>>> from gardenkit.render.svg import game_document
>>> body = '<rect x="20" y="50" width="100" height="100" fill="#ccc"/>'
>>> svg = labelled(body, (20, 50, 100, 100), [Part(70, 60, "the top", "rulebook"),
...                Part(70, 140, "the bottom", "reconstructed")], uid="demo", game="demo",
...                heading="A square", document=lambda w, h, b, u, label: game_document(w, h, b, u, label=label))
>>> svg.count('class="gk-part"'), 'data-source="reconstructed"' in svg, "the bottom (reconstructed)" in svg
(2, True, True)
"""
from __future__ import annotations

from dataclasses import dataclass

from .svg import SvgStr, esc

__all__ = ["Part", "labelled", "wrap"]

#: a label's font size and line height (px)
FONT, LINE = 14, 18
#: the labels' column: its gap from the piece and the characters on a line
GAP, CHARS = 56, 46
SOURCES = ("rulebook", "published", "reconstructed")
#: the sheet the piece and its labels lie on, and the words' colours on it (contrast 15:1 and 7:1)
SHEET, INK, INK2 = "#fbf8f1", "#222222", "#4a4a4a"


@dataclass(frozen=True)
class Part:
    """A part of the piece at (``x``, ``y``) of the drawing, named ``text``; ``source`` is where its
    data comes from (a reconstructed part is said to be so)."""

    x: float
    y: float
    text: str
    source: str = "rulebook"

    def __post_init__(self):
        if not isinstance(self.source, str) or not self.source or len(self.source) > 100:
            raise ValueError(f"a part's source is a short text ({', '.join(SOURCES)}, ...), not {self.source!r}")

    @property
    def words(self) -> str:
        return self.text + (" (reconstructed)" if self.source == "reconstructed" else "")


def wrap(text: str, width: int = CHARS) -> list[str]:
    """``text`` in lines of at most ``width`` characters (a longer word keeps its own line)."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def labelled(body: str, box: tuple, parts, *, uid: str, game: str, heading: str, document, note: str = "") -> SvgStr:
    """The piece (``body``, drawn inside ``box`` = (x, y, width, height), its heading above it at
    y 24, so its top should be 40 or more) with a label per part in a column to its right, in the
    order of the parts' heights, each joined to its point by a line. ``document(width, height,
    body, uid, label)`` wraps it as the game's drawings are (its patterns and stylesheet). The root
    carries ``class="gk-component"`` and ``data-game``; each label is a ``g.gk-part`` with
    ``data-source``."""
    parts = sorted(parts, key=lambda p: (p.y, p.x))
    if not parts:
        raise ValueError("a labelled picture names at least one part")
    x0, y0, w, h = box
    col = x0 + w + GAP
    out = [f'<text x="{x0:g}" y="24" style="font:bold 17px sans-serif;fill:{INK}">{esc(heading)}</text>', body]
    y_next = 0.0
    for p in parts:
        lines = wrap(p.words)
        ty = max(p.y + 5, y_next + LINE)  # the first line's baseline: level with the point, or under the last label
        y_next = ty + LINE * (len(lines) - 1) + 8
        tx = col + 8
        text = "".join(f'<tspan x="{tx:g}" y="{ty + i * LINE:g}">{esc(line)}</tspan>' for i, line in enumerate(lines))
        out.append(f'<g class="gk-part" data-source="{p.source}"><title>{esc(p.words)}</title>'
                   f'<circle cx="{p.x:g}" cy="{p.y:g}" r="4" fill="#8b1e1e" stroke="#fff" stroke-width="1.5"/>'
                   f'<polyline points="{p.x:g},{p.y:g} {col:g},{ty - 5:g} {tx - 3:g},{ty - 5:g}" fill="none" '
                   'stroke="#8b1e1e" stroke-width="1.4"/>'
                   f'<text style="font:{FONT}px sans-serif;fill:{INK}">{text}</text></g>')
    bottom = max(y0 + h, y_next) + 10
    if note or any(p.source == "reconstructed" for p in parts):
        foot = note or ("Reconstructed: the rulebook does not list this; our component file marks it so, "
                        "and the piece in the box may differ.")
        for i, line in enumerate(wrap(foot, 90)):
            out.append(f'<text x="{x0:g}" y="{bottom + 14 + i * LINE:g}" '
                       f'style="font:italic 13px sans-serif;fill:{INK2}">{esc(line)}</text>')
        bottom += 14 + LINE * len(wrap(foot, 90))
    width = col + 8 + CHARS * FONT * 0.56 + 10
    # a light sheet under it all: the words keep fixed colours on it (4.5:1 or more), in a dark
    # theme too, and whether the page shows the drawing inline or as an image
    sheet = (f'<rect class="gk-sheet" x="1" y="1" width="{width - 2:g}" height="{bottom + 6:g}" rx="8" '
             f'fill="{SHEET}" stroke="#d8cfbd"/>')
    svg = document(width, bottom + 8, sheet + "".join(out), uid, heading)
    # the root: what it is, for a test and a stylesheet
    root = svg[:svg.index(">")]
    if 'class="gk-svg"' in root:
        return SvgStr(svg.replace('class="gk-svg"', f'class="gk-svg gk-component" data-game="{esc(game)}"', 1))
    return SvgStr(svg.replace("<svg ", f'<svg class="gk-component" data-game="{esc(game)}" ', 1))
