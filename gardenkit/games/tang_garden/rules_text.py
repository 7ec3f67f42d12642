"""Tang Garden's rule ids, each with one line in our own words (never the rulebook's sentences)."""

RULES = {
    # set-up
    "tang_garden.setup.board": "The starting tile lies in the middle of the board, on the side the game chose.",
    "tang_garden.setup.stacks": "The garden tiles form four shuffled stacks by their backs; each stack's top is turned up.",
    "tang_garden.setup.characters": "Each player is dealt one of the six starting characters and moves one cube a "
                                    "step on the element it shows; two more characters are revealed from the rest.",
    "tang_garden.setup.landscapes": "A small landscape tile goes in the middle inner slot of every side; two small "
                                    "and two large landscape tiles stay on view beside their piles.",
    "tang_garden.setup.tokens": "The sixteen landscape tokens lie in a diamond around the starting tile.",
    "tang_garden.setup.tokens_two": "With two players the tokens lie in the closer two-player layout instead.",
    "tang_garden.setup.first": "A first player is picked at random and keeps the engineer token.",
    # the turn
    "tang_garden.turn.main": "On your turn you first build or decorate, once; the other steps are optional.",
    "tang_garden.turn.order": "Turns pass around the table; only the player whose turn it is acts.",
    "tang_garden.turn.end": "You end your turn once your main action and whatever it started are finished.",
    # building
    "tang_garden.build.stack": "You build with a tile lying face up on top of one of the four stacks.",
    "tang_garden.build.space": "The tile goes on an empty space of the garden (never on the starting tile).",
    "tang_garden.build.adjacent": "The new tile must touch a tile already in the garden.",
    "tang_garden.build.match": "Every edge it shares with a neighbour must show the same terrain as that neighbour's edge.",
    "tang_garden.build.wall": "A wall fits against any terrain, and it earns nothing.",
    "tang_garden.build.advance": "Each shared greenery, water or rock edge moves your cube of that element one step.",
    "tang_garden.build.enclose": "An element area closed off for good by the placement moves its cube one more step; "
                                 "walls close an area.",
    "tang_garden.build.edge": "An area that reaches the edge of the garden is never closed off.",
    "tang_garden.build.inner": "An area already closed inside the new tile moves that element's cube one step.",
    "tang_garden.build.footpath": "Joining one footpath earns a coin.",
    "tang_garden.build.footpath_two": "Joining two footpaths earns two coins, or instead one step on a track of your choice.",
    "tang_garden.build.token": "Covering a landscape token: take it, then insert a landscape tile of its size.",
    "tang_garden.build.flip": "After a build, if fewer than two tops are face up, every stack turns its top up.",
    # temples
    "tang_garden.temple.match": "A temple tile ignores its neighbours' edges: it fits anywhere a tile may go.",
    "tang_garden.temple.coins": "Placing a temple pays one coin, plus one for each neighbouring edge of its element.",
    "tang_garden.temple.enclose": "Every side of a temple closes the areas that run into it.",
    "tang_garden.temple.later": "Whoever later sets an edge of the temple's element against it gains a coin.",
    # landscapes
    "tang_garden.landscape.insert": "A landscape tile of the token's size, one of the two on view, goes in any free "
                                    "slot of that size on any side.",
    "tang_garden.landscape.refill": "The landscape display is refilled so two of each size are on view.",
    # decorating
    "tang_garden.decorate.draw": "Decorating draws two cards plus one for each face-down stack top.",
    "tang_garden.decorate.keep": "You keep one drawn card in front of you and place its decoration.",
    "tang_garden.decorate.area": "A decoration goes on a free area of the kind its card shows.",
    "tang_garden.decorate.supply": "A card whose decoration has run out, or whose area is nowhere free, cannot be kept.",
    "tang_garden.decorate.bonus": "The kept card's one-time bonus is taken at once.",
    "tang_garden.decorate.discard": "The cards not kept go face up on the discard pile.",
    "tang_garden.decorate.none": "If no drawn card can be placed, all are discarded and the main action is over.",
    "tang_garden.decorate.flip": "After decorating, every face-down stack top is turned up.",
    "tang_garden.decorate.reshuffle": "An empty deck is made again from the shuffled discards.",
    # the player board
    "tang_garden.track.advance": "A step on a track moves that element's cube one level on.",
    "tang_garden.track.end": "A cube at the end of its track goes no further; extra steps are lost.",
    "tang_garden.track.coins": "A cube reaching a coin level pays its coins at once (each cube, each level).",
    "tang_garden.track.threshold": "When all three cubes reach the next character level, you may influence a character.",
    # influence
    "tang_garden.influence.when": "You influence after your main action, on your own turn.",
    "tang_garden.influence.right": "You need a fresh character level reached, or a character token kept from before.",
    "tang_garden.influence.take": "Take one of the two revealed characters (the gap is refilled) or draw one unseen.",
    "tang_garden.influence.spot": "Then stand one of your characters on a free spot: a tile's spot, a bridge or a pavilion.",
    "tang_garden.influence.facing": "The placed figure faces north, east, south or west.",
    "tang_garden.influence.skill_gone": "A character standing in the garden no longer lends its skill; the one on "
                                        "your card does.",
    "tang_garden.influence.token": "Not influencing when you may (or no free spot) leaves you a character token.",
    "tang_garden.influence.token_lost": "Reaching the next character level throws away any character token you hold.",
    "tang_garden.influence.once": "At most one character is influenced per turn.",
    # skills
    "tang_garden.skill.architect": "Architect: two coins for each pavilion or bridge you place.",
    "tang_garden.skill.child": "Child: two coins for each birds or fish decoration you place.",
    "tang_garden.skill.empress": "Empress: two coins for each lotus or peony you place.",
    "tang_garden.skill.hermit": "Hermit: a coin whenever one placement moves your rock cube.",
    "tang_garden.skill.poet": "Poet: a coin whenever one placement moves your water cube.",
    "tang_garden.skill.student": "Student: a coin whenever one placement moves your greenery cube.",
    "tang_garden.skill.merchant": "Merchant: after drawing, one coin buys two more cards or the top discard.",
    "tang_garden.skill.monk": "Monk: two coins whenever you pick among exactly two tiles or two cards.",
    "tang_garden.skill.officer": "Officer: at the start of the turn, a coin turns every hidden top up, or for free a "
                                 "face-up top goes under its stack.",
    "tang_garden.skill.sword_dancer": "Sword Dancer: a coin for every landscape token you take.",
    "tang_garden.skill.none": "The Emperor and the Lady lend no skill; they only score.",
    # lanterns
    "tang_garden.lantern.once": "One lantern a turn; a used lantern lies face down until refreshed.",
    "tang_garden.lantern.build2": "Build with two tiles this turn; both must have been face up when the turn began.",
    "tang_garden.lantern.decorate2": "Keep and place two of the drawn cards, each with its bonus.",
    "tang_garden.lantern.move": "Move one of your standing characters to a free spot, or only turn it.",
    "tang_garden.lantern.choose": "Pick any hidden character, or any hidden landscape tile, instead of one on view.",
    "tang_garden.lantern.refresh": "Hand in three same-size landscape tokens (four with two players) to turn a used "
                                   "lantern up again.",
    # the end
    "tang_garden.end.trigger": "When three or fewer tokens remain on the board, or a stack runs out, the end is near.",
    "tang_garden.end.stuck": "Our reading: when every stack shows a face-up tile that fits nowhere in the garden, no "
                             "tile can be built again, so the end is triggered as when a stack runs out.",
    "tang_garden.end.round": "Play goes on until the player before the engineer has played, so all have equal turns.",
    "tang_garden.end.winner": "Most coins wins.",
    "tang_garden.end.tie_tokens": "A tie goes to the tied player holding more landscape tokens.",
    "tang_garden.end.tie_tracks": "Still tied: the one with more cubes on the furthest level any tied player's cube "
                                  "reached; only that level is compared.",
    "tang_garden.end.tie_shared": "Still tied (as many cubes on that level): the victory is shared.",
    # scoring
    "tang_garden.score.coins": "Coins gained during play count.",
    "tang_garden.score.birds_fish": "Each birds card paired with a fish card is worth six.",
    "tang_garden.score.lotus_peony": "Each lotus card paired with a peony card is worth six.",
    "tang_garden.score.bridge": "Each bridge card is worth two.",
    "tang_garden.score.pavilion": "Most pavilion cards twelve, second most six; a tie for most splits eighteen "
                                  "(no second), a tie for second splits six, remainders dropped.",
    "tang_garden.score.trees": "Each set of different trees pays 1, 4, 9, 16 or 25 for one to five kinds.",
    "tang_garden.score.sight": "A standing character earns a coin per decoration in its line of sight, its own tile "
                               "included.",
    "tang_garden.score.prefer_icon": "Its liking for an icon pays per icon on the five landscape tiles of the side it faces.",
    "tang_garden.score.prefer_terrain": "Hermit, Poet and Student earn two per tile of their element in sight, ten at most.",
    "tang_garden.score.prefer_empress": "The Empress earns nine, less three for the Emperor and for the Lady in her sight.",
    "tang_garden.score.prefer_sun_moon": "The Lady earns six for sun or moon on the side she faces, twelve for both.",
    "tang_garden.score.prefer_any_icon": "The Officer earns one per icon of any kind on the side it faces.",
    # solo "Yin & Yang"
    "tang_garden.solo.setup": "Solo: two starting characters are drawn; you keep one, the other will stand as a "
                              "neutral figure; eight tokens (four of each size) lie shuffled in the central garden.",
    "tang_garden.solo.central": "Solo: tiles go only in the 28 spaces of the central garden.",
    "tang_garden.solo.pair": "Solo: each turn you take a stack top with the card beside it and place both; a pair "
                             "that cannot be placed whole cannot be taken.",
    "tang_garden.solo.opposite": "Solo: the pair in the opposite corner loses its card, its tile goes to the display; "
                                 "both corners are refilled with a tile and a card.",
    "tang_garden.solo.coins": "Solo: a coin per shared greenery, water or rock edge.",
    "tang_garden.solo.enclose": "Solo: a coin per area closed off; the central garden's rim never closes an area.",
    "tang_garden.solo.footpath": "Solo: joined footpaths pay nothing.",
    "tang_garden.solo.landscape": "Solo: a token brings both landscape tiles of its size on view into the board, "
                                  "the second on the opposite side.",
    "tang_garden.solo.remove": "Solo: four tokens of one size send any decoration in the garden back to the box.",
    "tang_garden.solo.no_refresh": "Solo: tokens never refresh a lantern.",
    "tang_garden.solo.influence": "Solo: at 10, 20 and 30 coins you may take one of the two revealed characters "
                                  "(four at most, the first included).",
    "tang_garden.solo.neutral": "Solo: a character not chosen stands as a neutral figure on a free spot; it scores "
                                "nothing but takes the spot.",
    "tang_garden.solo.lantern_tile_only": "Solo lantern: take a pair but lay only its tile; both corners' cards go.",
    "tang_garden.solo.lantern_display": "Solo lantern: lay a tile from the garden-tile display instead.",
    "tang_garden.solo.lantern_redraw": "Solo lantern: the four cards beside the stacks are replaced with new ones.",
    "tang_garden.solo.lantern_reuse": "Solo lantern: use again the effect of a lantern already turned down.",
    "tang_garden.solo.defeat": "Solo: a stack running out, or no pair that can be placed, loses the game at once.",
    "tang_garden.solo.victory": "Solo: covering all 28 spaces of the central garden wins.",
    "tang_garden.solo.final": "Solo: after a win your characters stand anywhere free, facing any way, and score "
                              "their liking.",
    "tang_garden.solo.rank": "Solo: the final coins give a title, from craftsman to inspector.",
}

#: The player aid (one screen, ``gardenkit.tutor.aid``): the rule ids each section shows, in order.
#: The words are the summaries above; nothing is written twice.
AID = {
    "turn": ("tang_garden.turn.main", "tang_garden.build.stack", "tang_garden.build.adjacent", "tang_garden.build.match",
             "tang_garden.decorate.draw", "tang_garden.decorate.keep", "tang_garden.influence.when"),
    "points": ("tang_garden.build.advance", "tang_garden.track.coins", "tang_garden.build.footpath",
               "tang_garden.temple.coins", "tang_garden.score.trees", "tang_garden.score.sight",
               "tang_garden.end.winner"),
    "missed": ("tang_garden.build.wall", "tang_garden.build.edge", "tang_garden.build.flip",
               "tang_garden.influence.token_lost", "tang_garden.lantern.once", "tang_garden.end.round"),
}
