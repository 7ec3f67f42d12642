"""Actions of Miyabi: small frozen values with a readable notation.

Squares are named like a chess board turned for gardeners: the column letter ``a``-``f``
(left to right, one lantern each) and the row number ``1``-``6`` from the top (1 maple,
2 pagoda, 3 fish, 4 azalea, 5 boxwood, 6 stone). A placement names the square of the tile's
object; ``/90``, ``/180`` or ``/270`` turn the tile clockwise.

>>> str(Place(17, 2, 1)), str(Place(17, 2, 1, 90)), str(PlaceZen(4, 0, 5))
('17@c2', '17@c2/90', 'Z4@a6')
>>> str(Pass()), str(Frog(3, 3)), str(EndTurn()), str(Draw(17)), str(Reveal(4))
('pass', 'frog d4', 'end', 'draw 17', 'reveal Z4')
>>> parse("17@c2/90") == Place(17, 2, 1, 90)
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import MalformedInputError

COLUMNS = "abcdef"


def cell_name(x: int, y: int) -> str:
    """``c2`` for (2, 1); a square off the garden is named by its numbers (it only shows in a refusal)."""
    if 0 <= x < len(COLUMNS) and 0 <= y < len(COLUMNS):
        return f"{COLUMNS[x]}{y + 1}"
    return f"(x={x}, y={y})"


def parse_cell(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"([a-fA-F])([1-6])", text.strip())
    if not m:
        raise MalformedInputError(f"{text!r} is not a square of the garden: write a column a-f and a row 1-6, e.g. c2")
    return COLUMNS.index(m.group(1).lower()), int(m.group(2)) - 1


@dataclass(frozen=True, order=True)
class Place:
    """Take garden tile ``tile`` from the display and place it with its object square on (x, y), turned ``rot``."""

    tile: int
    x: int
    y: int
    rot: int = 0

    def __str__(self) -> str:
        return f"{self.tile}@{cell_name(self.x, self.y)}" + (f"/{self.rot}" if self.rot else "")

    def sort_key(self):
        return (2, self.tile, self.rot, self.y, self.x)


@dataclass(frozen=True, order=True)
class PlaceZen:
    """The Zen Garden: take face-up Zen tile ``zen`` and place it on (x, y)."""

    zen: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"Z{self.zen}@{cell_name(self.x, self.y)}"

    def sort_key(self):
        return (3, self.zen, 0, self.y, self.x)


@dataclass(frozen=True)
class Pass:
    """No tile can be placed: out for the rest of this building round."""

    def __str__(self) -> str:
        return "pass"

    def sort_key(self):
        return (4,)


@dataclass(frozen=True, order=True)
class Frog:
    """The Frog: put your frog on (x, y) at the start, or move it there (one step)."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"frog {cell_name(self.x, self.y)}"

    def sort_key(self):
        return (1, self.y, self.x)


@dataclass(frozen=True)
class EndTurn:
    """The Frog: end the turn without moving the frog after it."""

    def __str__(self) -> str:
        return "end"

    def sort_key(self):
        return (5,)


@dataclass(frozen=True, order=True)
class Draw:
    """Chance: garden tile ``tile`` comes out of the box into this round's display."""

    tile: int

    def __str__(self) -> str:
        return f"draw {self.tile}"

    def sort_key(self):
        return (0, self.tile)


@dataclass(frozen=True, order=True)
class Reveal:
    """Chance: Zen tile ``zen`` is turned face up."""

    zen: int

    def __str__(self) -> str:
        return f"reveal Z{self.zen}"

    def sort_key(self):
        return (0, self.zen)


ACTION_TYPES = (Place, PlaceZen, Pass, Frog, EndTurn, Draw, Reveal)
EXAMPLE = "17@c2/90 (tile 17, its object on column c, row 2, turned 90 degrees)"


def parse(text: str):
    """The action written ``text``; anything else is a clear ValueError."""
    t = text.strip()
    low = t.lower()
    if low == "pass":
        return Pass()
    if low == "end":
        return EndTurn()
    m = re.fullmatch(r"frog\s+(\S+)", low)
    if m:
        return Frog(*parse_cell(m.group(1)))
    m = re.fullmatch(r"draw\s+(\d{1,4})", low)
    if m:
        return Draw(int(m.group(1)))
    m = re.fullmatch(r"reveal\s+z(\d{1,3})", low)
    if m:
        return Reveal(int(m.group(1)))
    m = re.fullmatch(r"z(\d{1,3})@(\S+)", low)
    if m:
        return PlaceZen(int(m.group(1)), *parse_cell(m.group(2)))
    m = re.fullmatch(r"(\d{1,4})@([a-z]\d)(?:/(\d{1,3}))?", low)
    if m:
        rot = int(m.group(3) or 0)
        if rot not in (0, 90, 180, 270):
            raise MalformedInputError(f"a tile turns by 0, 90, 180 or 270 degrees, not {rot}")
        return Place(int(m.group(1)), *parse_cell(m.group(2)), rot)
    raise MalformedInputError(
        f"cannot read {text[:40]!r} as a Miyabi move; moves look like {EXAMPLE}, Z4@a6, pass, frog d4 or end"
    )
