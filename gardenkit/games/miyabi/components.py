"""Miyabi's components: the six rows, 96 garden tiles, 16 Zen tiles, bonuses and round table.

The shipped set is in ``components.json`` (made by ``_make_components.py``); every entry says
where it comes from (``rulebook``, ``published`` or ``reconstructed``). A user can load their
own file in the same format; it is checked against the rulebook's totals.

>>> c = default_components()
>>> len(c.tiles), len(c.zen), c.kinds
(96, 16, ('maple', 'pagoda', 'fish', 'azalea', 'boxwood', 'stone'))
>>> t = c.tile(1)
>>> t.shape, t.kind, t.objects, t.footprint(0)
('single', 'maple', 1, ((0, 0),))
>>> c.tile(70).footprint(90)   # a straight triple with its object in the middle, turned upright
((0, 0), (0, -1), (0, 1))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...core import MalformedInputError
from ...core.checks import read_json, whole

SHAPES = ("single", "double", "corner", "straight")
ROTATIONS = (0, 90, 180, 270)
SOURCES = ("rulebook", "published", "reconstructed")
SIZE = 6


def rotate(cells, rot: int) -> tuple[tuple[int, int], ...]:
    """Cells turned clockwise (on screen, y pointing down) by ``rot`` degrees about the object square."""
    return _rotate(tuple(cells), rot)


@cache
def _rotate(cells, rot: int) -> tuple[tuple[int, int], ...]:
    out = []
    for x, y in cells:
        for _ in range(rot // 90):
            x, y = -y, x
        out.append((x, y))
    return tuple(out)


@dataclass(frozen=True)
class Tile:
    """A garden tile: ``cells`` relative to its object square (listed first), which shows ``objects`` of ``kind``."""

    id: int
    shape: str
    kind: str
    objects: int
    cells: tuple[tuple[int, int], ...]
    source: str = "reconstructed"

    def footprint(self, rot: int) -> tuple[tuple[int, int], ...]:
        return rotate(self.cells, rot)

    @property
    def rotations(self) -> tuple[int, ...]:
        """The turns that give different footprints (a single has one; a middle-object straight two)."""
        return _turns(self.cells)[0]

    def canonical(self, rot: int) -> int:
        """The listed turn with the same footprint as ``rot``."""
        return _turns(self.cells)[1][rot]

    def describe(self) -> str:
        what = {"single": "single", "double": "double", "corner": "corner triple", "straight": "straight triple"}[self.shape]
        return f"tile {self.id} ({what}, {self.objects} {self.kind})"


@cache
def _turns(cells) -> tuple[tuple[int, ...], dict]:
    """(the distinct turns, turn -> its listed equal) of a tile's cells, worked out once per shape."""
    seen, distinct, canon = {}, [], {}
    for rot in ROTATIONS:
        key = frozenset(_rotate(cells, rot))
        if key not in seen:
            seen[key] = rot
            distinct.append(rot)
        canon[rot] = seen[key]
    return tuple(distinct), canon


@dataclass(frozen=True)
class ZenTile:
    id: int
    kind: str
    source: str = "reconstructed"

    def describe(self) -> str:
        return f"Zen tile Z{self.id} ({self.kind})"


@dataclass(frozen=True)
class Components:
    kinds: tuple[str, ...]  # the rows, top to bottom
    letters: tuple[str, ...]
    row_values: tuple[tuple[int, int], ...]  # (most, second most) per row
    bonus: tuple[int, ...]  # fifth-layer bonus per kind
    rounds: dict  # players -> building rounds
    round_tiles: dict  # shape -> (2p, 3p, 4p) counts
    tiles: tuple[Tile, ...]
    zen: tuple[ZenTile, ...]
    note: str = ""
    sources: dict = field(default_factory=dict)
    _by_id: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        self._by_id.update({t.id: t for t in self.tiles})
        self._by_id.update({("Z", z.id): z for z in self.zen})

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Components) and self.to_dict() == other.to_dict())

    def tile(self, tile_id: int) -> Tile:
        return self._by_id[tile_id]

    def zen_tile(self, zen_id: int) -> ZenTile:
        return self._by_id[("Z", zen_id)]

    def has_tile(self, tile_id: int) -> bool:
        """Whether the set holds garden tile ``tile_id``."""
        return tile_id in self._by_id

    def has_zen(self, zen_id: int) -> bool:
        """Whether the set holds Zen tile ``zen_id``."""
        return ("Z", zen_id) in self._by_id

    def row_of(self, kind: str) -> int:
        return self.kinds.index(kind)

    def tiles_per_round(self, players: int) -> dict:
        return {shape: self.round_tiles[shape][players - 2] for shape in SHAPES}

    def to_dict(self) -> dict:
        return {
            "note": self.note,
            "rows": [{"kind": k, "letter": letter, "first": a, "second": b, **self.sources.get(("row", k), {})}
                     for k, letter, (a, b) in zip(self.kinds, self.letters, self.row_values)],
            "bonus": [{"kind": k, "points": p, **self.sources.get(("bonus", k), {})} for k, p in zip(self.kinds, self.bonus)],
            "rounds": {**{str(p): n for p, n in self.rounds.items()}, "source": "rulebook"},
            "round_tiles": {**{s: list(v) for s, v in self.round_tiles.items()}, "source": "rulebook"},
            "tiles": [{"id": t.id, "shape": t.shape, "kind": t.kind, "objects": t.objects,
                       "cells": [list(c) for c in t.cells], "source": t.source} for t in self.tiles],
            "zen": [{"id": z.id, "kind": z.kind, "source": z.source} for z in self.zen],
        }


