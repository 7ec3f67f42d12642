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

import ipywidgets as widgets

from ..bots import hint as greedy_hint
from ..bots import make_bot
from ..core import CHANCE
from ._html import explanation_html
from .board_base import guarded

__all__ = ["GameControls", "option_controls", "options_text"]


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


class GameControls:
    """Mixin of :class:`~gardenkit.widgets.view.GameView`: the setup row and its ``new_game``,
    ``hint``, ``undo``, your ``play`` and the bots' answers (``bot_delay`` seconds each, or at once).
    Needs ``rules``, ``board``, ``panel``, ``timeline``, ``seat``, ``names``, ``bots``,
    ``_start``, ``_refresh`` and ``show_message``."""

    #: (label, bot name) for the opponents dropdown
    opponent_choices = (("greedy bots", "greedy"), ("random bots", "random"))
    #: said when a game starts: how to make the first move
    start_hint: str = ""

    def _make_controls(self, players: int, seat: int, opponents: str, seed: int, options: dict) -> None:
        info = self.rules.info
        self._handle = None
        self.hint_button = widgets.Button(description="Hint", tooltip="show the greedy suggestion").add_class("gk-hint")
        self.undo_button = widgets.Button(description="Undo", tooltip="back to your previous move").add_class("gk-undo")
        self.new_button = widgets.Button(description="New game", button_style="success").add_class("gk-new")
        self.players_in = widgets.Dropdown(options=list(range(info.min_players, info.max_players + 1)), value=players,
                                           description="Players", layout=widgets.Layout(width="150px"))
        self.seat_in = widgets.Dropdown(description="You are", layout=widgets.Layout(width="190px"))
        self.opp_in = widgets.Dropdown(options=list(self.opponent_choices), value=opponents, description="Against",
                                       layout=widgets.Layout(width="220px"))
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

    # ----- hooks -----------------------------------------------------------------------------
    def turn_starts(self, state) -> bool:
        """Whether a state where you are to act starts your turn (undo goes back to one); a game
        whose turn has several steps answers False for the later ones."""
        return True

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
        """The board's ``on_played``: keep the move the click read and checked (``rules.play``)."""
        if self.board.state is self.timeline.state:
            self.timeline.record(played)
        else:  # the board showed another state than the timeline's: check the move again
            self.timeline.play(played.action)
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

    @guarded
    def _bot_step(self) -> None:
        self._handle = None
        p = self.rules.current_player(self.timeline.state)
        if isinstance(p, int) and p != self.seat:
            self.timeline.play(self.bots[p].choose(self.rules, self.timeline.state))
        self._continue()

    def _cancel_bot(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    @property
    def thinking(self) -> bool:
        """A bot's move is on its way (``bot_delay``)."""
        return self._handle is not None

    @guarded
    def hint(self) -> None:
        """Show the greedy suggestion and ring it on the board."""
        if self.thinking:
            self.show_message("A bot is thinking; ask for a hint when it is your turn.", "warn")
            return
        if self.rules.current_player(self.state) != self.seat:
            self.show_message("There is nothing to hint: it is not your turn.", "warn")
            return
        action, expl = greedy_hint(self.rules, self.state)
        self.board.mark(str(action))
        self.panel.value = explanation_html(self.rules, expl, "Hint: the move that scores most right now is")

    @guarded
    def undo(self) -> bool:
        """Take back your last move (and the bots' moves since)."""
        self._cancel_bot()
        if not self.timeline.undo_to_player(self.seat, where=self.turn_starts):
            self.show_message("Nothing to undo yet.", "warn")
            self._continue()
            return False
        self.board.locked = None
        self._refresh()
        self.show_message("Undone: it is your move again.", "ok")
        return True
