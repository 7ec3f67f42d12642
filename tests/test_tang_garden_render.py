"""Tang Garden drawings: well-formed SVG of every kind of moment, terrains told apart by pattern,
the garden's pieces where the state has them, clickable targets exactly the engine's, phone reflow,
tap areas and theme colours through the shared mechanisms."""
import random
import re
import xml.dom.minidom
import xml.etree.ElementTree as ET

import gardenkit
import pytest

from gardenkit.games.tang_garden import TangGardenRules
from gardenkit.games.tang_garden.setups import position
from gardenkit.render.svg import SvgStr
from gardenkit.render.tang_garden import (
    DECO_CODES, TERRAIN_STYLE, render_board, render_player, render_stacks, render_state, render_tile, tang_defs,
)
from test_render_layout import moved  # a reflow group's offsets and scale

SVG = "{http://www.w3.org/2000/svg}"

R = TangGardenRules()
SLOTS = {("N", "l1"): "L1", ("N", "l2"): "L2", ("N", "s2"): "S4", ("E", "s2"): "S5", ("S", "s2"): "S6",
         ("W", "s2"): "S7"}


def parse(svg):
    return xml.dom.minidom.parseString(svg)


def played(players, seed, steps):
    rnd = random.Random(seed)
    s = R.initial_state(players=players, seed=seed)
    out = []
    for _ in range(steps):
        if R.is_terminal(s):
            break
        if R.current_player(s) is gardenkit.CHANCE:
            s = R.step_chance(s)
        else:
            s = R.apply(s, rnd.choice(R.legal_actions(s)))
        out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_moment_of_a_random_game_draws_well_formed(players):
    states = played(players, players, 500)
    for s in states[::25] + states[-1:]:
        svg = render_state(R.view(s))
        assert isinstance(svg, SvgStr) and svg._repr_svg_() == svg
        parse(svg)
        for p in range(players):
            parse(render_state(R.view(s, p)))
            if isinstance(R.current_player(s), int):
                parse(render_board(R.view(s, p), targets=R.targets(s)))


def same_drawing(a, b):
    """Two drawings alike but for their element-id prefix (each drawing takes a fresh one)."""
    return re.sub(r"gk\d+", "gk", a) == re.sub(r"gk\d+", "gk", b)


def test_repr_svg_of_a_state_is_its_drawing():
    s = played(2, 5, 40)[-1]
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and "gk-status" in svg and same_drawing(svg, render_state(R.view(s)))
    parse(svg)
    solo = R.initial_state(players=1, seed=3, solo=True)
    assert same_drawing(solo._repr_svg_(), render_state(R.view(solo)))
    seen = R.observe(s, 0)
    assert same_drawing(seen._repr_svg_(), render_state(R.view(seen)))


def test_the_five_terrains_have_five_patterns_not_only_colours():
    defs = tang_defs("u")
    ids = re.findall(r'<pattern id="u-([a-z]+)"', defs)
    assert ids == ["greenery", "water", "rock", "footpath", "wall"]
    shapes = [re.search(rf'<pattern id="u-{t}".*?</pattern>', defs).group(0) for t in ids]
    marks = [re.sub(r'fill="#[0-9a-f]+"|stroke="#[0-9a-f]+"', "", re.sub(r"<rect[^>]*/>", "", m, count=1))
             for m in shapes]
    assert len(set(marks)) == 5  # the marks differ with the colours taken away
    assert len({TERRAIN_STYLE[t][0] for t in ids}) == 5


def test_a_tile_is_drawn_edge_by_edge_with_its_terrains_turned():
    comps = position().components
    svg = render_tile(2, 90)
    edges = comps.tile(2).turned(90)
    fills = re.findall(r'fill="url\(#[a-z0-9]+-([a-z]+)\)"', svg)
    assert fills[:4] == list(edges)
    assert "N footpath" in svg and "a character spot" in svg


