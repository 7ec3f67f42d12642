"""Reading a saved Miyabi game back, checking every field (a hand-edited save gets a clear error)."""
from __future__ import annotations

from ...core import Line, MalformedInputError, Rng
from ...core.checks import flag as _bool
from ...core.checks import whole as _int
from .components import ROTATIONS, default_components, parse_components
from .garden import SIZE, Garden, Piece, layer_of
from .state import EXPANSIONS, PHASES, FrogMarker, MiyabiState


def _list(v, what, n=None) -> list:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise MalformedInputError(f"{what} must be a list" + (f" of {n}" if n is not None else ""))
    return v


def _garden(comps, items, who) -> Garden:
    g = Garden()
    for item in _list(items, f"{who}'s garden"):
        _list(item, f"a piece in {who}'s garden")
        if isinstance(item[0], str):
            if len(item) != 3 or not item[0].startswith("Z") or not item[0][1:].isdigit():
                raise MalformedInputError(f"a Zen piece is written [\"Z<id>\", x, y], not {item!r}")
            zid = int(item[0][1:])
            if not comps.has_zen(zid):
                raise MalformedInputError(f"unknown Zen tile {item[0]}")
            x, y = _int(item[1], "x", 0, SIZE - 1), _int(item[2], "y", 0, SIZE - 1)
            kind = comps.zen_tile(zid).kind
            if y != comps.row_of(kind) or g.height(x, y):
                raise MalformedInputError(f"Zen tile {item[0]} cannot lie on {x},{y} in {who}'s garden")
            g = g.add(Piece(zid, ((x, y),), (x, y), kind, 1, 1, 0, True))
            continue
        if len(item) != 4:
            raise MalformedInputError(f"a tile piece is written [id, x, y, turn], not {item!r}")
        tid = _int(item[0], "a tile id")
        if not comps.has_tile(tid):
            raise MalformedInputError(f"unknown tile {tid}")
        x, y, rot = _int(item[1], "x", 0, SIZE - 1), _int(item[2], "y", 0, SIZE - 1), item[3]
        if rot not in ROTATIONS or isinstance(rot, bool):
            raise MalformedInputError(f"a tile turns by 0, 90, 180 or 270, not {rot!r}")
        t = comps.tile(tid)
        layer, reason = layer_of(g, t.footprint(rot), x, y)
        if reason or y != comps.row_of(t.kind):
            raise MalformedInputError(f"tile {tid} cannot lie at {x},{y} in {who}'s garden: {reason or 'wrong row'}")
        foot = t.footprint(rot)
        g = g.add(Piece(tid, tuple((x + dx, y + dy) for dx, dy in foot), (x, y), t.kind, t.objects, layer, rot))
    return g


