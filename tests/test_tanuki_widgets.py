"""Tanuki in the Garden widgets tested without a browser: call what a click calls (the front end's
messages, or the public methods), check what is shown against the engine.

Until Tanuki is registered (``gardenkit._GAMES``), the fixture ``registered`` adds it for each test:
the board and the game view find their rules through ``gardenkit.make("tanuki")``."""
from __future__ import annotations

import doctest
import json
import random
import re

import pytest

import gardenkit
from gardenkit import CHANCE
from gardenkit.games.tanuki import TanukiRules
from gardenkit.games.tanuki.setups import position
from gardenkit.render.tanuki import walk_lines

R = TanukiRules()


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """Tanuki in the registry (a no-op once it is registered for good)."""
    if "tanuki" not in gardenkit._GAMES:
        monkeypatch.setattr(gardenkit, "_GAMES", gardenkit._GAMES + ("tanuki",))
    yield


def widgets():
    from gardenkit.widgets import tanuki

    return tanuki


def msg(board, **content):
    board._on_front_end_msg(board, content, [])


def actions_in(svg: str) -> set[str]:
    return {a.replace("&amp;", "&").replace("&quot;", '"') for a in re.findall(r'data-action="([^"]*)"', svg)}


def picks_in(svg: str) -> set[str]:
    return set(re.findall(r'data-pick="([^"]*)"', svg))


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").replace("&gt;", ">")


def started(players=2, seed=3, **options):
    s = R.initial_state(players=players, seed=seed, **options)
    while R.current_player(s) is CHANCE:
        s = R.step_chance(s)
    return s


# ----- pick, turn and play ------------------------------------------------------------------------------
def test_pick_turn_and_play_through_the_front_end_messages():
    s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"}, hands={0: (5, 9, 12)})
    board = widgets().TanukiBoard(s)
    assert {"5", "9", "12"} <= picks_in(board.svg) and not actions_in(board.svg) & {"5@b3g2"}
    msg(board, kind="pick", value="5", version=board.version)
    assert board.selected == 5 and board.spot_actions() == ("5@b3g2",)
    assert "5@b3g2" in actions_in(board.svg) and 'data-ghost="5"' in board.svg
    msg(board, kind="ui", name="turn", version=board.version)
    assert board.rot == 90 and board.spot_actions() == ("5@b3g2/90",)
    for rot in (180, 270, 0):
        board.turn()
        assert board.rot == rot and board.spot_actions() == (f"5@b3g2{f'/{rot}' if rot else ''}",)
    board.turn()
    before = board.state
    msg(board, kind="play", action="5@b3g2/90", version=board.version)
    assert board.state is not before and board.state.tile_at(2, 1) == (5, 90)
    assert board.selected is None and 5 not in board.state.hands[0]
    # the walks of the tile just laid stay on the board, to be stepped through
    assert board.trail == R.walks(before, "5@b3g2/90") and "data-trail=" in board.svg


def test_every_placement_target_is_the_engines_and_every_legal_one_is_offered():
    s = started(3, 5)
    rng = random.Random(5)
    seen = 0
    while R.current_player(s) is not None and seen < 25:
        p = R.current_player(s)
        if p is CHANCE:
            s = R.step_chance(s)
            continue
        if R.decision(s) == "tile" and s.hands[p]:
            board = widgets().TanukiBoard(s)
            offered = set()
            for t in s.hands[p]:
                board.select(t)
                for _ in range(4):
                    for a in board.spot_actions():
                        assert R.why_illegal(s, a) is None
                    for a in board.spot_actions(legal=False):
                        assert R.why_illegal(s, a) is not None
                    assert set(board.spot_actions()) <= actions_in(board.svg)
                    offered |= set(board.spot_actions())
                    board.turn()
            assert offered == {str(a) for a in R.legal_actions(s)}
            seen += 1
        s = R.apply(s, rng.choice(R.legal_actions(s)))
    assert seen >= 5


