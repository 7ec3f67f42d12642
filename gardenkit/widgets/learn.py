"""The learner's path, for every registered game: rule links, a table of contents with a search,
a printable player aid, progress kept in the browser, and a position link to send.

- :func:`rule_link` and :func:`link_rule_ids`: a rule id as a link (class ``gk-rule-link``,
  ``data-rule="<id>"``) to its heading's anchor in the notebook, as JupyterLab and Voilà name it
  (:mod:`gardenkit.tutor.rule_index`). The shared HTML helpers (:mod:`._html`) write every rule id
  this way. The table of contents installs one click handler on the page that scrolls to the
  heading naming the rule (so a link works the same in JupyterLab, where the notebook scrolls in
  a panel, and in Voilà).
- :class:`RuleToc` (``gk-toc``): the sections and every rule id with its summary, each a link,
  and a search box (``gk-rule-search``) filtering ids and summaries as you type: the box sets
  ``query``; Python answers ``shown`` (:meth:`RuleToc.search`).
- :class:`PlayerAidWidget` (``gk-aid``): the game's player aid (:mod:`gardenkit.tutor.aid`) as
  one printable screen; a round at a glance drawn as SVG where the aid has one. Its Print button
  prints the aid alone (print styles).
- :class:`ProgressWidget` (``gk-progress``, ``data-done``/``data-total``): each try board tried
  and each quiz answered right, stored in the browser's ``localStorage`` (Voilà gives every page
  load a fresh kernel; the browser keeps what was done), with a reset. The Python side counts
  from the tutor widgets' public events (:func:`gardenkit.widgets.tutor.listen`).
- :class:`ShareWidget` (``gk-share``, the URL in ``data-url``): "Copy link" for the position on
  view (:mod:`gardenkit.core.share`). A preheated Voilà kernel ran the notebook before the page
  was asked for, so the page's query string cannot be read in Python at run time: the front end
  sends ``window.location.search`` when it is drawn, and Python opens the position it carries
  (:meth:`ShareWidget.receive_page`), or says why not and leaves the default game.

>>> html = rule_link("miyabi", "miyabi.place.layer")
>>> 'class="gk-rule-link"' in html and 'data-rule="miyabi.place.layer"' in html
True
>>> 'href="#Building-upwards-—-miyabi.place.layer"' in html
True
>>> link_rule_ids("miyabi", "<li>see miyabi.place.row and <code>miyabi.nope</code></li>").count("gk-rule-link")
1
"""
from __future__ import annotations

import anywidget
import traitlets

import gardenkit

from ..render.svg import THEME_CSS
from ..tutor.aid import player_aid
from ..tutor.rule_index import MAX_QUERY, rule_index
from ._html import BUTTON_CSS
from ._links import _game_id, _h, link_rule_ids, rule_link
from .lazy import OpenWhenReady, _shared_layout
from .sharing import ShareWidget, share_game_view, share_try_board

__all__ = ["GalleryProgress", "LearnerBar", "PlayerAidWidget", "ProgressWidget", "RuleToc", "ShareWidget", "aid_html", "learner_bar",
           "link_rule_ids", "progress_items", "rule_link", "round_svg", "share_game_view", "share_try_board", "toc_html"]


