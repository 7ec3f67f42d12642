"""The game view's controls and bots: the setup row (players, seat, opponents, the game's
options, seed, New game), Hint and Undo, and the flow of play (your click, then chance and the
bots until it is your turn again).

The option controls come from ``rules.info.options``: every bool option with a ``label`` gets a
checkbox (the label is its only text, CSS class ``gk-opt-<name>``), and "New game: …" names the
options on by their labels.

>>> import gardenkit
>>> info = gardenkit.make("miyabi").info
>>> boxes = option_controls(info, {"zen": True})
>>> list(boxes)[:3], boxes["zen"].value, boxes["zen"].description
(['colorful', 'meadow', 'zen'], True, 'C Zen Garden')
>>> options_text(info, {"zen": True, "frog": True}), options_text(info, {})
(', with C Zen Garden, E Frog', ', base game')
>>> options_text(gardenkit.make("samurai_gardener").info, {"specialist": True})
', with specialist rule'
>>> options_text(gardenkit.make("karesansui").info, {"start_player": 1})     # no labelled options
''
"""
from __future__ import annotations

import asyncio
import inspect
import os
import sys
import threading
import time

import ipywidgets as widgets

from ..bots import HINT_MS, SearchBot, make_bot, search_hint
from ..core import CHANCE
from ._html import explanation_html, hint_html
from .board_base import guarded

__all__ = ["GameControls", "SliceWorker", "Worker", "bot_delay_seconds", "option_controls", "options_text", "start_worker",
           "threads_available"]


def _labelled(info):
    """The options that get a checkbox: bool ones with a label, in ``info.options`` order."""
    return {name: opt for name, opt in info.options.items() if isinstance(opt.default, bool) and opt.label}


def option_controls(info, values: dict) -> dict:
    """A checkbox per labelled bool option of ``info`` (name -> checkbox showing ``values``, else
    the option's default)."""
    return {
        name: widgets.Checkbox(value=bool(values.get(name, opt.default)), description=opt.label, indent=False,
                               layout=widgets.Layout(width=f"{max(90, 9 * len(opt.label) + 40)}px", max_width="100%")
                               ).add_class(f"gk-opt-{name}")
        for name, opt in _labelled(info).items()
    }


def options_text(info, options: dict) -> str:
    """What "New game: …" adds for ``options``: ", with <labels of those on>", or ", base game"
    when the game has labelled options and none is on ("" for a game without any)."""
    labelled = _labelled(info)
    if not labelled:
        return ""
    on = [opt.label for name, opt in labelled.items() if options.get(name, opt.default)]
    return f", with {', '.join(on)}" if on else ", base game"


def _running_loop():
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def threads_available() -> bool:
    """Whether this Python can start a thread: not on Pyodide (``sys.platform == "emscripten"``,
    the static site), where the thinking runs in slices on the event loop instead (:class:`SliceWorker`)."""
    return sys.platform != "emscripten"