def test_a_refused_click_names_the_rule_and_changes_nothing():
    blocked = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, tanuki=("b3g2", None), hands={0: (34, 12, 17)})
    board = widgets().TanukiBoard(blocked)
    board.pick("34")
    assert board.spot_actions() == ("pass",) and board.spot_actions(legal=False) == ("34@b3g2", "chase")
    assert "tanuki.tanuki.block" in board.panel.value  # the preview panel says why already
    assert board.play("34@b3g2") is False
    assert board.state is blocked and "tanuki.tanuki.block" in board.panel.value
    assert "blue" in text_of(board.panel.value)
    # a tile not in the hand, a pick out of turn
    assert board.play("5@b3g2") is False and "tanuki.tile.play" in board.panel.value
    board.pick("5")
    assert board.selected == 34 and "not in your hand" in board.panel.value
    s = position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}, stage="roll", tanuki=("b3g3", "b5g5"))
    s = R.apply(s, "roll blue 4 gold 5")
    dice = widgets().TanukiBoard(s, player=0)
    dice.pick("34")
    assert dice.selected is None and "tile phase" in dice.panel.value
    assert dice.play("pass") is False and "tanuki.tanuki.choose" in dice.panel.value
    # a stale click (the drawing changed before it arrived) is not played
    board = widgets().TanukiBoard(position(monks={0: "b3g2 A", 1: "b6g6 side 2"}, hands={0: (34, 12, 17)}))
    board.pick("34")
    msg(board, kind="play", action="34@b3g2", version=board._position_version - 1)  # another position's drawing
    assert board.state.tile_at(2, 1) is None and "changed before your click" in board.panel.value
    # malformed messages are dropped
    msg(board, kind="pick", value=["34"], version=board.version)
    msg(board, kind="ui", name="turn", version="1")
    assert board.rot == 0


def test_the_preview_names_where_every_monk_would_end_and_what_each_gains_before_playing():
    s = position(3, monks={0: "b3g2 H", 1: "b3g2 A", 2: "b3g2 F"}, hands={0: (34, 12, 17)}, shiitake={1: 6, 2: 2})
    board = widgets().TanukiBoard(s)
    board.pick("34")
    walks = R.walks(s, "34@b3g2")
    assert board.preview_action() == "34@b3g2" and board.preview_walks() == walks
    assert board.preview_lines() == walk_lines(walks) == (
        "Player 1: b3g2 Shiitake → stops facing b4g2 (+1)",
        "Player 2: b3g2 Shiitake → crashes into Player 3's monk: both sent back (-4)")
    panel = text_of(board.panel.value)
    assert "Before you play" in panel and "stops facing b4g2 (+1)" in panel and "crashes into Player 3" in panel
    assert "tanuki.crash.bonus" in board.panel.value  # the engine's explanation: the bonus for the crash you cause
    svg = board.svg
    assert 'class="gk-twalk"' in svg and 'class="gk-tcrashg"' in svg and 'data-preview="34@b3g2"' in svg
    # nothing was played: the preview is only a picture
    assert board.state is s


def test_from_a_start_place_each_path_end_is_previewed_by_pointing_or_by_the_other_end_button():
    s = position(hands={0: (34, 12, 17)}, monks={0: "b3g1 side 1", 1: "b4g6 side 3"})
    board = widgets().TanukiBoard(s)
    board.pick("34")
    assert board.spot_actions() == ("34@b3g1 from A", "34@b3g1 from B")
    assert board.preview_action() == "34@b3g1 from A" and 'data-ui="other_end"' in board.svg
    first = board.preview_walks()
    msg(board, kind="ui", name="other_end", version=board.version)
    assert board.preview_action() == "34@b3g1 from B" and board.preview_walks() == R.walks(s, "34@b3g1 from B")
    msg(board, kind="hover", action="34@b3g1 from A", version=board.version)
    assert board.preview_action() == "34@b3g1 from A" and board.preview_walks() == first
    assert 'data-preview="34@b3g1 from A"' in board.svg
    board.preview_move("chase")
    assert "not one of the moves to preview" in board.panel.value


