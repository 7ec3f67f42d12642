"""Tang Garden as SVG: the garden board with its tiles, landscape slots, tokens, decorations and
characters (with their lines of sight), the four stacks, every player's board, and whole states.

Pure functions of what they are given, returning :class:`~gardenkit.render.svg.SvgStr`: a
position's drawings take a :class:`~gardenkit.core.view.View`, the rules' one answer for a
drawing (``rules.view(state, player)``: what the seat may see, who is to act and what they
decide, the known scores, the outcome); what can be clicked and why not (``rules.targets``) is
handed to :func:`render_board`. Nothing is decided or asked here: no rules object, no rules module.

Each edge of a tile is a triangle from the tile's centre to that edge, filled with its terrain's
**pattern** as well as its colour, so the garden reads without colour: greenery is green with
leaf dots, water blue with waves, rock grey with hatching, a footpath sand with a dashed track,
a wall dark bricks. An area closed inside a tile is a small disc of its terrain in the middle; a
temple is drawn whole in its element with a pagoda roof and a ``T``. A decoration is a rounded
label with its kind's two letters (``Bi`` birds, ``Fi`` fish …) on the quarter of the tile where its
area lies (greenery top-left, water top-right, rock bottom-left, bridge bottom-right); a free area
is a dotted ring there. Landscape tokens are discs lettered ``L``/``S``. A character is a disc in
its owner's colour with its two letters and an arrow the way it faces; its line of sight runs as a
dashed line to the garden's edge. The five landscape slots of every side lie round the board
(``l1 s1 s2 s3 l2``), each tile in its slot showing its icons as short words.

>>> from gardenkit.games.tang_garden.setups import position
>>> s = position(tiles={"c4": (2, 0)}, cards={0: ("pine/any",)}, decos=(("c4", "pine"),), own={0: "hermit", 1: "poet"},
...              placed=(("emperor", 0, "c4", "tile", "E"),))
>>> import gardenkit
>>> svg = render_state(gardenkit.make("tang_garden").view(s))
>>> svg.startswith("<svg") and 'data-space="c4"' in svg and 'data-char="emperor"' in svg
True
>>> 'class="gk-gsight"' in svg and 'data-slot="N s2"' in svg
True
"""
from __future__ import annotations

from ..games.tang_garden.components import ELEMENTS, LANTERNS, SOLO_LANTERNS, space_name
from ..games.tang_garden.board import SIZE, START, edge_at, sight_cells
from .svg import (BODY_END, BODY_START, SvgStr, esc, game_document, hit, hit_areas, new_uid, phone_grow, phone_size, pressed,
                  reflow_under, spot_marks, title)

__all__ = [
    "component_svg",
    "DECO_CODES", "ICON_CODES", "PLAYER_COLOURS", "TANG_CSS", "TERRAIN_STYLE", "render_board", "render_player",
    "render_stacks", "render_state", "render_tile", "spot_xy", "status_line", "tang_pattern_defs",
]

CELL = 56
MARGIN = 50  # round the board: the landscape slots
COLUMN_W = 360
#: the column's width under the garden on a phone: the garden and its slots, less the left margin
PHONE_COLUMN_W = SIZE * CELL + 2 * MARGIN - 2
#: the side of a character spot's tap area (its ring is 28): 52 units are ~33 px on a phone
SPOT_TAP = 52
PLAYER_COLOURS = ("#c0392b", "#1f5fbf", "#7d3c98", "#d35400")
TEXT = "var(--gk-ink,#2b2b2b)"

#: terrain -> (base colour, pattern colour, letter, name)
TERRAIN_STYLE = {
    "greenery": ("#b9dfa4", "#3d7a3a", "G", "greenery"),
    "water": ("#a9d3ef", "#2d6fa8", "W", "water"),
    "rock": ("#d3d0cb", "#6b6660", "R", "rock"),
    "footpath": ("#f0deb4", "#9a6a2f", "F", "footpath"),
    "wall": ("#8c5a46", "#f3e2d0", "#", "wall"),
}
DECO_CODES = {"birds": "Bi", "fish": "Fi", "lotus": "Lo", "peony": "Pe", "bridge": "Br", "pavilion": "Pa",
              "pine": "Pn", "maple": "Ma", "bamboo": "Ba", "willow": "Wi", "plum": "Pl"}
ICON_CODES = {"construction": "build", "animal": "animal", "dragon": "dragon", "sun": "sun", "moon": "moon",
              "village": "village", "temple": "temple", "waterfall": "fall"}
#: where an area's decoration sits in a tile, as a fraction of the cell
AREA_UV = {"greenery": (0.27, 0.27), "water": (0.73, 0.27), "rock": (0.27, 0.73), "bridge": (0.73, 0.73)}
LANTERN_NAMES = {"build2": "build twice", "decorate2": "decorate twice", "move": "move a character",
                 "choose": "choose a hidden one", "tile_only": "lay the tile only", "display": "build from the display",
                 "redraw": "new cards by the stacks", "reuse": "use a turned lantern again"}
SLOT_ORDER = ("l1", "s1", "s2", "s3", "l2")
SLOT_LEN = {"l": 2 * CELL, "s": 4 * CELL / 3}

