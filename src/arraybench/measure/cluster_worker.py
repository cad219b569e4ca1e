"""The workers' side of a cluster run (``--cluster``, :mod:`.cluster` is the client's): what
each Dask worker runs, in its own process, on its machine.

    probe(backends, threads)   the machine's name, its record (host, CPU, cores, GPUs, library
                               versions, BLAS, thread pools) and which backends it has
    run_unit(request)          one unit: the workload files that came with the request written
                               to a folder of this worker, then the request sent to this Dask
                               worker's arraybench worker process (:mod:`.worker`, the kind
                               ``--processes`` starts), which measures it in its main thread
    stop_measuring()           that process stopped (the client's run is over)

    Dask worker (its event loop, a pool thread per task)      arraybench worker process
    run_unit, in a pool thread:  request  ------------------>  load, prepare, check, sample
                                 <-------------------------  reply (CaseResults) | death

Why a process of its own: a case measured in the Dask worker's pool thread shares its process
with the worker's event loop (heartbeats, the memory monitor, the comms), and read differently
from the same case measured here: small NumPy calls 2-7% slower, 10^5-element ones 5-8% faster
(docs/performance.md). In an arraybench worker process it runs in the main thread, with the
run's thread settings in its environment from the start (so JAX and TensorFlow have them too)
and the run's memory limit, nothing else running there: a cluster machine measures as
``--processes`` does here (the Dask worker's own memory limit watches the Dask worker alone). The
process is kept for the next unit (it pays its imports once) while the run's settings stay the
same; it is stopped when the client closes its connection, and it dies with its Dask worker
(the worker's lifeline, :mod:`.worker`) however the Dask worker ends.

The functions are plain functions of this module, so Dask sends them by name: arraybench must
be installed, at the same version, on every worker. Workload files travel in the request as
text, so nothing from the client's ``__main__`` is pickled.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .worker import Worker

#: The environment variable that names a worker's machine (default: its host name): give each
#: of several containers of one host its own name, or a host a name that says what it is.
MACHINE_ENV = "ARRAYBENCH_MACHINE"


def machine_name() -> str:
    """This machine's name in a cluster run: ``$ARRAYBENCH_MACHINE``, else the host name."""
    return os.environ.get(MACHINE_ENV) or socket.gethostname()


