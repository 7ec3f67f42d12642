"""``make dashboards`` for a class: pre-warmed kernels (POOL, GAME) and kernels over IPC.

- the knobs reach the server's command (``make -n``), and the launcher turns ``--pool``/``--game``
  into Voilà's pool configuration (a game's name finds its notebook; a wrong one is refused before
  the server starts);
- a real server started with the options ``make dashboards POOL=3 GAME=game`` gives it warms
  three kernels for that notebook and one for the other, hands them to the first three pages,
  and its kernels talk to it over Unix sockets in its own 0700 folder (no TCP port at all);
- many pages opened at the same moment all get a kernel, and a click on each is answered (with
  TCP ports, ~60 kernels starting together collided: "Address already in use", a page with no
  kernel);
- by default the pool starts its kernels a few at a time (``--GardenkitPool.max_starting``), so
  that refilling it after a class arrived leaves the machine to the pages being opened.

The pages are opened by the load benchmark's protocol-level learners (``benchmarks/loadkit.py``):
the page with its cookies, the kernel websocket (v1), the widget states, a click on the board.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from harness import ARTIFACTS, notebook_json, served, wait_until

from gardenkit.server.launch import (
    OTHER_POOL,
    UsageError,
    game_notebook,
    pool_config,
    transport_args,
)

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
sys.path.insert(0, str(REPO / "benchmarks"))

from loadkit import ProtocolLearner, http_client, kernel_processes  # noqa: E402

from gardenkit.testing import sized  # noqa: E402

#: Pages opened at the same moment in the simultaneous-start test.
#: (60: over TCP ports, 60 pages at once gave 6 "Address already in use" and a page with no
#: kernel on this machine; over IPC all 60 were usable in 20 s.)
#: The suite opens 30 (92 s for 60 on an idle 2-core machine); make bench opens 60
#: (GARDENKIT_FULL_CHECKS=1, benchmarks/bench_full_checks.py).
SIMULTANEOUS = int(os.environ.get("GARDENKIT_SIMULTANEOUS_PAGES", str(sized(30, 60))))

#: A tiny dashboard: a board (an anywidget with the drawing's head/body/tail, like gardenkit's)
#: inside a ``.gk-game`` box; a click on it redraws it with the next version.
BOARD_CELL = '''\
import anywidget, traitlets, ipywidgets as w

class Board(anywidget.AnyWidget):
    _esm = "export default { render({ model, el }) { el.innerHTML = model.get('head') + model.get('body') + model.get('tail'); } }"
    head = traitlets.Unicode('<svg data-version="1">').tag(sync=True)
    body = traitlets.Unicode('<rect data-pick="a"/><rect data-pick="b"/>').tag(sync=True)
    tail = traitlets.Unicode('</svg>').tag(sync=True)

    def __init__(self):
        super().__init__()
        self.version = 1
        self.on_msg(self._clicked)

    def _clicked(self, _widget, content, _buffers):
        self.version += 1
        self.head = f'<svg data-version="{self.version}">'

game = w.VBox([Board()])
game.add_class("gk-game")
game
'''


def _notebook(source: str) -> str:
    return json.dumps(notebook_json([{"cell_type": "code", "id": "board", "metadata": {},
                                      "execution_count": None, "outputs": [], "source": source}]))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("class-site")
    (root / "game.ipynb").write_text(_notebook(BOARD_CELL))
    (root / "other.ipynb").write_text(_notebook("print('another notebook')"))
    return root


def dry_run(*args: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k not in {"HOST", "POOL", "GAME", "KERNEL_TRANSPORT"}}
    out = subprocess.run(["make", "--no-print-directory", "-n", "dashboards", *args], cwd=REPO, env=environ,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert "gardenkit.server" in out, out
    return out


def make_serve_options(*args: str) -> list[str]:
    """The options ``make dashboards <args>`` gives ``python -m gardenkit.server``, minus the port,
    the browser and the folder (the test serves its own on a free port)."""
    command = dry_run(*args).replace("\\\n", " ")
    line = next(ln for ln in command.splitlines() if "gardenkit.server" in ln)
    words = shlex.split(line)
    options = words[words.index("gardenkit.server") + 1:]
    assert options[-1] == "notebooks/", options
    return [o for o in options[:-1] if not o.startswith(("--port=", "--no-browser"))]


# ----- the knobs --------------------------------------------------------------------------------

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


@needs_make
def test_make_dashboards_warms_one_kernel_per_notebook_over_ipc_by_default():
    options = make_serve_options()
    assert "--pool=1" in options and "--preheat_kernel=True" in options
    assert "--KernelManager.transport=ipc" in options
    assert not any(o.startswith("--game") for o in options)


@needs_make
def test_pool_and_game_of_the_day_reach_the_server():
    options = make_serve_options("POOL=20", "GAME=miyabi", "KERNEL_TRANSPORT=tcp")
    assert "--pool=20" in options and "--game=miyabi" in options
    assert "--KernelManager.transport=tcp" in options
    # what the launcher makes of them, for the real notebooks
    rest, config = pool_config([*options, "notebooks/"])
    assert config == {"VoilaKernelManager": {"kernel_pools_config": {
        "default": {"pool_size": OTHER_POOL}, "miyabi.ipynb": {"pool_size": 20}}}}
    assert not any(o.startswith(("--pool", "--game")) for o in rest)


def test_a_game_is_found_by_its_name_or_the_start_of_it():
    assert game_notebook(NOTEBOOKS, "miyabi") == "miyabi.ipynb"
    assert game_notebook(NOTEBOOKS, "samurai") == "samurai-gardener.ipynb"
    assert game_notebook(NOTEBOOKS, "samurai_gardener") == "samurai-gardener.ipynb"
    assert game_notebook(NOTEBOOKS, "Karesansui.ipynb") == "karesansui.ipynb"
    _, config = pool_config(["--pool=4", "--game=miyabi,samurai", str(NOTEBOOKS)])
    assert config["VoilaKernelManager"]["kernel_pools_config"] == {
        "default": {"pool_size": OTHER_POOL}, "miyabi.ipynb": {"pool_size": 4},
        "samurai-gardener.ipynb": {"pool_size": 4}}
    assert pool_config(["--pool=0"])[1] == {"VoilaConfiguration": {"default_pool_size": 0}}


@pytest.mark.parametrize("argv, says", [
    (["--pool=4", "--game=chess", "notebooks/"], "no such notebook"),
    (["--game=miyabi", "notebooks/"], "give --pool too"),
    (["--pool=lots"], "a number of kernels"),
    (["--pool=-1"], "0 or more"),
    (["--pool"], "needs a value"),
])
def test_pool_options_that_cannot_be_served_are_refused(argv, says, monkeypatch):
    monkeypatch.chdir(REPO)
    with pytest.raises(UsageError, match=says):
        pool_config(argv)


def test_the_launcher_refuses_an_unknown_game_before_starting():
    done = subprocess.run([sys.executable, "-m", "gardenkit.server", "--pool=3", "--game=chess",
                           "notebooks/"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "--game=chess: no such notebook" in done.stderr and "miyabi" in done.stderr


def test_ipc_sockets_get_a_short_folder_when_the_temporary_one_is_long(monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "gettempdir", lambda: "/var/folders/xy/" + "z" * 40 + "/T")
    assert transport_args(["--KernelManager.transport=ipc"])[0] == "--Voila.connection_dir_root=/tmp"
    assert transport_args(["--KernelManager.transport=tcp"]) == ["--KernelManager.transport=tcp"]
    given = ["--KernelManager.transport=ipc", "--Voila.connection_dir_root=/srv/k"]
    assert transport_args(given) == given
    monkeypatch.setattr(tempfile, "gettempdir", lambda: "/tmp")
    assert transport_args(["--KernelManager.transport=ipc"]) == ["--KernelManager.transport=ipc"]


# ----- a real server ----------------------------------------------------------------------------


def _kernel_ids(server) -> set[str]:
    ids = set()
    for proc in kernel_processes(server.proc.pid):
        try:
            found = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(proc.cmdline()))
        except psutil.NoSuchProcess:
            continue
        if found:
            ids.add(found.group(1))
    return ids


def _wait_kernels(server, n: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while len(kernel_processes(server.proc.pid)) < n:
        assert server.proc.poll() is None, server.log_tail()
        assert time.monotonic() < deadline, f"fewer than {n} kernels after {timeout} s"
        time.sleep(0.25)


def _wait_pools_filled(server, notebooks, timeout: float = 120) -> None:
    """Wait until Voilà has said, for each notebook, that its pool is filled (every pooled kernel
    started and its notebook under way: the pool starts nothing more until one is used)."""
    deadline = time.monotonic() + timeout
    while True:
        fills, _uses = server.pool_log()
        missing = [nb for nb in notebooks if not any(path.endswith(nb) for path in fills)]
        if not missing:
            return
        assert server.proc.poll() is None, server.log_tail()
        assert time.monotonic() < deadline, f"the pools of {missing} not filled after {timeout} s"
        time.sleep(0.25)


def _pooled(server, notebook: str) -> int:
    """How many of ``notebook``'s pre-heated kernels Voilà has handed to pages so far."""
    return sum(n for path, n in server.pool_log()[1].items() if path.startswith(notebook))


