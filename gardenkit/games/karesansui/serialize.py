"""Reading a saved Karesansui game back, checking every field (a hand-edited save gets a clear error).

A save that loads is a game that can go on: besides each field's type and range, the fields
must agree with one another (every rock in one place, totals that are the sum of their cards)
and with the flow of a round (a deal with a garden still to fill, a bag to draw from, a garden
no larger than play can make it). Sizes are checked before anything is read item by item, so
an oversized save is refused at once, and a message names at most a few offending items.

>>> import gardenkit
>>> rules = gardenkit.make("karesansui")
>>> d = rules.initial_state(players=3, seed=1).to_dict()
>>> d["bag"] = ["X9"] * 5000
>>> rules.from_dict(d)
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: the bag holds 5000 rocks; this rock set has 76 in all
>>> d["bag"] = ["X9", "R1", "Q1"]
>>> rules.from_dict(d)
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: the bag must be a list of rocks such as "R2": 'X9', 'Q1' are not rocks of this set
"""
from __future__ import annotations

from collections import Counter

from ...core import Line, MalformedInputError, Rng
from ...core.rng import _short as _short_number
from .actions import BLACK, forbidden_sets, sort_rocks
from .components import DECKS, default_components, parse_components
from .state import PHASES, KaresansuiState

#: the fields every save has ("hidden" and "components" may be left out)
FIELDS = ("players", "options", "rng", "phase", "round", "start", "to_move", "bag", "gardens", "piles", "bids",
          "tracker", "taken", "lines", "scores", "passer", "black_out", "ending", "over")


def _short(v) -> str:
    """``v`` as a short text for a message (a huge number, or a list holding one, is not spelled out)."""
    try:
        return _short_number(v, 20)
    except ValueError:  # repr of a container holding a number of thousands of digits
        return f"a {type(v).__name__} holding a huge number"


