"""The hint in a learner's words (issue 24): what the search found, said the way a player would
say it, and read aloud by a screen reader.

The search's numbers (share of tries ahead, mean margin, tries) are set here by hand on real
positions (:func:`gardenkit.bots.search.hint_from_search` words any finished search), so each
kind of position is checked: winning, close, losing, every move behind, a game counted in
demerits and one counted in coins. The numbers stay on the hint's moves for code; the words
round them: whole points in the game's own unit, no per cents, no decimals.
"""
from __future__ import annotations

import re

import pytest

import gardenkit
from gardenkit import CHANCE
from gardenkit.bots.search import MoveStats, SearchResult, hint_from_search, whole


def position(game_id: str, players: int = 2, seed: int = 4):
    """The first position of a seeded game where a player chooses among at least three moves."""
    rules = gardenkit.make(game_id)
    s = rules.initial_state(players=players, seed=seed)
    while rules.current_player(s) is CHANCE or len(rules.legal_actions(s)) < 3:
        s = rules.step_chance(s) if rules.current_player(s) is CHANCE else rules.apply(s, rules.legal_actions(s)[0])
    return rules, s


def words(rules, s, numbers, *, iterations=None, to_end=False, greedy=0, legal=None, actions=None):
    """The hint for ``s`` from a search that found ``numbers`` (visits, win share, margin) for its
    first moves, best first; ``greedy``: which of them scores most now."""
    actions = actions or rules.legal_actions(s)[:len(numbers)]
    stats = tuple(MoveStats(a, n, w, m, 0.5, 0) for a, (n, w, m) in zip(actions, numbers))
    total = iterations or sum(n for n, _w, _m in numbers)
    result = SearchResult(rules.current_player(s), actions[0], stats, total, 1.0, total if to_end else 0,
                          legal or len(rules.legal_actions(s)), actions[greedy])
    return hint_from_search(rules, s, result)


def shown(h) -> list[str]:
    """Every text of the hint a learner reads or hears."""
    return [h.text, h.summary, *(m.outlook for m in h.moves)]


def assert_plain(h):
    for text in shown(h):
        assert "%" not in text and "playout" not in text and "margin" not in text, text
        assert not re.search(r"(?<![\w@/])[-+]?\d+\.\d", text), text  # no "-15.5"


def test_a_winning_move_says_how_far_ahead_and_how_much_better_than_the_next():
    rules, s = position("samurai_gardener")
    h = words(rules, s, [(40, 0.8, 3.4), (40, 0.6, 1.2), (40, 0.55, 0.2)])
    best, nxt, third = h.moves
    assert h.summary == ("It leaves you about 3 points ahead of your closest rival after your next move, "
                         "2 points better off than the next best move; most tries came out ahead.")
    assert h.text.startswith(f"Play {best.notation} ({best.now}). {h.summary} Next best: {nxt.notation} (")
    assert nxt.outlook == f"about 2 points worse off than {best.notation}"
    assert third.outlook == f"about 3 points worse off than {best.notation}"
    assert "How sure: a fair look, 120 tries in all (40 of this move)" in h.text
    assert not h.behind_everywhere and "behind" not in h.text
    assert (best.visits, best.win_rate, best.margin) == (40, 0.8, 3.4)  # the numbers stay, for code
    assert_plain(h)


def test_a_close_position_says_it_could_go_either_way():
    rules, s = position("samurai_gardener")
    h = words(rules, s, [(8, 0.5, 0.3), (8, 0.45, -0.2), (8, 0.4, -0.4)])
    assert h.summary == ("It leaves you about level with your closest rival after your next move, about as good "
                         "as the next best move; about half the tries came out ahead, so it could go either way.")
    assert h.moves[1].outlook == f"about as good as {h.moves[0].notation}"
    assert "How sure: a quick look, 24 tries in all (8 of this move)" in h.text
    assert not h.behind_everywhere
    assert_plain(h)


def test_a_losing_move_keeps_you_behind_and_the_others_lose_more():
    rules, s = position("samurai_gardener")
    h = words(rules, s, [(30, 0.2, -2.6), (30, 0.1, -4.4), (30, 0.05, -5.0)], legal=3)
    assert h.behind_everywhere
    assert h.summary == ("Every move leaves you behind here: that comes from the position, not from your choice. "
                         "This one loses least: it leaves you about 3 points behind the leader after your next "
                         "move, 1 point better off than the next best move; some tries came out ahead.")
    assert_plain(h)


def test_still_ahead_now_and_then_is_not_called_hopeless():
    rules, s = position("samurai_gardener")
    h = words(rules, s, [(30, 0.45, -1.4), (30, 0.3, -2.0), (30, 0.3, -2.2)])
    assert not h.behind_everywhere and "position" not in h.text
    assert h.summary.startswith("It leaves you about 1 point behind the leader after your next move")
    assert "about half the tries came out ahead, so it could go either way" in h.summary


def test_when_every_move_loses_the_hint_says_so_once_and_why():
    rules, s = position("samurai_gardener")
    h = words(rules, s, [(26, 0.0, -15.5), (26, 0.0, -17.4), (26, 0.0, -19.0)], legal=3)
    assert h.behind_everywhere
    assert h.summary == ("Every move leaves you behind here: that comes from the position, not from your choice. "
                         "This one loses least: it leaves you about 16 points behind the leader after your next "
                         "move, 1 point better off than the next best move; no try came out ahead.")
    # said once, plainly: the others are compared with it, not called hopeless again
    assert h.text.count("behind") == 2 and h.text.count("no try") == 1
    for m in h.moves[1:]:
        assert "behind" not in m.outlook and "no try" not in m.outlook
        assert m.outlook.endswith(f"worse off than {h.moves[0].notation}")
    assert "-15.5" not in h.text and "16 points" in h.text
    assert_plain(h)


