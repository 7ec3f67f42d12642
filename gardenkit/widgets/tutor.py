"""Tutor widgets for the notebook: try a rule, step through a worked example, predict points.

Each one is a small board plus the engine's explanation; the buttons call public methods
(``try_board.play``, ``player.forward()``, ``quiz.check(8)``), so they test without a browser.

``lazy=True`` (what the notebooks use): the widget starts as a cover — its words, the position as
a picture and one button — and builds its board on the first click or the first method call
that needs it (:mod:`.lazy`). Every one of them, open or not, saves a picture beside the live
widget in its output, for a notebook opened before it runs.
"""
from __future__ import annotations

import re

import ipywidgets as widgets

import gardenkit

from ..core import CHANCE
from ..core.types import points_text
from ..tutor import check_quiz, game_of
from ._html import PANEL_CSS, explanation_html, h, message_html
from .board_base import BoardWidget, guarded
from .lazy import CoverSheet, Openable, OpenWhenReady, StaticFallback, picture_html, shared_layout_if


def boards() -> tuple[type, ...]:
    """Every registered game's board class (``gardenkit.entry(id).board_class()``)."""
    return tuple(gardenkit.entry(game_id).board_class() for game_id in gardenkit.available_games())


def board_class_for(state):
    """The board widget class that shows ``state`` (its game's board in the registry)."""
    return gardenkit.entry(game_of(state)).board_class()


def __getattr__(name: str):
    if name == "BOARDS":  # every game's board, asked for by the old name
        return boards()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_listeners: list = []


def listen(callback) -> None:
    """Call ``callback(game, kind, key)`` on each tutor event: ``("try", rule id)`` when a move is
    played on a try board, ``("quiz", quiz id)`` when a quiz is answered right. A bound method is
    held weakly (a progress bar that is gone is not kept alive)."""
    import weakref

    ref = weakref.WeakMethod(callback) if hasattr(callback, "__self__") else (lambda: callback)
    _listeners.append(ref)


def _emit(game: str, kind: str, key: str) -> None:
    for ref in list(_listeners):
        callback = ref()
        if callback is None:
            _listeners.remove(ref)
            continue
        try:
            callback(game, kind, key)
        except Exception:  # noqa: BLE001 - a listener never breaks a lesson
            pass


_TRY_RULES: dict = {}


def try_rule_of(game: str, caption) -> str | None:
    """The rule id whose try board has this caption (``try_positions()`` of the game's tutor)."""
    if game not in _TRY_RULES:
        tries = gardenkit.entry(game).tutor_module().try_positions()
        _TRY_RULES[game] = {str(c): r for r, (_s, c) in tries.items()}
    return _TRY_RULES[game].get(str(caption))


def _share_control(lesson):
    """"Copy link" (``gk-share``) of a try board or worked example, made with its board (so a
    closed lesson costs nothing more at load): the position on its board as the player to act
    sees it. It only copies: the page's game view reads a link the page was opened with."""
    from .sharing import share_try_board

    return share_try_board(lesson)


def _gained(rules, before, after, player) -> int:
    return after.scores[player] - before.scores[player]


def _goes_on(rules, after, player) -> bool:
    """The same player is to act again after a move (e.g. a choice the move asks for next)."""
    return rules.current_player(after) == player


def try_cover_html(state, caption: str, rules=None) -> str:
    """What a try board's cover shows: its caption and the position as its player sees it."""
    rules = gardenkit.make(game_of(state)) if rules is None else rules
    player = rules.current_player(state)
    return (f"<div class='gk-caption'>{h(caption)}</div>"
            + picture_html(state, rules, player if isinstance(player, int) else None, alt=caption))


