"""The post-game review (gardenkit.bots.review) for every registered game, without widgets: its moves
are exactly the learner's, in order; its numbers are the search's own for that position, seed and
budget; forced moves are listed but not searched; the move played is always evaluated; the three
costliest are the ones that gave up most, each explained with rule ids; stop and progress work;
bad input is a ValueError. And SearchBot's ``also=`` (the move kept to the last round) leaves the
search as it was when not used.
"""
from __future__ import annotations

import threading
from functools import lru_cache

import pytest

import gardenkit
from gardenkit.bots import GreedyBot, SearchBot
from gardenkit.bots.review import Review, review_bot, review_game
from gardenkit.core import Timeline

GAMES = gardenkit.available_games()
SEED, ITER = 3, 8  # a small budget: the same review every run, quickly


@lru_cache(maxsize=None)
def finished(game_id: str, seed: int = 5) -> Timeline:
    """A whole game of greedy bots (2 players), as a timeline."""
    rules = gardenkit.make(game_id)
    players = max(2, rules.info.min_players)
    t = Timeline(rules, rules.initial_state(players=players, seed=seed))
    bots = [GreedyBot(10 + i) for i in range(players)]
    while (p := rules.current_player(t.state)) is not None:
        t.step_chance() if p is gardenkit.CHANCE else t.play(bots[p].choose(rules, t.state))
    return t


@lru_cache(maxsize=None)
def reviewed(game_id: str, seat: int = 0) -> Review:
    return review_game(gardenkit.make(game_id), finished(game_id), seat, seed=SEED, iterations=ITER, time_ms=None)


def decisions(rules, t, seat):
    return [(i, s, a) for i, (s, a, _after) in enumerate(t.steps()) if rules.current_player(s) == seat]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_reviews_moves_are_exactly_the_learners_moves_in_order(game_id, seat):
    rules, t = gardenkit.make(game_id), finished(game_id)
    r = reviewed(game_id, seat)
    mine = decisions(rules, t, seat)
    assert r.seat == seat and r.total == len(mine) and r.complete and not r.stopped
    assert [(m.index, m.played) for m in r.moves] == [(i, a) for i, _s, a in mine]
    assert [m.number for m in r.moves] == list(range(1, len(mine) + 1))
    assert all(m.state is s for m, (_i, s, _a) in zip(r.moves, mine))
    # the other seat's moves are never in it
    assert all(rules.current_player(m.state) == seat for m in r.moves)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_moves_numbers_are_the_searchs_for_that_position_seed_and_budget(game_id):
    rules = gardenkit.make(game_id)
    r = reviewed(game_id)
    searched = [m for m in r.moves if not m.forced]
    assert searched, "a game with no decision to think about"
    for m in searched[:4] + [m for m in r.costliest if m not in searched[:4]]:
        result = review_bot(SEED, ITER, None).search(rules, m.state, also=m.played)
        by_action = {s.action: s for s in result.moves}
        assert m.best == result.action and m.iterations == result.iterations == ITER
        assert m.played_stats == by_action[m.played] and m.best_stats == by_action[m.best]
        assert m.played_stats.visits > 0  # the move played is always evaluated
        assert m.margin_loss == pytest.approx(m.best_stats.margin - m.played_stats.margin)
        assert m.loss == max(0.0, m.margin_loss)
        assert (m.played == m.best) == (m.played_stats is m.best_stats or m.played_stats == m.best_stats)
    # deterministic: the same seed and budget give the same review
    again = review_game(rules, finished(game_id), 0, seed=SEED, iterations=ITER, time_ms=None)
    assert again.moves == r.moves and again.costliest == r.costliest


@pytest.mark.parametrize("game_id", GAMES)
def test_forced_moves_are_listed_but_not_searched_and_never_among_the_costliest(game_id):
    rules = gardenkit.make(game_id)
    r = reviewed(game_id)
    for m in r.moves:
        forced = len(rules.legal_actions(m.state)) == 1
        assert m.forced == forced
        if forced:
            assert m.played_stats is None and m.best_stats is None and m.iterations == 0
            assert m.verdict == "forced" and m.loss == 0 and m.reason is None
        else:
            assert m.played_stats is not None and m.best_stats is not None
    assert not any(m.forced for m in r.costliest)


