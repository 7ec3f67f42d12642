"""The player aid: one screen to keep beside the table, built from the rule data.

Each game's ``rules_text.AID`` names, per section, the rule ids to show (``turn``: the turn in a
few lines; ``points``: how points (or demerits) are made; ``missed``: the rules people miss;
``round``: a round at a glance, where a game has one). The words are the rules' one-line
summaries (``rules.info.rules``): nothing is written a second time.

>>> aid = player_aid("karesansui")
>>> [s.key for s in aid.sections]
['turn', 'points', 'missed', 'round']
>>> aid.sections[0].title
'Your turn'
>>> aid.sections[1].title
'How demerits come'
>>> aid.sections[0].lines[0].rule
'karesansui.bid.turn'
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

import gardenkit

from ..core.errors import MalformedInputError

__all__ = ["AID_SECTIONS", "AidLine", "AidSection", "PlayerAid", "aid_ids", "component_picture", "player_aid"]

#: the sections an aid may have, in the order shown: key -> title (points: for a game counted in
#: demerits, the title says so)
AID_SECTIONS = {
    "turn": "Your turn",
    "points": "How points are made",
    "missed": "Rules people miss",
    "round": "A round at a glance",
}
_REQUIRED = ("turn", "points", "missed")


@dataclass(frozen=True)
class AidLine:
    rule: str
    text: str


@dataclass(frozen=True)
class AidSection:
    key: str
    title: str
    lines: tuple[AidLine, ...]


@dataclass(frozen=True)
class PlayerAid:
    game: str
    title: str
    sections: tuple[AidSection, ...]

    def section(self, key: str) -> AidSection | None:
        return next((s for s in self.sections if s.key == key), None)


def aid_ids(game_id: str) -> dict[str, tuple[str, ...]]:
    """The game's ``AID`` data (section key -> rule ids), checked: known sections, the three
    required ones present and not empty, every id one of the game's rules, no id twice in a
    section. Anything wrong: a :class:`MalformedInputError` naming it."""
    rules = gardenkit.make(game_id).info.rules
    module = importlib.import_module(f"gardenkit.games.{game_id}.rules_text")
    data = getattr(module, "AID", None)
    if not isinstance(data, dict):
        raise MalformedInputError(f"{game_id} has no player aid (AID in its rules_text)")
    for key in _REQUIRED:
        if not data.get(key):
            raise MalformedInputError(f"{game_id}'s player aid has no {key!r} section")
    for key, ids in data.items():
        if key not in AID_SECTIONS:
            raise MalformedInputError(f"{game_id}'s player aid has an unknown section {key!r}")
        unknown = [i for i in ids if i not in rules]
        if unknown:
            raise MalformedInputError(f"{game_id}'s player aid names rules it does not have: {', '.join(unknown)}")
        if len(set(ids)) != len(ids):
            raise MalformedInputError(f"{game_id}'s player aid names a rule twice in {key!r}")
    return {key: tuple(data[key]) for key in AID_SECTIONS if key in data}


def player_aid(game_id: str) -> PlayerAid:
    """The :class:`PlayerAid` of a registered game."""
    rules = gardenkit.make(game_id)
    info = rules.info
    sections = []
    for key, ids in aid_ids(game_id).items():
        title = AID_SECTIONS[key]
        if key == "points" and info.lower_wins:
            title = "How demerits come"
        elif key == "points":  # in the game's own word (Tang Garden: coins)
            title = f"How {rules.score_word}s are made"
        sections.append(AidSection(key, title, tuple(AidLine(i, info.rules[i]) for i in ids)))
    return PlayerAid(game_id, info.title, tuple(sections))


def component_picture(game: str, **kwargs):
    """One real piece of ``game`` (a registered game's id) drawn large with its parts labelled:
    its renderer's ``component_svg`` (a pure function of the component data, found through the
    registry), an :class:`~gardenkit.render.svg.SvgStr`. Parts whose data is reconstructed say so.
    An unknown game: a ``ValueError``.

    >>> svg = component_picture("samurai_gardener")
    >>> svg.count('class="gk-part"') >= 2 and 'data-game="samurai_gardener"' in svg
    True
    """
    return gardenkit.entry(game).render_module().component_svg(**kwargs)
