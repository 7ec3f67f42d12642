"""Samurai Gardener: one test per rule clause, named as the rule reads.

Positions are built by hand (``setups.position``) so each test shows the one rule it is about.
"""
import dataclasses

import pytest

import gardenkit
from gardenkit import CHANCE, IllegalActionError
from gardenkit.games.samurai_gardener import Place, Run, ScoreRun
from gardenkit.games.samurai_gardener.setups import position

R = gardenkit.make("samurai_gardener")

# a plain opponent house, never touched by these tests
OTHER = [("TT", "FG", "PF", 0, 0)]


def deal(players=3, seed=1, **options):
    s = R.initial_state(players=players, seed=seed, **options)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    return s


def lines_of(expl):
    return [(line.points, line.rule) for line in expl.lines]


# ----- setup -------------------------------------------------------------------------

def test_setup_deal_each_player_starts_with_one_upright_card():
    s = R.initial_state(players=4, seed=3)
    assert R.current_player(s) is CHANCE and s.phase == "deal"
    for _ in range(4):
        s = R.step_chance(s)
    assert all(len(h.placed) == 1 for h in s.houses)
    assert all(h.placed[0].x == 0 and h.placed[0].y == 0 and not h.placed[0].turned for h in s.houses)
    assert len(s.deck) == 64 - 4
    assert s.phase == "lineup"  # next: the first line-up


def test_setup_start_player_can_be_chosen_and_is_checked():
    s = deal(players=3, start_player=2)
    assert R.current_player(s) == 2
    with pytest.raises(ValueError, match="start_player"):
        R.initial_state(players=3, seed=0, start_player=3)


# ----- a round -----------------------------------------------------------------------

def test_round_lineup_one_card_per_player_from_the_deck():
    for players in (2, 5):
        s = deal(players=players)
        assert len(s.lineup) == players
        assert len(s.deck) == 64 - 2 * players
        assert not set(s.lineup) & set(s.deck)


def test_round_take_only_a_card_of_the_lineup():
    s = deal(players=2)
    absent = s.deck[0]
    reason = R.why_illegal(s, Place(absent, 2, 0))
    assert "not in the line-up" in reason and "[samurai_gardener.round.take]" in reason
    a = R.legal_actions(s)[0]
    after = R.apply(s, a)
    assert a.card not in after.lineup and len(after.lineup) == 1


def test_round_order_start_player_first_then_clockwise():
    s = deal(players=3, start_player=1)
    seen = []
    while s.phase == "place":
        seen.append(R.current_player(s))
        s = R.apply(s, R.legal_actions(s)[0])
    assert seen == [1, 2, 0]


def test_round_rotate_start_passes_to_the_left():
    s = deal(players=3)
    assert s.start == 0 and s.round == 1
    for _ in range(3):
        s = R.apply(s, R.legal_actions(s)[0])
    assert s.start == 1 and s.round == 2 and s.phase == "lineup"
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    assert R.current_player(s) == 1


# ----- placing -----------------------------------------------------------------------

def test_place_upright_only_upright_or_turned_end_over_end():
    s = deal(players=2)
    actions = R.legal_actions(s)
    assert {a.turned for a in actions} == {False, True}
    card = s.components[actions[0].card]
    up = {(dx, dy): t for dx, dy, t in card.squares(False)}
    down = {(dx, dy): t for dx, dy, t in card.squares(True)}
    assert all(down[(1 - dx, 2 - dy)] == t for (dx, dy), t in up.items())  # 180 degrees
    assert set(up) == {(x, y) for x in range(2) for y in range(3)}  # portrait: 2 wide, 3 tall
    with pytest.raises(ValueError, match="180"):
        R.parse_action(s, "12s@0,0")  # no notation for sideways


