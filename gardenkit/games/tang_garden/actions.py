"""Actions of Tang Garden: small frozen values with a readable notation.

Spaces are named ``a1`` (top-left) to ``h8``; a tile turns 0, 90, 180 or 270 degrees clockwise;
decoration cards are named ``kind/bonus`` (``fish/water``); characters by id (``poet``);
landscape tiles ``L1``-``L8`` (large) and ``S1``-``S12`` (small); the board's sides ``N E S W``
and their slots ``s1 s2 s3`` (small, inner) and ``l1 l2`` (large, outer).

>>> str(Build(17, 2, 3, 90)), str(Decorate()), str(Keep("fish/water", 2, 3)), str(Footpath("coins"))
('build 17 c4 r90', 'decorate', 'keep fish/water c4', 'footpath coins')
>>> str(PlaceChar("poet", 2, 3, "tile", "N")), str(Influence("shown", "monk")), str(Landscape("S3", "N", "s1"))
('place poet c4 tile N', 'influence shown monk', 'landscape S3 N s1')
>>> parse("build 17 C4 r90") == Build(17, 2, 3, 90), parse("flip 12") == Flip(12)
(True, True)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import MalformedInputError
from .components import parse_space, space_name

FACINGS = ("N", "E", "S", "W")
WHERE = ("tile", "bridge", "pavilion")


# ----- chance -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Flip:
    """Chance: the face-down top of a stack turns up as garden tile ``tile``."""

    tile: int

    def __str__(self):
        return f"flip {self.tile}"

    def sort_key(self):
        return (0, self.tile)


@dataclass(frozen=True)
class DrawCard:
    """Chance: decoration card ``card`` (``kind/bonus``) is drawn."""

    card: str

    def __str__(self):
        return f"draw {self.card}"

    def sort_key(self):
        return (1, self.card)


@dataclass(frozen=True)
class Reveal:
    """Chance: character ``char`` comes off the character deck (dealt, revealed or drawn blind)."""

    char: str

    def __str__(self):
        return f"character {self.char}"

    def sort_key(self):
        return (2, self.char)


@dataclass(frozen=True)
class Turnup:
    """Chance: landscape tile ``tile`` comes off its pile (into a starting slot or the display)."""

    tile: str

    def __str__(self):
        return f"turn up {self.tile}"

    def sort_key(self):
        return (3, self.tile[0], int(self.tile[1:]) if self.tile[1:].isdigit() else 0)


@dataclass(frozen=True)
class First:
    """Chance: player ``player`` (0-based) is the first player and takes the engineer token."""

    player: int

    def __str__(self):
        return f"first player {self.player + 1}"

    def sort_key(self):
        return (4, self.player)


@dataclass(frozen=True)
class Lay:
    """Chance (solo): the next solo token space gets a landscape token of size ``size``."""

    size: str

    def __str__(self):
        return f"lay {self.size}"

    def sort_key(self):
        return (5, self.size)


# ----- a player's moves ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Build:
    """Build the garden: face-up stack top ``tile`` on space (x, y), turned ``rot`` degrees."""

    tile: int
    x: int
    y: int
    rot: int = 0

    def __str__(self):
        return f"build {self.tile} {space_name(self.x, self.y)} r{self.rot}"

    def sort_key(self):
        return (10, self.tile, self.y, self.x, self.rot)


@dataclass(frozen=True)
class Decorate:
    """Place a decoration: draw the cards (two, plus one per face-down stack top)."""

    def __str__(self):
        return "decorate"

    def sort_key(self):
        return (11,)


@dataclass(frozen=True)
class Keep:
    """Keep drawn card ``card`` and place its decoration in the free area of its kind on (x, y)."""

    card: str
    x: int
    y: int

    def __str__(self):
        return f"keep {self.card} {space_name(self.x, self.y)}"

    def sort_key(self):
        return (12, self.card, self.y, self.x)


@dataclass(frozen=True)
class DiscardAll:
    """None of the drawn cards can be placed: discard them all (the main action ends)."""

    def __str__(self):
        return "discard all"

    def sort_key(self):
        return (13,)


@dataclass(frozen=True)
class Footpath:
    """Two footpaths matched: ``coins`` (one coin each), or advance one track (``greenery`` ...)."""

    choice: str

    def __str__(self):
        return f"footpath {self.choice}"

    def sort_key(self):
        return (14, ("coins", "greenery", "water", "rock").index(self.choice)
                if self.choice in ("coins", "greenery", "water", "rock") else 9)


@dataclass(frozen=True)
class Advance:
    """A card's "any track" bonus: advance track ``track``."""

    track: str

    def __str__(self):
        return f"advance {self.track}"

    def sort_key(self):
        return (15, self.track)


