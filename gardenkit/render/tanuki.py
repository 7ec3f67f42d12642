"""Tanuki in the Garden as SVG: the garden board, path tiles, monks, Tanuki, stashes and tokens,
the dice, every player's hand and Shiitake, the clickable board with its preview of the monks'
walks, and whole states.

Pure functions of what they are given, returning :class:`~gardenkit.render.svg.SvgStr`: a
position's drawings take a :class:`~gardenkit.core.view.View`, the rules' one answer for a
drawing (``rules.view(state, player, (tile, turn))``): what can be clicked and why not (a tile of
the hand and its turn, or nothing picked: a start place, a direction on a 5, chase, a card,
``decline`` …), what is being decided, what a seat may see of the others' hands and cards and
their known Shiitake. Where every monk would end and what it would gain (``rules.walks``) is
handed in. Nothing is decided or asked here: no rules object, no rules module.

The board is drawn as ``gardenkit`` reads it (``READINGS.md``, marked ``reconstructed`` in the
component file): the **blue** numbers 1-6 run along the columns, left to right, the **gold**
numbers 1-6 down the rows; the four sides are labelled 1 (top), 2 (right), 3 (bottom), 4 (left).
Each path carries its symbol drawn as a shape, so it never reads by colour alone: a **Shiitake**
is a mushroom (cap and stem), a **Tanuki Den** a dark hill with a minus, an **Ashi-magari** a
diamond with a tendril. Monks are discs in their player's colour carrying the player's number,
with an arrow into the space they face; the Tanuki are masked faces with ears, lettered B (blue)
and G (gold); a stash is a brown counter with its number in the space's top-right corner, a trap
a net with its owner's number (bottom-left), a rock garden grey stones over the whole space.

>>> from gardenkit.games.tanuki import TanukiRules
>>> from gardenkit.games.tanuki.setups import position
>>> rules = TanukiRules()
>>> s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"}, tanuki=("b1g4", None),
...              hands={0: (5, 9, 12)})
>>> svg = render_board(rules.view(s, 0, (5, 0)), walks=rules.walks(s, "5@b3g2"), preview="5@b3g2")
>>> 'data-action="5@b3g2"' in svg and 'data-pick="9"' in svg and 'data-tanuki="blue"' in svg
True
>>> 'class="gk-twalk"' in svg          # the preview: where player 1's monk would walk
True
>>> render_state(rules.view(s)).startswith("<svg")
True
"""
from __future__ import annotations

import math
from functools import lru_cache

from ..games.tanuki.actions import BaitCard, Direction, Discard, Enter, MoveCard, Place, ShiftCard, Start, parse
from ..games.tanuki.board import PORTS, SIZE, TANUKI, space_name
from ..games.tanuki.components import SYMBOL_NAMES
from .svg import (BODY_END, BODY_START, SvgStr, esc, game_document, hit, new_uid, phone_grow, phone_size, pressed, reflow_under,
                  refused_mark, spot_marks, title)

__all__ = [
    "component_svg",
    "PLAYER_COLOURS", "TANUKI_COLOURS", "TANUKI_CSS", "card_choices", "card_of", "offered", "render_board", "render_hand", "render_state",
    "render_tile", "status_line", "tanuki_defs", "tanuki_pattern_defs", "walk_lines",
]

CELL = 64  # a space of the board
MARGIN = 56  # round the board: start places, the blue/gold numbers, the side labels
HAND_CELL = 56  # a tile in the hand
COLUMN_W = 340  # the column beside the board
#: the column's width under the board on a phone: the board and its margins, less the left margin
PHONE_COLUMN_W = SIZE * CELL + 2 * MARGIN - 2
#: the least width and height of what a finger taps (a start place, a path end, an arrow, a chip, a
#: button), in drawing units: a mark drawn smaller gets an unseen tap area (``svg.hit``) this big. On a
#: phone (390 px) the board, about 506 wide with its column under it, is shown ~360 px wide (~0.71):
#: 38 is ~27 CSS px, over the 24 the phone test asks
TAP = 38
#: a status line longer than this is drawn on two lines (or more): the board's width, so a phone
#: does not shrink the whole board to fit one long line
STATUS_CHARS = 64
#: player colours (the player's number is written on the monk too)
#: (each dark enough for the white number on a monk: at least 4.5:1)
PLAYER_COLOURS = ("#c0392b", "#0e7a65", "#7d3c98", "#b84a00", "#2c3e50", "#c2185b", "#6d4c41", "#5d7c12")
TANUKI_COLOURS = {"blue": "#1f5fbf", "gold": "#d4a017"}
BLUE_INK, GOLD_INK = "#1f5fbf", "#7a5600"  # the numbers' inks: 5:1 and more on the board's frame

#: each path end A-H of a space, in units of the space (0-1), and the direction into the space
PORT_UV = ((1 / 3, 0), (2 / 3, 0), (1, 1 / 3), (1, 2 / 3), (2 / 3, 1), (1 / 3, 1), (0, 2 / 3), (0, 1 / 3))
INWARD = ((0, 1), (0, 1), (-1, 0), (-1, 0), (0, -1), (0, -1), (1, 0), (1, 0))
SIDE_MID = {1: ((0.5, 0), (0, -1)), 2: ((1, 0.5), (1, 0)), 3: ((0.5, 1), (0, 1)), 4: ((0, 0.5), (-1, 0))}
#: where a Tanuki sits in its space (blue top-left, gold bottom-right: both fit on one space)
TANUKI_SPOT = {"blue": (0.27, 0.28), "gold": (0.73, 0.72)}

TEXT = "var(--gk-ink,#2b2b2b)"  # text on the page's background: follows JupyterLab's theme (render.svg.THEME_CSS)
TEXT2 = "var(--gk-ink2,#555)"

TANUKI_CSS = (
    f".gk-ttx{{font:12px sans-serif;fill:{TEXT}}}.gk-ttxb{{font:bold 12px sans-serif;fill:{TEXT}}}"
    f".gk-tsmall{{font:11px sans-serif;fill:{TEXT2}}}.gk-thead{{font:bold 13px sans-serif;fill:{TEXT}}}"
    ".gk-tboard{fill:#e9dcbc;stroke:#7d6b55;stroke-width:1.5}"
    ".gk-tspace{fill:#efe4c8;stroke:#b9a883;stroke-width:.8}"
    ".gk-tname{font:9px sans-serif;fill:#6b5d3f;text-anchor:middle;pointer-events:none}"
    ".gk-tground{fill:#a7cd8b;stroke:#6f9458;stroke-width:.8}"
    ".gk-tpathbg{fill:none;stroke:#8a7a5c;stroke-width:8;stroke-linecap:butt}"
    ".gk-tpath{fill:none;stroke:#f4ecd6;stroke-width:5.2;stroke-linecap:butt}"
    ".gk-tblue{font:bold 13px sans-serif;fill:#1f5fbf;text-anchor:middle}"
    ".gk-tgold{font:bold 13px sans-serif;fill:#7a5600;text-anchor:middle}"
    ".gk-tside{font:bold 11px sans-serif;fill:#5a5040;text-anchor:middle}"
    ".gk-tframe{fill:#f3ead3;stroke:#c9b994;stroke-width:1}"
    ".gk-tmonkc{stroke:#1d1d1b;stroke-width:1.4}"
    ".gk-tnum{font:bold 10px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}"
    ".gk-ttanl{font:bold 8px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}.gk-ttanl.gk-tdark{fill:#1d1d1b}"
    ".gk-tstashr{fill:#fff8e6;stroke:#8d4a17;stroke-width:1.4}"
    ".gk-tstasht{font:bold 11px sans-serif;fill:#5a2e0c;text-anchor:middle;pointer-events:none}"
    ".gk-ttrapr{fill:#fff6e0;stroke:#8b1e1e;stroke-width:1.6}.gk-ttrapn{stroke:#8b1e1e;stroke-width:.9}"
    ".gk-ttrapt{font:bold 8px sans-serif;fill:#8b1e1e;text-anchor:middle}"
    ".gk-trockr{fill:#cfcac0;stroke:#6d665c;stroke-width:1.4}.gk-trocks{fill:#8d877c;stroke:#5d574d}"
    ".gk-tghost{opacity:.82;pointer-events:none}"
    ".gk-twalk{fill:none;stroke-width:6;stroke-opacity:.62;stroke-linecap:round;stroke-linejoin:round;"
    "pointer-events:none}"
    ".gk-twalk.gk-tcur{stroke-width:9;stroke-opacity:.9}"
    ".gk-tend{fill:#fff;stroke-width:2.4;stroke-dasharray:3 2;pointer-events:none}"
    ".gk-tcrash{fill:#d0021b;stroke:#fff;stroke-width:1.2;pointer-events:none}"
    ".gk-tcrasht{font:bold 11px sans-serif;fill:#d0021b;paint-order:stroke;stroke:#fff;stroke-width:3px;"
    "pointer-events:none}"
    ".gk-tport{cursor:pointer}.gk-tportc{fill:rgba(255,255,255,.55);stroke:#1f6f43;stroke-width:3}"
    ".gk-tport:hover .gk-tportc{fill:rgba(255,214,102,.7);stroke:#b07d00}"
    ".gk-tport.gk-marked .gk-tportc{stroke:#d18f00;stroke-width:4}"
    ".gk-tport.gk-tpreview .gk-tportc{fill:rgba(255,214,102,.55)}"
    ".gk-tportl{font:bold 9px sans-serif;fill:#1f6f43;text-anchor:middle;pointer-events:none}"
    ".gk-tstart{cursor:pointer}.gk-tstartc{fill:rgba(255,255,255,.5);stroke:#1f6f43;stroke-width:2.4;stroke-dasharray:4 2}"
    ".gk-tstart:hover .gk-tstartc{fill:rgba(255,214,102,.8);stroke:#b07d00}"
    ".gk-tstart.gk-marked .gk-tstartc{stroke:#d18f00;stroke-width:4}"
    ".gk-tarrowb{cursor:pointer}.gk-tarrowb path{stroke:#1d1d1b;stroke-width:1.2}"
    ".gk-tarrowb:hover path{fill:#ffd666}.gk-tarrowb.gk-marked path{stroke:#d18f00;stroke-width:3}"
    ".gk-tarrowt{font:bold 10px sans-serif;fill:#1d1d1b;text-anchor:middle;pointer-events:none;paint-order:stroke;"
    "stroke:#fff;stroke-width:2.5px}"
    ".gk-tchip{cursor:pointer}.gk-tchip rect{fill:#fff;stroke:#1f6f43;stroke-width:1.6}"
    ".gk-tchip:hover rect{fill:#ffe9a8}.gk-tchip.gk-marked rect{stroke:#d18f00;stroke-width:3}"
    ".gk-tchip text{font:bold 9px sans-serif;fill:#1d1d1b;text-anchor:middle;pointer-events:none}"
    ".gk-tchip.gk-illegal rect{stroke:#9a9a9a;stroke-dasharray:3 2}"
    ".gk-thand{cursor:default}.gk-thand.gk-tpickable{cursor:pointer}"
    ".gk-thandf{fill:none;stroke:transparent;stroke-width:3}"
    ".gk-tpickable:hover .gk-thandf{stroke:#b07d00}"
    ".gk-tpicked .gk-thandf{stroke:#d18f00;stroke-width:4}"
    ".gk-tdiscard .gk-thandf{stroke:#8b1e1e;stroke-dasharray:5 3;stroke-width:3}"
    ".gk-tback{fill:#4e6b3c;stroke:#3f5a30;stroke-width:1.2}"
    ".gk-tbackt{font:bold 14px sans-serif;fill:#e8f0dc;text-anchor:middle}"
    ".gk-tdie{stroke:#1d1d1b;stroke-width:1.2}.gk-tdiet{font:bold 16px sans-serif;text-anchor:middle}"
    ".gk-tcard{fill:#fffdf5;stroke:#6b5a45;stroke-width:1.1}"
    ".gk-tnow{font-weight:bold}"
    ".gk-btn.gk-illegal rect{fill:#f1f1f1;stroke:#9a9a9a;stroke-dasharray:4 2}.gk-btn.gk-illegal text{fill:#5e5e5e}"
    ".gk-btn.gk-marked rect{stroke:#d18f00;stroke-width:3}"
    # on a phone (board.js marks the drawing gk-narrow when it is wider than its room and says the
    # scale it is shown at as --gk-scale, ~0.71 on a 390 px phone) the board's labels are drawn to
    # read at 9 px and more, and its small marks (Tanuki, monks) larger; never smaller than drawn
    f'svg.gk-narrow[data-game="tanuki"] :is(.gk-tname,.gk-tportl,.gk-tchip text,.gk-ttrapt){{font-size:{phone_size(9)}}}'
    f'svg.gk-narrow[data-game="tanuki"] :is(.gk-tarrowt,.gk-badge){{font-size:{phone_size(10)}}}'
    f'svg.gk-narrow[data-game="tanuki"] :is(.gk-tside,.gk-tstasht,.gk-tcrasht){{font-size:{phone_size(11)}}}'
    f'svg.gk-narrow[data-game="tanuki"] .gk-ttanuki{{{phone_grow(1.15)}}}'
    f'svg.gk-narrow[data-game="tanuki"] :is(.gk-tmonk,.gk-tendg){{{phone_grow(0.92)}}}'
)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _n(v: float) -> str:
    return f"{round(v, 1):g}"


