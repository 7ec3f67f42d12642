"""Tanuki in the Garden (base game): one test per rule clause, named as the rule reads.

Positions are built by hand (``setups.position``) so each test shows the one rule it is about.
Spaces are named by their blue and gold numbers (``b3g4``: blue 3 = column 3 from the left, gold
4 = row 4 from the top); sides are 1 top, 2 right, 3 bottom, 4 left; a space's path ends are A-H
clockwise from the top-left (A B top, C D right, E F bottom, G H left). Monks are written
``"b3g1 side 1"`` (on a start place) or ``"b3g2 A"`` (facing space b3g2, entering it by end A).
Players are 0-based in code, 1-based in text.

Tiles used (the shipped, reconstructed set):

* tile 34: four straight paths: A-F Shiitake (left, down), B-E Shiitake (right, down), C-H
  Shiitake (top, across), D-G Tanuki Den (bottom, across); turned 90 the left vertical one is the Den;
* tile 1 (and 36): paths that turn back on their own side: A-B Shiitake, C-D Shiitake, E-F Den,
  G-H Ashi-magari (tile 36: E-G Den, F-H Shiitake);
* tile 33: A-E, B-F Shiitake, C-H Den, D-G Ashi-magari (the bottom crossing);
* straight Shiitake paths in other tiles: tile 12 turned 270 and tile 17 turned 180 (A-F); tile 45
  turned 270 has an Ashi-magari on A-F, tile 11 turned 270 a Tanuki Den.
"""
from collections import Counter

import pytest

from gardenkit import CHANCE
from gardenkit.games.tanuki import Roll, TanukiRules
from gardenkit.games.tanuki.board import EDGE_PLACES
from gardenkit.games.tanuki.setups import position
from gardenkit.testing import assert_allowed, assert_refused, play_allowed

R = TanukiRules()


def refused(s, action, rule):
    """Refused by why_illegal, explain and apply alike, each naming ``rule``."""
    return assert_refused(R, s, action, rule)


def allowed(s, action):
    """Legal, listed by legal_actions, and explained."""
    return assert_allowed(R, s, action)


def play(s, *moves):
    return play_allowed(R, s, *moves)


def rules_of(e):
    return set(e.rules)


def total_shiitake(s):
    return s.supply + sum(s.shiitake) + sum(s.stash)


def set_up(players=2, seed=1, **options):
    """A new game with the tiles dealt and both Tanuki placed: players pick start places."""
    s = R.initial_state(players=players, seed=seed, **options)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    return s


# ----- set-up -------------------------------------------------------------------------------------------

def test_setup_tiles_64_tiles_shuffled_and_three_dealt_to_each_player():
    s = R.initial_state(players=4, seed=2)
    assert len(s.components.tiles) == 64 and len(s.pile) == 64 and s.stage == "deal"
    assert R.current_player(s) is CHANCE
    e = R.explain(s, R.legal_actions(s)[0])
    assert "tanuki.setup.tiles" in e.rules
    s = set_up(4, 2)
    assert [len(h) for h in s.hands] == [3, 3, 3, 3]
    assert len(s.pile) == 64 - 12
    assert Counter(s.pile) + Counter(t for h in s.hands for t in h) == Counter(range(1, 65))


def test_setup_supply_80_shiitake_in_a_common_supply():
    s = R.initial_state(players=3)
    assert s.supply == 80 and s.shiitake == (0, 0, 0) and total_shiitake(s) == 80
    assert s.components.supply == 80


def test_setup_tanuki_each_placed_by_its_own_roll_blue_number_then_gold():
    s = R.initial_state(players=2, seed=5)
    while s.stage == "deal":
        s = R.step_chance(s)
    assert s.stage == "place" and R.current_player(s) is CHANCE
    outcomes = R.chance_outcomes(s)
    assert len(outcomes) == 36 and all(abs(p - 1 / 36) < 1e-12 for _a, p in outcomes)
    e = R.explain(s, Roll(4, 5))
    assert "tanuki.setup.tanuki" in e.rules and "b4g5" in str(e)
    s = R.apply(s, Roll(4, 5))
    assert s.tanuki == ((3, 4), None)
    s = R.apply(s, Roll(1, 6))
    assert s.tanuki == ((3, 4), (0, 5)) and s.stage == "setup"


