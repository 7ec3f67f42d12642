"""Karesansui, the way a careless or hostile user would try it: mutated saves, hand-made action
values, oversized input, observations played to the end. Whatever loads can be played on.

The property test mutates states of seeded random play at random (a number changed, a list item
dropped, duplicated or added, a field's type swapped, the phase changed, rocks moved between
places, ...): each mutated save is either refused quickly by ``from_dict`` with a ValueError, or
loads, round-trips and is played to the end by random players with no exception.
"""
from __future__ import annotations

import copy
import functools
import json
import random
import time

import pytest

import gardenkit
from gardenkit import CHANCE, IllegalActionError, MalformedInputError, Refusal
from gardenkit.games.karesansui.actions import Bid, Draw, Pass, TurnIn, forbidden_sets, sort_rocks
from gardenkit.games.karesansui.setups import position
from gardenkit.testing import (DEFAULT_ODD, check_edited_saves, check_malformed_action, edit_save, json_save, mutate_save,
                               play_out, random_game, refused_quickly, replaced, save_paths, sized)

R = gardenkit.make("karesansui")
PHASES = ("deal", "refill", "bid", "draw", "turnin", "over")
ROCKS = ("R1", "Y2", "G3", "B1", "W2", "K", "X9", "R", "")


# ----- mutations (gardenkit.testing.edit_save, and the ones of this game) ---------------------------------

ODD = DEFAULT_ODD + ("R1", "K", ["R1"])


def _rock_lists(d):
    """(container, key) of every list of rocks in a save: the bag, gardens, piles, bids' rocks."""
    out = [(d, "bag")] if isinstance(d.get("bag"), list) else []
    for key in ("gardens", "piles"):
        if isinstance(d.get(key), list):
            out += [(d[key], i) for i, x in enumerate(d[key]) if isinstance(x, list)]
    if isinstance(d.get("bids"), list):
        out += [(b, 1) for b in d["bids"] if isinstance(b, list) and len(b) == 2 and isinstance(b[1], list)]
    return out


def _generic(d, rng):
    """A number changed, an item dropped, duplicated, wrapped or added, a field's type swapped."""
    return edit_save(d, rng, odd=ODD)


def _move_rocks(d, rng):
    """Rocks moved from one place to another (the totals still add up: only the flow can object)."""
    places = _rock_lists(d)
    src = [p for p in places if p[0][p[1]]]
    if not src:
        return "nothing to move"
    (a, i), (b, j) = rng.choice(src), rng.choice(places)
    for _ in range(rng.choice((1, 1, 2, 3, 12, 30))):
        if not a[i]:
            break
        b[j].append(a[i].pop(rng.randrange(len(a[i]))))
    for c, k in places:
        c[k] = list(sort_rocks(c[k])) if all(isinstance(r, str) and r for r in c[k]) else c[k]
    return "rocks moved"


def _set_phase(d, rng):
    phase = rng.choice(PHASES)
    d["phase"] = phase
    if rng.random() < 0.7:  # keep to_move/passer/over plausible for the new phase, so deeper checks run
        n = d["players"] if isinstance(d.get("players"), int) else 3
        d["to_move"] = rng.randrange(n) if phase in ("bid", "turnin") else None
        if phase in ("draw", "turnin"):
            d["passer"] = d["passer"] if isinstance(d.get("passer"), int) else rng.randrange(n)
        elif phase != "over":
            d["passer"], d["ending"] = None, None
        d["over"] = "a mutated ending" if phase == "over" else None
    return f"phase -> {phase}"


def _demerits(d, rng):
    p = rng.randrange(len(d["scores"])) if isinstance(d.get("scores"), list) and d["scores"] else 0
    big = rng.choice((1, 35, 10**6, -1))
    try:
        d["lines"][p].append({"points": big, "text": "x", "rule": "karesansui.sets.trips", "round": 1})
        d["scores"][p] += big
    except (KeyError, IndexError, TypeError, AttributeError):
        pass
    if rng.random() < 0.5:  # as a player's view: no generator, someone's cards face down
        d["rng"] = None
        d["hidden"] = [p]
    return f"demerits {big} for player {p + 1}"


