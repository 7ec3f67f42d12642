"""Actions of Tanuki in the Garden: small frozen values with a readable notation.

Spaces are named by their blue and gold numbers (``b4g5``: blue 4, gold 5; see ``board``);
players by their number from 1 in the notation (0-based in the values); path ends by the
letters A-H, clockwise from the top-left of a space.

>>> str(Roll(4, 5)), str(Draw(12)), str(DrawCard("pilfer"))
('roll blue 4 gold 5', 'draw 12', 'draw card pilfer')
>>> str(Place(12, 2, 3)), str(Place(12, 2, 3, 90)), str(Place(12, 0, 0, 270, 0))
('12@b3g4', '12@b3g4/90', '12@b1g1/270 from A')
>>> str(Start(2, 0, 1)), str(Direction("gold", 3)), str(Enter(1)), str(Chase()), str(Pass())
('start b3g1 side 1', 'gold toward 3', 'enter from B', 'chase', 'pass')
>>> str(PilferCard((1, 2))), str(BaitCard(1, 0, 0, 1, 0)), str(ShiftCard(2, 3, 90)), str(MoveCard("blue", 2))
('play pilfer: 2 3', 'play bait: 2, blue b1g1, gold b2g1', 'play shift: b3g4/90', 'play move: blue toward 2')
>>> parse("12@B3G4/90") == Place(12, 2, 3, 90), parse("roll blue 4 gold 5") == Roll(4, 5)
(True, True)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import MalformedInputError
from .board import PORTS, parse_space, space_name

#: Garden Master cards played with no choice to make
PLAIN_CARDS = ("fast", "dens", "ashi", "harvest", "robber", "repellant", "speed", "clear", "offense")


# ----- chance -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Roll:
    """Chance: the two Tanuki dice show ``blue`` and ``gold`` (1-6 each, 36 equally likely outcomes)."""

    blue: int
    gold: int

    def __str__(self) -> str:
        return f"roll blue {self.blue} gold {self.gold}"

    def sort_key(self):
        return (0, self.blue, self.gold)


@dataclass(frozen=True)
class Draw:
    """Chance: path tile ``tile`` comes off the draw pile (into a hand)."""

    tile: int

    def __str__(self) -> str:
        return f"draw {self.tile}"

    def sort_key(self):
        return (0, self.tile)


@dataclass(frozen=True)
class DrawCard:
    """Chance: the top Garden Master card, bought, is ``kind``."""

    kind: str

    def __str__(self) -> str:
        return f"draw card {self.kind}"

    def sort_key(self):
        return (0, 0, self.kind)


# ----- a player's moves -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Start:
    """Put your monk on the edge place (x, y, side): the outer side ``side`` (1-4) of edge space (x, y)."""

    x: int
    y: int
    side: int

    def __str__(self) -> str:
        return f"start {space_name(self.x, self.y)} side {self.side}"

    def sort_key(self):
        return (1, self.side, self.y, self.x)


@dataclass(frozen=True)
class Wait:
    """A monk sent back waits off the board and re-enters at the start of its owner's next turn."""

    def __str__(self) -> str:
        return "wait"

    def sort_key(self):
        return (2,)


@dataclass(frozen=True)
class Go:
    """Play no Garden Master card now: roll the Tanuki dice."""

    def __str__(self) -> str:
        return "go"

    def sort_key(self):
        return (3,)


@dataclass(frozen=True)
class Direction:
    """On a 5, the roller sends Tanuki ``tanuki`` ("blue" or "gold") toward side ``side`` (1-4)."""

    tanuki: str
    side: int

    def __str__(self) -> str:
        return f"{self.tanuki} toward {self.side}"

    def sort_key(self):
        return (4, self.tanuki, self.side)


@dataclass(frozen=True)
class Enter:
    """A monk still on its start place, with a tile already in front, sets off by path end ``port`` (0-7)."""

    port: int

    def __str__(self) -> str:
        return f"enter from {_port(self.port)}"

    def sort_key(self):
        return (5, self.port)


