"""The rules of Tanuki in the Garden (George Jaros, 2015-2017), with the Garden Master expansion.

The score is what a player holds toward victory: their Shiitake and, with Garden Master, what the
cards in their hand count (1 each, the Shiitake Basket 3). Shiitake come and go all game, so a
player's score lines list every gain (``+``) and every loss (``-``) as it happens, each citing
its rule; a payment a player cannot make in full shows what they actually paid. The total is
always the sum of the lines. An explanation's ``points`` is what the move changes for the player
making it (for a roll: the roller); what it does to the other players is in its effects.

Chance is explicit: a roll of the two Tanuki dice is a chance node with 36 equally likely
outcomes ``Roll(blue, gold)``; a lesson may choose one with ``apply``. Drawing a path tile
(``Draw``) and the top Garden Master card (``DrawCard``) are chance nodes too.

Decisions on another player's turn (where a Tanuki the roller sent off should go on a 5, a
monk sent back choosing where to start again, a discard forced by an Ashi-magari, a Tanuki
Repellant or The Best Offense in answer to something) make ``current_player`` name the player
who decides; ``decline`` is a legal move when answering with a card is optional.

How we read what the rulebook leaves open is listed in ``READINGS.md`` beside this module.

>>> import gardenkit
>>> from gardenkit.games.tanuki import TanukiRules
>>> rules = TanukiRules()
>>> s = rules.initial_state(players=2, seed=3)
>>> while rules.current_player(s) is gardenkit.CHANCE:   # 3 tiles each, then both Tanuki by dice
...     s = rules.step_chance(s)
>>> s.stage, [len(h) for h in s.hands], sum(t is not None for t in s.tanuki)
('setup', [3, 3], 2)
>>> s = rules.apply(s, "start b3g1 side 1")
>>> s = rules.apply(s, "start b4g6 side 3")
>>> s = rules.apply(s, "roll blue 4 gold 5")                # a lesson sets the dice
>>> rules.current_player(s), [str(a) for a in rules.legal_actions(s)]   # gold shows 5: player 1 picks its way
(0, ['gold toward 1', 'gold toward 2', 'gold toward 3', 'gold toward 4'])
"""
from __future__ import annotations

import dataclasses
from itertools import combinations
from pathlib import Path

from ...core import CHANCE, Cited, Effect, GameInfo, GameRules, Line, MalformedInputError, Option, Outcome
from ...core import Refusal, Rng, Target
from ...core.rules import ScratchTurn
from .actions import (
    ACTION_TYPES, BaitCard, Buy, Chase, Clear, Decline, Direction, Discard, Done, Draw, DrawCard, EndTurn,
    Enter, Go, MoveCard, Pass, PilferCard, Place, PlayCard, RockCard, Roll, ShiftCard, Start, TrapCard, Wait,
    card_kind, parse,
)
from .board import (
    EDGES, PORTS, SIDE_STEP, SIZE, TANUKI, is_edge_place, neighbours8, on_board, place_name, side_ports, space_name,
)
from .components import default_components, load_components
from .engine import CHASE_COST, Work
from .rules_text import RULES
from .state import CHANCE_STAGES, HIDDEN_CARD, TanukiState

GAME = "tanuki"

INFO = GameInfo(
    id=GAME,
    title="Tanuki in the Garden",
    min_players=2,
    max_players=8,
    options={
        "garden_master": Option("garden_master", False,
                                "The Garden Master expansion: 48 cards bought for 2 Shiitake, trap and rock-garden "
                                "tokens.", "Garden Master"),
        "short": Option("short", False, "The short game: targets of 12, 10 and 8 Shiitake instead of 15, 12 and 10.",
                        "short game"),
        "edge": Option("edge", "wrap",
                       "How paths that run off the board come back: 'wrap' (in again on the opposite side, the "
                       "default) or 'turn' (back into the same space by the other end on that side)."),
        "start_player": Option("start_player", 0, "Who takes the first turn (0 = player 1)."),
        "components": Option("components", "standard",
                             "'standard' for the shipped (reconstructed) tiles, or the path of your own component "
                             "file in the same JSON format."),
    },
    rules=RULES,
)


def _r(text: str, rule: str) -> Refusal:
    return Refusal(text, rule)


