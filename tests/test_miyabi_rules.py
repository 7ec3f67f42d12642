"""Miyabi: one test per rule clause, named as the rule reads.

Positions are built by hand (``setups.position``) so each test shows the one rule it is about.
Squares: column a-f (x 0-5, one lantern each), row 1-6 (y 0-5) from the top: maple, pagoda,
fish, azalea, boxwood, stone. Tiles 1-32 singles, 33-64 doubles, 65-80 straight triples,
81-96 corner triples; Zen tiles Z1-3 maple, Z4-6 pagoda, Z7-8 fish, Z9-10 azalea, Z11-13
boxwood, Z14-16 stone.
"""
import dataclasses

import pytest

import gardenkit
from gardenkit import CHANCE, IllegalActionError
from gardenkit.games.miyabi import actions as act
from gardenkit.games.miyabi.setups import position
from gardenkit.testing import assert_allowed, assert_refused

R = gardenkit.make("miyabi")
KINDS = ("maple", "pagoda", "fish", "azalea", "boxwood", "stone")
FISH = 2  # the fish row (y), worth 8 / 4 at the end


def deal(players=2, seed=1, **options):
    s = R.initial_state(players=players, seed=seed, **options)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    return s


def first(s):
    return R.legal_actions(s)[0]


def advance(s, choose=first):
    """One step: chance resolved with the seed, else ``choose``'s action."""
    return R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, choose(s))


def refused(s, action, rule):
    """Refused by why_illegal, explain and apply alike, each naming ``rule``."""
    return assert_refused(R, s, action, rule)


def allowed(s, action):
    """Legal, listed by legal_actions, and explained."""
    return assert_allowed(R, s, action)


def lines_of(e):
    return [(line.points, line.rule) for line in e.lines]


def last_turn(gardens, display, column="f", **options):
    """Player 1's last turn of a 2-player game: player 2 has passed, only ``column`` is free."""
    return position(players=2, gardens={0: gardens}, display=display, round=6, to_move=0, passed=(1,),
                    lanterns={0: [c for c in "abcdef" if c != column]}, **options)


def finals(s, player, rule_prefix="miyabi.end."):
    return [(line.points, line.rule) for line in R.final_lines(s, player) if line.rule.startswith(rule_prefix)]


# ----- setup -------------------------------------------------------------------------

def test_setup_board_six_rows_of_kinds_and_a_lantern_field_per_column():
    s = deal(players=3)
    assert s.components.kinds == KINDS
    assert all(not g.pieces for g in s.gardens)
    assert all(s.lantern_free(p, x) for p in range(3) for x in range(6))
    assert all(s.gardens[0].height(x, y) == 0 for x in range(6) for y in range(6))
    # the row of each kind is fixed by the board: a maple goes in row 1, a stone in row 6
    s = position(display=[1, 28])
    assert {(a.tile, a.y) for a in R.legal_actions(s)} == {(1, 0), (28, 5)}
    # six columns: a square beyond the sixth is refused
    refused(s, act.Place(1, 6, 0), "miyabi.place.grid")


def test_setup_start_player_holds_the_bonsai_and_can_be_chosen():
    assert R.current_player(deal(players=3)) == 0
    s = deal(players=3, start_player=2)
    assert s.start == 2 and R.current_player(s) == 2
    with pytest.raises(ValueError, match="start_player"):
        R.initial_state(players=3, seed=0, start_player=3)


# ----- a building round --------------------------------------------------------------

def _play_out(s, choose=first):
    rounds = [s.round]
    while not R.is_terminal(s):
        s = advance(s, choose)
        if s.round != rounds[-1]:
            rounds.append(s.round)
    return s, rounds


@pytest.mark.parametrize("players, rounds, left", [(2, 6, 96 - 6 * 12), (3, 5, 96 - 5 * 18), (4, 4, 0)])
def test_round_count_six_five_four_rounds_for_two_three_four_players(players, rounds, left):
    s = R.initial_state(players=players, seed=players)
    assert s.rounds == rounds
    end, seen = _play_out(s)
    assert seen == list(range(1, rounds + 1))  # every round played, none more
    assert end.phase == "over" and end.round == rounds
    assert len(end.box) == left  # four players use the whole box


@pytest.mark.parametrize("players, counts", [(2, (4, 4, 2, 2)), (3, (6, 6, 3, 3)), (4, (8, 8, 4, 4))])
def test_round_tiles_display_per_shape_for_the_player_count(players, counts):
    s = R.initial_state(players=players, seed=5)
    assert R.current_player(s) is CHANCE and s.phase == "deal"
    s = deal(players=players, seed=5)
    shapes = [s.components.tile(t).shape for t in s.display]
    assert tuple(shapes.count(k) for k in ("single", "double", "corner", "straight")) == counts
    assert len(s.box) == 96 - sum(counts) and not set(s.box) & set(s.display)


def test_round_tiles_only_the_shape_still_needed_from_the_box():
    s = R.initial_state(players=2, seed=5)
    assert {s.components.tile(a.tile).shape for a in R.legal_actions(s)} == {"single"}
    double = next(t for t in s.box if s.components.tile(t).shape == "double")
    refused(s, act.Draw(double), "miyabi.round.tiles")
    single = R.legal_actions(s)[0]
    s2 = R.apply(s, single)  # a tutor may pick the outcome
    assert single.tile in s2.display and single.tile not in s2.box
    refused(s2, act.Draw(single.tile), "miyabi.round.tiles")  # no longer in the box
    # while the display is laid out nobody places
    assert "[miyabi.round.tiles]" in R.why_illegal(s, act.Place(1, 0, 0))


