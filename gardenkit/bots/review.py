"""The post-game review: the search bot's verdict on every move a learner made in a finished game.

For each of the learner's decisions (the states of the game where their seat was to act), the
search looks at the position as the learner saw it (:meth:`SearchBot.search` asks
``rules.observe`` for the seat's view and fills the hidden parts by its own determinisations, as
the hint does) and keeps the move the learner played among its candidates to the last round
(``also=``), so the move played and the search's best move get their numbers from the same
playouts: the share of playouts won (``win_rate``) and the mean final margin over the best other
player (``margin``; points, or demerits counted against, as the game scores). The *loss* of a move
is the best move's margin minus the played move's (ties told apart by the win rates); the three
costliest moves are explained: what each of the two moves scores now, with the rule ids of its
points (``rules.explain``), and what the search expects of each later.

A move with one legal action (forced) is listed but not searched. The review is deterministic
for a seed and an iteration budget (each position's search is seeded by the seed and the view,
:class:`SearchBot`); a ``stop`` event ends it early (the moves reviewed so far are answered) and
``progress(done, total)`` is told after every position.

>>> import gardenkit
>>> from gardenkit.bots import GreedyBot, play_game
>>> from gardenkit.core import Timeline
>>> rules = gardenkit.make("samurai_gardener")
>>> t = Timeline(rules, rules.initial_state(players=2, seed=3))
>>> bots = [GreedyBot(1), GreedyBot(2)]
>>> while rules.current_player(t.state) is not None:
...     p = rules.current_player(t.state)
...     t.step_chance() if p is gardenkit.CHANCE else t.play(bots[p].choose(rules, t.state))
>>> r = review_game(rules, t, seat=0, seed=1, iterations=16)
>>> [m.played for m in r.moves] == [a for s, a, _ in t.steps() if rules.current_player(s) == 0]
True
>>> len(r.costliest) <= 3 and all(m.loss > 0 for m in r.costliest)
True
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import Rng, Timeline
from ..core.types import points_text
from .search import MoveStats, SearchBot, SearchResult, scoring_rules

__all__ = ["REVIEW_ITERATIONS", "REVIEW_MS", "MoveReason", "Review", "ReviewMove", "review_bot", "review_game",
           "review_steps"]

#: the review's default budget per position: at most this many playouts ...
REVIEW_ITERATIONS = 60
#: ... and at most this many milliseconds (a game of some 30 decisions of yours: a few seconds)
REVIEW_MS = 150.0

#: a loss (in points of margin) up to which a move counts as "good" rather than an inaccuracy,
#: and from which it is a "mistake"
GOOD_LOSS = 1.0
MISTAKE_LOSS = 3.0


@dataclass(frozen=True)
class MoveReason:
    """Why a costly move cost what it did: what the move played (``played_*``) and the search's best
    move (``best_*``) score now (``points`` in ``unit``s) with the rule ids of those points (``rules``:
    the explanation's lines that score, else every rule it cites), and the whole of it in words
    (``text``, rule ids written in it)."""

    played_points: int
    played_rules: tuple[str, ...]
    best_points: int
    best_rules: tuple[str, ...]
    unit: str
    text: str


@dataclass(frozen=True)
class ReviewMove:
    """One decision of the learner: ``number`` (1: their first), ``index`` (how many moves of the game,
    chance included, were played before it: the timeline position that shows it), the ``state``
    before it (the real one; the search saw only the seat's view), the move ``played``, the
    search's ``best`` move, both moves' :class:`MoveStats` from the same search (``played_stats``,
    ``best_stats``) and the search's ``iterations``. ``forced``: it was the only legal move (not
    searched; no numbers). ``reason``: a :class:`MoveReason` for the three costliest moves."""

    number: int
    index: int
    state: object
    played: object
    best: object = None
    played_stats: MoveStats | None = None
    best_stats: MoveStats | None = None
    iterations: int = 0
    forced: bool = False
    reason: MoveReason | None = None

    @property
    def margin_loss(self) -> float:
        """The best move's mean margin minus the played move's (0 for a forced move; may be
        below 0 where the move played did better in these playouts than the search's choice)."""
        if self.forced:
            return 0.0
        return self.best_stats.margin - self.played_stats.margin

    @property
    def win_loss(self) -> float:
        """The best move's win rate minus the played move's (0..1 scale; 0 for a forced move)."""
        if self.forced:
            return 0.0
        return self.best_stats.win_rate - self.played_stats.win_rate

    @property
    def loss(self) -> float:
        """What the move played gave up against the search's best, in points of margin (never below 0)."""
        return max(0.0, self.margin_loss)

    @property
    def verdict(self) -> str:
        """``forced``, ``best`` (the search's own move, or one no worse in its playouts), ``good``
        (gave up less than :data:`GOOD_LOSS` of margin), ``inaccuracy``, or ``mistake`` (from
        :data:`MISTAKE_LOSS`)."""
        if self.forced:
            return "forced"
        if self.played == self.best or (self.margin_loss <= 0 and self.win_loss <= 0):
            return "best"
        if self.loss < GOOD_LOSS:
            return "good"
        return "inaccuracy" if self.loss < MISTAKE_LOSS else "mistake"


@dataclass(frozen=True)
class Review:
    """A reviewed game: the learner's ``seat``, every decision of theirs in order (``moves``; a
    review that was stopped holds those reviewed before the stop), the three costliest
    (``costliest``: the same :class:`ReviewMove` values, costliest first, each with its
    ``reason``), the ``seed`` and budget (``iterations``, ``time_ms``) it was made with, how many
    decisions the game had (``total``) and whether it was ``stopped`` early."""

    game: str
    seat: int
    moves: tuple[ReviewMove, ...]
    costliest: tuple[ReviewMove, ...]
    seed: int
    iterations: int | None
    time_ms: float | None
    total: int
    stopped: bool = False
    unit: str = "point"

    @property
    def complete(self) -> bool:
        return not self.stopped and len(self.moves) == self.total


def review_bot(seed: int = 0, iterations: int | None = REVIEW_ITERATIONS, time_ms: float | None = REVIEW_MS) -> SearchBot:
    """The search the review runs at every position: ``SearchBot(seed, iterations, time_ms, keep=2)``
    (the halving stops at two moves, so the best and the move played meet in the last round)."""
    return SearchBot(seed=seed, iterations=iterations, time_ms=time_ms, keep=2)


def _decisions(rules, game, seat):
    """``(index, state, action)`` of every decision of ``seat`` in ``game`` (a Timeline, or a pair
    ``(initial state, actions)``), every action checked by the rules again."""
    if isinstance(game, Timeline):
        if game.rules.info.id != rules.info.id:
            raise ValueError(f"this timeline is of the game {game.rules.info.id!r}, not {rules.info.id!r}")
        steps = game.steps()
    elif isinstance(game, (tuple, list)) and len(game) == 2 and isinstance(game[1], (tuple, list)):
        initial, actions = game
        try:
            rules.check_full(initial)
        except (AttributeError, TypeError):
            raise ValueError(f"a game to review starts from a {rules.info.title} state, not "
                             f"{type(initial).__name__}") from None
        t = Timeline(rules, initial)
        for a in actions:
            t.play(a)
        steps = t.steps()
    else:
        raise ValueError("a game to review is a Timeline or a pair (initial state, actions), not "
                         f"{type(game).__name__}")
    final = steps[-1][2] if steps else (game.state if isinstance(game, Timeline) else game[0])
    if rules.current_player(final) is not None:
        raise ValueError("only a finished game is reviewed: this one is still going on")
    players = final.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"the seat to review is a whole number from 0 to {players - 1}, not {str(seat)[:40]!r}")
    return [(i, before, a) for i, (before, a, _after) in enumerate(steps) if rules.current_player(before) == seat]


def _scoring_rules(e) -> tuple[str, ...]:
    return scoring_rules(e) or tuple(e.rules)


def _numbers(stats: MoveStats) -> str:
    return f"margin {stats.margin:+.1f}, won or ahead in {round(100 * stats.win_rate)} %"


def _reason(rules, move: ReviewMove, unit: str) -> MoveReason:
    """What the played and best moves of ``move`` score now (``rules.explain``, with rule ids) and
    what the search expects later, as values and in words."""
    mine, best = rules.explain(move.state, move.played), rules.explain(move.state, move.best)
    mine_rules, best_rules = _scoring_rules(mine), _scoring_rules(best)

    def now(e, cited) -> str:
        ids = f" [{', '.join(cited)}]" if cited else ""
        return f"{points_text(e.points, bool(e.lines), e.unit)} now{ids}"

    sign = _sign(rules)
    later = ("gives up a little now and does better later" if best.points * sign < mine.points * sign
             else "does as well now and better later" if best.points == mine.points else "does better now")
    text = (f"You played {move.played} ({now(mine, mine_rules)}); the search prefers {move.best} "
            f"({now(best, best_rules)}), which {later}. In the same {move.iterations} playouts: "
            f"{move.best}: {_numbers(move.best_stats)}; {move.played}: {_numbers(move.played_stats)}. "
            f"Yours gave up {move.loss:.1f} {unit}s of margin.")
    return MoveReason(mine.points, mine_rules, best.points, best_rules, mine.unit, text)


def _sign(rules) -> int:
    return -1 if rules.info.lower_wins else 1


def review_game(rules, game, seat: int, *, seed: int = 0, iterations: int | None = REVIEW_ITERATIONS,
                time_ms: float | None = REVIEW_MS, stop=None, progress=None) -> Review:
    """Review the finished ``game`` (a :class:`~gardenkit.core.Timeline`, or ``(initial state,
    actions)``) for the player in ``seat`` (0-based): every decision of theirs in order, each
    searched by :func:`review_bot` ``(seed, iterations, time_ms)`` from their view with the move
    they played kept to the end (``SearchBot.search(rules, state, also=played)``), and the three
    costliest explained. ``iterations``/``time_ms``: the budget per position (None: no bound of
    that kind; give iterations alone for a review that is the same every run). ``stop``: a
    ``threading.Event``; once set, the review ends at its next playout, keeping the moves reviewed
    before. ``progress(done, total)``: called after each decision. Bad input (another game, an
    unfinished game, a seat out of range, a bad seed or budget) is a ``ValueError``.
    (:func:`review_steps` is the same review one decision at a time.)"""
    steps = review_steps(rules, game, seat, seed=seed, iterations=iterations, time_ms=time_ms, stop=stop)
    while True:
        try:
            done, total = next(steps)
        except StopIteration as end:
            return end.value
        if progress is not None:
            progress(done, total)


def review_steps(rules, game, seat: int, *, seed: int = 0, iterations: int | None = REVIEW_ITERATIONS,
                 time_ms: float | None = REVIEW_MS, stop=None):
    """:func:`review_game` as a generator: it yields ``(done, total)`` after each decision
    reviewed and returns the :class:`Review` (what a caller without threads runs a slice at a
    time: the static site's event loop). Its input is checked before the first step."""
    return _review_steps(rules, game, seat, review_bot(seed, iterations, time_ms), _decisions(rules, game, seat),
                         seed, iterations, time_ms, stop)


def _review_steps(rules, game, seat, bot, decisions, seed, iterations, time_ms, stop):
    total = len(decisions)
    unit = "demerit" if rules.info.lower_wins else "point"
    moves: list[ReviewMove] = []
    stopped = False
    for number, (index, state, played) in enumerate(decisions, 1):
        if stop is not None and stop.is_set():
            stopped = True
            break
        if len(rules.legal_actions(state)) == 1:
            moves.append(ReviewMove(number, index, state, played, played, forced=True))
        else:
            result: SearchResult = bot.search(rules, state, stop=stop, also=played)
            if stop is not None and stop.is_set():  # cut short: its numbers are not the budget's
                stopped = True
                break
            by_action = {m.action: m for m in result.moves}
            moves.append(ReviewMove(number, index, state, played, result.action, by_action[played],
                                    by_action[result.action], result.iterations))
        yield len(moves), total
    ranked = sorted((m for m in moves if not m.forced and m.loss > 0 and m.played != m.best),
                    key=lambda m: (-m.margin_loss, -m.win_loss, m.number))[:3]
    explained = {m.number: _with_reason(rules, m, unit) for m in ranked}
    moves = [explained.get(m.number, m) for m in moves]
    costliest = tuple(explained[m.number] for m in ranked)
    return Review(rules.info.id, seat, tuple(moves), costliest, seed, iterations, time_ms, total, stopped, unit)


def _with_reason(rules, move: ReviewMove, unit: str) -> ReviewMove:
    return replace(move, reason=_reason(rules, move, unit))
