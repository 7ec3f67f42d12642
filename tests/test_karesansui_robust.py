"""Karesansui, the way a careless or hostile user would try it: mutated saves, hand-made action
values, oversized input, observations played to the end. Whatever loads can be played on.

The property test mutates states of seeded random play at random (a number changed, a list item
dropped, duplicated or added, a field's type swapped, the phase changed, rocks moved between
places, ...): each mutated save is either refused quickly by ``from_dict`` with a ValueError, or
loads, round-trips and is played to the end by random players with no exception.
"""
from __future__ import annotations

import copy
import json
import random
import time

import pytest

import gardenkit
from gardenkit import CHANCE, IllegalActionError, MalformedInputError, Refusal
from gardenkit.games.karesansui.actions import Bid, Draw, Pass, TurnIn, forbidden_sets, sort_rocks
from gardenkit.games.karesansui.setups import position
from gardenkit.testing import check_state, random_game

R = gardenkit.make("karesansui")
PHASES = ("deal", "refill", "bid", "draw", "turnin", "over")
ROCKS = ("R1", "Y2", "G3", "B1", "W2", "K", "X9", "R", "")


# ----- playing on from any state ---------------------------------------------------------------------

def play_out(s, rng: random.Random, max_steps: int = 3000):
    """Random moves (and random chance outcomes where the state holds no generator) to the end;
    every state on the way round-trips through its save. Returns the last state."""
    for _ in range(max_steps):
        player = R.current_player(s)
        if player is None:
            assert R.legal_actions(s) == ()
            return s
        actions = R.legal_actions(s)
        assert actions, f"a live state with no legal move: {s.phase}"
        if player is CHANCE and s.rng is not None:
            s = R.step_chance(s)
        else:
            a = rng.choice(actions)
            assert R.why_illegal(s, a) is None and R.explain(s, a).legal
            s = R.apply(s, a)
        assert R.from_dict(json.loads(json.dumps(s.to_dict()))) == s, f"a state reached in play does not load ({s.phase})"
    raise AssertionError(f"no end in {max_steps} steps")


# ----- mutations ---------------------------------------------------------------------------------------

_ODD = (None, True, False, 0, -1, 1, 2, 7, 10**9, 2**70, 2.5, "", "x", "R1", "K", [], {}, [0], ["R1"], {"x": 1})


def _paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


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
    path = rng.choice(list(_paths(d)))
    parent = d
    for key in path[:-1]:
        parent = parent[key]
    key, old = path[-1], parent[path[-1]]
    kind = rng.choice(["replace", "nudge", "nudge", "drop", "duplicate", "wrap", "extra"])
    if kind == "nudge" and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + rng.choice((-1, 1, 2, -old - 1, 10**6))
    elif kind == "nudge" and isinstance(old, str):
        parent[key] = rng.choice((old[:-1], old + "1", old.lower(), ""))
    elif kind == "drop":
        del parent[key]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
    elif kind == "wrap":
        parent[key] = [old]
    elif kind == "extra" and isinstance(old, dict):
        old["unexpected"] = 1
    elif kind == "extra" and isinstance(old, list):
        old.append(copy.deepcopy(old[0]) if old else 0)
    else:
        kind = "replace"
        parent[key] = copy.deepcopy(rng.choice(_ODD))
    return f"{kind} at {list(path)}"


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
    d = copy.deepcopy(d)
    what = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        try:
            what.append(rng.choice(MUTATIONS)(d, rng))
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            what.append("(a mutation that did not apply)")
    return d, ", ".join(what)


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
    rng = random.Random("karesansui robust")
    accepted = refused = 0
    slowest = 0.0
    deadline = time.perf_counter() + 18  # bounded: about 20 s on a shared machine
    rounds = 0
    while time.perf_counter() < deadline and rounds < 6:
        rounds += 1
        for s in played:
            saved = json.loads(json.dumps(s.to_dict()))
            edited, what = mutate(saved, rng)
            before = copy.deepcopy(edited)
            t0 = time.perf_counter()
            try:
                back = R.from_dict(edited)
            except ValueError as e:
                took = time.perf_counter() - t0
                assert str(e) and len(str(e)) < 600, f"{what}: a refusal must say why, briefly: {str(e)[:200]}"
                refused += 1
            except Exception as e:  # noqa: BLE001 - the point: nothing but a ValueError
                raise AssertionError(f"{what}: {type(e).__name__}: {e}") from e
            else:
                took = time.perf_counter() - t0
                accepted += 1
                assert R.from_dict(back.to_dict()) == back, f"an accepted edit does not round-trip: {what}"
                try:
                    play_out(back, rng)
                except Exception as e:  # noqa: BLE001
                    raise AssertionError(f"{what}: loaded, then play failed: {type(e).__name__}: {e}") from e
            slowest = max(slowest, took)
            assert took < 1.0, f"{what}: from_dict took {took:.2f} s"
            assert edited == before, f"from_dict changed its input: {what}"
    assert refused > 50 and accepted > 5, (refused, accepted)
    assert slowest < 1.0
