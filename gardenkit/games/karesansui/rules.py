"""The rules of Karesansui: The Rock Garden (Joseph Kisenwether, Eagle-Gryphon 2013).

Demerits are the score: fewest wins (``rules.info.lower_wins``).

>>> import gardenkit
>>> rules = gardenkit.make("karesansui")
>>> s = rules.initial_state(players=3, seed=7)
>>> while rules.current_player(s) is gardenkit.CHANCE:   # five rocks each, then the piles
...     s = rules.step_chance(s)
>>> s.phase, len(s.piles), all(s.pile_value(i) >= 6 for i in range(2))
('bid', 2, True)
>>> rules.why_illegal(s, "pass")
Refusal('you may not pass while pile 1 has no bid', 'karesansui.bid.pass')
>>> s.gardens[0], [(t.action, t.points) for t in rules.targets(s, ("W1", "B2"))]  # what a board offers
(('W1', 'W1', 'B2', 'G3', 'Y3'), [('bid 1: W1 B2', 0), ('bid 2: W1 B2', 0), ('pass', None)])
"""
from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from pathlib import Path

from ...core import (
    CHANCE, Cited, Effect, GameInfo, GameRules, Line, MalformedInputError, Option, Outcome, Refusal, Rng, Target,
)
from ...core.rules import RulesWork, ScratchTurn
from .actions import (
    ACTION_TYPES, BLACK, Bid, Draw, Pass, TurnIn, forbidden_sets, parse, rock_key, rocks_text, set_kind, sort_rocks,
)
from .components import DECK_NAMES, DECKS, ROMAN, default_components, load_components
from .rules_text import RULES
from .serialize import state_from_dict
from .state import KaresansuiState

GAME = "karesansui"
SET_RULE = {"trips": "karesansui.sets.trips", "foursome": "karesansui.sets.foursome", "flush": "karesansui.sets.flush"}

INFO = GameInfo(
    id=GAME,
    title="Karesansui: The Rock Garden",
    min_players=3,
    max_players=6,
    options={
        "start_player": Option("start_player", 0, "Who starts round 1 (0 = player 1)."),
        "components": Option(
            "components", "standard",
            "'standard' for the shipped rock set (5 colours x 3 values x 5 copies, partly reconstructed), or the path "
            "of your own component file in the same JSON format.",
        ),
    },
    rules=RULES,
    lower_wins=True,
)


def _without(rocks: tuple[str, ...], remove) -> tuple[str, ...]:
    left = list(rocks)
    for r in remove:
        left.remove(r)
    return tuple(left)


def _merge(rocks, more) -> tuple[str, ...]:
    return sort_rocks(tuple(rocks) + tuple(more))


def _plain(rocks) -> str:
    return rocks_text(rocks)


class Work(RulesWork):
    """Karesansui's scratch turn for :class:`~gardenkit.core.rules.ScratchTurn`: ``do(a)`` plays the
    move once with ``rules._move`` (its demerit lines, its effects, the state after it), which
    ``explain``, ``apply`` and ``play`` then all read."""

    def do(self, a) -> None:
        lines, self._effects, self.after = self.rules._move(self.s, a)
        self.new_lines = {self.rules._actor(self.s): lines}


