"""SearchBot against greedy bots, per game, and how fast the search plays (not a timed test).

For each registered game, at its fewest players (2, or 3 for Karesansui; Tang Garden's solo game is
left out) and at its most, one
SearchBot plays seeded games against greedy bots (``GreedyBot``), its seat rotated game by game
(game ``i`` seats it at ``i % players``; game ``i`` uses seed ``i``). Per line: its win rate (a
shared win counted as its share) with a 95 % confidence interval (Wilson), the mean final margin
(its score minus the best other's; demerits counted as such, so positive is good), and its
playouts per second. The goal: at least 70 % of the 2-player games (Karesansui: 3), and more than
its share (1/n) at the most players.

    python benchmarks/bench_bots.py                    # a quick look: 6 games per line
    python benchmarks/bench_bots.py --games 100 --jobs 2 --cap 7200
    python benchmarks/bench_bots.py --speed            # playouts per second only
    python benchmarks/bench_bots.py --games 100 --jobs 2 --cap 1800 --interleave   # a shared machine

``--cap`` stops starting new games once that many seconds have passed (the lines then say how
many games they hold). ``--speed`` measures what the search spends its time on, per second of
CPU time (the machine is shared: wall time would measure the neighbours): full random games,
greedy moves (every legal move scored with ``rules.action_points``, what a greedy playout does)
and the search's own playouts at a few positions of a seeded greedy game.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import gardenkit
from gardenkit import CHANCE
from gardenkit.bots import SEARCH_LEVELS, GreedyBot, RandomBot, SearchBot, play_game


def counts(game_id: str) -> list[int]:
    """The fewest players of a game against others (2; Karesansui 3: a solo game has no one to
    beat) and the most."""
    info = gardenkit.make(game_id).info
    return sorted({max(2, info.min_players), info.max_players})


def one_game(game_id: str, players: int, i: int, bot_args: dict) -> dict:
    """Game ``i``: the search bot in seat ``i % players``, greedy bots elsewhere."""
    rules = gardenkit.make(game_id)
    sign = -1 if rules.info.lower_wins else 1
    seat = i % players
    search = SearchBot(seed=i, **bot_args)
    bots = [GreedyBot(1000 * i + q) for q in range(players)]
    bots[seat] = search
    s = rules.initial_state(players=players, seed=i)
    start = time.perf_counter()
    moves = searched = iterations = 0
    think = slowest = 0.0
    while True:
        p = rules.current_player(s)
        if p is None:
            break
        if p is CHANCE:
            s = rules.step_chance(s)
            continue
        if p == seat:
            search.last = None
            t0 = time.process_time()  # CPU time: the machine is shared, wall time would count the neighbours
            a = search.choose(rules, s)
            spent = time.process_time() - t0
            think += spent
            slowest = max(slowest, spent)
            moves += 1
            if search.last is not None:
                searched += 1
                iterations += search.last.iterations
        else:
            a = bots[p].choose(rules, s)
        s = rules.apply(s, a)
    outcome = rules.outcome(s)
    vals = [sign * v for v in outcome.scores]
    return {
        "win": 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0,
        "margin": vals[seat] - max(v for q, v in enumerate(vals) if q != seat),
        "moves": moves, "searched": searched, "iterations": iterations, "think": think, "slowest": slowest,
        "seconds": time.perf_counter() - start,
    }


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion ``p`` seen in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(g: str, n: int, rs: list, line_start: float) -> None:
    """One line of the table: the games of ``g`` at ``n`` players."""
    if not rs:
        print(f"{g:18} {n:>2} {0:>5}  (over the time cap)")
        return
    k = len(rs)
    win = sum(r["win"] for r in rs) / k
    lo, hi = wilson(win, k)
    margins = [r["margin"] for r in rs]
    sd = statistics.stdev(margins) if k > 1 else 0.0
    goal = 0.7 if n == min(counts(g)) else 1 / n
    its = sum(r["iterations"] for r in rs)
    think = sum(r["think"] for r in rs)
    moves = sum(r["moves"] for r in rs)
    mark = "ok" if lo > goal else ("~" if win >= goal else "short")
    print(f"{g:18} {n:>2} {k:>5} {win:>8.0%}  [{lo:>4.0%}, {hi:>4.0%}] {goal:>5.0%} {mark:<5}"
          f"{statistics.mean(margins):>+6.1f} ±{1.96 * sd / math.sqrt(k):>4.1f} "
          f"{its / max(think, 1e-9):>10.0f} {1000 * think / max(moves, 1):>8.0f} "
          f"{1000 * max(r['slowest'] for r in rs):>8.0f} "
          f"{time.perf_counter() - line_start:>7.0f}", flush=True)


def strength(args) -> None:
    # the bot a game view offers (make_bot(level)), its time budget counted in CPU time (the machine is shared)
    bot_args = dict(SEARCH_LEVELS[args.level], clock="cpu")
    if args.iterations:
        bot_args["iterations"] = args.iterations
    if args.time_ms is not None:
        bot_args["time_ms"] = args.time_ms or None  # 0: no time budget (a fixed number of playouts)
    for item in args.bot or ():
        name, _, value = item.partition("=")
        bot_args[name] = None if value == "None" else (value if value.isalpha() else float(value) if "." in value else int(value))
    games = args.game or gardenkit.available_games()
    lines = [(g, n) for g in games for n in counts(g) if not args.players or n in args.players]
    print(f"SearchBot({', '.join(f'{k}={v}' for k, v in bot_args.items())}) against greedy bots, "
          f"{args.games} games per line, seats rotated, {args.jobs} process(es)")
    print(f"{'game':18} {'pl':>2} {'games':>5} {'win rate':>9} {'95% CI':>15} {'goal':>6} {'margin':>13} "
          f"{'playouts/s':>10} {'ms/move':>8} {'slowest':>8} {'wall s':>7}   (playouts/s, ms/move and the slowest move "
          f"in ms: CPU time)")
    started = time.perf_counter()
    results = {line: [] for line in lines}
    log = open(args.log, "a") if args.log else None

    def submit(pool, g, n, i):
        f = pool.submit(one_game, g, n, i, bot_args)
        if log is not None:  # every game as it ends, so a run cut short keeps what it played
            def write(f, g=g, n=n, i=i):
                if not f.cancelled() and f.exception() is None:
                    log.write(json.dumps({"game": g, "players": n, "i": i, "bot": bot_args, **f.result()}) + "\n")
                    log.flush()
            f.add_done_callback(write)
        return f

    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {line: [] for line in lines}
        if args.interleave:  # game 0 of every line, then game 1 of every line, ...: a cap leaves each line some games
            for i in range(args.first, args.first + args.games):
                for line in lines:
                    futures[line].append(submit(pool, *line, i))
        for g, n in lines:
            line_start = time.perf_counter()
            if not args.interleave:
                futures[(g, n)] = [submit(pool, g, n, i) for i in range(args.first, args.first + args.games)]
            for f in futures[(g, n)]:
                if args.cap and time.perf_counter() - started > args.cap:
                    for pending in (x for fs in futures.values() for x in fs):
                        pending.cancel()  # every line's games not started yet (a started one cannot be)
                    if f.cancelled():
                        continue  # left out
                results[(g, n)].append(f.result())
            report(g, n, results[(g, n)], line_start)
    print(f"total {time.perf_counter() - started:.0f} s")


# ----- speed -------------------------------------------------------------------------------------

def random_games_per_second(rules, players: int, seconds: float) -> float:
    start, n = time.process_time(), 0
    while time.process_time() - start < seconds or n < 2:
        play_game(rules, rules.initial_state(players=players, seed=n), [RandomBot(n + q) for q in range(players)])
        n += 1
    return n / (time.process_time() - start)


def greedy_steps_per_second(rules, players: int, seconds: float) -> float:
    """Moves per second of greedy play that scores every legal move (what a full-greedy playout does)."""
    start, steps, seed = time.process_time(), 0, 0
    while time.process_time() - start < seconds or steps < 10:
        s = rules.initial_state(players=players, seed=seed)
        bots = [GreedyBot(seed + q) for q in range(players)]
        while not rules.is_terminal(s) and time.process_time() - start < max(seconds, 0.5):
            p = rules.current_player(s)
            if p is CHANCE:
                s = rules.step_chance(s)
                continue
            s = rules.apply(s, bots[p].choose(rules, s))
            steps += 1
        seed += 1
    return steps / (time.process_time() - start)


def search_positions(rules, players: int, count: int = 4):
    s = rules.initial_state(players=players, seed=3)
    bots = [GreedyBot(q) for q in range(players)]
    out, k = [], 0
    while len(out) < count and not rules.is_terminal(s):
        p = rules.current_player(s)
        if p is CHANCE:
            s = rules.step_chance(s)
            continue
        if k % 7 == 0 and len(rules.legal_actions(s)) > 1:
            out.append(s)
        k += 1
        s = rules.apply(s, bots[p].choose(rules, s))
    return out


def speed(args) -> None:
    print(f"{'game':18} {'pl':>2} {'random games/s':>15} {'greedy moves/s':>15} {'search playouts/s':>18}")
    for g in args.game or gardenkit.available_games():
        rules = gardenkit.make(g)
        for n in counts(g):
            rg = random_games_per_second(rules, n, args.seconds)
            gs = greedy_steps_per_second(rules, n, args.seconds)
            its = cpu = 0.0
            for s in search_positions(rules, n):
                t0 = time.process_time()
                its += SearchBot(seed=1, iterations=args.iterations or 150).search(rules, s).iterations
                cpu += time.process_time() - t0
            print(f"{g:18} {n:>2} {rg:>15.1f} {gs:>15.0f} {its / cpu:>18.0f}", flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6, help="games per line (the figures in the report: 100)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--first", type=int, default=0, help="the first game's number (and seed): more games for a line")
    ap.add_argument("--level", default="search", choices=sorted(SEARCH_LEVELS),
                    help="the search bot's level (gardenkit.bots.SEARCH_LEVELS: its playouts and time per move)")
    ap.add_argument("--iterations", type=int, default=None, help="its playouts per move instead of the level's")
    ap.add_argument("--time-ms", type=float, default=None,
                    help="its time per move (CPU time) instead of the level's; 0: none, a fixed number of playouts")
    ap.add_argument("--bot", action="append", metavar="NAME=VALUE",
                    help="another SearchBot setting, e.g. --bot confidence=0 --bot playout=random (repeatable)")
    ap.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine has 2 cores)")
    ap.add_argument("--cap", type=float, default=0, help="start no game after this many seconds (0: none)")
    ap.add_argument("--interleave", action="store_true",
                    help="play the lines' games in turns (game 0 of each line, then game 1, ...), so a --cap leaves "
                         "every line about as many games")
    ap.add_argument("--log", help="append every game's result to this file as it ends (a JSON line)")
    ap.add_argument("--speed", action="store_true", help="playouts per second only")
    ap.add_argument("--seconds", type=float, default=3.0, help="--speed: seconds per measure")
    args = ap.parse_args(argv)
    if args.speed:
        speed(args)
    else:
        strength(args)


if __name__ == "__main__":
    sys.exit(main())
