"""Tang Garden widgets through their public methods (what a click calls), no browser needed.

Until Tang Garden is registered in ``gardenkit._GAMES`` the widgets are used here with the game
registered for the test only (``registered``).
"""
import gardenkit
import pytest

from gardenkit.games.tang_garden import TangGardenRules
from gardenkit.games.tang_garden.setups import position

R = TangGardenRules()

SLOTS = {("N", "l1"): "L1", ("N", "l2"): "L2", ("N", "s2"): "S4", ("E", "s2"): "S5", ("S", "s2"): "S6",
         ("W", "s2"): "S7"}


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    if "tang_garden" not in gardenkit._GAMES:
        monkeypatch.setattr(gardenkit, "_GAMES", gardenkit._GAMES + ("tang_garden",))
    yield


def resolve(s):
    while R.current_player(s) is gardenkit.CHANCE:
        s = R.step_chance(s)
    return s


def board_for(s, **kw):
    from gardenkit.widgets.tang_garden import TangGardenBoard

    return TangGardenBoard(s, **kw)


def emperor_to_place():
    s = position(tiles={"d3": (3, 0), "f4": (16, 0)}, tracks={0: (3, 2, 3)}, own={0: "hermit", 1: "poet"},
                 shown=("emperor", "lady"), slots=SLOTS, drawn=("fish/water", "birds/rock"), pending=(("keep",),))
    s = resolve(R.apply(s, "keep fish/water f4"))
    return resolve(R.apply(s, "influence shown emperor"))


# ----- building ---------------------------------------------------------------------------------------------
def test_picking_a_stack_top_offers_every_space_beside_the_garden_with_the_engines_verdict():
    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    board = board_for(s)
    board.pick("tile:2")
    assert board.tile == 2 and board.rot == 0
    want = {t.action: t for t in R.targets(s, (2, 0))}
    got = {t.action: t for t in board.spots()}
    assert got == want
    assert board.spot_actions() and board.spot_actions(legal=False)
    refused = next(t for t in board.spots() if t.points is None)
    assert refused.reason.rule.startswith("tang_garden.build.")
    for t in board.spots():
        assert f'data-action="{t.action}"' in board.svg
    assert 'data-pick="tile:2"' in board.svg


def test_turning_the_tile_changes_its_builds_and_a_click_builds_it():
    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    board = board_for(s)
    board.pick("tile:2")
    board.turn()
    assert board.rot == 90
    assert set(board.spot_actions()) == {t.action for t in R.targets(s, (2, 90)) if t.points is not None}
    assert board.play("build 2 c4 r90")
    assert board.state.tile_at(2, 3) == (2, 90)
    assert board.tile is None  # the pick is put back once played
    assert "tang_garden.build.advance" in board.panel.value


def test_a_refused_build_leaves_the_board_and_names_the_rule():
    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    board = board_for(s)
    board.pick("tile:2")
    refused = board.spot_actions(legal=False)[0]
    assert not board.play(refused)
    assert board.state is s
    assert "tang_garden.build" in board.panel.value


def test_picking_what_is_not_offered_says_so_and_changes_nothing():
    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    board = board_for(s)
    board.pick("tile:999")
    assert board.tile is None and "not face up" in board.panel.value
    board.pick("card:fish/water")
    assert board.card is None and "not among the cards" in board.panel.value
    board.pick("what")
    assert "Pick a stack top" in board.panel.value
    board.turn()
    assert "Pick a stack top first" in board.panel.value


def test_the_lantern_decorate_and_end_steps_are_buttons_from_the_engine():
    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    board = board_for(s)
    labels = {t.action for t in board.buttons()}
    assert {"decorate", "lantern build2", "lantern decorate2"} <= labels
    assert not any(a.startswith("build ") for a in labels)
    for a in labels:
        assert f'data-action="{a}"' in board.svg


# ----- decorating -----------------------------------------------------------------------------------------
def test_a_drawn_card_shows_its_areas_and_keeping_it_places_the_decoration():
    s = position(tiles={"f4": (16, 0), "c4": (1, 0)}, drawn=("fish/water", "pine/any"), pending=(("keep",),))
    board = board_for(s)
    assert 'data-pick="card:fish/water"' in board.svg and 'data-pick="card:pine/any"' in board.svg
    board.pick("card:fish/water")
    assert board.card == "fish/water"
    legal = board.spot_actions()
    assert legal == tuple(t.action for t in R.targets(s, ("card", "fish/water")) if t.points is not None)
    assert legal == ("keep fish/water f4",)
    assert any(t.reason.rule == "tang_garden.decorate.area" for t in board.spots() if t.points is None)
    board.pick("card:pine/any")
    assert board.spot_actions() == ("keep pine/any c4",)
    assert board.play("keep pine/any c4")
    assert (2, 3, "greenery", "pine") in board.state.decos


