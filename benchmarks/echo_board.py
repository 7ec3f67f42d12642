"""EchoBoard: the smallest clickable board, to measure the stack's own latency.

A bare anywidget that shows a 6x6 SVG grid. Every cell is a
``<rect data-action="x,y">``; a click sends ``{"action": "x,y"}`` to Python, which
marks that cell, bumps a version number and assigns a new SVG string to the
``svg`` trait; the browser replaces the board's markup. So one click is a full
round trip: browser -> websocket -> kernel -> new trait -> websocket -> DOM.

It has no game logic, so the click benchmark (``bench_click.py``) measures only
the transport: Voilà, tornado, the kernel and anywidget.

>>> b = EchoBoard()
>>> b.play("2,3")
>>> b.marked, b.version
((2, 3), 1)
>>> 'data-action="5,5"' in b.svg
True
>>> b.play("9,9")
Traceback (most recent call last):
...
ValueError: cell out of range: '9,9' (the board is 6x6)
"""

from __future__ import annotations

import re

import anywidget
import traitlets

SIZE = 6
CELL = 40

_ACTION = re.compile(r"^(\d+),(\d+)$")

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "echo-board";
  const draw = () => {
    root.innerHTML = model.get("svg");
  };
  draw();
  model.on("change:svg", draw);
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (target) model.send({ action: target.getAttribute("data-action") });
  });
  el.appendChild(root);
  return () => model.off("change:svg", draw);
}
export default { render };
"""

_CSS = r"""
.echo-board svg { display: block; }
.echo-board rect[data-action] { cursor: pointer; }
.echo-board rect[data-action]:hover { stroke-width: 3; }
"""


def render_svg(marked: tuple[int, int] | None, version: int) -> str:
    """The board as an SVG string: a grid with the marked cell filled and a cross."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE * CELL}" '
        f'height="{SIZE * CELL}" data-version="{version}" role="img" '
        f'aria-label="echo board, {version} clicks">'
    ]
    for y in range(SIZE):
        for x in range(SIZE):
            on = marked == (x, y)
            fill = "#2f6f4e" if on else "#f3efe2"
            mark = ' data-marked="true"' if on else ""
            parts.append(
                f'<rect data-action="{x},{y}" x="{x * CELL}" y="{y * CELL}" '
                f'width="{CELL}" height="{CELL}" fill="{fill}" stroke="#555"{mark}/>'
            )
    if marked is not None:
        x, y = marked
        cx, cy = x * CELL + CELL // 2, y * CELL + CELL // 2
        parts.append(
            f'<path d="M{cx - 10},{cy - 10}L{cx + 10},{cy + 10}M{cx + 10},{cy - 10}'
            f'L{cx - 10},{cy + 10}" stroke="#fff" stroke-width="4" pointer-events="none"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


class EchoBoard(anywidget.AnyWidget):
    """A 6x6 board that marks whichever cell was clicked last."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.marked: tuple[int, int] | None = None
        self.version = 0
        self.svg = render_svg(self.marked, self.version)
        self.on_msg(self._on_front_end_msg)

    def play(self, action: str) -> None:
        """Mark the cell ``"x,y"`` (what a click on that cell sends)."""
        if not isinstance(action, str):
            raise ValueError(f"an action is a string 'x,y', not {type(action).__name__}")
        m = _ACTION.match(action)
        if m is None:
            raise ValueError(f"malformed action: {action[:40]!r} (expected 'x,y')")
        x, y = int(m.group(1)), int(m.group(2))
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            raise ValueError(f"cell out of range: {action!r} (the board is {SIZE}x{SIZE})")
        self.marked = (x, y)
        self.version += 1
        self.svg = render_svg(self.marked, self.version)

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        # Widget messages come from the browser: check every field, ignore junk.
        if not isinstance(content, dict) or set(content) != {"action"}:
            return
        try:
            self.play(content["action"])
        except ValueError:
            return
