"""Reading a saved Samurai Gardener game back, checking every field (a hand-edited save gets a clear error).

A save that loads is a game that can go on: besides each field's type and range, the fields must
agree with each other the way play leaves them (the houses dealt so far in a deal, a line-up to
pick from, the lines waiting to be scored under the specialist rule being lines of the house,
the reason a finished game ended). Sizes are checked before contents, and an error names at
most a few offending items.

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.step_chance(rules.initial_state(players=2, seed=3))
>>> state_from_dict(rules, s.to_dict()) == s
True
>>> d = s.to_dict(); d["lineup"] = [d["deck"].pop()]
>>> state_from_dict(rules, d)
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: a 'deal' save has no line-up yet (the starting cards are being dealt), not 1 card(s)
"""
from __future__ import annotations

from collections import Counter

from ...core import Cited, Line, MalformedInputError, Rng
from ...core.checks import flag as _flag
from ...core.checks import whole as _int
from .actions import Run, check_run
from .components import DECK_SIZE, TYPES, default_components, parse_components
from .house import RUN_POINTS, House, Placed
from .state import PHASES, Pending, SamuraiGardenerState, game_end

#: squares further than this from the starting card cannot be reached by 64 cards of 3 squares
MAX_COORD = 3 * DECK_SIZE
#: a game has at most 32 rounds (two players take two cards a round from 62)
MAX_ROUND = DECK_SIZE
#: score lines per player: a card adds at most about 20 (10 lines, refills, the bonus)
MAX_LINES = 32 * DECK_SIZE
#: no player scores this much (a card scores at most 4 x 10 + 6)
MAX_SCORE = 100 * DECK_SIZE
#: the most lines one card can form: two per row and two per column of a 2x3 card
MAX_CARD_LINES = 10
#: how many offending items an error names
SHOWN = 5
#: the longest reason text a finished game keeps
MAX_TEXT = 500


def _list(v, what, most: int | None = None):
    if not isinstance(v, list):
        raise MalformedInputError(f"{what} must be a list, not {type(v).__name__}")
    if most is not None and len(v) > most:
        raise MalformedInputError(f"{what} holds {len(v)} items; at most {most}")
    return v


def _field(d, key, what):
    if not isinstance(d, dict):
        raise MalformedInputError(f"{what} must be an object, not {type(d).__name__}")
    if key not in d:
        raise MalformedInputError(f"{what}: missing field {key!r}")
    return d[key]


def _few(items) -> str:
    items = sorted(items)
    shown = ", ".join(str(i) for i in items[:SHOWN])
    return shown + (f" and {len(items) - SHOWN} more" if len(items) > SHOWN else "") if items else "none"


def _deck(d):
    """The deck a save uses: its own (under "cards", the key saves have always used, or
    "components", the name every game uses), else the shipped one."""
    if "cards" in d and "components" in d:
        raise MalformedInputError("a save gives its deck once: under 'cards' or 'components', not both")
    if "components" in d:
        return parse_components(d["components"])
    return parse_components(d["cards"]) if "cards" in d else default_components()


def _lines(rules, v, what) -> tuple[Line, ...]:
    """Score lines: each a :class:`Line` of points >= 0 citing one of the game's rule ids."""
    out = []
    for i, x in enumerate(_list(v, what, MAX_LINES)):
        try:
            line = Line.from_dict(x)
        except ValueError as e:
            raise MalformedInputError(f"{what}, line {i + 1}: {e}") from None
        if line.rule not in rules.info.rules:
            raise MalformedInputError(f"{what}, line {i + 1}, cites {_short(line.rule)}, which is not a rule of "
                                      "Samurai Gardener (rules.info.rules lists them)")
        if not 0 <= line.points <= MAX_SCORE:
            raise MalformedInputError(f"{what}, line {i + 1}: points must be between 0 and {MAX_SCORE}, not {line.points}")
        out.append(line)
    return tuple(out)


def _short(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:59] + "…")