def probe(
    backend_names: Sequence[str], threads: int | None, sources: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """What a worker says of its machine: its name, its record (``env.collect``), and for each
    backend whether it is available there and its devices. The workload files in ``sources``
    are loaded first, since a file may register a backend of its own."""
    from .. import backends as _backends
    from ..backends.base import usable_cores
    from ..base.version import __version__
    from ..catalog import load_file
    from . import env as _env
    from . import threads as _threads
    from .sampling import _apply_threads
    from .wire import _worker_workloads

    for origin, text in (sources or {}).items():
        path = _written(origin, text)
        if path not in _worker_workloads:
            with contextlib.suppress(Exception):  # run_unit reports it, case by case
                _worker_workloads[path] = load_file(path)

    found: dict[str, dict[str, Any]] = {}
    for name in backend_names:
        try:
            b = _backends.get(name)
            ok, reason = b.available()
            found[name] = {
                "available": ok,
                "reason": reason,
                "devices": list(b.devices()) if ok else [],
            }
        except Exception as e:  # a broken library is unavailable there, with the reason
            found[name] = {"available": False, "reason": f"{type(e).__name__}: {e}"}
    available = [n for n in backend_names if found[n]["available"]]
    # The pools as the process that measures has them: the run's threads (that process starts
    # with them in its environment), not whatever Dask's nanny left in this one.
    with contextlib.ExitStack() as stack:
        _apply_threads(stack, threads, available)
        record = _env.collect(available)
    usable = usable_cores()
    record["threads"] = _threads.record(record, usable, threads, workers=True)
    record["machine"] = machine_name()
    return {
        "name": machine_name(),
        "arraybench": __version__,
        "backends": found,
        "record": record,
    }


_sources_dir: Path | None = None


def run_unit(req: Mapping[str, Any]) -> dict[str, Any]:
    """A worker's side of one unit: write the workload files that came with the request, then
    send it to this Dask worker's arraybench worker process, started on first use, which
    measures it as under ``--processes`` (:func:`.wire.run_group_in_worker`). Errors come back
    as a reply, so that they fail the unit's cases with the reason; one whose process died
    (a crash, memory) says ``"lost"``, and the client runs the unit again or alone, as for a
    lost Dask worker."""
    from .worker import WorkerCrash

    try:
        paths = {origin: _written(origin, text) for origin, text in req.get("sources", {}).items()}
        cases = [{**c, "origin": paths.get(c["origin"], c["origin"])} for c in req["cases"]]
        sent = {k: v for k, v in req.items() if k != "sources"}
        reply = _measure({**sent, "cases": cases})
    except WorkerCrash as e:  # a timeout stopped the process; anything else killed it
        lost = {} if e.kind == "timeout" else {"lost": True}
        return {"error": f"on {machine_name()}: {e}", "kind": e.kind, **lost}
    except _NotStarted as e:
        return {"error": f"on {machine_name()}: {e}", "kind": "crash"}
    except Exception as e:
        return {"error": f"on {machine_name()}: {type(e).__name__}: {e}", "kind": "crash"}
    if "error" in reply:
        reply["error"] = f"on {machine_name()}: {reply['error']}"
    return reply


#: This Dask worker's arraybench worker process, with the key of the settings it started with
#: (the run's memory limit, and its environment: the run's threads); and the lock that lets one
#: unit at a time use it (a worker started with more than one thread may be given two at once).
_measuring: tuple[tuple[Any, ...], Worker] | None = None
_lock = threading.Lock()


def _measure(req: Mapping[str, Any]) -> dict[str, Any]:
    """The reply of this Dask worker's arraybench worker process to ``req``, within the run's
    timeout per case; raises WorkerCrash when the process died or timed out (it is then
    forgotten: the next unit starts a new one)."""
    global _measuring
    from .processes import worker_env
    from .worker import Worker, WorkerCrash

    config = req["config"]
    # Dask's nanny pins PYTHONHASHSEED in its workers, for hashing that agrees between them; a
    # process that measures takes a random one, as a worker here does: the hash seed is part of
    # the memory layout that a kernel's speed depends on, and an interval across processes has
    # to see it vary (processes.py). Pinned, small NumPy calls read ~10% slower on every run.
    env = {**worker_env(config.get("threads")), "PYTHONHASHSEED": "random"}
    limit = config.get("memory_limit")
    key = (limit, *sorted(env.items()))
    timeout = config.get("timeout")
    with _lock:
        kept = _measuring
        if kept is not None and kept[0] != key:
            _measuring = None
            kept[1].close()
            kept = None
        if kept is None:
            try:
                kept = _measuring = (key, Worker(limit, env))
            except WorkerCrash as e:  # not the unit's doing: its cases fail with the reason
                raise _NotStarted(str(e)) from None
        worker = kept[1]
        try:
            return worker.run(req, None if timeout is None else timeout * len(req["cases"]))
        except WorkerCrash:
            if _measuring is kept:
                _measuring = None
            worker.close()
            raise


class _NotStarted(Exception):
    """This Dask worker could not start its arraybench worker process."""


def measuring_pid() -> int | None:
    """The process id of this Dask worker's arraybench worker process, if one runs."""
    kept = _measuring
    return None if kept is None else kept[1].pid


def stop_measuring() -> None:
    """Stop this Dask worker's arraybench worker process (the client's run is over): asked to
    finish when idle, killed when a unit still runs in it (one cancelled by Ctrl-C)."""
    global _measuring
    kept, _measuring = _measuring, None
    if kept is None:
        return
    if _lock.acquire(blocking=False):
        try:
            kept[1].close()
        finally:
            _lock.release()
    else:
        kept[1].stop()


def _written(origin: str, text: str) -> str:
    """The path of a workload file sent to this worker, written once per content."""
    global _sources_dir
    if _sources_dir is None:
        _sources_dir = Path(tempfile.mkdtemp(prefix="arraybench-workloads-"))
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    path = _sources_dir / digest / Path(origin).name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return str(path)
