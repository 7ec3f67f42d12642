"""SearchBot and its explained hint, over every registered game (new games get these checks).

The bot's strength is a benchmark (``benchmarks/bench_bots.py``), not a test: here it plays only
legal moves, gives the same move for the same seed, position and iteration budget, never reads
what its seat may not see, keeps to its budget, and its hint names real moves with the search's
own numbers.
"""
from __future__ import annotations

import dataclasses
import time

import pytest

import gardenkit
from gardenkit import CHANCE
from gardenkit.bots import (
    HINT_MS, GreedyBot, Hint, SearchBot, greedy_hint, hint, make_bot, play_game, search_hint,
)
from gardenkit.core import Line, Rng

GAMES = gardenkit.available_games()


def positions(game_id: str, players: int, *, seed: int = 1, every: int = 9, most: int = 4):
    """Up to ``most`` positions of a seeded greedy game where a player is to act with a choice."""
    rules = gardenkit.make(game_id)
    s = rules.initial_state(players=players, seed=seed)
    bots = [GreedyBot(seed * 10 + i) for i in range(players)]
    out, k = [], 0
    while len(out) < most:
        p = rules.current_player(s)
        if p is None:
            break
        if p is CHANCE:
            s = rules.step_chance(s)
            continue
        if k % every == 0 and len(rules.legal_actions(s)) > 1:
            out.append(s)
        k += 1
        s = rules.apply(s, bots[p].choose(rules, s))
    return rules, out


def counts(game_id):
    info = gardenkit.make(game_id).info
    return sorted({info.min_players, info.max_players})


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bot_plays_only_legal_moves(game_id):
    for players in counts(game_id):
        rules, states = positions(game_id, players, most=3)
        assert states
        for s in states:
            bot = SearchBot(seed=2, iterations=6)
            a = bot.choose(rules, s)
            assert a in rules.legal_actions(s)
            assert bot.last.action == a and bot.last.iterations == 6
            assert all(m.action in rules.legal_actions(s) for m in bot.last.moves)
            rules.apply(s, a)  # raises if it were not legal


def test_a_whole_game_of_search_bots_ends():
    rules = gardenkit.make("samurai_gardener")
    final = play_game(rules, rules.initial_state(players=2, seed=5),
                      [SearchBot(seed=1, iterations=4), SearchBot(seed=2, iterations=4)])
    assert rules.is_terminal(final) and rules.outcome(final) is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_position_and_iterations_give_the_same_move(game_id):
    rules, states = positions(game_id, gardenkit.make(game_id).info.max_players, most=2)
    for s in states:
        first = SearchBot(seed=7, iterations=12).search(rules, s)
        again = SearchBot(seed=7, iterations=12).search(rules, s)
        assert first.action == again.action
        assert [(m.action, m.visits, m.value) for m in first.moves] == [(m.action, m.visits, m.value) for m in again.moves]
        bot = SearchBot(seed=7, iterations=12)  # the same bot asked twice answers the same
        assert bot.search(rules, s).action == bot.search(rules, s).action == first.action


def test_another_seed_may_search_differently():
    rules, states = positions("miyabi", 2, most=2)
    results = {tuple((m.action, m.visits) for m in SearchBot(seed=k, iterations=16).search(rules, states[-1]).moves)
               for k in range(4)}
    assert len(results) > 1


# ----- never reads hidden information ----------------------------------------------------------

def hidden_variants(rules, s, player):
    """States that differ from ``s`` only in what ``player`` may not see: another draw order (the
    generator's seed), and other guesses at every hidden part (``rules.determinize``)."""
    view = rules.observe(s, player)
    out = [dataclasses.replace(s, rng=Rng.from_seed(seed)) for seed in (11, 12345)]
    out += [rules.determinize(view, Rng.from_seed(seed)) for seed in (3, 4)]
    for v in out:
        assert rules.observe(v, player) == view, "a variant shows the player something else"
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_move_does_not_depend_on_what_the_player_cannot_see(game_id):
    for players in counts(game_id):
        rules, states = positions(game_id, players, most=2, every=7)
        for s in states:
            player = rules.current_player(s)
            expected = SearchBot(seed=5, iterations=10).search(rules, s)
            for v in hidden_variants(rules, s, player):
                got = SearchBot(seed=5, iterations=10).search(rules, v)
                assert got.action == expected.action
                assert [(m.action, m.visits, m.value) for m in got.moves] == \
                       [(m.action, m.visits, m.value) for m in expected.moves]


