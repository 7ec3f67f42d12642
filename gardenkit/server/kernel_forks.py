"""Dashboard kernels forked from one process that has already imported what every page needs.

Every page a learner opens starts a kernel, and before it runs the first cell a fresh Python
process pays for its own start and its imports: ipykernel, IPython, zmq and tornado (~0.2 s of
CPU), then ipywidgets, anywidget and the page's game (~0.1–0.15 s). On the Samurai Gardener page
that was half of the kernel's CPU. Here one process per server, the *fork server*, imports all of
it once (ipykernel and every registered game's rules, drawings, widgets and lessons) and then only
forks: each kernel is a copy of it that starts at ``kernelapp.launch_new_instance`` with the
modules already in memory (shared with the fork server until written to).

How it fits in ``python -m gardenkit.server``:

- :func:`gardenkit.server.dashboard_kernel_spec_manager` names :data:`PROVISIONER` in the dashboard
  kernel spec; jupyter_client finds it through gardenkit's entry point
  (``jupyter_client.kernel_provisioners`` in ``pyproject.toml``, :data:`ForkProvisioner`), or
  through :func:`register` where the installed metadata predates it;
  :class:`ForkProvisioner` is jupyter_client's ``LocalProvisioner`` except for the launch: it
  asks the fork server (:class:`ForkServer`, started on the first launch) for a kernel with the
  kernel's command line, environment and working folder, and watches the process it gets
  (:class:`ForkedKernel`: poll, signals, kill, through a pidfd where Linux has them). If the
  fork server cannot be started or stops answering, kernels are started as before (a warning in
  the log). ``GARDENKIT_KERNEL_FORKS=0`` turns forking off.
- The fork server (``python -m gardenkit.server.kernel_forks``) reads one request per line on its
  stdin and answers the new kernel's pid on its stdout; it ends when the server does (its stdin
  closes). A kernel is in a session of its own (as ``LocalProvisioner`` starts them), with the
  environment and folder Voilà asked for, and its parent is the fork server (``parent_handle``):
  it ends if the fork server does. Its command line reads as a dashboard kernel's
  (``python -m gardenkit.server.dashboard_kernel -f …``), so tools that count kernels still see them:
  the pid is answered only once the child has its session, command line, environment and folder.

What a forked kernel shares with its siblings: the modules imported before the fork (not their
later changes), Python's string-hash seed and the address-space layout of the fork server.
``random`` is reseeded in every fork (Python does it); ``uuid``/``secrets`` read the system's
randomness. A dashboard kernel runs no code sent by the browser (see ``docs/hosting.md``).

This module imports only the standard library at the top (the server imports it too).
"""
from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import subprocess
import sys
import threading
import traceback

__all__ = ["PROVISIONER", "ForkServer", "ForkedKernel", "forks_enabled", "main", "preload", "register"]

#: the provisioner's name in a kernel spec's ``metadata.kernel_provisioner`` and of its entry point
#: (older checkouts registered theirs as ``gardenkit-forks`` at run time: under another name, a
#: server of such a checkout run with this install's metadata, as ``benchmarks/compare_load.py``
#: does, still forks with its own code, not with the installed entry point's)
PROVISIONER = "gardenkit-kernel-forks"
#: the module a forked kernel says it runs (its command line, as a dashboard kernel started anew)
KERNEL_MODULE = "gardenkit.server.dashboard_kernel"
#: room left in the fork server's command line for a kernel's (see :func:`_set_cmdline`)
_CMDLINE_ROOM = 1024


def forks_enabled(environ: dict[str, str] | None = None) -> bool:
    """False only when ``GARDENKIT_KERNEL_FORKS`` is set to 0/false/no/off."""
    env = os.environ if environ is None else environ
    return env.get("GARDENKIT_KERNEL_FORKS", "1").strip().lower() not in {"0", "false", "no", "off"}


# ----- the fork server (its own process) --------------------------------------------------------


def preload() -> list[str]:
    """Import what a dashboard kernel imports: ipykernel's kernel app (without the debugger, as
    :mod:`gardenkit.server.dashboard_kernel` starts it) and, for every registered game, its rules,
    drawing, board, game view and lessons, and warm the lessons' caches (:func:`_warm_lessons`);
    the names of the games whose modules imported."""
    sys.modules.setdefault("debugpy", None)  # type: ignore[arg-type]  # no debugger (dashboard_kernel)
    import importlib

    import ipykernel.ipkernel  # noqa: F401
    import ipykernel.kernelapp  # noqa: F401
    import ipykernel.zmqshell  # noqa: F401

    import gardenkit
    import gardenkit.tutor  # noqa: F401
    import gardenkit.widgets  # noqa: F401

    done = []
    for game_id in gardenkit.available_games():
        e = gardenkit.entry(game_id)
        try:
            for ref in (e.rules, e.board, e.game_view, e.tutor, e.render):
                importlib.import_module(ref.partition(":")[0])
            _warm_lessons(game_id)
        except Exception:  # noqa: BLE001 - a game that does not import is imported by its kernel
            traceback.print_exc()
            continue
        done.append(game_id)
    return done


