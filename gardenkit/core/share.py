"""A position you can send: a game state as a short URL-safe text for a query parameter.

``encode(rules, state, seat)`` writes the position as the seat ``seat`` sees it
(``rules.observe(state, seat)``: nothing another player hides travels in the link), with the
game id, a format version, a seed and a checksum, compressed and in URL-safe base64.
``decode(text, rules)`` reads it back and checks it exactly like a loaded save: a state of that
game (``rules.from_dict``), then made whole again and checked with ``rules.check_full`` and
``rules.check_playable``.

How the receiver goes on from a view. A seat's view hides what play needs (the order of the
deck, other players' hands). The receiver continues from ``rules.determinize(view,
Rng.from_seed(seed))``: one guess at what is hidden, consistent with everything the sender saw,
drawn with the seed the link carries. The same link therefore always opens the same game (same
board, same legal moves for the seat), and the guess is a fresh one, never the sender's real
hidden cards. With ``seat=None`` the whole state travels (its generator included): only for a
position with nothing secret to its sender, such as a try board or a tutor scenario.

A link that is not text, too long, of another format version, cut or altered (the checksum),
not a registered game, or a state play cannot go on from: a clear
:class:`~gardenkit.core.errors.MalformedInputError` (a ``ValueError``). The checksum catches
links damaged on the way; it is no signature (anyone can write a valid link), which is why
the position itself is checked as a save is.

>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> s = rules.step_chance(rules.initial_state(players=2, seed=1))
>>> text = encode(rules, s, seat=0, seed=4)
>>> text.startswith("gk1.") and len(text) < MAX_LINK_CHARS
True
>>> link = decode(text, rules)
>>> link.game, link.seat, link.seed
('samurai_gardener', 0, 4)
>>> rules.observe(link.state, 0) == rules.observe(s, 0)
True
>>> decode(text[:-3], rules)
Traceback (most recent call last):
...
gardenkit.core.errors.MalformedInputError: this position link is damaged (its checksum does not match): it was cut or changed on the way
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from .checks import loads
from .errors import MalformedInputError
from .rng import Rng, _short

__all__ = ["LINK_VERSION", "MAX_LINK_CHARS", "QUERY_KEY", "Link", "decode", "encode", "from_query", "query"]

#: the format version, the link's first part ("gk1."); a link of another version is refused
LINK_VERSION = 1
_PREFIX = f"gk{LINK_VERSION}."
#: the longest link text accepted or written (characters). Browsers and servers take URLs of
#: 16000 characters and more; late views measured at most about 2900 (Tanuki, 5 players).
MAX_LINK_CHARS = 8000
#: the most bytes the compressed position may inflate to (a zip bomb stops here)
MAX_JSON_BYTES = 200_000
#: the query parameter that holds the link (``?pos=gk1....``)
QUERY_KEY = "pos"
_CHECK_BYTES = 6


@dataclass(frozen=True)
class Link:
    """A decoded position link: the game id, the seat it was shared from (None: the whole
    position), the seed of the receiver's guess, and ``state``, a full state play goes on from."""

    game: str
    seat: int | None
    seed: int
    state: Any


def _checksum(payload: bytes) -> bytes:
    return hashlib.sha256(payload).digest()[:_CHECK_BYTES]


def encode(rules, state, seat: int | None, seed: int = 0) -> str:
    """The link text of ``state`` as seat ``seat`` sees it (``None``: the whole state, for a
    position nothing is hidden from its sender). ``seed`` picks the receiver's guess at what
    the view hides. A position too large for a link: a :class:`MalformedInputError`."""
    rules.check_type(state)
    Rng.from_seed(seed)  # a whole number from 0 to 2**64 - 1, else a clear error
    if seat is None:
        rules.check_full(state)
        shown = state
    else:
        rules._check_player(state, seat)
        shown = rules.observe(state, seat)
    body = {"v": LINK_VERSION, "game": rules.info.id, "seat": seat, "seed": seed, "state": shown.to_dict()}
    raw = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
    packed = zlib.compress(raw, 9)
    text = _PREFIX + base64.urlsafe_b64encode(_checksum(packed) + packed).decode().rstrip("=")
    if len(text) > MAX_LINK_CHARS:
        raise MalformedInputError(f"this position is too large for a link ({len(text)} characters, "
                                  f"at most {MAX_LINK_CHARS}); save the game to a file instead")
    return text


