"""Helpers the game dashboards' browser tests share (imported by each game's test module).

Each game's page has one game view (``.gk-game``) holding a board, a status line, a log and a
score table; these read them and wait for them the same way for every game. The page shows the
game as a cover (a picture and a "Play a game" button, like the lessons) until a learner opens
it: :func:`open_game` does what the learner does.
"""
from __future__ import annotations

import re

GAME = ".gk-game"


def game(page):
    return page.locator(GAME)


def open_game(page, timeout: float = 60_000) -> None:
    """Open the page's game view if it is still a cover (click its button, as a learner does),
    then wait for its board."""
    g = game(page)
    g.first.wait_for(timeout=timeout)
    button = g.locator(OPEN_BUTTON)
    if button.count():
        button.first.scroll_into_view_if_needed()
        button.first.dispatch_event("click")  # see open_lesson
    g.locator(".gk-board svg").first.wait_for(timeout=timeout)


def status(page) -> str:
    return game(page).locator(".gk-status").first.inner_text()


def log_count(page) -> int:
    return game(page).locator(".gk-log li").count()


def board_version(page, root: str = GAME) -> int:
    return int(page.locator(f"{root} .gk-board svg[data-version]").first.get_attribute("data-version"))


def wait_redrawn(page, version: int, root: str = GAME, timeout: float = 30_000) -> None:
    """Until the board under ``root`` is drawn again: a drawing later than ``version``."""
    page.wait_for_function("""([root, v]) => {
        const svg = document.querySelector(root + ' .gk-board svg[data-version]');
        return !!svg && Number(svg.getAttribute('data-version')) > v;
    }""", arg=[root, version], timeout=timeout)


def wait_after_my_move(page, version: int, moves: int, mine: str, timeout: float = 30_000) -> None:
    """Until my move and the bots' answers are shown: the board redrawn since ``version`` with me
    to act (or the end), the status saying so, the log longer than ``moves``. (Each widget is
    updated on its own, so all three are waited for.) ``mine``: a regular expression that the
    board's own status line matches when it is player 1's turn."""
    page.wait_for_function(
        """([v, n, mine]) => {
            const g = document.querySelector('.gk-game');
            const svg = g && g.querySelector('.gk-board svg[data-version]');
            if (!svg || Number(svg.getAttribute('data-version')) <= v) return false;
            const head = svg.querySelector('text.gk-status').textContent;
            const status = g.querySelector('.gk-status').innerText;
            if (head.includes('Game over')) return status.includes('Game over');
            return new RegExp(mine).test(head) && status.includes('your move')
                && g.querySelectorAll('.gk-log li').length > n && settled(g, svg);
        }""".replace("settled(g, svg)", SETTLED_AT_SVG),
        arg=[version, moves, mine], timeout=timeout,
    )
    # (the game over is waited for the same way: the view marks it settled too)
    wait_settled(page, timeout)


def wait_settled(page, timeout: float = 30_000) -> None:
    """Until the game view says every part of it shows the position its board draws, and waits for
    the learner or is over (:data:`SETTLED_AT_SVG`)."""
    page.wait_for_function(f"() => {{ const g = document.querySelector('.gk-game'); "
                           f"const svg = g && g.querySelector('.gk-board svg[data-version]'); return !!svg && {SETTLED_AT_SVG}; }}",
                           timeout=timeout)


#: the game view (``g``) says every part of it shows the position its board (``svg``) draws, and
#: waits for the learner (or the game is over): its class ``gk-settled-<board version>``, sent by
#: the kernel after the board, status, log, scores and chart of that position (GameControls._mark_settled)
SETTLED_AT_SVG = "g.classList.contains('gk-settled-' + svg.getAttribute('data-version'))"


# ----- lessons that open on a click (a try board, worked example or quiz built with lazy=True) ----
CLOSED = ".gk-closed"
OPEN_BUTTON = "button.gk-open-lesson"


