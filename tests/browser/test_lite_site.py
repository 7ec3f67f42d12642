"""The static site (``make lite``: every notebook as a Voici page on JupyterLite's Pyodide kernel)
served on 127.0.0.1 by a plain file server and clicked in Chromium.

The site is built when its inputs changed (``lite/build.py`` keeps a stamp of them in
``_site/``, as the Makefile keeps ``.venv``), so most runs reuse it. Every request that leaves
127.0.0.1 fails (other hosts do not resolve) and is listed: there must be none (no CDN). What a learner does on a Voilà
dashboard, on the static pages: on every game page a lesson tried, a worked example stepped, a
quiz answered; the game opened and played against that page's bots (every level over the five
pages) with a hint, Undo and the move again; a puzzle (Karesansui); a whole game against the
search bot (its moves thought in slices on Pyodide's event loop) and its review (Samurai
Gardener); the gallery's links and the progress kept from those pages; the strategy lab;
Miyabi's page on a phone in the dark theme, with Save, Load, Copy link and the link opened; on
each game page every text of ours checked for contrast (``dashboard.check_contrast``), dark on
the phone; and a page read while Python starts (held back), the bar saying so. One browser with a
profile on disk is shared by the desktop pages (its cache warm after the first page, as a
learner's is); other hosts do not resolve, so nothing can leave 127.0.0.1 unseen.

Without chromium or a site that can be built, the tests are skipped, except under CI (CI=true),
where that is a failure.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import time
import zipfile
from pathlib import Path

import pytest
from dashboard import GAME, board_version, check_contrast, game, open_game, open_lesson, status
from harness import CHROMIUM, CHROMIUM_ARGS, NO_OTHER_HOST, static_site
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import gardenkit
from gardenkit.widgets.controls import GameControls

REPO = Path(__file__).resolve().parents[2]
CHROMIUM_PATH = os.environ.get("GARDENKIT_CHROMIUM", CHROMIUM)  # as tests/browser/conftest.py
SITE = REPO / os.environ.get("GARDENKIT_LITE_OUT", "_site")
PAGES = "voici/render"
#: How long a page may take to start Pyodide, install the wheels and run the notebook (2 cores, cold)
LOAD_MS = 180_000

pytestmark = pytest.mark.browser

GAME_PAGES = ["samurai-gardener", "miyabi", "karesansui", "tanuki", "tang-garden"]
OPPONENTS = GameControls.opponent_choices
#: the game page played on a phone (390 px, touch) in the dark theme, with Save, Load and Copy link
PHONE_PAGE = "miyabi"


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


@pytest.fixture(scope="module")
def served(site):
    """The site on a free port of 127.0.0.1 (a plain file server, as GitHub Pages is)."""
    with static_site(site) as base:
        yield base


def _watched(playwright, served: str, profile: Path, **options):
    """A browser on the site with a profile on disk, as a learner's (its cache keeps Pyodide and
    its compiled WebAssembly from one page to the next): requests off 127.0.0.1 fail and are
    listed (``gk_offsite``), page errors collected (``gk_errors``), requests for the kernel's
    drive listed (``gk_drive``)."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM_PATH, args=[*CHROMIUM_ARGS, NO_OTHER_HOST], **options)
    offsite: list[str] = []
    errors: list[str] = []
    drive: list[str] = []

    def seen(r):
        url = r.url
        if not url.startswith((served, "data:", "blob:")):
            offsite.append(url)
        # the kernel asking for the notebooks' folder (seen as the page's requests, which a service
        # worker's answers are too): there must be none, the folder is not mounted (no service worker)
        if "/api/drive" in url:
            drive.append(url)
    context.on("request", seen)
    context.gk_offsite, context.gk_errors, context.gk_base, context.gk_drive = offsite, errors, served, drive
    context.gk_tried = set()  # the game pages whose lessons a test tried
    return context


@pytest.fixture(scope="module")
def lite(_playwright, served, tmp_path_factory):
    """The desktop browser the pages share (its cache warm after the first page, as a learner's is)."""
    context = _watched(_playwright, served, tmp_path_factory.mktemp("lite-profile"),
                       viewport={"width": 1280, "height": 1000})
    yield context
    context.close()