def _name(names, q: int) -> str:
    return names[q] if names is not None and q < len(names) else f"Player {q + 1}"


def colour(q: int) -> str:
    return PLAYER_COLOURS[q % len(PLAYER_COLOURS)]


def card_of(notation: str) -> str | None:
    """The Garden Master card a move plays, read from its notation (``play move: blue toward 3``
    -> ``"move"``), or None.

    >>> card_of("play move: blue toward 3"), card_of("play fast"), card_of("chase")
    ('move', 'fast', None)
    """
    if not notation.startswith("play "):
        return None
    return notation[5:].split(":", 1)[0].strip()


# ----- definitions: the three symbols ---------------------------------------------------------
def tanuki_defs(uid: str) -> str:
    """The symbols ``#{uid}-shiitake``, ``-den``, ``-ashi``: one shape each, about 15 px wide."""
    return (
        f'<g id="{uid}-shiitake"><path d="M-7.5 1.5A7.5 6.5 0 0 1 7.5 1.5Z" fill="#b5651d" stroke="#4a2409" '
        'stroke-width="1.1"/><circle cx="-2.6" cy="-1.6" r="1.1" fill="#f3e2c0"/><circle cx="2.4" cy="-2.4" r=".9" '
        'fill="#f3e2c0"/><rect x="-2.4" y="1.5" width="4.8" height="5.6" rx="1.6" fill="#f3e2c0" stroke="#4a2409" '
        'stroke-width="1.1"/></g>'
        f'<g id="{uid}-den"><path d="M-8 6.5L0-7 8 6.5Z" fill="#3b2a1a" stroke="#120b05" stroke-width="1"/>'
        '<path d="M-3.2 2.6H3.2" stroke="#fff" stroke-width="1.8"/></g>'
        f'<g id="{uid}-ashi"><path d="M0-8L8 0 0 8-8 0Z" fill="#7b3fa0" stroke="#2e0f45" stroke-width="1"/>'
        '<path d="M-4 1.5C-3-2 -1 -2 0 0S3 2 4-1.5" fill="none" stroke="#fff" stroke-width="1.5" '
        'stroke-linecap="round"/></g>'
    )


def tanuki_pattern_defs(uid: str) -> str:
    """The symbols of drawing ``uid`` in an invisible ``<svg>``, kept once in a widget's page."""
    return (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"<defs>{tanuki_defs(uid)}</defs></svg>")


def _document(width, height, body, uid, *, label, attrs="", style=True, patterns=True) -> SvgStr:
    # (data-game: the phone's larger labels in TANUKI_CSS are Tanuki's only, whatever else the page shows)
    return game_document(width, height, body, uid, label=label, attrs=' data-game="tanuki"' + attrs, style=style,
                         defs=tanuki_defs(uid) if patterns else "", css=TANUKI_CSS)


# ----- geometry of a space's path ends ---------------------------------------------------------
def _port_xy(X: float, Y: float, port: int, cell: float) -> tuple[float, float]:
    u, v = PORT_UV[port]
    return X + u * cell, Y + v * cell


def _path_d(X: float, Y: float, a: int, b: int, cell: float) -> str:
    """One path from end ``a`` to end ``b`` of the space at (X, Y): a curve leaving each end
    straight into the space."""
    (ax, ay), (bx, by) = _port_xy(X, Y, a, cell), _port_xy(X, Y, b, cell)
    k = 0.42 * cell
    (na, ma), (nb, mb) = INWARD[a], INWARD[b]
    return (f"M{_n(ax)} {_n(ay)}C{_n(ax + na * k)} {_n(ay + ma * k)} {_n(bx + nb * k)} {_n(by + mb * k)} "
            f"{_n(bx)} {_n(by)}")


def _bezier(a: int, b: int, t: float) -> tuple[float, float]:
    (ax, ay), (bx, by) = PORT_UV[a], PORT_UV[b]
    (na, ma), (nb, mb) = INWARD[a], INWARD[b]
    k = 0.42
    pts = ((ax, ay), (ax + na * k, ay + ma * k), (bx + nb * k, by + mb * k), (bx, by))
    u = 1 - t
    w = (u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3)
    return sum(c * p[0] for c, p in zip(w, pts)), sum(c * p[1] for c, p in zip(w, pts))


@lru_cache(maxsize=4096)
def _symbol_spots(paths: tuple) -> tuple[tuple[float, float], ...]:
    """Where each path's symbol goes (in units of the space): along the path, as far from the
    symbols already placed as it takes to keep them apart."""
    placed: list[tuple[float, float]] = []
    for a, b, _sym in paths:
        cands = [_bezier(a, b, t) for t in (0.5, 0.36, 0.64, 0.26, 0.74, 0.18, 0.82)]
        best = None
        for c in cands:
            if all(math.dist(c, p) >= 0.27 for p in placed):
                best = c
                break
        if best is None:
            best = max(cands, key=lambda c: min(math.dist(c, p) for p in placed))
        placed.append(best)
    return tuple(placed)


def _tile_markup(tile, rot: int, X: float, Y: float, cell: float, uid: str, *, cls: str = "gk-ttile",
                 attrs: str = "", tip: bool = True) -> str:
    """A path tile turned ``rot`` with its top-left corner at (X, Y): the green ground, its four
    paths and one symbol on each (``data-ends``: the two ends, ``data-symbol``)."""
    paths = tile.paths(rot)
    d = "".join(_path_d(X, Y, a, b, cell) for a, b, _s in paths)
    scale = cell / CELL
    out = [f'<g class="{cls}"{attrs}>']
    if tip:
        out.append(title(tile.describe(rot)))
    out.append(f'<rect class="gk-tground" x="{_n(X)}" y="{_n(Y)}" width="{_n(cell)}" height="{_n(cell)}"/>'
               f'<path class="gk-tpathbg" d="{d}" style="stroke-width:{_n(8 * scale)}"/>'
               f'<path class="gk-tpath" d="{d}" style="stroke-width:{_n(5.2 * scale)}"/>')
    sc = "" if abs(scale - 1) < 1e-9 else f" scale({_n(scale)})"
    for (a, b, sym), (u, v) in zip(paths, _symbol_spots(tuple(paths))):
        ends = "".join(sorted((PORTS[a], PORTS[b])))
        out.append(f'<use class="gk-tsym" href="#{uid}-{sym}" data-symbol="{sym}" data-ends="{ends}" '
                   f'transform="translate({_n(X + u * cell)} {_n(Y + v * cell)}){sc}"/>')
    out.append("</g>")
    return "".join(out)