def test_setup_start_every_player_takes_a_free_edge_place_in_turn():
    s = set_up(3, 4)
    assert R.current_player(s) == 0 and R.decision(s) == "setup"
    assert {(a.x, a.y, a.side) for a in R.legal_actions(s)} == set(EDGE_PLACES)  # all 24 are free
    refused(s, "start b3g3 side 1", "tanuki.setup.start")  # not on the edge
    refused(s, "start b1g3 side 2", "tanuki.setup.start")  # b1g3 has no side 2 on the edge
    refused(s, "wait", "tanuki.setup.start")
    s = play(s, "start b3g1 side 1")
    assert R.current_player(s) == 1 and s.monks[0] == ("edge", 2, 0, 1) and s.fresh[0]
    refused(s, "start b3g1 side 1", "tanuki.setup.start")
    # with the wrap reading the bottom of column 3 is the same two path ends
    refused(s, "start b3g6 side 3", "tanuki.setup.start")
    s = play(s, "start b1g1 side 4", "start b6g6 side 2")
    assert R.decision(s) == "chance" and s.turn == 1 and s.active == 0  # player 1 rolls first


def test_setup_start_player_option_takes_the_first_turn():
    s = set_up(3, 4, start_player=2)
    assert R.current_player(s) == 2
    s = play(s, "start b3g1 side 1", "start b1g1 side 4", "start b6g6 side 2")
    assert s.active == 2 and s.turn == 1


def test_board_layout_blue_columns_gold_rows_sides_clockwise_from_the_top():
    s = position(tanuki=("b2g2", "b5g5"), monks={0: "b1g1 side 4", 1: "b6g6 side 2"}, stage="roll")
    s = R.apply(s, "roll blue 1 gold 3")  # blue: toward side 1 (up) 1 space; gold: toward 3 (down) 2... off
    assert s.tanuki[0] == (1, 0)
    s = position(tanuki=("b2g2", "b5g5"), monks={0: "b1g1 side 4", 1: "b6g6 side 2"}, stage="roll")
    s = R.apply(s, "roll blue 2 gold 4")  # blue toward side 2 (right) 2 spaces; gold toward 4 (left) 2 spaces
    assert s.tanuki == ((3, 1), (2, 4))
    assert s.components.extra["board"]["source"] == "reconstructed"


def test_board_edge_wrap_a_path_off_the_top_comes_back_at_the_bottom():
    # monk faces b3g1 from below (end F); tile 34 sends it up A-F and off the top: it comes in at b3g6
    s = position(hands={0: (34, 1, 2)}, monks={0: "b3g1 F", 1: "b6g3 side 2"}, tiles={"b3g6": (12, 270)})
    e = allowed(s, "34@b3g1")
    s = R.apply(s, "34@b3g1")
    assert s.monks[0] == ("at", 2, 4, 5)  # up column 3, round through b3g6 (tile 12: A-F), facing b3g5 from below
    assert e.points == 2  # two Shiitake: b3g1, then b3g6
    assert "tanuki.move.shiitake" in e.rules


def test_board_edge_turn_option_sends_the_path_back_into_the_same_space():
    s = position(hands={0: (34, 1, 2)}, monks={0: "b3g1 F", 1: "b6g3 side 2"}, edge="turn")
    s = R.apply(s, "34@b3g1")
    # up A-F, off the top at A, back in by B, down B-E: stops facing b3g2 from above (end B)
    assert s.monks[0] == ("at", 2, 1, 1)
    assert s.shiitake[0] == 2


# ----- the Tanuki phase ----------------------------------------------------------------------------------

TWO = {0: "b1g1 side 4", 1: "b6g6 side 2"}  # two monks out of the way, on start places


def at_roll(**kw):
    """A turn about to roll the dice (player 1's unless ``active`` says otherwise)."""
    kw.setdefault("monks", TWO)
    return position(stage="roll", **kw)


def test_tanuki_roll_every_turn_starts_with_the_roll_of_both_dice():
    s = at_roll(tanuki=("b3g3", "b4g4"))
    assert R.current_player(s) is CHANCE and R.decision(s) == "chance"
    outcomes = R.chance_outcomes(s)
    assert len(outcomes) == 36 and {(a.blue, a.gold) for a, _p in outcomes} == {(b, g) for b in range(1, 7)
                                                                                  for g in range(1, 7)}
    refused(s, s.hands[0] and f"{s.hands[0][0]}@b1g1 from G", "tanuki.tanuki.roll")
    e = allowed(s, Roll(3, 3))
    assert "tanuki.tanuki.roll" in e.rules


