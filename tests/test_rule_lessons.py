"""A run of rules shown by one cell (:class:`gardenkit.widgets.RuleLessons`): each rule's heading
(an HTML heading with the anchor JupyterLab and Voilà give the markdown heading, and its words)
then its try board, closed; no widget of its own; bad text refused clearly; and a picture drawn
once per state (:func:`gardenkit.widgets.lazy.picture_html`)."""
from __future__ import annotations

import pytest
from ipywidgets.widgets.widget import _instances

import gardenkit
from gardenkit.tutor import tang_garden as lessons
from gardenkit.tutor.rule_index import anchor_of, rule_index
from gardenkit.widgets import RuleLessons, TryBoard
from gardenkit.widgets import lazy

TRIES = lessons.try_positions()
TEXT = """
### Build: stack — `tang_garden.build.stack`

You build with a tile lying **face up** on top of
one of the four stacks.

A second paragraph with `code` and *a word*.

#### Build: space — `tang_garden.build.space`
The tile goes on an empty space of the garden.
"""


def test_each_rule_is_its_heading_then_its_closed_try_board():
    before = set(_instances)
    run = RuleLessons(TRIES, TEXT)
    made = [_instances[k] for k in set(_instances) - before]
    assert run.rule_ids == ("tang_garden.build.stack", "tang_garden.build.space")
    assert all(isinstance(w, TryBoard) and not w.is_built for w in run.lessons)
    assert [w.rule for w in run.lessons] == list(run.rule_ids)
    assert [w.start for w in run.lessons] == [TRIES[r][0] for r in run.rule_ids]
    # a box per try board and one cover sheet for the run, nothing for the headings (a layout shared at most)
    assert len(made) - len(run.lessons) - 1 in (0, 1)
    first, second = run.headings
    assert first.startswith(f'<h3 id="{anchor_of("Build: stack — `tang_garden.build.stack`")}">')
    assert "<code>tang_garden.build.stack</code></h3>" in first
    assert ("<p>You build with a tile lying <strong>face up</strong> on top of one of the four stacks.</p>"
            "<p>A second paragraph with <code>code</code> and <em>a word</em>.</p>") in first
    assert second.startswith('<h4 id="Build:-space-—-tang_garden.build.space">')
    # the anchor the rule index (and so the table of contents and rule links) gives each rule
    assert anchor_of("Build: space — `tang_garden.build.space`") == rule_index("tang_garden").entry(
        "tang_garden.build.space").anchor


def test_the_cell_shows_heading_board_heading_board():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    shell.user_ns.update(RuleLessons=RuleLessons, tries=TRIES)
    with capture_output() as cap:
        result = shell.run_cell(f'RuleLessons(tries, """{TEXT}""")', store_history=False)
    result.raise_error()
    kinds = [("widget" if "application/vnd.jupyter.widget-view+json" in o.data else "heading") for o in cap.outputs]
    assert kinds == ["heading", "widget", "heading", "widget"]
    assert cap.outputs[0].data["text/plain"] == "Build: stack — tang_garden.build.stack"
    assert cap.outputs[1].data["text/plain"].startswith("Try board: ")
    assert repr(result.result) == "RuleLessons(tang_garden.build.stack, tang_garden.build.space)"


@pytest.mark.parametrize("text, why", [
    ("", "no heading"),
    ("Some words first\n### Build: stack — `tang_garden.build.stack`", "text before the first heading"),
    ("### Build: stack", "one rule id in backticks"),
    ("### Two — `tang_garden.build.stack` `tang_garden.build.space`", "one rule id in backticks"),
    ("### Nope — `tang_garden.no.such_rule`", "no try position for 'tang_garden.no.such_rule'"),
])
def test_bad_text_is_refused_clearly(text, why):
    with pytest.raises(ValueError, match=why):
        RuleLessons(TRIES, text)
    with pytest.raises(ValueError, match="reads its headings"):
        RuleLessons(TRIES, ["### Build: stack — `tang_garden.build.stack`"])


