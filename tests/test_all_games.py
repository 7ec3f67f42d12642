"""One suite over every registered game: a game gets each of these checks by being registered.

For each id of ``gardenkit.available_games()``:

- conformance: ``gardenkit.testing.check_game`` at every player count, with the options at their
  defaults, with each option that has a label (a checkbox in the game view) turned on, and with
  all of them on;
- golden playthroughs: every ``entry(id).playthroughs`` replays exactly (and a game with none fails);
- its notebook (``entry(id).notebook``): a heading per rule id, the public API only, checked
  cells with their output, no rulebook sentence copied;
- its tutor: every scenario replays from a player's choice (its moves written as the engine
  writes them, its rules real and cited by its moves or its end's scoring); every quiz's answer
  is the engine's, the one worked out by hand (``tutor_cases.HAND``, the per-game data) and
  right by ``check_quiz``, and a wrong one is told too high or too low;
- saves: random edits (``gardenkit.testing.mutate_save``) of ``to_dict()`` of states reached in
  seeded play are refused quickly with a short ``MalformedInputError`` or give a state that
  round-trips (``gardenkit.testing.load_or_refuse``); bad JSON, non-objects and other games' saves
  are refused; a call never changes its input;
- ``rules.targets``: a legal target is a legal action worth ``action_points``; a refused one
  carries a :class:`~gardenkit.Refusal` citing a rule of the game, the one ``why_illegal`` gives;
- rule ids: each has a one-line summary and a heading in the notebook.
"""
from __future__ import annotations

import copy
import inspect
import json
import random
from pathlib import Path

import pytest

import notebook_checks as nb
from games import data_of as game_data
from tutor_cases import HAND, NOT_YET

import gardenkit
from gardenkit.testing import (DEFAULT_ODD, check_game, check_playthrough, check_targets, json_save, load_or_refuse,
                               mutate_save, random_game)
from gardenkit.tutor import Scenario, check_quiz

GAMES = gardenkit.available_games()
PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
#: a rulebook in ../shared/rulebooks named otherwise than ``<id with dashes>.txt``
RULEBOOKS = {"tanuki": "tanuki-in-the-garden.txt"}


def _labelled(game: str) -> list[str]:
    """The options the game view shows a checkbox for (a bool with a label)."""
    return [name for name, opt in gardenkit.make(game).info.options.items()
            if opt.label and isinstance(opt.default, bool)]


def _at_collection(read, game: str, default):
    """What ``read(game)`` gives, to parametrize with; ``default`` if the game does not load
    (its tests then fail, with the error, instead of the whole file failing to collect)."""
    try:
        return read(game)
    except Exception:  # noqa: BLE001
        return default


# ----- conformance --------------------------------------------------------------------------------

CONFORMANCE = [(g, "defaults", {}, (0, 1)) for g in GAMES]
LABELLED = {g: _at_collection(_labelled, g, []) for g in GAMES}
CONFORMANCE += [(g, name, {name: True}, (2,)) for g in GAMES for name in LABELLED[g]]
CONFORMANCE += [(g, "all-labelled", dict.fromkeys(LABELLED[g], True), (3,)) for g in GAMES if len(LABELLED[g]) > 1]


@pytest.mark.parametrize("game, options, seeds", [(g, o, s) for g, _, o, s in CONFORMANCE],
                         ids=[f"{g}-{name}" for g, name, _, _ in CONFORMANCE])
def test_conformance(game, options, seeds):
    rules = gardenkit.make(game)
    report = check_game(rules, seeds=seeds, options=options)  # every player count
    counts = tuple(range(rules.info.min_players, rules.info.max_players + 1))
    assert report["players"] == counts  # solo included where the game has one
    assert report["games"] == report["ended"] == len(counts) * len(seeds)


