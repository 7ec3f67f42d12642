"""Shared SVG primitives: a string type that shows itself in Jupyter, escaping, patterns.

Renderers are pure functions that return :class:`SvgStr`; nothing here knows a game's rules.

>>> s = SvgStr('<svg xmlns="http://www.w3.org/2000/svg"/>')
>>> s._repr_svg_() == s
True
>>> esc('a < b & "c"')
'a &lt; b &amp; &quot;c&quot;'
"""
from __future__ import annotations

import base64
import itertools
import re
from html import escape as _escape
from html import unescape as _unescape

__all__ = ["BODY_END", "BODY_START", "PHONE_TEXT_PX", "SVG_CSS", "SvgStr", "THEME_CSS", "esc", "game_document", "hit", "new_uid",
           "outlines", "phone_grow", "phone_size", "reflow", "reflow_under", "refused_mark", "spot_marks", "split_body",
           "svg_document", "svg_img", "title"]

_uids = itertools.count(1)

#: Markers around a drawing's *body*: the part that changes least between redraws (a house, a
#: garden). A widget sends the body only when it changed and its front end keeps the body's DOM
#: otherwise (see :func:`split_body`); XML parsers ignore the comments.
BODY_START, BODY_END = "<!--gk-body-->", "<!--/gk-body-->"


