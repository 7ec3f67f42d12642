"""Tang Garden's component data: every total the rulebook gives, the published counts, every entry's
source, and a user's own file (loaded, or refused with the reason when a total is broken)."""
import json
from collections import Counter
from pathlib import Path

import pytest

from gardenkit import MalformedInputError
from gardenkit.games.tang_garden.components import (
    DECORATIONS, ELEMENTS, default_components, load_components, parse_components,
)

DATA = Path(__file__).parents[1] / "gardenkit/games/tang_garden/components.json"
C = default_components()


def raw():
    return json.loads(DATA.read_text())


def test_every_entry_says_where_it_comes_from():
    d = raw()
    entries = d["tiles"] + d["cards"] + d["characters"] + d["landscapes"] + d["decorations"]
    entries += [d["board"], d["board"]["start_tile"], d["board"]["central_garden"], d["board"]["tokens"],
                d["board"]["tokens_2p"], d["board"]["tokens_solo"], d["board"]["slots"], d["player_board"],
                d["totals"], d["icon_totals"], d["temples"]]
    assert all(e["source"] in ("rulebook", "published", "reconstructed") for e in entries)
    assert {c["source"] for c in d["characters"]} == {"rulebook"}


def test_the_data_file_is_what_the_script_writes():
    from gardenkit.games.tang_garden._make_components import build

    assert raw() == build()


def test_sixty_garden_tiles_in_four_stacks_with_three_temples():
    assert len(C.tiles) == 60
    assert Counter(t.stack for t in C.tiles) == {"greenery": 15, "water": 15, "rock": 15, "mixed": 15}
    temples = [t for t in C.tiles if t.temple]
    assert sorted(t.temple for t in temples) == sorted(ELEMENTS)
    assert all(t.edges == ("wall",) * 4 for t in temples)
    assert all(t.edges.count("wall") <= 1 for t in C.tiles if not t.temple)
    # some tiles show an area enclosed inside them, surrounded by footpaths (the rulebook's third build example)
    assert any(t.inner and t.edges == ("footpath",) * 4 for t in C.tiles)
    # every terrain appears on edges
    assert {e for t in C.tiles for e in t.edges} == {"greenery", "water", "rock", "footpath", "wall"}


def test_54_cards_36_decorations_eleven_kinds():
    assert len(C.deck()) == 54 and sum(C.decorations.values()) == 36
    assert set(C.decorations) == set(DECORATIONS)
    by_area = {c.kind: c.area for c in C.cards}
    assert by_area["fish"] == by_area["lotus"] == "water" and by_area["pavilion"] == "rock"
    assert by_area["bridge"] == "bridge" and by_area["birds"] == by_area["peony"] == by_area["pine"] == "greenery"


def test_twelve_characters_as_the_rulebook_lists_them():
    starting = {c.id: c.bonus for c in C.characters if c.starting}
    assert starting == {"architect": "greenery", "child": "rock", "empress": "water", "hermit": "rock",
                        "poet": "water", "student": "greenery"}
    assert C.character("emperor").skill is None and C.character("lady").skill is None
    assert C.character("emperor").sight == {"kind": "landscape", "icon": "dragon", "each": 5}
    assert C.character("lady").sight == {"kind": "sun_moon", "one": 6, "both": 12}
    assert C.character("empress").sight["coins"] == 9 and C.character("empress").sight["penalty"] == 3
    assert C.character("hermit").sight == {"kind": "line", "terrain": "rock", "each": 2, "cap": 10}
    assert C.character("officer").sight == {"kind": "any_icon", "each": 1}
    each = {c.id: c.sight.get("each") for c in C.characters if c.sight["kind"] == "landscape"}
    assert each == {"architect": 3, "child": 2, "emperor": 5, "merchant": 2, "monk": 3, "sword_dancer": 2}


def test_landscape_icons_match_the_published_counts():
    assert Counter(t.size for t in C.landscapes) == {"large": 8, "small": 12}
    published = {"construction": (2, 2), "animal": (1, 4), "dragon": (3, 0), "village": (1, 4), "temple": (2, 1),
                 "waterfall": (2, 4)}
    for icon, (big, small) in published.items():
        assert sum(t.icons.count(icon) for t in C.landscapes if t.size == "large") == big
        assert sum(t.icons.count(icon) for t in C.landscapes if t.size == "small") == small
    # the Lady's 2/0: one sun and one moon, on large tiles only
    assert sum(t.icons.count("sun") + t.icons.count("moon") for t in C.landscapes if t.size == "large") == 2


def test_board_geometry():
    assert len(C.central) == 28
    for layout in ("multi", "two"):
        assert Counter(size for _, _, size in C.tokens[layout]) == {"large": 8, "small": 8}
    # the diamond: the 16 spaces four steps from the centre
    assert all(abs(x - 3.5) + abs(y - 3.5) == 4 for x, y, _ in C.tokens["multi"])
    assert C.tokens["two"] != C.tokens["multi"]
    assert len(C.tokens["solo"]) == 8 and {(x, y) for x, y, _ in C.tokens["solo"]} <= set(C.central)
    assert set(C.start_sides) == {"a", "b"} and all(len(s) == 8 for s in C.start_sides.values())


