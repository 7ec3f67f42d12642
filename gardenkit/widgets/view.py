"""The game-independent game view: :class:`GameView`, a full game against bots with hints, undo,
a move log, the score table and chart, save/load and the final breakdown.

It is put together from one small mixin per concern, each in its own module:

=====================  ======================================================================
:mod:`.controls`       the setup row (options from ``rules.info.options``), hint, undo, bots
:mod:`.saving`         the Save button (the file is made when clicked), Load, ``save_data``
:mod:`.panels`         the status line, the score table, the other players, the move log
:mod:`.chart`          the score chart (bqplot)
:mod:`.review`         the post-game review (the search's verdict on each of your moves)
=====================  ======================================================================

A game adds a thin subclass that names its board and fills in a few hooks: ``game_id``,
``board_class``, ``opponent_choices``, ``start_hint``, ``others_heading``, ``round_of(state)``,
``score_columns(state)``, ``score_note(state)``,
``move_points(before, after, player)``, ``other_summary(state, player)``,
``render_other(state, player)``. Hidden totals come from ``rules.known_scores(rules.observe(
state, seat))``, never from the view.

>>> import gardenkit
>>> class Plain(GameView):
...     game_id = "samurai_gardener"
...     board_class = gardenkit.entry("samurai_gardener").board_class()
>>> g = Plain(seed=3, bot_delay=0, options={"specialist": True})
>>> g.panel.value.startswith("<div>New game: 2 players, you are player 1, against greedy bots, with specialist rule.")
True
>>> g.option_inputs["specialist"].value
True
>>> g.play(str(g.rules.legal_actions(g.state)[0]))   # the bot answers at once (bot_delay=0)
True
>>> len(g.timeline.history) > 1 and g.undo()
True
"""
from __future__ import annotations

import inspect

import ipywidgets as widgets

import gardenkit

from ..core import CHANCE, MalformedInputError, Rng, Timeline
from ..core.rng import _short
from ._html import PANEL_CSS, breakdown_html, h
from .announce import Announcer, end_words, explanation_words, move_words
from .board_base import BoardWidget
from .chart import ScoreChart
from .controls import GameControls, bot_delay_seconds
from .lazy import GameFallback, Openable, picture_html, shared_layout_if
from .panels import Panels
from .review import Reviewing
from .saving import Saving

__all__ = ["GameView", "LazyGame"]