class SvgStr(str):
    """An SVG document as a plain string that Jupyter (and GitHub) draws as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """The drawing as an ``<img>`` whose alternative text is the drawing's own name (its
        ``aria-label``): JupyterLab and Voilà prefer HTML, and show an SVG output as an ``<img>``
        with no alternative text. (An image keeps its light look in a dark theme, on a light ground.)"""
        label = _LABEL.search(self[:2000])
        return svg_img(self, _unescape(label.group(1)) if label else "a drawing")


_LABEL = re.compile(r'<svg\b[^>]*?\baria-label="([^"]*)"')
_TITLE = re.compile(r"<title>.*?</title>", re.S)
_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"')


def svg_img(svg: str, alt: str) -> str:
    """``svg`` as a self-contained ``<img class="gk-picture">`` (an SVG data URI) with alternative
    text ``alt``; its tooltips (``<title>``), which an image never shows, are left out. Drawn on a
    light ground (inline: a plain output has no stylesheet of ours).

    >>> img = svg_img('<svg width="4" height="2"><title>x</title></svg>', 'a "dot"')
    >>> img.startswith('<img class="gk-picture" src="data:image/svg+xml;base64,'), ' width="4" height="2" ' in img
    (True, True)
    >>> 'alt="a &quot;dot&quot;"' in svg_img("<svg/>", 'a "dot"')
    True
    """
    svg = _TITLE.sub("", svg)
    size = _SIZE.search(svg[:600])
    dims = f' width="{size.group(1)}" height="{size.group(2)}"' if size else ""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img class="gk-picture" src="data:image/svg+xml;base64,{data}"{dims} alt="{esc(alt)}" '
            'style="max-width:100%;height:auto">')


def esc(text) -> str:
    """Escape text for SVG/HTML content and attribute values."""
    return _escape(str(text), quote=True)


def new_uid(prefix: str = "gk") -> str:
    """A prefix for element ids, unique in this process (several SVGs share one page)."""
    return f"{prefix}{next(_uids)}"


def title(text) -> str:
    """A ``<title>`` child: the tooltip a browser shows on hover."""
    return f"<title>{esc(text)}</title>"


def pressed(on: bool) -> str:
    """The attribute of a ``data-pick`` target that is picked now (a card, a tile, a spot): a
    screen reader says "pressed" on it (the board makes each target a button). Nothing otherwise.

    >>> pressed(True), pressed(False)
    (' aria-pressed="true"', '')
    """
    return ' aria-pressed="true"' if on else ""


def reflow(content: str, dx: float, dy: float, scale: float = 1.0) -> str:
    """``content`` in a group drawn where it is on a wide page and moved by ``(dx, dy)`` where the
    board has less room than its drawing is wide (a phone): the board's front end (``board.js``)
    then moves every such group and fits the drawing's ``viewBox`` to what it holds, so e.g. a
    display drawn beside the garden goes under it instead of shrinking with it. A picture shown
    outside a board widget is drawn wide. ``content`` may hold the body markers (the group's tags
    then end up in the head and the tail).

    ``scale`` (above 0): the group is also drawn that much larger where it is moved (the front end's
    ``transform`` is ``translate(dx dy) scale(scale)``: a point (x, y) of ``content`` lands on
    (dx + scale·x, dy + scale·y)), e.g. a column as wide as the garden it goes under, so its words
    read on a phone at about the size they are drawn.

    >>> reflow('<rect/>', -300, 280)
    '<g class="gk-reflow" data-reflow="-300 280"><rect/></g>'
    >>> reflow('<rect/>', -300.5, 280, 1.5)
    '<g class="gk-reflow" data-reflow="-300.5 280 1.5"><rect/></g>'
    """
    if not (isinstance(scale, (int, float)) and 0 < scale < float("inf")):
        raise ValueError(f"a reflow scale is a number above 0, not {scale!r}")
    moved = f"{dx:g} {dy:g}" + ("" if scale == 1 else f" {scale:g}")
    return f'<g class="gk-reflow" data-reflow="{moved}">{content}</g>'


def reflow_under(content: str, x: float, y: float, to_y: float, scale: float) -> str:
    """:func:`reflow` for a part drawn at ``(x, y)`` beside a board that goes under it on a phone:
    its corner lands at the left margin (8) at ``to_y``, the part drawn ``scale`` times as large
    (a column as wide as the board it goes under).

    >>> reflow_under('<rect/>', 500, 30, 600, 1.5)
    '<g class="gk-reflow" data-reflow="-742 555 1.5"><rect/></g>'
    """
    return reflow(content, 8 - scale * x, to_y - scale * y, scale)


#: the least size (CSS px) a text of a board is shown at on a phone, with a little to spare for
#: rounding: what the phone test (tests/browser/test_layout_phone.py) holds every game to (9)
PHONE_TEXT_PX = 9.2


def phone_size(px: float) -> str:
    """A CSS ``font-size`` for a text drawn ``px`` tall in a drawing the board's front end marked
    narrow (``svg.gk-narrow``, shown at ``--gk-scale`` of its size on a phone): as drawn, or larger
    where it would read under :data:`PHONE_TEXT_PX` there; never smaller than drawn.

    >>> phone_size(10)
    'max(10px,calc(9.2px / var(--gk-scale,1)))'
    """
    return f"max({px:g}px,calc({PHONE_TEXT_PX:g}px / var(--gk-scale,1)))"


def phone_grow(k: float) -> str:
    """A CSS rule body that draws a small mark larger about its centre in a narrow drawing: by
    ``k / --gk-scale`` (``k`` the scale at which it reads well), never smaller than drawn.

    >>> phone_grow(0.84)
    'transform-box:fill-box;transform-origin:center;transform:scale(max(1,calc(0.84 / var(--gk-scale,1))))'
    """
    return f"transform-box:fill-box;transform-origin:center;transform:scale(max(1,calc({k:g} / var(--gk-scale,1))))"


def hit(x: float, y: float, width: float, height: float) -> str:
    """An unseen tap area (``rect.gk-hit``): put first inside a clickable group (the one with the
    ``data-action``/``data-pick``/``data-ui``), it makes the group at least ``width`` × ``height``
    where the mark drawn is smaller (a ring, an arrow, a button), so a finger can use it on a phone,
    where a wide board is shown smaller than drawn. Never drawn, never coloured by a hover or a theme.

    >>> hit(10, 20, 38, 38.5)
    '<rect class="gk-hit" x="10" y="20" width="38" height="38.5"/>'
    """
    return f'<rect class="gk-hit" x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}"/>'


def hit_areas(points, half: float) -> list[str]:
    """Unseen tap areas for marks drawn close together: round each of ``points`` (``(x, y)``) a
    square of ``2 * half`` a side, cut where it comes nearer another point than its own (the
    perpendicular bisector), so no two areas overlap and a tap goes to the nearest mark: one
    ``polygon.gk-hit`` per point, in order (a point at the same place as an earlier one gets the
    whole square). Put each first inside its clickable group, and make the mark itself
    ``pointer-events:none`` when marks overlap.

    >>> hit_areas([(0, 0), (20, 0)], 15)
    ['<polygon class="gk-hit" points="-15,-15 10,-15 10,15 -15,15"/>', '<polygon class="gk-hit" points="10,-15 35,-15 35,15 10,15"/>']
    """
    out = []
    for i, (px, py) in enumerate(points):
        poly = [(px - half, py - half), (px + half, py - half), (px + half, py + half), (px - half, py + half)]
        for j, (qx, qy) in enumerate(points):
            if j == i or (qx, qy) == (px, py) or abs(qx - px) > 2 * half or abs(qy - py) > 2 * half:
                continue
            nx, ny, mx, my = qx - px, qy - py, (px + qx) / 2, (py + qy) / 2
            poly = _clip(poly, lambda x, y: (x - mx) * nx + (y - my) * ny)
        pts = " ".join(f"{round(x, 1):g},{round(y, 1):g}" for x, y in poly)
        out.append(f'<polygon class="gk-hit" points="{pts}"/>')
    return out


def _clip(poly, side):
    """Sutherland-Hodgman: the part of convex polygon ``poly`` where ``side(x, y) <= 0``."""
    out = []
    for k, (ax, ay) in enumerate(poly):
        bx, by = poly[(k + 1) % len(poly)]
        sa, sb = side(ax, ay), side(bx, by)
        if sa <= 0:
            out.append((ax, ay))
        if (sa < 0 < sb) or (sb < 0 < sa):
            f = sa / (sa - sb)
            out.append((ax + f * (bx - ax), ay + f * (by - ay)))
    return out


#: The page's colours under JupyterLab's dark theme (Voilà's ``?theme=dark`` too): JupyterLab
#: marks the page ``<body data-jp-theme-light="false">``; these custom properties then take the
#: theme's own variables. Everywhere else they are unset, and every rule falls back to the light
#: look (``var(--gk-ink, #2b2b2b)``): Voilà's light theme, a static SVG, a notebook viewer.
#: Text drawn on the page (status lines, headings, row and column labels, captions) follows the
#: theme; the board's squares, tiles, cards and buttons stay light (they are pictures) and so does
#: the text drawn on them.
THEME_CSS = (
    'body[data-jp-theme-light="false"]{'
    "--gk-ink:var(--jp-content-font-color1,#fff);"
    "--gk-ink2:var(--jp-content-font-color2,rgba(255,255,255,.7));"
    "--gk-head:var(--jp-content-font-color1,#fff);"
    "--gk-panel:var(--jp-layout-color2,#424242);"
    "--gk-card:var(--jp-layout-color2,#424242);"
    "--gk-chip:var(--jp-layout-color3,#616161);"
    "--gk-line:var(--jp-border-color1,#616161);"
    "--gk-button:var(--jp-layout-color2,#424242);"
    "--gk-now:rgba(255,200,60,.22);"
    "--gk-hover:rgba(255,255,255,.14);"
    "--gk-picked:rgba(255,200,60,.3);"
    "--gk-ok:#8fdcaa;--gk-no:#ffa3a3;--gk-bad:#ffa3a3}"
    # a drawing shown as an <img> (a lesson's cover) cannot see the page's theme: it keeps the
    # light look, so it gets a light card to sit on
    'body[data-jp-theme-light="false"] img.gk-picture{background:#fbf8f1;border-radius:6px}'
)

SVG_CSS = (
    THEME_CSS
    + ".gk-sq{stroke:#7d6b55;stroke-width:.6}"
    ".gk-lt{font:bold 10px sans-serif;fill:#1d1d1b;paint-order:stroke;stroke:#fffbe9;stroke-width:2.2px;"
    "pointer-events:none}"
    ".gk-tx{font:13px sans-serif;fill:var(--gk-ink,#2b2b2b)}"
    ".gk-card{fill:none;stroke:#3d2f20;stroke-width:2;stroke-linejoin:round;pointer-events:none}"
    ".gk-run{fill:none;stroke:#8b1e1e;stroke-opacity:.6;stroke-width:4;stroke-linecap:round}"
    ".gk-table{fill:#f7f3ea;stroke:#d8cfbd}"
    ".gk-lbg{fill:transparent;stroke:none}"
    ".gk-selected .gk-lbg{fill:var(--gk-picked,#ffe9a8);stroke:#b07d00;stroke-width:2}"
    ".gk-btn{cursor:pointer}.gk-btn rect{fill:#fff;stroke:#6b5a45;stroke-width:1.3}"
    ".gk-btn text{font:13px sans-serif;fill:#2b2b2b}.gk-btn:hover rect{fill:#f1e7d3}"
    ".gk-btn.gk-on rect{fill:#ffe9a8}"
    # a button's unseen tap area, larger than the button drawn (a phone shows the board smaller)
    # (whatever a game's stylesheet does to the rects of its buttons and chips: hence !important)
    ".gk-hit{fill:transparent!important;stroke:none!important}"
    ".gk-ltb{font-size:12px;text-anchor:end}"
    ".gk-spot{cursor:pointer}"
    # a legal spot: transparent square, an L tick in its top-left corner (dash 9, gap 142, dash 9
    # walks the perimeter, pathLength 160, from the corner and back to it)
    "rect.gk-spot{fill:transparent;stroke:#1f6f43;stroke-width:3;stroke-dasharray:9 142 9}"
    "rect.gk-spot:hover{fill:rgba(255,214,102,.28);stroke:#b07d00}"
    "rect.gk-spot.gk-marked{stroke:#d18f00;stroke-width:4;stroke-dasharray:none}"
    ".gk-badge{font:bold 10px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none;"
    "paint-order:stroke;stroke:#1f6f43;stroke-opacity:.9;stroke-width:14px;stroke-linejoin:round}"
    "rect.gk-spot:hover+.gk-badge,rect.gk-spot.gk-marked+.gk-badge{stroke:#8a6100;stroke-opacity:1}"
    # a refused square: a grey × with a light halo, readable on any square
    ".gk-illegal>text.gk-cross{font:13px sans-serif;fill:#666;text-anchor:middle;paint-order:stroke;stroke:#fffbe9;"
    "stroke-width:2.5px;stroke-linejoin:round}"
    ".gk-illegal:hover>text.gk-cross{fill:#2b2b2b}"
    ".gk-ghost,.gk-ghost-mark{pointer-events:none}.gk-ghost{opacity:.93}.gk-ghost-mark{opacity:.55}"
    ".gk-prop{stroke:#d18f00;stroke-width:3;stroke-dasharray:6 3}"
)
_STYLE = f"<style>{SVG_CSS}</style>"


def game_document(width: float, height: float, body: str, uid: str, *, label: str, attrs: str = "",
                  style: bool = True, defs: str = "", css: str = "") -> SvgStr:
    """A game's drawing: ``defs`` (its patterns; empty when a widget keeps them once in its page)
    and, with ``style``, the shared style plus the game's ``css`` inside the root ``<svg>``."""
    extra = (f"<defs>{defs}</defs>" if defs else "") + (f"<style>{SVG_CSS}{css}</style>" if style else "")
    return svg_document(width, height, extra + body, uid, label=label, attrs=attrs, style=False)


