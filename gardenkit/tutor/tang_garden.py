"""Tang Garden lessons: the rulebook's worked examples as steppable scenarios, "how many coins?"
quizzes and a position for every rule.

Every position is built with the engine's own ``setups.position`` (and the engine's ``apply``
where a move has to have happened already), so a lesson never says something the rules do not
do. The rulebook's pictures are not ours: each example is rebuilt with tiles of our
(reconstructed) set laid so that the situation it describes arises, and the result it states
holds. A quiz asks how many coins one move earns the player making it now (``check_quiz``
compares with the engine's explanation); cube steps are shown in the explanation, not counted.

Spaces are named ``a1`` (top-left) to ``h8``; the starting tile covers d4, e4, d5 and e5.

Until Tang Garden is registered in ``gardenkit._GAMES``, a :class:`~gardenkit.tutor.Scenario`
or :class:`~gardenkit.tutor.Quiz` of it can be made only where the game is registered (the
tests do it for themselves).
"""
from __future__ import annotations

from functools import lru_cache

import gardenkit

from ..games.tang_garden.rules import TangGardenRules
from ..games.tang_garden.setups import position
from . import Positions, Quiz, Scenario, TryCaption

GAME = "tang_garden"
_R = TangGardenRules()

#: the landscape slots of the Emperor's example: two dragons on the north side
#: the characters on the players' cards where a lesson does not name them (skills that pay no coin there)
OWN = {0: "architect", 1: "child"}
DRAGON_SLOTS = {("N", "l1"): "L1", ("N", "l2"): "L2", ("N", "s2"): "S4", ("E", "s2"): "S5", ("S", "s2"): "S6",
                ("W", "s2"): "S7"}




def _resolve(s):
    while _R.current_player(s) is gardenkit.CHANCE:
        s = _R.step_chance(s)
    return s


def _scenario(id, title, text, start, actions, captions, rules, from_book=True):
    return Scenario(id, title, text, start, tuple(actions), tuple(captions), tuple(rules), game=GAME,
                    from_book=from_book)


# ----- positions ------------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def setup_two():
    """A fresh two-player game, set up (the tokens in the two-player layout)."""
    return _resolve(_R.initial_state(players=2, seed=11))


@lru_cache(maxsize=None)
def setup_three():
    """A fresh three-player game, set up (the sixteen tokens in their diamond)."""
    return _resolve(_R.initial_state(players=3, seed=11))


@lru_cache(maxsize=None)
def viola_start():
    """Viola's build: f5 and f6 hold water; tile 17 (water with a footpath) is on top of the water stack."""
    return position(tiles={"f5": (16, 0), "f6": (21, 0)}, tops={1: 17}, tracks={0: (0, 0, 0)}, own=OWN)


@lru_cache(maxsize=None)
def wall_start():
    """d3 closes the start's greenery at the top; c3's rock will run into tile 10's wall."""
    return position(tiles={"d3": (13, 180), "c3": (31, 0)}, tops={0: 10}, own=OWN)


@lru_cache(maxsize=None)
def footpaths_start():
    """Tile 14 on e3 joins two footpaths and shows greenery closed inside it."""
    return position(tiles={"f4": (17, 90), "f3": (4, 0)}, tops={0: 14}, own=OWN)


@lru_cache(maxsize=None)
def token_start():
    """A small landscape token lies on d2, beside the greenery tile on d3."""
    return position(tiles={"d3": (1, 0)}, tops={0: 2}, own=OWN)


@lru_cache(maxsize=None)
def landscape_start():
    """Viola has just covered the small token on d2: a small landscape tile is to be inserted."""
    return _R.apply(token_start(), "build 2 d2 r0")


@lru_cache(maxsize=None)
def temple_start():
    """The rock temple (tile 45) waits on the rock stack; c5 touches the start's rock edge."""
    return position(tiles={"d6": (13, 270), "c4": (4, 0), "b4": (19, 270)}, tops={2: 45, 1: 23}, own=OWN)


