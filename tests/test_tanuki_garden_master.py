"""Tanuki in the Garden's Garden Master expansion: one test per card and per rule of the deck,
each allowed and refused case naming its rule (the notation is in ``gardenkit.games.tanuki.actions``;
positions and tiles as in ``test_tanuki_rules.py``).
"""
import pytest

from gardenkit import CHANCE
from gardenkit.games.tanuki import PlayCard, TanukiRules
from gardenkit.games.tanuki.setups import position

from test_tanuki_rules import allowed, play, refused, total_shiitake

R = TanukiRules()
GM = {"garden_master": True}
TWO = {0: "b1g1 side 4", 1: "b6g6 side 2"}


def gm(players=2, **kw):
    kw.setdefault("monks", TWO if players == 2 else None)
    return position(players, garden_master=True, **kw)


def cards_total(s):
    return (len(s.deck) + len(s.card_discard) + sum(len(c) for c in s.cards) + len(s.traps) + len(s.cardstack))


# ----- the deck ---------------------------------------------------------------------------------------

def test_gm_deck_sixteen_kinds_three_of_each_and_the_tokens():
    s = R.initial_state(players=3, seed=1, **GM)
    comps = s.components
    assert len(s.deck) == 48 and len(comps.cards) == 16 and all(c.copies == 3 for c in comps.cards)
    assert comps.traps == 3 and comps.rocks == 4
    assert all(c.source == "rulebook" for c in comps.cards)
    assert R.initial_state(players=3).deck == ()  # without the expansion: no cards


def test_gm_buy_at_the_end_of_your_turn_two_shiitake_for_the_top_card_hand_of_five():
    s = gm(hands={0: (34, 12, 17)}, monks={0: "b3g2 A", 1: "b6g6 side 2"}, shiitake={0: 3})
    s = R.step_chance(R.apply(s, "34@b3g2"))  # lay, draw: the turn ends with a choice
    assert R.current_player(s) == 0 and R.decision(s) == "buy"
    assert [str(a) for a in R.legal_actions(s)] == ["buy a card", "end turn"]
    refused(s, "pass", "tanuki.gm.buy")
    e = allowed(s, "buy a card")
    assert e.points == -2 and "tanuki.gm.buy" in e.rules
    s = R.apply(s, "buy a card")
    assert R.current_player(s) is CHANCE and len(R.chance_outcomes(s)) == 16
    assert abs(sum(p for _a, p in R.chance_outcomes(s)) - 1) < 1e-12
    e = R.explain(s, "draw card basket")
    assert e.points == 3 and "tanuki.gm.worth" in e.rules  # the Basket counts 3 in hand
    s = R.apply(s, "draw card basket")
    assert s.cards[0] == ("basket",) and s.active == 1 and cards_total(s) == 48
    # too poor, or a full hand: no choice offered, the turn just ends
    full = gm(hands={0: (34, 12, 17)}, monks={0: "b3g2 A", 1: "b6g6 side 2"}, shiitake={0: 3},
              cards={0: ("dens", "ashi", "speed", "shift", "rock")})
    full = R.step_chance(R.apply(full, "34@b3g2"))
    assert full.active == 1
    poor = R.step_chance(R.apply(gm(hands={0: (34, 12, 17)}, monks={0: "b3g2 A", 1: "b6g6 side 2"}), "34@b3g2"))
    assert poor.active == 1  # 1 Shiitake after the walk: not enough to buy