def _drain(steps):
    """Run a generator of slices to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


class Worker:
    """A piece of thinking (a search) run in a worker thread so the kernel's main thread stays free
    for clicks; its answer is handed back on the event ``loop`` (``loop.call_soon_threadsafe``), so
    widgets are only ever changed from the main thread. :meth:`cancel` discards the answer (the
    thread's search is asked to stop through the ``stop`` event, and its answer is ignored). ``budget_ms`` paces
    ``on_progress(percent)``, called on the loop about every 0.1 s while it thinks.

    ``work()`` answers the result, or a generator whose slices (each ``yield``) make it and whose
    return value is the result: the same work runs in slices on the event loop where there are
    no threads (:class:`SliceWorker`, :func:`start_worker`). ``on_end()``, when given, is called on
    the loop once the work has ended, whatever its end (an answer, an error, or cancelled and
    stopped): a cancelled search may think on for a moment after :meth:`cancel`, and what shows
    "thinking" should say so until it has stopped."""

    def __init__(self, loop, work, on_done, on_error, *, budget_ms: float | None = None, on_progress=None,
                 stop: threading.Event | None = None, on_end=None):
        self.cancelled = False
        self._on_end = on_end
        #: set by :meth:`cancel`: a search handed this event ends at its next playout
        self.stop = stop if stop is not None else threading.Event()
        self.done = False
        self._loop = loop
        self._start = time.perf_counter()
        self._budget = budget_ms
        self._on_progress = on_progress
        self._timer = None

        def run() -> None:
            try:
                result, error = work(), None
                if inspect.isgenerator(result):
                    result = _drain(result)
            except Exception as e:  # noqa: BLE001 - said in the panel on the main thread
                result, error = None, e
            try:
                loop.call_soon_threadsafe(finish, result, error)
            except RuntimeError:  # the loop has closed (the kernel is going away)
                pass

        def finish(result, error) -> None:
            self.done = True
            self._stop_timer()
            try:
                if self.cancelled:
                    return
                if error is not None:
                    on_error(error)
                else:
                    on_done(result)
            finally:
                self.ended()

        self.thread = threading.Thread(target=run, name="gardenkit-think", daemon=True)
        self.thread.start()
        if on_progress is not None:
            self._tick()

    def _tick(self) -> None:
        if self.cancelled or self.done:
            return
        elapsed = (time.perf_counter() - self._start) * 1000.0
        if self._budget:
            percent = min(95, int(100 * elapsed / self._budget))
        else:  # no time budget: a slow creep that never claims to be done
            percent = min(95, int(95 * (1 - 1 / (1 + elapsed / 1000.0))))
        self._on_progress(percent)
        self._timer = self._loop.call_later(0.1, self._tick)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def cancel(self) -> None:
        """Discard the answer (what a click, Undo or New game does to a stale hint or bot move) and
        ask the search to stop early (``stop``)."""
        self.cancelled = True
        self.stop.set()
        self._stop_timer()

    def ended(self) -> None:
        """Call ``on_end`` now, if it was not called yet: what the answer's own callback may do to say
        "no longer thinking" before it shows the answer (called again when the callback returns, it
        does nothing)."""
        on_end, self._on_end = self._on_end, None  # once
        if on_end is not None:
            on_end()


class SliceWorker(Worker):
    """The same as :class:`Worker` (``stop``, ``cancel``, ``done``, ``on_progress``, the answer
    or the error handed to ``on_done`` / ``on_error`` on the loop) without a thread, for Pyodide:
    ``work()`` runs on the event ``loop`` in slices of about ``slice_ms`` (each ``yield`` of a
    generator ``work`` ends a step; a plain function is one slice), and between two slices the
    loop answers the page (a click, Stop, Undo, the progress bar). The first slice starts after
    the caller's callback has returned, so what it shows ("thinking…") reaches the page first.
    :meth:`cancel` drops the answer and runs no further slice."""

    thread = None
    #: how long one slice may run before the loop gets its turn (a step is never cut in two)
    slice_ms: float = 40.0

    def __init__(self, loop, work, on_done, on_error, *, budget_ms: float | None = None, on_progress=None,
                 stop: threading.Event | None = None, on_end=None):
        self.cancelled = False
        self._on_end = on_end
        self.stop = stop if stop is not None else threading.Event()
        self.done = False
        self.slices = 0
        self._loop = loop
        self._start = time.perf_counter()
        self._budget = budget_ms
        self._on_progress = on_progress
        self._timer = None
        self._work, self._on_done, self._on_error = work, on_done, on_error
        self._steps = None
        self._next = loop.call_soon(self._slice)
        if on_progress is not None:
            self._tick()

    def _slice(self) -> None:
        self._next = None
        if self.cancelled:
            return self._end(None, None)
        self.slices += 1
        try:
            if self._steps is None:
                out = self._work()
                if not inspect.isgenerator(out):
                    return self._end(out, None)
                self._steps = out
            until = time.perf_counter() + self.slice_ms / 1000.0
            while True:
                next(self._steps)
                if self.cancelled or time.perf_counter() >= until:
                    break
        except StopIteration as end:
            return self._end(end.value, None)
        except Exception as e:  # noqa: BLE001 - said in the panel, as the thread's error is
            return self._end(None, e)
        self._next = self._loop.call_soon(self._slice)

    def _end(self, result, error) -> None:
        self.done = True
        self._stop_timer()
        if self._steps is not None:
            try:
                self._steps.close()
            except ValueError:  # cancelled from within its own slice: it ends as that slice returns
                pass
        try:
            if self.cancelled:
                return
            if error is not None:
                self._on_error(error)
            else:
                self._on_done(result)
        finally:
            self.ended()

    def cancel(self) -> None:
        super().cancel()
        if self._next is not None:  # no slice to come: done now
            self._next.cancel()
            self._next = None
            self._end(None, None)


def start_worker(loop, work, on_done, on_error, **kwargs) -> Worker:
    """A :class:`Worker` (a thread) where threads can be started, else a :class:`SliceWorker`
    (slices on the event loop: Pyodide)."""
    kind = Worker if threads_available() else SliceWorker
    return kind(loop, work, on_done, on_error, **kwargs)


def hint_budget_ms(environ=None) -> float:
    """The hint's time budget in milliseconds: :data:`gardenkit.bots.HINT_MS`, or
    ``GARDENKIT_HINT_MS`` (a number above 0) where a server's environment sets it: a browser test
    that clicks while the hint thinks gives it time enough on a busy machine.

    >>> hint_budget_ms({}) == HINT_MS, hint_budget_ms({"GARDENKIT_HINT_MS": "1500"}), hint_budget_ms({"GARDENKIT_HINT_MS": "-1"}) == HINT_MS
    (True, 1500.0, True)
    """
    env = os.environ if environ is None else environ
    try:
        ms = float(env.get("GARDENKIT_HINT_MS", ""))
    except ValueError:
        return HINT_MS
    return ms if 0 < ms < float("inf") else HINT_MS


def bot_delay_seconds(delay: float, environ=None) -> float:
    """How long a bot "thinks" before it moves: ``delay``, or ``GARDENKIT_BOT_DELAY`` (seconds, above 0
    and at most 10) where a server's environment sets it, for every game view it serves: browser tests
    play whole games by clicks without waiting 0.4 s for each bot move. A ``delay`` of 0 (bots move at
    once, in the same call) stays 0.

    >>> bot_delay_seconds(0.4, {}), bot_delay_seconds(0.4, {"GARDENKIT_BOT_DELAY": "0.02"}), bot_delay_seconds(0, {"GARDENKIT_BOT_DELAY": "0.02"})
    (0.4, 0.02, 0)
    >>> bot_delay_seconds(0.4, {"GARDENKIT_BOT_DELAY": "soon"}), bot_delay_seconds(0.4, {"GARDENKIT_BOT_DELAY": "0"})
    (0.4, 0.4)
    """
    env = os.environ if environ is None else environ
    if delay <= 0:
        return delay
    try:
        seconds = float(env.get("GARDENKIT_BOT_DELAY", ""))
    except ValueError:
        return delay
    return seconds if 0 < seconds <= 10 else delay


class GameControls:
    """Mixin of :class:`~gardenkit.widgets.view.GameView`: the setup row and its ``new_game``,
    ``hint``, ``undo``, your ``play`` and the bots' answers (``bot_delay`` seconds each, or at once).
    Needs ``rules``, ``board``, ``panel``, ``timeline``, ``seat``, ``names``, ``bots``,
    ``_start``, ``_refresh`` and ``show_message``."""

    #: (label, bot name) for the opponents dropdown: the difficulty, weakest first; every name is a
    #: :func:`gardenkit.bots.make_bot` kind (the search bots' budgets: :data:`gardenkit.bots.SEARCH_LEVELS`)
    opponent_choices = (("random bots (easiest)", "random"), ("greedy bots", "greedy"),
                        ("search bots, easy", "search-easy"), ("search bots", "search"),
                        ("search bots, strong", "search-strong"))
    #: the hint's search budget: milliseconds and/or playouts (None: no bound of that kind); a
    #: test may set ``hint_iterations`` (and ``hint_ms = None``) for a hint that is the same every run
    hint_ms: float | None = hint_budget_ms()
    hint_iterations: int | None = None
    #: said when a game starts: how to make the first move
    start_hint: str = ""

    def _make_controls(self, players: int, seat: int, opponents: str, seed: int, options: dict) -> None:
        info = self.rules.info
        self._handle = None
        self._hint_worker = None
        self._hints_alive = 0  # hint searches not ended yet (a dropped one thinks on until it stops)
        #: the last hint shown (a :class:`gardenkit.bots.Hint`), None once the position moved on
        self.last_hint = None
        self.hint_button = widgets.Button(description="Hint", tooltip="ask the search bot for a move, with its reasons"
                                          ).add_class("gk-hint")
        self.hint_progress = widgets.IntProgress(value=0, min=0, max=100, description="thinking",
                                                 layout=widgets.Layout(width="160px", visibility="hidden")
                                                 ).add_class("gk-hint-progress")
        self.undo_button = widgets.Button(description="Undo", tooltip="back to your previous move").add_class("gk-undo")
        self.new_button = widgets.Button(description="New game", button_style="success").add_class("gk-new")
        self.players_in = widgets.Dropdown(options=list(range(info.min_players, info.max_players + 1)), value=players,
                                           description="Players", layout=widgets.Layout(width="150px"))
        self.seat_in = widgets.Dropdown(description="You are", layout=widgets.Layout(width="190px"))
        # wide enough to show the longest choice whole ("random bots (easiest)"), never wider than the page
        longest = max(len(label) for label, _name in self.opponent_choices)
        self.opp_in = widgets.Dropdown(options=list(self.opponent_choices), value=opponents, description="Against",
                                       layout=widgets.Layout(width=f"{120 + 8 * longest}px", max_width="100%"))
        #: option name -> its checkbox (``rules.info.options`` with a label)
        self.option_inputs = option_controls(info, options)
        self.seed_in = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="150px"))
        self._seat_options(players, seat)
        self.players_in.observe(lambda ch: self._seat_options(ch["new"], 0), "value")
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self.new_game_from_controls())

    def _setup_row(self) -> widgets.HBox:
        setup = widgets.HBox([self.players_in, self.seat_in, self.opp_in, *self.option_inputs.values(), self.seed_in,
                              self.new_button], layout=widgets.Layout(flex_flow="row wrap"))
        setup.add_class("gk-setup")
        return setup

    # ----- setting up ------------------------------------------------------------------------
    def _seat_options(self, players: int, seat: int) -> None:
        self.seat_in.options = [(f"player {i + 1}", i) for i in range(players)]
        self.seat_in.value = seat if 0 <= seat < players else 0

    def _show_settings(self, players, seat, opponents, seed, options) -> None:
        """The setup controls show the game being played (a loaded one too), so New game starts
        from its settings."""
        self.players_in.value = players  # resets the seat choices
        self._seat_options(players, seat)
        self.opp_in.value, self.seed_in.value = opponents, seed
        for name, w in self.option_inputs.items():
            if name in options:
                w.value = options[name]

    def _describe_start(self, players, seat, opponents, options) -> str:
        who = ("a solo game, no bots" if players == 1
               else f"{players} players, you are player {seat + 1}, against {opponents} bots")
        return f"New game: {who}{options_text(self.rules.info, options)}. {self.start_hint}".strip()

    @guarded
    def new_game(self, players: int | None = None, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 **options) -> None:
        """Start over with these settings (what the New game button does). Settings that cannot
        start a game (wrong type or range, an unknown option) are a message; the current game
        goes on, as it was."""
        players = self.rules.info.min_players if players is None else players
        try:
            self._start(players, seat, opponents, seed, options)
        except ValueError as e:
            self.show_message(f"Sorry, that did not work: {e}. Your current game goes on.", "error")

    def new_game_from_controls(self) -> None:
        options = {name: w.value for name, w in self.option_inputs.items()}
        self.new_game(players=self.players_in.value, seat=self.seat_in.value, opponents=self.opp_in.value,
                      seed=self.seed_in.value, **options)

    def _new_bots(self, players, seat, opponents, seed) -> dict:
        """The bots of a game of these settings (one per seat but yours)."""
        return {p: make_bot(opponents, seed * 31 + p) for p in range(players) if p != seat}

    # ----- the flow of play ------------------------------------------------------------------
    @guarded
    def play(self, text) -> bool:
        """Play a move for you (exactly what a click on the board does)."""
        return self.board.play(text)

    def _human_played(self, played) -> None:
        """The board's ``on_played``: keep the move the click read and checked (``rules.play``); a
        hint still thinking about the position before it is dropped."""
        self._drop_hint()
        if self.board.state is self.timeline.state:
            self.timeline.record(played)
        else:  # the board showed another state than the timeline's: check the move again
            self.timeline.play(played.action)
        self._my_moves[self.timeline.position - 1] = played.explanation  # (said by the live region)
        self.panel.value = explanation_html(self.rules, played.explanation, "You played:")
        self._continue()

    def _continue(self) -> None:
        """Resolve chance nodes and bot moves until it is your turn or the game ends."""
        t = self.timeline
        while True:
            p = self.rules.current_player(t.state)
            if p is None or p == self.seat:
                self.board.locked = None
                break
            if p is CHANCE:
                t.step_chance()
                continue
            loop = _running_loop() if self.bot_delay > 0 else None
            if loop is not None:
                self.board.locked = f"{self.names[p]} is thinking; your click was not played. Wait a moment."
                self._handle = loop.call_later(self.bot_delay, self._bot_step)
                break
            t.play(self.bots[p].choose(self.rules, t.state))
        self._refresh()
        self._mark_settled()

    def _mark_settled(self) -> None:
        """A browser-test hook on the view's box: the class ``gk-settled-<board version>`` while the
        game waits for you (or is over) and every part of the view shows that position; none while
        chance steps or bots are still to come. Sent after everything it vouches for, so a test
        waits for it instead of for a quiet while."""
        p = self.rules.current_player(self.timeline.state)
        classes = [c for c in self._dom_classes if not c.startswith("gk-settled-")]
        if p is None or p == self.seat:
            classes.append(f"gk-settled-{self.board.version}")
        if tuple(classes) != tuple(self._dom_classes):
            self._dom_classes = tuple(classes)

    @guarded
    def _bot_step(self) -> None:
        self._handle = None
        state = self.timeline.state
        p = self.rules.current_player(state)
        if isinstance(p, int) and p != self.seat:
            bot = self.bots[p]
            loop = _running_loop()
            if isinstance(bot, SearchBot) and loop is not None:
                # a search bot thinks off the main thread (on Pyodide: on the loop, after this callback):
                # the page stays live, Undo/New game cancel it
                rules, stop = self.rules, threading.Event()
                self._handle = start_worker(loop, lambda: bot.choose(rules, state, stop=stop),
                                      lambda action: self._bot_answered(state, action), self._bot_failed, stop=stop)
                return
            self.timeline.play(bot.choose(self.rules, state))
        self._continue()

    @guarded
    def _bot_answered(self, state, action) -> None:
        """A search bot's move, back from its thread: played if the game is still where it was."""
        self._handle = None
        if self.timeline.state is not state:
            return
        self.timeline.play(action)
        self._continue()

    def _bot_failed(self, error) -> None:
        self._handle = None
        self.show_message(f"Sorry, the bot could not move: {error}", "error")

    def _cancel_bot(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    @property
    def thinking(self) -> bool:
        """A bot's move is on its way (``bot_delay``)."""
        return self._handle is not None

    @guarded
    def hint(self, wait: bool | None = None) -> None:
        """Ask the search bot (:func:`gardenkit.bots.search_hint`, budget ``hint_ms`` /
        ``hint_iterations``) for your move: the panel shows it and the next two, each with what it
        scores now (with rule ids) and the search's win rate and margin; the board rings the first.

        In a running kernel (an event loop and ``bot_delay > 0``, or ``wait=False``) the search runs
        in a worker thread with a progress bar, and the board stays clickable: a move played,
        Undo or New game while it thinks drops it, and a hint is only ever shown for the position it
        was asked about (on Pyodide, which has no threads, it runs on the event loop once this call
        has returned: :class:`SliceWorker`). Without a loop (a script, a test) or with ``wait=True`` it answers at once."""
        if self.thinking:
            self.show_message("A bot is thinking; ask for a hint when it is your turn.", "warn")
            return
        if self.rules.current_player(self.state) != self.seat:
            self.show_message("There is nothing to hint: it is not your turn.", "warn")
            return
        self._drop_hint()
        state, rules = self.state, self.rules
        budget_ms, iterations = self.hint_ms, self.hint_iterations
        seed, stop = self.seed, threading.Event()

        def work():
            return search_hint(rules, state, budget_ms=budget_ms, iterations=iterations, seed=seed, stop=stop)

        loop = None if wait else _running_loop()
        if loop is None or (wait is None and self.bot_delay <= 0):
            self._show_hint(state, work())
            return
        self.hint_progress.value = 0
        self._hints_alive += 1
        self._show_hint_bar()
        seconds = f"up to {budget_ms / 1000:.1f} s" if budget_ms else "a moment"
        self.show_message(f"Thinking about a hint ({seconds}); you can still play while it thinks.")
        self._hint_worker = start_worker(loop, work, lambda h: self._show_hint(state, h), self._hint_failed,
                                         budget_ms=budget_ms, on_progress=self._hint_progressed, stop=stop,
                                         on_end=self._hint_ended)

    @property
    def hint_thinking(self) -> bool:
        """A hint is being worked out (in its thread)."""
        return self._hint_worker is not None

    def _hint_progressed(self, percent: int) -> None:
        self.hint_progress.value = percent

    def _drop_hint(self) -> None:
        """Forget a hint in progress (its answer is discarded; its search is asked to stop, and the
        bar shows until it has) and the one shown."""
        if self._hint_worker is not None:
            self._hint_worker.cancel()
            self._hint_worker = None
        self.last_hint = None

    def _hint_ended(self) -> None:
        """A hint's search has ended (answered, failed, or dropped and stopped): the bar goes once
        no search is left. So a page that sees the bar gone knows no hint can still come."""
        self._hints_alive = max(0, self._hints_alive - 1)
        self._show_hint_bar()

    def _show_hint_bar(self) -> None:
        self.hint_progress.layout.visibility = "visible" if self._hints_alive else "hidden"

    @guarded
    def _show_hint(self, state, hint) -> None:
        """Show a hint worked out for ``state``, unless the game has moved on since (then nothing)."""
        worker, self._hint_worker = self._hint_worker, None
        if self.state is not state or self.rules.current_player(state) != self.seat:
            return  # (the bar goes once the callback returns: the search has ended, nothing is shown)
        if worker is not None:
            worker.ended()  # the bar goes (if no other search is left) before the hint shows
        self.last_hint = hint
        self.board.mark(hint.moves[0].notation)
        self.panel.value = hint_html(self.rules, hint)
        best = hint.moves[0]
        others = f" Next best: {'; '.join(m.notation for m in hint.moves[1:])}." if len(hint.moves) > 1 else ""
        self.announce(f"Hint: play {best.notation}, {best.now}. {hint.summary}{others}".replace("  ", " ").strip())

    def _hint_failed(self, error) -> None:
        worker, self._hint_worker = self._hint_worker, None
        if worker is not None:
            worker.ended()
        self.show_message(f"Sorry, no hint this time: {error}", "error")

    @guarded
    def undo(self) -> bool:
        """Take back your last decision, and only it: the position goes back to the moment you were
        asked, so the chance steps and the bots' moves that followed it go too, and nothing before
        it. Every decision counts, however small (a direction on a 5, one tile of a Clear the Path,
        the buy at the end of a turn, a frog's hop): each Undo takes back one."""
        self._cancel_bot()
        self._drop_hint()
        if not self.timeline.undo_to_player(self.seat):
            self.show_message("Nothing to undo yet.", "warn")
            self._continue()
            return False
        self.board.locked = None
        self._refresh()
        self._mark_settled()
        self.show_message("Undone: it is your move again.", "ok")
        return True