TANG_CSS = (
    ".gk-gtile{stroke:#5b4a36;stroke-width:.5}"
    ".gk-gframe{fill:none;stroke:#3d2f20;stroke-width:1.2}"
    ".gk-gempty{fill:#fbf6ea;stroke:#d8cfbd;stroke-width:.8}"
    ".gk-gstart{fill:none;stroke:#3d2f20;stroke-width:3}"
    ".gk-gdeco rect{fill:#fffdf5;stroke:#3d2f20;stroke-width:1}.gk-gdeco text{font:bold 9px sans-serif;fill:#1d1d1b;"
    "text-anchor:middle}"
    ".gk-garea{fill:none;stroke:#3d2f20;stroke-width:1;stroke-dasharray:2 2;opacity:.6}"
    ".gk-gtoken circle{fill:#f7d774;stroke:#7a5c00;stroke-width:1.5}.gk-gtoken text{font:bold 10px sans-serif;"
    "fill:#3d2f20;text-anchor:middle}"
    ".gk-gchar circle{stroke:#fff;stroke-width:1.5}.gk-gchar text{font:bold 9px sans-serif;fill:#fff;"
    "text-anchor:middle}.gk-gchar path{fill:#1d1d1b;stroke:#fff;stroke-width:.8}"
    ".gk-gsight{fill:none;stroke:#8b1e1e;stroke-width:2.2;stroke-dasharray:5 3;stroke-opacity:.75;pointer-events:none}"
    ".gk-gsight.gk-gpreview{stroke:#d18f00;stroke-width:3.5;stroke-opacity:.9}"
    ".gk-gseen{fill:rgba(255,214,102,.28);pointer-events:none}"
    ".gk-gslot rect{fill:#f7f3ea;stroke:#a89880;stroke-width:1}.gk-gslot.gk-gfull rect{fill:#e6ecd6;stroke:#5d7c12}"
    ".gk-gslot text{font:9px sans-serif;fill:#2b2b2b;text-anchor:middle}"
    ".gk-gslot[data-action]{cursor:pointer}.gk-gslot[data-action] rect{stroke:#1f6f43;stroke-width:2.5}"
    ".gk-gslot[data-action]:hover rect{fill:#ffe9a8}"
    ".gk-ghead{font:bold 13px sans-serif;fill:var(--gk-head,#3d2f20)}"
    ".gk-gtx{font:12px sans-serif;fill:var(--gk-ink,#2b2b2b)}.gk-gsmall{font:11px sans-serif;fill:var(--gk-ink2,#555)}"
    ".gk-glabel{font:10px sans-serif;fill:var(--gk-ink2,#555);text-anchor:middle}"
    ".gk-gpick{cursor:pointer}.gk-gpick:hover>rect.gk-gbg{fill:var(--gk-hover,#f1e7d3)}"
    ".gk-gbg{fill:transparent;stroke:none}.gk-gpicked>rect.gk-gbg{fill:var(--gk-picked,#ffe9a8);stroke:#b07d00;"
    "stroke-width:2}"
    ".gk-gcard rect.gk-gface{fill:#fffdf5;stroke:#3d2f20;stroke-width:1.2}.gk-gcard text{font:11px sans-serif;"
    "fill:#2b2b2b}"
    ".gk-gtrack rect{fill:#fbf8f1;stroke:#a89880;stroke-width:.8}.gk-gtrack rect.gk-gthr{stroke:#7d3c98;"
    "stroke-width:2}.gk-gtrack text{font:9.5px sans-serif;fill:#2b2b2b;text-anchor:middle}"
    ".gk-gcube{stroke:#1d1d1b;stroke-width:1.2}"
    ".gk-glantern rect{fill:#ffe08a;stroke:#7a5c00;stroke-width:1}.gk-glantern.gk-gused rect{fill:#d8d4cc;"
    "stroke:#8a857d}.gk-glantern text{font:9.5px sans-serif;fill:#2b2b2b;text-anchor:middle}"
    ".gk-gspot{cursor:pointer}.gk-gspot circle{fill:rgba(255,255,255,.35);stroke:#1f6f43;stroke-width:2.5}"
    ".gk-gspot circle,.gk-gspot text{pointer-events:none}"
    ".gk-gspot:hover circle,.gk-gspot.gk-gpicked circle{fill:rgba(255,214,102,.6);stroke:#b07d00}"
    ".gk-gface{cursor:pointer}.gk-gface path{fill:#1f6f43;stroke:#fff;stroke-width:1}"
    ".gk-gface:hover path,.gk-gface.gk-marked path{fill:#d18f00}"
    ".gk-gface.gk-illegal path{fill:#999}"
    ".gk-btn.gk-marked rect{stroke:#d18f00;stroke-width:3}"
    # on a phone (board.js marks the drawing gk-narrow when it is wider than its room, and says the
    # scale it is shown at as --gk-scale: ~0.64 on a 390 px phone) the garden's labels and marks are
    # drawn larger, to read at 9 px and more (never smaller than drawn); the slots' icon words, too
    # small there whatever their size, are listed under the garden instead
    ".gk-phone-only{display:none}svg.gk-narrow .gk-phone-only{display:inline}"
    "svg.gk-narrow .gk-gsword{display:none}"
    "svg.gk-narrow .gk-gslot text,svg.gk-narrow .gk-gcoord,svg.gk-narrow .gk-glabel,svg.gk-narrow .gk-gtoken text,"
    'svg.gk-narrow .gk-gdeco text,svg.gk-narrow .gk-gchar text,svg.gk-narrow[data-game="tang_garden"] .gk-badge'
    f"{{font-size:{phone_size(10)}}}"
    'svg.gk-narrow .gk-ghead.gk-status,svg.gk-narrow[data-game="tang_garden"] .gk-cross'
    f"{{font-size:{phone_size(13)}}}"
    f"svg.gk-narrow .gk-gstartword,svg.gk-narrow .gk-gpagoda{{font-size:{phone_size(13)}!important}}"
    f"svg.gk-narrow .gk-gtoken circle,svg.gk-narrow .gk-gdeco rect,svg.gk-narrow .gk-gchar circle{{{phone_grow(0.84)}}}"
    ".gk-btn.gk-illegal text{fill:#777}"
)


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def tang_defs(uid: str) -> str:
    """``<pattern>`` definitions ``{uid}-greenery`` … ``{uid}-wall``: one per terrain."""
    u = 'patternUnits="userSpaceOnUse"'
    g, w, r, f, wl = (TERRAIN_STYLE[k] for k in ("greenery", "water", "rock", "footpath", "wall"))
    return (
        f'<pattern id="{uid}-greenery" {u} width="8" height="8"><rect width="8" height="8" fill="{g[0]}"/>'
        f'<circle cx="2" cy="2" r="1.3" fill="{g[1]}"/><circle cx="6" cy="6" r="1" fill="{g[1]}"/></pattern>'
        f'<pattern id="{uid}-water" {u} width="10" height="6"><rect width="10" height="6" fill="{w[0]}"/>'
        f'<path d="M0 4Q2.5 1 5 4T10 4" stroke="{w[1]}" stroke-width="1" fill="none"/></pattern>'
        f'<pattern id="{uid}-rock" {u} width="6" height="6"><rect width="6" height="6" fill="{r[0]}"/>'
        f'<path d="M0 6L6 0" stroke="{r[1]}" stroke-width="1"/></pattern>'
        f'<pattern id="{uid}-footpath" {u} width="8" height="8"><rect width="8" height="8" fill="{f[0]}"/>'
        f'<path d="M1 4H5" stroke="{f[1]}" stroke-width="1.4"/></pattern>'
        f'<pattern id="{uid}-wall" {u} width="10" height="6"><rect width="10" height="6" fill="{wl[0]}"/>'
        f'<path d="M0 3H10M3 0V3M8 3V6" stroke="{wl[1]}" stroke-width="1"/></pattern>'
    )


def tang_pattern_defs(uid: str) -> str:
    """The terrain patterns of drawing ``uid`` in an invisible ``<svg>``, kept once in a page."""
    return (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"<defs>{tang_defs(uid)}</defs></svg>")


def _document(width, height, body, uid, *, label, attrs="", style=True, patterns=True) -> SvgStr:
    # (data-game: the phone's larger marks below are Tang Garden's only, whatever else the page shows)
    return game_document(width, height, body, uid, label=label, attrs=' data-game="tang_garden"' + attrs, style=style,
                         defs=tang_defs(uid) if patterns else "", css=TANG_CSS)


# ----- tiles ----------------------------------------------------------------------------------------------
_TRI = ((0, 0, 1, 0), (1, 0, 1, 1), (1, 1, 0, 1), (0, 1, 0, 0))  # N E S W: the edge's two corners (u, v)


def _tri_d(X, Y, cell, d) -> str:
    u1, v1, u2, v2 = _TRI[d]
    c = cell / 2
    return (f"M{_n(X + c)} {_n(Y + c)}L{_n(X + u1 * cell)} {_n(Y + v1 * cell)}"
            f"L{_n(X + u2 * cell)} {_n(Y + v2 * cell)}Z")


def _pagoda(X, Y, cell) -> str:
    c = cell / 2
    k = cell / 56
    return (f'<path d="M{_n(X + c - 16 * k)} {_n(Y + c - 2 * k)}L{_n(X + c)} {_n(Y + c - 14 * k)}'
            f'L{_n(X + c + 16 * k)} {_n(Y + c - 2 * k)}Z" fill="#8b1e1e" stroke="#3d2f20" stroke-width="1"/>'
            f'<text x="{_n(X + c)}" y="{_n(Y + c + 12 * k)}" text-anchor="middle" '
            f'class="gk-gpagoda" style="font:bold {_n(13 * k)}px sans-serif;fill:#1d1d1b">T</text>')


