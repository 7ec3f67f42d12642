"""Tang Garden's components: the board, 60 garden tiles, 54 decoration cards, 36 decorations, 12
characters, 20 landscape tiles, the player boards and the lanterns.

The shipped set is ``components.json`` (written by ``_make_components.py``); every entry says
where it comes from (``rulebook``, ``published`` or ``reconstructed``). A user's own file in the
same format loads with the ``components`` option; every total the rulebook gives is checked on
load (a file that breaks one is refused with the reason).

Spaces are named by column letter and row number (``a1`` top-left, ``h8`` bottom-right). A tile's
edges are listed north, east, south, west (unturned).

>>> c = default_components()
>>> len(c.tiles), len(c.deck()), sum(c.decorations.values()), len(c.characters), len(c.landscapes)
(60, 54, 36, 12, 20)
>>> c.tile(1).edges, c.tile(15).temple, len(c.central)
(('greenery', 'greenery', 'greenery', 'greenery'), 'greenery', 28)
>>> c.character("emperor").sight["icon"], sum(c.full_track_coins() for _ in range(3))
('dragon', 21)
>>> c.sight_words("lady")
'scores 6 coins if the landscape tiles on the side it faces show the sun or the moon, 12 if they show both'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from ...core import MalformedInputError
from ...core.checks import read_json
from ...core.rng import _short

SOURCES = ("rulebook", "published", "reconstructed")
ELEMENTS = ("greenery", "water", "rock")
TERRAINS = ELEMENTS + ("footpath", "wall")
STACKS = ("greenery", "water", "rock", "mixed")
AREAS = ("greenery", "water", "rock", "bridge")
DECORATIONS = ("birds", "fish", "lotus", "peony", "bridge", "pavilion", "pine", "maple", "bamboo", "willow", "plum")
TREES = ("pine", "maple", "bamboo", "willow", "plum")
BONUSES = ("greenery", "water", "rock", "any", "token")
ICONS = ("construction", "animal", "dragon", "sun", "moon", "village", "temple", "waterfall")
SIDES = ("N", "E", "S", "W")
SKILLS = ("pavilion_bridge", "birds_fish", "lotus_peony", "track_rock", "track_water", "track_greenery", "merchant",
          "monk", "officer", "sword_dancer")
SIGHTS = ("landscape", "line", "empress", "sun_moon", "any_icon")
LANTERNS = ("build2", "decorate2", "move", "choose")
SOLO_LANTERNS = ("tile_only", "display", "redraw", "reuse")
COLUMNS = "abcdefgh"


def space_name(x: int, y: int) -> str:
    """``c4`` for (2, 3); a space off the board is named by its numbers (it only shows in a refusal).

    >>> space_name(2, 3), space_name(8, 0), space_name(-1, 2 ** 31)
    ('c4', '(x=8, y=0)', '(x=-1, y=2147483648)')
    """
    n = len(COLUMNS)
    if type(x) is int and type(y) is int and 0 <= x < n and 0 <= y < n:
        return f"{COLUMNS[x]}{y + 1}"
    return f"(x={_short(x, 20)}, y={_short(y, 20)})"


def parse_space(text) -> tuple[int, int]:
    t = str(text).strip().lower()
    if len(t) < 2 or t[0] not in COLUMNS or not t[1:].isdigit() or not 1 <= int(t[1:]) <= 8:
        raise MalformedInputError(f"a space is a column a-h and a row 1-8, such as c4, not {str(text)[:20]!r}")
    return COLUMNS.index(t[0]), int(t[1:]) - 1


@dataclass(frozen=True)
class Tile:
    """A garden tile: its stack (back), four edges N E S W unturned, areas enclosed inside it,
    decoration areas, whether it has a character spot, and for a temple its element."""

    id: int
    stack: str
    edges: tuple[str, ...]
    inner: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()
    spot: bool = False
    temple: str | None = None
    source: str = "reconstructed"

    def edge(self, rot: int, side: int) -> str:
        """The terrain on board side ``side`` (0 N, 1 E, 2 S, 3 W) of the tile turned ``rot`` degrees clockwise."""
        return self.edges[(side - rot // 90) % 4]

    def turned(self, rot: int) -> tuple[str, ...]:
        return tuple(self.edge(rot, d) for d in range(4))

    def terrains(self) -> set:
        return {e for e in self.edges if e in ELEMENTS} | set(self.inner)


@dataclass(frozen=True)
class CardKind:
    kind: str
    bonus: str
    area: str
    copies: int
    source: str = "reconstructed"

    @property
    def name(self) -> str:
        return f"{self.kind}/{self.bonus}"


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    starting: bool
    bonus: str | None
    skill: str | None
    skill_text: str
    sight: dict
    source: str = "rulebook"

    def __hash__(self):
        return hash(self.id)


@dataclass(frozen=True)
class Landscape:
    id: str
    size: str
    icons: tuple[str, ...]
    source: str = "reconstructed"


@dataclass(frozen=True)
class Components:
    tiles: tuple[Tile, ...]
    cards: tuple[CardKind, ...]
    decorations: dict
    characters: tuple[Character, ...]
    landscapes: tuple[Landscape, ...]
    start_sides: dict
    central: tuple[tuple[int, int], ...]
    tokens: dict  # layout -> ((x, y, size), ...): "multi", "two", "solo" (size "" = dealt at random)
    levels: int
    thresholds: tuple[int, ...]
    coin_bonuses: dict  # level -> coins
    solo: dict = field(default_factory=dict, compare=False)  # influence_coins, max_characters, remove_tokens, ranks
    data: dict = field(default_factory=dict, compare=False)

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Components) and self.data == other.data)

    @cached_property
    def _tiles(self) -> dict:
        return {t.id: t for t in self.tiles}

    @cached_property
    def _chars(self) -> dict:
        return {c.id: c for c in self.characters}

    @cached_property
    def _lands(self) -> dict:
        return {t.id: t for t in self.landscapes}

    @cached_property
    def _cards(self) -> dict:
        return {c.name: c for c in self.cards}

    def tile(self, tid: int) -> Tile:
        return self._tiles[tid]

    def has_tile(self, tid) -> bool:
        return isinstance(tid, int) and not isinstance(tid, bool) and tid in self._tiles

    def character(self, cid: str) -> Character:
        return self._chars[cid]

    def has_character(self, cid) -> bool:
        return isinstance(cid, str) and cid in self._chars

    def landscape(self, lid: str) -> Landscape:
        return self._lands[lid]

    def has_landscape(self, lid) -> bool:
        return isinstance(lid, str) and lid in self._lands

    def card(self, name: str) -> CardKind:
        return self._cards[name]

    def has_card(self, name) -> bool:
        return isinstance(name, str) and name in self._cards

    def stack(self, kind: str) -> tuple[int, ...]:
        return tuple(t.id for t in self.tiles if t.stack == kind)

    def deck(self) -> tuple[str, ...]:
        """Every decoration card, as ``kind/bonus`` names, sorted."""
        return tuple(sorted(c.name for c in self.cards for _ in range(c.copies)))

    def full_track_coins(self) -> int:
        return sum(self.coin_bonuses.values())

    def sight_words(self, cid: str) -> str:
        """What character ``cid``'s sight preference scores at the end, in words (:func:`sight_words`
        with this set's names for the characters it names)."""
        return sight_words(self.character(cid).sight, {c.id: c.name for c in self.characters})

    def to_dict(self) -> dict:
        return self.data


