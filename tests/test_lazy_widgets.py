"""Lessons built when a learner opens them (``lazy=True``), and the pictures saved beside widgets.

- A lazy try board, worked example or quiz is a cover: its words, the position as a picture (an
  ``<img>`` of the state's SVG) and one button; two widgets (the box and the cover; closed boxes
  and covers share one layout), where the built lesson is 18–27. Each is sent to the page in one
  ``comm_open`` message with its whole state (classes, children, the cover's code), no ``update``
  after it.
- The button (the front end's ``{"kind": "open"}``, nothing else) or any method that needs the
  parts builds them in place; once built, a lazy lesson is the same as one built at once.
- A game view made with ``lazy=True`` is a cover too (the first position as its seat sees it, and
  a "Play a game" button): its settings are checked at once, its board, controls and chart
  (bqplot is imported only then) are built on the click or when code asks for a part
  (``game.board``, ``game.play(...)``); once built it is the same as a view built at once.
- A dashboard's notebook builds, at load, no board at all: every lesson and the game are covers
  (the Samurai page built 403 widgets, then about 125 with the lessons lazy, now about 50), and
  the kernel never imports bqplot before the game is opened.
- Every tutor widget and game view, built or not, saves a picture (``text/html``) and a line
  (``text/plain``) beside the live widget view; in a Voilà kernel (``VOILA_SERVER_URL``) the
  picture is left out: the dashboard always shows the live widget.
"""
from __future__ import annotations

import base64
import json
import re
from html import escape
from pathlib import Path

import pytest
from ipywidgets.widgets.widget import _instances

import gardenkit
from gardenkit.tutor import karesansui as ka_lessons
from gardenkit.tutor import miyabi as mi_lessons
from gardenkit.tutor import samurai_gardener as sg_lessons
from gardenkit.widgets import (BoardWidget, GameView, KaresansuiGame, LazyGame, Lessons, MiyabiGame, QuizWidget,
                               RuleLessons, SamuraiGame, ScenarioPlayer, TangGardenGame, TanukiGame, TryBoard)
from gardenkit.widgets.lazy import Cover, CoverSheet, restore_pictures

REPO = Path(__file__).resolve().parents[1]
LESSONS = {"samurai_gardener": sg_lessons, "miyabi": mi_lessons, "karesansui": ka_lessons}
RAW_REPR = re.compile(r"\b\w+\((?:children|value)=|<\w+\.\w+ object at 0x")


def every_lesson():
    """(kind, game, id, make) for every try position, worked example and quiz of every game."""
    out = []
    for game, mod in LESSONS.items():
        for rule, (state, caption) in mod.try_positions().items():
            out.append(("try", game, rule, lambda lazy, s=state, c=caption: TryBoard(s, c, lazy=lazy)))
        examples = list(mod.worked_examples()) + list(getattr(mod, "turn_in_lessons", lambda: [])())
        for sc in examples:
            out.append(("scenario", game, sc.id, lambda lazy, sc=sc: ScenarioPlayer(sc, lazy=lazy)))
        for i, quiz in enumerate(mod.quizzes()):
            out.append(("quiz", game, f"quiz{i}", lambda lazy, q=quiz: QuizWidget(q, lazy=lazy)))
    return out


LESSON_CASES = every_lesson()
IDS = [f"{game}-{kind}-{name}" for kind, game, name, _ in LESSON_CASES]


def new_widgets(make):
    before = set(_instances)
    widget = make()
    return widget, [_instances[k] for k in set(_instances) - before]


