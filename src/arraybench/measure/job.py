"""The executor seam: what a run gives the executor that measures its size groups (a
:class:`Job`), what it gets back (:data:`GroupResults`), and what an executor is
(:class:`Executor`). The executors themselves are in :mod:`.executors` (this machine, worker
processes) and :mod:`.cluster` (a Dask cluster).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..config import RunConfig
from ..results import CaseResult, Floor
from ..workload import Workload
from .clock import Clock
from .plan import Case, Machine, Progress
from .timer import TimerSettings

#: The results of one size group, or of part of one: ``(index in Job.cases, result)``, in the
#: order the cases finished.
GroupResults = list[tuple[int, CaseResult]]


@dataclass(frozen=True)
class Job:
    """What a run gives its executor.

    Attributes:
        cases: the case matrix, in plan order.
        groups: indices into ``cases`` of each size group, in order.
        config: the run's settings.
        timer: the sampling settings of one case, for the whole of its budget.
        clock: the clock to time with here (a worker process uses its own real clock).
        floor: the harness floor, measured once by the runner.
        settled: asked for each case before its group is measured: True if it needs no run
            (resumed, or its series blocked at a smaller size); the runner has then finished
            it already. Ask it only after the results of the groups before were taken.
        progress: called before each case is measured, ``(done, total, case, None)``.
        done: how many cases the run has finished so far, for ``progress``.
        tick: called here between units of work (before each size group, after each request
            to a worker process): the runner reads its canary there (:mod:`.canary`).
        budgets: the whole budget of each case (by index in ``cases``) that does not spend
            ``timer``'s: adaptive spending measures in stages (:mod:`.spending`). Split
            between processes as ``timer``'s is.
        warm: the cases were measured in the same processes before (adaptive spending's
            second stage): their first calls and checks are not taken again.
        kept: the parts of case ``i`` that an interrupted run measured, by process (from 0):
            an executor that measures a case in several processes takes each as that
            process's part instead of measuring it again (``--resume``).
        on_parts: called with each process's finished parts of cases, ``(process, results)``,
            as they arrive and before the cases are combined, so that an interruption loses
            none (the store keeps them for ``--resume``). Only parts that ``kept`` may give
            back: none of a stage of adaptive spending.
    """

    cases: Sequence[Case]
    groups: Sequence[Sequence[int]]
    config: RunConfig
    timer: TimerSettings
    clock: Clock
    floor: Floor
    settled: Callable[[int], bool]
    progress: Progress | None
    done: Callable[[], int]
    tick: Callable[[], None] = lambda: None
    budgets: Mapping[int, float] | None = None
    warm: bool = False
    kept: Callable[[int], Mapping[int, CaseResult]] = lambda i: {}
    on_parts: Callable[[int, Sequence[CaseResult]], None] = lambda p, parts: None

    def budget_of(self, i: int) -> float:
        """Case ``i``'s whole budget."""
        return self.timer.budget if self.budgets is None else self.budgets.get(i, self.timer.budget)


class Executor(Protocol):
    """Where size groups are measured.

    Attributes:
        in_this_process: True when the cases run in this process, so that the thread settings
            the runner applies here are the ones they run with.
    """

    in_this_process: bool

    def machines(
        self, workloads: Sequence[Workload], backend_names: Sequence[str]
    ) -> Sequence[Machine]:
        """The other machines the cases are measured on, each planned for on its own (asked
        before :meth:`run`, with the workloads and the backends they name); empty: this
        machine."""
        ...

    def run(self, job: Job) -> Generator[GroupResults, None, None]:
        """Measure ``job``'s size groups in order (every case not ``settled``); yield the
        results of each group as they come, a whole group or part of one at a time, each case
        once."""
        ...

    def close(self) -> None:
        """Let go of what :meth:`machines` or :meth:`run` started (called once, at the end)."""
        ...
