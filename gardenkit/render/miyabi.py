"""Miyabi as SVG: gardens, the round's display, whole states, the clickable board, the final scoring.

Pure functions of what they are given, returning :class:`~gardenkit.render.svg.SvgStr`: a
position's drawings take a :class:`~gardenkit.core.view.View`, the rules' one answer for a
drawing (``rules.view(state, player)``: who is to act, what can be clicked, its points and why
not, the outcome and the final scoring, each line's ``subject`` and ``rank``); a board's spots
are handed in. Nothing is decided or asked here: no rules object, no rules module.

Every square reads without colour: its height is a shade *and* a number (bottom-right corner),
its objects a count and a letter (``3P``: three pagodas) on a badge patterned by kind, Zen tiles
a raked-sand pattern and a ``Z`` (``Z✓`` once scored for being surrounded), tiles a thick
outline, lit lanterns a solid lantern (an empty field is a dashed box), the frog its own shape
(a golden frog wears a crown) and a caption.

>>> import gardenkit
>>> from gardenkit.games.miyabi.setups import position
>>> rules = gardenkit.make("miyabi")
>>> s = position(gardens={0: ["38@b2", "6@b2"]}, display=[1, 43, 68, 90], lanterns={0: "b"})
>>> svg = render_state(rules.view(s))
>>> svg.startswith("<svg") and "b2: layer 2, 1 pagoda" in svg
True
>>> board = render_board(rules.view(s, 0), selected=43, spots=rules.targets(s, (43, 0)))
>>> 'data-action="43@' in board and 'data-pick="43"' in board and 'data-ui="rotate"' in board
True
"""
from __future__ import annotations

from ..games.miyabi.components import default_components
from .svg import BODY_END, BODY_START, SvgStr, esc, game_document, hit, new_uid, outlines, pressed, reflow, spot_marks, title

__all__ = [
    "component_svg",
    "CELL", "MIYABI_CSS", "final_table", "miyabi_pattern_defs", "miyabi_patterns", "render_board",
    "render_display", "render_final", "render_garden", "render_state", "status_line",
]

CELL = 44  # a garden square on the board
#: a frog target's tap area: the top-right corner of its square, this many units square (a phone
#: shows the board at ~0.93: ~28 CSS px; its ring is drawn 17.6 wide)
FROG_TAP = 30
SMALL_CELL = 22  # the other players' gardens
TILE_CELL = 18  # a square of a display tile
COLUMNS = "abcdef"
SIZE = 6

#: fill of a square by height: bare board, then greener and darker layer by layer (the number is
#: written on the square too, so the shade is only a help)
HEIGHT_FILL = ("#f3ecdb", "#dcebc8", "#c2dda6", "#a3cb86", "#84b668", "#699d4f", "#52843b", "#3e6b2c")
#: per row (top to bottom: maple, pagoda, fish, azalea, boxwood, stone): badge colour, pattern colour
KIND_STYLE = (
    ("#f8c9b1", "#c4562e"),  # maple: leaves
    ("#e3dcef", "#6b5a8e"),  # pagoda: roof lines
    ("#c3e2f6", "#2d6fa8"),  # fish: waves
    ("#f9d3e6", "#c0407f"),  # azalea: blossoms
    ("#e9ecb8", "#7c8a22"),  # boxwood: cross-hatch
    ("#e2dfda", "#6d6a66"),  # stone: pebbles
)
ZEN_FILL = ("#f4eddc", "#a99a74")
FROG_STYLE = {False: ("#d3d8df", "#56606c", "silver"), True: ("#f3cd55", "#80650a", "golden")}

MIYABI_CSS = (
    ".gk-msq{stroke:#b5a98f;stroke-width:.5}"
    ".gk-mtile{fill:none;stroke:#2f3b20;stroke-width:2.4;stroke-linejoin:round;stroke-linecap:square;pointer-events:none}"
    ".gk-mlayer{font:bold 10.5px sans-serif;fill:#1d1d1b;text-anchor:end;paint-order:stroke;stroke:#fffbe9;"
    "stroke-width:2.4px;pointer-events:none}"
    ".gk-mbadge{stroke:#3b3b3b;stroke-width:.8;pointer-events:none}"
    ".gk-mobj{font:bold 13px sans-serif;fill:#111;text-anchor:middle;paint-order:stroke;stroke:#fff;"
    "stroke-width:2.6px;pointer-events:none}"
    ".gk-mzen{fill:none;stroke:#7a6a48;stroke-width:1.3;stroke-dasharray:3 2;pointer-events:none}"
    ".gk-mzenmark{font:bold 10.5px sans-serif;fill:#4e3f1c;paint-order:stroke;stroke:#fffbe9;stroke-width:2px;"
    "pointer-events:none}"
    ".gk-mcoord{font:bold 11px sans-serif;fill:var(--gk-ink2,#5a5040);text-anchor:middle}"
    ".gk-mrow{font:12px sans-serif;fill:var(--gk-ink,#2b2b2b)}.gk-mval{font:10.5px sans-serif;fill:var(--gk-ink2,#5a5040)}"
    ".gk-mfield{fill:#fffdf5;stroke:#9d8f74;stroke-width:1;stroke-dasharray:3 2}"
    ".gk-mlit .gk-mfield{stroke-dasharray:none;fill:#fbefd5}"
    ".gk-mlamp{fill:#a8382c;stroke:#4d1712;stroke-width:.8}.gk-mglow{fill:#ffd86b}"
    ".gk-frog ellipse,.gk-frog circle.gk-fbody{stroke-width:1}.gk-frog .gk-feye{fill:#fff;stroke:#222;stroke-width:.6}"
    ".gk-frog .gk-fpupil{fill:#222}.gk-crown{fill:#f3cd55;stroke:#80650a;stroke-width:.8}"
    ".gk-mcaption{font:11px sans-serif;fill:var(--gk-ink,#3a3a3a)}"
    ".gk-msmall .gk-mlayer{font-size:7px;stroke-width:1.8px}.gk-msmall .gk-mobj{font-size:8px;stroke-width:1.8px}"
    ".gk-msmall .gk-mzenmark{font-size:6px}.gk-msmall .gk-mcoord{font-size:8px}.gk-msmall .gk-mval{font-size:8px}"
    ".gk-msmall .gk-mtile{stroke-width:1.6}"
    ".gk-mpick{cursor:pointer}.gk-mpick:hover .gk-lbg{fill:var(--gk-hover,#efe6d2)}"
    ".gk-mtid{font:11px sans-serif;fill:var(--gk-ink,#2b2b2b);text-anchor:middle}"
    ".gk-mtobj{font:bold 10.5px sans-serif;fill:#111;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:2px;"
    "pointer-events:none}"
    ".gk-mgreen{fill:#c2dda6;stroke:#7d9b62;stroke-width:.5}"
    ".gk-mghost .gk-mgreen{fill:rgba(194,221,166,.9)}"
    ".gk-mhead{font:bold 12px sans-serif;fill:var(--gk-ink,#3a3a3a)}"
    ".gk-mbonus rect.gk-mbg{fill:#fffaf0;stroke:#8a7a58;stroke-width:1}.gk-mbonus text{font:11px sans-serif;fill:#2b2b2b}"
    ".gk-frog-target{cursor:pointer}"
    ".gk-frog-ring{fill:rgba(255,255,255,.55);stroke:#1f5f8f;stroke-width:2;stroke-dasharray:3 2}"
    ".gk-frog-target:hover .gk-frog-ring{fill:rgba(255,214,102,.8);stroke:#b07d00}"
    ".gk-frog-target.gk-marked .gk-frog-ring{stroke:#d18f00;stroke-width:3;stroke-dasharray:none}"
    ".gk-btn.gk-marked rect{stroke:#d18f00;stroke-width:3}"
    ".gk-ftab{font:12px sans-serif;fill:var(--gk-ink,#2b2b2b)}.gk-ftab .gk-fh{font-weight:bold}"
    ".gk-fcell{fill:#fffdf7;stroke:#d8cfbd}.gk-ffirst{fill:#fff1bf;stroke:#b08a00}.gk-fsecond{fill:#eceff3;stroke:#7d8794}"
    ".gk-fpts{font:bold 13px sans-serif;fill:var(--gk-ink,#1d1d1b)}.gk-fnote{font:10.5px sans-serif;fill:var(--gk-ink2,#555)}"
    ".gk-fres text{fill:#2b2b2b}.gk-fres .gk-fpts{fill:#1d1d1b}.gk-fres .gk-fnote{fill:#555}"
)


