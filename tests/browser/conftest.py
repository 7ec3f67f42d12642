"""Browser tests: Voilà dashboards clicked in headless Chromium (Playwright, sync API).

Fixtures:
- ``voila_server`` (session: one per pytest-xdist worker): ``python -m gardenkit.server`` — the
  same launcher as ``make dashboards`` — serving ``notebooks/`` on a free port of 127.0.0.1.
- ``browser`` (module): Debian's ``/usr/bin/chromium`` launched by Playwright (for tests that make
  their own contexts).
- ``page``: a fresh page, in a Chromium profile shared by the module's tests (its HTTP and script
  caches kept; cookies and storage cleared after each test: ``_profile``), that records page
  errors and console errors; any uncaught page error, and any console error not in
  :data:`HARMLESS_CONSOLE_ERRORS`, fails the test (console warnings don't: version-mismatch
  warnings are harmless; a widget that started after anywidget's 2 s, which the page plugin
  answers, is written to ``test-artifacts/late-widget-starts.log``). A failing test leaves a
  screenshot in ``test-artifacts/``. A test module may override the ``context_options`` fixture,
  module-scoped (e.g. a phone: viewport 390×844, touch).
- ``open_dashboard(name, theme=None)``: opens ``/voila/render/<name>`` (``theme="dark"``:
  JupyterLab's dark theme, ``?theme=dark``) and waits for its widgets; when told to wait for
  something inside the game view (``wait_for=".gk-game …"``), it first opens the game (a cover
  with a "Play a game" button at load), as a learner does (``dashboard.open_game``).

Without chromium the tests are skipped, except under CI (CI=true), where that
is a failure: CI must run them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from harness import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, served

from dashboard import GAME, open_game  # noqa: E402 - tests/browser is on sys.path (rootdir conftest)

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHROMIUM_PATH = os.environ.get("GARDENKIT_CHROMIUM", CHROMIUM)

#: The post-game review in the served dashboards: a few playouts per position and no time bound,
#: so a game's review is quick and the same every run (the test recomputes it in this process and
#: compares; see dashboard.review_the_game_and_try_again). The server and its kernels read it.
os.environ.setdefault("GARDENKIT_REVIEW_ITERATIONS", "6")

#: The bots of the served game views move 20 ms after one another instead of 0.4 s (a whole game by
#: clicks waited ~0.4 s per bot move); still through the event loop, as at 0.4 s.
os.environ.setdefault("GARDENKIT_BOT_DELAY", "0.02")

#: How long a dashboard may take to execute and render its widgets (2-core machine).
RENDER_TIMEOUT_MS = 120_000

#: Console errors that are not ours and do no harm, as (message, source URL) patterns. Kept short
#: and explicit: any other console error (e.g. bqplot or an anywidget drawing our widgets with a
#: NaN, ``translate(370,undefined)``) fails the test.
HARMLESS_CONSOLE_ERRORS = (
    # Voilà's page asks a CDN for Font Awesome's stylesheets: unreachable offline (and in CI)
    (re.compile(r"Failed to load resource: net::ERR_[A-Z_]+"),
     re.compile(r"https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free")),
)


def _origin(url: str) -> str:
    """``http://127.0.0.1:8866/voila/render/x.ipynb`` -> ``http://127.0.0.1:8866``."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


def harmless_console_error(text: str, url: str) -> bool:
    """Whether a console error (its text and the URL it names) is one of :data:`HARMLESS_CONSOLE_ERRORS`."""
    return any(msg.fullmatch(text) and source.match(url or "") for msg, source in HARMLESS_CONSOLE_ERRORS)


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _missing(reason: str):
    if _in_ci():
        pytest.fail(f"{reason} (CI=true: browser tests must run)", pytrace=False)
    pytest.skip(reason)


def pytest_collection_modifyitems(items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session")
def voila_server():
    # one server per pytest-xdist worker (make test runs the browser tests on two): a log each
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    # the hint thinks 1.5 s instead of 0.5: the tests that click while it thinks (the board must
    # answer first) met a hint already done when the click's answer came (395 ms on a busy machine)
    with served(NOTEBOOKS, f"voila-browser-tests{'-' + worker if worker else ''}.log",
                env={"GARDENKIT_HINT_MS": "1500"}) as server:
        yield server


@pytest.fixture(scope="module")  # closed after each module: a sync Playwright left running would hold an asyncio loop over the tests that follow
def _playwright():
    if not Path(CHROMIUM_PATH).exists():
        _missing(f"{CHROMIUM_PATH} not found (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        _missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(_playwright):
    browser = _playwright.chromium.launch(
        executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS)
    )
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def context_options() -> dict:
    """Options of the browser profile of ``page`` (override in a test module, module-scoped: a
    phone, touch)."""
    return {}


#: what is cleared of every origin a test's page visited when the test ends (all but the HTTP cache)
_CLEARED = "cookies,local_storage,indexeddb,websql,service_workers,cache_storage,file_systems,shader_cache"


@pytest.fixture(scope="module")
def _profile(_playwright, context_options, tmp_path_factory):
    """One Chromium profile per test process, opened by each module in turn, for its tests' pages:
    its HTTP cache, and with it V8's cache of compiled scripts, is kept from test to test, so
    JupyterLab's bundles are compiled once, not on every load (a dashboard's load: ~2.0 s of
    Chromium CPU time instead of ~3.5). What a page keeps of a learner (cookies, local storage,
    IndexedDB) is cleared after each test: each starts as a first visit."""
    folder = tmp_path_factory.getbasetemp() / "chromium-profile"  # one per pytest-xdist worker, kept between modules
    context = _playwright.chromium.launch_persistent_context(
        str(folder), executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS),
        **{"viewport": {"width": 1280, "height": 1000}, **context_options})
    yield context
    context.close()