def open_pages(server, notebook: str, n: int, check, click: bool = True):
    """Open ``n`` pages of ``notebook`` at once (to a first click answered, or only the page),
    call ``check(learners)``, then close the tabs; returns what ``check`` returned."""

    async def run():
        client = http_client()
        learners = [ProtocolLearner(server.base_url, notebook, client=client, seed=i, timeout=240)
                    for i in range(n)]

        async def page(lr):
            lr.t.arrived = time.monotonic()
            await lr.open_page()
            lr.t.page = time.monotonic() - lr.t.arrived

        try:
            await asyncio.gather(*((lr.arrive() if click else page(lr)) for lr in learners))
            return check(learners)
        finally:
            for lr in learners:
                await lr.leave()

    return asyncio.run(run())


@pytest.fixture(scope="module")
def class_server(site):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    # no limit on pool kernels starting at once: the simultaneous-start test starts them all at once
    options = make_serve_options("POOL=3", "GAME=game", "SERVE_ARGS=--GardenkitPool.max_starting=0")
    with served(site, "voila-serve-pool.log", extra_args=options) as server:
        yield server


def test_the_game_of_the_day_gets_its_pre_warmed_kernels(class_server):
    server = class_server
    _wait_kernels(server, 3 + OTHER_POOL)
    _wait_pools_filled(server, ("game.ipynb", "other.ipynb"))  # no more kernels are on their way
    assert len(kernel_processes(server.proc.pid)) == 3 + OTHER_POOL
    before = _pooled(server, "game.ipynb")

    def check(learners):
        # the three pages were rendered from the three pre-warmed kernels, none started for them
        assert _pooled(server, "game.ipynb") - before == 3
        assert all(lr.kernel_id for lr in learners)
        assert len({lr.kernel_id for lr in learners}) == 3

    open_pages(server, "game.ipynb", 3, check, click=False)


