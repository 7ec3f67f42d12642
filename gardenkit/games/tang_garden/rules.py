"""The rules of Tang Garden (Francesco Testini and Pierluca Zizzi, ThunderGryph Games): the
multiplayer game for 2 to 4 players.

The score is coins: those gained during play (each a line citing its rule, the turn it came in)
and, once the last round is over, the end scoring (decoration cards, then each standing
character's line of sight and sight preference). Cube steps on the player board are effects of
a move, not points; the coins they pay (coin levels, skills) are lines.

Chance is explicit: turning up a stack's face-down top (``flip 17``), drawing a decoration card
(``draw fish/water``), a character off the deck (``character poet``), a landscape tile off its
pile (``turn up S3``) and the first player (``first player 2``) are chance nodes; the set-up is
a run of them. A face-down top is not decided until it turns up: it is one of its stack's
unseen tiles.

A turn: the main action (``build …`` or ``decorate``, a lantern first if wanted), the decisions
it opens (``footpath …``, ``landscape …``, ``keep …``, ``advance …``, ``take token …``), then the
optional steps (``influence …`` and ``place …``, ``move …`` with the lantern, ``refresh …``) and
``end turn``. The state keeps where the turn stands (``step``, ``pending``, the flags), so
``legal_actions`` offers exactly the steps open now.

How we read what the rulebook leaves open is in ``READINGS.md`` beside this module.

>>> import gardenkit
>>> rules = TangGardenRules()
>>> s = rules.initial_state(players=2, seed=4)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> s.step, len(s.board_tokens), sum(1 for t in s.tops if t), len(s.char_shown), len(s.slots)
('main', 16, 4, 2, 4)
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

from ...core import CHANCE, Cited, GameInfo, GameRules, MalformedInputError, Option, Outcome, Rng
from ...core import Target
from ...core.rules import ScratchTurn
from .actions import (
    ACTION_TYPES, Advance, Build, Decorate, DiscardAll, DrawCard, EndTurn, FACINGS, First, Flip, Footpath,
    Influence, Keep, Landscape, Lantern, Lay, Merchant, MoveChar, Officer, PlaceChar, Refresh, Remove, Reveal,
    TakeToken, Turnup, WHERE, parse,
)
from .board import SIDES, SIZE, SIZES, SLOTS, STEP
from .components import ELEMENTS, LANTERNS, SOLO_LANTERNS, default_components, load_components, space_name
from .board import covered
from .engine import Work
from .queries import R, any_build, build_refusal, card_places, face_up, free_spots, stack_left, supply_left
from .scoring import final_lines as engine_final_lines
from .scoring import furthest_cubes
from .solo import solo_build_refusal, solo_builds, solo_has_build, solo_rank
from .rules_text import RULES
from .state import HIDDEN, TangGardenState

GAME = "tang_garden"
CHANCE_TYPES = (Flip, DrawCard, Reveal, Turnup, First, Lay)

INFO = GameInfo(
    id=GAME,
    title="Tang Garden",
    min_players=1,
    max_players=4,
    options={
        "solo": Option("solo", False, "The solo game \"Yin & Yang\" (one player; a game for one player is always solo)."),
        "start_side": Option("start_side", "a", "Which face of the double-sided starting tile is up: 'a' or 'b'."),
        "components": Option("components", "standard",
                             "'standard' for the shipped (partly reconstructed) components, or the path of your own "
                             "component file in the same JSON format."),
    },
    rules=RULES,
)


#: each lantern's effect in a few words (the text alternative of a player board)
_LANTERN_WORDS = {"build2": "build two tiles", "decorate2": "keep two cards", "move": "move a character",
                  "choose": "choose a hidden one", "tile_only": "lay a pair's tile only",
                  "display": "build from the display", "redraw": "redraw the cards", "reuse": "reuse a lantern"}


class TangGardenRules(ScratchTurn, GameRules):
    info = INFO
    state_type = TangGardenState
    score_word = "coin"
    action_types = ACTION_TYPES

    # ----- setting up ------------------------------------------------------------------------------------
    def _initial_state(self, players, seed, start_side, components, solo):
        comps = default_components() if components == "standard" else load_components(Path(components))
        if start_side not in comps.start_sides:
            raise MalformedInputError(f"start_side must be 'a' or 'b', not {start_side[:20]!r}")
        if solo and players != 1:
            raise MalformedInputError(f"the solo game \"Yin & Yang\" is for one player, not {players}")
        if players == 1:
            todo = [("flip", k) for k in range(4)] + [("start2",)] * 2
            return TangGardenState(
                players=1, rng=Rng.from_seed(seed), board=(None,) * (SIZE * SIZE),
                piles=tuple(comps.stack(k) for k in ("greenery", "water", "rock", "mixed")), tops=(0, 0, 0, 0),
                decos=(), deck=comps.deck(), discard=(), drawn=(), cards=((),), tracks=((0, 0, 0),), lines=((),),
                lanterns=((True,) * 4,), held=((0, 0),), spent=((0, 0),), board_tokens=(),
                land_piles=tuple(tuple(sorted(t.id for t in comps.landscapes if t.size == size)) for size in SIZES),
                land_shown=((), ()), slots=(), char_deck=tuple(sorted(c.id for c in comps.characters)),
                char_shown=(), own=("",), placed=(), reached=(0,), ctoken=(False,), todo=tuple(todo), turn=1,
                start_side=start_side, components=comps, solo=True, pairs=("", "", "", ""))
        layout = "two" if players == 2 else "multi"
        todo = ([("flip", k) for k in range(4)] + [("deal", p) for p in range(players)] + [("reveal",)] * 2
                + [("slot", side) for side in SIDES] + [("show", "large")] * 2 + [("show", "small")] * 2
                + [("first",)])
        return TangGardenState(
            players=players, rng=Rng.from_seed(seed), board=(None,) * (SIZE * SIZE),
            piles=tuple(comps.stack(k) for k in ("greenery", "water", "rock", "mixed")), tops=(0, 0, 0, 0),
            decos=(), deck=comps.deck(), discard=(), drawn=(), cards=((),) * players, tracks=((0, 0, 0),) * players,
            lines=((),) * players, lanterns=((True,) * 4,) * players, held=((0, 0),) * players,
            spent=((0, 0),) * players, board_tokens=tuple(sorted(comps.tokens[layout])),
            land_piles=tuple(tuple(sorted(t.id for t in comps.landscapes if t.size == size)) for size in SIZES),
            land_shown=((), ()), slots=(), char_deck=tuple(sorted(c.id for c in comps.characters)), char_shown=(),
            own=("",) * players, placed=(), reached=(0,) * players, ctoken=(False,) * players, todo=tuple(todo),
            start_side=start_side, components=comps)

    # ----- whose turn ------------------------------------------------------------------------------------
    def current_player(self, s):
        self._check_state(s)
        if s.over:
            return None
        if s.todo:
            return CHANCE
        return s.active

    def decision(self, s) -> str:
        """What is being decided: ``chance``, ``over``, a waiting decision (``footpath``, ``landscape``,
        ``keep``, ``advance``, ``token``, ``place``) or the turn's step (``main``, ``build2``, ``after``)."""
        self._check_state(s)
        if s.over:
            return "over"
        if s.todo:
            return "chance"
        return s.pending[0][0] if s.pending else s.step

    # ----- chance ----------------------------------------------------------------------------------------
    def _chance_outcomes(self, s):
        task = s.todo[0]
        what = task[0]
        if what == "flip":
            pile = s.piles[task[1]]
            if pile:
                return tuple((Flip(t), 1 / len(pile)) for t in pile)
            return ((Flip(s.under[task[1]][0]), 1.0),)
        if what in ("draw", "pair"):
            deck = s.deck or s.discard  # an empty deck: the draw is from the discards shuffled into a new one
            return tuple((DrawCard(c), deck.count(c) / len(deck)) for c in sorted(set(deck)))
        if what == "lay":
            laid = [t[2] for t in s.board_tokens]
            left = {size: 4 - laid.count(size) for size in SIZES}
            total = sum(left.values())
            return tuple((Lay(size), left[size] / total) for size in SIZES if left[size] > 0)
        if what in ("deal", "reveal", "blind", "start2"):
            comps = s.components
            pool = [c for c in s.char_deck if what not in ("deal", "start2") or comps.character(c).starting]
            return tuple((Reveal(c), 1 / len(pool)) for c in pool)
        if what in ("slot", "show"):
            pile = s.land_piles[SIZES.index("small" if what == "slot" else task[1])]
            return tuple(sorted(((Turnup(t), 1 / len(pile)) for t in pile), key=lambda o: o[0].sort_key()))
        return tuple((First(p), 1 / s.players) for p in range(s.players))

    # ----- what may be done ------------------------------------------------------------------------------
    def _legal_actions(self, s):
        if s.todo:
            return tuple(a for a, _ in self._chance_outcomes(s))
        out = [a for a in self._candidates(s) if self._why_illegal(s, a) is None]
        return tuple(sorted(set(out), key=lambda a: a.sort_key()))

    def _candidates(self, s):
        if s.solo:
            return self._solo_candidates(s)
        p = s.active
        if s.pending:
            kind = s.pending[0][0]
            if kind == "footpath":
                return [Footpath("coins")] + [Footpath(e) for e in ELEMENTS]
            if kind == "advance":
                return [Advance(e) for e in ELEMENTS]
            if kind == "token":
                return [TakeToken(x, y) for x, y, _ in s.board_tokens]
            if kind == "landscape":
                size = s.pending[0][1]
                i = SIZES.index(size)
                tiles = [(t, False) for t in s.land_shown[i]] + [(t, True) for t in s.land_piles[i]]
                return [Landscape(t, side, slot, lan) for t, lan in tiles for side in SIDES for slot in SLOTS[size]]
            if kind == "keep":
                out = [Keep(c, x, y) for c in sorted(set(s.drawn)) if c != HIDDEN for x, y in card_places(s, c)]
                return out + [DiscardAll(), Merchant("draw"), Merchant("discard")]
            if kind == "place":
                chars = {s.own[p], s.pending[0][1]} - {""}
                return [PlaceChar(c, x, y, w, f) for c in chars for x, y, w in free_spots(s) for f in FACINGS]
            return []
        out = [EndTurn(), Decorate(), Officer()] + [Lantern(k) for k in ("build2", "decorate2")]
        out += [Refresh(k, size) for k in LANTERNS for size in SIZES]
        out += [Officer(t) for t in face_up(s)]
        if s.step in ("main", "build2"):
            frontier = [(x, y) for y in range(SIZE) for x in range(SIZE) if not covered(s.board, x, y)
                        and any(0 <= x + dx < SIZE and 0 <= y + dy < SIZE and covered(s.board, x + dx, y + dy)
                                for dx, dy in STEP)]
            out += [Build(t, x, y, r) for t in face_up(s) for x, y in frontier for r in (0, 90, 180, 270)]
        if s.step == "after":
            out += [Influence("shown", c) for c in s.char_shown] + [Influence("deck")]
            out += [Influence("choose", c) for c in s.char_deck]
        mine = [c for c in s.placed if c[1] == p]
        if mine and s.lanterns[p][LANTERNS.index("move")] and not s.lantern_used:
            out += [MoveChar(c[0], x, y, w, f) for c in mine for x, y, w in free_spots(s) + [(c[2], c[3], c[4])]
                    for f in FACINGS]
        return out

    def _solo_candidates(self, s):
        if s.pending:
            kind = s.pending[0][0]
            if kind == "start":
                return [Influence("shown", c) for c in s.char_shown]
            if kind == "skeep":
                card = s.pairs[s.pending[0][1]]
                return [Keep(card, x, y) for x, y in card_places(s, card)]
            if kind == "landscape":
                size = s.pending[0][1]
                return [Landscape(t, side, slot) for t in s.land_shown[SIZES.index(size)] for side in SIDES
                        for slot in SLOTS[size]]
            if kind in ("neutral", "final"):
                return [PlaceChar(s.pending[0][1], x, y, w, f) for x, y, w in free_spots(s) for f in FACINGS]
            return []
        out = [EndTurn()] + [Lantern(k) for k in ("tile_only", "display", "redraw", "reuse_tile_only",
                                                  "reuse_display", "reuse_redraw")]
        out += [Remove(x, y, area, size) for x, y, area, _ in s.decos for size in SIZES]
        if s.step == "main":
            out += solo_builds(s)
        if s.step == "after":
            out += [Influence("shown", c) for c in s.char_shown]
        return out

    def _why_solo(self, s, a):
        p = 0
        kind = s.pending[0][0] if s.pending else None
        want = {"start": Influence, "skeep": Keep, "landscape": Landscape, "neutral": PlaceChar, "final": PlaceChar}
        if kind is not None and not isinstance(a, want[kind]):
            rule = {"start": "solo.setup", "skeep": "solo.pair", "landscape": "solo.landscape",
                    "neutral": "solo.neutral", "final": "solo.final"}[kind]
            return R(f"first finish what is waiting: {kind}", rule)
        if isinstance(a, (Decorate, DiscardAll, Footpath, Advance, TakeToken, MoveChar, Officer, Merchant)):
            return R("the solo game has no such move (no player board, no skills)", "solo.pair")
        if isinstance(a, Refresh):
            return R("in the solo game tokens never refresh a lantern", "solo.no_refresh")
        if kind == "start":
            if a.source != "shown" or a.char not in s.char_shown:
                return R("keep one of the two starting characters drawn", "solo.setup")
            return None
        if kind == "skeep":
            card = s.pairs[s.pending[0][1]]
            if a.card != card:
                return R(f"the card of this pair is {card}", "solo.pair")
            if (a.x, a.y) not in card_places(s, card):
                return R(f"{space_name(a.x, a.y)} has no free {s.components.card(card).area} area", "decorate.area")
            return None
        if kind == "landscape":
            return self._why_landscape(s, p, a)
        if kind in ("neutral", "final"):
            if a.char != s.pending[0][1]:
                return R(f"{s.pending[0][1]} is the character to stand now", "solo." + kind)
            if a.facing not in FACINGS or (a.x, a.y, a.where) not in free_spots(s):
                return R(f"the {a.where} spot of {space_name(a.x, a.y)} is not a free character spot", "influence.spot")
            return None
        if isinstance(a, (Keep, Landscape, PlaceChar)):
            return R(f"{a} answers a decision that is not waiting now", "turn.main")
        if isinstance(a, Build):
            if s.step != "main":
                return R("a pair is placed once a turn", "turn.main")
            return solo_build_refusal(s, a)
        if isinstance(a, Lantern):
            if s.step != "main":
                return R("a lantern goes with the turn's pair, before it", "lantern.once")
            if s.lantern_used:
                return R("one lantern a turn", "lantern.once")
            kind_ = a.kind[len("reuse_"):] if a.kind.startswith("reuse_") else a.kind
            if kind_ not in SOLO_LANTERNS or kind_ == "reuse":
                return R("a solo lantern: tile_only, display, redraw, or reuse_ one of them", "solo.lantern_reuse")
            lan = s.lanterns[0]
            if a.kind.startswith("reuse_"):
                if not lan[SOLO_LANTERNS.index("reuse")] or lan[SOLO_LANTERNS.index(kind_)]:
                    return R("the reuse lantern repeats a lantern already used, once", "solo.lantern_reuse")
            elif not lan[SOLO_LANTERNS.index(kind_)]:
                return R(f"the {kind_} lantern is used", "lantern.once")
            if kind_ == "display" and not solo_has_build(dataclasses.replace(s, lantern_mode="display")):
                return R("no tile of the display fits the garden", "solo.lantern_display")
            if kind_ == "tile_only" and not solo_has_build(dataclasses.replace(s, lantern_mode="tile_only")):
                return R("no stack top fits the garden", "solo.lantern_tile_only")
            if kind_ == "redraw" and not (s.deck or s.discard):
                return R("no card is left to draw", "solo.lantern_redraw")
            return None
        if isinstance(a, Remove):
            need = s.components.solo["remove_tokens"]
            if a.size not in SIZES or s.held[0][SIZES.index(a.size)] < need:
                return R(f"sending a decoration away takes {need} {a.size} tokens", "solo.remove")
            if not any((d[0], d[1], d[2]) == (a.x, a.y, a.area) for d in s.decos):
                return R(f"no decoration lies in the {a.area} area of {space_name(a.x, a.y)}", "solo.remove")
            return None
        if isinstance(a, Influence):
            if s.step != "after":
                return R("influence comes after the turn's pair", "influence.when")
            if s.influenced:
                return R("one character a turn", "influence.once")
            levels = sum(1 for c in s.components.solo["influence_coins"] if s.scores[0] >= c)
            if len(s.team) - 1 >= levels:
                return R(f"a new character needs {s.components.solo['influence_coins'][min(len(s.team) - 1, 2)]} "
                         "coins", "solo.influence")
            if len(s.team) >= s.components.solo["max_characters"]:
                return R("four characters at most", "solo.influence")
            if a.source != "shown" or a.char not in s.char_shown:
                return R("take one of the two revealed characters", "solo.influence")
            return None
        if isinstance(a, EndTurn):
            if s.step != "after":
                return R("place the turn's pair first", "turn.end")
            return None
        return R(f"{a} is no solo move", "solo.pair")

    def _why_illegal(self, s, a):
        if s.todo:
            if not isinstance(a, CHANCE_TYPES) or a not in {o for o, _ in self._chance_outcomes(s)}:
                return R(f"a chance step comes first ({s.todo[0][0]}): {a} is not one of its outcomes", "turn.order")
            return None
        if isinstance(a, CHANCE_TYPES):
            return R("no chance step is waiting: a player is to act", "turn.order")
        if s.solo:
            return self._why_solo(s, a)
        p = s.active
        kind = s.pending[0][0] if s.pending else None
        want = {"footpath": Footpath, "advance": Advance, "token": TakeToken, "landscape": Landscape,
                "keep": (Keep, DiscardAll, Merchant), "place": PlaceChar}
        if kind is not None and not isinstance(a, want[kind]):
            rule = {"footpath": "build.footpath_two", "advance": "decorate.bonus", "token": "decorate.bonus",
                    "landscape": "build.token", "keep": "decorate.keep", "place": "influence.spot"}[kind]
            return R(f"first finish what the move started: {kind} is to be decided", rule)
        if kind is None and isinstance(a, tuple(v for k, v in want.items() for v in (v if isinstance(v, tuple) else (v,)))):
            return R(f"{a} answers a decision that is not waiting now", "turn.main")
        method = getattr(self, "_why_" + type(a).__name__.lower())
        return method(s, p, a)

    # one check per kind of move
    def _why_build(self, s, p, a):
        if s.step == "after":
            return R("the main action of this turn is done", "turn.main")
        if s.lantern_mode == "decorate2":
            return R("the decorate lantern was turned: decorate this turn", "lantern.decorate2")
        if s.step == "build2" or s.lantern_mode == "build2":
            # with the build lantern both tiles, the first as well as the second, were face up when the turn
            # began (not turned up this turn, e.g. by the Officer)
            allowed = [t for t in face_up(s) if t in s.turn_tops]
            if a.tile in face_up(s) and a.tile not in allowed:
                which = "second" if s.step == "build2" else "first"
                return R(f"tile {a.tile} turned up this turn: with the build lantern the {which} tile must have been "
                         "face up when the turn began", "lantern.build2")
            return build_refusal(s, a, allowed)
        return build_refusal(s, a)

    def _why_decorate(self, s, p, a):
        if s.step != "main":
            return R("the main action of this turn is done", "turn.main")
        if s.lantern_mode == "build2":
            return R("the build lantern was turned: build this turn", "lantern.build2")
        return None

    def _why_keep(self, s, p, a):
        comps = s.components
        if not comps.has_card(a.card) or a.card not in s.drawn:
            return R(f"{a.card} is not among the drawn cards", "decorate.keep")
        card = comps.card(a.card)
        if not card_places(s, a.card):
            why = ("no decoration of that kind is left in the supply" if supply_left(s, card.kind) <= 0
                   else f"no free {card.area} area is left in the garden")
            return R(f"{a.card} cannot be kept: {why}", "decorate.supply")
        if (a.x, a.y) not in card_places(s, a.card):
            return R(f"{space_name(a.x, a.y)} has no free {card.area} area for a {card.kind}", "decorate.area")
        return None

    def _why_discardall(self, s, p, a):
        if any(card_places(s, c) for c in s.drawn if c != HIDDEN):
            return R("a drawn card can be placed: keep one", "decorate.none")
        return None

    def _why_merchant(self, s, p, a):
        if s.own[p] != "merchant":
            return R("only the Merchant on your card lends this skill", "skill.merchant")
        if s.merchant_used or s.keeps:
            return R("the Merchant's extra draw is used once, before keeping a card", "skill.merchant")
        if s.scores[p] < 1:
            return R("it costs a coin, and you have none", "skill.merchant")
        if a.choice == "discard" and not s.discard:
            return R("the discard pile is empty", "skill.merchant")
        if a.choice == "draw" and not (s.deck or s.discard):
            return R("no card is left to draw", "skill.merchant")
        return None

    def _why_footpath(self, s, p, a):
        if a.choice != "coins" and s.tracks[p][ELEMENTS.index(a.choice)] >= s.components.levels:
            return R(f"your {a.choice} cube is at the end of its track", "track.end")
        return None

    def _why_advance(self, s, p, a):
        return None

    def _why_taketoken(self, s, p, a):
        if not any((x, y) == (a.x, a.y) for x, y, _ in s.board_tokens):
            return R(f"no landscape token lies on {space_name(a.x, a.y)}", "decorate.bonus")
        return None

    def _why_landscape(self, s, p, a):
        size = s.pending[0][1]
        i = SIZES.index(size)
        if a.lantern:
            if not s.lanterns[p][LANTERNS.index("choose")] or s.lantern_used:
                return R("the lantern that chooses is used (or another lantern was used this turn)", "lantern.once")
            if a.tile not in s.land_piles[i]:
                return R(f"{a.tile} is not a hidden {size} landscape tile", "lantern.choose")
        elif a.tile not in s.land_shown[i]:
            return R(f"{a.tile} is not one of the {size} landscape tiles on view", "landscape.insert")
        if a.side not in SIDES or a.slot not in SLOTS[size]:
            return R(f"a {size} landscape tile goes in a {size} slot ({', '.join(SLOTS[size])})", "landscape.insert")
        if any((side, slot) == (a.side, a.slot) for side, slot, _ in s.slots):
            return R(f"slot {a.slot} on side {a.side} is taken", "landscape.insert")
        return None

    def _why_lantern(self, s, p, a):
        if s.step != "main" or s.acted and s.builds + s.keeps + len(s.drawn) > 0:
            return R("a lantern for the main action is turned before it", "lantern.once")
        why = self._lantern_free(s, p, a.kind)
        if why is None and a.kind == "build2":
            ready = [t for t in face_up(s) if t in s.turn_tops]
            if len(ready) < 2 or not any_build(s, ready):
                return R("building twice needs two tiles face up since the turn began, and one that fits now",
                         "lantern.build2")
        return why

    def _lantern_free(self, s, p, kind):
        if s.lantern_used:
            return R("a lantern was used this turn already", "lantern.once")
        if not s.lanterns[p][LANTERNS.index(kind)]:
            return R(f"your {kind} lantern is face down (refresh it first)", "lantern.once")
        return None

    def _why_movechar(self, s, p, a):
        why = self._lantern_free(s, p, "move")
        if why:
            return why
        mine = next((c for c in s.placed if c[0] == a.char and c[1] == p), None)
        if mine is None:
            return R(f"{a.char} is none of your characters standing in the garden", "lantern.move")
        if a.facing not in FACINGS or a.where not in WHERE:
            return R("a character faces N, E, S or W on a tile, bridge or pavilion spot", "influence.facing")
        here = (mine[2], mine[3], mine[4])
        if (a.x, a.y, a.where) == here:
            if a.facing == mine[5]:
                return R("it already stands there facing that way", "lantern.move")
            return None
        if (a.x, a.y, a.where) not in free_spots(s):
            return R(f"the {a.where} spot of {space_name(a.x, a.y)} is not a free character spot", "influence.spot")
        return None

    def _why_refresh(self, s, p, a):
        if s.pending:
            return R("finish the decision waiting first", "turn.main")
        if s.lanterns[p][LANTERNS.index(a.kind)]:
            return R(f"your {a.kind} lantern is face up already", "lantern.refresh")
        need = 4 if s.players == 2 else 3
        if s.held[p][SIZES.index(a.size)] < need:
            return R(f"refreshing takes {need} {a.size} landscape tokens", "lantern.refresh")
        return None

    def _why_officer(self, s, p, a):
        if s.own[p] != "officer":
            return R("only the Officer on your card lends this skill", "skill.officer")
        if s.step != "main" or s.acted:
            return R("the Officer acts at the very start of the turn", "skill.officer")
        if not a.tile:
            if s.scores[p] < 1:
                return R("it costs a coin, and you have none", "skill.officer")
            if not any(not s.tops[k] and stack_left(s, k) for k in range(4)):
                return R("no stack has a face-down top", "skill.officer")
        elif a.tile not in face_up(s):
            return R(f"tile {a.tile} is not face up on a stack", "skill.officer")
        return None

    def _why_influence(self, s, p, a):
        if s.step != "after":
            return R("influence comes after the main action", "influence.when")
        if s.influenced:
            return R("one character a turn", "influence.once")
        if not s.right and not s.ctoken[p]:
            return R("you have reached no new character level this turn and hold no character token",
                     "influence.right")
        if not free_spots(s):
            return R("no character spot is free in the garden", "influence.spot")
        if a.source == "shown":
            if a.char not in s.char_shown:
                return R(f"{a.char} is not one of the revealed characters", "influence.take")
        elif a.source == "deck":
            if a.char or not s.char_deck:
                return R("the character deck is empty" if not s.char_deck else "a blind draw names no character",
                         "influence.take")
        elif a.source == "choose":
            why = self._lantern_free(s, p, "choose")
            if why:
                return why
            if a.char not in s.char_deck:
                return R(f"{a.char} is not in the character deck", "lantern.choose")
        else:
            return R("take a revealed character, draw one, or choose one with the lantern", "influence.take")
        return None

    def _why_placechar(self, s, p, a):
        if a.char not in (s.own[p], s.pending[0][1]):
            return R(f"{a.char} is not one of your characters to place", "influence.spot")
        if a.facing not in FACINGS or a.where not in WHERE:
            return R("a character faces N, E, S or W", "influence.facing")
        if (a.x, a.y, a.where) not in free_spots(s):
            return R(f"the {a.where} spot of {space_name(a.x, a.y)} is not a free character spot", "influence.spot")
        return None

    def _why_endturn(self, s, p, a):
        if s.step != "after":
            return R("the main action is not done yet", "turn.end")
        return None

    # ----- what a move does: one playing-out (core.rules.ScratchTurn, engine.Work) -----------------
    Work = Work
    explanation_unit = "coin"

    def _actor(self, s) -> int:
        return s.active

    # ----- the end's scoring, seen from any position ----------------------------------------------------
    def final_lines(self, s, player: int) -> tuple:
        """The end-scoring lines ``player`` would get if the game ended in ``s`` (cards, then each of their
        standing characters): what the end adds to the coins gained in play."""
        self._check_state(s)
        self._check_player(s, player)
        return tuple(engine_final_lines(s, player))

    def projected_scores(self, s) -> tuple:
        """The coins so far plus what each player's end scoring (:meth:`final_lines`: cards, characters'
        lines of sight) would add if the game ended in ``s``; the final coins once it is over. A
        search bot counts these where it stops a playout early.

        >>> import gardenkit
        >>> rules = gardenkit.make("tang_garden")
        >>> s = rules.initial_state(players=2, seed=1)
        >>> rules.projected_scores(s) == tuple(v + sum(line.points for line in rules.final_lines(s, p))
        ...                                     for p, v in enumerate(rules.scores(s)))
        True
        """
        self._check_state(s)
        if s.over:
            return tuple(s.scores)
        return tuple(v + sum(line.points for line in engine_final_lines(s, p)) for p, v in enumerate(s.scores))

    def sight_scores(self, s, player: int, character: str, actions) -> dict:
        """For each of ``actions`` (placing or moving the character ``character``, by id), the coins that
        character would score ``player`` at the end from the position after it: its lines of
        :meth:`final_lines` there (what a board shows on each spot the character may take).

        >>> import gardenkit
        >>> rules = gardenkit.make("tang_garden")
        >>> rules.sight_scores(rules.initial_state(players=2, seed=1), 0, "poet", [])
        {}
        """
        self._check_state(s)
        self._check_player(s, player)
        name = s.components.character(character).name
        out = {}
        for action in actions:
            after = self.apply(s, action)
            out[str(action)] = sum(line.points for line in self.final_lines(after, player) if line.subject == name)
        return out

    # ----- what a board offers ---------------------------------------------------------------------------
    def targets(self, s, selection=None) -> tuple[Target, ...]:
        """What the player to act can click now, what it gives (coins) and why not.

        ``selection`` is ``(tile, rotation)``: a face-up stack top and its turn. Then every empty space
        next to the garden, as ``build`` with its coins or the :class:`~gardenkit.Refusal`; ``at`` is the
        space ``(x, y)``. Or ``("card", name)``: a drawn card, then every space with a free area of its
        kind (refused where none is). Or ``("char", id)``: one of your characters to stand, then every free
        spot facing each way. With nothing selected: every legal move that is not a build.
        """
        self._check_state(s)
        p = self.current_player(s)
        if not isinstance(p, int):
            return ()
        if selection is None:
            return tuple(Target(str(a), self.action_points(s, a), None, _where(a)) for a in self._legal_actions(s)
                         if not isinstance(a, Build))
        if not isinstance(selection, (tuple, list)) or len(selection) != 2:
            raise MalformedInputError(f"a selection is (tile, rotation), ('card', name) or ('char', id), "
                                      f"not {str(selection)[:60]}")
        first, second = selection
        if first == "card":
            acts = [Keep(str(second), x, y) for y in range(SIZE) for x in range(SIZE) if s.board[y * SIZE + x]]
        elif first == "char":
            acts = [PlaceChar(str(second), x, y, w, f) for x, y, w in free_spots(s) for f in FACINGS]
        else:
            if isinstance(first, bool) or not isinstance(first, int) or second not in (0, 90, 180, 270):
                raise MalformedInputError(f"a tile selection is (tile, rotation 0/90/180/270), not {str(selection)[:60]}")
            acts = [Build(first, x, y, second) for y in range(SIZE) for x in range(SIZE)
                    if not covered(s.board, x, y) and any(0 <= x + dx < SIZE and 0 <= y + dy < SIZE
                                                          and covered(s.board, x + dx, y + dy) for dx, dy in STEP)]
        out = []
        for a in acts:
            why = self._refusal(s, a)
            out.append(Target(str(a), None if why else self.action_points(s, a), why, _where(a)))
        return tuple(out)

    # ----- scores and the end ----------------------------------------------------------------------------
    def outcome(self, s):
        self._check_state(s)
        if not s.over:
            return None
        if s.solo:
            if s.result == "defeat":
                return Outcome((), s.scores, Cited(f"defeat with {s.scores[0]} coins", "tang_garden.solo.defeat"))
            return Outcome((0,), s.scores, Cited(f"victory: {s.scores[0]} coins, {solo_rank(s, s.scores[0])}",
                                                 "tang_garden.solo.rank"))
        scores = s.scores
        best = max(scores)
        tied = [p for p in range(s.players) if scores[p] == best]
        names = " and ".join(f"player {p + 1}" for p in s.winners)
        if len(tied) == 1:
            reason = Cited(f"{names} wins with {best} coins", "tang_garden.end.winner")
        elif len(s.winners) > 1:
            reason = Cited(f"tied on {best} coins, landscape tokens and cubes: {names} share the victory",
                           "tang_garden.end.tie_shared")
        elif len({sum(s.held[p]) for p in tied}) > 1:
            reason = Cited(f"tied on {best} coins: {names} holds the most landscape tokens",
                           "tang_garden.end.tie_tokens")
        else:
            far, count = furthest_cubes(s, tied)
            n = count[s.winners[0]]
            reason = Cited(f"tied on {best} coins and tokens: {names} has the most cubes ({n}) on level {far}, the "
                           "furthest any tied player's cube reached", "tang_garden.end.tie_tracks")
        return Outcome(tuple(s.winners), scores, reason)

    def _describe(self, seen, player):
        """The turn, the stacks' tops, what each player holds: tracks, lanterns, tokens, cards, characters."""
        comps = seen.components
        built = sum(1 for square in seen.board if square is not None)
        lines = [f"Turn {seen.turn}; {built} tiles in the garden; on top of the stacks: "
                 + ", ".join(f"tile {t}" if t else "none" for t in seen.tops) + "."]
        if seen.char_shown:
            lines.append("Characters on offer: " + ", ".join(comps.character(c).name for c in seen.char_shown) + ".")
        drawn = [c for c in seen.drawn if c != HIDDEN]
        if drawn:
            lines.append("Cards drawn to choose from: " + ", ".join(drawn) + ".")
        lanterns = SOLO_LANTERNS if seen.solo else LANTERNS
        for q in [player, *(q for q in range(seen.players) if q != player)]:
            who = "You" if q == player else f"Player {q + 1}"
            tracks = ", ".join(f"{e} {lv}" for e, lv in zip(ELEMENTS, seen.tracks[q]))
            unused = [_LANTERN_WORDS.get(name, name) for name, left in zip(lanterns, seen.lanterns[q]) if left]
            large, small = seen.held[q]
            own = comps.character(seen.own[q]).name if seen.own[q] else "none"
            cards = ", ".join(seen.cards[q]) or "none"
            lines.append(f"{who}: tracks {tracks} (of {comps.levels}); lanterns left: {', '.join(unused) or 'none'}; "
                         f"landscape tokens: {large} large, {small} small; cards: {cards}; character on the card: {own}.")
        return tuple(lines)

    def observe(self, s, player: int):
        """What ``player`` sees: everything on the table, but not the order of the piles and decks
        (``rng`` None) nor, on another player's turn, the cards that player drew (``hidden``;
        counted in the deck, ``unseen`` of them)."""
        self._check_state(s)
        self._check_player(s, player)
        if s.drawn and player != s.active and not s.over and not s.solo:
            real = [c for c in s.drawn if c != HIDDEN]
            return dataclasses.replace(s, rng=None, drawn=(HIDDEN,) * len(s.drawn),
                                       deck=tuple(sorted(s.deck + tuple(real))), unseen=s.unseen + len(real))
        return dataclasses.replace(s, rng=None)

    def determinize(self, observed, rng: Rng):
        """A full state consistent with a player's view: the hidden drawn cards are a guess drawn with
        ``rng`` from the cards the view has not seen (its deck counts them); the rest is ``rng``'s order.

        >>> import gardenkit
        >>> rules = TangGardenRules()
        >>> s = rules.initial_state(players=2, seed=1)
        >>> while rules.current_player(s) is gardenkit.CHANCE:
        ...     s = rules.step_chance(s)
        >>> s = rules.apply(s, "decorate")
        >>> while rules.current_player(s) is gardenkit.CHANCE:
        ...     s = rules.step_chance(s)
        >>> view = rules.observe(s, 1 - s.active)
        >>> guess = rules.determinize(view, Rng.from_seed(3))
        >>> len(guess.drawn) == len(s.drawn), sorted(guess.deck + guess.drawn) == sorted(s.deck + s.drawn)
        (True, True)
        """
        self._check_state(observed)
        if not isinstance(rng, Rng):
            raise MalformedInputError(f"determinize needs a gardenkit.core.Rng, not {str(rng)[:40]}")
        if not observed.unseen:
            return dataclasses.replace(observed, rng=rng)
        deck = list(observed.deck)
        drawn = []
        for c in observed.drawn:
            if c == HIDDEN:
                j, rng = rng.below(len(deck))
                c = deck.pop(j)
            drawn.append(c)
        return dataclasses.replace(observed, rng=rng, deck=tuple(sorted(deck)), drawn=tuple(drawn), unseen=0)

    def _check_full(self, s) -> None:
        if s.unseen or HIDDEN in s.drawn:
            raise MalformedInputError("this Tang Garden state is a player's view (rules.observe): the drawn cards are "
                                      "face down, so play cannot go on from it")

    # ----- notation and saves ----------------------------------------------------------------------------
    def _parse_action(self, s, text):
        return parse(text)

    def _state_from_dict(self, d):
        from .serialize import state_from_dict

        return state_from_dict(self, d)


def _where(a) -> tuple:
    if isinstance(a, (Build, Keep, PlaceChar, MoveChar, TakeToken)):
        return (a.x, a.y)
    return ()
