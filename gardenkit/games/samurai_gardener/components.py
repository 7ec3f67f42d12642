"""Building cards: the shipped (reconstructed) deck, or a user's own file.

``default_components``/``load_components``/``parse_components`` are the names every game uses;
``default_deck``/``load_deck``/``parse_deck`` are the same functions by their older names.

>>> deck = default_components()
>>> len(deck.cards), deck.source, deck is default_deck()
(64, 'reconstructed', True)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from ...core import MalformedInputError
from ...core.checks import read_json
from ...core.rng import _short

TYPES = ("F", "T", "P", "G")
TYPE_NAMES = {"F": "floor", "T": "tatami", "P": "pond", "G": "garden"}
DECK_SIZE = 64
#: the largest card id a card file may use
MAX_CARD_ID = 999_999


@dataclass(frozen=True)
class Card:
    """A 2-wide, 3-tall building card; ``rows`` top to bottom, each two letters (F/T/P/G)."""

    id: int
    rows: tuple[str, str, str]
    source: str = "reconstructed"

    def squares(self, turned: bool = False) -> tuple[tuple[int, int, str], ...]:
        """``(dx, dy, type)`` of the six squares, upright or turned 180 degrees."""
        return self._both_ways[turned]

    @cached_property
    def _both_ways(self):
        out = []
        for rows in (self.rows, tuple(r[::-1] for r in reversed(self.rows))):
            out.append(tuple((dx, dy, rows[dy][dx]) for dy in range(3) for dx in range(2)))
        return tuple(out)


@dataclass(frozen=True)
class Deck:
    cards: tuple[Card, ...]
    source: str
    note: str = ""

    def __getitem__(self, card_id: int) -> Card:
        return self.by_id[card_id]

    @cached_property
    def by_id(self) -> dict:
        return {c.id: c for c in self.cards}

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(c.id for c in self.cards)


def parse_deck(data) -> Deck:
    """Check and load a card file's content (a dict like the shipped ``cards.json``)."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise MalformedInputError("a card file must be a JSON object with a 'cards' list")
    if len(data["cards"]) != DECK_SIZE:  # the size first: a file of 40 000 cards is refused at once
        raise MalformedInputError(f"the rulebook's deck has {DECK_SIZE} cards; this file has {len(data['cards'])}")
    cards, seen = [], set()
    for i, entry in enumerate(data["cards"]):
        where = f"card {i + 1}"
        if not isinstance(entry, dict):
            raise MalformedInputError(f"{where} must be an object with 'id' and 'rows'")
        cid, rows = entry.get("id"), entry.get("rows")
        if isinstance(cid, bool) or not isinstance(cid, int) or not 0 < cid <= MAX_CARD_ID:
            raise MalformedInputError(f"{where}: 'id' must be an integer from 1 to {MAX_CARD_ID}, not {_short(cid)}")
        if cid in seen:
            raise MalformedInputError(f"{where}: id {cid} is used twice")
        seen.add(cid)
        if (
            not isinstance(rows, list) or len(rows) != 3
            or not all(isinstance(r, str) and len(r) == 2 and set(r) <= set(TYPES) for r in rows)
        ):
            raise MalformedInputError(
                f"{where} (id {cid}): 'rows' must be 3 strings of 2 letters from F, T, P, G (top to bottom)"
            )
        source = entry.get("source", "user")
        if not isinstance(source, str) or len(source) > 100:
            raise MalformedInputError(f"{where} (id {cid}): 'source' must be a short text, such as 'rulebook' or 'reconstructed'")
        cards.append(Card(cid, tuple(rows), source))
    source, note = data.get("source", "user"), data.get("note", "")
    if not isinstance(source, str) or not isinstance(note, str) or len(source) > 100 or len(note) > 2000:
        raise MalformedInputError("a card file's 'source' and 'note' must be texts (a few words, a note)")
    return Deck(tuple(cards), source, note)


def load_deck(path: str | Path) -> Deck:
    """Load a card file of your own (same format as the shipped ``cards.json``)."""
    return parse_deck(read_json(path, "card file"))


@lru_cache(maxsize=None)
def default_deck() -> Deck:
    return load_deck(Path(__file__).with_name("cards.json"))


#: the names every game's components module uses (the functions above, by their older names)
default_components, load_components, parse_components = default_deck, load_deck, parse_deck
