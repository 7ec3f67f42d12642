"""Errors raised by every game engine."""


class IllegalActionError(ValueError):
    """An action that the rules forbid in this state.

    The message says, in plain words, which rule forbids it; ``rule`` holds its id.
    """

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class MalformedInputError(ValueError):
    """Input that is not a well-formed action, state or file (wrong type, unknown id, bad JSON)."""
