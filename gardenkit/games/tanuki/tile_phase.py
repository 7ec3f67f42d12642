"""The tile phase of a turn: a path tile laid in front of the monk, and every monk's walk it causes
(symbols crossed, crashes, loops, Shiitake Robber). A part of :class:`~gardenkit.games.tanuki.engine.Work`."""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Place
from .board import SIZE, across, crossing, point, space_name
from .components import SYMBOL_NAMES
from .costs import CRASH_COST, LOOP_COST


@dataclass(frozen=True)
class Walk:
    """One monk's walk caused by a move: who walked, from which path end, the path pieces
    ``(x, y, end, end, symbol)`` in order, where it stopped (``(x, y, port)``, None when sent
    back), how it ended (``"stop"``, ``"crash"`` with ``partner``, ``"loop"``) and the Shiitake it
    gained or lost on the way."""

    player: int
    start: tuple
    pieces: tuple
    end: tuple | None
    result: str
    partner: int | None
    change: int
    ashi: bool

    def describe(self) -> str:
        where = " ".join(f"{space_name(x, y)}:{SYMBOL_NAMES[s]}" for x, y, _a, _b, s in self.pieces) or "nowhere"
        how = {"stop": f"stops facing {space_name(*self.end[:2])}" if self.end else "stops",
               "crash": f"runs into player {(self.partner or 0) + 1}'s monk", "loop": "is in a loop"}[self.result]
        return f"player {self.player + 1}'s monk walks {where}, {how} ({self.change:+d})"


def merge_trail(trail, pieces) -> tuple:
    """A monk's trail with more path pieces walked: each piece ``(x, y, end, end)`` once, its ends
    in order, the pieces sorted (what Shiitake Robber compares)."""
    out = set(trail)
    for piece in pieces:
        x, y, a, b = piece[:4]
        out.add((x, y, min(a, b), max(a, b)))
    return tuple(sorted(out))


