"""The strategy lab (notebooks/strategy-lab.ipynb) served by Voilà, in headless Chromium: a short
run to its charts, then a long one stopped by its Stop button while the page stays live; and the
gallery's link to it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

LAB = ".gk-lab"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def lab(open_dashboard):
    page = open_dashboard("strategy-lab.ipynb", wait_for=f"{LAB} .gk-lab-run")
    page.locator(LAB).scroll_into_view_if_needed()
    return page


def set_games(page, n: int) -> None:
    box = page.locator(f"{LAB} .widget-inline-hbox:has(label:text-is('Games')) input")
    box.fill(str(n))
    box.press("Enter")


def status(page) -> str:
    return page.locator(f"{LAB} .gk-lab-status").inner_text()


def test_a_short_run_shows_its_charts_and_a_long_one_stops(lab):
    root = lab.locator(LAB)
    # the first run (started when the notebook ran, played while the page is read): 40 games, its
    # table and its four charts
    lab.wait_for_function("(sel) => document.querySelector(sel + ' .gk-lab-status').innerText.includes("
                          "'40 games of Samurai Gardener')", arg=LAB, timeout=60_000)
    assert root.locator(".gk-lab-seats tr").count() == 3  # a header and two seats
    assert root.locator(".gk-lab-chart").count() == 4
    # a short run of our own, with the Miyabi expansions' effect
    root.locator(".widget-dropdown:has(label:text-is('Game')) select").select_option(label="Miyabi")
    root.locator(".widget-dropdown:has(label:text-is('Effect of')) select").select_option(label="option: C Zen Garden")
    set_games(lab, 6)
    root.locator("button.gk-lab-run").click()
    lab.wait_for_function("(sel) => document.querySelector(sel + ' .gk-lab-status').innerText.includes('12 games of Miyabi')",
                          arg=LAB, timeout=60_000)
    # the status is set last (the table and charts before it), but each is its own message: wait for
    # the table too
    table = root.locator(".gk-lab-table")
    table.filter(has_text="with C Zen Garden").wait_for(timeout=10_000)
    assert "with C Zen Garden" in table.inner_text()
    assert root.locator(".gk-lab-chart .bargroup rect, .gk-lab-chart rect.bar").count() > 0
    # a long run: the bar moves, the page answers (a control changes), Stop ends it early
    root.locator(".widget-dropdown:has(label:text-is('Effect of')) select").select_option(label="nothing (one run)")
    set_games(lab, 5000)
    root.locator("button.gk-lab-run").click()
    lab.wait_for_function("(sel) => document.querySelector(sel + ' button.gk-lab-stop:not(:disabled)')", arg=LAB)
    bar = root.locator(".gk-lab-progress .progress-bar")
    lab.wait_for_function("(el) => parseFloat(el.style.width) > 0", arg=bar.element_handle(), timeout=30_000)
    seed = root.locator(".widget-inline-hbox:has(label:text-is('Seed')) input")
    seed.fill("3")
    seed.press("Enter")  # the kernel takes it while the games are played
    root.locator("button.gk-lab-stop").click()
    lab.wait_for_function("(sel) => document.querySelector(sel + ' .gk-lab-status').innerText.includes('(stopped)')",
                          arg=LAB, timeout=60_000)
    played = int(re.search(r"(\d+) games of Miyabi", status(lab))[1])
    assert 0 < played < 5000
    ARTIFACTS.mkdir(exist_ok=True)
    lab.locator(LAB).screenshot(path=str(ARTIFACTS / "strategy-lab.png"))
    assert root.locator("button.gk-lab-run").is_enabled() and root.locator("button.gk-lab-stop").is_disabled()
    assert lab.gk_page_errors == []


def test_the_gallery_links_the_lab(open_dashboard):
    page = open_dashboard("index.ipynb", wait_for=".gk-lab-card")
    link = page.locator(".gk-lab-card a")
    assert link.get_attribute("href") == "strategy-lab.ipynb"
    assert link.evaluate("a => a.href").endswith("/voila/render/strategy-lab.ipynb")