class TanukiRules(ScratchTurn, GameRules):
    info = INFO
    state_type = TanukiState
    action_types = ACTION_TYPES

    # ----- setting up --------------------------------------------------------------------------------
    def _initial_state(self, players, seed, garden_master, short, edge, start_player, components):
        if edge not in EDGES:
            raise MalformedInputError(f"edge must be one of {', '.join(EDGES)}, not {edge[:30]!r}")
        if not 0 <= start_player < players:
            raise MalformedInputError(f"start_player must be between 0 and {players - 1}, not {start_player}")
        comps = default_components() if components == "standard" else load_components(Path(components))
        if len(comps.tiles) < players * comps.hand + 1:
            raise MalformedInputError(f"this tile set has too few tiles for {players} players")
        return TanukiState(
            players=players, rng=Rng.from_seed(seed), stage="deal", active=start_player, turn=0,
            board=(None,) * (SIZE * SIZE), stash=(0,) * (SIZE * SIZE), monks=(None,) * players,
            fresh=(True,) * players, trails=((),) * players, tanuki=(None, None), hands=((),) * players,
            pile=comps.tile_ids, discard=(), shiitake=(0,) * players, supply=comps.supply, lines=((),) * players,
            deck=tuple(sorted(comps.deck())) if garden_master else (), cards=((),) * players, short=short,
            garden_master=garden_master, edge=edge, start_player=start_player, components=comps,
        )

    # ----- whose turn --------------------------------------------------------------------------------
    def current_player(self, s):
        self._check_state(s)
        if s.stage == "over":
            return None
        if s.pending:
            return s.pending[0][0]
        if s.stage in CHANCE_STAGES:
            return CHANCE
        return s.active

    def decision(self, s) -> str:
        """What the player to act is deciding: ``"setup"``/``"begin"`` (a start place), ``"pre"``
        (a card before the roll, or ``go``), ``"tile"``, ``"buy"``, or a waiting decision's kind
        (``"restart"``, ``"discard"``, ``"direction"``, ``"react"``, ``"counter"``, ``"clear"``);
        ``"chance"`` or ``"over"`` otherwise."""
        self._check_state(s)
        if s.stage == "over":
            return "over"
        if s.pending:
            return s.pending[0][1]
        return "chance" if s.stage in CHANCE_STAGES else s.stage

    # ----- chance ------------------------------------------------------------------------------------
    def _chance_outcomes(self, s):
        if s.stage == "carddraw":
            pool = list(s.deck)
            return tuple((DrawCard(k), pool.count(k) / len(pool)) for k in sorted(set(pool)))
        actions = self._legal_actions(s)
        return tuple((a, 1.0 / len(actions)) for a in actions)

    # ----- legal actions -----------------------------------------------------------------------------
    def _legal_actions(self, s):
        cands = self._candidates(s)
        return tuple(sorted((a for a in cands if self._why_illegal(s, a) is None), key=lambda a: a.sort_key()))

    def _candidates(self, s) -> list:
        if s.stage in CHANCE_STAGES and not s.pending:
            if s.stage in ("deal", "draw"):
                return [Draw(t) for t in sorted(set(s.pile))]
            if s.stage == "carddraw":
                return [DrawCard(k) for k in sorted(set(s.deck))]
            return [Roll(b, g) for b in range(1, 7) for g in range(1, 7)]
        w = Work(s)
        kind = self.decision(s)
        p = self.current_player(s)
        if kind in ("setup", "begin"):
            return [Start(*pl) for pl in w.start_places(p)]
        if kind == "restart":
            return [Start(*pl) for pl in w.start_places(p)] + [Wait()]
        if kind == "discard":
            return [Discard(t) for t in w.tile_choices(p)]
        if kind == "direction":
            return [Direction(s.pending[0][2], side) for side in (1, 2, 3, 4)]
        if kind == "react":
            return [PlayCard("repellant"), Decline()]
        if kind == "counter":
            return [PlayCard("offense"), Decline()]
        if kind == "clear":
            spaces = [(x, y) for y in range(SIZE) for x in range(SIZE) if w.at(x, y) is not None] + list(s.rocks)
            return [Clear(x, y) for x, y in spaces] + [Done()]
        if kind == "buy":
            return [Buy(), EndTurn()]
        out = []
        if kind == "pre":
            out.append(Go())
        if kind == "tile" and (s.empty_start or s.monks[p] is None):
            # no tile this turn (a turn begun with none, or the monk waits off the board after a crash or a
            # loop): only cards (Garden Master) or pass on to the draw
            out.append(Pass())
        elif kind == "tile":
            m = s.monks[p]
            fx, fy = m[1], m[2]
            if m[0] == "edge" and w.at(fx, fy) is not None:
                out += [Enter(port) for port in side_ports(m[3])]
            elif w.rock_at(fx, fy):
                out += [Pass()] + [Start(*pl) for pl in w.start_places(p)]
            else:
                ports = side_ports(m[3]) if m[0] == "edge" else (-1,)
                out += [Place(t, fx, fy, rot, port) for t in w.tile_choices(p) for rot in (0, 90, 180, 270)
                        for port in ports]
                out += [Chase(), Pass()]
        if s.garden_master and kind in ("pre", "tile"):
            out += self._card_candidates(s, w, p)
        return out

    def _card_candidates(self, s, w: Work, p: int) -> list:
        if p in s.played or p in s.hidden:
            return []
        held = set(s.cards[p])
        out = []
        for kind in sorted(held, key=_card_order):
            if kind in ("fast", "dens", "ashi", "harvest", "robber", "speed", "clear", "repellant"):
                out.append(PlayCard(kind))
            elif kind == "move":
                out += [MoveCard(t, side) for t in TANUKI for side in (1, 2, 3, 4)]
            elif kind == "pilfer":
                others = [q for q in range(s.players) if q != p]
                out += [PilferCard(c) for c in combinations(others, min(3, len(others)))]
            elif kind in ("trap", "rock"):
                cls = TrapCard if kind == "trap" else RockCard
                spaces = self._trap_spaces(w, p) if kind == "trap" else [(x, y) for y in range(SIZE)
                                                                        for x in range(SIZE)]
                out += [cls(x, y) for x, y in spaces]
            elif kind == "shift":
                out += [ShiftCard(x, y, rot) for y in range(SIZE) for x in range(SIZE) if w.at(x, y) is not None
                        for rot in (90, 180, 270)]
            elif kind == "bait":
                for v in range(s.players):
                    if v == p or w.where(v) is None:
                        continue
                    spaces = [sp for sp in neighbours8(*w.where(v)) if self._bait_space(w, sp)]
                    out += [BaitCard(v, *b, *g) for b in spaces for g in spaces if b != g]
        return out

    @staticmethod
    def _trap_spaces(w: Work, p: int) -> list:
        home = w.where(p)
        if home is None:
            return []
        return [home, *neighbours8(*home)]

    @staticmethod
    def _bait_space(w: Work, sp) -> bool:
        return not w.rock_at(*sp) and not any(w.monk_space(q) == sp for q in range(w.n))

    # ----- why not -----------------------------------------------------------------------------------
    def _why_illegal(self, s, a):
        chance = isinstance(a, (Roll, Draw, DrawCard))
        p = self.current_player(s)
        if p is CHANCE:
            if not chance:
                return _r(self._chance_wait(s), "tanuki.tanuki.roll" if s.stage in ("roll", "roll2", "place")
                          else "tanuki.gm.buy" if s.stage == "carddraw" else "tanuki.draw.refill")
            return self._chance_refusal(s, a)
        if chance:
            return _r(f"no dice roll or draw now: player {p + 1} is to {self._doing(s)}", "tanuki.tanuki.roll")
        kind = self.decision(s)
        if kind in ("setup", "begin", "restart"):
            return self._start_refusal(s, p, a, kind)
        if kind == "discard":
            if not isinstance(a, Discard):
                return _r(f"player {p + 1} must first discard a tile (their monk met an Ashi-magari)",
                          "tanuki.move.ashi_other")
            if not Work(s).holds_tile(p, a.tile):
                return _r(f"tile {a.tile} is not in player {p + 1}'s hand", "tanuki.move.ashi_other")
            return None
        if kind == "direction":
            which = s.pending[0][2]
            if not isinstance(a, Direction):
                return _r(f"the {which} Tanuki's die shows 5: player {p + 1} first picks the side it walks toward",
                          "tanuki.tanuki.choose")
            if a.tanuki != which:
                return _r(f"it is the {which} Tanuki whose way is chosen now", "tanuki.tanuki.choose")
            if a.side not in SIDE_STEP:
                return _r(f"the board's sides are 1 to 4, not {a.side}", "tanuki.tanuki.choose")
            return None
        if kind in ("react", "counter"):
            want = "repellant" if kind == "react" else "offense"
            if isinstance(a, Decline):
                return None
            if card_kind(a) != want:
                what = ("a Tanuki is about to reach your monk: play your Tanuki Repellant or decline"
                        if kind == "react" else "a card was just played: answer with The Best Offense or decline")
                return _r(what, "tanuki.gm.react")
            return self._card_refusal(s, p, a, kind)
        if kind == "clear":
            if isinstance(a, Done):
                return None
            if not isinstance(a, Clear):
                return _r("Clear the Path: pick a tile or rock garden to clear, or say done", "tanuki.gm.clear")
            if not on_board(a.x, a.y) or (s.tile_at(a.x, a.y) is None and (a.x, a.y) not in s.rocks):
                return _r(f"there is no tile or rock garden on {space_name(a.x, a.y)} to clear", "tanuki.gm.clear")
            return None
        if isinstance(a, (Decline, Done, Discard, Direction, Clear)):
            return _r(f"nothing to {'decline' if isinstance(a, Decline) else 'answer'} now: player {p + 1} is to "
                      f"{self._doing(s)}", "tanuki.gm.react" if isinstance(a, Decline) else
                      {Done: "tanuki.gm.clear", Clear: "tanuki.gm.clear", Discard: "tanuki.move.ashi_other",
                       Direction: "tanuki.tanuki.choose"}[type(a)])
        if kind == "buy":
            if isinstance(a, EndTurn):
                return None
            if isinstance(a, Buy):
                return None  # the stage is only reached when a card can be bought
            return _r("the turn is ending: buy a Garden Master card for 2 Shiitake, or end the turn", "tanuki.gm.buy")
        if isinstance(a, (Buy, EndTurn)):
            return _r("cards are bought at the end of your turn, after drawing tiles", "tanuki.gm.buy")
        if isinstance(a, Start) and kind == "tile" and self._stuck(s, p):
            why = self._start_refusal(s, p, a, "stuck")
            return None if why is None else _r(why.text, "tanuki.gm.rock")
        if isinstance(a, (Start, Wait)):
            return _r(f"player {p + 1}'s monk is on the board already", "tanuki.crash.restart")
        if card_kind(a) is not None or (isinstance(a, PlayCard)):
            return self._card_refusal(s, p, a, kind)
        if kind == "pre":
            if isinstance(a, Go):
                return None
            return _r("the Tanuki dice come first: play a Garden Master card now, or go on to the roll",
                      "tanuki.tanuki.roll")
        if isinstance(a, Go):
            return _r("the dice have been rolled this turn", "tanuki.tanuki.roll")
        return self._tile_refusal(s, p, a)

    @staticmethod
    def _stuck(s, p) -> bool:
        """Whether ``p``'s monk faces a rock garden (it may go back to the edge instead of passing)."""
        m = s.monks[p]
        return m is not None and s.stage == "tile" and not s.empty_start and s.tiles_left > 0 \
            and (m[1], m[2]) in s.rocks

    def _doing(self, s) -> str:
        kind = self.decision(s)
        return {"setup": "take a start place", "begin": "put their monk back on the board", "pre": "roll the dice",
                "tile": "play a card or pass" if s.empty_start else "lay a tile", "buy": "end their turn",
                "restart": "put their monk back on the board", "discard": "discard a tile", "direction": "choose where a Tanuki walks",
                "react": "answer a Tanuki with a card", "counter": "answer a card", "clear": "clear tiles"}.get(
            kind, "act")

    def _chance_wait(self, s) -> str:
        return {"deal": "the tiles are being dealt", "place": "the Tanuki are being placed by dice",
                "roll": "the Tanuki dice are to be rolled", "roll2": "the dice are rolled again to place a Tanuki",
                "draw": "tiles are being drawn", "carddraw": "the bought card is being drawn"}[s.stage] + \
            ": chance acts now"

    def _chance_refusal(self, s, a):
        if s.stage in ("place", "roll", "roll2"):
            if not isinstance(a, Roll):
                return _r("the Tanuki dice are to be rolled now", "tanuki.tanuki.roll")
            if not (1 <= a.blue <= 6 and 1 <= a.gold <= 6):
                return _r(f"a die shows 1 to 6, not blue {a.blue} gold {a.gold}", "tanuki.tanuki.roll")
            return None
        if s.stage == "carddraw":
            if not isinstance(a, DrawCard):
                return _r("the bought Garden Master card is being drawn now", "tanuki.gm.buy")
            if a.kind not in s.deck:
                return _r(f"there is no {a.kind[:20]} card in the deck", "tanuki.gm.buy")
            return None
        rule = "tanuki.setup.tiles" if s.stage == "deal" else "tanuki.draw.refill"
        if not isinstance(a, Draw):
            return _r("tiles are being drawn now", rule)
        if a.tile not in s.pile:
            return _r(f"tile {a.tile} is not in the draw pile", rule)
        return None

    def _start_refusal(self, s, p, a, kind):
        rule = "tanuki.setup.start" if kind == "setup" else "tanuki.crash.restart"
        if isinstance(a, Wait):
            if kind == "restart":
                return None
            return _r("a monk waiting off the board must come back at the start of its owner's turn"
                      if kind == "begin" else "every monk takes a start place before the first turn", rule)
        if not isinstance(a, Start):
            return _r(f"player {p + 1} must first put their monk on a start place at the board's edge", rule)
        if not is_edge_place(a.x, a.y, a.side):
            return _r(f"{space_name(a.x, a.y)} side {a.side} is not a place on the board's edge", rule)
        places = Work(s).start_places(p)
        if (a.x, a.y, a.side) not in places:
            w = Work(s)
            if w.rock_at(a.x, a.y):
                why = "a rock garden stands in front of it"
            elif any(w.point_at(a.x, a.y, port) in w.occupied(but=p) for port in side_ports(a.side)):
                why = "a monk stands there"
            else:
                why = "a tile lies in front of it and free places remain"
            return _r(f"{place_name((a.x, a.y, a.side))} is not free: {why}", rule)
        return None

    def _tile_refusal(self, s, p, a):
        w = Work(s)
        m = s.monks[p]
        if s.stage != "tile":
            return _r("tiles are laid once the Tanuki have moved", "tanuki.tile.play")
        if s.empty_start:
            if isinstance(a, Pass):  # the game stops here only to offer a Garden Master card first
                return None
            return _r("you began this turn with no tile, so you lay none: you draw 3 at its end", "tanuki.draw.empty")
        if m is None:
            if isinstance(a, Pass):  # the monk waits off the board: the game stops here only to offer a card first
                return None
            return _r("your monk is off the board", "tanuki.crash.restart")
        if s.tiles_left <= 0:
            return _r("you have laid your tile this turn", "tanuki.tile.play")
        fx, fy = m[1], m[2]
        front = space_name(fx, fy)
        if m[0] == "edge" and w.at(fx, fy) is not None:
            if isinstance(a, Enter):
                if a.port not in side_ports(m[3]):
                    ends = " or ".join(PORTS[q] for q in side_ports(m[3]))
                    return _r(f"your start place is on side {m[3]} of {front}: set off by end {ends}",
                              "tanuki.tile.enter")
                return None
            return _r(f"a tile already lies on {front}, in front of your start place: set off along it first "
                      f"(enter from {' or '.join(PORTS[q] for q in side_ports(m[3]))})", "tanuki.tile.enter")
        if isinstance(a, Enter):
            return _r("only a monk still on its start place, with a tile in front, sets off that way",
                      "tanuki.tile.enter")
        blockers = w.blocked(p)
        rock = w.rock_at(fx, fy)
        if isinstance(a, Chase):
            if not blockers:
                return _r(f"no Tanuki sits on {front}, the space in front of your monk", "tanuki.tanuki.block")
            cost = CHASE_COST * len(blockers)
            if s.shiitake[p] < cost:
                return _r(f"chasing {'both Tanuki' if len(blockers) > 1 else 'the Tanuki'} costs {cost} Shiitake; "
                          f"you have {s.shiitake[p]}", "tanuki.tanuki.block")
            return None
        if isinstance(a, Pass):
            if blockers or rock or not w.tile_choices(p):
                return None
            return _r("you must lay a tile when you can: only a Tanuki or a rock garden in the way lets you pass",
                      "tanuki.tile.play")
        if not isinstance(a, Place):  # pragma: no cover - every other kind is handled above
            return _r("that is not a move of the tile phase", "tanuki.tile.play")
        if (a.x, a.y) != (fx, fy):
            return _r(f"a tile goes on the space in front of your monk, {front}, not {space_name(a.x, a.y)}",
                      "tanuki.tile.play")
        if a.rot not in (0, 90, 180, 270):
            return _r(f"a tile turns by 0, 90, 180 or 270 degrees, not {a.rot}", "tanuki.tile.play")
        if not w.holds_tile(p, a.tile):
            return _r(f"tile {a.tile} is not in your hand", "tanuki.tile.play")
        if rock:
            return _r(f"a rock garden stands on {front}: no tile may go there until it is cleared", "tanuki.gm.rock")
        if blockers:
            return _r(f"the {' and '.join(blockers)} Tanuki sit{'s' if len(blockers) == 1 else ''} on {front}: chase "
                      "it away for 2 Shiitake each, or pass", "tanuki.tanuki.block")
        if m[0] == "edge":
            if a.port not in side_ports(m[3]):
                ends = " or ".join(PORTS[q] for q in side_ports(m[3]))
                return _r(f"from your start place on side {m[3]} of {front}, your monk sets off by end {ends}: "
                          f"write e.g. '{a.tile}@{front} from {PORTS[side_ports(m[3])[0]]}'", "tanuki.tile.first")
        elif a.port != -1:
            return _r("only a monk on its start place picks the path end it sets off by", "tanuki.tile.first")
        return None

    def _card_refusal(self, s, p, a, ctx):
        if not s.garden_master:
            return _r("Garden Master cards are played only with the expansion on", "tanuki.gm.timing")
        kind = card_kind(a)
        if kind is None or not s.components.has_card(kind):
            return _r(f"{getattr(a, 'kind', '?')[:20]!r} is no Garden Master card", "tanuki.gm.timing")
        title = s.components.card(kind).title
        rule = f"tanuki.gm.{kind}"
        if kind == "basket":
            return _r("the Shiitake Basket is never played: it counts 3 toward victory while you hold it", rule)
        if isinstance(a, PlayCard) and kind in ("move", "pilfer", "trap", "bait", "shift", "rock"):
            return _r(f"{title} needs a choice: write e.g. '{_card_example(kind)}'", rule)
        if p in s.hidden or kind not in s.cards[p]:
            return _r(f"player {p + 1} holds no {title} card", "tanuki.gm.timing")
        if p in s.played:
            return _r(f"one card per turn: player {p + 1} has played one this turn", "tanuki.gm.timing")
        w = Work(s)
        if ctx == "counter":
            return None if kind == "offense" else _r("only The Best Offense answers a card", "tanuki.gm.react")
        if ctx == "react":
            return None if kind == "repellant" else _r("only a Tanuki Repellant answers a Tanuki", "tanuki.gm.react")
        if kind == "offense":
            return _r("The Best Offense is played only in answer to another player's card", rule)
        if kind == "repellant":
            if ctx == "tile" and w.blocked(p):
                return None
            return _r("a Tanuki Repellant is played when a Tanuki is about to reach your monk or sits where you "
                      "must lay your tile", rule)
        if ctx not in ("pre", "tile"):
            return _r("cards are played on your own turn, before the roll or once the Tanuki have moved",
                      "tanuki.gm.timing")
        if kind == "fast" and ctx != "pre":
            return _r("Fast Tanuki changes how far the Tanuki walk: play it before the roll", rule)
        if kind == "move":
            if a.tanuki not in TANUKI or a.side not in SIDE_STEP:
                return _r("write 'play move: blue toward 3' (a Tanuki and a side 1-4)", rule)
            if s.tanuki[TANUKI.index(a.tanuki)] is None:
                return _r(f"the {a.tanuki} Tanuki is off the board", rule)
        elif kind == "pilfer":
            others = [q for q in range(s.players) if q != p]
            want = min(3, len(others))
            if len(set(a.victims)) != len(a.victims) or any(v not in others for v in a.victims):
                return _r("pick different opponents, each once (not yourself)", rule)
            if len(a.victims) != want:
                return _r(f"take from {want} opponent{'s' if want > 1 else ''} (one Shiitake from each)", rule)
        elif kind == "trap":
            home = w.where(p)
            if home is None:
                return _r("your monk is off the board: a trap goes on or next to its space", rule)
            if not on_board(a.x, a.y) or ((a.x, a.y) != home and (a.x, a.y) not in neighbours8(*home)):
                return _r(f"a trap goes on your monk's space ({space_name(*home)}) or next to it", rule)
            if w.tanuki_on(a.x, a.y):
                return _r(f"a Tanuki is on {space_name(a.x, a.y)}", rule)
            if any((t[0], t[1]) == (a.x, a.y) for t in s.traps) or w.rock_at(a.x, a.y):
                return _r(f"{space_name(a.x, a.y)} already holds a trap or a rock garden", rule)
            if len(s.traps) >= s.components.traps:
                return _r("every trap token is on the board", rule)
        elif kind == "bait":
            if not 0 <= a.victim < s.players or a.victim == p:
                return _r("bait another player: name an opponent", rule)
            home = w.where(a.victim)
            if home is None:
                return _r(f"player {a.victim + 1}'s monk is off the board", rule)
            spots = ((a.bx, a.by), (a.gx, a.gy))
            if spots[0] == spots[1]:
                return _r("the two Tanuki go on two different spaces", rule)
            for sp in spots:
                if not on_board(*sp) or sp not in neighbours8(*home):
                    return _r(f"both Tanuki go next to player {a.victim + 1}'s monk on {space_name(*home)}", rule)
                if not self._bait_space(w, sp):
                    return _r(f"{space_name(*sp)} is not empty (a monk or a rock garden is there)", rule)
        elif kind == "shift":
            if not on_board(a.x, a.y) or w.at(a.x, a.y) is None:
                return _r(f"there is no tile on {space_name(a.x, a.y)} to turn", rule)
            if a.rot not in (90, 180, 270):
                return _r("a tile turns by 90, 180 or 270 degrees", rule)
        elif kind == "rock":
            if not on_board(a.x, a.y):
                return _r("a rock garden goes on a space of the board", rule)
            if (a.x, a.y) in s.rocks:
                return _r(f"a rock garden stands on {space_name(a.x, a.y)} already", rule)
            if len(s.rocks) >= s.components.rocks:
                return _r("every rock-garden token is on the board", rule)
            if any(w.monk_space(q) == (a.x, a.y) for q in range(s.players)) or w.tanuki_on(a.x, a.y):
                return _r(f"{space_name(a.x, a.y)} is occupied (a monk or a Tanuki is there)", rule)
            if any((t[0], t[1]) == (a.x, a.y) for t in s.traps):
                return _r(f"a Tanuki Trap lies on {space_name(a.x, a.y)}", rule)
            if any(q != p and w.front(q) == (a.x, a.y) for q in range(s.players)):
                return _r(f"{space_name(a.x, a.y)} is right in front of another player's monk", rule)
        elif kind == "clear":
            if not any(t is not None for t in s.board) and not s.rocks:
                return _r("there is nothing on the board to clear", rule)
        return None

    # ----- what a move does: one playing-out (core.rules.ScratchTurn, engine.Work) -----------------
    Work = Work

    def _actor(self, s) -> int:
        p = self.current_player(s)
        return p if isinstance(p, int) else s.active

    def _other_effects(self, s, w, actor: int) -> tuple:
        """The other players' score lines from the move, as effects."""
        return tuple(Effect(f"player {q + 1}: {line.points:+d} ({line.text})", line.rule)
                     for q in range(s.players) if q != actor for line in w.new_lines.get(q, ()))

    def walks(self, s, a) -> tuple:
        """The monks' walks a legal action would cause (:class:`~gardenkit.games.tanuki.engine.Walk`:
        each monk's path pieces in order, where it ends, crash or loop, its gain): what a board
        shows before a tile is laid and steps through after."""
        self._check_state(s)
        a = self.coerce_action(s, a)
        reason = self._refusal(s, a)
        if reason is not None:
            return ()
        return tuple(self._work(s, a).walks)

    # ----- what a board offers -----------------------------------------------------------------------
    def card_refusal(self, s, player: int, kind: str):
        """Why ``player`` may not play their Garden Master card ``kind`` now (a
        :class:`~gardenkit.Refusal` with its rule), or None when at least one way to play it is
        legal (its moves are among :meth:`targets`). What a board says when a card is picked that
        cannot be played.

        >>> from gardenkit.games.tanuki.setups import position
        >>> s = position(hands={0: (5, 9, 12)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"}, stage="pre",
        ...              garden_master=True, cards={0: ("fast", "basket")})
        >>> r = TanukiRules()
        >>> r.card_refusal(s, 0, "fast") is None, r.card_refusal(s, 0, "move").rule, r.card_refusal(s, 1, "fast").rule
        (True, 'tanuki.gm.timing', 'tanuki.gm.timing')
        """
        self._check_state(s)
        self._check_player(s, player)
        if not s.garden_master:
            return _r("this game is played without the Garden Master expansion", "tanuki.gm.timing")
        if not isinstance(kind, str) or not s.components.has_card(kind) or player in s.hidden \
                or kind not in s.cards[player]:
            return _r(f"you hold no {str(kind)[:20]!r} card", "tanuki.gm.timing")
        if self.current_player(s) != player or self.decision(s) not in ("pre", "tile"):
            return _r("cards are played on your own turn, before the roll or once the Tanuki have moved",
                      "tanuki.gm.timing")
        if any(card_kind(self.parse_action(s, t.action)) == kind for t in self.targets(s) if t.points is not None):
            return None
        refusal = self.why_illegal(s, f"play {kind}")
        if refusal is None or kind in ("move", "pilfer", "trap", "bait", "shift", "rock"):  # (a card with choices)
            return _r(f"none of the {s.components.card(kind).title} card's moves is allowed now", f"tanuki.gm.{kind}")
        return refusal

    def targets(self, s, selection=None) -> tuple[Target, ...]:
        """What the player to act can click now, what each gives and why not.

        ``selection`` is ``(tile, rotation)``: a tile of the active player's hand and its turn
        (0, 90, 180 or 270). Then: every placement of that tile on the space in front of the active
        monk (two from a start place, one per path end), with the Shiitake it gains or loses that
        player (``points``) or the :class:`~gardenkit.Refusal`; ``at`` is the space ``(x, y)``.
        With nothing selected (None): every other choice open now (a start place, ``go``, a
        direction on a 5, ``enter from A``, ``chase``, ``pass``, a card, a discard, ``decline``,
        ``buy a card``, ...), each with its points, and a refused ``chase`` when a Tanuki blocks
        a player who cannot pay.

        >>> from gardenkit.games.tanuki.setups import position
        >>> s = position(hands={0: (5, 9, 12)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"})
        >>> [(t.action, t.points) for t in TanukiRules().targets(s, (5, 0))]
        [('5@b3g1 from A', 0), ('5@b3g1 from B', 0)]
        """
        self._check_state(s)
        p = self.current_player(s)
        if p is None:
            return ()
        if selection is not None:
            tile, rot = _read_selection(selection)
            m = s.monks[s.active]
            if m is None:
                return ()
            ports = side_ports(m[3]) if m[0] == "edge" else (-1,)
            out = []
            for port in ports:
                a = Place(tile, m[1], m[2], rot, port)
                why = self._why_illegal(s, a)
                out.append(Target(str(a), None if why else self.action_points(s, a), why, (m[1], m[2])))
            return tuple(out)
        if p is CHANCE:
            return ()
        out = []
        for a in self._legal_actions(s):
            if isinstance(a, Place):
                continue
            out.append(Target(str(a), self.action_points(s, a), None, _where(s, a)))
        if self.decision(s) == "tile" and Chase() not in self._legal_actions(s):
            why = self._why_illegal(s, Chase())
            if why is not None and Work(s).blocked(p):
                out.append(Target("chase", None, why, ()))
        return tuple(out)

    # ----- scores and the end ------------------------------------------------------------------------
    def scores(self, s) -> tuple[int, ...]:
        self._check_state(s)
        return s.scores

    def known_scores(self, s) -> tuple[int | None, ...]:
        """Each total as ``s`` shows it: None for a player whose cards ``s`` hides (an observation)."""
        self._check_state(s)
        return tuple(None if HIDDEN_CARD in (s.cards[q] if s.cards else ()) else v for q, v in enumerate(s.scores))

    def outcome(self, s):
        """Once the game is over: the player with the most wins (a tie still standing after
        the tie-break turns is shared); else None. An observation played on to the end while it
        still hides cards names no winner (their worth is unknown)."""
        self._check_state(s)
        if s.stage != "over" or any(HIDDEN_CARD in c for c in s.cards):
            return None
        rule = "tanuki.end.tie" if s.tb_round else "tanuki.end.winner"
        return Outcome(tuple(s.winners), s.scores, Cited(f"game over: {s.over}", rule))

    def _describe(self, seen, player):
        """The turn and target, the Tanuki, each monk and stash, each hand (tiles and cards, yours
        in full), and the Shiitake each holds."""
        comps = seen.components
        laid = sum(1 for square in seen.board if square is not None)
        dice = f"; the dice show blue {seen.dice[0]}, gold {seen.dice[1]}" if seen.dice else ""
        lines = [f"Turn {seen.turn}; {laid} tiles on the board; {seen.supply} Shiitake in the supply; "
                 f"holding {seen.target} at the end of your own turn wins{dice}."]
        tanuki = [f"the {colour} Tanuki " + (f"on {space_name(*at)}" if at is not None else "off the board")
                  for colour, at in zip(TANUKI, seen.tanuki)]
        lines.append("T" + ", ".join(tanuki)[1:] + ".")
        stashes = [f"{n} on {space_name(i % SIZE, i // SIZE)}" for i, n in enumerate(seen.stash) if n]
        if stashes:
            lines.append("Stolen Shiitake left on tiles: " + ", ".join(stashes) + ".")
        for what, where in (("Tanuki traps", seen.traps), ("Rock gardens", seen.rocks)):
            if where:
                lines.append(f"{what} on " + ", ".join(space_name(*w[:2]) for w in where) + ".")
        for q in [player, *(q for q in range(seen.players) if q != player)]:
            who = "You" if q == player else f"Player {q + 1}"
            m = seen.monks[q]
            monk = ("monk off the board" if m is None else
                    f"monk waiting at the edge by {space_name(m[1], m[2])}" if m[0] == "edge" else
                    f"monk facing {space_name(m[1], m[2])}")
            hand = seen.hands[q]
            tiles = (("tiles: " + "; ".join(comps.tile(t).describe() for t in hand)) if q == player and hand else
                     f"{len(hand)} tile{'s' if len(hand) != 1 else ''}")
            cards = seen.cards[q] if seen.cards else ()
            held = ("; cards: " + ", ".join(cards) if q == player and cards else
                    f"; {len(cards)} card{'s' if len(cards) != 1 else ''}" if seen.garden_master else "")
            lines.append(f"{who}: {seen.shiitake[q]} Shiitake; {monk}; {tiles}{held}.")
        return tuple(lines)

    def observe(self, s, player: int):
        """What ``player`` sees: the board, monks, Tanuki, stashes, Shiitake, discards and their own
        hand; not the draw pile's order (``rng`` None) nor, until the game is over, the other
        players' tiles and cards (face down: tile 0, card ``"hidden"``; the tiles are counted in
        the pile, ``unseen`` of them, the cards in the deck)."""
        self._check_state(s)
        self._check_player(s, player)
        if s.stage == "over":
            return dataclasses.replace(s, rng=None)
        hide = [q for q in range(s.players) if q != player and q not in s.hidden]
        hands, cards, lines = list(s.hands), list(s.cards), list(s.lines)
        pile, deck = list(s.pile), list(s.deck)
        unseen, unseen_cards = s.unseen, s.unseen_cards
        for q in hide:
            pile += [t for t in hands[q] if t]
            unseen += sum(1 for t in hands[q] if t)
            hands[q] = tuple(0 for _ in hands[q])
            real = [k for k in cards[q] if k != HIDDEN_CARD]
            deck += real
            unseen_cards += len(real)
            cards[q] = tuple(HIDDEN_CARD for _ in cards[q])
            kept = tuple(line for line in lines[q] if line.rule != "tanuki.gm.worth")
            if cards[q]:
                kept += (dataclasses.replace(
                    next(line for line in lines[q] if line.rule == "tanuki.gm.worth"), points=len(cards[q]),
                    text=f"{len(cards[q])} Garden Master card{'s' if len(cards[q]) > 1 else ''} in hand, face down "
                         "(counted 1 each)", round=None),)
            lines[q] = kept
        return dataclasses.replace(
            s, rng=None, hands=tuple(hands), cards=tuple(cards), lines=tuple(lines), pile=tuple(sorted(pile)),
            deck=tuple(sorted(deck)), unseen=unseen, unseen_cards=unseen_cards,
            hidden=tuple(sorted(set(s.hidden) | set(hide))))

    def determinize(self, observed, rng: Rng):
        """A full state consistent with a player's view (what a search bot plays on): the draw
        order is ``rng``'s, and the face-down tiles and cards of the hidden hands are a guess,
        drawn at random from the tiles and cards the view has not seen (its pile and deck, which
        count them), as many as each hand holds. The hidden cards' lines become one line of what
        the guessed cards are worth.

        >>> import gardenkit
        >>> rules = gardenkit.make("tanuki")
        >>> s = rules.initial_state(players=3, seed=2, garden_master=True)
        >>> while rules.current_player(s) is gardenkit.CHANCE:
        ...     s = rules.step_chance(s)
        >>> guess = rules.determinize(rules.observe(s, 0), Rng.from_seed(1))
        >>> guess.hidden, guess.hands[0] == s.hands[0], sorted(guess.pile + sum(guess.hands, ())) == sorted(s.pile + sum(s.hands, ()))
        ((), True, True)
        >>> rules.check_full(guess)
        """
        self._check_state(observed)
        if not isinstance(rng, Rng):
            raise MalformedInputError(f"determinize needs a gardenkit.core.Rng, not {str(rng)[:40]}")
        if not observed.hidden:
            return dataclasses.replace(observed, rng=rng)

        def shuffled(items, rng):
            items = list(items)
            for i in range(len(items) - 1, 0, -1):  # a seeded shuffle (Fisher-Yates)
                j, rng = rng.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return items, rng

        pile, rng = shuffled(observed.pile, rng)
        deck, rng = shuffled(observed.deck, rng)
        hands, cards, lines = list(observed.hands), list(observed.cards), list(observed.lines)
        comps = observed.components
        for q in observed.hidden:
            hands[q] = tuple(sorted([t for t in hands[q] if t] + [pile.pop() for t in hands[q] if not t]))
            if cards and cards[q]:
                dealt = [k for k in cards[q] if k != HIDDEN_CARD] + [deck.pop() for k in cards[q] if k == HIDDEN_CARD]
                cards[q] = tuple(sorted(dealt))
                worth = sum(comps.card(k).worth for k in dealt)
                lines[q] = tuple(line for line in lines[q] if line.rule != "tanuki.gm.worth") + (
                    Line(worth, "Garden Master cards in hand (face down: a guess)", "tanuki.gm.worth", None),)
        return dataclasses.replace(
            observed, rng=rng, hands=tuple(hands), cards=tuple(cards), lines=tuple(lines), pile=tuple(sorted(pile)),
            deck=tuple(sorted(deck)), hidden=(), unseen=0, unseen_cards=0)

    def _check_full(self, s) -> None:
        if s.hidden:
            raise MalformedInputError(
                "this Tanuki in the Garden state is a player's view of the game (rules.observe): other hands are "
                "face down, so play cannot go on from it")

    # ----- notation and saves ------------------------------------------------------------------------
    def _parse_action(self, s, text):
        return parse(text)

    def _state_from_dict(self, d):
        from .serialize import state_from_dict

        return state_from_dict(self, d)


