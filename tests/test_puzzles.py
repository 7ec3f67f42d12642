"""Puzzles (gardenkit.bots.puzzles): every shipped puzzle of every registered game loads like a
save, its best move is legal and still the best when searched again at the shipped seed and budget
(the same numbers as stored, the mining rule still holds), mining is reproducible from the seed,
and a learner's move is judged from the stored numbers."""
from __future__ import annotations

import copy
import json
import re

import pytest

import gardenkit
from gardenkit.bots import puzzles as P
from gardenkit.core import MalformedInputError
from gardenkit.testing import full_checks

GAMES = gardenkit.available_games()


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return request.param


def _data(game):
    return json.loads(P.path_of(game).read_text(encoding="utf-8"))


def test_every_game_ships_twenty_or_more_puzzles(game):
    assert len(P.load(game)) >= 20


def test_every_game_ships_varied_puzzles_with_how_they_were_found(game):
    data = _data(game)
    assert data["miner"] == P.MINER_VERSION and data["format"] == P.FORMAT
    assert data["rule"]["min_margin_gain"] == P.MIN_MARGIN_GAIN and data["rule"]["min_win_gain"] == P.MIN_WIN_GAIN
    puzzles = P.load(game)
    n = len(puzzles)
    assert n >= 1
    assert len({p.id for p in puzzles}) == n
    # at most PER_GAME_CAP from one bot game, so many games; two player counts and two phases
    assert len({(p.players, p.seed) for p in puzzles}) >= -(-n // P.PER_GAME_CAP)
    if n >= 6:
        assert len({p.players for p in puzzles}) >= 2
        assert len({p.phase for p in puzzles}) >= 2
    for p in puzzles:
        assert p.miner == P.MINER_VERSION
        assert p.search["seed"] == 0 and p.search["iterations"] > 0 and "lookahead" in p.search
        assert p.check_seed == p.search["seed"] + P.CHECK_SEED_OFFSET
        assert p.best != p.greedy


def test_every_puzzle_is_checked_like_a_save_and_shows_what_its_player_may_see(game):
    rules = gardenkit.make(game)
    for p in P.load(game):
        rules.check_full(p.state)
        rules.check_playable(p.state)
        assert rules.from_dict(p.state.to_dict()) == p.state
        assert rules.current_player(p.state) == p.player
        # the shipped state is the player's view made whole: its view is what the search saw
        view = rules.observe(p.state, p.player)
        assert rules.observe(rules.determinize(view, gardenkit.core.Rng.from_seed(p.view_seed)), p.player) == view
        legal = {str(a) for a in rules.legal_actions(p.state)}
        assert p.best in legal and p.greedy in legal and len(legal) == p.legal
        assert {m.notation for m in p.moves} <= legal


def _research_cases() -> list[tuple[str, int]]:
    """(game, puzzle index) of the puzzles searched again: a spread of :data:`RESEARCH_SAMPLE` per game
    (the first and the last among them, the same every run), every one with GARDENKIT_FULL_CHECKS=1
    (``make bench``: benchmarks/bench_full_checks.py). A search again is ~2 s a puzzle in Tang Garden."""
    cases = []
    for g in GAMES:
        try:
            n = len(_data(g)["puzzles"])
        except Exception:  # noqa: BLE001 - an unreadable file fails the other tests, with the reason
            n = 1
        step = max(1, -(-n // RESEARCH_SAMPLE))
        picked = range(n) if full_checks() else sorted({*range(0, n, step), n - 1})
        cases += [(g, i) for i in picked]
    return cases


#: puzzles per game searched again in the test suite (all of them in make bench)
RESEARCH_SAMPLE = 5


@pytest.mark.parametrize(("game_id", "index"), _research_cases())
def test_every_best_move_is_still_best_when_searched_again_at_the_shipped_seed_and_budget(game_id, index):
    rules = gardenkit.make(game_id)
    p = P.load(game_id)[index]
    result = p.research(rules)
    assert str(result.moves[0].action) == p.best, p.id
    assert str(result.greedy) == p.greedy, p.id
    assert P._numbers(result) == p.moves, p.id  # the stored numbers are the search's
    assert P._clear(result, rules.info.lower_wins), p.id
    best, greedy = p.best_numbers, p.greedy_numbers
    assert best.margin - greedy.margin >= P.MIN_MARGIN_GAIN - 1e-9
    assert best.win_rate >= greedy.win_rate + P.MIN_WIN_GAIN - 1e-9
    sign = -1 if rules.info.lower_wins else 1
    assert sign * best.points <= sign * greedy.points
    assert greedy.points == rules.action_points(p.state, rules.parse_action(p.state, p.greedy))


def test_mining_is_reproducible_from_its_seed(game):
    """The first puzzle of each game is found again by replaying its bot game from the seed."""
    rules = gardenkit.make(game)
    p = P.load(game)[0]
    positions, length = P._bot_game(rules, p.players, p.seed)
    state = dict(positions)[p.ply]
    again = P.make_puzzle(rules, state, seed=p.seed, players=p.players, ply=p.ply, length=length,
                          search_seed=p.search["seed"], settings=P.SETTINGS[game]["search"])
    assert again is not None and again.to_dict() == p.to_dict()


def test_the_check_with_another_seed_agrees_on_the_best_move():
    rules = gardenkit.make("miyabi")
    for p in P.load("miyabi")[:3]:
        check = p.research(rules, seed=p.check_seed)
        assert str(check.moves[0].action) == p.best
        assert P._clear(check, rules.info.lower_wins, rules.parse_action(p.state, p.greedy))


# ----- the mining rule, both sides -----------------------------------------------------------------
class _M:
    def __init__(self, action, visits, win_rate, margin, points):
        self.action, self.visits, self.win_rate, self.margin, self.points = action, visits, win_rate, margin, points


class _R:
    def __init__(self, moves, greedy):
        self.moves, self.greedy = moves, greedy


def test_the_rule_keeps_a_best_move_that_beats_the_greedy_move_clearly():
    r = _R([_M("a", 20, 0.6, 3.0, 2), _M("g", 20, 0.5, 1.0, 5)], "g")
    assert P._clear(r, False)


def test_the_rule_refuses_the_greedy_move_itself_a_small_margin_a_worse_win_rate_or_few_playouts():
    assert not P._clear(_R([_M("g", 20, 0.9, 9.0, 5), _M("a", 20, 0.1, 0.0, 2)], "g"), False)
    assert not P._clear(_R([_M("a", 20, 0.6, 2.0, 2), _M("g", 20, 0.5, 1.0, 5)], "g"), False)  # margin +1 < 1.5
    assert not P._clear(_R([_M("a", 20, 0.4, 3.0, 2), _M("g", 20, 0.5, 1.0, 5)], "g"), False)  # wins less often
    assert not P._clear(_R([_M("a", 5, 0.6, 3.0, 2), _M("g", 5, 0.5, 1.0, 5)], "g"), False)  # too few playouts


def test_the_rule_in_demerits_wants_a_move_no_better_now_than_the_fewest_demerits():
    assert P._clear(_R([_M("a", 20, 0.6, 3.0, 2), _M("g", 20, 0.5, 1.0, 1)], "g"), True) is True  # a trade
    assert P._clear(_R([_M("a", 20, 0.6, 3.0, 1), _M("g", 20, 0.5, 1.0, 1)], "g"), True) is True
    assert P._clear(_R([_M("a", 20, 0.6, 3.0, 0), _M("g", 20, 0.5, 1.0, 1)], "g"), True) is False
    # in points, the other way round
    assert P._clear(_R([_M("a", 20, 0.6, 3.0, 6), _M("g", 20, 0.5, 1.0, 5)], "g"), False) is False


# ----- a learner's answer --------------------------------------------------------------------------
def test_the_best_move_is_judged_best_and_the_greedy_move_loses_what_the_numbers_say(game):
    rules = gardenkit.make(game)
    p = P.load(game)[0]
    v = P.judge(rules, p, p.best)
    assert v.best and v.win_loss == 0 and v.margin_loss == 0 and "is the best move" in v.text
    g = P.judge(rules, p, p.greedy)
    assert not g.best
    assert g.margin_loss == pytest.approx(p.best_numbers.margin - p.greedy_numbers.margin)
    assert g.margin_loss >= P.MIN_MARGIN_GAIN - 1e-9
    assert g.win_loss == pytest.approx(p.best_numbers.win_rate - p.greedy_numbers.win_rate)
    named = re.compile(rf"(?<![\w.@/]){re.escape(p.best)}(?![\w.@/])")
    assert not named.search(g.text)  # a wrong answer does not give the answer away
    assert p.best in P.answer(rules, p)
    # why: the points now of both moves, with the rule ids of their score lines
    for expl in (g.explanation, g.best_explanation):
        for line in expl.lines:
            if line.points:
                assert line.rule in g.text


def test_a_move_the_search_did_not_compare_is_judged_without_numbers():
    rules = gardenkit.make("miyabi")
    for p in P.load("miyabi"):
        others = [a for a in rules.legal_actions(p.state) if p.numbers(str(a)) is None]
        if others:
            v = P.judge(rules, p, others[0])
            assert not v.best and v.numbers is None and v.margin_loss is None
            assert "did not compare it" in v.text
            return
    pytest.skip("every miyabi puzzle compared all its moves")


def test_an_illegal_answer_is_refused_with_the_rule():
    rules = gardenkit.make("miyabi")
    puzzles = P.load("miyabi")
    p = puzzles[0]
    # a move legal in another puzzle's position and not in this one
    refused = next(a for q in puzzles[1:] for a in rules.legal_actions(q.state) if rules.why_illegal(p.state, a))
    reason = rules.why_illegal(p.state, refused)
    with pytest.raises(ValueError, match="not allowed") as err:
        P.judge(rules, p, refused)
    assert reason.rule in str(err.value) or str(reason) in str(err.value)


def test_an_unreadable_answer_is_a_clear_value_error():
    rules = gardenkit.make("miyabi")
    with pytest.raises(ValueError):
        P.judge(rules, P.load("miyabi")[0], "no such move")


# ----- bad data ------------------------------------------------------------------------------------
def test_a_tampered_puzzle_file_is_refused_with_the_reason(tmp_path):
    data = _data("miyabi")
    rules = gardenkit.make("miyabi")

    def refused(edit, match):
        d = copy.deepcopy(data)
        edit(d)
        path = tmp_path / "p.json"
        path.write_text(json.dumps(d))
        with pytest.raises(MalformedInputError, match=match):
            P.load("miyabi", path)

    refused(lambda d: d["puzzles"][0].__setitem__("best", d["puzzles"][0]["greedy"]), "best move must come first")
    refused(lambda d: d["puzzles"][0]["moves"][0].__setitem__("move", "99@z9"), "not a legal move")
    refused(lambda d: d["puzzles"][0].__setitem__("player", 5), "not the one to move")
    refused(lambda d: d["puzzles"][0].__setitem__("legal", 1), "legal moves")
    refused(lambda d: d["puzzles"][0]["state"].__setitem__("game", "tanuki"), "not a saved")
    refused(lambda d: d["puzzles"][0].__delitem__("seed"), "missing field")
    refused(lambda d: d.__setitem__("format", 99), "not a file of")
    refused(lambda d: d["puzzles"].append(d["puzzles"][0]), "share an id")
    assert P.from_dict(rules, data["puzzles"][0]).id == data["puzzles"][0]["id"]
    with pytest.raises(ValueError, match="unknown game"):
        P.load("chess")
    with pytest.raises(MalformedInputError):
        P.from_dict(rules, [1, 2])
