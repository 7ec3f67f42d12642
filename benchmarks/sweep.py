"""Every reachable position saves: seeded random games, every state checked.

For each game and player count, ``--games N`` seeded random games: game ``S`` starts at
``rules.initial_state(players=p, seed=S)``, resolves chance nodes with ``rules.step_chance`` and
otherwise plays ``rng.choice(rules.legal_actions(s))`` with ``rng = random.Random(S)``. Every state
reached is checked as ``gardenkit.testing.check_game`` checks it (``play_checked``): its
``to_dict()`` goes through ``json.dumps``/``json.loads`` and ``rules.from_dict`` and must come back
equal; a live state has legal actions, a finished one an outcome; the move drawn reads back from
its notation; ``apply`` neither raises nor changes its input; the last state passes
``check_state``. Prints a markdown table (game, players, games, steps, failures by kind with the
first failing seed and step of each, CPU seconds), then the first failure of each kind in full,
and exits non-zero if anything failed.

    python -m benchmarks.sweep --games 2000                    # every game, every player count
    python -m benchmarks.sweep --games 50 --game tanuki --players 2 --players 8 --jobs 2
    python -m benchmarks.sweep --games 200 --game miyabi --option zen=true --json sweep.json

A failure is reproduced by its game, players, options and seed (``--seed-start S --games 1``), or
by :func:`replay` to the step it names. Progress goes to stderr. Figures: docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time

import gardenkit
from gardenkit.testing import NO_END, PLAY_FAILURE_KINDS, PlayFailure, play_checked

MAX_STEPS = 20_000


@dataclasses.dataclass
class Failures:
    """Games of one line that failed one way: how many, and the first (lowest seed) in full."""

    games: int
    first: PlayFailure

    def merge(self, other: "Failures") -> "Failures":
        first = min((self.first, other.first), key=lambda f: (f.seed, f.step))
        return Failures(self.games + other.games, first)


@dataclasses.dataclass
class Line:
    """The sweep of one game at one player count (and options)."""

    game: str
    players: int
    options: dict = dataclasses.field(default_factory=dict)
    games: int = 0
    steps: int = 0          # moves and chance steps played (each reached a state that was checked)
    cpu: float = 0.0        # CPU seconds, summed over the processes that played
    failures: dict = dataclasses.field(default_factory=dict)  # kind -> Failures

    @property
    def key(self) -> tuple:
        return self.game, self.players, json.dumps(self.options, sort_keys=True)

    def merge(self, other: "Line") -> None:
        self.games += other.games
        self.steps += other.steps
        self.cpu += other.cpu
        for kind, f in other.failures.items():
            self.failures[kind] = self.failures[kind].merge(f) if kind in self.failures else f

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "options": self.options, "games": self.games,
                "steps": self.steps, "cpu_seconds": self.cpu,  # (unrounded: its table reads as the live one)
                "failures": {kind: {"games": f.games, "seed": f.first.seed, "step": f.first.step,
                                    "action": f.first.action, "error": f.first.error, "message": str(f.first)}
                             for kind, f in self._ordered()}}

    @classmethod
    def from_json(cls, d: dict) -> "Line":
        """The line :meth:`to_json` wrote."""
        failures = {kind: Failures(f["games"], PlayFailure(kind, game=d["game"], players=d["players"], seed=f["seed"],
                                                           step=f["step"], action=f["action"], error=f["error"],
                                                           options=d["options"]))
                    for kind, f in d["failures"].items()}
        return cls(d["game"], d["players"], d["options"], d["games"], d["steps"], d["cpu_seconds"], failures)

    def _ordered(self):
        return sorted(self.failures.items(), key=lambda kv: PLAY_FAILURE_KINDS.index(kv[0]))


def play_seeds(game: str, players: int, seeds, options=None, *, max_steps: int = MAX_STEPS,
               check_every: int = 0) -> Line:
    """Sweep ``seeds`` of one game at one player count; returns its :class:`Line`.

    >>> line = play_seeds("samurai_gardener", 2, range(2))
    >>> line.games, line.steps > 0, line.failures
    (2, True, {})
    """
    rules = gardenkit.make(game)
    line = Line(game, players, dict(options or {}))
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        found: dict = {}
        steps = 0
        for steps, *_ in play_checked(rules, players, seed, options, choose=lambda s, actions: rng.choice(actions),
                                      max_steps=max_steps, check_every=check_every,
                                      on_failure=lambda f: found.setdefault(f.kind, f)):
            pass
        line.games += 1
        line.steps += steps
        for kind, f in found.items():
            line.failures[kind] = Failures(1, f) if kind not in line.failures else line.failures[kind].merge(
                Failures(1, f))
    line.cpu = time.process_time() - start
    return line


def replay(game: str, players: int, seed: int, step: int, options=None):
    """The state a sweep's game ``seed`` reached after ``step`` steps (to look at a failure).

    >>> s = replay("samurai_gardener", 2, 3, 10)
    >>> gardenkit.make("samurai_gardener").from_dict(s.to_dict()) == s
    True
    """
    rules = gardenkit.make(game)
    rng = random.Random(seed)
    s = rules.initial_state(players=players, seed=seed, **(options or {}))
    for _ in range(step):
        s = rules.step_chance(s) if rules.current_player(s) is gardenkit.CHANCE else rules.apply(
            s, rng.choice(rules.legal_actions(s)))
    return s


def plan(games=None, players=None, options=None) -> list[tuple[str, int, dict]]:
    """``(game, players, options)`` for each line: every game asked for (default all) at every
    player count it allows, or those of ``players`` it allows; ``options`` (name -> value) go to the
    games that have them. A game asked for by name that allows none of ``players``, or an option no
    game asked for has, is a ValueError.

    >>> plan(["samurai_gardener"], [2, 9])
    [('samurai_gardener', 2, {})]
    """
    options = dict(options or {})
    out, used = [], set()
    for game in games or gardenkit.available_games():
        info = gardenkit.make(game).info
        allowed = range(info.min_players, info.max_players + 1)
        counts = [p for p in players if p in allowed] if players else list(allowed)
        if not counts and games:
            raise ValueError(f"{game} is for {info.min_players} to {info.max_players} players, not {players}")
        mine = {k: v for k, v in options.items() if k in info.options}
        used |= set(mine)
        out += [(game, p, mine) for p in counts]
    if set(options) - used:
        raise ValueError(f"no game swept has the option(s) {sorted(set(options) - used)}")
    return out


def sweep(games=None, players=None, n: int = 50, *, seed_start: int = 0, options=None, jobs: int = 1,
          max_steps: int = MAX_STEPS, check_every: int = 0, chunk: int = 25, progress=None) -> list[Line]:
    """Play ``n`` seeded games (seeds ``seed_start`` on) per line of :func:`plan`; returns the lines,
    in plan order. ``jobs`` > 1 plays chunks of ``chunk`` seeds in that many processes (the result is
    the same). ``progress(text)`` is told of each chunk done.

    >>> [(l.game, l.players, l.games, l.failures) for l in sweep(["samurai_gardener"], [2, 3], 1)]
    [('samurai_gardener', 2, 1, {}), ('samurai_gardener', 3, 1, {})]
    """
    lines = {}
    tasks = []
    for game, p, opts in plan(games, players, options):
        line = Line(game, p, opts)
        lines[line.key] = line
        for lo in range(seed_start, seed_start + n, chunk):
            tasks.append((game, p, range(lo, min(lo + chunk, seed_start + n)), opts, max_steps, check_every))
    start = time.perf_counter()

    def done(part: Line) -> None:
        line = lines[part.key]
        line.merge(part)
        if progress:
            failing = sum(f.games for f in line.failures.values())
            progress(f"[{time.perf_counter() - start:6.0f} s] {line.game} {line.players}p"
                     f"{' ' + json.dumps(line.options, sort_keys=True) if line.options else ''}: "
                     f"{line.games}/{n} games, {line.steps} steps, {failing} failing, {line.cpu:.0f} s CPU")

    if jobs <= 1:
        for task in tasks:
            done(_play_task(task))
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for part in pool.imap_unordered(_play_task, tasks):
                done(part)
    return list(lines.values())


def _play_task(task) -> Line:
    game, p, seeds, opts, max_steps, check_every = task
    return play_seeds(game, p, seeds, opts, max_steps=max_steps, check_every=check_every)


def _kind_name(kind: str, max_steps: int) -> str:
    return f"no end within {max_steps} steps" if kind == NO_END else kind


def table(lines, *, max_steps: int = MAX_STEPS) -> str:
    """The markdown table of a sweep: one row per line, failures by kind with the first failing seed
    and step of each.

    >>> print(table([Line("miyabi", 2, games=3, steps=120, cpu=0.5)]))
    | game | players | games | steps | failures | CPU s |
    |---|---:|---:|---:|---|---:|
    | miyabi | 2 | 3 | 120 | none | 0.5 |
    """
    rows = ["| game | players | games | steps | failures | CPU s |", "|---|---:|---:|---:|---|---:|"]
    for line in lines:
        opts = ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(line.options.items()))
        game = f"{line.game} ({opts})" if opts else line.game
        failed = "; ".join(f"{_kind_name(kind, max_steps)}: {f.games} (first: seed {f.first.seed}, step {f.first.step})"
                           for kind, f in line._ordered()) or "none"
        rows.append(f"| {game} | {line.players} | {line.games} | {line.steps} | {failed} | {line.cpu:.1f} |")
    return "\n".join(rows)


def first_failures(lines) -> list[str]:
    """The first failure of each kind on each line, in full (game, players, seed, step, action, error)."""
    return [str(f.first) for line in lines for _, f in line._ordered()]


def _option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sweep", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, metavar="N", help="games per game and player count (50)")
    parser.add_argument("--game", action="append", choices=gardenkit.available_games(),
                        help="a game to sweep (repeatable; default: all)")
    parser.add_argument("--players", action="append", type=int, help="a player count (repeatable; default: all)")
    parser.add_argument("--seed-start", type=int, default=0, help="the first seed (0)")
    parser.add_argument("--option", action="append", type=_option, default=[], metavar="NAME=VALUE",
                        help="a game option, VALUE as JSON (true, 3, \"b\") or text (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    parser.add_argument("--max-steps", type=int, default=MAX_STEPS, help=f"a game still going after this many "
                        f"steps is a failure ({MAX_STEPS})")
    parser.add_argument("--check-every", type=int, default=0, metavar="K",
                        help="also run the full check_state on every K-th state (0: the last state only)")
    parser.add_argument("--json", nargs="?", const="-", metavar="PATH",
                        help="write the results as JSON to PATH (no PATH: to stdout, instead of the table)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--from-json", nargs="+", metavar="PATH",
                        help="play nothing: print the table of sweeps saved with --json (several: one table)")
    args = parser.parse_args(argv)
    if args.from_json:
        saved = []
        for path in args.from_json:
            with open(path) as f:
                saved.append(json.load(f))
        lines = [Line.from_json(d) for data in saved for d in data["lines"]]
        print(table(lines, max_steps=max(data["max_steps"] for data in saved)))
        for text in first_failures(lines):
            print(f"- {text}")
        return 1 if any(line.failures for line in lines) else 0
    if args.games < 1 or args.jobs < 1 or args.max_steps < 1 or args.check_every < 0:
        parser.error("--games, --jobs and --max-steps must be at least 1, --check-every at least 0")
    progress = None if args.quiet else (lambda text: print(text, file=sys.stderr, flush=True))
    start = time.perf_counter()
    try:
        lines = sweep(args.game, args.players, args.games, seed_start=args.seed_start, options=dict(args.option),
                      jobs=args.jobs, max_steps=args.max_steps, check_every=args.check_every, progress=progress)
    except ValueError as e:
        parser.error(str(e))
    wall = time.perf_counter() - start
    failed = any(line.failures for line in lines)
    if args.json:
        data = {"games_per_line": args.games, "seed_start": args.seed_start, "max_steps": args.max_steps,
                "check_every": args.check_every, "jobs": args.jobs, "wall_seconds": round(wall, 1),
                "failed": failed, "lines": [line.to_json() for line in lines]}
        text = json.dumps(data, indent=1)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w") as f:
                f.write(text + "\n")
    if args.json != "-":
        print(table(lines, max_steps=args.max_steps))
        print(f"\nseeds {args.seed_start} to {args.seed_start + args.games - 1}; {sum(l.steps for l in lines)} steps; "
              f"{sum(l.cpu for l in lines):.0f} s CPU, {wall:.0f} s wall, {args.jobs} job(s)")
        for text in first_failures(lines):
            print(f"- {text}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