def test_gm_timing_one_card_per_turn_before_the_roll_or_once_the_tanuki_moved():
    s = gm(stage="pre", tanuki=("b3g3", "b4g4"), cards={0: ("move", "dens")})
    assert R.decision(s) == "pre" and "go" in {str(a) for a in R.legal_actions(s)}
    s2 = play(s, "play dens")
    assert R.current_player(s2) is CHANCE  # the card is played: the dice come next
    s3 = R.apply(s2, "roll blue 6 gold 6")
    assert R.decision(s3) == "tile"
    refused(s3, "play move: blue toward 1", "tanuki.gm.timing")  # one per turn
    # after the roll, in the tile phase: still allowed if none was played
    s = play(gm(stage="pre", tanuki=("b3g3", "b4g4"), cards={0: ("move", "fast")}), "go")
    s = R.apply(s, "roll blue 6 gold 6")
    allowed(s, "play move: blue toward 1")
    refused(s, "play fast", "tanuki.gm.fast")  # Fast Tanuki only before the roll
    refused(s, "play dens", "tanuki.gm.timing")  # not held
    # without the expansion no card is played
    base = position(monks=TWO)
    refused(base, "play dens", "tanuki.gm.timing")


def test_gm_timing_cards_may_be_played_once_the_tanuki_moved_also_on_a_turn_begun_with_no_tile():
    s = gm(stage="pre", hands={0: ()}, tanuki=("b3g3", "b4g4"), cards={0: ("move", "fast")})
    assert s.empty_start
    s = play(s, "go", "roll blue 6 gold 6")
    assert R.current_player(s) == 0 and R.decision(s) == "tile"  # not straight on to the draw
    legal = [str(a) for a in R.legal_actions(s)]
    assert legal[0] == "pass" and "play move: blue toward 1" in legal and not any("@" in a for a in legal)
    refused(s, "play fast", "tanuki.gm.fast")  # Fast Tanuki still only before the roll
    refused(s, "chase", "tanuki.draw.empty")  # and no tile is laid on such a turn
    e = allowed(s, "play move: blue toward 1")
    assert "tanuki.gm.move" in e.rules
    moved = R.apply(s, "play move: blue toward 1")
    assert moved.tanuki[0] == (2, 1) and R.current_player(moved) is CHANCE and moved.stage == "draw"
    e = allowed(s, "pass")
    assert e.points == 0 and "tanuki.draw.empty" in e.rules
    passed = R.apply(s, "pass")
    assert passed.stage == "draw" and passed.cards[0] == ("fast", "move")
    for _ in range(3):
        passed = R.step_chance(passed)
    assert len(passed.hands[0]) == 3
    # a card played before the roll closes the window (one per turn); only Fast Tanuki held: no window
    s = play(gm(stage="pre", hands={0: ()}, tanuki=("b3g3", "b4g4"), cards={0: ("move", "dens")}), "play dens")
    assert R.apply(s, "roll blue 6 gold 6").stage == "draw"
    s = play(gm(stage="pre", hands={0: ()}, tanuki=("b3g3", "b4g4"), cards={0: ("fast",)}), "go")
    assert R.apply(s, "roll blue 6 gold 6").stage == "draw"


def test_gm_worth_each_card_in_hand_counts_one_and_the_basket_three_never_paid_never_stolen():
    s = gm(cards={0: ("basket", "dens"), 1: ("move",)}, shiitake={0: 1, 1: 2})
    assert R.scores(s) == (1 + 3 + 1, 2 + 1) and s.shiitake == (1, 2)
    assert sum(line.points for line in R.score_breakdown(s, 0)) == 5
    # a payment takes Shiitake only: the cards stay
    s = gm(hands={0: (34, 12, 17)}, monks={0: "b3g2 A", 1: "b3g2 F"}, cards={0: ("basket",)}, shiitake={0: 1})
    s = R.apply(s, "34@b3g2")  # a crash: pay 5, holding 2
    assert s.shiitake[0] == 0 and s.cards[0] == ("basket",) and R.scores(s)[0] == 3


def test_gm_react_the_player_who_may_answer_is_asked_and_may_decline():
    s = gm(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll", tanuki=("b3g2", "b6g1"),
           cards={0: ("repellant",)}, shiitake={0: 5}, active=1)
    s = R.apply(s, "roll blue 3 gold 1")  # the blue Tanuki is about to land on player 1's monk
    assert R.current_player(s) == 0 and R.decision(s) == "react"
    assert [str(a) for a in R.legal_actions(s)] == ["play repellant", "decline"]
    refused(s, "pass", "tanuki.gm.react")
    e = allowed(s, "decline")
    assert e.points == -3 and "tanuki.tanuki.land" in e.rules
    s = R.apply(s, "decline")
    assert s.shiitake[0] == 2 and s.cards[0] == ("repellant",)


