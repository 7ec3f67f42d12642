"""The guarded dashboard server seen from Chromium: pages still work, and leave nothing behind.

- A small dashboard (a button and the label it counts into) served by its own
  ``python -m gardenkit.server``: a click round-trips through the guarded kernel websocket (v1, the
  owner cookie, the rate limit); the owner cookie is ``HttpOnly``; five reloads leave at most the
  preheated pool + 1 kernels, and closing the tab shuts its kernel (the page's close request is
  accepted now that the page has its ``_xsrf`` cookie).
- A real game dashboard (the session's server of ``notebooks/``) plays a move through the guards.
"""

from __future__ import annotations

import json
import time

import psutil
import pytest

from harness import notebook_json, served

from gardenkit.server import is_kernel_command

NOTEBOOK = "counter.ipynb"
POOL = 1  # one notebook served, one preheated kernel
SOURCE = (
    "import ipywidgets as w\n"
    "button = w.Button(description='plant')\n"
    "label = w.Label('0')\n"
    "button.on_click(lambda _: setattr(label, 'value', str(int(label.value) + 1)))\n"
    "w.HBox([button, label])\n"
)


@pytest.fixture(scope="module")
def counter_server(tmp_path_factory):
    root = tmp_path_factory.mktemp("counter")
    (root / NOTEBOOK).write_text(json.dumps(notebook_json([
        {"cell_type": "code", "id": "counter", "metadata": {}, "execution_count": None,
         "outputs": [], "source": SOURCE}])))
    with served(root, "voila-server-guard-browser.log") as server:
        yield server


def kernel_count(server) -> int:
    n = 0
    for child in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            n += is_kernel_command(child.cmdline())  # ipykernel or a dashboard kernel
        except psutil.NoSuchProcess:
            pass
    return n


def settled_kernels(server, at_most: int, timeout: float = 20.0, exactly: bool = False) -> int:
    """The kernel count once it is at most ``at_most`` (``exactly``: equal), or after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        n = kernel_count(server)
        if n == at_most or (n < at_most and not exactly):
            return n
        time.sleep(0.25)
    return kernel_count(server)


def open_counter(page, server):
    page.goto(server.url(NOTEBOOK), wait_until="domcontentloaded", timeout=120_000)
    page.locator("button:has-text('plant')").wait_for(timeout=120_000)
    return page


def click_and_wait(page, expected: str) -> None:
    page.locator("button:has-text('plant')").click()
    page.locator(".widget-label").filter(has_text=expected).wait_for(timeout=10_000)


def test_a_page_plays_through_the_guards_and_its_owner_cookie_is_httponly(page, counter_server):
    open_counter(page, counter_server)
    click_and_wait(page, "1")
    click_and_wait(page, "2")
    cookies = {c["name"]: c for c in page.context.cookies()}
    assert cookies["gardenkit_owner"]["httpOnly"] and cookies["gardenkit_owner"]["sameSite"] == "Lax"
    assert "_xsrf" in cookies
    seen = page.evaluate("document.cookie")
    assert "gardenkit_owner" not in seen and "_xsrf" in seen
    assert page.gk_page_errors == []
    page.close(run_before_unload=True)  # like a learner closing the tab: its kernel goes


def test_reloads_and_a_closed_tab_leave_no_kernel_behind(browser, counter_server):
    before = settled_kernels(counter_server, POOL, exactly=True)  # the pool, filled
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        open_counter(page, counter_server)
        for i in range(5):
            page.reload(wait_until="domcontentloaded")
            page.locator("button:has-text('plant')").wait_for(timeout=120_000)
        click_and_wait(page, "1")  # the last page still plays
        left = settled_kernels(counter_server, before + 1)
        assert left <= before + 1, f"{left} kernels after 5 reloads (pool: {before}, + this page)"
        page.close(run_before_unload=True)
        left = settled_kernels(counter_server, before)
        assert left <= before, f"{left} kernels after the tab was closed (pool: {before})"
        assert errors == []
    finally:
        context.close()


def test_a_real_game_dashboard_plays_a_move_through_the_guards(open_dashboard):
    page = open_dashboard("samurai-gardener.ipynb", wait_for=".gk-game .gk-board svg")
    game = page.locator(".gk-game")
    game.scroll_into_view_if_needed()
    moves = game.locator(".gk-log li").count()
    game.locator(".gk-board [data-card]").first.click()
    spot = game.locator(".gk-spot[data-action]:not(.gk-illegal)").first
    spot.wait_for()
    action = spot.get_attribute("data-action")
    spot.click()
    game.locator(".gk-log").filter(has_text=action).wait_for(timeout=30_000)
    assert game.locator(".gk-log li").count() > moves
    assert page.gk_page_errors == []