class KaresansuiRules(ScratchTurn, GameRules):
    info = INFO
    state_type = KaresansuiState
    action_types = ACTION_TYPES

    # ----- setting up --------------------------------------------------------------
    def _initial_state(self, players, seed, start_player, components):
        if not 0 <= start_player < players:
            raise MalformedInputError(f"start_player must be between 0 and {players - 1}, not {start_player}")
        comps = default_components() if components == "standard" else load_components(Path(components))
        bag = sort_rocks(r for r in comps.rock_types for _ in range(comps.copies))
        if not comps.enough_for(players):
            raise MalformedInputError(f"this rock set has too few rocks for {players} players")
        return KaresansuiState(
            players=players, rng=Rng.from_seed(seed), phase="deal", round=1, start=start_player, to_move=None,
            bag=bag, gardens=((),) * players, piles=((),) * (players - 1), bids=(None,) * (players - 1), tracker=1,
            taken=(0,) * len(DECKS), lines=((),) * players, scores=(0,) * players, start_player=start_player,
            components=comps,
        )

    # ----- whose turn ----------------------------------------------------------------
    def current_player(self, s):
        self._check_state(s)
        if s.phase == "over":
            return None
        if s.phase in ("deal", "refill", "draw"):
            return CHANCE
        return s.to_move

    def _deal_to(self, s) -> int | None:
        return next((p for p in range(s.players) if len(s.gardens[p]) < s.components.start_rocks), None)

    def _pile_to_fill(self, s) -> int | None:
        return next((i for i in range(len(s.piles)) if s.pile_value(i) < s.components.pile_value), None)

    # ----- chance --------------------------------------------------------------------
    def _chance_outcomes(self, s):
        counts = Counter(s.bag)
        total = len(s.bag)
        return tuple((Draw(r), counts[r] / total) for r in sorted(counts, key=rock_key))

    # ----- legal actions -------------------------------------------------------------
    def _legal_actions(self, s):
        if s.phase in ("deal", "refill", "draw"):
            return tuple(Draw(r) for r in sorted(set(s.bag), key=rock_key))
        if s.phase == "turnin":
            return tuple(TurnIn(rocks) for rocks in forbidden_sets(s.gardens[s.to_move]))
        out = list(self.bids(s))
        if all(b is not None for b in s.bids):
            out.append(Pass())
        return tuple(out)

    def bids(self, s, pile: int | None = None) -> tuple[Bid, ...]:
        """Every legal bid of the player to act (on one pile, or on all), sorted."""
        self._check_state(s)
        if s.phase != "bid":
            return ()
        garden = s.gardens[s.to_move]
        out = []
        for i in range(len(s.piles)) if pile is None else (pile,):
            standing = s.bids[i]
            if standing is None:
                out += _pile_bids(garden, i).first(None)
                continue
            # offers are in bid order, (value, count, rocks): those that undercut (worth less, or
            # as much with fewer rocks) are the ones before (value, count) of the standing bid
            sv, sn = sum(int(r[1:]) for r in standing[1]), len(standing[1])
            out += _pile_bids(garden, i).first(bisect_left(_offers(garden), (sv, sn)))
        return tuple(out)

    # ----- what a board offers --------------------------------------------------------------
    def targets(self, s, selection=()) -> tuple[Target, ...]:
        """What the player to act can click now, with what each costs and why not.

        ``selection``: the rocks picked for a bid (a tuple of rock names such as ``("R1", "Y2")``,
        possibly empty; None is the same as empty). While bidding: each pile's bid of those rocks
        (``bid N: …``, ``at=(pile,)``, 0-based; ``points`` 0 when legal, since a bid costs no
        demerits, or None with the :class:`~gardenkit.Refusal`), then ``pass`` (its demerits, or
        refused with the reason). While turning in: every forbidden set that can go back now, with
        the demerits of its card. Otherwise nothing.

        >>> from gardenkit.games.karesansui.setups import position
        >>> s = position(gardens={0: "R1 Y2"}, piles=["R3 Y3", "G3 B3"], bids={1: (1, "G1")})
        >>> for t in KaresansuiRules().targets(s, ("R1",)):
        ...     print(t.action, t.points, t.at, t.reason)
        bid 1: R1 0 (0,) None
        bid 2: R1 None (1,) too high: pile 2 already has a bid worth 1 with 1 rock; yours must be worth less than 1 [karesansui.bid.undercut]
        pass None () you may not pass while pile 1 has no bid [karesansui.bid.pass]
        """
        self._check_state(s)
        if selection is None:
            selection = ()
        if not isinstance(selection, (tuple, list)) or not all(isinstance(r, str) for r in selection):
            raise MalformedInputError(f"a selection is a tuple of rock names such as ('R1', 'Y2'), not {selection!r:.60}")
        bad = [r for r in selection if not s.components.is_rock(r) or r == BLACK]
        if bad:
            raise MalformedInputError(f"{bad[0][:20]!r} is not a rock of this game: write its colour letter and value, "
                                      "e.g. R2")
        if s.phase == "turnin":
            return tuple(Target(str(a), self.action_points(s, a)) for a in self._legal_actions(s))
        if s.phase != "bid":
            return ()
        out = []
        for i in range(len(s.piles)):
            bid = Bid(i, tuple(selection))
            why = self._why_illegal(s, bid)
            out.append(Target(str(bid), None if why else 0, why, (i,)))
        why = self._why_illegal(s, Pass())
        out.append(Target("pass", None if why else self._card(s, "pass"), why))
        return tuple(out)

    # ----- why not -----------------------------------------------------------------------
    def _why_illegal(self, s, a):
        comps = s.components
        if isinstance(a, Draw):
            if s.phase not in ("deal", "refill", "draw"):
                return Refusal("rocks come out of the bag only when dealing, laying out piles, or for the player who passed", "karesansui.round.piles")
            if a.rock not in s.bag:
                return Refusal(f"there is no {a.rock} in the bag", "karesansui.round.piles")
            return None
        if s.phase in ("deal", "refill", "draw"):
            return Refusal("rocks are being drawn from the bag first", "karesansui.round.piles")
        refused = _unknown_rocks(comps, getattr(a, "rocks", ()), a)
        if refused is not None:
            return refused
        p = s.to_move
        garden = s.gardens[p]
        if isinstance(a, TurnIn):
            if s.phase != "turnin":
                return Refusal("forbidden sets are turned in after the piles are taken", "karesansui.sets.order")
            kind = set_kind(a.rocks)
            if kind is None:
                return Refusal(f"{_plain(a.rocks)} is not a forbidden set: Trips, Foursome or Straight Flush",
                               "karesansui.sets.order")
            if not _contains(garden, a.rocks):
                return Refusal(f"your garden does not hold {_plain(a.rocks)}", SET_RULE[kind])
            return None
        if s.phase == "turnin":
            return Refusal("first turn in your forbidden sets, one at a time", "karesansui.sets.order")
        if isinstance(a, Pass):
            empty = next((i for i, b in enumerate(s.bids) if b is None), None)
            if empty is not None:
                return Refusal(f"you may not pass while pile {empty + 1} has no bid", "karesansui.bid.pass")
            return None
        # a bid
        if not 0 <= a.pile < len(s.piles):
            return Refusal(f"there are piles 1 to {len(s.piles)}", "karesansui.round.piles")
        if not _contains(garden, a.rocks):
            return Refusal(f"your garden does not hold {_plain(a.rocks)}: you bid with your own rocks",
                           "karesansui.bid.rocks")
        standing = s.bids[a.pile]
        if standing is not None and not _beats(a.value, len(a.rocks), standing[1]):
            v, n = sum(comps.value(r) for r in standing[1]), len(standing[1])
            if n == 0:
                return Refusal(f"too high: pile {a.pile + 1} already has a bid of no rocks (worth 0 with 0 rocks), "
                               "which nothing can undercut", "karesansui.bid.undercut")
            # with one rock standing, "the same value with fewer rocks" would mean no rocks worth v: impossible
            same = f", or {v} with fewer than {n} rocks" if n > 1 and v > 0 else ""
            return Refusal(f"too high: pile {a.pile + 1} already has a bid worth {v} with {n} "
                           f"rock{'s' if n != 1 else ''}; yours must be worth less than {v}{same}",
                           "karesansui.bid.undercut")
        return None

    # ----- what an action does: decided once, in _move (core.rules.ScratchTurn) ----------------
    Work = Work
    explanation_unit = "demerit"

    def action_points(self, s, a) -> int:
        """Demerits ``a`` earns its player (a bid earns none)."""
        if isinstance(a, Pass):
            return self._card(s, "pass")
        if isinstance(a, TurnIn) and s.phase == "turnin":
            return self._card(s, a.kind)
        return 0

    def top_card(self, s, deck: str) -> int:
        """What the next card of ``deck`` ("pass", "trips", "foursome" or "flush") costs: its top
        card, or once the deck is empty, one more than the last card (a Pass: as the last one).

        >>> import gardenkit
        >>> rules = gardenkit.make("karesansui")
        >>> rules.top_card(rules.initial_state(players=3), "trips")
        1
        """
        self._check_state(s)
        if deck not in DECKS:
            raise MalformedInputError(f"the demerit decks are {', '.join(DECKS)}, not {str(deck)[:30]!r}")
        return self._card(s, deck)

    def _card(self, s, deck: str, extra: int = 0) -> int:
        """The value of the next card of ``deck`` (beyond its end: one more than the last, or as Pass)."""
        return s.components.card_value(deck, s.taken[DECKS.index(deck)] + extra)

    def _card_text(self, s, deck: str) -> str:
        """'the top Trips card', or, once that deck is empty, 'an extra Trips demerit (the deck is empty)'."""
        if s.taken[DECKS.index(deck)] < len(s.components.decks[deck]):
            return f"the top {DECK_NAMES[deck]} card"
        return f"an extra {DECK_NAMES[deck]} demerit (the deck is empty)"

    def _move(self, s, a) -> tuple[tuple[Line, ...], tuple[Effect, ...], KaresansuiState]:
        """The one way a legal move is played: its demerit lines, its effects and the state after it,
        each condition decided once for all three (``explain``, ``apply`` and ``play`` read it)."""
        comps = s.components
        if isinstance(a, Draw):
            return self._draw(s, a)
        p = s.to_move
        if isinstance(a, Bid):
            pile = s.piles[a.pile]
            effects = [Effect(f"offers {_plain(a.rocks)} (worth {a.value}, {len(a.rocks)} "
                              f"rock{'s' if len(a.rocks) != 1 else ''}) for pile {a.pile + 1} ({_plain(pile)}, worth "
                              f"{s.pile_value(a.pile)})", "karesansui.bid.rocks")]
            after = _set(s, "gardens", p, _without(s.gardens[p], a.rocks))
            standing = s.bids[a.pile]
            if standing is not None:
                q = standing[0]
                effects.append(Effect(f"undercuts player {q + 1}, who takes back {_plain(standing[1])} and bids "
                                      "again on their next turn", "karesansui.bid.outbid"))
                after = _set(after, "gardens", q, _merge(after.gardens[q], standing[1]))
            after = _set(after, "bids", a.pile, (p, a.rocks))
            return (), tuple(effects), dataclasses.replace(after, to_move=self._next_bidder(after, p))
        deck = "pass" if isinstance(a, Pass) else a.kind
        if isinstance(a, Pass):
            lines = (Line(self._card(s, "pass"), f"{self._card_text(s, 'pass')} for passing",
                          "karesansui.trade.pass_card", s.round),)
            effects = [Effect("bidding ends: you draw a rock from the bag, everyone else takes the pile they bid on",
                              "karesansui.bid.end")]
        else:
            lines = (Line(self._card(s, deck), f"{DECK_NAMES[deck]} {' '.join(a.rocks)}: {self._card_text(s, deck)}",
                          SET_RULE[deck], s.round),)
            effects = [Effect(f"{_plain(a.rocks)} go back into the bag", "karesansui.sets.demerit")]
        after = _set(s, "scores", p, s.scores[p] + sum(line.points for line in lines))
        after = _set(after, "lines", p, after.lines[p] + lines)
        taken = list(s.taken)
        taken[DECKS.index(deck)] += 1
        after = dataclasses.replace(after, taken=tuple(taken))
        if taken[DECKS.index(deck)] >= len(comps.decks[deck]):
            if taken[DECKS.index(deck)] == len(comps.decks[deck]):  # this card was the deck's last
                effects.append(Effect(f"the {DECK_NAMES[deck]} deck is now empty: the game ends after this round",
                                      "karesansui.end.deck"))
            after = dataclasses.replace(after, ending=after.ending or f"the {DECK_NAMES[deck]} deck ran out")
        if isinstance(a, Pass):
            after = dataclasses.replace(after, passer=p, to_move=None)
            return lines, tuple(effects), self._trade(after) if not after.bag else dataclasses.replace(after, phase="draw")
        # a set turned in
        garden = _without(s.gardens[p], a.rocks)
        left = forbidden_sets(garden)
        if left:
            effects.append(Effect(f"still to turn in: {len(left)} set{'s' if len(left) != 1 else ''}",
                                  "karesansui.sets.order"))
        after = _set(dataclasses.replace(after, bag=_merge(after.bag, a.rocks)), "gardens", p, garden)
        return lines, tuple(effects), self._next_turn_in(after, p)

    def _draw(self, s, a: Draw) -> tuple[tuple[Line, ...], tuple[Effect, ...], KaresansuiState]:
        """A rock out of the bag: dealt into a garden, laid on a pile, or the passer's; the black rock
        ends the game (at once while the piles are laid out, after the trade for the passer)."""
        comps = s.components
        bag = _without(s.bag, (a.rock,))
        if s.phase == "deal":
            p = self._deal_to(s)
            effect = Effect(f"{comps.rock_name(a.rock)} into player {p + 1}'s garden", "karesansui.setup.draw")
            after = _set(dataclasses.replace(s, bag=bag), "gardens", p, _merge(s.gardens[p], (a.rock,)))
            if self._deal_to(after) is None:
                after = self._after_refill_step(dataclasses.replace(after, phase="refill"))
            return (), (effect,), after
        if s.phase == "refill":
            if a.rock == BLACK:
                return (), (Effect("the black rock is drawn: the game ends", "karesansui.end.black_refill"),), \
                    self._end(dataclasses.replace(s, bag=bag, black_out=True),
                              "the black rock came out of the bag while the piles were laid out")
            i = self._pile_to_fill(s)
            effect = Effect(f"{comps.rock_name(a.rock)} onto pile {i + 1}", "karesansui.round.piles")
            return (), (effect,), self._after_refill_step(_set(dataclasses.replace(s, bag=bag), "piles", i,
                                                                s.piles[i] + (a.rock,)))
        # the passer's draw
        if a.rock == BLACK:
            effect = Effect("the black rock is drawn: the game ends", "karesansui.end.black_pass")
            after = dataclasses.replace(s, bag=bag, black_out=True,
                                        ending=s.ending or "the player who passed drew the black rock")
        else:
            effect = Effect(f"{comps.rock_name(a.rock)} into player {s.passer + 1}'s garden", "karesansui.trade.draw")
            after = _set(dataclasses.replace(s, bag=bag), "gardens", s.passer, _merge(s.gardens[s.passer], (a.rock,)))
        return (), (effect,), self._trade(after)

    # ----- the flow of a round ----------------------------------------------------------------
    def _after_refill_step(self, s):
        """Keep drawing onto the piles; once each is worth enough (or the bag is empty), bidding starts."""
        if self._pile_to_fill(s) is not None and s.bag:
            return s
        return dataclasses.replace(s, phase="bid", to_move=s.start)

    def _next_bidder(self, s, p):
        for step in range(1, s.players + 1):
            q = (p + step) % s.players
            if s.bidder(q) is None:
                return q
        raise AssertionError("there is always a player without a bid (one pile fewer than players)")

    def _trade(self, s):
        """Bids go into the bag; each bidder takes their pile; then forbidden sets, from the passer."""
        bag, gardens = list(s.bag), list(s.gardens)
        for i, b in enumerate(s.bids):
            player, rocks = b
            bag += rocks
            gardens[player] = _merge(gardens[player], s.piles[i])
        s = dataclasses.replace(s, bag=sort_rocks(bag), gardens=tuple(gardens), piles=((),) * len(s.piles),
                                bids=(None,) * len(s.bids), phase="turnin", to_move=None)
        return self._next_turn_in(s, None)

    def start_turn_in(self, s):
        """The state once the piles are taken (``s.passer`` set): the first player from the passer
        clockwise who holds a forbidden set turns in, or, when nobody holds one, the round ends.
        What the game does after the trade; a lesson position (``setups.position``) starts here."""
        self._check_state(s)
        if s.passer is None:
            raise MalformedInputError("sets are turned in after someone passed: this state has no passer")
        return self._next_turn_in(dataclasses.replace(s, phase="turnin", to_move=None), None)

    def _next_turn_in(self, s, current):
        """The next player, from the passer clockwise, who still has a forbidden set (``current`` first)."""
        order = [(s.passer + k) % s.players for k in range(s.players)]
        start = 0 if current is None else order.index(current)
        for q in order[start:]:
            if forbidden_sets(s.gardens[q]):
                return dataclasses.replace(s, phase="turnin", to_move=q)
        return self._end_round(s)

    def _end_round(self, s):
        if s.ending or s.black_out:
            return self._end(s, s.ending or "the black rock was drawn")
        tracker, bag = s.tracker, s.bag
        if tracker >= s.components.tracker:
            tracker, bag = 0, _merge(bag, (BLACK,))
        elif tracker > 0:
            tracker += 1
        s = dataclasses.replace(s, phase="refill", round=s.round + 1, start=s.passer, to_move=None, tracker=tracker,
                                bag=bag, passer=None)
        return self._after_refill_step(s)

    def _end(self, s, why: str):
        return dataclasses.replace(s, phase="over", over=why, to_move=None)

    # ----- turn-in orders (the tutor's question) --------------------------------------------------
    def turn_in_orders(self, s, limit: int = 200, *, steps: bool = False) -> tuple:
        """Every order in which the player to act can turn in their forbidden sets, with the
        demerits each order costs (cheapest first): the game's heart, what the tutor shows.
        Each order is ``((TurnIn, …), total)``; with ``steps``, ``(((TurnIn, demerits), …), total)``:
        every set with the card it takes at that point of the order.

        >>> from gardenkit.games.karesansui.setups import position
        >>> s = position(gardens={0: "R1 R2 Y2 G2 B2 R3 R3 R3"}, phase="turnin")
        >>> [([str(a) for a in order], cost) for order, cost in KaresansuiRules().turn_in_orders(s)][0]
        (['turn in R1 R2 R3'], 1)
        >>> KaresansuiRules().turn_in_orders(s, steps=True)[1]
        (((TurnIn(rocks=('B2', 'G2', 'R2', 'Y2')), 1), (TurnIn(rocks=('R3', 'R3', 'R3')), 1)), 2)
        """
        self._check_state(s)
        if s.phase != "turnin":
            return ()
        p = s.to_move
        out = []

        def walk(state, done, cost):
            if len(out) >= limit:
                return
            if state.phase != "turnin" or state.to_move != p:
                out.append((tuple(done), cost))
                return
            for a in self._legal_actions(state):
                c = self.action_points(state, a)
                walk(self._apply(state, a), done + [(a, c)], cost + c)

        walk(s, [], 0)
        out.sort(key=lambda o: (o[1], [x.sort_key() for x, _c in o[0]]))
        if steps:
            return tuple(out)
        return tuple((tuple(a for a, _c in order), cost) for order, cost in out)

    # ----- scores and the end ----------------------------------------------------------------
    def score_breakdown(self, s, player: int):
        self._check_state(s)
        self._check_player(s, player)
        return s.lines[player]

    def outcome(self, s):
        """Who won once the game is over (fewest demerits, then fewest rocks; else shared), else None.

        An observation (``observe``) of a finished game shows every card, so it names the same
        winner. An observation made *before* the end still hides the others' demerit cards, even
        when it is played on to the end (a tutor choosing the chance outcomes with ``apply``): its
        totals for those players are unknown, not 0, so it names no winner and answers None, as
        ``known_scores`` answers None for each hidden total.

        >>> import gardenkit
        >>> from gardenkit.games.karesansui.setups import position
        >>> rules = gardenkit.make("karesansui")
        >>> s = position(players=3, gardens={0: "R1 R1 R1"}, phase="turnin", taken={"trips": 9}, demerits={1: 4})
        >>> over = rules.apply(s, "turn in R1 R1 R1")   # the last Trips card (10): the game ends
        >>> rules.outcome(over).winners, rules.outcome(rules.observe(over, 1)).winners
        ((2,), (2,))
        >>> seen = rules.apply(rules.observe(s, 0), "turn in R1 R1 R1")  # played on from player 1's view
        >>> rules.is_terminal(seen), rules.known_scores(seen), rules.outcome(seen)
        (True, (10, None, None), None)
        """
        self._check_state(s)
        if s.phase != "over" or s.hidden:
            return None
        best = min(s.scores)
        tied = [p for p, v in enumerate(s.scores) if v == best]
        fewest = min(len(s.gardens[p]) for p in tied)
        winners = tuple(p for p in tied if len(s.gardens[p]) == fewest)
        if len(tied) == 1:
            why = f"fewest demerits ({best})"
        elif len(winners) == 1:
            why = f"tied on {best} demerits; fewest rocks in the garden ({fewest}) breaks the tie"
        else:
            why = f"tied on {best} demerits and {fewest} rocks: the win is shared"
        return Outcome(winners, s.scores, Cited(f"game over: {s.over}; {why}", "karesansui.end.winner"))

    def observe(self, s, player: int):
        """What ``player`` sees: every garden, pile and bid, but not the bag's order nor, until the
        game is over, another player's demerit cards (face down: their values become 0 and their
        totals are unknown, ``known_scores`` None)."""
        self._check_state(s)
        self._check_player(s, player)
        if s.phase == "over":  # the cards are turned up to find the winner
            return dataclasses.replace(s, rng=None)
        # what is face down stays face down (an observation observed again reveals nothing)
        others = tuple(q for q in range(s.players) if q != player or q in s.hidden)
        lines = tuple(ls if q == player else tuple(Line(0, "a demerit card, face down", "karesansui.hidden.demerits",
                                                        line.round) for line in ls)
                      for q, ls in enumerate(s.lines))
        scores = tuple(v if q == player else 0 for q, v in enumerate(s.scores))
        return dataclasses.replace(s, rng=None, lines=lines, scores=scores, hidden=others)

    def _describe(self, seen, player):
        """The round, each pile on offer and its bid, each garden's rocks and demerit cards."""
        comps = seen.components

        def rocks(rs):
            return ", ".join(comps.rock_name(r) for r in rs) or "no rocks"

        lines = [f"Round {seen.round}; {len(seen.bag)} rocks left in the bag."]
        for i, pile in enumerate(seen.piles):
            bid = seen.bids[i] if i < len(seen.bids) else None
            said = "no bid" if bid is None else (
                f"bid by {'you' if bid[0] == player else f'player {bid[0] + 1}'}: {rocks(bid[1])}")
            lines.append(f"Pile {i + 1}: {rocks(pile)}; {said}.")
        for q in [player, *(q for q in range(seen.players) if q != player)]:
            who = "Your garden" if q == player else f"Player {q + 1}'s garden"
            cards = len(seen.lines[q])
            down = " (face down)" if cards and q != player and seen.phase != "over" else ""
            lines.append(f"{who}: {rocks(seen.gardens[q])}; {cards} demerit card{'s' if cards != 1 else ''}{down}.")
        return tuple(lines)

    def settled(self, s) -> bool:
        """The demerit totals tell how the players stand only between rounds: while the piles are
        bid for, the sets a garden holds or will take still have to be turned in.

        >>> import gardenkit
        >>> from gardenkit.games.karesansui.setups import position
        >>> rules = gardenkit.make("karesansui")
        >>> rules.settled(position(gardens={0: "R1 R1 R1"})), rules.settled(rules.initial_state(players=3))
        (False, True)
        """
        self._check_state(s)
        return s.phase in ("deal", "refill", "over")

    def determinize(self, observed, rng: Rng):
        """A full state consistent with a player's view (what a search bot plays on): the bag's
        order is ``rng``'s, as for every game, and the face-down demerit cards of the others are a
        guess. The cards taken so far are known (the top ``taken`` cards of each deck); the viewer's
        own are on view; the rest are shared out at random among the others, as many to each as
        they hold (a card the decks cannot account for, in a hand-made position, counts 1).

        >>> import gardenkit
        >>> from gardenkit.games.karesansui.setups import position
        >>> rules = gardenkit.make("karesansui")
        >>> s = position(players=3, gardens={0: "R1 R1 R1"}, phase="turnin", taken={"trips": 2, "pass": 1})
        >>> s = dataclasses.replace(s, lines=((Line(1, "", "karesansui.trade.pass_card"),), (Line(1, "", "karesansui.sets.trips"),),
        ...     (Line(2, "", "karesansui.sets.trips"),)), scores=(1, 1, 2))
        >>> guess = rules.determinize(rules.observe(s, 0), Rng.from_seed(3))
        >>> guess.hidden, guess.scores[0], sorted(guess.scores[1:])
        ((), 1, [1, 2])
        """
        self._check_state(observed)
        if not isinstance(rng, Rng):
            raise MalformedInputError(f"determinize needs a gardenkit.core.Rng, not {rng!r:.40}")
        if not observed.hidden:
            return dataclasses.replace(observed, rng=rng)
        comps = observed.components
        pool = Counter(comps.card_value(deck, k) for i, deck in enumerate(DECKS) for k in range(observed.taken[i]))
        pool.subtract(line.points for q, ls in enumerate(observed.lines) if q not in observed.hidden for line in ls)
        values = sorted((+pool).elements())
        for i in range(len(values) - 1, 0, -1):  # a seeded shuffle (Fisher-Yates)
            j, rng = rng.below(i + 1)
            values[i], values[j] = values[j], values[i]
        lines, scores = list(observed.lines), list(observed.scores)
        for q in observed.hidden:
            guessed = tuple(Line(values.pop() if values else 1, "a demerit card, face down (a guess)",
                                 "karesansui.hidden.demerits", line.round) for line in observed.lines[q])
            lines[q], scores[q] = guessed, sum(line.points for line in guessed)
        return dataclasses.replace(observed, rng=rng, lines=tuple(lines), scores=tuple(scores), hidden=())

    def known_scores(self, s) -> tuple[int | None, ...]:
        """Each demerit total as ``s`` shows it: None for a player whose cards ``s`` hides (an
        observation, ``rules.observe``, before the end of the game).

        >>> from gardenkit.games.karesansui.setups import position
        >>> s = position(demerits={0: 3, 1: 5})
        >>> rules = KaresansuiRules()
        >>> rules.known_scores(s), rules.known_scores(rules.observe(s, 1))
        ((3, 5, 0), (None, 5, None))
        """
        self._check_state(s)
        return tuple(None if q in s.hidden else v for q, v in enumerate(s.scores))

    # ----- notation and saves ----------------------------------------------------------------
    def _parse_action(self, s, text):
        return parse(text)

    def _view_extra(self, s, viewer, acting: bool) -> dict:
        """For the drawings: each deck's ``top_cards`` (:meth:`top_card`), and for the player turning
        in, the ``turn_in`` orders to choose from (:meth:`turn_in_orders` with its steps, each set
        as its notation: ``(((notation, demerits), …), total)``, cheapest first)."""
        extra = {"top_cards": {d: self.top_card(s, d) for d in DECKS}}
        if acting and s.phase == "turnin":
            extra["turn_in"] = tuple((tuple((str(a), c) for a, c in order), total)
                                     for order, total in self.turn_in_orders(s, steps=True))
        return extra

    def _state_from_dict(self, d):
        return state_from_dict(self, d)