@lru_cache(maxsize=None)
def michele_start():
    """Viola's temple stands on c5; it is Michele's turn, with tile 23 face up."""
    s = _resolve(_R.apply(temple_start(), "build 45 c5 r0"))
    return _resolve(_R.apply(s, "end turn"))


@lru_cache(maxsize=None)
def draw_start():
    """Two stack tops are face down; Viola kept a lotus card earlier (its lotus is on f4)."""
    return position(tops={0: 0, 1: 0}, cards={0: ["lotus/water"]}, decos=[("f4", "lotus")],
                    tiles={"f4": (16, 0), "c4": (1, 0)}, own=OWN)


@lru_cache(maxsize=None)
def keep_start():
    """Viola drew four cards: a pavilion, a fish and two peonies."""
    s = _R.apply(draw_start(), "decorate")
    for card in ("pavilion/rock", "fish/water", "peony/greenery", "peony/any"):
        s = _R.apply(s, f"draw {card}")
    return s


@lru_cache(maxsize=None)
def nothing_fits_start():
    """The only drawn card is a fish, and no water area is free."""
    return position(tiles={"c4": (1, 0)}, drawn=("fish/water",), pending=(("keep",),), own=OWN)


@lru_cache(maxsize=None)
def emperor_keep_start():
    """Viola (the Hermit on her card) is one water step short of the third character level; she
    drew a fish and a birds card. The north side shows two dragons."""
    return position(tiles={"d3": (3, 0), "f4": (16, 0)}, tracks={0: (3, 2, 3)}, own={0: "hermit", 1: "poet"},
                    shown=("emperor", "lady"), slots=DRAGON_SLOTS, drawn=("fish/water", "birds/rock"),
                    pending=(("keep",),))


@lru_cache(maxsize=None)
def influence_start():
    """Viola's fish moved her water cube to the level: she may influence a character now."""
    return _resolve(_R.apply(emperor_keep_start(), "keep fish/water f4"))


@lru_cache(maxsize=None)
def place_start():
    """Viola took the Emperor: it is to stand on a free spot, facing one way."""
    return _resolve(_R.apply(influence_start(), "influence shown emperor"))


@lru_cache(maxsize=None)
def standing_start():
    """The Emperor stands on d3 facing east; Viola's move lantern is face up (after her main action)."""
    return position(tiles={"d3": (3, 0), "f4": (16, 0)}, own={0: "hermit", 1: "poet"}, slots=DRAGON_SLOTS,
                    placed=(("emperor", 0, "d3", "tile", "E"),), step="after")


@lru_cache(maxsize=None)
def refresh_start():
    """Viola's 'choose' lantern is used; she holds four small landscape tokens (two players)."""
    return position(tiles={"d3": (3, 0)}, lanterns={0: (True, True, True, False)}, held={0: (0, 4)},
                    tokens=[], step="after")


@lru_cache(maxsize=None)
def skill_start(char: str, decorate: tuple = ()):
    """Player 1 has ``char`` on their card; with ``decorate``, those cards were drawn."""
    if decorate:
        tiles = {"d3": (3, 0), "f4": (16, 0), "c4": (4, 0)}
        return position(tiles=tiles, drawn=decorate, pending=(("keep",),), own={0: char}, coins={0: 2})
    return position(tops={0: 2, 1: 0, 2: 31}, own={0: char}, coins={0: 1})


@lru_cache(maxsize=None)
def near_end_start():
    """Only four landscape tokens are left on the board; tile 2 can cover the one on d2."""
    return position(tiles={"d3": (1, 0)}, tops={0: 2}, tokens=["d2", "e2", "b4", "g4"], own=OWN)


