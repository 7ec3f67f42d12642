"""Reading a saved Tanuki in the Garden game back, checking every field (a hand-edited save gets a
clear error naming what is wrong).

A save that loads is a game that can go on. Sizes are checked before anything is read item by
item, so an oversized save is refused at once; then each field's type and range; then what
must hold between fields:

* every Shiitake is somewhere: the supply, the players and the stashes on tiles add up to the
  supply the game started with (80), and nobody holds fewer than 0;
* every path tile is in exactly one place: the draw pile, a hand, the board or the discards
  (in a player's observation the hidden hands' tiles are counted in the pile);
* every monk stands on a path end facing an empty space, or on a start place at the edge, or
  is off the board, and no two monks share a path end; trails run along tiles on the board;
* with Garden Master every card is in one place (deck, discards, a hand, a trap on the board
  or being played); without it there are none;
* score lines add up to each player's total (Shiitake plus what their cards count);
* the turn in progress is one where play stops for a decision or a draw (a save in the middle
  of something the game does by itself is refused), and a legal move can be played from it.

A message names at most a few offending items.

>>> from gardenkit.games.tanuki import TanukiRules
>>> rules = TanukiRules()
>>> d = rules.initial_state(players=2, seed=1).to_dict()
>>> d["supply"] = 79
>>> rules.from_dict(d)
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: the Shiitake do not add up: supply 79 + players 0 + stashes 0 = 79, but the game has 80
>>> d["supply"], d["pile"] = 80, d["pile"] + [1]
>>> rules.from_dict(d)
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: the draw pile holds 65 tiles; this tile set has 64 in all
"""
from __future__ import annotations

from collections import Counter

from ...core import Line, MalformedInputError, Rng
from ...core.rng import _short as _short_number
from .actions import card_kind, parse
from .board import EDGES, SIZE, TANUKI, is_edge_place, point, side_ports, space_name
from .components import CARD_KINDS, default_components, parse_components
from .engine import MAX_TIEBREAK_ROUNDS, Work
from .rules_text import RULES
from .state import FLAGS, HIDDEN_CARD, PENDING_KINDS, STAGES, TanukiState

FIELDS = ("players", "options", "rng", "stage", "active", "turn", "board", "stash", "monks", "fresh", "trails",
          "tanuki", "hands", "pile", "discard", "shiitake", "supply", "lines", "dice", "dice2", "tqueue", "tmove",
          "event", "off_count", "mover", "resume", "ashi_met", "tiles_left", "empty_start", "flags", "robbed",
          "played", "pending", "cardstack", "deck", "card_discard", "cards", "traps", "rocks", "tiebreak", "tb_round",
          "over", "winners", "hidden", "unseen", "unseen_cards")
#: fields a save written before they existed may lack (read as empty)
OPTIONAL = ("ashi_others",)
#: the most turns a saved game may have played, and score lines a player may hold
MAX_TURNS = 100_000
MAX_LINES = 5_000


def _short(v) -> str:
    try:
        return _short_number(v, 20)
    except ValueError:
        return f"a {type(v).__name__} holding a huge number"


