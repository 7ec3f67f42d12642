"""Tang Garden: every worked example of the rulebook, replayed on our (reconstructed) tiles.

The rulebook's pictures are not ours to copy; each example is rebuilt with tiles of our set laid so
that the situation the rulebook describes arises (which edges meet, what closes), and the result it
states is checked: the same advances, coins and choices.
"""
import gardenkit
from gardenkit.games.tang_garden import TangGardenRules
from gardenkit.games.tang_garden.setups import position

R = TangGardenRules()


def effects(e, rule):
    return [str(x) for x in e.effects if x.rule == "tang_garden." + rule]


def lines(e):
    assert e.legal, e
    return [(line.points, line.rule.split(".", 1)[1]) for line in e.lines]


def resolve(s):
    while R.current_player(s) is gardenkit.CHANCE:
        s = R.step_chance(s)
    return s


def test_viola_matches_every_edge_a_water_step_and_a_footpath_coin():
    # f5 and f6 hold water; Viola turns a water tile with one footpath so its footpath meets the starting
    # tile's footpath (e5's bottom) and its water meets f6's water
    s = position(tiles={"f5": (16, 0), "f6": (21, 0)}, tops={1: 17}, tracks={0: (0, 0, 0)})
    e = R.explain(s, "build 17 e6 r90")
    assert lines(e) == [(1, "build.footpath")]
    assert effects(e, "build.advance") == ["water 0 -> 1 (water edge matched with f6) [tang_garden.build.advance]"]
    after = R.apply(s, "build 17 e6 r90")
    assert after.tracks[0] == (0, 1, 0) and R.scores(after)[0] == 1


def test_a_connection_and_an_enclosure_with_a_wall_that_earns_nothing():
    # d3 closes the start's greenery at the top; c3's rock runs into the new tile's wall
    s = position(tiles={"d3": (13, 180), "c3": (31, 0)}, tops={0: 10})
    e = R.explain(s, "build 10 c4 r90")
    assert e.legal, e
    assert [x.rule for x in e.effects if "greenery" in str(x)] == ["tang_garden.build.advance",
                                                                   "tang_garden.build.enclose"]
    assert R.apply(s, "build 10 c4 r90").tracks[0][0] == s.tracks[0][0] + 2
    assert e.points == 0  # the wall against rock: allowed, nothing for it


def test_two_footpaths_two_coins_or_a_step_and_the_closed_area_inside_the_tile():
    s = position(tiles={"f4": (17, 90), "f3": (4, 0)}, tops={0: 14})
    after = R.apply(s, "build 14 e3 r0")
    assert R.decision(after) == "footpath"
    assert [str(a) for a in R.legal_actions(after)] == ["footpath coins", "footpath greenery", "footpath water",
                                                        "footpath rock"]
    assert after.tracks[0][0] == s.tracks[0][0] + 1  # the greenery shown closed inside the tile
    assert R.explain(after, "footpath coins").points == 2
    rock = R.apply(after, "footpath rock")
    assert rock.tracks[0][2] == s.tracks[0][2] + 1 and R.scores(rock) == R.scores(s)


def test_two_footpath_coins_and_two_water_steps_one_matched_one_closed():
    s = position(tiles={"f4": (10, 0), "e6": (3, 90), "f6": (4, 180)}, tops={1: 23})
    after = R.apply(s, "build 23 f5 r270")
    water = [str(x) for x in R.explain(s, "build 23 f5 r270").effects if "water" in str(x)]
    assert len(water) == 2 and "closed off" in water[1]
    assert after.tracks[0][1] == s.tracks[0][1] + 2
    done = R.apply(after, "footpath coins")
    assert R.scores(done)[0] == R.scores(s)[0] + 2


