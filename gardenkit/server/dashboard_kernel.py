"""The kernel of a dashboard page served by ``python -m gardenkit.server``: ipykernel, started
without what a dashboard never uses.

Every page a learner opens starts a kernel and runs the whole notebook in it, so a class pays
each kernel's start and each cell once per learner. Two parts of ipykernel cost CPU there and do
nothing for a Voilà page (which executes no code sent by the browser and offers no debugger):

- **the debugger**: ipykernel imports debugpy (pydevd) at every start to offer debugging
  (~50 ms of CPU, a fifth of a kernel's start); here ``debugpy`` cannot be imported, so the
  kernel says it has no debugger;
- **the input history**: IPython writes every executed cell to its SQLite history (~1.3 ms of
  CPU per cell; the Tanuki notebook has 95 code cells); here history is off
  (``--HistoryManager.enabled=False``).

``gardenkit.server`` starts its kernels with this module
(:func:`gardenkit.server.dashboard_kernel_spec_manager` rewrites the ``python -m ipykernel_launcher``
kernel spec); ``GARDENKIT_DASHBOARD_KERNEL=0`` serves with plain ipykernel kernels. Nothing else
changes: the notebook runs as in any kernel.

This module imports only the standard library before ipykernel (a kernel's start is what it saves).
"""
from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["KERNEL_OPTIONS", "main"]

#: options given to every dashboard kernel (before the kernel spec's own, which win)
KERNEL_OPTIONS = ("--HistoryManager.enabled=False",)


def main(argv: list[str] | None = None) -> None:
    """Start an ipykernel (``argv``: its command line, e.g. ``-f <connection file>``) without the
    debugger and the input history."""
    args = list(sys.argv[1:] if argv is None else argv)
    # ipykernel offers a debugger only when ``debugpy`` imports; None in sys.modules makes that
    # import fail (ImportError), which ipykernel reads as "no debugger"
    sys.modules.setdefault("debugpy", None)  # type: ignore[arg-type]
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path.cwd()):  # as ipykernel_launcher does
        del sys.path[0]  # (IPython puts the working folder back)
    from ipykernel import kernelapp

    kernelapp.launch_new_instance(argv=[*KERNEL_OPTIONS, *args])


if __name__ == "__main__":
    main()
