"""Shared SVG primitives: a string type that shows itself in Jupyter, escaping, patterns.

Renderers are pure functions that return :class:`SvgStr`; nothing here knows a game's rules.

>>> s = SvgStr('<svg xmlns="http://www.w3.org/2000/svg"/>')
>>> s._repr_svg_() == s
True
>>> esc('a < b & "c"')
'a &lt; b &amp; &quot;c&quot;'
"""
from __future__ import annotations

import itertools
from html import escape as _escape

__all__ = ["BODY_END", "BODY_START", "SVG_CSS", "SvgStr", "esc", "split_body", "pattern_defs", "new_uid", "svg_document", "square_patterns", "TYPE_STYLE", "title"]

_uids = itertools.count(1)

#: Markers around a drawing's *body*: the part that changes least between redraws (a house, a
#: garden). A widget sends the body only when it changed and its front end keeps the body's DOM
#: otherwise (see :func:`split_body`); XML parsers ignore the comments.
BODY_START, BODY_END = "<!--gk-body-->", "<!--/gk-body-->"


class SvgStr(str):
    """An SVG document as a plain string that Jupyter (and GitHub) draws as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


def esc(text) -> str:
    """Escape text for SVG/HTML content and attribute values."""
    return _escape(str(text), quote=True)


def new_uid(prefix: str = "gk") -> str:
    """A prefix for element ids, unique in this process (several SVGs share one page)."""
    return f"{prefix}{next(_uids)}"


def title(text) -> str:
    """A ``<title>`` child: the tooltip a browser shows on hover."""
    return f"<title>{esc(text)}</title>"


#: Square types: base colour, pattern colour, letter, name. Light fills so the dark
#: letter always reads; the pattern tells the types apart without colour too.
TYPE_STYLE = {
    "F": ("#ead2a8", "#b58b55", "F", "floor"),
    "T": ("#d6e0a0", "#97a24e", "T", "tatami"),
    "P": ("#a9d3ef", "#3f7fb5", "P", "pond"),
    "G": ("#a6d6a0", "#3d7a3a", "G", "garden"),
}


def square_patterns(uid: str) -> str:
    """``<pattern>`` definitions ``{uid}-F`` (planks), ``-T`` (stripes), ``-P`` (waves), ``-G`` (leaves)."""
    f, t, p, g = (TYPE_STYLE[k] for k in "FTPG")
    u = 'patternUnits="userSpaceOnUse"'
    return (
        f'<pattern id="{uid}-F" {u} width="14" height="7"><rect width="14" height="7" fill="{f[0]}"/>'
        f'<path d="M0 6.5H14M7 0V6.5" stroke="{f[1]}" stroke-width="1" fill="none"/></pattern>'
        f'<pattern id="{uid}-T" {u} width="5" height="5"><rect width="5" height="5" fill="{t[0]}"/>'
        f'<path d="M1.5 0V5" stroke="{t[1]}" stroke-width="1.2"/></pattern>'
        f'<pattern id="{uid}-P" {u} width="12" height="8"><rect width="12" height="8" fill="{p[0]}"/>'
        f'<path d="M0 5Q3 2 6 5T12 5" stroke="{p[1]}" stroke-width="1.1" fill="none"/></pattern>'
        f'<pattern id="{uid}-G" {u} width="9" height="9"><rect width="9" height="9" fill="{g[0]}"/>'
        f'<circle cx="2.5" cy="2.5" r="1.5" fill="{g[1]}"/><circle cx="7" cy="6.8" r="1.2" fill="{g[1]}"/></pattern>'
    )


SVG_CSS = (
    ".gk-sq{stroke:#7d6b55;stroke-width:.6}"
    ".gk-lt{font:bold 10px sans-serif;fill:#1d1d1b;paint-order:stroke;stroke:#fffbe9;stroke-width:2.2px;"
    "pointer-events:none}"
    ".gk-tx{font:13px sans-serif;fill:#2b2b2b}"
    ".gk-card{fill:none;stroke:#3d2f20;stroke-width:2;stroke-linejoin:round;pointer-events:none}"
    ".gk-run{fill:none;stroke:#8b1e1e;stroke-opacity:.6;stroke-width:4;stroke-linecap:round}"
    ".gk-table{fill:#f7f3ea;stroke:#d8cfbd}"
    ".gk-lbg{fill:transparent;stroke:none}"
    ".gk-lcard[data-card]{cursor:pointer}.gk-lcard[data-card]:hover .gk-lbg{fill:#efe6d2}"
    ".gk-selected .gk-lbg{fill:#ffe9a8;stroke:#b07d00;stroke-width:2}"
    ".gk-btn{cursor:pointer}.gk-btn rect{fill:#fff;stroke:#6b5a45;stroke-width:1.3}"
    ".gk-btn text{font:13px sans-serif;fill:#2b2b2b}.gk-btn:hover rect{fill:#f1e7d3}"
    ".gk-btn.gk-on rect{fill:#ffe9a8}"
    ".gk-ltb{font-size:12px;text-anchor:end}"
    ".gk-spot{cursor:pointer}"
    # a legal spot: transparent square, an L tick in its top-left corner (dash 9, gap 142, dash 9
    # walks the perimeter, pathLength 160, from the corner and back to it)
    "rect.gk-spot{fill:transparent;stroke:#1f6f43;stroke-width:3;stroke-dasharray:9 142 9}"
    "rect.gk-spot:hover{fill:rgba(255,214,102,.28);stroke:#b07d00}"
    "rect.gk-spot.gk-marked{stroke:#d18f00;stroke-width:4;stroke-dasharray:none}"
    ".gk-badge{font:bold 9px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none;"
    "paint-order:stroke;stroke:#1f6f43;stroke-opacity:.9;stroke-width:14px;stroke-linejoin:round}"
    "rect.gk-spot:hover+.gk-badge,rect.gk-spot.gk-marked+.gk-badge{stroke:#b07d00;stroke-opacity:1}"
    "text.gk-spot.gk-illegal{font:13px sans-serif;fill:#9a9a9a;text-anchor:middle}"
    "text.gk-spot.gk-illegal:hover{fill:#3a3a3a}"
    ".gk-ghost,.gk-ghost-mark{pointer-events:none}.gk-ghost{opacity:.93}.gk-ghost-mark{opacity:.55}"
    ".gk-prop{stroke:#d18f00;stroke-width:3;stroke-dasharray:6 3}"
    ".gk-pick{cursor:pointer}.gk-pick rect{fill:rgba(255,255,255,.3);stroke-width:4}"
    ".gk-pick:hover rect{fill:rgba(255,233,168,.6)}.gk-pick.gk-marked rect{stroke:#d18f00;stroke-width:6;stroke-dasharray:8 3}"
    ".gk-pick text{font:13px sans-serif;fill:#2b2b2b}.gk-pick text.gk-num{font:bold 11px sans-serif;fill:#fff;"
    "text-anchor:middle;pointer-events:none}"
    ".gk-pickbtn rect{fill:#fff;stroke-width:2}.gk-pickbtn:hover rect{fill:#fff3cc}"
    ".gk-t-F rect{stroke:#9a6a2f}.gk-t-F circle{fill:#9a6a2f}.gk-t-T rect{stroke:#6f7d12}.gk-t-T circle{fill:#6f7d12}"
    ".gk-t-P rect{stroke:#2d6fa8}.gk-t-P circle{fill:#2d6fa8}.gk-t-G rect{stroke:#2e7a2b}.gk-t-G circle{fill:#2e7a2b}"
)
_STYLE = f"<style>{SVG_CSS}</style>"


def game_document(width: float, height: float, body: str, uid: str, *, label: str, attrs: str = "",
                  style: bool = True, defs: str = "", css: str = "") -> SvgStr:
    """A game's drawing: ``defs`` (its patterns; empty when a widget keeps them once in its page)
    and, with ``style``, the shared style plus the game's ``css`` inside the root ``<svg>``."""
    extra = (f"<defs>{defs}</defs>" if defs else "") + (f"<style>{SVG_CSS}{css}</style>" if style else "")
    return svg_document(width, height, extra + body, uid, label=label, attrs=attrs, style=False, patterns=False)


