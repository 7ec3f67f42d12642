"""A class on one machine: learners loading a dashboard and playing (issue 15, "A class that
starts together").

One server, started as ``make dashboards`` starts it (``python -m gardenkit.server`` with the
same options: culling, the preheated pool (``--pool``/``--game``), the kernels' transport), serves
``notebooks/``. Learners at protocol level (``loadkit.ProtocolLearner``: the render page with its
cookies, the kernel websocket with the v1 subprotocol, every widget's state, the game opened (the
page shows it as a cover with a "Play a game" button until clicked), then real clicks on
the game's board: a ``comm_msg`` of the kind the board's front end sends, answered by the board's
redraw) and one real Chromium page (``loadkit.BrowserLearner``) come in three phases:

1. **a class that starts together**: ``--burst`` learners (20) arrive within ``--window`` (2 s),
   one of them in Chromium. Each one's "usable board" time runs from its arrival to its first
   click answered (the game opened first). Goal: every learner has one, p90 within 8 s. Then they close their tabs.
2. **a class arriving**: ``--learners`` (100) arrive evenly over ``--over`` seconds (1.2 s each:
   2 minutes); the first ``--players`` (60) play from their arrival on (a click every
   ``--interval`` seconds on average), the others stay, idle. Goal: every learner gets a kernel
   (and a usable board).
3. **steady play**: once the pool has refilled, the ``--players`` keep playing for ``--play``
   seconds. Goal: click p90 under 50 ms.

``--config before`` serves as before issue 15 (a pool of 1 per notebook, kernels over TCP);
``--config after`` (the default) as a teacher would for this class (``--pool`` = the burst for the
game of the day, kernels over IPC). ``--pool``, ``--transport`` override either.

::

    python benchmarks/bench_load.py                     # the whole class (about 5 minutes)
    python benchmarks/bench_load.py --learners 5        # a small class: 5 arrive, 5 play
    python benchmarks/bench_load.py --config before --no-browser

Exit status 1 when a goal is missed (``make bench`` names it), 2 when the machine lacks what the
run needs (Chromium, memory). The figures depend on what else runs on the 2 cores: the share of
the machine other processes used during each phase is printed with them.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "tests"))  # the tests' harness: Chromium, VoilaServer

from loadkit import (  # noqa: E402
    BrowserLearner,
    ProtocolLearner,
    http_client,
    kernel_processes,
    machine_busy,
    percentile,
    summary_ms,
    tree_cpu,
    tree_rss_mb,
    wait_quiet,
    wait_refilled,
)

from harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer  # noqa: E402

from gardenkit.server import game_notebook  # noqa: E402

NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "test-artifacts"

#: Goals (issue 15), on this 2-core machine.
BURST_P90_GOAL = 8.0  # s: usable board, learners arriving together
CLICK_P90_GOAL = 0.050  # s: steady clicks with the players playing
#: Stop new arrivals when the machine has less memory available than this (MB).
MEMORY_FLOOR_MB = 1500


class Phase:
    """CPU of the server tree and of the whole machine over one phase."""

    def __init__(self, server_pid: int) -> None:
        self.pid = server_pid
        self.t0 = time.monotonic()
        self.cpu0 = sum(tree_cpu(server_pid).values())
        self.busy0, self.total0 = machine_busy()
        self.bench0 = os.times()

    def end(self) -> dict:
        wall = time.monotonic() - self.t0
        ours = sum(tree_cpu(self.pid).values()) - self.cpu0
        busy, total = machine_busy()
        bench = os.times()
        bench_cpu = (bench.user - self.bench0.user) + (bench.system - self.bench0.system)
        machine = busy - self.busy0
        cores = (total - self.total0) / wall if wall else 0
        # the kernels that exited during the phase are not counted in ours: the rest is others'
        others = max(0.0, machine - ours - bench_cpu)
        return {"wall": wall, "server_cpu": ours, "bench_cpu": bench_cpu,
                "others_share": others / (cores * wall) if wall and cores else 0.0}


def _fmt(s: dict) -> str:
    if not s.get("n"):
        return "none"
    return f"{s['median'] / 1000:.1f} / {s['p90'] / 1000:.1f} / {s['max'] / 1000:.1f} s"


def _fmt_ms(s: dict) -> str:
    if not s.get("n"):
        return "none"
    return f"{s['median']:.0f} / {s['p90']:.0f} / {s['max']:.0f} ms ({s['n']} clicks)"


async def burst(server, args, browser) -> dict:
    """Phase 1: ``args.burst`` learners within ``args.window`` seconds; then they leave."""
    client = http_client()
    phase = Phase(server.proc.pid)
    learners: list = []
    # the Chromium page arrives in the middle of the class
    browser_at = args.burst // 2 if browser is not None else -1
    tasks = []
    t0 = time.monotonic()
    for i in range(args.burst):
        at = t0 + args.window * i / max(1, args.burst - 1) if args.burst > 1 else t0
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        if i == browser_at:
            learner = BrowserLearner(browser, server.url(args.notebook), timeout=args.timeout)
        else:
            learner = ProtocolLearner(server.base_url, args.notebook, client=client, seed=i,
                                      timeout=args.timeout)
        learners.append(learner)
        tasks.append(asyncio.ensure_future(learner.arrive()))
    await asyncio.gather(*tasks)
    usage = phase.end()
    peak_kernels = len(kernel_processes(server.proc.pid))
    rss = tree_rss_mb(server.proc.pid)
    for learner in learners:
        await learner.leave()
    times = [lr.t for lr in learners]
    usable = [t.usable for t in times if t.usable is not None]
    failed = [t.error for t in times if t.error]
    chromium = next((lr.t for lr in learners if isinstance(lr, BrowserLearner)), None)
    return {
        "learners": len(learners),
        "usable": summary_ms(usable),
        "usable_p90_s": percentile(usable, 0.9) if usable else None,
        "page": summary_ms([t.page for t in times if t.page is not None]),
        "states": summary_ms([t.states for t in times if t.states is not None]),
        "opened": summary_ms([t.opened for t in times if t.opened is not None]),
        "failed": failed,
        "chromium": None if chromium is None else {"usable": chromium.usable, "page": chromium.page,
                                                   "board": chromium.opened, "error": chromium.error},
        "widgets": max((lr.t.widgets for lr in learners if isinstance(lr, ProtocolLearner)), default=0),
        "kernels": peak_kernels,
        "rss_mb": rss,
        **usage,
    }


async def arriving_class(server, args) -> dict:
    """Phases 2 and 3: ``args.learners`` arrive over ``args.over`` seconds, ``args.players`` of
    them play; after the last arrival and the pool's refill, ``args.play`` seconds of steady play."""
    import psutil

    client = http_client()
    phase = Phase(server.proc.pid)
    learners: list[ProtocolLearner] = []
    arrivals, players = [], []
    stop_playing = time.monotonic() + 10**6  # set once the steady window is known
    not_started = 0
    t0 = time.monotonic()

    async def one(i: int, learner: ProtocolLearner) -> None:
        await learner.arrive()
        if i < args.players and learner.t.usable is not None:
            lo, hi = args.interval * 0.5, args.interval * 1.5
            # play in 5 s stretches, so that a stop set later (the steady window) is seen
            while time.monotonic() < stop_playing and not learner.closed:
                await learner.play(min(stop_playing, time.monotonic() + 5.0), (lo, hi))

    for i in range(args.learners):
        at = t0 + args.over * i / max(1, args.learners - 1) if args.learners > 1 else t0
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        if psutil.virtual_memory().available / 2**20 < MEMORY_FLOOR_MB:
            not_started = args.learners - i
            print(f"  stopped arrivals at learner {i + 1}: less than {MEMORY_FLOOR_MB} MB of memory "
                  "available", flush=True)
            break
        learner = ProtocolLearner(server.base_url, args.notebook, client=client, seed=1000 + i,
                                  timeout=args.timeout)
        learners.append(learner)
        (players if i < args.players else arrivals).append(asyncio.ensure_future(one(i, learner)))
        if (i + 1) % 20 == 0:
            print(f"  {i + 1} learners arrived ({len(kernel_processes(server.proc.pid))} kernels)",
                  flush=True)
    await asyncio.gather(*arrivals)
    # every arrival done (the players' first clicks too): wait until they all have a board
    while any(lr.t.usable is None and lr.t.error is None for lr in learners):
        await asyncio.sleep(0.5)
    arrived_at = time.monotonic()
    arrival_usage = phase.end()
    peak_kernels = len(kernel_processes(server.proc.pid))
    rss = tree_rss_mb(server.proc.pid)
    live = sum(1 for lr in learners if lr.t.socket is not None)
    refill = await wait_refilled(server.proc.pid, kernels=args.expected + live, timeout=300)
    steady = Phase(server.proc.pid)
    steady_from = time.monotonic()
    stop_playing = steady_from + args.play
    await asyncio.gather(*players)
    steady_usage = steady.end()
    for learner in learners:
        await learner.leave()

    times = [lr.t for lr in learners]
    usable = [t.usable for t in times if t.usable is not None]
    during, steady_clicks = [], []
    for t in times:
        for took, at in zip(t.clicks, t.click_times):
            if at < arrived_at:
                during.append(took)
            elif at >= steady_from:
                steady_clicks.append(took)
    got_kernel = sum(1 for t in times if t.socket is not None)
    return {
        "learners": args.learners,
        "started": len(learners),
        "not_started": not_started,
        "got_kernel": got_kernel,
        "usable_count": len(usable),
        "usable": summary_ms(usable),
        "failed": [t.error for t in times if t.error],
        "clicks_arriving": summary_ms(during),
        "clicks_steady": summary_ms(steady_clicks),
        "click_p90_s": percentile(steady_clicks, 0.9) if steady_clicks else None,
        "refill_wait": refill,
        "kernels": peak_kernels,
        "rss_mb": rss,
        "arriving": arrival_usage,
        "steady": steady_usage,
    }


