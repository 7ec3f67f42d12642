"""Karesansui: one test per rule clause, named as the rule reads.

Positions are built by hand (``setups.position``) so each test shows the one rule it is about.
Rocks are written colour letter + value: R2 is a red II (colours R Y G B W, values 1-3, five
copies of each); K is the black rock. Piles are numbered from 1 in the notation ("bid 2: R1"),
from 0 in ``Bid.pile`` and in ``position(bids=...)``. Players are 0-based in code, 1-based in text.
"""
import dataclasses
from collections import Counter

import pytest

import gardenkit
from gardenkit import CHANCE
from gardenkit.games.karesansui.actions import Bid, Draw, Pass, TurnIn, sort_rocks
from gardenkit.games.karesansui.setups import position
from gardenkit.testing import assert_allowed, assert_refused, play_allowed

R = gardenkit.make("karesansui")
COLOURS = "RYGBW"


def deal(players=3, seed=1, **options):
    """A fresh game with the five rocks each dealt and the piles laid out: bidding starts."""
    s = R.initial_state(players=players, seed=seed, **options)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    return s


def refused(s, action, rule):
    """Refused by why_illegal, explain and apply alike, each naming ``rule``."""
    return assert_refused(R, s, action, rule)


def allowed(s, action):
    """Legal, listed by legal_actions, and explained."""
    return assert_allowed(R, s, action)


def play(s, *moves):
    return play_allowed(R, s, *moves)


def with_black_in_bag(s):
    """The black rock has left the tracker for the bag (as after the tracker's last space)."""
    return dataclasses.replace(s, tracker=0, bag=sort_rocks(s.bag + ("K",)))


def rock_count(s):
    """Every rock of the game, wherever it is (the black one on the tracker or set aside too)."""
    c = Counter(s.bag)
    for x in (*s.gardens, *s.piles, *(b[1] for b in s.bids if b)):
        c.update(x)
    c["K"] += (s.tracker > 0) + s.black_out
    return c


# ----- setup -------------------------------------------------------------------------

def test_setup_rocks_75_coloured_rocks_valued_one_to_three_and_one_black():
    s = R.initial_state(players=3, seed=0)
    comps = s.components
    assert comps.total_rocks == 76
    assert comps.colours == tuple(COLOURS) and comps.values == (1, 2, 3) and comps.copies == 5
    assert Counter(s.bag) == Counter({f"{c}{v}": 5 for c in COLOURS for v in (1, 2, 3)})
    assert len(s.bag) == 75 and "K" not in s.bag
    assert sum(rock_count(s).values()) == 76
    assert comps.rock_name("G3") == "green III" and comps.value("K") == 0


def test_setup_decks_four_decks_one_on_top_down_to_ten_and_a_pass_card_is_one():
    s = R.initial_state(players=3, seed=0)
    decks = s.components.decks
    assert set(decks) == {"pass", "trips", "foursome", "flush"}
    for d in ("trips", "foursome", "flush"):
        assert decks[d] == tuple(range(1, 11))
        assert R.top_card(s, d) == 1
    assert decks["pass"] == (1,) * 10 and R.top_card(s, "pass") == 1
    assert s.taken == (0, 0, 0, 0)
    # the top card is the next in deck order
    later = position(taken={"trips": 3, "pass": 4})
    assert R.top_card(later, "trips") == 4 and R.top_card(later, "pass") == 1


def test_setup_tracker_black_rock_on_space_one_the_rest_in_the_bag():
    s = R.initial_state(players=4, seed=3)
    assert s.tracker == 1 and not s.black_out
    assert "K" not in s.bag and s.components.tracker == 8  # reconstructed length
    assert s.round == 1


def test_setup_draw_five_rocks_each():
    s = R.initial_state(players=3, seed=2)
    assert s.phase == "deal" and R.current_player(s) is CHANCE
    e = R.explain(s, R.legal_actions(s)[0])
    assert "karesansui.setup.draw" in e.rules and "player 1's garden" in e.effects[0]
    while s.phase == "deal":
        s = R.step_chance(s)
    assert [len(g) for g in s.gardens] == [5, 5, 5]
    assert all(list(g) == list(sort_rocks(g)) for g in s.gardens)
    assert sum(rock_count(s).values()) == 76


