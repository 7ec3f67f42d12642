"""The engine contract, implemented once.

A game subclasses :class:`GameRules` and fills in the ``_``-prefixed hooks; the public
methods (``apply``, ``step_chance``, ``explain``, ``from_dict`` ...) check their input here,
so every game refuses bad input the same way: a :class:`ValueError` with a plain message,
never a half-changed state.
"""
from __future__ import annotations

import dataclasses
import json
from types import MappingProxyType
from typing import Any, NamedTuple

from .checks import check_depth, loads
from .errors import IllegalActionError, MalformedInputError
from .rng import Rng, _short
from .types import CHANCE, Cited, Effect, Explanation, GameInfo, Line, Outcome, Refusal, Target
from .view import View


class Played(NamedTuple):
    """One move read, decided and (if legal) applied by :meth:`GameRules.play`: the ``action``
    value, the engine's ``explanation`` (its refusal when ``state`` is None) and the ``state`` after
    it (None when refused). A :class:`~gardenkit.core.timeline.Timeline` records it as it is
    (``timeline.record(played)``), so a click is checked once."""

    action: Any
    explanation: Explanation | None
    state: Any

    @property
    def legal(self) -> bool:
        return self.state is not None


class PlayedOut:
    """The moves played out on the last few positions, each kept by the position's identity and the
    move: a game whose ``explain`` and ``apply`` read one playing-out of a move (a ``Work``) asks
    here first, so that a board that scores every target (``targets``), then names each one
    (``explain``), then plays the one clicked (``play``) plays each out once.

    ``get(s, a, make)``: the playing-out of ``a`` on ``s``, ``make()`` if not kept. Positions are
    immutable, so the same object always gives the same answer; the state is held so its identity
    is not reused. A tuple replaced whole, and one dict per position (a search bot's thread and the
    page's may share it: a move played out twice at worst).

    >>> kept = PlayedOut(keep=2)
    >>> s, t = object(), object()
    >>> made = []
    >>> first = kept.get(s, "a", lambda: made.append("a") or "work of a")
    >>> kept.get(s, "a", lambda: made.append("again") or "?"), made
    ('work of a', ['a'])
    >>> _ = kept.get(t, "b", lambda: "b"); _ = kept.get(object(), "c", lambda: "c")
    >>> kept.get(s, "a", lambda: "made again")   # s was the third position back: forgotten
    'made again'
    """

    def __init__(self, keep: int = 2):
        self.keep = keep
        self._kept: tuple = ()

    def get(self, s, a, make):
        for state, moves in self._kept:
            if state is s:
                try:
                    done = moves.get(a)
                except TypeError:  # an action that cannot be a key: played out, not kept
                    return make()
                if done is None:
                    done = moves[a] = make()
                return done
        done = make()
        try:
            moves = {a: done}
        except TypeError:
            return done
        self._kept = ((s, moves),) + self._kept[: self.keep - 1]
        return done


class RulesWork:
    """A scratch turn (:class:`ScratchTurn`'s ``Work``) whose ``do(a)`` asks its game's rules to
    work the move out in one call: it sets ``after`` (the state after the move), ``new_lines``
    (player -> score lines) and either ``_effects`` or ``_unworded`` (what :meth:`_word` turns into
    the effects the first time they are read: a search applies many moves whose words nobody
    reads)."""

    def __init__(self, rules, s):
        self.rules, self.s = rules, s
        self.new_lines: dict = {}
        self._effects: tuple = ()
        self._unworded = None
        self.after = None

    def do(self, a) -> None:
        raise NotImplementedError

    def _word(self, *unworded) -> tuple:
        """The effects of the move from what ``do`` kept in ``_unworded``."""
        raise NotImplementedError

    @property
    def effects(self) -> tuple:
        if self._unworded is not None:
            self._effects, self._unworded = self._word(*self._unworded), None
        return self._effects

    def freeze(self):
        return self.after


