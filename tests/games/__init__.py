"""Per-game test data: ``tests/games/<game id>/``. The suites in ``tests/`` run every check over
every registered game and read a game's own data here (its set-ups, its own invariants); a game
gets every check by being registered and giving its data (``test_properties.py`` fails for a
registered game without it)."""

import importlib


def data_of(game: str, kind: str):
    """``tests/games/<game>/<kind>.py``: a registered game's data for one shared suite (``properties``,
    ``conformance``, ``notebook``)."""
    return importlib.import_module(f"{__name__}.{game}.{kind}")
