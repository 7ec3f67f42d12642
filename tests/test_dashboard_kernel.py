"""The kernels ``gardenkit.server`` starts (:mod:`gardenkit.server.dashboard_kernel`): ipykernel without
its debugger and input history, which a dashboard page never uses and every page load paid for.

- The server's kernel spec manager starts the Python kernel spec as a dashboard kernel (another
  command, or another Python, is left alone); ``GARDENKIT_DASHBOARD_KERNEL=0`` turns it off.
- A dashboard kernel runs code as any kernel does, says it has no debugger, never imports
  debugpy and keeps no input history; a plain kernel (the same test's other side) does.
"""
from __future__ import annotations

import sys

import pytest

from gardenkit.server import launch

pytest.importorskip("ipykernel")


def test_the_python_kernel_spec_becomes_a_dashboard_kernel():
    manager = launch.dashboard_kernel_spec_manager()()
    spec = manager.get_kernel_spec("python3")
    assert spec.argv[1:3] == ["-m", "gardenkit.server.dashboard_kernel"] and "{connection_file}" in spec.argv
    assert spec.metadata.get("debugger") is False
    plain = launch.dashboard_kernel_spec_manager().__mro__[1]().get_kernel_spec("python3")
    assert plain.argv[1:3] == ["-m", "ipykernel_launcher"]


@pytest.mark.parametrize("argv", [
    ["R", "--slave", "-f", "{connection_file}"],
    ["python", "-m", "ipykernel", "-f", "x"],
    ["/somewhere/else/python", "-m", "ipykernel_launcher", "-f", "x"],
    ["python"],
])
def test_other_kernels_are_left_alone(argv):
    assert launch.dashboard_kernel_argv(argv) is None


def test_the_servers_own_python_is_rewritten():
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    assert launch.dashboard_kernel_argv(argv) == [sys.executable, "-m", "gardenkit.server.dashboard_kernel",
                                                  "-f", "{connection_file}"]


@pytest.mark.parametrize("value, on", [(None, True), ("1", True), ("0", False), ("off", False), ("no", False)])
def test_the_switch(value, on):
    env = {} if value is None else {"GARDENKIT_DASHBOARD_KERNEL": value}
    assert launch.dashboard_kernels_enabled(env) is on


def _run(manager_class) -> tuple[dict, str]:
    from jupyter_client.manager import KernelManager

    km = KernelManager(kernel_name="python3", kernel_spec_manager=manager_class())
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        info = kc.kernel_info(reply=True, timeout=60)["content"]
        out = []
        code = ("import sys\nprint('debugpy' in sys.modules and sys.modules['debugpy'] is None,"
                " get_ipython().history_manager.enabled, 6 * 7)")
        reply = kc.execute_interactive(code, timeout=120, output_hook=lambda m: out.append(
            m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
        assert reply["content"]["status"] == "ok"
        return info, "".join(out).strip()
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_dashboard_kernel_runs_code_without_debugger_and_history():
    info, printed = _run(launch.dashboard_kernel_spec_manager())
    assert info["status"] == "ok" and "debugger" not in info.get("supported_features", [])
    assert printed == "True False 42"


def test_a_plain_kernel_has_both():
    from jupyter_client.kernelspec import KernelSpecManager

    info, printed = _run(KernelSpecManager)
    assert "debugger" in info.get("supported_features", []) and printed == "False True 42"
