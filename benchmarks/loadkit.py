"""Learners at protocol level, for the load benchmark (``bench_load.py``) and the pool tests.

A :class:`ProtocolLearner` does, over HTTP and one websocket, what a learner's browser does when
it opens a dashboard served by ``python -m gardenkit.server`` and plays:

1. ``GET /voila/render/<notebook>``: the page (its cookies kept: ``_xsrf`` and the owner cookie
   the server ties the page's kernel to, see :mod:`gardenkit.server.guard`), the kernel id read
   from it;
2. the kernel websocket, with the ``v1.kernel.websocket.jupyter.org`` subprotocol and the page's
   cookies; ``kernel_info_request``; the widget control comm and ``request_states`` (every
   widget's state: what the page needs to draw the boards);
3. the game opened: the page shows the game view as a cover (a picture and a "Play a game"
   button) until a learner clicks it; the learner sends that click (``{"kind": "open"}`` to the
   cover) and waits until the kernel has built the game (its new widgets arrive as ``comm_open``
   messages, the click's message as their parent) — a page whose game is already open skips this;
4. a real click: a ``comm_msg`` to the game's board widget (the anywidget board inside the
   ``.gk-game`` view) of the kind its front end sends (``{"kind": "pick" | "play", ...,
   "version": v}``, a legal target read from the board's drawing), answered when the board's
   redraw (an ``update`` of the same comm, the click's message as its parent) comes back;
5. on leaving, the page's shutdown request (``POST /voila/api/shutdown/<kernel>`` with
   ``_xsrf``), as the page's ``beforeunload`` does.

A learner's "usable board" time runs from its arrival (before the GET) to the answer of its
first click. Everything runs on one asyncio (tornado) loop: a hundred learners cost the
benchmark process little CPU next to the server's.

:class:`BrowserLearner` does the same in a real Chromium page (Playwright's async API).
"""
from __future__ import annotations

import asyncio
import json
import random
import re
import statistics
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado import httpclient, websocket

from gardenkit.server import is_kernel_command

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
_KERNEL_RE = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
_TAG_RE = re.compile(r"<[a-zA-Z][^<>]*?\sdata-(?:action|pick)=\"[^\"]*\"[^<>]*>")
_ATTR_RE = re.compile(r'\s(data-action|data-pick|class)="([^"]*)"')
_VERSION_RE = re.compile(r'data-version="(\d+)"')


class LoadError(RuntimeError):
    """A learner could not get a usable board (the step that failed is named)."""


