"""The rules of Miyabi, with the five mini-expansions as options.

>>> import gardenkit
>>> rules = gardenkit.make("miyabi")
>>> s = rules.initial_state(players=2, seed=7)
>>> rules.current_player(s) is gardenkit.CHANCE   # the round's tiles come out of the box first
True
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> rules.current_player(s), len(s.display)
(0, 12)
>>> a = rules.legal_actions(s)[0]
>>> e = rules.explain(s, a)
>>> e.legal, e.points == e.lines[0].points
(True, True)
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

from ...core import CHANCE, Effect, GameInfo, GameRules, Line, MalformedInputError, Option, Refusal, Rng, Target
from ...core.rules import RulesWork, ScratchTurn
from .actions import ACTION_TYPES, EndTurn, Frog, Pass, Place, PlaceZen, Draw, Reveal, cell_name, parse
from .components import SHAPES, default_components, load_components
from .garden import CELLS, SIZE, Garden, Piece, layer_of, neighbours, tile_layer
from .rules_text import RULES
from .state import FrogMarker, MiyabiState

GAME = "miyabi"
BONUS_LAYER = 5
GOLDEN_LAYER = 4
ZEN_FACE_UP = 5

INFO = GameInfo(
    id=GAME,
    title="Miyabi",
    min_players=2,
    max_players=4,
    options={
        "colorful": Option("colorful", False, "A) The Colorful Garden: your largest group of objects scores 1 per object at the end.", "A Colorful Garden"),
        "meadow": Option("meadow", False, "B) The Big Meadow: your largest group of empty green squares scores 2 per square at the end.", "B Big Meadow"),
        "zen": Option("zen", False, "C) The Zen Garden: 16 Zen tiles to take instead of a garden tile.", "C Zen Garden"),
        "seven": Option("seven", False, "D) 7!: 7 points for each row and column with exactly 7 objects at the end.", "D 7!"),
        "frog": Option("frog", False, "E) The Frog: one step before or after each turn, points for climbing.", "E Frog"),
        "start_player": Option("start_player", 0, "Who holds the bonsai in the first round (0 = player 1)."),
        "components": Option(
            "components", "standard",
            "'standard' for the shipped (partly reconstructed) tiles, or the path of your own component file in the same JSON format.",
        ),
    },
    rules=RULES,
)


def _plural(n: int, word: str) -> str:
    """``3 pagodas``, ``3 fish``, ``3 boxwood`` (fish and boxwood read best unchanged)."""
    return f"{n} {word}" if n == 1 or word in ("fish", "boxwood") else f"{n} {word}s"


@dataclasses.dataclass(frozen=True)
class _Result:
    """What one action does to its player: the single source for apply and explain."""

    lines: tuple[Line, ...] = ()
    effects: tuple[tuple[str, str | None], ...] = ()  # (text, rule): made Effects only to explain
    garden: Garden | None = None
    frog: FrogMarker | None = None
    bonus: str | None = None
    zen_scored: tuple[int, ...] | None = None
    lantern: int | None = None


class Work(RulesWork):
    """Miyabi's scratch turn for :class:`~gardenkit.core.rules.ScratchTurn`: ``do(a)`` works the
    action out once (``rules._result``: its score lines and effects; ``rules._after``: the state
    after it, or ``rules._chance_after`` for a chance step); its effects add what a learner is told
    besides (how a placement meets the placing rules, what happens next), read from that state."""

    def do(self, a) -> None:
        rules, s = self.rules, self.s
        if rules.current_player(s) is CHANCE:
            self._effects = (Effect(f"Z{a.zen} is turned face up", "miyabi.zen.setup") if isinstance(a, Reveal)
                             else Effect(f"{s.components.tile(a.tile).describe()} joins the display", "miyabi.round.tiles"),)
            self.after = rules._chance_after(s, a)
            return
        r = rules._result(s, a)
        self.after = rules._after(s, a, r)
        self.new_lines = {rules._actor(s): r.lines}
        self._unworded = (a, r)

    def _word(self, a, r) -> tuple:
        rules, s = self.rules, self.s
        return (tuple(Effect(text, rule) for text, rule in r.effects) + rules._placement_notes(s, a)
                + rules._flow_notes(s, self.after))


class MiyabiRules(ScratchTurn, GameRules):
    info = INFO
    state_type = MiyabiState
    action_types = ACTION_TYPES

    # ----- setting up --------------------------------------------------------------
    def _initial_state(self, players, seed, colorful, meadow, zen, seven, frog, start_player, components):
        if not 0 <= start_player < players:
            raise MalformedInputError(f"start_player must be between 0 and {players - 1}, not {start_player}")
        comps = default_components() if components == "standard" else load_components(Path(components))
        if zen and len(comps.zen) < ZEN_FACE_UP:
            raise MalformedInputError("the Zen Garden needs Zen tiles; this component file has fewer than 5")
        return MiyabiState(
            players=players, rng=Rng.from_seed(seed), phase="deal", round=1, start=start_player, to_move=None,
            box=tuple(sorted(t.id for t in comps.tiles)), display=(), gardens=tuple(Garden() for _ in range(players)),
            lanterns=(0,) * players, passed=(False,) * players, scores=(0,) * players, lines=((),) * players,
            bonuses=comps.kinds, colorful=colorful, meadow=meadow, zen=zen, seven=seven, frog=frog,
            zen_pile=tuple(sorted(z.id for z in comps.zen)) if zen else (), zen_display=(),
            zen_reveal=ZEN_FACE_UP if zen else 0, zen_scored=((),) * players, frogs=(None,) * players,
            start_player=start_player, components=comps,
        )

    # ----- whose turn ----------------------------------------------------------------
    def current_player(self, s):
        self._check_state(s)
        if s.phase == "over":
            return None
        if s.phase == "deal" or (s.zen_reveal and s.zen_pile):
            return CHANCE
        return s.to_move

    def next_shape(self, s) -> str | None:
        """The shape of the next tile the round's display still needs (None: it is complete)."""
        self._check_state(s)
        need = s.components.tiles_per_round(s.players)
        have = {shape: 0 for shape in SHAPES}
        for t in s.display:
            have[s.components.tile(t).shape] += 1
        return next((shape for shape in SHAPES if have[shape] < need[shape]), None)

    # ----- legal actions -------------------------------------------------------------
    def _legal_actions(self, s):
        if s.zen_reveal and s.zen_pile:
            return tuple(Reveal(z) for z in s.zen_pile)
        if s.phase == "deal":
            shape = self.next_shape(s)
            return tuple(Draw(t) for t in s.box if s.components.tile(t).shape == shape)
        if s.phase == "frog_start":
            return tuple(Frog(x, y) for y in range(SIZE) for x in range(SIZE))
        frog_moves = self.frog_moves(s) if s.frog and not s.frog_moved else ()
        if s.phase == "after":
            return frog_moves + (EndTurn(),)
        places = tuple(a for t in s.display for a in self.placements(s, t))
        zens = self.zen_placements(s)
        if places or zens:
            return frog_moves + places + zens
        return frog_moves + (Pass(),)

    def placements(self, s, tile: int, rot: int | None = None) -> tuple[Place, ...]:
        """Legal placements of one display tile (every turn, or just ``rot``): what a board highlights."""
        self._check_state(s)
        if s.phase != "turn" or tile not in s.display:
            return ()
        t = s.components.tile(tile)
        y = s.components.row_of(t.kind)
        garden, p = s.gardens[s.to_move], s.to_move
        rots = t.rotations if rot is None else (t.canonical(rot),)
        out = []
        for r in rots:
            foot = t.footprint(r)
            for x in range(SIZE):
                if s.lantern_free(p, x) and tile_layer(garden, foot, x, y) is not None:
                    out.append(Place(tile, x, y, r))
        return tuple(out)

    def zen_placements(self, s) -> tuple[PlaceZen, ...]:
        if not s.zen or s.phase != "turn" or self._zen_blocked(s, s.to_move):
            return ()
        out = []
        for z in s.zen_display:
            y = s.components.row_of(s.components.zen_tile(z).kind)
            for x in range(SIZE):
                if self._zen_problem(s, s.to_move, x, y) is None:
                    out.append(PlaceZen(z, x, y))
        return tuple(out)

    def frog_moves(self, s) -> tuple[Frog, ...]:
        p = s.to_move
        if not s.frog or p is None or s.frogs[p] is None or s.frog_moved or s.phase not in ("turn", "after"):
            return ()
        f = s.frogs[p]
        return tuple(sorted((Frog(x, y) for x, y in neighbours(f.x, f.y) if self._frog_problem(s, p, x, y) is None),
                            key=lambda a: a.sort_key()))

    # ----- what a board offers ---------------------------------------------------------------
    def targets(self, s, selection=None) -> tuple[Target, ...]:
        """What can be clicked now, with what it gives or why not (the board, hints and tests read it).

        ``selection``: ``(tile, rot)``, a display tile's id turned ``rot`` degrees (0, 90, 180 or
        270), or a face-up Zen tile as ``("Z4", 0)``. Its targets are the squares of the tile's row,
        left to right (``at=(x, y)``, where its objects would go): the legal placements with their
        points, the others refused with their :class:`~gardenkit.core.types.Refusal`. Empty unless
        the player to act is placing (phase ``turn``) and the tile is face up.
        ``None``: what is clickable without a pick: the frog's squares (every square before the
        first turn, then its hops, each with its points) and the buttons (``at=()``): ``pass``
        when nothing fits, ``end`` after a tile when the frog may still hop.

        >>> from gardenkit.games.miyabi.setups import position
        >>> rules = MiyabiRules()
        >>> s = position(gardens={0: ["71@a3"]}, display=[43, 2, 17, 60], lanterns={0: "e"})
        >>> [(t.action, t.points) for t in rules.targets(s, (43, 0)) if t.legal]
        [('43@a3', 4), ('43@b3', 4), ('43@d3', 2)]
        >>> [(t.action, t.reason.rule) for t in rules.targets(s, (43, 0)) if not t.legal]
        [('43@c3', 'miyabi.place.layer'), ('43@e3', 'miyabi.place.lantern'), ('43@f3', 'miyabi.place.grid')]
        >>> rules.targets(s, (43, 90))[3]
        Target(action='43@d3/90', points=2, reason=None, at=(3, 2))
        >>> rules.targets(s)
        ()
        """
        self._check_state(s)
        p = self.current_player(s)
        if not isinstance(p, int):
            return ()
        if selection is None:
            if s.phase == "frog_start":
                return tuple(Target(str(a), 0, None, (a.x, a.y)) for a in self._legal_actions(s))
            out = [Target(str(a), self.action_points(s, a), None, (a.x, a.y)) for a in self.frog_moves(s)]
            for a in (Pass(), EndTurn()):
                if self._why_illegal(s, a) is None:
                    out.append(Target(str(a), self.action_points(s, a)))
            return tuple(out)
        tile, rot = _read_selection(selection)
        if s.phase != "turn":
            return ()
        comps = s.components
        if isinstance(tile, str):
            zid = int(tile[1:])
            if zid not in s.zen_display:
                return ()
            row = comps.row_of(comps.zen_tile(zid).kind)
            actions = [PlaceZen(zid, x, row) for x in range(SIZE)]
        else:
            if tile not in s.display:
                return ()
            t = comps.tile(tile)
            rot = t.canonical(rot)
            row = comps.row_of(t.kind)
            actions = [Place(tile, x, row, rot) for x in range(SIZE)]
        out = []
        for a in actions:
            reason = self._why_illegal(s, a)
            out.append(Target(str(a), None if reason else self.action_points(s, a), reason, (a.x, a.y)))
        return tuple(out)

    # ----- why not -----------------------------------------------------------------------
    def _zen_blocked(self, s, p) -> Refusal | None:
        for piece in reversed(s.gardens[p].pieces):
            if piece.zen:
                if not s.gardens[p].surrounded(*piece.obj):
                    return Refusal(f"your last Zen tile (on {cell_name(*piece.obj)}) is not surrounded yet; only then "
                                   "may you take another", "miyabi.zen.next")
                return None
        return None

    def _zen_problem(self, s, p, x, y) -> Refusal | None:
        garden = s.gardens[p]
        if garden.height(x, y) > 0:
            return Refusal(f"{cell_name(x, y)} is not bare board: a Zen tile goes only on the lowest layer", "miyabi.zen.place")
        if not s.lantern_free(p, x):
            return Refusal(f"column {cell_name(x, y)[0]} already has its lantern this round", "miyabi.place.lantern")
        f = s.frogs[p] if s.frog else None
        if f is not None and (f.x, f.y) == (x, y):
            return Refusal(f"your frog sits on {cell_name(x, y)}, and a frog may never be on a Zen tile", "miyabi.zen.cover")
        return None

    def _frog_problem(self, s, p, x, y) -> Refusal | None:
        f = s.frogs[p]
        garden = s.gardens[p]
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            return Refusal("the frog stays in the garden", "miyabi.frog.move")
        if (f.x, f.y) == (x, y):
            return Refusal(f"the frog is already on {cell_name(x, y)}: a move goes to a neighbouring square", "miyabi.frog.move")
        if abs(f.x - x) + abs(f.y - y) != 1:
            return Refusal(f"the frog moves one square up, down, left or right, and {cell_name(x, y)} is not next to "
                           f"it (it is on {cell_name(f.x, f.y)})", "miyabi.frog.move")
        if garden.is_zen(x, y):
            return Refusal(f"{cell_name(x, y)} is a Zen tile, where no frog may go", "miyabi.zen.cover")
        here, there = garden.height(f.x, f.y), garden.height(x, y)
        if there < here:
            return Refusal(f"{cell_name(x, y)} is lower (height {there}) than the frog (height {here}); it never goes down", "miyabi.frog.layer")
        if there > here + 1:
            return Refusal(f"{cell_name(x, y)} is {there - here} layers higher; the frog climbs at most one", "miyabi.frog.layer")
        if not f.golden and garden.objects_at(x, y):
            return Refusal(f"{cell_name(x, y)} shows objects, and a silver frog may not go onto objects", "miyabi.frog.silver")
        return None

    def _why_illegal(self, s, a):
        if isinstance(a, (Draw, Reveal)):
            if isinstance(a, Reveal):
                if not (s.zen_reveal and s.zen_pile):
                    return Refusal("no Zen tile is waiting to be turned face up", "miyabi.zen.setup")
                return None if a.zen in s.zen_pile else Refusal(f"Z{a.zen} is not face down in the Zen pile", "miyabi.zen.setup")
            if s.phase != "deal" or (s.zen_reveal and s.zen_pile):
                return Refusal("tiles come out of the box only while a round's display is laid out", "miyabi.round.tiles")
            if a.tile not in s.box:
                return Refusal(f"tile {a.tile} is not in the box", "miyabi.round.tiles")
            shape = self.next_shape(s)
            if s.components.tile(a.tile).shape != shape:
                return Refusal(f"the display next needs a {shape} tile, and tile {a.tile} is a {s.components.tile(a.tile).shape}", "miyabi.round.tiles")
            return None
        if self.current_player(s) is CHANCE:
            return Refusal("the round's tiles are still being laid out: a chance draw comes first", "miyabi.round.tiles")
        p = s.to_move
        if isinstance(a, Frog):
            if s.phase == "frog_start":
                return None if 0 <= a.x < SIZE and 0 <= a.y < SIZE else Refusal("the frog goes on a square of the garden", "miyabi.frog.setup")
            if not s.frog:
                return Refusal("there is no frog in this game (The Frog expansion is off)", "miyabi.frog.move")
            if s.frog_moved:
                return Refusal("your frog has already moved this turn: once a turn", "miyabi.frog.move")
            return self._frog_problem(s, p, a.x, a.y)
        if s.phase == "frog_start":
            return Refusal("first each player puts their frog on a square of their garden", "miyabi.frog.setup")
        if isinstance(a, EndTurn):
            return None if s.phase == "after" else Refusal("'end' is for ending a turn without moving the frog after it", "miyabi.frog.move")
        if s.phase == "after":
            return Refusal("your turn is done; you may still move your frog one step, or 'end'", "miyabi.frog.move")
        if isinstance(a, Pass):
            if self._any_placement(s):
                return Refusal("a tile still fits your garden, and you may pass only when none does", "miyabi.turn.pass")
            return None
        if isinstance(a, PlaceZen):
            if not s.zen:
                return Refusal("there are no Zen tiles in this game (The Zen Garden expansion is off)", "miyabi.zen.take")
            if a.zen not in s.zen_display:
                shown = ", ".join(f"Z{z}" for z in s.zen_display) or "none"
                return Refusal(f"Z{a.zen} is not face up (face up: {shown})", "miyabi.zen.take")
            blocked = self._zen_blocked(s, p)
            if blocked:
                return blocked
            kind = s.components.zen_tile(a.zen).kind
            row = s.components.row_of(kind)
            if not (0 <= a.x < SIZE and 0 <= a.y < SIZE):
                return Refusal("a Zen tile goes on a square of the garden", "miyabi.place.grid")
            if a.y != row:
                return Refusal(f"Z{a.zen} shows a {kind}, which belongs in row {row + 1}, not row {a.y + 1}", "miyabi.place.row")
            return self._zen_problem(s, p, a.x, a.y)
        # a garden tile
        if a.tile not in s.display:
            return Refusal(f"tile {a.tile} is not in this round's display", "miyabi.turn.take")
        t = s.components.tile(a.tile)
        if a.rot not in (0, 90, 180, 270):
            return Refusal("a tile turns by 0, 90, 180 or 270 degrees", "miyabi.place.rotate")
        row = s.components.row_of(t.kind)
        if not (0 <= a.x < SIZE and 0 <= a.y < SIZE):
            return Refusal("the tile's object square must be a square of the garden", "miyabi.place.grid")
        if a.y != row:
            verb = "belongs" if t.objects == 1 else "belong"
            return Refusal(f"tile {a.tile} shows {_plural(t.objects, t.kind)}, which {verb} in row {row + 1}, "
                           f"not row {a.y + 1}", "miyabi.place.row")
        _, reason = layer_of(s.gardens[p], t.footprint(a.rot), a.x, a.y)
        if reason:
            return reason
        if not s.lantern_free(p, a.x):
            return Refusal(f"column {cell_name(a.x, a.y)[0]} already has its lantern this round", "miyabi.place.lantern")
        return None

    def _any_placement(self, s) -> bool:
        return any(self.placements(s, t) for t in s.display) or bool(self.zen_placements(s))

    # ----- what an action does (apply and explain both use this) ---------------------------
    def _result(self, s, a) -> _Result:
        p = s.to_move
        comps = s.components
        if isinstance(a, Frog):
            if s.phase == "frog_start":
                return _Result(effects=((f"frog (silver) on {cell_name(a.x, a.y)}", "miyabi.frog.setup"),),
                               frog=FrogMarker(a.x, a.y))
            f, g = s.frogs[p], s.gardens[p]
            here, there = g.height(f.x, f.y), g.height(a.x, a.y)
            lines, effects = [], [(f"frog {cell_name(f.x, f.y)} -> {cell_name(a.x, a.y)}", None)]
            if there > here:
                lines.append(Line(there, f"frog climbs to layer {there}", "miyabi.frog.points", s.round))
            golden = f.golden or there >= GOLDEN_LAYER
            if golden and not f.golden:
                effects.append(("the frog reaches layer 4 and turns golden: it may now go onto objects",
                                "miyabi.frog.golden"))
            return _Result(tuple(lines), tuple(effects), frog=FrogMarker(a.x, a.y, golden))
        if isinstance(a, (Pass, EndTurn)):
            what = (("pass: out for the rest of this round", "miyabi.turn.pass") if isinstance(a, Pass)
                    else ("turn ends; the frog stays", "miyabi.frog.move"))
            return _Result(effects=(what,))
        g = s.gardens[p]
        lines, effects = [], []
        if isinstance(a, PlaceZen):
            z = comps.zen_tile(a.zen)
            piece = Piece(a.zen, ((a.x, a.y),), (a.x, a.y), z.kind, 1, 1, 0, True)
            lines.append(Line(1, f"Zen tile Z{a.zen} placed on {cell_name(a.x, a.y)}", "miyabi.zen.point", s.round))
        else:
            t = comps.tile(a.tile)
            rot = t.canonical(a.rot)
            foot = t.footprint(rot)
            layer = tile_layer(g, foot, a.x, a.y)
            piece = Piece(a.tile, tuple((a.x + dx, a.y + dy) for dx, dy in foot), (a.x, a.y), t.kind, t.objects, layer, rot)
            lines.append(Line(t.objects * layer, f"{_plural(t.objects, t.kind)} x layer {layer}", "miyabi.score.placement", s.round))
        new = g.add(piece)
        effects.append((f"lantern on column {cell_name(a.x, a.y)[0]}", "miyabi.place.lantern"))
        covered = sum(g.objects_at(cx, cy) for cx, cy in piece.cells)
        if covered:
            what = "1 object, which no longer counts" if covered == 1 else f"{covered} objects, which no longer count"
            effects.append((f"covers {what}", "miyabi.place.cover"))
        bonus = None
        if not piece.zen and piece.layer == BONUS_LAYER and piece.kind in s.bonuses:
            bonus = piece.kind
            points = comps.bonus[comps.row_of(piece.kind)]
            lines.append(Line(points, f"first {piece.kind} on layer 5: the {piece.kind} bonus tile", "miyabi.bonus.fifth", s.round))
        elif not piece.zen and piece.layer == BONUS_LAYER:
            effects.append((f"the {piece.kind} bonus tile for layer 5 is already gone", "miyabi.bonus.fifth"))
        scored = s.zen_scored[p]
        if s.zen:
            for zp in new.zen_pieces:
                if zp.tile in scored or not new.surrounded(*zp.obj):
                    continue
                adj = new.adjacent_objects(*zp.obj)
                n = sum(c for _, c in adj)
                lines.append(Line(n + 1, f"Zen tile Z{zp.tile} on {cell_name(*zp.obj)} surrounded: {n} object"
                                          f"{'s' if n != 1 else ''} next to it + 1 for its own", "miyabi.zen.surround", s.round))
                scored = tuple(sorted(scored + (zp.tile,)))
        frog = s.frogs[p] if s.frog else None
        if frog is not None and (frog.x, frog.y) in piece.cells:
            golden = frog.golden or piece.layer >= GOLDEN_LAYER
            effects.append((f"the frog is lifted onto the new tile, to layer {piece.layer}", "miyabi.frog.lift"))
            if golden and not frog.golden:
                effects.append(("the frog turns golden", "miyabi.frog.golden"))
            frog = FrogMarker(frog.x, frog.y, golden)
        return _Result(tuple(lines), tuple(effects), new, frog, bonus, scored, a.x)

    # ----- explain, apply and play: one playing-out (core.rules.ScratchTurn, Work below) ----------
    Work = Work

    def _placement_notes(self, s, a) -> tuple[Effect, ...]:
        """How a placement meets the placing rules, for the learner."""
        if not isinstance(a, Place):
            return ()
        t = s.components.tile(a.tile)
        what = t.kind if t.objects == 1 else _plural(t.objects, t.kind)
        notes = [Effect(f"its {what} on {cell_name(a.x, a.y)}, in the {t.kind} row", "miyabi.place.row")]
        if len(t.cells) > 1:
            notes.append(Effect("its empty green squares may lie in any row and column", "miyabi.place.green"))
        if t.canonical(a.rot):
            notes.append(Effect(f"turned {t.canonical(a.rot)} degrees clockwise", "miyabi.place.rotate"))
        layer = tile_layer(s.gardens[s.to_move], t.footprint(a.rot), a.x, a.y)
        if layer > 1:
            notes.append(Effect(f"every square lies on tiles of height {layer - 1}, so it is on layer {layer}",
                                "miyabi.place.layer"))
        return tuple(notes)

    def _flow_notes(self, s, after) -> tuple[Effect, ...]:
        """What happens next: the player's round over, the round over, the game over."""
        p = s.to_move
        notes = []
        if after.phase == "over":
            notes.append(Effect("that was the last turn of the last building round: the final scoring follows",
                                "miyabi.end.rounds"))
        elif after.round > s.round:
            notes.append(Effect(f"building round {s.round} ends; tiles left over leave the game", "miyabi.round.end"))
            notes.append(Effect(f"the bonsai passes to player {after.start + 1}", "miyabi.round.bonsai"))
        elif after.phase == "after" and after.to_move == p:
            notes.append(Effect("you may now hop your frog one step, or end your turn", "miyabi.frog.move"))
        elif s.active(p) and not after.active(p) and not after.passed[p]:
            notes.append(Effect("all six lantern fields are full: no more turns for you this round",
                                "miyabi.round.turns"))
        return tuple(notes)

    def action_points(self, s, a) -> int:
        """``explain(s, a).points`` for a legal ``a``; a placement is answered without building the
        explanation (objects x layer, and the bonus), unless a Zen tile of the player still waits
        to be surrounded. A property test holds the two equal."""
        if self.current_player(s) is CHANCE:
            return 0
        if isinstance(a, Place) and s.phase == "turn":
            p = s.to_move
            garden = s.gardens[p]
            if not (s.zen and any(z.tile not in s.zen_scored[p] for z in garden.zen_pieces)):
                t = s.components.tile(a.tile)
                dx, dy = t.cells[0]
                layer = garden.height(a.x + dx, a.y + dy) + 1
                points = t.objects * layer
                if layer == BONUS_LAYER and t.kind in s.bonuses:
                    points += s.components.bonus[s.components.row_of(t.kind)]
                return points
        return sum(line.points for line in self._result(s, a).lines)

    def _chance_after(self, s, a):
        """The state after a chance step ``a`` (a Zen tile turned up, a tile drawn for the display)."""
        if isinstance(a, Reveal):
            pile = tuple(z for z in s.zen_pile if z != a.zen)
            return dataclasses.replace(s, zen_pile=pile, zen_display=tuple(sorted(s.zen_display + (a.zen,))),
                                       zen_reveal=s.zen_reveal - 1 if pile else 0)
        if isinstance(a, Draw):
            s = dataclasses.replace(s, box=tuple(t for t in s.box if t != a.tile),
                                    display=tuple(sorted(s.display + (a.tile,))))
            if self.next_shape(s) is None:
                s = self.begin_play(s)
            return s
        raise ValueError(f"not a chance step: {a}")

    def _after(self, s, a, r: _Result):
        """The state after a player's action ``a`` whose result is ``r``."""
        p = s.to_move
        if s.phase == "frog_start":
            s = _set(s, "frogs", p, r.frog)
            nxt = (p + 1) % s.players
            if nxt == s.start:
                return dataclasses.replace(s, phase="turn", to_move=s.start)
            return dataclasses.replace(s, to_move=nxt)
        if r.lines:
            s = _set(s, "scores", p, s.scores[p] + sum(line.points for line in r.lines))
            s = _set(s, "lines", p, s.lines[p] + r.lines)
        if isinstance(a, Frog):
            s = dataclasses.replace(_set(s, "frogs", p, r.frog), frog_moved=True)
            return s if s.phase == "turn" else self._next_turn(s)
        if isinstance(a, EndTurn):
            return self._next_turn(s)
        if isinstance(a, Pass):
            s = _set(s, "passed", p, True)
        else:
            s = _set(_set(s, "gardens", p, r.garden), "lanterns", p, s.lanterns[p] | 1 << r.lantern)
            s = _set(s, "zen_scored", p, r.zen_scored)
            if r.frog is not None:
                s = _set(s, "frogs", p, r.frog)
            if r.bonus:
                s = dataclasses.replace(s, bonuses=tuple(k for k in s.bonuses if k != r.bonus))
            if isinstance(a, PlaceZen):
                s = dataclasses.replace(s, zen_display=tuple(z for z in s.zen_display if z != a.zen),
                                        zen_reveal=1 if s.zen_pile else 0)
            else:
                s = dataclasses.replace(s, display=tuple(t for t in s.display if t != a.tile))
        # the frog may still move after the turn
        if s.frog and not s.frog_moved and s.frogs[p] is not None:
            s = dataclasses.replace(s, phase="after")
            if self.frog_moves(s):
                return s
        return self._next_turn(s)

    # ----- the flow of a round ------------------------------------------------------------------
    def begin_play(self, s):
        """The state once a round's display is laid out: with The Frog, the frogs are set out
        before the first turn of the game; otherwise the bonsai holder's turn."""
        if s.frog and s.round == 1 and any(f is None for f in s.frogs):
            return dataclasses.replace(s, phase="frog_start", to_move=s.start)
        return dataclasses.replace(s, phase="turn", to_move=s.start, frog_moved=False)

    def _next_turn(self, s):
        s = dataclasses.replace(s, phase="turn", frog_moved=False)
        for step in range(1, s.players + 1):
            q = (s.to_move + step) % s.players
            if s.active(q):
                return dataclasses.replace(s, to_move=q)
        return self._end_round(s)

    def _end_round(self, s):
        s = dataclasses.replace(s, display=(), to_move=None)
        if s.round >= s.rounds:
            return self._final_scoring(s)
        return dataclasses.replace(s, phase="deal", round=s.round + 1, start=(s.start + 1) % s.players,
                                   lanterns=(0,) * s.players, passed=(False,) * s.players)

    def final_lines(self, s, player: int) -> tuple[Line, ...]:
        """The final scoring of ``player``'s garden as it stands (majorities, and the expansions in play).

        Each line names what it scores in ``subject`` (``"row 3"``, ``"column b"``, ``"27 objects"``
        of the largest group, ``"6 empty green squares"`` of the largest meadow) and a row's
        majority line its place in ``rank`` (1 the most objects, 2 the second most).

        >>> from gardenkit.tutor.miyabi import final_scoring_start
        >>> rules = MiyabiRules()
        >>> [(line.subject, line.rank, line.points) for line in rules.final_lines(final_scoring_start(), 0)]
        [('row 1', 2, 5), ('row 2', 1, 9)]
        """
        self._check_state(s)
        comps = s.components
        rnd = s.rounds
        out = []
        for y, kind in enumerate(comps.kinds):
            counts = [g.row_objects(y) for g in s.gardens]
            first_v, second_v = comps.row_values[y]
            place = _majority_place(counts, player)
            mine = counts[player]
            if place == 1:
                tied = sum(1 for c in counts if c == mine) > 1
                out.append(Line(first_v, f"row {y + 1} ({kind}): most objects ({mine}){', tied' if tied else ''}",
                                "miyabi.end.tie_first" if tied else "miyabi.end.majority", rnd, f"row {y + 1}", 1))
            elif place == 2:
                tied = sum(1 for c in counts if c == mine) > 1
                out.append(Line(second_v, f"row {y + 1} ({kind}): second most objects ({mine}){', tied' if tied else ''}",
                                "miyabi.end.tie_second" if tied else "miyabi.end.majority", rnd, f"row {y + 1}", 2))
        g = s.gardens[player]
        if s.colorful:
            groups = g.object_groups()
            n = sum(g.objects_at(*c) for c in groups[0]) if groups else 0
            what = f"{n} object{'s' if n != 1 else ''}"
            out.append(Line(n, f"largest group of objects: {what}", "miyabi.colorful.group", rnd, what))
        if s.meadow:
            groups = g.green_groups()
            n = len(groups[0]) if groups else 0
            what = f"{n} empty green square{'s' if n != 1 else ''}"
            out.append(Line(2 * n, f"largest meadow: {what} x 2", "miyabi.meadow.group", rnd, what))
        if s.seven:
            for i in range(SIZE):
                if g.row_objects(i) == 7:
                    out.append(Line(7, f"row {i + 1} has exactly 7 objects", "miyabi.seven.lines", rnd, f"row {i + 1}"))
            for i in range(SIZE):
                if g.column_objects(i) == 7:
                    out.append(Line(7, f"column {'abcdef'[i]} has exactly 7 objects", "miyabi.seven.lines", rnd,
                                    f"column {'abcdef'[i]}"))
        return tuple(out)

    def _final_scoring(self, s):
        add = [self.final_lines(s, p) for p in range(s.players)]
        return dataclasses.replace(
            s, phase="over", over="the last building round is over", to_move=None, frog_moved=False, zen_reveal=0,
            scores=tuple(s.scores[p] + sum(line.points for line in add[p]) for p in range(s.players)),
            lines=tuple(s.lines[p] + add[p] for p in range(s.players)),
        )

    # ----- the end ------------------------------------------------------------------------------
    def outcome(self, s):
        self._check_state(s)
        if s.phase != "over":
            return None
        return self.most_points_outcome(s, "miyabi.end.winner")

    def observe(self, s, player: int):
        """What ``player`` sees: everything but the order of the box and the Zen pile (the RNG)."""
        self._check_state(s)
        self._check_player(s, player)
        return dataclasses.replace(s, rng=None)

    def _describe(self, seen, player):
        """The round, the tiles on offer, each garden's tiles, layers and the objects it shows."""
        comps = seen.components

        def garden(q):
            g = seen.gardens[q]
            shown = {}
            for x, y in CELLS:
                face = g.visible(x, y)
                if face is not None:
                    shown[face[0]] = shown.get(face[0], 0) + face[1]
            objects = ", ".join(f"{n} {kind}" for kind, n in shown.items()) or "none"
            n = len(g.pieces)
            who = "Your garden" if q == player else f"Player {q + 1}'s garden"
            passed = " (passed this round)" if seen.passed[q] else ""
            return (f"{who}{passed}: {n} tile{'s' if n != 1 else ''}, up to layer {max(g.heights, default=0)}; "
                    f"objects showing: {objects}.")

        lines = [f"Round {seen.round} of {seen.rounds}; {len(seen.box)} tiles left in the box."]
        if seen.display:
            lines.append("On offer: " + "; ".join(comps.tile(t).describe() for t in seen.display) + ".")
        if seen.zen_display:
            lines.append("Zen tiles face up: " + "; ".join(comps.zen_tile(z).describe() for z in seen.zen_display) + ".")
        if seen.bonuses:
            lines.append("Fifth-layer bonus tiles still to take: " + ", ".join(seen.bonuses) + ".")
        lines.extend(garden(q) for q in [player, *(q for q in range(seen.players) if q != player)])
        return tuple(lines)

    # ----- notation and saves ----------------------------------------------------------------
    def _parse_action(self, s, text):
        a = parse(text)
        if isinstance(a, Place) and a.tile in s.box + s.display:
            a = dataclasses.replace(a, rot=s.components.tile(a.tile).canonical(a.rot))
        return a

    def _state_from_dict(self, d):
        from .serialize import state_from_dict

        return state_from_dict(self, d)


