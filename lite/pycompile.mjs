// Run lite/pycompile.py in the site's own Pyodide (Node), so the bytecode it adds to the wheels and
// the standard library is that Python's (its version, its magic number).
//
//   node lite/pycompile.mjs PYODIDE_DIR OUT_DIR ARCHIVE...
//
// PYODIDE_DIR: npm's pyodide package (pyodide.mjs, pyodide.asm.*, python_stdlib.zip); each ARCHIVE
// (a wheel, or python_stdlib.zip) is written to OUT_DIR under its own name, bytecode added.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";

const [runtime, out, ...archives] = process.argv.slice(2);
if (!runtime || !out || archives.length === 0) {
  console.error("usage: node lite/pycompile.mjs PYODIDE_DIR OUT_DIR ARCHIVE...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(runtime), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(runtime) + "/", stdout: console.log, stderr: console.error });
const here = fileURLToPath(new URL(".", import.meta.url));
pyodide.FS.mkdirTree("/gk/in");
pyodide.FS.writeFile("/gk/pycompile.py", readFileSync(join(here, "pycompile.py")));
for (const archive of archives) {
  pyodide.FS.writeFile(`/gk/in/${basename(archive)}`, readFileSync(archive));
}
pyodide.globals.set("gk_args", pyodide.toPy(["/gk/out", ...archives.map((a) => `/gk/in/${basename(a)}`)]));
const rc = pyodide.runPython(`
import sys
sys.path.insert(0, "/gk")
import pycompile
pycompile.main(list(gk_args))
`);
mkdirSync(out, { recursive: true });
for (const archive of archives) {
  writeFileSync(join(out, basename(archive)), pyodide.FS.readFile(`/gk/out/${basename(archive)}`));
}
process.exit(rc ?? 0);
