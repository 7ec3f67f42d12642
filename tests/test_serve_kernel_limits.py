"""How many kernels one client may hold on the dashboard server (issue 25), against a real server.

``python -m gardenkit.server`` ties each dashboard's kernel to the browser that opened it (its owner
cookie). One browser holds at most ``GardenkitGuard.kernels_per_browser`` live kernels (opening one
more dashboard ends its oldest), one IP address at most ``kernels_per_address`` (off by default),
and a kernel whose page never connected to it is ended after ``connect_within`` seconds. Before,
30 page loads from one cookie jar in a minute held 30 kernels (~1 GB) until the 15-minute cull,
and a request dropped after its first bytes left a kernel behind.

The server here is started with small limits (2 a browser, 3 an address, 4 s to connect), so the
test waits seconds, not minutes; each wait is on a condition with a deadline. Every page but the
"dropped" one connects to its kernel, as a page does, so only that one is ended for not connecting.
"""
from __future__ import annotations

import re
import time
import uuid

import pytest
import websockets.sync.client as websockets_sync
from harness import served, wait_until
from test_serve_guard import Learner, request, write_site

from gardenkit.server import V1_PROTOCOL

PER_BROWSER, PER_ADDRESS, CONNECT_WITHIN = 2, 3, 4.0


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = write_site(tmp_path_factory.mktemp("site"))
    with served(root, "voila-kernel-limits.log", extra_args=[
            f"--GardenkitGuard.kernels_per_browser={PER_BROWSER}",
            f"--GardenkitGuard.kernels_per_address={PER_ADDRESS}",
            f"--GardenkitGuard.connect_within={CONNECT_WITHIN}"]) as srv:
        yield srv


def render(srv, cookie: str | None = None, connect: bool = True) -> tuple[str, str]:
    """A dashboard page opened (with ``cookie``, a browser's jar, or none) and, if ``connect``, its
    kernel's websocket opened and closed, as a page that then left does: (its kernel, the cookie
    header its browser then sends)."""
    status, headers, body = request(srv, "GET", "/voila/render/board.ipynb", timeout=120,
                                    headers={"Cookie": cookie} if cookie else None)
    assert status == 200, (status, body[:300])
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body.decode()).group(1)
    jar = dict(c.split(";", 1)[0].split("=", 1) for c in headers.get_all("Set-Cookie") or [] if "=" in c)
    if cookie:
        jar = {**dict(p.split("=", 1) for p in cookie.split("; ")), **jar}
    jar = "; ".join(f"{k}={v}" for k, v in jar.items())
    if connect:
        url = f"ws://127.0.0.1:{srv.port}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
        with websockets_sync.connect(url, subprotocols=[V1_PROTOCOL], additional_headers={"Cookie": jar},
                                     open_timeout=30, ping_interval=None) as ws:
            assert ws.subprotocol == V1_PROTOCOL
    return kernel, jar


def alive(srv, kernel: str, cookie: str) -> bool:
    status, _, body = request(srv, "GET", f"/api/kernels/{kernel}", headers={"Cookie": cookie})
    assert status in (200, 403, 404), (status, body[:200])
    return status == 200


def test_one_browser_holds_its_newest_kernels_only(server):
    first, jar = render(server)
    second, jar = render(server, jar)
    assert alive(server, first, jar) and alive(server, second, jar)
    third, jar = render(server, jar)  # one more than the browser may hold: its oldest ends
    wait_until(lambda: not alive(server, first, jar))
    assert alive(server, second, jar) and alive(server, third, jar)
    # another browser (another cookie) is not touched by the first one's limit
    other, other_jar = render(server)
    assert alive(server, other, other_jar) and alive(server, third, jar)


def test_one_address_holds_its_newest_kernels_whatever_its_cookies(server):
    # a client throwing its cookies away: every page a new "browser", all from 127.0.0.1
    pages = [render(server) for _ in range(PER_ADDRESS + 1)]
    wait_until(lambda: not alive(server, *pages[0]))
    assert all(alive(server, *page) for page in pages[1:])


def test_a_kernel_whose_page_never_connects_is_ended_and_a_connected_one_is_not(server):
    learner = Learner(server).open()  # rendered and connected, as a page does
    try:
        jar = learner.cookie_header
        dropped, dropped_jar = render(server, connect=False)  # never connected (the request dropped)
        assert alive(server, dropped, dropped_jar)
        started = time.monotonic()
        wait_until(lambda: not alive(server, dropped, dropped_jar), timeout=CONNECT_WITHIN + 30)
        assert time.monotonic() - started >= CONNECT_WITHIN - 1.5  # not before its time
        assert alive(server, learner.kernel_id, jar)
        assert learner.click(timeout=30) < 30  # and it still plays
    finally:
        learner.close()
    log = server.log_tail(400)
    assert "its page never connected within 4 s" in log
    assert "opened more dashboards than allowed at once" in log