def test_tanuki_direction_its_own_die_one_to_four_toward_that_side_six_stays():
    s = at_roll(tanuki=("b3g3", "b4g4"))
    e = allowed(s, "roll blue 1 gold 6")
    s = R.apply(s, "roll blue 1 gold 6")
    assert s.tanuki == ((2, 0), (3, 3))  # blue: up 2 (gold 6 is even); gold: its die shows 6, it stays
    assert "tanuki.tanuki.direction" in e.rules and "stays" in str(e)
    s = R.apply(at_roll(tanuki=("b3g3", "b4g4")), "roll blue 4 gold 3")
    assert s.tanuki == ((1, 2), (3, 5))  # blue: left 1 (gold 3 odd); gold: down 2 (blue 4 even)


def test_tanuki_choose_on_a_five_the_roller_picks_the_side():
    s = R.apply(at_roll(tanuki=("b3g3", "b5g5"), active=1), "roll blue 5 gold 1")
    assert R.current_player(s) == 1 and R.decision(s) == "direction"
    assert [str(a) for a in R.legal_actions(s)] == ["blue toward 1", "blue toward 2", "blue toward 3", "blue toward 4"]
    refused(s, "gold toward 1", "tanuki.tanuki.choose")
    refused(s, "pass", "tanuki.tanuki.choose")
    e = allowed(s, "blue toward 2")
    assert "tanuki.tanuki.choose" in e.rules
    s = R.apply(s, "blue toward 2")
    assert s.tanuki[0] == (3, 2)  # one space right (gold 1 is odd)


def test_tanuki_distance_the_other_die_odd_one_space_even_two():
    assert R.apply(at_roll(tanuki=("b1g1", "b6g6")), "roll blue 2 gold 3").tanuki[0] == (1, 0)
    assert R.apply(at_roll(tanuki=("b1g1", "b6g6")), "roll blue 2 gold 4").tanuki[0] == (2, 0)
    # and the gold Tanuki's distance is the blue die's
    assert R.apply(at_roll(tanuki=("b1g1", "b6g6")), "roll blue 6 gold 1").tanuki[1] == (5, 3)


def test_tanuki_place_an_off_board_tanuki_comes_back_by_the_roll_instead_of_moving():
    s = at_roll(tanuki=(None, "b4g4"))
    e = allowed(s, "roll blue 2 gold 3")
    s = R.apply(s, "roll blue 2 gold 3")
    assert s.tanuki == ((1, 2), (3, 5))  # blue put on b2g3 (not moved); gold down 2
    assert "tanuki.tanuki.place" in e.rules
    # both off: one roll each
    s = R.apply(at_roll(tanuki=(None, None)), "roll blue 2 gold 3")
    assert s.tanuki == ((1, 2), None) and R.current_player(s) is CHANCE and s.stage == "roll2"
    s = R.apply(s, "roll blue 5 gold 5")
    assert s.tanuki == ((1, 2), (4, 4)) and R.decision(s) == "tile"


def test_tanuki_pass_takes_one_from_each_monk_it_walks_through_as_a_stash():
    s = at_roll(tanuki=("b3g2", "b6g1"), tiles={"b3g3": (34, 0)}, monks={0: "b3g4 A", 1: "b6g6 side 2"},
                shiitake={0: 2}, active=1)
    e = allowed(s, "roll blue 3 gold 2")
    s = R.apply(s, "roll blue 3 gold 2")
    assert s.tanuki[0] == (2, 3)  # through b3g3 (monk 1 stands on its tile), on to b3g4
    assert s.shiitake[0] == 1 and s.stash[2 * 6 + 2] == 1
    assert "tanuki.tanuki.pass" in e.rules
    assert total_shiitake(s) == 80


def test_tanuki_land_on_monks_takes_three_each_and_leaves_the_board_with_no_reward():
    s = at_roll(tanuki=("b3g2", "b6g6"), tiles={"b3g3": (34, 0)}, monks={0: "b3g4 A", 1: "b1g1 side 4"},
                shiitake={0: 5, 1: 4}, active=1)
    e = allowed(s, "roll blue 3 gold 1")
    s = R.apply(s, "roll blue 3 gold 1")
    assert s.tanuki[0] is None and s.shiitake == (2, 4) and s.stash[2 * 6 + 2] == 3
    assert e.points == 0 and "tanuki.tanuki.land" in e.rules and "tanuki.tanuki.off" not in e.rules


