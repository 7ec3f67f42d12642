"""A player's house: the cards placed so far and the squares they show.

Pure geometry and scoring, shared by ``apply`` and ``explain`` (one copy of the rules).
Coordinates: x to the right, y down; the starting card's top-left square is (0, 0).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...core import Refusal
from .actions import Run
from .components import Card

_DIRS = ((1, 0), (0, 1))
FOOTPRINT = tuple((dx, dy) for dy in range(3) for dx in range(2))  # a card: 2 wide, 3 tall
RUN_POINTS = {3: 1, 4: 2, 5: 4}
_TOUCH = "a new card must cover a square of the house or share an edge with one"
_CORNER = Refusal(f"it touches the house only at a corner: {_TOUCH}", "samurai_gardener.place.touch")
_APART = Refusal(f"it does not touch the house: {_TOUCH}", "samurai_gardener.place.touch")
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

    def refusal(self, x: int, y: int) -> Refusal | None:
        """None where a card may go with its top-left square at ``(x, y)``, else the :class:`Refusal`:
        it does not touch the house, touches it only at a corner, or would cover a protected square.

        The one place that decides where a card may go (``legal_actions``, ``placements``,
        ``why_illegal`` and the board's refused spots all read it, through :attr:`spots` and
        :attr:`verdicts`). It depends on the 2x3 footprint only, not on the card's squares, so one
        answer serves every card both ways up.

        >>> from gardenkit.games.samurai_gardener import default_deck
        >>> h = House.build((Placed(1, 0, 0),), default_deck())
        >>> h.refusal(2, 0) is None, h.refusal(2, 3).text
        (True, 'it touches the house only at a corner: a new card must cover a square of the house or share an edge with one')
        >>> h.refusal(5, 5).text.startswith("it does not touch the house")
        True
        """
        spots, covers = self._zones()
        top = (x, y)
        if top in spots:
            return None
        if top in covers:
            return self._protect_refusal(top)
        return _CORNER if top in self._corner_only() else _APART

    @property
    def spots(self) -> frozenset:
        """Top-left squares where a card may go (where :meth:`refusal` has nothing to say)."""
        return self._zones()[0]

    @property
    def verdicts(self) -> dict:
        """``(x, y) -> None or Refusal`` for every top-left square whose card would meet the house or
        a square around it (corners included): the legal spots (None) and the refused ones next to
        the house (what a board draws). Anywhere else a card does not touch the house."""
        cached = self.__dict__.get("_verdicts")
        if cached is None:
            spots, covers = self._zones()
            cached = dict.fromkeys(spots)
            cached.update((top, self.refusal(*top)) for top in covers | self._corner_only())
            object.__setattr__(self, "_verdicts", cached)
        return cached

    def _zones(self) -> tuple[frozenset, frozenset]:
        """(legal tops, tops that would cover a protected square), worked out once per house."""
        cached = self.__dict__.get("_zone_sets")
        if cached is None:
            edge = set(self._grid)
            for x, y in self._grid:
                edge.update(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
            # tops whose footprint overlaps the house or shares an edge with it
            reach = {(x - dx, y - dy) for x, y in edge for dx, dy in FOOTPRINT}
            # tops whose footprint covers a protected square (all of them overlap the house)
            covers = frozenset((x - dx, y - dy) for x, y in self.protected for dx, dy in FOOTPRINT)
            cached = (frozenset(reach - covers), covers)
            object.__setattr__(self, "_zone_sets", cached)
        return cached

    def _corner_only(self) -> frozenset:
        """Tops whose footprint meets the house only corner to corner."""
        cached = self.__dict__.get("_corner")
        if cached is None:
            spots, covers = self._zones()
            corner = {top for x, y in self._grid
                      for top in ((x + 1, y + 1), (x - 2, y + 1), (x + 1, y - 3), (x - 2, y - 3))}
            cached = frozenset(corner - spots - covers)
            object.__setattr__(self, "_corner", cached)
        return cached

    def _protect_refusal(self, top) -> Refusal:
        """The refusal of a top whose footprint covers a protected square (the first, row by row)."""
        run_of = self.__dict__.get("_run_of")
        if run_of is None:
            run_of = {}
            for r in self.runs():
                for c in r.cells:
                    run_of.setdefault(c, r)
            object.__setattr__(self, "_run_of", run_of)
        x, y = top
        c = next(c for c in ((x + dx, y + dy) for dx, dy in FOOTPRINT) if c in run_of)
        return Refusal(f"it would cover square ({c[0]},{c[1]}) of the {run_of[c].describe()}: "
                       "lines of 3 or more are protected", "samurai_gardener.place.protect")

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


def new_runs(grid: dict, cells) -> tuple[Run, ...]:
    """Lines of 3+ through the new card's squares after it is laid on ``grid``.

    The hot path of a search bot's greedy playouts (every legal placement is scored with it): each
    row and column is walked once per line, not once per square of the card on it (a square whose
    left or upper neighbour on the card has its type lies on the line that neighbour walks)."""
    after = dict(grid)
    card = {}
    for x, y, t in cells:
        after[(x, y)] = card[(x, y)] = t
    at, on_card = after.get, card.get
    found = set()
    for x, y, t in cells:
        if on_card((x - 1, y)) != t:  # the row through (x, y)
            x0 = x - 1
            while at((x0, y)) == t:
                x0 -= 1
            x1 = x + 1
            while at((x1, y)) == t:
                x1 += 1
            if x1 - x0 > 3:
                found.add(Run(t, x0 + 1, y, x1 - 1, y))
        if on_card((x, y - 1)) != t:  # the column through (x, y)
            y0 = y - 1
            while at((x, y0)) == t:
                y0 -= 1
            y1 = y + 1
            while at((x, y1)) == t:
                y1 += 1
            if y1 - y0 > 3:
                found.add(Run(t, x, y0 + 1, x, y1 - 1))
    return tuple(sorted(found))
