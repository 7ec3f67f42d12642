"""Miyabi: the shared conformance check, the playthroughs, saves and bad input of every kind."""
import dataclasses
import json
from pathlib import Path

import pytest

import gardenkit
from gardenkit import CHANCE
from gardenkit.games.miyabi import actions as act
from gardenkit.games.miyabi.setups import position
from gardenkit.testing import check_game, check_state, check_targets, random_game

R = gardenkit.make("miyabi")
COMPONENTS = Path(gardenkit.__file__).parent / "games/miyabi/components.json"
ALL = {"colorful": True, "meadow": True, "zen": True, "seven": True, "frog": True}


# ----- the shared check ---------------------------------------------------------------

# the defaults, each expansion alone and all five at every player count: tests/test_all_games.py
@pytest.mark.parametrize("options, players, seeds", [
    ({"colorful": True, "seven": True}, (3,), (2,)),
    ({"zen": True, "frog": True}, (2, 4), (3,)),
    ({"meadow": True, "frog": True, "start_player": 1}, (2,), (4,)),
], ids=["colorful-seven", "zen-frog", "meadow-frog"])
def test_conformance(options, players, seeds):
    report = check_game(R, seeds=seeds, players=players, options=options)
    assert report["games"] == report["ended"] == len(players) * len(seeds)


# ----- rules.targets ---------------------------------------------------------------------

def _picks(s):
    """Every pick a board offers: each display tile in each turn, each face-up Zen tile."""
    return [(t, rot) for t in s.display for rot in (0, 90, 180, 270)] + [(f"Z{z}", 0) for z in s.zen_display]


@pytest.mark.parametrize("options, players, seed", [({}, 2, 5), (ALL, 3, 6), ({"zen": True, "frog": True}, 2, 7)],
                         ids=["base", "all", "zen-frog"])
def test_targets_keep_the_contract_with_every_pick(options, players, seed):
    """Legal targets are legal actions worth their points, refused ones carry why_illegal's Refusal;
    a pick's targets are the squares of its row, and every legal placement is one of them."""
    states = random_game(R, players, seed, options)
    checked = 0
    for s in states[::5]:
        checked += check_targets(R, s)
        if not isinstance(R.current_player(s), int):
            assert R.targets(s) == ()
            continue
        for pick in _picks(s):
            checked += check_targets(R, s, pick)
            targets = R.targets(s, pick)
            tile, rot = pick
            if isinstance(tile, str):
                legal = {str(a) for a in R.zen_placements(s) if a.zen == int(tile[1:])}
            else:
                legal = {str(a) for a in R.placements(s, tile, rot)}
            assert {t.action for t in targets if t.legal} == legal
            assert len({t.at[1] for t in targets}) <= 1 and [t.at[0] for t in targets] in ([], list(range(6)))
        without = {t.action for t in R.targets(s)}
        assert without == {str(a) for a in R.legal_actions(s) if isinstance(a, (act.Frog, act.Pass, act.EndTurn))}
    assert checked


@pytest.mark.parametrize("bad", [17, (17,), ("17", 0), (17, 45), (True, 0), (17, False), ("Z", 0), ("z4", 0), [17, 0]])
def test_a_malformed_pick_is_a_clear_error(bad):
    s = position(display=[68, 1, 43, 90])
    with pytest.raises(gardenkit.MalformedInputError, match="selection"):
        R.targets(s, bad)


# ----- determinism, no mutation, bad actions ------------------------------------------------

def _mid(players=2, seed=5, options=ALL, at=40):
    states = random_game(R, players, seed, options)
    return next(s for s in states[at:] if R.current_player(s) not in (CHANCE, None) and s.phase == "turn")


def test_malformed_action_values_are_clear_errors_not_crashes():
    s = position(display=[1, 28], zen=True, zen_display=[1, 4, 7, 9, 14], frog=True,
                 frogs={0: ("a1", False), 1: ("a1", False)})
    # off the garden: refused naming the rule, and explained without a crash
    for a, rule in [(act.Place(1, 6, 0), "miyabi.place.grid"), (act.Place(1, -1, 0), "miyabi.place.grid"),
                    (act.PlaceZen(1, 7, 0), "miyabi.place.grid"), (act.Frog(9, 9), "miyabi.frog.move"),
                    (act.Frog(-1, 0), "miyabi.frog.move")]:
        e = R.explain(s, a)
        assert not e.legal and rule in e.rules
        assert "f1" not in e.action  # a square off the board is not given another square's name
        with pytest.raises(gardenkit.IllegalActionError):
            R.apply(s, a)
    # fields of the wrong type: a clear ValueError from every entry point, never applied
    for a in (act.Place(True, 0, 0), act.Place(1, "a", 0), act.Place(1, 0, 0, "x"), act.Frog(0.0, 1),
              act.PlaceZen("1", 0, 0)):
        with pytest.raises(ValueError, match="whole number"):
            R.apply(s, a)
        with pytest.raises(ValueError, match="whole number"):
            R.explain(s, a)
        assert "whole number" in R.why_illegal(s, a)


