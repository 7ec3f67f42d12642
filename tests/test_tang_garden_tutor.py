"""Tang Garden lessons (every game's quizzes and scenarios: ``test_all_games.py``): the rulebook's worked
examples do what their captions say, and every rule has a try position at a player's decision.

Until Tang Garden is registered, the game is registered for these tests only (``registered``)."""
import re
from pathlib import Path

import gardenkit
import pytest

from gardenkit.games.tang_garden import TangGardenRules
from gardenkit.games.tang_garden.rules_text import RULES

R = TangGardenRules()


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    if "tang_garden" not in gardenkit._GAMES:
        monkeypatch.setattr(gardenkit, "_GAMES", gardenkit._GAMES + ("tang_garden",))
    yield


def lessons():
    from gardenkit.tutor import tang_garden

    return tang_garden


def test_the_worked_examples_are_the_rulebooks():
    """(Every scenario replays with legal moves and real rules: ``test_all_games.py``.)"""
    examples = lessons().worked_examples()
    assert {sc.id for sc in examples} == {"book-viola-build", "book-viola-token", "book-temple-michele",
                                         "book-michele", "book-draw-four", "book-emperor"}
    assert all(sc.from_book for sc in examples)

def test_viola_gains_a_water_level_and_a_footpath_coin():
    sc = next(sc for sc in lessons().worked_examples() if sc.id == "book-viola-build")
    before, after = sc.states()
    assert after.tracks[0][1] == before.tracks[0][1] + 1
    assert R.scores(after)[0] - R.scores(before)[0] == 1


def test_the_temple_pays_two_and_michele_two_with_a_rock_step():
    temple = next(sc for sc in lessons().worked_examples() if sc.id == "book-temple-michele")
    before, after = temple.states()
    assert R.scores(after)[0] - R.scores(before)[0] == 2 and after.tracks[0][2] == before.tracks[0][2] + 1
    michele = next(sc for sc in lessons().worked_examples() if sc.id == "book-michele")
    before, after = michele.states()
    assert before.active == 1
    assert R.scores(after)[1] - R.scores(before)[1] == 2 and after.tracks[1][2] == before.tracks[1][2] + 1


def test_the_draw_of_four_keeps_the_peony_and_pairs_it_with_the_lotus():
    sc = next(sc for sc in lessons().worked_examples() if sc.id == "book-draw-four")
    states = sc.states()
    assert [t[0] for t in states[1].todo] == ["draw"] * 4
    end = states[-1]
    assert sorted(end.discard) == ["fish/water", "pavilion/rock", "peony/any"]
    assert end.tracks[0][0] == states[0].tracks[0][0] + 1
    assert [(line.points, line.rule) for line in R.final_lines(end, 0)] == [(6, "tang_garden.score.lotus_peony")]


def test_the_emperor_faces_two_dragons_for_ten():
    sc = next(sc for sc in lessons().worked_examples() if sc.id == "book-emperor")
    end = sc.states()[-1]
    assert ("emperor", 0, 3, 2, "tile", "N") in end.placed
    emperor = [(line.points, line.rule) for line in R.final_lines(end, 0) if line.subject == "Emperor"]
    assert (10, "tang_garden.score.prefer_icon") in emperor


def test_a_try_position_for_every_rule_at_a_players_decision():
    tries = lessons().try_positions()
    assert set(tries) == set(RULES)
    for rule, (s, caption) in tries.items():
        assert isinstance(R.current_player(s), int), rule
        assert R.legal_actions(s), rule
        assert isinstance(caption, str) and caption, rule
        pick = getattr(caption, "pick", None)
        if pick is not None:
            assert int(pick) in s.tops, rule


def test_try_captions_that_name_a_move_name_a_legal_one():
    tries = lessons().try_positions()
    checks = {"tang_garden.build.wall": "build 10 c4 r90", "tang_garden.build.token": "build 2 d2 r0",
              "tang_garden.build.inner": "build 14 e3 r0", "tang_garden.temple.coins": "build 45 c5 r0",
              "tang_garden.temple.later": "build 23 b5 r270", "tang_garden.decorate.none": "discard all",
              "tang_garden.track.threshold": "keep fish/water f4", "tang_garden.lantern.refresh": "refresh choose small",
              "tang_garden.lantern.move": "move emperor d3 tile N", "tang_garden.influence.take": "influence shown emperor",
              "tang_garden.skill.merchant": "merchant draw", "tang_garden.end.trigger": "build 2 d2 r0"}
    for rule, move in checks.items():
        s = tries[rule][0]
        assert R.why_illegal(s, move) is None, (rule, move, R.why_illegal(s, move))


def test_lessons_are_in_our_own_words():
    book = Path(__file__).resolve().parents[2] / "shared" / "rulebooks" / "tang-garden.txt"
    if not book.exists():
        pytest.skip("the rulebook is not beside the repository")
    words = re.findall(r"[a-z']+", book.read_text(encoding="utf-8").lower())
    runs = {" ".join(words[i:i + 12]) for i in range(len(words) - 11)}
    texts = []
    les = lessons()
    for sc in les.worked_examples():
        texts += [sc.title, sc.text, *sc.captions]
    texts += [q.question for q in les.quizzes()] + [str(c) for _, c in les.try_positions().values()]
    for text in texts:
        w = re.findall(r"[a-z']+", text.lower())
        for i in range(len(w) - 11):
            assert " ".join(w[i:i + 12]) not in runs, text