def svg_document(width: float, height: float, body: str, uid: str, *, label: str = "", attrs: str = "",
                 style: bool = True) -> SvgStr:
    """Wrap ``body`` in an ``<svg>`` root with the shared style (a game's drawing adds its own
    patterns and stylesheet through :func:`game_document`).

    ``style=False`` leaves the ``<style>`` out, for a widget that loads :data:`SVG_CSS` once:
    a stylesheet inside every redraw makes the browser restyle the whole page on each click.
    """
    return SvgStr(
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" class="gk-svg" '
        f'role="img" aria-label="{esc(label)}"{attrs}>'
        f"{_STYLE if style else ''}{body}</svg>"
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


def spot_marks(spots, px, py, cell: float, marked=None, *, uid: str = "", ghost: bool = False,
               clickable: bool = True, cross_dy: float = 12) -> list[str]:
    """The markup of a board's spots, shared by every game's board.

    ``spots`` are :class:`~gardenkit.core.types.Target` values (``action``, ``points``: None when
    refused, ``at=(x, y)``: the square). ``px``/``py`` map a square to its top-left corner. Lean markup, as a board redraw is
    parsed on every click: a legal spot is one square whose dashed stroke draws a corner tick
    (class ``gk-spot``), a scoring one adds its ``+N`` badge, a refused one is a single ``×`` glyph
    (``gk-spot gk-illegal``); each carries ``data-action`` unless the board is only a picture.
    With ``ghost``, the marked legal spot also gets the picked piece drawn on it (the
    ``#{uid}-gh`` definition).

    >>> from gardenkit import Refusal, Target
    >>> spots = [Target("1@a1", 3, at=(0, 0)), Target("1@b1", None, Refusal("taken", "x.y"), at=(1, 0))]
    >>> "".join(spot_marks(spots, lambda x: 40 * x, lambda y: 40 * y, 40))
    '<rect class="gk-spot gk-scores" data-action="1@a1" transform="translate(0 0)" width="40" height="40" pathLength="160"/><text class="gk-badge" transform="translate(0 0)" x="11" y="14.5">+3</text><g class="gk-spot gk-illegal" data-action="1@b1"><rect class="gk-hit" x="40" y="0" width="40" height="40"/><text class="gk-cross" x="48" y="12">×</text></g>'
    """
    out = []
    if ghost and marked is not None:
        for sp in spots:
            if sp.action == marked and sp.points is not None:
                x, y = sp.at
                out.append(f'<use class="gk-ghost-mark" href="#{uid}-gh" transform="translate({px(x):g} {py(y):g})"/>')
    for sp in spots:
        x, y = sp.at
        act = f' data-action="{esc(sp.action)}"' if clickable else ""
        legal = sp.points is not None
        cls = "gk-spot" + ("" if legal else " gk-illegal") + (" gk-marked" if sp.action == marked else "")
        at = f"translate({px(x):g} {py(y):g})"
        if legal:
            if sp.points > 0:
                cls += " gk-scores"
            out.append(f'<rect class="{cls}"{act} transform="{at}" width="{cell:g}" height="{cell:g}" pathLength="160"/>')
            if sp.points > 0:
                out.append(f'<text class="gk-badge" transform="{at}" x="11" y="14.5">+{sp.points}</text>')
        else:
            out.append(refused_mark(act, (px(x), py(y), cell, cell), px(x) + 8, py(y) + cross_dy, cls))
    return out


def refused_mark(act: str, box, gx: float, gy: float, cls: str = "gk-spot gk-illegal", tip: str = "") -> str:
    """A refused target: a grey ``×`` at (``gx``, ``gy``) that says why when clicked or hovered, in a
    group (class ``cls``, attributes ``act``: its ``data-action``) whose unseen tap area (:func:`hit`)
    is ``box`` = (x, y, width, height), the square refused: a finger finds it on a phone (WCAG 2.5.8).

    >>> refused_mark(' data-action="1@b1"', (40, 0, 40, 40), 48, 12)
    '<g class="gk-spot gk-illegal" data-action="1@b1"><rect class="gk-hit" x="40" y="0" width="40" height="40"/><text class="gk-cross" x="48" y="12">×</text></g>'
    """
    return f'<g class="{cls}"{act}>{tip}{hit(*box)}<text class="gk-cross" x="{gx:g}" y="{gy:g}">×</text></g>'


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
