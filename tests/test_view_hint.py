"""The game views' hint (the search bot's move and the next two, explained) and the bots'
difficulty choice, for every registered game, without a browser.

Without an event loop ``hint()`` answers at once; inside one (a kernel, here ``asyncio.run``) with
``bot_delay > 0`` it thinks in a worker thread with a progress bar while the board stays
clickable, and a move, Undo or New game in the meantime drops it.
"""
from __future__ import annotations

import asyncio
import html
import re
import time

import harness
import pytest

import gardenkit
from gardenkit.bots import SEARCH_LEVELS, GreedyBot, RandomBot, SearchBot

pytest.importorskip("ipywidgets")

GAMES = gardenkit.available_games()


def view(game_id, bot_delay=0.0, **kwargs):
    g = gardenkit.entry(game_id).game_view_class()(bot_delay=bot_delay, **kwargs)
    g.hint_ms, g.hint_iterations = None, 30  # the same hint every run, quickly
    return g


def my_move(g):
    """A legal move for the seat at the keyboard (the first, as notation)."""
    assert g.rules.current_player(g.state) == g.seat
    return str(g.rules.legal_actions(g.state)[0])


def hinted(g) -> list[str]:
    """The moves the panel shows as the hint's, in order."""
    return [html.unescape(a) for a in re.findall(r'class="gk-hint-move" data-action="([^"]*)"', g.panel.value)]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_shows_the_searchs_move_and_the_next_two_with_their_numbers_and_rules(game_id):
    g = view(game_id)
    g.hint()
    h = g.last_hint
    assert h is not None and h.iterations == 30
    legal = {str(a) for a in g.rules.legal_actions(g.state)}
    assert len(h.moves) == min(3, len(legal))
    assert hinted(g) == [m.notation for m in h.moves] and set(hinted(g)) <= legal
    assert g.board.marked == h.moves[0].notation  # the suggestion is ringed on the board
    text = html.unescape(g.panel.value)
    for m in h.moves:  # the search's findings in words beside each move; its numbers stay on the hint
        assert m.outlook and m.outlook in text
        assert m.points == g.rules.explain(g.state, m.action).points
        for rule in m.rules:
            assert rule in text and rule in g.rules.info.rules
    assert h.text in text
    # words a learner reads aloud: no per cents of playouts, no decimals like "-15.5"
    shown = re.sub(r"<[^>]*>", " ", text)
    assert "%" not in shown and "playout" not in shown and "margin" not in shown
    assert not re.search(r"(?<![\w@/])[-+]?\d+\.\d", shown), shown
    # a screen reader hears the move, what it scores now and the verdict in the same words
    assert g.announcer.said[-1].startswith(f"Hint: play {h.moves[0].notation}, {h.moves[0].now}. {h.summary}")
    # the same position, seed and budget: the same hint
    g2 = view(game_id)
    g2.hint()
    assert [m.notation for m in g2.last_hint.moves] == [m.notation for m in h.moves]
    # the ringed move plays, and the hint is forgotten once played
    assert g.play(g.board.marked)
    assert g.last_hint is None


@pytest.mark.parametrize("game_id", GAMES)
def test_no_hint_when_it_is_not_your_turn(game_id):
    g = view(game_id)
    while g.rules.current_player(g.state) is not None:
        g.play(my_move(g))
    g.hint()
    assert "nothing to hint" in g.panel.value and g.last_hint is None


def run_in_loop(coro_fn):
    """Run ``coro_fn()`` in a fresh event loop (what a kernel gives a widget callback)."""
    return asyncio.run(coro_fn())


def until(check, timeout=20.0):
    """The harness's :func:`harness.until` with this file's deadline."""
    return harness.until(check, timeout=timeout, step=0.02)


