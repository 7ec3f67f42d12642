"""The game views' Undo, for every registered game, without a browser: each Undo takes back the
learner's last decision, one at a time, and nothing more.

A whole seeded game is played against random bots through the view's public methods (``play``,
what a click on the board calls; ``undo``, what the Undo button calls). Before each of the
learner's decisions the position, the moves in effect and the move log are noted; then the game
is walked back one Undo at a time, and each must give back exactly what was there before that
decision: the decision goes, and with it the chance steps and the bots' moves that followed it,
but nothing before it (however small the decision: a Tanuki's direction on a 5, a frog's hop, one
tile of a Clear the Path, the buy at the end of a turn).

Each decision played draws the board once (its drawing counted by the board's version), before
the status line and the live region speak of it.
"""
from __future__ import annotations

import pytest

import gardenkit
from gardenkit.bots import RandomBot

pytest.importorskip("ipywidgets")

#: a small game of each, with the options that add decisions in the middle of a turn
SETTINGS = {
    "karesansui": {"players": 3},
    "miyabi": {"players": 2, "options": {"frog": True}},
    "samurai_gardener": {"players": 2, "options": {"specialist": True}},
    "tanuki": {"players": 2, "options": {"garden_master": True, "short": True}},
    "tang_garden": {"players": 2},
}
#: decisions in the middle of a turn that these seeded games must meet (an Undo used to skip them)
MIDDLE = {"miyabi": {"after"}, "tanuki": {"direction", "clear", "buy"}, "tang_garden": {"landscape"}}


def test_every_registered_game_has_settings_here():
    assert set(SETTINGS) == set(gardenkit.available_games())


def played_to_the_end(game_id, seed=3):
    """A view whose learner (seat 0, a seeded random chooser) played a whole game against random
    bots; and, for each of the learner's decisions, what the view showed just before it."""
    g = gardenkit.entry(game_id).game_view_class()(seed=seed, opponents="random", bot_delay=0,
                                                   **SETTINGS[game_id])
    learner = RandomBot(seed * 7 + 1)
    before = []
    said = []  # what changed, in order: the board's drawing, the status line, the live region
    g.board.observe(lambda _change: said.append("board"), names=["body"])
    g.status.observe(lambda _change: said.append("status"), names=["value"])
    g.announcer.observe(lambda _change: said.append("announced"), names=list(g.announcer.trait_names(sync=True)))
    while g.rules.current_player(g.state) is not None:
        assert g.rules.current_player(g.state) == g.seat  # the view stops only for the learner
        kind = g.rules.decision(g.state) or getattr(g.state, "phase", None)  # (a game that names no decisions: its phase)
        before.append((g.state, g.timeline.history, g.moves.value, kind))
        drawn = g.board.version
        said.clear()
        assert g.play(str(learner.choose(g.rules, g.state)))
        # the decision, the bots' answers and what they caused (a Tanuki tile's walks): one drawing,
        # made before the status line and the live region say "your move" about it
        assert g.board.version == drawn + 1, f"{game_id}: a decision drew the board {g.board.version - drawn} times"
        spoken = [i for i, what in enumerate(said) if what != "board"]
        assert "board" not in said[spoken[-1]:] if spoken else True, f"{game_id}: the board was drawn after the words: {said}"
        assert settled(g) == [f"gk-settled-{g.board.version}"]  # the browser tests wait for it
    return g, before


def settled(g) -> list[str]:
    """The view's browser-test hook: which position its page shows in full, waiting for the learner."""
    return [c for c in g._dom_classes if c.startswith("gk-settled-")]


@pytest.mark.parametrize("game_id", sorted(SETTINGS))
def test_each_undo_takes_back_the_learners_last_decision_and_what_followed_it_nothing_more(game_id):
    g, before = played_to_the_end(game_id)
    assert g.rules.outcome(g.state) is not None and len(before) > 5
    assert MIDDLE.get(game_id, set()) <= {kind for *_, kind in before}
    for k, (state, history, log, _kind) in enumerate(reversed(before), 1):
        assert g.undo() is True, f"undo {k}"
        assert settled(g) == [f"gk-settled-{g.board.version}"], f"undo {k}"
        assert g.state == state, f"undo {k}: not the position before the learner's decision"
        assert g.timeline.history == history, f"undo {k}: not the moves in effect before that decision"
        assert g.moves.value == log, f"undo {k}: not the move log shown before that decision"
        assert g.rules.current_player(g.state) == g.seat and g.board.locked is None
        assert "Undone" in g.panel.value
    assert g.undo() is False and "Nothing to undo" in g.panel.value
    assert g.state == before[0][0]


def test_tanuki_undo_after_choosing_a_direction_on_a_five_goes_back_to_that_choice():
    """A learner's report: take a start place, choose "blue toward 3", press Undo once: the game
    went back to the set-up and the log said "No moves yet". Undo takes back the direction only."""
    from gardenkit.widgets.tanuki import TanukiGame

    g = TanukiGame(players=2, seed=11, opponents="random", bot_delay=0)
    assert g.rules.decision(g.state) == "setup"
    assert g.play(str(g.rules.legal_actions(g.state)[0]))  # a start place
    assert g.rules.decision(g.state) == "direction" and g.state.pending[0][2] == "blue"
    asked, log = g.state, g.moves.value
    assert "No moves yet" not in log
    assert g.play("blue toward 3")
    assert g.undo()
    assert g.state == asked and g.moves.value == log and g.rules.decision(g.state) == "direction"
    assert g.undo()
    assert g.rules.decision(g.state) == "setup" and "No moves yet" in g.moves.value
