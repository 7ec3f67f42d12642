// A Pyodide memory snapshot of the static site's kernel imports: does it start faster? (docs/hosting.md,
// "A Pyodide memory snapshot, tried and not built"). Needs a built site (make lite) and Node 20+:
//
//   node benchmarks/lite_snapshot.mjs [_site] [runs]
//
// Makes a snapshot after loading every wheel of the site's lock and importing what a page imports
// (IPython, ipykernel, the widgets, gardenkit), then times, `runs` times each, a start from nothing
// and a start from the snapshot: Pyodide, the wheels unpacked, the imports.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2] || "_site") + "/pyodide/";
const runs = Number(process.argv[3] || 3);
const { loadPyodide } = await import(pathToFileURL(site + "pyodide.mjs").href);
const packages = Object.keys(JSON.parse(readFileSync(site + "pyodide-lock.json")).packages);
const IMPORTS = "import IPython, ipykernel, ipywidgets, anywidget, traitlets, comm, pygments, gardenkit, gardenkit.widgets";

// what the imports hold of Pyodide's own API (pyodide_js and its functions) goes in the snapshot by
// name, and is found again on the runtime that loads it (once that runtime is up)
let api = null;
const byName = (name) => new Proxy(name ? function () {} : {}, {
  get: (_, k) => (name ? api[name] : api)[k],
  has: (_, k) => k in (name ? api[name] : api),
  apply: (_, _self, args) => api[name].apply(api, args),
});

async function start(snapshot) {
  const options = { indexURL: site, lockFileURL: site + "pyodide-lock.json" };
  if (snapshot === true) options._makeSnapshot = true;
  else if (snapshot) Object.assign(options, { _loadSnapshot: snapshot, _snapshotDeserializer: (d) => byName(d.name) });
  const t0 = performance.now();
  const py = await loadPyodide(options);
  api = py;
  const t1 = performance.now();
  await py.loadPackage(packages, { messageCallback: () => {} });
  const t2 = performance.now();
  py.runPython(IMPORTS);
  const t3 = performance.now();
  return { py, times: [t1 - t0, t2 - t1, t3 - t2] };
}

const { py } = await start(true);
py.runPython("import gc; gc.collect()");
const loaded = py._module.__hiwire_get(6);  // the packages loaded, which a snapshot expects empty
for (const k of Object.keys(loaded)) delete loaded[k];
const snap = py.makeMemorySnapshot({
  serializer: (o) => {
    const name = o === py ? null : Object.getOwnPropertyNames(py).find((k) => py[k] === o);
    if (name === undefined) throw new Error(`the imports hold a JavaScript object the snapshot cannot name: ${o}`);
    return { name };
  },
});
console.log(`snapshot: ${(snap.length / 1e6).toFixed(1)} MB, ${(gzipSync(snap).length / 1e6).toFixed(1)} MB gzipped`);
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log("| start | Pyodide | the wheels unpacked | the imports | in all |\n|---|---:|---:|---:|---:|");
for (let i = 0; i < runs; i++) {
  for (const [label, arg] of [["from nothing", null], ["from the snapshot", snap]]) {
    const { times } = await start(arg);
    console.log(`| ${label} | ${times.map(fmt).join(" | ")} | ${fmt(times.reduce((a, b) => a + b))} |`);
  }
}
