"""Careless and hostile input, for every registered game (a new game gets these by being
registered): garbage notations and hand-made action values, oversized and nested saves, bad
setups, chance where there is none, timelines of garbage and component files that are no files.

Every refusal is a ``ValueError`` subclass with a short message, given quickly, and a refused call
leaves its input unchanged. The whole module runs in well under half a minute.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import json
import os
import threading
import time
import warnings

import pytest

import gardenkit
from gardenkit import CHANCE, IllegalActionError, MalformedInputError, Refusal, Timeline
from gardenkit.core.rng import _short as show
from gardenkit.testing import QUICK_SECONDS, json_save, random_game, replaced, save_paths, value_at

GAMES = gardenkit.available_games()
#: (test, game) known to fail, with why (strict: the test fails once they pass, so the mark is removed)
KNOWN: dict = {}


def _games(test: str) -> list:
    return [pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=KNOWN[(test, g)])) if (test, g) in KNOWN
            else g for g in GAMES]

#: the slowest a refusal may be (seconds); they take milliseconds
QUICK = QUICK_SECONDS  # gardenkit.testing: generous for a loaded machine
#: the longest a refusal's message may be (characters)
SHORT = 500
#: ... of a move (a refusal may name the rocks of a bid, at most 200 of them)
LONGEST = 1000

_STATES: dict = {}


def states(game: str) -> list:
    """One seeded random game of ``game`` (fewest players): its states, first to last."""
    if game not in _STATES:
        rules = gardenkit.make(game)
        _STATES[game] = random_game(rules, rules.info.min_players, 3)
    return _STATES[game]


def sample(game: str) -> list:
    """A few states of that game: the first (chance), some with a player to act, the last (over)."""
    all_ = states(game)
    rules = gardenkit.make(game)
    players = [s for s in all_ if isinstance(rules.current_player(s), int)]
    chance = [s for s in all_ if rules.current_player(s) is CHANCE]
    picked = [all_[0], *players[:: max(1, len(players) // 4)][:4], chance[len(chance) // 2], all_[-1]]
    assert rules.is_terminal(picked[-1]) and any(isinstance(rules.current_player(s), int) for s in picked)
    return picked


def timed(call, *args, **kwargs):
    """``(result or exception, seconds)`` of one call."""
    t = time.perf_counter()
    try:
        out = call(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - the caller looks at what it was
        out = e
    return out, time.perf_counter() - t


def refused_clearly(outcome, what: str) -> str:
    """``outcome`` (from :func:`timed`) is a ValueError with a short message; its message."""
    e, seconds = outcome
    assert isinstance(e, ValueError), f"{what}: {type(e).__name__}: {str(e)[:300]}"
    assert str(e) and len(str(e)) < SHORT, f"{what}: message of {len(str(e))} characters: {str(e)[:300]}"
    assert seconds < QUICK, f"{what}: refused in {seconds:.2f} s"
    return str(e)


# ----- (a) garbage notations and hand-made action values ---------------------------------------------
GARBAGE_NOTATIONS = [
    "", " ", "\n\t", "x" * 2000, "9" * 5000, "-" + "9" * 5000, "1" * 999, "\x00", "a\x00b", "ü☃𝄞", "ﬁ",
    "[" * 500 + "]" * 500, "{" * 300, "((((()))))", "None", "null", "{}", "@", "1@", "@,", "-1@-1,-1",
    "draw " + "9" * 990, "bid 1: " + "R1 " * 300, "bid 1: " + "R1 " * 199, "draw " + "9" * 40, "turn in " + "X" * 900, "pass pass", "place 1 at",
]

#: values no field of any action accepts (no type and size fits them)
NEVER = [None, 2 ** 70, -(2 ** 70), 10 ** 5000, "x" * 5000, (None,), (None, None, None), 1.5, [1], {}, b"1"]
#: well-typed or nearly: the game decides, the same way in why_illegal, explain and apply
EDGY = [True, False, 0, -1, -(2 ** 31), 2 ** 31 - 1, "", "Q9", "R", (), ("R",), ("Q9",), ("R1",) * 300, (0,),
        ("",), ("x" * 300,)]


def _filler(annotation: str, module):
    """A plausible value for a field declared ``annotation`` (a hand-made action's other fields)."""
    if annotation == "int":
        return 1
    if annotation == "bool":
        return False
    if annotation == "str":
        return "R1"
    if annotation.startswith("tuple"):
        return ()
    cls = getattr(module, annotation, None)
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        return _build(cls, {f.name: _filler(f.type, module) for f in dataclasses.fields(cls)})
    return None


def _build(cls, values: dict):
    """``cls(**values)`` as a frozen dataclass would hold them, past any checks of its own."""
    try:
        return cls(**values)
    except Exception:  # noqa: BLE001 - a constructor that checks: make the value by hand anyway
        obj = object.__new__(cls)
        for name, v in values.items():
            object.__setattr__(obj, name, v)
        return obj


def hand_made(rules, s) -> list[tuple[object, bool]]:
    """``(action value, must be refused)``: every action type with each field garbage (all at once,
    and one at a time beside plausible values or a legal action's own), nested values included."""
    import sys

    legal = rules.legal_actions(s)
    out = []
    for cls in rules.action_types:
        fields = dataclasses.fields(cls)
        if not fields:
            out.append((_build(cls, {}), False))
            continue
        module = sys.modules[cls.__module__]
        base = next((a for a in legal if type(a) is cls), None)
        plain = {f.name: getattr(base, f.name) if base else _filler(f.type, module) for f in fields}
        for v in NEVER:
            out.append((_build(cls, dict.fromkeys(plain, v)), True))
        for f in fields:
            nested = getattr(module, f.type, None) if isinstance(f.type, str) else None
            for v in NEVER + EDGY:
                out.append((_build(cls, dict(plain, **{f.name: v})), v in NEVER and type(v) is not bool))
                if isinstance(nested, type) and dataclasses.is_dataclass(nested):
                    inner = plain[f.name]
                    for g in dataclasses.fields(nested):  # ScoreRun(Run("X", ...)), ScoreRun(Run(None, ...))
                        out.append((_build(cls, dict(plain, **{f.name: _build(nested, {
                            **{h.name: getattr(inner, h.name, None) for h in dataclasses.fields(nested)},
                            g.name: v})})), v in NEVER and type(v) is not bool))
    return out


def _name(a) -> str:
    """A hand-made action written out (short, even with a 5 000-digit number inside)."""
    if dataclasses.is_dataclass(a):
        return f"{type(a).__name__}({', '.join(_name(v) for v in vars(a).values())})"
    return show(a)


def _answers(rules, s, a, what: str) -> None:
    """why_illegal, explain and apply agree on ``a`` and only refuse with ValueErrors, quickly; ``s``
    is unchanged."""
    before = s.to_dict()
    why, t1 = timed(rules.why_illegal, s, a)
    expl, t2 = timed(rules.explain, s, a)
    after, t3 = timed(rules.apply, s, a)
    for name, out, t in (("why_illegal", why, t1), ("explain", expl, t2), ("apply", after, t3)):
        if isinstance(out, Exception):
            assert isinstance(out, ValueError), f"{what}: {name} raised {type(out).__name__}: {str(out)[:300]}"
            assert len(str(out)) < LONGEST, f"{what}: {name}'s message has {len(str(out))} characters"
        assert t < QUICK, f"{what}: {name} took {t:.2f} s"
    assert not isinstance(why, Exception), f"{what}: why_illegal raised instead of answering a Refusal: {why}"
    assert s.to_dict() == before, f"{what}: the state changed"
    if why is None:
        assert not isinstance(expl, Exception) and expl.legal, f"{what}: legal for why_illegal, not for explain"
        assert not isinstance(after, Exception), f"{what}: legal for why_illegal, apply raised {after}"
    else:
        assert isinstance(why, Refusal) and why.text and len(why.text) < LONGEST, f"{what}: {why!r:.300}"
        assert isinstance(expl, ValueError) or not expl.legal, f"{what}: refused by why_illegal, explained as legal"
        assert isinstance(after, ValueError), f"{what}: refused by why_illegal ({why.text}), applied by apply"


@pytest.mark.parametrize("game", GAMES)
def test_garbage_notations_are_refused_the_same_way_everywhere(game):
    rules = gardenkit.make(game)
    for s in sample(game):
        legal = [str(a) for a in rules.legal_actions(s)[:3]]
        texts = GARBAGE_NOTATIONS + [t + suffix for t in legal for suffix in ("\x00", " " + "9" * 5000, "☃")]
        texts += [t * 30 for t in legal]
        for text in texts:
            what = f"{game} {rules.current_player(s)!r}: notation {text[:40]!r}"
            _answers(rules, s, text, what)
            assert rules.why_illegal(s, text) is not None, f"{what} was accepted"


@pytest.mark.parametrize("game", _games("hand_made"))
def test_hand_made_action_values_are_refused_the_same_way_everywhere(game):
    rules = gardenkit.make(game)
    seen = refused = 0
    for s in sample(game):
        for a, must_refuse in hand_made(rules, s):
            what = f"{game} {rules.current_player(s)!r}: {_name(a)}"
            _answers(rules, s, a, what)
            seen += 1
            if must_refuse:
                assert rules.why_illegal(s, a) is not None, f"{what} was accepted"
                refused += 1
    assert seen > 100 and refused > 50


# ----- (b) oversized and nested saves ----------------------------------------------------------------
@functools.cache
def _deep(n: int):
    """``n`` lists, each inside the next (built once per size and shared: from_dict must not change
    its input, and building 100 000 of them again for every case took seconds of the collector's
    time walking the chain)."""
    v: list = []
    for _ in range(n):
        v = [v]
    return v


def _spread(items: list, n: int) -> list:
    step = max(1, len(items) // n)
    return items[::step][:n]


def _lists_at(d, what: str):
    """The list a "40 000 items at [path]" case put in ``d`` (to see it is still there, whole)."""
    return [(what, value_at(d, json.loads(what[len("40 000 items at "):].replace("'", '"'))))]


def _saves(game: str) -> list[dict]:
    all_ = states(game)
    return [json_save(s) for s in (all_[len(all_) // 3], all_[-1])]


@pytest.mark.parametrize("game", _games("oversized"))
def test_oversized_and_nested_saves_are_refused_quickly_and_briefly(game):
    rules = gardenkit.make(game)
    for saved in _saves(game):
        text = json.dumps(saved)
        cases = {
            "100 000 nested lists (text)": "[" * 100_000 + "]" * 100_000,
            "100 000 nested lists (value)": _deep(100_000),
            "100 000 nested objects (text)": '{"a":' * 100_000 + "1" + "}" * 100_000,
            "a save holding 100 000 nested lists": dict(saved, extra=_deep(100_000)),
            "a 5 000-digit number (text)": text[:-1] + ', "n": ' + "7" * 5000 + "}",
            "a 3 MB save": text[:-1] + ', "pad": "' + "x" * 3_000_000 + '"}',
        }
        ints = [p for p in save_paths(saved) if type(value_at(saved, p)) is int]
        for path in _spread(ints, 6):
            cases[f"a 5 000-digit number at {list(path)}"] = replaced(saved, path, 10 ** 5000)
            cases[f"-2**70 at {list(path)}"] = replaced(saved, path, -(2 ** 70))
            cases[f"a 100 000-deep list at {list(path)}"] = replaced(saved, path, _deep(100_000))
        for path in _spread([p for p in save_paths(saved) if isinstance(value_at(saved, p), list)], 25):
            listed = value_at(saved, path)
            item = listed[0] if listed else 0
            cases[f"40 000 items at {list(path)}"] = replaced(saved, path, [item] * 40_000)
        for what, bad in cases.items():
            unchanged = copy.deepcopy(bad) if not isinstance(bad, str) and "0 000" not in what else None
            msg = refused_clearly(timed(rules.from_dict, bad), f"{game}: {what}")
            assert "Traceback" not in msg and "object at 0x" not in msg
            if unchanged is not None:
                assert bad == unchanged, f"{game}: {what}: from_dict changed its input"
            elif isinstance(bad, dict) and what.startswith("40 000"):
                assert all(len(v) == 40_000 for k, v in _lists_at(bad, what)), f"{game}: {what}: input changed"


# ----- (c) bad setups ---------------------------------------------------------------------------------
BAD_PLAYERS = [0, -1, 99, 10 ** 5000, "2", True, False, 2.5, [2], {}]
BAD_SEEDS = [-1, 2 ** 64, -(2 ** 70), 10 ** 5000, "1", True, False, 1.5, None, [1]]


def _wrong_values(default) -> list:
    if isinstance(default, bool):
        return [1, 0, "yes", None, [True], 1.5]
    if isinstance(default, int):
        return [True, "1", 1.5, None, -1, 10 ** 30, 10 ** 5000, [0]]
    return [None, 5, True, [default], {"a": 1}, 10 ** 5000]


@pytest.mark.parametrize("game", GAMES)
def test_bad_setups_are_refused_with_a_value_error(game):
    rules = gardenkit.make(game)
    n = rules.info.min_players
    for players in BAD_PLAYERS:
        refused_clearly(timed(rules.initial_state, players=players, seed=0), f"{game}: players={show(players)}")
    for seed in BAD_SEEDS:
        refused_clearly(timed(rules.initial_state, players=n, seed=seed), f"{game}: seed={show(seed)}")
    refused_clearly(timed(rules.initial_state, players=n, seed=0, no_such_option=1), f"{game}: unknown option")
    for name, opt in rules.info.options.items():
        for bad in _wrong_values(opt.default):
            refused_clearly(timed(rules.initial_state, players=n, seed=0, **{name: bad}), f"{game}: {name}={show(bad)}")
    assert rules.initial_state(players=n, seed=2 ** 64 - 1) != rules.initial_state(players=n, seed=0)


# ----- (d) chance where there is none; timelines ----------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_chance_is_refused_where_a_player_acts_or_the_game_is_over(game):
    rules = gardenkit.make(game)
    over = states(game)[-1]
    mine = next(s for s in states(game) if isinstance(rules.current_player(s), int))
    for s, who in ((over, "over"), (mine, "a player's turn")):
        before = s.to_dict()
        for call in (rules.sample_chance, rules.step_chance):
            e = refused_clearly(timed(call, s), f"{game}: {call.__name__} at {who}")
            assert "not a chance" in e
        assert rules.chance_outcomes(s) == () and s.to_dict() == before
    t = Timeline(rules, mine)
    with pytest.raises(IllegalActionError, match=r"player \d+ is to act, not chance; nothing was played"):
        t.step_chance()
    assert t.actions == [] and t.state is mine
    t = Timeline(rules, over)
    with pytest.raises(IllegalActionError, match="the game is over; nothing was played"):
        t.step_chance()
    assert t.actions == []


def _timeline(game: str) -> Timeline:
    rules = gardenkit.make(game)
    t = Timeline(rules, rules.initial_state(players=rules.info.min_players, seed=4))
    t.advance_chance()
    for _ in range(3):
        if isinstance(rules.current_player(t.state), int):
            t.play(rules.legal_actions(t.state)[0])
            t.advance_chance()
    return t


@pytest.mark.parametrize("game", GAMES)
def test_timeline_positions_and_saves_of_garbage_are_refused_clearly(game):
    rules = gardenkit.make(game)
    t = _timeline(game)
    n = len(t.actions)
    for bad in (True, False, "1", 1.0, None, -1, n + 1, 10 ** 30, 10 ** 5000, [0]):
        with pytest.raises(MalformedInputError, match="timeline position is a whole number"):
            t.goto(bad)
        assert t.position == n
    t.goto(0)
    assert t.state == t.initial
    t.goto(n)
    saved = t.to_dict()
    assert Timeline.from_dict(rules, json.loads(json.dumps(saved))).states() == t.states()
    cases = {
        "a list": [saved], "None": None, "a text": json.dumps(saved), "no initial": {"actions": []},
        "no actions": {"initial": saved["initial"]},
        "another game": dict(saved, game=next((g for g in GAMES if g != game), "chess")),
        "initial garbage": dict(saved, initial=[1, 2]), "initial of another game": dict(saved, initial={"game": "x"}),
        "actions a text": dict(saved, actions="draw 1"), "actions a dict": dict(saved, actions={"a": 1}),
        "actions of None": dict(saved, actions=[None] * 5), "actions of lists": dict(saved, actions=[["x"]] * 3),
        "actions of numbers": dict(saved, actions=[10 ** 5000]), "a move of garbage": dict(saved, actions=["\x00"]),
        "a long move": dict(saved, actions=["9" * 5000]), "100 000 actions": dict(saved, actions=["x"] * 100_000),
        "a move that is not legal": dict(saved, actions=saved["actions"][:-1] + saved["actions"][:1] * 3),
        "actions nested deep": dict(saved, actions=_deep(100_000)),
    }
    for bad in (True, False, "1", "", 1.5, None, -1, n + 1, 10 ** 30, 10 ** 5000, [0], {}):
        cases[f"position {show(bad)}"] = dict(saved, position=bad)
    for what, bad in cases.items():
        msg = refused_clearly(timed(Timeline.from_dict, rules, bad), f"{game}: timeline {what}")
        assert isinstance(timed(Timeline.from_dict, rules, bad)[0], MalformedInputError), f"{game}: {what}: {msg}"


# ----- (e) component files that are no files -----------------------------------------------------------
def _component_options(rules) -> list[str]:
    names = [name for name in rules.info.options if name in ("components", "deck")]
    if "deck" not in names:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:  # the legacy name, where a game still takes it
                rules.initial_state(players=rules.info.min_players, seed=0,
                                    deck=rules.info.options["components"].default)
                names.append("deck")
            except (ValueError, KeyError, TypeError):
                pass
    return names


def _in_time(call, seconds: float):
    """Run ``call`` in a thread: ``(result or exception, seconds)``, or fail if it is still running."""
    box: list = []
    worker = threading.Thread(target=lambda: box.append(timed(call)), daemon=True)
    worker.start()
    worker.join(seconds)
    return box[0] if box else None


COMPONENT_OPTION_GAMES = [g for g in GAMES if "components" in gardenkit.make(g).info.options]


@pytest.mark.parametrize("game", COMPONENT_OPTION_GAMES)
def test_component_paths_that_are_no_component_files_are_refused_quickly(game, tmp_path):
    rules = gardenkit.make(game)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    big.write_text('{"pad": "' + "x" * 3_000_000 + '"}')
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    huge_number = tmp_path / "number.json"
    huge_number.write_text('{"n": ' + "7" * 5000 + "}")
    paths = {"a NUL byte": "cards\x00.json", "/dev/zero": "/dev/zero", "a FIFO": str(fifo), "a folder": str(tmp_path),
             "a 3 MB file": str(big), "a missing file": str(tmp_path / "missing.json"), "nested lists": str(nested),
             "a 5 000-digit number": str(huge_number), "an empty path": "", "a 5 000-character path": "x" * 5000}
    try:
        for name in _component_options(rules):
            for what, path in paths.items():
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    out = _in_time(lambda: rules.initial_state(players=rules.info.min_players, seed=0, **{name: path}),
                                   QUICK + 1)
                assert out is not None, f"{game}: {name}={what}: still running after {QUICK + 1} s"
                refused_clearly(out, f"{game}: {name}={what}")
    finally:  # a reader stuck on the FIFO (if any) gets its end of file
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