# the page-wide click handler: a rule link scrolls to the heading naming its rule (JupyterLab's
# notebook scrolls in a panel, Voilà's page as a whole; the href is the fallback)
_LINK_JS = r"""
function gkInstallRuleLinks() {
  if (window.__gkRuleLinks) return;
  window.__gkRuleLinks = true;
  document.addEventListener("click", (ev) => {
    const a = ev.target && ev.target.closest ? ev.target.closest("a.gk-rule-link") : null;
    if (!a) return;
    const rule = a.getAttribute("data-rule") || "";
    const esc = rule.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const re = new RegExp("(^|[^\\w.])" + esc + "($|[^\\w.])");
    const heads = document.querySelectorAll("h1,h2,h3,h4,h5,h6");
    for (const head of heads) {
      if (head.closest(".gk-toc") || head.closest(".gk-aid") || head.closest(".gk-component")) continue;
      if (re.test(head.textContent || "")) {
        ev.preventDefault();
        head.scrollIntoView({ block: "start" });
        // the rule's try board (a TryBoard marks itself gk-try-for-<rule id>): into view too,
        // when the section's words push it below the screen
        let board = null;
        try { board = document.querySelector(".gk-try-for-" + CSS.escape(rule)); } catch (e) { board = null; }
        if (board && board.getBoundingClientRect().top > window.innerHeight - 120) {
          board.scrollIntoView({ block: "center" });
        }
        try { history.replaceState(null, "", "#" + (head.id || "")); } catch (e) { /* sandboxed */ }
        return;
      }
    }
  });
}
"""


# ----- the table of contents -----------------------------------------------------------------
_TOC_JS = r"""
function gkToc(model, el, key) {
  gkInstallRuleLinks();
  el.classList.add("gk-toc");
  const box = document.createElement("input");
  box.type = "search";
  box.className = "gk-rule-search";
  box.placeholder = "Find a rule: a word or an id";
  box.setAttribute("aria-label", "find a rule");
  const list = document.createElement("div");
  list.className = "gk-toc-list";
  list.innerHTML = model.get(key);
  const count = document.createElement("div");
  count.className = "gk-toc-count";
  const show = () => {
    const shown = new Set(model.get("shown"));
    for (const li of list.querySelectorAll("li[data-rule]")) li.hidden = !shown.has(li.getAttribute("data-rule"));
    for (const sec of list.querySelectorAll("section")) sec.hidden = !sec.querySelector("li[data-rule]:not([hidden])");
    count.textContent = model.get("query") ? `${shown.size} rule${shown.size === 1 ? "" : "s"} match` : "";
  };
  box.addEventListener("input", () => { model.set("query", box.value.slice(0, 200)); model.save_changes(); });
  model.on("change:shown", show);
  show();
  el.append(box, count, list);
  return () => model.off("change:shown", show);
}
"""

_TOC_ESM = _LINK_JS + _TOC_JS + r"""
function render({ model, el }) { return gkToc(model, el, "html"); }
export default { render };
"""

_TOC_CSS = THEME_CSS + BUTTON_CSS + """
.gk-toc{font:14px/1.4 sans-serif;color:var(--gk-ink,#222);border:1px solid var(--gk-line,#d8cfbd);border-radius:6px;
  padding:8px 10px;background:var(--gk-panel,#fbf8f1);max-height:420px;overflow-y:auto}
.gk-toc .gk-rule-search{width:100%;box-sizing:border-box;padding:5px 8px;font-size:14px;margin-bottom:4px}
.gk-toc h4{margin:8px 0 2px;font-size:14px}
.gk-toc ul{margin:0;padding-left:18px}
.gk-toc-count{font-size:12px;color:var(--gk-ink2,#555)}
.gk-toc-sum{color:var(--gk-ink2,#555)}
.gk-toc a.gk-rule-link,.gk-aid a.gk-rule-link{color:inherit;text-decoration:underline dotted;text-underline-offset:2px}
.gk-toc code,.gk-aid code{background:var(--gk-chip,#efe8d8);color:var(--gk-ink,#222);padding:0 3px;border-radius:3px}
"""


def toc_html(game) -> str:
    """The table of contents as HTML: one ``<section>`` per section, one ``<li data-rule>`` per rule."""
    gid = _game_id(game)
    parts = []
    for name, entries in rule_index(gid).sections:
        items = "".join(f'<li data-rule="{_h(e.id)}">{rule_link(gid, e.id)} '
                        f'<span class="gk-toc-sum">{_h(e.summary)}</span></li>' for e in entries)
        parts.append(f"<section><h4>{_h(name)}</h4><ul>{items}</ul></section>")
    return "".join(parts)


