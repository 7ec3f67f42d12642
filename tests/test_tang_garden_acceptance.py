"""Tang Garden acceptance: the rulebook read clause by clause (multiplayer, solo, the character list, the
scoring examples and every IMPORTANT / Exception / REMINDER note), each clause checked through the public
contract only (``gardenkit.games.tang_garden``, ``setups.position`` and the rules object), both sides."""
import dataclasses

import pytest

import gardenkit
import gardenkit.testing
from gardenkit.games.tang_garden import Build, Influence, TangGardenRules
from gardenkit.games.tang_garden.setups import position
from gardenkit.testing import assert_allowed, assert_refused
from test_tang_garden_rules import grow  # tiles that fit, found by the rules themselves

R = TangGardenRules()


def resolve(s):
    while R.current_player(s) is gardenkit.CHANCE:
        s = R.step_chance(s)
    return s


def refused(s, a, rule):
    """Refused by why_illegal, explain and apply alike, each naming ``tang_garden.<rule>``."""
    assert_refused(R, s, a, "tang_garden." + rule)


def allowed(s, a):
    """Legal, listed and explained; answers the state after it."""
    assert_allowed(R, s, a)
    return R.apply(s, a)


def effects(e, rule):
    return [x.text for x in e.effects if x.rule == "tang_garden." + rule]


def coins(e, rule):
    return sum(line.points for line in e.lines if line.rule == "tang_garden." + rule)


def moved(s, s2, p=0):
    """How far each cube (greenery, water, rock) of player ``p`` moved."""
    return tuple(b - a for a, b in zip(s.tracks[p], s2.tracks[p]))


def after(**kw):
    kw.setdefault("tiles", {"d3": (3, 0)})
    kw.setdefault("step", "after")
    return position(**kw)


# ----- Build the Garden --------------------------------------------------------------------------------------
# the starting tile (side a): d4 north greenery, e4 north footpath, e4/e5 east water, e5 south footpath,
# d5 south rock, d5/d4 west rock/greenery.

def test_a_placed_tile_must_touch_a_tile_already_in_the_garden():
    s = position(tops={0: 1})
    refused(s, "build 1 a1 r0", "build.adjacent")
    allowed(s, "build 1 c4 r0")  # greenery against d4's greenery


def test_edges_against_neighbours_must_show_the_same_terrain():
    s = position(tops={0: 1})
    refused(s, "build 1 f4 r0", "build.match")  # greenery against e4's water
    refused(s, "build 1 e3 r0", "build.match")  # greenery against e4's footpath


def test_a_wall_matches_any_terrain_but_earns_nothing():
    s = position(tops={0: 5})  # tile 5: greenery on three sides, a wall to the west
    e = R.explain(s, "build 5 f4 r0")  # the wall against e4's water
    assert e.legal and e.points == 0 and not effects(e, "build.advance") and not effects(e, "build.enclose")
    assert moved(s, R.apply(s, "build 5 f4 r0")) == (0, 0, 0)
    # the same tile turned so greenery meets d4's greenery: that edge advances
    s2 = R.apply(s, "build 5 c4 r0")
    assert moved(s, s2) == (1, 0, 0)
    assert moved(s, R.apply(s, "build 5 c4 r180")) == (0, 0, 0)  # the wall against greenery: nothing


def test_each_matching_terrain_edge_advances_its_cube():
    s = position(tops={0: 6})  # tile 6: greenery on three sides, water on one
    refused(s, "build 6 c4 r0", "build.match")  # its water (east) against d4's greenery
    s2 = allowed(s, "build 6 c4 r180")  # turned: greenery meets d4
    assert moved(s, s2) == (1, 0, 0)
    s = position(tiles={"c4": (1, 0)}, tops={0: 12})  # tile 12: greenery north and east, water south and west
    s2 = allowed(s, "build 12 c3 r90")  # c3 touches c4 only (d3 empty): one greenery edge
    assert moved(s, s2) == (1, 0, 0)


def test_terrain_enclosed_by_walls_advances_once_more():
    # rulebook example: one greenery step for the connection and one for closing; the wall earns nothing
    s = position(tiles={"d3": (13, 180), "c3": (31, 0)}, tops={0: 10, 1: 17})
    e = R.explain(s, "build 10 c4 r90")
    assert effects(e, "build.enclose") and effects(e, "build.advance")
    assert moved(s, R.apply(s, "build 10 c4 r90"))[0] == 2


def test_terrain_left_open_is_not_enclosed():
    s = position(tiles={"d3": (2, 0)}, tops={0: 10})
    e = R.explain(s, "build 10 c4 r90")
    assert e.legal and not effects(e, "build.enclose")


def test_terrain_running_to_the_board_edge_is_never_enclosed():
    s = position(tiles={"c4": (4, 0), "b4": (3, 0)}, tops={0: 13})
    e = R.explain(s, "build 13 a4 r180")  # its rock faces off the board
    assert e.legal and not effects(e, "build.enclose")


def test_a_temple_encloses_terrain_on_every_side():
    s = position(tiles={"c5": (45, 0)}, tops={1: 23})
    e = R.explain(s, "build 23 b5 r90")  # b5's only water edge runs into the temple
    assert any("water" in t for t in effects(e, "build.enclose"))
    e = R.explain(s, "build 23 b5 r0")  # the water faces the open b4: nothing closed
    assert not effects(e, "build.enclose")


def test_an_area_enclosed_inside_the_placed_tile_advances_its_cube():
    s = position(tiles={"d3": (3, 0)}, tops={0: 14})  # tile 14: footpaths around a closed greenery area
    s2 = allowed(s, "build 14 e3 r0")
    assert moved(s, s2)[0] == 1
    assert effects(R.explain(s, "build 14 e3 r0"), "build.inner")


def test_one_footpath_match_pays_one_coin():
    s = position(tops={0: 2})
    e = R.explain(s, "build 2 e3 r270")  # its footpath meets e4's footpath
    assert coins(e, "build.footpath") == 1 and e.points == 1


def test_two_footpath_matches_pay_two_coins_or_one_step_on_any_track():
    s = position(tiles={"d3": (3, 0)}, tops={0: 14})
    e = R.explain(s, "build 14 e3 r0")  # the build says a choice follows, citing the rule
    assert any(f.rule == "tang_garden.build.footpath_two" and "choose" in f.text for f in e.effects)
    assert "tang_garden.build.footpath_two" in e.rules
    s2 = allowed(s, "build 14 e3 r0")  # south meets e4's footpath, west meets d3's footpath
    assert R.decision(s2) == "footpath"
    assert {str(a) for a in R.legal_actions(s2)} == {"footpath coins", "footpath greenery", "footpath water",
                                                     "footpath rock"}
    assert R.explain(s2, "footpath coins").points == 2
    s3 = allowed(s2, "footpath rock")
    assert moved(s2, s3) == (0, 0, 1) and R.scores(s3) == R.scores(s2)


