"""One player's garden: a 6x6 board with tiles stacked in layers. An immutable value.

A garden is the list of pieces placed on it, in order; heights, the visible faces and the
groups are worked out from that once and cached.

>>> g = Garden().add(Piece(tile=5, cells=((0, 1),), obj=(0, 1), kind="pagoda", objects=1, layer=1))
>>> g.height(0, 1), g.visible(0, 1), g.visible(1, 1)
(1, ('pagoda', 1), None)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...core.types import Refusal

SIZE = 6
CELLS = tuple((x, y) for y in range(SIZE) for x in range(SIZE))


@dataclass(frozen=True)
class Piece:
    """A placed tile: its squares, its object square and what that shows, and its layer.

    A Zen tile is a piece of one square with ``zen`` set (its id in ``tile``)."""

    tile: int
    cells: tuple[tuple[int, int], ...]
    obj: tuple[int, int]
    kind: str
    objects: int
    layer: int
    rot: int = 0
    zen: bool = False

    def to_list(self) -> list:
        x, y = self.obj
        return [f"Z{self.tile}", x, y] if self.zen else [self.tile, x, y, self.rot]


@dataclass(frozen=True)
class Garden:
    pieces: tuple[Piece, ...] = ()
    _cache: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def add(self, piece: Piece) -> "Garden":
        return Garden(self.pieces + (piece,))

    # ----- the grid, worked out once ---------------------------------------------------
    def _grid(self):
        g = self._cache.get("grid")
        if g is None:
            heights = [0] * (SIZE * SIZE)
            top = [-1] * (SIZE * SIZE)
            for i, p in enumerate(self.pieces):
                for x, y in p.cells:
                    heights[y * SIZE + x] = p.layer
                    top[y * SIZE + x] = i
            g = self._cache["grid"] = (tuple(heights), tuple(top))
        return g

    @property
    def heights(self) -> tuple[int, ...]:
        return self._grid()[0]

    def height(self, x: int, y: int) -> int:
        """How many tiles lie on this square (0: the bare board)."""
        return self._grid()[0][y * SIZE + x]

    def top(self, x: int, y: int) -> Piece | None:
        i = self._grid()[1][y * SIZE + x]
        return None if i < 0 else self.pieces[i]

    def visible(self, x: int, y: int) -> tuple[str, int] | None:
        """(kind, count) of the objects seen on this square, or None (bare board or empty green)."""
        p = self.top(x, y)
        if p is None or p.obj != (x, y):
            return None
        return p.kind, p.objects

    def objects_at(self, x: int, y: int) -> int:
        v = self.visible(x, y)
        return v[1] if v else 0

    def is_green(self, x: int, y: int) -> bool:
        """An empty green square on top (a tile's square without objects)."""
        p = self.top(x, y)
        return p is not None and p.obj != (x, y)

    def is_zen(self, x: int, y: int) -> bool:
        p = self.top(x, y)
        return p is not None and p.zen

    @property
    def zen_pieces(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.zen)

    def surrounded(self, x: int, y: int) -> bool:
        """Every side of the square touches a placed tile or the edge of the board."""
        return all(not (0 <= nx < SIZE and 0 <= ny < SIZE) or self.height(nx, ny) > 0
                   for nx, ny in neighbours(x, y, inside=False))

    def adjacent_objects(self, x: int, y: int) -> tuple[tuple[tuple[int, int], int], ...]:
        """((square, objects), ...) for the neighbours of (x, y) that show objects."""
        return tuple(((nx, ny), self.objects_at(nx, ny)) for nx, ny in neighbours(x, y) if self.objects_at(nx, ny))

    # ----- counts and groups (final scoring) ---------------------------------------------
    def row_objects(self, y: int) -> int:
        return sum(self.objects_at(x, y) for x in range(SIZE))

    def column_objects(self, x: int) -> int:
        return sum(self.objects_at(x, y) for y in range(SIZE))

    def groups(self, test) -> list[tuple[tuple[int, int], ...]]:
        """Connected groups (edge to edge, any layers) of squares passing ``test(x, y)``, biggest first."""
        seen, out = set(), []
        for start in CELLS:
            if start in seen or not test(*start):
                continue
            stack, group = [start], []
            seen.add(start)
            while stack:
                c = stack.pop()
                group.append(c)
                for n in neighbours(*c):
                    if n not in seen and test(*n):
                        seen.add(n)
                        stack.append(n)
            out.append(tuple(sorted(group, key=lambda c: (c[1], c[0]))))
        return out

    def object_groups(self):
        """Groups of object squares, the most objects first (ties: the first found)."""
        groups = self.groups(lambda x, y: self.objects_at(x, y) > 0)
        return sorted(groups, key=lambda g: -sum(self.objects_at(*c) for c in g))

    def green_groups(self):
        groups = self.groups(self.is_green)
        return sorted(groups, key=lambda g: -len(g))


def tile_layer(garden: Garden, footprint, x: int, y: int) -> int | None:
    """The layer a tile would lie on with its object square on (x, y), or None where it cannot
    lie (the reason: :func:`layer_of`). ``footprint``: its squares as offsets from the object
    square, turned. What the rules ask for every square a tile might go (no words made).

    >>> g = Garden().add(Piece(tile=5, cells=((0, 1),), obj=(0, 1), kind="pagoda", objects=1, layer=1))
    >>> tile_layer(g, ((0, 0),), 0, 1), tile_layer(g, ((0, 0), (1, 0)), 0, 1)
    (2, None)
    """
    layer, _ = _fit(garden, footprint, x, y)
    return layer


def layer_of(garden: Garden, footprint, x: int, y: int) -> tuple[int | None, Refusal | None]:
    """Where a tile would lie with its object square on (x, y): ``(layer, None)``, or ``(None,
    refusal)`` when it cannot lie there (off the board, over a Zen tile, on squares of different
    heights), decided as :func:`tile_layer` decides.

    >>> g = Garden().add(Piece(tile=5, cells=((0, 1),), obj=(0, 1), kind="pagoda", objects=1, layer=1))
    >>> layer_of(g, ((0, 0),), 0, 1)
    (2, None)
    >>> layer_of(g, ((0, 0), (1, 0)), 0, 1)[1]
    Refusal('its squares would lie on different heights (0, 1); a tile lies flat, wholly on the board or wholly on tiles of one height', 'miyabi.place.layer')
    """
    layer, why = _fit(garden, footprint, x, y)
    if why is None:
        return layer, None
    if why == "grid":
        return None, Refusal("it would stick out of the 6x6 garden", "miyabi.place.grid")
    if why == "zen":
        return None, Refusal("it would cover a Zen tile, which stays uncovered", "miyabi.zen.cover")
    hs = ", ".join(str(h) for h in why)
    return None, Refusal(f"its squares would lie on different heights ({hs}); a tile lies flat, wholly on the "
                         "board or wholly on tiles of one height", "miyabi.place.layer")


def _fit(garden: Garden, footprint, x: int, y: int):
    """``(layer, None)``, or ``(None, why)``: ``"grid"``, ``"zen"`` or the squares' different heights.
    Kept with the garden (a value), which legal moves, ``apply`` and a search bot's playouts ask
    about again and again."""
    fits = garden._cache.get("fits")
    if fits is None:
        fits = garden._cache["fits"] = {}
    key = (tuple(footprint), x, y)
    found = fits.get(key)
    if found is None:
        found = fits[key] = _fit_now(garden, key[0], x, y)
    return found


def _fit_now(garden: Garden, footprint, x: int, y: int):
    cells = [(x + dx, y + dy) for dx, dy in footprint]
    if any(not (0 <= cx < SIZE and 0 <= cy < SIZE) for cx, cy in cells):
        return None, "grid"
    if any(garden.is_zen(cx, cy) for cx, cy in cells):
        return None, "zen"
    heights = {garden.height(cx, cy) for cx, cy in cells}
    if len(heights) > 1:
        return None, tuple(sorted(heights))
    return heights.pop() + 1, None


def neighbours(x: int, y: int, inside: bool = True):
    for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
        if not inside or (0 <= nx < SIZE and 0 <= ny < SIZE):
            yield nx, ny