# ----- the cards -------------------------------------------------------------------------------------

def test_gm_move_one_tanuki_one_space_in_a_direction_you_choose():
    s = gm(stage="pre", tanuki=("b3g3", None), cards={0: ("move",)})
    refused(s, "play move: gold toward 1", "tanuki.gm.move")  # the gold Tanuki is off the board
    refused(s, PlayCard("move"), "tanuki.gm.move")  # a hand-made value without the choice
    with pytest.raises(ValueError, match="blue toward 3"):
        R.apply(s, "play move")
    e = allowed(s, "play move: blue toward 4")
    assert "tanuki.gm.move" in e.rules
    s = R.apply(s, "play move: blue toward 4")
    assert s.tanuki[0] == (1, 2) and s.card_discard == ("move",)
    # off the board: the card's player earns the reward
    s = gm(stage="pre", tanuki=("b1g3", None), cards={0: ("move",)})
    assert allowed(s, "play move: blue toward 4").points == -1 + 1


def test_gm_fast_both_tanuki_one_space_further_and_no_monk_harmed():
    s = gm(stage="pre", tanuki=("b3g1", "b6g1"), tiles={"b3g3": (34, 0)}, monks={0: "b3g4 A", 1: "b6g6 side 2"},
           cards={0: ("fast",)}, shiitake={0: 4})
    s = play(s, "play fast")
    assert "fast" in s.flags
    e = allowed(s, "roll blue 3 gold 1")
    s = R.apply(s, "roll blue 3 gold 1")
    assert s.tanuki[0] == (2, 2) and s.shiitake[0] == 4 + 1  # 1 + 1 spaces down onto the monk, harmless;
    # the gold Tanuki walked off the top: +1
    assert "tanuki.gm.fast" in e.rules


def test_gm_fast_a_harmless_tanuki_crossing_a_monks_tile_still_sends_its_stash_back():
    # our reading: the stash is nobody's, and a Fast Tanuki still crosses the tile
    s = gm(stage="pre", tanuki=("b3g1", "b6g1"), tiles={"b3g3": (34, 0)}, monks={0: "b3g4 A", 1: "b6g6 side 2"},
           cards={0: ("fast",)}, shiitake={0: 4}, stash={"b3g3": 2})
    s = play(s, "play fast")
    e = allowed(s, "roll blue 3 gold 1")
    s = R.apply(s, "roll blue 3 gold 1")
    assert s.tanuki[0] == (2, 2) and s.stash[2 * 6 + 2] == 0 and s.shiitake[0] == 4 + 1 and total_shiitake(s) == 80
    assert "tanuki.move.stash" in e.rules and "tanuki.gm.fast" in e.rules


def test_gm_dens_tanuki_dens_on_your_walk_cost_nothing_this_turn():
    s = gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}, cards={0: ("dens",)}, shiitake={0: 2})
    s = play(s, "play dens")
    e = allowed(s, "34@b3g2/90")
    assert e.points == 0 and "tanuki.gm.dens" in e.rules


def test_gm_ashi_ashi_magari_on_your_walk_do_not_stop_your_draw():
    s = gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (45, 34, 33)}, cards={0: ("ashi",)})
    s = play(s, "play ashi", "45@b3g2/270")
    assert not s.ashi_met and R.current_player(s) is CHANCE  # draws as usual


