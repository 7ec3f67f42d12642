"""The conformance check every game's tests run, golden playthroughs, and the pieces of the
robustness tests: saves edited at random, refusals checked, states played on to the end.

>>> import gardenkit
>>> from gardenkit.testing import check_game
>>> report = check_game(gardenkit.make("samurai_gardener"), seeds=[1], players=[2])
>>> report["games"], report["ended"]
(1, 1)
"""
from __future__ import annotations

import copy
import dataclasses
import json
import re
import time

from .bots import RandomBot
from .core import CHANCE, Rng, IllegalActionError, MalformedInputError, Refusal, Target

#: What "quickly" means in the robustness tests: a refusal or a worst case answered within this many
#: seconds. The bugs these tests guard against took 11 s to minutes; the fixed code answers in
#: milliseconds, so the bound is generous for a loaded 2-core machine (figures are in benchmarks/,
#: not in timed tests). ``GARDENKIT_QUICK_SECONDS`` changes it.
QUICK_SECONDS = float(__import__("os").environ.get("GARDENKIT_QUICK_SECONDS", "5"))



def full_checks(environ=None) -> bool:
    """True when ``GARDENKIT_FULL_CHECKS`` is 1/true/yes/on: the long checks run at their full size
    (``make bench`` does, through ``benchmarks/bench_full_checks.py``); else the test suite runs a sample.

    >>> full_checks({}), full_checks({"GARDENKIT_FULL_CHECKS": "1"})
    (False, True)
    """
    env = __import__("os").environ if environ is None else environ
    return env.get("GARDENKIT_FULL_CHECKS", "").strip().lower() in {"1", "true", "yes", "on"}


def sized(sample: int, full: int, environ=None) -> int:
    """How many cases a long check runs: ``sample`` in the test suite (what CI runs, the same cases
    every run), ``full`` when :func:`full_checks` (the sweep ``make bench`` runs).

    >>> sized(500, 2000, {}), sized(500, 2000, {"GARDENKIT_FULL_CHECKS": "yes"})
    (500, 2000)
    """
    return full if full_checks(environ) else sample


_BAD_ACTIONS = (None, 42, 3.5, object(), ["x"], {"a": 1}, "", "garbage!!", "@@@", "\x00")
_BAD_SAVES = ("", "not json", "[]", "{}", '{"game": "another"}', "null", b"\xff\xfe")


def _snapshot(s) -> str:
    return json.dumps(s.to_dict(), sort_keys=True)


