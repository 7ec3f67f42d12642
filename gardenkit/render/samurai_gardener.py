"""Samurai Gardener as SVG: houses, cards, the line-up, whole states and the clickable board.

Pure functions of what they are given (a position's drawings: a :class:`~gardenkit.core.view.View`,
``rules.view(state, player)``; or a position's parts) returning :class:`~gardenkit.render.svg.SvgStr`.
Every square shows its type twice, as a letter (F, T, P, G) and as a pattern (floor planks,
tatami stripes, pond waves, garden leaves), so the board reads without colour.
Nothing here decides legality or computes points: the board is given its spots.

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.initial_state(players=2, seed=1)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> svg = render_state(rules.view(s))
>>> svg.startswith("<svg") and 'data-card' in svg and "Player 1" in svg
True
"""
from __future__ import annotations

from .svg import BODY_END, BODY_START, SvgStr, esc, game_document, hit, new_uid, outlines, pressed, spot_marks, title

__all__ = [
    "component_svg",
    "MIN_TAP", "SAMURAI_CSS", "TYPE_STYLE", "board_view", "pattern_defs", "phone_columns", "phone_window",
    "pick_label", "render_board", "render_card", "render_house", "render_lineup", "render_state", "square_patterns",
]

CELL = 40
LINEUP_CELL = 18
#: From this cell size on, a square's letter sits in its bottom-right corner (the top-left
#: corner is where a spot's badge goes), else in its top-left corner.
BIG_CELL = 30

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

TYPE_NAMES = {k: v[3] for k, v in TYPE_STYLE.items()}


def pattern_defs(uid: str) -> str:
    """The square patterns of drawing ``uid`` in an invisible ``<svg>``, to keep in the page once."""
    return (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"<defs>{square_patterns(uid)}</defs></svg>")


#: The stylesheet of Samurai Gardener's drawings, beside the shared :data:`~gardenkit.render.svg.SVG_CSS`:
#: line-up cards, the lines waiting to be scored (specialist rule) and their colours per type.
SAMURAI_CSS = (
    ".gk-lcard[data-card]{cursor:pointer}.gk-lcard[data-card]:hover .gk-lbg{fill:var(--gk-hover,#efe6d2)}"
    ".gk-pick{cursor:pointer}.gk-pick rect{fill:rgba(255,255,255,.3);stroke-width:4}"
    ".gk-pick:hover rect{fill:rgba(255,233,168,.6)}.gk-pick.gk-marked rect{stroke:#d18f00;stroke-width:6;stroke-dasharray:8 3}"
    ".gk-pick text{font:13px sans-serif;fill:#2b2b2b}.gk-pick text.gk-num{font:bold 11px sans-serif;fill:#fff;"
    "text-anchor:middle;pointer-events:none}"
    ".gk-pickbtn rect{fill:#fff;stroke-width:2}.gk-pickbtn:hover rect{fill:#fff3cc}"
    # a phone's part of the house: a side with nothing more to show, and the frame on the house's map
    ".gk-panoff rect{fill:#f3efe6;stroke:#b9ad99;stroke-width:1.3}.gk-panoff text{font:13px sans-serif;fill:#595959}"
    ".gk-frame{fill:none;stroke:#b07d00;stroke-width:2}"
    ".gk-t-F rect{stroke:#9a6a2f}.gk-t-F circle{fill:#9a6a2f}.gk-t-T rect{stroke:#6f7d12}.gk-t-T circle{fill:#6f7d12}"
    ".gk-t-P rect{stroke:#2d6fa8}.gk-t-P circle{fill:#2d6fa8}.gk-t-G rect{stroke:#2e7a2b}.gk-t-G circle{fill:#2e7a2b}"
)


def _document(width: float, height: float, body: str, uid: str, *, label: str, attrs: str = "",
              style: bool = True, patterns: bool = True) -> SvgStr:
    """A Samurai drawing: the square patterns (``patterns=False``: a widget keeps them once in its
    page, see :func:`pattern_defs`) and, with ``style``, the shared and the game's stylesheet."""
    return game_document(width, height, body, uid, label=label, attrs=attrs, style=style,
                         defs=square_patterns(uid) if patterns else "", css=SAMURAI_CSS)


