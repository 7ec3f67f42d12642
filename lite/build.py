"""Build the static site: every notebook as a Voici page that runs in the learner's browser, on
JupyterLite's Pyodide kernel, with Pyodide and every wheel served by the site itself (no CDN).

    .lite-venv/bin/python lite/build.py [--out _site] [--force]     # what `make lite` runs

It runs in the build tools' own virtualenv (lite/build-requirements.txt: voici-core,
jupyterlite-core, jupyterlite-pyodide-kernel 0.7.0, anywidget/ipywidgets for their front ends,
setuptools to build gardenkit's wheel) and does, in order:

1. Pyodide's runtime from npm (``npm pack pyodide@PYODIDE_VERSION``, its sha512 checked against
   :data:`PYODIDE_INTEGRITY`; npm's package is the runtime only: no wheels, not even micropip);
2. the browser's wheels from PyPI (lite/browser-requirements.txt, pure Python, ``--require-hashes``),
   the kernel's own wheels (from jupyterlite-pyodide-kernel, hashes checked against
   :data:`KERNEL_WHEELS`), gardenkit's wheel built from this tree, and empty ``sqlite3`` and
   ``jedi`` stand-ins (:data:`STUBS`: the 0.7 kernel loads both at start; sqlite3 is on Pyodide's
   CDN only, jedi is 4.9 MB for code completion; IPython runs without either);
3. a Pyodide lock file (``pyodide/pyodide-lock.json``) listing exactly those wheels with their
   sha256, all preloaded when the kernel starts (``loadPyodideOptions.packages``), so the kernel
   never asks piplite or PyPI for anything (``disablePyPIFallback``);
4. the bytecode of what a page imports, made by this Pyodide (``lite/pycompile.py``, run by Node:
   ``lite/pycompile.mjs``), in place of those sources in the wheels and the standard library, so a
   page does not compile ~430 modules first (its first board 11-15 s -> 6-10 s); the lock lists
   the wheels as they are then;
5. ``voici build`` of notebooks/ (without their stored outputs, which a page never shows), then
   the pages cleaned of what the template fetches from CDNs (Font Awesome, which gardenkit does not
   use), with gardenkit's first scripts put in.

The build is skipped when its inputs (notebooks/, gardenkit/, pyproject.toml, lite/) hash the same
as the last build's (``<out>/.gardenkit-lite-stamp``): the browser test calls this on every run.
Downloads are cached in .lite-cache/ (git-ignored). Standard library only, plus the tools above.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
CACHE = ROOT / ".lite-cache"

#: npm's pyodide package (the runtime: pyodide.js, pyodide.asm.*, python_stdlib.zip, its lock)
PYODIDE_VERSION = "0.29.0"
PYODIDE_INTEGRITY = "sha512-ObIvsTmcrxAWKg+FT1GjfSdDmQc5CabnYe/nn5BCuhr9BVVITeQ24DBdZuG5B2tIiAZ9YonBpnDB7cmHZyd2Rw=="
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.mjs")
#: the Python of that Pyodide (the browser's wheels are picked for it)
PYODIDE_PYTHON = "3.13"
#: the kernel's own wheels, shipped inside jupyterlite-pyodide-kernel 0.7.0: file -> sha256
KERNEL_WHEELS = {
    "ipykernel-6.9.2-py3-none-any.whl": "c2e9ade2cad0f677cba886f058b915d04c123adef287c5de9d18b22932155090",
    "piplite-0.7.0-py3-none-any.whl": "447bd6a527f7c645d5f582fd103a23ff57e6a20a40539faf4096b7017911d97f",
    "pyodide_kernel-0.7.0-py3-none-any.whl": "6745fd3de8427d22188a27935749f865ece90d84074dfc31429932150f5f9921",
    "widgetsnbextension-4.0.999-py3-none-any.whl": "7999d77680dfc90c8afa7d77cd34d9219090e3c4fbb336963fc8a0de5e28faae",
}
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
#: gardenkit's Voilà page plugins (the folder gardenkit.server.launch puts on Voilà's path)
PAGE_PLUGINS = ROOT / "gardenkit" / "labextensions"
#: what the 0.7 kernel installs at start unless they are preloaded (its initKernel): preload all
KERNEL_PRELOAD = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")
#: where the pages are (voici/render/<name>.html): the kernel resolves pyodideUrl against the page
PAGES = "voici/render"
#: <link> tags the page template points at a CDN (Font Awesome): dropped
CDN_LINK = re.compile(r'\s*<link[^>]+href="https?://[^"]*fontawesome[^"]*"[^>]*>', re.I)
STAMP = ".gardenkit-lite-stamp"
#: put first in every page's <head>: no service worker. JupyterLite's only use of one on these pages
#: is to mount the notebooks' folder in the kernel (/drive), and with it mounted every import the
#: kernel makes asks the page for that folder over a synchronous request (about 100 a page load,
#: ~2 s of a warm load; the pages read no file of their own). A service worker an earlier version
#: of the site registered is removed. JupyterLite then logs that the kernel's files stay in memory.
NO_SERVICE_WORKER = """<script>/* gardenkit: no service worker (lite/build.py, NO_SERVICE_WORKER) */
if (window.ServiceWorkerContainer) {
  const no = () => Promise.reject(new Error("gardenkit's static pages run without a service worker"));
  ServiceWorkerContainer.prototype.register = no;
  ServiceWorkerContainer.prototype.getRegistration = () => Promise.resolve(undefined);
  navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => r.unregister()));
}
</script>"""


#: put in every page's <head>: the page is readable while Python starts. Voici's template hides the
#: whole notebook behind a full-page spinner until its last cell has run (~5 s on a warm visit, 3 s
#: of them starting Pyodide), though the words of every lesson are already in the page. Here the
#: cells show at once and fill in as they run (Voici runs them in order and adds each one's output
#: when it is done), and the spinner becomes a slim bar at the top saying what is happening; a
#: lesson whose board has arrived can be opened while later cells still run (the kernel takes the
#: click between two cells). Voici's app shell, empty until the last cell has run, is kept from
#: covering them. The bar is a polite status region that speaks when the phase changes, not at
#: every cell (the count is hidden from screen readers); Voici removes it when the last cell has
#: run. A start that is slow, or not come after 90 s (Python could not load), is said. A dark theme
#: asked for in the address gets JupyterLab Dark's colours at once (the page carries only the light
#: theme's; its text would be dark on dark) until that theme arrives.
READ_WHILE_STARTING = """<style>/* gardenkit: read while Python starts (lite/build.py, READ_WHILE_STARTING) */
#rendered_cells { display: block !important; }
/* Voici's app shell (#main, absolute, the size of the window) is attached about a second after the
   page opens and stays empty until the last cell has run (then the cells move into it): until
   then it would cover them */