def _plural(n: int, kind: str) -> str:
    return f"{n} {kind}" if n == 1 or kind == "fish" else f"{n} {kind}s"


def _name(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


# ----- patterns -------------------------------------------------------------------------------
def miyabi_patterns(uid: str) -> str:
    """``<pattern>`` definitions ``{uid}-k0`` … ``-k5`` (one per row's kind) and ``{uid}-zen`` (raked sand)."""
    u = 'patternUnits="userSpaceOnUse"'
    (m, mc), (p, pc), (f, fc), (a, ac), (b, bc), (s, sc) = KIND_STYLE
    z, zc = ZEN_FILL
    return (
        f'<pattern id="{uid}-k0" {u} width="8" height="8"><rect width="8" height="8" fill="{m}"/>'
        f'<path d="M2 1L3.5 3.5H.5ZM6 5L7.5 7.5H4.5Z" fill="{mc}"/></pattern>'
        f'<pattern id="{uid}-k1" {u} width="6" height="6"><rect width="6" height="6" fill="{p}"/>'
        f'<path d="M0 5.5H6" stroke="{pc}" stroke-width="1"/></pattern>'
        f'<pattern id="{uid}-k2" {u} width="10" height="6"><rect width="10" height="6" fill="{f}"/>'
        f'<path d="M0 4Q2.5 1.5 5 4T10 4" stroke="{fc}" stroke-width="1" fill="none"/></pattern>'
        f'<pattern id="{uid}-k3" {u} width="7" height="7"><rect width="7" height="7" fill="{a}"/>'
        f'<circle cx="2" cy="2" r="1.2" fill="{ac}"/><circle cx="5.5" cy="5.5" r="1" fill="{ac}"/></pattern>'
        f'<pattern id="{uid}-k4" {u} width="6" height="6"><rect width="6" height="6" fill="{b}"/>'
        f'<path d="M0 0L6 6M6 0L0 6" stroke="{bc}" stroke-width=".7"/></pattern>'
        f'<pattern id="{uid}-k5" {u} width="9" height="9"><rect width="9" height="9" fill="{s}"/>'
        f'<ellipse cx="3" cy="3" rx="1.8" ry="1.2" fill="none" stroke="{sc}" stroke-width=".8"/>'
        f'<ellipse cx="7" cy="7.2" rx="1.3" ry="1" fill="none" stroke="{sc}" stroke-width=".8"/></pattern>'
        f'<pattern id="{uid}-zen" {u} width="12" height="12"><rect width="12" height="12" fill="{z}"/>'
        f'<path d="M0 3H12M0 7H12M0 11H12" stroke="{zc}" stroke-width=".7" fill="none"/></pattern>'
    )


def miyabi_pattern_defs(uid: str) -> str:
    """The patterns of drawing ``uid`` in an invisible ``<svg>``, to keep in the page once (a widget's
    ``render_patterns``; then draw with ``patterns=False``)."""
    return (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"<defs>{miyabi_patterns(uid)}</defs></svg>")


def _document(width, height, body, uid, *, label, attrs="", style=True, patterns=True) -> SvgStr:
    return game_document(width, height, body, uid, label=label, attrs=attrs, style=style,
                         defs=miyabi_patterns(uid) if patterns else "", css=MIYABI_CSS)


# ----- a garden -------------------------------------------------------------------------------
def _frog_shape(X: float, Y: float, size: float, golden: bool, tip: str | None) -> str:
    """A frog seen from above, its top-left corner at (X, Y), ``size`` wide; golden: a crown on top."""
    fill, stroke, word = FROG_STYLE[golden]
    s = size
    cx, cy = X + s / 2, Y + s * .6
    crown = ""
    if golden:
        crown = (f'<path class="gk-crown" d="M{cx - s * .28:g} {Y + s * .12:g}l{s * .1:g} {s * .16:g}l{s * .18:g} '
                 f'{-s * .18:g}l{s * .18:g} {s * .18:g}l{s * .1:g} {-s * .16:g}v{s * .22:g}h{-s * .56:g}Z"/>')
    return (
        f'<g class="gk-frog gk-frog-{word}">{title(tip) if tip else ""}'
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{s * .42:g}" ry="{s * .3:g}" fill="{fill}" stroke="{stroke}"/>'
        f'<circle class="gk-feye" cx="{cx - s * .2:g}" cy="{cy - s * .22:g}" r="{s * .11:g}"/>'
        f'<circle class="gk-feye" cx="{cx + s * .2:g}" cy="{cy - s * .22:g}" r="{s * .11:g}"/>'
        f'<circle class="gk-fpupil" cx="{cx - s * .2:g}" cy="{cy - s * .22:g}" r="{s * .05:g}"/>'
        f'<circle class="gk-fpupil" cx="{cx + s * .2:g}" cy="{cy - s * .22:g}" r="{s * .05:g}"/>'
        f"{crown}</g>"
    )


def _lantern(cx: float, top: float, w: float, h: float, lit: bool) -> str:
    field = f'<rect class="gk-mfield" x="{cx - w / 2:g}" y="{top:g}" width="{w:g}" height="{h:g}" rx="3"/>'
    if not lit:
        return field
    # roof, body with a lit window, foot
    lw, lh = w * .55, h * .5
    bx, by = cx - lw / 2, top + h * .28
    return (
        f'{field}<path class="gk-mlamp" d="M{cx - lw * .75:g} {by:g}L{cx:g} {top + h * .08:g}L{cx + lw * .75:g} {by:g}Z"/>'
        f'<rect class="gk-mlamp" x="{bx:g}" y="{by:g}" width="{lw:g}" height="{lh:g}"/>'
        f'<rect class="gk-mglow" x="{bx + lw * .25:g}" y="{by + lh * .2:g}" width="{lw * .5:g}" height="{lh * .6:g}"/>'
        f'<rect class="gk-mlamp" x="{cx - lw * .7:g}" y="{by + lh:g}" width="{lw * 1.4:g}" height="{h * .1:g}"/>'
    )


def _left(cell: float, small: bool) -> float:
    """Width of a garden's row labels."""
    return cell * 1.3 if small else max(cell * 2.45, 88)


def _garden_geometry(cell: float, small: bool, lanterns: bool, ox: float, oy: float):
    """(gx, gy): the top-left corner of square a1 in a garden drawn at (ox, oy) by :func:`_garden_parts`."""
    return ox + _left(cell, small), oy + 13 + (cell * .62 + 4 if lanterns else 0)


def _garden_parts(garden, comps, uid: str, cell: float, ox: float, oy: float, *, lanterns, frog, zen_scored,
                  small: bool = False, caption: bool = True, player=None) -> tuple[str, float, float]:
    """A garden with its row labels and lantern fields, top-left corner at (ox, oy): (svg, width, height).

    ``lanterns``: bitmask of lit columns, or None to leave the lantern fields out. ``frog``: a
    FrogMarker or None. ``zen_scored``: ids of the Zen tiles scored for being surrounded, or None
    to ask the garden whether each is surrounded.
    """
    kinds, letters = comps.kinds, comps.letters
    left = _left(cell, small)
    lamp_h = cell * .62
    gx, gy = _garden_geometry(cell, small, lanterns is not None, ox, oy)
    cls = "gk-garden gk-msmall" if small else "gk-garden"
    who = "" if player is None else f' data-player="{player}"'
    out = [f'<g class="{cls}"{who}>']
    # column letters and lantern fields
    for x in range(SIZE):
        cx = gx + x * cell + cell / 2
        out.append(f'<text class="gk-mcoord" x="{cx:g}" y="{oy + 10:g}">{COLUMNS[x]}</text>')
        if lanterns is not None:
            lit = bool(lanterns >> x & 1)
            tip = f"column {COLUMNS[x]}: " + ("a lantern stands here this round" if lit else "lantern field empty")
            out.append(f'<g class="gk-mlantern {"gk-mlit" if lit else "gk-mfree"}" data-col="{COLUMNS[x]}">'
                       f"{title(tip)}{_lantern(cx, oy + 14, cell * .6, lamp_h, lit)}</g>")
    # row labels: letter badge, name, the two row values; the row number beside the grid
    for y, kind in enumerate(kinds):
        Y = gy + y * cell
        first, second = comps.row_values[y]
        tip = f"row {y + 1}: {kind} ({letters[y]}); at the end most objects here scores {first}, second most {second}"
        bw = cell * (.5 if small else .36)
        bh = cell * (.42 if small else .36)
        by = Y + (cell * .08 if small else cell * .12)
        out.append(f'<g class="gk-mrowlabel" data-row="{y + 1}">{title(tip)}'
                   f'<rect class="gk-mbadge" x="{ox:g}" y="{by:g}" width="{bw:g}" height="{bh:g}" rx="2" '
                   f'fill="url(#{uid}-k{y % 6})"/>'
                   f'<text class="gk-mobj" x="{ox + bw / 2:g}" y="{by + bh * .78:g}">{esc(letters[y])}</text>')
        if small:
            out.append(f'<text class="gk-mval" x="{ox:g}" y="{Y + cell * .88:g}">{first}/{second}</text>')
        else:
            out.append(f'<text class="gk-mrow" x="{ox + bw + 4:g}" y="{by + bh * .8:g}">{esc(kind)}</text>'
                       f'<text class="gk-mval" x="{ox:g}" y="{Y + cell * .84:g}">{first} / {second}</text>')
        out.append(f'<text class="gk-mcoord" x="{gx - (5 if small else 8):g}" y="{Y + cell / 2 + 4:g}">{y + 1}</text></g>')
    # squares: shade and number by height, objects as count + letter on a patterned badge
    owner = {}
    over = []
    for y in range(SIZE):
        for x in range(SIZE):
            X, Y = gx + x * cell, gy + y * cell
            h = garden.height(x, y)
            top = garden.top(x, y)
            vis = garden.visible(x, y)
            zen = top is not None and top.zen
            if top is not None:
                owner[(x, y)] = id(top)
            if zen:
                fill = f"url(#{uid}-zen)"
            else:
                fill = HEIGHT_FILL[min(h, len(HEIGHT_FILL) - 1)]
            if h == 0:
                tip = f"{_name(x, y)}: bare board (layer 0)"
            elif vis is None:
                tip = f"{_name(x, y)}: layer {h}, empty green (tile {top.tile})"
            else:
                what = f"Zen tile Z{top.tile}" if zen else f"tile {top.tile}"
                tip = f"{_name(x, y)}: layer {h}, {_plural(vis[1], vis[0])} ({what})"
            if zen:
                done = top.tile in zen_scored if zen_scored is not None else garden.surrounded(x, y)
                tip += "; surrounded and scored" if done else "; not surrounded yet"
            out.append(f'<rect class="gk-msq" x="{X:g}" y="{Y:g}" width="{cell:g}" height="{cell:g}" fill="{fill}">'
                       f"{title(tip)}</rect>")
            if h:
                over.append(f'<text class="gk-mlayer" x="{X + cell - 2.5:g}" y="{Y + cell - 3:g}">{h}</text>')
            if vis is not None:
                kind, n = vis
                row = kinds.index(kind)
                bw, bh = (cell * .78, cell * .5) if small else (cell * .64, cell * .4)
                bx, by = X + (cell - bw) / 2, Y + (cell - bh) / 2 - (0 if small else cell * .04)
                if frog is not None and (frog.x, frog.y) == (x, y):
                    by += cell * (.1 if small else .14)  # below the frog in the top-right corner
                over.append(
                    f'<rect class="gk-mbadge" x="{bx:g}" y="{by:g}" width="{bw:g}" height="{bh:g}" rx="3" '
                    f'fill="url(#{uid}-k{row % 6})"/>'
                    f'<text class="gk-mobj" x="{X + cell / 2:g}" y="{by + bh * .78:g}">{n}{esc(letters[row])}</text>'
                )
            if zen:
                over.append(f'<rect class="gk-mzen" x="{X + 2.5:g}" y="{Y + 2.5:g}" width="{cell - 5:g}" '
                            f'height="{cell - 5:g}"/>'
                            f'<text class="gk-mzenmark" x="{X + 3:g}" y="{Y + cell - 3:g}">Z{"✓" if done else ""}</text>')
    out += over
    # tile outlines: a thick edge wherever the square beside belongs to another piece (or none)
    d = outlines(owner, lambda x: gx + x * cell, lambda y: gy + y * cell, cell)
    if d:
        out.append(f'<path class="gk-mtile" d="{d}"/>')
    height = gy - oy + SIZE * cell
    if frog is not None:
        h = garden.height(frog.x, frog.y)
        word = "golden" if frog.golden else "silver"
        tip = f"{word} frog on {_name(frog.x, frog.y)} (height {h})"
        fs = cell * (.5 if small else .44)
        out.append(_frog_shape(gx + (frog.x + 1) * cell - fs - 1.5, gy + frog.y * cell + 1, fs, frog.golden, tip))
        if caption:
            out.append(f'<text class="gk-mcaption" x="{gx:g}" y="{gy + SIZE * cell + 14:g}">'
                       f"frog: {word}{' (crowned)' if frog.golden else ''}, on {_name(frog.x, frog.y)}, "
                       f"height {h}</text>")
            height += 18
    out.append("</g>")
    return "".join(out), left + SIZE * cell + 2, height + 2


_STATE = object()  # "take it from the state"


def _garden_inputs(state_or_garden, player, frog, lanterns):
    if hasattr(state_or_garden, "gardens"):
        s = state_or_garden
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
            raise ValueError(f"player must be a number from 0 to {s.players - 1}")
        garden = s.gardens[player]
        if frog is _STATE:
            frog = s.frogs[player] if s.frog and s.frogs else None
        if lanterns is _STATE:
            lanterns = s.lanterns[player]
        zen_scored = s.zen_scored[player] if s.zen_scored else ()
        return garden, s.components, frog, lanterns, zen_scored
    garden = state_or_garden
    if not hasattr(garden, "pieces"):
        raise ValueError("render_garden draws a Miyabi state or a Garden")
    return garden, default_components(), None if frog is _STATE else frog, None if lanterns is _STATE else lanterns, None


def _lantern_mask(lanterns):
    if lanterns is None or isinstance(lanterns, int):
        return lanterns
    mask = 0
    for c in lanterns:
        mask |= 1 << (COLUMNS.index(c) if isinstance(c, str) else c)
    return mask


def render_garden(state_or_garden, player: int = 0, *, cell: float = CELL, label: str | None = None, frog=_STATE,
                  lanterns=_STATE, uid: str | None = None) -> SvgStr:
    """One player's 6x6 garden: row labels (letter, name, the two row values), columns a-f with their
    lantern fields, each square's height (shade and number) and objects (``3P``), tile outlines,
    Zen tiles and the frog.

    From a state, the frog and lanterns are that player's; from a bare ``Garden``, pass them:
    ``frog`` a FrogMarker (or None), ``lanterns`` a bitmask or the lit columns (``"ab"``), or None
    to leave the lantern fields out. ``cell`` under 30 draws the small version.
    """
    garden, comps, frog, lanterns, zen_scored = _garden_inputs(state_or_garden, player, frog, lanterns)
    uid = uid or new_uid()
    small = cell < 30
    head = ""
    y0 = 4
    if label:
        head = f'<text class="gk-mhead" x="4" y="14">{esc(label)}</text>'
        y0 = 22
    body, w, h = _garden_parts(garden, comps, uid, cell, 4, y0, lanterns=_lantern_mask(lanterns), frog=frog,
                               zen_scored=zen_scored, small=small)
    return _document(w + 8, y0 + h + 4, head + body, uid, label=label or "Miyabi garden")


# ----- the display ------------------------------------------------------------------------------
_SLOT = {"single": 1, "double": 2, "corner": 2, "straight": 3}


def _cells_svg(foot, ax, ay, uid, cell, X, Y, letter, row, objects, cls, zen=False) -> str:
    """Squares of ``foot`` (relative to the object square, which is foot[0]) drawn with the object
    square at (X + ax*cell, Y + ay*cell); an outline around the whole piece."""
    parts = []
    cells = {(dx, dy) for dx, dy in foot}
    for dx, dy in foot:
        x, y = X + (dx + ax) * cell, Y + (dy + ay) * cell
        if (dx, dy) == (0, 0):
            fill = f"url(#{uid}-zen)" if zen else f"url(#{uid}-k{row % 6})"
            parts.append(f'<rect class="gk-msq" x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}" fill="{fill}"/>'
                         f'<text class="{"gk-mobj" if cell >= 30 else "gk-mtobj"}" x="{x + cell / 2:g}" '
                         f'y="{y + cell * .64:g}">{objects}{esc(letter)}</text>')
        else:
            parts.append(f'<rect class="gk-mgreen" x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}"/>')
    d = []
    for dx, dy in foot:
        x, y = X + (dx + ax) * cell, Y + (dy + ay) * cell
        if (dx, dy - 1) not in cells:
            d.append(f"M{x:g} {y:g}h{cell:g}")
        if (dx, dy + 1) not in cells:
            d.append(f"M{x:g} {y + cell:g}h{cell:g}")
        if (dx - 1, dy) not in cells:
            d.append(f"M{x:g} {y:g}v{cell:g}")
        if (dx + 1, dy) not in cells:
            d.append(f"M{x + cell:g} {y:g}v{cell:g}")
    parts.append(f'<path class="{cls}" d="{"".join(d)}"/>')
    return "".join(parts)


def _pick_value(selected) -> str | None:
    if selected is None:
        return None
    if isinstance(selected, str):
        return selected.upper() if selected[:1] in "zZ" else selected
    return str(selected)


def _display_parts(state, uid: str, X0: float, Y0: float, width: float, *, selected=None, rot: int = 0,
                   clickable: bool = True, cell: float = TILE_CELL) -> tuple[str, float, float]:
    """The face-up garden and Zen tiles, the bonus tiles left and the round: (svg, width, height)."""
    comps = state.components
    letters = comps.letters
    sel = _pick_value(selected)
    out = []
    r_text = "Display"
    if state.phase != "over":
        r_text += f" · bonsai holder (starts the round): Player {state.start + 1}"
    out.append(f'<text class="gk-mhead" x="{X0:g}" y="{Y0 + 12:g}">{esc(r_text)}</text>')
    y = Y0 + 20
    x = X0
    row_h = 3 * cell + 14  # every row of tiles is as tall as a triple standing up, numbers on one line
    used_w = 0
    items = [(t, False) for t in state.display] + [(z, True) for z in state.zen_display]
    if not items:
        msg = "no tiles face up" if state.phase != "deal" else "the round's tiles are being laid out"
        out.append(f'<text class="gk-tx" x="{X0:g}" y="{y + 14:g}">{esc(msg)}</text>')
        y += 22
    else:
        for tid, zen in items:
            if zen:
                ztile = comps.zen_tile(tid)
                slot, row, value = 1, comps.row_of(ztile.kind), f"Z{tid}"
                tip = f"Zen tile Z{tid}: 1 {ztile.kind}, goes on the bare board in row {row + 1}"
            else:
                tile = comps.tile(tid)
                slot, row, value = _SLOT.get(tile.shape, 3), comps.row_of(tile.kind), str(tid)
                tip = f"{tile.describe()}, for row {row + 1}"
            is_sel = value == sel
            w = slot * cell
            if x > X0 and x + w > X0 + width:
                x = X0
                y += row_h + 8
            floor = y + 3 * cell  # tiles stand on the row's floor, their number under it
            if zen:
                body = _cells_svg(((0, 0),), 0, 0, uid, cell, x, floor - cell, letters[row], row, 1, "gk-mtile", zen=True)
                label = f"Z{tid}"
            else:
                r = rot if is_sel else 0
                foot = tile.footprint(r)
                mx, my = min(c[0] for c in foot), min(c[1] for c in foot)
                bw = max(c[0] for c in foot) - mx + 1
                bh = max(c[1] for c in foot) - my + 1
                tx = x + (slot - bw) * cell / 2
                body = _cells_svg(foot, -mx, -my, uid, cell, tx, floor - bh * cell, letters[row], row, tile.objects,
                                  "gk-mtile")
                r = tile.canonical(r)
                label = f"{tid}" + (f" /{r}" if r else "")
            if clickable:
                hint = "picked: click a ticked square of your garden" if is_sel else "click to pick"
                attrs = f' data-pick="{value}"{pressed(is_sel)}'
                tip += f" ({hint})"
            else:
                attrs = ""
            cls = "gk-mtilepick gk-mpick" if clickable else "gk-mtilepick"
            if is_sel:
                cls += " gk-selected"
            top = floor - slot * cell
            bg = max(w + 6, 30)  # a single square is still a finger wide on a phone (the board scaled ~0.9)
            out.append(
                f'<g class="{cls}"{attrs}>{title(tip)}'
                f'<rect class="gk-lbg" x="{x + w / 2 - bg / 2:g}" y="{top - 3:g}" width="{bg:g}" height="{slot * cell + 20:g}" rx="4"/>'
                f'{body}<text class="gk-mtid" x="{x + w / 2:g}" y="{floor + 12:g}">{esc(label)}</text></g>'
            )
            x += max(w, 24) + 10
            used_w = max(used_w, x - X0)
        y += row_h + 6
    # the fifth-layer bonus tiles still there, and the Zen pile
    extra = f" · Zen pile: {len(state.zen_pile)} face down" if state.zen and state.phase != "over" else ""
    out.append(f'<text class="gk-tx" x="{X0:g}" y="{y + 12:g}" font-size="12">Layer-5 bonus tiles left'
               f'{"" if state.bonuses else ": none"}{esc(extra)}</text>')
    used_w = max(used_w, 7 * (24 + len(extra)))
    y += 18
    x = X0
    for kind in state.bonuses:
        if x > X0 and x + 46 > X0 + width:
            x, y = X0, y + 22
        row = comps.row_of(kind)
        pts = comps.bonus[row]
        out.append(
            f'<g class="gk-mbonus" data-kind="{esc(kind)}">'
            f'{title(f"{kind} bonus tile: {pts} points for the first {kind} tile placed on layer 5")}'
            f'<rect class="gk-mbg" x="{x:g}" y="{y:g}" width="46" height="18" rx="3"/>'
            f'<rect class="gk-mbadge" x="{x + 2:g}" y="{y + 2:g}" width="14" height="14" rx="2" fill="url(#{uid}-k{row % 6})"/>'
            f'<text class="gk-mtobj" x="{x + 9:g}" y="{y + 13:g}">{esc(letters[row])}</text>'
            f'<text x="{x + 20:g}" y="{y + 13:g}">{pts}</text></g>'
        )
        x += 50
        used_w = max(used_w, x - X0)
    if state.bonuses:
        y += 22
    return "".join(out), used_w, y - Y0


def render_display(state, selected=None, rot: int = 0, *, clickable: bool = True, uid: str | None = None,
                   width: float = 560) -> SvgStr:
    """The round's face-up tiles (each ``data-pick="<tile id>"``, Zen tiles ``data-pick="Z4"``), the picked
    one highlighted and drawn turned ``rot`` degrees; the fifth-layer bonus tiles left; the round and
    who holds the bonsai."""
    uid = uid or new_uid()
    body, w, h = _display_parts(state, uid, 6, 4, width, selected=selected, rot=rot, clickable=clickable)
    return _document(max(w, 200) + 12, h + 8, body, uid, label="Miyabi display")


# ----- status ------------------------------------------------------------------------------------
def status_line(view) -> str:
    """What is happening, in words (who is to do what), of a :class:`~gardenkit.core.view.View`."""
    state = view.state
    p = view.to_act
    if p is None:
        o = view.outcome
        if o is None:
            return "Game over"
        if len(o.winners) == 1:
            return f"Game over: Player {o.winners[0] + 1} wins with {o.scores[o.winners[0]]} points"
        names = " and ".join(f"Player {w + 1}" for w in o.winners)
        return f"Game over: {names} share the win with {o.scores[o.winners[0]]} points"
    r = f"Round {state.round} of {state.rounds}"
    if not isinstance(p, int):
        if state.phase == "deal":
            return f"{r}: the round's tiles come out of the box"
        return f"{r}: a Zen tile is turned face up"
    who = f"Player {p + 1}"
    if state.phase == "frog_start":
        return f"{who}: put your frog on a square of your garden"
    if state.phase == "after":
        return f"{r}: {who}, move your frog one step, or end the turn"
    frog = " (or move the frog first)" if state.frog and not state.frog_moved and state.frogs[p] is not None else ""
    return f"{r}: {who} to pick a tile and place it{frog}"


def _scores_text(state) -> str:
    return "Scores  " + "   ".join(f"P{i + 1}: {v}" for i, v in enumerate(state.scores))


_BUTTON_TEXT = {"pass": "pass (nothing fits)", "end": "end turn"}
_BUTTON_TIP = {"pass": "no tile fits your garden: pass for the rest of this round",
               "end": "end your turn without moving the frog"}


def _button(X: float, Y: float, text: str, attrs: str, tip: str, cls: str = "gk-btn") -> tuple[str, float]:
    w = 7.2 * len(text) + 22
    return (f'<g class="{cls}"{attrs}>{title(tip)}<rect x="{X:g}" y="{Y:g}" width="{w:g}" height="28" rx="6"/>'
            f'<text x="{X + w / 2:g}" y="{Y + 18:g}" text-anchor="middle">{esc(text)}</text></g>'), w


# ----- the clickable board ---------------------------------------------------------------------
def render_board(view, *, selected=None, rot: int = 0, spots=(), marked: str | None = None,
                 header: str | None = None, clickable: bool = True, uid: str | None = None, version: int = 0,
                 style: bool = True, patterns: bool = True, targets=None,
                 cell: float = CELL, display_width: float = 340) -> SvgStr:
    """The interactive board of ``view.viewer`` (``rules.view(state, player)``): a status line and
    the scores; on the left the garden
    (the drawing's body, between :data:`~gardenkit.render.svg.BODY_START` and ``BODY_END``; its
    place and markup depend on the state only); on the right the display (``data-pick``) and the
    buttons; then, over the garden, the spots, the frog targets and the ghost of the picked tile.

    ``selected``: the picked tile id (or ``"Z4"``), drawn turned ``rot`` in the display and as the
    ghost (``.gk-ghost``, which the front end moves onto the spot under the mouse).
    ``spots``: the picked tile's :class:`~gardenkit.Target` values (``rules.targets(state, (tile,
    rot))``, ``at`` the object square): a legal one is ``rect.gk-spot`` with a ``+N`` badge when it
    scores, a refused one a grey ``×`` (``g.gk-spot.gk-illegal``, the whole square its tap area); both carry ``data-action``.
    ``targets``: what is offered without a pick (default on a clickable board: ``view.offered``,
    ``rules.targets(state)`` when the viewer is to act): frog squares (``at=(x, y)``, dashed circles) and
    buttons (``at=()``: ``pass``, ``end``). ``marked``: a spot, frog move or button to ring. A
    ``data-ui="rotate"`` button turns the picked tile. ``clickable=False``: a picture (no data-*
    targets).
    """
    s = view.state
    player = view.viewer
    comps = s.components
    uid = uid or new_uid()
    small = cell < 30
    to_act = view.mine
    if targets is None:
        targets = view.offered if clickable else ()
    status = header or status_line(view)
    parts = [f'<text class="gk-tx gk-status" x="8" y="18" font-weight="bold">{esc(status)}</text>',
             f'<text class="gk-tx gk-scores-line" x="8" y="36" font-size="12">{esc(_scores_text(s))}</text>']
    # the garden on the left, at a place that depends on nothing else: it is the drawing's body,
    # which a pick or a turn leaves alone, so the widget sends it only when it changed and the
    # front end keeps its DOM
    ox, oy = 8, 44
    garden, gw, gh = _garden_parts(s.gardens[player], comps, uid, cell, ox, oy, lanterns=s.lanterns[player],
                                   frog=s.frogs[player] if s.frog else None, zen_scored=s.zen_scored[player],
                                   small=small, player=player)
    # the display and the buttons on the right (under the garden where the board has little room:
    # a phone, see reflow)
    dx = ox + gw + 18
    side = len(parts)
    disp, dw, dh = _display_parts(s, uid, dx, oy, display_width, selected=selected, rot=rot, clickable=clickable)
    parts.append(disp)
    top = oy + dh + 4
    # buttons: turn the picked tile, and pass / end where the engine allows them
    bx = dx
    sel = _pick_value(selected)
    turns = (sel is not None and sel.isdigit() and int(sel) in s.display
             and len(comps.tile(int(sel)).rotations) > 1)  # a single or a Zen tile lies one way only
    if clickable and s.phase == "turn" and turns and to_act:
        on = " gk-on" if rot % 360 else ""
        text = f"⟳ turn 90° (now {rot % 360}°)"
        b, w = _button(bx, top, text, ' data-ui="rotate"', "turn the picked tile a quarter turn clockwise",
                       "gk-btn" + on)
        parts.append(b)
        bx += w + 8
    for note in (t.action for t in targets if not t.at):
        b, w = _button(bx, top, _BUTTON_TEXT.get(note, note), f' data-action="{esc(note)}"', _BUTTON_TIP.get(note, note),
                       "gk-btn" + (" gk-marked gk-on" if note == marked else ""))
        parts.append(b)
        bx += w + 8
    if bx > dx:
        top += 36
    if s.phase == "over":  # the final scoring, row by row, where the display was
        table, tw, th = final_table(view, uid, dx, top)
        parts.append(table)
        dw, top = max(dw, tw), top + th + 8
    parts[side:] = [reflow("".join(parts[side:]), ox - dx, gh + 10)]
    parts.append(f"{BODY_START}{garden}{BODY_END}")
    gx, gy = _garden_geometry(cell, small, True, ox, oy)
    px = lambda x: gx + x * cell  # noqa: E731
    py = lambda y: gy + y * cell  # noqa: E731
    # the ghost of the picked tile, its object square at the origin (the spot's transform moves it)
    defs = []
    ghost = None
    sel = _pick_value(selected)
    if sel is not None and s.phase == "turn":
        if sel.startswith("Z") and sel[1:].isdigit() and int(sel[1:]) in s.zen_display:
            z = comps.zen_tile(int(sel[1:]))
            row = comps.row_of(z.kind)
            ghost = _cells_svg(((0, 0),), 0, 0, uid, cell, 0, 0, comps.letters[row], row, 1, "gk-mtile gk-prop", zen=True)
        elif sel.isdigit() and int(sel) in s.display:
            t = comps.tile(int(sel))
            row = comps.row_of(t.kind)
            ghost = _cells_svg(t.footprint(rot % 360), 0, 0, uid, cell, 0, 0, comps.letters[row], row, t.objects,
                               "gk-mtile gk-prop")
    if ghost is not None:
        defs.append(f'<g id="{uid}-gh" class="gk-mghost">{ghost}</g>')
    parts += spot_marks(spots, px, py, cell, marked, uid=uid, ghost=ghost is not None, clickable=clickable,
                        cross_dy=13)
    r = cell * .2
    for target in targets:
        if not target.at:
            continue
        x, y = target.at
        note = target.action
        cls = "gk-frog-target" + (" gk-marked" if note == marked else "")
        act = f' data-action="{esc(note)}"' if clickable else ""  # a picture: nothing to click
        # the ring drawn in the square's top-right corner (a tile may be placed on the same square:
        # the rest of it is the tile's spot); its tap area (unseen) that corner's FROG_TAP square
        parts.append(f'<g class="{cls}"{act}>{hit(px(x) + cell - FROG_TAP, py(y), FROG_TAP, FROG_TAP)}'
                     f'<circle class="gk-frog-ring" cx="{px(x) + cell - r - 2:g}" cy="{py(y) + r + 2:g}" r="{r:g}"/></g>')
    if ghost is not None:
        parts.append(f'<use class="gk-ghost" href="#{uid}-gh" visibility="hidden"/>')
    body = "".join(parts)
    if defs:
        body = f"<defs>{''.join(defs)}</defs>" + body
    width = max(dx + max(dw, display_width) + 8, bx + 8, 7.5 * len(status) + 16)
    return _document(width, max(oy + gh, top) + 8, body, uid, label=status, attrs=f' data-version="{version}"', style=style,
                     patterns=patterns)


# ----- a whole state ---------------------------------------------------------------------------------
def render_state(view, *, cell: float = 34, small_cell: float = SMALL_CELL) -> SvgStr:
    """A whole position (``rules.view(state)``): the status, scores, the display and every garden
    (the player to act, or player 1, large; the others small). After the game, the final scoring
    table too."""
    s = view.state
    uid = new_uid()
    comps = s.components
    status = status_line(view)
    parts = [f'<text class="gk-tx" x="6" y="18" font-weight="bold">{esc(status)}</text>',
             f'<text class="gk-tx" x="6" y="36" font-size="12">{esc(_scores_text(s))}</text>']
    disp, dw, dh = _display_parts(s, uid, 6, 44, 620, clickable=False)
    parts.append(disp)
    y = 44 + dh + 6
    p = view.to_act
    main = p if isinstance(p, int) else 0
    order = [main] + [q for q in range(s.players) if q != main]
    x, hmax = 6, 0
    for q in order:
        c = cell if q == main else small_cell
        small = c < 30
        mark = " ◀ to play" if q == p else ""
        parts.append(f'<text class="gk-mhead" x="{x:g}" y="{y + 12:g}">Player {q + 1}{mark}</text>')
        g, w, h = _garden_parts(s.gardens[q], comps, uid, c, x, y + 18, lanterns=s.lanterns[q],
                                frog=s.frogs[q] if s.frog else None, zen_scored=s.zen_scored[q], small=small, player=q)
        parts.append(g)
        hmax = max(hmax, h + 18)
        x += max(w, 110) + 18
    width = max(x, dw + 20, 7.5 * len(status) + 16)
    height = y + hmax + 6
    if s.phase == "over":
        table, tw, th = final_table(view, uid, 6, height + 4)
        parts.append(table)
        width, height = max(width, tw + 12), height + th + 10
    return _document(width, height, "".join(parts), uid, label=status)


# ----- the final scoring -------------------------------------------------------------------------------
_TIED = {"miyabi.end.tie_first", "miyabi.end.tie_second"}


def _row_results(lines):
    """{subject ("row 3"): (place word, points, line)} of the engine's final lines that place a
    player in a row's contest (``line.rank``), and the other lines."""
    rows, other = {}, []
    for line in lines:
        if line.rank is not None and line.subject is not None:
            word = ("tied " if line.rule in _TIED else "") + {1: "1st", 2: "2nd"}.get(line.rank, f"#{line.rank}")
            rows[line.subject] = (word, line.points, line)
        else:
            other.append(line)
    return rows, other


def final_table(view, uid: str, X0: float = 6, Y0: float = 4) -> tuple[str, float, float]:
    """The final-scoring table of ``view.finals`` as an SVG fragment at (X0, Y0): (svg, width,
    height). See :func:`render_final`."""
    s = view.state
    comps = s.components
    n = s.players
    finals = list(view.finals)
    if len(finals) != n:
        raise ValueError("a final-scoring table draws the view's final lines: "
                         "give rules.view(state, finals=True) before the end")
    per = [_row_results(ls) for ls in finals]
    label_w, col_w, row_h = 150, 150, 34
    out = ['<g class="gk-final gk-ftab">']
    y = Y0
    out.append(f'<text class="gk-fh" x="{X0:g}" y="{y + 14:g}">Final scoring'
               f'{"" if s.phase == "over" else " (if the game ended now)"}</text>')
    y += 24
    out.append(f'<text class="gk-fh" x="{X0:g}" y="{y + 14:g}">row (1st / 2nd)</text>')
    for p in range(n):
        X = X0 + label_w + p * col_w
        out.append(f'<text class="gk-fh" x="{X + col_w / 2:g}" y="{y + 14:g}" text-anchor="middle">Player {p + 1}</text>'
                   f'<text class="gk-fnote" x="{X + 6:g}" y="{y + 28:g}">objects</text>'
                   f'<text class="gk-fnote" x="{X + 44:g}" y="{y + 28:g}">place, points</text>')
    y += 32
    for r, kind in enumerate(comps.kinds):
        first, second = comps.row_values[r]
        out.append(f'<g class="gk-frow" data-row="{r + 1}">'
                   f'<rect class="gk-mbadge" x="{X0:g}" y="{y + 8:g}" width="16" height="16" rx="2" '
                   f'fill="url(#{uid}-k{r % 6})"/>'
                   f'<text class="gk-mtobj" x="{X0 + 8:g}" y="{y + 20:g}">{esc(comps.letters[r])}</text>'
                   f'<text x="{X0 + 22:g}" y="{y + 21:g}">{r + 1} {esc(kind)} ({first} / {second})</text>')
        for p in range(n):
            count = s.gardens[p].row_objects(r)
            res = per[p][0].get(f"row {r + 1}")
            X = X0 + label_w + p * col_w
            cls = "gk-fcell" if res is None else ("gk-fsecond" if res[2].rank == 2 else "gk-ffirst")
            tip = f"Player {p + 1}, row {r + 1}: {count} visible {kind if count == 1 or kind == 'fish' else kind + 's'}"
            tip += f"; {res[2].text}: +{res[1]}" if res else "; no points for this row"
            word = f"{res[0]} +{res[1]}" if res else "—"
            out.append(f'<g class="gk-fres" data-player="{p}" data-count="{count}" data-points="{res[1] if res else 0}">'
                       f"{title(tip)}"
                       f'<rect class="{cls}" x="{X + 2:g}" y="{y + 2:g}" width="{col_w - 4:g}" height="{row_h - 4:g}" rx="3"/>'
                       f'<text class="gk-fpts" x="{X + 10:g}" y="{y + 22:g}">{count}</text>'
                       f'<text x="{X + 44:g}" y="{y + 22:g}">{esc(word)}</text></g>')
        out.append("</g>")
        y += row_h
    # the expansions' lines, one table row per rule
    rules_order = []
    for _, other in per:
        for line in other:
            if line.rule not in rules_order:
                rules_order.append(line.rule)
    names = {"miyabi.colorful.group": "Colorful Garden", "miyabi.meadow.group": "Big Meadow",
             "miyabi.seven.lines": "7!"}
    for option, rule in (("colorful", "miyabi.colorful.group"), ("meadow", "miyabi.meadow.group"),
                         ("seven", "miyabi.seven.lines")):
        if getattr(s, option) and rule not in rules_order:
            rules_order.append(rule)  # in play, though nobody scores it (7!: no line of exactly 7)
    for rule in rules_order:
        out.append(f'<g class="gk-frow" data-rule="{esc(rule)}">'
                   f'<text x="{X0:g}" y="{y + 21:g}">{esc(names.get(rule, rule))}</text>')
        for p in range(n):
            lines = [ln for ln in per[p][1] if ln.rule == rule]
            pts = sum(ln.points for ln in lines)
            X = X0 + label_w + p * col_w
            note = "; ".join(ln.text for ln in lines) or "nothing"
            short = "; ".join(ln.subject or ln.text for ln in lines) or "nothing"
            short = short if len(short) <= 26 else short[:25] + "…"
            out.append(f'<g class="gk-fres" data-player="{p}" data-points="{pts}">{title(note)}'
                       f'<rect class="gk-fcell" x="{X + 2:g}" y="{y + 2:g}" width="{col_w - 4:g}" height="{row_h - 4:g}" rx="3"/>'
                       f'<text class="gk-fpts" x="{X + 8:g}" y="{y + 17:g}">+{pts}</text>'
                       f'<text class="gk-fnote" x="{X + 8:g}" y="{y + 28:g}">{esc(short)}</text></g>')
        out.append("</g>")
        y += row_h
    # totals
    final_sums = [sum(ln.points for ln in ls) for ls in finals]
    if s.phase == "over":
        before = [s.scores[p] - final_sums[p] for p in range(n)]
    else:
        before = list(s.scores)
    for key, what, values in (("final", "final scoring", final_sums), ("before", "points from placing", before),
                              ("total", "total", [b + f for b, f in zip(before, final_sums)])):
        bold = ' class="gk-fh"' if key == "total" else ""
        out.append(f'<g class="gk-frow gk-ftotal" data-total="{key}">'
                   f'<text{bold} x="{X0:g}" y="{y + 17:g}">{what}</text>')
        for p in range(n):
            X = X0 + label_w + p * col_w
            out.append(f'<text class="gk-fpts" data-player="{p}" x="{X + col_w / 2:g}" y="{y + 17:g}" '
                       f'text-anchor="middle">{values[p]}</text>')
        out.append("</g>")
        y += 24
    out.append("</g>")
    return "".join(out), label_w + n * col_w, y - Y0


def render_final(view) -> SvgStr:
    """The final scoring as a table: for each row, each player's visible objects with the majority
    result and its points (the engine's ``rules.final_lines``, in ``view.finals``), then the
    expansions' lines, the final sum, the points from placing and the total. Before the end,
    ``rules.view(state, finals=True)`` shows the scoring as if the game ended now."""
    uid = new_uid()
    body, w, h = final_table(view, uid, 6, 4)
    return _document(w + 12, h + 10, body, uid, label="Miyabi final scoring")


# ----- one piece, large, its parts named ---------------------------------------------------------------
def component_svg(components=None, tile: int | None = None) -> SvgStr:
    """One garden tile drawn large with its parts named (the object square, the plain green
    squares, the tile's number and what it may be laid on): the picture early in the dashboard.
    ``tile``: its number (default: the first corner triple of ``components``, the shipped set
    by default). A part whose data is reconstructed says so.

    >>> svg = component_svg()
    >>> 'class="gk-svg gk-component"' in svg and "object square" in svg and "(reconstructed)" in svg
    True
    """
    from .labels import Part, labelled

    comps = components or default_components()
    t = comps.tile(tile) if tile is not None else next((x for x in comps.tiles if x.shape == "corner"), comps.tiles[0])
    uid = new_uid()
    cell, X, Y = 84, 30, 52
    foot = t.footprint(0)
    ax, ay = -min(dx for dx, _ in foot), -min(dy for _, dy in foot)
    row = comps.row_of(t.kind)
    letter = comps.letters[row]
    body = _cells_svg(foot, ax, ay, uid, cell, X, Y, letter, row, t.objects, "gk-mtile")
    w = (max(dx for dx, _ in foot) + ax + 1) * cell
    h = (max(dy for _, dy in foot) + ay + 1) * cell
    centre = lambda dx, dy: (X + (dx + ax + .5) * cell, Y + (dy + ay + .5) * cell)  # noqa: E731
    ox, oy = centre(0, 0)
    parts = [Part(ox, oy - cell * .3, f"the object square: {t.objects} {t.kind}, with the row letter {letter}; it must "
                  f"lie in the {t.kind} row, row {row + 1} (miyabi.place.row)", t.source)]
    greens = [d for d in foot if d != (0, 0)]
    if greens:
        gx, gy = centre(*greens[0])
        parts.append(Part(gx, gy, f"{'a plain green square' if len(greens) == 1 else f'{len(greens)} plain green squares'}"
                          ": any row, any column (miyabi.place.green)", t.source))
    parts.append(Part(X + 4, Y + h - 4, f"the whole tile ({t.describe()}): on the bare board or wholly on "
                      "earlier tiles, one layer higher (miyabi.place.layer)", t.source))
    return labelled(body, (X, Y, w, h), parts, uid=uid, game="miyabi", heading=f"A Miyabi garden tile: tile {t.id}",
                    document=lambda width, height, b, u, label: _document(width, height, b, u, label=label))
