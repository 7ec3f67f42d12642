"""Samurai Gardener's own conformance cases: hand-edited saves, card files, observe, the timeline, old names.

The checks every game gets (check_game, playthroughs, save fuzz) are in tests/test_all_games.py."""
import json
from pathlib import Path

import pytest

import gardenkit
from gardenkit import CHANCE, Timeline
from gardenkit.games.samurai_gardener import load_deck
from gardenkit.testing import check_state, random_game

R = gardenkit.make("samurai_gardener")
PLAYTHROUGHS = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize("edit, match", [
    (lambda d: d.update(scores=[99, 0]), "not the sum"),
    (lambda d: d["deck"].append(d["deck"][0]), "do not add up"),
    (lambda d: d["deck"].pop(), "do not add up"),
    (lambda d: d.update(phase="dancing"), "phase"),
    (lambda d: d.update(players=7), "players"),
    (lambda d: d["houses"][0][0].update(x="left"), "x must be an integer"),
    (lambda d: d.update(rng={"seed": -1, "counter": 0}), "seed"),
    (lambda d: d.update(version=9), "version"),
    (lambda d: d.pop("lineup"), "missing field"),
    (lambda d: d.update(markers=["XYZ", ""]), "markers"),
    (lambda d: d.update(game="miyabi"), "not a saved Samurai Gardener game"),
])
def test_hand_edited_saves_are_refused_with_the_reason(edit, match):
    s = random_game(R, 2, 5)[30]
    d = json.loads(json.dumps(s.to_dict()))
    edit(d)
    with pytest.raises(ValueError, match=match):
        R.from_dict(d)


def test_observe_hides_the_deck_order():
    s = random_game(R, 3, 4)[10]
    seen = R.observe(s, 1)
    assert seen.rng is None and seen.houses == s.houses and seen.lineup == s.lineup
    mid = next(x for x in random_game(R, 3, 4) if R.current_player(x) is CHANCE and x.round >= 1)
    with pytest.raises(ValueError, match="observation"):
        R.step_chance(R.observe(mid, 0))
    # a tutor may still choose the outcome by hand
    R.apply(R.observe(mid, 0), R.legal_actions(mid)[0])


def test_a_timeline_save_whose_moves_cannot_be_replayed_is_refused():
    # (undo, redo and the save's round trip: test_all_games.py's test_timeline_undo_redo_replay_and_save)
    t = Timeline(R, R.initial_state(players=2, seed=9))
    t.advance_chance()
    t.play(R.legal_actions(t.state)[0])
    saved = json.loads(json.dumps(t.to_dict()))
    saved["actions"][-1] = "1@100,100"
    with pytest.raises(ValueError, match="cannot be replayed"):
        Timeline.from_dict(R, saved)


def test_a_users_own_card_file_is_used_and_saved(tmp_path):
    data = json.loads((Path(gardenkit.__file__).parent / "games/samurai_gardener/cards.json").read_text())
    for card in data["cards"]:
        card["rows"] = ["GG", "GG", "GG"] if card["id"] == 1 else card["rows"]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    s = R.initial_state(players=2, seed=1, components=str(path))
    assert s.components[1].rows == ("GG", "GG", "GG")
    assert R.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    check_state(R, s)
    data["cards"] = data["cards"][:10]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="64 cards"):
        R.initial_state(players=2, components=str(path))
    with pytest.raises(ValueError, match="cannot read"):
        load_deck(tmp_path / "missing.json")


def test_the_old_names_deck_and_cards_still_work_with_a_deprecation_warning(tmp_path):
    data = json.loads((Path(gardenkit.__file__).parent / "games/samurai_gardener/cards.json").read_text())
    data["cards"][0]["rows"] = ["GG", "GG", "GG"]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    with pytest.warns(DeprecationWarning, match="components"):
        old = R.initial_state(players=2, seed=1, deck=str(path))
    assert old == R.initial_state(players=2, seed=1, components=str(path))
    with pytest.warns(DeprecationWarning, match="components"):
        assert old.cards is old.components
    with pytest.raises(ValueError, match="once"):
        R.initial_state(players=2, deck="standard", components="standard")
    # saves keep the deck under "cards" (as they always have); "components" loads too
    d = json.loads(json.dumps(old.to_dict()))
    assert "cards" in d and "components" not in d
    assert R.from_dict(d) == old
    d["components"] = d.pop("cards")
    assert R.from_dict(d) == old
    d["cards"] = d["components"]
    with pytest.raises(ValueError, match="not both"):
        R.from_dict(d)
    assert "components" in R.info.options and "deck" not in R.info.options


def test_a_finished_game_loads_with_its_reason_and_rule():
    from gardenkit import Cited

    s = random_game(R, 2, 5)[-1]
    assert R.is_terminal(s) and isinstance(s.over, Cited) and s.over.rule.startswith("samurai_gardener.end.")
    back = R.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back == s and back.over.rule == s.over.rule and back.over.text == s.over.text
    assert s.to_dict()["over"] == str(s.over) and type(s.to_dict()["over"]) is str
    out = R.outcome(back)
    assert isinstance(out.reason, Cited) and out.reason.rule == "samurai_gardener.end.winner"


def test_shipped_deck_matches_the_rulebook_totals_and_is_marked_reconstructed():
    from gardenkit.games.samurai_gardener import default_deck

    deck = default_deck()
    assert len(deck.cards) == 64 and deck.source == "reconstructed"
    squares = "".join("".join(c.rows) for c in deck.cards)
    assert {t: squares.count(t) for t in "FTPG"} == {"F": 96, "T": 96, "P": 96, "G": 96}
    assert all(c.source == "reconstructed" for c in deck.cards)
    canon = {min(c.rows, tuple(r[::-1] for r in reversed(c.rows))) for c in deck.cards}
    assert len(canon) == 64  # no two cards alike, even turned


def test_action_values_with_wrongly_typed_fields_are_refused_clearly():
    """A hand-made action value is checked field by field (core.coerce_action), for every game."""
    import pytest

    from gardenkit.games.samurai_gardener.actions import Place, Run, ScoreRun

    rules = gardenkit.make("samurai_gardener")
    s = rules.initial_state(players=2, seed=1)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    card = s.lineup[0]
    for bad, field in ((Place(card, "a", 0), "x"), (Place(True, 0, 0), "card"), (Place(card, 0, 0, 1), "turned"),
                       (ScoreRun(Run("P", 0, "x", 0, 2)), "y0")):
        with pytest.raises(ValueError, match=f"\\.{field} must be"):
            rules.apply(s, bad)
        assert field in rules.why_illegal(s, bad)


def test_targets_take_a_card_and_a_side_and_refuse_anything_else_clearly():
    s = random_game(R, 2, 5)[10]
    while R.current_player(s) is CHANCE or s.phase != "place":
        s = R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, R.legal_actions(s)[0])
    card = s.lineup[0]
    for turned in (False, True):
        ts = R.targets(s, (card, turned))
        assert [t.action for t in ts if t.legal] == [str(a) for a in R.placements(s, card, turned)]
        assert all(t.reason is not None and t.reason.rule for t in ts if not t.legal)
    assert R.targets(s) == () and R.targets(s, (999, False)) == ()
    for bad in (card, (card,), (card, 1), ("1", False), (True, False), [card, False]):
        with pytest.raises(ValueError, match="selection"):
            R.targets(s, bad)
