"""``python -m gardenkit.server [--port=8866] [any voila option ...] [notebooks/]``: the dashboard
server's launcher (:func:`gardenkit.server.launch.main`; ``--help-all`` lists Voilà's options)."""
from __future__ import annotations

from gardenkit.server.launch import main

if __name__ == "__main__":
    main()