def decode(text, rules) -> Link:
    """The :class:`Link` a link text holds, checked like a loaded save by ``rules`` (the game the
    page shows: another game's link is refused). Anything wrong: a clear
    :class:`MalformedInputError`."""
    if not isinstance(text, str):
        raise MalformedInputError(f"a position link is text, not {type(text).__name__}")
    text = text.strip()
    if len(text) > MAX_LINK_CHARS:
        raise MalformedInputError(f"this position link is too long ({len(text)} characters, at most {MAX_LINK_CHARS})")
    if not text.startswith("gk") or "." not in text[:8]:
        raise MalformedInputError(f"this is not a gardenkit position link: {_short(text)}")
    if not text.startswith(_PREFIX):
        raise MalformedInputError(f"this position link is of another version ({_short(text.partition('.')[0])}); "
                                  f"this gardenkit reads {_PREFIX[:-1]} links only")
    data = text[len(_PREFIX):]
    if not data or any(c not in _B64 for c in data):
        raise MalformedInputError("this position link holds characters a link never has: it was cut or changed")
    try:
        blob = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise MalformedInputError("this position link is damaged (not base64): it was cut or changed on the way") from None
    check, packed = blob[:_CHECK_BYTES], blob[_CHECK_BYTES:]
    if len(check) < _CHECK_BYTES or _checksum(packed) != check:
        raise MalformedInputError("this position link is damaged (its checksum does not match): "
                                  "it was cut or changed on the way")
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise MalformedInputError("this position link is damaged (it does not unpack)") from None
    if len(raw) > MAX_JSON_BYTES or inflate.unconsumed_tail:
        raise MalformedInputError(f"this position link unpacks to more than {MAX_JSON_BYTES} bytes")
    if not inflate.eof:
        raise MalformedInputError("this position link is damaged (it ends early)")
    body = loads(raw, "position link")
    if not isinstance(body, dict) or set(body) != {"v", "game", "seat", "seed", "state"}:
        raise MalformedInputError("this position link does not hold a position (its fields are wrong)")
    if body["v"] != LINK_VERSION:
        raise MalformedInputError(f"this position link is of version {_short(body['v'])}, not {LINK_VERSION}")
    game_id = body["game"]
    if game_id != rules.info.id:
        raise MalformedInputError(f"this link holds a position of {_short(game_id)}, not of {rules.info.title}")
    seed = body["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedInputError(f"the link's seed must be a whole number, not {_short(seed)}")
    rng = Rng.from_seed(seed)
    shown = rules.from_dict(body["state"])
    seat = body["seat"]
    if seat is None:
        state = shown
    else:
        rules._check_player(shown, seat)
        state = shown if rules.is_terminal(shown) else rules.determinize(shown, rng)
        if rules.observe(state, seat) != rules.observe(shown, seat):
            raise MalformedInputError("this position link is not a view the seat could have had")
    rules.check_full(state)
    rules.check_playable(state)
    return Link(game_id, seat, seed, state)


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def query(text: str, key: str = QUERY_KEY) -> str:
    """The query string that carries a link (``?pos=gk1....``; the link is URL-safe as it is).

    >>> query("gk1.abc")
    '?pos=gk1.abc'
    """
    return f"?{key}={text}"


def from_query(search, key: str = QUERY_KEY) -> str | None:
    """The link text in a page's query string (``window.location.search``, with or without the
    "?"), None when it has none. Not text, or too long: a :class:`MalformedInputError`.

    >>> from_query("?pos=gk1.abc&x=1"), from_query(""), from_query("?x=1")
    ('gk1.abc', None, None)
    """
    if not isinstance(search, str):
        raise MalformedInputError(f"a query string is text, not {type(search).__name__}")
    if len(search) > MAX_LINK_CHARS + 200:
        raise MalformedInputError(f"the page's query string is too long ({len(search)} characters)")
    values = parse_qs(search.lstrip("?"), keep_blank_values=True).get(key)
    return values[0] if values else None