def test_every_move_behind_by_a_point_is_a_little_behind_and_ties_lose_as_little_as_any():
    rules, s = position("samurai_gardener")
    h = words(rules, s, [(10, 0.1, -1.2), (10, 0.1, -1.3), (10, 0.0, -3.0)], iterations=60)
    assert h.summary.startswith("Every move the search tried leaves you a little behind here: that comes from the "
                                "position, not from your choice. This one loses about as little as any: ")


def test_playouts_to_the_end_say_wins_and_the_end_of_the_game():
    rules, s = position("samurai_gardener")
    h = words(rules, s, [(200, 1.0, 6.0), (200, 0.9, 2.0)], to_end=True)
    assert h.summary == ("It leaves you about 6 points ahead of your closest rival at the end of the game, "
                         "4 points better off than the next best move; every try ended in a win.")
    assert "a careful look" in h.text and "played out to the end of the game" in h.text


def test_giving_up_points_now_is_said_with_what_it_costs_later():
    rules, s = position("samurai_gardener")
    ranked = sorted(rules.legal_actions(s), key=lambda a: -rules.action_points(s, a))
    greedy = ranked[0]
    other = next(a for a in ranked if rules.action_points(s, a) < rules.action_points(s, greedy))
    third = next(a for a in ranked if a not in (greedy, other))
    h = words(rules, s, [(30, 0.7, 2.2), (30, 0.5, -0.1), (30, 0.4, -1.0)], greedy=1, actions=(other, greedy, third))
    assert f" {greedy} scores more points now but leaves you about 2 points worse off after your next move." in h.text
    # the greedy move kept though another looked better, within luck: said once, in words
    h = words(rules, s, [(30, 0.5, 0.2), (30, 0.55, 1.4), (30, 0.4, -1.0)], greedy=0, actions=(greedy, other, third))
    assert h.moves[1].outlook == f"about 1 point better off on average, but less sure than {greedy}"
    assert "not by more than luck can explain, so the hint keeps the sure points now." in h.text


def test_the_only_move_says_so():
    from gardenkit.games.karesansui.setups import position as k_position

    rules = gardenkit.make("karesansui")
    s = k_position(gardens={0: "R1 R1 R1"}, phase="turnin")
    h = words(rules, s, [(5, 0.0, -3.0)], legal=1)
    assert h.summary == "It is your only move." and h.moves[0].outlook == "your only move"
    assert not h.behind_everywhere and "How sure" not in h.text


def test_a_demerit_game_says_fewer_demerits_are_ahead():
    rules, s = position("karesansui", players=3)
    assert rules.info.lower_wins
    h = words(rules, s, [(30, 0.7, 2.4), (30, 0.5, 0.6), (30, 0.4, -0.2)])
    assert h.summary == ("It leaves you ahead, with about 2 demerits fewer than your closest rival after your next "
                         "move, 1 demerit better off than the next best move; most tries came out ahead.")
    assert h.moves[1].outlook == f"about 1 demerit worse off than {h.moves[0].notation}"
    h = words(rules, s, [(30, 0.1, -3.0), (30, 0.0, -4.0), (30, 0.0, -5.0)])
    assert "This one loses least: it leaves you behind, with about 3 demerits more than the leader" in h.summary
    for h in (h, words(rules, s, [(30, 0.5, 0.0), (30, 0.5, 0.0)])):
        assert all("point" not in text for text in shown(h)), h.text
        assert_plain(h)


def test_a_demerit_game_names_the_move_with_fewest_demerits_now():
    from gardenkit.bots import GreedyBot

    rules = gardenkit.make("karesansui")
    s = rules.initial_state(players=3, seed=1)
    while rules.current_player(s) is CHANCE or len({rules.action_points(s, a) for a in rules.legal_actions(s)}) < 2:
        p = rules.current_player(s)
        s = rules.step_chance(s) if p is CHANCE else rules.apply(s, GreedyBot(p).choose(rules, s))
    by_now = sorted(rules.legal_actions(s), key=lambda a: rules.action_points(s, a))  # fewest demerits first
    fewest, more = by_now[0], by_now[-1]
    h = words(rules, s, [(30, 0.7, 2.0), (30, 0.5, 0.0)], greedy=1, actions=(more, fewest))
    assert f" {fewest} takes fewer demerits now but leaves you about 2 demerits worse off" in h.text
    assert "point" not in h.text


def test_tang_garden_counts_in_coins():
    rules, s = position("tang_garden")
    h = words(rules, s, [(12, 0.3, -1.6), (12, 0.5, 1.0), (12, 0.2, -3.0)], greedy=0)
    assert h.summary.startswith("It leaves you about 2 coins behind the leader after your next move")
    assert h.moves[1].outlook == f"about 3 coins better off on average, but less sure than {h.moves[0].notation}"
    assert "the sure coins now" in h.text and " point" not in h.text
    assert_plain(h)


@pytest.mark.parametrize("x, n", [(-15.5, -16), (15.5, 16), (0.49, 0), (-0.5, -1), (2.4999, 2)])
def test_margins_round_to_whole_units_the_same_either_side_of_zero(x, n):
    assert whole(x) == n
