"""The gallery (notebooks/index.ipynb) served by Voilà, in headless Chromium.

What the page must show comes from the registry (``gardenkit.gallery()``): one card per game,
registered or coming; a registered game's title is its engine's (``make(id).info.title``) and its
link is its declared notebook (``entry(id).notebook``), a file of ``notebooks/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import gardenkit

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CARDS = {card["id"]: card for card in gardenkit.gallery()}
GAMES = {game_id: card["title"] for game_id, card in CARDS.items()}
LIVE = {game_id: card["notebook"] for game_id, card in CARDS.items() if card["notebook"]}


def test_the_expected_cards_are_the_real_games():
    assert len(GAMES) == 5  # the five games of DESIGN.md, registered or coming
    assert sorted(LIVE) == sorted(gardenkit.available_games())
    for game_id, notebook in LIVE.items():
        assert GAMES[game_id] == gardenkit.make(game_id).info.title
        assert notebook == gardenkit.entry(game_id).notebook and (NOTEBOOKS / notebook).exists()


@pytest.fixture
def gallery(open_dashboard):
    return open_dashboard("index.ipynb", wait_for=".gk-game-card")


def test_gallery_shows_one_card_per_game(gallery):
    cards = gallery.locator(".gk-game-card")
    assert cards.count() == len(GAMES) == 5
    ids = [cards.nth(i).get_attribute("data-game") for i in range(cards.count())]
    assert sorted(ids) == sorted(GAMES)
    for game_id, title in GAMES.items():
        card = gallery.locator(f'.gk-game-card[data-game="{game_id}"]')
        assert card.locator("h2").inner_text().strip() == title
        assert card.is_visible()
        assert "Players:" in card.inner_text()
        assert CARDS[game_id]["players"] in card.inner_text()


@pytest.mark.parametrize("game_id", sorted(LIVE))
def test_live_games_link_to_their_dashboard(gallery, game_id):
    card = gallery.locator(f'.gk-game-card[data-game="{game_id}"]')
    links = card.locator("a")
    assert links.count() == 1
    assert links.first.get_attribute("href") == LIVE[game_id]
    # Relative, so it resolves next to the gallery: /voila/render/<name>.ipynb
    resolved = links.first.evaluate("a => a.href")
    assert resolved.endswith(f"/voila/render/{LIVE[game_id]}")
    assert "coming" not in card.inner_text().lower()


def test_a_game_not_registered_is_marked_coming_without_a_link(gallery):
    """A card of a game not registered yet says "coming" and links nowhere (today all five are
    registered: then no card says "coming")."""
    for game_id in GAMES:
        card = gallery.locator(f'.gk-game-card[data-game="{game_id}"]')
        live = game_id in LIVE
        assert ("coming" in card.inner_text().lower()) is not live, game_id
        assert (card.locator("a").count() == 0) is not live, game_id
