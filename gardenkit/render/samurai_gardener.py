"""Samurai Gardener as SVG: houses, cards, the line-up, whole states and the clickable board.

Pure functions of a state (or its parts) returning :class:`~gardenkit.render.svg.SvgStr`.
Every square shows its type twice, as a letter (F, T, P, G) and as a pattern (floor planks,
tatami stripes, pond waves, garden leaves), so the board reads without colour.
Nothing here decides legality or computes points: the board is given its spots.

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.initial_state(players=2, seed=1)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> svg = render_state(s)
>>> svg.startswith("<svg") and 'data-card' in svg and "Player 1" in svg
True
"""
from __future__ import annotations

from .svg import BODY_END, BODY_START, SvgStr, esc, game_document, new_uid, outlines, spot_marks, title

__all__ = [
    "SAMURAI_CSS", "TYPE_STYLE", "board_view", "pattern_defs", "pick_label", "render_board", "render_card",
    "render_house", "render_lineup", "render_state", "square_patterns",
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


def _outlines(placed, owner: dict, cell: float, px, py) -> str:
    """One path with the visible edges of every card (covered parts hide under later cards)."""
    d = outlines(owner, px, py, cell)
    return f'<path class="gk-card" d="{d}"/>' if d else ""


def _runs(runs, cell: float, px, py) -> list[str]:
    """A bar through the middle of every protected line (3+ in a row of one type)."""
    out = []
    h = cell / 2
    for r in runs:
        tip = f"protected: {r.describe()}; no new card may cover it [samurai_gardener.place.protect]"
        out.append(
            f'<path class="gk-run" d="M{px(r.x0) + h:g} {py(r.y0) + h:g}L{px(r.x1) + h:g} {py(r.y1) + h:g}">'
            f"{title(tip)}</path>"
        )
    return out


def _house_body(house, uid: str, cell: float, px, py, *, protected: bool = True, tips: bool = True) -> str:
    owner, ids = _owners(house.placed)
    parts = _squares(house.grid, uid, cell, px, py, ids if tips else None)
    parts.append(_outlines(house.placed, owner, cell, px, py))
    if protected and house.grid:
        parts += _runs(house.runs(), cell, px, py)
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
        attrs = f' data-card="{card.id}" data-pick="{card.id}"' if clickable else ""
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


def _status(state) -> str:
    if state.phase == "over":
        return f"Game over after round {state.round}"
    if state.phase in ("deal", "lineup"):
        return f"Round {state.round}: cards are being laid out"
    who = f"Player {state.to_move + 1}"
    if state.phase == "order":
        return f"Round {state.round}: {who} chooses the order of scoring"
    return f"Round {state.round}: {who} to take a card and place it"


def render_state(state, *, cell: float = 18) -> SvgStr:
    """A whole position: status, scores (and specialist markers), the line-up and every house."""
    uid = new_uid()
    parts = [f'<text class="gk-tx" x="6" y="18" font-weight="bold">{esc(_status(state))}</text>']
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
        mark = " ◀" if state.to_move == i else ""
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
    return _document(width, y + 22 + hmax + 8, "".join(parts), uid, label=_status(state))


def board_view(house, *, room: bool = True) -> tuple[int, int, int, int]:
    """Squares the board shows: the house plus room for a card on every side
    (``room=False``: one square around it, for a board where no card is being placed)."""
    if not house.grid:
        return (-2, -3, 3, 5) if room else (-1, -1, 2, 3)
    x0, y0, x1, y1 = house.bounds
    if not room:
        return (x0 - 1, y0 - 1, x1 + 1, y1 + 1)
    return (x0 - 2, y0 - 3, x1 + 2, y1 + 3)


def pick_label(run) -> str:
    """A waiting line in words, e.g. ``pond row of 4``."""
    return f"{TYPE_NAMES[run.type]} {'row' if run.horizontal else 'column'} of {run.length}"


def render_board(state, player: int, *, uid: str, version: int = 0, selected: int | None = None,
                 turned: bool = False, spots=(), marked: str | None = None, proposal=None, pending=(),
                 header: str | None = None, cell: float = CELL, clickable: bool = True,
                 style: bool = True, patterns: bool = True) -> SvgStr:
    """The interactive board: a status line, the line-up (``data-pick``, and ``data-card``), a turn control
    (``data-ui="turn"``), ``player``'s house and a badge per spot (``data-action``): ``spots`` are
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
    """
    house = state.houses[player]
    parts = [f'<text class="gk-tx gk-status" x="8" y="18" font-weight="bold">{esc(header or _status(state))}</text>']
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
            parts.append(
                f'<g class="gk-pick gk-pickbtn gk-t-{r.type}{" gk-marked" if note == marked else ""}" '
                f'data-action="{esc(note)}">{title("score this line next: " + r.describe())}'
                f'<rect x="{bx:g}" y="{by:g}" width="{w:g}" height="28" rx="6"/>'
                f'<circle cx="{bx + 15:g}" cy="{by + 14:g}" r="9"/>'
                f'<text class="gk-num" x="{bx + 15:g}" y="{by + 18:g}">{i}</text>'
                f'<text x="{bx + 30:g}" y="{by + 19:g}">{esc(label)}</text></g>'
            )
            bx += w + 8
        lw = bx - 72
        top += 62
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
    room = clickable and not pending
    vx0, vy0, vx1, vy1 = board_view(house, room=room)
    if proposal is not None:  # make sure the proposed card fits
        vx0, vy0 = min(vx0, proposal[1] - 1), min(vy0, proposal[2] - 1)
        vx1, vy1 = max(vx1, proposal[1] + 2), max(vy1, proposal[2] + 3)
    ox, oy = 8, top + 4
    px = lambda x: ox + (x - vx0) * cell  # noqa: E731
    py = lambda y: oy + (y - vy0) * cell  # noqa: E731
    W, H = (vx1 - vx0 + 1) * cell, (vy1 - vy0 + 1) * cell
    parts.append(f'<rect class="gk-table" x="{ox}" y="{oy}" width="{W:g}" height="{H:g}" rx="6"/>')
    # the house is the drawing's body (between markers): a widget sends it again only when it
    # changed, and its front end keeps the house's DOM when only the spots change
    parts.append(f'{BODY_START}<g class="gk-house" data-player="{player}">{_house_body(house, uid, cell, px, py)}</g>{BODY_END}')
    ghost = selected is not None and selected in state.components.by_id and not pending
    defs = []
    if ghost:
        defs.append(f'<g id="{uid}-gh">{_card_body(state.components[selected], turned, uid, cell, 0, 0, "gk-card gk-prop")}</g>')
    if proposal is not None:
        card, x, y, t = proposal
        parts.append(f'<g class="gk-proposal" opacity="0.85">{_card_body(state.components[card], t, uid, cell, px(x), py(y), "gk-card gk-prop")}</g>')
    for i, r in enumerate(pending, 1):
        X, Y = px(r.x0), py(r.y0)
        w, h = (r.x1 - r.x0 + 1) * cell, (r.y1 - r.y0 + 1) * cell
        note = f"score {r}"
        cx, cy = (X + 11, Y + cell / 2 + 3) if r.horizontal else (X + cell / 2 + 3, Y + 11)
        parts.append(
            f'<g class="gk-pick gk-t-{r.type}{" gk-marked" if note == marked else ""}" data-action="{esc(note)}">'
            f'{title(f"{i}: click to score this line next: " + r.describe())}'
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
    width = max(ox + W + 8, 72 + lw + 8, 8 * len(header or _status(state)) + 16)
    return _document(width, oy + H + 8, body, uid, label=header or _status(state),
                     attrs=f' data-version="{version}"', style=style, patterns=patterns)