def test_words_are_escaped():
    run = RuleLessons(TRIES, "### A <b> — `tang_garden.build.stack`\nx < y & <script>")
    assert "<b>" not in run.headings[0] and "&lt;script&gt;" in run.headings[0]


def test_a_picture_is_drawn_once_per_state_and_view(monkeypatch):
    rules = gardenkit.make("tang_garden")
    state, caption = TRIES["tang_garden.build.wall"]
    drawn = []
    real = lazy._picture_html
    monkeypatch.setattr(lazy, "_picture_html", lambda *a: drawn.append(a) or real(*a))
    monkeypatch.setattr(lazy, "_PICTURES", {})
    one = lazy.picture_html(state, rules, 0, alt=caption)
    assert lazy.picture_html(state, rules, 0, alt=caption) == one and len(drawn) == 1
    lazy.picture_html(state, rules, 1, alt=caption)  # another seat's view is another picture
    lazy.picture_html(state, None, None, alt=caption)
    assert len(drawn) == 3
    copy = rules.from_dict(state.to_dict())  # an equal state, another object: drawn again (not found by id)
    lazy.picture_html(copy, rules, 0, alt=caption)
    assert len(drawn) == 4


def test_a_runs_covers_are_one_widget_each_board_its_item():
    from gardenkit.widgets.lazy import CoverSheet, restore_pictures

    before = set(_instances)
    run = RuleLessons(TRIES, TEXT)
    made = [_instances[k] for k in set(_instances) - before]
    sheets = [w for w in made if isinstance(w, CoverSheet)]
    assert sheets == [run.sheet]  # one anywidget model for the run's covers
    assert len(made) - len(run.lessons) - 1 in (0, 1)  # a box per board, the sheet (and a shared layout)
    for i, board in enumerate(run.lessons):
        assert board.children == (run.sheet,) and {"gk-closed", f"gk-cover-key-{i}"} <= set(board._dom_classes)
        item = run.sheet.items[str(i)]
        # the item's words carry a place for its picture; the page asks for the picture when near
        assert item["label"] == "Try it" and "data:image" not in item["html"] and "data-gk-pic=" in item["html"]
        assert restore_pictures(item["html"], run.sheet.pictures) == board.cover_html()
    # the front end's click on the second item opens the second board only
    run.sheet._on_front_end_msg(run.sheet, {"kind": "open", "key": "1"}, [])
    first, second = run.lessons
    assert second.is_built and not first.is_built and first.children == (run.sheet,)
    assert "gk-closed" not in second._dom_classes and "gk-cover-key-1" not in second._dom_classes
    # anything else the front end might send is dropped
    for content in ({"kind": "open", "key": "7"}, {"kind": "open"}, {"kind": "open", "key": "0", "x": 1}, "open", None):
        run.sheet._on_front_end_msg(run.sheet, content, [])
    assert not first.is_built


def test_a_board_that_cannot_open_says_why_on_its_item(monkeypatch):
    run = RuleLessons(TRIES, TEXT)
    first = run.lessons[0]
    monkeypatch.setattr(type(first), "_build", lambda self: (_ for _ in ()).throw(RuntimeError("no room")))
    run.sheet.click("0")
    assert not first.is_built and run.sheet.messages == {"0": "Sorry, this could not be opened: no room"}
    assert first._cover.message.endswith("no room")


@pytest.mark.parametrize("items", [{}, {"A": ("x", "y")}, {"a b": ("x", "y")}])
def test_a_cover_sheet_refuses_bad_keys(items):
    from gardenkit.widgets.lazy import CoverSheet

    with pytest.raises(ValueError, match="keyed by short lower-case names"):
        CoverSheet(items)
    with pytest.raises(ValueError, match="no item"):
        CoverSheet({"a": ("x", "y")}).cover("b")
