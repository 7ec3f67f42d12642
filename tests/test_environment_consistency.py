"""pyproject.toml, environment.yml and binder/ pin the same packages, and each installs gardenkit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

REPO = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([A-Za-z0-9.+!-]+)\s*$")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(lines, where: str) -> dict[str, str]:
    pins: dict[str, str] = {}
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        m = PIN.match(line)
        assert m, f"{where}: {raw!r} is not pinned exactly (name==version)"
        name = _norm(m.group(1))
        assert name not in pins, f"{where}: {name} is listed twice"
        pins[name] = m.group(2)
    return pins


@pytest.fixture(scope="module")
def pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())


@pytest.fixture(scope="module")
def served(pyproject) -> dict[str, str]:
    """What a dashboard host needs: the runtime dependencies plus the 'dashboards' extra."""
    project = pyproject["project"]
    runtime = _pins(project["dependencies"], "pyproject dependencies")
    dashboards = _pins(project["optional-dependencies"]["dashboards"], "pyproject [dashboards]")
    assert not set(runtime) & set(dashboards)
    return {**runtime, **dashboards}


def _environment_yml() -> tuple[list[str], list[str]]:
    """(conda dependencies, pip entries) of environment.yml, read without a YAML library."""
    conda: list[str] = []
    pip: list[str] = []
    section = None
    for raw in (REPO / "environment.yml").read_text().splitlines():
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        text = line.strip()
        if indent == 0:
            section = text.rstrip(":") if text.endswith(":") else None
            continue
        if section != "dependencies" or not text.startswith("- "):
            continue
        item = text[2:].strip()
        if item == "pip:":
            continue
        (pip if indent > 2 else conda).append(item)
    return conda, pip


def test_runtime_pins_are_the_agreed_versions(pyproject):
    runtime = _pins(pyproject["project"]["dependencies"], "pyproject dependencies")
    assert runtime == {"ipywidgets": "8.1.9", "anywidget": "0.11.0", "bqplot": "0.13.1"}


def test_every_extra_is_pinned_exactly(pyproject):
    extras = pyproject["project"]["optional-dependencies"]
    assert {"dashboards", "test"} <= set(extras)
    for name, deps in extras.items():
        _pins(deps, f"pyproject [{name}]")
    test = _pins(extras["test"], "pyproject [test]")
    assert test["nbval"] == "0.11.0" and test["playwright"] == "1.65.2"


def test_environment_yml_pins_agree(served):
    conda, pip = _environment_yml()
    assert any(re.fullmatch(r"python\s*=+\s*3\.11(\.\*)?", c) for c in conda), conda
    assert "pip" in conda
    pinned = _pins([p for p in pip if not p.startswith("-")], "environment.yml pip")
    conda_pins = {
        _norm(m.group(1)): m.group(2)
        for c in conda
        if (m := re.fullmatch(r"([A-Za-z0-9._-]+)\s*=+\s*([0-9][^\s]*)", c))
        and _norm(m.group(1)) != "python"
    }
    assert {**conda_pins, **pinned} == served
    assert "conda-forge" in (REPO / "environment.yml").read_text()


def test_environment_yml_installs_the_package(served):
    _, pip = _environment_yml()
    assert any(re.fullmatch(r"(-e\s+)?\.(\[[a-z,]+\])?", p) for p in pip), pip


def test_binder_requirements_agree(served):
    lines = (REPO / "binder" / "requirements.txt").read_text().splitlines()
    assert _pins(lines, "binder/requirements.txt") == served


def test_binder_installs_the_package_and_nodelay():
    post = REPO / "binder" / "postBuild"
    assert post.stat().st_mode & 0o111, "binder/postBuild must be executable"
    text = post.read_text()
    assert text.startswith("#!"), "binder/postBuild needs a shebang"
    assert re.search(r"pip install\b.*--no-deps\s+\.(\s|$)", text), "postBuild must install gardenkit"
    assert "install_nodelay" in text and "jupyter_server_config" in text
    # requirements.txt must not also install the package (postBuild does, without deps)
    req = (REPO / "binder" / "requirements.txt").read_text()
    assert not re.search(r"^\s*(-e\s+)?\.\.?/?\s*$", req, re.M)


def test_binder_python_matches_environment_yml():
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()
    assert runtime == "python-3.11"


def test_lock_file_agrees_with_pyproject(pyproject):
    lock = _pins(
        (REPO / "requirements-lock.txt").read_text().splitlines(), "requirements-lock.txt"
    )
    project = pyproject["project"]
    wanted = _pins(project["dependencies"], "deps")
    for extra in project["optional-dependencies"].values():
        wanted.update(_pins(extra, "extra"))
    for name, version in wanted.items():
        assert lock.get(name) == version, f"lock pins {name}=={lock.get(name)}, pyproject {version}"
    assert "gardenkit" not in lock
