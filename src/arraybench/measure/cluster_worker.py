"""The workers' side of a cluster run (``--cluster``, :mod:`.cluster` is the client's): what
each Dask worker runs, in its own process, on its machine.

    probe(backends, threads)   the machine's name, its record (host, CPU, cores, GPUs, library
                               versions, BLAS, thread pools) and which backends it has
    run_unit(request)          one unit: the workload files that came with the request written
                               to a folder of this worker, then measured as any worker process
                               measures (:func:`.wire.run_group_in_worker`)

Both are plain functions of this module, so Dask sends them by name: arraybench must be
installed, at the same version, on every worker. Workload files travel in the request as text,
so nothing from the client's ``__main__`` is pickled.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

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
    from .. import __version__
    from .. import backends as _backends
    from ..suites import load_file
    from . import env as _env
    from . import threads as _threads
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
    record = _env.collect([n for n in backend_names if found[n]["available"]])
    usable = _env.usable_cores()
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
    measure as a worker process does (:func:`.wire.run_group_in_worker`). Errors come back as
    a reply, so that they fail the unit's cases with the reason."""
    from .processes import IN_WORKER
    from .wire import run_group_in_worker

    before = os.environ.get(IN_WORKER)
    os.environ[IN_WORKER] = "1"  # a workload file that starts a run when loaded is refused
    try:
        paths = {origin: _written(origin, text) for origin, text in req.get("sources", {}).items()}
        cases = [{**c, "origin": paths.get(c["origin"], c["origin"])} for c in req["cases"]]
        return run_group_in_worker({**req, "cases": cases})
    except Exception as e:
        return {"error": f"on {machine_name()}: {type(e).__name__}: {e}", "kind": "crash"}
    finally:
        if before is None:
            del os.environ[IN_WORKER]
        else:
            os.environ[IN_WORKER] = before


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
