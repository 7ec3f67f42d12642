"""Binder's server config (written by ``binder/postBuild``) in a real Jupyter server with Voilà.

On Binder, Voilà runs inside the Jupyter server, so the guards come from gardenkit's server
extension (``gardenkit.server.extension``), which the config file that ``binder/postBuild``
appends to ``~/.jupyter/jupyter_server_config.py`` enables. This test takes that
config as postBuild writes it, starts ``jupyter server`` with it (and Voilà's server extension),
opens a dashboard the way a browser does (a token in the URL, then cookies), and checks that the
frame guard and the v1-only rule hold there too, and that the page's close shuts its kernel.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from test_serve_guard import (
    CELLS,
    NOTEBOOK,
    V1_PROTOCOL,
    _closed_by_server,
    _msg,
    request,
    v1_frame,
    write_site,
)

from harness import free_port

import websockets.sync.client as websockets_sync  # noqa: E402 - voila depends on websockets
from websockets.exceptions import InvalidStatus  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"
TOKEN = uuid.uuid4().hex


def binder_config() -> str:
    """The Python that postBuild appends to the server's config."""
    text = (REPO / "binder" / "postBuild").read_text()
    match = re.search(r"jupyter_server_config\.py\" <<'PY'\n(.*?)\nPY\n", text, re.S)
    assert match, "postBuild writes no jupyter_server_config.py block"
    return match.group(1)


class JupyterServer:
    def __init__(self, root: Path, config: Path, log: Path):
        self.port = free_port()
        self.root, self.config, self.log = root, config, log
        self.proc = None

    def start(self) -> "JupyterServer":
        env = dict(os.environ)
        home = self.root.parent / "home"
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR"):
            env[name] = str(home / name.lower())
        env.pop("JUPYTER_TOKEN", None)
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "jupyter_server", f"--config={self.config}",
                 "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
                 "--ServerApp.port_retries=0", "--ServerApp.open_browser=False",
                 "--ServerApp.allow_root=True",
                 f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={self.root}"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                cwd=str(self.root), start_new_session=True)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("jupyter server exited:\n" + self.log.read_text()[-3000:])
            try:
                with urllib.request.urlopen(
                        f"http://127.0.0.1:{self.port}/api/status?token={TOKEN}", timeout=5):
                    return self
            except (urllib.error.URLError, OSError):
                time.sleep(0.25)
        self.stop()
        raise RuntimeError("jupyter server did not answer:\n" + self.log.read_text()[-3000:])

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait(timeout=5)


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory):
    base = tmp_path_factory.mktemp("binder")
    root = write_site(base / "site")
    config = base / "jupyter_server_config.py"
    config.write_text("c = get_config()  # noqa: F821\n" + binder_config() + "\n")
    ARTIFACTS.mkdir(exist_ok=True)
    server = JupyterServer(root, config, ARTIFACTS / "jupyter-server-binder.log")
    try:
        server.start()
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)
    yield server
    server.stop()


