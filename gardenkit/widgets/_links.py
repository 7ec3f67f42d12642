"""Rule ids as links to their headings (class ``gk-rule-link``, ``data-rule="<id>"``).

Light on purpose (no widget library): the shared HTML helpers (:mod:`._html`) write every rule id
through :func:`rule_link`; :func:`link_rule_ids` turns the ids in any HTML text into links. The
anchor is the one JupyterLab and Voilà give the rule's heading (:mod:`gardenkit.tutor.rule_index`);
the table of contents' page-wide click handler (:mod:`.learn`) scrolls to that heading.

>>> link_rule_ids("miyabi", "<code>miyabi.place.row</code>").startswith('<a class="gk-rule-link" data-rule="miyabi.place.row"')
True
>>> rule_link("miyabi", "miyabi.nope")
'<code>miyabi.nope</code>'
"""
from __future__ import annotations

import re
from html import escape

import gardenkit

from ..core import MalformedInputError
from ..tutor.rule_index import rule_index

__all__ = ["link_rule_ids", "rule_link"]


def _h(text) -> str:
    return escape(str(text), quote=True)


def _game_id(game) -> str:
    """A game id from an id or a rules object (``rules.info.id``)."""
    gid = getattr(getattr(game, "info", None), "id", game)
    if not isinstance(gid, str) or gid not in gardenkit.available_games():
        raise MalformedInputError(f"unknown game {str(gid)[:40]!r}")
    return gid


def rule_link(game, rule_id: str, text: str | None = None) -> str:
    """``rule_id`` as a link to its heading (``text``: the link's HTML, default ``<code>id</code>``).
    An id the game does not have stays plain text."""
    gid = _game_id(game)
    inner = text if text is not None else f"<code>{_h(rule_id)}</code>"
    rules = gardenkit.make(gid).info.rules
    if rule_id not in rules:
        return inner
    anchor = rule_index(gid).entry(rule_id).anchor
    return (f'<a class="gk-rule-link" data-rule="{_h(rule_id)}" href="#{_h(anchor)}" '
            f'title="{_h(rules[rule_id])}">{inner}</a>')


_TAG = re.compile(r"(<[^>]*>)")


def link_rule_ids(game, html: str) -> str:
    """``html`` with every rule id of the game in its text (not inside a tag, not already in a
    link) made a :func:`rule_link`; an id in ``<code>…</code>`` keeps its code mark inside the link."""
    gid = _game_id(game)
    rules = gardenkit.make(gid).info.rules
    word = re.compile(rf"(?<![\w.])({re.escape(gid)}\.[a-z_0-9]+(?:\.[a-z_0-9]+)*)(?![\w])")
    parts, out, in_link = _TAG.split(html), [], 0
    i = 0
    while i < len(parts):
        part = parts[i]
        if part.startswith("<"):
            low = part.lower()
            if low.startswith("<a ") or low == "<a>":
                in_link += 1
            elif low.startswith("</a"):
                in_link = max(0, in_link - 1)
            # <code>id</code>: the whole code element becomes the link's text
            if (low == "<code>" and not in_link and i + 2 < len(parts) and parts[i + 2].lower() == "</code>"
                    and parts[i + 1].strip() in rules):
                out.append(rule_link(gid, parts[i + 1].strip(), f"<code>{parts[i + 1]}</code>"))
                i += 3
                continue
            out.append(part)
        elif in_link:
            out.append(part)
        else:
            out.append(word.sub(lambda m: rule_link(gid, m.group(1), m.group(1)) if m.group(1) in rules
                                else m.group(1), part))
        i += 1
    return "".join(out)