def test_gm_pilfer_one_from_each_of_up_to_three_opponents_and_from_the_supply_with_few_players():
    s = gm(3, monks={0: "b1g1 side 4", 1: "b6g6 side 2", 2: "b3g1 side 1"}, stage="pre", cards={0: ("pilfer",)},
           shiitake={1: 2, 2: 0})
    assert {str(a) for a in R.legal_actions(s) if "pilfer" in str(a)} == {"play pilfer: 2 3"}
    refused(s, "play pilfer: 2", "tanuki.gm.pilfer")
    refused(s, "play pilfer: 1 2", "tanuki.gm.pilfer")
    e = allowed(s, "play pilfer: 2 3")
    assert e.points == -1 + 1 + 0 + 1  # the card leaves the hand; 1 from player 2, none from player 3, 1 supply
    s2 = gm(stage="pre", cards={0: ("pilfer",)}, shiitake={1: 5})
    assert allowed(s2, "play pilfer: 2").points == -1 + 1 + 2
    s8 = gm(8, monks={p: f"b{p % 6 + 1}g1 side 1" if p < 6 else f"b1g{p - 3} side 4" for p in range(8)},
            stage="pre", cards={0: ("pilfer",)}, shiitake={q: 1 for q in range(1, 8)})
    assert len([a for a in R.legal_actions(s8) if "pilfer" in str(a)]) == 35  # any 3 of 7 opponents
    assert allowed(s8, "play pilfer: 2 5 8").points == -1 + 3


def test_gm_harvest_what_your_monk_gathers_this_turn_counts_double():
    s = gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 17, 45)}, tiles={"b3g3": (12, 270)},
           stash={"b3g3": 2}, cards={0: ("harvest",)})
    s = play(s, "play harvest")
    e = allowed(s, "34@b3g2")
    assert e.points == 2 * (1 + 2 + 1) and "tanuki.gm.harvest" in e.rules


def robbed_position(trail):
    """Player 1 faces b3g3 from below; tile 34 lies on b3g2; player 2's monk walked ``trail`` and
    stands facing b4g2 (a position as play makes it: a walked path is a trail)."""
    import dataclasses
    s = gm(monks={0: "b3g3 F", 1: "b4g2 H"}, hands={0: (17, 12, 45)}, tiles={"b3g2": (34, 0)},
           cards={0: ("robber",)}, shiitake={1: 5})
    return R.from_dict(dataclasses.replace(s, trails=((), trail)).to_dict())


def test_gm_robber_take_two_from_each_opponent_whose_walked_path_your_walk_crosses():
    s = play(robbed_position(((2, 1, 2, 7),)), "play robber")  # player 2 walked across b3g2 (C-H)
    assert "robber" in s.flags
    e = allowed(s, "17@b3g3/180")  # up b3g3 (A-F), then up b3g2 (A-F), crossing player 2's path
    assert "tanuki.gm.robber" in e.rules and e.points == 1 + 1 + 2
    assert R.apply(s, "17@b3g3/180").shiitake[1] == 3
    # a walk that does not cross takes nothing
    s = play(robbed_position(()), "play robber")
    assert "tanuki.gm.robber" not in allowed(s, "17@b3g3/180").rules


def test_gm_trap_set_on_or_next_to_your_monk_catches_the_first_tanuki_for_three():
    s = gm(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="pre", tanuki=("b3g1", "b6g1"),
           cards={0: ("trap",)})
    traps = {str(a) for a in R.legal_actions(s) if "trap" in str(a)}
    assert len(traps) == 9 and "play trap: b3g3" in traps  # the monk's space and the 8 around it
    refused(s, "play trap: b6g6", "tanuki.gm.trap")
    s = play(s, "play trap: b3g2")
    assert s.traps == ((2, 1, 0),) and s.cards[0] == () and s.card_discard == ()  # the card stays in front
    e = allowed(s, "roll blue 3 gold 2")
    assert "tanuki.gm.trap" in e.rules
    s = R.apply(s, "roll blue 3 gold 2")
    assert s.tanuki[0] is None and s.traps == () and "trap" in s.card_discard
    assert cards_total(s) == 48