#: a 2-player garden where every stack shows a tile that fits nowhere (seed 1408's random game, turn 56,
#: which the sweep found going round forever before the end.stuck reading)
STUCK_TILES = {
    "a1": (1, 270), "b1": (11, 90), "c1": (13, 270), "d1": (50, 0), "e1": (26, 270), "f1": (48, 90), "g1": (19, 270),
    "h1": (3, 0), "a2": (40, 270), "b2": (44, 90), "d2": (32, 0), "f2": (49, 0), "g2": (4, 180), "h2": (45, 90),
    "a3": (21, 180), "b3": (8, 90), "c3": (42, 0), "d3": (15, 180), "e3": (25, 0), "g3": (9, 270), "h3": (52, 90),
    "a4": (18, 0), "b4": (51, 270), "c4": (7, 0), "f4": (24, 180), "g4": (14, 90), "h4": (28, 90), "a5": (6, 270),
    "c5": (36, 90), "f5": (27, 270), "h5": (47, 180), "a6": (53, 90), "b6": (10, 90), "d6": (35, 270), "e6": (46, 90),
    "g6": (41, 270), "a7": (23, 90), "b7": (22, 270), "c7": (5, 270), "d7": (12, 270), "e7": (16, 180),
    "f7": (43, 180), "g7": (60, 0), "h7": (29, 0), "a8": (54, 270), "b8": (20, 180), "c8": (39, 90), "d8": (30, 0),
    "e8": (57, 270), "f8": (59, 0), "g8": (38, 90), "h8": (58, 180)}


@lru_cache(maxsize=None)
def stuck_start():
    """Tiles 2, 17, 31 and 56 on top of the stacks, none of which fits anywhere; six tokens still on the board."""
    return position(tiles=STUCK_TILES, tops={0: 2, 1: 17, 2: 31, 3: 56},
                    tokens=["b5", "c6", "e2", "f3", "f6", "g5"], own=OWN)


@lru_cache(maxsize=None)
def scoring_start():
    """After Viola's main action: she kept a lotus, a peony and a pine, and the Emperor faces the dragons."""
    return position(tiles={"d3": (3, 0), "f4": (16, 0), "c4": (1, 0)}, own={0: "hermit", 1: "poet"},
                    slots=DRAGON_SLOTS, cards={0: ["lotus/water", "peony/greenery", "pine/any"]},
                    decos=[("f4", "lotus"), ("c4", "peony"), ("d3", "pine")],
                    placed=(("emperor", 0, "d3", "tile", "N"),),
                    step="after")


@lru_cache(maxsize=None)
def solo_start():
    """A fresh solo game ("Yin & Yang"): two starting characters drawn, one to keep."""
    return _resolve(_R.initial_state(players=1, seed=3))


def _settled(s):
    """``s`` with any neutral figure waiting stood on the first free spot the engine offers."""
    while _R.decision(s) == "neutral":
        s = _resolve(_R.apply(s, _R.legal_actions(s)[0]))
    return s


@lru_cache(maxsize=None)
def solo_main():
    """Solo, the first turn: the first character kept (the other will stand as a neutral figure)."""
    s = solo_start()
    return _settled(_resolve(_R.apply(s, f"influence shown {s.char_shown[0]}")))


@lru_cache(maxsize=None)
def solo_card():
    """Solo: a pair's tile is laid; its card's decoration is to be placed."""
    s = solo_main()
    build = next(a for a in _R.legal_actions(s) if str(a).startswith("build "))
    return _resolve(_R.apply(s, build))


# ----- the solo game's titles ----------------------------------------------------------------------------
def solo_ranks(components=None) -> tuple[tuple[str, str], ...]:
    """The solo game's titles, from the component data (``components.solo["ranks"]``: each title with the
    highest final score that earns it, the last one open-ended), as ``(final coins, title)`` rows in words.
    ``components``: a state's ``components`` (default: the shipped set). The engine names the title at the
    end of a won solo game from the same data (``tang_garden.solo.rank``).

    >>> for coins, title in solo_ranks():
    ...     print(f"{coins:<12}{title}")
    up to 60    Craftsman
    61 to 75    Designer
    76 to 95    Engineer
    96 or more  Inspector
    """
    ranks = (components if components is not None else _R.initial_state(players=1, seed=0).components).solo["ranks"]
    rows, low = [], None
    for top, name in ranks:
        if top is None:
            coins = "any score" if low is None else f"{low} or more"
        elif low is None:
            coins = f"up to {top}"
        else:
            coins = str(top) if low == top else f"{low} to {top}"
        rows.append((coins, name))
        if top is None:
            break
        low = top + 1
    return tuple(rows)