def test_a_covered_landscape_token_is_taken_and_a_tile_of_its_size_must_be_inserted():
    s = position(tiles={"d3": (1, 0)}, tops={0: 2})
    s2 = allowed(s, "build 2 d2 r0")  # d2 holds a small token
    assert s2.held[0][1] == s.held[0][1] + 1 and all((x, y) != (3, 1) for x, y, _ in s2.board_tokens)
    assert R.decision(s2) == "landscape"
    refused(s2, "end turn", "build.token")
    shown = s2.land_shown[1]
    large = s2.land_shown[0][0]
    refused(s2, f"landscape {large} N l1", "landscape.insert")  # a large tile for a small token
    refused(s2, f"landscape {shown[0]} N l1", "landscape.insert")  # a small tile in a large slot
    s3 = allowed(s2, f"landscape {shown[0]} E s1")
    assert ("E", "s1", shown[0]) in s3.slots
    s3 = resolve(s3)
    assert len(s3.land_shown[1]) == 2 and shown[0] not in s3.land_shown[1]  # the display is refilled


def test_after_a_build_with_fewer_than_two_tops_face_up_every_top_turns_up():
    s = position(tops={0: 2, 1: 17, 2: 0, 3: 0})
    s2 = allowed(s, "build 2 e3 r270")  # one top face up left
    assert sorted(t for t in s2.todo if t[0] == "flip") == [("flip", 0), ("flip", 2), ("flip", 3)]
    assert all(resolve(s2).tops)
    s = position(tops={0: 2, 1: 17, 2: 31, 3: 0})
    s2 = allowed(s, "build 2 e3 r270")  # two face up left: no flip
    assert not [t for t in s2.todo if t[0] == "flip"] and s2.tops[0] == 0 and s2.tops[3] == 0


# ----- special garden tiles (temples) -------------------------------------------------------------------------
def test_a_temple_needs_no_matching_edges():
    s = position(tops={2: 45})
    allowed(s, "build 45 e3 r0")  # against e4's footpath


def test_a_temple_pays_one_coin_plus_one_per_neighbouring_edge_of_its_element():
    s = position(tops={2: 45})
    assert R.explain(s, "build 45 c5 r0").points == 2  # d5's west edge is rock
    assert R.explain(s, "build 45 e3 r0").points == 1  # a footpath neighbour: nothing more
    assert R.explain(s, "build 45 c4 r0").points == 1  # a greenery neighbour: nothing more


def test_a_later_tile_setting_an_edge_of_the_temples_element_against_it_gains_a_coin():
    s = position(tiles={"c5": (45, 0)}, tops={2: 31, 1: 23, 0: 1})
    e = R.explain(s, "build 31 c6 r0")
    assert coins(e, "temple.later") == 1
    assert not effects(e, "build.advance")  # matching the temple moves no cube
    e = R.explain(s, "build 1 c6 r0")  # greenery against the rock temple: no coin
    assert e.legal and coins(e, "temple.later") == 0


# ----- Place a Decoration ------------------------------------------------------------------------------------
def decorating(drawn, tiles=None, **kw):
    return position(tiles=tiles or {"d3": (3, 0), "f4": (16, 0)}, drawn=tuple(drawn), pending=(("keep",),), **kw)


@pytest.mark.parametrize("down", [0, 1, 2, 3])
def test_decorating_draws_two_cards_plus_one_per_face_down_top(down):
    s = position(tops={k: 0 for k in range(down)})
    s2 = allowed(s, "decorate")
    assert [t for t in s2.todo if t[0] == "draw"] == [("draw",)] * (2 + down)
    assert effects(R.explain(s, "decorate"), "decorate.draw") == [f"draws {2 + down} decoration cards"]


def test_a_card_whose_area_is_nowhere_free_cannot_be_kept():
    s = decorating(["fish/water", "birds/rock"], tiles={"d3": (3, 0)})  # no water area in the garden
    refused(s, "keep fish/water d3", "decorate.supply")
    allowed(s, "keep birds/rock d3")
    # the only greenery area already holds a decoration: birds cannot go there either
    s = decorating(["birds/rock", "fish/water"], tiles={"d3": (3, 0), "f4": (16, 0)}, decos=[("d3", "pine")],
                   cards={1: ["pine/any"]})
    refused(s, "keep birds/rock d3", "decorate.supply")
    allowed(s, "keep fish/water f4")


def test_a_card_whose_decorations_have_run_out_cannot_be_kept():
    spaces = ["f4", "f5", "g4", "g5"]
    tiles = {"f4": (16, 0), "f5": (20, 270), "g4": (21, 0), "g5": (22, 0), "d3": (3, 0)}
    s = decorating(["fish/water", "birds/rock"], tiles=tiles, cards={1: ["fish/any", "fish/greenery", "fish/rock",
                                                                        "fish/token"]},
                   decos=[(sp, "fish") for sp in spaces])
    assert s.components.decorations["fish"] == 4
    refused(s, "keep fish/water f4", "decorate.supply")


def test_when_no_drawn_card_can_be_placed_all_are_discarded_and_optional_actions_stay_open():
    s = decorating(["fish/water", "lotus/rock"], tiles={"d3": (3, 0)}, tops={0: 0}, held={0: (0, 4)}, tokens=[],
                   lanterns={0: (False, True, True, True)})
    assert [str(a) for a in R.legal_actions(s)] == ["discard all"]
    s2 = allowed(s, "discard all")
    assert s2.drawn == () and {"fish/water", "lotus/rock"} <= set(s2.discard)
    assert ("flip", 0) in s2.todo  # the face-down top still turns up
    s2 = resolve(s2)
    acts = {str(a) for a in R.legal_actions(s2)}
    assert {"end turn", "refresh build2 small"} <= acts  # the turn's optional steps are still open
    # with a placeable card, discarding all is refused
    refused(decorating(["fish/water", "birds/rock"]), "discard all", "decorate.none")


def test_the_cards_not_kept_go_to_the_discards():
    s = decorating(["fish/water", "birds/rock", "pine/rock"])
    s2 = allowed(s, "keep fish/water f4")
    assert {"birds/rock", "pine/rock"} <= set(s2.discard) and s2.cards[0] == ("fish/water",)


def test_after_decorating_every_face_down_top_turns_up():
    s = decorating(["fish/water", "birds/rock"], tops={0: 0, 2: 0})
    s2 = allowed(s, "keep fish/water f4")
    assert sorted(t for t in s2.todo if t[0] == "flip") == [("flip", 0), ("flip", 2)]
    assert all(resolve(s2).tops)


def test_the_kept_cards_one_time_bonus_is_taken_at_once():
    s = decorating(["fish/water", "birds/rock"])
    assert moved(s, allowed(s, "keep birds/rock d3")) == (0, 0, 1)
    s = decorating(["fish/any", "birds/rock"])
    s2 = allowed(s, "keep fish/any f4")
    assert R.decision(s2) == "advance"
    assert moved(s2, allowed(s2, "advance water")) == (0, 1, 0)


