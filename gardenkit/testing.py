"""The conformance check every game's tests run, and golden playthroughs.

>>> import gardenkit
>>> from gardenkit.testing import check_game
>>> report = check_game(gardenkit.make("samurai_gardener"), seeds=[1], players=[2])
>>> report["games"], report["ended"]
(1, 1)
"""
from __future__ import annotations

import json

from .bots import RandomBot
from .core import CHANCE, IllegalActionError, Refusal, Target

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
    # observe never reveals the seed of a hidden order, and never crashes
    for p in range(len(rules.scores(s))):
        rules.observe(s, p)
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


def random_game(rules, players: int, seed: int, options=None, *, check_every: int = 0, max_steps: int = 20_000):
    """Play a seeded random game; returns the list of states. ``check_every`` runs check_state."""
    s = rules.initial_state(players=players, seed=seed, **(options or {}))
    bot = RandomBot(seed)
    states = [s]
    for step in range(max_steps):
        if check_every and step % check_every == 0:
            check_state(rules, s)
        player = rules.current_player(s)
        if player is None:
            check_state(rules, s)
            return states
        if player is CHANCE:
            nxt = rules.step_chance(s)
        else:
            a = bot.choose(rules, s)
            before = _snapshot(s)
            nxt = rules.apply(s, a)
            assert _snapshot(s) == before, "apply changed its input state"
        states.append(nxt)
        s = nxt
    raise AssertionError(f"game did not end in {max_steps} steps")


def check_game(rules, *, seeds=(0, 1, 2), players=None, options=None, check_every: int = 7) -> dict:
    """Run the shared conformance check; raises AssertionError naming the broken promise."""
    players = players or range(rules.info.min_players, rules.info.max_players + 1)
    report = {"games": 0, "ended": 0, "states": 0}
    assert rules.info.id and rules.info.rules, "a game needs an id and its rule ids"
    for p in players:
        for seed in seeds:
            states = random_game(rules, p, seed, options, check_every=check_every)
            again = random_game(rules, p, seed, options)
            assert [_snapshot(x) for x in states] == [_snapshot(x) for x in again], "same seed, different game"
            report["games"] += 1
            report["ended"] += rules.is_terminal(states[-1])
            report["states"] += len(states)
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