def _misc(d, rng):
    choice = rng.randrange(6)
    if choice == 0:
        d["rng"] = None
        return "rng dropped"
    if choice == 1:
        d["tracker"] = rng.choice((0, 1, 8, 9))
        return "tracker"
    if choice == 2:
        d["black_out"] = not d.get("black_out")
        return "black_out"
    if choice == 3:
        d["hidden"] = rng.choice(([0], [1, 2], [2, 1], [0, 0], list(range(50)), [-1]))
        d["rng"] = None
        return "hidden"
    if choice == 4:
        d["taken"] = {k: rng.choice((0, 9, 10, 34, 35, 999)) for k in ("pass", "trips", "foursome", "flush")}
        return "taken"
    d["bids"] = [[rng.randrange(3), list(rng.sample(ROCKS, 2))] if rng.random() < 0.5 else None
                 for _ in d.get("bids", [None])]
    return "bids"


MUTATIONS = (_generic, _generic, _generic, _move_rocks, _move_rocks, _set_phase, _demerits, _misc)


def mutate(d: dict, rng: random.Random) -> tuple[dict, str]:
    """A copy of ``d`` with one to three of MUTATIONS, and what they were."""
    return mutate_save(d, rng, edits=MUTATIONS, times=(1, 1, 1, 2, 3))


@pytest.fixture(scope="module")
def played():
    """States of seeded random play at 3, 4 and 6 players, one in every few, and every phase."""
    states = []
    for players, seed in ((3, 21), (4, 22), (6, 23)):
        game = random_game(R, players, seed)
        states += game[::9] + [game[-1]]
        states += [next(s for s in game if s.phase == phase) for phase in PHASES if any(s.phase == phase for s in game)]
    return states


def test_mutated_saves_are_refused_quickly_or_played_to_the_end(played):
    # a round edits every played state once; a fixed number of rounds, the same every run (it was "up
    # to 6 within 18 s", so how much was checked depended on the machine's load): the suite's sample
    # is 3, make bench runs 6. A view (some players hidden) ends with no outcome; a full state with one
    refused, accepted = check_edited_saves(
        R, played, mutate, random.Random("karesansui robust"), rounds=sized(3, 6), max_len=600,
        after=lambda back, rng, _i: play_out(R, back, rng, outcome=not back.hidden))
    assert refused > 50 and accepted > 5, (refused, accepted)


# ----- saves from which play could not go on: refused, naming what is wrong ------------------------------

@pytest.fixture(scope="module")
def bidding():
    """A save of 4 players bidding in round 2 or later, with a bid standing."""
    game = random_game(R, 4, 5)
    s = next(x for x in game[40:] if x.phase == "bid" and any(x.bids))
    return json_save(s)


def _edited(d, **fields):
    d = copy.deepcopy(d)
    d.update(fields)
    return d


#: ``from_dict(d)`` refused quickly with a MalformedInputError matching ``match`` (a message
#: under 300 characters), ``d`` unchanged; gives the message
_refused = functools.partial(refused_quickly, R, max_len=300)


def _everything_in_the_bag_but_gardens(d):
    """Bids and piles back into the bag: a save between rounds."""
    back = [r for b in d["bids"] if b for r in b[1]] + [r for p in d["piles"] for r in p]
    d["bag"] = list(sort_rocks(d["bag"] + back))
    d["bids"] = [None] * len(d["bids"])
    d["piles"] = [[] for _ in d["piles"]]
    return d


def _deal(d, trim=True):
    """A deal-phase save made from ``d``: gardens cut to at most five rocks (or left as they are)."""
    d = _everything_in_the_bag_but_gardens(copy.deepcopy(d))
    if trim:
        for g in d["gardens"]:
            while len(g) > 5:
                d["bag"].append(g.pop())
        d["bag"] = list(sort_rocks(d["bag"]))
    if "K" in d["bag"]:  # the black rock back on the tracker
        d["bag"].remove("K")
        d["tracker"] = 1
    d.update(phase="deal", to_move=None, round=1, black_out=False)
    return d


def test_a_deal_with_every_garden_already_full_is_refused(bidding):
    full = _deal(bidding)
    for g in full["gardens"]:  # every garden exactly five rocks
        while len(g) < 5:
            rock = next(r for r in full["bag"])
            full["bag"].remove(rock)
            g.append(rock)
        g[:] = sort_rocks(g)
    _refused(full, "every garden already holds its 5 starting rocks: nothing is left to deal")
    # one rock still to deal: it loads, the deal goes on and bidding starts
    one_short = copy.deepcopy(full)
    one_short["bag"] = list(sort_rocks(one_short["bag"] + [one_short["gardens"][-1].pop()]))
    s = R.from_dict(one_short)
    assert R.current_player(s) is CHANCE and R.explain(s, R.legal_actions(s)[0]).legal
    after = R.step_chance(s)
    assert after.phase in ("refill", "bid") and all(len(g) == 5 for g in after.gardens)
    play_out(R, after, random.Random(1))
    # a garden past its five, or the black rock in the bag while dealing
    over = copy.deepcopy(one_short)
    over["gardens"][0] = list(sort_rocks(over["gardens"][0] + [over["bag"].pop()]))
    _refused(over, "more than the 5 starting rocks")
    black = _edited(one_short, tracker=0, bag=["K"] + one_short["bag"])
    _refused(black, "black rock waits on the round tracker")