def test_discard_all_is_offered_only_when_no_card_can_be_placed():
    s = position(tiles={"c4": (1, 0)}, drawn=("fish/water",), pending=(("keep",),))
    board = board_for(s)
    assert [t.action for t in board.buttons()] == ["discard all"]
    s2 = position(tiles={"f4": (16, 0)}, drawn=("fish/water",), pending=(("keep",),))
    assert "discard all" not in [t.action for t in board_for(s2).buttons()]


# ----- a landscape tile ---------------------------------------------------------------------------------
def test_covering_a_token_then_a_landscape_tile_goes_in_a_clicked_slot():
    s = position(tiles={"d3": (1, 0)}, tops={0: 2})
    board = board_for(s)
    assert board.play("build 2 d2 r0")
    assert board.rules.decision(board.state) == "landscape"
    lid = board.state.land_shown[1][0]
    assert f'data-pick="land:{lid}"' in board.svg
    board.pick(f"land:{lid}")
    legal = board.spot_actions()
    taken = {(side, slot) for side, slot, _ in board.state.slots}
    assert legal and all(a.split()[3].startswith("s") for a in legal)
    assert len(legal) == 12 - len([t for t in taken if t[1].startswith("s")])
    refused = board.spot_actions(legal=False)
    assert refused and all(t.reason.rule == "tang_garden.landscape.insert" for t in board.spots() if t.points is None)
    assert f'data-action="landscape {lid} N s1"' in board.svg
    large = board.state.land_shown[0][0]
    assert f'data-pick="land:{large}"' not in board.svg  # a small token takes a small tile
    board.pick(f"land:{large}")
    assert board.land == (lid, False) and "not a small landscape tile" in board.panel.value
    assert board.play(f"landscape {lid} N s1")
    assert ("N", "s1", lid) in board.state.slots


# ----- characters -------------------------------------------------------------------------------------------
def test_placing_a_character_shows_each_spot_and_facing_with_the_coins_at_the_end():
    s = emperor_to_place()
    board = board_for(s)
    assert board.rules.decision(s) == "place"
    assert board.place_chars() == ("emperor", "hermit")
    board.pick("char:emperor")
    scores = board.sight_scores()
    legal = {t.action for t in R.targets(s, ("char", "emperor")) if t.points is not None}
    assert set(scores) == legal
    # each number is the engine's own end scoring of the Emperor after that placement
    for action, coins in scores.items():
        after = R.apply(s, action)
        assert coins == sum(line.points for line in R.final_lines(after, 0) if line.subject == "Emperor")
    assert scores["place emperor d3 tile N"] == 10  # two dragons on the north side
    picks = board.spot_picks()
    assert (3, 2, "tile", max(v for a, v in scores.items() if " d3 " in a)) in picks
    assert 'data-pick="spot:d3:tile"' in board.svg
    board.pick("spot:d3:tile")
    faces = {f: (t.action, coins) for f, t, coins in board.facings()}
    assert faces["N"] == ("place emperor d3 tile N", 10)
    assert faces["E"][1] == scores["place emperor d3 tile E"]
    assert 'data-action="place emperor d3 tile N"' in board.svg and 'class="gk-gsight' in board.svg
    assert "10</b> coins at the end" in board.panel.value
    assert board.play("place emperor d3 tile N")
    assert ("emperor", 0, 3, 2, "tile", "N") in board.state.placed
    assert 'data-char="emperor"' in board.svg


def test_the_move_lantern_moves_or_turns_a_standing_character():
    s = position(tiles={"d3": (3, 0), "f4": (16, 0)}, own={0: "hermit", 1: "poet"}, slots=SLOTS,
                 placed=(("emperor", 0, "d3", "tile", "E"),), step="after")
    board = board_for(s)
    assert board.movable_chars() == ("emperor",)
    board.pick("char:emperor")
    board.pick("spot:d3:tile")
    faces = {f: (t, coins) for f, t, coins in board.facings()}
    assert faces["E"][0].points is None and faces["E"][0].reason.rule == "tang_garden.lantern.move"
    assert faces["N"][0].action == "move emperor d3 tile N" and faces["N"][1] == 10
    assert board.play("move emperor d3 tile N")
    assert ("emperor", 0, 3, 2, "tile", "N") in board.state.placed
    assert board.state.lanterns[0][2] is False


