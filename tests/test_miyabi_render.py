"""Miyabi as SVG: well-formed drawings of every phase, and what they show agrees with the engine
(heights, objects, lanterns, Zen tiles, the frog, legal spots and their points, final scoring)."""
from __future__ import annotations

import dataclasses
import random
import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

import pytest

import gardenkit
from gardenkit.games.miyabi.actions import Pass
from gardenkit.games.miyabi.setups import position
from gardenkit.games.miyabi.state import FrogMarker
from gardenkit.render import miyabi as mr
from gardenkit.render.miyabi import (
    render_board, render_display, render_final, render_garden, render_state, status_line,
)
from gardenkit.render.svg import BODY_END, BODY_START, SvgStr, split_body

R = gardenkit.make("miyabi")
SVG = "{http://www.w3.org/2000/svg}"
ALL = dict(colorful=True, meadow=True, zen=True, seven=True, frog=True)
RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "rulebooks" / "miyabi.txt"
COLS = "abcdef"


def parse(svg: str):
    return ET.fromstring(svg)


def classes(el) -> set[str]:
    return set((el.get("class") or "").split())


def by_class(root, cls: str):
    return [el for el in root.iter() if cls in classes(el)]


@lru_cache(maxsize=None)
def game(players=2, seed=0, expansions=True):
    """Every state of one seeded random game, in order."""
    s = R.initial_state(players=players, seed=seed, **(ALL if expansions else {}))
    rnd = random.Random(seed)
    out = [s]
    while R.current_player(s) is not None:
        if R.current_player(s) is gardenkit.CHANCE:
            s = R.step_chance(s)
        else:
            s = R.apply(s, rnd.choice(R.legal_actions(s)))
        out.append(s)
    return tuple(out)


def first(pred, players=2, seed=0, expansions=True):
    return next(s for s in game(players, seed, expansions) if pred(s))


def mid_game(players=2, seed=0):
    """A turn of round 3 (gardens with layers, Zen tiles, frogs, lit lanterns)."""
    return first(lambda s: s.round == 3 and s.phase == "turn" and isinstance(R.current_player(s), int)
                 and s.lanterns[s.to_move], players, seed)


# ----- well-formed, every phase -----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("expansions", [True, False])
def test_repr_svg_of_every_phase_is_well_formed(players, expansions):
    seen = {}
    for s in game(players, players, expansions):
        seen.setdefault(s.phase, s)
        if s.phase == "turn" and s.zen_reveal and s.zen_pile:
            seen.setdefault("zen_reveal", s)
    want = {"deal", "turn", "over"} | ({"frog_start", "after"} if expansions else set())
    assert want <= set(seen)
    for phase, s in seen.items():
        svg = s._repr_svg_()
        root = parse(svg)
        assert root.tag == SVG + "svg", phase
        assert len(by_class(root, "gk-garden")) == players
        for p in range(players):
            assert f"Player {p + 1}" in svg
        assert status_line(R.view(s)).split(":")[0] in svg


def test_every_renderer_returns_svgstr():
    s = mid_game()
    for svg in (render_state(R.view(s)), render_garden(s, 0), render_garden(s.gardens[1]), render_display(s),
                render_board(R.view(s, 0)), render_final(R.view(s, finals=True))):
        assert isinstance(svg, SvgStr) and svg._repr_svg_() == svg
        parse(svg)


# ----- the garden ---------------------------------------------------------------------------------
def square_of(rect):
    m = re.match(r"([a-f])([1-6]): ", rect.find(SVG + "title").text)
    return COLS.index(m.group(1)), int(m.group(2)) - 1


