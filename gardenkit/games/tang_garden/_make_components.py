"""Writes ``components.json``: the Tang Garden component data, each entry marked with its source.

Run ``python -m gardenkit.games.tang_garden._make_components`` to regenerate; the output is
deterministic and committed. What the rulebook gives is marked ``rulebook`` (the counts: 60
garden tiles, 54 decoration cards, 36 decorations, 12 characters with their bonus, skill and
sight preference, 8 large and 12 small landscape tiles, 8 large and 8 small landscape tokens,
the 28 spaces of the solo central garden, the 21 coins of three full tracks, four lanterns a
player, four solo lanterns). What reviews and photos of the game tell is marked ``published``
(four stacks told apart by their backs: greenery, water, rock and mixed; the icon counts printed
under the characters read as large/small landscape icons; three small inner and two large outer
landscape slots a side, the middle small one filled at set-up; three tracks of a start space and
ten levels). Everything else is ours and marked ``reconstructed``:

* the **grid**: 8 x 8 spaces, the starting tile covering the four centre spaces (d4 e4 d5 e5);
  the central garden is the 6 x 6 square around it without its four corners (28 spaces);
* the **token diamond**: the 16 spaces four steps from the centre (the 8 on the board's middle
  lines large, the 8 others small); the solo game puts its 8 tokens on the small ones (all in the
  central garden); the 2-player layout is the ring three steps from the centre plus one large
  space per side, turning like a pinwheel;
* the **tiles' faces**: 14 patterns per element stack (the element on most edges, the others,
  footpaths and one wall at most) and one temple each; 15 mixed tiles; a tile's edges of one
  terrain are one area of that terrain; its decoration areas are the elements it shows (and a
  bridge area where water meets a footpath); a tile with a footpath has a character spot;
* the **cards and decorations by kind**, the cards' one-time bonuses (turning through greenery,
  water, rock, any track and a landscape token), the **landscape tiles' icons** (the published
  totals dealt over the tiles), the **thresholds** (3, 6, 9) and **coin bonuses** (1, 2, 4 at
  levels 4, 7, 10: 7 a track, 21 for three).
"""
from __future__ import annotations

import json
from pathlib import Path

ELEMENTS = ("greenery", "water", "rock")
LETTER = {"g": "greenery", "w": "water", "r": "rock", "f": "footpath", "x": "wall"}
PATTERNS = ("EEEE", "EEEf", "EfEf", "EEff", "EEEx", "EOEE", "EEPE", "EfOf", "EEOf", "EOfx", "EfEx", "EEOO",
            "EPff", "ffff")
MIXED = ("gwrf", "gwgw", "wrwr", "rgrg", "gwrx", "ffgw", "ffwr", "ffrg", "gfwf", "wfrf", "rfgf", "gwff", "wrff",
         "rgff", "ffff")
MIXED_INNER = {14: "water"}
TEMPLES = {"greenery": "flowers", "water": "lotus", "rock": "rock"}
BONUSES = ("greenery", "water", "rock", "any", "token")
CARDS = (("birds", 6, 4), ("fish", 6, 4), ("lotus", 6, 4), ("peony", 6, 4), ("bridge", 6, 4), ("pavilion", 6, 4),
         ("pine", 4, 3), ("maple", 4, 3), ("bamboo", 4, 2), ("willow", 3, 2), ("plum", 3, 2))
AREA_OF = {"birds": "greenery", "peony": "greenery", "pine": "greenery", "maple": "greenery", "bamboo": "greenery",
           "willow": "greenery", "plum": "greenery", "fish": "water", "lotus": "water", "bridge": "bridge",
           "pavilion": "rock"}
