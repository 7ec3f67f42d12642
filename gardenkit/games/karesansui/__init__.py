"""Karesansui: The Rock Garden (Joseph Kisenwether, Eagle-Gryphon 2013)."""
from .actions import Bid, Draw, Pass, TurnIn, parse
from .components import Components, default_components, load_components
from .rules import KaresansuiRules, forbidden_sets
from .state import KaresansuiState

__all__ = ["Bid", "Components", "Draw", "KaresansuiRules", "KaresansuiState", "Pass", "TurnIn",
           "default_components", "forbidden_sets", "load_components", "parse"]
