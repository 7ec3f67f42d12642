"""Karesansui's components: the rocks, the demerit decks and the round tracker.

The shipped set is in ``components.json``; every entry says where it comes from
(``rulebook``, ``published`` or ``reconstructed``). A user can load another set in the same
format (other colours, other copy counts, another tracker).

A rock is written by its colour letter and value, ``R2`` (a red II); the black round-tracker
rock is ``K``.

>>> c = default_components()
>>> c.colours, c.values, c.copies, c.total_rocks
(('R', 'Y', 'G', 'B', 'W'), (1, 2, 3), 5, 76)
>>> c.rock_name("G3"), c.value("G3")
('green III', 3)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...core import MalformedInputError
from ...core.checks import read_json

BLACK = "K"
DECKS = ("pass", "trips", "foursome", "flush")
DECK_NAMES = {"pass": "Pass", "trips": "Trips", "foursome": "Foursome", "flush": "Straight Flush"}
ROMAN = {1: "I", 2: "II", 3: "III"}


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]  # letters, in the order the player aide's columns show them
    colour_names: tuple[str, ...]
    values: tuple[int, ...]
    copies: int
    decks: dict  # deck -> card values, top first
    tracker: int  # spaces on the round tracker
    start_rocks: int
    pile_value: int
    note: str = ""
    sources: dict = field(default_factory=dict)

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Components) and self.to_dict() == other.to_dict())

    @property
    def rock_types(self) -> tuple[str, ...]:
        """Every coloured rock type, by value then colour (the aide's rows, then columns)."""
        return tuple(f"{c}{v}" for v in self.values for c in self.colours)

    @property
    def total_rocks(self) -> int:
        return len(self.rock_types) * self.copies + 1

    def value(self, rock: str) -> int:
        return 0 if rock == BLACK else int(rock[1:])

    def colour(self, rock: str) -> str:
        return rock[0]

    def rock_name(self, rock: str) -> str:
        if rock == BLACK:
            return "the black rock"
        name = self.colour_names[self.colours.index(rock[0])]
        return f"{name} {ROMAN.get(int(rock[1:]), rock[1:])}"

    def is_rock(self, rock) -> bool:
        return isinstance(rock, str) and (rock == BLACK or rock in self.rock_types)

    def to_dict(self) -> dict:
        return {
            "note": self.note,
            "colours": [{"letter": c, "name": n, **self.sources.get(("colour", c), {})}
                        for c, n in zip(self.colours, self.colour_names)],
            "values": {"values": list(self.values), "source": "rulebook"},
            "copies": {"copies": self.copies, **self.sources.get("copies", {})},
            "black": {"count": 1, "source": "rulebook"},
            "decks": {d: {"cards": list(self.decks[d]), **self.sources.get(("deck", d), {})} for d in DECKS},
            "tracker": {"spaces": self.tracker, **self.sources.get("tracker", {})},
            "start_rocks": {"count": self.start_rocks, "source": "rulebook"},
            "pile_value": {"at_least": self.pile_value, "source": "rulebook"},
        }


def _int(v, what, lo=1, hi=99) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise MalformedInputError(f"{what} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def parse_components(data) -> Components:
    """Read and check a rock set (a dict in the format of ``components.json``)."""
    if not isinstance(data, dict):
        raise MalformedInputError("a Karesansui component file holds a JSON object")
    try:
        cols = data["colours"]
        if not isinstance(cols, list) or not 4 <= len(cols) <= 9:
            raise MalformedInputError("'colours' lists 4 to 9 colours (a Foursome needs four different colours)")
        letters = tuple(str(c["letter"]) for c in cols)
        if len(set(letters)) != len(letters) or any(len(x) != 1 or not x.isalpha() or x.upper() != x or x == BLACK
                                                    for x in letters):
            raise MalformedInputError("each colour has its own capital letter (not K, which is the black rock)")
        names = tuple(str(c["name"]) for c in cols)
        values = tuple(data["values"]["values"])
        if values != (1, 2, 3):
            raise MalformedInputError("rocks are valued I, II and III (a Straight Flush needs all three)")
        copies = _int(data["copies"]["copies"], "copies")
        decks = {}
        for d in DECKS:
            cards = tuple(_int(v, f"a {d} card", 0) for v in data["decks"][d]["cards"])
            if not cards:
                raise MalformedInputError(f"the {d} deck needs cards")
            decks[d] = cards
        tracker = _int(data["tracker"]["spaces"], "the round tracker's spaces")
        start = _int(data.get("start_rocks", {}).get("count", 5), "the starting rocks", 0, 20)
        pile = _int(data.get("pile_value", {}).get("at_least", 6), "a pile's value", 1, 30)
        sources = {("colour", c["letter"]): {"source": c["source"]} for c in cols if "source" in c}
        for key in ("copies", "tracker"):
            if "source" in data[key]:
                sources[key] = {"source": data[key]["source"]}
        for d in DECKS:
            extra = {k: data["decks"][d][k] for k in ("source", "note") if k in data["decks"][d]}
            sources[("deck", d)] = extra
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, MalformedInputError):
            raise
        raise MalformedInputError(f"not a valid Karesansui component file: {e!r}") from None
    return Components(letters, names, values, copies, decks, tracker, start, pile, str(data.get("note", "")), sources)


@cache
def default_components() -> Components:
    return load_components(Path(__file__).with_name("components.json"))


def load_components(path) -> Components:
    return parse_components(read_json(path, "component file"))
