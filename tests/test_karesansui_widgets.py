"""Karesansui widgets tested without a browser: call what a click calls (the front end's
messages, or the public methods), check what is shown against the engine."""
from __future__ import annotations

import html
import itertools
import json
import math
import random
import re
from collections import Counter

import pytest

import gardenkit
from gardenkit.tutor import Quiz, Scenario
from gardenkit.widgets import KaresansuiBoard, KaresansuiGame, QuizWidget, ScenarioPlayer, TryBoard

rules = gardenkit.make("karesansui")


def dealt(players=3, seed=1):
    s = rules.initial_state(players=players, seed=seed)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    return s


def walk(players, seed):
    rng = random.Random(seed)
    s = rules.initial_state(players=players, seed=seed)
    out = [s]
    while not rules.is_terminal(s):
        if rules.current_player(s) is gardenkit.CHANCE:
            s = rules.step_chance(s)
        else:
            s = rules.apply(s, rng.choice(rules.legal_actions(s)))
        out.append(s)
    return out


def msg(board, **content):
    board._on_front_end_msg(board, content, [])


def actions_in(svg: str) -> set[str]:
    return set(re.findall(r'data-action="([^"]*)"', svg))


def legal_pile_targets(svg: str) -> set[str]:
    return set(re.findall(r'class="gk-kpile gk-klegal[^"]*" data-action="([^"]*)"', svg))


def sub_multisets(garden):
    counts = Counter(garden)
    kinds = sorted(counts, key=lambda r: (int(r[1:]), r[0]))
    for picks in itertools.product(*(range(counts[k] + 1) for k in kinds)):
        yield tuple(k for k, n in zip(kinds, picks) for _ in range(n))


def bid_position(players=3, seed=4):
    """A bid position where pile 1 already has a bid of one rock (the next player must undercut it)."""
    s = dealt(players, seed)
    return rules.apply(s, next(b for b in rules.bids(s, 0) if len(b.rocks) == 1))


# ----- the board offers what the engine allows ----------------------------------------------------
@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_every_pile_target_is_legal_and_every_legal_bid_is_offered(players, seed):
    states = [s for s in walk(players, seed) if s.phase == "bid"]
    rng = random.Random(seed)
    for s in rng.sample(states, min(3, len(states))):
        board = KaresansuiBoard(s)
        offered = set()
        for sel in sub_multisets(s.gardens[s.to_move]):
            board.select(*sel)
            assert board.selected == sel
            legal = set(board.spot_actions())
            assert legal == legal_pile_targets(board.svg)
            for a in legal:
                assert rules.why_illegal(s, a) is None
            for a in board.spot_actions(legal=False):
                assert rules.why_illegal(s, a) is not None
            offered |= legal
        assert offered == {str(b) for b in rules.bids(s)}


def test_every_turn_in_target_is_legal_and_every_legal_set_is_offered():
    states = [s for s in walk(4, 11) + walk(5, 12) + walk(6, 13) if s.phase == "turnin"]
    assert len(states) >= 5
    for s in states[:15]:
        board = KaresansuiBoard(s)
        assert actions_in(board.svg) == {str(a) for a in rules.legal_actions(s)}


def test_the_turn_in_chooser_lists_exactly_turn_in_orders_with_their_costs():
    states = [s for s in walk(4, 11) + walk(5, 12) + walk(6, 13) if s.phase == "turnin"]
    many = max(states, key=lambda s: len(rules.turn_in_orders(s)))
    for s in states[:10] + [many]:
        board = KaresansuiBoard(s)
        orders = rules.turn_in_orders(s)
        rows = board.turn_in_choices()
        assert [(tuple(n for n, _c in steps), total) for steps, total in rows] == \
               [(tuple(map(str, o)), c) for o, c in orders]
        # each step costs the card the engine gives when it is played in that order
        for (order, cost), (steps, _total) in zip(orders, rows):
            t = s
            for a, (_n, c) in zip(order, steps):
                before = t.scores[s.to_move]
                t = rules.apply(t, a)
                assert c == t.scores[s.to_move] - before
            assert sum(c for _n, c in steps) == cost
        text = html.unescape(board.turn_in_html())
        items = re.findall(r"<li>(.*?)</li>", text)
        assert len(items) == len(orders)
        for item, (order, cost) in zip(items, orders):
            assert re.sub(r"<[^>]+>", "", item).startswith(str(order[0]))
            assert f"{cost} demerit" in item
        costs = [c for _o, c in orders]
        assert costs == sorted(costs)  # cheapest first


