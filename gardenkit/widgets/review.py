"""The game view's post-game review (``gk-review``): once a game against the bots is over, a
"Review this game" button runs :func:`gardenkit.bots.review_game` for your seat off the main
thread (a progress bar, a Stop button; on Pyodide, which has no threads, one position per slice
on the event loop) and shows every move of yours with the search's verdict;
the three costliest are marked with the reason (rule ids as links) and a "Try again from here"
button that puts that position back on the board (you to move, the rest of the game gone).

New game, Undo and Load stop a review in progress (its answer is dropped): the review belongs to
the finished game it was asked about.

Test hooks: the panel ``.gk-review`` (``data-seed``, ``data-iterations`` and the finished game as
``data-timeline``, a saved timeline's JSON, on its ``.gk-review-data`` element); each move a
``tr.gk-review-move`` with ``data-move`` (1: your first), ``data-index`` (the timeline position
before it), ``data-played``, ``data-best``, ``data-loss``, ``data-played-margin``,
``data-best-margin``, ``data-played-win``, ``data-best-win`` and ``data-verdict``; the costliest
rows also ``gk-review-costly``; their buttons ``button.gk-review-retry`` (and
``gk-review-retry-<move>``).

The budget per position is ``review_iterations`` / ``review_ms`` (class attributes; a host or a
test may set ``GARDENKIT_REVIEW_ITERATIONS=<n>`` in the server's environment for a review of n
playouts per position with no time bound, the same every run).
"""
from __future__ import annotations

import json
import os
import threading
from html import escape

import ipywidgets as widgets

from ..bots.review import REVIEW_ITERATIONS, REVIEW_MS, review_game, review_steps
from ..core import Timeline
from ._html import rule_html
from ._links import link_rule_ids
from .board_base import guarded
from .controls import _running_loop, start_worker

__all__ = ["Reviewing", "review_budget", "review_html"]

#: verdict -> how a row says it
VERDICT_WORDS = {"best": "best move", "good": "good", "inaccuracy": "inaccuracy", "mistake": "mistake",
                 "forced": "forced (the only move)"}


#: the review's own styles (the theme's colours from PANEL_CSS's variables)
REVIEW_CSS = """<style>
.gk-review{margin-top:10px;font:14px/1.45 sans-serif;color:var(--gk-ink,#222)}
.gk-review-out{max-width:100%;overflow-x:auto}
.gk-review-table{border-collapse:collapse;font:13px sans-serif;color:var(--gk-ink,#222);margin:6px 0}
.gk-review-table td,.gk-review-table th{border-bottom:1px solid var(--gk-line,#ddd);padding:2px 8px;text-align:left}
.gk-review-table tr.gk-review-costly td{background:var(--gk-now,#fff3cc)}
.gk-review-summary,.gk-review-reason{margin:4px 0}
.gk-review-reason ul{margin:2px 0 2px 18px;padding:0}
.gk-review code{background:var(--gk-chip,#efe8d8);color:var(--gk-ink,#222);padding:0 3px;border-radius:3px}
</style>"""


def review_budget(environ=None) -> tuple[int | None, float | None]:
    """(iterations, ms) per position: the defaults, or ``GARDENKIT_REVIEW_ITERATIONS`` (a whole
    number above 0) with no time bound.

    >>> review_budget({}) == (REVIEW_ITERATIONS, REVIEW_MS), review_budget({"GARDENKIT_REVIEW_ITERATIONS": "8"})
    (True, (8, None))
    """
    env = os.environ if environ is None else environ
    text = env.get("GARDENKIT_REVIEW_ITERATIONS", "").strip()
    if text.isdigit() and int(text) > 0:
        return int(text), None
    return REVIEW_ITERATIONS, REVIEW_MS


def _h(text) -> str:
    return escape(str(text), quote=True)


def _pct(x: float) -> str:
    return f"{round(100 * x)} %"


