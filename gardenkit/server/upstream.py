"""Every function of another project that the server replaces or wraps, with the release it was
written against and a digest of that function's source there.

The server changes a few private functions of tornado, jupyter_server, jupyter_client, nbconvert,
nbclient and Voilà in its own process (each change is installed by the gardenkit function named in
:attr:`Override.by`). A change like that is only right for the code it was written against: when
upstream rewrites the function, the override may silently undo a fix, or break. So each one is
listed here with the digest of the upstream function's source (:func:`source_digest`, read from the
installed file with ``ast``, nothing imported or run) in the release named, and
``tests/test_server_upstream.py`` fails, naming the override and what it fixes, as soon as an
installed release differs. Then read the new upstream function, adapt or drop the override (it may
be fixed upstream: ``docs/upstream/`` holds the patches written for upstream), and record the new
digest (``python -m gardenkit.server.upstream`` prints every digest as installed).

``kind``: ``"replaces"`` (gardenkit's own version runs instead: it must follow upstream's changes),
``"wraps"`` (gardenkit calls the original around its own code: it relies on its name, its arguments
and what it returns), or ``"subclasses"`` (a gardenkit subclass overrides it and calls ``super()``).

Standard library only: importing this module imports none of the projects it lists.
"""
from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import importlib.util
import textwrap
from dataclasses import dataclass
from pathlib import Path

__all__ = ["OVERRIDES", "Override", "source_digest", "source_of"]


@dataclass(frozen=True)
class Override:
    """One upstream function the server changes."""

    #: ``module:qualname`` of the upstream function (where it is defined)
    target: str
    #: the distribution that ships it, and the release the override was written against
    dist: str
    version: str
    #: :func:`source_digest` of the upstream function in that release
    digest: str
    kind: str
    #: the gardenkit function that installs the change (``module:name``)
    by: str
    #: what it fixes or speeds up, and the patch for upstream if there is one (``docs/upstream/…``)
    why: str


