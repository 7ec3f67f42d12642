"""Serve gardenkit's notebooks as Voilà dashboards, with TCP_NODELAY on websockets and guards.

Usage::

    python -m gardenkit.server [--port=8866] [any voila option ...] [notebooks/]

This is ``voila`` with gardenkit's defaults (listen on 127.0.0.1, no browser,
idle kernels culled, preheated kernels: ``--pool=N`` per notebook, or N for
``--game=NAME`` and 1 for the others; kernels over IPC, so kernels starting
together never collide on TCP ports; page templates compiled once), the server guards of
:mod:`gardenkit.server.guard` (kernel websockets speak the v1 protocol only and
their frames are checked before they are parsed, a rate limit per page, the Host
header checked, each kernel tied to the browser that opened it, the project's
template only; see ``docs/hosting.md``), kernels started as :mod:`gardenkit.server.dashboard_kernel`
(ipykernel without its debugger and input history: ``GARDENKIT_DASHBOARD_KERNEL=0`` serves plain
ipykernel kernels), plus one fix: every websocket the server
accepts gets ``TCP_NODELAY``. Without it the kernel's small replies to a click
sit in the socket buffer (Nagle's algorithm waiting for the browser's delayed
ACK), which costs about 40 ms on every click. Set ``GARDENKIT_NODELAY=0`` to
serve without the fix (the click benchmark measures both ways).

Any option given on the command line wins over the defaults here.

This module is deliberately standalone: it imports only the standard library and
tornado (and voila when it starts the server), never gardenkit's games or
widgets, so it can be loaded from a Jupyter config file (see ``binder/postBuild``)::

    from gardenkit.server import install_frame_guard, install_nodelay, install_xsrf_on_render
    install_nodelay()
    install_frame_guard()
    install_xsrf_on_render()
"""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

from . import kernel_forks
from .guard import (  # (the guard's names the package offers from here too)
    ALLOWED_HOSTS_ENV,
    V1_PROTOCOL,
    guarded_voila_class,
    install_frame_guard,
    install_xsrf_on_render,
)

# (its public names are the package's: gardenkit.server.__all__, loaded from here on first use)

#: Defaults passed to Voilà unless the command line sets the same option.
DEFAULTS: dict[str, str] = {
    "--Voila.ip": "127.0.0.1",
    "--Voila.port": "8866",
    "--Voila.port_retries": "0",  # fail loudly instead of serving on another port
    "--Voila.open_browser": "False",
    # Voilà leaves a kernel behind after every page load: cull idle ones.
    "--MappingKernelManager.cull_idle_timeout": "900",
    "--MappingKernelManager.cull_interval": "60",
    # A pool of one executed kernel per notebook: a reload takes ~0.6 s, not ~1.7 s
    # (``--pool=N``, ``--game=NAME``: more for the game of the day, see pool_args).
    "--VoilaConfiguration.preheat_kernel": "True",
}
if os.name == "posix":
    # Kernels talk to the server over Unix sockets in the server's own connection folder (a
    # 0700 temporary folder Voilà makes and removes): no TCP ports, so kernels started at the
    # same moment never collide on one ("Address already in use": a page with no kernel).
    DEFAULTS["--KernelManager.transport"] = "ipc"

#: Pre-warmed kernels of every notebook but the game of the day when ``--game`` is given.
OTHER_POOL = 1
#: A Unix socket path may hold about 104 bytes (macOS; 108 on Linux): the connection folder's
#: parent must leave room for ``/voila_XXXXXXXX/kernel-<36-character id>-ipc-N``.
_IPC_ROOT_MAX = 38

# Short spellings of the same options, so "--port=9000" overrides "--Voila.port".
_ALIASES = {
    "--ip": "--Voila.ip",
    "--port": "--Voila.port",
    "--no-browser": "--Voila.open_browser",
    "--preheat_kernel": "--VoilaConfiguration.preheat_kernel",
    "--pool_size": "--VoilaConfiguration.default_pool_size",
}

