"""Puzzles: "find the best move" positions mined from seeded bot games by the search bot.

A puzzle is a position where the :class:`~gardenkit.bots.SearchBot`'s best move beats the move
that scores most now (the greedy move) by a clear margin, so the learner has something to find:
points now are not the whole story.

**The mining rule** (:func:`mine`, :data:`SETTINGS`). Play seeded bot games (every seat a greedy
bot that plays a random move :data:`WANDER` of the time, so games differ and reach varied
positions); at every position where a player has two or more moves, search it with a fixed
playout budget (:class:`SearchBot` with ``iterations``, so the answer depends only on the seed
and the position, never on the clock) and keep it when

- the search's best move is not the greedy move, and scores *less* now than the greedy move
  (a real trade: points now against the game later);
- its win rate is at least :data:`MIN_WIN_GAIN` (10 points of percentage) better and its mean
  final margin at least :data:`MIN_MARGIN_GAIN` (1 point) better than the greedy move's, measured
  on the same playouts (the search keeps the greedy move to its last round and plays every move's
  k-th playout on the same guess and dice);
- and the same holds, for the same best move, when the position is searched again with another
  seed (:data:`CHECK_SEED_OFFSET`): a puzzle whose answer changes with the seed is noise, not a
  lesson.

Playouts go to the end of the game (``lookahead=None``), so the win rate is the share of games
won. At most :data:`PER_GAME_CAP` puzzles are kept from one game, chosen spread over the game
(early, middle, late), and games of two and three players are mined.

**What the learner sees, and hidden information.** The search only ever sees the position as
the player to move sees it (``rules.observe``). The shipped state is that view made whole again
by ``rules.determinize`` with the puzzle's own ``view_seed``: a state that loads and is checked
like a save, whose view is exactly what the search saw; nothing the player could not know is in
the answer (a search of it gives the same numbers, which the tests check).

**The data** (``gardenkit/games/<game>/puzzles.json``, package data): the miner's version and
settings, then per puzzle its id, the game's seed, players and move number, the position (a save,
``to_dict``), the best and the greedy moves, and every move the search compared with its numbers
(``visits``, ``win_rate``, ``margin``, ``value``, ``points``), so answering a learner needs no
search. :func:`load` reads it back and checks every position like a loaded save.

Regenerate with ``python -m gardenkit.bots.puzzles --game miyabi`` (``--all`` for every game;
``nice`` it: it searches each position twice).

>>> import gardenkit
>>> puzzles = load("miyabi")
>>> len(puzzles) >= 20
True
>>> p = puzzles[0]
>>> rules = gardenkit.make("miyabi")
>>> rules.parse_action(p.state, p.best) in rules.legal_actions(p.state)
True
>>> v = judge(rules, p, p.best)
>>> v.best, v.win_loss, v.margin_loss
(True, 0.0, 0.0)
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import CHANCE, MalformedInputError, Rng

__all__ = [
    "CHECK_SEED_OFFSET", "MIN_MARGIN_GAIN", "MIN_WIN_GAIN", "MINER_VERSION", "PER_GAME_CAP", "SETTINGS", "WANDER",
    "MoveNumbers", "Puzzle", "Verdict", "answer", "judge", "load", "mine", "mine_game", "path_of", "search_position",
]

#: the miner's version, stored with every puzzle (bump it when the rule or the settings change)
MINER_VERSION = 2
#: the data file's format
FORMAT = 1
#: how much better the best move's win rate must be than the greedy move's (a share, 0..1): it
#: must not be worse (where the playouts stop before the end, "won" is "ahead there", which two
#: moves often share; the margin tells them apart)
MIN_WIN_GAIN = 0.0
#: how much better its mean margin must be (points, or demerits the other way)
MIN_MARGIN_GAIN = 1.5
#: the fewest playouts each of the two moves must have had
MIN_VISITS = 12
#: the stability check searches again with ``seed + CHECK_SEED_OFFSET``
CHECK_SEED_OFFSET = 1000
#: the bot games' seats play a random move this share of the time (else the greedy move)
WANDER = 0.25
#: the most puzzles kept from one bot game
PER_GAME_CAP = 3

#: per game: the search (SearchBot keyword arguments; ``iterations`` fixes the budget), the bot
#: games (player counts and seeds) and how many puzzles to keep. Budgets are small (a search of
#: a puzzle takes a fraction of a second) but stable: the check re-search must agree.
SETTINGS: dict[str, dict[str, Any]] = {
    "samurai_gardener": {"search": {"iterations": 96, "candidates": 4, "lookahead": 2, "sample": 100},
                         "players": (2, 3)},
    "miyabi": {"search": {"iterations": 64, "candidates": 6, "lookahead": 2}, "players": (2, 3)},
    "karesansui": {"search": {"iterations": 64, "candidates": 6, "lookahead": 2}, "players": (3, 4)},
    "tang_garden": {"search": {"iterations": 160, "candidates": 4, "lookahead": 2}, "players": (2, 3)},
    "tanuki": {"search": {"iterations": 64, "candidates": 6, "lookahead": 2}, "players": (2, 3)},
}
#: the fixed search settings every game shares (besides the per-game ones above)
_COMMON = {"confidence": 0.0, "keep": 2}
#: SearchBot settings whose defaults changed after the puzzles were mined, held as they were then
#: (not stored with each puzzle: the search is the one the shipped numbers came from): the other
#: players branch in the tree (``opponents="tree"``; the default since is ``"playout"``)
_PINNED = {"opponents": "tree"}
#: puzzles to ship per game
TARGET = 21


@dataclass(frozen=True)
class MoveNumbers:
    """What the search found for one move of a puzzle: its ``notation``, the playouts that began
    with it (``visits``), the share of them won (``win_rate``, a shared win counted as its share),
    the mean final ``margin`` to the best other player (positive is good; demerits counted as
    such), the mean reward the search ranked it by (``value``) and what it scores now
    (``points``, ``rules.action_points``)."""

    notation: str
    visits: int
    win_rate: float
    margin: float
    value: float
    points: int

    def to_dict(self) -> dict:
        return {"move": self.notation, "visits": self.visits, "win_rate": self.win_rate, "margin": self.margin,
                "value": self.value, "points": self.points}


@dataclass(frozen=True)
class Puzzle:
    """One shipped puzzle: ``state`` (a full state, checked like a save) with ``player`` to move;
    the search's ``best`` move and the ``greedy`` move (notations); ``moves``, every move the search
    compared, best first (:class:`MoveNumbers`); ``legal`` (how many legal moves there are);
    where it comes from (the bot game's ``seed``, ``players`` and move number ``ply``, the
    ``view_seed`` of the guess that made the view whole, its ``phase``); and how it was found
    (``search``: the SearchBot settings with its ``seed``; ``check_seed``; ``miner``: the version)."""

    id: str
    game: str
    player: int
    state: Any
    best: str
    greedy: str
    moves: tuple[MoveNumbers, ...]
    legal: int
    seed: int
    players: int
    ply: int
    phase: str
    view_seed: int
    search: dict = field(default_factory=dict)
    check_seed: int = 0
    miner: int = MINER_VERSION

    def numbers(self, notation: str) -> MoveNumbers | None:
        """The search's numbers for a move (None: the search did not compare it)."""
        for m in self.moves:
            if m.notation == notation:
                return m
        return None

    @property
    def best_numbers(self) -> MoveNumbers:
        return self.numbers(self.best)

    @property
    def greedy_numbers(self) -> MoveNumbers:
        return self.numbers(self.greedy)

    def research(self, rules, seed: int | None = None):
        """Search the puzzle's position again with its stored settings (``seed``: the stored one,
        or another): the :class:`~gardenkit.bots.SearchResult`."""
        settings = {k: v for k, v in self.search.items() if k != "seed"}
        return _bot(self.game, self.search["seed"] if seed is None else seed, settings).search(rules, self.state)

    def to_dict(self) -> dict:
        return {"id": self.id, "seed": self.seed, "players": self.players, "ply": self.ply, "phase": self.phase,
                "player": self.player, "view_seed": self.view_seed, "search": dict(self.search),
                "check_seed": self.check_seed, "miner": self.miner, "legal": self.legal, "best": self.best,
                "greedy": self.greedy, "moves": [m.to_dict() for m in self.moves], "state": self.state.to_dict()}


