"""Writes ``components.json``: the Miyabi component data, each entry marked with its source.

Run ``python -m gardenkit.games.miyabi._make_components`` to regenerate; the output is
deterministic and committed. What the rulebook prints is marked ``rulebook``; what published
descriptions of the game say, ``published``; the rest is ours, ``reconstructed``:

* rows, top to bottom: maple, pagoda, fish (pond), azalea, boxwood, stone (published);
* the round table and the building rounds per player count (rulebook);
* 96 tiles: 32 singles, 32 doubles, 16 straight and 16 corner triples (published, from the
  round table: 4 players x 4 rounds use them all); a tile of n squares has one square showing
  n objects of one kind and the rest empty green (published). Which kind each tile carries,
  and where on a triple its object square sits, are reconstructed: the kinds as even as the
  counts allow, the positions taking turns;
* the two values each row pays in the final scoring (reconstructed);
* the fifth-layer bonus: maple 10 (published), the others falling row by row (reconstructed);
* the 16 Zen tiles: one object each, kinds as even as 16 allows (reconstructed).
"""
from __future__ import annotations

import json
from pathlib import Path

KINDS = ["maple", "pagoda", "fish", "azalea", "boxwood", "stone"]
LETTERS = ["M", "P", "F", "A", "B", "S"]
ROW_VALUES = [(10, 5), (9, 4), (8, 4), (7, 3), (6, 3), (5, 2)]  # reconstructed
BONUS = [10, 9, 8, 7, 6, 5]  # maple published; the rest reconstructed

# cells relative to the object square, which comes first
SHAPES = {
    "single": [[[0, 0]]],
    "double": [[[0, 0], [1, 0]]],
    "straight": [[[0, 0], [1, 0], [2, 0]], [[0, 0], [-1, 0], [1, 0]]],  # object at an end / in the middle
    "corner": [[[0, 0], [1, 0], [0, 1]], [[0, 0], [-1, 0], [-1, 1]], [[0, 0], [0, -1], [1, -1]]],  # corner / arm / other arm
}
COUNTS = {"single": 32, "double": 32, "straight": 16, "corner": 16}


def _spread(total: int, start: int) -> list[str]:
    """``total`` kinds, as even as possible, the extra ones starting at kind ``start``."""
    base, extra = divmod(total, len(KINDS))
    out = []
    for k in range(len(KINDS)):
        n = base + (1 if (k - start) % len(KINDS) < extra else 0)
        out += [KINDS[k]] * n
    return out


def build() -> dict:
    tiles, tid = [], 1
    for shape, start in (("single", 2), ("double", 4), ("straight", 0), ("corner", 2)):
        kinds = _spread(COUNTS[shape], start)
        for i, kind in enumerate(kinds):
            variants = SHAPES[shape]
            cells = variants[i % len(variants)]
            tiles.append({"id": tid, "shape": shape, "kind": kind, "objects": len(cells), "cells": cells,
                          "source": "reconstructed"})
            tid += 1
    zen = [{"id": i + 1, "kind": kind, "source": "reconstructed"} for i, kind in enumerate(_spread(16, 4))]
    return {
        "note": ("Miyabi component data for gardenkit. Row order, tile counts and the maple bonus are published; "
                 "the round table is the rulebook's; tile contents, row values, the other bonuses and the Zen "
                 "tiles are reconstructed (the rulebook does not list them)."),
        "rows": [{"kind": k, "letter": letter, "first": a, "second": b, "source": "published",
                  "values_source": "reconstructed"}
                 for k, letter, (a, b) in zip(KINDS, LETTERS, ROW_VALUES)],
        "bonus": [{"kind": k, "points": p, "source": "published" if k == "maple" else "reconstructed"}
                  for k, p in zip(KINDS, BONUS)],
        "rounds": {"2": 6, "3": 5, "4": 4, "source": "rulebook"},
        "round_tiles": {"single": [4, 6, 8], "double": [4, 6, 8], "corner": [2, 3, 4], "straight": [2, 3, 4],
                        "source": "rulebook"},
        "tiles": tiles,
        "zen": zen,
    }


def main() -> None:
    path = Path(__file__).with_name("components.json")
    data = build()
    text = json.dumps(data, indent=1)
    # one tile per line keeps the file short and diffs readable
    lines = []
    for line in json.dumps({k: v for k, v in data.items() if k not in ("tiles", "zen")}, indent=1)[:-2].splitlines():
        lines.append(line)
    lines[-1] += ","
    for key in ("tiles", "zen"):
        lines.append(f' "{key}": [')
        items = [json.dumps(t, separators=(", ", ": ")) for t in data[key]]
        lines += [f"  {item}," for item in items[:-1]] + [f"  {items[-1]}"]
        lines.append(" ]," if key == "tiles" else " ]")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == data
    path.write_text(text)


if __name__ == "__main__":
    main()
