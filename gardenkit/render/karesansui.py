"""Karesansui as SVG: a garden on the player-aide side, the bidding board, the round tracker and
the demerit decks, whole states and the clickable board.

Pure functions of what they are given, returning :class:`~gardenkit.render.svg.SvgStr`: a
position's drawings take a :class:`~gardenkit.core.view.View`, the rules' one answer for a
drawing (``rules.view(state, player, selected_rocks)``): what can be clicked and why not (each
pile's bid of the picked rocks, pass, the sets to turn in), the turn-in orders and what each step
costs and the decks' top cards (its ``extra``), and what the viewer may see of the others'
demerits. The forbidden sets are read from a garden (``forbidden_sets``). Nothing is decided or
asked here: no rules object, no rules module.

A rock never reads by colour alone: each pebble is filled with its colour's pattern and carries
its notation (``R2``: a red II), and a garden has a row per value and a column per colour, so
Trips (a cell holding 3), a Foursome (4 pebbles in a row) and a Straight Flush (a full column)
are easy to see; the sets the garden holds are also ringed and named under it.

>>> import gardenkit
>>> rules = gardenkit.make("karesansui")
>>> s = rules.initial_state(players=3, seed=7)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> svg = render_board(rules.view(s, s.to_move))
>>> 'data-action="bid 1: nothing"' in svg and 'data-pick="' in svg and 'data-version="0"' in svg
True
>>> render_state(rules.view(s)).startswith("<svg")
True
"""
from __future__ import annotations

from collections import Counter

from ..games.karesansui.actions import forbidden_sets, parse, rocks_text, set_kind
from ..games.karesansui.components import DECK_NAMES, DECKS, default_components
from .svg import BODY_END, BODY_START, SvgStr, esc, game_document, hit, new_uid, reflow, title

__all__ = [
    "component_svg",
    "KARESANSUI_CSS", "demerits_text", "karesansui_pattern_defs", "karesansui_patterns", "render_bidding_board",
    "render_board", "render_garden", "render_state", "status_line",
]

ROMAN = {1: "I", 2: "II", 3: "III"}
CELL = 50  # a garden cell on the board
SMALL_CELL = 30  # the other players' gardens
WEDGE_W, WEDGE_H = 150, 166  # a pile's wedge on the bidding board
PEBBLE = 12  # a pile's pebble radius

#: per colour letter: fill, pattern ink, pattern kind (the letter is written on every pebble too)
ROCK_STYLE = {
    "R": ("#ef8a7f", "#9e2a20", "stripes"),
    "Y": ("#f6dc6e", "#8a6d00", "dots"),
    "G": ("#93cf86", "#2d6a27", "rows"),
    "B": ("#8fb6ea", "#1f4f8f", "waves"),
    "W": ("#f7f5ef", "#8a8478", "cross"),
}
_EXTRA = (("#d9b3e6", "#5f2c73", "stripes"), ("#f2b27a", "#8a4a10", "dots"), ("#b9c4c9", "#3c4a50", "rows"),
          ("#e6c8a0", "#6b4a1c", "waves"))

