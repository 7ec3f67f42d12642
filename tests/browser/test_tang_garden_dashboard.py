"""The Tang Garden dashboard (notebooks/tang-garden.ipynb) served by Voilà, clicked in headless Chromium.

Six page loads: the lessons and the game's board (a stack top picked, turned and built by clicks);
the lessons' own boards (a drawn card picked and kept, a character picked, a spot picked and a
facing clicked with the coins it scores at the end); a whole game against the bots by clicks only;
the solo game opened by its Play button, a move clicked and undone; the hint (three moves, the
first ringed on the board, which answers clicks while the search thinks); a whole solo game by clicks
(a won solo game is in test_tang_garden_solo_won.py).
Set GARDENKIT_SCREENSHOT=1 to refresh docs/tang-garden-dashboard.png (the README's picture).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from dashboard import GAME, SETTLED_AT_SVG, ask_hint, ask_hint_and_click, board_version, game, log_count, status
from dashboard import review_the_game_and_try_again
from dashboard import wait_after_my_move as wait_for_move

pytestmark = pytest.mark.browser

NOTEBOOK = "tang-garden.ipynb"
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
MINE = r"Player 1 \(you\)"
LEGAL = "[data-action]:not(.gk-illegal)"
GAME_TIMEOUT_MS = 300_000


REDRAWN = """([root, v]) => {
    const svg = document.querySelector(root + ' .gk-board svg[data-version]');
    return svg && Number(svg.getAttribute('data-version')) > v;
}"""


def click_and_wait_for_redraw(page, target, root=GAME) -> None:
    """Click ``target`` and wait for the board's redraw. A click that brought no redraw in 15 s
    (once seen on the first click of a freshly served page) is made again, once."""
    version = board_version(page, root)
    target.click()
    try:
        page.wait_for_function(REDRAWN, arg=[root, version], timeout=15_000)
    except Exception:  # noqa: BLE001 - playwright's TimeoutError
        if board_version(page, root) > version:
            return
        target.click()
        page.wait_for_function(REDRAWN, arg=[root, version])


def head(page, root=GAME) -> str:
    return page.locator(f"{root} .gk-board svg text.gk-status").first.text_content()


def offered(board) -> list[str]:
    return [el.get_attribute("data-action") for el in board.locator(LEGAL).all()]


def picks(board, prefix: str) -> list:
    return [el for el in board.locator(f'[data-pick^="{prefix}"]').all()]


def play(page, action: str) -> None:
    board = game(page).locator(".gk-board")
    version, before = board_version(page), log_count(page)
    board.locator(f'[data-action="{action}"]').first.click()
    wait_for_move(page, version, before, MINE, GAME_TIMEOUT_MS)


def on_board(actions):
    return [a for a in actions if a.startswith(("build ", "keep ", "landscape ", "take token", "place "))]


def play_one_decision(page) -> str:
    """One decision of yours, by clicks: pick what the board offers to pick until a move on the
    board is offered (a tile each way round, a drawn card, a landscape tile), else a button."""
    board = game(page).locator(".gk-board")
    what = head(page)
    if "builds or decorates" in what or "second tile" in what:
        for tile in picks(board, "tile:"):
            click_and_wait_for_redraw(page, tile)
            for _ in range(4):
                moves = [a for a in offered(board) if a.startswith("build ")]
                if moves:
                    play(page, moves[0])
                    return moves[0]
                click_and_wait_for_redraw(page, board.locator('[data-ui="turn"]'))
            click_and_wait_for_redraw(page, board.locator(f'[data-pick="{tile.get_attribute("data-pick")}"]'))
    if "keeps a drawn card" in what:
        for k in range(len(picks(board, "card:"))):
            card = picks(board, "card:")[k]
            if "gk-gpicked" not in (card.get_attribute("class") or ""):
                click_and_wait_for_redraw(page, card)
            moves = [a for a in offered(board) if a.startswith("keep ")]
            if moves:
                play(page, moves[0])
                return moves[0]
    if "inserts a" in what:
        click_and_wait_for_redraw(page, picks(board, "land:")[0])
    actions = offered(board)
    assert actions, f"nothing offered: {what}"
    moves = on_board(actions)
    if moves:
        play(page, moves[0])
        return moves[0]
    for wanted in ("footpath coins", "advance", "decorate", "discard all", "end turn"):
        for a in actions:
            if a.startswith(wanted):
                play(page, a)
                return a
    play(page, actions[0])
    return actions[0]


def test_a_whole_game_against_the_bots_by_clicks_and_its_review(dash):
    g = game(dash)
    dash.set_default_timeout(GAME_TIMEOUT_MS)
    played = []
    for _ in range(400):
        if "Game over" in status(dash):
            break
        played.append(play_one_decision(dash))
    assert "Game over" in status(dash), played[-20:]
    assert sum(a.startswith("build ") for a in played) >= 3, played
    final = g.locator(".gk-explanation .gk-final")
    final.wait_for()
    assert g.locator(f".gk-board {LEGAL}").count() == 0
    # then the review: the moves played, the search's numbers, and "Try again from here"
    seen = review_the_game_and_try_again(dash, played)
    assert seen["moves"] == len(played) and seen.get("retried"), seen
    assert dash.gk_page_errors == []


def test_lessons_and_the_board_pick_turn_and_build(dash):
    g = game(dash)
    assert dash.locator("h3", has_text="tang_garden.build.match").count() >= 1
    assert dash.locator("h3", has_text="tang_garden.influence.facing").count() >= 1
    assert dash.locator(".gk-try").count() >= 86
    assert dash.locator(".gk-scenario").count() >= 6 and dash.locator(".gk-quiz").count() >= 5
    assert g.locator(".gk-board svg").count() == 1
    for cls in ("gk-explanation", "gk-log", "gk-scores", "gk-hint", "gk-undo"):
        assert g.locator(f".{cls}").count() >= 1, cls
    assert "your move" in status(dash) and "builds or decorates" in head(dash)
    board = g.locator(".gk-board")
    tiles = picks(board, "tile:")
    assert tiles, "no face-up stack top to pick"
    tile = tiles[0].get_attribute("data-pick").split(":")[1]
    click_and_wait_for_redraw(dash, tiles[0])
    builds = [a for a in board.locator("[data-action]").all() if (a.get_attribute("data-action") or "").startswith("build")]
    assert builds and all(re.fullmatch(rf"build {tile} [a-h][1-8] r0", b.get_attribute("data-action")) for b in builds)
    assert g.locator(".gk-explanation").filter(has_text=f"Tile {tile} turned 0").count() == 1
    click_and_wait_for_redraw(dash, board.locator('[data-ui="turn"]'))
    turned = [a for a in offered(board) if a.startswith("build ")]
    assert all(a.endswith(" r90") for a in turned)
    if not turned:
        for _ in range(3):
            click_and_wait_for_redraw(dash, board.locator('[data-ui="turn"]'))
            turned = [a for a in offered(board) if a.startswith("build ")]
            if turned:
                break
    assert turned, "the tile fits nowhere"
    play(dash, turned[0])
    assert turned[0] in g.locator(".gk-log").inner_text()
    # a moment for the README: the garden after your first build, the log and the scores beside it
    # (the view's top, as far as the window shows it: board, side column, the panel of the move)
    g.first.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    box = g.first.bounding_box()
    clip = {"x": box["x"], "y": max(box["y"], 0), "width": box["width"], "height": min(box["height"], 860)}
    ARTIFACTS.mkdir(exist_ok=True)
    dash.screenshot(path=str(ARTIFACTS / "tang-garden-dashboard.png"), clip=clip)
    if os.environ.get("GARDENKIT_SCREENSHOT") == "1":
        dash.screenshot(path=str(REPO / "docs" / "tang-garden-dashboard.png"), clip=clip)
    assert dash.gk_page_errors == []


def _open(page, locator) -> None:
    locator.scroll_into_view_if_needed()
    button = locator.locator("button.gk-open-lesson")
    if button.count():
        button.click()
    locator.locator(".gk-board svg[data-version]").wait_for()


def test_decorate_and_influence_with_facing_on_the_lessons_boards(dash):
    # decorate: the draw of four, a peony picked, its free area clicked
    t = dash.locator(".gk-try").filter(has_text="Pick one of the four cards").first
    _open(dash, t)
    board = t.locator(".gk-board")
    board.locator('[data-pick="card:peony/greenery"]').click()
    board.locator('[data-action="keep peony/greenery c4"]').wait_for()
    assert all(a.startswith("keep peony/greenery") for a in offered(board) if a.startswith("keep"))
    board.locator('[data-action="keep peony/greenery c4"]').click()
    panel = t.locator(".gk-explanation").filter(has_text="Played")
    panel.wait_for()
    assert "tang_garden.decorate.bonus" in panel.inner_text()
    # influence: the Emperor picked, the spot d3 picked, each facing with its coins at the end
    t = dash.locator(".gk-try").filter(has_text="each facing shows its line of sight").first
    _open(dash, t)
    board = t.locator(".gk-board")
    board.locator('[data-pick="char:emperor"]').click()
    board.locator('[data-pick="spot:d3:tile"]').wait_for()
    board.locator('[data-pick="spot:d3:tile"]').click()
    north = board.locator('.gk-gface[data-action="place emperor d3 tile N"]')
    north.wait_for()
    assert north.get_attribute("data-coins") == "10"
    assert board.locator(".gk-gsight").count() >= 4
    assert "10</b> coins at the end" in t.locator(".gk-explanation").inner_html()
    north.click()
    panel = t.locator(".gk-explanation").filter(has_text="Played")
    panel.wait_for()
    assert "tang_garden.influence.spot" in panel.inner_text()
    board.locator('[data-char="emperor"][data-facing="N"]').wait_for()
    assert dash.gk_page_errors == []


def test_the_solo_game_opens_on_a_click_plays_and_undoes(dash):
    """The solo section's game (``LazyGame``): a picture and a Play button at load (the page's only
    game view is the game against bots); the click builds a solo game view; a move by click goes
    into its log, and its Undo takes it back."""
    solo = dash.locator(".gk-lazy-game")
    assert solo.count() == 1 and dash.locator(".gk-game").count() == 1
    solo.scroll_into_view_if_needed()
    solo.locator("button.gk-open-lesson").click()
    view = solo.locator(".gk-game")
    view.locator(".gk-board svg").wait_for(timeout=60_000)
    assert "your move" in view.locator(".gk-status").first.inner_text()
    assert view.locator(".gk-log li").count() == 0
    target = view.locator(f".gk-board {LEGAL}").first
    action = target.get_attribute("data-action")
    target.click()
    view.locator(".gk-log li").filter(has_text=action).wait_for(timeout=30_000)
    view.locator(".gk-undo").click()
    dash.wait_for_function("(root) => document.querySelector(root).querySelectorAll('.gk-log li').length === 0",
                           arg=".gk-lazy-game", timeout=30_000)


def test_the_hint_shows_three_moves_and_the_board_answers_clicks_while_it_thinks(dash):
    g = game(dash)
    assert "your move" in status(dash) and "builds or decorates" in head(dash)
    # a stack top picked while the search thinks: the board answers (redrawn with its builds) and
    # the hint for the same position still arrives, three moves, the first ringed
    seen = ask_hint_and_click(dash, lambda page: click_and_wait_for_redraw(page, picks(game(page).locator(".gk-board"),
                                                                                         "tile:")[0]))
    assert seen["thinking_at_click"] and seen["thinking_after"] and not seen["played"], seen
    assert len(seen["hint"]) == 3 and len(set(seen["hint"])) == 3, seen
    assert g.locator(".gk-board [data-action].gk-marked").first.get_attribute("data-action") == seen["hint"][0]
    assert "tries in all" in g.locator(".gk-explanation").inner_text()  # the hint's words (issue 24)
    # a move played while it thinks (decorate, a button): played at once, and the hint for the old
    # position never shows
    version, before = board_version(dash), log_count(dash)

    def decorate(page):
        game(page).locator('.gk-board [data-action="decorate"]').first.click()
        page.wait_for_function("(n) => document.querySelectorAll('.gk-game .gk-log li').length > n", arg=before)

    seen = ask_hint_and_click(dash, decorate)
    assert seen["thinking_at_click"] and seen["played"] and seen["hint"] == [], seen
    wait_for_move(dash, version, before, MINE, GAME_TIMEOUT_MS)
    # the rest of the turn by clicks; at the next turn's build or decorate: three moves, the first ringed
    for _ in range(12):
        if "builds or decorates" in head(dash):
            break
        play_one_decision(dash)
    assert "builds or decorates" in head(dash) and "your move" in status(dash)
    moves = ask_hint(dash)
    assert len(moves) == 3 and len(set(moves)) == 3, moves
    assert dash.gk_page_errors == []


# ----- the solo game, played to its end by clicks (the solo section's LazyGame) -------------------------
SOLO = ".gk-lazy-game"

SEEN = """(root) => {
    const svg = document.querySelector(root + ' .gk-board svg[data-version]');
    const all = (sel) => [...svg.querySelectorAll(sel)];
    return {
        head: svg.querySelector('text.gk-status').textContent,
        legal: all('[data-action]:not(.gk-illegal)').map((e) => e.getAttribute('data-action')),
        picks: all('[data-pick]').map((e) => e.getAttribute('data-pick')),
        picked: all('[data-pick].gk-gpicked, [data-pick].gk-on').map((e) => e.getAttribute('data-pick')),
        ui: all('[data-ui]').map((e) => e.getAttribute('data-ui')),
    };
}"""

SOLO_MOVED = """([root, v, n]) => {
    const g = document.querySelector(root + ' .gk-game');
    const svg = g && g.querySelector('.gk-board svg[data-version]');
    if (!svg || Number(svg.getAttribute('data-version')) <= v || !(SETTLED_AT_SVG)) return false;
    const head = svg.querySelector('text.gk-status').textContent;
    const status = g.querySelector('.gk-status').innerText;
    if (head.includes('Game over')) return status.includes('Game over');
    return head.includes('(you)') && status.includes('your move') && g.querySelectorAll('.gk-log li').length > n;
}""".replace("SETTLED_AT_SVG", SETTLED_AT_SVG)


def seen(page) -> dict:
    """What the solo board offers now, read in one go: its status line, the legal moves
    (``data-action`` not greyed), the picks (``data-pick``), the picked ones, the ``data-ui`` controls."""
    return page.evaluate(SEEN, SOLO)


def solo_click(page, selector: str) -> None:
    """Click one of the solo board's picks or controls and wait for its redraw. Clicked once only
    (a pick clicked twice is put back), with a long wait: the machine may be busy."""
    version = board_version(page, SOLO)
    page.locator(f"{SOLO} .gk-board {selector}").first.click()
    page.wait_for_function(REDRAWN, arg=[SOLO, version], timeout=60_000)


def solo_play(page, action: str) -> str:
    """Click the legal move ``action`` on the solo board; wait until it is in the log and the board is
    redrawn with you to act again (or the game over)."""
    view = page.locator(f"{SOLO} .gk-game")
    version, before = board_version(page, SOLO), view.locator(".gk-log li").count()
    view.locator(f'.gk-board [data-action="{action}"]:not(.gk-illegal)').first.click()
    # a move may be drawn more than once (then the chance steps it opened): a late redraw would put
    # back what the next decision picks, so wait until the view says it shows where it waits for you
    page.wait_for_function(SOLO_MOVED, arg=[SOLO, version, before], timeout=60_000)
    return action


def solo_decision(page) -> tuple[str, str]:
    """One decision of the solo game by clicks only: ``(what the status line said, the move played)``.
    A move on the board is clicked when offered (a build, the pair's decoration, a landscape tile's
    slot, a character's facing); else what leads to one is picked (a stack top, or a display tile with
    the display lantern, turned until it fits; a character; its spot; a landscape tile on view);
    else a button (take a character when the coins allow, end the turn, a lantern, send a decoration
    back)."""
    what = seen(page)
    head_text = what["head"]
    on_board = [a for a in what["legal"] if a.startswith(("build ", "keep ", "landscape ", "place "))]
    if on_board:
        return head_text, solo_play(page, on_board[0])
    tiles = [p for p in what["picks"] if p.startswith("tile:")]
    for tile in tiles:  # a tile to build: pick it, turn it until it fits somewhere, else put it back
        if tile not in seen(page)["picked"]:
            solo_click(page, f'[data-pick="{tile}"]')
        for _ in range(4):
            builds = [a for a in seen(page)["legal"] if a.startswith("build ")]
            if builds:
                return head_text, solo_play(page, builds[0])
            solo_click(page, '[data-ui="turn"]')
        solo_click(page, f'[data-pick="{tile}"]')
    spots = [p for p in what["picks"] if p.startswith("spot:")]
    chars = [p for p in what["picks"] if p.startswith("char:")]
    lands = [p for p in what["picks"] if p.startswith("land:")]
    if spots:  # a character picked: its spot, then (next decision) a facing
        solo_click(page, f'[data-pick="{spots[0]}"]')
        facings = [a for a in seen(page)["legal"] if a.startswith("place ")]
        assert facings, f"no facing offered at {spots[0]}: {head_text}"
        return head_text, solo_play(page, facings[0])
    if chars:
        solo_click(page, f'[data-pick="{chars[0]}"]')
        return solo_decision(page)
    if lands:
        solo_click(page, f'[data-pick="{lands[0]}"]')
        return solo_decision(page)
    legal = [a for a in seen(page)["legal"] if not a.startswith("build ")]
    assert legal, f"nothing offered: {head_text} {what}"
    for wanted in ("influence ", "end turn", "lantern ", "remove "):
        for a in legal:
            if a.startswith(wanted):
                return head_text, solo_play(page, a)
    return head_text, solo_play(page, legal[0])


def open_solo_game(dash):
    """The solo section's game opened by its Play button, its board drawn: the game view."""
    solo = dash.locator(SOLO)
    solo.scroll_into_view_if_needed()
    solo.locator("button.gk-open-lesson").click()
    view = solo.locator(".gk-game")
    view.locator(".gk-board svg[data-version]").wait_for(timeout=60_000)
    dash.set_default_timeout(60_000)
    return view