def _beats(value: int, n: int, standing_rocks) -> bool:
    """A new bid undercuts a standing one: worth less, or worth the same with fewer rocks."""
    sv = sum(int(r[1:]) for r in standing_rocks)
    return value < sv or (value == sv and n < len(standing_rocks))


#: a garden with more offers than this has its bids made afresh each time (not kept in memory)
_KEEP_BIDS = 2048


class _PileBids:
    """The bids a garden can make on one pile, in bid order, made as they are first asked for and
    kept (shared values): a search asks again and again about the same gardens. Safe to share
    between threads: a list once handed out is never changed."""

    __slots__ = ("pile", "offers", "made")

    def __init__(self, pile: int, offers):
        self.pile, self.offers, self.made = pile, offers, []

    def first(self, count: int | None) -> list:
        """The first ``count`` bids (None: all), a list not to be changed."""
        offers = self.offers
        count = len(offers) if count is None else count
        if len(offers) > _KEEP_BIDS:  # a huge garden: made afresh, not kept
            return [Bid.sorted_(self.pile, o[2]) for o in offers[:count]]
        made = self.made
        if len(made) < count:
            # a new list, published whole: a hint's search thread and the page's thread may ask at
            # once, and extending the shared list in place could append the same bids twice
            pile = self.pile
            made = made + [Bid.sorted_(pile, o[2]) for o in offers[len(made):count]]
            self.made = made
        return made if count == len(made) else made[:count]


