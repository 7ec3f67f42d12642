"""The dashboard server's guards (:mod:`gardenkit.server` re-exports what is public).

Like :mod:`gardenkit.server.launch`, this module imports only the standard library at import time
(tornado, traitlets, jupyter_server and voila inside functions), never gardenkit's games or
widgets, so a Jupyter config file can load it.

Two layers:

* :func:`install_frame_guard` patches jupyter_server's kernel websocket handler (the one
  JupyterLab, Binder and Voilà all use) so that

  - a kernel websocket must ask for the ``v1.kernel.websocket.jupyter.org`` subprotocol; a
    client that does not (the legacy JSON protocol) is answered ``400`` at the handshake.
    Voilà's handler reads every outgoing binary message as a v1 message, so a legacy reply
    with buffers (the widget states every page asks for) made it build a list of about 10**18
    offsets in the server's only event loop (issue 17);
  - every incoming frame is checked before jupyter_server parses it: a v1 frame whose offset
    count or offsets do not fit inside the frame (or that names no channel), or whose JSON parts
    cannot be read (:func:`json_part_problem`), closes that socket only, with 1007 (issue 15: a 72-byte
    frame announcing 2**40 offsets froze every learner; issue 25: a deeply nested header made
    jupyter_server's parser raise, and the socket died with 1006);
  - each kernel (one page) may be sent ``messages_per_second`` messages on average, with bursts
    of ``message_burst``, over all its sockets; the excess is dropped (the kernel never sees it)
    and reading from a socket that floods slows down, so a flood costs the server little; a socket
    that has had 5 bursts' worth of messages dropped is closed;
  - Voilà's own reader of outgoing headers is replaced by a bounded one.

* :func:`guarded_voila_class` returns a ``voila.app.Voila`` subclass (what ``python -m
  gardenkit.server`` launches) whose handlers also

  - check the ``Host`` header (loopback names, plus :attr:`GardenkitGuard.allowed_hosts`; DNS
    rebinding);
  - give each browser an unguessable ``HttpOnly`` cookie when it opens a dashboard and tie the
    page's kernel to it: the kernel's websocket, ``/api/kernels/<id>`` and the shutdown request
    answer ``403`` to anyone else;
  - set the ``_xsrf`` cookie on the dashboard page, so the page's shutdown request on tab close
    or reload is accepted (before, every reload left a kernel running until culled);
  - serve only the configured template (``?template=`` anything else is refused before a
    kernel starts) and the ``light``/``dark`` themes;
  - answer malformed ``/voila/templates/...`` paths with 404 (they gave 500);
  - let only the server's own kernels (loopback) use ``/voila/query/<kernel id>``;
  - hold each browser to :attr:`GardenkitGuard.kernels_per_browser` live kernels (10; opening
    one more dashboard ends its oldest), each address to ``kernels_per_address`` (off by default:
    a class behind one NAT shares one), and end a kernel whose page has not connected to it
    within ``connect_within`` seconds (60: a request dropped after its first bytes);

  and whose preheated pool starts at most ``--GardenkitPool.max_starting`` kernels at once (one
  less than the cores by default), each holding its turn until its notebook has run, so that
  refilling the pool after a class arrived leaves the machine to the pages being opened.
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import functools
import hmac
import ipaddress
import json
import logging
import os
import re
import secrets
import socket
import struct
import time
from typing import Any, Iterable

__all__ = [
    "ALLOWED_HOSTS_ENV",
    "OWNER_COOKIE",
    "V1_PROTOCOL",
    "TokenBucket",
    "guarded_voila_class",
    "host_allowed",
    "install_frame_guard",
    "install_xsrf_on_render",
    "read_v1_header",
    "split_host",
    "v1_frame_problem",
]

log = logging.getLogger("gardenkit.server")

#: The kernel websocket protocol the dashboards (JupyterLab's services) speak.
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: The environment variable that adds host names to :attr:`GardenkitGuard.allowed_hosts`.
ALLOWED_HOSTS_ENV = "GARDENKIT_ALLOWED_HOSTS"
#: The cookie that ties a browser to the kernels of the dashboards it opened.
OWNER_COOKIE = "gardenkit_owner"

_CHANNELS = frozenset({b"shell", b"control", b"stdin", b"iopub"})
#: A v1 message has the channel, header, parent header, metadata and content: 6 offsets.
_MIN_OFFSETS = 6
#: Buffers one message may carry (widgets send a handful at most).
MAX_BUFFERS = 1024
_MARK = "_gardenkit_guard"

#: Defaults of the per-socket rate limit (see :class:`GardenkitGuard`).
DEFAULT_RATE = 20.0
DEFAULT_BURST = 100
#: While a socket floods, wait this long before reading its next frame.
FLOOD_PACE = 0.005
#: A socket that has had this many bursts' worth of messages dropped is closed.
FLOOD_CLOSE = 5

_limits = {"rate": DEFAULT_RATE, "burst": DEFAULT_BURST}


# ----- the binary (v1) kernel websocket protocol -------------------------------------------


def v1_frame_problem(frame: Any) -> str | None:
    """Why ``frame`` is not a well-formed v1 kernel websocket message, or None if it is.

    The frame is a little-endian uint64 count ``n`` of offsets, the ``n`` offsets, then the
    channel name and the message parts they delimit. Only the 8-byte count is read before
    checking that the offsets fit inside the frame, so the work is bounded by the frame's size.

    >>> v1_frame_problem(struct.pack("<Q", 2**40) + bytes(64))
    '1099511627776 offsets announced, at most 1030'
    >>> good = struct.pack("<7Q", 6, 56, 61, 63, 65, 67, 69) + b"shell{}{}{}{}"
    >>> v1_frame_problem(good) is None
    True
    """
    if not isinstance(frame, (bytes, bytearray, memoryview)):
        return "a text frame on the binary protocol"
    size = len(frame)
    if size < 8:
        return f"{size} bytes: shorter than the offset count"
    count = int.from_bytes(bytes(frame[:8]), "little")
    if count < _MIN_OFFSETS:
        return f"{count} offsets announced, a message needs {_MIN_OFFSETS}"
    if count > _MIN_OFFSETS + MAX_BUFFERS:
        return f"{count} offsets announced, at most {_MIN_OFFSETS + MAX_BUFFERS}"
    table_end = 8 * (count + 1)
    if table_end > size:
        return f"{count} offsets do not fit in a {size}-byte frame"
    offsets = struct.unpack_from(f"<{count}Q", frame, 8)
    if offsets[0] < table_end:
        return "the channel starts inside the offset table"
    for before, after in zip(offsets, offsets[1:]):
        if after < before:
            return "the offsets go backwards"
    if offsets[-1] > size:
        return f"an offset points past the end of the {size}-byte frame"
    if bytes(frame[offsets[0] : offsets[1]]) not in _CHANNELS:
        return "no such channel"
    # the four JSON parts (header, parent header, metadata, content), read as jupyter_server will
    # read them: one it cannot read (its json.loads raised RecursionError on a deeply nested one)
    # killed the socket with 1006, not the 1007 a bad frame gets
    for k, name in enumerate(("header", "parent header", "metadata", "content"), start=1):
        if k + 1 < len(offsets):
            problem = json_part_problem(frame[offsets[k] : offsets[k + 1]])
            if problem is not None:
                return f"the {name} {problem}"
    return None


def json_part_problem(part: Any) -> str | None:
    """Why a JSON part of a v1 message cannot be read (as jupyter_server reads it: ``json.loads``,
    C-speed and linear), or None. A part is read twice, here and there; the incoming messages of a
    page are clicks and small widget updates.

    >>> json_part_problem(b'{"a": [1, {"b": "[[[["}]}'), json_part_problem(b"[" * 100_000)
    (None, 'is nested too deeply to read')
    >>> json_part_problem(b'{"a": '), json_part_problem(b"\\xff")
    ('is not JSON', 'is not JSON')
    """
    try:
        json.loads(bytes(part))
    except RecursionError:
        return "is nested too deeply to read"
    except ValueError:  # (UnicodeDecodeError included)
        return "is not JSON"
    return None


def read_v1_header(message: Any) -> dict | None:
    """The header of a v1 binary message, or None (bounded; replaces Voilà's reader).

    Voilà's ``read_header_from_binary_message`` trusts the frame's offset count: given a
    legacy-protocol message (a big-endian uint32 count) it reads about 10**18 offsets.
    """
    if v1_frame_problem(message) is not None:
        return None
    start, end = struct.unpack_from("<2Q", message, 16)
    try:
        header = json.loads(bytes(message[start:end]).decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    return header if isinstance(header, dict) else None


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once.

    >>> bucket = TokenBucket(rate=1, burst=2, now=lambda: 0.0)
    >>> [bucket.take() for _ in range(3)]
    [True, True, False]
    """

    __slots__ = ("rate", "burst", "tokens", "stamp", "now", "dropped", "reported")

    def __init__(self, rate: float, burst: int, now=time.monotonic) -> None:
        self.rate = float(rate)
        self.burst = float(max(1, burst))
        self.now = now
        self.tokens = self.burst
        self.stamp = now()
        self.dropped = 0
        self.reported = 0.0

    def take(self) -> bool:
        if self.rate <= 0:
            return True
        now = self.now()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False


_buckets: "collections.OrderedDict[str, TokenBucket]" = collections.OrderedDict()
#: Kernels whose message budget is remembered (the least recently used are forgotten).
MAX_BUCKETS = 4096


def _bucket_of(kernel_id: str | None) -> TokenBucket:
    """The message budget of one kernel (one page), shared by all the sockets it opens."""
    if kernel_id is None:
        return TokenBucket(_limits["rate"], _limits["burst"])
    bucket = _buckets.get(kernel_id)
    if bucket is None:
        bucket = _buckets[kernel_id] = TokenBucket(_limits["rate"], _limits["burst"])
        while len(_buckets) > MAX_BUCKETS:
            _buckets.popitem(last=False)
    else:
        _buckets.move_to_end(kernel_id)
    return bucket


def _offered_protocols(request) -> list[str]:
    header = request.headers.get("Sec-WebSocket-Protocol", "")
    return [p.strip() for p in header.split(",") if p.strip()]


def _refuse(handler, status: int, text: str) -> None:
    """Answer ``status`` with a short plain-text body (no template: works before prepare)."""
    handler.set_status(status)
    handler.set_header("Content-Type", "text/plain; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    handler.finish(text + "\n")


def _close(handler, code: int, reason: str, why: str, *args) -> None:
    """Close a kernel websocket with ``code`` and say so in the log (``why % args``); what still
    comes on it is read slowly and dropped (``_gk_refused``) until tornado aborts."""
    handler.__dict__["_gk_refused"] = True
    handler.log.warning("gardenkit: closed a kernel websocket from %s: " + why, handler.request.remote_ip, *args)
    handler.close(code, reason)


def install_frame_guard(rate: float | None = None, burst: int | None = None) -> bool:
    """Guard jupyter_server's kernel websockets (see the module docstring). Safe to call twice.

    ``rate``/``burst`` set the per-socket message limit (``rate <= 0``: no limit). Returns True
    when the guard is active, False when jupyter_server is not installed.
    """
    if rate is not None:
        _limits["rate"] = float(rate)
    if burst is not None:
        _limits["burst"] = int(burst)
    try:
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    except ImportError:  # pragma: no cover - no jupyter_server: nothing to guard
        return False
    _patch_voila_header_reader()
    handler_cls = KernelWebsocketHandler
    if getattr(handler_cls.__dict__.get("on_message"), _MARK, False):
        return True
    original_get = handler_cls.__dict__["get"]
    original_on_message = handler_cls.__dict__["on_message"]

    async def get(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if V1_PROTOCOL not in _offered_protocols(self.request):
            self.log.warning(
                "gardenkit: refused a kernel websocket from %s without the %s subprotocol",
                self.request.remote_ip,
                V1_PROTOCOL,
            )
            _refuse(self, 400, f"kernel websockets must use the {V1_PROTOCOL} subprotocol")
            return None
        return await original_get(self, *args, **kwargs)

    def on_message(self, message):  # type: ignore[no-untyped-def]
        state = self.__dict__
        if state.get("_gk_refused"):  # closing: read what still comes slowly, then tornado aborts
            return asyncio.sleep(FLOOD_PACE)
        if self.selected_subprotocol != V1_PROTOCOL:
            problem = "the legacy protocol is not served"
        else:
            problem = v1_frame_problem(message)
        if problem is not None:
            _close(self, 1007, "gardenkit: bad frame", "bad frame (%s)", problem)
            return None
        bucket = state.get("_gk_bucket")
        if bucket is None:
            bucket = state["_gk_bucket"] = _bucket_of(getattr(self, "kernel_id", None))
        if not bucket.take():
            now = bucket.stamp
            if now - bucket.reported >= 10.0:
                bucket.reported = now
                self.log.warning(
                    "gardenkit: kernel websocket from %s over %g messages/s: %d dropped so far",
                    self.request.remote_ip,
                    bucket.rate,
                    bucket.dropped,
                )
            excess = state["_gk_excess"] = state.get("_gk_excess", 0) + 1
            if excess > FLOOD_CLOSE * bucket.burst:  # no page drops that many: it floods
                _close(self, 1008, "gardenkit: too many messages", "%d messages over its budget", excess)
                return None
            # read this socket's next frame a little later: a flood costs the loop little
            return asyncio.sleep(FLOOD_PACE)
        return original_on_message(self, message)

    for fn, original in ((get, original_get), (on_message, original_on_message)):
        # keep what decorators marked (jupyter_server checks that get() is @ws_authenticated)
        functools.update_wrapper(fn, original)
        setattr(fn, _MARK, True)
    handler_cls.get = get  # type: ignore[method-assign]
    handler_cls.on_message = on_message  # type: ignore[method-assign]
    return True


def _patch_voila_header_reader() -> None:
    try:
        from voila.tornado import kernel_websocket_handler as voila_ws
    except ImportError:  # pragma: no cover - JupyterLab without Voilà
        return
    voila_ws.read_header_from_binary_message = read_v1_header


# ----- the dashboard page: _xsrf cookie (tab close) ---------------------------------------


def install_xsrf_on_render() -> bool:
    """Make Voilà's dashboard page set the ``_xsrf`` cookie (for a Jupyter server, e.g. Binder).

    The page's ``beforeunload`` sends ``voila/api/shutdown/<kernel>`` with the ``_xsrf`` cookie's
    value; without the cookie the request is refused and every reload leaves a kernel behind.
    """
    try:
        from voila.tornado.handler import TornadoVoilaHandler
    except ImportError:  # pragma: no cover
        return False
    original = TornadoVoilaHandler.__dict__.get("prepare") or TornadoVoilaHandler.prepare
    if getattr(original, _MARK, False):
        return True

    async def prepare(self):  # type: ignore[no-untyped-def]
        result = original(self)
        if result is not None:
            await result
        if not self._finished:
            self.xsrf_token  # noqa: B018 - sets the _xsrf cookie when the browser has none

    setattr(prepare, _MARK, True)
    TornadoVoilaHandler.prepare = prepare  # type: ignore[method-assign]
    return True


# ----- Host header --------------------------------------------------------------------------

_LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
_WILDCARD_BINDS = frozenset({"", "0.0.0.0", "::", "*"})


def split_host(host_header: str) -> str:
    """The host name of a ``Host`` header, lower case, without port or IPv6 brackets.

    >>> split_host("LocalHost:8866"), split_host("[::1]:8866"), split_host("example.org.")
    ('localhost', '::1', 'example.org')
    """
    host = (host_header or "").strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else host[1:]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def _ip(host: str):
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def host_allowed(host_header: str, allowed: Iterable[str], any_address: bool = False) -> bool:
    """Whether a request for ``host_header`` may be served.

    Loopback names and addresses always are; so are the names in ``allowed`` (``*`` allows any
    host). With ``any_address`` (the server listens beyond loopback) any IP address is allowed
    too: DNS rebinding needs a name that the attacker controls, never a bare address.

    >>> host_allowed("localhost:8866", ())
    True
    >>> host_allowed("evil.example:8866", ())
    False
    >>> host_allowed("class.example", ["class.example"]), host_allowed("10.0.0.5", (), True)
    (True, True)
    """
    host = split_host(host_header)
    names = {split_host(a) for a in allowed}
    if "*" in names or host in names or host in _LOOPBACK_NAMES:
        return True
    address = _ip(host)
    if address is None:
        return False
    return address.is_loopback or any_address


def _env_hosts(environ=None) -> list[str]:
    env = os.environ if environ is None else environ
    return [h.strip() for h in env.get(ALLOWED_HOSTS_ENV, "").replace(" ", ",").split(",") if h.strip()]


# ----- the Voilà application the launcher runs -------------------------------------------

#: the owner token and the address of the dashboard request being served (the kernel manager
#: ties the kernel it starts or takes to them)
_RENDER_OWNER: contextvars.ContextVar[tuple[str, str] | None] = contextvars.ContextVar(
    "gardenkit_render_owner", default=None
)
#: live kernels one browser may hold (``GardenkitGuard.kernels_per_browser``)
KERNELS_PER_BROWSER = 10
#: seconds a dashboard's kernel waits for its page (``GardenkitGuard.connect_within``)
CONNECT_WITHIN = 60.0
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32,128}$")
_TEMPLATE_PATH_RE = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]*/static/[^\\\x00]+$")
_THEMES = ("light", "dark")

_guarded_class = None


def guarded_voila_class():
    """``voila.app.Voila`` with gardenkit's guards (imports voila; built once)."""
    global _guarded_class
    if _guarded_class is None:
        _guarded_class = _build_guarded_class()
    return _guarded_class


def _build_guarded_class():  # noqa: C901 - one closure over the imports it needs
    from jupyter_core.utils import ensure_async
    from traitlets import Bool, Float, Instance, Int, List, Unicode
    from traitlets.config import LoggingConfigurable
    from voila.app import Voila

    class GardenkitGuard(LoggingConfigurable):
        """The dashboard server's guards (``--GardenkitGuard.<option>=...`` on the command line)."""

        allowed_hosts = List(
            Unicode(),
            help=(
                "Host names learners use to reach the server, besides the loopback names "
                "(localhost, 127.0.0.1, ::1). Requests for any other Host header are refused "
                "(DNS rebinding). '*' turns the check off. The environment variable "
                f"{ALLOWED_HOSTS_ENV} (comma-separated) adds names. When the server listens "
                "beyond loopback (--Voila.ip=0.0.0.0 or a class address) any IP address is "
                "accepted too, and so is this machine's host name."
            ),
        ).tag(config=True)

        check_owner = Bool(
            True,
            help="Tie each dashboard's kernel to the browser that opened it (cookie).",
        ).tag(config=True)

        messages_per_second = Float(
            DEFAULT_RATE,
            help="Messages one page may send to its kernel per second on average (0: no limit).",
        ).tag(config=True)

        message_burst = Int(
            DEFAULT_BURST, help="Messages one page may send at once before the rate applies."
        ).tag(config=True)

        owner_cookie = Unicode(OWNER_COOKIE, help="Name of the owner cookie.").tag(config=True)

        kernels_per_browser = Int(
            KERNELS_PER_BROWSER,
            help=(
                "Live kernels one browser (its owner cookie) may hold: opening one more dashboard "
                "ends the oldest of its kernels (a learner with that many tabs open loses the first "
                "tab's game). 0: no limit."
            ),
        ).tag(config=True)

        kernels_per_address = Int(
            0,
            help=(
                "Live kernels one IP address may hold, whatever its cookies (a client that throws "
                "its cookies away): opening one more ends the oldest. 0 (the default): no limit, "
                "since a class behind one NAT shares an address; a teacher sets it to a few per "
                "learner times the class size."
            ),
        ).tag(config=True)

        connect_within = Float(
            CONNECT_WITHIN,
            help=(
                "Seconds a dashboard's kernel waits for its page to connect: a kernel whose page "
                "never reached it (a request dropped after its first bytes, a page closed while "
                "loading) is ended after that long. 0: never."
            ),
        ).tag(config=True)

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.owners: dict[str, str] = {}
            # kernel -> (owner, address, when bound); and the kernels whose page has connected
            self.bound: dict[str, tuple[str, str, float]] = {}
            self.connected: set[str] = set()
            self.template = "lab"
            self.theme = "light"
            self.any_address = False
            self.local_names: set[str] = set()
            self.env_hosts = _env_hosts()

        # hosts
        def configure_bind(self, ip: str) -> None:
            ip = (ip or "").strip().strip("[]").lower()
            address = _ip(ip)
            loopback = ip in _LOOPBACK_NAMES or (address is not None and address.is_loopback)
            self.any_address = not loopback
            self.local_names = set()
            if not loopback:
                if ip not in _WILDCARD_BINDS:
                    self.local_names.add(ip)
                for name in (socket.gethostname(), socket.getfqdn()):
                    if name:
                        self.local_names.add(name.lower())
                        self.local_names.add(name.lower() + ".local")

        def host_ok(self, host_header: str) -> bool:
            return host_allowed(host_header, self.names(), self.any_address)

        def names(self) -> list[str]:
            """The host names allowed besides the loopback ones."""
            return [*self.allowed_hosts, *self.env_hosts, *sorted(self.local_names)]

        # owners
        def bind(self, kernel_id: str, owner: str, address: str = "", now: float | None = None) -> list[str]:
            """Tie ``kernel_id`` to its browser (and address); answers the kernels to end: the
            oldest of that browser's (or address's) beyond :attr:`kernels_per_browser`
            (:attr:`kernels_per_address`)."""
            self.owners[kernel_id] = owner
            self.bound[kernel_id] = (owner, address, time.monotonic() if now is None else now)
            ended: list[str] = []
            for limit, index in ((self.kernels_per_browser, 0), (self.kernels_per_address, 1)):
                key = (owner, address)[index]
                if limit <= 0 or not key:
                    continue
                mine = [k for k, b in self.bound.items() if b[index] == key and k not in ended]
                ended += mine[: max(0, len(mine) - limit)]  # (insertion order: the oldest first)
            return ended

        def reached(self, kernel_id: str | None) -> None:
            """The page of ``kernel_id`` has connected to it."""
            if kernel_id in self.bound:
                self.connected.add(kernel_id)

        def never_reached(self, now: float | None = None) -> list[str]:
            """The kernels bound longer than :attr:`connect_within` ago whose page never connected."""
            if self.connect_within <= 0:
                return []
            now = time.monotonic() if now is None else now
            return [k for k, (_o, _a, when) in self.bound.items()
                    if k not in self.connected and now - when > self.connect_within]

        def forget(self, kernel_id: str) -> None:
            self.owners.pop(kernel_id, None)
            self.bound.pop(kernel_id, None)
            self.connected.discard(kernel_id)

        def owns(self, kernel_id: str | None, token: str | None) -> bool:
            owner = self.owners.get(kernel_id or "")
            return bool(owner and token and hmac.compare_digest(owner, token))

    def _host_refused(handler) -> bool:
        guard = handler.settings.get("gardenkit_guard")
        if guard is None or guard.host_ok(handler.request.host or ""):
            return False
        getattr(handler, "log", log).warning(
            "gardenkit: refused a request for Host %r from %s (allowed: loopback, %s)",
            handler.request.host,
            handler.request.remote_ip,
            ", ".join(guard.names()) or "nothing else",
        )
        _refuse(
            handler,
            403,
            "This server does not answer to that host name. A teacher serving a class adds it "
            "with ALLOWED_HOSTS=... (see docs/hosting.md).",
        )
        return True

    def _owner_token(handler, guard) -> str | None:
        token = handler.get_cookie(guard.owner_cookie)
        return token if token and _TOKEN_RE.match(token) else None

    def _guard_prepare(kind: str):
        def check(self):  # type: ignore[no-untyped-def]
            """Answer the request (and finish it) when a guard refuses it."""
            if _host_refused(self):
                return None
            guard = self.settings["gardenkit_guard"]
            if kind == "render":
                template = self.get_argument("template", None)
                if template is not None and template != guard.template:
                    _refuse(self, 404, f"This server serves the {guard.template!r} template only.")
                    return None
                theme = self.get_argument("theme", None)
                if theme is not None and theme not in (*_THEMES, guard.theme):
                    _refuse(self, 404, "No such theme (light or dark).")
                    return None
                token = _owner_token(self, guard)
                if token is None:
                    token = secrets.token_urlsafe(32)
                    self.set_cookie(
                        guard.owner_cookie,
                        token,
                        path=self.base_url or "/",
                        httponly=True,
                        samesite="Lax",
                        secure=self.request.protocol == "https",
                    )
                # read by the kernel manager when this request starts or takes a kernel
                _RENDER_OWNER.set((token, self.request.remote_ip or ""))
            elif kind == "kernel" and guard.check_owner:
                kernel_id = self.path_kwargs.get("kernel_id") or (self.path_args or [None])[0]
                if not guard.owns(kernel_id, _owner_token(self, guard)):
                    self.log.warning(
                        "gardenkit: refused %s %s from %s: not the page that opened this kernel",
                        self.request.method,
                        self.request.path,
                        self.request.remote_ip,
                    )
                    _refuse(self, 403, "This kernel belongs to another page.")
                    return None
                if self.request.path.endswith("/channels"):  # its websocket: the page reached it
                    guard.reached(kernel_id)
            elif kind == "query":
                address = _ip(self.request.remote_ip or "")
                if address is None or not address.is_loopback:
                    _refuse(self, 403, "Only the server's own kernels ask for this.")
                    return None
            elif kind == "template":
                path = self.path_args[0] if self.path_args else ""
                parts = path.split("/")
                if not _TEMPLATE_PATH_RE.match(path) or ".." in parts or "" in parts[2:]:
                    _refuse(self, 404, "Not found.")
                    return None
            return None

        return check

    def _guarded(cls, kind: str):
        base_prepare = cls.prepare
        check = _guard_prepare(kind)

        async def prepare(self):  # type: ignore[no-untyped-def]
            check(self)
            if self._finished:
                return
            result = base_prepare(self)
            if result is not None:
                await result
            if kind == "render" and not self._finished:
                # the page's shutdown request on tab close sends this cookie's value
                self.xsrf_token  # noqa: B018 - (needs the user that prepare() just set)

        attrs: dict[str, Any] = {"prepare": prepare, "__doc__": cls.__doc__, _MARK: kind}
        if kind == "template":
            from tornado import web

            async def get(self, path, include_body=True):  # type: ignore[no-untyped-def]
                try:
                    return await cls.get(self, path, include_body=include_body)
                except web.HTTPError:
                    raise
                except (AssertionError, ValueError, OSError) as err:
                    raise web.HTTPError(404) from err

            attrs["get"] = get
        return type(f"Guarded{cls.__name__}", (cls,), attrs)

    def _kind(cls) -> str:
        from jupyter_server.services.kernels.handlers import KernelHandler
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
        from voila.request_info_handler import RequestInfoSocketHandler
        from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
        from voila.static_file_handler import TemplateStaticFileHandler
        from voila.tornado.handler import TornadoVoilaHandler

        if issubclass(cls, (KernelHandler, KernelWebsocketHandler, VoilaShutdownKernelHandler)):
            return "kernel"
        if issubclass(cls, TornadoVoilaHandler):
            return "render"
        if issubclass(cls, TemplateStaticFileHandler):
            return "template"
        if issubclass(cls, RequestInfoSocketHandler):
            return "query"
        return "host"

    class GardenkitPool(LoggingConfigurable):
        """How the preheated pool starts its kernels (``--GardenkitPool.<option>=...``)."""

        max_starting = Int(
            -1,
            help=(
                "Kernels of the preheated pool being started and running their notebook at the "
                "same time; the others wait their turn, in order (a page takes the oldest). "
                "-1: one less than the machine's cores (at least 1), so that the pages being "
                "opened and the games being played keep a core; 0: no limit (Voilà's own way: "
                "every refill at once)."
            ),
        ).tag(config=True)

        def limit(self) -> int:
            if self.max_starting >= 0:
                return self.max_starting
            return max(1, (os.cpu_count() or 2) - 1)

    def _limited_pool(manager_cls, limit: int):
        """``manager_cls`` (Voilà's preheating kernel manager) starting at most ``limit`` pool
        kernels at once; each holds its turn until its notebook has run (or a page took it)."""

        class VoilaKernelManager(manager_cls):  # same name: --VoilaKernelManager.* still applies
            _gk_gate: asyncio.Semaphore | None = None
            _gk_closing = False

            async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
                if kernel_id is not None or limit <= 0:  # a restart, or no limit
                    return await super()._initialize(notebook_path, kernel_id, **kwargs)
                if self._gk_gate is None:
                    self._gk_gate = asyncio.Semaphore(limit)
                gate = self._gk_gate
                await gate.acquire()
                if self._gk_closing:  # stopping: do not start what waited
                    gate.release()
                    raise RuntimeError("the server is stopping")
                try:
                    result = await super()._initialize(notebook_path, None, **kwargs)
                except BaseException:
                    gate.release()
                    raise
                task = result.get("task") if isinstance(result, dict) else None
                if task is None:
                    gate.release()
                else:
                    task.add_done_callback(lambda _task: gate.release())
                return result

            async def shutdown_all(self, *args, **kwargs):
                self._gk_closing = True
                return await super().shutdown_all(*args, **kwargs)

        VoilaKernelManager.__qualname__ = manager_cls.__qualname__
        return VoilaKernelManager

    class GuardedVoila(Voila):
        """Voilà with gardenkit's guards (see :mod:`gardenkit.server.guard`)."""

        name = "voila"
        classes = [*Voila.classes, GardenkitGuard, GardenkitPool]
        guard = Instance(GardenkitGuard, allow_none=True)

        def init_settings(self):
            import voila.app as voila_app

            pool = GardenkitPool(parent=self)
            factory = voila_app.voila_kernel_manager_factory

            def limited_factory(base_class, preheat_kernel, default_pool_size, **kwargs):
                cls = factory(base_class, preheat_kernel, default_pool_size, **kwargs)
                return _limited_pool(cls, pool.limit()) if preheat_kernel else cls

            voila_app.voila_kernel_manager_factory = limited_factory
            try:
                settings = super().init_settings()
            finally:
                voila_app.voila_kernel_manager_factory = factory
            if self.voila_configuration.preheat_kernel:
                self.log.info("gardenkit pool: at most %s kernel(s) of the pool starting at once",
                              pool.limit() or "any number of")
            guard = self.guard = GardenkitGuard(parent=self)
            guard.template = self.voila_configuration.template
            guard.theme = self.voila_configuration.theme
            guard.configure_bind(self.ip)
            install_frame_guard(guard.messages_per_second, guard.message_burst)
            settings["gardenkit_guard"] = guard
            self._track_owners(guard)
            self.log.info(
                "gardenkit guards: Host %s%s; kernels tied to their page: %s; "
                "%g messages/s per page (burst %d); kernel websockets: %s only",
                "any" if "*" in guard.names() else "loopback",
                "".join(f", {h}" for h in guard.names() if h != "*")
                + (", any IP address" if guard.any_address else ""),
                "yes" if guard.check_owner else "no",
                guard.messages_per_second,
                guard.message_burst,
                V1_PROTOCOL,
            )
            return settings

        def _track_owners(self, guard) -> None:
            manager = self.kernel_manager

            def wrap(name, kernel_of):
                original = getattr(manager, name, None)
                if original is None:
                    return

                async def call(*args, **kwargs):  # type: ignore[no-untyped-def]
                    owner = _RENDER_OWNER.get()
                    # kernels started from inside (the preheated pool's refill) are nobody's
                    reset = _RENDER_OWNER.set(None)
                    try:
                        result = await ensure_async(original(*args, **kwargs))
                    finally:
                        _RENDER_OWNER.reset(reset)
                    if owner:
                        token, address = owner
                        for kernel_id in guard.bind(kernel_of(result), token, address):
                            self.log.warning(
                                "gardenkit: ended kernel %s: its browser (or address %s) opened more "
                                "dashboards than allowed at once", kernel_id, address)
                            end(kernel_id)
                    return result

                setattr(manager, name, call)

            def end(kernel_id: str) -> None:
                guard.forget(kernel_id)  # (at once: it no longer counts against its browser)
                if kernel_id in manager:
                    asyncio.ensure_future(ensure_async(manager.shutdown_kernel(kernel_id)))

            def reap() -> None:
                for kernel_id in guard.never_reached():
                    self.log.warning("gardenkit: ended kernel %s: its page never connected within %g s",
                                     kernel_id, guard.connect_within)
                    end(kernel_id)

            if guard.connect_within > 0:
                from tornado.ioloop import PeriodicCallback

                self._gk_reaper = PeriodicCallback(reap, max(1.0, min(15.0, guard.connect_within / 4)) * 1000)
                self._gk_reaper.start()

            wrap("start_kernel", lambda kernel_id: kernel_id)
            wrap("get_rendered_notebook", lambda result: result[2])

            shutdown = manager.shutdown_kernel

            async def shutdown_kernel(kernel_id, *args, **kwargs):  # type: ignore[no-untyped-def]
                try:
                    return await ensure_async(shutdown(kernel_id, *args, **kwargs))
                finally:
                    guard.forget(kernel_id)

            manager.shutdown_kernel = shutdown_kernel

        def init_handlers(self):
            handlers = []
            for spec in super().init_handlers():
                if isinstance(spec, tuple) and len(spec) >= 2 and isinstance(spec[1], type):
                    pattern, cls, *rest = spec
                    spec = (pattern, _guarded(cls, _kind(cls)), *rest)
                handlers.append(spec)
            return handlers

    GuardedVoila.GardenkitGuard = GardenkitGuard  # type: ignore[attr-defined]
    GuardedVoila.GardenkitPool = GardenkitPool  # type: ignore[attr-defined]
    return GuardedVoila
