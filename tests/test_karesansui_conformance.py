"""Karesansui: the shared conformance check, the playthroughs, saves and bad input of every kind."""
import dataclasses
import json
from pathlib import Path

import pytest

import gardenkit
from gardenkit import CHANCE
from gardenkit.games.karesansui.actions import Bid, TurnIn, sort_rocks
from gardenkit.games.karesansui.setups import position
from gardenkit.testing import check_game, check_state, random_game

R = gardenkit.make("karesansui")
COMPONENTS = Path(gardenkit.__file__).parent / "games/karesansui/components.json"


# ----- the shared check ---------------------------------------------------------------

def test_conformance_with_another_start_player():
    # every player count with the defaults is in tests/test_all_games.py
    report = check_game(R, seeds=(2,), players=(4,), options={"start_player": 3})
    assert report["games"] == report["ended"] == 1


# ----- determinism, no mutation, bad actions ------------------------------------------------

@pytest.fixture(scope="module")
def game():
    return random_game(R, 4, 5)


def _mid(states, phase="bid", bids=2):
    return next(s for s in states[40:] if s.phase == phase and sum(b is not None for b in s.bids) >= bids)


def test_bad_positions_are_refused_clearly():
    with pytest.raises(ValueError, match="not enough R1"):
        position(gardens={0: "R1 R1 R1", 1: "R1 R1 R1"})
    with pytest.raises(ValueError, match="not a rock"):
        position(gardens={0: "R1 Q7x"})
    with pytest.raises(ValueError, match="'bid'"):
        position(phase="dancing")


# ----- saves --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def save(game):
    """A mid-game save of 4 players: bidding in round 2 or later, two bids standing."""
    return json.loads(json.dumps(_mid(game).to_dict()))


@pytest.fixture(scope="module")
def turnin_save(game):
    return json.loads(json.dumps(next(s for s in game if s.phase == "turnin").to_dict()))


def _sorted(rocks):
    return list(sort_rocks(rocks))


def _add_to_bag(d, *rocks):
    d["bag"] = _sorted(d["bag"] + list(rocks))


def _garden_rock(d):
    return next(g[0] for g in d["gardens"] if g)


def _standing(d):
    return [b for b in d["bids"] if b]


def test_save_fixture_is_valid_and_round_trips(save, turnin_save):
    for d in (save, turnin_save):
        s = R.from_dict(d)
        assert s.to_dict() == d
        check_state(R, s)
    assert len(_standing(save)) >= 2 and save["phase"] == "bid" and save["round"] >= 2


@pytest.mark.parametrize("edit, match", [
    # hand-edited fields
    (lambda d: d.update(version=9), "version"),
    (lambda d: d.update(players=7), "players"),
    (lambda d: d.update(phase="dancing"), "phase"),
    (lambda d: d.update(round=0), "round"),
    (lambda d: d.update(start=9), "start"),
    (lambda d: d.update(to_move=None), "to_move"),
    (lambda d: d.update(phase="refill"), "to_move must be null"),
    (lambda d: d.pop("piles"), "missing field"),
    (lambda d: d.update(game="miyabi"), "not a saved Karesansui"),
    (lambda d: d.update(tracker=9), "tracker"),
    (lambda d: d["taken"].pop("flush"), "taken"),
    (lambda d: d["taken"].update(trips=-1), "trips"),
    (lambda d: d["options"].update(colours=6), "options"),
    (lambda d: d.update(black_out="no"), "black_out"),
    # rocks
    (lambda d: _add_to_bag(d, _garden_rock(d)), "do not add up"),  # a rock in two places
    (lambda d: _add_to_bag(d, "R1"), "do not add up"),  # 77 rocks
    (lambda d: d["bag"].remove(d["bag"][0]), "do not add up"),  # 75
    (lambda d: d["gardens"][0].append("X9"), "list of rocks"),
    (lambda d: d["gardens"][0].insert(0, "K"), "do not add up"),  # a second black rock
    (lambda d: (d["gardens"][0].insert(0, "K"), d.update(tracker=0)), "never in a garden"),
    (lambda d: (d["piles"][0].insert(0, "K"), d.update(tracker=0)), "never in a garden or a pile"),
    (lambda d: (_add_to_bag(d, "K")), "do not add up"),  # black on the tracker and in the bag
    (lambda d: d.update(black_out=True), "do not add up"),  # black on the tracker and set aside
    (lambda d: d["gardens"][1].reverse() if len(set(d["gardens"][1])) > 1 else d["bag"].reverse(), "sorted"),
    (lambda d: d["piles"].pop(), "piles"),
    # bids
    (lambda d: _standing(d)[1].__setitem__(0, _standing(d)[0][0]), "two bids"),  # two bids by one player
    (lambda d: _standing(d)[0].__setitem__(0, 9), "bidder"),
    (lambda d: d["bids"].append(None), "one entry per pile"),
    (lambda d: d["bids"].__setitem__(0, [0]), "player, \\[rocks\\]"),
    # lines and scores
    (lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1), "do not add up to their total"),
    (lambda d: d["lines"][0].append({"points": 2, "text": "x", "rule": "karesansui.sets.trips", "round": 1}),
     "do not add up to their total"),
    (lambda d: (d["lines"][0].append({"points": 1, "text": "x", "rule": "karesansui.nope", "round": 1}),
                d["scores"].__setitem__(0, d["scores"][0] + 1)), "unknown rule"),
    (lambda d: d["scores"].pop(), "one total per player"),
    # fields that contradict one another
    (lambda d: d.update(over="bored"), "over"),
    (lambda d: d.update(phase="over", to_move=None), "over"),
    (lambda d: d.update(phase="draw", to_move=None), "needs the player who passed"),
])
def test_hand_edited_saves_are_refused_with_the_reason(save, edit, match):
    d = json.loads(json.dumps(save))
    edit(d)
    with pytest.raises(ValueError, match=match):
        R.from_dict(d)


