"""Reading a saved Tang Garden game back: every field checked, and states play cannot reach refused.

Besides each field's type and range, the save must be consistent: every garden tile, decoration
card, character and landscape tile in exactly one place; decorations in the garden matching the
cards kept, never more than the supply, each on an area of its kind of its tile; every placed
tile touching the garden with its edges matching (or a wall or temple excusing it); landscape
tokens and inserted tiles agreeing; tracks within the board and the character levels reached
agreeing with them; coins the sum of their lines; the turn's steps in an order play reaches.
"""
from __future__ import annotations

import types
from collections import Counter

from ...core import Line, MalformedInputError, Rng
from ...core.checks import flag, whole
from ...core.rng import _short
from .actions import FACINGS, WHERE, Build
from .components import ELEMENTS, load_components, parse_components
from .board import SIDES, SIZE, SIZES, SLOTS, START, STEP
from .queries import build_refusal, spots
from .state import HIDDEN, TangGardenState

TASKS = ("flip", "draw", "deal", "reveal", "blind", "slot", "show", "first", "pair", "lay", "start2")
PENDING = ("footpath", "landscape", "keep", "advance", "token", "place", "start", "skeep", "neutral", "final")
STEPS = ("main", "build2", "after", "built", "kept")


def _bad(msg):
    raise MalformedInputError(f"not a valid saved Tang Garden game: {msg}")


def _list(v, what, n=None):
    if not isinstance(v, list) or (n is not None and len(v) != n):
        _bad(f"{what} must be a list" + (f" of {n}" if n is not None else ""))
    return v


def _str(v, what, allowed=None):
    if not isinstance(v, str) or (allowed is not None and v not in allowed):
        _bad(f"{what} must be " + (f"one of {', '.join(map(str, allowed))[:120]}" if allowed else "a text")
             + f", not {str(v)[:30]!r}")
    return v