def test_the_binder_config_enables_the_extension_which_installs_the_guards_without_the_games_or_widgets():
    code = (
        "import logging, sys\n"
        "from traitlets.config import Config\n"
        "c = Config()\n"
        f"exec({binder_config()!r}, {{'c': c}})\n"
        "assert c.ServerApp.jpserver_extensions.get_value({}) == {'gardenkit.server': True}\n"
        "assert c.MappingKernelManager.cull_idle_timeout == 900\n"
        "from gardenkit.server import _jupyter_server_extension_points, page_plugins_path\n"
        "assert c.VoilaConfiguration.extra_labextensions_path == [page_plugins_path()]\n"
        "assert _jupyter_server_extension_points() == [{'module': 'gardenkit.server.extension'}]\n"
        # what jupyter_server does with an enabled extension: import its module, call its loader
        "from traitlets.config import Configurable\n"
        "class App(Configurable):\n"
        "    log = logging.getLogger('app')\n"
        "import gardenkit.server.extension as ext\n"
        "done = ext.load(App(config=c))\n"
        "assert len(done) == 3 and 'no rate limit' in done[1], done\n"
        "from jupyter_server.services.kernels.websocket import KernelWebsocketHandler as H\n"
        "from voila.tornado.handler import TornadoVoilaHandler as V\n"
        "assert H.on_message._gardenkit_guard and H.get._gardenkit_guard\n"
        "assert V.prepare._gardenkit_guard\n"
        "from gardenkit.server import guard\n"
        "assert guard._limits['rate'] == 0\n"
        "bad = [m for m in sys.modules if m.startswith(('gardenkit.games', 'gardenkit.widgets'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120, cwd=REPO)


def test_the_extension_s_options_turn_each_guard_off():
    code = (
        "import logging\n"
        "from traitlets.config import Config, Configurable\n"
        "c = Config()\n"
        "c.GardenkitServerExtension.nodelay = False\n"
        "c.GardenkitServerExtension.frame_guard = False\n"
        "c.GardenkitServerExtension.xsrf_on_render = False\n"
        "class App(Configurable):\n"
        "    log = logging.getLogger('app')\n"
        "import gardenkit.server.extension as ext\n"
        "assert ext.load(App(config=c)) == []\n"
        "from jupyter_server.services.kernels.websocket import KernelWebsocketHandler as H\n"
        "assert not getattr(H.on_message, '_gardenkit_guard', False)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120, cwd=REPO)


def test_on_binder_the_frame_guard_holds_and_the_page_close_shuts_its_kernel(binder_server):
    assert CELLS  # the same small dashboard as test_serve_guard
    srv = binder_server
    # a browser arrives with the token in the URL (Binder's redirect), then uses cookies
    status, headers, body = request(srv, "GET", f"/voila/render/{NOTEBOOK}?token={TOKEN}",
                                    timeout=120)
    assert status == 200, body[:300]
    cookies = dict(c.split(";", 1)[0].split("=", 1) for c in headers.get_all("Set-Cookie") or [])
    assert "_xsrf" in cookies, "the dashboard page sets no _xsrf cookie: its close is refused"
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
    kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body.decode()).group(1)
    # gardenkit's page plugin (a late widget model is found, issue 22) is one of the page's extensions
    assert '"name": "gardenkit-widget-models"' in body.decode()
    status, _, script = request(srv, "GET", "/voila/labextensions/gardenkit-widget-models/static/remoteEntry.js",
                                headers={"Cookie": cookie})
    assert status == 200 and b'window._JUPYTERLAB[NAME]' in script
    url = f"ws://127.0.0.1:{srv.port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}"

    def connect(protocols=(V1_PROTOCOL,)):
        return websockets_sync.connect(url, subprotocols=list(protocols) or None,
                                       additional_headers={"Cookie": cookie}, open_timeout=30,
                                       ping_interval=None, max_size=None)

    with pytest.raises(InvalidStatus) as refused:
        with connect(()):  # pragma: no cover - must not open
            pass
    assert refused.value.response.status_code == 400
    with connect() as ws:
        ws.send((2**40).to_bytes(8, "little") + bytes(64))
        assert _closed_by_server(ws) == 1007
    with connect() as ws:  # the page's kernel still answers
        session = uuid.uuid4().hex
        ws.send(v1_frame(_msg("kernel_info_request", {}, session)))
        deadline = time.monotonic() + 30
        while True:
            frame = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
            if b"kernel_info_reply" in frame:
                break
    # what the page sends on beforeunload: the _xsrf cookie's value in a form
    status, _, text = request(srv, "POST", f"/voila/api/shutdown/{kernel_id}",
                              body=f"_xsrf={cookies['_xsrf']}",
                              headers={"Cookie": cookie,
                                       "Content-Type": "application/x-www-form-urlencoded",
                                       "Origin": f"http://127.0.0.1:{srv.port}"})
    assert status == 204, text
    status, _, body = request(srv, "GET", f"/api/kernels?token={TOKEN}")
    assert status == 200 and kernel_id not in [k["id"] for k in json.loads(body)]