def test_place_touch_edge_or_overlap_but_not_corner_or_apart():
    s = position([[("FT", "TF", "FT", 0, 0)], OTHER], [("GP", "PG", "GP"), ("TG", "GT", "TG")])
    card = s.lineup[0]
    assert R.why_illegal(s, Place(card, 2, 0)) is None  # shares an edge
    assert R.why_illegal(s, Place(card, 1, 1)) is None  # overlaps one column
    corner = R.why_illegal(s, Place(card, 2, 3))  # touches (1,2) only diagonally
    assert "corner" in corner and "[samurai_gardener.place.touch]" in corner
    apart = R.why_illegal(s, Place(card, 5, 0))
    assert "does not touch" in apart
    with pytest.raises(IllegalActionError) as err:
        R.apply(s, Place(card, 5, 0))
    assert err.value.rule == "samurai_gardener.place.touch"


def test_place_protect_no_square_of_a_line_of_three_may_be_covered():
    from gardenkit.tutor.samurai_gardener import protect_start

    s = protect_start()
    assert s.houses[0].runs() == (Run("G", 0, 0, 2, 0),)
    card = s.lineup[0]
    reason = R.why_illegal(s, Place(card, 2, -2))  # its bottom row would cover (2,0)
    assert "protected" in reason and "(2,0)" in reason and "[samurai_gardener.place.protect]" in reason
    assert R.why_illegal(s, Place(card, 3, -2)) is None  # covers (3,0), not part of the line
    # whatever card covers it: even a garden square on a garden square is refused
    legal = R.legal_actions(s)
    assert not any((x, y) in s.houses[0].protected
                   for a in legal for x, y, _ in _cells(s, a))


def test_place_protect_applies_to_columns_too():
    s = position([[("GF", "GT", "GF", 0, 0)], OTHER], [("PP", "PP", "TT"), ("TG", "GT", "TG")])
    assert s.houses[0].runs() == (Run("G", 0, 0, 0, 2),)
    assert "protected" in R.why_illegal(s, Place(s.lineup[0], -1, 1))
    assert R.why_illegal(s, Place(s.lineup[0], 1, 1)) is None


def _cells(s, a):
    return [(a.x + dx, a.y + dy, t) for dx, dy, t in s.components[a.card].squares(a.turned)]


# ----- scoring -----------------------------------------------------------------------

@pytest.mark.parametrize("existing, points", [("GG", 1), ("GGGG", 4)])
def test_score_run_three_four_five_score_one_two_four(existing, points):
    # a garden row of len(existing) at y=0, x = 0.., the new card adds one garden square at its end
    cards = [(existing[i:i + 2] if len(existing[i:i + 2]) == 2 else existing[i] + "F", "TF", "FT", i, 0)
             for i in range(0, len(existing), 2)]
    s = position([cards, OTHER], [("GP", "TF", "PT"), ("TT", "FF", "PP")])
    e = R.explain(s, Place(s.lineup[0], len(existing), 0))
    assert lines_of(e) == [(points, "samurai_gardener.score.run")]
    assert e.points == points


def test_score_run_four_scores_two():
    from gardenkit.tutor.samurai_gardener import plus_eight_start

    s = plus_eight_start()
    e = R.explain(s, f"{s.lineup[0]}@2,0")
    assert e.lines[0].points == 2 and "row of 4 garden" in e.lines[0].text


def test_score_long_six_or_more_scores_nothing():
    from gardenkit.tutor.samurai_gardener import long_start

    s = long_start()
    assert s.houses[0].runs() == (Run("G", 0, 0, 4, 0),)  # five in a row already
    e = R.explain(s, f"{s.lineup[0]}@5,0")
    assert e.points == 0
    assert lines_of(e) == [(0, "samurai_gardener.score.long")]


def test_score_all_every_line_formed_scores():
    # the new card completes two garden rows of 3 at once: both score, one type so no bonus
    s = position([[("GG", "FT", "GG", 0, 0)], OTHER], [("GP", "TF", "GP"), ("TT", "FF", "PP")])
    e = R.explain(s, Place(s.lineup[0], 2, 0))
    assert lines_of(e) == [(1, "samurai_gardener.score.run"), (1, "samurai_gardener.score.run")]
    assert e.points == 2


