"""Worker processes: run each case in a separate process, so that a kernel that crashes, hangs or
eats all memory costs only its own case.

    parent                                  worker (python -m arraybench.measure.worker)
    ------                                  ------
    start (limits: RLIMIT_AS; env: threads) load workloads from their files, on demand
    send cases as a JSON line       ----->  prepare, first call, check, sample (as in-process)
    wait, at most --timeout                 reply with the CaseResults as a JSON line
    <-----  reply | EOF (crash) | timeout   (the user's prints go to stderr, never the channel)
    dead or timed out: kill the process group, record why, start a new worker for the next case

A worker serves requests one after another until it dies, so starting Python and importing the
libraries (1-2 s) is paid once, not per case. It dies with its parent: it holds the read end of a
pipe whose only write end its parent holds, and a thread of its own, asleep in a read of it,
kills the worker's process group when the read ends (the parent gone, however it went: killed,
crashed, or a Dask worker that closed), so no worker outlives the process that started it.

A request is one size group (its cases take turns, as in-process) or, under --isolate, one case:
the rounds of a group would lose every case of the round to one crash. processes.py sends the
requests, and on a cluster each Dask worker sends its units to a worker of its own
(cluster_worker.py).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, Any

from ..base import interrupts
from .serve import LIFELINE

if TYPE_CHECKING:
    from .zygote import Forked, Zygote

#: How much of a dead worker's stderr to quote in the case's error (a faulthandler traceback, a
#: library's abort message).
STDERR_TAIL = 1500
#: How much of a dead worker's stderr is read to find faulthandler's report in: a forked
#: worker's stack is deeper (the zygote's frames), and its other threads are listed first.
STDERR_READ = 64_000
#: A worker must say it is ready within this long (imports included) before it is called stuck.
START_TIMEOUT_S = 120.0
#: The environment variable that gives a worker the descriptor of its lifeline (see the module).


class WorkerCrash(Exception):
    """The worker died or was stopped while running a case; ``kind`` is crash, timeout or oom."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class Worker:
    """One worker process and its channel.

    Args:
        memory_limit: bytes of address space the worker may use (RLIMIT_AS), or None.
        env: extra environment variables (thread counts that libraries read at start).
        wait: wait until it is ready (else call :meth:`wait_ready`).
        zygote: fork it from this zygote (zygote.py), which has the libraries imported, in
            place of starting a fresh Python (``env`` is then the zygote's).
    """

    proc: subprocess.Popen[bytes] | Forked

    def __init__(
        self,
        memory_limit: int | None = None,
        env: Mapping[str, str] | None = None,
        wait: bool = True,
        zygote: Zygote | None = None,
    ):
        self.memory_limit = memory_limit
        # Kept for the life of the worker, closed by close(): not a with-block.
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        # The lifeline: the worker reads its end; this process holds the only write end (not
        # inheritable, so no other child keeps it open), closed when this process ends.
        lifeline, self._lifeline = os.pipe()
        try:
            if zygote is not None:
                self.proc = zygote.fork(self._stderr.fileno(), lifeline, memory_limit)
            else:
                self.proc = self._start(lifeline, env)
        except BaseException:
            os.close(self._lifeline)
            raise
        finally:
            os.close(lifeline)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in: IO[bytes] = self.proc.stdin
        self._out: IO[bytes] = self.proc.stdout
        if wait:
            self.wait_ready()

    def _start(self, lifeline: int, env: Mapping[str, str] | None) -> subprocess.Popen[bytes]:
        """A fresh Python running the worker."""
        limit = self.memory_limit

        def limits() -> None:  # runs in the child, before Python starts
            if limit is not None:
                import resource

                resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        return subprocess.Popen(
            [sys.executable, "-m", "arraybench.measure.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            env={**os.environ, **(env or {}), LIFELINE: str(lifeline)},
            pass_fds=(lifeline,),
            # Only with a limit: a preexec_fn forces a plain fork of this (maybe multithreaded)
            # process, where Python otherwise starts the child without one.
            preexec_fn=limits if limit is not None else None,  # noqa: PLW1509
            start_new_session=True,  # its own process group: a kill takes its children too
        )

    def wait_ready(self) -> None:
        """Wait until the worker says it is ready (its imports done), or raise WorkerCrash."""
        ready = self._read_line(START_TIMEOUT_S)
        if not ready or json.loads(ready).get("ready") is not True:
            self.stop()
            tail = self.stderr_tail()[-STDERR_TAIL:]
            raise WorkerCrash("crash", f"the worker process did not start: {tail}")

    def prime(self, modules: list[str]) -> None:
        """Have the worker import ``modules`` in the background, at idle priority, before its
        next request (which waits for them): ``--start overlap``."""
        self.run({"prime": modules}, None)

    def run(self, request: Mapping[str, Any], timeout: float | None) -> dict[str, Any]:
        """Send one request (cases to measure); return the worker's reply, or raise
        :class:`WorkerCrash`."""
        try:
            self._in.write(json.dumps(request).encode() + b"\n")
            self._in.flush()
        except BrokenPipeError:
            raise self._death() from None
        line = self._read_line(timeout)
        if line is None:  # nothing within the timeout, and the channel is still open
            self.stop()
            raise WorkerCrash("timeout", f"timed out after {timeout:g} s (--timeout)")
        if not line:  # end of file: the worker died
            raise self._death()
        reply: dict[str, Any] = json.loads(line)
        return reply

    def _read_line(self, timeout: float | None) -> bytes | None:
        """A line; b"" at end of file (the worker died); None when ``timeout`` passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        sel = selectors.DefaultSelector()
        sel.register(self._out, selectors.EVENT_READ)
        try:
            while True:
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                with interrupts.waiting():  # nothing has come yet: Ctrl-C stops the wait now
                    ready = sel.select(left)
                if not ready:
                    return None  # timed out
                return self._out.readline()
        finally:
            sel.close()

    def _death(self) -> WorkerCrash:
        code = self.proc.wait()
        tail = self.stderr_tail()
        if code < 0:
            sig = signal.Signals(-code).name
            if sig == "SIGKILL":
                return WorkerCrash(
                    "oom",
                    f"killed with SIGKILL: most likely out of memory (the "
                    f"system's OOM killer){_quote(tail)}",
                )
            return WorkerCrash("crash", f"crashed with {sig}{_quote(tail)}")
        return WorkerCrash(
            "crash",
            f"the worker process exited with code {code} in the middle "
            f"of the case (os._exit or sys.exit in the impl?){_quote(tail)}",
        )

    def stderr_tail(self) -> str:
        self._stderr.seek(0)
        data = self._stderr.read().decode(errors="replace")
        return data[-STDERR_READ:].strip()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            self.proc.wait(timeout=10)
        self._close_pipes()

    def _close_pipes(self) -> None:
        for f in (self._in, self._out):
            with contextlib.suppress(Exception):
                f.close()
        if self._lifeline >= 0:
            with contextlib.suppress(OSError):
                os.close(self._lifeline)
            self._lifeline = -1  # its number may be another file's from now on

    def kill(self) -> None:
        """Stop the worker at once (with its children) and let go of its files."""
        self.stop()
        self._stderr.close()

    def release(self) -> None:
        """Let go of the files of a worker that is dead or stopped already (its error was
        read): no signal is sent, since its process id may be another's by now."""
        self._close_pipes()
        self._stderr.close()

    def close(self) -> None:
        """Ask the worker to finish, then make sure it has."""
        with contextlib.suppress(Exception):
            self._in.close()
            self.proc.wait(timeout=5)
        self.stop()
        self._stderr.close()


def _quote(tail: str) -> str:
    """The telling part of a dead worker's stderr: faulthandler's error line and the innermost
    frame of the stack it printed (most recent call first), else the last lines."""
    lines = [line.strip() for line in tail.splitlines() if line.strip()]
    if not lines:
        return ""
    fatal = next((s for s in lines if s.startswith("Fatal Python error")), None)
    # The crashing thread's stack ("Current thread ..."), else the first stack printed; a
    # forked worker's other threads are listed before it.
    starts = [i for i, s in enumerate(lines) if "most recent call first" in s]
    current = [i for i in starts if lines[i].startswith("Current thread")]
    frames = (
        list(
            itertools.takewhile(
                lambda f: f.startswith("File "), lines[(current or starts)[0] + 1 :]
            )
        )
        if starts
        else []
    )
    # The innermost frame, and the innermost one in the user's own code (not in a library).
    own = next((f for f in frames if "/lib/python" not in f and "<frozen" not in f), None)
    shown = [f for f in (frames[0] if frames else None, own) if f]
    if fatal or shown:
        where = " called from ".join(dict.fromkeys(shown))
        return " — " + "; ".join(s for s in (fatal, where) if s)
    return " — its last words: " + " | ".join(lines[-3:])[-STDERR_TAIL:]


if __name__ == "__main__":
    from .serve import serve

    serve()
