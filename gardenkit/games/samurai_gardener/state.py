"""The state of a Samurai Gardener game: an immutable value with an exact JSON round trip."""
from __future__ import annotations

import warnings
from dataclasses import dataclass

from ...core import Cited, Line, Rng
from .actions import Run
from .components import Deck, default_deck
from .house import House

PHASES = ("deal", "lineup", "place", "order", "over")
WIN_POINTS = 25


def game_end(scores, deck_left: int, players: int) -> Cited | None:
    """Why the game ends once a round is scored (a :class:`~gardenkit.core.types.Cited`), or None
    when it goes on: someone has 25 points or more, else the deck cannot fill a line-up.

    >>> print(game_end((25, 21), 52, 2))
    player 1 reached 25 points (25 or more) [samurai_gardener.end.points]
    >>> game_end((3, 4, 2), 2, 3).rule, game_end((3, 4), 40, 2)
    ('samurai_gardener.end.deck', None)
    """
    if max(scores) >= WIN_POINTS:
        leader = max(range(players), key=lambda i: scores[i])
        return Cited(f"player {leader + 1} reached {scores[leader]} points (25 or more)", "samurai_gardener.end.points")
    if deck_left < players:
        return Cited(f"the deck has {deck_left} card(s) left, too few for a line-up of {players}",
                     "samurai_gardener.end.deck")
    return None


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
    over: Cited | None = None  # why the game ended (saved as its text with the rule: "... [rule]")
    components: Deck = None  # the deck in use (the shipped reconstructed one unless a file was loaded)
    start_player: int = 0

    def __post_init__(self):
        if self.components is None:
            object.__setattr__(self, "components", default_deck())

    @property
    def cards(self) -> Deck:
        """Deprecated: the deck in use is ``components`` (the name every game uses)."""
        warnings.warn("SamuraiGardenerState.cards is deprecated: use .components", DeprecationWarning, stacklevel=2)
        return self.components

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
            "over": None if self.over is None else str(self.over),
        }
        if self.components is not default_deck():
            # saved under "cards" (the key saves have always used; a "components" key loads too)
            deck = self.components
            d["cards"] = {
                "source": deck.source,
                "note": deck.note,
                "cards": [{"id": c.id, "rows": list(c.rows), "source": c.source} for c in deck.cards],
            }
        return d

    def _repr_svg_(self) -> str:
        from ...core.registry import rules_of  # lazily: rules never need a renderer
        from ...render.samurai_gardener import render_state

        return render_state(rules_of("samurai_gardener").view(self))

    def _repr_html_(self) -> str:
        """The drawing as an image named by its own words (its renderer's ``SvgStr._repr_html_``)."""
        return self._repr_svg_()._repr_html_()