def test_player_board_full_tracks_give_21_coins():
    assert 3 * C.full_track_coins() == 21 and C.levels == 10
    assert list(C.thresholds) == sorted(C.thresholds)


def test_a_users_own_file_loads(tmp_path):
    d = raw()
    d["landscapes"][0]["source"] = "rulebook"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(d))
    mine = load_components(path)
    assert mine.landscape("L1").source == "rulebook" and mine != C


@pytest.mark.parametrize("edit, match", [
    (lambda d: d["tiles"].pop(), "60 garden tiles"),
    (lambda d: d["cards"][0].update(copies=d["cards"][0]["copies"] + 1), "54 decoration cards"),
    (lambda d: d["decorations"][0].update(count=5), "36 decorations"),
    (lambda d: d["characters"].pop(), "12 characters"),
    (lambda d: d["landscapes"].pop(), "landscape tiles"),
    (lambda d: d["landscapes"][0]["icons"].append("dragon"), "published count"),
    (lambda d: d["board"]["central_garden"]["spaces"].pop(), "28 spaces"),
    (lambda d: d["board"]["tokens"]["large"].pop(), "8 large and 8 small"),
    (lambda d: d["player_board"]["coin_bonuses"].update({"10": 5}), "21 coins"),
    (lambda d: d["tiles"][0].update(edges=["wall", "wall", "greenery", "greenery"]), "one edge at most"),
    (lambda d: d["tiles"][0].update(edges=["lava"] * 4), "edge must be one of"),
    (lambda d: d["tiles"][14].update(temple=None, edges=["greenery"] * 4, stack="moss"), "stack must be one of"),
])
def test_a_file_breaking_a_total_is_refused(edit, match):
    d = raw()
    edit(d)
    with pytest.raises(MalformedInputError, match=match):
        parse_components(d)


# ----- each character's sight preference in words (components.sight_words) -----------------------------------
def _numbers(value):
    """Every whole number in a character's sight data."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return []


@pytest.mark.parametrize("cid", [c["id"] for c in raw()["characters"]])
def test_every_characters_sight_preference_reads_as_words(cid):
    import re

    sight = C.character(cid).sight
    words = C.sight_words(cid)
    # no data left in the words: no dict or list marks, quotes or ids with underscores
    assert words.startswith("scores ") and not any(ch in words for ch in "{}[]'_:"), words
    assert sight["kind"] in ("landscape", "line") or sight["kind"] not in words
    said = [int(n) for n in re.findall(r"\b\d+\b", words)]
    assert sorted(said) == sorted(_numbers(sight)), (words, sight)  # each number of the data, and no other
    for key in ("icon", "terrain"):
        if key in sight:
            assert f" {sight[key]} " in words
    for rival in sight.get("rivals", []):
        assert f"the {C.character(rival).name}" in words


def test_sight_words_say_what_the_end_scoring_counts():
    from gardenkit.games.tang_garden.components import sight_words

    # a line preference counts the character's own tile and stops at its cap
    assert C.sight_words("hermit") == ("scores 2 coins for each garden tile showing rock in its line of sight "
                                       "(its own tile included), 10 coins at most")
    # the Lady scores once for the sun or the moon on view, not per icon (engine: score.prefer_sun_moon)
    assert C.sight_words("lady") == ("scores 6 coins if the landscape tiles on the side it faces show the sun or "
                                     "the moon, 12 if they show both")
    assert C.sight_words("officer") == ("scores 1 coin for each icon, of any kind, on the landscape tiles on the side "
                                        "it faces")
    assert C.sight_words("empress") == ("scores 9 coins, less 3 for each of the Emperor and the Lady standing in its "
                                        "line of sight")
    # a rival named in the data but not given a name: its id, in words
    assert sight_words({"kind": "empress", "coins": 9, "penalty": 3, "rivals": ["sword_dancer"]}).endswith(
        "less 3 for each of the Sword Dancer standing in its line of sight")
    with pytest.raises(MalformedInputError, match="sight preference"):
        sight_words({"kind": "smell"})


def test_the_notebook_says_each_characters_sight_preference_in_words():
    import notebook_checks as nb

    path = nb.notebook("tang-garden.ipynb")
    cell = next(c for c in nb.checked_cells(path) if "sight_words" in "".join(c["source"]))
    shown = "".join("".join(o["text"]) for o in cell["outputs"] if o["output_type"] == "stream")
    assert "{" not in shown and "sight: " not in shown
    for c in C.characters:
        assert f"{c.name} (" in shown and C.sight_words(c.id) in shown
