"""Karesansui's page (``tests/test_all_games.py``): the readings it must state, the widgets it uses."""
#: what the section "How we read what the rulebook leaves open" and the components' section say
READINGS = ("About the components", "skipped", "Pass card", "8 spaces", "11", "before", "empty", "sorted", "face down")
WIDGETS = ("KaresansuiGame(", "ScenarioPlayer(", "turn_in_orders")
MIN_CHECKED = 4


def own_texts(rules) -> list[str]:
    """What the game's components say in words (checked not to copy the rulebook): none beyond the rules."""
    return []