@pytest.fixture(scope="module")
def phone(_playwright, served, tmp_path_factory):
    """A phone's browser (390 px wide, touch, downloads kept): :data:`PHONE_PAGE` is played there."""
    context = _watched(_playwright, served, tmp_path_factory.mktemp("phone-profile"),
                       viewport={"width": 390, "height": 844}, has_touch=True, accept_downloads=True)
    yield context
    context.close()


def open_page(lite, name: str, wait_for: str = ".gk-toc, .gk-closed, .gk-game", query: str = ""):
    page = lite.new_page()
    page.set_default_timeout(60_000)
    page.on("pageerror", lambda exc: lite.gk_errors.append(f"{name}: {exc.name}: {exc.message}"))
    page.goto(f"{lite.gk_base}{PAGES}/{name}.html{query}", wait_until="domcontentloaded")
    page.wait_for_selector(wait_for, state="attached", timeout=LOAD_MS)
    # the page shows its cells while they run (lite/build.py, READ_WHILE_STARTING): the tests
    # below start once the notebook has run, when the status bar is gone
    page.wait_for_selector("#loading", state="detached", timeout=LOAD_MS)
    return page


def check_clean(lite) -> None:
    assert lite.gk_offsite == [], f"requests that left 127.0.0.1: {lite.gk_offsite}"
    assert lite.gk_errors == [], lite.gk_errors
    assert lite.gk_drive == [], f"{len(lite.gk_drive)} requests for the kernel's drive (a service worker ran)"


def first_target(root):
    return root.locator(".gk-board [data-action]:not(.gk-illegal)").first


def play_a_first_move(lesson, timeout: float = 60_000) -> None:
    """Open a lesson with a board (a ``.gk-try`` or ``.gk-puzzle`` locator) shown as a cover and play
    its first offered move, picking a piece first where its moves start with a pick: the lesson's
    text changes (its explanation or verdict says it)."""
    lesson.scroll_into_view_if_needed()
    open_lesson(lesson, timeout=timeout)
    before = lesson.inner_text()
    if not first_target(lesson).count():  # a board whose moves start with a pick (a card, a tile)
        lesson.locator(".gk-board [data-card], .gk-board [data-tile], .gk-board [data-select], .gk-board [data-pick]"
                       ).first.click()
    first_target(lesson).click()
    lesson.page.wait_for_function("([el, before]) => el.innerText !== before",
                                  arg=[lesson.element_handle(), before], timeout=timeout)


def try_a_lesson(page) -> None:
    """Open the first try board and play a move on it (its explanation says it)."""
    play_a_first_move(page.locator(".gk-try").first)


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


#: the bots each page's game is played against: every level the game view offers, over the five pages
BOTS = {"samurai-gardener": "search", "miyabi": "greedy", "karesansui": "search-easy", "tanuki": "random",
        "tang-garden": "search-strong"}


def step_a_worked_example(page) -> None:
    """Open the first worked example and step it forward: its caption changes."""
    example = page.locator(".gk-scenario").first
    example.scroll_into_view_if_needed()
    open_lesson(example, timeout=60_000)
    caption = example.locator(".gk-caption").first
    before = caption.inner_text()
    example.locator("button.gk-forward").first.click()
    page.wait_for_function("([el, before]) => el.innerText !== before", arg=[caption.element_handle(), before],
                           timeout=30_000)


def answer_a_quiz(page) -> None:
    """Open the first quiz and answer it: the engine's verdict is shown."""
    quiz = page.locator(".gk-quiz").first
    quiz.scroll_into_view_if_needed()
    open_lesson(quiz, timeout=60_000)
    quiz.locator(".gk-guess input").first.fill("3")
    quiz.locator("button.gk-check").first.click()
    page.wait_for_function("(el) => el.innerText.trim().length > 0",
                           arg=quiz.locator(".gk-quiz-result").first.element_handle(), timeout=30_000)


