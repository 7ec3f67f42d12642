"""pyproject.toml, environment.yml, the lock and binder/ pin the same packages, and each installs gardenkit.

Binder installs the whole lock (``binder/requirements.txt`` is generated from it by
``make binder-requirements``), plus the ``notebook`` release made for the lock's jupyterlab: the
base image's notebook needs an older jupyterlab. These tests fail when the two drift apart.
"""

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
    assert runtime == {"ipywidgets": "8.1.9", "anywidget": "0.11.0"}  # bqplot: the dashboards extra (numpy)
    dashboards = _pins(pyproject["project"]["optional-dependencies"]["dashboards"], "pyproject [dashboards]")
    assert dashboards["bqplot"] == "0.13.1"


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


def test_environment_yml_is_constrained_by_the_lock():
    # conda runs pip from environment.yml's folder: the lock pins every transitive dependency
    _, pip = _environment_yml()
    assert "-c requirements-lock.txt" in pip, pip
    assert (REPO / "requirements-lock.txt").exists()


#: What each notebook release that Binder may pin requires of the lock, from its wheel's metadata
#: (``pip download --no-deps notebook==X`` and read ``*.dist-info/METADATA``). Repo2docker's base
#: image has notebook 7.4.7, which requires jupyterlab<4.5,>=4.4.9: with the lock's jupyterlab
#: 4.6.6 it is broken, so Binder's requirements replace it. Add a release here before pinning it.
NOTEBOOK_REQUIRES = {
    "7.6.5": {
        "jupyter-builder": "<2,>=1.0.2",
        "jupyter-server": "<3,>=2.19.0",
        "jupyterlab-server": "<3,>=2.28.0",
        "jupyterlab": "<4.7,>=4.6.6",
        "notebook-shim": "<0.3,>=0.2",
        "tornado": ">=6.2.0",
    },
}


@pytest.fixture(scope="module")
def lock() -> dict[str, str]:
    return _pins((REPO / "requirements-lock.txt").read_text().splitlines(), "requirements-lock.txt")


@pytest.fixture(scope="module")
def binder() -> dict[str, str]:
    lines = (REPO / "binder" / "requirements.txt").read_text().splitlines()
    return _pins(lines, "binder/requirements.txt")


def test_binder_installs_every_pin_of_the_lock(lock, binder):
    missing = {n: v for n, v in lock.items() if n not in binder}
    differ = {n: (v, binder[n]) for n, v in lock.items() if n in binder and binder[n] != v}
    assert not missing and not differ, (
        f"binder/requirements.txt has drifted from requirements-lock.txt (missing {missing}, "
        f"lock vs binder {differ}): run `make binder-requirements`"
    )
    # the only pin Binder adds is notebook, which the lock does not have
    assert set(binder) - set(lock) == {"notebook"}, set(binder) - set(lock)


def test_binder_requirements_are_the_generated_file(binder):
    text = (REPO / "binder" / "requirements.txt").read_text()
    assert text.startswith("# Generated by 'make binder-requirements'"), text[:200]
    makefile = (REPO / "Makefile").read_text()
    m = re.search(r"^BINDER_NOTEBOOK\s*\?=\s*(\S+)\s*$", makefile, re.M)
    assert m, "the Makefile sets no BINDER_NOTEBOOK"
    assert binder["notebook"] == m.group(1), "run `make binder-requirements`"
    # the package itself comes from postBuild (--no-deps), never from requirements.txt
    assert not re.search(r"^\s*(-e\s+)?\.\.?/?\s*$", text, re.M)
    assert "gardenkit" not in binder


def test_binder_notebook_fits_the_lock(lock, binder):
    from packaging.specifiers import SpecifierSet

    version = binder["notebook"]
    assert version in NOTEBOOK_REQUIRES, (
        f"notebook=={version}: add what it requires to NOTEBOOK_REQUIRES (from its wheel's METADATA)"
    )
    for name, spec in NOTEBOOK_REQUIRES[version].items():
        assert name in lock, f"notebook {version} requires {name}, which the lock does not pin"
        assert lock[name] in SpecifierSet(spec), (
            f"notebook {version} requires {name}{spec}; the lock pins {lock[name]}"
        )


def test_binder_agrees_with_pyproject_and_environment_yml(served, binder):
    conda, pip = _environment_yml()
    env_pins = _pins([p for p in pip if not p.startswith("-")], "environment.yml pip")
    for name, version in served.items():
        assert binder.get(name) == version == env_pins.get(name), (
            f"{name}: pyproject {version}, binder {binder.get(name)}, environment.yml {env_pins.get(name)}"
        )


def test_binder_installs_the_package_and_nodelay():
    post = REPO / "binder" / "postBuild"
    assert post.stat().st_mode & 0o111, "binder/postBuild must be executable"
    text = post.read_text()
    assert text.startswith("#!"), "binder/postBuild needs a shebang"
    assert re.search(r"pip install\b.*--no-deps\s+\.(\s|$)", text), "postBuild must install gardenkit"
    # the server config enables gardenkit's extension (TCP_NODELAY and the guards: gardenkit.server.extension)
    assert '"gardenkit.server": True' in text and "jupyter_server_config" in text
    # after Binder's pip install over the base image, conflicts stop the build, before gardenkit
    check = re.search(r"^if ! python -m pip check; then$.*?^\s+exit 1$", text, re.M | re.S)
    assert check, "postBuild must stop the build when pip check finds a conflict"
    assert check.start() < re.search(r"pip install\b.*--no-deps", text).start()
    # requirements.txt must not also install the package (postBuild does, without deps)
    req = (REPO / "binder" / "requirements.txt").read_text()
    assert not re.search(r"^\s*(-e\s+)?\.\.?/?\s*$", req, re.M)


def test_binder_python_matches_environment_yml():
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()
    assert runtime == "python-3.11"


def test_lock_file_agrees_with_pyproject(pyproject, lock):
    project = pyproject["project"]
    wanted = _pins(project["dependencies"], "deps")
    for extra in project["optional-dependencies"].values():
        wanted.update(_pins(extra, "extra"))
    for name, version in wanted.items():
        assert lock.get(name) == version, f"lock pins {name}=={lock.get(name)}, pyproject {version}"
    assert "gardenkit" not in lock