def test_the_rulebooks_garden_offers_both_choices_with_their_demerits():
    """1 2222 333: Foursome then Trips (two cards), or the Straight Flush (one card)."""
    import dataclasses

    s = dealt(3, 2)
    garden = ("R1", "R2", "Y2", "G2", "B2", "R3", "R3", "R3")
    others = [g for g in s.gardens[1:]]
    bag = list(s.bag) + list(s.gardens[0])
    for r in garden:
        bag.remove(r)
    s = dataclasses.replace(s, phase="turnin", to_move=0, passer=0, gardens=(garden, *others),
                            bag=tuple(sorted(bag, key=lambda r: (int(r[1:]), r[0]))),
                            piles=((),) * 2, bids=(None, None))
    board = KaresansuiBoard(s)
    rows = board.turn_in_choices()
    firsts = {steps[0][0] for steps, _t in rows}
    assert firsts == {"turn in R1 R2 R3", "turn in B2 G2 R2 Y2", "turn in R3 R3 R3"}
    assert any(len(steps) == 1 and steps[0][0] == "turn in R1 R2 R3" for steps, _t in rows)
    assert any(len(steps) == 2 for steps, _t in rows)


# ----- building a bid by clicks --------------------------------------------------------------------
def test_pick_clear_and_bid_through_front_end_messages():
    s = dealt(3, 7)
    board = KaresansuiBoard(s)
    p = s.to_move
    a, b = s.gardens[p][0], s.gardens[p][-1]
    msg(board, kind="pick", value=a, version=board.version)
    assert board.selected == (a,)
    assert f'data-selected="{a}"' in board.svg
    msg(board, kind="pick", value=b, version=board.version)
    assert Counter(board.selected) == Counter([a, b])
    assert f'data-action="bid 1: {" ".join(board.selected)}"' in board.svg
    msg(board, kind="ui", name="clear", version=board.version)
    assert board.selected == ()
    assert 'data-action="bid 1: nothing"' in board.svg
    msg(board, kind="pick", value=a, version=board.version)
    msg(board, kind="play", action=f"bid 2: {a}", version=board.version)
    assert board.state.bids[1] == (p, (a,))
    assert board.selected == ()
    assert "Played:" in board.panel.value


def test_picking_a_rock_again_adds_another_copy_then_takes_them_all_back():
    s = dealt(3, 7)
    p = s.to_move
    counts = Counter(s.gardens[p])
    rock = max(counts, key=counts.get)
    board = KaresansuiBoard(s)
    for k in range(1, counts[rock] + 1):
        board.pick(rock)
        assert Counter(board.selected)[rock] == k
    board.pick(rock)
    assert rock not in board.selected


@pytest.mark.parametrize("value,says", [
    ("Q9", "colour letter and value"),
    ("K", "colour letter and value"),
    ("R4", "colour letter and value"),
    ("", "short name"),
    ("x" * 80, "short name"),
])
def test_bad_picks_are_refused_with_a_message_and_nothing_changes(value, says):
    s = dealt(3, 7)
    board = KaresansuiBoard(s)
    before = (board.state, board.selected)
    board.pick(value)
    assert (board.state, board.selected) == before
    assert says in html.unescape(board.panel.value)


def test_a_rock_you_do_not_hold_is_refused():
    s = dealt(3, 7)
    p = s.to_move
    missing = next(r for r in s.components.rock_types if r not in s.gardens[p])
    board = KaresansuiBoard(s)
    v = board.version
    msg(board, kind="pick", value=missing, version=board.version)
    assert board.selected == () and board.version == v
    assert "holds no" in board.panel.value and missing in board.panel.value


def test_picks_are_refused_when_it_is_not_your_turn_or_not_bidding():
    s = dealt(3, 7)
    other = (s.to_move + 1) % 3
    board = KaresansuiBoard(s, player=other)
    board.pick(s.gardens[other][0])
    assert board.selected == () and "not your turn" in board.panel.value
    t = next(x for x in walk(4, 11) if x.phase == "turnin")
    board = KaresansuiBoard(t)
    board.pick(t.gardens[t.to_move][0])
    assert board.selected == () and "turn in your forbidden sets first" in board.panel.value


