"""Layout and theme of the drawings and widgets, without a browser (the browser checks are
tests/browser/test_layout_phone.py and test_theme_contrast.py).

- ``svg.reflow``: a group the board's front end moves where it has little room (a phone);
  Miyabi's display and buttons then go under the garden, Karesansui's piles two to a row with the
  garden under them and the right-hand column under the garden: checked on the drawings'
  coordinates with the offsets applied (nothing overlaps, everything starts at the left margin).
- The theme: every ``var(--gk-…)`` the stylesheets use has the light look as its fallback and a
  value under JupyterLab's dark theme (``THEME_CSS``, which takes it from the ``--jp-*`` variables).
- The score chart hands bqplot no NaN (a hidden total is left out of the lines and the legend).
- The game view's side panel and chart are never wider than the page; boards scale down to it.
"""
from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy
import pytest

import gardenkit
from gardenkit.render import karesansui as rk
from gardenkit.render import miyabi as rm
from gardenkit.render import samurai_gardener as rs
from gardenkit.render import tanuki as rt
from gardenkit.render.svg import BODY_END, BODY_START, SVG_CSS, THEME_CSS, hit, reflow, split_body
from gardenkit.widgets._html import PANEL_CSS

RS = gardenkit.make("samurai_gardener")

SVG = "{http://www.w3.org/2000/svg}"
NUM = re.compile(r"-?\d+(?:\.\d+)?")


def dealt(game: str, players: int | None = None, seed: int = 3):
    rules = gardenkit.make(game)
    s = rules.initial_state(players=players or rules.info.min_players, seed=seed)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    return rules, s


def moved(group) -> tuple[float, float, float]:
    """A reflow group's ``(dx, dy, scale)``: a point (x, y) in it lands on (dx + scale·x, dy + scale·y)."""
    dx, dy, *k = map(float, group.get("data-reflow").split())
    return dx, dy, (k[0] if k else 1.0)


def boxes(el, dx: float = 0.0, dy: float = 0.0, k: float = 1.0):
    """(x0, y0, x1, y1) of every rect under ``el`` (and of the paths' points), each reflow group's
    move (offset and scale) applied as the front end applies it."""
    out = []
    if el.get("class") == "gk-reflow":
        ox, oy, ok = moved(el)
        dx, dy, k = dx + k * ox, dy + k * oy, k * ok
    tag = el.tag.replace(SVG, "")
    if tag == "rect" and el.get("x") is not None:
        x, y, w, h = (float(el.get(a)) for a in ("x", "y", "width", "height"))
        out.append((dx + k * x, dy + k * y, dx + k * (x + w), dy + k * (y + h)))
    elif tag == "path" and el.get("d") and not re.search(r"[a-gi-uw-z]", el.get("d")):
        xs, ys = path_points(el.get("d"))
        if xs:
            out.append((dx + k * min(xs), dy + k * min(ys), dx + k * max(xs), dy + k * max(ys)))
    for child in el:
        out += boxes(child, dx, dy, k)
    return out


def path_points(d: str):
    """The points of a path of absolute M/L/H/V/Z commands (and relative h/v)."""
    xs, ys, x, y = [], [], 0.0, 0.0
    for cmd, args in re.findall(r"([MLHVZhv])([^MLHVZhv]*)", d):
        nums = [float(v) for v in NUM.findall(args)]
        if cmd in "ML":
            for i in range(0, len(nums) - 1, 2):
                x, y = nums[i], nums[i + 1]
                xs.append(x), ys.append(y)
        elif cmd in "Hh":
            for v in nums:
                x = v if cmd == "H" else x + v
                xs.append(x), ys.append(y)
        elif cmd in "Vv":
            for v in nums:
                y = v if cmd == "V" else y + v
                xs.append(x), ys.append(y)
    return xs, ys


def span(bs):
    return (min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs))


def reflow_groups(root):
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "gk-reflow"]


def test_reflow_wraps_a_group_that_may_hold_the_body_markers():
    svg = f'<svg xmlns="http://www.w3.org/2000/svg">{reflow(f"<text>a</text>{BODY_START}<g/>{BODY_END}", -300, 280)}</svg>'
    head, body, tail = split_body(svg)
    assert head.endswith('<g class="gk-reflow" data-reflow="-300 280"><text>a</text>') and body == "<g/>"
    root = ET.fromstring(head + body + tail)
    assert reflow_groups(root)[0].get("data-reflow") == "-300 280"


