"""The solo mode, "Yin & Yang": its turns on a :class:`~gardenkit.games.tang_garden.engine.Work`
(:class:`SoloTurns`), what may be built from where, whether the game can go on, and its rank."""
from __future__ import annotations

import dataclasses

from .actions import Build
from .board import SIDES, SIZE, SIZES, SLOTS, closed_areas, covered, edges_met
from .components import ELEMENTS, SOLO_LANTERNS, space_name
from .queries import R, build_refusal, card_places, free_spots, stack_left, supply_left, wall_text
from .scoring import character_lines


def solo_bounds(s):
    return frozenset(s.components.central)


def solo_source(s, tile):
    """Where a solo tile would come from: ``("top", k)``, ``("display", -1)`` or None."""
    if s.lantern_mode == "display":
        return ("display", -1) if tile in s.display else None
    if tile in s.tops and tile:
        return ("top", s.tops.index(tile))
    return None


def solo_build_refusal(s, a):
    comps = s.components
    if not comps.has_tile(a.tile) or solo_source(s, a.tile) is None:
        where = "the garden-tile display" if s.lantern_mode == "display" else "a stack's top"
        return R(f"tile {a.tile} is not on {where}", "solo.lantern_display" if s.lantern_mode == "display"
                 else "solo.pair")
    if (a.x, a.y) not in solo_bounds(s):
        return R(f"{space_name(a.x, a.y) if 0 <= a.x < SIZE and 0 <= a.y < SIZE else 'that space'} is outside the "
                 "central garden", "solo.central")
    why = build_refusal(s, a, [a.tile])
    if why is not None:
        return why
    kind, k = solo_source(s, a.tile)
    if kind == "top" and s.lantern_mode != "tile_only":
        card = s.pairs[k]
        if not card:  # a pair is a tile and the card beside it: a corner without a card offers no pair
            return R(f"no decoration card lies beside tile {a.tile}: it is no pair", "solo.pair")
        board = list(s.board)
        board[a.y * SIZE + a.x] = (a.tile, a.rot)
        after = dataclasses.replace(s, board=tuple(board))
        if not card_places(after, card):
            kind_ = comps.card(card).kind
            why = (f"no {kind_} decoration is left in the supply" if supply_left(s, kind_) <= 0
                   else f"no free {comps.card(card).area} area would be left for it")
            return R(f"the card beside it ({card}) could not be placed then: {why}", "solo.pair")
    return None


def _each_solo_build(s):
    """The solo builds of ``s``, one by one (tiles, then spaces in reading order, then turns)."""
    tiles = list(s.display) if s.lantern_mode == "display" else [t for t in s.tops if t]
    cells = [(x, y) for x, y in sorted(solo_bounds(s), key=lambda c: (c[1], c[0])) if not covered(s.board, x, y)]
    for t in tiles:
        for x, y in cells:
            for r in (0, 90, 180, 270):
                a = Build(t, x, y, r)
                if solo_build_refusal(s, a) is None:
                    yield a


#: the last few positions' solo builds, by identity: a board asks for a position's targets, its
#: buttons and its legal moves in turn, and each tried every tile on every space in every turn
#: (~400 refusals) again (a tuple of pairs, replaced whole: safe for the search's threads)
_SOLO_BUILDS: tuple = ()


def solo_builds(s) -> tuple:
    """Every build a solo turn allows in ``s`` (as :func:`_each_solo_build` lists them)."""
    global _SOLO_BUILDS
    for state, builds in _SOLO_BUILDS:
        if state is s:
            return builds
    builds = tuple(_each_solo_build(s))
    _SOLO_BUILDS = ((s, builds),) + _SOLO_BUILDS[:3]
    return builds


def solo_has_build(s) -> bool:
    """Whether a solo turn allows any build in ``s`` (stops at the first)."""
    for state, builds in _SOLO_BUILDS:
        if state is s:
            return bool(builds)
    return next(_each_solo_build(s), None) is not None


def solo_can_go_on(s) -> bool:
    """Whether a solo turn has any way forward: a pair, or a lantern or the tokens that may open one."""
    if solo_has_build(s):
        return True
    lan = s.lanterns[0]
    free = not s.lantern_used
    if free and lan[SOLO_LANTERNS.index("redraw")] and (s.deck or s.discard):
        return True
    if free and (lan[SOLO_LANTERNS.index("tile_only")] or lan[SOLO_LANTERNS.index("reuse")]):
        if solo_has_build(dataclasses.replace(s, lantern_mode="tile_only")):
            return True
    if free and (lan[SOLO_LANTERNS.index("display")] or lan[SOLO_LANTERNS.index("reuse")]) and s.display:
        if solo_has_build(dataclasses.replace(s, lantern_mode="display")):
            return True
    need = s.components.solo["remove_tokens"]
    return bool(s.decos) and any(h >= need for h in s.held[0])


