"""A CI sample of ``benchmarks/sweep.py`` (every reachable position saves): a few seeded random
games per game and player count, every state saved, loaded back and compared; and the checks of
``gardenkit.testing.play_checked`` (what ``check_game`` runs on every state) catching what they
are for. The full sweep (2000 games per line) is run by hand; its table is in docs/benchmarks.md."""
from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

import gardenkit
from gardenkit.testing import (APPLY_CHANGED_INPUT, NO_END, ROUND_TRIP_DIFFERS, SAVE_REFUSED, PlayFailure,
                               check_game, play_checked)

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks import sweep  # noqa: E402

GAMES = gardenkit.available_games()


def _counts(game: str) -> list[int]:
    info = gardenkit.make(game).info
    return list(range(info.min_players, info.max_players + 1))


def test_a_sample_sweep_finds_no_failure_and_lists_every_game_and_player_count():
    # one game per line (test_all_games' check_game plays others with the same checks); the full
    # sweep, 2000 a line, is make bench's
    lines = sweep.sweep(n=1, seed_start=0)
    assert [(line.game, line.players) for line in lines] == [(g, p) for g in GAMES for p in _counts(g)]
    for line in lines:
        assert line.games == 1 and line.steps > 0
        assert not line.failures, sweep.first_failures([line])
    text = sweep.table(lines)
    rows = [row.split(" | ") for row in text.splitlines()[2:]]
    assert [(row[0].lstrip("| "), int(row[1])) for row in rows] == [(g, p) for g in GAMES for p in _counts(g)]
    assert all(row[4] == "none" for row in rows)


def test_the_sweep_plays_the_same_with_more_processes():
    one = sweep.sweep(["samurai_gardener"], [2], 4)
    two = sweep.sweep(["samurai_gardener"], [2], 4, jobs=2, chunk=1)
    assert [(line.games, line.steps) for line in one] == [(line.games, line.steps) for line in two] == [(4, one[0].steps)]


def test_the_command_line_exits_zero_and_writes_json(tmp_path, capsys):
    out = tmp_path / "sweep.json"
    assert sweep.main(["--games", "1", "--game", "samurai_gardener", "--players", "3", "--json", str(out),
                       "--quiet"]) == 0
    table = capsys.readouterr().out
    assert "| samurai_gardener | 3 | 1 |" in table
    data = json.loads(out.read_text())
    assert data["failed"] is False and [(d["game"], d["players"], d["games"]) for d in data["lines"]] == [
        ("samurai_gardener", 3, 1)]
    assert sweep.main(["--from-json", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == table.splitlines()[:3]


def test_a_failing_line_shows_each_kind_with_its_first_seed_and_step_and_exits_non_zero(tmp_path, capsys):
    def failure(kind, seed, step):
        return PlayFailure(kind, game="tanuki", players=2, seed=seed, step=step, action="chance", error="E")

    line = sweep.Line("tanuki", 2, games=9, steps=900, cpu=1.0)
    for kind, seed, step in ((NO_END, 4, 20_000), (SAVE_REFUSED, 7, 30), (SAVE_REFUSED, 3, 50)):
        part = sweep.Line("tanuki", 2, failures={kind: sweep.Failures(1, failure(kind, seed, step))})
        line.merge(part)
    row = sweep.table([line]).splitlines()[2]
    assert row == ("| tanuki | 2 | 9 | 900 | save refused: 2 (first: seed 3, step 50); "
                   "no end within 20000 steps: 1 (first: seed 4, step 20000) | 1.0 |")
    out = tmp_path / "sweep.json"
    out.write_text(json.dumps({"max_steps": 20_000, "lines": [line.to_json()]}))
    assert sweep.main(["--from-json", str(out)]) == 1
    text = capsys.readouterr().out
    assert row in text and "- save refused: tanuki, 2 players, seed 3, step 50 (after chance): E" in text


def test_a_player_count_no_game_allows_is_refused():
    with pytest.raises(SystemExit):
        sweep.main(["--game", "samurai_gardener", "--players", "9", "--quiet"])


# ----- what the checks catch (a rules object that breaks one promise) --------------------------------

class _Broken:
    """Samurai Gardener's rules with one promise broken from move ``after`` on."""

    def __init__(self, how: str, after: int = 5):
        self._rules = gardenkit.make("samurai_gardener")
        self.how, self.after, self.moves = how, after, 0

    def __getattr__(self, name):
        return getattr(self._rules, name)

    def apply(self, s, a):
        self.moves += 1
        if self.how == "mutate" and self.moves > self.after:
            object.__setattr__(s, "round", s.round + 1)
        return self._rules.apply(s, a)

    def from_dict(self, d):
        s = self._rules.from_dict(d)
        if self.moves > self.after and self.how == "refuse":
            raise gardenkit.MalformedInputError("a save refused on purpose")
        if self.moves > self.after and self.how == "differ":
            return dataclasses.replace(s, round=s.round + 7)
        return s


@pytest.mark.parametrize("how, kind", [("refuse", SAVE_REFUSED), ("differ", ROUND_TRIP_DIFFERS),
                                       ("mutate", APPLY_CHANGED_INPUT)])
def test_check_game_names_the_broken_promise_and_where(how, kind):
    with pytest.raises(PlayFailure) as info:
        check_game(_Broken(how), seeds=(4,), players=[3], check_every=0)
    failure = info.value
    assert failure.kind == kind and failure.game == "samurai_gardener" and failure.players == 3 and failure.seed == 4
    assert failure.step > 0 and failure.action
    text = str(failure)
    assert text.startswith(f"{kind}: samurai_gardener, 3 players, seed 4, step {failure.step} (after ")
    if how == "differ":
        assert "round" in text  # the field that differs


def test_a_sweep_counts_each_kind_once_per_game_and_goes_on_after_a_bad_save():
    found = []
    states = list(play_checked(_Broken("refuse"), 2, 1, on_failure=found.append))
    assert gardenkit.make("samurai_gardener").is_terminal(states[-1][2])  # played to the end
    assert {f.kind for f in found} == {SAVE_REFUSED} and len(found) > 1


def test_a_game_that_does_not_end_is_reported():
    with pytest.raises(PlayFailure) as info:
        list(play_checked(gardenkit.make("samurai_gardener"), 2, 1, max_steps=10))
    assert info.value.kind == NO_END and info.value.step == 10


def test_a_table_read_back_from_its_json_reads_as_the_live_one():
    """The CPU column is rounded once, when printed: a line saved with 0.1503 s (printed 0.2) read
    back printed 0.1 when the file held it rounded to 0.15 (a fresh-clone run met it)."""
    line = sweep.Line("samurai_gardener", 3, games=1, steps=123, cpu=0.1503)
    back = sweep.Line.from_json(json.loads(json.dumps(line.to_json())))
    assert sweep.table([back]) == sweep.table([line])
    assert sweep.table([line]).splitlines()[2].endswith("| 0.2 |")
