"""Every rule clause of Tanuki in the Garden (and its Garden Master expansion): id -> one line
in our own words.

Each id will have a heading in ``notebooks/tanuki.ipynb`` and has a test named after it. How we
read what the rulebook leaves open is in ``READINGS.md`` beside this file.
"""
RULES = {
    # ----- set-up ---------------------------------------------------------------------------
    "tanuki.setup.tiles": "The 64 path tiles are shuffled face down; every player is dealt a hand of 3.",
    "tanuki.setup.supply": (
        "80 Shiitake make a common supply. Whatever a player gains comes out of it, whatever they pay goes "
        "back, so it can run short."
    ),
    "tanuki.setup.tanuki": (
        "Each Tanuki is put on the board by a roll of both dice: the blue die picks the blue number, the gold "
        "die the gold number."
    ),
    "tanuki.setup.start": (
        "In turn, every player puts their monk on a free place along the board's edge; which way it sets off "
        "is decided on its first move."
    ),
    "tanuki.board.layout": (
        "Blue numbers run across the columns and gold numbers down the rows; the sides are numbered 1 to 4 "
        "clockwise from the top (our reconstruction)."
    ),
    "tanuki.board.edge": (
        "A path that runs off the board comes back: by default it re-enters on the opposite side (the "
        "'turn' option sends it back into the same space instead)."
    ),
    # ----- the Tanuki phase -----------------------------------------------------------------
    "tanuki.tanuki.roll": "Every turn starts with the active player rolling both Tanuki dice.",
    "tanuki.tanuki.direction": (
        "A Tanuki's own die gives its direction: 1 to 4 toward that side of the board, 6 it stays put."
    ),
    "tanuki.tanuki.choose": "When a Tanuki's own die shows 5, the roller picks which side it walks toward.",
    "tanuki.tanuki.distance": "The other die gives the distance: odd, one space; even, two spaces.",
    "tanuki.tanuki.place": (
        "A Tanuki that is off the board comes back on the space the roll names instead of moving (when both "
        "are off, one roll for each); it does not move that turn."
    ),
    "tanuki.tanuki.pass": (
        "A Tanuki walking through a space takes 1 Shiitake from every monk standing there and leaves them on "
        "that tile as a stash."
    ),
    "tanuki.tanuki.land": (
        "A Tanuki ending its walk on monks takes 3 from each, leaves them on the tile, and goes off the board, "
        "with no reward for the roller."
    ),
    "tanuki.tanuki.eat": (
        "A Tanuki walking through or ending on a tile no monk stands on takes the tile away; any stash on it "
        "goes back to the supply."
    ),
    "tanuki.tanuki.off": (
        "A Tanuki walked off the board earns the roller 1 Shiitake; both in the same roll earn 3."
    ),
    "tanuki.tanuki.together": "If both Tanuki share a space once they have moved, every player pays 2.",
    "tanuki.tanuki.block": (
        "A Tanuki on the space where you must lay your tile can be chased away for 2 Shiitake (no reward); "
        "otherwise you lay no tile this turn."
    ),
    # ----- laying a tile and walking ----------------------------------------------------------
    "tanuki.tile.play": (
        "The active player lays one tile from their hand, turned any way, on the space in front of their monk "
        "(required when possible)."
    ),
    "tanuki.tile.first": (
        "A monk on its start place picks one of the two path ends there on its first move."
    ),
    "tanuki.tile.first_symbols": (
        "On a monk's first move the symbol on the path of its starting space counts for nothing."
    ),
    "tanuki.tile.enter": (
        "If another tile already lies in front of a monk that has not moved from its start place, it picks a "
        "path end and walks that path before laying its own tile (our reading)."
    ),
    "tanuki.move.order": (
        "Every monk whose path the new tile lengthens walks to its new end: the active player first, then the "
        "others clockwise."
    ),
    "tanuki.move.shiitake": "Each Shiitake symbol a monk walks over earns 1 from the supply.",
    "tanuki.move.stash": (
        "A monk entering a tile with a stash on it picks the whole stash up, whatever its path shows; if a Tanuki "
        "crosses the tile first, the stash goes back to the supply."
    ),
    "tanuki.move.den": "Each Tanuki Den a monk walks over costs 1, back to the supply.",
    "tanuki.move.ashi_active": (
        "If the active player's monk meets one or more Ashi-magari, that player draws no tiles this turn."
    ),
    "tanuki.move.ashi_other": (
        "A monk moved on someone else's turn that meets one or more Ashi-magari makes its owner discard one tile."
    ),
    "tanuki.crash.meet": "Two monks that run into each other each pay 5 and go back to the board's edge.",
    "tanuki.crash.loop": (
        "A monk whose path runs round in a circle back to where it stands is in a loop: it pays 5, gathers "
        "nothing on the circle, and goes back to the edge."
    ),
    "tanuki.crash.restart": (
        "A monk sent back starts again from an edge place with no tile in front; if there is none, its owner "
        "picks one and the tile in front is removed. It may wait until its owner's next turn (on its own turn, "
        "it then lays no more tile)."
    ),
    "tanuki.crash.bonus": (
        "The player whose tile sent other monks back, if not among them, earns 2 per monk sent back."
    ),
    "tanuki.draw.refill": (
        "At the end of the turn the active player draws back up to 3 tiles; the discards are shuffled into a "
        "new pile when it runs out."
    ),
    "tanuki.draw.empty": (
        "A player with no tile at the start of their turn still rolls for the Tanuki, lays nothing, and draws 3."
    ),
    "tanuki.pay.floor": (
        "Nobody ever goes below 0: a player pays what they have. A gain from an empty supply gives what is left."
    ),
    "tanuki.end.target": (
        "The game ends at once when a player holds the target at the end of their own turn: 15 with 2-3 "
        "players, 12 with 4-5, 10 with 6-8 (the short game: 12, 10, 8)."
    ),
    "tanuki.end.winner": "Most Shiitake wins.",
    "tanuki.end.tie": (
        "Players tied for the most each play one more turn, again and again, until one is ahead."
    ),
    # ----- Garden Master ------------------------------------------------------------------------
    "tanuki.gm.buy": (
        "Garden Master: at the end of your turn you may pay 2 Shiitake for the top card; you hold at most 5."
    ),
    "tanuki.gm.timing": (
        "One card per player per turn, played before the roll or once the Tanuki have moved; only the two "
        "answering cards may interrupt the Tanuki."
    ),
    "tanuki.gm.worth": (
        "Each card in hand counts 1 toward victory (the Shiitake Basket 3); cards never pay a debt and cannot "
        "be stolen."
    ),
    "tanuki.gm.react": (
        "A player who may answer with a card is asked and can decline; play stops for them, even on another "
        "player's turn."
    ),
    "tanuki.gm.move": "Move 1 Tanuki: push one Tanuki a single space in a direction you pick.",
    "tanuki.gm.fast": (
        "Fast Tanuki: this turn each Tanuki walks one space further than the dice say and hurts no monk."
    ),
    "tanuki.gm.dens": "Avoid Tanuki Dens: Dens on your monk's walk cost nothing this turn.",
    "tanuki.gm.ashi": "Escape the Ashi-magari: Ashi-magari on your monk's walk do not stop your draw this turn.",
    "tanuki.gm.pilfer": (
        "Pilfer Shiitake: take 1 from each of up to three opponents; with 2 players also 2 from the supply, "
        "with 3 players 1."
    ),
    "tanuki.gm.harvest": "Bountiful Harvest: what your monk gathers this turn counts double.",
    "tanuki.gm.robber": (
        "Shiitake Robber: this turn, take 2 from each opponent whose walked path your monk's walk crosses, "
        "unless you crash into them."
    ),
    "tanuki.gm.trap": (
        "Tanuki Trap: set a trap on or next to your monk's space; the first Tanuki to walk onto it is caught "
        "(off the board) and you gain 3."
    ),
    "tanuki.gm.repellant": (
        "Tanuki Repellant: when a Tanuki is about to cross or land on your monk, or blocks your tile, send it "
        "off the board and gain 1."
    ),
    "tanuki.gm.bait": (
        "Tanuki Bait: put both Tanuki on two different empty spaces next to the same opponent's monk."
    ),
    "tanuki.gm.speed": "Speed Stroll: lay a second tile this turn before drawing.",
    "tanuki.gm.clear": "Clear the Path: take up to three tiles or rock gardens off the board.",
    "tanuki.gm.shift": "Shifting Paths: turn one tile on the board.",
    "tanuki.gm.offense": "The Best Offense: cancel another player's card as it is played.",
    "tanuki.gm.rock": (
        "Rock Garden: put a rock garden on a space with no monk, not in front of another player's monk (its tile "
        "is removed); no tile or Tanuki may go there until it is cleared. A monk facing one may go back to a free "
        "edge place instead of passing (our reading)."
    ),
    "tanuki.gm.basket": "Shiitake Basket: counts 3 toward victory while you hold it; it is never played.",
}

#: The player aid (one screen, ``gardenkit.tutor.aid``): the rule ids each section shows, in order.
#: The words are the summaries above; nothing is written twice.
AID = {
    "turn": ("tanuki.tanuki.roll", "tanuki.tanuki.direction", "tanuki.tanuki.distance", "tanuki.tile.play",
             "tanuki.move.order", "tanuki.draw.refill"),
    "points": ("tanuki.move.shiitake", "tanuki.move.stash", "tanuki.tanuki.off", "tanuki.crash.bonus",
               "tanuki.end.target"),
    "missed": ("tanuki.move.den", "tanuki.tanuki.pass", "tanuki.crash.loop", "tanuki.move.ashi_active",
               "tanuki.pay.floor"),
}
