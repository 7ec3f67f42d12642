"""Tang Garden's garden: its 8 x 8 grid, the starting tile, and the terrain that meets across the
edges of the tiles laid (what an area is, whether it is closed off, what a character sees).

Geometry only, no rule: the engine (:mod:`.engine`) plays the moves with it, and the renderer draws
with it (a drawing needs the grid and where a sight line runs, not the engine).
"""
from __future__ import annotations

from .actions import FACINGS
from .components import ELEMENTS

SIZE = 8
START = frozenset({(3, 3), (4, 3), (3, 4), (4, 4)})
#: the starting tile's 8 perimeter edges, clockwise from d4's top: (x, y, side) -> index
START_EDGE = {(3, 3, 0): 0, (4, 3, 0): 1, (4, 3, 1): 2, (4, 4, 1): 3, (4, 4, 2): 4, (3, 4, 2): 5, (3, 4, 3): 6,
              (3, 3, 3): 7}
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
SLOTS = {"small": ("s1", "s2", "s3"), "large": ("l1", "l2")}
SIDES = ("N", "E", "S", "W")
SIZES = ("large", "small")
ALL_CELLS = frozenset((x, y) for y in range(SIZE) for x in range(SIZE))


def edge_at(s, board, x, y, d):
    """The terrain on side ``d`` of whatever covers (x, y): a tile, the starting tile, or None."""
    if (x, y) in START:
        i = START_EDGE.get((x, y, d))
        return None if i is None else s.components.start_sides[s.start_side][i]
    t = board[y * SIZE + x]
    return None if t is None else s.components.tile(t[0]).edge(t[1], d)


def covered(board, x, y) -> bool:
    return (x, y) in START or board[y * SIZE + x] is not None


def is_temple(s, board, x, y):
    if (x, y) in START:
        return None
    t = board[y * SIZE + x]
    return None if t is None else s.components.tile(t[0]).temple


def edges_met(s, board, a, tile):
    """What ``tile``, laid as ``a`` (on ``board`` already), meets on each side where a space is
    covered: ``(x, y, mine, theirs, temple)`` for that space, the tile's own edge there, the edge
    facing it, and the neighbour's temple (None when it is none). What a build scores reads this."""
    for d in range(4):
        nx, ny = a.x + STEP[d][0], a.y + STEP[d][1]
        if 0 <= nx < SIZE and 0 <= ny < SIZE and covered(board, nx, ny):
            yield nx, ny, tile.edge(a.rot, d), edge_at(s, board, nx, ny, (d + 2) % 4), is_temple(s, board, nx, ny)


def _node_sides(s, board, node):
    if node[0] == "S":
        return [(x, y, d) for (x, y, d), i in START_EDGE.items() if s.components.start_sides[s.start_side][i] == node[1]]
    _, x, y, terr = node
    return [(x, y, d) for d in range(4) if edge_at(s, board, x, y, d) == terr]


def node_of(x, y, terr):
    return ("S", terr) if (x, y) in START else ("t", x, y, terr)


def region(s, board, node, bounds=ALL_CELLS):
    """The area of one element that ``node`` belongs to, and whether it is closed off for good."""
    terr = node[-1]
    seen, todo, closed = {node}, [node], True
    while todo:
        n = todo.pop()
        for x, y, d in _node_sides(s, board, n):
            nx, ny = x + STEP[d][0], y + STEP[d][1]
            if (nx, ny) in START and (x, y) in START:
                continue
            if (nx, ny) not in bounds and (nx, ny) not in START:
                closed = False  # the garden's edge: never closed
                continue
            if not covered(board, nx, ny):
                closed = False
                continue
            if is_temple(s, board, nx, ny):
                continue
            f = edge_at(s, board, nx, ny, (d + 2) % 4)
            if f == terr:
                m = node_of(nx, ny, terr)
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
    return frozenset(seen), closed


def closed_areas(f, s, board, a, tile, bounds=ALL_CELLS):
    """The element of every area that placing ``tile`` as ``a`` (already on ``board``) closes off for
    good, once per area: the tile's own element edges and the neighbours' edges that face it.
    ``f`` is what :func:`region` reads the board through."""
    nodes = [node_of(a.x, a.y, t) for t in sorted({tile.edge(a.rot, d) for d in range(4)} & set(ELEMENTS))]
    for d in range(4):
        nx, ny = a.x + STEP[d][0], a.y + STEP[d][1]
        if 0 <= nx < SIZE and 0 <= ny < SIZE and covered(board, nx, ny) and not is_temple(s, board, nx, ny):
            edge = edge_at(s, board, nx, ny, (d + 2) % 4)
            if edge in ELEMENTS:
                nodes.append(node_of(nx, ny, edge))
    done: set = set()
    closed_off = []
    for n in nodes:
        if n in done:
            continue
        members, closed = region(f, board, n, bounds)
        done |= members
        if closed:
            closed_off.append(n[-1])
    return closed_off


def sight_cells(x, y, facing):
    dx, dy = STEP[FACINGS.index(facing)]
    out = []
    while 0 <= x < SIZE and 0 <= y < SIZE:
        out.append((x, y))
        x, y = x + dx, y + dy
    return out