def open_lesson(lesson, timeout: float = 30_000) -> None:
    """Open one lesson (a ``.gk-try``/``.gk-scenario``/``.gk-quiz`` locator) shown as a cover: click
    its button as a learner does, then wait for its board.

    The click goes to the button itself (a DOM click event), not to the point where Playwright last
    saw it: a lesson opened above still grows while its parts render, and in JupyterLab on a busy
    machine a mouse click at the button's place landed 245 px above it, on the cover, and opened
    nothing."""
    button = lesson.locator(OPEN_BUTTON)
    if button.count():
        button.scroll_into_view_if_needed()
        button.dispatch_event("click")
    lesson.locator(".gk-board svg").first.wait_for(timeout=timeout)


def open_lessons(page, timeout: float = 180_000) -> None:
    """Open every lesson of the page still shown as a cover, one after another as a learner
    would: click its button, wait for its board, then the next."""
    page.evaluate(
        """async ([closed, button, each]) => {
            const lessons = [...document.querySelectorAll(closed)];
            for (const lesson of lessons) {
                lesson.querySelector(button).click();
                const until = performance.now() + each;
                while (!lesson.querySelector('.gk-board svg')) {
                    if (performance.now() > until) throw new Error('a lesson did not open: ' + lesson.innerText.slice(0, 80));
                    await new Promise((r) => setTimeout(r, 50));
                }
            }
        }""",
        [CLOSED, OPEN_BUTTON, 30_000])
    page.wait_for_function(
        """(closed) => document.querySelectorAll(closed).length === 0
            && [...document.querySelectorAll('.gk-try, .gk-scenario, .gk-quiz')]
                 .every((l) => l.querySelector('.gk-board svg'))""",
        arg=CLOSED, timeout=timeout, polling=200)


# ----- the hint (a search in a worker thread; the board stays live) ---------------------------------
HINT_MOVES = ".gk-game .gk-explanation .gk-hint-move"


_HINT_WATCH = """(root) => {
    // Record, as the page changes, what a test polling from outside could miss on a busy machine:
    // whether the hint's bar showed, whether the hint's moves ever showed, and whether the bar still
    // showed at the moment the board's answer to the click reached the page.
    const g = document.querySelector(root);
    const svg = () => g.querySelector('.gk-board svg[data-version]');
    const barShows = () => {
        const bar = g.querySelector('.gk-hint-progress');
        return !!bar && getComputedStyle(bar).visibility !== 'hidden' && bar.offsetParent !== null;
    };
    const before = new Set(g.querySelectorAll('.gk-explanation .gk-hint-move'));
    const w = {version: svg() ? Number(svg().getAttribute('data-version')) : -1,
               moves: g.querySelectorAll('.gk-log li').length,
               sawBar: false, sawHint: false, barAtAnswer: null};
    const look = (records) => {
        if (barShows()) w.sawBar = true;
        // shown and hidden again within one task (a move played hides it at once): the record of
        // its style's change still holds the style it had
        for (const r of records || []) {
            if (r.attributeName === 'style' && r.target.classList.contains('gk-hint-progress')
                && /visibility:\\s*visible/.test(r.oldValue || '')) w.sawBar = true;
        }
        // a hint shown since (the moves of an earlier hint may still be on the panel)
        for (const el of g.querySelectorAll('.gk-explanation .gk-hint-move')) if (!before.has(el)) w.sawHint = true;
        const s = svg();
        const answered = (s && Number(s.getAttribute('data-version')) > w.version)
            || g.querySelectorAll('.gk-log li').length > w.moves;
        if (answered && w.barAtAnswer === null) w.barAtAnswer = barShows();
    };
    w.observer = new MutationObserver(look);
    w.observer.observe(g, {subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true});
    window.__gkHintWatch = w;
}"""


