"""The Tang Garden dashboard's solo game won by clicks (notebooks/tang-garden.ipynb served by Voilà,
in headless Chromium): a winning line planned with the engine, clicked from the solo section's Play
button to the final placing of the characters.

Its own module (its own browser): as the sixth page load of test_tang_garden_dashboard.py's browser
it met "[anywidget] Failed to initialize model" page errors as soon as the solo game opened, three
runs out of three on a busy machine, while it passed alone or beside the other solo tests.
"""
from __future__ import annotations

import pytest
from test_tang_garden_dashboard import LEGAL, open_solo_game, seen, solo_click, solo_play

pytestmark = pytest.mark.browser

NOTEBOOK = "tang-garden.ipynb"

# a winning line of the solo game: a seeded randomised greedy planner over the engine (builds that keep
# every stack longest; a character whenever the coins allow). Trial 138 of seed 7 (the solo section's
# game) wins with 56 coins; found by trying trials 0, 1, … in turn. The test checks that it still wins.
SOLO_SEED, WINNING_TRIAL = 7, 138


def planned_solo_line(seed: int, trial: int) -> tuple[list[str], object]:
    """The moves of one planned solo game and its outcome (engine only, no browser)."""
    import random

    import gardenkit

    rules = gardenkit.make("tang_garden")
    rnd = random.Random(trial)

    def resolve(s):
        while rules.current_player(s) is gardenkit.CHANCE:
            s = rules.step_chance(s)
        return s

    def stack_min(s):
        return min(len(s.piles[k]) + len(s.under[k]) + (1 if s.tops[k] else 0) for k in range(4))

    s = resolve(rules.initial_state(players=1, seed=seed))
    moves = []
    while not rules.is_terminal(s):
        legal = rules.legal_actions(s)
        builds = [a for a in legal if str(a).startswith("build ")]
        if builds and rnd.random() < 0.9:
            best = None
            for a in rnd.sample(builds, min(len(builds), 12)):
                score = stack_min(resolve(rules.apply(s, a))) + rnd.random()
                if best is None or score > best[0]:
                    best = (score, a)
            a = best[1]
        else:
            influence = [a for a in legal if str(a).startswith("influence")]
            a = influence[0] if influence else rnd.choice(legal)
        moves.append(str(a))
        s = resolve(rules.apply(s, a))
    return moves, rules.outcome(s)


def solo_click_move(page, action: str) -> str:
    """Play ``action`` on the solo board by clicks only, as a player would reach it: a build's tile
    picked (from a stack or the display) and turned until the move is offered; a landscape tile
    picked, then its slot; a character picked (unless it is the only one), then its spot, then its
    facing; anything else clicked where it is offered (the pair's decoration, a button)."""
    bits = action.split()
    for _ in range(8):
        what = seen(page)
        if action in what["legal"]:
            return solo_play(page, action)
        if bits[0] == "build":
            tile = f"tile:{bits[1]}"
            if tile in what["picked"]:
                solo_click(page, '[data-ui="turn"]')
            else:
                assert tile in what["picks"], f"{action}: tile {bits[1]} not offered ({what['head']}; {what['picks']})"
                solo_click(page, f'[data-pick="{tile}"]')
        elif bits[0] == "landscape" and f"land:{bits[1]}" in what["picks"] and f"land:{bits[1]}" not in what["picked"]:
            solo_click(page, f'[data-pick="land:{bits[1]}"]')
        elif bits[0] == "place" and f"spot:{bits[2]}:{bits[3]}" in what["picks"]:
            assert f"spot:{bits[2]}:{bits[3]}" not in what["picked"], f"{action}: facing not offered"
            solo_click(page, f'[data-pick="spot:{bits[2]}:{bits[3]}"]')
        elif bits[0] == "place" and f"char:{bits[1]}" in what["picks"] and f"char:{bits[1]}" not in what["picked"]:
            solo_click(page, f'[data-pick="char:{bits[1]}"]')
        else:
            raise AssertionError(f"{action} is not offered: {what['head']}; legal {what['legal'][:12]}; picks {what['picks']}")
    raise AssertionError(f"{action} never offered after picks and turns")


def test_a_won_solo_game_by_clicks_ends_with_the_final_placing(dash):
    """A winning line of the solo game (planned with the engine, checked to win) clicked from the solo
    section's Play button: characters taken at 10, 20 and 30 coins, the redraw and display lanterns,
    decorations sent back for four tokens, landscape tiles and neutral figures; after the 28th space is
    covered the four characters are stood and faced (the final placing). The status names the winner,
    the final breakdown gives the victory and its rank; nothing is clickable afterwards."""
    moves, outcome = planned_solo_line(SOLO_SEED, WINNING_TRIAL)
    assert outcome.winners == (0,), f"the planned line no longer wins ({outcome.reason}): search another trial"
    finals = [m for m in moves[moves.index(next(m for m in reversed(moves) if m.startswith("build "))) + 1:]]
    assert len(finals) >= 2 and all(m.startswith("place ") for m in finals), finals
    view = open_solo_game(dash)
    assert dash.gk_page_errors == [], "page errors once the solo game opened"
    heads = []
    for k, move in enumerate(moves):
        heads.append(seen(dash)["head"])
        solo_click_move(dash, move)
        assert dash.gk_page_errors == [], f"page errors after move {k + 1} of {len(moves)}: {move}"
    assert seen(dash)["head"].startswith("Game over: victory: ") and outcome.reason.text in seen(dash)["head"]
    assert all("stands the characters for the final scoring" in h for h in heads[-len(finals):]), heads[-len(finals):]
    assert not any("for the final scoring" in h for h in heads[:-len(finals)])
    assert "Player 1 (you) wins" in view.locator(".gk-status").first.inner_text()
    final = view.locator(".gk-explanation .gk-final")
    final.wait_for()
    assert outcome.reason.text in final.inner_text()  # "victory: <coins>, <rank>"
    log = view.locator(".gk-log").inner_text()
    assert all(m in log for m in finals)
    assert view.locator(f".gk-board {LEGAL}").count() == 0
    assert view.locator(".gk-board [data-pick], .gk-board [data-ui]").count() == 0
    assert dash.gk_page_errors == []
