"""Every game played with the keyboard alone, and what a screen reader hears (issue 24).

On each game's dashboard the first Tab stop is the skip link "Play a game": Enter, a few presses
of Tab and Enter open the game. Its board is reached with Tab (one Tab stop), its targets
walked with the arrow keys (each a named button: the name is the drawing's ``<title>``, what the
engine answers for it), a piece picked and a move played with Enter, a pick dropped with Escape;
after each move the view's live region (``.gk-announce``, ``role="log"``, polite) says the
move with its points and rule ids, the bots' replies and whose turn it is. No mouse event is
sent. Every game is played to its end this way, against the view's default bots; the live region
then says the result, and the board's description says the game is over.

A move is made the way a keyboard user makes it: arrows until a target that plays a move
(``data-action``, not refused) has the focus, Enter; where the board first wants a piece
(``data-pick``), arrows to one, Enter, then on to a move; where that piece has no place as it
lies (a Miyabi or Tang Garden tile), R turns it, and after three turns the next piece is tried.
"""
from __future__ import annotations

import re

import pytest
from dashboard import GAME, OPEN_BUTTON, board_version, check_focus_ring, game, status, wait_redrawn

import gardenkit

pytestmark = pytest.mark.browser

#: the focused element: what it is (its data-* key), its role, its accessible name
FOCUSED_JS = """() => { const e = document.activeElement;
  if (!e) return null;
  const key = ['data-action', 'data-pick', 'data-ui'].find((a) => e.hasAttribute && e.hasAttribute(a));
  return {key: key || null, value: key ? e.getAttribute(key) : null, role: e.getAttribute('role'),
          name: e.getAttribute('aria-label'), illegal: e.classList.contains('gk-illegal'),
          pressed: e.getAttribute('aria-pressed'),
          inBoard: !!e.closest('.gk-game .gk-board'), outline: getComputedStyle(e).outlineStyle}; }"""
SAID_JS = """(since) => { const r = document.querySelector('.gk-game .gk-announce');
  return r && {text: [...r.querySelectorAll('p')].filter((p) => Number(p.dataset.n) > since)
                        .map((p) => p.textContent).join(' / '),
               last: r.lastElementChild ? r.lastElementChild.textContent : '',
               count: Number(r.dataset.count), role: r.getAttribute('role'), live: r.getAttribute('aria-live')}; }"""


#: what the board's description says (aria-describedby): the position in words, then its keys
DESCRIBED_JS = """() => { const b = document.querySelector('.gk-game .gk-board');
  return (b.getAttribute('aria-describedby') || '').split(' ')
    .map((id) => (document.getElementById(id) || {}).textContent || '').join(' | '); }"""


def said(page, since: int = 0) -> dict:
    """The live region: ``text``, what it said after its ``since``-th announcement; ``last``."""
    return page.evaluate(SAID_JS, since)


def wait_said_after(page, count: int, timeout: float = 60_000) -> dict:
    page.wait_for_function("(n) => { const r = document.querySelector('.gk-game .gk-announce');"
                           " return r && Number(r.dataset.count) > n; }", arg=count, timeout=timeout)
    return said(page)


def tab_to_board(page) -> dict:
    """Tab from the game's status line until the focus is in the board (at most 40 presses)."""
    game(page).locator(".gk-status").first.scroll_into_view_if_needed()
    page.evaluate("() => { const s = document.querySelector('.gk-game .gk-setup select');"
                  " s && s.focus(); }")  # the setup row, just above the board
    for _ in range(40):
        page.keyboard.press("Tab")
        f = page.evaluate(FOCUSED_JS)
        if f and f["inBoard"]:
            return f
    raise AssertionError("40 presses of Tab from the game's setup row never reached the board")


def press_until(page, want, limit: int = 400) -> dict:
    """ArrowRight (wrapping to Home at the end) until the focused target satisfies ``want``."""
    seen = set()
    for _ in range(limit):
        f = page.evaluate(FOCUSED_JS)
        assert f and f["inBoard"], f"the focus left the board: {f}"
        if want(f):
            return f
        key = (f["key"], f["value"])
        page.keyboard.press("Home" if key in seen else "ArrowRight")
        seen.add(key)
    raise AssertionError("no such target reached with the arrow keys")


#: what the board's picked piece looks like now (its markup): R must change it
PRESSED_JS = """() => { const p = document.querySelector('.gk-game .gk-board [aria-pressed="true"]');
  return p && p.innerHTML; }"""