class TilePhase:
    """A tile laid and the walks, on a :class:`~gardenkit.games.tanuki.engine.Work` (its fields and ledger)."""

    def tile_decision(self) -> bool:
        """Whether the active player has something to do in the tile phase."""
        p = self.active
        if self.empty_start or self.tiles_left <= 0:
            return False
        m = self.monks[p]
        if m is None:
            return False
        fx, fy = m[1], m[2]
        if m[0] == "edge" and self.at(fx, fy) is not None:
            return True
        if self.rock_at(fx, fy):
            return True
        return bool(self.hands[p])

    def play_tile(self, p: int, a: Place) -> None:
        m = self.monks[p]
        self.take_tile(p, a.tile)
        self.board[a.y * SIZE + a.x] = (a.tile, a.rot)
        self.stash[a.y * SIZE + a.x] = 0
        self.tiles_left -= 1
        turn = f" turned {a.rot}" if a.rot else ""
        self.note(f"player {p + 1} lays tile {a.tile}{turn} on {space_name(a.x, a.y)}", "tanuki.tile.play")
        port = a.port if m[0] == "edge" else m[3]
        movers = [(p, (a.x, a.y, port))]
        for q in self.clockwise(p)[1:]:
            mq = self.monks[q]
            if mq is not None and mq[0] == "at" and (mq[1], mq[2]) == (a.x, a.y):
                movers.append((q, (mq[1], mq[2], mq[3])))
        self.walk_batch(movers, p)

    def trace(self, x: int, y: int, port: int):
        """The path from entering (x, y) by ``port``: its pieces ``(x, y, in, out, symbol)``, where it
        stops (the path end facing an empty space) and whether it runs round in a loop instead."""
        start = (x, y, port)
        pieces = []
        cur = start
        for _ in range(8 * SIZE * SIZE + 2):
            cx, cy, cp = cur
            cell = self.board[cy * SIZE + cx]
            if cell is None:
                return pieces, cur, False
            tile = self.comps.tile(cell[0])
            out = tile.links(cell[1])[cp]
            pieces.append((cx, cy, cp, out, tile.symbol_at(cell[1])[cp]))
            cur = across(cx, cy, out, self.edge)
            if cur == start:
                return pieces, None, True
        return pieces, None, True  # pragma: no cover - a walk this long has come round

    def walk_batch(self, movers, placer: int) -> None:
        """Every monk of ``movers`` (``(player, (x, y, port))``, in order) walks its path; crashes,
        loops and what each gains or loses are settled; then the players whose monks were sent
        back and those who must discard are asked, clockwise from the active player."""
        gone: list[int] = []
        events: list[tuple[str, list[int]]] = []
        ashi_others: list[int] = []
        occ = self.occupied()
        for q, start in movers:
            if q in gone or self.monks[q] is None:
                continue
            for pid in self.points_of(q):
                occ.pop(pid, None)
            first = self.fresh[q] and self.monks[q][0] == "edge"
            self.fresh[q] = False
            pieces, end, loop = self.trace(*start)
            own = q == self.active and self.stage == "tile"
            before = self.shiitake[q]
            if loop:
                self.note(f"player {q + 1}'s monk is on a path that runs round in a loop", "tanuki.crash.loop")
                self.pay(q, LOOP_COST, "your monk is in a loop", "tanuki.crash.loop")
                gone.append(q)
                events.append(("loop", [q]))
                self.walks.append(Walk(q, start, tuple(pieces), None, "loop", None, self.shiitake[q] - before, False))
                continue
            partner, walked, ashi = None, [], False
            for k, piece in enumerate(pieces):
                x, y, a, b, sym = piece
                walked.append(piece)
                i = y * SIZE + x
                if self.stash[i]:
                    found = self.stash[i]
                    self.stash[i] = 0
                    self.shiitake[q] += found
                    self.line(q, found, f"the stash on {space_name(x, y)}", "tanuki.move.stash")
                    if own and "harvest" in self.flags:
                        self.gain(q, found, f"Bountiful Harvest doubles the stash on {space_name(x, y)}",
                                  "tanuki.gm.harvest")
                if first and k == 0:
                    self.line(q, 0, f"{SYMBOL_NAMES[sym]} on {space_name(x, y)}: nothing on your first move",
                              "tanuki.tile.first_symbols")
                elif sym == "shiitake":
                    self.gain(q, 1, f"Shiitake on {space_name(x, y)}", "tanuki.move.shiitake")
                    if own and "harvest" in self.flags:
                        self.gain(q, 1, f"Bountiful Harvest doubles the Shiitake on {space_name(x, y)}",
                                  "tanuki.gm.harvest")
                elif sym == "den":
                    if own and "dens" in self.flags:
                        self.line(q, 0, f"Tanuki Den on {space_name(x, y)}: avoided", "tanuki.gm.dens")
                    else:
                        self.pay(q, 1, f"Tanuki Den on {space_name(x, y)}", "tanuki.move.den")
                elif sym == "ashi":
                    if own and "ashi" in self.flags:
                        self.note(f"player {q + 1} escapes the Ashi-magari on {space_name(x, y)}", "tanuki.gm.ashi")
                    else:
                        ashi = True
                pid = point(x, y, b, self.edge)
                if pid in occ:
                    partner = occ[pid]
                    break
            if partner is not None:
                for pid in self.points_of(partner):
                    occ.pop(pid, None)
                self.note(f"player {q + 1}'s monk runs into player {partner + 1}'s monk", "tanuki.crash.meet")
                self.pay(q, CRASH_COST, f"crash with player {partner + 1}", "tanuki.crash.meet")
                self.pay(partner, CRASH_COST, f"crash with player {q + 1}", "tanuki.crash.meet")
                gone += [q, partner]
                events.append(("crash", [q, partner]))
                self.walks.append(Walk(q, start, tuple(walked), None, "crash", partner, self.shiitake[q] - before, ashi))
            else:
                self.monks[q] = ("at",) + end
                self.trails[q] = merge_trail(self.trails[q], walked)
                occ[point(*end, self.edge)] = q
                self.walks.append(Walk(q, start, tuple(walked), end, "stop", None, self.shiitake[q] - before, ashi))
                if own and "robber" in self.flags:
                    self.rob(q, walked)
            if ashi:
                if q == self.active:
                    self.ashi_met = True
                    self.note(f"player {q + 1} met an Ashi-magari: no tiles drawn this turn", "tanuki.move.ashi_active")
                else:
                    ashi_others.append(q)
        for kind, who in events:
            if placer not in who:
                what = "crash" if kind == "crash" else "loop"
                self.gain(placer, 2 * len(who), f"your tile sent {len(who)} monk{'s' if len(who) > 1 else ''} back "
                          f"({what} of player{'s' if len(who) > 1 else ''} {' and '.join(str(q + 1) for q in who)})",
                          "tanuki.crash.bonus")
        for q in gone:
            self.monks[q] = None
            self.trails[q] = ()
            self.fresh[q] = False
        order = self.clockwise(self.active)
        asks = []
        for q in order:
            if q in gone:
                asks.append((q, "restart", None))
            if q in ashi_others:
                if q in self.ashi_others:
                    self.note(f"player {q + 1}'s monk meets an Ashi-magari again this turn: it counts once, no "
                              "second discard", "tanuki.move.ashi_other")
                    continue
                self.ashi_others.add(q)
                if self.hands[q]:
                    asks.append((q, "discard", None))
        self.pending.extend(asks)

    def rob(self, q: int, walked) -> None:
        mine = [(x, y, a, b) for x, y, a, b, _s in walked]
        for r in self.clockwise(q)[1:]:
            if r in self.robbed:
                continue
            if any(sx == tx and sy == ty and crossing((a, b), (c, d))
                   for sx, sy, a, b in mine for tx, ty, c, d in self.trails[r]):
                self.robbed.add(r)
                self.transfer(r, q, 2, "Shiitake Robber: your paths cross", "tanuki.gm.robber")