# ----- the timeline (undo, redo, save) -------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_timeline_undo_redo_replay_and_save(game):
    """A game's timeline takes back one decision at a time and gives it again, and its save (the
    seeded start and the moves) replays to the same position and history, early and 40 steps in."""
    rules = gardenkit.make(game)
    t = gardenkit.Timeline(rules, rules.initial_state(players=max(2, rules.info.min_players), seed=9))
    t.advance_chance()
    first = t.state
    t.play(rules.legal_actions(first)[0])
    played = t.state
    assert t.undo() and t.state == first
    assert t.redo() and t.state == played and not t.redo()
    t.undo()
    t.play(rules.legal_actions(first)[-1])  # another move there: a new branch, nothing left to redo
    assert not t.redo()
    for _ in range(40):
        if rules.is_terminal(t.state):
            break
        if rules.current_player(t.state) is gardenkit.CHANCE:
            t.step_chance()
        else:
            t.play(rules.legal_actions(t.state)[-1])
    at, history = t.state, t.history
    assert t.undo() and t.state != at and t.redo() and t.state == at
    back = gardenkit.Timeline.from_dict(rules, json.loads(json.dumps(t.to_dict())))
    assert back.state == at and back.history == history


# ----- golden playthroughs ------------------------------------------------------------------------

PLAYS = [(g, p) for g in GAMES for p in _at_collection(lambda g: gardenkit.entry(g).playthroughs, g, ())]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_golden_playthrough(game):
    declared = {p.name for p in gardenkit.entry(game).playthroughs}
    assert declared, f"{game} declares no golden playthrough (GAME.playthroughs)"
    on_disk = {path.stem for path in PLAYTHROUGHS.glob(f"{game}-*.txt")}
    assert declared <= on_disk, f"missing: {sorted(declared - on_disk)}; run tests/playthroughs/regenerate.py"
    assert on_disk <= declared, f"not declared, so never regenerated: {sorted(on_disk - declared)}"


@pytest.mark.parametrize("game, play", PLAYS, ids=[p.name for _, p in PLAYS])
def test_golden_playthrough_replays(game, play):
    text = (PLAYTHROUGHS / f"{play.name}.txt").read_text()
    header = dict(line.split(": ", 1) for line in text.split("\n\n", 1)[0].splitlines())
    assert header["game"] == game and int(header["players"]) == play.players and int(header["seed"]) == play.seed
    assert json.loads(header["options"]) == play.options
    check_playthrough(gardenkit.make(game), text, f"{play.name}.txt")


# ----- the notebook ---------------------------------------------------------------------------------

def _notebook(game: str) -> Path:
    return nb.notebook(gardenkit.entry(game).notebook)


@pytest.mark.parametrize("game", GAMES)
def test_notebook_has_a_heading_for_every_rule_id(game):
    assert nb.heading_rule_ids(_notebook(game), game) == set(gardenkit.make(game).info.rules)


@pytest.mark.parametrize("game", GAMES)
def test_notebook_uses_only_the_public_api(game):
    assert nb.non_public_imports(_notebook(game), extra={gardenkit.entry(game).render}) == []


@pytest.mark.parametrize("game", GAMES)
def test_no_notebook_cell_leaks_a_bare_value(game):
    """A code cell ends in a statement, a print, or a value that displays itself (a board, a widget,
    a call of a name the notebook imported): never a bare text, number or attribute whose quoted
    repr would show on the dashboard (Miyabi's components option's help once did:
    ``"'standard' for the shipped …"``); and no stored output is an error, a traceback or a repr
    (a quoted text, ``object at 0x…``)."""
    import ast

    for cell in nb.cells(_notebook(game), "code"):
        source = "".join(cell["source"])
        tree = ast.parse(source)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            value = last.value
            shown = isinstance(value, ast.Name) or (isinstance(value, ast.Call) and isinstance(value.func, ast.Name))
            assert shown, f"the cell ends in a bare value, shown as its repr: {source[-80:]!r}"
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", source[-80:]
            if out["output_type"] == "execute_result":
                assert set(out["data"]) - {"text/plain"}, f"a text-only result (a repr) is stored: {source[-80:]!r}"
            text = "".join(out.get("text", []))
            assert "Traceback" not in text and "object at 0x" not in text, source[-80:]
            assert not text.startswith(("'", '"')), source[-80:]