def test_the_direction_on_a_five_is_a_click_on_the_board_rulebook_example():
    s = position(tanuki=("b3g3", "b5g5"), monks={0: "b3g1 side 1", 1: "b6g3 side 2"}, hands={0: (34, 12, 17)},
                 stage="roll")
    s = R.apply(s, "roll blue 4 gold 5")
    board = widgets().TanukiBoard(s)
    assert set(board.spot_actions()) == {f"gold toward {k}" for k in (1, 2, 3, 4)}
    assert re.findall(r'class="gk-tarrowb"[^>]*data-action="(gold toward \d)"', board.svg) == \
        [f"gold toward {k}" for k in (1, 2, 3, 4)]
    board.hover("gold toward 3")
    assert "tanuki.tanuki.off" in board.panel.value
    assert board.play("gold toward 3")
    assert board.state.tanuki == ((1, 2), None) and board.state.shiitake[0] == 1


def test_start_places_are_clicked_on_the_edge():
    s = started(2, 3)
    board = widgets().TanukiBoard(s)
    assert R.decision(s) == "setup" and len(board.spot_actions()) == 24
    assert board.play("start b3g1 side 1")
    assert board.state.monks[0] == ("edge", 2, 0, 1)


def test_a_reactive_card_is_offered_on_the_board_and_declined():
    s = position(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll",
                 tanuki=("b3g2", "b6g1"), cards={0: ("repellant",)}, shiitake={0: 5}, active=1, garden_master=True)
    s = R.apply(s, "roll blue 3 gold 1")  # the blue Tanuki is about to land on player 1's monk, on player 2's turn
    board = widgets().TanukiBoard(s, player=0)
    assert board.my_turn() and set(board.spot_actions()) == {"play repellant", "decline"}
    assert {"play repellant", "decline"} <= actions_in(board.svg)
    assert "may play a Tanuki Repellant" in board.svg
    board.hover("decline")
    assert "-3" in text_of(board.panel.value)
    assert board.play("decline")
    assert board.state.shiitake[0] == 2 and board.state.cards[0] == ("repellant",)
    # player 2's board at that moment: nothing to click, player 1's card face down
    other = widgets().TanukiBoard(s, player=1)
    assert not other.my_turn() and not actions_in(other.svg) and 'data-card="repellant"' not in other.svg


def test_a_garden_master_card_is_picked_then_played_by_one_of_its_choices():
    s = position(monks={0: "b3g2 A", 1: "b5g5 A"}, tiles={"b5g4": (1, 0)}, garden_master=True, stage="pre",
                 tanuki=("b1g1", None), cards={0: ("move", "bait", "fast")})
    board = widgets().TanukiBoard(s)
    assert board.spot_actions() == ("go",)
    assert {"card:move", "card:bait", "card:fast"} <= picks_in(board.svg)
    board.pick("card:move")
    assert board.card == "move"
    assert set(board.spot_actions()) == {"go"} | {f"play move: blue toward {k}" for k in (1, 2, 3, 4)}
    msg(board, kind="ui", name="unpick", version=board.version)
    assert board.card is None and board.spot_actions() == ("go",)
    board.pick("card:fast")
    assert set(board.spot_actions()) == {"go", "play fast"}
    board.pick("card:fast")  # again: put back
    assert board.card is None
    # Tanuki Bait, one choice at a time: whom, the blue Tanuki's space, the gold one's
    board.pick("card:bait")
    assert picks_in(board.svg) >= {"victim:2"} and board.spot_actions() == ("go",)
    board.pick("victim:2")
    blue = {p for p in picks_in(board.svg) if p.startswith("bait:")}
    assert len(blue) == 8 and "bait:b4g4" in blue
    board.pick("bait:b4g4")
    golds = set(board.spot_actions()) - {"go"}
    assert golds == {str(a) for a in R.legal_actions(s) if str(a).startswith("play bait: 2, blue b4g4")}
    assert len(golds) == 7
    assert board.play("play bait: 2, blue b4g4, gold b6g5")
    after = R.apply(s, "play bait: 2, blue b4g4, gold b6g5")
    assert after.tanuki == ((3, 3), (5, 4))
    while R.current_player(after) is CHANCE:  # a board on its own rolls the dice next
        after = R.step_chance(after)
    assert board.state == after
    # a card that cannot be played now says why
    board = widgets().TanukiBoard(position(monks={0: "b3g2 A", 1: "b5g5 A"}, garden_master=True, stage="tile",
                                           cards={0: ("basket", "fast")}))
    board.pick("card:basket")
    assert board.card is None and "never played" in board.panel.value and "tanuki.gm.basket" in board.panel.value
    board.pick("card:fast")
    assert board.card is None and "before the roll" in board.panel.value and "tanuki.gm.fast" in board.panel.value
    board.pick("card:pilfer")
    assert "you hold no 'pilfer' card" in text_of(board.panel.value)


