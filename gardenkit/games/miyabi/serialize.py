"""Reading a saved Miyabi game back, checking every field (a hand-edited save gets a clear error).

A save that loads is a game that can go on: sizes are checked before contents (a garden of
20 000 pieces is refused at once, naming its size), each field is checked on its own, then
against the others (the box must still hold the tiles the rounds to come will draw, the
frogs, the Zen tiles and the lanterns must be where play can put them, score lines must be
points the rules can give). A refusal names at most a few offending items.

>>> import gardenkit
>>> rules = gardenkit.make("miyabi")
>>> d = rules.initial_state(players=4, seed=1).to_dict()
>>> d["box"] = [t for t in d["box"] if t != 90]   # a corner tile lost from the box
>>> rules.from_dict(d)
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: the box holds 15 corner tiles, but 16 are still to be drawn (4 for this round's display and 4 in each of the 3 rounds to come): play could not go on
>>> d = rules.initial_state(players=2, seed=1).to_dict()
>>> d["gardens"][0] = [[1, 0, 0, 0]] * 20_000
>>> rules.from_dict(d)
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: player 1's garden holds 20000 pieces; there are only 96 tiles in the game
"""
from __future__ import annotations

from collections import Counter

from ...core import Line, MalformedInputError, Rng
from ...core.checks import flag as _bool
from ...core.checks import whole as _int
from .components import ROTATIONS, SHAPES, default_components, parse_components
from .garden import SIZE, Garden, Piece
from .state import EXPANSIONS, FULL, PHASES, FrogMarker, MiyabiState

#: the fields of a save (``components`` only when not the shipped set)
FIELDS = ("version", "players", "options", "rng", "phase", "round", "start", "to_move", "box", "display", "gardens",
          "lanterns", "passed", "scores", "lines", "bonuses", "zen_pile", "zen_display", "zen_reveal", "zen_scored",
          "frogs", "frog_moved", "over")
#: the one reason a game of Miyabi ends
OVER = "the last building round is over"
#: more points than any one score line can give (a tile of 9 objects on the highest stack the tiles allow, ...)
MAX_LINE_POINTS = 100_000
#: score lines a player can have: one or two per placement, frog climbs, the final scoring
MAX_LINES = 2_000
#: final scoring rules: their lines appear only once the game is over
FINAL_RULES = ("miyabi.end.majority", "miyabi.end.tie_first", "miyabi.end.tie_second", "miyabi.colorful.group",
               "miyabi.meadow.group", "miyabi.seven.lines")
FEW = 5


def few(items, n: int = FEW) -> str:
    """At most ``n`` items, then how many more: what a refusal names.

    >>> few(range(1, 4)), few(range(1, 40))
    ('1, 2, 3', '1, 2, 3, 4, 5 and 34 more')
    """
    items = list(items)
    shown = ", ".join(str(x)[:40] for x in items[:n])
    return shown + (f" and {len(items) - n} more" if len(items) > n else "")


def _list(v, what, n=None, most=None) -> list:
    if not isinstance(v, list):
        raise MalformedInputError(f"{what} must be a list, not {type(v).__name__}")
    if n is not None and len(v) != n:
        raise MalformedInputError(f"{what} must be a list of {n}, not {len(v)}")
    if most is not None and len(v) > most:
        raise MalformedInputError(f"{what}: {len(v)} items, where at most {most} can be")
    return v


def _ids(v, what, most) -> tuple[int, ...]:
    """A list of at most ``most`` whole numbers (tile ids), size first."""
    return tuple(_int(t, f"a tile id in {what}") for t in _list(v, what, most=most))