async def run(args) -> dict:
    ARTIFACTS.mkdir(exist_ok=True)
    extra = [
        # as `make dashboards` starts it (see the Makefile), on a free port of 127.0.0.1
        "--MappingKernelManager.cull_idle_timeout=900",
        "--MappingKernelManager.cull_interval=60",
        "--preheat_kernel=True",
        f"--pool={args.pool}",
        *( [f"--game={args.game}"] if args.game else [] ),
        f"--KernelManager.transport={args.transport}",
        *( [f"--GardenkitPool.max_starting={args.max_starting}"] if args.max_starting is not None else [] ),
        # the benchmark's learners click as fast as the page lets them; no rate limit reached
    ]
    others = len(list(NOTEBOOKS.glob("*.ipynb"))) - 1
    expected = args.expected = args.pool + others if args.game else args.pool * (others + 1)
    result: dict = {"config": args.config, "pool": args.pool, "game": args.game,
                    "transport": args.transport, "notebook": args.notebook,
                    "loadavg_before": os.getloadavg()}
    log = ARTIFACTS / f"bench-load-{args.config}.log"
    browser = pw = None
    with VoilaServer(NOTEBOOKS, extra_args=extra, log_path=log, startup_timeout=180) as server:
        t0 = time.monotonic()
        await wait_quiet(server.proc.pid, kernels=expected, quiet=2.0, timeout=600)
        result["warm_up"] = time.monotonic() - t0
        result["warm_kernels"] = len(kernel_processes(server.proc.pid))
        result["warm_rss_mb"] = tree_rss_mb(server.proc.pid)
        print(f"  pool warm: {result['warm_kernels']} kernels in {result['warm_up']:.0f} s, "
              f"{result['warm_rss_mb']:.0f} MB", flush=True)
        try:
            if args.browser:
                from playwright.async_api import async_playwright

                pw = await async_playwright().start()
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            if args.burst:
                result["burst"] = await burst(server, args, browser)
                b = result["burst"]
                print(f"  burst: usable p90 {b['usable_p90_s'] or float('nan'):.1f} s, "
                      f"{len(b['failed'])} failed", flush=True)
                await wait_quiet(server.proc.pid, kernels=expected, quiet=2.0, timeout=600)
        finally:
            if browser is not None:
                await browser.close()
            if pw is not None:
                await pw.stop()
        if args.learners:
            result["class"] = await arriving_class(server, args)
        result["server_log_errors"] = sum(
            1 for line in log.read_text(errors="replace").splitlines()
            if "Address already in use" in line or "Traceback" in line)
    return result