def _tile_markup(comps, tile_id: int, rot: int, X, Y, cell, uid, *, attrs: str = "", cls: str = "gk-gtile",
                 areas: bool = True) -> str:
    t = comps.tile(tile_id)
    tip = f"tile {t.id} ({t.stack} stack)"
    if t.temple:
        tip += f": {t.temple} temple"
        body = (f'<rect class="gk-gtile" x="{_n(X)}" y="{_n(Y)}" width="{_n(cell)}" height="{_n(cell)}" '
                f'fill="url(#{uid}-{t.temple})"/>'
                f'<rect x="{_n(X + 2)}" y="{_n(Y + 2)}" width="{_n(cell - 4)}" height="{_n(cell - 4)}" fill="none" '
                f'stroke="{TERRAIN_STYLE["wall"][0]}" stroke-width="4"/>' + _pagoda(X, Y, cell))
    else:
        edges = t.turned(rot)
        tip += ": " + ", ".join(f"{side} {e}" for side, e in zip("NESW", edges))
        body = "".join(f'<path class="gk-gtile" d="{_tri_d(X, Y, cell, d)}" fill="url(#{uid}-{e})"/>'
                       for d, e in enumerate(edges))
        for k, terr in enumerate(t.inner):
            body += (f'<circle cx="{_n(X + cell / 2 + (k * 8 - 4 * (len(t.inner) - 1)))}" cy="{_n(Y + cell / 2)}" '
                     f'r="{_n(cell / 7)}" fill="url(#{uid}-{terr})" stroke="#3d2f20" stroke-width="1"/>')
        if t.inner:
            tip += "; closed inside: " + ", ".join(t.inner)
        if t.spot:
            body += (f'<rect x="{_n(X + cell / 2 - 4)}" y="{_n(Y + cell / 2 - 4)}" width="8" height="8" '
                     f'transform="rotate(45 {_n(X + cell / 2)} {_n(Y + cell / 2)})" fill="#fff" stroke="#3d2f20"/>')
            tip += "; a character spot"
    if areas and t.areas:
        tip += "; areas: " + ", ".join(t.areas)
    return f'<g class="{cls}"{attrs}>{title(tip)}{body}<rect class="gk-gframe" x="{_n(X)}" y="{_n(Y)}" ' \
           f'width="{_n(cell)}" height="{_n(cell)}"/></g>'


def spot_xy(s, x: int, y: int, where: str, BX: float, BY: float, cell: float = CELL) -> tuple[float, float]:
    """Where a character standing on spot ``where`` (tile, bridge or pavilion) of (x, y) is drawn."""
    X, Y = BX + x * cell, BY + y * cell
    if where == "tile":
        return X + cell / 2, Y + cell / 2
    area = next((a for dx, dy, a, k in s.decos if (dx, dy) == (x, y) and k == where), "bridge")
    u, v = AREA_UV[area]
    return X + u * cell, Y + v * cell


def _start_markup(s, uid, BX, BY, cell) -> str:
    out = ['<g class="gk-gstarttile" data-start="' + esc(s.start_side) + '">',
           title(f"the starting tile (side {s.start_side}): its edges clockwise from d4's top: "
                 + ", ".join(s.components.start_sides[s.start_side]))]
    for x, y in sorted(START):
        X, Y = BX + x * cell, BY + y * cell
        for d in range(4):
            e = edge_at(s, s.board, x, y, d)
            fill = f"url(#{uid}-{e})" if e else "#efe3c8"
            out.append(f'<path class="gk-gtile" d="{_tri_d(X, Y, cell, d)}" fill="{fill}"/>')
    X, Y = BX + 3 * cell, BY + 3 * cell
    out.append(f'<circle cx="{_n(X + cell)}" cy="{_n(Y + cell)}" r="{_n(cell / 3)}" fill="#efe3c8" stroke="#3d2f20"/>'
               f'<text x="{_n(X + cell)}" y="{_n(Y + cell + 4)}" text-anchor="middle" '
               f'class="gk-gstartword" style="font:bold 11px sans-serif;fill:#3d2f20">start</text>')
    out.append(f'<rect class="gk-gstart" x="{_n(X)}" y="{_n(Y)}" width="{_n(2 * cell)}" height="{_n(2 * cell)}"/></g>')
    return "".join(out)


def _slot_rects(BX, BY, cell):
    """(side, slot) -> (x, y, w, h) round a board at (BX, BY)."""
    out = {}
    W = SIZE * cell
    depth = MARGIN - 10
    for side in "NESW":
        pos = 0.0
        for slot in SLOT_ORDER:
            length = SLOT_LEN[slot[0]] * cell / CELL
            if side == "N":
                r = (BX + pos, BY - depth - 4, length, depth)
            elif side == "S":
                r = (BX + pos, BY + W + 4, length, depth)
            elif side == "W":
                r = (BX - depth - 4, BY + pos, depth, length)
            else:
                r = (BX + W + 4, BY + pos, depth, length)
            out[(side, slot)] = r
            pos += length
    return out


def _slots_markup(s, BX, BY, cell, slot_actions=None, marked=None, clickable=True) -> str:
    comps = s.components
    filled = {(side, slot): lid for side, slot, lid in s.slots}
    out = []
    for (side, slot), (x, y, w, hgt) in _slot_rects(BX, BY, cell).items():
        lid = filled.get((side, slot))
        size = "large" if slot[0] == "l" else "small"
        tip = f"side {side}, {size} slot {slot}"
        words: list[str] = []
        if lid:
            icons = comps.landscape(lid).icons
            tip += f": landscape tile {lid} ({', '.join(icons) or 'no icon'})"
            words = [lid] + [ICON_CODES.get(i, i) for i in icons]
        else:
            words = [slot]
        act = ""
        t = (slot_actions or {}).get((side, slot))
        if t is not None:
            if t.points is None:
                tip += f" — refused: {t.reason.text}"
            else:
                tip += f" — click: {t.action}"
                if clickable:
                    act = f' data-action="{esc(t.action)}"'
        cls = "gk-gslot" + (" gk-gfull" if lid else "") + (" gk-marked" if t is not None and t.action == marked else "")
        lines = []
        horizontal = w > hgt
        # the slot's name or its tile's, then the tile's icons (class gk-gsword: on a phone, where the
        # slots are too small for them to read, they are hidden and listed under the garden instead)
        if horizontal:
            lines.append(f'<text x="{_n(x + w / 2)}" y="{_n(y + 12)}">{esc(words[0])}</text>')
            if len(words) > 1:
                lines.append(f'<text class="gk-gsword" x="{_n(x + w / 2)}" y="{_n(y + 24)}">{esc(" ".join(words[1:3]))}</text>')
            if len(words) > 3:
                lines.append(f'<text class="gk-gsword" x="{_n(x + w / 2)}" y="{_n(y + 35)}">{esc(" ".join(words[3:]))}</text>')
        else:
            for k, word in enumerate(words[:5]):
                cls_word = ' class="gk-gsword"' if k else ""
                lines.append(f'<text{cls_word} x="{_n(x + w / 2)}" y="{_n(y + 12 + 11 * k)}">{esc(word)}</text>')
        out.append(f'<g class="{cls}" data-slot="{side} {slot}"{act}>{title(tip)}'
                   f'<rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{_n(w - 2)}" height="{_n(hgt - 2)}" rx="4"/>'
                   f'{"".join(lines)}</g>')
    W = SIZE * cell
    for side, (lx, ly) in {"N": (BX + W / 2, BY - MARGIN + 2), "S": (BX + W / 2, BY + W + MARGIN + 6),
                           "W": (BX - MARGIN + 2, BY - 4), "E": (BX + W + MARGIN - 6, BY - 4)}.items():
        out.append(f'<text class="gk-glabel" x="{_n(lx)}" y="{_n(ly)}">{side}</text>')
    return "".join(out)