def _forget_the_learner(context, origins: set[str]) -> None:
    """Clear what one test's pages kept in the shared profile (see :func:`_profile`). Close the pages
    first: a dashboard's page shuts its kernel down as it closes, with the cookies that prove it is
    the kernel's owner."""
    blank = next((p for p in context.pages if p.url == "about:blank"), None)
    own = blank is None  # (the profile's first blank page is normally there to use)
    blank = blank or context.new_page()
    cdp = context.new_cdp_session(blank)
    try:
        for origin in sorted(origins):
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": _CLEARED})
    finally:
        cdp.detach()
        if own:
            blank.close()
    context.clear_cookies()
    context.clear_permissions()


@pytest.fixture
def page(_profile, request):
    context = _profile
    before = set(context.pages)
    origins: set[str] = set()  # every origin the test's pages visit, its own page's and any other's

    def watch(opened) -> None:
        opened.on("framenavigated", lambda frame: origins.add(_origin(frame.url)) if frame.url.startswith("http")
                  else None)

    page = context.new_page()
    watch(page)
    context.on("page", watch)
    page.set_default_timeout(30_000)
    errors: list[str] = []
    console: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"{exc.name}: {exc.message}"))

    late: list[str] = []

    def on_console(msg) -> None:
        if msg.type == "warning" and msg.text.startswith("gardenkit: "):
            late.append(msg.text)  # a widget that started late (the page plugin delivered its messages)
        if msg.type == "error":
            url = (msg.location or {}).get("url", "")
            if not harmless_console_error(msg.text, url):
                console.append(f"{msg.text} ({url or 'no source'})")

    page.on("console", on_console)
    page.gk_page_errors = errors  # type: ignore[attr-defined]
    page.gk_console_errors = console  # type: ignore[attr-defined]
    yield page
    failed = getattr(request.node, "rep_call", None)
    if (failed is not None and failed.failed) or errors or console:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-150:]
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception:  # noqa: BLE001 - a screenshot is a courtesy
            pass
    if late:  # not a failure (the page plugin answers it), but counted: how often a busy page meets it
        ARTIFACTS.mkdir(exist_ok=True)
        with open(ARTIFACTS / "late-widget-starts.log", "a") as log:
            log.write("".join(f"{request.node.nodeid}: {text}\n" for text in late))
    context.remove_listener("page", watch)
    for opened in set(context.pages) - before:  # its page, and any other it opened
        opened.close()
    _forget_the_learner(context, origins)
    if errors or console:
        said = ([f"page errors:\n{chr(10).join(errors)}"] if errors else []) + (
            [f"console errors:\n{chr(10).join(console[:20])}"] if console else [])
        pytest.fail("\n".join(said), pytrace=False)


@pytest.fixture
def open_dashboard(page, voila_server):
    """open_dashboard("index.ipynb") -> the page, once Voilà has rendered its widgets.

    ``wait_for``: a CSS selector that must be visible (default: any widget output). ``theme``:
    ``"light"`` or ``"dark"`` (JupyterLab's themes, as Voilà's ``?theme=``; default: light).
    """

    def _open(name: str, wait_for: str | None = None, timeout_ms: float = RENDER_TIMEOUT_MS, theme: str | None = None):
        url = voila_server.url(name) + (f"?theme={theme}" if theme else "")
        page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
        # Voilà shows a spinner while the kernel runs the notebook, then the cells.
        page.wait_for_selector(
            wait_for or ".jp-OutputArea-output, .widget-html, .jupyter-widgets",
            state="visible",
            timeout=timeout_ms,
        )
        page.wait_for_function(
            "!document.querySelector('#loading, .voila-spinner')"
            " || getComputedStyle(document.querySelector('#loading, .voila-spinner')).display === 'none'",
            timeout=timeout_ms,
        )
        return page

    def _open_with_game(name: str, wait_for: str | None = None, timeout_ms: float = RENDER_TIMEOUT_MS,
                        theme: str | None = None):
        if not (wait_for and wait_for.startswith(f"{GAME} ")):
            return _open(name, wait_for, timeout_ms, theme)
        # the game view is a cover until a learner opens it: a test that waits for something in
        # it (its board) opens it first, as a learner does
        _open(name, GAME, timeout_ms, theme)
        open_game(page, timeout=timeout_ms)
        page.wait_for_selector(wait_for, state="visible", timeout=timeout_ms)
        return page

    return _open_with_game


@pytest.fixture
def dash(open_dashboard, request):
    """The test module's ``NOTEBOOK`` served, its game view (``.gk-game``) drawn and in sight."""
    page = open_dashboard(request.module.NOTEBOOK, wait_for=".gk-game .gk-board svg")
    page.locator(".gk-game").scroll_into_view_if_needed()
    return page
