"""The rulebook's worked examples, rebuilt as positions, and every lesson's promise."""
import gardenkit
from gardenkit.tutor import samurai_gardener as lessons

R = gardenkit.make("samurai_gardener")


def test_rulebook_example_plus_eight():
    sc = lessons.worked_examples()[0]
    e = R.explain(sc.start, sc.actions[0])
    assert [(line.points, line.text.split(" (")[0]) for line in e.lines] == [
        (2, "row of 4 garden"),
        (1, "row of 3 pond"),
        (1, "row of 3 tatami"),
        (4, "bonus for 3 types of scoring line"),
    ]
    assert e.points == 8
    assert "covers 2 square(s)" in e.effects[0]
    covered = {(x, y): t for (x, y), t in sc.start.houses[0].grid.items() if (x, y) in {(2, 0), (3, 0)}}
    assert covered == {(2, 0): "T", (3, 0): "T"}  # the two tatami squares the rulebook covers
    assert sc.states(R)[-1].scores[0] == 8


def test_rulebook_example_specialist_plus_one():
    sc = lessons.worked_examples()[1]
    e = R.explain(sc.start, sc.actions[0])
    pond = next(line for line in e.lines if "pond" in line.text)
    garden = next(line for line in e.lines if "garden" in line.text and line.rule != "samurai_gardener.specialist.bonus")
    assert (pond.points, pond.text.split(" (")[0]) == (1, "column of 3 pond")
    assert (garden.points, garden.text.split(" (")[0]) == (0, "row of 3 garden")
    assert e.points == 1
    after = sc.states(R)[-1]
    assert after.scores[0] == 1 and after.markers[0] == "FT"  # the pond marker was removed


def test_every_scenario_replays_and_every_caption_matches_the_engine():
    for sc in lessons.worked_examples() + (lessons.order_scenario(),):
        states = sc.states(R)
        assert len(states) == len(sc.actions) + 1
        for expl in sc.explanations(R):
            assert expl.legal
            for rule in expl.rules:
                assert rule in R.info.rules
        for rule in sc.rules:
            assert rule in R.info.rules


def test_try_positions_cover_the_placing_and_scoring_rules():
    positions = lessons.try_positions()
    for rule, (state, caption) in positions.items():
        assert rule in R.info.rules
        assert R.legal_actions(state) and caption
    assert {"samurai_gardener.place.touch", "samurai_gardener.place.protect", "samurai_gardener.score.bonus"} <= set(positions)
