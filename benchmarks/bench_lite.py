"""The static site (``make lite``: Voici on Pyodide, no server): how long each page takes to its
first board, on a cold cache and a warm one, and what it downloads on first open.

For each page (the gallery, the five games, the strategy lab), in headless Chromium against the
site served by a plain file server on 127.0.0.1 (as GitHub Pages serves it, but without gzip):

- **cold**: a fresh browser profile (empty cache) opens the page; the clock runs from the
  navigation to the first board drawn (a game page: its first lesson opened, as a learner
  clicks it once it is on screen, and its board shown; the gallery: its cards; the lab: its Run
  button); also reported: **words** (the page's title readable: the lessons' text shows while
  Python starts) and **ready** (the first lesson on screen, its button clickable);
- **warm**: the same profile opens the page again (the browser's cache holds Pyodide and the
  wheels). The cold load lists requests by intercepting them (to abort any that leaves
  127.0.0.1); interception turns Chromium's cache off, so the warm load only watches them;
- **CPU**: the CPU seconds Chromium's processes used meanwhile (all cores together): on a machine
  others share, wall time is mostly waiting for a core, and this is what the page itself cost;
- **first-open download**: every file the cold open fetched, in bytes and gzipped (what a host
  that compresses, as GitHub Pages does, sends). Every request that leaves 127.0.0.1 is counted
  as an error (there must be none).

Goals (issue 23): cold ≤ 15 s, warm ≤ 4 s, ≤ 15 MB gzipped on first open. Exit status 1 when one
is missed (``make bench`` names it), 2 when Chromium or the site's build is missing.

    python benchmarks/bench_lite.py                 # every page
    python benchmarks/bench_lite.py --pages miyabi  # one page
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the tests' harness: Chromium

PAGES = ["index", "samurai-gardener", "miyabi", "karesansui", "tanuki", "tang-garden", "strategy-lab"]
GOALS = {"cold_s": 15.0, "warm_s": 4.0, "gzip_mb": 15.0}
READY = {"index": ".gk-gallery", "strategy-lab": ".gk-lab-run"}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def browser_cpu() -> dict:
    """pid -> CPU seconds (user + system) used so far, for this process's descendants (Chromium,
    its renderers and workers): with the wall time, what a page costs on a machine others share."""
    me, tick = os.getpid(), os.sysconf("SC_CLK_TCK")
    parents, cpu = {}, {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(d.name)] = int(fields[1])
        cpu[int(d.name)] = (int(fields[11]) + int(fields[12])) / tick

    def under_me(pid):
        while pid in parents and pid > 1:
            pid = parents[pid]
            if pid == me:
                return True
        return False
    return {pid: c for pid, c in cpu.items() if under_me(pid)}


def cpu_since(before: dict) -> float:
    """CPU seconds used since ``before`` by the processes alive now (one that ended meanwhile,
    a closed page's renderer, neither adds nor takes away)."""
    return sum(max(0.0, c - before.get(pid, 0.0)) for pid, c in browser_cpu().items())


def router(base: str, fetched: list, offsite: list):
    """A route handler: requests to ``base`` go on (listed in ``fetched``), others are aborted
    (listed in ``offsite``)."""
    def route(r):
        url = r.request.url
        if url.startswith(base):
            fetched.append(url)
            r.continue_()
        elif url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            offsite.append(url)
            r.abort()
    return route


def first_board(page, name: str, timeout: float) -> tuple[float, float, float]:
    """(words readable, page ready, first board) in seconds from navigation, for a page whose
    navigation has just been asked for."""
    start = time.perf_counter()
    page.locator("h1").first.wait_for(state="visible", timeout=timeout)
    words = time.perf_counter() - start
    page.wait_for_selector(READY.get(name, ".gk-try, .gk-game"), state="visible", timeout=timeout)
    ready = time.perf_counter() - start
    if name in READY:
        return words, ready, ready
    lesson = page.locator(".gk-try").first
    button = lesson.locator("button.gk-open-lesson")
    if button.count():
        button.click()
    lesson.locator(".gk-board svg").first.wait_for(timeout=timeout)
    return words, ready, time.perf_counter() - start


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", nargs="*", default=PAGES)
    ap.add_argument("--site", default=str(REPO / "_site"))
    ap.add_argument("--no-build", action="store_true", help="use the site as it is")
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not args.no_build:
        done = subprocess.run(["make", "-s", "lite", f"LITE_OUT={site}"], cwd=REPO)
        if done.returncode:
            print("make lite failed", file=sys.stderr)
            return 2
    from harness import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    Quiet.extensions_map = {**Quiet.extensions_map, ".wasm": "application/wasm", ".mjs": "text/javascript"}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    load1 = os.getloadavg()[0]
    rows, missed = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        for name in args.pages:
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            fetched, offsite = [], []

            context.route("**/*", router(base, fetched, offsite))
            page = context.new_page()
            cpu0 = browser_cpu()
            page.goto(f"{base}voici/render/{name}.html", wait_until="commit", timeout=300_000)
            cold_words, cold_ready, cold = first_board(page, name, 300_000)
            cold_cpu = cpu_since(cpu0)
            files = {unquote(urlparse(u).path).lstrip("/") for u in fetched}
            paths = [site / f for f in files if (site / f).is_file()]
            raw = sum(p.stat().st_size for p in paths)
            gz = sum(len(gzip.compress(p.read_bytes(), 6)) for p in paths)
            page.close()
            context.unroute("**/*")  # interception turns the cache off: the warm load only watches
            context.on("request", lambda r: None if r.url.startswith((base, "data:", "blob:")) else offsite.append(r.url))
            page = context.new_page()
            cpu0 = browser_cpu()
            page.goto(f"{base}voici/render/{name}.html", wait_until="commit", timeout=300_000)
            warm_words, warm_ready, warm = first_board(page, name, 300_000)
            warm_cpu = cpu_since(cpu0)
            page.close()
            context.close()
            row = {"page": name, "cold_words_s": cold_words, "warm_words_s": warm_words, "cold_ready_s": cold_ready, "cold_s": cold, "warm_ready_s": warm_ready, "warm_s": warm,
                   "cold_cpu_s": cold_cpu, "warm_cpu_s": warm_cpu, "files": len(paths), "mb": raw / 1e6, "gzip_mb": gz / 1e6, "offsite": offsite}
            rows.append(row)
            print(f"{name:16} cold {cold_words:4.1f} s words, {cold_ready:5.1f} s ready, {cold:5.1f} s board ({cold_cpu:4.1f} s CPU) | warm "
                  f"{warm_words:4.1f} s words, {warm_ready:4.1f} s ready, {warm:4.1f} s board ({warm_cpu:4.1f} s CPU) | first open {len(paths)} files, {raw / 1e6:5.1f} MB, {gz / 1e6:5.1f} MB gzipped"
                  + (f" | OFF-SITE: {offsite}" if offsite else ""), flush=True)
            for key, goal in GOALS.items():
                if row[key] > goal:
                    missed.append(f"{name}: {key} {row[key]:.1f} > {goal}")
            if offsite:
                missed.append(f"{name}: {len(offsite)} requests left 127.0.0.1")
        browser.close()
    server.shutdown()
    print(f"(load average {load1:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, {os.cpu_count()} cores)")
    if missed:
        print("goals missed: " + "; ".join(missed))
        return 1
    print("every goal met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
