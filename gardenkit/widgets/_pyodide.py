"""The static site's kernel (JupyterLite's Pyodide kernel 0.7) loses every ``None`` a widget sends:
it hands the comm message to JavaScript with ``toJs()``, which turns ``None`` into ``undefined``,
and JSON then drops the key. So a trait set back to None never reaches the page (a review panel
shown again with ``layout.display = None`` stayed hidden). :func:`keep_nulls` wraps the kernel's
``send_comm`` so the message goes as a JavaScript object built from its JSON, where None is
``null``. It does nothing outside Pyodide (``sys.platform != "emscripten"``) or outside a kernel.

>>> keep_nulls()   # not on Pyodide: nothing to do
False
"""
from __future__ import annotations

import json
import sys

__all__ = ["keep_nulls"]


def keep_nulls(shell=None, js=None) -> bool:
    """Wrap the Pyodide kernel's ``send_comm`` (once) so None goes as ``null``. Answers whether it
    did. ``shell`` and ``js`` default to ``get_ipython()`` and Pyodide's ``js`` module."""
    if sys.platform != "emscripten" and (shell is None or js is None):
        return False
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    send = getattr(shell, "send_comm", None)
    if send is None or getattr(send, "gk_keeps_nulls", False):
        return False
    if js is None:
        import js  # noqa: PLC0415 - Pyodide's bridge to JavaScript

    def as_js(value):
        try:
            return js.JSON.parse(json.dumps(value))
        except (TypeError, ValueError):  # not JSON: as the kernel would have sent it
            return value

    def send_comm(msg_type, content, metadata, ident, buffers):
        return send(msg_type, as_js(content), as_js(metadata), ident, buffers)

    send_comm.gk_keeps_nulls = True
    shell.send_comm = send_comm
    return True
