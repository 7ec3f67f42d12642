"""Regenerate ``cards.json``: the reconstructed 64-card deck of Samurai Gardener.

The rulebook says only that there are 64 building cards, each a 2-wide, 3-tall grid of
floor, tatami, pond and garden squares.  This script builds a deck that matches those
facts: 64 distinct cards (also distinct when turned 180 degrees), 384 squares, exactly 96 of each
type, every card with two or three types laid out in connected patches (as printed cards
are), no card of a single type, at most four squares of one type on a card, and no card that
holds a line of three on its own (such a card would score wherever it went, so a line always
needs the house).  Run ``python -m gardenkit.games.samurai_gardener._make_cards``.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

TYPES = "FTPG"
CELLS = [(x, y) for y in range(3) for x in range(2)]


def neighbours(c):
    x, y = c
    for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        n = (x + d[0], y + d[1])
        if n in CELLS:
            yield n


def random_card(rng):
    k = rng.choice((2, 2, 3, 3, 3))
    kinds = rng.sample(TYPES, k)
    seeds = rng.sample(CELLS, k)
    owner = {s: kinds[i] for i, s in enumerate(seeds)}
    while len(owner) < 6:
        frontier = [(c, n) for c in owner for n in neighbours(c) if n not in owner]
        c, n = rng.choice(frontier)
        owner[n] = owner[c]
    return tuple("".join(owner[(x, y)] for x in range(2)) for y in range(3))


def playable(rows):
    """Two or three types, at most four squares of one, no column of three alike."""
    text = "".join(rows)
    kinds = set(text)
    if not 2 <= len(kinds) <= 3 or max(text.count(t) for t in kinds) > 4:
        return False
    return not any(rows[0][x] == rows[1][x] == rows[2][x] for x in range(2))


def canonical(rows):
    turned = tuple(r[::-1] for r in reversed(rows))
    return min(rows, turned)


def counts(deck):
    text = "".join("".join(r) for r in deck)
    return {t: text.count(t) for t in TYPES}


def build(seed=2013):
    rng = random.Random(seed)
    while True:
        deck, seen = [], set()
        while len(deck) < 64:
            card = random_card(rng)
            if playable(card) and canonical(card) not in seen:
                seen.add(canonical(card))
                deck.append(card)
        # repaint single squares until every type has exactly 96
        for _ in range(20000):
            c = counts(deck)
            if all(v == 96 for v in c.values()):
                return deck
            over = max(c, key=c.get)
            under = min(c, key=c.get)
            i = rng.randrange(64)
            rows = [list(r) for r in deck[i]]
            spots = [(x, y) for (x, y) in CELLS if rows[y][x] == over]
            if not spots:
                continue
            x, y = rng.choice(spots)
            if not any(rows[ny][nx] == under for nx, ny in neighbours((x, y))):
                continue  # keep patches connected-looking: repaint only next to the new type
            rows[y][x] = under
            new = tuple("".join(r) for r in rows)
            others = {canonical(d) for j, d in enumerate(deck) if j != i}
            if playable(new) and canonical(new) not in others:
                deck[i] = new


def main():
    deck = build()
    data = {
        "game": "samurai_gardener",
        "source": "reconstructed",
        "note": (
            "The rulebook gives the deck size (64) and the four square types but no card list. "
            "This deck is reconstructed: 64 distinct cards, 96 squares of each type. "
            "Rows are listed top to bottom, two squares each, left to right."
        ),
        "types": {"F": "floor", "T": "tatami", "P": "pond", "G": "garden"},
        "cards": [{"id": i + 1, "rows": list(rows), "source": "reconstructed"} for i, rows in enumerate(deck)],
    }
    path = Path(__file__).with_name("cards.json")
    path.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {path}: {counts(deck)}")


if __name__ == "__main__":
    main()
