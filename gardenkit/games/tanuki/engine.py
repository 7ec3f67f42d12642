"""The working of a Tanuki in the Garden turn: one mutable copy of a state, changed by the rules and
frozen into a new state (the state it came from never changes).

:class:`Work` holds every field of a :class:`~gardenkit.games.tanuki.state.TanukiState` as lists,
applies one action (:meth:`Work.do`), then carries the game on by itself (:meth:`Work.run`) until a
player must decide something or chance must be drawn. Everything an action causes is recorded as
it happens: score lines per player, :class:`~gardenkit.Effect` values and the monks' walks, so the
explanation of a move is produced by the very code that applies it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core import Effect, Line
from .actions import (
    Buy, Chase, Decline, Done, Draw, DrawCard, EndTurn, Enter, Go, Pass, Place, Roll, Start, card_kind, parse,
)
from .board import (
    EDGE_PLACES, SIDE_STEP, SIZE, TANUKI, across, behind, crossing, on_board, place_name, point, side_ports, space_name,
)
from .components import SYMBOL_NAMES
from .state import HIDDEN_CARD, TanukiState

CRASH_COST = 5
LOOP_COST = 5
CHASE_COST = 2
TOGETHER_COST = 2
BUY_COST = 2
HAND_CARDS = 5
#: extra rounds of tie-break turns after which tied leaders share the win (the rulebook repeats forever)
MAX_TIEBREAK_ROUNDS = 10
#: cards that may be played on your own turn, before the roll and (all but Fast Tanuki) once the Tanuki moved
TURN_CARDS = ("move", "fast", "dens", "ashi", "pilfer", "harvest", "robber", "trap", "bait", "speed", "clear",
              "shift", "rock")


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


class Work:
    """A mutable copy of a state being played on (see the module's docstring)."""

    def __init__(self, s: TanukiState):
        self.s0 = s
        self.comps = s.components
        self.n = s.players
        self.edge = s.edge
        self.gm = s.garden_master
        self.rng = s.rng
        self.stage, self.active, self.turn = s.stage, s.active, s.turn
        self.board = list(s.board)
        self.stash = list(s.stash)
        self.monks = list(s.monks)
        self.fresh = list(s.fresh)
        self.trails = list(s.trails)
        self.tanuki = list(s.tanuki)
        self.hands = list(s.hands)
        self.pile = list(s.pile)
        self.discard = list(s.discard)
        self.shiitake = list(s.shiitake)
        self.supply = s.supply
        self.new_lines: dict[int, list] = {}
        self.dice, self.dice2 = s.dice, s.dice2
        self.tqueue = list(s.tqueue)
        self.tmove, self.event = s.tmove, s.event
        self.off_count, self.mover, self.resume = s.off_count, s.mover, s.resume
        self.ashi_met, self.tiles_left, self.empty_start = s.ashi_met, s.tiles_left, s.empty_start
        self.ashi_others = set(s.ashi_others)
        self.flags, self.robbed, self.played = set(s.flags), set(s.robbed), set(s.played)
        self.pending = list(s.pending)
        self.cardstack = list(s.cardstack)
        self.deck = list(s.deck)
        self.card_discard = list(s.card_discard)
        self.cards = list(s.cards)
        self.traps = list(s.traps)
        self.rocks = list(s.rocks)
        self.tiebreak, self.tb_round = list(s.tiebreak), s.tb_round
        self.over, self.winners = s.over, s.winners
        self.hidden = set(s.hidden)
        self.unseen, self.unseen_cards = s.unseen, s.unseen_cards
        self.effects: list[Effect] = []
        self.walks: list[Walk] = []

    # ----- freezing ----------------------------------------------------------------------------------
    def freeze(self) -> TanukiState:
        s = self.s0
        lines = s.lines
        if self.new_lines:
            lines = tuple(ls + tuple(self.new_lines.get(p, ())) for p, ls in enumerate(lines))
        return TanukiState(
            players=self.n, rng=self.rng, stage=self.stage, active=self.active, turn=self.turn,
            board=tuple(self.board), stash=tuple(self.stash), monks=tuple(self.monks), fresh=tuple(self.fresh),
            trails=tuple(self.trails), tanuki=tuple(self.tanuki), hands=tuple(self.hands), pile=tuple(self.pile),
            discard=tuple(self.discard), shiitake=tuple(self.shiitake), supply=self.supply, lines=lines,
            dice=self.dice, dice2=self.dice2, tqueue=tuple(self.tqueue), tmove=self.tmove, event=self.event,
            off_count=self.off_count, mover=self.mover, resume=self.resume, ashi_met=self.ashi_met,
            ashi_others=tuple(sorted(self.ashi_others)),
            tiles_left=self.tiles_left, empty_start=self.empty_start, flags=tuple(sorted(self.flags)),
            robbed=tuple(sorted(self.robbed)), played=tuple(sorted(self.played)), pending=tuple(self.pending),
            cardstack=tuple(self.cardstack), deck=tuple(self.deck), card_discard=tuple(self.card_discard),
            cards=tuple(self.cards), traps=tuple(sorted(self.traps)), rocks=tuple(sorted(self.rocks)),
            tiebreak=tuple(self.tiebreak), tb_round=self.tb_round, over=self.over, winners=tuple(self.winners),
            short=s.short, garden_master=s.garden_master, edge=s.edge, start_player=s.start_player,
            components=s.components, hidden=tuple(sorted(self.hidden)), unseen=self.unseen,
            unseen_cards=self.unseen_cards,
        )

    # ----- Shiitake: every change is a score line -------------------------------------------------------
    def line(self, p: int, points: int, text: str, rule: str) -> None:
        self.new_lines.setdefault(p, []).append(Line(points, text, rule, self.turn))

    def note(self, text: str, rule: str) -> None:
        self.effects.append(Effect(text, rule))

    def gain(self, p: int, amount: int, text: str, rule: str) -> int:
        """``p`` gains ``amount`` from the supply (what is left of it, if it runs short)."""
        got = min(amount, self.supply)
        self.supply -= got
        self.shiitake[p] += got
        if got < amount:
            text += f" (the supply held only {got})" if got else " (the supply is empty)"
        self.line(p, got, text, rule)
        return got

    def pay(self, p: int, amount: int, text: str, rule: str, stash_at: tuple | None = None) -> int:
        """``p`` pays ``amount`` (what they have, if less) to the supply or onto a tile's stash."""
        paid = min(amount, self.shiitake[p])
        self.shiitake[p] -= paid
        if stash_at is None:
            self.supply += paid
        else:
            self.stash[stash_at[1] * SIZE + stash_at[0]] += paid
        if paid < amount:
            text += f" (had only {paid})" if paid else " (had nothing to pay)"
        self.line(p, -paid, text, rule)
        return paid

    def transfer(self, frm: int, to: int, amount: int, text: str, rule: str) -> int:
        taken = min(amount, self.shiitake[frm])
        self.shiitake[frm] -= taken
        self.shiitake[to] += taken
        self.line(frm, -taken, f"{text}: taken by player {to + 1}", rule)
        self.line(to, taken, f"{text}: from player {frm + 1}", rule)
        return taken

    def card_worth(self, kind: str) -> int:
        return 1 if kind == HIDDEN_CARD else self.comps.card(kind).worth

    # ----- where things are -------------------------------------------------------------------------
    def at(self, x: int, y: int):
        return self.board[y * SIZE + x]

    def rock_at(self, x: int, y: int) -> bool:
        return (x, y) in self.rocks

    def clockwise(self, first: int) -> list[int]:
        return [(first + k) % self.n for k in range(self.n)]

    def front(self, p: int) -> tuple[int, int] | None:
        m = self.monks[p]
        return None if m is None else (m[1], m[2])

    def monk_space(self, p: int) -> tuple[int, int] | None:
        """The space of the tile a monk stands on (the end of its path), or None: not on the board,
        on its start place, or the tile behind it is gone."""
        m = self.monks[p]
        if m is None or m[0] != "at":
            return None
        b = behind(m[1], m[2], m[3], self.edge)
        if b is None or self.at(*b) is None:
            return None
        return b

    def where(self, p: int) -> tuple[int, int] | None:
        """Where a monk is for Tanuki Trap and Tanuki Bait: the space of its tile, else the space in front."""
        return self.monk_space(p) or self.front(p)

    def monks_on(self, x: int, y: int) -> list[int]:
        """Players whose monks stand on the tile of (x, y), clockwise from the active player."""
        return [p for p in self.clockwise(self.active) if self.monk_space(p) == (x, y)]

    def points_of(self, p: int) -> tuple:
        m = self.monks[p]
        if m is None:
            return ()
        if m[0] == "at":
            return (point(m[1], m[2], m[3], self.edge),)
        return tuple(point(m[1], m[2], port, self.edge) for port in side_ports(m[3]))

    def point_at(self, x: int, y: int, port: int) -> tuple:
        return point(x, y, port, self.edge)

    def occupied(self, but: int | None = None) -> dict:
        occ = {}
        for p in range(self.n):
            if p != but:
                for pid in self.points_of(p):
                    occ[pid] = p
        return occ

    def tanuki_on(self, x: int, y: int) -> list[str]:
        return [TANUKI[i] for i in (0, 1) if self.tanuki[i] == (x, y)]

    # ----- hands (an observation holds face-down tiles of the players it hides) --------------------------
    def tile_choices(self, p: int) -> list[int]:
        """The tiles ``p`` may play or discard: their hand, or, for a hidden hand, any tile not seen."""
        if p in self.hidden:
            return sorted(set(self.pile)) if self.hands[p] else []
        return list(self.hands[p])

    def holds_tile(self, p: int, t: int) -> bool:
        if p in self.hidden:
            return bool(self.hands[p]) and t in self.pile
        return t in self.hands[p]

    def take_tile(self, p: int, t: int) -> None:
        if p in self.hidden:
            self.pile.remove(t)
            self.unseen -= 1
            hand = list(self.hands[p])
            hand.remove(0)
            self.hands[p] = tuple(hand)
        else:
            hand = list(self.hands[p])
            hand.remove(t)
            self.hands[p] = tuple(hand)

    def give_tile(self, p: int, t: int) -> None:
        if p in self.hidden:
            self.hands[p] = self.hands[p] + (0,)
            self.unseen += 1
        else:
            self.pile.remove(t)
            self.hands[p] = tuple(sorted(self.hands[p] + (t,)))

    @property
    def pile_count(self) -> int:
        return len(self.pile) - self.unseen

    @property
    def deck_count(self) -> int:
        return len(self.deck) - self.unseen_cards

    def holds_card(self, p: int, kind: str) -> bool:
        return bool(self.cards) and kind in self.cards[p]

    # ----- tiles leaving the board ------------------------------------------------------------------
    def remove_tile(self, x: int, y: int, why: str, rule: str) -> None:
        i = y * SIZE + x
        tile = self.board[i]
        if tile is None:
            return
        self.board[i] = None
        self.discard = sorted(self.discard + [tile[0]])
        text = f"tile {tile[0]} on {space_name(x, y)} is removed ({why})"
        if self.stash[i]:
            text += f"; its stash of {self.stash[i]} goes back to the supply"
            self.supply += self.stash[i]
            self.stash[i] = 0
        self.note(text, rule)
        for p in range(self.n):
            if any(seg[0] == x and seg[1] == y for seg in self.trails[p]):
                self.trails[p] = tuple(seg for seg in self.trails[p] if (seg[0], seg[1]) != (x, y))

    # ----- carrying on by itself ----------------------------------------------------------------------
    def run(self) -> None:
        """Play on until a player must decide or chance must be drawn."""
        for _ in range(100_000):
            if self.cardstack and not (self.pending and self.pending[0][1] == "counter"):
                # a card played takes effect once nobody is left to counter it, before any other decision
                # waiting (another player's Tanuki Repellant against the same Tanuki waits for the outcome)
                self.resolve_cards()
                continue
            if self.pending:
                return
            st = self.stage
            if st == "over":
                return
            if st == "deal":
                if self.deal_to() is not None and self.pile_count > 0:
                    return
                self.stage, self.tqueue = "place", ["blue", "gold"]
                continue
            if st == "place":
                if self.tqueue:
                    return
                self.stage = "setup"
                continue
            if st == "setup":
                todo = [p for p in self.clockwise(self.s0.start_player) if self.monks[p] is None]
                if todo and self.start_places(todo[0]):
                    self.active = todo[0]
                    return
                self.turn = 0
                self.start_turn(self.s0.start_player)
                continue
            if st == "begin":
                if self.monks[self.active] is None and self.start_places(self.active):
                    return
                self.stage = "pre"
                continue
            if st == "pre":
                if self.gm and self.card_window(self.active):
                    return
                self.stage = "roll"
                continue
            if st in ("roll", "roll2"):
                return
            if st == "tanuki":
                self.step_tanuki()
                continue
            if st == "tile":
                if self.tile_decision():
                    return
                if self.gm and self.tiles_left > 0 and self.card_window(self.active):
                    return  # no tile to lay (a turn begun with none): a card may still be played, or pass
                self.stage = "draw"
                continue
            if st == "draw":
                if self.draws_wanted() > 0:
                    if self.pile_count == 0 and self.discard:
                        self.reshuffle()
                    if self.pile_count > 0:
                        return
                self.stage = "buy"
                continue
            if st == "buy":
                if self.can_buy():
                    return
                self.end_turn()
                continue
            if st == "carddraw":
                if self.deck_count == 0 and self.card_discard:
                    self.deck = sorted(self.deck + self.card_discard)
                    self.card_discard = []
                    self.note("the Garden Master discards are shuffled into a new deck", "tanuki.gm.buy")
                if self.deck_count > 0:
                    return
                self.end_turn()
                continue
            raise AssertionError(f"unknown stage {st!r}")  # pragma: no cover - from_dict checks it
        raise AssertionError("the game does not settle")  # pragma: no cover

    def deal_to(self) -> int | None:
        """The next player dealt a tile at set-up (round the table until each holds a full hand)."""
        want = self.comps.hand
        order = self.clockwise(self.s0.start_player)
        fewest = min(len(self.hands[p]) for p in order)
        if fewest >= want:
            return None
        return next(p for p in order if len(self.hands[p]) == fewest)

    def start_turn(self, p: int) -> None:
        self.active = p
        self.turn += 1
        self.stage = "begin"
        self.dice = self.dice2 = self.tmove = self.event = None
        self.tqueue = []
        self.off_count, self.mover, self.resume = 0, p, "tile"
        self.ashi_met, self.tiles_left = False, 1
        self.ashi_others = set()
        self.empty_start = not self.hands[p]
        self.flags, self.robbed, self.played = set(), set(), set()

    def draws_wanted(self) -> int:
        hand = len(self.hands[self.active])
        if self.ashi_met and not self.empty_start:
            return 0
        return max(0, self.comps.hand - hand)

    def reshuffle(self) -> None:
        self.pile = sorted(self.pile + self.discard)
        self.discard = []
        self.note("the draw pile is empty: the discarded tiles are shuffled into a new pile", "tanuki.draw.refill")

    def can_buy(self) -> bool:
        p = self.active
        return (self.gm and self.shiitake[p] >= BUY_COST and len(self.cards[p]) < HAND_CARDS
                and (self.deck_count > 0 or bool(self.card_discard)))

    def counts(self) -> list[int]:
        return [self.shiitake[p] + sum(self.card_worth(k) for k in (self.cards[p] if self.cards else ()))
                for p in range(self.n)]

    def end_turn(self) -> None:
        p = self.active
        counts = self.counts()
        if self.tiebreak:
            self.tiebreak.pop(0)
            if self.tiebreak:
                self.start_turn(self.tiebreak[0])
                return
            self.settle(counts, f"after round {self.tb_round} of tie-break turns")
            return
        if counts[p] >= self.s0.target:
            self.settle(counts, f"player {p + 1} ended their turn holding {counts[p]} of the {self.s0.target} "
                                "Shiitake needed", first=True)
            return
        self.start_turn((p + 1) % self.n)

    def settle(self, counts: list[int], why: str, first: bool = False) -> None:
        best = max(counts)
        leaders = [q for q in self.clockwise((self.active + 1) % self.n) if counts[q] == best]
        if len(leaders) == 1:
            self.finish(leaders, f"{why}; player {leaders[0] + 1} has the most ({best})")
            return
        if self.tb_round >= MAX_TIEBREAK_ROUNDS:
            self.finish(sorted(leaders), f"{why}; still tied on {best} after {MAX_TIEBREAK_ROUNDS} rounds of "
                                         "tie-break turns: the win is shared")
            return
        self.tb_round += 1
        self.tiebreak = leaders
        self.note(f"{why}; players {', '.join(str(q + 1) for q in sorted(leaders))} are tied on {best}: each plays "
                  "one more turn", "tanuki.end.tie")
        self.start_turn(leaders[0])

    def finish(self, winners: list[int], why: str) -> None:
        self.stage, self.over, self.winners = "over", why, sorted(winners)
        self.tiebreak = []
        self.note(f"game over: {why}", "tanuki.end.winner")

    # ----- start places -------------------------------------------------------------------------------
    def start_places(self, p: int) -> list[tuple[int, int, int]]:
        """The edge places ``p``'s monk may take: free ones (no tile in front, no rock, no monk on
        them); if there is none, any without a monk or a rock (the tile in front is then removed)."""
        occ = self.occupied(but=p)
        usable = [pl for pl in EDGE_PLACES
                  if not self.rock_at(pl[0], pl[1])
                  and not any(point(pl[0], pl[1], port, self.edge) in occ for port in side_ports(pl[2]))]
        free = [pl for pl in usable if self.at(pl[0], pl[1]) is None]
        return free or usable

    def take_place(self, p: int, a: Start) -> None:
        if self.at(a.x, a.y) is not None:
            self.remove_tile(a.x, a.y, f"no edge place was free, so player {p + 1} clears the space in front",
                             "tanuki.crash.restart")
        stuck = self.monks[p] is not None
        self.monks[p] = ("edge", a.x, a.y, a.side)
        self.trails[p] = ()
        self.fresh[p] = self.fresh[p] and self.stage == "setup"
        rule = "tanuki.setup.start" if self.stage == "setup" else "tanuki.gm.rock" if stuck else "tanuki.crash.restart"
        why = " (its way was shut by a rock garden)" if stuck else ""
        self.note(f"player {p + 1}'s monk takes the start place {place_name((a.x, a.y, a.side))}{why}", rule)

    # ----- the Tanuki ---------------------------------------------------------------------------------
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

    # ----- the tile phase -----------------------------------------------------------------------------
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

    # ----- Garden Master ------------------------------------------------------------------------------
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

    # ----- one action ----------------------------------------------------------------------------------
    def do(self, a) -> None:
        """Apply the legal action ``a`` (``why_illegal`` allowed it), then play on."""
        if self.pending:
            p, kind, data = self.pending.pop(0)
            self.answer(p, kind, data, a)
        elif isinstance(a, Draw):
            self.drawn(a.tile)
        elif isinstance(a, Roll):
            self.rolled(a)
        elif isinstance(a, DrawCard):
            self.cards[self.active] = tuple(sorted(self.cards[self.active] + (HIDDEN_CARD if self.active in self.hidden
                                                                               else a.kind,)))
            if self.active in self.hidden:
                self.unseen_cards += 1
            else:
                self.deck.remove(a.kind)
            card = self.comps.card(a.kind)
            if self.active in self.hidden:
                self.line(self.active, 1, "a Garden Master card bought, face down (counted 1)", "tanuki.gm.worth")
            else:
                self.line(self.active, card.worth, f"{card.title} bought: it counts toward victory in your hand",
                          "tanuki.gm.worth")
            self.end_turn()
        else:
            self.turn_action(a)
        self.run()

    def answer(self, p: int, kind: str, data, a) -> None:
        if kind == "restart":
            if isinstance(a, Start):
                self.take_place(p, a)
            else:
                self.note(f"player {p + 1}'s monk waits off the board until their next turn", "tanuki.crash.restart")
        elif kind == "discard":
            self.take_tile(p, a.tile)
            self.discard = sorted(self.discard + [a.tile])
            self.note(f"player {p + 1} discards tile {a.tile} (an Ashi-magari on another player's turn)",
                      "tanuki.move.ashi_other")
        elif kind == "direction":
            which, _side, left, mover, harmless = self.tmove
            self.tmove = (which, a.side, left, mover, harmless)
            self.note(f"player {p + 1} sends the {which} Tanuki toward side {a.side}", "tanuki.tanuki.choose")
        elif kind in ("react", "counter"):
            if isinstance(a, Decline):
                return
            if kind == "counter":
                self.pending = [d for d in self.pending if d[1] != "counter"]
            self.play_card(p, a)
        elif kind == "clear":
            if isinstance(a, Done):
                return
            if (a.x, a.y) in self.rocks:
                self.rocks.remove((a.x, a.y))
                self.note(f"the rock garden on {space_name(a.x, a.y)} is cleared away", "tanuki.gm.clear")
            else:
                self.remove_tile(a.x, a.y, "Clear the Path", "tanuki.gm.clear")
            if data > 1 and (any(t is not None for t in self.board) or self.rocks):
                self.pending.insert(0, (p, "clear", data - 1))

    def drawn(self, t: int) -> None:
        if self.stage == "deal":
            p = self.deal_to()
            self.give_tile(p, t)
            self.note(f"player {p + 1} is dealt a tile", "tanuki.setup.tiles")
            return
        p = self.active
        self.give_tile(p, t)
        self.note(f"player {p + 1} draws a tile", "tanuki.draw.empty" if self.empty_start else "tanuki.draw.refill")

    def rolled(self, a: Roll) -> None:
        b, g = a.blue, a.gold
        if self.stage == "place":
            which = self.tqueue.pop(0)
            self.place_tanuki(which, b - 1, g - 1)
            return
        if self.stage == "roll2":
            self.dice2 = (b, g)
            self.note(f"the second roll places the other Tanuki: blue {b}, gold {g}", "tanuki.tanuki.place")
            self.stage = "tanuki"
            return
        self.dice = (b, g)
        self.note(f"player {self.active + 1} rolls blue {b}, gold {g}", "tanuki.tanuki.roll")
        both_off = self.tanuki[0] is None and self.tanuki[1] is None
        self.tqueue = ["blue", "gold*" if both_off else "gold"]
        self.off_count, self.mover, self.resume = 0, self.active, "tile"
        self.stage = "tanuki"

    def turn_action(self, a) -> None:
        p = self.active
        if isinstance(a, Start):
            self.take_place(p, a)
        elif isinstance(a, Go):
            self.stage = "roll"
        elif isinstance(a, Enter):
            m = self.monks[p]
            self.note(f"player {p + 1}'s monk sets off from its start place by end {'ABCDEFGH'[a.port]}",
                      "tanuki.tile.enter")
            self.walk_batch([(p, (m[1], m[2], a.port))], p)
        elif isinstance(a, Place):
            self.play_tile(p, a)
        elif isinstance(a, Chase):
            fx, fy = self.front(p)
            for which in self.tanuki_on(fx, fy):
                self.pay(p, CHASE_COST, f"chasing the {which} Tanuki off {space_name(fx, fy)}", "tanuki.tanuki.block")
                self.tanuki[TANUKI.index(which)] = None
                self.note(f"the {which} Tanuki is chased off the board (no reward)", "tanuki.tanuki.block")
        elif isinstance(a, Pass):
            self.tiles_left = 0
            if self.empty_start:
                self.note(f"player {p + 1} plays no card: they began this turn with no tile, so they lay none and "
                          "draw 3", "tanuki.draw.empty")
            elif self.monks[p] is None:
                self.note(f"player {p + 1}'s monk waits off the board: they lay no tile this turn",
                          "tanuki.crash.restart")
            else:
                self.note(f"player {p + 1} lays no tile this turn", "tanuki.tanuki.block")
        elif isinstance(a, Buy):
            self.pay(p, BUY_COST, "a Garden Master card", "tanuki.gm.buy")
            self.stage = "carddraw"
        elif isinstance(a, EndTurn):
            self.end_turn()
        elif card_kind(a) is not None:
            self.play_card(p, a)
        else:  # pragma: no cover - why_illegal refuses anything else
            raise AssertionError(f"unexpected action {a!r}")


__all__ = ["TURN_CARDS", "Walk", "Work", "merge_trail"]