def test_the_garden_shows_tiles_decorations_tokens_slots_and_characters():
    s = position(tiles={"c4": (2, 0), "d3": (3, 0)}, cards={0: ("pine/any",)}, decos=(("c4", "pine"),),
                 own={0: "hermit", 1: "poet"}, slots=SLOTS, placed=(("emperor", 0, "d3", "tile", "N"),))
    svg = render_state(R.view(s))
    assert 'data-space="c4" data-tile="2" data-rot="0"' in svg
    assert 'data-deco="c4 pine"' in svg and f">{DECO_CODES['pine']}<" in svg
    for x, y, size in s.board_tokens:
        assert f'data-token="{"abcdefgh"[x]}{y + 1}"' in svg
    assert len(re.findall(r'data-slot="[NESW] [ls][123]"', svg)) == 20
    assert 'data-slot="N l1"' in svg and "L1" in svg
    assert 'data-char="emperor" data-facing="N"' in svg
    sight = re.findall(r'<path class="gk-gsight" d="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)"', svg)
    assert len(sight) == 1
    x1, y1, x2, y2 = map(float, sight[0])
    assert x1 == x2 and y2 < y1  # facing north: the line runs up the column
    assert 'data-start="a"' in svg


def test_the_stacks_show_their_face_up_tops_and_backs():
    s = position(tops={0: 2, 1: 0})
    svg = render_stacks(s)
    assert re.search(r'data-stack="greenery"><rect class="gk-gbg"', svg) and "tile 2 (greenery stack)" in svg
    assert re.search(r'data-stack="water" data-facedown="1"', svg)
    assert "greenery · " in svg


def test_a_players_board_shows_tracks_thresholds_lanterns_tokens_and_cards():
    s = position(tracks={0: (4, 2, 7)}, lanterns={0: (True, False, True, True)}, held={0: (1, 2)},
                 tokens=["d2", "e2", "b4", "g4"], cards={0: ("pine/any",)}, decos=(("c4", "pine"),),
                 tiles={"c4": (2, 0)}, own={0: "hermit", 1: "poet"})
    svg = render_player(R.view(s), 0)
    parse(svg)
    comps = s.components
    assert svg.count('class="gk-gthr"') == 3 * len(comps.thresholds)
    for level, coins in comps.coin_bonuses.items():
        assert f">+{coins}<" in svg
    assert 'greenery: level 4 of 10' in svg and 'rock: level 7 of 10' in svg
    assert re.search(r'class="gk-glantern gk-gused" data-lantern="0 decorate2"', svg)
    assert re.search(r'class="gk-glantern" data-lantern="0 build2"', svg)
    assert "Tokens held: 1 large, 2 small" in svg and "Cards: pine" in svg and "On the card: Hermit" in svg


def test_the_solo_player_board_shows_the_solo_lanterns():
    from gardenkit.games.tang_garden.components import LANTERNS, SOLO_LANTERNS

    s = R.initial_state(players=1, seed=3)
    svg = render_player(R.view(s), 0)
    parse(svg)
    drawn = re.findall(r'data-lantern="0 ([a-z_0-9]+)"', svg)
    assert drawn == list(SOLO_LANTERNS) and not set(drawn) & set(LANTERNS)
    assert "lantern: lay the tile only (face up)" in svg
    # no player board in the solo game: no element tracks, and a line that says so
    assert "data-track=" not in svg and 'data-solo-tracks="none"' in svg
    assert "data-track=" in render_player(R.view(R.initial_state(players=2, seed=3)), 0)


def test_the_board_draws_exactly_the_targets_it_is_given():
    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    targets = R.targets(s, (2, 0))
    svg = render_board(R.view(s, 0), targets=targets, picked_tile=2)
    drawn = set(re.findall(r'data-action="([^"]+)"', svg))
    assert drawn == {t.action for t in targets}
    assert 'data-pick="tile:2"' in svg and 'data-ui="turn"' in svg
    picture = render_board(R.view(s, 0), targets=targets, picked_tile=2, clickable=False, style=False)
    assert 'data-action="' not in picture and 'data-pick="' not in picture