def test_kernels_talk_to_the_server_over_unix_sockets_in_its_own_folder(class_server):
    server = class_server
    _wait_kernels(server, 1)
    folders = set()
    for proc in kernel_processes(server.proc.pid):
        cmd = proc.cmdline()
        connection_file = Path(cmd[cmd.index("-f") + 1])
        info = json.loads(connection_file.read_text())
        assert info["transport"] == "ipc", info
        assert Path(info["ip"]).parent == connection_file.parent  # the sockets sit beside it
        assert len(info["ip"]) + 3 < 104  # a Unix socket path must fit (macOS: 104 bytes)
        folders.add(connection_file.parent)
        # every channel is a Unix socket there: no TCP port chosen in advance, so nothing for
        # kernels starting together to collide on (ipykernel's own pipe for the output of forked
        # subprocesses still binds a TCP port, but atomically: bind_to_random_port retries)
        # A kernel is listed as soon as its process runs; it binds its sockets while it starts
        # (the heartbeat in a thread of its own), so a kernel the pool has just started to replace
        # a used one may not have them yet: wait for them, with a deadline.
        sockets = [Path(f"{info['ip']}-{info[channel]}") for channel in
                   ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")]
        def bound():
            assert proc.is_running(), f"kernel {proc.pid} ended before binding its sockets"
            return all(sock.is_socket() for sock in sockets)

        wait_until(bound, 60, 0.1, f"the sockets of kernel {proc.pid} not all bound in 60 s: {info}")
    (folder,) = folders
    mode = folder.stat()
    assert stat.S_IMODE(mode.st_mode) & 0o077 == 0 and mode.st_uid == os.getuid()
    assert folder.name.startswith("voila_")


def test_many_pages_opened_at_once_all_get_a_kernel_and_answer_a_click(class_server):
    server = class_server
    t0 = time.monotonic()

    def check(learners):
        took = time.monotonic() - t0
        failed = [lr.t.error for lr in learners if lr.t.usable is None]
        assert not failed, f"{len(failed)} of {SIMULTANEOUS} pages without a usable board: {failed[:3]}"
        ids = {lr.kernel_id for lr in learners}
        assert len(ids) == SIMULTANEOUS
        assert _kernel_ids(server) >= ids
        assert "Address already in use" not in server.log_path.read_text(errors="replace")
        usable = sorted(lr.t.usable for lr in learners)
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "serve-pool-figures.txt").write_text(
            f"{SIMULTANEOUS} pages at once: all usable in {took:.1f} s "
            f"(median {usable[len(usable) // 2]:.1f} s, max {usable[-1]:.1f} s)\n")
        return ids

    ids = open_pages(server, "game.ipynb", SIMULTANEOUS, check)
    # their tabs closed: their kernels are shut down
    deadline = time.monotonic() + 60
    while _kernel_ids(server) & ids:
        assert time.monotonic() < deadline, "kernels of closed pages still running"
        time.sleep(0.5)