def test_a_board_that_only_shows_refuses_clicks():
    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    board = board_for(s, clickable=False)
    assert "data-action" not in board.svg
    assert not board.play("decorate")
    assert "only shows" in board.panel.value


def test_the_browser_messages_are_checked():
    s = position(tops={0: 2}, own={0: "hermit", 1: "poet"})
    board = board_for(s)
    v = board.version
    board._on_front_end_msg(board, {"kind": "pick", "version": v, "value": "tile:2"}, [])
    assert board.tile == 2
    board._on_front_end_msg(board, {"kind": "pick", "version": v + 5, "value": "tile:2"}, [])
    assert board.tile == 2  # a stale message changes nothing
    board._on_front_end_msg(board, {"kind": "ui", "version": board.version, "name": "turn"}, [])
    assert board.rot == 90


# ----- the game view ---------------------------------------------------------------------------------
def test_a_whole_game_against_bots_through_the_board():
    from gardenkit.widgets.tang_garden import TangGardenGame

    g = TangGardenGame(players=2, seed=5, bot_delay=0, opponents="random")
    assert g.state.players == 2 and g.round_of(g.state) >= 1
    for _ in range(400):
        s = g.state
        if R.is_terminal(s):
            break
        board = g.board
        assert R.current_player(s) == 0
        d = R.decision(s)
        if d in ("main", "build2") and any(s.tops) and d == "build2":
            board.pick(f"tile:{next(t for t in s.tops if t)}")
        acts = board.buttons()
        if d == "main":
            move = "decorate" if any(t.action == "decorate" for t in acts) else None
        elif d == "keep":
            move = None
            for c in sorted(set(s.drawn)):
                if board.card != c:
                    board.pick(f"card:{c}")
                if board.spot_actions():
                    move = board.spot_actions()[0]
                    break
            move = move or [t.action for t in acts][0]
        elif d == "place":
            board.pick(f"char:{board.place_chars()[0]}")
            x, y, w, _ = board.spot_picks()[0]
            from gardenkit.games.tang_garden.components import space_name

            board.pick(f"spot:{space_name(x, y)}:{w}")
            move = next(t.action for f, t, c in board.facings() if t.points is not None)
        elif d == "landscape":
            board.pick(f"land:{s.land_shown[0 if s.pending[0][1] == 'large' else 1][0]}")
            move = board.spot_actions()[0]
        elif d == "build2":
            move = board.spot_actions()[0] if board.spot_actions() else None
        elif d == "token":
            move = board.spot_actions()[0]
        else:
            pref = [t.action for t in acts if t.action.startswith("influence shown")] + [t.action for t in acts]
            move = pref[0]
        if move is None:
            move = str(R.legal_actions(s)[0])
        assert g.play(move), (move, g.panel.value)
    assert R.is_terminal(g.state)
    assert R.outcome(g.state) is not None
    assert "<th>Coins</th>" in g.scores.value and "Points" not in g.scores.value  # one word for the score
    for v in R.scores(g.state):
        assert f"<td>{v}</td>" in g.scores.value
    # the chart counts coins too, in whole coins: its title, its y axis, its table
    assert g.chart.title == "Coins per round" and g.chart.axes[1].label == "coins"
    assert "<caption>Coins per round" in g.chart_table.value and "oints" not in g.chart_table.value
    ticks = g._yaxis.tick_values
    assert all(float(v).is_integer() for v in ticks) and ticks[-1] >= max(R.scores(g.state))


def test_a_solo_game_through_the_board():
    """Solo (one player): the pair's tile by a stack pick, its card on the board, neutral figures
    and characters stood by picks, every other step a button; played to the end."""
    from gardenkit.games.tang_garden.components import space_name

    s = resolve(R.initial_state(players=1, seed=2))
    board = board_for(s)
    for _ in range(600):
        s = board.state
        if R.is_terminal(s):
            break
        d = R.decision(s)
        move = None
        if d == "main":
            for tile in [t for t in s.tops if t]:
                if board.tile != tile:
                    board.pick(f"tile:{tile}")
                for _ in range(4):
                    if board.spot_actions():
                        move = board.spot_actions()[0]
                        break
                    board.turn()
                if move:
                    break
        elif d in ("place", "neutral", "final"):
            if board.char is None:
                board.pick(f"char:{board.place_chars()[0]}")
            x, y, w, _ = board.spot_picks()[0]
            board.pick(f"spot:{space_name(x, y)}:{w}")
            move = next(t.action for f, t, c in board.facings() if t.points is not None)
        elif d == "landscape":
            size = s.pending[0][1]
            board.pick(f"land:{s.land_shown[0 if size == 'large' else 1][0]}")
            move = board.spot_actions()[0]
        elif board.spot_actions():
            move = board.spot_actions()[0]
        if move is None:
            acts = [t.action for t in board.buttons()]
            assert acts, (d, [str(a) for a in R.legal_actions(s)][:5])
            move = next((a for a in acts if a.startswith("end turn")), acts[0])
        assert board.play(move), (move, board.panel.value)
    assert R.is_terminal(board.state)


