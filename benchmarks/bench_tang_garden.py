"""Engine figures for Tang Garden (run by hand, not by the tests).

- random games per second at 2 and 4 players (seeded RandomBots through the contract), and solo;
- the preview a board shows for one picked stack top at mid-game: for each of its 4 turns,
  ``rules.targets(state, (tile, rotation))`` (every empty space next to the garden, with the coins
  that build gives or why it is refused: the same code that applies the move); goal: p90 under
  30 ms for one tile's four turns;
- the end scoring (``rules.final_lines`` for every player: cards, lines of sight, preferences) on
  finished games.

- random solo games ("Yin & Yang", one player) per second.

Times are CPU time (``time.process_time``).
Exits non-zero when the preview misses its goal.

    nice .venv/bin/python benchmarks/bench_tang_garden.py [--seconds 5]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from gardenkit import CHANCE
from gardenkit.bots import RandomBot, play_game
from gardenkit.games.tang_garden import TangGardenRules

R = TangGardenRules()
GOAL_MS = 30.0
clock = time.process_time


def games_per_second(players: int, seconds: float) -> tuple[float, int, float]:
    start, n, turns = clock(), 0, 0
    while clock() - start < seconds or n < 3:
        final = play_game(R, R.initial_state(players=players, seed=n), [RandomBot(n + i) for i in range(players)])
        turns += final.turn
        n += 1
    return n / (clock() - start), n, turns / n


def midgame(players: int, count: int) -> list:
    out, seed = [], 0
    while len(out) < count and seed < 200:
        s = R.initial_state(players=players, seed=500 + seed)
        bots = [RandomBot(seed * 7 + i) for i in range(players)]
        while R.current_player(s) is not None:
            p = R.current_player(s)
            if p is not CHANCE and R.decision(s) == "main" and s.turn >= 12 and any(s.tops):
                out.append(s)
                break
            s = R.step_chance(s) if p is CHANCE else R.apply(s, bots[p].choose(R, s))
        seed += 1
    return out[:count]


def finished(players: int, count: int) -> list:
    return [play_game(R, R.initial_state(players=players, seed=900 + k), [RandomBot(k + i) for i in range(players)])
            for k in range(count)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args(argv)
    for players in (2, 4, 1):
        rate, n, turns = games_per_second(players, args.seconds)
        label = "solo" if players == 1 else f"{players} players"
        print(f"random games, {label}: {rate:.1f} games/s ({n} games, {turns:.0f} turns each)")
    times = []
    for s in midgame(4, 40):
        tile = next(t for t in s.tops if t)
        t0 = clock()
        n = sum(len(R.targets(s, (tile, rot))) for rot in (0, 90, 180, 270))
        times.append((clock() - t0) * 1000)
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"one tile's preview (4 turns, every space next to the garden), 4 players, mid-game: "
          f"median {statistics.median(times):.1f} ms, p90 {p90:.1f} ms over {len(times)} positions "
          f"(goal p90 < {GOAL_MS:.0f} ms; last one listed {n} targets)")
    ends = finished(4, 10)
    t0 = clock()
    for s in ends:
        for p in range(s.players):
            R.final_lines(s, p)
    each = (clock() - t0) * 1000 / len(ends)
    print(f"end scoring (cards, lines of sight, preferences) of a finished 4-player game: {each:.2f} ms")
    return 0 if p90 < GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
