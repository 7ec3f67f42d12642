"""Tanuki in the Garden's components: 64 path tiles, the Shiitake supply and the Garden Master cards.

The shipped set is in ``components.json`` (written by ``_make_components.py``); every entry
says where it comes from (``rulebook`` or ``reconstructed``). The rulebook lists neither the
paths of each tile nor their symbols, so the tiles are reconstructed (see the data file's
note). A user can load their own file in the same format (``components=`` option): the tiles
are checked (each joins its 8 path ends A-H in 4 pairs, one symbol per path), the cards may be
left out (the rulebook's 16 kinds x 3 are used).

A tile lists its paths as pairs of ends, lettered clockwise from the top-left (A B top, C D
right, E F bottom, G H left), each with its symbol: ``shiitake`` (+1), ``den`` (a Tanuki Den,
-1) or ``ashi`` (an Ashi-magari).

>>> c = default_components()
>>> len(c.tiles), c.supply, len(c.deck()), c.hand
(64, 80, 48, 3)
>>> t = c.tile(1)
>>> t.describe()
'tile 1: A-B Shiitake, C-D Shiitake, E-F Tanuki Den, G-H Ashi-magari'
>>> c.card("basket").worth, c.card("offense").when
(3, 'react')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from ...core import MalformedInputError
from ...core.checks import read_json
from .board import PORTS, turned

SYMBOLS = ("shiitake", "den", "ashi")
SYMBOL_NAMES = {"shiitake": "Shiitake", "den": "Tanuki Den", "ashi": "Ashi-magari"}
SOURCES = ("rulebook", "published", "reconstructed")
CARD_KINDS = ("move", "fast", "dens", "ashi", "pilfer", "harvest", "robber", "trap", "repellant", "bait", "speed",
              "clear", "shift", "offense", "rock", "basket")
WHEN = ("turn", "react", "never")
#: bounds of a user's component file
MAX_TILES = 200
MAX_SUPPLY = 1000
MAX_COPIES = 10


@dataclass(frozen=True)
class Tile:
    """A path tile: four paths, each ``(end, end)`` (ports 0-7 = A-H) with one symbol."""

    id: int
    pairs: tuple[tuple[int, int], ...]
    symbols: tuple[str, ...]
    source: str = "reconstructed"

    @cached_property
    def _turned(self) -> dict:
        out = {}
        for rot in (0, 90, 180, 270):
            link, sym, path = [0] * 8, [""] * 8, [0] * 8
            for k, ((a, b), s) in enumerate(zip(self.pairs, self.symbols)):
                ta, tb = turned(a, rot), turned(b, rot)
                link[ta], link[tb] = tb, ta
                sym[ta] = sym[tb] = s
                path[ta] = path[tb] = k
            out[rot] = (tuple(link), tuple(sym), tuple(path))
        return out

    def links(self, rot: int) -> tuple[int, ...]:
        """For each board port 0-7 of the tile turned ``rot``: the port its path leads to."""
        return self._turned[rot][0]

    def symbol_at(self, rot: int) -> tuple[str, ...]:
        """For each board port 0-7 of the tile turned ``rot``: the symbol on the path through it."""
        return self._turned[rot][1]

    def path_at(self, rot: int) -> tuple[int, ...]:
        """For each board port 0-7 of the tile turned ``rot``: which of its 4 paths runs through it."""
        return self._turned[rot][2]

    def paths(self, rot: int = 0) -> tuple[tuple[int, int, str], ...]:
        """The four paths ``(end, end, symbol)`` of the tile turned ``rot``, in board ports."""
        return tuple((turned(a, rot), turned(b, rot), s) for (a, b), s in zip(self.pairs, self.symbols))

    def describe(self, rot: int = 0) -> str:
        paths = sorted((min(a, b), max(a, b), s) for a, b, s in self.paths(rot))
        turn = f" turned {rot}" if rot else ""
        return f"tile {self.id}{turn}: " + ", ".join(f"{PORTS[a]}-{PORTS[b]} {SYMBOL_NAMES[s]}" for a, b, s in paths)


@dataclass(frozen=True)
class Card:
    """A Garden Master card kind: ``copies`` in the deck, ``worth`` toward victory in hand, and
    ``when`` it is played: on your turn (``turn``), in answer to something (``react``), or never."""

    kind: str
    title: str
    copies: int
    worth: int
    when: str
    text: str
    source: str = "rulebook"


@dataclass(frozen=True)
class Components:
    tiles: tuple[Tile, ...]
    cards: tuple[Card, ...]
    supply: int = 80
    hand: int = 3
    traps: int = 3
    rocks: int = 4
    note: str = ""
    extra: dict = field(default_factory=dict)  # the board and source entries, kept for the round trip

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Components) and self.to_dict() == other.to_dict())

    @cached_property
    def _by_id(self) -> dict:
        return {t.id: t for t in self.tiles}

    @cached_property
    def _cards(self) -> dict:
        return {c.kind: c for c in self.cards}

    def tile(self, tile_id: int) -> Tile:
        return self._by_id[tile_id]

    def has_tile(self, tile_id) -> bool:
        return isinstance(tile_id, int) and not isinstance(tile_id, bool) and tile_id in self._by_id

    @cached_property
    def tile_ids(self) -> tuple[int, ...]:
        return tuple(sorted(self._by_id))

    def card(self, kind: str) -> Card:
        return self._cards[kind]

    def has_card(self, kind) -> bool:
        return isinstance(kind, str) and kind in self._cards

    def deck(self) -> tuple[str, ...]:
        """Every card of the Garden Master deck, in kind order."""
        return tuple(c.kind for c in self.cards for _ in range(c.copies))

    def to_dict(self) -> dict:
        d = {"note": self.note, **self.extra,
             "supply": {"shiitake": self.supply, "source": "rulebook"},
             "hand": {"tiles": self.hand, "source": "rulebook"},
             "tokens": {"traps": self.traps, "rocks": self.rocks, "source": "rulebook"},
             "cards": [{"kind": c.kind, "title": c.title, "copies": c.copies, "worth": c.worth, "when": c.when,
                        "text": c.text, "source": c.source} for c in self.cards],
             "tiles": [{"id": t.id, "paths": [[PORTS[a], PORTS[b], s] for (a, b), s in zip(t.pairs, t.symbols)],
                        "source": t.source} for t in self.tiles]}
        return d


def _int(v, what: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        shown = repr(v) if len(repr(v)) <= 30 else repr(v)[:29] + "…"
        raise MalformedInputError(f"{what} must be a whole number from {lo} to {hi}, not {shown}")
    return v


def _source(entry: dict, what: str) -> str:
    source = entry.get("source", "reconstructed")
    if source not in SOURCES:
        raise MalformedInputError(f"{what}: source must be one of {', '.join(SOURCES)}, not {str(source)[:30]!r}")
    return source


def _tile(entry, k: int) -> Tile:
    if not isinstance(entry, dict):
        raise MalformedInputError(f"tile {k + 1} must be an object with an id and its paths")
    tid = _int(entry.get("id"), f"tile {k + 1}'s id", 1, 999)
    paths = entry.get("paths")
    if not isinstance(paths, list) or len(paths) != 4:
        raise MalformedInputError(f"tile {tid} must list 4 paths, each [end, end, symbol]")
    pairs, symbols, ends = [], [], []
    for p in paths:
        if not (isinstance(p, list) and len(p) == 3 and all(isinstance(x, str) for x in p)):
            raise MalformedInputError(f"tile {tid}: a path is [end, end, symbol], e.g. [\"A\", \"F\", \"shiitake\"]")
        a, b, s = p
        if a not in PORTS or b not in PORTS or len(a) != 1 or len(b) != 1:
            raise MalformedInputError(f"tile {tid}: path ends are letters A-H, not {a[:5]!r}, {b[:5]!r}")
        if s not in SYMBOLS:
            raise MalformedInputError(f"tile {tid}: a symbol is one of {', '.join(SYMBOLS)}, not {s[:20]!r}")
        pairs.append((PORTS.index(a), PORTS.index(b)))
        symbols.append(s)
        ends += [a, b]
    if sorted(ends) != list(PORTS):
        raise MalformedInputError(f"tile {tid}: its 4 paths must use each end A-H exactly once")
    return Tile(tid, tuple(pairs), tuple(symbols), _source(entry, f"tile {tid}"))


def _card(entry, k: int) -> Card:
    if not isinstance(entry, dict):
        raise MalformedInputError(f"card {k + 1} must be an object")
    kind = entry.get("kind")
    if kind not in CARD_KINDS:
        raise MalformedInputError(f"card {k + 1}: kind must be one of {', '.join(CARD_KINDS)}, not {str(kind)[:30]!r}")
    when = entry.get("when", "turn")
    if when not in WHEN:
        raise MalformedInputError(f"card {kind}: when must be one of {', '.join(WHEN)}")
    title, text = entry.get("title", kind), entry.get("text", "")
    if not isinstance(title, str) or not isinstance(text, str) or len(title) > 100 or len(text) > 500:
        raise MalformedInputError(f"card {kind}: title and text are short texts")
    return Card(kind, title, _int(entry.get("copies", 3), f"card {kind}'s copies", 0, MAX_COPIES),
                _int(entry.get("worth", 1), f"card {kind}'s worth", 0, 10), when, text, _source(entry, f"card {kind}"))


def parse_components(data) -> Components:
    """Components from the JSON data of a component file, every field checked."""
    if not isinstance(data, dict):
        raise MalformedInputError("a Tanuki in the Garden component file holds a JSON object")
    raw_tiles = data.get("tiles")
    if not isinstance(raw_tiles, list) or not 30 <= len(raw_tiles) <= MAX_TILES:
        n = len(raw_tiles) if isinstance(raw_tiles, list) else "no list of"
        raise MalformedInputError(f"'tiles' lists 30 to {MAX_TILES} path tiles (the rulebook's set has 64), not {n}")
    tiles = tuple(_tile(t, k) for k, t in enumerate(raw_tiles))
    ids = [t.id for t in tiles]
    if len(set(ids)) != len(ids):
        raise MalformedInputError("each tile has its own id")
    if "cards" in data:
        raw_cards = data["cards"]
        if not isinstance(raw_cards, list) or len(raw_cards) > len(CARD_KINDS):
            raise MalformedInputError(f"'cards' lists at most the {len(CARD_KINDS)} Garden Master card kinds, once each")
        cards = tuple(_card(c, k) for k, c in enumerate(raw_cards))
        if len({c.kind for c in cards}) != len(cards):
            raise MalformedInputError("each card kind is listed once")
    else:
        cards = default_components().cards
    try:
        supply = _int(data.get("supply", {}).get("shiitake", 80), "the Shiitake supply", 20, MAX_SUPPLY)
        hand = _int(data.get("hand", {}).get("tiles", 3), "the tiles in a hand", 1, 5)
        tokens = data.get("tokens", {})
        traps = _int(tokens.get("traps", 3), "trap tokens", 0, MAX_COPIES * 3)
        rocks = _int(tokens.get("rocks", 4), "rock-garden tokens", 0, 20)
    except AttributeError:
        raise MalformedInputError("supply, hand and tokens are objects, as in the shipped file") from None
    note = data.get("note", "")
    if not isinstance(note, str) or len(note) > 5000:
        raise MalformedInputError("the note is a text")
    extra = {"board": data["board"]} if isinstance(data.get("board"), dict) and len(str(data["board"])) < 2000 else {}
    return Components(tiles, cards, supply, hand, traps, rocks, note, extra)


@cache
def default_components() -> Components:
    return load_components(Path(__file__).with_name("components.json"))


def load_components(path) -> Components:
    return parse_components(read_json(path, "component file"))


__all__ = ["CARD_KINDS", "Card", "Components", "SYMBOLS", "SYMBOL_NAMES", "Tile", "default_components",
           "load_components", "parse_components"]
