"""Every registered game has all its files (the checklist of docs/adding-a-game.md).

A game is registered by its id in ``gardenkit._GAMES``; its package declares ``GAME`` (a
:class:`~gardenkit.core.registry.GameEntry`). For each one this checks what the entry names
exists and fits: the rules, board, game view, tutor and renderer import; the notebook, the
golden playthroughs, the README's mention and picture are there; the notebook has a heading
for every rule id.
"""
from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import notebook_checks as nb

import gardenkit
from gardenkit.core.registry import GameEntry
from gardenkit.core.rules import GameRules
from gardenkit.tutor import Quiz, Scenario

REPO = Path(__file__).resolve().parents[1]
PLAYTHROUGHS = REPO / "tests" / "playthroughs"
README = REPO / "README.md"
#: the five games of DESIGN.md
DESIGN_IDS = {"tanuki", "tang_garden", "miyabi", "karesansui", "samurai_gardener"}
GAMES = gardenkit.available_games()


# ----- the registry itself ---------------------------------------------------------------------

def test_the_registered_and_coming_games_are_the_five_of_the_design():
    assert not set(gardenkit._GAMES) & set(gardenkit._COMING), "a game is both registered and coming"
    assert set(gardenkit._GAMES) | set(gardenkit._COMING) == DESIGN_IDS
    assert len(GAMES) == len(set(GAMES)) and GAMES == gardenkit._GAMES


def test_unknown_games_are_refused_clearly():
    for bad in ("chess", "", None, 3, "tang garden"):
        with pytest.raises(ValueError, match="unknown game"):
            gardenkit.entry(bad)
        with pytest.raises(ValueError, match="unknown game"):
            gardenkit.make(bad)


def test_the_gallery_has_one_card_per_game_registered_games_first():
    cards = gardenkit.gallery()
    assert [c["id"] for c in cards] == [*GAMES, *gardenkit._COMING]
    for c in cards:
        assert set(c) == {"id", "title", "players", "pitch", "notebook", "href"}
        assert c["href"] == (c["notebook"] and gardenkit.page_href(c["notebook"]))
        assert c["title"] and c["players"] and c["pitch"].strip()
        assert (c["notebook"] is None) == (c["id"] in gardenkit._COMING)
    assert len({c["title"] for c in cards}) == len(cards)


# ----- each registered game ----------------------------------------------------------------------

@pytest.fixture(params=GAMES)
def game(request):
    return request.param


def test_its_package_declares_its_entry(game):
    package = importlib.import_module(f"gardenkit.games.{game}")
    assert isinstance(package.GAME, GameEntry) and package.GAME.id == game
    assert gardenkit.entry(game) is package.GAME
    assert package.GAME.pitch.strip(), "the gallery card needs a pitch"


def test_its_rules_class_makes_its_engine(game):
    cls = gardenkit.entry(game).rules_class()
    assert issubclass(cls, GameRules)
    rules = gardenkit.make(game)
    assert isinstance(rules, cls) and rules.info.id == game and rules.info.title
    assert rules.info.rules, "a game needs its rule ids"
    assert all(rule.startswith(f"{game}.") for rule in rules.info.rules)
    assert isinstance(rules.action_types, tuple) and rules.action_types


def test_its_board_and_game_view_are_widgets_of_the_game(game):
    from gardenkit.widgets.base import BoardWidget, GameView

    e = gardenkit.entry(game)
    board, view = e.board_class(), e.game_view_class()
    assert issubclass(board, BoardWidget) and board.game_id == game
    assert issubclass(view, GameView) and view.game_id == game
    assert view.board_class is board


def test_its_tutor_module_has_scenarios_and_quizzes(game):
    tutor = gardenkit.entry(game).tutor_module()
    scenarios, quizzes = tutor.worked_examples(), tutor.quizzes()
    assert scenarios and all(isinstance(sc, Scenario) and sc.game == game for sc in scenarios)
    assert quizzes and all(isinstance(q, Quiz) and q.game == game for q in quizzes)
    tries = tutor.try_positions()
    assert tries and set(tries) <= set(gardenkit.make(game).info.rules)


def test_its_renderer_module_imports(game):
    render = gardenkit.entry(game).render_module()
    assert inspect.ismodule(render) and render.__name__ == gardenkit.entry(game).render
    assert render.__name__.startswith("gardenkit.render.")


def test_its_package_does_not_say_it_is_coming(game):
    """A registered game's package docstring does not still say it waits in ``_COMING``."""
    doc = " ".join((importlib.import_module(f"gardenkit.games.{game}").__doc__ or "").split()).lower()
    assert doc, f"{game}: its package has no docstring"
    for stale in ("_coming", "come later", "not registered", "not yet registered"):
        assert stale not in doc, f"{game}: its package docstring says {stale!r}"


def test_its_state_shows_itself_as_its_renderers_drawing(game):
    """DESIGN: every state shows itself as a board in any notebook (``_repr_svg_``), drawn by the
    renderer its entry names (imported lazily inside the method)."""
    rules = gardenkit.make(game)
    s = rules.initial_state(players=rules.info.min_players, seed=1)
    show = getattr(s, "_repr_svg_", None)
    assert callable(show), f"{game}: its state has no _repr_svg_"
    svg, again = show(), gardenkit.entry(game).render_module().render_state(rules.view(s))
    unique = re.compile(r"gk\d+")  # each drawing takes a fresh element-id prefix
    assert svg.startswith("<svg") and unique.sub("gk", svg) == unique.sub("gk", again)


def test_its_notebook_exists_and_names_the_game(game):
    path = nb.notebook(gardenkit.entry(game).notebook)
    assert path.exists(), f"{game}: no notebooks/{path.name}"
    assert gardenkit.make(game).info.title in nb.text(path, "markdown")


def test_its_notebook_has_a_heading_for_every_rule_id(game):
    path = nb.notebook(gardenkit.entry(game).notebook)
    assert nb.heading_rule_ids(path, game) == set(gardenkit.make(game).info.rules)


def test_its_playthroughs_exist(game):
    entries = gardenkit.entry(game).playthroughs
    assert entries, f"{game} declares no golden playthrough"
    for p in entries:
        assert p.name.startswith(f"{game}-"), p.name
        assert (PLAYTHROUGHS / f"{p.name}.txt").exists(), f"no tests/playthroughs/{p.name}.txt"
    assert len({p.name for p in entries}) == len(entries)


def test_the_readme_presents_it(game):
    readme, e = README.read_text(), gardenkit.entry(game)
    assert gardenkit.make(game).info.title in readme
    assert f"notebooks/{e.notebook}" in readme
    if e.picture:
        assert (REPO / "docs" / e.picture).exists(), f"docs/{e.picture} is declared but missing"
        assert f"docs/{e.picture}" in readme