def test_on_a_phone_the_column_goes_under_the_board_and_buttons_have_tap_areas():
    from gardenkit.render.tang_garden import CELL, COLUMN_W, MARGIN, PHONE_COLUMN_W

    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    svg = render_board(R.view(s, 0), buttons=[t for t in R.targets(s) if not t.at])
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "gk-reflow"]
    (column,) = [g for g in groups if g.find(f".//{SVG}g[@data-player]") is not None]
    dx, dy, grow = moved(column)
    # under the garden, as wide as the garden and its slots: drawn 1.5 times as large there
    assert abs(grow - PHONE_COLUMN_W / COLUMN_W) < 1e-4 and 1.4 < grow < 1.6
    garden_right = 8 + MARGIN + 8 * CELL + MARGIN
    sx = garden_right + 14  # where the column is drawn beside the garden
    assert abs(dx + grow * sx - 8) < 0.01 and dy + grow * 30 > garden_right  # its left edge at 8, under the garden
    width = float(root.get("width"))
    scale = 390 / (garden_right + 6)  # a phone shows what stays in view: the garden and its slots
    in_column = set(column.iter())
    for hit in root.iter(f"{SVG}rect"):  # every tap area a finger wide on the phone, the column's scaled
        if hit.get("class") == "gk-hit":
            k = grow * scale if hit in in_column else scale
            assert min(float(hit.get("width")), float(hit.get("height"))) * k >= 24, ET.tostring(hit)
    assert 56 * scale >= 24  # a garden space
    assert width > garden_right + 14 + COLUMN_W


def test_on_a_phone_the_frames_words_come_first_under_the_garden_and_only_there():
    from gardenkit.render.tang_garden import frame_words

    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    assert s.slots and frame_words(s)
    root = ET.fromstring(render_board(R.view(s, 0)))
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "gk-reflow"]
    assert len(groups) == 2
    words, column = groups
    block = words.find(f"{SVG}g")
    assert "gk-phone-only" in block.get("class").split() and block.get("data-frame-words") == "1"
    assert " ".join(t.text for t in block.iter(f"{SVG}text")).replace("  ", " ").startswith("The frame: N: ")
    # moved like the column, which follows it by the block's height (scaled)
    wx, wy, wk = moved(words)
    cx, cy, ck = moved(column)
    assert (wx, wk) == (cx, ck) and cy - wy >= ck * 15 * len(block.findall(f"{SVG}text"))
    # each filled slot's icon words are the slot's gk-gsword texts (hidden on a phone)
    slot = next(g for g in root.iter(f"{SVG}g") if "gk-gfull" in (g.get("class") or "").split())
    assert [t.get("class") for t in slot.findall(f"{SVG}text")][1:] == ["gk-gsword"] * (len(slot.findall(f"{SVG}text")) - 1)


def test_text_on_the_page_follows_the_theme():
    from gardenkit.render.tang_garden import TANG_CSS

    for cls in ("gk-ghead", "gk-gtx", "gk-gsmall", "gk-glabel"):
        rule = re.search(rf"\.{cls}\{{[^}}]*\}}", TANG_CSS).group(0)
        assert "var(--gk-" in rule, cls


def test_characters_say_in_words_what_they_score_on_hover():
    s = position(tiles={"d3": (3, 0)}, own={0: "hermit", 1: "poet"}, slots=SLOTS, shown=("lady", "officer"),
                 placed=(("emperor", 0, "d3", "tile", "N"),))
    svg = render_state(R.view(s))
    comps = s.components
    standing = re.search(r'<g class="gk-gchar" data-char="emperor"[^>]*><title>([^<]*)</title>', svg).group(1)
    assert standing.endswith("facing N; at the end it " + comps.sight_words("emperor"))
    on_view = re.search(r'<g class="gk-gchars"><title>([^<]*)</title>', svg).group(1)
    for cid in ("lady", "officer"):
        assert comps.sight_words(cid) in on_view and comps.character(cid).name + ": " in on_view
    assert "{" not in standing + on_view
    parse(svg)


def test_a_solo_neutral_figure_says_it_scores_nothing():
    s = R.initial_state(players=1, seed=3)
    while not any(owner < 0 for _c, owner, *_ in s.placed):  # play on until the neutral figure stands
        s = R.step_chance(s) if R.current_player(s) is gardenkit.CHANCE else R.apply(s, R.legal_actions(s)[0])
    cid, _o, x, y, where, facing = next(q for q in s.placed if q[1] < 0)
    title = re.search(rf'<g class="gk-gchar" data-char="{cid}"[^>]*><title>([^<]*)</title>', render_state(R.view(s))).group(1)
    assert title == (f"{s.components.character(cid).name} (a neutral figure) on the {where} spot of "
                     f"{'abcdefgh'[x]}{y + 1}, facing {facing}; it scores nothing")
