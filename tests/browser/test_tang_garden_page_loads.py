"""The Tang Garden dashboard loaded again and again while the machine is busy (issue 22).

Every load must show the learner bar (``gk-learn``, the page's first widget) and every other widget
output, and never "Error displaying widget: model not found".

Why a busy machine: the page asks its kernel for every widget's state at once (157 models, ~4.9 MB,
mostly the covers' pictures) while Voilà's front end already renders the outputs. A renderer whose
model is not there yet waits for it (ipywidgets' ``get_model`` looks every 100 ms for 2 s). On a
busy machine the reply is parsed and its models made in one long task of the browser's main thread;
when a renderer's 2 s run out during that task, ``get_model`` gives up without looking again, and
as the manager says it has restored by then, the renderer shows "model not found" for a model that
is there. ``gardenkit/labextensions/gardenkit-widget-models`` fixes that in the page; this test
loads the page many times under CPU load the test makes itself (busy-loop processes that end by
themselves after :data:`BUSY_SECONDS`, and are ended when the test ends).

Knobs (environment): ``GARDENKIT_PAGE_LOADS`` (loads: 6 in make test, about 4 s each on the idle
2-core machine with the busy processes; 30 with ``GARDENKIT_FULL_CHECKS``, as make bench runs the
long checks; without the fix 7 of 10 and 13 of 30 loads broke on a machine at a load average of
~18, and the issue saw about 1 load in 30 break on a lightly loaded machine, so use 30-40 when
checking a change to how the page loads),
``GARDENKIT_PAGE_LOADS_BUSY`` (busy processes, default: one per core, less one per other pytest
worker: ``make test`` runs this beside the other worker's tests). ``GARDENKIT_PAGE_PLUGINS=0``
serves the page without the fix (to see the test fail).
"""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from dashboard import GAME, board_version, game, open_game, wait_redrawn

from gardenkit.testing import sized

pytestmark = pytest.mark.browser

NOTEBOOK = "tang-garden.ipynb"
#: make test's sample: 6 loads; make bench (GARDENKIT_FULL_CHECKS) loads 30. Without the fix 7 of 10
#: broke at a load average of ~18, but 0 of 6 broke here (2026-12-07, 2 cores, load average 4.6,
#: alone with its two busy loops, and beside test_all_games with one): what guards the fix in make
#: test is test_a_model_registered_while_the_page_was_busy_is_found, which makes the exact order;
#: this one checks that real loads on a busy machine still show every widget
LOADS = int(os.environ.get("GARDENKIT_PAGE_LOADS", str(sized(6, 30))))
#: busy processes: one per core, less one per other pytest worker (make test's parallel run: the
#: other worker keeps a core busy already, so the machine is as loaded as with a busy loop per core)
_OTHER_WORKERS = max(0, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) - 1)
BUSY = int(os.environ.get("GARDENKIT_PAGE_LOADS_BUSY", str(max(1, (os.cpu_count() or 2) - _OTHER_WORKERS))))
#: how long a busy process runs at most (it ends by itself even if the test is killed)
BUSY_SECONDS = max(60, 20 * LOADS)
LOAD_TIMEOUT_MS = 90_000

#: answers once the page's widget outputs have all settled: {"broken": n, ...} as soon as one shows
#: an error, else once none is waiting ("Loading widget...") and the learner bar and game are drawn
SETTLED = """() => {
    const outs = [...document.querySelectorAll('.jp-OutputArea-output')];
    const broken = outs.filter((o) => (o.textContent || '').startsWith('Error displaying widget')).length;
    const waiting = outs.filter((o) => (o.textContent || '').startsWith('Loading widget...')).length
        + document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]').length;
    const bar = !!document.querySelector('.gk-learn .gk-toc');
    const game = !!document.querySelector('.gk-game');
    if (broken || (!waiting && bar && game)) {
        const notFound = outs.filter((o) => (o.textContent || '').includes('model not found')).length;
        return {broken, notFound, bar, game};
    }
    return false;
}"""


@pytest.fixture
def busy_machine():
    """``BUSY`` processes spinning on the CPU until the test ends (at most ``BUSY_SECONDS``)."""
    code = f"import time\nend = time.monotonic() + {BUSY_SECONDS}\nwhile time.monotonic() < end:\n    pass\n"
    procs = [subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL) for _ in range(BUSY)]
    try:
        yield procs
    finally:
        for proc in procs:
            proc.kill()
        for proc in procs:
            proc.wait(timeout=10)