def garden_squares(root):
    """square -> (rect, title text) of one garden drawing."""
    out = {}
    for rect in by_class(root, "gk-msq"):
        t = rect.find(SVG + "title")
        if t is not None:
            out[square_of(rect)] = (rect, t.text)
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_layer_numbers_and_objects_match_the_garden(seed):
    s = game(2, seed)[-1]  # the end: full gardens
    for p in range(2):
        g = s.gardens[p]
        root = parse(render_garden(s, p))
        squares = garden_squares(root)
        assert len(squares) == 36
        # a layer number sits in the bottom-right corner of every square with tiles on it
        numbers = {}
        for t in by_class(root, "gk-mlayer"):
            numbers[(float(t.get("x")), float(t.get("y")))] = int(t.text)
        for (x, y), (rect, tip) in squares.items():
            h = g.height(x, y)
            X, Y, c = float(rect.get("x")), float(rect.get("y")), float(rect.get("width"))
            assert numbers.pop((X + c - 2.5, Y + c - 3), 0) == h, (x, y)
            assert f"layer {h}" in tip
            vis = g.visible(x, y)
            if vis:
                kind, n = vis
                assert re.search(rf"\b{n} {kind}", tip), tip
        assert not numbers
        # objects as count + letter, as many badges as squares showing objects
        shown = sorted(t.text for t in by_class(root, "gk-mobj") if t.text[0].isdigit())
        letters = dict(zip(s.components.kinds, s.components.letters))
        want = sorted(f"{v[1]}{letters[v[0]]}" for x in range(6) for y in range(6) if (v := g.visible(x, y)))
        assert shown == want


def test_tooltip_names_square_layer_and_objects():
    s = position(gardens={0: ["71@a3", "43@b3"]}, display=[1, 2, 3, 4])
    svg = render_garden(s, 0)
    assert "b3: layer 2, 2 fish (tile 43)" in svg
    assert "a3: layer 1, 3 fish (tile 71)" in svg
    assert "c3: layer 2, empty green (tile 43)" in svg
    assert "d3: bare board (layer 0)" in svg


def test_row_labels_name_kind_letter_and_both_row_values():
    s = mid_game()
    root = parse(render_garden(s, 0))
    rows = root.findall(f".//{SVG}g[@data-row]")
    assert len(rows) == 6
    for y, g in enumerate(rows):
        text = " ".join(t.text for t in g.iter(SVG + "text"))
        kind, letter, (a, b) = s.components.kinds[y], s.components.letters[y], s.components.row_values[y]
        assert kind in text and letter in text and f"{a} / {b}" in text and str(y + 1) in text


def test_tile_outlines_follow_the_pieces():
    s = position(gardens={0: ["71@a3", "43@b3"]}, display=[1, 2, 3, 4])
    root = parse(render_garden(s, 0))
    (path,) = by_class(root, "gk-mtile")
    # piece 71 shows only a3 now (b3, c3 are under 43): a3 is boxed on 4 sides, 43 (b3-c3) on 6 edges
    assert len(re.findall(r"M", path.get("d"))) == 4 + 6


@pytest.mark.parametrize("seed", [0, 3])
def test_lantern_fields_match_the_state(seed):
    for s in game(3, seed)[::25]:
        for p in range(3):
            root = parse(render_garden(s, p))
            fields = root.findall(f".//{SVG}g[@data-col]")
            assert [f.get("data-col") for f in fields] == list(COLS)
            for x, f in enumerate(fields):
                lit = "gk-mlit" in classes(f)
                assert lit == (not s.lantern_free(p, x))
                assert ("gk-mfree" in classes(f)) == s.lantern_free(p, x)
                assert len(f.findall(f".//{SVG}rect")) == (4 if lit else 1)  # the field; lit: + lamp body, window, foot


def test_bare_garden_takes_frog_and_lanterns_as_arguments():
    g = position(gardens={0: ["38@b2", "6@b2"]}).gardens[0]
    root = parse(render_garden(g, lanterns="ab", frog=FrogMarker(1, 1, True)))
    lit = [f.get("data-col") for f in root.findall(f".//{SVG}g[@data-col]") if "gk-mlit" in classes(f)]
    assert lit == ["a", "b"]
    assert len(by_class(root, "gk-frog-golden")) == 1
    assert not parse(render_garden(g)).findall(f".//{SVG}g[@data-col]")  # no lanterns given: no fields


