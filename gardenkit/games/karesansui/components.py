"""Karesansui's components: the rocks, the demerit decks and the round tracker.

The shipped set is in ``components.json``; every entry says where it comes from
(``rulebook``, ``published`` or ``reconstructed``). A user can load another set in the same
format (other colours, other copy counts, another tracker).

A rock is written by its colour letter and value, ``R2`` (a red II); the black round-tracker
rock is ``K``.

>>> c = default_components()
>>> c.colours, c.values, c.copies, c.total_rocks
(('R', 'Y', 'G', 'B', 'W'), (1, 2, 3), 5, 76)
>>> c.rock_name("G3"), c.value("G3")
('green III', 3)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from ...core import MalformedInputError
from ...core.checks import read_json

BLACK = "K"
DECKS = ("pass", "trips", "foursome", "flush")
DECK_NAMES = {"pass": "Pass", "trips": "Trips", "foursome": "Foursome", "flush": "Straight Flush"}
ROMAN = {1: "I", 2: "II", 3: "III"}
#: the most cards a deck of a component file may hold (the rulebook's decks hold 10)
MAX_DECK = 100


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]  # letters, in the order the player aide's columns show them
    colour_names: tuple[str, ...]
    values: tuple[int, ...]
    copies: int
    decks: dict  # deck -> card values, top first
    tracker: int  # spaces on the round tracker
    start_rocks: int
    pile_value: int
    note: str = ""
    sources: dict = field(default_factory=dict)

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Components) and self.to_dict() == other.to_dict())

    @cached_property  # the components never change: worked out once (from_dict reads it per rock)
    def rock_types(self) -> tuple[str, ...]:
        """Every coloured rock type, by value then colour (the aide's rows, then columns)."""
        return tuple(f"{c}{v}" for v in self.values for c in self.colours)

    @cached_property
    def total_rocks(self) -> int:
        return len(self.rock_types) * self.copies + 1

    def value(self, rock: str) -> int:
        return 0 if rock == BLACK else int(rock[1:])

    def colour(self, rock: str) -> str:
        return rock[0]

    def rock_name(self, rock: str) -> str:
        if rock == BLACK:
            return "the black rock"
        name = self.colour_names[self.colours.index(rock[0])]
        return f"{name} {ROMAN.get(int(rock[1:]), rock[1:])}"

    @cached_property
    def _rock_set(self) -> frozenset:
        return frozenset(self.rock_types) | {BLACK}

    def is_rock(self, rock) -> bool:
        return isinstance(rock, str) and rock in self._rock_set

    # ----- what play can reach: the bounds a save is checked against ---------------------------
    @cached_property
    def clean_garden_max(self) -> int:
        """The most rocks a garden can hold without a forbidden set in it (18 for the shipped set).

        No Trips: at most two of each rock (fewer if there are fewer copies). No Foursome: each
        value in at most three colours. No Straight Flush: each colour in at most two of the
        three values. So at most ``min(3 values x 3 colours, colours x 2 values)`` kinds of rock.

        >>> default_components().clean_garden_max
        18
        """
        kinds = min(len(self.values) * 3, len(self.colours) * (len(self.values) - 1))
        return min(2, self.copies) * kinds

    @cached_property
    def garden_max(self) -> int:
        """The most rocks a garden (with its owner's standing bid) holds outside the turn-in:
        round 1 starts from ``start_rocks`` each; every later round starts once nobody holds a
        forbidden set (the turn-in goes on until then), so from at most ``clean_garden_max``;
        and while bidding a garden only lends rocks to its owner's bid and gets them back.
        This bounds the bids to list: ``legal_actions`` of the largest garden (18 rocks, two of
        each of 9 kinds: 3**9 offers per pile) stays under half a second.

        >>> default_components().garden_max
        18
        """
        return max(self.start_rocks, self.clean_garden_max)

    @property
    def pile_rocks_max(self) -> int:
        """The most rocks a pile holds: rocks are drawn onto it only while it is worth less than
        ``pile_value``, and every rock is worth at least 1."""
        return self.pile_value

    def card_value(self, deck: str, k: int) -> int:
        """The ``k``-th card (0 = the top one) of ``deck``; past the end of the deck one step more
        than the last (the step between its last two cards, never negative: demerits only grow).

        >>> c = default_components()
        >>> c.card_value("trips", 0), c.card_value("trips", 9), c.card_value("trips", 12), c.card_value("pass", 12)
        (1, 10, 13, 1)
        """
        cards = self.decks[deck]
        if k < len(cards):
            return cards[k]
        step = max(0, cards[-1] - cards[-2]) if len(cards) > 1 else 0
        return cards[-1] + step * (k - len(cards) + 1)

    def max_taken(self, deck: str) -> int:
        """The most cards play can take from ``deck``. Once a deck runs out the game ends with
        that round (``ending``), so a round starts with at most the whole deck taken (a lesson may
        start just as it ran out). In that last round a Pass card is taken once more at most (one
        pass a round); sets can still be turned in, each putting at least three rocks back in the
        bag for the rest of the round, so at most (coloured rocks) // 3 more.

        >>> c = default_components()
        >>> c.max_taken("pass"), c.max_taken("trips")
        (11, 35)
        """
        n = len(self.decks[deck])
        return n + 1 if deck == "pass" else n + len(self.rock_types) * self.copies // 3

    def enough_for(self, players: int) -> bool:
        """Whether the coloured rocks deal every starting garden and lay out the first piles."""
        return len(self.rock_types) * self.copies >= players * self.start_rocks + self.pile_value * (players - 1)

    @cached_property
    def max_card(self) -> int:
        """The costliest demerit card play can give (the deck values only grow past their end)."""
        return max(max(max(self.decks[d]), self.card_value(d, self.max_taken(d) - 1)) for d in DECKS)

    @cached_property
    def max_cards(self) -> int:
        """The most demerit cards a game can hand out, all decks together."""
        return sum(self.max_taken(d) for d in DECKS)

    def to_dict(self) -> dict:
        return {
            "note": self.note,
            "colours": [{"letter": c, "name": n, **self.sources.get(("colour", c), {})}
                        for c, n in zip(self.colours, self.colour_names)],
            "values": {"values": list(self.values), "source": "rulebook"},
            "copies": {"copies": self.copies, **self.sources.get("copies", {})},
            "black": {"count": 1, "source": "rulebook"},
            "decks": {d: {"cards": list(self.decks[d]), **self.sources.get(("deck", d), {})} for d in DECKS},
            "tracker": {"spaces": self.tracker, **self.sources.get("tracker", {})},
            "start_rocks": {"count": self.start_rocks, "source": "rulebook"},
            "pile_value": {"at_least": self.pile_value, "source": "rulebook"},
        }


def _int(v, what, lo=1, hi=99) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise MalformedInputError(f"{what} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def parse_components(data) -> Components:
    """Read and check a rock set (a dict in the format of ``components.json``)."""
    if not isinstance(data, dict):
        raise MalformedInputError("a Karesansui component file holds a JSON object")
    try:
        cols = data["colours"]
        if not isinstance(cols, list) or not 4 <= len(cols) <= 9:
            raise MalformedInputError("'colours' lists 4 to 9 colours (a Foursome needs four different colours)")
        letters = tuple(str(c["letter"]) for c in cols)
        if len(set(letters)) != len(letters) or any(len(x) != 1 or not x.isalpha() or x.upper() != x or x == BLACK
                                                    for x in letters):
            raise MalformedInputError("each colour has its own capital letter (not K, which is the black rock)")
        names = tuple(str(c["name"]) for c in cols)
        values = tuple(data["values"]["values"])
        if values != (1, 2, 3):
            raise MalformedInputError("rocks are valued I, II and III (a Straight Flush needs all three)")
        copies = _int(data["copies"]["copies"], "copies")
        decks = {}
        for d in DECKS:
            raw = data["decks"][d]["cards"]
            if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_DECK:
                raise MalformedInputError(f"the {d} deck needs cards: a list of 1 to {MAX_DECK} values")
            cards = tuple(_int(v, f"a {d} card", 0) for v in raw)
            decks[d] = cards
        tracker = _int(data["tracker"]["spaces"], "the round tracker's spaces")
        # at least one rock to deal; at most 12, so a first-round garden has at most 2**12 bids a pile
        start = _int(data.get("start_rocks", {}).get("count", 5), "the starting rocks", 1, 12)
        pile = _int(data.get("pile_value", {}).get("at_least", 6), "a pile's value", 1, 30)
        sources = {("colour", c["letter"]): {"source": c["source"]} for c in cols if "source" in c}
        for key in ("copies", "tracker"):
            if "source" in data[key]:
                sources[key] = {"source": data[key]["source"]}
        for d in DECKS:
            extra = {k: data["decks"][d][k] for k in ("source", "note") if k in data["decks"][d]}
            sources[("deck", d)] = extra
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        if isinstance(e, MalformedInputError):
            raise
        raise MalformedInputError(f"not a valid Karesansui component file: {e!r}") from None
    return Components(letters, names, values, copies, decks, tracker, start, pile, str(data.get("note", "")), sources)


@cache
def default_components() -> Components:
    return load_components(Path(__file__).with_name("components.json"))


def load_components(path) -> Components:
    return parse_components(read_json(path, "component file"))