def new_game_against(page, bots: str) -> None:
    """Choose the opponents and start a new game: my move once it starts (or theirs first)."""
    g = game(page)
    label = next(label for label, value in OPPONENTS if value == bots)
    g.locator(".gk-setup .widget-dropdown:has(label:text-is('Against')) select").select_option(label=label)
    version = board_version(page)
    g.locator("button.gk-new").click()
    # the new game's board (a later version than the game it replaces), and my move in it
    page.wait_for_function("(v) => { const g = document.querySelector('.gk-game');"
                           " const svg = g.querySelector('.gk-board svg[data-version]');"
                           " return svg && Number(svg.getAttribute('data-version')) > v"
                           " && g.querySelector('.gk-status').innerText.includes('your move'); }",
                           arg=version, timeout=120_000)


def undo_my_move(page) -> None:
    """Undo: the log loses the moves since my last decision and it is my move again."""
    g = game(page)
    moves = g.locator(".gk-log li").count()
    g.locator("button.gk-undo").click()
    page.wait_for_function("(n) => { const g = document.querySelector('.gk-game');"
                           " return g.querySelectorAll('.gk-log li').length < n"
                           " && g.querySelector('.gk-status').innerText.includes('your move'); }",
                           arg=moves, timeout=60_000)


def play_to_the_end_and_review(page, earlier: int) -> None:
    """Hinted moves until the game is over, then the post-game review (one position a slice on
    Pyodide's event loop, no thread) lists each of my moves (``earlier`` of them played before)."""
    played = []
    for _ in range(80):
        if "Game over" in status(page):
            break
        played.append(hint_and_play_it(page))
    assert "Game over" in status(page), status(page)
    game(page).locator(".gk-explanation .gk-final").wait_for()
    assert len(played) >= 3  # (a 2-player Samurai Gardener game: 5 moves of yours)
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
        }""", arg=earlier + len(played), timeout=120_000)


def try_a_puzzle(page) -> None:
    """Open the page's puzzle board and answer it with a move on the board: it is judged."""
    play_a_first_move(page.locator(".gk-puzzle").first)


@pytest.mark.parametrize("name", GAME_PAGES)
def test_a_game_page_teaches_and_plays_from_the_site_alone(lite, phone, name):
    """A lesson tried, a worked example stepped, a quiz answered and (Karesansui) a puzzle tried;
    the game opened and played against this page's bots (every level over the five pages): a hinted
    move, Undo, the move again; on Samurai Gardener the whole game (against the search bot) and its review; Miyabi on a
    phone in the dark theme, then Save, Load, Copy link and the link opened
    (:func:`save_load_and_share`)."""
    on_phone = name == PHONE_PAGE
    context = phone if on_phone else lite
    page = open_page(context, name, query="?theme=dark" if on_phone else "")
    try:
        if on_phone:
            assert page.evaluate("document.body.getAttribute('data-jp-theme-light')") == "false"
        try_a_lesson(page)
        context.gk_tried.add(name)
        step_a_worked_example(page)
        answer_a_quiz(page)
        if name == "karesansui":
            try_a_puzzle(page)
        page.locator(GAME).first.scroll_into_view_if_needed()
        open_game(page, timeout=LOAD_MS)
        new_game_against(page, BOTS[name])
        hint_and_play_it(page)
        undo_my_move(page)
        hint_and_play_it(page)
        # the score chart is drawn (SVG: no bqplot on Pyodide)
        assert game(page).locator(".gk-chart svg").count() == 1
        # every text of ours reads, in the page's theme (the phone's is dark), as on the Voilà pages
        page.wait_for_function("() => !document.querySelector('.widget-loading, .jp-Spinner')", timeout=30_000)
        check_contrast(page, f"the static {name} page", "dark" if on_phone else "light")
        if name == "samurai-gardener":
            play_to_the_end_and_review(page, earlier=1)
        if on_phone:
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            save_load_and_share(page, name)
    finally:
        page.close()
    check_clean(context)