def test_zen_tiles_and_frog_appear_with_text_not_only_colour():
    s = position(gardens={0: ["Z11@b5", "23@a5", "24@c5", "48@a4", "28@b6", "Z1@a1"]}, display=[2, 3, 4, 5],
                 frogs={0: ("d4", False), 1: ("a1", True)}, zen=True, frog=True)
    root = parse(render_garden(s, 0))
    zen = by_class(root, "gk-mzen")
    assert len(zen) == 2
    marks = sorted(t.text for t in by_class(root, "gk-mzenmark"))
    assert marks == ["Z", "Z✓"]  # b5 is surrounded (and scored), a1 is not
    squares = garden_squares(root)
    assert "Zen tile Z11" in squares[(1, 4)][1] and "surrounded and scored" in squares[(1, 4)][1]
    assert "not surrounded yet" in squares[(0, 0)][1]
    assert squares[(1, 4)][0].get("fill").endswith("-zen)")
    (frog,) = by_class(root, "gk-frog")
    assert "gk-frog-silver" in classes(frog) and "silver frog on d4" in frog.find(SVG + "title").text
    assert "frog: silver, on d4" in render_garden(s, 0)
    golden = parse(render_garden(s, 1))
    (frog,) = by_class(golden, "gk-frog")
    assert "gk-frog-golden" in classes(frog) and by_class(frog, "gk-crown")
    assert "frog: golden (crowned), on a1" in render_garden(s, 1)


def test_kinds_are_told_apart_by_letter_and_pattern():
    s = mid_game()
    svg = render_garden(s, 0)
    root = parse(svg)
    ids = {p.get("id").rsplit("-", 1)[1] for p in root.iter(SVG + "pattern")}
    assert ids == {"k0", "k1", "k2", "k3", "k4", "k5", "zen"}
    for badge in by_class(root, "gk-mbadge"):
        assert re.fullmatch(r"url\(#gk\d+-k[0-5]\)", badge.get("fill"))


# ----- the display ---------------------------------------------------------------------------------
def test_every_display_tile_is_pickable_and_the_picked_one_is_highlighted():
    s = first(lambda s: s.phase == "turn" and s.zen_display and R.current_player(s) == s.to_move)
    sel = s.display[-1]
    root = parse(render_display(s, selected=sel, rot=90))
    picks = [g.get("data-pick") for g in root.iter() if g.get("data-pick")]
    assert picks == [str(t) for t in s.display] + [f"Z{z}" for z in s.zen_display]
    chosen = [g.get("data-pick") for g in by_class(root, "gk-selected")]
    assert chosen == [str(sel)]
    # each tile's object square carries count + letter
    comps = s.components
    for g in root.iter():
        v = g.get("data-pick")
        if v and not v.startswith("Z"):
            t = comps.tile(int(v))
            label = [x.text for x in by_class(g, "gk-mtobj")]
            assert label == [f"{t.objects}{comps.letters[comps.row_of(t.kind)]}"]
            assert len(by_class(g, "gk-msq")) + len(by_class(g, "gk-mgreen")) == len(t.cells)
    root = parse(render_display(s, selected=f"Z{s.zen_display[0]}"))
    assert [g.get("data-pick") for g in by_class(root, "gk-selected")] == [f"Z{s.zen_display[0]}"]


def test_display_shows_bonus_tiles_left_and_the_bonsai_holder():
    s = position(display=[1, 2, 3, 4], bonuses=["pagoda", "stone"], to_move=1)
    svg = render_display(s)
    root = parse(svg)
    kinds = [g.get("data-kind") for g in by_class(root, "gk-mbonus")]
    assert kinds == ["pagoda", "stone"]
    pts = [g.findall(f"{SVG}text")[-1].text for g in by_class(root, "gk-mbonus")]
    assert pts == [str(s.components.bonus[1]), str(s.components.bonus[5])]
    assert f"Player {s.start + 1}" in svg and "bonsai" in svg


def test_not_clickable_display_has_no_picks():
    s = mid_game()
    assert "data-pick" not in render_display(s, clickable=False)
    assert "data-pick" not in render_state(R.view(s))


# ----- the board -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1])
def test_every_legal_spot_parses_is_legal_and_shows_the_engines_points(seed):
    s = mid_game(seed=seed)
    p = s.to_move
    checked = 0
    for tile in s.display:
        for rot in (0, 90, 180, 270):
            spots = R.targets(s, (tile, rot))
            root = parse(render_board(R.view(s, p), selected=tile, rot=rot, spots=spots))
            rects = [e for e in by_class(root, "gk-spot") if "gk-illegal" not in classes(e)]
            legal = {str(a) for a in R.placements(s, tile, rot)}
            assert {e.get("data-action") for e in rects} == legal
            for e in rects:
                a = R.parse_action(s, e.get("data-action"))
                assert R.why_illegal(s, a) is None
                checked += 1
            badges = [b.text for b in by_class(root, "gk-badge")]
            assert badges == [f"+{sp.points}" for sp in spots if sp.points]
            for e in by_class(root, "gk-illegal"):
                assert R.why_illegal(s, R.parse_action(s, e.get("data-action"))) is not None
    assert checked