def _warm_lessons(game_id: str) -> None:
    """Fill the caches a page's first cells read: the game's try positions, worked examples and
    quizzes (the tutor modules keep the positions they build), and the pictures of the try
    boards' and quizzes' covers (:func:`gardenkit.widgets.lazy.picture_html`, drawn as their
    covers draw them). Only caches: a kernel that asks for something else computes it."""
    import gardenkit
    from gardenkit.widgets.lazy import picture_html

    rules = gardenkit.make(game_id)
    tutor = gardenkit.entry(game_id).tutor_module()
    tutor.worked_examples()
    for state, caption in tutor.try_positions().values():
        player = rules.current_player(state)
        if isinstance(player, int):
            picture_html(state, rules, player, alt=caption)
    for quiz in tutor.quizzes():
        player = rules.current_player(quiz.state)
        picture_html(quiz.state, rules, player if isinstance(player, int) else None, alt=quiz.question)


def _set_cmdline(args: list[str]) -> bool:
    """Write ``args`` over this process's command line as ``ps`` and ``/proc/<pid>/cmdline``
    show it (Linux: the original argv's memory, as setproctitle does), within the room the
    original had; False where that cannot be done."""
    try:
        import ctypes

        with open("/proc/self/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        # after the ')' the 3rd field of stat(5) is index 0: arg_start/arg_end are fields 48/49
        start, end = int(fields[45]), int(fields[46])
        room = end - start
        data = "\0".join(args).encode()[: max(room - 1, 0)]
        ctypes.memmove(start, data + b"\0" * (room - len(data)), room)
        return True
    except (OSError, ValueError, IndexError, AttributeError):
        return False


def _after_kernel_start() -> None:
    """What importing a module does in a kernel and did not in the fork server (no kernel ran
    there): ipywidgets registers its comm targets (``jupyter.widget``, ``jupyter.widget.control``:
    without them a page gets no widget state) when imported under IPython."""
    widgets = sys.modules.get("ipywidgets")
    if widgets is not None:
        widgets.register_comm_target()


def _child(request: dict, server_pid: int, ready_w: int, keep: tuple[int, ...]) -> None:
    """In the forked process: become the kernel ``request`` asks for (never returns)."""
    import atexit

    code = 1
    try:
        atexit._clear()  # the fork server's exit handlers are not this kernel's (its own run below)
        os.setsid()  # a session of its own, as LocalProvisioner starts kernels
        for fd in keep:
            os.close(fd)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        env = {str(k): str(v) for k, v in request["env"].items()}
        env["JPY_PARENT_PID"] = str(server_pid)
        os.environ.clear()
        os.environ.update(env)
        os.chdir(request["cwd"])
        argv = [str(a) for a in request["argv"]]
        _set_cmdline([sys.executable, "-m", KERNEL_MODULE, *argv])
        # the fork server answers the pid once this closes: by then the process is what the pid
        # promises (its own session and process group, the kernel's command line, environment and
        # folder), so whoever gets the pid (the provisioner, a tool counting kernels) never sees the
        # fork server's command line or folder in it
        os.close(ready_w)
        ready_w = -1
        from ipykernel.kernelapp import IPKernelApp

        from gardenkit.server import dashboard_kernel

        sys.argv = [dashboard_kernel.__file__, *argv]  # as ``python -m`` sets it
        # what dashboard_kernel.main does (kernelapp.launch_new_instance), with one step between
        # the kernel's start and its loop; the kernel ends when its parent (the fork server) does
        app = IPKernelApp.instance()
        app.initialize([*dashboard_kernel.KERNEL_OPTIONS, *argv, f"--IPKernelApp.parent_handle={server_pid}"])
        _after_kernel_start()
        app.start()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # noqa: BLE001
        traceback.print_exc()
    finally:
        if ready_w >= 0:  # failed before it became the kernel: the fork server must not wait on
            try:
                os.close(ready_w)
            except OSError:
                pass
        try:
            # what a normal exit of the kernel's process runs: the kernel's own exit handlers (its
            # sockets closed in order, its pending messages sent), then the streams flushed
            atexit._run_exitfuncs()
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _check_request(request) -> dict:
    if (not isinstance(request, dict) or not isinstance(request.get("argv"), list)
            or not isinstance(request.get("env"), dict) or not isinstance(request.get("cwd"), str)):
        raise ValueError("a fork request is {argv: [...], env: {...}, cwd: '...'}")
    return request


def main(argv: list[str] | None = None) -> int:
    """The fork server: preload, say ``ready``, then fork a kernel per request line until stdin
    closes. Requests and answers are JSON lines on the process's own stdin and stdout."""
    # stdin/stdout are the server's pipes: keep them for requests and answers only, and let
    # anything the imports or kernels print go to stderr
    requests = os.fdopen(os.dup(0), "rb", buffering=0)
    answers = os.fdopen(os.dup(1), "wb", buffering=0)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    if sys.path and (sys.path[0] == "" or os.path.realpath(sys.path[0]) == os.path.realpath(os.getcwd())):
        del sys.path[0]  # a kernel gets its own folder on its path (IPython puts it there)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ends with the server (stdin closed), not on ^C
    try:
        games = preload()
    except Exception as e:  # noqa: BLE001
        answers.write((json.dumps({"error": f"{type(e).__name__}: {e}"}) + "\n").encode())
        return 1
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # kernels are reaped as they end
    answers.write((json.dumps({"ready": games, "pid": os.getpid()}) + "\n").encode())
    buffer = b""
    while True:
        chunk = os.read(requests.fileno(), 65536)
        if not chunk:
            return 0
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            try:
                request = _check_request(json.loads(line))
            except ValueError as e:
                answers.write((json.dumps({"error": str(e)}) + "\n").encode())
                continue
            ready_r, ready_w = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(ready_r)
                _child(request, os.getppid(), ready_w, (requests.fileno(), answers.fileno()))
            os.close(ready_w)
            os.read(ready_r, 1)  # EOF once the child is the kernel it was asked for (see _child)
            os.close(ready_r)
            answers.write((json.dumps({"pid": pid}) + "\n").encode())


# ----- the server's side ------------------------------------------------------------------------


class ForkedKernel:
    """A forked kernel as jupyter_client's provisioner handles a ``Popen``: ``pid``, ``poll``,
    ``wait``, ``send_signal``, ``kill``, ``terminate``. It is the fork server's child, not the
    server's, so it is watched through a pidfd (Linux ≥ 5.3; else by signal 0)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int):
        self.pid = pid
        self.returncode: int | None = None
        try:
            self._fd: int | None = os.pidfd_open(pid)
        except (AttributeError, OSError):
            self._fd = None

    def poll(self) -> int | None:
        if self.returncode is not None:
            return self.returncode
        if self._fd is not None:
            ended = bool(select.select([self._fd], [], [], 0)[0])
        else:
            try:
                os.kill(self.pid, 0)
                ended = False
            except ProcessLookupError:
                ended = True
            except PermissionError:
                ended = False
        if ended:
            self.returncode = 0  # the fork server reaps it; the exit status is not known here
            self._close()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        import time

        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired([str(self.pid)], timeout)
            time.sleep(0.05)
        return self.returncode  # type: ignore[return-value]

    def send_signal(self, signum: int) -> None:
        if self.poll() is not None:
            return
        if self._fd is not None and hasattr(signal, "pidfd_send_signal"):
            try:
                signal.pidfd_send_signal(self._fd, signum)
                return
            except ProcessLookupError:
                return
        os.kill(self.pid, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def _close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class ForkServer:
    """The server's handle on its fork server: started once (:meth:`start`, which waits for its
    imports), asked for kernels one at a time (:meth:`fork`, thread-safe)."""

    def __init__(self, python: str = sys.executable):
        self.python = python
        self.proc: subprocess.Popen | None = None
        self.pid: int | None = None
        self.games: list[str] = []
        self._lock = threading.Lock()

    def start(self, timeout: float = 120.0) -> "ForkServer":
        # a long last argument leaves room for a kernel's command line (:func:`_set_cmdline`)
        cmd = [self.python, "-m", "gardenkit.server.kernel_forks", "." * _CMDLINE_ROOM]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True)
        answer = self._read(timeout)
        if "ready" not in answer:
            self.stop()
            raise RuntimeError(f"the kernel fork server did not start: {answer.get('error', answer)}")
        self.games, self.pid = list(answer["ready"]), int(answer["pid"])
        return self

    def _read(self, timeout: float) -> dict:
        assert self.proc is not None and self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if ready else b""
        if not line:
            raise RuntimeError("the kernel fork server did not answer")
        return json.loads(line)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def fork(self, argv: list[str], env: dict[str, str], cwd: str, timeout: float = 30.0) -> int:
        """A new kernel's pid: ``argv`` is what follows ``python -m gardenkit.server.dashboard_kernel``."""
        request = json.dumps({"argv": list(argv), "env": dict(env), "cwd": str(cwd)}) + "\n"
        with self._lock:
            if not self.alive:
                raise RuntimeError("the kernel fork server has ended")
            assert self.proc is not None and self.proc.stdin is not None
            try:
                self.proc.stdin.write(request.encode())
                self.proc.stdin.flush()
                answer = self._read(timeout)
            except (OSError, RuntimeError, ValueError):
                self.stop()  # no answer in time (or a broken pipe): a late one must not answer the next request
                raise
        if "pid" not in answer:
            raise RuntimeError(f"the kernel fork server refused: {answer.get('error', answer)}")
        return int(answer["pid"])

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            if self.proc.stdin:
                self.proc.stdin.close()  # the fork server ends when its stdin closes
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait(timeout=5)
        if self.proc.stdout:
            self.proc.stdout.close()


