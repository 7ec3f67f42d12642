"""Positions for lessons, worked examples and tests.

``position`` puts rocks straight into gardens and piles (taking them out of the bag), so a
lesson can start at any moment of a round: bidding (``phase="bid"``) or turning in forbidden
sets (``phase="turnin"``, the player to act first).

>>> import gardenkit
>>> s = position(gardens={0: "R1 R2 Y2 G2 B2 R3 R3 R3"}, phase="turnin")
>>> [str(a) for a in gardenkit.make("karesansui").legal_actions(s)]
['turn in R1 R2 R3', 'turn in B2 G2 R2 Y2', 'turn in R3 R3 R3']
"""
from __future__ import annotations

import dataclasses
from collections import Counter

from ...core import Line, MalformedInputError
from .actions import read_rocks, sort_rocks
from .components import DECKS
from .rules import KaresansuiRules


def position(players: int = 3, *, gardens: dict | None = None, piles=None, bids: dict | None = None,
             phase: str = "bid", to_move: int = 0, start: int | None = None, taken: dict | None = None,
             demerits: dict | None = None, tracker: int = 1, round: int = 1, seed: int = 0, **options):
    """A position: ``gardens`` player -> rocks (``"R1 R2 R2"``); ``piles``: rocks per pile (default:
    laid out by the seeded draw); ``bids`` pile -> (player, rocks); ``phase`` "bid" or "turnin"
    (then ``to_move`` is the player who passed and turns in first); ``taken`` deck -> cards
    already taken; ``demerits`` player -> demerits earned before."""
    rules = KaresansuiRules()
    s = rules.initial_state(players=players, seed=seed, **options)
    bag = Counter(s.bag)

    def take(text, what):
        rocks = read_rocks(text) if isinstance(text, str) else tuple(text)
        need = Counter(rocks)
        short = [r for r, n in need.items() if bag[r] < n]
        if short:
            raise MalformedInputError(f"{what}: not enough {', '.join(short)} in the bag")
        bag.subtract(need)
        return sort_rocks(rocks)

    gs = [take(gardens.get(p, ""), f"player {p + 1}'s garden") if gardens else () for p in range(players)]
    bid_list = [None] * (players - 1)
    for pile, (who, rocks) in (bids or {}).items():
        bid_list[pile] = (who, take(rocks, f"player {who + 1}'s bid"))
    pile_list = [take(p, f"pile {i + 1}") for i, p in enumerate(piles)] if piles is not None else None
    lines, scores = list(s.lines), list(s.scores)
    for p, pts in (demerits or {}).items():
        lines[p] = (Line(pts, "demerits earned before this position", "karesansui.trade.pass_card", round),)
        scores[p] = pts
    s = dataclasses.replace(s, bag=sort_rocks(+bag and bag.elements()), gardens=tuple(gs), bids=tuple(bid_list),
                            tracker=tracker, round=round, start=to_move if start is None else start,
                            taken=tuple((taken or {}).get(d, 0) for d in DECKS), lines=tuple(lines),
                            scores=tuple(scores))
    if phase == "turnin":
        s = dataclasses.replace(s, piles=((),) * (players - 1), bids=(None,) * (players - 1), passer=to_move)
        return rules.start_turn_in(s)
    if phase != "bid":
        raise MalformedInputError("a position starts at bidding ('bid') or at turning in sets ('turnin')")
    if pile_list is not None:
        s = dataclasses.replace(s, piles=tuple(pile_list), phase="bid", to_move=to_move)
    else:
        s = dataclasses.replace(s, phase="refill", piles=((),) * (players - 1))
        while rules.current_player(s) is not None and s.phase == "refill":
            s = rules.step_chance(s)
        s = dataclasses.replace(s, to_move=to_move)
    return s
