"""Helpers the game dashboards' browser tests share (imported by each game's test module).

Each game's page has one game view (``.gk-game``) holding a board, a status line, a log and a
score table; these read them and wait for them the same way for every game. The page shows the
game as a cover (a picture and a "Play a game" button, like the lessons) until a learner opens
it: :func:`open_game` does what the learner does.
"""
from __future__ import annotations

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
        button.first.click()
    g.locator(".gk-board svg").first.wait_for(timeout=timeout)


def status(page) -> str:
    return game(page).locator(".gk-status").first.inner_text()


def log_count(page) -> int:
    return game(page).locator(".gk-log li").count()


def board_version(page, root: str = GAME) -> int:
    return int(page.locator(f"{root} .gk-board svg[data-version]").first.get_attribute("data-version"))


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
                && g.querySelectorAll('.gk-log li').length > n;
        }""",
        arg=[version, moves, mine], timeout=timeout,
    )
    # the log is its own widget: a bot's line may arrive a moment after the board and the status
    # (the log grows by one message per update); wait until it has stopped growing
    wait_log_settled(page)


def wait_log_settled(page, quiet_ms: int = 400, timeout: float = 10_000) -> None:
    """Until the move log has not changed for ``quiet_ms``."""
    page.wait_for_function(
        """(quiet) => {
            const g = document.querySelector('.gk-game');
            const n = g ? g.querySelectorAll('.gk-log li').length : -1;
            const now = performance.now();
            if (window.__gkLogCount !== n) { window.__gkLogCount = n; window.__gkLogSince = now; return false; }
            return now - window.__gkLogSince >= quiet;
        }""",
        arg=quiet_ms, timeout=timeout, polling=100,
    )


# ----- lessons that open on a click (a try board, worked example or quiz built with lazy=True) ----
CLOSED = ".gk-closed"
OPEN_BUTTON = "button.gk-open-lesson"


def open_lesson(lesson, timeout: float = 30_000) -> None:
    """Open one lesson (a ``.gk-try``/``.gk-scenario``/``.gk-quiz`` locator) shown as a cover: click
    its button as a learner does, then wait for its board."""
    button = lesson.locator(OPEN_BUTTON)
    if button.count():
        button.click()
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


def ask_hint_and_click(page, click, timeout: float = 30_000) -> dict:
    """Click Hint, and while its progress bar shows (the search thinking in its thread) call
    ``click(page)``, which clicks the board and waits for the board's answer. Then wait for the
    hint to finish. Answers what was seen: ``thinking_at_click`` (the bar showed when the click
    was made), ``answer_ms`` (click to answer), ``thinking_after`` (the bar still showed once the
    board had answered: the board answered while the search went on), ``played`` (the click
    played a move: the log grew) and ``hint`` (the moves the panel then showed as the hint's)."""
    import time

    g = game(page)
    moves = log_count(page)
    g.locator("button.gk-hint").click()
    progress = g.locator(".gk-hint-progress")
    progress.wait_for(state="visible", timeout=timeout)
    thinking_at_click = progress.is_visible()
    start = time.perf_counter()
    click(page)
    answer_ms = (time.perf_counter() - start) * 1000
    thinking_after = progress.is_visible()
    progress.wait_for(state="hidden", timeout=timeout)
    page.wait_for_timeout(300)  # a stale answer, were it shown, would arrive now
    seen = {"thinking_at_click": thinking_at_click, "answer_ms": answer_ms, "thinking_after": thinking_after,
            "played": log_count(page) > moves,
            "hint": [el.get_attribute("data-action") for el in page.locator(HINT_MOVES).all()]}
    print("hint while clicking:", seen)  # shown with pytest -s: the click's answer time while the search thinks
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
