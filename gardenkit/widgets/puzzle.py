"""The puzzle board (``gk-puzzle``): "find the best move" in positions mined from bot games.

:class:`PuzzleWidget` shows one puzzle of a game at a time (:func:`gardenkit.bots.puzzles.load`):
the board as the player to move sees it, whose turn, what to find, and Previous / Next. The
learner plays a move by clicking the board, as on a try board; the engine answers from the
puzzle's stored numbers (no search): the best move, or what the move gives up against the best
and why — both moves' points now with their rule ids (links), and what the search expects
later. "Show the answer" rings the best move; "Try again" puts the position back.

``lazy=True`` (what the notebooks use): a cover with a few words and one button until opened; the
puzzles are read (and checked like saves) only then, so a page load pays nothing for them.

Test hooks: the box has class ``gk-puzzle``; its status line ``.gk-puzzle-status`` carries
``data-puzzle`` (the puzzle's id), ``data-index`` and ``data-verdict`` (``""`` before an answer,
``best`` or ``worse``, ``shown`` after "Show the answer").

>>> w = PuzzleWidget("miyabi")
>>> w.puzzle.id == w.puzzles[0].id, w.verdict
(True, '')
>>> w.play(w.puzzle.greedy)
True
>>> w.verdict, "gk-rule-link" in w.panel.value
('worse', True)
>>> w.try_again(); w.play(w.puzzle.best), w.verdict
(True, 'best')
"""
from __future__ import annotations

import ipywidgets as widgets

import gardenkit

from ..bots import puzzles as _puzzles
from ..core import CHANCE
from ._html import PANEL_CSS, explanation_html, h, message_html
from ._links import link_rule_ids
from .board_base import guarded
from .lazy import Openable, shared_layout_if

__all__ = ["PuzzleWidget", "Puzzles"]

_CSS = """<style>
.gk-puzzle-status{font:15px/1.4 sans-serif;margin:4px 0}
.gk-puzzle-verdict{font:14px/1.45 sans-serif;margin:4px 0}
.gk-puzzle-verdict .gk-puzzle-numbers{margin:4px 0}
</style>"""