def _int(v, what: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedInputError(f"{what} must be an integer, not {_short(v)}")
    if not lo <= v <= hi:
        raise MalformedInputError(f"{what} must be between {lo} and {hi}, not {_short(v)}")
    return v


def _bool(v, what: str) -> bool:
    if not isinstance(v, bool):
        raise MalformedInputError(f"{what} must be true or false, not {_short(v)}")
    return v


def _list(v, what: str, most: int, exact: int | None = None) -> list:
    if not isinstance(v, list):
        raise MalformedInputError(f"{what} must be a list, not {_short(v)}")
    if exact is not None and len(v) != exact:
        raise MalformedInputError(f"{what} must hold {exact} items, not {len(v)}")
    if len(v) > most:
        raise MalformedInputError(f"{what} holds {len(v)} items; at most {most}")
    return v


def _named(items) -> str:
    items = list(items)
    return ", ".join(_short(x) for x in items[:3]) + (f" and {len(items) - 3} more" if len(items) > 3 else "")


def _player(v, what: str, n: int) -> int:
    return _int(v, what, 0, n - 1)


def _space(v, what: str) -> tuple[int, int]:
    if not isinstance(v, list) or len(v) != 2:
        raise MalformedInputError(f"{what} must be a space [x, y], not {_short(v)}")
    return _int(v[0], f"{what}'s x", 0, SIZE - 1), _int(v[1], f"{what}'s y", 0, SIZE - 1)


def _rng(v) -> Rng | None:
    if v is None:
        return None
    try:
        return Rng.from_dict(v)
    except MalformedInputError:
        raise
    except ValueError:
        raise MalformedInputError("rng must be an object with 'seed' and 'counter', whole numbers from 0 to "
                                  "2**64 - 1") from None


def _players_list(v, what: str, n: int) -> tuple[int, ...]:
    _list(v, what, n)
    out = tuple(_player(x, f"a player in {what}", n) for x in v)
    if list(out) != sorted(set(out)):
        raise MalformedInputError(f"{what} lists players each once, in order")
    return out


def _tiles(v, what: str, comps, allow_hidden: bool = False) -> tuple[int, ...]:
    _list(v, what, len(comps.tiles))
    bad = [t for t in v if not (comps.has_tile(t) or (allow_hidden and t == 0 and not isinstance(t, bool)))]
    if bad:
        raise MalformedInputError(f"{what} must list tiles of this set by their ids: {_named(bad)} "
                                  f"{'is not one' if len(bad) == 1 else 'are not'}")
    if list(v) != sorted(v):
        raise MalformedInputError(f"{what} is kept sorted")
    return tuple(v)


def _cards(v, what: str, most: int, allow_hidden: bool = False) -> tuple[str, ...]:
    _list(v, what, most)
    bad = [k for k in v if not (k in CARD_KINDS or (allow_hidden and k == HIDDEN_CARD))]
    if bad:
        raise MalformedInputError(f"{what} must list Garden Master cards by kind: {_named(bad)} "
                                  f"{'is not one' if len(bad) == 1 else 'are not'}")
    if list(v) != sorted(v):
        raise MalformedInputError(f"{what} is kept sorted")
    return tuple(v)


def _line(x, who: str, k: int) -> Line:
    if not isinstance(x, dict):
        raise MalformedInputError(f"{who} score line {k + 1} must be an object, not {_short(x)}")
    for key in ("points", "round", "rank"):
        v = x.get(key)
        if (v is not None or key == "points") and not (type(v) is int and -10**6 <= v <= 10**6):
            _int(v, f"{who} score line {k + 1}'s {key}", -10**6, 10**6)
    try:
        line = Line.from_dict(x)
    except MalformedInputError:
        raise
    except ValueError as e:
        raise MalformedInputError(f"{who} score line {k + 1}: {e}"[:200]) from None
    if line.rule not in RULES:
        raise MalformedInputError(f"{who} score line {k + 1} cites unknown rule {_short(line.rule)}")
    return line


def state_from_dict(rules, d: dict) -> TanukiState:
    if d.get("version") != 1:
        raise MalformedInputError(f"unknown save version {_short(d.get('version'))}")
    missing = [k for k in FIELDS if k not in d]
    if missing:
        raise MalformedInputError(f"missing field{'s' if len(missing) > 1 else ''} {_named(missing)}")
    extra = [k for k in d if k not in FIELDS and k not in ("game", "version", "components", *OPTIONAL)]
    if extra:
        raise MalformedInputError(f"unknown field{'s' if len(extra) > 1 else ''} {_named(extra)}")
    comps = parse_components(d["components"]) if "components" in d else default_components()
    n = _int(d["players"], "players", 2, 8)
    if len(comps.tiles) < n * comps.hand + 1:
        raise MalformedInputError(f"this tile set has too few tiles for {n} players")
    opts = d["options"]
    if not isinstance(opts, dict) or set(opts) != {"short", "garden_master", "edge", "start_player"}:
        raise MalformedInputError("options must give short, garden_master, edge and start_player")
    short, gm = _bool(opts["short"], "short"), _bool(opts["garden_master"], "garden_master")
    edge = opts["edge"]
    if edge not in EDGES:
        raise MalformedInputError(f"edge must be one of {', '.join(EDGES)}, not {_short(edge)}")
    start_player = _player(opts["start_player"], "start_player", n)
    rng = _rng(d["rng"])
    stage = d["stage"]
    if not isinstance(stage, str) or stage not in STAGES:
        raise MalformedInputError(f"stage must be one of {', '.join(STAGES)}, not {_short(stage)}")
    active = _player(d["active"], "active", n)
    turn = _int(d["turn"], "turn", 0, MAX_TURNS)
    # ----- sizes first ---------------------------------------------------------------------------
    cells = SIZE * SIZE
    for key, count in (("board", cells), ("stash", cells), ("monks", n), ("fresh", n), ("trails", n),
                       ("tanuki", 2), ("hands", n), ("shiitake", n), ("lines", n), ("cards", n)):
        _list(d[key], key, count, count)
    ntiles = len(comps.tiles)
    for key, what in (("pile", "the draw pile"), ("discard", "the discard pile")):
        if isinstance(d[key], list) and len(d[key]) > ntiles:
            raise MalformedInputError(f"{what} holds {len(d[key])} tiles; this tile set has {ntiles} in all")
    ndeck = len(comps.deck())
    for key in ("deck", "card_discard"):
        if isinstance(d[key], list) and len(d[key]) > ndeck:
            raise MalformedInputError(f"{key} holds {len(d[key])} cards; the deck has {ndeck} in all")
    for i, ls in enumerate(d["lines"]):
        _list(ls, f"player {i + 1}'s score lines", MAX_LINES)
    # ----- the board ------------------------------------------------------------------------------
    board = []
    for i, cell in enumerate(d["board"]):
        if cell is None:
            board.append(None)
            continue
        if not isinstance(cell, list) or len(cell) != 2:
            raise MalformedInputError(f"a board space holds null or [tile, rotation], not {_short(cell)}")
        tile = cell[0]
        if not comps.has_tile(tile):
            raise MalformedInputError(f"the board holds {_short(tile)}, which is no tile of this set")
        rot = cell[1]
        if rot not in (0, 90, 180, 270) or isinstance(rot, bool):
            raise MalformedInputError(f"a tile on the board turns 0, 90, 180 or 270 degrees, not {_short(rot)}")
        board.append((tile, rot))
    stash = tuple(_int(v, "a stash", 0, comps.supply) for v in d["stash"])
    empty_stash = [space_name(i % SIZE, i // SIZE) for i, v in enumerate(stash) if v and board[i] is None]
    if empty_stash:
        raise MalformedInputError(f"stashes lie on tiles; {_named(empty_stash)} hold{'s' if len(empty_stash) == 1 else ''}"
                                  " a stash but no tile")
    rocks = tuple(_space(r, "a rock garden") for r in _list(d["rocks"], "rocks", comps.rocks))
    if list(rocks) != sorted(set(rocks)):
        raise MalformedInputError("rocks lists each rock garden once, in order")
    if any(board[y * SIZE + x] is not None for x, y in rocks):
        raise MalformedInputError("a rock garden and a tile never share a space")
    # ----- the monks --------------------------------------------------------------------------------
    monks = []
    for i, m in enumerate(d["monks"]):
        who = f"player {i + 1}'s monk"
        if m is None:
            monks.append(None)
            continue
        if not isinstance(m, list) or len(m) != 4 or m[0] not in ("edge", "at"):
            raise MalformedInputError(f"{who} is null, [\"edge\", x, y, side] or [\"at\", x, y, port], not {_short(m)}")
        x, y = _int(m[1], f"{who}'s x", 0, SIZE - 1), _int(m[2], f"{who}'s y", 0, SIZE - 1)
        if m[0] == "edge":
            side = _int(m[3], f"{who}'s side", 1, 4)
            if not is_edge_place(x, y, side):
                raise MalformedInputError(f"{who} is on {space_name(x, y)} side {side}, which is not on the board's edge")
            monks.append(("edge", x, y, side))
        else:
            port = _int(m[3], f"{who}'s path end", 0, 7)
            if board[y * SIZE + x] is not None:
                raise MalformedInputError(f"{who} faces {space_name(x, y)}, which holds a tile: a monk always walks "
                                          "on to the end of its path")
            monks.append(("at", x, y, port))
    seen: dict = {}
    for i, m in enumerate(monks):
        if m is None:
            continue
        pids = [point(m[1], m[2], m[3], edge)] if m[0] == "at" else [point(m[1], m[2], q, edge) for q in side_ports(m[3])]
        for pid in pids:
            if pid in seen and seen[pid] != i:
                raise MalformedInputError(f"players {seen[pid] + 1} and {i + 1} have their monks on the same path end")
            seen[pid] = i
    fresh = tuple(_bool(v, "fresh") for v in d["fresh"])
    if any(f and m is not None and m[0] == "at" for f, m in zip(fresh, monks)):
        raise MalformedInputError("a monk that has moved is no longer on its first move (fresh)")
    trails = []
    for i, tr in enumerate(d["trails"]):
        _list(tr, f"player {i + 1}'s trail", cells * 4)
        pieces = []
        for seg in tr:
            if not isinstance(seg, list) or len(seg) != 4:
                raise MalformedInputError(f"a trail piece is [x, y, end, end], not {_short(seg)}")
            x, y = _int(seg[0], "a trail's x", 0, SIZE - 1), _int(seg[1], "a trail's y", 0, SIZE - 1)
            a, b = _int(seg[2], "a trail's end", 0, 7), _int(seg[3], "a trail's end", 0, 7)
            cell = board[y * SIZE + x]
            if a >= b or cell is None or comps.tile(cell[0]).links(cell[1])[a] != b:
                raise MalformedInputError(f"player {i + 1}'s trail runs along a path that is not on the board "
                                          f"({space_name(x, y)})")
            pieces.append((x, y, a, b))
        if pieces != sorted(set(pieces)):
            raise MalformedInputError("a trail lists each path piece once, in order")
        if pieces and monks[i] is None:
            raise MalformedInputError(f"player {i + 1}'s monk is off the board but has a trail")
        trails.append(tuple(pieces))
    tanuki = []
    for i, t in enumerate(d["tanuki"]):
        if t is None:
            tanuki.append(None)
            continue
        sp = _space(t, f"the {TANUKI[i]} Tanuki")
        if sp in rocks:
            raise MalformedInputError(f"the {TANUKI[i]} Tanuki stands on a rock garden")
        tanuki.append(sp)
    # ----- tiles ------------------------------------------------------------------------------------
    hidden = _players_list(d["hidden"], "hidden", n)
    if hidden and rng is not None:
        raise MalformedInputError("a player's view (with hidden hands) never holds the draw order")
    hands = tuple(_tiles(h, f"player {i + 1}'s hand", comps, allow_hidden=i in hidden) for i, h in enumerate(d["hands"]))
    big = [i + 1 for i, h in enumerate(hands) if len(h) > comps.hand]
    if big:
        raise MalformedInputError(f"a hand holds at most {comps.hand} tiles (player{'s' if len(big) > 1 else ''} "
                                  f"{_named(big)})")
    if any(len(set(h)) != len(h) for i, h in enumerate(hands) if i not in hidden):
        raise MalformedInputError("a tile is in a hand twice")
    pile = _tiles(d["pile"], "the draw pile", comps)
    discard = _tiles(d["discard"], "the discard pile", comps)
    unseen = _int(d["unseen"], "unseen", 0, ntiles)
    zeros = sum(h.count(0) for h in hands)
    if zeros != unseen or any(t for i in hidden for t in hands[i]):
        raise MalformedInputError("face-down tiles (0) belong to the hidden hands of a player's view, and 'unseen' "
                                  "counts them")
    everywhere = Counter(pile) + Counter(discard) + Counter(t for h in hands for t in h if t)
    everywhere += Counter(cell[0] for cell in board if cell is not None)
    want = Counter(comps.tile_ids)
    if everywhere != want:
        twice = sorted((everywhere - want).keys())
        lost = sorted((want - everywhere).keys())
        what = (f"tile{'s' if len(twice) > 1 else ''} {_named(twice)} in two places" if twice
                else f"tile{'s' if len(lost) > 1 else ''} {_named(lost)} nowhere")
        raise MalformedInputError(f"the tiles do not add up ({what}): each is in exactly one place, the draw pile, "
                                  "a hand, the board or the discards")
    # ----- Shiitake and score lines -------------------------------------------------------------------
    shiitake = tuple(_int(v, f"player {i + 1}'s Shiitake", 0, comps.supply) for i, v in enumerate(d["shiitake"]))
    supply = _int(d["supply"], "supply", 0, comps.supply)
    total = supply + sum(shiitake) + sum(stash)
    if total != comps.supply:
        raise MalformedInputError(f"the Shiitake do not add up: supply {supply} + players {sum(shiitake)} + stashes "
                                  f"{sum(stash)} = {total}, but the game has {comps.supply}")
    # ----- Garden Master ----------------------------------------------------------------------------
    unseen_cards = _int(d["unseen_cards"], "unseen_cards", 0, 100)
    cards = tuple(_cards(c, f"player {i + 1}'s cards", 5, allow_hidden=i in hidden) for i, c in enumerate(d["cards"]))
    deck = _cards(d["deck"], "the deck", ndeck)
    card_discard = _cards(d["card_discard"], "the card discards", ndeck)
    traps = []
    for t in _list(d["traps"], "traps", comps.traps):
        if not isinstance(t, list) or len(t) != 3:
            raise MalformedInputError(f"a trap is [x, y, owner], not {_short(t)}")
        traps.append((*_space(t[:2], "a trap"), _player(t[2], "a trap's owner", n)))
    if traps != sorted(traps) or len({(x, y) for x, y, _o in traps}) != len(traps):
        raise MalformedInputError("traps lists each trap once, in order, one per space")
    if any((x, y) in rocks for x, y, _o in traps):
        raise MalformedInputError("a trap never lies on a rock garden")
    cardstack = []
    for entry in _list(d["cardstack"], "cardstack", n + 1):
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str) or len(entry[1]) > 100:
            raise MalformedInputError(f"a card being played is [player, its notation], not {_short(entry)}")
        try:
            a = parse(entry[1])
        except MalformedInputError:
            raise MalformedInputError(f"a card being played is not a card play: {_short(entry[1])}") from None
        if card_kind(a) is None:
            raise MalformedInputError(f"a card being played is not a card play: {_short(entry[1])}")
        cardstack.append((_player(entry[0], "a card's player", n), str(a)))
    stack_kinds = [card_kind(parse(text)) for _p, text in cardstack]
    if any(k != "offense" for k in stack_kinds[1:]):
        raise MalformedInputError("only The Best Offense answers a card being played")
    hidden_cards = sum(c.count(HIDDEN_CARD) for c in cards)
    if hidden_cards != unseen_cards or any(k != HIDDEN_CARD for i in hidden for k in cards[i]):
        raise MalformedInputError("face-down cards belong to the hidden hands of a player's view, and 'unseen_cards' "
                                  "counts them")
    if gm:
        all_cards = Counter(deck) + Counter(card_discard) + Counter(stack_kinds) + Counter(k for c in cards for k in c
                                                                                           if k != HIDDEN_CARD)
        all_cards["trap"] += len(traps)
        if all_cards != Counter(comps.deck()):
            raise MalformedInputError("the Garden Master cards do not add up: each is in exactly one place (the deck, "
                                      "the discards, a hand, a trap on the board, or being played)")
    elif deck or card_discard or any(cards) or traps or rocks or cardstack:
        raise MalformedInputError("without Garden Master there are no cards, traps or rock gardens")
    # ----- the turn in progress -----------------------------------------------------------------------
    dice = None if d["dice"] is None else _dice(d["dice"], "dice")
    dice2 = None if d["dice2"] is None else _dice(d["dice2"], "dice2")
    tqueue = tuple(_list(d["tqueue"], "tqueue", 2))
    if any(t not in ("blue", "gold", "gold*") for t in tqueue) or len(set(x.rstrip("*") for x in tqueue)) != len(tqueue):
        raise MalformedInputError("tqueue lists the Tanuki still to move this roll: blue, gold (gold* after a "
                                  "second roll)")
    tmove = None
    if d["tmove"] is not None:
        tm = _list(d["tmove"], "tmove", 5, 5)
        if tm[0] not in TANUKI:
            raise MalformedInputError("tmove names the blue or the gold Tanuki")
        tmove = (tm[0], _int(tm[1], "tmove's side", 0, 4), _int(tm[2], "tmove's spaces left", 1, 3),
                 _player(tm[3], "tmove's mover", n), _bool(tm[4], "tmove's harmless"))
        if tanuki[TANUKI.index(tm[0])] is None:
            raise MalformedInputError(f"the {tm[0]} Tanuki is walking but is off the board")
    event = None
    if d["event"] is not None:
        ev = _list(d["event"], "event", 4, 4)
        if ev[0] not in TANUKI or ev[3] not in ("pass", "land"):
            raise MalformedInputError("event is [tanuki, x, y, 'pass' or 'land']")
        x, y = _space(ev[1:3], "event's space")
        event = (ev[0], x, y, ev[3])
    off_count = _int(d["off_count"], "off_count", 0, 2)
    mover = _player(d["mover"], "mover", n)
    resume = d["resume"]
    if resume not in ("tile", "pre"):
        raise MalformedInputError("resume is 'tile' or 'pre'")
    flags = tuple(_list(d["flags"], "flags", len(FLAGS)))
    if any(f not in FLAGS for f in flags) or list(flags) != sorted(set(flags)):
        raise MalformedInputError(f"flags lists card effects of this turn, each once, in order: {', '.join(FLAGS)}")
    if flags and not gm:
        raise MalformedInputError("card effects need the Garden Master expansion")
    pending = []
    for entry in _list(d["pending"], "pending", 3 * n + 2):
        if not isinstance(entry, list) or len(entry) != 3 or entry[1] not in PENDING_KINDS:
            raise MalformedInputError(f"a decision waiting is [player, kind, data] with a kind among "
                                      f"{', '.join(PENDING_KINDS)}, not {_short(entry)}")
        p, kind, data = _player(entry[0], "a deciding player", n), entry[1], entry[2]
        if kind in ("direction", "react"):
            if data not in TANUKI:
                raise MalformedInputError(f"a {kind} decision names the blue or the gold Tanuki")
        elif kind == "clear":
            data = _int(data, "the tiles still to clear", 1, 3)
        elif data is not None:
            raise MalformedInputError(f"a {kind} decision carries no data")
        if kind in ("react", "counter", "clear") and not gm:
            raise MalformedInputError("card decisions need the Garden Master expansion")
        pending.append((p, kind, data))
    tiebreak = tuple(_list(d["tiebreak"], "tiebreak", n))
    tiebreak = tuple(_player(x, "a tie-break player", n) for x in tiebreak)
    if len(set(tiebreak)) != len(tiebreak):
        raise MalformedInputError("tiebreak lists players each once")
    over = d["over"]
    if over is not None and (not isinstance(over, str) or len(over) > 1000):
        raise MalformedInputError("over is null or a short text saying why the game ended")
    if (stage == "over") != (over is not None):
        raise MalformedInputError("'over' says why the game ended, exactly when the stage is over")
    winners = _players_list(d["winners"], "winners", n)
    if (stage == "over") != bool(winners):
        raise MalformedInputError("the winners are named exactly when the game is over")
    raw_lines = [[_line(x, f"player {i + 1}'s", k) for k, x in enumerate(ls)] for i, ls in enumerate(d["lines"])]
    ashi_others = _players_list(d.get("ashi_others", []), "ashi_others", n)
    if active in ashi_others:
        raise MalformedInputError("ashi_others lists the other players whose monks met an Ashi-magari this turn, "
                                  "not the active player")
    s = TanukiState(
        players=n, rng=rng, stage=stage, active=active, turn=turn, board=tuple(board), stash=stash,
        monks=tuple(monks), fresh=fresh, trails=tuple(trails), tanuki=tuple(tanuki), hands=hands, pile=pile,
        discard=discard, shiitake=shiitake, supply=supply, lines=tuple(tuple(ls) for ls in raw_lines), dice=dice,
        dice2=dice2, tqueue=tqueue, tmove=tmove, event=event, off_count=off_count, mover=mover, resume=resume,
        ashi_met=_bool(d["ashi_met"], "ashi_met"), ashi_others=ashi_others, tiles_left=_int(d["tiles_left"], "tiles_left", 0, 2),
        empty_start=_bool(d["empty_start"], "empty_start"), flags=flags,
        robbed=_players_list(d["robbed"], "robbed", n), played=_players_list(d["played"], "played", n),
        pending=tuple(pending), cardstack=tuple(cardstack), deck=deck, card_discard=card_discard, cards=cards,
        traps=tuple(traps), rocks=rocks, tiebreak=tiebreak, tb_round=_int(d["tb_round"], "tb_round", 0,
                                                                            MAX_TIEBREAK_ROUNDS),
        over=over, winners=winners, short=short, garden_master=gm, edge=edge, start_player=start_player,
        components=comps, hidden=hidden, unseen=unseen, unseen_cards=unseen_cards,
    )
    for i in range(n):
        total = sum(line.points for line in s.lines[i])
        if total != s.scores[i]:
            raise MalformedInputError(f"player {i + 1}'s score lines add up to {total}, but they hold {s.scores[i]} "
                                      "(Shiitake and cards)")
    _check_flow(rules, s)
    return s


def _dice(v, what: str) -> tuple[int, int]:
    _list(v, what, 2, 2)
    return _int(v[0], f"{what}: blue", 1, 6), _int(v[1], f"{what}: gold", 1, 6)


def _check_flow(rules, s: TanukiState) -> None:
    """What the turn in progress needs for play to go on, and no more than play makes."""
    if s.stage in ("deal", "place", "setup"):
        if s.turn != 0 or any(t is not None for t in s.board) or any(s.shiitake):
            raise MalformedInputError(f"while setting up ({s.stage}) no turn has been played: turn 0, an empty board, "
                                      "no Shiitake")
        if s.stage != "setup" and any(m is not None for m in s.monks):
            raise MalformedInputError("monks take their start places once the tiles are dealt and the Tanuki placed")
    elif s.turn == 0:
        raise MalformedInputError(f"the stage {s.stage} comes after set-up: turn 1 or later")
    if s.tiebreak and s.stage != "over" and s.active != s.tiebreak[0]:
        raise MalformedInputError("in the tie-break the active player is the first of the players still to play")
    if s.stage != "over" and s.tb_round and not s.tiebreak:
        raise MalformedInputError("tie-break rounds are played only while players are tied at the end")
    p0 = s.pending[0] if s.pending else None
    for p, kind, data in s.pending:
        if kind == "restart" and s.monks[p] is not None:
            raise MalformedInputError(f"player {p + 1} is asked where to start again, but their monk is on the board")
        if kind == "discard" and not s.hands[p]:
            raise MalformedInputError(f"player {p + 1} is asked to discard but holds no tile")
        if kind == "direction" and (s.tmove is None or s.tmove[0] != data or s.tmove[1] != 0 or p != s.active):
            raise MalformedInputError("the direction of a Tanuki is chosen by the roller while that Tanuki waits to walk")
        if kind == "react" and (s.event is None or s.event[0] != data):
            raise MalformedInputError("a Tanuki Repellant answers a Tanuki about to reach a monk: there is none")
        if kind == "counter" and not s.cardstack:
            raise MalformedInputError("The Best Offense answers a card being played: there is none")
    if s.tmove is not None and s.tmove[1] == 0 and not (p0 and p0[1] == "direction"):
        raise MalformedInputError("a Tanuki waits for its direction, but nobody is asked to choose it")
    if s.cardstack and any(kind != "counter" for _p, kind, _d in s.pending[:1]) and s.pending:
        if s.pending[0][1] != "counter":
            raise MalformedInputError("while a card is being played only The Best Offense may answer")
    if (s.tmove is not None or s.event is not None) and s.stage != "tanuki":
        raise MalformedInputError(f"a Tanuki is moving, but the stage is {s.stage}")
    if s.tqueue and s.stage not in ("tanuki", "roll2", "place"):
        raise MalformedInputError(f"Tanuki wait to move or be placed, but the stage is {s.stage}")
    if s.stage == "place" and (s.dice is not None or "gold*" in s.tqueue):
        raise MalformedInputError("at set-up each Tanuki is placed by a roll of its own")
    if s.tqueue and s.stage != "place" and s.dice is None:
        raise MalformedInputError("Tanuki move by this turn's dice, but none were rolled")
    if s.stage == "roll2" and not (s.tqueue and s.tqueue[0] == "gold*" and s.tanuki[1] is None):
        raise MalformedInputError("a second roll places the gold Tanuki when both were off the board")
    if s.event is not None and s.tanuki[TANUKI.index(s.event[0])] != (s.event[1], s.event[2]):
        raise MalformedInputError("the Tanuki about to reach monks is not on that space")
    if s.stage == "deal" and len({len(h) for h in s.hands}) > 2:
        raise MalformedInputError("tiles are dealt round the table one at a time")
    # a save stops where play stops: the game carries on by itself from nowhere else
    w = Work(s)
    try:
        w.run()
    except MalformedInputError:
        raise
    except Exception as e:  # noqa: BLE001 - a contradiction this check did not name
        raise MalformedInputError(f"play cannot go on from this state ({type(e).__name__}: {str(e)[:120]})") from None
    if w.freeze() != s:
        raise MalformedInputError(f"this is not a state where play waits for a decision or a draw: at stage "
                                  f"{s.stage} the game would go on by itself")
    if s.rng is not None and not s.hidden and s.stage != "over":
        rules.check_playable(s)
