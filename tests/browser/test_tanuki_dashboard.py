"""The Tanuki in the Garden dashboard (notebooks/tanuki.ipynb) served by Voilà, clicked in headless Chromium.

Three page loads: the lessons and the game's board (a start place, a 5's direction, a tile picked,
turned and played by clicks, the preview naming every monk's gain before the tile is laid, the
walks stepped through after it, hint, undo); a whole game against the bots (with Garden Master)
by clicks only; the lessons' own boards: a reactive card offered and declined, the rulebook's dice
example stepped and the gold Tanuki's way chosen by a click.
Set GARDENKIT_SCREENSHOT=1 to refresh docs/tanuki-dashboard.png (the README's picture).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from dashboard import GAME, ask_hint, ask_hint_and_click, board_version, game, log_count, status
from dashboard import review_the_game_and_try_again
from dashboard import wait_after_my_move as wait_for_move

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
NOTEBOOK = "tanuki.ipynb"
MINE = r"Player 1 \(you\)"  # the board's own status line when player 1 is to act
#: what the board offers to click (the engine's legal targets; a refused one carries gk-illegal)
LEGAL = "[data-action]:not(.gk-illegal)"
#: which of several offered moves the whole-game player clicks first
PRIORITY = ("@", "enter from", "start ", "toward", "end turn", "decline", "discard", "go", "chase", "pass", "done",
            "wait", "buy")
#: a whole game (3 players, Garden Master, seed 7): some 15-25 decisions of yours, bot moves of 0.4 s each
GAME_TIMEOUT_MS = 240_000


def click_and_wait_for_redraw(page, target, root=GAME) -> None:
    """Click ``target`` (a tile of the hand, a button on the board) and wait until that board is redrawn."""
    version = board_version(page, root)
    target.click()
    page.wait_for_function(
        """([root, v]) => {
            const svg = document.querySelector(root + ' .gk-board svg[data-version]');
            return svg && Number(svg.getAttribute('data-version')) > v;
        }""", arg=[root, version])


def wait_after_my_move(page, version: int, moves: int, timeout=60_000):
    wait_for_move(page, version, moves, MINE, timeout)


def head(page, root=GAME) -> str:
    """The board's own status line (what the engine says is being decided)."""
    return page.locator(f"{root} .gk-board svg text.gk-status").first.text_content()


def offered(board) -> list[str]:
    return [el.get_attribute("data-action") for el in board.locator(LEGAL).all()]


def choose(actions: list[str]) -> str:
    for wanted in PRIORITY:
        for a in actions:
            if wanted in a:
                return a
    return actions[0]


def pick_first_tile(page, board) -> str | None:
    """In your tile phase with nothing picked yet: click the first tile of your hand."""
    if "lays a tile" not in head(page) or any("@" in a for a in offered(board)):
        return None
    tiles = board.locator("[data-pick]").all()
    tiles = [t for t in tiles if (t.get_attribute("data-pick") or "").isdigit()]
    if not tiles:
        return None
    picked = tiles[0].get_attribute("data-pick")
    click_and_wait_for_redraw(page, tiles[0])
    return picked


def play_one_move(page) -> str:
    """One decision of yours, by clicks: a tile of the hand first in the tile phase, then what the
    board offers (a placement before anything else)."""
    board = game(page).locator(".gk-board")
    pick_first_tile(page, board)
    actions = offered(board)
    assert actions, f"nothing offered: {head(page)}"
    action = choose(actions)
    version, before = board_version(page), log_count(page)
    board.locator(f'[data-action="{action}"]').first.click()
    wait_after_my_move(page, version, before)
    return action


def play_until_my_tile_phase(page, limit: int = 12) -> list[str]:
    played = []
    for _ in range(limit):
        if "lays a tile" in head(page):
            return played
        played.append(play_one_move(page))
    raise AssertionError(f"no tile phase of mine after {played}")


