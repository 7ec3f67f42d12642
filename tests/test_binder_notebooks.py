"""The notebooks as a learner first opens them (JupyterLab, Binder, a notebook viewer), before running.

- Every cell of every notebook has an id, unique in its notebook (nbformat 4.5; JupyterLab and
  nbformat otherwise add random ones on every save, and validation warns).
- The gallery (``notebooks/index.ipynb``) has a saved output, and it is what its code shows today:
  one card per ``gardenkit.gallery()`` entry, each live game's button saying what it opens.
  When this fails, re-run it: ``.venv/bin/jupyter nbconvert --to notebook --execute --inplace
  notebooks/index.ipynb``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import gardenkit

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb")) + [REPO / "benchmarks" / "echo.ipynb"]
GALLERY = REPO / "notebooks" / "index.ipynb"
RERUN = "re-run it: jupyter nbconvert --to notebook --execute --inplace notebooks/index.ipynb"


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_cell_has_an_id(path):
    nb = _read(path)
    assert (nb["nbformat"], nb["nbformat_minor"]) >= (4, 5), "cell ids need nbformat 4.5"
    missing = [i for i, cell in enumerate(nb["cells"]) if not cell.get("id")]
    assert not missing, f"{path.name}: cells {missing[:10]} have no id"
    ids = [cell["id"] for cell in nb["cells"]]
    assert len(set(ids)) == len(ids), f"{path.name}: duplicate cell ids"
    assert all(re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", i) for i in ids)


def _gallery_cell() -> dict:
    """The cell that draws the cards (id ``gallery``; the one after it puts a progress bar on each)."""
    cells = [c for c in _read(GALLERY)["cells"] if c["cell_type"] == "code" and c.get("id") == "gallery"]
    assert len(cells) == 1, "the gallery notebook has one cell that draws the cards (id 'gallery')"
    return cells[0]


def _saved_html() -> str:
    outputs = _gallery_cell().get("outputs", [])
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert len(html) == 1, f"the gallery cell has no saved HTML output: {RERUN}"
    return "".join(html[0])


def _html_now(monkeypatch) -> str:
    """What the gallery cell displays when run now (its code, run here with display captured)."""
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda *objs, **kw: shown.extend(objs))
    exec(compile("".join(_gallery_cell()["source"]), str(GALLERY), "exec"), {"__name__": "__gallery__"})
    assert len(shown) == 1
    return shown[0].data


def test_the_gallery_has_its_current_output_saved(monkeypatch):
    assert _saved_html() == _html_now(monkeypatch), f"the gallery's saved output is stale: {RERUN}"


def test_the_gallery_buttons_say_what_they_open():
    html = _saved_html()
    for card in gardenkit.gallery():
        block = re.search(rf'<article [^>]*data-game="{re.escape(card["id"])}">(.*?)</article>',
                          html, re.S)
        assert block, f"no saved card for {card['id']}: {RERUN}"
        body = block.group(1)
        if card["notebook"]:
            link = re.search(r'<a class="gk-open" href="([^"]+)"[^>]*>([^<]+)</a>', body)
            assert link and link.group(1) == card["notebook"]
            # the button names the game; the note says the same link opens the dashboard in
            # Voilà and the notebook in JupyterLab, so neither is promised alone
            assert link.group(2).replace("→", "").strip() == f"Open {card['title']}"
            assert "dashboard" not in link.group(2).lower()
            assert "the dashboard in Voilà, the notebook (with its code) in JupyterLab" in body
        else:
            assert "<a " not in body and "Coming" in body
