"""Find any rule in seconds: every rule id of a game with its one-line summary, in sections, in
the order of the game notebook's headings, and a search over ids and summaries.

The sections and the order come from the notebook's headings (each rule id has one, a test
checks it); the summaries from the game's rule data (``rules.info.rules``). A rule's anchor is
the id JupyterLab and Voilà (nbconvert) give its heading: the heading's text with every space
made a ``-`` (both name headings this way). Without the notebook beside the package, the index
falls back to the rule data's own order, one section per rule family (``miyabi.place.*``).

>>> idx = rule_index("miyabi")
>>> idx.entry("miyabi.place.layer").anchor
'Building-upwards-—-miyabi.place.layer'
>>> idx.entry("miyabi.place.layer").section
'Placing a tile'
>>> [e.id for e in idx.search("empty lantern")]
['miyabi.place.lantern', 'miyabi.place.green', 'miyabi.zen.place']
>>> len(idx.entries) == len(gardenkit.make("miyabi").info.rules)
True
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import gardenkit

from ..core.errors import MalformedInputError

__all__ = ["RuleEntry", "RuleIndex", "anchor_of", "notebook_path", "rule_index"]

#: the longest search text read (longer: a clear ValueError)
MAX_QUERY = 200


@dataclass(frozen=True)
class RuleEntry:
    id: str
    summary: str
    section: str
    heading: str
    anchor: str


@dataclass(frozen=True)
class RuleIndex:
    game: str
    entries: tuple[RuleEntry, ...]

    @property
    def sections(self) -> tuple[tuple[str, tuple[RuleEntry, ...]], ...]:
        """``(section, its entries)`` in order; a section met twice stays one group per run."""
        out: list[tuple[str, list]] = []
        for e in self.entries:
            if not out or out[-1][0] != e.section:
                out.append((e.section, []))
            out[-1][1].append(e)
        return tuple((name, tuple(es)) for name, es in out)

    def entry(self, rule_id: str) -> RuleEntry:
        for e in self.entries:
            if e.id == rule_id:
                return e
        raise MalformedInputError(f"{self.game} has no rule {str(rule_id)[:60]!r}")

    def search(self, text) -> tuple[RuleEntry, ...]:
        """The entries whose id, summary, heading or section hold every word of ``text`` (any case),
        in the index's order; all of them for empty text."""
        if not isinstance(text, str):
            raise MalformedInputError(f"a rule search is text, not {type(text).__name__}")
        if len(text) > MAX_QUERY:
            raise MalformedInputError(f"a rule search is at most {MAX_QUERY} characters, not {len(text)}")
        words = text.lower().split()
        return tuple(e for e in self.entries
                     if all(w in f"{e.id} {e.summary} {e.heading} {e.section}".lower() for w in words))


def anchor_of(heading_text: str) -> str:
    """The anchor JupyterLab and nbconvert give a heading: its shown text (markdown code marks
    dropped), spaces made ``-``.

    >>> anchor_of("Building upwards — `miyabi.place.layer`")
    'Building-upwards-—-miyabi.place.layer'
    >>> anchor_of("A **demerit** — `karesansui.trade.pass_card`")
    'A-demerit-—-karesansui.trade.pass_card'
    """
    parts = re.split(r"`([^`]*)`", heading_text.strip())  # odd parts: code, kept as they are
    shown = "".join(p if i % 2 else re.sub(r"(\*\*|__|\*|(?<!\w)_)(.+?)\1", r"\2", p) for i, p in enumerate(parts))
    return shown.replace(" ", "-")


def notebook_path(game_id: str) -> Path:
    """Where the game's notebook is (``notebooks/`` beside the package)."""
    return Path(__file__).resolve().parents[2] / "notebooks" / gardenkit.entry(game_id).notebook


_CELL = re.compile(rb'"cell_type":\s*"(markdown|code)"')
_SOURCE = re.compile(rb'"source":\s*')
#: a code cell that shows a run of rules with their headings
#: (``RuleLessons(tries, """### … `rule.id` …""")``, gardenkit.widgets.RuleLessons)
_RUN = "RuleLessons("


def _heading_sources(data: bytes) -> list | None:
    """The sources of a notebook's markdown cells and of its code cells that show a run of rules,
    from the notebook's JSON text without parsing the whole file (a saved dashboard is megabytes
    of outputs, parsed on every page load otherwise). A key ``"cell_type"`` or ``"source"`` can
    only be a key (inside a JSON string its quotes are escaped); a markdown cell's source is the
    next ``"source"`` key after its type, a code cell's the last one before the next cell (nbformat
    writes a code cell's keys in order: its outputs come before its source). None if the text is
    not laid out so (the caller then parses the whole file)."""
    decoder = json.JSONDecoder()
    out = []
    cells = list(_CELL.finditer(data))
    for k, m in enumerate(cells):
        end = cells[k + 1].start() if k + 1 < len(cells) else len(data)
        if m.group(1) == b"markdown":
            src = _SOURCE.search(data, m.end(), min(end, m.end() + 4000))
        else:
            starts = list(_SOURCE.finditer(data, m.end(), end))
            src = starts[-1] if starts else None
        if src is None:
            return None
        try:
            value, _ = decoder.raw_decode(data[src.end():end].decode("utf-8"))
        except ValueError:
            return None
        if not isinstance(value, (str, list)):
            return None
        value = "".join(value) if isinstance(value, list) else value
        if m.group(1) == b"markdown" or _RUN in value:
            out.append(value)
    return out


def _headings(path: Path) -> list[tuple[int, str]]:
    data = path.read_bytes()
    sources = _heading_sources(data)
    if sources is None:
        nb = json.loads(data.decode("utf-8"))
        sources = []
        for cell in nb.get("cells", []):
            src = cell.get("source", "")
            src = "".join(src) if isinstance(src, list) else src
            if cell.get("cell_type") == "markdown" or (cell.get("cell_type") == "code" and _RUN in src):
                sources.append(src)
    out = []
    for src in sources:
        for line in src.splitlines():
            m = re.match(r"^(#{1,6})\s+(.*\S)\s*$", line)
            if m:
                out.append((len(m.group(1)), m.group(2)))
    return out


@lru_cache(maxsize=None)
def rule_index(game_id: str) -> RuleIndex:
    """The :class:`RuleIndex` of a registered game (every rule id once)."""
    rules = gardenkit.make(game_id).info.rules
    entries: list[RuleEntry] = []
    seen: set[str] = set()
    path = notebook_path(game_id)
    if path.is_file():
        section = ""
        for level, text in _headings(path):
            ids = [i for i in re.findall(r"`([a-z_0-9.]+)`", text) if i in rules and i not in seen]
            if not ids:
                if level <= 2:
                    section = re.sub(r"[`*]", "", text)
                continue
            heading = re.sub(r"\s*[—-]?\s*`[^`]+`", "", text).strip() or ids[0]
            for rule_id in ids:
                seen.add(rule_id)
                entries.append(RuleEntry(rule_id, rules[rule_id], section or heading, heading, anchor_of(text)))
    for rule_id, summary in rules.items():  # without a notebook (or a heading): the data's order
        if rule_id not in seen:
            family = rule_id.split(".")[1] if rule_id.count(".") >= 2 else "rules"
            entries.append(RuleEntry(rule_id, summary, family.replace("_", " ").capitalize(), rule_id, rule_id))
    return RuleIndex(game_id, tuple(entries))