#loading ~ #main { visibility: hidden; }
#loading { position: sticky; top: 0; z-index: 100; height: auto !important; flex-direction: row !important;
  justify-content: flex-start !important; gap: 0.6em; padding: 0.3em 1em; margin: 0;
  background: var(--jp-layout-color1, #fff); color: var(--jp-content-font-color1, #111);
  border-bottom: 1px solid var(--jp-border-color2, #ccc); font: 14px/1.4 sans-serif; }
#loading .spinner-container { width: 1.2em !important; flex: none; }
#loading h2 { font-size: inherit; font-weight: normal; margin: 0; }
html.gk-dark-early {  /* JupyterLab Dark's colours, until that theme itself arrives */
  --jp-layout-color0: #111; --jp-layout-color1: #212121; --jp-layout-color2: #424242; --jp-layout-color3: #616161;
  --jp-content-font-color0: rgba(255, 255, 255, 1); --jp-content-font-color1: rgba(255, 255, 255, 1);
  --jp-content-font-color2: rgba(255, 255, 255, 0.7); --jp-content-font-color3: rgba(255, 255, 255, 0.5);
  --jp-ui-font-color0: rgba(255, 255, 255, 1); --jp-ui-font-color1: rgba(255, 255, 255, 0.87);
  --jp-ui-font-color2: rgba(255, 255, 255, 0.54); --jp-ui-font-color3: rgba(255, 255, 255, 0.38);
  --jp-border-color0: #616161; --jp-border-color1: #616161; --jp-border-color2: #424242; --jp-border-color3: #212121;
  --jp-content-link-color: #64b5f6; background: #111; color: #fff; }
html.gk-dark-early body { background: #111; }
@media (prefers-reduced-motion: reduce) { #loading .spinner { animation: none; } }
</style>
<script>/* gardenkit: read while Python starts (lite/build.py, READ_WHILE_STARTING) */
(() => {
  if (/dark/i.test(new URLSearchParams(location.search).get("theme") || "")) {
    // the page's own light colours would give dark text on the dark ground until JupyterLab's
    // Dark theme loads; once it has marked the body dark, its colours take over
    const root = document.documentElement;
    root.classList.add("gk-dark-early");
    const handOver = () => {
      if (document.body && document.body.dataset.jpThemeLight === "false") {
        root.classList.remove("gk-dark-early");
        return true;
      }
      return false;
    };
    document.addEventListener("DOMContentLoaded", () => {
      if (handOver()) return;
      const watch = new MutationObserver(() => handOver() && watch.disconnect());
      watch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
    });
  }
  let phase = "";
  const say = (words, count) => {
    const bar = document.getElementById("loading"), text = document.getElementById("loading_text");
    if (!bar || !text) return;
    bar.setAttribute("role", "status");
    if (phase !== words) {
      phase = words;
      text.textContent = words;
      const n = document.createElement("span");
      n.className = "gk-loading-count";
      n.setAttribute("aria-hidden", "true");
      text.append(" ", n);
    }
    const n = text.querySelector(".gk-loading-count");
    if (n) n.textContent = count;
  };
  let running = false;
  const update = (cell, cells, text) => {
    if (text || !cells) {
      if (!running) say("Starting Python in your browser: read on, the page comes alive in a few seconds.", "");
    } else {
      running = true;
      say("Setting up the page's boards and buttons…", `(${cell} of ${cells})`);
    }
  };
  // a start that takes long is said, and one that never comes (Python could not load) too; a
  // browser test shortens the delays with window.__gardenkitStartNotesMs = [first, second]
  const [slow, stuck] = window.__gardenkitStartNotesMs || [20000, 90000];
  setTimeout(() => running || say("Still starting: a first visit downloads Python (about 14 MB), which takes a " +
    "while on a slow connection.", ""), slow);
  setTimeout(() => running || say("Python has not started yet. On a slow connection it may still come; if " +
    "nothing changes, reload the page. A browser too old may not run it (a recent Chrome, Firefox, Safari or " +
    "Edge does).", ""), stuck);
  // the template assigns its own update_loading_text later in the page: this one stays
  Object.defineProperty(window, "update_loading_text", { configurable: true, get: () => update, set: () => {} });
  document.addEventListener("DOMContentLoaded", () => update(0, 0, "start"));
})();
</script>"""


_STARTED = time.perf_counter()


def log(msg: str) -> None:
    """A step of the build, with the seconds since the build started (where a slow build spends them)."""
    print(f"[lite {time.perf_counter() - _STARTED:5.1f} s] {msg}", flush=True)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def inputs_digest() -> str:
    """One hash over everything the site is built from."""
    files = [ROOT / "pyproject.toml"]
    files += sorted((ROOT / "notebooks").glob("*.ipynb"))
    files += sorted(p for p in (ROOT / "gardenkit").rglob("*") if p.is_file() and p.suffix in (".py", ".json", ".js", ".css"))
    files += sorted(p for p in LITE.iterdir() if p.is_file() and p.suffix in (".py", ".mjs", ".txt", ".in", ".json"))
    h = hashlib.sha256()
    for p in files:
        h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def up_to_date(out: Path) -> bool:
    stamp = out / STAMP
    return stamp.exists() and stamp.read_text().strip() == inputs_digest()


# ----- 1. Pyodide --------------------------------------------------------------------------------
def pyodide_runtime() -> Path:
    """npm's pyodide package, unpacked in the cache (its tarball's sha512 checked)."""
    target = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if (target / "package" / "pyodide.asm.wasm").exists():
        return target / "package"
    CACHE.mkdir(exist_ok=True)
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        subprocess.run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent"],
                       check=True, stdout=subprocess.DEVNULL)
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != PYODIDE_INTEGRITY:
        tgz.unlink()
        raise SystemExit(f"pyodide-{PYODIDE_VERSION}.tgz: sha512 {digest} is not the pinned {PYODIDE_INTEGRITY}")
    shutil.rmtree(target, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(target, filter="data")
    return target / "package"


# ----- 2. wheels ----------------------------------------------------------------------------------
def browser_wheels() -> list[Path]:
    """The pure-Python wheels of lite/browser-requirements.txt (hashes required)."""
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    req = LITE / "browser-requirements.txt"
    wanted = [line.split()[0] for line in req.read_text().splitlines() if line.strip() and not line.startswith("#")]
    have = {canonical(w.name.split("-")[0]) + "==" + w.name.split("-")[1]: w for w in dest.glob("*.whl")}
    if not all(canonical(p.split("==")[0]) + "==" + p.split("==")[1] in have for p in wanted):
        log("pip download (browser wheels)")
        subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q", "--no-deps",
                        "--require-hashes", "--only-binary=:all:", "--python-version", PYODIDE_PYTHON,
                        "--implementation", "py", "--abi", "none", "--platform", "any", "-d", str(dest), "-r", str(req)],
                       check=True)
        have = {canonical(w.name.split("-")[0]) + "==" + w.name.split("-")[1]: w for w in dest.glob("*.whl")}
    hashes = {}
    for line in req.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            pin, *rest = line.split()
            hashes[canonical(pin.split("==")[0]) + "==" + pin.split("==")[1]] = {h.split(":", 1)[1] for h in rest}
    out = []
    for key, allowed in hashes.items():
        wheel = have[key]
        if sha256(wheel) not in allowed:
            raise SystemExit(f"{wheel.name}: its sha256 is not the one pinned in {req.name}")
        out.append(wheel)
    return out


def kernel_wheels() -> list[Path]:
    """The kernel's own wheels, from the installed jupyterlite-pyodide-kernel."""
    pypi = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / KERNEL_EXTENSION / "static" / "pypi"
    out = []
    for name, digest in KERNEL_WHEELS.items():
        wheel = pypi / name
        if not wheel.exists() or sha256(wheel) != digest:
            raise SystemExit(f"{wheel}: missing or not the pinned jupyterlite-pyodide-kernel's (make lite reinstalls it)")
        out.append(wheel)
    return out


def gardenkit_wheel(tmp: Path) -> Path:
    """gardenkit's wheel from this tree (no dependencies resolved: the lock lists them)."""
    log("building gardenkit's wheel")
    epoch = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    env = {**os.environ, "SOURCE_DATE_EPOCH": epoch or "315532800"}
    build = tmp / "gkbuild"
    shutil.copytree(ROOT, build, ignore=shutil.ignore_patterns(".git", ".venv", ".lite-venv", ".lite-cache", "_site*",
                                                                 "build", "*.egg-info", "__pycache__", "test-artifacts",
                                                                 ".hypothesis", ".pytest_cache", "tests", "benchmarks"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "-q", "--no-deps",
                    "--no-build-isolation", "-w", str(tmp / "dist"), str(build)], check=True, env=env)
    return next((tmp / "dist").glob("gardenkit-*.whl"))


#: packages the 0.7 kernel loads at start that the site ships as empty stand-ins (no module):
#: name -> why. IPython runs without either (it imports both inside ``try``): no sqlite3, the
#: history is kept in memory; no jedi, no static-analysis completion, which a dashboard (no code
#: cells) never asks for. jedi alone would be 3.9 MB of a first open's 15 MB gzipped.
STUBS = {
    "sqlite3": "Pyodide's own is on its CDN only",
    "jedi": "completion only; 4.9 MB",
}


def stub_wheel(tmp: Path, name: str) -> Path:
    """An empty package ``name`` (no module): satisfies the kernel's start, imports nothing."""
    path = tmp / f"{name}-0.0.0-py3-none-any.whl"
    files = {
        f"{name}-0.0.0.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
                                           f"Summary: empty stand-in on gardenkit's static site ({STUBS[name]})\n",
        f"{name}-0.0.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: gardenkit lite/build.py\nRoot-Is-Purelib: true\n"
                                        "Tag: py3-none-any\n",
    }
    record = "".join(f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b'=').decode()},"
                     f"{len(text.encode())}\n" for n, text in files.items())
    files[f"{name}-0.0.0.dist-info/RECORD"] = record + f"{name}-0.0.0.dist-info/RECORD,,\n"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, text in files.items():
            z.writestr(zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0)), text)
    return path


