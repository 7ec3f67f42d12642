"""Build a position by hand: for lessons, the rulebook's worked examples and tests.

Cards may be given by id (from the deck) or as three rows of two letters; rows given by hand
replace deck cards (the lowest ids not otherwise used), so the position carries its own deck.

>>> s = position(houses=[[("GG", "FP", "FT", 0, 0)], [("TT", "FF", "PP", 0, 0)]], lineup=[("GG", "PP", "TT"), 5])
>>> s.houses[0].grid[(1, 2)], s.phase, s.to_move
('T', 'place', 0)
"""
from __future__ import annotations

import dataclasses

from ...core import Line, MalformedInputError, Rng
from .components import TYPES, Card, Deck, default_deck
from .house import House, Placed
from .state import SamuraiGardenerState


def _card_spec(spec):
    """(rows or id, x, y, turned) from a tuple like ('GG','FP','FT', x, y[, turned]) or (id, x, y[, turned])."""
    if isinstance(spec, tuple) and len(spec) >= 3 and all(isinstance(r, str) for r in spec[:3]):
        rows, rest = spec[:3], spec[3:]
    elif isinstance(spec, tuple) and spec and isinstance(spec[0], int):
        rows, rest = spec[0], spec[1:]
    else:
        raise MalformedInputError(f"a card in a house is (id, x, y[, turned]) or (row, row, row, x, y[, turned]), not {spec!r}")
    x, y = rest[0], rest[1]
    turned = rest[2] if len(rest) > 2 else False
    return rows, x, y, turned


def position(houses, lineup, *, scores=None, markers=None, specialist=False, to_move=0, round=2, seed=0):
    """A state in the 'place' phase: ``houses`` per player, the ``lineup`` to pick from, ``to_move`` acting."""
    players = len(houses)
    if not 2 <= players <= 5:
        raise MalformedInputError("a position needs 2 to 5 houses")
    base = default_deck()
    hand_rows = []
    specs = [[_card_spec(c) for c in h] for h in houses]
    for h in specs:
        for rows, *_ in h:
            if not isinstance(rows, int):
                hand_rows.append(tuple(rows))
    for c in lineup:
        if not isinstance(c, int):
            hand_rows.append(tuple(c))
    used_ids = {rows for h in specs for rows, *_ in h if isinstance(rows, int)} | {c for c in lineup if isinstance(c, int)}
    free = [cid for cid in base.ids if cid not in used_ids]
    overrides = {}
    for rows in hand_rows:
        if len(rows) != 3 or not all(len(r) == 2 and set(r) <= set(TYPES) for r in rows):
            raise MalformedInputError(f"card rows must be 3 strings of 2 letters from F, T, P, G, not {rows!r}")
        overrides[free.pop(0)] = rows
    cards = base if not overrides else Deck(
        tuple(Card(c.id, overrides[c.id], "lesson") if c.id in overrides else c for c in base.cards),
        "lesson", "a lesson position: some cards drawn by hand",
    )
    hand_ids = iter(sorted(overrides))

    def card_id(rows):
        if isinstance(rows, int):
            return rows
        return next(hand_ids)

    built = []
    for h in specs:
        placed = tuple(Placed(card_id(rows), x, y, turned, 0 if i == 0 else 1) for i, (rows, x, y, turned) in enumerate(h))
        built.append(House.build(placed, cards))
    line = tuple(card_id(c) for c in lineup)
    used = {p.card for h in built for p in h.placed} | set(line)
    return SamuraiGardenerState(
        players=players,
        specialist=specialist,
        rng=Rng.from_seed(seed),
        phase="place",
        round=round,
        start=0,
        placed=to_move % players,  # the start player is player 1, so this many have placed
        deck=tuple(c for c in cards.ids if c not in used),
        lineup=line,
        houses=tuple(built),
        scores=tuple(scores or (0,) * players),
        lines=tuple(((Line(v, "points before this position", "samurai_gardener.score.run", 0),) if v else ())
                    for v in (scores or (0,) * players)),
        markers=tuple(markers) if markers is not None else (("FTPG" if specialist else ""),) * players,
        components=cards,
    )


def with_lineup(state, lineup):
    """The same position with another line-up (ids still in the deck or the line-up)."""
    pool = set(state.deck) | set(state.lineup)
    if not set(lineup) <= pool:
        raise MalformedInputError("line-up cards must come from the deck")
    return dataclasses.replace(state, lineup=tuple(lineup), deck=tuple(sorted(pool - set(lineup))))


#: the card that fills the hole of :func:`many_lines`: rows floor|tatami, pond|garden, floor|tatami
MANY_LINES_CARD = ("FT", "PG", "FT")


def many_lines(lines: int = 10, *, specialist: bool = True, markers: str = "FTPG"):
    """The worst case of the specialist rule's scoring order: a house with a 2x3 hole that the
    line-up's first card (:data:`MANY_LINES_CARD`, placed upright at ``(2, 3)``) fills, forming
    ``lines`` lines of 3 at once (4 to 10; 10 is the most one card can form: two per row, two
    per column).

    The hole has a card on each side: on the left ``FF/PP/FF`` (rows of floor, pond, floor:
    three lines), on the right ``TT/GG/TT`` (three), above and below two squares of floor beside
    two of tatami (two column lines each). Fewer lines drop the cards below and above, or spoil
    a side's last row.

    >>> import gardenkit
    >>> from gardenkit.games.samurai_gardener import Place
    >>> rules = gardenkit.make("samurai_gardener")
    >>> s = many_lines()
    >>> e = rules.explain(s, Place(s.lineup[0], 2, 3))
    >>> e.legal, e.points, len([line for line in e.lines if "spends" in line.text])
    (True, 12, 6)
    >>> def formed(s):
    ...     e = rules.explain(s, Place(s.lineup[0], 2, 3))
    ...     return sum(1 for line in e.lines if line.rule.startswith("samurai_gardener.specialist.m")
    ...                or "spends" in line.text)
    >>> [formed(many_lines(n)) for n in range(4, 11)]
    [4, 5, 6, 7, 8, 9, 10]
    """
    if isinstance(lines, bool) or not isinstance(lines, int) or not 4 <= lines <= 10:
        raise MalformedInputError(f"many_lines makes 4 to 10 lines, not {lines!r}")
    columns = 0 if lines <= 6 else 2 if lines <= 8 else 4  # lines above and below the hole
    rows = lines - columns  # 4 to 6: two or three on each side
    left = ("FF", "PP", "FF" if rows >= 5 else "FG", 0, 3)  # 3 row lines, or 2 with the last row spoilt
    right = ("TT", "GG", "TT" if rows == 6 else "PT", 4, 3)
    above = ("GP", "FT", "FT", 2, 0)  # 2 column lines
    below = ("FT", "FT", "GP", 2, 6)
    sides = [left, right] + [above, below][: columns // 2]
    return position(houses=[sides, [("TT", "FG", "PF", 0, 0)]], lineup=[MANY_LINES_CARD, ("FT", "TP", "GF")],
                    specialist=specialist, markers=[markers, "FTPG"] if specialist else None)
