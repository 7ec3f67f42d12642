"""Tang Garden solo "Yin & Yang": one test per solo rule clause (allowed and refused), the conformance
check for one player, and random solo games ending in victory or defeat."""
import dataclasses

import pytest

import gardenkit
from gardenkit.games.tang_garden import TangGardenRules
from gardenkit.games.tang_garden.actions import Build, Influence, Keep, Landscape, Lantern, PlaceChar, Refresh, Remove
from gardenkit.games.tang_garden.components import SOLO_LANTERNS
from gardenkit.games.tang_garden.board import SIZES, covered, region
from gardenkit.games.tang_garden.scoring import character_lines
from gardenkit.games.tang_garden.solo import solo_bounds, solo_rank

R = TangGardenRules()


def resolve(s):
    while R.current_player(s) is gardenkit.CHANCE:
        s = R.step_chance(s)
    return s


def start(seed=0):
    s = resolve(R.initial_state(players=1, seed=seed))
    s = R.apply(s, Influence("shown", s.char_shown[0]))
    return resolve(s)


def refused(s, a, rule):
    """Refused by why_illegal, explain and apply alike, each naming ``tang_garden.<rule>``."""
    return assert_refused(R, s, a, "tang_garden." + rule)


def builds(s):
    return [a for a in R.legal_actions(s) if isinstance(a, Build)]


def play_pair(s):
    """Place the first legal pair of ``s`` (tile, then the card's decoration)."""
    s = R.apply(s, builds(s)[0])
    while R.decision(s) in ("landscape", "skeep"):
        s = R.apply(s, R.legal_actions(s)[0])
    return resolve(s)


def settle(s):
    """Stand any neutral figure waiting, so the turn's optional steps are open."""
    while R.decision(s) == "neutral":
        s = R.apply(s, R.legal_actions(s)[0])
    return s


def next_turn(s):
    return resolve(R.apply(settle(s), "end turn"))


def test_solo_setup():
    s = resolve(R.initial_state(players=1, seed=3))
    assert R.decision(s) == "start" and len(s.char_shown) == 2
    assert all(s.components.character(c).starting for c in s.char_shown)
    refused(s, Influence("shown", "emperor"), "solo.setup")
    kept, other = s.char_shown
    s = resolve(R.apply(s, Influence("shown", kept)))
    assert s.own == (kept,) and s.team == (kept,) and s.aside == (other,)
    assert len(s.char_shown) == 2 and len(s.char_deck) == 8
    assert sorted(size for *_, size in s.board_tokens) == ["large"] * 4 + ["small"] * 4
    assert {(x, y) for x, y, _ in s.board_tokens} == {(x, y) for x, y, _ in s.components.tokens["solo"]}
    assert all(s.pairs) and all(s.tops) and s.lanterns == ((True,) * 4,)
    with pytest.raises(ValueError, match="one player"):
        R.initial_state(players=2, solo=True)


def test_solo_central():
    s = start()
    refused(s, Build(s.tops[0], 0, 3, 0), "solo.central")
    assert all((a.x, a.y) in solo_bounds(s) for a in builds(s))


def test_solo_pair():
    for seed in range(30):
        s = start(seed)
        for k, t in enumerate(s.tops):
            for x, y in sorted(solo_bounds(s)):
                for rot in (0, 90, 180, 270):
                    why = R.why_illegal(s, Build(t, x, y, rot))
                    if why is not None and why.rule == "tang_garden.solo.pair":
                        # the same tile with the tile-only lantern: the card no longer matters
                        free = R.apply(s, "lantern tile_only")
                        assert R.why_illegal(free, Build(t, x, y, rot)) is None
                        return
    pytest.fail("no pair refused for its card in 30 games")