def _no_bids_no_piles(d):
    back = [r for b in d["bids"] if b for r in b[1]] + [r for p in d["piles"] for r in p]
    _add_to_bag(d, *back)
    d["bids"] = [None] * len(d["bids"])
    d["piles"] = [[] for _ in d["piles"]]


def _turnin_without_a_set(d):
    """Every rock back in the bag, and player 1 'turning in' from an empty garden."""
    _no_bids_no_piles(d)
    _add_to_bag(d, *[r for g in d["gardens"] for r in g])
    d.update(phase="turnin", passer=0, to_move=0, gardens=[[] for _ in d["gardens"]])


@pytest.mark.parametrize("edit, match", [
    # bidding: the player to bid has a bid standing (play never gets there: they are skipped)
    (lambda d: d.update(to_move=_standing(d)[0][0]), "bid standing"),
    # bids standing while no one is bidding
    (lambda d: d.update(phase="refill", to_move=None), "bid"),
    # turning in: the player to act holds no forbidden set (a live state with no legal move)
    (lambda d: _turnin_without_a_set(d), "forbidden set"),
], ids=["bidder-has-a-bid", "bids-outside-bidding", "turnin-without-a-set"])
def test_hand_edited_saves_that_contradict_the_flow_of_a_round_are_refused(save, edit, match):
    d = json.loads(json.dumps(save))
    edit(d)
    with pytest.raises(ValueError, match=match):
        R.from_dict(d)


# ----- observe, chance, timeline -------------------------------------------------------------

def test_observe_hides_the_rng_and_the_others_demerits_only(game):
    s = next(x for x in game if x.phase == "bid" and sum(x.scores) >= 2)
    for p in range(4):
        seen = R.observe(s, p)
        assert seen.rng is None and seen.scores[p] == s.scores[p]
        assert all(seen.scores[q] == 0 for q in range(4) if q != p)
        assert dataclasses.replace(seen, rng=s.rng, lines=s.lines, scores=s.scores, hidden=()) == s
        assert R.from_dict(json.loads(json.dumps(seen.to_dict()))) == seen
        assert R.legal_actions(seen) == R.legal_actions(s)
    chance = R.initial_state(players=3, seed=4)
    with pytest.raises(ValueError, match="observation"):
        R.step_chance(R.observe(chance, 0))
    R.apply(R.observe(chance, 0), R.legal_actions(chance)[0])  # a tutor may pick the outcome