def test_tanuki_eat_a_tile_with_no_monk_is_removed_and_its_stash_goes_back():
    s = at_roll(tanuki=("b1g2", "b6g6"), tiles={"b2g2": (34, 0), "b3g2": (12, 0)}, stash={"b2g2": 2})
    e = allowed(s, "roll blue 2 gold 2")
    s = R.apply(s, "roll blue 2 gold 2")
    assert s.tanuki[0] == (2, 1) and s.tile_at(1, 1) is None and s.tile_at(2, 1) is None
    assert {34, 12} <= set(s.discard) and s.stash[1 * 6 + 1] == 0 and s.supply == 80 - 1  # gold walked off: +1
    assert "tanuki.tanuki.eat" in e.rules


def test_tanuki_off_the_board_earns_the_roller_one_and_both_in_one_roll_three():
    s = at_roll(tanuki=("b1g1", "b6g6"))
    e = allowed(s, "roll blue 1 gold 1")
    assert e.points == 1 and "tanuki.tanuki.off" in e.rules
    s = R.apply(s, "roll blue 1 gold 1")
    assert s.tanuki == (None, (5, 4)) and s.shiitake[0] == 1
    s = at_roll(tanuki=("b1g1", "b1g2"))
    e = allowed(s, "roll blue 4 gold 4")
    assert e.points == 3 and R.apply(s, "roll blue 4 gold 4").tanuki == (None, None)


def test_tanuki_together_both_on_one_space_costs_every_player_two():
    s = at_roll(tanuki=("b1g2", "b5g2"), shiitake={0: 3, 1: 1})
    e = allowed(s, "roll blue 2 gold 4")
    s = R.apply(s, "roll blue 2 gold 4")
    assert s.tanuki == ((2, 1), (2, 1)) and s.shiitake == (1, 0) and s.supply == 80 - 1  # 3 paid of 4
    assert e.points == -2 and "tanuki.tanuki.together" in e.rules


def test_tanuki_block_a_tanuki_in_front_is_chased_for_two_or_the_player_passes():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}, tanuki=("b3g2", None),
                 shiitake={0: 3})
    assert R.decision(s) == "tile"
    refused(s, "34@b3g2", "tanuki.tanuki.block")
    assert {str(a) for a in R.legal_actions(s)} == {"chase", "pass"}
    e = allowed(s, "chase")
    assert e.points == -2 and "tanuki.tanuki.block" in e.rules
    after = R.apply(s, "chase")
    assert after.tanuki == (None, None) and after.shiitake[0] == 1 and R.decision(after) == "tile"
    allowed(after, "34@b3g2")
    passed = play(s, "pass")
    assert passed.active == 1  # no tile laid, the hand is full: the turn passes
    assert passed.tile_at(2, 1) is None
    poor = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}, tanuki=("b3g2", None),
                    shiitake={0: 1})
    refused(poor, "chase", "tanuki.tanuki.block")
    assert [t.action for t in R.targets(poor) if not t.legal] == ["chase"]


# ----- laying a tile and walking ----------------------------------------------------------------------

def test_tile_play_on_the_space_in_front_turned_any_way_and_required_when_possible():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)})
    legal = R.legal_actions(s)
    assert len(legal) == 12 and {str(a) for a in legal} >= {"34@b3g2", "34@b3g2/90", "17@b3g2/270"}
    refused(s, "34@b4g4", "tanuki.tile.play")
    refused(s, "5@b3g2", "tanuki.tile.play")
    refused(s, "pass", "tanuki.tile.play")
    refused(s, "34@b3g2 from A", "tanuki.tile.first")
    e = allowed(s, "34@b3g2/180")
    assert "tanuki.tile.play" in e.rules
    after = R.apply(s, "34@b3g2/180")
    assert after.tile_at(2, 1) == (34, 180) and 34 not in after.hands[0]
    with pytest.raises(ValueError, match="90, 180 or 270"):
        R.apply(s, "34@b3g2/45")


def test_tile_first_a_monk_on_its_start_place_picks_one_of_its_two_path_ends():
    s = position(monks={0: "b3g1 side 1", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)})
    assert len(R.legal_actions(s)) == 24  # 3 tiles x 4 turns x 2 ends
    refused(s, "34@b3g1", "tanuki.tile.first")
    refused(s, "34@b3g1 from C", "tanuki.tile.first")
    s = play(s, "34@b3g1 from B")
    assert s.monks[0] == ("at", 2, 1, 1) and not s.fresh[0]  # down B-E, facing b3g2 by B


