"""Dashboard kernels forked from one preloaded process (:mod:`gardenkit.server.kernel_forks`): a fork is a
working kernel (it answers, runs code in the folder and with the environment it was asked for,
serves widget states), it reads as a dashboard kernel, it ends with its shutdown or with the fork
server; bad requests are refused; ``gardenkit.server``'s kernel spec names the provisioner unless
``GARDENKIT_KERNEL_FORKS=0``; jupyter_client finds the provisioner through gardenkit's entry point
(and through the fallback registration where the install has none); and a kernel started through
jupyter_client with that spec is a fork.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from gardenkit.server import dashboard_kernel_spec_manager, is_kernel_command, kernel_forks

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def server():
    srv = kernel_forks.ForkServer().start()
    yield srv
    srv.stop()


def _wait_gone(pid: int, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.05)
    return False


def _client(connection_file: Path):
    from jupyter_client import BlockingKernelClient

    kc = BlockingKernelClient(connection_file=str(connection_file))
    kc.load_connection_file()
    kc.start_channels()
    kc.wait_for_ready(timeout=60)
    return kc


def _run(kc, code: str) -> str:
    out = []
    reply = kc.execute_interactive(code, store_history=False, timeout=60,
                                   output_hook=lambda m: out.append(m["content"].get("text", "")))
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(out)


def _connection_file(tmp_path: Path) -> Path:
    from jupyter_client.connect import write_connection_file

    path, _ = write_connection_file(str(tmp_path / "kernel.json"), transport="ipc", ip=str(tmp_path / "k"))
    return Path(path)


def test_the_fork_server_preloads_every_registered_game(server):
    import gardenkit

    assert server.alive and server.pid == server.proc.pid
    assert server.games == list(gardenkit.available_games())


def test_a_fork_is_a_kernel_in_the_folder_and_environment_it_was_asked_for(server, tmp_path):
    conn = _connection_file(tmp_path)
    env = {**os.environ, "GK_FORK_TEST": "yes"}
    pid = server.fork(["-f", str(conn)], env, str(tmp_path))
    kernel = kernel_forks.ForkedKernel(pid)
    try:
        proc = psutil.Process(pid)
        assert proc.ppid() == server.pid and os.getpgid(pid) == pid  # the fork server's, its own session
        # as soon as the pid is answered (no waiting): the kernel's command line and folder
        assert is_kernel_command(proc.cmdline()) and proc.cmdline()[1:3] == ["-m", "gardenkit.server.dashboard_kernel"]
        assert proc.cwd() == str(tmp_path)
        kc = _client(conn)
        try:
            text = _run(kc, "import os, sys; print(os.getcwd()); print(os.environ.get('GK_FORK_TEST')); "
                            "print('gardenkit.widgets' in sys.modules)")
            assert text.split() == [str(tmp_path), "yes", "True"]  # the folder, the environment, preloaded
            # the widget comm targets are there (imported before the kernel started): a page gets states
            _run(kc, "import ipywidgets; w = ipywidgets.IntSlider(3)")
            states = _request_states(kc)
            assert any(s["state"].get("value") == 3 for s in states.values())
        finally:
            kc.stop_channels()
        assert kernel.poll() is None
        kernel.terminate()
        assert _wait_gone(pid) and kernel.wait(timeout=15) == 0 and kernel.poll() == 0
    finally:
        kernel.kill()


def _request_states(kc) -> dict:
    import uuid

    comm_id = uuid.uuid4().hex
    kc.shell_channel.send(kc.session.msg("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                                      "data": {}}, metadata={"version": "1.0.0"}))
    ask = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
    kc.shell_channel.send(ask)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        msg = kc.get_iopub_msg(timeout=30)
        if (msg["parent_header"].get("msg_id") == ask["header"]["msg_id"] and msg["msg_type"] == "comm_msg"
                and msg["content"]["comm_id"] == comm_id):
            return msg["content"]["data"]["states"]
    raise AssertionError("no widget states")


def test_two_forks_are_two_kernels_with_their_own_randomness(server, tmp_path):
    pids, values = [], []
    for n in range(2):
        folder = tmp_path / str(n)
        folder.mkdir()
        conn = _connection_file(folder)
        pids.append(server.fork(["-f", str(conn)], dict(os.environ), str(folder)))
        kc = _client(conn)
        try:
            values.append(_run(kc, "import random, os; print(random.random(), os.getpid())").split())
        finally:
            kc.stop_channels()
    try:
        assert pids[0] != pids[1] and values[0][1] != values[1][1]
        assert values[0][0] != values[1][0], "random is reseeded in every fork"
    finally:
        for pid in pids:
            kernel_forks.ForkedKernel(pid).kill()


def test_a_bad_request_is_refused_and_the_fork_server_goes_on(server, tmp_path):
    for line in (b"not json\n", b'{"argv": "-f x"}\n', b"[1, 2]\n"):
        server.proc.stdin.write(line)
        server.proc.stdin.flush()
        assert "error" in server._read(10)
    conn = _connection_file(tmp_path)
    pid = server.fork(["-f", str(conn)], dict(os.environ), str(tmp_path))
    kernel_forks.ForkedKernel(pid).kill()
    assert _wait_gone(pid)


def test_kernels_end_with_their_fork_server(tmp_path):
    srv = kernel_forks.ForkServer().start()
    conn = _connection_file(tmp_path)
    pid = srv.fork(["-f", str(conn)], dict(os.environ), str(tmp_path))
    kc = _client(conn)
    kc.stop_channels()
    srv.stop()  # its stdin closes: it ends, and its kernels see their parent gone
    assert srv.proc.returncode == 0
    assert _wait_gone(pid, timeout=20), "a kernel outlived its fork server"


def test_the_fork_server_ends_when_its_stdin_closes_even_before_a_request():
    proc = subprocess.Popen([sys.executable, "-m", "gardenkit.server.kernel_forks", "."], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)
    try:
        assert "ready" in json.loads(proc.stdout.readline())
        proc.stdin.close()
        assert proc.wait(timeout=20) == 0
    finally:
        proc.kill()
        proc.stdout.close()


def test_a_forked_kernel_is_watched_like_a_process():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        k = kernel_forks.ForkedKernel(child.pid)
        assert k.poll() is None
        k.send_signal(signal.SIGTERM)
        child.wait(timeout=10)  # reaped by its parent (here: this test)
        assert k.wait(timeout=10) == 0 and k.poll() == 0
        k.kill()  # gone: nothing happens
    finally:
        child.kill()


@pytest.mark.parametrize("value, on", [(None, True), ("1", True), ("0", False), ("off", False), ("no", False)])
def test_forks_are_on_unless_turned_off(monkeypatch, value, on):
    env = {} if value is None else {"GARDENKIT_KERNEL_FORKS": value}
    assert kernel_forks.forks_enabled(env) is on
    if value is None:
        monkeypatch.delenv("GARDENKIT_KERNEL_FORKS", raising=False)
    else:
        monkeypatch.setenv("GARDENKIT_KERNEL_FORKS", value)
    spec = dashboard_kernel_spec_manager()().get_kernel_spec("python3")
    named = spec.metadata.get("kernel_provisioner", {}).get("provisioner_name")
    assert (named == kernel_forks.PROVISIONER) is on


def _in_a_new_process(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=str(REPO))
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_the_provisioner_is_an_entry_point_of_gardenkit():
    import tomllib
    from importlib.metadata import entry_points

    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["entry-points"]
    assert declared["jupyter_client.kernel_provisioners"] == {kernel_forks.PROVISIONER: kernel_forks.ENTRY_POINT}
    installed = tuple(entry_points(group="jupyter_client.kernel_provisioners", name=kernel_forks.PROVISIONER))
    assert [ep.value for ep in installed] == [kernel_forks.ENTRY_POINT], (
        "the installed gardenkit has no provisioner entry point: reinstall it (make .venv)")
    assert installed[0].dist.name == "gardenkit"


def test_jupyter_client_finds_the_provisioner_through_the_entry_point_alone():
    # a new process in which gardenkit's fallback (kernel_forks.register) never runs: jupyter_client's
    # factory knows the provisioner from the entry point, and what it loads is the provisioner class
    code = f"""