def test_setup_start_player_one_unless_chosen():
    s = deal(players=3)
    assert s.start == 0 and R.current_player(s) == 0
    s = deal(players=4, start_player=2)
    assert s.start == 2 and R.current_player(s) == 2
    with pytest.raises(ValueError, match="start_player"):
        R.initial_state(players=3, seed=0, start_player=3)


# ----- laying out the piles ------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_round_piles_one_fewer_than_players_each_drawn_until_worth_six(players):
    for seed in range(4):
        s = deal(players=players, seed=seed)
        assert s.phase == "bid"
        assert len(s.piles) == len(s.bids) == players - 1  # 2 to 5 wedges
        for i, pile in enumerate(s.piles):
            assert s.pile_value(i) >= 6
            # drawn one rock at a time: without its last rock the pile was still under 6
            assert s.pile_value(i) - s.components.value(pile[-1]) < 6
        assert sum(rock_count(s).values()) == 76
    # during the refill every drawn rock goes onto the first pile still under 6
    s = R.initial_state(players=3, seed=5)
    while s.phase == "deal":
        s = R.step_chance(s)
    e = R.explain(s, R.legal_actions(s)[0])
    assert "onto pile 1" in e.effects[0] and "karesansui.round.piles" in e.rules
    # only the wedges in use take bids; rocks leave the bag only as chance
    s = position(players=3, gardens={0: "R1"}, piles=["R3 Y3", "G3 B3"])
    refused(s, Bid(2, ()), "karesansui.round.piles")
    refused(s, "draw R1", "karesansui.round.piles")


# ----- bidding ---------------------------------------------------------------------------

def test_bid_turn_clockwise_from_the_start_player_skipping_standing_bids():
    s = position(players=4, gardens={0: "R1 R2", 1: "Y1 Y2", 2: "G1 G2", 3: "B1 B2"},
                 piles=["R3 Y3", "G3 B3", "W3 W3"])
    assert R.current_player(s) == 0
    s = play(s, "bid 1: R2")
    assert s.to_move == 1
    s = play(s, "bid 2: Y2")
    assert s.to_move == 2
    s = play(s, "bid 3: G2")
    assert s.to_move == 3
    s = play(s, "bid 1: B1")  # undercuts player 1: their turn comes next
    assert s.to_move == 0
    s = play(s, "bid 2: R1")  # undercuts player 2
    assert s.to_move == 1
    s = play(s, "bid 1: nothing")  # undercuts player 4; player 3's bid stands: skipped
    assert s.bids[2] == (2, ("G2",))
    assert s.to_move == 3
    # whoever is to bid never has a bid standing; with 3 piles and 4 players one is always free
    assert s.bidder(s.to_move) is None and sum(b is not None for b in s.bids) == 3
    # clockwise from another start player
    s = position(players=3, gardens={2: "R1", 0: "Y1"}, piles=["R3 Y3", "G3 B3"], to_move=2)
    s = play(s, "bid 1: R1")
    assert s.to_move == 0


def test_bid_rocks_any_of_your_own_rocks_all_or_none():
    s = position(players=3, gardens={0: "R1 R2 R3", 1: "Y1"}, piles=["R3 Y3", "G3 B3"])
    e = allowed(s, "bid 1: nothing")
    assert "karesansui.bid.rocks" in e.rules and "worth 0, 0 rocks" in e.effects[0]
    allowed(s, "bid 2: R1 R2 R3")  # the whole garden
    allowed(s, "bid 1: R2")
    # every subset of the garden, on every pile: 2^3 per pile
    assert len(R.bids(s, 0)) == 8 and len(R.bids(s)) == 16
    refused(s, "bid 1: Y1", "karesansui.bid.rocks")  # player 2's rock, not mine
    refused(s, "bid 1: R1 R1", "karesansui.bid.rocks")  # only one R1 in my garden
    refused(s, Bid(0, ("K",)), "karesansui.bid.rocks")  # the black rock is never bid
    after = R.apply(s, "bid 2: R1 R2 R3")
    assert after.gardens[0] == () and after.bids[1] == (0, ("R1", "R2", "R3"))
    assert R.parse_action(s, "bid 1: nothing") == Bid(0, ())