def test_the_token_bonus_takes_any_board_token_and_inserts_its_landscape_tile():
    s = decorating(["fish/token", "birds/rock"])
    s2 = allowed(s, "keep fish/token f4")
    assert R.decision(s2) == "token"
    x, y, size = s2.board_tokens[0]
    s3 = allowed(s2, f"take token {'abcdefgh'[x]}{y + 1}")
    assert s3.held[0][("large", "small").index(size)] == s2.held[0][("large", "small").index(size)] + 1
    assert R.decision(s3) == "landscape"


# ----- the characters' skills ----------------------------------------------------------------------------------
ENCLOSING = dict(tiles={"d3": (13, 180), "c3": (31, 0)}, tops={0: 10, 1: 17})  # build 10 c4 r90: two greenery steps


def test_student_gains_one_coin_per_placement_however_many_greenery_steps():
    s = position(own={0: "student"}, **ENCLOSING)
    s2 = allowed(s, "build 10 c4 r90")
    assert moved(s, s2)[0] == 2 and coins(R.explain(s, "build 10 c4 r90"), "skill.student") == 1
    assert R.scores(s2)[0] == R.scores(s)[0] + 1
    s = position(own={0: "student"}, tops={2: 45})
    assert coins(R.explain(s, "build 45 c5 r0"), "skill.student") == 0  # no greenery step: no coin


def test_hermit_and_poet_gain_one_coin_when_their_element_moves_and_not_for_another():
    s = position(own={0: "hermit"}, **ENCLOSING)
    assert coins(R.explain(s, "build 10 c4 r90"), "skill.hermit") == 0  # greenery moved, not rock
    s = decorating(["birds/rock", "fish/water"], own={0: "hermit"})
    assert coins(R.explain(s, "keep birds/rock d3"), "skill.hermit") == 1  # a card's rock bonus is a placement
    s = decorating(["birds/rock", "fish/water"], own={0: "poet"})
    assert coins(R.explain(s, "keep fish/water f4"), "skill.poet") == 1
    assert coins(R.explain(s, "keep birds/rock d3"), "skill.poet") == 0


def test_a_footpath_step_on_the_same_element_as_the_tile_pays_no_second_coin():
    s = position(tiles={"d3": (3, 0)}, tops={0: 14}, own={0: "student"})
    s2 = allowed(s, "build 14 e3 r0")  # the inner greenery moves the cube: a coin; then two footpaths
    assert R.scores(s2)[0] == R.scores(s)[0] + 1
    assert R.explain(s2, "footpath greenery").points == 0
    assert R.explain(s2, "footpath coins").points == 2


def test_architect_child_and_empress_gain_two_coins_for_their_decorations():
    tiles = {"d3": (3, 0), "c5": (31, 0), "f4": (17, 90)}
    s = decorating(["pavilion/rock", "fish/water", "lotus/rock", "birds/rock"], tiles=tiles, own={0: "architect"})
    assert coins(R.explain(s, "keep pavilion/rock c5"), "skill.architect") == 2
    assert coins(R.explain(s, "keep fish/water f4"), "skill.architect") == 0
    s = decorating(["pavilion/rock", "fish/water", "lotus/rock", "birds/rock"], tiles=tiles, own={0: "child"})
    assert coins(R.explain(s, "keep fish/water f4"), "skill.child") == 2
    assert coins(R.explain(s, "keep birds/rock d3"), "skill.child") == 2
    assert coins(R.explain(s, "keep lotus/rock f4"), "skill.child") == 0
    s = decorating(["pavilion/rock", "fish/water", "lotus/rock", "birds/rock"], tiles=tiles, own={0: "empress"})
    assert coins(R.explain(s, "keep lotus/rock f4"), "skill.empress") == 2
    assert coins(R.explain(s, "keep fish/water f4"), "skill.empress") == 0


def test_monk_gains_two_coins_only_when_choosing_among_exactly_two():
    s = position(own={0: "monk"}, tops={0: 2, 1: 0, 2: 0, 3: 46})  # exactly two tiles face up
    assert coins(R.explain(s, "build 2 e3 r270"), "skill.monk") == 2
    s = position(own={0: "monk"}, tops={0: 2, 1: 0, 2: 31, 3: 46})  # three
    assert coins(R.explain(s, "build 2 e3 r270"), "skill.monk") == 0
    s = decorating(["fish/water", "birds/rock"], own={0: "monk"})
    assert coins(R.explain(s, "keep fish/water f4"), "skill.monk") == 2
    s = decorating(["fish/water", "birds/rock", "pine/rock"], own={0: "monk"})
    assert coins(R.explain(s, "keep fish/water f4"), "skill.monk") == 0


def test_merchant_pays_a_coin_after_the_normal_draw_for_two_more_cards_or_the_top_discard():
    s = position(own={0: "merchant"}, coins={0: 2}, tiles={"d3": (3, 0), "f4": (16, 0)})
    s = allowed(s, "decorate")
    refused(s, "merchant draw", "turn.order")  # the normal draw comes first
    s = resolve(s)
    n = len(s.drawn)
    assert n == 2 and "merchant draw" in {str(a) for a in R.legal_actions(s)}
    s2 = resolve(allowed(s, "merchant draw"))
    assert len(s2.drawn) == n + 2 and R.scores(s2)[0] == R.scores(s)[0] - 1
    refused(s2, "merchant draw", "skill.merchant")  # once per decoration
    # without the Merchant on the card: refused
    s3 = resolve(allowed(position(own={0: "monk"}, coins={0: 2}), "decorate"))
    refused(s3, "merchant draw", "skill.merchant")


def test_officer_at_the_start_of_the_turn_pays_a_coin_to_turn_up_every_hidden_top_or_sends_a_top_under():
    s = position(tops={0: 2, 1: 0, 3: 0}, own={0: "officer"}, coins={0: 1})
    s2 = allowed(s, "officer flip")
    assert R.scores(s2)[0] == 0 and sorted(s2.todo) == [("flip", 1), ("flip", 3)]
    s3 = allowed(s, "officer bottom 2")
    assert R.scores(s3)[0] == 1 and s3.todo == (("flip", 0),) and s3.tops[0] == 0
    refused(position(tops={1: 0}, own={0: "officer"}), "officer flip", "skill.officer")  # no coin to pay
    built = allowed(position(tops={0: 2, 1: 0}, own={0: "officer"}, coins={0: 1}), "build 2 e3 r270")
    refused(resolve(built), "officer flip", "skill.officer")  # only at the start of the turn