def test_solo_opposite():
    s = start()
    a = builds(s)[0]
    k = s.tops.index(a.tile)
    o = (k + 2) % 4
    gone_tile, gone_card = s.tops[o], s.pairs[o]
    s2 = R.apply(s, a)
    while R.decision(s2) in ("landscape", "skeep"):
        s2 = R.apply(s2, R.legal_actions(s2)[0])
    assert gone_tile in s2.display and gone_card in s2.discard and s.pairs[k] in s2.discard
    assert sorted(t for t in s2.todo if t[0] == "flip") == sorted([("flip", k), ("flip", o)])
    assert sorted(t for t in s2.todo if t[0] == "pair") == sorted([("pair", k), ("pair", o)])
    s3 = resolve(s2)
    assert all(s3.tops) and all(s3.pairs) and R.decision(s3) in ("after", "neutral")


def test_solo_opposite_corners_are_greenery_and_rock_water_and_mixed():
    from gardenkit.games.tang_garden.state import STACK_NAMES

    seen = set()
    for seed in range(12):
        s = start(seed)
        a = next((a for a in builds(s) if s.tops.index(a.tile) not in seen), None)
        if a is None:
            continue
        k = s.tops.index(a.tile)
        seen.add(k)
        s2 = R.apply(s, a)
        while R.decision(s2) in ("landscape", "skeep"):
            s2 = R.apply(s2, R.legal_actions(s2)[0])
        moved = [t for t in s2.display if t not in s.display]
        opposite = {"greenery": "rock", "rock": "greenery", "water": "mixed", "mixed": "water"}[STACK_NAMES[k]]
        assert [s.components.tile(t).stack for t in moved] == [opposite]
    assert seen == {0, 1, 2, 3}


def test_solo_coins():
    s = start()
    for a in builds(s):
        e = R.explain(s, a)
        if any(line.rule == "tang_garden.solo.coins" for line in e.lines):
            assert R.apply(s, a).tracks == s.tracks  # no player board in the solo game
            return
    pytest.fail("no matching build")


def test_solo_enclose():
    s = start()
    central = solo_bounds(s)
    board = list(s.board)
    board[3 * 8 + 1] = (13, 180)  # b4: rock only toward a4, outside the central garden
    node = ("t", 1, 3, "rock")
    assert region(s, tuple(board), node, central)[1] is False
    board[3 * 8 + 1] = (13, 0)  # turned: rock toward c4 (empty): open as well, until c4 is covered
    assert region(s, tuple(board), ("t", 1, 3, "rock"), central)[1] is False
    found = False
    for seed in range(10):
        s = start(seed)
        for _ in range(12):
            if R.is_terminal(s) or R.decision(s) != "main":
                break
            for a in builds(s):
                if any(line.rule == "tang_garden.solo.enclose" for line in R.explain(s, a).lines):
                    found = True
                    break
            if found:
                break
            s = play_pair(s)
            if R.decision(s) == "neutral":
                s = R.apply(s, R.legal_actions(s)[0])
            if R.decision(s) == "after":
                s = resolve(R.apply(s, "end turn"))
        if found:
            break
    assert found


def test_solo_wall_fits_and_pays_nothing():
    for seed in range(10):
        s = start(seed)
        for a in builds(s):
            e = R.explain(s, a)
            walls = [x for x in e.effects if x.rule == "tang_garden.build.wall"]
            if walls:
                assert "wall" in walls[0].text
                # the wall's edge pays no coin: a coin line per matched edge names only the other edges
                named = [w.text.split(" on ")[1][:2] for w in walls]
                assert not any(line.rule == "tang_garden.solo.coins" and line.text.endswith(sp)
                               for line in e.lines for sp in named)
                return
    pytest.fail("no solo build with a wall against another terrain")


def test_solo_footpath():
    for seed in range(10):
        s = start(seed)
        for a in builds(s):
            e = R.explain(s, a)
            if any(x.rule == "tang_garden.solo.footpath" for x in e.effects):
                assert not any("footpath" in line.text for line in e.lines)
                return
    pytest.fail("no footpath joined")