def test_karesansui_others_demerit_cards_do_not_change_the_move():
    from gardenkit.games.karesansui.setups import position

    rules = gardenkit.make("karesansui")
    s = position(players=4, gardens={0: "R1 R1 Y2 G2 B3", 1: "W1 W2", 2: "Y1 Y1 Y1", 3: "B2 G3"}, to_move=0,
                 taken={"trips": 3, "pass": 2}, demerits={0: 1, 1: 2, 2: 3, 3: 1})
    expected = SearchBot(seed=9, iterations=12).search(rules, s)
    for cards in ((1, 9, 2), (5, 0, 7), (2, 2, 2)):
        lines = list(s.lines)
        scores = list(s.scores)
        for q, v in zip((1, 2, 3), cards):
            lines[q] = (Line(v, "a card", "karesansui.sets.trips", 1),)
            scores[q] = v
        other = dataclasses.replace(s, lines=tuple(lines), scores=tuple(scores))
        assert rules.observe(other, 0) == rules.observe(s, 0)
        got = SearchBot(seed=9, iterations=12).search(rules, other)
        assert got.action == expected.action and got.moves == expected.moves


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_gives_a_full_state_the_player_would_see_the_same(game_id):
    for players in counts(game_id):
        rules, states = positions(game_id, players, most=3, every=5)
        for s in states:
            for player in range(players):
                view = rules.observe(s, player)
                guess = rules.determinize(view, Rng.from_seed(player + 1))
                rules.check_full(guess)  # play can go on from it
                assert rules.observe(guess, player) == view
                assert rules.from_dict(guess.to_dict()) == guess
                rules.check_playable(guess)


def test_the_bot_sees_only_the_view():
    """Every state the bot hands to the rules is the view or a guess made from it, never the real one."""
    rules, states = positions("karesansui", 4, most=1)
    s = states[0]

    class Spy:
        def __init__(self, inner):
            self.inner, self.seen = inner, []

        def __getattr__(self, name):
            attr = getattr(self.inner, name)
            if not callable(attr):
                return attr

            def call(*args, **kwargs):
                self.seen.append((name, args[0] if args else None))
                return attr(*args, **kwargs)
            return call

    for ask in ("search", "choose"):
        spy = Spy(rules)
        getattr(SearchBot(seed=1, iterations=5), ask)(spy, s)
        real = [name for name, arg in spy.seen if arg is s]
        assert real == ["current_player", "observe"], ask
    spy = Spy(rules)
    search_hint(spy, s, budget_ms=None, iterations=5)
    real = {name for name, arg in spy.seen if arg is s}
    assert real == {"current_player", "observe", "explain"}  # the hint explains the moves to the player


# ----- the budget ----------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_a_time_budget_is_kept(game_id):
    rules, states = positions(game_id, gardenkit.make(game_id).info.max_players, most=2, every=11)
    for s in states:
        start = time.perf_counter()
        result = SearchBot(seed=1, time_ms=150).search(rules, s)
        elapsed = time.perf_counter() - start
        assert result.iterations >= 1
        # the clock is read between playouts: one playout (and the set-up) may run past it
        assert elapsed < 0.15 + 0.6, f"{game_id}: {elapsed:.2f} s for a 150 ms budget"


def test_a_cpu_time_budget_counts_the_searching_threads_cpu_time():
    rules, states = positions("tang_garden", 2, most=2, every=7)  # Tang Garden: its playouts are the slowest
    for s in states:
        start = time.thread_time()
        result = SearchBot(seed=1, iterations=10_000, time_ms=150, clock="cpu").search(rules, s)
        spent = time.thread_time() - start
        assert 1 <= result.iterations < 10_000
        assert spent < 0.15 + 0.6, f"{spent:.2f} s of CPU time for a 150 ms budget"
        assert result.elapsed_ms <= spent * 1000 + 1  # answered in the clock it counts


def test_an_iteration_budget_without_a_time_budget_is_the_same_search_on_any_clock():
    rules, states = positions("samurai_gardener", 2, most=1)
    wall = SearchBot(seed=4, iterations=30).search(rules, states[0])
    cpu = SearchBot(seed=4, iterations=30, clock="cpu").search(rules, states[0])
    assert (wall.action, [(m.action, m.visits, m.value) for m in wall.moves]) == \
        (cpu.action, [(m.action, m.visits, m.value) for m in cpu.moves])


def test_an_iteration_budget_is_kept_exactly():
    rules, states = positions("samurai_gardener", 3, most=1)
    assert SearchBot(seed=1, iterations=23).search(rules, states[0]).iterations == 23