def test_miyabi_display_goes_under_the_garden_left_aligned():
    rules, s = dealt("miyabi")
    root = ET.fromstring(rm.render_board(rules.view(s, 0)))
    (group,) = reflow_groups(root)
    assert group.find(f".//{SVG}g[@data-pick]") is not None  # the display's tiles move with it
    placed = boxes(group)
    garden = span([b for b in boxes(root) if b not in placed])
    dx, dy, _k = moved(group)
    drawn = span([(x0 - dx, y0 - dy, x1 - dx, y1 - dy) for x0, y0, x1, y1 in placed])
    placed = span(placed)
    assert drawn[0] > garden[2]  # drawn beside the garden
    assert placed[1] >= garden[3] and abs(placed[0] - garden[0]) <= 8  # moved under it, at its left
    # the narrow drawing is about the garden's width: shown at ~0.93 of its size on a 390 px phone
    assert max(garden[2], placed[2]) <= 400


def test_karesansui_piles_two_to_a_row_then_the_garden_then_the_column():
    rules, s = dealt("karesansui", players=6)
    assert len(s.piles) == 5
    root = ET.fromstring(rk.render_board(rules.view(s, 0)))
    piles = [span(boxes(g)) for g in root.iter(f"{SVG}g") if g.get("class") == "gk-kwedgeg"]
    # with the offsets applied: the piles of each wrapper are placed where the wrapper says
    placed = []
    for i in range(5):
        wrapper = next((g for g in reflow_groups(root) if g.find(f"{SVG}g[@data-pile='{i + 1}']") is not None), None)
        dx, dy = map(float, wrapper.get("data-reflow").split()) if wrapper is not None else (0.0, 0.0)
        x0, y0, x1, y1 = piles[i]
        placed.append((x0 + dx, y0 + dy, x1 + dx, y1 + dy))
    for i, a in enumerate(placed):
        assert a[0] >= 0 and a[2] <= 8 + 2 * (rk.WEDGE_W + 8), (i, a)
        for b in placed[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], ("piles overlap", a, b)
    rows_bottom = max(p[3] for p in placed)
    garden = next(g for g in reflow_groups(root) if "Your garden" in "".join(g.itertext()))
    g_box = span(boxes(garden))
    assert g_box[1] >= rows_bottom  # the garden under the last row of piles
    column = [g for g in reflow_groups(root) if "round tracker" in "".join(g.itertext())]
    assert column and span(boxes(column[0]))[1] >= g_box[3]


def test_a_karesansui_board_with_two_piles_moves_only_the_column():
    rules, s = dealt("karesansui", players=3)
    root = ET.fromstring(rk.render_board(rules.view(s, 0)))
    groups = reflow_groups(root)
    assert len(groups) == 1 and "round tracker" in "".join(groups[0].itertext())


def test_every_theme_colour_has_a_light_fallback_and_a_dark_value():
    css = SVG_CSS + PANEL_CSS + rm.MIYABI_CSS + rk.KARESANSUI_CSS + rs.SAMURAI_CSS + rt.TANUKI_CSS
    # (--gk-scale is no colour: the scale a narrow drawing is shown at, which board.js sets)
    used = [u for u in re.findall(r"var\((--gk-[\w-]+)(,[^)]*)?\)", css) if u[0] != "--gk-scale"]
    assert used
    missing = sorted({name for name, fallback in used if not fallback})
    assert not missing, f"no light fallback: {missing}"
    dark = set(re.findall(r"(--gk-[\w-]+):", THEME_CSS))
    assert {name for name, _ in used} <= dark, sorted({name for name, _ in used} - dark)
    assert 'body[data-jp-theme-light="false"]' in THEME_CSS
    assert all("var(--jp-" in value for value in re.findall(r"--gk-(?:ink|ink2|head|panel|line):([^;]+);", THEME_CSS))


