"""A position you can send: "Copy link" (:class:`ShareWidget`, ``gk-share``, the URL in
``data-url``) for a game view, a try board or a worked example (:mod:`gardenkit.core.share`).

A preheated Voilà kernel ran the notebook before the page was asked for, so the page's query
string cannot be read in Python at run time: the front end sends ``window.location.search`` when
it is drawn, and Python opens the position it carries (:meth:`ShareWidget.receive_page`), or
says why not and leaves the default game. One reader per page (the game view's control, read
once per kernel); the other controls only copy. :class:`~gardenkit.widgets.GameView`,
:class:`~gardenkit.widgets.TryBoard` and :class:`~gardenkit.widgets.ScenarioPlayer` make theirs
(:func:`share_game_view`, :func:`share_try_board`), so every game has it.
"""
from __future__ import annotations

import re

import anywidget
import traitlets

import gardenkit

from ..core import share as _share
from ._html import BUTTON_CSS
from ._links import _game_id
from .lazy import OpenWhenReady, _shared_layout

__all__ = ["ShareWidget", "share_game_view", "share_try_board"]


# ----- a position you can send ---------------------------------------------------------------
_SHARE_ESM = r"""
function render({ model, el }) {
  el.classList.add("gk-share");
  const button = document.createElement("button");
  button.className = "gk-share-button";
  button.textContent = "Copy link";
  button.title = "a link that opens this page at this position";
  const field = document.createElement("input");
  field.className = "gk-share-url";
  field.readOnly = true;
  field.hidden = true;
  const note = document.createElement("span");
  note.className = "gk-share-note";
  const show = () => {
    const url = model.get("url");
    el.setAttribute("data-url", url);
    field.value = url;
    field.hidden = !url;
    note.textContent = model.get("note");
    if (url && model.get("copy")) {
      const done = () => { note.textContent = "Link copied."; };
      try { navigator.clipboard.writeText(url).then(done, () => { field.select(); }); }
      catch (e) { field.select(); }
    }
  };
  button.addEventListener("click", () => model.send({ kind: "copy" }));
  model.on("change:url", show);
  model.on("change:note", show);
  // the page's own address: a preheated kernel ran the notebook before this page was asked for.
  // A page opened from a link sends it once the page has drawn its widgets (Voilà's spinner gone):
  // the game view opened then builds its parts into a page at rest, not one still loading models.
  const search = String(window.location.search || "");
  const page = () => model.send({ kind: "page", search, base: String(window.location.origin + window.location.pathname) });
  const settled = () => {
    const spinner = document.querySelector("#loading, .voila-spinner");
    return document.readyState === "complete" && (!spinner || getComputedStyle(spinner).display === "none");
  };
  if (!/[?&]pos=/.test(search)) page();
  else {
    let waited = 0;
    const wait = () => { if (settled() || waited > 60000) setTimeout(page, 300); else { waited += 100; setTimeout(wait, 100); } };
    wait();
  }
  show();
  el.append(button, field, note);
  return () => { model.off("change:url", show); model.off("change:note", show); };
}
export default { render };
"""


#: one reader of the page's query per kernel (Voilà: one page per kernel): the first reader told
#: the page's address opens its link; a later one (a game view built later, a view drawn again)
#: never opens it a second time over what the learner has played since
_PAGE = {"read": False}


_SHARE_CSS = """
.gk-share{display:flex;flex-wrap:wrap;align-items:center;gap:6px;font:13px sans-serif}
.gk-share .gk-share-url{min-width:12em;max-width:28em;flex:1 1 12em;font-size:12px}
.gk-share .gk-share-note{color:var(--gk-ink2,#555)}
.gk-share .gk-share-note:empty{display:none}
""" + BUTTON_CSS