def test_score_bonus_two_three_four_types():
    from gardenkit.tutor.samurai_gardener import plus_eight_start

    s8 = plus_eight_start()
    assert R.explain(s8, f"{s8.lineup[0]}@2,0").lines[-1].points == 4  # three types: +4
    two = R.explain(s8, f"{s8.lineup[1]}r@4,-2")  # floor and tatami rows
    assert [line.points for line in two.lines] == [1, 1, 2]
    assert two.lines[-1].rule == "samurai_gardener.score.bonus"
    # four types: floor, tatami, pond and garden rows from one card
    s = position(
        [[("FF", "PP", "GT", 0, 0), ("TF", "GT", "FP", 2, 3), ("TT", "GG", "PF", 4, 0)], OTHER],
        [("FT", "PG", "TT"), ("TT", "FF", "PP")],
    )
    e = R.explain(s, Place(s.lineup[0], 2, 0))
    kinds = sorted(line.text.split(" of ")[1].split()[1] for line in e.lines if line.rule.endswith("score.run"))
    assert set(kinds) == {"floor", "tatami", "pond", "garden"}
    assert e.lines[-1].points == 6 and e.lines[-1].rule == "samurai_gardener.score.bonus"
    assert e.points == len(kinds) + 6


def test_score_bonus_lines_of_six_do_not_count_as_a_type():
    # garden row becomes 6 (scores 0), and a pond column of 3 forms: one scoring type, no bonus
    s = position(
        [[("GG", "TF", "PT", 0, 0), ("GG", "FT", "TP", 2, 0), ("GT", "PF", "FT", 4, 0)], OTHER],
        [("FP", "TP", "GP"), ("TT", "FF", "PP")],
    )
    e = R.explain(s, Place(s.lineup[0], 5, -2))
    assert sorted(line.rule for line in e.lines) == ["samurai_gardener.score.long", "samurai_gardener.score.run"]
    assert e.points == 1


# ----- the end -----------------------------------------------------------------------

def _play_out(s, choose):
    while not R.is_terminal(s):
        s = R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, choose(s, R.legal_actions(s)))
    return s


def _zero_points(s, acts):
    """The first placement that scores nothing: keeps scores low so only the deck can end the game."""
    return next((a for a in acts if R.placement_points(s, a) == 0), acts[0])


def test_end_deck_game_ends_when_the_deck_cannot_fill_a_lineup():
    # five players: 64 - 5 dealt = 59, eleven rounds of 5 leave 4 < 5
    s = _play_out(R.initial_state(players=5, seed=2), _zero_points)
    assert s.phase == "over" and len(s.deck) == 4 and s.round == 12
    assert "[samurai_gardener.end.deck]" in R.outcome(s).reason
    assert max(s.scores) < 25
    # two players: 62 cards make exactly 31 line-ups, the deck runs dry
    s = _play_out(R.initial_state(players=2, seed=2), _zero_points)
    assert len(s.deck) == 0 and "[samurai_gardener.end.deck]" in R.outcome(s).reason


def test_end_points_the_round_is_finished_after_someone_reaches_25():
    s = deal(players=3)
    s = dataclasses.replace(s, scores=(24, 0, 0), lines=((gardenkit.Line(24, "earlier", "samurai_gardener.score.run"),), (), ()))
    best = max(R.legal_actions(s), key=lambda a: R.placement_points(s, a))
    assert R.placement_points(s, best) >= 1
    s = R.apply(s, best)  # player 1 reaches 25 or more
    assert s.scores[0] >= 25 and not R.is_terminal(s)  # the others still play this round
    s = R.apply(s, R.legal_actions(s)[0])
    assert not R.is_terminal(s)
    s = R.apply(s, R.legal_actions(s)[0])
    assert R.is_terminal(s) and "[samurai_gardener.end.points]" in R.outcome(s).reason


def test_end_winner_most_points_and_ties_share():
    s = deal(players=3)
    over = dataclasses.replace(s, phase="over", over="test", scores=(7, 9, 9))
    assert R.outcome(over).winners == (1, 2)
    assert "share" in R.outcome(over).reason
    assert R.outcome(dataclasses.replace(over, scores=(10, 9, 9))).winners == (0,)
    assert R.current_player(over) is None and R.legal_actions(over) == ()
    with pytest.raises(IllegalActionError, match="over"):
        R.apply(over, R.legal_actions(s)[0])