def _garden(comps, items, who) -> Garden:
    """A garden rebuilt piece by piece in one pass over a height grid (linear in its size)."""
    heights = [0] * (SIZE * SIZE)
    zen_at = [False] * (SIZE * SIZE)
    pieces = []
    for item in items:
        _list(item, f"a piece in {who}'s garden")
        if item and isinstance(item[0], str):
            if len(item) != 3 or not item[0].startswith("Z") or not (item[0][1:].isascii() and item[0][1:].isdigit()) \
                    or len(item[0]) > 8:
                raise MalformedInputError(f"a Zen piece is written [\"Z<id>\", x, y], not {str(item)[:60]}")
            zid = int(item[0][1:])
            if not comps.has_zen(zid):
                raise MalformedInputError(f"unknown Zen tile {item[0]} in {who}'s garden")
            x, y = _int(item[1], "x", 0, SIZE - 1), _int(item[2], "y", 0, SIZE - 1)
            kind = comps.zen_tile(zid).kind
            if y != comps.row_of(kind) or heights[y * SIZE + x]:
                raise MalformedInputError(f"Zen tile {item[0]} cannot lie on {x},{y} in {who}'s garden: "
                                          f"it goes on bare board in the {kind} row")
            heights[y * SIZE + x], zen_at[y * SIZE + x] = 1, True
            pieces.append(Piece(zid, ((x, y),), (x, y), kind, 1, 1, 0, True))
            continue
        if len(item) != 4:
            raise MalformedInputError(f"a tile piece is written [id, x, y, turn], not {str(item)[:60]}")
        tid = _int(item[0], f"a tile id in {who}'s garden")
        if not comps.has_tile(tid):
            raise MalformedInputError(f"unknown tile {tid} in {who}'s garden")
        x, y, rot = _int(item[1], "x", 0, SIZE - 1), _int(item[2], "y", 0, SIZE - 1), item[3]
        if isinstance(rot, bool) or rot not in ROTATIONS:
            raise MalformedInputError(f"a tile turns by 0, 90, 180 or 270, not {str(rot)[:20]}")
        t = comps.tile(tid)
        if rot != t.canonical(rot):
            raise MalformedInputError(f"tile {tid} is saved turned {t.canonical(rot)}, not {rot} (the same footprint)")
        cells = tuple((x + dx, y + dy) for dx, dy in t.footprint(rot))
        why = None
        if y != comps.row_of(t.kind):
            why = f"its {t.kind} belongs in row {comps.row_of(t.kind) + 1}"
        elif any(not (0 <= cx < SIZE and 0 <= cy < SIZE) for cx, cy in cells):
            why = "it would stick out of the garden"
        elif any(zen_at[cy * SIZE + cx] for cx, cy in cells):
            why = "it would cover a Zen tile"
        elif len({heights[cy * SIZE + cx] for cx, cy in cells}) > 1:
            why = "its squares would lie on different heights"
        if why:
            raise MalformedInputError(f"tile {tid} cannot lie at {x},{y} in {who}'s garden: {why}")
        layer = heights[cells[0][1] * SIZE + cells[0][0]] + 1
        for cx, cy in cells:
            heights[cy * SIZE + cx] = layer
        pieces.append(Piece(tid, cells, (x, y), t.kind, t.objects, layer, rot))
    return Garden(tuple(pieces))


