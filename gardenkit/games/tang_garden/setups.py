"""Positions for lessons, worked examples and tests.

``position`` builds a game at any moment of a turn: tiles in the garden, stack tops, cubes, coins,
cards kept, decorations, characters on cards and in the garden, landscape tiles in their slots,
tokens on the board and held. Everything it puts somewhere is taken from where a real game keeps
it, and the result goes through the same checks as a loaded save.

>>> s = position(tiles={"c4": (1, 0)}, tops={0: 2, 1: 17}, tracks={0: (2, 0, 0)}, own={0: "hermit", 1: "poet"})
>>> s.tile_at(2, 3), s.tops[:2], s.tracks[0], s.own
((1, 0), (2, 17), (2, 0, 0), ('hermit', 'poet'))
"""
from __future__ import annotations

import dataclasses

from ...core import Line, MalformedInputError
from .components import parse_space
from .board import SIZE, SIZES, START
from .rules import TangGardenRules

STACKS = ("greenery", "water", "rock", "mixed")


def position(players: int = 2, *, tiles=None, tops=None, tracks=None, coins=None, cards=None, decos=(), own=None,
             placed=(), shown=None, slots=None, tokens=None, held=None, drawn=(), pending=(), step="main", active=0,
             first=0, lanterns=None, right=False, ctoken=None, lantern_used=False, lantern_mode="", turn=5,
             seed=0, **options):
    """A position (see the module's docstring).

    ``tiles``: space -> ``(tile, rot)``; ``tops``: stack index (0 greenery, 1 water, 2 rock, 3 mixed)
    -> face-up tile or 0 (face down); stacks not named keep a top from set-up, or a new one if theirs
    went into the garden; ``tracks``: player -> (greenery, water, rock); ``coins``: player -> coins
    before this position; ``cards``: player -> kept card names; ``decos``: ``(space, kind)`` (on the
    area of that kind); ``own``: player -> the character on their card; ``placed``: ``(char, owner,
    space, where, facing)``; ``shown``: the two revealed characters; ``slots``: ``(side, slot)`` ->
    landscape tile (all slots, replacing set-up's); ``tokens``: spaces still holding a token (by
    default set-up's, less those under tiles); ``held``: player -> (large, small) tokens (by default the
    tokens gone from the board are held by player 1); ``drawn`` with ``pending=(("keep",),)``: a
    decoration draw to choose from; ``lanterns``: player -> four flags."""
    rules = TangGardenRules()
    s = rules.initial_state(players=players, seed=seed, **options)
    while s.todo:
        s = rules.step_chance(s)
    comps = s.components
    board = [None] * (SIZE * SIZE)
    piles = [list(p) for p in s.piles]
    tops_l = list(s.tops)

    def take_tile(t):
        for k in range(4):
            if tops_l[k] == t:
                tops_l[k] = 0
                return
            if t in piles[k]:
                piles[k].remove(t)
                return
        raise MalformedInputError(f"tile {t} is not free to use (unknown, or used twice)")

    for name, (t, rot) in (tiles or {}).items():
        x, y = parse_space(name)
        if (x, y) in START:
            raise MalformedInputError(f"{name} is under the starting tile")
        take_tile(t)
        board[y * SIZE + x] = (t, rot)
    for k, t in (tops or {}).items():
        if tops_l[k]:
            piles[k].append(tops_l[k])
            tops_l[k] = 0
        if t:
            take_tile(t)
            tops_l[k] = t
    for k in range(4):
        if not tops_l[k] and k not in (tops or {}) and piles[k]:
            tops_l[k] = sorted(piles[k])[0]
            piles[k].remove(tops_l[k])
    deck = list(s.deck)
    kept = [()] * players
    for p, names in (cards or {}).items():
        for c in names:
            if c not in deck:
                raise MalformedInputError(f"no {c} card is left in the deck")
            deck.remove(c)
        kept[p] = tuple(sorted(names))
    for c in drawn:
        deck.remove(c)
    deco_list = []
    for name, kind in decos:
        x, y = parse_space(name)
        area = next(c.area for c in comps.cards if c.kind == kind)
        deco_list.append((x, y, area, kind))
    own_l = list(s.own)
    for p, c in (own or {}).items():
        own_l[p] = c
    named = set((own or {}).values()) | {c[0] for c in placed}
    for p in range(players):  # a player not named keeps a starting character nobody else has
        if p not in (own or {}) and own_l[p] in named | set(own_l[:p]):
            own_l[p] = next(c.id for c in comps.characters if c.starting and c.id not in named | set(own_l))
    placed_l = tuple(sorted((c, o, *parse_space(sp), w, f) for c, o, sp, w, f in placed))
    used = set(own_l) | {c[0] for c in placed_l}
    rest = sorted(c.id for c in comps.characters if c.id not in used)
    shown_l = tuple(sorted(shown)) if shown is not None else tuple(rest[:2])
    char_deck = tuple(c for c in rest if c not in shown_l)
    slots_l, land_piles, land_shown = s.slots, s.land_piles, s.land_shown
    if slots is not None:
        slots_l = tuple(sorted((side, slot, lid) for (side, slot), lid in slots.items()))
        free = [t for t in comps.landscapes if t.id not in {x[2] for x in slots_l}]
        land_shown = tuple(tuple(sorted(t.id for t in free if t.size == size)[:2]) for size in SIZES)
        land_piles = tuple(tuple(sorted(t.id for t in free if t.size == size and t.id not in land_shown[i]))
                           for i, size in enumerate(SIZES))
    layout = s.board_tokens
    if tokens is None:
        board_tokens = tuple(t for t in layout if board[t[1] * SIZE + t[0]] is None)
    else:
        spaces = {parse_space(n) for n in tokens}
        board_tokens = tuple(t for t in layout if (t[0], t[1]) in spaces)
    gone = [t for t in layout if t not in board_tokens]
    held_l = [[0, 0] for _ in range(players)]
    if held is None:
        for t in gone:
            held_l[0][SIZES.index(t[2])] += 1
        spent_l = [[0, 0] for _ in range(players)]
    else:
        for p, h in held.items():
            held_l[p] = list(h)
        spent_l = [[0, 0] for _ in range(players)]
        for i, size in enumerate(SIZES):
            spent_l[0][i] = sum(1 for t in gone if t[2] == size) - sum(h[i] for h in held_l)
            if spent_l[0][i] < 0:
                raise MalformedInputError("more tokens held than have left the board")
    tracks_l = []
    for p in range(players):
        need = sum(1 for c in placed_l if c[1] == p) + bool((ctoken or {}).get(p)) + (p == active and (
            bool(right) or any(d[0] == "place" for d in pending)))
        base = tuple((tracks or {}).get(p, s.tracks[p]))
        if p not in (tracks or {}) and need and min(base) < comps.thresholds[need - 1]:
            base = (comps.thresholds[need - 1],) * 3  # the levels those characters took
        tracks_l.append(base)
    tracks_l = tuple(tracks_l)
    lines = tuple((Line(v, "coins gained before this position", "tang_garden.score.coins", turn - 1),)
                  if v else () for v in ((coins or {}).get(p, 0) for p in range(players)))
    s = dataclasses.replace(
        s, board=tuple(board), piles=tuple(tuple(sorted(p)) for p in piles), tops=tuple(tops_l),
        deck=tuple(sorted(deck)), cards=tuple(kept), decos=tuple(sorted(deco_list)), own=tuple(own_l),
        placed=placed_l, char_shown=shown_l, char_deck=char_deck, slots=slots_l, land_piles=land_piles,
        land_shown=land_shown, board_tokens=board_tokens, held=tuple(tuple(h) for h in held_l),
        spent=tuple(tuple(h) for h in spent_l), tracks=tracks_l, lines=lines,
        reached=tuple(sum(1 for t in comps.thresholds if min(tr) >= t) for tr in tracks_l),
        drawn=tuple(drawn), pending=tuple(pending), step=step, active=active, first=first,
        lanterns=tuple(tuple((lanterns or {}).get(p, (True,) * 4)) for p in range(players)), right=right,
        ctoken=tuple((ctoken or {}).get(p, False) for p in range(players)), lantern_used=lantern_used,
        lantern_mode=lantern_mode, turn=turn, turn_tops=tuple(sorted(t for t in tops_l if t)))
    return rules.from_dict(s.to_dict())


__all__ = ["position"]