_server: dict[str, object] = {}
_server_lock = threading.Lock()


def fork_server() -> ForkServer | None:
    """This process's fork server, started on first use; None when it could not be (then kernels
    are started anew, and a warning says why once)."""
    with _server_lock:
        server = _server.get("server")
        if isinstance(server, ForkServer) and server.alive:
            return server
        if _server.get("failed"):
            return None
        try:
            server = ForkServer().start()
        except (OSError, RuntimeError, ValueError) as e:
            _server["failed"] = True
            import logging

            logging.getLogger("gardenkit.server").warning("kernels are not forked (%s): each starts anew", e)
            return None
        if server.games and not _server:
            import atexit

            atexit.register(_stop_server)
        _server["server"] = server
        return server


def _stop_server() -> None:
    server = _server.pop("server", None)
    if isinstance(server, ForkServer):
        server.stop()


def _provisioner_class():
    from jupyter_client.provisioning.local_provisioner import LocalProvisioner

    class ForkProvisioner(LocalProvisioner):
        """``LocalProvisioner`` whose dashboard kernels are forked (:class:`ForkServer`)."""

        async def launch_kernel(self, cmd, **kwargs):  # type: ignore[no-untyped-def]
            forkable = len(cmd) >= 3 and cmd[1:3] == ["-m", KERNEL_MODULE]
            server = await asyncio.to_thread(fork_server) if forkable else None
            if server is None:
                return await super().launch_kernel(cmd, **kwargs)
            env = kwargs.get("env") or dict(os.environ)
            cwd = str(kwargs.get("cwd") or os.getcwd())
            try:
                pid = await asyncio.to_thread(server.fork, list(cmd[3:]), env, cwd)
            except (OSError, RuntimeError, ValueError) as e:
                self.log.warning("kernel fork failed (%s): starting it anew", e)
                return await super().launch_kernel(cmd, **kwargs)
            self.process = ForkedKernel(pid)
            self.pid = self.pgid = pid  # the fork is its own session's leader
            self.cwd = cwd
            return self.connection_info

    return ForkProvisioner


