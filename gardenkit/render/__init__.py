"""SVG rendering as pure functions (shared primitives in :mod:`gardenkit.render.svg`)."""
from .svg import SvgStr, esc, new_uid

__all__ = ["SvgStr", "esc", "new_uid"]
