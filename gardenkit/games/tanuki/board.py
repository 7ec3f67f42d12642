"""The garden board of Tanuki in the Garden: spaces, sides, path ends and how paths join.

The rulebook names two numbered axes (blue and gold, 1-6) and four numbered sides, but not
which is which; gardenkit's board (``reconstructed``, drawn this way by the renderer):

* the **blue** numbers run along the columns, 1 to 6 from left to right; the **gold** numbers
  along the rows, 1 to 6 from top to bottom. A space is named by both: ``b4g5`` is blue 4,
  gold 5 (column 4, row 5), the space a roll of blue 4 and gold 5 names;
* the **sides** are numbered clockwise from the top: 1 top, 2 right, 3 bottom, 4 left; a
  Tanuki whose die shows 3 walks down, toward side 3.

In code a space is ``(x, y)`` from 0: ``x = blue - 1``, ``y = gold - 1``.

**Path ends.** Each space has eight path ends ("ports"), two on each side, lettered clockwise
from the top-left: A B on the top, C D on the right, E F on the bottom, G H on the left. Two
neighbouring spaces share the ends on their common side: A of a space meets F of the space
above, B meets E, C meets H of the space to the right, D meets G. A tile turned by 90 degrees
clockwise carries its end A to C, B to D, and so on (two letters on).

**The board's edge.** The overview says that paths leading off the board "circle back around"
and nobody is eliminated. Two readings (``edge`` option):

* ``"wrap"`` (default): the board's opposite edges are joined, as on a torus. A path that
  leaves across the top comes back in at the bottom of the same column (A of the top row meets
  F of the bottom row), and a path leaving on the right comes back on the left of the same row.
* ``"turn"``: a path that reaches the edge turns back into the same space through the other
  end on that side (A to B, C to D, E to F, G to H), like a stroll path that loops round at the
  garden's wall.

A monk stands on a path end, facing the space it is about to enter: ``(x, y, port)`` (the
space in front and the end it enters by). A monk that has just taken a start place on the
edge and not moved yet stands on an **edge place** ``(x, y, side)``: the outer side of an
edge space, with its two ends; it picks one of them on its first move.

>>> space_name(3, 4), parse_space("b4g5")
('b4g5', (3, 4))
>>> across(0, 0, PORTS.index("A"), "wrap")   # off the top of b1g1: in at the bottom of b1g6
(0, 5, 5)
>>> across(0, 0, PORTS.index("A"), "turn")   # or back into b1g1 through B
(0, 0, 1)
>>> len(EDGE_PLACES), place_name(EDGE_PLACES[0])
(24, 'b1g1 side 1')
"""
from __future__ import annotations

import re
from functools import cache


from ...core import MalformedInputError

SIZE = 6
PORTS = "ABCDEFGH"
#: the port met across the shared side: A-F, B-E, C-H, D-G
OPPOSITE = (5, 4, 7, 6, 1, 0, 3, 2)
#: the board's sides 1-4 as steps (dx, dy): 1 top, 2 right, 3 bottom, 4 left
SIDE_STEP = {1: (0, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 0)}
SIDE_NAMES = {1: "side 1 (top)", 2: "side 2 (right)", 3: "side 3 (bottom)", 4: "side 4 (left)"}
EDGES = ("wrap", "turn")
TANUKI = ("blue", "gold")


def side_of(port: int) -> int:
    """The side (1-4) a port is on: A B top (1), C D right (2), E F bottom (3), G H left (4)."""
    return port // 2 + 1


def side_ports(side: int) -> tuple[int, int]:
    """The two ports on ``side`` (1-4), clockwise."""
    return (2 * (side - 1), 2 * (side - 1) + 1)


