"""Miyabi's page (``tests/test_all_games.py``): the readings it must state, the widgets it uses."""
#: the five mini-expansions, each explained
READINGS = ("A Colorful Garden", "B Big Meadow", "C Zen Garden", "D 7!", "E The Frog")
WIDGETS = ("MiyabiGame(", "ScenarioPlayer(")
MIN_CHECKED = 6


def own_texts(rules) -> list[str]:
    """What the game's components say in words (checked not to copy the rulebook): none beyond the rules."""
    return []