class ScratchTurn:
    """Mixin of a :class:`GameRules` whose game writes ONE function that plays a move: ``Work(s)``,
    a scratch copy of the turn, whose ``do(a)`` plays ``a`` on it and notes as it goes the score
    lines it gives (``new_lines``: player -> lines) and what else it did (``effects``), and whose
    ``freeze()`` is the state after it. ``apply``, ``explain`` and ``play`` are derived from that
    one playing-out (:meth:`_work`), kept per position and move (:class:`PlayedOut`), so nothing
    is decided twice and a move scored, named and then clicked is played out once. Refusals stay
    with the game (``_why_illegal``), checked before any of these is asked.

    A game sets ``Work`` (its scratch turn class: ``Work(s)``, or a :class:`RulesWork` that asks the
    game's rules and is made as ``Work(rules, s)``), and may override :meth:`_actor` (whose lines
    are the move's points), :meth:`_other_effects` (what the move did to the others, as effects)
    and :attr:`explanation_unit`. Each game class keeps its own play-outs (``_played_out``)."""

    #: the game's scratch turn (see the class's words)
    Work: type
    #: what the move's points count (:attr:`~gardenkit.core.types.Explanation.unit`)
    explanation_unit: str = "point"
    #: the moves played out on the last two positions (one per game class)
    _played_out: PlayedOut = PlayedOut(keep=2)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "_played_out" not in cls.__dict__:
            cls._played_out = PlayedOut(keep=2)

    def _work(self, s, a):
        """``a`` played out on ``s`` (a ``Work``), once per position and move while kept."""
        def play_out():
            w = self._scratch(s)
            w.do(a)
            return w

        return type(self)._played_out.get(s, a, play_out)

    def _scratch(self, s):
        """A scratch turn on ``s``: ``Work(s)``, or ``Work(rules, s)`` for a :class:`RulesWork`."""
        return self.Work(self, s) if issubclass(self.Work, RulesWork) else self.Work(s)

    def _actor(self, s) -> int:
        """Who plays a move on ``s`` (the move's points are this player's lines): the one to act."""
        return self.current_player(s)

    def _other_effects(self, s, w, actor: int) -> tuple:
        """What the move on ``s``, played out as ``w``, did besides ``actor``'s lines and
        ``w.effects``, as :class:`~gardenkit.core.types.Effect` values; none by default."""
        return ()

    def _apply(self, s, a):
        return self._work(s, a).freeze()

    def _explain(self, s, a):
        return self._explained(s, a)[0]

    def _explained(self, s, a):
        """(the :class:`Explanation` of ``a`` on ``s``, its ``Work``): one playing-out for both."""
        actor = self._actor(s)
        w = self._work(s, a)
        lines = tuple(w.new_lines.get(actor, ()))
        effects = tuple(w.effects) + tuple(self._other_effects(s, w, actor))
        e = Explanation(action=str(a), legal=True, points=sum(line.points for line in lines), lines=lines,
                        effects=effects, rules=rules_cited(lines, effects=effects), unit=self.explanation_unit)
        return e, w

    def _play(self, s, a):
        e, w = self._explained(self._rng_advanced(s), a)
        return e, w.freeze()


def _winners_words(winners, player: int) -> str:
    """Who won, said to ``player``.

    >>> [_winners_words(w, 0) for w in ((0,), (1,), (0, 2), (1, 2), ())]
    ['You win.', 'Player 2 wins.', 'You share the win with player 3.', 'Players 2 and 3 share the win.', 'No one wins.']
    """
    if not winners:
        return "No one wins."
    others = " and ".join(str(w + 1) for w in winners if w != player)
    if player in winners:
        return "You win." if len(winners) == 1 else f"You share the win with player{'s' if len(winners) > 2 else ''} {others}."
    return f"Player {others} wins." if len(winners) == 1 else f"Players {others} share the win."


