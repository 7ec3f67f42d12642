"""Every dashboard (the gallery, the strategy lab and each registered game) in JupyterLab's light and
dark themes: every text of ours reads (WCAG contrast); and no Python leaks onto it
(``dashboard.leaks``, on the same page load, once the lessons are open and the bots have
answered).

Voilà serves JupyterLab's dark theme with ``?theme=dark`` (the server guard allows ``light`` and
``dark``): the page then links the dark theme's stylesheet instead of the light one and marks its
body dark, nothing else (gardenkit's dark look is CSS keyed on that mark). So each dashboard is
loaded once, light, checked, then turned dark in place (the same stylesheet swapped in, the same
marks) and checked again; :func:`test_the_theme_turned_in_place_is_the_theme_voila_serves` loads
the gallery served dark and checks that every text reads there exactly as on a page turned dark.
On a game's page the first try board, worked
example and quiz are opened (lessons start as a cover: a picture and a button) and one move is
made in the game (a piece picked, then a target clicked), so the lessons' captions and panels,
the move log's code chips and the explanation are there too. Then, for every visible text element
of ours (the elements with a ``gk-`` class
and everything inside them: HTML text and SVG ``text``, the chart's too), the colour it is drawn
in and the colour behind it:

- HTML: the element's ``color`` over the first non-transparent background found walking up;
- SVG text: its ``fill``; behind it, its halo (``paint-order: stroke`` with a stroke of 2 px or
  more: the glyphs are drawn on it), else the last shape drawn before it under its centre (a
  square, a tile, a card: its fill, a pattern's base colour), else the page behind the drawing.

The contrast ratio must be at least 4.5, or 3 for large text (24 px, or bold from 18.66 px;
SVG sizes as drawn, after the board is scaled). The worst texts of each page are printed
(``pytest -s``) and listed when the test fails. A drawing shown as an ``<img>`` (a lesson's
cover picture) cannot follow the page's theme: it keeps the light look, so under the dark theme
it must sit on a light background.
"""
from __future__ import annotations

import json

import pytest
from dashboard import (CONTRAST_JS, board_version, check_axe, check_contrast, check_focus_ring, check_no_leaks,
                       check_no_overflow, game, luminance, wait_redrawn, wait_settled)

import gardenkit
from gardenkit.widgets._html import BUTTON_SELECTORS

pytestmark = pytest.mark.browser

#: games known to fail, with why (strict: the test fails once they pass, so the mark is removed)
KNOWN: dict[str, str] = {}
PAGES = [("gallery", "index.ipynb", ".gk-game-card"), ("strategy_lab", "strategy-lab.ipynb", ".gk-lab .gk-lab-chart")] + [
    (g, gardenkit.entry(g).notebook, ".gk-game .gk-board svg") for g in gardenkit.available_games()
]
PARAMS = [pytest.param(*p, id=p[0], marks=pytest.mark.xfail(strict=True, reason=KNOWN[p[0]])) if p[0] in KNOWN
          else pytest.param(*p, id=p[0]) for p in PAGES]
MOVE = "[data-action]:not(.gk-illegal):not(.gk-btn)"

def open_lessons(page) -> None:
    """Open the first try board, worked example and quiz (a cover's button builds the lesson)."""
    for kind in (".gk-try", ".gk-scenario", ".gk-quiz"):
        lesson = page.locator(kind).first
        if not lesson.count():
            continue
        button = lesson.locator("button.gk-open-lesson")
        if button.count():
            button.click()
        lesson.locator(".gk-board svg").first.wait_for(timeout=30_000)


def make_a_move(page) -> None:
    """A piece picked (where the board has any), then the first legal target clicked; the log names it."""
    board = game(page).locator(".gk-board")
    for value in [el.get_attribute("data-pick") for el in board.locator("[data-pick]").all()][:8]:
        version = board_version(page)
        board.locator(f'[data-pick="{value}"]').first.click()
        wait_redrawn(page, version)
        if board.locator(MOVE).count():
            break
    target = board.locator(MOVE).first
    action = target.get_attribute("data-action")
    target.click()
    game(page).locator(".gk-log").filter(has_text=action).wait_for(timeout=30_000)