def test_bid_undercut_worth_less_or_the_same_with_fewer_rocks():
    s = position(players=3, gardens={0: "R1 R2 R3 G1 G1 G1 B3", 1: "Y1 Y2"}, piles=["R3 Y3", "G3 B3"],
                 bids={0: (1, "Y1 Y2")})  # worth 3 with 2 rocks
    allowed(s, "bid 1: R2")  # worth less
    allowed(s, "bid 1: R1")
    allowed(s, "bid 1: nothing")
    allowed(s, "bid 1: R3")  # worth the same with fewer rocks
    for worse in ("bid 1: R1 R2", "bid 1: G1 G1 G1", "bid 1: R1 R3", "bid 1: B3 R3"):
        reason = refused(s, worse, "karesansui.bid.undercut")
        # the message names the standing bid's value and rock count
        assert "worth 3 with 2 rocks" in reason and "less than 3" in reason and "fewer than 2 rocks" in reason
    legal = {str(a) for a in R.bids(s, 0)}
    assert legal == {"bid 1: nothing", "bid 1: R1", "bid 1: G1", "bid 1: R2", "bid 1: R3", "bid 1: B3",
                     "bid 1: G1 G1", "bid 1: G1 R1"}
    # the other pile has no bid: anything from the garden
    allowed(s, "bid 2: R1 R2 R3 G1 G1 G1 B3")
    # a standing bid of nothing cannot be undercut; the message says "0 rocks"
    s = position(players=3, gardens={0: "R1"}, piles=["R3 Y3", "G3 B3"], bids={0: (1, "")})
    reason = refused(s, "bid 1: nothing", "karesansui.bid.undercut")
    assert "worth 0 with 0 rocks" in reason
    assert R.bids(s, 0) == ()
    # one rock: "1 rock", singular
    s = position(players=3, gardens={0: "R1 R2"}, piles=["R3 Y3", "G3 B3"], bids={0: (1, "Y2")})
    assert "worth 2 with 1 rock;" in refused(s, "bid 1: R2", "karesansui.bid.undercut")
    allowed(s, "bid 1: R1")


def test_bid_outbid_rocks_return_and_the_player_bids_again_on_any_pile():
    s = position(players=3, gardens={0: "R1 R2", 1: "Y1"}, piles=["R3 Y3", "G3 B3"],
                 bids={0: (1, "Y2 Y3")})  # a bid's rocks are off the garden while it stands
    e = allowed(s, "bid 1: R1")
    assert "karesansui.bid.outbid" in e.rules and "player 2" in e.effects[-1]
    s = R.apply(s, "bid 1: R1")
    assert s.gardens[1] == ("Y1", "Y2", "Y3")  # the rocks came back
    assert s.bids[0] == (0, ("R1",)) and s.gardens[0] == ("R2",)
    assert s.to_move == 1  # their next turn
    piles = {a.pile for a in R.legal_actions(s) if isinstance(a, Bid)}
    assert piles == {0, 1}  # not only the pile they lost
    s = play(s, "bid 2: Y1 Y2 Y3")
    assert s.bids[1] == (1, ("Y1", "Y2", "Y3"))
    assert sum(rock_count(s).values()) == 76


def test_bid_pass_not_while_a_pile_has_no_bid():
    s = position(players=4, gardens={0: "R1", 1: "Y1"}, piles=["R3 Y3", "G3 B3", "W3 W3"],
                 bids={0: (1, "Y1"), 2: (2, "")})
    assert "pile 2 has no bid" in refused(s, "pass", "karesansui.bid.pass")
    assert Pass() not in R.legal_actions(s)
    allowed(s, "bid 1: nothing")  # may bid on a pile that has a bid instead
    s = position(players=3, gardens={0: "R1"}, piles=["R3 Y3", "G3 B3"])
    assert "pile 1 has no bid" in refused(s, "pass", "karesansui.bid.pass")


