"""Value types shared by every game: the contract's vocabulary."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class _Chance:
    """The 'player' who moves at a chance node (a shuffle, a draw, a roll)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "CHANCE"

    def __reduce__(self):
        return (_Chance, ())


CHANCE = _Chance()


@dataclass(frozen=True)
class Line:
    """One line of a score: ``points`` earned for ``text`` by rule ``rule``."""

    points: int
    text: str
    rule: str
    round: int | None = None

    def __str__(self) -> str:
        sign = "+" if self.points >= 0 else ""
        return f"{sign}{self.points}  {self.text}  [{self.rule}]"

    def to_dict(self) -> dict:
        return {"points": self.points, "text": self.text, "rule": self.rule, "round": self.round}

    @classmethod
    def from_dict(cls, d) -> "Line":
        if not isinstance(d, dict):
            raise ValueError(f"a score line must be an object, not {d!r}")
        try:
            points, text, rule, rnd = d["points"], d["text"], d["rule"], d.get("round")
        except KeyError as e:
            raise ValueError(f"a score line lacks {e}") from None
        if isinstance(points, bool) or not isinstance(points, int):
            raise ValueError(f"score line points must be an integer, not {points!r}")
        if not isinstance(text, str) or not isinstance(rule, str):
            raise ValueError("score line text and rule must be strings")
        if rnd is not None and (isinstance(rnd, bool) or not isinstance(rnd, int)):
            raise ValueError(f"score line round must be an integer, not {rnd!r}")
        return cls(points, text, rule, rnd)


@dataclass(frozen=True)
class Explanation:
    """What an action would do, produced by the code that applies it.

    ``legal`` is False for a refused action, with ``reason`` naming the rule.
    ``points`` is what the acting player gains; ``lines`` itemise it.
    """

    action: str
    legal: bool
    points: int = 0
    lines: tuple[Line, ...] = ()
    rules: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    reason: str | None = None
    unit: str = "point"  # what ``points`` counts: "point", or "demerit" where fewest wins

    @property
    def text(self) -> str:
        if not self.legal:
            return f"{self.action}: not allowed. {self.reason}"
        parts = [f"{self.action}: {points_text(self.points, bool(self.lines), self.unit)}"]
        parts += [f"  {line}" for line in self.lines]
        parts += [f"  {effect}" for effect in self.effects]
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.text


def points_text(points: int, itemised: bool = True, unit: str = "point") -> str:
    """``+1 point``, ``+3 points``, ``-2 points``; ``no points`` for a move that scores nothing at all.

    >>> points_text(1), points_text(3), points_text(0, itemised=False), points_text(2, unit="demerit")
    ('+1 point', '+3 points', 'no points', '+2 demerits')
    """
    if points == 0 and not itemised:
        return f"no {unit}s"
    return f"{points:+d} {unit}{'' if abs(points) == 1 else 's'}"


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: str


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    options: dict = field(default_factory=dict)  # name -> Option
    rules: dict = field(default_factory=dict)  # rule id -> one-line summary
    lower_wins: bool = False  # the score counts demerits: fewest wins, and bots avoid points
