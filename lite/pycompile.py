"""Add compiled bytecode to the static site's wheels and standard library, so a page's Python imports
them without compiling their sources first.

npm's Pyodide ships its standard library (``python_stdlib.zip``) as sources only, and a pure-Python
wheel from PyPI is sources only: every page load compiled the ~430 modules it imports (5.1 MB of
source, about 1.6 s of the kernel's start) before running any of them. This makes, for the
``.py`` files of an archive, the bytecode that the Python running this file makes of them (run it in
the site's own Pyodide: ``lite/pycompile.mjs`` does, so the bytecode is that Python's), as
*unchecked-hash* pycs (PEP 552): the import uses them without reading the source's date or hash.

The wheels and the standard library's zip ship the bytecode *instead of* the source of each module
compiled, as Pyodide's own distribution does (layout ``"legacy"``: ``json/__init__.py`` becomes
``json/__init__.pyc``, where the import system, and ``zipimport`` for the standard library, looks
for a module without source): the bytecode is about twice the size of the source, and the site's
first download is what a learner waits for (with the sources kept beside it, the Tang Garden page's
was 15.2 MB gzipped, over the 15 MB goal; without, 14.6). A traceback on the static site then names
the file and line but does not quote it; the same code, with its sources, is the repository's and
the Voilà dashboards'. The code is compiled under the path the module will have
(``/lib/python3XY.zip/json/__init__.py``): ``zipimport`` does not rewrite it. (Layout ``"wheel"``,
``pkg/__pycache__/mod.cpython-3XY.pyc`` beside the source, is there for a wheel whose sources
should stay: :data:`KEEP_SOURCES`.)

Only the modules a page imports are compiled (:func:`imported_members`: the kernel's, the widgets'
and every gardenkit module that imports, found by importing them from the archives themselves); a
module no page imports keeps its source, which is smaller. A source that does not compile is left alone. Entries
keep their order, dates and modes, so the same inputs give the same archive.

    python pycompile.py OUT_DIR ARCHIVE...     # each ARCHIVE written to OUT_DIR under its own name
"""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import shutil
import sys
import tempfile
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path, PurePosixPath


def pyc_name(name: str, layout: str) -> str:
    """Where the bytecode of the archive member ``name`` (a ``.py``) goes.

    >>> pyc_name("pkg/mod.py", "wheel") == f"pkg/__pycache__/mod.{sys.implementation.cache_tag}.pyc"
    True
    >>> pyc_name("json/__init__.py", "legacy")
    'json/__init__.pyc'
    """
    path = PurePosixPath(name)
    if layout == "legacy":
        return str(path.with_suffix(".pyc"))
    return str(path.parent / "__pycache__" / f"{path.stem}.{sys.implementation.cache_tag}.pyc")


#: what a page's kernel and notebook import (each with its submodules where it is a package we ship):
#: the kernel at start, the widgets, and gardenkit
PAGE_IMPORTS = ("pyodide_kernel", "ipykernel", "IPython", "comm", "ipywidgets", "anywidget", "psygnal", "traitlets")
PAGE_PACKAGES = ("gardenkit",)
#: the wheels (by file name prefix) whose sources stay beside their bytecode: none today (see the
#: module's docstring)
KEEP_SOURCES: tuple[str, ...] = ()


def imported_members(archives: list[Path], imports=PAGE_IMPORTS, packages=PAGE_PACKAGES) -> dict[str, set[str]]:
    """archive name -> the members (``.py``) of it that importing ``imports`` and every module of
    ``packages`` loads, with the wheels unpacked on ``sys.path`` (the standard library: from where it
    is imported already). A module that fails to import (it needs a server, say) is skipped."""
    site = Path(tempfile.mkdtemp(prefix="gk-pycompile-"))
    owner: dict[Path, tuple[str, str]] = {}
    for archive in archives:
        if archive.suffix != ".whl":
            continue
        with zipfile.ZipFile(archive) as z:
            z.extractall(site)
            for name in z.namelist():
                if name.endswith(".py"):
                    owner[(site / name).resolve()] = (archive.name, name)
    sys.path.insert(0, str(site))
    try:
        _import_all(imports, packages)
    finally:
        sys.path.remove(str(site))
    stdlib = {a.name: a for a in archives if a.suffix != ".whl"}
    found: dict[str, set[str]] = {a.name: set() for a in archives}
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if not file or not file.endswith(".py"):
            continue
        hit = owner.get(Path(file).resolve())
        if hit:
            found[hit[0]].add(hit[1])
            continue
        marker = ".zip/"
        if marker in file:  # /lib/python3XY.zip/json/__init__.py: the standard library's zip
            for name in stdlib:
                found[name].add(file.split(marker, 1)[1])
    shutil.rmtree(site, ignore_errors=True)
    return found


def _import_all(imports, packages) -> None:
    """Import each of ``imports`` and every module of each of ``packages``; skip what fails."""
    for name in imports:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - what imports is what is compiled; the rest stays source
            pass
    for package in packages:
        try:
            root = importlib.import_module(package)
        except Exception:  # noqa: BLE001
            continue
        for info in pkgutil.walk_packages(root.__path__, package + ".", onerror=lambda _name: None):
            try:
                importlib.import_module(info.name)
            except Exception:  # noqa: BLE001
                pass


def compile_archive(src: Path, dst: Path, *, layout: str, prefix: str, only: set[str] | None = None) -> tuple[int, int]:
    """``src`` rewritten to ``dst`` with the bytecode of each ``.py`` that compiles (``layout``:
    ``"wheel"``, beside the source, or ``"legacy"``, instead of it; see the module's docstring;
    ``prefix``: the folder the archive's members will sit in, for the code's file names; ``only``:
    the members to compile, all when None). Returns (sources compiled, sources left)."""
    done = left = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        existing = set(zin.namelist())
        for info in zin.infolist():
            data = zin.read(info)
            wanted = info.filename.endswith(".py") and (only is None or info.filename in only)
            target = pyc_name(info.filename, layout) if wanted else None
            code = None
            if wanted and target not in existing:
                try:
                    code = compile(data, f"{prefix.rstrip('/')}/{info.filename}", "exec", dont_inherit=True)
                except (SyntaxError, ValueError):
                    left += 1
            if code is None or layout == "wheel":
                zout.writestr(info, data)  # the source stays: not compiled, or beside its bytecode
            if code is None:
                continue
            pyc = zipfile.ZipInfo(target, date_time=info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            pyc.external_attr = info.external_attr
            zout.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            done += 1
    return done, left


def main(argv: list[str]) -> int:
    out, archives = Path(argv[0]), [Path(a) for a in argv[1:]]
    out.mkdir(parents=True, exist_ok=True)
    version = f"{sys.version_info[0]}{sys.version_info[1]}"
    site = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"
    imported = imported_members(archives)
    for archive in archives:
        if archive.suffix == ".whl":
            ours = bool(KEEP_SOURCES) and archive.name.startswith(KEEP_SOURCES)
            done, left = compile_archive(archive, out / archive.name, layout="wheel" if ours else "legacy",
                                         prefix=site, only=imported[archive.name])
        else:  # the standard library: Pyodide writes it to /lib/python3XY.zip and imports from it
            done, left = compile_archive(archive, out / archive.name, layout="legacy",
                                         prefix=f"/lib/python{version}.zip", only=imported[archive.name])
        print(f"{archive.name}: {done} modules compiled" + (f", {left} left as sources" if left else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
