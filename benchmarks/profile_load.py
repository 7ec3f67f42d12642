"""Where one dashboard page load's CPU goes (issue 15), notebook by notebook.

Not a benchmark with a goal (``make bench`` does not run it: its name is not ``bench_*``); a
profile to decide what to cut. Three measurements per notebook of ``notebooks/``:

1. **In a kernel, cell by cell** (jupyter_client, the kernel started in ``notebooks/`` as Voilà
   does, a dashboard kernel as ``gardenkit.server`` starts it unless ``GARDENKIT_DASHBOARD_KERNEL=0``,
   forked from the fork server unless ``GARDENKIT_KERNEL_FORKS=0``, the fork server started before
   the clock): the kernel's start (process spawned → ``kernel_info`` answered), then each code cell's
   wall time, the kernel's CPU time (user + system, read from /proc) and how many widget comms
   it opened (``comm_open`` on iopub) — then the page's ``request_states`` (what the browser
   sends when it loads: every widget's state, serialised by the kernel).
2. **Voilà's render with a real server** (``python -m gardenkit.server``, no preheated pool, so
   each GET starts a kernel and runs the notebook as a cold page does): the GET's wall time, the
   server process's CPU (template render, nbconvert, message handling) and its kernel's CPU.
3. **Voilà's render from the preheated pool** (the default): the GET's wall time and CPU once
   the pool holds an executed kernel; the refill that follows costs a whole cold load again.

::

    python benchmarks/profile_load.py                       # every notebook, a table each
    python benchmarks/profile_load.py --notebooks miyabi --repeat 3
    python benchmarks/profile_load.py --no-server           # only the kernel profile
    GARDENKIT_RENDER_CACHE=0 python benchmarks/profile_load.py --no-kernel   # without the render cache
    python benchmarks/profile_load.py --lazy-prototype      # as if lessons' boards were built on a click
    python benchmarks/profile_load.py --lazy-prototype all  # ... and the game too

The figures are CPU seconds (both cores count), so they are less sensitive to what else runs on
the machine than the wall times, which are printed beside them.
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import re
import statistics
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
NOTEBOOKS = REPO / "notebooks"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "tests"))  # the tests' harness: VoilaServer

from loadkit import tree_cpu  # noqa: E402

from gardenkit.server import is_kernel_command, kernel_forks  # noqa: E402

_TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, children: bool = False) -> float:
    """User + system CPU seconds of process ``pid`` (and of its reaped children), from /proc."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    # fields[11..14] = utime stime cutime cstime (after the ')' the 3rd field is index 0)
    total = int(fields[11]) + int(fields[12])
    if children:
        total += int(fields[13]) + int(fields[14])
    return total / _TICK