def test_observe_turns_every_card_up_once_the_game_is_over_and_known_scores_says_what_is_hidden(game):
    s = next(x for x in game if x.phase == "bid" and sum(x.scores) >= 2)
    assert R.known_scores(s) == s.scores
    for p in range(4):
        assert R.known_scores(R.observe(s, p)) == tuple(v if q == p else None for q, v in enumerate(s.scores))
    over = game[-1]
    assert R.is_terminal(over)
    for p in range(4):
        seen = R.observe(over, p)
        assert seen.rng is None and seen.hidden == () and seen.lines == over.lines
        assert R.known_scores(seen) == over.scores
        assert R.from_dict(json.loads(json.dumps(seen.to_dict()))) == seen


# ----- targets: what a board offers, the engine's verdicts -----------------------------------

def _selections(garden, rng, k=6):
    yield ()
    yield tuple(garden)
    for _ in range(k):
        yield sort_rocks(rng.sample(list(garden), rng.randint(0, len(garden))))


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 2), (6, 3)])
def test_targets_are_each_piles_bid_of_the_selection_then_pass_or_the_sets_to_turn_in(players, seed):
    import random

    rng = random.Random(seed)
    phases = set()
    states = random_game(R, players, seed)
    for s in states[::3] + [states[-1]]:
        phases.add(s.phase)
        if s.phase == "turnin":
            ts = R.targets(s, ("R1",))  # the selection plays no part here
            assert [t.action for t in ts] == [str(a) for a in R.legal_actions(s)]
            assert all(t.points == R.explain(s, t.action).points and t.reason is None and t.at == () for t in ts)
            continue
        if s.phase != "bid":
            assert R.targets(s) == () and R.targets(s, ("R1",)) == ()
            continue
        for sel in _selections(s.gardens[s.to_move], rng):
            ts = R.targets(s, sel)
            assert len(ts) == len(s.piles) + 1
            for i, t in enumerate(ts[:-1]):
                assert t.action == str(Bid(i, sel)) and t.at == (i,)
                assert t.reason == R.why_illegal(s, t.action)
                assert t.legal == (t.reason is None) and t.points == (0 if t.legal else None)
                if t.reason is not None:
                    assert isinstance(t.reason, gardenkit.Refusal) and t.reason.rule.startswith("karesansui.bid.")
            assert {t.action for t in ts[:-1] if t.legal} == {str(b) for b in R.bids(s) if b.rocks == sel}
            last = ts[-1]
            assert last.action == "pass" and last.at == () and last.reason == R.why_illegal(s, "pass")
            assert last.points == (R.explain(s, "pass").points if last.reason is None else None)
        assert R.targets(s, None) == R.targets(s, ()) == R.targets(s, [])
    assert {"bid", "over"} <= phases


def test_targets_refuse_a_selection_that_is_no_rocks():
    s = position(players=3, gardens={0: "R1 Y2"}, piles=["R3 Y3", "G3 B3"])
    for bad in ["R1", ("R9",), ("K",), (1,), ("R1", None), 5]:
        with pytest.raises(ValueError):
            R.targets(s, bad)
    # rocks of the game that the garden does not hold: refused piles naming the rule
    ts = R.targets(s, ("G1",))
    assert not any(t.legal for t in ts[:-1]) and all(t.reason.rule == "karesansui.bid.rocks" for t in ts[:-1])


def test_top_card_is_what_the_next_card_of_a_deck_costs():
    s = position(taken={"trips": 3, "foursome": 10})
    assert [R.top_card(s, d) for d in ("pass", "trips", "foursome", "flush")] == [1, 4, 11, 1]
    with pytest.raises(ValueError):
        R.top_card(s, "nope")


def test_turn_in_orders_with_steps_give_each_sets_card():
    s = position(players=3, gardens={0: "R1 R2 Y2 G2 B2 R3 R3 R3"}, phase="turnin", taken={"flush": 6})
    plain, steps = R.turn_in_orders(s), R.turn_in_orders(s, steps=True)
    assert [o for o, _c in plain] == [tuple(a for a, _ in o) for o, _c in steps]
    assert [c for _o, c in plain] == [c for _o, c in steps] == [sum(x for _, x in o) for o, _ in steps]
    assert steps[-1] == (((TurnIn(("R1", "R2", "R3")), 7),), 7)


def test_step_chance_equals_choosing_the_seeded_outcome():
    s = R.initial_state(players=3, seed=3)
    a, _ = R.sample_chance(s)
    assert R.apply(s, a) == R.step_chance(s)
    probs = R.chance_outcomes(s)
    assert len(probs) == 15 and abs(sum(p for _, p in probs) - 1) < 1e-9
    assert all(abs(p - 1 / 15) < 1e-9 for _, p in probs)  # five of each rock in the bag