import json, sys
from jupyter_client.kernelspec import KernelSpec
from jupyter_client.provisioning.factory import KernelProvisionerFactory
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

factory = KernelProvisionerFactory.instance()
spec = KernelSpec(argv=["python", "-m", "gardenkit.server.dashboard_kernel", "-f", "{{connection_file}}"],
                  display_name="Python 3", language="python",
                  metadata={{"kernel_provisioner": {{"provisioner_name": {kernel_forks.PROVISIONER!r}}}}})
listed = {kernel_forks.PROVISIONER!r} in factory.provisioners
found = factory._get_provisioner({kernel_forks.PROVISIONER!r}).value
available = factory.is_provisioner_available(spec)
before = "gardenkit.server.kernel_forks" in sys.modules
cls = factory.provisioners[{kernel_forks.PROVISIONER!r}].load()
made = factory.create_provisioner_instance("k1", spec, None)
print(json.dumps([listed, found, available, before, cls.__module__, cls.__name__,
                  issubclass(cls, LocalProvisioner), type(made) is cls]))
"""
    listed, found, available, before, module, name, local, made = json.loads(_in_a_new_process(code))
    assert listed and found == kernel_forks.ENTRY_POINT and available
    assert not before, "gardenkit's module was imported before jupyter_client loaded the entry point"
    assert (module, name) == ("gardenkit.server.kernel_forks", "ForkProvisioner") and local and made


def test_without_the_entry_point_the_provisioner_is_registered_by_hand():
    # an install whose metadata predates the entry point: the factory reads none, and register() tells it
    code = f"""