def ask_hint_and_click(page, click, timeout: float = 30_000) -> dict:
    """Click Hint and at once ``click(page)``, which clicks the board and waits for the board's
    answer. Then wait for the hint to finish. Answers what was seen: ``thinking_at_click`` (the
    hint's bar showed and no hint had shown before the board answered the click), ``answer_ms``
    (click to answer), ``thinking_after`` (the bar still showed at the moment the board's answer
    reached the page: the board answered while the search went on), ``played`` (the click played a
    move: the log grew) and ``hint`` (the moves the panel then showed as the hint's).

    The two clicks travel to the kernel in order on one socket, so the board's click is handled
    while the search has just started, however slow the machine; and the page records what it
    shows as it changes (a MutationObserver), so nothing depends on how soon the test looks. (Waiting
    for the bar to show before clicking raced the hint's wall-clock budget on a busy machine.)"""
    import time

    g = game(page)
    moves = log_count(page)
    page.evaluate(_HINT_WATCH, GAME)
    g.locator("button.gk-hint").click()
    start = time.perf_counter()
    click(page)
    answer_ms = (time.perf_counter() - start) * 1000
    watch = page.evaluate("() => { const w = window.__gkHintWatch; w.observer.disconnect(); "
                          "return {sawBar: w.sawBar, sawHint: w.sawHint, barAtAnswer: w.barAtAnswer}; }")
    # the bar goes only once no hint search is left, the dropped one included (it hides in the same
    # callback that hands a search's answer on or drops it); a stale hint is never drawn
    progress = g.locator(".gk-hint-progress")
    progress.wait_for(state="hidden", timeout=timeout)
    played = log_count(page) > moves
    if not played:
        # the view hides the bar just before it draws the hint (two messages, in that order: a page
        # may be seen between them), so the hint of an unchanged position is waited for
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            page.wait_for_function("(sel) => document.querySelectorAll(sel).length > 0", arg=HINT_MOVES,
                                   timeout=10_000)
        except PlaywrightTimeout:
            pass  # none came: the caller's assertion says so, with what was seen
    seen = {"thinking_at_click": watch["sawBar"] and not watch["sawHint"], "answer_ms": answer_ms,
            "thinking_after": bool(watch["barAtAnswer"]), "played": played,
            "hint": [el.get_attribute("data-action") for el in page.locator(HINT_MOVES).all()]}
    print("hint while clicking:", seen, watch)  # shown with pytest -s: the click's answer time while the search thinks
    return seen


def ask_hint(page, timeout: float = 30_000) -> list[str]:
    """Click Hint and wait for its moves (the ringed move first); answers their notations and
    checks that the board rings the first."""
    g = game(page)
    g.locator("button.gk-hint").click()
    page.wait_for_function("(sel) => document.querySelectorAll(sel).length > 0", arg=HINT_MOVES, timeout=timeout)
    moves = [el.get_attribute("data-action") for el in page.locator(HINT_MOVES).all()]
    ringed = g.locator(".gk-board [data-action].gk-marked").first.get_attribute("data-action")
    assert ringed == moves[0], (ringed, moves)
    assert g.locator(".gk-hint-progress").is_hidden()
    return moves


# ----- the post-game review (gk-review) ------------------------------------------------------------
REVIEW = ".gk-game .gk-review"


def _my_logged_moves(page) -> list[str]:
    """The notations of the moves the log gives to "(you)", oldest first."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.gk-game .gk-log li')]
              .filter((li) => li.innerText.includes('(you):'))
              .map((li) => li.querySelector('code').innerText).reverse()""")