KARESANSUI_CSS = (
    ".gk-kpeb{stroke:#3b3126;stroke-width:1.1}"
    ".gk-klbl{font:bold 11.5px sans-serif;fill:#111;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:2.6px;"
    "pointer-events:none}"
    ".gk-kcount{font:bold 11.5px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none;paint-order:stroke;"
    "stroke:#3b3126;stroke-width:9px;stroke-linejoin:round}"
    ".gk-kcell{fill:#f6f0e1;stroke:#d4c8ad;stroke-width:.8}"
    ".gk-khead{font:bold 11.5px sans-serif;fill:var(--gk-ink2,#4d4232);text-anchor:middle}"
    ".gk-krow{font:bold 12px sans-serif;fill:var(--gk-ink2,#4d4232);text-anchor:middle}"
    ".gk-kset{fill:none;stroke:#8b1e1e;stroke-width:2.2;stroke-dasharray:5 3;pointer-events:none}"
    ".gk-ksetline{fill:none;stroke:#8b1e1e;stroke-opacity:.7;stroke-width:3;stroke-linecap:round;pointer-events:none}"
    ".gk-ksettx{font:11.5px sans-serif;fill:var(--gk-bad,#8b1e1e)}"
    ".gk-kpick{cursor:pointer}.gk-kpick .gk-kcell{fill:#fbf6ea}.gk-kpick:hover .gk-kcell{fill:#fff0c2}"
    ".gk-ksel{fill:none;stroke:#d18f00;stroke-width:4;pointer-events:none}"
    ".gk-kselnum{font:bold 11.5px sans-serif;fill:#6b4500;pointer-events:none;paint-order:stroke;stroke:#fffbe9;"
    "stroke-width:2.6px;stroke-linejoin:round}"
    ".gk-kwedge{fill:#efe7d3;stroke:#8c7a5b;stroke-width:1.4}"
    ".gk-kwedge.gk-kown{fill:#fbefcf}"
    ".gk-ktx{font:12px sans-serif;fill:var(--gk-ink,#2b2b2b)}.gk-ktxb{font:bold 12px sans-serif;fill:var(--gk-ink,#2b2b2b)}"
    ".gk-ksmall{font:11.5px sans-serif;fill:var(--gk-ink2,#4b4b4b)}"
    ".gk-kwedgeg .gk-ktx,.gk-kwedgeg .gk-ktxb,.gk-kdeckg .gk-ktx,.gk-kdeckg .gk-ktxb{fill:#2b2b2b}"
    ".gk-kwedgeg .gk-ksmall,.gk-kdeckg .gk-ksmall,.gk-ktracker .gk-ksmall{fill:#4b4b4b}"
    ".gk-ktracker .gk-ktracknote{fill:var(--gk-ink2,#4b4b4b)}"
    ".gk-kpile{fill:transparent;stroke:none;cursor:pointer}"
    ".gk-kpile.gk-klegal{stroke:#1f6f43;stroke-width:3;stroke-dasharray:8 4}"
    ".gk-kpile.gk-klegal:hover{fill:rgba(255,214,102,.25);stroke:#b07d00}"
    ".gk-kpile.gk-illegal:hover{fill:rgba(120,120,120,.12)}"
    ".gk-kpile.gk-marked{stroke:#d18f00;stroke-width:5;stroke-dasharray:none}"
    ".gk-ktrack{fill:#f6f0e1;stroke:#8c7a5b;stroke-width:1}.gk-ktrack.gk-know{fill:#fff1bf}"
    ".gk-kblack{fill:#1d1d1b;stroke:#000}.gk-kblacktx{font:bold 11.5px sans-serif;fill:#fff;text-anchor:middle;"
    "pointer-events:none}"
    ".gk-kdeck{fill:#fffdf7;stroke:#6b5a45;stroke-width:1.2}.gk-kdeck.gk-kempty{fill:#eee;stroke-dasharray:4 2}"
    ".gk-korder text{font:12px sans-serif;fill:var(--gk-ink,#2b2b2b)}.gk-korder .gk-btn text{fill:#2b2b2b}"
    ".gk-btn.gk-marked rect{stroke:#d18f00;stroke-width:3}"
    ".gk-ksmallg .gk-klbl{font-size:9px;stroke-width:2px}.gk-ksmallg .gk-kcount{font-size:9px;stroke-width:7px}"
    ".gk-ksmallg .gk-khead,.gk-ksmallg .gk-krow{font-size:9px}"
)


_rocks_text = rocks_text


def _value(rock: str) -> int:
    return int(rock[1:])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ----- patterns ---------------------------------------------------------------------------------
def _style(comps, letter: str):
    if letter in ROCK_STYLE:
        return ROCK_STYLE[letter]
    return _EXTRA[comps.colours.index(letter) % len(_EXTRA)]


def karesansui_patterns(uid: str, comps=None) -> str:
    """``<pattern>`` definitions ``{uid}-rR``, ``-rY`` … (one per rock colour: fill and a pattern)."""
    comps = comps or default_components()
    u = 'patternUnits="userSpaceOnUse"'
    out = []
    for c in comps.colours:
        fill, ink, kind = _style(comps, c)
        pid = f"{uid}-r{c}"
        if kind == "stripes":
            out.append(f'<pattern id="{pid}" {u} width="6" height="6"><rect width="6" height="6" fill="{fill}"/>'
                       f'<path d="M0 6L6 0" stroke="{ink}" stroke-width="1.1"/></pattern>')
        elif kind == "dots":
            out.append(f'<pattern id="{pid}" {u} width="7" height="7"><rect width="7" height="7" fill="{fill}"/>'
                       f'<circle cx="2" cy="2" r="1.2" fill="{ink}"/><circle cx="5.5" cy="5.5" r="1" fill="{ink}"/></pattern>')
        elif kind == "rows":
            out.append(f'<pattern id="{pid}" {u} width="6" height="5"><rect width="6" height="5" fill="{fill}"/>'
                       f'<path d="M0 4.5H6" stroke="{ink}" stroke-width="1"/></pattern>')
        elif kind == "waves":
            out.append(f'<pattern id="{pid}" {u} width="10" height="6"><rect width="10" height="6" fill="{fill}"/>'
                       f'<path d="M0 4Q2.5 1.5 5 4T10 4" stroke="{ink}" stroke-width="1" fill="none"/></pattern>')
        else:
            out.append(f'<pattern id="{pid}" {u} width="6" height="6"><rect width="6" height="6" fill="{fill}"/>'
                       f'<path d="M0 0L6 6M6 0L0 6" stroke="{ink}" stroke-width=".6"/></pattern>')
    return "".join(out)


def karesansui_pattern_defs(uid: str, comps=None) -> str:
    """The patterns of drawing ``uid`` in an invisible ``<svg>``, kept once in a widget's page."""
    return (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"<defs>{karesansui_patterns(uid, comps)}</defs></svg>")


def _document(width, height, body, uid, comps, *, label, attrs="", style=True, patterns=True) -> SvgStr:
    return game_document(width, height, body, uid, label=label, attrs=attrs, style=style,
                         defs=karesansui_patterns(uid, comps) if patterns else "", css=KARESANSUI_CSS)