CHARACTERS = (
    ("architect", "Architect", True, "greenery", "pavilion_bridge",
     "Two coins whenever its player places a pavilion or a bridge.",
     {"kind": "landscape", "icon": "construction", "each": 3}),
    ("child", "Child", True, "rock", "birds_fish",
     "Two coins whenever its player places birds or fish.",
     {"kind": "landscape", "icon": "animal", "each": 2}),
    ("empress", "Empress", True, "water", "lotus_peony",
     "Two coins whenever its player places a lotus or a peony.",
     {"kind": "empress", "coins": 9, "penalty": 3, "rivals": ["emperor", "lady"]}),
    ("hermit", "Hermit", True, "rock", "track_rock",
     "One coin each time a placement moves its player's rock cube (once per placement).",
     {"kind": "line", "terrain": "rock", "each": 2, "cap": 10}),
    ("poet", "Poet", True, "water", "track_water",
     "One coin each time a placement moves its player's water cube (once per placement).",
     {"kind": "line", "terrain": "water", "each": 2, "cap": 10}),
    ("student", "Student", True, "greenery", "track_greenery",
     "One coin each time a placement moves its player's greenery cube (once per placement).",
     {"kind": "line", "terrain": "greenery", "each": 2, "cap": 10}),
    ("emperor", "Emperor", False, None, None, "No skill.",
     {"kind": "landscape", "icon": "dragon", "each": 5}),
    ("lady", "Lady", False, None, None, "No skill.",
     {"kind": "sun_moon", "one": 6, "both": 12}),
    ("merchant", "Merchant", False, None, "merchant",
     "When decorating, after the usual draw: pay a coin for two more cards, or for the top discarded card.",
     {"kind": "landscape", "icon": "village", "each": 2}),
    ("monk", "Monk", False, None, "monk",
     "Two coins whenever its player picks among exactly two garden tiles or exactly two decoration cards.",
     {"kind": "landscape", "icon": "temple", "each": 3}),
    ("officer", "Officer", False, None, "officer",
     "At the start of the turn: pay a coin to turn up every face-down stack top, or for free send one face-up "
     "top to the bottom of its stack and turn up the next.",
     {"kind": "any_icon", "each": 1}),
    ("sword_dancer", "Sword Dancer", False, None, "sword_dancer",
     "One coin whenever its player takes a landscape token from the board.",
     {"kind": "landscape", "icon": "waterfall", "each": 2}),
)
LANDSCAPES = {
    "large": (("dragon", "waterfall"), ("dragon", "construction"), ("dragon", "temple"), ("sun", "waterfall"),
              ("moon", "temple"), ("construction",), ("animal",), ("village",)),
    "small": (("animal", "waterfall"), ("village", "waterfall"), ("construction", "animal"), ("animal",),
              ("animal",), ("village",), ("village",), ("village",), ("waterfall",), ("waterfall",), ("temple",),
              ("construction",)),
}
#: icons on the large / small landscape tiles in all (published: the numbers under the characters)
ICON_TOTALS = {"construction": [2, 2], "animal": [1, 4], "dragon": [3, 0], "sun": [1, 0], "moon": [1, 0],
               "village": [1, 4], "temple": [2, 1], "waterfall": [2, 4]}


def name(x: int, y: int) -> str:
    return f"{'abcdefgh'[x]}{y + 1}"


def _tile(tid: int, stack: str, edges: str, inner=(), temple=None) -> dict:
    terr = [LETTER[c] for c in edges]
    present = [e for e in ELEMENTS if e in terr or e in inner]
    areas = list(present)
    if "water" in present and "footpath" in terr:
        areas.append("bridge")
    t = {"id": tid, "stack": stack, "edges": terr, "inner": list(inner), "areas": areas,
         "spot": "footpath" in terr, "source": "reconstructed"}
    if temple:
        t.update(edges=["wall"] * 4, areas=[], spot=True, temple=temple)
    return t


def tiles() -> list:
    out = []
    for k, element in enumerate(ELEMENTS):
        e, o, p = (element[0], ELEMENTS[(k + 1) % 3][0], ELEMENTS[(k + 2) % 3][0])
        for pat in PATTERNS:
            edges = pat.replace("E", e).replace("O", o).replace("P", p)
            out.append(_tile(len(out) + 1, element, edges, (element,) if pat == "ffff" else ()))
        out.append(_tile(len(out) + 1, element, "xxxx", temple=element))
    for k, edges in enumerate(MIXED):
        inner = (MIXED_INNER[k],) if k in MIXED_INNER else ()
        out.append(_tile(len(out) + 1, "mixed", edges, inner))
    return out