def test_tile_first_symbols_the_starting_space_counts_for_nothing_on_the_first_move():
    s = position(monks={0: "b3g1 side 1", 1: "b6g6 side 2"}, hands={0: (34, 45, 17)}, tiles={"b3g2": (12, 270)})
    e = allowed(s, "34@b3g1 from A")
    assert e.points == 1  # b3g1's Shiitake does not count, b3g2's does
    assert "tanuki.tile.first_symbols" in e.rules
    # an Ashi-magari on the starting space stops nothing either
    s = position(monks={0: "b3g1 side 1", 1: "b6g6 side 2"}, hands={0: (34, 45, 17)})
    after = R.apply(s, "45@b3g1/270 from A")
    assert not after.ashi_met and after.stage == "draw"
    # on a later move the same path counts
    later = position(monks={0: "b3g1 F", 1: "b6g6 side 2"}, hands={0: (34, 45, 17)}, fresh={0: False})
    assert R.explain(later, "34@b3g1").points == 1


def test_tile_enter_a_start_place_monk_with_a_tile_in_front_sets_off_along_it():
    s = position(monks={0: "b3g1 side 1", 1: "b6g6 side 2"}, hands={0: (12, 45, 17)}, tiles={"b3g1": (34, 0)})
    assert {str(a) for a in R.legal_actions(s)} == {"enter from A", "enter from B"}
    refused(s, "12@b3g1 from A", "tanuki.tile.enter")
    refused(s, "enter from C", "tanuki.tile.enter")
    e = allowed(s, "enter from A")
    assert "tanuki.tile.enter" in e.rules and e.points == 0  # its first move: b3g1's symbol counts nothing
    s = R.apply(s, "enter from A")
    assert s.monks[0] == ("at", 2, 1, 0) and R.decision(s) == "tile"
    allowed(s, "12@b3g2")
    refused(s, "enter from A", "tanuki.tile.enter")


def test_move_order_every_monk_whose_path_grows_walks_active_first_then_clockwise():
    s = position(3, monks={0: "b3g2 H", 1: "b3g2 G", 2: "b3g2 A"}, hands={0: (34, 12, 17)},
                 shiitake={1: 1})
    walks = R.walks(s, "34@b3g2")
    assert [w.player for w in walks] == [0, 1, 2]
    s = R.apply(s, "34@b3g2")
    assert s.monks == (("at", 3, 1, 7), ("at", 3, 1, 6), ("at", 2, 2, 0))
    assert s.shiitake == (1, 0, 1)  # top (Shiitake), bottom (Den), left (Shiitake)
    assert "tanuki.move.order" in R.info.rules


def test_move_shiitake_each_symbol_walked_over_earns_one_from_the_supply():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)},
                 tiles={"b3g3": (12, 270), "b3g4": (17, 180)})
    e = allowed(s, "34@b3g2")
    assert e.points == 3 and [line.rule for line in e.lines] == ["tanuki.move.shiitake"] * 3
    s = R.apply(s, "34@b3g2")
    assert s.monks[0] == ("at", 2, 4, 0) and s.supply == 77


def test_move_stash_a_monk_entering_a_tile_picks_up_its_stash_whatever_its_path():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)}, tiles={"b3g3": (11, 270)},
                 stash={"b3g3": 3})
    e = allowed(s, "34@b3g2")
    assert e.points == 1 + 3 - 1  # b3g2's Shiitake, the stash, then b3g3's Den
    assert "tanuki.move.stash" in e.rules
    s = R.apply(s, "34@b3g2")
    assert s.stash[2 * 6 + 2] == 0 and total_shiitake(s) == 80


def robbed_again(**kw):
    """Player 1's monk still stands on b3g3 (tile 34, facing b3g4), where a Tanuki stole 2 from it
    earlier; player 2 is about to roll, the blue Tanuki is on b3g2, just above."""
    kw.setdefault("tanuki", ("b3g2", "b6g1"))
    return at_roll(tiles={"b3g3": (34, 0)}, monks={0: "b3g4 A", 1: "b6g6 side 2"}, stash={"b3g3": 2}, active=1, **kw)