# ----- the board -----------------------------------------------------------------------------------
def _board_body(s, uid: str, BX: float, BY: float, cell: float) -> str:
    """What changes least: the frame, numbers, side labels, spaces, tiles, stashes, traps and rocks."""
    comps = s.components
    W = SIZE * cell
    M = MARGIN - 2
    out = [f'<g class="gk-tgarden"><rect class="gk-tframe" x="{_n(BX - M)}" y="{_n(BY - M)}" width="{_n(W + 2 * M)}" '
           f'height="{_n(W + 2 * M)}" rx="10"/><rect class="gk-tboard" x="{_n(BX - 6)}" y="{_n(BY - 6)}" '
           f'width="{_n(W + 12)}" height="{_n(W + 12)}" rx="6"/>']
    for k in range(SIZE):
        cx, cy = BX + (k + 0.5) * cell, BY + (k + 0.5) * cell
        out.append(f'<text class="gk-tblue" data-blue="{k + 1}" x="{_n(cx)}" y="{_n(BY - 27)}">{k + 1}</text>'
                   f'<text class="gk-tblue" x="{_n(cx)}" y="{_n(BY + W + 38)}">{k + 1}</text>'
                   f'<text class="gk-tgold" data-gold="{k + 1}" x="{_n(BX - 33)}" y="{_n(cy + 5)}">{k + 1}</text>'
                   f'<text class="gk-tgold" x="{_n(BX + W + 33)}" y="{_n(cy + 5)}">{k + 1}</text>')
    mid = BX + W / 2
    out.append(f'<text class="gk-tside" data-side="1" x="{_n(mid)}" y="{_n(BY - 40)}">side 1 ▲</text>'
               f'<text class="gk-tside" data-side="3" x="{_n(mid)}" y="{_n(BY + W + 51)}">side 3 ▼</text>'
               f'<text class="gk-tside" data-side="2" transform="translate({_n(BX + W + 42)} {_n(BY + W / 2)}) '
               f'rotate(90)">side 2 ▲</text>'
               f'<text class="gk-tside" data-side="4" transform="translate({_n(BX - 42)} {_n(BY + W / 2)}) '
               f'rotate(-90)">side 4 ▲</text>')
    for y in range(SIZE):
        for x in range(SIZE):
            X, Y = BX + x * cell, BY + y * cell
            cellv = s.board[y * SIZE + x]
            name = space_name(x, y)
            if cellv is None:
                out.append(f'<rect class="gk-tspace" data-space="{name}" x="{_n(X)}" y="{_n(Y)}" width="{_n(cell)}" '
                           f'height="{_n(cell)}"/><text class="gk-tname" x="{_n(X + cell / 2)}" '
                           f'y="{_n(Y + cell / 2 + 3)}">{name}</text>')
            else:
                t, rot = cellv
                out.append(_tile_markup(comps.tile(t), rot, X, Y, cell, uid,
                                        attrs=f' data-space="{name}" data-tile="{t}" data-rot="{rot}"'))
    for i, n in enumerate(s.stash):
        if n:
            x, y = i % SIZE, i // SIZE
            X, Y = BX + x * cell, BY + y * cell
            out.append(f'<g class="gk-tstash" data-space="{space_name(x, y)}" data-stash="{n}">'
                       f"{title(_stash_tip(n, x, y))}"
                       f'<rect class="gk-tstashr" x="{_n(X + cell - 31)}" y="{_n(Y + 2)}" width="29" height="17" rx="4"/>'
                       f'<use href="#{uid}-shiitake" transform="translate({_n(X + cell - 22)} {_n(Y + 10)}) scale(.75)"/>'
                       f'<text class="gk-tstasht" x="{_n(X + cell - 9)}" y="{_n(Y + 14.5)}">{n}</text></g>')
    for tx, ty, owner in s.traps:
        X, Y = BX + tx * cell, BY + ty * cell
        x0, y0 = X + 3, Y + cell - 21
        net = "".join(f"M{_n(x0 + k * 4.5)} {_n(y0)}v18M{_n(x0)} {_n(y0 + k * 4.5)}h18" for k in range(1, 4))
        out.append(f'<g class="gk-ttrap" data-space="{space_name(tx, ty)}" data-owner="{owner}">'
                   f"{title(f'Player {owner + 1} set a Tanuki Trap on {space_name(tx, ty)}')}"
                   f'<rect class="gk-ttrapr" x="{_n(x0)}" y="{_n(y0)}" width="18" height="18" rx="2"/>'
                   f'<path class="gk-ttrapn" d="{net}"/>'
                   f'<text class="gk-ttrapt" x="{_n(x0 + 9)}" y="{_n(y0 - 2)}">P{owner + 1}</text></g>')
    for rx, ry in s.rocks:
        X, Y = BX + rx * cell, BY + ry * cell
        out.append(f'<g class="gk-trock" data-space="{space_name(rx, ry)}">'
                   f"{title(f'a rock garden on {space_name(rx, ry)}: no tile and no Tanuki goes here until it is cleared')}"
                   f'<rect class="gk-trockr" x="{_n(X + 5)}" y="{_n(Y + 5)}" width="{_n(cell - 10)}" '
                   f'height="{_n(cell - 10)}" rx="12"/>'
                   f'<ellipse class="gk-trocks" cx="{_n(X + cell * .36)}" cy="{_n(Y + cell * .42)}" rx="9" ry="6"/>'
                   f'<ellipse class="gk-trocks" cx="{_n(X + cell * .64)}" cy="{_n(Y + cell * .6)}" rx="7" ry="5"/>'
                   f'<ellipse class="gk-trocks" cx="{_n(X + cell * .4)}" cy="{_n(Y + cell * .7)}" rx="4" ry="3"/></g>')
    out.append("</g>")
    return "".join(out)


def _stash_tip(n: int, x: int, y: int) -> str:
    return f"{_plural(n, 'Shiitake')} left on {space_name(x, y)} by a Tanuki: the next monk to enter this tile takes them"


def _monk_spot(m, BX, BY, cell) -> tuple[float, float, float, float]:
    """Where a monk is drawn, and the direction it faces (into the space in front)."""
    if m[0] == "edge":
        _k, x, y, side = m
        (u, v), (dx, dy) = SIDE_MID[side]
        X, Y = BX + (x + u) * cell, BY + (y + v) * cell
        return X + dx * 15, Y + dy * 15, -dx, -dy
    _k, x, y, port = m
    px, py = _port_xy(BX + x * cell, BY + y * cell, port, cell)
    nx, ny = INWARD[port]
    return px - nx * 9, py - ny * 9, nx, ny


def _monk_words(m) -> str:
    if m is None:
        return "off the board"
    if m[0] == "edge":
        return f"on its start place, side {m[3]} of {space_name(m[1], m[2])}"
    return f"facing {space_name(m[1], m[2])} (enters by {PORTS[m[3]]})"


def _monk_notation(m) -> str:
    if m[0] == "edge":
        return f"{space_name(m[1], m[2])} side {m[3]}"
    return f"{space_name(m[1], m[2])} {PORTS[m[3]]}"


def _monk_markup(q: int, m, BX, BY, cell, names=None) -> str:
    cx, cy, dx, dy = _monk_spot(m, BX, BY, cell)
    tip = f"{_name(names, q)}'s monk, {_monk_words(m)}"
    # an arrow in front of the disc, into the space it faces
    ax, ay = cx + dx * 9, cy + dy * 9
    px, py = -dy, dx
    arrow = (f"M{_n(ax + dx * 6)} {_n(ay + dy * 6)}L{_n(ax + px * 4.5)} {_n(ay + py * 4.5)}"
             f"L{_n(ax - px * 4.5)} {_n(ay - py * 4.5)}Z")
    return (f'<g class="gk-tmonk" data-player="{q}" data-monk="{_monk_notation(m)}">{title(tip)}'
            f'<path d="{arrow}" fill="{colour(q)}" stroke="#1d1d1b" stroke-width=".8"/>'
            f'<circle class="gk-tmonkc" cx="{_n(cx)}" cy="{_n(cy)}" r="8.5" fill="{colour(q)}"/>'
            f'<text class="gk-tnum" x="{_n(cx)}" y="{_n(cy + 3.6)}">{q + 1}</text></g>')


def _tanuki_markup(which: str, x: int, y: int, BX, BY, cell) -> str:
    u, v = TANUKI_SPOT[which]
    cx, cy = BX + (x + u) * cell, BY + (y + v) * cell
    col = TANUKI_COLOURS[which]
    return (f'<g class="gk-ttanuki" data-tanuki="{which}" data-space="{space_name(x, y)}">'
            f"{title(f'the {which} Tanuki on {space_name(x, y)}')}"
            f'<path d="M{_n(cx - 11)} {_n(cy - 4)}l2.5-10 7.5 5.5ZM{_n(cx + 11)} {_n(cy - 4)}l-2.5-10-7.5 5.5Z" '
            f'fill="{col}" stroke="#1d1d1b" stroke-width="1.1"/>'
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="11.5" fill="{col}" stroke="#1d1d1b" stroke-width="1.4"/>'
            f'<ellipse cx="{_n(cx)}" cy="{_n(cy - 2)}" rx="9" ry="3.8" fill="#2b2118"/>'
            f'<circle cx="{_n(cx - 3.6)}" cy="{_n(cy - 2)}" r="1.3" fill="#fff"/>'
            f'<circle cx="{_n(cx + 3.6)}" cy="{_n(cy - 2)}" r="1.3" fill="#fff"/>'
            f'<text class="gk-ttanl{"" if which == "blue" else " gk-tdark"}" x="{_n(cx)}" y="{_n(cy + 8.5)}">'
            f'{"B" if which == "blue" else "G"}</text></g>')