_RUNS: dict = {}


def _run_notebook(game: str) -> dict:
    """The game's notebook run here, cell by cell (once per process): what each code cell's last
    expression is (``shown``: its type's name, or ``raw`` and the expression for a value the
    dashboard would show as a repr), and the worked examples, quizzes and try boards it made."""
    if game in _RUNS:
        return _RUNS[game]
    import ast
    from unittest import mock

    from gardenkit.widgets import QuizWidget, ScenarioPlayer, TryBoard
    from gardenkit.widgets.tutor import try_rule_of

    made = {"scenarios": [], "quizzes": [], "tries": []}

    def noting(cls, key, attr):
        init = cls.__init__

        def __init__(self, *args, **kwargs):
            init(self, *args, **kwargs)
            made[key].append(attr(self))
        return mock.patch.object(cls, "__init__", __init__)

    env: dict = {}
    shown, raw = [], []
    with noting(ScenarioPlayer, "scenarios", lambda w: w.scenario.id), noting(QuizWidget, "quizzes", lambda w: w.quiz.id), \
            noting(TryBoard, "tries", lambda w: w.rule or try_rule_of(game, w.caption_text)):
        for cell in nb.cells(_notebook(game), "code"):
            tree = ast.parse("".join(cell["source"]))
            last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            body = tree.body[:-1] if last else tree.body
            exec(compile(ast.Module(body=body, type_ignores=[]), "<cell>", "exec"), env)  # noqa: S102
            if last is None:
                continue
            value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), env)  # noqa: S307
            rich = value is None or any(hasattr(value, m) for m in ("_repr_svg_", "_repr_html_", "_repr_mimebundle_",
                                                                    "_ipython_display_", "_repr_png_"))
            (shown if rich else raw).append(type(value).__name__ if rich else (ast.unparse(last), type(value).__name__))
    _RUNS[game] = {"shown": shown, "raw": raw, **made}
    return _RUNS[game]


@pytest.mark.parametrize("game", GAMES)
def test_every_cell_ends_in_something_the_dashboard_shows(game):
    """Run: each code cell's last expression, shown on the dashboard, is a board, a widget or nothing
    (a print), never a text or a plain value that shows as a repr or a quoted string."""
    run = _run_notebook(game)
    assert run["raw"] == [], f"cells ending in a raw value, shown as its repr on the dashboard: {run['raw']}"
    assert run["shown"], "the notebook shows boards and widgets"


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_shows_every_worked_example_quiz_and_try_board(game):
    """Run: every scenario the tutor module offers is stepped through on the page, every quiz is
    asked, and every rule's try board is shown (the page is the rulebook: nothing of it is left out)."""
    run, tutor = _run_notebook(game), gardenkit.entry(game).tutor_module()
    assert {sc.id for sc in _scenarios(game)} - set(run["scenarios"]) == set()
    assert {q.id for q in tutor.quizzes()} - set(run["quizzes"]) == set()
    assert set(tutor.try_positions()) - set(run["tries"]) == set()


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_says_how_it_reads_the_rulebook_and_what_is_reconstructed(game):
    """Every game page has the section "How we read what the rulebook leaves open", says what is
    reconstructed and how to play with your own component file, and states the game's own
    readings (``tests/games/<id>/notebook.py``: ``READINGS``); its code reaches no private name
    and no position builder, uses the widgets its data names, every cell has its own id, and at
    least ``MIN_CHECKED`` worked-example cells check their output."""
    data = game_data(game, "notebook")
    md, code = nb.text(_notebook(game), "markdown"), nb.text(_notebook(game), "code")
    assert "## How we read what the rulebook leaves open" in md
    assert "reconstructed" in md and "components=" in md
    assert data.READINGS and [r for r in data.READINGS if r not in md] == []
    assert "._" not in code and "setups" not in code
    assert [w for w in data.WIDGETS if w not in code] == []
    ids = [c.get("id") for c in nb.cells(_notebook(game))]
    assert all(ids) and len(set(ids)) == len(ids)
    assert len(nb.checked_cells(_notebook(game))) >= data.MIN_CHECKED


