"""The puzzle board (``gk-puzzle``) of every registered game in a real page, served by Voilà as
``make dashboards`` serves the dashboards: opened from its cover, a wrong answer clicked on the
board is explained (what it gives up, rule ids as links), "Try again" puts the position back,
and the best move clicked is judged the best.

A small notebook per game holds just the game's puzzle board (the dashboards hold the same cell;
loading a whole dashboard five times would take minutes). The puzzle shown first is one whose
best move and a wrong move are both clickable as the board opens (with the board's own first
pick, as a try board), found without a browser.
"""
from __future__ import annotations

import html
import json
import re

import pytest

import gardenkit
from gardenkit.bots import puzzles as P
from harness import notebook_json, served

from conftest import RENDER_TIMEOUT_MS

pytestmark = pytest.mark.browser
GAMES = gardenkit.available_games()


def _clickable(game: str) -> tuple[int, str, str]:
    """(index, best, wrong): the first puzzle whose best move and a compared wrong move (the
    greedy one if it can) are targets on the board as it opens."""
    from gardenkit.widgets import PuzzleWidget

    w = PuzzleWidget(game)
    for i, p in enumerate(w.puzzles):
        w.goto(i)
        svg = w.board.svg

        def shown(n):
            return f'data-action="{html.escape(n, quote=True)}"' in svg

        if not shown(p.best):
            continue
        wrong = [p.greedy] + [m.notation for m in p.moves if m.notation not in (p.best, p.greedy)]
        for n in wrong:
            if shown(n):
                return i, p.best, n
    pytest.fail(f"no {game} puzzle has its best move clickable as the board opens")


def _notebook(game: str, start: int) -> dict:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": f"# Puzzles of {game}"},
             {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
              "source": f"from gardenkit.widgets import PuzzleWidget\nPuzzleWidget({game!r}, start={start}, lazy=True)"}]
    return notebook_json(cells)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("puzzles")
    with served(root, "voila-puzzles.log") as srv:
        srv.root = root
        yield srv


def _verdict(page, want: str, timeout: float = 60_000) -> None:
    page.wait_for_function("(v) => { const s = document.querySelector('.gk-puzzle .gk-puzzle-status');"
                           " return s && s.dataset.verdict === v; }", arg=want, timeout=timeout)


def _click(page, notation: str) -> None:
    target = page.locator(f".gk-puzzle .gk-board [data-action={json.dumps(notation)}]").first
    target.scroll_into_view_if_needed()
    target.click()


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_is_solved_by_clicks_and_a_wrong_answer_explained(page, server, game):
    index, best, wrong = _clickable(game)
    (server.root / f"puzzle_{game}.ipynb").write_text(json.dumps(_notebook(game, index)), encoding="utf-8")
    puzzle = P.load(game)[index]
    rules = gardenkit.make(game)
    page.goto(server.url(f"puzzle_{game}.ipynb"), wait_until="domcontentloaded", timeout=RENDER_TIMEOUT_MS)
    cover = page.locator(".gk-puzzle.gk-closed button.gk-open-lesson")
    cover.wait_for(timeout=RENDER_TIMEOUT_MS)
    assert page.locator(".gk-puzzle .gk-board").count() == 0  # nothing built at load
    cover.click()
    page.locator(".gk-puzzle .gk-board svg").first.wait_for(timeout=60_000)
    status = page.locator(".gk-puzzle .gk-puzzle-status")
    assert status.get_attribute("data-puzzle") == puzzle.id and status.get_attribute("data-verdict") == ""
    assert f"Player {puzzle.player + 1} to move" in status.inner_text()
    # a wrong answer: what it gives up and why, rule ids as links
    _click(page, wrong)
    _verdict(page, "worse")
    verdict = page.locator(".gk-puzzle .gk-puzzle-verdict")
    text = verdict.inner_text()
    assert "Not the best" in text
    assert not re.search(rf"(?<![\w.@/]){re.escape(best)}(?![\w.@/])", text)  # the answer is not given away
    v = P.judge(rules, puzzle, wrong)
    if v.margin_loss is not None:
        assert f"gives up {v.margin_loss:.1f}" in text
    cited = {line.rule for e in (v.explanation, v.best_explanation) for line in e.lines if line.points}
    linked = set(page.eval_on_selector_all(".gk-puzzle .gk-puzzle-verdict a.gk-rule-link",
                                           "els => els.map(e => e.dataset.rule)"))
    assert cited <= linked
    # try again, then the best move
    page.locator(".gk-puzzle button.gk-puzzle-retry").click()
    _verdict(page, "")
    _click(page, best)
    _verdict(page, "best")
    assert "The best move!" in verdict.inner_text()
    assert page.gk_page_errors == []
