"""The worst case of Samurai Gardener's specialist rule (run by hand or `make bench`, not by the tests).

One card placed into a 2x3 hole of the house (``setups.many_lines``) forms 4 to 10 lines at once,
10 being the most one card can form. Under the specialist rule the player chooses the order the
lines score in, and ``explain`` itemises the best order. It used to try every order
(``len(lines)!`` of them, twice); it now searches (lines left, markers, types scored) with
memoisation. This times ``explain`` of that placement both ways:

- after: ``rules.explain`` as shipped;
- before: the same call with the order search swapped for the every-order reference
  (``_order_outcomes_by_permutation``, what the rules used before), up to ``--before-max`` lines
  (each line more multiplies the time by the number of lines).

Measured on the shared 2-core machine (`--before-max 10`; explain of the placement; before: one
call, after: median of 5):

    lines   before (every order)   after (search)
      4          0.001 s              0.2 ms
      6          0.043 s              0.5 ms
      8          2.6 s                0.8 ms
      9         26 s                  1.5 ms
     10        263 s                  1.2 ms

(A first run under more load gave 6.5 s, 31 s and 391 s for 8, 9 and 10 lines before.)
"""
from __future__ import annotations

import argparse
import statistics
import time

import gardenkit
from gardenkit.games.samurai_gardener import Place
from gardenkit.games.samurai_gardener.setups import many_lines


class EveryOrder(type(gardenkit.make("samurai_gardener"))):
    """The rules with the order search of before: every order tried."""

    def _order_outcomes(self, runs, markers, round_no, prior_scored=()):
        return self._order_outcomes_by_permutation(runs, markers, round_no, prior_scored)


def time_explain(rules, lines: int, repeat: int) -> tuple[float, int]:
    """(median seconds of one ``explain``, its points) of the worst-case placement."""
    s = many_lines(lines)
    a = Place(s.lineup[0], 2, 3)
    times, points = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        points = rules.explain(s, a).points
        times.append(time.perf_counter() - t)
    return statistics.median(times), points


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--before-max", type=int, default=7,
                    help="the most lines to time the every-order search for (8: ~7 s, 9: ~30 s, 10: ~7 min)")
    args = ap.parse_args(argv)
    after_rules, before_rules = gardenkit.make("samurai_gardener"), EveryOrder()
    print("samurai_gardener specialist worst case: explain of one card forming N lines")
    print("  lines   before (every order)   after (search)   points")
    worst = 0.0
    for n in range(4, 11):
        after, points = time_explain(after_rules, n, args.repeat)
        worst = max(worst, after)
        if n <= args.before_max:
            before, old_points = time_explain(before_rules, n, 1)
            assert old_points == points, "the search and every order disagree"
            shown = f"{before:10.3f} s"
        else:
            shown = "   (skipped)"
        print(f"  {n:5}   {shown:>20}   {after * 1000:10.1f} ms   {points:6}", flush=True)
    print(f"  slowest explain after: {worst * 1000:.1f} ms (goal: well under a second)")
    return 0 if worst < 0.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