def test_text_on_the_page_follows_the_theme_and_text_on_pictures_stays_dark():
    # labels on the page background take --gk-ink…
    for css, cls in ((SVG_CSS, ".gk-tx"), (rm.MIYABI_CSS, ".gk-mrow"), (rm.MIYABI_CSS, ".gk-mhead"),
                     (rk.KARESANSUI_CSS, ".gk-khead"), (rk.KARESANSUI_CSS, ".gk-ktxb")):
        rule = re.search(re.escape(cls) + r"\{[^}]*\}", css)[0]
        assert "fill:var(--gk-ink" in rule, rule
    # …what is drawn on a light picture (a button, a pile, a deck card, a letter on a square) does not
    for css, cls in ((SVG_CSS, ".gk-btn text"), (SVG_CSS, ".gk-lt"), (rk.KARESANSUI_CSS, ".gk-kdeckg .gk-ktx"),
                     (rm.MIYABI_CSS, ".gk-mbonus text")):
        rule = re.search(re.escape(cls) + r"[^{]*\{[^}]*\}", css)[0]
        assert "fill:#" in rule and "var(--gk" not in rule, rule


def test_the_chart_hands_bqplot_no_nan_and_only_the_totals_it_may_show():
    from gardenkit.widgets.karesansui import KaresansuiGame

    g = KaresansuiGame(players=3, seed=5, bot_delay=0)
    rules = g.rules
    for _ in range(12):
        if rules.current_player(g.state) is None:
            break
        g.play(str(rules.legal_actions(g.state)[0]))
    known = rules.known_scores(rules.observe(g.state, g.seat))
    shown = [p for p in range(3) if known[p] is not None]
    assert any(x != x for row in g.chart_data() for x in row)  # hidden totals are NaN in the data…
    drawn = numpy.atleast_2d(g._lines.y)  # bqplot keeps a single line as a 1-d array
    assert not numpy.isnan(drawn).any()  # …never in what bqplot draws
    assert len(drawn) == len(g._lines.colors) == len(g._lines.labels) == len(shown) < 3
    assert list(g._lines.labels) == [f"P{p + 1}" for p in shown]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_chart_draws_one_line_per_player_even_at_a_lone_round(players):
    """bqplot squeezes what it is handed: one player's line of one point became a bare number it
    refused (the solo game view could not be made), and lines of one point each read as one line."""
    from gardenkit.widgets.chart import ScoreChart

    class Chart(ScoreChart):
        rules = gardenkit.make("tang_garden")

        def round_of(self, state):
            return 0

    chart = Chart()
    chart._make_chart(players)
    assert numpy.atleast_2d(chart._lines.y).shape == (players, 2)  # before any update too
    s = chart.rules.initial_state(players=players, seed=1)
    chart._update_chart(s, chart.rules.known_scores(s))
    assert chart.chart_data() == [[0]] * players  # the data: one round
    assert numpy.atleast_2d(chart._lines.y).shape == (players, 2) and list(chart._lines.x) == [0, 0]
    assert len(chart._lines.labels) == len(chart._lines.colors) == players


def test_the_game_view_fits_a_phone():
    from gardenkit.widgets.miyabi import MiyabiGame

    g = MiyabiGame(seed=1, bot_delay=0)
    side = next(c for c in g.main.children if "gk-side" in c._dom_classes)
    assert side.layout.width is None and side.layout.max_width == "440px" and side.layout.min_width == "0"
    assert g.chart.layout.max_width == "430px" and "100%" in g.chart.layout.width
    board_css = (Path(gardenkit.__file__).parent / "widgets" / "board.css").read_text()
    assert re.search(r"\.gk-board svg \{[^}]*max-width: 100%;[^}]*height: auto;", board_css)
    assert ".gk-other svg{display:block;max-width:100%;height:auto}" in PANEL_CSS


def test_tanuki_column_goes_under_the_garden_at_its_left():
    rules, s = dealt("tanuki")
    root = ET.fromstring(rt.render_board(rules.view(s, 0)))
    (group,) = reflow_groups(root)
    placed = boxes(group)
    garden = span([b for b in boxes(root) if b not in placed])
    dx, dy, k = moved(group)
    drawn = span([((x0 - dx) / k, (y0 - dy) / k, (x1 - dx) / k, (y1 - dy) / k) for x0, y0, x1, y1 in placed])
    placed = span(placed)
    assert drawn[0] > garden[2]  # drawn beside the garden (the dice, the Shiitake, the hand)
    assert placed[1] >= garden[3] and abs(placed[0] - 8) <= 2 * k + 0.01  # under it, at the left margin (a hand tile's frame)
    assert placed[2] <= garden[2]  # no wider than the garden: the garden sets the phone's scale
    # as wide as it may be: drawn ~1.45 times as large, so its words read on a phone at about their size
    assert 1.4 < k < 1.5 and abs(8 + k * rt.COLUMN_W - (garden[2] - 2)) <= 8


