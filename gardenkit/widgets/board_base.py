"""The game-independent board: :class:`BoardWidget`, a clickable SVG drawing (anywidget) of one
position. A game's board subclasses it to draw its position and to say what can be picked; the
front end (``board.js``), the browser's messages, play/hover/mark and the panel live here once.

A board's drawing comes in three parts, ``head``, ``body`` and ``tail`` (cut at the
:data:`~gardenkit.render.svg.BODY_START`/``BODY_END`` markers): the body is what changes least
(a house, a garden), so a redraw that leaves it alone sends and parses only the other two.

The front end sends four kinds of message, one per kind of element a click or hover can meet:

==========  =================================  =======================================
kind        sent by                            calls
==========  =================================  =======================================
``play``    a click on ``[data-action]``       :meth:`BoardWidget.play` (the notation)
``hover``   the mouse resting on one           :meth:`BoardWidget.hover`
``pick``    a click on ``[data-pick]``         :meth:`BoardWidget.pick` → ``_pick(value)``
``ui``      a click on ``[data-ui]``           :meth:`BoardWidget.ui` → ``_ui_actions[name]``
            (the Escape key: ``escape``)       (``escape``: drop what is picked)
==========  =================================  =======================================

Each carries the ``version`` of the drawing it was sent from; Python checks every field. A click
from a drawing of an earlier position is dropped (a ``play`` politely); one from an earlier drawing
of the position still shown (only marks, picks or words changed since, e.g. a hint's answer drawn
while the click was on its way) counts: the notation names the whole move, a pick what it picks.
A drawing whose root carries ``data-room`` (the width, in CSS px, it was made for; 0: any) also
gets a ``room`` message (``width``, a whole number of CSS px) when the board's room is another:
:meth:`BoardWidget.set_room`, whatever the version (a board that draws part of itself on a phone).

A click is read and checked once: :meth:`BoardWidget.play` asks ``rules.play(state, text)``,
which parses the notation, decides legality and applies the move in one go; the board (or, with
``on_played``, the game view's timeline) keeps the state it answered.

>>> import gardenkit
>>> from gardenkit.render.svg import BODY_END, BODY_START
>>> class Dots(BoardWidget):
...     game_id = "samurai_gardener"
...     def render(self):
...         return f'<svg data-version="{self.version}">{BODY_START}<g/>{BODY_END}</svg>'
>>> rules = gardenkit.make("samurai_gardener")
>>> board = Dots(rules.initial_state(players=2, seed=1))
>>> board.head, board.body, board.tail
('<svg data-version="1">', '<g/>', '</svg>')
>>> board.ui("fly")                      # a data-ui name the board does not know
>>> "no control named “fly”" in board.panel.value
True
"""
from __future__ import annotations

import contextlib
import functools
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets

import gardenkit

from ..core import CHANCE
from ..core.types import points_text
from ..render.svg import SVG_CSS, new_uid, split_body
from ._html import BUTTON_CSS, PANEL_CSS, SR_CSS, explanation_html, message_html
from .announce import explanation_words

__all__ = ["BoardWidget", "guarded", "panel_style"]

_HERE = Path(__file__).parent
#: the board's front end and stylesheet, read once from the package (``board.js``, ``board.css``)
_ESM = (_HERE / "board.js").read_text(encoding="utf-8")
_CSS = (_HERE / "board.css").read_text(encoding="utf-8")

#: message kind -> its one text field (besides ``kind`` and ``version``)
_MESSAGES = {"play": "action", "hover": "action", "pick": "value", "ui": "name"}