def solo_rank(s, coins):
    for top, name in s.components.solo["ranks"]:
        if top is None or coins <= top:
            return name
    return s.components.solo["ranks"][-1][1]



class SoloTurns:
    """The solo game's steps of a :class:`Work` (its base class): a build, a landscape tile, a kept
    decoration, the corners refilled, the end and the final placing."""

    def solo_do_build(self, p, a):
        comps = self.f["components"]
        s = self
        tile = comps.tile(a.tile)
        kind, k = solo_source(self.freeze(), a.tile)
        if kind == "top":
            self.f["tops"][k] = 0
        else:
            self.f["display"] = tuple(t for t in self.f["display"] if t != a.tile)
        board = self.f["board"]
        board[a.y * SIZE + a.x] = (a.tile, a.rot)
        self.f["builds"] += 1
        bounds = solo_bounds(self)
        temple_pay = 0
        for nx, ny, mine, theirs, other in edges_met(s, board, a, tile):
            if tile.temple:
                temple_pay += theirs == tile.temple
                continue
            if other:
                if mine == other:
                    self.coin(p, 1, f"a {mine} edge against the {other} temple on {space_name(nx, ny)}", "temple.later")
                continue
            if "wall" in (mine, theirs):
                self.effect(wall_text(mine, theirs, nx, ny), "build.wall")
            elif mine == theirs and mine in ELEMENTS:
                self.coin(p, 1, f"{mine} edge matched with {space_name(nx, ny)}", "solo.coins")
            elif mine == theirs == "footpath":
                self.effect("a footpath joined: no coin in the solo game", "solo.footpath")
        if tile.temple:
            self.coin(p, 1 + temple_pay, f"the {tile.temple} temple", "temple.coins")
        for terr in tile.inner:
            self.coin(p, 1, f"the tile shows a closed {terr} area", "solo.enclose")
        for terr in closed_areas(self, s, board, a, tile, bounds):
            self.coin(p, 1, f"a {terr} area closed off", "solo.enclose")
        for x, y, size in self.f["board_tokens"]:
            if (x, y) == (a.x, a.y):
                self.f["board_tokens"] = tuple(t for t in self.f["board_tokens"] if (t[0], t[1]) != (x, y))
                self.f["held"][p][SIZES.index(size)] += 1
                self.effect(f"takes the {size} landscape token on {space_name(x, y)}", "solo.landscape")
                self.push(("landscape", size))
        if kind == "top":
            self.f["corner"] = k
            if self.f["lantern_mode"] != "tile_only" and self.f["pairs"][k]:
                self.f["pending"] = tuple(self.f["pending"]) + (("skeep", k),)
        self.f["step"] = "built"


    def solo_do_landscape(self, p, a):
        size = self.f["pending"][0][1]
        self.pop()
        i = SIZES.index(size)
        shown = [t for t in self.f["land_shown"][i] if t != a.tile]
        self.f["slots"] = tuple(sorted(self.f["slots"] + ((a.side, a.slot, a.tile),)))
        self.effect(f"landscape {a.tile} goes into slot {a.slot} on side {a.side}", "landscape.insert")
        taken = 1
        if shown:
            other = shown[0]
            opposite = SIDES[(SIDES.index(a.side) + 2) % 4]
            free = [(sd, sl) for sd in [opposite] + [x for x in SIDES if x != opposite] for sl in SLOTS[size]
                    if not any((q[0], q[1]) == (sd, sl) for q in self.f["slots"])]
            spot = (opposite, a.slot) if (opposite, a.slot) in free else free[0] if free else None
            if spot:
                self.f["slots"] = tuple(sorted(self.f["slots"] + ((spot[0], spot[1], other),)))
                self.effect(f"landscape {other} goes across, into slot {spot[1]} on side {spot[0]}", "solo.landscape")
                taken = 2
                shown = shown[1:]
        self.f["land_shown"][i] = tuple(t for t in self.f["land_shown"][i] if t not in (a.tile,) and (taken < 2 or
                                                                                                   t != other))
        for _ in range(min(taken, len(self.f["land_piles"][i]))):
            self.todo(("show", size))


    def solo_do_keep(self, p, a):
        comps = self.f["components"]
        card = comps.card(a.card)
        k = self.f["pending"][0][1]
        self.pop()
        self.f["pairs"][k] = ""
        self.f["discard"] = tuple(self.f["discard"]) + (a.card,)
        self.f["decos"] = tuple(sorted(self.f["decos"] + ((a.x, a.y, card.area, card.kind),)))
        self.effect(f"a {card.kind} decoration on {space_name(a.x, a.y)}; the card is discarded", "solo.pair")


    def solo_clear_corner(self):
        k = self.f["corner"]
        self.f["corner"] = -1
        o = (k + 2) % 4
        gone = [c for c in (self.f["pairs"][k], self.f["pairs"][o]) if c]
        self.f["discard"] = tuple(self.f["discard"]) + tuple(gone)
        self.f["pairs"][k] = self.f["pairs"][o] = ""
        if self.f["tops"][o]:
            self.f["display"] = tuple(sorted(self.f["display"] + (self.f["tops"][o],)))
            self.effect(f"tile {self.f['tops'][o]} moves from the opposite corner to the display", "solo.opposite")
            self.f["tops"][o] = 0
        for j in (k, o):
            if not stack_left(self, j):
                self.solo_end("defeat", f"the {('greenery', 'water', 'rock', 'mixed')[j]} stack has run out")
                return
        self.todo(("flip", k), ("flip", o))
        self.solo_draw([k, o])


    def solo_draw(self, corners):
        """A new card beside each of ``corners`` (a chance step each). When the deck runs out part way, the
        discards are shuffled into a new deck and the filling goes on from it (the draw that finds the deck
        empty does it), so every corner gets its card."""
        for j in corners:
            if self.cards_to_draw() > 0:
                self.todo(("pair", j))
        self.warn_reshuffle()


    def solo_end(self, result, why):
        self.f["result"] = result
        if result == "victory":
            self.effect(f"all 28 spaces of the central garden are covered: {why}", "solo.victory")
            self.f["pending"] = tuple(("final", c) for c in self.f["team"] if not any(q[0] == c for q in self.f["placed"]))
            self.solo_final_spots()
            return
        self.effect(f"defeat: {why}", "solo.defeat")
        self.f["over"] = True
        self.f["todo"] = ()
        self.f["pending"] = ()


    def solo_final_spots(self):
        """After a win, the characters still to stand: none once no spot is free (they cannot stand, and score
        nothing); with none left, the final score."""
        if self.f["pending"] and not free_spots(self):
            left = [c for _, c in self.f["pending"]]
            self.effect(f"no character spot is free: {', '.join(left)} cannot stand and score nothing", "solo.final")
            self.f["pending"] = ()
        if not self.f["pending"]:
            self.solo_finish()


    def solo_finish(self):
        s = self.freeze()
        for cid, owner, x, y, where, facing in s.placed:
            if owner == 0:
                pref = character_lines(s, cid, owner, x, y, where, facing)[1:]
                self.f["lines"][0].extend(pref)
        self.f["over"] = True
        self.f["winners"] = (0,)
        s = self.freeze()
        self.effect(f"final score {s.scores[0]}: {solo_rank(s, s.scores[0])}", "solo.rank")


    def solo_settle(self):
        if self.f["over"] or self.f["todo"] or self.f["pending"]:
            return
        step = self.f["step"]
        if step == "built" and all(covered(self.f["board"], x, y) for x, y in solo_bounds(self)):
            self.f["corner"] = -1  # the garden is complete: no corner to refill, nothing can be lost now
            self.f["step"] = "after"
            self.solo_end("victory", "the garden is complete")
            return
        if step == "built":
            if self.f["corner"] >= 0:
                self.solo_clear_corner()
                if self.f["over"]:
                    return
            self.f["step"] = "after"
            if self.f["todo"]:
                return
        if self.f["step"] == "after" and not self.f["result"]:
            central = solo_bounds(self)
            if all(covered(self.f["board"], x, y) for x, y in central):
                self.solo_end("victory", "the garden is complete")
                return
            if self.f["aside"] and free_spots(self):
                self.push(("neutral", self.f["aside"][0]))
        if self.f["step"] == "main" and not self.f["result"] and not solo_can_go_on(self.freeze()):
            self.solo_end("defeat", "no pair of tile and card can be placed, and no lantern helps")