def test_a_solo_game_view_plays_undoes_logs_and_charts_to_the_end():
    """``TangGardenGame(players=1)``: the solo game in a game view (no bots). Its chart has one
    line (bqplot once refused it: one line of one point); undo, the log, the score table, the
    chart and the final breakdown of a lost game (no winner) all work; a new game starts over."""
    import numpy

    from gardenkit.widgets.tang_garden import TangGardenGame

    g = TangGardenGame(players=1, seed=4, bot_delay=0)
    assert g.state.solo and g.bots == {} and "solo game" in g.panel.value and "28 spaces" in g.panel.value
    saved = g._repr_mimebundle_()  # what a notebook saves beside the live view
    assert saved["text/plain"] == "Tang Garden: a solo game" and "bots" not in saved.get("text/html", "")
    assert len(g.chart_data()) == 1 and numpy.atleast_2d(g._lines.y).shape[0] == 1
    assert list(g._lines.labels) == ["P1"] and g.moves.value.count("<li>") == 0
    assert list(g.score_columns(g.state)) == ["Tokens L/S"]  # no player board in the solo game (coins: the total)
    first = g.state
    assert not g.undo()  # nothing played yet
    assert g.play(str(R.legal_actions(g.state)[0]))
    assert g.state is not first and g.moves.value.count("<li>") == 1
    assert g.undo() and g.state == first  # back to the solo game's first choice
    for _ in range(600):
        if R.is_terminal(g.state):
            break
        move = str(R.legal_actions(g.state)[0])
        assert g.play(move), (move, g.panel.value)
    out = R.outcome(g.state)
    assert R.is_terminal(g.state) and out is not None
    chart = g.chart_data()
    assert len(chart) == 1 and chart[0][-1] == R.scores(g.state)[0] and chart[0] == sorted(chart[0])
    assert len(chart[0]) == g.round_of(g.state) + 1 and numpy.atleast_2d(g._lines.y).shape == (1, len(chart[0]))
    assert g.moves.value.count("<li>") > 20
    assert f"<td>{R.scores(g.state)[0]}</td>" in g.scores.value
    if out.winners:  # a win names the player; a defeat names no one, and says why
        assert "Player 1 (you) wins" in g.status.value
    else:
        assert "no one wins" in g.status.value and "No one wins" in g.panel.value
        assert "defeat with" in g.panel.value
    g.new_game(players=1, seed=5)
    assert g.state.solo and R.current_player(g.state) == 0 and g.moves.value.count("<li>") == 0
    assert len(g.chart_data()) == 1 and g.chart_data()[0][-1] == 0


def _solo_with_the_display_lantern_in_use():
    """A solo game (seed 3) played by first legal moves until the display lantern may be used, then used."""
    s = resolve(R.initial_state(players=1, seed=3))
    for _ in range(400):
        legal = [str(a) for a in R.legal_actions(s)]
        if "lantern display" in legal:
            return s, resolve(R.apply(s, "lantern display"))
        s = resolve(R.apply(s, legal[0]))
    raise AssertionError("the display lantern was never offered")