def review_html(rules, review, round_of=None) -> str:
    """A :class:`gardenkit.bots.review.Review` as HTML: a summary, one row per move of yours (the
    costliest marked) and, for each of the three costliest, the reason with its rule ids linked."""
    unit = review.unit
    counts = {}
    for m in review.moves:
        counts[m.verdict] = counts.get(m.verdict, 0) + 1
    said = ", ".join(f"{counts[v]} {VERDICT_WORDS[v]}" for v in ("best", "good", "inaccuracy", "mistake", "forced")
                     if counts.get(v))
    budget = " and ".join(x for x in (f"{review.iterations} playouts" if review.iterations else "",
                                      f"{review.time_ms:g} ms" if review.time_ms else "") if x)
    state = (f"Stopped after {len(review.moves)} of your {review.total} moves." if review.stopped
             else f"All {review.total} of your moves.")
    summary = (f'<div class="gk-review-summary">{_h(state)} {_h(said)}. The search looked at each position as you '
               f"saw it (up to {_h(budget)} per move, seed {review.seed}); margin: {_h(unit)}s ahead of the best "
               "other player where its playouts stopped; loss: the best move's margin minus yours.</div>")
    costly = {m.number for m in review.costliest}
    rows = []
    for m in review.moves:
        rnd = round_of(m.state) if round_of is not None else ""
        cls = "gk-review-move" + (" gk-review-costly" if m.number in costly else "")
        if m.forced:
            data = (f'data-move="{m.number}" data-index="{m.index}" data-played="{_h(m.played)}" '
                    f'data-best="{_h(m.played)}" data-loss="0.00" data-verdict="forced"')
            cells = f"<td><code>{_h(m.played)}</code></td><td>—</td><td>—</td><td>—</td>"
        else:
            p, b = m.played_stats, m.best_stats
            data = (f'data-move="{m.number}" data-index="{m.index}" data-played="{_h(m.played)}" '
                    f'data-best="{_h(m.best)}" data-loss="{m.loss:.2f}" data-played-margin="{p.margin:.4f}" '
                    f'data-best-margin="{b.margin:.4f}" data-played-win="{p.win_rate:.4f}" '
                    f'data-best-win="{b.win_rate:.4f}" data-verdict="{m.verdict}"')
            best = "same" if m.played == m.best else f"<code>{_h(m.best)}</code>"
            cells = (f"<td><code>{_h(m.played)}</code></td><td>{best}</td>"
                     f"<td>{p.margin:+.1f} / {b.margin:+.1f}</td><td>{_pct(p.win_rate)} / {_pct(b.win_rate)}</td>")
        mark = " ★" if m.number in costly else ""
        rows.append(f'<tr class="{cls}" {data}><td>{m.number}{mark}</td><td>{_h(rnd)}</td>{cells}'
                    f"<td>{_h(VERDICT_WORDS[m.verdict])}</td></tr>")
    table = ('<table class="gk-review-table"><tr><th>#</th><th>Round</th><th>You played</th><th>Search\'s best</th>'
             f"<th>Margin yours / best</th><th>Won or ahead yours / best</th><th>Verdict</th></tr>{''.join(rows)}</table>")
    if not review.moves:
        table = "<div>No moves of yours to review.</div>"
    return summary + table


def reason_html(rules, move) -> str:
    """One costly move's reason: the words (rule ids linked) and each move's rules with their summaries."""
    r = move.reason
    text = link_rule_ids(rules.info.id, _h(r.text))
    cited = "".join(f"<li>{rule_html(rules, rid)}</li>" for rid in dict.fromkeys(r.played_rules + r.best_rules))
    return (f'<div class="gk-review-reason" data-move="{move.number}"><b>Move {move.number}</b> '
            f"(gave up {move.loss:.1f} {_h(r.unit)}s): {text}" + (f"<ul>{cited}</ul>" if cited else "") + "</div>")


