"""Lessons built when a learner opens them, and a picture for every place that cannot run them.

A dashboard page runs its whole notebook in a fresh kernel for every learner. Built at once, the
Samurai page's nine try boards, three worked examples and four quizzes were some 330 widgets (a
comm each, a state the server relays and the page draws) before the learner read the first
heading. With ``lazy=True`` a tutor widget (:class:`~gardenkit.widgets.TryBoard`,
:class:`~gardenkit.widgets.ScenarioPlayer`, :class:`~gardenkit.widgets.QuizWidget`) shows a
:class:`Cover` instead: its words, the position as a picture and one button ("Try it",
"Step through", "Answer"). The first click builds the board, its buttons and its panel in
place; so does the first call of any method that needs them (``try_board.play(...)``), and
:meth:`Openable.build` does it directly::

    TryBoard(state, "Place a card upright", lazy=True)   # a cover: two widgets, one button
    board.build()                                        # now the real thing

The picture is the state's own drawing (``rules.observe(state, player)._repr_svg_()``) as an
``<img>``: self-contained, so its style cannot leak into the page. The same picture is also the
widget's fallback in its saved output (``text/html`` beside the live widget view, and a short
``text/plain``), so a notebook opened before it runs — JupyterLab with an untrusted notebook, a
notebook viewer — shows the lesson instead of ``TryBoard(children=(HTML(value='…``.

>>> import gardenkit
>>> from gardenkit.tutor import samurai_gardener as lessons
>>> from gardenkit.widgets import TryBoard
>>> state, caption = lessons.try_positions()["samurai_gardener.place.touch"]
>>> t = TryBoard(state, caption, lazy=True)
>>> t.is_built, [type(c).__name__ for c in t.children]
(False, ['Cover'])
>>> t.children[0].label
'Try it'
>>> t.play(str(gardenkit.make("samurai_gardener").legal_actions(state)[0]))   # a method that needs the board builds it
True
>>> t.is_built, "gk-closed" in t._dom_classes
(True, False)
>>> bundle = t._repr_mimebundle_()
>>> sorted(bundle)
['application/vnd.jupyter.widget-view+json', 'text/html', 'text/plain']
>>> bundle["text/plain"].startswith("Try board:") and "data:image/svg+xml;base64," in bundle["text/html"]
True
"""
from __future__ import annotations

import os
import re

import anywidget
import ipywidgets as widgets
import traitlets

from ..render.svg import svg_img
from ._html import BUTTON_CSS, h

__all__ = ["Cover", "CoverSheet", "defer_pictures", "restore_pictures", "GameFallback", "OpenWhenReady", "Openable", "StaticFallback", "in_voila", "picture_html", "shared_layout_if", "static_html"]


#: at most this many pictures answered in one message (a page asks for those near its screen)
_PICTURES_PER_ASK = 64

_PICTURES_JS = """
// A cover's picture (an SVG of ~40 kB as a data URL) is asked of the kernel when it comes near the
// screen: the model's words carry <img class="gk-picture" data-gk-pic="<id>"> and no picture, so a
// page sends and draws only what its learner scrolls to (Tang Garden's page was 5.2 MB of widget
// state with every picture, 0.4 MB without). Pictures a model already got are kept for its other
// views (a cover sheet draws a view in every closed lesson of a run).
const gkModels = new WeakMap();   // model -> {srcs, asked, waiting, queue, timer}
const gkOwner = new WeakMap();    // img -> its model
function gkPics(model) {
  let s = gkModels.get(model);
  if (s) return s;
  s = { srcs: new Map(), asked: new Map(), waiting: new Set(), queue: new Set(), timer: null };
  gkModels.set(model, s);
  model.on("msg:custom", (msg) => {
    if (!msg || msg.kind !== "pictures" || !msg.pictures || typeof msg.pictures !== "object") return;
    for (const [id, src] of Object.entries(msg.pictures)) {
      if (typeof src === "string" && src.startsWith("data:image/svg+xml;base64,")) s.srcs.set(id, src);
    }
    for (const img of [...s.waiting]) {
      if (!img.isConnected) s.waiting.delete(img); else gkFill(s, img);
    }
  });
  return s;
}
function gkFill(s, img) {
  const src = s.srcs.get(img.dataset.gkPic);
  if (src === undefined) return false;
  img.src = src;
  delete img.dataset.gkPic;
  s.waiting.delete(img);
  return true;
}
function gkAsk(model, img) {
  const s = gkPics(model), id = img.dataset.gkPic;
  if (id === undefined || gkFill(s, img)) return;
  s.waiting.add(img);
  const when = s.asked.get(id);
  if (when !== undefined && Date.now() - when < 10000) return;  // asked already (a view drawn 10 s later asks again: an answer lost)
  s.asked.set(id, Date.now());
  s.queue.add(id);
  if (s.timer === null) {
    s.timer = setTimeout(() => {
      s.timer = null;
      const ids = [...s.queue];
      s.queue.clear();
      for (let i = 0; i < ids.length; i += PER_ASK) model.send({ kind: "pictures", ids: ids.slice(i, i + PER_ASK) });
    }, 0);
  }
}
const gkNear = typeof IntersectionObserver === "function"
  ? new IntersectionObserver((seen) => {
      for (const e of seen) {
        if (!e.isIntersecting) continue;
        gkNear.unobserve(e.target);
        const model = gkOwner.get(e.target);
        if (model) gkAsk(model, e.target);
      }
    }, { rootMargin: "800px 0px" })
  : null;
function gkShow(model, body, html) {
  body.innerHTML = html;
  const s = gkPics(model);
  for (const img of body.querySelectorAll("img.gk-picture[data-gk-pic]")) {
    if (gkFill(s, img)) continue;
    gkOwner.set(img, model);
    if (gkNear) gkNear.observe(img); else gkAsk(model, img);
  }
}
"""