def wheel_meta(wheel: Path) -> tuple[str, str, list[str]]:
    """(name, version, top-level import names) of a wheel."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        imports = z.read(top).decode().split() if top else []
    name = re.search(r"^Name: (.+)$", text, re.M).group(1).strip()
    version = re.search(r"^Version: (.+)$", text, re.M).group(1).strip()
    if not imports:
        seen = []
        for n in names:
            head = n.split("/")[0]
            if ".dist-info" in head or ".data" in head:
                continue
            mod = head[:-3] if head.endswith(".py") else head if "/" in n else None
            if mod and mod.isidentifier() and mod not in seen:
                seen.append(mod)
        imports = seen
    return name, version, [i for i in imports if i.isidentifier() and not i.startswith("_") or i == "_sqlite3"]


# ----- 3. bytecode --------------------------------------------------------------------------------
def compile_bytecode(runtime: Path, wheels: list[Path], out: Path) -> tuple[list[Path], Path]:
    """Each wheel and the standard library's zip with the bytecode of what a page imports in place
    of its sources (see ``lite/pycompile.py``), written to ``out``: (the wheels, the zip)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to compile the site's bytecode in Pyodide (apt-get install nodejs)")
    log(f"bytecode for {len(wheels)} wheels and the standard library (Pyodide in Node)")
    stdlib = runtime / "python_stdlib.zip"
    subprocess.run([node, str(LITE / "pycompile.mjs"), str(runtime), str(out), *map(str, wheels), str(stdlib)],
                   check=True, stdout=subprocess.DEVNULL)
    return [out / w.name for w in wheels], out / stdlib.name


