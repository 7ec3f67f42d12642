"""Positions for lessons, worked examples and tests, built from move notation.

``position`` lays pieces straight into the gardens (no turns are played, no points scored),
taking the tiles out of the box, then lays out the display with the seeded draw. The pieces
go through the same geometry checks as a real placement.

>>> from gardenkit.games.miyabi.rules import MiyabiRules
>>> s = position(gardens={0: ["38@b2", "6@b2"]}, to_move=0)
>>> s.gardens[0].height(1, 1), MiyabiRules().current_player(s)
(2, 0)
"""
from __future__ import annotations

import dataclasses

from ...core import CHANCE, Line, MalformedInputError
from .actions import Place, PlaceZen, parse
from .garden import Garden, Piece, layer_of
from .rules import MiyabiRules
from .state import FrogMarker

_RULES = MiyabiRules()  # stateless


def build_garden(s, notations, who: str = "the garden") -> Garden:
    """A garden holding the pieces ``notations`` (``"17@c2/90"``, ``"Z4@a6"``) in that order."""
    comps = s.components
    g = Garden()
    for text in notations:
        a = parse(text)
        if isinstance(a, Place):
            t = comps.tile(a.tile)
            if a.y != comps.row_of(t.kind):
                raise MalformedInputError(f"{text}: tile {a.tile} shows {t.kind}, which belongs in row {comps.row_of(t.kind) + 1}")
            layer, reason = layer_of(g, t.footprint(a.rot), a.x, a.y)
            if reason:
                raise MalformedInputError(f"{text} in {who}: {reason}")
            rot = t.canonical(a.rot)
            g = g.add(Piece(a.tile, tuple((a.x + dx, a.y + dy) for dx, dy in t.footprint(rot)), (a.x, a.y),
                            t.kind, t.objects, layer, rot))
        elif isinstance(a, PlaceZen):
            z = comps.zen_tile(a.zen)
            if a.y != comps.row_of(z.kind) or g.height(a.x, a.y):
                raise MalformedInputError(f"{text} in {who}: a Zen tile goes on bare board in its object's row")
            g = g.add(Piece(a.zen, ((a.x, a.y),), (a.x, a.y), z.kind, 1, 1, 0, True))
        else:
            raise MalformedInputError(f"{text}: only tile and Zen placements build a garden")
    return g


def position(players: int = 2, *, gardens: dict | None = None, display=None, zen_display=None, to_move: int = 0,
             round: int = 1, lanterns: dict | None = None, frogs: dict | None = None, scores: dict | None = None,
             bonuses=None, passed=(), seed: int = 0, **options):
    """A position with ``player -> [notation, ...]`` gardens, ready for ``to_move`` to act.

    ``display``: the face-up tile ids (default: the round's seeded draw); ``zen_display`` the
    same for Zen tiles; ``lanterns``: player -> columns (letters or numbers) already lit this
    round; ``frogs``: player -> (square, golden); ``scores``: player -> points earned before.
    """
    rules = _RULES
    s = rules.initial_state(players=players, seed=seed, **options)
    gs = list(s.gardens)
    for p, notes in (gardens or {}).items():
        gs[p] = build_garden(s, notes, f"player {p + 1}'s garden")
    used = {pc.tile for g in gs for pc in g.pieces if not pc.zen}
    zen_used = {pc.tile for g in gs for pc in g.pieces if pc.zen}
    if zen_used and not s.zen:
        raise MalformedInputError("Zen tiles need the zen option")
    box = tuple(t for t in s.box if t not in used)
    pile = tuple(z for z in s.zen_pile if z not in zen_used)
    scored = tuple(tuple(sorted(pc.tile for pc in g.pieces if pc.zen and g.surrounded(*pc.obj))) for g in gs)
    s = dataclasses.replace(s, gardens=tuple(gs), box=box, zen_pile=pile, zen_scored=scored, round=round,
                            start=to_move)
    if display is not None:
        display = tuple(sorted(display))
        bad = [t for t in display if t not in box]
        if bad:
            raise MalformedInputError(f"tiles {bad} are not in the box (already placed, or unknown)")
        s = dataclasses.replace(s, box=tuple(t for t in box if t not in display), display=display)
    if zen_display is not None:
        zd = tuple(sorted(zen_display))
        if not set(zd) <= set(pile):
            raise MalformedInputError("those Zen tiles are not in the pile")
        s = dataclasses.replace(s, zen_pile=tuple(z for z in pile if z not in zd), zen_display=zd, zen_reveal=0)
    if frogs:
        fs = list(s.frogs)
        for p, (square, golden) in frogs.items():
            fs[p] = FrogMarker(*parse(f"frog {square}").__dict__.values(), golden)
        s = dataclasses.replace(s, frogs=tuple(fs))
    if bonuses is not None:
        s = dataclasses.replace(s, bonuses=tuple(k for k in s.components.kinds if k in bonuses))
    if scores:
        sc, ls = list(s.scores), list(s.lines)
        for p, pts in scores.items():
            sc[p] = pts
            ls[p] = (Line(pts, "points scored before this position", "miyabi.score.placement", round),)
        s = dataclasses.replace(s, scores=tuple(sc), lines=tuple(ls))
    if display is not None:
        s = rules.begin_play(dataclasses.replace(s, phase="deal"))
    while rules.current_player(s) is CHANCE:
        s = rules.step_chance(s)
    if lanterns:
        lit = list(s.lanterns)
        for p, cols in lanterns.items():
            for c in cols:
                lit[p] |= 1 << ("abcdef".index(c) if isinstance(c, str) else c)
        s = dataclasses.replace(s, lanterns=tuple(lit))
    if passed:
        s = dataclasses.replace(s, passed=tuple(p in passed for p in range(players)))
    return dataclasses.replace(s, to_move=to_move) if s.phase in ("turn", "frog_start") else s
