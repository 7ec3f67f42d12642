"""Miyabi (Michael Kiesling, HABA 2019), with its five mini-expansions."""
from .actions import EndTurn, Frog, Pass, Place, PlaceZen, parse
from .components import Components, default_components, load_components
from .garden import Garden
from .rules import MiyabiRules
from .state import MiyabiState

__all__ = ["Components", "EndTurn", "Frog", "Garden", "MiyabiRules", "MiyabiState", "Pass", "Place", "PlaceZen",
           "default_components", "load_components", "parse"]