def test_sword_dancer_gains_a_coin_per_token_taken():
    s = position(tiles={"d3": (1, 0)}, tops={0: 2}, own={0: "sword_dancer"})
    assert coins(R.explain(s, "build 2 d2 r0"), "skill.sword_dancer") == 1
    s = decorating(["fish/token", "birds/rock"], own={0: "sword_dancer"})
    s2 = allowed(s, "keep fish/token f4")
    assert coins(R.explain(s2, R.legal_actions(s2)[0]), "skill.sword_dancer") == 1


def test_a_skill_is_gone_once_its_figure_stands_in_the_garden():
    tiles = {"d3": (3, 0), "c5": (31, 0), "f4": (17, 90)}
    s = decorating(["pavilion/rock", "fish/water"], tiles=tiles, own={0: "hermit"},
                   placed=[("architect", 0, "d3", "tile", "N")])
    assert coins(R.explain(s, "keep pavilion/rock c5"), "skill.architect") == 0


# ----- the player board and influencing a character -------------------------------------------------------------
def test_a_character_level_needs_all_three_cubes_at_it():
    s = position(tops={0: 1}, tracks={0: (2, 3, 3)})
    assert allowed(s, "build 1 d3 r0").right  # the last cube reaches level 3
    s = position(tops={0: 1}, tracks={0: (2, 2, 9)})
    assert not allowed(s, "build 1 d3 r0").right  # one cube still short, however far the others


def test_each_cube_pays_each_coin_level_and_three_full_tracks_pay_21():
    comps = position().components
    assert 3 * sum(comps.coin_bonuses.values()) == 21
    level, pay = min(comps.coin_bonuses.items())
    s = position(tops={0: 1}, tracks={0: (level - 1, level, 0)})
    assert R.explain(s, "build 1 d3 r0").points == pay


def test_influence_comes_after_the_main_action():
    s = position(tiles={"d3": (3, 0)}, ctoken={0: True}, tracks={0: (3, 3, 3)})
    refused(s, Influence("deck"), "influence.when")
    allowed(after(ctoken={0: True}), Influence("deck"))


def test_taking_a_revealed_character_reveals_a_new_one_and_a_blind_draw_does_not():
    s = after(right=True, tracks={0: (3, 3, 3)}, shown=("emperor", "lady"))
    refused(s, "influence shown monk", "influence.take")
    s2 = resolve(allowed(s, "influence shown lady"))
    assert "emperor" in s2.char_shown and len(s2.char_shown) == 2 and "lady" not in s2.char_shown
    s3 = resolve(allowed(s, "influence deck"))
    assert s3.char_shown == ("emperor", "lady") and R.decision(s3) == "place"


def test_the_placed_figure_faces_one_of_the_four_cardinal_directions():
    s = resolve(allowed(after(right=True, tracks={0: (3, 3, 3)}, shown=("emperor", "lady")), "influence shown lady"))
    assert {a.facing for a in R.legal_actions(s)} == {"N", "E", "S", "W"}


def test_only_one_character_a_turn_even_with_a_token_and_a_new_level():
    tiles = {"d3": (3, 0), "f4": (17, 90)}
    s = after(tiles=tiles, right=True, tracks={0: (3, 3, 3)}, shown=("emperor", "lady"))
    s = resolve(allowed(s, "influence shown lady"))
    s = allowed(s, "place lady d3 tile N")
    refused(s, Influence("deck"), "influence.once")


def test_declining_or_having_no_free_spot_gives_a_character_token_usable_later():
    s2 = allowed(after(right=True, tracks={0: (3, 3, 3)}), "end turn")
    assert s2.ctoken[0]
    s4 = allowed(after(tiles={"d3": (1, 0)}, right=True, tracks={0: (3, 3, 3)}), "end turn")  # no spot
    assert s4.ctoken[0]
    refused(after(tiles={"d3": (1, 0)}, right=True, tracks={0: (3, 3, 3)}), Influence("deck"), "influence.spot")


def test_reaching_the_next_level_loses_the_token_held():
    s = position(tops={0: 1}, tracks={0: (5, 6, 6)}, ctoken={0: True})
    s2 = allowed(s, "build 1 d3 r0")
    assert not s2.ctoken[0] and s2.right
    assert effects(R.explain(s, "build 1 d3 r0"), "influence.token_lost")


# ----- lanterns --------------------------------------------------------------------------------------------------
def test_the_build_lantern_lays_two_tiles_both_face_up_when_the_turn_began_and_scores_both():
    s = position(tops={0: 2, 2: 31})
    s = allowed(s, "lantern build2")
    refused(s, "decorate", "lantern.build2")
    s1 = allowed(s, "build 2 e3 r270")  # one footpath: a coin
    assert s1.step == "build2"
    s2 = allowed(s1, "build 31 c5 r0")  # rock against d5's rock
    assert s2.step == "after" and R.scores(s2)[0] == R.scores(s)[0] + 1 and moved(s1, s2)[2] >= 1


def test_the_build_lantern_refuses_a_second_tile_turned_up_during_the_turn():
    s = position(tops={0: 2, 1: 0, 2: 0, 3: 0})  # one tile face up at the turn's start
    refused(s, "lantern build2", "lantern.build2")


def test_the_decorate_lantern_keeps_two_cards_with_both_bonuses():
    s = position(tiles={"d3": (3, 0), "f4": (16, 0)})
    s = allowed(s, "lantern decorate2")
    refused(s, f"build {s.tops[0]} e3 r270", "lantern.decorate2")
    s = R.apply(s, "decorate")
    s = R.apply(R.apply(s, "draw fish/water"), "draw birds/rock")
    s1 = allowed(s, "keep fish/water f4")
    assert R.decision(s1) == "keep"
    s2 = allowed(s1, "keep birds/rock d3")
    assert len(s2.cards[0]) == 2 and moved(s, s2) == (0, 1, 1)


def test_the_move_lantern_moves_or_turns_one_standing_character():
    tiles = {"d3": (3, 0), "f4": (17, 90)}
    s = after(placed=[("lady", 0, "d3", "tile", "N")], tiles=tiles)
    s2 = allowed(s, "move lady d3 tile E")
    assert s2.placed[0][5] == "E" and not s2.lanterns[0][2]
    assert allowed(s, "move lady f4 tile S").placed[0][2:] == (5, 3, "tile", "S")
    refused(after(tiles=tiles), "move lady f4 tile S", "lantern.move")  # nobody of yours stands


def test_the_choose_lantern_picks_a_hidden_character_or_landscape_tile():
    s = after(right=True, tracks={0: (3, 3, 3)}, shown=("emperor", "lady"))
    hidden = s.char_deck[0]
    s2 = allowed(s, f"influence choose {hidden}")
    assert hidden not in s2.char_deck and not s2.lanterns[0][3]
    s = allowed(position(tiles={"d3": (1, 0)}, tops={0: 2}), "build 2 d2 r0")
    hidden = s.land_piles[1][0]
    refused(s, f"landscape {hidden} N s1", "landscape.insert")
    s3 = allowed(s, f"landscape {hidden} N s1 lantern")
    assert ("N", "s1", hidden) in s3.slots


