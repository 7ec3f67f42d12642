"""Tang Garden's page (``tests/test_all_games.py``): the readings it must state, the widgets it uses."""
READINGS = ("READINGS.md", "Three or four footpaths", "The flip after building", "An empty decoration deck",
            "Declining to influence", "Line of sight", "Tree sets", "nothing fits any more",
            "A tie on coins and landscape tokens", "Solo: the corners", "Which components are reconstructed")
WIDGETS = ("TangGardenGame", "ScenarioPlayer(")
MIN_CHECKED = 6


def own_texts(rules) -> list[str]:
    """What the game's components say in words (checked not to copy the rulebook): the characters'
    skills."""
    return [c.skill_text for c in rules.initial_state(players=2).components.characters]
