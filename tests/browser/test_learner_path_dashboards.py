"""The learner's path on every registered game's dashboard, in Chromium (Voilà with preheated
kernels, as ``make dashboards`` serves them). Three page loads per game:

1. the page as a learner opens it: the table of contents lists every rule id the engine declares;
   a word of a rule's summary typed in the search box, then a click on the match, brings that
   rule's try board into view; a move on that try board counts in the progress bar; the game
   opened, a rule id in a refusal on its board (or, where the first position refuses nothing, in
   the explanation of the piece picked) is a link that scrolls to the rule's section;
2. the page opened from a position link (a new page, the browser's storage kept): the game view
   opens at that position, with the same clickable targets as that position drawn by the engine,
   its Copy link gives back the same position, and the progress is still there; the position is
   one where the board refuses something (a seeded game searched for one; Tanuki's board draws
   no refused target, so there the link of step 1 is the only one): the refusal's rule id is a
   link that scrolls to the rule's section;
3. a tampered link: the page opens its default game, with a message and no traceback.

And the gallery shows a progress bar on each card, from what the browser keeps.
"""
from __future__ import annotations

import re

import pytest

import gardenkit
from gardenkit.core import share
from gardenkit.tutor.rule_index import rule_index
from gardenkit.widgets.learn import progress_items

from conftest import RENDER_TIMEOUT_MS
from dashboard import board_version, open_game, wait_redrawn

GAMES = gardenkit.available_games()
#: every clickable thing of a board, what its data-* attributes name
CLICKABLE = ("data-action", "data-pick", "data-tile", "data-card", "data-ui")

IN_VIEW = """(el) => { if (!el) return false; const r = el.getBoundingClientRect();
                        return r.bottom > 0 && r.top < innerHeight && r.height > 0; }"""


#: the labelled parts of the page's component picture (an SVG output: inline, or an <img> of it)
COMPONENT_PARTS = """() => {
  const svg = document.querySelector('svg.gk-component');
  if (svg) return svg.querySelectorAll('g.gk-part').length;
  for (const img of document.querySelectorAll('img')) {
    const src = img.getAttribute('src') || '';
    if (!src.startsWith('data:image/svg+xml')) continue;
    let text = '';
    try { text = src.includes('base64,') ? atob(src.split('base64,')[1]) : decodeURIComponent(src.slice(src.indexOf(',') + 1)); }
    catch (e) { continue; }
    if (text.includes('gk-component')) return (text.match(/class="gk-part"/g) || []).length;
  }
  return 0;
}"""


#: the rule's section is in view (its heading, or its try board below it) and the game's board is not
SECTION_IN_VIEW = """(rule) => {
  const inView = (el) => { if (!el) return false; const r = el.getBoundingClientRect();
                           return r.bottom > 0 && r.top < innerHeight && r.height > 0; };
  const head = [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')]
    .find((h) => !h.closest('.gk-learn') && h.textContent.includes(rule));
  let board = null;
  try { board = document.querySelector('.gk-try-for-' + CSS.escape(rule)); } catch (e) {}
  return !!head && (inView(head) || inView(board)) && !inView(document.querySelector('.gk-game .gk-board'));
}"""


def _open(page, server, notebook: str, query: str = ""):
    page.goto(server.url(notebook) + query, wait_until="domcontentloaded", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".gk-learn .gk-rule-search", state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".gk-game .gk-share", state="attached", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".gk-learn .gk-progress[data-total]", timeout=RENDER_TIMEOUT_MS)
    return page


def _a_rule_to_search(game):
    """(rule id, a word of its summary, the rules the search lists) for a rule with a try board:
    the word that lists the fewest rules."""
    idx = rule_index(game)
    tries = gardenkit.entry(game).tutor_module().try_positions()
    best = None
    for rule in tries:
        for word in re.findall(r"[A-Za-z]{5,}", idx.entry(rule).summary):
            found = [e.id for e in idx.search(word)]
            if rule in found and (best is None or len(found) < len(best[2])):
                best = (rule, word, found)
    assert best is not None, f"{game}: no try board's rule has a word to search"
    return best


def _clickables(root) -> set[str]:
    """The board's clickable targets: ``name=value`` for each data-* attribute in CLICKABLE."""
    return set(root.evaluate(
        """(el, names) => { const out = [];
             for (const n of names) for (const e of el.querySelectorAll('[' + n + ']'))
               out.push(n + '=' + e.getAttribute(n) + (e.classList.contains('gk-illegal') ? ' (refused)' : ''));
             return out; }""", list(CLICKABLE)))


