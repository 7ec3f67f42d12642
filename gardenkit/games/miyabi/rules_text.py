"""Every rule clause of Miyabi and its five mini-expansions: id -> one line in our own words.

Each id has a heading in ``notebooks/miyabi.ipynb`` and a test named after it.
"""
RULES = {
    # the base game
    "miyabi.setup.board": (
        "Each player has a 6x6 garden. Its rows hold, top to bottom: maple, pagoda, fish, azalea, boxwood, stone; "
        "above each column is one lantern field."
    ),
    "miyabi.setup.start": (
        "A start player takes the bonsai: the rulebook has the youngest begin; here the start_player option "
        "picks (0 = player 1, the default)."
    ),
    "miyabi.round.count": "The game has 6 building rounds with 2 players, 5 with 3, 4 with 4.",
    "miyabi.round.tiles": (
        "Each round starts with tiles from the box laid face up: singles, doubles, corner and straight triples, "
        "4/4/2/2 for 2 players, 6/6/3/3 for 3, 8/8/4/4 for 4."
    ),
    "miyabi.round.bonsai": "The bonsai (the start player) passes to the next player clockwise each round.",
    "miyabi.round.turns": (
        "Turns go clockwise from the start player; a player has at most six turns a round, one per lantern."
    ),
    "miyabi.round.end": (
        "The round ends once every player has filled all six lantern fields or passed; tiles left over leave the game."
    ),
    "miyabi.turn.take": "On your turn take one face-up tile from the display and place it in your garden.",
    "miyabi.turn.pass": "Only if no tile fits do you pass, and then you sit out the rest of the round.",
    "miyabi.place.grid": "A tile must lie wholly inside the 6x6 garden.",
    "miyabi.place.row": "The tile's objects must lie in the row of their kind.",
    "miyabi.place.lantern": (
        "The objects' column must still have an empty lantern field; a lantern is put there at once."
    ),
    "miyabi.place.green": "A tile's empty green squares may lie in any row and any column, lantern or not.",
    "miyabi.place.rotate": "Tiles may be turned any way before placing (never flipped over).",
    "miyabi.place.layer": (
        "A tile lies either wholly on the bare board (layer 1) or wholly on tiles placed before; here (our reading) "
        "all the squares under it must be of one height, and its layer is that height plus one."
    ),
    "miyabi.place.cover": "Objects may be covered by a tile on a higher layer; covered objects no longer count.",
    "miyabi.score.placement": "A placed tile scores its objects times its layer.",
    "miyabi.score.objects": "Every object shown counts, so a pond with 3 fish is 3 objects.",
    "miyabi.bonus.fifth": (
        "The first player to place a tile showing an object on layer 5 takes that object's bonus tile "
        "and its points; the bonus tile then leaves the game."
    ),
    "miyabi.end.rounds": "The game ends after the last building round, with the final scoring.",
    "miyabi.end.majority": (
        "Final scoring, row by row: the most visible objects in a row score the row's higher value, "
        "the second most its lower value (a player needs at least one object in the row)."
    ),
    "miyabi.end.tie_first": "Players tied for the most objects in a row all score the higher value, and nobody scores the lower one.",
    "miyabi.end.tie_second": "Players tied for the second most all score the lower value.",
    "miyabi.end.winner": "Most points wins; tied players share the victory.",
    # A) The Colorful Garden
    "miyabi.colorful.group": (
        "The Colorful Garden: at the end, your largest group of edge-to-edge object squares (layers do not "
        "break it, empty green does) scores 1 point per object in it."
    ),
    # B) The Big Meadow
    "miyabi.meadow.group": (
        "The Big Meadow: at the end, your largest group of edge-to-edge empty green squares of tiles (on any "
        "layers; bare board does not count) scores 2 points per square."
    ),
    # C) The Zen Garden
    "miyabi.zen.setup": "The Zen Garden: 16 Zen tiles are shuffled face down and 5 turned face up; each one taken is replaced.",
    "miyabi.zen.take": "The Zen Garden: instead of a garden tile you may take a face-up Zen tile.",
    "miyabi.zen.place": (
        "The Zen Garden: a Zen tile goes on an empty square of the bare board, in its object's row, in a column "
        "whose lantern field is empty; a lantern goes there."
    ),
    "miyabi.zen.point": "The Zen Garden: placing a Zen tile scores 1 point.",
    "miyabi.zen.surround": (
        "The Zen Garden: once a Zen tile has tiles (or the board's edge) on all four sides, it scores 1 per "
        "object next to it (a frog on them hides none) plus 1 for its own object, once only."
    ),
    "miyabi.zen.next": "The Zen Garden: you may take another Zen tile only when your last one is surrounded.",
    "miyabi.zen.cover": "The Zen Garden: a Zen tile is never covered, and no frog may stand on it.",
    # D) 7!
    "miyabi.seven.lines": "7!: at the end, each row and each column with exactly 7 visible objects scores 7 points.",
    # E) The Frog
    "miyabi.frog.setup": (
        "The Frog: once the first round's tiles are laid out, before the first turn, each player puts their frog, "
        "silver side up, on any square."
    ),
    "miyabi.frog.move": (
        "The Frog: once a turn, just before or just after it, you may move your frog one square up, down, "
        "left or right."
    ),
    "miyabi.frog.layer": (
        "The Frog: a square's height is the layer of its top tile (the bare board is layer 0); the frog moves onto "
        "the same layer or one layer higher, never lower."
    ),
    "miyabi.frog.points": "The Frog: climbing to a higher layer scores that layer's number at once.",
    "miyabi.frog.silver": "The Frog: a silver frog may not move onto a square showing objects.",
    "miyabi.frog.golden": "The Frog: on reaching layer 4 it turns golden, and a golden frog may move onto objects.",
    "miyabi.frog.lift": (
        "The Frog: a tile may be placed on the frog's square; the frog is lifted onto it (no points, as it did not "
        "move), even a silver frog onto objects."
    ),
    "miyabi.frog.final": "The Frog: it plays no part in the final scoring; objects under it still count.",
}

#: The player aid (one screen, ``gardenkit.tutor.aid``): the rule ids each section shows, in order.
#: The words are the summaries above; nothing is written twice.
AID = {
    "turn": ("miyabi.turn.take", "miyabi.place.row", "miyabi.place.lantern", "miyabi.place.layer",
             "miyabi.turn.pass", "miyabi.round.end"),
    "points": ("miyabi.score.placement", "miyabi.score.objects", "miyabi.bonus.fifth", "miyabi.end.majority"),
    "missed": ("miyabi.place.green", "miyabi.place.cover", "miyabi.round.turns", "miyabi.end.tie_first"),
}
