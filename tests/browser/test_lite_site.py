"""The static site (``make lite``: every notebook as a Voici page on JupyterLite's Pyodide kernel)
served on 127.0.0.1 by a plain file server and clicked in Chromium.

The site is built when its inputs changed (``lite/build.py`` keeps a stamp of them in
``_site/``, as the Makefile keeps ``.venv``), so most runs reuse it. Every request that leaves
127.0.0.1 is aborted and listed: there must be none (no CDN). On every game page: a lesson is
opened and a move tried on it; the game is opened, a move played and a hint asked for; on one of
them (Samurai Gardener) a whole game is played by clicks. One browser context (its cache warm
after the first page, as a learner's is) is shared by the pages.

Without chromium or a site that can be built, the tests are skipped, except under CI (CI=true),
where that is a failure.
"""
from __future__ import annotations

import functools
import http.server
import json
import os
import re
import subprocess
import threading
from pathlib import Path

import pytest
from dashboard import GAME, game, open_game, status

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / os.environ.get("GARDENKIT_LITE_OUT", "_site")
PAGES = "voici/render"
#: How long a page may take to start Pyodide, install the wheels and run the notebook (2 cores, cold)
LOAD_MS = 180_000

pytestmark = pytest.mark.browser

GAME_PAGES = ["samurai-gardener", "miyabi", "karesansui", "tanuki", "tang-garden"]


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


@pytest.fixture(scope="module")
def site() -> Path:
    """``make lite`` (a no-op when the inputs have not changed since the last build)."""
    try:
        done = subprocess.run(["make", "-s", "lite", f"LITE_OUT={SITE}"], cwd=REPO, capture_output=True, text=True,
                              timeout=1500)
    except (OSError, subprocess.TimeoutExpired) as e:
        done = subprocess.CompletedProcess([], 1, "", str(e))
    if done.returncode != 0 or not (SITE / PAGES / "index.html").exists():
        reason = f"make lite failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
        if _in_ci():
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    return SITE


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # noqa: D102 - the test says what went wrong
        pass