@lru_cache(maxsize=256)
def _pile_bids(garden: tuple[str, ...], pile: int) -> _PileBids:
    return _PileBids(pile, _offers(garden))


@lru_cache(maxsize=256)
def _offers(garden: tuple[str, ...]) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """Every offer a garden can make, ``(value, rocks count, rocks)``, in bid order (by value, then
    count, then rocks). Kept for the last few gardens: a player's turn asks for its bids several
    times (legal actions, hints, bots). A garden holds at most ``Components.garden_max`` rocks
    (18, two of each of 9 kinds, in the shipped set: 3**9 = 19 683 offers), which ``from_dict``
    makes sure of."""
    counts = Counter(garden)
    kinds = sorted(counts, key=rock_key)
    # every choice of how many of each kind, built kind by kind with its value; the rocks come out
    # in rock order, and the kinds' places in that order sort like their rock keys
    partial = [((), (), 0)]
    for i, k in enumerate(kinds):
        v = int(k[1:])
        partial = [(rocks + (k,) * c, where + (i,) * c, value + v * c)
                   for rocks, where, value in partial for c in range(counts[k] + 1)]
    offers = sorted((value, len(rocks), where, rocks) for rocks, where, value in partial)
    return tuple((v, n, rocks) for v, n, _where, rocks in offers)


