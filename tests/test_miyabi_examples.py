"""The rulebook's worked examples, rebuilt as positions, checked against the rulebook's numbers."""
import pytest

import gardenkit
from gardenkit.tutor import miyabi as lessons

R = gardenkit.make("miyabi")


def example(id):
    return next(sc for sc in lessons.worked_examples() if sc.id == id)


def lines(expl_or_lines, rule=None):
    seq = expl_or_lines.lines if hasattr(expl_or_lines, "lines") else expl_or_lines
    return [(line.points, line.rule) for line in seq if rule is None or line.rule == rule]


def test_rulebook_example_three_pagodas_on_layer_one_score_three():
    sc = example("pagodas")
    e = R.explain(sc.start, sc.actions[0])
    assert lines(e) == [(3, "miyabi.score.placement")] and e.points == 3
    assert "3 pagodas x layer 1" in e.lines[0].text
    end = sc.states(R)[-1]
    assert end.scores[0] == 3 and end.gardens[0].visible(1, 1) == ("pagoda", 3)
    assert end.lanterns[0] == 1 << 1  # the lantern above column b


def test_rulebook_example_two_fish_on_layer_two_score_four():
    sc = example("fish")
    assert sc.start.round > 1  # a later building round
    e = R.explain(sc.start, sc.actions[0])
    assert lines(e) == [(4, "miyabi.score.placement")] and e.points == 4
    assert "2 fish x layer 2" in e.lines[0].text
    assert sc.states(R)[-1].gardens[0].pieces[-1].layer == 2


def test_rulebook_example_colorful_garden_group_of_27_scores_27():
    sc = example("colorful")
    end = sc.states(R)[-1]
    assert R.is_terminal(end)
    assert lines(end.lines[0], "miyabi.colorful.group") == [(27, "miyabi.colorful.group")]
    assert "27 objects" in next(line.text for line in end.lines[0] if line.rule == "miyabi.colorful.group")
    # before the last tile the group was one azalea short
    before = [line for line in R.final_lines(sc.start, 0) if line.rule == "miyabi.colorful.group"]
    assert before[0].points == 26


def test_rulebook_example_big_meadow_six_green_squares_score_twelve():
    sc = example("meadow")
    end = sc.states(R)[-1]
    assert R.is_terminal(end)
    meadow = [line for line in end.lines[0] if line.rule == "miyabi.meadow.group"]
    assert [line.points for line in meadow] == [6 * 2] and "6 empty green squares" in meadow[0].text
    assert len(end.gardens[0].green_groups()[0]) == 6


def test_rulebook_example_zen_garden_four_and_five_and_the_maple_only_one_so_far():
    sc = example("zen")
    ex = [e for e, a in zip(sc.explanations(R), sc.actions) if not a.startswith("reveal")]
    boxwood, azalea, maple = ex
    assert lines(boxwood) == [(1, "miyabi.score.placement"), (4, "miyabi.zen.surround")]  # 3 boxwood objects + 1
    assert lines(azalea) == [(1, "miyabi.zen.point"), (5, "miyabi.zen.surround")]  # 4 objects + 1
    assert lines(maple) == [(1, "miyabi.zen.point")]  # not surrounded yet: 1 so far
    end = sc.states(R)[-1]
    assert sum(p for p, rule in lines(end.lines[0]) if rule == "miyabi.zen.surround") == 4 + 5
    assert end.zen_scored[0] == (9, 11)
    assert len(end.zen_display) == 5  # every Zen tile taken was replaced


def test_rulebook_example_seven_two_lines_of_seven_score_fourteen():
    sc = example("seven")
    end = sc.states(R)[-1]
    assert R.is_terminal(end)
    seven = lines(end.lines[0], "miyabi.seven.lines")
    assert seven == [(7, "miyabi.seven.lines")] * 2 and sum(p for p, _ in seven) == 14
    g = end.gardens[0]
    assert g.row_objects(0) == 7 and g.column_objects(0) == 7
    # one maple short before the move: only the column
    assert [line.points for line in R.final_lines(sc.start, 0) if line.rule == "miyabi.seven.lines"] == [7]


def test_every_rulebook_example_has_a_scenario():
    assert {sc.id for sc in lessons.worked_examples()} == {"pagodas", "fish", "colorful", "meadow", "zen", "seven"}


@pytest.mark.parametrize("sc", lessons.worked_examples(), ids=lambda sc: sc.id)
def test_every_scenario_replays_and_its_rules_exist(sc):
    assert sc.game == "miyabi"
    states = sc.states(R)
    assert len(states) == len(sc.actions) + 1 == len(sc.captions) + 1
    for s, a, expl in zip(states, sc.actions, sc.explanations(R)):
        assert expl.legal and R.why_illegal(s, a) is None
        assert expl.points == sum(line.points for line in expl.lines)
        for rule in expl.rules:
            assert rule in R.info.rules
    for rule in sc.rules:
        assert rule in R.info.rules
    for p in range(states[-1].players):  # the scores add up after every example
        assert sum(line.points for line in R.score_breakdown(states[-1], p)) == R.scores(states[-1])[p]
    assert all(caption for caption in sc.captions) and sc.title and sc.text


def test_every_caption_number_matches_the_engine():
    """Every "= N" in a caption is a line the move scores, its total, or a final line (or its rule's sum)."""
    import re

    for sc in lessons.worked_examples():
        states = sc.states(R)
        for s, after, a, caption in zip(states, states[1:], sc.actions, sc.captions):
            totals = [int(n) for n in re.findall(r"= (\d+)", caption)]
            if not totals:
                continue
            move = R.explain(s, a)
            points = {line.points for line in move.lines} | {move.points}
            new = after.lines[s.to_move][len(s.lines[s.to_move]):]
            final = {line.points for line in new} | {sum(x.points for x in new if x.rule == line.rule) for line in new}
            assert set(totals) <= points | final, (sc.id, caption, points, final)