def test_a_tap_area_is_unseen_whatever_a_game_does_to_its_rects():
    assert hit(1, 2, 38, 40) == '<rect class="gk-hit" x="1" y="2" width="38" height="40"/>'
    rule = re.search(r"\.gk-hit\{[^}]*\}", SVG_CSS)[0]  # a rect or a polygon (hit_areas)
    assert "fill:transparent!important" in rule and "stroke:none!important" in rule
    # (Tanuki's buttons and chips colour their rects, refused ones grey and dashed)
    assert re.search(r"\.gk-btn\.gk-illegal rect\{fill:#", rt.TANUKI_CSS)


def _luminance(colour: str) -> float:
    h = colour.lstrip("#")
    h = "".join(c * 2 for c in h) if len(h) == 3 else h
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _fill(css: str, selector: str) -> str:
    rule = re.search(re.escape(selector) + r"\{([^}]*)\}", css)[1]
    return re.search(r"fill:(#[0-9a-f]{6}|#[0-9a-f]{3})\b", rule)[1]


def test_tanuki_texts_drawn_on_its_pictures_read_in_any_theme():
    css = rt.TANUKI_CSS
    assert contrast("#3b82f6", "#ffffff") < 4.5 < contrast("#1d1d1b", "#ffffff")  # the measure itself
    pairs = {
        "space names": (_fill(css, ".gk-tname"), _fill(css, ".gk-tspace")),
        "blue numbers": (_fill(css, ".gk-tblue"), _fill(css, ".gk-tframe")),
        "gold numbers": (_fill(css, ".gk-tgold"), _fill(css, ".gk-tframe")),
        "side labels": (_fill(css, ".gk-tside"), _fill(css, ".gk-tframe")),
        "the face-down ?": (_fill(css, ".gk-tbackt"), _fill(css, ".gk-tback")),
        "a refused button": (_fill(css, ".gk-btn.gk-illegal text"), _fill(css, ".gk-btn.gk-illegal rect")),
        "the blue Tanuki's B": (_fill(css, ".gk-ttanl"), rt.TANUKI_COLOURS["blue"]),
        "the gold Tanuki's G": (_fill(css, ".gk-ttanl.gk-tdark"), rt.TANUKI_COLOURS["gold"]),
        "a trap's owner": (_fill(css, ".gk-ttrapt"), _fill(css, ".gk-tground")),
    }
    for q, colour in enumerate(rt.PLAYER_COLOURS):
        pairs[f"player {q + 1}'s number on the monk"] = (_fill(css, ".gk-tnum"), colour)
        pairs[f"player {q + 1}'s number where the walk ends"] = (colour, _fill(css, ".gk-tend"))
    low = {what: round(contrast(*pair), 2) for what, pair in pairs.items() if contrast(*pair) < 4.5}
    assert not low, low
    assert "fill-opacity" not in re.search(r"\.gk-tend\{[^}]*\}", css)[0]  # the end's disc hides the board under it


#: the room a 390 px phone gives a board in Voilà (tests/browser/test_layout_phone.py: shown 360 px
#: wide) and the least a finger needs there (CSS px)
PHONE_ROOM, MIN_TAP = 360, 24


def narrow_scale(root, room: float = PHONE_ROOM) -> float:
    """What a phone shows one unit of a board as: its narrow drawing (reflow groups moved) scaled to
    ``room`` (the front end fits the width to what the drawing holds, plus 6)."""
    return min(1.0, room / (max(b[2] for b in boxes(root)) + 6))