@dataclass(frozen=True)
class TakeToken:
    """A card's landscape bonus: take the landscape token on (x, y)."""

    x: int
    y: int

    def __str__(self):
        return f"take token {space_name(self.x, self.y)}"

    def sort_key(self):
        return (16, self.y, self.x)


@dataclass(frozen=True)
class Landscape:
    """Insert landscape tile ``tile`` into slot ``slot`` of side ``side`` (``lantern``: a hidden tile
    chosen from the pile with the lantern that chooses)."""

    tile: str
    side: str
    slot: str
    lantern: bool = False

    def __str__(self):
        return f"landscape {self.tile} {self.side} {self.slot}" + (" lantern" if self.lantern else "")

    def sort_key(self):
        return (17, self.lantern, self.tile[0], int(self.tile[1:]) if self.tile[1:].isdigit() else 0,
                self.side, self.slot)


@dataclass(frozen=True)
class Influence:
    """Influence a character: ``shown`` (one of the two revealed, ``char``), ``deck`` (drawn blind) or
    ``choose`` (``char`` picked from the deck with the lantern that chooses)."""

    source: str
    char: str = ""

    def __str__(self):
        return f"influence {self.source}" + (f" {self.char}" if self.char else "")

    def sort_key(self):
        return (18, self.source, self.char)


@dataclass(frozen=True)
class PlaceChar:
    """Put character ``char``'s miniature on the spot ``where`` (tile, bridge or pavilion) of (x, y), facing ``facing``."""

    char: str
    x: int
    y: int
    where: str
    facing: str

    def __str__(self):
        return f"place {self.char} {space_name(self.x, self.y)} {self.where} {self.facing}"

    def sort_key(self):
        return (19, self.char, self.y, self.x, self.where, self.facing)


@dataclass(frozen=True)
class MoveChar:
    """Lantern: move (or only turn) placed character ``char`` to the spot ``where`` of (x, y), facing ``facing``."""

    char: str
    x: int
    y: int
    where: str
    facing: str

    def __str__(self):
        return f"move {self.char} {space_name(self.x, self.y)} {self.where} {self.facing}"

    def sort_key(self):
        return (20, self.char, self.y, self.x, self.where, self.facing)


@dataclass(frozen=True)
class Lantern:
    """Use lantern ``kind`` (``build2``: build twice; ``decorate2``: keep two cards) with the main action."""

    kind: str

    def __str__(self):
        return f"lantern {self.kind}"

    def sort_key(self):
        return (21, self.kind)


@dataclass(frozen=True)
class Refresh:
    """Spend landscape tokens of size ``size`` (3; 4 with two players) to turn lantern ``kind`` up again."""

    kind: str
    size: str

    def __str__(self):
        return f"refresh {self.kind} {self.size}"

    def sort_key(self):
        return (22, self.kind, self.size)


@dataclass(frozen=True)
class Officer:
    """The Officer's skill at the start of the turn: ``flip`` (pay a coin: every face-down top turns up)
    or send face-up top ``tile`` to the bottom of its stack (free)."""

    tile: int = 0

    def __str__(self):
        return "officer flip" if not self.tile else f"officer bottom {self.tile}"

    def sort_key(self):
        return (23, self.tile)


@dataclass(frozen=True)
class Merchant:
    """The Merchant's skill after the draw: pay a coin to ``draw`` two more cards or take the top ``discard``."""

    choice: str

    def __str__(self):
        return f"merchant {self.choice}"

    def sort_key(self):
        return (24, self.choice)


