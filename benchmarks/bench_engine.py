"""Engine figures for Samurai Gardener (run by `make bench`, not by the tests).

- full random games per second (2, 3 and 5 players; standard and specialist);
- the highlight: ``rules.targets`` of one line-up card (both ways up) in a mid-game house, as the
  board asks on every card pick: every legal placement with its points and every refused spot
  next to the house with its reason; the goal is under 30 ms;
- the specialist rule's worst case: ``explain`` of a card forming 10 lines at once (the full
  table, before and after the order search, is ``bench_samurai_worst.py``); goal well under 1 s.
"""
from __future__ import annotations

import argparse
import statistics
import time

import gardenkit
from gardenkit import CHANCE
from gardenkit.bots import RandomBot, play_game

R = gardenkit.make("samurai_gardener")


def games_per_second(players: int, specialist: bool, seconds: float) -> tuple[float, int, float]:
    """(games/s, games, placements/s): placements/s compares across decks and game lengths."""
    start, n, placed = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds or n < 3:
        s = R.initial_state(players=players, seed=n, specialist=specialist)
        final = play_game(R, s, [RandomBot(n + i) for i in range(players)])
        placed += sum(len(h.placed) - 1 for h in final.houses)
        n += 1
    elapsed = time.perf_counter() - start
    return n / elapsed, n, placed / elapsed


def mid_game_states(count: int, cards_in_house: int = 10):
    """Positions where the player to move already has ``cards_in_house`` cards.

    Random play: greedy games end at 25 points before a house holds that many cards."""
    out = []
    for seed in range(1000):
        if len(out) == count:
            break
        s = R.initial_state(players=2, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while not R.is_terminal(s):
            p = R.current_player(s)
            if p is CHANCE:
                s = R.step_chance(s)
                continue
            if len(s.houses[p].placed) >= cards_in_house:
                out.append(s)
                break
            s = R.apply(s, bots[p].choose(R, s))
    if len(out) < count:
        raise RuntimeError(f"found only {len(out)} positions with {cards_in_house} cards in a house")
    return out


def highlight(s) -> int:
    """What the board asks on a card pick, both ways up: the card's targets (legal spots with
    their points, refused ones with their reason). Returns the number of legal spots."""
    card = s.lineup[0]
    return sum(1 for turned in (False, True) for t in R.targets(s, (card, turned)) if t.legal)


def bench_highlight(repeat: int) -> dict:
    states = mid_game_states(10)
    times, spots = [], []
    for s in states:
        for _ in range(repeat):
            t = time.perf_counter()
            spots.append(highlight(s))
            times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return {
        "median_ms": statistics.median(times),
        "p90_ms": times[int(len(times) * 0.9)],
        "max_ms": times[-1],
        "spots": statistics.median(spots),
        "house_cards": len(states[0].houses[R.current_player(states[0])].placed),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per games/s measurement")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    print("samurai_gardener engine")
    for players, specialist in ((2, False), (3, False), (5, False), (3, True)):
        rate, n, moves = games_per_second(players, specialist, args.seconds)
        label = f"{players}p{' specialist' if specialist else ''}"
        print(f"  random games/s     {label:14} {rate:7.1f}  ({n} games, {moves:6.0f} placements/s)", flush=True)
    h = bench_highlight(args.repeat)
    print(
        f"  highlight (targets of a card, both ways: legal spots with points, refused with reasons; house of {h['house_cards']} cards, "
        f"~{h['spots']:.0f} spots): median {h['median_ms']:.1f} ms, p90 {h['p90_ms']:.1f} ms, "
        f"max {h['max_ms']:.1f} ms (goal < 30 ms)"
    )
    worst = worst_case_explain(args.repeat)
    print(f"  worst case (specialist, one card forming 10 lines): explain {worst * 1000:.1f} ms (goal < 500 ms)")
    return 0 if h["p90_ms"] < 30 and worst < 0.5 else 1


def worst_case_explain(repeat: int) -> float:
    """Median seconds of ``explain`` of the placement that forms 10 lines (``setups.many_lines``)."""
    from gardenkit.games.samurai_gardener import Place
    from gardenkit.games.samurai_gardener.setups import many_lines

    s = many_lines(10)
    a = Place(s.lineup[0], 2, 3)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        R.explain(s, a)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


if __name__ == "__main__":
    raise SystemExit(main())