def report(result: dict, args) -> list[str]:
    """Print the table; return the goals missed."""
    missed: list[str] = []
    starting = {None: "the server's default", 0: "no limit"}.get(args.max_starting, args.max_starting)
    cfg = (f"{result['config']}: pool {result['pool']}"
           f"{' for ' + result['game'] if result['game'] else ' per notebook'}, kernels over "
           f"{result['transport']}, pool kernels starting at once: {starting}")
    print(f"\n### Load, {result['notebook']} ({cfg})\n")
    print(f"pool warm-up: {result['warm_kernels']} kernels in {result['warm_up']:.0f} s "
          f"({result['warm_rss_mb'] / 1024:.1f} GB); load average before: "
          f"{result['loadavg_before'][0]:.1f}\n")
    print("| scenario | goal | median / p90 / max | result |")
    print("|---|---|---|---|")
    b = result.get("burst")
    if b:
        ok = not b["failed"] and b["usable_p90_s"] is not None and b["usable_p90_s"] <= BURST_P90_GOAL
        if not ok:
            missed.append(f"{b['learners']} learners within {args.window:g} s: usable board p90 "
                          f"{b['usable_p90_s'] or float('nan'):.1f} s (goal {BURST_P90_GOAL:g} s), "
                          f"{len(b['failed'])} without a board")
        print(f"| {b['learners']} learners within {args.window:g} s: usable board | p90 ≤ "
              f"{BURST_P90_GOAL:g} s | {_fmt(b['usable'])} | "
              f"{'met' if ok else '**missed**'}: {b['learners'] - len(b['failed'])}/{b['learners']} usable |")
        print(f"| … page received | | {_fmt(b['page'])} | |")
        print(f"| … widget states received | | {_fmt(b['states'])} | {b['widgets']} widgets |")
        if b.get("opened", {}).get("n"):
            print(f"| … the game opened (its cover clicked, the game view built) | | {_fmt(b['opened'])} | |")
        c = b.get("chromium")
        if c:
            shown = "–" if c["board"] is None else f"{c['board']:.1f} s"
            answered = "–" if c["usable"] is None else f"{c['usable']:.1f} s"
            print(f"| … the Chromium page: board shown, first click answered | | {shown}, {answered} | "
                  f"{c['error'] or 'ok'} |")
        print(f"| … CPU (server + kernels) | | {b['server_cpu']:.0f} s in {b['wall']:.0f} s | "
              f"other processes: {b['others_share'] * 100:.0f} % of the machine |")
    c = result.get("class")
    if c:
        ok = c["got_kernel"] == c["learners"] and c["usable_count"] == c["learners"]
        if not ok:
            missed.append(f"{c['learners']} learners over {args.over:g} s: {c['got_kernel']} got a kernel, "
                          f"{c['usable_count']} a usable board")
        print(f"| {c['learners']} learners over {args.over:g} s: a kernel each | all | "
              f"{_fmt(c['usable'])} (usable board) | {'met' if ok else '**missed**'}: "
              f"{c['got_kernel']}/{c['learners']} kernels, {c['usable_count']} usable |")
        print(f"| … clicks while the class arrives ({args.players} playing) | | "
              f"{_fmt_ms(c['clicks_arriving'])} | |")
        a = c["arriving"]
        print(f"| … CPU (server + kernels) | | {a['server_cpu']:.0f} s in {a['wall']:.0f} s | "
              f"other processes: {a['others_share'] * 100:.0f} % of the machine; peak {c['kernels']} "
              f"kernels, {c['rss_mb'] / 1024:.1f} GB |")
        s = c["clicks_steady"]
        ok = c["click_p90_s"] is not None and c["click_p90_s"] < CLICK_P90_GOAL
        if not ok:
            missed.append(f"steady clicks with {args.players} playing: p90 "
                          f"{(c['click_p90_s'] or float('nan')) * 1000:.0f} ms (goal under "
                          f"{CLICK_P90_GOAL * 1000:.0f} ms)")
        st = c["steady"]
        print(f"| steady clicks, {args.players} playing ({args.play:g} s) | p90 < "
              f"{CLICK_P90_GOAL * 1000:.0f} ms | {_fmt_ms(s)} | {'met' if ok else '**missed**'} "
              f"(other processes: {st['others_share'] * 100:.0f} %) |")
    errors = result.get("server_log_errors", 0)
    print(f"\nserver log: {errors} lines with 'Address already in use' or a traceback")
    failures = [*(b or {}).get("failed", []), *(c or {}).get("failed", [])]
    if failures:
        print("learners without a board: " + "; ".join(sorted(set(failures))[:5]))
    return missed


