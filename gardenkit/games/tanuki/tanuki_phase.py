"""The Tanuki's phase of a turn: the dice place or walk the two Tanuki, and what they meet on the way
(stashes scattered, traps, a Tanuki Repellant's chance). A part of :class:`~gardenkit.games.tanuki.engine.Work`."""
from __future__ import annotations

from .board import SIDE_STEP, SIZE, TANUKI, on_board, space_name
from .costs import TOGETHER_COST


class TanukiPhase:
    """The Tanuki's moves, on a :class:`~gardenkit.games.tanuki.engine.Work` (its fields and ledger)."""

    def step_tanuki(self) -> None:
        if self.event is not None:
            self.resolve_event()
            return
        if self.tmove is not None:
            self.tanuki_step()
            return
        if self.tqueue:
            entry = self.tqueue[0]
            which = entry.rstrip("*")
            i = TANUKI.index(which)
            if self.tanuki[i] is None:
                if entry.endswith("*"):
                    if self.dice2 is None:
                        self.stage = "roll2"
                        return
                    b, g = self.dice2
                else:
                    b, g = self.dice
                self.tqueue.pop(0)
                self.place_tanuki(which, b - 1, g - 1)
                return
            self.tqueue.pop(0)
            b, g = self.dice
            own, other = (b, g) if which == "blue" else (g, b)
            if own == 6:
                self.note(f"the {which} Tanuki stays where it is (its die shows 6)", "tanuki.tanuki.direction")
                return
            dist = 1 if other % 2 else 2
            harmless = "fast" in self.flags
            if harmless:
                dist += 1
            if own == 5:
                self.tmove = (which, 0, dist, self.active, harmless)
                self.pending.insert(0, (self.active, "direction", which))
                return
            self.tmove = (which, own, dist, self.active, harmless)
            return
        self.finish_tanuki()

    def place_tanuki(self, which: str, x: int, y: int) -> None:
        i = TANUKI.index(which)
        if self.rock_at(x, y):
            self.note(f"the {which} Tanuki cannot come back on the rock garden at {space_name(x, y)}: it stays off "
                      "the board", "tanuki.gm.rock")
            return
        self.tanuki[i] = (x, y)
        self.note(f"the {which} Tanuki comes onto the board at {space_name(x, y)}",
                  "tanuki.setup.tanuki" if self.stage == "place" else "tanuki.tanuki.place")

    def tanuki_step(self) -> None:
        which, side, left, mover, harmless = self.tmove
        i = TANUKI.index(which)
        x, y = self.tanuki[i]
        dx, dy = SIDE_STEP[side]
        nx, ny = x + dx, y + dy
        if not on_board(nx, ny):
            self.tanuki[i] = None
            self.tmove = None
            self.off_count += 1
            self.note(f"the {which} Tanuki walks off the board toward side {side}", "tanuki.tanuki.off")
            return
        if self.rock_at(nx, ny):
            self.tmove = None
            self.note(f"the {which} Tanuki stops at {space_name(x, y)}: a rock garden blocks its way", "tanuki.gm.rock")
            return
        trap = next((t for t in self.traps if (t[0], t[1]) == (nx, ny)), None)
        if trap is not None:
            self.tanuki[i] = None
            self.tmove = None
            self.traps.remove(trap)
            self.card_discard = sorted(self.card_discard + ["trap"])
            self.note(f"the {which} Tanuki walks into player {trap[2] + 1}'s trap at {space_name(nx, ny)} and is "
                      "caught", "tanuki.gm.trap")
            self.gain(trap[2], 3, f"the {which} Tanuki caught in your trap", "tanuki.gm.trap")
            return
        self.tanuki[i] = (nx, ny)
        left -= 1
        self.tmove = (which, side, left, mover, harmless) if left else None
        self.note(f"the {which} Tanuki {'walks to' if left == 0 else 'walks through'} {space_name(nx, ny)}",
                  "tanuki.tanuki.direction")
        here = self.monks_on(nx, ny)
        if here:
            if harmless:
                self.scatter_stash(which, nx, ny, "lands on" if left == 0 else "crosses")
                self.note(f"Fast Tanuki: the {which} Tanuki harms no monk on {space_name(nx, ny)}", "tanuki.gm.fast")
                return
            self.event = (which, nx, ny, "land" if left == 0 else "pass")
            if self.gm:
                askers = [p for p in here if p not in self.hidden and p not in self.played
                          and self.holds_card(p, "repellant")]
                self.pending[:0] = [(p, "react", which) for p in askers]
            return
        if self.at(nx, ny) is not None:
            self.remove_tile(nx, ny, f"the {which} Tanuki eats it", "tanuki.tanuki.eat")

    def resolve_event(self) -> None:
        which, x, y, kind = self.event
        self.event = None
        i = TANUKI.index(which)
        if self.tanuki[i] != (x, y):
            return  # sent away by a Tanuki Repellant
        self.scatter_stash(which, x, y, "lands on" if kind == "land" else "crosses")
        here = self.monks_on(x, y)
        if kind == "pass":
            for p in here:
                self.pay(p, 1, f"the {which} Tanuki passes your monk on {space_name(x, y)} (left there as a stash)",
                         "tanuki.tanuki.pass", stash_at=(x, y))
            return
        for p in here:
            self.pay(p, 3, f"the {which} Tanuki lands on your monk on {space_name(x, y)} (left there as a stash)",
                     "tanuki.tanuki.land", stash_at=(x, y))
        self.tanuki[i] = None
        self.tmove = None
        self.note(f"the {which} Tanuki leaves the board after landing on monks (no reward for the roller)",
                  "tanuki.tanuki.land")

    def scatter_stash(self, which: str, x: int, y: int, how: str) -> None:
        """A Tanuki walks through or onto (``how``: "crosses", "lands on") the tile of (x, y), where
        monks stand: a stash lying there goes back to the supply, since no monk entered the tile before
        the Tanuki came (a monk still standing where it was robbed has not entered it again). What the
        Tanuki then takes makes a new stash."""
        i = y * SIZE + x
        if self.stash[i]:
            self.note(f"the {which} Tanuki {how} {space_name(x, y)} before any monk entered it: the stash of "
                      f"{self.stash[i]} lying there goes back to the supply", "tanuki.move.stash")
            self.supply += self.stash[i]
            self.stash[i] = 0

    def finish_tanuki(self) -> None:
        if self.off_count == 1:
            self.gain(self.mover, 1, "a Tanuki walked off the board", "tanuki.tanuki.off")
        elif self.off_count >= 2:
            self.gain(self.mover, 3, "both Tanuki walked off the board (1 each and 1 more)", "tanuki.tanuki.off")
        self.off_count = 0
        if self.tanuki[0] is not None and self.tanuki[0] == self.tanuki[1]:
            self.note(f"both Tanuki share {space_name(*self.tanuki[0])}: every player pays 2", "tanuki.tanuki.together")
            for p in self.clockwise(self.active):
                self.pay(p, TOGETHER_COST, f"both Tanuki on {space_name(*self.tanuki[0])}", "tanuki.tanuki.together")
        self.stage = self.resume
        self.resume = "tile"
        self.dice2 = None