def _pieces_d(pieces, BX, BY, cell) -> str:
    return "".join(_path_d(BX + x * cell, BY + y * cell, a, b, cell) for x, y, a, b, *_rest in pieces)


def _walk_markup(w, BX, BY, cell, names=None, upto: int | None = None, current: int | None = None) -> str:
    """One monk's walk traced on the board in its colour (the first ``upto`` pieces, the
    ``current`` one thicker), where it ends (a dashed disc), a crash or a loop marked."""
    pieces = w.pieces if upto is None else w.pieces[:upto]
    col = colour(w.player)
    summary = " ".join(f"{space_name(x, y)}:{PORTS[a]}-{PORTS[b]}" for x, y, a, b, _s in pieces)
    out = []
    if pieces:
        out.append(f'<path class="gk-twalk" data-player="{w.player}" data-pieces="{summary}" stroke="{col}" '
                   f'd="{_pieces_d(pieces, BX, BY, cell)}"/>')
    if current is not None and 0 <= current < len(w.pieces):
        out.append(f'<path class="gk-twalk gk-tcur" data-player="{w.player}" stroke="{col}" '
                   f'd="{_pieces_d(w.pieces[current:current + 1], BX, BY, cell)}"/>')
    done = upto is None or upto >= len(w.pieces)
    if not done:
        return "".join(out)
    if w.result == "stop" and w.end is not None:
        cx, cy, _dx, _dy = _monk_spot(("at",) + tuple(w.end), BX, BY, cell)
        end = f"{space_name(w.end[0], w.end[1])} {PORTS[w.end[2]]}"
        out.append(f'<g class="gk-tendg" data-player="{w.player}" data-end="{end}" data-result="stop">'
                   f"{title(f'{_name(names, w.player)} would stop here, facing {space_name(w.end[0], w.end[1])}')}"
                   f'<circle class="gk-tend" cx="{_n(cx)}" cy="{_n(cy)}" r="9" stroke="{col}"/>'
                   f'<text class="gk-tnum" x="{_n(cx)}" y="{_n(cy + 3.6)}" style="fill:{col}">{w.player + 1}</text></g>')
    elif w.result == "crash" and w.pieces:
        x, y, _a, b, _s = w.pieces[-1]
        cx, cy = _port_xy(BX + x * cell, BY + y * cell, b, cell)
        star = "".join(f"{'M' if k == 0 else 'L'}{_n(cx + (11 if k % 2 == 0 else 5) * math.cos(k * math.pi / 6))} "
                       f"{_n(cy + (11 if k % 2 == 0 else 5) * math.sin(k * math.pi / 6))}" for k in range(12)) + "Z"
        who = _name(names, w.partner) if w.partner is not None else "another monk"
        out.append(f'<g class="gk-tcrashg" data-player="{w.player}" data-result="crash" data-partner="{w.partner}">'
                   f"{title(f'crash: {_name(names, w.player)} runs into {who}; both are sent back')}"
                   f'<path class="gk-tcrash" d="{star}"/>'
                   f'<text class="gk-tcrasht" x="{_n(cx + 10)}" y="{_n(cy - 8)}">crash</text></g>')
    elif w.result == "loop":
        x, y = (w.pieces[0][0], w.pieces[0][1]) if w.pieces else (w.start[0], w.start[1])
        cx, cy = BX + (x + .5) * cell, BY + (y + .5) * cell
        out.append(f'<g class="gk-tloopg" data-player="{w.player}" data-result="loop">'
                   f"{title(f'loop: {_name(names, w.player)} would walk round for ever; sent back, collects nothing')}"
                   f'<circle class="gk-tcrash" cx="{_n(cx)}" cy="{_n(cy)}" r="8"/>'
                   f'<text class="gk-tcrasht" x="{_n(cx + 10)}" y="{_n(cy - 8)}">loop</text></g>')
    return "".join(out)


def walk_lines(walks, names=None) -> tuple[str, ...]:
    """Each walk in words: who, every space crossed with its symbol (stashes are collected too),
    where it ends (or the crash, the loop) and what the walker gains or loses.

    >>> from gardenkit.games.tanuki.setups import position
    >>> s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"}, hands={0: (5, 9, 12)})
    >>> import gardenkit
    >>> walk_lines(gardenkit.make("tanuki").walks(s, "5@b3g2"))
    ('Player 1: b3g2 Shiitake → stops facing b2g2 (+1)',)
    """
    out = []
    for w in walks:
        crossed = ", ".join(f"{space_name(x, y)} {SYMBOL_NAMES[sym]}" for x, y, _a, _b, sym in w.pieces) or "nothing"
        if w.result == "crash":
            how = f"crashes into {_name(names, w.partner) if w.partner is not None else 'a monk'}'s monk: both sent back"
        elif w.result == "loop":
            how = "is in a LOOP: sent back, collects nothing"
        else:
            how = f"stops facing {space_name(*w.end[:2])}" if w.end else "stops"
        ashi = " · meets an Ashi-magari" if w.ashi else ""
        out.append(f"{_name(names, w.player)}: {crossed} → {how}{ashi} ({w.change:+d})")
    return tuple(out)


# ----- the clickable parts ----------------------------------------------------------------------------
#: a button is drawn 24 high and at least 44 wide; its tap area (``svg.hit``) is TAP high, 3 wider on
#: each side, centred: rows of buttons are BUTTON_ROW apart
BUTTON_ROW = TAP + 2


def _button(X: float, Y: float, text: str, attrs: str, tip: str, cls: str = "gk-btn") -> tuple[str, float]:
    w = max(6.9 * len(text) + 18, 44)
    pad = (TAP - 24) / 2
    return (f'<g class="{cls}"{attrs}>{title(tip)}{hit(round(X - 3, 1), round(Y - pad, 1), round(w + 6, 1), TAP)}'
            f'<rect x="{_n(X)}" y="{_n(Y)}" width="{_n(w)}" height="24" rx="6"/>'
            f'<text x="{_n(X + w / 2)}" y="{_n(Y + 16)}" text-anchor="middle" style="font-size:12px">{esc(text)}</text>'
            "</g>"), w


def _points_text(points) -> str:
    return "" if not points else f" ({points:+d})"


def _tip(t) -> str:
    if t.points is None:
        why = t.reason
        return f"{t.action}: refused, {why.text}" + (f" [{why.rule}]" if getattr(why, "rule", None) else "")
    return f"{t.action}" + (f": {t.points:+d} for you" if t.points else "")


def _start_hit(side: int, cx: float, cy: float) -> tuple[float, float, float, float]:
    """The tap area of a start place's ring at (cx, cy), centred on it: 46 along its side (start
    places are a space, 64, apart; the two at a corner stay apart), TAP across (the ring is 15
    outside the board's edge: the area reaches 4 into the board)."""
    along, across = 46, TAP
    if SIDE_MID[side][1][1]:  # side 1 (above) or 3 (below): along x
        return round(cx - along / 2, 1), round(cy - across / 2, 1), along, across
    return round(cx - across / 2, 1), round(cy - along / 2, 1), across, along


def _port_hit(X: float, Y: float, port: int, cell: float) -> tuple[float, float, float, float]:
    """The tap area of path end ``port`` of the space at (X, Y) (a monk on its start place sets off
    by one of the two ends of its side, a third of a space apart): the half of the side the end is
    on, reaching 6 past the space's corner, TAP deep from just outside the edge inward."""
    u, v = PORT_UV[port]
    nx, ny = INWARD[port]
    half = cell / 2 + 6
    lo = -6 if (u if ny else v) < 0.5 else cell / 2
    if ny:  # an end of the top (ny=1) or bottom side: the two lie along x
        y0 = Y - 4 if ny > 0 else Y + cell + 4 - TAP
        return round(X + lo, 1), round(y0, 1), half, TAP
    x0 = X - 4 if nx > 0 else X + cell + 4 - TAP
    return round(x0, 1), round(Y + lo, 1), TAP, half


def _arrow_markup(t, which: str, side: int, pos, BX, BY, cell, marked, clickable) -> str:
    """A direction for a Tanuki (a 5 on its die, or Move 1 Tanuki): an arrow by the Tanuki toward
    side ``side``, carrying the side's number, with what it gives the player beyond its tip."""
    x, y = pos
    u, v = TANUKI_SPOT[which]
    cx, cy = BX + (x + u) * cell, BY + (y + v) * cell
    (_mu, _mv), (dx, dy) = SIDE_MID[side]
    px, py = -dy, dx
    bx, by = cx + dx * 21, cy + dy * 21  # the base's middle
    tx, ty = cx + dx * 41, cy + dy * 41  # the tip
    # the tap area: a TAP square beyond the Tanuki's own (the four sides' squares do not overlap)
    hx, hy = cx + dx * TAP - TAP / 2, cy + dy * TAP - TAP / 2
    d = (f"M{_n(tx)} {_n(ty)}L{_n(bx + px * 10)} {_n(by + py * 10)}L{_n(bx - px * 10)} {_n(by - py * 10)}Z")
    cls = "gk-tarrowb" + (" gk-marked" if t.action == marked else "") + (" gk-illegal" if t.points is None else "")
    act = f' data-action="{esc(t.action)}"' if clickable else ""
    mx, my = cx + dx * 28, cy + dy * 28
    out = [f'<g class="{cls}"{act} data-tanuki="{which}" data-side="{side}">{title(_tip(t))}'
           f'{hit(round(hx, 1), round(hy, 1), TAP, TAP)}'
           f'<path d="{d}" fill="{TANUKI_COLOURS[which]}"/>'
           f'<text class="gk-tarrowt" x="{_n(mx)}" y="{_n(my + 3.5)}">{side}</text>']
    if t.points:
        out.append(f'<text class="gk-tarrowt" x="{_n(tx + dx * 9)}" y="{_n(ty + dy * 9 + 3.5)}">{t.points:+d}</text>')
    out.append("</g>")
    return "".join(out)


