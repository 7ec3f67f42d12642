"""No Python leaks onto a dashboard: the scan, and its test.

:func:`dashboard.leaks` reads a page's visible text and output areas: they must hold no traceback, no Python
error line, no repr of an object (``<gardenkit.…>``, ``object at 0x…``, a widget's ``HTML(value=…``
or ``TryBoard(children=…``), and no output area whose whole text is a quoted Python string (the
last value of a cell, e.g. ``"'standard' for the shipped …"``: a cell should print, or end in ``;``).

Every dashboard (the gallery, the strategy lab, each registered game) is scanned by
``test_theme_contrast.py`` on the page it loads anyway, once its lessons are opened, a move made and
the bots have answered (more of the page than a fresh load shows): one page load a dashboard, not
two. Here: the scan itself, on pages made by hand.
"""
from __future__ import annotations

import pytest
from dashboard import OUTPUTS_JS, leaks

pytestmark = pytest.mark.browser


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
    found = leaks(page.inner_text("body"), page.evaluate(OUTPUTS_JS))
    kinds = " | ".join(found)
    for expected in ("a traceback", "a Python error line", "a gardenkit object's repr", "an object's address",
                     "a widget's repr", "quoted string: \"'standard' for the shipped rocks\"", "last value shows: (3, 5)"):
        assert expected in kinds, f"not found: {expected} in {found}"
    page.set_content('<div class="jp-OutputArea-output">Points: 12 (a row of 3 and a bonus). '
                     "Error-free and 'quoted' inside a sentence.</div>")
    assert leaks(page.inner_text("body"), page.evaluate(OUTPUTS_JS)) == []