def check_state(rules, s, *, explain_limit: int = 40) -> None:
    """Every contract promise that can be checked on one state."""
    snap = _snapshot(s)
    # exact round trip, through JSON text too
    assert rules.from_dict(s.to_dict()) == s, "from_dict(to_dict(s)) != s"
    assert rules.from_dict(json.loads(json.dumps(s.to_dict()))) == s, "JSON round trip lost something"
    player = rules.current_player(s)
    actions = rules.legal_actions(s)
    assert list(actions) == sorted(actions, key=_key), "legal actions are not sorted"
    assert len(set(actions)) == len(actions), "legal actions repeat"
    if player is None:
        assert rules.is_terminal(s) and not actions and rules.outcome(s) is not None
    else:
        assert actions, "a live state with no legal action"
        assert rules.outcome(s) is None
    # notation round trip
    for a in actions:
        assert rules.parse_action(s, str(a)) == a, f"notation round trip failed for {a}"
    # explanations: a sample spread over the list, always the first and last
    step = max(1, len(actions) // explain_limit)
    for a in actions[::step] + actions[-1:]:
        e = rules.explain(s, a)
        assert e.legal and rules.why_illegal(s, a) is None, f"legal action {a} explained as illegal"
        assert e.points == sum(line.points for line in e.lines), f"explanation of {a} does not add up"
        for rule in e.rules:
            assert rule in rules.info.rules, f"explanation cites unknown rule id {rule}"
    # bad input: clear ValueError, state untouched
    for bad in _BAD_ACTIONS:
        try:
            rules.apply(s, bad)
        except ValueError as e:
            assert str(e), "an error without a message"
        else:
            raise AssertionError(f"apply accepted malformed action {bad!r}")
    for bad in _BAD_SAVES:
        try:
            rules.from_dict(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"from_dict accepted {bad!r}")
    # scores and breakdowns agree
    for p in range(len(rules.scores(s))):
        assert sum(line.points for line in rules.score_breakdown(s, p)) == rules.scores(s)[p]
        for line in rules.score_breakdown(s, p):
            assert line.rule in rules.info.rules, f"score line cites unknown rule {line.rule}"
    # chance: choosing the seeded outcome by hand is the same as step_chance
    if player is CHANCE:
        outcomes = rules.chance_outcomes(s)
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        picked, _ = rules.sample_chance(s)
        assert rules.apply(s, picked) == rules.step_chance(s)
    # observe never reveals the seed of a hidden order, and never crashes; the position in words
    # (a board's text alternative) is read from that observation only: nothing hidden is said
    for p in range(len(rules.scores(s))):
        seen = rules.observe(s, p)
        words = rules.describe(s, p)
        assert words and all(isinstance(w, str) and w.strip() for w in words), "describe said nothing"
        assert rules.describe(seen, p) == words, f"describe(s, {p}) says more than observe(s, {p}) shows"
    assert _snapshot(s) == snap, "a call changed the state"


def check_targets(rules, s, selection=None) -> int:
    """The ``rules.targets(s, selection)`` contract on one state (``selection`` None: the game's
    default, nothing picked); returns how many targets it checked.

    A legal target is a legal action (its notation read back) worth ``action_points``, with no
    reason; a refused one carries a :class:`~gardenkit.Refusal` citing one of the game's rule
    ids, the one ``why_illegal`` gives for its action. With no player to act nothing is legal.

    >>> import gardenkit
    >>> rules = gardenkit.make("samurai_gardener")
    >>> s = rules.initial_state(players=2, seed=1)
    >>> while rules.current_player(s) is gardenkit.CHANCE:
    ...     s = rules.step_chance(s)
    >>> check_targets(rules, s, (s.lineup[0], False)) > 0   # a line-up card picked, upright
    True
    """
    snap = _snapshot(s)
    targets = rules.targets(s) if selection is None else rules.targets(s, selection)
    assert isinstance(targets, tuple) and all(isinstance(t, Target) for t in targets), "targets are Target values"
    if not isinstance(rules.current_player(s), int):
        assert not any(t.legal for t in targets), "a legal target when no player is to act"
    legal = set(rules.legal_actions(s))
    for t in targets:
        if t.legal:
            action = rules.parse_action(s, t.action)
            assert action in legal, f"target {t.action} is not a legal action"
            assert t.reason is None and rules.why_illegal(s, t.action) is None, f"legal target {t.action} has a reason"
            points = rules.action_points(s, action)
            assert t.points == points, f"target {t.action} says {t.points} points, action_points says {points}"
        else:
            assert isinstance(t.reason, Refusal), f"refused target {t.action} has no Refusal"
            assert t.reason.rule in rules.info.rules, f"refused target {t.action} cites {t.reason.rule!r}"
            why = rules.why_illegal(s, t.action)
            assert why == t.reason and why.rule == t.reason.rule, f"target {t.action}: {t.reason!r}, why_illegal: {why!r}"
    assert _snapshot(s) == snap, "targets changed the state"
    return len(targets)


def _key(a):
    key = getattr(a, "sort_key", None)
    return key() if key else str(a)


# ----- seeded play, every state checked ----------------------------------------------------------------

#: The kinds of broken promise :func:`play_checked` finds (a :class:`PlayFailure`'s ``kind``).
SETUP_RAISED = "setup raised"              # initial_state raised
SAVE_FAILED = "save failed"                # to_dict raised, or gave what JSON cannot write
SAVE_REFUSED = "save refused"              # from_dict refused (or raised on) the JSON of to_dict
ROUND_TRIP_DIFFERS = "round trip differs"  # from_dict(json of to_dict(s)) loaded, but != s
RULES_RAISED = "rules raised"              # current_player, is_terminal, legal_actions or outcome raised
NO_LEGAL_ACTION = "no legal action"        # a live state with no legal action
END_BROKEN = "end broken"                  # a finished game with legal actions, not terminal, or no outcome
NOTATION_DIFFERS = "notation differs"      # parse_action(s, str(a)) != a for the action drawn
APPLY_RAISED = "apply raised"              # apply (or step_chance) raised on a legal action
APPLY_CHANGED_INPUT = "apply changed its input"
CHECK_FAILED = "contract check failed"     # check_state (every check_every-th state and the end) failed
NOT_DETERMINISTIC = "same seed, different game"
NO_END = "no end"                          # still going after max_steps moves

#: Every kind, in the order a report lists them.
PLAY_FAILURE_KINDS = (SETUP_RAISED, SAVE_FAILED, SAVE_REFUSED, ROUND_TRIP_DIFFERS, RULES_RAISED, NO_LEGAL_ACTION, END_BROKEN,
                      NOTATION_DIFFERS, APPLY_RAISED, APPLY_CHANGED_INPUT, CHECK_FAILED, NOT_DETERMINISTIC, NO_END)

#: Kinds after which the game cannot go on (the others are noted and play continues).
_FATAL = {SETUP_RAISED, RULES_RAISED, NO_LEGAL_ACTION, END_BROKEN, APPLY_RAISED, CHECK_FAILED, NO_END}


class PlayFailure(AssertionError):
    """A promise broken in seeded play: ``kind`` (one of :data:`PLAY_FAILURE_KINDS`), the game,
    ``players``, ``seed``, ``options``, ``step`` (how many moves and chance steps were played before
    the state it was found in), ``action`` (the notation of the move that led there: None at the
    start, ``"chance"`` after a chance step; for :data:`APPLY_RAISED` and the like, the move being
    played) and ``error`` (what was raised or found). ``str()`` says all of it, to reproduce it.

    >>> str(PlayFailure(SAVE_REFUSED, game="tanuki", players=2, seed=7, step=12, action="play T3",
    ...                 error="MalformedInputError: deck is not a list"))
    'save refused: tanuki, 2 players, seed 7, step 12 (after play T3): MalformedInputError: deck is not a list'
    """

    def __init__(self, kind: str, *, game: str, players: int, seed: int, step: int, action=None, error="",
                 options=None):
        self.kind, self.game, self.players, self.seed, self.step = kind, game, players, seed, step
        self.action, self.error, self.options = action, str(error), dict(options or {})
        opts = f", options {json.dumps(self.options, sort_keys=True)}" if self.options else ""
        after = "the start" if action is None else action
        super().__init__(f"{kind}: {game}, {players} players{opts}, seed {seed}, step {step} (after {after}): "
                         f"{self.error[:600]}")

    def __reduce__(self):  # keyword arguments: pickled (to another process) by what they were
        return _play_failure, (self.kind, dict(game=self.game, players=self.players, seed=self.seed, step=self.step,
                                               action=self.action, error=self.error, options=self.options))


def _play_failure(kind, kwargs):
    return PlayFailure(kind, **kwargs)


def _error(e: BaseException) -> str:
    return f"{type(e).__name__}: {str(e)[:500]}"


def differing_fields(a, b) -> list[str]:
    """The names of the fields where two states (dataclasses) differ; ``[]`` if they are equal or
    not dataclasses alike.

    >>> import gardenkit, dataclasses
    >>> s = gardenkit.make("samurai_gardener").initial_state(players=2, seed=1)
    >>> differing_fields(s, dataclasses.replace(s, round=5))
    ['round']
    """
    if not (dataclasses.is_dataclass(a) and type(a) is type(b)):
        return []
    return [f.name for f in dataclasses.fields(a) if getattr(a, f.name) != getattr(b, f.name)]


def bot_choice(seed: int):
    """``choose(s, actions)`` drawing as ``RandomBot(seed)`` does (the draws of :func:`random_game`)."""
    rng = Rng.from_seed(seed)

    def choose(s, actions):
        nonlocal rng
        i, rng = rng.below(len(actions))
        return actions[i]

    return choose


def play_checked(rules, players: int, seed: int, options=None, *, choose=None, max_steps: int = 20_000,
                 round_trip: bool = True, check_every: int = 0, check_end: bool = True, check_input: bool = True,
                 on_failure=None):
    """Play a seeded game and check every state reached; yields ``(step, action, state, save)`` for
    each (``action``: the notation of the move that led there, None at the start, ``"chance"`` after
    a chance step; ``save``: the state's ``to_dict()`` as JSON text, keys sorted).

    Moves are ``choose(s, legal_actions)`` (default :func:`bot_choice` of ``seed``); chance nodes
    are resolved with ``rules.step_chance``. On every state: its save is JSON text and (if
    ``round_trip``) loads back through ``json.loads`` and ``rules.from_dict`` equal to it; a live
    state has legal actions, a finished one none, and an outcome; the move drawn reads back from its
    notation, ``apply`` plays it without raising or changing its input (``check_input=False`` leaves
    that last check out: a replay of a game already checked). :func:`check_state` runs on every
    ``check_every``-th state (0: never) and, if ``check_end``, on the last.

    A broken promise raises a :class:`PlayFailure`, or, given ``on_failure``, is passed to it: play
    goes on after a failure of the save or the notation, and stops after the others.

    >>> import gardenkit
    >>> rules = gardenkit.make("samurai_gardener")
    >>> steps = list(play_checked(rules, 2, 1))
    >>> steps[0][:2], rules.is_terminal(steps[-1][2])
    ((0, None), True)
    """
    game = rules.info.id

    def failed(kind, error, step, action):
        failure = PlayFailure(kind, game=game, players=players, seed=seed, step=step, action=action, error=error,
                              options=options)
        if on_failure is None:
            raise failure
        on_failure(failure)
        return kind in _FATAL

    choose = choose or bot_choice(seed)
    try:
        s = rules.initial_state(players=players, seed=seed, **(options or {}))
    except Exception as e:  # noqa: BLE001
        failed(SETUP_RAISED, _error(e), 0, None)
        return
    action = None
    for step in range(max_steps + 1):
        loads = True  # False once this state's save is found broken (check_state would find it again)
        try:
            save = json.dumps(s.to_dict(), sort_keys=True)
        except Exception as e:  # noqa: BLE001 - reported with where it happened
            save, loads = None, False
            failed(SAVE_FAILED, _error(e), step, action)
        if round_trip and save is not None:
            try:
                back = rules.from_dict(json.loads(save))
            except Exception as e:  # noqa: BLE001
                loads = False
                failed(SAVE_REFUSED, _error(e), step, action)
            else:
                if back != s:
                    loads = False
                    fields = differing_fields(s, back)
                    failed(ROUND_TRIP_DIFFERS, f"fields {', '.join(fields)}" if fields else "the states differ",
                           step, action)
        try:
            player = rules.current_player(s)
            over = rules.is_terminal(s)
            actions = rules.legal_actions(s) if player is not CHANCE else None
            outcome = rules.outcome(s)
        except Exception as e:  # noqa: BLE001
            failed(RULES_RAISED, _error(e), step, action)
            return
        if player is None:
            if not over or actions or outcome is None:
                failed(END_BROKEN, f"terminal {over}, {len(actions)} legal actions, outcome {outcome!r:.100}",
                       step, action)
                return
        elif over or outcome is not None:
            failed(END_BROKEN, f"player {player} to act, yet terminal {over}, outcome {outcome!r:.100}", step, action)
            return
        elif player is not CHANCE and not actions:
            failed(NO_LEGAL_ACTION, f"player {player} to act", step, action)
            return
        if loads and ((check_every and step % check_every == 0) or (check_end and player is None)):
            try:
                check_state(rules, s)
            except Exception as e:  # noqa: BLE001
                failed(CHECK_FAILED, _error(e), step, action)
                return
        yield step, action, s, save
        if player is None:
            return
        if step == max_steps:
            break
        if player is CHANCE:
            a, text = None, "chance"
        else:
            a = choose(s, actions)
            text = str(a)
            try:
                again = rules.parse_action(s, text)
            except Exception as e:  # noqa: BLE001
                again = e
            if again != a:
                failed(NOTATION_DIFFERS, f"{text!r} reads back as {again!r:.200}", step, text)
        try:
            nxt = rules.step_chance(s) if a is None else rules.apply(s, a)
        except Exception as e:  # noqa: BLE001
            failed(APPLY_RAISED, _error(e), step, text)
            return
        if check_input and save is not None and json.dumps(s.to_dict(), sort_keys=True) != save:
            failed(APPLY_CHANGED_INPUT, "the state it was given differs after the call", step, text)
        s, action = nxt, text
    failed(NO_END, f"the game did not end in {max_steps} steps", max_steps, action)


def random_game(rules, players: int, seed: int, options=None, *, check_every: int = 0, max_steps: int = 20_000,
                round_trip: bool = False):
    """Play a seeded random game (``RandomBot(seed)``'s moves); returns the list of states.

    Every state is checked as :func:`play_checked` does (its save loaded back only if
    ``round_trip``); ``check_every`` runs :func:`check_state` on every so many, and the last always.
    """
    return [s for _, _, s, _ in play_checked(rules, players, seed, options, max_steps=max_steps,
                                             round_trip=round_trip, check_every=check_every)]


def check_game(rules, *, seeds=(0, 1, 2), players=None, options=None, check_every: int = 7) -> dict:
    """Run the shared conformance check; raises AssertionError naming the broken promise.

    For each player count (default: every one the game allows, ``min_players`` to ``max_players``)
    and seed, a seeded random game where every state reached saves and loads back equal through
    JSON, and everything else :func:`play_checked` checks holds (:func:`check_state` on every
    ``check_every``-th state and the last); the same seed plays the same game again. A failure is a
    :class:`PlayFailure` saying where. The report counts games, ended games and states, and lists the
    player counts played.
    """
    players = tuple(players or range(rules.info.min_players, rules.info.max_players + 1))
    report = {"games": 0, "ended": 0, "states": 0, "players": players}
    assert rules.info.id and rules.info.rules, "a game needs an id and its rule ids"
    for p in players:
        for seed in seeds:
            played = list(play_checked(rules, p, seed, options, check_every=check_every))
            again = [save for *_, save in play_checked(rules, p, seed, options, round_trip=False, check_end=False,
                                                       check_input=False)]
            first = [save for *_, save in played]
            if first != again:
                step = next((i for i, (x, y) in enumerate(zip(first, again)) if x != y), min(len(first), len(again)))
                raise PlayFailure(NOT_DETERMINISTIC, game=rules.info.id, players=p, seed=seed, step=step,
                                  action=played[min(step, len(played) - 1)][1], options=options,
                                  error=f"{len(first)} then {len(again)} states; the first differing is step {step}")
            report["games"] += 1
            report["ended"] += rules.is_terminal(played[-1][2])
            report["states"] += len(played)
    # out-of-range setup is refused clearly
    for bad in (rules.info.min_players - 1, rules.info.max_players + 1, "two", 2.0):
        try:
            rules.initial_state(players=bad, seed=0)
        except ValueError:
            pass
        else:
            raise AssertionError(f"initial_state accepted players={bad!r}")
    try:
        rules.initial_state(players=rules.info.min_players, seed=0, no_such_option=True)
    except ValueError:
        pass
    else:
        raise AssertionError("initial_state accepted an unknown option")
    return report


def playthrough(rules, *, players: int, seed: int, options=None, bots=None) -> str:
    """A readable record of a seeded game: every action, its points and the scores after it."""
    from .bots import GreedyBot

    options = options or {}
    bots = bots or [GreedyBot(seed + i) for i in range(players)]
    s = rules.initial_state(players=players, seed=seed, **options)
    lines = [
        f"game: {rules.info.id}",
        f"players: {players}",
        f"seed: {seed}",
        f"options: {json.dumps(options, sort_keys=True)}",
        f"bots: {', '.join(type(b).__name__ for b in bots)}",
        "",
    ]
    while True:
        player = rules.current_player(s)
        if player is None:
            break
        if player is CHANCE:
            a, _ = rules.sample_chance(s)
            who = "chance"
            pts = 0
        else:
            a = bots[player].choose(rules, s)
            who = f"p{player + 1}"
            pts = rules.explain(s, a).points
        s = rules.apply(s, a)
        scores = " ".join(str(v) for v in rules.scores(s))
        lines.append(f"{who:6} {str(a):28} {pts:+3d}   scores: {scores}")
    out = rules.outcome(s)
    lines += ["", f"winners: {', '.join(f'p{w + 1}' for w in out.winners)}", f"scores: {list(out.scores)}",
              f"reason: {out.reason}", f"state: {json.dumps(s.to_dict(), sort_keys=True)}"]
    return "\n".join(lines) + "\n"


def playthrough_header(text: str) -> dict:
    """The ``key: value`` lines at the top of a playthrough (game, players, seed, options, bots)."""
    return dict(line.split(": ", 1) for line in text.split("\n\n", 1)[0].splitlines())


def check_playthrough(rules, text: str, name: str = "the playthrough") -> None:
    """A golden playthrough still plays out exactly as recorded, and its moves alone (no bots)
    rebuild the recorded final state, a finished game."""
    header = playthrough_header(text)
    fresh = playthrough(rules, players=int(header["players"]), seed=int(header["seed"]),
                        options=json.loads(header["options"]))
    assert fresh == text, f"{name} changed: run `python tests/playthroughs/regenerate.py` and read the diff"
    final = replay_playthrough(rules, text)
    state_line = next(line for line in text.splitlines() if line.startswith("state: "))
    assert json.dumps(final.to_dict(), sort_keys=True) == state_line[len("state: "):]
    assert rules.is_terminal(final)


def replay_playthrough(rules, text: str):
    """Replay a playthrough file's actions with no bots; returns the final state (checks every move)."""
    header = playthrough_header(text)
    s = rules.initial_state(players=int(header["players"]), seed=int(header["seed"]), **json.loads(header["options"]))
    body = text.split("\n\n", 2)[1]
    for row in body.splitlines():
        parts = row.split()
        cut = parts.index("scores:")
        action_text = " ".join(parts[1:cut - 1])
        try:
            s = rules.apply(s, action_text)
        except IllegalActionError as e:  # pragma: no cover - message for the failing test
            raise AssertionError(f"playthrough move {action_text!r} is refused: {e}") from None
        assert " ".join(str(v) for v in rules.scores(s)) == " ".join(parts[cut + 1:]), f"scores differ after {action_text}"
    return s


# ----- saves edited by hand, and playing on from what loads ----------------------------------------------

#: Values of every JSON type, edge numbers among them, that a careless or hostile edit may put
#: anywhere in a save (a game's tests add its own: rock names, tile ids, phases).
DEFAULT_ODD = (None, True, False, 0, -1, 1, 2, 5, 7, 63, 64, 65, 2**31, -2**40, 10**9, 2**70, 1.5, 2.5,
               "", "x", [], {}, [0], {"x": 1})

#: The kinds of edit :func:`edit_save` draws from (a kind listed twice is drawn twice as often).
EDIT_KINDS = ("replace", "nudge", "nudge", "drop", "duplicate", "wrap", "extra")

#: What an edit that does not fit the save it is given may raise (a field it expects is gone).
_MISFIT = (KeyError, IndexError, TypeError, AttributeError, ValueError)


def json_save(s) -> dict:
    """``s.to_dict()`` through JSON text: the dict a save file gives back.

    >>> import gardenkit
    >>> s = gardenkit.make("samurai_gardener").initial_state(players=2, seed=1)
    >>> json_save(s) == s.to_dict() and json_save(s) is not json_save(s)
    True
    """
    return json.loads(json.dumps(s.to_dict()))


def save_paths(obj, prefix: tuple = (), *, skip=()):
    """The path (a tuple of keys and indices) of every value inside ``obj``, a save's dicts and
    lists, each before the values inside it; not the root. ``skip``: dict keys left out, with all
    inside them.

    >>> list(save_paths({"a": [1, {"b": 2}], "c": 3}))
    [('a',), ('a', 0), ('a', 1), ('a', 1, 'b'), ('c',)]
    >>> list(save_paths({"a": [1], "components": {"x": 1}}, skip={"components"}))
    [('a',), ('a', 0)]
    """
    if isinstance(obj, dict):
        items = ((k, v) for k, v in obj.items() if k not in skip)
    elif isinstance(obj, list):
        items = enumerate(obj)
    else:
        return
    for key, value in items:
        yield prefix + (key,)
        yield from save_paths(value, prefix + (key,), skip=skip)


def value_at(obj, path):
    """The value at ``path`` (from :func:`save_paths`) inside ``obj``.

    >>> value_at({"a": [1, {"b": 2}]}, ("a", 1, "b"))
    2
    """
    for key in path:
        obj = obj[key]
    return obj


def replaced(obj, path, value):
    """A deep copy of ``obj`` with ``value`` at ``path`` (``obj`` is left as it is).

    >>> d = {"a": [1, 2]}
    >>> replaced(d, ("a", 0), None), d
    ({'a': [None, 2]}, {'a': [1, 2]})
    """
    obj = copy.deepcopy(obj)
    value_at(obj, path[:-1])[path[-1]] = value
    return obj


def nudge(value, rng):
    """A value near ``value``, of its type: a bool flipped; a whole number moved by one or two,
    doubled, negated, made -1 or 0, a million more, or something from -3 to 70; a text cut short,
    lengthened, doubled, reversed, in other case, or emptied. None for a value of another type
    (:func:`edit_save` then replaces it by an odd value).

    >>> import random
    >>> rng = random.Random(0)
    >>> nudge(True, rng), nudge(None, rng), type(nudge(7, rng)), type(nudge("R1", rng))
    (False, None, <class 'int'>, <class 'str'>)
    """
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice((value - 1, value + 1, value + 2, value - 2, -1, 0, -value, 2 * value + 1,
                           value + 10**6, rng.randint(-3, 70)))
    if isinstance(value, str):
        return rng.choice((value[:-1] if value else "?", value + "1", value + value, value[::-1],
                           value.lower(), value.upper(), ""))
    return None


def _brief(value) -> str:
    try:
        return f"{value!r:.60}"
    except ValueError:  # a number of thousands of digits
        return f"a {type(value).__name__} too large to write"


def edit_save(d, rng, *, odd=DEFAULT_ODD, kinds=EDIT_KINDS, nudges=nudge, skip=()) -> str:
    """One random edit of the save ``d``, in place, somewhere inside it; says what it did.

    A value (any of :func:`save_paths`) is replaced by one of ``odd`` (``replace``), moved a little
    (``nudge``: ``nudges(value, rng)``, a replacement where that gives None), dropped from its dict
    or list (``drop``), repeated in its list (``duplicate``), put in a list of its own (``wrap``),
    or given one more field or item (``extra``: a dict an ``"unexpected"`` key, a list a copy of
    one of its items or an odd value anywhere in it); a kind that does not fit the value is a
    replacement. The kind is drawn from ``kinds``.

    >>> import random
    >>> d = {"game": "x", "scores": [3, 4]}
    >>> edit_save(d, random.Random(5), kinds=("drop",), skip={"game"})
    "drop at ['scores', 1] (was 4)"
    >>> d
    {'game': 'x', 'scores': [3]}
    """
    path = rng.choice(list(save_paths(d, skip=skip)))
    parent = value_at(d, path[:-1])
    key, old = path[-1], parent[path[-1]]
    kind = rng.choice(kinds)
    new = nudges(old, rng) if kind == "nudge" else None
    if new is not None:
        parent[key] = new
    elif kind == "drop":
        del parent[key]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
    elif kind == "wrap":
        parent[key] = [old]
    elif kind == "extra" and isinstance(old, dict):
        old["unexpected"] = copy.deepcopy(rng.choice(odd))
    elif kind == "extra" and isinstance(old, list):
        item = rng.choice(old) if old and rng.random() < 0.5 else rng.choice(odd)
        old.insert(rng.randrange(len(old) + 1), copy.deepcopy(item))
    else:
        kind = "replace"
        parent[key] = copy.deepcopy(rng.choice(odd))
    return f"{kind} at {list(path)} (was {_brief(old)})"


def mutate_save(d, rng, *, edits=None, times=1, odd=DEFAULT_ODD, kinds=EDIT_KINDS, nudges=nudge,
                skip=()) -> tuple[dict, str]:
    """A deep copy of the save ``d`` with ``times`` random edits (a number, or numbers to draw
    from), and what they were; ``d`` is left as it is. Each edit is drawn from ``edits`` (a game's
    own, each ``edit(d, rng) -> str`` changing ``d`` in place); with none, each is an
    :func:`edit_save` with ``odd``, ``kinds``, ``nudges`` and ``skip``. An edit that does not fit
    the save (a ``KeyError``, ``IndexError``, ``TypeError``, ``AttributeError`` or ``ValueError``:
    a field it uses is gone) is reported as such, and the next one goes on.

    >>> import random
    >>> d = {"game": "x", "scores": [3, 4], "phase": "bid"}
    >>> edited, what = mutate_save(d, random.Random(1), times=(1, 2, 3), skip={"game"})
    >>> edited != d == {"game": "x", "scores": [3, 4], "phase": "bid"} and " at [" in what
    True
    """
    d = copy.deepcopy(d)
    what = []
    for _ in range(times if isinstance(times, int) else rng.choice(times)):
        try:
            if edits:
                what.append(rng.choice(edits)(d, rng))
            else:
                what.append(edit_save(d, rng, odd=odd, kinds=kinds, nudges=nudges, skip=skip))
        except _MISFIT:
            what.append("(an edit that did not apply)")
    return d, ", ".join(what)


_TOO_DEEP = object()


def _snapshot_input(d):
    """What ``d`` is now, to see that a call left it as it was: its JSON text (keys sorted), else (a
    value JSON cannot write: a number of thousands of digits, a tuple key) a deep copy; nested too
    deeply to copy, not looked at."""
    if isinstance(d, (str, bytes)):
        return d
    try:
        try:
            return json.dumps(d, sort_keys=True)
        except (TypeError, ValueError):
            return copy.deepcopy(d)
    except RecursionError:
        return _TOO_DEEP


def _unchanged(d, snapshot) -> bool:
    if snapshot is _TOO_DEEP:
        return True
    if isinstance(snapshot, str) and not isinstance(d, str):
        return _snapshot_input(d) == snapshot
    return d == snapshot


def refused_quickly(rules, d, match: str | None = None, *, seconds: float | None = None, max_len: int = 400) -> str:
    """``rules.from_dict(d)`` refuses ``d`` with a :class:`~gardenkit.MalformedInputError` within
    ``seconds`` (default :data:`QUICK_SECONDS`), its message (which ``match``, a regular expression, is searched in) shorter than
    ``max_len`` characters, and ``d`` unchanged; returns the message.

    >>> import gardenkit
    >>> rules = gardenkit.make("samurai_gardener")
    >>> d = json_save(rules.initial_state(players=2, seed=1))
    >>> d["round"] = 10**6
    >>> refused_quickly(rules, d, "round must be between")
    'round must be between 0 and 64, not 1000000'
    >>> refused_quickly(rules, json_save(rules.initial_state(players=2, seed=1)))
    Traceback (most recent call last):
    ...
    AssertionError: from_dict accepted it
    """
    before = _snapshot_input(d)
    t = time.perf_counter()
    try:
        rules.from_dict(d)
    except MalformedInputError as e:
        took, msg = time.perf_counter() - t, str(e)
    except Exception as e:  # noqa: BLE001 - a refusal is a MalformedInputError and nothing else
        raise AssertionError(f"from_dict raised {type(e).__name__}, not a MalformedInputError: {str(e)[:300]}") from e
    else:
        raise AssertionError("from_dict accepted it")
    seconds = QUICK_SECONDS if seconds is None else seconds
    assert took < seconds, f"refused in {took:.2f} s: {msg[:200]}"
    assert _unchanged(d, before), "from_dict changed its input"
    assert msg and len(msg) < max_len, f"a refusal says why, briefly (at most a few items): {msg[:300]}"
    assert match is None or re.search(match, msg), f"{match!r} is not in the message: {msg[:300]}"
    return msg


def load_or_refuse(rules, d, what: str = "", *, seconds: float | None = None, max_len: int = 400):
    """``rules.from_dict(d)`` within ``seconds`` either refuses ``d`` with a short
    :class:`~gardenkit.MalformedInputError` (shorter than ``max_len`` characters), giving None, or
    loads a state that round-trips through its save (JSON text too), giving the state; ``d`` is
    unchanged either way, and nothing else is raised. ``what`` (an edit made) heads a failure.

    >>> import gardenkit
    >>> rules = gardenkit.make("samurai_gardener")
    >>> d = json_save(rules.initial_state(players=2, seed=1))
    >>> load_or_refuse(rules, d) == rules.from_dict(d), load_or_refuse(rules, {**d, "deck": 5})
    (True, None)
    """
    before = _snapshot_input(d)
    t = time.perf_counter()
    try:
        back = rules.from_dict(d)
    except MalformedInputError as e:
        msg, back = str(e), None
        assert msg and len(msg) < max_len, f"{what}: a refusal says why, briefly: {msg[:300]}"
    except Exception as e:  # noqa: BLE001 - the point: nothing but a MalformedInputError
        raise AssertionError(f"{what}: {type(e).__name__}: {str(e)[:300]}") from e
    took = time.perf_counter() - t
    seconds = QUICK_SECONDS if seconds is None else seconds
    assert took < seconds, f"{what}: from_dict took {took:.2f} s"
    assert _unchanged(d, before), f"from_dict changed its input: {what}"
    if back is not None:
        again = back.to_dict()
        assert rules.from_dict(again) == back, f"an accepted edit does not round-trip: {what}"
        assert rules.from_dict(again).to_dict() == again, f"an accepted edit does not save the same twice: {what}"
        as_json = json.loads(json.dumps(again))
        assert rules.from_dict(as_json) == back, f"an accepted edit does not round-trip as JSON: {what}"
    return back


def check_edited_saves(rules, states, edit, rng, *, rounds: int | None = None, count: int | None = None,
                       max_len: int = 400, after=None) -> tuple[int, int]:
    """Edit the saves of ``states`` and check each edit as :func:`load_or_refuse` does: refused
    quickly and briefly, or loaded, round-tripping, its input unchanged. ``edit(save, rng)`` gives
    ``(edited save, what was edited)`` (a game's own edits: :func:`mutate_save` with them). Either
    ``rounds`` (every state edited once a round, in order) or ``count`` edits of states drawn by
    ``rng``. An edit that loads is handed to ``after(state, rng, i)`` (the ``i``-th edit), which
    plays it on; what that raises fails with the edit named. Returns ``(refused, accepted)``.

    >>> import gardenkit, random
    >>> rules = gardenkit.make("samurai_gardener")
    >>> states = random_game(rules, 2, 1)[::20]
    >>> def drop_deck(d, rng):
    ...     return {**d, "deck": d["deck"][1:]}, "a deck card dropped"
    >>> check_edited_saves(rules, states, drop_deck, random.Random(1), rounds=1)[1] < len(states)
    True
    """
    if (rounds is None) == (count is None):
        raise ValueError("give rounds or count")
    order = [s for _ in range(rounds) for s in states] if rounds is not None else None
    refused = accepted = 0
    for i in range(len(order) if order is not None else count):
        s = order[i] if order is not None else rng.choice(states)
        edited, what = edit(json_save(s), rng)
        back = load_or_refuse(rules, edited, what, max_len=max_len)
        if back is None:
            refused += 1
            continue
        accepted += 1
        if after is not None:
            try:
                after(back, rng, i)
            except Exception as e:  # noqa: BLE001 - named with the edit that led there
                phase = getattr(back, "phase", getattr(back, "stage", ""))
                raise AssertionError(f"{what}: loaded ({phase}), then play failed: {type(e).__name__}: {e}") from e
    return refused, accepted


def play_out(rules, s, rng_or_seed, *, max_steps: int = 3000, round_trip_every: int = 1,
             targets: bool = False, outcome: bool = True):
    """Play ``s`` to the end at random; returns the final state.

    Moves are drawn by ``rng_or_seed``: a :class:`random.Random`'s ``choice``, or, given a whole
    number, as ``RandomBot(seed)`` draws them. Chance steps by the state's own generator, or where
    it has none (``s.rng`` None, a player's view) are drawn at random like moves. Every move drawn
    is legal for ``why_illegal`` and ``explain`` (a player's move worth ``action_points``); every
    ``round_trip_every``-th state reached loads back from its save (0: none), and lists its
    ``rules.targets`` if ``targets``. The end has no legal action and, if ``outcome``, an outcome
    (a view hiding some scores may have none).

    >>> import gardenkit, random
    >>> rules = gardenkit.make("samurai_gardener")
    >>> end = play_out(rules, rules.initial_state(players=2, seed=1), random.Random(1), round_trip_every=10)
    >>> rules.is_terminal(end) and play_out(rules, end, 3) == end
    True
    """
    if isinstance(rng_or_seed, int):
        bot = RandomBot(rng_or_seed)
        choose = lambda s, actions: bot.choose(rules, s)  # noqa: E731
    else:
        choose = lambda s, actions: rng_or_seed.choice(actions)  # noqa: E731
    for step in range(max_steps):
        player = rules.current_player(s)
        if player is None:
            assert rules.is_terminal(s) and rules.legal_actions(s) == (), "a finished game with legal actions"
            assert not outcome or rules.outcome(s) is not None, "a finished game with no outcome"
            return s
        actions = rules.legal_actions(s)
        assert actions, f"a live state with no legal move ({getattr(s, 'phase', '')})"
        if player is CHANCE and getattr(s, "rng", None) is not None:
            s = rules.step_chance(s)
        else:
            a = choose(s, actions)
            assert rules.why_illegal(s, a) is None, f"{a} drawn from the legal actions, refused by why_illegal"
            e = rules.explain(s, a)
            assert e.legal, f"{a} drawn from the legal actions, explained as illegal"
            assert player is CHANCE or e.points == rules.action_points(s, a), f"{a}: explain and action_points differ"
            s = rules.apply(s, a)
        if round_trip_every and step % round_trip_every == 0:
            phase = getattr(s, "phase", "")
            assert rules.from_dict(json_save(s)) == s, f"a state reached in play does not load ({phase})"
            if targets:
                rules.targets(s)
    raise AssertionError(f"the game did not end in {max_steps} steps")


def check_malformed_action(rules, s, action, match: str | None = None, *, max_len: int = 300) -> str:
    """A badly typed or oversized ``action`` (a hand-made value or a text) is malformed alike
    everywhere in ``s``: ``apply``, ``explain`` and ``play`` raise a
    :class:`~gardenkit.MalformedInputError` whose message (which ``match``, a regular expression, is
    searched in) is the text of ``why_illegal``'s :class:`~gardenkit.Refusal`, a refusal citing no
    rule, shorter than ``max_len`` characters; ``s`` is unchanged. Returns the message.

    >>> import gardenkit
    >>> from gardenkit.games.samurai_gardener import Draw
    >>> rules = gardenkit.make("samurai_gardener")
    >>> check_malformed_action(rules, rules.initial_state(players=2, seed=1), Draw("1"), "whole number")
    "Draw.card must be a whole number, not '1'"
    """
    before = s.to_dict()
    texts = []
    for call in (rules.apply, rules.explain, rules.play):
        try:
            call(s, action)
        except MalformedInputError as e:
            texts.append(str(e))
        except Exception as e:  # noqa: BLE001 - a malformed action is a MalformedInputError and nothing else
            raise AssertionError(f"{call.__name__}({_brief(action)}) raised {type(e).__name__}: {str(e)[:300]}") from e
        else:
            raise AssertionError(f"{call.__name__} took the malformed action {_brief(action)}")
    why = rules.why_illegal(s, action)
    assert isinstance(why, Refusal) and why.rule is None, f"why_illegal({_brief(action)}) gives {why!r:.300}"
    assert texts == [why.text] * 3, f"apply, explain, play and why_illegal say different things: {texts + [why.text]}"
    assert len(why.text) < max_len, f"a message of {len(why.text)} characters: {why.text[:300]}"
    assert match is None or re.search(match, why.text), f"{match!r} is not in the message: {why.text[:300]}"
    assert s.to_dict() == before, "a call changed the state"
    return why.text


# ----- one rule clause at a time: the helpers every game's rules tests share ---------------------
def assert_refused(rules, s, action, rule: str) -> Refusal:
    """``action`` is refused in ``s`` by ``why_illegal``, ``explain`` and ``apply`` alike, each
    naming ``rule``; answers the :class:`Refusal`.

    >>> import gardenkit
    >>> R = gardenkit.make("samurai_gardener")
    >>> s = R.initial_state(players=2, seed=1)
    >>> assert_refused(R, s, "5@0,0", "samurai_gardener.round.lineup").rule
    'samurai_gardener.round.lineup'
    """
    reason = rules.why_illegal(s, action)
    assert reason is not None, f"{action} was allowed"
    assert reason.rule == rule, reason
    e = rules.explain(s, action)
    assert not e.legal and rule in e.rules, e
    try:
        rules.apply(s, action)
    except IllegalActionError as err:
        assert err.rule == rule, err
    else:
        raise AssertionError(f"apply played the refused {action}")
    return reason


def assert_allowed(rules, s, action):
    """``action`` is legal in ``s``: ``why_illegal`` has nothing against it, ``legal_actions``
    lists it and ``explain`` explains it; answers the :class:`Explanation`."""
    a = rules.parse_action(s, action) if isinstance(action, str) else action
    assert rules.why_illegal(s, a) is None, rules.why_illegal(s, a)
    assert a in rules.legal_actions(s), f"{a} is not among the legal actions"
    e = rules.explain(s, a)
    assert e.legal, e
    return e


def play_allowed(rules, s, *moves):
    """``s`` after ``moves``, each checked with :func:`assert_allowed` first."""
    for m in moves:
        assert_allowed(rules, s, m)
        s = rules.apply(s, m)
    return s