def _interrupt(_signum, _frame) -> None:
    raise KeyboardInterrupt


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--config", choices=["before", "after"], default="after",
                    help="before: pool of 1 per notebook, TCP; after: --pool for the game, IPC")
    ap.add_argument("--notebook", default="miyabi",
                    help="the game of the day (default: miyabi, the heaviest page)")
    ap.add_argument("--learners", type=int, default=100, help="the class arriving (phase 2)")
    ap.add_argument("--over", type=float, default=None, help="seconds they arrive over (1.2 s each)")
    ap.add_argument("--burst", type=int, default=None, help="learners arriving together (20)")
    ap.add_argument("--window", type=float, default=2.0, help="seconds the burst arrives within")
    ap.add_argument("--players", type=int, default=None, help="learners playing (60)")
    ap.add_argument("--play", type=float, default=30.0, help="seconds of steady play measured")
    ap.add_argument("--interval", type=float, default=1.0, help="seconds between a player's clicks")
    ap.add_argument("--pool", type=int, default=None, help="pre-warmed kernels for the game")
    ap.add_argument("--transport", choices=["ipc", "tcp"], default=None)
    ap.add_argument("--max-starting", type=int, default=None,
                    help="pool kernels starting at once (before: 0, no limit; after: the server's default)")
    ap.add_argument("--no-browser", dest="browser", action="store_false",
                    help="no Chromium page in the burst")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds a learner waits per step")
    ap.add_argument("--json", type=Path, default=None, help="also write every figure here")
    args = ap.parse_args(argv)
    args.over = args.over if args.over is not None else 1.2 * args.learners
    args.burst = args.burst if args.burst is not None else min(20, args.learners)
    args.players = min(args.players if args.players is not None else 60, args.learners)
    args.notebook = game_notebook(NOTEBOOKS, args.notebook)
    before = args.config == "before"
    args.pool = args.pool if args.pool is not None else (1 if before else max(1, args.burst))
    args.game = None if before else args.notebook[: -len(".ipynb")]
    args.transport = args.transport or ("tcp" if before else "ipc")
    if args.max_starting is None and before:
        args.max_starting = 0  # Voilà's own way: every refill at once
    if args.browser and not Path(CHROMIUM).exists():
        print(f"bench_load: {CHROMIUM} not found (apt-get install chromium), or --no-browser",
              file=sys.stderr)
        return 2
    print(f"bench_load: {args.config}: {args.notebook}, pool {args.pool}, {args.transport}; "
          f"{args.burst} within {args.window:g} s, then {args.learners} over {args.over:g} s, "
          f"{args.players} playing", flush=True)
    # a TERM (a timeout, make's interrupt) unwinds like Ctrl-C, so the server and its kernels stop
    signal.signal(signal.SIGTERM, _interrupt)
    result = asyncio.run(run(args))
    missed = report(result, args)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, default=str))
    if missed:
        print("\nbench_load: goal missed: " + "; ".join(missed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