def test_round_bonsai_passes_clockwise_each_round():
    s = deal(players=3, seed=2)
    starts = [(s.round, s.start, R.current_player(s))]
    while len(starts) < 4:
        s = advance(s)
        if s.phase == "turn" and s.round != starts[-1][0]:
            starts.append((s.round, s.start, R.current_player(s)))
    assert starts == [(1, 0, 0), (2, 1, 1), (3, 2, 2), (4, 0, 0)]


def test_round_turns_clockwise_from_the_start_player_at_most_six_each():
    s = deal(players=3, seed=4, start_player=2)
    movers = []
    while s.round == 1:
        if R.current_player(s) is not CHANCE:
            movers.append(s.to_move)
        s = advance(s)
    assert movers[:6] == [2, 0, 1, 2, 0, 1]
    assert all(movers.count(p) <= 6 for p in range(3))
    # a player whose six lantern fields are full is skipped; the others go on
    s = position(players=2, display=[1, 2, 3], lanterns={0: "abcde"}, to_move=0)
    expl = R.explain(s, "1@f1")
    assert "miyabi.round.turns" in expl.rules
    s = R.apply(s, "1@f1")
    assert not s.active(0) and R.current_player(s) == 1
    s = R.apply(s, "2@a1")
    assert R.current_player(s) == 1 and s.round == 1  # player 2 again: player 1 is done
    assert R.why_illegal(s, act.Place(3, 1, 0)) is None


def test_round_end_when_all_filled_or_passed_and_leftovers_leave_the_game():
    # one player passed: the other plays on, the round does not end
    s = position(players=2, display=[1, 2, 3, 4], passed=(1,), to_move=0)
    s = R.apply(s, "1@a1")
    assert R.current_player(s) == 0 and s.round == 1 and s.phase == "turn"
    # player 2 passed, player 1 fills the last lantern field: the round is over
    s = position(players=2, display=[1, 2, 3], passed=(1,), lanterns={0: "abcde"}, to_move=0)
    e = R.explain(s, "1@f1")
    assert {"miyabi.round.end", "miyabi.round.bonsai"} <= set(e.rules)
    s = R.apply(s, "1@f1")
    assert s.round == 2 and s.phase == "deal" and s.display == ()
    assert s.lanterns == (0, 0) and s.passed == (False, False)  # lanterns come back for the new round
    # tiles 2 and 3 were not used: they are neither in the box nor anywhere else, now or later
    placed = {pc.tile for g in s.gardens for pc in g.pieces}
    assert {2, 3} & (set(s.box) | placed) == set()
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    assert not {2, 3} & set(s.display)
    # a whole round from the deal: it ends only when nobody can still act
    s = deal(players=3, seed=3)
    while True:
        a = first(s)
        nxt = R.apply(s, a)
        if nxt.round == 2:
            break
        s = advance(s)
    others = [p for p in range(3) if p != s.to_move]
    assert not any(s.active(p) for p in others)
    assert isinstance(a, act.Pass) or bin(s.lanterns[s.to_move]).count("1") == 5


# ----- a turn ------------------------------------------------------------------------

def test_turn_take_one_face_up_tile_and_place_it():
    s = position(display=[1, 6, 43, 65])
    in_box = s.box[0]
    refused(s, act.Place(in_box, 0, s.components.row_of(s.components.tile(in_box).kind)), "miyabi.turn.take")
    s2 = R.apply(s, "6@a2")
    assert 6 not in s2.display and s2.gardens[0].visible(0, 1) == ("pagoda", 1)
    assert s2.display == (1, 43, 65)
    refused(R.apply(s2, "1@a1"), "6@b2", "miyabi.turn.take")  # gone from the display


def test_turn_pass_only_if_nothing_fits_then_out_for_the_round():
    s = position(display=[1, 59])
    refused(s, "pass", "miyabi.turn.pass")
    # only column f is free; f6 lies on height 1, so a stone double cannot lie flat with its object there
    s = position(players=2, gardens={0: ["28@f6"]}, display=[59, 60], lanterns={0: "abcde"})
    assert R.legal_actions(s) == (act.Pass(),)
    e = allowed(s, "pass")
    assert e.points == 0 and "miyabi.turn.pass" in e.rules
    s = R.apply(s, "pass")
    assert s.passed == (True, False) and s.lanterns[0] == 0b11111  # no lantern for a pass
    assert R.current_player(s) == 1
    s = R.apply(s, R.legal_actions(s)[0])
    assert R.current_player(s) == 1  # player 1 sits the round out
    s = R.apply(s, R.legal_actions(s)[0])
    assert R.legal_actions(s) == (act.Pass(),)  # the display is empty now
    s = R.apply(s, "pass")
    assert s.round == 2 and s.phase == "deal"


# ----- placing -----------------------------------------------------------------------

def test_place_grid_the_whole_tile_inside_the_garden():
    s = position(display=[65, 70])
    refused(s, "65@a1/180", "miyabi.place.grid")  # its green squares would hang off the left edge
    refused(s, "70@a2", "miyabi.place.grid")  # middle-object triple: one end off the board
    allowed(s, "65@a1")
    allowed(s, "70@b2")
    for a in R.legal_actions(s):
        t = s.components.tile(a.tile)
        assert all(0 <= a.x + dx < 6 and 0 <= a.y + dy < 6 for dx, dy in t.footprint(a.rot))