_PICTURES_JS = _PICTURES_JS.replace("PER_ASK", str(_PICTURES_PER_ASK))  # the most the kernel answers at once

_COVER_ESM = _PICTURES_JS + """
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gk-cover";
  const body = document.createElement("div");
  body.className = "gk-cover-body";
  gkShow(model, body, model.get("html"));
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button gk-open-lesson";
  button.textContent = model.get("label");
  const note = document.createElement("div");
  note.className = "gk-cover-note";
  const shown = () => {
    note.textContent = model.get("message");
    button.disabled = false;
    button.textContent = model.get("label");
  };
  // the lesson replaces this cover once built; if that has not happened after a while (a busy
  // kernel, a click the server dropped), the button may be clicked again (opening twice is harmless)
  let retry = null;
  button.addEventListener("click", () => {
    button.disabled = true;
    button.textContent = "Opening…";
    model.send({ kind: "open" });
    clearTimeout(retry);
    retry = setTimeout(() => { if (root.isConnected) { button.disabled = false; button.textContent = model.get("label"); } }, 8000);
  });
  model.on("change:message", shown);
  root.append(body, button, note);
  el.appendChild(root);
  return () => { clearTimeout(retry); model.off("change:message", shown); };
}
export default { render };
"""

_COVER_CSS = """
.gk-cover { display: flex; flex-direction: column; align-items: flex-start; gap: 6px; margin: 4px 0 8px; }
.gk-cover-body { max-width: 100%; }
.gk-cover-body h4 { margin: 4px 0; }
.gk-cover-body p { margin: 2px 0 4px; }
.gk-cover img.gk-picture { display: block; max-width: 100%; height: auto; }
.gk-cover .gk-caption { font: 14px/1.4 sans-serif; margin: 2px 0; }
.gk-cover-note { font: 13px sans-serif; color: #8b1e1e; }
.gk-cover-note:empty { display: none; }
""" + BUTTON_CSS


#: pictures drawn, by (id of the state, game, player, alt): (the state, the picture). States are
#: immutable, so the same state object always draws the same picture; the state is held so its id
#: is not reused. A dashboard kernel forked from the fork server (:mod:`gardenkit.server.kernel_forks`)
#: finds its lessons' pictures here already drawn.
_PICTURES: dict = {}
_PICTURES_MAX = 1024


def picture_html(state, rules=None, player: int | None = None, alt: str = "") -> str:
    """``state``'s drawing as a self-contained ``<img>`` (an SVG data URI): as ``player`` sees it
    (``rules.observe``) when both are given. Tooltips (``<title>``), which an image never shows,
    are left out. The same state object asked for again is not drawn again."""
    key = (id(state), None if rules is None else rules.info.id, player, alt)
    hit = _PICTURES.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]
    html = _picture_html(state, rules, player, alt)
    if len(_PICTURES) >= _PICTURES_MAX:
        _PICTURES.clear()
    _PICTURES[key] = (state, html)
    return html


def _picture_html(state, rules, player, alt) -> str:
    seen = rules.observe(state, player) if rules is not None and player is not None else state
    return svg_img(seen._repr_svg_(), alt)


