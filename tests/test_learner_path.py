"""The learner's path on every registered game's dashboard, without a browser: the learner bar at
the top, "Copy link" built into the game view, the try boards and the worked examples (the game
view's control the page's one reader of a link, even while the view is a cover), and the
labelled picture of one real component."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import gardenkit
from gardenkit.core import share
from gardenkit.render.labels import Part, labelled
from gardenkit.render.svg import game_document
from gardenkit.tutor.aid import component_picture
from gardenkit.tutor.rule_index import rule_index
from gardenkit.widgets import ScenarioPlayer, TryBoard
from gardenkit.widgets import sharing
from gardenkit.widgets.learn import LearnerBar, aid_html, progress_items, toc_html

REPO = Path(__file__).resolve().parents[1]
GAMES = gardenkit.available_games()


def _view(game, lazy=True):
    """The game's view as its dashboard makes it (its settings: the notebook's game cell)."""
    cls = gardenkit.entry(game).game_view_class()
    players = {"tang_garden": 2, "karesansui": 3, "tanuki": 3}.get(game, 2)
    return cls(players=players, seed=7, bot_delay=0, lazy=lazy)


@pytest.fixture
def fresh_page(monkeypatch):
    """A kernel that has not read its page's query yet (Voilà: one page per kernel)."""
    monkeypatch.setitem(sharing._PAGE, "read", False)


def _page_msg(widget, search, base="http://localhost:8866/voila/render/x.ipynb"):
    widget._on_front_end_msg(widget, {"kind": "page", "search": search, "base": base}, [])


def _a_later_position(game, players, seat=0, moves=6, seed=5):
    rules = gardenkit.make(game)
    s = rules.initial_state(players=players, seed=seed)
    for i in range(200):
        p = rules.current_player(s)
        if p is gardenkit.CHANCE:
            s = rules.step_chance(s)
            continue
        if p is None or (i >= moves and p == seat):
            break
        s = rules.apply(s, rules.legal_actions(s)[i % len(rules.legal_actions(s))])
    return rules, s


# ----- the learner bar -------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_learner_bar_holds_every_rule_the_aid_and_the_progress(game):
    bar = LearnerBar(game)
    rules = gardenkit.make(game).info.rules
    listed = re.findall(r'<li data-rule="([^"]+)"', bar.toc)
    assert sorted(listed) == sorted(rules) and bar.shown == list(bar.rule_ids)
    assert bar.toc == toc_html(game) and bar.aid == aid_html(game)
    assert bar.total == len(progress_items(game)) > 0
    word = max(rules[listed[0]].split(), key=len).strip(".,;:()")
    assert listed[0] in bar.search(word)
    assert bar.search("zzz-no-such-word") == ()
    assert bar.search("") == tuple(listed)


def test_learner_bar_counts_a_try_board_played_and_keeps_what_the_browser_sent():
    game = "samurai_gardener"
    bar = LearnerBar(game)
    tries = gardenkit.entry(game).tutor_module().try_positions()
    rule = next(iter(tries))
    board = TryBoard(*tries[rule], lazy=True)
    assert bar.done == []
    assert board.play(str(board.rules.legal_actions(board.start)[0]))
    assert bar.done == [f"try:{rule}"]
    bar._on_front_end_msg(bar, {"kind": "stored", "done": ["quiz:nope", f"try:{rule}", 3]}, [])
    assert bar.done == [f"try:{rule}"]  # unknown and malformed entries dropped
    bar._on_front_end_msg(bar, {"kind": "reset"}, [])
    assert bar.done == []


@pytest.mark.parametrize("game", GAMES)
def test_every_try_board_is_marked_with_its_rule(game):
    for rule, (state, caption) in gardenkit.entry(game).tutor_module().try_positions().items():
        board = TryBoard(state, caption, lazy=True)
        assert f"gk-try-for-{rule}" in board._dom_classes and not board.is_built


