"""The state of a Tang Garden game: an immutable value with an exact JSON round trip.

Where things are:

* ``board``: 64 entries, one per space (index ``y * 8 + x``): None or ``(tile, rot)``; the starting
  tile covers d4 e4 d5 e5 (``start_side`` says which face is up);
* ``piles``: per stack (greenery, water, rock, mixed) the tiles not yet turned up, sorted (their order
  is the generator's); ``tops``: per stack the face-up top tile, or 0 when the top is face down (it is
  then one of the pile's tiles, drawn when it turns up) or the stack is empty;
* ``decos``: ``(x, y, area, kind)`` decorations in the garden; ``deck`` (sorted), ``discard`` (the
  top last), ``drawn`` (this turn's draw), ``cards`` (kept, per player);
* ``tracks`` per player ``(greenery, water, rock)``; ``lines``: each player's coins, one line each;
  ``lanterns``: per player four flags (True: face up, unused); ``held``/``spent``: landscape tokens
  ``(large, small)`` in a player's area and handed in; ``board_tokens``: ``(x, y, size)``;
* ``land_piles``/``land_shown``: landscape tiles (large, small) unseen and on view; ``slots``:
  ``(side, slot, tile)`` inserted;
* ``char_deck`` (sorted), ``char_shown``, ``own`` (the character on each player's card, its skill
  active), ``placed``: ``(char, owner, x, y, where, facing)``; ``reached``: character levels reached;
  ``ctoken``: character tokens held; ``right``: the player to act reached a level this turn;
* the turn: ``todo`` (chance steps waiting), ``pending`` (decisions waiting), ``step`` (``main``,
  ``build2`` or ``after``), and flags ``lantern_used``, ``lantern_mode``, ``builds``, ``keeps``,
  ``influenced``, ``acted``, ``merchant_used``; ``turn_tops``: the tiles face up when the turn began.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core import Rng
from .components import Components, default_components

STACK_NAMES = ("greenery", "water", "rock", "mixed")
HIDDEN = "hidden"


@dataclass(frozen=True)
class TangGardenState:
    players: int
    rng: Rng | None
    board: tuple
    piles: tuple
    tops: tuple
    decos: tuple
    deck: tuple
    discard: tuple
    drawn: tuple
    cards: tuple
    tracks: tuple
    lines: tuple
    lanterns: tuple
    held: tuple
    spent: tuple
    board_tokens: tuple
    land_piles: tuple
    land_shown: tuple
    slots: tuple
    char_deck: tuple
    char_shown: tuple
    own: tuple
    placed: tuple
    reached: tuple
    ctoken: tuple
    todo: tuple = ()
    pending: tuple = ()
    step: str = "main"
    active: int = 0
    first: int = 0
    turn: int = 0
    right: bool = False
    lantern_used: bool = False
    lantern_mode: str = ""
    builds: int = 0
    keeps: int = 0
    influenced: bool = False
    acted: bool = False
    merchant_used: bool = False
    turn_tops: tuple = ()
    under: tuple = ((), (), (), ())  # per stack: tiles sent to the bottom face down (the Officer), in order
    moved: tuple = ()  # elements whose cube this placement has moved (the Hermit, Poet and Student pay once)
    ending: bool = False
    over: bool = False
    winners: tuple = ()
    start_side: str = "a"
    # solo "Yin & Yang"
    solo: bool = False
    pairs: tuple = ()  # the card beside each stack ("" none)
    display: tuple = ()  # the garden-tile display
    team: tuple = ()  # characters influenced (the starting one first), standing only after a win
    aside: tuple = ()  # neutral characters waiting for a free spot
    result: str = ""  # "victory" or "defeat" once a solo game is over
    corner: int = -1  # the stack whose pair is being placed (its opposite corner is cleared after)
    boxed: tuple = ()  # decorations sent back to the box (four tokens each)
    components: Components = None
    unseen: int = 0  # a player's observation: drawn cards it does not see (counted in the deck)

    def __post_init__(self):
        if self.components is None:
            object.__setattr__(self, "components", default_components())

    def _repr_svg_(self) -> str:
        from ...core.registry import rules_of  # lazily: rules never need a renderer
        from ...render.tang_garden import render_state

        return render_state(rules_of("tang_garden").view(self))

    def _repr_html_(self) -> str:
        """The drawing as an image named by its own words (its renderer's ``SvgStr._repr_html_``)."""
        return self._repr_svg_()._repr_html_()

    def tile_at(self, x: int, y: int):
        return self.board[y * 8 + x]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(sum(line.points for line in ls) for ls in self.lines)

    @property
    def coins(self) -> tuple[int, ...]:
        """Coins gained during play (the score before the end scoring)."""
        return tuple(sum(line.points for line in ls if line.round is not None) for ls in self.lines)

    def to_dict(self) -> dict:
        d = {
            "game": "tang_garden",
            "version": 1,
            "players": self.players,
            "options": {"start_side": self.start_side, "solo": self.solo},
            "rng": None if self.rng is None else self.rng.to_dict(),
            "board": [None if t is None else list(t) for t in self.board],
            "piles": [list(p) for p in self.piles],
            "tops": list(self.tops),
            "decos": [list(d) for d in self.decos],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "drawn": list(self.drawn),
            "cards": [list(c) for c in self.cards],
            "tracks": [list(t) for t in self.tracks],
            "lines": [[line.to_dict() for line in ls] for ls in self.lines],
            "lanterns": [list(x) for x in self.lanterns],
            "held": [list(x) for x in self.held],
            "spent": [list(x) for x in self.spent],
            "board_tokens": [list(t) for t in self.board_tokens],
            "land_piles": [list(p) for p in self.land_piles],
            "land_shown": [list(p) for p in self.land_shown],
            "slots": [list(x) for x in self.slots],
            "char_deck": list(self.char_deck),
            "char_shown": list(self.char_shown),
            "own": list(self.own),
            "placed": [list(p) for p in self.placed],
            "reached": list(self.reached),
            "ctoken": list(self.ctoken),
            "todo": [list(t) for t in self.todo],
            "pending": [list(t) for t in self.pending],
            "step": self.step,
            "active": self.active,
            "first": self.first,
            "turn": self.turn,
            "right": self.right,
            "lantern_used": self.lantern_used,
            "lantern_mode": self.lantern_mode,
            "builds": self.builds,
            "keeps": self.keeps,
            "influenced": self.influenced,
            "acted": self.acted,
            "merchant_used": self.merchant_used,
            "turn_tops": list(self.turn_tops),
            "under": [list(u) for u in self.under],
            "moved": list(self.moved),
            "ending": self.ending,
            "over": self.over,
            "winners": list(self.winners),
            "unseen": self.unseen,
        }
        if self.solo:
            d.update(pairs=list(self.pairs), display=list(self.display), team=list(self.team), aside=list(self.aside),
                     result=self.result, corner=self.corner, boxed=list(self.boxed))
        if self.components is not default_components():
            d["components"] = self.components.to_dict()
        return d
