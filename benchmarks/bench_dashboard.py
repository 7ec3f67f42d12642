"""Our board against the stack's limit: click -> board updated, side by side in one run.

Both notebooks are served by one Voilà (gardenkit's launcher, TCP_NODELAY on) and clicked in one
Chromium, in alternating rounds so that drift on the machine hits both alike:

- the bare echo board (``echo.ipynb``): a 6x6 SVG anywidget whose Python only marks the cell;
- our Samurai Gardener board (``samurai_click.ipynb``), alternating two real clicks: pick a card
  (the engine lists and scores every spot; the board redraws with badges), place it on the
  first legal spot (the engine applies the move and deals; the board redraws).

Goal: our median within 1.2x of the echo board's. Exit status 1 when it is not.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))  # the tests' harness

from bench_click import ECHO_SNAPSHOT, echo_cell, measure  # noqa: E402

from harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer  # noqa: E402

SAMURAI_SNAPSHOT = "document.querySelector('.gk-board svg')?.getAttribute('data-version')"
GOAL = 1.2


def samurai_click(_page, i: int) -> str:
    """Even clicks pick the first line-up card, odd clicks place it on the first legal spot."""
    if i % 2 == 0:
        return ".gk-board [data-card] >> nth=0"
    return ".gk-board .gk-spot:not(.gk-illegal) >> nth=0"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds per board")
    ap.add_argument("--n", type=int, default=20, help="measured clicks per round (even)")
    ap.add_argument("--nodelay", choices=["on", "off"], default="on")
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"bench_dashboard: {CHROMIUM} not found (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    boards = {
        "echo board (bare SVG anywidget)": ("echo.ipynb", echo_cell, ECHO_SNAPSHOT),
        "Samurai Gardener board (pick, place)": ("samurai_click.ipynb", samurai_click, SAMURAI_SNAPSHOT),
    }
    samples = {label: [] for label in boards}
    with sync_playwright() as pw, VoilaServer(HERE, nodelay=args.nodelay == "on",
                                              log_path=HERE.parent / "test-artifacts" / "bench-dashboard.log") as server:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        try:
            for r in range(args.rounds):
                for label, (nb, target, snapshot) in boards.items():
                    page = browser.new_page(viewport={"width": 1200, "height": 900})
                    errors = []
                    page.on("pageerror", lambda exc: errors.append(str(exc)))
                    got = measure(page, server.url(nb), target, snapshot, args.n, warmup=2, pause_ms=200)
                    page.close()
                    if errors:
                        raise SystemExit(f"page errors on {nb}: {errors}")
                    samples[label] += got
                    print(f"  round {r + 1} {label}: median {statistics.median(got):.1f} ms", flush=True)
        finally:
            browser.close()
    print()
    print(f"| board (TCP_NODELAY {args.nodelay}) | clicks | median | p90 |")
    print("|---|---|---|---|")
    med = {}
    for label, s in samples.items():
        s = sorted(s)
        med[label] = statistics.median(s)
        print(f"| {label} | {len(s)} | {med[label]:.1f} ms | {s[int(len(s) * 0.9)]:.1f} ms |")
    echo, ours = med.values()
    ratio = ours / echo
    print(f"\nRESULT ratio ours/echo = {ratio:.2f} (goal <= {GOAL})")
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
