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

import pytest
from dashboard import board_version, check_no_leaks, game, wait_redrawn, wait_settled

import gardenkit

pytestmark = pytest.mark.browser

#: games known to fail, with why (strict: the test fails once they pass, so the mark is removed)
KNOWN: dict[str, str] = {}
PAGES = [("gallery", "index.ipynb", ".gk-game-card"), ("strategy_lab", "strategy-lab.ipynb", ".gk-lab .gk-lab-chart")] + [
    (g, gardenkit.entry(g).notebook, ".gk-game .gk-board svg") for g in gardenkit.available_games()
]
PARAMS = [pytest.param(*p, id=p[0], marks=pytest.mark.xfail(strict=True, reason=KNOWN[p[0]])) if p[0] in KNOWN
          else pytest.param(*p, id=p[0]) for p in PAGES]
MOVE = "[data-action]:not(.gk-illegal):not(.gk-btn)"

#: [{ratio, need, text, el, on, fg, bg}] for every visible text of ours, worst first
CONTRAST_JS = r"""() => {
  const parse = (c) => {
    const m = /^rgba?\(([^)]+)\)$/.exec((c || '').trim());
    if (!m) return null;
    const v = m[1].split(/[\s,\/]+/).filter(Boolean).map(x => x.endsWith('%') ? parseFloat(x) / 100 : Number(x));
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const hex = (f) => { const n = parseInt(f.slice(1).padEnd(6, '0').slice(0, 6), 16); return [n >> 16, (n >> 8) & 255, n & 255, 1]; };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const lum = (c) => { const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
                       return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const l1 = lum(a), l2 = lum(b); return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05); };
  const name = (e) => e.tagName.toLowerCase() + ((e.getAttribute('class') || '').trim()
      ? '.' + e.getAttribute('class').trim().split(/\s+/).join('.') : '');
  const htmlBg = (el) => {  // its own background, else its parents', composited over white
    const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      if (e instanceof SVGElement) continue;
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push([c, e]); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1], from = 'the page';
    for (let i = layers.length - 1; i >= 0; i--) { bg = over(layers[i][0], bg); from = name(layers[i][1]); }
    return [bg, from];
  };
  const paintOf = (shape) => {
    const cs = getComputedStyle(shape);
    if (cs.visibility !== 'visible' || cs.display === 'none') return null;
    let f = cs.fill;
    const url = /url\("?#([^")]+)"?\)/.exec(f);
    if (url) {  // a pattern: the colour of its first rectangle
      const r = document.getElementById(url[1]) && document.getElementById(url[1]).querySelector('rect');
      f = r ? (r.getAttribute('fill') || getComputedStyle(r).fill) : '';
      if (f.startsWith('#')) return hex(f);
    }
    const c = parse(f);
    if (!c) return null;
    c[3] *= Number(cs.fillOpacity) * Number(cs.opacity);
    return c[3] > 0.05 ? c : null;
  };
  const shapesOf = new Map();  // svg -> [[document index, shape, rect]]
  const shapes = (svg) => {
    if (!shapesOf.has(svg)) {
      const all = [...svg.querySelectorAll('*')];
      const index = new Map(all.map((e, i) => [e, i]));
      const list = all.filter(e => /^(rect|circle|ellipse|path|polygon)$/.test(e.tagName) && !e.closest('defs, pattern'))
        .map(e => [index.get(e), e, e.getBoundingClientRect()]);
      shapesOf.set(svg, [index, list]);
    }
    return shapesOf.get(svg);
  };
  const svgBg = (t, svg) => {
    const cs = getComputedStyle(t);
    const page = htmlBg(svg);
    const halo = parse(cs.stroke);
    if (cs.paintOrder.startsWith('stroke') && halo && parseFloat(cs.strokeWidth) >= 2 && halo[3] * Number(cs.strokeOpacity) >= 0.8)
      return [over(halo, page[0]), 'its halo'];
    const r = t.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const [index, list] = shapes(svg);
    const at = index.get(t);
    let found = null;
    for (const [i, s, b] of list) {
      if (i >= at) break;
      if (b.left <= cx && cx <= b.right && b.top <= cy && cy <= b.bottom) { const p = paintOf(s); if (p) found = [p, s]; }
    }
    return found ? [over(found[0], page[0]), name(found[1])] : page;
  };
  const out = [], seen = new Set();
  for (const root of document.querySelectorAll('[class*="gk-"]')) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (seen.has(el)) continue;
      seen.add(el);
      if (el.closest('title, defs, style, script')) continue;
      if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
      const rect = el.getBoundingClientRect();
      if (!rect.width || !rect.height) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility !== 'visible' || Number(cs.opacity) === 0) continue;
      const svg = el instanceof SVGElement ? el.ownerSVGElement : null;
      let fg = parse(svg ? cs.fill : cs.color);
      if (!fg || fg[3] === 0) continue;
      if (svg) fg[3] *= Number(cs.fillOpacity);
      const [bg, on] = svg ? svgBg(el, svg) : htmlBg(el);
      fg = over(fg, bg);
      const ctm = svg && svg.getScreenCTM();
      const px = parseFloat(cs.fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1), bold = Number(cs.fontWeight) >= 700;
      const need = px >= 24 || (bold && px >= 18.66) ? 3 : 4.5;
      out.push({ratio: Math.round(ratio(fg, bg) * 100) / 100, need, text: el.textContent.trim().slice(0, 40),
                el: name(el).slice(0, 60), on: on.slice(0, 50),
                fg: fg.slice(0, 3).map(Math.round).join(','), bg: bg.slice(0, 3).map(Math.round).join(',')});
    }
  }
  out.sort((a, b) => a.ratio / a.need - b.ratio / b.need);
  return out;
}"""


#: the background luminance of every visible ``img.gk-picture`` (a drawing as an image)
PICTURES_JS = r"""() => [...document.querySelectorAll('img.gk-picture')].filter(i => i.getBoundingClientRect().width)
    .map(i => { const m = /rgba?\(([^)]+)\)/.exec(getComputedStyle(i).backgroundColor);
                const v = m ? m[1].split(/[\s,\/]+/).map(Number) : [0, 0, 0, 0];
                const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
                return (v.length > 3 && v[3] === 0) ? 0 : 0.2126 * f(v[0]) + 0.7152 * f(v[1]) + 0.0722 * f(v[2]); })"""


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


def _row(r: dict) -> str:
    return f"{r['ratio']:5.2f} (needs {r['need']}) {r['el']} «{r['text']}» {r['fg']} on {r['bg']} ({r['on']})"


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


def check_contrast(page, what: str, theme: str) -> None:
    """Every text of ours on the page reads (and, dark, every drawing shown as an image sits on a
    light background)."""
    if theme == "dark":
        dim = [lum for lum in page.evaluate(PICTURES_JS) if lum < 0.8]
        assert not dim, f"{len(dim)} drawings shown as images sit on a dark background (luminance {dim[:5]})"
    texts = page.evaluate(CONTRAST_JS)
    assert len(texts) > 20, f"only {len(texts)} texts of ours found ({what}, {theme})"
    bad = [r for r in texts if r["ratio"] < r["need"]]
    print(f"\n{what} ({theme}): {len(texts)} texts, {len(bad)} below; the worst:")
    for r in texts[:3]:
        print("   ", _row(r))
    assert not bad, f"{len(bad)} texts below the contrast they need ({what}, {theme}):\n" + "\n".join(
        _row(r) for r in bad[:15])


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
    check_contrast(page, what, "light")
    page.evaluate(TO_DARK_JS)
    check_contrast(page, what, "dark")


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