class TryBoard(Openable, widgets.VBox):
    """A prepared position to try a rule on: click ticked squares (grey × ones are refused, with the
    reason); a legal move shows its points and the house after it; 'Try again' resets.
    ``lazy=True``: a cover with a "Try it" button until first used."""

    open_label = "Try it"

    def __init__(self, state, caption: str = "", *, lazy: bool = False, rule: str | None = None, cover=None,
                 **kwargs):
        # ``cover``: its item on a CoverSheet shared by a run of lessons (RuleLessons), with ``lazy``
        super().__init__(**shared_layout_if(lazy, kwargs))
        self.add_class("gk-try")
        #: the rule it is the try board of (progress counts it); None: found by its caption
        self.rule = rule
        self._board_class = board_class_for(state)
        self.rules = gardenkit.make(self._board_class.game_id)
        self.rules.check_type(state)
        self.start = state
        self.player = self.rules.current_player(state)
        if not isinstance(self.player, int):
            raise ValueError("a try board needs a position where a player is to act")
        self.caption_text = caption
        # the page's rule links bring this board into view (``gk-try-for-<rule id>``)
        known = self.rule or try_rule_of(self.rules.info.id, caption)
        if known is not None:
            self.add_class(f"gk-try-for-{known}")
        self._cover_or_build(lazy, cover)

    def _build(self) -> None:
        self.panel = widgets.HTML().add_class("gk-explanation")
        self.board = self._board_class(self.start, player=self.player, panel=self.panel, on_played=self._played)
        self.reset_button = widgets.Button(description="Try again").add_class("gk-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        self.caption = widgets.HTML(f"<div class='gk-caption'>{h(self.caption_text)}</div>")
        self.share = _share_control(self)
        self.children = [widgets.HTML(PANEL_CSS), self.caption, self.board,
                         widgets.HBox([self.reset_button, self.share]), self.panel]
        self.reset()

    def cover_html(self) -> str:
        return try_cover_html(self.start, self.caption_text, self.rules)

    def plain_text(self) -> str:
        return f"Try board: {self.caption_text}"

    @property
    def state(self):
        return self.board.state if self.is_built else self.start

    @guarded
    def reset(self) -> None:
        """Back to the prepared position, with the first tile or card picked."""
        self.build()
        self.board.header = None
        self.board.set_state(self.start)
        self.board.start_pick(self.caption_text)

    def play(self, text) -> bool:
        self.build()
        return self.board.play(text)

    show_message = BoardWidget.show_message

    def _played(self, played) -> None:
        """The board's ``on_played``: show the state the click led to (read and checked once)."""
        action, expl, after = played
        rule = self.rule or try_rule_of(self.rules.info.id, self.caption_text)
        if rule is not None:
            _emit(self.rules.info.id, "try", rule)
        while self.rules.current_player(after) is CHANCE:
            after = self.rules.step_chance(after)
        total = _gained(self.rules, self.start, after, self.player)
        if _goes_on(self.rules, after, self.player):  # the move asks for another choice (or allows one)
            total_text = points_text(total, unit=expl.unit)
            self.board.header = f"After {action}: {total_text} so far; your turn goes on (or press “Try again”)."
            self.board.set_state(after)
            self.panel.value = explanation_html(self.rules, expl, f"Played: {total_text} so far; your turn goes on.")
            return
        total_text = points_text(total, unit=expl.unit)
        self.board.header = f"After {action}: {total_text} in all. Press “Try again” to try another spot."
        self.board.set_state(after)
        self.panel.value = explanation_html(self.rules, expl, f"Played: {total_text} in all.")


class ScenarioPlayer(Openable, widgets.VBox):
    """Steps through a worked example: Back / Forward, a caption per step, the board and the
    engine's explanation. At any step you can click another ticked square to see what it would score.
    ``lazy=True``: a cover with a "Step through" button until first used."""

    open_label = "Step through"

    def __init__(self, scenario, *, lazy: bool = False, **kwargs):
        super().__init__(**shared_layout_if(lazy, kwargs))
        self.add_class("gk-scenario")
        self.rules = gardenkit.make(scenario.game)
        self.scenario = scenario
        self.states = scenario.states(self.rules)
        self.step = 0
        self.alternative = None
        self.player = self.rules.current_player(self.states[0])
        # the rulebook's own examples are "the book's"; lessons of ours suggest a move
        self._book = "the book's" if scenario.from_book else "the suggested"
        self._cover_or_build(lazy)

    def _heading_html(self) -> str:
        return f"<h4>{h(self.scenario.title)}</h4><p>{h(self.scenario.text)}</p>"

    def cover_html(self) -> str:
        player = self.player if isinstance(self.player, int) else None
        html = self._heading_html() + picture_html(self.states[0], self.rules, player, alt=self.scenario.title)
        if self.n_steps:
            steps = f"{self.n_steps} step{'s' if self.n_steps != 1 else ''}"
            html += (f"<div class='gk-caption'>{steps}; {self._book} first move: "
                     f"<code>{h(self.scenario.actions[0])}</code>.</div>")
        return html

    def plain_text(self) -> str:
        return f"Worked example: {self.scenario.title}"

    def _build(self) -> None:
        self.panel = widgets.HTML().add_class("gk-explanation")
        first = self.states[0]
        board_class = gardenkit.entry(self.scenario.game).board_class()
        self.board = board_class(first, player=self.player, panel=self.panel, on_played=self._choose)
        self.back_button = widgets.Button(description="◀ Back").add_class("gk-back")
        self.forward_button = widgets.Button(description="Forward ▶").add_class("gk-forward")
        self.book_button = widgets.Button(description=f"Back to {self._book} move").add_class("gk-book")
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.book_button.on_click(lambda _b: self.goto(self.step))
        self.counter = widgets.HTML()
        self.caption = widgets.HTML().add_class("gk-caption")
        self.share = _share_control(self)
        self.children = [
            widgets.HTML(PANEL_CSS + self._heading_html()),
            widgets.HBox([self.back_button, self.forward_button, self.counter, self.book_button, self.share]),
            self.caption, self.board, self.panel,
        ]
        self.goto(0)

    @property
    def n_steps(self) -> int:
        return len(self.scenario.actions)

    show_message = BoardWidget.show_message  # where guarded buttons say what went wrong

    @guarded
    def forward(self) -> None:
        self.build()
        self.goto(min(self.step + 1, self.n_steps))

    @guarded
    def back(self) -> None:
        self.build()
        self.goto(max(self.step - 1, 0))

    def goto(self, step: int) -> None:
        """Show the position after ``step`` of the example's moves (0: the start)."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.n_steps:
            raise ValueError(f"a step is a number from 0 to {self.n_steps}")
        self.build()
        self.step, self.alternative = step, None
        s = self.states[step]
        self.board.header = None
        self.board.set_state(s)
        acts = self.scenario.actions
        nxt = acts[step] if step < self.n_steps else None
        if nxt is not None:
            self.board.mark(nxt)
        self.counter.value = f"&nbsp;step {step} of {self.n_steps}"
        self.back_button.disabled = step == 0
        self.forward_button.disabled = step == self.n_steps
        self.book_button.layout.display = "none"
        if step == 0:
            self.caption.value = (f"<div class='gk-caption'>The start. {self._book.capitalize()} move is ringed: "
                                  f"<code>{h(nxt)}</code>. Press Forward to play it, or click another ticked square "
                                  "to try your own choice.</div>")
            self.panel.value = explanation_html(self.rules, self.rules.explain(s, nxt), f"{self._book.capitalize()} move would score:")
        else:
            prev = self.states[step - 1]
            expl = self.rules.explain(prev, acts[step - 1])
            more = (f" Next {self._book} move: <code>{h(nxt)}</code> (ringed)." if nxt else "")
            self.caption.value = (f"<div class='gk-caption'><b>Step {step}:</b> <code>{h(acts[step - 1])}</code> — "
                                  f"{h(self.scenario.captions[step - 1])}{more}</div>")
            total = _gained(self.rules, self.states[0], s, self.player)
            head = f"Step {step}:" if nxt else f"Result: {points_text(total, unit=expl.unit)} for player {self.player + 1}."
            self.panel.value = explanation_html(self.rules, expl, head)

    def _choose(self, played) -> None:
        """Another choice than the book's, from the current position (the board's ``on_played``)."""
        action, expl, after = played
        base = self.states[self.step] if self.alternative is None else self.alternative[0]
        book = self.states[-1]
        self.alternative = (base, after)
        if _goes_on(self.rules, after, self.player):
            self.board.set_state(after)
            self.panel.value = explanation_html(self.rules, expl, "Your choice so far; your turn goes on:")
        else:
            mine = _gained(self.rules, base, after, self.player)
            theirs = _gained(self.rules, self.states[self.step], book, self.player)
            self.board.header = f"Your choice {action}: {mine:+d} ({self._book} line scores {theirs:+d})"
            self.board.set_state(after)
            self.panel.value = explanation_html(
                self.rules, expl, f"Your choice scores {mine:+d}; {self._book} moves from here score {theirs:+d}.")
        self.book_button.layout.display = None

    def choose(self, text) -> bool:
        """Try another move at this step (what a click on a ticked square does)."""
        self.build()
        return self.board.play(text)


class QuizWidget(Openable, widgets.VBox):
    """'Predict the points': the position with the proposed move drawn on it, a number box and a
    Check button; the answer comes with the engine's explanation.
    ``lazy=True``: a cover with an "Answer" button until first used."""

    open_label = "Answer"

    def __init__(self, quiz, *, lazy: bool = False, **kwargs):
        super().__init__(**shared_layout_if(lazy, kwargs))
        self.add_class("gk-quiz")
        self.rules = gardenkit.make(quiz.game)
        self.quiz = quiz
        self._action = self.rules.parse_action(quiz.state, quiz.action)
        self._cover_or_build(lazy)

    def cover_html(self) -> str:
        player = self.rules.current_player(self.quiz.state)
        return (f"<p><b>{h(self.quiz.question)}</b></p>"
                + picture_html(self.quiz.state, self.rules, player if isinstance(player, int) else None,
                               alt=self.quiz.question)
                + f"<div class='gk-caption'>The proposed move: <code>{h(self.quiz.action)}</code></div>")

    def plain_text(self) -> str:
        return f"Quiz: {self.quiz.question}"

    def _build(self) -> None:
        quiz = self.quiz
        self.panel = widgets.HTML().add_class("gk-explanation")
        board_class = gardenkit.entry(quiz.game).board_class()
        self.board = board_class(quiz.state, panel=self.panel, clickable=False,
                                 header=f"The proposed move: {quiz.action} (outlined)")
        self.board.propose(self._action)
        self.guess = widgets.IntText(description="Points:", layout=widgets.Layout(width="160px")).add_class("gk-guess")
        self.check_button = widgets.Button(description="Check", button_style="info").add_class("gk-check")
        self.check_button.on_click(lambda _b: self.check(self.guess.value))
        self.result = widgets.HTML().add_class("gk-quiz-result")
        self.panel.value = message_html("Type how many points you think the move scores, then press Check.")
        self.children = [widgets.HTML(PANEL_CSS + f"<p><b>{h(quiz.question)}</b></p>"), self.board,
                         widgets.HBox([self.guess, self.check_button]), self.result, self.panel]

    def show_message(self, text, kind="info"):
        self.panel.value = message_html(text, kind)

    @guarded
    def check(self, guess):
        """Check a guess; shows right/wrong and the engine's explanation. Returns the QuizResult."""
        self.build()
        result = check_quiz(self.quiz, guess)
        cls = "gk-ok" if result.correct else "gk-no"
        self.result.value = f"<div class='{cls}'>{h(result.message)}</div>"
        self.panel.value = explanation_html(self.rules, result.explanation)
        if result.correct:
            _emit(self.quiz.game, "quiz", self.quiz.id)
        return result