def test_reminder_only_one_lantern_a_turn():
    s = allowed(position(), "lantern build2")
    refused(s, "lantern decorate2", "lantern.once")
    refused(position(lanterns={0: (False, True, True, True)}), "lantern build2", "lantern.once")


def test_refreshing_takes_three_same_size_tokens_or_four_with_two_players():
    s = after(players=3, lanterns={0: (False, True, True, True)}, held={0: (2, 1)}, tokens=[])
    refused(s, "refresh build2 large", "lantern.refresh")  # 2 large + 1 small are not three of one size
    refused(s, "refresh build2 small", "lantern.refresh")
    s = after(players=3, lanterns={0: (False, True, True, True)}, held={0: (3, 0)}, tokens=[])
    s2 = allowed(s, "refresh build2 large")
    assert s2.lanterns[0][0] and s2.held[0] == (0, 0)
    s = after(players=2, lanterns={0: (False, True, True, True)}, held={0: (3, 0)}, tokens=[])
    refused(s, "refresh build2 large", "lantern.refresh")
    s = after(players=2, lanterns={0: (False, True, True, True)}, held={0: (4, 0)}, tokens=[])
    assert allowed(s, "refresh build2 large").held[0] == (0, 0)


# ----- the end -------------------------------------------------------------------------------------------------
def test_three_or_fewer_tokens_on_the_board_trigger_the_end():
    s = position(tiles={"d3": (1, 0)}, tops={0: 2}, tokens=["d2", "e2", "b4", "g4"])
    assert not s.ending and allowed(s, "build 2 d2 r0").ending  # four tokens -> three
    s = position(tiles={"d3": (1, 0)}, tops={0: 2}, tokens=["d2", "e2", "b4", "g4", "g5"])
    assert not allowed(s, "build 2 d2 r0").ending  # five -> four


def test_an_empty_stack_triggers_the_end():
    from gardenkit.bots import RandomBot

    def empty(s):
        return any(not s.tops[k] and not s.piles[k] and not s.under[k] for k in range(4))

    s, bot = R.initial_state(players=3, seed=0), RandomBot(0)
    while not s.ending:
        assert not empty(s) or R.current_player(s) is gardenkit.CHANCE
        s = R.step_chance(s) if R.current_player(s) is gardenkit.CHANCE else R.apply(s, bot.choose(R, s))
    assert empty(s) and len(s.board_tokens) > 3  # the stack, not the tokens, ended it


@pytest.mark.parametrize("first,trigger,then", [(0, 2, ()), (0, 0, (1, 2)), (1, 2, (0,)), (1, 0, ())])
def test_the_round_is_finished_up_to_the_player_before_the_engineer(first, trigger, then):
    s = dataclasses.replace(after(players=3, active=trigger, first=first), ending=True)
    for p in then:
        s = allowed(s, "end turn")
        assert not s.over and s.active == p
        s = dataclasses.replace(s, step="after", acted=True)
    s = allowed(s, "end turn")
    assert s.over and R.current_player(s) is None and R.outcome(s) is not None


def finished(players=2, **kw):
    kw.setdefault("tiles", {"d3": (3, 0)})
    s = position(players=players, step="after", active=players - 1, first=0, **kw)
    return allowed(dataclasses.replace(s, ending=True), "end turn")


def lines(s, p, rule):
    return [line.points for line in R.score_breakdown(s, p) if line.rule == "tang_garden." + rule]


def test_the_most_coins_wins():
    s = finished(coins={0: 5, 1: 9})
    assert R.outcome(s).winners == (1,) and R.scores(s) == (5, 9)


def test_a_tie_goes_to_more_landscape_tokens_then_to_cubes_further_along_then_is_shared():
    s = finished(coins={0: 5, 1: 5}, held={0: (8, 1), 1: (0, 7)}, tokens=[])
    assert R.outcome(s).winners == (0,) and R.outcome(s).reason.rule == "tang_garden.end.tie_tokens"
    s = finished(coins={0: 5, 1: 5}, held={0: (4, 4), 1: (4, 4)}, tokens=[], tracks={0: (6, 1, 1), 1: (5, 5, 5)})
    assert R.outcome(s).winners == (0,) and R.outcome(s).reason.rule == "tang_garden.end.tie_tracks"
    s = finished(coins={0: 5, 1: 5}, held={0: (4, 4), 1: (4, 4)}, tokens=[], tracks={0: (5, 2, 1), 1: (1, 5, 2)})
    assert R.outcome(s).winners == (0, 1) and R.outcome(s).reason.rule == "tang_garden.end.tie_shared"


# ----- scoring ----------------------------------------------------------------------------------------------------
GREEN = grow(("d3", "greenery"), ("c3", "greenery"), ("d2", "greenery"), ("c4", "greenery"), ("f4", "water"),
             ("f5", "water"), ("f3", "bridge"), ("g4", "bridge"))


def test_a_birds_and_fish_pair_is_worth_six_and_extra_single_cards_nothing():
    tiles = GREEN
    s = finished(cards={0: ["birds/rock", "fish/water", "birds/any"], 1: ["fish/any"]}, tiles=tiles,
                 decos=[("d3", "birds"), ("f4", "fish"), ("c3", "birds"), ("f5", "fish")])
    assert lines(s, 0, "score.birds_fish") == [6] and lines(s, 1, "score.birds_fish") == []


def test_each_lotus_and_peony_pair_is_worth_six():
    tiles = GREEN
    s = finished(cards={0: ["lotus/rock", "peony/any", "lotus/water", "peony/rock"]}, tiles=tiles,
                 decos=[("d3", "peony"), ("c3", "peony"), ("f4", "lotus"), ("f5", "lotus")])
    assert lines(s, 0, "score.lotus_peony") == [12]


def test_each_bridge_card_is_worth_two():
    s = finished(cards={0: ["bridge/rock", "bridge/any"]}, tiles=GREEN, decos=[("f3", "bridge"), ("g4", "bridge")])
    assert lines(s, 0, "score.bridge") == [4]


def test_tree_sets_pay_one_four_nine_sixteen_twentyfive_each_set_counted():
    cards = {0: ["pine/any", "maple/water", "bamboo/any", "pine/rock"]}
    s = finished(cards=cards, tiles=GREEN,
                 decos=[("c3", "pine"), ("d3", "maple"), ("d2", "bamboo"), ("c4", "pine")])
    assert sorted(lines(s, 0, "score.trees")) == [1, 9]


def pavilions(players, counts):
    names = ["pavilion/greenery", "pavilion/greenery", "pavilion/rock", "pavilion/token", "pavilion/water",
             "pavilion/any"]
    spaces = ["c5", "d6", "c6", "b5", "c7", "b6"]
    tiles = grow(*[(sp, "rock") for sp in spaces], players=players)
    cards, decos, k = {}, [], 0
    for p, n in enumerate(counts):
        cards[p] = names[k:k + n]
        decos += [(spaces[i], "pavilion") for i in range(k, k + n)]
        k += n
    s = finished(players=players, cards=cards, decos=decos, tiles=tiles)
    return [lines(s, p, "score.pavilion") for p in range(players)]


