"""Reading a saved Karesansui game back, checking every field (a hand-edited save gets a clear error)."""
from __future__ import annotations

from collections import Counter

from ...core import Line, MalformedInputError, Rng
from ...core.checks import whole as _int
from .actions import BLACK, forbidden_sets, sort_rocks
from .components import DECKS, default_components, parse_components
from .state import PHASES, KaresansuiState


def _rocks(v, what, comps) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(r, str) and comps.is_rock(r) for r in v):
        raise MalformedInputError(f"{what} must be a list of rocks such as \"R2\"")
    return tuple(v)


def state_from_dict(rules, d: dict) -> KaresansuiState:
    if d.get("version") != 1:
        raise MalformedInputError(f"unknown save version {d.get('version')!r}")
    comps = parse_components(d["components"]) if "components" in d else default_components()
    n = _int(d["players"], "players", 3, 6)
    opts = d["options"]
    if not isinstance(opts, dict) or set(opts) != {"start_player"}:
        raise MalformedInputError("options must give start_player")
    start_player = _int(opts["start_player"], "start_player", 0, n - 1)
    rng = None if d["rng"] is None else Rng.from_dict(d["rng"])
    phase = d["phase"]
    if phase not in PHASES:
        raise MalformedInputError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    to_move = d["to_move"]
    if phase in ("bid", "turnin"):
        to_move = _int(to_move, "to_move", 0, n - 1)
    elif to_move is not None:
        raise MalformedInputError(f"to_move must be null while the phase is {phase}")
    bag = _rocks(d["bag"], "bag", comps)
    gardens = tuple(_rocks(g, "a garden", comps) for g in d["gardens"])
    piles = tuple(_rocks(p, "a pile", comps) for p in d["piles"])
    if len(gardens) != n or len(piles) != n - 1:
        raise MalformedInputError(f"{n} players have {n} gardens and {n - 1} piles")
    if any(list(x) != list(sort_rocks(x)) for x in (bag, *gardens)):
        raise MalformedInputError("the bag and the gardens are kept sorted")
    raw_bids = d["bids"]
    if not isinstance(raw_bids, list) or len(raw_bids) != n - 1:
        raise MalformedInputError(f"bids lists one entry per pile ({n - 1})")
    bids = []
    for b in raw_bids:
        if b is None:
            bids.append(None)
            continue
        if not isinstance(b, list) or len(b) != 2:
            raise MalformedInputError("a bid is [player, [rocks]]")
        bids.append((_int(b[0], "a bidder", 0, n - 1), sort_rocks(_rocks(b[1], "a bid", comps))))
    if len({b[0] for b in bids if b}) != sum(1 for b in bids if b):
        raise MalformedInputError("a player has two bids standing")
    tracker = _int(d["tracker"], "tracker", 0, comps.tracker)
    taken_d = d["taken"]
    if not isinstance(taken_d, dict) or set(taken_d) != set(DECKS):
        raise MalformedInputError(f"taken gives the cards taken from each deck: {', '.join(DECKS)}")
    taken = tuple(_int(taken_d[k], f"cards taken from {k}", 0, 999) for k in DECKS)
    lines = tuple(tuple(Line.from_dict(x) for x in ls) for ls in d["lines"])
    scores = tuple(_int(v, "demerits") for v in d["scores"])
    if len(lines) != n or len(scores) != n:
        raise MalformedInputError("one line list and one total per player")
    hidden = tuple(_int(v, "a hidden player", 0, n - 1) for v in d.get("hidden", []))
    for i in range(n):
        if i not in hidden and sum(line.points for line in lines[i]) != scores[i]:
            raise MalformedInputError(f"player {i + 1}'s demerit cards do not add up to their total")
        for line in lines[i]:
            if line.rule not in rules.info.rules:
                raise MalformedInputError(f"a demerit line cites unknown rule {line.rule!r}")
    black_out = d["black_out"]
    if not isinstance(black_out, bool):
        raise MalformedInputError("black_out must be true or false")
    # every rock is somewhere, once: bag, piles, bids, gardens, tracker (or set aside once drawn)
    everywhere = Counter(bag) + sum((Counter(x) for x in (*gardens, *piles)), Counter())
    everywhere += sum((Counter(b[1]) for b in bids if b), Counter())
    black = everywhere[BLACK] + (tracker > 0) + black_out
    everywhere[BLACK] = 0
    want = Counter({r: comps.copies for r in comps.rock_types})
    if +everywhere != want or black != 1:
        raise MalformedInputError("the rocks do not add up: each must be in exactly one place "
                                  "(bag, piles, bids, gardens, the tracker)")
    if any(BLACK in x for x in (*gardens, *piles)):
        raise MalformedInputError("the black rock is never in a garden or a pile")
    passer = d["passer"]
    if passer is not None:
        passer = _int(passer, "passer", 0, n - 1)
    for key in ("ending", "over"):
        if d[key] is not None and not isinstance(d[key], str):
            raise MalformedInputError(f"{key} must be null or a text")
    if (phase == "over") != (d["over"] is not None):
        raise MalformedInputError("'over' says why the game ended, exactly when the phase is over")
    if phase in ("draw", "turnin") and passer is None:
        raise MalformedInputError(f"the phase {phase} needs the player who passed")
    if phase in ("deal", "refill", "bid") and (passer is not None or d["ending"] is not None):
        raise MalformedInputError("nobody has passed yet this round, so there is no passer and no ending")
    if any(line.points < 0 for ls in lines for line in ls):
        raise MalformedInputError("demerit cards are never negative")
    if hidden and rng is not None:
        raise MalformedInputError("a player's view (with hidden cards) never holds the bag's order")
    standing = [b for b in bids if b is not None]
    if standing and phase not in ("bid", "draw"):
        raise MalformedInputError(f"bids stand only while bidding, not in the phase {phase}")
    if phase == "bid" and any(b[0] == to_move for b in standing):
        raise MalformedInputError(f"player {to_move + 1} is to bid but has a bid standing "
                                  "(a player waits until their bid is undercut)")
    if phase == "draw" and len(standing) != len(bids):
        raise MalformedInputError("the player who passed draws only once every pile has a bid")
    if phase == "turnin":
        if not forbidden_sets(gardens[to_move]):
            raise MalformedInputError(f"player {to_move + 1} is to turn in a forbidden set but holds none")
    return KaresansuiState(
        players=n, rng=rng, phase=phase, round=_int(d["round"], "round", 1, 10_000),
        start=_int(d["start"], "start", 0, n - 1), to_move=to_move, bag=bag, gardens=gardens, piles=piles,
        bids=tuple(bids), tracker=tracker, taken=taken, lines=lines, scores=scores, passer=passer,
        black_out=black_out, ending=d["ending"], over=d["over"], hidden=hidden, start_player=start_player,
        components=comps,
    )
