"""What a Tang Garden position allows, asked by the rules, the engine, the solo mode and the end
scoring alike: a refusal's value (:func:`R`), free areas and spots, the supply, the stacks' tops, whether
a build is allowed (:func:`build_refusal`)."""
from __future__ import annotations

from ...core import Refusal
from .actions import Build, FACINGS, WHERE
from .board import SIZE, STEP, covered, edge_at, is_temple
from .components import space_name


def R(text: str, rule: str) -> Refusal:
    return Refusal(text, "tang_garden." + rule)


def free_areas(s, kind_area):
    used = {(x, y, a) for x, y, a, _ in s.decos}
    out = []
    for i, t in enumerate(s.board):
        if t is not None and kind_area in s.components.tile(t[0]).areas:
            x, y = i % SIZE, i // SIZE
            if (x, y, kind_area) not in used:
                out.append((x, y))
    return out


def supply_left(s, kind) -> int:
    """The decorations of ``kind`` still in the supply: those in the garden are not, nor (solo) those sent
    back to the box, which are out of play for good."""
    return s.components.decorations[kind] - sum(1 for d in s.decos if d[3] == kind) - sum(
        1 for k in s.boxed if k == kind)


def card_places(s, card):
    c = s.components.card(card)
    if supply_left(s, c.kind) <= 0:
        return []
    return free_areas(s, c.area)


def spots(s):
    """Every character spot in the garden ``(x, y, where)``, free or not."""
    out = []
    for i, t in enumerate(s.board):
        if t is not None and s.components.tile(t[0]).spot:
            out.append((i % SIZE, i // SIZE, "tile"))
    for x, y, _, kind in s.decos:
        if kind in ("bridge", "pavilion"):
            out.append((x, y, kind))
    return sorted(out, key=lambda p: (p[1], p[0], WHERE.index(p[2])))


def free_spots(s):
    taken = {(x, y, w) for _, _, x, y, w, _ in s.placed}
    return [p for p in spots(s) if p not in taken]


def face_up(s):
    return [t for t in s.tops if t]


def stack_left(s, k) -> int:
    return len(s.piles[k]) + len(s.under[k]) + (1 if s.tops[k] else 0)


def wall_text(mine: str, theirs: str, nx: int, ny: int) -> str:
    """What a wall on either side of a shared edge does: it fits, and pays nothing.

    >>> wall_text("wall", "rock", 2, 2)
    'its wall meets rock on c3: a wall fits any edge and earns nothing'
    >>> wall_text("water", "wall", 3, 0)
    'its water edge meets a wall on d1: a wall fits any edge and earns nothing'
    """
    side = "its wall" if mine == "wall" else f"its {mine} edge"
    other = "a wall" if theirs == "wall" else theirs
    return f"{side} meets {other} on {space_name(nx, ny)}: a wall fits any edge and earns nothing"


def build_refusal(s, a: Build, tops=None) -> Refusal | None:
    comps = s.components
    if not comps.has_tile(a.tile) or a.tile not in (tops if tops is not None else face_up(s)):
        return R(f"tile {a.tile} is not face up on top of a stack", "build.stack")
    if a.rot not in (0, 90, 180, 270):
        return R("a tile turns by 0, 90, 180 or 270 degrees", "build.stack")
    if not (0 <= a.x < SIZE and 0 <= a.y < SIZE) or covered(s.board, a.x, a.y):
        return R(f"{space_name(a.x, a.y) if 0 <= a.x < SIZE and 0 <= a.y < SIZE else 'that space'} is not an empty "
                 "space of the garden", "build.space")
    tile = comps.tile(a.tile)
    touching = False
    for d in range(4):
        nx, ny = a.x + STEP[d][0], a.y + STEP[d][1]
        if not (0 <= nx < SIZE and 0 <= ny < SIZE) or not covered(s.board, nx, ny):
            continue
        touching = True
        if tile.temple or is_temple(s, s.board, nx, ny):
            continue
        mine, theirs = tile.edge(a.rot, d), edge_at(s, s.board, nx, ny, (d + 2) % 4)
        if mine != theirs and "wall" not in (mine, theirs):
            return R(f"its {FACINGS[d]} edge ({mine}) meets {theirs} on {space_name(nx, ny)}", "build.match")
    if not touching:
        return R(f"{space_name(a.x, a.y)} touches no tile of the garden", "build.adjacent")
    return None


def any_build(s, tiles) -> bool:
    """Whether one of ``tiles`` can be built anywhere now."""
    for t in tiles:
        for y in range(SIZE):
            for x in range(SIZE):
                if not covered(s.board, x, y) and any(build_refusal(s, Build(t, x, y, r), tiles) is None
                                                      for r in (0, 90, 180, 270)):
                    return True
    return False