#: the page turned to JupyterLab's dark theme in place, as Voilà serves it with ``?theme=dark``: its
#: one theme stylesheet swapped for the dark one (loaded before this answers) and the body's theme
#: class and data attributes set (:func:`test_the_theme_turned_in_place_is_the_theme_voila_serves`
#: checks that every text then reads as on a page served dark)
TO_DARK_JS = r"""async () => {
  const link = [...document.querySelectorAll('link[rel=stylesheet]')].find(l => /\/theme-light\.css/.test(l.href));
  if (!link) throw new Error('no light theme stylesheet on the page');
  const href = link.href.replace('/theme-light.css', '/theme-dark.css').split('?')[0];
  await new Promise((ok, fail) => {
    link.onload = ok;
    link.onerror = () => fail(new Error('the dark theme stylesheet did not load: ' + href));
    link.href = href;
  });
  document.body.classList.replace('theme-light', 'theme-dark');
  document.body.dataset.jpThemeLight = 'false';
  document.body.dataset.jpThemeName = 'JupyterLab Dark';
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""


#: the house's look on the page: every visible button of ours as it is drawn (its background, text
#: colour, border, corners and font; the main action of a row, ``mod-success``, apart), each game
#: view's status lines that take room on the page (the board's and any other), and the gallery's cards' backgrounds
HOUSE_JS = r"""() => {
  const seen = (e) => { const r = e.getBoundingClientRect(), cs = getComputedStyle(e);  // (.gk-sr: for screen readers only)
    return r.width > 1 && r.height > 1 && cs.visibility !== 'hidden' && cs.display !== 'none' && !e.closest('.gk-sr'); };
  const ours = [...document.querySelectorAll(BUTTONS)].filter(seen);
  const look = (e) => { const cs = getComputedStyle(e);
    return [cs.backgroundColor, cs.color, cs.borderTopWidth, cs.borderTopStyle, cs.borderTopColor,
            cs.borderTopLeftRadius, cs.fontSize, cs.fontFamily].join(' / '); };
  const styles = {};
  for (const b of ours) {
    const key = (b.classList.contains('mod-success') || b.classList.contains('mod-info') ? 'main: ' : 'plain: ') + look(b);
    (styles[key] = styles[key] || []).push((b.textContent || '').trim().slice(0, 30));
  }
  return {styles, buttons: ours.length,
          status: [...document.querySelectorAll('.gk-game .gk-status')].filter(seen).map((e) => e.textContent.slice(0, 60)),
          cards: [...document.querySelectorAll('.gk-game-card')].map((e) => getComputedStyle(e).backgroundColor)};
}""".replace("BUTTONS", json.dumps(", ".join(BUTTON_SELECTORS)))  # the buttons the house style covers


def check_house(page, what: str, theme: str) -> None:
    """One button style for the house in each theme (every plain button of ours drawn alike, every
    main action alike); a game view's status line shown once (the board draws it; the view's own
    line is for screen readers only, taking no room); the gallery's cards dark in the dark theme."""
    house = page.evaluate(HOUSE_JS)
    plain = [k for k in house["styles"] if k.startswith("plain: ")]
    main = [k for k in house["styles"] if k.startswith("main: ")]
    assert len(plain) <= 1 and len(main) <= 1, f"{what}, {theme}: buttons in more than one style: {house['styles']}"
    if what not in ("gallery", "strategy_lab"):
        assert house["buttons"] >= 3 and plain, house  # (the view's buttons were seen)
        assert len(house["status"]) == 1, f"{what}, {theme}: the game's status line is not shown once: {house['status']}"
    if what == "gallery":
        assert house["cards"], "no game card on the gallery"
        fitting = [c for c in house["cards"] if (luminance(c) < 0.2) == (theme == "dark")]
        assert len(fitting) == len(house["cards"]), f"gallery cards in the {theme} theme: {house['cards']}"


@pytest.mark.parametrize(("what", "notebook", "ready"), PARAMS)
def test_every_text_of_ours_reads_in_both_themes_and_no_python_leaks(open_dashboard, what, notebook, ready):
    """One page load a dashboard: lessons opened and a move made, the page scanned for Python leaks
    and every text checked in the light theme, then the page turned dark in place
    (:data:`TO_DARK_JS`) and every text checked again."""
    page = open_dashboard(notebook, wait_for=ready)
    assert page.evaluate("document.body.dataset.jpThemeLight") == "true", "Voilà did not serve the light theme"
    if what not in ("gallery", "strategy_lab"):
        open_lessons(page)
        make_a_move(page)
        # the bots have answered: my move again (or the end), and the view says every part of it
        # (board, status, log, scores, chart) shows that position
        page.wait_for_function(
            "() => /your move|Game over/.test(document.querySelector('.gk-game .gk-status').innerText)",
            timeout=60_000)
        wait_settled(page, timeout=60_000)
    # every widget drawn: no loading placeholder or spinner left
    page.wait_for_function("() => !document.querySelector('.widget-loading, .jp-Spinner')", timeout=30_000)
    check_no_leaks(page, notebook)
    check_no_overflow(page, f"{what}, 1280 px")
    check_contrast(page, what, "light")
    check_axe(page, what, "light")
    check_house(page, what, "light")
    page.evaluate(TO_DARK_JS)
    check_contrast(page, what, "dark")
    check_axe(page, what, "dark")
    check_house(page, what, "dark")
    if what not in ("gallery", "strategy_lab"):
        check_focus_ring(page, "dark")  # (the light one: test_keyboard)


def test_the_theme_turned_in_place_is_the_theme_voila_serves(open_dashboard):
    """The gallery served dark (``?theme=dark``) and the gallery served light then turned dark in
    place: the same stylesheet, the same body, and every text of ours drawn in the same colours on
    the same backgrounds."""
    def look(page):
        return (page.evaluate("[...document.querySelectorAll('link[rel=stylesheet]')].map(l => new URL(l.href).pathname)"),
                page.evaluate("[document.body.className, document.body.dataset.jpThemeLight, document.body.dataset.jpThemeName]"),
                sorted((r["el"], r["text"], r["fg"], r["bg"]) for r in page.evaluate(CONTRAST_JS)))

    ready = "article.gk-game-card .gk-progress[data-total]"  # (each card's progress, read in the page)
    page = open_dashboard("index.ipynb", wait_for=ready, theme="dark")
    assert page.evaluate("document.body.dataset.jpThemeLight") == "false", "Voilà did not serve the theme asked for"
    served = look(page)
    page = open_dashboard("index.ipynb", wait_for=ready)
    page.evaluate(TO_DARK_JS)
    turned = look(page)
    assert turned[0] == served[0] and turned[1] == served[1]
    assert len(turned[2]) > 20 and turned[2] == served[2], (
        [x for x in turned[2] if x not in served[2]][:10], [x for x in served[2] if x not in turned[2]][:10])