_PATCHED_ATTR = "_gardenkit_nodelay"


def nodelay_enabled(environ: dict[str, str] | None = None) -> bool:
    """False only when ``GARDENKIT_NODELAY`` is set to 0/false/no/off."""
    env = os.environ if environ is None else environ
    value = env.get("GARDENKIT_NODELAY", "1").strip().lower()
    return value not in {"0", "false", "no", "off"}


def install_nodelay(force: bool = False) -> bool:
    """Make every tornado websocket set TCP_NODELAY once it is accepted.

    Returns True when the patch is (now) active. Does nothing and returns False
    when ``GARDENKIT_NODELAY=0``, unless ``force`` is true. Safe to call twice.

    Tornado sets TCP_NODELAY while it finishes an HTTP response and clears it
    again afterwards, so the stream a websocket takes over after the 101
    handshake has Nagle's algorithm on. We wrap the handler's stream hand-over
    (``WebSocketHandler._detach_stream``, tornado 6) and turn it off there.
    """
    if not (force or nodelay_enabled()):
        return False
    from tornado import websocket

    handler_cls = websocket.WebSocketHandler
    original = handler_cls.__dict__.get("_detach_stream")
    if original is None:  # pragma: no cover - a tornado without the hook
        return _install_nodelay_on_open()
    if getattr(original, _PATCHED_ATTR, False):
        return True

    def _detach_stream(self):  # type: ignore[no-untyped-def]
        stream = original(self)
        try:
            stream.set_nodelay(True)
        except Exception:  # noqa: BLE001 - a closed stream: nothing to tune
            pass
        return stream

    setattr(_detach_stream, _PATCHED_ATTR, True)
    _detach_stream.__wrapped__ = original  # type: ignore[attr-defined]
    handler_cls._detach_stream = _detach_stream  # type: ignore[method-assign]
    return True


def accepted_websocket_nodelay() -> bool:
    """Accept one websocket on 127.0.0.1 and report its TCP_NODELAY setting.

    A self-check of :func:`install_nodelay` against the tornado installed here:

    >>> install_nodelay(force=True)
    True
    >>> accepted_websocket_nodelay()
    True
    """
    import asyncio

    from tornado import web, websocket

    seen: list[bool] = []

    class Probe(websocket.WebSocketHandler):
        def open(self) -> None:
            sock = self.ws_connection.stream.socket  # type: ignore[union-attr]
            seen.append(bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)))
            self.write_message("ok")

    async def probe() -> None:
        server = web.Application([("/probe", Probe)]).listen(0, "127.0.0.1")
        try:
            port = next(iter(server._sockets.values())).getsockname()[1]
            conn = await websocket.websocket_connect(f"ws://127.0.0.1:{port}/probe")
            await conn.read_message()
            conn.close()
        finally:
            server.stop()

    # a thread of its own, so it works even where an event loop is already running (pytest, Jupyter)
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(probe())
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller's thread
            failure.append(e)

    import threading

    worker = threading.Thread(target=run, name="gardenkit-nodelay-probe")
    worker.start()
    worker.join(timeout=30)
    if failure:
        raise failure[0]
    if not seen:
        raise RuntimeError("the websocket probe did not connect within 30 s")
    return seen[0]


def _install_nodelay_on_open() -> bool:  # pragma: no cover - fallback only
    """Fallback: call the public ``set_nodelay(True)`` after a handler's open()."""
    from tornado import websocket

    original = websocket.WebSocketProtocol13._accept_connection
    if getattr(original, _PATCHED_ATTR, False):
        return True

    async def _accept_connection(self, handler):  # type: ignore[no-untyped-def]
        original_open = handler.open

        def open_then_nodelay(*args, **kwargs):  # type: ignore[no-untyped-def]
            handler.set_nodelay(True)
            return original_open(*args, **kwargs)

        handler.open = open_then_nodelay
        return await original(self, handler)

    setattr(_accept_connection, _PATCHED_ATTR, True)
    websocket.WebSocketProtocol13._accept_connection = _accept_connection  # type: ignore[method-assign]
    return True