def test_tang_gardens_forced_steps_are_in_the_review():
    # a Tang Garden turn has steps with one choice: the game above has some, so "forced" is exercised
    assert any(m.forced for m in reviewed("tang_garden").moves)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_three_costliest_gave_up_most_and_say_why_with_rule_ids(game_id):
    rules = gardenkit.make(game_id)
    r = reviewed(game_id)
    costly = r.costliest
    assert len(costly) <= 3
    key = [(m.margin_loss, m.win_loss) for m in costly]
    assert key == sorted(key, reverse=True)
    assert all(m.loss > 0 and m.played != m.best for m in costly)
    losing = [m for m in r.moves if not m.forced and m.loss > 0 and m.played != m.best]
    assert len(costly) == min(3, len(losing))
    if costly:  # no move outside the three gave up more than the least of them
        least = min(key)
        assert all((m.margin_loss, m.win_loss) <= least for m in losing if m not in costly)
    numbers = {m.number for m in costly}
    for m in r.moves:
        assert (m.reason is not None) == (m.number in numbers)
    for m in costly:
        mine, best = rules.explain(m.state, m.played), rules.explain(m.state, m.best)
        why = m.reason
        assert (why.played_points, why.best_points, why.unit) == (mine.points, best.points, mine.unit)
        assert set(why.played_rules) <= set(mine.rules) | {line.rule for line in mine.lines}
        assert set(why.best_rules) <= set(best.rules) | {line.rule for line in best.lines}
        assert why.played_rules or why.best_rules
        assert all(rid in rules.info.rules for rid in why.played_rules + why.best_rules)
        for rid in why.played_rules + why.best_rules:
            assert rid in why.text
        assert str(m.played) in why.text and str(m.best) in why.text
        assert f"margin {m.best_stats.margin:+.1f}" in why.text and f"margin {m.played_stats.margin:+.1f}" in why.text


def test_verdicts_follow_the_loss():
    r = reviewed("miyabi")
    for m in r.moves:
        if m.forced:
            continue
        if m.played == m.best:
            assert m.verdict == "best"
        elif m.verdict == "good":
            assert 0 <= m.loss < 1
        elif m.verdict == "inaccuracy":
            assert 1 <= m.loss < 3
        elif m.verdict == "mistake":
            assert m.loss >= 3
        else:
            assert m.verdict == "best" and m.margin_loss <= 0 and m.win_loss <= 0


@pytest.mark.parametrize("game_id", ["samurai_gardener", "miyabi"])
def test_progress_is_told_after_every_position_and_stop_keeps_what_was_reviewed(game_id):
    rules, t = gardenkit.make(game_id), finished(game_id)
    seen = []
    full = review_game(rules, t, 0, seed=SEED, iterations=ITER, time_ms=None, progress=lambda d, n: seen.append((d, n)))
    assert seen == [(k, full.total) for k in range(1, full.total + 1)]
    # a stop after two positions: those two, as the full review has them, and no more
    stop = threading.Event()

    def progress(done, _total):
        if done == 2:
            stop.set()

    part = review_game(rules, t, 0, seed=SEED, iterations=ITER, time_ms=None, stop=stop, progress=progress)
    assert part.stopped and not part.complete and part.total == full.total
    assert [m.played for m in part.moves] == [m.played for m in full.moves[:2]]
    assert [m.played_stats for m in part.moves] == [m.played_stats for m in full.moves[:2]]
    # stopped before it starts: nothing reviewed
    stop = threading.Event()
    stop.set()
    none = review_game(rules, t, 0, seed=SEED, iterations=ITER, time_ms=None, stop=stop)
    assert none.stopped and none.moves == () and none.costliest == ()