def _board_body(s, uid, BX, BY, cell, *, free_areas: bool = True) -> str:
    """The garden: empty spaces, tiles, the starting tile, decorations, free areas, tokens (the
    drawing's body: it changes only when the garden does)."""
    comps = s.components
    out = []
    for y in range(SIZE):
        for x in range(SIZE):
            if (x, y) in START:
                continue
            X, Y = BX + x * cell, BY + y * cell
            name = space_name(x, y)
            t = s.board[y * SIZE + x]
            if t is None:
                out.append(f'<rect class="gk-gempty" data-space="{name}" x="{_n(X)}" y="{_n(Y)}" width="{_n(cell)}" '
                           f'height="{_n(cell)}">{title(name)}</rect>')
            else:
                out.append(_tile_markup(comps, t[0], t[1], X, Y, cell, uid,
                                        attrs=f' data-space="{name}" data-tile="{t[0]}" data-rot="{t[1]}"'))
    out.append(_start_markup(s, uid, BX, BY, cell))
    used = {(x, y, a) for x, y, a, _ in s.decos}
    if free_areas:
        for i, t in enumerate(s.board):
            if t is None:
                continue
            x, y = i % SIZE, i // SIZE
            for a in comps.tile(t[0]).areas:
                if (x, y, a) not in used:
                    u, v = AREA_UV[a]
                    out.append(f'<circle class="gk-garea" cx="{_n(BX + (x + u) * cell)}" cy="{_n(BY + (y + v) * cell)}" '
                               f'r="{_n(cell / 7)}"/>')
    for x, y, a, kind in s.decos:
        u, v = AREA_UV[a]
        cx, cy = BX + (x + u) * cell, BY + (y + v) * cell
        out.append(f'<g class="gk-gdeco" data-deco="{space_name(x, y)} {kind}">{title(f"{kind} on {space_name(x, y)} ({a} area)")}'
                   f'<rect x="{_n(cx - 10)}" y="{_n(cy - 7)}" width="20" height="14" rx="4"/>'
                   f'<text x="{_n(cx)}" y="{_n(cy + 3.5)}">{DECO_CODES.get(kind, kind[:2])}</text></g>')
    for x, y, size in s.board_tokens:
        cx, cy = BX + (x + 0.5) * cell, BY + (y + 0.5) * cell
        r = 13 if size == "large" else 10
        out.append(f'<g class="gk-gtoken" data-token="{space_name(x, y)}">{title(f"a {size} landscape token")}'
                   f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{r}"/><text x="{_n(cx)}" y="{_n(cy + 3.5)}">'
                   f'{"L" if size == "large" else "S"}</text></g>')
    # the spaces' names, drawn on the garden (dark on a light halo, whatever the page's theme)
    for k in range(SIZE):
        out.append(f'<text class="gk-lt gk-gcoord" x="{_n(BX + (k + 0.5) * cell - 3)}" y="{_n(BY + 9)}">'
                   f'{"abcdefgh"[k]}</text>')
        out.append(f'<text class="gk-lt gk-gcoord" x="{_n(BX + 2)}" y="{_n(BY + (k + 0.5) * cell + 3)}">{k + 1}</text>')
    return "".join(out)


_ARROW = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _char_markup(s, cid, owner, x, y, where, facing, BX, BY, cell, *, names=None, cls="gk-gchar") -> str:
    comps = s.components
    cx, cy = spot_xy(s, x, y, where, BX, BY, cell)
    dx, dy = _ARROW[facing]
    # the arrow: a triangle just outside the disc, pointing the way it faces
    tip = (cx + dx * 20, cy + dy * 20)
    base = (cx + dx * 12, cy + dy * 12)
    px, py = -dy * 6, dx * 6
    arrow = (f'<path d="M{_n(tip[0])} {_n(tip[1])}L{_n(base[0] + px)} {_n(base[1] + py)}'
             f'L{_n(base[0] - px)} {_n(base[1] - py)}Z"/>')
    name = comps.character(cid).name
    colour = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
    # its words on hover: whose it is, where it stands and what it scores at the end
    where_words = f"on the {where} spot of {space_name(x, y)}, facing {facing}"
    if owner < 0:  # a solo game's neutral figure: it takes the spot and scores nothing
        words = f"{name} (a neutral figure) {where_words}; it scores nothing"
    else:
        words = f"{name} ({_name(names, owner)}) {where_words}; at the end it {comps.sight_words(cid)}"
    return (f'<g class="{cls}" data-char="{cid}" data-facing="{facing}">'
            f"{title(words)}{arrow}"
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="11" fill="{colour}"/>'
            f'<text x="{_n(cx)}" y="{_n(cy + 3)}">{esc(name[:2])}</text></g>')


def _sight_markup(s, x, y, where, facing, BX, BY, cell, *, cls="gk-gsight", cells: bool = False) -> str:
    cx, cy = spot_xy(s, x, y, where, BX, BY, cell)
    line = sight_cells(x, y, facing)
    ex, ey = line[-1]
    dx, dy = _ARROW[facing]
    end_x = BX + (ex + 0.5 + dx * 0.5) * cell if dx else cx
    end_y = BY + (ey + 0.5 + dy * 0.5) * cell if dy else cy
    out = ""
    if cells:
        out = "".join(f'<rect class="gk-gseen" x="{_n(BX + sx * cell)}" y="{_n(BY + sy * cell)}" '
                      f'width="{_n(cell)}" height="{_n(cell)}"/>' for sx, sy in line)
    return out + f'<path class="{cls}" d="M{_n(cx)} {_n(cy)}L{_n(end_x)} {_n(end_y)}"/>'


def _name(names, q: int) -> str:
    return names[q] if names and q < len(names) else f"Player {q + 1}"


def status_line(view, names=None) -> str:
    """One line of a :class:`~gardenkit.core.view.View`: whose turn it is and what they decide, or
    the result."""
    s = view.state
    if view.over:
        out = view.outcome
        return "Game over: " + out.reason.text if out else "Game over"
    d = view.decision
    if d == "chance":
        return "Setting up / drawing…" if s.turn == 0 else "A chance step (a draw or a flip)"
    who = _name(names, s.active)
    what = {"main": "builds or decorates", "build2": "builds the second tile (lantern)",
            "after": "may influence, move or refresh, then ends the turn",
            "footpath": "chooses: two coins or one step for two footpaths",
            "landscape": f"inserts a {s.pending[0][1] if s.pending and len(s.pending[0]) > 1 else ''} landscape tile",
            "keep": "keeps a drawn card and places its decoration", "advance": "advances a track of their choice",
            "token": "takes a landscape token (card bonus)", "place": "places and faces a character",
            "start": "chooses the starting character", "skeep": "places the pair's decoration",
            "neutral": "stands a neutral figure", "final": "stands the characters for the final scoring"}.get(d, d)
    last = " · last round" if s.ending else ""
    return f"Turn {s.turn}: {who} {what}{last}"


