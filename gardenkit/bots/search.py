"""SearchBot: Monte Carlo tree search for any game, through the contract only.

The bot never looks at the real state. It asks ``rules.observe(state, me)`` for what its seat
may see, and every iteration of the search plays on one *determinisation* of that view,
``rules.determinize(view, rng)``: the hidden parts (the order of a deck, a bag or a box; a game's
face-down cards) filled in at random, consistently with what the seat saw. One tree gathers all
of them (single-observer information-set MCTS): a node is a sequence of moves and chance
outcomes from the root, and a move legal in one guess and not in another is counted only where
it was available.

- **The root** (the searching player's own move; its moves are the same in every guess) spends
  the budget by *sequential halving*: the most promising moves by points now
  (``rules.action_points``; fewest first in a game counted in demerits; ties in a seeded random
  order), the greedy move always among them, each get the same share of playouts; the better
  half goes on to the next round, and so on. The k-th playout of every move plays on the k-th
  guess of one fixed series, with the same dice for the playout (common random numbers): moves
  are compared on the same luck, not drowned in the luck of the draw. The greedy move stays in
  to the end as the baseline, and the search's best replaces it only when it did better on the
  same playouts by more than ``confidence`` standard errors: where luck drowns what the playouts
  can tell (many players, a few hundred playouts), the bot keeps the sure points. A best move that
  scores as much now as the greedy one gives up nothing sure and is played without that test.
- **Below the root**, the searching player's own later moves: UCB1 on its mean reward, with
  progressive widening (a node offers its moves best-first by points now and lets in more as it
  is visited more) and availability counts. The other players move as the playouts have them move
  (``opponents="playout"``, the default): their replies are not branched on, so the k-th playouts
  of two root moves differ by the root move and what follows from it, not by an opponent's reply
  tried for exploration (with a few dozen playouts a move, most of a root move's playouts met a
  reply tried for exploration). Against greedy bots, with the rule for equal points above and
  measured together, 2-player Samurai Gardener went from 60 % to 70 % of the same 100 games (64 %
  of 80 games on other seeds; docs/benchmarks.md, "Search bot against greedy bots" > "2-player
  Samurai Gardener", has today's 70 % and 64 %; the old search's 60 %, played on the same games,
  is in the README before c8bfc96); against people it is a model, not measured. ``opponents="tree"``:
  every player's moves branch, UCB1 on the mover's own reward (everyone plays for itself), as the
  bot searched before. **Chance** nodes (deals, draws) are resolved by the guessed state's own
  generator, so each outcome comes with its probability (``rules.sample_chance``), and branch the
  tree.
- **Playouts** go on with a cheap policy (``"greedy"``: the move that scores most now, of all or of
  a few sampled moves, sometimes a random one; or ``"random"``) until the searching player has
  made ``lookahead`` more moves and the game is ``rules.settled`` (its totals tell how the players
  stand), or to the end (``lookahead=None``). With ``endgame=k``, near the end of a game (one
  greedy playout of one guess ends within ``k`` moves, everyone's counted) every playout goes to
  the end. Off by default: measured on 2-player Samurai Gardener (a whole game is about ten
  moves, so every playout then goes to the end) it won no more against greedy bots (63 % of 46
  games against 66 % of 61) at three times the cost of a playout.
- **Rewards**, for each player: the score margin over the best other player (demerits count
  against; where a playout stops early, the totals as the game's end scoring would leave them,
  ``rules.projected_scores``), squashed into 0..1; a playout that reaches the end also counts the win (1, a shared
  win 1/k) for ``win_weight`` of it.

The bot's generator is seeded from its ``seed`` and the view it searches, so the same seed,
view and iteration budget give the same move: the deterministic mode (``iterations`` and no
``time_ms``) that the tests, the puzzles and the review's tests use. A time budget stops wherever
the clock says (``clock="wall"``, the default: the time a person waits, what the hint and the
game views use; ``"cpu"``: the searching thread's CPU time, what ``benchmarks/bench_bots.py``
counts on a shared machine), so its move depends on the machine's speed.

>>> import gardenkit
>>> from gardenkit.bots import SearchBot
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.initial_state(players=2, seed=4)
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> a = SearchBot(seed=1, iterations=40).choose(rules, s)
>>> a in rules.legal_actions(s), a == SearchBot(seed=1, iterations=40).choose(rules, s)
(True, True)
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import random
import time
from dataclasses import dataclass

from ..core import CHANCE, Rng

#: what ``SearchBot()`` spends on a move when given no budget
DEFAULT_ITERATIONS = 200
#: what a ``time_ms`` budget counts: ``"wall"`` (the time a person waits) or ``"cpu"`` (the CPU time of the
#: searching thread: on a machine shared with other work, what the search would spend on a quiet one)
#: (Pyodide, the static site's Python, has no per-thread clock: there its only thread's is the process's)
_CLOCKS = {"wall": time.perf_counter, "cpu": getattr(time, "thread_time", time.process_time)}
_MASK = (1 << 64) - 1


@dataclass(frozen=True)
class MoveStats:
    """What the search found out about one move at the root: ``visits`` (playouts that began with
    it), ``win_rate`` (the share of those the searching player won, a shared win counted as its
    share; a playout stopped before the end counts who was ahead there), ``margin`` (the mean score
    difference to the best other player where the playouts stopped; positive is good, demerits
    counted as such), ``value`` (the mean reward the search ranked it by) and ``points`` (what it
    scores now, ``rules.action_points``)."""

    action: object
    visits: int
    win_rate: float
    margin: float
    value: float
    points: int


@dataclass(frozen=True)
class SearchResult:
    """A finished search: the ``player`` it searched for, the chosen ``action``, the root moves'
    :class:`MoveStats` (best first: the moves that lasted longest in the halving, then by value),
    how many ``iterations`` (playouts) it ran, in how many milliseconds, how many of the playouts
    reached the end of the game (``finished``) and how many legal moves there were (``legal``)."""

    player: int
    action: object
    moves: tuple[MoveStats, ...]
    iterations: int
    elapsed_ms: float
    finished: int
    legal: int
    greedy: object = None  # the move that scores most now (the greedy bot's choice, up to ties)

    @property
    def playouts_per_second(self) -> float:
        return self.iterations / max(self.elapsed_ms, 1e-6) * 1000.0


class _Node:
    __slots__ = ("children", "visits", "avail", "value", "wins", "margin", "order", "known")

    def __init__(self):
        self.children = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0  # reward sum of the player who moved into this node
        self.wins = 0.0  # win sum of the searching player
        self.margin = 0.0  # margin sum of the searching player
        self.order = None  # moves best-first (player nodes)
        self.known = None  # the set of those moves


class SearchBot:
    """Information-set Monte Carlo tree search through the contract (see the module's text).

    ``iterations`` and/or ``time_ms`` bound each search (whichever comes first; neither: a
    :data:`DEFAULT_ITERATIONS` budget). The rest tune it: ``candidates`` (the most moves the root
    compares; None: as many as the budget gives each about 8 playouts, at least 4),
    ``playout`` ("greedy" or "random"), ``sample`` (the most moves a greedy playout step compares,
    drawn at random: in practice all of them, but for a Karesansui bidder's thousands; None: all),
    ``epsilon`` (its chance of a random move), ``lookahead`` (own moves a playout makes before
    it may stop; None: play to the end), ``endgame`` (where one greedy playout of one guess ends
    within this many moves, everyone's counted, the playouts go to the end; 0, the default: never), ``win_weight`` (a finished playout's reward share for
    winning), ``margin_scale`` (the margin that counts about 3/4 of the way to a full reward),
    ``exploration`` (UCB's c below the root), ``widening`` (a node below the root offers about
    ``widening * sqrt(visits + 1)`` moves) and ``confidence`` (how many standard errors better,
    on the same playouts, the search's best move must be than the move that scores most now to be
    played instead; 0: always the search's best) and ``keep`` (the halving stops at this many moves,
    which the last round then compares on the same playouts: 3 for a hint's three moves),
    ``opponents`` (how the other players move below the root: ``"playout"``, as the playout policy
    has them move; ``"tree"``, branching like the searching player's own moves) and ``clock`` (what a
    ``time_ms`` budget counts: ``"wall"`` time or the searching thread's ``"cpu"`` time).
    """

    name = "search"

    def __init__(self, seed: int = 0, iterations: int | None = None, time_ms: float | None = None, *,
                 candidates: int | None = None, playout: str = "greedy", sample: int | None = 400,
                 epsilon: float = 0.0, lookahead: int | None = 1, endgame: int = 0, win_weight: float = 0.5,
                 margin_scale: float = 10.0, exploration: float = 0.7, widening: float = 2.0,
                 confidence: float = 1.0, keep: int = 1, clock: str = "wall",
                 opponents: str = "playout"):
        Rng.from_seed(seed)  # the same checks as every seed
        for name, v in (("iterations", iterations), ("time_ms", time_ms)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0):
                raise ValueError(f"{name} must be a positive number or None, not {v!r}")
        for name, v in (("candidates", candidates), ("sample", sample), ("lookahead", lookahead), ("keep", keep),
                        ("endgame", endgame)):
            if (v is not None or name == "endgame") and (
                    isinstance(v, bool) or not isinstance(v, int) or v < (0 if name in ("lookahead", "endgame") else 1)):
                raise ValueError(f"{name} must be a whole number or None, not {v!r}")
        if playout not in ("greedy", "random"):
            raise ValueError(f"playout must be 'greedy' or 'random', not {playout!r}")
        if opponents not in ("playout", "tree"):
            raise ValueError(f"opponents must be 'playout' or 'tree', not {opponents!r}")
        if clock not in _CLOCKS:
            raise ValueError(f"clock must be 'wall' or 'cpu', not {clock!r}")
        self.seed = seed
        self.iterations = iterations if iterations is not None or time_ms is not None else DEFAULT_ITERATIONS
        self.time_ms = time_ms
        self.candidates = candidates
        self.playout = playout
        self.sample = sample
        self.epsilon = epsilon
        self.lookahead = lookahead
        self.endgame = endgame
        self.win_weight = win_weight
        self.margin_scale = margin_scale
        self.exploration = exploration
        self.widening = widening
        self.confidence = confidence
        self.keep = keep
        self.clock = clock
        self.opponents = opponents
        self.last: SearchResult | None = None

    def __repr__(self) -> str:
        budget = ", ".join(f"{k}={v}" for k, v in (("iterations", self.iterations), ("time_ms", self.time_ms)) if v)
        return f"SearchBot(seed={self.seed}, {budget})"

    # ----- the public face -----------------------------------------------------------
    def choose(self, rules, state, stop=None):
        """The move for the player to act (what :func:`gardenkit.bots.play_game` asks). ``stop``: a
        ``threading.Event`` that ends the search early when set (its best move so far)."""
        player = rules.current_player(state)
        if player is None or player is CHANCE:
            raise ValueError("SearchBot.choose needs a player to act")
        view = rules.observe(state, player)
        actions = rules.legal_actions(view)
        if len(actions) == 1:  # nothing to think about
            return actions[0]
        self.last = self._search(rules, view, player, stop)
        return self.last.action

    def search(self, rules, state, stop=None, *, also=None) -> SearchResult:
        """Search from the view of the player to act and answer what it found (every root move
        tried, best first). Sees ``rules.observe(state, player)`` only. ``stop``: a
        ``threading.Event``; once set, the search ends at its next playout (what a view does to a
        search it no longer needs). ``also``: a legal move (or its notation) kept among the
        candidates to the last round of the halving, as the greedy move is, so the answer has its
        numbers from the same playouts as the best move's (the post-game review asks this of the
        move a learner played); it never changes which move is chosen over the greedy one. None
        (the default): the search as ever.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = rules.initial_state(players=2, seed=4)
        >>> while rules.current_player(s) is gardenkit.CHANCE:
        ...     s = rules.step_chance(s)
        >>> last = rules.legal_actions(s)[-1]
        >>> r = SearchBot(seed=1, iterations=40).search(rules, s, also=last)
        >>> any(m.action == last for m in r.moves)
        True
        """
        player = rules.current_player(state)
        if player is None or player is CHANCE:
            raise ValueError("a search needs a player to act")
        view = rules.observe(state, player)
        if also is not None:
            also = _root_move(rules, view, also)
        return self._search(rules, view, player, stop, also)

    # ----- the root: sequential halving -------------------------------------------------
    def _search(self, rules, view, me: int, stop=None, also=None) -> SearchResult:
        now = _CLOCKS[self.clock]
        start = now()
        deadline = None if self.time_ms is None else start + self.time_ms / 1000.0

        def late(n: int) -> bool:
            """Stop now: asked to, or one more playout would likely end past the deadline."""
            return (stop is not None and stop.is_set()) or (deadline is not None and self._late(deadline, start, n, now))
        base = _digest(self.seed, view)
        r = random.Random(base)
        root = _Node()
        actions = rules.legal_actions(view)
        root.order, ranked_points = self._ranked(rules, view, actions, r)
        points = dict(zip(root.order, ranked_points))
        greedy = root.order[0]  # the move that scores most now: the baseline, kept to the end
        samples = {}  # root move -> the searching player's reward of each of its playouts, in order
        finished = 0
        lookahead = self.lookahead
        if lookahead is not None and self.endgame and self._moves_left(rules, view, base, self.endgame) <= self.endgame:
            lookahead = None  # near the end: every playout to the end

        def visit(a) -> None:
            nonlocal finished
            done, reward = self._visit(rules, view, me, root, a, base, r, lookahead)
            finished += done
            samples.setdefault(a, []).append(reward)

        if self.iterations is None:  # time only: the first playouts (the best four moves by points) tell the pace
            for i, a in enumerate(root.order[:4]):
                if i and late(i):
                    break
                visit(a)
        n = sum(len(v) for v in samples.values())

        def planned() -> int:
            """The playouts this search will make: its iterations, or what the clock still allows
            at the pace so far (re-estimated each round)."""
            if deadline is None:
                return self.iterations
            t = now()
            more = n + int(max(0.0, deadline - t) / max((t - start) / max(n, 1), 1e-6))
            return more if self.iterations is None else min(self.iterations, more)

        def mean(a) -> float:
            v = samples.get(a)
            return sum(v) / len(v) if v else -1.0

        k = self.candidates or max(4, planned() // 8)
        alive = root.order[:min(k, len(root.order))]
        if also is not None and also not in alive:
            alive.append(also)  # the move asked about: compared to the end, like the greedy move
        rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
        out_of_time = False
        for rnd in range(rounds):
            left = planned() - n
            if left <= 0:
                break
            per_move = max(1, left // (len(alive) * (rounds - rnd)))
            target = max(len(samples.get(a, ())) for a in alive) + per_move
            for a in alive:  # bring every move still in to the same number of playouts
                while len(samples.get(a, ())) < target:
                    if (n > 0 and late(n)) or (
                            self.iterations is not None and n >= self.iterations):
                        out_of_time = True  # out of budget: the moves still in are compared as they are
                        break
                    visit(a)
                    n += 1
                if out_of_time:
                    break
            if out_of_time:
                break
            if len(alive) > 1 and rnd < rounds - 1:
                kept = sorted(alive, key=lambda a: -mean(a))[:max(self.keep, math.ceil(len(alive) / 2))]
                alive = kept if greedy in kept else kept + [greedy]
                if also is not None and also not in alive:
                    alive.append(also)
        alive = sorted(alive, key=lambda a: -mean(a))
        i = 0
        while not out_of_time and (self.iterations is None or n < self.iterations):
            # what the halving's rounding (or the clock) left: to the moves still in, the best first
            if late(n):
                break
            visit(alive[i % len(alive)])
            n += 1
            i += 1
        if also is not None and also not in samples and not (stop is not None and stop.is_set()):
            visit(also)  # a budget smaller than the candidates: the move asked about still has its playout
            n += 1
        alive = sorted(alive, key=lambda a: -mean(a))
        chosen = self._decide(alive[0], greedy, samples, points)
        rank = {a: i for i, a in enumerate(alive)}
        stats = [MoveStats(a, c.visits, c.wins / c.visits, c.margin / c.visits, mean(a), points[a])
                 for a, c in root.children.items() if c.visits]
        # the chosen move first, then the moves still in (best first), then the rest by playouts and value
        stats.sort(key=lambda m: (m.action != chosen, rank.get(m.action, len(rank)), -m.visits, -m.value))
        elapsed = (now() - start) * 1000.0
        return SearchResult(me, chosen, tuple(stats), n, elapsed, finished, len(actions), greedy)

    def _decide(self, best, greedy, samples, points=None):
        """The best move by the search, unless it gives up points now and is not clearly better
        than the move that scores most now: on the playouts both had (the same guesses and dice),
        its mean gain must exceed ``confidence`` standard errors. Where the playouts cannot tell the
        moves apart (many players, much luck), the bot keeps the sure points instead of following
        the noise. A move that scores as much now as the greedy one gives up nothing sure (the
        greedy move is then only the first of equals, in a seeded random order): the search's best."""
        if best == greedy or not self.confidence:
            return best
        if points is not None and points.get(best) == points.get(greedy):
            return best
        a, b = samples.get(best, []), samples.get(greedy, [])
        m = min(len(a), len(b))
        if m < 2:
            return greedy if b else best
        d = [a[i] - b[i] for i in range(m)]
        gain = sum(d) / m
        sd = math.sqrt(sum((x - gain) ** 2 for x in d) / (m - 1))
        return best if gain > self.confidence * sd / math.sqrt(m) else greedy

    @staticmethod
    def _late(deadline: float, start: float, n: int, clock=time.perf_counter) -> bool:
        """Whether one more playout would likely end past the deadline (at the mean pace so far)."""
        now = clock()
        return now + (now - start) / max(n, 1) > deadline

    # ----- one playout -------------------------------------------------------------------
    def _moves_left(self, rules, view, base, limit: int) -> int:
        """The moves (every player's, this one included; chance not counted) from here to the end
        in one greedy playout of one guess; past ``limit`` it stops counting (answers ``limit + 1``)."""
        s = rules.determinize(view, Rng(_mix(base, 1 << 40), 0))
        sign = -1 if rules.info.lower_wins else 1
        mine = 0
        while True:
            p = rules.current_player(s)
            if p is None:
                return mine
            if p is CHANCE:
                s = rules.step_chance(s)
                continue
            mine += 1
            if mine > limit:
                return mine
            actions = rules.legal_actions(s)
            if len(actions) > 1 and self.sample is not None and len(actions) > self.sample:
                actions = actions[:: len(actions) // self.sample + 1]  # a Karesansui bidder's thousands: a spread
            s = rules.apply(s, max(actions, key=lambda a: sign * rules.action_points(s, a)))

    def _visit(self, rules, view, me, root, first, base, r, lookahead) -> tuple[int, float]:
        """One iteration starting with the root move ``first``: a walk down the tree on one
        determinisation, one new node, a playout, the rewards carried back up. Answers (1 if the
        playout reached the end of the game, else 0; the searching player's reward).

        The k-th visit of every root move plays on the k-th guess of one series (and the same
        playout dice): common random numbers for the comparison at the root."""
        node = root.children.get(first)
        if node is None:
            node = root.children[first] = _Node()
        guess = _mix(base, node.visits)
        s = rules.determinize(view, Rng(guess, 0))
        dice = random.Random(guess)
        s = rules.apply(s, first)
        path = [(root, None), (node, me)]
        expanded = node.visits == 0
        modelled = self.opponents == "playout"
        mine = 0  # the searching player's moves since the root move
        while not expanded:
            p = rules.current_player(s)
            if p is None or (lookahead is not None and mine >= lookahead and rules.settled(s)):
                break
            if p is CHANCE:
                a, _ = rules.sample_chance(s)
                s = rules.apply(s, a)
                child = node.children.get(a)
                if child is None:
                    child = node.children[a] = _Node()
                    expanded = True
                node = child
                path.append((node, CHANCE))
                continue
            actions = rules.legal_actions(s)
            if modelled and p != me:  # another player moves as the playouts have it move: no branching on it
                chosen = self._policy_move(rules, s, actions, dice)
                child = node.children.get(chosen)
                if child is None:
                    child = node.children[chosen] = _Node()
                expanded = child.visits == 0
                s = rules.apply(s, chosen)
                node = child
                path.append((node, p))
                continue
            if node.order is None:
                node.order = self._ranked(rules, s, actions, r)[0]
                node.known = set(node.order)
                legal = None
            else:
                new = [a for a in actions if a not in node.known]
                if new:  # moves this guess allows that earlier ones did not
                    node.order += self._ranked(rules, s, new, r)[0]
                    node.known.update(new)
                legal = set(actions) if len(actions) != len(node.known) else None
            chosen = self._select(node, legal)
            expanded = node.children[chosen].visits == 0
            s = rules.apply(s, chosen)
            node = node.children[chosen]
            path.append((node, p))
            mine += p == me
        s, done = self._playout(rules, s, me, mine, dice, lookahead)
        rewards, wins, margins = self._rewards(rules, s, done)
        for nd, mover in path:
            nd.visits += 1
            if mover is not None and mover is not CHANCE:
                nd.value += rewards[mover]
            nd.wins += wins[me]
            nd.margin += margins[me]
        return (1 if done else 0), rewards[me]

    def _select(self, node, legal=None):
        """The move to follow from a node below the root: the first of its offered moves (best
        first, as many as its visits allow) never tried, else the best by UCB1 among them."""
        width = max(1, int(self.widening * math.sqrt(node.visits + 1)))
        children = node.children
        candidates = []
        for a in node.order:
            if legal is None or a in legal:
                child = children.get(a)
                if child is None:
                    child = children[a] = _Node()
                if child.visits == 0:
                    child.avail += 1
                    return a
                candidates.append((a, child))
                if len(candidates) >= width:
                    break
        c = self.exploration
        best, best_score = None, -1.0
        for a, child in candidates:
            child.avail += 1
            score = child.value / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    @staticmethod
    def _ranked(rules, s, actions, r) -> tuple[list, list]:
        """``actions`` best first by the points they score now (fewest demerits first where the
        game counts those), ties in a seeded random order; and their points."""
        sign = -1 if rules.info.lower_wins else 1
        points = rules.action_points
        keyed = sorted((-sign * points(s, a), r.random(), i) for i, a in enumerate(actions))
        return [actions[k[2]] for k in keyed], [-sign * k[0] for k in keyed]

    def _playout(self, rules, s, me, mine, dice, lookahead):
        """Play on with the playout policy until the searching player has made ``lookahead``
        moves (``mine`` made already) and the game is settled, or to the end: (the state, over?)."""
        greedy = self.playout == "greedy"
        sign = -1 if rules.info.lower_wins else 1
        current, legal, apply, step = rules.current_player, rules.legal_actions, rules.apply, rules.step_chance
        points, settled = rules.action_points, rules.settled
        while True:
            p = current(s)
            if p is None:
                return s, True
            if lookahead is not None and mine >= lookahead and settled(s):
                return s, False
            if p is CHANCE:
                s = step(s)
                continue
            s = apply(s, self._policy_move(rules, s, legal(s), dice, greedy, sign, points))
            mine += p == me

    def _policy_move(self, rules, s, actions, dice, greedy=None, sign=None, points=None):
        """The playout policy's move among ``actions``: with ``"greedy"`` the first that scores most
        now (of all, or of ``sample`` drawn with ``dice``), an ``epsilon`` share of the time a random
        one; with ``"random"`` a random one."""
        k = len(actions)
        if k == 1:
            return actions[0]
        if greedy is None:
            greedy, sign, points = self.playout == "greedy", (-1 if rules.info.lower_wins else 1), rules.action_points
        if not greedy or (self.epsilon and dice.random() < self.epsilon):
            return actions[dice.randrange(k)]
        sample = self.sample
        picks = range(k) if sample is None or k <= sample else dice.sample(range(k), sample)
        best, a = None, None
        for i in picks:
            v = sign * points(s, actions[i])
            if best is None or v > best:
                best, a = v, actions[i]
        return a

    def _rewards(self, rules, s, done):
        """Each player's reward (0..1), win share and score margin where a playout stopped (the
        totals as they would stand were the game to end there: ``rules.projected_scores``)."""
        scores = rules.scores(s) if done else rules.projected_scores(s)
        n = len(scores)
        sign = -1 if rules.info.lower_wins else 1
        vals = [sign * v for v in scores]
        winners = None
        if done:
            outcome = rules.outcome(s)
            if outcome is not None:
                winners = outcome.winners
        if winners is None:
            top = max(vals)
            winners = tuple(p for p in range(n) if vals[p] == top)
        ordered = sorted(vals, reverse=True)
        top, second = ordered[0], (ordered[1] if n > 1 else ordered[0])
        w = self.win_weight if done else 0.0
        scale = self.margin_scale
        rewards, wins, margins = [], [], []
        for p in range(n):
            margin = vals[p] - (second if vals[p] == top else top)
            win = 1.0 / len(winners) if p in winners else 0.0
            rewards.append(w * win + (1.0 - w) * (0.5 + 0.5 * math.tanh(margin / scale)))
            wins.append(win)
            margins.append(margin)
        return rewards, wins, margins


def _root_move(rules, view, move):
    """``move`` (an action or its notation) as one of the legal moves at the root, else a ValueError."""
    if isinstance(move, str):
        move = rules.parse_action(view, move)
    actions = rules.legal_actions(view)
    try:
        i = actions.index(move)
    except (ValueError, TypeError):
        raise ValueError(f"also={str(move)[:60]!r} is not a legal move here") from None
    return actions[i]


def _mix(base: int, k: int) -> int:
    """The ``k``-th seed of the series ``base`` starts (a SplitMix64 step: well spread, 64 bits)."""
    x = (base + 0x9E3779B97F4A7C15 * (k + 1)) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _digest(seed: int, view) -> int:
    """A seed for one search: the bot's seed and the view it searches (so a view gets one answer)."""
    text = json.dumps(view.to_dict(), sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(f"{seed}:{text}".encode()).digest()[:8], "big")


# ----- the explained hint ---------------------------------------------------------------------
#: the hint's default budget: with the view, the explanations and the words it answers within a
#: second on a busy 2-core machine at any position (tests/test_search_bot.py measures it)
HINT_MS = 500


@dataclass(frozen=True)
class HintMove:
    """One move of a hint: the ``action`` and its ``notation``; what it scores now (``points``,
    in ``unit``s) with the rule ids that say why (``rules``) and the whole ``explanation``
    (``rules.explain``); and what the search found: ``visits`` (playouts), ``win_rate`` and
    ``margin`` (see :class:`MoveStats`). ``greedy``: it is the move that scores most now.
    ``outlook``: what the search found, in words a learner reads (or hears) beside the move: for
    the suggested move where it leaves you and how often its tries came out ahead, for the others
    how they compare with it (``about 2 points worse off than 43@b3``)."""

    action: object
    notation: str
    points: int
    unit: str
    rules: tuple[str, ...]
    explanation: object
    visits: int
    win_rate: float
    margin: float
    greedy: bool = False
    outlook: str = ""

    @property
    def now(self) -> str:
        """What it scores now in words: ``+4 now [miyabi.score.layer]``, ``no points now``."""
        unit = self.unit
        if self.points == 0:
            return f"no {unit}s now"
        cited = f" [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.points:+d} {unit}{'' if abs(self.points) == 1 else 's'} now{cited}"


@dataclass(frozen=True)
class Hint:
    """A search bot's hint for ``player``: the suggested move and the next two (``moves``, best
    first; fewer when there are fewer legal moves), the ``greedy`` move (the one that scores most
    now: one of ``moves``, or shown beside them), the search's ``iterations`` and ``elapsed_ms``,
    whether its playouts went to the end of the game (``to_end``) or stopped at the bot's next
    move, and the whole of it in words (``text``). ``summary``: the verdict alone, one or two
    sentences (what a screen reader hears with the move); ``behind_everywhere``: every move the
    search tried leaves the player behind and few of their tries came out ahead (the position, not
    the move: the words then say so once). The numbers stay on the moves (``visits``,
    ``win_rate``, ``margin``); the words round them for a learner."""

    player: int
    moves: tuple[HintMove, ...]
    greedy: HintMove
    iterations: int
    elapsed_ms: float
    to_end: bool
    text: str
    summary: str = ""
    behind_everywhere: bool = False

    @property
    def action(self):
        """The suggested move."""
        return self.moves[0].action

    def __str__(self) -> str:
        return self.text


def scoring_rules(expl) -> tuple[str, ...]:
    """The rule ids of what an explanation scores (its lines with points), each once, in order:
    what a hint, a review and a puzzle cite beside the points a move makes now."""
    return tuple(dict.fromkeys(line.rule for line in expl.lines if line.points))


def search_hint(rules, state, *, budget_ms: float | None = HINT_MS, seed: int = 0,
                iterations: int | None = None, bot: SearchBot | None = None, stop=None) -> Hint:
    """The search bot's hint for the player to act: its move and the next two alternatives, each
    with its win rate and mean margin from the search and what it scores now (``rules.explain``,
    with rule ids), as data and in words (``.text``, :func:`hint_from_search`). The search sees
    what the player sees (``rules.observe``) and nothing more. ``budget_ms`` and/or ``iterations``
    bound it (the default answers within a second); ``bot`` is a :class:`SearchBot` to use instead
    (its budget then); ``stop``, a ``threading.Event`` that ends the search early once set.
    The search keeps three moves to its last round, so the three are compared on the same playouts.

    >>> import gardenkit
    >>> rules = gardenkit.make("samurai_gardener")
    >>> s = rules.initial_state(players=2, seed=4)
    >>> while rules.current_player(s) is gardenkit.CHANCE:
    ...     s = rules.step_chance(s)
    >>> h = search_hint(rules, s, budget_ms=None, iterations=60, seed=1)
    >>> len(h.moves), h.action in rules.legal_actions(s), h.moves[0].notation in h.text
    (3, True, True)
    >>> h.text.startswith(f"Play {h.moves[0].notation} (")
    True
    """
    player = rules.current_player(state)
    if player is None or player is CHANCE:
        raise ValueError("a hint needs a player to act")
    if bot is None:
        bot = SearchBot(seed=seed, iterations=iterations, time_ms=budget_ms, keep=3)
    return hint_from_search(rules, state, bot.search(rules, state, stop=stop))


def hint_from_search(rules, state, result: SearchResult) -> Hint:
    """The :class:`Hint` a finished search (``result``, for the player to act in ``state``) gives:
    its first three moves explained (``rules.explain``) and the whole in a learner's words.

    The words round the search's numbers: the mean margin to whole points in the game's own unit
    (``about 3 points behind the leader``; coins in Tang Garden; in a game counted in demerits,
    ``rules.info.lower_wins``, fewer demerits are ahead), the share of tries that came out ahead as
    ``most tries``, ``about half the tries`` …, the next moves compared with the suggestion
    (``2 points worse off``), and how long the search looked (``a quick look: 58 tries in all, 3 of
    this move``). Where every move it tried leaves the player behind, they say so once, and that it
    is the position, not the move.

    >>> import gardenkit
    >>> rules = gardenkit.make("samurai_gardener")
    >>> s = rules.initial_state(players=2, seed=4)
    >>> while rules.current_player(s) is gardenkit.CHANCE:
    ...     s = rules.step_chance(s)
    >>> a, b = rules.legal_actions(s)[:2]
    >>> found = SearchResult(0, a, (MoveStats(a, 30, 0.8, 3.4, 0.7, 0), MoveStats(b, 30, 0.6, 1.2, 0.6, 0)),
    ...                      iterations=60, elapsed_ms=1.0, finished=0, legal=2, greedy=a)
    >>> hint_from_search(rules, s, found).summary
    'It leaves you about 3 points ahead of your closest rival after your next move, 2 points better off than the next best move; most tries came out ahead.'
    """
    by_action = {m.action: m for m in result.moves}

    def move(stats: MoveStats) -> HintMove:
        e = rules.explain(state, stats.action)
        return HintMove(stats.action, str(stats.action), e.points, e.unit, scoring_rules(e), e,
                        stats.visits, stats.win_rate, stats.margin, stats.action == result.greedy)

    moves = tuple(move(m) for m in result.moves[:3])
    greedy = next((m for m in moves if m.greedy), None)
    if greedy is None:
        greedy = move(by_action[result.greedy]) if result.greedy in by_action else None
    to_end = result.finished == result.iterations
    words = _HintWords(moves, result, to_end, bool(rules.info.lower_wins))
    moves = tuple(dataclasses.replace(m, outlook=words.outlook(m)) for m in moves)
    if greedy is not None and greedy.greedy:
        greedy = next((m for m in moves if m.greedy), greedy)
    return Hint(result.player, moves, greedy, result.iterations, result.elapsed_ms, to_end,
                words.text(greedy), words.summary(), words.behind_everywhere)


# ----- the hint in words --------------------------------------------------------------------------
#: below this share of tries ahead (for the best move tried), a position where every move leaves
#: the player behind on average is called so (above it the words say how close it is instead)
BEHIND_SHARE = 0.4
#: the tries of the suggested move under which the look is "quick", and under which it is "fair"
#: (at or over it, "careful"): the hint's half second gives a few to a few dozen a move
LOOK_WORDS = ((20, "a quick look"), (100, "a fair look"), (None, "a careful look"))


def whole(x: float) -> int:
    """``x`` rounded to a whole number, halves away from zero (the same either side of 0).

    >>> whole(2.5), whole(-2.5), whole(-0.4), whole(15.49)
    (3, -3, 0, 15)
    """
    n = int(math.floor(abs(x) + 0.5))
    return n if x >= 0 else -n


def count_words(n: int, unit: str) -> str:
    """``3 points``, ``1 coin``."""
    return f"{n} {unit}{'' if n == 1 else 's'}"


class _HintWords:
    """The words of one hint (see :func:`hint_from_search`): every number rounded, nothing in
    per cent, each sentence one that makes sense read aloud."""

    def __init__(self, moves, result: SearchResult, to_end: bool, lower_wins: bool):
        self.moves, self.result, self.to_end, self.lower_wins = moves, result, to_end, lower_wins
        self.best = moves[0]
        self.unit = self.best.unit
        self.horizon = "at the end of the game" if to_end else "after your next move"
        tried = result.moves or ()
        self.behind_everywhere = (result.legal > 1 and bool(tried) and all(whole(m.margin) <= -1 for m in tried)
                                  and max(m.win_rate for m in tried) < BEHIND_SHARE)
        self.every = "Every move" if len(tried) >= result.legal else "Every move the search tried"

    def count(self, n: int) -> str:
        return count_words(n, self.unit)

    def standing(self, margin: float) -> str:
        """Where a mean margin leaves the player: ``about 3 points behind the leader``; in
        demerits, ``behind, with about 3 demerits more than the leader``."""
        r = whole(margin)
        if r == 0:
            return "about level with your closest rival"
        if self.lower_wins:
            return (f"ahead, with about {self.count(r)} fewer than your closest rival" if r > 0
                    else f"behind, with about {self.count(-r)} more than the leader")
        return (f"about {self.count(r)} ahead of your closest rival" if r > 0
                else f"about {self.count(-r)} behind the leader")

    def chance(self, share: float) -> str:
        """How often the tries came out ahead (won, where they went to the end), in words."""
        did = "ended in a win" if self.to_end else "came out ahead"
        if share >= 0.995:
            return f"every try {did}"
        if share >= 0.9:
            return f"nearly every try {did}"
        if share >= 0.6:
            return f"most tries {did}"
        if share >= 0.4:
            return f"about half the tries {did}, so it could go either way"
        if share >= 0.15:
            return f"some tries {did}"
        if share > 0:
            return f"only a few tries {did}"
        return f"no try {did}"

    def behind_best(self, m: HintMove) -> int:
        """How many whole units ``m`` leaves the player worse off than the suggestion (below 0: better)."""
        return whole(self.best.margin) - whole(m.margin)

    def relative(self, m: HintMove) -> str:
        d = self.behind_best(m)
        if d > 0:
            return f"about {self.count(d)} worse off"
        if d == 0:
            return "about as good"
        return f"about {self.count(-d)} better off on average, but less sure"

    def outlook(self, m: HintMove) -> str:
        """The words beside one move of the hint."""
        if m is self.best or m.action == self.best.action:
            if self.result.legal <= 1:
                return "your only move"
            return f"{self.standing(m.margin)} {self.horizon}; {self.chance(m.win_rate)}"
        rel = self.relative(m)
        return f"{rel} as {self.best.notation}" if rel == "about as good" else f"{rel} than {self.best.notation}"

    def compared(self) -> str:
        """The suggestion against the next best move: ``, 2 points better off than the next best move``."""
        if len(self.moves) < 2:
            return ""
        d = self.behind_best(self.moves[1])
        if d > 0:
            return f", {self.count(d)} better off than the next best move"
        if d == 0:
            return ", about as good as the next best move"
        return ""  # the others looked better: said in their own sentence

    def summary(self) -> str:
        """The verdict: one or two sentences."""
        best = self.best
        if self.result.legal <= 1:
            return "It is your only move."
        where = f"{self.standing(best.margin)} {self.horizon}{self.compared()}; {self.chance(best.win_rate)}."
        if not self.behind_everywhere:
            return f"It leaves you {where}"
        least = ("This one loses least" if all(self.behind_best(m) > 0 for m in self.moves[1:])
                 else "This one loses about as little as any")
        behind = "a little behind" if whole(best.margin) == -1 else "behind"
        return (f"{self.every} leaves you {behind} here: that comes from the position, not from your choice. "
                f"{least}: it leaves you {where}")

    def text(self, greedy) -> str:
        """The whole hint in words."""
        best, moves = self.best, self.moves
        text = f"Play {best.notation} ({best.now}). {self.summary()}"
        if len(moves) > 1:
            text += " Next best: " + "; ".join(f"{m.notation} ({m.now}; {self.relative(m)})" for m in moves[1:]) + "."
        more = "takes fewer demerits now" if self.lower_wins else f"scores more {self.unit}s now"
        if greedy is not None and greedy.points != best.points:  # the hint gives up points now
            d = self.behind_best(greedy)
            worse = f"about {self.count(d)} worse off" if d > 0 else "a little worse off"
            if any(m.action == greedy.action for m in moves):
                text += f" {greedy.notation} {more} but leaves you {worse} {self.horizon}."
            else:
                most = "takes the fewest demerits now" if self.lower_wins else f"scores the most {self.unit}s now"
                text += f" The move that {most}, {greedy.notation} ({greedy.now}), leaves you {worse} {self.horizon}."
        if best.greedy and any(self.behind_best(m) < 0 for m in moves[1:]):
            sure = "the fewest demerits now" if self.lower_wins else f"the sure {self.unit}s now"
            text += (" The others looked a little better in these tries, but not by more than luck can explain, "
                     f"so the hint keeps {sure}.")
        if self.result.legal > 1:
            n, total = best.visits, self.result.iterations
            look = next(words for most, words in LOOK_WORDS if most is None or n < most)
            how = "played out to the end of the game" if self.to_end else "played on past your next move"
            text += (f" How sure: {look}, {total} {'try' if total == 1 else 'tries'} in all "
                     f"({n} of this move), each {how}, guessing what is hidden or still to come.")
        return text