def test_place_row_objects_in_the_row_of_their_kind():
    s = position(display=[1, 43])
    reason = refused(s, act.Place(1, 0, 1), "miyabi.place.row")
    assert "row 1" in reason
    refused(s, act.Place(43, 0, 3), "miyabi.place.row")
    allowed(s, "1@a1")
    allowed(s, "43@a3")
    assert all(a.y == s.components.row_of(s.components.tile(a.tile).kind) for a in R.legal_actions(s))


def test_place_lantern_column_must_be_free_and_is_filled_at_once():
    s = position(display=[1, 2, 65], lanterns={0: "c"})
    reason = refused(s, "1@c1", "miyabi.place.lantern")
    assert "column c" in reason
    assert not any(a.x == 2 for a in R.legal_actions(s))
    e = allowed(s, "65@d1")
    assert "miyabi.place.lantern" in e.rules
    after = R.apply(s, "65@d1")
    # the lantern goes above the object's column (d), not above the green squares' columns
    assert after.lanterns[0] == 1 << 2 | 1 << 3
    # the next turn the same column is taken
    back = R.apply(after, "1@a1")  # player 2
    assert back.to_move == 0
    refused(back, "2@d1", "miyabi.place.lantern")
    allowed(back, "2@e1")


def test_place_green_squares_in_any_row_and_any_column_lantern_or_not():
    s = position(display=[65, 33], lanterns={0: "bc"})
    e = allowed(s, "65@a1")  # greens on b1 and c1, whose lanterns are lit
    assert "miyabi.place.green" in e.rules
    allowed(s, "33@a1/90")  # its green square lies in the pagoda row
    allowed(s, "33@d1/180")  # green on c1 (lit), object on d1 (free)
    refused(s, "33@c1", "miyabi.place.lantern")  # the object square is what needs a free column


def test_place_rotate_any_turn_but_never_flipped():
    s = position(display=[88, 68])  # an azalea corner with its object at an arm's end
    rots = {a.rot for a in R.legal_actions(s) if a.tile == 88}
    assert rots == {0, 90, 180, 270}
    assert {a.rot for a in R.legal_actions(s) if a.tile == 68} == {0, 90}  # two turns look alike
    assert R.parse_action(s, "68@b2/180") == act.Place(68, 1, 1, 0)
    e = allowed(s, "88@c4/90")
    assert "miyabi.place.rotate" in e.rules
    with pytest.raises(ValueError, match="0, 90, 180 or 270"):
        R.parse_action(s, "88@c4/45")
    refused(s, act.Place(88, 2, 3, 45), "miyabi.place.rotate")
    # never flipped: the mirror image of the corner is not one of its footprints
    t = s.components.tile(88)
    mirror = frozenset((-dx, dy) for dx, dy in t.cells)
    assert mirror not in {frozenset(t.footprint(r)) for r in (0, 90, 180, 270)}
    for a in R.legal_actions(s):
        if a.tile == 88:
            assert frozenset(t.footprint(a.rot)) != mirror


def test_place_layer_wholly_on_the_board_or_wholly_on_tiles_of_one_height():
    # a3 shows 3 fish; b3 and c3 are green on height 1; d3 is bare
    s = position(gardens={0: ["71@a3"]}, display=[43, 11])
    e = allowed(s, "43@b3")
    assert lines_of(e)[0] == (4, "miyabi.score.placement") and "miyabi.place.layer" in e.rules
    assert R.apply(s, "43@b3").gardens[0].pieces[-1].layer == 2
    reason = refused(s, "43@c3", "miyabi.place.layer")  # c3 on height 1, d3 bare: not flat
    assert "different heights" in reason
    allowed(s, "43@d3")  # wholly on the board: layer 1
    allowed(s, "11@c3")  # a single on a green square: layer 2
    # a tile may lie across two tiles if they are the same height
    s = position(gardens={0: ["11@a3", "12@b3"]}, display=[43])
    assert R.explain(s, "43@a3").lines[0].points == 2 * 2
    # but not across heights 1 and 2
    s = position(gardens={0: ["11@a3", "12@b3", "13@b3"]}, display=[43])
    refused(s, "43@a3", "miyabi.place.layer")


def test_place_cover_objects_may_be_covered_and_then_no_longer_count():
    # a3 shows 2 fish (b3 green); a1 a maple, a2 a pagoda
    s = position(gardens={0: ["43@a3", "1@a1", "6@a2"], 1: ["11@a3"]}, display=[12, 34, 44])
    assert s.gardens[0].row_objects(FISH) == 2
    e = allowed(s, "12@a3")  # a single fish on the pond: layer 2
    assert "miyabi.place.cover" in e.rules and "covers 2 objects" in " ".join(e.effects)
    after = R.apply(s, "12@a3")
    assert after.gardens[0].row_objects(FISH) == 1  # the 2 covered fish are gone
    assert after.gardens[0].visible(0, 2) == ("fish", 1)
    # a green square may cover another row's object: the pagoda on a2 is gone
    e = allowed(s, "34@a1/90")
    assert "miyabi.place.cover" in e.rules
    after = R.apply(s, "34@a1/90")
    assert after.gardens[0].row_objects(1) == 0 and after.gardens[0].visible(0, 0) == ("maple", 2)
    # covering only green squares covers no object
    assert "miyabi.place.cover" not in R.explain(position(gardens={0: ["71@a3"]}, display=[43]), "43@b3").rules
    # at the end the covered objects do not count: player 2's single fish now ties
    s = position(gardens={0: ["43@a3", "12@a3"], 1: ["11@a3"]})
    assert finals(s, 0) == finals(s, 1) == [(8, "miyabi.end.tie_first")]


