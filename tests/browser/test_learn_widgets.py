"""The learner's path in a real page: a small notebook served by Voilà (preheated kernels, as
``make dashboards``) holding the table of contents, a rule heading far down the page, a try
board, the progress bar and the share control. The game dashboards get these widgets once the
notebooks take them (see the report of this branch); this checks their front ends work in Voilà.
"""
from __future__ import annotations

import json

import pytest

import gardenkit
from gardenkit.core import share
from harness import notebook_json, served
from gardenkit.tutor.rule_index import rule_index

from conftest import RENDER_TIMEOUT_MS

GAME = "samurai_gardener"
RULE = "samurai_gardener.place.touch"
NOTEBOOK = "learn_check.ipynb"


def _cell(kind, source):
    cell = {"cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        cell.update(outputs=[], execution_count=None)
    return cell


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("learn")
    filler = "\n\n".join(f"A paragraph that only takes room on the page ({i})." for i in range(60))
    heading = rule_index(GAME).entry(RULE).heading
    cells = [
        _cell("markdown", "# The learner's path, checked"),
        _cell("code", "import gardenkit\n"
                      "from gardenkit.widgets import TryBoard\n"
                      "from gardenkit.widgets.learn import ProgressWidget, RuleToc, share_try_board\n"
                      "from gardenkit.tutor import samurai_gardener as lessons\n"
                      f"RuleToc({GAME!r})"),
        _cell("code", f"ProgressWidget({GAME!r})"),
        _cell("markdown", filler),
        _cell("markdown", f"### {heading} — `{RULE}`"),
        _cell("code", f"tries = lessons.try_positions()\nboard = TryBoard(*tries[{RULE!r}])\n"
                      "link = share_try_board(board, reads_page=True)\nlink"),
        _cell("code", "board"),
    ]
    (root / NOTEBOOK).write_text(json.dumps(notebook_json(cells)), encoding="utf-8")
    with served(root, "voila-learn-widgets.log") as srv:
        yield srv


def _open(page, server, query: str = ""):
    page.goto(server.url(NOTEBOOK) + query, wait_until="domcontentloaded", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".gk-toc .gk-rule-search", state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".gk-try .gk-board svg", state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".gk-progress[data-total]", timeout=RENDER_TIMEOUT_MS)
    return page


HEADING_IN_VIEW = """(rule) => { const h = [...document.querySelectorAll('h3')].find(e => e.textContent.includes(rule));
                                   if (!h) return false; const r = h.getBoundingClientRect();
                                   return r.top >= -2 && r.top < innerHeight; }"""


def test_toc_lists_every_rule_and_search_then_click_brings_the_rule_into_view(page, server):
    _open(page, server)
    listed = page.eval_on_selector_all(".gk-toc li[data-rule]", "els => els.map(e => e.dataset.rule)")
    assert sorted(listed) == sorted(gardenkit.make(GAME).info.rules)
    assert not page.evaluate(HEADING_IN_VIEW, RULE)
    page.fill(".gk-rule-search", "touch house")
    want = [e.id for e in rule_index(GAME).search("touch house")]
    page.wait_for_function("(n) => document.querySelectorAll('.gk-toc li[data-rule]:not([hidden])').length === n",
                           arg=len(want))
    shown = page.eval_on_selector_all(".gk-toc li[data-rule]:not([hidden])", "els => els.map(e => e.dataset.rule)")
    assert shown == want and RULE in shown
    page.click(f".gk-toc a.gk-rule-link[data-rule='{RULE}']")
    page.wait_for_function(HEADING_IN_VIEW, arg=RULE, timeout=5_000)


def test_a_rule_link_in_a_refusal_scrolls_to_its_section(page, server):
    _open(page, server)
    board = page.locator(".gk-try .gk-board")
    refused = board.locator("[data-card]").first
    refused.click()  # pick the first card of the line-up
    # a refused spot: the engine's reason goes to the panel with its rule as a link
    spot = board.locator(".gk-illegal[data-action]").first
    spot.wait_for(timeout=60_000)
    spot.click()
    link = page.locator(".gk-try .gk-explanation a.gk-rule-link").first
    link.wait_for(timeout=60_000)
    rule = link.get_attribute("data-rule")
    page.evaluate("window.scrollTo(0, 0)")
    link.click()
    page.wait_for_function(HEADING_IN_VIEW, arg=rule, timeout=5_000)


def test_progress_survives_a_reload_and_resets(page, server):
    _open(page, server)
    bar = page.locator(".gk-progress")
    assert bar.get_attribute("data-done") == "0"
    total = int(bar.get_attribute("data-total"))
    board = page.locator(".gk-try .gk-board")
    board.locator("[data-card]").first.click()
    board.locator("[data-action]").first.click()
    page.wait_for_function("() => document.querySelector('.gk-progress').dataset.done === '1'", timeout=60_000)
    _open(page, server)  # a reload: a new kernel, the browser's storage
    page.wait_for_function("() => document.querySelector('.gk-progress').dataset.done === '1'", timeout=60_000)
    assert int(page.locator(".gk-progress").get_attribute("data-total")) == total
    page.click(".gk-progress-reset")
    page.wait_for_function("() => document.querySelector('.gk-progress').dataset.done === '0'", timeout=60_000)
    _open(page, server)
    # the kernel has merged what the browser kept (a progress the reset failed to clear shows now)
    page.wait_for_function("() => document.querySelector('.gk-progress').dataset.merged === '1'", timeout=60_000)
    assert page.locator(".gk-progress").get_attribute("data-done") == "0"


def test_a_shared_link_opens_the_same_position_and_a_tampered_one_is_refused(page, server):
    rules = gardenkit.make(GAME)
    from gardenkit.tutor import samurai_gardener as lessons

    tries = lessons.try_positions()
    other = tries["samurai_gardener.place.protect"][0]
    text = share.encode(rules, other, rules.current_player(other), seed=2)
    _open(page, server, share.query(text))
    page.wait_for_function("() => (document.querySelector('.gk-share-note') || {}).textContent"
                           " === 'Opened the position from the link.'", timeout=60_000)
    page.wait_for_function("() => document.querySelector('.gk-try .gk-board svg text.gk-status, .gk-try .gk-board svg')"
                           " && document.querySelector('.gk-try .gk-board').textContent.includes('from the link')",
                           timeout=60_000)
    # copy link: the control holds the page's URL with the position
    page.click(".gk-share-button")
    page.wait_for_function("() => (document.querySelector('.gk-share').dataset.url || '').includes('?pos=gk1.')",
                           timeout=60_000)
    url = page.locator(".gk-share").first.get_attribute("data-url")
    assert url.startswith(server.url(NOTEBOOK) + "?pos=gk1.")
    link = share.decode(share.from_query(url[url.index("?"):]), rules)
    assert rules.observe(link.state, link.seat) == rules.observe(other, link.seat)
    # a tampered link: the page opens as it is, with a message
    _open(page, server, share.query(text[:-6] + "AAAAAA"))
    page.wait_for_function("() => (document.querySelector('.gk-share-note') || {}).textContent"
                           ".includes('could not be opened')", timeout=60_000)
    assert "from the link" not in page.locator(".gk-try .gk-board").text_content()