def test_malformed_and_stale_messages_are_dropped():
    s = dealt(3, 7)
    board = KaresansuiBoard(s)
    rock = s.gardens[s.to_move][0]
    for content in ({"kind": "pick", "value": rock}, {"kind": "pick", "value": 3, "version": board.version},
                    {"kind": "pick", "value": rock, "version": True}, {"kind": "pick", "value": rock,
                                                                        "version": board.version, "x": 1},
                    {"kind": "pick", "value": rock, "version": board.version - 1}, "pick", None):
        board._on_front_end_msg(board, content, [])
        assert board.selected == ()
    msg(board, kind="play", action="bid 1: nothing", version=board.version - 1)
    assert board.state is s and "changed before your click" in board.panel.value


def test_the_live_check_names_the_rule_on_each_pile():
    s = bid_position(3, 4)
    v = s.pile_value(0)
    standing = s.bids[0][1]
    sv, n = sum(int(r[1:]) for r in standing), len(standing)
    p = s.to_move
    # a bid at least as high as the standing one on pile 1
    high = next(sel for sel in sub_multisets(s.gardens[p])
                if sum(int(r[1:]) for r in sel) > sv or (sum(int(r[1:]) for r in sel) == sv and len(sel) >= n))
    board = KaresansuiBoard(s)
    board.select(*high)
    text = html.unescape(board.panel.value)
    assert "pile 1: too high" in text
    same = f", or {sv} with fewer than {n} rocks" if n > 1 and sv > 0 else ""  # impossible with one rock
    assert f"yours must be worth less than {sv}{same} [" in text or f"yours must be worth less than {sv}{same}" in text
    assert "karesansui.bid.undercut" in text
    assert "pile 2: allowed" in text  # pile 2 has no bid yet
    assert board.check()[0] == (f"bid 1: {' '.join(high) or 'nothing'}", rules.why_illegal(s, f"bid 1: {' '.join(high) or 'nothing'}"))
    assert board.check()[1][1] is None and v > 0
    # clicking the refused pile plays nothing and shows the engine's refusal
    assert board.play(f"bid 1: {' '.join(high)}") is False
    assert board.state is s and "Not allowed" in board.panel.value and "too high" in board.panel.value


def test_the_board_offers_rules_targets_of_the_picked_rocks():
    s = bid_position(3, 4)
    p = s.to_move
    board = KaresansuiBoard(s)
    for sel in [(), s.gardens[p][:1], tuple(s.gardens[p])]:
        board.select(*sel)
        assert board.targets() == rules.targets(s, sel)
        assert board.spots() == tuple(t for t in rules.targets(s, sel) if t.at)
        for t in board.spots():  # the panel words each refusal by its text and names its rule
            if t.reason is not None:
                assert html.escape(t.reason.text) in board.panel.value and t.reason.rule in board.panel.value
    # another seat's board offers nothing
    assert KaresansuiBoard(s, player=(p + 1) % 3).targets() == ()


def test_hover_on_a_refused_pile_explains_the_rule():
    s = bid_position(3, 4)
    p = s.to_move
    board = KaresansuiBoard(s)
    board.select(*s.gardens[p])
    refused = board.spot_actions(legal=False)
    assert refused
    msg(board, kind="hover", action=refused[0], version=board.version)
    assert "Not allowed" in board.panel.value and "karesansui.bid." in board.panel.value


def test_the_selection_survives_a_redraw_but_not_a_garden_that_lost_the_rocks():
    s = dealt(3, 7)
    board = KaresansuiBoard(s)
    rock = s.gardens[s.to_move][0]
    board.pick(rock)
    board.set_state(s, keep_selection=True)
    assert board.selected == (rock,)
    board.set_state(s)
    assert board.selected == ()


def test_mark_picks_the_bids_rocks_and_rings_the_pile():
    s = dealt(3, 7)
    board = KaresansuiBoard(s)
    a = rules.bids(s, 1)[3]
    board.mark(str(a))
    assert board.selected == a.rocks
    assert re.search(rf'class="gk-kpile gk-klegal gk-marked" data-action="{re.escape(str(a))}"', board.svg)


