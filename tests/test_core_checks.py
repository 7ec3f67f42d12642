"""``gardenkit.core.checks``: the depth scan that runs before any saved game or link is parsed.

The scan drops strings and everything but brackets with one regular expression; it must answer as
a plain walk of the text, character by character, does (the reference below), for any text: an
escaped quote, a bracket inside a string, an unterminated string, a trailing backslash.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gardenkit.core import checks
from gardenkit.core.errors import MalformedInputError


def depth_over_by_walking(text: str, limit: int) -> bool:
    """Brackets outside strings nested deeper than ``limit``, one character at a time."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet='[]{}"\\a,\n', max_size=40), st.integers(min_value=0, max_value=4))
def test_the_depth_scan_answers_as_a_walk_of_the_text(text, limit):
    assert checks._depth_over(text, limit) == depth_over_by_walking(text, limit)


@pytest.mark.parametrize("text, deep", [
    ('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', False),   # brackets in a string
    ('{"a": "\\"' + "[" * 50 + '"}', False),                             # after an escaped quote, still in the string
    ('{"a": "\\\\"' + "[" * 50 + "]" * 50 + "}", True),                  # an escaped backslash ends the string
    ('"unterminated ' + "[" * 50, False),
    ("[" * 41 + "]" * 41, True),
    ("[" * 40 + "]" * 40, False),
])
def test_the_depth_limit_counts_only_brackets_outside_strings(text, deep):
    assert checks._depth_over(text, checks.MAX_DEPTH) is deep
    if deep:
        with pytest.raises(MalformedInputError, match="nested too deeply"):
            checks.loads(text)


def test_a_deep_but_allowed_save_loads():
    value = "x"
    for _ in range(checks.MAX_DEPTH - 1):
        value = [value]
    assert checks.loads(json.dumps({"a": value})) == {"a": value}
