"""The Dask executor (``--cluster``): the case matrix measured on every machine of a Dask
cluster, the results streamed home one case at a time.

    local:N          a ``distributed.LocalCluster`` of N single-threaded worker processes here
    tcp://HOST:PORT  a running scheduler (``dask scheduler`` on one host, ``dask worker`` on
                     the others)

    client (this process)                          each machine of the cluster
    ask every worker its machine (name, record,
    backends it has)  ------------------------->   probe(): env.collect, available(), devices()
    plan the matrix once per machine (a library
    missing there is skipped there)
    per machine, one unit at a time:
        a size group (one case with --isolate),
        a part of each case's budget  ---------->  run_unit(): load the workload files sent
                                                   with the request, prepare, check, sample
                                                   in turns (wire.run_group_in_worker)
        <-------------------------------  CaseResult dicts, or an error for the whole unit
    each case: its parts combined, then yielded (and stored) at once

Why one unit at a time per machine: two benchmarks on one machine compete for its cores and
memory bandwidth, and each reads slower than it is. The units of a machine go to its workers in
turn, so with several worker processes on a machine each case's parts are measured in different
processes, as ``--processes`` does here.

A worker that dies (a crash, a kill, its machine leaving) costs its unit one re-queue on another
worker of the same machine (or the one its nanny restarts). A size group lost twice is split into
its cases, each run alone, so that a case that crashes its process cannot take the others with
it; a case lost twice alone is recorded failed with the cause. A case past ``timeout`` has its
worker restarted (workers need a nanny, the default) and is recorded as timed out. Ctrl-C
cancels the cluster's tasks; what was stored stays, and ``--resume`` finishes the run.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import socket
import tempfile
import time
from collections import deque
from collections.abc import Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..config import RunConfig
from ..errors import ConfigError
from ..results import CaseResult
from .executors import GroupResults, Job
from .plan import Machine
from .timer import TimerSettings
from .wire import _failed, read_reply, request, request_settings

#: The environment variable that names a worker's machine (default: its host name): give each
#: of several containers of one host its own name, or a host a name that says what it is.
MACHINE_ENV = "ARRAYBENCH_MACHINE"
#: Seconds to wait for a scheduler to answer, and for its first worker to join.
CONNECT_S = 30.0
#: Seconds between looks at the cluster's workers while units run (a lost worker is noticed
#: within this; a finished unit is taken at once).
POLL_S = 0.5
#: Seconds a machine may have no worker at all before its remaining cases are failed.
MACHINE_GONE_S = 60.0
#: Times a unit is run again after its worker died.
REQUEUES = 1

_INSTALL = (
    "--cluster needs Dask distributed: pip install 'arraybench[cluster]' "
    "(or 'arraybench[all]'), here and on every worker"
)


def require_dask() -> None:
    """Raise ConfigError, naming the extra to install, when Dask distributed is missing."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ConfigError(_INSTALL) from None


# -- the worker's side ---------------------------------------------------------------------


def machine_name() -> str:
    """This machine's name in a cluster run: ``$ARRAYBENCH_MACHINE``, else the host name."""
    return os.environ.get(MACHINE_ENV) or socket.gethostname()


def probe(backend_names: Sequence[str], threads: int | None) -> dict[str, Any]:
    """What a worker says of its machine: its name, its record (``env.collect``), and for each
    backend whether it is available there and its devices."""
    from .. import __version__
    from .. import backends as _backends
    from . import env as _env
    from . import threads as _threads

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
    record["threads"] = {
        "policy": _threads.policy(threads, usable),
        "pools": _threads.pools(record, usable, threads, workers=True),
    }
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

    os.environ[IN_WORKER] = "1"  # a workload file that starts a run when loaded is refused
    try:
        paths = {origin: _written(origin, text) for origin, text in req.get("sources", {}).items()}
        cases = [{**c, "origin": paths.get(c["origin"], c["origin"])} for c in req["cases"]]
        return run_group_in_worker({**req, "cases": cases})
    except Exception as e:
        return {"error": f"on {machine_name()}: {type(e).__name__}: {e}", "kind": "crash"}


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


# -- the client's side ---------------------------------------------------------------------


