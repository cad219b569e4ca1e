"""Executors: where a run's size groups are measured. The plan (:mod:`.plan`) and the sampling
of a group (:mod:`.sampling`) do not change with it; the runner (:mod:`.runner`) hands its
executor a :class:`~.job.Job` and takes the results back one size group at a time.

    InProcess    here, group after group (the default)
    Isolated     in a worker process, one case per request, so a crash, a hang or a kernel
                 that eats all memory costs only its own case (``--isolate``)
    WorkerPool   in ``--processes N`` fresh worker processes, each group in every one of them,
                 its parts combined (processes.py)
    DaskCluster  on every machine of a Dask cluster, one size group at a time per machine
                 (``--cluster``, cluster.py; the workers' side is cluster_worker.py)

An executor that measures elsewhere sends each group as plain data, a request built by
:func:`.wire.request`, has :func:`.wire.run_group_in_worker` run it there, and reads the reply's
CaseResult dicts back with :func:`.wire.read_reply`; it yields the results of each group as they
come. A new one implements :class:`~.job.Executor` (the seam, in :mod:`.job`) and is named in
:data:`EXECUTORS` and :func:`executor_for`; one that measures on other machines says which from
:meth:`~.job.Executor.machines`, and the runner plans the matrix once for each (a library
missing on one is skipped there only). Results stay CaseResult objects between an executor and
the runner, so a case measured in this process never goes through JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import replace

from ..config import RunConfig
from ..workload import Workload
from .job import Executor, GroupResults, Job
from .plan import Machine
from .sampling import _References, iter_group


class _Here:
    """The executors that measure on this machine."""

    def machines(
        self, workloads: Sequence[Workload], backend_names: Sequence[str]
    ) -> Sequence[Machine]:
        return ()

    def close(self) -> None:
        pass


class InProcess(_Here):
    """Groups measured here, one after another; each case's result is yielded as it finishes."""

    in_this_process = True

    def run(self, job: Job) -> Generator[GroupResults, None, None]:
        cases, total = job.cases, len(job.cases)
        refs = _References(job.config)
        for group in job.groups:
            job.tick()
            todo = [i for i in group if not job.settled(i)]

            def starting(k: int, todo: list[int] = todo) -> None:
                if job.progress:
                    job.progress(job.done(), total, cases[todo[k]], None)

            chosen = [cases[i] for i in todo]
            budgets = [job.budget_of(i) for i in todo]
            for k, result in iter_group(
                chosen,
                refs,
                job.config,
                job.timer,
                job.clock,
                job.floor,
                starting,
                budgets,
                job.warm,
            ):
                yield [(todo[k], result)]
            refs.release_before(cases[group[-1]])


class WorkerPool(_Here):
    """Groups measured in ``config.processes`` worker processes (processes.py): all of a group's
    cases in one request to each worker, their parts combined."""

    in_this_process = False

    def run(self, job: Job) -> Generator[GroupResults, None, None]:
        from .processes import run_in_workers

        yield from run_in_workers(
            job.cases,
            job.groups,
            self._config(job.config),
            job.floor,
            job.settled,
            job.progress,
            job.tick,
            job.budget_of,
            job.warm,
            kept=job.kept,
            on_parts=job.on_parts,
        )

    def _config(self, config: RunConfig) -> RunConfig:
        return config


class Isolated(WorkerPool):
    """Each case alone in a request to a worker process, under ``config.timeout``: the rounds of
    a group would lose every case of the round to one crash."""

    def _config(self, config: RunConfig) -> RunConfig:
        return config if config.isolate else replace(config, isolate=True)


def _dask(config: RunConfig) -> Executor:
    from .cluster import DaskCluster

    return DaskCluster(config)


#: The executors by name, each made from the run's settings.
EXECUTORS: dict[str, Callable[[RunConfig], Executor]] = {
    "in-process": lambda config: InProcess(),
    "isolated": lambda config: Isolated(),
    "processes": lambda config: WorkerPool(),
    "dask": _dask,
}


def executor_for(config: RunConfig) -> Executor:
    """The executor ``config`` asks for: a Dask cluster with ``cluster``, isolated with
    ``isolate``, a pool of worker processes with ``processes`` > 1, else this process."""
    if config.cluster is not None:
        return EXECUTORS["dask"](config)
    if config.isolate:
        return EXECUTORS["isolated"](config)
    if config.processes > 1:
        return EXECUTORS["processes"](config)
    return EXECUTORS["in-process"](config)