def http_client(max_clients: int = 400) -> httpclient.AsyncHTTPClient:
    """Tornado's client with room for every learner at once (its default is 10 at a time)."""
    httpclient.AsyncHTTPClient.configure(None, max_clients=max_clients)
    return httpclient.AsyncHTTPClient()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method (no interpolation)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, int(-(-q * len(ordered) // 1)))  # ceil(q * n), at least 1
    return ordered[min(rank, len(ordered)) - 1]


def summary_ms(values: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values]
    if not ms:
        return {"n": 0}
    return {"n": len(ms), "median": statistics.median(ms), "p90": percentile(ms, 0.9),
            "max": max(ms)}


def board_targets(svg: str) -> tuple[list[str], list[str]]:
    """(legal ``data-action`` notations, ``data-pick`` values) of a board's drawing."""
    actions, picks = [], []
    for tag in _TAG_RE.findall(svg):
        attrs = dict(_ATTR_RE.findall(tag))
        if "data-action" in attrs and "gk-illegal" not in attrs.get("class", "").split():
            actions.append(attrs["data-action"])
        elif "data-pick" in attrs:
            picks.append(attrs["data-pick"])
    return actions, picks


def _msg(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> dict:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
                   "username": "learner", "date": "2025-01-01T00:00:00.000Z", "version": "5.3"},
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
    }


def _frame(msg: dict, channel: str = "shell") -> bytes:
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1(parts, channel)


@dataclass
class Timings:
    """What one learner saw (seconds from its arrival, None when not reached)."""

    arrived: float = 0.0  # time.monotonic() at arrival
    page: float | None = None  # the render page received in full
    socket: float | None = None  # kernel websocket open and kernel_info answered
    states: float | None = None  # every widget state received
    opened: float | None = None  # the game's cover clicked and the game view built
    usable: float | None = None  # the first click answered (board redrawn)
    error: str | None = None
    widgets: int = 0
    clicks: list[float] = field(default_factory=list)  # steady clicks: latency of each
    click_times: list[float] = field(default_factory=list)  # monotonic time of each click


class ProtocolLearner:
    """One learner's page, at protocol level (see the module docstring)."""

    def __init__(self, base_url: str, notebook: str, *, client: httpclient.AsyncHTTPClient,
                 seed: int = 0, timeout: float = 300.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.notebook = notebook
        self.client = client
        self.timeout = timeout
        self.rng = random.Random(seed)
        self.cookies: dict[str, str] = {}
        self.kernel_id: str | None = None
        self.session = uuid.uuid4().hex
        self.ws: websocket.WebSocketClientConnection | None = None
        self.t = Timings()
        self.board: str | None = None  # comm id of the game's board
        self.board_state: dict[str, Any] = {}
        self.states: dict[str, dict] = {}  # every widget's state (request_states, then comm_open/update)
        self._waiters: dict[str, list[asyncio.Future]] = {}
        self._reader: asyncio.Task | None = None
        self._closed = False

    @property
    def closed(self) -> bool:
        """The server closed this page's websocket."""
        return self._closed

    # ----- the page ---------------------------------------------------------------------
    @property
    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def _keep_cookies(self, headers) -> None:
        for line in headers.get_list("Set-Cookie"):
            pair = line.split(";", 1)[0]
            if "=" in pair:
                k, v = pair.split("=", 1)
                self.cookies[k.strip()] = v.strip()

    async def open_page(self) -> None:
        url = f"{self.base_url}/voila/render/{self.notebook}"
        resp = await self.client.fetch(url, request_timeout=self.timeout, connect_timeout=60,
                                       raise_error=False, headers={"Cookie": self.cookie_header})
        if resp.code != 200:
            raise LoadError(f"page: HTTP {resp.code} {resp.reason}")
        self._keep_cookies(resp.headers)
        found = _KERNEL_RE.search(resp.body.decode("utf-8", "replace"))
        if not found:
            raise LoadError("page: no kernel id in the page (a page with no kernel)")
        self.kernel_id = found.group(1)

    # ----- the kernel websocket ----------------------------------------------------------
    async def connect(self) -> None:
        url = (self.base_url.replace("http", "ws", 1)
               + f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        request = httpclient.HTTPRequest(url, headers={"Cookie": self.cookie_header},
                                         connect_timeout=60, request_timeout=self.timeout)
        try:
            self.ws = await websocket.websocket_connect(request, subprotocols=[V1_PROTOCOL],
                                                        max_message_size=256 * 2**20)
        except httpclient.HTTPClientError as err:
            raise LoadError(f"websocket: HTTP {err.code}") from err
        self._reader = asyncio.ensure_future(self._read())
        info = _msg("kernel_info_request", {}, self.session)
        await self._ask(info, lambda ch, h, c, b: ch == "shell" and h["msg_type"] == "kernel_info_reply")

    async def _read(self) -> None:
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                self._closed = True
                for futures in self._waiters.values():
                    for fut in futures:
                        if not fut.done():
                            fut.set_exception(LoadError("websocket closed by the server"))
                return
            if isinstance(frame, str):
                continue
            channel, parts = deserialize_msg_from_ws_v1(frame)
            header = json.loads(parts[0])
            parent = json.loads(parts[1]) if parts[1] else {}
            content = json.loads(parts[3])
            self._track(header, content)
            waiting = self._waiters.get(parent.get("msg_id", ""))
            if waiting:
                for fut in list(waiting):
                    if not fut.done() and fut.predicate(channel, header, content, parts[4:]):
                        fut.set_result((channel, header, content, parts[4:]))

    def _track(self, header: dict, content: dict) -> None:
        """Keep every widget's state (and the board's drawing) up to date from comm messages."""
        kind = header["msg_type"]
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.states[content["comm_id"]] = {"state": dict(content.get("data", {}).get("state", {}))}
        elif kind == "comm_msg":
            data = content.get("data", {})
            if data.get("method") == "update":
                known = self.states.get(content.get("comm_id"))
                if known is not None:
                    known["state"].update(data.get("state", {}))
                if self.board and content.get("comm_id") == self.board:
                    self.board_state.update(data.get("state", {}))

    def _wait(self, msg_id: str, predicate) -> asyncio.Future:
        fut = asyncio.get_event_loop().create_future()
        fut.predicate = predicate  # type: ignore[attr-defined]
        self._waiters.setdefault(msg_id, []).append(fut)
        return fut

    async def _ask(self, msg: dict, predicate, timeout: float | None = None, channel: str = "shell"):
        if self._closed:
            raise LoadError("websocket closed by the server")
        msg_id = msg["header"]["msg_id"]
        fut = self._wait(msg_id, predicate)
        await self.ws.write_message(_frame(msg, channel), binary=True)
        try:
            return await asyncio.wait_for(fut, timeout or self.timeout)
        finally:
            self._forget(msg_id, fut)

    def _forget(self, msg_id: str, fut: asyncio.Future) -> None:
        waiting = self._waiters.get(msg_id)
        if waiting and fut in waiting:
            waiting.remove(fut)
        if not waiting:
            self._waiters.pop(msg_id, None)

    async def request_states(self) -> dict:
        comm = uuid.uuid4().hex
        await self.ws.write_message(_frame(_msg("comm_open", {
            "comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
            self.session, {"version": "1.0.0"})), binary=True)
        ask = _msg("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}, self.session)
        _, _, content, _ = await self._ask(
            ask, lambda ch, h, c, b: h["msg_type"] == "comm_msg" and c.get("comm_id") == comm)
        states = content["data"].get("states", {})
        self.t.widgets = len(states)
        for mid, s in states.items():
            self.states.setdefault(mid, {"state": dict(s.get("state", {}))})
        return states

    def _game_view(self) -> str | None:
        return next((mid for mid, s in self.states.items()
                     if "gk-game" in (s["state"].get("_dom_classes") or [])), None)

    async def open_game(self) -> bool:
        """Click the game's cover (when the page shows one) and wait until the kernel has built the
        game; then find the game's board. Returns whether a cover was clicked."""
        view = self._game_view()
        clicked = False
        if view is not None and "gk-closed" in (self.states[view]["state"].get("_dom_classes") or []):
            children = self.states[view]["state"].get("children") or []
            cover = children[0][len("IPY_MODEL_"):] if children else None
            if cover is None:
                raise LoadError("open: the game's cover has no button")
            msg = _msg("comm_msg", {"comm_id": cover, "data": {"method": "custom", "content": {"kind": "open"}}},
                       self.session)
            await self._ask(msg, lambda ch, h, c, b: h["msg_type"] == "status" and c.get("execution_state") == "idle")
            if "gk-closed" in (self.states[view]["state"].get("_dom_classes") or []):
                raise LoadError("open: the game did not open")
            clicked = True
        self.board, self.board_state = self._game_board(self.states)
        return clicked

    @staticmethod
    def _game_board(states: dict) -> tuple[str, dict]:
        """The comm id and state of the board inside the game view (``.gk-game``); else the
        last clickable board of the page."""
        boards = {mid: s["state"] for mid, s in states.items()
                  if "data-version" in s.get("state", {}).get("head", "")}
        if not boards:
            raise LoadError("states: no board widget on the page")

        def inside(mid: str, seen: set) -> str | None:
            if mid in boards:
                return mid
            if mid in seen or mid not in states:
                return None
            seen.add(mid)
            for child in states[mid]["state"].get("children", []) or []:
                if isinstance(child, str) and child.startswith("IPY_MODEL_"):
                    got = inside(child[len("IPY_MODEL_"):], seen)
                    if got:
                        return got
            return None

        for mid, s in states.items():
            if "gk-game" in (s.get("state", {}).get("_dom_classes") or []):
                got = inside(mid, set())
                if got:
                    return got, dict(boards[got])
        mid = list(boards)[-1]
        return mid, dict(boards[mid])

    # ----- a click -----------------------------------------------------------------------
    def next_click(self) -> dict:
        svg = "".join(self.board_state.get(k, "") for k in ("head", "body", "tail"))
        found = _VERSION_RE.search(self.board_state.get("head", ""))
        version = int(found.group(1)) if found else 0
        actions, picks = board_targets(svg)
        if actions:
            return {"kind": "play", "action": self.rng.choice(actions), "version": version}
        if picks:
            return {"kind": "pick", "value": self.rng.choice(picks), "version": version}
        raise LoadError("click: nothing to click on the board")

    async def click(self, timeout: float = 60.0) -> float:
        """One click on the game's board; seconds until its redraw (or, when the click changes
        nothing on the board, until the kernel is idle again)."""
        content = self.next_click()
        msg = _msg("comm_msg", {"comm_id": self.board, "data": {"method": "custom", "content": content}},
                   self.session)
        msg_id = msg["header"]["msg_id"]
        board = self.board
        idle = self._wait(msg_id, lambda ch, h, c, b: h["msg_type"] == "status"
                          and c.get("execution_state") == "idle")
        t0 = time.perf_counter()
        try:
            _, header, _, _ = await self._ask(
                msg, lambda ch, h, c, b: (h["msg_type"] == "comm_msg" and c.get("comm_id") == board
                                          and "head" in c.get("data", {}).get("state", {}))
                or (h["msg_type"] == "status" and c.get("execution_state") == "idle"), timeout)
            took = time.perf_counter() - t0
            await asyncio.wait_for(idle, timeout)  # the next click starts from a quiet kernel
        finally:
            self._forget(msg_id, idle)
        return took

    # ----- a whole arrival -----------------------------------------------------------------
    async def arrive(self) -> Timings:
        """Page, websocket, widget states, first click: fills :attr:`t` (never raises)."""
        t = self.t
        t.arrived = time.monotonic()
        step = "page"
        try:
            await self.open_page()
            t.page = time.monotonic() - t.arrived
            step = "websocket"
            await self.connect()
            t.socket = time.monotonic() - t.arrived
            step = "widget states"
            await self.request_states()
            t.states = time.monotonic() - t.arrived
            step = "opening the game"
            await self.open_game()
            t.opened = time.monotonic() - t.arrived
            step = "first click"
            await self.click()
            t.usable = time.monotonic() - t.arrived
        except LoadError as err:
            t.error = str(err)
        except (asyncio.TimeoutError, TimeoutError):
            t.error = f"{step}: no answer within {self.timeout:.0f} s"
        except Exception as err:  # noqa: BLE001 - reported per learner, the run goes on
            t.error = f"{step}: {type(err).__name__}: {err}"
        return t

    async def play(self, until: float, interval: tuple[float, float], timeout: float = 30.0) -> None:
        """Click every ``interval`` seconds (uniform in the range) until ``until`` (monotonic)."""
        while time.monotonic() < until and not self._closed and self.t.usable is not None:
            await asyncio.sleep(self.rng.uniform(*interval))
            if time.monotonic() >= until:
                break
            try:
                started = time.monotonic()
                took = await self.click(timeout)
            except LoadError:  # the game is over or nothing to click: still a player, just idle
                continue
            except (asyncio.TimeoutError, TimeoutError):
                took = timeout
                started = time.monotonic() - timeout
            self.t.clicks.append(took)
            self.t.click_times.append(started)

    async def leave(self) -> None:
        """Close the tab: the page's shutdown request, then the websocket."""
        if self.kernel_id and "_xsrf" in self.cookies:
            boundary = "gk" + uuid.uuid4().hex
            body = (f'--{boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n'
                    f"{self.cookies['_xsrf']}\r\n--{boundary}--\r\n")
            try:
                await self.client.fetch(
                    f"{self.base_url}/voila/api/shutdown/{self.kernel_id}", method="POST", body=body,
                    headers={"Cookie": self.cookie_header, "Origin": self.base_url,
                             "Content-Type": f"multipart/form-data; boundary={boundary}"},
                    raise_error=False, request_timeout=60)
            except Exception:  # noqa: BLE001 - the server may already be gone
                pass
        if self.ws is not None:
            self.ws.close()
        if self._reader is not None:
            self._reader.cancel()


class BrowserLearner:
    """One learner in a real Chromium page (Playwright async API): the same steps, in the DOM.

    ``usable``: from arrival to the first click on the game's board answered (its drawing's
    ``data-version`` went up), the game opened first (its cover's button clicked).
    """

    GAME_BOARD = ".gk-game .gk-board svg[data-version]"

    def __init__(self, browser, url: str, timeout: float = 300.0) -> None:
        self.browser = browser
        self.url = url
        self.timeout_ms = timeout * 1000
        self.t = Timings()
        self.errors: list[str] = []

    async def arrive(self) -> Timings:
        t = self.t
        t.arrived = time.monotonic()
        step = "page"
        page = None
        try:
            page = self.page = await self.browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("pageerror", lambda exc: self.errors.append(str(exc)))
            await page.goto(self.url, timeout=self.timeout_ms, wait_until="domcontentloaded")
            t.page = time.monotonic() - t.arrived
            step = "the game's cover"
            cover = page.locator(".gk-game button.gk-open-lesson, " + self.GAME_BOARD).first
            await cover.wait_for(state="visible", timeout=self.timeout_ms)
            t.states = time.monotonic() - t.arrived
            opener = page.locator(".gk-game button.gk-open-lesson")
            if await opener.count():
                await opener.first.scroll_into_view_if_needed(timeout=self.timeout_ms)
                await opener.first.click(timeout=self.timeout_ms)
            step = "the game's board"
            board = page.locator(self.GAME_BOARD).first
            await board.wait_for(state="visible", timeout=self.timeout_ms)
            t.opened = time.monotonic() - t.arrived
            t.widgets = await page.locator(".jupyter-widgets").count()
            step = "first click"
            version = int(await board.get_attribute("data-version"))
            target = page.locator(".gk-game .gk-board [data-pick]").first
            await target.scroll_into_view_if_needed(timeout=self.timeout_ms)
            await target.click(timeout=self.timeout_ms)
            await page.wait_for_function(
                "([sel, v]) => { const s = document.querySelector(sel);"
                " return s && Number(s.getAttribute('data-version')) > v; }",
                arg=[self.GAME_BOARD, version], timeout=self.timeout_ms)
            t.usable = time.monotonic() - t.arrived
            if self.errors:
                t.error = f"page errors: {self.errors[:2]}"
        except Exception as err:  # noqa: BLE001 - reported, the run goes on
            t.error = f"{step}: {type(err).__name__}: {str(err).splitlines()[0][:200]}"
        return t

    async def leave(self) -> None:
        page = getattr(self, "page", None)
        if page is not None:
            try:
                await page.close(run_before_unload=True)
            except Exception:  # noqa: BLE001
                pass


# ----- the server's processes ------------------------------------------------------------------


def tree_cpu(pid: int) -> dict[int, float]:
    """CPU seconds (user + system) of ``pid`` and of each live descendant."""
    import psutil

    out = {}
    try:
        proc = psutil.Process(pid)
        procs = [proc, *proc.children(recursive=True)]
    except psutil.NoSuchProcess:
        return out
    for p in procs:
        try:
            t = p.cpu_times()
            out[p.pid] = t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return out


def kernel_processes(server_pid: int) -> list:
    """The server's kernel processes (psutil), pooled or in use."""
    import psutil

    out = []
    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return out
    for p in children:
        try:
            if is_kernel_command(p.cmdline()):
                out.append(p)
        except psutil.NoSuchProcess:
            pass
    return out


def tree_rss_mb(server_pid: int) -> float:
    import psutil

    total = 0
    try:
        procs = [psutil.Process(server_pid), *psutil.Process(server_pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total / 2**20


async def wait_quiet(server_pid: int, kernels: int | None = None, quiet: float = 2.0,
                     timeout: float = 300.0, cpu_share: float = 0.1) -> float:
    """Until the server and its kernels use less than ``cpu_share`` of one core for ``quiet``
    seconds (and, if given, at least ``kernels`` kernels run): the pool is warm. Returns the
    seconds waited."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        a = sum(tree_cpu(server_pid).values())
        await asyncio.sleep(quiet)
        b = sum(tree_cpu(server_pid).values())
        if b - a < cpu_share * quiet and (kernels is None or len(kernel_processes(server_pid)) >= kernels):
            break
    return time.monotonic() - start


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far (from /proc/stat), to tell how much
    other processes used during a run."""
    with open("/proc/stat") as fh:
        fields = [float(x) for x in fh.readline().split()[1:]]
    tick = __import__("os").sysconf("SC_CLK_TCK")
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0.0)
    total = sum(fields[:8])
    return (total - idle) / tick, total / tick


async def wait_refilled(server_pid: int, kernels: int, quiet: float = 2.0, timeout: float = 300.0,
                        per_kernel_share: float = 0.2) -> float:
    """Until at least ``kernels`` kernels run and none of them uses more than
    ``per_kernel_share`` of a core over ``quiet`` seconds (a kernel being started or running its
    notebook for the pool uses a whole one; a player's, a few per cent). Returns the seconds."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        procs = kernel_processes(server_pid)
        a = tree_cpu(server_pid)
        await asyncio.sleep(quiet)
        b = tree_cpu(server_pid)
        busy = [p for p in procs if b.get(p.pid, 0) - a.get(p.pid, 0) > per_kernel_share * quiet]
        if len(procs) >= kernels and not busy:
            break
    return time.monotonic() - start