def test_lessons_and_the_board_turn_preview_play_trail_hint_and_undo(dash):
    g = game(dash)
    # the lessons: a heading per rule id, try boards (covers until opened), worked examples and quizzes
    assert dash.locator("h3", has_text="tanuki.tanuki.choose").count() >= 1
    assert dash.locator("h4", has_text="tanuki.gm.repellant").count() >= 1
    assert dash.locator(".gk-try").count() >= 57
    assert dash.locator(".gk-scenario").count() >= 11 and dash.locator(".gk-quiz").count() >= 12
    # the game: one board and the hooks
    assert g.locator(".gk-board svg").count() == 1
    for cls in ("gk-explanation", "gk-log", "gk-scores", "gk-hint", "gk-undo"):
        assert g.locator(f".{cls}").count() >= 1, cls
    assert "your move" in status(dash) and "takes a start place" in head(dash)
    assert "No moves yet" in g.locator(".gk-log").inner_text()
    rows = g.locator(".gk-scores tr:has(td)")
    assert rows.count() == 3
    board = g.locator(".gk-board")
    # a start place on the edge: 24 rings, one click
    assert board.locator("g.gk-tstart[data-action]").count() == 24
    version, before = board_version(dash), log_count(dash)
    board.locator('g.gk-tstart[data-action="start b3g1 side 1"]').click()
    wait_after_my_move(dash, version, before)
    assert "start b3g1 side 1" in g.locator(".gk-log").inner_text()
    # a 5 on a Tanuki's die is mine to steer (seed 7's first roll), then the tile phase
    play_until_my_tile_phase(dash)
    # pick a tile: its two ways to set off from the start place, and the preview of every monk's walk
    tile = pick_first_tile(dash, board)
    assert tile, "no tile of the hand to pick"
    actions = offered(board)
    assert actions and all(re.fullmatch(rf"{tile}@b3g1 from [AB]", a) for a in actions), actions
    preview = g.locator(".gk-explanation").filter(has_text="Before you play")
    preview.wait_for()
    assert re.search(r"Player 1 \(you\): .*\([+-]\d+\)", preview.inner_text()), preview.inner_text()
    assert "tanuki.tile.play" in preview.inner_text()  # the engine's explanation, with its rules
    # turn it: the same two ends, the tile turned a quarter
    click_and_wait_for_redraw(dash, board.locator('[data-ui="turn"]'))
    turned = offered(board)
    assert turned and all(re.fullmatch(rf"{tile}@b3g1/90 from [AB]", a) for a in turned), turned
    assert board.locator(f'[data-pick="{tile}"][data-rot="90"]').count() == 1
    g.locator(".gk-explanation").filter(has_text="Before you play").wait_for()
    # play it by clicking the path end it sets off by: the log, the board and the bots follow
    action = turned[-1]
    version, before = board_version(dash), log_count(dash)
    board.locator(f'[data-action="{action}"]').click()
    wait_after_my_move(dash, version, before)
    log = g.locator(".gk-log").inner_text()
    assert action in log and "Player 1 (you)" in log and "greedy bot" in log
    # the walks of the last tile stay on the board, to be stepped through
    if board.locator('[data-ui="trail_next"]').count():
        click_and_wait_for_redraw(dash, board.locator('[data-ui="trail_next"]'))
        assert "The walks after" in board.locator("svg").first.text_content()
    # hint: a ringed move; clicking it plays it
    g.locator("button.gk-hint").click()
    g.locator(".gk-explanation").filter(has_text="Hint").wait_for()
    marked = board.locator("[data-action].gk-marked")
    marked.first.wait_for()
    hinted = marked.first.get_attribute("data-action")
    version, before = board_version(dash), log_count(dash)
    marked.first.click()
    wait_after_my_move(dash, version, before)
    assert hinted in g.locator(".gk-log").inner_text()
    # undo: back to before the hinted move (the bots' answers go too)
    g.locator("button.gk-undo").click()
    g.locator(".gk-explanation").filter(has_text="Undone").wait_for()
    dash.wait_for_function("(n) => document.querySelectorAll('.gk-game .gk-log li').length === n", arg=before)
    assert "your move" in status(dash)
    # a moment for the README: a few tiles on, in the tile phase, a tile picked, every monk's walk previewed
    for _ in range(3):
        play_until_my_tile_phase(dash)
        play_one_move(dash)
    play_until_my_tile_phase(dash)
    pick_first_tile(dash, board)
    g.locator(".gk-explanation").filter(has_text="Before you play").wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    g.screenshot(path=str(ARTIFACTS / "tanuki-dashboard.png"))
    if os.environ.get("GARDENKIT_SCREENSHOT") == "1":
        (REPO / "docs").mkdir(exist_ok=True)
        g.screenshot(path=str(REPO / "docs" / "tanuki-dashboard.png"))
    assert dash.gk_page_errors == []


def test_a_whole_game_against_the_bots_by_clicks_and_its_review(dash):
    g = game(dash)
    dash.set_default_timeout(GAME_TIMEOUT_MS)
    played = []
    for _ in range(150):
        if "Game over" in status(dash):
            break
        played.append(play_one_move(dash))
    assert "Game over" in status(dash), played
    assert sum("@" in a or a.startswith("enter") for a in played) >= 3, played
    final = g.locator(".gk-explanation .gk-final")
    final.wait_for()
    text = final.inner_text()
    assert re.search(r"(wins|share the win) with \d+ points", text), text
    # the final breakdown reveals every total, and the table shows the same ones
    for name in ("Player 1 (you)", "Player 2 (greedy bot)", "Player 3 (greedy bot)"):
        total = re.search(rf"{re.escape(name)}: (\d+) points", text)
        assert total, (name, text)
        row = g.locator(".gk-scores tr").filter(has_text=name).locator("td").nth(1).inner_text().strip()
        assert row == total[1], (name, row, total[1])
    assert g.locator(f".gk-board {LEGAL}").count() == 0  # nothing left to click
    # then the review: the moves played, the search's numbers, and "Try again from here"
    seen = review_the_game_and_try_again(dash, played)
    assert seen["moves"] == len(played) and seen.get("retried"), seen
    assert dash.gk_page_errors == []