class PuzzleWidget(Openable, widgets.VBox):
    """The puzzles of ``game`` (an id), one at a time; ``start``: the first one shown (an index).
    ``lazy=True``: a cover until opened. Buttons call public methods: :meth:`play` (a click on the
    board), :meth:`next`, :meth:`previous`, :meth:`goto`, :meth:`try_again`, :meth:`show_answer`."""

    open_label = "Start the puzzles"

    def __init__(self, game: str, *, start: int = 0, lazy: bool = False, **kwargs):
        if not isinstance(game, str) or game not in gardenkit.available_games():
            raise ValueError(f"unknown game {str(game)[:40]!r}; games are: {', '.join(gardenkit.available_games())}")
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise ValueError(f"start is the index of a puzzle (0 or more), not {start!r}")
        super().__init__(**shared_layout_if(lazy, kwargs))
        self.add_class("gk-puzzle")
        self.game = game
        self.rules = gardenkit.make(game)
        self._start = start
        self._puzzles = None
        self.index = 0
        self.verdict = ""
        self.last = None  # the last Verdict
        self._cover_or_build(lazy)

    # ----- the cover ---------------------------------------------------------------------------
    def cover_html(self) -> str:
        return (f"<p><b>Puzzles: find the best move.</b> Positions from games played by bots where the move "
                f"that scores most now is not the best one. Play a move on the board; the engine says whether "
                f"it is the best, or what it gives up and why.</p>")

    def plain_text(self) -> str:
        return f"Puzzles: find the best move ({self.rules.info.title})"

    # ----- the parts ---------------------------------------------------------------------------
    @property
    def puzzles(self) -> tuple:
        """The game's puzzles (read and checked on first use)."""
        if self._puzzles is None:
            self._puzzles = _puzzles.load(self.game)
            if not self._puzzles:
                raise ValueError(f"{self.rules.info.title} has no puzzles")
        return self._puzzles

    @property
    def puzzle(self):
        return self.puzzles[self.index]

    def _build(self) -> None:
        if self._start >= len(self.puzzles):
            raise ValueError(f"there are {len(self.puzzles)} puzzles; no puzzle {self._start + 1}")
        self.index = self._start
        self.status = widgets.HTML().add_class("gk-puzzle-status-box")
        self.panel = widgets.HTML().add_class("gk-explanation")
        self.result = widgets.HTML().add_class("gk-puzzle-verdict")
        board_class = gardenkit.entry(self.game).board_class()
        p = self.puzzle
        self.board = board_class(p.state, player=p.player, panel=self.panel, on_played=self._played)
        self.prev_button = widgets.Button(description="◀ Previous").add_class("gk-puzzle-prev")
        self.next_button = widgets.Button(description="Next ▶").add_class("gk-puzzle-next")
        self.retry_button = widgets.Button(description="Try again").add_class("gk-puzzle-retry")
        self.answer_button = widgets.Button(description="Show the answer").add_class("gk-puzzle-answer")
        self.prev_button.on_click(lambda _b: self.previous())
        self.next_button.on_click(lambda _b: self.next())
        self.retry_button.on_click(lambda _b: self.try_again())
        self.answer_button.on_click(lambda _b: self.show_answer())
        self.children = [widgets.HTML(PANEL_CSS + _CSS), self.status,
                         widgets.HBox([self.prev_button, self.next_button, self.retry_button, self.answer_button]),
                         self.board, self.result, self.panel]
        self.goto(self.index)

    # ----- what the buttons do -------------------------------------------------------------------
    def show_message(self, text, kind="info") -> None:
        self.result.value = message_html(text, kind)

    def goto(self, index: int) -> None:
        """Show puzzle ``index`` (0 is the first), at its start."""
        n = len(self.puzzles)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
            raise ValueError(f"a puzzle is a number from 0 to {n - 1}, not {index!r}")
        self.build()
        self.index = index
        self.prev_button.disabled = index == 0
        self.next_button.disabled = index == n - 1
        self.try_again()

    @guarded
    def next(self) -> None:
        self.build()
        self.goto(min(self.index + 1, len(self.puzzles) - 1))

    @guarded
    def previous(self) -> None:
        self.build()
        self.goto(max(self.index - 1, 0))

    @guarded
    def try_again(self) -> None:
        """The puzzle's position again, nothing answered."""
        self.build()
        p = self.puzzle
        self.board.header = None
        self.board.clickable = True
        self.board.set_state(p.state, player=p.player)
        self.board.start_pick("")
        self._set_verdict("")
        self.result.value = ""
        self.panel.value = message_html("Click the move you think is best.")

    @guarded
    def show_answer(self) -> None:
        """Ring the best move and say what it scores now and what the search expects of it."""
        self.build()
        p = self.puzzle
        if self.board.state != p.state:
            self.board.clickable = True
            self.board.set_state(p.state, player=p.player)
        self.board.mark(p.best)
        self._set_verdict("shown")
        self.result.value = f"<div>{self._linked(_puzzles.answer(self.rules, p))}</div>"
        best = self.rules.explain(p.state, self.rules.parse_action(p.state, p.best))
        self.panel.value = explanation_html(self.rules, best, "The best move (ringed) scores now:")

    def play(self, text) -> bool:
        """Play ``text`` (the game's notation) as the answer: what a click on the board does."""
        self.build()
        if self.board.state != self.puzzle.state:
            self.show_message("You have answered this puzzle: press “Try again” to play another move.", "warn")
            return False
        return self.board.play(text)

    def answer(self, text):
        """Judge ``text`` without playing it on the board: the :class:`~gardenkit.bots.puzzles.Verdict`."""
        return _puzzles.judge(self.rules, self.puzzle, text)

    # ----- the answer ----------------------------------------------------------------------------
    def _played(self, played) -> None:
        """The board's ``on_played``: the learner's move, judged from the stored numbers."""
        p = self.puzzle
        action, expl, after = played
        if self.board.state != p.state:  # a click on the position after the answer
            self.show_message("You have answered this puzzle: press “Try again” to play another move.", "warn")
            return
        v = _puzzles.judge(self.rules, p, action)
        self.last = v
        while self.rules.current_player(after) is CHANCE:
            after = self.rules.step_chance(after)
        self.board.header = f"You played {action}." + ("  Best move!" if v.best else "  Press “Try again” to try another.")
        self.board.clickable = False  # the position after the answer is a picture until "Try again"
        self.board.set_state(after, player=p.player)
        if v.best:
            head = "<div class='gk-ok'>The best move!</div>"
        elif v.margin_loss is not None:
            head = (f"<div class='gk-no'>Not the best: it gives up {v.margin_loss:.1f} {v.best_explanation.unit}s "
                    f"of margin against the best move.</div>")
        else:
            head = "<div class='gk-no'>Not the best: the search did not rank it among the moves worth comparing.</div>"
        self.result.value = head + f"<div class='gk-puzzle-numbers'>{self._linked(v.text)}</div>"
        self.panel.value = explanation_html(self.rules, v.explanation, "Your move scores now:")
        # the status's data-verdict last: a page (and a browser test) that sees it sees the answer too
        self._set_verdict("best" if v.best else "worse")

    def _linked(self, text: str) -> str:
        return link_rule_ids(self.game, h(text))

    def _set_verdict(self, verdict: str) -> None:
        self.verdict = verdict
        p = self.puzzle
        player = p.player + 1
        greedy_pts = self.rules.action_points(p.state, self.rules.parse_action(p.state, p.greedy))
        unit = "demerit" if self.rules.info.lower_wins else self.rules.score_word
        self.status.value = (
            f"<div class='gk-puzzle-status' data-puzzle='{h(p.id)}' data-index='{self.index}' "
            f"data-verdict='{verdict}'><b>Puzzle {self.index + 1} of {len(self.puzzles)}</b> · "
            f"{h(p.phase)} in a {p.players}-player game (bot game seed {p.seed}, move {p.ply + 1}). "
            f"Player {player} to move: <b>find the best move</b>. The most a move scores now is "
            f"{greedy_pts:+d} {unit}{'' if abs(greedy_pts) == 1 else 's'}, but that is not the whole story.</div>")


#: the name the notebooks use
Puzzles = PuzzleWidget