def state_from_dict(rules, d: dict) -> MiyabiState:
    if d.get("version") != 1:
        raise MalformedInputError(f"unknown save version {str(d.get('version'))[:20]}")
    missing = [k for k in FIELDS if k not in d]
    if missing:
        raise MalformedInputError(f"the save is missing field{'s' if len(missing) > 1 else ''} {few(missing)}")
    comps = parse_components(d["components"]) if "components" in d else default_components()
    n = _int(d["players"], "players", 2, 4)
    opts = d["options"]
    if not isinstance(opts, dict) or set(opts) != set(EXPANSIONS) | {"start_player"}:
        raise MalformedInputError(f"options must give {', '.join(EXPANSIONS)} and start_player")
    flags = {e: _bool(opts[e], f"option {e}") for e in EXPANSIONS}
    start_player = _int(opts["start_player"], "start_player", 0, n - 1)
    rng = None if d["rng"] is None else Rng.from_dict(d["rng"])
    phase = d["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise MalformedInputError(f"phase must be one of {', '.join(PHASES)}, not {str(phase)[:30]}")
    rnd = _int(d["round"], "round", 1, comps.rounds[n])
    to_move = d["to_move"]
    if phase in ("frog_start", "turn", "after"):
        to_move = _int(to_move, "to_move", 0, n - 1)
    elif to_move is not None:
        raise MalformedInputError(f"to_move must be null while the phase is {phase}")
    # sizes first: nothing below reads more items than the game has
    tiles, zens = len(comps.tiles), len(comps.zen)
    most = tiles + (zens if flags["zen"] else 0)
    raw_gardens = _list(d["gardens"], "gardens", n)
    for i, g in enumerate(raw_gardens):
        if len(_list(g, f"player {i + 1}'s garden")) > most:
            raise MalformedInputError(f"player {i + 1}'s garden holds {len(g)} pieces; there are only "
                                      f"{most} tiles in the game")
    raw_lines = _list(d["lines"], "lines", n)
    for i, ls in enumerate(raw_lines):
        _list(ls, f"player {i + 1}'s score lines", most=MAX_LINES)
    box = _ids(d["box"], "the box", tiles)
    display = _ids(d["display"], "the display", tiles)
    zen_pile = _ids(d["zen_pile"], "the Zen pile", zens)
    zen_display = _ids(d["zen_display"], "the Zen display", zens)
    gardens = tuple(_garden(comps, g, f"player {i + 1}") for i, g in enumerate(raw_gardens))

    all_ids = {t.id for t in comps.tiles}
    placed = [p.tile for g in gardens for p in g.pieces if not p.zen]
    every = list(box) + list(display) + placed
    unknown = sorted({t for t in every if t not in all_ids})
    if unknown:
        raise MalformedInputError(f"unknown garden tile{'s' if len(unknown) > 1 else ''} {few(unknown)}")
    twice = sorted(t for t, k in Counter(every).items() if k > 1)
    if twice:
        raise MalformedInputError(f"garden tile{'s' if len(twice) > 1 else ''} {few(twice)} in two places at once "
                                  "(box, display, gardens)")
    if list(box) != sorted(box) or list(display) != sorted(display):
        raise MalformedInputError("box and display are kept sorted")
    zen_ids = {z.id for z in comps.zen}
    zen_placed = [p.tile for g in gardens for p in g.pieces if p.zen]
    zall = list(zen_pile) + list(zen_display) + zen_placed
    if zall and not flags["zen"]:
        raise MalformedInputError("Zen tiles are in play without the Zen Garden (the expansion is off)")
    unknown = sorted({z for z in zall if z not in zen_ids})
    if unknown:
        raise MalformedInputError(f"unknown Zen tile{'s' if len(unknown) > 1 else ''} {few(f'Z{z}' for z in unknown)}")
    if len(set(zall)) != len(zall):
        twice = sorted(z for z, k in Counter(zall).items() if k > 1)
        raise MalformedInputError(f"Zen tile{'s' if len(twice) > 1 else ''} {few(f'Z{z}' for z in twice)} in two "
                                  "places at once (pile, display, gardens)")
    if flags["zen"] and set(zall) != zen_ids:
        lost = sorted(zen_ids - set(zall))
        raise MalformedInputError(f"Zen tile{'s' if len(lost) > 1 else ''} {few(f'Z{z}' for z in lost)} lost: "
                                  "every Zen tile is in the pile, face up or in a garden")
    if list(zen_pile) != sorted(zen_pile) or list(zen_display) != sorted(zen_display):
        raise MalformedInputError("the Zen pile and the Zen display are kept sorted")
    zen_scored = tuple(tuple(_int(z, "a Zen id") for z in _list(zs, "zen_scored", most=zens))
                       for zs in _list(d["zen_scored"], "zen_scored", n))
    for i, zs in enumerate(zen_scored):
        mine = {p.tile for p in gardens[i].pieces if p.zen}
        if not set(zs) <= mine or list(zs) != sorted(set(zs)):
            raise MalformedInputError(f"player {i + 1}'s scored Zen tiles are not Zen tiles in their garden")
    frogs = []
    for f in _list(d["frogs"], "frogs", n):
        if f is None:
            frogs.append(None)
            continue
        _list(f, "a frog", 3)
        frogs.append(FrogMarker(_int(f[0], "frog x", 0, SIZE - 1), _int(f[1], "frog y", 0, SIZE - 1), _bool(f[2], "golden")))
    if any(f is not None for f in frogs) and not flags["frog"]:
        raise MalformedInputError("a frog is on the board but The Frog expansion is off")
    lines = tuple(tuple(_line(rules, x, i) for x in ls) for i, ls in enumerate(raw_lines))
    scores = tuple(_int(v, "a score") for v in _list(d["scores"], "scores", n))
    for i in range(n):
        if sum(line.points for line in lines[i]) != scores[i]:
            raise MalformedInputError(f"player {i + 1}'s score lines do not add up to their score")
    bonuses = tuple(_list(d["bonuses"], "bonuses", most=len(comps.kinds)))
    if not all(isinstance(k, str) for k in bonuses) or not set(bonuses) <= set(comps.kinds) \
            or list(bonuses) != [k for k in comps.kinds if k in bonuses]:
        raise MalformedInputError("bonuses lists kinds whose bonus tile is left, in row order")
    over = d["over"]
    if over is not None and not isinstance(over, str):
        raise MalformedInputError("over must be null or a text")
    s = MiyabiState(
        players=n, rng=rng, phase=phase, round=rnd, start=_int(d["start"], "start", 0, n - 1), to_move=to_move,
        box=box, display=display, gardens=gardens,
        lanterns=tuple(_int(v, "lanterns", 0, FULL) for v in _list(d["lanterns"], "lanterns", n)),
        passed=tuple(_bool(v, "passed") for v in _list(d["passed"], "passed", n)),
        scores=scores, lines=lines, bonuses=bonuses, **flags,
        zen_pile=zen_pile, zen_display=zen_display, zen_reveal=_int(d["zen_reveal"], "zen_reveal", 0, 5),
        zen_scored=zen_scored, frogs=tuple(frogs), frog_moved=_bool(d["frog_moved"], "frog_moved"), over=over,
        start_player=start_player, components=comps,
    )
    _check_consistent(rules, s)
    return s


def _line(rules, d, player: int) -> Line:
    line = Line.from_dict(d)
    who = f"player {player + 1}'s score line"
    if line.rule not in rules.info.rules:
        raise MalformedInputError(f"{who} cites unknown rule {line.rule[:60]!r}")
    if not 0 <= line.points <= MAX_LINE_POINTS:
        raise MalformedInputError(f"{who} ({line.rule}) gives {_shown(line.points)} points: no rule of Miyabi gives "
                                  f"fewer than 0 or more than {MAX_LINE_POINTS}")
    if len(line.text) > 500 or len(line.subject or "") > 100:
        raise MalformedInputError(f"{who} ({line.rule}) has a text of {len(line.text)} characters; at most 500")
    if line.round is not None and not 0 <= line.round <= 100:
        raise MalformedInputError(f"{who} ({line.rule}) names round {_shown(line.round)}")
    return line


def _shown(v: int) -> str:
    text = str(v) if abs(v) < 10 ** 30 else f"a number of {len(str(abs(v)))} digits"
    return text


def _count(comps, ids) -> dict:
    have = {shape: 0 for shape in SHAPES}
    for t in ids:
        have[comps.tile(t).shape] += 1
    return have


def _check_consistent(rules, s: MiyabiState) -> None:
    """Fields that are each well formed but contradict one another (a hand-edited save), or from which
    play could not go on."""
    comps = s.components
    n = s.players
    if (s.phase == "over") != (s.over is not None):
        raise MalformedInputError("'over' gives why the game ended, exactly when the phase is over")
    if s.over is not None and s.over != OVER:
        raise MalformedInputError(f"a game of Miyabi ends only when {OVER}, not {s.over[:60]!r}")
    if s.phase == "over" and s.round != s.rounds:
        raise MalformedInputError(f"the game is over only after the last round ({s.rounds}), not in round {s.round}")
    # whose turn, lanterns and passes
    p = s.to_move
    if s.phase == "turn" and not s.active(p):
        raise MalformedInputError(f"player {p + 1} is to move but has passed or filled every lantern field")
    for i in range(n):
        if s.passed[i] and s.lanterns[i] == FULL:
            raise MalformedInputError(f"player {i + 1} has passed with every lantern field filled: no turn was left "
                                      "to pass")
    # the frogs
    if s.phase == "frog_start" and not (s.frog and s.round == 1 and s.frogs[p] is None):
        raise MalformedInputError("frogs are set out only in the first round, with The Frog, one per player")
    if s.phase == "frog_start" or (s.phase == "deal" and s.round == 1):
        done = {(s.start + k) % n for k in range((p - s.start) % n)} if s.phase == "frog_start" else set()
        wrong = [i + 1 for i in range(n) if (s.frogs[i] is not None) != (i in done)]
        if wrong:
            raise MalformedInputError(
                "frogs are set out in turn from the bonsai holder once the first display is out; "
                f"player{'s' if len(wrong) > 1 else ''} {few(wrong)} "
                + ("cannot have one yet" if s.phase == "deal" else "do not fit that order"))
    if s.phase == "after" and not (s.frog and s.frogs[p] is not None and not s.frog_moved):
        raise MalformedInputError("the phase 'after' is for a frog step after the turn, and there is none to take")
    if s.frog_moved and not (s.frog and s.phase == "turn"):
        raise MalformedInputError("frog_moved is set only during a turn of a game with The Frog")
    if s.frog and (s.round > 1 or s.phase in ("turn", "after", "over")) and None in s.frogs:
        raise MalformedInputError("with The Frog every player has a frog once the first turn begins")
    for i, (f, g) in enumerate(zip(s.frogs, s.gardens)):
        if f is not None and g.is_zen(f.x, f.y):
            raise MalformedInputError(f"player {i + 1}'s frog stands on a Zen tile, where no frog may go")
        if f is not None and not f.golden and g.height(f.x, f.y) >= 4:
            raise MalformedInputError(f"player {i + 1}'s frog stands on layer {g.height(f.x, f.y)} but is silver: "
                                      "a frog that reaches layer 4 turns golden")
    # nobody has played yet while a display is laid out or the frogs set out
    fresh = s.phase == "deal" or s.phase == "frog_start"
    if fresh and (any(s.lanterns) or any(s.passed)):
        raise MalformedInputError(f"no one has played yet this round (phase {s.phase}), but lanterns are lit or "
                                  "players have passed")
    if s.phase == "deal" and s.round == 1 and (any(g.pieces for g in s.gardens) or any(s.lines)):
        raise MalformedInputError("the first round's display is still being laid out, but gardens hold pieces or "
                                  "players have points")
    # the round's display and the box: what is drawn next must be there
    need = comps.tiles_per_round(n)
    shown = _count(comps, s.display)
    if s.phase == "deal":  # (a lesson's position may show any display; one being laid out follows the table)
        extra = [shape for shape in SHAPES if shown[shape] > need[shape]]
        if extra:
            raise MalformedInputError(f"the display being laid out holds {shown[extra[0]]} {extra[0]} tiles; a round "
                                      f"with {n} players lays out {need[extra[0]]}")
        nxt = rules.next_shape(s)
        if nxt is None:
            raise MalformedInputError("the phase is deal, but this round's display is already complete")
        later = [shape for shape in SHAPES[SHAPES.index(nxt) + 1:] if shown[shape]]
        if later:
            raise MalformedInputError(f"the display is laid out shape by shape ({', '.join(SHAPES)}), but it holds "
                                      f"{later[0]} tiles before its {nxt} tiles are out")
    elif s.phase == "over" and s.display:
        raise MalformedInputError("the game is over, but tiles are still face up in the display")
    in_box = _count(comps, s.box)
    to_come = s.rounds - s.round
    for shape in SHAPES:
        now = need[shape] - shown[shape] if s.phase == "deal" else 0
        still = to_come * need[shape] + now
        if in_box[shape] < still:
            parts = ([f"{now} for this round's display"] if now else []) + (
                [f"{need[shape]} in each of the {to_come} rounds to come"] if to_come else [])
            raise MalformedInputError(f"the box holds {in_box[shape]} {shape} tiles, but {still} are still to be drawn "
                                      f"({' and '.join(parts)}): play could not go on")
    # the Zen tiles
    if not s.zen and s.zen_reveal:
        raise MalformedInputError("Zen tiles wait to be turned face up, but The Zen Garden expansion is off")
    if len(s.zen_display) + s.zen_reveal > 5 or s.zen_reveal > len(s.zen_pile):
        raise MalformedInputError("at most 5 Zen tiles lie face up (counting those still to turn over), from the pile")
    if s.zen and s.phase != "over" and s.zen_pile and len(s.zen_display) + s.zen_reveal != 5:
        raise MalformedInputError(f"{len(s.zen_display)} Zen tiles lie face up and {s.zen_reveal} wait to be turned: "
                                  "while the pile lasts there are 5")
    if s.zen_reveal and s.zen_pile and (s.phase == "frog_start" or (s.phase == "deal" and s.display)):
        raise MalformedInputError("Zen tiles waiting to be turned face up are turned before a display is laid out "
                                  "or the frogs are set out")
    if s.phase == "over" and s.zen_reveal:
        raise MalformedInputError("the game is over, but Zen tiles wait to be turned face up")
    for i, g in enumerate(s.gardens):
        surrounded = {z.tile for z in g.zen_pieces if g.surrounded(*z.obj)} if s.zen else set()
        wrong = sorted(set(s.zen_scored[i]) - surrounded)
        if wrong:
            raise MalformedInputError(f"player {i + 1} has a Zen tile scored as surrounded that is not surrounded: "
                                      f"{few(f'Z{z}' for z in wrong)}")
        unscored = sorted(surrounded - set(s.zen_scored[i]))
        if unscored:
            raise MalformedInputError(f"player {i + 1}'s Zen tile {few(f'Z{z}' for z in unscored)} is surrounded but "
                                      "was never scored for it (it scores the moment it is surrounded)")
    # score lines: the final scoring only once the game is over, no line from a round not yet played
    for i, ls in enumerate(s.lines):
        for line in ls:
            if line.rule in FINAL_RULES and s.phase != "over":
                raise MalformedInputError(f"player {i + 1} has a final scoring line ({line.rule}) before the game is over")
            if line.round is not None and not 1 <= line.round <= s.round:
                raise MalformedInputError(f"player {i + 1}'s score line ({line.rule}) names round {line.round}, "
                                          f"but this is round {s.round}")