# ----- fragments ------------------------------------------------------------------------
def _letter(X: float, Y: float, cell: float, t: str) -> str:
    if cell >= BIG_CELL:
        return f'<text class="gk-lt gk-ltb" x="{X + cell - 4:g}" y="{Y + cell - 5:g}">{t}</text>'
    return f'<text class="gk-lt" x="{X + 2.5:g}" y="{Y + 10:g}">{t}</text>'


def _squares(grid: dict, uid: str, cell: float, px, py, owner=None) -> list[str]:
    out = []
    for (x, y), t in sorted(grid.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        X, Y = px(x), py(y)
        tip = f"{TYPE_NAMES[t]} ({x},{y})"
        if owner is not None and (x, y) in owner:
            tip += f", card {owner[(x, y)]}"
        out.append(
            f'<rect class="gk-sq" x="{X:g}" y="{Y:g}" width="{cell:g}" height="{cell:g}" fill="url(#{uid}-{t})">'
            f"{title(tip)}</rect>{_letter(X, Y, cell, t)}"
        )
    return out


def _owners(placed) -> tuple[dict, dict]:
    """square -> index in ``placed`` of the topmost card there; and -> that card's id."""
    owner, ids = {}, {}
    for i, p in enumerate(placed):
        for dy in range(3):
            for dx in range(2):
                owner[(p.x + dx, p.y + dy)] = i
                ids[(p.x + dx, p.y + dy)] = p.card
    return owner, ids


def _outlines(placed, owner: dict, cell: float, px, py, cols=None) -> str:
    """One path with the visible edges of every card (covered parts hide under later cards);
    ``cols``: only the edges of the squares in columns ``(c0, c1)`` (a phone's part of the house:
    where a card goes on past the part shown, no edge is drawn at the cut)."""
    if cols is None:
        d = outlines(owner, px, py, cell)
    else:
        d = "".join(_square_edges(owner, x, y, px, py, cell) for x, y in owner if cols[0] <= x <= cols[1])
    return f'<path class="gk-card" d="{d}"/>' if d else ""


def _square_edges(owner: dict, x: int, y: int, px, py, cell: float) -> str:
    """The edges of square (x, y) that :func:`~gardenkit.render.svg.outlines` draws."""
    i, X, Y, d = owner[(x, y)], px(x), py(y), []
    if owner.get((x, y - 1)) != i:
        d.append(f"M{X:g} {Y:g}h{cell:g}")
    if owner.get((x, y + 1)) != i:
        d.append(f"M{X:g} {Y + cell:g}h{cell:g}")
    if owner.get((x - 1, y)) != i:
        d.append(f"M{X:g} {Y:g}v{cell:g}")
    if owner.get((x + 1, y)) != i:
        d.append(f"M{X + cell:g} {Y:g}v{cell:g}")
    return "".join(d)


def _runs(runs, cell: float, px, py, cols=None) -> list[str]:
    """A bar through the middle of every protected line (3+ in a row of one type); ``cols``: the
    part of each line in columns ``(c0, c1)`` (its tooltip still names the whole line)."""
    out = []
    h = cell / 2
    for r in runs:
        x0, x1 = r.x0, r.x1
        if cols is not None:
            x0, x1 = max(x0, cols[0]), min(x1, cols[1])
            if x0 > x1:
                continue
        tip = f"protected: {r.describe()}; no new card may cover it [samurai_gardener.place.protect]"
        out.append(
            f'<path class="gk-run" d="M{px(x0) + h:g} {py(r.y0) + h:g}L{px(x1) + h:g} {py(r.y1) + h:g}">'
            f"{title(tip)}</path>"
        )
    return out


def _house_body(house, uid: str, cell: float, px, py, *, protected: bool = True, tips: bool = True,
                cols=None) -> str:
    """The house's squares, card edges and protected lines; ``cols``: only columns ``(c0, c1)``."""
    owner, ids = _owners(house.placed)
    grid = house.grid if cols is None else {k: t for k, t in house.grid.items() if cols[0] <= k[0] <= cols[1]}
    parts = _squares(grid, uid, cell, px, py, ids if tips else None)
    parts.append(_outlines(house.placed, owner, cell, px, py, cols))
    if protected and house.grid:
        parts += _runs(house.runs(), cell, px, py, cols)
    return "".join(parts)


def _card_body(card, turned: bool, uid: str, cell: float, X: float, Y: float, cls: str = "gk-card") -> str:
    parts = []
    for dx, dy, t in card.squares(turned):
        x, y = X + dx * cell, Y + dy * cell
        parts.append(
            f'<rect class="gk-sq" x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}" fill="url(#{uid}-{t})"/>'
            f"{_letter(x, y, cell, t)}"
        )
    parts.append(f'<rect class="{cls}" x="{X:g}" y="{Y:g}" width="{2 * cell:g}" height="{3 * cell:g}"/>')
    return "".join(parts)


def _card_tip(card, turned: bool) -> str:
    rows = card.rows if not turned else tuple(r[::-1] for r in reversed(card.rows))
    return f"card {card.id}{' (turned 180°)' if turned else ''}: " + " / ".join(rows)


def _lineup_body(cards, uid: str, X: float, Y: float, *, selected=None, turned=False, cell=LINEUP_CELL,
                 clickable=True) -> tuple[str, float]:
    """The line-up's cards left to right from (X, Y); returns (svg, width used)."""
    parts, x = [], X
    for card in cards:
        sel = card.id == selected
        t = turned if sel else False
        attrs = f' data-card="{card.id}" data-pick="{card.id}"{pressed(sel)}' if clickable else ""
        cls = "gk-lcard gk-selected" if sel else "gk-lcard"
        hint = "selected; click a badge on the house to place it" if sel else "click to pick this card"
        parts.append(
            f'<g class="{cls}"{attrs}>{title(_card_tip(card, t) + (" — " + hint if clickable else ""))}'
            f'<rect class="gk-lbg" x="{x - 4:g}" y="{Y - 4:g}" width="{2 * cell + 8:g}" height="{3 * cell + 22:g}" rx="5"/>'
            f"{_card_body(card, t, uid, cell, x, Y)}"
            f'<text class="gk-tx" x="{x + cell:g}" y="{Y + 3 * cell + 14:g}" text-anchor="middle">{card.id}{"r" if t else ""}</text></g>'
        )
        x += 2 * cell + 16
    return "".join(parts), x - X


# ----- public renderers -------------------------------------------------------------------
def render_card(card, turned: bool = False, *, cell: float = CELL, uid: str | None = None) -> SvgStr:
    """One building card (2 wide, 3 tall), upright or turned 180 degrees."""
    uid = uid or new_uid()
    body = title(_card_tip(card, turned)) + _card_body(card, turned, uid, cell, 1, 1)
    return _document(2 * cell + 2, 3 * cell + 2, body, uid, label=_card_tip(card, turned))


def render_house(house, *, cell: float = CELL, uid: str | None = None, protected: bool = True,
                 label: str = "house") -> SvgStr:
    """A house: its visible squares, the outlines of its cards, and its protected lines."""
    uid = uid or new_uid()
    if not house.grid:
        return _document(cell, cell, "", uid, label=f"{label} (empty)")
    x0, y0, x1, y1 = house.bounds
    px = lambda x: 2 + (x - x0) * cell  # noqa: E731
    py = lambda y: 2 + (y - y0) * cell  # noqa: E731
    body = _house_body(house, uid, cell, px, py, protected=protected)
    return _document((x1 - x0 + 1) * cell + 4, (y1 - y0 + 1) * cell + 4, body, uid, label=label)


def render_lineup(cards, *, selected: int | None = None, turned: bool = False, cell: float = LINEUP_CELL,
                  uid: str | None = None) -> SvgStr:
    """The cards laid out this round (a sequence of cards, or a state to take them from)."""
    if hasattr(cards, "lineup"):
        state = cards
        cards = [state.components[c] for c in state.lineup]
    uid = uid or new_uid()
    body, w = _lineup_body(cards, uid, 6, 6, selected=selected, turned=turned, cell=cell)
    return _document(max(w, 10) + 4, 3 * cell + 24, body, uid, label="line-up")


def _status(view) -> str:
    """What is happening, in words, of a :class:`~gardenkit.core.view.View`."""
    state = view.state
    if view.over:
        return f"Game over after round {state.round}"
    if not isinstance(view.to_act, int):
        return f"Round {state.round}: cards are being laid out"
    who = f"Player {view.to_act + 1}"
    if state.phase == "order":
        return f"Round {state.round}: {who} chooses the order of scoring"
    return f"Round {state.round}: {who} to take a card and place it"


def render_state(view, *, cell: float = 18) -> SvgStr:
    """A whole position (``rules.view(state)``): status, scores (and specialist markers), the
    line-up and every house."""
    state = view.state
    uid = new_uid()
    parts = [f'<text class="gk-tx" x="6" y="18" font-weight="bold">{esc(_status(view))}</text>']
    score_text = "   ".join(
        f"P{i + 1}: {v}" + (f" [{state.markers[i] or '-'}]" if state.specialist else "")
        for i, v in enumerate(state.scores)
    )
    parts.append(f'<text class="gk-tx" x="6" y="38">Scores  {esc(score_text)}</text>')
    y = 50
    if state.lineup:
        parts.append(f'<text class="gk-tx" x="6" y="{y + 12}">Line-up:</text>')
        body, lw = _lineup_body([state.components[c] for c in state.lineup], uid, 70, y + 4, cell=LINEUP_CELL)
        parts.append(body)
        y += 3 * LINEUP_CELL + 32
    else:
        lw = 0
    x, hmax = 6, 0
    for i, house in enumerate(state.houses):
        mark = " ◀" if view.to_act == i else ""
        parts.append(f'<text class="gk-tx" x="{x}" y="{y + 14}">Player {i + 1}{mark}</text>')
        if not house.grid:
            x += 90
            continue
        x0, y0, x1, y1 = house.bounds
        ox, oy = x, y + 22
        px = lambda gx, ox=ox, x0=x0: ox + (gx - x0) * cell  # noqa: E731
        py = lambda gy, oy=oy, y0=y0: oy + (gy - y0) * cell  # noqa: E731
        parts.append(f'<g class="gk-house" data-player="{i}">{_house_body(house, uid, cell, px, py)}</g>')
        w = (x1 - x0 + 1) * cell
        hmax = max(hmax, (y1 - y0 + 1) * cell)
        x += max(w, 80) + 24
    width = max(x, lw + 80, 360)
    return _document(width, y + 22 + hmax + 8, "".join(parts), uid, label=_status(view))


def board_view(house, *, room: bool = True) -> tuple[int, int, int, int]:
    """Squares the board shows: the house plus room for a card on every side
    (``room=False``: one square around it, for a board where no card is being placed)."""
    if not house.grid:
        return (-2, -3, 3, 5) if room else (-1, -1, 2, 3)
    x0, y0, x1, y1 = house.bounds
    if not room:
        return (x0 - 1, y0 - 1, x1 + 1, y1 + 1)
    return (x0 - 2, y0 - 3, x1 + 2, y1 + 3)


#: the least a finger needs on a phone (CSS px; WCAG 2.2's minimum), what a phone view aims at (squares
#: of 36 px: then a square's letters, 10 px, read at 9 px and more, and every text of the board at 9 or
#: more; at 25 px, 14 columns, they read at 6.3), and the fewest columns of a house a board shows (room
#: for its two buttons)
MIN_TAP, PHONE_TAP, MIN_COLUMNS = 24, 36, 8
#: the part of the house's columns a board shows on a phone: its buttons (drawn, and their tap areas)
#: and the squares of the whole house's map beside them
PAN_W, PAN_H, PAN_HIT, MINI = 150, 34, 44, 8


def phone_columns(room, *, cell: float = CELL) -> int:
    """How many columns of a house a board may show in ``room`` CSS px (the width a phone gives
    it) with every square, the target of a spot, at least :data:`PHONE_TAP` px: the board's front
    end fits a drawing wider than its room to what it holds (the table's right edge,
    ``8 + columns × cell``, plus 6) and scales that to the room. At least :data:`MIN_COLUMNS`.

    >>> phone_columns(360)       # a 390 px phone: 9 columns, squares of 38.5 px
    9
    >>> phone_columns(800)
    21
    """
    if isinstance(room, bool) or not isinstance(room, (int, float)) or not room > 0:
        raise ValueError(f"the room is a width in CSS px, more than 0, not {room!r}")
    fits = room * cell / PHONE_TAP
    return max(MIN_COLUMNS, int((fits - 14) // cell))


def phone_window(view: tuple[int, int], columns: int, focus: tuple[int, int] | None = None,
                 start: int | None = None) -> tuple[int, int] | None:
    """The columns ``(c0, c1)`` a board shows of its ``view`` (its first and last column, as
    :func:`board_view`) where only ``columns`` fit; None where the whole view fits.

    ``start``: the first column the player panned to. Without it the part shown is centred on
    ``focus`` (the first and last column of what matters now: the squares the legal spots' cards
    would cover, or the house). Either way it stays inside the view.

    >>> phone_window((-2, 13), 14, focus=(-2, 12))    # 16 columns, 14 fit: the spots' columns first
    (-2, 11)
    >>> phone_window((-2, 13), 14, start=5), phone_window((-2, 9), 14)
    ((0, 13), None)
    """
    v0, v1 = view
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise ValueError(f"columns is a whole number of at least 1, not {columns!r}")
    if v1 - v0 + 1 <= columns:
        return None
    if start is None:
        f0, f1 = focus if focus is not None else view
        start = (f0 + f1 + 1 - columns) // 2
    start = min(max(start, v0), v1 - columns + 1)
    return start, start + columns - 1


def _pan_strip(house, view: tuple[int, int], cols: tuple[int, int], spots, y: float, right: float) -> tuple[str, float]:
    """What a board showing part of the house (a phone) draws above it: a button per side with the
    columns hidden there (``data-ui="pan-left"``/``"pan-right"``; greyed, with no ``data-ui``, where
    none is) and, between them, a map of the whole house with the part shown framed. Returns the
    markup and its height."""
    parts = []
    hidden = {"left": cols[0] - view[0], "right": view[1] - cols[1]}
    places = {"left": sum(1 for sp in spots if sp.points is not None and sp.at[0] < cols[0]),
              "right": sum(1 for sp in spots if sp.points is not None and sp.at[0] + 1 > cols[1])}
    for side, x in (("left", 8), ("right", right - PAN_W)):
        n = hidden[side]
        words = f"{n} more column{'s' if n != 1 else ''}"
        label = f"◀ {words}" if side == "left" else f"{words} ▶"
        if n:
            tip = (f"show {words} of your house on the {side}"
                   + (f" ({places[side]} place{'s' if places[side] != 1 else ''} for the card there)" if places[side] else ""))
            parts.append(
                f'<g class="gk-btn gk-pan" data-ui="pan-{side}">{title(tip)}'
                f"{hit(x, y + (PAN_H - PAN_HIT) / 2, PAN_W, PAN_HIT)}"
                f'<rect x="{x:g}" y="{y:g}" width="{PAN_W:g}" height="{PAN_H:g}" rx="6"/>'
                f'<text x="{x + PAN_W / 2:g}" y="{y + 22:g}" text-anchor="middle">{esc(label)}</text></g>'
            )
        else:
            parts.append(
                f'<g class="gk-panoff">{title(f"nothing more of your house on the {side}")}'
                f'<rect x="{x:g}" y="{y:g}" width="{PAN_W:g}" height="{PAN_H:g}" rx="6"/>'
                f'<text x="{x + PAN_W / 2:g}" y="{y + 22:g}" text-anchor="middle">{esc(label.replace(words, "no more"))}</text></g>'
            )
    height = PAN_H + (PAN_HIT - PAN_H) / 2
    if house.grid:
        x0, y0, x1, y1 = house.bounds
        w, h = (x1 - x0 + 1) * MINI, (y1 - y0 + 1) * MINI
        if w <= right - 8 - 2 * PAN_W - 16:  # between the buttons, centred on the part shown
            mx, my = (8 + right) / 2 - w / 2, y - (PAN_HIT - PAN_H) / 2
        else:  # a narrow part: under the buttons
            mx, my = 8, y + PAN_H + 10
        squares = "".join(f'<rect x="{mx + (gx - x0) * MINI:g}" y="{my + (gy - y0) * MINI:g}" width="{MINI}" '
                          f'height="{MINI}" fill="{TYPE_STYLE[t][1]}"/>' for (gx, gy), t in sorted(house.grid.items()))
        f0, f1 = max(cols[0], x0), min(cols[1], x1)
        frame = (f'<rect class="gk-frame" x="{mx + (f0 - x0) * MINI - 1.5:g}" y="{my - 1.5:g}" '
                 f'width="{(f1 - f0 + 1) * MINI + 3:g}" height="{h + 3:g}"/>' if f0 <= f1 else "")
        parts.append(f'<g class="gk-mini">{title("your whole house; the framed part is the one shown below")}'
                     f"{squares}{frame}</g>")
        height = max(height, my - y + h + 2)
    return "".join(parts), height


def pick_label(run) -> str:
    """A waiting line in words, e.g. ``pond row of 4``."""
    return f"{TYPE_NAMES[run.type]} {'row' if run.horizontal else 'column'} of {run.length}"


def render_board(view, *, uid: str, version: int = 0, selected: int | None = None,
                 turned: bool = False, spots=(), marked: str | None = None, proposal=None, pending=(),
                 header: str | None = None, cell: float = CELL, clickable: bool = True,
                 style: bool = True, patterns: bool = True, window: tuple[int, int] | None = None,
                 made_for: int | None = None) -> SvgStr:
    """The interactive board of ``view.viewer`` (``rules.view(state, player)``): a status line, the
    line-up (``data-pick``, and ``data-card``), a turn control (``data-ui="turn"``), the player's house and a badge per spot (``data-action``): ``spots`` are
    the :class:`~gardenkit.core.types.Target` values of ``rules.targets(state, (card, turned))``.

    A badge sits small in the top-left corner of its square (the square's letter is in the
    bottom-right corner, so both read); a legal spot's whole square is its click and hover
    target, and the front end shows the picked card there as a ghost (``.gk-ghost``, drawn
    last so nothing hides it). A refused spot is a small grey mark, still clickable.

    ``marked``: notation of a spot to ring (a hint, or the move a scenario plays); its ghost
    is drawn dashed. ``proposal``: ``(card, x, y, turned)`` drawn as a fixed ghost (a quiz's move).
    ``pending``: specialist lines waiting to be scored. While there are some, the board shows
    them instead of the line-up: each line highlighted on the house with a number, and a
    button per line naming its type and length; both are ``score ...`` actions.

    ``window``: the first and last column of the house to show (a phone, where the whole house
    would make its squares too small to tap: :func:`phone_columns`, :func:`phone_window`). The
    board then draws only those columns, the spots whose card fits in them, and above them a
    button per side to see more (``data-ui="pan-left"``/``"pan-right"``) with a map of the whole
    house between them, the part shown framed. ``made_for``: the room (CSS px) the drawing was
    made for, on the root as ``data-room`` (0: drawn whole), so the front end tells the widget
    when the room it has is another (:meth:`~gardenkit.widgets.board_base.BoardWidget.set_room`).
    """
    state, player = view.state, view.viewer
    house = state.houses[player]
    room = clickable and not pending
    vx0, vy0, vx1, vy1 = board_view(house, room=room)
    if proposal is not None:  # make sure the proposed card fits
        vx0, vy0 = min(vx0, proposal[1] - 1), min(vy0, proposal[2] - 1)
        vx1, vy1 = max(vx1, proposal[1] + 2), max(vy1, proposal[2] + 3)
    cols = None
    if window is not None:
        c0, c1 = window
        if not all(type(c) is int for c in window) or c0 > c1:
            raise ValueError(f"a window is the first and last column to show, e.g. (-2, 11), not {window!r}")
        c0, c1 = max(c0, vx0), min(c1, vx1)
        if c0 > c1:
            raise ValueError(f"the window {window!r} shows no column of the board (columns {vx0} to {vx1})")
        if (c0, c1) != (vx0, vx1):
            cols = (c0, c1)
    # where part of the house is shown (a phone), the lines' buttons keep to its width, in rows
    wrap = None if cols is None else 8 + (cols[1] - cols[0] + 1) * cell
    parts = [f'<text class="gk-tx gk-status" x="8" y="18" font-weight="bold">{esc(header or _status(view))}</text>']
    top = 30
    lw = 0
    if pending:
        parts.append(f'<text class="gk-tx" x="8" y="{top + 14}">Click a highlighted line (or its button) '
                     "to score it next:</text>")
        bx, by = 8, top + 24
        for i, r in enumerate(pending, 1):
            note = f"score {r}"
            label = pick_label(r)
            w = 7.4 * len(label) + 42
            if wrap is not None and bx > 8 and bx + w > wrap:
                bx, by = 8, by + 46
            # drawn 28 high; its tap area (unseen) 44: a phone shows the board at ~0.6 of its size
            parts.append(
                f'<g class="gk-pick gk-pickbtn gk-t-{r.type}{" gk-marked" if note == marked else ""}" '
                f'data-action="{esc(note)}">{title("score this line next: " + r.describe())}'
                f"{hit(bx - 2, by - 8, w + 4, 44)}"
                f'<rect x="{bx:g}" y="{by:g}" width="{w:g}" height="28" rx="6"/>'
                f'<circle cx="{bx + 15:g}" cy="{by + 14:g}" r="9"/>'
                f'<text class="gk-num" x="{bx + 15:g}" y="{by + 18:g}">{i}</text>'
                f'<text x="{bx + 30:g}" y="{by + 19:g}">{esc(label)}</text></g>'
            )
            bx += w + 8
        lw = bx - 72
        top += 62 + (by - top - 24)
    elif state.lineup:
        parts.append(f'<text class="gk-tx" x="8" y="{top + 14}">Line-up</text>')
        body, lw = _lineup_body([state.components[c] for c in state.lineup], uid, 72, top + 4, selected=selected,
                                turned=turned, clickable=clickable)
        parts.append(body)
        if clickable:
            bx = 72 + lw + 4
            # the button drawn 28 high; its tap area (.gk-hit, unseen) 48: the house can make the
            # board ~600 wide late in a game, shown at ~0.6 on a phone
            parts.append(
                f'<g class="gk-btn{" gk-on" if turned else ""}" data-ui="turn">'
                f"{title('turn the picked card end over end (180 degrees) [samurai_gardener.place.upright]')}"
                f'<rect class="gk-hit" x="{bx - 4:g}" y="{top + 4:g}" width="104" height="48"/>'
                f'<rect x="{bx:g}" y="{top + 14:g}" width="96" height="28" rx="6"/>'
                f'<text x="{bx + 48:g}" y="{top + 32:g}" text-anchor="middle">⟲ turn 180°</text></g>'
            )
            lw += 104
        top += 3 * LINEUP_CELL + 34
    if cols is not None:
        c0, c1 = cols
        strip, h = _pan_strip(house, (vx0, vx1), cols, spots, top + 10, 8 + (c1 - c0 + 1) * cell)
        parts.append(strip)
        top += h + 14
        vx0, vx1 = cols
        spots = [sp for sp in spots if c0 <= sp.at[0] and sp.at[0] + 1 <= c1]
        if proposal is not None and not c0 <= proposal[1] < proposal[1] + 1 <= c1:
            proposal = None
    ox, oy = 8, top + 4
    px = lambda x: ox + (x - vx0) * cell  # noqa: E731
    py = lambda y: oy + (y - vy0) * cell  # noqa: E731
    W, H = (vx1 - vx0 + 1) * cell, (vy1 - vy0 + 1) * cell
    parts.append(f'<rect class="gk-table" x="{ox}" y="{oy}" width="{W:g}" height="{H:g}" rx="6"/>')
    # the house is the drawing's body (between markers): a widget sends it again only when it
    # changed, and its front end keeps the house's DOM when only the spots change
    parts.append(f'{BODY_START}<g class="gk-house" data-player="{player}">{_house_body(house, uid, cell, px, py, cols=cols)}</g>{BODY_END}')
    ghost = selected is not None and selected in state.components.by_id and not pending
    defs = []
    if ghost:
        defs.append(f'<g id="{uid}-gh">{_card_body(state.components[selected], turned, uid, cell, 0, 0, "gk-card gk-prop")}</g>')
    if proposal is not None:
        card, x, y, t = proposal
        parts.append(f'<g class="gk-proposal" opacity="0.85">{_card_body(state.components[card], t, uid, cell, px(x), py(y), "gk-card gk-prop")}</g>')
    for i, r in enumerate(pending, 1):
        x0, x1 = (r.x0, r.x1) if cols is None else (max(r.x0, cols[0]), min(r.x1, cols[1]))
        if x0 > x1:
            continue  # out of the part shown: its button above still scores it
        X, Y = px(x0), py(r.y0)
        w, h = (x1 - x0 + 1) * cell, (r.y1 - r.y0 + 1) * cell
        note = f"score {r}"
        cx, cy = (X + 11, Y + cell / 2 + 3) if r.horizontal else (X + cell / 2 + 3, Y + 11)
        parts.append(
            f'<g class="gk-pick gk-t-{r.type}{" gk-marked" if note == marked else ""}" data-action="{esc(note)}">'
            f'{title(f"{i}: click to score this line next: " + r.describe())}{hit(X, Y, w, h)}'
            f'<rect x="{X + 3:g}" y="{Y + 3:g}" width="{w - 6:g}" height="{h - 6:g}" rx="6"/>'
            f'<circle cx="{cx:g}" cy="{cy:g}" r="8"/><text class="gk-num" x="{cx:g}" y="{cy + 4:g}">{i}</text></g>'
        )
    # spots: lean markup, each with its action (the panel explains a spot on hover, no tooltips)
    parts += spot_marks(spots, px, py, cell, marked, uid=uid, ghost=bool(ghost), clickable=True)
    if ghost:
        parts.append(f'<use class="gk-ghost" href="#{uid}-gh" visibility="hidden"/>')
    body = "".join(parts)
    if defs:
        body = f"<defs>{''.join(defs)}</defs>" + body
    width = max(ox + W + 8, 72 + lw + 8, 8 * len(header or _status(view)) + 16)
    return _document(width, oy + H + 8, body, uid, label=header or _status(view),
                     attrs=f' data-version="{version}"' + (f' data-room="{made_for:d}"' if made_for is not None else ""),
                     style=style, patterns=patterns)


# ----- one piece, large, its parts named ---------------------------------------------------------------
def component_svg(components=None, card: int | None = None) -> SvgStr:
    """One building card drawn large with its parts named (a square of each type on it, its size
    and how it may be turned): the picture early in the dashboard. ``card``: its number (default
    the first card with the most types; ``components`` the shipped deck by default).

    >>> svg = component_svg()
    >>> 'class="gk-svg gk-component"' in svg and "tatami" in svg and "(reconstructed)" in svg
    True
    """
    from ..games.samurai_gardener.components import default_deck
    from .labels import Part, labelled

    deck = components or default_deck()
    cards = deck.cards if hasattr(deck, "cards") else tuple(deck)
    c = (next(x for x in cards if x.id == card) if card is not None
         else max(cards, key=lambda x: len(set("".join(x.rows)))))
    source = getattr(c, "source", "reconstructed")
    uid = new_uid()
    cell, X, Y = 80, 30, 52
    body = _card_body(c, False, uid, cell, X, Y)
    parts, seen = [], set()
    for dx, dy, t in c.squares(False):
        if t in seen:
            continue
        seen.add(t)
        parts.append(Part(X + (dx + .35) * cell, Y + (dy + .4) * cell,
                          f"a {TYPE_NAMES[t]} square (letter {t}): lines of one type score (samurai_gardener.score.run)",
                          source))
    parts.append(Part(X + 2 * cell - 4, Y + 3 * cell - 4,
                      f"card {c.id}: 2 squares wide, 3 tall; it stays upright, or turned end over end "
                      "(samurai_gardener.place.upright)", source))
    return labelled(body, (X, Y, 2 * cell, 3 * cell), parts, uid=uid, game="samurai_gardener",
                    heading=f"A Samurai Gardener card: card {c.id}",
                    document=lambda width, height, b, u, label: _document(width, height, b, u, label=label))
