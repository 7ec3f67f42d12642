"""What imports what: ``import gardenkit`` and the engines stay headless, the package's import
graph has no cycle, the layers of DESIGN.md point downwards only, and the dashboard server is a
package of its own (``gardenkit/server/``) that nothing else in gardenkit imports.

The graph is read from the source with ``ast`` (nothing is imported to build it): every
``import``/``from ... import`` of a ``gardenkit`` module, at module level or inside a function,
is an edge. The one edge allowed against the layers is the documented lazy one: a game state's
``_repr_svg_`` importing its renderer when a notebook shows the state.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import gardenkit

PACKAGE = Path(gardenkit.__file__).resolve().parent
HEADLESS_FORBIDDEN = ("gardenkit.render", "gardenkit.widgets", "ipywidgets", "anywidget", "bqplot", "IPython")
LAZY = "_repr_svg_"  # the function whose import of a renderer is allowed


# ----- (a) importing the package and making an engine pulls in no view -----------------------

def _loaded_after(code: str) -> list[str]:
    script = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _views(modules) -> list[str]:
    return [m for m in modules if any(m == f or m.startswith(f + ".") for f in HEADLESS_FORBIDDEN)]


def test_import_gardenkit_pulls_in_no_renderer_widget_or_notebook_library():
    assert _views(_loaded_after("import gardenkit")) == []


@pytest.mark.parametrize("game_id", gardenkit.available_games())
def test_making_an_engine_and_playing_a_move_pulls_in_no_view(game_id):
    code = (f"import gardenkit\nrules = gardenkit.make({game_id!r})\n"
            f"s = rules.initial_state(players=rules.info.min_players, seed=1)\n"
            f"rules.legal_actions(s)\ngardenkit.entry({game_id!r})\ngardenkit.gallery()")
    assert _views(_loaded_after(code)) == []


# ----- the import graph, from the source ----------------------------------------------------------

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(importer: str, node) -> list[str]:
    """The gardenkit modules an import statement names (a ``from X import Y`` names X.Y when
    that is a module, else X)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name == "gardenkit" or a.name.startswith("gardenkit.")]
    if node.level:
        package = importer if MODULES[importer].name == "__init__.py" else importer.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    if not (base == "gardenkit" or base.startswith("gardenkit.")):
        return []
    names = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
    rest = [a for a in node.names if f"{base}.{a.name}" not in MODULES]
    return names + ([base] if rest or not names else [])


class _Imports(ast.NodeVisitor):
    """Every gardenkit import of one module: ``(target, function it sits in or None, line)``."""

    def __init__(self, importer: str):
        self.importer, self.found, self.where = importer, [], []

    def _function(self, node):
        self.where.append(node.name)
        self.generic_visit(node)
        self.where.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def _import(self, node):
        for target in _resolve(self.importer, node):
            self.found.append((target, self.where[-1] if self.where else None, node.lineno))

    visit_Import = visit_ImportFrom = _import


def _imports(module: str) -> list[tuple[str, str | None, int]]:
    visitor = _Imports(module)
    visitor.visit(ast.parse(MODULES[module].read_text(), filename=str(MODULES[module])))
    return visitor.found


LAYERS = {"core", "games", "render", "bots", "tutor", "widgets", "server"}