def _pebble(cx: float, cy: float, r: float, rock: str, comps, uid: str, tip: str | None = None) -> str:
    """One rock: an oval filled with its colour's pattern, its notation written on it."""
    t = title(tip) if tip else ""
    return (f'<g class="gk-krock" data-rock="{esc(rock)}">{t}<ellipse class="gk-kpeb" cx="{cx:g}" cy="{cy:g}" '
            f'rx="{r:g}" ry="{r * .8:g}" fill="url(#{uid}-r{esc(rock[0])})"/>'
            f'<text class="gk-klbl" x="{cx:g}" y="{cy + 4:g}">{esc(rock)}</text></g>')


# ----- a garden -----------------------------------------------------------------------------------
def _garden_parts(garden, comps, uid: str, X: float, Y: float, cell: float, *, clickable: bool = False,
                  sets: bool = True, small: bool = False) -> tuple[str, float, float]:
    """A garden as the player aide lays it out: a row per value (I, II, III), a column per colour;
    each cell one pebble with the count; the forbidden sets ringed and named under the grid."""
    counts = Counter(garden)
    left, top = (22 if small else 34), (14 if small else 18)
    cols = comps.colours
    parts = [f'<g class="gk-kgarden{" gk-ksmallg" if small else ""}">']
    for j, c in enumerate(cols):
        name = comps.colour_names[j]
        head = f"{name} {c}" if cell >= 50 else c
        parts.append(f'<text class="gk-khead" x="{X + left + j * cell + cell / 2:g}" y="{Y + top - 5:g}">{esc(head)}</text>')
    for i, v in enumerate(comps.values):
        parts.append(f'<text class="gk-krow" x="{X + left / 2:g}" y="{Y + top + i * cell + cell / 2 + 4:g}">'
                     f"{ROMAN.get(v, v)}</text>")
        for j, c in enumerate(cols):
            rock = f"{c}{v}"
            n = counts[rock]
            cx, cy = X + left + j * cell, Y + top + i * cell
            tip = f"{comps.rock_name(rock)} ({rock}): {n} in this garden"
            pick = clickable and n > 0
            cls = "gk-kcellg gk-kpick" if pick else "gk-kcellg"
            attr = f' data-pick="{rock}"' if pick else ""
            parts.append(f'<g class="{cls}"{attr} data-count="{n}">{title(tip + (", click to add it to your bid" if pick else ""))}'
                         f'<rect class="gk-kcell" x="{cx + 1:g}" y="{cy + 1:g}" width="{cell - 2:g}" height="{cell - 2:g}" rx="4"/>')
            if n:
                r = cell * .36
                parts.append(_pebble(cx + cell / 2, cy + cell / 2 + 1, r, rock, comps, uid))
                if n > 1:
                    parts.append(f'<text class="gk-kcount" x="{cx + cell - 9:g}" y="{cy + 13:g}">×{n}</text>')
            parts.append("</g>")
    gw, gh = left + len(cols) * cell, top + len(comps.values) * cell
    if sets:
        found = forbidden_sets(garden)
        names = {"trips": "Trips", "foursome": "Foursome", "flush": "Straight Flush"}
        k_four = 0
        for rocks in found:
            kind = set_kind(rocks)
            label = f"{names[kind]} {' '.join(rocks)}"
            pos = [(cols.index(r[0]), comps.values.index(_value(r))) for r in rocks]
            if kind == "trips":
                j, i = pos[0]
                parts.append(f'<circle class="gk-kset" data-set="{esc(label)}" cx="{X + left + j * cell + cell / 2:g}" '
                             f'cy="{Y + top + i * cell + cell / 2 + 1:g}" r="{cell * .46:g}">{title(label)}</circle>')
            elif kind == "flush":
                j = pos[0][0]
                parts.append(f'<rect class="gk-kset" data-set="{esc(label)}" x="{X + left + j * cell + 3:g}" '
                             f'y="{Y + top + 3:g}" width="{cell - 6:g}" height="{len(comps.values) * cell - 6:g}" '
                             f'rx="{cell * .4:g}">{title(label)}</rect>')
            else:
                i = pos[0][1]
                dy = cell * .82 - 4 * (k_four % 5)
                k_four += 1
                pts = " ".join(f"{X + left + j * cell + cell / 2:g},{Y + top + i * cell + dy:g}" for j, _ in sorted(pos))
                parts.append(f'<polyline class="gk-ksetline" data-set="{esc(label)}" points="{pts}">{title(label)}</polyline>')
        if not small:
            lines = [f"{names[set_kind(r)]}: {' '.join(r)}" for r in found]
            if not lines:
                lines = ["No forbidden set in this garden."]
            elif len(lines) > 6:
                lines = lines[:5] + [f"… and {len(found) - 5} more forbidden sets"]
            else:
                lines = ["Forbidden sets here:"] + lines
            for k, text in enumerate(lines):
                parts.append(f'<text class="gk-ksettx" x="{X:g}" y="{Y + gh + 16 + k * 15:g}">{esc(text)}</text>')
            gh += 8 + 15 * len(lines)
        elif found:
            parts.append(f'<text class="gk-ksettx" x="{X:g}" y="{Y + gh + 12:g}">{_plural(len(found), "forbidden set")}</text>')
            gh += 16
    parts.append("</g>")
    return "".join(parts), gw, gh


