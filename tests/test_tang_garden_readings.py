"""Tang Garden: the points the rulebook leaves open, one test each for the readings in READINGS.md
that the rule-clause tests do not already show."""
import dataclasses

import gardenkit
from gardenkit.games.tang_garden import TangGardenRules
from gardenkit.games.tang_garden.setups import position

R = TangGardenRules()


def resolve(s):
    while R.current_player(s) is gardenkit.CHANCE:
        s = R.step_chance(s)
    return s


def test_a_two_step_jump_over_a_coin_level_still_pays_it():
    s = position(tiles={"f4": (10, 0), "e6": (3, 90), "f6": (4, 180)}, tops={1: 23}, tracks={0: (0, 3, 0)})
    e = R.explain(s, "build 23 f5 r270")
    assert [(line.points, line.rule) for line in e.lines] == [(1, "tang_garden.track.coins")]
    assert R.apply(s, "build 23 f5 r270").tracks[0][1] == 5


def test_three_footpaths_pay_three_coins_or_one_coin_and_a_step():
    s = position(tiles={"d3": (3, 0), "f4": (17, 90), "f3": (4, 0)}, tops={0: 14})
    s = R.apply(s, "build 14 e3 r0")
    assert s.pending == (("footpath", 3),)
    assert R.explain(s, "footpath coins").points == 3
    e = R.explain(s, "footpath water")
    assert e.points == 1 and R.apply(s, "footpath water").tracks[0][1] == s.tracks[0][1] + 1


def test_line_of_sight_runs_over_empty_spaces_to_the_board_edge():
    s = position(tiles={"d3": (3, 0), "d2": (2, 0), "d1": (5, 0), "c4": (1, 0)}, placed=[("lady", 0, "d3", "tile", "N")],
                 cards={1: ["pine/any"]}, decos=[("d1", "pine")])
    assert [line.points for line in R.final_lines(s, 0) if line.rule == "tang_garden.score.sight"] == [1]
    s2 = dataclasses.replace(s, board=tuple(None if i == 1 * 8 + 3 else t for i, t in enumerate(s.board)))
    from gardenkit.games.tang_garden.scoring import character_lines
    assert character_lines(s2, "lady", 0, 3, 2, "tile", "N")[0].points == 1  # d2 empty: d1's pine still in sight


def test_a_tile_sent_under_its_stack_comes_back_only_when_the_pile_is_empty():
    s = position(tops={0: 2}, own={0: "officer"})
    s = R.apply(s, "officer bottom 2")
    assert s.under[0] == (2,) and 2 not in {a.tile for a, _ in R.chance_outcomes(s)}
    # the flip's outcomes once the unseen pile is gone (its tiles elsewhere): only the tile underneath
    emptied = dataclasses.replace(s, piles=((),) + s.piles[1:])
    assert [(str(a), p) for a, p in R.chance_outcomes(emptied)] == [("flip 2", 1.0)]
    assert R.step_chance(emptied).tops[0] == 2 and R.step_chance(emptied).under[0] == ()


def test_the_build_lantern_needs_two_tiles_face_up_since_the_turn_began():
    s = position(tops={0: 2, 1: 0, 2: 0, 3: 0})
    why = R.why_illegal(s, "lantern build2")
    assert why is not None and why.rule == "tang_garden.lantern.build2"
    s = position(tops={0: 2, 2: 31})
    assert R.why_illegal(s, "lantern build2") is None


def test_with_the_decorate_lantern_a_second_card_that_cannot_be_placed_ends_the_action():
    s = position(tiles={"d3": (3, 0), "f4": (16, 0)})
    s = R.apply(s, "lantern decorate2")
    s = R.apply(R.apply(R.apply(s, "decorate"), "draw fish/water"), "draw lotus/water")
    s = R.apply(s, "keep fish/water f4")  # f4's water area was the only one
    assert s.step == "after" and s.discard == ("lotus/water",)


def test_coins_are_not_limited_by_the_coin_pieces():
    s = position(tops={0: 2}, coins={0: 70})
    assert R.scores(R.apply(s, "build 2 e3 r270"))[0] == 71


def test_several_character_levels_in_one_turn_give_one_influence():
    s = position(tops={0: 1}, tracks={0: (5, 6, 6)})
    s = R.apply(s, "build 1 d3 r0")
    assert s.reached[0] == 2 and s.right
    s = resolve(s)
    assert R.decision(s) == "after"