def test_solo_landscape():
    for seed in range(10):
        s = start(seed)
        for _ in range(12):
            if R.is_terminal(s) or R.decision(s) != "main":
                break
            cover = [a for a in builds(s) if any((a.x, a.y) == (x, y) for x, y, _ in s.board_tokens)]
            if cover:
                s2 = R.apply(s, cover[0])
                assert R.decision(s2) == "landscape" and sum(s2.held[0]) == sum(s.held[0]) + 1
                size = s2.pending[0][1]
                first, second = s2.land_shown[SIZES.index(size)]
                free = [(side, slot) for side in "NESW" for slot in (("s1", "s2", "s3") if size == "small" else
                                                                     ("l1", "l2"))
                        if not any((q[0], q[1]) == (side, slot) for q in s2.slots)]
                side, slot = free[0]
                s3 = R.apply(s2, Landscape(first, side, slot))
                across = "NESW"[("NESW".index(side) + 2) % 4]
                assert (side, slot, first) in s3.slots and any(q[0] == across and q[2] == second for q in s3.slots)
                return
            s = next_turn(play_pair(s))
    pytest.fail("no token covered")


def test_solo_remove():
    s = settle(play_pair(start()))
    x, y, area, _ = s.decos[0]
    s = dataclasses.replace(s, held=((0, 3),))
    refused(s, Remove(x, y, area, "small"), "solo.remove")
    s4 = dataclasses.replace(s, held=((0, 4),))
    after = R.apply(s4, Remove(x, y, area, "small"))
    assert not any((d[0], d[1], d[2]) == (x, y, area) for d in after.decos) and after.boxed == (s.decos[0][3],)
    assert after.held == ((0, 0),) and after.spent == ((0, 4),)


def test_solo_no_refresh():
    s = dataclasses.replace(start(), held=((0, 4),), lanterns=((False, True, True, True),))
    refused(s, Refresh("build2", "small"), "solo.no_refresh")


def test_solo_influence():
    s = play_pair(start())
    while R.decision(s) == "neutral":
        s = R.apply(s, R.legal_actions(s)[0])
    assert R.decision(s) == "after"
    c = s.char_shown[0]
    refused(s, Influence("shown", c), "solo.influence")  # fewer than 10 coins
    rich = dataclasses.replace(s, lines=((gardenkit.Line(10, "coins", "tang_garden.solo.coins", 1),),))
    after = R.apply(rich, Influence("shown", c))
    other = [x for x in s.char_shown if x != c]
    assert after.team == s.team + (c,) and set(other) <= set(after.aside)
    full = dataclasses.replace(rich, team=("a", "b", "c", "d"))
    assert R.why_illegal(full, Influence("shown", c)) is not None


def test_solo_neutral():
    s = start(1)
    for _ in range(10):
        if R.decision(s) == "neutral":
            cid = s.pending[0][1]
            a = R.legal_actions(s)[0]
            s2 = R.apply(s, a)
            assert (cid, -1) == s2.placed[0][:2] and cid not in s2.aside
            refused(s, PlaceChar("emperor", a.x, a.y, a.where, a.facing), "solo.neutral")
            return
        s = play_pair(s) if R.decision(s) == "main" else resolve(R.apply(s, "end turn"))
    pytest.fail("no spot came free for the neutral figure")


def test_solo_lantern_tile_only():
    s = start()
    s2 = R.apply(s, "lantern tile_only")
    a = builds(s2)[0]
    k = s2.tops.index(a.tile)
    s3 = R.apply(s2, a)
    while R.decision(s3) == "landscape":
        s3 = R.apply(s3, R.legal_actions(s3)[0])
    assert s.pairs[k] in s3.discard and s.pairs[(k + 2) % 4] in s3.discard and len(s3.decos) == 0


def test_solo_lantern_display():
    s = play_pair(start())
    while R.decision(s) == "neutral":
        s = R.apply(s, R.legal_actions(s)[0])
    s = resolve(R.apply(s, "end turn"))
    assert s.display
    s2 = R.apply(s, "lantern display")
    assert all(a.tile in s.display for a in builds(s2))
    a = builds(s2)[0]
    s3 = R.apply(s2, a)
    assert a.tile not in s3.display and s3.pairs == s.pairs
    s4 = dataclasses.replace(s, display=())
    refused(s4, "lantern display", "solo.lantern_display")