def _open(page, locator) -> None:
    """Open a lesson's cover (its "Try it" / "Step through" button) and wait for its board."""
    locator.scroll_into_view_if_needed()
    button = locator.locator("button.gk-open-lesson")
    if button.count():
        button.click()
    locator.locator(".gk-board svg[data-version]").wait_for()


def test_a_reactive_card_is_offered_and_declined_and_the_dice_example_is_stepped(dash):
    # Garden Master's answer out of turn: a Tanuki is about to land on your monk on player 2's turn
    t = dash.locator(".gk-try").filter(has_text="answer with your Repellant").first
    _open(dash, t)
    board = t.locator(".gk-board")
    assert "may play a Tanuki Repellant (or decline)" in board.locator("svg text.gk-status").first.text_content()
    assert sorted(offered(board)) == ["decline", "play repellant"]
    board.locator('[data-action="decline"]').click()
    panel = t.locator(".gk-explanation").filter(has_text="Played")
    panel.wait_for()
    assert "tanuki.tanuki.land" in panel.inner_text() and "-3" in panel.inner_text().replace("−", "-")
    t.locator("button.gk-reset").click()
    board.locator('[data-action="play repellant"]').wait_for()
    # the rulebook's example: blue 4 and gold 5, the gold Tanuki's way ringed; another side by a click
    sc = dash.locator(".gk-scenario").filter(has_text="The dice show blue 4 and gold 5").first
    _open(dash, sc)
    from playwright.sync_api import expect

    expect(sc).to_contain_text("step 0 of 4")  # its step line is a widget of its own: it may follow the board
    ringed = sc.locator(".gk-board [data-action].gk-marked").first.get_attribute("data-action")
    assert ringed == "gold toward 3", ringed
    assert sorted(offered(sc.locator(".gk-board"))) == [f"gold toward {side}" for side in (1, 2, 3, 4)]
    sc.locator(".gk-board [data-action='gold toward 1']").click()
    sc.locator(".gk-explanation").filter(has_text="Your choice").wait_for()
    sc.locator("button.gk-book").click()
    sc.locator(".widget-html.gk-caption").filter(has_text="The start").wait_for()
    sc.locator("button.gk-forward").click()
    sc.locator(".widget-html.gk-caption").filter(has_text="Step 1:").wait_for()
    assert "gold toward 3" in sc.locator(".widget-html.gk-caption").inner_text()
    # the caption and the explanation are two widgets, updated one after the other: wait for the
    # step's own explanation (a fresh-clone run read step 3's after step 4's caption had come)
    explained = sc.locator(".gk-explanation").filter(has_text="Step 1:")
    explained.wait_for()
    assert "tanuki.tanuki.off" in explained.inner_text()
    for step in (2, 3, 4):
        sc.locator("button.gk-forward").click()
        sc.locator(".widget-html.gk-caption").filter(has_text=f"Step {step}:").wait_for()
    explained = sc.locator(".gk-explanation").filter(has_text="Result:")  # the last step's, with the sum
    explained.wait_for()
    assert "tanuki.tanuki.place" in explained.inner_text()
    assert dash.gk_page_errors == []


def test_the_hint_shows_three_moves_and_the_board_answers_clicks_while_it_thinks(dash):
    g = game(dash)
    board = g.locator(".gk-board")
    assert "takes a start place" in head(dash)
    # the hint at the first decision: three start places, the first ringed, with the search's numbers
    moves = ask_hint(dash)
    assert len(moves) == 3 and len(set(moves)) == 3 and all(m.startswith("start ") for m in moves), moves
    assert "tries in all" in g.locator(".gk-explanation").inner_text()  # the hint's words (issue 24)
    # a start place clicked while a new hint thinks: played at once, and that hint never shows
    version, before = board_version(dash), log_count(dash)
    target = board.locator(".gk-tstart[data-action]").last
    action = target.get_attribute("data-action")

    def play(page):
        target.click()
        page.wait_for_function("(n) => document.querySelectorAll('.gk-game .gk-log li').length > n", arg=before)

    seen = ask_hint_and_click(dash, play)
    assert seen["thinking_at_click"] and seen["played"] and seen["hint"] == [], seen
    wait_after_my_move(dash, version, before)
    assert action in g.locator(".gk-log").inner_text()
    assert dash.gk_page_errors == []