def protect_preheated_kernels() -> bool:
    """Keep Jupyter's idle culler off a preheated kernel that was just handed out.

    Voilà keeps preheated kernels in a pool and already tells the culler to
    spare them there. But a pooled kernel's idle clock runs from when it was
    preheated: when a visitor takes one that has waited longer than
    ``cull_idle_timeout``, the culler's next pass sees an old kernel with no
    connection yet and shuts it down before the browser connects, and the page
    never shows its widgets. This patch gives a kernel a fresh idle period at the
    first cull pass after it leaves the pool. Kernels that visitors left are
    culled as usual.
    """
    try:
        from jupyter_server._tz import utcnow
        from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    except ImportError:  # pragma: no cover - no jupyter_server: nothing to protect
        return False
    original = MappingKernelManager.cull_kernels
    if getattr(original, _PATCHED_ATTR, False):
        return True

    def pooled_ids(manager) -> set[str]:  # type: ignore[no-untyped-def]
        ids = set()
        for pool in list((getattr(manager, "_pools", None) or {}).values()):
            for task in list(pool):
                if task.done() and not task.cancelled() and task.exception() is None:
                    result = task.result()
                    if isinstance(result, dict) and result.get("kernel_id"):
                        ids.add(result["kernel_id"])
        return ids

    async def cull_kernels(self):  # type: ignore[no-untyped-def]
        now_pooled = pooled_ids(self)
        before = self.__dict__.get("_gardenkit_pooled", set())
        for kernel_id in before - now_pooled:  # handed to a visitor since the last pass
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()
        self.__dict__["_gardenkit_pooled"] = now_pooled
        return await original(self)

    setattr(cull_kernels, _PATCHED_ATTR, True)
    cull_kernels.__wrapped__ = original  # type: ignore[attr-defined]
    MappingKernelManager.cull_kernels = cull_kernels  # type: ignore[method-assign]
    return True


class UsageError(ValueError):
    """A launcher option that cannot be served (the message says why)."""


def _served_folder(argv: list[str]) -> Path:
    """The folder the server serves: its last positional argument (a folder, or a notebook's
    folder), else the current directory."""
    positional = [a for a in argv if not a.startswith("-")]
    path = Path(positional[-1]) if positional else Path.cwd()
    return path if path.is_dir() else path.parent


def game_notebook(folder: str | os.PathLike[str], name: str) -> str:
    """The notebook of ``folder`` that ``name`` means: its file name, its stem, or the start of
    its stem (``samurai`` and ``samurai_gardener`` mean ``samurai-gardener.ipynb``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for n in ("index", "miyabi", "samurai-gardener"):
    ...         _ = (Path(d) / f"{n}.ipynb").write_text("{}")
    ...     game_notebook(d, "miyabi"), game_notebook(d, "samurai_gardener"), game_notebook(d, "Samurai")
    ('miyabi.ipynb', 'samurai-gardener.ipynb', 'samurai-gardener.ipynb')
    """
    folder = Path(folder)
    notebooks = sorted(p.name for p in folder.glob("*.ipynb"))
    wanted = name.strip().lower().replace("_", "-")
    if wanted.endswith(".ipynb"):
        wanted = wanted[: -len(".ipynb")]
    exact = [n for n in notebooks if n[: -len(".ipynb")].lower() == wanted]
    starts = [n for n in notebooks if n.lower().startswith(wanted)] if wanted else []
    found = exact or starts
    if len(found) == 1:
        return found[0]
    some = ", ".join(n[: -len(".ipynb")] for n in notebooks) or "none"
    if not found:
        raise UsageError(f"--game={name}: no such notebook in {folder} (there are: {some})")
    raise UsageError(f"--game={name}: which one? {', '.join(found)}")