def test_bad_budgets_are_refused():
    for bad in (0, -5, "10", True):
        with pytest.raises(ValueError):
            SearchBot(iterations=bad)
    with pytest.raises(ValueError):
        SearchBot(time_ms=0)
    with pytest.raises(ValueError):
        SearchBot(playout="clever")
    with pytest.raises(ValueError, match="clock"):
        SearchBot(clock="sundial")
    with pytest.raises(ValueError, match="opponents"):
        SearchBot(opponents="clever")


def test_a_single_legal_move_is_played_without_searching():
    from gardenkit.games.karesansui.setups import position

    rules = gardenkit.make("karesansui")
    s = position(gardens={0: "R1 R1 R1"}, phase="turnin")
    assert len(rules.legal_actions(s)) == 1
    bot = SearchBot(seed=1, iterations=5)
    assert bot.choose(rules, s) == rules.legal_actions(s)[0] and bot.last is None
    h = search_hint(rules, s, budget_ms=None, iterations=5)
    assert len(h.moves) == 1 and h.action == rules.legal_actions(s)[0]


# ----- rewards ---------------------------------------------------------------------------------

def test_a_demerit_game_counts_fewer_demerits_as_ahead():
    rules = gardenkit.make("karesansui")
    s = rules.initial_state(players=3)
    s = dataclasses.replace(s, scores=(2, 5, 9))
    rewards, wins, margins = SearchBot()._rewards(rules, s, done=False)
    assert margins == [3, -3, -7] and wins == [1.0, 0.0, 0.0]
    assert rewards[0] > 0.5 > rewards[1] > rewards[2]


def test_a_points_game_counts_more_points_as_ahead_and_ties_share():
    rules = gardenkit.make("samurai_gardener")
    s = dataclasses.replace(rules.initial_state(players=3), scores=(7, 7, 3))
    rewards, wins, margins = SearchBot()._rewards(rules, s, done=False)
    assert margins == [0, 0, -4] and wins == [0.5, 0.5, 0.0]
    assert rewards[0] == rewards[1] == 0.5 > rewards[2]


# ----- the hint ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_names_real_moves_with_the_searchs_numbers(game_id):
    rules, states = positions(game_id, gardenkit.make(game_id).info.max_players, most=2)
    for s in states:
        h = search_hint(rules, s, budget_ms=None, iterations=24, seed=3)
        assert isinstance(h, Hint) and h.player == rules.current_player(s)
        legal = rules.legal_actions(s)
        result = SearchBot(seed=3, iterations=24, keep=3).search(rules, s)  # the hint's search
        assert len(h.moves) == min(3, len(result.moves))
        assert h.iterations == result.iterations
        for m, stats in zip(h.moves, result.moves):
            assert m.action == stats.action and m.action in legal
            assert rules.parse_action(s, m.notation) == m.action and m.notation in h.text
            assert (m.visits, m.win_rate, m.margin) == (stats.visits, stats.win_rate, stats.margin)
            e = rules.explain(s, m.action)
            assert m.points == e.points == rules.action_points(s, m.action)
            assert set(m.rules) <= set(e.rules) and all(r in rules.info.rules for r in m.rules)
            assert m.outlook  # the numbers in words (tests/test_hint_words.py); the values stay here
        assert "%" not in h.text and "margin" not in h.text and h.summary in h.text
        assert h.text.startswith(f"Play {h.moves[0].notation} (")
        assert h.action == result.action
        greedy = GreedyBot().ranked(rules, s)[0][0]
        assert h.greedy.points == greedy


def test_the_hint_words_a_demerit_game_in_demerits():
    from gardenkit.games.karesansui.setups import position

    rules = gardenkit.make("karesansui")
    s = position(gardens={0: "R1 R2 Y2 G2 B2 R3 R3 R3"}, phase="turnin")
    h = search_hint(rules, s, budget_ms=None, iterations=12)
    assert "demerit" in h.text and "point" not in h.text
    assert all(m.unit == "demerit" for m in h.moves)


def test_the_default_hint_answers_within_a_second_with_the_most_players():
    for game_id in GAMES:
        info = gardenkit.make(game_id).info
        rules, states = positions(game_id, info.max_players, most=3, every=13)
        for s in states:
            start = time.perf_counter()
            h = search_hint(rules, s)
            elapsed = time.perf_counter() - start
            assert h.iterations >= 1 and h.action in rules.legal_actions(s)
            assert elapsed < 1.0, f"{game_id}: the hint took {elapsed:.2f} s (budget {HINT_MS} ms)"


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_hint_is_the_search_hint_with_the_hint_budget(game_id):
    rules, states = positions(game_id, 2 if game_id != "karesansui" else 3, most=1)
    s = states[0]
    h = hint(rules, s, budget_ms=None, iterations=20, seed=4)
    same = search_hint(rules, s, budget_ms=None, iterations=20, seed=4)
    assert isinstance(h, Hint) and h.text == same.text and h.iterations == 20
    assert [m.action for m in h.moves] == [m.action for m in same.moves]
    # by default: the hint's time budget, not a fixed number of playouts
    start = time.perf_counter()
    default = hint(rules, s)
    assert time.perf_counter() - start < 1.0 + HINT_MS / 1000 and default.action in rules.legal_actions(s)
    assert default.elapsed_ms <= HINT_MS * 1.5