_PICTURE = re.compile(r'<img class="gk-picture" src="(data:image/svg\+xml;base64,[A-Za-z0-9+/=]*)"')
_PICTURE_ID = re.compile(r'<img class="gk-picture" data-gk-pic="([^"]*)"')


def defer_pictures(html: str, pictures: dict[str, str]) -> str:
    """``html`` with each picture's data (an ``<img class="gk-picture">``'s ``src``) moved into
    ``pictures`` (id → ``src``; the same picture twice gets one id): the ``<img>`` keeps
    ``data-gk-pic="<id>"``, which a cover's front end asks the kernel for when it comes near the
    screen (:func:`restore_pictures` puts them back).

    >>> from gardenkit.render.svg import svg_img
    >>> pictures = {}
    >>> html = defer_pictures("<p>a</p>" + svg_img('<svg width="4" height="2"/>', "dot"), pictures)
    >>> html
    '<p>a</p><img class="gk-picture" data-gk-pic="0" width="4" height="2" alt="dot" style="max-width:100%;height:auto">'
    >>> list(pictures), pictures["0"].startswith("data:image/svg+xml;base64,")
    (['0'], True)
    >>> restore_pictures(html, pictures) == "<p>a</p>" + svg_img('<svg width="4" height="2"/>', "dot")
    True
    """
    ids = {src: pid for pid, src in pictures.items()}

    def take(found: re.Match) -> str:
        src = found.group(1)
        pid = ids.get(src)
        if pid is None:
            pid = ids[src] = str(len(pictures))
            pictures[pid] = src
        return f'<img class="gk-picture" data-gk-pic="{pid}"'

    return _PICTURE.sub(take, html)


def restore_pictures(html: str, pictures: dict[str, str]) -> str:
    """``html`` as it was before :func:`defer_pictures` (what a front end shows once it has every
    picture)."""
    return _PICTURE_ID.sub(lambda found: f'<img class="gk-picture" src="{pictures[found.group(1)]}"', html)


class _AnswersPictures:
    """Mixin of a cover widget whose words hold deferred pictures (``self._pictures``): answers the
    front end's ``{"kind": "pictures", "ids": [...]}`` with ``{"kind": "pictures", "pictures":
    {id: src}}`` (the ids it knows, at most :data:`_PICTURES_PER_ASK`); anything else is dropped."""

    _pictures: dict

    @property
    def pictures(self) -> dict[str, str]:
        """The pictures the front end may ask for: id → ``src`` (a copy)."""
        return dict(self._pictures)

    def _answer_pictures(self, content) -> bool:
        """Whether ``content`` was a pictures message (answered if it asked for anything known)."""
        if not (isinstance(content, dict) and set(content) == {"kind", "ids"} and content["kind"] == "pictures"):
            return False
        ids = content["ids"]
        if isinstance(ids, list) and len(ids) <= _PICTURES_PER_ASK:
            found = {i: self._pictures[i] for i in ids if isinstance(i, str) and i in self._pictures}
            if found:
                self.send({"kind": "pictures", "pictures": found})
        return True


def static_html(body: str, note: str) -> str:
    """A lesson's fallback for a place that cannot run it: ``body`` (its words and picture) and a
    note saying how to make it live; inline styles only (no stylesheet is there)."""
    return (f'<div class="gk-static" style="font:14px/1.45 sans-serif;max-width:100%">{body}'
            f'<p style="margin:4px 0;color:#555"><i>{h(note)}</i></p></div>')


def in_voila() -> bool:
    """Whether this kernel runs a Voilà dashboard (Voilà gives its kernels ``VOILA_SERVER_URL``);
    there the live widget is always what is shown, never a fallback."""
    return "VOILA_SERVER_URL" in os.environ


_shared = {}


def _shared_layout() -> widgets.Layout:
    """One Layout model for every cover of the kernel (a Layout per widget is one comm more)."""
    layout = _shared.get("layout")
    if layout is None or getattr(layout, "comm", None) is None:  # none yet, or closed
        layout = _shared["layout"] = widgets.Layout()
    return layout


def shared_layout_if(lazy: bool, kwargs: dict) -> dict:
    """``kwargs`` for a lesson's (or game view's) box: with ``lazy``, and no layout given, the
    layout every cover shares (one widget fewer per lesson at load; nothing here changes a
    lesson's own layout once it is built)."""
    return {"layout": _shared_layout(), **kwargs} if lazy else kwargs