def _coins(n) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def sight_words(sight: dict, names: dict | None = None) -> str:
    """A character's sight preference (its ``sight`` data) as a sentence: what it scores at the end
    when it stands in the garden, said as the end scoring (``scoring.character_lines``)
    counts it. ``names``: character id -> name, for the characters an Empress-like preference
    names (default: the id, capitalised). Every character also earns a coin for each decoration in
    its line of sight; that rule (``tang_garden.score.sight``) is the same for all and not repeated.

    >>> sight_words({"kind": "landscape", "icon": "dragon", "each": 5})
    'scores 5 coins for each dragon icon on the landscape tiles on the side it faces'
    >>> sight_words({"kind": "line", "terrain": "rock", "each": 2, "cap": 10})
    'scores 2 coins for each garden tile showing rock in its line of sight (its own tile included), 10 coins at most'
    >>> sight_words({"kind": "empress", "coins": 9, "penalty": 3, "rivals": ["emperor", "lady"]})
    'scores 9 coins, less 3 for each of the Emperor and the Lady standing in its line of sight'
    """
    kind = sight.get("kind")
    side = "on the landscape tiles on the side it faces"
    if kind == "landscape":
        return f"scores {_coins(sight['each'])} for each {sight['icon']} icon {side}"
    if kind == "any_icon":
        return f"scores {_coins(sight['each'])} for each icon, of any kind, {side}"
    if kind == "sun_moon":
        return (f"scores {_coins(sight['one'])} if the landscape tiles on the side it faces show the sun or the moon, "
                f"{sight['both']} if they show both")
    if kind == "line":
        return (f"scores {_coins(sight['each'])} for each garden tile showing {sight['terrain']} in its line of sight "
                f"(its own tile included), {_coins(sight['cap'])} at most")
    if kind == "empress":
        names = names or {}
        who = [f"the {names.get(r, str(r).replace('_', ' ').title())}" for r in sight["rivals"]]
        who = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
        return (f"scores {_coins(sight['coins'])}, less {sight['penalty']} for each of {who} "
                "standing in its line of sight")
    raise MalformedInputError(f"a sight preference is one of {', '.join(SIGHTS)}, not {str(kind)[:30]!r}")