def _chip_label(a) -> str:
    if isinstance(a, ShiftCard):
        return f"{a.rot}°"
    if isinstance(a, BaitCard):
        return "gold"
    text = str(a)
    kind = card_of(text)
    return kind if kind else text.split(" ")[0]


def _classify(s, targets):
    """Sort the targets into where the board draws them (each read with the actions' ``parse``)."""
    starts, ports, spaces, arrows, discards, chips, buttons = [], [], [], [], {}, {}, []
    for t in targets:
        try:
            a = parse(t.action)
        except ValueError:
            buttons.append((t, None))
            continue
        if isinstance(a, Start):
            starts.append((t, a))
        elif isinstance(a, (Place, Enter)) and (isinstance(a, Enter) or a.port != -1):
            ports.append((t, a))
        elif isinstance(a, Place):
            spaces.append(t)
        elif isinstance(a, (Direction, MoveCard)) and s.tanuki[TANUKI.index(a.tanuki)] is not None:
            arrows.append((t, a))
        elif isinstance(a, Discard):
            discards[a.tile] = t
        elif t.at and len(t.at) == 2:
            chips.setdefault(tuple(t.at), []).append((t, a))
        else:
            buttons.append((t, a))
    # several choices on one space (Shifting Paths' three turns) cannot each be a finger wide in it:
    # they are buttons in the column, named by their space
    for at in [at for at, group in chips.items() if len(group) > 1]:
        buttons += chips.pop(at)
    return starts, ports, spaces, arrows, discards, chips, buttons


def _targets_markup(s, targets, BX, BY, cell, *, marked, clickable, preview, pick_spaces=()) -> str:
    starts, ports, spaces, arrows, _discards, chips, _buttons = _classify(s, targets)
    out = []
    px = lambda x: BX + x * cell  # noqa: E731
    py = lambda y: BY + y * cell  # noqa: E731
    out += spot_marks([t for t in spaces if t.points is not None], px, py, cell, marked, clickable=clickable)
    for t in spaces:  # a refused one: a grey × that says why (the engine's refusal, its rule)
        if t.points is None:
            x, y = t.at
            act = f' data-action="{esc(t.action)}"' if clickable else ""
            out.append(refused_mark(act, (px(x), py(y), cell, cell), px(x) + 8, py(y) + 16, tip=title(_tip(t))))
    for t in spaces:  # a loss is shown too (spot_marks badges gains only)
        if t.points is not None and t.points < 0:
            x, y = t.at
            out.append(f'<text class="gk-badge" transform="translate({_n(px(x))} {_n(py(y))})" x="11" y="14.5" '
                       f'style="stroke:#8b1e1e">{t.points}</text>')
    for t, a in starts:
        cx, cy, _dx, _dy = _monk_spot(("edge", a.x, a.y, a.side), BX, BY, cell)
        cls = "gk-tstart" + (" gk-marked" if t.action == marked else "")
        act = f' data-action="{esc(t.action)}"' if clickable else ""
        out.append(f'<g class="{cls}"{act}>{title(_tip(t))}{hit(*_start_hit(a.side, cx, cy))}'
                   f'<circle class="gk-tstartc" cx="{_n(cx)}" cy="{_n(cy)}" r="9"/></g>')
    for t, a in ports:
        fx, fy = t.at if t.at else (s.monks[s.active][1], s.monks[s.active][2])
        port = a.port
        qx, qy = _port_xy(px(fx), py(fy), port, cell)
        nx, ny = INWARD[port]
        cx, cy = qx + nx * 10, qy + ny * 10
        act = f' data-action="{esc(t.action)}"' if clickable else ""
        if t.points is None:
            out.append(refused_mark(act, _port_hit(px(fx), py(fy), port, cell), cx - 4, cy + 4, tip=title(_tip(t))))
            continue
        cls = "gk-tport" + (" gk-marked" if t.action == marked else "") + (" gk-tpreview" if t.action == preview else "")
        out.append(f'<g class="{cls}"{act}>{title(_tip(t))}{hit(*_port_hit(px(fx), py(fy), port, cell))}'
                   f'<circle class="gk-tportc" cx="{_n(cx)}" cy="{_n(cy)}" r="9"/>'
                   f'<text class="gk-tportl" x="{_n(cx)}" y="{_n(cy + 3)}">{PORTS[port]}</text></g>')
    for t, a in arrows:
        side = a.side
        which = a.tanuki
        out.append(_arrow_markup(t, which, side, s.tanuki[TANUKI.index(which)], BX, BY, cell, marked, clickable))
    for (x, y), group in chips.items():
        out += _chips(group, px(x), py(y), cell, marked, clickable)
    for x, y, value, label in pick_spaces:  # tapped anywhere on its space
        out.append(f'<g class="gk-tchip" data-pick="{esc(value)}">{title(label)}'
                   f'{hit(px(x) + 2, py(y) + 2, cell - 4, cell - 4)}'
                   f'<rect x="{_n(px(x) + 6)}" y="{_n(py(y) + cell / 2 - 9)}" width="{_n(cell - 12)}" height="18" rx="4"/>'
                   f'<text x="{_n(px(x) + cell / 2)}" y="{_n(py(y) + cell / 2 + 3.5)}">{esc(label.split(":")[0])}</text></g>')
    return "".join(out)


def _chips(group, X, Y, cell, marked, clickable) -> list[str]:
    """The choices on one space, as small labelled buttons stacked in it; a space's only choice is
    tapped anywhere on the space (several on one space are buttons in the column: ``_classify``)."""
    out = []
    h = min(16, (cell - 6) / len(group) - 2)
    for k, (t, a) in enumerate(group):
        y = Y + 3 + k * (h + 2)
        cls = "gk-tchip" + (" gk-marked" if t.action == marked else "") + (" gk-illegal" if t.points is None else "")
        act = f' data-action="{esc(t.action)}"' if clickable else ""
        area = hit(X + 2, Y + 2, cell - 4, cell - 4) if len(group) == 1 else ""
        out.append(f'<g class="{cls}"{act}>{title(_tip(t))}{area}<rect x="{_n(X + 8)}" y="{_n(y)}" width="{_n(cell - 16)}" '
                   f'height="{_n(h)}" rx="3"/><text x="{_n(X + cell / 2)}" y="{_n(y + h / 2 + 3.2)}">'
                   f"{esc(_chip_label(a))}{esc(_points_text(t.points))}</text></g>")
    return out


# ----- the column beside the board ----------------------------------------------------------------------
def _dice_parts(s, X, Y) -> tuple[str, float]:
    out = [f'<text class="gk-ttxb" x="{_n(X)}" y="{_n(Y + 12)}">Dice</text>']
    if s.dice is None:
        out.append(f'<text class="gk-tsmall" x="{_n(X + 40)}" y="{_n(Y + 12)}">not rolled yet this turn</text>')
        y = Y + 20
    else:
        for k, (which, v) in enumerate(zip(TANUKI, s.dice)):
            dx = X + 40 + k * 44
            ink = "#fff" if which == "blue" else "#1d1d1b"
            out.append(f'<g class="gk-tdieg" data-die="{which}" data-value="{v}">{title(f"the {which} die shows {v}")}'
                       f'<rect class="gk-tdie" x="{_n(dx)}" y="{_n(Y)}" width="30" height="30" rx="6" '
                       f'fill="{TANUKI_COLOURS[which]}"/>'
                       f'<text class="gk-tdiet" x="{_n(dx + 15)}" y="{_n(Y + 21)}" fill="{ink}">{v}</text></g>')
        y = Y + 36
    off = [w for w, pos in zip(TANUKI, s.tanuki) if pos is None]
    if off:
        out.append(f'<text class="gk-tsmall" data-off="{" ".join(off)}" x="{_n(X)}" y="{_n(y + 10)}">'
                   f"{esc(' and '.join(off).capitalize())} Tanuki off the board (placed by the next roll)</text>")
        y += 16
    return "".join(out), y - Y


def _scores_parts(s, seen, X, Y, known, names, now) -> tuple[str, float]:
    out = [f'<text class="gk-ttxb" x="{_n(X)}" y="{_n(Y + 12)}">Shiitake (target {s.target}; supply {s.supply})</text>']
    y = Y + 20
    for q in range(s.players):
        tiles = len(seen.hands[q])
        cards = len(seen.cards[q]) if seen.cards else 0
        total = "?" if known[q] is None else str(known[q])
        extra = f" · {_plural(tiles, 'tile')}" + (f" · {_plural(cards, 'card')}" if s.garden_master else "")
        held = f"{seen.shiitake[q]} Shiitake" + (f" + cards → {total}" if s.garden_master else "")
        mark = " ◀" if q == now else ""
        cls = "gk-ttx gk-tnow" if q == now else "gk-ttx"
        # the name on one line, what the player holds under it (one line would run past the column)
        out.append(f'<g class="gk-tscore" data-player="{q}" data-score="{total}" data-shiitake="{seen.shiitake[q]}">'
                   f'<circle cx="{_n(X + 7)}" cy="{_n(y + 7)}" r="7" fill="{colour(q)}" stroke="#1d1d1b"/>'
                   f'<text class="gk-tnum" x="{_n(X + 7)}" y="{_n(y + 10.5)}">{q + 1}</text>'
                   f'<text class="{cls}" x="{_n(X + 20)}" y="{_n(y + 11)}">{esc(_name(names, q))}{mark}</text>'
                   f'<text class="gk-tsmall" x="{_n(X + 20)}" y="{_n(y + 25)}">{esc(held)}{esc(extra)}</text></g>')
        y += 32
    return "".join(out), y - Y


