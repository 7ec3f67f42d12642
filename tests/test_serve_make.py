"""``make dashboards``: the knobs a teacher sets reach the server (read with ``make -n``)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def dry_run(*args: str, env: dict[str, str] | None = None) -> str:
    environ = {k: v for k, v in os.environ.items() if k not in {"HOST", "GARDENKIT_ALLOWED_HOSTS"}}
    environ.update(env or {})
    out = subprocess.run(["make", "--no-print-directory", "-n", "dashboards", *args], cwd=REPO, env=environ,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert "gardenkit.server" in out, out
    return out


def test_by_default_the_server_listens_on_loopback_only():
    text = dry_run()
    assert "--Voila.ip=127.0.0.1 " in text and 'GARDENKIT_ALLOWED_HOSTS=""' in text
    assert "--preheat_kernel=True" in text and "cull_idle_timeout=900" in text


def test_host_and_allowed_hosts_reach_the_server():
    text = dry_run("HOST=0.0.0.0", "ALLOWED_HOSTS=garden.lan,192.168.1.20", "PORT=9000",
                   "CULL_IDLE_TIMEOUT=600", "SERVE_ARGS=--GardenkitGuard.message_burst=50")
    assert "--Voila.ip=0.0.0.0 " in text and "--port=9000" in text
    assert 'GARDENKIT_ALLOWED_HOSTS="garden.lan,192.168.1.20"' in text
    assert "cull_idle_timeout=600" in text
    assert "--GardenkitGuard.message_burst=50" in text


def test_a_host_in_the_environment_is_not_taken_for_the_bind_address():
    # some shells export HOST (the machine's name): serving beyond loopback must be asked for
    text = dry_run(env={"HOST": "somebox", "GARDENKIT_ALLOWED_HOSTS": "garden.lan"})
    assert "--Voila.ip=127.0.0.1 " in text
    assert 'GARDENKIT_ALLOWED_HOSTS="garden.lan"' in text
