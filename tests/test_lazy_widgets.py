"""Lessons built when a learner opens them (``lazy=True``), and the pictures saved beside widgets.

- A lazy try board, worked example or quiz is a cover: its words, the position as a picture (an
  ``<img>`` of the state's SVG) and one button; three widgets at most (the box, its layout, the
  cover; the covers share one layout), where the built lesson is 18–27.
- The button (the front end's ``{"kind": "open"}``, nothing else) or any method that needs the
  parts builds them in place; once built, a lazy lesson is the same as one built at once.
- A dashboard's notebook builds, at load, only its game view's board: every lesson is a cover
  (the Samurai page built 403 widgets, now about 125).
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
from gardenkit.widgets import BoardWidget, KaresansuiGame, MiyabiGame, QuizWidget, SamuraiGame, ScenarioPlayer, TryBoard
from gardenkit.widgets.lazy import Cover

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


# ----- a cover -------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, game, name, make", LESSON_CASES, ids=IDS)
def test_a_lazy_lesson_is_a_cover_with_its_words_picture_and_one_button(kind, game, name, make):
    lesson, made = new_widgets(lambda: make(True))
    assert not lesson.is_built and "gk-closed" in lesson._dom_classes
    assert f"gk-{kind}" in lesson._dom_classes  # found by the same class as the built lesson
    (cover,) = lesson.children
    assert isinstance(cover, Cover)
    assert cover.label == {"try": "Try it", "scenario": "Step through", "quiz": "Answer"}[kind]
    svg = picture_svg(cover.html)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and "<title>" not in svg
    # no board, no buttons, no panel yet: the box, its layout and the cover (and the covers' one layout)
    assert len(made) <= 4 and not any(isinstance(w, BoardWidget) for w in made), [type(w).__name__ for w in made]
    assert cover.layout is Cover(html="", label="").layout  # one layout for every cover


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
    assert t.board in t.children and cover.comm is None  # the cover is closed (its comm too)
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


@pytest.mark.parametrize("notebook", ["samurai-gardener.ipynb", "miyabi.ipynb", "karesansui.ipynb", "tang-garden.ipynb"])
def test_a_dashboard_builds_only_its_game_at_load_every_lesson_a_cover(notebook):
    run = _run_code_cells(REPO / "notebooks" / notebook)
    lessons = [w for w in run["shown"] if isinstance(w, (TryBoard, ScenarioPlayer, QuizWidget))]
    games = [w for w in run["shown"] if hasattr(w, "timeline")]
    assert len(games) == 1 and len(lessons) >= 15
    assert all(not w.is_built for w in lessons), "every lesson of the page waits for its click"
    boards = [w for w in run["made"] if isinstance(w, BoardWidget)]
    assert boards == [games[0].board], "at load the only board is the game's"
    # the game view, plus three widgets per lesson (box, layout, cover) and the covers' shared layout
    game_parts = len(run["made"]) - 3 * len(lessons) - 1
    assert game_parts <= 100, (notebook, len(run["made"]), len(lessons))


def test_a_lazy_game_is_a_picture_and_a_button_until_played(monkeypatch):
    """``LazyGame(TangGardenGame, players=1)``: a second game on a page (the solo game) builds no
    board at load; its click builds the game view in place, at the position the picture showed."""
    from gardenkit.widgets import LazyGame, TangGardenGame

    monkeypatch.delenv("VOILA_SERVER_URL", raising=False)
    before = set(_instances)
    g = LazyGame(TangGardenGame, players=1, bot_delay=0)
    made = [_instances[k] for k in set(_instances) - before]
    assert not g.is_built and "gk-closed" in g._dom_classes and len(made) <= 4
    assert not any(isinstance(w, BoardWidget) for w in made)
    bundle = g._repr_mimebundle_()
    assert bundle["text/plain"] == "Tang Garden: a solo game" and "data:image/svg+xml;base64," in bundle["text/html"]
    cover = g.children[0]
    assert cover.label == "Play"
    cover.click()
    assert g.is_built and g.children == (g.view,) and isinstance(g.view, TangGardenGame)
    assert g.view.state == g.start and g.view.state.solo and g.view.bot_delay == 0
    view = g.view
    g.build()  # opened once
    assert g.children == (view,) and g.view is view
    with pytest.raises(ValueError):
        LazyGame(TangGardenGame, players=9)
    with pytest.raises(ValueError, match="game view class"):
        LazyGame(TryBoard)
