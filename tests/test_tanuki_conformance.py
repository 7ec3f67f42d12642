"""Tanuki in the Garden's own conformance cases: the contract check for option mixes the shared
suite does not run (2-8 players, with and without Garden Master), saves and bad positions of every
kind, observations, targets and walks, components. What every game gets (the contract, the golden
playthroughs and what they must cover, determinism, refusals) is in ``tests/test_all_games.py``
and ``tests/test_conformance.py``.

The golden playthroughs are the ones ``GAME.playthroughs`` declares; to write them again (and read
the diff before committing): ``python tests/test_tanuki_conformance.py --write``.
"""
import copy
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from gardenkit import CHANCE, MalformedInputError
from gardenkit.games.tanuki import GAME, TanukiRules, default_components
from gardenkit.games.tanuki.setups import position
from gardenkit.testing import check_game, check_state, check_targets, playthrough, random_game

R = TanukiRules()
PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
COMPONENTS = Path(__file__).parents[1] / "gardenkit/games/tanuki/components.json"


def write_playthroughs() -> None:
    for pt in GAME.playthroughs:
        text = playthrough(R, players=pt.players, seed=pt.seed, options=pt.options)
        (PLAYTHROUGHS / f"{pt.name}.txt").write_text(text)


# ----- the shared check ------------------------------------------------------------------------------

# the defaults (seeds 0 and 1), Garden Master (seed 2), the short game (seed 2) and both (seed 3) are
# test_all_games.py's own check for every labelled option: played there only; here, the options
# without a checkbox
@pytest.mark.parametrize("options, seeds", [
    ({"edge": "turn"}, (5,)),
    ({"edge": "turn", "garden_master": True, "start_player": 1}, (6,)),
], ids=["edge-turn", "edge-turn-gm-start-2"])
def test_conformance_two_to_eight_players(options, seeds):
    report = check_game(R, seeds=seeds, options=options)  # every player count, 2 to 8
    assert report["games"] == report["ended"] == 7 * len(seeds)


def test_labelled_options_are_the_expansion_and_the_short_game():
    labelled = [name for name, opt in R.info.options.items() if opt.label and isinstance(opt.default, bool)]
    assert labelled == ["garden_master", "short"]
    assert R.info.id == "tanuki" and (R.info.min_players, R.info.max_players) == (2, 8)
    assert all(rule.startswith("tanuki.") for rule in R.info.rules)


# ----- bad input ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def game():
    return random_game(R, 4, 5, {"garden_master": True})


def test_bad_positions_are_refused_clearly():
    with pytest.raises(ValueError, match="not free"):
        position(hands={0: (1, 2, 3), 1: (3, 4, 5)})
    with pytest.raises(ValueError, match="monk is written"):
        position(monks={0: "somewhere"})
    with pytest.raises(ValueError, match="same path end"):
        position(monks={0: "b3g1 side 1", 1: "b3g6 side 3"})  # the wrap joins them
    with pytest.raises(ValueError, match="position starts"):
        position(stage="dancing")


# ----- saves ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def save(game):
    """A mid-game save of 4 players with Garden Master: a tile to lay, monks on the board."""
    s = next(x for x in game[60:] if R.decision(x) == "tile" and all(m is not None for m in x.monks))
    return json.loads(json.dumps(s.to_dict()))


def _first_tile_space(d):
    return next(i for i, cell in enumerate(d["board"]) if cell is not None)


def _edit(**fields):
    def apply(d):
        d.update(copy.deepcopy(fields))
    return apply


def _supply_minus_one(d):
    d["supply"] -= 1


def _tile_twice(d):
    d["discard"] = sorted(d["discard"] + [d["hands"][0][0]])


def _tile_lost(d):
    d["pile"] = d["pile"][1:]


def _hand_too_big(d):
    extra = d["pile"][:2]
    d["pile"] = d["pile"][2:]
    d["hands"][0] = sorted(d["hands"][0] + extra)


def _stash_without_tile(d):
    i = next(k for k, cell in enumerate(d["board"]) if cell is None)
    d["stash"][i] += 1
    d["supply"] -= 1


def _negative(d):
    d["shiitake"][0] = -1
    d["supply"] += 1


