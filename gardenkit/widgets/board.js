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
    lastHover = null;
    still = true;
  };
  const schedule = () => { if (!queued) { queued = true; queueMicrotask(draw); } };  // one draw per update
  draw();
  for (const part of ["head", "body", "tail"]) model.on(`change:${part}`, schedule);
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
    for (const part of ["head", "body", "tail"]) model.off(`change:${part}`, schedule);
  };
}
export default { render };
