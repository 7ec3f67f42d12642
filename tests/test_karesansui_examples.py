"""The rulebook's worked example, rebuilt as positions, checked against the rulebook's numbers.

The rulebook's garden "1 2222 333": a I, four II's of different colours and three III's, where the
I, one II and the III's share a colour. Here: R1, R2 Y2 G2 B2, R3 R3 R3. Its three sets overlap:
the Straight Flush R1 R2 R3, the Foursome B2 G2 R2 Y2 and the Trips R3 R3 R3.
"""
import pytest

import gardenkit
from gardenkit.games.karesansui.setups import position

R = gardenkit.make("karesansui")
BOOK = "R1 R2 Y2 G2 B2 R3 R3 R3"
FOURSOME, TRIPS, FLUSH = "turn in B2 G2 R2 Y2", "turn in R3 R3 R3", "turn in R1 R2 R3"


def start(**kw):
    """Player 1 passed and turns in first; the others' gardens hold no set."""
    return position(players=3, gardens={0: BOOK, 1: "R1 Y1 G2 W3", 2: "B1 W1 Y3 G3"}, phase="turnin",
                    to_move=0, **kw)


def orders(s):
    return [([str(a) for a in order], cost) for order, cost in R.turn_in_orders(s)]


def play(s, *moves):
    for m in moves:
        assert R.why_illegal(s, m) is None, R.why_illegal(s, m)
        s = R.apply(s, m)
    return s


def test_rulebook_example_the_garden_holds_three_overlapping_sets():
    s = start()
    assert s.to_move == 0 and s.phase == "turnin"
    assert [str(a) for a in R.legal_actions(s)] == [FLUSH, FOURSOME, TRIPS]
    assert [a.kind for a in R.legal_actions(s)] == ["flush", "foursome", "trips"]


def test_rulebook_example_foursome_then_trips_two_cards():
    s = start()
    e = R.explain(s, FOURSOME)
    assert [(line.points, line.rule) for line in e.lines] == [(1, "karesansui.sets.foursome")]
    assert any("still to turn in: 1 set" in x for x in e.effects)
    mid = play(s, FOURSOME)
    assert mid.gardens[0] == ("R1", "R3", "R3", "R3") and mid.to_move == 0  # the Trips is still there
    assert [str(a) for a in R.legal_actions(mid)] == [TRIPS]
    end = play(mid, TRIPS)
    assert end.gardens[0] == ("R1",)
    cards = [(line.points, line.rule) for line in end.lines[0]]
    assert cards == [(1, "karesansui.sets.foursome"), (1, "karesansui.sets.trips")]  # two cards, one of each
    assert end.scores[0] == 2 and end.taken == (0, 1, 1, 0)


def test_rulebook_example_straight_flush_alone_one_card():
    s = start()
    e = R.explain(s, FLUSH)
    assert [(line.points, line.rule) for line in e.lines] == [(1, "karesansui.sets.flush")]
    assert not any("still to turn in" in x for x in e.effects)
    end = play(s, FLUSH)
    assert end.gardens[0] == ("B2", "G2", "Y2", "R3", "R3")  # no set left: one card is all
    assert [(line.points, line.rule) for line in end.lines[0]] == [(1, "karesansui.sets.flush")]
    assert end.scores[0] == 1 and end.taken == (0, 0, 0, 1)
    assert end.phase == "refill" and end.round == 2  # nobody else has a set: the round is over


def test_rulebook_example_turn_in_orders_lists_every_order_with_its_demerits():
    # The book names the two choices; Trips first then the Foursome is the same two cards in the
    # other order, and the engine lists it too (every distinct order).
    assert orders(start()) == [
        ([FLUSH], 1),
        ([FOURSOME, TRIPS], 2),
        ([TRIPS, FOURSOME], 2),
    ]


@pytest.mark.parametrize("taken, cheapest, costs", [
    ({"flush": 6}, [FOURSOME, TRIPS], [2, 2, 7]),  # the Straight Flush's top card is now 7
    ({"flush": 1, "trips": 4, "foursome": 2}, [FLUSH], [2, 3 + 5, 5 + 3]),
    ({"flush": 1}, None, [2, 2, 2]),  # a tie: 2 either way
])
def test_rulebook_example_with_decks_part_taken_the_cheaper_order_changes(taken, cheapest, costs):
    s = start(taken=taken)
    listed = orders(s)
    assert sorted(cost for _, cost in listed) == costs
    assert {tuple(o) for o, _ in listed} == {(FLUSH,), (FOURSOME, TRIPS), (TRIPS, FOURSOME)}
    if cheapest is not None:
        assert listed[0][0] == cheapest
        assert listed[0][1] < listed[-1][1]  # strictly cheaper than the other choice
    # each listed cost is what playing that order really costs
    for order, cost in listed:
        assert play(s, *order).scores[0] == cost


def test_tutor_worked_examples_are_the_rulebooks_two_choices():
    lessons = pytest.importorskip("gardenkit.tutor.karesansui")
    examples = lessons.worked_examples()
    assert len(examples) == 2 and all(sc.from_book for sc in examples)
    by_cards = {}
    for sc in examples:
        assert sorted(sc.start.gardens[0]) == sorted(BOOK.split())
        assert sc.start.phase == "turnin" and sc.start.to_move == 0
        states = sc.states(R)
        assert len(states) == len(sc.actions) + 1 and all(e.legal for e in sc.explanations(R))
        for rule in sc.rules:
            assert rule in R.info.rules
        end = states[-1]
        by_cards[len(end.lines[0])] = ([str(R.parse_action(sc.start, a)) for a in sc.actions], end.scores[0])
    assert by_cards == {2: ([FOURSOME, TRIPS], 2), 1: ([FLUSH], 1)}
    # the order lesson with the dearer Straight Flush turns in the cheaper order
    dear = lessons.flush_expensive_start()
    assert orders(dear)[0] == ([FOURSOME, TRIPS], 2) and orders(dear)[-1] == ([FLUSH], 7)