def pool_config(argv: list[str]) -> tuple[list[str], dict]:
    """``argv`` without gardenkit's pool options, and the Voilà configuration they mean.

    ``--pool=N``: N pre-warmed kernels (each with its notebook already run) wait for each
    notebook (Voilà's ``VoilaConfiguration.default_pool_size``). With ``--game=NAME`` (a
    notebook of the served folder, e.g. ``miyabi``; several: ``--game=miyabi,samurai``), N wait
    for that game's notebook and :data:`OTHER_POOL` for every other one (Voilà's
    ``VoilaKernelManager.kernel_pools_config``, set as configuration: on the command line a
    dict of dicts is deprecated). When a page takes a kernel, another starts a second later
    (``--VoilaKernelManager.fill_delay``), so the pool stays full.

    >>> pool_config(["--pool=3", "--port=9000"])
    (['--port=9000'], {'VoilaConfiguration': {'default_pool_size': 3}})
    >>> pool_config(["notebooks/"])
    (['notebooks/'], {})
    """
    pool: int | None = None
    games: list[str] = []
    rest: list[str] = []
    for arg in argv:
        name, eq, value = arg.partition("=")
        if name == "--pool" and eq:
            try:
                pool = int(value)
            except ValueError:
                raise UsageError(f"--pool={value}: a number of kernels, e.g. --pool=4") from None
            if pool < 0:
                raise UsageError(f"--pool={value}: 0 or more kernels")
        elif name == "--game" and eq:
            games += [g for g in (x.strip() for x in value.split(",")) if g]
        elif name in {"--pool", "--game"}:
            raise UsageError(f"{name} needs a value: {name}=...")
        else:
            rest.append(arg)
    if not games:
        return rest, ({} if pool is None else {"VoilaConfiguration": {"default_pool_size": pool}})
    if pool is None:
        raise UsageError("--game=... says which notebook gets --pool=N kernels: give --pool too")
    folder = _served_folder(rest)
    pools = {"default": {"pool_size": OTHER_POOL}}
    for game in games:
        pools[game_notebook(folder, game)] = {"pool_size": pool}
    return rest, {"VoilaKernelManager": {"kernel_pools_config": pools}}


#: gardenkit's plugins of the Voilà page: each a federated extension written by hand (no build step)
PAGE_PLUGINS = Path(__file__).resolve().parent.parent / "labextensions"


def page_plugins_path() -> str:
    """The folder of gardenkit's Voilà page plugins, for ``VoilaConfiguration.extra_labextensions_path``
    (``make dashboards`` adds it; Binder's server config too). One plugin for now,
    ``gardenkit-widget-models``: the page's widget manager looks once more for a model when ipywidgets'
    ``get_model`` gives up, so a model registered while the page was busy is drawn instead of
    "Error displaying widget: model not found" (issue 22, see ``docs/hosting.md``).

    >>> (Path(page_plugins_path()) / "gardenkit-widget-models" / "package.json").is_file()
    True
    """
    return str(PAGE_PLUGINS)


def page_plugins_enabled(environ: dict[str, str] | None = None) -> bool:
    """False only when ``GARDENKIT_PAGE_PLUGINS`` is set to 0/false/no/off."""
    env = os.environ if environ is None else environ
    return env.get("GARDENKIT_PAGE_PLUGINS", "1").strip().lower() not in {"0", "false", "no", "off"}


