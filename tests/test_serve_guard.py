"""The dashboard server's guards, against a real server started as ``make dashboards`` does.

One ``python -m gardenkit.server`` (``VoilaServer``) serves a small dashboard (a slider whose
value a label echoes, and an image: the widget states carry a binary buffer) for the module.
Protocol-level learners open it like a browser: the page (cookies: ``_xsrf`` and the owner
cookie), then the kernel websocket with the v1 subprotocol; a click is a comm message that
moves the slider, answered when the label's new value comes back.

Attacks: a kernel websocket without the v1 subprotocol asking for the widget states (issue 17),
malformed binary frames (2**40 offsets, random bytes), another client using a page's kernel id,
foreign Host headers, other templates, bad template paths, and a flood of 300 000 messages.
After each, another learner's clicks must still be answered fast and the server's memory flat.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import socket
import statistics
import struct
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

import psutil
import pytest

from gardenkit.server.guard import (
    TokenBucket,
    host_allowed,
    read_v1_header,
    split_host,
    v1_frame_problem,
)
from harness import ARTIFACTS, notebook_json, served, wait_until

from gardenkit.server import V1_PROTOCOL, is_kernel_command

import websockets.sync.client as websockets_sync  # noqa: E402 - voila depends on websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402
from jupyter_server.services.kernels.connection.base import (  # noqa: E402
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)

NOTEBOOK = "board.ipynb"
CLASS_HOST = "garden-class.example"
#: A learner's click must be answered within this (the brief's bound).
CLICK_BOUND = 1.0
#: The server's memory may grow by at most this during an attack (MB).
MEMORY_BOUND_MB = 40

CELLS = [
    "import ipywidgets as w\n"
    "slider = w.IntSlider(description='n', max=10**9)\n"
    "label = w.Label('start')\n"
    "picture = w.Image(value=bytes(range(256)) * 16, format='png', width=32)\n"
    "slider.observe(lambda change: setattr(label, 'value', str(change['new'])), 'value')\n"
    "print('GK-IDS', slider.model_id, label.model_id)\n"
    "w.VBox([slider, label, picture])\n",
]


def write_site(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    cells = [{"cell_type": "code", "id": f"cell{i}", "metadata": {}, "execution_count": None,
              "outputs": [], "source": src} for i, src in enumerate(CELLS)]
    (root / NOTEBOOK).write_text(json.dumps(notebook_json(cells)))
    return root


# ----- the server --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = write_site(tmp_path_factory.mktemp("site"))
    (ARTIFACTS / "serve-guard-figures.txt").unlink(missing_ok=True)
    with served(root, "voila-serve-guard.log",
                extra_args=[f"--GardenkitGuard.allowed_hosts={CLASS_HOST}"]) as srv:
        yield srv


def rss_mb(srv) -> float:
    return psutil.Process(srv.proc.pid).memory_info().rss / 2**20


def kernels(srv) -> list[psutil.Process]:
    out = []
    for child in psutil.Process(srv.proc.pid).children(recursive=True):
        try:
            if is_kernel_command(child.cmdline()):  # ipykernel or a dashboard kernel
                out.append(child)
        except psutil.NoSuchProcess:
            pass
    return out


def pool_refilled(srv) -> bool:
    """Voilà has refilled every notebook's pool of pre-heated kernels since it last handed one out:
    for each notebook, one "is filled" more in its log than "Using pre-heated kernel" (it refills
    after a delay, ``fill_delay``, so a kernel count that stood still for a while did not say so)."""
    fills, uses = srv.pool_log()
    return all(fills[nb] >= uses[nb] + 1 for nb in set(fills) | set(uses))


def settle(srv, quiet: float = 0.5, timeout: float = 60.0) -> int:
    """The number of kernels once the pool has refilled (:func:`pool_refilled`) and the count has
    not changed for ``quiet`` seconds (a closed page's kernel shut down)."""
    deadline = time.monotonic() + timeout
    wait_until(lambda: pool_refilled(srv), timeout, 0.1, f"the kernel pool not refilled after {timeout} s")
    n, since = len(kernels(srv)), time.monotonic()
    while time.monotonic() - since < quiet and time.monotonic() < deadline:
        time.sleep(0.1)
        now = len(kernels(srv))
        if now != n:
            n, since = now, time.monotonic()
    return n


def request(srv, method: str, path: str, *, host: str | None = None, headers=None, body=None,
            timeout: float = 30.0):
    """(status, headers, body) of one raw HTTP request (paths are sent as given)."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=timeout)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host or f"127.0.0.1:{srv.port}")
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        data = body.encode() if isinstance(body, str) else body
        if data is not None:
            conn.putheader("Content-Length", str(len(data)))
        conn.endheaders(data)
        resp = conn.getresponse()
        return resp.status, resp.headers, resp.read()
    finally:
        conn.close()


# ----- a learner at protocol level ---------------------------------------------------------


def _msg(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> dict:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
                   "username": "learner", "date": "2025-01-01T00:00:00.000Z", "version": "5.3"},
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
    }


def v1_frame(msg: dict, channel: str = "shell") -> bytes:
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1(parts, channel)


class Learner:
    """One page: rendered over HTTP (its cookies kept), then its kernel websocket (v1)."""

    def __init__(self, srv, notebook: str = NOTEBOOK):
        self.srv = srv
        path = f"/voila/render/{notebook}"
        status, headers, body = request(srv, "GET", path, timeout=120)
        assert status == 200, (status, body[:300])
        self.html = body.decode()
        self.set_cookies = headers.get_all("Set-Cookie") or []
        self.cookies = dict(
            c.split(";", 1)[0].split("=", 1) for c in self.set_cookies if "=" in c.split(";", 1)[0]
        )
        self.kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', self.html).group(1)
        ids = re.search(r"GK-IDS ([0-9a-f]{32}) ([0-9a-f]{32})", self.html)
        assert ids, "the dashboard printed no widget ids"
        self.slider, self.label = ids.groups()
        self.session = uuid.uuid4().hex
        self.ws = None
        self.value = 0

    @property
    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def channels_url(self) -> str:
        return (f"ws://127.0.0.1:{self.srv.port}/api/kernels/{self.kernel_id}/channels"
                f"?session_id={self.session}")

    def connect(self, *, subprotocols=(V1_PROTOCOL,), cookie: str | None = None):
        return websockets_sync.connect(
            self.channels_url(),
            subprotocols=list(subprotocols) or None,
            additional_headers={"Cookie": self.cookie_header if cookie is None else cookie},
            max_size=None,
            open_timeout=30,
            ping_interval=None,
        )

    def open(self) -> "Learner":
        self.ws = self.connect().__enter__()
        assert self.ws.subprotocol == V1_PROTOCOL
        return self

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None

    def send(self, msg: dict, channel: str = "shell") -> None:
        self.ws.send(v1_frame(msg, channel))

    def receive(self, until, timeout: float = 10.0):
        """Read messages until ``until(channel, header, content, buffers)`` is true; return them."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from the kernel")
            frame = self.ws.recv(timeout=left)
            channel, parts = deserialize_msg_from_ws_v1(frame)
            header, content = json.loads(parts[0]), json.loads(parts[3])
            if until(channel, header, content, parts[4:]):
                return channel, header, content, parts[4:]

    def click(self, timeout: float = 10.0) -> float:
        """Move the slider once; the seconds until the label shows the new value."""
        self.value += 1
        want = str(self.value)
        t0 = time.perf_counter()
        self.send(_msg("comm_msg", {"comm_id": self.slider, "data": {
            "method": "update", "state": {"value": self.value}, "buffer_paths": []}}, self.session))
        self.receive(lambda ch, h, c, b: h["msg_type"] == "comm_msg"
                     and c.get("comm_id") == self.label
                     and c["data"].get("state", {}).get("value") == want, timeout)
        return time.perf_counter() - t0

    def request_states(self):
        """The control comm's ``request_states`` (what every page sends when it loads)."""
        comm = uuid.uuid4().hex
        self.send(_msg("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                     "data": {}}, self.session, {"version": "1.0.0"}))
        self.send(_msg("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}},
                       self.session))
        return self.receive(lambda ch, h, c, b: h["msg_type"] == "comm_msg"
                            and c.get("comm_id") == comm, timeout=30)


def clicks(learner: Learner, seconds: float, stop: threading.Event | None = None) -> list[float]:
    """Click for ``seconds`` (or until ``stop``), a click every 50 ms; each click's latency."""
    out = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not (stop and stop.is_set()):
        out.append(learner.click(timeout=CLICK_BOUND * 5))
        time.sleep(0.05)
    return out


def summary(latencies: list[float]) -> str:
    ms = sorted(x * 1000 for x in latencies)
    return (f"{len(ms)} clicks, median {statistics.median(ms):.1f} ms, "
            f"max {ms[-1]:.1f} ms")


@pytest.fixture(scope="module")
def other(server):
    """The other learner, who keeps playing during every attack."""
    learner = Learner(server).open()
    learner.click(timeout=30)  # warm: the first click imports the echo path
    yield learner
    learner.close()


def report(name: str, text: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with open(ARTIFACTS / "serve-guard-figures.txt", "a") as fh:
        fh.write(f"{name}: {text}\n")
    print(f"{name}: {text}")


# ----- issue 17: the legacy protocol ------------------------------------------------------


def test_a_kernel_websocket_without_v1_is_refused_and_the_others_keep_playing(server, other):
    victim = Learner(server)  # the attacker's own page: it has the cookies
    settle(server)  # the preheated pool refilled: measure the attack, not a kernel start
    before = rss_mb(server)

    # the v1 reply to request_states carries binary buffers (the image): on the legacy
    # protocol this reply is what sent Voilà's header reader into ~10**18 offsets
    victim.open()
    _, _, content, buffers = victim.request_states()
    assert content["data"]["method"] == "update_states" and buffers, "no buffers in the reply"
    victim.close()

    for offered in ((), ("v0.kernel.websocket.jupyter.org",)):
        with pytest.raises(InvalidStatus) as refused:
            with victim.connect(subprotocols=offered) as ws:  # pragma: no cover - must not open
                ws.send(json.dumps(_msg("kernel_info_request", {}, "x")))
        assert refused.value.response.status_code == 400

    latencies = clicks(other, 2.0)
    grown = rss_mb(server) - before
    report("legacy protocol refused", f"other learner {summary(latencies)}; RSS +{grown:.1f} MB")
    assert max(latencies) < CLICK_BOUND
    assert grown < MEMORY_BOUND_MB
    # the attacker's page itself still works over v1
    victim.open()
    assert victim.click() < CLICK_BOUND
    victim.close()


def test_voilas_header_reader_is_bounded_on_a_legacy_message():
    from voila.tornado import kernel_websocket_handler as voila_ws

    from gardenkit.server import install_frame_guard

    install_frame_guard()
    legacy = serialize_binary_message({
        "header": {"msg_type": "comm_msg"}, "parent_header": {}, "metadata": {}, "content": {},
        "buffers": [b"x" * 1000, b"y" * 10]})
    # read as v1, its first 8 bytes announce about 1.15e18 offsets
    assert int.from_bytes(legacy[:8], "little") > 10**18
    t0 = time.perf_counter()
    assert voila_ws.read_header_from_binary_message(legacy) is None
    assert time.perf_counter() - t0 < 0.01
    msg = _msg("comm_msg", {"comm_id": "c"}, "s")
    assert voila_ws.read_header_from_binary_message(v1_frame(msg, "iopub")) == msg["header"]
    assert read_v1_header(b"") is None


# ----- issue 15: one frame freezes everyone -------------------------------------------------


def _closed_by_server(ws, timeout: float = 10.0) -> int | None:
    try:
        while True:
            ws.recv(timeout=timeout)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


def test_a_malformed_frame_closes_that_socket_only(server, other):
    attacker = Learner(server)
    settle(server)
    header_2_40 = struct.pack("<Q", 2**40) + bytes(64)
    assert len(header_2_40) == 72
    frames = {
        "72 bytes announcing 2**40 offsets": header_2_40,
        "1 KB of random bytes": os.urandom(1024),
        "offsets past the end": struct.pack("<7Q", 6, 56, 61, 63, 65, 67, 10**12) + b"shell{}{}{}{}",
        "a text frame": json.dumps(_msg("kernel_info_request", {}, "x")),
        # (jupyter_server's json.loads of it raised RecursionError: the socket died with 1006)
        "a header nested 100 000 deep": serialize_msg_to_ws_v1([b"[" * 100_000, b"{}", b"{}", b"{}"], "shell"),
    }
    before = rss_mb(server)
    figures = []
    for name, frame in frames.items():
        with attacker.connect() as ws:
            t0 = time.perf_counter()
            ws.send(frame)
            code = _closed_by_server(ws)
            took = time.perf_counter() - t0
        assert code == 1007, (name, code)
        latencies = clicks(other, 0.6)
        assert max(latencies) < CLICK_BOUND, (name, summary(latencies))
        figures.append(f"{name}: closed (1007) in {took * 1000:.0f} ms, other {summary(latencies)}")
    grown = rss_mb(server) - before
    report("malformed frames", "; ".join(figures) + f"; RSS +{grown:.1f} MB")
    assert grown < MEMORY_BOUND_MB
    # the attacker's page can still connect properly
    attacker.open()
    assert attacker.click() < CLICK_BOUND
    attacker.close()


@pytest.mark.parametrize(
    "frame, problem",
    [
        (struct.pack("<Q", 2**40) + bytes(64), "offsets announced"),
        (struct.pack("<Q", 7) + bytes(16), "do not fit"),
        (struct.pack("<Q", 3) + bytes(64), "needs 6"),
        (b"\x01\x02", "shorter"),
        (struct.pack("<7Q", 6, 8, 61, 63, 65, 67, 69) + b"shell{}{}{}{}", "inside the offset table"),
        (struct.pack("<7Q", 6, 56, 61, 60, 65, 67, 69) + b"shell{}{}{}{}", "backwards"),
        (struct.pack("<7Q", 6, 56, 61, 63, 65, 67, 70) + b"shell{}{}{}{}", "past the end"),
        (struct.pack("<7Q", 6, 56, 61, 63, 65, 67, 69) + b"shelf{}{}{}{}", "no such channel"),
        ("text", "text frame"),
        (serialize_msg_to_ws_v1([b"[" * 100_000, b"{}", b"{}", b"{}"], "shell"), "header is nested too deeply"),
        (serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b'{"a": ' * 5_000 + b"1" + b"}" * 5_000], "shell"),
         "content is nested too deeply"),
        (serialize_msg_to_ws_v1([b"{}", b'{"a": ', b"{}", b"{}"], "shell"), "parent header is not JSON"),
        # (a string of escaped quotes, the worst case of a scan for strings: read in linear time)
        (serialize_msg_to_ws_v1([b"{}", b"{}", b'["' + b'\\"' * 200_000 + b"[" * 200, b"{}"], "shell"),
         "metadata is not JSON"),
    ],
)
def test_frame_checks(frame, problem):
    assert problem in v1_frame_problem(frame)


def test_real_messages_pass_the_frame_check():
    msg = _msg("comm_msg", {"comm_id": "c", "data": {"method": "update"}}, "s")
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    for channel in ("shell", "control", "stdin", "iopub"):
        assert v1_frame_problem(serialize_msg_to_ws_v1(parts, channel)) is None
        assert v1_frame_problem(serialize_msg_to_ws_v1(parts + [b"\x00" * 9, b""], channel)) is None


# ----- issue 15: nothing left behind, no learner in another's game ------------------------


def test_the_page_sets_its_cookies_and_its_close_shuts_its_kernel(server):
    learner = Learner(server)
    xsrf = learner.cookies.get("_xsrf")
    assert xsrf, learner.set_cookies
    owner = [c for c in learner.set_cookies if c.startswith("gardenkit_owner=")]
    assert owner and "httponly" in owner[0].lower() and "samesite=lax" in owner[0].lower()
    assert len(learner.cookies["gardenkit_owner"]) >= 40
    pid = {k.pid for k in kernels(server)}
    assert learner.kernel_id in {re.search(r"kernel-([0-9a-f-]{36})", " ".join(k.cmdline())).group(1)
                                 for k in kernels(server)}

    # what the page sends on beforeunload (navigator.sendBeacon: multipart form with _xsrf)
    boundary = "gk" + uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"_xsrf\"\r\n\r\n{xsrf}\r\n"
            f"--{boundary}--\r\n")
    status, _, text = request(server, "POST", f"/voila/api/shutdown/{learner.kernel_id}", body=body,
                              headers={"Cookie": learner.cookie_header,
                                       "Content-Type": f"multipart/form-data; boundary={boundary}",
                                       "Origin": f"http://127.0.0.1:{server.port}"})
    assert status == 204, text
    deadline = time.monotonic() + 15
    while learner.kernel_id in " ".join(" ".join(k.cmdline()) for k in kernels(server)):
        assert time.monotonic() < deadline, "the kernel is still running"
        time.sleep(0.2)
    assert pid


