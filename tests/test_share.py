"""The position link (gardenkit.core.share): round trip for every game at several moments and
player counts, hidden information kept as ``observe`` says, refusal of bad input, size limit."""
from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gardenkit
from gardenkit.core import CHANCE, MalformedInputError, Rng
from gardenkit.core import share
from gardenkit.core.share import MAX_LINK_CHARS, decode, encode, from_query, query

GAMES = gardenkit.available_games()


def moments(game, players, seed=3, every=9):
    """States of a seeded random game: the start, every ``every`` steps, and the end."""
    rules = gardenkit.make(game)
    s, r, k = rules.initial_state(players=players, seed=seed), random.Random(seed), 0
    while True:
        if k % every == 0 or rules.is_terminal(s):
            yield s
        if rules.is_terminal(s):
            return
        p = rules.current_player(s)
        s = rules.step_chance(s) if p is CHANCE else rules.apply(s, r.choice(rules.legal_actions(s)))
        k += 1


def _body(text):
    blob = base64.urlsafe_b64decode(text[4:] + "=" * (-len(text[4:]) % 4))
    return json.loads(zlib.decompress(blob[6:]))


def _pack(body) -> str:
    packed = zlib.compress(json.dumps(body).encode())
    return "gk1." + base64.urlsafe_b64encode(share._checksum(packed) + packed).decode().rstrip("=")


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_every_game_moments_and_player_counts(game):
    rules = gardenkit.make(game)
    for players in sorted({rules.info.min_players, rules.info.max_players}):
        for k, s in enumerate(moments(game, players)):
            whole = decode(encode(rules, s, None, seed=k), rules)
            assert whole.state == s and whole.seat is None and whole.game == game
            for seat in {0, players - 1}:
                text = encode(rules, s, seat, seed=k)
                assert len(text) <= MAX_LINK_CHARS and text.startswith("gk1.")
                link = decode(text, rules)
                assert (link.game, link.seat, link.seed) == (game, seat, k)
                # the receiver sees what the seat saw: same board, same player to act ...
                assert rules.observe(link.state, seat) == rules.observe(s, seat)
                assert rules.current_player(link.state) == rules.current_player(s)
                # ... and, on the seat's turn, the same legal moves
                if rules.current_player(s) == seat:
                    assert rules.legal_actions(link.state) == rules.legal_actions(s)
                assert decode(text, rules).state == link.state  # the same link opens the same game


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_link_carries_its_view_only(game):
    """What another seat hides never travels: the link holds ``observe(state, seat)`` and is the
    same whatever the hidden part really is (another guess at it gives the very same link)."""
    rules = gardenkit.make(game)
    players = rules.info.max_players
    for k, s in enumerate(moments(game, players, every=17)):
        if rules.is_terminal(s):
            continue
        text = encode(rules, s, 0, seed=1)
        assert _body(text)["state"] == rules.observe(s, 0).to_dict()
        assert _body(text)["state"]["rng"] is None
        other = rules.determinize(rules.observe(s, 0), Rng.from_seed(99 + k))
        assert encode(rules, other, 0, seed=1) == text


def test_karesansui_link_hides_the_other_players_demerits():
    """Demerit cards lie face down: a seat's link carries its own total, never another's."""
    rules = gardenkit.make("karesansui")
    seen = 0
    for s in moments("karesansui", 3, every=3):
        others = [p for p in (1, 2) if s.scores[p] > 0]
        if rules.is_terminal(s) or not others:
            continue
        view = _body(encode(rules, s, 0))["state"]
        assert view["scores"][0] == s.scores[0]
        assert all(view["scores"][p] != s.scores[p] or s.scores[p] == 0 for p in others)
        assert sorted(view["hidden"]) == [1, 2]
        seen += 1
    assert seen


def test_refusals_name_what_is_wrong():
    rules = gardenkit.make("miyabi")
    s = rules.initial_state(players=2, seed=1)
    text = encode(rules, s, 0, seed=2)
    with pytest.raises(MalformedInputError, match="damaged"):
        decode(text[:-4], rules)  # cut
    flipped = text[:20] + ("A" if text[20] != "A" else "B") + text[21:]
    with pytest.raises(MalformedInputError, match="damaged"):
        decode(flipped, rules)  # changed
    with pytest.raises(MalformedInputError, match="another version"):
        decode("gk2." + text[4:], rules)
    with pytest.raises(MalformedInputError, match="not a gardenkit position link"):
        decode("hello", rules)
    with pytest.raises(MalformedInputError, match="characters a link never has"):
        decode(text + "!", rules)
    with pytest.raises(MalformedInputError, match="not of Karesansui"):
        decode(text, gardenkit.make("karesansui"))
    with pytest.raises(MalformedInputError, match="is text"):
        decode(b"gk1.abc", rules)
    with pytest.raises(MalformedInputError, match="'chess', not of Miyabi"):
        decode(_pack({"v": 1, "game": "chess", "seat": 0, "seed": 0, "state": {}}), rules)
    with pytest.raises(MalformedInputError, match="fields are wrong"):
        decode(_pack({"v": 1, "game": "miyabi"}), rules)
    with pytest.raises(MalformedInputError, match="version"):
        decode(_pack({"v": 7, "game": "miyabi", "seat": 0, "seed": 0, "state": {}}), rules)
    with pytest.raises(MalformedInputError, match="seed"):
        decode(_pack({"v": 1, "game": "miyabi", "seat": 0, "seed": "x", "state": s.to_dict()}), rules)
    with pytest.raises(MalformedInputError, match="player"):
        decode(_pack({"v": 1, "game": "miyabi", "seat": 5, "seed": 0, "state": rules.observe(s, 0).to_dict()}), rules)