def _majority_place(counts, player) -> int | None:
    """1 or 2 if ``player`` scores the row's higher or lower value, else None (rulebook ties)."""
    mine = counts[player]
    if mine <= 0:
        return None
    top = max(counts)
    if mine == top:
        return 1
    if sum(1 for c in counts if c == top) > 1:
        return None  # a tie for first: nobody scores the lower value
    second = max(c for c in counts if c < top)
    return 2 if mine == second else None


def _set(s, name: str, p: int, value):
    seq = list(getattr(s, name))
    seq[p] = value
    return dataclasses.replace(s, **{name: tuple(seq)})


def _read_selection(selection) -> tuple[int | str, int]:
    """``(tile, rot)`` of :meth:`MiyabiRules.targets`, checked: a tile id and a quarter turn, or
    ``("Z4", 0)`` for a Zen tile."""
    ok = isinstance(selection, tuple) and len(selection) == 2
    tile, rot = selection if ok else (None, None)
    zen = isinstance(tile, str) and tile[:1] == "Z" and tile[1:].isascii() and tile[1:].isdigit() and len(tile) <= 5
    if not (ok and (zen or (type(tile) is int)) and type(rot) is int and rot in (0, 90, 180, 270)):
        shown = repr(selection) if len(repr(selection)) <= 60 else repr(selection)[:59] + "…"
        raise MalformedInputError(f"a Miyabi selection is (tile, turn) or (\"Z4\", 0), e.g. (17, 90), not {shown}")
    return tile, rot