class _Connection:
    """A client of the cluster, and the LocalCluster it started (``local:N``)."""

    def __init__(self, address: str) -> None:
        require_dask()
        import dask
        from distributed import Client, LocalCluster

        from .processes import IN_WORKER

        self.address = address
        self.cluster: Any = None
        m = re.fullmatch(r"local:(\d+)", address)
        if m:
            # The nanny sets OMP_NUM_THREADS=1 and the like in each worker; the run's --threads
            # applies there as here, so its defaults are left out.
            with dask.config.set({"distributed.nanny.pre-spawn-environ": {}}):
                self.cluster = LocalCluster(
                    n_workers=int(m.group(1)),
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=None,
                    silence_logs=50,
                    env={IN_WORKER: "1"},
                )
            self.client = Client(self.cluster)
        else:
            try:
                self.client = Client(address, timeout=CONNECT_S)
            except OSError as e:
                raise ConfigError(
                    f"no Dask scheduler answers at {address} ({e}): start one there with "
                    "`dask scheduler`, and workers with `dask worker "
                    f"{address} --nthreads 1`"
                ) from None
        try:
            self.client.wait_for_workers(1, timeout=CONNECT_S)
        except Exception:
            self.close()
            raise ConfigError(
                f"the Dask scheduler at {address} has no worker after {CONNECT_S:.0f} s: start "
                f"one with `dask worker {address} --nthreads 1`"
            ) from None
        #: machine name of each worker address seen
        self.names: dict[str, str] = {}

    def workers(self) -> list[str]:
        return list(self.client.nthreads())

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.client.close()
        if self.cluster is not None:
            with contextlib.suppress(Exception):
                self.cluster.close()


class _Kept:
    depth = 0
    conn: _Connection | None = None


@contextlib.contextmanager
def shared_cluster() -> Iterator[None]:
    """Keep the cluster connection (and a ``local:N`` cluster) for every run inside the block,
    instead of starting one per run (``arraybench run`` measures experiment after experiment)."""
    _Kept.depth += 1
    try:
        yield
    finally:
        _Kept.depth -= 1
        if _Kept.depth == 0 and _Kept.conn is not None:
            _Kept.conn.close()
            _Kept.conn = None


@dataclass
class _Unit:
    """Cases measured in one task on one machine: a size group's, or one case's; one part of
    each case's budget."""

    machine: str
    cases: list[int]
    part: int
    lost: int = 0
    #: how many times the size group it came from was lost, when it was split off one
    group_lost: int = 0
    worker: str | None = None
    future: Any = None
    started: float = 0.0
    log: list[str] = field(default_factory=list)


