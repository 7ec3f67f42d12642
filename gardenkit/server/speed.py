"""Two per-message costs of the server that a page load pays for every message of its kernel
(``gardenkit.server`` installs both unless ``GARDENKIT_RENDER_CACHE=0``).

While Voilà runs a notebook, every message its kernel publishes (a cell's status, its output, each
widget's ``comm_open`` with the widget's whole state) is read twice by the server: by the
notebook's executor (nbclient), which needs it, and by jupyter_server's *activity watcher*, which
only wants the message's type and, for a status message, the kernel's state (for culling idle
kernels). The watcher checked each message's signature over all its bytes, parsed the dates of
its header with dateutil and wrote a debug log record per message: on the Tang Garden page
(~240 widgets, 5 MB of widget state) a fifth of the server's CPU.

- :func:`install_light_activity_watch`: the watcher reads the header and parent header only (two
  small JSON objects) and the content of a status message, and skips the debug line unless debug
  logging is on. It records exactly what jupyter_server's did (``last_activity``,
  ``execution_state``). It does not check the signature: the kernel's IOPub socket is bound by
  the kernel (in the server's private connection folder, or on loopback), and what the watcher
  reads decides only when an idle kernel is culled; the executor and every page's websocket still
  check every message.
- :func:`install_fast_dates`: jupyter_client parses every ISO 8601 date of every message it reads
  (``jsonutil.parse_date``) with dateutil; Python's ``datetime.fromisoformat`` reads the same
  strings (the ones jupyter_client's own pattern accepts) ~6× faster. Anything it does not read
  as a date with a time zone goes to jupyter_client's own function, so the result is unchanged.
"""
from __future__ import annotations

import logging
from datetime import datetime

__all__ = ["install_fast_dates", "install_light_activity_watch"]

_MARK = "_gardenkit_light"


def install_fast_dates() -> bool:
    """``jupyter_client.jsonutil.parse_date`` with a ``datetime.fromisoformat`` fast path."""
    from jupyter_client import jsonutil

    original = jsonutil.parse_date
    if getattr(original, _MARK, False):
        return True
    pattern = jsonutil.ISO8601_PAT

    def parse_date(s):  # type: ignore[no-untyped-def]
        if isinstance(s, str) and pattern.match(s):
            try:
                dt = datetime.fromisoformat(s)
            except ValueError:
                return original(s)
            if dt.tzinfo is not None:
                return dt
        return original(s)

    setattr(parse_date, _MARK, True)
    parse_date.__doc__ = original.__doc__
    jsonutil.parse_date = parse_date
    return True


def install_light_activity_watch() -> bool:
    """jupyter_server's kernel activity watcher reading only headers (see the module's text)."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from jupyter_server._tz import utcnow
    from jupyter_client.session import Session

    if getattr(MappingKernelManager.start_watching_activity, _MARK, False):
        return True

    def start_watching_activity(self, kernel_id):  # type: ignore[no-untyped-def]
        self.log.debug("Watching kernel activity: %s", kernel_id)
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = Session(config=kernel.session.config, key=kernel.session.key)
        log = self.log

        def record_activity(msg_list):  # type: ignore[no-untyped-def]
            _idents, parts = session.feed_identities(msg_list)
            # parts: signature, header, parent header, metadata, content, buffers…
            header = session.unpack(parts[1])
            parent_header = session.unpack(parts[2]) if len(parts) > 2 else {}
            msg_type = header.get("msg_type")
            parent_msg_type = parent_header.get("msg_type") if parent_header else None
            if (self.track_message_type(msg_type) or self.track_message_type(parent_msg_type)
                    or kernel.execution_state == "busy"):
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                execution_state = session.unpack(parts[4])["execution_state"]
                if self.track_message_type(parent_msg_type):
                    kernel.execution_state = execution_state
                elif kernel.execution_state == "starting" and execution_state != "starting":
                    kernel.execution_state = "idle"
                if log.isEnabledFor(logging.DEBUG):
                    log.debug("activity on %s: %s (%s)", kernel_id, msg_type, kernel.execution_state)
            elif log.isEnabledFor(logging.DEBUG):
                log.debug("activity on %s: %s", kernel_id, msg_type)

        kernel._activity_stream.on_recv(record_activity)

    setattr(start_watching_activity, _MARK, True)
    start_watching_activity.__doc__ = MappingKernelManager.start_watching_activity.__doc__
    MappingKernelManager.start_watching_activity = start_watching_activity
    return True