# ----- specialist rule ---------------------------------------------------------------

def test_specialist_setup_four_markers_each():
    s = deal(players=3, specialist=True)
    assert s.markers == ("FTPG",) * 3
    assert deal(players=3).markers == ("",) * 3


def test_specialist_marker_no_marker_no_points():
    from gardenkit.tutor.samurai_gardener import specialist_start

    s = specialist_start()
    e = R.explain(s, f"{s.lineup[0]}@1,1")
    garden = next(line for line in e.lines if "garden" in line.text)
    assert garden.points == 0 and garden.rule == "samurai_gardener.specialist.marker"


def test_specialist_spend_scoring_removes_the_marker():
    from gardenkit.tutor.samurai_gardener import specialist_start

    s = specialist_start()
    after = R.apply(s, f"{s.lineup[0]}@1,1")
    assert s.markers[0] == "FTP" and after.markers[0] == "FT"


def test_specialist_refill_last_marker_brings_all_four_back_mid_scoring():
    s = position([[("GG", "FT", "PF", 0, 0)], OTHER], [("GP", "TF", "PT"), ("TT", "FF", "PP")],
                 specialist=True, markers=["G", "FTPG"])
    e = R.explain(s, Place(s.lineup[0], 2, 0))
    assert [line.rule for line in e.lines] == ["samurai_gardener.specialist.spend", "samurai_gardener.specialist.refill"]
    assert R.apply(s, Place(s.lineup[0], 2, 0)).markers[0] == "FTPG"


def test_specialist_order_the_player_chooses_and_it_matters():
    from gardenkit.tutor.samurai_gardener import order_scenario

    sc = order_scenario()
    s = R.apply(sc.start, sc.actions[0])
    assert s.phase == "order" and R.current_player(s) == 0
    assert all(isinstance(a, ScoreRun) for a in R.legal_actions(s))
    assert len(R.legal_actions(s)) == 3
    # a placement now is refused until the order is chosen
    assert "[samurai_gardener.specialist.order]" in R.why_illegal(s, Place(s.lineup[0], 5, 5))
    # pond 3 first, then pond 4 finds no marker: 1 + 0 + garden 1 + bonus 2 = 4
    worse = R.apply(R.apply(s, "score pond 2,0-2,2"), "score pond 0,1-3,1")
    assert worse.scores[0] == 4
    best = sc.states(R)[-1]
    assert best.scores[0] == 6 and best.markers[0] == "FTG"
    # and the explanation of the placement promised the best order's points
    assert R.explain(sc.start, sc.actions[0]).points == 6


def test_specialist_order_is_not_asked_when_every_order_gives_the_same():
    from gardenkit.tutor.samurai_gardener import specialist_start

    s = specialist_start()
    after = R.apply(s, f"{s.lineup[0]}@1,1")
    assert after.phase == "place" and after.pending is None


def test_specialist_bonus_only_for_lines_that_scored():
    from gardenkit.tutor.samurai_gardener import specialist_start

    s = specialist_start()
    e = R.explain(s, f"{s.lineup[0]}@1,1")
    assert e.points == 1
    assert e.lines[-1].rule == "samurai_gardener.specialist.bonus" and e.lines[-1].points == 0


def test_score_run_a_finished_line_grown_to_four_scores_again_in_full():
    # ambiguity, decided: a line of 3 may not be covered, but a card at its end makes a new,
    # longer line, and that line scores in full (rulebook: points for lines "made with the card")
    s = position([[("GG", "TF", "PT", 0, 0), ("GF", "FT", "TP", 2, 0)], OTHER], [("GT", "FP", "TF"), ("TT", "FF", "PP")])
    assert s.houses[0].runs() == (Run("G", 0, 0, 2, 0),)
    e = R.explain(s, Place(s.lineup[0], 3, 0))  # covers (3,0), which is not part of the line
    garden = [line for line in e.lines if "garden" in line.text and line.rule == "samurai_gardener.score.run"]
    assert [(line.points, line.text.split(" (")[0]) for line in garden] == [(2, "row of 4 garden")]