@dataclass(frozen=True)
class Verdict:
    """What a learner's move is worth in a puzzle: ``best`` (it is the answer); the numbers of the
    move (``numbers``, None when the search did not compare it) and of the best move; what it gives
    up against the best (``win_loss``, a share, and ``margin_loss``, points; None when not
    compared); both moves' explanations now (``rules.explain``: points with rule ids); and the
    whole of it in words (``text``)."""

    move: str
    best: bool
    numbers: MoveNumbers | None
    best_numbers: MoveNumbers
    win_loss: float | None
    margin_loss: float | None
    explanation: Any
    best_explanation: Any
    text: str


# ----- the search of one position -------------------------------------------------------------------
def _bot(game: str, seed: int, settings: dict | None = None):
    from .search import SearchBot

    kw = dict(_PINNED)
    kw.update(_COMMON)
    kw.update(settings if settings is not None else SETTINGS[game]["search"])
    kw.pop("seed", None)
    return SearchBot(seed=seed, **kw)


def search_position(rules, state, seed: int, settings: dict | None = None):
    """The search of ``state`` (as its player to move sees it) with the puzzle settings of its game
    and ``seed``: a :class:`~gardenkit.bots.SearchResult`. The same seed and position always give
    the same result (an iteration budget, no clock)."""
    return _bot(rules.info.id, seed, settings).search(rules, state)