@pytest.mark.parametrize("game_id", GAMES)
def test_in_a_kernel_the_hint_thinks_in_a_thread_with_progress_and_then_shows(game_id):
    async def main():
        g = view(game_id, bot_delay=0.01)
        g.hint_ms, g.hint_iterations = 400, None
        g.hint()
        assert g.hint_thinking and g.hint_progress.layout.visibility == "visible"
        assert "Thinking" in g.panel.value and g.board.locked is None  # the board still takes clicks
        seen = []  # every value the bar showed while the hint was thinking
        g.hint_progress.observe(lambda change: g.hint_thinking and seen.append(change["new"]), "value")
        bar_at_hint = []  # the bar's visibility when the hint reached the panel
        g.panel.observe(lambda change: "gk-hint-text" in change["new"]
                        and bar_at_hint.append(g.hint_progress.layout.visibility), "value")
        await until(lambda: not g.hint_thinking)
        assert any(0 < v <= 95 for v in seen), seen  # the bar moved while it thought, short of done
        assert g.hint_progress.layout.visibility == "hidden"
        # gone before the hint showed: a page that sees the hint sees no bar (the messages go in order)
        assert bar_at_hint == ["hidden"], bar_at_hint
        assert g.last_hint is not None and hinted(g) == [m.notation for m in g.last_hint.moves]
        assert g.board.marked == g.last_hint.moves[0].notation

    run_in_loop(main)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_played_while_the_hint_thinks_drops_it(game_id):
    async def main():
        g = view(game_id, bot_delay=0.01)
        g.hint_ms, g.hint_iterations = 300, None
        before = g.state
        g.hint()
        worker = g._hint_worker
        assert g.play(my_move(g))  # the click is played at once, while the search runs
        assert g.state is not before and not g.hint_thinking
        await until(lambda: worker.done)  # set by the callback that hands the answer on (or drops it)
        assert g.last_hint is None and "gk-hint-text" not in g.panel.value
        assert g.hint_progress.layout.visibility == "hidden"

    run_in_loop(main)


def test_a_dropped_hint_stops_its_search_instead_of_thinking_on():
    async def main():
        g = view("miyabi", bot_delay=0.01)
        g.hint_ms, g.hint_iterations = 5000, None  # a long think, were it not stopped
        g.hint()
        worker = g._hint_worker
        await until(lambda: g.hint_progress.value > 0)  # it has been thinking for a while
        assert worker.thread.is_alive()
        start = time.perf_counter()
        assert g.play(my_move(g))
        # dropped, but its search has not stopped yet: the bar says so until it has (so a page that
        # sees the bar gone knows no hint can still come)
        assert not g.hint_thinking and g.hint_progress.layout.visibility == "visible"
        await until(lambda: not worker.thread.is_alive(), timeout=4.0)
        assert time.perf_counter() - start < 1.5 and worker.stop.is_set()
        await until(lambda: worker.done)  # its answer reached the loop, and was dropped
        assert g.last_hint is None and "gk-hint-text" not in g.panel.value
        assert g.hint_progress.layout.visibility == "hidden"

    run_in_loop(main)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_game_or_undo_while_the_hint_thinks_drops_it(game_id):
    async def main():
        g = view(game_id, bot_delay=0.01)
        g.hint_ms, g.hint_iterations = 300, None
        g.hint()
        worker = g._hint_worker
        g.new_game(players=g.rules.info.min_players, seed=11)
        assert not g.hint_thinking
        await until(lambda: worker.done)  # set by the callback that hands the answer on (or drops it)
        assert g.last_hint is None and "gk-hint-text" not in g.panel.value
        g.hint()
        worker = g._hint_worker
        g.undo()
        await until(lambda: worker.done)  # set by the callback that hands the answer on (or drops it)
        assert g.last_hint is None and "gk-hint-text" not in g.panel.value

    run_in_loop(main)


def test_a_failed_search_is_a_message_not_a_traceback():
    async def main():
        g = view("samurai_gardener", bot_delay=0.01)
        g.hint_iterations = 0  # the search refuses a zero budget, in its thread
        g.hint()
        await until(lambda: not g.hint_thinking)
        assert "no hint this time" in g.panel.value and "iterations" in g.panel.value

    run_in_loop(main)


# ----- the difficulty choice ------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_the_difficulty_choice_offers_random_greedy_and_the_search_levels(game_id):
    g = view(game_id)
    kinds = [name for _label, name in g.opp_in.options]
    assert kinds == ["random", "greedy", *SEARCH_LEVELS]
    assert g.opp_in.value == "greedy"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", ["random", "greedy", "search-easy", "search-strong"])