def test_move_stash_a_tanuki_crossing_the_tile_first_sends_it_back_even_with_the_robbed_monk_still_on_it():
    s = robbed_again(shiitake={0: 2})
    e = allowed(s, "roll blue 3 gold 2")  # the blue Tanuki walks 2 down: through b3g3, onto b3g4
    s = R.apply(s, "roll blue 3 gold 2")
    # the old stash of 2 went back to the supply; the 1 just taken is the new stash (not 2 + 1 = 3)
    assert s.stash[2 * 6 + 2] == 1 and s.shiitake[0] == 1 and s.supply == 80 - 1 - 1 - 1  # gold off: +1 to player 2
    assert total_shiitake(s) == 80
    assert [x.rule for x in e.effects].count("tanuki.move.stash") == 1  # the stash sent back, said once
    assert "tanuki.move.stash" in e.rules and "tanuki.tanuki.pass" in e.rules


def test_move_stash_a_tanuki_landing_on_the_tile_first_sends_it_back_too():
    # our reading: landing on the tile is crossing onto it as much as walking through it
    s = robbed_again(shiitake={0: 5})
    e = allowed(s, "roll blue 3 gold 1")  # one space down: lands on b3g3
    s = R.apply(s, "roll blue 3 gold 1")
    assert s.stash[2 * 6 + 2] == 3 and s.shiitake[0] == 2 and s.tanuki[0] is None and total_shiitake(s) == 80
    assert "tanuki.move.stash" in e.rules and "tanuki.tanuki.land" in e.rules


def test_move_stash_a_tanuki_put_on_the_tile_by_the_dice_does_not_cross_it():
    s = R.apply(robbed_again(tanuki=(None, "b6g1"), shiitake={0: 2}), "roll blue 3 gold 3")
    assert s.tanuki[0] == (2, 2) and s.stash[2 * 6 + 2] == 2 and s.shiitake[0] == 2  # put, not walked: nothing


def test_move_stash_the_robbed_monk_collects_it_itself_by_leaving_and_entering_the_tile_again():
    s = position(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stash={"b3g3": 1},
                 hands={0: (1, 12, 17)})
    e = allowed(s, "1@b3g4")  # tile 1 turns the path back (A-B): up into b3g3 again by E, out by B
    assert e.points == 1 + 1 + 1 and [line.rule for line in e.lines] == [
        "tanuki.move.shiitake", "tanuki.move.stash", "tanuki.move.shiitake"]
    assert R.apply(s, "1@b3g4").stash[2 * 6 + 2] == 0


def test_move_den_each_tanuki_den_walked_over_costs_one():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)}, shiitake={0: 2})
    e = allowed(s, "34@b3g2/90")
    assert e.points == -1 and [line.rule for line in e.lines] == ["tanuki.move.den"]
    assert R.apply(s, "34@b3g2/90").supply == 79


def test_move_ashi_active_the_active_player_draws_no_tiles_this_turn():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (45, 34, 33)}, tiles={"b3g3": (53, 180)})
    e = allowed(s, "45@b3g2/270")
    assert "tanuki.move.ashi_active" in e.rules
    assert sum("Ashi" in str(x) for x in e.effects) == 1  # two Ashi-magari, counted once
    s = R.apply(s, "45@b3g2/270")
    assert s.active == 1 and s.hands[0] == (33, 34)  # the turn ended with no draw


def test_move_ashi_other_a_monk_moved_on_another_players_turn_discards_one_tile():
    s = position(monks={0: "b3g2 H", 1: "b3g2 A"}, hands={0: (45, 34, 33), 1: (1, 2, 3)},
                 tiles={"b3g3": (53, 180)})
    s = R.apply(s, "45@b3g2/270")  # player 2's monk walks A-F across two Ashi-magari
    assert R.current_player(s) == 1 and R.decision(s) == "discard"
    assert [str(a) for a in R.legal_actions(s)] == ["discard 1", "discard 2", "discard 3"]
    refused(s, "34@b4g4", "tanuki.move.ashi_other")
    refused(s, "discard 34", "tanuki.move.ashi_other")
    e = allowed(s, "discard 2")
    assert "tanuki.move.ashi_other" in e.rules
    s = R.apply(s, "discard 2")
    assert s.hands[1] == (1, 3) and 2 in s.discard and R.current_player(s) is CHANCE  # one discard only


