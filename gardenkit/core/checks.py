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
import re
from itertools import accumulate
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


#: the largest component file or saved game read (bytes): the shipped files are under 60 KB
MAX_FILE_BYTES = 2_000_000
#: the most values (list items and object fields, all levels) a save handed over as a dict may hold;
#: the longest saved game holds a few thousand
MAX_VALUES = 200_000
#: the deepest nesting of JSON accepted (a save is about 6 levels deep)
MAX_DEPTH = 40


def loads(text, what: str = "saved game"):
    """JSON text (str or bytes) as Python values; too large, too deeply nested, not UTF-8, not JSON,
    or a number too long to read: a clear :class:`MalformedInputError`, quickly.

    >>> loads('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> loads("[" * 100_000)
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: the saved game is too large (100000 bytes, at most 2000000) or nested too deeply (more than 40 levels)
    >>> loads("1" * 5000)
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: the saved game holds a number too long to read (5000 digits or more)
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise MalformedInputError(f"the {what} is not UTF-8 text: {e.reason} at byte {e.start}") from None
    if not isinstance(text, str):
        raise MalformedInputError(f"the {what} must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES or _depth_over(text, MAX_DEPTH):
        raise MalformedInputError(f"the {what} is too large ({len(text)} bytes, at most {MAX_FILE_BYTES}) "
                                  f"or nested too deeply (more than {MAX_DEPTH} levels)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise MalformedInputError(f"the {what} is not valid JSON: {e}") from None
    except ValueError:  # Python's int() limit: a number of thousands of digits
        raise MalformedInputError(f"the {what} holds a number too long to read (5000 digits or more)") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise MalformedInputError(f"the {what} is nested too deeply") from None


#: what is not a bracket that nests: a JSON string (an unterminated one runs to the end of the text:
#: brackets inside it do not nest), or a run of anything but brackets and quotes
_NOT_NESTING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)|[^"\[\]{}]+', re.S)
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth_over(text: str, limit: int) -> bool:
    """Whether brackets outside strings nest deeper than ``limit`` (a cheap scan before parsing:
    the strings and everything but brackets dropped by one regular expression, the depth summed in C).

    >>> _depth_over('[[["[[[[", 1]]]', 3), _depth_over('[[[["]"]]]]', 3), _depth_over('"[[[[[', 3)
    (False, True, False)
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    brackets = _NOT_NESTING.sub("", text)
    return max(accumulate(map(_NESTING.__getitem__, brackets)), default=0) > limit


def check_depth(value, what: str = "saved game", limit: int = MAX_DEPTH) -> None:
    """Refuse Python values (a dict handed to ``from_dict``) nested deeper than ``limit`` or holding
    more than ``MAX_FILE_BYTES`` items in all, without recursion.

    >>> deep = []
    >>> for _ in range(100_000):
    ...     deep = [deep]
    >>> check_depth({"game": deep})
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: the saved game is nested too deeply (more than 40 levels)
    """
    # level by level: the containers at one depth, then those inside them (only containers are kept:
    # a save is mostly numbers and texts, and its many small score lines are walked without a tuple
    # each); a container's items are one level deeper than it, so a container at ``limit`` holding
    # anything is too deep
    if not isinstance(value, (dict, list, tuple)):
        return
    level, depth, seen = [value], 0, 0
    containers = (dict, list, tuple)
    while level:
        inner = []
        for v in level:
            items = v.values() if isinstance(v, dict) else v
            if not items:
                continue
            if depth >= limit:
                raise MalformedInputError(f"the {what} is nested too deeply (more than {limit} levels)")
            seen += len(items)
            if seen > MAX_VALUES:
                raise MalformedInputError(f"the {what} is too large (more than {MAX_VALUES} values)")
            inner += [x for x in items if isinstance(x, containers)]
        level, depth = inner, depth + 1


def read_json(path, what: str = "file"):
    """The JSON in the regular file ``path``, read with a size limit; a path that is no text, holds a
    NUL byte, is not a regular file (a FIFO, ``/dev/zero``, a folder), is too large, unreadable or not
    JSON: a clear :class:`MalformedInputError`, never a hang or a memory blow-up.

    >>> read_json("/dev/zero", "component file")
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: the component file /dev/zero is not a regular file
    >>> read_json("a\\x00b", "component file")
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: the component file path must not contain a NUL byte
    """
    import os
    import stat

    if not isinstance(path, (str, Path)):
        raise MalformedInputError(f"the {what} must be given as a path, not {type(path).__name__}")
    if "\x00" in str(path):
        raise MalformedInputError(f"the {what} path must not contain a NUL byte")
    shown = str(path) if len(str(path)) <= 200 else str(path)[:199] + "…"
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait; the fstat below refuses it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise MalformedInputError(f"cannot read the {what} {shown}: {e.strerror or e}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise MalformedInputError(f"the {what} {shown} is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise MalformedInputError(f"the {what} {shown} is too large ({info.st_size} bytes, at most {MAX_FILE_BYTES})")
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as e:
        raise MalformedInputError(f"cannot read the {what} {shown}: {e.strerror or e}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise MalformedInputError(f"the {what} {shown} is too large (at most {MAX_FILE_BYTES} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedInputError(f"cannot read the {what} {shown}: it is not UTF-8 text") from None
    try:
        return loads(text, what)
    except MalformedInputError as e:
        raise MalformedInputError(str(e).replace(f"the {what}", f"the {what} {shown}", 1)) from None
