"""One cold dashboard page load's CPU (server + kernel), two or more versions of the project
measured in alternating rounds (issue 15: "cut the CPU of one page load at least in half").

Each version is a checkout of the project (``git worktree add /tmp/before a7f4d45``). For each
round, each version in turn (the order alternates from round to round): a server is started as
``python -m gardenkit.server`` (``python -m gardenkit.serve`` for a checkout from before the server
was a package: :func:`launcher`) with ``PYTHONPATH`` pointing at that checkout (so the server, the
fork server and every kernel import that version's ``gardenkit``: checked, the server prints the
path of the ``gardenkit`` it runs), serving the checkout's own ``notebooks/`` with no preheated
pool (each GET starts a kernel and runs the notebook, as a cold page or a pool refill does);
once the server and its helpers are quiet, each notebook is loaded ``--loads`` times, and the
median of server + kernel CPU is kept. Machine load moves every figure: compare within a round.

::

    python benchmarks/compare_load.py /tmp/before . --rounds 2 --loads 3
    python benchmarks/compare_load.py /tmp/before . --notebooks samurai-gardener tang-garden

Not a timed test and not run by ``make bench`` (CPU on a machine shared with other jobs).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))  # the tests' harness: VoilaServer

from loadkit import tree_cpu  # noqa: E402

GAME_NOTEBOOKS = ("samurai-gardener", "miyabi", "karesansui", "tanuki", "tang-garden")


def _quiet(pid: int, seconds: float = 1.5, timeout: float = 180.0) -> None:
    """Until the server and its descendants have used < 5 % CPU for ``seconds``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        a = sum(tree_cpu(pid).values())
        time.sleep(seconds)
        if sum(tree_cpu(pid).values()) - a < 0.05 * seconds:
            return


def _which_gardenkit(root: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", "import gardenkit, os; print(os.path.dirname(gardenkit.__file__))"],
                         env=env, capture_output=True, text=True, check=True, cwd=str(root / "notebooks"))
    return out.stdout.strip()


def launcher(root: Path) -> str:
    """The module that starts ``root``'s server: ``gardenkit.server`` where the checkout has the
    server package (``gardenkit/server/__main__.py``), else the launcher it had before,
    ``gardenkit.serve``."""
    return "gardenkit.server" if (root / "gardenkit" / "server" / "__main__.py").is_file() else "gardenkit.serve"


def measure(root: Path, names: list[str], loads: int, log: Path) -> dict[str, list[dict]]:
    """``loads`` cold GETs of each notebook through a server running ``root``'s code."""
    from harness import VoilaServer

    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(root)
    out: dict[str, list[dict]] = {}
    try:
        with VoilaServer(root / "notebooks", extra_args=["--preheat_kernel=False"], log_path=log,
                         startup_timeout=180, module=launcher(root)) as server:
            spid = server.proc.pid
            _quiet(spid)
            for name in names:
                rows = out.setdefault(name, [])
                for _ in range(loads):
                    _quiet(spid)
                    c0 = tree_cpu(spid)
                    t0 = time.perf_counter()
                    with urllib.request.urlopen(server.url(f"{name}.ipynb"), timeout=300) as resp:
                        size = len(resp.read())
                    wall = time.perf_counter() - t0
                    c1 = tree_cpu(spid)
                    server_cpu = c1.get(spid, 0) - c0.get(spid, 0)
                    other = sum(c1.get(p, 0) - c0.get(p, 0) for p in c1 if p != spid)
                    rows.append({"wall": wall, "server": server_cpu, "kernel": other,
                                 "total": server_cpu + other, "bytes": size})
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("versions", nargs="+", type=Path, help="checkouts of the project (first: the 'before')")
    ap.add_argument("--notebooks", nargs="*", default=list(GAME_NOTEBOOKS), help="notebook stems")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--loads", type=int, default=3, help="cold loads per notebook per round (median kept)")
    ap.add_argument("--json", type=Path, default=None, help="also write every load here")
    args = ap.parse_args(argv)
    roots = [v.resolve() for v in args.versions]
    for root in roots:
        print(f"{root}: gardenkit from {_which_gardenkit(root)}, served by python -m {launcher(root)}", flush=True)
    results: dict = {str(r): [] for r in roots}
    for rnd in range(args.rounds):
        order = roots if rnd % 2 == 0 else roots[::-1]
        for root in order:
            names = [n for n in args.notebooks if (root / "notebooks" / f"{n}.ipynb").exists()]
            load = os.getloadavg()[0]
            log = HERE.parent / "test-artifacts" / f"compare-load-{root.name}.log"
            rows = measure(root, names, args.loads, log)
            results[str(root)].append({"round": rnd + 1, "load": load, "rows": rows})
            meds = {n: statistics.median(r["total"] for r in rs) for n, rs in rows.items()}
            print(f"round {rnd + 1} {root.name} (load {load:.1f}): "
                  + ", ".join(f"{n} {v:.2f} s" for n, v in meds.items()), flush=True)
    print("\n| dashboard | " + " | ".join(r.name for r in roots) + " | last / first |")
    print("|---|" + "---|" * (len(roots) + 1))
    for name in args.notebooks:
        cells, first, last = [], None, None
        for i, root in enumerate(roots):
            meds = [statistics.median(r["total"] for r in rnd["rows"][name])
                    for rnd in results[str(root)] if name in rnd["rows"]]
            cells.append(" / ".join(f"{m:.2f}" for m in meds) + " s" if meds else "—")
            if meds and i == 0:
                first = meds
            if meds and i == len(roots) - 1:
                last = meds
        ratio = " / ".join(f"{b / a:.2f}" for a, b in zip(first, last)) if first and last else ""
        print(f"| {name} | " + " | ".join(cells) + f" | {ratio} |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