@dataclass(frozen=True)
class Remove:
    """Solo: hand in four landscape tokens of size ``size`` to send the decoration in area ``area`` of (x, y) back to the box."""

    x: int
    y: int
    area: str
    size: str

    def __str__(self):
        return f"remove {space_name(self.x, self.y)} {self.area} {self.size}"

    def sort_key(self):
        return (26, self.y, self.x, self.area, self.size)


@dataclass(frozen=True)
class EndTurn:
    """End the turn (a right to influence left unused becomes a character token)."""

    def __str__(self):
        return "end turn"

    def sort_key(self):
        return (25,)


ACTION_TYPES = (Flip, DrawCard, Reveal, Turnup, First, Lay, Build, Decorate, Keep, DiscardAll, Footpath, Advance,
                TakeToken, Landscape, Influence, PlaceChar, MoveChar, Lantern, Refresh, Officer, Merchant, Remove, EndTurn)

_WORD = r"([a-z_]{1,20})"
_CARD = r"([a-z]{1,12}/[a-z]{1,12})"
_SPACE = r"([a-h][1-8])"


def parse(text: str):
    """The action written ``text``; anything else is a clear :class:`MalformedInputError`."""
    t = " ".join(str(text).strip().split())
    low = t.lower()
    simple = {"decorate": Decorate(), "discard all": DiscardAll(), "end turn": EndTurn(), "end": EndTurn(),
              "officer flip": Officer()}
    if low in simple:
        return simple[low]
    patterns = (
        (r"flip (\d{1,3})", lambda m: Flip(int(m[1]))),
        (rf"draw {_CARD}", lambda m: DrawCard(m[1])),
        (rf"character {_WORD}", lambda m: Reveal(m[1])),
        (r"turn up ([ls]\d{1,2})", lambda m: Turnup(m[1].upper())),
        (r"first player ([1-4])", lambda m: First(int(m[1]) - 1)),
        (rf"build (\d{{1,3}}) {_SPACE}(?: r(0|90|180|270))?", lambda m: Build(int(m[1]), *parse_space(m[2]),
                                                                              int(m[3] or 0))),
        (rf"keep {_CARD} {_SPACE}", lambda m: Keep(m[1], *parse_space(m[2]))),
        (r"footpath (coins|greenery|water|rock)", lambda m: Footpath(m[1])),
        (r"advance (greenery|water|rock)", lambda m: Advance(m[1])),
        (rf"take token {_SPACE}", lambda m: TakeToken(*parse_space(m[1]))),
        (r"landscape ([ls]\d{1,2}) ([nesw]) ([ls][1-3])( lantern)?",
         lambda m: Landscape(m[1].upper(), m[2].upper(), m[3], bool(m[4]))),
        (rf"influence (shown|choose) {_WORD}", lambda m: Influence(m[1], m[2])),
        (r"influence deck", lambda m: Influence("deck")),
        (rf"(place|move) {_WORD} {_SPACE} (tile|bridge|pavilion) ([nesw])",
         lambda m: (PlaceChar if m[1] == "place" else MoveChar)(m[2], *parse_space(m[3]), m[4], m[5].upper())),
        (r"lantern (build2|decorate2|tile_only|display|redraw|reuse_tile_only|reuse_display|reuse_redraw)",
         lambda m: Lantern(m[1])),
        (r"lay (large|small)", lambda m: Lay(m[1])),
        (rf"remove {_SPACE} (greenery|water|rock|bridge) (large|small)",
         lambda m: Remove(*parse_space(m[1]), m[2], m[3])),
        (r"refresh (build2|decorate2|move|choose) (large|small)", lambda m: Refresh(m[1], m[2])),
        (r"officer bottom (\d{1,3})", lambda m: Officer(int(m[1]))),
        (r"merchant (draw|discard)", lambda m: Merchant(m[1])),
    )
    for pattern, make in patterns:
        m = re.fullmatch(pattern, low)
        if m:
            return make(m)
    raise MalformedInputError(
        f"not a Tang Garden move: {t[:60]!r} (e.g. 'build 17 c4 r90', 'decorate', 'keep fish/water c4', "
        "'place poet c4 tile N', 'end turn')")


__all__ = [c.__name__ for c in ACTION_TYPES] + ["ACTION_TYPES", "FACINGS", "WHERE", "parse"]