def test_spots_sit_on_the_object_square_of_the_action():
    s = position(display=[68, 1, 43, 90])
    spots = R.targets(s, (43, 0))
    root = parse(render_board(R.view(s, 0), selected=43, spots=spots))
    squares = {square_of(r): r for r in by_class(root, "gk-msq") if r.find(SVG + "title") is not None}
    for e in by_class(root, "gk-spot"):
        a = R.parse_action(s, e.get("data-action"))
        rect = squares[(a.x, a.y)]
        if e.tag == SVG + "rect":
            assert e.get("transform") == f"translate({float(rect.get('x')):g} {float(rect.get('y')):g})"


def test_targets_give_engine_points_and_refused_spots_for_the_rest_of_the_row():
    s = position(gardens={0: ["71@a3"]}, display=[43, 2, 17, 60], lanterns={0: "e"})
    spots = R.targets(s, (43, 0))
    assert {sp.at[0] for sp in spots} == set(range(6)) and {sp.at[1] for sp in spots} == {2}
    for sp in spots:
        a = R.parse_action(s, sp.action)
        assert (a.x, a.y) == sp.at
        if sp.points is None:
            assert R.why_illegal(s, a) is not None and sp.reason == R.why_illegal(s, a)
        else:
            assert R.why_illegal(s, a) is None and sp.points == R.action_points(s, a) and sp.reason is None
    assert R.targets(s, (999, 0)) == () and R.targets(s, ("Z3", 0)) == () and R.targets(s) == ()


def test_zen_spots_and_ghost():
    s = position(gardens={0: ["Z11@b5", "23@a5", "24@c5"]}, display=[2, 3, 4, 5], zen_display=[9, 1, 5, 14, 16],
                 zen=True)
    spots = R.targets(s, ("Z9", 0))
    legal = {str(a) for a in R.zen_placements(s) if a.zen == 9}
    assert {sp.action for sp in spots if sp.points is not None} == legal
    svg = render_board(R.view(s, 0), selected="Z9", spots=spots)
    root = parse(svg)
    assert by_class(root, "gk-ghost") and by_class(root, "gk-mghost")
    assert [g.get("data-pick") for g in by_class(root, "gk-selected")] == ["Z9"]


def test_ghost_is_the_picked_tile_turned():
    s = position(display=[68, 1, 43, 90])
    for rot in (0, 90):
        root = parse(render_board(R.view(s, 0), selected=90, rot=rot, spots=R.targets(s, (90, rot))))
        (ghost,) = by_class(root, "gk-mghost")
        cells = sorted((round(float(r.get("x")) / mr.CELL), round(float(r.get("y")) / mr.CELL))
                       for r in ghost.iter(SVG + "rect"))
        assert cells == sorted(s.components.tile(90).footprint(rot))
        (use,) = by_class(root, "gk-ghost")
        assert use.get("visibility") == "hidden" and use.get("href") == f"#{ghost.get('id')}"


def test_board_root_carries_the_version_and_the_garden_is_the_body():
    s = mid_game()
    p = s.to_move
    uid = "gkbtest"
    a = render_board(R.view(s, p), uid=uid, version=7)
    assert re.match(r'<svg [^>]*data-version="7"', a)
    assert a.count(BODY_START) == 1 and a.count(BODY_END) == 1
    head, body, tail = split_body(a)
    assert 'class="gk-garden"' in body and 'data-pick' not in body and "data-action" not in body
    # a pick, a turn, spots and a ring change the head and tail only
    tile = s.display[0]
    spots = R.targets(s, (tile, 90))
    marked = next((sp.action for sp in spots if sp.points is not None), None)
    b = render_board(R.view(s, p), uid=uid, version=8, selected=tile, rot=90, spots=spots, marked=marked)
    assert split_body(b)[1] == body
    assert split_body(render_board(R.view(s, p), uid=uid, style=False, patterns=False))[1] == body
    # the whole drawing parses, with the patterns left out for a widget that keeps them once
    lean = render_board(R.view(s, p), uid=uid, style=False, patterns=False)
    root = parse(lean)
    assert not root.findall(f".//{SVG}pattern") and not root.findall(f".//{SVG}style")
    assert 'id="gkbtest-k0"' in mr.miyabi_pattern_defs(uid)


