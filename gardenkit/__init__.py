"""gardenkit: interactive rulebooks and tutors for garden-themed tabletop games.

>>> import gardenkit
>>> gardenkit.available_games()
('karesansui', 'miyabi', 'samurai_gardener', 'tanuki', 'tang_garden')
>>> rules = gardenkit.make("samurai_gardener")
>>> rules.info.title, rules.info.min_players, rules.info.max_players
('Samurai Gardener', 2, 5)
"""
from .core import (
    CHANCE, Cited, Effect, Explanation, GameInfo, IllegalActionError, Line, MalformedInputError, Option, Outcome,
    Refusal, Target, Timeline,
)

__version__ = "0.1.0"

# The one line that registers a game: its id. Its package, gardenkit.games.<id>, declares the rest
# (``GAME``, a :class:`~gardenkit.core.registry.GameEntry`); see docs/adding-a-game.md.
_GAMES = ("karesansui", "miyabi", "samurai_gardener", "tanuki", "tang_garden")

# Games still being written: shown in the gallery as "coming" (id -> title, players, pitch).
# A game's line moves from here to _GAMES when it is registered.
_COMING: dict = {}


def available_games() -> tuple[str, ...]:
    """The ids of the games this version can play."""
    return _GAMES


def _known(game_id) -> str:
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise ValueError(f"unknown game {game_id!r}; available: {', '.join(_GAMES)}")
    return game_id


def entry(game_id: str):
    """The game's declaration (:class:`~gardenkit.core.registry.GameEntry`): its rules, board, game
    view, tutor, renderer, notebook, playthroughs and pitch, by name.

    >>> entry("miyabi").notebook
    'miyabi.ipynb'
    """
    import importlib

    return importlib.import_module(f"gardenkit.games.{_known(game_id)}").GAME


def make(game_id: str):
    """The (stateless) rules object of a game (one per game: :func:`gardenkit.core.registry.rules_of`)."""
    from .core.registry import rules_of

    return rules_of(_known(game_id))


def page_href(notebook: str, platform: str | None = None) -> str:
    """The relative link from one dashboard to another's notebook: the notebook itself where
    Voilà (or JupyterLab) serves it, its page ``<name>.html`` on the static site (Voici, where
    the kernel is Pyodide: ``sys.platform == "emscripten"``, or ``platform`` when given).

    >>> page_href("miyabi.ipynb", "linux"), page_href("miyabi.ipynb", "emscripten")
    ('miyabi.ipynb', 'miyabi.html')
    """
    import sys

    if (platform or sys.platform) == "emscripten" and notebook.endswith(".ipynb"):
        return notebook[: -len(".ipynb")] + ".html"
    return notebook


def gallery() -> tuple[dict, ...]:
    """One card per game for the gallery, registered games first: ``id``, ``title``, ``players``
    (e.g. "2–5"), ``pitch``, ``notebook`` (None for a game still being written) and ``href``, the
    link to its dashboard from the gallery (:func:`page_href`: ``.html`` on the static site).

    >>> [(g["id"], g["notebook"], g["href"]) for g in gallery()][:1]
    [('karesansui', 'karesansui.ipynb', 'karesansui.ipynb')]
    """
    cards = []
    for game_id in _GAMES:
        e, info = entry(game_id), make(game_id).info
        players = f"{info.min_players}–{info.max_players}" if info.max_players > info.min_players else str(info.min_players)
        cards.append({"id": game_id, "title": info.title, "players": players, "pitch": e.pitch,
                      "notebook": e.notebook, "href": page_href(e.notebook) if e.notebook else None})
    for game_id, (title, players, pitch) in _COMING.items():
        cards.append({"id": game_id, "title": title, "players": players, "pitch": pitch, "notebook": None,
                      "href": None})
    return tuple(cards)


__all__ = [
    "CHANCE", "Cited", "Effect", "Explanation", "GameInfo", "IllegalActionError", "Line", "MalformedInputError",
    "Option", "Outcome", "Refusal", "Target", "Timeline", "available_games", "entry", "gallery", "make", "page_href",
]