def _numbers(result) -> tuple[MoveNumbers, ...]:
    return tuple(MoveNumbers(str(m.action), m.visits, round(m.win_rate, 6), round(m.margin, 6), round(m.value, 6),
                             int(m.points)) for m in result.moves)


def _clear(result, lower_wins: bool, greedy_action=None) -> bool:
    """The mining rule on one search: the best move is not the greedy one, scores no more now,
    was compared with it on the same playouts (at least :data:`MIN_VISITS` each), wins at least as
    often and beats its mean margin by :data:`MIN_MARGIN_GAIN`. ``greedy_action``: the greedy move
    to compare with (default the search's own; the check search is compared with the first
    search's, as several moves may score the most now and each search picks one of them)."""
    if greedy_action is None:
        greedy_action = result.greedy
    best, greedy = result.moves[0], None
    for m in result.moves:
        if m.action == greedy_action:
            greedy = m
    if greedy is None or best.action == greedy_action:
        return False
    sign = -1 if lower_wins else 1
    if sign * best.points > sign * greedy.points:
        return False
    if min(best.visits, greedy.visits) < MIN_VISITS:
        return False
    return (best.win_rate - greedy.win_rate >= MIN_WIN_GAIN - 1e-9
            and best.margin - greedy.margin >= MIN_MARGIN_GAIN - 1e-9)


def _phase(ply: int, length: int) -> str:
    f = ply / max(length, 1)
    return "early" if f < 1 / 3 else ("middle" if f < 2 / 3 else "late")


def _bot_game(rules, players: int, seed: int):
    """A seeded bot game: the list of (move number, state) where a player with two or more moves is
    to act, and the finished game's length in moves. Every seat plays the greedy move (ties broken
    at random), or a random move :data:`WANDER` of the time."""
    from . import GreedyBot

    r = random.Random(f"puzzle-game:{rules.info.id}:{players}:{seed}")
    s = rules.initial_state(players=players, seed=seed)
    positions, ply = [], 0
    ranker = GreedyBot()
    while True:
        p = rules.current_player(s)
        if p is None:
            return positions, ply
        if p is CHANCE:
            s = rules.step_chance(s)
            continue
        actions = rules.legal_actions(s)
        if len(actions) > 1:
            positions.append((ply, s))
        if r.random() < WANDER:
            a = actions[r.randrange(len(actions))]
        else:
            ranked = ranker.ranked(rules, s)
            top = [a for pts, a in ranked if pts == ranked[0][0]]
            a = top[r.randrange(len(top))]
        s = rules.apply(s, a)
        ply += 1


def _view_seed(game: str, seed: int, players: int, ply: int) -> int:
    return random.Random(f"puzzle-view:{game}:{players}:{seed}:{ply}").getrandbits(63)