def test_another_client_cannot_use_a_kernel_it_did_not_open(server):
    owner = Learner(server)
    stranger = Learner(server)  # a learner of the same class: has cookies, but its own
    # a kernel id is in its page: knowing it is not enough
    for cookie in ("", stranger.cookie_header, "gardenkit_owner=" + "A" * 43):
        with pytest.raises(InvalidStatus) as refused:
            with owner.connect(cookie=cookie):  # pragma: no cover - must not open
                pass
        assert refused.value.response.status_code == 403
        xsrf = stranger.cookies["_xsrf"]
        headers = {"Cookie": cookie + (f"; _xsrf={xsrf}" if cookie else f"_xsrf={xsrf}"),
                   "X-XSRFToken": xsrf}
        for method, path in (("GET", f"/api/kernels/{owner.kernel_id}"),
                             ("DELETE", f"/api/kernels/{owner.kernel_id}"),
                             ("POST", f"/voila/api/shutdown/{owner.kernel_id}")):
            status, _, _ = request(server, method, path, headers=headers, body=b"" if method != "GET" else None)
            assert status == 403, (method, path, cookie, status)
    # the owner's page works: the kernel model, the websocket, a click
    status, _, body = request(server, "GET", f"/api/kernels/{owner.kernel_id}",
                              headers={"Cookie": owner.cookie_header})
    assert status == 200 and json.loads(body)["id"] == owner.kernel_id
    owner.open()
    assert owner.click() < CLICK_BOUND
    owner.close()
    for learner in (owner, stranger):  # leave no kernel behind
        request(server, "DELETE", f"/api/kernels/{learner.kernel_id}",
                headers={"Cookie": learner.cookie_header, "X-XSRFToken": learner.cookies["_xsrf"]})


