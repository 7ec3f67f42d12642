"""The strategy lab's findings (not a timed test): seat advantage per game, and a few options' effects.

For each registered game at its fewest and most players, greedy bots in every seat play seeded
games (game ``i``: seed ``i``); per line, each seat's win rate (shares of shared wins) with the
first seat's 95 % Wilson interval, the first seat's edge over its fair share (1/n), the mean game
length and the winner's mean score. Then an option's effect on the same seeds (on against off).

    python benchmarks/bench_lab.py                 # a quick look: 40 games per line
    python benchmarks/bench_lab.py --games 500     # docs/benchmarks.md's figures ("Strategy lab findings")
"""
from __future__ import annotations

import argparse
import sys
import time

import gardenkit
from gardenkit.bots.lab import Setup, compare, simulate, summarize

#: (game, players, option) whose effect is measured (an option on against off)
EFFECTS = (("miyabi", 2, "zen"), ("miyabi", 2, "frog"), ("samurai_gardener", 2, "specialist"),
           ("tanuki", 2, "garden_master"))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per line (docs/benchmarks.md's figures: 500)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    args = ap.parse_args(argv)
    games = args.game or gardenkit.available_games()
    print(f"greedy bots in every seat, {args.games} seeded games per line")
    print(f"{'game':18} {'pl':>2} {'seat 1 win [95% CI]':>22} {'edge':>6} {'length':>7} {'winner':>7}  win rate by seat")
    for g in games:
        info = gardenkit.make(g).info
        for n in sorted({info.min_players, info.max_players}):
            t0 = time.process_time()
            s = summarize(simulate(Setup(g, n, "greedy"), args.games))
            lo, hi = s.seat_ci[0]
            print(f"{g:18} {n:>2} {s.seat_win_rate[0]:>8.0%} [{lo:>4.0%}, {hi:>4.0%}]     {100 * s.seat_advantage:>+5.0f} "
                  f"{s.mean_length:>7.1f} {s.winning_score:>7.1f}  {' '.join(f'{w:.0%}' for w in s.seat_win_rate)}"
                  f"   ({time.process_time() - t0:.0f} s CPU)", flush=True)
    print()
    print("an option's effect (same seeds, greedy bots): off -> on")
    for g, n, option in EFFECTS:
        if g not in games or option not in gardenkit.make(g).info.options:
            continue
        off, on = compare(Setup(g, n, "greedy"), Setup(g, n, "greedy", {option: True}), args.games)
        print(f"{g:18} {n:>2} {option:14} winner's mean {off.winning_score:.1f} -> {on.winning_score:.1f}, "
              f"length {off.mean_length:.1f} -> {on.mean_length:.1f}, seat 1 wins {off.seat_win_rate[0]:.0%} -> "
              f"{on.seat_win_rate[0]:.0%}", flush=True)
    if "karesansui" in games:
        a, b = compare(Setup("karesansui", 3, "greedy"), Setup("karesansui", 6, "greedy"), args.games)
        print(f"{'karesansui':18} 3 vs 6 players: winner's mean {a.winning_score:.1f} -> {b.winning_score:.1f} demerits, "
              f"length {a.mean_length:.1f} -> {b.mean_length:.1f}")


if __name__ == "__main__":
    sys.exit(main())