def test_pass_button_only_when_every_pile_has_a_bid():
    s = dealt(3, 7)
    board = KaresansuiBoard(s)
    assert 'data-action="pass"' not in board.svg
    s = rules.apply(s, "bid 1: nothing")
    s = rules.apply(s, "bid 2: nothing")
    board.set_state(s)
    assert 'data-action="pass"' in board.svg
    assert board.play("pass")
    assert board.state.phase in ("bid", "refill", "turnin", "over")


# ----- tutor widgets work on Karesansui states --------------------------------------------------------
def test_try_board_on_a_bid_position():
    s = bid_position(3, 4)
    tb = TryBoard(s, caption="Undercut pile 1")
    assert isinstance(tb.board, KaresansuiBoard)
    assert "Click rocks in your garden" in tb.panel.value
    assert tb.play("bid 2: nothing")
    tb.reset()
    assert tb.state is s


def test_scenario_player_and_quiz_show_karesansui_positions():
    s = dealt(3, 7)
    sc = Scenario(id="k", title="Two bids", text="", start=s, actions=("bid 1: nothing", "bid 2: nothing"),
                  captions=("a free bid", "another"), game="karesansui", from_book=False)
    sp = ScenarioPlayer(sc)
    sp.forward()
    sp.forward()
    assert sp.board.state.bids[1] is not None
    q = Quiz(id="kq", question="Demerits for passing?", state=rules.apply(rules.apply(s, "bid 1: nothing"),
                                                                          "bid 2: nothing"),
             action="pass", answer=1, game="karesansui")
    qw = QuizWidget(q)
    assert qw.check(1).correct
    assert "data-action" not in qw.board.svg


# ----- the game against bots ---------------------------------------------------------------------------------
def play_by_clicks(g, rng):
    """One move of yours, as clicks: pick the bid's rocks and click its pile, pass, or a set."""
    s, b = g.state, g.board
    if s.phase == "bid":
        a = rng.choice(rules.legal_actions(s))
        if str(a) == "pass":
            assert 'data-action="pass"' in b.svg
            msg(b, kind="play", action="pass", version=b.version)
            return
        for r in a.rocks:
            msg(b, kind="pick", value=r, version=b.version)
        assert b.selected == a.rocks
        assert f'data-action="{a}"' in b.svg
        msg(b, kind="play", action=str(a), version=b.version)
    else:
        first = b.turn_in_choices()[0][0][0][0]
        assert f'data-action="{first}"' in b.svg
        msg(b, kind="play", action=first, version=b.version)


@pytest.mark.parametrize("players,opponents,seed", [(3, "greedy", 1), (4, "random", 2), (6, "greedy", 3)])
def test_full_game_against_bots_to_the_end(players, opponents, seed):
    g = KaresansuiGame(players=players, seed=seed, opponents=opponents, bot_delay=0)
    rng = random.Random(seed)
    for _ in range(2000):
        if g.state.phase == "over":
            break
        n = len(g.timeline.history)
        play_by_clicks(g, rng)
        assert len(g.timeline.history) > n, g.panel.value
    assert rules.is_terminal(g.state)
    out = rules.outcome(g.state)
    assert "Game over" in g.status.value
    assert "demerits (fewest wins)" in g.panel.value
    for q in range(players):
        assert f"{g.names[q]}: {g.state.scores[q]} demerits" in html.unescape(g.panel.value)
    cells = re.findall(r"<tr[^>]*><td>(.*?)</td><td[^>]*>([^<]*)</td>", g.scores.value)
    assert [int(v) for _n, v in cells] == list(g.state.scores)
    assert all(not math.isnan(x) for row in g.chart_data() for x in row)
    assert [row[-1] for row in g.chart_data()] == list(g.state.scores)
    assert g.names[out.winners[0]] in g.status.value