# ----- saves --------------------------------------------------------------------------------

def _first_tile_piece(d, p=0):
    return next(piece for piece in d["gardens"][p] if isinstance(piece[0], int))


def _zen_piece(d):
    return next((p, piece) for p, g in enumerate(d["gardens"]) for piece in g if isinstance(piece[0], str))


@pytest.fixture(scope="module")
def save():
    """A mid-game save with every expansion: Zen tiles placed, frogs out."""
    states = random_game(R, 2, 5, ALL)
    s = next(x for x in states[60:] if x.phase == "turn" and R.current_player(x) == x.to_move
             and any(p.zen for g in x.gardens for p in g.pieces))
    return json.loads(json.dumps(s.to_dict()))


@pytest.mark.parametrize("edit, match", [
    # hand-edited fields
    (lambda d: d.update(version=9), "version"),
    (lambda d: d.update(players=7), "players"),
    (lambda d: d.update(phase="dancing"), "phase"),
    (lambda d: d.update(round=0), "round"),
    (lambda d: d.pop("display"), "missing field"),
    (lambda d: d.update(rng={"seed": -1, "counter": 0}), "seed"),
    (lambda d: d.update(game="samurai_gardener"), "not a saved Miyabi game"),
    (lambda d: d["lanterns"].__setitem__(0, 64), "lanterns"),
    (lambda d: d.update(bonuses=["lava"]), "bonuses"),
    (lambda d: _first_tile_piece(d).__setitem__(3, 45), "turns by"),
    (lambda d: _first_tile_piece(d).__setitem__(1, "left"), "x must be an integer"),
    (lambda d: d["options"].pop("seven"), "options"),
    # a tile in two places, or unknown
    (lambda d: (d["box"].append(d["display"][0]), d["box"].sort()), "two places"),
    (lambda d: (d["box"].append(_first_tile_piece(d)[0]), d["box"].sort()), "two places"),
    (lambda d: d["display"].append(999), "unknown garden tile 999"),
    (lambda d: d["gardens"][0].append([999, 0, 0, 0]), "unknown tile 999"),
    (lambda d: d["gardens"][1].append(["Z99", 0, 0]), "unknown Zen tile"),
    (lambda d: (d["zen_pile"].append(d["zen_display"][0]), d["zen_pile"].sort()), "Zen tile Z\\d+ in two places"),
    # pieces that cannot lie where the save puts them
    (lambda d: d["gardens"][0].append([d["display"][0], 0, 5 - R.from_dict(d).components.row_of(
        R.from_dict(d).components.tile(d["display"][0]).kind), 0]), "cannot lie"),
    (lambda d: d["gardens"][0].insert(0, ["Z1", 0, 1]), "Zen tile Z1 cannot lie|two places"),
    # lines and scores
    (lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1), "do not add up"),
    (lambda d: d["lines"][0].append({"points": 0, "text": "x", "rule": "miyabi.nope", "round": 1}), "unknown rule"),
    # expansions that are off
    (lambda d: d["options"].update(frog=False), "Frog expansion is off"),
    (lambda d: (d["options"].update(zen=False), d.update(zen_pile=[], zen_display=[], zen_reveal=0)),
     "without the Zen Garden"),
    # fields that contradict one another
    (lambda d: d.update(over="bored"), "over"),
    (lambda d: d.update(phase="over", to_move=None), "over"),
    (lambda d: d["passed"].__setitem__(d["to_move"], True), "passed"),
    (lambda d: d["lanterns"].__setitem__(d["to_move"], 63), "lantern"),
    (lambda d: d.update(phase="frog_start"), "first round"),
    (lambda d: (d["options"].update(frog=False), d.update(frogs=[None, None], phase="after")), "frog step"),
    (lambda d: d.update(phase="deal", to_move=None, frog_moved=True), "frog_moved"),
    (lambda d: d["frogs"].__setitem__(0, None), "every player has a frog"),
    (lambda d: d["frogs"].__setitem__(_zen_piece(d)[0], [*_zen_piece(d)[1][1:], False]), "frog stands on a Zen"),
    (lambda d: (d["zen_display"].append(d["zen_pile"].pop(0)), d["zen_display"].sort()), "5 Zen tiles"),
    (lambda d: d.update(zen_reveal=3), "5 Zen tiles"),
])
def test_hand_edited_saves_are_refused_with_the_reason(save, edit, match):
    d = json.loads(json.dumps(save))
    edit(d)
    with pytest.raises(ValueError, match=match):
        R.from_dict(d)