def _int(v, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """``v`` if it is an integer (not a bool) within ``lo``..``hi`` (as ``core.checks.whole``, but a
    5 000-digit number is named, not spelled out)."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedInputError(f"{what} must be an integer, not {_short(v)}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise MalformedInputError(f"{what} must be between {lo} and {hi}, not {_short(v)}")
    return v


def _rng(v) -> Rng:
    try:
        return Rng.from_dict(v)
    except MalformedInputError:
        raise
    except ValueError:  # its message could not show a number of thousands of digits
        raise MalformedInputError("rng must be an object with 'seed' and 'counter', whole numbers from 0 to "
                                  "2**64 - 1") from None


def _line(x, who: str, k: int) -> Line:
    """A demerit card of a save: ``Line.from_dict``, with the card named in the message."""
    if not isinstance(x, dict):
        raise MalformedInputError(f"{who} demerit card {k + 1} must be an object, not {_short(x)}")
    for key in ("points", "round", "rank"):  # named here: a huge number in them is not spelled out
        if x.get(key) is not None or key == "points":
            _int(x.get(key), f"{who} demerit card {k + 1}'s {key}", -10**9, 10**9)
    try:
        return Line.from_dict(x)
    except MalformedInputError:
        raise
    except ValueError as e:
        raise MalformedInputError(f"{who} demerit card {k + 1}: {e}"[:200]) from None


def _list(v, what: str, most: int, unit: str, limit_text: str) -> list:
    """``v`` if it is a list of at most ``most`` items (checked before any item is read)."""
    if not isinstance(v, list):
        raise MalformedInputError(f"{what} must be a list, not {_short(v)}")
    if len(v) > most:
        raise MalformedInputError(f"{what} holds {len(v)} {unit}; {limit_text}")
    return v


def _rocks(v, what, comps) -> tuple[str, ...]:
    _list(v, what, comps.total_rocks, "rocks", f"this rock set has {comps.total_rocks} in all")
    bad = [r for r in v if not comps.is_rock(r)]
    if bad:
        named = ", ".join(_short(r) for r in bad[:3]) + (f" and {len(bad) - 3} more" if len(bad) > 3 else "")
        raise MalformedInputError(f"{what} must be a list of rocks such as \"R2\": {named} "
                                  f"{'is not a rock' if len(bad) == 1 else 'are not rocks'} of this set")
    return tuple(v)


def _who(players) -> str:
    players = sorted(players)
    named = ", ".join(str(p + 1) for p in players[:3]) + (f" and {len(players) - 3} more" if len(players) > 3 else "")
    return f"player{'s' if len(players) > 1 else ''} {named}"


def state_from_dict(rules, d: dict) -> KaresansuiState:
    if d.get("version") != 1:
        raise MalformedInputError(f"unknown save version {_short(d.get('version'))}")
    missing = [k for k in FIELDS if k not in d]
    if missing:
        raise MalformedInputError(f"missing field{'s' if len(missing) > 1 else ''} "
                                  f"{', '.join(repr(k) for k in missing[:5])}{' …' if len(missing) > 5 else ''}")
    comps = parse_components(d["components"]) if "components" in d else default_components()
    n = _int(d["players"], "players", 3, 6)
    if not comps.enough_for(n):
        raise MalformedInputError(f"this rock set has too few rocks for {n} players")
    opts = d["options"]
    if not isinstance(opts, dict) or set(opts) != {"start_player"}:
        raise MalformedInputError("options must give start_player")
    start_player = _int(opts["start_player"], "start_player", 0, n - 1)
    rng = None if d["rng"] is None else _rng(d["rng"])
    phase = d["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise MalformedInputError(f"phase must be one of {', '.join(PHASES)}, not {_short(phase)}")
    to_move = d["to_move"]
    if phase in ("bid", "turnin"):
        to_move = _int(to_move, "to_move", 0, n - 1)
    elif to_move is not None:
        raise MalformedInputError(f"to_move must be null while the phase is {phase}")
    # sizes first: n gardens, n - 1 piles and bids, n line lists and totals, before reading any rock
    for key, count, what in (("gardens", n, "one per player"), ("piles", n - 1, "one fewer than players"),
                             ("bids", n - 1, "one entry per pile"), ("lines", n, "one line list per player"),
                             ("scores", n, "one total per player")):
        if not isinstance(d[key], list) or len(d[key]) != count:
            size = f"{len(d[key])} items" if isinstance(d[key], list) else _short(d[key])
            raise MalformedInputError(f"{key} ({what}) must be a list of {count} for {n} players, not {size}")
    bag = _rocks(d["bag"], "the bag", comps)
    gardens = tuple(_rocks(g, "a garden", comps) for g in d["gardens"])
    piles = tuple(_rocks(p, "a pile", comps) for p in d["piles"])
    if any(list(x) != list(sort_rocks(x)) for x in (bag, *gardens)):
        raise MalformedInputError("the bag and the gardens are kept sorted")
    bids = []
    for b in d["bids"]:
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
    # a deck runs out in the last round at most (see Components.max_taken)
    taken = tuple(_int(taken_d[k], f"cards taken from {k}", 0, comps.max_taken(k)) for k in DECKS)
    ending = d["ending"]
    if ending is None:
        out = [k for k, n_taken in zip(DECKS, taken) if n_taken > len(comps.decks[k])]
        if out:
            raise MalformedInputError(f"{taken[DECKS.index(out[0])]} cards are taken from the {out[0]} deck of "
                                      f"{len(comps.decks[out[0]])}: a deck that runs out ends the game with that "
                                      "round, so 'ending' must say why")
    # demerits: every line is a card a deck can give, so a total (hidden ones too) is bounded by the decks
    raw_lines = [_list(ls, f"player {i + 1}'s list of demerit cards", comps.max_cards, "cards",
                       f"the decks can give at most {comps.max_cards}") for i, ls in enumerate(d["lines"])]
    lines = tuple(tuple(_line(x, f"player {i + 1}'s", k) for k, x in enumerate(ls)) for i, ls in enumerate(raw_lines))
    scores = tuple(_int(v, f"player {i + 1}'s demerits (what the decks can give)", 0, comps.max_cards * comps.max_card)
                   for i, v in enumerate(d["scores"]))
    raw_hidden = _list(d.get("hidden", []), "hidden", n, "players", f"there are {n} players")
    hidden = tuple(_int(v, "a hidden player", 0, n - 1) for v in raw_hidden)
    if list(hidden) != sorted(set(hidden)):
        raise MalformedInputError("hidden lists players whose demerit cards are face down, each once, in order")
    for i in range(n):
        for line in lines[i]:
            if line.rule not in rules.info.rules:
                raise MalformedInputError(f"a demerit line cites unknown rule {_short(line.rule)}")
            if line.points < 0:
                raise MalformedInputError("demerit cards are never negative")
            if line.points > comps.max_card:
                raise MalformedInputError(f"player {i + 1} has a demerit card worth {line.points}; the decks give "
                                          f"at most {comps.max_card}")
        # a face-down card counts 0 in an observation, so its total is the sum of what it shows too
        if sum(line.points for line in lines[i]) != scores[i]:
            raise MalformedInputError(f"player {i + 1}'s demerit cards do not add up to their total")
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
    if any(BLACK in x for x in (*gardens, *piles)) or any(BLACK in b[1] for b in bids if b):
        raise MalformedInputError("the black rock is never in a garden or a pile (nor in a bid)")
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
    if hidden and rng is not None:
        raise MalformedInputError("a player's view (with hidden cards) never holds the bag's order")
    standing = [b for b in bids if b is not None]
    if standing and phase not in ("bid", "draw"):
        raise MalformedInputError(f"bids stand only while bidding, not in the phase {phase}")
    if phase == "bid" and any(b[0] == to_move for b in standing):
        raise MalformedInputError(f"player {to_move + 1} is to bid but has a bid standing "
                                  "(a player waits until their bid is undercut)")
    if phase == "draw":
        if len(standing) != len(bids):
            raise MalformedInputError("the player who passed draws only once every pile has a bid")
        if any(b[0] == passer for b in standing):
            raise MalformedInputError(f"player {passer + 1} passed, so has no bid standing")
    if black_out and phase not in ("turnin", "over"):
        raise MalformedInputError("once the black rock is drawn the game ends with this round: "
                                  f"no further {phase} phase")
    _check_flow(comps, phase, to_move, passer, bag, gardens, piles, bids, tracker, n)
    return KaresansuiState(
        players=n, rng=rng, phase=phase, round=_int(d["round"], "round", 1, 10_000),
        start=_int(d["start"], "start", 0, n - 1), to_move=to_move, bag=bag, gardens=gardens, piles=piles,
        bids=tuple(bids), tracker=tracker, taken=taken, lines=lines, scores=scores, passer=passer,
        black_out=black_out, ending=d["ending"], over=d["over"], hidden=hidden, start_player=start_player,
        components=comps,
    )


def _check_flow(comps, phase, to_move, passer, bag, gardens, piles, bids, tracker, n) -> None:
    """What the flow of a round needs for play to go on from this phase, and no more than play
    can make: the gardens' and piles' sizes (``Components.garden_max``, ``pile_rocks_max``)."""
    own_bid = {b[0]: len(b[1]) for b in bids if b is not None}
    most = comps.garden_max + (comps.pile_rocks_max if phase == "turnin" else 0)
    big = [p for p in range(n) if len(gardens[p]) + own_bid.get(p, 0) > most]
    if big:
        where = ("while sets are turned in (the most a garden holds once it took a pile)" if phase == "turnin"
                 else "(with its bid): every round starts with no forbidden set in any garden")
        raise MalformedInputError(f"{_who(big)}'s garden holds more rocks than play can give it: at most {most} "
                                  f"{where}")
    full = [i for i, p in enumerate(piles) if len(p) > comps.pile_rocks_max]
    if full:
        raise MalformedInputError(f"pile {full[0] + 1} holds {len(piles[full[0]])} rocks; rocks are drawn onto a "
                                  f"pile only until it is worth {comps.pile_value}, so at most {comps.pile_rocks_max}")
    if phase in ("deal", "turnin") and any(piles):
        raise MalformedInputError(f"the piles are empty while {'dealing' if phase == 'deal' else 'sets are turned in'}")
    if phase == "deal":
        if tracker == 0:
            raise MalformedInputError("the black rock waits on the round tracker while the starting rocks are dealt")
        over = [p for p in range(n) if len(gardens[p]) > comps.start_rocks]
        if over:
            raise MalformedInputError(f"{_who(over)} already hold more than the {comps.start_rocks} starting rocks")
        to_deal = sum(comps.start_rocks - len(g) for g in gardens)
        if to_deal == 0:
            raise MalformedInputError(f"the phase is deal, but every garden already holds its {comps.start_rocks} "
                                      "starting rocks: nothing is left to deal")
        if len(bag) < to_deal:
            raise MalformedInputError(f"the deal needs {to_deal} more rocks but the bag holds {len(bag)}")
    if phase == "refill":
        if not bag:
            raise MalformedInputError("the phase is refill, but the bag is empty: nothing to lay out on the piles")
        if all(sum(comps.value(r) for r in p) >= comps.pile_value for p in piles):
            raise MalformedInputError(f"the phase is refill, but every pile is worth {comps.pile_value} or more "
                                      "already: nothing is left to lay out")
    if phase == "draw" and not bag:
        raise MalformedInputError("the player who passed draws a rock, but the bag is empty")
    if phase == "turnin":
        if not forbidden_sets(gardens[to_move]):
            raise MalformedInputError(f"player {to_move + 1} is to turn in a forbidden set but holds none")
        # sets are turned in from the passer clockwise: those before the player to act are done
        order = [(passer + k) % n for k in range(n)]
        skipped = [q for q in order[:order.index(to_move)] if forbidden_sets(gardens[q])]
        if skipped:
            raise MalformedInputError(f"{_who(skipped)} still hold a forbidden set, but sets are turned in from "
                                      f"the player who passed clockwise: it is not player {to_move + 1}'s turn yet")
