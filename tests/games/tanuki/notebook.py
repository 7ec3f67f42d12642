"""Tanuki in the Garden's page (``tests/test_all_games.py``): the readings it must state, the widgets it uses."""
READINGS = ("About the components", 'edge="wrap"', 'edge="turn"', "35", "Blue before gold", "10 rounds",
            "Laying a tile is required", "The Best Offense", "trap")
WIDGETS = ("TanukiGame(", "garden_master", "ScenarioPlayer(")
MIN_CHECKED = 8


def own_texts(rules) -> list[str]:
    """What the game's components say in words (checked not to copy the rulebook): the Garden
    Master cards' texts."""
    from gardenkit.games.tanuki import default_components
    return [c.text for c in default_components().cards]