def test_score_placement_objects_times_layer():
    s = position(gardens={0: ["71@a3", "43@b3"]}, display=[68, 11, 90])
    assert lines_of(allowed(s, "68@b2")) == [(3, "miyabi.score.placement")]  # 3 pagodas x layer 1
    assert lines_of(allowed(s, "11@c3")) == [(3, "miyabi.score.placement")]  # 1 fish x layer 3
    after = R.apply(s, "11@c3")
    assert after.scores[0] == 3 and after.lines[0][-1].rule == "miyabi.score.placement"
    assert "layer 3" in after.lines[0][-1].text


def test_score_objects_every_object_shown_counts():
    s = position(display=[71, 43, 11])
    assert R.explain(s, "71@a3").points == 3  # a pond with 3 fish is 3 objects
    assert R.explain(s, "43@a3").points == 2
    assert R.explain(s, "11@a3").points == 1
    assert R.apply(s, "71@a3").gardens[0].row_objects(FISH) == 3


def test_bonus_fifth_first_tile_on_layer_five_takes_the_bonus_once():
    maples = ["1@a1", "2@a1", "3@a1", "4@a1"]
    doubles = ["33@a1/90", "34@a1/90", "35@a1/90", "36@a1/90"]
    s = position(gardens={0: maples, 1: doubles}, display=[5, 37])
    e = allowed(s, "5@a1")
    assert lines_of(e) == [(5, "miyabi.score.placement"), (10, "miyabi.bonus.fifth")]
    s = R.apply(s, "5@a1")
    assert "maple" not in s.bonuses and s.scores[0] == 15
    # the second player to reach layer 5 with a maple finds the bonus tile gone
    assert R.current_player(s) == 1
    assert lines_of(allowed(s, "37@a1/90")) == [(10, "miyabi.score.placement")]
    # layer 4 is not enough
    s = position(gardens={0: maples[:3]}, display=[5])
    assert lines_of(R.explain(s, "5@a1")) == [(4, "miyabi.score.placement")]
    # decided: the bonus is for layer 5 exactly, not 6
    s = position(gardens={0: doubles + ["37@a1/90"]}, display=[1])
    assert lines_of(R.explain(s, "1@a1")) == [(6, "miyabi.score.placement")]
    # each kind has its own bonus tile
    s = position(gardens={0: ["6@a2", "7@a2", "8@a2", "9@a2"]}, display=[10], bonuses=["pagoda"])
    assert R.explain(s, "10@a2").lines[-1].points == s.components.bonus[1]


# ----- the end -----------------------------------------------------------------------

def test_end_rounds_the_game_ends_after_the_last_round_with_final_scoring():
    s = last_turn([], [28])
    e = allowed(s, "28@f6")
    assert "miyabi.end.rounds" in e.rules
    s = R.apply(s, "28@f6")
    assert R.is_terminal(s) and s.phase == "over" and R.current_player(s) is None
    assert lines_of_state(s, 0)[-1] == (5, "miyabi.end.majority")  # the stone row's higher value
    assert R.outcome(s) is not None and R.legal_actions(s) == ()
    with pytest.raises(IllegalActionError, match="over"):
        R.apply(s, "pass")
    # the same move a round earlier: the game goes on
    early = dataclasses.replace(last_turn([], [28]), round=5)
    s = R.apply(early, "28@f6")
    assert s.phase == "deal" and s.round == 6 and s.start == 1
    assert all(line.rule == "miyabi.score.placement" for line in s.lines[0])


def lines_of_state(s, p):
    return [(line.points, line.rule) for line in s.lines[p]]


def test_end_majority_most_scores_higher_second_scores_lower_and_none_scores_nothing():
    s = position(players=3, gardens={0: ["43@a3", "13@c3"], 1: ["44@a3"], 2: ["11@a3"]})
    assert finals(s, 0) == [(8, "miyabi.end.majority")]
    assert finals(s, 1) == [(4, "miyabi.end.majority")]
    assert finals(s, 2) == []  # third place scores nothing
    # decided: a player with no object in the row scores nothing, even if second
    s = position(players=2, gardens={0: ["11@a3"]})
    assert finals(s, 0) == [(8, "miyabi.end.majority")] and finals(s, 1) == []
    # only visible objects count: a covered pond is gone
    s = position(players=2, gardens={0: ["71@a3", "46@a3"], 1: ["45@a3", "12@c3"]})
    assert s.gardens[0].row_objects(FISH) == 2
    assert finals(s, 0) == [(4, "miyabi.end.majority")] and finals(s, 1) == [(8, "miyabi.end.majority")]
    # and at the real end of a game the final lines are added to the score
    s = position(players=3, gardens={0: ["43@a3"], 1: ["11@a3"]}, display=[28], round=5, passed=(1, 2),
                 lanterns={0: "abcde"})
    s = R.apply(s, "28@f6")
    assert R.is_terminal(s)
    assert lines_of_state(s, 0) == [(1, "miyabi.score.placement"), (8, "miyabi.end.majority"), (5, "miyabi.end.majority")]
    assert lines_of_state(s, 1) == [(4, "miyabi.end.majority")]
    assert s.scores == (14, 4, 0)


