"""Every rule clause of Samurai Gardener: id -> one line in our own words.

Each id has a heading in ``notebooks/samurai-gardener.ipynb`` and a test named after it.
"""
RULES = {
    "samurai_gardener.setup.deal": "Each player starts their house with one card from the shuffled deck, laid upright.",
    "samurai_gardener.setup.start": "A start player is chosen (player 1 unless you pick another).",
    "samurai_gardener.round.lineup": "Each round the start player lays out one card from the deck per player.",
    "samurai_gardener.round.take": "Every player takes one card from the line-up and adds it to their house.",
    "samurai_gardener.round.order": (
        "The grab is simultaneous at the table; here it is played in turn: the start player first, "
        "then clockwise (player numbers going up)."
    ),
    "samurai_gardener.round.rotate": "After scoring, the player on the start player's left starts the next round.",
    "samurai_gardener.place.upright": "Cards stay portrait (2 wide, 3 tall); turning a card end over end (180 degrees) is fine, sideways is not.",
    "samurai_gardener.place.touch": (
        "A new card must cover at least one square of your house or share a full edge with one; "
        "touching only at a corner is not enough."
    ),
    "samurai_gardener.place.protect": "A new card may not cover any square of a straight line of 3 or more squares of one type.",
    "samurai_gardener.score.run": "Each straight line of exactly 3, 4 or 5 squares of one type that the new card helps form scores 1, 2 or 4.",
    "samurai_gardener.score.long": "A line of 6 or more squares of one type scores nothing.",
    "samurai_gardener.score.all": "When one card forms several lines, every one of them scores.",
    "samurai_gardener.score.bonus": (
        "Bonus for the types among the scoring lines of one card: 2 types +2, 3 types +4, "
        "all 4 types +6; several lines of one type count as one type."
    ),
    "samurai_gardener.end.deck": "The game ends when the deck cannot fill a new line-up.",
    "samurai_gardener.end.points": "The game ends after the scoring of a round in which someone reached 25 or more.",
    "samurai_gardener.end.winner": "Most points wins; tied players share the win.",
    "samurai_gardener.specialist.setup": "Specialist rule: each player has a marker on each of the four types.",
    "samurai_gardener.specialist.marker": "Specialist rule: a line scores only if you have a marker on its type.",
    "samurai_gardener.specialist.spend": "Specialist rule: scoring a line removes your marker of that type.",
    "samurai_gardener.specialist.refill": "Specialist rule: the moment your last marker goes, you get all four back, even in the middle of scoring.",
    "samurai_gardener.specialist.order": "Specialist rule: when one card forms several lines, you choose the order in which they score.",
    "samurai_gardener.specialist.bonus": "Specialist rule: the bonus counts only the types of lines that actually scored.",
}

#: The player aid (one screen, ``gardenkit.tutor.aid``): the rule ids each section shows, in order.
#: The words are the summaries above; nothing is written twice.
AID = {
    "turn": ("samurai_gardener.round.lineup", "samurai_gardener.round.take", "samurai_gardener.round.order",
             "samurai_gardener.place.touch", "samurai_gardener.round.rotate"),
    "points": ("samurai_gardener.score.run", "samurai_gardener.score.all", "samurai_gardener.score.bonus",
               "samurai_gardener.end.points"),
    "missed": ("samurai_gardener.place.protect", "samurai_gardener.score.long", "samurai_gardener.place.upright",
               "samurai_gardener.end.deck"),
}