def _monk_facing_a_tile(d):
    i = _first_tile_space(d)
    d["monks"][0] = ["at", i % 6, i // 6, 0]


def _two_monks_one_end(d):
    d["monks"][1] = copy.deepcopy(d["monks"][0])


def _monk_off_the_edge(d):
    d["monks"][0] = ["edge", 2, 2, 1]


def _lines_do_not_add_up(d):
    d["lines"][0].append({"points": 3, "text": "a gift", "rule": "tanuki.move.shiitake", "round": 1})


def _unknown_rule(d):
    d["lines"][0].append({"points": 0, "text": "?", "rule": "tanuki.move.fly", "round": 1})


def _card_lost(d):
    d["deck"] = d["deck"][1:]


def _stage_moves_on(d):
    d["stage"] = "tanuki"


def _trail_off_the_board(d):
    d["trails"][0] = [[0, 0, 0, 1]] if d["board"][0] is None else [[0, 0, 0, 1], [0, 0, 0, 1]]


def _rock_on_a_tile(d):
    i = _first_tile_space(d)
    d["rocks"] = [[i % 6, i // 6]]


def _too_many_tiles(d):
    d["pile"] = d["pile"] + list(range(1, 70))


HAND_EDITS = [
    (_supply_minus_one, "Shiitake do not add up"),
    (_tile_twice, "tiles do not add up .*two places"),
    (_tile_lost, "tiles do not add up .*nowhere"),
    (_hand_too_big, "at most 3 tiles"),
    (_stash_without_tile, "stash but no tile"),
    (_negative, "between 0 and 80"),
    (_monk_facing_a_tile, "holds a tile"),
    (_two_monks_one_end, "same path end"),
    (_monk_off_the_edge, "not on the board's edge"),
    (_lines_do_not_add_up, "score lines add up"),
    (_unknown_rule, "unknown rule"),
    (_card_lost, "cards do not add up"),
    (_stage_moves_on, "would go on by itself|a Tanuki"),
    (_trail_off_the_board, "trail"),
    (_rock_on_a_tile, "rock garden and a tile"),
    (_too_many_tiles, "holds 1\\d\\d tiles; this tile set has 64"),
    (_edit(players=9), "players"),
    (_edit(version=2), "version"),
    (_edit(stage="dancing"), "stage"),
    (_edit(rng={"seed": -1, "counter": 0}), "rng"),
    (_edit(options={"short": False}), "options"),
    (_edit(tanuki=[[9, 9], None]), "x must be between"),
    (_edit(dice=[7, 1]), "dice"),
    (_edit(pending=[[0, "fly", None]]), "decision"),
    (_edit(winners=[0]), "winners"),
    (_edit(hidden=[1]), "hidden"),
    (_edit(extra_field=1), "unknown field"),
]


def test_save_fixture_is_valid_and_round_trips(save):
    s = R.from_dict(save)
    assert s.to_dict() == save and R.from_dict(json.dumps(save)) == s


@pytest.mark.parametrize("edit, match", HAND_EDITS, ids=[e[0].__name__.strip("_") for e in HAND_EDITS])
def test_hand_edited_saves_are_refused_with_the_reason(save, edit, match):
    d = copy.deepcopy(save)
    edit(d)
    with pytest.raises(MalformedInputError, match=match) as err:
        R.from_dict(d)
    assert len(str(err.value)) < 400


def test_a_truncated_or_foreign_save_is_refused(save):
    text = json.dumps(save)
    for bad in (text[: len(text) // 2], text[:-1], "{}", "[]", '{"game": "miyabi"}', b"\xff"):
        with pytest.raises(ValueError):
            R.from_dict(bad)


def test_a_players_view_cannot_be_loaded_to_play_on_but_reads_back(game):
    s = next(x for x in game[40:] if R.decision(x) == "tile")
    seen = R.observe(s, 0)
    assert R.from_dict(seen.to_dict()) == seen
    with pytest.raises(MalformedInputError, match="view"):
        R.check_playable(seen)


# ----- observations -----------------------------------------------------------------------------------------

def test_observe_hides_the_other_hands_and_the_draw_order_only(game):
    s = next(x for x in game[40:] if R.decision(x) == "tile" and any(x.cards))
    for p in range(s.players):
        seen = R.observe(s, p)
        assert seen.rng is None and seen.hands[p] == s.hands[p] and seen.cards[p] == s.cards[p]
        for q in range(s.players):
            if q != p:
                assert set(seen.hands[q]) <= {0} and len(seen.hands[q]) == len(s.hands[q])
                assert set(seen.cards[q]) <= {"hidden"} and len(seen.cards[q]) == len(s.cards[q])
        # the unseen tiles are counted in the pile: no tile is lost, none can be told apart
        assert Counter(seen.pile) == Counter(s.pile) + Counter(t for q in range(s.players) if q != p
                                                               for t in s.hands[q])
        assert seen.pile_count == s.pile_count and seen.board == s.board and seen.shiitake == s.shiitake
        known = R.known_scores(seen)
        assert all(k is None if "hidden" in seen.cards[q] else k == s.scores[q] for q, k in enumerate(known))
        assert R.observe(seen, p) == seen  # observed again, nothing more is shown


def test_an_observation_of_a_finished_game_shows_everything_and_the_same_winner(game):
    over = game[-1]
    assert R.is_terminal(over)
    seen = R.observe(over, 1)
    assert seen.hands == over.hands and R.outcome(seen) == R.outcome(over)


def test_an_observation_can_be_played_on_with_chosen_chance_outcomes():
    s = random_game(R, 3, 8)[40]
    seen = R.observe(s, 0)
    for _ in range(60):
        if R.is_terminal(seen):
            break
        seen = R.apply(seen, R.legal_actions(seen)[0])
        tiles = Counter(seen.pile) + Counter(seen.discard) + Counter(t for h in seen.hands for t in h if t)
        tiles += Counter(c[0] for c in seen.board if c)
        assert tiles == Counter(range(1, 65)) and seen.unseen == sum(h.count(0) for h in seen.hands)


# ----- targets --------------------------------------------------------------------------------------------

def _picks(s):
    m = s.monks[s.active]
    hand = s.hands[s.active]
    return [(t, rot) for t in hand for rot in (0, 90, 180, 270)] + [(64, 0)] if m else []


@pytest.mark.parametrize("players, seed, options", [(2, 1, {}), (5, 2, {"garden_master": True}),
                                                     (8, 3, {"garden_master": True})])
def test_targets_say_what_can_be_played_and_why_not(players, seed, options):
    states = random_game(R, players, seed, options)
    checked = 0
    for s in states[::3]:
        checked += check_targets(R, s)
        if isinstance(R.current_player(s), int):
            for pick in _picks(s):
                checked += check_targets(R, s, pick)
    assert checked > 100


@pytest.mark.parametrize("players, seed, options", [(3, 4, {}), (6, 5, {"garden_master": True})])
def test_a_board_can_offer_every_legal_move(players, seed, options):
    for s in random_game(R, players, seed, options)[::2]:
        if not isinstance(R.current_player(s), int):
            continue
        offered = {t.action for t in R.targets(s) if t.legal}
        for pick in _picks(s):
            offered |= {t.action for t in R.targets(s, pick) if t.legal}
        missing = {str(a) for a in R.legal_actions(s)} - offered
        assert not missing, f"legal but never offered: {sorted(missing)[:5]}"


def test_targets_of_a_tile_from_a_start_place_name_both_path_ends_and_their_points():
    s = position(monks={0: "b3g1 side 1", 1: "b6g6 side 2"}, hands={0: (34, 17, 45)}, tiles={"b3g2": (12, 270)})
    targets = R.targets(s, (34, 0))
    assert [(t.action, t.points, t.at) for t in targets] == [("34@b3g1 from A", 1, (2, 0)),
                                                            ("34@b3g1 from B", 0, (2, 0))]
    refused = R.targets(s, (5, 0))
    assert all(not t.legal and t.reason.rule == "tanuki.tile.play" for t in refused)
    with pytest.raises(ValueError, match="tile, rotation"):
        R.targets(s, "34")
    with pytest.raises(ValueError, match="90, 180 or 270"):
        R.targets(s, (34, 45))


def test_walks_show_where_every_monk_would_end_and_what_it_would_gain_before_the_tile_is_laid():
    s = position(3, monks={0: "b3g2 H", 1: "b3g2 A", 2: "b3g2 F"}, hands={0: (34, 12, 17)}, shiitake={1: 6, 2: 2})
    walks = R.walks(s, "34@b3g2")
    assert [(w.player, w.result, w.partner, w.change) for w in walks] == [(0, "stop", None, 1),
                                                                         (1, "crash", 2, 1 - 5)]
    assert walks[0].end == (3, 1, 7) and walks[0].pieces == ((2, 1, 7, 2, "shiitake"),)
    assert "runs into player 3's monk" in walks[1].describe()
    loop = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (2, 3, 4)}, tiles={"b3g1": (1, 0)},
                    shiitake={0: 7})
    (w,) = R.walks(loop, "2@b3g2")
    assert w.result == "loop" and w.end is None and w.change == -5 and len(w.pieces) == 2
    assert R.walks(loop, "3@b6g6") == ()  # a refused move walks nobody


# ----- chance ----------------------------------------------------------------------------------------------

def test_chance_is_explicit_rolls_draws_and_cards_are_listed_outcomes(game):
    kinds = Counter()
    for s in game:
        if R.current_player(s) is not CHANCE:
            continue
        outcomes = R.chance_outcomes(s)
        assert abs(sum(p for _a, p in outcomes) - 1) < 1e-9
        picked, _ = R.sample_chance(s)
        assert picked in [a for a, _p in outcomes] and R.apply(s, picked) == R.step_chance(s)
        kinds[type(picked).__name__] += 1
    assert {"Roll", "Draw"} <= set(kinds)


# ----- components --------------------------------------------------------------------------------------------

def test_shipped_components_match_the_rulebook_totals_and_say_where_they_come_from():
    data = json.loads(COMPONENTS.read_text())
    c = default_components()
    assert len(c.tiles) == 64 and c.supply == 80 and c.hand == 3 and (c.traps, c.rocks) == (3, 4)
    assert all(t["source"] == "reconstructed" for t in data["tiles"])
    assert data["board"]["source"] == "reconstructed"
    assert all(card["source"] == "rulebook" for card in data["cards"]) and len(c.deck()) == 48
    assert "reconstructed" in data["note"]
    symbols = Counter(s for t in c.tiles for s in t.symbols)
    assert symbols == {"shiitake": 160, "den": 64, "ashi": 32}
    pairings = {frozenset(frozenset(p) for p in t.pairs) for t in c.tiles}
    from gardenkit.games.tanuki.board import pairings as all_pairings
    canon = {frozenset(frozenset(p) for p in pr) for pr in all_pairings()}
    assert len(canon) == 35 and canon <= pairings | canon and len(pairings) >= 35
    from gardenkit.games.tanuki._make_components import build
    assert build() == data  # the data file is what the script writes


def test_a_users_own_tile_file_loads_and_plays(tmp_path):
    data = json.loads(COMPONENTS.read_text())
    data["tiles"] = data["tiles"][:40]
    for t in data["tiles"]:
        t["paths"] = [[a, b, "shiitake"] for a, b, _s in t["paths"]]
    del data["cards"]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    s = R.initial_state(players=4, seed=3, components=str(path), garden_master=True)
    assert len(s.pile) == 40 and len(s.deck) == 48
    states = random_game(R, 4, 3, {"components": str(path)})
    assert R.is_terminal(states[-1])
    mid = states[len(states) // 2]
    assert "components" in mid.to_dict() and R.from_dict(mid.to_dict()) == mid
    check_state(R, mid)


@pytest.mark.parametrize("edit, match", [
    (lambda d: d.update(tiles=[]), "30 to 200"),
    (lambda d: d["tiles"][0].update(paths=[["A", "B", "shiitake"]] * 4), "exactly once"),
    (lambda d: d["tiles"][0]["paths"][0].__setitem__(2, "gold"), "symbol"),
    (lambda d: d["tiles"][1].update(id=1), "own id"),
    (lambda d: d["tiles"][0].update(source="invented"), "source"),
    (lambda d: d.update(supply={"shiitake": 5}), "supply"),
    (lambda d: d["cards"][0].update(kind="dragon"), "kind"),
    (lambda d: d.update(tiles="many"), "30 to 200"),
], ids=["no-tiles", "ends-twice", "symbol", "ids", "source", "supply", "card-kind", "tiles-text"])
def test_bad_component_files_are_refused(tmp_path, edit, match):
    data = json.loads(COMPONENTS.read_text())
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=match):
        R.initial_state(players=2, components=str(path))


def test_a_component_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        R.initial_state(players=2, components=str(path))


if __name__ == "__main__" and "--write" in sys.argv:
    write_playthroughs()
    print("wrote", ", ".join(pt.name for pt in GAME.playthroughs))