def test_miyabi_frog_targets_are_a_finger_wide_on_a_phone_and_apart():
    rules = gardenkit.make("miyabi")
    rng = __import__("random").Random(4)
    s = rules.initial_state(players=2, seed=4, frog=True)
    checked = 0
    while rules.current_player(s) is not None and checked < 40:
        if rules.current_player(s) is gardenkit.CHANCE:
            s = rules.step_chance(s)
            continue
        root = ET.fromstring(rm.render_board(rules.view(s, s.to_move)))
        frogs = [g for g in root.iter(f"{SVG}g") if "gk-frog-target" in (g.get("class") or "").split()]
        if frogs:
            checked += 1
            scale = narrow_scale(root)
            areas = []
            for g in frogs:
                (area,) = [r for r in g if r.get("class") == "gk-hit"]
                (ring,) = [c for c in g if c.tag == f"{SVG}circle"]
                x, y, w, h = (float(area.get(k)) for k in ("x", "y", "width", "height"))
                cx, cy, r = (float(ring.get(k)) for k in ("cx", "cy", "r"))
                assert min(w, h) * scale >= MIN_TAP > 2 * r * scale  # bigger than its ring, which is not enough
                assert x < cx - r and cx + r < x + w and y < cy - r and cy + r < y + h
                areas.append((x, y, x + w, y + h))
            for i, a in enumerate(areas):
                for b in areas[i + 1:]:
                    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
        s = rules.apply(s, rng.choice(rules.legal_actions(s)))
    assert checked >= 5


# ----- Samurai Gardener: part of a wide house on a phone -------------------------------------------
_LATE_SAMURAI: dict = {}


def late_samurai(seed: int, players: int = 2):
    """Player 1's last real choice of a game of greedy bots (as the phone test's late game)."""
    from gardenkit.bots import GreedyBot

    key = (seed, players)
    if key not in _LATE_SAMURAI:
        rules = gardenkit.make("samurai_gardener")
        s, bot, last = rules.initial_state(players=players, seed=seed), GreedyBot(seed), None
        while rules.current_player(s) is not None:
            p = rules.current_player(s)
            if p is gardenkit.CHANCE:
                s = rules.apply(s, rules.sample_chance(s)[0])
                continue
            if p == 0 and len(rules.legal_actions(s)) >= 3:
                last = s
            s = rules.apply(s, bot.choose(rules, s))
        _LATE_SAMURAI[key] = last
    return _LATE_SAMURAI[key]


def smallest_tap(root, room: float = PHONE_ROOM) -> float:
    """The smallest target of a Samurai board on the phone (CSS px): a spot's square, a line-up
    card, a button (its largest rect: the tap area)."""
    scale = narrow_scale(root, room)
    sizes = [min(float(e.get("width")), float(e.get("height"))) for e in root.iter(f"{SVG}rect")
             if "gk-spot" in (e.get("class") or "")]
    for g in root.iter(f"{SVG}g"):
        if g.get("data-pick") or g.get("data-ui") or g.get("data-action"):
            rects = [r for r in g.iter(f"{SVG}rect")]
            sizes.append(max(min(float(r.get("width")), float(r.get("height"))) for r in rects))
    return min(sizes) * scale


def shown_actions(root) -> set:
    return {e.get("data-action") for e in root.iter() if "gk-spot" in (e.get("class") or "").split()
            and "gk-illegal" not in (e.get("class") or "")}


def test_a_wide_samurai_house_would_be_too_small_to_tap_on_a_phone_drawn_whole():
    from gardenkit.widgets.samurai_gardener import SamuraiBoard

    s = late_samurai(41)
    x0, _, x1, _ = rs.board_view(s.houses[0])
    assert x1 - x0 + 1 == 16  # the widest house of seeds 1-79 with its room
    b = SamuraiBoard(s)  # never told its room (a desktop): the house is drawn whole
    b.select(s.lineup[0])
    assert b.window() is None and smallest_tap(ET.fromstring(b.svg)) < MIN_TAP


