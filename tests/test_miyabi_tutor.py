"""Miyabi lessons (every game's quizzes and scenarios: ``test_all_games.py``): every try board is live,
the scenarios replay, and the notebook has a heading for every rule id."""
import pytest

import gardenkit
from gardenkit.tutor import miyabi as lessons

R = gardenkit.make("miyabi")


# ----- quizzes ---------------------------------------------------------------------------------


def test_quizzes_cover_layers_bonus_zen_frog_and_covering():
    by_id = {q.id: q for q in lessons.quizzes()}
    e = R.explain(by_id["q-layer-three"].state, by_id["q-layer-three"].action)
    assert e.lines[0].text == "3 fish x layer 3"
    cover = R.explain(by_id["q-cover"].state, by_id["q-cover"].action)
    assert any("covers 3 objects" in effect for effect in cover.effects)
    fifth = R.explain(by_id["q-fifth-layer"].state, by_id["q-fifth-layer"].action)
    assert [(line.points, line.rule) for line in fifth.lines] == [(5, "miyabi.score.placement"), (10, "miyabi.bonus.fifth")]
    zen = R.explain(by_id["q-zen-hole"].state, by_id["q-zen-hole"].action)
    assert [line.points for line in zen.lines] == [1, 5]
    golden = R.explain(by_id["q-frog-golden"].state, by_id["q-frog-golden"].action)
    assert "miyabi.frog.golden" in golden.rules
    after = R.apply(by_id["q-frog-golden"].state, by_id["q-frog-golden"].action)
    assert after.frogs[0].golden


# ----- try boards --------------------------------------------------------------------------------
PLACING_RULES = {
    "miyabi.place.row", "miyabi.place.lantern", "miyabi.place.grid", "miyabi.place.layer", "miyabi.place.cover",
    "miyabi.place.rotate", "miyabi.place.green", "miyabi.turn.pass", "miyabi.bonus.fifth", "miyabi.zen.place",
    "miyabi.zen.next", "miyabi.frog.move", "miyabi.frog.silver", "miyabi.frog.golden", "miyabi.frog.layer",
    "miyabi.frog.lift",
}


def test_try_positions_are_live_and_cover_the_placing_rules():
    positions = lessons.try_positions()
    assert PLACING_RULES <= set(positions)
    for rule, (state, caption) in positions.items():
        assert rule in R.info.rules
        assert isinstance(R.current_player(state), int), rule
        assert R.legal_actions(state) and caption, rule


# what a learner is invited to try on each board: (a refused move and the rule it names, a legal move)
TRIES = {
    "miyabi.place.row": ("17@c2", "miyabi.place.row", "17@c4"),
    "miyabi.place.lantern": ("17@b4", "miyabi.place.lantern", "17@c4"),
    "miyabi.place.grid": ("72@a3", "miyabi.place.grid", "72@e3"),
    "miyabi.place.layer": ("72@c3", "miyabi.place.layer", "72@b3"),
    "miyabi.place.rotate": ("72@f3/90", None, "90@e4/270"),
    "miyabi.place.green": ("34@b1", "miyabi.place.lantern", "67@a1"),
    "miyabi.turn.pass": ("65@f1/90", "miyabi.place.layer", "pass"),
    "miyabi.zen.place": ("Z14@b6", "miyabi.zen.place", "Z9@c4"),
    "miyabi.zen.next": ("Z14@a6", "miyabi.zen.next", "39@e2"),
    "miyabi.zen.cover": ("39@c2", "miyabi.zen.cover", "39@e2"),
    "miyabi.frog.move": ("frog c5", "miyabi.frog.move", "frog a4"),
    "miyabi.frog.layer": ("frog a4", "miyabi.frog.layer", "frog c4"),
    "miyabi.frog.silver": ("frog b5", "miyabi.frog.silver", "frog c4"),
    "miyabi.frog.golden": ("frog c4", "miyabi.frog.layer", "frog e4"),
    "miyabi.frog.lift": ("frog b5", "miyabi.frog.move", "28@a6"),
}


@pytest.mark.parametrize("rule", sorted(TRIES))
def test_each_try_board_refuses_and_accepts_what_its_caption_invites(rule):
    state, _ = lessons.try_positions()[rule]
    refused, named, legal = TRIES[rule]
    if named is None:
        assert R.why_illegal(state, refused) is None  # the rotate board: an upright straight triple is fine
    else:
        reason = R.why_illegal(state, refused)
        assert reason and f"[{named}]" in reason, reason
    assert R.why_illegal(state, legal) is None
    assert R.explain(state, legal).legal


def test_pass_board_offers_only_pass():
    state, _ = lessons.try_positions()["miyabi.turn.pass"]
    assert [str(a) for a in R.legal_actions(state)] == ["pass"]


def test_bonus_board_gives_the_maple_bonus_and_cover_board_hides_objects():
    state, _ = lessons.try_positions()["miyabi.bonus.fifth"]
    assert R.explain(state, "5@f1").points == 15
    state, _ = lessons.try_positions()["miyabi.place.cover"]
    assert state.gardens[0].row_objects(2) == 3
    assert R.apply(state, "11@a3").gardens[0].row_objects(2) == 1


def test_frog_lift_board_lifts_the_frog():
    state, _ = lessons.try_positions()["miyabi.frog.lift"]
    e = R.explain(state, "28@a6")
    assert "miyabi.frog.lift" in e.rules
    after = R.apply(state, "28@a6")
    assert (after.frogs[0].x, after.frogs[0].y) == (0, 5) and after.gardens[0].height(0, 5) == 1


# ----- scenarios -------------------------------------------------------------------------------------
def test_worked_examples_keep_their_ids():
    assert [sc.id for sc in lessons.worked_examples()] == ["pagodas", "fish", "colorful", "meadow", "zen", "seven"]


def test_final_scoring_scenario_ends_the_game_with_ties_for_first_and_second():
    sc = lessons.final_scoring_scenario()
    assert 3 <= sc.start.players <= 4
    end = sc.states(R)[-1]
    assert R.is_terminal(end)
    assert end.scores == (66, 56, 47)  # worked out by hand in the scenario's docstring
    rules_used = [[line.rule for line in R.score_breakdown(end, p)] for p in range(end.players)]
    assert rules_used[0].count("miyabi.end.tie_first") == 1 and rules_used[1].count("miyabi.end.tie_first") == 1
    assert rules_used[1].count("miyabi.end.tie_second") == 1 and rules_used[2].count("miyabi.end.tie_second") == 1
    # player 3 has a maple, but a tie for first leaves no second place in row 1
    assert not any("row 1" in line.text for line in R.score_breakdown(end, 2))
    assert R.outcome(end).winners == (0,)


def test_frog_scenario_climbs_and_turns_golden():
    sc = lessons.frog_scenario()
    states = sc.states(R)
    frog_points = [e.points for a, e in zip(sc.actions, sc.explanations(R)) if a.startswith("frog")]
    assert frog_points == [1, 2, 3, 4, 0]
    goldens = [s.frogs[0].golden for s in states]
    assert not goldens[0] and goldens[-1]
    first_golden = goldens.index(True)
    assert sc.actions[first_golden - 1] == "frog d4"
    assert R.parse_action(states[-2], "frog e4") and states[-2].gardens[0].objects_at(4, 3) == 1  # onto an azalea
    assert states[-1].scores[0] == 15


# The notebook (every lesson shown, its readings, its checked cells, public names only) is checked
# for every game in tests/test_all_games.py, with this game's data in tests/games/<id>/notebook.py.