def _svg_clickables(svg: str) -> set[str]:
    out = set()
    for tag in re.findall(r"<[a-z]+\b[^>]*>", svg):
        refused = " (refused)" if re.search(r'class="[^"]*\bgk-illegal\b', tag) else ""
        for name in CLICKABLE:
            for value in re.findall(rf'\b{name}="([^"]*)"', tag):
                out.add(f"{name}={value.replace('&quot;', chr(34)).replace('&amp;', '&')}{refused}")
    return out


_REFUSED = re.compile(r'class="[^"]*\bgk-illegal\b[^"]*"[^>]*data-action|data-action="[^"]*"[^>]*class="[^"]*\bgk-illegal\b')


def _refused_after_pick(board_class, state):
    """None if the board of ``state`` (seat 0) draws a refused target as it is; the piece to pick
    first if it draws one after that pick; False if neither (of its first six pieces)."""
    board = board_class(state, player=0)
    svg = str(board.render())
    if _REFUSED.search(svg):
        return None
    for piece in re.findall(r'data-(?:pick|tile|card)="([^"]*)"', svg)[:6]:
        one = board_class(state, player=0)  # one piece picked (a bid's rocks add up)
        one.pick(piece)
        if _REFUSED.search(str(one.render())):
            return piece
    return False


def _later_position(game):
    """A position some moves into a seeded game, the learner (seat 0) to act, where the board
    draws a refused target (after a pick, maybe) if the first 400 steps hold one; its link and
    the piece to pick (None: none needed; False: the board refuses nothing there)."""
    rules = gardenkit.make(game)
    board_class = gardenkit.entry(game).board_class()
    players = {"tang_garden": 2, "karesansui": 3, "tanuki": 3}.get(game, 2)
    s = rules.initial_state(players=players, seed=11)
    first, pick = None, False
    for i in range(400):
        p = rules.current_player(s)
        if p is gardenkit.CHANCE:
            s = rules.step_chance(s)
            continue
        if p is None:
            break
        if p == 0 and i >= 4:
            first = first or s
            pick = _refused_after_pick(board_class, s)
            if pick is not False:
                break
        acts = rules.legal_actions(s)
        s = rules.apply(s, acts[(3 * i) % len(acts)])
    state = s if pick is not False else first
    return rules, state, share.encode(rules, state, 0, seed=2), pick


