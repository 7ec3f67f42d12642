"""Where Python cannot start a thread (Pyodide: the static site, ``sys.platform == "emscripten"``),
the hint, the search bots, the post-game review and the strategy lab run in slices on the event
loop (:class:`gardenkit.widgets.controls.SliceWorker`), with the same progress, Stop and
cancelling as the worker thread, and the loop answers between two slices.

Simulated here: ``threads_available()`` answers False and starting a thread raises, as Pyodide's
"can't start new thread" does."""
from __future__ import annotations

import asyncio
import threading
import time

import harness
import pytest

import gardenkit
from gardenkit.widgets import controls

pytest.importorskip("ipywidgets")


@pytest.fixture(autouse=True)
def no_threads(monkeypatch):
    monkeypatch.setattr(controls, "threads_available", lambda: False)

    def refuse(self):
        raise RuntimeError("can't start new thread")
    monkeypatch.setattr(threading.Thread, "start", refuse)


def view(game_id="samurai_gardener", bot_delay=0.01, **kwargs):
    g = gardenkit.entry(game_id).game_view_class()(bot_delay=bot_delay, **kwargs)
    g.hint_ms, g.hint_iterations = None, 30
    return g


def my_move(g):
    return str(g.rules.legal_actions(g.state)[0])


def until(check, timeout=30.0):
    """The harness's :func:`harness.until` with this file's deadline."""
    return harness.until(check, timeout=timeout, step=0.01)


def test_the_platform_check_is_pyodides(monkeypatch):
    monkeypatch.undo()
    import sys
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert controls.threads_available() is False
    monkeypatch.setattr(sys, "platform", "linux")
    assert controls.threads_available() is True


@pytest.mark.parametrize("game_id", gardenkit.available_games())
def test_the_hint_thinks_on_the_loop_and_then_shows(game_id):
    async def main():
        g = view(game_id)
        g.hint()
        worker = g._hint_worker
        assert isinstance(worker, controls.SliceWorker) and worker.thread is None
        assert g.hint_progress.layout.visibility == "visible" and "Thinking" in g.panel.value
        assert g.last_hint is None  # not yet: the search starts once this callback has returned
        await until(lambda: not g.hint_thinking)
        assert g.last_hint is not None and g.board.marked == g.last_hint.moves[0].notation
        assert g.hint_progress.layout.visibility == "hidden"

    asyncio.run(main())


def test_a_move_undo_or_new_game_while_the_hint_waits_drops_it():
    async def main():
        g = view()
        g.hint()
        worker = g._hint_worker
        assert g.play(my_move(g)) and not g.hint_thinking
        assert worker.done and worker.cancelled and worker.stop.is_set()
        await asyncio.sleep(0.05)
        assert g.last_hint is None and "gk-hint-text" not in g.panel.value
        g2 = view()
        g2.hint()
        w2 = g2._hint_worker
        g2.new_game(players=2, seed=11)
        await asyncio.sleep(0.05)
        assert w2.done and g2.last_hint is None and "gk-hint-text" not in g2.panel.value

    asyncio.run(main())


def test_a_failed_search_is_a_message():
    async def main():
        g = view()
        g.hint_iterations = 0
        g.hint()
        await until(lambda: not g.hint_thinking)
        assert "no hint this time" in g.panel.value

    asyncio.run(main())


def test_a_search_bot_moves_on_the_loop_and_undo_cancels_it():
    async def main():
        g = view(opponents="search-easy")
        for b in g.bots.values():
            b.iterations, b.time_ms = 20, None
        started = []
        real = controls.start_worker

        def held(*a, **k):  # its first slice held back 0.3 s, so the test sees it thinking
            w = real(*a, **k)
            w._next.cancel()
            w._next = asyncio.get_running_loop().call_later(0.3, w._slice)
            started.append(w)
            return w
        controls.start_worker = held
        try:
            assert g.play(my_move(g))
            await until(lambda: started)
        finally:
            controls.start_worker = real
        worker = started[0]
        assert isinstance(worker, controls.SliceWorker) and g._handle is worker and not worker.done
        assert g.board.locked
        assert g.undo() and not g.thinking and worker.stop.is_set() and worker.done
        start = g.state
        await asyncio.sleep(0.1)
        assert g.state is start  # the cancelled bot's move was never played
        assert g.play(my_move(g))
        await until(lambda: g.rules.current_player(g.state) in (g.seat, None) and not g.thinking)
        assert "search-easy bot" in g.moves.value

    asyncio.run(main())


def test_a_whole_game_against_search_bots_plays_on_the_loop():
    async def main():
        g = view("miyabi", opponents="search-easy", players=2)
        for b in g.bots.values():
            b.iterations, b.time_ms = 8, None
        while g.rules.current_player(g.state) is not None:
            await until(lambda: not g.thinking)
            if g.rules.current_player(g.state) is None:
                break
            assert g.play(my_move(g))
        assert g.rules.is_terminal(g.state)

    asyncio.run(main())


def finished_view(game_id="miyabi"):
    g = view(game_id, players=2)
    g.review_iterations, g.review_ms = 6, None
    g.bot_delay = 0
    while g.rules.current_player(g.state) is not None:
        assert g.play(str(g.rules.legal_actions(g.state)[-1]))
    g.bot_delay = 0.01
    return g


