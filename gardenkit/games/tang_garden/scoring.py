"""Tang Garden's end scoring: the pavilions, each standing character's line of sight, the cards; the
winners and the tie-break on the tracks' cubes."""
from __future__ import annotations

from ...core import Line
from .board import SIZE, sight_cells
from .components import TREES, space_name


def pavilion_lines(s):
    counts = [sum(1 for c in s.cards[p] if c.startswith("pavilion/")) for p in range(s.players)]
    out = {}
    ranked = sorted({c for c in counts if c > 0}, reverse=True)
    if not ranked:
        return out
    top = [p for p in range(s.players) if counts[p] == ranked[0]]
    if len(top) > 1:
        for p in top:
            out[p] = (18 // len(top), f"most pavilion cards ({ranked[0]}), tied by {len(top)}: 18 split", 1)
        return out
    out[top[0]] = (12, f"most pavilion cards ({ranked[0]})", 1)
    if len(ranked) > 1:
        second = [p for p in range(s.players) if counts[p] == ranked[1]]
        for p in second:
            pts = 6 // len(second)
            out[p] = (pts, f"second most pavilion cards ({ranked[1]})" + (f", tied by {len(second)}: 6 split"
                                                                             if len(second) > 1 else ""), 2)
    return out


def character_lines(s, cid, owner, x, y, where, facing):
    comps = s.components
    c = comps.character(cid)
    cells = sight_cells(x, y, facing)
    cellset = set(cells)
    out = []
    seen = sum(1 for d in s.decos if (d[0], d[1]) in cellset)
    out.append(Line(seen, f"{c.name} ({space_name(x, y)} facing {facing}): {seen} decoration(s) in sight",
                    "tang_garden.score.sight", None, c.name))
    icons = [i for side, _, lid in s.slots if side == facing for i in comps.landscape(lid).icons]
    sight = c.sight
    kind = sight["kind"]
    if kind == "landscape":
        n = icons.count(sight["icon"])
        out.append(Line(n * sight["each"], f"{c.name}: {n} {sight['icon']} icon(s) on side {facing}",
                        "tang_garden.score.prefer_icon", None, c.name))
    elif kind == "any_icon":
        out.append(Line(len(icons) * sight["each"], f"{c.name}: {len(icons)} icon(s) on side {facing}",
                        "tang_garden.score.prefer_any_icon", None, c.name))
    elif kind == "sun_moon":
        n = ("sun" in icons) + ("moon" in icons)
        pts = sight["both"] if n == 2 else sight["one"] if n == 1 else 0
        out.append(Line(pts, f"{c.name}: {'sun and moon' if n == 2 else 'sun or moon' if n else 'no sun or moon'} "
                             f"on side {facing}", "tang_garden.score.prefer_sun_moon", None, c.name))
    elif kind == "line":
        terr = sight["terrain"]
        n = sum(1 for cx, cy in cells if s.board[cy * SIZE + cx] is not None
                and terr in comps.tile(s.board[cy * SIZE + cx][0]).terrains())
        pts = min(sight["cap"], n * sight["each"])
        out.append(Line(pts, f"{c.name}: {n} tile(s) with {terr} in sight" + (" (capped)" if pts < n * sight["each"]
                                                                            else ""),
                        "tang_garden.score.prefer_terrain", None, c.name))
    elif kind == "empress":
        rivals = [r for r, _, rx, ry, _, _ in s.placed if r in sight["rivals"] and (rx, ry) in cellset]
        pts = sight["coins"] - sight["penalty"] * len(rivals)
        out.append(Line(pts, f"{c.name}: {sight['coins']}" + (f", less {sight['penalty']} for each of "
                                                               f"{', '.join(sorted(rivals))} in sight" if rivals else ""),
                        "tang_garden.score.prefer_empress", None, c.name))
    return out


def final_lines(s, p):
    out = []
    kinds = [c.split("/")[0] for c in s.cards[p]]
    n = min(kinds.count("birds"), kinds.count("fish"))
    if n:
        out.append(Line(6 * n, f"{n} pair(s) of birds and fish", "tang_garden.score.birds_fish", None, "birds+fish"))
    n = min(kinds.count("lotus"), kinds.count("peony"))
    if n:
        out.append(Line(6 * n, f"{n} pair(s) of lotus and peony", "tang_garden.score.lotus_peony", None,
                        "lotus+peony"))
    n = kinds.count("bridge")
    if n:
        out.append(Line(2 * n, f"{n} bridge card(s)", "tang_garden.score.bridge", None, "bridges"))
    pav = pavilion_lines(s).get(p)
    if pav:
        out.append(Line(pav[0], pav[1], "tang_garden.score.pavilion", None, "pavilions", pav[2]))
    counts = [kinds.count(t) for t in TREES]
    k = 1
    while True:
        size = sum(1 for c in counts if c >= k)
        if not size:
            break
        out.append(Line(size * size, f"tree set {k}: {size} different tree(s)", "tang_garden.score.trees", None,
                        "trees"))
        k += 1
    for cid, owner, x, y, where, facing in s.placed:
        if owner == p:
            out += character_lines(s, cid, owner, x, y, where, facing)
    return out


def winners(s):
    scores = s.scores
    best = max(scores)
    tied = [p for p in range(s.players) if scores[p] == best]
    if len(tied) > 1:
        most = max(sum(s.held[p]) for p in tied)
        tied = [p for p in tied if sum(s.held[p]) == most]
    if len(tied) > 1:
        far, count = furthest_cubes(s, tied)
        most = max(count.values())
        tied = [p for p in tied if count[p] == most]
    return tuple(tied)


def furthest_cubes(s, tied):
    """The tie-break on the tracks: the furthest level any cube of the ``tied`` players reached, and how many
    of each one's cubes stand there. Only that level is compared; equal counts share the victory (the
    rulebook looks no further down the tracks)."""
    far = max(max(s.tracks[p]) for p in tied)
    return far, {p: list(s.tracks[p]).count(far) for p in tied}
