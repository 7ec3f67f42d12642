"""The README's Binder badge claims no repository that does not exist, and says how to set it.

The project's public address is not fixed, so the badge names ``OWNER/REPO`` (a placeholder the
README explains) or a repository someone pointed it at with ``make binder-badge``; never the
``gardenkit/gardenkit`` it used to name, which does not exist. ``binder/badge.py`` makes the line,
from ``REPO=owner/name`` or from git's ``origin`` when that is a GitHub URL.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text()

spec = importlib.util.spec_from_file_location("binder_badge", REPO / "binder" / "badge.py")
badge = importlib.util.module_from_spec(spec)
spec.loader.exec_module(badge)


def test_badge_doctests():
    result = doctest.testmod(badge)
    assert result.attempted >= 7 and result.failed == 0


def test_readme_badge_is_the_placeholder_or_a_pointed_repository():
    head = README[: README.index("\n## ")]  # the badge line at the top
    lines = [line for line in head.splitlines() if "mybinder.org/badge_logo.svg" in line]
    assert len(lines) == 1, lines
    m = re.fullmatch(r".*/v2/gh/([^/]+/[^/]+)/HEAD\?.*", lines[0])
    assert m, lines[0]
    repo = m.group(1)
    assert lines[0] == badge.badge(repo), "make the line with `make binder-badge REPO=owner/name`"
    assert repo != "gardenkit/gardenkit", "that repository does not exist"
    if repo == badge.PLACEHOLDER:
        # the README says what the placeholder is and how to replace it
        assert "`OWNER/REPO` is a placeholder" in head and "make binder-badge REPO=owner/name" in head
    assert "make binder-badge REPO=owner/name" in README.split("## Binder and conda", 1)[1]


def test_the_badge_opens_the_gallery_as_a_dashboard():
    assert badge.URLPATH == "voila/render/notebooks/index.ipynb"
    assert (REPO / badge.URLPATH.removeprefix("voila/render/")).exists()


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_binder_badge(tmp_path):
    def run(*args, cwd=REPO, env=None):
        return subprocess.run(["make", "--no-print-directory", "-s", "-C", str(REPO), "binder-badge",
                               f"PYTHON={sys.executable}", *args], cwd=cwd,
                              capture_output=True, text=True, timeout=60, env=env)

    out = run("REPO=octo-cat/gardenkit")
    assert out.returncode == 0 and out.stdout.strip() == badge.badge("octo-cat/gardenkit")
    out = run("REPO=https://github.com/octo-cat/gardenkit.git")
    assert out.returncode == 0 and out.stdout.strip() == badge.badge("octo-cat/gardenkit")
    out = run("REPO=not a repo")
    assert out.returncode != 0 and "is not a GitHub repository" in out.stderr

    # without REPO: from git's origin, in a scratch repository (the badge script reads the cwd's git)
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    subprocess.run([git, "init", "-q", str(tmp_path)], check=True, env=env)
    out = subprocess.run([sys.executable, str(REPO / "binder" / "badge.py")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 2 and "no origin remote" in out.stderr
    subprocess.run([git, "-C", str(tmp_path), "remote", "add", "origin",
                    "git@github.com:octo-cat/garden-kit.git"], check=True, env=env)
    out = subprocess.run([sys.executable, str(REPO / "binder" / "badge.py")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0 and out.stdout.strip() == badge.badge("octo-cat/garden-kit")
    subprocess.run([git, "-C", str(tmp_path), "remote", "set-url", "origin",
                    "https://gitlab.com/octo-cat/gardenkit.git"], check=True, env=env)
    out = subprocess.run([sys.executable, str(REPO / "binder" / "badge.py")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 2 and "not a GitHub repository" in out.stderr
