"""The gallery's links work where each kind of host serves the dashboards: Voilà and JupyterLab
open ``<name>.ipynb``; the static site (Voici, on Pyodide: ``sys.platform == "emscripten"``)
has a page ``<name>.html`` per notebook."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import gardenkit

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def gallery_html(monkeypatch, platform: str) -> str:
    """The gallery cell of notebooks/index.ipynb run as a kernel on ``platform`` would run it."""
    monkeypatch.setattr(sys, "platform", platform)
    nb = json.loads((NOTEBOOKS / "index.ipynb").read_text())
    src = next("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code" and "gk-gallery" in "".join(c["source"]))
    shown = []
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj.data))
    exec(compile(src, "index.ipynb", "exec"), {"__name__": "__main__"})
    return "".join(shown)


def test_under_voila_the_gallery_links_the_notebooks(monkeypatch):
    links = re.findall(r'class="gk-open" href="([^"]+)"', gallery_html(monkeypatch, "linux"))
    assert links and all(link.endswith(".ipynb") and (NOTEBOOKS / link).exists() for link in links)
    assert "strategy-lab.ipynb" in links


def test_on_the_static_site_the_gallery_links_the_html_pages(monkeypatch):
    links = re.findall(r'class="gk-open" href="([^"]+)"', gallery_html(monkeypatch, "emscripten"))
    games = [g["notebook"] for g in gardenkit.gallery() if g["notebook"]]
    assert links == [n.replace(".ipynb", ".html") for n in games] + ["strategy-lab.html"]
    assert all((NOTEBOOKS / link.replace(".html", ".ipynb")).exists() for link in links)
