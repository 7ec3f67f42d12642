"""A player's house: the cards placed so far and the squares they show.

Pure geometry and scoring, shared by ``apply`` and ``explain`` (one copy of the rules).
Coordinates: x to the right, y down; the starting card's top-left square is (0, 0).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Run
from .components import Card

_DIRS = ((1, 0), (0, 1))
FOOTPRINT = tuple((dx, dy) for dy in range(3) for dx in range(2))  # a card: 2 wide, 3 tall
RUN_POINTS = {3: 1, 4: 2, 5: 4}
BONUS_POINTS = {2: 2, 3: 4, 4: 6}


@dataclass(frozen=True)
class Placed:
    """A card in a house: its id, top-left square, whether it is turned, and the round."""

    card: int
    x: int
    y: int
    turned: bool = False
    round: int = 0

    def to_dict(self) -> dict:
        return {"card": self.card, "x": self.x, "y": self.y, "turned": self.turned, "round": self.round}


@dataclass(frozen=True, eq=False)
class House:
    placed: tuple[Placed, ...] = ()
    _grid: dict = field(default_factory=dict, repr=False, compare=False)

    def __eq__(self, other):
        return isinstance(other, House) and self.placed == other.placed

    def __hash__(self):
        return hash(self.placed)

    @classmethod
    def build(cls, placed, deck) -> "House":
        grid = {}
        for p in placed:
            for dx, dy, t in deck[p.card].squares(p.turned):
                grid[(p.x + dx, p.y + dy)] = t
        return cls(tuple(placed), grid)

    @property
    def grid(self) -> dict:
        """``(x, y) -> type`` of the visible (topmost) squares."""
        return self._grid

    def add(self, p: Placed, card: Card) -> "House":
        grid = dict(self._grid)
        for dx, dy, t in card.squares(p.turned):
            grid[(p.x + dx, p.y + dy)] = t
        return House(self.placed + (p,), grid)

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        xs = [x for x, _ in self._grid]
        ys = [y for _, y in self._grid]
        return min(xs), min(ys), max(xs), max(ys)

    def runs(self) -> tuple[Run, ...]:
        """Every maximal straight line of 3+ squares of one type (worked out once per house)."""
        cached = self.__dict__.get("_runs")
        if cached is None:
            cached = _runs(self._grid)
            object.__setattr__(self, "_runs", cached)
        return cached

    @property
    def spots(self) -> frozenset:
        """Top-left squares where a card may go: its 2x3 footprint overlaps the house or shares an
        edge with it, and covers no protected square. It depends on the footprint only, not on the
        card's squares, so it is worked out once per house and serves every card both ways up."""
        cached = self.__dict__.get("_spots")
        if cached is None:
            near = set(self._grid)
            for x, y in self._grid:
                near.update(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
            tops = {(x - dx, y - dy) for x, y in near for dx, dy in FOOTPRINT}
            protected = self.protected
            cached = frozenset(
                (x, y) for x, y in tops if not any((x + dx, y + dy) in protected for dx, dy in FOOTPRINT)
            )
            object.__setattr__(self, "_spots", cached)
        return cached

    @property
    def protected(self) -> frozenset:
        """Squares in a line of 3+ of one type: no new card may cover them."""
        cached = self.__dict__.get("_protected")
        if cached is None:
            cached = frozenset(c for r in self.runs() for c in r.cells)
            object.__setattr__(self, "_protected", cached)
        return cached


def _runs(grid: dict) -> tuple[Run, ...]:
    found = []
    for (x, y), t in grid.items():
        for dx, dy in _DIRS:
            if grid.get((x - dx, y - dy)) == t:
                continue  # not the start of a line
            n = 1
            while grid.get((x + dx * n, y + dy * n)) == t:
                n += 1
            if n >= 3:
                found.append(Run(t, x, y, x + dx * (n - 1), y + dy * (n - 1)))
    return tuple(sorted(found))


def card_cells(card: Card, x: int, y: int, turned: bool) -> tuple[tuple[int, int, str], ...]:
    return tuple((x + dx, y + dy, t) for dx, dy, t in card.squares(turned))


def touch(grid: dict, cells) -> tuple[bool, bool]:
    """(overlaps an earlier square, shares an edge with one)."""
    overlap = any((x, y) in grid for x, y, _ in cells)
    if overlap:
        return True, True
    own = {(x, y) for x, y, _ in cells}
    for x, y, _ in cells:
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in own and n in grid:
                return False, True
    return False, False


def new_runs(grid: dict, cells) -> tuple[Run, ...]:
    """Lines of 3+ through the new card's squares after it is laid on ``grid``."""
    after = dict(grid)
    after.update(((x, y), t) for x, y, t in cells)
    at = after.get
    found = set()
    for x, y, t in cells:
        for dx, dy in _DIRS:
            x0, y0 = x, y
            while at((x0 - dx, y0 - dy)) == t:
                x0, y0 = x0 - dx, y0 - dy
            x1, y1 = x, y
            while at((x1 + dx, y1 + dy)) == t:
                x1, y1 = x1 + dx, y1 + dy
            if x1 - x0 >= 2 or y1 - y0 >= 2:
                found.add(Run(t, x0, y0, x1, y1))
    return tuple(sorted(found))
