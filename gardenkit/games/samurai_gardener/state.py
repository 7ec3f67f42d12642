"""The state of a Samurai Gardener game: an immutable value with an exact JSON round trip."""
from __future__ import annotations

from dataclasses import dataclass

from ...core import Line, Rng
from .actions import Run
from .components import Deck, default_deck
from .house import House

PHASES = ("deal", "lineup", "place", "order", "over")


@dataclass(frozen=True)
class Pending:
    """Specialist rule: a card is placed and its lines wait to be scored in the order the player picks."""

    player: int
    runs: tuple[Run, ...]  # still to score, scoring lengths only
    points: int  # scored so far for this card
    scored: tuple[str, ...]  # types that scored so far
    lines: tuple[Line, ...]  # breakdown so far (runs, refills, misses)
    made: int  # lines of 3-5 the card formed in all

    def to_dict(self) -> dict:
        return {
            "player": self.player,
            "runs": [[r.type, r.x0, r.y0, r.x1, r.y1] for r in self.runs],
            "points": self.points,
            "scored": list(self.scored),
            "lines": [line.to_dict() for line in self.lines],
            "made": self.made,
        }


@dataclass(frozen=True)
class SamuraiGardenerState:
    players: int
    specialist: bool
    rng: Rng | None
    phase: str
    round: int
    start: int
    placed: int  # players who have placed a card this round
    deck: tuple[int, ...]  # card ids still in the deck, ascending (the order is the RNG's)
    lineup: tuple[int, ...]  # in the order they were laid out
    houses: tuple[House, ...]
    scores: tuple[int, ...]
    lines: tuple[tuple[Line, ...], ...]  # per player, the itemised score
    markers: tuple[str, ...]  # specialist markers per player, letters in F T P G order
    pending: Pending | None = None
    over: str | None = None
    cards: Deck = None  # the deck in use (the shipped reconstructed one unless a file was loaded)
    start_player: int = 0

    def __post_init__(self):
        if self.cards is None:
            object.__setattr__(self, "cards", default_deck())

    @property
    def to_move(self) -> int | None:
        if self.phase == "order":
            return self.pending.player
        if self.phase == "place":
            return (self.start + self.placed) % self.players
        return None

    def to_dict(self) -> dict:
        d = {
            "game": "samurai_gardener",
            "version": 1,
            "players": self.players,
            "options": {"specialist": self.specialist, "start_player": self.start_player},
            "rng": None if self.rng is None else self.rng.to_dict(),
            "phase": self.phase,
            "round": self.round,
            "start": self.start,
            "placed": self.placed,
            "deck": list(self.deck),
            "lineup": list(self.lineup),
            "houses": [[p.to_dict() for p in h.placed] for h in self.houses],
            "scores": list(self.scores),
            "lines": [[line.to_dict() for line in ls] for ls in self.lines],
            "markers": list(self.markers),
            "pending": None if self.pending is None else self.pending.to_dict(),
            "over": self.over,
        }
        if self.cards is not default_deck():
            d["cards"] = {
                "source": self.cards.source,
                "note": self.cards.note,
                "cards": [{"id": c.id, "rows": list(c.rows), "source": c.source} for c in self.cards.cards],
            }
        return d

    def _repr_svg_(self) -> str:
        from ...render.samurai_gardener import render_state  # lazily: rules never need a renderer

        return render_state(self)
