// The front end of every gardenkit board (gardenkit.widgets.board_base.BoardWidget): draws the
// synced head/body/tail, sends play/pick/ui/hover messages with the drawing's version.
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
  let bodyNodes = [], lastBody = null;
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
  const fit = (svg) => {
    const movers = svg.querySelectorAll(".gk-reflow[data-reflow]");
    wideWidth = Number(svg.getAttribute("width")) || 0;
    const space = room();
    narrow = space > 0 && space < wideWidth;
    tellRoom(svg, space);
    if (!narrow) return;
    for (const g of movers) {
      const [dx, dy] = g.getAttribute("data-reflow").split(" ").map(Number);
      if (Number.isFinite(dx) && Number.isFinite(dy)) g.setAttribute("transform", `translate(${dx} ${dy})`);
    }
    const box = svg.getBBox();
    const w = Math.ceil(box.x + box.width + 6), h = Math.ceil(box.y + box.height + 6);
    if (!(w > 0 && h > 0)) return;
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    svg.classList.add("gk-narrow");
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
  };
  const schedule = () => { if (!queued) { queued = true; queueMicrotask(draw); } };  // one draw per update
  draw();
  for (const part of ["head", "body", "tail"]) model.on(`change:${part}`, schedule);
  // when the room crosses the drawing's width (a turned phone, a resized window), draw it again
  let frame = 0;
  const watch = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      watchHost();
      const svg = root.querySelector("svg");
      if (!svg) return;
      const space = room();
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
  root.addEventListener("click", (ev) => {
    const t = ev.target.closest("[data-action],[data-pick],[data-ui]");
    if (!t || !root.contains(t)) return;
    clearTimeout(hoverTimer);
    const v = version();
    if (t.hasAttribute("data-action")) {
      model.send({ kind: "play", action: t.getAttribute("data-action"), version: v });
    } else if (t.hasAttribute("data-pick")) {
      model.send({ kind: "pick", value: t.getAttribute("data-pick"), version: v });
    } else {
      model.send({ kind: "ui", name: t.getAttribute("data-ui"), version: v });
    }
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
  return () => {
    clearTimeout(hoverTimer);
    cancelAnimationFrame(frame);
    watch.disconnect();
    for (const part of ["head", "body", "tail"]) model.off(`change:${part}`, schedule);
  };
}
export default { render };
