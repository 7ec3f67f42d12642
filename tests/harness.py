"""The harness the browser tests, the server tests and the load benchmarks share: Debian's
Chromium and its flags, a free port, :class:`VoilaServer` (``python -m gardenkit.server`` in a
subprocess, waited for with a deadline), :func:`served` (a test fixture's server),
:func:`notebook_json` (a small notebook to serve) and :func:`wait_until` (a condition, with a deadline). It lives with the tests, not in the package a
learner imports. The root ``conftest.py`` puts this folder on ``sys.path``; a benchmark does the
same (pytest is imported only inside :func:`served`, so a benchmark runs without it).
"""
from __future__ import annotations

import collections
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

__all__ = [
    "ARTIFACTS",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "NO_OTHER_HOST",
    "SERVER_MODULE",
    "VoilaServer",
    "free_port",
    "notebook_json",
    "served",
    "static_site",
    "until",
    "wait_until",
]

#: The repository's ``test-artifacts/``: the servers' logs, screenshots and figures tests leave.
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"

#: gardenkit's dashboard server, as ``make dashboards`` runs it (``python -m gardenkit.server``).
SERVER_MODULE = "gardenkit.server"

#: Debian's chromium, driven by Playwright in the browser tests and the benchmark.
CHROMIUM = "/usr/bin/chromium"
#: Flags for headless Chromium on a machine with no network but loopback.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago on ``host``."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


class VoilaServer:
    """Run ``python -m gardenkit.server`` on 127.0.0.1 in a subprocess (tests, benchmarks).

    ::

        with VoilaServer("notebooks") as server:   # waits until Voilà answers
            page.goto(server.url("index.ipynb"))   # http://127.0.0.1:<port>/voila/render/index.ipynb

    ``nodelay`` sets GARDENKIT_NODELAY for the server; ``extra_args`` go to Voilà; ``env``: more
    environment variables for the server and its kernels; ``module``: the launcher run with
    ``python -m`` (:data:`SERVER_MODULE`; ``gardenkit.serve`` in a checkout from before the server
    was a package, as ``benchmarks/compare_load.py`` may serve).
    The server's output goes to ``log_path`` (a temporary file by default).
    """

    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        port: int | None = None,
        nodelay: bool = True,
        extra_args: tuple[str, ...] | list[str] = (),
        log_path: str | os.PathLike[str] | None = None,
        startup_timeout: float = 90.0,
        python: str = sys.executable,
        env: dict[str, str] | None = None,
        module: str | None = None,
    ) -> None:
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise ValueError(f"not a folder: {self.root}")
        self.port = port or free_port()
        self.nodelay = nodelay
        self.extra_args = list(extra_args)
        self.startup_timeout = startup_timeout
        self.python = python
        self.env = dict(env or {})
        self.module = module or SERVER_MODULE
        if log_path is None:
            import tempfile

            fd, log_path = tempfile.mkstemp(prefix="gardenkit-voila-", suffix=".log")
            os.close(fd)
        self.log_path = Path(log_path)
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, notebook: str) -> str:
        """The dashboard URL of ``notebook`` (a path relative to the served folder)."""
        return f"{self.base_url}/voila/render/{notebook}"

    def pool_log(self) -> tuple[collections.Counter, collections.Counter]:
        """From the server's log, per notebook (its path as Voilà names it): how often Voilà said
        its pool of pre-heated kernels was filled, and how often it handed one of them to a page."""
        text = self.log_path.read_text(errors="replace")
        return (collections.Counter(re.findall(r"Kernel pool of (\S+) is filled with", text)),
                collections.Counter(re.findall(r"Using pre-heated kernel: \S+ for (\S+)", text)))

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def start(self) -> "VoilaServer":
        env = {**os.environ, **self.env}
        env["GARDENKIT_NODELAY"] = "1" if self.nodelay else "0"
        cmd = [
            self.python,
            "-m",
            self.module,
            f"--port={self.port}",
            *self.extra_args,
            str(self.root),
        ]
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                cmd,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                cwd=str(self.root),
                start_new_session=True,  # its own process group: kernels go with it
            )
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"Voilà exited with code {self.proc.returncode} while starting:\n"
                    + self.log_tail()
                )
            try:
                with urllib.request.urlopen(self.base_url + "/", timeout=5) as resp:
                    if resp.status < 500:
                        return self
            except urllib.error.HTTPError as err:
                if err.code < 500:
                    return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(
            f"Voilà did not answer on {self.base_url} within {self.startup_timeout:.0f} s:\n"
            + self.log_tail()
        )

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()  # Voilà stops its loop and shuts its kernels down
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
        try:  # whatever is left of its own process group (it has its own session)
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if proc.poll() is None:
            proc.wait(timeout=5)

    def __enter__(self) -> "VoilaServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()



#: A Chromium flag: no host but 127.0.0.1 resolves, so a request that would leave the machine fails
#: at once (listen to the context's requests to list them). Intercepting every request instead
#: (``context.route``) turns Chromium's cache off: pages would load as first visits.
NO_OTHER_HOST = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


@contextmanager
def static_site(root: str | os.PathLike[str]) -> Iterator[str]:
    """``root`` served by a plain file server on a free port of 127.0.0.1 (as GitHub Pages serves
    the static site, without gzip), quietly, until leaving: its base URL, ``http://127.0.0.1:<port>/``."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".mjs": "text/javascript"}

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def served(root: str | os.PathLike[str], log_name: str, **options: Any) -> Iterator[VoilaServer]:
    """A started :class:`VoilaServer` of ``root``, logging to ``ARTIFACTS / log_name``, stopped on
    leaving (``options`` go to it). For a test fixture: a server that does not start fails the test
    with its log's tail, not a traceback of the harness.

    ::

        @pytest.fixture(scope="module")
        def server(tmp_path_factory):
            with served(tmp_path_factory.mktemp("site"), "voila-site.log") as srv:
                yield srv
    """
    import pytest  # here, not at the top: the benchmarks import this module without pytest

    ARTIFACTS.mkdir(exist_ok=True)
    server = VoilaServer(root, log_path=ARTIFACTS / log_name, **options)
    try:
        try:
            server.start()
        except RuntimeError as err:
            pytest.fail(str(err), pytrace=False)
        yield server
    finally:
        server.stop()


def wait_until(what, timeout: float = 30.0, step: float = 0.2, message: str | None = None) -> None:
    """Look at ``what()`` every ``step`` seconds until it is true; fail (``message``) after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, message or f"not within {timeout} s"
        time.sleep(step)


async def until(what, timeout: float = 30.0, step: float = 0.02, message: str | None = None) -> None:
    """:func:`wait_until` inside an asyncio event loop: look at ``what()`` every ``step`` seconds,
    letting the loop run between looks (a widget's worker hands its answer on through the loop),
    until it is true; fail (``message``) after ``timeout``."""
    import asyncio

    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, message or f"not within {timeout} s"
        await asyncio.sleep(step)


def notebook_json(cells: list[dict[str, Any]]) -> dict[str, Any]:
    """A minimal nbformat 4.5 notebook of ``cells`` (cell dicts) for the python3 kernel, as a
    JSON-ready dict: what a test writes to a ``.ipynb`` for the server to render."""
    return {
        "cells": list(cells),
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
