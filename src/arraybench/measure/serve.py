"""The worker side of a worker process: read requests, measure, reply (the parent side, which
starts and talks to the process, is :mod:`.worker`; a zygote's forked child serves here too).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import signal
import sys
import threading
import time
from typing import Any

#: The environment variable naming the lifeline's file descriptor in a worker: the read end of
#: a pipe whose write end only the parent holds, so the worker dies with its parent.
LIFELINE = "ARRAYBENCH_LIFELINE"


def serve() -> None:
    """Serve requests on stdin, one size group per line, each reply a line on the original
    stdout, until stdin closes; then exit at once."""
    import faulthandler

    lifeline = os.environ.pop(LIFELINE, None)
    if lifeline is not None:
        threading.Thread(target=_die_with_parent, args=(int(lifeline),), daemon=True).start()
    # The channel is the original stdout; the user's prints go to stderr instead.
    channel = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    faulthandler.enable()  # a segfault prints the Python stack to stderr, quoted by the parent

    from .. import backends  # noqa: F401 - fail here, visibly, if arraybench cannot import
    from .walltime import IMPORTS
    from .wire import run_group_in_worker

    channel.write(json.dumps({"ready": True}) + "\n")
    priming: threading.Thread | None = None
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if "prime" in request:  # import these now, at idle priority; answered at once
            if priming is None or not priming.is_alive():
                priming = _prime(request["prime"])
            channel.write(json.dumps({"priming": True}) + "\n")
            continue
        waited = 0.0
        if priming is not None:  # never measure while this process is still importing
            start = time.perf_counter()
            _finish_priming(priming)
            waited = time.perf_counter() - start  # the imports' time: said in the reply's split
            priming = None
        reply: dict[str, Any]
        try:
            reply = run_group_in_worker(request)
            if waited:
                reply["spent"][IMPORTS] = reply["spent"].get(IMPORTS, 0.0) + waited
        except MemoryError:
            reply = {"error": "ran out of memory (--memory-limit)", "kind": "oom"}
        except Exception as e:  # a bug in arraybench, not the impl: report it, keep serving
            reply = {
                "error": f"arraybench failed in the worker: {type(e).__name__}: {e}",
                "kind": "crash",
            }
        channel.write(json.dumps(reply) + "\n")
    # Asked to finish (its input closed): every reply is written, and compiled code was kept on
    # disk as it was made. The interpreter's own shutdown with torch, JAX and TensorFlow loaded
    # (their exit handlers, thread pools) took seconds per worker on 2 cores: skipped.
    channel.close()
    sys.stderr.flush()
    os._exit(0)


def _prime(modules: list[str]) -> threading.Thread:
    """Import ``modules`` in a thread of this worker that runs only when a core is idle
    (SCHED_IDLE, on Linux), so that this process's imports take no time from the process
    measuring beside it: ``--start overlap`` (processes.py) has worker k+1 import its libraries
    while worker k measures. A module that fails to import is left for the case that needs it
    to fail on, with its own message."""

    def run() -> None:
        if _may_restore():
            with contextlib.suppress(AttributeError, OSError):  # not Linux: a plain thread
                os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        for name in modules:
            with contextlib.suppress(Exception):
                importlib.import_module(name)

    thread = threading.Thread(target=run, name="arraybench-prime", daemon=True)
    thread.start()
    return thread


def _finish_priming(thread: threading.Thread) -> None:
    """Wait for the imports of :func:`_prime`, at normal priority from now on: this process
    is about to measure, and an idle-priority thread on a busy machine might never finish."""
    tid = thread.native_id
    if tid is not None and thread.is_alive():
        with contextlib.suppress(AttributeError, OSError):
            os.sched_setscheduler(tid, os.SCHED_OTHER, os.sched_param(0))
    thread.join()


def _may_restore() -> bool:
    """Whether this process may move a thread from SCHED_IDLE back to normal priority (Linux
    lets an unprivileged one only with RLIMIT_NICE at 20 or more)."""
    try:
        import resource

        return os.geteuid() == 0 or resource.getrlimit(resource.RLIMIT_NICE)[0] >= 20
    except (ImportError, AttributeError, OSError):
        return False


def _die_with_parent(fd: int) -> None:
    """Sleep in a read of the lifeline until the parent's end closes, then kill this worker's
    process group (it and its children). Nothing is written to it: the read wakes no one until
    then, so the case measured in the main thread has its process to itself."""
    with contextlib.suppress(OSError):
        while os.read(fd, 1):
            pass
    if os.getpgrp() == os.getpid():  # started in a session of its own, as Worker starts it
        os.killpg(0, signal.SIGKILL)
    os.kill(os.getpid(), signal.SIGKILL)
