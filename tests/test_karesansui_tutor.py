"""Karesansui lessons (every game's quizzes and scenarios: ``test_all_games.py``): every try board is live,
the scenarios replay, the turn-in lessons' orders are the engine's, and the notebook has a heading
for every rule id."""
import pytest

import gardenkit
from gardenkit.tutor import karesansui as lessons

R = gardenkit.make("karesansui")


# ----- quizzes ---------------------------------------------------------------------------------


def test_late_flush_quiz_is_a_position_where_one_card_is_dearer_than_two():
    quiz = {q.id: q for q in lessons.quizzes()}["q-book-flush-late"]
    costs = {tuple(str(a) for a in order): cost for order, cost in R.turn_in_orders(quiz.state)}
    assert costs == {("turn in R1 R2 R3",): 7,
                     ("turn in B2 G2 R2 Y2", "turn in R3 R3 R3"): 2,
                     ("turn in R3 R3 R3", "turn in B2 G2 R2 Y2"): 2}


# ----- the rulebook's example -----------------------------------------------------------------------
def test_worked_example_is_the_rulebooks_garden_with_both_choices():
    two, one = lessons.worked_examples()
    assert (two.id, one.id) == ("book-two-cards", "book-one-card")
    assert two.from_book and one.from_book and two.game == one.game == "karesansui"
    assert two.start == one.start and two.start.gardens[0] == ("R1", "B2", "G2", "R2", "Y2", "R3", "R3", "R3")
    assert [e.points for e in two.explanations(R)] == [1, 1]
    assert [e.points for e in one.explanations(R)] == [1]
    assert [R.parse_action(s, a).kind for s, a in zip(two.states(R), two.actions)] == ["foursome", "trips"]
    assert R.parse_action(one.start, one.actions[0]).kind == "flush"
    assert two.states(R)[-1].scores[0] == 2 and two.states(R)[-1].gardens[0] == ("R1",)
    assert one.states(R)[-1].scores[0] == 1
    assert one.states(R)[-1].gardens[0] == ("B2", "G2", "Y2", "R3", "R3")  # the book's "222 33"


# ----- turn-in lessons --------------------------------------------------------------------------------
HAND_ORDERS = {  # lesson id -> (cheapest cost, the dearest cost): worked out in turn_in_lessons' docstring
    "order-flush-dear": (2, 7),
    "order-trips-first": (1, 2),
    "order-trips-dear": (2, 6),
    "order-which-four": (1, 2),
}


def test_turn_in_lessons_step_through_the_cheapest_order_the_engine_lists():
    assert [sc.id for sc in lessons.turn_in_lessons()] == list(HAND_ORDERS)
    for sc in lessons.turn_in_lessons():
        assert not sc.from_book
        orders = R.turn_in_orders(sc.start)
        costs = [cost for _, cost in orders]
        assert (costs[0], costs[-1]) == HAND_ORDERS[sc.id], sc.id
        cheapest = {tuple(str(a) for a in order) for order, cost in orders if cost == costs[0]}
        assert tuple(sc.actions) in cheapest, sc.id
        assert sum(e.points for e in sc.explanations(R)) == costs[0]
        # the order matters: not every order costs the same
        assert len(set(costs)) > 1


def test_orders_text_lists_every_order_cheapest_first():
    text = lessons.orders_text(lessons.book_start(), R)
    assert text.splitlines() == [" 1 demerit   R1 R2 R3",
                                 " 2 demerits  B2 G2 R2 Y2, then R3 R3 R3",
                                 " 2 demerits  R3 R3 R3, then B2 G2 R2 Y2"]


def test_turn_in_lessons_end_with_player_1_holding_no_set():
    """(Every scenario replays with legal moves and real rules: ``test_all_games.py``.)"""
    for sc in lessons.worked_examples() + lessons.turn_in_lessons():
        last = sc.states(R)[-1]
        assert last.phase != "turnin" or last.to_move != 0, sc.id  # player 1 has no set left

# ----- try boards --------------------------------------------------------------------------------
RULES_TRIED = {
    "karesansui.bid.rocks", "karesansui.bid.undercut", "karesansui.bid.outbid", "karesansui.bid.pass",
    "karesansui.bid.end", "karesansui.sets.trips", "karesansui.sets.foursome", "karesansui.sets.flush",
    "karesansui.sets.order",
}


def test_try_positions_are_live_and_cover_the_bidding_and_set_rules():
    positions = lessons.try_positions()
    assert RULES_TRIED <= set(positions)
    for rule, (state, caption) in positions.items():
        assert rule in R.info.rules
        assert isinstance(R.current_player(state), int), rule
        assert R.legal_actions(state) and caption, rule


# what a learner is invited to try on each board: (a refused move and the rule it names, a legal move)
TRIES = {
    "karesansui.bid.rocks": ("bid 1: W2", "karesansui.bid.rocks", "bid 1: nothing"),
    "karesansui.bid.undercut": ("bid 1: R1 Y1 Y3", "karesansui.bid.undercut", "bid 1: G2 Y3"),
    "karesansui.bid.outbid": ("bid 1: B3 Y3", "karesansui.bid.undercut", "bid 1: R1 Y3"),
    "karesansui.bid.pass": ("pass", "karesansui.bid.pass", "bid 2: nothing"),
    "karesansui.bid.end": ("bid 1: Y3 B3", "karesansui.bid.undercut", "pass"),
    "karesansui.sets.trips": ("bid 1: nothing", "karesansui.sets.order", "turn in G2 G2 G2"),
    "karesansui.sets.foursome": ("turn in R1 R1 Y1 G1", "karesansui.sets.order", "turn in B1 G1 R1 Y1"),
    "karesansui.sets.flush": ("turn in R1 R2 Y3", "karesansui.sets.order", "turn in B1 B2 B3"),
}


@pytest.mark.parametrize("rule", sorted(TRIES))
def test_each_try_board_refuses_and_accepts_what_its_caption_invites(rule):
    state, _ = lessons.try_positions()[rule]
    refused, named, legal = TRIES[rule]
    reason = R.why_illegal(state, refused)
    assert reason and f"[{named}]" in reason, reason
    assert R.why_illegal(state, legal) is None
    assert R.explain(state, legal).legal


def test_outbid_board_gives_the_rocks_back_and_the_undercut_player_bids_next():
    state, _ = lessons.try_positions()["karesansui.bid.outbid"]
    assert "karesansui.bid.outbid" in R.explain(state, "bid 1: R1 Y3").rules
    after = R.apply(state, "bid 1: R1 Y3")
    assert after.gardens[1] == ("B1", "B2", "W2", "G3") and after.to_move == 1 and after.bids[0][0] == 0


def test_end_board_ends_the_bidding_with_a_pass_card():
    state, _ = lessons.try_positions()["karesansui.bid.end"]
    after = R.apply(state, "pass")
    assert after.scores[0] == 1 and after.phase == "draw" and after.passer == 0


def test_each_set_board_holds_exactly_the_set_its_caption_names():
    sets = {rule: [str(a) for a in R.legal_actions(lessons.try_positions()[rule][0])]
            for rule in ("karesansui.sets.trips", "karesansui.sets.foursome", "karesansui.sets.flush")}
    assert sets == {"karesansui.sets.trips": ["turn in G2 G2 G2"],
                    "karesansui.sets.foursome": ["turn in B1 G1 R1 Y1"],
                    "karesansui.sets.flush": ["turn in B1 B2 B3"]}


# The notebook (every lesson shown, its readings, its checked cells, public names only) is checked
# for every game in tests/test_all_games.py, with this game's data in tests/games/<id>/notebook.py.
