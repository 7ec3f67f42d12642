"""Every rule clause of Karesansui: The Rock Garden: id -> one line in our own words.

Each id has a heading in ``notebooks/karesansui.ipynb`` and a test named after it.
"""
RULES = {
    "karesansui.setup.rocks": "76 rocks: 75 coloured ones valued I, II or III, and one black rock that tracks the rounds.",
    "karesansui.setup.decks": (
        "Four demerit decks: Pass, Trips, Foursome, Straight Flush; the last three run 1 on top down to 10; "
        "a Pass card is worth 1."
    ),
    "karesansui.setup.tracker": "The black rock starts on space 1 of the round tracker; the other rocks go in the bag.",
    "karesansui.setup.draw": "Each player draws five rocks from the bag into their garden.",
    "karesansui.setup.start": "A start player is chosen (player 1 unless you pick another).",
    "karesansui.round.piles": (
        "The start player lays out one pile fewer than there are players, drawing rocks one at a time "
        "into each pile until it is worth 6 or more."
    ),
    "karesansui.bid.turn": (
        "Bidding goes clockwise from the start player; a player whose bid still stands on the board waits "
        "until someone undercuts it."
    ),
    "karesansui.bid.rocks": "A bid is any rocks from your own garden, all of them or none at all, offered for one pile.",
    "karesansui.bid.undercut": (
        "A bid on a pile that already has one must be worth less, or the same with fewer rocks."
    ),
    "karesansui.bid.outbid": (
        "An undercut player takes their rocks back and bids again on their next turn, on any pile."
    ),
    "karesansui.bid.pass": "You may not pass while any pile still has no bid.",
    "karesansui.bid.end": "Once every pile has a bid, the first player who passes ends the bidding.",
    "karesansui.trade.pass_card": "The player who passed takes the top Pass card (1 demerit).",
    "karesansui.trade.draw": "The player who passed draws one rock from the bag into their garden.",
    "karesansui.trade.piles": "Everyone else puts the rocks they bid into the bag and takes the pile they bid on.",
    "karesansui.sets.trips": "Trips: three identical rocks (same colour, same value).",
    "karesansui.sets.foursome": "Foursome: four rocks of the same value in four different colours.",
    "karesansui.sets.flush": "Straight Flush: a I, a II and a III of one colour.",
    "karesansui.sets.order": (
        "From the player who passed, clockwise, each player turns in forbidden sets one at a time, choosing "
        "which to turn in next, until none is left."
    ),
    "karesansui.sets.demerit": "A set turned in goes back into the bag and earns the top card of its deck.",
    "karesansui.round.next": (
        "The player who passed starts the next round; the black rock moves one space on, or into the bag "
        "from the last space."
    ),
    "karesansui.end.black_refill": "If the black rock is drawn while laying out piles, the game ends at once.",
    "karesansui.end.black_pass": (
        "If the player who passed draws the black rock, the round is finished (without a rock in its place) "
        "and the game ends."
    ),
    "karesansui.end.deck": (
        "If a demerit deck runs out, the round is finished and the game ends; demerits beyond an empty deck "
        "still count (one more than the last card, or 1 for Pass)."
    ),
    "karesansui.end.winner": "Fewest demerits wins; a tie goes to the fewest rocks in the garden; still tied, they share.",
    "karesansui.hidden.demerits": "Demerit cards lie face down: nobody sees another player's total.",
}

#: The player aid (one screen, ``gardenkit.tutor.aid``): the rule ids each section shows, in order.
#: The words are the summaries above; nothing is written twice. "round" is the round at a glance.
AID = {
    "turn": ("karesansui.bid.turn", "karesansui.bid.rocks", "karesansui.bid.undercut", "karesansui.bid.pass"),
    "points": ("karesansui.trade.pass_card", "karesansui.sets.trips", "karesansui.sets.foursome",
               "karesansui.sets.flush", "karesansui.sets.demerit", "karesansui.end.winner"),
    "missed": ("karesansui.bid.outbid", "karesansui.end.black_refill", "karesansui.end.deck",
               "karesansui.hidden.demerits"),
    "round": ("karesansui.round.piles", "karesansui.bid.turn", "karesansui.bid.end", "karesansui.trade.pass_card",
              "karesansui.trade.draw", "karesansui.trade.piles", "karesansui.sets.order", "karesansui.round.next"),
}
