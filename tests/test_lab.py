"""The strategy lab: the headless simulation (gardenkit.bots.lab) and its thin widget."""
from __future__ import annotations

import asyncio
import math
import time

import pytest

import gardenkit
from gardenkit.bots import play_game, make_bot
from gardenkit.bots.lab import GameRecord, Setup, compare, histogram, play_one, simulate, summarize


# ----- Setup: clear errors -----------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, words", [
    (dict(game="chess", players=2), "unknown game"),
    (dict(game="miyabi", players=9), "2 to 4 players"),
    (dict(game="miyabi", players=True), "players"),
    (dict(game="miyabi", players=2, bots=("greedy",)), "one bot per seat"),
    (dict(game="miyabi", players=2, bots="genius"), "unknown bot"),
    (dict(game="miyabi", players=2, options={"dragons": True}), "unknown option"),
    (dict(game="miyabi", players=2, options=["zen"]), "options must be a dict"),
])
def test_a_setup_that_cannot_be_played_is_a_clear_value_error(kwargs, words):
    with pytest.raises(ValueError, match=words):
        Setup(**kwargs)


def test_one_bot_kind_fills_every_seat():
    assert Setup("karesansui", 4, "random").bots == ("random",) * 4


# ----- simulate: seeded, the bots as said -----------------------------------------------------------
def test_a_game_is_the_same_game_as_play_game_with_the_same_seeds():
    setup = Setup("samurai_gardener", 3, ("greedy", "random", "greedy"))
    rec = play_one(setup, seed=5, index=0)
    rules = gardenkit.make("samurai_gardener")
    bots = [make_bot(k, 5 * 131 + 17 * p + 1) for p, k in enumerate(setup.bots)]
    final = play_game(rules, rules.initial_state(players=3, seed=5), bots)
    assert rec.scores == rules.outcome(final).scores and rec.winners == rules.outcome(final).winners
    assert rec.bots == setup.bots and rec.seed == 5 and rec.moves > 0


def test_a_run_is_seeded_and_each_game_has_its_own_seed():
    setup = Setup("miyabi", 2, ("greedy", "random"))
    a, b = list(simulate(setup, 5, seed=3)), list(simulate(setup, 5, seed=3))
    assert a == b and [r.seed for r in a] == [3, 4, 5, 6, 7]
    assert list(simulate(setup, 5, seed=4))[:4] == a[1:]  # game i is seed + i, whatever the start


def test_rotating_seats_moves_the_bots_one_seat_per_game():
    setup = Setup("karesansui", 3, ("random", "greedy", "greedy"), rotate=True)
    assert [r.bots for r in simulate(setup, 3)] == [("random", "greedy", "greedy"), ("greedy", "random", "greedy"),
                                                   ("greedy", "greedy", "random")]
    fixed = Setup("karesansui", 3, ("random", "greedy", "greedy"))
    assert {r.bots for r in simulate(fixed, 3)} == {("random", "greedy", "greedy")}


def test_games_must_be_a_whole_number():
    with pytest.raises(ValueError, match="games"):
        list(simulate(Setup("miyabi", 2), -1))


# ----- summarize ------------------------------------------------------------------------------------
def test_summary_counts_shared_wins_as_shares_by_seat_and_by_bot():
    records = [GameRecord(0, ("a", "b"), (5, 3), (0,), 10), GameRecord(1, ("b", "a"), (4, 4), (0, 1), 12),
               GameRecord(2, ("a", "b"), (1, 7), (1,), 14)]
    s = summarize(records)
    assert s.games == 3 and s.seat_win_rate == (0.5, 0.5)
    assert s.bot_win_rate == {"a": 1.5 / 3, "b": 1.5 / 3} and s.bot_games == {"a": 3, "b": 3}
    assert s.seat_mean == (10 / 3, 14 / 3) and s.scores == ((5, 4, 1), (3, 4, 7))
    assert s.lengths == (10, 12, 14) and s.mean_length == 12
    assert s.winning_score == (5 + 4 + 7) / 3
    assert s.seat_advantage == 0.0
    lo, hi = s.seat_ci[0]
    assert lo < 0.5 < hi


def test_summary_refuses_nothing_and_mixed_player_counts():
    with pytest.raises(ValueError, match="no games"):
        summarize([])
    with pytest.raises(ValueError, match="player counts"):
        summarize([GameRecord(0, ("a", "b"), (1, 2), (1,), 1), GameRecord(0, ("a", "b", "c"), (1, 2, 3), (2,), 1)])


def test_greedy_beats_random_and_win_shares_sum_to_one():
    s = summarize(simulate(Setup("samurai_gardener", 2, ("greedy", "random"), rotate=True), 20))
    assert abs(sum(s.seat_win_rate) - 1) < 1e-9
    assert s.bot_win_rate["greedy"] > s.bot_win_rate["random"]


def test_compare_runs_both_sides_on_the_same_seeds():
    a, b = compare(Setup("miyabi", 2), Setup("miyabi", 2, options={"zen": True}), 3, seed=2)
    assert a.games == b.games == 3 and a != b
    same, again = compare(Setup("miyabi", 2), Setup("miyabi", 2), 3, seed=2)
    assert same == again == a


def test_histogram_bins_whole_numbers():
    assert histogram([]) == ([], [])
    edges, counts = histogram(range(100), bins=10)
    assert edges == [float(10 * i) for i in range(10)] and counts == [10] * 10
    assert sum(histogram([3, 8, 8, 21], bins=5)[1]) == 4


