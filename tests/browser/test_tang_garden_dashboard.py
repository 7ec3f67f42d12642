"""The Tang Garden dashboard (notebooks/tang-garden.ipynb) served by Voilà, clicked in headless Chromium.

Four page loads: the lessons and the game's board (a stack top picked, turned and built by clicks);
the lessons' own boards (a drawn card picked and kept, a character picked, a spot picked and a
facing clicked with the coins it scores at the end); a whole game against the bots by clicks only;
the solo game opened by its Play button, a move clicked and undone; the hint (three moves, the
first ringed on the board, which answers clicks while the search thinks).
"""
from __future__ import annotations

import re

import pytest
from dashboard import GAME, ask_hint, ask_hint_and_click, board_version, game, log_count, status
from dashboard import wait_after_my_move as wait_for_move

pytestmark = pytest.mark.browser

NOTEBOOK = "tang-garden.ipynb"
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


def test_a_whole_game_against_the_bots_by_clicks(dash):
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
    assert "playouts" in g.locator(".gk-explanation").inner_text()
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