class RuleToc(anywidget.AnyWidget):
    """The table of contents of a game's rules with a search box (``query`` -> ``shown``)."""

    _esm = _TOC_ESM
    _css = _TOC_CSS
    html = traitlets.Unicode("").tag(sync=True)
    query = traitlets.Unicode("").tag(sync=True)
    shown = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, game, **kwargs):
        gid = _game_id(game)
        self.game = gid
        self.index = rule_index(gid)
        super().__init__(html=toc_html(gid), shown=[e.id for e in self.index.entries], **kwargs)
        self.add_class("gk-toc")
        self.observe(self._on_query, "query")

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule id listed, in order."""
        return tuple(e.id for e in self.index.entries)

    def search(self, text: str) -> tuple[str, ...]:
        """Filter the list to the rules whose id or summary hold every word of ``text``."""
        self.query = text
        return tuple(self.shown)

    def _on_query(self, change) -> None:
        text = change["new"] if isinstance(change["new"], str) else ""
        try:
            found = self.index.search(text[:MAX_QUERY])
        except ValueError:
            found = ()
        self.shown = [e.id for e in found]


# ----- the player aid ------------------------------------------------------------------------
_AID_CSS = THEME_CSS + """
.gk-aid{font:14px/1.4 sans-serif;color:var(--gk-ink,#222);border:2px solid #b58b55;border-radius:8px;padding:10px 14px;
  background:var(--gk-panel,#fbf8f1);max-width:900px;box-sizing:border-box}
.gk-aid h3{margin:0 0 6px;font-size:18px}
.gk-aid h4{margin:8px 0 2px;font-size:15px}
.gk-aid ul{margin:0;padding-left:20px}
.gk-aid .gk-aid-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:4px 16px}
.gk-aid svg{max-width:100%;height:auto}
.gk-aid a.gk-rule-link{color:inherit;text-decoration:underline dotted;text-underline-offset:2px}
.gk-aid li a.gk-rule-link code{font-size:11px;color:var(--gk-ink2,#555);background:none}
.gk-aid-print{margin-top:6px}
@media print{
  body.gk-print-aid *{visibility:hidden !important}
  body.gk-print-aid .gk-aid,body.gk-print-aid .gk-aid *{visibility:visible !important}
  body.gk-print-aid .gk-aid{position:absolute;left:0;top:0;width:100%;max-width:none;border:none;
    font-size:11pt;color:#000;background:#fff}
  body.gk-print-aid .gk-aid-print{display:none}
  .gk-aid{break-inside:avoid}
}
"""


def round_svg(game, rule_ids) -> str:
    """A round at a glance: its steps in order as numbered boxes joined by arrows, the last back to
    the first (each box: the rule's heading words and its id)."""
    gid = _game_id(game)
    idx = rule_index(gid)
    steps = [idx.entry(r) for r in rule_ids]
    w, bh, gap, cols = 200, 58, 26, 4
    rows = (len(steps) + cols - 1) // cols
    width, height = cols * w + (cols - 1) * gap + 20, rows * (bh + gap) - gap + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gk-round" viewBox="0 0 {width} {height}" '
           f'width="{width}" role="group" aria-label="A round at a glance">',  # (a group: its steps are links)
           '<defs><marker id="gk-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto"><path d="M0,0L10,5L0,10z" fill="#7d6b55"/></marker></defs>']
    for i, e in enumerate(steps):
        r, c = divmod(i, cols)
        c = c if r % 2 == 0 else cols - 1 - c  # a snake: each row runs back under the one above
        x, y = 10 + c * (w + gap), 5 + r * (bh + gap)
        out.append(f'<a class="gk-rule-link" data-rule="{_h(e.id)}" href="#{_h(e.anchor)}">'
                   f'<g data-rule="{_h(e.id)}"><title>{_h(e.summary)}</title>'
                   f'<rect x="{x}" y="{y}" width="{w}" height="{bh}" rx="8" fill="#f3ead6" stroke="#b58b55"/>'
                   f'<text x="{x + 10}" y="{y + 22}" font-size="14" font-weight="bold" fill="#3d2f20">{i + 1}. '
                   f'{_h(e.heading if len(e.heading) <= 24 else e.heading[:23] + "…")}</text>'
                   f'<text x="{x + 10}" y="{y + 42}" font-size="11" fill="#4a4035">{_h(e.id)}</text></g></a>')
        if i + 1 < len(steps):
            r2, c2 = divmod(i + 1, cols)
            c2 = c2 if r2 % 2 == 0 else cols - 1 - c2
            if r2 == r:
                x1, x2 = (x + w, x + w + gap) if c2 > c else (x, x - gap)
                out.append(f'<line x1="{x1}" y1="{y + bh / 2}" x2="{x2}" y2="{y + bh / 2}" stroke="#7d6b55" '
                           'stroke-width="2" marker-end="url(#gk-arrow)"/>')
            else:
                out.append(f'<line x1="{x + w / 2}" y1="{y + bh}" x2="{x + w / 2}" y2="{y + bh + gap}" '
                           'stroke="#7d6b55" stroke-width="2" marker-end="url(#gk-arrow)"/>')
    out.append("</svg>")
    return "".join(out)


def aid_html(game) -> str:
    """The player aid of a game as one block of HTML (class ``gk-aid``): its sections, each a list
    of rule summaries with their ids as links, and the round at a glance drawn where it has one."""
    gid = _game_id(game)
    aid = player_aid(gid)
    blocks = []
    for section in aid.sections:
        if section.key == "round":
            continue
        items = "".join(f"<li>{_h(line.text)} {rule_link(gid, line.rule)}</li>" for line in section.lines)
        blocks.append(f'<div data-section="{section.key}"><h4>{_h(section.title)}</h4><ul>{items}</ul></div>')
    html = (f'<div class="gk-aid" data-game="{gid}"><h3>{_h(aid.title)}: the player aid</h3>'
            f'<div class="gk-aid-grid">{"".join(blocks)}</div>')
    rnd = aid.section("round")
    if rnd is not None:
        html += (f'<div data-section="round"><h4>{_h(rnd.title)}</h4>'
                 f'{round_svg(gid, [line.rule for line in rnd.lines])}</div>')
    return html + "</div>"


_AID_JS = r"""
function gkAid(model, el, key) {
  gkInstallRuleLinks();
  const wrap = document.createElement("div");
  wrap.innerHTML = model.get(key);
  const button = document.createElement("button");
  button.className = "gk-aid-print";
  button.textContent = "Print the player aid";
  button.addEventListener("click", () => {
    document.body.classList.add("gk-print-aid");
    const done = () => { document.body.classList.remove("gk-print-aid"); window.removeEventListener("afterprint", done); };
    window.addEventListener("afterprint", done);
    window.print();
    setTimeout(done, 1000);
  });
  const aid = wrap.querySelector(".gk-aid") || wrap;
  aid.appendChild(button);
  el.appendChild(wrap);
}
"""

_AID_ESM = _LINK_JS + _AID_JS + r"""
function render({ model, el }) { gkAid(model, el, "html"); }
export default { render };
"""


class PlayerAidWidget(anywidget.AnyWidget):
    """The game's player aid, one printable screen (see :func:`aid_html`)."""

    _esm = _AID_ESM
    _css = _AID_CSS
    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game, **kwargs):
        self.game = _game_id(game)
        super().__init__(html=aid_html(self.game), **kwargs)

    def _repr_mimebundle_(self, **kwargs):
        """The aid as HTML too, for a notebook opened before it runs (and for a printout)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/html"] = f"<style>{_AID_CSS}</style>{self.html}"
        return bundle


# ----- progress -----------------------------------------------------------------------------
def progress_items(game) -> tuple[str, ...]:
    """What counts toward a game's progress: ``try:<rule id>`` per try board and ``quiz:<id>`` per
    quiz of its tutor, in order."""
    gid = _game_id(game)
    tutor = gardenkit.entry(gid).tutor_module()
    return (tuple(f"try:{r}" for r in tutor.try_positions())
            + tuple(f"quiz:{q.id}" for q in tutor.quizzes()))


_PROGRESS_JS = r"""
function gkProgress(model, el) {
  const key = () => "gardenkit.progress." + model.get("game");
  const read = () => {
    try { const v = JSON.parse(localStorage.getItem(key()) || "[]"); return Array.isArray(v) ? v : []; }
    catch (e) { return []; }
  };
  const bar = document.createElement("div");
  bar.className = "gk-progress";
  const fill = document.createElement("div");
  fill.className = "gk-progress-fill";
  const label = document.createElement("span");
  label.className = "gk-progress-label";
  bar.append(fill, label);
  const reset = document.createElement("button");
  reset.className = "gk-progress-reset";
  reset.textContent = "Reset progress";
  reset.addEventListener("click", () => model.send({ kind: "reset" }));
  const draw = () => {
    const done = model.get("done").length, total = model.get("total");
    bar.setAttribute("data-done", String(done));
    bar.setAttribute("data-total", String(total));
    bar.setAttribute("data-merged", model.get("merged") ? "1" : "0");
    fill.style.width = (total ? (100 * done) / total : 0) + "%";
    label.textContent = `${done} of ${total} lessons done`;
    try { localStorage.setItem(key(), JSON.stringify(model.get("done"))); } catch (e) { /* storage off */ }
  };
  model.on("change:done", draw);
  model.on("change:total", draw);
  model.on("change:merged", draw);
  // what this browser kept: Python merges it with what was done in this kernel and answers
  model.send({ kind: "stored", done: read() });
  draw();
  el.append(bar, reset);
  return () => { model.off("change:done", draw); model.off("change:total", draw); model.off("change:merged", draw); };
}
"""

_PROGRESS_ESM = _PROGRESS_JS + r"""
function render({ model, el }) { return gkProgress(model, el); }
export default { render };
"""

_PROGRESS_CSS = THEME_CSS + BUTTON_CSS + """
.gk-progress{position:relative;height:20px;border:1px solid var(--gk-line,#b9ad98);border-radius:10px;
  background:var(--gk-panel,#fbf8f1);overflow:hidden;max-width:420px;font:12px/20px sans-serif}
.gk-progress-fill{position:absolute;left:0;top:0;bottom:0;background:rgba(70,150,70,.35)}
.gk-progress-label{position:relative;padding-left:10px;color:var(--gk-ink,#222)}
.gk-progress-reset{margin-top:4px;font-size:12px}
"""


class ProgressWidget(anywidget.AnyWidget):
    """A game's progress (``done``: the items of :func:`progress_items` done, in order), kept in
    the browser's ``localStorage``. :meth:`record` marks an item (the tutor's events call it,
    :meth:`follow`); :meth:`reset` clears it; what the browser sends is checked field by field."""

    _esm = _PROGRESS_ESM
    _css = _PROGRESS_CSS
    game = traitlets.Unicode("").tag(sync=True)
    done = traitlets.List(traitlets.Unicode()).tag(sync=True)
    total = traitlets.Int(0).tag(sync=True)
    #: True once this kernel has merged what the browser kept (``data-merged="1"`` on the bar):
    #: from then on ``done`` is the browser's and this kernel's together
    merged = traitlets.Bool(False).tag(sync=True)

    def __init__(self, game, *, follow: bool = True, **kwargs):
        gid = _game_id(game)
        self.items = progress_items(gid)
        super().__init__(game=gid, total=len(self.items), **kwargs)
        self.add_class("gk-progress-box")
        self.on_msg(self._on_front_end_msg)
        if follow:
            self.follow()

    @property
    def html(self) -> str:
        """The bar as HTML (what the front end draws), for tests and a static page."""
        n, t = len(self.done), self.total
        return (f'<div class="gk-progress" data-done="{n}" data-total="{t}">'
                f'<span class="gk-progress-label">{n} of {t} lessons done</span></div>')

    def record(self, kind: str, key: str) -> bool:
        """Mark ``kind:key`` done (``kind`` "try" or "quiz"); False for an item of no lesson here."""
        item = f"{kind}:{key}"
        if item not in self.items:
            return False
        if item not in self.done:
            have = set(self.done) | {item}
            self.done = [i for i in self.items if i in have]  # a fresh list, in lesson order
        return True

    def reset(self) -> None:
        """Forget everything done (the browser's copy too)."""
        self.done = []

    def load(self, stored) -> None:
        """Merge what the browser kept (a list of item names): unknown or malformed entries are
        dropped (a list from an older version of the lessons, or edited by hand)."""
        if not isinstance(stored, list):
            return
        have = set(self.done) | {i for i in stored[:10_000] if isinstance(i, str) and i in self.items}
        self.done = [i for i in self.items if i in have]

    def follow(self) -> None:
        """Count the tutor widgets' events of this game (a try board played, a quiz answered right)."""
        from .tutor import listen

        listen(self._on_event)

    def _on_event(self, game: str, kind: str, key: str) -> None:
        if game == self.game:
            self.record(kind, key)

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content.get("kind") == "reset" and len(content) == 1:
            self.reset()
        elif content.get("kind") == "stored" and set(content) == {"kind", "done"}:
            self.load(content["done"])
            self.merged = True


_GALLERY_ESM = r"""
function render({ model, el }) {
  const stored = {};
  for (const game of Object.keys(model.get("totals"))) {
    try {
      const v = JSON.parse(localStorage.getItem("gardenkit.progress." + game) || "[]");
      stored[game] = Array.isArray(v) ? v : [];
    } catch (e) { stored[game] = []; }
  }
  const draw = () => {
    const totals = model.get("totals"), done = model.get("done");
    for (const [game, total] of Object.entries(totals)) {
      const card = document.querySelector(`article.gk-game-card[data-game="${game}"]`);
      const host = card || el;
      let bar = host.querySelector(`.gk-progress[data-game="${game}"]`);
      if (!bar) {
        bar = document.createElement("div");
        bar.className = "gk-progress";
        bar.setAttribute("data-game", game);
        bar.innerHTML = '<div class="gk-progress-fill"></div><span class="gk-progress-label"></span>';
        host.appendChild(bar);
      }
      const n = done[game] || 0;
      bar.setAttribute("data-done", String(n));
      bar.setAttribute("data-total", String(total));
      bar.querySelector(".gk-progress-fill").style.width = (total ? (100 * n) / total : 0) + "%";
      bar.querySelector(".gk-progress-label").textContent = `${n} of ${total} lessons done`;
    }
  };
  model.on("change:done", draw);
  model.send({ kind: "stored", done: stored });
  draw();
  return () => model.off("change:done", draw);
}
export default { render };
"""


class GalleryProgress(anywidget.AnyWidget):
    """A progress bar on every game card of the gallery (``article.gk-game-card[data-game]``;
    without the card, under the widget), read from what this browser keeps for each game. The
    browser sends its lists; Python counts only the lessons that exist (``done``: game -> count)."""

    _esm = _GALLERY_ESM
    _css = _PROGRESS_CSS
    totals = traitlets.Dict().tag(sync=True)
    done = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        self.items = {g: progress_items(g) for g in gardenkit.available_games()}
        super().__init__(totals={g: len(i) for g, i in self.items.items()}, done={g: 0 for g in self.items}, **kwargs)
        self.add_class("gk-gallery-progress")
        self.on_msg(self._on_front_end_msg)

    def load(self, stored) -> None:
        """What the browser keeps (game -> list of item names), each list checked as
        :meth:`ProgressWidget.load` does; games and entries it does not know are dropped."""
        if not isinstance(stored, dict):
            return
        done = {g: 0 for g in self.items}
        for game, names in list(stored.items())[:100]:
            if game in self.items and isinstance(names, list):
                done[game] = len({n for n in names[:10_000] if isinstance(n, str) and n in self.items[game]})
        self.done = done

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("kind") == "stored" and set(content) == {"kind", "done"}:
            self.load(content["done"])


# ----- the top of a dashboard, as one widget ----------------------------------------------------
_BAR_ESM = _LINK_JS + _TOC_JS + _AID_JS + _PROGRESS_JS + r"""
function render({ model, el }) {
  el.classList.add("gk-learn");
  const progress = document.createElement("div");
  progress.className = "gk-learn-progress";
  const row = document.createElement("div");
  row.className = "gk-learn-row";
  const toc = document.createElement("div");
  const aid = document.createElement("div");
  aid.className = "gk-learn-aid";
  const offProgress = gkProgress(model, progress);
  const offToc = gkToc(model, toc, "toc");
  gkAid(model, aid, "aid");
  row.append(toc, aid);
  el.append(progress, row);
  return () => { offProgress(); offToc(); };
}
export default { render };
"""

_BAR_CSS = _TOC_CSS + _AID_CSS + _PROGRESS_CSS + """
.gk-learn .gk-learn-row{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start;margin-top:6px}
.gk-learn .gk-learn-row > .gk-toc{flex:1 1 320px;min-width:0;max-width:560px}
.gk-learn .gk-learn-aid{flex:1 1 360px;min-width:0}
.gk-learn .gk-learn-aid .gk-aid{max-height:420px;overflow-y:auto}
@media print{ body.gk-print-aid .gk-learn .gk-aid{max-height:none;overflow:visible} }
"""


class LearnerBar(OpenWhenReady, ProgressWidget):
    """The top of a game's dashboard in one widget (class ``gk-learn``): the progress bar
    (``gk-progress``, as :class:`ProgressWidget`), the table of contents with its search
    (``gk-toc``/``gk-rule-search``, as :class:`RuleToc`: ``query`` -> ``shown``) and the printable
    player aid (``gk-aid``). One comm and one drawing instead of a box of three: a dashboard
    builds it on every page load.

    >>> bar = LearnerBar("samurai_gardener")
    >>> bar.total == len(progress_items("samurai_gardener")) and 'class="gk-aid"' in bar.aid
    True
    >>> "samurai_gardener.place.touch" in bar.search("touch house")
    True
    """

    _esm = traitlets.Unicode(_BAR_ESM).tag(sync=True)
    _css = traitlets.Unicode(_BAR_CSS).tag(sync=True)
    _anywidget_id = traitlets.Unicode(f"{__name__}.LearnerBar").tag(sync=True)
    toc = traitlets.Unicode("").tag(sync=True)
    aid = traitlets.Unicode("").tag(sync=True)
    query = traitlets.Unicode("").tag(sync=True)
    shown = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, game, *, follow: bool = True, **kwargs):
        gid = _game_id(game)
        self.index = rule_index(gid)
        kwargs.setdefault("layout", _shared_layout())  # no Layout model of its own: one comm fewer
        self.__dict__["_open_later"] = True  # one comm_open with everything set
        try:
            super().__init__(gid, follow=follow, toc=toc_html(gid), aid=aid_html(gid),
                             shown=[e.id for e in self.index.entries], **kwargs)
            self.remove_class("gk-progress-box")
            self.add_class("gk-learn")
            self.observe(self._on_query, "query")
        finally:
            self._open_now()

    rule_ids = RuleToc.rule_ids
    search = RuleToc.search
    _on_query = RuleToc._on_query

    def _repr_mimebundle_(self, **kwargs):
        """The player aid as HTML too (its words; no stylesheet, which a sanitiser strips), for a
        notebook opened before it runs, and one line of text."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
        data["text/html"] = self.aid
        data["text/plain"] = f"The learner's path of {self.game}: progress, the rules' contents, the player aid"
        return data


def learner_bar(game) -> LearnerBar:
    """The top of a game's dashboard: its progress bar, the table of contents with its search and
    the player aid, in that order (one :class:`LearnerBar`, class ``gk-learn``)."""
    return LearnerBar(game)
