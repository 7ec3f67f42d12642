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
        return f"{kind} of {self.length} {_type_name(self.type)} ({self.x0},{self.y0})-({self.x1},{self.y1})"

    def __str__(self) -> str:
        return f"{_type_name(self.type)} {self.x0},{self.y0}-{self.x1},{self.y1}"


def _type_name(t) -> str:
    """The type's name; a hand-made run of an unknown type still prints (as its letters), so an
    error about it can show it."""
    return TYPE_NAMES.get(t, repr(t)) if isinstance(t, str) else repr(t)


def check_run(run: Run, what: str = "a run") -> Run:
    """``run`` if it is a run a move may name: a known square type, going straight right or
    straight down over 3 squares or more; else a clear :class:`MalformedInputError` (the same
    check for a notation, a hand-made action value and a save).

    >>> check_run(Run("P", 2, 0, 2, 2))
    Run(type='P', x0=2, y0=0, x1=2, y1=2)
    >>> check_run(Run("X", 2, 0, 2, 2))
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: a run: unknown square type 'X'; types are floor, tatami, pond, garden
    >>> check_run(Run("P", 0, 0, 2, 2))
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: a run: (0,0)-(2,2) is no line: a run goes straight right or straight down over 3 squares or more
    """
    if not isinstance(run.type, str) or run.type not in TYPE_NAMES:
        raise MalformedInputError(f"{what}: unknown square type {run.type!r}; types are {', '.join(NAME_TYPES)}")
    if (run.x0 != run.x1 and run.y0 != run.y1) or run.x1 < run.x0 or run.y1 < run.y0 or run.length < 3:
        raise MalformedInputError(f"{what}: ({run.x0},{run.y0})-({run.x1},{run.y1}) is no line: a run goes "
                                  "straight right or straight down over 3 squares or more")
    return run


def check_action(a):
    """``a`` if its values make a move of this game (its fields' types are checked before, by the
    core); a run that is no line of a known type is a clear :class:`MalformedInputError`.

    >>> check_action(ScoreRun(Run("G", 0, 0, 0, 1)))
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: score: (0,0)-(0,1) is no line: a run goes straight right or straight down over 3 squares or more
    """
    if isinstance(a, ScoreRun):
        check_run(a.run, "score")
    return a


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
            raise MalformedInputError(f"score: unknown square type {m[1]!r}; types are {', '.join(NAME_TYPES)}")
        x0, y0, x1, y1 = (int(m[i]) for i in range(2, 6))
        return check_action(ScoreRun(Run(NAME_TYPES[m[1]], x0, y0, x1, y1)))
    raise MalformedInputError(f"cannot read action {text!r}: {NOTATION_HELP}")
