"""The rulebook's worked example of Tanuki in the Garden, step by step.

The rulebook's one worked example moves both Tanuki on a roll of blue 4 and gold 5: the blue
Tanuki walks one space toward side 4 (its own die says where; the gold die, odd, says one space);
the gold Tanuki may walk two spaces any way the roller likes (its own die shows 5; the blue die,
even, says two), and the roller sends it off the board for a Shiitake. It comes back by the dice
at the start of the next player's turn. The diagrams are not in the text we have, so the Tanuki
start where the example works: blue on b3g3, gold on b5g5, two spaces from the bottom edge.
"""
from gardenkit import CHANCE
from gardenkit.games.tanuki import Roll, TanukiRules
from gardenkit.games.tanuki.setups import position

R = TanukiRules()
MONKS = {0: "b3g1 side 1", 1: "b6g3 side 2"}


def start():
    return position(tanuki=("b3g3", "b5g5"), monks=MONKS, hands={0: (34, 12, 17)}, stage="roll")


def test_rulebook_dice_example_blue_4_gold_5_blue_walks_one_space_toward_side_4():
    s = R.apply(start(), Roll(4, 5))
    assert s.tanuki[0] == (1, 2)  # b3g3 -> b2g3: toward side 4 (left), 1 space because gold's 5 is odd
    assert s.tanuki[1] == (4, 4)  # gold waits for the roller's choice
    assert R.current_player(s) == 0 and R.decision(s) == "direction"


def test_rulebook_dice_example_gold_shows_5_the_roller_picks_any_side_for_two_spaces():
    s = R.apply(start(), Roll(4, 5))
    choices = {str(a): R.explain(s, a) for a in R.legal_actions(s)}
    assert list(choices) == ["gold toward 1", "gold toward 2", "gold toward 3", "gold toward 4"]
    ends = {name: R.apply(s, name).tanuki[1] for name in choices}
    assert ends == {"gold toward 1": (4, 2), "gold toward 2": None, "gold toward 3": None, "gold toward 4": (2, 4)}
    # two spaces: off the board to the right or the bottom, each worth the bonus Shiitake
    assert {name: e.points for name, e in choices.items()} == {"gold toward 1": 0, "gold toward 2": 1,
                                                              "gold toward 3": 1, "gold toward 4": 0}
    assert "tanuki.tanuki.off" in choices["gold toward 3"].rules
    assert "tanuki.tanuki.choose" in choices["gold toward 3"].rules


def test_rulebook_dice_example_the_player_sends_gold_off_the_board_and_it_returns_next_turn():
    s = R.apply(R.apply(start(), Roll(4, 5)), "gold toward 3")
    assert s.tanuki == ((1, 2), None) and s.shiitake[0] == 1  # the second diagram: gold gone, +1
    # player 1 finishes the turn; player 2's roll puts the gold Tanuki back instead of moving it
    s = R.apply(s, "34@b3g1 from A")
    while R.current_player(s) is CHANCE and s.active == 0:
        s = R.step_chance(s)
    assert s.active == 1 and R.current_player(s) is CHANCE
    e = R.explain(s, Roll(2, 6))
    assert "tanuki.tanuki.place" in e.rules
    s = R.apply(s, Roll(2, 6))
    assert s.tanuki[1] == (1, 5)  # placed on blue 2, gold 6; it does not also move
    assert s.tanuki[0] == (3, 2)  # blue walks on: toward side 2, two spaces (gold 6 is even)
