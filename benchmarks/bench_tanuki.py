"""Engine figures for Tanuki in the Garden (run by hand or `make bench`, not by the tests).

- random games per second at 2 and 8 players (seeded RandomBots through the contract), base game
  and Garden Master;
- the preview a board shows before a tile is laid: for each tile in the active player's hand and
  each of its 4 turns, ``rules.targets(state, (tile, rotation))`` (where every monk whose path
  grows would end, what each gains or loses: the same code that applies the move), at mid-game
  positions with 8 players; goal: p90 under 30 ms for the whole preview (3 tiles x 4 turns);
- ``rules.walks`` for the same, what a board draws step by step;
- a greedy-vs-greedy game at 8 players with Garden Master.

Times are CPU time (``time.process_time``); ``--wall`` for the clock. Exits non-zero when the
preview misses its goal.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from gardenkit import CHANCE
from gardenkit.bots import GreedyBot, RandomBot, play_game
from gardenkit.games.tanuki import TanukiRules

R = TanukiRules()
GOAL_MS = 30.0
clock = time.process_time


def games_per_second(players: int, seconds: float, **options) -> tuple[float, int, float]:
    start, n, turns = clock(), 0, 0
    while clock() - start < seconds or n < 3:
        final = play_game(R, R.initial_state(players=players, seed=n, **options),
                          [RandomBot(n + i) for i in range(players)])
        turns += final.turn
        n += 1
    return n / (clock() - start), n, turns / n


def midgame(players: int, count: int, **options) -> list:
    """Positions where the active player is about to lay a tile, from turn 10 on, of seeded games."""
    out, seed = [], 0
    while len(out) < count and seed < 500:
        s = R.initial_state(players=players, seed=2000 + seed, **options)
        bots = [RandomBot(seed * 11 + i) for i in range(players)]
        while R.current_player(s) is not None:
            p = R.current_player(s)
            if p is not CHANCE and R.decision(s) == "tile" and s.turn >= 10 and s.monks[p] is not None \
                    and s.hands[p] and R.legal_actions(s)[0].__class__.__name__ == "Place":
                out.append(s)
            s = R.step_chance(s) if p is CHANCE else R.apply(s, bots[p].choose(R, s))
        seed += 1
    return out[::max(1, len(out) // count)][:count]


def preview(s) -> int:
    n = 0
    for tile in s.hands[s.active]:
        for rot in (0, 90, 180, 270):
            n += len(R.targets(s, (tile, rot)))
    return n


def walks(s) -> int:
    n = 0
    for a in R.legal_actions(s):
        n += len(R.walks(s, a))
    return n


def timed(fn, states) -> list[float]:
    times = []
    for s in states:
        best = None
        for _ in range(3):
            t = clock()
            fn(s)
            dt = clock() - t
            best = dt if best is None else min(best, dt)
        times.append(best * 1000)
    return times


def p90(times: list[float]) -> float:
    return statistics.quantiles(times, n=10)[-1] if len(times) >= 2 else times[0]


def main() -> int:
    global clock
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="how long to play random games for each figure")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    args = ap.parse_args()
    if args.wall:
        clock = time.perf_counter
    for players in (2, 8):
        for options in ({}, {"garden_master": True}):
            rate, n, turns = games_per_second(players, args.seconds, **options)
            label = "Garden Master" if options else "base game"
            print(f"random games, {players} players, {label}: {rate:.1f} games/s ({n} games, {turns:.0f} turns each)")
    ok = True
    for players in (2, 8):
        states = midgame(players, args.positions, garden_master=True)
        times = timed(preview, states)
        print(f"preview ({players} players, mid-game, every hand tile x 4 turns, {len(states)} positions): "
              f"median {statistics.median(times):.2f} ms, p90 {p90(times):.2f} ms, max {max(times):.2f} ms "
              f"(goal p90 < {GOAL_MS:.0f} ms)")
        if players == 8 and p90(times) >= GOAL_MS:
            ok = False
        wt = timed(walks, states)
        print(f"  every legal move's walks: median {statistics.median(wt):.2f} ms, p90 {p90(wt):.2f} ms")
    start = clock()
    final = play_game(R, R.initial_state(players=8, seed=1, garden_master=True), [GreedyBot(i) for i in range(8)])
    print(f"greedy game, 8 players, Garden Master: {(clock() - start):.2f} s, {final.turn} turns")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