# ----- the rulebook's worked examples ---------------------------------------------------------------------
def worked_examples() -> tuple[Scenario, ...]:
    """The rulebook's examples, each rebuilt on our tiles: Viola's build, the token and the landscape
    tile, the temple and Michele's build beside it, the draw of four, the Emperor facing two dragons."""
    return (
        _scenario(
            "book-viola-build", "Viola matches every edge",
            "Viola builds with a water tile that has one footpath edge. Turned a quarter, its footpath meets the "
            "starting tile's footpath and its water meets the water of f6.",
            viola_start(), ["build 17 e6 r90"],
            ["Every touching edge matches: the water edge moves her water cube one level and the joined "
             "footpath pays one coin."],
            ["tang_garden.build.match", "tang_garden.build.advance", "tang_garden.build.footpath"]),
        _scenario(
            "book-viola-token", "Viola covers a landscape token",
            "The new tile covers the small token on d2. Viola keeps the token and must insert a small "
            "landscape tile into a free small slot.",
            token_start(), ["build 2 d2 r0", f"landscape {landscape_start().land_shown[1][0]} N s1"],
            ["The greenery edge moves her greenery cube; the token is hers now, and a small landscape tile "
             "is to be inserted.",
             "She picks one of the two small tiles on view and slides it into the north side's first small "
             "slot. The display is refilled afterwards."],
            ["tang_garden.build.token", "tang_garden.landscape.insert", "tang_garden.landscape.refill"]),
        _scenario(
            "book-temple-michele", "The rock temple, then Michele beside it",
            "Viola lays the rock temple next to the starting tile's rock edge. A temple ignores what its "
            "neighbours show. On the next turn Michele builds against the temple with a rock edge.",
            temple_start(), ["build 45 c5 r0"],
            ["Two coins for Viola: one for the temple and one for the rock edge beside it; its walls close "
             "the rock area that runs into it, so her rock cube moves too."],
            ["tang_garden.temple.match", "tang_garden.temple.coins", "tang_garden.temple.enclose"]),
        _scenario(
            "book-michele", "Michele builds against the temple",
            "It is Michele's turn. He sets a tile with a rock edge and a footpath beside the rock temple.",
            michele_start(), ["build 23 b5 r270"],
            ["One coin for the rock edge set against the temple, one for the joined footpath; the rock area "
             "is closed off, so his rock cube moves. His tile also covers the small token on b5, so a small "
             "landscape tile is his to insert next."],
            ["tang_garden.temple.later", "tang_garden.build.footpath", "tang_garden.build.enclose"]),
        _scenario(
            "book-draw-four", "Two hidden tops: a draw of four",
            "Viola decorates while two stack tops are face down, so she draws two cards and two more. She "
            "kept a lotus card earlier.",
            draw_start(), ["decorate", "draw pavilion/rock", "draw fish/water", "draw peony/greenery",
                           "draw peony/any", "keep peony/greenery c4"],
            ["Two cards, plus one for each of the two face-down tops: four draws.",
             "The first card: a pavilion.", "The second: a fish.", "The third: a peony with a greenery bonus.",
             "The fourth: another peony.",
             "She keeps the greenery peony and puts its decoration on the free greenery area of c4: one "
             "greenery step now, and with her lotus, a pair worth six at the end. The other three go face up "
             "on the discard pile."],
            ["tang_garden.decorate.draw", "tang_garden.decorate.keep", "tang_garden.decorate.bonus",
             "tang_garden.decorate.discard", "tang_garden.score.lotus_peony"]),
        _scenario(
            "book-emperor", "The Emperor faces two dragons",
            "Viola has the Hermit on her card. Her fish's water bonus brings all three cubes to the third "
            "level, so she may influence a character. She takes the Emperor and stands him facing the side "
            "that shows two dragons.",
            emperor_keep_start(), ["keep fish/water f4", "influence shown emperor", "character monk",
                                   "place emperor d3 tile N"],
            ["The water step completes the character level.",
             "She takes the Emperor from the two on view.",
             "A new character card is revealed to fill the gap.",
             "The Emperor stands on d3 facing north: five coins for each dragon on that side at the end, "
             "ten in all, and one for every decoration in his line of sight."],
            ["tang_garden.track.threshold", "tang_garden.influence.take", "tang_garden.influence.spot",
             "tang_garden.influence.facing", "tang_garden.score.prefer_icon"]),
    )