def test_solo_lantern_redraw():
    s = start()
    s2 = resolve(R.apply(s, "lantern redraw"))
    assert set(s.pairs) <= set(s2.discard) and all(s2.pairs) and R.decision(s2) == "main"


def saved(s):
    """``s`` through a JSON save and back (the save check accepts it, and nothing is lost)."""
    import json

    back = R.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back == s
    return back


def cards_accounted(s):
    from collections import Counter

    return Counter(s.deck) + Counter(s.discard) + Counter(c for c in s.pairs if c) == Counter(s.components.deck())


def test_solo_lantern_redraw_with_fewer_cards_left_than_corners_shuffles_the_discards_and_fills_every_corner():
    s = start()
    left, rest = s.deck[:2], s.deck[2:]
    s = saved(dataclasses.replace(s, deck=left, discard=rest))
    assert "tang_garden.decorate.reshuffle" in R.explain(s, "lantern redraw").rules
    s = saved(R.apply(s, "lantern redraw"))
    assert [t[0] for t in s.todo] == ["pair"] * 4 and cards_accounted(s)
    shuffled = []
    while R.current_player(s) is gardenkit.CHANCE:
        if len(shuffled) < 2:  # the two cards left are drawn first, from the old deck
            assert {str(a) for a, _ in R.chance_outcomes(s)} <= {f"draw {c}" for c in left}
        draw = R.legal_actions(s)[0]
        shuffled.append(any(e.rule == "tang_garden.decorate.reshuffle" for e in R.explain(s, draw).effects))
        s = saved(R.apply(s, draw))
    # the third draw found the deck empty: the discards (the four cards just replaced among them) became the deck
    assert shuffled == [False, False, True, False]
    assert all(s.pairs) and set(left) <= set(s.pairs) and cards_accounted(s) and R.decision(s) == "main"


def test_solo_opposite_corners_are_both_refilled_when_one_card_is_left():
    s = start()
    s = saved(dataclasses.replace(s, deck=s.deck[:1], discard=s.deck[1:]))
    s = R.apply(s, builds(s)[0])
    while R.decision(s) in ("landscape", "skeep"):
        s = R.apply(s, R.legal_actions(s)[0])
    assert sorted(t[0] for t in s.todo) == ["flip", "flip", "pair", "pair"]
    s = saved(resolve(s))
    assert all(s.pairs) and all(s.tops) and cards_accounted(s)


def test_solo_pair_a_stack_top_without_a_card_beside_it_is_no_pair():
    s = start()
    s = dataclasses.replace(s, pairs=("",) + s.pairs[1:], discard=s.discard + (s.pairs[0],))
    a = next(a for a in builds(R.apply(s, "lantern tile_only")) if a.tile == s.tops[0])
    why = refused(s, a, "solo.pair")
    assert "no decoration card" in why.text
    assert all(b.tile != s.tops[0] for b in builds(s))
    assert R.why_illegal(R.apply(s, "lantern tile_only"), a) is None  # the tile-only lantern ignores the card