class ShareWidget(OpenWhenReady, anywidget.AnyWidget):
    """ "Copy link": the URL of this page at the position on view (``url``, shown in ``data-url``).

    ``position()`` answers ``(rules, state, seat)`` of what is on view (``seat`` None for a
    position with nothing hidden from the learner, a try board). ``on_open(link)`` is called with
    the :class:`~gardenkit.core.share.Link` a page's query string carries (the page was opened
    from a link); a bad link leaves the page as it is and ``note`` says why. ``reads_page``
    False: the widget only copies links, and leaves the page's query to the one that reads it
    (a dashboard has one: its game view's).
    """

    # anywidget's own traits declared once (as :class:`~.lazy.Cover` does): a share control is on
    # every game view, try board and worked example, and anywidget would add them per instance
    _esm = traitlets.Unicode(_SHARE_ESM).tag(sync=True)
    _css = traitlets.Unicode(_SHARE_CSS).tag(sync=True)
    _anywidget_id = traitlets.Unicode(f"{__name__}.ShareWidget").tag(sync=True)
    url = traitlets.Unicode("").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    copy = traitlets.Bool(True).tag(sync=True)

    def __init__(self, game, position, on_open=None, *, base: str = "", reads_page: bool = True, on_error=None,
                 **kwargs):
        kwargs.setdefault("layout", _shared_layout())  # no Layout model of its own: one comm fewer
        self.__dict__["_open_later"] = True  # one comm_open with its class set
        try:
            super().__init__(**kwargs)
            self.game = _game_id(game)
            self.reads_page = reads_page
            self._on_error = on_error
            self._position, self._on_open = position, on_open
            self.base = base
            self.opened = None
            self.add_class("gk-share")
            self.on_msg(self._on_front_end_msg)
        finally:
            self._open_now()

    def link(self, seed: int = 0) -> str:
        """The link text of the position on view."""
        rules, state, seat = self._position()
        return _share.encode(rules, state, seat, seed=seed)

    def make_url(self, seed: int = 0) -> str:
        """The page's URL with the position on view in its query string (also set as ``url``)."""
        try:
            text = self.link(seed)
        except Exception as e:  # noqa: BLE001 - a click shows why there is no link, never a traceback
            self.note = f"No link for this position: {e}"
            self.url = ""
            return ""
        self.url = f"{self.base}{_share.query(text)}"
        self.note = ""
        return self.url

    def receive_page(self, search, base: str = "") -> bool:
        """The page's query string (``window.location.search``) and address, sent by the front end
        when drawn: open the position it carries, if any. True if a position was opened."""
        if isinstance(base, str) and len(base) <= 2000 and re.match(r"^https?://[^\s\"'<>]*$", base):
            self.base = base
        try:
            text = _share.from_query(search)
            if text is None:
                return False
            link = _share.decode(text, gardenkit.make(self.game))
            if self._on_open is not None:
                self._on_open(link)
        except ValueError as e:
            self.note = f"That link could not be opened: {str(e).rstrip('.')}. Here is the default game instead."
            if self._on_error is not None:
                self._on_error(self.note)
            return False
        self.opened = link
        self.note = "Opened the position from the link."
        return True

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content == {"kind": "copy"}:
            self.make_url()
        elif content.get("kind") == "page" and set(content) == {"kind", "search", "base"}:
            search, base = content["search"], content["base"]
            if isinstance(search, str) and isinstance(base, str):
                if self.reads_page and not _PAGE["read"]:
                    _PAGE["read"] = True
                    self.receive_page(search, base)
                elif len(base) <= 2000 and re.match(r"^https?://[^\s\"'<>]*$", base):
                    self.base = base


def share_game_view(view) -> ShareWidget:
    """A :class:`ShareWidget` for a game view against bots: its link is the position as the
    learner's seat sees it; a page opened from a link starts the view at that position (the
    learner in the link's seat, the same bots)."""
    from ..core import Timeline

    def position():
        state, seat = view.shown_position()  # a closed view (a cover): the position it shows
        return view.rules, state, seat

    def on_open(link):
        state = link.state
        seat = link.seat if link.seat is not None else 0
        timeline = Timeline(view.rules, state)
        if not view.is_built:  # a closed view opens at the link's position, built there at once
            _players, _seat, opponents, seed, _options = view._settings
            view._settings = (state.players, seat, opponents, seed, view.rules.options(state))
            view.__dict__["_first_timeline"] = timeline
            view.build()
        else:
            view._start(state.players, seat, view.opponents, view.seed, view.rules.options(state), timeline=timeline)
        view.show_message(f"Opened the position from the link: you are player {seat + 1}.")

    def on_error(text):
        if view.is_built:
            view.show_message(text, "error")
        elif getattr(view, "_cover", None) is not None:
            view._cover.message = text

    return ShareWidget(view.game_id, position, on_open, on_error=on_error)


def share_try_board(board, *, reads_page: bool = False) -> ShareWidget:
    """A :class:`ShareWidget` for a try board (:class:`~gardenkit.widgets.TryBoard`) or a worked
    example (:class:`~gardenkit.widgets.ScenarioPlayer`): its link is the position on its board as
    the player to act sees it. With ``reads_page``, a page opened from a link shows that position
    on this board (by default the page's game view opens it: one reader per page)."""

    def position():
        if hasattr(board, "state"):  # a try board: its position, built or not
            state = board.state
        else:  # a worked example: the position on its board (built by the click, if lazy)
            board.build()
            state = board.board.state
        rules = board.rules
        player = rules.current_player(state)
        seat = player if isinstance(player, int) and player is not gardenkit.CHANCE else 0
        return rules, state, seat

    def on_open(link):
        board.build()
        board.board.header = "The position from the link."
        board.board.set_state(link.state, player=link.seat)

    return ShareWidget(board.rules.info.id, position, on_open, reads_page=reads_page)
