"""The server's changes to other projects' functions (:mod:`gardenkit.server.upstream`): each is
listed with the release it was written against, and fails here the day an installed release
changes the function under it.

- every listed upstream function's source, as installed, has the digest recorded when the override
  was written (a new tornado, jupyter_server, Voilà ... that rewrote it fails, naming the override,
  what it fixes and what to do);
- the table is the truth: each entry names the gardenkit function that installs it, and that
  function's source names the upstream function; and every function the server's modules put in
  place of another object's attribute is in the table.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

import gardenkit.server.upstream as upstream

SERVER = Path(upstream.__file__).resolve().parent
#: attributes the server sets to a function of its own that the table lists under another name:
#: the attribute -> the override (target) that covers it
COVERED_BY = {
    # the preheated pool's manager class is made by Voilà's factory: its instances' methods are wrapped
    "shutdown_kernel": "voila.voila_kernel_manager:voila_kernel_manager_factory",
    # the fallback wraps each accepted handler's open (inside the wrapped _accept_connection)
    "open": "tornado.websocket:WebSocketProtocol13._accept_connection",
    # nbclient imports nbformat's output_from_msg by name: the wrapper goes where nbclient looks
    "output_from_msg": "nbformat.v4.nbbase:output_from_msg",
}


@pytest.mark.parametrize("override", upstream.OVERRIDES, ids=[o.target for o in upstream.OVERRIDES])
def test_each_upstream_function_is_the_one_its_override_was_written_against(override):
    version, digest = upstream.installed(override)
    assert version is not None, f"{override.dist} is not installed (pip install -e '.[dashboards]')"
    assert digest is not None, (
        f"{override.target} is gone from {override.dist} {version} (written against {override.version}). "
        f"{override.by} {override.kind} it: {override.why}. Find where it went, or whether the fix is upstream now.")
    assert digest == override.digest, (
        f"{override.target} changed in {override.dist} {version} (the override was written against "
        f"{override.version}). {override.by} {override.kind} it: {override.why}. Read the new function, adapt or "
        f"drop the override, then record its digest and release in gardenkit/server/upstream.py "
        f"(python -m gardenkit.server.upstream prints them).")


@pytest.mark.parametrize("override", upstream.OVERRIDES, ids=[o.target for o in upstream.OVERRIDES])
def test_each_override_names_the_function_that_installs_it_and_that_function_names_its_target(override):
    assert override.kind in {"replaces", "wraps", "subclasses"}
    assert len(override.digest) == 16 and int(override.digest, 16) >= 0
    module, _, name = override.by.partition(":")
    assert module.startswith("gardenkit.server."), override.by
    tree = ast.parse((SERVER / f"{module.rsplit('.', 1)[1]}.py").read_text())
    found = next((n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name),
                 None)
    assert found is not None, f"{override.by}: no such function"
    last = override.target.rsplit(":", 1)[1].rsplit(".", 1)[-1]
    # (jupyter_server's managers name their coroutines _async_x and answer x = _async_x)
    assert last.removeprefix("_async_") in ast.unparse(found), f"{override.by} never names {last}"


def _installed_functions() -> list[tuple[str, str]]:
    """``(module, attribute)`` of every ``obj.attribute = f`` in the server's modules where ``f`` is
    a function of that module (defined in the same function, or at module level): an override being
    put in place."""
    found = []
    for path in sorted(SERVER.glob("*.py")):
        tree = ast.parse(path.read_text())
        top = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            local = top | {n.name for n in ast.walk(fn) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                           and n is not fn}
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in local:
                    for target in node.targets:
                        if isinstance(target, ast.Attribute) and not (
                                isinstance(target.value, ast.Name) and target.value.id == "self"):
                            found.append((path.stem, target.attr))
    return found


def test_every_function_the_server_puts_in_place_is_in_the_table():
    listed = {o.target.rsplit(":", 1)[1].rsplit(".", 1)[-1] for o in upstream.OVERRIDES}
    targets = {o.target for o in upstream.OVERRIDES}
    installed = _installed_functions()
    assert len(installed) >= 10, installed  # the scan sees the overrides
    missing = [f"{module}: .{attr} = ..." for module, attr in installed
               if attr not in listed and COVERED_BY.get(attr) not in targets]
    assert not missing, "overrides not in gardenkit/server/upstream.py:\n" + "\n".join(missing)


def test_the_digest_is_of_the_source_read_not_run():
    # a function's own text, dedented; a method found through its class
    text = upstream.source_of("json.decoder:JSONDecoder.decode")
    assert text.startswith("def decode(self, s, _w=WHITESPACE.match):")
    with pytest.raises(LookupError):
        upstream.source_of("json.decoder:JSONDecoder.no_such_method")
    assert upstream.source_digest("json.decoder:JSONDecoder.decode") == upstream.source_digest(
        "json.decoder:JSONDecoder.decode")


def test_importing_the_table_imports_none_of_the_projects_it_lists():
    code = ("import sys, json, gardenkit.server.upstream\n"
            "print(json.dumps(sorted(m for m in sys.modules)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                       check=True).stdout)
    dists = {o.target.split(":")[0].split(".")[0] for o in upstream.OVERRIDES}
    assert not [m for m in loaded if m.split(".")[0] in dists]
    assert importlib.import_module("gardenkit.server.upstream") is upstream


# ----- the patches written for upstream (docs/upstream/) ---------------------------------------------

PATCHES = sorted((Path(__file__).resolve().parents[1] / "docs" / "upstream").glob("*.patch"))


def _targets(patch: Path) -> set[str]:
    """The top folders a patch changes (``+++ b/<top>/...``)."""
    return {line[len("+++ b/"):].split("/")[0] for line in patch.read_text().splitlines() if line.startswith("+++ b/")}


#: the patches against installed Python packages (checked here); the others are against a project's
#: source, which no release installs (anywidget's: its browser test says what it fixes)
INSTALLED_PATCHES = [p for p in PATCHES if all(importlib.util.find_spec(t) for t in _targets(p))]


def _patched_tree(tmp_path: Path, patches) -> Path:
    """A copy of the installed packages the patches touch, with the patches applied (git apply)."""
    import shutil

    tree = tmp_path / "site"
    tree.mkdir()
    for patch in patches:
        for line in patch.read_text().splitlines():
            if line.startswith("+++ b/"):
                package = line[len("+++ b/"):].split("/")[0]
                if not (tree / package).exists():
                    source = Path(importlib.util.find_spec(package).origin).parent
                    shutil.copytree(source, tree / package, ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(["git", "apply", "-p1", *map(str, patches)], cwd=tree, capture_output=True, text=True)
    assert done.returncode == 0, f"a patch no longer applies to the installed release: {done.stderr}"
    return tree


def test_there_are_patches_for_upstream_and_the_readme_lists_each():
    readme = (PATCHES[0].parent / "README.md").read_text()
    assert len(PATCHES) >= 3
    for patch in PATCHES:
        assert f"]({patch.name})" in readme, f"docs/upstream/README.md does not list {patch.name}"


def test_the_patches_apply_to_the_installed_releases_and_refuse_what_they_should(tmp_path):
    assert len(INSTALLED_PATCHES) >= 3
    tree = _patched_tree(tmp_path, INSTALLED_PATCHES)
    check = r"""
import struct, time
from voila.tornado.kernel_websocket_handler import read_header_from_binary_message as read_header
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
import voila, jupyter_server
assert voila.__file__.startswith(ROOT) and jupyter_server.__file__.startswith(ROOT)
huge = struct.pack("<Q", 2**40) + bytes(64)
t0 = time.perf_counter()
assert read_header(huge) is None
try:
    deserialize_msg_from_ws_v1(huge)
except ValueError:
    pass
else:
    raise AssertionError("2**40 offsets accepted")
assert time.perf_counter() - t0 < 1
assert read_header(serialize_msg_to_ws_v1([b"[" * 100_000, b"{}", b"{}", b"{}"], "shell")) is None
good = serialize_msg_to_ws_v1([b'{"msg_id": "a"}', b"{}", b"{}", b"{}"], "shell")
assert read_header(good) == {"msg_id": "a"}
assert deserialize_msg_from_ws_v1(good)[0] == "shell"
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", f"ROOT = {str(tree)!r}\n" + check], capture_output=True, text=True,
                          env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]