def test_a_whole_solo_game_by_clicks(dash):
    """The solo game "Yin & Yang" played from its Play button to its end by clicks only: the starting
    character, each turn's pair (a stack top picked, turned and built, then its card's decoration),
    landscape tiles brought in by tokens, neutral figures stood and faced, a character taken when the
    coins allow, lanterns when no pair fits, until a victory (then the final placing) or a defeat. The
    status and the final breakdown say which; nothing is clickable afterwards; no page errors."""
    view = open_solo_game(dash)
    played = []
    for _ in range(300):
        if "Game over" in seen(dash)["head"]:
            break
        played.append(solo_decision(dash))
    moves = [m for _, m in played]
    assert "Game over" in seen(dash)["head"], played[-10:]
    kinds = {m.split()[0] for m in moves}
    assert {"build", "keep", "end"} <= kinds, kinds
    assert any(m.startswith("influence shown") for m in moves), moves[:3]  # the starting character, at least
    assert sum(m.startswith("build ") for m in moves) >= 5, moves
    standing = [h for h, m in played if m.startswith("place ")]
    status_text = view.locator(".gk-status").first.inner_text()
    final = view.locator(".gk-explanation .gk-final")
    final.wait_for()
    breakdown = final.inner_text()
    log = view.locator(".gk-log").inner_text()
    assert all(m in log for m in moves[-5:])
    if "no one wins" in status_text:  # a defeat: named, with its rule
        assert "No one wins" in breakdown and "defeat with" in breakdown, breakdown[:300]
    else:  # a victory: the characters were stood at the end, and the rank is given
        assert "Player 1 (you) wins" in status_text, status_text
        assert "victory:" in breakdown and standing, breakdown[:300]
    assert view.locator(f".gk-board {LEGAL}").count() == 0
    assert view.locator(".gk-board [data-pick], .gk-board [data-ui]").count() == 0
    print(f"solo game by clicks: {len(moves)} moves, {status_text!r}")
    assert dash.gk_page_errors == []