def board() -> dict:
    centre = [(3, 3), (4, 3), (3, 4), (4, 4)]
    central = [name(x, y) for y in range(1, 7) for x in range(1, 7)
               if (x, y) not in centre and not (x in (1, 6) and y in (1, 6))]

    def dist(x, y):
        return abs(x - 3.5) + abs(y - 3.5)

    diamond = [(x, y) for y in range(8) for x in range(8) if dist(x, y) == 4]
    large = [name(x, y) for x, y in diamond if x in (0, 7) or y in (0, 7)]
    small = [name(x, y) for x, y in diamond if not (x in (0, 7) or y in (0, 7))]
    ring = [(x, y) for y in range(8) for x in range(8) if dist(x, y) == 3]
    two_large = [name(x, y) for x, y in ring if abs(x - 3.5) == abs(y - 3.5)] + ["e1", "h5", "d8", "a4"]
    two_small = [name(x, y) for x, y in ring if abs(x - 3.5) != abs(y - 3.5)]
    return {
        "width": 8, "height": 8, "source": "reconstructed",
        "start_tile": {"spaces": [name(x, y) for x, y in centre], "source": "reconstructed",
                       "note": "the perimeter's 8 edges clockwise from the top-left: d4 top, e4 top, e4 right, "
                               "e5 right, e5 bottom, d5 bottom, d5 left, d4 left",
                       "sides": {"a": ["greenery", "footpath", "water", "water", "footpath", "rock", "rock",
                                       "greenery"],
                                 "b": ["water", "water", "greenery", "footpath", "rock", "rock", "footpath",
                                       "greenery"]}},
        "central_garden": {"spaces": central, "count": 28, "source": "rulebook"},
        "tokens": {"large": large, "small": small, "source": "reconstructed"},
        "tokens_2p": {"large": two_large, "small": two_small, "source": "reconstructed"},
        "tokens_solo": {"spaces": small, "large": 4, "small": 4, "source": "rulebook"},
        "slots": {"sides": ["N", "E", "S", "W"], "small": ["s1", "s2", "s3"], "large": ["l1", "l2"],
                  "start": "s2", "source": "published"},
    }


def build() -> dict:
    cards, decorations = [], {}
    for kind, copies, decos in CARDS:
        for i in range(copies):
            cards.append({"kind": kind, "bonus": BONUSES[(i + len(cards)) % 5], "area": AREA_OF[kind]})
        decorations[kind] = decos
    card_list, seen = [], {}
    for c in cards:
        key = (c["kind"], c["bonus"])
        seen[key] = seen.get(key, 0) + 1
    for (kind, bonus), n in seen.items():
        card_list.append({"kind": kind, "bonus": bonus, "area": AREA_OF[kind], "copies": n,
                          "source": "reconstructed"})
    return {
        "note": ("Tang Garden component data for gardenkit. Counts, the characters and the scoring are the "
                 "rulebook's; the stacks, landscape slots and icon totals are published; the board's grid, the "
                 "tiles' faces, the split of cards and decorations by kind, the cards' bonuses, the landscape "
                 "tiles' icons, the thresholds and the coin bonuses are reconstructed (see _make_components.py)."),
        "board": board(),
        "player_board": {"levels": 10, "thresholds": [3, 6, 9], "threshold_source": "reconstructed",
                         "coin_bonuses": {"4": 1, "7": 2, "10": 4}, "bonus_source": "reconstructed",
                         "full_tracks_coins": 21, "source": "rulebook",
                         "lanterns": ["build2", "decorate2", "move", "choose"],
                         "solo_lanterns": ["tile_only", "display", "redraw", "reuse"]},
        "totals": {"tiles": 60, "stacks": 4, "temples": 3, "cards": 54, "decorations": 36, "characters": 12,
                   "starting_characters": 6, "large_landscapes": 8, "small_landscapes": 12, "large_tokens": 8,
                   "small_tokens": 8, "character_tokens": 4, "coins": 60, "source": "rulebook"},
        "icon_totals": {"counts": ICON_TOTALS, "source": "published"},
        "solo": {"influence_coins": [10, 20, 30], "max_characters": 4, "remove_tokens": 4,
                 "ranks": [[60, "Craftsman"], [75, "Designer"], [95, "Engineer"], [None, "Inspector"]],
                 "source": "rulebook"},
        "decorations": [{"kind": k, "count": decorations[k], "source": "reconstructed"} for k, _, _ in CARDS],
        "cards": card_list,
        "characters": [{"id": cid, "name": nm, "starting": st, "bonus": bonus, "skill": skill, "skill_text": text,
                        "sight": sight, "source": "rulebook"}
                       for cid, nm, st, bonus, skill, text, sight in CHARACTERS],
        "landscapes": [{"id": f"{size[0].upper()}{i + 1}", "size": size, "icons": list(icons),
                        "source": "reconstructed"}
                       for size in ("large", "small") for i, icons in enumerate(LANDSCAPES[size])],
        "temples": {"greenery": "flowers temple (Hua ting)", "water": "lotus temple (Hehua ting)",
                    "rock": "rock temple (Simian ting)", "source": "rulebook"},
        "tiles": tiles(),
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
