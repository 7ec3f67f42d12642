"""The state of a Miyabi game: an immutable value with an exact JSON round trip."""
from __future__ import annotations

from dataclasses import dataclass

from ...core import Line, Rng
from .components import Components, default_components
from .garden import Garden

PHASES = ("deal", "frog_start", "turn", "after", "over")
EXPANSIONS = ("colorful", "meadow", "zen", "seven", "frog")
FULL = 0b111111  # all six lantern fields filled


@dataclass(frozen=True)
class FrogMarker:
    x: int
    y: int
    golden: bool = False

    def to_list(self) -> list:
        return [self.x, self.y, self.golden]


@dataclass(frozen=True)
class MiyabiState:
    players: int
    rng: Rng | None
    phase: str
    round: int
    start: int  # who holds the bonsai this round
    to_move: int | None
    box: tuple[int, ...]  # garden tiles still in the box (sorted; the draw order is the RNG's)
    display: tuple[int, ...]  # face-up garden tiles of this round, sorted
    gardens: tuple[Garden, ...]
    lanterns: tuple[int, ...]  # per player, a bit per column whose lantern field is filled this round
    passed: tuple[bool, ...]
    scores: tuple[int, ...]
    lines: tuple[tuple[Line, ...], ...]  # per player, the itemised score
    bonuses: tuple[str, ...]  # kinds whose fifth-layer bonus tile is still there
    colorful: bool = False
    meadow: bool = False
    zen: bool = False
    seven: bool = False
    frog: bool = False
    zen_pile: tuple[int, ...] = ()  # face down, sorted (the order is the RNG's)
    zen_display: tuple[int, ...] = ()  # face up, sorted
    zen_reveal: int = 0  # Zen tiles still to turn face up before play goes on
    zen_scored: tuple[tuple[int, ...], ...] = ()  # per player, Zen tiles already scored for being surrounded
    frogs: tuple[FrogMarker | None, ...] = ()
    frog_moved: bool = False  # the player to act has moved their frog this turn
    over: str | None = None
    start_player: int = 0
    components: Components = None

    def __post_init__(self):
        if self.components is None:
            object.__setattr__(self, "components", default_components())

    @property
    def expansions(self) -> tuple[str, ...]:
        return tuple(e for e in EXPANSIONS if getattr(self, e))

    @property
    def rounds(self) -> int:
        return self.components.rounds[self.players]

    def lantern_free(self, player: int, column: int) -> bool:
        return not self.lanterns[player] >> column & 1

    def active(self, player: int) -> bool:
        """Still playing this round: not passed and a lantern field left."""
        return not self.passed[player] and self.lanterns[player] != FULL

    def to_dict(self) -> dict:
        d = {
            "game": "miyabi",
            "version": 1,
            "players": self.players,
            "options": {**{e: getattr(self, e) for e in EXPANSIONS}, "start_player": self.start_player},
            "rng": None if self.rng is None else self.rng.to_dict(),
            "phase": self.phase,
            "round": self.round,
            "start": self.start,
            "to_move": self.to_move,
            "box": list(self.box),
            "display": list(self.display),
            "gardens": [[p.to_list() for p in g.pieces] for g in self.gardens],
            "lanterns": list(self.lanterns),
            "passed": list(self.passed),
            "scores": list(self.scores),
            "lines": [[line.to_dict() for line in ls] for ls in self.lines],
            "bonuses": list(self.bonuses),
            "zen_pile": list(self.zen_pile),
            "zen_display": list(self.zen_display),
            "zen_reveal": self.zen_reveal,
            "zen_scored": [list(z) for z in self.zen_scored],
            "frogs": [None if f is None else f.to_list() for f in self.frogs],
            "frog_moved": self.frog_moved,
            "over": self.over,
        }
        if self.components is not default_components():
            d["components"] = self.components.to_dict()
        return d

    def _repr_svg_(self) -> str:
        from ...core.registry import rules_of  # lazily: rules never need a renderer
        from ...render.miyabi import render_state

        return render_state(rules_of("miyabi").view(self))

    def _repr_html_(self) -> str:
        """The drawing as an image named by its own words (its renderer's ``SvgStr._repr_html_``)."""
        return self._repr_svg_()._repr_html_()