def test_the_game_view_hides_the_others_demerits_until_the_end():
    g = KaresansuiGame(players=4, seed=3, opponents="greedy", bot_delay=0)
    rng = random.Random(0)
    # play until some other player holds a card worth something
    while g.state.phase != "over" and not any(len(g.state.lines[q]) for q in (1, 2, 3)):
        play_by_clicks(g, rng)
    s = g.state
    assert s.phase != "over"
    cells = re.findall(r"<tr[^>]*><td>(.*?)</td><td[^>]*>([^<]*)</td><td>([^<]*)</td>", g.scores.value)
    assert "<th>Demerits</th>" in g.scores.value and "fewest wins" in g.scores.value
    assert cells[0][1] == str(s.scores[0])
    for q in (1, 2, 3):
        assert cells[q][1] == "?"
        assert cells[q][2] == str(len(s.lines[q]))  # the number of cards is public
    others = html.unescape(g.others.value)
    for q in (1, 2, 3):
        assert f"{len(s.lines[q])} demerit card" in others
    assert "demerits ·" not in others
    log = html.unescape(g.moves.value)
    assert "(a demerit card, face down)" in log
    for line in log.split("<li>"):
        if "Player 1 (you)" not in line:
            assert not re.search(r"\+\d+ demerit", line)
    chart = g.chart_data()
    assert all(math.isnan(x) for q in (1, 2, 3) for x in chart[q])
    assert "P2: " + str(len(s.lines[1])) + " card" in g.board.svg
    # at the end everything is revealed
    while g.state.phase != "over":
        play_by_clicks(g, rng)
    cells = re.findall(r"<tr[^>]*><td>(.*?)</td><td[^>]*>([^<]*)</td>", g.scores.value)
    assert [int(v) for _n, v in cells] == list(g.state.scores)
    assert "demerits ·" in html.unescape(g.others.value)


def test_hint_rings_a_legal_move_and_undo_goes_back():
    g = KaresansuiGame(players=3, seed=5, bot_delay=0)
    g.hint()
    assert g.board.marked is not None
    assert rules.why_illegal(g.state, g.board.marked) is None
    assert "gk-marked" in g.board.svg
    assert g.board.marked == g.last_hint.moves[0].notation and "demerit" in g.panel.value
    before = g.state
    assert g.play(g.board.marked)
    assert g.undo()
    assert g.state == before


def test_save_and_load_round_trip():
    g = KaresansuiGame(players=4, seed=9, bot_delay=0, start_player=2)
    rng = random.Random(9)
    for _ in range(6):
        if g.state.phase == "over":
            break
        play_by_clicks(g, rng)
    data = json.loads(json.dumps(g.save_data()))
    h2 = KaresansuiGame(players=3, seed=1, bot_delay=0)
    assert h2.load_data(data)
    assert h2.state == g.state and h2.timeline.history == g.timeline.history
    assert h2.players_in.value == 4 and h2.seed == 9
    assert h2.rules.options(h2.timeline.initial) == {"start_player": 2}
    assert h2.board.svg.count("data-pile=") == 3
    # a broken file changes nothing
    assert not h2.load_data("{not json")
    assert h2.state == g.state and "Could not load" in h2.panel.value


def test_a_start_player_other_than_player_1_is_said_when_the_game_starts():
    g = KaresansuiGame(players=4, seed=9, bot_delay=0, start_player=2)
    assert "Player 3 starts." in g.panel.value
    g = KaresansuiGame(players=3, seed=9, bot_delay=0, seat=1, start_player=1)
    assert "Player 2 starts." in g.panel.value


def test_a_miyabi_save_is_refused():
    from gardenkit.widgets import MiyabiGame

    m = MiyabiGame(players=2, seed=1, bot_delay=0)
    g = KaresansuiGame(players=3, seed=1, bot_delay=0)
    before = g.state
    assert not g.load_data(m.save_data())
    assert g.state == before and "not Karesansui" in g.panel.value


def test_game_has_the_browser_hooks_and_says_demerits():
    g = KaresansuiGame(players=3, seed=2, bot_delay=0)
    for cls in ("gk-explanation", "gk-log", "gk-scores", "gk-hint", "gk-undo"):
        assert any(cls in w._dom_classes for w in _walk(g)), cls
    assert g.chart.axes[1].label == "demerits"
    assert "fewest wins" in g.panel.value


def test_the_turn_in_panel_lists_the_orders_in_a_game():
    g = KaresansuiGame(players=4, seed=11, opponents="random", bot_delay=0)
    rng = random.Random(4)
    for _ in range(500):
        if g.state.phase == "over" or (g.state.phase == "turnin" and g.state.to_move == g.seat):
            break
        play_by_clicks(g, rng)
    if g.state.phase != "turnin":
        pytest.skip("no turn-in for you in this game")
    assert "gk-turnin-orders" in g.panel.value
    assert actions_in(g.board.svg) == {str(a) for a in rules.legal_actions(g.state)}


def _walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from _walk(c)