@pytest.mark.parametrize("game", GAMES)
def test_notebook_checks_worked_example_output(game):
    checked = nb.checked_cells(_notebook(game))
    assert checked, "mark the cells that print a worked example with # NBVAL_CHECK_OUTPUT"
    for cell in checked:
        assert cell["outputs"], "a checked cell needs its stored output"


@pytest.mark.parametrize("game", GAMES)
def test_notebook_lessons_rules_and_notes_do_not_copy_rulebook_sentences(game):
    book = nb.rulebook(RULEBOOKS.get(game, f"{game.replace('_', '-')}.txt"))
    if not book.exists():
        pytest.skip("rulebook not beside the repository")
    lessons = Path(gardenkit.entry(game).tutor_module().__file__).read_text()
    assert not nb.copied_from(book, nb.text(_notebook(game)), lessons)
    # the rule summaries every explanation quotes, the game's notes on its readings (its *.md files)
    # and what its components say in words (``tests/games/<id>/notebook.py``: ``own_texts``)
    rules = gardenkit.make(game)
    home = Path(gardenkit.__file__).parent / "games" / game
    notes = [p.read_text() for p in sorted(home.glob("*.md"))]
    own = game_data(game, "notebook").own_texts(rules)
    assert nb.copied_from(book, *rules.info.rules.values(), *notes, *own) == []
    assert all(len(text) < 300 for text in rules.info.rules.values())


# ----- rule ids ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_has_a_summary_and_a_heading(game):
    rules = gardenkit.make(game).info.rules
    headings = nb.heading_rule_ids(_notebook(game), game)
    for rule, summary in rules.items():
        assert rule.startswith(f"{game}.") and rule == rule.strip().lower(), rule
        assert isinstance(summary, str) and summary.strip() and "\n" not in summary, rule
        assert rule in headings, f"{rule} has no heading in notebooks/{_notebook(game).name}"


