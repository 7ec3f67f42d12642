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
