"""The state of a Karesansui game: an immutable value with an exact JSON round trip."""
from __future__ import annotations

from dataclasses import dataclass

from ...core import Line, Rng
from .components import DECKS, Components, default_components

PHASES = ("deal", "refill", "bid", "draw", "turnin", "over")


@dataclass(frozen=True)
class KaresansuiState:
    players: int
    rng: Rng | None
    phase: str
    round: int
    start: int  # the start player of this round
    to_move: int | None
    bag: tuple[str, ...]  # rocks in the bag, sorted (the draw order is the RNG's)
    gardens: tuple[tuple[str, ...], ...]  # sorted
    piles: tuple[tuple[str, ...], ...]  # one per wedge, in the order drawn
    bids: tuple  # per pile: None or (player, rocks)
    tracker: int  # the black rock's space on the round tracker; 0 once it has left it
    taken: tuple[int, ...]  # cards taken from each deck, in DECKS order
    lines: tuple[tuple[Line, ...], ...]  # per player, the demerit cards (points = demerits)
    scores: tuple[int, ...]  # demerit totals
    passer: int | None = None
    black_out: bool = False  # the black rock has been drawn (it is set aside)
    ending: str | None = None  # why the game ends once this round is finished
    over: str | None = None
    hidden: tuple[int, ...] = ()  # observe(): players whose demerit cards lie face down to the viewer
    start_player: int = 0
    components: Components = None

    def __post_init__(self):
        if self.components is None:
            object.__setattr__(self, "components", default_components())

    def pile_value(self, i: int) -> int:
        return sum(self.components.value(r) for r in self.piles[i])

    def bidder(self, player: int) -> int | None:
        """The pile ``player`` has a standing bid on, or None."""
        return next((i for i, b in enumerate(self.bids) if b is not None and b[0] == player), None)

    def to_dict(self) -> dict:
        d = {
            "game": "karesansui",
            "version": 1,
            "players": self.players,
            "options": {"start_player": self.start_player},
            "rng": None if self.rng is None else self.rng.to_dict(),
            "phase": self.phase,
            "round": self.round,
            "start": self.start,
            "to_move": self.to_move,
            "bag": list(self.bag),
            "gardens": [list(g) for g in self.gardens],
            "piles": [list(p) for p in self.piles],
            "bids": [None if b is None else [b[0], list(b[1])] for b in self.bids],
            "tracker": self.tracker,
            "taken": dict(zip(DECKS, self.taken)),
            "lines": [[line.to_dict() for line in ls] for ls in self.lines],
            "scores": list(self.scores),
            "passer": self.passer,
            "black_out": self.black_out,
            "ending": self.ending,
            "over": self.over,
            "hidden": list(self.hidden),
        }
        if self.components is not default_components():
            d["components"] = self.components.to_dict()
        return d

    def _repr_svg_(self) -> str:
        from ...core.registry import rules_of  # lazily: rules never need a renderer
        from ...render.karesansui import render_state

        return render_state(rules_of("karesansui").view(self))

    def _repr_html_(self) -> str:
        """The drawing as an image named by its own words (its renderer's ``SvgStr._repr_html_``)."""
        return self._repr_svg_()._repr_html_()