def test_a_stop_during_a_long_search_ends_the_review_soon():
    import time
    rules, t = gardenkit.make("miyabi"), finished("miyabi")
    stop = threading.Event()
    threading.Timer(0.3, stop.set).start()
    start = time.perf_counter()
    r = review_game(rules, t, 0, seed=SEED, iterations=100_000, time_ms=None, stop=stop)
    assert time.perf_counter() - start < 10 and r.stopped  # not the hours 100 000 playouts a position would take
    assert all(m.forced or m.iterations == 100_000 for m in r.moves)  # a search cut short is not kept


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_input_is_refused_with_a_clear_valueerror(game_id):
    rules, t = gardenkit.make(game_id), finished(game_id)
    unfinished = Timeline(rules, t.initial, list(t.history[: len(t.history) // 2]))
    with pytest.raises(ValueError, match="finished"):
        review_game(rules, unfinished, 0, iterations=4, time_ms=None)
    for seat in (-1, t.state.players, True, "0", None):
        with pytest.raises(ValueError, match="seat"):
            review_game(rules, t, seat, iterations=4, time_ms=None)
    with pytest.raises(ValueError, match="Timeline"):
        review_game(rules, {"initial": 1}, 0)
    other = "miyabi" if game_id != "miyabi" else "tanuki"
    with pytest.raises(ValueError, match="of the game"):
        review_game(rules, finished(other), 0)
    with pytest.raises(ValueError):
        review_game(rules, t, 0, seed=-1)
    with pytest.raises(ValueError, match="iterations"):
        review_game(rules, t, 0, iterations=0)
    with pytest.raises(ValueError, match="time_ms"):
        review_game(rules, t, 0, time_ms=-5)
    with pytest.raises(ValueError):  # a pair whose moves cannot be played
        review_game(rules, (t.initial, ["not a move"]), 0)
    # the pair form is the same game
    pair = review_game(rules, (t.initial, list(t.history)), 0, seed=SEED, iterations=ITER, time_ms=None)
    assert pair.moves == reviewed(game_id).moves


# ----- SearchBot(also=...) --------------------------------------------------------------------

def first_decision(game_id):
    rules = gardenkit.make(game_id)
    t = finished(game_id)
    for s, _a, _b in t.steps():
        if rules.current_player(s) == 0 and len(rules.legal_actions(s)) > 6:
            return rules, s
    raise AssertionError("no position with choice")


@pytest.mark.parametrize("game_id", GAMES)
def test_also_keeps_the_move_asked_about_and_leaves_the_default_search_alone(game_id):
    rules, s = first_decision(game_id)
    plain = SearchBot(seed=2, iterations=24).search(rules, s)
    again = SearchBot(seed=2, iterations=24).search(rules, s, also=None)
    assert (again.moves, again.action, again.iterations) == (plain.moves, plain.action, plain.iterations)
    # the greedy move is always kept anyway: asking for it changes nothing
    with_greedy = SearchBot(seed=2, iterations=24).search(rules, s, also=plain.greedy)
    assert with_greedy.moves == plain.moves and with_greedy.action == plain.action
    # the move ranked last by points now (never a candidate of so small a budget) gets its playouts
    last = rules.legal_actions(s)
    tried = {m.action for m in plain.moves}
    outsider = next((a for a in reversed(last) if a not in tried), None)
    if outsider is not None:
        r = SearchBot(seed=2, iterations=24).search(rules, s, also=outsider)
        stats = {m.action: m for m in r.moves}
        assert outsider in stats and stats[outsider].visits > 0
        # by notation too
        assert SearchBot(seed=2, iterations=24).search(rules, s, also=str(outsider)).moves == r.moves
    # even a budget smaller than the candidates plays it
    tiny = SearchBot(seed=2, iterations=1).search(rules, s, also=last[-1])
    assert any(m.action == last[-1] and m.visits > 0 for m in tiny.moves)


def test_also_refuses_a_move_that_is_not_legal_there():
    rules, s = first_decision("samurai_gardener")
    with pytest.raises(ValueError):
        SearchBot(seed=2, iterations=8).search(rules, s, also="no such move")
    with pytest.raises(ValueError, match="not a legal move"):
        SearchBot(seed=2, iterations=8).search(rules, s, also=object())