def state_from_dict(rules, d: dict) -> MiyabiState:
    if d.get("version") != 1:
        raise MalformedInputError(f"unknown save version {d.get('version')!r}")
    comps = parse_components(d["components"]) if "components" in d else default_components()
    n = _int(d["players"], "players", 2, 4)
    opts = d["options"]
    if not isinstance(opts, dict) or set(opts) != set(EXPANSIONS) | {"start_player"}:
        raise MalformedInputError(f"options must give {', '.join(EXPANSIONS)} and start_player")
    flags = {e: _bool(opts[e], f"option {e}") for e in EXPANSIONS}
    start_player = _int(opts["start_player"], "start_player", 0, n - 1)
    rng = None if d["rng"] is None else Rng.from_dict(d["rng"])
    phase = d["phase"]
    if phase not in PHASES:
        raise MalformedInputError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    rnd = _int(d["round"], "round", 1, comps.rounds[n])
    to_move = d["to_move"]
    if phase in ("frog_start", "turn", "after"):
        to_move = _int(to_move, "to_move", 0, n - 1)
    elif to_move is not None:
        raise MalformedInputError(f"to_move must be null while the phase is {phase}")
    gardens = tuple(_garden(comps, g, f"player {i + 1}") for i, g in enumerate(_list(d["gardens"], "gardens", n)))
    all_ids = {t.id for t in comps.tiles}
    box = tuple(_int(t, "a tile id") for t in _list(d["box"], "box"))
    display = tuple(_int(t, "a tile id") for t in _list(d["display"], "display"))
    placed = [p.tile for g in gardens for p in g.pieces if not p.zen]
    every = list(box) + list(display) + placed
    if len(set(every)) != len(every) or not set(every) <= all_ids:
        raise MalformedInputError("a garden tile is in two places at once, or unknown (box, display, gardens)")
    if list(box) != sorted(box) or list(display) != sorted(display):
        raise MalformedInputError("box and display are kept sorted")
    zen_ids = {z.id for z in comps.zen}
    zen_pile = tuple(_int(z, "a Zen id") for z in _list(d["zen_pile"], "zen_pile"))
    zen_display = tuple(_int(z, "a Zen id") for z in _list(d["zen_display"], "zen_display"))
    zen_placed = [p.tile for g in gardens for p in g.pieces if p.zen]
    zall = list(zen_pile) + list(zen_display) + zen_placed
    if len(set(zall)) != len(zall) or not set(zall) <= zen_ids or (zall and not flags["zen"]):
        raise MalformedInputError("a Zen tile is in two places at once, unknown, or used without the Zen Garden")
    zen_scored = tuple(tuple(_int(z, "a Zen id") for z in _list(zs, "zen_scored")) for zs in _list(d["zen_scored"], "zen_scored", n))
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
    lines = tuple(tuple(Line.from_dict(x) for x in _list(ls, "score lines")) for ls in _list(d["lines"], "lines", n))
    scores = tuple(_int(v, "a score") for v in _list(d["scores"], "scores", n))
    for i in range(n):
        if sum(line.points for line in lines[i]) != scores[i]:
            raise MalformedInputError(f"player {i + 1}'s score lines do not add up to their score")
        for line in lines[i]:
            if line.rule not in rules.info.rules:
                raise MalformedInputError(f"a score line cites unknown rule {line.rule!r}")
    bonuses = tuple(_list(d["bonuses"], "bonuses"))
    if not set(bonuses) <= set(comps.kinds) or list(bonuses) != [k for k in comps.kinds if k in bonuses]:
        raise MalformedInputError("bonuses lists kinds whose bonus tile is left, in row order")
    over = d["over"]
    if over is not None and not isinstance(over, str):
        raise MalformedInputError("over must be null or a text")
    s = MiyabiState(
        players=n, rng=rng, phase=phase, round=rnd, start=_int(d["start"], "start", 0, n - 1), to_move=to_move,
        box=box, display=display, gardens=gardens,
        lanterns=tuple(_int(v, "lanterns", 0, 63) for v in _list(d["lanterns"], "lanterns", n)),
        passed=tuple(_bool(v, "passed") for v in _list(d["passed"], "passed", n)),
        scores=scores, lines=lines, bonuses=bonuses, **flags,
        zen_pile=zen_pile, zen_display=zen_display, zen_reveal=_int(d["zen_reveal"], "zen_reveal", 0, 16),
        zen_scored=zen_scored, frogs=tuple(frogs), frog_moved=_bool(d["frog_moved"], "frog_moved"), over=over,
        start_player=start_player, components=comps,
    )
    _check_consistent(rules, s)
    return s


def _check_consistent(rules, s: MiyabiState) -> None:
    """Fields that are each well formed but contradict one another (a hand-edited save)."""
    if (s.phase == "over") != (s.over is not None):
        raise MalformedInputError("'over' gives why the game ended, exactly when the phase is over")
    if s.phase == "deal" and rules.next_shape(s) is None:
        raise MalformedInputError("the phase is deal, but this round's display is already complete")
    p = s.to_move
    if s.phase == "turn" and not s.active(p):
        raise MalformedInputError(f"player {p + 1} is to move but has passed or filled every lantern field")
    if s.phase == "frog_start" and not (s.frog and s.round == 1 and s.frogs[p] is None):
        raise MalformedInputError("frogs are set out only in the first round, with The Frog, one per player")
    if s.phase == "after" and not (s.frog and s.frogs[p] is not None and not s.frog_moved):
        raise MalformedInputError("the phase 'after' is for a frog step after the turn, and there is none to take")
    if s.frog_moved and not (s.frog and s.phase == "turn"):
        raise MalformedInputError("frog_moved is set only during a turn of a game with The Frog")
    if s.frog and (s.round > 1 or s.phase in ("turn", "after", "over")) and None in s.frogs:
        raise MalformedInputError("with The Frog every player has a frog once the first turn begins")
    for i, (f, g) in enumerate(zip(s.frogs, s.gardens)):
        if f is not None and g.is_zen(f.x, f.y):
            raise MalformedInputError(f"player {i + 1}'s frog stands on a Zen tile, where no frog may go")
        if not set(s.zen_scored[i]) <= {z.tile for z in g.zen_pieces if g.surrounded(*z.obj)}:
            raise MalformedInputError(f"player {i + 1} has a Zen tile scored as surrounded that is not surrounded")
    if len(s.zen_display) + s.zen_reveal > 5 or s.zen_reveal > len(s.zen_pile):
        raise MalformedInputError("at most 5 Zen tiles lie face up (counting those still to turn over), from the pile")