@pytest.mark.parametrize("players, fish, scored", [
    (3, [2, 2, 1], [8, 8, None]),  # tie for first: both higher, nobody the lower value
    (4, [2, 2, 1, 1], [8, 8, None, None]),
    (4, [1, 1, 1, 0], [8, 8, 8, None]),
])
def test_end_tie_first_all_tied_score_higher_and_nobody_lower(players, fish, scored):
    s = position(players=players, gardens=_fish_gardens(fish))
    for p in range(players):
        expected = [] if scored[p] is None else [(scored[p], "miyabi.end.tie_first")]
        assert finals(s, p) == expected, p


@pytest.mark.parametrize("players, fish, scored", [
    (3, [3, 1, 1], [8, 4, 4]),  # tie for second: all tied score the lower value
    (4, [3, 2, 2, 1], [8, 4, 4, None]),
    (4, [3, 1, 1, 0], [8, 4, 4, None]),
])
def test_end_tie_second_all_tied_score_the_lower_value(players, fish, scored):
    s = position(players=players, gardens=_fish_gardens(fish))
    assert finals(s, 0) == [(8, "miyabi.end.majority")]
    for p in range(1, players):
        expected = [] if scored[p] is None else [(scored[p], "miyabi.end.tie_second")]
        assert finals(s, p) == expected, p


def _fish_gardens(counts):
    """Players' gardens with ``counts`` fish in row 3 (no tile used twice)."""
    singles, doubles, out = iter(range(11, 17)), iter(range(43, 48)), {}
    for p, n in enumerate(counts):
        g = []
        if n >= 2:
            g.append(f"{next(doubles)}@a3")
        if n % 2:
            g.append(f"{next(singles)}@c3")
        out[p] = g
    return out


def test_end_winner_most_points_wins_and_ties_share():
    s = deal(players=3)
    over = dataclasses.replace(s, phase="over", over="test", to_move=None, scores=(7, 9, 9))
    out = R.outcome(over)
    assert out.winners == (1, 2) and "share" in out.reason and "[miyabi.end.winner]" in out.reason
    out = R.outcome(dataclasses.replace(over, scores=(10, 9, 9)))
    assert out.winners == (0,) and "[miyabi.end.winner]" in out.reason
    assert R.outcome(s) is None  # not before the end


# ----- A) The Colorful Garden -------------------------------------------------------

def test_colorful_group_largest_group_of_objects_scores_one_per_object():
    # {b3 (3 fish, layer 1), c3 (2 fish, layer 2)} = 5 objects on 2 squares; d3 is green and breaks it;
    # {e3, f3, f2, f1} = 4 objects on 4 squares
    garden = ["71@b3", "45@c3", "12@e3", "1@f1", "7@f2", "13@f3"]
    s = position(gardens={0: garden}, colorful=True)
    assert finals(s, 0, "miyabi.colorful") == [(5, "miyabi.colorful.group")]
    assert finals(position(gardens={0: garden}), 0, "miyabi.colorful") == []  # only with the expansion
    assert finals(position(gardens={0: []}, colorful=True), 0, "miyabi.colorful") == [(0, "miyabi.colorful.group")]
    # decided: a Zen tile's object joins a group: the azalea Zen tile on e4 joins e3's group (4 + 1 = 5,
    # as many as b3-c3), and an azalea on f4 beside it makes 6
    s = position(gardens={0: garden + ["Z9@e4"]}, colorful=True, zen=True)
    assert finals(s, 0, "miyabi.colorful") == [(5, "miyabi.colorful.group")]
    s = position(gardens={0: garden + ["Z9@e4", "17@f4"]}, colorful=True, zen=True)
    assert finals(s, 0, "miyabi.colorful") == [(6, "miyabi.colorful.group")]
    # the group is scored at the end of the game
    s = last_turn(garden, [14], column="d", colorful=True)
    s = R.apply(s, "14@d3")  # a fish on the green d3 (layer 2) joins both groups: 5 + 1 + 4 = 10
    assert R.is_terminal(s)
    assert [line.points for line in s.lines[0] if line.rule == "miyabi.colorful.group"] == [10]


# ----- B) The Big Meadow --------------------------------------------------------------

def test_meadow_group_largest_group_of_empty_green_scores_two_per_square():
    # greens b1, c1, d1, f1, b2, c2 (all layer 1): c1-d1 join, the object e1 cuts f1 off
    s = position(gardens={0: ["65@a1", "66@e1", "69@a2"]}, meadow=True)
    assert finals(s, 0, "miyabi.meadow") == [(10, "miyabi.meadow.group")]
    # a maple double on c1 and c2 (layer 2): c1 now shows objects and splits the meadow,
    # c2 is green on layer 2 and still joins b2 on layer 1
    s = position(gardens={0: ["65@a1", "66@e1", "69@a2", "35@c1/90"]}, meadow=True)
    assert finals(s, 0, "miyabi.meadow") == [(6, "miyabi.meadow.group")]
    assert finals(position(gardens={0: ["65@a1"]}), 0, "miyabi.meadow") == []


# ----- C) The Zen Garden --------------------------------------------------------------