def _hand_parts(seen, q, X, Y, uid, *, cell=HAND_CELL, selected=None, rot=0, pickable=False, discards=None,
                marked=None, clickable=True, heading=None, hint: str = "") -> tuple[str, float]:
    """Player ``q``'s tiles: each drawn as it is (the picked one turned as it would be laid), face
    down (a back with ``?``) where the view hides it; ``data-pick`` on each when it may be picked,
    ``data-action="discard N"`` when it may be discarded."""
    comps = seen.components
    hand = seen.hands[q]
    out = []
    top = Y
    if heading:
        out.append(f'<text class="gk-ttxb" x="{_n(X)}" y="{_n(Y + 12)}">{esc(heading)}</text>')
        Y += 18
    if hint:  # what to do with the hand, on a line of its own
        out.append(f'<text class="gk-tsmall gk-thint" x="{_n(X)}" y="{_n(Y + 10)}">{esc(hint)}</text>')
        Y += 16
    discards = discards or {}
    if not hand:
        out.append(f'<text class="gk-tsmall" x="{_n(X)}" y="{_n(Y + 12)}">no tiles</text>')
        return "".join(out), (Y - top) + 18
    for k, t in enumerate(hand):
        x = X + k * (cell + 10)
        if t == 0:
            out.append(f'<g class="gk-thand gk-tfacedown" data-hand="{q}" data-tile="0">{title("a tile, face down")}'
                       f'<rect class="gk-tback" x="{_n(x)}" y="{_n(Y)}" width="{_n(cell)}" height="{_n(cell)}" rx="4"/>'
                       f'<text class="gk-tbackt" x="{_n(x + cell / 2)}" y="{_n(Y + cell / 2 + 5)}">?</text></g>')
            continue
        r = rot if t == selected else 0
        cls = "gk-thand"
        attrs = f' data-hand="{q}" data-tile="{t}" data-rot="{r}"'
        d = discards.get(t)
        if d is not None and clickable:
            cls += " gk-tdiscard gk-tpickable"
            attrs += f' data-action="{esc(d.action)}"'
        elif pickable and clickable:
            cls += " gk-tpickable"
            attrs += f' data-pick="{t}"{pressed(t == selected)}'
        if t == selected:
            cls += " gk-tpicked"
        if d is not None and d.action == marked:
            cls += " gk-tpicked"
        out.append(f'<g class="{cls}"{attrs}>{title(comps.tile(t).describe(r))}')
        out.append(_tile_markup(comps.tile(t), r, x, Y, cell, uid, cls="gk-thandt", tip=False))
        out.append(f'<rect class="gk-thandf" x="{_n(x - 2)}" y="{_n(Y - 2)}" width="{_n(cell + 4)}" '
                   f'height="{_n(cell + 4)}" rx="4"/>'
                   f'<text class="gk-tsmall" x="{_n(x + cell / 2)}" y="{_n(Y + cell + 13)}" text-anchor="middle">'
                   f"{t}{f' ↻{r}°' if r else ''}</text></g>")
    height = (Y - top) + cell + 18
    return "".join(out), height


def _cards_parts(s, seen, q, X, Y, *, card_targets, picked, clickable, width) -> tuple[str, float]:
    """Player ``q``'s Garden Master cards: a ``data-pick="card:<kind>"`` button for each card
    that may be played now (``card_targets``: kind -> its targets), the others as text."""
    comps = s.components
    cards = seen.cards[q] if seen.cards else ()
    out = [f'<text class="gk-ttxb" x="{_n(X)}" y="{_n(Y + 12)}">Your Garden Master cards '
           f"({len(cards)}; deck {len(s.deck) - s.unseen_cards})</text>"]
    x = X
    if not cards:
        out.append(f'<text class="gk-tsmall" x="{_n(X)}" y="{_n(Y + 30)}">none (buy one for 2 Shiitake at the end of '
                   "your turn)</text>")
        return "".join(out), 36
    y = Y + 16 + (TAP - 24) / 2  # the buttons' tap areas start under the heading
    seen_kinds = set()
    for kind in cards:
        if kind in seen_kinds:
            continue
        seen_kinds.add(kind)
        n = cards.count(kind)
        card = comps.card(kind) if kind != "hidden" else None
        label = (card.title if card else "face down") + (f" ×{n}" if n > 1 else "")
        tip = f"{card.title}: {card.text} (worth {card.worth} toward victory in hand)" if card else "a face-down card"
        playable = clickable and kind in card_targets
        cls = "gk-btn gk-tcardb" + (" gk-on" if kind == picked else "") + ("" if playable else " gk-illegal")
        attrs = f' data-card="{esc(kind)}"' + (f' data-pick="card:{esc(kind)}"{pressed(kind == picked)}' if playable else "")
        btn, w = _button(x, y, label, attrs, tip + (" — click to play it" if playable else ""), cls)
        if x > X and x + w > X + width:
            x, y = X, y + BUTTON_ROW
            btn, w = _button(x, y, label, attrs, tip + (" — click to play it" if playable else ""), cls)
        out.append(btn)
        x += w + 6
    return "".join(out), y + 24 + (TAP - 24) / 2 + 2 - Y


def _buttons_parts(buttons, X, Y, width, *, marked, clickable, extra=()) -> tuple[str, float]:
    """Buttons for the targets drawn nowhere on the board (go, chase, pass, decline, buy, a card …)
    and the ``extra`` ones (label, attrs, tip, class), wrapped to ``width``."""
    items = []
    for t, _a in buttons:
        cls = "gk-btn gk-ttarget" + (" gk-marked gk-on" if t.action == marked else "") + \
              (" gk-illegal" if t.points is None else "")
        act = f' data-action="{esc(t.action)}"' if clickable else ""
        items.append((t.action + _points_text(t.points), act, _tip(t), cls))
    items += list(extra)
    out = []
    pad = (TAP - 24) / 2  # the tap area reaches this far above and below a button
    x, y = X, Y + pad
    for label, attrs, tip, cls in items:
        _b, w = _button(0, 0, label, attrs, tip, cls)
        if x > X and x + w > X + width:
            x, y = X, y + BUTTON_ROW
        btn, w = _button(x, y, label, attrs, tip, cls)
        out.append(btn)
        x += w + 6
    return "".join(out), (y + 24 + pad + 2 - Y) if items else 0


def _status_lines(status: str) -> list[str]:
    """The status cut into lines of at most :data:`STATUS_CHARS` (at spaces); each line but the last
    keeps its space, so the lines joined are the status.

    >>> _status_lines("short")
    ['short']
    >>> "".join(_status_lines("word " * 20 + "end")) == "word " * 20 + "end"
    True
    """
    lines = _wrap(status, STATUS_CHARS)
    return [line + " " for line in lines[:-1]] + lines[-1:]


def _status_text(lines) -> str:
    """The status line(s): one ``text.gk-status`` (its text is the whole status), a line per tspan."""
    spans = "".join(f'<tspan x="8" dy="{0 if k == 0 else 17}">{esc(line)}</tspan>' for k, line in enumerate(lines))
    return f'<text class="gk-thead gk-status" x="8" y="18">{spans if len(lines) > 1 else esc(lines[0])}</text>'


def _wrap(text: str, width: int) -> list[str]:
    words, lines, cur = text.split(" "), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


def _text_block(lines, X, Y, *, cls="gk-ttx", width=54, attrs="") -> tuple[str, float]:
    out = [f'<g class="gk-tblock"{attrs}>']
    y = Y
    for k, line in enumerate(lines):
        for j, part in enumerate(_wrap(line, width)):
            c = cls if j == 0 else cls
            out.append(f'<text class="{c}" x="{_n(X + (0 if j == 0 else 10))}" y="{_n(y + 12)}">{esc(part)}</text>')
            y += 15
    out.append("</g>")
    return "".join(out), y - Y


def offered(view, *, card: str | None = None) -> tuple:
    """What a board offers to click, from its :class:`~gardenkit.core.view.View`
    (``rules.view(state, player, (tile, turn))``): in the tile phase with a tile picked, its
    placements (``view.targets``); then every other target (``view.offered``), where on your own
    turn a Garden Master card's moves are offered only once that card is picked (``card``); an
    answer on someone else's turn (a Repellant, The Best Offense) always is.

    >>> import gardenkit
    >>> from gardenkit.games.tanuki.setups import position
    >>> s = position(hands={0: (5, 9, 12)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"})
    >>> [t.action for t in offered(gardenkit.make("tanuki").view(s, 0, (5, 0)))]
    ['5@b3g1 from A', '5@b3g1 from B']
    """
    if view.to_act is None:
        return ()
    kind = view.decision
    out = view.targets if view.selection is not None and kind == "tile" else ()
    rest = tuple(t for t in view.offered
                 if kind not in ("pre", "tile") or card_of(t.action) is None or card_of(t.action) == card)
    return tuple(out) + rest


def card_choices(view) -> dict:
    """Garden Master card -> its legal targets now (``view.offered``), for the player to act on their
    own turn (before the roll or in the tile phase); empty otherwise.

    >>> import gardenkit
    >>> from gardenkit.games.tanuki.setups import position
    >>> s = position(hands={0: (5, 9, 12)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"}, stage="pre",
    ...              garden_master=True, cards={0: ("fast", "basket")})
    >>> {k: [t.action for t in v] for k, v in card_choices(gardenkit.make("tanuki").view(s, 0)).items()}
    {'fast': ['play fast']}
    """
    if view.to_act is None or view.decision not in ("pre", "tile"):
        return {}
    out: dict = {}
    for t in view.offered:
        kind = card_of(t.action)
        if kind is not None and t.points is not None:
            out.setdefault(kind, []).append(t)
    return {k: tuple(v) for k, v in out.items()}