@dataclass(frozen=True)
class Place:
    """Play hand tile ``tile`` on space (x, y), turned ``rot`` degrees clockwise; from a start place,
    ``port`` is the path end (0-7) the monk sets off by (-1 otherwise)."""

    tile: int
    x: int
    y: int
    rot: int = 0
    port: int = -1

    def __str__(self) -> str:
        text = f"{self.tile}@{space_name(self.x, self.y)}" + (f"/{self.rot}" if self.rot else "")
        return text + (f" from {_port(self.port)}" if self.port != -1 else "")

    def sort_key(self):
        return (6, self.tile, self.rot, self.port, self.y, self.x)


@dataclass(frozen=True)
class Chase:
    """Pay 2 Shiitake for each Tanuki on the space in front of your monk: they leave the board."""

    def __str__(self) -> str:
        return "chase"

    def sort_key(self):
        return (7,)


@dataclass(frozen=True)
class Pass:
    """Play no tile this turn (a Tanuki or a rock garden is in the way)."""

    def __str__(self) -> str:
        return "pass"

    def sort_key(self):
        return (8,)


@dataclass(frozen=True)
class Discard:
    """Moved across an Ashi-magari on another player's turn: discard hand tile ``tile``."""

    tile: int

    def __str__(self) -> str:
        return f"discard {self.tile}"

    def sort_key(self):
        return (12, self.tile)


@dataclass(frozen=True)
class Decline:
    """Do not answer with a Garden Master card now."""

    def __str__(self) -> str:
        return "decline"

    def sort_key(self):
        return (13,)


@dataclass(frozen=True)
class Buy:
    """Garden Master: at the end of your turn, trade 2 Shiitake for the top card."""

    def __str__(self) -> str:
        return "buy a card"

    def sort_key(self):
        return (14,)


@dataclass(frozen=True)
class EndTurn:
    """End your turn without buying a card."""

    def __str__(self) -> str:
        return "end turn"

    def sort_key(self):
        return (15,)


# ----- Garden Master cards ----------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayCard:
    """Play a card that needs no choice: fast, dens, ashi, harvest, robber, repellant, speed, clear, offense."""

    kind: str

    def __str__(self) -> str:
        return f"play {self.kind}"

    def sort_key(self):
        return (9, self.kind)


@dataclass(frozen=True)
class MoveCard:
    """Move 1 Tanuki: move ``tanuki`` one space toward side ``side``."""

    tanuki: str
    side: int

    def __str__(self) -> str:
        return f"play move: {self.tanuki} toward {self.side}"

    def sort_key(self):
        return (9, "move", self.tanuki, self.side)


@dataclass(frozen=True)
class PilferCard:
    """Pilfer Shiitake: take one from each opponent in ``victims`` (0-based players, at most 3)."""

    victims: tuple[int, ...]

    def __post_init__(self):
        if isinstance(self.victims, (tuple, list)) and all(isinstance(v, int) and not isinstance(v, bool)
                                                           for v in self.victims):
            object.__setattr__(self, "victims", tuple(sorted(self.victims)))

    def __str__(self) -> str:
        return "play pilfer: " + (" ".join(str(v + 1) for v in self.victims) or "nobody")

    def sort_key(self):
        return (9, "pilfer", len(self.victims), self.victims)


@dataclass(frozen=True)
class TrapCard:
    """Tanuki Trap: set your trap on space (x, y)."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"play trap: {space_name(self.x, self.y)}"

    def sort_key(self):
        return (9, "trap", self.y, self.x)


@dataclass(frozen=True)
class BaitCard:
    """Tanuki Bait: put the blue Tanuki on (bx, by) and the gold one on (gx, gy), next to ``victim``'s monk."""

    victim: int
    bx: int
    by: int
    gx: int
    gy: int

    def __str__(self) -> str:
        return (f"play bait: {self.victim + 1}, blue {space_name(self.bx, self.by)}, "
                f"gold {space_name(self.gx, self.gy)}")

    def sort_key(self):
        return (9, "bait", self.victim, self.by, self.bx, self.gy, self.gx)