def _empty_the_bag(d):
    """Every coloured rock of the bag moved into gardens and piles, as far as play lets them grow
    (a garden with its bid up to 18 rocks, a pile up to 6): a save whose bag is empty."""
    comps = R.from_dict(d).components
    bag = [r for r in d["bag"] if r != "K"]
    d["bag"] = [r for r in d["bag"] if r == "K"]
    own = {b[0]: len(b[1]) for b in d["bids"] if b}
    for p, g in enumerate(d["gardens"]):
        while bag and len(g) + own.get(p, 0) < comps.garden_max:
            g.append(bag.pop())
        d["gardens"][p] = list(sort_rocks(g))
    for pile in d["piles"]:
        while bag and len(pile) < comps.pile_rocks_max:
            pile.append(bag.pop())
    assert not bag, "the rocks do not fit anywhere else"
    return d


@pytest.fixture(scope="module")
def four_player_game():
    return random_game(R, 4, 5)


def test_a_refill_or_a_draw_from_an_empty_bag_is_refused(four_player_game):
    for phase in ("refill", "draw"):
        s = next(x for x in four_player_game if x.phase == phase)
        d = json_save(s)
        assert R.from_dict(d) == s
        _refused(_empty_the_bag(d), f"(the phase is {phase}|the player who passed draws a rock), but the bag is empty")
    # a refill with every pile worth 6 already: nothing left to lay out
    s = next(x for x in four_player_game if x.phase == "refill")
    d = json_save(s)
    bag = d["bag"]
    for pile in d["piles"]:
        while sum(int(r[1]) for r in pile) < 6:
            pile.append(bag.pop(bag.index(next(r for r in reversed(bag) if r != "K"))))
    _refused(d, "every pile is worth 6 or more already")


def test_a_garden_larger_than_play_can_make_it_is_refused_at_once(bidding):
    comps = R.from_dict(bidding).components
    assert comps.garden_max == 18
    d = _everything_in_the_bag_but_gardens(copy.deepcopy(bidding))
    d.update(phase="bid", to_move=0)
    # 30 rocks in player 1's garden: 18 s and 1.7 million bids before; now refused
    free = [r for r in d["bag"] if r != "K"]
    moved = free[:30 - len(d["gardens"][0])]
    for r in moved:
        d["bag"].remove(r)
    d["gardens"][0] = list(sort_rocks(d["gardens"][0] + moved))
    assert len(d["gardens"][0]) == 30
    msg = _refused(d, "player 1's garden holds more rocks than play can give it: at most 18")
    assert "R1" not in msg  # the bound, not the rocks
    # a garden and its owner's bid count together
    eighteen = "R1 R1 Y1 Y1 G1 G1 B2 B2 W2 W2 R2 R2 Y3 Y3 G3 G3 B3 B3"
    ok = position(players=3, gardens={1: eighteen[3:]}, piles=["R3 Y3", "G3 W3"], bids={0: (1, "W1")}).to_dict()
    assert R.from_dict(ok).gardens[1] == sort_rocks(eighteen[3:].split())
    plus = position(players=3, gardens={1: eighteen}, piles=["R3 Y3", "G3 W3"], bids={0: (1, "W1")}).to_dict()
    _refused(plus, "player 2's garden holds more rocks than play can give it: at most 18 \\(with its bid\\)")
    # while sets are turned in a garden may hold a pile more (18 + 6)
    t = position(players=3, gardens={0: "R1 R1 R1 Y1 Y1 G1 G1 B2 B2 W2 W2 R2 R2 Y3 Y3 G3 G3 B3 B3 W1 W1 W1 W3 W3"},
                 phase="turnin")
    assert len(t.gardens[0]) == 24 and R.from_dict(t.to_dict()) == t
    more = t.to_dict()
    more["gardens"][0] = list(sort_rocks(more["gardens"][0] + ["R3"]))
    more["bag"].remove("R3")
    _refused(more, "at most 24 while sets are turned in")
    # a pile holds at most six rocks (each worth at least 1, drawn until worth 6)
    pile = copy.deepcopy(ok)
    ones = [r for r in pile["bag"] if r.endswith("1")][:5]
    for r in ones:
        pile["bag"].remove(r)
    pile["piles"][0] = list(pile["piles"][0]) + ones
    _refused(pile, "pile 1 holds 7 rocks")