def render_garden(state_or_garden, player: int = 0, *, cell: float = CELL, components=None, sets: bool = True,
                  label: str | None = None) -> SvgStr:
    """One garden on the player-aide side (rows I, II, III; a column per colour), each rock a
    pebble with its notation and count; with ``sets`` the forbidden sets it holds are ringed
    (Trips), lined (Foursome: four in a row) or framed (Straight Flush: a full column) and named.
    Takes a state and a player, or a bare garden (a list of rocks)."""
    if isinstance(state_or_garden, (list, tuple)):
        garden, comps = tuple(state_or_garden), components or default_components()
    else:
        garden, comps = state_or_garden.gardens[player], state_or_garden.components
    uid = new_uid()
    small = cell < 40
    y = 4
    parts = []
    if label:
        parts.append(f'<text class="gk-ktxb" x="6" y="16">{esc(label)}</text>')
        y = 22
    g, w, h = _garden_parts(garden, comps, uid, 6, y, cell, sets=sets, small=small)
    parts.append(g)
    return _document(w + 12, y + h + 6, "".join(parts), uid, comps,
                     label=label or f"garden: {_rocks_text(garden)}")


# ----- the bidding board ------------------------------------------------------------------------------
def _bid_words(rocks, comps) -> str:
    v = sum(comps.value(r) for r in rocks)
    return f"worth {v} · {_plural(len(rocks), 'rock')}"


def _wrap(rocks, per: int = 6) -> list[str]:
    rocks = list(rocks)
    if not rocks:
        return ["nothing (no rocks)"]
    lines = [" ".join(rocks[k:k + per]) for k in range(0, min(len(rocks), 3 * per), per)]
    if len(rocks) > 3 * per:
        lines[-1] += " …"
    return lines