def review_the_game_and_try_again(page, played: list[str] | None = None, timeout: float = 120_000) -> dict:
    """After a game by clicks: ask for the review (its button), wait for it, and check it against
    the game: its rows are the moves the log gives you, in order (and ``played``, the moves the test
    clicked, when given), and every number on them is what :func:`gardenkit.bots.review_game` gives
    in this process for the same finished game (read from the panel), seat, seed and budget. Then
    "Try again from here" on the costliest move: the board shows that position (you to move, the
    log cut to the moves before it, the review gone). Answers what it saw."""
    import json

    import gardenkit
    from gardenkit.bots.review import review_game
    from gardenkit.core import CHANCE, Timeline

    g = game(page)
    panel = page.locator(REVIEW)
    panel.wait_for(state="visible", timeout=timeout)
    start = g.locator("button.gk-review-start")
    start.scroll_into_view_if_needed()
    start.click()
    page.wait_for_function(
        """() => {
            const p = document.querySelector('.gk-game .gk-review');
            const bar = p && p.querySelector('.gk-review-progress');
            return p && p.querySelectorAll('tr.gk-review-move').length > 0
                && (!bar || getComputedStyle(bar).display === 'none');
        }""", timeout=timeout)
    data = g.locator(".gk-review-data")
    saved = json.loads(data.get_attribute("data-timeline"))
    seat, seed = int(data.get_attribute("data-seat")), int(data.get_attribute("data-seed"))
    iterations = int(data.get_attribute("data-iterations"))
    assert data.get_attribute("data-ms") == "", "a browser test's review has a playout budget only (the same every run)"
    rules = gardenkit.make(saved["game"])
    timeline = Timeline.from_dict(rules, saved)
    expected = review_game(rules, timeline, seat, seed=seed, iterations=iterations, time_ms=None)
    rows = page.evaluate(
        """() => [...document.querySelectorAll('.gk-game tr.gk-review-move')].map((tr) => ({
              ...tr.dataset, costly: tr.classList.contains('gk-review-costly')}))""")
    mine = _my_logged_moves(page)
    assert [r["played"] for r in rows] == mine, (rows, mine)
    if played is not None:
        assert [r["played"] for r in rows] == played, ([r["played"] for r in rows], played)
    assert len(rows) == len(expected.moves) == expected.total
    costly = {m.number for m in expected.costliest}
    for row, m in zip(rows, expected.moves):
        assert int(row["move"]) == m.number and int(row["index"]) == m.index, (row, m)
        assert row["played"] == str(m.played) and row["best"] == str(m.best), (row, m)
        assert row["verdict"] == m.verdict and abs(float(row["loss"]) - m.loss) < 0.006, (row, m)
        assert row["costly"] == (m.number in costly)
        if not m.forced:
            assert abs(float(row["playedMargin"]) - m.played_stats.margin) < 1e-4, (row, m)
            assert abs(float(row["bestMargin"]) - m.best_stats.margin) < 1e-4, (row, m)
            assert abs(float(row["playedWin"]) - m.played_stats.win_rate) < 1e-4, (row, m)
            assert abs(float(row["bestWin"]) - m.best_stats.win_rate) < 1e-4, (row, m)
    # the retry boxes are widgets of their own, drawn after the table's text: wait for them, with a deadline
    page.wait_for_function(
        """(n) => document.querySelectorAll('.gk-game button.gk-review-retry').length === n
                 && document.querySelectorAll('.gk-game .gk-review-reason').length === n""",
        arg=len(expected.costliest), timeout=timeout)
    seen = {"moves": len(rows), "costliest": [m.number for m in expected.costliest], "iterations": iterations}
    if not expected.costliest:
        return seen
    # the reasons cite rule ids as links
    for m in expected.costliest:
        for rid in m.reason.played_rules + m.reason.best_rules:
            assert g.locator(f'.gk-review-reason[data-move="{m.number}"] a.gk-rule-link[data-rule="{rid}"]').count()
    m = expected.costliest[0]
    version = board_version(page)
    button = g.locator(f"button.gk-review-retry-{m.number}")
    button.scroll_into_view_if_needed()
    button.click()
    panel.wait_for(state="hidden", timeout=timeout)
    before = [a for s, a, _ in timeline.steps()[: m.index] if rules.current_player(s) is not CHANCE]
    page.wait_for_function(
        """([v, n]) => {
            const g = document.querySelector('.gk-game');
            const svg = g.querySelector('.gk-board svg[data-version]');
            return Number(svg.getAttribute('data-version')) > v && g.querySelector('.gk-status').innerText.includes('your move')
                && g.querySelectorAll('.gk-log li').length === n;
        }""", arg=[version, len(before)], timeout=timeout)
    # the score table shows that position's totals (as your seat may see them)
    state = timeline.steps()[m.index][0]
    known = rules.known_scores(rules.observe(state, seat))
    for p, total in enumerate(known):
        row = g.locator(".gk-scores tr").nth(p + 1).locator("td").nth(1).inner_text().strip()
        assert row == ("?" if total is None else str(total)), (p, row, total)
    newest = g.locator(".gk-log li code").first.inner_text() if before else None
    assert newest == (str(before[-1]) if before else None)
    # the message is set once the position is back (after the board's redraw): wait for it, with a deadline
    page.wait_for_function("(text) => document.querySelector('.gk-game .gk-explanation').innerText.includes(text)",
                           arg=f"Try again from your move {m.number}", timeout=timeout)
    seen["retried"] = m.number
    return seen