class Lessons(OpenWhenReady, StaticFallback, widgets.VBox):
    """Several lessons shown by one cell, one under the other (the quizzes of a section): each keeps
    its own cover and opens on its own click, exactly as when shown by a cell of its own.

    A dashboard runs every cell of its notebook on every page load, and each cell costs its kernel
    and the server a few milliseconds however little it does: one cell for a run of lessons
    instead of one each. Its saved output (for a notebook opened before it runs) is every lesson's
    picture and a line per lesson.

    >>> from gardenkit.tutor import samurai_gardener as lessons
    >>> box = Lessons(QuizWidget(quiz, lazy=True) for quiz in lessons.quizzes()[:2])
    >>> [type(w).__name__ for w in box.children], box.lessons[0].is_built
    (['QuizWidget', 'QuizWidget'], False)
    >>> box._repr_mimebundle_()["text/plain"].count("Quiz: ")
    2
    """

    def __init__(self, lessons, **kwargs):
        lessons = tuple(lessons)
        if not lessons or not all(isinstance(w, (TryBoard, ScenarioPlayer, QuizWidget)) for w in lessons):
            raise ValueError("Lessons shows one or more try boards, worked examples or quizzes")
        self.lessons = lessons
        closed = not any(w.is_built for w in lessons)
        self.__dict__["_open_later"] = True  # one comm_open with its children and class
        try:
            super().__init__(children=lessons, **shared_layout_if(closed, kwargs))
            self.add_class("gk-lessons")
        finally:
            self._open_now()

    def static_body(self) -> str:
        return "".join(w.static_body() for w in self.lessons)

    def plain_text(self) -> str:
        return "\n".join(w.plain_text() for w in self.lessons)


_HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
_RULE_ID = re.compile(r"`([a-z_0-9]+(?:\.[a-z_0-9]+)+)`")


def _inline_html(text: str) -> str:
    """A line of the notebook's markdown as HTML: ``code``, **bold** and *italics*; the rest escaped."""
    parts = re.split(r"`([^`]*)`", text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"<code>{h(part)}</code>")
            continue
        part = h(part)
        part = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", part)
        part = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", part)
        out.append(part)
    return "".join(out)


class RuleLessons:
    """A run of rules shown by one cell: for each, its heading and words (the notebook's markdown,
    given as text) and its try board (``TryBoard(*tries[rule], lazy=True, rule=rule)``), shown one
    after the other exactly as a heading cell and a try-board cell each would be.

    A dashboard runs every code cell on every page load, and each costs its kernel and the server a
    few milliseconds however little it does (Tang Garden had a heading and a try-board cell per
    rule: ~100 cells). Each heading is a real HTML heading in the cell's output, with the anchor
    JupyterLab and Voilà give a markdown heading (:func:`gardenkit.tutor.rule_index.anchor_of`),
    so rule links scroll to it; :mod:`gardenkit.tutor.rule_index` and the notebook checks read the
    headings from the cell's text. Each try board is its own output (its cover, its saved
    picture), so the saved notebook reads as before; no widget is added for the headings.

    ``markdown``: one heading per rule (any level, naming one rule id of ``tries`` in backticks),
    each followed by paragraphs (``code``, **bold** and *italics* are read; anything else is shown
    as written).

    >>> from gardenkit.tutor import samurai_gardener as lessons
    >>> run = RuleLessons(lessons.try_positions(), '''
    ... ### Touching — `samurai_gardener.place.touch`
    ... A new card touches one already **in** the house.
    ... ''')
    >>> run.rule_ids, run.lessons[0].is_built, run.lessons[0].rule
    (('samurai_gardener.place.touch',), False, 'samurai_gardener.place.touch')
    >>> print(run.headings[0])
    <h3 id="Touching-—-samurai_gardener.place.touch">Touching — <code>samurai_gardener.place.touch</code></h3><p>A new card touches one already <strong>in</strong> the house.</p>
    >>> RuleLessons({}, "### Nothing — `samurai_gardener.place.touch`")
    Traceback (most recent call last):
    ...
    ValueError: RuleLessons: no try position for 'samurai_gardener.place.touch'
    """

    def __init__(self, tries, markdown: str):
        from ..tutor.rule_index import anchor_of

        if not isinstance(markdown, str):
            raise ValueError("RuleLessons reads its headings and words from a text (the notebook's markdown)")
        blocks: list[tuple[int, str, list[str]]] = []
        for line in markdown.strip().splitlines():
            m = _HEADING.match(line)
            if m:
                blocks.append((len(m.group(1)), m.group(2), []))
            elif not blocks:
                if line.strip():
                    raise ValueError(f"RuleLessons: text before the first heading: {line.strip()[:60]!r}")
            else:
                blocks[-1][2].append(line)
        if not blocks:
            raise ValueError("RuleLessons shows one or more rules: no heading found")
        headings, lessons, rule_ids = [], [], []
        for level, title, lines in blocks:
            ids = _RULE_ID.findall(title)
            if len(ids) != 1:
                raise ValueError(f"RuleLessons: a heading names one rule id in backticks: {title[:80]!r}")
            rule = ids[0]
            if rule not in tries:
                raise ValueError(f"RuleLessons: no try position for {rule!r}")
            paragraphs = [p.strip() for p in re.split(r"\n\s*\n", "\n".join(lines)) if p.strip()]
            headings.append(f'<h{level} id="{h(anchor_of(title))}">{_inline_html(title)}</h{level}>'
                            + "".join(f"<p>{_inline_html(' '.join(p.split()))}</p>" for p in paragraphs))
            rule_ids.append(rule)
        # every try board's cover on one shared widget (one model for the run, not one per board)
        self.sheet = CoverSheet({str(i): (try_cover_html(*tries[rule]), TryBoard.open_label)
                                 for i, rule in enumerate(rule_ids)})
        for i, rule in enumerate(rule_ids):
            state, caption = tries[rule]
            lessons.append(TryBoard(state, caption, lazy=True, rule=rule, cover=self.sheet.cover(str(i))))
        #: the HTML of each rule's heading and words, its try board, its rule id (in order)
        self.headings = tuple(headings)
        self.lessons = tuple(lessons)
        self.rule_ids = tuple(rule_ids)

    def outputs(self) -> list:
        """What the cell shows, in order: a heading's mime bundle (``text/html`` and a
        ``text/plain`` line), then its try board, for each rule."""
        out = []
        for html, lesson in zip(self.headings, self.lessons):
            plain = re.sub(r"<[^>]+>", "", html.split("</h", 1)[0])
            out.append({"text/html": html, "text/plain": plain})
            out.append(lesson)
        return out

    def _ipython_display_(self) -> None:
        from IPython.display import display

        for item in self.outputs():
            if isinstance(item, dict):
                display(item, raw=True)
            else:
                display(item)

    def __repr__(self) -> str:
        return f"RuleLessons({', '.join(self.rule_ids)})"