def test_shifting_paths_is_played_in_two_taps_the_tile_then_how_far():
    s = position(monks={0: "b3g2 A", 1: "b5g5 A"}, tiles={"b4g4": (1, 0), "b5g4": (2, 0)}, garden_master=True,
                 cards={0: ("shift",)}, stage="pre")
    shifts = {str(a) for a in R.legal_actions(s) if str(a).startswith("play shift")}
    board = widgets().TanukiBoard(s)
    board.pick("card:shift")
    # first the tile: each space a tile may be turned on is one pick (the whole space), no turn yet
    assert {p for p in picks_in(board.svg) if p.startswith("shift:")} == {"shift:b4g4", "shift:b5g4"}
    assert board.spot_actions() == ("go",) and not actions_in(board.svg) & shifts
    board.pick("shift:b6g6")  # no tile there
    assert board.shift_at is None and "cannot be turned" in board.panel.value
    board.pick("shift:b5g4")
    # then how far: that space's three turns, as buttons
    assert set(board.spot_actions()) == {"go"} | {a for a in shifts if "b5g4" in a}
    assert {a for a in shifts if "b5g4" in a} <= actions_in(board.svg) and len(shifts) == 6
    assert not any(p.startswith("shift:") for p in picks_in(board.svg))
    msg(board, kind="ui", name="unpick", version=board.version)
    assert board.card is None and board.shift_at is None
    board.pick("card:shift")
    board.pick("shift:b4g4")
    assert board.play("play shift: b4g4/180")
    assert board.state.board[3 * 6 + 3] == (1, 180)


def test_the_trail_of_the_last_tile_steps_piece_by_piece():
    s = position(3, monks={0: "b3g2 H", 1: "b3g2 A", 2: "b3g2 F"}, hands={0: (34, 12, 17)}, shiitake={1: 6, 2: 2})
    board = widgets().TanukiBoard(s, on_play=lambda *_: None)  # shows the walks without playing on
    walks = R.walks(s, "34@b3g2")
    board.show_walks(s, "34@b3g2")
    n = sum(len(w.pieces) for w in walks)
    assert board.trail == walks and 'data-step="all"' in board.svg
    for k in range(n):
        msg(board, kind="ui", name="trail_next", version=board.version)
        assert board.trail_step == k and f'data-step="{k}"' in board.svg and f"Step {k + 1} of {n}" in board.svg
    board.trail_next()
    assert board.trail_step is None
    board.trail_back()
    assert board.trail_step == n - 1
    board.trail_all()
    assert board.trail_step is None
    board.trail_hide()
    assert board.trail == () and "data-trail" not in board.svg
    board.trail_next()
    assert "No walks to step through" in board.panel.value