import json
from jupyter_client.provisioning.factory import KernelProvisionerFactory

ours = {kernel_forks.PROVISIONER!r}
everything = KernelProvisionerFactory._get_all_provisioners
KernelProvisionerFactory._get_all_provisioners = staticmethod(lambda: [e for e in everything() if e.name != ours])
factory = KernelProvisionerFactory.instance()
missing = ours not in factory.provisioners
from gardenkit.server import kernel_forks
first, again = kernel_forks.register(), kernel_forks.register()
print(json.dumps([missing, first, again, factory.provisioners[ours].load() is kernel_forks.ForkProvisioner]))
"""
    assert json.loads(_in_a_new_process(code)) == [True, True, False, True]
    # where the entry point is installed (here), the fallback does nothing
    assert _in_a_new_process("from gardenkit.server import kernel_forks; print(kernel_forks.register())") == "False"


def test_jupyter_client_starts_the_dashboard_kernel_as_a_fork(tmp_path, monkeypatch):
    from jupyter_client.manager import KernelManager

    monkeypatch.delenv("GARDENKIT_KERNEL_FORKS", raising=False)
    km = KernelManager(kernel_name="python3", kernel_spec_manager=dashboard_kernel_spec_manager()())
    km.start_kernel(cwd=str(tmp_path))
    try:
        assert type(km.provisioner).__name__ == "ForkProvisioner"
        assert isinstance(km.provisioner.process, kernel_forks.ForkedKernel)
        server = kernel_forks.fork_server()
        assert psutil.Process(km.provisioner.pid).ppid() == server.pid
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=60)
        assert _run(kc, "import os; print(os.getcwd())").strip() == str(tmp_path)
        kc.stop_channels()
    finally:
        pid = km.provisioner.pid
        km.shutdown_kernel(now=False)
    assert _wait_gone(pid)


def test_a_fork_server_that_does_not_answer_is_stopped_and_replaced(tmp_path):
    srv = kernel_forks.ForkServer().start()
    os.kill(srv.pid, signal.SIGSTOP)  # hung
    try:
        with pytest.raises(RuntimeError, match="did not answer"):
            srv.fork(["-f", str(_connection_file(tmp_path))], dict(os.environ), str(tmp_path), timeout=1)
        assert not srv.alive  # stopped: a late answer cannot be read as the next request's
        with pytest.raises(RuntimeError, match="has ended"):
            srv.fork(["-f", "x.json"], dict(os.environ), str(tmp_path))
    finally:
        try:
            os.kill(srv.pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
        srv.stop()


def test_without_a_fork_server_kernels_start_anew(tmp_path, monkeypatch):
    from jupyter_client.manager import KernelManager

    def cannot_start(self, timeout=120.0):
        raise RuntimeError("no fork server here")

    monkeypatch.delenv("GARDENKIT_KERNEL_FORKS", raising=False)
    monkeypatch.setattr(kernel_forks, "_server", {})
    monkeypatch.setattr(kernel_forks.ForkServer, "start", cannot_start)
    assert kernel_forks.fork_server() is None
    km = KernelManager(kernel_name="python3", kernel_spec_manager=dashboard_kernel_spec_manager()())
    km.start_kernel(cwd=str(tmp_path))
    try:
        assert type(km.provisioner).__name__ == "ForkProvisioner"
        assert isinstance(km.provisioner.process, subprocess.Popen)  # started as before
        assert psutil.Process(km.provisioner.pid).ppid() == os.getpid()
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=60)
        assert _run(kc, "print(6 * 7)").strip() == "42"
        kc.stop_channels()
    finally:
        km.shutdown_kernel(now=True)