class OpenWhenReady:
    """Mixin of a widget whose comm opens when it is ready (:meth:`_open_now`), not at the end of
    ``Widget.__init__``: set before the comm opens, its classes, children (and anywidget's code,
    added after ``Widget.__init__``) go in the one ``comm_open`` message instead of an ``update``
    message each. A page load's kernel and server handle every message: a lazy lesson sent ten,
    now three. The subclass sets ``self.__dict__["_open_later"] = True`` before calling the
    widget's ``__init__`` and calls :meth:`_open_now` at the end of its own."""

    def open(self) -> None:
        if not self.__dict__.get("_open_later"):
            super().open()

    def _open_now(self) -> None:
        self.__dict__.pop("_open_later", None)
        self.open()

    def add_traits(self, **traits) -> None:
        """Traits the class already declares are not added again (anywidget adds its ``_esm``,
        ``_css`` and id to every instance otherwise: a new class per instance, ~1 ms each)."""
        traits = {name: trait for name, trait in traits.items() if not self.has_trait(name)}
        if traits:
            super().add_traits(**traits)


class Cover(_AnswersPictures, OpenWhenReady, anywidget.AnyWidget):
    """What a closed lesson shows: ``html`` (its words and picture) and a button saying
    ``label``; a click calls the callbacks given to :meth:`on_open`. ``message``: a line under the
    button (e.g. why the lesson could not be opened); setting it makes the button clickable again.
    The pictures in ``html`` are sent when the page asks for them (:func:`defer_pictures`): the
    ``html`` trait holds the words, :attr:`pictures` the pictures."""

    # anywidget's own traits, declared here once: anywidget would otherwise add them to every cover
    # (a new class per instance, ~1 ms each, and a page shows a cover per lesson)
    _esm = traitlets.Unicode(_COVER_ESM).tag(sync=True)
    _css = traitlets.Unicode(_COVER_CSS).tag(sync=True)
    _anywidget_id = traitlets.Unicode(f"{__name__}.Cover").tag(sync=True)
    html = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Open").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        kwargs.setdefault("layout", _shared_layout())
        self._pictures = {}
        if "html" in kwargs:
            kwargs["html"] = defer_pictures(str(kwargs["html"]), self._pictures)
        self.__dict__["_open_later"] = True
        try:
            super().__init__(**kwargs)
            self.add_class("gk-cover-widget")
            self._callbacks = []
            self.on_msg(self._on_front_end_msg)
        finally:
            self._open_now()

    def on_open(self, callback) -> None:
        """Call ``callback()`` when the button is clicked."""
        self._callbacks.append(callback)

    def click(self) -> None:
        """What a click on the button does."""
        for callback in list(self._callbacks):
            callback()

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        # the front end sends {"kind": "open"} and asks for pictures; anything else is dropped
        if content == {"kind": "open"}:
            self.click()
        else:
            self._answer_pictures(content)


_SHEET_ESM = _PICTURES_JS + """
// One model, the covers of several closed lessons (a run of rules, gardenkit.widgets.RuleLessons):
// each closed lesson's box holds this model as its child, so the page draws a view of it in every
// box; a view finds which lesson it is in from its box's class (gk-cover-key-<key>) once it is on
// the page, and draws that lesson's words, picture and button. A click says which one.
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gk-cover";
  const body = document.createElement("div");
  body.className = "gk-cover-body";
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button gk-open-lesson";
  const note = document.createElement("div");
  note.className = "gk-cover-note";
  root.append(body, button, note);
  el.appendChild(root);
  let key = null, retry = null, tries = 0, stopped = false;
  const item = () => (key === null ? null : (model.get("items") || {})[key]);
  const label = () => (item() ? item().label : "");
  const shown = () => {
    note.textContent = key === null ? "" : ((model.get("messages") || {})[key] || "");
    button.disabled = false;
    button.textContent = label();
  };
  const draw = () => {
    const it = item();
    gkShow(model, body, it ? it.html : "");
    button.hidden = !it;
    shown();
  };
  const find = () => {
    if (stopped) return;
    const box = el.isConnected ? el.parentElement && el.parentElement.closest('[class*="gk-cover-key-"]') : null;
    if (box) {
      const m = [...box.classList].map((c) => /^gk-cover-key-(.+)$/.exec(c)).find(Boolean);
      key = m ? m[1] : null;
      draw();
    } else if (++tries < 600) {
      setTimeout(find, tries < 20 ? 10 : 50);
    }
  };
  button.hidden = true;
  button.addEventListener("click", () => {
    if (key === null) return;
    button.disabled = true;
    button.textContent = "Opening…";
    model.send({ kind: "open", key });
    clearTimeout(retry);
    retry = setTimeout(() => { if (root.isConnected) { button.disabled = false; button.textContent = label(); } }, 8000);
  });
  model.on("change:messages", shown);
  find();
  return () => { stopped = true; clearTimeout(retry); model.off("change:messages", shown); };
}
export default { render };
"""