# ----- quizzes ---------------------------------------------------------------------------------------------
def quizzes() -> tuple[Quiz, ...]:
    """'How many coins now?' questions, each worked out by hand in the comment beside it."""
    return (
        # one footpath joined: 1 coin (the water edge moves a cube, it pays no coin)
        Quiz("q-viola", "Viola builds tile 17 on e6 turned 90. How many coins does she gain now?", viola_start(),
             "build 17 e6 r90", 1, ("tang_garden.build.footpath",), game=GAME),
        # the temple: 1, and 1 for the rock edge beside it: 2
        Quiz("q-temple", "Viola lays the rock temple on c5. How many coins?", temple_start(), "build 45 c5 r0", 2,
             ("tang_garden.temple.coins",), game=GAME),
        # a rock edge against the temple: 1; a joined footpath: 1
        Quiz("q-michele", "Michele builds tile 23 on b5 turned 270, beside Viola's temple. How many coins?",
             michele_start(), "build 23 b5 r270", 2, ("tang_garden.temple.later", "tang_garden.build.footpath"),
             game=GAME),
        # two footpaths: the coins choice is two coins
        Quiz("q-two-footpaths", "Two footpaths were joined; Viola takes the coins. How many?",
             _R.apply(footpaths_start(), "build 14 e3 r0"), "footpath coins", 2,
             ("tang_garden.build.footpath_two",), game=GAME),
        # a wall against rock: allowed, and worth nothing
        Quiz("q-wall", "Tile 10 on c4 turned 90: its wall meets c3's rock. How many coins?", wall_start(),
             "build 10 c4 r90", 0, ("tang_garden.build.wall", "tang_garden.build.enclose"), game=GAME),
    )


