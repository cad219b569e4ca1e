"""The Dask executor (``--cluster``): the case matrix measured on every machine of a Dask
cluster, the results streamed home one case at a time.

    local:N          a ``distributed.LocalCluster`` of N single-threaded worker processes here
    tcp://HOST:PORT  a running scheduler (``dask scheduler`` on one host, ``dask worker`` on
                     the others)

    client (this module, this process)             each machine (cluster_worker.py)
    ask every worker its machine (name, record,
    backends it has)  ------------------------->   probe(): env.collect, available(), devices()
    plan the matrix once per machine (a library
    missing there is skipped there)
    per machine, one unit at a time:
        a size group (one case with --isolate),
        a part of each case's budget  ---------->  run_unit(): write the workload files
                                                   sent with the request, pass it to the
                                                   Dask worker's arraybench worker process,
                                                   which prepares, checks and samples in
                                                   turns in its main thread (as --processes)
        <-------------------------------  CaseResult dicts, or an error for the whole unit
    each case: its parts combined, then yielded (and stored) at once

Why one unit at a time per machine: two benchmarks on one machine compete for its cores and
memory bandwidth, and each reads slower than it is. The units of a machine go to its workers in
turn, so with several worker processes on a machine each case's parts are measured in different
processes, as ``--processes`` does here.

A unit whose measuring process dies (a crash, a kill), or whose Dask worker dies or leaves, costs
one re-queue on another worker of the same machine (or on a new measuring process). A size group
lost twice is split into its cases, each run alone, so that a case that crashes its process
cannot take the others with it; a case lost twice alone is recorded failed with the cause. A case
past ``timeout`` has its measuring process stopped by its Dask worker and is recorded as timed
out; a Dask worker that does not answer even then is restarted (through its nanny). Ctrl-C
cancels the cluster's tasks; what was stored stays, and ``--resume`` finishes the run. Closing
the connection stops the measuring processes (cluster_client.py).
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections import deque
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..base.errors import ConfigError
from ..catalog import MODULE, VALUE
from ..config import RunConfig
from ..results import CaseResult
from ..workload import Workload
from .cluster_client import KEPT, Connection
from .cluster_worker import probe, run_unit
from .job import GroupResults, Job
from .plan import Machine
from .timer import TimerSettings
from .wire import _failed, _origin, read_reply, request, request_settings
from .worker import START_TIMEOUT_S

#: Seconds between looks at the cluster's workers while units run (a lost worker is noticed
#: within this; a finished unit is taken at once).
POLL_S = 0.5
#: Seconds a machine may have no worker at all before its remaining cases are failed.
MACHINE_GONE_S = 60.0
#: Times a unit is run again after its worker died.
REQUEUES = 1
#: Seconds past a unit's timeout before its Dask worker is restarted: the worker stops a
#: measuring process that ran past the timeout itself (run_unit); this is for a worker that
#: does not answer, and leaves it time to start its measuring process (imports) first.
RESTART_AFTER_S = START_TIMEOUT_S + 30.0


class DaskCluster:
    """Measure on a Dask cluster: every machine measures the whole matrix (see the module)."""

    in_this_process = False

    def __init__(self, config: RunConfig) -> None:
        if config.cluster is None:
            raise ValueError("DaskCluster needs config.cluster")
        self.config = config
        self.address: str = config.cluster
        self._conn: Connection | None = None
        self._stack = contextlib.ExitStack()

    def machines(
        self, workloads: Sequence[Workload], backend_names: Sequence[str]
    ) -> list[Machine]:
        """Every machine of the cluster, as its workers describe it (one probe per worker, all
        at once). Raises ConfigError when a worker runs another version of arraybench."""
        from ..base.version import __version__

        conn = self._connect()
        addrs = list(conn.client.nthreads())
        origins = {o for o in map(_origin, workloads) if not o.startswith((MODULE, VALUE))}
        sources = {o: Path(o).read_text(encoding="utf-8") for o in origins}
        futures = [
            conn.client.submit(
                probe,
                list(backend_names),
                self.config.threads,
                sources,
                workers=[a],
                allow_other_workers=False,
                pure=False,
            )
            for a in addrs
        ]
        by_name: dict[str, Machine] = {}
        for addr, ans in zip(addrs, conn.client.gather(futures), strict=True):
            if ans["arraybench"] != __version__:
                raise ConfigError(
                    f"the worker {addr} on {ans['name']} runs arraybench {ans['arraybench']}, "
                    f"this one is {__version__}: install the same version on every machine"
                )
            name = ans["name"]
            conn.names[addr] = name
            m = by_name.get(name)
            if m is None:
                record = {**ans["record"], "cluster": self.address}
                by_name[name] = Machine(name, ans["backends"], record, (addr,))
            else:
                by_name[name] = replace(m, workers=(*m.workers, addr))
        return [
            replace(m, record={**m.record, "workers": len(m.workers)}) for m in by_name.values()
        ]

    def run(self, job: Job) -> Generator[GroupResults, None, None]:
        schedule = _Schedule(self._connect(), job)
        try:
            yield from schedule.loop()
        finally:
            schedule.cancel()

    def close(self) -> None:
        self._stack.close()  # closes the connection unless a shared_cluster block keeps it
        self._conn = None

    def _connect(self) -> Connection:
        if self._conn is None:
            make = functools.partial(Connection, self.address)
            self._conn = self._stack.enter_context(KEPT.use(self.address, make))
        return self._conn


@dataclass
class _Unit:
    """Cases measured in one task on one machine: a size group's, or one case's; one part of
    each case's budget."""

    machine: str
    cases: list[int]
    part: int
    lost: int = 0
    #: how many times the size group it was split from was lost
    group_lost: int = 0
    worker: str = ""
    future: Any = None
    started: float = 0.0