# ----- 4. the lock --------------------------------------------------------------------------------
def write_lock(runtime: Path, wheels: list[Path], dest: Path) -> list[str]:
    """``dest/pyodide-lock.json`` for exactly ``wheels`` (copied beside it); the names to preload."""
    info = json.loads((runtime / "pyodide-lock.json").read_text())["info"]
    packages = {}
    for wheel in sorted(wheels, key=lambda w: w.name.lower()):
        shutil.copy2(wheel, dest / wheel.name)
        name, version, imports = wheel_meta(wheel)
        packages[canonical(name)] = {
            "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports, "depends": [],
            "unvendored_tests": False, "shared_library": False,
        }
    (dest / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True) + "\n")
    preload = list(KERNEL_PRELOAD) + [n for n in packages if n not in {canonical(k) for k in KERNEL_PRELOAD}]
    missing = [n for n in preload if canonical(n) not in packages]
    if missing:
        raise SystemExit(f"the lock lacks what the kernel loads at start: {missing}")
    return preload


# ----- 5. the pages -------------------------------------------------------------------------------
def voici_build(contents: Path, out: Path) -> None:
    log("voici build")
    voici = Path(sys.prefix) / "bin" / "voici"
    # gardenkit's page plugin (gardenkit/labextensions): its fixes of the widget managers' start
    # limits hold on the static pages too
    plugins = [f"--LiteBuildConfig.federated_extensions={p}" for p in sorted(PAGE_PLUGINS.iterdir()) if p.is_dir()]
    subprocess.run([str(voici), "build", "--contents", str(contents), "--output-dir", str(out), *plugins], check=True,
                   cwd=contents.parent, stdout=subprocess.DEVNULL)


