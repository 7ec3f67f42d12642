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


LIVE = {"samurai_gardener": "samurai-gardener.ipynb", "miyabi": "miyabi.ipynb", "karesansui": "karesansui.ipynb"}


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


@pytest.mark.parametrize("game_id", [g for g in GAMES if g not in LIVE])
def test_other_games_are_marked_coming_without_a_link(gallery, game_id):
    card = gallery.locator(f'.gk-game-card[data-game="{game_id}"]')
    assert "coming" in card.inner_text().lower()
    assert card.locator("a").count() == 0