def test_solo_remove_a_decoration_sent_to_the_box_is_out_of_the_supply_for_good():
    from gardenkit.games.tang_garden.queries import supply_left

    s, (x, y) = filled_but_one()
    rocks = [(i % 8, i // 8) for i, t in enumerate(s.board) if t and "rock" in s.components.tile(t[0]).areas]
    assert len(rocks) >= 5
    # a pavilion card beside every stack
    pav = tuple(sorted(c for c in set(s.components.deck()) if c.startswith("pavilion/")))[:4]
    deck = list(s.deck) + [c for c in s.pairs]
    for c in pav:
        deck.remove(c)
    s = dataclasses.replace(s, pairs=pav, deck=tuple(sorted(deck)),
                            decos=tuple(sorted((rx, ry, "rock", "pavilion") for rx, ry in rocks[:3])))
    assert supply_left(s, "pavilion") == 1 and builds(s)  # the fourth pavilion may go down
    # one of the three sent back to the box (four tokens): still only one left, never two
    boxed = dataclasses.replace(s, decos=s.decos[1:], boxed=("pavilion",))
    assert supply_left(boxed, "pavilion") == 1 and builds(boxed)
    # the fourth down and another sent to the box: none left, so no pavilion pair can be taken
    full = dataclasses.replace(s, decos=s.decos + ((rocks[3][0], rocks[3][1], "rock", "pavilion"),),
                               boxed=("pavilion",))
    full = dataclasses.replace(full, decos=tuple(sorted(full.decos[1:])))
    assert supply_left(full, "pavilion") == 0 and not builds(full)
    a = next(a for a in builds(dataclasses.replace(full, lantern_mode="tile_only", lantern_used=True))
             if (a.x, a.y) == (x, y))
    why = refused(full, a, "solo.pair")
    assert "no pavilion decoration is left in the supply" in why.text


def test_solo_lantern_reuse():
    s = start()
    refused(s, "lantern reuse_redraw", "solo.lantern_reuse")  # redraw not used yet
    s = dataclasses.replace(s, lanterns=((True, True, False, True),))
    s2 = resolve(R.apply(s, "lantern reuse_redraw"))
    assert s2.lanterns[0][SOLO_LANTERNS.index("reuse")] is False and set(s.pairs) <= set(s2.discard)


def test_solo_defeat():
    ends = [R.outcome(__import__("gardenkit").testing.random_game(R, 1, seed)[-1]) for seed in range(3)]
    assert all(o.reason.rule in ("tang_garden.solo.defeat", "tang_garden.solo.rank") for o in ends)
    lost = [o for o in ends if o.reason.rule == "tang_garden.solo.defeat"]
    assert lost and all(o.winners == () for o in lost)


def filled_but_one(seed=0):
    """A solo game with every central space but one covered (the tiles as they come: a test of the end,
    not of matching), the last space next to the garden."""
    s = start(seed)
    central = sorted(solo_bounds(s), key=lambda c: (c[1], c[0]))
    last = (3, 2)  # d3, beside the starting tile
    spare = [t for p in s.piles for t in p]
    board = list(s.board)
    for x, y in central:
        if (x, y) != last and not covered(board, x, y):
            board[y * 8 + x] = (spare.pop(), 0)
    return dataclasses.replace(s, board=tuple(board), board_tokens=()), last


def test_solo_victory():
    s, (x, y) = filled_but_one()
    a = next(a for a in R.legal_actions(dataclasses.replace(s, lantern_mode="tile_only", lantern_used=True))
             if isinstance(a, Build) and (a.x, a.y) == (x, y))
    s2 = R.apply(dataclasses.replace(s, lantern_mode="tile_only", lantern_used=True), a)
    s2 = resolve(s2)
    assert s2.result == "victory" and R.decision(s2) == "final"


def test_solo_victory_comes_before_an_empty_stack():
    s, (x, y) = filled_but_one()
    s = dataclasses.replace(s, lantern_mode="tile_only", lantern_used=True)
    a = next(a for a in R.legal_actions(s) if isinstance(a, Build) and (a.x, a.y) == (x, y))
    k = s.tops.index(a.tile)
    o = (k + 2) % 4
    piles = list(s.piles)
    spare = piles[k] + piles[o]
    piles[k] = piles[o] = ()
    # the last tile empties its stack: the garden is complete all the same
    s = dataclasses.replace(s, piles=tuple(piles), display=s.display + tuple(spare))
    done = resolve(R.apply(s, a))
    assert done.result == "victory"


def test_solo_final():
    s, (x, y) = filled_but_one()
    s = dataclasses.replace(s, lantern_mode="tile_only", lantern_used=True)
    a = next(a for a in R.legal_actions(s) if isinstance(a, Build) and (a.x, a.y) == (x, y))
    s = resolve(R.apply(s, a))
    cid = s.pending[0][1]
    place = R.legal_actions(s)[0]
    done = R.apply(s, place)
    assert R.is_terminal(done) and R.outcome(done).winners == (0,)
    prefs = [line for line in R.score_breakdown(done, 0) if line.round is None]
    want = character_lines(done, cid, 0, place.x, place.y, place.where, place.facing)[1:]
    assert prefs == want  # the sight preference only; nothing for decorations in sight


def test_solo_final_a_character_finding_no_free_spot_does_not_stand():
    from gardenkit.games.tang_garden.queries import free_spots

    s, (x, y) = filled_but_one()
    s = dataclasses.replace(s, lantern_mode="tile_only", lantern_used=True, team=s.team + ("emperor",),
                            char_deck=tuple(c for c in s.char_deck if c != "emperor"),
                            char_shown=tuple(c for c in s.char_shown if c != "emperor"))
    a = next(a for a in R.legal_actions(s) if isinstance(a, Build) and (a.x, a.y) == (x, y))
    s = resolve(R.apply(s, a))
    assert [p[0] for p in s.pending] == ["final", "final"]
    # neutral figures on every spot but one (who they are does not matter here)
    spots = free_spots(s)
    assert len(spots) >= 2
    neutral = sorted(c.id for c in s.components.characters if c.id not in s.team)
    s = dataclasses.replace(s, placed=tuple(sorted((neutral[i % len(neutral)], -1, sx, sy, w, "N")
                                                   for i, (sx, sy, w) in enumerate(spots[1:]))))
    done = R.apply(s, R.legal_actions(s)[0])
    e = R.explain(s, R.legal_actions(s)[0])
    assert R.is_terminal(done) and R.outcome(done).winners == (0,)
    assert any(f.rule == "tang_garden.solo.final" and "cannot stand" in f.text for f in e.effects)
    assert sum(1 for q in done.placed if q[1] == 0) == 1


def test_solo_rank():
    s = start()
    assert [solo_rank(s, v) for v in (0, 60, 61, 75, 76, 95, 96, 140)] == [
        "Craftsman", "Craftsman", "Designer", "Designer", "Engineer", "Engineer", "Inspector", "Inspector"]


#: the rulebook's rank table (its last page): final score -> title
BOOK_RANKS = (("up to 60", "Craftsman"), ("61 to 75", "Designer"), ("76 to 95", "Engineer"),
              ("96 or more", "Inspector"))


def test_solo_rank_table_shown_is_the_rulebooks():
    from gardenkit.tutor.tang_garden import solo_ranks

    assert solo_ranks() == solo_ranks(start().components) == BOOK_RANKS
    # each row's ends name the title the engine gives at the end of a won game
    s = start()
    for coins, title in solo_ranks():
        ends = [int(n) for n in coins.replace("up to", "0 to").replace(" or more", " to 999").split(" to ")]
        assert {solo_rank(s, v) for v in ends} == {title}, coins


def test_solo_rank_table_against_the_rulebooks_own_text():
    import re

    import notebook_checks as nb
    from gardenkit.tutor.tang_garden import solo_ranks

    book = nb.rulebook("tang-garden.txt")
    if not book.exists():
        pytest.skip("rulebook not beside the repository")
    rows = re.findall(r"(up to \d+|\d+-\d+|\d+ or more)\s+\S+\s+([A-Z][a-z]+)", book.read_text())
    assert len(rows) == 4
    book_rows = sorted(((c.replace("-", " to "), name) for c, name in rows),
                       key=lambda r: int(re.search(r"\d+", r[0]).group()))
    assert tuple(book_rows) == solo_ranks()


def test_solo_rank_table_on_the_notebook_page():
    """The solo section of the notebook shows the table (a cell nbval checks), with its stored output."""
    import re

    import notebook_checks as nb
    from gardenkit.tutor.tang_garden import solo_ranks

    cells = nb.cells(nb.notebook("tang-garden.ipynb"))
    heads = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## ")]
    solo = next(i for i in heads if "".join(cells[i]["source"]).startswith("## Solo: Yin & Yang"))
    end = min([i for i in heads if i > solo], default=len(cells))
    shown = [c for c in cells[solo:end] if c["cell_type"] == "code" and "solo_ranks(" in "".join(c["source"])]
    assert len(shown) == 1 and "# NBVAL_CHECK_OUTPUT" in "".join(shown[0]["source"])
    printed = "".join("".join(o["text"]) for o in shown[0]["outputs"] if o["output_type"] == "stream")
    rows = [tuple(re.split(r"\s{2,}", line.strip())) for line in printed.splitlines()]
    assert rows[0] == ("final coins", "title") and rows[1:] == list(solo_ranks()) == list(BOOK_RANKS)


# (the contract check of the solo game, seeds 0 and 1, is test_all_games.py's: every player count
# of the defaults, the solo game included, to the same seeds)


# ----- what solo play keeps true, saves, targets ------------------------------------------------------------
from collections import Counter  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import walks  # noqa: E402
from gardenkit.games.tang_garden.queries import build_refusal  # noqa: E402
from gardenkit.testing import check_targets, load_or_refuse, mutate_save, play_out, random_game  # noqa: E402
from gardenkit.testing import assert_refused


def check_solo(s):
    comps = s.components
    where = [t[0] for t in s.board if t] + [x for p in s.piles for x in p] + [t for t in s.tops if t]
    where += [x for u in s.under for x in u] + list(s.display)
    assert sorted(where) == sorted(t.id for t in comps.tiles)
    central = solo_bounds(s)
    for i, t in enumerate(s.board):
        if t is not None:
            x, y = i % 8, i // 8
            assert (x, y) in central
            alone = s.board[:i] + (None,) + s.board[i + 1:]
            assert build_refusal(dataclasses.replace(s, board=alone), Build(t[0], x, y, t[1]), [t[0]]) is None
    cards = Counter(s.deck) + Counter(s.discard) + Counter(c for c in s.pairs if c)
    assert cards == Counter(comps.deck()) and not any(s.cards)
    gone = Counter(d[3] for d in s.decos) + Counter(s.boxed)
    assert all(gone[k] <= v for k, v in comps.decorations.items())
    assert R.scores(s)[0] >= 0 and s.tracks == ((0, 0, 0),)
    assert len(s.team) <= comps.solo["max_characters"]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.data())
def test_solo_components_and_coins_are_kept_under_arbitrary_play(seed, data):
    s = R.initial_state(players=1, seed=seed)
    for _before, _a, _e, after in walks.steps(R, s, data, 150):
        check_solo(after)


def test_solo_targets_and_saves():
    game = random_game(R, 1, 5)
    checked = 0
    for s in game[::6]:
        checked += check_targets(R, s)
        if R.current_player(s) is not gardenkit.CHANCE and R.decision(s) == "main":
            checked += check_targets(R, s, (next(t for t in s.tops if t), 0))
    assert checked > 20
    import json
    import random

    rng = random.Random("solo saves")
    refused_ = 0
    for s in game[::9] + [game[-1]]:
        d, what = mutate_save(json.loads(json.dumps(s.to_dict())), rng, times=(1, 2))
        back = load_or_refuse(R, d, what)
        if back is None:
            refused_ += 1
        else:
            play_out(R, back, rng, round_trip_every=5)
    assert refused_ > 5


# ----- saves of seeded random games (issue 22) ----------------------------------------------------------------
def seeded_game(seed, players=1):
    """The game the issue's sweep plays: set-up with ``seed``, chance by ``step_chance``, each move
    ``rng.choice(legal_actions)`` with one ``random.Random(seed)``; every state, first to last."""
    import random

    rng = random.Random(seed)
    s = R.initial_state(players=players, seed=seed)
    game = [s]
    while not R.is_terminal(s):
        s = R.step_chance(s) if R.current_player(s) is gardenkit.CHANCE else R.apply(s, rng.choice(R.legal_actions(s)))
        game.append(s)
        assert len(game) < 5000
    return game


# 1009: a fish sent to the box still counted as in the supply, so a fifth fish went down ("more decorations of a
# kind than the supply holds"); 1013: a win with four characters to stand ("too many decisions waiting"), then
# the starting character standing and still on its card ("every character must be in one place at most")
@pytest.mark.parametrize("seed", [1009, 1013])
def test_every_state_of_a_seeded_solo_game_round_trips_through_its_save(seed):
    game = seeded_game(seed)
    for s in game:
        saved(s)
    assert game[-1].result in ("victory", "defeat")