OVERRIDES: tuple[Override, ...] = (
    Override("tornado.websocket:WebSocketHandler._detach_stream", "tornado", "6.6.1", "884ea9f4057df2f3", "wraps",
             "gardenkit.server.launch:install_nodelay",
             "TCP_NODELAY on a kernel's websocket (tornado clears it after the 101 answer): a click's "
             "answer was held ~40 ms by Nagle's algorithm. docs/upstream/jupyter_server-websocket-nodelay.patch"),
    Override("tornado.websocket:WebSocketProtocol13._accept_connection", "tornado", "6.6.1", "bf173a8909c67555",
             "wraps", "gardenkit.server.launch:_install_nodelay_on_open",
             "the same, for a tornado without _detach_stream (a fallback only)"),
    Override("jupyter_server.services.kernels.websocket:KernelWebsocketHandler.get", "jupyter_server", "2.21.1",
             "c72e257f3afd9678", "wraps", "gardenkit.server.guard:install_frame_guard",
             "a kernel websocket must offer the v1 protocol (the legacy one sent Voila's header reader into "
             "~10**18 offsets)"),
    Override("jupyter_server.services.kernels.websocket:KernelWebsocketHandler.on_message", "jupyter_server",
             "2.21.1", "4491500c9da84d35", "wraps", "gardenkit.server.guard:install_frame_guard",
             "each frame checked (size, offsets, JSON parts, rate) before jupyter_server reads it: a malformed "
             "or deeply nested frame closes that socket with 1007 instead of raising (1006). "
             "docs/upstream/jupyter_server-websocket-bad-frame.patch"),
    Override("voila.tornado.kernel_websocket_handler:read_header_from_binary_message", "voila", "0.5.13",
             "05ba80607a82195f", "replaces", "gardenkit.server.guard:_patch_voila_header_reader",
             "a frame's offset count is bounded by its length (upstream builds a list of as many offsets as "
             "the first 8 bytes say). docs/upstream/voila-bounded-header-reader.patch"),
    Override("jupyter_server.base.handlers:JupyterHandler.prepare", "jupyter_server", "2.21.1", "26c890589e64e5be", "wraps",
             "gardenkit.server.guard:install_xsrf_on_render",
             "Voila's render page (TornadoVoilaHandler, which inherits JupyterHandler.prepare) sets the XSRF "
             "cookie, and only the project's template and themes are served"),
    Override("voila.voila_kernel_manager:voila_kernel_manager_factory", "voila", "0.5.13", "97982b8714294b06",
             "wraps", "gardenkit.server.guard:_build_guarded_class",
             "the preheated pool starts at most a few kernels at once; its manager's start_kernel, "
             "get_rendered_notebook and shutdown_kernel are wrapped to count each browser's kernels; the "
             "cull below reads its _pools"),
    Override("jupyter_server.services.kernels.kernelmanager:MappingKernelManager._async_start_kernel",
             "jupyter_server", "2.21.1", "6807ae049d2d5ed1", "wraps", "gardenkit.server.guard:_build_guarded_class",
             "a kernel started for a page is bound to the browser (cookie) and address that asked: at most "
             "kernels_per_browser live kernels each (start_kernel answers the kernel's id)"),
    Override("jupyter_server.services.kernels.kernelmanager:MappingKernelManager.cull_kernels", "jupyter_server",
             "2.21.1", "ea92acfd1cd67efe", "wraps", "gardenkit.server.launch:protect_preheated_kernels",
             "a kernel handed from the pool to a learner gets a fresh idle period (it was culled as idle "
             "while its page loaded)"),
    Override("jupyter_server.services.kernels.kernelmanager:MappingKernelManager.start_watching_activity",
             "jupyter_server", "2.21.1", "37804787fb006c06", "replaces",
             "gardenkit.server.speed:install_light_activity_watch",
             "the activity watcher reads a message's header (and a status message's state) instead of "
             "deserializing every output a kernel sends"),
    Override("jupyter_client.jsonutil:parse_date", "jupyter_client", "8.10.0", "c635c167a2b09f3d", "wraps",
             "gardenkit.server.speed:install_fast_dates",
             "datetime.fromisoformat first (the regular expression and dateutil took ~20 us a date, several "
             "dates a message)"),
    Override("nbconvert.exporters.templateexporter:TemplateExporter._create_environment", "nbconvert", "7.17.2",
             "50e520626988200d", "wraps", "gardenkit.server.launch:install_render_cache",
             "one Jinja environment with a bytecode cache per template, not one compiled per page load"),
    Override("nbconvert.exporters.exporter:Exporter._validate_preprocessor", "nbconvert", "7.17.2",
             "d9de1a99b80b1402", "wraps", "gardenkit.server.launch:install_render_cache",
             "a preprocessor instance made once per class and options, not on every page load"),
    Override("voila.exporter:VoilaExporter.markdown2html", "voila", "0.5.13", "8690e2da5a94d6fb", "wraps",
             "gardenkit.server.launch:_install_markdown_cache",
             "the notebook's Markdown cells rendered once per text, not on every page load"),
    Override("nbformat.v4.nbbase:output_from_msg", "nbformat", "5.11.1", "eceba9e65b545c9e", "wraps",
             "gardenkit.server.launch:_install_plain_outputs",
             "outputs of the plain shape made without a JSON-schema validation each (nbclient imports it "
             "as nbclient.client.output_from_msg, where the wrapper goes)"),
)


def source_of(target: str) -> str:
    """The source text of ``module:qualname`` as installed (read with ``ast``; the module is found,
    not run, though finding it imports its parent packages)."""
    module, _, qualname = target.partition(":")
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        raise LookupError(f"{module} is not installed as Python source")
    text = Path(spec.origin).read_text(encoding="utf-8")
    node: ast.AST = ast.parse(text)
    for name in qualname.split("."):
        found = next((n for n in getattr(node, "body", ())
                      if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.name == name),
                     None)
        if found is None:
            raise LookupError(f"{target}: no {name!r} in {spec.origin}")
        node = found
    return textwrap.dedent(ast.get_source_segment(text, node, padded=True) or "")


def source_digest(target: str) -> str:
    """The first 16 hex digits of the sha256 of :func:`source_of` ``target``."""
    return hashlib.sha256(source_of(target).encode()).hexdigest()[:16]


def installed(override: Override) -> tuple[str | None, str | None]:
    """The installed release of the override's distribution and its function's digest (None where
    either is missing)."""
    try:
        version = importlib.metadata.version(override.dist)
    except importlib.metadata.PackageNotFoundError:
        return None, None
    try:
        return version, source_digest(override.target)
    except (LookupError, ImportError, OSError, SyntaxError):
        return version, None


if __name__ == "__main__":  # pragma: no cover - a maintainer's aid
    for o in OVERRIDES:
        version, digest = installed(o)
        same = "same" if digest == o.digest else f"CHANGED (written against {o.dist} {o.version}: {o.digest})"
        print(f"{o.target}\n    {o.dist} {version}: {digest} {same}")