def test_zen_setup_sixteen_face_down_five_face_up_each_taken_replaced():
    s = R.initial_state(players=2, seed=3, zen=True)
    assert len(s.zen_pile) == 16 and s.zen_display == ()
    assert all(isinstance(a, act.Reveal) for a in R.legal_actions(s))
    e = R.explain(s, R.legal_actions(s)[0])
    assert "miyabi.zen.setup" in e.rules
    s = deal(players=2, seed=3, zen=True)
    assert len(s.zen_display) == 5 and len(s.zen_pile) == 11
    assert not set(s.zen_display) & set(s.zen_pile)
    z = next(a for a in R.legal_actions(s) if isinstance(a, act.PlaceZen))
    s = R.apply(s, z)
    assert len(s.zen_display) == 4 and R.current_player(s) is CHANCE  # a new one is turned up
    s = R.step_chance(s)
    assert len(s.zen_display) == 5 and len(s.zen_pile) == 10 and z.zen not in s.zen_display
    # once the pile is empty no more come
    s = position(zen=True, zen_display=list(range(1, 17)), display=[1])
    assert s.zen_pile == ()
    s = R.apply(s, "Z1@a1")
    assert len(s.zen_display) == 15 and R.current_player(s) == 1
    assert deal(players=2).zen_display == () and deal(players=2).zen_pile == ()


def test_zen_take_a_face_up_zen_tile_instead_of_a_garden_tile():
    s = position(zen=True, zen_display=[1, 4, 7, 9, 14], display=[2, 6])
    e = allowed(s, "Z4@a2")
    s2 = R.apply(s, "Z4@a2")
    assert s2.display == s.display  # no garden tile taken
    assert 4 not in s2.zen_display and R.current_player(s2) is CHANCE  # its replacement is turned up
    assert R.step_chance(s2).to_move == 1  # and that was the turn
    refused(s, "Z2@a1", "miyabi.zen.take")  # face down
    plain = position(display=[2, 6])
    refused(plain, "Z4@a2", "miyabi.zen.take")  # no Zen Garden in this game
    assert e.points == 1


def test_zen_place_only_on_bare_board_in_its_row_with_a_free_lantern():
    s = position(gardens={0: ["65@a1"]}, zen=True, zen_display=[1, 4, 7, 9, 14], display=[2], lanterns={0: "e"})
    refused(s, "Z1@b1", "miyabi.zen.place")  # b1 is a green square on layer 1
    refused(s, "Z1@d2", "miyabi.place.row")
    refused(s, "Z1@e1", "miyabi.place.lantern")
    allowed(s, "Z1@d1")
    after = R.apply(s, "Z1@d1")
    assert after.lanterns[0] == 1 << 4 | 1 << 3
    piece = after.gardens[0].pieces[-1]
    assert piece.zen and piece.layer == 1 and piece.cells == ((3, 0),)
    zens = R.zen_placements(s)
    assert zens and all(s.gardens[0].height(a.x, a.y) == 0 and a.x != 4 for a in zens)


def test_zen_point_placing_a_zen_tile_scores_one():
    s = position(zen=True, zen_display=[1, 4, 7, 9, 14], display=[2])
    assert lines_of(allowed(s, "Z7@d3")) == [(1, "miyabi.zen.point")]
    s = R.apply(s, "Z7@d3")
    assert s.scores[0] == 1 and s.lines[0][-1].rule == "miyabi.zen.point"
    # decided: a Zen tile's object counts as a visible object at the end
    assert finals(s, 0) == [(8, "miyabi.end.majority")]


def test_zen_surround_scores_neighbouring_objects_plus_one_once_edges_count():
    # Z1 in the corner a1: the edges close two sides; b1 and a2 close the others
    s = position(gardens={0: ["Z1@a1", "6@a2"]}, zen=True, zen_display=[2, 4, 7, 9, 14], display=[2, 4, 7])
    e = allowed(s, "2@b1")
    assert lines_of(e) == [(1, "miyabi.score.placement"), (3, "miyabi.zen.surround")]  # 2 objects + 1
    s = R.apply(s, "2@b1")
    assert s.zen_scored[0] == (1,)
    s = R.apply(s, "4@a1")  # player 2
    # covering b1 again changes the Zen tile's neighbours, but it has scored already
    assert lines_of(R.explain(s, "7@a2")) == [(2, "miyabi.score.placement")]
    # a green square closes a side but brings no points; a double's 2 objects count 2
    s = position(gardens={0: ["Z14@c6", "59@a6", "62@d6"]}, zen=True, zen_display=[2, 4, 7, 9, 15],
                 display=[23])
    e = R.explain(s, "23@c5")
    assert lines_of(e) == [(1, "miyabi.score.placement"), (4, "miyabi.zen.surround")]  # 1 + 2 objects, + 1
    # three sides closed is not surrounded
    s = position(gardens={0: ["Z14@c6", "59@a6"]}, zen=True, zen_display=[2, 4, 7, 9, 15], display=[23])
    assert lines_of(R.explain(s, "23@c5")) == [(1, "miyabi.score.placement")]


