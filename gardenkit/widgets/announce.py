"""The game view's live region: what a screen reader says after each move.

:class:`Announcer` is one element per view, ``role="log"`` (polite), that stays in the page while
texts are added to it: each announcement is a new paragraph (the last 20 kept), so a bot's reply
said a moment after your move does not replace your move before it was read. (A live region a
screen reader follows must be in the page before its text changes: an ``ipywidgets.HTML``
replaces its whole content, region included.)
It is read by screen readers and hidden from sight (the same words are on the page: the log,
the panel, the status).

What the view announces, as plain text (:func:`move_words`, the view's status line, :func:`end_words`): each move
played, yours and the bots', with its points (yours with every score line and its rule id, as
the panel shows them; a bot's as the log shows them, so nothing hidden from your seat is said);
a refused move and the rule that refuses it; a hint; whose turn it is; the end and the result.

>>> a = Announcer()
>>> a.announce("You played 34@-1,-3: 4 points.")
>>> a.announce("You played 34@-1,-3: 4 points.")  # the same words again are said again
>>> a.text, a.count
('You played 34@-1,-3: 4 points.', 2)
"""
from __future__ import annotations

import anywidget
import traitlets

from ..core.types import points_text
from ._html import SR_CSS, result_words

__all__ = ["Announcer", "end_words", "explanation_words", "move_words"]

_ESM = """
const KEEP = 20;
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "gk-announce";
  region.setAttribute("role", "log");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-relevant", "additions");
  el.appendChild(region);
  const say = () => {
    const n = model.get("count");
    region.dataset.count = n;
    if (!n) return;
    const p = document.createElement("p");
    p.dataset.n = n;
    p.textContent = model.get("text");
    region.appendChild(p);
    while (region.childElementCount > KEEP) region.firstElementChild.remove();
  };
  say();  // what was said before the page drew the region (e.g. "A new game. Round 1: your move.")
  model.on("change:count", say);
  return () => model.off("change:count", say);
}
export default { render };
"""

#: seen by screen readers only (the words are on the page already)
_CSS = SR_CSS


class Announcer(anywidget.AnyWidget):
    """A polite live region (``.gk-announce``, ``role="log"``): :meth:`announce` adds a text to it
    (``data-n``: its number, also ``count``)."""

    _esm = _ESM
    _css = _CSS
    text = traitlets.Unicode("").tag(sync=True)
    #: how many texts were said: the page says a text again when it changes, the same words included
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-announce-widget")
        self.add_class("gk-sr")
        #: every text said, oldest first (for tests and for a reader that joins late)
        self.said: list[str] = []

    def announce(self, text: str) -> None:
        text = " ".join(str(text).split())
        if not text:
            return
        self.said.append(text)
        with self.hold_sync():
            self.text = text
            self.count += 1


def explanation_words(expl) -> str:
    """An explanation in words: the points and each score line with its rule id, or the refusal
    and its rule.

    >>> from gardenkit.core.types import Explanation, Line, Refusal
    >>> explanation_words(Explanation("a1", True, 3, (Line(3, "a pond", "g.pond"),)))
    '+3 points: +3 a pond (rule g.pond)'
    >>> explanation_words(Explanation("a1", False, reason=Refusal("that square is taken", "g.full")))
    'not allowed: that square is taken (rule g.full)'
    """
    if not expl.legal:
        return "not allowed" + (f": {_cited(expl.reason)}" if expl.reason is not None else "")
    words = points_text(expl.points, bool(expl.lines), expl.unit)
    lines = [f"{line.points:+d} {line.text}" + (f" (rule {line.rule})" if line.rule else "") for line in expl.lines]
    lines += [_cited(effect) for effect in expl.effects]
    return words + (": " + "; ".join(lines) if lines else "")


def _cited(c) -> str:
    return f"{c.text} (rule {c.rule})" if c.rule else c.text


def move_words(name: str, action, points: str = "", expl=None) -> str:
    """One move said: who played what, and what it gave (``expl``: every line, else ``points``).

    >>> move_words("Player 2 (greedy bot)", "34@-1,-3", "+4")
    'Player 2 (greedy bot) played 34@-1,-3, +4.'
    """
    said = f"{name} played {action}"
    if expl is not None:
        said += f": {explanation_words(expl)}"
    elif points:
        said += f", {points}"
    return said + "."


def end_words(rules, state, names) -> str:
    """The end of a game in words: the result and every final score (whose turn it is otherwise
    is the view's own status line, ``_status_text``)."""
    out = rules.outcome(state)
    totals = ", ".join(f"{names[i]} {t}" for i, t in enumerate(out.scores))
    return f"Game over: {result_words(out, names)}. Final scores: {totals}."