def state_from_dict(rules, d) -> TangGardenState:
    version = d.get("version")
    if type(version) is not int or version != 1:  # the one format there is (True or 1.0 are no version)
        raise MalformedInputError(f"unknown save version {_short(version)} (this gardenkit reads version 1)")
    n = whole(d.get("players"), "players", 1, 4)
    opts = d.get("options")
    if not isinstance(opts, dict) or set(opts) != {"start_side", "solo"}:
        _bad("options must be an object with start_side and solo")
    solo = flag(opts["solo"], "solo")
    if solo != (n == 1):
        _bad("the solo game is the one-player game")
    if "components" in d:
        comps = parse_components(d["components"])
    else:
        from .components import default_components
        comps = default_components()
    side = _str(opts["start_side"], "start_side", tuple(comps.start_sides))
    rng = None if d.get("rng") is None else Rng.from_dict(d["rng"])

    def tid(v, what):
        if not comps.has_tile(v):
            _bad(f"{what}: {str(v)[:20]} is no garden tile")
        return v

    board = []
    for i, t in enumerate(_list(d["board"], "board", SIZE * SIZE)):
        if t is None:
            board.append(None)
            continue
        t = _list(t, "a board entry", 2)
        if (i % SIZE, i // SIZE) in START:
            _bad("no garden tile lies on the starting tile")
        rot = t[1]
        if rot not in (0, 90, 180, 270) or isinstance(rot, bool):
            _bad("a tile turns 0, 90, 180 or 270")
        board.append((tid(t[0], "board"), rot))
    piles = tuple(tuple(tid(x, "pile") for x in _list(p, "a pile")) for p in _list(d["piles"], "piles", 4))
    tops = tuple(0 if x == 0 else tid(x, "a top") for x in _list(d["tops"], "tops", 4))
    under = tuple(tuple(tid(x, "under") for x in _list(u, "under")) for u in _list(d.get("under"), "under", 4))
    where = [t[0] for t in board if t] + [x for p in piles for x in p] + [x for x in tops if x] + [x for u in under
                                                                                                  for x in u]
    where += list(d.get("display", [])) if isinstance(d.get("display", []), list) else []
    if sorted(where) != sorted(t.id for t in comps.tiles):
        _bad("every garden tile must be in exactly one place (garden, stack top, pile)")
    for k in range(4):
        if any(comps.tile(x).stack != ("greenery", "water", "rock", "mixed")[k] for x in piles[k] + under[k]
               + ((tops[k],) if tops[k] else ())):
            _bad(f"stack {k + 1} holds a tile of another back")
        if list(piles[k]) != sorted(piles[k]):
            _bad("a pile's unseen tiles are kept sorted (their order is the generator's)")
    # the garden: each tile touches it and fits (build_refusal reads the board, the components and the
    # start side of the position it is given, and the tops only from its argument: one probe whose board
    # loses each tile in turn, rather than a new state per tile, which cost a sweep a sixth of its time)
    probe = types.SimpleNamespace(board=list(board), components=comps, start_side=side)
    placed_cells = [(i % SIZE, i // SIZE) for i, t in enumerate(board) if t]
    grown = set(START)
    left = set(placed_cells)
    while left:
        step = {c for c in left if any((c[0] + dx, c[1] + dy) in grown for dx, dy in STEP)}
        if not step:
            _bad("a garden tile does not touch the garden")
        grown |= step
        left -= step
    for x, y in placed_cells:
        t = board[y * SIZE + x]
        probe.board[y * SIZE + x] = None
        why = build_refusal(probe, Build(t[0], x, y, t[1]), [t[0]])
        probe.board[y * SIZE + x] = t
        if why is not None:
            _bad(f"the tile on {x},{y} does not fit: {why.text}")
    # decoration cards
    def card(v, what):
        if not isinstance(v, str) or not comps.has_card(v):
            if v == HIDDEN and what == "drawn":
                return v
            _bad(f"{what}: {str(v)[:30]!r} is no decoration card")
        return v

    deck = tuple(card(c, "deck") for c in _list(d["deck"], "deck"))
    if list(deck) != sorted(deck):
        _bad("the deck is kept sorted (its order is the generator's)")
    discard = tuple(card(c, "discard") for c in _list(d["discard"], "discard"))
    drawn = tuple(card(c, "drawn") for c in _list(d["drawn"], "drawn"))
    cards = tuple(tuple(card(c, "a player's cards") for c in _list(cs, "cards")) for cs in _list(d["cards"], "cards", n))
    unseen = whole(d.get("unseen", 0), "unseen", 0, 54)
    if unseen != sum(1 for c in drawn if c == HIDDEN):
        _bad("unseen counts the face-down drawn cards")
    real = Counter(deck) + Counter(discard) + Counter(c for c in drawn if c != HIDDEN) + Counter(
        c for cs in cards for c in cs) + Counter(c for c in d.get("pairs", []) if isinstance(c, str) and c)
    if unseen:
        real = Counter(deck) + Counter(discard) + Counter(c for cs in cards for c in cs)
    if real != Counter(comps.deck()):
        _bad("every decoration card must be in exactly one place (deck, discards, drawn, kept)")
    decos = []
    for e in _list(d["decos"], "decos"):
        x, y, area, kind = _list(e, "a decoration", 4)
        x, y = whole(x, "x", 0, 7), whole(y, "y", 0, 7)
        t = board[y * SIZE + x]
        if t is None or area not in comps.tile(t[0]).areas:
            _bad(f"a decoration lies on {x},{y} where no {str(area)[:20]} area is")
        if kind not in comps.decorations or next(c for c in comps.cards if c.kind == kind).area != area:
            _bad(f"a {str(kind)[:20]} decoration does not go on a {area} area")
        decos.append((x, y, area, kind))
    if len({(x, y, a) for x, y, a, _ in decos}) != len(decos):
        _bad("one decoration an area")
    boxed = tuple(_str(k, "a boxed decoration", tuple(comps.decorations)) for k in _list(d.get("boxed", []), "boxed"))
    if not solo and Counter(k for *_, k in decos) != Counter(c.split("/")[0] for cs in cards for c in cs):
        _bad("the decorations in the garden are those of the cards kept")
    if solo and any(cards):
        _bad("the solo game keeps no cards")
    if any((Counter(k for *_, k in decos) + Counter(boxed))[k] > v for k, v in comps.decorations.items()):
        _bad("more decorations of a kind than the supply holds")
    # tracks, lines, lanterns, tokens
    tracks = tuple(tuple(whole(v, "a track", 0, comps.levels) for v in _list(t, "a track", 3))
                   for t in _list(d["tracks"], "tracks", n))
    lines = tuple(tuple(Line.from_dict(x) for x in _list(ls, "lines")) for ls in _list(d["lines"], "lines", n))
    if any(not line.rule.startswith("tang_garden.") or line.rule not in rules.info.rules for ls in lines for line in ls):
        _bad("a score line cites an unknown rule")
    lanterns = tuple(tuple(flag(v, "a lantern") for v in _list(x, "lanterns", 4)) for x in _list(d["lanterns"], "lanterns", n))
    held = tuple(tuple(whole(v, "tokens held", 0, 8) for v in _list(x, "held", 2)) for x in _list(d["held"], "held", n))
    spent = tuple(tuple(whole(v, "tokens spent", 0, 8) for v in _list(x, "spent", 2)) for x in _list(d["spent"], "spent", n))
    board_tokens = []
    for e in _list(d["board_tokens"], "board_tokens"):
        x, y, size = _list(e, "a token", 3)
        board_tokens.append((whole(x, "x", 0, 7), whole(y, "y", 0, 7), _str(size, "a token size", SIZES)))
    layout = set(comps.tokens["two" if n == 2 else "multi"]) if not solo else set(board_tokens)
    if not set(board_tokens) <= layout or list(board_tokens) != sorted(board_tokens):
        _bad("landscape tokens lie on their set-up spaces, listed in order")
    if any(board[y * SIZE + x] for x, y, _ in board_tokens):
        _bad("a tile covers a landscape token that is still on the board")
    if solo:
        layout = {(x, y) for x, y, _ in comps.tokens["solo"]}
        if not {(x, y) for x, y, _ in board_tokens} <= layout:
            _bad("solo landscape tokens lie on the solo token spaces")
    laying = any(isinstance(x, list) and x and x[0] in ("lay", "start2") for x in _list(d["todo"], "todo")) or any(
        isinstance(x, list) and x and x[0] == "start" for x in _list(d["pending"], "pending"))
    for i, size in enumerate(SIZES):
        count = sum(h[i] + sp[i] for h, sp in zip(held, spent)) + sum(1 for t in board_tokens if t[2] == size)
        total = 4 if solo else 8
        if count > total or (count != total and not (solo and laying)):
            _bad(f"the {total} {size} landscape tokens are not all accounted for")
    # landscapes
    def land(v, what):
        if not comps.has_landscape(v):
            _bad(f"{what}: {str(v)[:20]!r} is no landscape tile")
        return v

    land_piles = tuple(tuple(land(v, "landscape pile") for v in _list(p, "a pile")) for p in _list(d["land_piles"], "land_piles", 2))
    land_shown = tuple(tuple(land(v, "landscape display") for v in _list(p, "shown")) for p in _list(d["land_shown"], "land_shown", 2))
    slots = []
    for e in _list(d["slots"], "slots"):
        sd, slot, lid = _list(e, "a slot", 3)
        sd = _str(sd, "a side", SIDES)
        lid = land(lid, "a slot")
        if slot not in SLOTS[comps.landscape(lid).size]:
            _bad(f"landscape {lid} is in a slot of the other size")
        slots.append((sd, slot, lid))
    if len({(a, b) for a, b, _ in slots}) != len(slots) or slots != sorted(slots):
        _bad("one landscape tile a slot, listed in order")
    alll = [x for p in land_piles for x in p] + [x for p in land_shown for x in p] + [c for *_, c in slots]
    if sorted(alll) != sorted(t.id for t in comps.landscapes):
        _bad("every landscape tile must be in exactly one place")
    for i, size in enumerate(SIZES):
        if any(comps.landscape(x).size != size for x in land_piles[i] + land_shown[i]):
            _bad("a landscape pile or display holds a tile of the other size")
        if len(land_shown[i]) > 2:
            _bad("two landscape tiles of each size are on view")
    # characters
    def char(v, what):
        if not comps.has_character(v):
            _bad(f"{what}: {str(v)[:20]!r} is no character")
        return v

    char_deck = tuple(char(c, "character deck") for c in _list(d["char_deck"], "char_deck"))
    char_shown = tuple(char(c, "revealed") for c in _list(d["char_shown"], "char_shown"))
    own = tuple("" if c == "" else char(c, "a player's character") for c in _list(d["own"], "own", n))
    placed = []
    for e in _list(d["placed"], "placed"):
        c, owner, x, y, w, f = _list(e, "a placed character", 6)
        placed.append((char(c, "placed"), whole(owner, "owner", -1 if solo else 0, n - 1), whole(x, "x", 0, 7),
                       whole(y, "y", 0, 7),
                       _str(w, "a spot", WHERE), _str(f, "a facing", FACINGS)))
    if placed != sorted(placed):
        _bad("placed characters are listed in order")
    pending = tuple(tuple(_list(p, "a pending decision")) for p in _list(d["pending"], "pending"))
    in_pending = [p[1] for p in pending if p and p[0] == "place"]
    team = tuple(char(c, "team") for c in _list(d.get("team", []), "team"))
    aside = tuple(char(c, "aside") for c in _list(d.get("aside", []), "aside"))
    if solo:
        # the cards in front of you (the team, the starting one first and on your card) stand only after a
        # win; the neutral figures stand or wait aside
        if own[0] not in (team[:1] or ("",)) or any(q[1] == 0 and q[0] not in team for q in placed):
            _bad("the solo player's characters are the team, the starting one first")
        allc = list(char_deck) + list(char_shown) + list(team) + list(aside) + [q[0] for q in placed if q[1] == -1]
    else:
        allc = list(char_deck) + list(char_shown) + [c for c in own if c] + [p[0] for p in placed] + in_pending
    if len(allc) != len(set(allc)) or not set(allc) <= {c.id for c in comps.characters}:
        _bad("every character must be in one place at most")
    sp = set(spots(types.SimpleNamespace(board=board, components=comps, decos=decos)))  # what spots reads
    if any((x, y, w) not in sp for _, _, x, y, w, _ in placed) or len({p[2:5] for p in placed}) != len(placed):
        _bad("a character stands where no free character spot is")
    reached = tuple(whole(v, "reached", 0, len(comps.thresholds)) for v in _list(d["reached"], "reached", n))
    for p in range(n):
        if reached[p] != sum(1 for t in comps.thresholds if min(tracks[p]) >= t):
            _bad(f"player {p + 1}'s character levels do not agree with their cubes")
    ctoken = tuple(flag(v, "a character token") for v in _list(d["ctoken"], "ctoken", n))
    todo = tuple(tuple(_list(t, "a chance step")) for t in _list(d["todo"], "todo"))
    for t in todo:
        if not t or t[0] not in TASKS:
            _bad("an unknown chance step")
    for p in pending:
        if not p or p[0] not in PENDING:
            _bad("an unknown decision")
    step = _str(d["step"], "step", STEPS)
    active = whole(d["active"], "active", 0, n - 1)
    first = whole(d["first"], "first", 0, n - 1)
    over = flag(d["over"], "over")
    winners = tuple(whole(v, "a winner", 0, n - 1) for v in _list(d["winners"], "winners"))
    result = _str(d.get("result", ""), "result", ("", "victory", "defeat"))
    if solo:
        if over != bool(result) and not (result == "victory" and pending) or (over and (todo or pending)):
            _bad("a finished solo game says how it ended and waits for nothing")
    elif over != bool(winners) or (over and (todo or pending)):
        _bad("a finished game names its winners and waits for nothing")
    if drawn and step != "kept" and not any(p[0] == "keep" for p in pending) and not any(t[0] == "draw" for t in todo):
        _bad("cards are drawn only while a card is to be kept")
    s = TangGardenState(
        players=n, rng=rng, board=tuple(board), piles=piles, tops=tops, decos=tuple(decos), deck=deck,
        discard=discard, drawn=drawn, cards=cards, tracks=tracks, lines=lines, lanterns=lanterns, held=held,
        spent=spent, board_tokens=tuple(board_tokens), land_piles=land_piles, land_shown=land_shown,
        slots=tuple(slots), char_deck=char_deck, char_shown=char_shown, own=own, placed=tuple(placed),
        reached=reached, ctoken=ctoken, todo=todo, pending=pending, step=step, active=active, first=first,
        turn=whole(d["turn"], "turn", 0, 10_000), right=flag(d["right"], "right"),
        lantern_used=flag(d["lantern_used"], "lantern_used"),
        lantern_mode=_str(d["lantern_mode"], "lantern_mode", ("", "tile_only", "display") if solo else ("", "build2", "decorate2")),
        builds=whole(d["builds"], "builds", 0, 2), keeps=whole(d["keeps"], "keeps", 0, 2),
        influenced=flag(d["influenced"], "influenced"), acted=flag(d["acted"], "acted"),
        merchant_used=flag(d["merchant_used"], "merchant_used"),
        turn_tops=tuple(tid(x, "turn_tops") for x in _list(d["turn_tops"], "turn_tops")), under=under,
        moved=tuple(_str(e, "moved", ELEMENTS) for e in _list(d.get("moved"), "moved")),
        ending=flag(d["ending"], "ending"), over=over, winners=winners, start_side=side, components=comps,
        unseen=unseen, solo=solo, team=team, aside=aside, result=result, boxed=boxed,
        pairs=tuple("" if c == "" else card(c, "a pair") for c in _list(d.get("pairs", []), "pairs", 4 if solo else 0)),
        display=tuple(tid(x, "display") for x in _list(d.get("display", []), "display")),
        corner=whole(d.get("corner", -1), "corner", -1, 3))
    _check_turn(s)
    if not over and not todo and step in ("built", "kept") and not pending:
        _bad("a move was left half done")
    if "components" in d:
        pass
    return s


def _check_turn(s) -> None:
    """The turn's bookkeeping must be one play reaches."""
    comps = s.components
    if s.lantern_mode and not s.lantern_used:
        _bad("a lantern's effect is on though no lantern was used")
    for t in s.todo:
        shape = {"flip": 2, "draw": 1, "deal": 2, "reveal": 1, "blind": 1, "slot": 2, "show": 2, "first": 1,
                 "pair": 2, "lay": 2, "start2": 1}[t[0]]
        if len(t) != shape:
            _bad(f"a malformed chance step {list(t)[:3]}")
        if t[0] == "flip" and (t[1] not in range(4) or isinstance(t[1], bool) or s.tops[t[1]]
                               or not (s.piles[t[1]] or s.under[t[1]])):
            _bad("a flip waits for a stack with no face-down top")
        if t[0] == "deal" and (t[1] not in range(s.players) or isinstance(t[1], bool) or s.own[t[1]]):
            _bad("a deal waits for a player who has a character")
        if t[0] == "slot" and t[1] not in SIDES or t[0] == "show" and t[1] not in SIZES:
            _bad("a landscape step names no side or size")
    draws = sum(1 for t in s.todo if t[0] in ("draw", "pair"))
    if draws > len(s.deck) + len(s.discard):  # a draw that finds the deck empty takes the shuffled discards
        _bad("more draws wait than the deck and the discards hold")
    if sum(1 for t in s.todo if t[0] in ("reveal", "blind")) > len(s.char_deck):
        _bad("more characters wait to be revealed than the deck holds")
    for size in SIZES:
        i = SIZES.index(size)
        want = sum(1 for t in s.todo if (t[0] == "show" and t[1] == size) or (t[0] == "slot" and size == "small"))
        if want > len(s.land_piles[i]):
            _bad(f"more {size} landscape tiles wait to turn up than the pile holds")
    for p in s.pending:
        shape = {"footpath": 2, "landscape": 2, "keep": 1, "advance": 1, "token": 1, "place": 2, "start": 1,
                 "skeep": 2, "neutral": 2, "final": 2}[p[0]]
        if len(p) != shape:
            _bad(f"a malformed decision {list(p)[:3]}")
        if p[0] == "footpath" and (isinstance(p[1], bool) or p[1] not in (2, 3, 4)):
            _bad("a footpath choice is for two to four footpaths")
        if p[0] == "landscape" and p[1] not in SIZES:
            _bad("a landscape decision names its size")
        if p[0] == "skeep" and (p[1] not in range(4) or isinstance(p[1], bool) or not s.pairs[p[1]]):
            _bad("a pair's card to place names no corner with a card")
        if p[0] in ("place", "neutral", "final") and not comps.has_character(p[1]):
            _bad("a character to place is no character")
    finals = [p[1] for p in s.pending if p[0] == "final"]
    if finals:
        standing = {c[0] for c in s.placed}
        if (not s.solo or s.result != "victory" or len(finals) != len(s.pending) or len(set(finals)) != len(finals)
                or not set(finals) <= set(s.team) - standing):
            _bad("characters wait to stand for the final scoring only after a solo win, each of yours once")
    elif len(s.pending) > 3:  # a build's footpath and landscape, a card's bonus, a token's landscape
        _bad("too many decisions waiting")
    setting_up = any(t[0] in ("deal", "first", "slot", "start2", "lay", "pair") for t in s.todo) or any(
        p[0] == "start" for p in s.pending)
    if not setting_up:
        if s.turn < 1 or any(not c for c in s.own):
            _bad("after set-up every player has a character on their card and the turns are counted")
    if s.step == "main" and (s.builds or s.keeps or s.influenced or s.right):
        _bad("nothing is built, kept or influenced before the main action")
    if s.step == "build2" and (s.lantern_mode != "build2" or s.builds != 1):
        _bad("a second build waits only after one build with the build lantern")
    if s.influenced and s.step != "after":
        _bad("influence comes after the main action")
    if s.builds and s.keeps:
        _bad("a turn builds or decorates, not both")
    for p in range(s.players):
        if s.ctoken[p] and not s.reached[p]:
            _bad(f"player {p + 1} holds a character token without having reached a character level")
        if s.solo:
            continue
        used = sum(1 for c in s.placed if c[1] == p) + s.ctoken[p] + (p == s.active and (s.right or any(
            d[0] == "place" for d in s.pending) or any(t[0] == "blind" for t in s.todo)))
        if used > s.reached[p]:
            _bad(f"player {p + 1} has more characters standing, held as tokens or being influenced than "
                 "character levels reached")
        if s.scores[p] < 0:
            _bad(f"player {p + 1} has fewer than no coins")
    if any(s.placed) and not s.turn:
        _bad("no character stands in the garden before play starts")


__all__ = ["state_from_dict", "load_components"]