def page_plugin_args(argv: list[str], environ: dict[str, str] | None = None) -> list[str]:
    """``argv`` plus gardenkit's page plugins on Voilà's extra labextensions path (repeated options
    add up, so a path given on the command line is kept), unless ``GARDENKIT_PAGE_PLUGINS=0``.

    >>> page_plugin_args(["--port=9000"], {})[0] == f"--VoilaConfiguration.extra_labextensions_path={page_plugins_path()}"
    True
    >>> page_plugin_args(["--port=9000"], {"GARDENKIT_PAGE_PLUGINS": "0"})
    ['--port=9000']
    """
    if not page_plugins_enabled(environ):
        return list(argv)
    return [f"--VoilaConfiguration.extra_labextensions_path={page_plugins_path()}", *argv]


def transport_args(argv: list[str]) -> list[str]:
    """``argv`` plus a short connection folder root when kernels use IPC and the system's
    temporary folder is too long for Unix socket paths (macOS's ``/var/folders/...``)."""
    given = {_option_name(a) for a in argv}
    transport = next((a.split("=", 1)[1] for a in argv
                      if _option_name(a) == "--KernelManager.transport" and "=" in a), "tcp")
    if transport.lower() != "ipc" or "--Voila.connection_dir_root" in given:
        return list(argv)
    import tempfile

    if len(tempfile.gettempdir()) <= _IPC_ROOT_MAX or not os.access("/tmp", os.W_OK):
        return list(argv)
    return ["--Voila.connection_dir_root=/tmp", *argv]


def _memory_bytecode_cache():
    """A jinja2 bytecode cache in memory, shared by every page the server renders.

    Voilà renders each page (and each preheated kernel's notebook) with a new nbconvert exporter,
    whose new jinja environment parses and compiles the page templates again. Jinja checks each
    cached template's source checksum, so a changed template is compiled again.
    """
    import jinja2

    class MemoryBytecodeCache(jinja2.BytecodeCache):
        def __init__(self) -> None:
            self.store: dict[str, bytes] = {}

        def load_bytecode(self, bucket) -> None:  # type: ignore[no-untyped-def]
            data = self.store.get(bucket.key)
            if data is not None:
                bucket.bytecode_from_string(data)

        def dump_bytecode(self, bucket) -> None:  # type: ignore[no-untyped-def]
            self.store[bucket.key] = bucket.bytecode_to_string()

    return MemoryBytecodeCache()


def install_render_cache() -> bool:
    """Make the server's page rendering cheaper (see ``docs/hosting.md``). Safe to call twice.

    - nbconvert's template environments share one in-memory jinja bytecode cache, so the page
      templates are compiled once per server instead of once per page;
    - nbconvert does not validate the whole notebook again after each of its preprocessors
      (a dozen passes per page, ~5 ms each for the Miyabi notebook): the notebook was validated
      when it was read, and Voilà's preprocessors only add outputs.

    - each markdown cell is rendered to HTML once per server, not on every page
      (:func:`_install_markdown_cache`);
    - the outputs of the page's notebook are checked by their shape, not validated against
      nbformat's JSON schema one by one (:func:`plain_output`).

    Returns False when nbconvert is not installed.
    """
    try:
        from nbconvert.exporters.exporter import Exporter
        from nbconvert.exporters.templateexporter import TemplateExporter
    except ImportError:  # pragma: no cover
        return False
    create = TemplateExporter.__dict__["_create_environment"]
    if not getattr(create, _PATCHED_ATTR, False):
        cache = _memory_bytecode_cache()

        def _create_environment(self):  # type: ignore[no-untyped-def]
            environment = create(self)
            if environment.bytecode_cache is None:
                environment.bytecode_cache = cache
            return environment

        setattr(_create_environment, _PATCHED_ATTR, True)
        _create_environment.__wrapped__ = create  # type: ignore[attr-defined]
        TemplateExporter._create_environment = _create_environment  # type: ignore[method-assign]
    validate = Exporter.__dict__["_validate_preprocessor"]
    if not getattr(validate, _PATCHED_ATTR, False):

        def _validate_preprocessor(self, nbc, preprocessor):  # type: ignore[no-untyped-def]
            return None

        setattr(_validate_preprocessor, _PATCHED_ATTR, True)
        _validate_preprocessor.__wrapped__ = validate  # type: ignore[attr-defined]
        Exporter._validate_preprocessor = _validate_preprocessor  # type: ignore[method-assign]
    _install_markdown_cache()
    _install_plain_outputs()
    return True


