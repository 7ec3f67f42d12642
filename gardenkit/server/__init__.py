"""The dashboard server: gardenkit's notebooks served as Voilà dashboards to a class.

- :mod:`gardenkit.server.launch`: the launcher, ``python -m gardenkit.server`` (what
  ``make dashboards`` runs): Voilà with gardenkit's defaults, TCP_NODELAY on websockets, the
  preheated kernel pool (``--pool``, ``--game``) and the render shortcuts;
- :mod:`gardenkit.server.guard`: the guards (kernel websocket frames checked, a rate limit per
  page, the ``Host`` header, each kernel tied to the browser that opened it);
- :mod:`gardenkit.server.kernel_forks`: the fork server, from which dashboard kernels are forked
  with everything a page imports already imported (jupyter_client's kernel provisioner
  ``gardenkit-kernel-forks``, an entry point of gardenkit's);
- :mod:`gardenkit.server.dashboard_kernel`: the kernel a dashboard page gets (ipykernel without
  its debugger and input history);
- :mod:`gardenkit.server.speed`: per-message fast paths of jupyter_server and jupyter_client;
- :mod:`gardenkit.server.extension`: the guards as a Jupyter Server extension, for a server that
  runs Voilà as one (Binder): ``jupyter server extension enable gardenkit.server``;
- :mod:`gardenkit.server.upstream`: every function of another project the server replaces or
  wraps, with the release it was written against (a test fails when an installed one differs).

Only the server (and Binder's Jupyter config, the tests and the benchmarks) import this package;
learners' code never does, and nothing else in gardenkit imports it (tests/test_imports.py). Like
its modules, it imports only the standard library when imported (tornado, jupyter_server and voila
when the server starts), never gardenkit's games or widgets, so a Jupyter config file can load it::

    from gardenkit.server import install_frame_guard, install_nodelay, install_xsrf_on_render

The names below are :mod:`gardenkit.server.launch`'s, loaded on first use: a kernel
(``python -m gardenkit.server.dashboard_kernel``) or the fork server imports this package first and
need not pay for the launcher.
"""
from __future__ import annotations

__all__ = [
    "ALLOWED_HOSTS_ENV",
    "V1_PROTOCOL",
    "guarded_voila_class",
    "install_frame_guard",
    "install_xsrf_on_render",
    "accepted_websocket_nodelay",
    "default_args",
    "game_notebook",
    "install_nodelay",
    "install_render_cache",
    "dashboard_kernel_argv",
    "dashboard_kernel_spec_manager",
    "dashboard_kernels_enabled",
    "is_kernel_command",
    "pool_config",
    "transport_args",
    "main",
    "protect_preheated_kernels",
    "nodelay_enabled",
    "page_plugin_args",
    "page_plugins_enabled",
    "page_plugins_path",
]


def _jupyter_server_extension_points() -> list[dict]:
    """What ``jupyter server extension enable gardenkit.server`` enables: :mod:`.extension`."""
    return [{"module": "gardenkit.server.extension"}]


def __getattr__(name: str):
    if name in __all__:
        from . import launch

        value = getattr(launch, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
