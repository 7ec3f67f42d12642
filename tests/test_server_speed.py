"""The server's per-message fast paths (:mod:`gardenkit.server.speed`) give what jupyter_server's and
jupyter_client's own code gives: the activity watcher records the same ``last_activity`` and
``execution_state`` for the same messages, and dates parse to the same values."""
from __future__ import annotations

import datetime as dt
import warnings

import pytest
from jupyter_client import jsonutil
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

from gardenkit.server import speed


class FakeStream:
    def __init__(self):
        self.callback = None

    def on_recv(self, callback):
        self.callback = callback


class FakeKernel:
    def __init__(self, session):
        self.session = session
        self.execution_state = "starting"
        self.stream = FakeStream()

    def connect_iopub(self):
        return self.stream


class FakeManager:
    """What ``start_watching_activity`` reads of a MappingKernelManager."""

    untracked_message_types = MappingKernelManager.class_traits()["untracked_message_types"].default()
    track_message_type = MappingKernelManager.track_message_type

    def __init__(self, session):
        import logging

        self.log = logging.getLogger("test-activity")
        self._kernels = {"k": FakeKernel(session)}
        self.last_kernel_activity = None


def _messages(session: Session) -> list[list[bytes]]:
    """IOPub frames as a kernel sends them: status busy/idle under an execute and a comm_info
    request, an output, a big comm_open, with buffers."""
    execute = session.msg("execute_request", {"code": "1"})
    info = session.msg("comm_info_request", {})  # an untracked type
    out = []
    for parent, kind, content, buffers in [
        (info, "status", {"execution_state": "busy"}, []),
        (info, "status", {"execution_state": "idle"}, []),
        (execute, "status", {"execution_state": "busy"}, []),
        (execute, "stream", {"name": "stdout", "text": "1\n"}, []),
        (execute, "comm_open", {"comm_id": "c", "target_name": "jupyter.widget",
                                "data": {"state": {"html": "x" * 40000}, "buffer_paths": [["b"]]}}, [b"\x00" * 64]),
        (execute, "status", {"execution_state": "idle"}, []),
    ]:
        msg = session.msg(kind, content, parent=parent)
        out.append(session.serialize(msg, ident=[kind.encode()]) + buffers)
    return out


def _states(watch, session) -> list[tuple[str, bool]]:
    mgr = FakeManager(session)
    watch(mgr, "k")
    kernel = mgr._kernels["k"]
    seen = []
    for frames in _messages(session):
        before = kernel.last_activity
        kernel.stream.callback(list(frames))
        seen.append((kernel.execution_state, kernel.last_activity is not before))
    return seen


def test_the_light_activity_watcher_records_what_jupyter_servers_does(monkeypatch):
    original = MappingKernelManager.start_watching_activity
    session = Session(key=b"secret")
    expected = _states(original, session)
    monkeypatch.setattr(MappingKernelManager, "start_watching_activity", original)
    assert speed.install_light_activity_watch()
    light = MappingKernelManager.start_watching_activity
    assert light is not original and speed.install_light_activity_watch()  # once
    assert MappingKernelManager.start_watching_activity is light
    assert _states(light, session) == expected
    # what it records: idle after the comm_info request (untracked: "starting" normalised to idle),
    # then busy / idle for the execute, activity on every tracked message
    assert [s for s, _ in expected] == ["idle", "idle", "busy", "busy", "busy", "idle"]


@pytest.mark.parametrize("text", ["2026-11-27T03:36:03.123456Z", "2026-11-27T03:36:03Z", "2026-11-27T03:36:03.1+02:00",
                                  "2026-11-27T03:36:03.123456+0200", "2026-11-27T03:36:03", "2026-11-27", "soon",
                                  "2026-13-45T99:99:99Z", None])
def test_dates_parse_as_jupyter_clients_own_function_parses_them(monkeypatch, text):
    original = jsonutil.parse_date
    monkeypatch.setattr(jsonutil, "parse_date", original)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # a date without a zone: jupyter_client warns
        try:
            want = original(text)
        except ValueError:
            want = ValueError
        assert speed.install_fast_dates()
        try:
            got = jsonutil.parse_date(text)
        except ValueError:
            got = ValueError
    if want is ValueError or want is None or isinstance(want, str):
        assert got is want or got == want and type(got) is str  # refused, or left as it is, alike
    else:
        assert isinstance(got, dt.datetime) and got == want and got.utcoffset() == want.utcoffset()
        with warnings.catch_warnings():  # and inside a message's header, as a session reads them
            warnings.simplefilter("ignore", DeprecationWarning)
            assert jsonutil.extract_dates({"header": {"date": text}}) == {"header": {"date": want}}