def _int(v, what: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise MalformedInputError(f"{what} must be a whole number from {lo} to {hi}, not {str(v)[:30]}")
    return v


def _one(v, allowed, what: str) -> str:
    if not isinstance(v, str) or v not in allowed:
        raise MalformedInputError(f"{what} must be one of {', '.join(allowed)}, not {str(v)[:30]!r}")
    return v


def _source(entry, what: str) -> str:
    return _one(entry.get("source", "reconstructed"), SOURCES, f"{what}'s source")


def _obj(v, what: str) -> dict:
    if not isinstance(v, dict):
        raise MalformedInputError(f"{what} must be an object")
    return v


def _list(v, what: str, n: int | None = None) -> list:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise MalformedInputError(f"{what} must be a list" + (f" of {n}" if n is not None else ""))
    return v


def _tile(e, k: int) -> Tile:
    e = _obj(e, f"tile {k + 1}")
    tid = _int(e.get("id"), f"tile {k + 1}'s id", 1, 999)
    stack = _one(e.get("stack"), STACKS, f"tile {tid}'s stack")
    edges = tuple(_one(x, TERRAINS, f"tile {tid}'s edge") for x in _list(e.get("edges"), f"tile {tid}'s edges", 4))
    inner = tuple(_one(x, ELEMENTS, f"tile {tid}'s inner area") for x in _list(e.get("inner", []), "inner"))
    areas = tuple(_one(x, AREAS, f"tile {tid}'s area") for x in _list(e.get("areas", []), "areas"))
    if len(set(areas)) != len(areas):
        raise MalformedInputError(f"tile {tid} lists an area kind twice (one area of each kind a tile)")
    spot = e.get("spot", False)
    if not isinstance(spot, bool):
        raise MalformedInputError(f"tile {tid}'s spot is true or false")
    temple = e.get("temple")
    if temple is not None:
        _one(temple, ELEMENTS, f"tile {tid}'s temple")
        if edges != ("wall",) * 4:
            raise MalformedInputError(f"tile {tid} is a temple: its four edges are walls of its colour")
    elif edges.count("wall") > 1:
        raise MalformedInputError(f"tile {tid}: a garden tile has a wall on one edge at most")
    return Tile(tid, stack, edges, inner, areas, spot, temple, _source(e, f"tile {tid}"))


def _spaces(v, what: str) -> tuple[tuple[int, int], ...]:
    return tuple(parse_space(s) for s in _list(v, what))


def parse_components(data) -> Components:
    """Components from the JSON data of a component file, every field and total checked."""
    data = _obj(data, "a Tang Garden component file")
    totals = {"tiles": 60, "stacks": 4, "temples": 3, "cards": 54, "decorations": 36, "characters": 12,
              "starting_characters": 6, "large_landscapes": 8, "small_landscapes": 12}

    def need(got, key, what):
        if got != totals[key]:
            raise MalformedInputError(f"the rulebook's set has {totals[key]} {what}, this file {got}")

    raw = _list(data.get("tiles"), "'tiles'")
    tiles = tuple(_tile(t, k) for k, t in enumerate(raw))
    need(len(tiles), "tiles", "garden tiles")
    if len({t.id for t in tiles}) != len(tiles):
        raise MalformedInputError("each garden tile has its own id")
    need(len({t.stack for t in tiles}), "stacks", "stacks of garden tiles")
    need(sum(t.temple is not None for t in tiles), "temples", "temple tiles")
    if sorted(t.temple for t in tiles if t.temple) != sorted(ELEMENTS):
        raise MalformedInputError("the three temples are one each of greenery (flowers), water (lotus) and rock")
    cards = []
    for k, c in enumerate(_list(data.get("cards"), "'cards'")):
        c = _obj(c, f"card {k + 1}")
        kind = _one(c.get("kind"), DECORATIONS, f"card {k + 1}'s kind")
        area = _one(c.get("area"), AREAS, f"card {kind}'s area")
        cards.append(CardKind(kind, _one(c.get("bonus"), BONUSES, f"card {kind}'s bonus"), area,
                              _int(c.get("copies"), f"card {kind}'s copies", 1, 54), _source(c, f"card {kind}")))
    if len({c.name for c in cards}) != len(cards):
        raise MalformedInputError("each card kind and bonus is listed once (with its copies)")
    need(sum(c.copies for c in cards), "cards", "decoration cards")
    decorations = {}
    for k, d in enumerate(_list(data.get("decorations"), "'decorations'")):
        d = _obj(d, f"decoration {k + 1}")
        kind = _one(d.get("kind"), DECORATIONS, f"decoration {k + 1}'s kind")
        decorations[kind] = _int(d.get("count"), f"{kind} decorations", 0, 36)
    need(sum(decorations.values()), "decorations", "decorations")
    if set(decorations) != {c.kind for c in cards} or set(decorations) != set(DECORATIONS):
        raise MalformedInputError(f"cards and decorations are of the 11 kinds: {', '.join(DECORATIONS)}")
    chars = []
    for k, c in enumerate(_list(data.get("characters"), "'characters'")):
        c = _obj(c, f"character {k + 1}")
        cid = c.get("id")
        if not isinstance(cid, str) or not cid.isidentifier() or len(cid) > 20:
            raise MalformedInputError(f"character {k + 1} needs a short id")
        sight = _obj(c.get("sight"), f"{cid}'s sight preference")
        _one(sight.get("kind"), SIGHTS, f"{cid}'s sight kind")
        if sight["kind"] == "landscape":
            _one(sight.get("icon"), ICONS, f"{cid}'s icon")
        if sight["kind"] == "line":
            _one(sight.get("terrain"), ELEMENTS, f"{cid}'s terrain")
        starting = c.get("starting")
        bonus = c.get("bonus")
        if not isinstance(starting, bool) or (starting and bonus not in ELEMENTS) or (not starting and bonus):
            raise MalformedInputError(f"{cid}: a starting character has an element bonus, the others none")
        skill = c.get("skill")
        if skill is not None:
            _one(skill, SKILLS, f"{cid}'s skill")
        chars.append(Character(cid, str(c.get("name", cid))[:30], starting, bonus, skill,
                               str(c.get("skill_text", ""))[:300], sight, _source(c, cid)))
    need(len(chars), "characters", "characters")
    need(sum(c.starting for c in chars), "starting_characters", "starting characters")
    if len({c.id for c in chars}) != len(chars):
        raise MalformedInputError("each character has its own id")
    lands = []
    for k, t in enumerate(_list(data.get("landscapes"), "'landscapes'")):
        t = _obj(t, f"landscape {k + 1}")
        lid = t.get("id")
        if not isinstance(lid, str) or not 1 <= len(lid) <= 8:
            raise MalformedInputError(f"landscape {k + 1} needs a short id")
        size = _one(t.get("size"), ("large", "small"), f"landscape {lid}'s size")
        icons = tuple(_one(i, ICONS, f"landscape {lid}'s icon") for i in _list(t.get("icons"), "icons"))
        lands.append(Landscape(lid, size, icons, _source(t, f"landscape {lid}")))
    need(sum(t.size == "large" for t in lands), "large_landscapes", "large landscape tiles")
    need(sum(t.size == "small" for t in lands), "small_landscapes", "small landscape tiles")
    if len({t.id for t in lands}) != len(lands):
        raise MalformedInputError("each landscape tile has its own id")
    icon_totals = _obj(data.get("icon_totals", {}), "icon_totals").get("counts")
    if icon_totals is not None:
        for icon, (big, small) in _obj(icon_totals, "icon counts").items():
            got = [sum(t.icons.count(icon) for t in lands if t.size == s) for s in ("large", "small")]
            if got != [big, small]:
                raise MalformedInputError(f"the landscape tiles carry {got[0]}/{got[1]} {icon} icons (large/small), "
                                          f"the published count is {big}/{small}")
    board = _obj(data.get("board"), "the board")
    start = _obj(board.get("start_tile"), "the starting tile")
    if [parse_space(s) for s in _list(start.get("spaces"), "start spaces", 4)] != [(3, 3), (4, 3), (3, 4), (4, 4)]:
        raise MalformedInputError("the starting tile covers d4 e4 d5 e5, the centre of the board")
    sides = {k: tuple(_one(x, TERRAINS, "a starting tile edge") for x in _list(v, "a side", 8))
             for k, v in _obj(start.get("sides"), "the starting tile's sides").items()}
    if sorted(sides) != ["a", "b"]:
        raise MalformedInputError("the starting tile has two sides, a and b")
    central = _spaces(_obj(board.get("central_garden"), "central garden").get("spaces"), "central garden")
    if len(set(central)) != 28 or any(p in ((3, 3), (4, 3), (3, 4), (4, 4)) for p in central):
        raise MalformedInputError("the solo central garden has exactly 28 spaces around the starting tile")
    tokens = {}
    for key, layout in (("tokens", "multi"), ("tokens_2p", "two")):
        t = _obj(board.get(key), f"the {key} layout")
        large, small = _spaces(t.get("large"), "large tokens"), _spaces(t.get("small"), "small tokens")
        if len(large) != 8 or len(small) != 8 or len(set(large + small)) != 16:
            raise MalformedInputError(f"the {key} layout puts 8 large and 8 small tokens on 16 spaces")
        if any(p in ((3, 3), (4, 3), (3, 4), (4, 4)) for p in large + small):
            raise MalformedInputError("no landscape token lies on the starting tile")
        tokens[layout] = tuple(sorted([(x, y, "large") for x, y in large] + [(x, y, "small") for x, y in small]))
    solo = _spaces(_obj(board.get("tokens_solo"), "the solo tokens").get("spaces"), "solo token spaces")
    if len(set(solo)) != 8 or not set(solo) <= set(central):
        raise MalformedInputError("the solo game's 8 tokens lie on 8 spaces of the central garden")
    tokens["solo"] = tuple(sorted((x, y, "") for x, y in solo))
    pb = _obj(data.get("player_board"), "the player board")
    levels = _int(pb.get("levels"), "track levels", 3, 30)
    thresholds = tuple(_int(t, "a threshold", 1, levels) for t in _list(pb.get("thresholds"), "thresholds"))
    if list(thresholds) != sorted(set(thresholds)) or not thresholds:
        raise MalformedInputError("thresholds rise along the track")
    bonuses = {}
    for lv, coins in _obj(pb.get("coin_bonuses"), "coin bonuses").items():
        if not str(lv).isdigit():
            raise MalformedInputError("coin bonuses are keyed by level")
        bonuses[_int(int(lv), "a bonus level", 1, levels)] = _int(coins, "a coin bonus", 1, 21)
    if 3 * sum(bonuses.values()) != 21:
        raise MalformedInputError(f"three full tracks give 21 coins (the rulebook), this file {3 * sum(bonuses.values())}")
    solo = _obj(data.get("solo", {}), "the solo rules")
    solo = {"influence_coins": tuple(_int(v, "a solo influence level", 1, 999)
                                     for v in _list(solo.get("influence_coins", [10, 20, 30]), "influence coins")),
            "max_characters": _int(solo.get("max_characters", 4), "the solo character limit", 1, 12),
            "remove_tokens": _int(solo.get("remove_tokens", 4), "tokens to remove a decoration", 1, 8),
            "ranks": tuple((None if lo is None else _int(lo, "a rank's top score", 0, 999), str(name)[:30])
                           for lo, name in _list(solo.get("ranks", [[None, "Inspector"]]), "ranks"))}
    return Components(tiles, tuple(sorted(cards, key=lambda c: c.name)), decorations, tuple(chars), tuple(lands),
                      sides, tuple(sorted(central)), tokens, levels, thresholds, bonuses, solo, data)


@cache
def default_components() -> Components:
    return load_components(Path(__file__).with_name("components.json"))


def load_components(path) -> Components:
    return parse_components(read_json(path, "component file"))


__all__ = ["AREAS", "BONUSES", "CardKind", "Character", "Components", "DECORATIONS", "ELEMENTS", "ICONS", "LANTERNS",
           "Landscape", "SIDES", "TERRAINS", "TREES", "Tile", "default_components", "load_components",
           "parse_components", "parse_space", "sight_words", "space_name"]