# ----- components -----------------------------------------------------------------------------

def test_shipped_components_match_the_rulebook_totals_and_say_where_they_come_from():
    c = R.initial_state(players=3).components
    assert c.total_rocks == 76 and len(c.rock_types) * c.copies == 75
    assert c.start_rocks == 5 and c.pile_value == 6
    data = json.loads(COMPONENTS.read_text())
    assert all(col["source"] == "reconstructed" for col in data["colours"])
    assert data["copies"]["source"] == "reconstructed" and data["tracker"]["source"] == "reconstructed"
    assert data["values"]["source"] == data["black"]["source"] == "rulebook"
    assert all(data["decks"][d]["source"] == "rulebook" for d in ("trips", "foursome", "flush"))
    assert data["decks"]["pass"]["source"] == "published" and "note" in data["decks"]["pass"]
    assert all(len(data["decks"][d]["cards"]) == 10 for d in data["decks"])


def test_a_users_own_component_file_with_six_copies_loads_and_plays(tmp_path):
    data = json.loads(COMPONENTS.read_text())
    data["copies"]["copies"] = 6
    data["tracker"]["spaces"] = 3
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    s = R.initial_state(players=3, seed=1, components=str(path))
    assert s.components.copies == 6 and s.components.total_rocks == 91 and len(s.bag) == 90
    states = random_game(R, 3, 1, {"components": str(path)}, check_every=25)
    assert R.is_terminal(states[-1])
    for x in states:
        counted = len(x.bag) + sum(map(len, x.gardens)) + sum(map(len, x.piles))
        counted += sum(len(b[1]) for b in x.bids if b) + (x.tracker > 0) + x.black_out
        assert counted == 91
    mid = next(x for x in states if x.phase == "bid" and x.round >= 2)
    assert "components" in mid.to_dict()
    assert R.from_dict(json.loads(json.dumps(mid.to_dict()))) == mid
    check_state(R, mid)
    # the short tracker: round 4 is played with the black rock in the bag
    assert any(x.tracker == 0 and "K" in x.bag for x in states) or states[-1].round < 4
    # a position on the user's set: six R1 fit in gardens
    p = position(gardens={0: "R1 R1 R1", 1: "R1 R1 R1"}, phase="turnin", components=str(path))
    assert R.legal_actions(p) == (TurnIn(("R1", "R1", "R1")),)


@pytest.mark.parametrize("edit, match", [
    (lambda d: d.update(colours=d["colours"][:3]), "4 to 9 colours"),
    (lambda d: d["colours"][1].update(letter="R"), "own capital letter"),
    (lambda d: d["colours"][1].update(letter="K"), "not K"),
    (lambda d: d["values"].update(values=[1, 2]), "I, II and III"),
    (lambda d: d["copies"].update(copies=0), "copies"),
    (lambda d: d["copies"].update(copies="five"), "copies"),
    (lambda d: d["decks"]["trips"].update(cards=[]), "needs cards"),
    (lambda d: d["decks"]["pass"].update(cards=[1, "x"]), "pass card"),
    (lambda d: d["decks"].pop("flush"), "not a valid Karesansui component file"),
    (lambda d: d["tracker"].update(spaces=0), "tracker"),
    (lambda d: d.update(colours="RYGBW"), "colours"),
    (lambda d: d["copies"].update(copies=1), "too few rocks"),
])
def test_bad_component_files_are_refused(tmp_path, edit, match):
    data = json.loads(COMPONENTS.read_text())
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=match):
        R.initial_state(players=6, components=str(path))


def test_component_files_that_are_not_json_are_refused(tmp_path):
    path = tmp_path / "bad.json"
    for text, match in [("{not json", "not valid JSON"), ("[1, 2]", "JSON object")]:
        path.write_text(text)
        with pytest.raises(ValueError, match=match):
            R.initial_state(players=3, components=str(path))


def test_chance_is_explicit_every_draw_is_a_listed_outcome(game):
    for s in game[:80]:
        if R.current_player(s) is CHANCE:
            outs = R.chance_outcomes(s)
            assert [a for a, _ in outs] == list(R.legal_actions(s))
