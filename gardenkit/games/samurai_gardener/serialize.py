"""Reading a saved Samurai Gardener game back, checking every field (a hand-edited save gets a clear error).

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.step_chance(rules.initial_state(players=2, seed=3))
>>> state_from_dict(rules, s.to_dict()) == s
True
"""
from __future__ import annotations

from ...core import Cited, Line, MalformedInputError, Rng
from ...core.checks import whole as _int
from .actions import Run
from .components import TYPES, default_components, parse_components
from .house import House, Placed
from .state import PHASES, Pending, SamuraiGardenerState, game_end


def _list(v, what):
    if not isinstance(v, list):
        raise MalformedInputError(f"{what} must be a list, not {type(v).__name__}")
    return v


def _deck(d):
    """The deck a save uses: its own (under "cards", the key saves have always used, or
    "components", the name every game uses), else the shipped one."""
    if "cards" in d and "components" in d:
        raise MalformedInputError("a save gives its deck once: under 'cards' or 'components', not both")
    if "components" in d:
        return parse_components(d["components"])
    return parse_components(d["cards"]) if "cards" in d else default_components()


def state_from_dict(rules, d: dict) -> SamuraiGardenerState:
    """Rebuild and check a saved state (``s.to_dict()``); anything inconsistent is refused with the reason."""
    if d.get("version") != 1:
        raise MalformedInputError(f"unknown save version {d.get('version')!r} (this gardenkit reads version 1)")
    players = _int(d["players"], "players", 2, 5)
    opts = d["options"]
    if not isinstance(opts, dict) or not isinstance(opts.get("specialist"), bool):
        raise MalformedInputError("options.specialist must be true or false")
    start_player = _int(opts.get("start_player", 0), "options.start_player", 0, players - 1)
    deck_in_use = _deck(d)
    rng = None if d["rng"] is None else Rng.from_dict(d["rng"])
    phase = d["phase"]
    if phase not in PHASES:
        raise MalformedInputError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    deck = tuple(_int(c, "a deck card") for c in _list(d["deck"], "deck"))
    lineup = tuple(_int(c, "a line-up card") for c in _list(d["lineup"], "lineup"))
    houses = []
    for i, h in enumerate(_list(d["houses"], "houses")):
        placed = []
        for p in _list(h, f"house {i + 1}"):
            if not isinstance(p, dict) or not isinstance(p.get("turned"), bool):
                raise MalformedInputError(f"house {i + 1}: each card needs card, x, y, turned, round")
            placed.append(Placed(_int(p["card"], "card"), _int(p["x"], "x"), _int(p["y"], "y"), p["turned"],
                                 _int(p["round"], "round", 0)))
        houses.append(placed)
    if len(houses) != players:
        raise MalformedInputError(f"{players} players need {players} houses, not {len(houses)}")
    used = list(deck) + list(lineup) + [p.card for h in houses for p in h]
    if sorted(used) != sorted(deck_in_use.ids):
        missing = set(deck_in_use.ids) - set(used)
        extra = sorted(c for c in set(used) if used.count(c) > 1 or c not in deck_in_use.by_id)
        raise MalformedInputError(
            f"the cards do not add up to the deck of {len(deck_in_use.ids)}: missing {sorted(missing)}, "
            f"duplicated or unknown {extra}"
        )
    scores = tuple(_int(v, "a score", 0) for v in _list(d["scores"], "scores"))
    lines = tuple(tuple(Line.from_dict(x) for x in _list(ls, "lines")) for ls in _list(d["lines"], "lines"))
    if len(scores) != players or len(lines) != players:
        raise MalformedInputError("scores and lines need one entry per player")
    for i in range(players):
        if sum(line.points for line in lines[i]) != scores[i]:
            raise MalformedInputError(f"player {i + 1}'s score {scores[i]} is not the sum of their score lines")
    markers = tuple(_list(d["markers"], "markers"))
    if len(markers) != players or not all(
        isinstance(m, str) and m == "".join(t for t in TYPES if t in m) and len(m) == len(set(m)) for m in markers
    ):
        raise MalformedInputError("markers must be one string per player of letters F, T, P, G in that order")
    pending = None
    if d["pending"] is not None:
        p = d["pending"]
        runs = tuple(Run(r[0], *(_int(v, "run coordinate") for v in r[1:])) for r in _list(p["runs"], "pending runs"))
        if not all(r.type in TYPES for r in runs):
            raise MalformedInputError("pending runs must have a type F, T, P or G")
        pending = Pending(_int(p["player"], "pending player", 0, players - 1), runs, _int(p["points"], "pending points"),
                          tuple(p["scored"]), tuple(Line.from_dict(x) for x in p["lines"]), _int(p["made"], "made", 0))
    if (phase == "order") != (pending is not None):
        raise MalformedInputError("a state waits for a scoring order exactly when it is in the 'order' phase")
    over = d["over"]
    if (phase == "over") != (over is not None):
        raise MalformedInputError("a finished game needs a reason ('over'), and only a finished game has one")
    if over is not None:
        if not isinstance(over, str):
            raise MalformedInputError(f"over (why the game ended) must be a text, not {over!r}")
        # the reason is worked out again from the final position (its rule with it); a save whose
        # text says otherwise keeps its own words, citing no rule
        end = game_end(scores, len(deck), players)
        over = end if end is not None and over == end else Cited(over, None)
    return SamuraiGardenerState(
        players=players, specialist=opts["specialist"], rng=rng, phase=phase,
        round=_int(d["round"], "round", 0), start=_int(d["start"], "start", 0, players - 1),
        placed=_int(d["placed"], "placed", 0, players), deck=deck, lineup=lineup,
        houses=tuple(House.build(h, deck_in_use) for h in houses), scores=scores, lines=lines, markers=markers,
        pending=pending, over=over, components=deck_in_use, start_player=start_player,
    )
