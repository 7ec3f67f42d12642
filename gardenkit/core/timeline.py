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

from .errors import IllegalActionError, MalformedInputError
from .types import CHANCE


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
        """Resolve a chance node with the seed; the outcome is recorded like any action."""
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
        if not 0 <= position <= len(self.actions):
            raise MalformedInputError(f"position must be between 0 and {len(self.actions)}")
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
        """Rebuild a saved timeline; every action is checked again by the rules."""
        if not isinstance(d, dict) or not {"initial", "actions"} <= set(d):
            raise MalformedInputError("a saved timeline needs 'initial' and 'actions'")
        initial = rules.from_dict(d["initial"])
        actions = d["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise MalformedInputError("'actions' must be a list of action notations")
        state, parsed = initial, []
        for i, text in enumerate(actions):
            try:
                a = rules.parse_action(state, text)
                state = rules.apply(state, a)
            except ValueError as e:
                raise MalformedInputError(f"move {i + 1} ({text!r}) cannot be replayed: {e}") from None
            parsed.append(a)
        t = cls(rules, initial, parsed)
        position = d.get("position", len(parsed))
        if isinstance(position, bool) or not isinstance(position, int):
            raise MalformedInputError("'position' must be an integer")
        t.goto(position)
        return t