@dataclass(frozen=True)
class ShiftCard:
    """Shifting Paths: turn the tile on (x, y) by ``rot`` degrees clockwise (90, 180 or 270)."""

    x: int
    y: int
    rot: int

    def __str__(self) -> str:
        return f"play shift: {space_name(self.x, self.y)}/{self.rot}"

    def sort_key(self):
        return (9, "shift", self.y, self.x, self.rot)


@dataclass(frozen=True)
class RockCard:
    """Rock Garden: put a rock-garden token on (x, y)."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"play rock: {space_name(self.x, self.y)}"

    def sort_key(self):
        return (9, "rock", self.y, self.x)


@dataclass(frozen=True)
class Clear:
    """Clear the Path: take the tile or rock garden on (x, y) off the board."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"clear {space_name(self.x, self.y)}"

    def sort_key(self):
        return (10, self.y, self.x)


@dataclass(frozen=True)
class Done:
    """Clear the Path: clear nothing more."""

    def __str__(self) -> str:
        return "done"

    def sort_key(self):
        return (11,)


ACTION_TYPES = (Roll, Draw, DrawCard, Start, Wait, Go, Direction, Enter, Place, Chase, Pass, Discard, Decline, Buy,
                EndTurn, PlayCard, MoveCard, PilferCard, TrapCard, BaitCard, ShiftCard, RockCard, Clear, Done)
CARD_ACTIONS = (PlayCard, MoveCard, PilferCard, TrapCard, BaitCard, ShiftCard, RockCard)
EXAMPLE = "12@b3g4/90 (tile 12 on blue 3, gold 4, turned 90 degrees)"


def card_kind(a) -> str | None:
    """The Garden Master card an action plays, or None."""
    if isinstance(a, PlayCard):
        return a.kind
    return {MoveCard: "move", PilferCard: "pilfer", TrapCard: "trap", BaitCard: "bait", ShiftCard: "shift",
            RockCard: "rock"}.get(type(a))


def _port(p: int) -> str:
    return PORTS[p] if isinstance(p, int) and 0 <= p < 8 else f"end {p}"


def _read_port(text: str) -> int:
    t = text.strip().upper()
    if len(t) != 1 or t not in PORTS:
        raise MalformedInputError(f"{text[:10]!r} is not a path end: write a letter A-H")
    return PORTS.index(t)


def _read_tanuki(text: str) -> str:
    t = text.strip().lower()
    if t not in ("blue", "gold"):
        raise MalformedInputError(f"{text[:10]!r} is not a Tanuki: write blue or gold")
    return t


def _read_side(text: str) -> int:
    if text not in ("1", "2", "3", "4"):
        raise MalformedInputError(f"{text[:10]!r} is not a side of the board: write 1, 2, 3 or 4")
    return int(text)


def _read_player(text: str) -> int:
    if not re.fullmatch(r"[1-9]", text):
        raise MalformedInputError(f"{text[:10]!r} is not a player: write their number, 1-8")
    return int(text) - 1


