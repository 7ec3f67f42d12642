"""The test suite's long checks at their full size (run by `make bench`, not by `make test`).

`make test` runs a sample of each of these, the same cases every run (``gardenkit.testing.sized``);
here ``GARDENKIT_FULL_CHECKS=1`` runs every case:

- every shipped puzzle of every game searched again at its seed and budget (the suite: 5 a game);
- 2 000 random edits of Samurai Gardener saves, each refused or played to the end (the suite: 600);
- 6 rounds of edits of every Tanuki save in its robustness test (the suite: 1);
- 2 000 random edits of Miyabi saves (the suite: 400) and 6 rounds of edits of every Karesansui
  save of its robustness test (the suite: 3), each refused or played to the end;
- 60 dashboard pages opened at the same moment, each answering a click (the suite: 30);
- 30 loads of the Tang Garden dashboard on a machine kept busy, none missing a model (the suite: 6).

It prints how long each took and fails (exit 1) when any check fails. Options: ``--only KEYWORD``
(pytest's ``-k``) to run some of them, e.g. ``--only puzzles``.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: (name, pytest node ids or -k selection)
CHECKS = (
    ("puzzles searched again", ["tests/test_puzzles.py", "-k", "still_best_when_searched_again"]),
    ("Samurai Gardener saves edited", ["tests/test_samurai_gardener_robust.py", "-k", "mutated_saves"]),
    ("Tanuki saves edited", ["tests/test_tanuki_robust.py", "-k", "mutated_saves"]),
    ("Miyabi saves edited", ["tests/test_miyabi_robust.py", "-k", "mutated_saves"]),
    ("Karesansui saves edited", ["tests/test_karesansui_robust.py", "-k", "mutated_saves"]),
    ("pages opened at once", ["tests/test_serve_pool.py", "-k", "many_pages_opened_at_once"]),
    ("Tang Garden loads on a busy machine", ["tests/browser/test_tang_garden_page_loads.py", "-k", "every_load"]),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run only the checks whose name contains this")
    args = parser.parse_args(argv)
    env = {**os.environ, "GARDENKIT_FULL_CHECKS": "1"}
    failed = []
    print("| check | result | seconds |\n|---|---|---|")
    for name, selection in CHECKS:
        if args.only and args.only not in name:
            continue
        start = time.perf_counter()
        rc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *selection],
                            cwd=REPO, env=env, stdout=subprocess.DEVNULL if not os.environ.get("VERBOSE") else None).returncode
        took = time.perf_counter() - start
        print(f"| {name} | {'passed' if rc == 0 else f'FAILED (pytest exit {rc})'} | {took:.0f} |", flush=True)
        if rc != 0:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)} (run again with VERBOSE=1 to see pytest's report)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
