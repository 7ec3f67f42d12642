"""The game notebooks read before they run (JupyterLab with a notebook not yet trusted or run, a
notebook viewer): each is saved executed, and every cell that shows a widget has a stored output
whose ``text/plain``, ``text/html`` or ``image/svg+xml`` is not a raw widget repr
(``TryBoard(children=(HTML(value='…``): a picture of the position and a line saying what it is.

- Every cell has an id (unique, nbformat 4.5).
- A cell whose last line shows a tutor widget or the game view has one stored result: the live
  widget view (for a kernel), a ``text/html`` picture (an ``<img>`` of the SVG, readable once the
  HTML is sanitised, as JupyterLab does for an untrusted notebook) and a ``text/plain`` line.
- A cell showing a run of rules (``RuleLessons(tries, '''…''')``) has, for each rule, its heading
  (``text/html``: an HTML heading with the rule's anchor, and its words) and then its try board's
  output, as above.
- The stored lines are what the code shows today (a lesson renamed, added or dropped without
  re-running the notebook fails here). No widget state is stored in the notebook's metadata
  (the pictures are the fallback; a saved state would be stale widgets).

When this fails, re-run the notebook and save it with its outputs::

    .venv/bin/jupyter nbconvert --to notebook --execute --inplace \\
        --ExecutePreprocessor.store_widget_state=False notebooks/<name>.ipynb
"""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
GAMES = ["samurai-gardener.ipynb", "miyabi.ipynb", "karesansui.ipynb", "tang-garden.ipynb"]
RERUN = ("re-run it: .venv/bin/jupyter nbconvert --to notebook --execute --inplace "
         "--ExecutePreprocessor.store_widget_state=False notebooks/{}")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
READABLE = ("text/plain", "text/html", "image/svg+xml")
RAW_REPR = re.compile(r"\b(?:TryBoard|ScenarioPlayer|QuizWidget|\w*Board|\w*Game|VBox|HBox|HTML|Button)\(|"
                      r"HTML\(value=|<\w+(?:\.\w+)+ object at 0x")
#: the last line of a cell that shows a widget: a tutor widget, several (``Lessons(...)``) or a game view
SHOWS_WIDGET = re.compile(r"^(?:TryBoard|ScenarioPlayer|QuizWidget|Lessons|[A-Z]\w*Game)\(")


def _nb(name: str) -> dict:
    return json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))


def _last_line(cell: dict) -> str:
    lines = [ln for ln in "".join(cell["source"]).splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    return lines[-1] if lines else ""


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def _widget_cells(nb: dict) -> list[dict]:
    cells = [c for c in nb["cells"] if c["cell_type"] == "code"
             and (SHOWS_WIDGET.match(_last_line(c))
                  or any(WIDGET_VIEW in o.get("data", {}) for o in c.get("outputs", [])))]
    assert cells, "no cell shows a widget"
    return cells


@pytest.mark.parametrize("name", GAMES)
def test_every_cell_has_an_id(name):
    nb = _nb(name)
    assert (nb["nbformat"], nb["nbformat_minor"]) >= (4, 5)
    ids = [c.get("id") for c in nb["cells"]]
    assert all(ids) and len(set(ids)) == len(ids)


def _is_rule_run(cell: dict) -> bool:
    """A code cell showing a run of rules (``RuleLessons(tries, \"\"\"…\"\"\")``): a heading
    output then a try board output, for each rule."""
    return "".join(cell["source"]).lstrip().startswith("RuleLessons(tries,")


def _check_widget_output(data: dict, where: str, name: str) -> None:
    assert WIDGET_VIEW in data, f"{where}: the live widget view is not saved"
    for mime in READABLE:
        if mime in data:
            assert not RAW_REPR.search(_text(data[mime])), f"{where}: {mime} is a raw widget repr"
    plain = _text(data["text/plain"])
    html = _text(data.get("text/html", ""))
    if plain.startswith("The learner's path"):  # the learner bar: its fallback is the player aid, as words
        assert 'class="gk-aid"' in html and "<script" not in html and "<style" not in html, where
        return
    if plain.startswith("Puzzles: "):  # the puzzle board's cover: its words (it reads no puzzle until opened)
        assert "find the best move" in html and "<script" not in html, where
        return
    assert plain.startswith(("Try board: ", "Worked example: ", "Quiz: ")) or plain.endswith(
        (": a game against bots", ": a solo game"))
    # the picture: an <img> of an SVG (an inline <svg> would be stripped by JupyterLab's sanitiser)
    found = re.search(r'<img class="gk-picture" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    assert found, f"{where}: no picture saved"
    svg = base64.b64decode(found.group(1)).decode("utf-8")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "<svg" not in html.replace(found.group(0), ""), f"{where}: an inline <svg> in the fallback"
    assert "<script" not in html and "<style" not in html


@pytest.mark.parametrize("name", GAMES)
def test_every_widget_cell_has_a_readable_saved_output(name):
    nb = _nb(name)
    assert "widgets" not in nb["metadata"], "no widget state is saved: " + RERUN.format(name)
    for cell in _widget_cells(nb):
        where = f"{name}, cell {cell['id']} ({_last_line(cell)[:60]})"
        results = [o for o in cell.get("outputs", []) if o["output_type"] in ("execute_result", "display_data")]
        if _is_rule_run(cell):
            # each rule: its heading (an HTML heading naming the rule, with the anchor a markdown
            # heading gets) and its words, then its try board with its picture
            rules = re.findall(r"^#{1,6} .*`([a-z_0-9.]+)`", "".join(cell["source"]), re.M)
            assert len(results) == 2 * len(rules) and rules, f"{where}: not a heading and a board per rule; " + RERUN.format(name)
            for rule, head, board in zip(rules, results[::2], results[1::2]):
                html = _text(head["data"]["text/html"])
                assert re.match(rf'<h[1-6] id="[^"]*{re.escape(rule)}">', html) and WIDGET_VIEW not in head["data"], where
                assert _text(head["data"]["text/plain"]).endswith(rule), where
                _check_widget_output(board["data"], f"{where}, {rule}", name)
                assert _text(board["data"]["text/plain"]).startswith("Try board: "), where
            continue
        assert len(results) == 1, f"{where}: no saved output; " + RERUN.format(name)
        _check_widget_output(results[0]["data"], where, name)


@pytest.mark.parametrize("name", GAMES)
def test_the_saved_lines_are_what_the_code_shows_today(name, monkeypatch):
    """Each widget cell's stored text/plain against its widget made now (the cells run here)."""
    from IPython.core.interactiveshell import InteractiveShell

    monkeypatch.delenv("VOILA_SERVER_URL", raising=False)
    nb = _nb(name)
    shell = InteractiveShell.instance()
    saved, now = [], []
    shows = [c["id"] for c in _widget_cells(nb)]
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        result = shell.run_cell("".join(cell["source"]), store_history=False)
        result.raise_error()
        if cell["id"] in shows and _is_rule_run(cell):  # every heading's line and every board's
            saved += [_text(o["data"]["text/plain"]) for o in cell["outputs"] if "data" in o]
            now += [o["text/plain"] if isinstance(o, dict) else o._repr_mimebundle_()["text/plain"]
                    for o in result.result.outputs()]
        elif cell["id"] in shows:
            saved.append(_text(next(o for o in cell["outputs"] if "data" in o)["data"]["text/plain"]))
            now.append(result.result._repr_mimebundle_()["text/plain"])
    assert saved == now, "the saved outputs are stale: " + RERUN.format(name)