def test_a_phone_shows_the_part_of_a_late_samurai_house_around_the_spots_and_pans_to_every_one():
    from gardenkit.widgets.samurai_gardener import SamuraiBoard

    rules = gardenkit.make("samurai_gardener")
    for seed, players in ((41, 2), (49, 2), (4, 4)):
        s = late_samurai(seed, players)
        view = rs.board_view(s.houses[0])
        b = SamuraiBoard(s)
        b.set_room(PHONE_ROOM)
        assert ET.fromstring(b.svg).get("data-room") == str(PHONE_ROOM)
        for card in s.lineup:
            for turned in (False, True):
                b.select(card)
                if b.turned != turned:
                    b.turn()
                legal = {t.action for t in rules.targets(s, (card, turned)) if t.legal}
                window = b.window()
                if view[2] - view[0] + 1 <= rs.phone_columns(PHONE_ROOM):
                    assert window is None  # a house that fits is drawn whole
                    assert shown_actions(ET.fromstring(b.svg)) == legal
                    continue
                assert window[1] - window[0] + 1 == rs.phone_columns(PHONE_ROOM) == 9
                while True:  # to the left end
                    b.pan_left()
                    if b.window() == window:
                        break
                    window = b.window()
                assert window[0] == view[0]
                seen, windows = set(), []
                while True:  # then to the right end, every part finger-sized
                    root = ET.fromstring(b.svg)
                    assert smallest_tap(root) >= MIN_TAP, (seed, card, turned, window)
                    shown = shown_actions(root)
                    # the spots of this part: those whose card fits in it, nothing else
                    assert shown == {a for a in legal if window[0] <= rules.parse_action(s, a).x < window[1]}
                    seen |= shown
                    windows.append(window)
                    b.pan_right()
                    if b.window() == window:
                        break
                    window = b.window()
                assert window[1] == view[2] and seen == legal, (seed, card, turned)
    assert len(windows) >= 2


def test_a_phone_part_of_a_samurai_house_draws_its_columns_buttons_and_the_whole_house_framed():
    s = late_samurai(41)
    house = s.houses[0]
    vx0, _, vx1, _ = rs.board_view(house)
    for window, left, right in (((vx0, vx0 + 13), 0, 2), ((vx0 + 1, vx0 + 14), 1, 1), ((vx0 + 2, vx1), 2, 0)):
        root = ET.fromstring(rs.render_board(RS.view(s, 0), uid="p", window=window))
        (drawn,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "gk-house"]
        squares = [r for r in drawn.iter(f"{SVG}rect") if r.get("class") == "gk-sq"]
        assert len(squares) == sum(1 for x, _ in house.grid if window[0] <= x <= window[1])
        ui = {g.get("data-ui"): "".join(g.itertext()) for g in root.iter(f"{SVG}g") if g.get("data-ui")}
        assert ("pan-left" in ui) == bool(left) and ("pan-right" in ui) == bool(right)
        if left:
            assert f"◀ {left} more column" in ui["pan-left"]
        if right:
            assert f"{right} more column" in ui["pan-right"]
        off = [g for g in root.iter(f"{SVG}g") if g.get("class") == "gk-panoff"]
        assert len(off) == (not left) + (not right)  # a side with nothing more: greyed, not tappable
        (mini,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "gk-mini"]
        assert len([r for r in mini if r.tag == f"{SVG}rect" and r.get("class") != "gk-frame"]) == len(house.grid)
        (frame,) = [r for r in mini if r.get("class") == "gk-frame"]
        hx0, _, hx1, _ = house.bounds
        shown = min(window[1], hx1) - max(window[0], hx0) + 1
        assert float(frame.get("width")) == shown * rs.MINI + 3
    for window in ((vx0 + 2, vx0 + 15), (vx0 + 2, vx0 + 9)):  # the map between the buttons, or under them
        root = ET.fromstring(rs.render_board(RS.view(s, 0), uid="p", window=window))
        parts = [span(boxes(g)) for g in root.iter(f"{SVG}g")
                 if g.get("data-ui") or g.get("class") in ("gk-panoff", "gk-mini")]
        for i, a in enumerate(parts):
            for b in parts[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], ("overlap", window, a, b)
        (table,) = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "gk-table"]
        assert max(p[3] for p in parts) < float(table.get("y"))  # all above the part of the house
        assert max(p[2] for p in parts) <= float(table.get("x")) + float(table.get("width"))  # no wider than it
    with pytest.raises(ValueError, match="a window is the first and last column"):
        rs.render_board(RS.view(s, 0), uid="p", window=(5, 2))
    with pytest.raises(ValueError, match="shows no column"):
        rs.render_board(RS.view(s, 0), uid="p", window=(50, 60))


def test_a_hint_on_a_phone_shows_the_part_of_the_house_where_it_is():
    from gardenkit.widgets.samurai_gardener import SamuraiBoard

    rules = gardenkit.make("samurai_gardener")
    s = late_samurai(41)
    b = SamuraiBoard(s)
    b.set_room(PHONE_ROOM)
    card = s.lineup[0]
    b.select(card)
    for _ in range(3):
        b.pan_right()
    window = b.window()
    hidden = [t.action for t in rules.targets(s, (card, False)) if t.legal and t.at[0] < window[0]]
    assert hidden  # panned away from it
    b.mark(hidden[0])
    assert hidden[0] in shown_actions(ET.fromstring(b.svg))
    marked = [e for e in ET.fromstring(b.svg).iter() if "gk-marked" in (e.get("class") or "")]
    assert [e.get("data-action") for e in marked] == [hidden[0]]