# ----- a position for every rule ------------------------------------------------------------------------
def try_positions() -> Positions:
    """rule id -> (position, what to try): a small board beside each rule of the game, each at a
    moment where a player decides something (set up when first asked for)."""
    c = TryCaption
    tries = {
        "tang_garden.setup.board": lambda: (setup_two(), "The starting tile lies in the middle, over d4 to e5. Pick a "
                                            "stack top and see where it may go."),
        "tang_garden.setup.stacks": lambda: (setup_two(), "Four stacks, each with its top face up. Pick one and turn it."),
        "tang_garden.setup.characters": lambda: (setup_two(), "Each player's board shows the starting character on the "
                                                 "card and the step it gave; two more characters are on view."),
        "tang_garden.setup.landscapes": lambda: (setup_two(), "Each side's middle small slot holds a landscape tile; two "
                                                 "of each size wait on view."),
        "tang_garden.setup.tokens": lambda: (setup_three(), "Three players: the sixteen tokens in their diamond."),
        "tang_garden.setup.tokens_two": lambda: (setup_two(), "Two players: the tokens lie closer in."),
        "tang_garden.setup.first": lambda: (setup_two(), "The first player was drawn at random; they play first."),
        "tang_garden.turn.main": lambda: (viola_start(), c("Build tile 17, or click decorate: one of the two.", "17")),
        "tang_garden.turn.order": lambda: (michele_start(), "It is Michele's turn now: only he acts."),
        "tang_garden.turn.end": lambda: (influence_start(), "The main action is done: influence, or end the turn."),
        "tang_garden.build.stack": lambda: (viola_start(), c("Only a face-up top can be built. Pick tile 17.", "17")),
        "tang_garden.build.space": lambda: (viola_start(), c("Try a space under the starting tile: it is never free.",
                                                             "17")),
        "tang_garden.build.adjacent": lambda: (viola_start(), c("Spaces away from the garden are not offered.", "17")),
        "tang_garden.build.match": lambda: (viola_start(), c("Turn tile 17 and watch which spaces accept it.", "17")),
        "tang_garden.build.wall": lambda: (wall_start(), c("Build tile 10 on c4 turned 90: its wall faces rock.", "10")),
        "tang_garden.build.advance": lambda: (viola_start(), c("Build tile 17 on e6 turned 90: the water edge moves "
                                                               "a cube.", "17")),
        "tang_garden.build.enclose": lambda: (wall_start(), c("Tile 10 on c4 closes the greenery off: one more step.",
                                                              "10")),
        "tang_garden.build.edge": lambda: (viola_start(), c("An area reaching the garden's edge is never closed off.",
                                                            "17")),
        "tang_garden.build.inner": lambda: (footpaths_start(), c("Tile 14 shows greenery closed inside it: build it on "
                                                                 "e3.", "14")),
        "tang_garden.build.footpath": lambda: (viola_start(), c("Join one footpath: one coin.", "17")),
        "tang_garden.build.footpath_two": lambda: (_R.apply(footpaths_start(), "build 14 e3 r0"),
                                                   "Two footpaths joined: two coins, or a step on a track."),
        "tang_garden.build.token": lambda: (token_start(), c("Build tile 2 on d2: it covers the small token.", "2")),
        "tang_garden.build.flip": lambda: (viola_start(), c("After a build, the tops are checked: fewer than two face "
                                                            "up and all turn up.", "17")),
        "tang_garden.temple.match": lambda: (temple_start(), c("The temple fits beside any edge: pick tile 45.", "45")),
        "tang_garden.temple.coins": lambda: (temple_start(), c("Build the temple on c5 and count the coins.", "45")),
        "tang_garden.temple.enclose": lambda: (temple_start(), c("The temple's sides close the rock off.", "45")),
        "tang_garden.temple.later": lambda: (michele_start(), c("Set a rock edge against the temple on b5.", "23")),
        "tang_garden.landscape.insert": lambda: (landscape_start(), "Pick a small landscape tile on view, then a free "
                                                 "small slot."),
        "tang_garden.landscape.refill": lambda: (landscape_start(), "After the insert, the display is filled again."),
        "tang_garden.decorate.draw": lambda: (draw_start(), "Two tops are face down: click decorate to draw four."),
        "tang_garden.decorate.keep": lambda: (keep_start(), "Pick one of the four cards and a space with a free area."),
        "tang_garden.decorate.area": lambda: (keep_start(), "A peony goes on a free greenery area; the fish on water."),
        "tang_garden.decorate.supply": lambda: (nothing_fits_start(), "No water area is free: the fish cannot be kept."),
        "tang_garden.decorate.bonus": lambda: (keep_start(), "The greenery peony moves the greenery cube at once."),
        "tang_garden.decorate.discard": lambda: (keep_start(), "The cards you do not keep go to the discard pile."),
        "tang_garden.decorate.none": lambda: (nothing_fits_start(), "Nothing can be placed: discard them all."),
        "tang_garden.decorate.flip": lambda: (draw_start(), "After decorating, the face-down tops turn up."),
        "tang_garden.decorate.reshuffle": lambda: (draw_start(), "When the deck runs out, the discards are shuffled."),
        "tang_garden.track.advance": lambda: (viola_start(), c("Each matched element moves its cube a level.", "17")),
        "tang_garden.track.end": lambda: (_R.apply(footpaths_start(), "build 14 e3 r0"),
                                          "A cube at the end goes no further: the choice is refused there."),
        "tang_garden.track.coins": lambda: (viola_start(), c("A cube reaching a coin level pays its coins.", "17")),
        "tang_garden.track.threshold": lambda: (emperor_keep_start(), "Keep the fish on f4: the water cube reaches the "
                                                "level."),
        "tang_garden.influence.when": lambda: (influence_start(), "The main action is done: influence now."),
        "tang_garden.influence.right": lambda: (influence_start(), "A fresh level gives the right: take a character."),
        "tang_garden.influence.take": lambda: (influence_start(), "Take the Emperor or the Lady, or draw blind."),
        "tang_garden.influence.spot": lambda: (place_start(), "Pick the Emperor, then a ringed spot."),
        "tang_garden.influence.facing": lambda: (place_start(), "Pick a spot: each facing shows its line of sight and "
                                                 "its coins at the end."),
        "tang_garden.influence.skill_gone": lambda: (place_start(), "A character in the garden lends no skill; only the "
                                                     "one on the card does."),
        "tang_garden.influence.token": lambda: (influence_start(), "End the turn without influencing: a character token."),
        "tang_garden.influence.token_lost": lambda: (influence_start(), "A token you hold is lost at the next level."),
        "tang_garden.influence.once": lambda: (influence_start(), "One character a turn."),
        "tang_garden.skill.architect": lambda: (skill_start("architect", ("pavilion/rock", "fish/water")),
                                                "Keep the pavilion: the Architect pays two coins."),
        "tang_garden.skill.child": lambda: (skill_start("child", ("birds/rock", "lotus/water")),
                                            "Keep the birds: the Child pays two coins."),
        "tang_garden.skill.empress": lambda: (skill_start("empress", ("lotus/water", "birds/rock")),
                                              "Keep the lotus: the Empress pays two coins."),
        "tang_garden.skill.hermit": lambda: (skill_start("hermit"), c("Build the rock tile 31: a coin when the rock cube "
                                                                      "moves.", "31")),
        "tang_garden.skill.poet": lambda: (skill_start("poet"), c("A coin whenever your water cube moves.", "2")),
        "tang_garden.skill.student": lambda: (skill_start("student"), c("Build tile 2: a coin when the greenery cube "
                                                                        "moves.", "2")),
        "tang_garden.skill.merchant": lambda: (skill_start("merchant", ("fish/water", "birds/rock")),
                                               "Pay a coin to draw two more, or take the top discard."),
        "tang_garden.skill.monk": lambda: (skill_start("monk", ("fish/water", "birds/rock")),
                                           "Choosing between exactly two cards pays the Monk two coins."),
        "tang_garden.skill.officer": lambda: (skill_start("officer"), "Before anything else: a coin turns the hidden "
                                              "tops up, or send a face-up top under its stack."),
        "tang_garden.skill.sword_dancer": lambda: (position(tiles={"d3": (1, 0)}, tops={0: 2}, own={0: "sword_dancer"}),
                                                   c("Cover the token on d2: the Sword Dancer pays a coin.", "2")),
        "tang_garden.skill.none": lambda: (skill_start("lady", ("birds/rock", "fish/water")),
                                           "The Lady on the card lends no skill."),
        "tang_garden.lantern.once": lambda: (viola_start(), c("One lantern a turn, turned before the main action.", "17")),
        "tang_garden.lantern.build2": lambda: (viola_start(), "Click lantern build2, then build two tiles."),
        "tang_garden.lantern.decorate2": lambda: (draw_start(), "Click lantern decorate2, then decorate: keep two cards."),
        "tang_garden.lantern.move": lambda: (standing_start(), "Pick the Emperor, then his own spot: turn him north."),
        "tang_garden.lantern.choose": lambda: (landscape_start(), "With the choose lantern, pick a hidden tile too."),
        "tang_garden.lantern.refresh": lambda: (refresh_start(), "Hand in four small tokens to turn the lantern up."),
        "tang_garden.end.trigger": lambda: (near_end_start(), c("Cover d2: three tokens are left, and the end is near.",
                                                                "2")),
        "tang_garden.end.stuck": lambda: (stuck_start(), "No tile on view fits anywhere: decorate, and once the turn's "
                                                         "main action is done the end is triggered."),
        "tang_garden.end.round": lambda: (near_end_start(), c("The round is played out so all have equal turns.", "2")),
        "tang_garden.end.winner": lambda: (scoring_start(), "End the turn; at the end, most coins wins."),
        "tang_garden.end.tie_tokens": lambda: (scoring_start(), "On a tie, more landscape tokens wins."),
        "tang_garden.end.tie_tracks": lambda: (scoring_start(), "Still tied: the cubes furthest along."),
        "tang_garden.end.tie_shared": lambda: (scoring_start(), "Still tied: the victory is shared."),
        "tang_garden.score.coins": lambda: (scoring_start(), "Coins gained in play count at the end."),
        "tang_garden.score.birds_fish": lambda: (scoring_start(), "Each birds card with a fish card: six."),
        "tang_garden.score.lotus_peony": lambda: (scoring_start(), "Viola's lotus and peony: six."),
        "tang_garden.score.bridge": lambda: (scoring_start(), "Each bridge card is worth two."),
        "tang_garden.score.pavilion": lambda: (scoring_start(), "Most pavilion cards: twelve; second: six."),
        "tang_garden.score.trees": lambda: (scoring_start(), "One pine: a set of one kind, one coin."),
        "tang_garden.score.sight": lambda: (scoring_start(), "The Emperor counts the decorations he sees."),
        "tang_garden.score.prefer_icon": lambda: (scoring_start(), "Facing north, the Emperor sees two dragons: ten."),
        "tang_garden.score.prefer_terrain": lambda: (place_start(), "Stand the Hermit: two for each rock tile in sight."),
        "tang_garden.score.prefer_empress": lambda: (place_start(), "The Empress loses three for the Emperor in sight."),
        "tang_garden.score.prefer_sun_moon": lambda: (place_start(), "The Lady wants the sun and the moon on her side."),
        "tang_garden.score.prefer_any_icon": lambda: (place_start(), "The Officer counts every icon on the side it faces."),
        # the solo game "Yin & Yang"
        "tang_garden.solo.setup": lambda: (solo_start(), "Two starting characters are drawn: keep one."),
        "tang_garden.solo.central": lambda: (solo_main(), "Pick a stack top: only the central garden's spaces take it."),
        "tang_garden.solo.pair": lambda: (solo_card(), "The pair's tile is down: now place its card's decoration."),
        "tang_garden.solo.opposite": lambda: (solo_main(), "Taking a pair discards the card in the opposite corner."),
        "tang_garden.solo.coins": lambda: (solo_main(), "Matched greenery, water and rock edges pay a coin each here."),
        "tang_garden.solo.enclose": lambda: (solo_main(), "A closed area pays a coin; the rim of the central garden "
                                             "closes nothing."),
        "tang_garden.solo.footpath": lambda: (solo_main(), "Joined footpaths pay nothing in the solo game."),
        "tang_garden.solo.landscape": lambda: (solo_main(), "Cover a token: both tiles of its size go in, on opposite "
                                               "sides."),
        "tang_garden.solo.remove": lambda: (solo_main(), "Four same-size tokens take a decoration off the garden."),
        "tang_garden.solo.no_refresh": lambda: (solo_main(), "Tokens never turn a solo lantern back up."),
        "tang_garden.solo.influence": lambda: (solo_main(), "At 10, 20 and 30 coins a revealed character may join you."),
        "tang_garden.solo.neutral": lambda: (solo_main(), "A character you pass over stands as a neutral figure: the "
                                             "first one already does."),
        "tang_garden.solo.lantern_tile_only": lambda: (solo_main(), "This lantern lays a pair's tile without its card."),
        "tang_garden.solo.lantern_display": lambda: (solo_main(), "This lantern lays a tile from the display instead."),
        "tang_garden.solo.lantern_redraw": lambda: (solo_main(), "This lantern replaces the four cards by the stacks."),
        "tang_garden.solo.lantern_reuse": lambda: (solo_main(), "This lantern repeats one already used."),
        "tang_garden.solo.defeat": lambda: (solo_main(), "A stack running dry, or no pair that fits, ends the game lost."),
        "tang_garden.solo.victory": lambda: (solo_main(), "Cover all 28 central spaces to win."),
        "tang_garden.solo.final": lambda: (solo_main(), "After a win, your characters stand where you like, facing "
                                           "any way."),
        "tang_garden.solo.rank": lambda: (solo_main(), "Your final coins name your title."),
    }
    return Positions(tries)


__all__ = ["TryCaption", "quizzes", "solo_ranks", "try_positions", "worked_examples"]