# ----- the stacks, the displays, the player boards ------------------------------------------------------
def render_stacks_parts(s, X, Y, uid, *, pickable=False, picked=None, rot=0, cell=48) -> tuple[str, float]:
    """The four stacks: each face-up top (``data-pick="tile:<id>"`` while a tile may be picked), or
    its back; with how many tiles are left."""
    comps = s.components
    out = [f'<text class="gk-ghead" x="{_n(X)}" y="{_n(Y + 12)}">Stacks</text>']
    y = Y + 20
    for k, name in enumerate(("greenery", "water", "rock", "mixed")):
        x = X + k * (cell + 38)
        left = len(s.piles[k]) + len(s.under[k]) + (1 if s.tops[k] else 0)
        top = s.tops[k]
        if top:
            sel = picked == top
            cls = "gk-gpick" if pickable else ""
            cls += " gk-gpicked" if sel else ""
            attrs = f' data-pick="tile:{top}"{pressed(sel)}' if pickable else ""
            out.append(f'<g class="{cls.strip()}" data-stack="{name}"{attrs}>'
                       f'<rect class="gk-gbg" x="{_n(x - 4)}" y="{_n(y - 4)}" width="{_n(cell + 8)}" '
                       f'height="{_n(cell + 8)}" rx="4"/>'
                       + _tile_markup(comps, top, rot if sel else 0, x, y, cell, uid) + "</g>")
        elif left:
            back = name if name in ELEMENTS else "footpath"
            out.append(f'<g data-stack="{name}" data-facedown="1">{title(f"the {name} stack: its top is face down")}'
                       f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(cell)}" height="{_n(cell)}" rx="3" '
                       f'fill="url(#{uid}-{back})" stroke="#3d2f20" stroke-width="2"/>'
                       f'<text x="{_n(x + cell / 2)}" y="{_n(y + cell / 2 + 4)}" text-anchor="middle" '
                       f'style="font:bold 10px sans-serif;fill:#1d1d1b">back</text></g>')
        else:
            out.append(f'<rect data-stack="{name}" data-empty="1" x="{_n(x)}" y="{_n(y)}" width="{_n(cell)}" '
                       f'height="{_n(cell)}" fill="none" stroke="#a89880" stroke-dasharray="3 3"/>')
        out.append(f'<text class="gk-gsmall" x="{_n(x)}" y="{_n(y + cell + 13)}">{name} · {left}</text>')
        if s.solo:  # the solo game's card beside each stack, taken with its top as a pair
            card = s.pairs[k] if k < len(s.pairs) else ""
            out.append(f'<text class="gk-gsmall" x="{_n(x)}" y="{_n(y + cell + 26)}" data-pair="{esc(card)}">'
                       f'{esc(card.split("/")[0]) if card else "no card"}</text>')
    return "".join(out), 20 + cell + (33 if s.solo else 20)


def render_solo_display_parts(s, X, Y, uid, *, pickable=False, picked=None, rot=0, cell=48) -> tuple[str, float]:
    """The solo game's garden-tile display (tiles whose card went away): while the display lantern
    is in use each is a tile to build (``data-pick="tile:<id>"``)."""
    if not s.solo:
        return "", 0
    comps = s.components
    out = [f'<text class="gk-gtx" x="{_n(X)}" y="{_n(Y + 12)}">Garden-tile display'
           f'{": pick one to build" if pickable else ""}{"" if s.display else ": empty"}</text>']
    y = Y + 20
    x = X
    for tile in s.display:
        if x > X and x + cell > X + COLUMN_W:
            x, y = X, y + cell + 10
        sel = picked == tile
        cls = ("gk-gpick" if pickable else "") + (" gk-gpicked" if sel else "")
        attrs = f' data-pick="tile:{tile}"{pressed(sel)}' if pickable else ""
        out.append(f'<g class="{cls.strip()}" data-display="{tile}"{attrs}>'
                   f'<rect class="gk-gbg" x="{_n(x - 3)}" y="{_n(y - 3)}" width="{_n(cell + 6)}" '
                   f'height="{_n(cell + 6)}" rx="4"/>'
                   + _tile_markup(comps, tile, rot if sel else 0, x, y, cell, uid) + "</g>")
        x += cell + 10
    return "".join(out), (y - Y) + (cell + 10 if s.display else 0) + 4


def _track_parts(s, q, X, Y) -> tuple[str, float]:
    comps = s.components
    out = []
    w = 14
    for i, elem in enumerate(ELEMENTS):
        y = Y + i * 17
        out.append(f'<g class="gk-gtrack" data-track="{q} {elem}">'
                   f'<text x="{_n(X + 4)}" y="{_n(y + 10)}" style="text-anchor:start;font-size:9.5px;fill:{TEXT}">'
                   f'{TERRAIN_STYLE[elem][2]}</text>')
        for lv in range(comps.levels + 1):
            x = X + 14 + lv * w
            cls = ' class="gk-gthr"' if lv in comps.thresholds else ""
            out.append(f'<rect{cls} x="{_n(x)}" y="{_n(y)}" width="{w - 1}" height="14"/>')
            if lv in comps.coin_bonuses:
                out.append(f'<text x="{_n(x + w / 2)}" y="{_n(y + 10)}">+{comps.coin_bonuses[lv]}</text>')
        lv = s.tracks[q][i]
        x = X + 14 + lv * w
        out.append(f'<rect class="gk-gcube" x="{_n(x + 2)}" y="{_n(y + 2)}" width="{w - 5}" height="10" '
                   f'fill="url(#none)" style="fill:{TERRAIN_STYLE[elem][1]}">'
                   f"{title(f'{elem}: level {lv} of {comps.levels}')}</rect></g>")
    return "".join(out), 3 * 17


def _lantern_parts(s, q, X, Y) -> tuple[str, float]:
    out = []
    for k, kind in enumerate(SOLO_LANTERNS if s.solo else LANTERNS):  # the solo game has lanterns of its own
        up = s.lanterns[q][k]
        x = X + k * 62
        state_word = "face up" if up else "used"
        out.append(f'<g class="gk-glantern{"" if up else " gk-gused"}" data-lantern="{q} {kind}">'
                   f"{title(f'lantern: {LANTERN_NAMES[kind]} ({state_word})')}"
                   f'<rect x="{_n(x)}" y="{_n(Y)}" width="58" height="16" rx="5"/>'
                   f'<text x="{_n(x + 29)}" y="{_n(Y + 11.5)}">{kind}</text></g>')
    return "".join(out), 20


def _cards_words(cards) -> str:
    counts: dict[str, int] = {}
    for c in cards:
        kind = c.split("/")[0]
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{k}×{n}" if n > 1 else k for k, n in sorted(counts.items())) or "none"


def player_parts(s, q, X, Y, *, names=None, score=None, now=False, width=COLUMN_W) -> tuple[str, float]:
    """Player ``q``'s board: coins, tracks (thresholds ringed, coin levels marked), lanterns, tokens,
    kept cards and characters. The solo game has no player board: no tracks, a line saying so."""
    comps = s.components
    colour = PLAYER_COLOURS[q % len(PLAYER_COLOURS)]
    coins = s.scores[q] if score is None else score
    out = [f'<g class="gk-gplayer" data-player="{q}">',
           f'<rect x="{_n(X - 4)}" y="{_n(Y)}" width="{_n(width)}" height="6" fill="{colour}"/>']
    head = f"{_name(names, q)}{' (to play)' if now else ''}: {coins} coin{'s' if coins != 1 else ''}"
    out.append(f'<text class="gk-ghead" x="{_n(X)}" y="{_n(Y + 21)}">{esc(head)}</text>')
    y = Y + 27
    if s.solo:  # no player board in the solo game: no element tracks to climb
        out.append(f'<text class="gk-gsmall" data-solo-tracks="none" x="{_n(X)}" y="{_n(y + 11)}">'
                   f'{esc("Solo: no player board, so no element tracks; coins come from the garden")}</text>')
        y += 18
    else:
        tp, th = _track_parts(s, q, X, y)
        out.append(tp)
        y += th + 4
    lp, lh = _lantern_parts(s, q, X, y)
    out.append(lp)
    y += lh
    own = comps.character(s.own[q]).name if s.own[q] else "none"
    placed = [f"{comps.character(c).name} {space_name(x, yy)} {f}" for c, o, x, yy, _w, f in s.placed if o == q]
    lines = [f"On the card: {own}" + (f" · in the garden: {', '.join(placed)}" if placed else ""),
             f"Tokens held: {s.held[q][0]} large, {s.held[q][1]} small" + (" · a character token" if s.ctoken[q] else ""),
             f"Cards: {_cards_words(s.cards[q])}"]
    for line in lines:
        for part in _wrap(line, int(width / 6.2)):
            out.append(f'<text class="gk-gsmall" x="{_n(X)}" y="{_n(y + 11)}">{esc(part)}</text>')
            y += 14
    out.append("</g>")
    return "".join(out), y - Y + 6


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


