"""Samurai Gardener's page (``tests/test_all_games.py``): the readings it must state, the widgets it uses."""
READINGS = ("Turning cards", "end over end", "Growing a finished line", "Lines of 6 or more", "The grab",
            "The deck runs dry", "Choosing the order")
WIDGETS = ("SamuraiGame(", "ScenarioPlayer(")
MIN_CHECKED = 2


def own_texts(rules) -> list[str]:
    """What the game's components say in words (checked not to copy the rulebook): none beyond the rules."""
    return []