def make_puzzle(rules, state, *, seed: int, players: int, ply: int, length: int, search_seed: int,
                settings: dict | None = None) -> Puzzle | None:
    """The puzzle at ``state`` if it passes the mining rule (and its check with another seed),
    else None. The shipped state is the player's view made whole by ``rules.determinize``."""
    game = rules.info.id
    player = rules.current_player(state)
    view = rules.observe(state, player)
    view_seed = _view_seed(game, seed, players, ply)
    shown = rules.determinize(view, Rng.from_seed(view_seed))
    settings = dict(settings if settings is not None else SETTINGS[game]["search"])
    result = search_position(rules, shown, search_seed, settings)
    if not _clear(result, rules.info.lower_wins):
        return None
    check = search_position(rules, shown, search_seed + CHECK_SEED_OFFSET, settings)
    if check.moves[0].action != result.moves[0].action or not _clear(check, rules.info.lower_wins, result.greedy):
        return None
    search = dict(_COMMON)
    search.update(settings)
    search["seed"] = search_seed
    return Puzzle(id=f"{game}-{players}p-s{seed}-m{ply}", game=game, player=player, state=shown,
                  best=str(result.moves[0].action), greedy=str(result.greedy), moves=_numbers(result),
                  legal=result.legal, seed=seed, players=players, ply=ply, phase=_phase(ply, length),
                  view_seed=view_seed, search=search, check_seed=search_seed + CHECK_SEED_OFFSET)