def svg_document(width: float, height: float, body: str, uid: str, *, label: str = "", attrs: str = "",
                 style: bool = True, patterns: bool = True) -> SvgStr:
    """Wrap ``body`` in an ``<svg>`` root with the square patterns and the shared style.

    ``style=False`` leaves the ``<style>`` out, for a widget that loads :data:`SVG_CSS` once:
    a stylesheet inside every redraw makes the browser restyle the whole page on each click.
    ``patterns=False`` leaves the square patterns out too, for a widget that keeps them in a
    sibling ``<svg>`` of the same page (see :func:`pattern_defs`).
    """
    return SvgStr(
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" class="gk-svg" '
        f'role="img" aria-label="{esc(label)}"{attrs}>'
        f"{f'<defs>{square_patterns(uid)}</defs>' if patterns else ''}{_STYLE if style else ''}{body}</svg>"
    )


def split_body(svg: str) -> tuple[str, str, str]:
    """``(head, body, tail)`` of a drawing, cut at its :data:`BODY_START`/:data:`BODY_END` markers
    (which are dropped). A drawing without markers is all head.

    >>> split_body(f"<svg><text>hi</text>{BODY_START}<g/>{BODY_END}</svg>")
    ('<svg><text>hi</text>', '<g/>', '</svg>')
    >>> split_body("<svg/>")
    ('<svg/>', '', '')
    """
    if BODY_START not in svg:
        return svg, "", ""
    head, rest = svg.split(BODY_START, 1)
    body, tail = rest.split(BODY_END, 1)
    return head, body, tail