def test_most_pavilion_cards_twelve_second_most_six():
    assert pavilions(3, (2, 1, 0)) == [[12], [6], []]  # (four pavilion decorations in all)
    assert pavilions(2, (1, 0)) == [[12], []]  # no card, no second place


def test_a_tie_for_most_pavilions_splits_eighteen_and_no_second_is_paid():
    assert pavilions(3, (2, 2, 0)) == [[9], [9], []]
    assert pavilions(4, (1, 1, 1, 0)) == [[6], [6], [6], []]
    assert pavilions(4, (1, 1, 1, 1)) == [[4], [4], [4], [4]]


def test_a_tie_for_second_most_pavilions_splits_six_dropping_the_remainder():
    assert pavilions(4, (2, 1, 1, 0)) == [[12], [3], [3], []]


LINE = grow(("d3", ("spot", "greenery")), ("d2", ("spot", "greenery")), ("d1", ("spot", "greenery")))


def test_a_character_sees_every_decoration_along_its_facing_its_own_tile_included():
    decos = [("d3", "birds"), ("d2", "pine"), ("d1", "maple")]
    cards = {0: ["birds/rock"], 1: ["pine/any", "maple/water"]}
    s = finished(placed=[("lady", 0, "d2", "tile", "N")], decos=decos, cards=cards, tiles=LINE)
    assert lines(s, 0, "score.sight") == [2]  # d2 (its own) and d1; d3 is behind it
    s = finished(placed=[("lady", 0, "d2", "tile", "E")], decos=decos, cards=cards, tiles=LINE)
    assert lines(s, 0, "score.sight") == [1]  # only its own tile
    s = finished(placed=[("lady", 0, "d1", "tile", "S")], decos=decos, cards=cards, tiles=LINE)
    assert lines(s, 0, "score.sight") == [3]  # over the starting tile to the board's edge


def test_hermit_poet_student_earn_two_per_tile_of_their_element_in_sight_at_most_ten():
    s = finished(placed=[("student", 0, "d1", "tile", "S")], tiles=LINE, own={0: "hermit"})
    assert lines(s, 0, "score.prefer_terrain") == [6]  # d1, d2, d3 show greenery
    s = finished(placed=[("student", 0, "d1", "tile", "W")], tiles=LINE, own={0: "hermit"})
    assert lines(s, 0, "score.prefer_terrain") == [2]
    col = grow(("f4", "water"), ("f3", "water"), ("f2", "water"), ("f1", "water"), ("f5", "water"), ("f6", "water"),
               ("f7", ("water", "spot")))
    s = finished(placed=[("poet", 0, "f7", "tile", "N")], tiles=col, own={0: "hermit"})
    assert lines(s, 0, "score.prefer_terrain") == [10]  # seven water tiles in sight, capped at ten


SLOTS = {("N", "l1"): "L1", ("N", "l2"): "L2", ("N", "s1"): "S1", ("N", "s2"): "S4", ("N", "s3"): "S3",
         ("E", "s2"): "S5", ("S", "s2"): "S6", ("W", "s2"): "S7"}


def test_a_landscape_preference_counts_the_icons_on_the_five_tiles_of_the_side_faced():
    s = finished(placed=[("emperor", 0, "d1", "tile", "N")], tiles=LINE, slots=SLOTS)
    n = sum(s.components.landscape(t).icons.count("dragon") for side, _, t in s.slots if side == "N")
    assert n >= 2 and lines(s, 0, "score.prefer_icon") == [5 * n]
    s = finished(placed=[("emperor", 0, "d1", "tile", "E")], tiles=LINE, slots=SLOTS)
    east = sum(s.components.landscape(t).icons.count("dragon") for side, _, t in s.slots if side == "E")
    assert lines(s, 0, "score.prefer_icon") == [5 * east]
    s = finished(placed=[("officer", 0, "d1", "tile", "N")], tiles=LINE, slots=SLOTS, own={0: "hermit"})
    icons = sum(len(s.components.landscape(t).icons) for side, _, t in s.slots if side == "N")
    assert lines(s, 0, "score.prefer_any_icon") == [icons]


def test_the_empress_earns_nine_less_three_for_each_of_emperor_and_lady_in_her_sight():
    base = dict(tiles=LINE, own={0: "hermit", 1: "poet"})
    s = finished(placed=[("empress", 0, "d3", "tile", "N")], **base)
    assert lines(s, 0, "score.prefer_empress") == [9]
    s = finished(placed=[("empress", 0, "d3", "tile", "N"), ("emperor", 1, "d2", "tile", "N"),
                         ("lady", 1, "d1", "tile", "E")], **base)
    assert lines(s, 0, "score.prefer_empress") == [3]
    s = finished(placed=[("empress", 0, "d3", "tile", "S"), ("emperor", 1, "d2", "tile", "N"),
                         ("lady", 1, "d1", "tile", "E")], **base)
    assert lines(s, 0, "score.prefer_empress") == [9]  # both behind her


def test_the_lady_earns_six_for_sun_or_moon_and_twelve_for_both():
    slots = dict(SLOTS)
    slots[("E", "l1")] = "L4"  # the sun
    slots[("S", "l1")] = "L5"  # the moon
    s = finished(placed=[("lady", 0, "d1", "tile", "E")], tiles=LINE, slots=slots)
    assert lines(s, 0, "score.prefer_sun_moon") == [6]
    s = finished(placed=[("lady", 0, "d1", "tile", "W")], tiles=LINE, slots=slots)
    assert lines(s, 0, "score.prefer_sun_moon") == [0]
    del slots[("S", "l1")]
    slots[("E", "l2")] = "L5"
    s = finished(placed=[("lady", 0, "d1", "tile", "E")], tiles=LINE, slots=slots)
    assert lines(s, 0, "score.prefer_sun_moon") == [12]


def test_the_breakdown_sums_to_the_score():
    decos = [("d3", "birds"), ("d2", "pine")]
    s = finished(placed=[("lady", 0, "d2", "tile", "S")], decos=decos, coins={0: 4},
                 cards={0: ["birds/rock", "pine/any"]}, tiles=LINE)
    for p in range(2):
        assert sum(line.points for line in R.score_breakdown(s, p)) == R.scores(s)[p]


# ----- solo "Yin & Yang" ----------------------------------------------------------------------------------------
def solo(seed=0):
    s = resolve(R.initial_state(players=1, seed=seed))
    return resolve(R.apply(s, Influence("shown", s.char_shown[0])))


def solo_builds(s):
    return [a for a in R.legal_actions(s) if isinstance(a, Build)]