# ----- the widget ------------------------------------------------------------------------------------
pytest.importorskip("ipywidgets")


def lab(**kwargs):
    from gardenkit.widgets.lab import StrategyLab

    return StrategyLab(**kwargs)


def test_the_lab_runs_the_setup_its_controls_say_and_charts_it():
    w = lab(game="karesansui", players=4, first="random", others="greedy", games=6, seed=3)
    w.run(wait=True)
    expected = summarize(simulate(Setup("karesansui", 4, ("random", "greedy", "greedy", "greedy")), 6, seed=3))
    assert w.summary == expected
    data = w.chart_data()
    assert data["seats"] == list(expected.seat_win_rate)
    assert sum(data["scores"][1]) == 6 * 4 and sum(data["lengths"][1]) == 6 and data["effect"] is None
    assert "6 games of Karesansui" in w.status.value and "demerits" in w.table.value
    assert w.progress.value == 6 and not w.running


def test_a_runs_status_says_done_only_after_its_table_shows_it():
    """Each widget's change is its own message to the page: the status goes last, so a page (or a
    learner) that reads "6 games of …" reads that run's table too."""
    w = lab(game="samurai_gardener", games=4, seed=1)
    order = []
    w.table.observe(lambda ch: order.append("table"), "value")
    w.status.observe(lambda ch: order.append("status:" + ch["new"]), "value")
    w.run(wait=True)
    done = next(i for i, what in enumerate(order) if "4 games of Samurai Gardener" in what)
    assert "table" in order[:done] and "table" not in order[done:], order


def test_the_game_choice_sets_its_player_counts_options_and_comparisons():
    w = lab(game="samurai_gardener")
    w.game_in.value = "miyabi"
    assert list(w.players_in.options) == [2, 3, 4] and set(w.option_inputs) >= {"zen", "frog"}
    assert ("players: 2 vs 4", "players") in w.compare_in.options
    assert any(v == "zen" for _l, v in w.compare_in.options)


def test_tang_garden_in_the_lab_starts_at_two_players_and_compares_two_with_four():
    w = lab(game="samurai_gardener")
    w.game_in.value = "tang_garden"
    assert list(w.players_in.options) == [1, 2, 3, 4] and w.players_in.value == 2  # its solo game stays on offer
    assert ("players: 2 vs 4", "players") in w.compare_in.options
    assert not any("1 vs" in label for label, _v in w.compare_in.options)


def test_the_lab_runs_tang_garden_and_its_solo_game():
    w = lab(game="tang_garden", first="greedy", others="random", games=2, seed=1)
    w.run(wait=True)
    expected = summarize(simulate(Setup("tang_garden", 2, ("greedy", "random")), 2, seed=1))
    assert w.summary == expected and "2 games of Tang Garden" in w.status.value
    assert sum(w.chart_data()["lengths"][1]) == 2
    w.players_in.value = 1
    w.run(wait=True)
    assert w.summary.games == 2 and len(w.summary.seat_win_rate) == 1


def test_a_run_where_no_game_was_won_has_no_winners_score():
    rec = GameRecord(1, ("greedy",), (40,), (), 80, False)  # a solo game lost
    s = summarize([rec, rec])
    assert math.isnan(s.winning_score) and s.seat_win_rate == (0.0,)
    won = GameRecord(2, ("greedy",), (90,), (0,), 80, False)
    assert summarize([rec, won]).winning_score == 90.0


def test_the_effect_of_an_option_is_the_same_seeds_without_and_with_it():
    w = lab(game="samurai_gardener", games=4, compare="specialist")
    w.run(wait=True)
    without, with_ = compare(Setup("samurai_gardener", 2), Setup("samurai_gardener", 2, options={"specialist": True}), 4)
    label_a, a, b, label_b = w.effect
    assert (a, b) == (without, with_) and "without" in label_a and "with" in label_b
    assert w.chart_data()["effect"][1][2] == round(with_.mean_length, 2)
    assert w.progress.value == 8


def test_the_effect_of_the_player_count():
    w = lab(game="karesansui", games=2, compare="players")
    w.run(wait=True)
    assert [len(x.seat_win_rate) for x in w.effect[1:3]] == [3, 6]


def test_a_setup_that_cannot_run_is_a_message():
    w = lab(game="samurai_gardener")
    w.games_in.value = 2
    w.first_in.options = ["genius"]  # what a tampered front end might send
    w.run(wait=True)
    assert "cannot run" in w.status.value and w.summary is None


def test_in_a_kernel_the_games_run_in_a_thread_the_loop_stays_free_and_stop_stops():
    async def main():
        w = lab(game="samurai_gardener", games=5000)
        w.run()
        assert w.running and w.run_button.disabled and not w.stop_button.disabled
        # the loop is free while the games are played: it gets ten turns and sees progress while
        # the run goes on (a condition with a deadline, not a count of turns in a fixed time: on a
        # loaded machine the thread and the other workers take most of a core, run F5 saw 4 turns
        # in 0.6 s)
        ticks, deadline = 0, time.perf_counter() + 60
        while ticks < 10 or w.progress.value == 0:
            assert time.perf_counter() < deadline, (ticks, w.progress.value)
            await asyncio.sleep(0.02)
            ticks += 1
        assert w.running  # 5000 games take minutes: still being played
        w.stop()
        while w.running:
            await asyncio.sleep(0.02)
        assert "(stopped)" in w.status.value
        assert 0 < w.summary.games < 5000 and w.summary.games == len(w.records)
        assert not w.run_button.disabled and w.stop_button.disabled

    asyncio.run(main())