def pattern_defs(uid: str) -> str:
    """The square patterns of drawing ``uid`` in an invisible ``<svg>``, to keep in the page once."""
    return (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"<defs>{square_patterns(uid)}</defs></svg>")


def spot_marks(spots, px, py, cell: float, marked=None, *, uid: str = "", ghost: bool = False,
               clickable: bool = True, cross_dy: float = 12) -> list[str]:
    """The markup of a board's spots, shared by every game's board.

    ``spots`` are records with ``action``, ``x``, ``y`` and ``points`` (None: refused);
    ``px``/``py`` map a square to its top-left corner. Lean markup, as a board redraw is parsed
    on every click: a legal spot is one square whose dashed stroke draws a corner tick (class
    ``gk-spot``), a scoring one adds its ``+N`` badge, a refused one is a single ``×`` glyph
    (``gk-spot gk-illegal``); each carries ``data-action`` unless the board is only a picture.
    With ``ghost``, the marked legal spot also gets the picked piece drawn on it (the
    ``#{uid}-gh`` definition).

    >>> from collections import namedtuple
    >>> S = namedtuple("S", "action x y points")
    >>> "".join(spot_marks([S("1@a1", 0, 0, 3), S("1@b1", 1, 0, None)], lambda x: 40 * x, lambda y: 40 * y, 40))
    '<rect class="gk-spot gk-scores" data-action="1@a1" transform="translate(0 0)" width="40" height="40" pathLength="160"/><text class="gk-badge" transform="translate(0 0)" x="11" y="14.5">+3</text><text class="gk-spot gk-illegal" data-action="1@b1" x="48" y="12">×</text>'
    """
    out = []
    if ghost and marked is not None:
        for sp in spots:
            if sp.action == marked and sp.points is not None:
                out.append(f'<use class="gk-ghost-mark" href="#{uid}-gh" transform="translate({px(sp.x):g} {py(sp.y):g})"/>')
    for sp in spots:
        act = f' data-action="{esc(sp.action)}"' if clickable else ""
        legal = sp.points is not None
        cls = "gk-spot" + ("" if legal else " gk-illegal") + (" gk-marked" if sp.action == marked else "")
        at = f"translate({px(sp.x):g} {py(sp.y):g})"
        if legal:
            if sp.points > 0:
                cls += " gk-scores"
            out.append(f'<rect class="{cls}"{act} transform="{at}" width="{cell:g}" height="{cell:g}" pathLength="160"/>')
            if sp.points > 0:
                out.append(f'<text class="gk-badge" transform="{at}" x="11" y="14.5">+{sp.points}</text>')
        else:
            out.append(f'<text class="{cls}"{act} x="{px(sp.x) + 8:g}" y="{py(sp.y) + cross_dy:g}">×</text>')
    return out


def outlines(owner: dict, px, py, cell: float) -> str:
    """Path data for the edges between pieces: ``owner`` maps each square (x, y) to its piece;
    an edge is drawn wherever the square beside belongs to another piece, or to none.

    >>> outlines({(0, 0): 1, (1, 0): 1}, lambda x: 10 * x, lambda y: 10 * y, 10)
    'M0 0h10M0 10h10M0 0v10M10 0h10M10 10h10M20 0v10'
    """
    d = []
    for (x, y), i in owner.items():
        X, Y = px(x), py(y)
        if owner.get((x, y - 1)) != i:
            d.append(f"M{X:g} {Y:g}h{cell:g}")
        if owner.get((x, y + 1)) != i:
            d.append(f"M{X:g} {Y + cell:g}h{cell:g}")
        if owner.get((x - 1, y)) != i:
            d.append(f"M{X:g} {Y:g}v{cell:g}")
        if owner.get((x + 1, y)) != i:
            d.append(f"M{X + cell:g} {Y:g}v{cell:g}")
    return "".join(d)