def test_the_largest_garden_play_can_make_loads_and_lists_its_bids_fast():
    """18 rocks, two of each of nine kinds with no forbidden set: the worst case of bidding."""
    garden = "R1 R1 Y1 Y1 G1 G1 B2 B2 W2 W2 R2 R2 Y3 Y3 G3 G3 B3 B3"
    s = position(players=6, gardens={0: garden}, piles=["W1 W1 W1 W1 W1 W3", "R3 R3", "Y2 Y2 G2", "G2 W3", "B1 B1 B1"])
    assert forbidden_sets(s.gardens[0]) == ()
    assert R.from_dict(s.to_dict()) == s
    t0 = time.perf_counter()
    bids = R.legal_actions(s)
    took = time.perf_counter() - t0
    assert len(bids) == 5 * 3 ** 9  # every pile, every choice of 0-2 of each kind
    assert took < 5  # about 0.4 s alone on the machine; generous for a shared one


def test_no_garden_without_a_forbidden_set_holds_more_than_clean_garden_max():
    """The bound the saves are checked against, worked out by brute force over the kinds of rock:
    a garden holds at most two of a kind (a third is Trips), so what matters is which kinds."""
    comps = R.initial_state(players=3).components
    kinds = comps.rock_types
    best = 0
    for mask in range(1 << len(kinds)):
        chosen = [k for i, k in enumerate(kinds) if mask >> i & 1]
        if 2 * len(chosen) <= best:
            continue
        if not forbidden_sets(tuple(r for k in chosen for r in (k, k))):
            best = 2 * len(chosen)
    assert best == comps.clean_garden_max == 18
    # and Trips: a third copy of any kind in the largest clean garden makes a set
    garden = sort_rocks("R1 R1 Y1 Y1 G1 G1 B2 B2 W2 W2 R2 R2 Y3 Y3 G3 G3 B3 B3".split())
    assert all(forbidden_sets(sort_rocks(garden + (k,))) for k in kinds)


def test_demerits_are_bounded_by_what_the_decks_give_hidden_ones_too(bidding):
    comps = R.from_dict(bidding).components
    assert (comps.max_card, comps.max_cards) == (35, 116)
    s = R.from_dict(bidding)
    seen = R.observe(s, 0).to_dict()
    R.from_dict(seen)
    for total in (10**6, 10**5000, 1, -1):
        d = copy.deepcopy(seen)
        d["scores"][1] = total
        _refused(d, "player 2's demerits \\(what the decks can give\\) must be between 0 and|do not add up")
    # a face-down card is 0 in the view: a hidden total is the sum of what the view shows
    d = copy.deepcopy(seen)
    d["lines"][1].append({"points": 100, "text": "x", "rule": "karesansui.sets.trips", "round": 1})
    d["scores"][1] += 100
    _refused(d, "player 2 has a demerit card worth 100; the decks give at most 35")
    d = copy.deepcopy(seen)
    d["lines"][1] = [{"points": 0, "text": "a demerit card, face down", "rule": "karesansui.hidden.demerits",
                      "round": 1}] * 200
    _refused(d, "holds .* cards; the decks can give at most 116")
    # the cards taken from a deck: past its end only once the game is ending
    d = copy.deepcopy(bidding)
    d["taken"]["trips"] = 11
    _refused(d, "a deck that runs out ends the game with that round")
    d["taken"]["trips"] = 36
    _refused(d, "between 0 and 35")
    lesson = position(taken={"foursome": 10})  # a lesson may start just as a deck ran out
    assert R.from_dict(lesson.to_dict()) == lesson