def code_cells(path: Path) -> list[tuple[int, str]]:
    nb = json.loads(path.read_text())
    return [(i, "".join(c["source"]) if isinstance(c["source"], list) else c["source"])
            for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"]


def label_of(source: str) -> str:
    lines = [ln for ln in source.strip().splitlines() if ln.strip() and not ln.startswith("#")]
    text = lines[-1] if lines else source.strip().splitlines()[0]
    return (text[:58] + "…") if len(text) > 59 else text


# ----- 1. the notebook in a kernel, cell by cell ----------------------------------------------


def profile_kernel(path: Path) -> dict:
    """Kernel start, then each cell's wall/CPU/comms, then request_states, in one fresh kernel."""
    from jupyter_client.manager import KernelManager

    from gardenkit.server import dashboard_kernel_spec_manager, dashboard_kernels_enabled

    # the kernel gardenkit.server starts (a dashboard kernel, unless GARDENKIT_DASHBOARD_KERNEL=0)
    specs = dashboard_kernel_spec_manager()() if dashboard_kernels_enabled() else None
    km = KernelManager(kernel_name="python3", **({"kernel_spec_manager": specs} if specs else {}))
    if specs is not None and kernel_forks.forks_enabled():
        kernel_forks.fork_server()  # its preload is paid once per server (at its start), not per kernel
    t0 = time.perf_counter()
    km.start_kernel(cwd=str(path.parent))
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=120)
    pid = km.provisioner.process.pid
    start = {"wall": time.perf_counter() - t0, "cpu": cpu_seconds(pid)}
    cells = []
    comm_ids: list[tuple[str, str]] = []
    try:
        for index, source in code_cells(path):
            c0, w0 = cpu_seconds(pid), time.perf_counter()
            msg_id = kc.execute(source, store_history=False)
            comms, error = 0, None
            while True:
                msg = kc.get_iopub_msg(timeout=600)
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                kind = msg["msg_type"]
                if kind == "comm_open":
                    comms += 1
                    comm_ids.append((msg["content"]["comm_id"],
                                     msg["content"]["data"].get("state", {}).get("_model_name", "")))
                elif kind == "error":
                    error = f'{msg["content"]["ename"]}: {msg["content"]["evalue"]}'
                elif kind == "status" and msg["content"]["execution_state"] == "idle":
                    break
            cells.append({"index": index, "label": label_of(source), "comms": comms,
                          "wall": time.perf_counter() - w0, "cpu": cpu_seconds(pid) - c0,
                          "error": error})
        states = request_states(kc, pid)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    models: dict[str, int] = {}
    for _, name in comm_ids:
        models[name] = models.get(name, 0) + 1
    return {"start": start, "cells": cells, "states": states, "models": models}