CENTRAL = ({"c2", "d2", "e2", "f2", "c7", "d7", "e7", "f7"} | {f"{c}{r}" for r in "3456" for c in "bcdefg"}) - {
    "d4", "e4", "d5", "e5"}


def test_solo_keeps_one_of_two_starting_characters_and_the_other_waits_as_a_neutral_figure():
    s = resolve(R.initial_state(players=1, seed=3))
    assert len(s.char_shown) == 2 and all(s.components.character(c).starting for c in s.char_shown)
    kept, other = s.char_shown
    s2 = resolve(R.apply(s, Influence("shown", kept)))
    assert s2.own[0] == kept and other in s2.aside and len(s2.char_deck) + len(s2.char_shown) == 10


def test_solo_tiles_go_only_on_the_28_spaces_of_the_central_garden():
    s = solo()
    names = {"abcdefgh"[a.x] + str(a.y + 1) for a in solo_builds(s)}
    assert names and names <= CENTRAL
    assert len(s.components.central) == 28


def test_solo_each_turn_takes_a_tile_with_the_card_beside_it_and_the_opposite_corner_is_cleared_and_refilled():
    s = solo()
    a = solo_builds(s)[0]
    k = s.tops.index(a.tile)
    o = (k + 2) % 4
    s2 = R.apply(s, a)
    while R.decision(s2) in ("landscape", "skeep"):
        s2 = R.apply(s2, R.legal_actions(s2)[0])
    assert any(d[3] == s.components.card(s.pairs[k]).kind for d in s2.decos)  # the card's decoration is placed
    assert s.tops[o] in s2.display and {s.pairs[k], s.pairs[o]} <= set(s2.discard)
    s3 = resolve(s2)
    assert all(s3.tops) and all(s3.pairs)  # four pairs again


def test_solo_a_pair_whose_decoration_cannot_be_placed_cannot_be_taken():
    s = solo()
    k = next(k for k in range(4) if "rock" not in s.components.tile(s.tops[k]).areas)
    s = dataclasses.replace(s, pairs=tuple("pavilion/rock" if i == k else c for i, c in enumerate(s.pairs)))
    assert not any(a.tile == s.tops[k] for a in solo_builds(s))  # no rock area for the pavilion anywhere
    a = next(Build(s.tops[k], x, y, r) for x in range(8) for y in range(8) for r in (0, 90, 180, 270)
             if R.why_illegal(dataclasses.replace(s, lantern_mode="tile_only"), Build(s.tops[k], x, y, r)) is None)
    refused(s, a, "solo.pair")


def test_solo_coins_for_matching_terrain_edges_and_none_for_footpaths_and_no_cube_moves():
    seen = set()
    for seed in range(6):
        s = solo(seed)
        for a in solo_builds(s):
            e = R.explain(s, a)
            if coins(e, "solo.coins"):
                seen.add("coins")
                assert R.apply(s, a).tracks == s.tracks  # no player board
            if effects(e, "solo.footpath"):
                seen.add("footpath")
                assert not any("footpath" in line.text for line in e.lines)
    assert seen == {"coins", "footpath"}


def test_solo_a_token_brings_both_landscape_tiles_of_its_size_the_second_directly_across():
    for seed in range(10):
        s, cover = solo(seed), []
        for _ in range(12):
            if R.is_terminal(s) or R.decision(s) != "main":
                break
            cover = [a for a in solo_builds(s) if any((a.x, a.y) == (x, y) for x, y, _ in s.board_tokens)]
            if cover:
                break
            s = R.apply(s, solo_builds(s)[0])
            while R.current_player(s) is not None and R.decision(s) not in ("main",):
                s = resolve(R.apply(s, R.legal_actions(s)[0]))
        if not cover:
            continue
        s2 = R.apply(s, cover[0])
        size = s2.pending[0][1]
        first, second = s2.land_shown[("large", "small").index(size)]
        slot = ("s1", "l1")[size == "large"]
        s3 = R.apply(s2, f"landscape {first} N {slot}")
        assert ("N", slot, first) in s3.slots and ("S", slot, second) in s3.slots
        assert len(resolve(s3).land_shown[("large", "small").index(size)]) == 2
        return
    pytest.fail("no token under a legal pair")


def test_solo_tokens_never_refresh_a_lantern():
    s = dataclasses.replace(solo(), held=((0, 4),), lanterns=((False, True, True, True),))
    refused(s, "refresh build2 small", "solo.no_refresh")


def test_solo_characters_join_at_10_20_and_30_coins_four_at_most():
    s = solo()
    s = R.apply(s, solo_builds(s)[0])
    while R.decision(s) not in ("after",):
        s = resolve(R.apply(s, R.legal_actions(s)[0]))
    c = s.char_shown[0]

    def rich(n, team):
        return dataclasses.replace(s, lines=((gardenkit.Line(n, "coins", "tang_garden.solo.coins", 1),),),
                                   team=team)

    one = s.team
    refused(rich(9, one), Influence("shown", c), "solo.influence")
    allowed(rich(10, one), Influence("shown", c))
    two = one + ("x",)
    refused(rich(19, two), Influence("shown", c), "solo.influence")
    allowed(rich(20, two), Influence("shown", c))
    refused(rich(29, two + ("y",)), Influence("shown", c), "solo.influence")
    allowed(rich(30, two + ("y",)), Influence("shown", c))
    refused(rich(99, two + ("y", "z")), Influence("shown", c), "solo.influence")


def finished_solo(coins_won):
    s = solo()
    central = sorted(s.components.central)
    spare = [t for p in s.piles for t in p]
    board = list(s.board)
    last = (3, 2)
    for x, y in central:
        if (x, y) != last and board[y * 8 + x] is None and (x, y) not in {(3, 3), (4, 3), (3, 4), (4, 4)}:
            board[y * 8 + x] = (spare.pop(), 0)
    s = dataclasses.replace(s, board=tuple(board), board_tokens=(), lantern_mode="tile_only", lantern_used=True,
                            team=(), lines=((gardenkit.Line(coins_won, "coins", "tang_garden.solo.coins", 1),),))
    a = next(a for a in solo_builds(s) if (a.x, a.y) == last)
    s = resolve(R.apply(s, a))
    while not R.is_terminal(s):
        s = resolve(R.apply(s, R.legal_actions(s)[0]))
    return s


@pytest.mark.parametrize("score,rank", [(60, "Craftsman"), (61, "Designer"), (75, "Designer"), (76, "Engineer"),
                                        (95, "Engineer"), (96, "Inspector")])
def test_solo_covering_all_28_spaces_wins_and_the_score_gives_the_rank(score, rank):
    s = finished_solo(0)
    got = R.scores(s)[0]
    s = finished_solo(score - got)
    o = R.outcome(s)
    assert o.winners == (0,) and R.scores(s)[0] == score and rank in o.reason.text


