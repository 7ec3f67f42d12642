"""SamuraiGame: a full game of Samurai Gardener against bots, with hints, undo, a move log,
scores, a chart, save/load and the final breakdown. Every button calls a public method of the
same name. The game-independent part is :class:`~gardenkit.widgets.base.GameView`; this adds
the specialist option, the markers column, the other houses and the log's "…" for a placement
whose lines still wait to be scored.

>>> g = SamuraiGame(players=2, seed=3, bot_delay=0)
>>> g.board.select(g.state.lineup[0])
>>> g.play(g.board.spot_actions()[0])
True
>>> g.state.round                       # the bot answered at once (bot_delay=0)
2
>>> g.undo()
True
>>> g.state.round
1
"""
from __future__ import annotations

import ipywidgets as widgets

from ..render.samurai_gardener import render_house
from . import base
from .base import SAVE_FORMAT
from .board import SamuraiBoard

__all__ = ["SAVE_FORMAT", "GameView", "SamuraiGame"]


class SamuraiGame(base.GameView):
    """Play Samurai Gardener against bots: you sit in ``seat`` (0-based), the others are
    ``opponents`` bots ("greedy" or "random"); ``specialist``: the specialist rule.
    ``bot_delay``: seconds a bot "thinks" before it moves (0: bots move at once, as in tests)."""

    game_id = "samurai_gardener"
    board_class = SamuraiBoard
    start_hint = "Pick a card from the line-up, then click a ticked square."
    others_heading = "The other houses (they only show; you build on yours above)"

    def __init__(self, players: int = 2, seat: int = 0, opponents: str = "greedy", specialist: bool = False,
                 seed: int = 7, bot_delay: float = 0.4, **kwargs):
        super().__init__(players, seat, opponents, seed, options={"specialist": specialist}, bot_delay=bot_delay,
                         **kwargs)

    def new_game(self, players: int = 2, seat: int = 0, opponents: str = "greedy", specialist: bool = False,
                 seed: int = 7) -> None:
        """Start over with these settings (what the New game button does)."""
        super().new_game(players, seat, opponents, seed, specialist=specialist)

    # ----- the hooks of GameView -----------------------------------------------------------
    def option_widgets(self, options: dict) -> dict:
        self.spec_in = widgets.Checkbox(value=options.get("specialist", False), description="specialist rule",
                                        indent=False, layout=widgets.Layout(width="140px"))
        return {"specialist": self.spec_in}

    def options_of(self, initial_state) -> dict:
        return {"specialist": initial_state.specialist}

    def describe_options(self, options: dict) -> str:
        return ", specialist rule on" if options.get("specialist") else ""

    def score_columns(self, state) -> dict:
        return {"Markers": [m or "—" for m in state.markers]} if state.specialist else {}

    def move_points(self, before, after, player: int) -> str:
        # a specialist placement scores its lines one by one, in the order the player picks next
        return "…" if after.phase == "order" else super().move_points(before, after, player)

    def other_summary(self, state, player: int) -> str:
        n = len(state.houses[player].placed)
        markers = f" · markers {state.markers[player] or '—'}" if state.specialist else ""
        return f"{super().other_summary(state, player)} · {n} card{'s' if n != 1 else ''}{markers}"

    def render_other(self, state, player: int) -> str:
        return render_house(state.houses[player], cell=20, label=f"{self.names[player]}'s house")


GameView = SamuraiGame  # the name this view had when it was the only one
