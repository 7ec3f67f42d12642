"""What a drawing is given: one seat's sight of a position, with every answer of the rules it draws.

A renderer is a pure function of a :class:`View` (python-chess's ``chess.svg.board(board,
squares=…)``): it asks no rules object and imports no rules module. Whoever draws asks the rules
once, ``rules.view(state, viewer, selection)``, and hands the answer over; a game's widgets, a
state's ``_repr_svg_`` and a notebook do the same.

>>> import gardenkit
>>> rules = gardenkit.make("miyabi")
>>> s = rules.initial_state(players=2, seed=1)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> v = rules.view(s, 0)
>>> v.viewer, v.to_act, v.mine, v.over, v.outcome
(0, 0, True, False, None)
>>> v.offered == rules.targets(s) and v.targets == v.offered
True
>>> rules.view(s, 1).offered       # not seat 2's turn: nothing to click
()
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from .types import Line, Outcome, Target


@dataclass(frozen=True)
class View:
    """One seat's sight of a position and what the rules answer about it.

    ``state``: the position as ``viewer`` may see it (``rules.observe``; the whole position when
    ``viewer`` is None). ``to_act``: ``rules.current_player`` (a seat, ``CHANCE``, or None once
    over). ``outcome``: the result once over. ``scores``: ``rules.known_scores`` of what ``viewer``
    sees (None where a total is hidden). ``offered``: ``rules.targets(state)`` when ``viewer`` is
    to act, else ``()``; ``targets``: ``rules.targets(state, selection)`` (``offered`` without a
    selection). ``decision``: ``rules.decision`` (what is being decided, where a game names it).
    ``finals``: each seat's ``rules.final_lines`` once the game is over (``()`` for a game without).
    ``extra``: what else a game's drawings show that only its rules can answer, by name (read
    only; Karesansui: its decks' ``top_cards`` and the ``turn_in`` orders to choose from).
    """

    state: Any
    viewer: int | None
    to_act: Any
    outcome: Outcome | None
    scores: tuple
    offered: tuple[Target, ...] = ()
    targets: tuple[Target, ...] = ()
    selection: Any = None
    decision: str | None = None
    finals: tuple[tuple[Line, ...], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome is not None or self.to_act is None

    @property
    def mine(self) -> bool:
        """Whether ``viewer`` is the seat to act."""
        return self.viewer is not None and self.to_act == self.viewer
