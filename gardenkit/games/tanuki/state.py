"""The state of a Tanuki in the Garden game: an immutable value with an exact JSON round trip.

Where things are:

* ``board``: 36 entries, one per space (index ``y * 6 + x``): None or ``(tile, rot)``;
  ``stash``: the Shiitake left on each space's tile by the Tanuki;
* ``monks``: per player None (off the board), ``("edge", x, y, side)`` (on a start place, not
  moved yet) or ``("at", x, y, port)`` (on a path end, facing space (x, y), which it enters by
  ``port``); ``trails``: the path pieces ``(x, y, end, end)`` each monk has walked since it
  last came onto the board;
* ``tanuki``: ``(blue, gold)``, each None (off the board) or ``(x, y)``;
* ``hands``, ``pile`` (sorted: the draw order is the generator's), ``discard``: tile ids;
* ``shiitake`` per player and the ``supply``; ``lines``: each player's score lines (Shiitake
  gained and lost, and with Garden Master the cards they hold);
* the turn in progress: ``stage``, ``active``, ``turn``, the ``dice``, the Tanuki walking
  (``tqueue``, ``tmove``, ``event``), the decisions waiting (``pending``, first to act first),
  the cards being played (``cardstack``), and who met an Ashi-magari this turn (``ashi_met``: the
  active player; ``ashi_others``: the others, each made to discard once however often they meet one);
* Garden Master: ``deck`` and ``card_discard`` (sorted), ``cards`` in hand, ``traps``
  ``(x, y, owner)`` and ``rocks`` ``(x, y)``.

A player's observation (``rules.observe``) has ``rng`` None and, for every other player
(``hidden``), a hand of face-down tiles (id 0) and cards (``"hidden"``): the tiles they hold are
counted in ``pile`` (``unseen`` of them), their cards in ``deck`` (``unseen_cards``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core import Line, Rng
from .board import SIZE
from .components import Components, default_components

STAGES = ("deal", "place", "setup", "begin", "pre", "roll", "roll2", "tanuki", "tile", "draw", "buy", "carddraw",
          "over")
CHANCE_STAGES = ("deal", "place", "roll", "roll2", "draw", "carddraw")
PENDING_KINDS = ("restart", "discard", "direction", "react", "counter", "clear")
FLAGS = ("ashi", "dens", "fast", "harvest", "robber")
HIDDEN_CARD = "hidden"


@dataclass(frozen=True)
class TanukiState:
    players: int
    rng: Rng | None
    stage: str
    active: int
    turn: int
    board: tuple
    stash: tuple[int, ...]
    monks: tuple
    fresh: tuple[bool, ...]
    trails: tuple
    tanuki: tuple
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    shiitake: tuple[int, ...]
    supply: int
    lines: tuple[tuple[Line, ...], ...]
    # the turn in progress
    dice: tuple | None = None
    dice2: tuple | None = None
    tqueue: tuple[str, ...] = ()
    tmove: tuple | None = None  # (tanuki, side or 0 while the roller chooses, spaces left, mover, harmless)
    event: tuple | None = None  # (tanuki, x, y, "pass" | "land"): monks about to be robbed, answers awaited
    off_count: int = 0
    mover: int = 0
    resume: str = "tile"  # the stage a Tanuki walk returns to
    ashi_met: bool = False
    ashi_others: tuple[int, ...] = ()  # other players whose monks met an Ashi-magari this turn (counted once each)
    tiles_left: int = 1
    empty_start: bool = False
    flags: tuple[str, ...] = ()
    robbed: tuple[int, ...] = ()
    played: tuple[int, ...] = ()
    pending: tuple = ()  # ((player, kind, data), ...)
    cardstack: tuple = ()  # ((player, action notation), ...), the first played at the bottom
    # Garden Master
    deck: tuple[str, ...] = ()
    card_discard: tuple[str, ...] = ()
    cards: tuple[tuple[str, ...], ...] = ()
    traps: tuple = ()
    rocks: tuple = ()
    # the end
    tiebreak: tuple[int, ...] = ()
    tb_round: int = 0
    over: str | None = None
    winners: tuple[int, ...] = ()
    # options
    short: bool = False
    garden_master: bool = False
    edge: str = "wrap"
    start_player: int = 0
    components: Components = None
    # a player's observation
    hidden: tuple[int, ...] = ()
    unseen: int = 0
    unseen_cards: int = 0

    def __post_init__(self):
        if self.components is None:
            object.__setattr__(self, "components", default_components())

    # ----- reading it ----------------------------------------------------------------------------
    def tile_at(self, x: int, y: int):
        """``(tile, rot)`` on space (x, y), or None."""
        return self.board[y * SIZE + x]

    @property
    def scores(self) -> tuple[int, ...]:
        """What each player holds toward victory: their Shiitake, plus with Garden Master what their
        cards count (1 each, the Shiitake Basket 3; a face-down card in an observation counts 1)."""
        return tuple(self.shiitake[p] + self.card_worth(p) for p in range(self.players))

    def card_worth(self, p: int) -> int:
        comps = self.components
        return sum(1 if k == HIDDEN_CARD else comps.card(k).worth for k in self.cards[p]) if self.cards else 0

    @property
    def target(self) -> int:
        """The Shiitake that end the game: 15/12/10 by player count (the short game 12/10/8)."""
        base = 15 if self.players <= 3 else 12 if self.players <= 5 else 10
        return base - (3 if self.short and base == 15 else 2 if self.short else 0)

    @property
    def pile_count(self) -> int:
        """Tiles really in the draw pile (an observation's pile also counts the hidden hands' tiles)."""
        return len(self.pile) - self.unseen

    def to_dict(self) -> dict:
        d = {
            "game": "tanuki",
            "version": 1,
            "players": self.players,
            "options": {"short": self.short, "garden_master": self.garden_master, "edge": self.edge,
                        "start_player": self.start_player},
            "rng": None if self.rng is None else self.rng.to_dict(),
            "stage": self.stage,
            "active": self.active,
            "turn": self.turn,
            "board": [None if t is None else list(t) for t in self.board],
            "stash": list(self.stash),
            "monks": [None if m is None else list(m) for m in self.monks],
            "fresh": list(self.fresh),
            "trails": [[list(seg) for seg in tr] for tr in self.trails],
            "tanuki": [None if t is None else list(t) for t in self.tanuki],
            "hands": [list(h) for h in self.hands],
            "pile": list(self.pile),
            "discard": list(self.discard),
            "shiitake": list(self.shiitake),
            "supply": self.supply,
            "lines": [[line.to_dict() for line in ls] for ls in self.lines],
            "dice": None if self.dice is None else list(self.dice),
            "dice2": None if self.dice2 is None else list(self.dice2),
            "tqueue": list(self.tqueue),
            "tmove": None if self.tmove is None else list(self.tmove),
            "event": None if self.event is None else list(self.event),
            "off_count": self.off_count,
            "mover": self.mover,
            "resume": self.resume,
            "ashi_met": self.ashi_met,
            "tiles_left": self.tiles_left,
            "empty_start": self.empty_start,
            "flags": list(self.flags),
            "robbed": list(self.robbed),
            "played": list(self.played),
            "pending": [[p, kind, data] for p, kind, data in self.pending],
            "cardstack": [[p, text] for p, text in self.cardstack],
            "deck": list(self.deck),
            "card_discard": list(self.card_discard),
            "cards": [list(c) for c in self.cards],
            "traps": [list(t) for t in self.traps],
            "rocks": [list(r) for r in self.rocks],
            "tiebreak": list(self.tiebreak),
            "tb_round": self.tb_round,
            "over": self.over,
            "winners": list(self.winners),
            "hidden": list(self.hidden),
            "unseen": self.unseen,
            "unseen_cards": self.unseen_cards,
        }
        if self.ashi_others:  # only while it matters (mid-turn), so saves made before it existed read the same
            d["ashi_others"] = list(self.ashi_others)
        if self.components is not default_components():
            d["components"] = self.components.to_dict()
        return d

    def _repr_svg_(self) -> str:
        from ...core.registry import rules_of  # lazily: rules never need a renderer
        from ...render.tanuki import render_state

        return render_state(rules_of("tanuki").view(self))

    def _repr_html_(self) -> str:
        """The drawing as an image named by its own words (its renderer's ``SvgStr._repr_html_``)."""
        return self._repr_svg_()._repr_html_()
