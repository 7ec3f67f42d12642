"""Lessons as data: worked examples (steppable scenarios), quizzes and a checker.

>>> from gardenkit.tutor import samurai_gardener as sg
>>> quiz = sg.quizzes()[0]
>>> check_quiz(quiz, quiz.answer).correct
True
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

import gardenkit

from ..core.types import points_text


def game_of(state) -> str:
    """The id of the registered game whose rules take ``state`` (found by its type, through
    ``gardenkit.available_games()``).

    >>> game_of(gardenkit.make("miyabi").initial_state(players=2, seed=1))
    'miyabi'
    """
    # the game whose package defines the state's type is asked first: asking another game makes its
    # rules, which imports its package (a dashboard's kernel would import every game before its own)
    home = type(state).__module__
    for game_id in sorted(gardenkit.available_games(), key=lambda g: not home.startswith(f"gardenkit.games.{g}.")):
        if isinstance(state, gardenkit.make(game_id).state_type):
            return game_id
    raise ValueError(f"no registered game plays a {type(state).__name__}")


def _check_game(game) -> None:
    if game not in gardenkit.available_games():
        raise ValueError(f"game must be one of {', '.join(gardenkit.available_games())}, not {game!r}")


@dataclass(frozen=True)
class Scenario:
    """A worked example: a start position and the moves the rulebook makes, one caption each."""

    id: str
    title: str
    text: str
    start: object
    actions: tuple[str, ...]
    captions: tuple[str, ...]
    rules: tuple[str, ...] = ()
    #: the game's id (``gardenkit.available_games()``), given by name: ``game="miyabi"``
    game: str = field(kw_only=True)
    from_book: bool = True  # a rulebook example (False: a lesson of ours, whose moves are suggestions)

    def __post_init__(self):
        if len(self.actions) != len(self.captions):
            raise ValueError("a scenario needs one caption per action")
        _check_game(self.game)

    def states(self, rules=None) -> tuple:
        """The start and the state after each action (checked by the engine)."""
        rules = rules or gardenkit.make(self.game)
        out = [self.start]
        for a in self.actions:
            out.append(rules.apply(out[-1], a))
        return tuple(out)

    def explanations(self, rules=None) -> tuple:
        rules = rules or gardenkit.make(self.game)
        states = self.states(rules)
        return tuple(rules.explain(s, a) for s, a in zip(states, self.actions))


@dataclass(frozen=True)
class Quiz:
    """'Predict the points': how many points does ``action`` score in ``state``?"""

    id: str
    question: str
    state: object
    action: str
    answer: int
    rules: tuple[str, ...] = ()
    #: the game's id (``gardenkit.available_games()``), given by name: ``game="miyabi"``
    game: str = field(kw_only=True)

    def __post_init__(self):
        _check_game(self.game)


@dataclass(frozen=True)
class QuizResult:
    correct: bool
    message: str
    explanation: object


def check_quiz(quiz: Quiz, guess) -> QuizResult:
    """Check a guess; the explanation comes from the engine, so it always shows why."""
    rules = gardenkit.make(quiz.game)
    explanation = rules.explain(quiz.state, quiz.action)
    unit = explanation.unit
    try:
        value = int(str(guess).strip())
    except (TypeError, ValueError):
        return QuizResult(False, f"{guess!r} is not a whole number of {unit}s: type a number such as 3", explanation)
    if value == explanation.points:
        return QuizResult(True, f"Right: {points_text(value, unit=unit).lstrip('+')}.", explanation)
    direction = "too high" if value > explanation.points else "too low"
    verb = "costs" if unit == "demerit" else "scores"
    return QuizResult(False, f"Not quite: {value} is {direction}; it {verb} {explanation.points}.", explanation)


class TryCaption(str):
    """What a try board invites the learner to do, and the piece it picks to start with (``pick``:
    a face-up tile ``"72"``, a hand tile ``"34"``, a stack top ``"17"``; None: the board's first).
    It is the caption's plain text as a string, so it shows and compares as one. A game's tutor
    module gives its try positions' captions as these where a caption names a piece.

    >>> c = TryCaption("Lay tile 34 unturned.", pick="34")
    >>> c, c.pick
    ('Lay tile 34 unturned.', '34')
    """

    __slots__ = ("pick",)

    def __new__(cls, text: str, pick: str | None = None):
        self = super().__new__(cls, text)
        self.pick = pick
        return self

    def __reduce__(self):
        return (type(self), (str(self), self.pick))


__all__ = ["Positions", "Quiz", "QuizResult", "Scenario", "TryCaption", "check_quiz", "game_of"]


class Positions(Mapping):
    """A game's try positions (rule id -> (position, what to try)), each set up the first time it
    is asked for, then kept. A page shows its lessons in order and a cell asks only for its own, so
    the first lesson does not wait for a hundred positions to be set up (Tang Garden's took ~0.13 s
    of CPython, ~0.4 s of Pyodide, in a notebook's first cell).

    >>> built = []
    >>> p = Positions({"a.b": lambda: built.append("a.b") or ("state", "try it")})
    >>> list(p), built
    (['a.b'], [])
    >>> p["a.b"], p["a.b"], built
    (('state', 'try it'), ('state', 'try it'), ['a.b'])
    >>> p["nope"]
    Traceback (most recent call last):
    ...
    KeyError: 'nope'
    """

    def __init__(self, builders: Mapping[str, Callable[[], tuple]]):
        self._builders = dict(builders)
        self._built: dict[str, tuple] = {}

    def __getitem__(self, rule: str) -> tuple:
        try:
            return self._built[rule]
        except KeyError:
            pass
        value = self._built[rule] = self._builders[rule]()
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)

    def __repr__(self) -> str:
        return f"Positions({len(self)} rules, {len(self._built)} set up)"