class _Schedule:
    """One job on the cluster: each machine's size groups in order, one unit at a time."""

    def __init__(self, conn: Connection, job: Job) -> None:
        self.conn, self.job, self.cases = conn, job, job.cases
        config = job.config
        self.parts_n = config.processes
        self.settings = request_settings(config, job.floor, self.parts_n)
        self.whole = TimerSettings(
            budget=config.budget, target=config.target, max_samples=config.max_samples
        )
        self.groups: dict[str, deque[Sequence[int]]] = {}
        for g in job.groups:
            self.groups.setdefault(self.cases[g[0]].machine or "", deque()).append(g)
        self.pending: dict[str, deque[_Unit]] = {m: deque() for m in self.groups}
        self.running: dict[str, _Unit] = {}
        self.parts: dict[int, list[CaseResult]] = {}
        self.finished: set[int] = set()
        self.turn: dict[str, int] = {}
        self.gone_since: dict[str, float] = {}
        self.origins: dict[int, str] = {}
        self.sources: dict[str, str] = {}

    def loop(self) -> Generator[GroupResults, None, None]:
        from distributed import wait

        live = self.conn.live()
        for m in self.groups:
            self._refill(m)
            self._submit(m, live)
        while self.running or any(self.pending.values()):
            futures = [u.future for u in self.running.values()]
            if futures:
                with contextlib.suppress(TimeoutError):
                    wait(futures, timeout=POLL_S, return_when="FIRST_COMPLETED")
            else:
                time.sleep(POLL_S)
            live = self.conn.live()
            for m, unit in list(self.running.items()):
                out = self._check(unit, live)
                if out is not None:
                    del self.running[m]
                    if out:
                        yield out
            for m in self.groups:
                out = self._machine_gone(m, live)
                if out:
                    yield out
                self._refill(m)
                self._submit(m, live)

    def cancel(self) -> None:
        """Stop what still runs (Ctrl-C, an error): the cluster is left idle."""
        left = [u.future for u in self.running.values() if u.future is not None]
        if left:
            with contextlib.suppress(Exception):
                self.conn.client.cancel(left, force=True)

    # -- a unit's life -------------------------------------------------------------------

    def _refill(self, m: str) -> None:
        """Queue the units of machine m's next size group that has cases left to measure, once
        the group before is done (a timeout there blocks the larger sizes of its series)."""
        while not self.pending[m] and m not in self.running and self.groups[m]:
            todo = [i for i in self.groups[m].popleft() if not self.job.settled(i)]
            units = [[i] for i in todo] if self.job.config.isolate else ([todo] if todo else [])
            for k in range(self.parts_n):
                self.pending[m].extend(_Unit(m, list(u), k) for u in units)

    def _submit(self, m: str, live: Mapping[str, str]) -> None:
        """Start machine m's next unit on the next of its live workers, if none runs there."""
        while m not in self.running:
            if not self.pending[m]:
                # The units left were of cases that failed in an earlier part: the next group's.
                self._refill(m)
                if not self.pending[m]:
                    return
            unit = self.pending[m].popleft()
            unit.cases = [i for i in unit.cases if i not in self.finished]
            if not unit.cases:
                continue
            mine = [a for a, name in live.items() if name == m]
            if not mine:  # none now: wait for one (or for the machine to count as gone)
                self.pending[m].appendleft(unit)
                return
            k = self.turn.get(m, 0)
            self.turn[m] = k + 1
            unit.worker = mine[k % len(mine)]  # parts of a case go to different processes
            if self.job.progress and unit.part == 0 and not unit.lost:
                for i in unit.cases:
                    self.job.progress(self.job.done(), len(self.cases), self.cases[i], None)
            unit.future = self.conn.client.submit(
                run_unit,
                self._request(unit),
                workers=[unit.worker],
                allow_other_workers=False,
                pure=False,
            )
            unit.started = time.monotonic()
            self.running[m] = unit

    def _request(self, unit: _Unit) -> dict[str, Any]:
        """The unit's request, with the text of each workload file it names."""
        req = request([self.cases[i] for i in unit.cases], self.settings, self.origins)
        used = {
            o
            for o in (spec["origin"] for spec in req["cases"])
            if not o.startswith((MODULE, VALUE))
        }
        for origin in used - set(self.sources):
            self.sources[origin] = Path(origin).read_text(encoding="utf-8")
        req["sources"] = {o: self.sources[o] for o in used}
        return req

    def _check(self, unit: _Unit, live: Mapping[str, str]) -> GroupResults | None:
        """What became of a running unit: None while it runs, else the results it finished."""
        timeout = self.job.config.timeout
        status = unit.future.status
        if status == "finished":
            return self._finished(unit)
        if status in ("error", "lost", "cancelled") or unit.worker not in live:
            why = (
                f"{type(unit.future.exception()).__name__}"
                if status == "error"
                else f"worker {unit.worker} left the cluster"
            )
            return self._lost(unit, why)
        limit = None if timeout is None else timeout * len(unit.cases) + RESTART_AFTER_S
        if limit is not None and time.monotonic() - unit.started > limit:
            with contextlib.suppress(Exception):
                self.conn.client.cancel([unit.future], force=True)
                self.conn.client.restart_workers([unit.worker], raise_for_error=False)
            error = (
                f"on {unit.machine}: timed out: still running after {limit:g} s "
                "(its Dask worker did not answer and was restarted)"
            )
            return [r for i in unit.cases for r in self._fail(i, error, "timeout")]
        return None

    def _finished(self, unit: _Unit) -> GroupResults:
        """A unit's reply: each case whose parts are all in (or that failed) is done."""
        from .processes import _combine

        try:
            reply = unit.future.result()
        except Exception as e:
            reply = {"error": f"{type(e).__name__}: {e}", "kind": "crash"}
        if reply.get("lost"):  # its measuring process died: as if its worker had
            return self._lost(unit, str(reply["error"]).removeprefix(f"on {unit.machine}: "))
        out: GroupResults = []
        chosen = [self.cases[i] for i in unit.cases]
        for i, r in zip(unit.cases, read_reply(reply, chosen), strict=True):
            if i in self.finished:
                continue
            got = self.parts.setdefault(i, [])
            got.append(r)
            if len(got) == self.parts_n or not r.ok:
                self.finished.add(i)
                out.append((i, _combine(got, len(got), self.whole, self.job.floor)))
        return out

    def _lost(self, unit: _Unit, why: str) -> GroupResults:
        """A unit whose worker died: run it again, split it into its cases, or fail them."""
        with contextlib.suppress(Exception):
            self.conn.client.cancel([unit.future], force=True)
        unit.lost += 1
        unit.future = None
        queue = self.pending[unit.machine]
        if unit.lost <= REQUEUES:
            queue.appendleft(unit)
            return []
        if len(unit.cases) > 1:
            alone = [_Unit(unit.machine, [i], unit.part, group_lost=unit.lost) for i in unit.cases]
            queue.extendleft(reversed(alone))
            return []
        before = (
            f" (and {unit.group_lost} times with the other cases of its size)"
            if unit.group_lost
            else ""
        )
        error = (
            f"on {unit.machine}: the worker process measuring it was lost {unit.lost} times"
            f"{before}: {why}. The case crashes its process (a segfault, an abort, memory), or "
            "the machine left the cluster"
        )
        return [r for i in unit.cases for r in self._fail(i, error, "crash")]

    def _fail(self, i: int, error: str, kind: str) -> GroupResults:
        """Case i failed: its other parts are not measured."""
        self.finished.add(i)
        return [(i, _failed(self.cases[i], error, kind))]

    def _machine_gone(self, m: str, live: Mapping[str, str]) -> GroupResults:
        """Machine m's remaining cases, failed, once it has had no worker for MACHINE_GONE_S."""
        now = time.monotonic()
        if any(name == m for name in live.values()):
            self.gone_since.pop(m, None)
            return []
        since = self.gone_since.setdefault(m, now)
        if now - since <= MACHINE_GONE_S or m in self.running:
            return []
        rest = [i for u in self.pending[m] for i in u.cases]
        rest += [i for g in self.groups[m] for i in g if not self.job.settled(i)]
        self.pending[m].clear()
        self.groups[m].clear()
        why = f"{m} has had no worker in the cluster for {MACHINE_GONE_S:.0f} s: not measured there"
        return [
            r
            for i in dict.fromkeys(rest)
            if i not in self.finished
            for r in self._fail(i, why, "crash")
        ]
