"""Karesansui SVG: well-formed in every phase, and showing exactly what the state holds (read
back from the drawing's data-* attributes and texts)."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import gardenkit
from gardenkit.games.karesansui import forbidden_sets
from gardenkit.games.karesansui.actions import set_kind
from gardenkit.render.karesansui import (
    render_bidding_board, render_board, render_garden, render_state,
)
from gardenkit.render.svg import BODY_END, BODY_START, SvgStr, split_body

rules = R = gardenkit.make("karesansui")
NS = "{http://www.w3.org/2000/svg}"


def dealt(players=3, seed=1):
    s = rules.initial_state(players=players, seed=seed)
    while rules.current_player(s) is gardenkit.CHANCE:
        s = rules.step_chance(s)
    return s


def walk(players, seed):
    """Every state of a random game."""
    rng = random.Random(seed)
    s = rules.initial_state(players=players, seed=seed)
    out = [s]
    while not rules.is_terminal(s):
        if rules.current_player(s) is gardenkit.CHANCE:
            s = rules.step_chance(s)
        else:
            acts = rules.legal_actions(s)
            s = rules.apply(s, rng.choice(acts))
        out.append(s)
    return out


def by_phase(players=4, seed=2):
    states = walk(players, seed)
    found = {}
    for s in states:
        found.setdefault(s.phase, s)
    return found, states


def parse(svg) -> ET.Element:
    return ET.fromstring(svg)


def attrs(root, name):
    return [el.get(name) for el in root.iter() if el.get(name) is not None]


def garden_counts(root) -> Counter:
    """Rock -> count, read from a drawing of one garden (its cells' data-count)."""
    out = Counter()
    for g in root.iter(f"{NS}g"):
        if "gk-kcellg" in (g.get("class") or ""):
            rock = next((el.get("data-rock") for el in g.iter() if el.get("data-rock")), None)
            n = int(g.get("data-count"))
            if rock:
                out[rock] = n
            else:
                assert n == 0
    return out


# ----- every phase draws ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_repr_svg_of_every_phase_and_observed_states_is_well_formed(players):
    found, states = by_phase(players, seed=players)
    assert {"deal", "refill", "bid", "turnin", "over"} <= set(found)
    for s in list(found.values()) + states[:: max(1, len(states) // 12)]:
        svg = s._repr_svg_()
        assert isinstance(render_state(R.view(s)), SvgStr)
        parse(svg)
        o = rules.observe(s, 0)
        parse(o._repr_svg_())
        for p in range(players):
            parse(render_board(R.view(s, p)))
            parse(render_board(R.view(o, 0), clickable=False))


def test_every_renderer_returns_svgstr():
    s = dealt()
    for svg in (render_state(R.view(s)), render_board(R.view(s, 0)), render_garden(s, 0), render_garden(["R1", "R1"]),
                render_bidding_board(R.view(s))):
        assert isinstance(svg, SvgStr) and svg._repr_svg_() == svg
        parse(svg)


# ----- a garden --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_garden_cells_show_each_rock_with_its_count(seed):
    found, states = by_phase(4, seed)
    for s in states[::7]:
        for p in range(s.players):
            root = parse(render_garden(s, p))
            assert garden_counts(root) == Counter(s.gardens[p])


def test_rocks_read_by_pattern_and_notation_not_colour_alone():
    svg = render_garden(["R1", "Y2", "G3", "B1", "W2"])
    root = parse(svg)
    for rock in ("R1", "Y2", "G3", "B1", "W2"):
        g = next(el for el in root.iter(f"{NS}g") if el.get("data-rock") == rock)
        ell = g.find(f"{NS}ellipse")
        assert ell.get("fill").endswith(f"-r{rock[0]})")  # the colour's pattern
        assert g.find(f"{NS}text").text == rock  # and its notation written on it
    # each colour has its own pattern definition with a different drawing
    pats = {p.get("id")[-2:]: ET.tostring(p[1]) for p in root.iter(f"{NS}pattern")}
    assert set(pats) == {"rR", "rY", "rG", "rB", "rW"}
    assert len(set(pats.values())) == 5


def test_rows_are_values_and_columns_colours():
    svg = render_garden(["R1"])
    assert ">I</text>" in svg and ">II</text>" in svg and ">III</text>" in svg
    for name in ("red R", "yellow Y", "green G", "blue B", "white W"):
        assert f">{name}</text>" in svg


@pytest.mark.parametrize("garden", [
    ("R1", "Y2", "Y2", "Y2", "G2", "B2", "W2", "R3", "R2"),
    ("R1", "G2", "G2", "G2", "B2", "R2", "R3", "R3", "R3"),  # the rulebook's 1 2222 333 kind of garden
    ("Y1", "Y2", "Y3", "B1", "B2", "B3"),
    ("R1", "Y1", "G2"),
])
def test_forbidden_sets_are_highlighted_and_named_as_the_engine_lists_them(garden):
    svg = render_garden(list(garden))
    root = parse(svg)
    marked = sorted(attrs(root, "data-set"))
    found = forbidden_sets(garden)
    want = []
    for k, rocks in enumerate(found):
        kind = {"trips": "Trips", "foursome": "Foursome", "flush": "Straight Flush"}[set_kind(rocks)]
        want.append(f"{kind} {' '.join(rocks)}")
        if len(found) <= 6 or k < 5:  # a long list is cut after five, with how many more
            assert f"{kind}: {' '.join(rocks)}" in svg
    if len(found) > 6:
        assert f"… and {len(found) - 5} more forbidden sets" in svg
    assert marked == sorted(want)
    if not want:
        assert "No forbidden set in this garden." in svg


def test_trips_ring_one_cell_flush_frames_a_column_foursome_lines_a_row():
    root = parse(render_garden(["R3", "R3", "R3", "Y1", "Y2", "Y3", "R2", "G2", "B2", "W2"]))
    kinds = {el.get("data-set").split()[0]: el.tag.replace(NS, "") for el in root.iter() if el.get("data-set")}
    assert kinds == {"Trips": "circle", "Straight": "rect", "Foursome": "polyline"}


# ----- the bidding board, tracker, decks ---------------------------------------------------------------
def test_bidding_board_shows_piles_values_and_bids_with_owner_value_and_count():
    s = dealt(4, seed=3)
    a = rules.bids(s, 1)[-1]  # the richest bid on pile 2
    s2 = rules.apply(s, a)
    svg = render_bidding_board(R.view(s2))
    root = parse(svg)
    for i, pile in enumerate(s2.piles):
        wedge = next(el for el in root.iter(f"{NS}g") if el.get("data-pile") == str(i + 1))
        assert sorted(attrs(wedge, "data-rock")) == sorted(pile)
        text = " ".join(t.text or "" for t in wedge.iter(f"{NS}text"))
        assert f"Pile {i + 1}" in text and f"worth {s2.pile_value(i)}" in text
        if s2.bids[i] is None:
            assert "no bid yet" in text
        else:
            who, rocks = s2.bids[i]
            v = sum(int(r[1:]) for r in rocks)
            assert f"bid: Player {who + 1}" in text
            assert f"worth {v} · {len(rocks)} rock" in text
            assert " ".join(rocks[:6]) in text


def test_tracker_shows_the_black_rock_on_its_space_or_where_it_went():
    s = dealt()
    root = parse(render_bidding_board(R.view(s)))
    assert attrs(root, "data-space") == [str(s.tracker)]
    assert f"the black rock (K) is on space {s.tracker} of 8" in render_bidding_board(R.view(s))
    import dataclasses

    bagged = dataclasses.replace(s, tracker=0, bag=tuple(sorted(s.bag + ("K",), key=lambda r: (r != "K", r))))
    svg = render_bidding_board(R.view(bagged))
    assert "the black rock is in the bag" in svg and "data-space" not in svg
    out = dataclasses.replace(s, tracker=0, black_out=True)
    assert "the black rock has been drawn" in render_bidding_board(R.view(out))


def test_decks_show_the_engines_top_card_and_cards_left():
    states = walk(3, 5)
    for s in (states[len(states) // 2], states[-1]):
        root = parse(render_bidding_board(R.view(s)))
        decks = {el.get("data-deck"): (int(el.get("data-top")), int(el.get("data-left")))
                 for el in root.iter() if el.get("data-deck")}
        assert list(decks) == ["pass", "trips", "foursome", "flush"]
        for k, d in enumerate(decks):
            assert decks[d] == (rules.top_card(s, d), max(0, len(s.components.decks[d]) - s.taken[k]))


# ----- the clickable board -------------------------------------------------------------------------------
def test_board_root_carries_the_version_and_the_garden_is_the_body():
    s = dealt()
    p = s.to_move
    svg = render_board(R.view(s, p), version=7)
    assert re.match(r'<svg [^>]*data-version="7"', svg)
    assert svg.count(BODY_START) == 1 and svg.count(BODY_END) == 1
    head, body, tail = split_body(svg)
    assert sorted(set(re.findall(r'data-pick="([A-Z]\d)"', body))) == sorted(set(s.gardens[p]))
    assert "data-pick" not in head + tail
    # a pick changes only head and tail: the body stays the same markup
    uid = "gkt"
    one = split_body(render_board(R.view(s, p), uid=uid))[1]
    two = split_body(render_board(R.view(s, p, tuple(s.gardens[p][:2])), uid=uid))[1]
    assert one == two


@pytest.mark.parametrize("seed", range(5))
def test_pile_targets_are_the_engines_verdicts(seed):
    rng = random.Random(seed)
    states = [s for s in walk(3 + seed % 4, seed) if s.phase == "bid"]
    for s in rng.sample(states, min(6, len(states))):
        p = s.to_move
        garden = list(s.gardens[p])
        sel = tuple(sorted(rng.sample(garden, rng.randint(0, len(garden))), key=lambda r: (int(r[1:]), r[0])))
        svg = render_board(R.view(s, p, tuple(sel)))
        root = parse(svg)
        legal = {el.get("data-action") for el in root.iter() if "gk-klegal" in (el.get("class") or "")}
        refused = {el.get("data-action") for el in root.iter() if "gk-kpile gk-illegal" in (el.get("class") or "")}
        rocks = " ".join(sel) or "nothing"
        every = {f"bid {i + 1}: {rocks}" for i in range(len(s.piles))}
        assert legal | refused == every and not legal & refused
        assert legal == {a for a in every if rules.why_illegal(s, a) is None}
        assert legal == {str(b) for b in rules.bids(s) if b.rocks == sel}
        for t in rules.targets(s, sel):
            if t.reason:
                assert t.reason == rules.why_illegal(s, t.action)
        # pass only when the engine allows it
        assert ('data-action="pass"' in svg) == (rules.why_illegal(s, "pass") is None)
        # another player's board offers nothing to click on the piles
        other = (p + 1) % s.players
        assert "data-action" not in render_board(R.view(s, other))


def test_refused_piles_carry_the_engines_reason_as_tooltip():
    s = dealt(3, seed=4)
    s = rules.apply(s, "bid 1: nothing")
    p = s.to_move
    sel = s.gardens[p][:1]
    svg = render_board(R.view(s, p, tuple(sel)))
    why = rules.why_illegal(s, f"bid 1: {sel[0]}")
    assert why is not None and "too high" in why
    from gardenkit.render.svg import esc

    assert esc(f"refused: {why}") in svg


def test_turn_in_phase_offers_exactly_the_legal_sets_and_lists_every_order():
    states = [s for s in walk(4, 11) + walk(5, 12) if s.phase == "turnin"]
    assert states
    for s in states[:12]:
        p = s.to_move
        svg = render_board(R.view(s, p))
        root = parse(svg)
        offered = set(attrs(root, "data-action"))
        assert offered == {str(a) for a in rules.legal_actions(s)}
        rows = R.view(s, s.to_move).extra["turn_in"]
        orders = rules.turn_in_orders(s)
        assert [tuple(n for n, _c in steps) for steps, _t in rows] == [tuple(map(str, o)) for o, _ in orders]
        assert [t for _s, t in rows] == [c for _o, c in orders]
        for steps, total in rows:
            assert sum(c for _n, c in steps) == total
        shown = [(int(el.get("data-total"))) for el in root.iter() if el.get("data-order")]
        assert shown == [c for _o, c in orders][:10]
        assert "data-pick" in svg  # the garden is still drawn (picking is refused by the widget)


def test_a_picture_has_no_targets():
    s = dealt()
    svg = render_board(R.view(s, s.to_move), clickable=False)
    assert "data-action" not in svg and "data-pick" not in svg and "data-ui" not in svg


def test_board_shows_your_demerits_and_only_the_number_of_the_others_cards():
    states = walk(4, 3)
    mid = next(s for s in states if s.phase == "bid" and all(len(ls) for ls in s.lines) and len(set(s.scores)) > 1)
    svg = render_board(R.view(mid, 0))
    line = re.search(r'class="gk-tx gk-kdemerits"[^>]*>([^<]*)<', svg).group(1)
    assert f"you: {mid.scores[0]} (" in line
    for q in range(1, 4):
        assert f"P{q + 1}: {len(mid.lines[q])} card" in line and "face down" in line
        assert f"P{q + 1}: {mid.scores[q]} (" not in line
    over = states[-1]
    line = re.search(r'class="gk-tx gk-kdemerits"[^>]*>([^<]*)<', render_board(R.view(over, 0))).group(1)
    for q in range(1, 4):
        assert f"P{q + 1}: {over.scores[q]} (" in line


def test_observed_state_hides_the_others_totals():
    states = walk(3, 8)
    s = next(s for s in states if s.phase == "bid" and all(v > 0 for v in s.scores))
    o = rules.observe(s, 1)
    svg = render_state(R.view(o))
    assert f"P2: {s.scores[1]} (" in svg
    for q in (0, 2):
        assert f"P{q + 1}: {len(s.lines[q])} card" in svg
        assert f"P{q + 1}: {s.scores[q]} (" not in svg


def test_state_shows_every_garden_and_the_status():
    found, _ = by_phase(5, 1)
    for phase, s in found.items():
        root = parse(render_state(R.view(s)))
        text = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
        for q in range(5):
            assert f"Player {q + 1}" in text
        if phase == "over":
            assert "Game over" in text and "demerit" in text
        total = Counter(r for r in attrs(root, "data-rock"))
        # pebbles drawn: one per garden cell holding rocks, plus every rock on the piles
        cells = sum(len(set(g)) for g in s.gardens) + sum(len(p) for p in s.piles)
        assert sum(total.values()) == cells