# ----- Copy link in the game view --------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_lazy_game_view_carries_its_copy_link_and_reads_the_page(game, fresh_page):
    view = _view(game)
    assert view.share is not None and view.share.reads_page and view.children[-1] is view.share
    assert not view.is_built
    # "Copy link" on a closed view: the position its cover shows, without building it
    url = view.share.make_url()
    assert not view.is_built and url.startswith("?pos=gk1.")
    link = share.decode(share.from_query(url), view.rules)
    start, seat = view.shown_position()
    assert view.rules.observe(link.state, seat) == view.rules.observe(start, seat)
    # a page opened with a link of a later position: the closed view opens at it
    rules, later = _a_later_position(game, start.players)
    text = share.encode(rules, later, 0, seed=3)
    _page_msg(view.share, share.query(text))
    assert view.is_built and view.share.opened is not None
    opened = share.decode(text, rules).state
    assert view.state == opened and view.seat == 0
    # the same board and the same moves as the sender had (what is hidden from the seat aside)
    assert rules.observe(view.state, 0) == rules.observe(later, 0)
    assert rules.legal_actions(view.state) == rules.legal_actions(later)
    assert view.share.note == "Opened the position from the link."
    # the same page drawn again (a second message) does not open it a second time over the game
    before = view.timeline
    rules2, other = _a_later_position(game, start.players, moves=2)
    _page_msg(view.share, share.query(share.encode(rules2, other, 0)))
    assert view.timeline is before


@pytest.mark.parametrize("bad", ["?pos=gk1.AAAA", "?pos=nonsense", "?pos=" + "A" * 9000])
def test_a_bad_link_leaves_the_default_game_with_a_message(bad, fresh_page):
    view = _view("miyabi")
    _page_msg(view.share, bad)
    assert not view.is_built  # the default game, still a cover
    assert view._cover.message.startswith("That link could not be opened") and "default game" in view._cover.message
    assert view.share.note == view._cover.message and view.share.opened is None


def test_a_tampered_link_on_an_open_view_says_so_in_its_panel(fresh_page):
    view = _view("samurai_gardener", lazy=False)
    rules, later = _a_later_position("samurai_gardener", 2)
    text = share.encode(rules, later, 0)
    tampered = text[:-6] + ("AAAAAA" if not text.endswith("AAAAAA") else "BBBBBB")
    state = view.state
    _page_msg(view.share, share.query(tampered))
    assert view.state == state and "could not be opened" in view.panel.value


def test_a_page_without_a_link_opens_nothing(fresh_page):
    view = _view("karesansui")
    _page_msg(view.share, "")
    assert not view.is_built and view.share.note == "" and view.share.base.startswith("http://localhost")


def test_a_game_view_can_leave_the_share_control_out():
    cls = gardenkit.entry("samurai_gardener").game_view_class()
    view = cls(players=2, seed=7, bot_delay=0, lazy=True, share=False)
    assert view.share is None and len(view.children) == 1


# ----- Copy link in try boards and worked examples ---------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_try_boards_and_worked_examples_copy_their_position_once_built(game, fresh_page):
    tutor = gardenkit.entry(game).tutor_module()
    rule, (state, caption) = next(iter(tutor.try_positions().items()))
    board = TryBoard(state, caption, lazy=True)
    assert not hasattr(board, "share") or board.share is None  # a cover costs nothing more
    board.build()
    assert board.share in board.children[3].children and not board.share.reads_page
    _page_msg(board.share, "?pos=gk1.AAAA")  # only the game view reads the page
    assert board.share.note == "" and board.share.opened is None
    rules = board.rules
    url = board.share.make_url()
    assert url.startswith("http://localhost:8866/voila/render/x.ipynb?pos=gk1.")  # the page's address, told by the page
    link = share.decode(share.from_query(url[url.index("?"):]), rules)
    assert rules.observe(link.state, link.seat) == rules.observe(state, link.seat)
    example = tutor.worked_examples()[0]
    player = ScenarioPlayer(example, lazy=True)
    player.build()
    assert player.share in player.children[1].children
    url = player.share.make_url()
    assert url.startswith("?pos=gk1.") or (url == "" and player.share.note.startswith("No link"))


