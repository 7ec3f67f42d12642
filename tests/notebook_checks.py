"""What every game's notebook is checked for, in one place (imported by each game's tests).

A game's test names its notebook and rulebook and asserts with these helpers: the notebook's
text (all cells, or only markdown/code), the rule ids its headings name, the modules it
imports, the cells nbval checks, and any run of 12 words copied from the rulebook.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PUBLIC = {"gardenkit", "gardenkit.widgets", "gardenkit.tutor", "gardenkit.bots"}


def notebook(name: str) -> Path:
    return REPO / "notebooks" / name


def rulebook(name: str) -> Path:
    return REPO.parent / "shared" / "rulebooks" / name


def cells(path: Path, kind: str | None = None) -> list[dict]:
    return [c for c in json.loads(path.read_text())["cells"] if kind is None or c["cell_type"] == kind]


def text(path: Path, kind: str | None = None) -> str:
    """The notebook's source: every cell, or only the ``"markdown"`` or ``"code"`` ones."""
    return "\n".join("".join(c["source"]) for c in cells(path, kind))


def rule_lessons_cells(path: Path) -> list[str]:
    """The source of each code cell showing a run of rules with their headings and try boards
    (``RuleLessons(tries, \"\"\"### … `rule.id` …\"\"\")``, gardenkit.widgets.RuleLessons)."""
    return [s for s in ("".join(c["source"]) for c in cells(path, "code")) if s.lstrip().startswith("RuleLessons(tries,")]


def heading_rule_ids(path: Path, game: str) -> set[str]:
    """The rule ids of ``game`` named (in backticks) in the notebook's headings: markdown headings,
    and the headings a ``RuleLessons`` cell shows."""
    lines = text(path, "markdown").splitlines() + [ln for s in rule_lessons_cells(path) for ln in s.splitlines()]
    headings = [line for line in lines if line.startswith("#")]
    return {m for line in headings for m in re.findall(rf"`({re.escape(game)}\.[a-z_.0-9]+)`", line)}


def try_board_rules(path: Path, game: str) -> set[str]:
    """The rules whose try board the notebook shows: ``tries["<id>"]`` in a code cell, or a
    heading of a ``RuleLessons`` cell (each heading there is followed by its rule's try board)."""
    code = text(path, "code")
    shown = set(re.findall(rf'tries\["({re.escape(game)}\.[a-z_.0-9]+)"\]', code))
    for s in rule_lessons_cells(path):
        shown |= {m for ln in s.splitlines() if ln.startswith("#")
                  for m in re.findall(rf"`({re.escape(game)}\.[a-z_.0-9]+)`", ln)}
    return shown


def non_public_imports(path: Path, extra=()) -> list[str]:
    """Import lines of the notebook's code that reach past the public API (plus ``extra`` modules)."""
    allowed = PUBLIC | set(extra)
    runs = set(rule_lessons_cells(path))  # a RuleLessons cell is one call with a text (words, no imports)
    code = "\n".join(s for s in ("".join(c["source"]) for c in cells(path, "code")) if s not in runs)
    return [line for line in code.splitlines()
            if line.startswith(("import", "from"))
            and not (line.split()[1] in allowed or line.startswith("from gardenkit.tutor import"))]


def checked_cells(path: Path) -> list[dict]:
    """The code cells nbval compares (marked ``# NBVAL_CHECK_OUTPUT``)."""
    return [c for c in cells(path, "code") if "# NBVAL_CHECK_OUTPUT" in "".join(c["source"])]


def copied_from(book: Path, *texts: str, n: int = 12) -> list[str]:
    """Every run of ``n`` words in ``texts`` that also stands in the rulebook ``book``."""
    words = lambda t: re.findall(r"[a-z0-9']+", t.lower())  # noqa: E731
    ref = words(book.read_text())
    grams = {tuple(ref[i:i + n]) for i in range(len(ref) - n + 1)}
    out = []
    for t in texts:
        ours = words(t)
        out += [" ".join(ours[i:i + n]) for i in range(len(ours) - n + 1) if tuple(ours[i:i + n]) in grams]
    return out


def quiz_indices_shown(path: Path) -> set[int]:
    """The indices of ``quizzes`` the notebook's code shows: ``quizzes[3]`` or a slice ``quizzes[0:5]``
    (a section's quizzes in one ``Lessons`` cell)."""
    code = text(path, "code")
    shown = {int(i) for i in re.findall(r"\bquizzes\[(\d+)\]", code)}
    for a, b in re.findall(r"\bquizzes\[(\d+):(\d+)\]", code):
        shown |= set(range(int(a), int(b)))
    return shown
