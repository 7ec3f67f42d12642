"""Positions for lessons, worked examples and tests.

``position`` builds a game at any moment of a turn: tiles on the board, monks on start places
or path ends, the Tanuki, Shiitake held and stashed, hands, and with Garden Master cards, traps
and rock gardens. Everything it puts somewhere is taken from where a real game keeps it (tiles
from the draw pile, Shiitake from the supply, cards from the deck), and the result goes through
the same checks as a loaded save.

Monks are written ``"b3g1 side 1"`` (on the start place on side 1 of edge space b3g1, not moved
yet) or ``"b3g4 A"`` (on a path end, facing space b3g4, which it enters by end A).

>>> s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"}, tanuki=("b1g4", None))
>>> s.monks[0], s.tile_at(2, 0), s.tanuki, s.stage
(('at', 2, 1, 5), (1, 0), ((0, 3), None), 'tile')
"""
from __future__ import annotations

import dataclasses
import re

from ...core import Line, MalformedInputError
from .board import PORTS, SIZE, is_edge_place, parse_space
from .engine import Work
from .rules import TanukiRules

STAGES = ("roll", "pre", "tile", "buy")


def read_monk(text: str) -> tuple:
    """A monk written ``"b3g1 side 1"`` or ``"b3g4 A"``."""
    t = " ".join(str(text).split()).lower()
    m = re.fullmatch(r"(b\dg\d) side ([1-4])", t)
    if m:
        x, y = parse_space(m.group(1))
        side = int(m.group(2))
        if not is_edge_place(x, y, side):
            raise MalformedInputError(f"{text!r} is not a start place on the board's edge")
        return ("edge", x, y, side)
    m = re.fullmatch(r"(b\dg\d) ([a-h])", t)
    if m:
        return ("at", *parse_space(m.group(1)), PORTS.index(m.group(2).upper()))
    raise MalformedInputError(f"a monk is written 'b3g1 side 1' (a start place) or 'b3g4 A' (a path end), not {text!r}")


def position(players: int = 2, *, tiles: dict | None = None, monks: dict | None = None, hands: dict | None = None,
             tanuki=(None, None), shiitake: dict | None = None, stash: dict | None = None, active: int = 0,
             stage: str = "tile", dice=None, cards: dict | None = None, traps=(), rocks=(), fresh: dict | None = None,
             flags=(), turn: int = 1, seed: int = 0, **options):
    """A position (see the module's docstring). ``tiles``: space -> ``(tile, rot)``; ``hands``:
    player -> tiles (players not named get the lowest free ids); ``tanuki``: (blue, gold) spaces
    or None; ``shiitake``: player -> Shiitake held; ``stash``: space -> Shiitake on that tile;
    ``stage``: "roll" (the turn starts: the dice are next), "pre" (a card may be played first),
    "tile" (the dice are rolled: ``dice``), or "buy" (the turn ends); ``cards``: player -> kinds;
    ``traps``: ``(space, owner)``; ``rocks``: spaces; ``flags``: card effects of this turn."""
    rules = TanukiRules()
    if stage not in STAGES:
        raise MalformedInputError(f"a position starts at one of {', '.join(STAGES)}, not {stage!r}")
    s = rules.initial_state(players=players, seed=seed, **options)
    comps = s.components
    pile = list(s.pile)
    board = [None] * (SIZE * SIZE)

    def take(t):
        if t not in pile:
            raise MalformedInputError(f"tile {t} is not free to use (it is unknown, or used twice)")
        pile.remove(t)
        return t

    for name, (t, rot) in (tiles or {}).items():
        x, y = parse_space(name)
        if rot not in (0, 90, 180, 270):
            raise MalformedInputError(f"a tile turns by 0, 90, 180 or 270 degrees, not {rot}")
        board[y * SIZE + x] = (take(t), rot)
    hand_list = [tuple(sorted(take(t) for t in (hands or {}).get(p, ()))) for p in range(players)]
    for p in range(players):
        if p not in (hands or {}):
            hand_list[p] = tuple(sorted(take(t) for t in pile[:comps.hand]))
    supply = s.supply
    held = [0] * players
    lines = [() for _ in range(players)]
    for p, v in (shiitake or {}).items():
        held[p] = v
        supply -= v
        lines[p] = (Line(v, "Shiitake held before this position", "tanuki.setup.supply", turn),)
    stashes = [0] * (SIZE * SIZE)
    for name, v in (stash or {}).items():
        x, y = parse_space(name)
        stashes[y * SIZE + x] = v
        supply -= v
    if supply < 0:
        raise MalformedInputError(f"the position holds more Shiitake than the supply's {comps.supply}")
    deck = list(s.deck)
    card_hands = [()] * players
    for p, kinds in (cards or {}).items():
        for k in kinds:
            if k not in deck:
                raise MalformedInputError(f"no {k!r} card is left in the deck")
            deck.remove(k)
        card_hands[p] = tuple(sorted(kinds))
        worth = sum(comps.card(k).worth for k in kinds)
        if worth:
            lines[p] += (Line(worth, "Garden Master cards held before this position", "tanuki.gm.worth", turn),)
    trap_list = []
    for name, owner in traps:
        deck.remove("trap")
        trap_list.append((*parse_space(name), owner))
    monk_list = [read_monk(monks[p]) if monks and p in monks and monks[p] is not None else None
                 for p in range(players)]
    fresh_list = tuple((fresh or {}).get(p, m is not None and m[0] == "edge") for p, m in enumerate(monk_list))
    s = dataclasses.replace(
        s, board=tuple(board), stash=tuple(stashes), hands=tuple(hand_list), pile=tuple(sorted(pile)),
        shiitake=tuple(held), supply=supply, lines=tuple(lines), monks=tuple(monk_list), fresh=fresh_list,
        tanuki=tuple(None if t is None else parse_space(t) for t in tanuki), active=active, turn=turn,
        deck=tuple(sorted(deck)), cards=tuple(card_hands),
        traps=tuple(sorted(trap_list)), rocks=tuple(sorted(parse_space(r) for r in rocks)),
        flags=tuple(sorted(flags)), stage="begin" if stage in ("roll", "pre") else stage,
        dice=tuple(dice) if dice else ((6, 6) if stage in ("tile", "buy") else None),
        empty_start=not hand_list[active],
    )
    w = Work(s)
    w.run()
    s = w.freeze()
    return rules.from_dict(s.to_dict()) if s.rng is not None else s