def test_rotate_button_and_engine_controls():
    s = mid_game()
    p = s.to_move
    turning = next(t for t in s.display if len(s.components.tile(t).rotations) > 1)
    root = parse(render_board(R.view(s, p), selected=turning))
    assert [e.get("data-ui") for e in root.iter() if e.get("data-ui")] == ["rotate"]
    single = next((t for t in s.display if s.components.tile(t).shape == "single"), None)
    for one_way in ([single] if single else []) + [None]:  # a single lies one way; nothing picked: nothing to turn
        assert not [e for e in parse(render_board(R.view(s, p), selected=one_way)).iter() if e.get("data-ui")]
    actions = {e.get("data-action") for e in root.iter() if e.get("data-action")}
    assert "pass" not in actions and "end" not in actions  # tiles still fit: the engine refuses both
    # a position where nothing fits: the engine allows pass, and the board offers it
    s2 = first(lambda t: isinstance(R.current_player(t), int) and t.phase == "turn" and Pass() in R.legal_actions(t))
    root = parse(render_board(R.view(s2, s2.to_move)))
    buttons = [e.get("data-action") for e in by_class(root, "gk-btn") if e.get("data-action")]
    assert buttons == ["pass"]
    # after a turn (the frog may still move): "end" and the frog's targets
    s3 = first(lambda t: t.phase == "after" and R.frog_moves(t))
    root = parse(render_board(R.view(s3, s3.to_move)))
    assert [e.get("data-action") for e in by_class(root, "gk-btn") if e.get("data-action")] == ["end"]
    assert not [e for e in root.iter() if e.get("data-ui")]
    targets = sorted(e.get("data-action") for e in by_class(root, "gk-frog-target"))
    assert targets == sorted(str(a) for a in R.frog_moves(s3))
    for t in targets:
        assert R.why_illegal(s3, R.parse_action(s3, t)) is None
    # not the shown player's turn, or a picture: no controls, no targets
    other = (s3.to_move + 1) % s3.players
    root = parse(render_board(R.view(s3, other)))
    assert not by_class(root, "gk-frog-target") and not [e for e in by_class(root, "gk-btn")]
    assert "data-action" not in render_board(R.view(s3, s3.to_move), clickable=False)


def test_frog_start_offers_every_square():
    s = first(lambda t: t.phase == "frog_start")
    root = parse(render_board(R.view(s, s.to_move)))
    targets = {e.get("data-action") for e in by_class(root, "gk-frog-target")}
    assert targets == {str(a) for a in R.legal_actions(s)} and len(targets) == 36


def test_marked_spot_is_ringed_and_its_ghost_drawn():
    s = position(display=[68, 1, 43, 90])
    spots = R.targets(s, (68, 0))
    mark = next(sp.action for sp in spots if sp.points is not None)
    root = parse(render_board(R.view(s, 0), selected=68, spots=spots, marked=mark))
    ringed = [e.get("data-action") for e in by_class(root, "gk-marked")]
    assert ringed == [mark]
    assert by_class(root, "gk-ghost-mark")


def test_the_board_draws_the_engines_targets_in_any_sequence():
    s = position(display=[68, 1, 43, 90])
    spots = R.targets(s, (68, 0))
    as_list = render_board(R.view(s, 0), selected=68, spots=list(spots), uid="gkt")
    assert as_list == render_board(R.view(s, 0), selected=68, spots=spots, uid="gkt")
    root = parse(as_list)
    assert len(by_class(root, "gk-spot")) == 6