class GameRules:
    """Stateless rules of one game. Subclasses set ``info`` and ``state_type``/``action_types``."""

    info: GameInfo
    action_types: tuple[type, ...] = ()

    # ----- hooks a game implements -------------------------------------------------
    def _initial_state(self, players: int, seed: int, **options):  # pragma: no cover - abstract
        raise NotImplementedError

    def _legal_actions(self, s) -> tuple:  # pragma: no cover - abstract
        raise NotImplementedError

    def _why_illegal(self, s, a) -> Refusal | None:  # pragma: no cover - abstract
        """The :class:`Refusal` (text and rule id) of a read action, or None: the one place that decides."""
        raise NotImplementedError

    def _apply(self, s, a):  # pragma: no cover - abstract
        raise NotImplementedError

    def _explain(self, s, a) -> Explanation:  # pragma: no cover - abstract
        raise NotImplementedError

    def _parse_action(self, s, text: str):  # pragma: no cover - abstract
        raise NotImplementedError

    def _state_from_dict(self, d: dict):  # pragma: no cover - abstract
        raise NotImplementedError

    # ----- the contract ------------------------------------------------------------
    def initial_state(self, players: int | None = None, seed: int = 0, **options):
        """A new game for ``players`` players; ``options`` are listed in ``rules.info.options``."""
        if players is None:
            players = self.info.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise MalformedInputError(f"players must be an integer, not {_short(players)}")
        if not self.info.min_players <= players <= self.info.max_players:
            raise MalformedInputError(
                f"{self.info.title} is for {self.info.min_players}-{self.info.max_players} players, not {players}"
            )
        Rng.from_seed(seed)  # a whole number from 0 to 2**64 - 1, else a clear error
        unknown = set(options) - set(self.info.options)
        if unknown:
            known = ", ".join(sorted(self.info.options)) or "none"
            raise MalformedInputError(f"unknown option(s) {', '.join(sorted(unknown))}; options are: {known}")
        full = {name: opt.default for name, opt in self.info.options.items()}
        for name, value in options.items():
            default = self.info.options[name].default
            if type(value) is not type(default):
                raise MalformedInputError(
                    f"option {name} must be a {type(default).__name__}, not {_short(value)}"
                )
            full[name] = value
        return self._initial_state(players, seed, **full)

    def options(self, s) -> dict:
        """The options ``s``'s game was started with (name -> value, as ``rules.info.options`` names
        them); a component file in use shows as its path only where the state keeps one."""
        self._check_state(s)
        saved = s.to_dict().get("options", {})
        return {name: saved[name] for name in self.info.options if name in saved}

    def current_player(self, s):
        """The player to act, :data:`CHANCE` at a chance node, ``None`` once the game is over."""
        raise NotImplementedError

    def is_terminal(self, s) -> bool:
        return self.current_player(s) is None

    def legal_actions(self, s) -> tuple:
        """Every legal action, sorted; at a chance node the possible outcomes."""
        self._check_state(s)
        if self.is_terminal(s):
            return ()
        return self._legal_actions(s)

    def chance_outcomes(self, s) -> tuple:
        """``(action, probability)`` pairs at a chance node; empty elsewhere."""
        self._check_state(s)
        if self.current_player(s) is not CHANCE:
            return ()
        return self._chance_outcomes(s)

    def _chance_outcomes(self, s) -> tuple:
        actions = self._legal_actions(s)
        return tuple((a, 1.0 / len(actions)) for a in actions)

    def sample_chance(self, s):
        """The outcome the state's own generator picks here, and the generator after the draw."""
        self._check_state(s)
        if self.current_player(s) is not CHANCE:
            who = "the game is over" if self.is_terminal(s) else "a player is to act"
            raise IllegalActionError(f"sample_chance: this is not a chance node; {who}")
        rng = getattr(s, "rng", None)
        if rng is None:
            raise IllegalActionError(
                "this state is a player's observation, whose hidden order is unknown; "
                "choose a chance outcome with apply() instead of step_chance()"
            )
        outcomes = self._chance_outcomes(s)
        if not outcomes:
            raise MalformedInputError(
                f"this {self.info.title} state is a chance step with nothing to draw, so play cannot go on")
        # weighted draw on an integer grid: exact for the uniform draws the games use
        scale = 1 << 32
        cumulative, acc = [], 0
        for _, p in outcomes:
            acc += int(round(p * scale))
            cumulative.append(acc)
        pick, rng = rng.below(cumulative[-1])
        index = next(i for i, c in enumerate(cumulative) if pick < c)
        return outcomes[index][0], rng

    def step_chance(self, s):
        """Resolve a chance node with the state's own seeded generator.

        Choosing an outcome with ``apply`` consumes the same draw, so
        ``apply(s, a) == step_chance(s)`` whenever ``a`` is the outcome the seed picks.
        """
        self._check_state(s)
        if self.current_player(s) is not CHANCE:
            raise IllegalActionError("step_chance: this is not a chance node; a player is to act")
        action, rng = self.sample_chance(s)
        return self._apply(dataclasses.replace(s, rng=rng), action)

    def coerce_action(self, s, a):
        """Accept an action value or its notation; anything else is a clear ValueError."""
        if isinstance(a, str):
            a = self.parse_action(s, a)
            _check_fields(a)  # a notation may spell a number or a list no move holds
            return a
        if not isinstance(a, self.action_types):
            raise MalformedInputError(
                f"not a {self.info.title} action: {a!r} (give an action or its notation, e.g. "
                f"{self._example_notation(s)!r})"
            )
        _check_fields(a)
        return a

    def _example_notation(self, s) -> str:
        actions = self.legal_actions(s)
        return str(actions[0]) if actions else ""

    def _refusal(self, s, a) -> Refusal | None:
        """Why the (already read) action ``a`` is refused in ``s``, or None: the one place that decides."""
        if self.is_terminal(s):
            return Refusal("the game is over; no more actions", None)
        reason = self._why_illegal(s, a)
        if reason is not None and not isinstance(reason, Refusal):
            raise TypeError(f"{type(self).__name__}._why_illegal must answer a Refusal or None, not {reason!r}")
        return reason

    def why_illegal(self, s, a) -> Refusal | None:
        """``None`` if ``a`` is legal, else the :class:`Refusal`: its ``text`` in plain words and
        its ``rule`` id (``None`` when ``a`` is no move of this game at all)."""
        self._check_state(s)
        try:
            a = self.coerce_action(s, a)
        except ValueError as e:
            return Refusal(str(e), None)
        return self._refusal(s, a)

    def targets(self, s, selection=None) -> tuple[Target, ...]:
        """What can be clicked now, what each would give, and why not: the one query boards,
        hints and tests read. ``selection`` is what the player has picked (a card, a tile, some
        rocks: each game documents its own); a game overrides this to add the refused targets a
        board draws. By default: every legal action with its points, when a player is to act."""
        self._check_state(s)
        if not isinstance(self.current_player(s), int):
            return ()
        return tuple(Target(str(a), self.action_points(s, a)) for a in self._legal_actions(s))

    def decision(self, s) -> str | None:
        """What is being decided now, where a game names its decisions (Tanuki: ``tile``, ``pre``
        …; Tang Garden: ``keep``, ``landscape`` …); None for a game that does not."""
        self._check_state(s)
        return None

    def final_lines(self, s, player: int) -> tuple[Line, ...]:
        """The lines the end of the game adds to ``player``'s score (a game with an end scoring
        overrides this); none by default."""
        self._check_state(s)
        self._check_player(s, player)
        return ()

    def view(self, s, viewer: int | None = None, selection=None, *, clickable: bool = True,
             finals: bool | None = None) -> View:
        """What a drawing of ``s`` for ``viewer`` is given (:class:`~gardenkit.core.view.View`): the
        position as ``viewer`` sees it and every answer a renderer draws, asked once here.
        ``clickable=False``: no targets asked (a picture, or a board whose widget hands its own).
        ``finals``: the end scoring's lines (default: once the game is over; True: as if it ended now)."""
        self._check_state(s)
        if viewer is not None:
            self._check_player(s, viewer)
        to_act = self.current_player(s)
        seen = s if viewer is None else self.observe(s, viewer)
        mine = viewer is not None and to_act == viewer
        offered = self.targets(s) if mine and clickable else ()
        over = self.is_terminal(s)
        return View(
            state=seen, viewer=viewer, to_act=to_act, outcome=self.outcome(s) if over else None,
            scores=tuple(self.known_scores(seen)), offered=offered,
            targets=self.targets(s, selection) if mine and clickable and selection is not None else offered,
            selection=selection, decision=self.decision(s),
            finals=(tuple(self.final_lines(s, p) for p in range(len(self.scores(s))))
                    if (over if finals is None else finals) else ()),
            extra=MappingProxyType(dict(self._view_extra(s, viewer, mine and clickable))),
        )

    def _view_extra(self, s, viewer, acting: bool) -> dict:
        """A game's own answers for its drawings (:attr:`View.extra <gardenkit.core.view.View.extra>`),
        by name; ``acting``: ``viewer`` is to act on a board that can be clicked. None by default."""
        return {}

    def apply(self, s, a):
        """A new state after ``a``; ``s`` is never changed. Illegal: :class:`IllegalActionError`."""
        self._check_state(s)
        a = self.coerce_action(s, a)
        reason = self._refusal(s, a)
        if reason is not None:
            raise IllegalActionError(str(reason), rule=reason.rule)
        return self._advance(s, a)

    def _advance(self, s, a):
        """Apply a read action that :meth:`_refusal` allowed (at a chance node the state's own
        generator makes the same draw ``step_chance`` would)."""
        return self._apply(self._rng_advanced(s), a)

    def _rng_advanced(self, s):
        """``s`` with its generator past the draw a chance step makes (``s`` itself elsewhere): what
        a move is applied to (a game's own ``_play`` applies to it too)."""
        if self.current_player(s) is CHANCE and getattr(s, "rng", None) is not None:
            _, rng = self.sample_chance(s)
            s = dataclasses.replace(s, rng=rng)
        return s

    def play(self, s, a, *, explain: bool = True) -> Played:
        """Read ``a`` once, decide once and, if it is legal, apply it: what one click needs
        (``explain`` + ``apply`` would read and check it twice). A refused action comes back
        with ``state`` None and its refusal as the explanation (nothing raised); input that is
        no action of this game is a :class:`ValueError`, as for ``explain``. ``explain=False``
        leaves a legal move's explanation out (None): a bot's move needs none.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = rules.initial_state(players=2, seed=1)
        >>> while rules.current_player(s) is gardenkit.CHANCE:
        ...     s = rules.step_chance(s)
        >>> a = rules.legal_actions(s)[0]
        >>> played = rules.play(s, str(a))
        >>> played.legal, played.action == a, played.state == rules.apply(s, a)
        (True, True, True)
        >>> played.explanation == rules.explain(s, a)
        True
        >>> refused = rules.play(s, "99@0,0")
        >>> refused.legal, refused.explanation.legal, refused.explanation.reason == rules.why_illegal(s, "99@0,0")
        (False, False, True)
        """
        self._check_state(s)
        a = self.coerce_action(s, a)
        reason = self._refusal(s, a)
        if reason is not None:
            return Played(a, Explanation(action=str(a), legal=False, reason=reason, rules=reason.rules), None)
        if not explain:
            return Played(a, None, self._advance(s, a))
        explanation, after = self._play(s, a)
        return Played(a, explanation, after)

    def _play(self, s, a) -> tuple[Explanation, Any]:
        """Hook: the explanation of a legal, read action and the state after it. By default
        ``_explain`` then ``_advance``; a game whose explanation applies the move anyway may
        override it to apply it once (both answers must equal ``explain`` and ``apply``)."""
        return self._explain(s, a), self._advance(s, a)

    def explain(self, s, a) -> Explanation:
        """What ``a`` would do, without doing it. Refused actions come back with ``legal=False``."""
        self._check_state(s)
        a = self.coerce_action(s, a)
        reason = self._refusal(s, a)
        if reason is not None:
            return Explanation(action=str(a), legal=False, reason=reason, rules=reason.rules)
        return self._explain(s, a)

    def action_points(self, s, a) -> int:
        """Points a legal ``a`` gains its player: ``explain(s, a).points``, which bots and
        highlights rank by. A game may answer faster; its tests hold the two equal."""
        return self.explain(s, a).points

    def scores(self, s) -> tuple[int, ...]:
        """Running totals (a game whose state keeps ``scores`` needs nothing more)."""
        self._check_state(s)
        return s.scores

    def known_scores(self, s) -> tuple[int | None, ...]:
        """Each total as ``s`` shows it: ``None`` where ``s`` is a player's observation
        (``rules.observe``) that hides that total (face-down demerit cards). Views show
        ``known_scores(observe(state, seat))``; by default nothing is hidden."""
        return tuple(self.scores(s))

    def score_breakdown(self, s, player: int) -> tuple[Line, ...]:
        """``player``'s itemised score (a game whose state keeps ``lines`` per player needs nothing more)."""
        self._check_state(s)
        self._check_player(s, player)
        return s.lines[player]

    def outcome(self, s) -> Outcome | None:
        raise NotImplementedError

    def most_points_outcome(self, s, rule: str, why: str = "") -> Outcome:
        """The result where most points wins and tied players share the win (``rule`` says so)."""
        scores = self.scores(s)
        best = max(scores)
        winners = tuple(p for p, v in enumerate(scores) if v == best)
        tie = f"tied on {best} points: the win is shared" if len(winners) > 1 else f"most points ({best}) wins"
        return Outcome(winners, scores, Cited(f"{why}{tie}", rule))

    def _check_player(self, s, player) -> None:
        n = len(self.scores(s))
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise MalformedInputError(f"player must be between 0 and {n - 1}, not {player!r}")

    def observe(self, s, player: int):
        raise NotImplementedError

    #: what a game's totals count, said in words (Tang Garden: "coins")
    score_word: str = "point"

    def describe(self, s, player: int) -> tuple[str, ...]:
        """The position in words as ``player`` sees it (``observe(s, player)``, so nothing hidden
        from that seat is said): whose turn it is (or the result), every total the seat may see,
        then what the game adds (:meth:`_describe`: what the player holds, what lies on offer).
        The text alternative of a board, read by a screen reader.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = rules.initial_state(players=2, seed=1)
        >>> rules.describe(s, 1)[:2]
        ('Chance plays next (a deal, a draw or a roll).', 'Scores: player 1 0 points, player 2 (you) 0 points.')
        >>> while rules.current_player(s) is CHANCE:
        ...     s = rules.step_chance(s)
        >>> rules.describe(s, 1)[0], rules.describe(s, 1)[2]
        ('Player 1 to move.', 'Round 1; 60 cards left in the deck.')
        """
        self._check_state(s)
        self._check_player(s, player)
        seen = self.observe(s, player)
        p = self.current_player(seen)
        if p is None:
            out = self.outcome(seen)
            turn = "The game is over." + ("" if out is None else " " + _winners_words(out.winners, player))
        elif p is CHANCE:
            turn = "Chance plays next (a deal, a draw or a roll)."
        else:
            turn = "Your move." if p == player else f"Player {p + 1} to move."
        unit = "demerit" if self.info.lower_wins else self.score_word
        totals = []
        for q, v in enumerate(self.known_scores(seen)):
            who = f"player {q + 1}" + (" (you)" if q == player else "")
            totals.append(f"{who} hidden" if v is None else f"{who} {v} {unit}{'' if v == 1 else 's'}")
        lines = [turn, "Scores: " + ", ".join(totals) + "."]
        lines.extend(line for line in self._describe(seen, player) if line)
        return tuple(lines)

    def _describe(self, seen, player: int) -> tuple[str, ...]:
        """Hook: what ``player`` holds and sees in ``seen`` (their observation), one sentence each."""
        return ()

    def determinize(self, observed, rng: Rng):
        """A full state consistent with what ``observed`` (a player's view, :meth:`observe`) shows:
        one guess at what it hides, drawn with ``rng`` (a :class:`~gardenkit.core.rng.Rng`). What a
        search bot plays on, many guesses in turn, instead of the real state it may not see.

        By default the view gets ``rng`` as its generator, so whatever it still has to draw (a deck,
        a bag, a box of tiles: their contents are on view, their order is the generator's) comes out
        in a fresh seeded order. That is a valid guess whenever the order of what is still to be
        drawn is all a view hides. A game whose view hides more (hands, face-down cards) overrides
        this to fill those in, consistently with what the player saw; the state answered must be
        one :meth:`check_full` accepts while the game is not over.

        >>> import gardenkit
        >>> from gardenkit.core import Rng
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = rules.initial_state(players=2, seed=1)
        >>> view = rules.observe(s, 0)
        >>> guess = rules.determinize(view, Rng.from_seed(5))
        >>> guess.rng, guess.deck == s.deck, rules.observe(guess, 0) == view
        (Rng(seed=5, counter=0), True, True)
        >>> rules.check_full(guess)
        """
        self._check_state(observed)
        if not isinstance(rng, Rng):
            raise MalformedInputError(f"determinize needs a gardenkit.core.Rng, not {_short(rng)}")
        return dataclasses.replace(observed, rng=rng)

    def settled(self, s) -> bool:
        """Whether the running totals (:meth:`scores`) tell fairly how the players stand in ``s``:
        nothing already decided is still waiting to be booked. A search bot may stop a playout and
        count the totals only at such a state. By default every state is; a game where points
        fall due in a later step (Karesansui's forbidden sets, turned in after the bidding) says
        so here, e.g. only between rounds.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> rules.settled(rules.initial_state(players=2))
        True
        """
        self._check_state(s)
        return True

    def projected_scores(self, s) -> tuple[int, ...]:
        """Each total as it would stand if the game ended in ``s``: :meth:`scores` plus whatever the
        game books only at its end (sets of cards, characters' lines of sight). What a search bot
        counts where it stops a playout before the end. By default the running totals, for a game
        that books every point as it falls; once the game is over, :meth:`scores` always.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = rules.initial_state(players=2)
        >>> rules.projected_scores(s) == rules.scores(s)
        True
        """
        return tuple(self.scores(s))

    def parse_action(self, s, text):
        """The action whose notation is ``text`` (inverse of ``str(action)``)."""
        if not isinstance(text, str):
            raise MalformedInputError(f"action notation must be a string, not {_short(text)}")
        if len(text) > MAX_NOTATION:
            raise MalformedInputError(f"no {self.info.title} move is written in {len(text)} characters "
                                      f"(at most {MAX_NOTATION}): {_short(text)}")
        try:
            return self._parse_action(s, text.strip())
        except MalformedInputError as e:
            if len(str(e)) <= MAX_MESSAGE:
                raise
            raise MalformedInputError(_brief(str(e), text.strip())) from None  # a game's message quoting it all
        except (ValueError, TypeError, KeyError, IndexError) as e:  # a game's reader met something it cannot read
            raise MalformedInputError(_brief(f"cannot read the move {_short(text)}: {e}", text.strip())) from None

    def from_dict(self, d):
        """The state saved by ``s.to_dict()`` (or its JSON text). Bad input: a clear ValueError."""
        if isinstance(d, (str, bytes, bytearray)):
            d = loads(d, f"saved {self.info.title} game")
        else:
            check_depth(d, f"saved {self.info.title} game")
        if not isinstance(d, dict):
            raise MalformedInputError(f"a saved game must be a JSON object, not {type(d).__name__}")
        if d.get("game") != self.info.id:
            raise MalformedInputError(
                f"this is not a saved {self.info.title} game (its 'game' field is {_short(d.get('game'))})"
            )
        try:
            return self._state_from_dict(d)
        except MalformedInputError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as e:
            detail = f"missing field {e}" if isinstance(e, KeyError) else str(e)
            if len(detail) > 300:
                detail = detail[:299] + "…"
            raise MalformedInputError(f"not a valid saved {self.info.title} game: {detail}") from None

    # ----- can play go on? ----------------------------------------------------------
    def check_full(self, s) -> None:
        """Refuse a player's view of a game that is not over (what :meth:`observe` answers): it
        hides what play needs (the deck's order, the seeded generator), so play cannot go on from
        it. By the contract's mark, an observation has ``rng`` None; a game whose observation
        hides more may refine :meth:`_check_full`. A :class:`MalformedInputError` naming it.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = rules.initial_state(players=2, seed=1)
        >>> rules.check_full(s)
        >>> rules.check_full(rules.observe(s, 0))
        Traceback (most recent call last):
        ...
        gardenkit.core.errors.MalformedInputError: this Samurai Gardener state is a player's view of the game (rules.observe): it hides the order of what is still to be drawn, so play cannot go on from it
        """
        self._check_state(s)
        if self.is_terminal(s):
            return
        if hasattr(s, "rng") and s.rng is None:
            raise MalformedInputError(
                f"this {self.info.title} state is a player's view of the game (rules.observe): it hides the order "
                "of what is still to be drawn, so play cannot go on from it"
            )
        self._check_full(s)

    def _check_full(self, s) -> None:
        """Hook: refuse (:class:`MalformedInputError`) a state that is an observation by a mark of
        the game's own (e.g. hidden fields set). By default nothing more than ``rng`` None."""

    def check_playable(self, s) -> None:
        """Play can go on from ``s``: the game is over, or it is a full state (:meth:`check_full`)
        where a player has a legal move that can be applied, or a chance step with outcomes the
        state's own generator can draw. Else a :class:`MalformedInputError` naming what is wrong
        (whatever a game's code raises while trying is reported the same way, never passed on).
        What a loaded save is checked with before it replaces a game in progress; a game may add
        checks of its own in :meth:`_check_playable`.

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = rules.initial_state(players=2, seed=1)
        >>> rules.check_playable(s)          # a chance step: the deal
        >>> rules.check_playable(rules.step_chance(s))
        """
        self._check_state(s)
        try:
            self.check_full(s)
            p = self.current_player(s)
            if p is None:
                return
            if p is CHANCE:
                outcomes = self.chance_outcomes(s)
                if not outcomes:
                    raise MalformedInputError(
                        f"this {self.info.title} state is a chance step with nothing to draw, so play cannot go on")
                self.step_chance(s)
            else:
                if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(self.scores(s)):
                    raise MalformedInputError(f"this {self.info.title} state names no player to act ({_short(p)})")
                actions = self.legal_actions(s)
                if not actions:
                    raise MalformedInputError(
                        f"in this {self.info.title} state player {p + 1} is to act but has no legal move, "
                        "and the game is not over")
                self.apply(s, actions[0])
            self._check_playable(s)
        except MalformedInputError:
            raise
        except Exception as e:  # noqa: BLE001 - any failure of the game's code means play cannot go on
            detail = f"{type(e).__name__}: {e}"
            if len(detail) > 200:
                detail = detail[:199] + "…"
            raise MalformedInputError(f"play cannot go on from this {self.info.title} state ({detail})") from None

    def _check_playable(self, s) -> None:
        """Hook: a game's own checks that play can go on from the full, unfinished state ``s``
        (raise :class:`MalformedInputError`). By default none."""

    # ----- helpers -----------------------------------------------------------------
    def check_type(self, s) -> None:
        """A :class:`MalformedInputError` unless ``s`` is a state of this game (what a board, a try
        board or a share link checks before it shows a position; every query checks it too).

        >>> import gardenkit
        >>> gardenkit.make("miyabi").check_type(gardenkit.make("samurai_gardener").initial_state(players=2))
        Traceback (most recent call last):
        ...
        gardenkit.core.errors.MalformedInputError: not a Miyabi state: SamuraiGardenerState
        """
        if not isinstance(s, self.state_type):
            raise MalformedInputError(f"not a {self.info.title} state: {type(s).__name__}")

    _check_state = check_type  # (the queries' own name for it)

    state_type: type = object