#: Markdown cells rendered once per server (see :func:`_install_markdown_cache`), at most this many.
MARKDOWN_CACHE_SIZE = 4096


def markdown_cacheable(source: str) -> bool:
    """Whether a markdown cell's HTML depends on its text (and attachments) only: not when it
    shows an image, which Voilà reads from the served folder and inlines (the file may change).

    >>> markdown_cacheable("## `miyabi.place.row` One tile a turn"), markdown_cacheable("![board](board.png)")
    (True, False)
    """
    return "![" not in source and "<img" not in source.lower()


def _install_markdown_cache() -> bool:
    """Voilà renders every markdown cell of a notebook to HTML again on every page load (a
    notebook of 66 markdown cells: ~0.1 s of the server's CPU per page). Render each once per
    server: the HTML is kept under everything it is made from (the cell's text and attachments,
    the anchor text, the renderer's class), so a changed cell is rendered again; cells showing an
    image (read from a file that may change) are never kept."""
    try:
        from voila.exporter import VoilaExporter
    except ImportError:  # pragma: no cover
        return False
    original = VoilaExporter.__dict__["markdown2html"]
    if getattr(original, _PATCHED_ATTR, False):
        return True
    import jinja2

    cache: dict[tuple, str] = {}

    @jinja2.pass_context
    def markdown2html(self, context, source):  # type: ignore[no-untyped-def]
        if not isinstance(source, str) or not markdown_cacheable(source):
            return original(self, context, source)
        cell = context.get("cell") or {}
        attachments = cell.get("attachments", {}) if hasattr(cell, "get") else {}
        try:
            key = (source, json.dumps(attachments, sort_keys=True), str(self.anchor_link_text),
                   str(self.markdown_renderer_class))
        except (TypeError, ValueError):
            return original(self, context, source)
        html = cache.get(key)
        if html is None:
            html = original(self, context, source)
            if len(cache) >= MARKDOWN_CACHE_SIZE:
                cache.clear()
            cache[key] = html
        return html

    setattr(markdown2html, _PATCHED_ATTR, True)
    markdown2html.__wrapped__ = original  # type: ignore[attr-defined]
    markdown2html.cache = cache  # type: ignore[attr-defined]
    VoilaExporter.markdown2html = markdown2html  # type: ignore[method-assign]
    return True


def plain_output(msg: dict):
    """The notebook output of a kernel's output message, as ``nbformat.v4.output_from_msg`` makes
    it, checked by its shape instead of nbformat's JSON-schema validation (~0.5 ms per output,
    every output of every page load); ``None`` when the message is not of the plain shape (then
    nbformat's own function, which validates, is used).

    >>> plain_output({"header": {"msg_type": "stream"}, "content": {"name": "stdout", "text": "hi"}})
    {'output_type': 'stream', 'name': 'stdout', 'text': 'hi'}
    >>> plain_output({"header": {"msg_type": "stream"}, "content": {"name": "stdout", "text": 3}}) is None
    True
    """
    from nbformat import NotebookNode

    kind = msg.get("header", {}).get("msg_type")
    content = msg.get("content")
    if not isinstance(content, dict):
        return None

    def bundle(value) -> bool:  # a mime bundle: mime type -> text, or JSON for a JSON type
        return isinstance(value, dict) and all(
            isinstance(k, str) and (isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))
                                    or (isinstance(v, (dict, list)) and k.endswith("json")))
            for k, v in value.items())

    if kind in ("execute_result", "display_data"):
        data, meta = content.get("data"), content.get("metadata", {})
        if not bundle(data) or not isinstance(meta, dict):
            return None
        if kind == "display_data":
            return NotebookNode(output_type=kind, metadata=meta, data=data)
        count = content.get("execution_count")
        if not (count is None or (isinstance(count, int) and not isinstance(count, bool) and count >= 0)):
            return None
        return NotebookNode(output_type=kind, metadata=meta, data=data, execution_count=count)
    if kind == "stream":
        if content.get("name") not in ("stdout", "stderr") or not isinstance(content.get("text"), str):
            return None
        return NotebookNode(output_type="stream", name=content["name"], text=content["text"])
    return None  # errors and anything else: nbformat's function