def test_the_solo_display_lantern_lets_a_display_tile_be_picked_turned_and_built():
    """With the solo display lantern in use the tile to build comes from the garden-tile display: the
    board draws the display's tiles as picks (the stack tops are not picks then), picking one offers
    its builds (the engine's), and a click builds it. Before the lantern the display is drawn but not
    pickable. (The board once offered only the stack tops, so the turn could not go on.)"""
    import re

    before, s = _solo_with_the_display_lantern_in_use()
    assert before.display and s.lantern_mode == "display"
    board = board_for(before)
    picks = set(re.findall(r'data-pick="(tile:\d+)"', board.svg))
    assert picks == {f"tile:{t}" for t in before.tops if t}  # the stacks' tops, not the display
    assert all(f'data-display="{t}"' in board.svg for t in before.display)
    assert all(f'data-pair="{c}"' in board.svg for c in before.pairs)  # each stack's card is shown
    board = board_for(s)
    picks = set(re.findall(r'data-pick="(tile:\d+)"', board.svg))
    assert picks == {f"tile:{t}" for t in s.display}
    assert board.pickable_tiles() == tuple(s.display)
    top = next(t for t in s.tops if t and t not in s.display)
    board.pick(f"tile:{top}")
    assert board.tile is None and "garden-tile display" in board.panel.value
    legal = {str(a) for a in R.legal_actions(s) if str(a).startswith("build ")}
    assert legal and {a.split()[1] for a in legal} <= set(map(str, s.display))
    tile = int(sorted(legal)[0].split()[1])
    board.pick(f"tile:{tile}")
    assert board.tile == tile and "gk-gpicked" in board.svg
    offered = set()
    for _ in range(4):
        offered |= {a for a in board.spot_actions() if a.startswith("build ")}
        board.turn()
    assert offered == {a for a in legal if a.split()[1] == str(tile)}
    move = sorted(offered)[0]
    assert board.play(move)
    assert tile not in board.state.display and board.state.lantern_mode == "display"


def _hooks(svg: str) -> dict:
    """What a browser can click on a drawn board: the legal ``data-action`` values (not greyed), the
    ``data-pick`` values, the picked ones, and the ``data-ui`` controls."""
    import re

    out = {"legal": [], "picks": [], "picked": [], "ui": []}
    for attrs in re.findall(r"<\w+([^>]*)>", svg):
        cls = (re.search(r'class="([^"]*)"', attrs) or [None, ""])[1]
        for key, name in (("legal", "data-action"), ("picks", "data-pick"), ("ui", "data-ui")):
            m = re.search(name + r'="([^"]*)"', attrs)
            if m and not (key == "legal" and "gk-illegal" in cls):
                out[key].append(m.group(1).replace("&amp;", "&"))
                if key == "picks" and ("gk-gpicked" in cls or "gk-on" in cls.split()):
                    out["picked"].append(m.group(1))
    return out


@pytest.mark.parametrize("seed", [3, 7])
def test_a_solo_game_view_plays_to_its_end_by_the_drawn_hooks_only(seed):
    """The browser's way through a solo game, headless: every decision is taken only from what the
    drawn board offers (``data-action``, ``data-pick``, ``data-ui`` in ``board.svg``), handed to
    ``board.play``/``pick``/``ui`` as the front end does. Seed 3 reaches a turn where no stack top
    fits and the display lantern is used (its tile must then be picked from the display)."""
    from gardenkit.widgets.tang_garden import TangGardenGame

    g = TangGardenGame(players=1, seed=seed, bot_delay=0)
    board = g.board
    kinds, lanterns = set(), []
    for _ in range(400):
        if R.is_terminal(g.state):
            break
        d = R.decision(g.state)
        hooks = _hooks(board.svg)
        kinds.add(d)
        moves = [a for a in hooks["legal"] if a.startswith(("build ", "keep ", "landscape ", "place "))]
        if moves:
            assert board.play(moves[0]), moves[0]
            continue
        played = False
        for tile in [p for p in hooks["picks"] if p.startswith("tile:")]:
            board.pick(tile)
            for _ in range(4):
                builds = [a for a in _hooks(board.svg)["legal"] if a.startswith("build ")]
                if builds:
                    assert board.play(builds[0])
                    played = True
                    break
                board.ui("turn")
            if played:
                break
            board.pick(tile)  # put it back
        if played:
            continue
        picks = {k: [p for p in hooks["picks"] if p.startswith(k)] for k in ("spot:", "char:", "land:")}
        if picks["spot:"] or picks["char:"] or picks["land:"]:
            board.pick((picks["spot:"] or picks["char:"] or picks["land:"])[0])
            assert _hooks(board.svg) != hooks, (d, hooks)  # the pick changed what is offered
            continue
        buttons = [a for a in _hooks(board.svg)["legal"] if not a.startswith("build ")]
        assert buttons, (d, hooks, [str(a) for a in R.legal_actions(g.state)][:8])
        pref = [a for a in buttons if a.startswith(("influence ", "end turn"))] + buttons
        assert board.play(pref[0]), pref[0]
        if pref[0].startswith("lantern "):
            lanterns.append(pref[0])
    assert R.is_terminal(g.state), R.decision(g.state)
    assert {"start", "main", "skeep", "after"} <= kinds, kinds
    assert _hooks(board.svg) == {"legal": [], "picks": [], "picked": [], "ui": []}
    assert "Game over" in g.status.value
    if seed == 3:
        assert "lantern display" in lanterns, lanterns
