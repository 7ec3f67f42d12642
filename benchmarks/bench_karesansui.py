"""Engine figures for Karesansui (run by `make bench`, not by the tests).

- random games per second (3 and 6 players), seeded RandomBots through the contract;
- listing every legal bid at mid-game bidding positions (``rules.bids``: every sub-collection
  of the bidder's garden on every pile that it would undercut), what a board's live check and
  the bots need; the goal is under 30 ms (p90);
- every turn-in order of a garden (``rules.turn_in_orders``), what the turn-in chooser lists;
- a greedy-vs-greedy game;
- the worst cases: every bid of the largest garden play can make (18 rocks, two of each of nine
  kinds, at 6 players: 5 x 3**9 bids), and saves that are refused (a 30-rock garden, which
  before was loaded and listed 1.5 million bids in about 12 s; a bag of 40 000 unknown rocks;
  a deal with every garden full).

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
from gardenkit.games.karesansui.rules import _offers

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
            _offers.cache_clear()  # time the listing itself, not the table of a garden's offers kept from before
            t = clock()
            n = len(fn(s))
            dt = clock() - t
            best = dt if best is None else min(best, dt)
        times.append(best * 1000)
        sizes.append(n)
    return times, sizes


def worst_cases() -> list[tuple[str, float, str]]:
    """(what, milliseconds, result) for the worst cases of bidding and of loading a save."""
    import json

    from gardenkit.games.karesansui.setups import position

    out = []
    big = "R1 R1 Y1 Y1 G1 G1 B2 B2 W2 W2 R2 R2 Y3 Y3 G3 G3 B3 B3"
    s = position(players=6, gardens={0: big}, piles=["W1 W1 W1 W1 W1 W3", "R3 R3", "Y2 Y2 G2", "G2 W3", "B1 B1 B1"])
    _offers.cache_clear()
    t = clock()
    n = len(R.legal_actions(s))
    out.append(("legal actions, largest garden (18 rocks, 6p), first ask", (clock() - t) * 1000, f"{n} bids"))
    t = clock()
    R.legal_actions(s)
    out.append(("legal actions, largest garden, asked again", (clock() - t) * 1000, f"{n} bids"))
    bidding = position(players=4, gardens={0: "R1 Y2 G3 W1 W1"}, piles=["R3 Y3", "G3 B3", "W3 W3"]).to_dict()
    thirty = json.loads(json.dumps(bidding))
    extra = [r for r in thirty["bag"] if r != "K"][:25]
    for r in extra:
        thirty["bag"].remove(r)
    thirty["gardens"][0] = sorted(thirty["gardens"][0] + extra, key=lambda r: (int(r[1]), r[0]))
    unknown = dict(bidding, bag=[f"Q{i}" for i in range(40_000)])
    full = json.loads(json.dumps(R.initial_state(players=3, seed=1).to_dict()))
    for g in full["gardens"]:
        g.extend(full["bag"].pop() for _ in range(5))
        g.sort(key=lambda r: (int(r[1]), r[0]))
    for what, d in (("save with a 30-rock garden", thirty), ("save with 40 000 unknown rocks", unknown),
                    ("deal with every garden full", full)):
        t = clock()
        try:
            R.from_dict(d)
            result = "loaded"
        except ValueError as e:
            result = f"refused: {str(e)[:60]}…"
        out.append((what, (clock() - t) * 1000, result))
    return out


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
    print("\nworst cases")
    for what, ms, result in worst_cases():
        print(f"  {what:<58} {ms:9.2f} ms  {result}")
    ok = worst < GOAL_MS
    print(f"\nlisting the legal bids, worst p90 {worst:.2f} ms: goal < {GOAL_MS:.0f} ms {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