def test_other_contradictions_of_the_flow_are_refused(bidding):
    # the black rock drawn, yet bidding goes on
    d = copy.deepcopy(bidding)
    if d["tracker"]:
        d["tracker"] = 0
    elif "K" in d["bag"]:
        d["bag"].remove("K")
    d["black_out"] = True
    _refused(d, "once the black rock is drawn")
    # turning in out of turn: an earlier player from the passer still holds a set
    s = position(players=3, gardens={0: "R1 R1 R1", 1: "Y1 Y1 Y1"}, phase="turnin")
    assert s.to_move == 0
    d = s.to_dict()
    d["to_move"] = 1
    _refused(d, "player 1 still hold a forbidden set")
    # the player who passed has no bid standing
    s = position(players=3, gardens={0: "W3 W3 W3 W3 W3 R1", 1: "Y1 Y2", 2: "G1"}, piles=["R3 Y3", "G3 B3"])
    s = R.apply(R.apply(R.apply(s, "bid 1: W3 W3 W3 W3 W3"), "bid 2: Y2"), "pass")
    d = s.to_dict()
    d["passer"] = 0
    _refused(d, "player 1 passed, so has no bid standing")
    # piles while dealing or turning in
    t = position(players=3, gardens={0: "R1 R1 R1"}, phase="turnin").to_dict()
    t["piles"][0] = ["Y3"]
    t["bag"].remove("Y3")
    _refused(t, "the piles are empty while sets are turned in")
    # hidden players listed twice or out of order
    seen = R.observe(R.from_dict(bidding), 0).to_dict()
    for hidden in ([2, 1, 3], [1, 1, 2, 3]):
        _refused(_edited(seen, hidden=hidden), "each once, in order")


def test_oversized_saves_are_refused_by_size_first_naming_a_few_items(bidding):
    cases = [
        (_edited(bidding, bag=[f"Q{i}" for i in range(40_000)]), "the bag holds 40000 rocks; this rock set has 76"),
        (_edited(bidding, gardens=[["R1"] * 200_000] * 4), "a garden holds 200000 rocks"),
        (_edited(bidding, gardens=[[]] * 50_000), "gardens \\(one per player\\) must be a list of 4"),
        (_edited(bidding, hidden=list(range(100_000)), rng=None), "hidden holds 100000 players"),
        (_edited(bidding, lines=[[{"points": 0, "text": "x", "rule": "karesansui.sets.trips"}] * 20_000, [], [], []]),
         "player 1's list of demerit cards holds 20000 cards"),
    ]
    for d, match in cases:
        # core's size limits (MAX_VALUES for a dict, MAX_FILE_BYTES for text) may come first
        _refused(d, f"{match}|is too large")
        _refused(json.dumps(d), f"{match}|is too large")
    d = copy.deepcopy(bidding)
    d["bag"] = ["X9", "Q1", "R", "", "Z5", "R1"]
    msg = _refused(d, "'X9', 'Q1', 'R' and 2 more are not rocks of this set")
    assert "Z5" not in msg


def test_a_number_of_thousands_of_digits_anywhere_in_a_save_is_named_not_spelled_out(bidding):
    for path in save_paths(bidding):
        if path == ("game",):  # read by core before the game's own reader
            continue
        for value in (10**5000, [10**5000], -(10**5000)):
            try:
                R.from_dict(replaced(bidding, path, value))
            except ValueError as e:
                assert isinstance(e, MalformedInputError) and "max_str_digits" not in str(e), (path, str(e))
                assert len(str(e)) < 300


# ----- hand-made action values ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def turns():
    bid = position(players=3, gardens={0: "R1 Y2 G3"}, piles=["R3 Y3", "G3 B3"])
    turnin = position(players=3, gardens={0: "R1 R1 R1 Y2"}, phase="turnin")
    return bid, turnin


@pytest.mark.parametrize("action", [
    Bid(0, (None,)), TurnIn(None), Bid(0, None), Bid(0, ("R1", 3)), Bid(None, ()), Bid(True, ()),
    Bid(2**40, ()), Bid(0, ("R" * 5000,)), Bid(0, ("R1",) * 300), TurnIn((None, None, None)), Draw(None),
    Draw(7), Bid(0, ["R1", None]), TurnIn(("R1", b"R1", "R1")),
], ids=repr)
def test_badly_typed_action_values_are_refused_the_same_way_everywhere(turns, action):
    for s in turns:  # apply, explain and play raise a MalformedInputError, why_illegal's text, under 300 characters
        check_malformed_action(R, s, action)