def test_bid_end_the_first_pass_once_every_pile_has_a_bid():
    s = position(players=3, gardens={0: "R1", 1: "Y1", 2: "G1"}, piles=["R3 Y3", "G3 B3"])
    s = play(s, "bid 1: R1", "bid 2: Y1")
    assert s.to_move == 2 and R.legal_actions(s)[-1] == Pass()
    allowed(s, "bid 1: nothing")  # undercutting is still allowed
    e = allowed(s, "pass")
    assert "karesansui.bid.end" in e.rules
    after = R.apply(s, "pass")
    assert after.phase == "draw" and after.passer == 2 and R.current_player(after) is CHANCE
    assert after.bids == s.bids and after.piles == s.piles  # nobody bids any more


# ----- the trade -------------------------------------------------------------------------

def _bidding_done(taken=None, **kw):
    """3 players; players 1 and 2 have bid on the two piles; player 3 is to act and may pass."""
    s = position(players=3, gardens={0: "W3 W3 W3 W3 W3 R1", 1: "Y1 Y2", 2: "G1"}, piles=["R3 Y3", "G3 B3"],
                 taken=taken, **kw)
    return play(s, "bid 1: W3 W3 W3 W3 W3", "bid 2: Y2")


def test_trade_pass_card_the_passer_takes_a_pass_card_worth_one():
    s = _bidding_done()
    e = allowed(s, "pass")
    assert e.points == 1 and [(line.points, line.rule) for line in e.lines] == [(1, "karesansui.trade.pass_card")]
    after = R.apply(s, "pass")
    assert after.scores == (0, 0, 1) and after.taken[0] == 1
    assert [(line.points, line.rule) for line in after.lines[2]] == [(1, "karesansui.trade.pass_card")]
    # every Pass card is 1, however many were taken before
    s = _bidding_done(taken={"pass": 6})
    assert R.explain(s, "pass").points == 1 and R.action_points(s, Pass()) == 1


def test_trade_draw_the_passer_draws_one_rock_before_the_bids_go_into_the_bag():
    s = R.apply(_bidding_done(), "pass")
    # all five W3 are bid: none can be drawn, since the bids are not in the bag yet
    assert "W3" not in s.bag and Draw("W3") not in R.legal_actions(s)
    assert all(a.rock != "W3" for a, _ in R.chance_outcomes(s))
    refused(s, "draw W3", "karesansui.round.piles")
    e = allowed(s, "draw R2")
    assert "karesansui.trade.draw" in e.rules and "player 3's garden" in e.effects[0]
    after = R.apply(s, "draw R2")
    assert Counter(after.gardens[2]) == Counter(("G1", "R2"))  # exactly one rock more
    assert after.bag.count("W3") == 5  # now the bids are in the bag
    # a seeded draw does the same: one rock into the passer's garden
    seeded = R.step_chance(s)
    assert len(seeded.gardens[2]) == 2


def test_trade_piles_everyone_else_gives_their_bid_and_takes_their_pile():
    s = R.apply(R.apply(_bidding_done(), "pass"), "draw R2")
    assert Counter(s.gardens[0]) == Counter(("R1", "R3", "Y3"))  # gave five W3, took pile 1
    assert Counter(s.gardens[1]) == Counter(("Y1", "G3", "B3"))  # gave Y2, took pile 2
    assert s.piles == ((), ()) and s.bids == (None, None)
    assert sum(rock_count(s).values()) == 76


# ----- forbidden sets --------------------------------------------------------------------

def _turnin(garden, player=0, players=3, **kw):
    return position(players=players, gardens={player: garden}, phase="turnin", to_move=player, **kw)


def test_sets_trips_three_identical_rocks():
    s = _turnin("R1 R1 R1 R1 Y2")
    assert [str(a) for a in R.legal_actions(s)] == ["turn in R1 R1 R1"]
    assert TurnIn(("R1", "R1", "R1")).kind == "trips"
    e = allowed(s, "turn in R1 R1 R1")
    assert [(line.points, line.rule) for line in e.lines] == [(1, "karesansui.sets.trips")]
    refused(s, "turn in Y2 Y2 Y2", "karesansui.sets.trips")  # not in the garden
    # same value, different colours; same colour, different values: not Trips
    assert TurnIn(("R1", "Y1", "G1")).kind is None and TurnIn(("R1", "R1", "R2")).kind is None
    assert position(gardens={0: "R1 R1 Y1 G1 R2 R2"}, phase="turnin").phase != "turnin"  # no set: round over