def test_a_picture_board_rings_the_move_and_shows_its_walks_without_clicks():
    s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"}, hands={0: (5, 9, 12)})
    board = widgets().TanukiBoard(s, clickable=False)
    board.mark("5@b3g2")
    assert not actions_in(board.svg) and 'class="gk-twalk"' in board.svg and "gk-marked" in board.svg
    assert board.play("5@b3g2") is False and "only shows" in board.panel.value


# ----- the game view -------------------------------------------------------------------------------------
def play_by_clicks(g, rng, max_clicks=3000):
    """Play the seat's moves by what a click calls (picks, turns, the board's spots) until the game ends."""
    board = g.board
    clicks = 0
    kinds = set()
    while g.rules.current_player(g.state) is not None and clicks < max_clicks:
        assert g.rules.current_player(g.state) == g.seat  # bots and chance answer at once (bot_delay=0)
        s = g.state
        kind = g.rules.decision(s)
        kinds.add(kind)
        if kind == "tile" and s.hands[g.seat] and rng.random() < 0.9:
            msg(board, kind="pick", value=str(rng.choice(s.hands[g.seat])), version=board.version)
            for _ in range(rng.randrange(4)):
                msg(board, kind="ui", name="turn", version=board.version)
        elif kind in ("pre", "tile") and board.svg.count('data-pick="card:') and rng.random() < 0.5:
            card = rng.choice(sorted(p for p in picks_in(board.svg) if p.startswith("card:")))
            msg(board, kind="pick", value=card, version=board.version)
            for _ in range(2):  # Tanuki Bait: whom, then where the blue Tanuki goes
                steps = sorted(p for p in picks_in(board.svg) if p.startswith(("victim:", "bait:", "shift:")))
                if steps:
                    msg(board, kind="pick", value=rng.choice(steps), version=board.version)
        legal = board.spot_actions()
        if not legal and kind == "tile":  # a tile is laid by picking it first
            msg(board, kind="pick", value=str(s.hands[g.seat][0]), version=board.version)
            legal = board.spot_actions()
        assert legal, (kind, g.panel.value)
        assert set(legal) <= actions_in(board.svg)
        action = rng.choice(legal)
        before = len(g.timeline.history)
        msg(board, kind="play", action=action, version=board.version)
        assert len(g.timeline.history) > before, (action, g.panel.value)
        clicks += 1
    return clicks, kinds


@pytest.mark.parametrize("players,gm,seed", [(2, False, 1), (3, True, 2), (4, True, 5)])
def test_a_whole_game_against_bots_by_clicks(players, gm, seed):
    g = widgets().TanukiGame(players=players, seed=seed, bot_delay=0, garden_master=gm)
    assert g.option_inputs["garden_master"].value is gm
    clicks, kinds = play_by_clicks(g, random.Random(seed))
    s = g.state
    assert g.rules.current_player(s) is None and g.rules.outcome(s) is not None
    assert "Game over" in g.status.value and clicks > 5
    assert {"setup", "tile"} <= kinds
    if gm:
        assert s.garden_master and kinds & {"pre", "buy", "react", "counter"}
    # the log shows every move in effect; the chart and the final breakdown are there
    assert g.moves.value.count("<li>") == sum(1 for b, _a, _c in g.timeline.steps()
                                              if isinstance(g.rules.current_player(b), int))
    assert "gk-final" in g.panel.value or "wins" in text_of(g.panel.value)


def load_position(g, s, actions=(), seat=0):
    """Load a game that starts at position ``s`` (and plays ``actions``) into game view ``g``."""
    data = {"format": "gardenkit-game", "game": "tanuki", "seat": seat, "opponents": "greedy", "seed": 1,
            "timeline": {"game": "tanuki", "initial": s.to_dict(), "actions": list(actions),
                         "position": len(actions)}}
    assert g.load_data(data), g.panel.value