def load_once(browser, url: str) -> dict:
    """One learner's load in a fresh browser context: what the page showed once it settled."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"{exc.name}: {exc.message}"))
    start = time.monotonic()
    try:
        page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
        try:
            seen = page.wait_for_function(SETTLED, timeout=LOAD_TIMEOUT_MS, polling=100).json_value()
        except Exception as e:  # noqa: BLE001 - playwright's TimeoutError: the page never settled
            seen = {"timeout": str(e).splitlines()[0]}
        seen["seconds"] = round(time.monotonic() - start, 1)
        seen["errors"] = errors[:3]
        # the learner bar itself, as the learner sees it
        seen["bar_text"] = page.evaluate(
            "() => { const b = document.querySelector('.gk-learn'); return b ? b.innerText.slice(0, 40) : null; }")
        page.goto("about:blank")  # the page's unload shuts its kernel (as a closed tab does)
    finally:
        context.close()
    return seen


def test_every_load_shows_the_learner_bar_and_no_missing_model(browser, voila_server, busy_machine):
    url = voila_server.url(NOTEBOOK)
    results = [load_once(browser, url) for _ in range(LOADS)]
    load = os.getloadavg()
    bad = [(i, r) for i, r in enumerate(results)
           if "timeout" in r or r.get("broken") or not r.get("bar") or not r.get("bar_text") or r.get("errors")]
    print(f"{LOADS} loads under {BUSY} busy processes, load average {load[0]:.1f}: "
          f"{len(bad)} bad; seconds per load {[r['seconds'] for r in results]}")
    assert not bad, (f"{len(bad)} of {LOADS} Tang Garden loads (load average {load[0]:.1f}) did not show the "
                     f"learner bar and every widget:\n" + "\n".join(f"  load {i}: {r}" for i, r in bad))


#: In a served page: ask the widget manager for a model that is not registered, keep the page's main
#: thread busy past get_model's 2 s wait (as parsing the widget states' reply does on a busy machine)
#: and register the model at the end of that task; then ask for a model that never comes. Answers
#: what each request gave.
LATE_MODEL = """async () => {
    const manager = window.jupyterapp.widgetManager;
    const late = 'gardenkit-test-late-model', never = 'gardenkit-test-missing-model';
    const model = {gardenkitTest: true};
    const asked = manager.get_model(late).then((m) => (m === model ? 'found' : 'other'), (e) => 'rejected: ' + e.message);
    const until = Date.now() + 2300;  // one task longer than get_model's 2 s: no timer runs meanwhile
    while (Date.now() < until) { /* busy */ }
    manager._models[late] = Promise.resolve(model);
    const first = await asked;
    delete manager._models[late];
    const second = await manager.get_model(never).then(() => 'found', (e) => 'rejected: ' + e.message);
    return [first, second];
}"""


def test_a_model_registered_while_the_page_was_busy_is_found(open_dashboard):
    """The exact order of issue 22, without waiting for a busy machine to produce it: the model is
    registered after get_model's last look and before it gives up. It is found (the page plugin
    looks once more); a model that never comes is still "widget model not found"."""
    page = open_dashboard("index.ipynb")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.widgetManager", timeout=60_000)
    # the page's own anywidget (the cards' progress) drawn first: anywidget gives a model 2 s to
    # start, and the 2.3 s the script keeps the page busy would otherwise run out a model still
    # starting on a busy machine ("[anywidget] Failed to initialize model", a page error)
    page.wait_for_selector("article.gk-game-card .gk-progress[data-total]", state="attached", timeout=60_000)
    assert page.evaluate(LATE_MODEL) == ["found", "rejected: widget model not found"]


#: Before the page's scripts: the module of the next board the page makes (its ESM holds
#: ``kind: "room"``) loads 2.5 s late, as on a slow phone (a module that waits 2.5 s and then gives
#: the board's own module). The page's main thread stays free: only anywidget's 2 s limit runs out.
SLOW_BOARD_MODULE = r"""(() => {
  const Made = window.Blob;
  window.Blob = class extends Made {
    constructor(parts, options) {
      super(parts, options);
      this.gardenkitText = parts && typeof parts[0] === 'string' ? parts[0] : '';
    }
  };
  const url = URL.createObjectURL;
  window.gardenkitSlowBoards = 0;
  URL.createObjectURL = function (made) {
    if (window.gardenkitSlowBoards > 0 && made && (made.gardenkitText || '').includes('kind: "room"')) {
      window.gardenkitSlowBoards -= 1;
      const board = url.call(URL, made);
      const late = 'await new Promise((r) => setTimeout(r, 2500));\n'
        + 'export * from "' + board + '";\nexport { default } from "' + board + '";\n';
      return url.call(URL, new Made([late], {type: 'text/javascript'}));
    }
    return url.apply(this, arguments);
  };
})();"""


def test_a_board_whose_module_starts_late_is_drawn_and_answers(page, open_dashboard):
    """anywidget gives a model's module 2 s to start; the game board's here starts at 2.5 s. Without
    the page plugin the board is never drawn (its first drawing is a message the kernel sends it,
    which anywidget refuses for good once the 2 s ran out; 2 loads of 2, silently: no page error).
    With it, the board is drawn, answers a click, and no error is raised; a start's refusal that
    nobody awaited is a console warning."""
    page.add_init_script(SLOW_BOARD_MODULE)
    open_dashboard("samurai-gardener.ipynb", wait_for=GAME)
    page.evaluate("window.gardenkitSlowBoards = 1")
    open_game(page)
    assert page.evaluate("window.gardenkitSlowBoards") == 0  # the game board's module was the late one
    version = board_version(page)
    game(page).locator(".gk-board [data-card]").first.click()
    wait_redrawn(page, version)
    late = "() => { Promise.reject(new Error('[anywidget] Failed to initialize model.')); }"
    with page.expect_console_message(lambda m: m.type == "warning" and "anywidget's 2 s" in m.text, timeout=10_000):
        page.evaluate(late)
    assert page.gk_page_errors == [] and page.gk_console_errors == []
