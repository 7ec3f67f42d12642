"""The Garden Master expansion's cards: when one may be played, what each does, and the answers to
them (a Tanuki Repellant, The Best Offense). A part of :class:`~gardenkit.games.tanuki.engine.Work`."""
from __future__ import annotations

from .actions import card_kind, parse
from .board import SIZE, TANUKI, space_name
from .costs import TURN_CARDS
from .tile_phase import merge_trail


class GardenMasterPhase:
    """The cards, on a :class:`~gardenkit.games.tanuki.engine.Work` (its fields and ledger)."""

    def card_window(self, p: int) -> bool:
        """Whether ``p`` (the active player) could play a card now (before the roll or in the tile phase,
        once the Tanuki have moved; Fast Tanuki only before the roll)."""
        if p in self.played or not self.cards:
            return False
        if p in self.hidden:  # a player's view: their cards are face down, the window is as the game left it
            return bool(self.cards[p]) and self.stage in ("pre", "tile")
        kinds = set(self.cards[p])
        if self.stage == "tile":
            kinds.discard("fast")
        return bool(kinds & set(TURN_CARDS)) or ("repellant" in kinds and self.stage == "tile" and self.blocked(p))

    def blocked(self, p: int) -> list[str]:
        """The Tanuki on the space where ``p`` must lay a tile."""
        m = self.monks[p]
        if m is None or self.at(m[1], m[2]) is not None:
            return []
        return self.tanuki_on(m[1], m[2])

    def play_card(self, p: int, a) -> None:
        kind = card_kind(a)
        hand = list(self.cards[p])
        hand.remove(kind)
        self.cards[p] = tuple(hand)
        card = self.comps.card(kind)
        self.line(p, -card.worth, f"{card.title} played (no longer in your hand)", "tanuki.gm.worth")
        self.played.add(p)
        self.cardstack.append((p, str(a)))
        self.note(f"player {p + 1} plays {card.title}", f"tanuki.gm.{kind}")
        askers = [r for r in self.clockwise(p)[1:] if r not in self.played and r not in self.hidden
                  and self.holds_card(r, "offense")]
        self.pending[:0] = [(r, "counter", None) for r in askers]

    def resolve_cards(self) -> None:
        stack = self.cardstack
        self.cardstack = []
        live = [True] * len(stack)
        for i in range(len(stack) - 1, 0, -1):
            if live[i]:
                live[i - 1] = False
        for i, (p, text) in enumerate(stack):
            a = parse(text)
            kind = card_kind(a)
            title = self.comps.card(kind).title
            if not live[i]:
                self.note(f"player {p + 1}'s {title} is cancelled by The Best Offense", "tanuki.gm.offense")
                self.card_discard = sorted(self.card_discard + [kind])
                continue
            if kind != "trap":
                self.card_discard = sorted(self.card_discard + [kind])
            if kind != "offense":
                self.card_effect(p, a)

    def card_effect(self, p: int, a) -> None:
        kind = card_kind(a)
        rule = f"tanuki.gm.{kind}"
        stale = ((kind == "move" and self.tanuki[TANUKI.index(a.tanuki)] is None)
                 or (kind == "shift" and self.at(a.x, a.y) is None)
                 or (kind == "trap" and (len(self.traps) >= self.comps.traps or self.tanuki_on(a.x, a.y)))
                 or (kind == "rock" and (len(self.rocks) >= self.comps.rocks or (a.x, a.y) in self.rocks
                                         or any((t[0], t[1]) == (a.x, a.y) for t in self.traps))))
        if stale:
            if kind == "trap":
                self.card_discard = sorted(self.card_discard + ["trap"])
            self.note(f"{self.comps.card(kind).title} has nothing to act on any more", rule)
            return
        if kind in ("fast", "dens", "ashi", "harvest", "robber"):
            self.flags.add(kind)
            self.note(f"{self.comps.card(kind).title} holds for the rest of player {p + 1}'s turn", rule)
        elif kind == "speed":
            self.tiles_left += 1
            self.note(f"player {p + 1} may lay a second tile this turn", rule)
        elif kind == "clear":
            self.pending.insert(0, (p, "clear", 3))
        elif kind == "repellant":
            self.repel(p)
        elif kind == "move":
            self.tmove = (a.tanuki, a.side, 1, p, False)
            self.off_count, self.mover = 0, p
            self.resume, self.stage = self.stage, "tanuki"
        elif kind == "pilfer":
            for v in a.victims:
                self.transfer(v, p, 1, "Pilfer Shiitake", rule)
            extra = {2: 2, 3: 1}.get(self.n, 0)
            if extra:
                self.gain(p, extra, f"Pilfer Shiitake: {extra} from the supply with {self.n} players", rule)
        elif kind == "trap":
            self.traps.append((a.x, a.y, p))
            self.note(f"player {p + 1} sets a Tanuki Trap on {space_name(a.x, a.y)}", rule)
        elif kind == "bait":
            self.tanuki[0], self.tanuki[1] = (a.bx, a.by), (a.gx, a.gy)
            self.note(f"the Tanuki are baited next to player {a.victim + 1}'s monk: blue on "
                      f"{space_name(a.bx, a.by)}, gold on {space_name(a.gx, a.gy)}", rule)
        elif kind == "shift":
            tile, rot = self.at(a.x, a.y)
            self.board[a.y * SIZE + a.x] = (tile, (rot + a.rot) % 360)
            step = a.rot // 45
            for q in range(self.n):
                if any((seg[0], seg[1]) == (a.x, a.y) for seg in self.trails[q]):
                    self.trails[q] = merge_trail((), [(sx, sy, (c + step) % 8, (d + step) % 8) if (sx, sy) == (a.x, a.y)
                                                      else (sx, sy, c, d) for sx, sy, c, d in self.trails[q]])
            self.note(f"tile {tile} on {space_name(a.x, a.y)} is turned {a.rot} degrees", rule)
        elif kind == "rock":
            self.remove_tile(a.x, a.y, "a rock garden takes its place", rule)
            self.rocks.append((a.x, a.y))
            self.note(f"a rock garden now stands on {space_name(a.x, a.y)}", rule)

    def repel(self, p: int) -> None:
        rule = "tanuki.gm.repellant"
        if self.event is not None and self.monk_space(p) == (self.event[1], self.event[2]):
            which = self.event[0]
            self.tanuki[TANUKI.index(which)] = None
            self.event = None
            self.tmove = None
            self.pending = [d for d in self.pending if d[1] != "react"]
            self.note(f"Tanuki Repellant: the {which} Tanuki leaves the board", rule)
        else:
            fx, fy = self.front(p)
            for which in self.tanuki_on(fx, fy):
                self.tanuki[TANUKI.index(which)] = None
                self.note(f"Tanuki Repellant: the {which} Tanuki blocking player {p + 1} leaves the board", rule)
        self.gain(p, 1, "Tanuki Repellant", rule)