def turned(port: int, rot: int) -> int:
    """``port`` of a tile turned clockwise by ``rot`` degrees."""
    return (port + rot // 45) % 8


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def space_name(x: int, y: int) -> str:
    """``b4g5`` for (3, 4): blue 4, gold 5."""
    if on_board(x, y):
        return f"b{x + 1}g{y + 1}"
    return f"(x={x}, y={y})"


def parse_space(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"b([1-6])g([1-6])", text.strip().lower())
    if not m:
        raise MalformedInputError(f"{text[:20]!r} is not a space: write its blue and gold numbers, e.g. b4g5")
    return int(m.group(1)) - 1, int(m.group(2)) - 1


def index(x: int, y: int) -> int:
    return y * SIZE + x


def space_at(i: int) -> tuple[int, int]:
    return i % SIZE, i // SIZE


@cache
def across(x: int, y: int, port: int, edge: str) -> tuple[int, int, int]:
    """Leaving space (x, y) by ``port``: the space entered next and the port it is entered by."""
    dx, dy = SIDE_STEP[side_of(port)]
    nx, ny = x + dx, y + dy
    if on_board(nx, ny):
        return nx, ny, OPPOSITE[port]
    if edge == "turn":
        return x, y, port ^ 1
    return nx % SIZE, ny % SIZE, OPPOSITE[port]


@cache
def point(x: int, y: int, port: int, edge: str) -> tuple[int, int, int]:
    """One name for the path end on space (x, y)'s ``port``, the same seen from either side."""
    dx, dy = SIDE_STEP[side_of(port)]
    nx, ny = x + dx, y + dy
    if not on_board(nx, ny):
        if edge == "turn":
            return (x, y, port)
        nx, ny = nx % SIZE, ny % SIZE
    return min((x, y, port), (nx, ny, OPPOSITE[port]))


def behind(x: int, y: int, port: int, edge: str) -> tuple[int, int] | None:
    """The space a monk entering (x, y) by ``port`` comes from (None: from beyond the edge)."""
    dx, dy = SIDE_STEP[side_of(port)]
    nx, ny = x + dx, y + dy
    if on_board(nx, ny):
        return nx, ny
    if edge == "turn":
        return None
    return nx % SIZE, ny % SIZE


def _edge_places() -> tuple[tuple[int, int, int], ...]:
    out = []
    for side in (1, 2, 3, 4):
        for k in range(SIZE):
            x, y = {1: (k, 0), 2: (SIZE - 1, k), 3: (SIZE - 1 - k, SIZE - 1), 4: (0, SIZE - 1 - k)}[side]
            out.append((x, y, side))
    return tuple(out)


#: the 24 start places: the outer side of each edge space, clockwise from the top-left corner
EDGE_PLACES = _edge_places()


def is_edge_place(x: int, y: int, side: int) -> bool:
    if side not in SIDE_STEP or not on_board(x, y):
        return False
    dx, dy = SIDE_STEP[side]
    return not on_board(x + dx, y + dy)


def place_name(place) -> str:
    x, y, side = place
    return f"{space_name(x, y)} side {side}"


def neighbours8(x: int, y: int) -> tuple[tuple[int, int], ...]:
    """The spaces next to (x, y), diagonals included, on the board."""
    return tuple((x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                 if (dx or dy) and on_board(x + dx, y + dy))


def crossing(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two paths of one space, given by their end ports, cross (or are the same path).

    Ends lie clockwise round the square: two chords cross when exactly one end of one lies
    strictly between the ends of the other.

    >>> crossing((0, 4), (2, 6)), crossing((0, 1), (2, 3)), crossing((0, 5), (5, 0))
    (True, False, True)
    """
    if set(a) == set(b):
        return True
    lo, hi = sorted(a)
    inside = [lo < p < hi for p in b]
    return inside[0] != inside[1] and not set(a) & set(b)


def pairings() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way of joining 8 ports in 4 pairs, up to turning the tile: Tsuro's 35 tiles.

    >>> len(pairings())
    35
    """
    def matchings(ports):
        if not ports:
            yield ()
            return
        first, rest = ports[0], ports[1:]
        for i, other in enumerate(rest):
            for m in matchings(rest[:i] + rest[i + 1:]):
                yield ((first, other),) + m

    seen = {}
    for m in matchings(tuple(range(8))):
        forms = []
        for k in range(4):
            forms.append(tuple(sorted(tuple(sorted(((a + 2 * k) % 8, (b + 2 * k) % 8))) for a, b in m)))
        canon = min(forms)
        seen.setdefault(canon, len(set(forms)))
    return tuple(sorted(seen))


def symmetry(pairs) -> int:
    """How many different tiles turning ``pairs`` gives (1, 2 or 4)."""
    return len({tuple(sorted(tuple(sorted(((a + 2 * k) % 8, (b + 2 * k) % 8))) for a, b in pairs)) for k in range(4)})


__all__ = ["EDGE_PLACES", "EDGES", "OPPOSITE", "PORTS", "SIDE_NAMES", "SIDE_STEP", "SIZE", "TANUKI", "across",
           "behind", "crossing", "index", "is_edge_place", "neighbours8", "on_board", "pairings", "parse_space",
           "place_name", "point", "side_of", "side_ports", "space_at", "space_name", "symmetry", "turned"]