def _display_parts(s, X, Y, *, land_pick=False, picked_land=None, hidden_land=()) -> tuple[str, float]:
    """The characters and landscape tiles on view; ``land_pick``: the size (or True: any) of the
    landscape tiles that may be picked (``data-pick="land:S3"``)."""
    comps = s.components
    out = []
    chars = ", ".join(comps.character(c).name for c in s.char_shown) or "none"
    # what each character on view does, on hover: its skill (none in the solo game) and what it scores at the end
    tip = "; ".join(f"{comps.character(c).name}: " + ("" if s.solo else f"{comps.character(c).skill_text} ")
                    + f"At the end it {comps.sight_words(c)}" for c in s.char_shown) or "no character on view"
    out.append(f'<g class="gk-gchars">{title(tip)}<text class="gk-gtx" x="{_n(X)}" y="{_n(Y + 12)}">'
               f'Characters on view: {esc(chars)} (deck {len(s.char_deck)})</text></g>')
    y = Y + 20
    out.append(f'<text class="gk-gtx" x="{_n(X)}" y="{_n(y + 12)}">Landscape tiles on view:</text>')
    y += 18
    x = X
    items = [(lid, False) for pile in s.land_shown for lid in pile] + [(lid, True) for lid in hidden_land]
    for lid, hidden in items:
        t = comps.landscape(lid)
        label = f"{lid} {' '.join(ICON_CODES.get(i, i) for i in t.icons)}" + (" (hidden)" if hidden else "")
        w = 6.4 * len(label) + 12
        if x > X and x + w > X + COLUMN_W:
            x, y = X, y + 40
        cls = "gk-btn" + (" gk-on" if picked_land == (lid, hidden) else "")
        attrs = (f' data-pick="land:{lid}{":lantern" if hidden else ""}"{pressed(picked_land == (lid, hidden))}'
                 if land_pick in (True, t.size) else "")
        tip = f"{t.size} landscape tile {lid}: " + ", ".join(t.icons)
        out.append(f'<g class="{cls}"{attrs}>{title(tip)}'
                   f'<rect class="gk-hit" x="{_n(x - 3)}" y="{_n(y - 8)}" width="{_n(w + 6)}" height="40"/>'
                   f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="24" rx="6"/>'
                   f'<text x="{_n(x + 6)}" y="{_n(y + 16)}" style="font-size:11px">{esc(label)}</text></g>')
        x += w + 6
    return "".join(out), y + 40 - Y


def _drawn_parts(s, X, Y, *, pickable, picked) -> tuple[str, float]:
    if not s.drawn:
        return "", 0
    out = [f'<text class="gk-ghead" x="{_n(X)}" y="{_n(Y + 12)}">Drawn cards'
           f'{": pick one, then a space" if pickable else ""}</text>']
    x, y = X, Y + 20
    for k, c in enumerate(s.drawn):
        label = "face down" if c == "hidden" else c
        w = 6.6 * len(label) + 14
        if x > X and x + w > X + COLUMN_W:
            x, y = X, y + 34
        sel = c == picked
        cls = "gk-gcard" + (" gk-gpick" if pickable and c != "hidden" else "") + (" gk-gpicked" if sel else "")
        attrs = f' data-pick="card:{esc(c)}"{pressed(sel)}' if pickable and c != "hidden" else ""
        out.append(f'<g class="{cls}" data-card="{esc(c)}"{attrs}>'
                   f'<rect class="gk-gbg" x="{_n(x - 3)}" y="{_n(y - 5)}" width="{_n(w + 6)}" height="34" rx="5"/>'
                   f'<rect class="gk-gface" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="24" rx="4"/>'
                   f'<text x="{_n(x + 7)}" y="{_n(y + 16)}">{esc(label)}</text></g>')
        x += w + 8
    return "".join(out), y + 34 - Y


def _button(X, Y, text, attrs, tip, cls="gk-btn") -> tuple[str, float]:
    w = 6.9 * len(text) + 18
    return (f'<g class="{cls}"{attrs}>{title(tip)}'
            f'<rect class="gk-hit" x="{_n(X - 3)}" y="{_n(Y - 8)}" width="{_n(w + 6)}" height="40"/>'
            f'<rect x="{_n(X)}" y="{_n(Y)}" width="{_n(w)}" height="24" rx="6"/>'
            f'<text x="{_n(X + w / 2)}" y="{_n(Y + 16)}" text-anchor="middle" style="font-size:12px">{esc(text)}</text>'
            "</g>"), w


def _tip(t) -> str:
    if t.points is None:
        return f"{t.action}: refused, {t.reason.text} [{t.reason.rule}]"
    return t.action + (f": {t.points:+d} coins now" if t.points else "")


def buttons_parts(items, X, Y, width=COLUMN_W) -> tuple[str, float]:
    """Buttons ``(label, attrs, tip, class)`` wrapped to ``width``."""
    out = []
    x, y = X, Y
    for label, attrs, tip, cls in items:
        _b, w = _button(0, 0, label, attrs, tip, cls)
        if x > X and x + w > X + width:
            x, y = X, y + 40
        b, w = _button(x, y, label, attrs, tip, cls)
        out.append(b)
        x += w + 8
    return "".join(out), (y + 40 - Y) if items else 0


def frame_words(s) -> str:
    """The landscape tiles in the frame round the garden, in words: what a phone shows under the
    garden in place of the words in the slots, too small there to read. ("" while the frame is empty.)

    >>> import gardenkit
    >>> rules = gardenkit.make("tang_garden")
    >>> s = rules.initial_state(players=2, seed=1)
    >>> frame_words(s)
    ''
    >>> while rules.current_player(s) is gardenkit.CHANCE:
    ...     s = rules.step_chance(s)
    >>> frame_words(s)
    'The frame: N: S3 (build animal); E: S7 (village); S: S4 (animal); W: S2 (village fall)'
    """
    comps = s.components
    tiles = []
    for side, slot, lid in sorted(s.slots, key=lambda t: ("NESW".index(t[0]), SLOT_ORDER.index(t[1]))):
        icons = " ".join(ICON_CODES.get(i, i) for i in comps.landscape(lid).icons) or "no icon"
        tiles.append(f"{side}: {lid} ({icons})")
    return "The frame: " + "; ".join(tiles) if tiles else ""


def _text_block(lines, X, Y, *, width=56, attrs="", cls="gk-gblock") -> tuple[str, float]:
    out = [f'<g class="{cls}"{attrs}>']
    y = Y
    for line in lines:
        for j, part in enumerate(_wrap(line, width)):
            out.append(f'<text class="gk-gtx" x="{_n(X + (0 if j == 0 else 10))}" y="{_n(y + 12)}">{esc(part)}</text>')
            y += 15
    out.append("</g>")
    return "".join(out), y - Y