# ----- status ---------------------------------------------------------------------------------------------
def status_line(view, names=None) -> str:
    """What is happening, in words (whose decision and what it is, as ``rules.decision`` names it),
    of a :class:`~gardenkit.core.view.View`."""
    s = view.state
    p = view.to_act
    if p is None:
        o = view.outcome
        if o is None:
            return "Game over"
        who = " and ".join(_name(names, w) for w in o.winners)
        verb = "share the win" if len(o.winners) > 1 else "wins"
        return f"Game over: {who} {verb} with {o.scores[o.winners[0]]} Shiitake"
    turn = f"Turn {s.turn}" if s.turn else "Set-up"
    kind = view.decision
    if kind == "chance":
        return {"deal": "Set-up: the path tiles are dealt", "place": "Set-up: the Tanuki are placed by the dice",
                "roll": f"{turn}: {_name(names, s.active)} rolls the Tanuki dice",
                "roll2": f"{turn}: the dice are rolled again to place the other Tanuki",
                "draw": f"{turn}: {_name(names, s.active)} draws tiles",
                "carddraw": f"{turn}: {_name(names, s.active)} draws the bought card"}.get(s.stage, turn)
    who = _name(names, p)
    data = s.pending[0][2] if s.pending else None
    if kind == "counter" and s.cardstack:
        q, text = s.cardstack[-1]
        return f"{turn}: {who} may answer {_name(names, q)}'s “{text}” with The Best Offense (or decline)"
    if kind == "react" and s.event is not None:
        which, x, y, how = s.event[:4]
        verb = "land on" if how == "land" else "pass through"
        return (f"{turn}: the {which} Tanuki is about to {verb} {space_name(x, y)}: {who} may play a Tanuki "
                "Repellant (or decline)")
    doing = {
        "setup": "takes a start place on the board's edge",
        "begin": "puts their monk back on a start place",
        "pre": "may play a Garden Master card before the roll (or go)",
        "tile": "lays a tile in front of their monk",
        "buy": "may buy a Garden Master card for 2 Shiitake",
        "restart": "was sent back: takes a start place, or waits",
        "discard": "met an Ashi-magari: discards a tile",
        "direction": f"chooses where the {data} Tanuki walks (its die shows 5)",
        "react": "may answer the Tanuki with a Tanuki Repellant",
        "counter": "may answer the card with The Best Offense",
        "clear": "clears tiles or rock gardens (Clear the Path)",
    }.get(kind, "is to act")
    if kind == "tile" and s.empty_start:
        doing = "began the turn with no tile: may play a Garden Master card (or pass on to the draw)"
    return f"{turn}: {who} {doing}"


# ----- the clickable board ------------------------------------------------------------------------------
def render_board(view, *, targets=None, walks=(),
                 preview: str | None = None, trail=None, step: int | None = None, trail_label: str = "",
                 card: str | None = None, card_targets=None, pick_buttons=(), pick_spaces=(), ghosts=(),
                 marked: str | None = None, header: str | None = None, note: str = "", clickable: bool = True,
                 uid: str | None = None, version: int = 0, style: bool = True, patterns: bool = True, names=None,
                 cell: float = CELL) -> SvgStr:
    """The interactive board of ``view.viewer``: ``rules.view(state, player, (tile, turn))`` with a
    tile of the hand picked (and turned), else ``rules.view(state, player)``.

    At the top the status line; on the left the garden: the spaces with their blue and gold
    numbers, the sides 1-4, every tile with its paths and symbols, stashes, traps and rock
    gardens (the drawing's body: it changes only when the board does), then the monks and the
    Tanuki. On the right: the dice, every player's Shiitake (what the player may see),
    the player's hand, their Garden Master cards,
    the buttons and the preview or the last move's walks in words.

    What can be clicked is ``targets`` (default: :func:`offered`, the picked tile's placements
    and the other targets, when the player is to act): a tile's placement on
    the space in front of the monk (the whole space, or each path end it may set off by from a
    start place), a start place (a ring on the board's edge), a direction (an arrow by the
    Tanuki), a space of a card (a chip), a discard (the hand tile), the rest as buttons; each
    carries ``data-action``. Hand tiles carry ``data-pick="<tile>"`` while a tile may be laid,
    cards ``data-pick="card:<kind>"``; ``pick_buttons``/``pick_spaces`` add other picks (a card's
    choices made one at a time). The view's selection, ``(tile, turn)``: the picked tile, drawn
    turned on the space in front (a ghost) and in the hand.

    ``ghosts``: ``(tanuki, x, y)`` of a choice made on the way to a move (Tanuki Bait's blue space),
    drawn pale.

    ``walks`` (``rules.walks(state, preview)``, given with the ``preview`` move they belong to;
    without a preview, the picked tile's first legal placement is the one ringed): the walks that
    move would cause, traced on the board in each monk's colour with where each would end,
    crashes and loops marked, and listed in words. ``trail`` (the walks of a move already played)
    and ``step``: the same, shown up to piece ``step`` (None: all) with the current piece thicker.
    """
    seen = s = view.state
    player = view.viewer
    selected, rot = view.selection if view.selection is not None else (None, 0)
    uid = uid or new_uid()
    p = view.to_act
    mine = view.mine
    if targets is None:
        targets = offered(view, card=card) if clickable and mine else ()
    if preview is None and selected is not None:  # the picked tile's first legal placement
        preview = next((t.action for t in targets if t.points is not None and t.action.startswith(f"{selected}@")),
                       None)
    status = header or status_line(view, names)
    head = _status_lines(status)
    notes = _wrap(note, STATUS_CHARS + 8) if note else []
    # the garden's frame starts under the status and the note (two lines fit above it)
    BX, BY = 8 + MARGIN, 44 + MARGIN + 17 * max(0, len(head) + len(notes) - 2)
    W = SIZE * cell
    parts = [_status_text(head)]
    for k, line in enumerate(notes):
        parts.append(f'<text class="gk-ttx gk-tnote" x="8" y="{18 + 17 * (len(head) + k)}">{esc(line)}</text>')
    parts.append(f"{BODY_START}{_board_body(s, uid, BX, BY, cell)}{BODY_END}")
    # the picked tile, ghosted on the space in front of the monk
    m = s.monks[s.active] if s.monks[s.active] is not None else None
    if selected is not None and mine and m is not None and view.decision == "tile" and \
            s.tile_at(m[1], m[2]) is None and selected in seen.hands[player]:
        parts.append(_tile_markup(s.components.tile(selected), rot, BX + m[1] * cell, BY + m[2] * cell, cell, uid,
                                  cls="gk-tghost", attrs=f' data-ghost="{selected}" data-rot="{rot}"', tip=False))
    # the walks: the preview before a move, or the trail of the last one
    shown = walks or ()
    trail_pieces = 0
    if not shown and trail:
        shown = trail
        trail_pieces = sum(len(w.pieces) for w in trail)
    if shown is trail and trail and step is not None:
        k = step
        for w in trail:
            if k < 0:
                break
            parts.append(_walk_markup(w, BX, BY, cell, names, upto=min(k + 1, len(w.pieces)),
                                      current=k if k < len(w.pieces) else None))
            k -= len(w.pieces)
    else:
        for w in shown:
            parts.append(_walk_markup(w, BX, BY, cell, names))
    for q, mq in enumerate(s.monks):
        if mq is not None:
            parts.append(_monk_markup(q, mq, BX, BY, cell, names))
    for which, pos in zip(TANUKI, s.tanuki):
        if pos is not None:
            parts.append(_tanuki_markup(which, pos[0], pos[1], BX, BY, cell))
    for which, gx, gy in ghosts:  # a Tanuki about to be put there (a choice made, more to make)
        parts.append(f'<g class="gk-tghost" data-ghost-tanuki="{which}" opacity=".6">'
                     f"{_tanuki_markup(which, gx, gy, BX, BY, cell)}</g>")
    parts.append(_targets_markup(s, targets, BX, BY, cell, marked=marked, clickable=clickable, preview=preview,
                                 pick_spaces=pick_spaces))
    # the column beside the board
    SX = BX + W + MARGIN + 14
    column_at = len(parts)
    y = 44
    d, dh = _dice_parts(s, SX, y)
    parts.append(d)
    y += dh + 8
    sc, sh = _scores_parts(s, seen, SX, y, view.scores, names, p if isinstance(p, int) else None)
    parts.append(sc)
    y += sh + 8
    _st, _po, _sp, _ar, discards, _ch, buttons = _classify(s, targets)
    laying = mine and clickable and view.decision == "tile" and bool(seen.hands[player])
    heading = f"Your hand ({_name(names, player)})"
    hd, hh = _hand_parts(seen, player, SX, y, uid, selected=selected, rot=rot, pickable=laying, discards=discards,
                         marked=marked, clickable=clickable, heading=heading,
                         hint="Pick a tile, turn it, click where it goes." if laying else "")
    parts.append(hd)
    y += hh + 4
    extra = []
    if laying and selected is not None:
        extra.append(("turn ↻ 90°", ' data-ui="turn"', "turn the picked tile a quarter clockwise", "gk-btn gk-tturn"))
        if sum(1 for t in targets if t.points is not None and " from " in t.action) > 1:
            extra.append(("other end", ' data-ui="other_end"', "preview setting off by the other path end",
                          "gk-btn gk-tother"))
    if s.garden_master:
        ct = card_targets if card_targets is not None else (card_choices(view) if mine else {})
        cd, ch = _cards_parts(s, seen, player, SX, y, card_targets=ct, picked=card, clickable=clickable and mine,
                              width=COLUMN_W)
        parts.append(cd)
        y += ch + 4
        if card is not None and clickable and mine:
            extra.append(("put the card back", ' data-ui="unpick"', "play no card now", "gk-btn gk-tunpick"))
    extra += [(label, f' data-pick="{esc(value)}"', tip, "gk-btn gk-tpickb") for label, value, tip in pick_buttons]
    if trail and clickable and not walks:  # (a preview shown now hides the last tile's walks)
        extra += [("◀ step", ' data-ui="trail_back"', "the walks of the last tile, one piece back", "gk-btn gk-tstep"),
                  ("step ▶", ' data-ui="trail_next"', "the walks of the last tile, one piece on", "gk-btn gk-tstep"),
                  ("whole walks", ' data-ui="trail_all"', "show the whole walks at once", "gk-btn gk-tstep"),
                  ("hide walks", ' data-ui="trail_hide"', "stop showing the last tile's walks", "gk-btn gk-tstep")]
    bd, bh = _buttons_parts(buttons, SX, y, COLUMN_W, marked=marked, clickable=clickable, extra=extra)
    parts.append(bd)
    y += bh + (4 if bh else 0)
    lines: list[str] = []
    attrs = ""
    if walks:
        pts = next((t.points for t in targets if t.action == preview), None)
        head = f"If you play {preview}" + (f" ({pts:+d} for you)" if pts else "") + ", the monks walk:"
        lines = [head, *walk_lines(walks, names)]
        attrs = f' data-preview="{esc(preview)}"'
    elif trail:
        lines = [trail_label or "The monks' walks of the last tile:"]
        if step is not None:
            k, where = step, ""
            for w in trail:
                if k < len(w.pieces):
                    x, yy, _a, _b, sym = w.pieces[k]
                    where = f"{_name(names, w.player)}'s monk crosses {space_name(x, yy)} ({SYMBOL_NAMES[sym]})"
                    break
                k -= len(w.pieces)
            lines.append(f"Step {step + 1} of {trail_pieces}: {where}")
        lines += list(walk_lines(trail, names))
        attrs = f' data-trail="{len(trail)}" data-step="{"all" if step is None else step}"'
    if lines:
        tb, th = _text_block(lines, SX, y, width=52, attrs=attrs)
        parts.append(tb)
        y += th + 6
    counts = (f"Draw pile {s.pile_count} · discards {len(s.discard)}" +
              (f" · traps {len(s.traps)}/{s.components.traps} · rocks {len(s.rocks)}/{s.components.rocks}"
               if s.garden_master else ""))
    parts.append(f'<text class="gk-tsmall gk-tcounts" x="{_n(SX)}" y="{_n(y + 12)}">{esc(counts)}</text>')
    y += 20
    board_bottom = BY + W + MARGIN
    # on a phone the column goes under the board, drawn as wide as the board and its margins (about
    # 1.45 times its size): the drawing is shown at ~0.71 there, so its words read at about their size
    grow = PHONE_COLUMN_W / COLUMN_W
    parts[column_at:] = [reflow_under("".join(parts[column_at:]), SX, 44, board_bottom + 6, grow)]
    width = max(SX + COLUMN_W + 8, 7.2 * max(map(len, head)) + 16)
    height = max(board_bottom, y) + 8
    return _document(width, height, "".join(parts), uid, label=status, attrs=f' data-version="{version}"',
                     style=style, patterns=patterns)


