"""Every registered game's dashboard and the gallery, served by Voilà: no Python leaks onto the page.

One page load per dashboard. The page's visible text must hold no traceback, no Python error line,
no repr of an object (``<gardenkit.…>``, ``object at 0x…``, a widget's ``HTML(value=…`` or
``TryBoard(children=…``), and no output area whose whole text is a quoted Python string (the last
value of a cell, e.g. ``"'standard' for the shipped …"``: a cell should print, or end in ``;``).
Any page error fails the test (the ``page`` fixture).
"""
from __future__ import annotations

import re

import pytest

import gardenkit

pytestmark = pytest.mark.browser

DASHBOARDS = {game: gardenkit.entry(game).notebook for game in gardenkit.available_games()}
PAGES = [("gallery", "index.ipynb", ".gk-game-card")] + [
    (game, notebook, ".gk-game .gk-board svg") for game, notebook in DASHBOARDS.items()
]

#: what Python leaves on a page when a cell leaks: (name, pattern over the visible text)
LEAKS = [
    ("a traceback", re.compile(r"Traceback \(most recent call last\)|^\s*Traceback\b", re.M)),
    ("a Python error line", re.compile(r"^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Warning): ", re.M)),
    ("an error in a cell", re.compile(r"There was an error when executing cell|An error occurred while executing")),
    ("a gardenkit object's repr", re.compile(r"<gardenkit\.")),
    ("an object's address", re.compile(r"object at 0x[0-9a-f]+")),
    ("a widget's repr", re.compile(r"\b(?:TryBoard|\w*Board|\w*Game|VBox|HBox|HTML|Output|Button|Label)\((?:children|value)=")),
    ("a dataclass repr of a state", re.compile(r"\b\w+State\(\w+=")),
]
#: an output area's whole text is a quoted Python string: '…' or "…" (a repr of a str)
QUOTED = re.compile(r"""^\s*(['"]).*\1\s*$""", re.S)

#: each output area's text, with its kind (execute result, stream, error)
_OUTPUTS_JS = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output')).map(el => ({
    text: el.innerText,
    kind: el.getAttribute('data-mime-type') || '',
    classes: el.className,
}))"""


def leaks(text: str, outputs: list[dict]) -> list[str]:
    """What leaked onto a page: ``text`` its visible text, ``outputs`` its output areas (each
    ``{"text", "kind", "classes"}``); see ``test_the_scan_finds_what_leaked``."""
    found = []
    for name, pattern in LEAKS:
        m = pattern.search(text)
        if m:
            start = max(0, m.start() - 60)
            found.append(f"{name}: …{text[start:m.end() + 80]!r}…")
    for out in outputs:
        body = out["text"].strip()
        if QUOTED.match(body):
            found.append(f"an output area holds only a quoted string: {body[:120]}")
        if "jp-OutputArea-executeResult" in out["classes"] and body and len(body) < 300 and "\n" not in body \
                and "widget" not in out["kind"]:
            # a short plain-text result left by a cell's last value (a number, a tuple, None …)
            if re.fullmatch(r"None|True|False|-?\d+(\.\d+)?|\(.*\)|\[.*\]|\{.*\}", body):
                found.append(f"a cell's last value shows: {body[:120]}")
    return found


def test_the_scan_finds_what_leaked(page):
    """The scan itself, on a page made by hand (no server): each kind of leak is found, a clean page
    passes."""
    page.set_content("""
      <div class="jp-OutputArea-output">A board and its lesson.</div>
      <div class="jp-OutputArea-output jp-OutputArea-executeResult" data-mime-type="text/plain">"'standard' for the shipped rocks"</div>
      <div class="jp-OutputArea-output"><pre>Traceback (most recent call last):
  File "x.py", line 1
ValueError: no</pre></div>
      <div class="jp-OutputArea-output">&lt;gardenkit.games.miyabi.state.MiyabiState object at 0x7f00aa&gt;</div>
      <div class="jp-OutputArea-output">TryBoard(children=(HTML(value='x'),))</div>
      <div class="jp-OutputArea-output jp-OutputArea-executeResult" data-mime-type="text/plain">(3, 5)</div>
    """)
    found = leaks(page.inner_text("body"), page.evaluate(_OUTPUTS_JS))
    kinds = " | ".join(found)
    for expected in ("a traceback", "a Python error line", "a gardenkit object's repr", "an object's address",
                     "a widget's repr", "quoted string: \"'standard' for the shipped rocks\"", "last value shows: (3, 5)"):
        assert expected in kinds, f"not found: {expected} in {found}"
    page.set_content('<div class="jp-OutputArea-output">Points: 12 (a row of 3 and a bonus). '
                     "Error-free and 'quoted' inside a sentence.</div>")
    assert leaks(page.inner_text("body"), page.evaluate(_OUTPUTS_JS)) == []


@pytest.mark.parametrize("name, notebook, ready", PAGES, ids=[p[0] for p in PAGES])
def test_dashboard_shows_no_python_leaks(open_dashboard, name, notebook, ready):
    page = open_dashboard(notebook, wait_for=ready)
    # the widgets render after the cells: give the last ones a moment to draw (no spinner left)
    try:
        page.wait_for_function("() => !document.querySelector('.widget-loading, .jp-Spinner')", timeout=10_000)
    except Exception:  # noqa: BLE001 - a spinner that stays is not what this test is about
        pass
    page.wait_for_timeout(500)
    text = page.inner_text("body")
    outputs = page.evaluate(_OUTPUTS_JS)
    assert outputs, f"{notebook}: no output areas (did the notebook run?)"
    found = leaks(text, outputs)
    assert not found, f"{notebook} shows Python where a reader should see prose:\n" + "\n".join(found)