def test_bots_hint_refuses_a_position_with_no_player_to_act():
    rules = gardenkit.make("samurai_gardener")
    s = rules.initial_state(players=2, seed=4)
    assert rules.current_player(s) is CHANCE
    with pytest.raises(ValueError, match="player to act"):
        hint(rules, s)
    with pytest.raises(ValueError, match="player to act"):
        greedy_hint(rules, s)


def test_the_greedy_hint_is_the_move_that_scores_most_now_with_its_explanation():
    rules, states = positions("samurai_gardener", 2, most=1)
    action, explanation = greedy_hint(rules, states[0])
    assert explanation.action == str(action) and explanation.legal
    assert explanation.points == GreedyBot().ranked(rules, states[0])[0][0]


def test_make_bot_knows_the_search_bots():
    assert isinstance(make_bot("search", 3), SearchBot)
    easy, strong = make_bot("search-easy", 1), make_bot("search-strong", 1)
    assert easy.iterations < strong.iterations
    with pytest.raises(ValueError):
        make_bot("clever")


def test_a_set_stop_event_ends_the_search_at_once_with_a_legal_move():
    import threading

    rules = gardenkit.make("samurai_gardener")
    s = rules.initial_state(players=2, seed=4)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    stop = threading.Event()
    stop.set()
    for budget in ({"iterations": 5000}, {"time_ms": 5000}, {"iterations": 5000, "time_ms": 5000}):
        start = time.perf_counter()
        result = SearchBot(seed=1, **budget).search(rules, s, stop=stop)
        assert time.perf_counter() - start < 1.0 and result.iterations <= 2, budget
        assert result.action in rules.legal_actions(s)
    h = search_hint(rules, s, budget_ms=5000, stop=stop)
    assert h.iterations <= 2 and h.action in rules.legal_actions(s)
    unset = threading.Event()  # an event never set changes nothing
    a = SearchBot(seed=1, iterations=40).search(rules, s, stop=unset)
    b = SearchBot(seed=1, iterations=40).search(rules, s)
    assert (a.action, a.iterations, [m.visits for m in a.moves]) == (b.action, b.iterations, [m.visits for m in b.moves])


# ----- where a playout stops early: the totals as the end scoring would leave them -----------------

@pytest.mark.parametrize("game_id", GAMES)
def test_projected_scores_are_the_final_scores_once_the_game_is_over(game_id):
    rules = gardenkit.make(game_id)
    players = 2 if game_id != "karesansui" else 3
    final = play_game(rules, rules.initial_state(players=players, seed=2), [GreedyBot(q) for q in range(players)])
    assert rules.projected_scores(final) == tuple(rules.scores(final))


def tang_position_with_end_scoring():
    """A 2-player Tang Garden game part-way, where the end scoring would add coins (kept cards or a
    standing character), with player 0 to act."""
    rules = gardenkit.make("tang_garden")
    s = rules.initial_state(players=2, seed=3)
    bots = [GreedyBot(1), GreedyBot(2)]
    while True:
        p = rules.current_player(s)
        assert p is not None, "the game ended before any end scoring was due"
        if p is CHANCE:
            s = rules.step_chance(s)
            continue
        if p == 0 and any(sum(line.points for line in rules.final_lines(s, q)) for q in range(2)):
            return rules, s
        s = rules.apply(s, bots[p].choose(rules, s))


def test_tang_gardens_projected_scores_add_the_end_scoring_to_the_coins():
    rules, s = tang_position_with_end_scoring()
    projected = rules.projected_scores(s)
    for q in range(2):
        assert projected[q] == rules.scores(s)[q] + sum(line.points for line in rules.final_lines(s, q))
    assert projected != tuple(rules.scores(s))