def keyboard_move(page, key: str = "Enter") -> str:
    """Make one move with the keyboard alone (``key``, Enter or Space, plays and picks); answers
    the move's notation. Where the board first wants a piece, one is picked, and the board then
    says it is pressed; where the piece picked has no place in the way it lies, R turns it (at
    most three times: the board says R turns, and the picked piece is drawn turned), then the
    next piece is tried."""
    f = page.evaluate(FOCUSED_JS)
    if not (f and f["inBoard"]):
        f = tab_to_board(page)
    assert f["role"] == "button" and f["name"], f  # a named button
    tried: set[str] = set()
    turns = 0
    for _ in range(24):
        moves = page.locator(".gk-game .gk-board [data-action]:not(.gk-illegal)")
        if moves.count():
            target = press_until(page, lambda f: f["key"] == "data-action" and not f["illegal"])
            count = said(page)["count"]
            page.keyboard.press(key)
            wait_said_after(page, count)
            return target["value"]
        version = board_version(page)
        turnable = page.locator('.gk-game .gk-board [data-ui="turn"], .gk-game .gk-board [data-ui="rotate"]').count()
        if tried and turnable and turns < 3:
            assert "R turns the piece" in page.evaluate(DESCRIBED_JS)
            looked = page.evaluate(PRESSED_JS)
            page.keyboard.press("r")
            turns += 1
            wait_redrawn(page, version)
            assert page.evaluate(PRESSED_JS) != looked, "R did not turn the picked piece"
        else:
            picked = press_until(page, lambda f: f["key"] == "data-pick" and f["value"] not in tried)
            tried.add(picked["value"])
            turns = 0
            page.keyboard.press(key)
            wait_redrawn(page, version)
            if picked["value"] in page.evaluate(
                    "() => [...document.querySelectorAll('.gk-game .gk-board [aria-pressed=\"true\"]')].map((e) => e.getAttribute('data-pick'))"):
                assert page.evaluate(FOCUSED_JS)["pressed"] == "true", "the piece picked is not the one in focus"
    raise AssertionError(f"no move to play after picking {sorted(tried)} and turning each")


#: the skip links at the top of the page: each one's words, and whether its target is on the page
SKIP_JS = """() => [...document.querySelectorAll('nav.gk-skip a')].map((a) => {
  const id = decodeURIComponent(a.getAttribute('href').slice(1));
  return [a.textContent, !!document.getElementById(id) || !!document.querySelector(`a[name="${id}"]`)]; })"""


def open_game_by_keyboard(page) -> None:
    """From the top of the page: Tab to the first skip link ("Play a game"), Enter, then Tab to the
    game's "Play a game" button (a few presses: the section's words come first), Enter."""
    # the skip links: "Play a game", "Lessons", "Rules", each to a heading on the page
    assert page.evaluate(SKIP_JS) == [["Play a game", True], ["Lessons", True], ["Rules", True]], page.evaluate(SKIP_JS)
    page.keyboard.press("Tab")
    first = page.evaluate("() => { const e = document.activeElement;"
                          " return e && {text: e.textContent, href: e.getAttribute('href'), nav: !!e.closest('nav.gk-skip')}; }")
    assert first and first["nav"] and first["text"] == "Play a game", f"the first Tab stop is not the skip link: {first}"
    page.keyboard.press("Enter")
    page.wait_for_function("(h) => location.hash === h", arg=first["href"], timeout=10_000)
    for presses in range(1, 16):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => !!document.activeElement && document.activeElement.matches('{GAME} {OPEN_BUTTON}')"):
            break
    else:
        raise AssertionError("15 presses of Tab after the skip link never reached the game's Play button")
    assert presses <= 6, f"{presses} presses of Tab from the skip link to the game"
    page.keyboard.press("Enter")


#: every target's centre and size in the order the arrow keys reach them (Home, then ArrowRight)
BOX_JS = """() => { const r = document.activeElement.getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2, h: r.height,
          key: ['data-action', 'data-pick', 'data-ui'].map((a) => document.activeElement.getAttribute(a)).join('|')}; }"""


def check_arrows_in_reading_order(page, most: int = 24) -> None:
    """Home, then ArrowRight, walks the board's targets in reading order: each next target is further
    right, or (a new row) further down, never up and to the left; ArrowLeft goes back one; ArrowDown goes to a
    target lower down and ArrowUp back up a row. The focus ends on the first target again."""
    page.keyboard.press("Home")
    walk = [page.evaluate(BOX_JS)]
    for _ in range(most):
        page.keyboard.press("ArrowRight")
        box = page.evaluate(BOX_JS)
        if box["key"] == walk[-1]["key"]:
            break  # the last target: ArrowRight stays
        walk.append(box)
    for a, b in zip(walk, walk[1:]):
        # on along a row (to the right), or back to the left only on a row further down
        assert b["x"] > a["x"] or b["y"] > a["y"], f"ArrowRight went up and to the left: {a} -> {b}"
    if len(walk) > 1:
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(BOX_JS)["key"] == walk[-2]["key"]
    page.keyboard.press("Home")
    first = page.evaluate(BOX_JS)
    page.keyboard.press("ArrowDown")
    down = page.evaluate(BOX_JS)
    if down["key"] != first["key"]:  # there is a row below
        assert down["y"] > first["y"], (first, down)
        page.keyboard.press("ArrowUp")
        assert page.evaluate(BOX_JS)["y"] < down["y"]
    page.keyboard.press("Home")
    assert page.evaluate(BOX_JS)["key"] == first["key"]