def request_states(kc, pid: int) -> dict:
    """What the page does on load: open the widget control comm, ask for every state."""
    import uuid

    comm_id = uuid.uuid4().hex
    c0, w0 = cpu_seconds(pid), time.perf_counter()
    open_msg = kc.session.msg("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                            "data": {}}, metadata={"version": "1.0.0"})
    kc.shell_channel.send(open_msg)
    ask = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
    kc.shell_channel.send(ask)
    size, count = 0, 0
    while True:
        msg = kc.get_iopub_msg(timeout=120)
        if msg["parent_header"].get("msg_id") != ask["header"]["msg_id"]:
            continue
        if msg["msg_type"] == "comm_msg" and msg["content"].get("comm_id") == comm_id:
            states = msg["content"]["data"].get("states", {})
            count = len(states)
            size = len(json.dumps(msg["content"])) + sum(len(b) for b in msg.get("buffers", []))
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            break
    return {"wall": time.perf_counter() - w0, "cpu": cpu_seconds(pid) - c0, "count": count,
            "bytes": size}


# ----- 2./3. Voilà's render with a real server ------------------------------------------------


def _get(url: str) -> tuple[float, int]:
    t0 = time.perf_counter()
    with urllib.request.urlopen(url, timeout=300) as resp:
        body = resp.read()
    return time.perf_counter() - t0, len(body)


def _kernel_pids(server_pid: int) -> set[int]:
    import psutil

    out = set()
    for p in psutil.Process(server_pid).children(recursive=True):
        try:
            if is_kernel_command(p.cmdline()):
                out.add(p.pid)
        except psutil.NoSuchProcess:
            pass
    return out


def _quiet(server_pid: int, seconds: float = 1.5, timeout: float = 180) -> None:
    """Until the server and its kernels have used < 5 % CPU for ``seconds`` (the pool filled)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        a = sum(tree_cpu(server_pid).values())
        time.sleep(seconds)
        b = sum(tree_cpu(server_pid).values())
        if b - a < 0.05 * seconds:
            return


def profile_render(names: list[str], repeat: int, preheat: bool,
                   folder: Path = NOTEBOOKS) -> dict[str, list[dict]]:
    """GET each dashboard ``repeat`` times; wall, server CPU and kernel CPU of each load."""
    from harness import VoilaServer

    args = ["--preheat_kernel=True"] if preheat else ["--preheat_kernel=False"]
    out: dict[str, list[dict]] = {n: [] for n in names}
    log = REPO / "test-artifacts" / f"profile-load-{'pool' if preheat else 'cold'}.log"
    with VoilaServer(folder, extra_args=args, log_path=log,
                     startup_timeout=180) as server:
        spid = server.proc.pid
        for _ in range(repeat):
            for name in names:
                _quiet(spid)
                before_k = _kernel_pids(spid)
                s0 = cpu_seconds(spid)
                k0 = tree_cpu(spid)
                wall, size = _get(server.url(name))
                s1 = cpu_seconds(spid)
                k1 = tree_cpu(spid)
                new = _kernel_pids(spid) - before_k
                # kernels' CPU during the GET (a pooled kernel may have been idle; a cold one new)
                kern = sum(k1.get(p, 0) - k0.get(p, 0) for p in k1 if p != spid)
                row = {"wall": wall, "server_cpu": s1 - s0, "kernel_cpu": kern, "bytes": size,
                       "new_kernels": len(new)}
                if preheat:  # what the refill this load triggered costs (a whole cold load)
                    r0 = tree_cpu(spid)
                    _quiet(spid)
                    r1 = tree_cpu(spid)
                    row["refill_cpu"] = sum(r1.get(p, 0) - r0.get(p, 0) for p in r1)
                out[name].append(row)
    return out


# ----- a prototype of boards built when a learner opens them -----------------------------------

#: Run before the notebook: the notebook's TryBoard / ScenarioPlayer / QuizWidget become a box
#: with one "Try it" button that builds the real widget when clicked. Only a measurement of what
#: building the boards on demand would save (the notebooks are not changed): the real change
#: would also show the board's picture (a static SVG output, no widget) above the button.
LAZY_PREAMBLE = """\
import gardenkit.widgets as _gk_widgets, ipywidgets as _gk_w

def _gk_lazy(cls):
    def make(*args, **kwargs):
        button = _gk_w.Button(description="Try it")
        box = _gk_w.VBox([button])
        button.on_click(lambda _b: setattr(box, "children", (cls(*args, **kwargs),)))
        return box
    return make

for _gk_name in _GK_LAZY:
    setattr(_gk_widgets, _gk_name, _gk_lazy(getattr(_gk_widgets, _gk_name)))
"""
#: What ``--lazy-prototype`` builds on a click: the lessons' widgets, or (``all``) the game too.
LAZY_WIDGETS = {
    "lessons": ("TryBoard", "ScenarioPlayer", "QuizWidget"),
    "all": ("TryBoard", "ScenarioPlayer", "QuizWidget", "SamuraiGame", "MiyabiGame", "KaresansuiGame"),
}


def lazy_copies(names: list[str], folder: Path, which: str = "lessons") -> Path:
    """Copies of the notebooks with :data:`LAZY_PREAMBLE` as their first cell, in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    preamble = f"_GK_LAZY = {LAZY_WIDGETS[which]!r}\n" + LAZY_PREAMBLE
    for name in names:
        nb = json.loads((NOTEBOOKS / name).read_text())
        nb["cells"].insert(0, {"cell_type": "code", "id": "gk-lazy-preamble", "metadata": {},
                               "execution_count": None, "outputs": [], "source": preamble})
        (folder / name).write_text(json.dumps(nb))
    return folder


# ----- report -------------------------------------------------------------------------------


def print_kernel_profile(name: str, prof: dict, top: int) -> None:
    cells = prof["cells"]
    total_cpu = prof["start"]["cpu"] + sum(c["cpu"] for c in cells) + prof["states"]["cpu"]
    total_comms = sum(c["comms"] for c in cells)
    print(f"\n### {name}: {len(cells)} code cells, {total_comms} widget comms, "
          f"kernel CPU {total_cpu:.2f} s\n")
    print("| step | comms | wall | kernel CPU |")
    print("|---|---:|---:|---:|")
    print(f"| kernel start (spawn → kernel_info) | | {prof['start']['wall']:.2f} s | "
          f"{prof['start']['cpu']:.2f} s |")
    ranked = sorted(cells, key=lambda c: -c["cpu"])
    shown = {id(c) for c in ranked[:top]}
    rest = [c for c in cells if id(c) not in shown]
    for c in cells:
        if id(c) in shown:
            err = f" **{c['error']}**" if c["error"] else ""
            print(f"| cell {c['index']}: `{c['label']}`{err} | {c['comms']} | {c['wall']:.3f} s | "
                  f"{c['cpu']:.3f} s |")
    if rest:
        print(f"| {len(rest)} other cells | {sum(c['comms'] for c in rest)} | "
              f"{sum(c['wall'] for c in rest):.3f} s | {sum(c['cpu'] for c in rest):.3f} s |")
    st = prof["states"]
    print(f"| page's request_states ({st['count']} states, {st['bytes'] / 1024:.0f} KB) | | "
          f"{st['wall']:.3f} s | {st['cpu']:.3f} s |")
    models = ", ".join(f"{k or '?'} {v}" for k, v in sorted(prof["models"].items(), key=lambda kv: -kv[1]))
    print(f"\nwidget models opened: {models}")


def summarise_render(title: str, rows: dict[str, list[dict]], preheat: bool) -> None:
    print(f"\n### Voilà render, {title}\n")
    head = "| notebook | loads | GET wall (median) | server CPU | kernel CPU during GET |"
    sep = "|---|---:|---:|---:|---:|"
    if preheat:
        head += " refill CPU (next kernel) |"
        sep += "---:|"
    print(head)
    print(sep)
    for name, rs in rows.items():
        if not rs:
            continue
        med = lambda k: statistics.median(r[k] for r in rs)  # noqa: E731
        line = (f"| {name} | {len(rs)} | {med('wall'):.2f} s | {med('server_cpu'):.2f} s | "
                f"{med('kernel_cpu'):.2f} s |")
        if preheat:
            line += f" {med('refill_cpu'):.2f} s |"
        print(line)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--notebooks", nargs="*", default=None,
                    help="notebook names (stem or file name; default: every notebook)")
    ap.add_argument("--repeat", type=int, default=2, help="loads per notebook through Voilà")
    ap.add_argument("--top", type=int, default=8, help="cells to list by CPU (the rest summed)")
    ap.add_argument("--no-server", action="store_true", help="only the kernel profile")
    ap.add_argument("--no-kernel", action="store_true", help="only the renders through Voilà")
    ap.add_argument("--no-pool", action="store_true", help="no render from the preheated pool")
    ap.add_argument("--json", type=Path, default=None, help="also write every figure here")
    ap.add_argument("--lazy-prototype", nargs="?", const="lessons", choices=sorted(LAZY_WIDGETS),
                    help="profile copies whose try boards, scenarios and quizzes (all: and the game) "
                         "are built on a click")
    args = ap.parse_args(argv)

    all_nbs = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    if args.notebooks:
        wanted = []
        for n in args.notebooks:
            match = [p for p in all_nbs if p == n or p.startswith(n)]
            if not match:
                ap.error(f"no notebook {n!r} in {NOTEBOOKS} ({', '.join(all_nbs)})")
            wanted += match
    else:
        wanted = all_nbs
    result: dict = {"kernel": {}, "cold": {}, "pool": {}}
    folder = NOTEBOOKS
    if args.lazy_prototype:
        import tempfile

        folder = lazy_copies(wanted, Path(tempfile.mkdtemp(prefix="gk-lazy-")), args.lazy_prototype)
        print(f"lazy prototype: copies in {folder} ({', '.join(LAZY_WIDGETS[args.lazy_prototype])} "
              "built on a click)")
    for name in [] if args.no_kernel else wanted:
        prof = profile_kernel(folder / name)
        result["kernel"][name] = prof
        print_kernel_profile(name, prof, args.top)
        sys.stdout.flush()
    if not args.no_server:
        result["cold"] = profile_render(wanted, args.repeat, preheat=False, folder=folder)
        summarise_render("cold (no pool: each GET starts a kernel and runs the notebook)",
                         result["cold"], preheat=False)
        if not args.no_pool:
            result["pool"] = profile_render(wanted, args.repeat, preheat=True, folder=folder)
            summarise_render("from the preheated pool (the default)", result["pool"], preheat=True)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