def _install_plain_outputs() -> bool:
    """nbclient (which runs the page's notebook) makes each output with nbformat's JSON-schema
    validation; outputs of the plain shape are made by :func:`plain_output` instead."""
    try:
        import nbclient.client as client
    except ImportError:  # pragma: no cover
        return False
    original = client.output_from_msg
    if getattr(original, _PATCHED_ATTR, False):
        return True

    def output_from_msg(msg):  # type: ignore[no-untyped-def]
        out = plain_output(msg)
        return original(msg) if out is None else out

    setattr(output_from_msg, _PATCHED_ATTR, True)
    output_from_msg.__wrapped__ = original  # type: ignore[attr-defined]
    client.output_from_msg = output_from_msg
    return True


#: the module a dashboard kernel runs (see :mod:`gardenkit.server.dashboard_kernel`)
DASHBOARD_KERNEL = kernel_forks.KERNEL_MODULE


def dashboard_kernel_argv(argv: list[str], python: str = sys.executable) -> list[str] | None:
    """A kernel spec's command line with :mod:`gardenkit.server.dashboard_kernel` in place of
    ``ipykernel_launcher`` (ipykernel without its debugger and input history), or None when the
    spec starts something else, or another Python than the server's (which may not have gardenkit).

    >>> dashboard_kernel_argv(["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"])
    ['python', '-m', 'gardenkit.server.dashboard_kernel', '-f', '{connection_file}']
    >>> dashboard_kernel_argv(["/opt/conda/bin/python", "-m", "ipykernel_launcher", "-f", "x"], "/usr/bin/python3") is None
    True
    """
    names = {"python", f"python{sys.version_info[0]}", f"python{sys.version_info[0]}.{sys.version_info[1]}"}
    if len(argv) < 3 or argv[1:3] != ["-m", "ipykernel_launcher"]:
        return None
    if argv[0] not in names and os.path.realpath(argv[0]) != os.path.realpath(python):
        return None
    return [argv[0], "-m", DASHBOARD_KERNEL, *argv[3:]]


def is_kernel_command(cmdline) -> bool:
    """Whether a process's command line (a list, or a string) is a Jupyter Python kernel's: plain
    ipykernel or a dashboard kernel (what tests and benchmarks count among a server's children).

    >>> is_kernel_command(["python", "-m", "gardenkit.server.dashboard_kernel", "-f", "k.json"])
    True
    >>> is_kernel_command("python -m ipykernel_launcher -f k.json"), is_kernel_command(["python", "-m", "voila"])
    (True, False)
    """
    text = cmdline if isinstance(cmdline, str) else " ".join(cmdline)
    return "ipykernel" in text or DASHBOARD_KERNEL in text


def dashboard_kernels_enabled(environ: dict[str, str] | None = None) -> bool:
    """False only when ``GARDENKIT_DASHBOARD_KERNEL`` is set to 0/false/no/off."""
    env = os.environ if environ is None else environ
    return env.get("GARDENKIT_DASHBOARD_KERNEL", "1").strip().lower() not in {"0", "false", "no", "off"}