def test_crash_meet_two_monks_running_into_each_other_each_pay_five_and_go_back():
    s = position(monks={0: "b3g2 A", 1: "b3g2 F"}, hands={0: (34, 45, 33)}, shiitake={0: 7, 1: 3})
    e = allowed(s, "34@b3g2")
    assert "tanuki.crash.meet" in e.rules and e.points == 1 - 5
    s = R.apply(s, "34@b3g2")
    assert s.monks == (None, None) and s.shiitake == (3, 0) and s.supply == 80 - 3
    assert s.pending == ((0, "restart", None), (1, "restart", None))
    assert "tanuki.crash.bonus" not in e.rules  # the player who laid the tile crashed too


def test_crash_loop_a_path_that_comes_round_costs_five_and_gathers_nothing():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (2, 3, 4)}, tiles={"b3g1": (1, 0)},
                 shiitake={0: 7})
    e = allowed(s, "2@b3g2")  # A-B here turns up into b3g1, whose E-F turns back down to A: a circle
    assert e.points == -5 and [line.rule for line in e.lines] == ["tanuki.crash.loop"]
    s = R.apply(s, "2@b3g2")
    assert s.monks[0] is None and s.shiitake[0] == 2 and s.pending == ((0, "restart", None),)
    assert not s.trails[0]


def test_crash_restart_from_a_free_edge_place_or_wait_until_the_next_turn():
    s = R.apply(position(monks={0: "b3g2 A", 1: "b3g2 F"}, hands={0: (34, 45, 33)}, shiitake={0: 7, 1: 3},
                         tiles={"b1g1": (1, 0)}), "34@b3g2")
    assert R.decision(s) == "restart" and R.current_player(s) == 0
    legal = {str(a) for a in R.legal_actions(s)}
    assert "wait" in legal and "start b2g1 side 1" in legal
    refused(s, "start b1g1 side 1", "tanuki.crash.restart")  # a tile lies in front of it, free places remain
    s = play(s, "wait", "start b2g1 side 1")
    assert s.monks == (None, ("edge", 1, 0, 1))
    # player 1's next turn starts by bringing the monk back
    while R.current_player(s) is CHANCE or R.current_player(s) == 1:
        s = R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, R.legal_actions(s)[0])
    assert R.current_player(s) == 0 and R.decision(s) == "begin"
    refused(s, "wait", "tanuki.crash.restart")
    s = play(s, "start b5g1 side 1")
    assert R.decision(s) == "chance"


def test_crash_restart_with_no_free_edge_place_the_tile_in_front_is_removed():
    edge = [f"b{x}g1" for x in range(1, 7)] + [f"b{x}g6" for x in range(1, 7)]
    edge += [f"b1g{y}" for y in range(2, 6)] + [f"b6g{y}" for y in range(2, 6)]
    tiles = {name: (i + 1, 0) for i, name in enumerate(edge)}
    s = position(monks={0: None, 1: "b3g3 A"}, hands={0: (30, 31, 32), 1: (40, 41, 42)}, tiles=tiles, stage="roll",
                 stash={"b4g1": 2})
    assert R.decision(s) == "begin"
    legal = R.legal_actions(s)
    assert len(legal) == 24  # every place: each has a tile in front
    e = allowed(s, "start b4g1 side 1")
    assert "tanuki.crash.restart" in e.rules
    s = R.apply(s, "start b4g1 side 1")
    assert s.tile_at(3, 0) is None and 4 in s.discard and s.supply == 80


def test_crash_bonus_the_player_whose_tile_sent_others_back_earns_two_for_each():
    s = position(3, monks={0: "b3g2 H", 1: "b3g2 A", 2: "b3g2 F"}, hands={0: (34, 12, 17)},
                 shiitake={1: 6, 2: 2})
    e = allowed(s, "34@b3g2")
    assert e.points == 1 + 4 and "tanuki.crash.bonus" in e.rules
    s = R.apply(s, "34@b3g2")
    assert s.shiitake == (5, 2, 0) and s.monks[1] is None and s.monks[2] is None
    # a loop of another player's monk earns 2
    s = position(monks={0: "b4g2 H", 1: "b3g2 A"}, hands={0: (2, 3, 4)}, tiles={"b3g1": (1, 0)}, shiitake={1: 5})
    s = R.apply(position(monks={0: "b3g2 H", 1: "b3g2 A"}, hands={0: (2, 3, 4)}, tiles={"b3g1": (1, 0)},
                         shiitake={1: 5}), "2@b3g2")
    assert s.monks[1] is None and s.shiitake[1] == 0 and s.shiitake[0] >= 2


