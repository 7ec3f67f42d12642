"""Karesansui: The Rock Garden (Joseph Kisenwether, Eagle-Gryphon 2013)."""
from ...core.registry import GameEntry, Playthrough
from .actions import Bid, Draw, Pass, TurnIn, parse
from .components import Components, default_components, load_components
from .rules import KaresansuiRules, forbidden_sets
from .state import KaresansuiState

__all__ = [
    "GAME","Bid", "Components", "Draw", "KaresansuiRules", "KaresansuiState", "Pass", "TurnIn",
           "default_components", "forbidden_sets", "load_components", "parse"]

GAME = GameEntry(
    id="karesansui",
    rules="gardenkit.games.karesansui.rules:KaresansuiRules",
    board="gardenkit.widgets.karesansui:KaresansuiBoard",
    game_view="gardenkit.widgets.karesansui:KaresansuiGame",
    tutor="gardenkit.tutor.karesansui",
    render="gardenkit.render.karesansui",
    notebook="karesansui.ipynb",
    pitch="Bid for piles of rocks to rake into a calm Zen garden, and steer clear of the "
          "forbidden sets that earn you demerits.",
    playthroughs=(Playthrough("karesansui-3p", 3, 1), Playthrough("karesansui-5p", 5, 2)),
    picture="karesansui-dashboard.png",
)
