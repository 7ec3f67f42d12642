"""The Samurai Gardener dashboard (notebooks/samurai-gardener.ipynb) served by Voilà, clicked in Chromium.

Set GARDENKIT_SCREENSHOT=1 to refresh docs/dashboard.png (the README's picture) from a game in progress.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from dashboard import ask_hint, ask_hint_and_click, game, log_count, review_the_game_and_try_again, status

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"

pytestmark = pytest.mark.browser

NOTEBOOK = "samurai-gardener.ipynb"


def pick_first_card(page):
    g = game(page)
    g.locator(".gk-board [data-card]").first.click()
    g.locator(".gk-spot[data-action]:not(.gk-illegal)").first.wait_for()


def click_spot(page, selector=".gk-spot[data-action]:not(.gk-illegal)"):
    spot = game(page).locator(selector).first
    action = spot.get_attribute("data-action")
    spot.click()
    return action


def round_no(page) -> int:
    m = re.search(r"Round (\d+)", status(page))
    return int(m[1]) if m else -1


def wait_for_my_turn_after(page, rnd: int, timeout=30_000):
    page.wait_for_function(
        """(rnd) => {
            const s = document.querySelector('.gk-game .gk-status');
            if (!s) return false;
            const t = s.innerText;
            if (t.includes('Game over')) return true;
            const m = t.match(/Round (\\d+): your move/);
            return m && Number(m[1]) > rnd;
        }""",
        arg=rnd, timeout=timeout,
    )


def test_dashboard_loads_without_page_errors(dash):
    assert game(dash).locator(".gk-board svg").count() == 1
    for cls in ("gk-explanation", "gk-log", "gk-scores", "gk-hint", "gk-undo"):
        assert game(dash).locator(f".{cls}").count() >= 1, cls
    # every rule heading is on the page (the code is hidden, the words are not)
    assert dash.locator("text=samurai_gardener.place.protect").count() >= 1
    assert dash.gk_page_errors == []


def test_pick_a_card_then_a_spot_updates_log_and_scores(dash):
    g = game(dash)
    pick_first_card(dash)
    legal = g.locator(".gk-spot[data-action]:not(.gk-illegal)")
    assert legal.count() > 0
    assert all(re.fullmatch(r"\d+r?@-?\d+,-?\d+", legal.nth(i).get_attribute("data-action"))
               for i in range(legal.count()))
    scoring = g.locator(".gk-spot.gk-scores")
    selector = ".gk-spot.gk-scores" if scoring.count() else ".gk-spot[data-action]:not(.gk-illegal)"
    # a scoring spot's "+N" badge is the element right after it; a spot without a badge scores 0
    badge = g.locator(selector).first.locator("xpath=following-sibling::*[1][@class='gk-badge']")
    points = int(badge.text_content().strip().lstrip("+")) if scoring.count() else 0
    rnd = round_no(dash)
    action = click_spot(dash, selector)
    g.locator(".gk-log").filter(has_text=action).wait_for()
    wait_for_my_turn_after(dash, rnd)
    first_row = g.locator(".gk-scores tr").nth(1).inner_text()
    assert "you" in first_row and str(points) in first_row
    assert "bot" in g.locator(".gk-log").inner_text()  # the bot answered
    # a moment mid-game for the README
    pick_first_card(dash)
    g.scroll_into_view_if_needed()
    best = g.locator(".gk-spot.gk-scores")
    shown = (best if best.count() else g.locator(".gk-spot:not(.gk-illegal)")).last
    shown.hover()
    # the hover's preview drawn: the panel names the move and the card's ghost sits on its spot
    g.locator(".gk-explanation").filter(has_text=shown.get_attribute("data-action")).wait_for()
    dash.wait_for_function("document.querySelector('.gk-game .gk-ghost').getAttribute('visibility') === 'visible'")
    ARTIFACTS.mkdir(exist_ok=True)
    g.screenshot(path=str(ARTIFACTS / "dashboard.png"))
    if os.environ.get("GARDENKIT_SCREENSHOT") == "1":
        (REPO / "docs").mkdir(exist_ok=True)
        g.screenshot(path=str(REPO / "docs" / "dashboard.png"))


def test_hovering_a_spot_shows_the_card_there_and_the_other_houses_are_shown(dash):
    g = game(dash)
    pick_first_card(dash)
    assert g.locator(".gk-board rect.gk-sq").first.get_attribute("width") == "40"
    ghost = g.locator(".gk-board .gk-ghost")
    assert ghost.get_attribute("visibility") == "hidden"
    spot = g.locator(".gk-spot[data-action]:not(.gk-illegal)").first
    spot.hover()
    dash.wait_for_function("document.querySelector('.gk-game .gk-ghost').getAttribute('visibility') === 'visible'")
    assert ghost.get_attribute("transform") == spot.get_attribute("transform")
    g.locator(".gk-explanation").filter(has_text=spot.get_attribute("data-action")).wait_for()
    g.locator(".gk-spot.gk-illegal").first.hover()
    dash.wait_for_function("document.querySelector('.gk-game .gk-ghost').getAttribute('visibility') === 'hidden'")
    others = g.locator(".gk-others .gk-other")
    assert others.count() == 1
    text = others.first.inner_text()
    assert "Player 2 (greedy bot)" in text and "points" in text
    assert others.first.locator("svg rect.gk-sq").count() >= 6


def test_grey_spot_shows_the_refusal_reason(dash):
    g = game(dash)
    pick_first_card(dash)
    grey = g.locator(".gk-spot.gk-illegal")
    assert grey.count() > 0
    click_spot(dash, ".gk-spot.gk-illegal")
    panel = g.locator(".gk-explanation")
    panel.filter(has_text="Not allowed").wait_for()
    assert re.search(r"samurai_gardener\.place\.(touch|protect)", panel.inner_text())
    assert "No moves yet" in g.locator(".gk-log").inner_text()


def test_hint_then_undo(dash):
    g = game(dash)
    g.locator("button.gk-hint").click()
    g.locator(".gk-explanation").filter(has_text="Hint").wait_for()
    marked = g.locator(".gk-spot.gk-marked")
    marked.wait_for()
    action = marked.get_attribute("data-action")
    rnd = round_no(dash)
    marked.click()
    g.locator(".gk-log").filter(has_text=action).wait_for()
    wait_for_my_turn_after(dash, rnd)
    g.locator("button.gk-undo").click()
    g.locator(".gk-log").filter(has_text="No moves yet").wait_for()
    # the message comes after the log and the board are redrawn: waited for, not looked at once
    g.locator(".gk-explanation").filter(has_text="Undone").wait_for()
    assert round_no(dash) == rnd


def test_full_game_against_a_bot_to_the_final_breakdown_and_its_review(dash):
    g = game(dash)
    played = []
    for _ in range(40):
        if "Game over" in status(dash):
            break
        rnd = round_no(dash)
        pick_first_card(dash)
        played.append(click_spot(dash))
        wait_for_my_turn_after(dash, rnd)
    assert "Game over" in status(dash)
    final = g.locator(".gk-explanation .gk-final")
    final.wait_for()
    text = final.inner_text()
    assert "win" in text
    assert "Player 1 (you)" in text and "Player 2 (greedy bot)" in text
    assert "samurai_gardener.score." in text or "no points" in text
    # then the review: the moves played, the search's numbers, and "Try again from here"
    seen = review_the_game_and_try_again(dash, played)
    assert seen["moves"] == len(played) and seen.get("retried"), seen
    assert dash.gk_page_errors == []


def test_the_hint_shows_three_moves_and_the_board_answers_clicks_while_it_thinks(dash):
    g = game(dash)
    assert "Round 1: your move" in status(dash)
    # a card picked while the search thinks: the board answers (its ticked squares) and the hint
    # for the same position still arrives, three moves, the first ringed
    seen = ask_hint_and_click(dash, pick_first_card)
    assert seen["thinking_at_click"] and seen["thinking_after"] and not seen["played"], seen
    assert len(seen["hint"]) == 3 and len(set(seen["hint"])) == 3, seen
    assert g.locator(".gk-board [data-action].gk-marked").first.get_attribute("data-action") == seen["hint"][0]
    assert "tries in all" in g.locator(".gk-explanation").inner_text()  # the hint's words (issue 24)
    # a move played while it thinks: played at once, and that hint (for the old position) never shows
    rnd = round_no(dash)

    def play(page):
        before = log_count(page)
        click_spot(page)
        page.wait_for_function("(n) => document.querySelectorAll('.gk-game .gk-log li').length > n", arg=before)

    seen = ask_hint_and_click(dash, play)
    assert seen["thinking_at_click"] and seen["played"] and seen["hint"] == [], seen
    wait_for_my_turn_after(dash, rnd)
    assert len(ask_hint(dash)) == 3
    assert dash.gk_page_errors == []