class DaskCluster:
    """Measure on a Dask cluster: every machine measures the whole matrix (see the module)."""

    in_this_process = False

    def __init__(self, config: RunConfig) -> None:
        assert config.cluster is not None
        self.config = config
        self._conn: _Connection | None = None
        self._machines: dict[str, Machine] = {}

    # -- the runner asks which machines there are, then runs the job ----------------------

    def machines(self, backend_names: Sequence[str]) -> list[Machine]:
        """Every machine of the cluster, as its workers describe it (one probe per worker, all
        at once). Raises ConfigError when a worker runs another version of arraybench."""
        from .. import __version__

        conn = self._connect()
        addrs = conn.workers()
        futures = [
            conn.client.submit(
                probe,
                list(backend_names),
                self.config.threads,
                workers=[a],
                allow_other_workers=False,
                pure=False,
            )
            for a in addrs
        ]
        answers = conn.client.gather(futures)
        by_name: dict[str, Machine] = {}
        for addr, ans in zip(addrs, answers, strict=True):
            if ans["arraybench"] != __version__:
                raise ConfigError(
                    f"the worker {addr} on {ans['name']} runs arraybench {ans['arraybench']}, "
                    f"this one is {__version__}: install the same version on every machine"
                )
            name = ans["name"]
            conn.names[addr] = name
            m = by_name.get(name)
            if m is None:
                record = {**ans["record"], "cluster": self.config.cluster}
                by_name[name] = Machine(name, ans["backends"], record, (addr,))
            else:
                by_name[name] = replace(m, workers=(*m.workers, addr))
        for name, m in by_name.items():
            by_name[name] = replace(m, record={**m.record, "workers": len(m.workers)})
        self._machines = by_name
        return list(by_name.values())

    def close(self) -> None:
        if self._conn is not None and _Kept.conn is not self._conn:
            self._conn.close()
        self._conn = None

    def _connect(self) -> _Connection:
        if self._conn is not None:
            return self._conn
        kept = _Kept.conn
        if kept is not None and kept.address == self.config.cluster:
            self._conn = kept
            return kept
        if kept is not None and _Kept.depth > 0:
            kept.close()
            _Kept.conn = None
        assert self.config.cluster is not None
        self._conn = _Connection(self.config.cluster)
        if _Kept.depth > 0:
            _Kept.conn = self._conn
        return self._conn

    def run(self, job: Job) -> Generator[GroupResults, None, None]:
        from .processes import _combine

        conn = self._connect()
        cases, config = job.cases, job.config
        parts_n = config.processes
        settings = request_settings(config, job.floor, parts_n)
        whole = TimerSettings(
            budget=config.budget, target=config.target, max_samples=config.max_samples
        )
        origins: dict[int, str] = {}
        sources: dict[str, str] = {}
        groups: dict[str, deque[Sequence[int]]] = {}
        for g in job.groups:
            groups.setdefault(cases[g[0]].machine or "", deque()).append(g)
        pending: dict[str, deque[_Unit]] = {m: deque() for m in groups}
        running: dict[str, _Unit] = {}
        parts: dict[int, list[CaseResult]] = {}
        finished: set[int] = set()
        turn: dict[str, int] = {}
        gone_since: dict[str, float] = {}

        def build(unit: _Unit) -> dict[str, Any]:
            chosen = [cases[i] for i in unit.cases]
            req = request(chosen, settings, origins)
            for spec in req["cases"]:
                origin = spec["origin"]
                if origin != "builtin" and origin not in sources:
                    sources[origin] = Path(origin).read_text(encoding="utf-8")
            used = {spec["origin"] for spec in req["cases"]} - {"builtin"}
            req["sources"] = {o: sources[o] for o in used}
            return req

        def refill(m: str) -> None:
            """Queue the next size group of machine m that has cases left to measure."""
            while not pending[m] and groups[m]:
                todo = [i for i in groups[m].popleft() if not job.settled(i)]
                units = [[i] for i in todo] if config.isolate else ([todo] if todo else [])
                for k in range(parts_n):
                    pending[m].extend(_Unit(m, list(u), k) for u in units)

        def fail(i: int, error: str, kind: str) -> GroupResults:
            """Case i failed: its other parts are not measured."""
            finished.add(i)
            return [(i, _failed(cases[i], error, kind))]

        def submit(m: str, live: Mapping[str, str]) -> None:
            """Start machine m's next unit on the next of its live workers."""
            while pending[m] and m not in running:
                unit = pending[m].popleft()
                unit.cases = [i for i in unit.cases if i not in finished]
                if not unit.cases:
                    continue
                mine = [a for a, name in live.items() if name == m]
                if not mine:
                    pending[m].appendleft(unit)
                    return
                k = turn.get(m, 0)
                turn[m] = k + 1
                unit.worker = mine[(unit.part + k) % len(mine)]
                if job.progress and unit.part == 0 and not unit.lost:
                    for i in unit.cases:
                        job.progress(job.done(), len(cases), cases[i], None)
                unit.future = conn.client.submit(
                    run_unit,
                    build(unit),
                    workers=[unit.worker],
                    allow_other_workers=False,
                    pure=False,
                )
                unit.started = time.monotonic()
                running[m] = unit

        def lost(unit: _Unit, why: str) -> GroupResults:
            """A unit whose worker died: run it again, split it, or fail its cases."""
            with contextlib.suppress(Exception):
                conn.client.cancel([unit.future])
            unit.lost += 1
            unit.future = None
            if unit.lost <= REQUEUES:
                pending[unit.machine].appendleft(unit)
                return []
            if len(unit.cases) > 1:
                alone = [
                    _Unit(unit.machine, [i], unit.part, group_lost=unit.lost) for i in unit.cases
                ]
                pending[unit.machine].extendleft(reversed(alone))
                return []
            before = (
                f" (and {unit.group_lost} times with the other cases of its size)"
                if unit.group_lost
                else ""
            )
            error = (
                f"on {unit.machine}: the worker process measuring it was lost {unit.lost} times"
                f"{before}: {why}. It crashes its process (a segfault, an abort, memory), or "
                "the machine left the cluster; --isolate --timeout S runs it alone elsewhere"
            )
            return [r for i in unit.cases for r in fail(i, error, "crash")]

        try:
            live = self._live(conn)
            for m in groups:
                refill(m)
                submit(m, live)
            while running or any(pending.values()):
                futures = [u.future for u in running.values()]
                if futures:
                    with contextlib.suppress(TimeoutError):
                        from distributed import wait

                        wait(futures, timeout=POLL_S, return_when="FIRST_COMPLETED")
                else:
                    time.sleep(POLL_S)
                live = self._live(conn)
                now = time.monotonic()
                for m, unit in list(running.items()):
                    out: GroupResults = []
                    status = unit.future.status
                    if status == "finished":
                        del running[m]
                        try:
                            reply = unit.future.result()
                        except Exception as e:
                            reply = {"error": f"{type(e).__name__}: {e}", "kind": "crash"}
                        chosen = [cases[i] for i in unit.cases]
                        for i, r in zip(unit.cases, read_reply(reply, chosen), strict=True):
                            if i in finished:
                                continue
                            got = parts.setdefault(i, [])
                            got.append(r)
                            if len(got) == parts_n or not r.ok:
                                finished.add(i)
                                out.append((i, _combine(got, len(got), whole, job.floor)))
                    elif status in ("error", "lost", "cancelled") or unit.worker not in live:
                        del running[m]
                        why = (
                            f"{type(unit.future.exception()).__name__}"
                            if status == "error"
                            else f"worker {unit.worker} left the cluster"
                        )
                        out = lost(unit, why)
                    elif config.timeout is not None and now - unit.started > _allowed(
                        config.timeout, len(unit.cases)
                    ):
                        del running[m]
                        with contextlib.suppress(Exception):
                            conn.client.cancel([unit.future])
                            conn.client.restart_workers([unit.worker], raise_for_error=False)
                        error = (
                            f"on {m}: timed out: still running after {config.timeout:g} s "
                            "(its worker was restarted)"
                        )
                        out = [r for i in unit.cases for r in fail(i, error, "timeout")]
                    if out:
                        yield out
                for m, queued in groups.items():
                    if any(name == m for name in live.values()):
                        gone_since.pop(m, None)
                    else:
                        since = gone_since.setdefault(m, now)
                        if now - since > MACHINE_GONE_S and m not in running:
                            out = []
                            rest = [i for u in pending[m] for i in u.cases] + [
                                i for g in queued for i in g if not job.settled(i)
                            ]
                            pending[m].clear()
                            queued.clear()
                            for i in dict.fromkeys(rest):
                                if i not in finished:
                                    out += fail(
                                        i,
                                        f"{m} has had no worker in the cluster for "
                                        f"{MACHINE_GONE_S:.0f} s: not measured there",
                                        "crash",
                                    )
                            if out:
                                yield out
                    refill(m)
                    submit(m, live)
        finally:
            left = [u.future for u in running.values() if u.future is not None]
            if left:
                with contextlib.suppress(Exception):
                    conn.client.cancel(left, force=True)

    def _live(self, conn: _Connection) -> dict[str, str]:
        """The workers now in the cluster, by address, with their machine's name (a worker
        that joined since is asked its name)."""
        addrs = conn.workers()
        new = [a for a in addrs if a not in conn.names]
        if new:
            futures = [
                conn.client.submit(machine_name, workers=[a], allow_other_workers=False, pure=False)
                for a in new
            ]
            with contextlib.suppress(Exception):
                for a, name in zip(new, conn.client.gather(futures), strict=True):
                    conn.names[a] = name
        return {a: conn.names[a] for a in addrs if a in conn.names}


def _allowed(timeout: float, n: int) -> float:
    """Seconds a unit of n cases may run: each case's timeout (they run in turns)."""
    return timeout * n
