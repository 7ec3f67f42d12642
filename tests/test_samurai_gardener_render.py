"""Samurai Gardener's SVG rendering: pure functions, types readable without colour, outlines, protected lines."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import gardenkit
from gardenkit.games.samurai_gardener import House, Placed, default_deck
from gardenkit import Refusal, Target
from gardenkit.render.samurai_gardener import board_view, render_board, render_card, render_house, render_lineup
from gardenkit.render.svg import SvgStr, esc
from gardenkit.tutor import samurai_gardener as sg

rules = R = gardenkit.make("samurai_gardener")
SVG = "{http://www.w3.org/2000/svg}"


def dealt(players=2, seed=1, **kw):
    s = rules.initial_state(players=players, seed=seed, **kw)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    return s


def parse(svg: str):
    return ET.fromstring(svg)


def test_svgstr_shows_itself_in_jupyter():
    s = render_card(default_deck()[1])
    assert isinstance(s, SvgStr) and s._repr_svg_() == s


def test_escaping():
    assert esc('<a href="x">&') == "&lt;a href=&quot;x&quot;&gt;&amp;"


def test_state_repr_svg_is_well_formed_and_shows_everything():
    s = dealt(players=3)
    svg = s._repr_svg_()
    root = parse(svg)
    assert root.tag == SVG + "svg"
    assert "Player 1" in svg and "Player 3" in svg
    assert len(root.findall(f".//{SVG}g[@data-card]")) == 3  # the line-up
    assert len(root.findall(f".//{SVG}g[@class='gk-house']")) == 3


def test_each_square_has_a_letter_and_a_pattern_so_types_read_without_colour():
    card = default_deck()[1]
    root = parse(render_card(card))
    letters = [t.text for t in root.iter(SVG + "text") if "gk-lt" in (t.get("class") or "").split()]
    assert sorted(letters) == sorted("".join(card.rows))
    fills = {r.get("fill") for r in root.iter(SVG + "rect") if r.get("class") == "gk-sq"}
    assert all(re.fullmatch(r"url\(#gk\d+-[FTPG]\)", f) for f in fills)
    ids = {p.get("id") for p in root.iter(SVG + "pattern")}
    assert {i.rsplit("-", 1)[1] for i in ids} == {"F", "T", "P", "G"}


def test_turned_card_is_drawn_turned():
    card = default_deck()[2]
    up = [t.text for t in parse(render_card(card)).iter(SVG + "text")]
    down = [t.text for t in parse(render_card(card, turned=True)).iter(SVG + "text")]
    assert up == list(reversed(down))


def test_pattern_ids_are_unique_per_drawing():
    a, b = render_card(default_deck()[1]), render_card(default_deck()[1])
    ida = re.search(r'id="(gk\d+)-F"', a)[1]
    idb = re.search(r'id="(gk\d+)-F"', b)[1]
    assert ida != idb


def test_house_has_card_outlines_and_marks_protected_lines():
    s = sg.protect_start()
    house = s.houses[0]
    svg = render_house(house)
    root = parse(svg)
    assert root.find(f".//{SVG}path[@class='gk-card']") is not None
    runs = root.findall(f".//{SVG}path[@class='gk-run']")
    assert len(runs) == len(house.runs()) >= 1
    assert "protected" in runs[0].find(SVG + "title").text
    squares = [r for r in root.iter(SVG + "rect") if r.get("class") == "gk-sq"]
    assert len(squares) == len(house.grid)


def test_covered_card_outline_hides_under_the_later_card():
    deck = default_deck()
    one = House.build((Placed(1, 0, 0),), deck)
    two = House.build((Placed(1, 0, 0), Placed(2, 1, 0)), deck)
    d1 = parse(render_house(one)).find(f".//{SVG}path[@class='gk-card']").get("d")
    d2 = parse(render_house(two)).find(f".//{SVG}path[@class='gk-card']").get("d")
    # one card: 2x3 squares' outer edges = 10 unit segments; two overlapping: 3x3 outer + the inner edge = 12+3
    assert d1.count("M") == 10
    assert d2.count("M") == 12 + 2 * 3


def test_lineup_cards_are_clickable_targets():
    s = dealt(players=4)
    root = parse(render_lineup(s, selected=s.lineup[1], turned=True))
    cards = root.findall(f".//{SVG}g[@data-card]")
    assert [int(c.get("data-card")) for c in cards] == list(s.lineup)
    assert "gk-selected" in cards[1].get("class")
    assert "turned" in cards[1].find(SVG + "title").text


def test_board_has_spots_with_actions_turn_control_and_version():
    s = dealt()
    card = s.lineup[0]
    legal = rules.placements(s, card)
    spots = [Target(str(a), rules.placement_points(s, a), at=(a.x, a.y)) for a in legal]
    spots += [Target("99@9,9", None, Refusal("no", "samurai_gardener.place.touch"), at=(9, 9))]
    svg = render_board(R.view(s, 0), uid="t1", version=5, selected=card, spots=spots, marked=str(legal[0]))
    root = parse(svg)
    assert root.get("data-version") == "5"
    acts = [e.get("data-action") for e in root.iter() if "gk-spot" in (e.get("class") or "")]
    assert acts == [str(a) for a in legal] + ["99@9,9"]
    assert root.find(f".//{SVG}g[@data-ui='turn']") is not None
    marked = [e for e in root.iter() if "gk-marked" in (e.get("class") or "")]
    assert len(marked) == 1 and marked[0].get("data-action") == str(legal[0])
    grey = [e for e in root.iter() if "gk-illegal" in (e.get("class") or "")]
    assert len(grey) == 1 and grey[0].find(f"{SVG}text").text == "×"
    # a refused square is tapped anywhere on it (its unseen tap area is the square)
    tap = grey[0].find(f"{SVG}rect")
    assert "gk-hit" in tap.get("class") and float(tap.get("width")) == float(tap.get("height")) >= 24


def test_board_view_leaves_room_for_a_card_on_every_side():
    house = dealt().houses[0]
    assert board_view(house) == (-2, -3, 3, 5)


@pytest.mark.parametrize("seed", [1, 2])
def test_render_state_for_a_whole_game(seed):
    from gardenkit.bots import GreedyBot

    s = rules.initial_state(players=2, seed=seed, specialist=True)
    bots = [GreedyBot(1), GreedyBot(2)]
    while rules.current_player(s) is not None:
        p = rules.current_player(s)
        s = rules.step_chance(s) if p is gardenkit.CHANCE else rules.apply(s, bots[p].choose(rules, s))
        parse(s._repr_svg_())  # always well-formed
    assert "Game over" in s._repr_svg_()


def _spot_board(state=None, **kw):
    s = state or dealt()
    card = s.lineup[0]
    legal = rules.placements(s, card)
    spots = [Target(str(a), rules.placement_points(s, a), at=(a.x, a.y)) for a in legal]
    spots += [Target(f"{card}@9,9", None, rules.why_illegal(s, f"{card}@9,9"), at=(9, 9))]
    return s, legal, parse(render_board(R.view(s, 0), uid="t2", selected=card, spots=spots, **kw))


def test_badges_sit_small_in_the_top_left_corner_and_letters_in_the_bottom_right():
    from gardenkit.render.samurai_gardener import CELL

    assert CELL >= 40
    s, legal, root = _spot_board()
    spots = [e for e in root.iter() if "gk-spot" in (e.get("class") or "")]
    assert spots and all(e.get("data-action") for e in spots)  # every spot, legal or not, is a click target
    points = {str(a): rules.placement_points(s, a) for a in legal}
    children = list(root)
    for e in spots:
        if "gk-illegal" in e.get("class"):
            # a quiet mark in its square's top-left corner: one glyph, no badge, no hover square;
            # tapped anywhere on its square (an unseen tap area, the square's size)
            tap, glyph = list(e)
            assert e.tag == SVG + "g" and glyph.tag == SVG + "text" and glyph.text == "×" and len(glyph) == 0
            assert tap.get("class") == "gk-hit" and float(tap.get("width")) == float(tap.get("height")) == CELL
            continue
        # the whole square hovers and clicks; a corner tick marks it
        assert e.tag == SVG + "rect" and float(e.get("width")) == CELL and e.get("pathLength") == "160"
        nxt = children[children.index(e) + 1]
        if points[e.get("data-action")] > 0:  # a scoring spot: its badge follows, in the top-left corner
            assert "gk-scores" in e.get("class")
            assert nxt.get("class") == "gk-badge" and nxt.text == f"+{points[e.get('data-action')]}"
            assert nxt.get("transform") == e.get("transform") and float(nxt.get("x")) <= CELL / 3
        else:  # nothing scored, nothing written: the board stays readable
            assert nxt.get("class") != "gk-badge"
    assert any(p > 0 for p in points.values()) and any(p == 0 for p in points.values())
    letters = [t for t in root.iter(SVG + "text") if "gk-ltb" in (t.get("class") or "")]
    assert letters  # house squares at this size put their letter bottom-right, clear of the badges
    sq = {(r.get("x"), r.get("y")) for r in root.iter(SVG + "rect") if r.get("class") == "gk-sq"}
    for t in letters:
        x, y = float(t.get("x")), float(t.get("y"))
        assert (f"{x + 4 - CELL:g}", f"{y + 5 - CELL:g}") in sq


def test_hover_ghost_is_drawn_last_hidden_until_the_front_end_shows_it():
    s, legal, root = _spot_board()
    last = list(root)[-1]
    assert last.tag == SVG + "use" and last.get("class") == "gk-ghost" and last.get("visibility") == "hidden"
    assert last.get("href") == "#t2-gh" and root.find(f".//{SVG}g[@id='t2-gh']") is not None
    # a ringed spot (hint) shows its ghost without hovering
    s, legal, root = _spot_board(marked=str(legal[0]))
    assert root.find(f".//{SVG}use[@class='gk-ghost-mark']") is not None


def test_order_step_shows_the_waiting_lines_by_type_and_length_and_no_lineup_or_turn():
    from gardenkit.render.samurai_gardener import pick_label

    sc = sg.order_scenario()
    s = sc.states(rules)[1]
    runs = [a.run for a in rules.legal_actions(s)]
    root = parse(render_board(R.view(s, 0), uid="t3", pending=runs, marked=sc.actions[1]))
    assert root.find(f".//{SVG}g[@data-ui='turn']") is None
    assert root.find(f".//{SVG}g[@data-card]") is None
    texts = [t.text for t in root.iter(SVG + "text")]
    assert any(t and "to score it next" in t for t in texts)
    for r in runs:
        targets = [g for g in root.iter(SVG + "g") if g.get("data-action") == f"score {r}"]
        assert len(targets) == 2  # the line on the house and its button
        assert pick_label(r) in texts
        assert all(f"gk-t-{r.type}" in g.get("class") for g in targets)
    assert {pick_label(r) for r in runs} >= {"pond row of 4", "garden row of 3"}
    marked = [g for g in root.iter(SVG + "g") if "gk-marked" in (g.get("class") or "")]
    assert {g.get("data-action") for g in marked} == {sc.actions[1]}


def test_a_board_without_placing_shows_the_house_without_the_wide_margin():
    s = dealt()
    wide = parse(render_board(R.view(s, 0), uid="t4"))
    tight = parse(render_board(R.view(s, 0), uid="t5", clickable=False))
    assert float(tight.get("height")) < float(wide.get("height"))