def mine_game(game: str, players: int, seed: int, *, cap: int = PER_GAME_CAP, search_seed: int = 0,
              settings: dict | None = None, log=None) -> list[Puzzle]:
    """The puzzles of one seeded bot game: its positions are tried spread over the game (the
    middle of each third first, then outwards) until ``cap`` are found."""
    import gardenkit

    rules = gardenkit.make(game)
    positions, length = _bot_game(rules, players, seed)
    if not positions:
        return []
    # try the positions in an order spread over the game: thirds in turn, from each third's middle
    thirds = [[], [], []]
    for ply, s in positions:
        thirds[min(2, 3 * ply // max(length, 1))].append((ply, s))
    for k, t in enumerate(thirds):
        mid = len(t) // 2
        thirds[k] = [ps for _i, ps in sorted(enumerate(t), key=lambda ips, mid=mid: (abs(ips[0] - mid), ips[0]))]
    order = []
    while any(thirds):
        for t in thirds:
            if t:
                order.append(t.pop(0))
    found = []
    for ply, s in order:
        if len(found) >= cap:
            break
        puzzle = make_puzzle(rules, s, seed=seed, players=players, ply=ply, length=length,
                             search_seed=search_seed, settings=settings)
        if log is not None:
            log(f"{game} {players}p seed {seed} move {ply}: {'PUZZLE ' + puzzle.best if puzzle else '-'}")
        if puzzle is not None:
            found.append(puzzle)
    return sorted(found, key=lambda p: p.ply)


def mine(game: str, target: int = TARGET, *, log=None, max_games: int = 60, first: int = 0,
         step: int = 1, progress=None) -> list[Puzzle]:
    """Mine ``target`` puzzles for ``game``: bot games of each player count of its settings, seeds
    1, 2, 3, … in turn, until there are enough (at most ``max_games`` games). ``first`` and
    ``step``: play only the games ``first``, ``first + step``, … of that series (several processes
    mining one game share it out; :func:`merge` puts their puzzles back in the series' order)."""
    players = SETTINGS[game]["players"]
    found: list[Puzzle] = []
    for g in range(first, max_games, step):
        if len(found) >= target:
            break
        n = players[g % len(players)]
        seed = g // len(players) + 1
        found.extend(mine_game(game, n, seed, log=log))
        if progress is not None:
            progress(found[:target])  # e.g. write the file so far
    return found[:target]


def _series_key(p: Puzzle) -> tuple:
    """Where a puzzle's bot game stands in the series :func:`mine` plays, and its move."""
    players = SETTINGS[p.game]["players"]
    return ((p.seed - 1) * len(players) + players.index(p.players), p.ply)


def merge(game: str, parts: list[list[Puzzle]], target: int = TARGET) -> list[Puzzle]:
    """The puzzles of several processes' shares of one game's series, in the series' order, the
    first ``target`` of them (what one process mining the series alone would keep, given every
    game before the last one kept was played)."""
    every = sorted({p.id: p for part in parts for p in part}.values(), key=_series_key)
    return every[:target]


def from_log(game: str, text: str) -> list[Puzzle]:
    """The puzzles a miner's log names (``<game> <n>p seed <s> move <m>: PUZZLE …`` lines), made
    again from their seeds (the same puzzles: mining is deterministic), in the series' order."""
    import re

    import gardenkit

    rules = gardenkit.make(game)
    wanted = sorted({(int(n), int(seed), int(ply)) for n, seed, ply in
                     re.findall(rf"^{re.escape(game)} (\d+)p seed (\d+) move (\d+): PUZZLE", text, re.M)})
    out, games = [], {}
    for n, seed, ply in wanted:
        if (n, seed) not in games:
            games[(n, seed)] = _bot_game(rules, n, seed)
        positions, length = games[(n, seed)]
        p = make_puzzle(rules, dict(positions)[ply], seed=seed, players=n, ply=ply, length=length, search_seed=0)
        if p is None:
            raise ValueError(f"{game} {n}p seed {seed} move {ply} is no puzzle with these settings")
        out.append(p)
    return sorted(out, key=_series_key)


# ----- the data -----------------------------------------------------------------------------------
def path_of(game: str) -> Path:
    """Where ``game``'s puzzles are shipped: ``gardenkit/games/<game>/puzzles.json``."""
    import gardenkit

    if game not in gardenkit.available_games():
        raise ValueError(f"unknown game {str(game)[:40]!r}; games are: {', '.join(gardenkit.available_games())}")
    return Path(__file__).resolve().parents[1] / "games" / game / "puzzles.json"


def dump(game: str, puzzles: list[Puzzle]) -> dict:
    """The data file's contents for ``puzzles``."""
    return {"format": FORMAT, "game": game, "miner": MINER_VERSION,
            "rule": {"min_win_gain": MIN_WIN_GAIN, "min_margin_gain": MIN_MARGIN_GAIN,
                     "check_seed_offset": CHECK_SEED_OFFSET, "wander": WANDER, "per_game_cap": PER_GAME_CAP},
            "puzzles": [p.to_dict() for p in puzzles]}


def _field(d: dict, name: str, kind, where: str):
    if name not in d:
        raise MalformedInputError(f"{where}: missing field {name!r}")
    v = d[name]
    ok = (isinstance(v, kind) and not isinstance(v, bool)) if kind in (int, float, (int, float)) else isinstance(v, kind)
    if not ok:
        raise MalformedInputError(f"{where}: field {name!r} has the wrong type ({type(v).__name__})")
    return v


def from_dict(rules, d: dict) -> Puzzle:
    """One puzzle read back from its data and checked: the position like a loaded save
    (``rules.from_dict``, ``check_full``, ``check_playable``), the player to move, the moves
    (legal notations, the best and greedy among them). Anything wrong: a
    :class:`~gardenkit.core.errors.MalformedInputError` (a ``ValueError``)."""
    if not isinstance(d, dict):
        raise MalformedInputError(f"a puzzle is a JSON object, not {type(d).__name__}")
    pid = _field(d, "id", str, "a puzzle")
    where = f"puzzle {pid[:60]}"
    state = rules.from_dict(_field(d, "state", dict, where))
    rules.check_full(state)
    rules.check_playable(state)
    player = _field(d, "player", int, where)
    if rules.current_player(state) != player:
        raise MalformedInputError(f"{where}: player {player} is not the one to move")
    legal = rules.legal_actions(state)
    names = {str(a) for a in legal}
    moves = []
    for m in _field(d, "moves", list, where):
        if not isinstance(m, dict):
            raise MalformedInputError(f"{where}: a move's numbers are a JSON object")
        move = _field(m, "move", str, where)
        if move not in names:
            raise MalformedInputError(f"{where}: {move[:40]!r} is not a legal move there")
        moves.append(MoveNumbers(move, _field(m, "visits", int, where), float(_field(m, "win_rate", (int, float), where)),
                                 float(_field(m, "margin", (int, float), where)),
                                 float(_field(m, "value", (int, float), where)), _field(m, "points", int, where)))
    best, greedy = _field(d, "best", str, where), _field(d, "greedy", str, where)
    listed = [m.notation for m in moves]
    if not moves or listed[0] != best or greedy not in listed or len(set(listed)) != len(listed):
        raise MalformedInputError(f"{where}: the best move must come first and the greedy move be among the moves")
    if _field(d, "legal", int, where) != len(legal):
        raise MalformedInputError(f"{where}: it says {d['legal']} legal moves, the position has {len(legal)}")
    search = _field(d, "search", dict, where)
    return Puzzle(id=pid, game=rules.info.id, player=player, state=state, best=best, greedy=greedy, moves=tuple(moves),
                  legal=len(legal), seed=_field(d, "seed", int, where), players=_field(d, "players", int, where),
                  ply=_field(d, "ply", int, where), phase=_field(d, "phase", str, where),
                  view_seed=_field(d, "view_seed", int, where), search=dict(search),
                  check_seed=_field(d, "check_seed", int, where), miner=_field(d, "miner", int, where))


_CACHE: dict[str, tuple[Puzzle, ...]] = {}


def load(game: str, path: str | Path | None = None) -> tuple[Puzzle, ...]:
    """``game``'s shipped puzzles (or those of the file at ``path``), each checked like a save."""
    import gardenkit

    if path is None and game in _CACHE:
        return _CACHE[game]
    rules = gardenkit.make(game) if game in gardenkit.available_games() else None
    if rules is None:
        raise ValueError(f"unknown game {str(game)[:40]!r}; games are: {', '.join(gardenkit.available_games())}")
    from ..core.checks import loads

    p = Path(path) if path is not None else path_of(game)
    data = loads(p.read_bytes(), f"{game} puzzles")
    if not isinstance(data, dict) or data.get("game") != game or data.get("format") != FORMAT:
        raise MalformedInputError(f"{p.name} is not a file of {rules.info.title} puzzles (format {FORMAT})")
    if not isinstance(data.get("puzzles"), list):
        raise MalformedInputError(f"{p.name}: 'puzzles' must be a list")
    puzzles = tuple(from_dict(rules, d) for d in data["puzzles"])
    if len({q.id for q in puzzles}) != len(puzzles):
        raise MalformedInputError(f"{p.name}: two puzzles share an id")
    if path is None:
        _CACHE[game] = puzzles
    return puzzles


# ----- a learner's answer -------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{round(100 * x)} %"


def _later(n: MoveNumbers, unit: str) -> str:
    """What the search expects after a move, in words."""
    m = n.margin
    if unit == "demerit":
        by = f"with {abs(m):.1f} demerits {'fewer' if m >= 0 else 'more'} than the best other player on average"
    else:
        by = f"{abs(m):.1f} {unit}s {'ahead of' if m >= 0 else 'behind'} the best other player on average"
    return f"you are ahead in {_pct(n.win_rate)} of the search's playouts after it, {by}"


def judge(rules, puzzle: Puzzle, move) -> Verdict:
    """What ``move`` (an action or its notation) is worth in ``puzzle``, from the stored numbers (no
    search): the best move, or what it gives up against the best, and why: both moves' points now
    (``rules.explain``, with rule ids) and what the search expects later. The words of a wrong
    answer do not name the best move (``answer`` does). An illegal move: a ``ValueError`` naming
    the rule."""
    s = puzzle.state
    action = rules.parse_action(s, move) if isinstance(move, str) else move
    reason = rules.why_illegal(s, action)
    if reason is not None:
        raise ValueError(f"{action} is not allowed here: {reason}")
    notation = str(action)
    e, be = rules.explain(s, action), rules.explain(s, rules.parse_action(s, puzzle.best))
    mine, top = puzzle.numbers(notation), puzzle.best_numbers
    unit = be.unit
    if notation == puzzle.best:
        greedy = puzzle.greedy_numbers
        ge = rules.explain(s, rules.parse_action(s, puzzle.greedy))
        text = (f"{notation} is the best move. It scores {_points(e)} now, no more than {puzzle.greedy} "
                f"({_points(ge)}), but {_later(top, unit)}; after {puzzle.greedy}, {_pct(greedy.win_rate)} "
                f"and {greedy.margin:+.1f}.")
        return Verdict(notation, True, top, top, 0.0, 0.0, e, be, text)
    if mine is None:
        text = (f"{notation} is not the best move. It scores {_points(e)} now; the search did not compare it "
                f"(it tried the {len(puzzle.moves)} most promising of the {puzzle.legal} moves by points now). "
                f"The best move scores {_points(be)} now, and {_later(top, unit)}.")
        return Verdict(notation, False, None, top, None, None, e, be, text)
    win_loss = round(top.win_rate - mine.win_rate, 6)
    margin_loss = round(top.margin - mine.margin, 6)
    what = "the move that scores most now, but it is not the best" if notation == puzzle.greedy else "not the best move"
    text = (f"{notation} is {what}: against the best move it gives up {margin_loss:.1f} {unit}s of margin "
            f"and {round(100 * win_loss)} points of the share of playouts where you are ahead. It scores "
            f"{_points(e)} now, and {_later(mine, unit)}. The best move scores "
            f"{_points(be)} now, and {_later(top, unit)}.")
    return Verdict(notation, False, mine, top, win_loss, margin_loss, e, be, text)


def answer(rules, puzzle: Puzzle) -> str:
    """The answer in words: the best move, what it scores now and what the search expects of it."""
    be = rules.explain(puzzle.state, rules.parse_action(puzzle.state, puzzle.best))
    g = puzzle.greedy_numbers
    return (f"The best move is {puzzle.best}: it scores {_points(be)} now, and {_later(puzzle.best_numbers, be.unit)}. "
            f"After the move that scores most now, {puzzle.greedy}: {_pct(g.win_rate)} and {g.margin:+.1f}.")


def _points(expl) -> str:
    from ..core.types import points_text
    from .search import scoring_rules

    cited = scoring_rules(expl)
    return points_text(expl.points, bool(expl.lines), expl.unit) + (f" [{', '.join(cited)}]" if cited else "")


# ----- the script ---------------------------------------------------------------------------------
def main(argv=None) -> int:
    import gardenkit

    ap = argparse.ArgumentParser(prog="python -m gardenkit.bots.puzzles",
                                 description="Mine 'find the best move' puzzles from seeded bot games.")
    ap.add_argument("--game", action="append", help="a game id (repeatable)")
    ap.add_argument("--all", action="store_true", help="every registered game")
    ap.add_argument("--target", type=int, default=TARGET, help="puzzles per game")
    ap.add_argument("--out", help="the output file (one game; default: the game's puzzles.json)")
    ap.add_argument("--max-games", type=int, default=60, help="the most bot games per game")
    ap.add_argument("--first", type=int, default=0, help="play the series' games first, first+step, … only")
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--merge", nargs="+", metavar="FILE", help="merge these files of one --game (mined by shares)")
    ap.add_argument("--from-log", metavar="FILE", help="make again the puzzles a miner's log names (one --game)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    games = list(gardenkit.available_games()) if args.all else (args.game or [])
    if not games:
        ap.error("name a --game or --all")
    if args.from_log:
        if len(games) != 1:
            ap.error("--from-log needs one --game")
        game = games[0]
        puzzles = from_log(game, Path(args.from_log).read_text(encoding="utf-8"))
        out = Path(args.out) if args.out else path_of(game)
        out.write_text(json.dumps(dump(game, puzzles), indent=1, sort_keys=False) + "\n", encoding="utf-8")
        print(f"{game}: {len(puzzles)} puzzles made again from the log -> {out}")
        return 0
    if args.merge:
        if len(games) != 1:
            ap.error("--merge needs one --game")
        game = games[0]
        parts = [list(load(game, f)) for f in args.merge]
        puzzles = merge(game, parts, args.target)
        out = Path(args.out) if args.out else path_of(game)
        out.write_text(json.dumps(dump(game, puzzles), indent=1, sort_keys=False) + "\n", encoding="utf-8")
        print(f"{game}: {len(puzzles)} puzzles merged -> {out}")
        return 0
    for game in games:
        log = None if args.quiet else (lambda text: print(text, file=sys.stderr, flush=True))
        out = Path(args.out) if args.out and len(games) == 1 else path_of(game)

        def write(puzzles, game=game, out=out):
            out.write_text(json.dumps(dump(game, puzzles), indent=1, sort_keys=False) + "\n", encoding="utf-8")

        puzzles = mine(game, args.target, log=log, max_games=args.max_games, first=args.first, step=args.step,
                       progress=write)
        write(puzzles)
        print(f"{game}: {len(puzzles)} puzzles -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
