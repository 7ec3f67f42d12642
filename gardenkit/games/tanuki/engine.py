"""The working of a Tanuki in the Garden turn: one mutable copy of a state, changed by the rules and
frozen into a new state (the state it came from never changes). Split by phase: the Tanuki's moves
(:mod:`.tanuki_phase`), a tile laid and the monks' walks (:mod:`.tile_phase`), the Garden Master
cards (:mod:`.garden_master`); here the ledger, the turn's course (:meth:`Work.run`) and one action
(:meth:`Work.do`), and the costs in :mod:`.costs`.

:class:`Work` holds every field of a :class:`~gardenkit.games.tanuki.state.TanukiState` as lists,
applies one action (:meth:`Work.do`), then carries the game on by itself (:meth:`Work.run`) until a
player must decide something or chance must be drawn. Everything an action causes is recorded as
it happens: score lines per player, :class:`~gardenkit.Effect` values and the monks' walks, so the
explanation of a move is produced by the very code that applies it.
"""
from __future__ import annotations

from ...core import Effect, Line
from .actions import Buy, Chase, Decline, Done, Draw, DrawCard, EndTurn, Enter, Go, Pass, Place, Roll, Start, card_kind
from .board import EDGE_PLACES, SIZE, TANUKI, behind, place_name, point, side_ports, space_name
from .costs import BUY_COST, CHASE_COST, HAND_CARDS, MAX_TIEBREAK_ROUNDS, TURN_CARDS
from .garden_master import GardenMasterPhase
from .state import HIDDEN_CARD, TanukiState
from .tanuki_phase import TanukiPhase
from .tile_phase import TilePhase, Walk, merge_trail


class Work(TanukiPhase, TilePhase, GardenMasterPhase):
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
