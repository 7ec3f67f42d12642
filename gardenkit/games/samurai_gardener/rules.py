"""The rules of Samurai Gardener (Edo Yashiki), with the optional specialist rule.

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.initial_state(players=2, seed=7)
>>> rules.current_player(s) is gardenkit.CHANCE   # the starting cards are dealt first
True
>>> while rules.current_player(s) is gardenkit.CHANCE:
...     s = rules.step_chance(s)
>>> rules.current_player(s), len(s.lineup)
(0, 2)
>>> a = rules.legal_actions(s)[0]
>>> rules.explain(s, a).legal
True
"""
from __future__ import annotations

import dataclasses
import warnings
from itertools import permutations
from pathlib import Path

from ...core import CHANCE, Effect, GameInfo, GameRules, Line, MalformedInputError, Option, Refusal, Rng
from ...core import Target
from ...core.rules import RulesWork, ScratchTurn
from .actions import ACTION_TYPES, Draw, Place, Run, ScoreRun, check_action, parse
from .components import TYPE_NAMES, TYPES, default_components, load_components
from .house import BONUS_POINTS, RUN_POINTS, House, Placed, card_cells, new_runs
from .rules_text import RULES
from .state import Pending, SamuraiGardenerState, game_end

GAME = "samurai_gardener"
ALL_MARKERS = "".join(TYPES)

INFO = GameInfo(
    id=GAME,
    title="Samurai Gardener",
    min_players=2,
    max_players=5,
    options={
        "specialist": Option(
            "specialist", False,
            "Optional specialist rule: a line scores only with a marker of its type; markers refill when all four are used.",
            "specialist rule",
        ),
        "start_player": Option("start_player", 0, "Who starts the first round (0 = player 1)."),
        "components": Option(
            "components", "standard",
            "'standard' for the shipped (reconstructed) 64-card deck, or the path of your own card file in the same "
            "JSON format (the option was called 'deck' before; that name still works, with a DeprecationWarning).",
        ),
    },
    rules=RULES,
)


def _names(types) -> str:
    return ", ".join(TYPE_NAMES[t] for t in sorted(types, key=TYPES.index))


def _markers_without(markers: str, t: str) -> str:
    return markers.replace(t, "")


class Work(RulesWork):
    """Samurai Gardener's scratch turn for :class:`~gardenkit.core.rules.ScratchTurn`: ``do(a)``
    works a move out once (a placement's lines and markers with :meth:`SamuraiGardenerRules.
    _placement_result`, then the state after it from that result), noting its score lines and
    its effects, each with the rule it follows; ``explain``, ``apply`` and ``play`` all read it."""

    def do(self, a) -> None:
        rules, s = self.rules, self.s
        if isinstance(a, Draw):
            where = "starting house" if s.phase == "deal" else "line-up"
            self._effects = (Effect(f"card {a.card} goes to the {where}", "samurai_gardener.round.lineup"),)
            self.after = rules._apply_draw(s, a)
            return
        actor = rules._actor(s)
        if isinstance(a, ScoreRun):
            p = s.pending
            self.after = after = rules._apply_score_run(s, a)
            if after.phase == "order":  # more choices to come
                lines = after.pending.lines[len(p.lines):]
            else:  # this choice settles the card: the rest scores and the bonus is added
                lines = after.lines[p.player][len(s.lines[p.player]) + len(p.lines):]
            self.new_lines = {actor: tuple(lines)}
            self._effects = (Effect("you choose which of your lines scores next", "samurai_gardener.specialist.order"),)
            return
        result = rules._placement_result(s, a)
        self.new_lines = {actor: tuple(result[1])}
        self._unworded = (a, result)  # (worded when an explanation reads them)
        self.after = rules._apply_place(s, a, result)

    def _word(self, a, result) -> tuple:
        return _placement_effects(self.s, a, result)


