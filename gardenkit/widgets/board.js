// The front end of every gardenkit board (gardenkit.widgets.board_base.BoardWidget): draws the
// synced head/body/tail, sends play/pick/ui/hover messages with the drawing's version.
const TARGET = "[data-action],[data-pick],[data-ui]";
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gk-board";
  let hoverTimer = null, lastHover = null, queued = false;
  // after a redraw the pointer may rest on a new element without the user moving: that is no
  // hover (it would overwrite e.g. a hint in the panel); the next real move is
  let still = false;
  // The drawing comes in three synced parts: head, body, tail. When only head and tail change
  // (a pick, a turn), the body's DOM is kept (moved into the new drawing), so only the changed
  // parts are parsed again; a new body is parsed once, inside an <svg> so it stays SVG.
  let bodyNodes = [], lastBody = null, keysFn = null;  // keysFn: what the keyboard needs after a drawing
  // patterns (e.g. square fills) live once in a hidden sibling; every redraw refers to them
  const defs = document.createElement("div");
  defs.innerHTML = model.get("patterns");
  el.appendChild(defs);
  const parse = (html) => { const t = document.createElement("div"); t.innerHTML = html; return t.firstElementChild; };
  // Room to draw in: a drawing wider than the room it has (a phone) moves its .gk-reflow groups
  // by their data-reflow offsets (e.g. the display under the garden instead of beside it) and fits
  // its viewBox to what it then holds (a width the renderer estimated from a text's length is
  // measured instead); board.css scales whatever is still too wide to the width.
  // The room is measured on the output area (its width does not depend on the board's).
  let narrow = false, wideWidth = 0;
  const room = () => {
    if (!root.isConnected) return 0;
    const left = root.getBoundingClientRect().left;
    const host = el.closest(".jp-OutputArea-output, .jp-Cell-outputArea, .output_subarea");
    if (!host) return document.documentElement.clientWidth - left;
    const r = host.getBoundingClientRect();
    return r.left + host.clientLeft + host.clientWidth - (parseFloat(getComputedStyle(host).paddingRight) || 0) - left;
  };
  // A drawing that says which room it was made for (data-room, CSS px; 0: drawn whole) is told
  // the room it has when that is another (it may then draw less, e.g. part of a wide house on a phone)
  let toldRoom = 0;
  const tellRoom = (svg, space) => {
    const made = svg.getAttribute("data-room");
    const width = Math.round(space);
    if (made === null || !(width > 0) || width === toldRoom) return;
    const wanted = Number(made) === 0 ? narrow : Math.abs(width - Number(made)) > 4;
    if (!wanted) return;
    toldRoom = width;
    model.send({ kind: "room", width, version: Number(svg.getAttribute("data-version")) });
  };
  // The room last measured: by a draw while none is known, then on every resize (the observer
  // below, which runs once the page is laid out anyway). Measured in every draw, it laid the whole
  // page (tens of thousands of px of lessons) out again for every move, between the updates of the
  // other widgets: 2 of the 20 s a whole Tang Garden game took in Chromium's renderer.
  let measured = 0;
  const roomNow = () => (measured = room());
  const fit = (svg) => {
    const movers = svg.querySelectorAll(".gk-reflow[data-reflow]");
    wideWidth = Number(svg.getAttribute("width")) || 0;
    const space = measured > 0 ? measured : roomNow();
    narrow = space > 0 && space < wideWidth;
    tellRoom(svg, space);
    if (!narrow) return;
    for (const g of movers) {
      const [dx, dy, k] = g.getAttribute("data-reflow").split(" ").map(Number);
      // (an optional third number: the group drawn that much larger there, see render.svg.reflow)
      const scaled = Number.isFinite(k) && k > 0 ? ` scale(${k})` : "";
      if (Number.isFinite(dx) && Number.isFinite(dy)) g.setAttribute("transform", `translate(${dx} ${dy})${scaled}`);
    }
    // Marked narrow before it is measured, since a game's style may draw some things larger there
    // (its labels, which a phone shows at ~0.6 of their size) and the fitted box must hold them; and
    // told, as --gk-scale, the scale it is shown at, so that style can draw a label at a size that
    // reads (e.g. calc(9.2px / var(--gk-scale))): measured once more after that.
    svg.classList.add("gk-narrow");
    for (let pass = 0; pass < 2; pass++) {
      const box = svg.getBBox();
      const w = Math.ceil(box.x + box.width + 6), h = Math.ceil(box.y + box.height + 6);
      if (!(w > 0 && h > 0)) return;
      svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
      svg.setAttribute("width", w);
      svg.setAttribute("height", h);
      const shown = Math.min(1, space / w);
      if (pass === 1 || Math.abs(shown - (Number(svg.style.getPropertyValue("--gk-scale")) || 1)) < 0.005) break;
      svg.style.setProperty("--gk-scale", shown.toFixed(3));
    }
  };
  const draw = () => {
    queued = false;
    const body = model.get("body");
    if (body !== lastBody) {
      bodyNodes = [...parse(`<svg>${body}</svg>`).childNodes];
      lastBody = body;
    }
    const svg = parse(model.get("head") + '<g class="gk-body-slot"></g>' + model.get("tail"));
    const slot = svg && svg.querySelector(".gk-body-slot");
    if (slot) slot.replaceWith(...bodyNodes);
    const old = root.querySelector("svg");
    if (old && svg) root.replaceChild(svg, old);
    else if (svg) root.appendChild(svg);
    else root.replaceChildren();
    if (svg) fit(svg);
    lastHover = null;
    still = true;
    if (keysFn) keysFn();
  };
  const schedule = () => { if (!queued) { queued = true; queueMicrotask(draw); } };  // one draw per update
  draw();
  for (const part of ["head", "body", "tail", "target_names"]) model.on(`change:${part}`, schedule);
  // when the room crosses the drawing's width (a turned phone, a resized window), draw it again
  let frame = 0;
  const watch = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      watchHost();
      const svg = root.querySelector("svg");
      const space = roomNow();
      if (!svg) return;
      if (space > 0 && (space < wideWidth) !== narrow) schedule();
      else tellRoom(svg, space);
    });
  });
  watch.observe(el);
  let watched = null;
  const watchHost = () => {
    const host = el.closest(".jp-OutputArea-output, .jp-Cell-outputArea, .output_subarea");
    if (host && host !== watched) { watched = host; watch.observe(host); }
  };
  watchHost();
  const version = () => {
    const s = root.querySelector("svg");
    return s ? Number(s.getAttribute("data-version")) : -1;
  };
  const activate = (t) => {
    clearTimeout(hoverTimer);
    const v = version();
    if (t.hasAttribute("data-action")) {
      model.send({ kind: "play", action: t.getAttribute("data-action"), version: v });
    } else if (t.hasAttribute("data-pick")) {
      model.send({ kind: "pick", value: t.getAttribute("data-pick"), version: v });
    } else {
      model.send({ kind: "ui", name: t.getAttribute("data-ui"), version: v });
    }
  };
  root.addEventListener("click", (ev) => {
    const t = ev.target.closest(TARGET);
    if (t && root.contains(t)) activate(t);
  });
  // ----- the keyboard: the board is one Tab stop; arrows move between what can be clicked, in
  // reading order (rows, then columns); Enter or Space plays or picks; Escape drops a pick; R turns.
  // Its keys are said in a caption drawn over what follows the board while a key has the focus
  // there (no layout moves, so a click is never shifted off its button). The target in focus keeps
  // its place across redraws (the same move, pick or control, else the same place in the order). A
  // move is named by the engine's answer (target_names: its points, or the refusal and its rule),
  // a pick or a control by its <title>.
  const help = document.createElement("div");
  help.className = "gk-board-keys";
  help.id = `gk-keys-${Math.random().toString(36).slice(2)}`;
  // the keys this drawing answers to (said again after every drawing: a piece to turn comes and goes)
  const sayKeys = () => {
    const picks = !!root.querySelector("[data-pick]");
    const keys = [`Keys: arrows move between the ${picks ? "moves and pieces" : "moves"}`,
      `Enter or Space ${picks ? "plays or picks" : "plays"}`];
    if (picks || root.querySelector('[data-ui="clear"],[data-ui="unpick"],[aria-pressed="true"]')) keys.push("Escape drops a pick");
    if (root.querySelector('[data-ui="turn"],[data-ui="rotate"]')) keys.push("R turns the piece");
    help.textContent = keys.join(" · ");
  };
  // the position in words (position_text: from the engine's rules.describe, what this seat sees),
  // read by a screen reader with the board's name; hidden from sight (the drawing shows it)
  const words = document.createElement("div");
  words.className = "gk-board-position gk-sr";
  words.id = `gk-pos-${Math.random().toString(36).slice(2)}`;
  const say = () => {
    const lines = (model.get("position_text") || "").split("\n").filter((line) => line);
    words.replaceChildren(...lines.map((line) => { const p = document.createElement("p"); p.textContent = line; return p; }));
  };
  say();
  model.on("change:position_text", say);
  root.setAttribute("role", "group");
  root.setAttribute("aria-roledescription", "game board");
  root.setAttribute("aria-describedby", `${words.id} ${help.id}`);
  root.tabIndex = 0;
  let current = null;  // {attr, value, index} of the target in focus (or last in focus)
  // keyboard mode: from a key pressed on the board (or Tab onto it) to the next pointer press
  // anywhere. Only then does a redraw put the focus back and a focused target explain itself (a
  // mouse user's panel keeps what their click said); the class gk-kbd shows the ring and the keys.
  let kbd = false;
  const keyboardMode = (on) => { kbd = on; root.classList.toggle("gk-kbd", on); };
  const keyOf = (t, list) => {
    for (const attr of ["data-action", "data-pick", "data-ui"]) {
      if (t.hasAttribute(attr)) return { attr, value: t.getAttribute(attr), index: list ? list.indexOf(t) : -1 };
    }
    return null;
  };
  // what can be clicked now, in reading order: rows (a target whose middle is above the row's
  // first one's bottom joins that row), then left to right
  const targets = () => {
    const all = [...root.querySelectorAll(TARGET)].filter((t) => {
      const r = t.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    });
    const box = new Map(all.map((t) => [t, t.getBoundingClientRect()]));
    all.sort((a, b) => box.get(a).top - box.get(b).top || box.get(a).left - box.get(b).left);
    const rows = [];
    for (const t of all) {
      const r = box.get(t), row = rows[rows.length - 1];
      if (row && r.top + r.height / 2 < row.bottom) row.items.push(t);
      else rows.push({ bottom: r.bottom, items: [t] });
    }
    return rows.flatMap((row) => row.items.sort((a, b) => box.get(a).left - box.get(b).left));
  };
  const focusOn = (t, list) => {
    if (!t) return;
    current = keyOf(t, list);
    root.tabIndex = -1;  // (a Shift+Tab from the target leaves the board, not to the board itself)
    t.focus();
    if (kbd) hoverAt(t);  // as the mouse resting on it: the panel says what it does or why not, the ghost shows it
  };
  // after every drawing: each target a named button out of the Tab order (the board is the one
  // Tab stop); a target that had the focus keeps it (the same move or piece, else the same place)
  const keys = () => {
    sayKeys();
    const svg = root.querySelector("svg");
    root.setAttribute("aria-label", (svg && svg.getAttribute("aria-label")) || "the board");
    // the drawing's name is the board's now; the drawing itself is no picture (role img) but
    // holds the targets, each a button (an img may hold no control: WCAG 4.1.2)
    if (svg && svg.querySelector(TARGET)) { svg.setAttribute("role", "presentation"); svg.removeAttribute("aria-label"); }
    const named = model.get("target_names") || {};
    for (const t of root.querySelectorAll(TARGET)) {
      t.setAttribute("tabindex", "-1");
      t.setAttribute("role", "button");
      // the engine's words for a move (its points, or the refusal and its rule), then the drawing's title
      const title = t.querySelector("title"), words = title ? title.textContent.trim() : "";
      const engine = t.hasAttribute("data-action") ? named[t.getAttribute("data-action")] : undefined;
      const value = t.getAttribute(keyOf(t).attr);
      t.setAttribute("aria-label", engine ? (words && words !== value ? `${engine}. ${words}` : engine) : (words || value));
    }
    if (!focused || !kbd) return;
    const list = targets();
    const again = current && (list.find((t) => t.getAttribute(current.attr) === current.value)
      || list[Math.min(current.index, list.length - 1)]);
    if (again) focusOn(again, list);
    else { root.tabIndex = 0; root.focus({ preventScroll: true }); }
  };
  let focused = false;  // the focus is on the board or in it (kept across a redraw, which drops the old target)
  root.addEventListener("focusin", (ev) => {
    focused = true;
    if (ev.target === root) {  // tabbed onto the board: on to the target last in focus, else the first
      keyboardMode(true);
      const list = targets();
      const t = (current && list.find((x) => x.getAttribute(current.attr) === current.value)) || list[0];
      if (t) focusOn(t, list);
    } else if (ev.target.matches && ev.target.matches(TARGET)) {
      current = keyOf(ev.target, targets());
    }
  });
  // the focus left for another element (Tab, a button): the board is a Tab stop again, and a
  // redraw leaves the focus where it is (a redraw removing the target in focus is no leaving)
  const left = () => { focused = false; root.tabIndex = 0; };
  root.addEventListener("focusout", (ev) => {
    if (ev.relatedTarget && !root.contains(ev.relatedTarget)) left();
  });
  const pointerElsewhere = (ev) => {
    keyboardMode(false);
    if (root.contains(ev.target)) return;
    clearTimeout(hoverTimer);  // (a hover still to be sent would overwrite what the click outside says)
    if (focused) left();
  };
  document.addEventListener("pointerdown", pointerElsewhere, true);
  keysFn = keys;
  keys();
  const byKey = (name) => root.querySelector(`[data-ui="${name}"]`);
  root.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    keyboardMode(true);
    const list = targets();
    const at = list.indexOf(document.activeElement);
    focused = true;
    const here = at >= 0 ? list[at] : null;
    let handled = true;
    if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
      const step = ev.key === "ArrowRight" ? 1 : -1;
      focusOn(list[at < 0 ? 0 : Math.max(0, Math.min(list.length - 1, at + step))], list);
    } else if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      // the nearest target in the next row down (up): least vertical, then horizontal distance
      const down = ev.key === "ArrowDown";
      if (!here) focusOn(list[0], list);
      else {
        const r = here.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        let best = null, bestScore = Infinity;
        for (const t of list) {
          if (t === here) continue;
          const b = t.getBoundingClientRect(), tx = b.left + b.width / 2, ty = b.top + b.height / 2;
          const dy = down ? ty - cy : cy - ty;
          if (dy < Math.min(r.height, b.height) / 2) continue;
          const score = dy * 4 + Math.abs(tx - cx);
          if (score < bestScore) { best = t; bestScore = score; }
        }
        if (best) focusOn(best, list);
      }
    } else if (ev.key === "Home") focusOn(list[0], list);
    else if (ev.key === "End") focusOn(list[list.length - 1], list);
    else if (ev.key === "Enter" || ev.key === " ") { if (here) activate(here); }
    else if (ev.key === "Escape") {
      const drop = byKey("clear") || byKey("unpick");
      if (drop) activate(drop);
      else model.send({ kind: "ui", name: "escape", version: version() });
    } else if (ev.key === "r" || ev.key === "R") {
      const turn = byKey("turn") || byKey("rotate");
      if (turn) activate(turn); else handled = false;
    } else handled = false;
    if (handled) ev.preventDefault();
  });
  // the ghost (.gk-ghost, e.g. the picked card) follows the mouse over legal spots, taking the
  // spot's transform where it has one
  const ghost = (spot) => {
    const g = root.querySelector(".gk-ghost");
    if (!g) return;
    const at = spot && spot.getAttribute("transform");
    if (at) g.setAttribute("transform", at);
    g.setAttribute("visibility", spot ? "visible" : "hidden");
  };
  root.addEventListener("mouseleave", () => ghost(null));
  const hoverAt = (target) => {
    const t = target.closest("[data-action]");
    const legal = t && t.classList.contains("gk-spot") && !t.classList.contains("gk-illegal");
    ghost(legal && root.contains(t) ? t : null);
    if (!t || !root.contains(t)) return;
    const a = t.getAttribute("data-action");
    if (a === lastHover) return;
    lastHover = a;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => model.send({ kind: "hover", action: a, version: version() }), 150);
  };
  root.addEventListener("mouseover", (ev) => { if (!still) hoverAt(ev.target); });
  root.addEventListener("mousemove", (ev) => { if (still) { still = false; hoverAt(ev.target); } });
  el.appendChild(root);
  el.appendChild(help);  // (right after the board: board.css shows it with "+")
  el.appendChild(words);
  return () => {
    clearTimeout(hoverTimer);
    cancelAnimationFrame(frame);
    watch.disconnect();
    document.removeEventListener("pointerdown", pointerElsewhere, true);
    for (const part of ["head", "body", "tail", "target_names"]) model.off(`change:${part}`, schedule);
    model.off("change:position_text", say);
  };
}
export default { render };
