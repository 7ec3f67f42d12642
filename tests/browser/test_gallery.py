"""The gallery (notebooks/index.ipynb) served by Voilà, in headless Chromium."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

GAMES = {
    "samurai_gardener": "Samurai Gardener",
    "miyabi": "Miyabi",
    "karesansui": "Karesansui: The Rock Garden",
    "tanuki": "Tanuki in the Garden",
    "tang_garden": "Tang Garden",
}


@pytest.fixture
def gallery(open_dashboard):
    return open_dashboard("index.ipynb", wait_for=".gk-game-card")


def test_gallery_shows_one_card_per_game(gallery):
    cards = gallery.locator(".gk-game-card")
    assert cards.count() == 5
    ids = [cards.nth(i).get_attribute("data-game") for i in range(5)]
    assert sorted(ids) == sorted(GAMES)
    for game_id, title in GAMES.items():
        card = gallery.locator(f'.gk-game-card[data-game="{game_id}"]')
        assert card.locator("h2").inner_text().strip() == title
        assert card.is_visible()
        assert "Players:" in card.inner_text()


def test_samurai_gardener_links_to_its_dashboard(gallery):
    card = gallery.locator('.gk-game-card[data-game="samurai_gardener"]')
    links = card.locator("a")
    assert links.count() == 1
    assert links.first.get_attribute("href") == "samurai-gardener.ipynb"
    # Relative, so it resolves next to the gallery: /voila/render/samurai-gardener.ipynb
    resolved = links.first.evaluate("a => a.href")
    assert resolved.endswith("/voila/render/samurai-gardener.ipynb")
    assert "coming" not in card.inner_text().lower()


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "samurai_gardener"])
def test_other_games_are_marked_coming_without_a_link(gallery, game_id):
    card = gallery.locator(f'.gk-game-card[data-game="{game_id}"]')
    assert "coming" in card.inner_text().lower()
    assert card.locator("a").count() == 0
