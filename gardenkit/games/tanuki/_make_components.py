"""Writes ``components.json``: the Tanuki in the Garden component data, each entry marked with its source.

Run ``python -m gardenkit.games.tanuki._make_components`` to regenerate; the output is
deterministic and committed. The rulebook gives the counts (64 path tiles, 80 Shiitake, 2
Tanuki, 2 dice; for Garden Master 16 cards x 3, 3 trap tokens, 4 rock-garden tokens), the card
effects and the three symbols, but neither the paths on each tile nor the symbols on them.
What is ours is marked ``reconstructed``:

* **pairings**: every way to join a tile's 8 path ends in 4 pairs, up to turning the tile,
  gives 35 tiles (Tsuro's set, this family's ancestor). The 64 tiles are those 35 once, then
  a second copy of the 20 that look different in all four turns and of the first 9 (in the
  listing's order) of the 10 that look alike after half a turn; the 5 tiles that look the
  same in every turn come once;
* **symbols**: 256 paths carry 160 Shiitake, 64 Tanuki Dens and 32 Ashi-magari. Even-numbered
  tiles (in 0-based order) carry Shiitake, Shiitake, Den, Ashi-magari; odd ones Shiitake,
  Shiitake, Shiitake, Den; the pattern turns one path further every second tile so that no
  kind of path always carries the same symbol. So a path gains 3/8 of a Shiitake on average
  and one move in four or so meets an Ashi-magari: games reach the targets in a few dozen
  turns, as the rulebook's targets suggest;
* the **board's** numbering (blue across, gold down, sides 1-4 clockwise from the top).
"""
from __future__ import annotations

import json
from pathlib import Path

from .board import PORTS, pairings, symmetry

PATTERNS = (("shiitake", "shiitake", "den", "ashi"), ("shiitake", "shiitake", "shiitake", "den"))

CARDS = (
    ("move", "Move 1 Tanuki", "turn", "Move one Tanuki one space in a direction you choose."),
    ("fast", "Fast Tanuki", "turn", "This turn both Tanuki go one space further than the dice say, and harm no monk."),
    ("dens", "Avoid Tanuki Dens", "turn", "This turn your monk pays nothing for Tanuki Dens it crosses."),
    ("ashi", "Escape the Ashi-magari", "turn", "This turn Ashi-magari on your monk's path do not stop your draw."),
    ("pilfer", "Pilfer Shiitake", "turn",
     "Take one Shiitake from each of up to three opponents; with 2 players also 2 from the supply, with 3 players 1."),
    ("harvest", "Bountiful Harvest", "turn", "The Shiitake your monk gathers this turn count twice."),
    ("robber", "Shiitake Robber", "turn",
     "This turn, take 2 Shiitake from each opponent whose walked path your monk's move crosses without crashing."),
    ("trap", "Tanuki Trap", "turn",
     "Set a trap on your monk's space or next to it; the first Tanuki to step on it leaves the board and you "
     "gain 3. The card stays in front of you until then."),
    ("repellant", "Tanuki Repellant", "react",
     "When a Tanuki is about to cross or land on your monk, or sits where you must play: it leaves the board "
     "and you gain 1."),
    ("bait", "Tanuki Bait", "turn", "Put both Tanuki on two different empty spaces next to one opponent's monk."),
    ("speed", "Speed Stroll", "turn", "Play a second tile this turn, before you draw."),
    ("clear", "Clear the Path", "turn", "Take up to three tiles or rock gardens off the board."),
    ("shift", "Shifting Paths", "turn", "Turn any one tile on the board."),
    ("offense", "The Best Offense", "react", "Cancel another player's Garden Master card as it is played."),
    ("rock", "Rock Garden", "turn",
     "Put a rock garden on an empty-of-monks space that is in front of no monk (any tile there is removed); "
     "no tile or Tanuki may go there until it is cleared."),
    ("basket", "Shiitake Basket", "never", "Counts 3 toward victory while in your hand (it is never played)."),
)


def tile_pairings() -> list:
    ones = list(pairings())
    twice = [p for p in ones if symmetry(p) == 4] + [p for p in ones if symmetry(p) == 2][:9]
    return ones + twice


def build() -> dict:
    tiles = []
    for k, pairs in enumerate(tile_pairings()):
        pattern = PATTERNS[k % 2]
        turn = (k // 2) % 4
        symbols = [pattern[(i + turn) % 4] for i in range(4)]
        tiles.append({"id": k + 1, "paths": [[PORTS[a], PORTS[b], sym] for (a, b), sym in zip(pairs, symbols)],
                      "source": "reconstructed"})
    return {
        "note": ("Tanuki in the Garden component data for gardenkit. Counts, card effects and symbols are the "
                 "rulebook's. The rulebook lists neither the paths of each tile nor its symbols: the 64 tiles here "
                 "are reconstructed (Tsuro's 35 pairings once, 29 of them twice) with 160 Shiitake, 64 Tanuki Dens "
                 "and 32 Ashi-magari on their 256 paths. The board's numbering (blue columns 1-6 left to right, gold "
                 "rows 1-6 top to bottom, sides 1-4 clockwise from the top) is reconstructed too."),
        "board": {"size": 6, "blue": "columns 1-6, left to right", "gold": "rows 1-6, top to bottom",
                  "sides": "1 top, 2 right, 3 bottom, 4 left", "source": "reconstructed"},
        "supply": {"shiitake": 80, "source": "rulebook"},
        "hand": {"tiles": 3, "source": "rulebook"},
        "tokens": {"traps": 3, "rocks": 4, "source": "rulebook"},
        "cards": [{"kind": kind, "title": title, "copies": 3, "worth": 3 if kind == "basket" else 1, "when": when,
                   "text": text, "source": "rulebook"} for kind, title, when, text in CARDS],
        "tiles": tiles,
    }


def main() -> None:
    data = build()
    head = json.dumps({k: v for k, v in data.items() if k not in ("tiles", "cards")}, indent=1)[:-2]
    lines = head.splitlines()
    lines[-1] += ","
    for key in ("cards", "tiles"):
        lines.append(f' "{key}": [')
        items = [json.dumps(t, separators=(", ", ": ")) for t in data[key]]
        lines += [f"  {item}," for item in items[:-1]] + [f"  {items[-1]}"]
        lines.append(" ]," if key == "cards" else " ]")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == data
    Path(__file__).with_name("components.json").write_text(text)


if __name__ == "__main__":
    main()