def solo_after_a_pair(seed=0):
    s = solo(seed)
    s = R.apply(s, solo_builds(s)[0])
    while R.decision(s) not in ("after",):
        s = resolve(R.apply(s, R.legal_actions(s)[0]))
    return s


def test_solo_four_tokens_of_one_size_send_any_decoration_back_to_the_box_at_any_time():
    s = solo_after_a_pair()
    x, y, area, kind = s.decos[0]
    where = f"{'abcdefgh'[x]}{y + 1} {area}"
    refused(dataclasses.replace(s, held=((0, 3),)), f"remove {where} small", "solo.remove")
    refused(dataclasses.replace(s, held=((2, 2),)), f"remove {where} small", "solo.remove")  # mixed sizes
    s2 = allowed(dataclasses.replace(s, held=((4, 0),)), f"remove {where} large")
    assert not s2.decos and s2.held == ((0, 0),) and kind in s2.boxed
    s3 = resolve(allowed(s2, "end turn"))
    assert R.decision(s3) == "main"
    allowed(dataclasses.replace(s3, held=((0, 4),), decos=s.decos), f"remove {where} small")  # before the pair too


def test_solo_neutral_figures_take_a_spot_and_score_nothing():
    for seed in range(10):
        s = solo(seed)
        for _ in range(10):
            if R.is_terminal(s):
                break
            if R.decision(s) == "neutral":
                cid = s.pending[0][1]
                s2 = R.apply(s, R.legal_actions(s)[0])
                stand = next(c for c in s2.placed if c[0] == cid)
                assert stand[1] == -1  # owned by nobody
                assert all(line.subject != s.components.character(cid).name for line in R.score_breakdown(s2, 0))
                return
            s = R.apply(s, solo_builds(s)[0]) if R.decision(s) == "main" else resolve(
                R.apply(s, R.legal_actions(s)[0]))
            s = resolve(s)
    pytest.fail("no neutral figure stood")


def test_solo_reuse_lantern_repeats_only_an_exhausted_lantern():
    s = solo()
    refused(s, "lantern reuse_redraw", "solo.lantern_reuse")
    s = dataclasses.replace(s, lanterns=((True, True, False, True),))  # redraw used on an earlier turn
    s2 = resolve(allowed(s, "lantern reuse_redraw"))
    assert not s2.lanterns[0][3] and set(s.pairs) <= set(s2.discard) and all(s2.pairs)
    refused(s2, "lantern tile_only", "lantern.once")  # one lantern a turn


def test_solo_redraw_lantern_replaces_the_four_cards():
    s = solo()
    s2 = resolve(allowed(s, "lantern redraw"))
    assert set(s.pairs) <= set(s2.discard) and all(s2.pairs) and R.decision(s2) == "main"


def test_solo_a_defeat_has_no_winner_and_no_rank():
    o = None
    for seed in range(4):
        end = gardenkit.testing.random_game(R, 1, seed)[-1]
        o = R.outcome(end)
        if o.reason.rule == "tang_garden.solo.defeat":
            break
    assert o.reason.rule == "tang_garden.solo.defeat" and o.winners == ()
    assert not any(r in o.reason.text for r in ("Craftsman", "Designer", "Engineer", "Inspector"))


def test_solo_tile_only_lantern_lays_the_tile_and_discards_both_corner_cards():
    s = solo()
    s2 = allowed(s, "lantern tile_only")
    a = solo_builds(s2)[0]
    k = s2.tops.index(a.tile)
    s3 = R.apply(s2, a)
    while R.decision(s3) == "landscape":
        s3 = R.apply(s3, R.legal_actions(s3)[0])
    assert not s3.decos and {s.pairs[k], s.pairs[(k + 2) % 4]} <= set(s3.discard)
    assert s.tops[(k + 2) % 4] in s3.display and all(resolve(s3).pairs)


def test_solo_display_lantern_lays_a_tile_from_the_garden_tile_display():
    s = solo_after_a_pair()
    s = resolve(allowed(s, "end turn"))
    assert s.display
    refused(s, Build(s.display[0], 0, 0, 0), "solo.pair")  # not without the lantern
    s2 = allowed(s, "lantern display")
    got = solo_builds(s2)
    assert got and all(a.tile in s.display for a in got)
    s3 = allowed(s2, got[0])
    assert got[0].tile not in s3.display


def test_merchant_may_instead_pay_a_coin_for_the_top_discard():
    s = position(own={0: "merchant"}, coins={0: 2}, tiles={"d3": (3, 0), "f4": (16, 0)})
    s = resolve(allowed(s, "decorate"))
    deck = list(s.deck)
    card = deck.pop()  # a card moved from the deck to the discards, as an earlier turn would have left it
    s = dataclasses.replace(s, deck=tuple(deck), discard=s.discard + (card,))
    top = s.discard[-1]
    s2 = allowed(s, "merchant discard")
    assert top in s2.drawn and len(s2.drawn) == len(s.drawn) + 1 and R.scores(s2)[0] == R.scores(s)[0] - 1


def test_a_blind_character_draw_is_any_hidden_card_alike():
    s = allowed(after(right=True, tracks={0: (3, 3, 3)}, shown=("emperor", "lady")), "influence deck")
    outs = R.chance_outcomes(s)
    assert sorted(a.char for a, _ in outs) == sorted(s.char_deck)
    assert len({p for _, p in outs}) == 1


def test_the_build_lantern_refuses_a_first_tile_the_officer_turned_up_this_turn():
    # both tiles must have been face up when the turn began: a tile turned up by the Officer at the start of
    # the turn is neither the first nor the second of the two
    s = position(tops={0: 2, 1: 17, 2: 0, 3: 0}, own={0: "officer"}, coins={0: 1})
    s = resolve(allowed(s, "officer flip"))
    fresh = [t for t in s.tops if t not in (2, 17)]
    assert len(fresh) == 2
    s = allowed(s, "lantern build2")
    for t in fresh:
        a = next((a for a in R.legal_actions(dataclasses.replace(s, lantern_mode="")) if isinstance(a, Build)
                  and a.tile == t), None)
        if a is not None:
            refused(s, a, "lantern.build2")
            break
    else:
        pytest.fail("no fresh tile fits anywhere")
    allowed(s, "build 2 e3 r270")


def test_the_drawn_cards_are_seen_by_the_drawing_player_only():
    s = decorating(["fish/water", "birds/rock", "pine/rock"])
    mine, theirs = R.observe(s, 0), R.observe(s, 1)
    assert sorted(mine.drawn) == ["birds/rock", "fish/water", "pine/rock"] and mine.rng is None
    assert not set(theirs.drawn) & {"birds/rock", "fish/water", "pine/rock"} and len(theirs.drawn) == 3
    s2 = allowed(s, "keep fish/water f4")  # the cards not kept go face up to the discards: all see them
    assert {"birds/rock", "pine/rock"} <= set(R.observe(s2, 1).discard)