def test_in_a_game_you_decline_a_reactive_card_and_the_bots_play_on():
    g = widgets().TanukiGame(players=2, seed=1, bot_delay=0, garden_master=True)
    s = position(monks={0: "b3g4 A", 1: "b6g6 side 2"}, tiles={"b3g3": (34, 0)}, stage="roll",
                 tanuki=("b3g2", "b6g1"), cards={0: ("repellant",)}, shiitake={0: 5}, active=1, garden_master=True)
    load_position(g, s, ["roll blue 3 gold 1"])  # on player 2's turn a Tanuki is about to reach your monk
    assert g.rules.current_player(g.state) == 0 and g.rules.decision(g.state) == "react"
    assert set(g.board.spot_actions()) == {"play repellant", "decline"}
    assert "your move" in g.status.value and "Repellant" in g.status.value
    n = len(g.timeline.history)
    assert g.play("decline")
    assert g.timeline.history[n] == g.rules.parse_action(g.state, "decline")
    assert g.timeline.states()[n + 1].shiitake[0] == 2 and "repellant" in g.state.cards[0]
    assert g.rules.current_player(g.state) in (0, None) and len(g.timeline.history) > n + 1  # the bot went on


def test_in_a_game_a_bot_may_answer_your_card_with_the_best_offense():
    g = widgets().TanukiGame(players=3, seed=1, bot_delay=0, garden_master=True)
    s = position(3, monks={0: "b1g1 side 4", 1: "b6g6 side 2", 2: "b3g1 side 1"}, stage="pre", garden_master=True,
                 cards={0: ("pilfer",), 1: ("offense",), 2: ("offense",)}, shiitake={1: 2, 2: 2},
                 tanuki=("b3g3", "b5g5"))
    load_position(g, s)
    g.board.pick("card:pilfer")
    assert g.board.spot_actions() == ("go", "play pilfer: 2 3")
    n = len(g.timeline.history)
    assert g.play("play pilfer: 2 3")
    answers = [str(a) for a in g.timeline.history[n + 1:n + 3]]
    assert answers and answers[0] in ("play offense", "decline")  # player 2's answer, by its bot
    assert "play pilfer: 2 3" in g.moves.value


def test_the_garden_master_checkbox_starts_a_game_with_the_expansion():
    g = widgets().TanukiGame(players=3, seed=4, bot_delay=0)
    assert not g.state.garden_master and set(g.option_inputs) == {"garden_master", "short"}
    g.option_inputs["garden_master"].value = True
    g.new_game_from_controls()
    assert g.state.garden_master and "with Garden Master" in g.panel.value


def test_the_others_hands_and_cards_stay_hidden_in_the_game_view():
    g = widgets().TanukiGame(players=3, seed=6, bot_delay=0, garden_master=True)
    rng = random.Random(6)
    for _ in range(30):  # play on a while, so that bots hold cards
        if g.rules.current_player(g.state) is None:
            break
        legal = [t.action for t in g.board.spots() if t.legal] or ["go"]
        g.play(rng.choice(legal))
    s = g.state
    others = [q for q in range(s.players) if q != g.seat]
    svg = g.board.svg
    # the board shows the seat's hand only; the other players' tiles are nowhere in the view
    hands = set(re.findall(r'data-hand="(\d)"', svg))
    assert hands <= {str(g.seat)}
    for q in others:
        for t in s.hands[q]:
            if t not in s.hands[g.seat] and t not in [c[0] for c in s.board if c]:
                assert f'data-tile="{t}"' not in svg and f'data-pick="{t}"' not in svg
        for kind in s.cards[q]:
            if kind not in s.cards[g.seat]:
                assert f'data-card="{kind}"' not in svg
    known = g.rules.known_scores(g.rules.observe(s, g.seat))
    assert [("?" if v is None else str(v)) for v in known] == \
        [el for el in re.findall(r'data-score="([^"]*)"', svg)]
    for q in others:
        if s.cards[q]:
            assert known[q] is None
    assert "?" in g.scores.value or all(not s.cards[q] for q in others)


