"""Tanuki in the Garden lessons (every game's quizzes and scenarios: ``test_all_games.py``): the rulebook's
dice example and the lessons do what their captions say, every rule has a live try board that
refuses and accepts what its caption invites, and the notebook shows all of it."""

import re

import pytest

import notebook_checks as nb

import gardenkit
from gardenkit.tutor import tanuki as lessons

R = gardenkit.make("tanuki")
NOTEBOOK = nb.notebook("tanuki.ipynb")


def space(name):
    """(x, y) of a space named like b3g4."""
    m = re.fullmatch(r"b(\d)g(\d)", name)
    return int(m.group(1)) - 1, int(m.group(2)) - 1


def at(state, name):
    """The index of a space in the board's tuples."""
    x, y = space(name)
    return y * 6 + x


def total(s):
    return s.supply + sum(s.shiitake) + sum(s.stash)


# ----- quizzes -----------------------------------------------------------------------------------


def test_a_dice_quiz_is_asked_of_the_roller_and_a_loss_is_negative():
    quizzes = {q.id: q for q in lessons.quizzes()}
    assert R.current_player(quizzes["q-both-off"].state) == 0
    assert quizzes["q-together"].answer < 0 and quizzes["q-loop"].answer < 0


# ----- the rulebook's dice example ------------------------------------------------------------------
def test_book_example_starts_after_blue_4_gold_5_with_blue_one_space_toward_side_4():
    before = lessons.book_before_roll()
    assert before.tanuki == (space("b3g3"), space("b5g5")) and R.current_player(before) is gardenkit.CHANCE
    (book,) = lessons.worked_examples()
    assert book.id == "book-dice" and book.from_book and book.game == "tanuki"
    s = book.start
    assert s == R.apply(before, "roll blue 4 gold 5") and s.dice == (4, 5)
    assert s.tanuki[0] == space("b2g3")  # toward side 4 (left), one space: the gold die is odd
    assert R.current_player(s) == 0 and R.decision(s) == "direction"


def test_book_example_the_players_choice_two_sides_send_gold_off_the_board_for_one():
    s = lessons.book_start()
    points = {str(a): R.explain(s, a).points for a in R.legal_actions(s)}
    assert points == {"gold toward 1": 0, "gold toward 2": 1, "gold toward 3": 1, "gold toward 4": 0}
    ends = {name: R.apply(s, name).tanuki[1] for name in points}
    assert ends == {"gold toward 1": space("b5g3"), "gold toward 2": None, "gold toward 3": None,
                    "gold toward 4": space("b3g5")}  # two spaces: the blue die is even


def test_book_example_steps_gold_off_then_back_on_by_the_next_players_roll():
    (book,) = lessons.worked_examples()
    states = book.states(R)
    assert book.actions[0] == "gold toward 3"
    assert states[1].tanuki == (space("b2g3"), None) and states[1].shiitake[0] == 1
    assert [e.points for e in book.explanations(R)] == [1, 0, 0, 0]
    last = states[-1]
    assert last.active == 1 and last.tanuki == (space("b4g3"), space("b2g6"))  # gold placed, not walked
    assert "tanuki.tanuki.place" in book.explanations(R)[-1].rules


# ----- the Tanuki lessons --------------------------------------------------------------------------
def _after(lesson):
    sc = {sc.id: sc for sc in lessons.tanuki_lessons() + lessons.crash_lessons()}[lesson]
    return sc, sc.states(R)[-1]


def test_tanuki_lessons_do_what_their_captions_say():
    start = lessons.prowl_start()
    assert start.shiitake == (3, 4, 5) and R.decision(start) == "direction"
    sc, s = _after("tanuki-pass")
    assert s.shiitake == (3, 3, 5) and s.stash[at(s, "b3g2")] == 1 and s.tanuki[1] == space("b3g1")
    sc, s = _after("tanuki-land")
    assert s.shiitake == (3, 4, 2) and s.stash[at(s, "b5g3")] == 3 and s.tanuki[1] is None
    sc, s = _after("tanuki-eat")
    assert s.tile_at(*space("b3g4")) is None and s.tile_at(*space("b3g5")) is None
    assert s.supply == start.supply + 2 and {17, 1} <= set(s.discard)
    sc, s = _after("tanuki-together")
    assert s.shiitake == (1, 2, 3) and s.tanuki == (space("b1g3"), space("b1g3"))
    sc, s = _after("tanuki-both-off")
    assert s.tanuki == (None, None) and s.shiitake[0] == 3
    sc, s = _after("tanuki-block")
    assert s.shiitake[0] == 3 - 2 + 1 and s.tile_at(*space("b3g2")) == (34, 0)
    for sc in lessons.tanuki_lessons():
        assert total(sc.states(R)[-1]) == 80, sc.id