def test_gm_trap_a_tanuki_caught_on_a_stashs_tile_never_comes_onto_it_so_the_stash_stays():
    s = gm(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll", tanuki=("b3g2", "b6g1"),
           traps=(("b3g3", 1),), shiitake={0: 2}, stash={"b3g3": 2}, active=1)
    e = allowed(s, "roll blue 3 gold 2")
    s = R.apply(s, "roll blue 3 gold 2")
    assert s.tanuki[0] is None and s.stash[2 * 6 + 2] == 2 and s.shiitake == (2, 3 + 1) and total_shiitake(s) == 80
    assert "tanuki.gm.trap" in e.rules and "tanuki.move.stash" not in e.rules


def test_gm_repellant_a_tanuki_about_to_reach_your_monk_or_blocking_you_leaves_the_board():
    s = gm(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll", tanuki=("b3g2", "b6g1"),
           cards={0: ("repellant",)}, shiitake={0: 5}, active=1)
    s = R.apply(s, "roll blue 3 gold 1")
    e = allowed(s, "play repellant")
    assert e.points == -1 + 1 and "tanuki.gm.repellant" in e.rules
    s = R.apply(s, "play repellant")
    assert s.tanuki[0] is None and s.shiitake[0] == 6 and s.stash[2 * 6 + 2] == 0
    # blocking the space in front of you on your own turn
    s = gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, tanuki=("b3g2", None), cards={0: ("repellant",)})
    assert {str(a) for a in R.legal_actions(s)} == {"pass", "play repellant"}
    s = play(s, "play repellant")
    assert s.tanuki == (None, None) and R.decision(s) == "tile"
    # otherwise it is not played
    refused(gm(cards={0: ("repellant",)}), "play repellant", "tanuki.gm.repellant")


