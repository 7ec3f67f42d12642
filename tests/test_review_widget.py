"""The game view's post-game review (``gk-review``) for every registered game, without a browser:
the panel appears when a game against the bots ends; the review shows every move of yours with
the search's numbers (the same as :func:`gardenkit.bots.review_game` gives) and marks the three
costliest with their reasons and a "Try again from here" button that puts that position back on
the board; in a kernel it runs in a thread with a progress bar and a Stop button, and New game or
Undo drop it.
"""
from __future__ import annotations

import asyncio
import html
import json
import re
import time

import harness
import pytest

import gardenkit
from gardenkit.bots.review import review_game
from gardenkit.core import Timeline
from gardenkit.widgets.review import review_budget

pytest.importorskip("ipywidgets")

GAMES = gardenkit.available_games()
ITER = 6


def view(game_id, bot_delay=0.0, **kwargs):
    rules = gardenkit.make(game_id)
    kwargs.setdefault("players", max(2, rules.info.min_players))
    g = gardenkit.entry(game_id).game_view_class()(bot_delay=bot_delay, **kwargs)
    g.review_iterations, g.review_ms = ITER, None  # the same review every run, quickly
    return g


def play_to_the_end(g):
    while g.rules.current_player(g.state) is not None:
        assert g.rules.current_player(g.state) == g.seat
        assert g.play(str(g.rules.legal_actions(g.state)[-1]))


def rows(g) -> list[dict]:
    """Each ``tr.gk-review-move`` of the panel as its data attributes."""
    out = []
    for tr in re.findall(r'<tr class="gk-review-move[^"]*"([^>]*)>', g.review_out.value):
        out.append({k: html.unescape(v) for k, v in re.findall(r'data-([a-z-]+)="([^"]*)"', tr)})
    return out


def shown(widget) -> bool:
    return widget.layout.display != "none"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_review_appears_at_the_end_and_shows_the_searchs_numbers_for_every_move(game_id):
    g = view(game_id)
    assert not shown(g.review_panel) and "gk-review" in g.review_panel._dom_classes
    play_to_the_end(g)
    assert shown(g.review_panel) and shown(g.review_button) and "Ask for a review" in g.review_out.value
    g.review()
    r = g.last_review
    expected = review_game(g.rules, g.timeline, g.seat, seed=g.seed, iterations=ITER, time_ms=None)
    assert r.moves == expected.moves and r.costliest == expected.costliest and r.complete
    seen = rows(g)
    assert [row["played"] for row in seen] == [str(a) for s, a, _ in g.timeline.steps()
                                               if g.rules.current_player(s) == g.seat]
    for row, m in zip(seen, r.moves, strict=True):
        assert int(row["move"]) == m.number and int(row["index"]) == m.index
        assert row["best"] == str(m.best) and row["verdict"] == m.verdict
        assert float(row["loss"]) == pytest.approx(m.loss, abs=0.005)
        if not m.forced:
            assert float(row["played-margin"]) == pytest.approx(m.played_stats.margin, abs=1e-4)
            assert float(row["best-win"]) == pytest.approx(m.best_stats.win_rate, abs=1e-4)
    costly = re.findall(r'<tr class="gk-review-move gk-review-costly"[^>]*data-move="(\d+)"', g.review_out.value)
    assert [int(n) for n in costly] == sorted(m.number for m in r.costliest)
    # each of the three: its reason, its rule ids as links, a "Try again" button
    assert len(g.review_retries.children) == len(r.costliest)
    for box, m in zip(g.review_retries.children, r.costliest):
        reason, button = box.children
        assert f'data-move="{m.number}"' in reason.value and "gk-review-retry" in button._dom_classes
        for rid in m.reason.played_rules + m.reason.best_rules:
            assert f'class="gk-rule-link" data-rule="{rid}"' in reason.value
    # the finished game is on the panel (for a test to check the numbers against)
    data = re.search(r'data-timeline="([^"]*)"', g.review_out.value)[1]
    again = Timeline.from_dict(g.rules, json.loads(html.unescape(data)))
    assert again.history == g.timeline.history
    assert not shown(g.review_button)  # a complete review is not asked for twice


@pytest.mark.parametrize("game_id", GAMES)
def test_try_again_from_here_puts_that_position_on_the_board(game_id):
    g = view(game_id)
    play_to_the_end(g)
    history = g.timeline.history
    g.review()
    r = g.last_review
    m = r.costliest[0] if r.costliest else r.moves[-1]
    button = g.review_retries.children[0].children[1] if r.costliest else None
    if button is not None:
        button.click()
    else:
        assert g.retry(m.number)
    assert g.state == m.state and g.rules.current_player(g.state) == g.seat
    assert g.timeline.history == history[: m.index] and g.timeline.redo() is False  # the rest is gone
    assert g.board.state == m.state and g.board.locked is None
    assert f"Try again from your move {m.number}" in g.panel.value
    assert not shown(g.review_panel) and g.last_review is None
    # it plays on from there, and undo goes back through the moves before it
    if m.number > 1:
        assert g.undo() and g.rules.current_player(g.state) == g.seat and len(g.timeline.history) < m.index
    assert g.play(str(g.rules.legal_actions(g.state)[0]))