def test_viola_covers_a_small_token_and_inserts_a_small_landscape():
    s = position(tiles={"d3": (1, 0)}, tops={0: 2})  # two players: a small token lies on d2
    assert (3, 1, "small") in s.board_tokens
    after = R.apply(s, "build 2 d2 r0")
    assert after.held[0] == (0, 1) and (3, 1, "small") not in after.board_tokens
    assert after.tracks[0][0] == s.tracks[0][0] + 1
    assert R.decision(after) == "landscape"
    shown = after.land_shown[1]
    moves = R.legal_actions(after)
    assert {a.tile for a in moves if not a.lantern} == set(shown)
    assert all(a.slot in ("s1", "s2", "s3") for a in moves)
    placed = R.apply(after, f"landscape {shown[0]} N s1")
    assert ("N", "s1", shown[0]) in placed.slots
    assert R.current_player(placed) is gardenkit.CHANCE  # the display is refilled


def test_the_rock_temple_then_michele_builds_against_it():
    s = position(tiles={"d6": (13, 270), "c4": (4, 0), "b4": (19, 270)}, tops={2: 45, 1: 23})
    e = R.explain(s, "build 45 c5 r0")
    assert lines(e) == [(2, "temple.coins")]  # one coin, and one for the starting tile's rock edge
    assert effects(e, "temple.enclose")  # the start's rock closed by the temple's wall
    s = R.apply(s, "build 45 c5 r0")
    s = R.apply(resolve(s), "end turn")
    s = resolve(s)
    assert s.active == 1
    e = R.explain(s, "build 23 b5 r270")
    assert sorted(lines(e)) == [(1, "build.footpath"), (1, "temple.later")]
    assert any("rock" in str(x) for x in effects(e, "build.enclose"))
    assert R.apply(s, "build 23 b5 r270").tracks[1][2] == s.tracks[1][2] + 1


def test_decorate_with_two_face_down_tops_draws_four_and_a_peony_pairs_the_lotus():
    s = position(tops={0: 0, 1: 0}, cards={0: ["lotus/water"]}, decos=[("f4", "lotus")],
                 tiles={"f4": (16, 0), "c4": (1, 0)})
    s = R.apply(s, "decorate")
    assert [t[0] for t in s.todo] == ["draw"] * 4
    for card in ("pavilion/rock", "fish/water", "peony/greenery", "peony/any"):
        s = R.apply(s, f"draw {card}")
    assert R.decision(s) == "keep"
    before = s.tracks[0][0]
    s = R.apply(s, "keep peony/greenery c4")
    assert s.tracks[0][0] == before + 1
    assert sorted(s.discard) == ["fish/water", "pavilion/rock", "peony/any"]
    assert [(line.points, line.rule) for line in R.final_lines(s, 0)] == [(6, "tang_garden.score.lotus_peony")]


def test_the_emperor_facing_two_dragons():
    slots = {("N", "l1"): "L1", ("N", "l2"): "L2", ("N", "s2"): "S4", ("E", "s2"): "S5", ("S", "s2"): "S6",
             ("W", "s2"): "S7"}
    # Viola's decoration moves her water cube to the third level: a character may be influenced
    s = position(tiles={"d3": (3, 0), "f4": (16, 0)}, tracks={0: (3, 2, 3)}, own={0: "hermit", 1: "poet"},
                 shown=("emperor", "lady"), slots=slots, drawn=("fish/water", "birds/rock"), pending=(("keep",),))
    s = resolve(R.apply(s, "keep fish/water f4"))
    assert s.right and s.tracks[0] == (3, 3, 3) and R.decision(s) == "after"
    s = R.apply(s, "influence shown emperor")
    s = resolve(s)
    assert len(s.char_shown) == 2 and "emperor" not in s.char_shown  # a new card revealed
    s = R.apply(s, "place emperor d3 tile N")
    assert s.own[0] == "hermit" and ("emperor", 0, 3, 2, "tile", "N") in s.placed
    emperor = [(line.points, line.rule) for line in R.final_lines(s, 0) if line.subject == "Emperor"]
    assert emperor == [(0, "tang_garden.score.sight"), (10, "tang_garden.score.prefer_icon")]