def dashboard_kernel_spec_manager():
    """A ``KernelSpecManager`` class whose Python kernels start as dashboard kernels
    (:func:`dashboard_kernel_argv`); what ``main`` gives Voilà (imports jupyter_client)."""
    from jupyter_client.kernelspec import KernelSpecManager

    class DashboardKernelSpecManager(KernelSpecManager):
        def get_kernel_spec(self, kernel_name):  # type: ignore[no-untyped-def]
            spec = super().get_kernel_spec(kernel_name)
            argv = dashboard_kernel_argv(list(spec.argv))
            if argv is not None:
                spec.argv = argv
                spec.metadata = {**(spec.metadata or {}), "debugger": False}
                if kernel_forks.forks_enabled():  # forked from one process that preloaded it all
                    kernel_forks.register()  # a fallback only: jupyter_client finds it by its entry point
                    spec.metadata["kernel_provisioner"] = {"provisioner_name": kernel_forks.PROVISIONER,
                                                           "config": {}}
            return spec

    return DashboardKernelSpecManager


def _option_name(arg: str) -> str | None:
    if not arg.startswith("--"):
        return None
    name = arg.split("=", 1)[0]
    return _ALIASES.get(name, name)


def default_args(argv: list[str]) -> list[str]:
    """``argv`` with gardenkit's defaults added for every option it does not set."""
    given = {_option_name(a) for a in argv}
    extra = [f"{k}={v}" for k, v in DEFAULTS.items() if k not in given]
    return extra + list(argv)


def main(argv: list[str] | None = None) -> None:
    try:
        args, config = pool_config(sys.argv[1:] if argv is None else argv)
        args = page_plugin_args(transport_args(default_args(args)))
    except UsageError as err:
        raise SystemExit(f"gardenkit.server: {err}") from None
    active = install_nodelay()
    protect_preheated_kernels()
    install_frame_guard()
    if os.environ.get("GARDENKIT_RENDER_CACHE", "1").strip().lower() not in {"0", "false", "no", "off"}:
        install_render_cache()
        from .speed import install_fast_dates, install_light_activity_watch

        install_light_activity_watch()  # the kernel activity watcher reads headers only
        install_fast_dates()  # ISO dates of every kernel message by datetime.fromisoformat
    transport = next((a.split("=", 1)[1] for a in args
                      if _option_name(a) == "--KernelManager.transport" and "=" in a), "tcp")
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config") or next(
        (a.split("=", 1)[1] for a in args if _option_name(a) == "--VoilaConfiguration.default_pool_size"),
        config.get("VoilaConfiguration", {}).get("default_pool_size", 1),
    )
    if isinstance(pools, dict):
        pools = ", ".join(f"{nb if nb != 'default' else 'every other notebook'} {c['pool_size']}"
                          for nb, c in sorted(pools.items(), key=lambda kv: kv[0] == "default"))
    else:
        pools = f"{pools} per notebook"
    print(
        f"[gardenkit.server] TCP_NODELAY on websockets: {'on' if active else 'off'}; "
        f"kernels over {transport}; pre-warmed kernels: {pools}; dashboard kernels (no debugger, no "
        f"input history): {'on' if dashboard_kernels_enabled() else 'off'}; page plugins (a late widget "
        f"model found): {'on' if page_plugins_enabled() else 'off'}; kernels forked from a "
        f"preloaded process: {'on' if dashboard_kernels_enabled() and kernel_forks.forks_enabled() else 'off'}",
        file=sys.stderr,
        flush=True,
    )
    from traitlets.config import Config

    given = {_option_name(a) for a in args}
    if dashboard_kernels_enabled() and "--VoilaConfiguration.kernel_spec_manager_class" not in given:
        config.setdefault("VoilaConfiguration", {})["kernel_spec_manager_class"] = dashboard_kernel_spec_manager()
        if kernel_forks.forks_enabled():  # its imports are paid while the server starts, not by a page
            import threading

            threading.Thread(target=kernel_forks.fork_server, name="gk-fork-server", daemon=True).start()
    guarded_voila_class().launch_instance(argv=args, config=Config(config))


if __name__ == "__main__":
    main()
