"""The strategy lab, headless: simulate seeded games of any registered game between bots and sum
them up (final scores, win rate by seat and by bot, game length, an option's effect).

A :class:`Setup` names the game, the player count, its options and one bot kind per seat
(:func:`gardenkit.bots.make_bot` kinds). Game ``i`` of a run uses seed ``seed + i`` for the deal
and for every bot, so a run is the same every time; with ``rotate=True`` the bots move one seat
along each game (game ``i`` seats bot ``b`` at ``(b + i) % players``), so a bot's win rate is not
its seat's. :func:`simulate` yields one :class:`GameRecord` per game (a caller may stop between
any two), :func:`summarize` sums records up, :func:`compare` runs two setups on the same seeds.

>>> run = list(simulate(Setup("samurai_gardener", 2, ("greedy", "random")), games=4, seed=1))
>>> len(run), run[0].seed, run[0].bots
(4, 1, ('greedy', 'random'))
>>> s = summarize(run)
>>> s.games, len(s.seat_win_rate), round(sum(s.seat_win_rate), 6)
(4, 2, 1.0)
>>> s.bot_win_rate["greedy"] > s.bot_win_rate["random"]
True
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

import gardenkit

from ..core import CHANCE
from . import make_bot

__all__ = ["GameRecord", "Setup", "Summary", "compare", "histogram", "play_one", "simulate", "summarize"]


@dataclass(frozen=True)
class Setup:
    """What to simulate: ``game`` (an id), ``players``, ``bots`` (one :func:`make_bot` kind per
    seat, or one kind for every seat), ``options`` (``rules.initial_state`` options) and ``rotate``
    (the bots change seats game by game)."""

    game: str
    players: int
    bots: tuple[str, ...] | str = "greedy"
    options: dict = field(default_factory=dict)
    rotate: bool = False

    def __post_init__(self):
        if self.game not in gardenkit.available_games():
            raise ValueError(f"unknown game {self.game!r}; games are: {', '.join(gardenkit.available_games())}")
        info = gardenkit.make(self.game).info
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not (
                info.min_players <= self.players <= info.max_players):
            raise ValueError(f"{info.title} is for {info.min_players} to {info.max_players} players, not {self.players!r}")
        bots = (self.bots,) * self.players if isinstance(self.bots, str) else tuple(self.bots)
        if len(bots) != self.players:
            raise ValueError(f"one bot per seat: {self.players} players, {len(bots)} bots")
        for kind in bots:
            make_bot(kind)  # a clear ValueError for an unknown kind
        object.__setattr__(self, "bots", bots)
        if not isinstance(self.options, dict):
            raise ValueError(f"options must be a dict, not {type(self.options).__name__}")
        unknown = set(self.options) - set(info.options)
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))} for {info.title}; "
                             f"options are: {', '.join(info.options)}")
        object.__setattr__(self, "options", dict(self.options))


@dataclass(frozen=True)
class GameRecord:
    """One simulated game: its ``seed``, the bot kind in each seat (``bots``), the final ``scores``
    by seat, the ``winners`` (seats; several on a shared win), ``moves`` (the players' decisions,
    chance steps not counted) and ``lower_wins`` (scores are demerits)."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    lower_wins: bool = False

    def share(self, seat: int) -> float:
        """The seat's share of the win: 1, 1/k on a k-way shared win, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def play_one(setup: Setup, seed: int, index: int = 0, max_steps: int = 100_000) -> GameRecord:
    """Play game number ``index`` of a run (seed ``seed``) of ``setup`` to the end."""
    rules = gardenkit.make(setup.game)
    n = setup.players
    shift = index % n if setup.rotate else 0
    kinds = [None] * n
    for b, kind in enumerate(setup.bots):
        kinds[(b + shift) % n] = kind
    bots = [make_bot(kind, seed * 131 + 17 * seat + 1) for seat, kind in enumerate(kinds)]
    s = rules.initial_state(players=n, seed=seed, **setup.options)
    moves = 0
    for _ in range(max_steps):
        p = rules.current_player(s)
        if p is None:
            break
        if p is CHANCE:
            s = rules.step_chance(s)
            continue
        s = rules.apply(s, bots[p].choose(rules, s))
        moves += 1
    else:
        raise RuntimeError(f"game {seed} did not end within {max_steps} steps")
    outcome = rules.outcome(s)
    return GameRecord(seed, tuple(kinds), tuple(outcome.scores), tuple(outcome.winners), moves,
                      rules.info.lower_wins)


def simulate(setup: Setup, games: int, seed: int = 0):
    """Yield the records of ``games`` games of ``setup``, seeds ``seed``, ``seed + 1``, …"""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    for i in range(games):
        yield play_one(setup, seed + i, i)


@dataclass(frozen=True)
class Summary:
    """What a run of games says: ``games``; per seat: ``seat_win_rate`` (win shares; they sum to
    1), ``seat_ci`` (95 % Wilson intervals), ``seat_mean`` (mean final score), ``scores`` (every
    final score); per bot kind: ``bot_win_rate`` (its mean share per seat it held) and
    ``bot_games`` (seats it held); ``lengths`` (decisions per game) and ``mean_length``;
    ``winning_score`` (the mean of the winners' scores; NaN when no game had a winner, a solo
    game lost every time); ``lower_wins``."""

    games: int
    seat_win_rate: tuple[float, ...]
    seat_ci: tuple[tuple[float, float], ...]
    seat_mean: tuple[float, ...]
    scores: tuple[tuple[int, ...], ...]
    bot_win_rate: dict
    bot_games: dict
    lengths: tuple[int, ...]
    mean_length: float
    winning_score: float
    lower_wins: bool

    @property
    def seat_advantage(self) -> float:
        """The first seat's win rate over its fair share (1/players): positive, seat 1 is ahead."""
        n = len(self.seat_win_rate)
        return self.seat_win_rate[0] - 1.0 / n if n else 0.0


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion ``p`` seen in ``n`` trials.

    >>> [round(x, 3) for x in wilson(0.5, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(records) -> Summary:
    """Sum up game records of one setup (one player count)."""
    records = list(records)
    if not records:
        raise ValueError("no games to sum up")
    n = len(records[0].scores)
    if any(len(r.scores) != n for r in records):
        raise ValueError("records of different player counts cannot be summed up together")
    k = len(records)
    win = tuple(sum(r.share(p) for r in records) / k for p in range(n))
    scores = tuple(tuple(r.scores[p] for r in records) for p in range(n))
    shares, seats = {}, {}
    for r in records:
        for p, kind in enumerate(r.bots):
            shares[kind] = shares.get(kind, 0.0) + r.share(p)
            seats[kind] = seats.get(kind, 0) + 1
    lengths = tuple(r.moves for r in records)
    winning = [r.scores[w] for r in records for w in r.winners[:1]]
    return Summary(k, win, tuple(wilson(w, k) for w in win), tuple(statistics.fmean(s) for s in scores), scores,
                   {b: shares[b] / seats[b] for b in shares}, seats, lengths, statistics.fmean(lengths),
                   statistics.fmean(winning) if winning else math.nan, records[0].lower_wins)


def compare(a: Setup, b: Setup, games: int, seed: int = 0) -> tuple[Summary, Summary]:
    """Two setups (an option off and on, 3 and 6 players) on the same seeds: their summaries."""
    return summarize(simulate(a, games, seed)), summarize(simulate(b, games, seed))


def histogram(values, bins: int = 10) -> tuple[list[float], list[int]]:
    """Counts of ``values`` in ``bins`` equal bins of whole numbers: (the bins' lower edges, counts).

    >>> histogram([1, 2, 2, 3, 9], bins=4)   # bins 3 wide: 1-3, 4-6, 7-9
    ([1.0, 4.0, 7.0], [4, 0, 1])
    >>> histogram([5, 5], bins=3)
    ([5.0], [2])
    """
    values = list(values)
    if not values:
        return [], []
    lo, hi = min(values), max(values)
    if lo == hi:
        return [float(lo)], [len(values)]
    width = max(1.0, math.ceil((hi - lo + 1) / bins))
    edges = [lo + i * width for i in range(bins) if lo + i * width <= hi]
    counts = [0] * len(edges)
    for v in values:
        counts[min(int((v - lo) // width), len(edges) - 1)] += 1
    return [float(e) for e in edges], counts