_classes: dict[str, type] = {}


def provisioner_class() -> type:
    """The provisioner class (made once; imports jupyter_client)."""
    if "p" not in _classes:
        _classes["p"] = _provisioner_class()
    return _classes["p"]


#: where jupyter_client loads the provisioner from: gardenkit's entry point
#: (``[project.entry-points."jupyter_client.kernel_provisioners"]`` in ``pyproject.toml``) is
#: ``gardenkit-kernel-forks = "gardenkit.server.kernel_forks:ForkProvisioner"``
ENTRY_POINT = "gardenkit.server.kernel_forks:ForkProvisioner"
_GROUP = "jupyter_client.kernel_provisioners"


def register() -> bool:
    """Make sure jupyter_client's provisioner factory knows :data:`PROVISIONER` (idempotent); True
    when it had to be told here.

    jupyter_client finds the provisioner through gardenkit's entry point (``pyproject.toml``): its
    factory reads every entry point of the group when it is made. This is only a fallback for an
    install whose metadata predates the entry point (an editable install not reinstalled since the
    entry point was added; ``make .venv`` reinstalls): then the factory is given the same entry
    point directly, for this process.
    """
    from importlib.metadata import EntryPoint

    from jupyter_client.provisioning.factory import KernelProvisionerFactory

    factory = KernelProvisionerFactory.instance()
    if PROVISIONER in factory.provisioners:  # found through the entry point (or already registered)
        return False
    factory.provisioners[PROVISIONER] = EntryPoint(name=PROVISIONER, value=ENTRY_POINT, group=_GROUP)
    import logging

    logging.getLogger("gardenkit.server").warning(
        "gardenkit's kernel provisioner has no entry point in this install (reinstall gardenkit, "
        "e.g. make .venv): registered for this process only")
    return True


def __getattr__(name: str):
    if name == "ForkProvisioner":  # what the entry point loads: the class (made on first use)
        return provisioner_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    raise SystemExit(main())