# ----- the labelled component picture ----------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_labelled_picture_of_a_real_component(game):
    svg = component_picture(game)
    assert svg.startswith("<svg") and 'class="gk-svg gk-component"' in svg and f'data-game="{game}"' in svg
    parts = re.findall(r'<g class="gk-part" data-source="([^"]+)"><title>([^<]+)</title>', svg)
    assert len(parts) >= 2
    for source, words in parts:  # a reconstructed part says so, and only those
        assert words.endswith("(reconstructed)") == (source == "reconstructed")
    assert ("Reconstructed:" in svg) == any(s == "reconstructed" for s, _ in parts)
    rule_ids = set(gardenkit.make(game).info.rules)
    for cited in re.findall(rf"\(({re.escape(game)}\.[a-z_.]+)\)", svg):
        assert cited in rule_ids


def test_the_picture_follows_the_component_data():
    # the shipped Karesansui colours are reconstructed, the values the rulebook's
    svg = component_picture("karesansui")
    assert re.search(r'data-source="reconstructed"><title>the colour: red', svg)
    assert re.search(r'data-source="rulebook"><title>red II: worth 2', svg)
    with pytest.raises(ValueError):
        component_picture("karesansui", colour="Q")
    with pytest.raises(ValueError):
        component_picture("no_such_game")


def test_labels_say_reconstructed_and_keep_apart():
    doc = lambda w, h, b, u, label: game_document(w, h, b, u, label=label)  # noqa: E731
    parts = [Part(10, 60, "one", "rulebook"), Part(10, 61, "two", "published"), Part(10, 62, "three", "reconstructed")]
    svg = labelled("", (10, 50, 40, 40), parts, uid="t", game="demo", heading="demo", document=doc)
    ys = [float(y) for y in re.findall(r'<tspan x="[\d.]+" y="([\d.]+)"', svg)]
    assert ys == sorted(ys) and all(b - a >= 18 for a, b in zip(ys, ys[1:]))  # never on top of each other
    assert "three (reconstructed)" in svg and "one (" not in svg and "Reconstructed:" in svg
    plain = labelled("", (10, 50, 40, 40), parts[:2], uid="t", game="demo", heading="demo", document=doc)
    assert "Reconstructed" not in plain and "reconstructed" not in plain
    with pytest.raises(ValueError):
        labelled("", (0, 0, 1, 1), [], uid="t", game="demo", heading="demo", document=doc)
    with pytest.raises(ValueError):
        Part(0, 0, "x", "")


# ----- on the dashboards -----------------------------------------------------------------------
def _cells(name):
    return json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("game", GAMES)
def test_each_dashboard_shows_the_bar_and_the_picture_before_its_first_rule(game):
    cells = _cells(gardenkit.entry(game).notebook)
    ids = [c.get("id") for c in cells]
    first_rule = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
                      and re.search(rf"^#+ .*`{re.escape(game)}\.", "".join(c["source"]), re.M))
    bar, picture = ids.index("learn2-bar"), ids.index("learn2-component")
    assert bar < picture < first_rule
    assert f"learner_bar({game!r})" in "".join(cells[bar]["source"])
    assert "component_svg()" in "".join(cells[picture]["source"])
    # every rule id of the engine is in the page's contents (the headings the index reads)
    assert {e.id for e in rule_index(game).entries} == set(gardenkit.make(game).info.rules)


def test_the_gallery_shows_the_progress_bars():
    cells = _cells("index.ipynb")
    ids = [c.get("id") for c in cells]
    assert "GalleryProgress()" in "".join(cells[ids.index("learn2-gallery-progress")]["source"])
    assert ids.index("gallery") < ids.index("learn2-gallery-progress")