def test_sets_foursome_four_colours_one_value_choosing_which_four_of_five():
    s = _turnin("R2 Y2 G2 B2 W2")
    options = [a for a in R.legal_actions(s)]
    assert len(options) == 5 and all(a.kind == "foursome" for a in options)
    assert {frozenset(a.rocks) for a in options} == {frozenset(f"{c}2" for c in COLOURS if c != left)
                                                     for left in COLOURS}
    e = allowed(s, "turn in R2 Y2 G2 W2")
    assert [(line.points, line.rule) for line in e.lines] == [(1, "karesansui.sets.foursome")]
    after = R.apply(s, "turn in R2 Y2 G2 W2")
    assert after.gardens[0] == ("B2",)  # the colour I kept
    # a repeated colour or a mixed value is not a Foursome
    assert TurnIn(("R2", "R2", "Y2", "G2")).kind is None and TurnIn(("R2", "Y2", "G2", "B3")).kind is None
    refused(s, "turn in R2 Y2 G2 B3", "karesansui.sets.order")


def test_sets_flush_one_two_three_of_one_colour():
    s = _turnin("G1 G2 G3 Y3")
    assert [str(a) for a in R.legal_actions(s)] == ["turn in G1 G2 G3"]
    e = allowed(s, "turn in G1 G2 G3")
    assert [(line.points, line.rule) for line in e.lines] == [(1, "karesansui.sets.flush")]
    assert TurnIn(("G1", "G2", "Y3")).kind is None and TurnIn(("G1", "G2", "G2")).kind is None
    refused(s, "turn in Y1 Y2 Y3", "karesansui.sets.flush")


def test_sets_order_from_the_passer_clockwise_one_at_a_time_while_sets_remain():
    # player 3 passed; they have no set; then 4, 1, 2 in turn
    s = position(players=4, gardens={0: "R1 R1 R1", 1: "Y1 Y1 Y1", 2: "W1", 3: "G1 G2 G3 B1 B1 B1"},
                 phase="turnin", to_move=2)
    assert s.passer == 2 and s.to_move == 3
    # the player chooses which set first
    assert {str(a) for a in R.legal_actions(s)} == {"turn in G1 G2 G3", "turn in B1 B1 B1"}
    e = allowed(s, "turn in B1 B1 B1")
    assert any("still to turn in: 1 set" in x for x in e.effects)
    s = play(s, "turn in B1 B1 B1")
    assert s.to_move == 3  # a set remains: the same player again
    s = play(s, "turn in G1 G2 G3")
    assert s.to_move == 0
    refused(s, "pass", "karesansui.sets.order")
    refused(s, "bid 1: nothing", "karesansui.sets.order")
    refused(s, "turn in R1 R1", "karesansui.sets.order")  # not a forbidden set
    s = play(s, "turn in R1 R1 R1")
    assert s.to_move == 1
    s = play(s, "turn in Y1 Y1 Y1")
    assert s.phase == "refill" and s.round == 2
    # no turning in while bidding
    b = position(players=3, gardens={0: "R1 R1 R1"}, piles=["R3 Y3", "G3 B3"])
    refused(b, "turn in R1 R1 R1", "karesansui.sets.order")