def _layer(module: str) -> str:
    """``core``, ``games``, ``render``, ``bots``, ``tutor``, ``widgets``, ``server``, or the
    module's own name for the top (``gardenkit``, ``gardenkit.testing``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else module


def _game(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def _lazy_renderer(importer: str, target: str, function: str | None) -> bool:
    return _layer(importer) == "games" and _layer(target) == "render" and function == LAZY


EDGES = {m: [e for e in _imports(m) if e[0] != m] for m in MODULES}


def test_the_graph_reader_sees_the_imports_it_should():
    # absolute, relative, from-a-package, and inside a function
    assert ("gardenkit.core", None) in {(t, f) for t, f, _ in EDGES["gardenkit"]}
    state = {(t, f) for t, f, _ in EDGES["gardenkit.games.miyabi.state"]}
    assert ("gardenkit.render.miyabi", LAZY) in state
    assert any(t.startswith("gardenkit.core") for t, _, _ in EDGES["gardenkit.games.miyabi.rules"])
    assert all(t in MODULES for edges in EDGES.values() for t, _, _ in edges), "an import names no module"


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (its modules in order, the first repeated at the end), or None."""
    colour, stack = {}, []

    def visit(node):
        colour[node] = "grey"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == "grey":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in colour:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        colour[node] = "black"
        return None

    for node in sorted(graph):
        if node not in colour:
            found = visit(node)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def _where(importer: str, target: str) -> str:
    """Where ``importer`` imports ``target``: ``file:line (in function)``, each place."""
    return ", ".join(f"{MODULES[importer].relative_to(PACKAGE.parent)}:{line}" + (f" (in {f})" if f else "")
                     for t, f, line in EDGES[importer] if t == target)


# ----- (b) no cycle ---------------------------------------------------------------------------------

def test_the_import_graph_has_no_cycle():
    """No cycle, counting every edge: the lazy ones inside functions too (a state's ``_repr_svg_``
    importing its renderer: a renderer imports no rules module, so that edge closes no circle)."""
    graph = {m: {t for t, _, _ in edges} for m, edges in EDGES.items()}
    cycles = []
    while (found := _cycle(graph)) is not None:  # every cycle, one edge of each removed to find the next
        cycles.append(" -> ".join(found) + "\n    " + "\n    ".join(_where(a, b) for a, b in zip(found, found[1:])))
        graph[found[-2]].discard(found[-1])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


# ----- (c) layers -------------------------------------------------------------------------------------

def _layer_violations() -> list[str]:
    out = []
    for m, edges in EDGES.items():
        layer = _layer(m)
        for target, function, line in edges:
            to = _layer(target)
            where = f"{MODULES[m].relative_to(PACKAGE.parent)}:{line}"
            if layer == "core" and to not in {"core"}:
                out.append(f"{where}: core imports {target}")
            elif layer == "games" and not (to == "core" or _game(target) == _game(m) or target == "gardenkit.games"):
                if not _lazy_renderer(m, target, function):
                    out.append(f"{where}: {m} imports {target} (a game imports only core and itself)")
            elif layer == "render" and to in {"widgets", "tutor", "bots"}:
                out.append(f"{where}: renderer {m} imports {target}")
            elif layer == "render" and target == "gardenkit":
                out.append(f"{where}: renderer {m} imports gardenkit (for gardenkit.make: take the rules as a parameter)")
            elif layer == "render" and _game(target) and target.rsplit(".", 1)[-1] in {"rules", "engine", "state"}:
                out.append(f"{where}: renderer {m} imports {target} (a renderer draws what the rules answer: it is "
                           "given a core.view.View, rules.view(state, player))")
            elif layer == "render" and target in {"gardenkit.core.registry", "gardenkit.core.rules"}:
                out.append(f"{where}: renderer {m} imports {target} (a renderer asks no rules object: it is given "
                           "a core.view.View, rules.view(state, player))")
    return out


def test_layers_point_downwards_only():
    """core imports nothing above it; a game imports only core and itself (and its renderer only
    from ``_repr_svg_``, lazily); a renderer imports no widget, tutor or bot, not the package's
    registry (``gardenkit.make``) nor core's (``rules_of``) nor core's rules, and no game's rules,
    engine or state module: it draws the :class:`~gardenkit.core.view.View` it is given."""
    violations = _layer_violations()
    assert not violations, "imports against the layers:\n" + "\n".join(violations)


# ----- (d) the dashboard server is a package of its own ----------------------------------------------

SERVER = "gardenkit.server"
#: the server's modules (``python -m gardenkit.server`` runs ``__main__``, which runs ``launch``)
SERVER_MODULES = {SERVER, *(f"{SERVER}.{m}" for m in
                            ("__main__", "launch", "guard", "speed", "kernel_forks", "dashboard_kernel", "upstream", "extension"))}