class CoverSheet(_AnswersPictures, OpenWhenReady, anywidget.AnyWidget):
    """The covers of several closed lessons in ONE widget model (a run of rules shown by one cell):
    ``items`` is ``{key: {"html": …, "label": …}}``; each lesson's box holds the sheet as its only
    child and carries the class ``gk-cover-key-<key>``, and the page's view of the sheet in that
    box draws that item. A page with a hundred try boards in runs loads a model per run instead of
    one per try board (anywidget's front end gives up on a model not ready within 2 s, which a
    busy machine reached with ~120 covers). :meth:`cover` gives a lesson its handle
    (:class:`SheetCover`), which :class:`Openable` uses like a :class:`Cover`."""

    _esm = traitlets.Unicode(_SHEET_ESM).tag(sync=True)
    _css = traitlets.Unicode(_COVER_CSS).tag(sync=True)
    _anywidget_id = traitlets.Unicode(f"{__name__}.CoverSheet").tag(sync=True)
    items = traitlets.Dict().tag(sync=True)
    messages = traitlets.Dict().tag(sync=True)

    def __init__(self, items: dict, **kwargs):
        self._pictures = {}
        items = {str(k): {"html": defer_pictures(str(html), self._pictures), "label": str(label)}
                 for k, (html, label) in dict(items).items()}
        if not items or not all(re.fullmatch(r"[a-z0-9_]{1,40}", k) for k in items):
            raise ValueError("a cover sheet holds one or more items keyed by short lower-case names")
        kwargs.setdefault("layout", _shared_layout())
        self.__dict__["_open_later"] = True  # one comm_open with every item
        try:
            super().__init__(items=items, **kwargs)
            self.add_class("gk-cover-widget")
            self._callbacks: dict[str, list] = {k: [] for k in items}
            self.on_msg(self._on_front_end_msg)
        finally:
            self._open_now()

    def cover(self, key: str) -> "SheetCover":
        if key not in self.items:
            raise ValueError(f"this cover sheet has no item {str(key)[:40]!r}")
        return SheetCover(self, key)

    def click(self, key: str) -> None:
        """What a click on item ``key``'s button does."""
        for callback in list(self._callbacks.get(key, ())):
            callback()

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        # {"kind": "open", "key": <an item>} and a pictures message are what the front end sends;
        # anything else is dropped
        if self._answer_pictures(content):
            return
        if (isinstance(content, dict) and set(content) == {"kind", "key"} and content["kind"] == "open"
                and isinstance(content["key"], str) and content["key"] in self._callbacks):
            self.click(content["key"])


class SheetCover:
    """One lesson's cover on a :class:`CoverSheet`, used as a :class:`Cover` is (``label``,
    ``message``, ``on_open``, ``click``)."""

    def __init__(self, sheet: CoverSheet, key: str):
        self.sheet, self.key = sheet, key

    @property
    def label(self) -> str:
        return self.sheet.items[self.key]["label"]

    @property
    def message(self) -> str:
        return self.sheet.messages.get(self.key, "")

    @message.setter
    def message(self, text: str) -> None:
        self.sheet.messages = {**self.sheet.messages, self.key: str(text)}

    def on_open(self, callback) -> None:
        self.sheet._callbacks[self.key].append(callback)

    def click(self) -> None:
        self.sheet.click(self.key)


class StaticFallback:
    """Mixin of a widget whose output also carries a picture (``text/html``) and one line of text
    (``text/plain``) beside the live widget view: what a place that cannot run it shows (a
    notebook viewer; JupyterLab before the notebook is trusted or run). In a Voilà dashboard,
    which always shows the live widget, the picture is left out. A subclass says what the two are
    (:meth:`static_body`, :meth:`plain_text`)."""

    #: what the fallback says under the picture
    static_note = "Run the notebook (or open it as a dashboard) to try it."

    def static_body(self) -> str:
        """The words and picture of the fallback (HTML with inline styles only)."""
        return ""

    def plain_text(self) -> str:
        """One line for ``text/plain`` (instead of the widget's repr)."""
        return type(self).__name__

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if not bundle:
            return bundle
        bundle = {**bundle, "text/plain": self.plain_text()}
        if not in_voila():  # a dashboard always shows the live widget: no picture to carry twice
            bundle["text/html"] = static_html(self.static_body(), self.static_note)
        return bundle