@pytest.fixture(scope="module")
def served(site):
    """The site on a free port of 127.0.0.1 (a plain file server, as GitHub Pages is)."""
    _Quiet.extensions_map = {**_Quiet.extensions_map, ".wasm": "application/wasm", ".mjs": "text/javascript"}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def lite(browser, served):
    """A browser context on the site: requests off 127.0.0.1 aborted and listed (``offsite``),
    page errors collected (``errors``)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    offsite: list[str] = []
    errors: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(served) or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            offsite.append(url)
            r.abort()
    context.route("**/*", route)
    context.gk_offsite, context.gk_errors, context.gk_base = offsite, errors, served
    yield context
    context.close()


def open_page(lite, name: str, wait_for: str = ".gk-toc, .gk-closed, .gk-game", query: str = ""):
    page = lite.new_page()
    page.set_default_timeout(60_000)
    page.on("pageerror", lambda exc: lite.gk_errors.append(f"{name}: {exc.name}: {exc.message}"))
    page.goto(f"{lite.gk_base}{PAGES}/{name}.html{query}", wait_until="domcontentloaded")
    page.wait_for_selector(wait_for, state="attached", timeout=LOAD_MS)
    return page


def check_clean(lite) -> None:
    assert lite.gk_offsite == [], f"requests that left 127.0.0.1: {lite.gk_offsite}"
    assert lite.gk_errors == [], lite.gk_errors


def first_target(root):
    return root.locator(".gk-board [data-action]:not(.gk-illegal)").first


def try_a_lesson(page) -> None:
    """Open the first try board shown as a cover and play a move on it (its explanation says it)."""
    lesson = page.locator(".gk-try").first
    lesson.scroll_into_view_if_needed()
    button = lesson.locator("button.gk-open-lesson")
    if button.count():
        button.click()
    lesson.locator(".gk-board svg").first.wait_for(timeout=60_000)
    before = lesson.inner_text()
    target = first_target(lesson)
    if not target.count():  # a board whose moves start with a pick (a card, a tile)
        lesson.locator(".gk-board [data-card], .gk-board [data-tile], .gk-board [data-select]").first.click()
    first_target(lesson).click()
    page.wait_for_function("([el, before]) => el.innerText !== before",
                           arg=[lesson.element_handle(), before], timeout=30_000)


def my_turn(page) -> bool:
    return "your move" in status(page)


def hint_and_play_it(page, timeout: float = 60_000) -> str:
    """Hint, then click the move it rings; wait until it is my move again (or the game is over).
    Answers the move played."""
    g = game(page)
    moves = g.locator(".gk-log li").count()
    g.locator("button.gk-hint").click()
    marked = g.locator(".gk-board [data-action].gk-marked").first
    marked.wait_for(timeout=timeout)
    action = marked.get_attribute("data-action")
    assert g.locator(".gk-explanation .gk-hint-move").count() >= 1
    marked.click()
    page.wait_for_function(
        """(n) => {
            const g = document.querySelector('.gk-game');
            const s = g.querySelector('.gk-status').innerText;
            return g.querySelectorAll('.gk-log li').length > n && (s.includes('your move') || s.includes('Game over'));
        }""", arg=moves, timeout=timeout)
    return action


@pytest.mark.parametrize("name", GAME_PAGES)
def test_a_game_page_teaches_and_plays_from_the_site_alone(lite, name):
    page = open_page(lite, name)
    try:
        try_a_lesson(page)
        page.locator(GAME).first.scroll_into_view_if_needed()
        open_game(page, timeout=LOAD_MS)
        page.wait_for_function("() => document.querySelector('.gk-game .gk-status')"
                               " && document.querySelector('.gk-game .gk-status').innerText.includes('your move')",
                               timeout=60_000)
        hint_and_play_it(page)
        # the score chart is drawn (SVG: no bqplot on Pyodide)
        assert game(page).locator(".gk-chart svg").count() == 1
    finally:
        page.close()
    check_clean(lite)


def test_the_gallery_links_the_sites_pages(lite):
    page = open_page(lite, "index", ".gk-gallery")
    try:
        links = [a.get_attribute("href") for a in page.locator(".gk-gallery a.gk-open").all()]
        assert links and all(link.endswith(".html") for link in links), links
        assert all((SITE / PAGES / link).exists() for link in links)
    finally:
        page.close()
    check_clean(lite)


def test_a_whole_game_by_clicks_on_the_static_site(lite):
    page = open_page(lite, "samurai-gardener", GAME)
    try:
        open_game(page, timeout=LOAD_MS)
        played = []
        for _ in range(60):
            if "Game over" in status(page):
                break
            played.append(hint_and_play_it(page))
        assert "Game over" in status(page), status(page)
        game(page).locator(".gk-explanation .gk-final").wait_for()
        assert len(played) >= 3  # (a 2-player Samurai Gardener game: 5 moves of yours)
        # the post-game review: one position a slice on Pyodide's event loop, no thread
        page.locator(".gk-game .gk-review").wait_for(state="visible")
        start = game(page).locator("button.gk-review-start")
        start.scroll_into_view_if_needed()
        start.click()
        page.wait_for_function(
            """(n) => {
                const p = document.querySelector('.gk-game .gk-review');
                const bar = p && p.querySelector('.gk-review-progress');
                return p && p.querySelectorAll('tr.gk-review-move').length === n
                    && (!bar || getComputedStyle(bar).display === 'none');
            }""", arg=len(played), timeout=120_000)
    finally:
        page.close()
    check_clean(lite)


def test_the_strategy_lab_runs_and_charts_on_the_static_site(lite):
    page = open_page(lite, "strategy-lab", ".gk-lab-run")
    try:
        games = page.locator(".gk-lab input[type=number]").first
        games.fill("6")
        games.press("Tab")
        page.locator("button.gk-lab-run").click()
        page.wait_for_function("() => /\\d+ games of/.test(document.querySelector('.gk-lab-status').innerText)",
                               timeout=120_000)
        assert page.locator(".gk-lab-chart svg .gk-bar").count() > 0  # SVG bars: no bqplot on Pyodide
    finally:
        page.close()
    check_clean(lite)


def test_the_site_is_pinned_and_local(site):
    """The kernel's settings in every page: Pyodide, its lock and every wheel from the site
    itself, PyPI never asked."""
    lock = json.loads((SITE / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        assert (SITE / "pyodide" / entry["file_name"]).exists() and re.fullmatch(r"[0-9a-f]{64}", entry["sha256"])
    assert "gardenkit" in lock["packages"] and not {"numpy", "pandas", "bqplot"} & set(lock["packages"])
    for page in (SITE / PAGES).glob("*.html"):
        text = page.read_text()
        m = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', text, re.S)
        kernel = json.loads(m.group(1))["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
        assert kernel["pyodideUrl"] == "../../pyodide/pyodide.js" and kernel["disablePyPIFallback"] is True
        assert "fontawesome" not in text.lower()


def test_phone_dark_save_and_a_copied_link_on_the_static_site(browser, served):
    """A phone in the dark theme: the page fits its width, Save game downloads the game, and the
    link "Copy link" gives opens the same position on the site (the query string read in the browser)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, accept_downloads=True)
    offsite, errors = [], []
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith((served, "data:", "blob:"))
                  else (offsite.append(r.request.url), r.abort()))
    context.gk_base, context.gk_errors, context.gk_offsite = served, errors, offsite
    try:
        page = open_page(context, "miyabi", GAME, query="?theme=dark")
        assert page.evaluate("document.body.getAttribute('data-jp-theme-light')") == "false"
        open_game(page, timeout=LOAD_MS)
        hint_and_play_it(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        with page.expect_download(timeout=30_000) as download:
            page.locator(".gk-save-button").first.click()
        saved = json.loads(Path(download.value.path()).read_text())
        assert saved and download.value.suggested_filename.endswith(".json")
        page.locator(".gk-share-button").first.click()
        page.wait_for_function("() => /[?&]pos=/.test(document.querySelector('.gk-share-url').value)")
        link = page.locator(".gk-share-url").first.input_value()
        assert link.startswith(f"{served}{PAGES}/miyabi.html?"), link
        page.goto(link, wait_until="domcontentloaded")
        g = page.locator(GAME)
        g.locator(".gk-share-note").filter(has_text="Opened the position from the link.").wait_for(timeout=LOAD_MS)
        g.locator(".gk-board svg").first.wait_for(timeout=60_000)
        g.locator(".gk-share-button").first.click()
        page.wait_for_function("() => /[?&]pos=/.test(document.querySelector('.gk-game .gk-share-url').value)")
        assert g.locator(".gk-share-url").first.input_value() == link  # the same position, linked again
    finally:
        context.close()
    assert offsite == [] and errors == [], (offsite, errors)
