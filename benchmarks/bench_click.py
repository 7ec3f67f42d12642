"""Click -> updated page latency of a board served by Voilà, measured in Chromium.

What it measures: the time from a real mouse click (Playwright, via the browser's
input pipeline) to the moment the page's DOM shows the new state, both taken
inside the page with ``performance.now()``: a capturing ``click`` listener on
``document`` stamps the start, a ``MutationObserver`` stamps the end when a
"snapshot" expression (e.g. the board's ``data-version``) changes. Network,
tornado, the kernel, the widget's Python and its JavaScript are all inside it.

The server is started with gardenkit's launcher (``python -m gardenkit.server``),
once with TCP_NODELAY on its websockets and once without (GARDENKIT_NODELAY=0).

Default: the bare echo board (``benchmarks/echo.ipynb``), i.e. the stack's limit.
Another board plugs in through flags, or by calling :func:`measure`::

    python benchmarks/bench_click.py                      # echo board, nodelay on and off
    python benchmarks/bench_click.py --n 50 --modes on
    python benchmarks/bench_click.py --label "samurai gardener" \
        --notebook notebooks/samurai-gardener.ipynb \
        --click-selector ".gk-board [data-action]" --pick cycle \
        --snapshot-js "document.querySelector('.gk-log').textContent"

Each measured configuration prints one line starting with ``RESULT`` and one
Markdown table row (``| board | nodelay | n | median | p90 |``) for docs/benchmarks.md
(section "TCP_NODELAY").
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))  # gardenkit.server, also when run from a plain checkout
sys.path.insert(0, str(REPO / "tests"))  # the tests' harness: Chromium, VoilaServer

from harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer  # noqa: E402

#: A click target for click number i (0-based): a CSS selector, or a callable
#: (page, i) -> selector.
ClickTarget = Callable[[object, int], str]

_INSTALL_JS = """
() => {
  if (window.__gkBench) return;
  const b = { t0: null, t1: null, before: null, snap: null, observer: null };
  window.__gkBench = b;
  document.addEventListener("click", () => {
    if (b.t0 === null) b.t0 = performance.now();
  }, true);
}
"""

_ARM_JS = """
(snapshotJs) => {
  const b = window.__gkBench;
  if (b.observer) b.observer.disconnect();
  b.snap = new Function("return (" + snapshotJs + ");");
  b.before = String(b.snap());
  b.t0 = null;
  b.t1 = null;
  b.observer = new MutationObserver(() => {
    if (b.t1 === null && b.t0 !== null && String(b.snap()) !== b.before) {
      b.t1 = performance.now();
    }
  });
  b.observer.observe(document.body, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  return b.before;
}
"""


@dataclass
class Result:
    label: str
    nodelay: bool
    samples_ms: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.samples_ms)

    @property
    def p90(self) -> float:
        s = sorted(self.samples_ms)
        return s[max(0, math.ceil(0.9 * len(s)) - 1)]

    def result_line(self) -> str:
        s = self.samples_ms
        return (
            f"RESULT board={self.label!r} nodelay={'on' if self.nodelay else 'off'} "
            f"n={len(s)} median={self.median:.1f}ms p90={self.p90:.1f}ms "
            f"min={min(s):.1f}ms max={max(s):.1f}ms"
        )

    def markdown_row(self) -> str:
        return (
            f"| {self.label} | {'on' if self.nodelay else 'off'} | {len(self.samples_ms)} "
            f"| {self.median:.1f} ms | {self.p90:.1f} ms |"
        )


def measure(
    page,
    page_url: str,
    click_target: str | ClickTarget,
    snapshot_js: str,
    n: int = 30,
    *,
    warmup: int = 3,
    ready_selector: str | None = None,
    timeout_ms: float = 10_000,
    load_timeout_ms: float = 120_000,
    pause_ms: float = 250,
) -> list[float]:
    """Open ``page_url`` in ``page`` and time ``n`` clicks; returns milliseconds.

    ``click_target``: a CSS selector (clicked as is), or ``f(page, i)`` returning
    the selector for click ``i``. ``snapshot_js``: a JavaScript expression whose
    value changes when the page shows the result of a click (e.g. a version
    attribute, or the move log's text). The first ``warmup`` clicks are not counted.
    ``pause_ms``: idle time before each click, as a person leaves between clicks
    (back-to-back clicks keep TCP in a different acknowledgement pattern).
    """
    page.goto(page_url, wait_until="domcontentloaded", timeout=load_timeout_ms)
    target = click_target if callable(click_target) else (lambda _p, _i: click_target)
    page.wait_for_selector(
        ready_selector or target(page, 0), state="visible", timeout=load_timeout_ms
    )
    page.evaluate(_INSTALL_JS)
    samples: list[float] = []
    for i in range(warmup + n):
        if pause_ms:
            page.wait_for_timeout(pause_ms)
        page.evaluate(_ARM_JS, snapshot_js)
        page.click(target(page, i), timeout=timeout_ms)
        page.wait_for_function("window.__gkBench.t1 !== null", timeout=timeout_ms)
        elapsed = page.evaluate("window.__gkBench.t1 - window.__gkBench.t0")
        if i >= warmup:
            samples.append(float(elapsed))
    page.evaluate("window.__gkBench.observer && window.__gkBench.observer.disconnect()")
    return samples


def echo_cell(_page, i: int) -> str:
    """The echo board's cell for click i: steps through all 36 cells, never repeating one."""
    k = (i * 7) % 36
    return f'.echo-board rect[data-action="{k % 6},{k // 6}"]'


ECHO_SNAPSHOT = "document.querySelector('.echo-board svg')?.getAttribute('data-version')"


def pick_cycle(selector: str) -> ClickTarget:
    """Click the (i mod count)-th element matching ``selector`` that is on the page now."""

    def target(page, i: int) -> str:
        count = page.locator(selector).count()
        if count == 0:
            return selector  # let page.click wait for one and time out clearly
        return f"{selector} >> nth={i % count}"

    return target


def run(args: argparse.Namespace) -> list[Result]:
    from playwright.sync_api import sync_playwright

    notebook = Path(args.notebook).resolve()
    root = Path(args.root).resolve() if args.root else notebook.parent
    rel = notebook.relative_to(root).as_posix()
    if args.click_selector:
        target: str | ClickTarget = (
            pick_cycle(args.click_selector) if args.pick == "cycle" else args.click_selector
        )
    else:
        target = echo_cell
    snapshot = args.snapshot_js or ECHO_SNAPSHOT

    results: list[Result] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=list(CHROMIUM_ARGS))
        try:
            for mode in args.modes.split(","):
                nodelay = mode.strip() == "on"
                log = REPO / "test-artifacts" / f"bench-voila-{mode.strip()}.log"
                with VoilaServer(root, nodelay=nodelay, log_path=log) as server:
                    context = browser.new_context(viewport={"width": 1200, "height": 900})
                    page = context.new_page()
                    errors: list[str] = []
                    page.on("pageerror", lambda exc: errors.append(str(exc)))
                    t = time.monotonic()
                    samples = measure(
                        page,
                        server.url(rel),
                        target,
                        snapshot,
                        args.n,
                        warmup=args.warmup,
                        ready_selector=args.ready_selector,
                        pause_ms=args.pause_ms,
                    )
                    context.close()
                    if errors:
                        raise SystemExit(f"page errors with nodelay {mode}: {errors}")
                    r = Result(args.label, nodelay, samples)
                    results.append(r)
                    print(r.result_line(), f"({time.monotonic() - t:.1f} s)", flush=True)
        finally:
            browser.close()
    print()
    print("| board | TCP_NODELAY | clicks | median | p90 |")
    print("|---|---|---|---|---|")
    for r in results:
        print(r.markdown_row())
    return results


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--notebook", default=str(HERE / "echo.ipynb"), help="notebook to serve")
    p.add_argument("--root", help="folder Voilà serves (default: the notebook's folder)")
    p.add_argument("--label", default="echo board (bare 6x6 SVG anywidget)")
    p.add_argument("--n", type=int, default=30, help="measured clicks per mode")
    p.add_argument("--warmup", type=int, default=3, help="clicks before measuring")
    p.add_argument("--pause-ms", type=float, default=250, help="idle time before each click")
    p.add_argument("--modes", default="on,off", help="TCP_NODELAY modes: on,off | on | off")
    p.add_argument("--click-selector", help="CSS selector of the click target")
    p.add_argument(
        "--pick",
        choices=["first", "cycle"],
        default="first",
        help="with --click-selector: click the first match, or cycle through the matches",
    )
    p.add_argument("--snapshot-js", help="JS expression that changes when a click took effect")
    p.add_argument("--ready-selector", help="wait for this before clicking")
    p.add_argument("--chromium", default=os.environ.get("GARDENKIT_CHROMIUM", CHROMIUM))
    args = p.parse_args(argv)
    if bool(args.click_selector) != bool(args.snapshot_js):
        p.error("--click-selector and --snapshot-js go together (the default is the echo board)")
    for m in args.modes.split(","):
        if m.strip() not in {"on", "off"}:
            p.error(f"--modes: {m!r} is neither on nor off")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not Path(args.chromium).exists():
        print(f"bench_click: {args.chromium} not found (apt-get install chromium)", file=sys.stderr)
        return 2
    run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