def test_a_desktop_samurai_board_is_drawn_as_before():
    from gardenkit.widgets.samurai_gardener import SamuraiBoard

    s = late_samurai(41)
    b = SamuraiBoard(s)
    b.select(s.lineup[0])
    whole = b.svg
    assert 'data-room="0"' in whole and "pan-" not in whole and "gk-mini" not in whole
    b.set_room(800)  # a wide window: the room is known, the house fits
    assert b.window() is None and b.svg.replace('data-room="800"', 'data-room="0"').replace(
        f'data-version="{b.version}"', f'data-version="{b.version - 1}"') == whole
    b.pan_left()  # nothing to pan to
    assert "nothing more to see" in b.panel.value


def test_phone_columns_and_window_refuse_nonsense():
    assert rs.phone_columns(360) == 9 and rs.phone_columns(100) == rs.MIN_COLUMNS
    assert 40 * 360 / (8 + 9 * 40 + 6) >= 36 > 40 * 360 / (8 + 10 * 40 + 6)  # 9 columns is the most at 36 px
    for bad in (0, -3, "360", None, True):
        with pytest.raises(ValueError, match="room is a width"):
            rs.phone_columns(bad)
    assert rs.phone_window((0, 20), 14, focus=(15, 20)) == (7, 20)  # clamped to the view
    assert rs.phone_window((0, 20), 14, focus=(0, 3), start=-9) == (0, 13)
    for bad in (0, 2.5, True):
        with pytest.raises(ValueError, match="columns is a whole number"):
            rs.phone_window((0, 20), bad)


def test_lines_waiting_to_be_scored_on_a_narrow_board_are_in_the_part_shown_and_all_have_buttons():
    from gardenkit.bots import GreedyBot
    from gardenkit.widgets.samurai_gardener import SamuraiBoard

    rules = gardenkit.make("samurai_gardener")
    s, bot, widest = rules.initial_state(players=2, seed=5, specialist=True), GreedyBot(5), None
    while rules.current_player(s) is not None:  # player 1's widest house while choosing an order
        p = rules.current_player(s)
        if p is gardenkit.CHANCE:
            s = rules.apply(s, rules.sample_chance(s)[0])
            continue
        if p == 0 and s.phase == "order":
            x0, _, x1, _ = rs.board_view(s.houses[0], room=False)
            if widest is None or x1 - x0 > widest[0]:
                widest = (x1 - x0, s)
        s = rules.apply(s, bot.choose(rules, s))
    s = widest[1]
    b = SamuraiBoard(s)
    b.set_room(250)  # a narrow window: the fewest columns, 8
    lines = b._waiting_lines()
    window = b.window()
    assert window is not None and window[1] - window[0] + 1 == rs.phone_columns(250) == rs.MIN_COLUMNS == 8
    span = (min(r.x0 for r in lines), max(r.x1 for r in lines))
    if span[1] - span[0] + 1 <= 8:
        assert window[0] <= span[0] and span[1] <= window[1]
    root = ET.fromstring(b.svg)
    buttons = {g.get("data-action") for g in root.iter(f"{SVG}g") if "gk-pickbtn" in (g.get("class") or "")}
    assert buttons == {f"score {r}" for r in lines}  # every line can be scored from its button
    assert smallest_tap(root, 250) >= MIN_TAP, smallest_tap(root, 250)
    b.set_room(600)  # a wider room (a tablet): the house fits, the lines and their buttons a finger wide (tap areas)
    root = ET.fromstring(b.svg)
    assert b.window() is None and smallest_tap(root, 600) >= MIN_TAP, smallest_tap(root, 600)
    for g in root.iter(f"{SVG}g"):
        if "gk-pick" in (g.get("class") or "").split():
            assert g.find(f"{SVG}rect").get("class") == "gk-hit"  # first inside the clickable group


def _polygon(area: str) -> list[tuple[float, float]]:
    pts = re.search(r'points="([^"]*)"', area).group(1).split()
    return [tuple(map(float, p.split(","))) for p in pts]


