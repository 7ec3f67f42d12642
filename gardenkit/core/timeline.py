"""Undo, redo and replay over immutable states.

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> t = Timeline(rules, rules.initial_state(players=2, seed=1))
>>> t.advance_chance()          # deal and lay out the line-up
>>> before = t.state
>>> t.play(rules.legal_actions(t.state)[0])
>>> t.undo() and t.state == before
True
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .checks import check_depth
from .errors import IllegalActionError, MalformedInputError
from .rng import _short
from .types import CHANCE

#: the most actions a saved timeline may hold (a long game has a few hundred)
MAX_ACTIONS = 20_000


@dataclass
class Timeline:
    rules: object
    initial: object
    actions: list = field(default_factory=list)
    position: int = 0  # how many of ``actions`` are in effect

    def __post_init__(self):
        self._states = [self.initial]
        for a in self.actions:
            self._states.append(self.rules.apply(self._states[-1], a))
        self.position = len(self.actions)

    @property
    def state(self):
        return self._states[self.position]

    @property
    def history(self) -> tuple:
        """The actions in effect, oldest first."""
        return tuple(self.actions[: self.position])

    def states(self) -> tuple:
        return tuple(self._states[: self.position + 1])

    def play(self, action) -> None:
        """Apply ``action`` (or its notation); redo history beyond this point is dropped.
        An illegal one raises :class:`~gardenkit.IllegalActionError` and changes nothing."""
        played = self.rules.play(self.state, action, explain=False)
        if not played.legal:
            reason = played.explanation.reason
            raise IllegalActionError(str(reason), rule=reason.rule)
        self.record(played)

    def record(self, played) -> None:
        """Record a move ``rules.play(timeline.state, …)`` has read, checked and applied (a
        :class:`~gardenkit.core.rules.Played`), without checking it again: how a game view keeps
        the move a click played, so the click is read and checked once. A refused one is a
        ValueError.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> t = Timeline(rules, rules.initial_state(players=2, seed=1))
        >>> t.advance_chance()
        >>> played = rules.play(t.state, rules.legal_actions(t.state)[0])
        >>> t.record(played)
        >>> t.state is played.state and t.history[-1] == played.action
        True
        """
        if played.state is None:
            raise MalformedInputError(f"{played.action} was refused, so there is nothing to record")
        del self.actions[self.position :]
        del self._states[self.position + 1 :]
        self.actions.append(played.action)
        self._states.append(played.state)
        self.position += 1

    def steps(self, start: int = 0) -> tuple:
        """``(before, action, after)`` of each move in effect from move ``start`` on (0: all),
        so a reader that has shown the first ``start`` moves reads only the new ones."""
        start = max(0, start)
        return tuple((self._states[i], self.actions[i], self._states[i + 1]) for i in range(start, self.position))

    def step_chance(self) -> None:
        """Resolve a chance node with the seed; the outcome is recorded like any action. Where a
        player is to act (or the game is over) nothing is played for them: an
        :class:`~gardenkit.IllegalActionError` says so.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> t = Timeline(rules, rules.initial_state(players=2, seed=1))
        >>> t.advance_chance()
        >>> t.step_chance()
        Traceback (most recent call last):
        ...
        gardenkit.core.errors.IllegalActionError: step_chance: player 1 is to act, not chance; nothing was played for them
        """
        p = self.rules.current_player(self.state)
        if p is not CHANCE:
            who = "the game is over" if p is None else f"player {p + 1} is to act, not chance"
            raise IllegalActionError(f"step_chance: {who}; nothing was played" + (" for them" if p is not None else ""))
        action, _ = self.rules.sample_chance(self.state)
        self.play(action)

    def advance_chance(self) -> None:
        """Resolve chance nodes until a player is to act or the game is over."""
        while self.rules.current_player(self.state) is CHANCE:
            self.step_chance()

    def undo(self) -> bool:
        if self.position == 0:
            return False
        self.position -= 1
        return True

    def undo_to_player(self, player: int, where=None) -> bool:
        """Undo back to the last decision of ``player`` (skipping chance and other players);
        with ``where(state)``, the last one where it is true (e.g. the start of a turn)."""
        start = self.position
        while self.position > 0:
            self.position -= 1
            if self.rules.current_player(self.state) == player and (where is None or where(self.state)):
                return True
        self.position = start
        return False

    def redo(self) -> bool:
        if self.position >= len(self.actions):
            return False
        self.position += 1
        return True

    def goto(self, position: int) -> None:
        """Show the state after the first ``position`` actions (0: the initial state); the others
        stay for :meth:`redo`. ``position`` is a whole number from 0 to ``len(actions)``.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> t = Timeline(rules, rules.initial_state(players=2, seed=1))
        >>> t.advance_chance()
        >>> t.goto(0); t.state == t.initial
        True
        >>> t.goto(True)
        Traceback (most recent call last):
        ...
        gardenkit.core.errors.MalformedInputError: a timeline position is a whole number from 0 to 4, not True
        """
        n = len(self.actions)
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= n:
            raise MalformedInputError(f"a timeline position is a whole number from 0 to {n}, not {_short(position)}")
        self.position = position

    def to_dict(self) -> dict:
        return {
            "game": self.rules.info.id,
            "initial": self.initial.to_dict(),
            "actions": [str(a) for a in self.actions],
            "position": self.position,
        }

    @classmethod
    def from_dict(cls, rules, d) -> "Timeline":
        """Rebuild a saved timeline (``to_dict``); every action is read and checked again by the
        rules. Anything malformed (not an object, another game, a list of anything but notations, a
        move that cannot be replayed, a position that is no whole number in range) is a
        :class:`~gardenkit.MalformedInputError` naming it.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> t = Timeline(rules, rules.initial_state(players=2, seed=1))
        >>> t.advance_chance()
        >>> Timeline.from_dict(rules, t.to_dict()).state == t.state
        True
        >>> Timeline.from_dict(rules, dict(t.to_dict(), position="1"))
        Traceback (most recent call last):
        ...
        gardenkit.core.errors.MalformedInputError: a saved timeline's 'position' is a whole number from 0 to 4, not '1'
        """
        if not isinstance(d, dict):
            raise MalformedInputError(f"a saved timeline is an object with 'initial' and 'actions', not {type(d).__name__}")
        check_depth(d, "saved timeline")
        missing = [k for k in ("initial", "actions") if k not in d]
        if missing:
            raise MalformedInputError(f"a saved timeline needs {' and '.join(map(repr, missing))}")
        game = d.get("game", rules.info.id)
        if game != rules.info.id:
            raise MalformedInputError(f"this timeline is of the game {_short(game)}, not {rules.info.id!r}")
        actions = d["actions"]
        if not isinstance(actions, list):
            raise MalformedInputError(f"a saved timeline's 'actions' must be a list of action notations, not "
                                      f"{type(actions).__name__}")
        if len(actions) > MAX_ACTIONS:
            raise MalformedInputError(f"a saved timeline holds {len(actions)} actions; no game is that long "
                                      f"(at most {MAX_ACTIONS})")
        bad = [i for i, a in enumerate(actions) if not isinstance(a, str)]
        if bad:
            shown = ", ".join(f"move {i + 1} ({_short(actions[i])})" for i in bad[:3])
            more = f" and {len(bad) - 3} more" if len(bad) > 3 else ""
            raise MalformedInputError(f"a saved timeline's 'actions' must be action notations: {shown}{more} "
                                      "are not text")
        position = d.get("position", len(actions))
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= len(actions):
            raise MalformedInputError(f"a saved timeline's 'position' is a whole number from 0 to {len(actions)}, "
                                      f"not {_short(position)}")
        initial = rules.from_dict(d["initial"])
        t = cls(rules, initial)
        for i, text in enumerate(actions):
            try:
                played = rules.play(t._states[-1], text, explain=False)
            except ValueError as e:
                raise MalformedInputError(f"move {i + 1} ({_short(text)}) cannot be replayed: {e}") from None
            if not played.legal:
                raise MalformedInputError(f"move {i + 1} ({_short(text)}) cannot be replayed: "
                                          f"{played.explanation.reason}")
            t.actions.append(played.action)
            t._states.append(played.state)
        t.position = position
        return t