_FIELD_TYPES = {"int": int, "bool": bool, "str": str}
_WHAT = {int: "a whole number", bool: "true or false", str: "a text"}
#: the longest notation a move may have (a Karesansui bid of many rocks is ~250 characters)
MAX_NOTATION = 1000
#: numbers in a move (card ids, squares, piles) are far smaller than this
MAX_FIELD_INT = 2 ** 31
#: the longest text or tuple inside a move
MAX_FIELD_LEN = 200


#: the longest message a refused notation gets (a game's reader may quote the whole notation)
MAX_MESSAGE = 300


def _brief(message: str, text: str) -> str:
    """``message`` with the notation ``text`` it quotes cut short, and at most :data:`MAX_MESSAGE` long.

    >>> _brief("cannot read '" + "x" * 900 + "' as a move", "x" * 900)
    "cannot read 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' as a move"
    """
    if len(message) > MAX_MESSAGE and len(text) > 40:
        message = message.replace(text, text[:35] + "…")
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"


def _check_fields(a) -> None:
    """Every field of an action value has its declared type, checked before any rule looks at it:
    ``int``, ``bool`` and ``str`` exactly (no bools for numbers), numbers of a sane size, texts and
    tuples of a sane length, ``tuple[str, ...]``/``tuple[int, ...]`` element by element, and a field
    declared as another action value (Samurai's ``ScoreRun.run: Run``) an instance of it, checked in
    turn. A hand-made ``Place(1, 'a', 0)``, ``ScoreRun(None)`` or ``Bid(0, (None,))`` is a clear
    :class:`MalformedInputError`, never a crash deep inside or a move applied."""
    if not dataclasses.is_dataclass(a):
        return
    module = __import__("sys").modules.get(type(a).__module__)
    for f in dataclasses.fields(a):
        v = getattr(a, f.name)
        declared = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
        where = f"{type(a).__name__}.{f.name}"
        if declared in _FIELD_TYPES:
            _check_value(v, _FIELD_TYPES[declared], where)
        elif declared.startswith("tuple"):
            if type(v) is not tuple:
                raise MalformedInputError(f"{where} must be a tuple, not {_short(v)}")
            if len(v) > MAX_FIELD_LEN:
                raise MalformedInputError(f"{where} holds {len(v)} items; a move holds at most {MAX_FIELD_LEN}")
            inner = declared[len("tuple["):-len(", ...]")] if declared.endswith(", ...]") else None
            if inner in _FIELD_TYPES:
                for x in v:
                    _check_value(x, _FIELD_TYPES[inner], f"each item of {where}")
        else:
            cls = getattr(module, declared, None)
            if isinstance(cls, type) and dataclasses.is_dataclass(cls):
                if type(v) is not cls:
                    raise MalformedInputError(f"{where} must be a {cls.__name__}, not {_short(v)}")
                _check_fields(v)


def _check_value(v, want: type, where: str) -> None:
    if type(v) is not want:
        raise MalformedInputError(f"{where} must be {_WHAT[want]}, not {_short(v)}")
    if want is int and not -MAX_FIELD_INT < v < MAX_FIELD_INT:
        raise MalformedInputError(f"{where} is out of range: {_short(v)}")
    if want is str and len(v) > MAX_FIELD_LEN:
        raise MalformedInputError(f"{where} is too long ({len(v)} characters)")


def rules_cited(lines=(), effects=()) -> tuple[str, ...]:
    """The rule ids of score lines and of effects (:class:`Cited` values), in order, once each."""
    return tuple(dict.fromkeys([line.rule for line in lines] + [r for e in effects for r in getattr(e, "rules", ())]))


def to_json(state: Any) -> str:
    """The state as JSON text (what the save button writes)."""
    return json.dumps(state.to_dict(), sort_keys=True)