def _inside(poly, x, y) -> bool:
    """Inside or on the edge of a convex polygon (either winding)."""
    signs = set()
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if abs(cross) > 1e-6:
            signs.add(cross > 0)
    return len(signs) <= 1


def test_tap_areas_of_marks_close_together_never_overlap_and_each_holds_its_mark():
    from gardenkit.render.svg import hit_areas

    rng = random.Random(5)
    for _ in range(200):
        points = [(rng.uniform(0, 60), rng.uniform(0, 60)) for _ in range(rng.randint(1, 5))]
        areas = [_polygon(a) for a in hit_areas(points, 26)]
        assert all(a.startswith('<polygon class="gk-hit"') for a in hit_areas(points, 26))
        for i, (x, y) in enumerate(points):
            assert _inside(areas[i], x, y)  # a tap on the mark is its own
        for _ in range(100):  # no two areas overlap (a point on a shared edge is in both)
            x, y = rng.uniform(-30, 90), rng.uniform(-30, 90)
            holders = [k for k, a in enumerate(areas) if _inside(a, x, y)]
            if len(holders) > 1:
                d = sorted(math.dist((x, y), points[k]) for k in holders)
                assert d[1] - d[0] < 0.2 or any(points[k] == points[holders[0]] for k in holders[1:])
    # a mark alone gets the whole square
    assert _polygon(hit_areas([(10, 10)], 26)[0]) == [(-16, -16), (36, -16), (36, 36), (-16, 36)]


def test_tang_garden_character_spots_get_tap_areas_a_finger_can_use():
    """The spots of one tile are ~18 units apart and their rings 28 wide (~18 px on a phone): each
    spot a player may pick has a tap area of its own, at least 38 units across (24 px at the phone's
    ~0.64) and overlapping no other, and the rings take no taps."""
    from gardenkit.render.tang_garden import TANG_CSS
    from gardenkit.widgets.tang_garden import TangGardenBoard

    import dataclasses

    from gardenkit.bots import GreedyBot

    rules = gardenkit.make("tang_garden")
    s = rules.initial_state(players=2, seed=1)
    bot = GreedyBot(seed=1)
    while not (rules.current_player(s) == 0 and rules.decision(s) == "place"
               and TangGardenBoard(state=s, seat=0).place_chars()):
        s = rules.step_chance(s) if rules.current_player(s) is gardenkit.CHANCE else rules.apply(s, bot.choose(rules, s))
    # a bridge and a pavilion on a tile with a spot of its own: three spots 18 units apart
    board = TangGardenBoard(state=s, seat=0)
    board.pick(f"char:{board.place_chars()[0]}")
    x, y = next((x, y) for x, y, where, _ in board.spot_picks() if where == "tile")
    s = dataclasses.replace(s, decos=tuple(s.decos) + ((x, y, "water", "bridge"), (x, y, "rock", "pavilion")))
    found = TangGardenBoard(state=s, seat=0)
    found.pick(f"char:{found.place_chars()[0]}")
    assert {w for sx, sy, w, _ in found.spot_picks() if (sx, sy) == (x, y)} == {"tile", "bridge", "pavilion"}
    groups = re.findall(r'<g class="gk-gspot[^"]*" data-pick="[^"]*">(<polygon class="gk-hit"[^>]*/>)'
                        r'.*?<circle cx="([\d.-]+)" cy="([\d.-]+)" r="([\d.]+)"/>', found.svg)
    assert len(groups) == len(found.spot_picks()) >= 2
    rings = [(float(cx), float(cy)) for _a, cx, cy, _r in groups]
    polys = [_polygon(a) for a, *_ in groups]
    for (cx, cy), (_a, _x, _y, r), poly in zip(rings, groups, polys):
        xs = [p[0] for p in poly] + [cx - float(r), cx + float(r)]
        ys = [p[1] for p in poly] + [cy - float(r), cy + float(r)]
        assert min(max(xs) - min(xs), max(ys) - min(ys)) >= 38  # what the phone test measures
        # a tap on a spot's ring centre is that spot's, never a neighbour's
        assert _inside(poly, cx, cy)
        assert not any(_inside(other, cx, cy) for other in polys if other is not poly)
    assert ".gk-gspot circle,.gk-gspot text{pointer-events:none}" in TANG_CSS