def _test_names(game: str) -> set[str]:
    """The test functions of the game's own test files (``tests/test_<id>_*.py``), read with ``ast``."""
    import ast

    names = set()
    for path in sorted(Path(__file__).parent.glob(f"test_{game}_*.py")):
        names |= {n.name for n in ast.walk(ast.parse(path.read_text()))
                  if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    return names


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_has_a_test_named_as_it_reads(game):
    """A test per rule clause: ``<id>.place.touch`` has a test whose name begins
    ``test_place_touch`` in one of the game's own test files (``tests/test_<id>_*.py``)."""
    names = _test_names(game)
    missing = [rule for rule in gardenkit.make(game).info.rules
               if not any(n.startswith(f"test_{rule.split('.', 1)[1].replace('.', '_')}") for n in names)]
    assert not missing, f"rules of {game} with no test named as they read: {missing}"


# ----- the tutor ----------------------------------------------------------------------------------------

def _scenarios(game: str) -> list[Scenario]:
    """Every scenario the game's tutor module offers: what its public functions declared to
    return a Scenario (or a tuple of them) give."""
    module = gardenkit.entry(game).tutor_module()
    out = []
    for name, fn in inspect.getmembers(module, callable):
        plain = inspect.unwrap(fn)  # through functools.lru_cache
        if name.startswith("_") or not inspect.isfunction(plain) or plain.__module__ != module.__name__:
            continue
        if "Scenario" not in str(inspect.signature(plain).return_annotation):
            continue
        got = fn()
        out += list(got) if isinstance(got, tuple) else [got]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_replays(game):
    rules = gardenkit.make(game)
    scenarios = _scenarios(game)
    assert scenarios and all(isinstance(sc, Scenario) for sc in scenarios)
    assert len({sc.id for sc in scenarios}) == len(scenarios), "two scenarios share an id"
    assert any(sc.from_book for sc in scenarios), "no worked example of the rulebook"
    for sc in scenarios:
        assert sc.game == game, sc.id
        assert sc.rules and set(sc.rules) <= set(rules.info.rules), sc.id
        assert isinstance(rules.current_player(sc.start), int), sc.id  # the player steps a player's choice
        states = sc.states(rules)
        assert len(states) == len(sc.actions) + 1 == len(sc.captions) + 1 and isinstance(states[0], rules.state_type)
        explanations = sc.explanations(rules)
        for state, action, e in zip(states, sc.actions, explanations):
            assert e.legal, (sc.id, e.action)
            assert set(e.rules) <= set(rules.info.rules), (sc.id, e.action)
            assert str(rules.parse_action(state, action)) == action, f"{sc.id}: write {action!r} as the engine does"
        # what it teaches is what its moves cite, or the scoring of where it ends (an end's scoring)
        cited = {r for e in explanations for r in e.rules}
        cited |= {line.rule for p in range(states[-1].players) for line in rules.score_breakdown(states[-1], p)}
        assert set(sc.rules) & cited, (sc.id, sc.rules)


@pytest.mark.parametrize("game", GAMES)
def test_every_quiz_answer_is_right(game):
    rules = gardenkit.make(game)
    quizzes = gardenkit.entry(game).tutor_module().quizzes()
    assert quizzes and len({q.id for q in quizzes}) == len(quizzes)
    for quiz in quizzes:
        assert quiz.game == game and quiz.rules and set(quiz.rules) <= set(rules.info.rules), quiz.id
        e = rules.explain(quiz.state, quiz.action)
        assert e.legal and e.points == quiz.answer, (quiz.id, e.text)  # the engine's answer
        action = rules.parse_action(quiz.state, quiz.action)
        assert rules.action_points(quiz.state, action) == quiz.answer, quiz.id
        assert str(action) == quiz.action, quiz.id  # the quiz names its move in the game's notation
        assert set(quiz.rules) & set(e.rules), (quiz.id, e.rules)  # the rules it asks about are the move's
        result = check_quiz(quiz, quiz.answer)
        assert result.correct, (quiz.id, result.message)
        high, low = check_quiz(quiz, quiz.answer + 1), check_quiz(quiz, quiz.answer - 1)
        assert not high.correct and "too high" in high.message, (quiz.id, high.message)
        assert not low.correct and "too low" in low.message, (quiz.id, low.message)
    assert "not a whole number" in check_quiz(quizzes[0], "nine").message


def test_every_registered_game_has_its_quiz_answers_worked_out_by_hand_or_says_not_yet():
    assert set(HAND) | NOT_YET == set(GAMES) and not set(HAND) & NOT_YET


@pytest.mark.parametrize("game", sorted(HAND))
def test_the_quiz_answers_are_the_ones_worked_out_by_hand(game):
    """``tutor_cases.HAND``: each quiz's answer worked out by hand, so a changed quiz cannot
    silently change its own answer (and the engine's agreement is checked above)."""
    quizzes = gardenkit.entry(game).tutor_module().quizzes()
    assert [q.id for q in quizzes] == list(HAND[game])
    for quiz in quizzes:
        assert quiz.answer == HAND[game][quiz.id], quiz.id


@pytest.mark.parametrize("game", GAMES)
def test_every_try_position_is_a_live_state_of_the_game(game):
    rules = gardenkit.make(game)
    for rule, (state, hint) in gardenkit.entry(game).tutor_module().try_positions().items():
        assert rule in rules.info.rules and hint.strip()
        assert rules.from_dict(state.to_dict()) == state, rule


# ----- states reached in seeded play ------------------------------------------------------------------

_PLAYED: dict = {}


def _played(game: str) -> list:
    """States of two seeded random games (the fewest and the most players)."""
    if game not in _PLAYED:
        rules = gardenkit.make(game)
        _PLAYED[game] = [s for players, seed in ((rules.info.min_players, 11), (rules.info.max_players, 12))
                         for s in random_game(rules, players, seed, dict.fromkeys(_labelled(game), True))]
    return _PLAYED[game]


def _spread(items, n: int) -> list:
    """About ``n`` of ``items``, spread from the first to the last (each once)."""
    if not items:
        return []
    step = max(1, len(items) // n)
    return [items[i] for i in sorted({*range(0, len(items), step)[:n], len(items) - 1})]


# ----- saves ----------------------------------------------------------------------------------------

#: what an edit may put anywhere in a save (a rock name among them), and the kinds of edit, replacements
#: twice as often
ODD = DEFAULT_ODD + ("R1",)
KINDS = ("replace", "replace", "nudge", "drop", "duplicate", "wrap", "extra")


@pytest.mark.parametrize("game", GAMES)
def test_save_fuzz_random_edits_are_refused_or_round_trip(game):
    rules = gardenkit.make(game)
    rng = random.Random(f"save fuzz {game}")
    refused = 0
    for s in _spread(_played(game), 12):
        saved = json_save(s)
        for _ in range(30):
            edited, what = mutate_save(saved, rng, odd=ODD, kinds=KINDS)
            if rng.random() < 0.3:
                edited, more = mutate_save(edited, rng, odd=ODD, kinds=KINDS)
                what += f", then {more}"
            # refused (a short MalformedInputError, quickly) or loaded, round-tripping; input unchanged
            refused += load_or_refuse(rules, edited, what) is None
    assert refused, "no random edit of a save was refused"


@pytest.mark.parametrize("game", GAMES)
def test_bad_json_non_objects_and_other_games_saves_are_refused(game):
    rules = gardenkit.make(game)
    s = _played(game)[len(_played(game)) // 2]
    text = json.dumps(s.to_dict())
    bad = ["", "not json", "{", text[: len(text) // 2], text[:-1], b"\xff\xfe", "null", "[]", "42", '"a save"',
           None, 42, 2.5, [], [s.to_dict()], (), object(), s]
    good = s.to_dict()
    bad += [{**good, "game": other} for other in ("chess", "", None, 1, *[g for g in GAMES if g != game])]
    bad += [{k: v for k, v in good.items() if k != "game"}]
    bad += [gardenkit.make(other).initial_state(seed=1).to_dict() for other in GAMES if other != game]
    for value in bad:
        before = copy.deepcopy(value) if isinstance(value, (dict, list, str, bytes)) else value
        with pytest.raises(ValueError):
            rules.from_dict(value)
        if isinstance(value, (dict, list, str, bytes)):
            assert value == before, "from_dict changed its input"
    assert rules.from_dict(text) == s and rules.from_dict(good) == s


# ----- rules.targets ----------------------------------------------------------------------------------

#: What a player may pick before the board shows targets, per game (each documents its
#: ``selection`` in ``rules.targets``): ``picks(rules, s)`` gives every pick a board could make
#: in ``s``. A game not listed here is checked with nothing picked only.
SELECTIONS = {
    "samurai_gardener": lambda rules, s: [(card, turned) for card in s.lineup for turned in (False, True)],
    # every rock alone, the whole garden, and every set of rocks some legal bid offers
    "karesansui": lambda rules, s: list(dict.fromkeys(
        [(), *[(rock,) for rock in s.gardens[s.to_move]], tuple(s.gardens[s.to_move]),
         *[a.rocks for a in rules.legal_actions(s) if hasattr(a, "rocks")]])),
    "miyabi": lambda rules, s: [*[(tile, rot) for tile in s.display for rot in (0, 90, 180, 270)],
                                *[(f"Z{z}", 0) for z in s.zen_display]],
    # the active player's hand tiles, each way round
    "tanuki": lambda rules, s: [(tile, rot) for tile in s.hands[s.active] for rot in (0, 90, 180, 270)],
    # every face-up top each way round, every drawn card, every character the player may stand
    "tang_garden": lambda rules, s: [
        *[(tile, rot) for tile in s.tops if tile for rot in (0, 90, 180, 270)],
        *[("card", c) for c in sorted(set(s.drawn)) if c != "hidden"],
        *[("char", c) for c in sorted({s.own[s.active]} | {p[1] for p in s.pending if p[0] == "place"}) if c]],
}


def _turns(game: str, n: int = 25) -> list:
    rules = gardenkit.make(game)
    return _spread([s for s in _played(game) if isinstance(rules.current_player(s), int)], n)


@pytest.mark.parametrize("game", GAMES)
def test_targets_say_what_can_be_played_and_why_not(game):
    """``gardenkit.testing.check_targets`` on states of seeded play: a player's turns, with
    nothing picked and with each pick of SELECTIONS, and states where no player is to act."""
    rules = gardenkit.make(game)
    picks = SELECTIONS.get(game, lambda rules, s: [])
    checked = 0
    for s in _turns(game):
        checked += check_targets(rules, s)
        for selection in _spread(picks(rules, s), 16):  # a spread of them: each is checked in full
            checked += check_targets(rules, s, selection)
    assert checked, "no target offered in any state"
    idle = [s for s in _played(game) if not isinstance(rules.current_player(s), int)]
    for s in _spread(idle, 10):
        check_targets(rules, s)


@pytest.mark.parametrize("game", sorted(SELECTIONS))
def test_a_board_can_offer_every_legal_move(game):
    """Every legal action is a legal target with nothing picked or with one of the picks: the
    board (which draws only targets) never hides a move."""
    rules = gardenkit.make(game)
    for s in _turns(game):
        offered = {t.action for t in rules.targets(s) if t.legal}
        for selection in SELECTIONS[game](rules, s):
            offered |= {t.action for t in rules.targets(s, selection) if t.legal}
        missing = {str(a) for a in rules.legal_actions(s)} - offered
        assert not missing, f"legal but never offered: {sorted(missing)[:5]}"


# ----- what a drawing is given: rules.view ---------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_view_a_drawing_is_given_is_the_rules_own_answers(game):
    """``rules.view(state, seat, selection)`` (what every renderer draws) holds exactly what the
    rules answer one by one: the seat's observation, who is to act, the decision, the known scores,
    the targets offered (with and without a selection) when that seat acts, the outcome and the end
    scoring once over; ``clickable=False`` asks no targets."""
    rules = gardenkit.make(game)
    states = random_game(rules, rules.info.min_players, 11)
    seen_acting = seen_over = 0
    for s in states[::9] + states[-1:]:
        for seat in range(len(rules.scores(s))):
            v = rules.view(s, seat)
            to_act = rules.current_player(s)
            assert v.state == rules.observe(s, seat) and v.viewer == seat and v.to_act == to_act
            assert v.decision == rules.decision(s) and v.scores == rules.known_scores(rules.observe(s, seat))
            assert v.mine == (to_act == seat)
            assert v.offered == (rules.targets(s) if to_act == seat else ()) and v.targets == v.offered
            assert rules.view(s, seat, clickable=False).offered == ()
            if rules.is_terminal(s):
                assert v.over and v.outcome == rules.outcome(s)
                assert v.finals == tuple(rules.final_lines(s, p) for p in range(len(rules.scores(s))))
                seen_over += 1
            else:
                assert v.outcome is None and v.finals == ()
            seen_acting += to_act == seat
        whole = rules.view(s)
        assert whole.state == s and whole.offered == () and whole.viewer is None
    assert seen_over, f"{game}: the seeded game did not end"
    assert seen_acting > 3, f"{game}: the walk met too few positions with a seat to act"
    with pytest.raises(ValueError):
        rules.view(s, len(rules.scores(s)))  # no such seat: refused as every query refuses it