# ----- Python leaked onto a page (test_dashboards_clean.py tests the scan) -------------------------
#: what Python leaves on a page when a cell leaks: (name, pattern over the visible text)
LEAKS = [
    ("a traceback", re.compile(r"Traceback \(most recent call last\)|^\s*Traceback\b", re.M)),
    ("a Python error line", re.compile(r"^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Warning): ", re.M)),
    ("an error in a cell", re.compile(r"There was an error when executing cell|An error occurred while executing")),
    ("a gardenkit object's repr", re.compile(r"<gardenkit\.")),
    ("an object's address", re.compile(r"object at 0x[0-9a-f]+")),
    ("a widget's repr", re.compile(r"\b(?:TryBoard|\w*Board|\w*Game|VBox|HBox|HTML|Output|Button|Label)\((?:children|value)=")),
    ("a dataclass repr of a state", re.compile(r"\b\w+State\(\w+=")),
]
#: an output area's whole text is a quoted Python string: '…' or "…" (a repr of a str)
QUOTED = re.compile(r"""^\s*(['"]).*\1\s*$""", re.S)

#: each output area's text, with its kind (execute result, stream, error)
OUTPUTS_JS = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output')).map(el => ({
    text: el.innerText,
    kind: el.getAttribute('data-mime-type') || '',
    classes: el.className,
}))"""


def leaks(text: str, outputs: list[dict]) -> list[str]:
    """What leaked onto a page: ``text`` its visible text, ``outputs`` its output areas (each
    ``{"text", "kind", "classes"}``); see ``test_the_scan_finds_what_leaked``."""
    found = []
    for name, pattern in LEAKS:
        m = pattern.search(text)
        if m:
            start = max(0, m.start() - 60)
            found.append(f"{name}: …{text[start:m.end() + 80]!r}…")
    for out in outputs:
        body = out["text"].strip()
        if QUOTED.match(body):
            found.append(f"an output area holds only a quoted string: {body[:120]}")
        if "jp-OutputArea-executeResult" in out["classes"] and body and len(body) < 300 and "\n" not in body \
                and "widget" not in out["kind"]:
            # a short plain-text result left by a cell's last value (a number, a tuple, None …)
            if re.fullmatch(r"None|True|False|-?\d+(\.\d+)?|\(.*\)|\[.*\]|\{.*\}", body):
                found.append(f"a cell's last value shows: {body[:120]}")
    return found


def check_no_leaks(page, what: str) -> None:
    """The page (a dashboard, its widgets drawn) shows no Python where a reader should see prose."""
    outputs = page.evaluate(OUTPUTS_JS)
    assert outputs, f"{what}: no output areas (did the notebook run?)"
    found = leaks(page.inner_text("body"), outputs)
    assert not found, f"{what} shows Python where a reader should see prose:\n" + "\n".join(found)


#: [{ratio, need, text, el, on, fg, bg}] for every visible text of ours, worst first
CONTRAST_JS = r"""() => {
  const parse = (c) => {
    const m = /^rgba?\(([^)]+)\)$/.exec((c || '').trim());
    if (!m) return null;
    const v = m[1].split(/[\s,\/]+/).filter(Boolean).map(x => x.endsWith('%') ? parseFloat(x) / 100 : Number(x));
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const hex = (f) => { const n = parseInt(f.slice(1).padEnd(6, '0').slice(0, 6), 16); return [n >> 16, (n >> 8) & 255, n & 255, 1]; };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const lum = (c) => { const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
                       return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const l1 = lum(a), l2 = lum(b); return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05); };
  const name = (e) => e.tagName.toLowerCase() + ((e.getAttribute('class') || '').trim()
      ? '.' + e.getAttribute('class').trim().split(/\s+/).join('.') : '');
  const htmlBg = (el) => {  // its own background, else its parents', composited over white
    const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      if (e instanceof SVGElement) continue;
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push([c, e]); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1], from = 'the page';
    for (let i = layers.length - 1; i >= 0; i--) { bg = over(layers[i][0], bg); from = name(layers[i][1]); }
    return [bg, from];
  };
  const paintOf = (shape) => {
    const cs = getComputedStyle(shape);
    if (cs.visibility !== 'visible' || cs.display === 'none') return null;
    let f = cs.fill;
    const url = /url\("?#([^")]+)"?\)/.exec(f);
    if (url) {  // a pattern: the colour of its first rectangle
      const r = document.getElementById(url[1]) && document.getElementById(url[1]).querySelector('rect');
      f = r ? (r.getAttribute('fill') || getComputedStyle(r).fill) : '';
      if (f.startsWith('#')) return hex(f);
    }
    const c = parse(f);
    if (!c) return null;
    c[3] *= Number(cs.fillOpacity) * Number(cs.opacity);
    return c[3] > 0.05 ? c : null;
  };
  const shapesOf = new Map();  // svg -> [[document index, shape, rect]]
  const shapes = (svg) => {
    if (!shapesOf.has(svg)) {
      const all = [...svg.querySelectorAll('*')];
      const index = new Map(all.map((e, i) => [e, i]));
      const list = all.filter(e => /^(rect|circle|ellipse|path|polygon)$/.test(e.tagName) && !e.closest('defs, pattern'))
        .map(e => [index.get(e), e, e.getBoundingClientRect()]);
      shapesOf.set(svg, [index, list]);
    }
    return shapesOf.get(svg);
  };
  const svgBg = (t, svg) => {
    const cs = getComputedStyle(t);
    const page = htmlBg(svg);
    const halo = parse(cs.stroke);
    if (cs.paintOrder.startsWith('stroke') && halo && parseFloat(cs.strokeWidth) >= 2 && halo[3] * Number(cs.strokeOpacity) >= 0.8)
      return [over(halo, page[0]), 'its halo'];
    const r = t.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const [index, list] = shapes(svg);
    const at = index.get(t);
    let found = null;
    for (const [i, s, b] of list) {
      if (i >= at) break;
      if (b.left <= cx && cx <= b.right && b.top <= cy && cy <= b.bottom) { const p = paintOf(s); if (p) found = [p, s]; }
    }
    return found ? [over(found[0], page[0]), name(found[1])] : page;
  };
  const out = [], seen = new Set();
  for (const root of document.querySelectorAll('[class*="gk-"]')) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (seen.has(el)) continue;
      seen.add(el);
      if (el.closest('title, defs, style, script')) continue;
      if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
      const rect = el.getBoundingClientRect();
      if (!rect.width || !rect.height) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility !== 'visible' || Number(cs.opacity) === 0) continue;
      const svg = el instanceof SVGElement ? el.ownerSVGElement : null;
      let fg = parse(svg ? cs.fill : cs.color);
      if (!fg || fg[3] === 0) continue;
      if (svg) fg[3] *= Number(cs.fillOpacity);
      const [bg, on] = svg ? svgBg(el, svg) : htmlBg(el);
      fg = over(fg, bg);
      const ctm = svg && svg.getScreenCTM();
      const px = parseFloat(cs.fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1), bold = Number(cs.fontWeight) >= 700;
      const need = px >= 24 || (bold && px >= 18.66) ? 3 : 4.5;
      out.push({ratio: Math.round(ratio(fg, bg) * 100) / 100, need, text: el.textContent.trim().slice(0, 40),
                el: name(el).slice(0, 60), on: on.slice(0, 50),
                fg: fg.slice(0, 3).map(Math.round).join(','), bg: bg.slice(0, 3).map(Math.round).join(',')});
    }
  }
  out.sort((a, b) => a.ratio / a.need - b.ratio / b.need);
  return out;
}"""


#: the background luminance of every visible ``img.gk-picture`` (a drawing as an image)
PICTURES_JS = r"""() => [...document.querySelectorAll('img.gk-picture')].filter(i => i.getBoundingClientRect().width)
    .map(i => { const m = /rgba?\(([^)]+)\)/.exec(getComputedStyle(i).backgroundColor);
                const v = m ? m[1].split(/[\s,\/]+/).map(Number) : [0, 0, 0, 0];
                const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
                return (v.length > 3 && v[3] === 0) ? 0 : 0.2126 * f(v[0]) + 0.7152 * f(v[1]) + 0.0722 * f(v[2]); })"""


def _row(r: dict) -> str:
    return f"{r['ratio']:5.2f} (needs {r['need']}) {r['el']} «{r['text']}» {r['fg']} on {r['bg']} ({r['on']})"


def luminance(css: str) -> float:
    """The relative luminance (WCAG) of a CSS colour as the browser computes it (``rgb(…)``)."""
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    return sum(k * (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
               for k, c in zip((0.2126, 0.7152, 0.0722), (r, g, b)))


def contrast(a: str, b: str) -> float:
    """The contrast ratio (WCAG) of two CSS colours."""
    lo, hi = sorted((luminance(a), luminance(b)))
    return (hi + 0.05) / (lo + 0.05)


#: the ring of the board's target in focus: its style, width and colour, and the colour of the page
#: behind the board (the first background that is not transparent, walking up from it)
RING_JS = """() => { const e = document.activeElement, cs = getComputedStyle(e);
  const clear = (c) => /rgba\\(0, 0, 0, 0\\)|transparent/.test(c);
  let el = e.closest('.gk-board'), bg = 'rgba(0, 0, 0, 0)';
  while (el && clear(bg)) { bg = getComputedStyle(el).backgroundColor; el = el.parentElement; }
  if (clear(bg)) bg = getComputedStyle(document.body).backgroundColor;
  return {inBoard: !!e.closest('.gk-game .gk-board'), style: cs.outlineStyle, width: parseFloat(cs.outlineWidth),
          color: cs.outlineColor, bg}; }"""


def check_focus_ring(page, theme: str) -> None:
    """The game board's target in focus (the board focused as a Tab onto it does, where it is not
    yet) shows a ring of 2 px or more at 3:1 against the page behind the board (WCAG 2.4.7,
    1.4.11), in the theme the page is in."""
    if not page.evaluate("() => !!document.activeElement && !!document.activeElement.closest('.gk-game .gk-board')"):
        page.evaluate("() => document.querySelector('.gk-game .gk-board').focus()")
    page.wait_for_function("() => !!document.activeElement.closest('.gk-game .gk-board [role=button]')", timeout=10_000)
    ring = page.evaluate(RING_JS)
    ratio = contrast(ring["color"], ring["bg"])
    assert ring["style"] != "none" and ring["width"] >= 2 and ratio >= 3, (theme, ring, round(ratio, 2))


def check_contrast(page, what: str, theme: str) -> None:
    """Every text of ours on the page reads (and, dark, every drawing shown as an image sits on a
    light background)."""
    if theme == "dark":
        dim = [lum for lum in page.evaluate(PICTURES_JS) if lum < 0.8]
        assert not dim, f"{len(dim)} drawings shown as images sit on a dark background (luminance {dim[:5]})"
    texts = page.evaluate(CONTRAST_JS)
    assert len(texts) > 20, f"only {len(texts)} texts of ours found ({what}, {theme})"
    bad = [r for r in texts if r["ratio"] < r["need"]]
    print(f"\n{what} ({theme}): {len(texts)} texts, {len(bad)} below; the worst:")
    for r in texts[:3]:
        print("   ", _row(r))
    assert not bad, f"{len(bad)} texts below the contrast they need ({what}, {theme}):\n" + "\n".join(
        _row(r) for r in bad[:15])


#: axe-core's rules of WCAG 2.0 and 2.1, levels A and AA (its tags)
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page) -> list[dict]:
    """axe-core (bundled by axe-playwright-python) run on the whole page for WCAG 2.1 A and AA:
    its serious and critical violations, each ``{id, impact, help, nodes: [(target, html)]}``."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_AA}, "resultTypes": ["violations"]})
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [(" ".join(map(str, n["target"])), n["html"][:160]) for n in v["nodes"]]}
            for v in result.response["violations"] if v["impact"] in ("serious", "critical")]


