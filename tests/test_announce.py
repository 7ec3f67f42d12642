"""The game view's live region (``GameView.announcer``, issue 24): what a screen reader is told.

Each move played is said (yours with every score line and its rule id, as the panel shows them; a
bot's with the points the log shows, nothing your seat may not see); a refused move with its rule;
a hint; Undo, a new game; whose turn it is, and at the end the result and the final scores.
"""
from __future__ import annotations

import pytest

import gardenkit
from gardenkit.widgets.announce import explanation_words, move_words

pytest.importorskip("ipywidgets")

GAMES = gardenkit.available_games()


def view(game_id, **kwargs):
    rules = gardenkit.make(game_id)
    kwargs.setdefault("players", max(2, rules.info.min_players))
    return gardenkit.entry(game_id).game_view_class()(bot_delay=0, **kwargs)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_move_is_said_with_its_rules_then_the_bots_replies_and_whose_turn(game_id):
    g = view(game_id)
    said = g.announcer.said
    assert said == ["A new game. " + said[0].split(". ", 1)[1]] and said[0].endswith("your move.")
    before, action, start = g.state, g.rules.legal_actions(g.state)[0], g.timeline.position
    expl = g.rules.explain(before, action)
    assert g.play(str(action))
    text = said[-1]
    assert text.startswith(f"You played {action}: {explanation_words(expl)}"), text
    for line in expl.lines:
        assert f"(rule {line.rule})" in text
    # then every bot move since, in order, with the points the log shows
    at = 0
    for s, a, after in g.timeline.steps(start + 1):
        p = g.rules.current_player(s)
        if p is gardenkit.CHANCE or p is None or p == g.seat:
            continue
        words = move_words(g.names[p], a, g.move_points(s, after, p))[:-1]
        assert words in text[at:], (words, text)
        at = text.index(words, at)
    assert text.endswith("your move.") or "Game over:" in text


@pytest.mark.parametrize("game_id", GAMES)
def test_a_refused_move_is_said_with_its_rule(game_id):
    """Your first move played again (what a click on a stale spot would send): refused, and said so."""
    g = view(game_id)
    first = str(g.rules.legal_actions(g.state)[0])
    assert g.play(first)
    expl = g.rules.explain(g.state, first)
    assert not expl.legal and expl.reason.rule
    n = len(g.announcer.said)
    assert not g.play(first)
    assert g.announcer.said[n:] == [f"{first}: {explanation_words(expl)}."]
    assert f"(rule {expl.reason.rule})" in g.announcer.said[-1]


def test_a_hint_undo_a_new_game_and_the_end_are_said():
    g = view("samurai_gardener", players=2)
    g.hint_iterations, g.hint_ms = 30, None
    g.hint(wait=True)
    assert g.announcer.said[-1].startswith(f"Hint: play {g.last_hint.moves[0].notation}, ")
    g.play(g.last_hint.moves[0].notation)
    g.undo()
    assert g.announcer.said[-1] == "Taken back. Round 1: your move."
    while g.rules.current_player(g.state) is not None:
        g.play(str(g.rules.legal_actions(g.state)[0]))
    out = g.rules.outcome(g.state)
    last = g.announcer.said[-1]
    assert "Game over: " in last and "Final scores: " in last
    for name, score in zip(g.names, out.scores):
        assert f"{name} {score}" in last
    g.new_game_from_controls()
    assert g.announcer.said[-1].startswith("A new game. ")


def test_the_region_counts_what_it_said_so_the_same_words_are_said_again():
    g = view("miyabi")
    n = g.announcer.count
    g.announce("hello")
    g.announce("hello")
    assert g.announcer.count == n + 2 and g.announcer.said[-2:] == ["hello", "hello"]
    g.announce("   ")  # nothing to say: nothing said
    assert g.announcer.count == n + 2