def test_sets_demerit_the_set_goes_into_the_bag_for_the_top_card_of_its_deck():
    s = position(players=3, gardens={0: "R1 R1 R1", 1: "Y1 Y1 Y1", 2: "G1 G1 G1 W1 W2 W3"}, phase="turnin")
    bag = Counter(s.bag)
    e = allowed(s, "turn in R1 R1 R1")
    assert "go back into the bag" in e.effects[0] and "karesansui.sets.demerit" in e.rules
    s = play(s, "turn in R1 R1 R1")
    assert Counter(s.bag) - bag == Counter({"R1": 3}) and s.gardens[0] == ()
    s = play(s, "turn in Y1 Y1 Y1")
    assert R.explain(s, "turn in G1 G1 G1").points == 3  # 1, 2, 3 down the Trips deck
    s = play(s, "turn in G1 G1 G1")
    assert R.explain(s, "turn in W1 W2 W3").points == 1  # another deck: its own top card
    s = play(s, "turn in W1 W2 W3")
    assert [line.points for line in s.lines[0] + s.lines[1] + s.lines[2]] == [1, 2, 3, 1]
    assert s.taken == (0, 3, 0, 1)
    # beyond the tenth card the demerits go on: 11, 12
    s = position(players=3, gardens={0: "R1 R1 R1", 1: "Y1 Y1 Y1"}, phase="turnin", taken={"trips": 10})
    s = play(s, "turn in R1 R1 R1", "turn in Y1 Y1 Y1")
    assert s.scores == (11, 12, 0)


# ----- the next round ----------------------------------------------------------------------

def test_round_next_the_passer_starts_and_the_black_rock_advances():
    s = position(players=3, gardens={1: "R1 R1 R1"}, phase="turnin", to_move=1, tracker=3)
    s = play(s, "turn in R1 R1 R1")
    assert s.phase == "refill" and s.round == 2 and s.start == 1 and s.tracker == 4
    assert "K" not in s.bag
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    assert s.phase == "bid" and R.current_player(s) == 1  # the passer bids first
    assert all(s.pile_value(i) >= 6 for i in range(2))
    # from the last space the black rock goes into the bag
    s = position(players=3, gardens={2: "R1 R1 R1"}, phase="turnin", to_move=2, tracker=8)
    s = play(s, "turn in R1 R1 R1")
    assert s.tracker == 0 and s.bag.count("K") == 1 and s.start == 2
    assert Draw("K") in R.legal_actions(s)
    assert sum(rock_count(s).values()) == 76
    # once in the bag it stays there, round after round
    s = with_black_in_bag(position(players=3, gardens={0: "Y1 Y1 Y1"}, phase="turnin"))
    s = play(s, "turn in Y1 Y1 Y1")
    assert s.tracker == 0 and s.bag.count("K") == 1


# ----- the end -------------------------------------------------------------------------------

def test_end_black_refill_black_drawn_while_laying_out_piles_ends_at_once():
    s = with_black_in_bag(position(players=3, gardens={0: "R1 R1 R1"}, phase="turnin"))
    s = play(s, "turn in R1 R1 R1")
    assert s.phase == "refill"
    s = R.apply(s, "draw R3")
    e = R.explain(s, "draw black")
    assert "karesansui.end.black_refill" in e.rules
    s = R.apply(s, "draw black")
    assert R.is_terminal(s) and s.black_out and s.piles[0] == ("R3",)  # no bidding on half-laid piles
    assert "black rock" in s.over and R.outcome(s) is not None
    assert sum(rock_count(s).values()) == 76


def test_end_black_pass_finish_the_round_without_a_rock_for_the_passer():
    s = with_black_in_bag(position(players=3, gardens={0: "R1 R1", 1: "Y1", 2: "G1"},
                                   piles=["R1 W3 W3", "G3 B3"]))
    s = play(s, "bid 1: nothing", "bid 2: Y1", "pass")
    e = R.explain(s, "draw black")
    assert "karesansui.end.black_pass" in e.rules
    s = R.apply(s, "draw black")
    assert s.gardens[2] == ("G1",)  # no rock instead of the black one
    assert s.black_out and s.ending
    # the round is finished: the trade, then the forbidden sets
    assert s.phase == "turnin" and s.to_move == 0 and s.gardens[0] == ("R1", "R1", "R1", "W3", "W3")
    s = play(s, "turn in R1 R1 R1")
    assert R.is_terminal(s) and s.round == 1 and s.scores == (1, 0, 1)
    assert sum(rock_count(s).values()) == 76