def test_gm_repellant_two_monks_on_the_tanukis_space_the_first_to_answer_sends_it_away_the_other_is_not_asked():
    s = gm(3, monks={0: "b3g4 A", 1: "b3g4 B", 2: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll",
           tanuki=("b3g2", "b6g1"), cards={0: ("repellant",), 1: ("repellant",), 2: ("offense",)},
           shiitake={0: 5, 1: 5}, active=2)
    s = R.apply(s, "roll blue 3 gold 1")  # the blue Tanuki is about to reach both monks: both may answer
    assert s.pending == ((0, "react", "blue"), (1, "react", "blue"))
    s = play(s, "play repellant")  # player 1 answers first; player 3 may counter it
    assert R.decision(s) == "counter" and R.current_player(s) == 2
    assert R.from_dict(s.to_dict()) == s
    # not countered: the Tanuki leaves at once, player 2 is not asked (their card stays in hand)
    t = play(s, "decline")
    assert t.tanuki[0] is None and t.pending == () and t.cards[1] == ("repellant",) and t.shiitake[:2] == (6, 5)
    assert R.decision(t) == "tile" and R.from_dict(t.to_dict()) == t
    # countered by The Best Offense: the Tanuki still comes, and player 2 may now answer with theirs
    t = play(s, "play offense")
    assert R.decision(t) == "react" and R.current_player(t) == 1 and t.cardstack == ()
    assert R.from_dict(t.to_dict()) == t
    t = play(t, "play repellant")
    assert t.tanuki[0] is None and t.shiitake[:2] == (5, 6) and t.cards[:2] == ((), ())


def test_crash_restart_on_your_own_turn_a_monk_that_waits_lays_no_tile_and_a_card_may_still_be_played():
    s = gm(monks={0: "b3g1 side 1", 1: "b3g2 A"}, tiles={"b3g1": (18, 0)}, hands={0: (34, 45, 33)},
           cards={0: ("dens",)}, shiitake={0: 7, 1: 7})
    s = play(s, "enter from B")  # player 1's monk walks into player 2's: both start again
    assert s.pending == ((0, "restart", None), (1, "restart", None))
    s = play(s, "wait", "start b5g1 side 1")
    # player 1's monk is off the board: no tile this turn; Garden Master's window for a card stays open
    assert R.decision(s) == "tile" and R.current_player(s) == 0 and s.monks[0] is None
    assert {str(a) for a in R.legal_actions(s)} == {"pass", "play dens"}
    refused(s, "34@b3g1", "tanuki.crash.restart")
    assert R.from_dict(s.to_dict()) == s
    e = allowed(s, "pass")
    assert "tanuki.crash.restart" in e.rules
    t = R.apply(s, "pass")
    assert R.decision(t) == "buy" and R.current_player(t) == 0 and t.monks[0] is None  # a full hand: no draw
    t = play(s, "play dens")
    assert "dens" in t.flags and R.decision(t) == "buy"  # the card played, nothing is left to do before the buy
    # without Garden Master there is nothing to decide: the turn goes straight on (a full hand: no draw) to the
    # next player
    s = position(monks={0: "b3g1 side 1", 1: "b3g2 A"}, tiles={"b3g1": (18, 0)}, hands={0: (34, 45, 33)},
                 shiitake={0: 7, 1: 7})
    s = play(s, "enter from B", "wait", "start b5g1 side 1")
    assert s.active == 1 and s.monks[0] is None and len(s.hands[0]) == 3


def test_gm_repellant_a_tanuki_sent_away_before_it_reaches_the_tile_leaves_its_stash_there():
    s = gm(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll", tanuki=("b3g2", "b6g1"),
           cards={0: ("repellant",)}, shiitake={0: 5}, stash={"b3g3": 2}, active=1)
    s = R.apply(s, "roll blue 3 gold 1")
    e = allowed(s, "play repellant")
    assert "tanuki.move.stash" not in e.rules
    s = R.apply(s, "play repellant")
    assert s.tanuki[0] is None and s.stash[2 * 6 + 2] == 2 and s.shiitake[0] == 6


def test_gm_bait_both_tanuki_on_two_different_empty_spaces_next_to_one_opponent():
    s = gm(monks={0: "b3g2 A", 1: "b5g5 A"}, tiles={"b5g4": (1, 0)}, cards={0: ("bait",)}, stage="pre")
    baits = [a for a in R.legal_actions(s) if "bait" in str(a)]
    assert len(baits) == 8 * 7  # player 2 stands on b5g4: 8 spaces around, two different ones, in order
    refused(s, "play bait: 2, blue b5g4, gold b4g4", "tanuki.gm.bait")  # the monk's own space
    refused(s, "play bait: 2, blue b4g4, gold b4g4", "tanuki.gm.bait")
    refused(s, "play bait: 1, blue b2g1, gold b4g1", "tanuki.gm.bait")  # yourself
    s = play(s, "play bait: 2, blue b4g4, gold b6g5")
    assert s.tanuki == ((3, 3), (5, 4))


def test_gm_speed_lay_a_second_tile_this_turn():
    s = gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}, cards={0: ("speed",)})
    s = play(s, "play speed", "34@b3g2")
    assert R.decision(s) == "tile" and R.current_player(s) == 0
    s = play(s, "12@b3g3/270")
    assert R.current_player(s) is CHANCE and len(s.hands[0]) == 1  # then the draw back up to 3


def test_move_ashi_other_several_met_in_one_turn_count_once_even_over_the_two_tiles_of_a_speed_stroll():
    s = gm(monks={0: "b3g2 H", 1: "b3g2 A"}, hands={0: (31, 9, 12), 1: (2, 3, 4)}, cards={0: ("speed",)})
    s = play(s, "play speed", "31@b3g2/180")  # player 2's monk walks across an Ashi-magari on b3g2
    assert R.current_player(s) == 1 and R.decision(s) == "discard" and s.ashi_others == (1,)
    s = play(s, "discard 2")
    assert R.current_player(s) == 0 and R.decision(s) == "tile"
    e = allowed(s, "9@b3g3/90")  # the second tile: player 2's monk meets another one on b3g3
    assert [x.rule for x in e.effects].count("tanuki.move.ashi_other") == 1  # said once: it counts once
    s = R.apply(s, "9@b3g3/90")
    assert s.hands[1] == (3, 4) and 2 in s.discard  # one discard in the whole turn
    assert R.current_player(s) is CHANCE and s.stage == "draw"  # nobody is asked again: player 1 draws
    s = R.step_chance(R.step_chance(s))
    if R.decision(s) == "buy":
        s = R.apply(s, "end turn")
    assert s.active == 1 and s.ashi_others == ()  # the count starts again each turn