@pytest.mark.parametrize("game", GAMES)
def test_the_learners_path_on_the_dashboard(game, page, voila_server):
    notebook = gardenkit.entry(game).notebook
    page = _open(page, voila_server, notebook)
    # --- the table of contents: every rule id the engine declares
    listed = page.eval_on_selector_all(".gk-learn .gk-toc li[data-rule]", "els => els.map(e => e.dataset.rule)")
    assert sorted(listed) == sorted(gardenkit.make(game).info.rules)
    # --- the labelled component picture, early on the page (before the first rule's try board)
    assert page.evaluate(COMPONENT_PARTS) >= 2
    # --- search, click the match: the rule's try board comes into view
    rule, word, found = _a_rule_to_search(game)
    escaped = rule.replace(".", "\\.")  # a class name with dots, in a CSS selector
    board = page.locator(f".gk-try-for-{escaped}").first
    assert not page.evaluate(IN_VIEW, board.element_handle())
    page.fill(".gk-learn .gk-rule-search", word)
    page.wait_for_function("(n) => document.querySelectorAll('.gk-learn .gk-toc li[data-rule]:not([hidden])').length === n",
                           arg=len(found), timeout=30_000)
    page.click(f".gk-learn .gk-toc li:not([hidden]) a.gk-rule-link[data-rule='{rule}']")
    page.wait_for_function(IN_VIEW, arg=board.element_handle(), timeout=10_000)
    # --- a move on that try board counts (kept in the browser)
    assert page.locator(".gk-learn .gk-progress").get_attribute("data-done") == "0"
    board.locator("button.gk-open-lesson").click()
    board.locator(".gk-board svg").first.wait_for(timeout=60_000)
    legal = board.locator(".gk-board [data-action]:not(.gk-illegal)")
    if not legal.count():  # nothing picked yet: pick the first piece
        board.locator(".gk-board [data-pick], .gk-board [data-tile], .gk-board [data-card]").first.click()
        legal.first.wait_for(timeout=30_000)
    legal.first.click()
    page.wait_for_function("() => document.querySelector('.gk-learn .gk-progress').dataset.done === '1'",
                           timeout=60_000)
    # --- the game: a rule id in what its board says is a link to the rule's section
    open_game(page, timeout=RENDER_TIMEOUT_MS)
    g = page.locator(".gk-game")
    link = g.locator(".gk-explanation a.gk-rule-link")
    refused = g.locator(".gk-board .gk-illegal[data-action]")
    offered = g.locator(".gk-board [data-action]:not(.gk-illegal)")
    if not refused.count() and not offered.count():  # nothing on the board yet: pick the first piece
        picks = g.locator(".gk-board [data-pick], .gk-board [data-tile], .gk-board [data-card]")
        if picks.count():
            version = board_version(page)
            picks.first.click()  # a piece picked: the board is drawn again with its targets
            wait_redrawn(page, version)
    if refused.count():  # a refusal: the panel names its rule
        refused.first.click()
        g.locator(".gk-explanation").filter(has_text="Not allowed").first.wait_for(timeout=30_000)
    else:  # nothing refused in this first position: the explanation of a move names its rules
        offered.first.hover()
    link.first.wait_for(timeout=30_000)
    cited = link.first.get_attribute("data-rule")
    assert cited in gardenkit.make(game).info.rules
    link.first.dispatch_event("click")  # a click where the link is (no pointer move that ends a hover)
    page.wait_for_function(SECTION_IN_VIEW, arg=cited, timeout=10_000)

    # --- 2. a new page from a position link: the same board, the same moves; progress kept
    rules, later, text, pick = _later_position(game)
    page.goto("about:blank")
    page = _open(page, voila_server, notebook, share.query(text))
    g = page.locator(".gk-game")
    g.locator(".gk-share-note").filter(has_text="Opened the position from the link.").wait_for(timeout=60_000)
    g.locator(".gk-board svg").first.wait_for(timeout=60_000)
    opened = share.decode(text, rules)
    board_class = gardenkit.entry(game).board_class()
    expected = _svg_clickables(str(board_class(opened.state, player=0).render()))
    assert expected and _clickables(g.locator(".gk-board").first) == expected
    g.locator(".gk-share-button").first.click()
    page.wait_for_function("() => (document.querySelector('.gk-game .gk-share').dataset.url || '').includes('?pos=gk1.')",
                           timeout=30_000)
    url = g.locator(".gk-share").first.get_attribute("data-url")
    assert url.startswith(voila_server.url(notebook) + "?pos=gk1.")
    back = share.decode(share.from_query(url[url.index("?"):]), rules)
    assert rules.observe(back.state, 0) == rules.observe(later, 0)
    assert page.locator(".gk-learn .gk-progress").get_attribute("data-done") == "1"  # the browser kept it
    if pick is not False:  # this position refuses something: its refusal's rule id is a link to its section
        if pick is not None:
            g.locator(f'.gk-board [data-pick="{pick}"], .gk-board [data-tile="{pick}"], .gk-board [data-card="{pick}"]'
                      ).first.click()
        refused = g.locator(".gk-board .gk-illegal[data-action]").first
        refused.wait_for(state="attached", timeout=30_000)
        refused.click()
        panel = g.locator(".gk-explanation").filter(has_text="Not allowed").first
        panel.wait_for(timeout=30_000)
        link = panel.locator("a.gk-rule-link").first
        cited = link.get_attribute("data-rule")
        assert cited in rules.info.rules
        link.dispatch_event("click")
        page.wait_for_function(SECTION_IN_VIEW, arg=cited, timeout=10_000)

    # --- 3. a tampered link: the default game, with a message
    tampered = text[:-6] + ("AAAAAA" if not text.endswith("AAAAAA") else "BBBBBB")
    page.goto("about:blank")
    page = _open(page, voila_server, notebook, share.query(tampered))
    note = page.locator(".gk-game .gk-cover-note")
    note.filter(has_text="could not be opened").wait_for(timeout=60_000)
    assert "default game" in note.inner_text() and "Traceback" not in page.content()
    assert page.locator(".gk-game .gk-open-lesson").count() == 1  # still the default game's cover


def test_the_gallery_shows_each_games_progress(page, voila_server):
    page.goto(voila_server.url("index.ipynb"), wait_until="domcontentloaded", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector("article.gk-game-card .gk-progress[data-total]", timeout=RENDER_TIMEOUT_MS)
    game = GAMES[0]
    item = progress_items(game)[0]
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"gardenkit.progress.{game}", f'["{item}", "try:nothing.at.all", 7]'])
    page.reload(wait_until="domcontentloaded", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function("(g) => (document.querySelector(`article.gk-game-card[data-game=\"${g}\"] .gk-progress`)"
                           " || {dataset: {}}).dataset.done === '1'", arg=game, timeout=RENDER_TIMEOUT_MS)
    for g in GAMES:
        bar = page.locator(f'article.gk-game-card[data-game="{g}"] .gk-progress')
        assert bar.count() == 1
        assert bar.get_attribute("data-total") == str(len(progress_items(g)))
        assert bar.get_attribute("data-done") == ("1" if g == game else "0")
