"""Tang Garden's moves worked out on a mutable copy of a state (:class:`Work`): what every move does
and what follows it, written as it happens (the lines and effects an explanation reads).

The rules object (``rules.py``) asks :func:`~gardenkit.games.tang_garden.queries.build_refusal` and
its other refusals whether a move is allowed and lets a :class:`Work` apply it. Split by what it
does: what a position allows (:mod:`.queries`), the end scoring (:mod:`.scoring`), the solo mode's
turns and builds (:mod:`.solo`), the garden's geometry (:mod:`.board`).
"""
from __future__ import annotations

import dataclasses

from ...core import Effect, Line
from .actions import DrawCard, First, Flip, Lay, Officer, Reveal, Turnup
from .board import SIDES, SIZE, SIZES, closed_areas, edges_met
from .components import ELEMENTS, LANTERNS, SOLO_LANTERNS, space_name
from .queries import any_build, card_places, face_up, stack_left, wall_text
from .scoring import final_lines, winners
from .solo import SoloTurns


class Work(SoloTurns):
    """A mutable copy of a state that a move is applied to; ``freeze()`` gives the new state."""

    LISTS = ("board", "tops", "cards", "tracks", "lines", "lanterns", "held", "spent", "own", "reached", "ctoken",
             "piles", "land_piles", "land_shown", "under", "pairs")

    def __init__(self, s):
        self.s0 = s
        self.f = {f.name: getattr(s, f.name) for f in dataclasses.fields(s)}
        for k in self.LISTS:
            self.f[k] = [list(v) if isinstance(v, tuple) and k in ("tracks", "lanterns", "held", "spent") else v
                         for v in self.f[k]]
        self.f["lines"] = [list(ls) for ls in s.lines]
        self.new_lines = {}
        self.effects = []

    # reading the work as a state (the geometry helpers read these)
    def __getattr__(self, name):
        f = self.__dict__.get("f")
        if f is not None and name in f:
            return f[name]
        raise AttributeError(name)

    def view(self):
        return self.freeze()

    def freeze(self):
        f = dict(self.f)
        for k in self.LISTS:
            f[k] = tuple(tuple(v) if isinstance(v, list) else v for v in f[k])
        f["board"] = tuple(f["board"])
        return dataclasses.replace(self.s0, **f)

    def set(self, **kw):
        self.f.update(kw)

    # ----- bookkeeping ---------------------------------------------------------------------------------
    def coin(self, p, n, text, rule):
        if n == 0:
            return
        line = Line(n, text, "tang_garden." + rule, self.f["turn"])
        self.f["lines"][p].append(line)
        self.new_lines.setdefault(p, []).append(line)

    def effect(self, text, rule):
        self.effects.append(Effect(text, "tang_garden." + rule))

    def skill(self, p):
        return self.f["own"][p]

    def advance(self, p, elem, n, why, rule, skill=True):
        comps = self.f["components"]
        k = ELEMENTS.index(elem)
        tr = self.f["tracks"][p]
        before = tr[k]
        after = min(comps.levels, before + n)
        if after < before + n:
            self.effect(f"the {elem} cube is at the end of its track: {before + n - after} step(s) lost", "track.end")
        if after == before:
            return 0
        tr[k] = after
        self.effect(f"{elem} {before} -> {after} ({why})", rule)
        for level, coins in sorted(comps.coin_bonuses.items()):
            if before < level <= after:
                self.coin(p, coins, f"{elem} cube reaches level {level}", "track.coins")
        reached = sum(1 for t in comps.thresholds if min(tr) >= t)
        if reached > self.f["reached"][p]:
            self.f["reached"][p] = reached
            if self.f["ctoken"][p]:
                self.f["ctoken"][p] = False
                self.effect("a new character level: the character token held is lost", "influence.token_lost")
            if p == self.f["active"]:
                self.f["right"] = True
            self.effect(f"all three cubes reach level {comps.thresholds[reached - 1]}: a character may be "
                        "influenced", "track.threshold")
        own = self.f["own"][p]
        own_skill = comps.character(own).skill if own else None
        if skill and own_skill == f"track_{elem}" and elem not in self.f["moved"]:
            self.f["moved"] = tuple(sorted(self.f["moved"] + (elem,)))
            self.coin(p, 1, f"{comps.character(own).name}: this placement moved the {elem} cube", f"skill.{own}")
        return after - before

    def todo(self, *tasks):
        self.f["todo"] = tuple(self.f["todo"]) + tuple(tasks)

    def push(self, *decisions):
        self.f["pending"] = tuple(decisions) + tuple(self.f["pending"])

    def pop(self):
        self.f["pending"] = tuple(self.f["pending"][1:])

    def pop_todo(self):
        self.f["todo"] = tuple(self.f["todo"][1:])

    # ----- moves ---------------------------------------------------------------------------------------
    def do(self, a):
        p = self.f["active"]
        kind = type(a)
        if kind in (Flip, DrawCard, Reveal, Turnup, First, Lay):
            self.chance(a)
        else:
            if kind is not Officer:
                self.f["acted"] = True
            name = kind.__name__.lower()
            if self.f["solo"] and name in ("build", "keep", "landscape"):
                getattr(self, "solo_do_" + name)(p, a)
            else:
                getattr(self, "do_" + name)(p, a)
        if self.f["solo"]:
            self.solo_settle()
        else:
            self.settle()

    def chance(self, a):
        task = self.f["todo"][0]
        self.pop_todo()
        what = task[0]
        if what == "flip":
            k = task[1]
            pile = list(self.f["piles"][k])
            if a.tile in pile:
                pile.remove(a.tile)
                self.f["piles"][k] = tuple(pile)
            else:
                self.f["under"][k] = tuple(self.f["under"][k][1:])
            self.f["tops"][k] = a.tile
            self.effect(f"tile {a.tile} turns up on the {('greenery', 'water', 'rock', 'mixed')[k]} stack", "build.flip")
        elif what == "pair":
            self.reshuffle_if_empty()
            deck = list(self.f["deck"])
            deck.remove(a.card)
            self.f["deck"] = tuple(deck)
            self.f["pairs"][task[1]] = a.card
        elif what == "lay":
            x, y, _ = self.f["components"].tokens["solo"][task[1]]
            self.f["board_tokens"] = tuple(sorted(self.f["board_tokens"] + ((x, y, a.size),)))
        elif what == "start2":
            self.f["char_deck"] = tuple(c for c in self.f["char_deck"] if c != a.char)
            self.f["char_shown"] = tuple(sorted(self.f["char_shown"] + (a.char,)))
            if len(self.f["char_shown"]) == 2:
                self.push(("start",))
        elif what == "draw":
            self.reshuffle_if_empty()
            deck = list(self.f["deck"])
            deck.remove(a.card)
            self.f["deck"] = tuple(deck)
            self.f["drawn"] = tuple(self.f["drawn"]) + (a.card,)
        elif what in ("deal", "reveal", "blind"):
            deck = list(self.f["char_deck"])
            deck.remove(a.char)
            self.f["char_deck"] = tuple(deck)
            if what == "deal":
                p = task[1]
                self.f["own"][p] = a.char
                c = self.f["components"].character(a.char)
                self.advance(p, c.bonus, 1, f"{c.name}'s starting bonus", "setup.characters", skill=False)
                self.f["moved"] = ()
            elif what == "reveal":
                self.f["char_shown"] = tuple(sorted(self.f["char_shown"] + (a.char,)))
            else:
                self.push(("place", a.char))
        elif what in ("slot", "show"):
            size = "small" if what == "slot" else task[1]
            i = SIZES.index(size)
            pile = list(self.f["land_piles"][i])
            pile.remove(a.tile)
            self.f["land_piles"][i] = tuple(pile)
            if what == "slot":
                self.f["slots"] = tuple(sorted(self.f["slots"] + ((task[1], "s2", a.tile),)))
            else:
                self.f["land_shown"][i] = tuple(sorted(self.f["land_shown"][i] + (a.tile,)))
        elif what == "first":
            self.f["first"] = self.f["active"] = a.player
            self.f["turn"] = 1
            self.f["turn_tops"] = tuple(sorted(face_up(self)))

    def do_build(self, p, a):
        s = self
        comps = self.f["components"]
        tile = comps.tile(a.tile)
        if self.f["step"] == "main" and len(face_up(self)) == 2 and self.skill(p) == "monk":
            self.coin(p, 2, "Monk: the choice was between only two garden tiles", "skill.monk")
        k = self.f["tops"].index(a.tile)
        self.f["tops"][k] = 0
        board = self.f["board"] = list(self.f["board"])
        board[a.y * SIZE + a.x] = (a.tile, a.rot)
        self.f["builds"] += 1
        self.f["moved"] = ()
        foot = 0
        temple_pay = 0
        for nx, ny, mine, theirs, other_temple in edges_met(s, board, a, tile):
            if tile.temple:
                temple_pay += theirs == tile.temple
                continue
            if other_temple:
                if mine == other_temple:
                    self.coin(p, 1, f"a {mine} edge set against the {other_temple} temple on {space_name(nx, ny)}",
                              "temple.later")
                continue
            if "wall" in (mine, theirs):
                self.effect(wall_text(mine, theirs, nx, ny), "build.wall")
            elif mine == theirs and mine in ELEMENTS:
                self.advance(p, mine, 1, f"{mine} edge matched with {space_name(nx, ny)}", "build.advance")
            elif mine == theirs == "footpath":
                foot += 1
        if tile.temple:
            self.coin(p, 1 + temple_pay, f"the {tile.temple} temple: one coin and {temple_pay} for neighbouring "
                                         f"{tile.temple} edges", "temple.coins")
        for terr in tile.inner:
            self.advance(p, terr, 1, f"the tile shows a closed {terr} area", "build.inner")
        # areas closed off by this placement
        for terr in closed_areas(self, s, board, a, tile):
            why = "walls and the temple" if tile.temple else "this tile"
            self.advance(p, terr, 1, f"a {terr} area is closed off by {why}",
                         "temple.enclose" if tile.temple else "build.enclose")
        if foot == 1:
            self.coin(p, 1, "one footpath joined", "build.footpath")
        elif foot >= 2:
            rest = f" and {foot - 2} coin(s)" if foot > 2 else ""
            self.effect(f"{foot} footpaths joined: next you choose {foot} coins, or one step on any track{rest}",
                        "build.footpath_two")
            self.push(("footpath", foot))
        for x, y, size in self.f["board_tokens"]:
            if (x, y) == (a.x, a.y):
                self.take_token(p, x, y, size, "build.token")
        self.f["step"] = "built"

    def take_token(self, p, x, y, size, rule):
        self.f["board_tokens"] = tuple(t for t in self.f["board_tokens"] if (t[0], t[1]) != (x, y))
        self.f["held"][p][SIZES.index(size)] += 1
        self.effect(f"takes the {size} landscape token on {space_name(x, y)}", rule)
        if self.skill(p) == "sword_dancer":
            self.coin(p, 1, "Sword Dancer: a landscape token taken", "skill.sword_dancer")
        self.push(("landscape", size))

    def do_footpath(self, p, a):
        n = self.f["pending"][0][1]
        self.pop()
        if a.choice == "coins":
            self.coin(p, n, f"{n} footpaths joined", "build.footpath_two")
        else:
            if n > 2:
                self.coin(p, n - 2, f"{n - 2} more footpath(s) joined", "build.footpath")
            self.advance(p, a.choice, 1, "two footpaths joined", "build.footpath_two")

    def do_landscape(self, p, a):
        size = self.f["pending"][0][1]
        self.pop()
        i = SIZES.index(size)
        if a.lantern:
            self.use_lantern(p, "choose")
            self.f["land_piles"][i] = tuple(t for t in self.f["land_piles"][i] if t != a.tile)
        else:
            self.f["land_shown"][i] = tuple(t for t in self.f["land_shown"][i] if t != a.tile)
            if self.f["land_piles"][i]:
                self.todo(("show", size))
        self.f["slots"] = tuple(sorted(self.f["slots"] + ((a.side, a.slot, a.tile),)))
        self.effect(f"landscape {a.tile} goes into slot {a.slot} on side {a.side}", "landscape.insert")

    def use_lantern(self, p, kind):
        self.f["lanterns"][p][LANTERNS.index(kind)] = False
        self.f["lantern_used"] = True
        self.effect(f"the {kind} lantern is turned face down", "lantern." + kind)

    def do_lantern(self, p, a):
        if self.f["solo"]:
            kind = a.kind
            if kind.startswith("reuse_"):
                self.f["lanterns"][p][SOLO_LANTERNS.index("reuse")] = False
                kind = kind[len("reuse_"):]
                self.effect(f"the reuse lantern repeats the {kind} lantern", "solo.lantern_reuse")
            else:
                self.f["lanterns"][p][SOLO_LANTERNS.index(kind)] = False
            self.f["lantern_used"] = True
            self.effect(f"the {kind} lantern is used", "solo.lantern_" + kind)
            if kind == "redraw":
                self.f["discard"] = tuple(self.f["discard"]) + tuple(c for c in self.f["pairs"] if c)
                self.f["pairs"] = ["", "", "", ""]
                self.solo_draw([0, 1, 2, 3])
            else:
                self.f["lantern_mode"] = kind
            return
        self.use_lantern(p, a.kind)
        self.f["lantern_mode"] = a.kind

    def do_decorate(self, p, a):
        n = 2 + sum(1 for k in range(4) if not self.f["tops"][k] and stack_left(self, k))
        self.draw_cards(n)
        self.push(("keep",))
        self.effect(f"draws {n} decoration cards", "decorate.draw")

    def draw_cards(self, n):
        """Draw ``n`` cards (chance steps), as many as the deck and the discards still hold: a draw that finds
        the deck empty shuffles the discards into a new one first (:meth:`reshuffle_if_empty`)."""
        self.todo(*[("draw",)] * min(n, self.cards_to_draw()))
        self.warn_reshuffle()

    def warn_reshuffle(self):
        """Say so when the draws now waiting will run the deck out (the discards become the new deck then)."""
        waiting = sum(1 for t in self.f["todo"] if t[0] in ("draw", "pair"))
        deck = len(self.f["deck"])
        if waiting > deck:
            self.effect(f"the deck holds {deck} card(s) for {waiting} draw(s): once it is empty, the discards are "
                        "shuffled into a new deck for the rest", "decorate.reshuffle")

    def cards_to_draw(self) -> int:
        """Cards a draw can still reach: the deck, then the discards made into a new deck, less the draws
        already waiting."""
        waiting = sum(1 for t in self.f["todo"] if t[0] in ("draw", "pair"))
        return len(self.f["deck"]) + len(self.f["discard"]) - waiting

    def reshuffle_if_empty(self):
        """A draw from an empty deck: the discards are shuffled into a new deck first. The deck is kept sorted
        (its order is the generator's, decided draw by draw), so the shuffle is the draw's chance."""
        if not self.f["deck"] and self.f["discard"]:
            self.f["deck"] = tuple(sorted(self.f["discard"]))
            self.f["discard"] = ()
            self.effect("the deck is empty: the discards are shuffled into a new deck", "decorate.reshuffle")

    def do_merchant(self, p, a):
        self.f["merchant_used"] = True
        self.coin(p, -1, f"Merchant: a coin paid to {a.choice}", "skill.merchant")
        if a.choice == "draw":
            self.draw_cards(2)
        else:
            top = self.f["discard"][-1]
            self.f["discard"] = self.f["discard"][:-1]
            self.f["drawn"] = tuple(self.f["drawn"]) + (top,)

    def do_keep(self, p, a):
        comps = self.f["components"]
        card = comps.card(a.card)
        if len(self.f["drawn"]) == 2 and self.f["keeps"] == 0 and self.skill(p) == "monk":
            self.coin(p, 2, "Monk: the choice was between only two decoration cards", "skill.monk")
        self.pop()
        drawn = list(self.f["drawn"])
        drawn.remove(a.card)
        self.f["drawn"] = tuple(drawn)
        self.f["cards"][p] = tuple(sorted(self.f["cards"][p] + (a.card,)))
        self.f["decos"] = tuple(sorted(self.f["decos"] + ((a.x, a.y, card.area, card.kind),)))
        self.f["keeps"] += 1
        self.f["moved"] = ()
        self.effect(f"a {card.kind} decoration on {space_name(a.x, a.y)} ({card.area} area)", "decorate.area")
        own = self.skill(p)
        pays = {"architect": ("pavilion", "bridge"), "child": ("birds", "fish"), "empress": ("lotus", "peony")}
        if own in pays and card.kind in pays[own]:
            self.coin(p, 2, f"{comps.character(own).name}: a {card.kind} placed", f"skill.{own}")
        if card.bonus in ELEMENTS:
            self.advance(p, card.bonus, 1, "the card's one-time bonus", "decorate.bonus")
        elif card.bonus == "any":
            self.push(("advance",))
        elif card.bonus == "token" and self.f["board_tokens"]:
            self.push(("token",))
        self.f["step"] = "kept"

    def do_advance(self, p, a):
        self.pop()
        self.advance(p, a.track, 1, "the card's bonus: a track of your choice", "decorate.bonus")

    def do_taketoken(self, p, a):
        self.pop()
        size = next(t[2] for t in self.f["board_tokens"] if (t[0], t[1]) == (a.x, a.y))
        self.take_token(p, a.x, a.y, size, "decorate.bonus")

    def do_discardall(self, p, a):
        self.pop()
        self.f["discard"] = tuple(self.f["discard"]) + tuple(self.f["drawn"])
        self.f["drawn"] = ()
        self.effect("no drawn card can be placed: all are discarded", "decorate.none")
        self.flip_all("decorate.flip")
        self.f["step"] = "after"

    def flip_all(self, rule):
        for k in range(4):
            if not self.f["tops"][k] and stack_left(self, k):
                self.todo(("flip", k))

    def do_officer(self, p, a):
        self.f["acted"] = True
        if not a.tile:
            self.coin(p, -1, "Officer: a coin paid to turn up every face-down top", "skill.officer")
            self.flip_all("skill.officer")
        else:
            k = self.f["tops"].index(a.tile)
            self.f["tops"][k] = 0
            self.f["under"][k] = tuple(self.f["under"][k]) + (a.tile,)
            self.effect(f"Officer: tile {a.tile} goes face down under its stack", "skill.officer")
            self.todo(("flip", k))

    def do_influence(self, p, a):
        if self.f["solo"]:
            return self.solo_influence(p, a)
        self.f["influenced"] = True
        if self.f["right"]:
            self.f["right"] = False
        else:
            self.f["ctoken"][p] = False
            self.effect("the character token is used", "influence.token")
        if a.source == "shown":
            self.f["char_shown"] = tuple(c for c in self.f["char_shown"] if c != a.char)
            if self.f["char_deck"]:
                self.todo(("reveal",))
            self.push(("place", a.char))
        elif a.source == "choose":
            self.use_lantern(p, "choose")
            self.f["char_deck"] = tuple(c for c in self.f["char_deck"] if c != a.char)
            self.push(("place", a.char))
        else:
            self.todo(("blind",))
        self.effect("influences a character", "influence.take")

    def do_placechar(self, p, a):
        if self.f["solo"]:
            kind, cid = self.f["pending"][0]
            self.pop()
            owner = -1 if kind == "neutral" else 0
            if kind == "neutral":
                self.f["aside"] = tuple(c for c in self.f["aside"] if c != cid)
            self.f["placed"] = tuple(sorted(self.f["placed"] + ((a.char, owner, a.x, a.y, a.where, a.facing),)))
            self.effect(f"{a.char} stands on the {a.where} spot of {space_name(a.x, a.y)} facing {a.facing}"
                        + (" (neutral)" if owner < 0 else ""), "solo.neutral" if owner < 0 else "solo.final")
            if kind == "final":
                self.solo_final_spots()
            return
        new = self.f["pending"][0][1]
        self.pop()
        keep = new if a.char == self.f["own"][p] else self.f["own"][p]
        self.f["own"][p] = keep
        self.f["placed"] = tuple(sorted(self.f["placed"] + ((a.char, p, a.x, a.y, a.where, a.facing),)))
        self.effect(f"{a.char} stands on the {a.where} spot of {space_name(a.x, a.y)} facing {a.facing}",
                    "influence.spot")
        if keep:
            self.effect(f"{keep} stays on the card: its skill is the active one", "influence.skill_gone")

    def do_movechar(self, p, a):
        self.use_lantern(p, "move")
        self.f["placed"] = tuple(sorted(
            ((a.char, p, a.x, a.y, a.where, a.facing) if c[0] == a.char else c) for c in self.f["placed"]))

    def do_refresh(self, p, a):
        need = 4 if self.f["players"] == 2 else 3
        i = SIZES.index(a.size)
        self.f["held"][p][i] -= need
        self.f["spent"][p][i] += need
        self.f["lanterns"][p][LANTERNS.index(a.kind)] = True
        self.effect(f"{need} {a.size} tokens handed in: the {a.kind} lantern is face up again", "lantern.refresh")

    def solo_influence(self, p, a):
        if self.f["pending"] and self.f["pending"][0][0] == "start":
            self.pop()
            self.f["own"][0] = a.char
            self.f["team"] = (a.char,)
            self.f["aside"] = tuple(c for c in self.f["char_shown"] if c != a.char)
            self.f["char_shown"] = ()
            self.effect(f"{a.char} is kept; the other waits to stand as a neutral figure", "solo.setup")
            comps = self.f["components"]
            self.todo(*[("reveal",)] * 2, *[("slot", side) for side in SIDES], *[("show", "large")] * 2,
                      *[("show", "small")] * 2, *[("pair", k) for k in range(4)],
                      *[("lay", i) for i in range(len(comps.tokens["solo"]))])
            self.f["acted"] = False
            return
        self.f["influenced"] = True
        self.f["team"] = tuple(self.f["team"]) + (a.char,)
        others = tuple(c for c in self.f["char_shown"] if c != a.char)
        self.f["aside"] = tuple(self.f["aside"]) + others
        self.f["char_shown"] = ()
        self.effect(f"{a.char} joins you; {', '.join(others) or 'no other'} will stand as a neutral figure",
                    "solo.influence")
        for _ in range(min(2, len(self.f["char_deck"]))):
            self.todo(("reveal",))

    def do_remove(self, p, a):
        need = self.f["components"].solo["remove_tokens"]
        i = SIZES.index(a.size)
        self.f["held"][p][i] -= need
        self.f["spent"][p][i] += need
        gone = next(d for d in self.f["decos"] if (d[0], d[1], d[2]) == (a.x, a.y, a.area))
        self.f["decos"] = tuple(d for d in self.f["decos"] if d != gone)
        self.f["boxed"] = tuple(sorted(self.f["boxed"] + (gone[3],)))
        self.f["placed"] = tuple(c for c in self.f["placed"] if not (c[2], c[3]) == (a.x, a.y) or c[4] != gone[3])
        self.effect(f"{need} {a.size} tokens send the {gone[3]} on {space_name(a.x, a.y)} back to the box",
                    "solo.remove")

    def do_endturn(self, p, a):
        if self.f["solo"]:
            self.f.update(turn=self.f["turn"] + 1, lantern_used=False, lantern_mode="", builds=0, keeps=0,
                          influenced=False, acted=False, step="main", moved=())
            return
        if self.f["right"] and not self.f["influenced"]:
            self.f["ctoken"][p] = True
            self.effect("the character level is kept as a character token", "influence.token")
        self.f["right"] = False
        n = self.f["players"]
        nxt = (p + 1) % n
        if self.f["ending"] and nxt == self.f["first"]:
            self.finish()
            return
        self.f.update(active=nxt, turn=self.f["turn"] + 1, right=False, lantern_used=False, lantern_mode="",
                      builds=0, keeps=0, influenced=False, acted=False, merchant_used=False, step="main", moved=(),
                      turn_tops=tuple(sorted(face_up(self))))

    # ----- what follows a move -------------------------------------------------------------------------
    def settle(self):
        if self.f["over"]:
            return
        if not self.f["todo"] and not self.f["pending"]:
            step = self.f["step"]
            if step == "built":
                if self.f["lantern_mode"] == "build2" and self.f["builds"] == 1 and self.second_builds():
                    self.f["step"] = "build2"
                else:
                    if len(face_up(self)) < 2:
                        self.flip_all("build.flip")
                    self.f["step"] = "after"
            elif step == "kept":
                if (self.f["lantern_mode"] == "decorate2" and self.f["keeps"] == 1 and self.f["drawn"]
                        and any(card_places(self, c) for c in self.f["drawn"])):
                    self.push(("keep",))
                    self.f["step"] = "kept"
                else:
                    if self.f["drawn"]:
                        self.effect(f"{len(self.f['drawn'])} card(s) not kept go to the discards", "decorate.discard")
                    self.f["discard"] = tuple(self.f["discard"]) + tuple(self.f["drawn"])
                    self.f["drawn"] = ()
                    self.flip_all("decorate.flip")
                    self.f["step"] = "after"
        if not self.f["ending"]:
            if len(self.f["board_tokens"]) <= 3 or any(stack_left(self, k) == 0 for k in range(4)):
                self.f["ending"] = True
                self.effect("the end is triggered: the round is played to its end", "end.trigger")
            elif self.f["step"] == "after" and self.stuck():
                self.f["ending"] = True
                self.effect("no garden tile can be built any more (every stack shows a tile that fits nowhere): "
                            "the end is triggered, the round is played to its end", "end.stuck")

    def stuck(self) -> bool:
        """Whether no garden tile can ever be built again: every stack's top is face up (or the stack is
        empty) and none fits anywhere. Nothing else turns a stack's next tile up, so the stacks could
        never run out and, with tokens left on the board, the game would never end (READINGS.md)."""
        return all(self.f["tops"][k] or stack_left(self, k) == 0 for k in range(4)) and not any_build(
            self, face_up(self))

    def second_builds(self):
        s = self.freeze()
        return any_build(s, [t for t in face_up(s) if t in s.turn_tops])

    def finish(self):
        s = self.freeze()
        for p in range(s.players):
            self.f["lines"][p].extend(final_lines(s, p))
        self.f["over"] = True
        s = self.freeze()
        self.f["winners"] = winners(s)
        self.effect("the last round is over: end scoring", "end.round")