def test_gm_clear_up_to_three_tiles_or_rock_gardens_off_the_board():
    s = gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, tiles={"b1g1": (1, 0), "b2g2": (2, 0)}, rocks=("b5g5",),
           cards={0: ("clear",)}, stash={"b2g2": 1})
    s = play(s, "play clear")
    assert R.decision(s) == "clear" and {str(a) for a in R.legal_actions(s)} == {"clear b1g1", "clear b2g2",
                                                                                  "clear b5g5", "done"}
    refused(s, "clear b4g4", "tanuki.gm.clear")
    s = play(s, "clear b5g5", "clear b2g2", "clear b1g1")
    assert s.rocks == () and set(s.discard) == {1, 2} and R.decision(s) == "tile" and total_shiitake(s) == 80
    early = play(gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, tiles={"b1g1": (1, 0)}, cards={0: ("clear",)}),
                 "play clear", "done")
    assert early.tile_at(0, 0) == (1, 0)


def test_gm_shift_turn_any_one_tile():
    s = gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, tiles={"b5g4": (1, 0)}, cards={0: ("shift",)})
    assert [str(a) for a in R.legal_actions(s) if "shift" in str(a)] == [
        "play shift: b5g4/90", "play shift: b5g4/180", "play shift: b5g4/270"]
    refused(s, "play shift: b4g4/90", "tanuki.gm.shift")
    s = play(s, "play shift: b5g4/270")
    assert s.tile_at(4, 3) == (1, 270)


def test_gm_offense_cancels_another_players_card_as_it_is_played():
    s = gm(3, monks={0: "b1g1 side 4", 1: "b6g6 side 2", 2: "b3g1 side 1"}, stage="pre",
           cards={0: ("pilfer",), 1: ("offense",), 2: ("offense",)}, shiitake={1: 2, 2: 2})
    s = R.apply(s, "play pilfer: 2 3")
    assert R.current_player(s) == 1 and R.decision(s) == "counter"
    refused(s, "play pilfer: 1 3", "tanuki.gm.react")
    s1 = play(s, "play offense")
    assert R.current_player(s1) == 2 and R.decision(s1) == "counter"  # an offense may be answered too
    cancelled = play(s1, "decline")
    assert cancelled.shiitake == (0, 2, 2) and set(cancelled.card_discard) == {"offense", "pilfer"}
    # both answer: the second cancels the first, and the pilfer takes effect
    both = play(s1, "play offense")
    assert both.shiitake == (3, 1, 1)
    # no answer: it takes effect
    s = play(s, "decline", "decline")
    assert s.shiitake == (3, 1, 1)
    refused(gm(cards={0: ("offense",)}), "play offense", "tanuki.gm.offense")