def test_a_whole_state_link_must_be_a_full_state():
    """seat None carries the whole state: a view (rng None) passed off as one is refused, as a save is."""
    rules = gardenkit.make("samurai_gardener")
    s = rules.step_chance(rules.initial_state(players=2, seed=1))
    body = {"v": 1, "game": "samurai_gardener", "seat": None, "seed": 0, "state": rules.observe(s, 0).to_dict()}
    with pytest.raises(MalformedInputError, match="player's view"):
        decode(_pack(body), rules)
    with pytest.raises(MalformedInputError, match="player's view"):
        encode(rules, rules.observe(s, 0), None)


def test_a_stale_state_is_refused_as_a_save_is():
    """A link whose state a save would refuse (a field changed to something play cannot reach)."""
    rules = gardenkit.make("samurai_gardener")
    s = rules.step_chance(rules.initial_state(players=2, seed=1))
    d = s.to_dict()
    d["scores"] = [-5, 0]
    with pytest.raises(ValueError):
        decode(_pack({"v": 1, "game": "samurai_gardener", "seat": None, "seed": 0, "state": d}), rules)


def test_size_limits():
    with pytest.raises(MalformedInputError, match="too long"):
        decode("gk1." + "A" * MAX_LINK_CHARS, gardenkit.make("miyabi"))
    bomb = zlib.compress(b" " * 5_000_000, 9)  # a small link that unpacks to megabytes
    text = "gk1." + base64.urlsafe_b64encode(share._checksum(bomb) + bomb).decode().rstrip("=")
    assert len(text) < MAX_LINK_CHARS
    with pytest.raises(MalformedInputError, match="unpacks to more than"):
        decode(text, gardenkit.make("miyabi"))


def test_a_position_too_large_for_a_link_is_refused_on_encoding(monkeypatch):
    rules = gardenkit.make("tanuki")
    s = rules.initial_state(players=2, seed=1)
    monkeypatch.setattr(share, "MAX_LINK_CHARS", 50)
    with pytest.raises(MalformedInputError, match="too large for a link"):
        encode(rules, s, 0)


def test_encode_checks_its_input():
    rules = gardenkit.make("miyabi")
    s = rules.initial_state(players=2, seed=1)
    with pytest.raises(MalformedInputError):
        encode(rules, s, 2)
    with pytest.raises(MalformedInputError):
        encode(rules, s, True)
    with pytest.raises(MalformedInputError):
        encode(rules, s, 0, seed=-1)
    with pytest.raises(MalformedInputError):
        encode(rules, "not a state", 0)


def test_query_string_round_trip():
    rules = gardenkit.make("karesansui")
    text = encode(rules, rules.initial_state(players=3, seed=2), 1, seed=3)
    assert from_query(query(text)) == text
    assert from_query(query(text)[1:] + "&other=1") == text
    assert from_query("?a=1") is None
    with pytest.raises(MalformedInputError):
        from_query(None)
    with pytest.raises(MalformedInputError, match="too long"):
        from_query("?pos=" + "A" * (MAX_LINK_CHARS + 300))


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_link_or_a_clear_value_error(text):
    try:
        link = decode(text, gardenkit.make("miyabi"))
    except ValueError:
        return
    gardenkit.make(link.game).check_playable(link.state)  # pragma: no cover - random text is never a link


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_edit_of_a_real_link_is_refused_or_a_checked_position(data):
    rules = gardenkit.make("samurai_gardener")
    s = rules.step_chance(rules.initial_state(players=3, seed=4))
    text = encode(rules, s, 1, seed=5)
    i = data.draw(st.integers(0, len(text) - 1))
    c = data.draw(st.sampled_from("ABCxyz019-_.!%"))
    edited = text[:i] + c + text[i + 1:]
    try:
        link = decode(edited, rules)
    except ValueError:
        return
    assert edited == text or link.state is not None
    rules.check_playable(link.state)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
                    max_leaves=20))
def test_any_well_packed_body_is_refused_or_playable(state):
    """A link that is well packed (right checksum) but holds any JSON is checked like a save."""
    for body in ({"v": 1, "game": "miyabi", "seat": 0, "seed": 0, "state": state}, state):
        try:
            link = decode(_pack(body), gardenkit.make("miyabi"))
        except ValueError:
            continue
        gardenkit.make(link.game).check_playable(link.state)  # pragma: no cover