#: the most tiles a component file may hold (the shipped set has 96 garden and 16 Zen tiles); notation
#: writes a garden tile's id in up to 4 digits and a Zen tile's in up to 3
MAX_TILES, MAX_ZEN, MAX_TILE_ID, MAX_ZEN_ID = 1000, 100, 9999, 999
#: the most building rounds, tiles of a shape per round, and points of a row value or bonus
MAX_ROUNDS, MAX_ROUND_TILES, MAX_POINTS = 20, 36, 1000


def _int(v, what, lo=None, hi=None) -> int:
    return whole(v, what, lo, hi)


def _list(v, what, most) -> list:
    if not isinstance(v, list):
        raise MalformedInputError(f"{what} must be a list, not {type(v).__name__}")
    if len(v) > most:
        raise MalformedInputError(f"{what} holds {len(v)} entries; at most {most}")
    return v


def _text(v, what, most=40) -> str:
    if not isinstance(v, str) or not v or len(v) > most:
        raise MalformedInputError(f"{what} must be a text of 1 to {most} characters")
    return v


def parse_components(data) -> Components:
    """Read and check a component set (a dict in the format of ``components.json``): sizes first,
    then every entry, then the totals the round table needs.

    >>> d = default_components().to_dict()
    >>> d["tiles"] = d["tiles"] * 200
    >>> parse_components(d)
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: the component file's 'tiles' holds 19200 entries; at most 1000
    >>> d = default_components().to_dict()
    >>> d["bonus"][0]["points"] = -3
    >>> parse_components(d)
    Traceback (most recent call last):
    ...
    gardenkit.core.errors.MalformedInputError: the maple bonus must be between 0 and 1000, not -3
    """
    if not isinstance(data, dict):
        raise MalformedInputError("a Miyabi component file holds a JSON object")
    try:
        rows = _list(data["rows"], "the component file's 'rows'", 6)
        if len(rows) != 6:
            raise MalformedInputError("'rows' must list the 6 rows, top to bottom")
        kinds = tuple(_text(r["kind"], "a row's kind") for r in rows)
        if len(set(kinds)) != 6:
            raise MalformedInputError("the 6 rows must hold 6 different kinds of object")
        letters = tuple(_text(r.get("letter", r["kind"][:1].upper()), "a row's letter", 3) for r in rows)
        row_values = tuple((_int(r["first"], f"the {k} row's first value", 0, MAX_POINTS),
                            _int(r["second"], f"the {k} row's second value", 0, MAX_POINTS)) for k, r in zip(kinds, rows))
        sources = {("row", r["kind"]): {k: _text(r[k], f"a row's {k}", 200) for k in ("source", "values_source") if k in r}
                   for r in rows}
        bonus = _list(data["bonus"], "the component file's 'bonus'", 6)
        for b in bonus:
            _text(b["kind"], "a bonus's kind")
        bonus_by = {b["kind"]: _int(b["points"], f"the {b['kind']} bonus", 0, MAX_POINTS) for b in bonus}
        if set(bonus_by) != set(kinds) or len(bonus) != 6:
            raise MalformedInputError("'bonus' must give one fifth-layer bonus per kind")
        sources.update({("bonus", b["kind"]): {"source": _text(b["source"], "a bonus's source", 200)}
                        for b in bonus if "source" in b})
        rounds = {p: _int(data["rounds"][str(p)], f"the rounds of a {p}-player game", 1, MAX_ROUNDS) for p in (2, 3, 4)}
        round_tiles = {s: tuple(_int(v, f"a round-table count of {s} tiles", 0, MAX_ROUND_TILES)
                                for v in _list(data["round_tiles"][s], f"'round_tiles' of {s}", 3)) for s in SHAPES}
        if any(len(v) != 3 for v in round_tiles.values()):
            raise MalformedInputError("'round_tiles' gives 3 counts per shape (2, 3 and 4 players)")
        for i, p in enumerate((2, 3, 4)):
            if not sum(v[i] for v in round_tiles.values()):
                raise MalformedInputError(f"'round_tiles' lays out no tile at all in a round of {p} players")
        tiles, seen = [], set()
        for t in _list(data["tiles"], "the component file's 'tiles'", MAX_TILES):
            tid = _int(t["id"], "a tile id", 1, MAX_TILE_ID)
            if tid in seen:
                raise MalformedInputError(f"tile id {tid} is repeated")
            seen.add(tid)
            if t["shape"] not in SHAPES:
                raise MalformedInputError(f"tile {tid}: shape must be one of {', '.join(SHAPES)}")
            if t["kind"] not in kinds:
                raise MalformedInputError(f"tile {tid}: unknown kind {str(t['kind'])[:40]!r}")
            size = {"single": 1, "double": 2, "corner": 3, "straight": 3}[t["shape"]]
            cells = tuple((_int(c[0], "a cell", -2, 2), _int(c[1], "a cell", -2, 2))
                          for c in _list(t["cells"], f"tile {tid}'s cells", size))
            if len(cells) != size or len(set(cells)) != size or cells[0] != (0, 0):
                raise MalformedInputError(f"tile {tid}: a {t['shape']} has {size} different cells, the object square (0, 0) first")
            if not _shape_ok(t["shape"], cells):
                raise MalformedInputError(f"tile {tid}: its cells do not make a {t['shape']}")
            objects = _int(t["objects"], "a tile's objects")
            if not 1 <= objects <= 9:
                raise MalformedInputError(f"tile {tid}: objects must be 1 to 9")
            source = _text(t.get("source", "reconstructed"), f"tile {tid}'s source", 200)
            tiles.append(Tile(tid, t["shape"], t["kind"], objects, cells, source))
        for p in (2, 3, 4):
            for s in SHAPES:
                have = sum(1 for t in tiles if t.shape == s)
                need = rounds[p] * round_tiles[s][p - 2]
                if have < need:
                    raise MalformedInputError(f"{p} players need {need} {s} tiles over {rounds[p]} rounds; the file has {have}")
        zen, zseen = [], set()
        for z in _list(data.get("zen", []), "the component file's 'zen'", MAX_ZEN):
            zid = _int(z["id"], "a Zen tile id", 1, MAX_ZEN_ID)
            if zid in zseen or z["kind"] not in kinds:
                raise MalformedInputError(f"Zen tile {zid}: repeated id, or unknown kind")
            zseen.add(zid)
            zen.append(ZenTile(zid, z["kind"], _text(z.get("source", "reconstructed"), f"Z{zid}'s source", 200)))
        note = data.get("note", "")
        if not isinstance(note, str) or len(note) > 5000:
            raise MalformedInputError("the component file's note must be a text of at most 5000 characters")
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        detail = f"it lacks {e}" if isinstance(e, KeyError) else str(e)
        raise MalformedInputError(f"not a valid Miyabi component file: {detail[:200]}") from None
    return Components(kinds, letters, row_values, tuple(bonus_by[k] for k in kinds), rounds, round_tiles,
                      tuple(tiles), tuple(zen), note, sources)


def _shape_ok(shape: str, cells) -> bool:
    xs = sorted({x for x, _ in cells})
    ys = sorted({y for _, y in cells})
    connected = len(cells) == 1 or all(any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for b in cells) for a in cells)
    if not connected:
        return False
    if shape == "straight":
        return len(xs) == 1 or len(ys) == 1
    if shape == "corner":
        return len(xs) == 2 and len(ys) == 2
    return True


@cache
def default_components() -> Components:
    return load_components(Path(__file__).with_name("components.json"))


def load_components(path) -> Components:
    return parse_components(read_json(path, "component file"))