def test_draw_refill_back_up_to_three_the_discards_reshuffled_when_the_pile_is_out():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)})
    s = R.apply(s, "34@b3g2")
    assert R.current_player(s) is CHANCE and R.decision(s) == "chance" and s.stage == "draw"
    e = R.explain(s, R.legal_actions(s)[0])
    assert "tanuki.draw.refill" in e.rules
    s = R.step_chance(s)
    assert len(s.hands[0]) == 3 and s.active == 1
    import dataclasses
    empty = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)})
    empty = R.from_dict(dataclasses.replace(empty, pile=(), discard=empty.pile).to_dict())
    e = R.explain(empty, "34@b3g2")
    assert any("shuffled" in str(x) for x in e.effects)
    after = R.apply(empty, "34@b3g2")
    assert after.discard == () and len(after.pile) == 64 - 3 - 3 + 0 and R.current_player(after) is CHANCE


def test_draw_empty_a_player_with_no_tile_rolls_lays_nothing_and_draws_three():
    s = at_roll(hands={0: ()}, tanuki=("b3g3", "b4g4"))
    assert s.empty_start
    s = R.apply(s, "roll blue 6 gold 6")
    assert s.stage == "draw" and R.current_player(s) is CHANCE
    assert "tanuki.draw.empty" in R.explain(s, R.legal_actions(s)[0]).rules
    for _ in range(3):
        s = R.step_chance(s)
    assert len(s.hands[0]) == 3 and s.active == 1


def test_pay_floor_nobody_goes_below_zero_and_an_empty_supply_gives_what_is_left():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)})
    e = allowed(s, "34@b3g2/90")  # a Den with nothing to pay
    assert e.points == 0 and e.lines[0].rule == "tanuki.move.den" and "nothing to pay" in e.lines[0].text
    rich = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)}, shiitake={0: 40, 1: 40})
    e = allowed(rich, "34@b3g2")
    assert e.points == 0 and "supply is empty" in e.lines[0].text


def test_end_target_fifteen_twelve_ten_by_players_short_game_twelve_ten_eight():
    assert [R.initial_state(players=n).target for n in range(2, 9)] == [15, 15, 12, 12, 10, 10, 10]
    assert [R.initial_state(players=n, short=True).target for n in range(2, 9)] == [12, 12, 10, 10, 8, 8, 8]
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)}, shiitake={0: 14})
    s = R.apply(s, "34@b3g2")
    assert s.shiitake[0] == 15 and R.current_player(s) is CHANCE  # the turn ends after the draw
    s = R.step_chance(s)
    assert R.is_terminal(s)
    out = R.outcome(s)
    assert out.winners == (0,) and out.reason.rule == "tanuki.end.winner"


def test_end_target_reached_on_another_players_turn_ends_nothing_until_their_own_turn_ends():
    s = position(monks={0: "b3g2 H", 1: "b3g2 A"}, hands={0: (34, 45, 33)}, shiitake={1: 14})
    s = R.apply(s, "34@b3g2")  # player 2 is moved onto a Shiitake: 15
    s = R.step_chance(s)
    assert s.shiitake[1] == 15 and not R.is_terminal(s) and s.active == 1


def test_end_winner_the_most_shiitake_wins_even_if_another_player_ended_it():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 45, 33)}, shiitake={0: 14, 1: 17})
    s = R.step_chance(R.apply(s, "34@b3g2"))
    assert R.outcome(s).winners == (1,)


def test_end_tie_tied_leaders_each_play_one_more_turn_until_one_leads():
    s = position(3, monks={0: "b3g2 A", 1: "b6g6 side 2", 2: "b1g5 side 4"}, hands={0: (34, 45, 33)},
                 shiitake={0: 14, 1: 15, 2: 3})
    s = R.step_chance(R.apply(s, "34@b3g2"))
    assert not R.is_terminal(s) and s.tiebreak == (1, 0) and s.active == 1 and s.tb_round == 1
    # player 2, then player 1, play one more turn each; then the leader wins
    guard = 0
    while not R.is_terminal(s) and guard < 500:
        s = R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, R.legal_actions(s)[-1])
        guard += 1
    out = R.outcome(s)
    assert R.is_terminal(s) and out.reason.rule == "tanuki.end.tie"
    assert all(s.scores[w] == max(s.scores) for w in out.winners)
