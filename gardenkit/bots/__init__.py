"""Bots that play any game through the contract only.

>>> import gardenkit
>>> from gardenkit.bots import GreedyBot, play_game
>>> rules = gardenkit.make("samurai_gardener")
>>> final = play_game(rules, rules.initial_state(players=2, seed=3), [GreedyBot(1), GreedyBot(2)])
>>> rules.is_terminal(final)
True
"""
from __future__ import annotations

from ..core import CHANCE, Rng
from .review import Review, ReviewMove, review_game
from .search import HINT_MS, Hint, HintMove, MoveStats, SearchBot, SearchResult, search_hint

__all__ = [
    "BOTS", "HINT_MS", "SEARCH_LEVELS", "GreedyBot", "Hint", "HintMove", "MoveStats", "RandomBot", "Review",
    "ReviewMove", "SearchBot", "SearchResult", "greedy_hint", "hint", "make_bot", "play_game", "review_game",
    "search_hint",
]


class RandomBot:
    """Picks uniformly among the legal actions, with its own seed (never the global ``random``)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._rng = Rng.from_seed(seed)

    def choose(self, rules, state):
        actions = rules.legal_actions(state)
        i, self._rng = self._rng.below(len(actions))
        return actions[i]


class GreedyBot:
    """Takes the action that gains the most points now; ties broken by its seed.

    It ranks by ``rules.action_points`` (the contract's ``explain(...).points``, which a game
    may answer faster), so it scores moves with exactly the code that applies them.
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self._rng = Rng.from_seed(seed)

    def ranked(self, rules, state):
        """``(points, action)`` for every legal action, best first (stable order among equals);
        in a game scored in demerits (``rules.info.lower_wins``) the fewest come first."""
        sign = 1 if rules.info.lower_wins else -1
        scored = [(rules.action_points(state, a), a) for a in rules.legal_actions(state)]
        scored.sort(key=lambda pa: sign * pa[0])
        return scored

    def choose(self, rules, state):
        ranked = self.ranked(rules, state)
        best = [a for p, a in ranked if p == ranked[0][0]]
        i, self._rng = self._rng.below(len(best))
        return best[i]


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}

#: the search bot's difficulties: keyword arguments of :class:`SearchBot` (a budget per move: its
#: playouts, and a time limit it keeps at every move, whichever comes first). ``search`` thinks at
#: most 0.8 s a move (its slowest moves, measured by ``benchmarks/bench_bots.py`` in CPU time, stay
#: under a second in every game); ``search-strong`` thinks longer.
SEARCH_LEVELS = {
    "search-easy": {"iterations": 24, "time_ms": 400},
    "search": {"iterations": 300, "time_ms": 800},
    "search-strong": {"iterations": 800, "time_ms": 3000},
}


def make_bot(kind: str, seed: int = 0):
    """A bot by name: ``random``, ``greedy``, or a search bot, ``search-easy``, ``search`` or
    ``search-strong`` (:data:`SEARCH_LEVELS`: its playouts per move, and a time limit).

    >>> make_bot("search-easy", 3)
    SearchBot(seed=3, iterations=24, time_ms=400)
    """
    if kind in SEARCH_LEVELS:
        return SearchBot(seed, **SEARCH_LEVELS[kind])
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; bots are: {', '.join(list(BOTS) + list(SEARCH_LEVELS))}")
    return BOTS[kind](seed)


def hint(rules, state, *, budget_ms: float | None = HINT_MS, seed: int = 0, iterations: int | None = None,
         stop=None) -> Hint:
    """The hint for the player to act, what every game view's Hint button shows: the search bot's
    move and the next two, each with its win rate and margin from the search and what it scores now
    with rule ids (:func:`search_hint`, with the hint budget :data:`HINT_MS` unless told otherwise;
    it sees only what the player may see). The move that scores most now is :func:`greedy_hint`.

    >>> import gardenkit
    >>> rules = gardenkit.make("miyabi")
    >>> s = rules.initial_state(players=2, seed=2)
    >>> while rules.current_player(s) is gardenkit.CHANCE:
    ...     s = rules.step_chance(s)
    >>> h = hint(rules, s, budget_ms=None, iterations=30, seed=1)
    >>> h.action in rules.legal_actions(s), h.text.startswith(f"Play {h.moves[0].notation} (")
    (True, True)
    """
    return search_hint(rules, state, budget_ms=budget_ms, seed=seed, iterations=iterations, stop=stop)


def greedy_hint(rules, state):
    """The move that scores most now for the player to act (the greedy bot's first choice) and its
    explanation: ``(action, rules.explain(state, action))``. The hint without a search."""
    player = rules.current_player(state)
    if player is None or player is CHANCE:
        raise ValueError("a hint needs a player to act")
    ranked = GreedyBot().ranked(rules, state)
    best = ranked[0][1]
    return best, rules.explain(state, best)


def play_game(rules, state, bots, max_steps: int = 100_000):
    """Play to the end: chance nodes with the state's seed, player ``i`` with ``bots[i]``."""
    for _ in range(max_steps):
        player = rules.current_player(state)
        if player is None:
            return state
        if player is CHANCE:
            state = rules.step_chance(state)
        else:
            state = rules.apply(state, bots[player].choose(rules, state))
    raise RuntimeError(f"game did not end within {max_steps} steps")