def picture_svg(html: str) -> str:
    found = re.search(r'<img class="gk-picture" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    assert found, html[:300]
    return base64.b64decode(found.group(1)).decode("utf-8")


def asked(cover, content) -> list:
    """What ``cover`` sends back when its front end sends ``content``."""
    sent = []
    cover.send = lambda answer, buffers=None: sent.append(answer)
    try:
        cover._on_front_end_msg(cover, content, [])
    finally:
        del cover.send
    return sent


def cover_picture_svg(cover) -> str:
    """The picture of ``cover`` as its page gets it: its words carry a place for it, which the
    front end asks the kernel to fill when it comes near the screen."""
    ids = re.findall(r'<img class="gk-picture" data-gk-pic="([^"]+)"', cover.html)
    assert ids and "data:image" not in cover.html, cover.html[:300]  # the words are sent without the picture
    (answer,) = asked(cover, {"kind": "pictures", "ids": ids})
    assert answer["kind"] == "pictures" and sorted(answer["pictures"]) == sorted(set(ids))
    return picture_svg(restore_pictures(cover.html, answer["pictures"]))


# ----- a cover -------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, game, name, make", LESSON_CASES, ids=IDS)
def test_a_lazy_lesson_is_a_cover_with_its_words_picture_and_one_button(kind, game, name, make):
    lesson, made = new_widgets(lambda: make(True))
    assert not lesson.is_built and "gk-closed" in lesson._dom_classes
    assert f"gk-{kind}" in lesson._dom_classes  # found by the same class as the built lesson
    (cover,) = lesson.children
    assert isinstance(cover, Cover)
    assert cover.label == {"try": "Try it", "scenario": "Step through", "quiz": "Answer"}[kind]
    svg = cover_picture_svg(cover)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and "<title>" not in svg
    # no board, no buttons, no panel yet: the box and the cover (and the one layout they share)
    assert len(made) <= 3 and not any(isinstance(w, BoardWidget) for w in made), [type(w).__name__ for w in made]
    assert cover.layout is Cover(html="", label="").layout is lesson.layout  # one layout for every cover


@pytest.mark.parametrize("kind, game, name, make", LESSON_CASES[::4], ids=IDS[::4])
def test_the_cover_says_the_lessons_words(kind, game, name, make):
    lesson = make(True)
    html = lesson.children[0].html
    if kind == "try":
        assert f"<div class='gk-caption'>{escape(lesson.caption_text)}</div>" in html
    elif kind == "scenario":
        assert f"<h4>{escape(lesson.scenario.title)}</h4>" in html
        assert f"<code>{escape(lesson.scenario.actions[0])}</code>" in html
    else:
        assert f"<b>{escape(lesson.quiz.question)}</b>" in html
        assert f"The proposed move: <code>{escape(lesson.quiz.action)}</code>" in html


# ----- opening ---------------------------------------------------------------------------------------
def test_the_button_builds_the_lesson_in_place_once():
    state, caption = sg_lessons.try_positions()["samurai_gardener.place.touch"]
    t = TryBoard(state, caption, lazy=True)
    cover = t.children[0]
    cover._on_front_end_msg(cover, {"kind": "open"}, [])
    assert t.is_built and "gk-closed" not in t._dom_classes and "gk-try" in t._dom_classes
    # the cover leaves the box but stays open: a page still rendering may ask for its model
    assert t.board in t.children and cover not in t.children and cover.comm is not None
    board = t.board
    t.build()
    cover.click()
    assert t.board is board  # built once
    eager = TryBoard(state, caption)  # the same lesson built at once
    assert t.board.spot_actions() == eager.board.spot_actions() and t.panel.value == eager.panel.value
    assert [type(c).__name__ for c in t.children] == [type(c).__name__ for c in eager.children]


@pytest.mark.parametrize("content", [{"kind": "open", "x": 1}, {"kind": "close"}, {"kind": ["open"]}, "open",
                                     None, [], {"kind": "play", "action": "1@0,0", "version": 1}])
def test_any_other_front_end_message_is_dropped(content):
    quiz = sg_lessons.quizzes()[0]
    q = QuizWidget(quiz, lazy=True)
    q.children[0]._on_front_end_msg(q.children[0], content, [])
    assert not q.is_built and isinstance(q.children[0], Cover)


def test_methods_that_need_the_parts_build_them():
    state, caption = mi_lessons.try_positions()["miyabi.turn.take"]
    t = TryBoard(state, caption, lazy=True)
    assert t.state == state and not t.is_built  # the prepared position, without building
    action = str(gardenkit.make("miyabi").legal_actions(state)[0])
    assert t.play(action) and t.is_built and "Played" in t.panel.value

    sc = sg_lessons.worked_examples()[0]
    p = ScenarioPlayer(sc, lazy=True)
    assert p.n_steps == len(sc.actions) and not p.is_built
    p.forward()
    assert p.is_built and p.step == 1 and "Result: +8" in p.panel.value

    p2 = ScenarioPlayer(sc, lazy=True)
    p2.goto(0)
    assert p2.is_built and p2.board.marked == sc.actions[0]
    p3 = ScenarioPlayer(sc, lazy=True)
    assert p3.choose(next(a for a in ScenarioPlayer(sc).board.spot_actions() if a != sc.actions[0]))

    quiz = ka_lessons.quizzes()[0]
    q = QuizWidget(quiz, lazy=True)
    result = q.check(quiz.answer)
    assert q.is_built and result.correct and "gk-ok" in q.result.value


def test_a_lesson_that_cannot_be_built_says_so_on_its_cover_and_may_be_tried_again(monkeypatch):
    state, caption = sg_lessons.try_positions()["samurai_gardener.place.touch"]
    t = TryBoard(state, caption, lazy=True)
    cover = t.children[0]
    monkeypatch.setattr(TryBoard, "_build", lambda self: (_ for _ in ()).throw(RuntimeError("no room")))
    cover.click()
    assert not t.is_built and t.children == (cover,) and cover.message == "Sorry, this could not be opened: no room"
    monkeypatch.undo()
    cover.click()
    assert t.is_built and t.board in t.children


def test_bad_lessons_are_still_refused_when_made_lazy():
    rules = gardenkit.make("samurai_gardener")
    chance = rules.initial_state(players=2, seed=1)  # the deal: nobody is to act
    with pytest.raises(ValueError, match="a player is to act"):
        TryBoard(chance, "x", lazy=True)
    quiz = sg_lessons.quizzes()[0]
    with pytest.raises(ValueError):
        QuizWidget(type(quiz)(quiz.id, quiz.question, quiz.state, "not a move", 0, game=quiz.game), lazy=True)


# ----- the saved output ------------------------------------------------------------------------------
@pytest.mark.parametrize("lazy", [True, False])
def test_every_tutor_widget_saves_a_picture_and_a_line_not_its_repr(lazy, monkeypatch):
    monkeypatch.delenv("VOILA_SERVER_URL", raising=False)
    for kind, game, name, make in LESSON_CASES[:: 3 if lazy else 7]:
        bundle = make(lazy)._repr_mimebundle_()
        assert set(bundle) == {"application/vnd.jupyter.widget-view+json", "text/plain", "text/html"}
        assert not RAW_REPR.search(bundle["text/plain"]) and len(bundle["text/plain"]) < 300
        assert bundle["text/plain"].startswith(("Try board: ", "Worked example: ", "Quiz: "))
        assert picture_svg(bundle["text/html"]).startswith("<svg")
        assert "Run the notebook" in bundle["text/html"] and "<style" not in bundle["text/html"]


def test_a_game_view_saves_its_board_as_its_seat_sees_it(monkeypatch):
    monkeypatch.delenv("VOILA_SERVER_URL", raising=False)
    for view in (SamuraiGame(players=2, seed=7, bot_delay=0), MiyabiGame(players=2, seed=7, bot_delay=0),
                 KaresansuiGame(players=3, seed=7, bot_delay=0)):
        bundle = view._repr_mimebundle_()
        assert bundle["text/plain"] == f"{view.rules.info.title}: a game against bots"
        assert "application/vnd.jupyter.widget-view+json" in bundle
        svg = picture_svg(bundle["text/html"])
        seen = re.sub(r"<title>.*?</title>", "", view.rules.observe(view.state, view.seat)._repr_svg_(), flags=re.S)
        same_ids = lambda text: re.sub(r"\bgk\d+", "gk", text)  # noqa: E731 - each drawing numbers its own ids
        assert same_ids(seen) == same_ids(svg)
        assert "to play" in bundle["text/html"]


def test_in_a_voila_kernel_only_the_live_widget_and_a_line_are_sent(monkeypatch):
    monkeypatch.setenv("VOILA_SERVER_URL", "http://127.0.0.1:8866/")
    t = TryBoard(*sg_lessons.try_positions()["samurai_gardener.place.touch"], lazy=True)
    assert set(t._repr_mimebundle_()) == {"application/vnd.jupyter.widget-view+json", "text/plain"}
    assert set(SamuraiGame(players=2, seed=7, bot_delay=0)._repr_mimebundle_()) == {
        "application/vnd.jupyter.widget-view+json", "text/plain"}


# ----- a dashboard's load ----------------------------------------------------------------------------
def _run_code_cells(path: Path) -> dict:
    """Run a notebook's code cells here (the last expression of each evaluated, as a kernel
    would display it); returns the widgets made, by class name, and the displayed values."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shown = []
    before = set(_instances)
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "code":
            result = shell.run_cell("".join(cell["source"]), store_history=False)
            result.raise_error()
            if result.result is not None:
                shown.append(result.result)
    made = [_instances[k] for k in set(_instances) - before]
    return {"made": made, "shown": shown}


@pytest.mark.parametrize("notebook", ["samurai-gardener.ipynb", "miyabi.ipynb", "karesansui.ipynb", "tanuki.ipynb",
                                      "tang-garden.ipynb"])
def test_a_dashboard_builds_no_board_at_load_every_lesson_and_the_game_a_cover(notebook):
    run = _run_code_cells(REPO / "notebooks" / notebook)
    boxes = [w for w in run["shown"] if isinstance(w, Lessons)]  # a run of quizzes shown by one cell
    lessons = [w for w in run["shown"] if isinstance(w, (TryBoard, ScenarioPlayer, QuizWidget))]
    lessons += [w for box in boxes for w in box.lessons]
    # a run of rules shown by one cell (RuleLessons): headings as HTML outputs, no widget of their own;
    # its try boards' covers are items of one shared widget (a box per board and one sheet per run)
    runs = [w for w in run["shown"] if isinstance(w, RuleLessons)]
    in_runs = [w for r in runs for w in r.lessons]
    lessons += in_runs
    games = [w for w in run["shown"] if isinstance(w, GameView)]
    assert len(games) == 1 and len(lessons) >= 15
    assert all(not w.is_built for w in lessons), "every lesson of the page waits for its click"
    assert not games[0].is_built, "the game waits for its click"
    assert [w for w in run["made"] if isinstance(w, BoardWidget)] == [], "no board at load"
    assert boxes, "the quizzes of a section are shown by one cell"
    # a second game (Tang Garden's solo game) waits for its click too (LazyGame: box and cover)
    later = [w for w in run["shown"] if isinstance(w, LazyGame)]
    assert all(not w.is_built for w in later)
    # the puzzle board waits for its click too, and has read no puzzle
    from gardenkit.widgets import PuzzleWidget
    from gardenkit.widgets.learn import LearnerBar

    puzzles = [w for w in run["shown"] if isinstance(w, PuzzleWidget)]
    assert all(not w.is_built and w._puzzles is None for w in puzzles)
    later += puzzles
    bars = [w for w in run["shown"] if isinstance(w, LearnerBar)]
    assert len(bars) == 1, "the learner's path at the top of the page"
    # two widgets per lesson not in a run, later game and puzzle board (box, cover), three for the
    # game (box, cover, its Copy link: the page's reader of a link), one per Lessons box, a box per
    # lesson in a run and a cover sheet per run, one learner bar, and the layout they share (made
    # here unless an earlier test of this process made it)
    assert all(w.children == (r.sheet,) for r in runs for w in r.lessons)
    assert len(run["made"]) - 2 * (len(lessons) - len(in_runs) + len(later)) - 3 - len(boxes) \
        - len(in_runs) - len(runs) - len(bars) in (0, 1), (notebook, len(run["made"]), len(lessons))
    games[0].children[0].click()  # the learner opens the game: it is a game like any other
    assert games[0].is_built and isinstance(games[0].board, BoardWidget)


@pytest.mark.parametrize("notebook", ["samurai-gardener.ipynb", "tanuki.ipynb"])
def test_a_dashboard_kernel_imports_bqplot_only_when_the_game_is_opened(notebook, tmp_path):
    """The notebook's code cells run in a fresh interpreter (as a kernel would): no bqplot (and no
    pandas, which bqplot imports) until the game's cover is clicked, and no other game's package."""
    import subprocess
    import sys

    script = tmp_path / "run.py"
    script.write_text(f"""