INLINE_CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def without_outputs(text: str) -> str:
    """A notebook's JSON without its stored outputs and widget state. A Voici page carries its
    notebook inline and runs it in the browser: what a run in Jupyter left in it is never shown
    there, yet it was most of the page (Tang Garden's lesson pictures: 4.8 MB of its 5.2 MB, 0.9 MB
    gzipped, read and parsed on every visit).

    >>> import json
    >>> nb = {"cells": [{"cell_type": "code", "source": "1", "outputs": [{"output_type": "stream"}],
    ...                  "execution_count": 3, "metadata": {}}], "metadata": {"widgets": {"x": 1}}}
    >>> json.loads(without_outputs(json.dumps(nb)))
    {'cells': [{'cell_type': 'code', 'source': '1', 'outputs': [], 'execution_count': None, 'metadata': {}}], 'metadata': {}}
    """
    nb = json.loads(text)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb.get("metadata", {}).pop("widgets", None)
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def kernel_settings(config: dict, page_depth: int, preload: list[str]) -> None:
    """Point the Pyodide kernel of a page config at the site's own Pyodide, lock and wheels."""
    settings = config.setdefault("litePluginSettings", {})
    kernel = settings.setdefault(f"{KERNEL_EXTENSION}:kernel", {})
    kernel.update({
        "pyodideUrl": "../" * page_depth + "pyodide/pyodide.js",  # resolved against the page's address
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"lockFileURL": "pyodide/pyodide-lock.json",  # resolved against the site's root
                               "packages": preload},
    })