@pytest.mark.parametrize("host, allowed", [
    (None, True),
    ("localhost:{port}", True),
    ("[::1]:{port}", True),
    (CLASS_HOST + ":{port}", True),
    ("evil.example:{port}", False),
    ("127.0.0.1.nip.io:{port}", False),
    ("", True),  # no host name (HTTP/1.0): tornado takes 127.0.0.1, no rebinding possible
])
def test_the_host_header_is_checked(server, host, allowed):
    host = host.format(port=server.port) if host is not None else None
    for path in ("/voila/render/" + NOTEBOOK + "?theme=light", "/voila/static/voila.js", "/"):
        if path.startswith("/voila/render") and allowed and host is not None:
            continue  # a page costs a kernel: rendering is checked below for one host only
        status, _, body = request(server, "GET", path, host=host, timeout=120)
        if allowed:
            assert status < 400, (host, path, status)
        else:
            assert status == 403, (host, path, status, body[:200])
    if not allowed:
        status = handshake(server, f"/api/kernels/{uuid.uuid4()}/channels", host=host)
        assert status == 403


@pytest.mark.parametrize("template", ["classic", "reveal", "base", "../lab", "nope"])
def test_only_the_projects_template_is_served(server, template):
    before = settle(server)
    used = sum(server.pool_log()[1].values())
    t0 = time.perf_counter()
    status, _, _ = request(server, "GET", f"/voila/render/{NOTEBOOK}?template={template}", timeout=10)
    assert status == 404 and time.perf_counter() - t0 < 5
    # a kernel for the page would have been taken (or started) before the answer: look once it came
    assert sum(server.pool_log()[1].values()) == used, "a refused template took a pre-heated kernel"
    assert len(kernels(server)) <= before, "a refused template started a kernel"


