"""Tanuki in the Garden SVG: well-formed at every decision of a game, and showing exactly what the
state holds and what the engine offers (read back from the drawing's data-* attributes and texts):
tiles with their paths and symbols, monks, Tanuki, stashes, traps, rock gardens, dice, Shiitake,
hands (face down where hidden), the targets and the walks (``rules.targets``, ``rules.walks``)."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from gardenkit import CHANCE
from gardenkit.games.tanuki import TanukiRules
from gardenkit.games.tanuki.board import PORTS, space_name
from gardenkit.games.tanuki.setups import position
from gardenkit.render.svg import BODY_END, BODY_START, SvgStr, split_body
from gardenkit.render.tanuki import (
    STATUS_CHARS, TAP, _status_lines, card_choices, offered, render_board, render_hand, render_state, render_tile,
    status_line, walk_lines,
)
from test_render_layout import moved  # a reflow group's offsets and scale

R = TanukiRules()


def _seat(s):
    p = R.current_player(s)
    return p if isinstance(p, int) else None


def board(s, player, *, selected=None, rot=0, preview=None, walks=None, **kw):
    """``render_board`` of what a board widget hands over: the rules' view (with the picked tile and
    its turn in the tile phase) and the walks of the previewed placement (the one named, else the
    picked tile's first legal placement: ``rules.walks``)."""
    laying = selected is not None and R.current_player(s) == player and R.decision(s) == "tile"
    view = R.view(s, player, (selected, rot) if laying else None)
    if walks is None:
        if preview is None and laying and kw.get("clickable", True):
            preview = next((t.action for t in offered(view, card=kw.get("card"))
                            if t.points is not None and t.action.startswith(f"{selected}@")), None)
        walks = R.walks(s, preview) if preview else ()
    return render_board(view, preview=preview, walks=walks, **kw)


def offers(s, *, selected=None, rot=0, card=None):
    """:func:`offered` of the player to act's view (the picked tile and its turn in the tile phase)."""
    p = _seat(s)
    laying = selected is not None and p is not None and R.decision(s) == "tile"
    return offered(R.view(s, p, (selected, rot) if laying else None), card=card)


def cards(s):
    """:func:`card_choices` of the player to act's view."""
    return card_choices(R.view(s, _seat(s)))
NS = "{http://www.w3.org/2000/svg}"


def walk(players, seed, **options):
    """Every state of a random game (seeded)."""
    rng = random.Random(seed)
    s = R.initial_state(players=players, seed=seed, **options)
    out = [s]
    while R.current_player(s) is not None:
        s = R.step_chance(s) if R.current_player(s) is CHANCE else R.apply(s, rng.choice(R.legal_actions(s)))
        out.append(s)
    return out


def by_decision(states):
    found = {}
    for s in states:
        found.setdefault(R.decision(s), []).append(s)
    return found


@pytest.fixture(scope="module")
def games():
    return {(2, False): walk(2, 1), (4, True): walk(4, 2, garden_master=True), (8, False): walk(8, 3),
            (5, True): walk(5, 4, garden_master=True, edge="turn")}


def parse(svg) -> ET.Element:
    return ET.fromstring(svg)


def elements(root, cls):
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def actions_in(svg) -> set[str]:
    return set(re.findall(r'data-action="([^"]*)"', svg))


def block_text(root) -> str:
    """The words of the drawing's text blocks (the preview, the trail), lines joined."""
    return " ".join(" ".join(t.strip() for t in el.itertext() if t.strip()) for el in elements(root, "gk-tblock"))


def unescape(text):
    return text.replace("&amp;", "&").replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")


# ----- every decision draws ----------------------------------------------------------------------------------
def test_every_decision_of_every_game_draws_well_formed_svg_whole_and_for_the_player_to_act(games):
    kinds = set()
    for states in games.values():
        found = by_decision(states)
        kinds |= set(found)
        for kind, group in found.items():
            for s in group[:: max(1, len(group) // 3)][:4]:
                whole = render_state(R.view(s))
                assert isinstance(whole, SvgStr) and whole._repr_svg_() == whole
                parse(whole)
                p = R.current_player(s)
                seat = p if isinstance(p, int) else s.active
                parse(board(s, seat))
                parse(render_state(R.view(s, seat)))
                parse(board(s, (seat + 1) % s.players))  # someone else's view: a picture
    assert {"setup", "tile", "direction", "chance", "over", "pre", "buy", "restart", "discard"} <= kinds


def test_repr_svg_of_a_state_is_its_drawing():
    s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"})
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and 'data-tile="1"' in svg
    parse(svg)


# ----- what is drawn reads back --------------------------------------------------------------------------------
def read_board(root):
    tiles = {el.get("data-space"): (int(el.get("data-tile")), int(el.get("data-rot")))
             for el in elements(root, "gk-ttile")}
    monks = {int(el.get("data-player")): el.get("data-monk") for el in elements(root, "gk-tmonk")}
    tanuki = {el.get("data-tanuki"): el.get("data-space") for el in elements(root, "gk-ttanuki")}
    stashes = {el.get("data-space"): int(el.get("data-stash")) for el in elements(root, "gk-tstash")}
    traps = {el.get("data-space"): int(el.get("data-owner")) for el in elements(root, "gk-ttrap")}
    rocks = {el.get("data-space") for el in elements(root, "gk-trock")}
    return tiles, monks, tanuki, stashes, traps, rocks


def expected_board(s):
    tiles = {space_name(i % 6, i // 6): tuple(c) for i, c in enumerate(s.board) if c is not None}
    monks = {}
    for q, m in enumerate(s.monks):
        if m is not None:
            monks[q] = (f"{space_name(m[1], m[2])} side {m[3]}" if m[0] == "edge"
                        else f"{space_name(m[1], m[2])} {PORTS[m[3]]}")
    tanuki = {w: space_name(*pos) for w, pos in zip(("blue", "gold"), s.tanuki) if pos is not None}
    stashes = {space_name(i % 6, i // 6): n for i, n in enumerate(s.stash) if n}
    traps = {space_name(x, y): owner for x, y, owner in s.traps}
    rocks = {space_name(x, y) for x, y in s.rocks}
    return tiles, monks, tanuki, stashes, traps, rocks


def test_tiles_monks_tanuki_stashes_traps_and_rocks_read_back_from_the_drawing(games):
    checked = 0
    for states in games.values():
        for s in states[:: max(1, len(states) // 25)]:
            for svg in (render_state(R.view(s)), board(s, s.active)):
                assert read_board(parse(svg)) == expected_board(s)
            checked += 1
    assert checked > 60
    # tokens and stashes, placed by hand
    s = position(tiles={"b3g1": (1, 0), "b4g2": (7, 90)}, monks={0: "b3g2 F", 1: "b5g6 side 3"},
                 tanuki=("b1g4", "b4g2"), stash={"b4g2": 3}, garden_master=True, traps=(("b2g2", 1),),
                 rocks=("b6g6",))
    got = read_board(parse(board(s, 0)))
    assert got == expected_board(s)
    assert got[3] == {"b4g2": 3} and got[4] == {"b2g2": 1} and got[5] == {"b6g6"}


def test_every_path_of_every_tile_carries_its_own_symbol_drawn_by_shape():
    s = position(tiles={"b1g1": (1, 0), "b2g1": (2, 90), "b3g3": (40, 180), "b6g6": (64, 270)},
                 monks={0: "b3g2 F", 1: "b5g6 side 3"})
    root = parse(render_state(R.view(s)))
    for el in elements(root, "gk-ttile"):
        tile = s.components.tile(int(el.get("data-tile")))
        rot = int(el.get("data-rot"))
        drawn = sorted((u.get("data-ends"), u.get("data-symbol")) for u in elements(el, "gk-tsym"))
        want = sorted(("".join(sorted((PORTS[a], PORTS[b]))), sym) for a, b, sym in tile.paths(rot))
        assert drawn == want
        # each symbol refers to its own shape
        for u in elements(el, "gk-tsym"):
            assert u.get("href").endswith("-" + u.get("data-symbol"))
    # three different shapes, not three colours of one shape: a cap and stem, a hill, a diamond
    defs = {g.get("id").rsplit("-", 1)[1]: g for g in root.iter(f"{NS}g") if (g.get("id") or "").count("-")}
    shapes = {k: tuple((c.tag, c.get("d")) for c in g) for k, g in defs.items() if k in ("shiitake", "den", "ashi")}
    assert set(shapes) == {"shiitake", "den", "ashi"}
    assert [len(v) for v in shapes.values()] and len({v[0][1] for v in shapes.values()}) == 3
    assert any(c.tag == f"{NS}rect" for c in defs["shiitake"])  # the mushroom's stem


def test_the_board_is_labelled_blue_columns_gold_rows_and_sides_one_to_four():
    root = parse(render_state(R.view(position(monks={0: "b3g2 F", 1: "b5g6 side 3"}))))
    blue = [int(el.get("data-blue")) for el in root.iter() if el.get("data-blue")]
    gold = [int(el.get("data-gold")) for el in root.iter() if el.get("data-gold")]
    sides = sorted(int(el.get("data-side")) for el in elements(root, "gk-tside"))
    assert blue == gold == [1, 2, 3, 4, 5, 6] and sides == [1, 2, 3, 4]
    # blue numbers above the columns left to right, gold ones beside the rows top to bottom
    xs = [float(el.get("x")) for el in root.iter() if el.get("data-blue")]
    ys = [float(el.get("y")) for el in root.iter() if el.get("data-gold")]
    assert xs == sorted(xs) and ys == sorted(ys)
    names = {el.get("data-space") for el in elements(root, "gk-tspace")}
    assert len(names) == 36 and "b4g5" in names


def test_dice_scores_and_counts_are_the_states():
    s = position(3, monks={0: "b3g2 F", 1: "b5g6 side 3", 2: "b1g1 side 4"}, shiitake={0: 4, 1: 7, 2: 0},
                 dice=(4, 5), garden_master=True, cards={1: ("basket", "fast")})
    root = parse(board(s, 0))
    dice = {el.get("data-die"): int(el.get("data-value")) for el in elements(root, "gk-tdieg")}
    assert dice == {"blue": 4, "gold": 5}
    scores = {int(el.get("data-player")): el.get("data-score") for el in elements(root, "gk-tscore")}
    # player 1's view: player 2's cards are face down, so their total toward victory is unknown
    known = R.known_scores(R.observe(s, 0))
    assert scores == {q: ("?" if v is None else str(v)) for q, v in enumerate(known)} and scores[1] == "?"
    held = {int(el.get("data-player")): int(el.get("data-shiitake")) for el in elements(root, "gk-tscore")}
    assert held == {0: 4, 1: 7, 2: 0}
    # the whole state shows every total
    whole = {int(el.get("data-player")): el.get("data-score") for el in elements(parse(render_state(R.view(s))), "gk-tscore")}
    assert whole == {0: "4", 1: str(7 + 3 + 1), 2: "0"}
    assert "Draw pile" in board(s, 0)


def test_a_player_sees_their_own_hand_and_only_the_backs_of_the_others():
    s = position(3, monks={0: "b3g2 F", 1: "b5g6 side 3", 2: "b1g1 side 4"}, hands={0: (5, 9, 12), 1: (20, 21, 22)})
    root = parse(board(s, 0))
    mine = [int(el.get("data-tile")) for el in elements(root, "gk-thand") if el.get("data-hand") == "0"]
    assert mine == [5, 9, 12]
    assert not [el for el in elements(root, "gk-thand") if el.get("data-hand") != "0"]
    # the whole state of a player's view: the others' tiles face down
    seen = R.observe(s, 0)
    root = parse(render_state(R.view(seen)))
    hands = {}
    for el in elements(root, "gk-thand"):
        hands.setdefault(int(el.get("data-hand")), []).append(int(el.get("data-tile")))
    assert hands == {0: [5, 9, 12], 1: [0, 0, 0], 2: [0, 0, 0]}
    assert len(elements(root, "gk-tfacedown")) == 6
    svg = render_state(R.view(seen))
    for t in (20, 21, 22):
        assert f'data-tile="{t}"' not in svg
    # the full state shows every hand
    full = {int(el.get("data-hand")) for el in elements(parse(render_state(R.view(s))), "gk-thand")
            if el.get("data-tile") != "0"}
    assert full == {0, 1, 2}
    parse(render_hand(R.view(s, 1)))
    assert 'data-tile="20"' in render_hand(R.view(s, 1)) and 'data-tile="20"' not in render_hand(R.view(s, 0))


def test_cards_in_hand_are_named_for_their_owner_and_face_down_for_the_others():
    s = position(2, monks={0: "b3g2 F", 1: "b5g6 side 3"}, garden_master=True,
                 cards={0: ("fast", "move", "offense"), 1: ("pilfer",)}, stage="pre", tanuki=("b1g4", None))
    svg = board(s, 0)
    assert 'data-card="fast"' in svg and 'data-card="move"' in svg and 'data-card="pilfer"' not in svg
    assert "Pilfer" not in render_state(R.view(s, 0)) and "face down" in render_state(R.view(s, 0))
    # the cards that may be played now are picks; the others are not
    assert 'data-pick="card:fast"' in svg and 'data-pick="card:move"' in svg and 'data-pick="card:offense"' not in svg
    assert set(cards(s)) == {"fast", "move"}
    # a card's moves are offered once it is picked
    assert not actions_in(svg) & {"play fast", "play move: blue toward 1"}
    assert "play fast" in actions_in(board(s, 0, card="fast"))
    moves = {el.get("data-action") for el in elements(parse(board(s, 0, card="move")), "gk-tarrowb")}
    assert moves == {f"play move: blue toward {k}" for k in (1, 2, 3, 4)}


# ----- the targets drawn are the engine's ------------------------------------------------------------------------
def test_the_clickable_board_offers_exactly_the_engines_targets(games):
    checked = 0
    for (players, gm), states in games.items():
        for s in states[:: max(1, len(states) // 40)]:
            p = R.current_player(s)
            if not isinstance(p, int):
                assert not actions_in(board(s, s.active))
                continue
            kind = R.decision(s)
            hand = s.hands[p]
            sel = hand[0] if kind == "tile" and hand else None
            want = {t.action for t in offers(s, selected=sel)}
            assert {unescape(a) for a in actions_in(board(s, p, selected=sel))} == want
            # on someone else's board: a picture only
            assert not actions_in(board(s, (p + 1) % s.players))
            assert not actions_in(board(s, p, clickable=False))
            checked += 1
    assert checked > 50


def test_every_legal_action_is_offered_by_a_pick_or_a_click(games):
    for (players, gm), states in games.items():
        for s in states[:: max(1, len(states) // 30)]:
            p = R.current_player(s)
            if not isinstance(p, int):
                continue
            kind = R.decision(s)
            shown = set()
            sels = [(t, r) for t in s.hands[p] for r in (0, 90, 180, 270)] if kind == "tile" else []
            for sel in [None, *sels]:
                shown |= {t.action for t in offers(s, selected=sel[0] if sel else None, rot=sel[1] if sel else 0)
                          if t.legal}
            for card in cards(s):
                shown |= {t.action for t in offers(s, card=card) if t.legal}
            assert {str(a) for a in R.legal_actions(s)} == shown


def test_placements_from_a_start_place_are_the_two_path_ends_and_refused_ones_say_why():
    s = position(hands={0: (34, 12, 17)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"})
    root = parse(board(s, 0, selected=34))
    ports = {el.get("data-action") for el in elements(root, "gk-tport")}
    assert ports == {"34@b3g1 from A", "34@b3g1 from B"}
    # the ghost of the picked tile on the space in front, turned as picked
    ghost = elements(parse(board(s, 0, selected=34, rot=90)), "gk-tghost")
    assert [(g.get("data-ghost"), g.get("data-rot")) for g in ghost] == [("34", "90")]
    # a Tanuki in the way: the placement is refused, the drawing says why (the engine's rule)
    blocked = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, tanuki=("b3g2", None), hands={0: (34, 12, 17)})
    svg = board(blocked, 0, selected=34)
    (cross,) = [el for el in elements(parse(svg), "gk-illegal") if el.get("data-action") == "34@b3g2"]
    assert "tanuki.tanuki.block" in "".join(cross.itertext())
    assert 'data-action="pass"' in svg


def test_start_places_are_rings_on_the_edge_and_directions_are_arrows_by_the_tanuki():
    s = R.initial_state(players=2, seed=3)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    root = parse(board(s, 0))
    rings = {el.get("data-action") for el in elements(root, "gk-tstart")}
    assert rings == {t.action for t in R.targets(s)} and len(rings) == 24
    s = R.apply(R.apply(s, "start b3g1 side 1"), "start b4g6 side 3")
    s = R.apply(s, "roll blue 4 gold 5")  # the rulebook's example: gold's 5 lets the roller choose
    root = parse(board(s, 0))
    arrows = {(el.get("data-tanuki"), el.get("data-side"), el.get("data-action")) for el in elements(root, "gk-tarrowb")}
    assert arrows == {("gold", str(k), f"gold toward {k}") for k in (1, 2, 3, 4)}
    assert "chooses where the gold Tanuki walks" in status_line(R.view(s))


def test_card_choices_on_spaces_are_chips_and_the_rest_buttons():
    s = position(monks={0: "b3g2 A", 1: "b5g5 A"}, tiles={"b4g4": (1, 0), "b5g4": (2, 0)}, garden_master=True,
                 cards={0: ("shift", "rock", "move")}, stage="pre")
    svg = board(s, 0, card="shift")
    # Shifting Paths has three turns on each tile's space: too many for a finger on one space, they
    # are buttons in the column, named by their space
    buttons = {el.get("data-action") for el in elements(parse(svg), "gk-ttarget")}
    assert buttons >= {t.action for t in R.targets(s) if t.action.startswith("play shift")}
    assert not elements(parse(svg), "gk-tchip")
    assert "play rock" not in svg and 'data-action="go"' in svg
    # a card with one choice on each space: a chip there, tapped anywhere on the space
    root = parse(board(s, 0, card="rock"))
    rocks = {el.get("data-action") for el in elements(root, "gk-tchip")}
    assert rocks == {t.action for t in R.targets(s) if t.action.startswith("play rock")} and rocks
    arrows = {el.get("data-action") for el in elements(parse(board(s, 0, card="move")), "gk-tarrowb")}
    assert arrows == set() or all(a.startswith("play move") for a in arrows)


# ----- the walks -------------------------------------------------------------------------------------------------
def test_the_preview_traces_every_monks_walk_with_its_end_crash_and_gain():
    s = position(3, monks={0: "b3g2 H", 1: "b3g2 A", 2: "b3g2 F"}, hands={0: (34, 12, 17)}, shiitake={1: 6, 2: 2})
    walks = R.walks(s, "34@b3g2")
    svg = board(s, 0, selected=34, preview="34@b3g2")
    root = parse(svg)
    traced = {int(el.get("data-player")): el.get("data-pieces") for el in elements(root, "gk-twalk")}
    assert traced == {w.player: " ".join(f"{space_name(x, y)}:{PORTS[a]}-{PORTS[b]}" for x, y, a, b, _s in w.pieces)
                      for w in walks if w.pieces}
    ends = {(el.get("data-player"), el.get("data-end")) for el in elements(root, "gk-tendg")}
    assert ends == {("0", "b4g2 H")}  # player 1 stops facing b4g2, entering by H
    (crash,) = elements(root, "gk-tcrashg")
    assert (crash.get("data-player"), crash.get("data-partner")) == ("1", "2")
    text = block_text(root)
    assert "If you play 34@b3g2" in text and "Player 1: b3g2 Shiitake → stops facing b4g2 (+1)" in text
    assert "crashes into Player 3's monk" in text and "(-4)" in text
    assert walk_lines(walks) == ("Player 1: b3g2 Shiitake → stops facing b4g2 (+1)",
                                 "Player 2: b3g2 Shiitake → crashes into Player 3's monk: both sent back (-4)")


def test_a_loop_is_shown_before_it_happens():
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (2, 3, 4)}, tiles={"b3g1": (1, 0)},
                 shiitake={0: 7})
    root = parse(board(s, 0, selected=2, preview="2@b3g2"))
    (loop,) = elements(root, "gk-tloopg")
    assert loop.get("data-player") == "0"
    assert "is in a LOOP: sent back, collects nothing (-5)" in block_text(root)


def test_the_trail_of_a_move_is_drawn_step_by_step():
    s = position(3, monks={0: "b3g2 H", 1: "b3g2 A", 2: "b3g2 F"}, hands={0: (34, 12, 17)}, shiitake={1: 6, 2: 2})
    walks = R.walks(s, "34@b3g2")
    after = R.apply(s, "34@b3g2")
    pieces = sum(len(w.pieces) for w in walks)
    whole = parse(board(after, 0, trail=walks))
    assert len(elements(whole, "gk-twalk")) == len([w for w in walks if w.pieces])
    for k in range(pieces):
        root = parse(board(after, 0, trail=walks, step=k))
        (cur,) = elements(root, "gk-tcur")
        block = [el for el in elements(root, "gk-tblock")][0]
        assert block.get("data-step") == str(k)
        assert f"Step {k + 1} of {pieces}" in "".join(block.itertext())


def test_a_pick_or_a_turn_leaves_the_drawings_body_alone():
    s = position(hands={0: (34, 12, 17)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"})
    bodies = {split_body(board(s, 0, selected=t, rot=r, uid="u"))[1] for t in (34, 12) for r in (0, 90)}
    assert len(bodies) == 1
    svg = board(s, 0, uid="u")
    assert svg.count(BODY_START) == 1 and svg.count(BODY_END) == 1
    # a narrow page: the column beside the board goes under it
    assert 'class="gk-reflow"' in svg


def test_a_tile_drawn_alone_has_its_ends_lettered_and_symbols_named():
    svg = render_tile(1)
    parse(svg)
    text = "".join(parse(svg).itertext())
    for letter in "ABCDEFGH":
        assert letter in text
    assert "A-B: Shiitake" in text and "E-F: Tanuki Den" in text and "G-H: Ashi-magari" in text


def test_status_lines_name_the_decision_and_the_winner(games):
    for states in games.values():
        for s in states[:: max(1, len(states) // 20)]:
            assert status_line(R.view(s))
        over = states[-1]
        o = R.outcome(over)
        line = status_line(R.view(over))
        assert line.startswith("Game over") and f"Player {o.winners[0] + 1}" in line
    s = position(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll", tanuki=("b3g2", "b6g1"),
                 cards={0: ("repellant",)}, shiitake={0: 5}, active=1, garden_master=True)
    s = R.apply(s, "roll blue 3 gold 1")
    assert "blue Tanuki is about to land on b3g3: Player 1 may play a Tanuki Repellant" in status_line(R.view(s))
    svg = board(s, 0)
    assert {"play repellant", "decline"} <= actions_in(svg)


# ----- on a phone ---------------------------------------------------------------------------------------------
#: the room a 390 px phone gives the board in Voilà (tests/browser/test_layout_phone.py measures the
#: drawing shown 360 px wide) and the least a finger needs there, in CSS px
PHONE_ROOM, MIN_TAP = 360, 24
TAPPABLE = ("data-action", "data-pick", "data-ui")


def _num(el, key, default=0.0):
    return float(el.get(key, default))


def _moved(el, dx, dy, k):
    """The move after ``el`` when it is a ``gk-reflow`` group: its offsets and scale on top of (dx, dy, k)."""
    if el.get("class") != "gk-reflow":
        return dx, dy, k
    ox, oy, ok = moved(el)
    return dx + k * ox, dy + k * oy, k * ok


def shapes(el, dx=0.0, dy=0.0, k=1.0):
    """(x0, y0, x1, y1) of the rects and circles under ``el``, as the board's front end places them on
    a phone (each ``gk-reflow`` group moved by its offsets and scaled; a rect's ``translate`` applied)."""
    out = []
    dx, dy, k = _moved(el, dx, dy, k)
    tag = el.tag.replace(NS, "")
    if tag == "rect":
        tx, ty = 0.0, 0.0
        m = re.match(r"translate\(([-\d.]+)[ ,]([-\d.]+)\)", el.get("transform") or "")
        if m:
            tx, ty = float(m[1]), float(m[2])
        x, y = dx + k * (_num(el, "x") + tx), dy + k * (_num(el, "y") + ty)
        out.append((x, y, x + k * _num(el, "width"), y + k * _num(el, "height")))
    elif tag == "circle":
        cx, cy, r = dx + k * _num(el, "cx"), dy + k * _num(el, "cy"), k * _num(el, "r")
        out.append((cx - r, cy - r, cx + r, cy + r))
    for child in el:
        out += shapes(child, dx, dy, k)
    return out


def phone_scale(root) -> float:
    """What a 390 px phone shows one drawing unit as: the narrow drawing (its column under the
    garden) is fitted to its contents and scaled to :data:`PHONE_ROOM`."""
    right = max(b[2] for b in shapes(root))
    status = "".join(next(el for el in root.iter() if "gk-status" in (el.get("class") or "")).itertext())
    longest = max(len(line) for line in _status_lines(status))
    return min(1.0, PHONE_ROOM / (max(right, 8 + 7.2 * longest) + 6))


def tap_areas(root):
    """{what: (x0, y0, x1, y1)} of everything a finger may tap (a legal move, a pick, a button),
    and {what: the unseen tap area} where it has one."""
    sizes, hits = {}, {}

    def walk(el, dx, dy, k):
        if el.get("class") == "gk-reflow":
            dx, dy, k = _moved(el, dx, dy, k)
        what = next((el.get(a) for a in TAPPABLE if el.get(a) is not None), None)
        if what is not None and "gk-illegal" not in (el.get("class") or "").split():
            bs = shapes(el, dx, dy, k) if el.get("class") != "gk-reflow" else []
            if bs:
                sizes[what] = (min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs))
                area = [c for c in el if c.tag == f"{NS}rect" and c.get("class") == "gk-hit"]
                if area:
                    hits[what] = shapes(area[0], dx, dy, k)[0]
            return
        for child in el:
            walk(child, dx, dy, k)

    walk(root, 0.0, 0.0, 1.0)
    return sizes, hits


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 0.01 and b[0] < a[2] - 0.01 and a[1] < b[3] - 0.01 and b[1] < a[3] - 0.01


def _drawings(states):
    """The player to act's board at each decision: as it comes, with each hand tile picked, with
    each playable card picked."""
    for kind, group in by_decision(states).items():
        for s in group[:: max(1, len(group) // 3)][:4]:
            p = R.current_player(s)
            if not isinstance(p, int):
                continue
            yield kind, s, board(s, p)
            if kind == "tile":
                for t in s.hands[p][:2]:
                    yield kind, s, board(s, p, selected=t, rot=90)
            for card in cards(s):
                yield kind, s, board(s, p, card=card)


def test_on_a_phone_every_target_is_a_finger_wide_and_no_two_tap_areas_overlap(games):
    smallest, kinds = {}, set()
    for states in games.values():
        for kind, s, svg in _drawings(states):
            root = parse(svg)
            scale = phone_scale(root)
            sizes, hits = tap_areas(root)
            kinds.add(kind)
            for what, (x0, y0, x1, y1) in sizes.items():
                side = min(x1 - x0, y1 - y0) * scale
                assert side >= MIN_TAP, (kind, what, round(side, 1), R.decision(s))
                smallest[kind] = min(smallest.get(kind, 99), side)
            areas = sorted(hits.items())
            for i, (a, box_a) in enumerate(areas):
                for b, box_b in areas[i + 1:]:
                    assert not _overlap(box_a, box_b), (kind, a, b, box_a, box_b)
    assert {"setup", "tile", "direction", "pre", "buy"} <= kinds, kinds
    print("smallest target on a phone, px:", {k: round(v, 1) for k, v in sorted(smallest.items())})
    assert min(smallest.values()) >= MIN_TAP


def test_start_places_path_ends_and_arrows_have_tap_areas_bigger_than_their_marks():
    s = R.initial_state(players=2, seed=3)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    root = parse(board(s, 0))
    sizes, hits = tap_areas(root)
    assert len(hits) == 24 and set(hits) == {t.action for t in R.targets(s)}
    for what, (x0, y0, x1, y1) in hits.items():
        ring = [el for el in elements(root, "gk-tstart") if el.get("data-action") == what][0]
        (c,) = [el for el in ring if el.tag == f"{NS}circle"]
        assert x0 < _num(c, "cx") < x1 and y0 < _num(c, "cy") < y1  # round its ring
        assert min(x1 - x0, y1 - y0) >= TAP > 2 * _num(c, "r")
    # the two ends of a start place's side: a half side each, side by side
    s = position(hands={0: (34, 12, 17)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"})
    sizes, hits = tap_areas(parse(board(s, 0, selected=34)))
    a, b = hits["34@b3g1 from A"], hits["34@b3g1 from B"]
    assert a[2] == b[0] and min(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]) >= TAP
    # a direction on a 5: four arrows round the Tanuki, their areas apart
    s = R.initial_state(players=2, seed=3)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    s = R.apply(R.apply(R.apply(s, "start b3g1 side 1"), "start b4g6 side 3"), "roll blue 4 gold 5")
    assert R.decision(s) == "direction"
    sizes, hits = tap_areas(parse(board(s, 0)))
    arrows = {k: v for k, v in hits.items() if "toward" in k}
    assert len(arrows) == 4 and all(min(v[2] - v[0], v[3] - v[1]) >= TAP for v in arrows.values())


def test_buttons_are_a_finger_high_and_their_rows_do_not_overlap():
    s = position(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll", tanuki=("b3g2", "b6g1"),
                 cards={0: ("repellant",)}, shiitake={0: 5}, active=1, garden_master=True)
    s = R.apply(s, "roll blue 3 gold 1")
    root = parse(board(s, 0))
    sizes, hits = tap_areas(root)
    assert {"play repellant", "decline"} <= set(hits)
    for what in ("play repellant", "decline"):
        x0, y0, x1, y1 = hits[what]
        assert y1 - y0 >= TAP and x1 - x0 >= 44
    # the status (the Repellant's question, 100 characters) is two lines, so the board is not shrunk to it
    status = [el for el in elements(root, "gk-status")][0]
    lines = [t.text for t in status if t.tag == f"{NS}tspan"]
    assert len(lines) == 2 and "".join(lines) == status_line(R.view(s)) and all(len(t) <= STATUS_CHARS + 1 for t in lines)
    assert phone_scale(root) >= PHONE_ROOM / 520


def test_a_space_with_one_choice_is_tapped_anywhere_on_it():
    s = position(monks={0: "b3g2 A", 1: "b5g5 A"}, tiles={"b4g4": (1, 0)}, garden_master=True,
                 cards={0: ("rock",)}, stage="pre")
    root = parse(board(s, 0, card="rock"))
    sizes, hits = tap_areas(root)
    rocks = [k for k in hits if k.startswith("play rock")]
    assert rocks and all(hits[k][2] - hits[k][0] == 60 == hits[k][3] - hits[k][1] for k in rocks)
    # a pick on a space (Tanuki Bait's blue space) too
    sizes, hits = tap_areas(parse(board(s, 0, pick_spaces=((2, 3, "bait:b3g4", "blue: on b3g4"),))))
    assert hits["bait:b3g4"][2] - hits["bait:b3g4"][0] == 60