def test_zen_next_another_zen_tile_only_when_the_last_is_surrounded():
    s = position(gardens={0: ["Z1@a1"]}, zen=True, zen_display=[2, 4, 7, 9, 14], display=[2, 3, 6, 7])
    reason = refused(s, "Z4@c2", "miyabi.zen.next")
    assert "a1" in reason
    assert R.zen_placements(s) == () and not any(isinstance(a, act.PlaceZen) for a in R.legal_actions(s))
    s = R.apply(s, "6@a2")
    s = R.apply(s, "3@a1")  # player 2
    s = R.apply(s, "2@b1")  # now Z1 is surrounded
    s = R.apply(s, "7@b2")  # player 2
    assert R.current_player(s) == 0
    allowed(s, "Z4@c2")


def test_zen_cover_a_zen_tile_is_never_covered_and_no_frog_stands_on_it():
    s = position(gardens={0: ["Z1@a1"]}, zen=True, zen_display=[2, 4, 7, 9, 14], display=[33, 65],
                 frog=True, frogs={0: ("a2", False), 1: ("f6", False)})
    refused(s, "33@b1/180", "miyabi.zen.cover")  # would lie on a1
    refused(s, "65@a1", "miyabi.zen.cover")
    allowed(s, "33@b1")
    refused(s, "frog a1", "miyabi.zen.cover")
    assert act.Frog(0, 0) not in R.legal_actions(s)
    # nor is a Zen tile placed under a frog
    s = position(zen=True, zen_display=[2, 4, 7, 9, 14], display=[1], frog=True,
                 frogs={0: ("a2", False), 1: ("f6", False)})
    refused(s, "Z4@a2", "miyabi.zen.cover")
    allowed(s, "Z4@b2")


# ----- D) 7! ----------------------------------------------------------------------------

def test_seven_lines_rows_and_columns_with_exactly_seven_objects():
    garden = ["65@a1", "66@e1", "38@a2", "43@a3"]  # column a: 3 + 2 + 2 = 7; row 1: 3 + 3 = 6
    s = position(gardens={0: garden}, seven=True)
    assert finals(s, 0, "miyabi.seven") == [(7, "miyabi.seven.lines")]
    s = position(gardens={0: garden + ["1@b1"]}, seven=True)  # row 1 now 7 too
    assert finals(s, 0, "miyabi.seven") == [(7, "miyabi.seven.lines")] * 2
    s = position(gardens={0: garden + ["1@b1", "2@c1"]}, seven=True)  # row 1: 8 is not 7
    assert finals(s, 0, "miyabi.seven") == [(7, "miyabi.seven.lines")]
    assert finals(position(gardens={0: garden}), 0, "miyabi.seven") == []
    # decided: a Zen tile's object counts too (column a: 3 + 2 + 1 + the azalea Zen tile = 7)
    s = position(gardens={0: ["65@a1", "38@a2", "11@a3", "Z9@a4"]}, seven=True, zen=True)
    assert finals(s, 0, "miyabi.seven") == [(7, "miyabi.seven.lines")]


# ----- E) The Frog ----------------------------------------------------------------------

# heights (o objects, g green): c5 1o, d5 1g, e5 1g, b6 1o, c6 2o, d6 2g; the rest bare
LAYOUT = ["77@c5", "79@b6", "59@c6"]
# e5 3g, e6 4g, f5 4g, f6 4o
TOWER = ["59@e6/270", "60@e6/270", "61@e6/270", "62@f6/270", "63@f6/270", "64@f6/270", "96@f6/180"]


def frog_at(square, golden=False, garden=(), display=(1, 2, 3), **kw):
    return position(gardens={0: list(garden)}, display=list(display), frog=True,
                    frogs={0: (square, golden), 1: ("a1", False)}, **kw)


def test_frog_setup_each_player_puts_a_silver_frog_before_the_first_turn():
    s = deal(players=3, frog=True, start_player=1)
    assert s.phase == "frog_start" and R.current_player(s) == 1
    assert len(R.legal_actions(s)) == 36 and all(isinstance(a, act.Frog) for a in R.legal_actions(s))
    refused(s, R.parse_action(s, "pass"), "miyabi.frog.setup")
    e = allowed(s, "frog c3")
    assert "miyabi.frog.setup" in e.rules and e.points == 0
    for square in ("c3", "f6", "a1"):
        s = R.apply(s, f"frog {square}")
    assert s.phase == "turn" and R.current_player(s) == 1
    assert [(f.x, f.y, f.golden) for f in s.frogs] == [(0, 0, False), (2, 2, False), (5, 5, False)]
    assert deal(players=3).phase == "turn" and deal(players=3).frogs == (None,) * 3


def test_frog_move_one_step_once_a_turn_before_or_after_it():
    s = frog_at("c3")
    assert [str(a) for a in R.legal_actions(s) if isinstance(a, act.Frog)] == ["frog c2", "frog b3", "frog d3", "frog c4"]
    refused(s, "frog d4", "miyabi.frog.move")  # diagonal
    refused(s, "frog e3", "miyabi.frog.move")  # two squares
    refused(s, "end", "miyabi.frog.move")  # nothing to end yet
    # before the turn
    before = R.apply(s, "frog d3")
    assert before.frog_moved and (before.frogs[0].x, before.frogs[0].y) == (3, 2) and before.to_move == 0
    refused(before, "frog d4", "miyabi.frog.move")  # once a turn
    assert not any(isinstance(a, act.Frog) for a in R.legal_actions(before))
    after_place = R.apply(before, "1@a1")
    assert after_place.phase == "turn" and after_place.to_move == 1  # no second step after the turn
    # after the turn
    s2 = R.apply(s, "1@a1")
    assert s2.phase == "after" and s2.to_move == 0
    assert set(R.legal_actions(s2)) == {act.Frog(2, 1), act.Frog(1, 2), act.Frog(3, 2), act.Frog(2, 3), act.EndTurn()}
    refused(s2, "2@b1", "miyabi.frog.move")  # the turn is done
    assert R.apply(s2, "frog c4").to_move == 1
    ended = R.apply(s2, "end")
    assert ended.to_move == 1 and (ended.frogs[0].x, ended.frogs[0].y) == (2, 2)
    # the next turn it may move again
    back = R.apply(R.apply(ended, "frog a2"), "2@b1")
    assert back.to_move == 0 and not back.frog_moved and R.frog_moves(back)
    refused(position(display=[1]), "frog a2", "miyabi.frog.move")  # no frog in this game