def _short_text(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GameView(GameFallback, Openable, GameControls, Reviewing, Saving, Panels, ScoreChart, widgets.VBox):
    """A full game of ``game_id`` against bots: you sit in ``seat`` (0-based), the others are
    ``opponents`` bots; ``options`` go to ``rules.initial_state`` (a labelled bool option also gets
    a checkbox). ``bot_delay``: seconds a bot "thinks" before it moves (0: bots move at once, as
    in tests). Every button calls a public method of the same name (``hint``, ``undo``,
    ``new_game_from_controls``, ``load_data``).

    A subclass must set ``game_id`` and ``board_class``; it may set ``opponent_choices``,
    ``start_hint``, ``others_heading`` and implement the hooks (see the module's docstring).
    """

    #: the game (``gardenkit.make(game_id)``) and the :class:`BoardWidget` subclass that shows it
    game_id: str = ""
    board_class: type = BoardWidget

    #: the cover's button while the view waits to be opened (``lazy=True``)
    open_label = "Play a game"

    def __init__(self, players: int | None = None, seat: int = 0, opponents: str = "greedy", seed: int = 7, *,
                 options: dict | None = None, bot_delay: float = 0.4, lazy: bool = False, share: bool = True,
                 **kwargs):
        super().__init__(**shared_layout_if(lazy, kwargs))
        self.add_class("gk-game")
        self.rules = gardenkit.make(self.game_id)
        players = self.rules.info.min_players if players is None else players
        self.bot_delay = bot_delay_seconds(bot_delay)
        self._settings = (players, seat, opponents, seed, dict(options or {}))
        self._first = None
        if lazy:  # the settings are checked now; the first position is what the cover shows
            self._check_settings(players, seat, opponents, seed)
            first = Timeline(self.rules, self.rules.initial_state(players=players, seed=seed, **self._settings[4]))
            first.advance_chance()
            self._first = (first.state, seat)
        #: "Copy link" (``gk-share``): the position as your seat sees it; also the page's one reader
        #: of a link (``?pos=``), there from the start, so a page opened from a link opens this view
        #: at its position even while the view is a cover (:func:`~gardenkit.widgets.learn.share_game_view`)
        self.share = None
        if share:
            from .sharing import share_game_view

            self.share = share_game_view(self)
        self._cover_or_build(lazy)

    def _cover_extras(self) -> tuple:
        return (self.share,) if self.share is not None else ()

    def _build(self) -> None:
        """The board, controls, panels and chart (bqplot is imported here, not before)."""
        players, seat, opponents, seed, options = self._settings
        self.panel = widgets.HTML().add_class("gk-explanation")
        #: the view's live region: each move, refusal, hint and the end said to a screen reader
        self.announcer = Announcer()
        self._announced = None  # (timeline, position) said last
        self._my_moves = {}  # history index -> the explanation of your move there (what the panel showed)
        self._make_panels()
        self._make_saving()
        self._make_controls(players, seat, opponents, seed, options)
        self._make_review()
        self.chart = self._make_chart(players)
        self.board = None
        # a page opened from a link: the view is built at the link's position at once, so the
        # page draws the chart and board as they are there (changing a chart axis the page is
        # still drawing made bqplot fail: "Error setting state: … reading 'scale'")
        first = self.__dict__.pop("_first_timeline", None)
        self._start(players, seat, opponents, seed, options, timeline=first)
        extra = [self.share] if self.share is not None else []
        buttons = widgets.HBox([self.hint_button, self.undo_button, self.save_link, self.upload, self.hint_progress, *extra],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        # beside the board where there is room, under it otherwise (a phone): up to 440 px wide,
        # never wider than the page (the gap between the two is in PANEL_CSS, .gk-main)
        side = widgets.VBox([buttons, self.panel, widgets.HTML("<b>Scores</b>"), self.scores, self.chart, self.chart_table,
                             widgets.HTML("<b>Moves</b> (newest first)"), self.moves],
                            layout=widgets.Layout(flex="1 1 320px", max_width="440px", min_width="0"))
        side.add_class("gk-side")
        left = widgets.VBox([self.board, self.others], layout=widgets.Layout(max_width="100%"))
        self.main = widgets.HBox([left, side], layout=widgets.Layout(flex_flow="row wrap")).add_class("gk-main")
        self.children = [widgets.HTML(PANEL_CSS), self._setup_row(), self.status, self.main, self.review_panel,
                         self.announcer]

    def __getattr__(self, name: str):
        # Only reached for an attribute the view does not have. A closed view (``lazy=True``) has
        # none of its parts yet: code that asks for one (``game.board``, ``game.play(...)``) opens
        # it first, as the cover's button does. Private names never open it (display machinery
        # probes ``_repr_*_``/``_ipython_*`` names).
        if name.startswith("_") or self.__dict__.get("_built", True):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        self.build()
        return object.__getattribute__(self, name)

    def cover_html(self) -> str:
        return self.static_body()

    def shown_position(self) -> tuple:
        """(state, seat) the view shows: the game in progress, or the first position while closed."""
        return (self.state, self.seat) if self.is_built else self._first

    # ----- hooks ---------------------------------------------------------------------------------
    def round_of(self, state) -> int:
        """The round a state is in (the status line, the log, the chart's x axis, the file name)."""
        return state.round

    show_message = BoardWidget.show_message

    @property
    def state(self):
        return self.timeline.state

    # ----- a game starts -------------------------------------------------------------------------
    def _start(self, players, seat, opponents, seed, options, timeline: Timeline | None = None) -> None:
        """Show a new game of these settings (or the loaded ``timeline``), all or nothing: the new
        timeline, its chance steps, bots and names are made and checked first (the settings, a full
        state where play can go on, what the panels read), then swapped in at once. If anything
        fails on the way, the game in progress is put back as it was (timeline, bots, board,
        controls, log, scores, chart, the Save button's game) and the error is raised."""
        self._check_settings(players, seat, opponents, seed)
        if timeline is None:
            timeline = Timeline(self.rules, self.rules.initial_state(players=players, seed=seed, **options))
        elif timeline.state.players != players:
            raise ValueError(f"the game has {timeline.state.players} players, not {players}")
        self.rules.check_full(timeline.initial)
        self.rules.check_playable(timeline.state)
        timeline.advance_chance()
        self._check_shown(timeline.state, seat, players)
        bots = self._new_bots(players, seat, opponents, seed)
        self._drop_hint()  # a hint thinking about the old game's position is never shown in the new one
        names = [f"Player {p + 1} ({'you' if p == seat else f'{opponents} bot'})" for p in range(players)]
        old = self._keep() if self.board is not None else None
        self._handle = None  # the old game's bot (if it was thinking) is cancelled once the new game stands
        try:
            self.timeline, self.bots, self.names = timeline, bots, names
            self.seat, self.opponents, self.seed = seat, opponents, seed
            self._show_settings(players, seat, opponents, seed, options)
            self._forget_log()
            if self.board is None:
                self.board = self.board_class(timeline.state, player=seat, panel=self.panel,
                                              on_played=self._human_played)
                self.board.on_refused = self._refused
            else:  # the new game may have more or fewer seats: switch state and seat together
                self.board.locked = None
                if getattr(self.board, "names", None) is not None:
                    self.board.names = None  # a board naming the players never reads the old game's names
                self.board.set_state(timeline.state, player=seat)
            if self._chart_rows != players:
                self._reset_chart(players)
            self.show_message(self._describe_start(players, seat, opponents, options))
            self._continue()
        except BaseException:
            if old is not None:
                self._put_back(old)
            raise
        if old is not None and old["handle"] is not None:
            old["handle"].cancel()

    def _check_settings(self, players, seat, opponents, seed) -> None:
        """Clear errors for settings from the controls or from code (before anything compares them)."""
        info = self.rules.info
        if isinstance(players, bool) or not isinstance(players, int) or not info.min_players <= players <= info.max_players:
            raise ValueError(f"{info.title} is for {info.min_players} to {info.max_players} players "
                             f"(a whole number), not {_short(players)}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"your seat must be a whole number from 0 to {players - 1}, not {_short(seat)}")
        bots = [name for _label, name in self.opponent_choices]
        if not isinstance(opponents, str) or opponents not in bots:
            raise ValueError(f"opponents are {' or '.join(map(repr, bots))} bots, not {_short(opponents)}")
        Rng.from_seed(seed)  # a whole number from 0 to 2**64 - 1, else a clear error

    def _check_shown(self, s, seat: int, players: int) -> None:
        """Play can go on from ``s`` and the panels can show it (what a refresh reads), checked
        before it replaces the game in progress: a :class:`MalformedInputError` otherwise."""
        rules = self.rules
        rules.check_playable(s)
        try:
            self.round_of(s)
            seen = rules.observe(s, seat)
            known = rules.known_scores(seen)
            if len(known) != players:
                raise ValueError(f"{len(known)} scores for {players} players")
            for p in range(players):
                if known[p] is not None:
                    tuple(rules.score_breakdown(seen, p))
            if rules.current_player(s) is None and rules.outcome(s) is None:
                raise ValueError("the game is over but names no result")
        except MalformedInputError:
            raise
        except Exception as e:  # noqa: BLE001 - whatever the game's code says, the state cannot be shown
            raise MalformedInputError(f"this game cannot be shown ({_short_text(f'{type(e).__name__}: {e}')})") from None

    def _keep(self) -> dict:
        """What :meth:`_put_back` needs to restore the game in progress exactly as it is shown."""
        board = self.board
        return {
            "attrs": {name: getattr(self, name) for name in ("timeline", "bots", "names", "seat", "opponents", "seed",
                                                              "_log")},
            "handle": self._handle,
            "board": (board.state, board._fixed_player, board.locked, board.marked, getattr(board, "names", None)),
            "controls": (self.players_in.value, list(self.seat_in.options), self.seat_in.value, self.opp_in.value,
                         self.seed_in.value, {name: w.value for name, w in self.option_inputs.items()}),
            "chart": self._chart_rows,
            "others": (self._others_key, self.others.value),
            "panel": self.panel.value,
        }

    def _put_back(self, old: dict) -> None:
        """Restore the game in progress after a failed start (see :meth:`_start`)."""
        self._cancel_bot()  # a bot the failed game may have set thinking
        for name, value in old["attrs"].items():
            setattr(self, name, value)
        self._handle = old["handle"]
        players, seat_options, seat, opp, seed, boxes = old["controls"]
        self.players_in.value = players
        self.seat_in.options = seat_options
        self.seat_in.value, self.opp_in.value, self.seed_in.value = seat, opp, seed
        for name, value in boxes.items():
            self.option_inputs[name].value = value
        state, player, locked, marked, names = old["board"]
        board = self.board
        board._fixed_player = player
        if names is not None:
            board.names = names
        board.set_state(state)
        board.locked = locked
        if old["chart"] != self._chart_rows:
            self._reset_chart(old["chart"])
        self._chart_key = None
        self._others_key, self.others.value = old["others"]  # drawn again only if it changed
        self._refresh()
        if marked is not None:
            board.marked = marked
            board.refresh()
        self._mark_settled()
        self.panel.value = old["panel"]

    # ----- every refresh -------------------------------------------------------------------------
    def _refresh(self) -> None:
        """Show the timeline's state: the board, status, scores, the others, the new log lines
        and the chart (each only where it changed; the save file is made when asked for)."""
        s = self.state
        p = self.rules.current_player(s)
        # the board first, drawn once with what the game adds to it, then the words about it (a
        # learner told "your move" finds the new position on the board)
        with self.board.drawn_once():
            self.board.set_state(s, keep_selection=True)
            self._board_extras()
        if p is None:
            self.panel.value = breakdown_html(self.rules, s, self.names)
        self.status.value = self._status_html(s, p)
        seen = self.rules.observe(s, self.seat)
        known = self.rules.known_scores(seen)
        self.scores.value = self._scores_html(s, p, known)
        self._update_others(s, p)
        self._update_log()
        self._update_chart(seen, known)
        self._update_review()
        self._announce_progress()

    def _board_extras(self) -> None:
        """Hook: what a game shows on the board beside the position (e.g. Tanuki's walks of the last
        tile laid), set while :meth:`_refresh` draws it: one drawing, before the status and the
        live region speak. None by default."""

    # ----- what the live region says -------------------------------------------------------------
    def announce(self, text: str) -> None:
        """Say ``text`` in the view's live region (read by screen readers)."""
        self.announcer.announce(text)

    def _refused(self, expl) -> None:
        """The board refused a move: say which rule refuses it."""
        self.announce(f"{expl.action}: {explanation_words(expl)}.")

    def _announce_progress(self) -> None:
        """Say what happened since the last refresh that said something: each move played (yours
        with its score lines and rule ids, a bot's as the log shows it), or a new game, a loaded
        game or moves taken back; then whose turn it is, or the result."""
        t = self.timeline
        said = self._announced
        self._announced = (t, t.position)
        if said is not None and said[0] is t and said[1] == t.position:
            return
        words = []
        if said is None or said[0] is not t:
            self._my_moves = {}
            decided = any(self.rules.current_player(before) is not CHANCE for before, _a, _b in t.steps())
            words.append("A game in progress." if decided else "A new game.")
        elif said[1] > t.position:
            words.append("Taken back.")
            self._my_moves = {i: e for i, e in self._my_moves.items() if i < t.position}
        else:
            for i, (before, action, after) in enumerate(t.steps(said[1]), start=said[1]):
                p = self.rules.current_player(before)
                if p is CHANCE or p is None:
                    continue
                points = self._log_points.get(i)
                if points is None:
                    points = self.move_points(before, after, p)
                if p == self.seat and i in self._my_moves:
                    words.append(move_words("You", action, expl=self._my_moves[i]))
                else:
                    words.append(move_words("You" if p == self.seat else self.names[p], action, points))
        s = t.state
        p = self.rules.current_player(s)
        if p is None:  # the end: the result and every final score
            words.append(end_words(self.rules, s, self.names))
        else:
            words.append(self._status_text(s, p).replace("…", "."))
        self.announce(" ".join(words))


class LazyGame(Openable, widgets.VBox):
    """A game view that waits for a click: ``LazyGame(TangGardenGame, players=1)`` shows the game
    as it starts (a picture) and a "Play" button; the click builds ``view_class(**settings)`` in
    place (:attr:`view`), as a lazy lesson does. A page with a second game (the solo game beside
    the game against bots) then builds one game view at load, not two. The settings are checked
    at once: the game they start must exist (a ``ValueError`` otherwise).
    """

    open_label = "Play"

    def __init__(self, view_class, *, lazy: bool = True, **settings):
        super().__init__()
        if not (isinstance(view_class, type) and issubclass(view_class, GameView)):
            raise ValueError(f"LazyGame needs a game view class (such as TangGardenGame), not {_short(view_class)}")
        self.add_class("gk-lazy-game")
        self.view_class, self.settings, self.view = view_class, dict(settings), None
        self.rules = gardenkit.make(view_class.game_id)
        defaults = {name: p.default for name, p in inspect.signature(view_class.__init__).parameters.items()
                    if p.default is not inspect.Parameter.empty}
        players = settings.get("players", defaults.get("players")) or self.rules.info.min_players
        self.seat = settings.get("seat", defaults.get("seat", 0))
        s = self.rules.initial_state(players=players, seed=settings.get("seed", defaults.get("seed", 7)),
                                     **dict(settings.get("options") or {}))
        while self.rules.current_player(s) is CHANCE:
            s = self.rules.step_chance(s)
        self.start, self.players = s, players
        self._cover_or_build(lazy)

    def _build(self) -> None:
        self.view = self.view_class(**self.settings)
        self.children = (self.view,)

    def _who(self) -> str:
        return "a solo game" if self.players == 1 else "a game against bots"

    def cover_html(self) -> str:
        title = self.rules.info.title
        return (f"<p><b>{h(title)}</b>: {h(self._who())}.</p>"
                + picture_html(self.start, self.rules, self.seat, alt=f"{title}: the game as it starts"))

    def plain_text(self) -> str:
        return f"{self.rules.info.title}: {self._who()}"