class GameFallback(StaticFallback):
    """The fallback of a game view (:class:`~gardenkit.widgets.GameView`): the game's title, who
    plays (against bots, or alone in a one-player game) and the board as its seat sees it when
    shown (``rules``, ``state`` and ``seat`` of the view)."""

    static_note = "Run the notebook (or open it as a dashboard) to play."

    def plain_text(self) -> str:
        # the position shown, not ``self.state``: asking a closed view for its state would build it
        players = self.shown_position()[0].players
        return f"{self.rules.info.title}: {'a solo game' if players == 1 else 'a game against bots'}"

    def static_body(self) -> str:
        title = self.rules.info.title
        state, seat = self.shown_position()
        who = "a game for one player" if state.players == 1 else "you against bots"
        return (f"<p><b>{h(title)}</b>: {who}.</p>"
                + picture_html(state, self.rules, seat, alt=f"{title}: the game as it starts"))

    def shown_position(self) -> tuple:
        """(state, seat): the position the picture shows."""
        return self.state, self.seat


class Openable(OpenWhenReady, StaticFallback):
    """Mixin of a tutor widget (an ``ipywidgets.Box``) that may start closed, as a :class:`Cover`.

    The widget sets what is cheap and checks its arguments in ``__init__``, then calls
    :meth:`_cover_or_build` (``lazy``); :meth:`_build` makes the parts and sets ``children``. It
    says what its cover shows (:meth:`cover_html`, :attr:`open_label`) — also the picture of its
    fallback — and the fallback's one line (:meth:`plain_text`). Methods that need the parts call
    :meth:`build` first.
    """

    #: the cover's button
    open_label = "Open"

    def __init__(self, *args, **kwargs):
        # the box's comm opens once its classes and children are set (:meth:`_cover_or_build`)
        self.__dict__["_open_later"] = True
        super().__init__(*args, **kwargs)

    def _cover_or_build(self, lazy: bool, cover: "SheetCover | None" = None) -> None:
        """A cover of its own with ``lazy`` (or ``cover``, its item on a shared
        :class:`CoverSheet`), else the parts built now."""
        self._built = False
        self._cover = None
        try:
            if lazy and cover is not None:
                self._cover = cover
                cover.on_open(self._cover_clicked)
                self.add_class("gk-closed")
                self.add_class(f"gk-cover-key-{cover.key}")
                self.children = (cover.sheet,)
            elif lazy:
                self._cover = Cover(html=self.cover_html(), label=self.open_label)
                self._cover.on_open(self._cover_clicked)
                self.add_class("gk-closed")
                self.children = (self._cover, *self._cover_extras())
            else:
                self.build()
        finally:
            self._open_now()

    @property
    def is_built(self) -> bool:
        """Whether the parts are built (False while the cover shows)."""
        return self._built

    def build(self) -> None:
        """Build the parts in place of the cover (once; nothing happens when they are there)."""
        if self._built:
            return
        self._built = True  # the build may call methods that ask for the parts
        cover = self._cover
        # the box's new children and its class change reach the page in one update, so it never
        # shows the built lesson while still marked closed (or the other way round)
        with self.hold_sync():
            try:
                self._build()
            except BaseException:
                self._built = False
                raise
            if cover is not None:
                self.remove_class("gk-closed")
                if isinstance(cover, SheetCover):
                    self.remove_class(f"gk-cover-key-{cover.key}")
        # the cover leaves the page with the box's new children but is not closed: a page still
        # rendering its outputs (a long dashboard on a slow machine) may ask for it after the click,
        # and a closed model is "widget model not found" there; one small model kept per lesson opened
        self._cover = None

    def _cover_clicked(self) -> None:
        try:
            self.build()
        except Exception as e:  # noqa: BLE001 - the learner sees a message, never a traceback
            if self._cover is not None:
                self._cover.message = f"Sorry, this could not be opened: {e}"

    # ----- what a subclass says ---------------------------------------------------------------
    def _cover_extras(self) -> tuple:
        """Widgets shown under the cover while closed (a game view's share control, the one
        reader of a page's link); none by default."""
        return ()

    def _build(self) -> None:
        raise NotImplementedError

    def cover_html(self) -> str:
        """The words and picture the cover (and the fallback) show."""
        raise NotImplementedError

    def static_body(self) -> str:
        return self.cover_html()