def test_frog_layer_same_layer_or_one_up_never_down():
    s = frog_at("d5", garden=LAYOUT)
    refused(s, "frog d4", "miyabi.frog.layer")  # down to the bare board
    allowed(s, "frog e5")  # same layer
    allowed(s, "frog d6")  # one up
    s = frog_at("e6", garden=LAYOUT)
    refused(s, "frog d6", "miyabi.frog.layer")  # two up
    allowed(s, "frog e5")
    allowed(s, "frog f6")


def test_frog_points_climbing_scores_the_new_layer_at_once():
    s = frog_at("d5", garden=LAYOUT)
    assert lines_of(R.explain(s, "frog d6")) == [(2, "miyabi.frog.points")]
    assert R.explain(s, "frog e5").points == 0 and R.explain(s, "frog e5").lines == ()
    after = R.apply(s, "frog d6")
    assert after.scores[0] == 2 and after.lines[0][-1].rule == "miyabi.frog.points"
    s = frog_at("e6", garden=LAYOUT)
    assert lines_of(R.explain(s, "frog e5")) == [(1, "miyabi.frog.points")]


def test_frog_silver_may_not_step_onto_objects():
    s = frog_at("d5", garden=LAYOUT)
    assert not s.frogs[0].golden
    refused(s, "frog c5", "miyabi.frog.silver")  # c5 shows a boxwood, same height
    allowed(s, "frog e5")  # green is fine


def test_frog_golden_at_layer_four_and_then_onto_objects():
    s = frog_at("e5", garden=TOWER, display=(1, 2, 3, 4))
    e = allowed(s, "frog f5")
    assert lines_of(e) == [(4, "miyabi.frog.points")] and "miyabi.frog.golden" in e.rules
    s = R.apply(s, "frog f5")
    assert s.frogs[0].golden
    s = R.apply(s, "1@a1")
    s = R.apply(s, R.legal_actions(s)[-1])  # player 2 (its frog stays)
    while s.to_move != 0:
        s = R.apply(s, R.legal_actions(s)[-1])
    allowed(s, "frog f6")  # golden: onto the stone
    assert R.apply(s, "frog f6").frogs[0].golden
    # a silver frog next to the same square may not
    refused(frog_at("f5", garden=TOWER), "frog f6", "miyabi.frog.silver")


def test_frog_lift_a_tile_placed_on_the_frog_lifts_it_without_points():
    s = frog_at("d4", display=(17, 48))
    e = allowed(s, "17@d4")
    assert lines_of(e) == [(1, "miyabi.score.placement")] and "miyabi.frog.lift" in e.rules
    s2 = R.apply(s, "17@d4")
    f = s2.frogs[0]
    assert (f.x, f.y, f.golden) == (3, 3, False) and s2.gardens[0].height(3, 3) == 1 and s2.scores[0] == 1
    # lifted to layer 4: it turns golden
    s = frog_at("e5", garden=TOWER[:6], display=(96, 1))
    e = R.explain(s, "96@e6/270")  # e6, e5 and f6 lie on height 3
    assert lines_of(e) == [(12, "miyabi.score.placement")]
    assert "miyabi.frog.lift" in e.rules and "miyabi.frog.golden" in e.rules
    assert R.apply(s, "96@e6/270").frogs[0].golden
    # a tile elsewhere leaves the frog where it was
    s = frog_at("d4", display=(17, 48))
    assert "miyabi.frog.lift" not in R.explain(s, "17@e4").rules


def test_frog_final_no_part_in_final_scoring_objects_under_it_count():
    # the frog is lifted onto a pagoda next to a Zen tile: the pagoda still counts for the Zen tile
    s = frog_at("a2", garden=["Z1@a1", "2@b1"], display=(6, 1), zen=True, zen_display=[2, 4, 7, 9, 14],
                round=6, passed=(1,), lanterns={0: "bcdef"})
    e = R.explain(s, "6@a2")
    assert lines_of(e) == [(1, "miyabi.score.placement"), (3, "miyabi.zen.surround")]
    s = R.apply(s, "6@a2")
    s = R.apply(s, "end") if s.phase == "after" else s
    assert R.is_terminal(s) and (s.frogs[0].x, s.frogs[0].y) == (0, 1)
    # the pagoda under the frog wins the pagoda row
    assert (9, "miyabi.end.majority") in lines_of_state(s, 0)
    # and the final lines are the same with or without the frog
    no_frog = dataclasses.replace(s, frogs=(None, None))
    assert R.final_lines(s, 0) == R.final_lines(no_frog, 0)
