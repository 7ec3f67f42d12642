"""Checks for reading saves and component files: each wrong field is a clear ValueError.

>>> whole(3, "players", 2, 4)
3
>>> whole(True, "players")
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: players must be an integer, not True
>>> read_json("/no/such/file.json", "component file")
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: cannot read the component file /no/such/file.json: No such file or directory
"""
from __future__ import annotations

import json
from pathlib import Path

from .errors import MalformedInputError


def whole(v, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """``v`` if it is an integer (not a bool) within ``lo``..``hi``."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedInputError(f"{what} must be an integer, not {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise MalformedInputError(f"{what} must be between {lo} and {hi}, not {v}")
    return v


def flag(v, what: str) -> bool:
    """``v`` if it is true or false."""
    if not isinstance(v, bool):
        raise MalformedInputError(f"{what} must be true or false, not {v!r}")
    return v


def read_json(path, what: str = "file"):
    """The JSON in ``path``; an unreadable file or bad JSON is a clear ValueError naming ``what``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise MalformedInputError(f"cannot read the {what} {path}: {getattr(e, 'strerror', None) or e}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise MalformedInputError(f"the {what} {path} is not valid JSON: {e}") from None