def test_save_fixture_is_valid_and_round_trips(save):
    s = R.from_dict(save)
    assert s.to_dict() == save and s.zen and s.frog and all(s.frogs)
    assert any(p.zen for g in s.gardens for p in g.pieces)


def test_a_zen_tile_scored_but_not_surrounded_and_a_complete_display_still_dealing_are_refused():
    s = position(gardens={0: ["Z1@a1"]}, zen=True, zen_display=[2, 4, 7, 9, 14], display=[2])
    d = json.loads(json.dumps(s.to_dict()))
    d["zen_scored"][0] = [1]
    with pytest.raises(ValueError, match="not surrounded"):
        R.from_dict(d)
    s = R.initial_state(players=2, seed=1)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    d = s.to_dict()
    d.update(phase="deal", to_move=None)
    with pytest.raises(ValueError, match="display is already complete"):
        R.from_dict(d)


# ----- observe, chance, timeline -------------------------------------------------------------

def test_observe_hides_the_rng_and_nothing_else():
    s = _mid()
    seen = R.observe(s, 1)
    assert seen.rng is None and s.rng is not None
    assert dataclasses.replace(seen, rng=s.rng) == s
    assert R.from_dict(json.loads(json.dumps(seen.to_dict()))) == seen
    assert R.legal_actions(seen) == R.legal_actions(s)
    with pytest.raises(ValueError):
        R.observe(s, 2)
    # at a chance node the hidden order cannot be drawn, but a tutor may pick the outcome
    chance = R.initial_state(players=2, seed=4, zen=True)
    with pytest.raises(ValueError, match="observation"):
        R.step_chance(R.observe(chance, 0))
    R.apply(R.observe(chance, 0), R.legal_actions(chance)[0])


# ----- components -----------------------------------------------------------------------------

def test_shipped_components_match_the_rulebook_totals_and_say_where_they_come_from():
    c = R.initial_state(players=2).components
    assert len(c.tiles) == 96 and len(c.zen) == 16
    shapes = [t.shape for t in c.tiles]
    assert {k: shapes.count(k) for k in ("single", "double", "corner", "straight")} == \
        {"single": 32, "double": 32, "corner": 16, "straight": 16}
    assert all(t.objects == len(t.cells) for t in c.tiles)  # a tile of n squares shows n objects
    assert c.kinds == ("maple", "pagoda", "fish", "azalea", "boxwood", "stone")
    assert c.rounds == {2: 6, 3: 5, 4: 4}
    assert c.round_tiles == {"single": (4, 6, 8), "double": (4, 6, 8), "corner": (2, 3, 4), "straight": (2, 3, 4)}
    # four players use every tile of every shape
    assert all(c.rounds[4] * c.round_tiles[k][2] == shapes.count(k) for k in c.round_tiles)
    data = json.loads(COMPONENTS.read_text())
    assert all(t["source"] in ("rulebook", "published", "reconstructed") for t in data["tiles"] + data["zen"])
    assert data["bonus"][0] == {"kind": "maple", "points": 10, "source": "published"}
    assert data["rounds"]["source"] == data["round_tiles"]["source"] == "rulebook"
    assert all(first > second > 0 for first, second in c.row_values)


def test_a_users_own_component_file_is_used_and_saved(tmp_path):
    data = json.loads(COMPONENTS.read_text())
    data["rows"][2]["first"] = 11  # the fish row's higher value
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    s = position(gardens={0: ["43@a3"]}, components=str(path))
    assert s.components.row_values[2] == (11, 4)
    assert [line.points for line in R.final_lines(s, 0) if "fish" in line.text] == [11]
    mid = random_game(R, 2, 1, {"components": str(path)})[30]
    assert "components" in mid.to_dict()
    assert R.from_dict(json.loads(json.dumps(mid.to_dict()))) == mid
    check_state(R, mid)
    # too few tiles for the rounds
    data["tiles"] = [t for t in data["tiles"] if t["shape"] != "straight" or t["id"] % 2]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="straight tiles"):
        R.initial_state(players=2, components=str(path))
    path.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        R.initial_state(players=2, components=str(path))
    data = json.loads(COMPONENTS.read_text())
    data["zen"] = data["zen"][:4]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="Zen"):
        R.initial_state(players=2, zen=True, components=str(path))
    R.initial_state(players=2, components=str(path))  # fine without the Zen Garden