def _bidding_parts(state, uid: str, X: float, Y: float, *, targets=(), marked=None, names=None,
                   clickable: bool = True, viewer: int | None = None, per_row: int | None = None) -> tuple[str, float, float]:
    """The bidding board: the piles in one row (``per_row``: where the board has little room, a
    phone, they go ``per_row`` to a row; see :func:`~gardenkit.render.svg.reflow`)."""
    s = state
    comps = s.components
    by_pile = {t.at[0]: t for t in targets if t.at}
    parts = [f'<g class="gk-kbidding"><text class="gk-ktxb" x="{X:g}" y="{Y + 12:g}">Bidding board: '
             f'{_plural(len(s.piles), "pile")}</text>']
    top = Y + 18
    for i, pile in enumerate(s.piles):
        x = X + i * (WEDGE_W + 8)
        inset = 16
        d = (f"M{x:g} {top:g}H{x + WEDGE_W:g}L{x + WEDGE_W - inset:g} {top + WEDGE_H:g}"
             f"H{x + inset:g}Z")
        bid = s.bids[i]
        own = " gk-kown" if bid is not None and viewer is not None and bid[0] == viewer else ""
        pile_at = len(parts)
        parts.append(f'<g class="gk-kwedgeg" data-pile="{i + 1}"><path class="gk-kwedge{own}" d="{d}"/>')
        parts.append(f'<text class="gk-ktxb" x="{x + 10:g}" y="{top + 16:g}">Pile {i + 1}</text>'
                     f'<text class="gk-ktx" x="{x + WEDGE_W - 10:g}" y="{top + 16:g}" text-anchor="end">'
                     f"worth {s.pile_value(i)}</text>")
        per = 4
        for k, rock in enumerate(pile):
            cx = x + 26 + (k % per) * (PEBBLE * 2 + 8)
            cy = top + 36 + (k // per) * (PEBBLE * 2)
            parts.append(_pebble(cx, cy, PEBBLE, rock, comps, uid, comps.rock_name(rock)))
        if not pile:
            parts.append(f'<text class="gk-ksmall" x="{x + 12:g}" y="{top + 40:g}">(no rocks yet)</text>')
        by = top + 96
        parts.append(f'<path d="M{x + 14:g} {by - 14:g}H{x + WEDGE_W - 14:g}" stroke="#b9a98a" stroke-width="1"/>')
        if bid is None:
            parts.append(f'<text class="gk-ktx" x="{x + 12:g}" y="{by + 2:g}">no bid yet</text>')
        else:
            who = names[bid[0]] if names else f"Player {bid[0] + 1}"
            parts.append(f'<text class="gk-ktxb" x="{x + 12:g}" y="{by + 2:g}">bid: {esc(who)}</text>')
            for k, line in enumerate(_wrap(bid[1])):
                parts.append(f'<text class="gk-ktx" x="{x + 14:g}" y="{by + 18 + k * 14:g}">{esc(line)}</text>')
            parts.append(f'<text class="gk-ksmall" x="{x + 14:g}" y="{by + 62:g}">{esc(_bid_words(bid[1], comps))}</text>')
        t = by_pile.get(i)
        if t is not None:
            legal = t.points is not None
            cls = "gk-kpile " + ("gk-klegal" if legal else "gk-illegal") + (" gk-marked" if t.action == marked else "")
            tip = f"click: {t.action}" if legal else f"refused: {t.reason}"
            act = f' data-action="{esc(t.action)}"' if clickable else ""
            parts.append(f'<path class="{cls}"{act} d="{d}">{title(tip)}</path>')
        parts.append("</g>")
        if per_row and i >= per_row:
            row, col = divmod(i, per_row)
            parts[pile_at:] = [reflow("".join(parts[pile_at:]), (col - i) * (WEDGE_W + 8), row * (WEDGE_H + 8))]
    parts.append("</g>")
    return "".join(parts), len(s.piles) * (WEDGE_W + 8), WEDGE_H + 18


def _tracker_parts(state, X: float, Y: float) -> tuple[str, float, float]:
    s = state
    n = s.components.tracker
    size = 22
    parts = [f'<g class="gk-ktracker"><text class="gk-ktxb" x="{X:g}" y="{Y + 12:g}">Round {s.round} · '
             f"round tracker</text>"]
    y = Y + 18
    for k in range(1, n + 1):
        x = X + (k - 1) * (size + 3)
        now = " gk-know" if k == s.tracker else ""
        parts.append(f'<rect class="gk-ktrack{now}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="3"/>')
        if k == s.tracker:
            parts.append(f'<g class="gk-kblackrock" data-space="{k}">{title(f"the black rock, on space {k} of {n}")}'
                         f'<circle class="gk-kblack" cx="{x + size / 2:g}" cy="{y + size / 2:g}" r="{size * .38:g}"/>'
                         f'<text class="gk-kblacktx" x="{x + size / 2:g}" y="{y + size / 2 + 3:g}">K</text></g>')
        else:
            parts.append(f'<text class="gk-ksmall" x="{x + size / 2:g}" y="{y + size / 2 + 4:g}" text-anchor="middle">{k}</text>')
    if s.tracker:
        note = f"the black rock (K) is on space {s.tracker} of {n}"
    elif s.black_out:
        note = "the black rock has been drawn from the bag"
    else:
        note = "the black rock is in the bag"
    parts.append(f'<text class="gk-ksmall gk-ktracknote" x="{X:g}" y="{y + size + 14:g}">{esc(note)} · '
                 f'{len(s.bag)} rocks in the bag</text></g>')
    return "".join(parts), max(n * (size + 3), 6.2 * (len(note) + 22)), 18 + size + 18


def _decks_parts(state, X: float, Y: float, top_cards) -> tuple[str, float, float]:
    s = state
    decks, names = DECKS, DECK_NAMES
    w, h = 96, 52
    parts = [f'<g class="gk-kdecks"><text class="gk-ktxb" x="{X:g}" y="{Y + 12:g}">Demerit decks</text>']
    for k, d in enumerate(decks):
        x, y = X + k * (w + 6), Y + 18
        left = max(0, len(s.components.decks[d]) - s.taken[k])
        top = top_cards[d]
        empty = " gk-kempty" if left == 0 else ""
        tip = (f"{names[d]}: top card {top}, {left} left" if left else
               f"{names[d]}: empty; the next one still costs {top}")
        parts.append(f'<g class="gk-kdeckg" data-deck="{d}" data-top="{top}" data-left="{left}">{title(tip)}'
                     f'<rect class="gk-kdeck{empty}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5"/>'
                     f'<text class="gk-ktxb" x="{x + w / 2:g}" y="{y + 15:g}" text-anchor="middle">{esc(names[d])}</text>'
                     f'<text class="gk-ktx" x="{x + w / 2:g}" y="{y + 31:g}" text-anchor="middle">'
                     f'{"top card " if left else "empty: next "}{top}</text>'
                     f'<text class="gk-ksmall" x="{x + w / 2:g}" y="{y + 45:g}" text-anchor="middle">{left} left</text></g>')
    parts.append("</g>")
    return "".join(parts), 4 * (w + 6), 18 + h + 4


def render_bidding_board(view, *, marked: str | None = None, clickable: bool = False) -> SvgStr:
    """The bidding board of a :class:`~gardenkit.core.view.View`: each pile in its wedge (its rocks
    and value, the standing bid with its owner, value and rock count), the round tracker with the
    black rock (or where it went) and the four demerit decks' top cards with the cards left. With
    ``clickable`` and the view's seat to bid, each pile is a ``data-action="bid N: <selected>"``
    target (``view.targets``: ``rules.view(state, player, selected_rocks)``)."""
    s = view.state
    uid = new_uid()
    targets = view.targets if clickable else ()
    b, bw, bh = _bidding_parts(s, uid, 6, 4, targets=targets, marked=marked, clickable=clickable, viewer=view.viewer)
    t, tw, th = _tracker_parts(s, 6, 8 + bh)
    d, dw, dh = _decks_parts(s, 6, 12 + bh + th, view.extra["top_cards"])
    return _document(max(bw, tw, dw) + 12, 16 + bh + th + dh, b + t + d, uid, s.components, label="Karesansui bidding board")


# ----- status -------------------------------------------------------------------------------------------
def status_line(view) -> str:
    """What is happening, in words, of a :class:`~gardenkit.core.view.View`."""
    s = view.state
    p = view.to_act
    if p is None:
        o = view.outcome
        if o is None:
            return "Game over"
        names = " and ".join(f"Player {w + 1}" for w in o.winners)
        verb = "share the win" if len(o.winners) > 1 else "wins"
        return f"Game over ({s.over}): {names} {verb} with {_plural(o.scores[o.winners[0]], 'demerit')}"
    r = f"Round {s.round}"
    if not isinstance(p, int):
        return {"deal": f"{r}: five rocks are drawn into each garden",
                "refill": f"{r}: the start player lays out the piles",
                "draw": f"{r}: Player {(s.passer or 0) + 1} passed and draws a rock"}.get(s.phase, r)
    if s.phase == "turnin":
        return f"{r}: Player {p + 1} turns in a forbidden set"
    return f"{r}: Player {p + 1} to bid (or pass once every pile has a bid)"


def demerits_text(view) -> str:
    """The demerits ``view.viewer`` may see (``rules.view(state, viewer)``): their own total, the
    others' number of cards (face down), everyone's totals once the game is over. With no viewer:
    what the state itself shows (an observation hides the others' totals)."""
    s, viewer = view.state, view.viewer
    known = view.scores
    out = []
    for q in range(s.players):
        cards = len(s.lines[q])
        if known[q] is None:
            out.append(f"P{q + 1}: {_plural(cards, 'card')} face down")
        else:
            who = "you" if q == viewer else f"P{q + 1}"
            out.append(f"{who}: {known[q]} ({_plural(cards, 'card')})")
    return "Demerits  " + "   ".join(out)


# ----- the turn-in chooser --------------------------------------------------------------------------------
def _button(X: float, Y: float, text: str, attrs: str, tip: str, cls: str = "gk-btn") -> tuple[str, float]:
    """A button drawn 30 high, its tap area (``svg.hit``, unseen) 34 high and 3 wider each side (rows
    of buttons are 34 apart, buttons side by side 8): a finger (24 px) tall on a phone even where a
    late game's column makes the board ~450 wide, shown at ~0.8."""
    w = 7.2 * len(text) + 22
    return (f'<g class="{cls}"{attrs}>{title(tip)}{hit(X - 3, Y - 2, w + 6, 34)}'
            f'<rect x="{X:g}" y="{Y:g}" width="{w:g}" height="30" rx="6"/>'
            f'<text x="{X + w / 2:g}" y="{Y + 19:g}" text-anchor="middle">{esc(text)}</text></g>'), w


def _kind_name(notation: str) -> str:
    return DECK_NAMES.get(parse(notation).kind, "set")


def _chooser_parts(view, X: float, Y: float, *, marked=None, clickable=True, max_rows: int = 10) -> tuple[str, float, float]:
    """The turn-in chooser: ``view.extra["turn_in"]`` (each order of turning in, cheapest first), and
    every other set that may go first (``view.offered``)."""
    rows = view.extra.get("turn_in", ())
    legal = [t.action for t in view.offered if t.legal]
    parts = ['<g class="gk-korders">',
             f'<text class="gk-ktxb" x="{X:g}" y="{Y + 12:g}">Turn in your forbidden sets, one at a time '
             f"({_plural(len(rows), 'order')}, cheapest first):</text>"]
    y, width = Y + 20, 420
    shown = set()
    for k, (steps, total) in enumerate(rows[:max_rows]):
        first, cost = steps[0]
        shown.add(first)
        cls = "gk-btn gk-kturnin" + (" gk-marked gk-on" if first == marked else "")
        act = f' data-action="{esc(first)}"' if clickable else ""
        b, w = _button(X, y, f"{first} (+{cost})", act, f"turn in this {_kind_name(first)} first: +{cost} demerits", cls)
        rest = "".join(f", then {n} (+{c})" for n, c in steps[1:])
        parts.append(f'<g class="gk-korder" data-order="{k + 1}" data-total="{total}">{b}'
                     f'<text x="{X + w + 6:g}" y="{y + 19:g}">{esc(rest[2:] + ": " if rest else "")}'
                     f"<tspan font-weight=\"bold\">{_plural(total, 'demerit')} in all</tspan></text></g>")
        width = max(width, w + 12 + 7 * (len(rest) + 16))
        y += 34
    if len(rows) > max_rows:
        parts.append(f'<text class="gk-ksmall" x="{X:g}" y="{y + 12:g}">… and {len(rows) - max_rows} more orders '
                     "(the panel lists them all)</text>")
        y += 18
    for first in legal:  # every set can be turned in first, even when its orders are not listed
        if first in shown:
            continue
        cls = "gk-btn gk-kturnin" + (" gk-marked gk-on" if first == marked else "")
        act = f' data-action="{esc(first)}"' if clickable else ""
        b, w = _button(X, y, first, act, f"turn in this {_kind_name(first)} first", cls)
        parts.append(b)
        y += 34
    parts.append("</g>")
    return "".join(parts), width, y - Y


# ----- the clickable board ---------------------------------------------------------------------------------
def render_board(view, *, marked: str | None = None, header: str | None = None,
                 clickable: bool = True, uid: str | None = None, version: int = 0, style: bool = True,
                 patterns: bool = True, targets=None, names=None, cell: float = CELL) -> SvgStr:
    """The interactive board of ``view.viewer``: ``rules.view(state, player, selected)``, where
    ``selected`` are the rocks picked for the bid being built.

    At the top the status line and the demerits the player may see; then the
    bidding board, each pile a ``data-action="bid N: <selected rocks>"`` target when the player is
    to bid (class ``gk-klegal`` when the engine allows it, ``gk-illegal`` with the engine's reason
    as tooltip otherwise: ``view.targets``, or the ``targets`` given); under it, on the left, the player's
    garden (the drawing's body, between :data:`~gardenkit.render.svg.BODY_START` and ``BODY_END``:
    its markup depends on the garden only), each rock a ``data-pick="R2"`` target; the rocks of
    the bid being built (``selected``) ringed with how many are in it. On the right: the bid being
    built with its value, the ``data-action="pass"`` button when its target is legal, a
    ``data-ui="clear"`` button, and in the turn-in phase the order chooser (each order's first
    set a ``data-action="turn in …"`` button, with the demerits of every step and the total);
    then the round tracker and the demerit decks. ``marked``: a move to ring (a hint).
    ``clickable=False``: a picture (no data-* targets)."""
    s = view.state
    player = view.viewer
    comps = s.components
    uid = uid or new_uid()
    selected = tuple(view.selection or ())
    my_turn = view.mine
    status = header or status_line(view)
    parts = [f'<text class="gk-tx gk-status" x="8" y="18" font-weight="bold">{esc(status)}</text>',
             f'<text class="gk-tx gk-kdemerits" x="8" y="36" font-size="12">'
             f'{esc(demerits_text(view))}</text>']
    if targets is None:
        targets = view.targets if clickable else ()
    elif not clickable:
        targets = ()
    # where the board has little room (a phone, see reflow): the piles two to a row, the garden
    # under them and the right-hand column under the garden
    per_row = 2
    b, bw, bh = _bidding_parts(s, uid, 8, 44, targets=targets, marked=marked, names=names, clickable=clickable,
                               viewer=player, per_row=per_row)
    parts.append(b)
    down = (max(len(s.piles) - 1, 0) // per_row) * (WEDGE_H + 8)  # the extra rows of piles
    gy = 44 + WEDGE_H + 18 + 14
    garden_at = len(parts)
    parts.append(f'<text class="gk-ktxb" x="8" y="{gy - 2:g}">Your garden (Player {player + 1}), '
                 f"{_plural(len(s.gardens[player]), 'rock')}</text>")
    garden, gw, gh = _garden_parts(s.gardens[player], comps, uid, 8, gy + 4, cell, clickable=clickable)
    parts.append(f"{BODY_START}{garden}{BODY_END}")
    # the bid being built, ringed over the garden (outside the body: a pick leaves the body alone)
    left, top = 34, 18
    for rock, n in Counter(selected).items():
        if rock[0] not in comps.colours or _value(rock) not in comps.values:
            continue
        j, i = comps.colours.index(rock[0]), comps.values.index(_value(rock))
        cx, cy = 8 + left + j * cell, gy + 4 + top + i * cell
        parts.append(f'<rect class="gk-ksel" data-selected="{rock}" data-n="{n}" x="{cx + 2:g}" y="{cy + 2:g}" '
                     f'width="{cell - 4:g}" height="{cell - 4:g}" rx="5"/>'
                     f'<text class="gk-kselnum" x="{cx + 5:g}" y="{cy + cell - 6:g}">bid {n}</text>')
    if down:
        parts[garden_at:] = [reflow("".join(parts[garden_at:]), 0, down)]
    # the right-hand column
    rx, ry = 8 + gw + 24, gy
    column_at = len(parts)
    col_w = 300
    if s.phase == "bid":
        if my_turn and clickable:
            v = sum(comps.value(r) for r in selected)
            line1 = (f"Your bid: {_rocks_text(selected)}" if selected
                     else "Your bid: nothing picked yet (click rocks in your garden)")
            parts.append(f'<text class="gk-ktxb gk-kbuilt" x="{rx:g}" y="{ry + 2:g}">{esc(line1)}</text>'
                         f'<text class="gk-ktx" x="{rx:g}" y="{ry + 18:g}">worth {v} · {_plural(len(selected), "rock")}'
                         " · click a pile with a dashed green edge to bid</text>")
            col_w = max(col_w, 7 * len(line1) + 10, 420)
            ry += 28
            bx = rx
            if any(t.action == "pass" and t.legal for t in targets):
                btn, w = _button(bx, ry, "pass", ' data-action="pass"',
                                 "pass: take a Pass card and draw a rock; the others take their piles",
                                 "gk-btn" + (" gk-marked gk-on" if marked == "pass" else ""))
                parts.append(btn)
                bx += w + 8
            if selected:
                btn, w = _button(bx, ry, "clear my bid", ' data-ui="clear"', "put the picked rocks back")
                parts.append(btn)
                bx += w + 8
            ry += 36
        elif my_turn:
            ry += 4
    elif s.phase == "turnin" and my_turn:
        c, cw, ch = _chooser_parts(view, rx, ry - 10, marked=marked, clickable=clickable)
        parts.append(c)
        col_w = max(col_w, cw)
        ry += ch + 4
    t, tw, th = _tracker_parts(s, rx, ry)
    parts.append(t)
    ry += th + 4
    d, dw, dh = _decks_parts(s, rx, ry, view.extra["top_cards"])
    parts.append(d)
    ry += dh
    parts[column_at:] = [reflow("".join(parts[column_at:]), 8 - rx, down + gh + 26)]
    width = max(bw + 16, rx + max(col_w, tw, dw) + 8, 7.5 * len(status) + 16)
    height = max(gy + 4 + gh, ry) + 8
    return _document(width, height, "".join(parts), uid, comps, label=status, attrs=f' data-version="{version}"',
                     style=style, patterns=patterns)


# ----- a whole state -----------------------------------------------------------------------------------------
def render_state(view, *, cell: float = 40, small_cell: float = SMALL_CELL) -> SvgStr:
    """A whole position (``rules.view(state)``; ``rules.view(state, player)`` for what one player
    may see): the status and demerits (hidden ones, known scores None, as card counts), the
    bidding board, the tracker and decks, every garden (the player to act, or player 1, larger)."""
    s = view.state
    uid = new_uid()
    comps = s.components
    status = status_line(view)
    parts = [f'<text class="gk-tx" x="6" y="18" font-weight="bold">{esc(status)}</text>',
             f'<text class="gk-tx" x="6" y="36" font-size="12">{esc(demerits_text(view))}</text>']
    b, bw, bh = _bidding_parts(s, uid, 6, 44, clickable=False)
    parts.append(b)
    t, tw, th = _tracker_parts(s, 6, 50 + bh)
    parts.append(t)
    d, dw, dh = _decks_parts(s, 14 + tw + 20, 50 + bh, view.extra["top_cards"])
    parts.append(d)
    y = 50 + bh + max(th, dh) + 8
    p = view.to_act
    main = p if isinstance(p, int) else 0
    order = [main] + [q for q in range(s.players) if q != main]
    x, hmax = 6, 0
    for q in order:
        c = cell if q == main else small_cell
        mark = " ◀ to play" if q == p else ""
        parts.append(f'<text class="gk-ktxb" x="{x:g}" y="{y + 12:g}">Player {q + 1}{mark} · '
                     f"{_plural(len(s.gardens[q]), 'rock')}</text>")
        g, w, h = _garden_parts(s.gardens[q], comps, uid, x, y + 18, c, small=c < 40)
        parts.append(g)
        hmax = max(hmax, h + 18)
        x += max(w, 150) + 18
    width = max(x, bw + 12, 14 + tw + 20 + dw + 6, 7.5 * len(status) + 16)
    return _document(width, y + hmax + 8, "".join(parts), uid, comps, label=status)


# ----- one piece, large, its parts named ---------------------------------------------------------------
def component_svg(components=None, colour: str | None = None) -> SvgStr:
    """The rocks drawn large with their parts named: one colour in its three values, and the black
    rock that tracks the rounds: the picture early in the dashboard. ``colour``: a colour's
    letter (default the first; ``components`` the shipped set by default). Reconstructed colours
    say so.

    >>> svg = component_svg()
    >>> 'class="gk-svg gk-component"' in svg and "value" in svg and "(reconstructed)" in svg
    True
    """
    from ..games.karesansui.components import BLACK
    from .labels import Part, labelled

    comps = components or default_components()
    letter = colour or comps.colours[0]
    if letter not in comps.colours:
        raise ValueError(f"Karesansui's colours are {', '.join(comps.colours)}, not {str(letter)[:20]!r}")
    name = comps.colour_names[comps.colours.index(letter)]
    src = lambda key: comps.sources.get(key, {}).get("source", "rulebook")  # noqa: E731
    uid = new_uid()
    r, X, Y = 46, 30, 52
    body, parts = [], []
    for i, v in enumerate(comps.values):
        cx, cy = X + r + i * (2 * r + 24), Y + r
        rock = f"{letter}{v}"
        body.append(_pebble(cx, cy, r, rock, comps, uid, tip=comps.rock_name(rock)))
        if i == 0:
            parts.append(Part(cx - r * .55, cy - r * .35, f"the colour: {name}, one of {len(comps.colours)} "
                              "(karesansui.setup.rocks)", src(("colour", letter))))
        parts.append(Part(cx + 8, cy + 6, f"{comps.rock_name(rock)}: worth {v}, its value written on it", "rulebook"))
    bx, by = X + r, Y + 2 * r + 30 + r * .8
    body.append(_pebble(bx, by, r * .8, BLACK, comps, uid, tip=comps.rock_name(BLACK)))
    parts.append(Part(bx, by, f"the black rock: no colour, no value; it marks the round on a track of {comps.tracker} "
                      "spaces", src("tracker")))
    w = len(comps.values) * (2 * r + 24) - 24
    return labelled("".join(body), (X, Y, w, by + r - Y), parts, uid=uid, game="karesansui",
                    heading=f"Karesansui's rocks: {name} I, II and III, and the black rock",
                    document=lambda width, height, b, u, label: _document(width, height, b, u, comps, label=label))
