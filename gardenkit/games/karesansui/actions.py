"""Actions of Karesansui: small frozen values with a readable notation.

A rock is its colour letter and value (``R2``: a red II); ``K`` is the black rock. Piles are
numbered from 1.

>>> str(Bid(1, ("R1", "Y2"))), str(Bid(0, ())), str(Pass())
('bid 2: R1 Y2', 'bid 1: nothing', 'pass')
>>> str(TurnIn(("G1", "G2", "G3"))), str(Draw("B3")), str(Draw("K"))
('turn in G1 G2 G3', 'draw B3', 'draw black')
>>> parse("bid 2: Y2 R1") == Bid(1, ("R1", "Y2"))
True
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from ...core import MalformedInputError

BLACK = "K"


def rock_key(rock: str):
    """Rocks sort by value, then colour letter (the black rock first); a text that is no rock
    (``"R"``, ``"Q"``, a hand-made value) sorts after every rock, so a move holding one can still
    be made, shown and refused with the reason instead of failing here.

    >>> sort_rocks(("R", "Y2", "K", "R1"))
    ('K', 'R1', 'Y2', 'R')
    """
    if rock == BLACK:
        return (0, "")
    if len(rock) == 2 and rock[1] in "123456789":
        return (int(rock[1]), rock[0])
    return (10, rock)


def sort_rocks(rocks) -> tuple[str, ...]:
    return tuple(sorted(rocks, key=rock_key))


def rocks_text(rocks) -> str:
    return " ".join(rocks) if rocks else "nothing"


@dataclass(frozen=True)
class Draw:
    """Chance: ``rock`` comes out of the bag (into a garden, or onto a pile)."""

    rock: str

    def __str__(self) -> str:
        return "draw black" if self.rock == BLACK else f"draw {self.rock}"

    def sort_key(self):
        return (0, rock_key(self.rock))


@dataclass(frozen=True)
class Bid:
    """Offer ``rocks`` from your garden (possibly none) for pile ``pile`` (0-based; written from 1)."""

    pile: int
    rocks: tuple[str, ...]

    def __post_init__(self):
        if isinstance(self.rocks, (list, tuple)) and all(isinstance(r, str) for r in self.rocks):
            object.__setattr__(self, "rocks", sort_rocks(self.rocks))

    @classmethod
    def sorted_(cls, pile: int, rocks: tuple[str, ...]) -> "Bid":
        """A bid whose rocks are already in rock order (the engine's fast path: no re-sorting)."""
        bid = object.__new__(cls)
        bid.__dict__.update(pile=pile, rocks=rocks)  # frozen: set once here, as __init__ would
        return bid

    @property
    def value(self) -> int:
        """What the offered rocks are worth (a text that is no rock counts 0: the bid is refused anyway)."""
        return sum(k[0] for k in map(rock_key, self.rocks) if k[0] < 10)

    def __str__(self) -> str:
        return f"bid {self.pile + 1}: {rocks_text(self.rocks)}"

    def sort_key(self):
        return (1, self.pile, self.value, len(self.rocks), tuple(rock_key(r) for r in self.rocks))


@dataclass(frozen=True)
class Pass:
    """Pass: allowed once every pile has a bid; it ends the bidding."""

    def __str__(self) -> str:
        return "pass"

    def sort_key(self):
        return (2,)


@dataclass(frozen=True)
class TurnIn:
    """Turn in a forbidden set from your garden (Trips, Foursome or Straight Flush)."""

    rocks: tuple[str, ...]

    def __post_init__(self):
        if isinstance(self.rocks, (list, tuple)) and all(isinstance(r, str) for r in self.rocks):
            object.__setattr__(self, "rocks", sort_rocks(self.rocks))

    @property
    def kind(self) -> str | None:
        return set_kind(self.rocks)

    def __str__(self) -> str:
        return f"turn in {' '.join(self.rocks)}"

    def sort_key(self):
        return (3, tuple(rock_key(r) for r in self.rocks))


def set_kind(rocks) -> str | None:
    """'trips', 'foursome', 'flush' or None (not a forbidden set)."""
    rocks = tuple(rocks)
    if any(r == BLACK for r in rocks):
        return None
    if len(rocks) == 3 and len(set(rocks)) == 1:
        return "trips"
    values = {r[1:] for r in rocks}
    colours = {r[0] for r in rocks}
    if len(rocks) == 4 and len(values) == 1 and len(colours) == 4:
        return "foursome"
    if len(rocks) == 3 and len(colours) == 1 and sorted(int(r[1:]) for r in rocks) == [1, 2, 3]:
        return "flush"
    return None


def forbidden_sets(garden) -> tuple[tuple[str, ...], ...]:
    """Every distinct forbidden set the garden holds, sorted: Trips, Foursomes (each choice of
    four colours), Straight Flushes.

    >>> forbidden_sets(("R1", "R2", "Y2", "G2", "B2", "R3", "R3", "R3"))
    (('R1', 'R2', 'R3'), ('B2', 'G2', 'R2', 'Y2'), ('R3', 'R3', 'R3'))
    """
    counts = Counter(garden)
    out = set()
    for r, n in counts.items():
        if n >= 3:
            out.add((r, r, r))
    by_value: dict = {}
    for r in counts:
        by_value.setdefault(r[1:], []).append(r)
    for rocks in by_value.values():
        for four in combinations(sorted(rocks, key=rock_key), 4):
            out.add(tuple(four))
    colours = {r[0] for r in counts}
    for c in colours:
        if all(f"{c}{v}" in counts for v in (1, 2, 3)):
            out.add((f"{c}1", f"{c}2", f"{c}3"))
    return tuple(sorted((sort_rocks(x) for x in out), key=lambda x: tuple(rock_key(r) for r in x)))


ACTION_TYPES = (Draw, Bid, Pass, TurnIn)
_ROCK = r"(?:[A-Z][1-9])"


def read_rocks(text: str) -> tuple[str, ...]:
    """The rocks written ``text`` (``"R1 Y2"``; ``"nothing"`` or ``""`` for none), as written.

    >>> read_rocks("r1, Y2"), read_rocks("nothing")
    (('R1', 'Y2'), ())
    """
    text = text.strip()
    if text.lower() in ("", "nothing", "none", "-"):
        return ()
    parts = text.upper().replace(",", " ").split()
    bad = [p for p in parts if not re.fullmatch(_ROCK, p)]
    if bad:
        raise MalformedInputError(f"{bad[0]!r} is not a rock: write its colour letter and value, e.g. R2")
    return tuple(parts)


def parse(text: str):
    """The action written ``text``; anything else is a clear ValueError."""
    t = " ".join(text.strip().split())
    low = t.lower()
    if low == "pass":
        return Pass()
    m = re.fullmatch(r"draw (black|k|[a-z][1-9])", low)
    if m:
        return Draw(BLACK if m.group(1) in ("black", "k") else m.group(1).upper())
    m = re.fullmatch(r"bid (\d{1,2})\s*:\s*(.*)", t, flags=re.IGNORECASE)
    if m:
        pile = int(m.group(1))
        if pile < 1:
            raise MalformedInputError("piles are numbered from 1")
        return Bid(pile - 1, read_rocks(m.group(2)))
    m = re.fullmatch(r"turn in (.+)", t, flags=re.IGNORECASE)
    if m:
        return TurnIn(read_rocks(m.group(1)))
    raise MalformedInputError(
        f"cannot read {text[:40]!r} as a Karesansui move; moves look like 'bid 2: R1 Y2', 'bid 1: nothing', "
        "'pass' or 'turn in G1 G2 G3'"
    )