class Reviewing:
    """Mixin of :class:`~gardenkit.widgets.view.GameView`: the post-game review panel
    (``review_panel``) and its ``review``, ``stop_review`` and ``retry`` methods. Needs ``rules``,
    ``timeline``, ``seat``, ``seed``, ``opponents``, ``bot_delay``, ``round_of``, ``_start`` and
    ``show_message``."""

    #: the review's budget per position (see :func:`review_budget`)
    review_iterations, review_ms = review_budget()

    def _make_review(self) -> None:
        self._review_worker = None
        self._review_key = None
        #: the last review shown (a :class:`gardenkit.bots.review.Review`), None until one is made
        self.last_review = None
        self.review_button = widgets.Button(description="Review this game",
                                            tooltip="the search bot's verdict on each of your moves"
                                            ).add_class("gk-review-start")
        self.review_stop_button = widgets.Button(description="Stop", layout=widgets.Layout(display="none")
                                                 ).add_class("gk-review-stop")
        self.review_progress = widgets.IntProgress(value=0, min=0, max=100, description="reviewing",
                                                   layout=widgets.Layout(width="220px", display="none")
                                                   ).add_class("gk-review-progress")
        self.review_out = widgets.HTML().add_class("gk-review-out")
        self.review_retries = widgets.VBox([])
        self.review_panel = widgets.VBox(
            [widgets.HTML(REVIEW_CSS + "<b>Review</b>"),
             widgets.HBox([self.review_button, self.review_progress, self.review_stop_button],
                          layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
             self.review_out, self.review_retries],
            layout=widgets.Layout(display="none", max_width="100%")).add_class("gk-review")
        self.review_button.on_click(lambda _b: self.review())
        self.review_stop_button.on_click(lambda _b: self.stop_review())

    # ----- when the panel shows --------------------------------------------------------------
    def _reviewable(self) -> bool:
        """The game shown is over, against bots, and you made moves in it."""
        t = self.timeline
        return (self.rules.current_player(t.state) is None and t.state.players > 1
                and any(self.rules.current_player(s) == self.seat for s, _a, _b in t.steps()))

    def _update_review(self) -> None:
        """Called at every refresh: a review belongs to the finished game it was made for; once the
        game shown is another (undo, new game, load, try again) the panel hides and a review in
        progress is dropped."""
        key = (id(self.timeline), self.timeline.position, self.seat)
        if key == self._review_key:
            return
        self._review_key = key
        self._drop_review()
        self.last_review = None
        self.review_out.value = ""
        self.review_retries.children = ()
        self.review_button.layout.display = None
        self.review_panel.layout.display = None if self._reviewable() else "none"
        if self.review_panel.layout.display is None:
            self.review_out.value = ("<div>The game is over. Ask for a review: the search bot looks at each of your "
                                     "moves and names the three that cost you most.</div>")

    @property
    def reviewing(self) -> bool:
        """A review is being worked out (in its thread)."""
        return self._review_worker is not None

    def _drop_review(self) -> None:
        """Forget a review in progress (its answer is discarded)."""
        if self._review_worker is not None:
            self._review_worker.cancel()
            self._review_worker = None
        self.review_progress.layout.display = "none"
        self.review_stop_button.layout.display = "none"

    # ----- the review ------------------------------------------------------------------------
    @guarded
    def review(self, wait: bool | None = None) -> None:
        """Review the finished game for your seat (:func:`gardenkit.bots.review_game`, budget
        ``review_iterations`` / ``review_ms`` per position, seeded by the game's seed). In a
        running kernel (an event loop and ``bot_delay > 0``, or ``wait=False``) it runs in a worker
        thread with a progress bar and a Stop button; without a loop or with ``wait=True`` it
        answers at once."""
        if not self._reviewable():
            self.show_message("There is nothing to review yet: the review comes once a game against the bots is over.",
                              "warn")
            return
        if self.reviewing:
            return
        rules, timeline, seat = self.rules, self.timeline, self.seat
        game = Timeline(rules, timeline.initial, list(timeline.history))  # its own copy: the view's may change
        seed, iterations, ms = self.seed, self.review_iterations, self.review_ms
        stop = threading.Event()
        loop = None if wait else _running_loop()
        if loop is None or (wait is None and self.bot_delay <= 0):
            self._show_review(self._review_key, review_game(rules, game, seat, seed=seed, iterations=iterations,
                                                            time_ms=ms, stop=stop))
            return
        key = self._review_key

        def progress(done, total):
            try:
                loop.call_soon_threadsafe(self._review_progressed, key, done, total)
            except RuntimeError:  # the loop has closed
                pass

        def work():  # one decision a step: a slice at a time where there are no threads (Pyodide)
            steps = review_steps(rules, game, seat, seed=seed, iterations=iterations, time_ms=ms, stop=stop)
            while True:
                try:
                    done, total = next(steps)
                except StopIteration as end:
                    return end.value
                progress(done, total)
                yield

        self.review_progress.value = 0
        self.review_progress.layout.display = None
        self.review_stop_button.layout.display = None
        self.review_button.layout.display = "none"
        self.review_out.value = "<div>Reviewing your moves…</div>"
        self._review_worker = start_worker(loop, work, lambda r: self._show_review(key, r), self._review_failed, stop=stop)

    def _review_progressed(self, key, done: int, total: int) -> None:
        if key == self._review_key and self._review_worker is not None:
            self.review_progress.value = int(100 * done / max(total, 1))
            self.review_progress.description = f"{done} of {total}"

    @guarded
    def stop_review(self) -> None:
        """Stop the review in progress: the moves reviewed so far are shown (what Stop does)."""
        if self._review_worker is not None:
            self._review_worker.stop.set()

    @guarded
    def _show_review(self, key, review) -> None:
        """Show a review made for the game ``key``, unless the view has moved on since."""
        self._review_worker = None
        if key != self._review_key:
            self._review_done()
            return
        self.last_review = review
        self.review_button.layout.display = "none" if review.complete else None
        data = json.dumps(Timeline(self.rules, self.timeline.initial, list(self.timeline.history)).to_dict(),
                          separators=(",", ":"))
        hidden = (f'<div class="gk-review-data" hidden data-seat="{self.seat}" data-seed="{review.seed}" '
                  f'data-iterations="{review.iterations or ""}" data-ms="{review.time_ms or ""}" '
                  f'data-timeline="{_h(data)}"></div>')
        self.review_out.value = hidden + review_html(self.rules, review, self.round_of)
        boxes = []
        for m in review.costliest:
            button = widgets.Button(description=f"Try again from move {m.number}",
                                    tooltip="put this position back on the board, you to move"
                                    ).add_class("gk-review-retry").add_class(f"gk-review-retry-{m.number}")
            button.on_click(lambda _b, n=m.number: self.retry(n))
            boxes.append(widgets.VBox([widgets.HTML(reason_html(self.rules, m)), button]))
        self.review_retries.children = tuple(boxes)
        self._review_done()  # last: the progress bar goes once the whole review has been sent

    def _review_done(self) -> None:
        self.review_progress.layout.display = "none"
        self.review_stop_button.layout.display = "none"

    def _review_failed(self, error) -> None:
        self._review_worker = None
        self._review_done()
        self.review_button.layout.display = None
        self.show_message(f"Sorry, the review did not work: {error}", "error")

    @guarded
    def retry(self, number: int) -> bool:
        """Put the position before your move ``number`` of the last review back on the board (you to
        move; the moves after it gone; Undo goes back through the moves before it). What "Try again
        from here" does."""
        review = self.last_review
        if review is None:
            self.show_message("There is no review to try a move again from.", "warn")
            return False
        move = next((m for m in review.moves if m.number == number), None) if isinstance(number, int) and not isinstance(number, bool) else None
        if move is None:
            self.show_message(f"Your moves in the review are numbered 1 to {len(review.moves)}, not {number!r}.", "warn")
            return False
        t = self.timeline
        again = Timeline(self.rules, t.initial, list(t.history[: move.index]))
        self._start(again.state.players, self.seat, self.opponents, self.seed, self.rules.options(again.initial),
                    timeline=again)
        self.show_message(f"Try again from your move {number} (round {self.round_of(again.state)}): you played "
                          f"{move.played}; the search suggested {move.best}. Your move.", "ok")
        return True