def check_axe(page, what: str, theme: str) -> None:
    """No serious or critical WCAG 2.1 A/AA violation on the page (axe-core)."""
    found = axe_violations(page)
    print(f"\n{what} ({theme}): axe-core found {len(found)} serious or critical WCAG 2.1 A/AA violations")
    assert not found, f"axe-core ({what}, {theme}):\n" + "\n".join(
        f"{v['id']} ({v['impact']}: {v['help']}), {len(v['nodes'])} elements, e.g. " + "; ".join(
            f"{t} {h}" for t, h in v["nodes"][:3]) for v in found)


#: texts of ours cut off by their box: an element (of ours: a ``gk-`` class or inside one) whose
#: own text is wider or taller than the box it is shown in while that box hides what overflows
#: (``overflow`` hidden or clip, or an ellipsis), and SVG texts running past their drawing's edge.
#: Each as "what «text» how much".
OVERFLOW_JS = r"""() => {
  const ours = (e) => !!e.closest('[class*="gk-"]');
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const hidden = (e) => e.closest('.gk-sr, .gk-board-keys');
  const name = (e) => e.tagName.toLowerCase() + ([...e.classList].slice(0, 2).map((c) => '.' + c).join(''));
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e instanceof SVGElement || !ours(e) || hidden(e) || !shown(e)) continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const cs = getComputedStyle(e);
    const clips = (v) => v === 'hidden' || v === 'clip';
    const text = e.textContent.trim().slice(0, 40);
    if ((clips(cs.overflowX) || cs.textOverflow === 'ellipsis') && e.scrollWidth > e.clientWidth + 1)
      out.push(`${name(e)} «${text}» ${e.scrollWidth - e.clientWidth} px wider than its box`);
    if (clips(cs.overflowY) && e.scrollHeight > e.clientHeight + 1)
      out.push(`${name(e)} «${text}» ${e.scrollHeight - e.clientHeight} px taller than its box`);
  }
  // a select shows its chosen option whole
  for (const s of document.querySelectorAll('select')) {
    if (!ours(s) || !shown(s) || s.selectedIndex < 0) continue;
    const probe = document.createElement('span');
    const cs = getComputedStyle(s);
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${cs.font}`;
    probe.textContent = s.options[s.selectedIndex].text;
    document.body.appendChild(probe);
    const need = probe.getBoundingClientRect().width + 28;  // the text, its padding and the arrow
    probe.remove();
    if (need > s.getBoundingClientRect().width + 1)
      out.push(`select «${s.options[s.selectedIndex].text.slice(0, 40)}» needs ${Math.round(need)} px, has ${Math.round(s.getBoundingClientRect().width)}`);
  }
  // SVG texts inside their drawing
  for (const svg of document.querySelectorAll('svg')) {
    if (!ours(svg) || !shown(svg) || svg.closest('.bqplot')) continue;
    const b = svg.getBoundingClientRect();
    for (const t of svg.querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      if (!r.width || hidden(t)) continue;
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1)
        out.push(`svg text «${t.textContent.trim().slice(0, 40)}» runs past its drawing`);
    }
  }
  return out;
}"""


def check_no_overflow(page, what: str) -> None:
    """No text of ours cut off by its box (:data:`OVERFLOW_JS`)."""
    cut = page.evaluate(OVERFLOW_JS)
    assert not cut, f"texts cut off ({what}):\n" + "\n".join(cut[:15])