# ----- the board ----------------------------------------------------------------------------------------
def render_board(view, *, targets=(), buttons=(), pick_buttons=(), picked_tile=None, rot=0, picked_card=None,
                 picked_land=None, hidden_land=(), picked_spot=None, faces=(), spot_picks=(), sight=None,
                 marked=None, header=None, note_lines=(), clickable=True, uid=None, version=0, style=True,
                 patterns=True, names=None, cell: float = CELL) -> SvgStr:
    """The interactive board of ``view.viewer`` (``rules.view(state, player)``: what that seat may see).

    On the left the garden with its landscape slots round it; on the right (under it on a phone)
    the stacks, the drawn cards, the displays, the buttons, the notes and every player's board.

    What the caller (the board widget) passes, all from the engine:

    * ``targets``: :class:`~gardenkit.Target` values drawn on spaces (``at=(x, y)``: builds, keeps,
      tokens to take) with their coins or the refusal; a ``landscape`` target is drawn on its slot;
    * ``buttons``: targets drawn as buttons (``data-action``), refused ones greyed with the reason;
      ``pick_buttons``: ``(label, value, tip, on)`` buttons that pick something (``data-pick``);
    * ``picked_tile``/``rot``: the stack top picked and its turn; ``picked_card``: a drawn card;
      ``picked_land``: ``(tile, hidden)``, the landscape tile picked; ``hidden_land``: hidden tiles
      the lantern may choose (pickable);
    * ``spot_picks``: ``(x, y, where, best)``: free character spots to pick (``data-pick``), each with
      the most coins it could score at the end; ``picked_spot`` and ``faces``: ``(facing, target,
      coins)`` for the picked spot, drawn as arrows and buttons with each facing's line of sight;
    * ``sight``: ``(x, y, where, facing)`` of a line of sight to show strongly (a preview).
    """
    seen = s = view.state
    player = view.viewer
    uid = uid or new_uid()
    now = view.to_act
    status = header or status_line(view, names)
    BX, BY = 8 + MARGIN, 30 + MARGIN
    W = SIZE * cell
    parts = [f'<text class="gk-ghead gk-status" x="8" y="18">{esc(status)}</text>']
    parts.append(f"{BODY_START}{_board_body(seen, uid, BX, BY, cell)}{BODY_END}")
    slot_targets = {}
    board_targets = []
    for t in targets:
        if t.action.startswith("landscape "):
            bits = t.action.split()
            slot_targets[(bits[2], bits[3])] = t
        elif t.at:
            board_targets.append(t)
    parts.append(_slots_markup(seen, BX, BY, cell, slot_targets, marked, clickable))
    # lines of sight of every standing character, then the characters
    for cid, owner, x, y, where, facing in seen.placed:
        parts.append(_sight_markup(seen, x, y, where, facing, BX, BY, cell))
    if sight is not None:
        parts.append(_sight_markup(seen, *sight, BX, BY, cell, cls="gk-gsight gk-gpreview", cells=True))
    for cid, owner, x, y, where, facing in seen.placed:
        parts.append(_char_markup(seen, cid, owner, x, y, where, facing, BX, BY, cell, names=names))
    # the picked tile as a ghost on every legal space is too much: its spots carry the badges
    parts.extend(spot_marks(board_targets, lambda x: BX + x * cell, lambda y: BY + y * cell, cell, marked,
                            clickable=clickable))
    # a tile's spots are ~18 units apart: each gets a tap area of its own, 52 units wide where no
    # other spot is nearer (a finger on a phone, where the board is drawn at ~0.64), none overlapping
    spot_at = [spot_xy(seen, x, y, where, BX, BY, cell) for x, y, where, _best in spot_picks]
    areas = hit_areas(spot_at, SPOT_TAP / 2) if clickable else [""] * len(spot_at)
    for (x, y, where, best), (cx, cy), area in zip(spot_picks, spot_at, areas):
        value = f"spot:{space_name(x, y)}:{where}"
        sel = picked_spot == (x, y, where)
        attrs = f' data-pick="{value}"{pressed(sel)}' if clickable else ""
        parts.append(f'<g class="gk-gspot{" gk-gpicked" if sel else ""}"{attrs}>{area}'
                     f"{title(f'the {where} spot of {space_name(x, y)}: up to {best} coins at the end')}"
                     f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="14"/>'
                     f'<text class="gk-badge" x="{_n(cx)}" y="{_n(cy + 3)}">{best}</text></g>')
    if picked_spot is not None:
        x, y, where = picked_spot
        cx, cy = spot_xy(seen, x, y, where, BX, BY, cell)
        for facing, t, coins in faces:
            dx, dy = _ARROW[facing]
            ax, ay = cx + dx * cell * 0.62, cy + dy * cell * 0.62
            px, py = -dy * 12, dx * 12
            legal = t.points is not None
            cls = "gk-gface" + ("" if legal else " gk-illegal") + (" gk-marked" if t.action == marked else "")
            act = f' data-action="{esc(t.action)}"' if clickable else ""
            tip = (f"face {facing}: {coins} coins at the end" if legal else f"face {facing}: {t.reason.text}")
            parts.append(_sight_markup(seen, x, y, where, facing, BX, BY, cell,
                                       cls="gk-gsight" + (" gk-gpreview" if t.action == marked else "")))
            parts.append(f'<g class="{cls}"{act} data-coins="{coins}">{title(tip)}'
                         + (hit(ax - 19, ay - 19, 38, 38) if clickable else "") +
                         f'<path d="M{_n(ax + dx * 12)} {_n(ay + dy * 12)}L{_n(ax + px)} {_n(ay + py)}'
                         f'L{_n(ax - px)} {_n(ay - py)}Z"/>'
                         f'<text class="gk-badge" x="{_n(ax)}" y="{_n(ay + 3)}">{coins}</text></g>')
    # the column beside the board
    SX = BX + W + MARGIN + 14
    column_at = len(parts)
    y = 30
    building = clickable and now == player and view.decision in ("main", "build2")
    from_display = seen.solo and seen.lantern_mode == "display"  # the solo lantern: build from the display
    sp, sh = render_stacks_parts(seen, SX, y, uid, pickable=building and not from_display, picked=picked_tile,
                                 rot=rot)
    parts.append(sp)
    y += sh + 4
    gp, gh = render_solo_display_parts(seen, SX, y, uid, pickable=building and from_display, picked=picked_tile,
                                       rot=rot)
    parts.append(gp)
    y += gh
    keeping = clickable and now == player and view.decision == "keep"
    dp, dh = _drawn_parts(seen, SX, y, pickable=keeping, picked=picked_card)
    parts.append(dp)
    y += dh
    landing = clickable and now == player and view.decision == "landscape" and s.pending[0][1]
    lp, lh = _display_parts(seen, SX, y, land_pick=landing, picked_land=picked_land, hidden_land=hidden_land)
    parts.append(lp)
    y += lh + 4
    items = []
    if building and picked_tile is not None:
        items.append(("turn ↻ 90°", ' data-ui="turn"', "turn the picked tile a quarter clockwise", "gk-btn gk-gturn"))
    for label, value, tip, on in pick_buttons:
        items.append((label, f' data-pick="{esc(value)}"{pressed(on)}' if clickable else "", tip,
                      "gk-btn gk-gpickb" + (" gk-on" if on else "")))
    for facing, t, coins in faces:
        legal = t.points is not None
        items.append((f"face {facing}: {coins} at the end" if legal else f"face {facing}: refused",
                      f' data-action="{esc(t.action)}"' if clickable else "", _tip(t),
                      "gk-btn gk-gfacebtn" + ("" if legal else " gk-illegal") +
                      (" gk-marked gk-on" if t.action == marked else "")))
    for t in buttons:
        label = t.action + (f" (+{t.points})" if t.points else "")
        items.append((label, f' data-action="{esc(t.action)}"' if clickable else "", _tip(t),
                      "gk-btn gk-gact" + (" gk-illegal" if t.points is None else "") +
                      (" gk-marked gk-on" if t.action == marked else "")))
    bp, bh = buttons_parts(items, SX, y)
    parts.append(bp)
    y += bh + (4 if bh else 0)
    if note_lines:
        tb, th = _text_block(note_lines, SX, y, width=56, attrs=' data-note="1"')
        parts.append(tb)
        y += th + 6
    known = view.scores
    for q in range(s.players):
        pp, ph = player_parts(seen, q, SX, y, names=names, score=known[q], now=now == q)
        parts.append(pp)
        y += ph + 4
    board_bottom = BY + W + MARGIN
    # on a phone the column goes under the garden, drawn as wide as the garden and its slots (about
    # 1.5 times its size): the drawing is shown at ~0.64 there, so the column's words read at about
    # the size they are drawn (9.5 px and more)
    grow = PHONE_COLUMN_W / COLUMN_W
    column = "".join(parts[column_at:])
    # first under the garden on a phone (and only there): the frame's tiles in words, which its
    # slots are too small to show there; the column follows it
    framed, fh = frame_words(seen), 0.0
    if framed:
        fp, fh = _text_block([framed], SX, 30, width=56, attrs=' data-frame-words="1"', cls="gk-gblock gk-phone-only")
        framed = reflow_under(fp, SX, 30, board_bottom + 6, grow)
        fh += 8
    parts[column_at:] = [framed, reflow_under(column, SX, 30, board_bottom + 6 + grow * fh, grow)]
    width = max(SX + COLUMN_W + 8, 7.2 * len(status) + 16)
    height = max(board_bottom, y) + 8
    return _document(width, height, "".join(parts), uid, label=status, attrs=f' data-version="{version}"',
                     style=style, patterns=patterns)


