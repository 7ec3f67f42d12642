"""Engine figures for Karesansui (run by `make bench`, not by the tests).

- random games per second (3 and 6 players), seeded RandomBots through the contract;
- listing every legal bid at mid-game bidding positions (``rules.bids``: every sub-collection
  of the bidder's garden on every pile that it would undercut), what a board's live check and
  the bots need; the goal is under 30 ms (p90);
- every turn-in order of a garden (``rules.turn_in_orders``), what the turn-in chooser lists;
- a greedy-vs-greedy game.

Times are CPU time (``time.process_time``), as in bench_miyabi.py; ``--wall`` for the clock.
Exits non-zero when listing the bids misses its goal.
"""
from __future__ import annotations

import argparse
import statistics
import time

import gardenkit
from gardenkit import CHANCE
from gardenkit.bots import GreedyBot, RandomBot, play_game

R = gardenkit.make("karesansui")
GOAL_MS = 30.0
clock = time.process_time


def games_per_second(players: int, seconds: float) -> tuple[float, int]:
    start, n = clock(), 0
    while clock() - start < seconds or n < 3:
        play_game(R, R.initial_state(players=players, seed=n), [RandomBot(n + i) for i in range(players)])
        n += 1
    return n / (clock() - start), n


def positions(players: int, phase: str, count: int) -> list:
    """Positions of ``phase`` from seeded random games, from round 2 on (gardens have grown)."""
    out, seed = [], 0
    while len(out) < count and seed < 200:
        s = R.initial_state(players=players, seed=1000 + seed)
        bots = [RandomBot(seed * 7 + i) for i in range(players)]
        while R.current_player(s) is not None:
            p = R.current_player(s)
            if p is not CHANCE and s.phase == phase and s.round >= 2:
                out.append(s)
            s = R.step_chance(s) if p is CHANCE else R.apply(s, bots[p].choose(R, s))
        seed += 1
    return out[::max(1, len(out) // count)][:count]


def timed(fn, states) -> tuple[list[float], list[int]]:
    times, sizes = [], []
    for s in states:
        best = None
        for _ in range(3):
            t = clock()
            n = len(fn(s))
            dt = clock() - t
            best = dt if best is None else min(best, dt)
        times.append(best * 1000)
        sizes.append(n)
    return times, sizes


def p90(xs) -> float:
    return sorted(xs)[int(0.9 * (len(xs) - 1))]


def main() -> int:
    global clock
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wall", action="store_true", help="time by the clock instead of CPU time")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds of random play per player count")
    args = ap.parse_args()
    if args.wall:
        clock = time.perf_counter
    worst, rows = 0.0, []
    print("karesansui engine (CPU time)" if not args.wall else "karesansui engine (wall clock)")
    for players in (3, 6):
        gps, n = games_per_second(players, args.seconds)
        bids, sizes = timed(R.bids, positions(players, "bid", 24))
        orders, osizes = timed(R.turn_in_orders, positions(players, "turnin", 24))
        t = clock()
        for seed in range(3):
            play_game(R, R.initial_state(players=players, seed=seed), [GreedyBot(seed + i) for i in range(players)])
        greedy = (clock() - t) / 3 * 1000
        worst = max(worst, p90(bids))
        print(f"  {players}p  random games/s {gps:6.1f} ({n} games); legal bids: median {statistics.median(bids):.2f} ms, "
              f"p90 {p90(bids):.2f} ms, max {max(bids):.2f} ms (median {statistics.median(sizes):.0f} bids, up to "
              f"{max(sizes)}); turn-in orders: median {statistics.median(orders):.2f} ms, max {max(orders):.2f} ms "
              f"(up to {max(osizes)} orders); greedy game {greedy:.0f} ms")
        rows.append(f"| {players}p | {gps:.1f} | {statistics.median(bids):.2f} / {p90(bids):.2f} ms "
                    f"({statistics.median(sizes):.0f} bids, up to {max(sizes)}) | {statistics.median(orders):.2f} / "
                    f"{max(orders):.2f} ms | {greedy:.0f} ms |")
    print("\n| Karesansui | random games/s | all legal bids: median / p90 | turn-in orders: median / max | greedy game |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    ok = worst < GOAL_MS
    print(f"\nlisting the legal bids, worst p90 {worst:.2f} ms: goal < {GOAL_MS:.0f} ms {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
