"""``make lab``: JupyterLab on notebooks/, also as root (containers, CI), as the README says.

As root, ``jupyter lab`` exits with "Running as root is not recommended" unless given
``--allow-root``; ``make lab`` adds it when ``id -u`` is 0. Checked with ``make -n`` (both ways,
``LAB_UID`` standing in for ``id -u``) and with a real start through ``make lab`` that must
answer on ``/api`` and ``/lab`` within a minute, then is stopped. When the tests run as root
(as CI does), a plain ``jupyter lab`` is also started to show that it does refuse.

And the gallery reads in JupyterLab before it is run: its saved output (one card per game, each
live game's "Open <title>" link) shows in a copy of index.ipynb opened in headless Chromium.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

import gardenkit
from harness import CHROMIUM, CHROMIUM_ARGS, free_port

REPO = Path(__file__).resolve().parents[1]
STAMP = ".venv/.gardenkit-installed"
TOKEN = uuid.uuid4().hex
IS_ROOT = os.geteuid() == 0
START_TIMEOUT = 90

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def make_n(*args: str) -> str:
    # -o STAMP: never (re)build the venv from a test
    out = subprocess.run(["make", "--no-print-directory", "-n", "-o", STAMP, "lab", *args], cwd=REPO, capture_output=True,
                         text=True, timeout=60, check=True).stdout
    return " ".join(out.replace("\\\n", " ").split())


def test_make_lab_adds_allow_root_only_for_root():
    as_root = make_n("LAB_UID=0")
    assert "--allow-root" in as_root
    assert "jupyter lab --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port=8888" in as_root
    assert as_root.rstrip().endswith("notebooks/")
    assert "--allow-root" not in make_n("LAB_UID=1000")
    # without LAB_UID, `id -u` decides
    assert ("--allow-root" in make_n()) == IS_ROOT


def test_make_lab_knobs():
    text = make_n("LAB_PORT=9999", "LAB_IP=0.0.0.0", "LAB_ARGS=--ServerApp.token=abc")
    assert "--ServerApp.port=9999" in text and "--ServerApp.ip=0.0.0.0" in text
    assert "--ServerApp.token=abc" in text


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    env.update(JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               JUPYTER_DATA_DIR=str(tmp / "data"), PYTHONUNBUFFERED="1")
    return env


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


class Lab:
    """A server started by ``cmd`` in its own process group, stopped with that group."""

    def __init__(self, cmd: list[str], cwd: Path, tmp: Path, port: int):
        self.port, self.log_path = port, tmp / f"lab-{port}.log"
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, cwd=cwd, env=_env(tmp), stdout=self._log,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     start_new_session=True)

    @property
    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_for_api(self) -> float:
        """Seconds until ``/api`` answers; fails if the server exits or stays silent."""
        start = time.monotonic()
        while time.monotonic() - start < START_TIMEOUT:
            if self.proc.poll() is not None:
                pytest.fail(f"the server exited ({self.proc.returncode}):\n{self.log[-3000:]}")
            try:
                status, body = _get(f"http://127.0.0.1:{self.port}/api")
                if status == 200 and "version" in json.loads(body):
                    return time.monotonic() - start
            except (urllib.error.URLError, OSError, ValueError):
                pass
            time.sleep(0.25)
        pytest.fail(f"no answer on /api within {START_TIMEOUT} s:\n{self.log[-3000:]}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
            except ProcessLookupError:
                pass
        self._log.close()


def test_make_lab_starts_and_answers(tmp_path):
    port = free_port()
    lab = Lab(["make", "--no-print-directory", "-o", STAMP, "lab", f"LAB_PORT={port}",
               f"LAB_ARGS=--IdentityProvider.token={TOKEN} --ServerApp.port_retries=0"],
              REPO, tmp_path, port)
    try:
        seconds = lab.wait_for_api()
        status, body = _get(f"http://127.0.0.1:{port}/lab?token={TOKEN}")
        assert status == 200 and b"JupyterLab" in body
        # the files are notebooks/ (the gallery first)
        status, body = _get(f"http://127.0.0.1:{port}/api/contents/index.ipynb?content=0&token={TOKEN}")
        assert status == 200 and json.loads(body)["type"] == "notebook"
        print(f"make lab answered on /api after {seconds:.1f} s (root: {IS_ROOT})")
    finally:
        lab.stop()
    assert lab.proc.returncode is not None
    assert "Running as root is not recommended" not in lab.log


@pytest.mark.skipif(not IS_ROOT, reason="only root is refused without --allow-root")
def test_as_root_plain_jupyter_lab_refuses(tmp_path):
    # what make lab's --allow-root is for: the same command without it exits at once
    port = free_port()
    lab = Lab([sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "notebooks/"],
              REPO, tmp_path, port)
    try:
        lab.proc.wait(timeout=START_TIMEOUT)
    finally:
        lab.stop()
    assert lab.proc.returncode != 0
    assert "Running as root is not recommended" in lab.log


@pytest.mark.browser
def test_the_gallery_reads_in_jupyterlab_before_it_is_run(tmp_path):
    """The saved output of index.ipynb, in JupyterLab (a copy: opening may autosave)."""
    if not Path(CHROMIUM).exists():
        if _in_ci():
            pytest.fail(f"{CHROMIUM} not found (CI=true: browser tests must run)", pytrace=False)
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(REPO / "notebooks" / "index.ipynb", site / "index.ipynb")
    port = free_port()
    lab = Lab([sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               f"--IdentityProvider.token={TOKEN}", "--allow-root",
               f"--ServerApp.root_dir={site}"], site, tmp_path, port)
    cards = {card["id"]: card for card in gardenkit.gallery()}
    try:
        lab.wait_for_api()
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"http://127.0.0.1:{port}/lab/tree/index.ipynb?token={TOKEN}")
                page.wait_for_selector(".jp-OutputArea-output .gk-game-card", timeout=120_000)
                shown = page.locator(".jp-OutputArea-output .gk-game-card")
                assert shown.count() == len(cards) == 5
                text = page.locator(".jp-OutputArea-output").first.inner_text()
                links = page.locator(".jp-OutputArea-output a.gk-open").all_inner_texts()
            finally:
                browser.close()
    finally:
        lab.stop()
    for card in cards.values():
        assert card["title"] in text
    live = sorted(c["title"] for c in cards.values() if c["notebook"])
    # a link per live game, and the strategy lab's card beside them
    assert sorted(t.replace("→", "").strip() for t in links) == sorted([f"Open {t}" for t in live]
                                                                       + ["Open the strategy lab"])
    assert "the notebook (with its code) in JupyterLab" in text
