"""The learner's path without a browser: rule index and table of contents, rule links, the
player aid, progress and the share link widget, for every registered game."""
from __future__ import annotations

import html
import importlib
import json
import re

import pytest

import gardenkit
from gardenkit.core import MalformedInputError, share
from gardenkit.tutor import aid as aid_mod
from gardenkit.tutor import rule_index as ri
from gardenkit.tutor.aid import player_aid
from gardenkit.tutor.rule_index import anchor_of, notebook_path, rule_index
from gardenkit.widgets import QuizWidget, TryBoard
from gardenkit.widgets._html import breakdown_html, explanation_html
from gardenkit.widgets.learn import (
    PlayerAidWidget, ProgressWidget, RuleToc, ShareWidget, aid_html, link_rule_ids, progress_items, rule_link,
    share_game_view, toc_html,
)

GAMES = gardenkit.available_games()


def heading_ids_in_order(game):
    """The game's rule ids in the order its notebook's headings name them."""
    nb = json.loads(notebook_path(game).read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        # markdown headings, and the headings of a run of rules shown by one cell (RuleLessons)
        if cell["cell_type"] != "markdown" and not source.startswith("RuleLessons(tries,"):
            continue
        for line in source.splitlines():
            if line.startswith("#"):
                out += [i for i in re.findall(rf"`({re.escape(game)}\.[a-z_.0-9]+)`", line) if i not in out]
    return out


# ----- the rule index ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_index_lists_every_rule_once_in_the_notebooks_heading_order(game):
    idx = rule_index(game)
    ids = [e.id for e in idx.entries]
    assert sorted(ids) == sorted(gardenkit.make(game).info.rules) and len(set(ids)) == len(ids)
    assert ids == heading_ids_in_order(game)
    for e in idx.entries:
        assert e.summary == gardenkit.make(game).info.rules[e.id]
        assert e.anchor.endswith(e.id) and " " not in e.anchor and "`" not in e.anchor
        assert e.section and e.heading


def test_anchor_is_the_heading_text_with_spaces_made_dashes():
    assert anchor_of("Who starts — `miyabi.setup.start`") == "Who-starts-—-miyabi.setup.start"
    assert anchor_of("  **Bold** words  ") == "Bold-words"


def test_sections_follow_the_notebook():
    sections = [name for name, _ in rule_index("miyabi").sections]
    assert sections[:3] == ["Setting up", "A building round", "Placing a tile"]
    assert "A Colorful Garden" in sections and "E The Frog" in sections


def test_without_the_notebook_the_index_keeps_the_data_order(monkeypatch, tmp_path):
    rule_index.cache_clear()
    monkeypatch.setattr(ri, "notebook_path", lambda game: tmp_path / "none.ipynb")
    try:
        idx = rule_index("samurai_gardener")
        assert [e.id for e in idx.entries] == list(gardenkit.make("samurai_gardener").info.rules)
        assert idx.entry("samurai_gardener.place.touch").section == "Place"
    finally:
        rule_index.cache_clear()


def test_search_filters_ids_and_summaries_by_every_word():
    idx = rule_index("samurai_gardener")
    assert len(idx.search("")) == len(idx.entries)
    found = idx.search("BONUS types")
    assert found and all("bonus" in f"{e.id} {e.summary} {e.heading} {e.section}".lower() for e in found)
    others = set(idx.entries) - set(found)
    assert all(not ({"bonus", "types"} <= set(re.findall(r"\w+", f"{e.id} {e.summary} {e.heading} {e.section}".lower())))
               for e in others)
    assert [e.id for e in idx.search("samurai_gardener.place.touch")] == ["samurai_gardener.place.touch"]
    assert idx.search("no such word here") == ()
    with pytest.raises(ValueError):
        idx.search(None)
    with pytest.raises(ValueError, match="at most"):
        idx.search("x" * 500)
    with pytest.raises(ValueError, match="no rule"):
        idx.entry("samurai_gardener.nope")


# ----- the table of contents ---------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_toc_lists_every_rule_id_the_engine_declares_as_a_link(game):
    toc = RuleToc(game)
    assert "gk-toc" in toc._dom_classes
    listed = re.findall(r'<li data-rule="([^"]+)">', toc.html)
    assert sorted(listed) == sorted(gardenkit.make(game).info.rules)
    linked = re.findall(r'class="gk-rule-link" data-rule="([^"]+)" href="#([^"]+)"', toc.html)
    assert [r for r, _ in linked] == listed
    assert all(html.unescape(anchor) == rule_index(game).entry(r).anchor for r, anchor in linked)
    assert toc.shown == listed


def test_toc_search_box_filters_as_you_type():
    toc = RuleToc("miyabi")
    assert toc.search("frog hop") == ("miyabi.frog.move",)
    toc.query = "lantern"  # what the search box sends
    assert toc.shown and all("lantern" in f"{e.id} {e.summary} {e.heading}".lower()
                             for e in map(rule_index("miyabi").entry, toc.shown))
    toc.query = "zzz"
    assert toc.shown == []
    toc.query = ""
    assert len(toc.shown) == len(toc.rule_ids)
    toc.query = "x" * 5000  # too long from a front end: nothing matches, no error
    assert toc.shown == []
    assert "gk-rule-search" in RuleToc._esm


# ----- rule links ------------------------------------------------------------------------------
def test_rule_link_points_at_the_heading_anchor():
    html = rule_link("tanuki", "tanuki.move.den")
    e = rule_index("tanuki").entry("tanuki.move.den")
    assert html.startswith('<a class="gk-rule-link" data-rule="tanuki.move.den"')
    assert f'href="#{e.anchor}"' in html and "<code>tanuki.move.den</code>" in html
    assert rule_link("tanuki", "tanuki.nope") == "<code>tanuki.nope</code>"
    with pytest.raises(ValueError):
        rule_link("chess", "chess.move")


def test_link_rule_ids_in_text_and_code_but_not_in_tags_links_or_other_games():
    html = ('<div title="miyabi.place.row">a miyabi.place.row b <code>miyabi.place.grid</code> '
            '<a href="#x">miyabi.end.winner</a> miyabi.place.rowx tanuki.move.den miyabi.nope &amp;</div>')
    out = link_rule_ids("miyabi", html)
    assert out.count('class="gk-rule-link"') == 2
    assert 'data-rule="miyabi.place.row"' in out and 'data-rule="miyabi.place.grid"' in out
    assert '<div title="miyabi.place.row">' in out  # inside a tag: untouched
    assert '<a href="#x">miyabi.end.winner</a>' in out  # already a link
    assert "miyabi.place.rowx" in out and "tanuki.move.den" in out and "miyabi.nope" in out and "&amp;" in out
    assert link_rule_ids("miyabi", "no ids") == "no ids"


def test_refusals_score_lines_and_breakdowns_link_their_rules():
    rules = gardenkit.make("samurai_gardener")
    from gardenkit.tutor.samurai_gardener import protect_start

    s = protect_start()
    refused = next(t for t in rules.targets(s, (s.lineup[0], False)) if t.points is None)
    html = explanation_html(rules, rules.explain(s, refused.action))
    assert f'data-rule="{refused.reason.rule}"' in html and "gk-rule-link" in html
    legal = max(rules.legal_actions(s), key=lambda a: rules.action_points(s, a))
    expl = rules.explain(s, legal)
    html = explanation_html(rules, expl)
    cited = {line.rule for line in expl.lines} | {r for e in expl.effects for r in getattr(e, "rules", ())}
    assert expl.lines and all(f'data-rule="{r}"' in html for r in cited)
    while not rules.is_terminal(s):
        s = rules.step_chance(s) if rules.current_player(s) is gardenkit.CHANCE else rules.apply(s, rules.legal_actions(s)[0])
    html = breakdown_html(rules, s, ["A", "B"])
    cited = {line.rule for p in range(2) for line in rules.score_breakdown(s, p)}
    assert cited and all(f'data-rule="{r}"' in html for r in cited)


# ----- the player aid ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_player_aid_of_its_own_rules(game):
    aid = player_aid(game)
    rules = gardenkit.make(game).info.rules
    keys = [s.key for s in aid.sections]
    assert keys[:3] == ["turn", "points", "missed"]
    for section in aid.sections:
        assert section.lines
        for line in section.lines:
            assert line.rule in rules and line.text == rules[line.rule]
    html = aid_html(game)
    assert html.startswith(f'<div class="gk-aid" data-game="{game}">')
    for section in aid.sections:
        for line in section.lines:
            assert f'data-rule="{line.rule}"' in html
    assert ("round" in keys) == (game == "karesansui")


def test_karesansui_has_a_round_at_a_glance():
    aid = player_aid("karesansui")
    rnd = aid.section("round")
    assert rnd.title == "A round at a glance"
    html = aid_html("karesansui")
    svg = html[html.index("<svg"):html.index("</svg>")]
    assert re.findall(r'<g data-rule="([^"]+)"', svg) == [line.rule for line in rnd.lines]
    assert svg.count("<line ") == len(rnd.lines) - 1
    assert aid.section("points").title == "How demerits come"
    assert player_aid("miyabi").section("points").title == "How points are made"


def test_aid_data_is_checked(monkeypatch):
    module = importlib.import_module("gardenkit.games.miyabi.rules_text")
    good = module.AID
    for bad, message in (({**good, "turn": ("miyabi.nope",)}, "does not have"),
                         ({k: v for k, v in good.items() if k != "missed"}, "no 'missed'"),
                         ({**good, "extra": ("miyabi.end.winner",)}, "unknown section"),
                         ({**good, "turn": ("miyabi.end.winner", "miyabi.end.winner")}, "twice")):
        monkeypatch.setattr(module, "AID", bad)
        with pytest.raises(ValueError, match=message):
            aid_mod.player_aid("miyabi")
    monkeypatch.delattr(module, "AID")
    with pytest.raises(ValueError, match="no player aid"):
        aid_mod.player_aid("miyabi")


def test_aid_widget_prints_alone_and_shows_without_a_kernel():
    w = PlayerAidWidget("tanuki")
    assert w.html == aid_html("tanuki")
    assert "@media print" in w._css and "body.gk-print-aid .gk-aid" in w._css
    assert "window.print()" in w._esm
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert 'class="gk-aid"' in data["text/html"]


# ----- progress -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_progress_counts_every_try_board_and_quiz(game):
    tutor = gardenkit.entry(game).tutor_module()
    items = progress_items(game)
    assert len(items) == len(tutor.try_positions()) + len(tutor.quizzes()) == len(set(items))
    p = ProgressWidget(game, follow=False)
    assert (p.done, p.total) == ([], len(items))
    assert 'data-done="0"' in p.html and f'data-total="{len(items)}"' in p.html


def test_progress_follows_the_tutor_events():
    game = "samurai_gardener"
    tutor = gardenkit.entry(game).tutor_module()
    rules = gardenkit.make(game)
    p = ProgressWidget(game)
    other = ProgressWidget("miyabi")
    rule, (state, caption) = list(tutor.try_positions().items())[1]
    board = TryBoard(state, caption, lazy=True)
    assert p.done == []  # opening is not trying
    assert board.play(str(rules.legal_actions(state)[0]))
    assert p.done == [f"try:{rule}"]
    quiz = tutor.quizzes()[0]
    w = QuizWidget(quiz, lazy=True)
    assert not w.check(quiz.answer + 1).correct
    assert p.done == [f"try:{rule}"]  # a wrong answer does not count
    assert w.check(quiz.answer).correct
    assert p.done == [f"try:{rule}", f"quiz:{quiz.id}"]
    assert 'data-done="2"' in p.html
    assert other.done == []  # another game's bar is not moved


def test_progress_record_load_reset_and_front_end_messages():
    p = ProgressWidget("miyabi", follow=False)
    first, second = p.items[0], p.items[1]
    assert p.record(*second.split(":", 1)) and p.record(*first.split(":", 1))
    assert p.done == [first, second]  # lesson order, each once
    assert p.record(*first.split(":", 1)) and p.done == [first, second]
    assert not p.record("try", "miyabi.nope") and not p.record("quiz", "nope")
    p._on_front_end_msg(p, {"kind": "reset"}, [])
    assert p.done == []
    # what the browser kept comes back; junk and old lessons are dropped; the bar says it merged it
    assert not p.merged
    p._on_front_end_msg(p, {"kind": "stored", "done": [second, "try:gone", 7, None, second]}, [])
    assert p.done == [second] and p.merged
    for junk in ({"kind": "stored", "done": "all"}, {"kind": "stored"}, {"kind": "stored", "done": [first], "x": 1},
                 {"kind": "reset", "x": 1}, "reset", None):
        p._on_front_end_msg(p, junk, [])
    assert p.done == [second]
    p.reset()
    assert p.done == [] and 'data-done="0"' in p.html
    assert "localStorage" in ProgressWidget._esm and "gk-progress" in ProgressWidget._esm


def test_a_progress_bar_that_is_gone_is_not_kept_alive():
    import gc

    from gardenkit.widgets import tutor

    before = len(tutor._listeners)
    p = ProgressWidget("tanuki")
    assert len(tutor._listeners) == before + 1
    p.close()
    del p
    gc.collect()
    tutor._emit("tanuki", "try", "tanuki.setup.tiles")
    assert len(tutor._listeners) <= before


# ----- the share link ---------------------------------------------------------------------------
def _seat_view(game="karesansui", players=3, seed=5):
    return gardenkit.entry(game).game_view_class()(players=players, seed=seed, bot_delay=0)


def test_copy_link_holds_the_position_as_the_seat_sees_it():
    view = _seat_view()
    w = share_game_view(view)
    assert "gk-share" in w._dom_classes and "data-url" in w._esm
    w.receive_page("", "http://localhost:8866/voila/render/karesansui.ipynb")
    url = w.make_url()
    assert url.startswith("http://localhost:8866/voila/render/karesansui.ipynb?pos=gk1.")
    link = share.decode(share.from_query(url[url.index("?"):]), view.rules)
    assert link.seat == view.seat
    assert view.rules.observe(link.state, view.seat) == view.rules.observe(view.state, view.seat)
    w._on_front_end_msg(w, {"kind": "copy"}, [])
    assert w.url == url


def test_a_page_opened_from_a_link_shows_the_same_board_and_moves():
    sender = _seat_view(seed=5)
    rules = sender.rules
    sender.play(str(rules.legal_actions(sender.state)[-1]))
    text = share.encode(rules, sender.state, sender.seat, seed=3)
    receiver = _seat_view(seed=11)  # a fresh page: another game until the link is read
    w = share_game_view(receiver)
    w._on_front_end_msg(w, {"kind": "page", "search": share.query(text), "base": "http://h/x.ipynb"}, [])
    assert w.opened is not None and "Opened" in w.note
    assert rules.observe(receiver.state, 0) == rules.observe(sender.state, 0)
    assert rules.legal_actions(receiver.state) == rules.legal_actions(sender.state)
    def same(svg):  # each board has its own uid in its gradient ids and its own redraw count
        return re.sub(r"data-version=\"\d+\"", "", re.sub(r"gkb\d+-", "gkb-", svg))

    assert same(receiver.board.svg) == same(sender.board.svg)


def test_a_bad_link_leaves_the_default_game_with_a_message():
    view = _seat_view()
    before = view.state
    w = share_game_view(view)
    good = share.encode(view.rules, view.state, 0)
    for search in ("?pos=" + good[:-5], "?pos=gk9.AAAA", "?pos=" + "A" * 9000,
                   "?pos=" + share.encode(gardenkit.make("miyabi"), gardenkit.make("miyabi").initial_state(players=2), 0)):
        assert not w.receive_page(search)
        assert "could not be opened" in w.note and "default game" in w.note
        assert "could not be opened" in view.panel.value  # the game view's panel says it too
        assert view.state is before
    assert not w.receive_page("?other=1") and view.state is before
    for junk in ({"kind": "page", "search": 5, "base": ""}, {"kind": "page", "search": "?pos=x"}, {"kind": "x"}, []):
        w._on_front_end_msg(w, junk, [])
    assert view.state is before
    w.receive_page("", "javascript:alert(1)")  # not an http(s) address: not used as the base
    assert w.base == ""


def test_a_position_too_large_for_a_link_says_so(monkeypatch):
    view = _seat_view()
    w = share_game_view(view)
    monkeypatch.setattr(share, "MAX_LINK_CHARS", 20)
    assert w.make_url() == "" and "too large" in w.note


def test_a_try_boards_link_is_its_position_and_opens_on_a_board():
    from gardenkit.widgets.learn import share_try_board

    tutor = gardenkit.entry("miyabi").tutor_module()
    tries = list(tutor.try_positions().values())
    first, other = TryBoard(*tries[0], lazy=True), TryBoard(*tries[3], lazy=True)
    w = share_try_board(first)
    w._on_front_end_msg(w, {"kind": "page", "search": "", "base": "http://h/miyabi.ipynb"}, [])
    url = w.make_url()
    assert url.startswith("http://h/miyabi.ipynb?pos=gk1.")
    # a try board does not read the page (the game view does) unless asked to
    quiet = share_try_board(other)
    quiet._on_front_end_msg(quiet, {"kind": "page", "search": url[url.index("?"):], "base": "http://h/m"}, [])
    assert quiet.opened is None and not other.is_built
    reader = share_try_board(other, reads_page=True)
    assert reader.receive_page(url[url.index("?"):])
    rules = first.rules
    p = rules.current_player(tries[0][0])
    assert rules.observe(other.state, p) == rules.observe(tries[0][0], p)


def test_learner_bar_is_progress_toc_and_aid():
    from gardenkit.widgets.learn import learner_bar

    bar = learner_bar("karesansui")  # one widget: a page load opens one comm for all three
    assert type(bar).__name__ == "LearnerBar" and "gk-learn" in bar._dom_classes
    assert bar.toc == toc_html("karesansui") and bar.aid == aid_html("karesansui")
    assert bar.total == len(progress_items("karesansui")) and bar.done == []
    for hook in ("gk-progress", "gk-rule-search", "gk-aid-print", "gkToc(model, toc, \"toc\")"):
        assert hook in bar._esm


def test_the_learners_widgets_are_public_and_imported_when_asked_for():
    import subprocess
    import sys

    code = ("import sys, gardenkit.widgets as w; assert 'gardenkit.widgets.learn' not in sys.modules; "
            "from gardenkit.widgets import RuleToc, learner_bar, share_game_view; "
            "assert 'gardenkit.widgets.learn' in sys.modules and RuleToc.__module__ == 'gardenkit.widgets.learn'")
    subprocess.run([sys.executable, "-c", code], check=True)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = st.sampled_from(["miyabi.place.row", "miyabi.end.winner", "miyabi.nope", "tanuki.move.den", "<code>",
                           "</code>", "<b>", "</b>", '<a href="#x">', "</a>", "<li>", " ", ".", "x", "&amp;", "—"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=12))
def test_linking_rule_ids_only_adds_links(pieces):
    """Whatever the HTML, linking its rule ids only wraps some of them in links: take the added
    links away and the text is as it was; every added link names a rule of the game."""
    html = "".join(pieces)
    out = link_rule_ids("miyabi", html)
    added = re.findall(r'<a class="gk-rule-link" data-rule="([^"]+)"[^>]*>', out)
    assert all(r in gardenkit.make("miyabi").info.rules for r in added)
    stripped = re.sub(r'<a class="gk-rule-link"[^>]*>', "", out)
    # each added link closes with the one "</a>" that follows its text
    assert stripped.count("</a>") == html.count("</a>") + len(added)
    assert re.sub(r"</a>", "", stripped) == re.sub(r"</a>", "", html)


def test_gallery_progress_counts_what_the_browser_keeps_per_game():
    from gardenkit.widgets import GalleryProgress

    g = GalleryProgress()
    assert set(g.totals) == set(GAMES) and all(g.totals[x] == len(progress_items(x)) for x in GAMES)
    assert g.done == {x: 0 for x in GAMES}
    first = progress_items("miyabi")[:2]
    g._on_front_end_msg(g, {"kind": "stored", "done": {"miyabi": [*first, first[0], "try:gone", 3],
                                                     "tanuki": "all", "chess": ["x"]}}, [])
    assert g.done == {**{x: 0 for x in GAMES}, "miyabi": 2}
    for junk in ({"kind": "stored"}, {"kind": "stored", "done": []}, None, {"kind": "x", "done": {}}):
        g._on_front_end_msg(g, junk, [])
    assert g.done["miyabi"] == 2
    assert "article.gk-game-card[data-game=" in g._esm and "localStorage" in g._esm


def test_a_worked_examples_link_is_the_step_on_view():
    from gardenkit.widgets import ScenarioPlayer
    from gardenkit.widgets.learn import share_try_board

    scenario = gardenkit.entry("miyabi").tutor_module().worked_examples()[0]
    player = ScenarioPlayer(scenario, lazy=True)
    w = share_try_board(player)
    first = w.make_url()  # a lazy example is built by the click
    assert first.startswith("?pos=gk1.") and player.is_built
    player.forward()
    second = w.make_url()
    assert second != first
    rules = player.rules
    link = share.decode(share.from_query(second), rules)
    assert rules.observe(link.state, link.seat) == rules.observe(player.board.state, link.seat)


def test_every_game_package_with_rules_has_an_aid_of_its_own_ids():
    """Also the games still being written (not yet registered): their aid is ready when they are."""
    from pathlib import Path

    from gardenkit.tutor.aid import AID_SECTIONS

    packages = sorted(p.parent.name for p in Path(gardenkit.__file__).parent.glob("games/*/rules_text.py"))
    assert set(GAMES) <= set(packages)
    for name in packages:
        module = importlib.import_module(f"gardenkit.games.{name}.rules_text")
        assert {"turn", "points", "missed"} <= set(module.AID) <= set(AID_SECTIONS), name
        for key, ids in module.AID.items():
            assert ids and all(i in module.RULES for i in ids), (name, key)
