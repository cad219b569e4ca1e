"""A zygote: one process that imports the run's libraries once and forks workers from itself,
so that a worker does not pay the imports (seconds for torch, JAX and TensorFlow) when it starts.
A pool (processes.py) has one zygote per worker, up to LAYOUTS, all importing side by side as the
command begins: each worker takes its zygote's address-space layout.

    parent (processes.py)                      zygote (python -m arraybench.measure.zygote)
    ---------------------                      ------
    start it with the workers' environment     import the libraries; a library whose import
                                               started a thread: say so (the parent starts it
                                               again without it): a fork copies only the
                                               thread that forks, and a lock another held
                                               stays locked in the child for ever
                                               each backend's before_fork (torch: inductor's
                                               CPU probe), done once for every worker
    fork: the worker's four descriptors  --->  fork; the child takes them as stdin, stdout,
          (SCM_RIGHTS over a socket pair)      stderr and its lifeline, starts a session of
                                               its own, reseeds, shifts its memory layout by
                                               a random amount and serves as any worker
                                 <---  its pid
    poll pid                             --->  waitpid(WNOHANG): its exit status, or none yet

What is safe. Importing torch, JAX, TensorFlow, Numba, PyTensor and NumPy with one thread each
(the worker's environment asks for one, as the run's ``--threads 1`` does) leaves the process
with one thread: checked here after each import. Nothing is initialised beyond the import: no
JAX backend (XLA's runtime is not fork-safe once started), no TensorFlow context, no CUDA (each
child starts its own when a case needs it).

What a fork does not give. Every child shares its zygote's address-space layout (randomised
once, when the zygote started: where the interpreter, the libraries' code, the stack lie) and
its hash seed, where fresh processes each draw their own. The child shifts where its heap and
its mappings begin by a random amount, which did not win back what a shared layout cost the
intervals (docs/method.md, "Starting the worker processes"): hence a zygote per worker.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import mmap
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from typing import IO, Any

#: What a zygote loads besides the libraries: the worker's own code and the built-in workloads.
ALWAYS = ("arraybench.backends", "arraybench.measure.wire", "arraybench.suites")
#: The environment variable that gives the zygote the descriptor of its control socket.
CONTROL = "ARRAYBENCH_ZYGOTE"
#: Seconds a zygote may take to import the libraries before it is given up on.
START_TIMEOUT_S = 180.0


class ZygoteError(Exception):
    """The zygote could not start, or refused to fork (it would not be safe)."""


class Forked:
    """A worker forked by a zygote, seen as :class:`subprocess.Popen` sees a child: its pid,
    its stdin and stdout, and ``wait`` (answered by the zygote, whose child it is)."""

    def __init__(self, zygote: Zygote, pid: int, stdin: IO[bytes], stdout: IO[bytes]) -> None:
        self.zygote, self.pid = zygote, pid
        self.stdin, self.stdout = stdin, stdout
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.zygote.poll(self.pid)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"worker {self.pid}", timeout or 0.0)
            time.sleep(0.01)
        assert self.returncode is not None
        return self.returncode


class Zygote:
    """A zygote process that has imported ``modules``.

    Args:
        modules: the libraries to import once (the backends' modules).
        env: the workers' environment (thread counts read at import, above all).

    Raises:
        ZygoteError: it could not start, or importing started a thread (forking would not be
            safe): measure in fresh workers instead.
    """

    def __init__(self, modules: Sequence[str], env: Mapping[str, str], wait: bool = True) -> None:
        self.env = dict(env)
        #: the modules it imports (those it could not hold are left out: see ``left``)
        self.modules = list(modules)
        #: modules it could not hold, each with why: every worker imports them for itself
        self.left: dict[str, str] = {}
        #: seconds each backend's ``before_fork`` took (done here once, not in each worker)
        self.prepared: dict[str, float] = {}
        self._ready = False
        self._launch()
        if wait:
            self.wait_ready()

    def _launch(self) -> None:
        self._sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept for the zygote's life
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "arraybench.measure.zygote", *ALWAYS, *self.modules],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=self._stderr,
                env={**os.environ, **self.env, CONTROL: str(theirs.fileno())},
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
            )
        except BaseException:
            self._sock.close()
            raise
        finally:
            theirs.close()
        self._file = self._sock.makefile("rb")

    def wait_ready(self) -> None:
        """Wait until it has imported its modules (once). A module whose import started a
        thread is left to the workers (``left``) and the zygote started again without it;
        raises ZygoteError when it cannot fork at all."""
        while not self._ready:
            self._sock.settimeout(START_TIMEOUT_S)
            try:
                ready = json.loads(self._file.readline() or b"{}")
            except (OSError, ValueError):
                ready = {}
            self._sock.settimeout(None)
            if ready.get("ready") is True:
                self._ready = True
                self.prepared = {str(k): float(v) for k, v in (ready.get("prepared") or {}).items()}
                return
            why = ready.get("why") or self._tail() or "it did not start"
            module = ready.get("module")
            self.close()
            if module not in self.modules:
                raise ZygoteError(f"the zygote cannot fork workers: {why}")
            self.modules.remove(module)
            self.left[module] = why
            self._launch()

    def fork(self, stderr: int, lifeline: int, memory_limit: int | None) -> Forked:
        """A new worker, its stderr and lifeline the descriptors given (the caller keeps its
        own copies, and the write end of the lifeline)."""
        self.wait_ready()
        stdin_r, stdin_w = os.pipe()
        stdout_r, stdout_w = os.pipe()
        try:
            message = json.dumps({"fork": {"memory_limit": memory_limit}}).encode() + b"\n"
            socket.send_fds(self._sock, [message], [stdin_r, stdout_w, stderr, lifeline])
            reply = json.loads(self._file.readline() or b"{}")
        except BaseException:
            os.close(stdin_w)
            os.close(stdout_r)
            raise
        finally:
            os.close(stdin_r)
            os.close(stdout_w)
        if "pid" not in reply:
            os.close(stdin_w)
            os.close(stdout_r)
            raise ZygoteError(f"the zygote did not fork: {reply.get('why') or self._tail()}")
        return Forked(self, int(reply["pid"]), os.fdopen(stdin_w, "wb"), os.fdopen(stdout_r, "rb"))

    def poll(self, pid: int) -> int | None:
        """A child's exit status as Popen gives it (minus the signal that killed it), or None
        while it runs."""
        try:
            self._sock.sendall(json.dumps({"poll": pid}).encode() + b"\n")
            reply = json.loads(self._file.readline() or b"{}")
        except (OSError, ValueError):
            reply = {}
        # No answer: the zygote is gone (killed with the run's process group, say), and its
        # children with it: report the child killed.
        status: int | None = reply.get("status", -9) if reply else -9
        return status

    def _tail(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode(errors="replace").strip()[-500:]

    def close(self) -> None:
        """End the zygote (its children have lifelines of their own); safe to call twice. It is
        killed: it has nothing to write, and a Python that exits in turn tears down every
        library it imported (1.6 s for the classic suite's), while one still importing would
        see its socket closed only when done."""
        with contextlib.suppress(OSError):
            self._file.close()
            self._sock.close()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            self.proc.kill()
        with contextlib.suppress(Exception):
            self.proc.wait(timeout=5)
        self._stderr.close()


# -- the zygote's side ---------------------------------------------------------------------


def _threads() -> int:
    """This process's threads (Linux): a fork is safe only from a process with one."""
    return len(os.listdir("/proc/self/task"))


def _serve(modules: Sequence[str]) -> None:
    sock = socket.socket(fileno=int(os.environ.pop(CONTROL)))

    def say(**reply: Any) -> None:
        sock.sendall(json.dumps(reply).encode() + b"\n")

    if not os.path.isdir("/proc/self/task"):
        say(ready=False, why="forking workers is only done on Linux")
        return
    for name in modules:
        with contextlib.suppress(Exception):  # a library that fails fails its cases, later
            importlib.import_module(name)
        if _threads() > 1:
            said = f"importing {name} started a thread, so a fork would not be safe"
            say(ready=False, why=said, module=name)
            return
    why, prepared = _before_fork()
    if why is not None:
        say(ready=False, why=why)
        return
    say(ready=True, prepared=prepared)
    buffered = b""
    while True:
        message, fds, _, _ = socket.recv_fds(sock, 65536, 4)
        if not message:
            return  # the parent closed its end, or died: end with it
        buffered += message
        while b"\n" in buffered:
            line, buffered = buffered.split(b"\n", 1)
            request = json.loads(line)
            if "poll" in request:
                say(status=_poll(int(request["poll"])))
            elif "fork" in request and len(fds) == 4:
                say(pid=_fork(sock, fds, request["fork"].get("memory_limit")))
                fds = []
            else:
                say(why="a fork request needs four descriptors")


def _before_fork() -> tuple[str | None, dict[str, float]]:
    """Each loaded backend's work done once for every worker (``before_fork``): why forking is
    no longer safe after it (or None), and the seconds each backend's took."""
    from .. import backends

    took: dict[str, float] = {}
    for name in backends.names():
        with contextlib.suppress(Exception):  # a backend that cannot: its workers do it
            backend = backends.get(name)
            prepare = getattr(backend, "before_fork", None)
            if prepare is not None and getattr(backend, "module", "") in sys.modules:
                t0 = time.perf_counter()
                prepare()
                took[name] = time.perf_counter() - t0
        if _threads() > 1:
            why = f"preparing {name} for the workers started a thread, so a fork would not be safe"
            return why, took
    return None, took


def _poll(pid: int) -> int | None:
    try:
        done, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return -9  # gone already: reaped, or never ours
    return os.waitstatus_to_exitcode(status) if done else None


def _fork(sock: socket.socket, fds: list[int], memory_limit: int | None) -> int:
    pid = os.fork()
    if pid:
        for fd in fds:
            os.close(fd)
        return pid
    code = 1
    try:
        sock.close()  # the zygote's control socket: a child holding it would outlive its use
        stdin, stdout, stderr, lifeline = fds
        for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
            os.dup2(fd, target)
            os.close(fd)
        os.setsid()  # its own process group: a kill takes its children too
        if memory_limit is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
        _fresh()
        from .serve import LIFELINE, serve

        os.environ[LIFELINE] = str(lifeline)
        serve()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        os._exit(code)


#: What a forked worker keeps alive to shift its memory layout (see :func:`_fresh`).
_SHIFT: list[Any] = []


def _fresh() -> None:
    """Make a forked child less of a copy: new random seeds, and its heap and its mappings
    begun at a random offset (a fresh process's layout is randomised when it starts; a fork's
    is its parent's), so that the arrays a case allocates land elsewhere than its siblings'."""
    rng = random.SystemRandom()
    random.seed()
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()
    # One mapping of a random number of pages moves every later mapping (large arrays are
    # mappings of their own); blocks of random sizes taken from C's heap (never freed) move
    # where small arrays land; objects of random sizes do the same in Python's own allocator.
    _SHIFT.append(mmap.mmap(-1, mmap.PAGESIZE * rng.randrange(1, 4096)))
    with contextlib.suppress(Exception):  # no C library to call: the mapping alone
        import ctypes

        malloc = ctypes.CDLL(None).malloc
        malloc.restype = ctypes.c_void_p
        for _ in range(rng.randrange(16, 512)):
            malloc(rng.randrange(16, 4096))
    _SHIFT.extend(bytearray(rng.randrange(1, 512)) for _ in range(rng.randrange(16, 512)))


if __name__ == "__main__":
    _serve(sys.argv[1:])