def test_the_pool_starts_its_kernels_one_at_a_time_when_asked(site):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    options = make_serve_options("POOL=3", "GAME=game", "SERVE_ARGS=--GardenkitPool.max_starting=1")
    with served(site, "voila-serve-pool-limit.log", extra_args=options) as server:
        _wait_kernels(server, 3 + OTHER_POOL)
        started = sorted(p.create_time() for p in kernel_processes(server.proc.pid))
        log = server.log_path.read_text(errors="replace")
    assert "at most 1 kernel(s) of the pool starting at once" in log
    # each kernel started once the one before had run its notebook (a kernel start alone takes
    # more than 0.3 s here; all at once, they start within a few milliseconds of each other)
    gaps = [b - a for a, b in zip(started, started[1:])]
    assert min(gaps) > 0.25, gaps


def test_page_templates_are_compiled_once_per_server():
    # in a subprocess: the patch is process-wide (the server's), not for this test process
    code = """
from gardenkit.server import install_render_cache
assert install_render_cache() and install_render_cache()
from voila.exporter import VoilaExporter
from nbconvert.exporters.exporter import Exporter
a, b = VoilaExporter(template_name="lab"), VoilaExporter(template_name="lab")
cache = a.environment.bytecode_cache
assert cache is not None and cache is b.environment.bytecode_cache
a.environment.get_template("index.html.j2")
assert cache.store, "nothing cached"
def parsed_again(*args, **kwargs):
    raise AssertionError("a template was parsed again")
b.environment._parse = parsed_again  # the second page finds every template compiled
b.environment.get_template("index.html.j2")
assert Exporter._validate_preprocessor(None, None, None) is None
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