def test_crash_lessons_do_what_their_captions_say():
    sc, s = _after("crash-meet")
    assert s.shiitake == (7 + 1 - 5, 0) and s.monks == (("edge", 1, 0, 1), None)  # 3 of the 5 paid: all they had
    sc, s = _after("crash-bonus")
    assert s.shiitake == (1 + 2 + 2, 6 + 1 - 5, 0) and s.monks[1] is None and s.monks[2] is None
    sc, s = _after("crash-loop")
    assert s.shiitake[0] == 7 - 5 and s.monks[0] == ("edge", 4, 0, 1)
    sc, s = _after("crash-others-loop")
    assert s.shiitake == (2, 0) and s.monks[1] is None
    for sc in lessons.crash_lessons():
        assert not sc.from_book and total(sc.states(R)[-1]) == 80
        assert {"tanuki.crash.meet", "tanuki.crash.loop"} & set(sc.explanations(R)[0].rules), sc.id


# ----- try boards ----------------------------------------------------------------------------------
def test_there_is_a_live_try_board_for_every_rule():
    positions = lessons.try_positions()
    assert set(positions) == set(R.info.rules)
    for rule, (state, caption) in positions.items():
        assert isinstance(R.current_player(state), int), rule  # TryBoard needs a player to act
        assert R.legal_actions(state) and caption.strip(), rule
        assert R.from_dict(state.to_dict()) == state, rule


# what a learner is invited to try on a board: (a refused move and the rule it names or None, a legal
# move whose explanation cites the rule)
TRIES = {
    "tanuki.setup.start": ("start b3g6 side 3", "tanuki.setup.start", "start b1g1 side 4"),
    "tanuki.board.edge": (None, None, "34@b3g1"),
    "tanuki.tanuki.choose": ("pass", "tanuki.tanuki.choose", "gold toward 2"),
    "tanuki.tanuki.pass": (None, None, "gold toward 1"),
    "tanuki.tanuki.land": (None, None, "gold toward 2"),
    "tanuki.tanuki.eat": (None, None, "gold toward 3"),
    "tanuki.tanuki.off": (None, None, "gold toward 3"),
    "tanuki.tanuki.together": (None, None, "gold toward 4"),
    "tanuki.tanuki.block": ("34@b3g2", "tanuki.tanuki.block", "chase"),
    "tanuki.tile.play": ("34@b4g4", "tanuki.tile.play", "34@b3g2/180"),
    "tanuki.tile.first": ("34@b3g1", "tanuki.tile.first", "34@b3g1 from B"),
    "tanuki.tile.first_symbols": (None, None, "34@b3g1 from A"),
    "tanuki.tile.enter": ("12@b3g1 from A", "tanuki.tile.enter", "enter from A"),
    "tanuki.move.shiitake": (None, None, "34@b3g2"),
    "tanuki.move.stash": (None, None, "34@b3g2"),
    "tanuki.move.den": (None, None, "34@b3g2/90"),
    "tanuki.move.ashi_active": (None, None, "45@b3g2/270"),
    "tanuki.crash.meet": (None, None, "34@b3g2"),
    "tanuki.crash.loop": (None, None, "2@b3g2"),
    "tanuki.crash.restart": ("start b1g1 side 1", "tanuki.crash.restart", "start b3g1 side 1"),
    "tanuki.crash.bonus": (None, None, "34@b3g2"),
    "tanuki.pay.floor": (None, None, "34@b3g2/90"),
    "tanuki.gm.buy": ("pass", "tanuki.gm.buy", "buy a card"),
    "tanuki.gm.react": ("pass", "tanuki.gm.react", "decline"),
    "tanuki.gm.move": (None, None, "play move: blue toward 3"),
    "tanuki.gm.fast": (None, None, "play fast"),
    "tanuki.gm.dens": (None, None, "play dens"),
    "tanuki.gm.ashi": (None, None, "play ashi"),
    "tanuki.gm.pilfer": ("play pilfer: 2", "tanuki.gm.pilfer", "play pilfer: 2 3"),
    "tanuki.gm.harvest": (None, None, "play harvest"),
    "tanuki.gm.robber": (None, None, "play robber"),
    "tanuki.gm.trap": ("play trap: b6g6", "tanuki.gm.trap", "play trap: b3g2"),
    "tanuki.gm.repellant": (None, None, "play repellant"),
    "tanuki.gm.bait": ("play bait: 2, blue b4g4, gold b4g4", "tanuki.gm.bait", "play bait: 2, blue b4g4, gold b6g5"),
    "tanuki.gm.speed": (None, None, "play speed"),
    "tanuki.gm.clear": (None, None, "play clear"),
    "tanuki.gm.shift": ("play shift: b4g4/90", "tanuki.gm.shift", "play shift: b5g4/90"),
    "tanuki.gm.offense": (None, None, "play offense"),
    "tanuki.gm.rock": ("play rock: b5g5", "tanuki.gm.rock", "play rock: b4g4"),
    "tanuki.gm.basket": ("play basket", "tanuki.gm.basket", "34@b3g2"),
}