def test_the_review_runs_a_position_a_slice_with_progress_and_the_loop_answers_between():
    async def main():
        g = finished_view()
        g.review()
        worker = g._review_worker
        assert isinstance(worker, controls.SliceWorker)
        ticks = []

        async def ticker():
            while g.reviewing:
                ticks.append(g.review_progress.value)
                await asyncio.sleep(0)
        task = asyncio.ensure_future(ticker())
        await until(lambda: not g.reviewing, timeout=120)
        await task
        assert worker.slices > 1  # more than one slice: the loop had its turns in between
        assert len(ticks) > 1 and any(0 < v < 100 for v in ticks)
        r = g.last_review
        from gardenkit.bots.review import review_game
        expected = review_game(g.rules, g.timeline, g.seat, seed=g.seed, iterations=6, time_ms=None)
        assert r.complete and r.moves == expected.moves  # the same review as in one go

    asyncio.run(main())


def test_stop_ends_the_review_between_two_positions():
    async def main():
        g = finished_view()
        g.review_iterations = 200
        g.review()
        await until(lambda: g.review_progress.value > 0)
        g.review_stop_button.click()
        await until(lambda: not g.reviewing, timeout=20)
        r = g.last_review
        assert r is not None and r.stopped and 0 < len(r.moves) < r.total
        assert f"Stopped after {len(r.moves)} of your {r.total} moves" in g.review_out.value

    asyncio.run(main())


def test_new_game_drops_a_review_in_progress():
    async def main():
        g = finished_view()
        g.review_iterations = 200
        g.review()
        worker = g._review_worker
        await until(lambda: g.review_progress.value > 0)
        g.new_game(players=2, seed=11)
        assert not g.reviewing and worker.stop.is_set()
        await until(lambda: worker.done, timeout=5)
        assert g.last_review is None

    asyncio.run(main())


def test_the_lab_plays_a_game_a_step_and_stop_stops():
    async def main():
        from gardenkit.widgets.lab import StrategyLab

        w = StrategyLab(game="samurai_gardener", games=5000)
        w.run()
        assert isinstance(w._worker, controls.SliceWorker)
        assert w.running and w.run_button.disabled and not w.stop_button.disabled
        ticks = 0
        while w.progress.value < 3:  # the loop answers while the games are played
            await asyncio.sleep(0)
            ticks += 1
        assert ticks >= 2 and w._worker.slices >= 2
        w.stop()
        await until(lambda: not w.running, timeout=10)
        assert "(stopped)" in w.status.value
        assert 0 < w.summary.games < 5000 and w.summary.games == len(w.records)
        assert not w.run_button.disabled and w.stop_button.disabled

    asyncio.run(main())


def test_a_plain_function_is_one_slice_and_a_generator_many():
    async def main():
        loop = asyncio.get_running_loop()
        got = []
        w = controls.SliceWorker(loop, lambda: 41 + 1, got.append, got.append)
        await until(lambda: w.done)
        assert got == [42] and w.slices == 1

        def steps():
            for _ in range(5):
                time.sleep(0.02)
                yield
            return "ok"
        w = controls.SliceWorker(loop, steps, got.append, got.append)
        w.slice_ms = 30
        await until(lambda: w.done)
        assert got[-1] == "ok" and w.slices >= 3

        def boom():
            yield
            raise ValueError("bad")
        errors = []
        w = controls.SliceWorker(loop, boom, got.append, errors.append)
        await until(lambda: w.done)
        assert [str(e) for e in errors] == ["bad"]

    asyncio.run(main())


def test_on_pyodide_a_widgets_none_reaches_the_page(monkeypatch):
    """The Pyodide kernel turns None into undefined (dropped); keep_nulls sends JSON's null."""
    import json
    import types

    from gardenkit.widgets._pyodide import keep_nulls

    sent = []
    shell = types.SimpleNamespace(send_comm=lambda *a: sent.append(a))
    fake_js = types.SimpleNamespace(JSON=types.SimpleNamespace(parse=lambda text: ("JS", json.loads(text))))
    monkeypatch.setattr("sys.platform", "emscripten")
    assert keep_nulls(shell, fake_js) and not keep_nulls(shell, fake_js)  # once
    shell.send_comm("comm_msg", {"data": {"state": {"display": None}}}, {}, "jupyter.widget", [b"x"])
    msg_type, content, metadata, ident, buffers = sent[0]
    assert content == ("JS", {"data": {"state": {"display": None}}}) and buffers == [b"x"]


def test_without_the_clocks_pyodide_lacks_the_widgets_import_and_a_cpu_budget_is_kept():
    """Pyodide's ``time`` has no per-thread clock (``thread_time``): the widgets import (a search
    bot counting its budget in CPU time among them) and such a budget is kept. A fresh process, as
    the static page's kernel imports gardenkit from nothing."""
    import subprocess
    import sys

    code = """
import time
del time.thread_time, time.thread_time_ns
import gardenkit, gardenkit.widgets
from gardenkit.bots import SearchBot
rules = gardenkit.make("miyabi")
s = rules.initial_state(players=2, seed=3)
while rules.current_player(s) is gardenkit.CHANCE:
    s = rules.step_chance(s)
t0 = time.process_time()
result = SearchBot(seed=1, iterations=None, time_ms=150, clock="cpu").search(rules, s)
spent = time.process_time() - t0
assert result.iterations > 0 and spent < 5, (result.iterations, spent)
print("ok", result.iterations)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("ok"), done.stderr[-2000:]