def configure(out: Path, preload: list[str]) -> None:
    """The kernel's settings (in jupyter-lite.json and in the config each page carries inline):
    Pyodide, its lock and the preloaded packages, all from the site itself; the pages'
    CDN stylesheets dropped; and no service worker (:data:`NO_SERVICE_WORKER`, its script removed)."""
    (out / "service-worker.js").unlink(missing_ok=True)
    config = out / "jupyter-lite.json"
    data = json.loads(config.read_text())
    kernel_settings(data["jupyter-config-data"], 0, preload)
    config.write_text(json.dumps(data, indent=2) + "\n")
    for page in out.rglob("*.html"):
        text = page.read_text()
        depth = len(page.relative_to(out).parts) - 1

        def patch(m):
            inline = json.loads(m.group(2))
            kernel_settings(inline, depth, preload)
            return m.group(1) + json.dumps(inline).replace("</", "<\\/") + m.group(3)
        cleaned = INLINE_CONFIG.sub(patch, CDN_LINK.sub("", text))
        first = [NO_SERVICE_WORKER] + ([READ_WHILE_STARTING] if 'id="rendered_cells"' in cleaned else [])
        missing = "\n".join(s for s in first if s not in cleaned)
        if missing:
            head = re.search(r"<head[^>]*>", cleaned)
            if head is None:
                raise SystemExit(f"{page}: no <head> to put gardenkit's first scripts in")
            cleaned = cleaned[:head.end()] + "\n" + missing + cleaned[head.end():]
        if cleaned != text:
            page.write_text(cleaned)


def build(out: Path) -> None:
    start = time.perf_counter()
    runtime = pyodide_runtime()
    wheels = browser_wheels() + kernel_wheels()
    with tempfile.TemporaryDirectory(prefix="gk-lite-") as tmp:
        tmp = Path(tmp)
        wheels += [gardenkit_wheel(tmp), *(stub_wheel(tmp, name) for name in STUBS)]
        wheels, stdlib = compile_bytecode(runtime, wheels, tmp / "compiled")
        contents = tmp / "contents"
        contents.mkdir()
        for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
            (contents / nb.name).write_text(without_outputs(nb.read_text()))
        site = tmp / "site"
        voici_build(contents, site)
        pyo = site / "pyodide"
        pyo.mkdir()
        for name in PYODIDE_FILES:
            shutil.copy2(stdlib if name == stdlib.name else runtime / name, pyo / name)
        preload = write_lock(runtime, wheels, pyo)
        configure(site, preload)
        log("the site configured")
        (site / ".nojekyll").write_text("")  # GitHub Pages: serve the folders Jekyll would skip
        (site / "index.html").write_text(
            '<!doctype html><meta charset="utf-8"><title>gardenkit</title>'
            f'<meta http-equiv="refresh" content="0; url={PAGES}/index.html">'
            f'<a href="{PAGES}/index.html">gardenkit: the gallery</a>\n')
        (site / STAMP).write_text(inputs_digest() + "\n")
        if out.exists():
            shutil.rmtree(out)
        shutil.move(str(site), str(out))
    pages = sorted(p.name for p in (out / PAGES).glob("*.html"))
    log(f"built {out} in {time.perf_counter() - start:.0f} s: {', '.join(pages)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "_site"))
    ap.add_argument("--force", action="store_true", help="build even if the inputs have not changed")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if not args.force and up_to_date(out):
        log(f"{out} is up to date (its inputs have not changed)")
        return 0
    build(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
