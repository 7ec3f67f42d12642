"""lite/pycompile.py: the static site's wheels and standard library get bytecode beside their sources,
and Python imports that bytecode without compiling (or even reading) the source.

Run here with this Python (the site's build runs it in Pyodide's, through lite/pycompile.mjs): each
test compiles an archive, then changes the *source* the import would find; the module still holds
what was compiled, so the bytecode was used, unchecked, as a page's import uses it.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

LITE = Path(__file__).resolve().parents[1] / "lite"
sys.path.insert(0, str(LITE))
import pycompile  # noqa: E402 - lite/ is not a package

sys.path.remove(str(LITE))


def make_zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def run(code: str, *path: Path) -> str:
    env_path = [str(p) for p in path]
    done = subprocess.run([sys.executable, "-I", "-B", "-c", f"import sys; sys.path[:0] = {env_path!r}; {code}"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_wheels_modules_are_imported_from_their_bytecode(tmp_path):
    wheel = make_zip(tmp_path / "pkg-1.0-py3-none-any.whl", {
        "pkg/__init__.py": "WHO = 'compiled'\n",
        "pkg/mod.py": "from . import WHO\nVALUE = WHO + ' module'\n",
        "pkg-1.0.dist-info/METADATA": "Name: pkg\n",
        "pkg/broken_for_another_python.py": "def f(:\n",
    })
    out = tmp_path / "out"
    out.mkdir()
    done, left = pycompile.compile_archive(wheel, out / wheel.name, layout="wheel", prefix="/site")
    assert (done, left) == (2, 1)
    site = tmp_path / "site"
    with zipfile.ZipFile(out / wheel.name) as z:
        names = z.namelist()
        # every entry kept, in order, each pyc beside its source's folder
        assert names[:4] == ["pkg/__init__.py", f"pkg/__pycache__/__init__.{sys.implementation.cache_tag}.pyc",
                             "pkg/mod.py", f"pkg/__pycache__/mod.{sys.implementation.cache_tag}.pyc"]
        z.extractall(site)
    header = (site / "pkg" / "__pycache__" / f"mod.{sys.implementation.cache_tag}.pyc").read_bytes()[:16]
    assert header[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(header[4:8], "little") == 0b01  # hash, unchecked
    # the sources changed after the build: the import still runs what was compiled
    (site / "pkg" / "__init__.py").write_text("WHO = 'source'\n")
    (site / "pkg" / "mod.py").write_text("raise SystemExit('the source was compiled')\n")
    assert run("import pkg.mod; print(pkg.mod.VALUE)", site) == "compiled module"


def test_the_standard_librarys_zip_ships_bytecode_instead_of_sources(tmp_path):
    """The standard library (and every wheel but ours): each module compiled is shipped as its
    bytecode alone, where zipimport (or the import system) looks for a module without source; one
    not compiled keeps its source."""
    stdlib = make_zip(tmp_path / "python_stdlib.zip", {"gk_lib/__init__.py": "", "gk_lib/part.py": "WHERE = 'compiled'\n",
                                                       "gk_lib/rarely.py": "WHERE = 'source'\n"})
    out = tmp_path / "out"
    out.mkdir()
    only = {"gk_lib/__init__.py", "gk_lib/part.py"}
    assert pycompile.compile_archive(stdlib, out / stdlib.name, layout="legacy", prefix=str(out / stdlib.name),
                                     only=only) == (2, 0)
    with zipfile.ZipFile(out / stdlib.name) as z:
        assert z.namelist() == ["gk_lib/__init__.pyc", "gk_lib/part.pyc", "gk_lib/rarely.py"]
    assert run("import gk_lib.part, gk_lib.rarely; print(gk_lib.part.WHERE, gk_lib.rarely.WHERE, gk_lib.part.__file__[-4:])",
               out / stdlib.name) == "compiled source .pyc"
    # the same as a wheel unpacked into site-packages: the import system's sourceless loader
    site = tmp_path / "site"
    with zipfile.ZipFile(out / stdlib.name) as z:
        z.extractall(site)
    assert run("import gk_lib.part; print(gk_lib.part.WHERE)", site) == "compiled"


@pytest.mark.parametrize(("name", "layout", "expected"), [
    ("a/b/c.py", "wheel", f"a/b/__pycache__/c.{sys.implementation.cache_tag}.pyc"),
    ("top.py", "wheel", f"__pycache__/top.{sys.implementation.cache_tag}.pyc"),
    ("a/__init__.py", "legacy", "a/__init__.pyc"),
])
def test_where_the_bytecode_goes(name, layout, expected):
    assert pycompile.pyc_name(name, layout) == expected


def test_only_what_a_page_imports_is_compiled(tmp_path):
    """The members found by importing from the archives: what importing the page's modules loads
    (a package's ``__init__`` and what it imports); for a package of ours, every module of it that
    imports; never a module that fails to import, nor one nothing imports."""
    wheel = make_zip(tmp_path / "gkdemo-1.0-py3-none-any.whl", {
        "gkdemo/__init__.py": "from . import used\n",
        "gkdemo/used.py": "import json\n",
        "gkdemo/unused.py": "X = 1\n",
        "gkdemo/needs_a_server.py": "import no_such_server_module\n",
        "other/__init__.py": "",
    })

    def found(packages):
        code = ("import sys, json, pathlib; sys.path.insert(0, %r); import pycompile; "
                "found = pycompile.imported_members([pathlib.Path(%r)], imports=('gkdemo',), packages=%r); "
                "print(json.dumps(sorted(found[%r])))") % (str(LITE), str(wheel), packages, wheel.name)
        return run(code)

    assert found(()) == '["gkdemo/__init__.py", "gkdemo/used.py"]'
    assert found(("gkdemo",)) == '["gkdemo/__init__.py", "gkdemo/unused.py", "gkdemo/used.py"]'
