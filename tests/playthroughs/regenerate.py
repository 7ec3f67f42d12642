"""Regenerate the golden playthroughs. Read the diff before committing it.

    python tests/playthroughs/regenerate.py
"""
from pathlib import Path

import gardenkit
from gardenkit.testing import playthrough

HERE = Path(__file__).parent
CASES = {
    "karesansui-3p": ("karesansui", 3, 1, {}),
    "karesansui-5p": ("karesansui", 5, 2, {}),
    "samurai_gardener-default-2p": ("samurai_gardener", 2, 1, {}),
    "samurai_gardener-default-5p": ("samurai_gardener", 5, 2, {}),
    "samurai_gardener-specialist-3p": ("samurai_gardener", 3, 3, {"specialist": True}),
    "samurai_gardener-specialist-4p": ("samurai_gardener", 4, 4, {"specialist": True}),
    "miyabi-base-2p": ("miyabi", 2, 1, {}),
    "miyabi-base-4p": ("miyabi", 4, 2, {}),
    "miyabi-all-3p": ("miyabi", 3, 3, {"colorful": True, "meadow": True, "zen": True, "seven": True, "frog": True}),
    "miyabi-zen-frog-2p": ("miyabi", 2, 4, {"zen": True, "frog": True}),
}

if __name__ == "__main__":
    for name, (game, players, seed, options) in CASES.items():
        text = playthrough(gardenkit.make(game), players=players, seed=seed, options=options)
        path = HERE / f"{name}.txt"
        changed = not path.exists() or path.read_text() != text
        path.write_text(text)
        print(f"{'changed' if changed else 'same   '} {path.name}")