import ast, json, sys
cells = [c for c in json.load(open({str(REPO / 'notebooks' / notebook)!r}))["cells"] if c["cell_type"] == "code"]
ns = {{}}
shown = None
for cell in cells:
    tree = ast.parse("".join(cell["source"]))
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), ns)
    if last is not None:
        shown = eval(compile(ast.Expression(last.value), "<cell>", "eval"), ns)
print("RESULT", "bqplot" in sys.modules, "pandas" in sys.modules)
print("GAMES", *sorted(m.split(".")[2] for m in sys.modules if m.startswith("gardenkit.games.") and m.count(".") == 2))
shown.children[0].click()
print("RESULT", "bqplot" in sys.modules, shown.is_built)
""")
    out = subprocess.run([sys.executable, str(script)], cwd=REPO / "notebooks", capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    said = [line.split()[1:] for line in out.stdout.splitlines() if line.startswith("RESULT ")]
    assert said == [["False", "False"], ["True", "True"]]
    # and no other game's package: asking gardenkit.widgets for a game's view imports that game only
    games = [line.split()[1:] for line in out.stdout.splitlines() if line.startswith("GAMES")]
    assert games == [[{"samurai-gardener.ipynb": "samurai_gardener", "tanuki.ipynb": "tanuki"}[notebook]]]


# ----- a game view that opens on a click ---------------------------------------------------------------
GAME_VIEWS = [(SamuraiGame, dict(players=2)), (MiyabiGame, dict(players=2, zen=True)),
              (KaresansuiGame, dict(players=3)), (TanukiGame, dict(players=3, garden_master=True)),
              (TangGardenGame, dict(players=2)), (TangGardenGame, dict(players=1))]


@pytest.mark.parametrize("cls, kwargs", GAME_VIEWS, ids=[f"{c.__name__}-{k['players']}p" for c, k in GAME_VIEWS])
def test_a_lazy_game_view_is_a_cover_of_its_first_position_until_clicked(cls, kwargs, monkeypatch):
    monkeypatch.delenv("VOILA_SERVER_URL", raising=False)
    g, made = new_widgets(lambda: cls(seed=7, bot_delay=0, lazy=True, **kwargs))
    assert not g.is_built and "gk-game" in g._dom_classes and "gk-closed" in g._dom_classes
    # the cover, and the Copy link control: the page's reader of a link, there before the click
    assert len(g.children) == 2 and isinstance(g.children[0], Cover) and g.children[1] is g.share
    assert "gk-share" in g.share._dom_classes and g.share.reads_page
    assert len(made) <= 4  # the box, the cover, the share control (and the layout they share, made once)
    cover = g.children[0]
    assert cover.label == "Play a game"
    eager = cls(seed=7, bot_delay=0, **kwargs)  # the same game built at once
    same_ids = lambda text: re.sub(r"\bgk\d+", "gk", text)  # noqa: E731 - each drawing numbers its own ids
    first = re.sub(r"<title>.*?</title>", "", eager.rules.observe(eager.state, eager.seat)._repr_svg_(), flags=re.S)
    assert same_ids(cover_picture_svg(cover)) == same_ids(first)  # the cover shows the game as it starts
    bundle = g._repr_mimebundle_()
    assert same_ids(picture_svg(bundle["text/html"])) == same_ids(first)
    assert bundle["text/plain"] == eager._repr_mimebundle_()["text/plain"]  # 'a solo game' or 'against bots'
    assert not g.is_built  # showing it (its picture and its line) did not open it
    cover._on_front_end_msg(cover, {"kind": "close"}, [])
    assert not g.is_built
    cover._on_front_end_msg(cover, {"kind": "open"}, [])
    assert g.is_built and "gk-closed" not in g._dom_classes and cover not in g.children
    board = g.board
    cover.click()
    g.build()
    assert g.board is board  # built once
    board_ids = lambda text: re.sub(r"\bgk[a-z]*\d+", "gk", str(text))  # noqa: E731 - a board numbers its patterns
    assert g.state == eager.state and board_ids(g.board.render()) == board_ids(eager.board.render())
    assert [type(c).__name__ for c in g.children] == [type(c).__name__ for c in eager.children]
    assert g.chart.axes[1].label == eager.chart.axes[1].label and g.chart.title == eager.chart.title
    assert g.status.value == eager.status.value and g.scores.value == eager.scores.value


def test_code_that_asks_a_lazy_game_view_for_a_part_opens_it():
    g = SamuraiGame(players=2, seed=7, bot_delay=0, lazy=True)
    assert g.play(str(g.rules.legal_actions(g._first[0])[0])) and g.is_built  # play: built, then played
    assert len(g.timeline.history) >= 1
    g2 = MiyabiGame(players=2, seed=7, bot_delay=0, lazy=True)
    assert g2.state.round == 1 and g2.is_built  # the state: the view opens for it
    g3 = KaresansuiGame(players=3, seed=7, bot_delay=0, lazy=True)
    g3.hint()
    assert g3.is_built and g3.board.marked is not None
    g4 = SamuraiGame(players=2, seed=7, bot_delay=0, lazy=True)
    assert not hasattr(g4, "_no_such_part") and not g4.is_built  # private names never open it
    with pytest.raises(AttributeError, match="no_such_part"):
        g4.no_such_part  # noqa: B018 - the view opens, and the name still does not exist
    assert g4.is_built


def test_bad_settings_are_refused_when_a_lazy_game_view_is_made():
    with pytest.raises(ValueError, match="2 to 5 players"):
        SamuraiGame(players=9, lazy=True)
    with pytest.raises(ValueError, match="your seat"):
        MiyabiGame(players=2, seat=2, lazy=True)
    with pytest.raises(ValueError, match="opponents"):
        KaresansuiGame(players=3, opponents="clever", lazy=True)
    with pytest.raises(ValueError, match="unknown option"):
        TanukiGame(players=2, options={"no_such": True}, lazy=True)


def test_a_lazy_game_view_that_cannot_be_built_says_so_on_its_cover(monkeypatch):
    g = SamuraiGame(players=2, seed=7, bot_delay=0, lazy=True)
    cover = g.children[0]
    monkeypatch.setattr(SamuraiGame, "_make_chart", lambda self, players: (_ for _ in ()).throw(RuntimeError("no chart")))
    cover.click()
    assert not g.is_built and g.children == (cover, g.share) and cover.message == "Sorry, this could not be opened: no chart"
    monkeypatch.undo()
    cover.click()
    assert g.is_built and g.board is not None


def test_a_lazy_lesson_and_game_are_sent_in_one_message_each_with_no_update(monkeypatch):
    """What a page load's kernel sends for a closed lesson or game: the cover's ``comm_open`` and
    the box's, each with its whole state (classes, children, the cover's code), and no update."""
    from comm.base_comm import BaseComm

    sent = []

    class Recording(BaseComm):
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            sent.append((msg_type, self.comm_id, data))

    monkeypatch.setattr("comm.create_comm", lambda **kwargs: Recording(**kwargs))
    state, caption = sg_lessons.try_positions()["samurai_gardener.place.touch"]
    for make in (lambda: TryBoard(state, caption, lazy=True), lambda: QuizWidget(sg_lessons.quizzes()[0], lazy=True),
                 lambda: ScenarioPlayer(sg_lessons.worked_examples()[0], lazy=True),
                 lambda: SamuraiGame(players=2, seed=7, bot_delay=0, lazy=True)):
        sent.clear()
        widget = make()
        cover = widget.children[0]
        kinds = [kind for kind, _, _ in sent]
        # the box, the cover (a game view: its Copy link too) and the shared layout
        extra = [widget.share] if isinstance(widget, SamuraiGame) else []
        assert set(kinds) == {"comm_open"} and len(kinds) <= 3 + len(extra), kinds
        opened = {comm_id: data["state"] for _, comm_id, data in sent}
        box, front = opened[widget.comm.comm_id], opened[cover.comm.comm_id]
        assert box["children"] == [f"IPY_MODEL_{w.model_id}" for w in (cover, *extra)]
        assert "gk-closed" in box["_dom_classes"]
        for w in extra:  # the share control: one message with its class and code
            assert "gk-share" in opened[w.comm.comm_id]["_dom_classes"] and "Copy link" in opened[w.comm.comm_id]["_esm"]
        assert "function render" in front["_esm"] and "gk-cover-widget" in front["_dom_classes"]
        assert front["label"] == cover.label and front["html"] == cover.html
        sent.clear()
        widget.build()  # opened: the box's new children and its class change in one update
        box_updates = [data["state"] for kind, comm_id, data in sent
                       if kind == "comm_msg" and comm_id == widget.comm.comm_id and data.get("method") == "update"]
        assert len(box_updates) == 1, box_updates
        assert "gk-closed" not in box_updates[0]["_dom_classes"] and box_updates[0]["children"]


def test_a_cover_sends_its_pictures_when_the_page_asks_and_only_those_it_has():
    lessons = [make(True) for kind, game, name, make in LESSON_CASES[:3]]
    cover = lessons[0].children[0]
    ids = re.findall(r'data-gk-pic="([^"]+)"', cover.html)
    assert ids == ["0"] and set(cover.pictures) == {"0"}
    # what the front end asks for, answered with the pictures it names and knows
    (answer,) = asked(cover, {"kind": "pictures", "ids": ["0", "7", 3]})
    assert answer == {"kind": "pictures", "pictures": {"0": cover.pictures["0"]}}
    assert answer["pictures"]["0"].startswith("data:image/svg+xml;base64,")
    # asked for nothing it has, or asked wrongly: no answer, and nothing else happens
    for content in ({"kind": "pictures", "ids": ["9"]}, {"kind": "pictures", "ids": "0"},
                    {"kind": "pictures", "ids": ["0"] * 65}, {"kind": "pictures", "ids": ["0"], "x": 1},
                    {"kind": "picture", "ids": ["0"]}, None, "pictures"):
        assert asked(cover, content) == []
    assert not lessons[0].is_built
    # the same picture twice is sent once (one id); a sheet numbers its items' pictures together
    twice = Cover(html=restore_pictures(cover.html, cover.pictures) * 2, label="Try it")
    assert re.findall(r'data-gk-pic="([^"]+)"', twice.html) == ["0", "0"] and len(twice.pictures) == 1
    other = lessons[1].children[0]
    sheet = CoverSheet({"a": (restore_pictures(cover.html, cover.pictures), "Try it"),
                        "b": (restore_pictures(other.html, other.pictures), "Try it")})
    assert [re.findall(r'data-gk-pic="([^"]+)"', item["html"]) for item in sheet.items.values()] == [["0"], ["1"]]
    (answer,) = asked(sheet, {"kind": "pictures", "ids": ["1"]})
    assert answer["pictures"] == {"1": other.pictures["0"]}


# ----- several lessons in one cell ---------------------------------------------------------------------
def test_lessons_shows_each_lesson_as_its_own_cell_would_and_opens_them_one_by_one(monkeypatch):
    monkeypatch.delenv("VOILA_SERVER_URL", raising=False)
    quizzes = ka_lessons.quizzes()[:3]
    box, made = new_widgets(lambda: Lessons(QuizWidget(q, lazy=True) for q in quizzes))
    assert [w.quiz for w in box.children] == list(quizzes) and box.lessons == tuple(box.children)
    assert "gk-lessons" in box._dom_classes and box.layout is box.children[0].layout  # the shared layout
    assert len(made) == 2 * 3 + 1 or len(made) == 2 * 3 + 2  # the box (and the shared layout, made once)
    alone = [QuizWidget(q, lazy=True)._repr_mimebundle_() for q in quizzes]
    bundle = box._repr_mimebundle_()
    assert bundle["text/plain"].splitlines() == [b["text/plain"] for b in alone]
    same_ids = lambda svg: re.sub(r"\bgk\d+", "gk", svg)  # noqa: E731 - each drawing numbers its own ids
    pictures = re.findall(r'<img class="gk-picture"[^>]*>', bundle["text/html"])
    assert [same_ids(picture_svg(h)) for h in pictures] == [same_ids(picture_svg(b["text/html"])) for b in alone]
    box.children[1].children[0].click()  # one quiz opened: the others stay covers
    assert [w.is_built for w in box.children] == [False, True, False]
    assert box.children[1].check(quizzes[1].answer).correct


@pytest.mark.parametrize("bad", [[], ["a quiz"], [KaresansuiGame(players=3, bot_delay=0, lazy=True)]], ids=["empty", "a string", "a game view"])
def test_lessons_refuses_anything_but_lessons(bad):
    with pytest.raises(ValueError, match="try boards, worked examples or quizzes"):
        Lessons(bad)