@pytest.mark.parametrize("rule", sorted(TRIES))
def test_each_try_board_refuses_and_accepts_what_its_caption_invites(rule):
    state, _ = lessons.try_positions()[rule]
    refused, named, legal = TRIES[rule]
    if refused is not None:
        reason = R.why_illegal(state, refused)
        assert reason and f"[{named}]" in reason, reason
    assert R.why_illegal(state, legal) is None
    e = R.explain(state, legal)
    assert e.legal
    assert CITED.get(rule, rule) in e.rules, (rule, e.rules)


# boards whose legal move is explained by a neighbouring rule (the wrap shows in where the walk goes, a
# payment floor in the line's text, a declined answer as the Tanuki's landing)
CITED = {"tanuki.board.edge": "tanuki.move.shiitake", "tanuki.gm.react": "tanuki.tanuki.land",
         "tanuki.pay.floor": "tanuki.move.den", "tanuki.tile.first": "tanuki.tile.first_symbols",
         "tanuki.gm.basket": "tanuki.move.shiitake"}


def test_card_boards_go_on_to_what_the_card_promises():
    def then(rule, *moves):
        s, _ = lessons.try_positions()[rule]
        for m in moves:
            s = R.apply(s, m)
        return s

    assert R.explain(then("tanuki.gm.dens", "play dens"), "34@b3g2/90").points == 0
    assert R.explain(then("tanuki.gm.harvest", "play harvest"), "34@b3g2").points == 8
    robbed = R.explain(then("tanuki.gm.robber", "play robber"), "17@b3g3/180")
    assert "tanuki.gm.robber" in robbed.rules and robbed.points == 1 + 1 + 2
    assert R.decision(then("tanuki.gm.speed", "play speed", "34@b3g2")) == "tile"
    assert then("tanuki.gm.repellant", "play repellant").tanuki[0] is None


def test_end_boards_end_tie_or_hand_the_win_to_another_player():
    def finish(rule):
        s = R.apply(lessons.try_positions()[rule][0], "34@b3g2")
        while R.current_player(s) is gardenkit.CHANCE and s.active == 0:
            s = R.step_chance(s)
        return s

    assert R.outcome(finish("tanuki.end.target")).winners == (0,)
    assert R.outcome(finish("tanuki.end.winner")).winners == (1,)
    tie = finish("tanuki.end.tie")
    assert not R.is_terminal(tie) and tie.tiebreak and tie.active == 1


# ----- the notebook ----------------------------------------------------------------------------------
def test_notebook_checks_the_worked_examples():
    """At least eight checked cells, each printing. (That no code cell leaks a bare value or a repr
    is checked for every game in ``test_all_games.py``.)"""
    checked = nb.checked_cells(NOTEBOOK)
    assert len(checked) >= 8
    for cell in checked:  # its printed lines, and at most the lesson it sits beside (one cell, not two)
        outputs = cell["outputs"]
        assert outputs and outputs[0]["output_type"] == "stream", cell["id"]
        shown = [o for o in outputs if o["output_type"] != "stream"]
        assert len(shown) <= 1 and all("application/vnd.jupyter.widget-view+json" in o["data"] for o in shown), cell["id"]