def test_review_before_the_end_and_a_bad_retry_are_messages():
    g = view("samurai_gardener")
    g.review()
    assert "nothing to review yet" in g.panel.value and g.last_review is None
    play_to_the_end(g)
    g.review()
    for bad in (0, 99, "1", None, True):
        assert not g.retry(bad)
        assert "numbered 1 to" in g.panel.value


def test_a_solo_game_has_no_review():
    g = view("tang_garden", players=1)
    play_to_the_end(g)
    assert not shown(g.review_panel)


def test_the_budget_comes_from_the_class_or_the_environment():
    assert review_budget({"GARDENKIT_REVIEW_ITERATIONS": "12"}) == (12, None)
    for bad in ("0", "x", "-3", ""):
        assert review_budget({"GARDENKIT_REVIEW_ITERATIONS": bad})[1] is not None


# ----- in a kernel: a thread, a progress bar, Stop; New game and Undo drop it ----------------------

def until(check, timeout=30.0):
    """The harness's :func:`harness.until` with this file's deadline."""
    return harness.until(check, timeout=timeout, step=0.02)


def finished_view(game_id="miyabi"):
    g = view(game_id, bot_delay=0.01)
    g.bot_delay = 0  # the game played at once; the review in its thread (wait=False)
    play_to_the_end(g)
    g.bot_delay = 0.01
    return g


@pytest.mark.parametrize("game_id", GAMES)
def test_in_a_kernel_the_review_runs_in_a_thread_with_progress(game_id):
    async def main():
        g = finished_view(game_id)
        g.review_iterations = 10
        g.review()
        assert g.reviewing and shown(g.review_progress) and shown(g.review_stop_button)
        assert not shown(g.review_button)
        await until(lambda: g.review_progress.value > 0)
        assert re.fullmatch(r"\d+ of \d+", g.review_progress.description)
        await until(lambda: not g.reviewing, timeout=180)  # a loaded 2-core machine: Tang Garden's playouts are slow
        assert not shown(g.review_progress) and not shown(g.review_stop_button)
        assert g.last_review is not None and g.last_review.complete and rows(g)

    asyncio.run(main())


def test_the_progress_bar_goes_only_after_the_whole_review_is_sent():
    """Each widget's change is its own message to the page: the progress bar is hidden last, so a
    page (or a learner) that sees it go has been sent the table and every "Try again" box."""
    async def main():
        g = finished_view("samurai_gardener")
        order = []
        g.review_out.observe(lambda ch: order.append("table"), "value")
        g.review_retries.observe(lambda ch: order.append(f"retries:{len(ch['new'])}"), "children")
        g.review_progress.layout.observe(lambda ch: order.append(f"progress:{ch['new']}"), "display")
        g.review()
        await until(lambda: not g.reviewing, timeout=180)
        hidden = len(order) - 1 - order[::-1].index("progress:none")
        assert g.last_review.costliest and order[hidden - 1] == f"retries:{len(g.last_review.costliest)}", order
        assert "table" in order[:hidden] and not order[hidden + 1:], order

    asyncio.run(main())


def test_stop_shows_the_moves_reviewed_so_far():
    async def main():
        g = finished_view("miyabi")
        g.review_iterations = 3000  # long, were it not stopped
        g.review()
        await until(lambda: g.review_progress.value > 0)
        start = time.perf_counter()
        g.review_stop_button.click()
        await until(lambda: not g.reviewing, timeout=10)
        assert time.perf_counter() - start < 10  # (3000 playouts a position would take minutes)
        r = g.last_review
        assert r is not None and r.stopped and 0 < len(r.moves) < r.total
        assert f"Stopped after {len(r.moves)} of your {r.total} moves" in g.review_out.value
        assert len(rows(g)) == len(r.moves) and shown(g.review_button)  # it may be asked for again

    asyncio.run(main())


@pytest.mark.parametrize("how", ["new game", "undo", "load"])
def test_new_game_undo_or_load_drops_a_review_in_progress(how):
    async def main():
        g = finished_view("samurai_gardener")
        g.review_iterations = 3000
        g.review()
        worker = g._review_worker
        if how == "new game":
            g.new_game(players=2, seed=11)
        elif how == "undo":
            assert g.undo()
        else:  # the same finished game loaded from its save: a new game shown, its review not asked for yet
            assert g.load_data(g.save_data())
        assert not g.reviewing and worker.stop.is_set()
        assert shown(g.review_panel) == (how == "load") and shown(g.review_button)
        # done: the callback that hands a finished review on (or drops it) has run on the loop
        await until(lambda: worker.done, timeout=5)
        assert g.last_review is None and not rows(g)
        if how == "load":  # the loaded game is over: the panel offers its review afresh
            assert "Ask for a review" in g.review_out.value
        else:
            assert g.review_out.value == ""

    asyncio.run(main())