def test_the_last_tiles_walks_show_after_every_tile_whoever_laid_it():
    g = widgets().TanukiGame(players=2, seed=3, bot_delay=0)
    rng = random.Random(3)
    shown = 0
    for _ in range(40):
        if g.rules.current_player(g.state) is None:
            break
        history = g.timeline.history
        last = max((i for i, a in enumerate(history) if type(a).__name__ in ("Place", "Enter")), default=None)
        if last is not None:
            before = g.timeline.steps(last)[0][0]
            assert g.board.trail == R.walks(before, history[last])
            assert str(history[last]) in g.board.trail_label
            shown += 1
        if g.rules.decision(g.state) == "tile" and g.state.hands[g.seat]:
            g.board.pick(str(g.state.hands[g.seat][0]))
        g.play(rng.choice([t.action for t in g.board.spots() if t.legal]))
    assert shown > 5


def test_hint_picks_the_tile_and_shows_its_preview_then_undo_goes_back():
    g = widgets().TanukiGame(players=2, seed=8, bot_delay=0)
    while g.rules.decision(g.state) != "tile":
        g.play([t.action for t in g.board.spots() if t.legal][0])
    g.hint()
    marked = g.board.marked
    a = g.rules.parse_action(g.state, marked)
    if type(a).__name__ == "Place":
        assert g.board.selected == a.tile and g.board.rot == a.rot and g.board.preview_action() == marked
        assert 'class="gk-twalk"' in g.board.svg
    assert "Hint" in g.panel.value
    before = g.state
    assert g.play(marked)
    assert g.undo() and g.state == before


def test_save_and_load_round_trip_and_a_broken_save_is_refused():
    g = widgets().TanukiGame(players=3, seed=2, bot_delay=0, garden_master=True)
    for _ in range(6):
        if g.rules.decision(g.state) == "tile" and g.state.hands[g.seat]:
            g.board.pick(str(g.state.hands[g.seat][0]))
        g.play([t.action for t in g.board.spots() if t.legal][0])
    data = json.loads(json.dumps(g.save_data()))
    h2 = widgets().TanukiGame(players=2, seed=9, bot_delay=0)
    assert h2.load_data(data)
    assert h2.state == g.state and h2.state.garden_master and h2.option_inputs["garden_master"].value
    kept = h2.state
    assert not h2.load_data("{not json") and h2.state is kept
    bad = json.loads(json.dumps(data))
    bad["timeline"]["actions"] = bad["timeline"]["actions"][:3] + ["12@b9g9"]
    assert not h2.load_data(bad) and h2.state is kept and "Could not load" in h2.panel.value