def _card_order(kind: str):
    from .components import CARD_KINDS

    return (CARD_KINDS.index(kind) if kind in CARD_KINDS else len(CARD_KINDS), kind)


def _card_example(kind: str) -> str:
    return {"move": "play move: blue toward 3", "pilfer": "play pilfer: 2 3 4", "trap": "play trap: b3g4",
            "bait": "play bait: 2, blue b1g1, gold b2g1", "shift": "play shift: b3g4/90",
            "rock": "play rock: b3g4"}[kind]


def _where(s, a) -> tuple:
    if isinstance(a, (Start, Clear, TrapCard, RockCard, ShiftCard)):
        return (a.x, a.y)
    if isinstance(a, (Enter, Chase)) and s.monks[s.active] is not None:
        return (s.monks[s.active][1], s.monks[s.active][2])
    return ()


def _read_selection(selection) -> tuple[int, int]:
    ok = (isinstance(selection, (tuple, list)) and len(selection) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in selection))
    if not ok:
        raise MalformedInputError(f"a selection is (tile, rotation) such as (12, 90), not {str(selection)[:60]}")
    tile, rot = selection
    if rot not in (0, 90, 180, 270):
        raise MalformedInputError(f"a tile turns by 0, 90, 180 or 270 degrees, not {rot}")
    if not 0 < tile < 10_000:
        raise MalformedInputError(f"tiles are numbered from 1, not {tile}")
    return tile, rot