def _placed(p, where) -> Placed:
    for key in ("card", "x", "y", "turned", "round"):
        _field(p, key, where)
    return Placed(_int(p["card"], f"{where}: card"), _int(p["x"], f"{where}: x", -MAX_COORD, MAX_COORD),
                  _int(p["y"], f"{where}: y", -MAX_COORD, MAX_COORD), _flag(p["turned"], f"{where}: turned"),
                  _int(p["round"], f"{where}: round", 0, MAX_ROUND))


def state_from_dict(rules, d: dict) -> SamuraiGardenerState:
    """Rebuild and check a saved state (``s.to_dict()``); anything inconsistent is refused with the reason."""
    if d.get("version") != 1:
        raise MalformedInputError(f"unknown save version {d.get('version')!r} (this gardenkit reads version 1)")
    for key in ("players", "options", "rng", "phase", "round", "start", "placed", "deck", "lineup", "houses",
                "scores", "lines", "markers", "pending", "over"):
        _field(d, key, "a saved Samurai Gardener game")
    players = _int(d["players"], "players", 2, 5)
    opts = d["options"]
    if not isinstance(opts, dict) or not isinstance(opts.get("specialist"), bool):
        raise MalformedInputError("options.specialist must be true or false")
    specialist = opts["specialist"]
    start_player = _int(opts.get("start_player", 0), "options.start_player", 0, players - 1)
    deck_in_use = _deck(d)
    rng = None if d["rng"] is None else Rng.from_dict(d["rng"])
    phase = d["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise MalformedInputError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    round_no = _int(d["round"], "round", 0, MAX_ROUND)
    start = _int(d["start"], "start", 0, players - 1)
    placed_count = _int(d["placed"], "placed", 0, players)

    # ----- the cards: sizes first, then every card once ---------------------------------------------
    size = len(deck_in_use.ids)
    deck = tuple(_int(c, "a deck card") for c in _list(d["deck"], "deck", size))
    lineup = tuple(_int(c, "a line-up card") for c in _list(d["lineup"], "lineup", players))
    houses = []
    for i, h in enumerate(_list(d["houses"], "houses", players)):
        houses.append(tuple(_placed(p, f"house {i + 1}, card {j + 1}")
                            for j, p in enumerate(_list(h, f"house {i + 1}", size))))
    if len(houses) != players:
        raise MalformedInputError(f"{players} players need {players} houses, not {len(houses)}")
    used = Counter(deck) + Counter(lineup) + Counter(p.card for h in houses for p in h)
    if sum(used.values()) > size:
        raise MalformedInputError(f"the cards do not add up to the deck of {size}: the save holds {sum(used.values())}")
    unknown = [c for c in used if c not in deck_in_use.by_id]
    twice = [c for c, n in used.items() if n > 1]
    missing = [c for c in deck_in_use.ids if c not in used]
    if unknown or twice or missing:
        raise MalformedInputError(
            f"the cards do not add up to the deck of {size}: unknown {_few(unknown)}; "
            f"more than once {_few(twice)}; missing {_few(missing)}"
        )
    if list(deck) != sorted(deck):
        raise MalformedInputError("deck must list its card ids in ascending order (the order of draws is the RNG's)")

    # ----- scores -------------------------------------------------------------------------------------
    scores = tuple(_int(v, "a score", 0, MAX_SCORE) for v in _list(d["scores"], "scores", players))
    lines = tuple(_lines(rules, ls, f"player {i + 1}'s score lines")
                  for i, ls in enumerate(_list(d["lines"], "lines", players)))
    if len(scores) != players or len(lines) != players:
        raise MalformedInputError("scores and lines need one entry per player")
    for i in range(players):
        if sum(line.points for line in lines[i]) != scores[i]:
            raise MalformedInputError(f"player {i + 1}'s score {scores[i]} is not the sum of their score lines")
    markers = tuple(_list(d["markers"], "markers", players))
    if len(markers) != players or not all(
        isinstance(m, str) and m == "".join(t for t in TYPES if t in m) and len(m) == len(set(m)) for m in markers
    ):
        raise MalformedInputError("markers must be one string per player of letters F, T, P, G in that order")
    if specialist and not all(markers):
        raise MalformedInputError("under the specialist rule every player keeps at least one marker "
                                  "(the last one spent brings all four back)")
    if not specialist and any(markers):
        raise MalformedInputError("markers are for the specialist rule only: without it they are empty texts")

    built = tuple(House.build(h, deck_in_use) for h in houses)
    _check_phase(phase, players, start, placed_count, round_no, deck, lineup, houses)
    if any(p.round > round_no for h in houses for p in h):
        raise MalformedInputError(f"a house holds a card of a later round than the game's round {round_no}")

    pending = None
    if d["pending"] is not None:
        if phase != "order":
            raise MalformedInputError("only a state in the 'order' phase has lines waiting to be scored (pending)")
        pending = _pending(rules, d["pending"], players, (start + placed_count) % players, built, houses, round_no)
    if phase == "order":
        if pending is None:
            raise MalformedInputError("a state in the 'order' phase needs its lines waiting to be scored (pending)")
        if not specialist:
            raise MalformedInputError("the 'order' phase (choosing the order lines score in) is for the specialist rule")

    over = d["over"]
    if (phase == "over") != (over is not None):
        raise MalformedInputError("a finished game needs a reason ('over'), and only a finished game has one")
    if over is not None:
        if not isinstance(over, str):
            raise MalformedInputError(f"over (why the game ended) must be a text, not {type(over).__name__}")
        # the reason is worked out again from the final position: the save must say the same
        end = game_end(scores, len(deck), players)
        if end is None:
            raise MalformedInputError("the game is saved as over, but no one has 25 points and the deck can fill "
                                      "another line-up")
        if over != end:
            raise MalformedInputError(f"over must be the reason the final position gives ({str(end)!r}), "
                                      f"not {_short(over)}")
        over = end
    return SamuraiGardenerState(
        players=players, specialist=specialist, rng=rng, phase=phase, round=round_no, start=start,
        placed=placed_count, deck=deck, lineup=lineup, houses=built, scores=scores, lines=lines, markers=markers,
        pending=pending, over=over, components=deck_in_use, start_player=start_player,
    )


def _check_phase(phase, players, start, placed, round_no, deck, lineup, houses) -> None:
    """The counts each phase leaves, so that play can go on from the save."""
    if phase == "deal":
        dealt = [i for i, h in enumerate(houses) if h]
        if lineup:
            raise MalformedInputError(f"a 'deal' save has no line-up yet (the starting cards are being dealt), "
                                      f"not {len(lineup)} card(s)")
        if len(dealt) == players:
            raise MalformedInputError("a 'deal' save with every starting card dealt: the deal is over, "
                                      "the phase would be 'lineup'")
        if round_no != 0 or placed != 0:
            raise MalformedInputError("a 'deal' save is in round 0 with no card placed")
        if dealt != sorted((start + k) % players for k in range(len(dealt))):
            raise MalformedInputError(f"the starting cards are dealt from player {start + 1} on, one each; "
                                      f"dealt are the houses of players {_few(i + 1 for i in dealt)}")
        if any(h != (Placed(h[0].card, 0, 0, False, 0),) for h in houses if h):
            raise MalformedInputError("during the deal a house holds one starting card, upright at (0, 0), of round 0")
        return
    empty = [i + 1 for i, h in enumerate(houses) if not h]
    if empty:
        raise MalformedInputError(f"every house has its starting card once the deal is over; "
                                  f"player(s) {_few(empty)} have none")
    if phase == "over":
        if lineup:
            raise MalformedInputError("a finished game has no line-up left")
        return
    if round_no < 1:
        raise MalformedInputError(f"the {phase!r} phase comes in round 1 or later, not round {round_no}")
    if phase == "lineup":
        if placed != 0:
            raise MalformedInputError("while the line-up is laid out nobody has placed a card this round (placed 0)")
        if len(lineup) >= players:
            raise MalformedInputError(f"a line-up being laid out holds fewer than {players} cards, not {len(lineup)}")
        if len(deck) < players - len(lineup):
            raise MalformedInputError(f"the deck ({len(deck)} card(s)) cannot fill the line-up "
                                      f"({players - len(lineup)} more needed)")
        return
    # place or order: each player who placed took a card (the player choosing an order has taken one)
    if placed >= players:
        raise MalformedInputError(f"in the {phase!r} phase someone has still to place: placed must be under {players}")
    want = players - placed - (1 if phase == "order" else 0)
    if len(lineup) != want:
        raise MalformedInputError(f"with {placed} of {players} players placed, the line-up holds {want} card(s), "
                                  f"not {len(lineup)}")


def _pending(rules, p, players, to_move, houses, placed, round_no) -> Pending:
    """The lines waiting to be scored (specialist rule): lines of 3 to 5 of the player's house
    through the card just placed, each once, with points and counts that agree."""
    for key in ("player", "runs", "points", "scored", "lines", "made"):
        _field(p, key, "pending")
    player = _int(p["player"], "pending player", 0, players - 1)
    if player != to_move:
        raise MalformedInputError(f"the lines waiting to be scored are player {to_move + 1}'s, whose turn it is, "
                                  f"not player {player + 1}'s")
    raw = _list(p["runs"], "pending runs", MAX_CARD_LINES)
    if not raw:
        raise MalformedInputError("pending runs must list at least one line waiting to be scored")
    runs = []
    for i, r in enumerate(raw):
        where = f"pending run {i + 1}"
        if not isinstance(r, list) or len(r) != 5:
            raise MalformedInputError(f"{where} must be [type, x0, y0, x1, y1]")
        if not isinstance(r[0], str) or r[0] not in TYPES:
            raise MalformedInputError(f"{where} must have a type F, T, P or G, not {r[0]!r}")
        run = Run(r[0], *(_int(v, f"{where}: coordinate", -MAX_COORD, MAX_COORD) for v in r[1:]))
        check_run(run, where)
        runs.append(run)
    if len(set(runs)) != len(runs):
        raise MalformedInputError("pending runs list a line twice")
    house, card = houses[player], placed[player][-1]
    if card.round != round_no:
        raise MalformedInputError(f"the lines waiting to be scored come from a card placed this round ({round_no}); "
                                  f"player {player + 1}'s last card is of round {card.round}")
    lines_of_house = set(house.runs())
    footprint = {(card.x + dx, card.y + dy) for dx in (0, 1) for dy in (0, 1, 2)}
    for run in runs:
        if run not in lines_of_house or run.length not in RUN_POINTS:
            raise MalformedInputError(f"pending run {run} is not a line of 3 to 5 squares of player {player + 1}'s house")
        if not footprint & set(run.cells):
            raise MalformedInputError(f"pending run {run} does not go through the card just placed")
    scored = _list(p["scored"], "pending scored", MAX_CARD_LINES)
    if not all(isinstance(t, str) and t in TYPES for t in scored):
        raise MalformedInputError("pending scored must list types F, T, P or G (the lines of this card that scored)")
    lines = _lines(rules, p["lines"], "pending lines")
    points = _int(p["points"], "pending points", 0, MAX_SCORE)
    if points != sum(line.points for line in lines):
        raise MalformedInputError(f"pending points {points} are not the sum of the pending lines")
    made = _int(p["made"], "pending made", 1, MAX_CARD_LINES)
    if made < len(runs) + len(scored):
        raise MalformedInputError(f"the card made {made} line(s): fewer than the {len(runs)} waiting and "
                                  f"the {len(scored)} scored")
    return Pending(player, tuple(runs), points, tuple(scored), lines, made)
