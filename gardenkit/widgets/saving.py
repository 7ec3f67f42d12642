"""Saving and loading a game view's game.

The "Save game" button (:class:`SaveButton`, CSS class ``gk-save``) encodes nothing while you
play: a click asks Python for the file and the browser downloads it as a Blob (this works in
Voilà too, where the page talks to the kernel only through widget messages). The file is the
JSON of :meth:`Saving.save_data`; "Load game" reads it back through :meth:`Saving.load_data`,
which checks every field and leaves the current game as it was if anything is wrong.

>>> button = SaveButton(lambda: {"format": SAVE_FORMAT, "moves": []}, lambda: "demo.json")
>>> button.file()
('demo.json', '{"format": "gardenkit-game", "moves": []}')
>>> 'download="demo.json"' in button.value and "data:application/json;base64," in button.value
True
"""
from __future__ import annotations

import base64
import json

import anywidget
import traitlets

from ..core import MalformedInputError, Timeline
from ..core.checks import check_depth, loads
from ..core.rng import _short
from ._html import h
from .board_base import guarded

__all__ = ["SAVE_FORMAT", "SaveButton", "Saving"]

SAVE_FORMAT = "gardenkit-game"

_SAVE_ESM = r"""
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "gk-save-button";
  button.title = "download this game as a JSON file";
  const label = () => { button.textContent = model.get("label"); };
  label();
  model.on("change:label", label);
  button.addEventListener("click", () => model.send({ kind: "save" }));
  const download = (msg) => {
    if (!msg || msg.kind !== "file" || typeof msg.text !== "string") return;
    const url = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = String(msg.name || "game.json");
    a.style.display = "none";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };
  model.on("msg:custom", download);
  el.appendChild(button);
  return () => { model.off("msg:custom", download); model.off("change:label", label); };
}
export default { render };
"""


def _reason(e: Exception) -> str:
    """What went wrong, in a line: a ValueError's own message; anything else named by its kind
    (the save loaded but the game's code could not go on with it)."""
    text = str(e).rstrip(".") or type(e).__name__
    if not isinstance(e, ValueError):
        text = f"play cannot go on from it ({type(e).__name__}: {text})"
    return text if len(text) <= 300 else text[:299] + "…"


class SaveButton(anywidget.AnyWidget):
    """A button that downloads ``data()`` as the JSON file ``name()``, both asked for only when
    it is clicked (the front end sends ``{"kind": "save"}``; Python answers with the file)."""

    _esm = _SAVE_ESM
    label = traitlets.Unicode("Save game").tag(sync=True)

    def __init__(self, data, name, **kwargs):
        super().__init__(**kwargs)
        self._data, self._name = data, name
        self.add_class("gk-save")
        self.on_msg(self._on_front_end_msg)

    def file(self) -> tuple[str, str]:
        """``(file name, JSON text)`` of the game as it is now."""
        return self._name(), json.dumps(self._data())

    @property
    def value(self) -> str:
        """The same file as an HTML link (a ``data:`` URL), made only when asked for."""
        name, text = self.file()
        payload = base64.b64encode(text.encode()).decode()
        return (f'<a download="{h(name)}" href="data:application/json;base64,{payload}" '
                f'title="download this game as a JSON file">{h(self.label)}</a>')

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if content != {"kind": "save"}:
            return
        name, text = self.file()
        self.send({"kind": "file", "name": name, "text": text})


class Saving:
    """Mixin of :class:`~gardenkit.widgets.view.GameView`: the Save button, the Load upload,
    ``save_data`` and ``load_data``. Needs ``rules``, ``timeline``, ``seat``, ``opponents``,
    ``seed``, ``state``, ``opponent_choices``, ``round_of``, ``_start`` and ``show_message``."""

    def _make_saving(self) -> None:
        import ipywidgets as widgets

        self.save_link = SaveButton(self.save_data, self.save_name)
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Load game").add_class("gk-load")
        self.upload.observe(self._on_upload, "value")

    def save_name(self) -> str:
        """The saved file's name: the game, its seed and the round it is in."""
        return f"{self.rules.info.id.replace('_', '-')}-seed{self.seed}-round{self.round_of(self.state)}.json"

    def save_data(self) -> dict:
        return {"format": SAVE_FORMAT, "game": self.rules.info.id, "seat": self.seat, "opponents": self.opponents,
                "seed": self.seed, "timeline": self.timeline.to_dict()}

    def load_data(self, data) -> bool:
        """Load a saved game (the dict or JSON text the Save button writes), all or nothing: the
        file is read and checked completely first (a saved game of this game, a full state and not
        a player's view of one, every move replayed, seat, bots and seed, play able to go on from
        it, the panels able to show it), then it replaces the current game in one step. If anything
        is wrong, whatever it is, the current game goes on exactly as it was (board, moves, scores,
        chart, what Save saves) and the panel says why. True if the game was loaded."""
        try:
            timeline, seat, opponents, seed = self._read_save(data)
            self._start(timeline.state.players, seat, opponents, seed, self.rules.options(timeline.initial),
                        timeline=timeline)
        except Exception as e:  # noqa: BLE001 - whatever went wrong, the game in progress must survive it
            self.show_message(f"Could not load that file: {_reason(e)}. Your current game goes on.", "error")
            return False
        self.show_message(f"Loaded a saved game: round {self.round_of(timeline.state)}, you are player {seat + 1}.",
                          "ok")
        return True

    def _read_save(self, data) -> tuple:
        """``(timeline, seat, opponents, seed)`` of a saved game, every field checked; a
        :class:`ValueError` naming the first thing wrong."""
        if isinstance(data, (bytes, bytearray, memoryview, str)):
            data = loads(data, "file")
        else:
            check_depth(data, "file")
        if not isinstance(data, dict):
            raise MalformedInputError(f"a saved game is a JSON object, not {type(data).__name__}")
        if "timeline" in data:
            if data.get("format") != SAVE_FORMAT:
                raise MalformedInputError(f"unknown format {_short(data.get('format'))}")
            if data.get("game", self.rules.info.id) != self.rules.info.id:
                raise MalformedInputError(f"it is a saved {str(data.get('game'))[:30]!r} game, not {self.rules.info.title}")
            tl = data["timeline"]
            seat, opponents, seed = data.get("seat", 0), data.get("opponents", "greedy"), data.get("seed", 0)
        else:
            tl, seat, opponents, seed = data, 0, "greedy", 0
        if not isinstance(tl, dict):
            raise MalformedInputError("'timeline' must be an object")
        timeline = Timeline.from_dict(self.rules, tl)
        players = timeline.state.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise MalformedInputError(f"'seat' must be a player number from 0 to {players - 1}, not {_short(seat)}")
        bots = [name for _label, name in self.opponent_choices]
        if not isinstance(opponents, str) or opponents not in bots:
            raise MalformedInputError(f"'opponents' must be {' or '.join(map(repr, bots))}, not {_short(opponents)}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise MalformedInputError(f"'seed' must be an integer, not {_short(seed)}")
        return timeline, seat, opponents, seed

    @guarded
    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        content = f["content"] if isinstance(f, dict) else getattr(f, "content", b"")
        if len(content) > 2_000_000:
            self.show_message("That file is too large to be a saved game. Your current game goes on.", "error")
        else:
            self.load_data(bytes(content))
        self.upload.value = ()