def test_gm_rock_a_rock_garden_on_a_space_with_no_monk_and_in_front_of_no_other_monk():
    s = gm(monks={0: "b3g2 A", 1: "b5g5 A"}, tiles={"b4g4": (1, 0), "b5g4": (2, 0)}, stash={"b4g4": 2},
           cards={0: ("rock",)})
    refused(s, "play rock: b5g5", "tanuki.gm.rock")  # in front of player 2's monk
    refused(s, "play rock: b5g4", "tanuki.gm.rock")  # player 2's monk stands there
    s = play(s, "play rock: b4g4")
    assert s.rocks == ((3, 3),) and s.tile_at(3, 3) is None and 1 in s.discard and total_shiitake(s) == 80
    # a Tanuki may not be placed there, nor walk onto it
    s = gm(monks={0: "b1g1 side 4", 1: "b6g6 side 2"}, stage="roll", tanuki=(None, "b6g4"), rocks=("b4g4",))
    after = R.apply(s, "roll blue 4 gold 4")
    assert after.tanuki == (None, (4, 3))  # blue stays off (the roll names the rock), gold stops before it
    # nor a tile: a monk facing one passes, or (our reading) goes back to a free edge place at no cost
    s = gm(monks={0: "b4g4 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}, rocks=("b4g4",), shiitake={0: 2})
    refused(s, "34@b4g4", "tanuki.gm.rock")
    legal = [str(a) for a in R.legal_actions(s)]
    assert legal[0] == "start b1g1 side 1" and "pass" in legal and len(legal) == 1 + 22  # 24 places, 2 taken
    refused(s, "start b6g6 side 2", "tanuki.gm.rock")  # player 2 stands there
    e = allowed(s, "start b3g1 side 1")
    assert e.points == 0 and "tanuki.gm.rock" in e.rules
    s = R.apply(s, "start b3g1 side 1")
    assert s.monks[0] == ("edge", 2, 0, 1) and R.decision(s) == "tile" and s.shiitake[0] == 2
    allowed(s, "34@b3g1 from A")


def test_gm_basket_counts_three_and_is_never_played():
    s = gm(stage="pre", cards={0: ("basket",)})
    assert R.scores(s)[0] == 3 and R.current_player(s) is CHANCE  # nothing to play before the roll
    s = gm(cards={0: ("basket",)}, monks={0: "b3g2 A", 1: "b6g6 side 2"})
    refused(s, "play basket", "tanuki.gm.basket")


def test_gm_cards_count_toward_the_target_at_the_end_of_your_turn():
    s = gm(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}, shiitake={0: 11}, cards={0: ("basket",)})
    s = R.step_chance(R.apply(s, "34@b3g2"))  # 12 Shiitake + 3 = 15
    assert R.decision(s) == "buy"
    s = R.apply(s, "end turn")
    assert R.is_terminal(s) and R.outcome(s).winners == (0,)


# ----- a card picked that cannot be played now: why, with its rule (rules.card_refusal) ------------------
def test_a_card_that_cannot_be_played_now_is_refused_with_its_rule():
    """What a board says when a Garden Master card is picked: a value with the rule it comes from,
    never words a widget puts together (the board shows the refusal as the rules give it)."""
    hand = ("move", "pilfer", "shift", "basket", "offense")
    s = position(hands={0: (5, 9, 12)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"}, stage="pre",
                 garden_master=True, cards={0: hand})
    assert R.card_refusal(s, 0, "pilfer") is None  # one of its ways is legal: nothing to say
    # a card with choices, none of them allowed now (no tile on the board to move a Tanuki over, or to turn)
    assert R.card_refusal(s, 0, "move").rule == "tanuki.gm.move"
    assert R.card_refusal(s, 0, "shift").rule == "tanuki.gm.shift" and "Shifting Paths" in R.card_refusal(s, 0, "shift").text
    # a card never played, a card that only answers another: the engine's own refusal
    assert R.card_refusal(s, 0, "basket").rule == "tanuki.gm.basket"
    assert R.card_refusal(s, 0, "offense").rule == "tanuki.gm.offense"
    # not held, not this player's turn, no expansion: the timing rule
    assert R.card_refusal(s, 0, "fast").rule == "tanuki.gm.timing" and "hold no" in R.card_refusal(s, 0, "fast").text
    assert R.card_refusal(s, 1, "pilfer").rule == "tanuki.gm.timing"
    plain = position(hands={0: (5, 9, 12)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"}, stage="pre")
    assert R.card_refusal(plain, 0, "fast").rule == "tanuki.gm.timing"
    # and the board says it, with the rule id
    from gardenkit.widgets.tanuki import TanukiBoard

    board = TanukiBoard(s)
    board.choose_card("shift")
    assert board.card is None and "Not now: none of the Shifting Paths card&#x27;s moves is allowed now " \
        "[tanuki.gm.shift]" in board.panel.value
    board.choose_card("pilfer")
    assert board.card == "pilfer"