# ----- pictures for lessons ------------------------------------------------------------------------------
def render_tile(tile, rot: int = 0, *, components=None, cell: float = 120, ports: bool = True) -> SvgStr:
    """One path tile, large, turned ``rot``, with its ends lettered A-H (``ports``) and its paths'
    symbols named under it. ``tile`` is its number (in ``components``, default the shipped set).

    >>> svg = render_tile(1, 90)
    >>> 'data-tile="1"' in svg and "Tanuki Den" in svg
    True
    """
    from ..games.tanuki.components import default_components

    comps = components or default_components()
    t = comps.tile(tile) if isinstance(tile, int) else tile
    uid = new_uid()
    X, Y = 18, 18
    parts = [_tile_markup(t, rot, X, Y, cell, uid, attrs=f' data-tile="{t.id}" data-rot="{rot}"')]
    if ports:
        for k, (u, v) in enumerate(PORT_UV):
            nx, ny = INWARD[k]
            parts.append(f'<text class="gk-ttxb" x="{_n(X + u * cell - nx * 10)}" y="{_n(Y + v * cell - ny * 10 + 4)}" '
                         f'text-anchor="middle">{PORTS[k]}</text>')
    lines = [f"{PORTS[a]}-{PORTS[b]}: {SYMBOL_NAMES[sym]}" for a, b, sym in sorted(
        (min(a, b), max(a, b), sym) for a, b, sym in t.paths(rot))]
    tb, th = _text_block([f"tile {t.id}" + (f", turned {rot}°" if rot else "")] + lines, 8, Y + cell + 14, width=40)
    parts.append(tb)
    return _document(max(cell + 36, 180), Y + cell + 20 + th, "".join(parts), uid,
                     label=f"tile {t.id}" + (f" turned {rot}" if rot else ""))


def render_hand(view) -> SvgStr:
    """``view.viewer``'s hand as that player sees it (``rules.view(state, player)``)."""
    seen, player = view.state, view.viewer
    uid = new_uid()
    hd, hh = _hand_parts(seen, player, 8, 6, uid, heading=f"Player {player + 1}'s hand", clickable=False)
    n = max(len(seen.hands[player]), 1)
    return _document(max(16 + n * (HAND_CELL + 10), 180), hh + 12, hd, uid, label=f"Player {player + 1}'s hand")


# ----- a whole state ------------------------------------------------------------------------------------
def render_state(view, *, names=None) -> SvgStr:
    """A whole position (``rules.view(state)``): the status, the garden with monks and Tanuki, the
    dice, every player's Shiitake and hand (face down where the state hides it: give
    ``rules.view(state, player)`` to draw what one player may see), the Garden Master cards and tokens."""
    s = view.state
    uid = new_uid()
    status = status_line(view, names)
    BX, BY = 8 + MARGIN, 30 + MARGIN
    W = SIZE * CELL
    parts = [f'<text class="gk-thead gk-status" x="8" y="18">{esc(status)}</text>', _board_body(s, uid, BX, BY, CELL)]
    for q, mq in enumerate(s.monks):
        if mq is not None:
            parts.append(_monk_markup(q, mq, BX, BY, CELL, names))
    for which, pos in zip(TANUKI, s.tanuki):
        if pos is not None:
            parts.append(_tanuki_markup(which, pos[0], pos[1], BX, BY, CELL))
    SX = BX + W + MARGIN + 14
    y = 30
    d, dh = _dice_parts(s, SX, y)
    parts.append(d)
    y += dh + 8
    p = view.to_act
    sc, sh = _scores_parts(s, s, SX, y, view.scores, names, p if isinstance(p, int) else None)
    parts.append(sc)
    y += sh + 8
    cell = 40
    for q in range(s.players):
        hd, hh = _hand_parts(s, q, SX, y, uid, cell=cell, clickable=False, heading=f"{_name(names, q)}'s hand")
        parts.append(f'<g class="gk-thandrow" data-player="{q}">{hd}</g>')
        y += hh
        if s.garden_master and s.cards:
            cards = s.cards[q]
            words = ", ".join("face down" if k == "hidden" else s.components.card(k).title for k in cards) or "none"
            parts.append(f'<text class="gk-tsmall" data-cards="{q}" x="{_n(SX)}" y="{_n(y + 2)}">'
                         f"cards: {esc(words)}</text>")
            y += 16
        y += 4
    counts = f"Draw pile {s.pile_count} · discards {len(s.discard)} · supply {s.supply} Shiitake"
    parts.append(f'<text class="gk-tsmall gk-tcounts" x="{_n(SX)}" y="{_n(y + 12)}">{esc(counts)}</text>')
    y += 20
    width = max(SX + COLUMN_W, 7.2 * len(status) + 16)
    height = max(BY + W + MARGIN, y) + 8
    return _document(width, height, "".join(parts), uid, label=status)


# ----- one piece, large, its parts named ---------------------------------------------------------------
def component_svg(components=None, tile: int | None = None) -> SvgStr:
    """One path tile drawn large with its parts named (its eight path ends, its four paths and
    the symbol on each): the picture early in the dashboard. ``tile``: its number (default the
    first tile showing the most kinds of symbol; ``components`` the shipped set by default).

    >>> svg = component_svg()
    >>> 'class="gk-svg gk-component"' in svg and "Tanuki Den" in svg and "(reconstructed)" in svg
    True
    """
    from ..games.tanuki.components import default_components
    from .labels import Part, labelled

    comps = components or default_components()
    t = (comps.tile(tile) if tile is not None
         else max(comps.tiles, key=lambda x: (len(set(x.symbols)), -x.id)))
    source = getattr(t, "source", "reconstructed")
    uid = new_uid()
    cell, X, Y = 230, 40, 60
    body = [_tile_markup(t, 0, X, Y, cell, uid, attrs=f' data-tile="{t.id}"')]
    for k, (u, v) in enumerate(PORT_UV):
        nx, ny = INWARD[k]
        body.append(f'<text class="gk-ttxb" x="{_n(X + u * cell - nx * 12)}" y="{_n(Y + v * cell - ny * 12 + 4)}" '
                    f'text-anchor="middle">{PORTS[k]}</text>')
    rule = {"shiitake": "tanuki.move.shiitake", "den": "tanuki.move.den", "ashi": "tanuki.move.ashi_active"}
    paths = tuple(t.paths(0))
    parts = [Part(X + PORT_UV[0][0] * cell, Y, "a path end (A to H round the tile): a path goes on across the next tile",
                  source)]
    for (a, b, sym), (u, v) in zip(paths, _symbol_spots(paths)):
        parts.append(Part(X + u * cell, Y + v * cell, f"the path {PORTS[min(a, b)]}-{PORTS[max(a, b)]}: a "
                          f"{SYMBOL_NAMES[sym]} ({rule.get(sym, 'tanuki.setup.tiles')})", source))
    return labelled("".join(body), (X, Y, cell, cell), parts, uid=uid, game="tanuki",
                    heading=f"A Tanuki in the Garden path tile: tile {t.id}",
                    document=lambda width, height, b, u, label: _document(width, height, b, u, label=label))