# ----- pictures -----------------------------------------------------------------------------------------
def render_tile(tile: int, rot: int = 0, *, components=None, cell: float = 110) -> SvgStr:
    """One garden tile, large, turned ``rot``, with its edges and areas named under it.

    >>> svg = render_tile(2, 90)
    >>> 'data-tile="2"' in svg and "N footpath" in svg
    True
    """
    from ..games.tang_garden.components import default_components

    comps = components or default_components()
    t = comps.tile(tile)
    uid = new_uid()
    X, Y = 14, 14
    parts = [_tile_markup(comps, tile, rot, X, Y, cell, uid, attrs=f' data-tile="{tile}" data-rot="{rot}"')]
    edges = t.turned(rot)
    lines = [f"tile {t.id}, {t.stack} stack" + (f", turned {rot}°" if rot else ""),
             " · ".join(f"{side} {e}" for side, e in zip("NESW", edges))]
    if t.temple:
        lines.append(f"a {t.temple} temple: walls all round")
    if t.inner:
        lines.append("closed inside: " + ", ".join(t.inner))
    if t.areas:
        lines.append("decoration areas: " + ", ".join(t.areas))
    if t.spot:
        lines.append("a character spot")
    tb, th = _text_block(lines, 8, Y + cell + 8, width=40)
    parts.append(tb)
    return _document(max(cell + 28, 260), Y + cell + 14 + th, "".join(parts), uid, label=lines[0])


def render_player(view, player: int, *, names=None) -> SvgStr:
    """``player``'s board as ``view`` (``rules.view(state)``, or one seat's) shows it."""
    uid = new_uid()
    pp, ph = player_parts(view.state, player, 8, 6, names=names, score=view.scores[player])
    return _document(COLUMN_W + 16, ph + 14, pp, uid, label=f"{_name(names, player)}'s board")


def render_stacks(state) -> SvgStr:
    """The four stacks and their face-up tops."""
    uid = new_uid()
    sp, sh = render_stacks_parts(state, 8, 4, uid)
    return _document(4 * 86 + 16, sh + 12, sp, uid, label="the four stacks")


def render_state(view, *, names=None, sight=None) -> SvgStr:
    """A whole position: the status, the garden with its landscape slots, tokens, decorations and
    characters (and their lines of sight), the stacks, the displays and every player's board, as
    ``view`` shows them (``rules.view(state)``: all the state holds; ``rules.view(state, player)``:
    one seat's sight). ``sight``: ``(x, y, where, facing)`` of a line of sight to show strongly."""
    s = view.state
    uid = new_uid()
    status = status_line(view, names)
    BX, BY = 8 + MARGIN, 30 + MARGIN
    W = SIZE * CELL
    parts = [f'<text class="gk-ghead gk-status" x="8" y="18">{esc(status)}</text>', _board_body(s, uid, BX, BY, CELL),
             _slots_markup(s, BX, BY, CELL)]
    for cid, owner, x, y, where, facing in s.placed:
        parts.append(_sight_markup(s, x, y, where, facing, BX, BY, CELL))
    if sight is not None:
        parts.append(_sight_markup(s, *sight, BX, BY, CELL, cls="gk-gsight gk-gpreview", cells=True))
    for cid, owner, x, y, where, facing in s.placed:
        parts.append(_char_markup(s, cid, owner, x, y, where, facing, BX, BY, CELL, names=names))
    SX = BX + W + MARGIN + 14
    y = 30
    sp, sh = render_stacks_parts(s, SX, y, uid)
    parts.append(sp)
    y += sh + 4
    dp, dh = _drawn_parts(s, SX, y, pickable=False, picked=None)
    parts.append(dp)
    y += dh
    lp, lh = _display_parts(s, SX, y)
    parts.append(lp)
    y += lh + 4
    now = view.to_act
    known = view.scores
    for q in range(s.players):
        pp, ph = player_parts(s, q, SX, y, names=names, score=known[q], now=now == q)
        parts.append(pp)
        y += ph + 4
    width = max(SX + COLUMN_W + 8, 7.2 * len(status) + 16)
    height = max(BY + W + MARGIN, y) + 8
    return _document(width, height, "".join(parts), uid, label=status)


# ----- one piece, large, its parts named ---------------------------------------------------------------
def component_svg(components=None, tile: int | None = None) -> SvgStr:
    """One garden tile drawn large with its parts named (its four edges' terrain, what lies
    closed inside it, its character spot): the picture early in the dashboard. ``tile``: its
    number (default the first tile with a character spot and the most areas; ``components`` the
    shipped set by default). A part whose data is reconstructed says so.

    >>> svg = component_svg()
    >>> 'class="gk-svg gk-component"' in svg and "north edge" in svg and "(reconstructed)" in svg
    True
    """
    from ..games.tang_garden.components import default_components
    from .labels import Part, labelled

    comps = components or default_components()
    tiles = [t for t in comps.tiles if not t.temple]
    t = (comps.tile(tile) if tile is not None
         else max(tiles, key=lambda x: (bool(x.spot), len(x.areas), len(x.inner), -x.id)))
    source = getattr(t, "source", "reconstructed")
    uid = new_uid()
    cell, X, Y = 220, 30, 52
    body = _tile_markup(comps, t.id, 0, X, Y, cell, uid, attrs=f' data-tile="{t.id}"')
    parts = []
    if t.temple:
        parts.append(Part(X + cell / 2, Y + cell * .3, f"a {t.temple} temple: walls all round (tang_garden.build.wall)",
                          source))
    else:
        where = {"north": (.5, .16), "east": (.84, .5), "south": (.5, .84), "west": (.16, .5)}
        for side, edge in zip(("north", "east", "south", "west"), t.turned(0)):
            u, v = where[side]
            more = ("; a shared edge must show the same terrain as its neighbour's (tang_garden.build.match)"
                    if side == "north" else "")
            parts.append(Part(X + u * cell, Y + v * cell, f"the {side} edge: {edge}{more}", source))
        if t.inner:
            parts.append(Part(X + cell / 2 - cell / 7, Y + cell / 2, "closed inside the tile: " + ", ".join(t.inner)
                              + " (tang_garden.build.inner)", source))
        if t.spot:
            parts.append(Part(X + cell / 2, Y + cell / 2, "a character spot: a visitor may stand here", source))
    if t.areas:
        parts.append(Part(X + cell - 6, Y + cell - 6, f"tile {t.id}, {t.stack} stack; its areas: " + ", ".join(t.areas),
                          source))
    return labelled(body, (X, Y, cell, cell), parts, uid=uid, game="tang_garden",
                    heading=f"A Tang Garden garden tile: tile {t.id}",
                    document=lambda width, height, b, u, label: _document(width, height, b, u, label=label))
