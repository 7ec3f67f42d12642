"""gardenkit's guards in any Jupyter server (Binder's, a JupyterHub's single-user servers): a
Jupyter Server extension, so that a server that runs Voilà as an extension (``/voila/render/…``)
gets what ``python -m gardenkit.server`` gives its own Voilà.

Enable it like any extension::

    jupyter server extension enable gardenkit.server
    # or, in jupyter_server_config.py:
    c.ServerApp.jpserver_extensions = {"gardenkit.server": True}

When the server starts it installs, each as its option says (traitlets config,
``c.GardenkitServerExtension.<option>`` or ``--GardenkitServerExtension.<option>=…``):

- ``nodelay``: TCP_NODELAY on websockets (a click's answer is not held ~40 ms by Nagle's
  algorithm; ``GARDENKIT_NODELAY=0`` turns it off too);
- ``frame_guard``: every kernel websocket frame checked before jupyter_server reads it (the v1
  protocol only; offsets that do not fit, JSON parts that are not JSON or nest too deeply: that
  socket closes with 1007), with ``messages_per_second`` per socket (0: no limit, as on Binder,
  where each learner has a container of their own and JupyterLab's "Run All" sends a message per
  cell at once) and ``burst``;
- ``xsrf_on_render``: Voilà's dashboard page sets the ``_xsrf`` cookie, so its close may shut its
  kernel (without it every reload leaves a kernel behind).

The kernel caps per browser, the ``Host`` check and the preheated pool are the launcher's
(``python -m gardenkit.server``, Voilà's own app), not a Jupyter server's.
"""
from __future__ import annotations

from traitlets import Bool, Float, Int
from traitlets.config import Configurable

from .guard import DEFAULT_BURST, install_frame_guard, install_xsrf_on_render
from .launch import install_nodelay

__all__ = ["GardenkitServerExtension", "load"]


class GardenkitServerExtension(Configurable):
    """What the extension installs in the Jupyter server (see the module's text)."""

    nodelay = Bool(True, help="TCP_NODELAY on websockets (GARDENKIT_NODELAY=0 turns it off too).").tag(config=True)
    frame_guard = Bool(True, help="Check every kernel websocket frame before jupyter_server reads it "
                                  "(the v1 protocol only; a malformed frame closes its socket with 1007).").tag(config=True)
    messages_per_second = Float(0.0, help="Messages a kernel websocket may send per second, on average "
                                          "(0: no limit).").tag(config=True)
    burst = Int(DEFAULT_BURST, help="Messages a kernel websocket may send at once above that rate.").tag(config=True)
    xsrf_on_render = Bool(True, help="Voila's dashboard page sets the _xsrf cookie, so that its close may "
                                     "shut its kernel.").tag(config=True)


def load(serverapp) -> list[str]:
    """Install what the options ask for in ``serverapp``'s process; answers what was installed (also
    logged). Safe to call twice."""
    options = GardenkitServerExtension(parent=serverapp)
    done = []
    if options.nodelay and install_nodelay():
        done.append("TCP_NODELAY on websockets")
    if options.frame_guard and install_frame_guard(rate=options.messages_per_second, burst=options.burst):
        limit = f"{options.messages_per_second:g}/s" if options.messages_per_second > 0 else "no rate limit"
        done.append(f"kernel websocket frames checked ({limit})")
    if options.xsrf_on_render and install_xsrf_on_render():
        done.append("Voila's page sets its _xsrf cookie")
    serverapp.log.info("gardenkit: %s", "; ".join(done) or "nothing installed (every option off)")
    return done


def _load_jupyter_server_extension(serverapp) -> None:
    """What jupyter_server calls once the extension is enabled."""
    load(serverapp)