# ----- the final scoring ------------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (4, 2)])
def test_final_table_numbers_match_the_engine(players, seed):
    for s in (game(players, seed)[-1], mid_game(players, seed)):
        root = parse(render_final(R.view(s, finals=True)))
        for p in range(players):
            lines = R.final_lines(s, p)
            cells = [g for g in by_class(root, "gk-fres") if g.get("data-player") == str(p)]
            rows = [g for g in cells if g.get("data-count") is not None]
            assert len(rows) == 6
            for y, g in enumerate(rows):
                assert int(g.get("data-count")) == s.gardens[p].row_objects(y)
                want = sum(ln.points for ln in lines if ln.text.startswith(f"row {y + 1} ("))
                assert int(g.get("data-points")) == want
            total = sum(int(g.get("data-points")) for g in cells)
            assert total == sum(ln.points for ln in lines)
            final = [e for e in root.iter() if e.get("data-total") == "final"][0]
            (txt,) = [t for t in final.iter(SVG + "text") if t.get("data-player") == str(p)]
            assert int(txt.text) == total
            tot = [e for e in root.iter() if e.get("data-total") == "total"][0]
            (txt,) = [t for t in tot.iter(SVG + "text") if t.get("data-player") == str(p)]
            want = s.scores[p] if s.phase == "over" else s.scores[p] + total
            assert int(txt.text) == want


def test_final_table_names_the_place_and_lists_each_expansion_in_play():
    s = game(2, 0)[-1]
    svg = render_final(R.view(s, finals=True))
    root = parse(svg)
    rules_shown = [g.get("data-rule") for g in root.iter() if g.get("data-rule")]
    assert rules_shown == ["miyabi.colorful.group", "miyabi.meadow.group", "miyabi.seven.lines"]
    for p in range(2):
        for line in R.final_lines(s, p):
            if line.rule.startswith("miyabi.end."):
                place = "2nd" if "second" in line.text else "1st"
                assert f"{place} +{line.points}" in svg
    plain = game(2, 0, False)[-1]
    assert not [g for g in parse(render_final(R.view(plain, finals=True))).iter() if g.get("data-rule")]


def test_final_table_reads_each_lines_subject_and_rank_not_its_words():
    s = game(2, 0)[-1]

    # the rules' answer with every final line's words replaced: the table must not change
    view = R.view(s, finals=True)
    reworded_view = dataclasses.replace(view, finals=tuple(
        tuple(dataclasses.replace(ln, text=f"line {i}") for i, ln in enumerate(lines)) for lines in view.finals))

    def cells(svg):
        return [(g.get("data-player"), g.get("data-points"), [r.get("class") for r in g.iter(SVG + "rect")])
                for g in by_class(parse(svg), "gk-fres")]

    plain, reworded = render_final(view), render_final(reworded_view)
    assert cells(reworded) == cells(plain)
    words = lambda svg: [t.text for t in parse(svg).iter(SVG + "text") if t.text and "line " not in t.text]  # noqa: E731
    assert words(reworded) == words(plain)


def test_over_state_shows_the_winner_and_the_final_table():
    s = game(2, 1)[-1]
    svg = render_state(R.view(s))
    o = R.outcome(s)
    assert f"Player {o.winners[0] + 1}" in status_line(R.view(s)) and status_line(R.view(s)) in svg
    assert by_class(parse(svg), "gk-final")


# ----- our own words -------------------------------------------------------------------------------------
@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook not beside the repository")
def test_drawings_and_module_do_not_copy_rulebook_sentences():
    words = lambda t: re.findall(r"[a-z0-9']+", t.lower())  # noqa: E731
    book = words(RULEBOOK.read_text())
    grams = {tuple(book[i:i + 12]) for i in range(len(book) - 11)}
    s = game(3, 0)[-1]
    mid = mid_game(3, 0)
    texts = [Path(mr.__file__).read_text(), render_state(R.view(s)), render_final(R.view(s, finals=True)),
             render_board(R.view(mid, mid.to_move), selected=mid.display[0], spots=R.targets(mid, (mid.display[0], 0)))]
    for text in texts:
        ours = words(re.sub(r"<[^>]+>", " ", text))
        copied = [" ".join(ours[i:i + 12]) for i in range(len(ours) - 11) if tuple(ours[i:i + 12]) in grams]
        assert not copied


def test_the_board_shows_the_final_scoring_once_the_game_is_over():
    over = game(3, 1)[-1]
    root = parse(render_board(R.view(over, 0)))
    assert len(by_class(root, "gk-final")) == 1
    counts = [int(g.get("data-count")) for g in by_class(root, "gk-fres")
              if g.get("data-player") == "2" and g.get("data-count") is not None]
    assert counts == [over.gardens[2].row_objects(y) for y in range(6)]
    assert not by_class(parse(render_board(R.view(mid_game(3, 1), 0))), "gk-final")  # not before