def _placement_effects(s, a: Place, result) -> tuple[Effect, ...]:
    """What placement ``a`` on ``s`` does besides its lines (``result``: its
    :meth:`SamuraiGardenerRules._placement_result`), each effect with the rule it follows."""
    points, lines, _markers, pending = result
    card = s.components[a.card]
    covered = sum(1 for x, y, _ in card_cells(card, a.x, a.y, a.turned) if (x, y) in s.houses[s.to_move].grid)
    effects = [Effect(f"covers {covered} square(s) of the house" if covered else "placed beside the house",
                      "samurai_gardener.place.touch")]
    if a.turned:
        effects.append(Effect("card turned 180 degrees", "samurai_gardener.place.upright"))
    if pending is not None:
        effects.append(Effect(f"forms {len(pending.runs)} lines: you choose the order they score in; "
                              f"the best order gives {points}", "samurai_gardener.specialist.order"))
    if not lines and pending is None:
        effects.append(Effect("forms no line of 3 or more: no points", "samurai_gardener.score.run"))
    return tuple(effects)


class SamuraiGardenerRules(ScratchTurn, GameRules):
    info = INFO
    state_type = SamuraiGardenerState
    action_types = ACTION_TYPES

    # ----- setting up --------------------------------------------------------------
    def initial_state(self, players: int | None = None, seed: int = 0, **options):
        """A new game; ``options`` are in ``rules.info.options``. ``deck=`` is the old name of
        ``components=`` (deprecated: it still works, with a :class:`DeprecationWarning`)."""
        if "deck" in options:
            if "components" in options:
                raise MalformedInputError("give the card file once, as components= (deck= is its old name)")
            warnings.warn("initial_state(deck=...) is deprecated: use components=...", DeprecationWarning, stacklevel=2)
            options["components"] = options.pop("deck")
        return super().initial_state(players, seed, **options)

    def _initial_state(self, players, seed, specialist, start_player, components):
        if not 0 <= start_player < players:
            raise MalformedInputError(f"start_player must be between 0 and {players - 1}, not {start_player}")
        cards = default_components() if components == "standard" else load_components(Path(components))
        return SamuraiGardenerState(
            players=players,
            specialist=specialist,
            rng=Rng.from_seed(seed),
            phase="deal",
            round=0,
            start=start_player,
            placed=0,
            deck=tuple(sorted(cards.ids)),
            lineup=(),
            houses=tuple(House() for _ in range(players)),
            scores=(0,) * players,
            lines=((),) * players,
            markers=(ALL_MARKERS if specialist else "",) * players,
            components=cards,
            start_player=start_player,
        )

    # ----- whose turn ----------------------------------------------------------------
    def current_player(self, s):
        self._check_state(s)
        if s.phase == "over":
            return None
        if s.phase in ("deal", "lineup"):
            return CHANCE
        return s.to_move

    # ----- legal actions -------------------------------------------------------------
    def _legal_actions(self, s):
        if s.phase in ("deal", "lineup"):
            return tuple(Draw(c) for c in s.deck)
        if s.phase == "order":
            return tuple(ScoreRun(r) for r in sorted(set(s.pending.runs)))
        spots = _ordered(s.houses[s.to_move])
        return tuple(Place(card_id, x, y, turned) for card_id in sorted(set(s.lineup))
                     for turned in (False, True) for x, y in spots)

    def placements(self, s, card_id: int, turned: bool = False) -> tuple[Place, ...]:
        """Legal spots for one card of the line-up (what a board highlights when you pick it)."""
        self._check_state(s)
        if s.phase != "place" or card_id not in s.lineup:
            return ()
        return tuple(Place(card_id, x, y, turned) for x, y in _ordered(s.houses[s.to_move]))

    def targets(self, s, selection=None) -> tuple[Target, ...]:
        """What can be clicked now, with what it gives or why not (the board, hints and tests read it).

        ``selection``: ``(card, turned)``, a line-up card picked and which way up. Its targets are
        every legal top-left square (``at=(x, y)``) with the placement's points, row by row, then
        the refused squares next to the house (the card's 2x3 footprint, grown by one square,
        meets the house) with their :class:`~gardenkit.core.types.Refusal`, row by row.
        ``None``: the lines waiting to be scored (``score ...``, specialist rule) with their
        points, or ``()`` when nothing is clickable without a pick.

        >>> import gardenkit
        >>> from gardenkit.tutor.samurai_gardener import protect_start
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = protect_start()
        >>> ts = rules.targets(s, (s.lineup[0], False))
        >>> t = ts[0]; t.legal, t.at, t.action == f"{s.lineup[0]}@{t.at[0]},{t.at[1]}"
        (True, (-1, -3), True)
        >>> sorted({t.reason.rule for t in ts if not t.legal})
        ['samurai_gardener.place.protect', 'samurai_gardener.place.touch']
        >>> rules.targets(s)
        ()
        """
        self._check_state(s)
        if selection is None:
            if s.phase != "order":
                return ()
            return tuple(Target(str(a), self.action_points(s, a)) for a in self._legal_actions(s))
        if not (isinstance(selection, tuple) and len(selection) == 2 and type(selection[0]) is int
                and type(selection[1]) is bool):
            raise MalformedInputError(f"a Samurai Gardener selection is (card, turned), e.g. (17, False), not {selection!r}")
        card, turned = selection
        if s.phase != "place" or card not in s.lineup:
            return ()
        house = s.houses[s.to_move]
        r = "r" if turned else ""
        out = []
        for x, y in _ordered(house):
            a = Place(card, x, y, turned)
            out.append(Target(str(a), self.placement_points(s, a), None, (x, y)))
        out += [Target(f"{card}{r}@{x},{y}", None, reason, (x, y)) for (x, y), reason in _refused(house)]
        return tuple(out)

    def coerce_action(self, s, a):
        """An action value or its notation, checked: besides its fields' types (the core's check),
        a run to score must be a line of a known type going straight right or down over 3 squares
        or more, so ``explain``, ``why_illegal`` and ``apply`` refuse a hand-made
        ``ScoreRun(Run("X", ...))`` the same way (a clear :class:`MalformedInputError`; ``why_illegal``
        answers it as a :class:`Refusal` citing no rule).

        >>> import gardenkit
        >>> rules = gardenkit.make("samurai_gardener")
        >>> s = rules.initial_state(players=2)
        >>> print(rules.why_illegal(s, ScoreRun(Run("X", 0, 0, 0, 2))))
        score: unknown square type 'X'; types are floor, tatami, pond, garden
        """
        return check_action(super().coerce_action(s, a))

    def _why_illegal(self, s, a):
        if isinstance(a, Draw):
            if s.phase not in ("deal", "lineup"):
                return Refusal("cards come off the deck only when the start player lays out a line-up", "samurai_gardener.round.lineup")
            if a.card not in s.deck:
                return Refusal(f"card {a.card} is not in the deck", "samurai_gardener.round.lineup")
            return None
        if s.phase in ("deal", "lineup"):
            return Refusal("the cards have not been laid out yet: a card must be drawn first", "samurai_gardener.round.lineup")
        if isinstance(a, ScoreRun):
            if s.phase != "order":
                return Refusal("no lines are waiting to be scored: choosing the order is only for the specialist rule", "samurai_gardener.specialist.order")
            if a.run not in s.pending.runs:
                return Refusal(f"{a.run.describe()} is not one of the lines waiting to be scored", "samurai_gardener.specialist.order")
            return None
        # a placement
        if s.phase == "order":
            return Refusal("first choose the order in which your new lines score", "samurai_gardener.specialist.order")
        if a.card not in s.lineup:
            shown = ", ".join(str(c) for c in s.lineup)
            return Refusal(f"card {a.card} is not in the line-up (it holds {shown})", "samurai_gardener.round.take")
        return s.houses[s.to_move].refusal(a.x, a.y)  # the one place that decides, and words it

    # ----- scoring (one copy, used by apply and explain) -----------------------------
    def _card_lines(self, house: House, card, a: Place, round_no: int):
        """Lines formed by the card: (scoring runs, breakdown lines of runs of 6+)."""
        runs = new_runs(house.grid, card_cells(card, a.x, a.y, a.turned))
        scoring = tuple(r for r in runs if r.length in RUN_POINTS)
        long = tuple(
            Line(0, f"{r.describe()}: 6 or more score nothing", "samurai_gardener.score.long", round_no)
            for r in runs if r.length not in RUN_POINTS
        )
        return scoring, long

    @staticmethod
    def _bonus(types, round_no) -> tuple[Line, ...]:
        k = len(set(types))
        if k >= 2:
            return (Line(BONUS_POINTS[k], f"bonus for {k} types of scoring line ({_names(set(types))})",
                         "samurai_gardener.score.bonus", round_no),)
        return ()

    @staticmethod
    def _score_run(run: Run, markers: str, specialist: bool, round_no: int):
        """Score one line: (points, markers after, breakdown lines, scored?)."""
        pts = RUN_POINTS[run.length]
        if not specialist:
            return pts, markers, (Line(pts, run.describe(), "samurai_gardener.score.run", round_no),), True
        ok, after, refilled = marker_step(run.type, markers)
        if not ok:
            return 0, markers, (Line(0, f"{run.describe()}: no {TYPE_NAMES[run.type]} marker left",
                                     "samurai_gardener.specialist.marker", round_no),), False
        lines = (Line(pts, f"{run.describe()} (spends the {TYPE_NAMES[run.type]} marker)",
                      "samurai_gardener.specialist.spend", round_no),)
        if refilled:
            lines += (Line(0, "last marker used: all four markers come back", "samurai_gardener.specialist.refill", round_no),)
        return pts, after, lines, True

    def _run_in_order(self, runs, order, markers, round_no):
        points, scored, lines = 0, [], []
        for i in order:
            p, markers, ls, ok = self._score_run(runs[i], markers, True, round_no)
            points += p
            lines.extend(ls)
            if ok:
                scored.append(runs[i].type)
        return points, markers, tuple(lines), tuple(scored)

    def _order_outcomes(self, runs, markers, round_no, prior_scored=()):
        """Every distinct result of scoring ``runs`` in some order: {(points+bonus, markers): order},
        each with the first order (as :func:`itertools.permutations` lists them) that gives it, in
        the order of those orders.

        ``prior_scored``: types this card already scored (the bonus counts them too). The order
        matters only through the markers it leaves, so :func:`order_outcomes` searches (lines left,
        markers, types scored) with memoisation instead of trying every order: ten lines at once
        take a few milliseconds instead of minutes."""
        return order_outcomes(tuple((r.type, RUN_POINTS[r.length]) for r in runs), markers, prior_scored)

    def _order_outcomes_by_permutation(self, runs, markers, round_no, prior_scored=()):
        """What :meth:`_order_outcomes` answers, found by trying every order (``len(runs)!`` of
        them): the reference the property tests and ``benchmarks/bench_samurai_worst.py`` compare
        the search with. Never used in play."""
        results = {}
        for order in permutations(range(len(runs))):
            points, after, _, scored = self._run_in_order(runs, order, markers, round_no)
            total = points + sum(line.points for line in self._bonus(tuple(prior_scored) + scored, round_no))
            results.setdefault((total, after), order)
        return results

    def _finish_specialist(self, runs, markers, round_no, made, prior_points=0, prior_scored=(), prior_lines=()):
        """Score the remaining runs in the best order (the first order giving the most points;
        all orders are equal when no choice is left to the player)."""
        outcomes = self._order_outcomes(runs, markers, round_no, prior_scored)
        (total, _), order = max(outcomes.items(), key=lambda kv: kv[0][0])
        points, after, lines, scored = self._run_in_order(runs, order, markers, round_no)
        scored = tuple(prior_scored) + scored
        lines = tuple(prior_lines) + lines
        bonus = self._bonus(scored, round_no)
        if not bonus and made >= 2 and len(set(scored)) < 2:
            lines += (Line(0, f"no bonus: {made} lines formed but only {len(set(scored))} type scored",
                           "samurai_gardener.specialist.bonus", round_no),)
        return prior_points + points + sum(b.points for b in bonus), after, lines + bonus

    def _placement_result(self, s, a: Place):
        """(points, breakdown lines, markers after, pending-or-None) of a legal placement.

        With a pending order (specialist rule) the points and lines are those of the best order."""
        player = s.to_move
        card = s.components[a.card]
        house = s.houses[player]
        runs, long_lines = self._card_lines(house, card, a, s.round)
        markers = s.markers[player]
        if not s.specialist:
            lines = tuple(line for r in runs for line in self._score_run(r, markers, False, s.round)[2])
            lines += long_lines + self._bonus([r.type for r in runs], s.round)
            return sum(line.points for line in lines), lines, markers, None
        if len(self._order_outcomes(runs, markers, s.round)) > 1:
            # the player will choose the order; what it would do is itemised for the best order
            best, _, preview = self._finish_specialist(runs, markers, s.round, len(runs))
            pending = Pending(player, runs, 0, (), long_lines, len(runs))
            return best, long_lines + preview, markers, pending
        points, after, lines = self._finish_specialist(runs, markers, s.round, len(runs))
        return points, long_lines + lines, after, None

    # ----- applying: one playing-out (core.rules.ScratchTurn, Work above) -------------------
    Work = Work

    def _apply_draw(self, s, a: Draw):
        deck = tuple(c for c in s.deck if c != a.card)
        if s.phase == "deal":
            dealt = sum(1 for h in s.houses if h.placed)
            player = (s.start + dealt) % s.players
            houses = list(s.houses)
            houses[player] = House.build((Placed(a.card, 0, 0, False, 0),), s.components)
            phase, round_no = ("lineup", 1) if dealt + 1 == s.players else ("deal", 0)
            return dataclasses.replace(s, deck=deck, houses=tuple(houses), phase=phase, round=round_no)
        lineup = s.lineup + (a.card,)
        phase = "place" if len(lineup) == s.players else "lineup"
        return dataclasses.replace(s, deck=deck, lineup=lineup, phase=phase)

    def _apply_place(self, s, a: Place, result):
        """The state after placement ``a``, whose :meth:`_placement_result` is ``result``."""
        player = s.to_move
        points, lines, markers, pending = result
        houses = list(s.houses)
        houses[player] = s.houses[player].add(Placed(a.card, a.x, a.y, a.turned, s.round), s.components[a.card])
        lineup = list(s.lineup)
        lineup.remove(a.card)
        s = dataclasses.replace(s, houses=tuple(houses), lineup=tuple(lineup))
        if pending is not None:
            return dataclasses.replace(s, phase="order", pending=pending)
        return self._credit(s, player, lines, markers)

    def _apply_score_run(self, s, a: ScoreRun):
        p = s.pending
        runs = list(p.runs)
        runs.remove(a.run)
        markers = s.markers[p.player]
        pts, markers, lines, ok = self._score_run(a.run, markers, True, s.round)
        scored = p.scored + ((a.run.type,) if ok else ())
        pending = Pending(p.player, tuple(runs), p.points + pts, scored, p.lines + lines, p.made)
        s = _with_markers(s, p.player, markers)
        if runs and len(self._order_outcomes(tuple(runs), markers, s.round, scored)) > 1:
            return dataclasses.replace(s, pending=pending)
        _, markers, lines = self._finish_specialist(
            tuple(runs), markers, s.round, p.made, pending.points, pending.scored, pending.lines
        )
        return self._credit(dataclasses.replace(s, pending=None, phase="place"), p.player, lines, markers)

    def _credit(self, s, player, lines, markers):
        """Book a finished placement's lines and move on to the next player or round."""
        scores = list(s.scores)
        scores[player] += sum(line.points for line in lines)
        all_lines = list(s.lines)
        all_lines[player] = s.lines[player] + tuple(lines)
        s = _with_markers(s, player, markers)
        s = dataclasses.replace(s, scores=tuple(scores), lines=tuple(all_lines), placed=s.placed + 1, phase="place")
        if s.placed < s.players:
            return s
        # the round is over: everyone has placed and scored
        end = game_end(s.scores, len(s.deck), s.players)
        if end is not None and end.rule == "samurai_gardener.end.points":  # the round is not rotated
            return dataclasses.replace(s, phase="over", over=end)
        s = dataclasses.replace(s, start=(s.start + 1) % s.players, round=s.round + 1, placed=0)
        if end is not None:
            return dataclasses.replace(s, phase="over", over=end)
        return dataclasses.replace(s, phase="lineup")

    # ----- explaining: what the scratch turn (Work) noted ----------------------------------------
    def placement_points(self, s, a: Place) -> int:
        """Points a legal placement scores (best order under the specialist rule); fast, for highlights and bots.

        Without the specialist rule it adds up the same tables as the itemised scoring but
        writes no text (a board asks this for every spot on every card pick); the property
        tests hold it equal to ``explain(s, a).points``.
        """
        if s.specialist:
            return self._placement_result(s, a)[0]
        house = s.houses[s.to_move]
        # answers are kept with the house (a value: every state holding it asks the same), for a
        # search bot that asks again for each of its playouts through this house
        kept = house.__dict__.get("_points")
        if kept is None or kept[0] is not s.components:
            kept = (s.components, {})
            object.__setattr__(house, "_points", kept)
        key = (a.card, a.x, a.y, a.turned)
        points = kept[1].get(key)
        if points is not None:
            return points
        card = s.components[a.card]
        runs = new_runs(house.grid, card_cells(card, a.x, a.y, a.turned))
        points, types = 0, set()
        for r in runs:
            if r.length in RUN_POINTS:
                points += RUN_POINTS[r.length]
                types.add(r.type)
        points += BONUS_POINTS.get(len(types), 0)
        kept[1][key] = points
        return points

    def action_points(self, s, a) -> int:
        if isinstance(a, Place):  # a legal placement: the fast, text-free path
            return self.placement_points(s, a)
        return super().action_points(s, a)

    # ----- results -------------------------------------------------------------------
    def outcome(self, s):
        self._check_state(s)
        if s.phase != "over":
            return None
        return self.most_points_outcome(s, "samurai_gardener.end.winner", f"game over: {s.over}; ")

    def observe(self, s, player):
        """What ``player`` sees: everything on the table; not the deck's order (the seed)."""
        self._check_state(s)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
            raise MalformedInputError(f"player must be between 0 and {s.players - 1}, not {player!r}")
        return dataclasses.replace(s, rng=None)

    def _describe(self, seen, player):
        """The round, the cards on offer (each as its rows of squares), each house's visible squares."""
        deck = seen.components

        def card(c):
            rows = " / ".join(" ".join(TYPE_NAMES[t] for t in row) for row in deck[c].rows)
            return f"card {c} ({rows})"

        def house(q):
            grid = seen.houses[q].grid
            counts = ", ".join(f"{sum(1 for t in grid.values() if t == k)} {TYPE_NAMES[k]}" for k in TYPES
                               if any(t == k for t in grid.values()))
            n = len(seen.houses[q].placed)
            who = "Your house" if q == player else f"Player {q + 1}'s house"
            marks = f"; specialist markers left: {seen.markers[q] or 'none'}" if seen.specialist else ""
            return f"{who}: {n} card{'s' if n != 1 else ''}, squares showing {counts or 'none'}{marks}."

        lines = [f"Round {seen.round}; {len(seen.deck)} cards left in the deck."]
        if seen.lineup:
            lines.append("On offer: " + "; ".join(card(c) for c in seen.lineup) + ".")
        lines.extend(house(q) for q in [player, *(q for q in range(seen.players) if q != player)])
        return tuple(lines)

    def _parse_action(self, s, text):
        return parse(text)

    # ----- loading -------------------------------------------------------------------
    def _state_from_dict(self, d):
        from .serialize import state_from_dict

        return state_from_dict(self, d)