@pytest.mark.parametrize("action, rule", [
    (Bid(0, ("R",)), "karesansui.bid.rocks"), (Bid(0, ("Q9",)), "karesansui.bid.rocks"),
    (Bid(0, ("K",)), "karesansui.bid.rocks"), (Bid(0, ("R1", "r1", "R10")), "karesansui.bid.rocks"),
    (Bid(1, ("",)), "karesansui.bid.rocks"), (TurnIn(("R", "R", "R")), "karesansui.sets.order"),
    (TurnIn(("K", "K", "K")), "karesansui.sets.order"), (TurnIn(("Q1", "Q2", "Q3")), "karesansui.sets.order"),
], ids=str)
def test_unknown_rocks_are_a_refusal_citing_a_rule_the_same_way_everywhere(turns, action, rule):
    bid, turnin = turns
    s = bid if isinstance(action, Bid) else turnin
    before = s.to_dict()
    refusal = R.why_illegal(s, action)
    assert isinstance(refusal, Refusal) and refusal.rule == rule
    assert "not a rock" in refusal.text or "not rocks" in refusal.text
    e = R.explain(s, action)
    assert not e.legal and e.reason == refusal and e.rules == (rule,)
    with pytest.raises(IllegalActionError) as err:
        R.apply(s, action)
    assert err.value.rule == rule and refusal.text in str(err.value)
    played = R.play(s, action)
    assert not played.legal and played.explanation.reason == refusal
    assert s.to_dict() == before
    # written out, the move reads back as itself with the same refusal, or is refused as it is read
    try:
        again = R.parse_action(s, str(action))
    except MalformedInputError:
        return
    if again == action:
        assert R.why_illegal(s, again) == refusal


def test_a_hand_made_bid_that_names_no_rocks_still_shows_and_sorts():
    b = Bid(0, ("R", "Y2", "R1"))
    assert b.rocks == ("R1", "Y2", "R") and str(b) == "bid 1: R1 Y2 R"
    assert b.value == 3 and Bid(0, ("Q",)).value == 0  # a text that is no rock is worth nothing
    assert sorted([Bid(0, ("R1",)), Bid(0, ("Q",))], key=lambda x: x.sort_key()) == [Bid(0, ("Q",)), Bid(0, ("R1",))]


# ----- an observation never claims an outcome it cannot know ------------------------------------------------

def test_an_observation_of_a_finished_game_shows_every_card_and_the_same_winner():
    states = random_game(R, 4, 8)
    over = states[-1]
    assert R.is_terminal(over)
    for p in range(4):
        seen = R.observe(over, p)
        assert seen.hidden == () and seen.lines == over.lines and seen.scores == over.scores
        assert R.outcome(seen) == R.outcome(over)


@pytest.mark.parametrize("seed", [3, 4])
def test_an_observation_played_on_to_the_end_names_no_winner(seed):
    rng = random.Random(seed)
    states = random_game(R, 3, seed)
    late = [s for s in states if s.phase == "bid" and sum(s.scores) > 0]
    for s in late[::max(1, len(late) // 4)]:
        for p in range(3):
            seen = R.observe(s, p)
            end = play_out(R, seen, rng, outcome=False)  # chance at random: the view has no generator
            assert R.is_terminal(end) and end.hidden == seen.hidden != ()
            assert R.outcome(end) is None
            assert R.known_scores(end)[p] is not None and all(
                R.known_scores(end)[q] is None for q in end.hidden)
            assert R.outcome(R.observe(end, p)) is None  # observing it again reveals nothing
            assert R.from_dict(json_save(end)) == end


def test_the_kept_bids_are_safe_to_ask_for_from_two_threads():
    """A hint's search thread and the page's thread may ask for one garden's bids at once: every
    answer is the bid order without repeats, and a list handed out is never changed afterwards."""
    import threading

    from gardenkit.games.karesansui.rules import _PileBids, _offers

    garden = tuple(sorted(["W1", "W1", "W2", "R3", "R3", "G2", "G4", "B5", "B5", "Y1"]))
    for _ in range(20):
        bids = _PileBids(0, _offers(garden))
        handed, errors = [], []

        def ask(counts):
            try:
                for c in counts:
                    got = bids.first(c)
                    handed.append((got, list(got)))
            except Exception as e:  # pragma: no cover - what the test is looking for
                errors.append(e)

        threads = [threading.Thread(target=ask, args=(range(1, 400, k),)) for k in (1, 3, 7, 11)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
        whole = bids.first(None)
        assert len(whole) == len(set(whole)) == len(bids.offers)
        for got, copy in handed:
            assert got == copy  # not changed after it was handed out
            assert got == whole[:len(got)]