def parse(text: str):
    """The action written ``text``; anything else is a clear :class:`MalformedInputError`."""
    t = " ".join(text.strip().split())
    low = t.lower()
    simple = {"wait": Wait(), "go": Go(), "chase": Chase(), "pass": Pass(), "decline": Decline(),
              "buy a card": Buy(), "buy": Buy(), "end turn": EndTurn(), "end": EndTurn(), "done": Done()}
    if low in simple:
        return simple[low]
    m = re.fullmatch(r"roll blue ([1-6]) gold ([1-6])", low)
    if m:
        return Roll(int(m.group(1)), int(m.group(2)))
    m = re.fullmatch(r"draw (\d{1,4})", low)
    if m:
        return Draw(int(m.group(1)))
    m = re.fullmatch(r"draw card ([a-z]{1,12})", low)
    if m:
        return DrawCard(m.group(1))
    m = re.fullmatch(r"start (\S+) side (\S+)", low)
    if m:
        return Start(*parse_space(m.group(1)), _read_side(m.group(2)))
    m = re.fullmatch(r"(blue|gold) toward (\S+)", low)
    if m:
        return Direction(m.group(1), _read_side(m.group(2)))
    m = re.fullmatch(r"enter from (\S+)", low)
    if m:
        return Enter(_read_port(m.group(1)))
    m = re.fullmatch(r"discard (\d{1,4})", low)
    if m:
        return Discard(int(m.group(1)))
    m = re.fullmatch(r"clear (\S+)", low)
    if m:
        return Clear(*parse_space(m.group(1)))
    m = re.fullmatch(r"(\d{1,4})@(b\dg\d)(?:/(\d{1,3}))?(?: from (\S+))?", low)
    if m:
        rot = int(m.group(3) or 0)
        if rot not in (0, 90, 180, 270):
            raise MalformedInputError(f"a tile turns by 0, 90, 180 or 270 degrees, not {rot}")
        port = _read_port(m.group(4)) if m.group(4) else -1
        return Place(int(m.group(1)), *parse_space(m.group(2)), rot, port)
    m = re.fullmatch(r"play ([a-z]{1,12})(?:: ?(.*))?", low)
    if m:
        return _parse_card(m.group(1), (m.group(2) or "").strip())
    raise MalformedInputError(
        f"cannot read {text[:40]!r} as a Tanuki in the Garden move; moves look like {EXAMPLE}, "
        "'12@b1g1 from A', 'start b3g1 side 1', 'gold toward 3', 'chase', 'pass', 'discard 12' or 'play fast'"
    )


def _parse_card(kind: str, rest: str):
    if kind in PLAIN_CARDS or kind == "basket":
        if rest:
            raise MalformedInputError(f"the {kind} card takes no choice: write 'play {kind}'")
        return PlayCard(kind)
    if kind == "move":
        m = re.fullmatch(r"(blue|gold) toward (\S+)", rest)
        if not m:
            raise MalformedInputError("write 'play move: blue toward 3'")
        return MoveCard(m.group(1), _read_side(m.group(2)))
    if kind == "pilfer":
        if rest == "nobody":
            return PilferCard(())
        parts = rest.replace(",", " ").split()
        if not parts or len(parts) > 7:
            raise MalformedInputError("write 'play pilfer: 2 3 4' (the opponents you take from)")
        return PilferCard(tuple(_read_player(p) for p in parts))
    if kind in ("trap", "rock"):
        x, y = parse_space(rest)
        return TrapCard(x, y) if kind == "trap" else RockCard(x, y)
    if kind == "shift":
        m = re.fullmatch(r"(b\dg\d)/(\d{1,3})", rest)
        if not m:
            raise MalformedInputError("write 'play shift: b3g4/90'")
        rot = int(m.group(2))
        if rot not in (90, 180, 270):
            raise MalformedInputError(f"a tile turns by 90, 180 or 270 degrees, not {rot}")
        return ShiftCard(*parse_space(m.group(1)), rot)
    if kind == "bait":
        m = re.fullmatch(r"(\S+), ?blue (\S+), ?gold (\S+)", rest)
        if not m:
            raise MalformedInputError("write 'play bait: 2, blue b1g1, gold b2g1'")
        return BaitCard(_read_player(m.group(1)), *parse_space(m.group(2)), *parse_space(m.group(3)))
    raise MalformedInputError(f"{kind!r} is not a Garden Master card; cards are move, fast, dens, ashi, pilfer, "
                              "harvest, robber, trap, repellant, bait, speed, clear, shift, offense, rock")