def test_the_server_code_is_in_its_package_and_not_at_the_root():
    assert {m for m in MODULES if _layer(m) == "server"} == SERVER_MODULES
    at_root = {p.name for p in PACKAGE.glob("*.py")}
    gone = {"serve.py", "_server_guard.py", "_server_speed.py", "kernel_forks.py", "dashboard_kernel.py"}
    assert not at_root & gone, f"server code at the package root: {sorted(at_root & gone)}"


def test_nothing_outside_the_server_package_imports_it():
    """Learners' code (the games, widgets, tutor, ...) never imports the server: only the server's
    own modules do (tests, benchmarks and Binder's Jupyter config import it from outside the
    package, which is what it is for)."""
    found = [f"{_where(m, t)}: {m} imports {t}" for m, edges in EDGES.items() if _layer(m) != "server"
             for t in sorted({t for t, _, _ in edges}) if _layer(t) == "server"]
    assert not found, "imports of the server from outside gardenkit/server/:\n" + "\n".join(found)


def test_the_server_imports_no_other_gardenkit_module_when_it_is_imported():
    """At module level the server's modules import only each other (a Jupyter config loads them
    without the games or widgets); the fork server imports the games inside its functions."""
    found = [f"{_where(m, t)}: {m} imports {t}" for m in sorted(SERVER_MODULES) for t, function, _ in EDGES[m]
             if function is None and _layer(t) != "server"]
    assert not found, "\n".join(found)


def test_importing_the_server_package_loads_none_of_its_modules():
    """A kernel (``python -m gardenkit.server.dashboard_kernel``) and the fork server import the
    package first: its names are loaded from :mod:`gardenkit.server.launch` on first use."""
    loaded = _loaded_after("import gardenkit.server")
    assert [m for m in loaded if m.startswith(SERVER + ".")] == []
    assert _views(loaded) == []
    loaded = _loaded_after("from gardenkit.server import install_nodelay, page_plugins_path, is_kernel_command")
    assert {m for m in loaded if m.startswith(SERVER + ".")} == {f"{SERVER}.launch", f"{SERVER}.guard",
                                                                   f"{SERVER}.kernel_forks"}
    assert _views(loaded) == [] and not [m for m in loaded if m.startswith("gardenkit.games.")]


def test_every_name_the_server_package_offers_is_the_launchers():
    """``gardenkit.server.__all__`` (the one list of the launcher's public names) names only what
    :mod:`gardenkit.server.launch` defines, and the package hands out exactly that object."""
    import gardenkit.server as server
    from gardenkit.server import launch

    missing = [name for name in server.__all__ if not hasattr(launch, name)]
    assert not missing, f"gardenkit.server.__all__ names what launch.py does not define: {missing}"
    assert all(getattr(server, name) is getattr(launch, name) for name in server.__all__)


def test_a_renderer_asks_no_rules_object():
    """Pure drawings: no renderer takes a ``rules`` parameter or calls ``rules_of``/``make``: each
    draws what it is given (a :class:`~gardenkit.core.view.View`, targets, walks)."""
    import ast as _ast

    found = []
    for m, path in MODULES.items():
        if _layer(m) != "render":
            continue
        for node in _ast.walk(_ast.parse(path.read_text())):
            if isinstance(node, (_ast.FunctionDef, _ast.AsyncFunctionDef)):
                names = [a.arg for a in (*node.args.args, *node.args.kwonlyargs)]
                if "rules" in names:
                    found.append(f"{m}.{node.name} takes rules")
            elif isinstance(node, _ast.Call):
                f = node.func
                name = f.id if isinstance(f, _ast.Name) else f.attr if isinstance(f, _ast.Attribute) else ""
                if name in {"rules_of", "make"}:
                    found.append(f"{m}:{node.lineno} calls {name}")
    assert not found, "renderers that ask the rules:\n" + "\n".join(found)