def test_the_module_doctests_run():
    from gardenkit.widgets import tanuki

    result = doctest.testmod(tanuki, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5 and result.failed == 0


# ----- the tutor widgets find the board through the registry ------------------------------------------------
def test_a_try_board_picks_a_tile_previews_it_and_plays_it():
    from gardenkit.widgets import TryBoard

    s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"}, hands={0: (5, 9, 12)})
    tb = TryBoard(s, "Lay a tile in front of your monk")
    assert type(tb.board).__name__ == "TanukiBoard"
    assert tb.board.selected == 5 and tb.board.spot_actions() == ("5@b3g2",)
    assert "Before you play" in tb.panel.value and 'class="gk-twalk"' in tb.board.svg
    assert tb.play("5@b3g2")
    assert tb.board.state.tile_at(2, 1) == (5, 0) and tb.board.trail  # the walk stays to be stepped through
    tb.reset()
    assert tb.board.state == s and not tb.board.trail


def test_the_rulebooks_dice_example_steps_with_the_choice_ringed_and_another_choice_tried():
    from gardenkit.tutor import Scenario
    from gardenkit.widgets import ScenarioPlayer

    start = position(tanuki=("b3g3", "b5g5"), monks={0: "b3g1 side 1", 1: "b6g3 side 2"}, hands={0: (34, 12, 17)},
                     stage="roll")
    rolled = R.apply(start, "roll blue 4 gold 5")  # blue walks one space toward side 4; gold's 5: the roller chooses
    sc = Scenario("dice", "Blue 4, gold 5", "the rulebook's example", rolled, ("gold toward 3", "34@b3g1 from A"),
                  ("gold goes off the board: +1", "then a tile"), game="tanuki")
    player = ScenarioPlayer(sc)
    player.goto(0)
    assert player.board.marked == "gold toward 3"
    assert re.search(r'class="gk-tarrowb gk-marked"[^>]*data-action="gold toward 3"', player.board.svg)
    assert player.choose("gold toward 1")  # another choice: the gold Tanuki stays on the board
    assert player.board.state.tanuki[1] == (4, 2)
    player.goto(1)
    assert player.board.selected == 34 and player.board.preview_action() == "34@b3g1 from A"
    assert 'class="gk-twalk"' in player.board.svg
    player.forward()
    assert player.step == 2
    # a board given CHANCE as its player (an example starting at a roll) shows whoever is to act
    board = widgets().TanukiBoard(start, player=CHANCE)
    assert board.player == 0


def test_a_click_draws_the_board_once_with_its_walks():
    """A click that lays a tile draws the board once, the position after it and the tile's walks
    together (issue 25: the board drew the position, then drew it again with the walks), on a try
    board and in a game view where the bots answer at once."""
    s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"}, hands={0: (5, 9, 12)})
    board = widgets().TanukiBoard(s)
    board.pick("5")
    drawn = board.version
    assert board.play("5@b3g2") and board.trail
    assert board.version == drawn + 1
    g = widgets().TanukiGame(players=2, seed=1, bot_delay=0)
    tiles = 0
    for _ in range(12):
        if g.rules.current_player(g.state) is None:
            break
        legal = [t.action for t in g.board.spots() if t.legal]
        if not legal and g.state.hands[g.seat]:  # a tile to lay: pick one first (a drawing of its own)
            g.board.pick(str(g.state.hands[g.seat][0]))
            legal = [t.action for t in g.board.spots() if t.legal]
        drawn = g.board.version
        assert g.board.play(legal[0])
        assert g.board.version == drawn + 1, (legal[0], g.board.version - drawn)
        tiles += "@" in legal[0]
    assert tiles >= 5 and g.board.trail  # tiles were laid, each drawn once with its walks


def test_a_click_plays_its_tile_out_once(monkeypatch):
    """A tile laid by a click is played out once: its target's name, the position after it and the
    walks the board then shows all come from one playing-out of the move (issue 25: the walks,
    read after the move, played it out a second time)."""
    from gardenkit.core.rules import PlayedOut
    from gardenkit.games.tanuki import engine

    s = position(tiles={"b3g1": (1, 0)}, monks={0: "b3g2 F", 1: "b5g6 side 3"}, hands={0: (5, 9, 12)})
    board = widgets().TanukiBoard(s)
    board.pick("5")
    assert board.spot_actions() == ("5@b3g2",)
    played = []
    original = engine.Work.do

    def counted(self, a):
        if self.s0 is s:
            played.append(str(a))
        return original(self, a)

    monkeypatch.setattr(engine.Work, "do", counted)
    # as a board plays it: the move was played out when its target was named, and the click plays
    # it out no more (its walks are read while that play-out is kept, before the tiles drawn after
    # the move push it out)
    assert board.play("5@b3g2")
    assert played == [], played
    assert board.trail and board.trail == R.walks(s, "5@b3g2")  # the walks shown are the move's
    # with what the targets played out forgotten, the click plays the move out itself, once
    board = widgets().TanukiBoard(s)
    board.pick("5")
    monkeypatch.setattr(TanukiRules, "_played_out", PlayedOut(keep=2))
    played.clear()
    assert board.play("5@b3g2")
    assert played == ["5@b3g2"], played
    assert board.trail and board.trail == R.walks(s, "5@b3g2")