def test_end_deck_a_deck_runs_out_finish_the_round_and_count_extra_demerits():
    s = position(players=3, gardens={0: "R1 R1 R1", 1: "Y1 Y1 Y1"}, phase="turnin", taken={"trips": 9})
    e = allowed(s, "turn in R1 R1 R1")
    assert e.points == 10 and any("karesansui.end.deck" in x for x in e.effects)
    s = play(s, "turn in R1 R1 R1")
    assert s.ending and not R.is_terminal(s) and s.to_move == 1  # the round goes on
    assert R.explain(s, "turn in Y1 Y1 Y1").points == 11  # beyond the empty deck
    s = play(s, "turn in Y1 Y1 Y1")
    assert R.is_terminal(s) and s.scores == (10, 11, 0) and "Trips" in s.over
    # the Pass deck running out ends the game too, after the round
    s = _bidding_done(taken={"pass": 9})
    assert any("karesansui.end.deck" in x for x in R.explain(s, "pass").effects)
    s = R.apply(s, "pass")
    assert s.ending and s.phase == "draw"
    s = R.apply(s, "draw R2")
    assert R.is_terminal(s) and s.scores == (0, 0, 1) and "Pass" in s.over


def _over(gardens, demerits):
    s = position(players=3, gardens=gardens, demerits=demerits)
    return R._end(s, "a test ending")


def test_end_winner_fewest_demerits_then_fewest_rocks_else_shared():
    assert R.info.lower_wins
    o = R.outcome(_over({0: "R1", 1: "Y1", 2: "G1"}, {0: 4, 1: 2, 2: 3}))
    assert o.winners == (1,) and "fewest demerits (2)" in o.reason and "karesansui.end.winner" in o.reason
    o = R.outcome(_over({0: "R1 R2", 1: "Y1 Y2 Y3", 2: "G1"}, {0: 2, 1: 2, 2: 5}))
    assert o.winners == (0,) and "fewest rocks" in o.reason  # 2 rocks against 3
    o = R.outcome(_over({0: "R1 R2", 1: "Y1 Y2", 2: "G1"}, {0: 2, 1: 2, 2: 5}))
    assert o.winners == (0, 1) and "shared" in o.reason
    assert o.scores == (2, 2, 5)
    assert R.outcome(position(players=3)) is None


def test_hidden_demerits_face_down_for_everyone_else():
    s = position(players=3, gardens={0: "R1"}, piles=["R3 Y3", "G3 B3"], demerits={0: 3, 1: 5, 2: 7})
    seen = R.observe(s, 1)
    assert R.scores(seen) == (0, 5, 0) and seen.hidden == (0, 2)
    assert [line.points for line in seen.lines[1]] == [5]
    assert [(line.points, line.rule) for line in seen.lines[0]] == [(0, "karesansui.hidden.demerits")]
    assert len(seen.lines[2]) == len(s.lines[2])  # how many cards, not what they say
    assert seen.rng is None and s.rng is not None
    assert seen.gardens == s.gardens and seen.piles == s.piles and seen.bids == s.bids  # the rest is open
    assert R.from_dict(seen.to_dict()) == seen
    assert R.legal_actions(seen) == R.legal_actions(s)
    with pytest.raises(ValueError):
        R.observe(s, 3)


def test_a_move_is_decided_once_for_its_explanation_and_its_state(monkeypatch):
    """``_move`` is the one place a Karesansui move is played (issue 25): ``play`` asks it once, and
    what ``explain`` and ``apply`` answer is what it gives, on every move of a seeded game."""
    from gardenkit.bots import RandomBot
    from gardenkit.games.karesansui.rules import KaresansuiRules

    rules = gardenkit.make("karesansui")
    calls = []
    original = KaresansuiRules._move
    monkeypatch.setattr(KaresansuiRules, "_move", lambda self, s, a: calls.append(a) or original(self, s, a))
    s, bot, moves = rules.initial_state(players=3, seed=5), RandomBot(5), 0
    while not rules.is_terminal(s):
        a = rules.sample_chance(s)[0] if rules.current_player(s) is gardenkit.CHANCE else bot.choose(rules, s)
        calls.clear()
        played = rules.play(s, a)
        assert len(calls) == 1, f"{a}: decided {len(calls)} times"
        assert played.explanation == rules.explain(s, a) and played.state == rules.apply(s, a)
        s, moves = played.state, moves + 1
    assert moves > 50
