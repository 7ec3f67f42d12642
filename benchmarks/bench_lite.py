"""The static site (``make lite``: Voici on Pyodide, no server): how long each page takes to its
first board, on a cold cache and a warm one, and what it downloads on first open.

For each page (the gallery, the five games, the strategy lab), in headless Chromium against the
site served by a plain file server on 127.0.0.1 (as GitHub Pages serves it, but without gzip):

- **cold**: a fresh browser profile (empty cache) opens the page; the clock runs from the
  navigation to the first board drawn (a game page: its first lesson opened, as a learner
  clicks it once it is on screen, and its board shown; the gallery: its cards; the lab: its Run
  button); also reported: **words** (the page's title readable: the lessons' text shows while
  Python starts) and **ready** (the first lesson on screen, its button clickable);
- **warm**: the same profile opens the page again (the browser's disk cache holds Pyodide, its
  compiled WebAssembly and the wheels), as a learner's second visit. Each page gets a fresh
  profile on disk: an in-memory context (Playwright's default) keeps neither the 8.6 MB
  WebAssembly nor its compiled code, and intercepting requests turns the cache off, so other
  hosts are made not to resolve instead, and any request to one is listed;
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
import gzip
import os
import subprocess
import sys
import tempfile
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
    from harness import CHROMIUM, CHROMIUM_ARGS, NO_OTHER_HOST, static_site

    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with static_site(site) as base:
        load1 = os.getloadavg()[0]
        rows, missed = [], []
        # a learner's browser keeps a disk cache, and with it the compiled WebAssembly of a page it has
        # run (an 8.6 MB module): each page gets a fresh profile on disk, opened twice. Nothing may
        # leave 127.0.0.1: other hosts do not resolve (no request is intercepted, which would turn the
        # cache off), and every request to one is listed as an error.
        with sync_playwright() as pw:
            for name in args.pages:
                fetched, offsite = [], []
                profile = tempfile.TemporaryDirectory(prefix="gk-bench-lite-")
                context = pw.chromium.launch_persistent_context(
                    profile.name, executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_OTHER_HOST],
                    viewport={"width": 1280, "height": 1000})
                watching = [True]

                def seen(r, watching=watching, fetched=fetched, offsite=offsite):
                    if r.url.startswith(base):
                        if watching[0]:
                            fetched.append(r.url)
                    elif not r.url.startswith(("data:", "blob:")):
                        offsite.append(r.url)
                context.on("request", seen)
                page = context.new_page()
                cpu0 = browser_cpu()
                page.goto(f"{base}voici/render/{name}.html", wait_until="commit", timeout=300_000)
                cold_words, cold_ready, cold = first_board(page, name, 300_000)
                cold_cpu = cpu_since(cpu0)
                files = {unquote(urlparse(u).path).lstrip("/") for u in fetched}
                paths = [site / f for f in files if (site / f).is_file()]
                raw = sum(p.stat().st_size for p in paths)
                gz = sum(len(gzip.compress(p.read_bytes(), 6)) for p in paths)
                page.wait_for_selector("#loading", state="detached", timeout=300_000)  # the notebook has run: all cached
                page.close()
                watching[0] = False
                page = context.new_page()
                cpu0 = browser_cpu()
                page.goto(f"{base}voici/render/{name}.html", wait_until="commit", timeout=300_000)
                warm_words, warm_ready, warm = first_board(page, name, 300_000)
                warm_cpu = cpu_since(cpu0)
                page.close()
                context.close()
                profile.cleanup()
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
        print(f"(load average {load1:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, {os.cpu_count()} cores)")
        if missed:
            print("goals missed: " + "; ".join(missed))
            return 1
        print("every goal met")
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