def test_the_gallery_links_the_sites_pages_and_shows_progress(lite):
    """The gallery's links are the site's .html pages; each game's card shows the lessons tried on
    its page above (progress kept in the browser)."""
    page = open_page(lite, "index", ".gk-gallery")
    try:
        links = [a.get_attribute("href") for a in page.locator(".gk-gallery a.gk-open").all()]
        assert links and all(link.endswith(".html") for link in links), links
        assert all((SITE / PAGES / link).exists() for link in links)
        # gardenkit's page plugin is on the static pages too (the widget managers' 2 s start limits)
        manager = "() => window.jupyterapp.widgetManager"
        assert page.evaluate(f"() => {{ const m = ({manager})(); return [!!m.__gardenkitLookAgain, "
                             f"!!m.__gardenkitLateStarts]; }}") == [True, True]
        page.wait_for_selector("article.gk-game-card .gk-progress[data-total]", timeout=60_000)
        read = ("() => [...document.querySelectorAll('article.gk-game-card')].map("
                "(c) => [c.dataset.game, Number(c.querySelector('.gk-progress').dataset.done)])")
        done = page.evaluate(read)
        assert len(done) == len(GAME_PAGES), done
        # the games whose pages this run opened before (every one when the module runs whole) show
        # their progress once the kernel has counted what the browser kept: the cards are drawn at
        # once with 0, and again when its answer comes (a round trip to Pyodide, slow on a busy machine)
        pages = {g: gardenkit.entry(g).notebook.removesuffix(".ipynb") for g, _ in done}
        tried = [g for g, _ in done if pages[g] in lite.gk_tried]
        try:
            page.wait_for_function(f"() => ({read})().every(([g, n]) => !{tried!r}.includes(g) || n >= 1)",
                                   timeout=60_000)
        except PlaywrightTimeout:
            raise AssertionError(f"no progress shown for pages opened before: {page.evaluate(read)}, {tried}") from None
    finally:
        page.close()
    check_clean(lite)


def test_a_page_reads_while_python_starts_and_says_so_when_it_does_not(lite):
    """The lessons' words show at once under a status bar, not behind a spinner until the last
    cell has run; a start that is slow, or stuck, is said; once Python starts, the cells fill in,
    a lesson opens and the bar goes. Python is held back (its WebAssembly request answered only
    when the test lets it go), so every step is seen whatever the machine's speed. The dark theme
    asked for in the address darkens the page before JupyterLab's theme arrives."""
    page = lite.new_page()
    page.set_default_timeout(60_000)
    page.on("pageerror", lambda exc: lite.gk_errors.append(f"reading early: {exc.name}: {exc.message}"))
    # the bar's notes of a slow and of a stuck start, after 5 and 10 s instead of 20 and 90
    page.add_init_script("window.__gardenkitStartNotesMs = [5000, 10000]")
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    try:
        page.goto(f"{lite.gk_base}{PAGES}/samurai-gardener.html?theme=dark", wait_until="domcontentloaded")
        page.locator("h1").first.wait_for(state="visible")
        page.get_by_role("heading", name=re.compile("The goal", re.I)).first.wait_for(state="visible")
        page.get_by_role("status").filter(has_text="Starting Python").wait_for(state="visible", timeout=4_000)
        # dark from the start, and its words light on it (the page carries only the light theme's
        # colours until JupyterLab's Dark arrives)
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert sum(map(int, re.findall(r"\d+", background)[:3])) < 3 * 80, background
        for words in ("h1", ".jp-RenderedMarkdown p"):
            colour = page.evaluate(f"getComputedStyle(document.querySelector({words!r})).color")
            assert sum(map(int, re.findall(r"\d+", colour)[:3])) > 3 * 180, (words, colour)
        # the kernel's worker asks for Python (on a busy machine some seconds after the page): held
        deadline = time.monotonic() + 60
        while not held:
            assert time.monotonic() < deadline, "the kernel never asked for Python's WebAssembly"
            page.wait_for_timeout(100)  # lets Playwright hand the route over
        # held: not a cell runs, and the bar says the start is slow, then that it is stuck
        page.get_by_role("status").filter(has_text="Still starting").wait_for(state="visible")
        page.get_by_role("status").filter(has_text="Python has not started").wait_for(state="visible")
        assert page.locator(".gk-try").count() == 0 and len(held) == 1
        # the words are what the learner sees: Voici's app shell, attached by now, does not cover them
        on_top = ("(sel) => { const h = document.querySelector(sel); h.scrollIntoView(); const r = h.getBoundingClientRect();"
                  " return h.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }")
        assert page.locator("#main").count() == 1
        assert page.evaluate(on_top, "h1") and page.evaluate(on_top, "h2"), "the page's words are covered"
        held[0].continue_()
        lesson = page.locator(".gk-try").first
        lesson.wait_for(state="visible", timeout=LOAD_MS)
        play_a_first_move(lesson)
        page.wait_for_selector("#loading", state="detached", timeout=LOAD_MS)
    finally:
        page.close()
    check_clean(lite)


