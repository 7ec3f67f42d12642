"""Actions of Samurai Gardener: small frozen values with a readable notation.

>>> str(Place(17, 3, -2)), str(Place(17, 3, -2, turned=True))
('17@3,-2', '17r@3,-2')
>>> str(Draw(5)), str(ScoreRun(Run("P", 2, 0, 2, 2)))
('draw 5', 'score pond 2,0-2,2')
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import MalformedInputError
from .components import TYPE_NAMES

NAME_TYPES = {v: k for k, v in TYPE_NAMES.items()}


@dataclass(frozen=True, order=True)
class Run:
    """A straight line of 3+ squares of one type, from ``(x0, y0)`` to ``(x1, y1)``."""

    type: str
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def length(self) -> int:
        return max(self.x1 - self.x0, self.y1 - self.y0) + 1

    @property
    def horizontal(self) -> bool:
        return self.y0 == self.y1

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        if self.horizontal:
            return tuple((x, self.y0) for x in range(self.x0, self.x1 + 1))
        return tuple((self.x0, y) for y in range(self.y0, self.y1 + 1))

    def describe(self) -> str:
        kind = "row" if self.horizontal else "column"
        return f"{kind} of {self.length} {TYPE_NAMES[self.type]} ({self.x0},{self.y0})-({self.x1},{self.y1})"

    def __str__(self) -> str:
        return f"{TYPE_NAMES[self.type]} {self.x0},{self.y0}-{self.x1},{self.y1}"


@dataclass(frozen=True)
class Draw:
    """Chance: card ``card`` comes off the deck (to a starting house or to the line-up)."""

    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"

    def sort_key(self):
        return (0, self.card)


@dataclass(frozen=True)
class Place:
    """Take card ``card`` from the line-up and add it with its top-left square at ``(x, y)``."""

    card: int
    x: int
    y: int
    turned: bool = False

    def __str__(self) -> str:
        return f"{self.card}{'r' if self.turned else ''}@{self.x},{self.y}"

    def sort_key(self):
        return (1, self.card, self.turned, self.y, self.x)


@dataclass(frozen=True)
class ScoreRun:
    """Specialist rule: score ``run`` next (the player orders their runs)."""

    run: Run

    def __str__(self) -> str:
        return f"score {self.run}"

    def sort_key(self):
        return (2, self.run)


#: every action value of the game (the contract checks a hand-made action against these)
ACTION_TYPES = (Draw, Place, ScoreRun)

_INT = r"(-?\d+)"
_PLACE = re.compile(rf"^(\d+)(r?)\s*@\s*{_INT}\s*,\s*{_INT}$")
_DRAW = re.compile(r"^draw\s+(\d+)$")
_SCORE = re.compile(rf"^score\s+([a-z]+)\s+{_INT},{_INT}\s*-\s*{_INT},{_INT}$")

NOTATION_HELP = (
    "write a placement as CARD@X,Y (e.g. 17@3,-2), with r after the card number for a card turned "
    "180 degrees (17r@3,-2); 'draw 17' for a chance draw; 'score pond 2,0-2,2' to score a run"
)


def parse(text: str):
    m = _PLACE.match(text)
    if m:
        return Place(int(m[1]), int(m[3]), int(m[4]), bool(m[2]))
    m = _DRAW.match(text)
    if m:
        return Draw(int(m[1]))
    m = _SCORE.match(text)
    if m:
        if m[1] not in NAME_TYPES:
            raise MalformedInputError(f"unknown square type {m[1]!r}; types are {', '.join(NAME_TYPES)}")
        x0, y0, x1, y1 = (int(m[i]) for i in range(2, 6))
        if (x0 != x1 and y0 != y1) or x1 < x0 or y1 < y0:
            raise MalformedInputError(f"{text!r}: a run goes straight right or straight down")
        return ScoreRun(Run(NAME_TYPES[m[1]], x0, y0, x1, y1))
    raise MalformedInputError(f"cannot read action {text!r}: {NOTATION_HELP}")