def guarded(method):
    """Run a callback; any exception goes to the panel as a plain message, never a traceback."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as e:  # noqa: BLE001 - the user sees the message instead of a traceback
            self.show_message(f"Sorry, that did not work: {e}", "error")
            return None

    return wrapper


def panel_style() -> widgets.HTML:
    """The CSS of the panels (explanation, log, scores), as an invisible widget to show once."""
    return widgets.HTML(PANEL_CSS)


class BoardWidget(anywidget.AnyWidget):
    """One position of game ``game_id``, drawn by the subclass and clicked in the browser.

    ``player``: whose side to show (default: the one to act). ``panel``: the HTML widget for
    explanations and messages (made here if not given). ``on_played(played)``: called with the
    :class:`~gardenkit.core.rules.Played` of a legal click (its ``action``, ``explanation`` and the
    ``state`` after it, read and checked once) instead of showing that state here (a game view
    records it in its timeline, so the move is not checked again); ``on_play(action,
    explanation)``: the same for a caller that needs only the move and what it does. Without
    either, the board shows the new state and resolves chance nodes, for hot-seat play.
    ``clickable=False``: a picture only. ``header``: a line the drawing shows instead of its own.

    A subclass must set ``game_id`` and implement :meth:`render` (or :meth:`render_parts`); it may
    set ``notation_hint``, ``_ui_actions`` and implement ``_pick``, ``_state_changed``,
    ``render_patterns``.
    """

    _esm = _ESM
    _css = _CSS + SR_CSS + SVG_CSS + BUTTON_CSS  # loaded once; redraws leave their <style> out
    patterns = traitlets.Unicode("").tag(sync=True)  # sent once (render_patterns)
    head = traitlets.Unicode("").tag(sync=True)
    body = traitlets.Unicode("").tag(sync=True)
    tail = traitlets.Unicode("").tag(sync=True)
    #: notation -> what the engine answers for each target drawn (``spots()``): its points, or the
    #: refusal and its rule; the front end names each target by it (a screen reader says it)
    target_names = traitlets.Dict({}).tag(sync=True)
    #: the position in words as the shown player sees it (``rules.describe``, one line each): the
    #: board's text alternative, which the front end gives a screen reader with the board's name
    position_text = traitlets.Unicode("").tag(sync=True)

    #: the game whose rules the board asks (``gardenkit.make(game_id)``)
    game_id: str = ""
    #: how a move is written, said when a move cannot be read: "A move is written like …"
    notation_hint: str = "the notation the game prints for its moves"
    #: ``data-ui`` name -> the method a click on it calls (no arguments)
    _ui_actions: dict = {}
    #: the longest text a browser message may carry
    max_text: int = 60

    def __init__(self, state, *, player: int | None = None, panel: widgets.HTML | None = None, on_play=None,
                 clickable: bool = True, header: str | None = None, on_played=None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-board-widget")
        self.rules = gardenkit.make(self.game_id)
        self.panel = panel if panel is not None else widgets.HTML()
        self.panel.add_class("gk-explanation")
        self.on_play = on_play
        self.on_played = on_played
        #: called with the :class:`~gardenkit.core.types.Explanation` of a refused click (a game
        #: view says it in its live region)
        self.on_refused = None
        self.clickable = clickable
        self.header = header
        self.version = 0
        self._position_version = 0  # the first drawing of the position shown (set_state)
        self._new_position = False
        self._holding, self._held_refresh = 0, False  # drawn_once: blocks open, a redraw asked for
        self.marked: str | None = None
        self.locked: str | None = None  # a polite refusal while e.g. a bot is thinking
        self.room = 0  # the width (CSS px) the front end has for the board, if it said (set_room)
        self._uid = new_uid("gkb")
        self._fixed_player = player
        self._state = None
        self.patterns = self.render_patterns()
        self.on_msg(self._on_front_end_msg)
        self.set_state(state)

    # ----- what a subclass draws ------------------------------------------------------------
    def render(self) -> str:
        """The drawing of the current state: one ``<svg>`` whose root carries
        ``data-version="{self.version}"``, with its body between the body markers."""
        raise NotImplementedError(f"{type(self).__name__} draws nothing: implement render()")

    def render_parts(self) -> tuple[str, str, str]:
        """``(head, body, tail)``; by default :meth:`render` cut at its body markers."""
        return split_body(self.render())

    def render_patterns(self) -> str:
        """Definitions the drawings refer to, kept once in the page (e.g. square fills)."""
        return ""

    def _state_changed(self, s, keep_selection: bool) -> None:
        """Hook, before the redraw of a new state: forget what was picked (or keep it where
        ``keep_selection`` and it still makes sense)."""

    def _room_changed(self) -> None:
        """Hook: the front end said the board has another width (``self.room``); redraw if it matters."""

    def set_room(self, width: int) -> None:
        """The width, in CSS px, the board has in the page (what the front end measures for a
        drawing that carries ``data-room``): a board may draw less where it has little (a phone)."""
        if isinstance(width, bool) or not isinstance(width, int) or not 0 < width <= 100_000:
            raise ValueError(f"the room is a whole number of CSS px from 1 to 100000, not {width!r}")
        if width != self.room:
            self.room = width
            self._room_changed()

    def _pick(self, value: str) -> None:
        """Hook: a ``data-pick`` element was clicked (a card, a tile …)."""
        self.show_message("There is nothing to pick on this board.", "warn")

    # ----- state ----------------------------------------------------------------------------
    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, s) -> None:
        self.set_state(s)

    @property
    def svg(self) -> str:
        """The whole drawing as the browser shows it (its patterns: ``patterns``)."""
        return self.head + self.body + self.tail

    def set_state(self, s, *, keep_selection: bool = False, player: int | None = None) -> None:
        """Show ``s`` (and, if given, ``player``'s side from now on)."""
        self.rules.check_type(s)
        if player is not None:
            if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
                raise ValueError(f"player must be a number from 0 to {s.players - 1}")
            self._fixed_player = player
        self._state = s
        self.marked = None
        self._state_changed(s, keep_selection)
        self._new_position = True  # the next drawing is the position's first (clicks on it count)
        self.refresh()

    @property
    def player(self) -> int:
        """Whose side is shown: the fixed player, else the one to act (player 1 at chance or the end)."""
        if self._fixed_player is not None:
            return self._fixed_player
        p = self.rules.current_player(self._state)
        return p if isinstance(p, int) else 0

    @player.setter
    def player(self, p: int | None) -> None:
        self._fixed_player = p
        self.refresh()

    def my_turn(self) -> bool:
        return self.rules.current_player(self._state) == self.player

    @contextlib.contextmanager
    def drawn_once(self):
        """Redraws asked for inside ``with board.drawn_once():`` (any number, nested blocks too)
        make one drawing when the outermost block ends: a click that plays a move and then shows
        what it caused, a game view showing a new position and its trail, render once and send
        one message."""
        self._holding += 1
        try:
            yield self
        finally:
            self._holding -= 1
            if not self._holding and self._held_refresh:
                self.refresh()

    def refresh(self) -> None:
        """Redraw; one message to the browser holding only the parts that changed (inside
        :meth:`drawn_once`: once, when it ends)."""
        if self._holding:
            self._held_refresh = True
            return
        self._held_refresh = False
        self.version += 1
        if self._new_position:
            self._position_version, self._new_position = self.version, False
        head, body, tail = self.render_parts()
        if f'data-version="{self.version}"' not in head[: head.find(">") + 1]:
            raise ValueError(f'{type(self).__name__}.render(): the <svg> root needs data-version="{self.version}"')
        names = self._target_names() if self.clickable else {}
        words = self._position_words()
        with self.hold_sync():
            self.head, self.body, self.tail = head, body, tail
            if names != self.target_names:
                self.target_names = names
            if words != self.position_text:
                self.position_text = words

    def _position_words(self) -> str:
        """``position_text``: ``rules.describe`` of the state shown, for the player shown (worked
        out again only when the state or the player changed)."""
        key = (self._state, self.player)
        said = getattr(self, "_described", None)
        if said is None or said[0][0] is not key[0] or said[0][1] != key[1]:
            said = self._described = (key, "\n".join(self.rules.describe(self._state, self.player)))
        return said[1]

    def _target_names(self) -> dict:
        """``target_names``: each of ``spots()`` in words, from the engine's answer: a legal move's
        points with each score line and its rule id (``rules.explain``, once per move and
        position: a few ms for every move of a position), or the refusal with its rule id."""
        unit = "demerit" if self.rules.info.lower_wins else self.rules.score_word
        if getattr(self, "_explained_for", None) is not self._state:
            self._explained_for, self._explained = self._state, {}
        names = {}
        for t in self.spots():
            if t.points is not None:
                words = self._explained.get(t.action)
                if words is None:
                    try:
                        words = explanation_words(self.rules.explain(self._state, t.action))
                    except ValueError:  # a target the engine reads only with a selection: its points
                        words = points_text(t.points, True, unit)
                    self._explained[t.action] = words
                names[t.action] = f"{t.action}: {words}"
            elif t.reason is not None:
                rule = f" (rule {t.reason.rule})" if t.reason.rule else ""
                names[t.action] = f"{t.action}: not allowed, {t.reason.text}{rule}"
            else:
                names[t.action] = f"{t.action}: not allowed"
        return names

    # ----- what a click calls -----------------------------------------------------------------
    @guarded
    def play(self, text) -> bool:
        """Play ``text`` (the game's notation). Returns True if it was played; a refused move
        leaves everything as it was and the panel says which rule forbids it. The notation is
        read and the move checked once (``rules.play``)."""
        if self.locked:
            self.show_message(self.locked, "warn")
            return False
        if not self.clickable:
            self.show_message("This board only shows a position.", "warn")
            return False
        played = self._ask(text, self.rules.play)
        if played is None:
            return False
        if not played.legal:
            self.panel.value = explanation_html(self.rules, played.explanation)
            if self.on_refused is not None:
                self.on_refused(played.explanation)
            return False
        self._move_played(played)
        if self.on_played is not None:
            self.on_played(played)
        elif self.on_play is not None:
            self.on_play(played.action, played.explanation)
        else:
            new = played.state
            while self.rules.current_player(new) is CHANCE:
                new = self.rules.step_chance(new)
            self.set_state(new)
            self.panel.value = explanation_html(self.rules, played.explanation, "Played:")
        return True

    def _move_played(self, played) -> None:
        """A legal move was clicked (``played``: what ``rules.play`` answered, the position shown
        still the one before it): a board that keeps picks for a move (a tile, its turn) forgets
        them here, before the new position is drawn (so it is drawn once, without them); a board
        that shows what the move did reads it here, while its playing-out is still kept."""

    @guarded
    def hover(self, text) -> None:
        """Show what ``text`` would do (points and rules, or the refusal) without playing it."""
        expl = self.explain(text)
        if expl is not None:
            self.panel.value = explanation_html(self.rules, expl)

    def explain(self, text):
        """The engine's explanation of ``text`` here (None and a message if it cannot be read)."""
        return self._ask(text, self.rules.explain)

    def _ask(self, text, question):
        """``question(state, text)`` (``rules.explain`` or ``rules.play``) for a short notation
        while the game goes on; None and a message in the panel otherwise."""
        if not isinstance(text, str) or len(text) > self.max_text:
            self.show_message(f"A move is written like {self.notation_hint}.", "warn")
            return None
        s = self._state
        if self.rules.current_player(s) is None:
            self.show_message("The game is over: no more moves.", "warn")
            return None
        try:
            return question(s, text)
        except ValueError as e:
            self.show_message(str(e), "warn")
            return None

    @guarded
    def pick(self, value: str) -> None:
        """What a click on a ``data-pick`` element does: hands its value to the game's ``_pick``."""
        if not isinstance(value, str) or not value or len(value) > self.max_text:
            self.show_message(f"Something is picked by a short name, not “{str(value)[:20]}”.", "warn")
            return
        self._pick(value)

    @guarded
    def ui(self, name: str) -> None:
        """What a click on a ``data-ui`` control does: calls the method ``_ui_actions`` names."""
        method = self._ui_actions.get(name) if isinstance(name, str) else None
        if method is None and name == "escape":  # the Escape key: drop what is picked (a card, rocks, a turn)
            self._state_changed(self._state, False)
            self.refresh()
            return
        if method is None:
            known = ", ".join(sorted(self._ui_actions)) or "none"
            self.show_message(f"This board has no control named “{str(name)[:20]}” (it has: {known}).", "warn")
            return
        getattr(self, method)()

    def start_pick(self, caption: str = "") -> None:
        """What a try board does on (re)start: a game picks something to show (hook; default none)."""

    def propose(self, action) -> None:
        """Show ``action`` as the move a quiz asks about (default: ring it)."""
        self.mark(str(action))

    def spots(self) -> tuple:
        """What the board offers to click now: the ``rules.targets(...)`` of the current selection
        (:class:`~gardenkit.Target` values: ``action``, ``points``, None when refused)."""
        return ()

    def spot_actions(self, legal: bool = True) -> tuple[str, ...]:
        """The notations of the legal spots (``legal=False``: the refused ones)."""
        return tuple(sp.action for sp in self.spots() if (sp.points is not None) == legal)

    def mark(self, action: str | None) -> None:
        """Ring one move (a hint, or the move a scenario plays); None clears the ring."""
        self.marked = None if action is None else str(self.rules.parse_action(self._state, action))
        self.refresh()

    # ----- panel ------------------------------------------------------------------------------
    def show_message(self, text: str, kind: str = "info") -> None:
        self.panel.value = message_html(text, kind)

    # ----- messages from the browser ----------------------------------------------------------
    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        """Check every field; a malformed message is dropped, a stale click is refused politely."""
        if not isinstance(content, dict) or not isinstance(content.get("kind"), str):
            return
        kind = content["kind"]
        if kind == "room":
            width = content.get("width")
            if set(content) == {"kind", "version", "width"} and type(width) is int and 0 < width <= 100_000:
                self.set_room(width)
            return
        field = _MESSAGES.get(kind)
        if field is None or set(content) != {"kind", "version", field}:
            return
        version, text = content["version"], content[field]
        if isinstance(version, bool) or not isinstance(version, int):
            return
        if not isinstance(text, str) or len(text) > self.max_text:
            return
        if version != self.version and not self._position_version <= version < self.version:
            # (a click on an earlier drawing of the same position — before a hint's marks, a pick or
            # a header came — means what it meant: a move's notation names the whole move, a pick
            # names what it picks, and each is checked against the position as it is now)
            if kind == "play":
                self.show_message("The board changed before your click arrived, so nothing was played. "
                                  "Please click again.", "warn")
            return
        {"play": self.play, "hover": self.hover, "pick": self.pick, "ui": self.ui}[kind](text)