def test_unknown_themes_are_refused(server):
    status, _, _ = request(server, "GET", f"/voila/render/{NOTEBOOK}?theme=../../x", timeout=10)
    assert status == 404


@pytest.mark.parametrize("path", [
    "/voila/templates/..",
    "/voila/templates/../x",
    "/voila/templates/lab",
    "/voila/templates/lab/",
    "/voila/templates/lab/static",
    "/voila/templates/lab/nostatic/x.js",
    "/voila/templates/lab/static/../../../../../etc/passwd",
    "/voila/templates/lab/static/..%2f..%2f..%2fetc%2fpasswd",
    "/voila/templates/%2e%2e/static/x",
])
def test_bad_template_paths_are_404(server, path):
    status, _, _ = request(server, "GET", path)
    assert status == 404, (path, status)


def test_template_static_files_are_still_served(server, other):
    page = other.html
    css = re.search(r'href="(/voila/templates/[^"?]+)', page)
    assert css, "no template asset in the page"
    status, _, _ = request(server, "GET", css.group(1))
    assert status == 200


# ----- issue 15: a flood of board messages ---------------------------------------------------


def _open_raw(srv, path: str, host: str | None = None, cookie: str = ""):
    """A websocket handshake written by hand: (socket, status)."""
    sock = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    host = f"127.0.0.1:{srv.port}" if host is None else host
    sock.sendall((
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Sec-WebSocket-Protocol: {V1_PROTOCOL}\r\nOrigin: http://{host}\r\n"
        f"Cookie: {cookie}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    return sock, int(head.split(b" ", 2)[1]) if head else 0


def handshake(srv, path: str, host: str | None = None) -> int:
    sock, status = _open_raw(srv, path, host)
    sock.close()
    return status


def _raw_websocket(srv, learner: Learner) -> socket.socket:
    """A kernel websocket opened by hand (v1, the owner's cookies), for sending frames fast."""
    url = urllib.parse.urlsplit(learner.channels_url())
    sock, status = _open_raw(srv, f"{url.path}?{url.query}", cookie=learner.cookie_header)
    assert status == 101, status
    return sock


def _client_frame(payload: bytes) -> bytes:
    """One masked binary frame (mask key 0: the payload goes as it is)."""
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x82, 0x80 | n)
    elif n < 2**16:
        head = struct.pack("!BBH", 0x82, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x82, 0x80 | 127, n)
    return head + b"\0\0\0\0" + payload


def test_a_flood_of_board_messages_is_dropped_and_others_keep_playing(server, other):
    flooder = Learner(server)
    settle(server)
    sock = _raw_websocket(server, flooder)
    batch = b"".join(  # 1000 different clicks, sent over and over
        _client_frame(v1_frame(_msg("comm_msg", {"comm_id": flooder.slider, "data": {
            "method": "update", "state": {"value": 1000 + i}, "buffer_paths": []}},
            flooder.session)))
        for i in range(1000))
    total, sent = 300_000, 0
    before = rss_mb(server)
    baseline = clicks(other, 1.0)

    stop = threading.Event()
    latencies: list[float] = []
    failure: list[BaseException] = []

    def play():
        try:
            latencies.extend(clicks(other, 30.0, stop))
        except BaseException as err:  # noqa: BLE001 - reported below
            failure.append(err)

    player = threading.Thread(target=play)
    player.start()
    t0 = time.monotonic()
    sock.settimeout(0.5)
    peak = before
    closed = None
    try:
        while sent < total and time.monotonic() - t0 < 10.0:
            try:
                sock.sendall(batch)
                sent += 1000
            except socket.timeout:
                pass  # the server reads a flooding socket slowly: its buffers are full
            except OSError as err:  # the server closed the flooding socket
                closed = err
                break
            peak = max(peak, rss_mb(server))
    finally:
        flood_seconds = time.monotonic() - t0
        stop.set()
        player.join(timeout=30)
        sock.close()
    if failure:
        raise failure[0]
    peak = max(peak, rss_mb(server))
    report("flood", f"{sent} messages pushed in {flood_seconds:.1f} s, then "
           f"{type(closed).__name__ if closed else 'not closed'}; other learner before "
           f"{summary(baseline)}, during {summary(latencies)}; RSS {before:.0f} -> peak "
           f"{peak:.0f} MB")
    assert closed is not None, "the flooding socket was not closed"
    assert len(latencies) >= 10
    assert max(latencies) < CLICK_BOUND
    assert statistics.median(latencies) < max(0.1, 5 * statistics.median(baseline))
    assert peak - before < MEMORY_BOUND_MB
    log = server.log_path.read_text(errors="replace")
    assert "dropped so far" in log and "messages over its budget" in log
    # the flooder's page plays again once it stops flooding (a new socket; the budget refills)
    time.sleep(0.5)
    flooder.open()
    assert flooder.click() < CLICK_BOUND
    flooder.close()


# ----- small pieces ----------------------------------------------------------------------------


def test_host_names():
    assert split_host("Example.ORG:80") == "example.org"
    assert host_allowed("127.0.0.2:1", ()) and host_allowed("[::1]", ())
    assert not host_allowed("10.1.2.3:8866", ())
    assert host_allowed("10.1.2.3:8866", (), any_address=True)
    assert not host_allowed("evil.example", (), any_address=True)
    assert host_allowed("anything.example", ["*"])


def test_token_bucket_refills_at_its_rate():
    now = [0.0]
    bucket = TokenBucket(rate=10, burst=5, now=lambda: now[0])
    assert sum(bucket.take() for _ in range(20)) == 5
    now[0] = 1.0
    assert sum(bucket.take() for _ in range(20)) == 5  # refilled to the burst, not beyond
    now[0] = 1.3
    assert sum(bucket.take() for _ in range(20)) == 3
    assert bucket.dropped == 15 + 15 + 17


def test_guard_options_from_the_command_line_and_the_environment(monkeypatch):
    from gardenkit.server import guarded_voila_class

    monkeypatch.setenv("GARDENKIT_ALLOWED_HOSTS", "a.example, b.example")
    cls = guarded_voila_class()
    guard = cls.GardenkitGuard()
    assert guard.host_ok("a.example:8866") and guard.host_ok("B.example")
    assert not guard.host_ok("c.example")
    from traitlets.config import Config

    guard = cls.GardenkitGuard(config=Config({"GardenkitGuard": {"allowed_hosts": ["c.example"],
                                                                 "messages_per_second": 5.0}}))
    assert guard.messages_per_second == 5.0
    assert guard.host_ok("c.example") and guard.host_ok("a.example")  # option and environment
    assert not guard.host_ok("192.168.1.20:8866")
    guard.configure_bind("0.0.0.0")  # HOST=0.0.0.0: the class network
    assert guard.host_ok("192.168.1.20:8866") and guard.host_ok(f"{socket.gethostname()}:8866")
    assert not guard.host_ok("evil.example")
    guard.configure_bind("192.168.1.20")
    assert guard.host_ok("192.168.1.20") and not guard.host_ok("evil.example")
    guard.configure_bind("127.0.0.1")
    assert not guard.host_ok("192.168.1.20:8866")