def marker_step(t: str, markers: str) -> tuple[bool, str, bool]:
    """Specialist rule, one line of type ``t`` scored with ``markers`` left: (scores?, markers
    after, all four came back?). The one copy of the marker rules (scoring and the order search).

    >>> marker_step("P", "PG"), marker_step("F", "PG"), marker_step("G", "G")
    ((True, 'G', False), (False, 'PG', False), (True, 'FTPG', True))
    """
    if t not in markers:
        return False, markers, False
    markers = _markers_without(markers, t)
    if not markers:
        return True, ALL_MARKERS, True
    return True, markers, False


def order_outcomes(kinds, markers: str, prior_scored=()) -> dict:
    """Specialist rule: every distinct result of scoring lines in some order.

    ``kinds``: each line as ``(type, points)``; ``markers``: the markers before; ``prior_scored``:
    types this card already scored. Answers ``{(points + bonus, markers after): order}``, with for
    each result the first order (a tuple of indices into ``kinds``, as
    :func:`itertools.permutations` lists them) that gives it, in the order of those orders.

    Lines of the same type and points are interchangeable, and what an order changes is only
    which markers are left: the search walks (lines left as a multiset, markers, types scored),
    remembering what each reaches, instead of trying all ``len(kinds)!`` orders. The first order
    of a result is then built index by index: the smallest next line from which the result is
    still reachable.

    >>> order_outcomes((("P", 2), ("P", 1), ("G", 1)), "PG")
    {(5, 'FTPG'): (0, 1, 2), (6, 'FTG'): (0, 2, 1), (4, 'FTPG'): (1, 0, 2)}
    >>> order_outcomes((("F", 1),) * 10, "FTPG")
    {(1, 'TPG'): (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)}
    """
    kinds = tuple(kinds)
    if len(kinds) <= 1:  # most placements: nothing to order
        types = frozenset(prior_scored)
        gain, after, types = _step(kinds[0], markers, types) if kinds else (0, markers, types)
        return {(gain + BONUS_POINTS.get(len(types), 0), after): tuple(range(len(kinds)))}
    distinct = sorted(set(kinds))
    slot = {k: j for j, k in enumerate(distinct)}
    counts0 = tuple(sum(1 for k in kinds if k == d) for d in distinct)
    memo = {}

    def finals(counts, markers, types):
        """{(points still to come, markers at the end, types scored at the end)} from here."""
        key = (counts, markers, types)
        found = memo.get(key)
        if found is None:
            if not any(counts):
                found = frozenset({(0, markers, types)})
            else:
                out = set()
                for j, c in enumerate(counts):
                    if c:
                        gain, after, types2 = _step(distinct[j], markers, types)
                        rest = counts[:j] + (c - 1,) + counts[j + 1:]
                        out.update((p + gain, m, ts) for p, m, ts in finals(rest, after, types2))
                found = frozenset(out)
            memo[key] = found
        return found

    def total(points, types):
        return points + BONUS_POINTS.get(len(types), 0)

    types0 = frozenset(prior_scored)
    results = {(total(p, ts), m) for p, m, ts in finals(counts0, markers, types0)}

    def first_order(result):
        order, left = [], list(range(len(kinds)))
        counts, marks, types, points = counts0, markers, types0, 0
        while left:
            for i in left:
                j = slot[kinds[i]]
                gain, after, types2 = _step(kinds[i], marks, types)
                rest = counts[:j] + (counts[j] - 1,) + counts[j + 1:]
                if any((total(points + gain + p, ts), m) == result for p, m, ts in finals(rest, after, types2)):
                    order.append(i)
                    left.remove(i)
                    counts, marks, types, points = rest, after, types2, points + gain
                    break
            else:  # pragma: no cover - a result found above is reachable
                raise AssertionError(f"no order gives {result}")
        return tuple(order)

    return dict(sorted(((r, first_order(r)) for r in results), key=lambda item: item[1]))


def _step(kind, markers, types):
    """One line ``kind = (type, points)`` scored: (points gained, markers after, types scored after)."""
    t, pts = kind
    ok, after, _ = marker_step(t, markers)
    return (pts, after, types | {t}) if ok else (0, after, types)


def _ordered(house: House) -> tuple:
    """The house's legal spots in the contract's order (row by row, left to right), cached."""
    cached = house.__dict__.get("_ordered")
    if cached is None:
        cached = tuple(sorted(house.spots, key=lambda c: (c[1], c[0])))
        object.__setattr__(house, "_ordered", cached)
    return cached


def _refused(house: House) -> tuple:
    """``((x, y), refusal)`` of the refused top-left squares next to the house, row by row, cached."""
    cached = house.__dict__.get("_refused")
    if cached is None:
        cached = tuple(sorted(((xy, r) for xy, r in house.verdicts.items() if r is not None),
                              key=lambda item: (item[0][1], item[0][0])))
        object.__setattr__(house, "_refused", cached)
    return cached


def _with_markers(s, player, markers):
    if s.markers[player] == markers:
        return s
    ms = list(s.markers)
    ms[player] = markers
    return dataclasses.replace(s, markers=tuple(ms))