def test_a_playout_stopped_early_counts_the_projected_scores_and_one_at_the_end_the_final_ones():
    rules, s = tang_position_with_end_scoring()
    bot = SearchBot(seed=1, margin_scale=10.0)
    _rewards, _wins, margins = bot._rewards(rules, s, False)
    projected = rules.projected_scores(s)
    assert margins[0] == projected[0] - projected[1] and margins[1] == -margins[0]
    final = play_game(rules, s, [GreedyBot(1), GreedyBot(2)])
    _rewards, wins, margins = bot._rewards(rules, final, True)
    scores = rules.scores(final)
    assert margins[0] == scores[0] - scores[1]
    assert wins == [1.0 / len(rules.outcome(final).winners) if q in rules.outcome(final).winners else 0.0
                    for q in range(2)]


# ----- near the end of a game every playout goes to the end --------------------------------------------

def test_near_the_end_the_playouts_go_to_the_end_and_early_on_they_stop_after_the_next_move():
    rules, states = positions("samurai_gardener", 2, most=1)  # a whole 2-player game: about ten moves
    assert SearchBot(seed=1, iterations=20, endgame=12).search(rules, states[0]).finished == 20
    assert SearchBot(seed=1, iterations=20).search(rules, states[0]).finished == 0  # off by default
    rules, states = positions("miyabi", 2, most=1)  # dozens of moves to go
    assert SearchBot(seed=1, iterations=20, endgame=12).search(rules, states[0]).finished == 0
    late = rules.initial_state(players=2, seed=1)
    bots = [GreedyBot(1), GreedyBot(2)]
    last = None
    while rules.current_player(late) is not None:  # the last position of the game with a choice
        p = rules.current_player(late)
        if p is CHANCE:
            late = rules.step_chance(late)
            continue
        if len(rules.legal_actions(late)) > 1:
            last = late
        late = rules.apply(late, bots[p].choose(rules, late))
    assert SearchBot(seed=1, iterations=20, endgame=12).search(rules, last).finished == 20


@pytest.mark.parametrize("endgame", [-1, 1.5, True, None, "6"])
def test_a_bad_endgame_is_refused(endgame):
    with pytest.raises(ValueError, match="endgame"):
        SearchBot(endgame=endgame)


# ----- the other players below the root; the greedy move's baseline ---------------------------------

@pytest.mark.parametrize("opponents", ["playout", "tree"])
def test_both_ways_of_moving_the_other_players_search_legal_moves_the_same_way_every_time(opponents):
    rules, states = positions("samurai_gardener", 3, most=2, every=5)
    for s in states:
        a = SearchBot(seed=3, iterations=40, opponents=opponents).search(rules, s)
        b = SearchBot(seed=3, iterations=40, opponents=opponents).search(rules, s)
        assert a.action in rules.legal_actions(s) and a.iterations == 40
        assert [(m.action, m.visits, m.value) for m in a.moves] == [(m.action, m.visits, m.value) for m in b.moves]


def test_with_the_other_players_moving_as_in_the_playouts_their_replies_are_not_branched_on(monkeypatch):
    """Below the root the other players' nodes have one child per reply the playout policy chose:
    in a 2-player Samurai Gardener round the start player's move is followed by the other's placement of
    the card left, one reply per guess; with opponents="tree" the replies are tried best-first."""
    import gardenkit.bots.search as search_module

    rules, states = positions("samurai_gardener", 2, most=6, every=1)
    s = next(s for s in states if len(s.lineup) == 2)  # the start player picks: the other moves next
    seen = {}
    original = search_module.SearchBot._visit

    def spy(self, rules_, view, me, root, first, *rest):
        seen[self.opponents] = root
        return original(self, rules_, view, me, root, first, *rest)

    monkeypatch.setattr(search_module.SearchBot, "_visit", spy)
    replies = {}
    for opponents in ("playout", "tree"):
        SearchBot(seed=2, iterations=60, candidates=2, opponents=opponents).search(rules, s)
        root = seen[opponents]
        child = max(root.children.values(), key=lambda c: c.visits)
        # the reply as the greedy playout makes it: the first of the most points now
        replies[opponents] = len(child.children)
    assert replies["tree"] > replies["playout"]


def test_a_best_move_that_scores_as_much_now_as_the_greedy_one_needs_no_confidence_test():
    bot = SearchBot(confidence=1.0)
    samples = {"best": [0.6, 0.4, 0.61, 0.39], "greedy": [0.5, 0.5, 0.5, 0.5]}  # a little better, much noise
    assert bot._decide("best", "greedy", samples, {"best": 3, "greedy": 4}) == "greedy"  # gives up a point now
    assert bot._decide("best", "greedy", samples, {"best": 4, "greedy": 4}) == "best"  # gives up nothing
    clear = {"best": [0.7, 0.71, 0.69, 0.7], "greedy": [0.5, 0.5, 0.5, 0.5]}
    assert bot._decide("best", "greedy", clear, {"best": 3, "greedy": 4}) == "best"