def _unknown_rocks(comps, rocks, a) -> Refusal | None:
    """The refusal of a bid or turn-in naming rocks this game does not have (at most three of them
    named; core has already checked that ``rocks`` is a tuple of short texts), or None.

    >>> from gardenkit.games.karesansui.components import default_components
    >>> _unknown_rocks(default_components(), ("R", "R1", "Q9", "K"), Bid(0, ()))
    Refusal('R, Q9, K are not rocks of this game: write a colour letter and a value, e.g. R2 (a red II); the black rock is never bid or turned in', 'karesansui.bid.rocks')
    """
    bad = [r for r in rocks if not (isinstance(r, str) and comps.is_rock(r) and r != BLACK)]
    if not bad:
        return None
    shown = ", ".join(r[:12] if r.isalnum() else repr(r[:12]) for r in bad[:3]) + (f" and {len(bad) - 3} more" if len(bad) > 3 else "")
    text = (f"{shown} {'is not a rock' if len(bad) == 1 else 'are not rocks'} of this game: write a colour letter "
            f"and a value, e.g. R2 (a red {ROMAN[2]})")
    if BLACK in bad:
        text += "; the black rock is never bid or turned in"
    return Refusal(text, "karesansui.sets.order" if isinstance(a, TurnIn) else "karesansui.bid.rocks")


def _contains(garden, rocks) -> bool:
    have, want = Counter(garden), Counter(rocks)
    return all(have[r] >= n for r, n in want.items())


def _set(s, name: str, i: int, value):
    seq = list(getattr(s, name))
    seq[i] = value
    return dataclasses.replace(s, **{name: tuple(seq)})
