"""Regenerate the golden playthroughs. Read the diff before committing it.

    python tests/playthroughs/regenerate.py

The cases are the registry's: every game of ``gardenkit.available_games()`` and each of its
``gardenkit.entry(id).playthroughs`` (declared in ``gardenkit/games/<id>/__init__.py``), written
to ``tests/playthroughs/<name>.txt`` (``karesansui-3p.txt``: Karesansui, 3 players, seed 1).
"""
from pathlib import Path

import gardenkit
from gardenkit.testing import playthrough

HERE = Path(__file__).parent


def cases():
    """``(path, game id, playthrough)`` for every declared playthrough, in registry order."""
    return [(HERE / f"{p.name}.txt", game, p)
            for game in gardenkit.available_games() for p in gardenkit.entry(game).playthroughs]


if __name__ == "__main__":
    for path, game, p in cases():
        text = playthrough(gardenkit.make(game), players=p.players, seed=p.seed, options=p.options)
        changed = not path.exists() or path.read_text() != text
        path.write_text(text)
        print(f"{'changed' if changed else 'same   '} {path.name}")
