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


class Cited(str):
    """A sentence and the rule it comes from, as one value: ``text`` (plain words) and ``rule``
    (a rule id, or None for input that is no move at all).

    It is also the string ``"text [rule]"`` (what the contract's texts have always read), so it
    prints and compares as before; code reads ``.text`` and ``.rule`` and never parses it.

    >>> r = Refusal("pile 1 has no bid yet", "karesansui.bid.pass")
    >>> r.text, r.rule, str(r)
    ('pile 1 has no bid yet', 'karesansui.bid.pass', 'pile 1 has no bid yet [karesansui.bid.pass]')
    >>> Refusal("that is not a move", None)
    Refusal('that is not a move', None)
    >>> r == "pile 1 has no bid yet [karesansui.bid.pass]", "bid.pass" in r
    (True, True)
    """

    __slots__ = ("text", "rule")

    def __new__(cls, text: str, rule: str | None = None):
        if not isinstance(text, str) or (rule is not None and not isinstance(rule, str)):
            raise TypeError(f"{cls.__name__}(text, rule) takes strings, not {text!r}, {rule!r}")
        self = super().__new__(cls, f"{text} [{rule}]" if rule else text)
        self.text, self.rule = str(text), rule
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r}, {self.rule!r})"

    def __reduce__(self):
        return (type(self), (self.text, self.rule))

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids it cites: ``(rule,)``, or ``()``."""
        return (self.rule,) if self.rule else ()


class Refusal(Cited):
    """Why an action is refused: what ``rules.why_illegal`` answers, ``Explanation.reason``."""


class Effect(Cited):
    """Something an action does besides its points (a card goes to the line-up, the round ends)."""


@dataclass(frozen=True)
class Line:
    """One line of a score: ``points`` earned for ``text`` by rule ``rule``.

    ``subject`` and ``rank`` are for readers that group lines (a final-scoring table): what the
    line scores, in the game's own short words (``"row 3"``, ``"column b"``, ``"pile 2"``), and a
    place in a contest (1 for first, 2 for second). Neither changes what the line is worth.
    """

    points: int
    text: str
    rule: str
    round: int | None = None
    subject: str | None = None
    rank: int | None = None

    def __str__(self) -> str:
        sign = "+" if self.points >= 0 else ""
        return f"{sign}{self.points}  {self.text}  [{self.rule}]"

    def to_dict(self) -> dict:
        d = {"points": self.points, "text": self.text, "rule": self.rule, "round": self.round}
        if self.subject is not None:
            d["subject"] = self.subject
        if self.rank is not None:
            d["rank"] = self.rank
        return d

    @classmethod
    def from_dict(cls, d) -> "Line":
        """A saved score line; every field checked (numbers of a sane size, texts of a sane length).

        >>> Line.from_dict({"points": 3, "text": "a row", "rule": "x.y", "round": 10 ** 5000})
        Traceback (most recent call last):
        ...
        ValueError: score line round must be an integer from -2147483647 to 2147483647, not a number of about 5001 digits
        """
        # (straight-line checks: a save holds hundreds of lines, and a sweep loads millions)
        if not isinstance(d, dict):
            raise ValueError(f"a score line must be an object, not {_short_value(d)}")
        try:
            points, text, rule = d["points"], d["text"], d["rule"]
        except KeyError as e:
            raise ValueError(f"a score line lacks {e}") from None
        rnd, subject, rank = d.get("round"), d.get("subject"), d.get("rank")
        if not (type(points) is int and -_LINE_INT < points < _LINE_INT):
            _line_int("points", points)
        if rnd is not None and not (type(rnd) is int and -_LINE_INT < rnd < _LINE_INT):
            _line_int("round", rnd)
        if rank is not None and not (type(rank) is int and -_LINE_INT < rank < _LINE_INT):
            _line_int("rank", rank)
        if not isinstance(text, str) or not isinstance(rule, str):
            raise ValueError("score line text and rule must be strings")
        if subject is not None and not isinstance(subject, str):
            raise ValueError(f"score line subject must be a string, not {_short_value(subject)}")
        if len(text) > _LINE_TEXT or len(rule) > _LINE_TEXT or (subject is not None and len(subject) > _LINE_TEXT):
            name, v = next((n, v) for n, v in (("text", text), ("rule", rule), ("subject", subject or ""))
                           if len(v) > _LINE_TEXT)
            raise ValueError(f"score line {name} is too long ({len(v)} characters, at most {_LINE_TEXT})")
        return cls(points, text, rule, rnd, subject, rank)


#: bounds of a saved score line's numbers and texts (far beyond any game's)
_LINE_INT = 2 ** 31
_LINE_TEXT = 2000


def _short_value(v) -> str:
    from .rng import _short

    return _short(v)


def _line_int(name: str, v) -> None:
    """Refuse a score line's number ``name`` unless it is an integer within the bounds (an int
    subclass other than bool passes, as it always did)."""
    if isinstance(v, bool) or not isinstance(v, int) or not -_LINE_INT < v < _LINE_INT:
        raise ValueError(f"score line {name} must be an integer from {-_LINE_INT + 1} to {_LINE_INT - 1}, "
                         f"not {_short_value(v)}")


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
    effects: tuple[Effect, ...] = ()
    reason: Refusal | None = None
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
    """The result: ``winners`` (several on a shared win), final ``scores``, and ``reason`` (a
    :class:`Cited`: why the game ended and who won, with the rule)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: Cited


@dataclass(frozen=True)
class Target:
    """One thing a player may click now, with what the engine says of it.

    ``action``: the move's notation. ``points``: what it gains (None: refused). ``reason``: the
    :class:`Refusal` of a refused target (None when legal). ``at``: where the board draws it, in
    the game's own coordinates (``(x, y)`` of a square, ``(pile,)``, or ``()`` for a button).
    Every game answers ``rules.targets(state, selection)`` with these; boards, hints and tests
    read them, and no view works legality out for itself.
    """

    action: str
    points: int | None
    reason: Refusal | None = None
    at: tuple = ()

    @property
    def legal(self) -> bool:
        return self.points is not None


@dataclass(frozen=True)
class Option:
    """A variant or expansion of ``rules.initial_state``: its ``name``, ``default`` and ``help`` text.

    ``label``: a few words for the control a game view shows for it ("specialist rule", "Zen
    Garden"); an option without a label (a start player, a component file) gets no control.
    """

    name: str
    default: Any
    help: str
    label: str = ""


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    options: dict = field(default_factory=dict)  # name -> Option
    rules: dict = field(default_factory=dict)  # rule id -> one-line summary
    lower_wins: bool = False  # the score counts demerits: fewest wins, and bots avoid points