@pytest.mark.parametrize("game_id", gardenkit.available_games())
def test_a_game_by_keyboard_alone_with_every_move_said(open_dashboard, game_id):
    page = open_dashboard(gardenkit.entry(game_id).notebook, wait_for=GAME)
    # the skip links lead straight to the game: Tab, Enter, a few Tabs, Enter opens it
    open_game_by_keyboard(page)
    page.locator(f"{GAME} .gk-board svg").first.wait_for()
    region = said(page)
    assert region["role"] == "log" and region["live"] == "polite"
    assert "your move" in region["last"], region
    f = tab_to_board(page)
    assert f["outline"] != "none", "no focus ring on the board's target in focus"
    check_focus_ring(page, "light")  # (the dark one: test_theme_contrast)
    # the board is ONE Tab stop: Tab leaves it, Shift+Tab comes back to the target last in focus
    page.keyboard.press("Tab")
    assert not page.evaluate(FOCUSED_JS)["inBoard"], "Tab moved to another target of the board, not past it"
    page.keyboard.press("Shift+Tab")
    back = page.evaluate(FOCUSED_JS)
    assert back["inBoard"] and (back["key"], back["value"]) == (f["key"], f["value"]), (f, back)
    check_arrows_in_reading_order(page)
    # the board's text alternative: the position as your seat sees it (rules.describe), then the keys
    described = page.evaluate(DESCRIBED_JS)
    assert described.startswith("Your move.Scores: player 1 (you) "), described
    assert "Keys: arrows" in described, described
    # Escape drops a pick (where the board has pieces to pick): the board is drawn again, the focus stays on it
    if page.locator(".gk-game .gk-board [data-pick]").count() and not page.locator(
            ".gk-game .gk-board [data-action]:not(.gk-illegal)").count():
        version = board_version(page)
        press_until(page, lambda f: f["key"] == "data-pick")
        page.keyboard.press(" ")  # Space picks as Enter does
        wait_redrawn(page, version)
        f = page.evaluate(FOCUSED_JS)
        assert f["key"] == "data-pick" and f["pressed"] == "true", f"the piece picked is not said to be pressed: {f}"
        assert "Escape drops a pick" in page.evaluate(DESCRIBED_JS)
        picked = board_version(page)
        page.keyboard.press("Escape")
        wait_redrawn(page, picked)
        assert page.evaluate(FOCUSED_JS)["inBoard"], "Escape took the focus off the board"
        assert not page.locator('.gk-game .gk-board [aria-pressed="true"]').count(), "Escape left a piece picked"
    moves: list[str] = []
    bots_said = 0
    for _ in range(120):
        if "Game over" in status(page):
            break
        before = said(page)["count"]
        # each move on offer is named by the engine's answer: its points, or the refusal and its rule
        names = page.evaluate("() => [...document.querySelectorAll('.gk-game .gk-board [data-action]')]"
                              ".map((t) => [t.classList.contains('gk-illegal'), t.getAttribute('aria-label') || '',"
                              " t.getAttribute('data-action')])")
        for illegal, name, action in names:
            assert ("not allowed" in name) == illegal, name
            assert not illegal or "(rule " in name, name
            # a move the engine named (a button is named by its title) says its points and, where
            # it scores, each score line with its rule id
            if not illegal and re.match(rf"{re.escape(action)}: (no \w+|[+-]\d+ \w+)", name):
                assert not re.search(r": \+[1-9]\d* \w+: ", name) or "(rule " in name, name
        move = keyboard_move(page, "Enter" if len(moves) % 2 else " ")  # Enter and Space in turn
        moves.append(move)
        page.wait_for_function("() => /your move|Game over/.test(document.querySelector('.gk-game .gk-status').innerText)",
                               timeout=60_000)
        page.wait_for_function("() => /your move|Game over/.test(document.querySelector('.gk-game .gk-announce p:last-child').textContent)",
                               timeout=60_000)
        text = said(page, before)["text"]
        assert f"You played {move}" in text, (move, text)
        bots_said += len(re.findall(r"Player \d+ \(\w+ bot\) played \S+", text))  # the bots' replies
        assert "(rule " in text or "no points" in text or "no demerits" in text or "no coins" in text, text
    assert "Game over" in status(page)
    # against bots (the final scores name them), their moves were said as they came (a whole game:
    # they moved about as often as you did)
    final = said(page)["last"]
    assert "bot)" not in final or bots_said >= len(moves) // 2, (bots_said, len(moves), final)
    assert "Game over:" in said(page)["last"] and "Final scores:" in said(page)["last"], said(page)
    page.wait_for_function(f"() => ({DESCRIBED_JS})().startsWith('The game is over.')", timeout=10_000)
