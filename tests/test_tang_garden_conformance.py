"""Tang Garden: the shared conformance check (1-4 players, the solo game at 1, both faces of the starting tile), targets,
observations and the search bot's guesses, hypothesis properties through ``walks``, mutated saves.

The game is not registered yet (its board and notebook come later), so this file runs on it what the
all-games suites run on a registered game.
"""
import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import walks
from gardenkit import CHANCE
from gardenkit.core import Rng
from gardenkit.games.tang_garden import TangGardenRules
from gardenkit.games.tang_garden.queries import any_build, build_refusal, face_up, stack_left
from gardenkit.games.tang_garden.actions import Build
from gardenkit.games.tang_garden.setups import position
from gardenkit.testing import check_game, check_targets, load_or_refuse, mutate_save, play_out, random_game

R = TangGardenRules()


# side A (the default) on seeds 0 and 1 is test_all_games.py's own check, the same games: played there only
@pytest.mark.parametrize("options, seeds", [({"start_side": "b"}, (2,))], ids=["side-b"])
def test_conformance_one_to_four_players(options, seeds):
    report = check_game(R, seeds=seeds, options=options)  # 1 player: the solo game
    assert report["games"] == report["ended"] == 4 * len(seeds)


@pytest.fixture(scope="module")
def game():
    return random_game(R, 3, 7)


def test_targets_with_every_kind_of_selection(game):
    checked = 0
    for s in game[::9]:
        checked += check_targets(R, s)
        if R.current_player(s) is not CHANCE and R.decision(s) in ("main", "build2"):
            for t in (t for t in s.tops if t):
                checked += check_targets(R, s, (t, 90))
        if R.decision(s) == "keep":
            for c in set(s.drawn):
                checked += check_targets(R, s, ("card", c))
        if R.decision(s) == "place":
            checked += check_targets(R, s, ("char", s.pending[0][1]))
    assert checked > 100


def test_every_legal_build_is_a_legal_target_of_its_tile(game):
    for s in game[::5]:
        if R.current_player(s) is CHANCE or R.decision(s) != "main":
            continue
        legal = {str(a) for a in R.legal_actions(s) if isinstance(a, Build)}
        shown = set()
        for t in (t for t in s.tops if t):
            for rot in (0, 90, 180, 270):
                shown |= {x.action for x in R.targets(s, (t, rot)) if x.legal}
        assert legal == shown


def test_observation_hides_the_draw_and_determinize_fills_it(game):
    seen = 0
    for s in game:
        if not s.drawn or s.over:
            continue
        other = (s.active + 1) % s.players
        view = R.observe(s, other)
        assert set(view.drawn) == {"hidden"} and view.rng is None and view.unseen == len(s.drawn)
        assert R.observe(s, s.active).drawn == s.drawn
        with pytest.raises(ValueError, match="view"):
            R.check_full(view)
        guess = R.determinize(view, Rng.from_seed(seen))
        R.check_full(guess)
        assert Counter(guess.deck + guess.drawn) == Counter(s.deck + s.drawn)
        assert R.from_dict(guess.to_dict()) == guess
        seen += 1
    assert seen > 3


# ----- hypothesis: what play keeps true ---------------------------------------------------------------------
def check_invariants(s):
    comps = s.components
    # tiles: each in exactly one place; every placed tile fits its neighbours (or a wall or temple excuses it)
    where = [t[0] for t in s.board if t] + [x for p in s.piles for x in p] + [t for t in s.tops if t]
    where += [x for u in s.under for x in u]
    assert sorted(where) == sorted(t.id for t in comps.tiles)
    for i, t in enumerate(s.board):
        if t is None:
            continue
        x, y = i % 8, i // 8
        alone = s.board[:i] + (None,) + s.board[i + 1:]
        assert build_refusal(dataclasses.replace(s, board=alone), Build(t[0], x, y, t[1]), [t[0]]) is None
    # cards and decorations conserved
    cards = Counter(s.deck) + Counter(s.discard) + Counter(s.drawn) + Counter(c for cs in s.cards for c in cs)
    assert cards == Counter(comps.deck())
    placed = Counter(d[3] for d in s.decos)
    assert placed == Counter(c.split("/")[0] for cs in s.cards for c in cs)
    assert all(placed[k] <= v for k, v in comps.decorations.items())
    # coins: the lines add up; nobody in debt; tracks within the board
    for p in range(s.players):
        assert sum(line.points for line in R.score_breakdown(s, p)) == R.scores(s)[p] >= 0
        assert all(0 <= v <= comps.levels for v in s.tracks[p])
    # tokens and landscape tiles
    for i, size in enumerate(("large", "small")):
        on_board = sum(1 for t in s.board_tokens if t[2] == size)
        assert on_board + sum(h[i] for h in s.held) + sum(x[i] for x in s.spent) == 8
        inserted = sum(1 for _, slot, _ in s.slots if slot.startswith(size[0]))
        assert inserted == (4 if size == "small" and s.turn else 0) + sum(h[i] + x[i] for h, x in zip(s.held, s.spent)) \
            - sum(1 for p in s.pending if p[0] == "landscape" and p[1] == size)
    # characters: each in one place
    chars = list(s.char_deck) + list(s.char_shown) + [c for c in s.own if c] + [p[0] for p in s.placed]
    chars += [p[1] for p in s.pending if p[0] == "place"]
    assert len(chars) == len(set(chars))


SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**32), st.data())
def test_components_coins_and_tracks_are_kept_under_arbitrary_play(players, seed, data):
    s = R.initial_state(players=players, seed=seed)
    for _before, _a, _e, after in walks.steps(R, s, data, 200):
        if after.turn:
            check_invariants(after)


# ----- saves ---------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def played():
    states = []
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        g = random_game(R, players, seed)
        states += g[::11] + [g[-1]]
    return states


def test_mutated_saves_are_refused_or_play_on_to_the_end(played):
    rng = random.Random("tang garden saves")
    refused = accepted = 0
    for _ in range(3):
        for s in played:
            d, what = mutate_save(json.loads(json.dumps(s.to_dict())), rng, times=(1, 2))
            back = load_or_refuse(R, d, what)
            if back is None:
                refused += 1
                continue
            accepted += 1
            play_out(R, back, rng, round_trip_every=5)
    assert refused > 30, (refused, accepted)


@pytest.mark.parametrize("edit, match", [
    (lambda d: d["board"].__setitem__(0, [1, 0]), "does not touch the garden|exactly one place"),
    (lambda d: d["tracks"][0].__setitem__(0, 11), "between 0 and 10"),
    (lambda d: d["deck"].insert(0, d["deck"][0]), "decoration card"),
    (lambda d: d["board_tokens"].pop(), "accounted for"),
    (lambda d: d.__setitem__("reached", [1] + d["reached"][1:]), "character levels"),
    (lambda d: d["lines"][0].append({"points": 5, "text": "x", "rule": "tang_garden.nothing", "round": 1}),
     "unknown rule"),
    (lambda d: d["char_deck"].append(d["own"][0]), "one place"),
    (lambda d: d["slots"].insert(0, ["E", "l1", d["land_piles"][0][0]]), "exactly one place"),
    (lambda d: d.__setitem__("step", "dancing"), "step must be"),
])
def test_hand_edited_saves_are_refused_with_the_reason(edit, match):
    s = position(tiles={"d3": (3, 0)})
    d = json.loads(json.dumps(s.to_dict()))
    edit(d)
    with pytest.raises(ValueError, match=match):
        R.from_dict(d)


@pytest.mark.parametrize("version", [pytest.param(10 ** 5000, id="5000-digits"), 2, 0, -1, True, 1.0, "1", None, [1]])
def test_a_save_of_an_unknown_version_is_refused(version):
    d = json.loads(json.dumps(position(tiles={"d3": (3, 0)}).to_dict()))
    d["version"] = version
    with pytest.raises(ValueError, match="unknown save version") as e:
        R.from_dict(d)
    assert len(str(e.value)) < 200  # a 5 000-digit number is not echoed
    del d["version"]
    with pytest.raises(ValueError, match="unknown save version"):
        R.from_dict(d)
    d["version"] = 1
    assert R.from_dict(d) == position(tiles={"d3": (3, 0)})


@pytest.mark.parametrize("x, y", [(2 ** 31 - 1, 0), (8, 2), (-1, 3), (3, -(2 ** 31) + 1), (2 ** 31 - 1, 2 ** 31 - 1)])
def test_a_move_off_the_board_is_refused_while_a_chance_step_waits(x, y):
    s = R.initial_state(players=2, seed=3)
    assert R.current_player(s) is CHANCE
    a = Build(1, x, y, 0)
    why = R.why_illegal(s, a)
    assert why is not None and why.rule == "tang_garden.turn.order" and f"(x={x}, y={y})" in why.text
    assert not R.explain(s, a).legal
    with pytest.raises(ValueError):
        R.apply(s, a)
    assert str(Build(1, 2, 3, 0)) == "build 1 c4 r0"  # a space on the board keeps its name


def test_a_misfitting_tile_in_a_save_is_refused():
    s = position(tiles={"d3": (3, 0)})
    d = json.loads(json.dumps(s.to_dict()))
    d["board"][2 * 8 + 3] = [3, 90]  # turned: its footpath meets the start's greenery
    with pytest.raises(ValueError, match="does not fit"):
        R.from_dict(d)


def test_games_end_by_a_trigger_and_a_full_round():
    for players, seed in ((2, 3), (4, 4)):
        states = random_game(R, players, seed)
        end = states[-1]
        assert end.over and end.ending
        trigger = next(i for i, x in enumerate(states) if x.ending)
        t = states[trigger]
        # three tokens or fewer, a stack run out, or (end.stuck) every stack showing a tile that fits nowhere
        assert len(t.board_tokens) <= 3 or any(stack_left(t, k) == 0 for k in range(4)) or (
            all(t.tops) and not any_build(t, face_up(t)))
        # every player had the same number of turns: the last turn was the one before the first player's
        assert states[-2].active == (end.first - 1) % players


# ----- golden playthroughs ----------------------------------------------------------------------------------------
PLAYTHROUGHS = Path(__file__).parent / "playthroughs"


def write_playthroughs() -> None:
    from gardenkit.games.tang_garden import GAME
    from gardenkit.testing import playthrough

    for pt in GAME.playthroughs:
        (PLAYTHROUGHS / f"{pt.name}.txt").write_text(playthrough(R, players=pt.players, seed=pt.seed,
                                                                  options=pt.options))


if __name__ == "__main__" and "--write" in __import__("sys").argv:
    write_playthroughs()