def test_the_chosen_bots_play_the_game(game_id, kind):
    g = view(game_id)
    g.opp_in.value = kind
    g.new_game_from_controls()
    assert g.opponents == kind and f"against {kind} bots" in g.panel.value
    expected = {"random": RandomBot, "greedy": GreedyBot}.get(kind, SearchBot)
    assert g.bots and all(type(b) is expected for b in g.bots.values())
    if expected is SearchBot:
        for b in g.bots.values():
            assert (b.iterations, b.time_ms) == (SEARCH_LEVELS[kind]["iterations"], SEARCH_LEVELS[kind]["time_ms"])
            b.iterations, b.time_ms = 12, None  # a quick test: the same bots, a smaller budget
    seen = {}
    for b in g.bots.values():  # every bot's choice is what the game then plays
        original = b.choose

        def spy(rules, state, _original=original, _b=b):
            a = _original(rules, state)
            seen.setdefault(id(_b), []).append((state, a))
            return a
        b.choose = spy
    for _ in range(2):
        if g.rules.current_player(g.state) is None:
            break
        g.play(my_move(g))
    assert seen, "no bot moved"
    states = g.timeline.states()
    for moves in seen.values():
        for state, action in moves:
            i = next(k for k, s in enumerate(states) if s is state)
            assert g.rules.apply(state, action) == states[i + 1]
    assert f"{kind} bot" in g.moves.value


def test_an_unknown_difficulty_is_a_message_and_the_game_goes_on():
    g = view("miyabi")
    before = g.state
    g.new_game(opponents="search-impossible")
    assert "search-impossible" in g.panel.value and "Sorry" in g.panel.value and g.state is before


def test_in_a_kernel_a_search_bot_thinks_in_a_thread_and_undo_cancels_it():
    async def main():
        g = view("samurai_gardener", bot_delay=0.01, opponents="search-easy")
        for b in g.bots.values():
            b.iterations, b.time_ms = None, 300
        assert g.play(my_move(g))
        await until(lambda: g.thinking and g._handle.__class__.__name__ == "Worker")
        worker = g._handle
        assert g.board.locked  # a bot's turn: clicks are politely refused
        assert g.undo() and not g.thinking and worker.stop.is_set()  # the bot's search is told to stop
        start = g.state
        await until(lambda: worker.done)  # set by the callback that hands the answer on (or drops it)
        assert g.state is start  # the cancelled bot's move was never played
        assert g.play(my_move(g))
        await until(lambda: g.rules.current_player(g.state) in (g.seat, None) and not g.thinking)
        assert "search-easy bot" in g.moves.value

    run_in_loop(main)


def marked_actions(svg: str) -> set[str]:
    """The ``data-action`` of every element drawn ringed (class ``gk-marked``)."""
    out = set()
    for tag in re.findall(r"<[a-z]+ [^>]*>", svg):
        cls, act = re.search(r'class="([^"]*)"', tag), re.search(r'data-action="([^"]*)"', tag)
        if cls and act and "gk-marked" in cls.group(1).split():
            out.add(html.unescape(act.group(1)))
    return out


@pytest.mark.parametrize("game_id", ["tang_garden"])
def test_the_board_rings_whatever_move_a_hint_suggests(game_id):
    """Every legal move at each of your decisions through a game (a build, a kept card, a placed or
    moved character, a landscape tile, a token, a button): marked, it is drawn ringed on the board."""
    g = view(game_id)
    seen = set()
    for _ in range(60):
        if g.rules.current_player(g.state) is None:
            break
        legal = [str(a) for a in g.rules.legal_actions(g.state)]
        for a in legal[:: max(1, len(legal) // 8)]:
            g.board.mark(a)
            assert a in marked_actions(g.board.render()), (g.rules.decision(g.state), a)
            seen.add(g.rules.decision(g.state))
        g.board.mark(None)
        assert g.play(legal[0])
    assert {"main", "after", "keep"} <= seen, seen