def test_the_strategy_lab_runs_and_charts_on_the_static_site(lite):
    page = open_page(lite, "strategy-lab", ".gk-lab-run")
    try:
        # the first run, started by the notebook, plays in slices while the page is read: its bar
        # moves, then its charts show
        status_has = "(words) => document.querySelector('.gk-lab-status').innerText.includes(words)"
        page.wait_for_function(status_has, arg="40 games of Samurai Gardener", timeout=120_000)
        games = page.locator(".gk-lab input[type=number]").first
        games.fill("6")
        games.press("Tab")
        page.locator("button.gk-lab-run").click()
        page.wait_for_function(status_has, arg="6 games of", timeout=120_000)
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
        # no service worker: the first script of the page's head says so, and there is none to register
        head = text[text.index("<head>"):]
        assert head.index("gardenkit: no service worker") < head.index("<script id=\"jupyter-config-data\""), page
        # the notebook a page carries and runs has no stored outputs (a run in Jupyter left pictures
        # that a page never shows: Tang Garden's page was 5.2 MB), and the page reads while it starts
        assert '"output_type"' not in text, page
        assert len(text) < 1_000_000, (page, len(text))
        assert head.index("gardenkit: read while Python starts") < head.index("<script id=\"jupyter-config-data\""), page
    assert not (SITE / "service-worker.js").exists()
    # bytecode of Pyodide's Python (lite/pycompile.py; unchecked-hash pycs, all of one magic number)
    # instead of the sources of what a page imports: every gardenkit module, the kernel's, the widgets'
    magics = set()
    for entry in lock["packages"].values():
        with zipfile.ZipFile(SITE / "pyodide" / entry["file_name"]) as z:
            names = z.namelist()
            compiled = [n for n in names if n.endswith(".pyc")]
            if entry["name"] == "gardenkit":
                assert len(compiled) > 100 and "gardenkit/widgets/__init__.pyc" in names, len(compiled)
                assert "gardenkit/widgets/__init__.py" not in names
            for n in compiled:
                header = z.read(n)[:8]
                magics.add(header[:4])
                assert int.from_bytes(header[4:8], "little") == 0b01, (entry["file_name"], n)
    with zipfile.ZipFile(SITE / "pyodide" / "python_stdlib.zip") as z:
        names = set(z.namelist())
        assert {"json/__init__.pyc", "asyncio/__init__.pyc"} <= names and "json/__init__.py" not in names
        magics.add(z.read("json/__init__.pyc")[:4])
    assert len(magics) == 1, magics


def save_load_and_share(page, name: str) -> None:
    """Save game downloads the game, Load reads it back, and the link "Copy link" gives opens the
    same position on the site (the query string read in the browser)."""
    base = page.context.gk_base
    with page.expect_download(timeout=30_000) as download:
        page.locator(".gk-save-button").first.click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved and download.value.suggested_filename.endswith(".json")
    # Load: the downloaded game chosen in the browser's file dialog (an upload to the page's kernel)
    g = game(page)
    with page.expect_file_chooser() as chooser:
        g.locator(".gk-load").first.click()
    chooser.value.set_files(download.value.path())
    g.get_by_text("Loaded a saved game").first.wait_for(timeout=60_000)
    page.locator(".gk-share-button").first.click()
    page.wait_for_function("() => /[?&]pos=/.test(document.querySelector('.gk-share-url').value)")
    link = page.locator(".gk-share-url").first.input_value()
    assert link.startswith(f"{base}{PAGES}/{name}.html?"), link
    page.goto(link, wait_until="domcontentloaded")
    g = page.locator(GAME)
    g.locator(".gk-share-note").filter(has_text="Opened the position from the link.").wait_for(timeout=LOAD_MS)
    g.locator(".gk-board svg").first.wait_for(timeout=60_000)
    g.locator(".gk-share-button").first.click()
    page.wait_for_function("() => /[?&]pos=/.test(document.querySelector('.gk-game .gk-share-url').value)")
    assert g.locator(".gk-share-url").first.input_value() == link  # the same position, linked again
