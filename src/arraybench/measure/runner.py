"""The runner: a run from start to end. It plans the case matrix (:mod:`.plan`), applies the
thread settings and collects the environment, hands the size groups to an executor
(:mod:`.executors`: this process, isolated workers, a pool of worker processes) that samples
each group (:mod:`.sampling`), and collects the results as they stream back into a RunResult.

    for each workload, for each size (inputs built once, float64, seeded by (seed, size)):
        reference output <- reference impl on float64 NumPy inputs
        for each impl x backend x device x dtype:
            inputs -> dtype, backend, device               (outside the clock)
            out, first_call <- call once, synced
            check out against the reference               (failed -> recorded, never timed)
        calibrate and warm up each case that passed
        rounds: one block of samples of each unfinished case in turn, until each has spent its
                budget (timer.Sampler); the blocks' round ids let ratios pair them

Here, as each case comes back: the implausible-rate check, ``on_result`` (the store), progress,
resumed cases taken as they are, and series that timed out or ran out of memory not tried at
larger sizes. A case that raises or disagrees is recorded with its error and the run goes on.
Thread settings are applied to every library for the whole run and restored at the end.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..backends.base import usable_cores
from ..base.errors import WorkloadError
from ..config import RunConfig
from ..results import CaseResult, RunResult, Skip
from ..workload import Workload
from . import compile_cache
from . import env as _env
from . import spending as _spending
from . import threads as _threads
from .bind import _bind, _positional_call, _to_host
from .canary import CANARY_KEY, Canary
from .clock import Clock, PerfCounterClock, default_clock
from .executors import executor_for
from .job import Executor, Job
from .plan import (
    Case,
    Progress,
    ResumeKey,
    _key_of,
    _series_of,
    _size_groups,
    plan,
    reference_unavailable,
    resume_key,
)
from .plausible import implausible
from .sampling import (
    _apply_threads,
    _base_fields,
    _floor,
    _not_attempted,
    _References,
    sample_group,
)
from .spending import Question
from .timer import TimerSettings
from .walltime import START_UP, WALL, measuring, watching_imports
from .wire import run_group_in_worker

#: An experiment's choice among the planned cases: those to measure, and the Skips of the rest.
Select = Callable[[Sequence[Case]], tuple[list[Case], list[Skip]]]

#: Names importers know from here, from before the runner was split into its parts.
__all__ = [
    "Case",
    "Executor",
    "Progress",
    "_References",
    "_apply_threads",
    "_base_fields",
    "_bind",
    "_positional_call",
    "_to_host",
    "plan",
    "reference_unavailable",
    "resume_key",
    "run",
    "run_group_in_worker",
    "sample_group",
]


def run(
    workloads: Workload | Iterable[Workload],
    config: RunConfig | None = None,
    *,
    clock: Clock | None = None,
    progress: Progress | None = None,
    on_result: Callable[[CaseResult], None] | None = None,
    resume: Mapping[tuple[Any, ...], CaseResult] | None = None,
    resume_parts: Mapping[tuple[Any, ...], Mapping[int, CaseResult]] | None = None,
    on_parts: Callable[[int, Sequence[CaseResult]], None] | None = None,
    profile: Any = None,
    on_machine: Callable[[str, Mapping[str, Any]], None] | None = None,
    select: Select | None = None,
    questions: Sequence[Question] = (),
    **settings: Any,
) -> RunResult:
    """Run workloads on every backend, check them, and measure them.

    Args:
        workloads: one :class:`Workload` or several.
        config: a :class:`RunConfig`; or pass its settings as keywords (``backends=["numpy"]``).
        clock: the clock to time with (a :class:`~arraybench.measure.clock.FakeClock` in tests).
        progress: called before and after each case, for progress bars.
        on_result: called with each finished case (to store results as they arrive).
        resume: cases already finished by an interrupted run, by :func:`resume_key` (or by
            ``CaseResult.key`` for a run on this machine): taken as they are, not run again
            (and not passed to ``on_result`` again).
        resume_parts: the parts of cases an interrupted run measured in some of its processes
            (``--processes``), by :func:`resume_key` and then by process (from 0): each is
            taken as that process's part, and only the missing ones are measured.
        on_parts: called with each process's finished parts of cases, ``(process, results)``,
            as they arrive (to store them: an interrupted run then loses none). Not called
            for a run in one process, where each case is whole as it is measured, nor on a
            cluster.
        profile: this machine's limits (``arraybench probe``), to judge each case's rate against;
            without one, generous physical bounds are used. A case faster than possible is
            marked implausible (a warning), and answers do not rest on it.
        on_machine: called with each other machine's name and record before its cases are
            measured (``cluster``: to store the record with them).
        select: the planned cases -> those to measure, and what was left out and why (an
            experiment that needs only some cases at some sizes: :class:`Experiment`'s).
        questions: the claim parts the run answers, each asked of a run's results and True
            when they settle it: with ``spending="adaptive"`` the cases they read are measured
            in two stages, and those whose answer is settled at the look in between stop there
            (:mod:`.spending`).

    Returns:
        A :class:`RunResult` with one record per case, the environment and the harness floor.
    """
    if isinstance(workloads, Workload):
        workloads = [workloads]
    workloads = list(workloads)
    if not workloads:
        raise WorkloadError("nothing to run: no workloads given")
    for w in workloads:
        if not isinstance(w, Workload):
            raise WorkloadError(f"run() takes Workload objects, got {type(w).__name__}")
    if config is None:
        config = RunConfig.from_kwargs(**settings)
    elif settings:
        raise TypeError("pass either a RunConfig or keyword settings, not both")
    clock = clock or default_clock()
    for w in workloads:  # a misspelt backend is a usage error: refused before anything runs
        w.check_names()
    since, t0 = WALL.totals(), time.perf_counter()
    executor = executor_for(config)
    with watching_imports():
        try:
            result = _run(
                workloads,
                config,
                executor,
                clock,
                progress,
                on_result,
                resume,
                resume_parts,
                on_parts,
                profile,
                on_machine,
                select,
                questions,
            )
        finally:
            executor.close()
    cache = compile_cache.in_use(executor.in_this_process)
    return replace(result, time=WALL.split(since, time.perf_counter() - t0, compile_cache=cache))


def _run(
    workloads: list[Workload],
    config: RunConfig,
    executor: Executor,
    clock: Clock,
    progress: Progress | None,
    on_result: Callable[[CaseResult], None] | None,
    resume_given: Mapping[tuple[Any, ...], CaseResult] | None,
    resume_parts: Mapping[tuple[Any, ...], Mapping[int, CaseResult]] | None,
    on_parts: Callable[[int, Sequence[CaseResult]], None] | None,
    profile: Any,
    on_machine: Callable[[str, Mapping[str, Any]], None] | None,
    select: Select | None = None,
    questions: Sequence[Question] = (),
) -> RunResult:
    workers = not executor.in_this_process
    if workers:
        from .processes import in_worker

        if in_worker():
            raise WorkloadError(
                "a workload file started a run of its own while a worker process loaded it: put "
                'the call under `if __name__ == "__main__":` so that loading the file only '
                "defines workloads"
            )
    machines = list(executor.machines(workloads, _backends_named(workloads, config)))
    if machines:
        cases, skips = [], []
        for m in machines:
            if on_machine:
                on_machine(m.name, m.record)
            c, s = plan(workloads, config, m)
            cases += c
            skips += [k for k in s if k not in skips]  # a broken workload is said once
    else:
        with WALL.part(START_UP):
            cases, skips = plan(workloads, config)
    if select is not None:
        cases, left_out = select(cases)
        skips += left_out
    records = {m.name: m.record for m in machines}
    used = list(dict.fromkeys(c.backend for c in cases))
    planned = {id(c.workload): c.workload for c in cases}
    for w in planned.values():  # reference backends are used even when not measured
        _, ref_b = w.reference_impl()
        if ref_b not in used and (machines or reference_unavailable(w) is None):
            used.append(ref_b)
    started = _now()
    timer = TimerSettings(
        budget=config.budget, target=config.target, max_samples=config.max_samples
    )
    with contextlib.ExitStack() as stack:
        thread_notes = _apply_threads(stack, config.threads, used)
        with WALL.part(START_UP):
            environment = _env.collect(used)
        environment["threads_requested"] = config.threads
        usable = usable_cores()
        environment["threads"] = _threads.record(environment, usable, config.threads, workers)
        if thread_notes and not workers:  # workers start with the counts in their environment
            environment["thread_notes"] = thread_notes
        with WALL.part(START_UP):
            floor = _floor(clock)
        total = len(cases)
        done: dict[int, CaseResult] = {}
        # Series that timed out or ran out of memory at some size: larger sizes are not tried.
        blocked: dict[tuple[str | int | None, ...], str] = {}
        # Keys of a run on this machine may be CaseResult.key, from before machines.
        resume: dict[ResumeKey, CaseResult] = {
            (k if len(k) == 7 else (*k, None)): v  # type: ignore[misc]
            for k, v in (resume_given or {}).items()
        }

        kept_parts: dict[ResumeKey, Mapping[int, CaseResult]] = {
            (k if len(k) == 7 else (*k, None)): v  # type: ignore[misc]
            for k, v in (resume_parts or {}).items()
        }

        def finish(i: int, result: CaseResult, new: bool = True) -> None:
            if new and result.machine is None:
                result = _plausible(result, config.threads or usable, profile)
            elif new:  # this machine's probe says nothing of another's limits
                cores = records.get(str(result.machine), {}).get("usable_cores") or 1
                result = _plausible(result, config.threads or int(cores), None)
            done[i] = result
            if result.failure in ("timeout", "oom"):
                what = "timed out" if result.failure == "timeout" else "ran out of memory"
                blocked.setdefault(_series_of(cases[i]), f"n={result.size} {what}")
            if on_result and new:
                on_result(result)
            if progress:
                progress(len(done), total, cases[i], result)

        def settled(i: int) -> bool:
            """Finish case i at once if it needs no run: resumed, or its series is blocked."""
            key = _key_of(cases[i])
            if key in resume:
                finish(i, resume[key], new=False)
                return True
            why = blocked.get(_series_of(cases[i]))
            if why is not None:
                finish(i, _not_attempted(cases[i], why))
                return True
            return False

        # The canary reads the machine's speed through the run, here; with a fake clock, or
        # cases measured on other machines, it would say nothing of theirs.
        canary = Canary(clock) if isinstance(clock, PerfCounterClock) and not machines else None
        # Adaptive spending (spending.py): the cases the claims read in two stages, on this
        # machine only (a cluster's machines each answer on their own).
        stages = None
        if config.spending == "adaptive" and questions and not machines:
            stages = _spending.plan(questions, cases, config, environment)
        held: dict[int, CaseResult] = {}  # stage-1 results of the cases the claims read
        looked: dict[str, str] = {}  # what the look decided for each, by case name

        def take(i: int, result: CaseResult) -> None:
            if stages is not None and i in stages.read and result.ok:
                held[i] = result
            else:
                finish(i, result)

        job = Job(
            cases=cases,
            groups=_size_groups(cases),
            config=config,
            timer=timer,
            clock=clock,
            floor=floor,
            settled=settled,
            progress=progress,
            done=lambda: len(done),
            tick=_measuring(canary.tick) if canary is not None else lambda: None,
            budgets=stages.first_budgets() if stages is not None else None,
            kept=lambda i: kept_parts.get(_key_of(cases[i]), {}),
            on_parts=on_parts or (lambda p, got: None),
        )
        # Both stages in the same worker processes: a stage's blocks join the other's there.
        with _kept_workers(workers and stages is not None):
            _measure(executor, job, take)
            if stages is not None and held:
                looked = _second_stage(stages, executor, job, held, done, finish, usable, profile)
        results = [done[i] for i in range(total)]
        if canary is not None:
            canary.tick()
    if workers and not machines:
        from .processes import LAST_START

        if LAST_START:  # how the workers started (a fork that fell back says why)
            environment["workers"] = dict(LAST_START)
    environment["load_average_after"] = _env.load_average()
    return RunResult(
        cases=tuple(results),
        env=environment,
        config=config.to_dict(),
        floor=floor,
        skipped=tuple(skips),
        started=started,
        finished=_now(),
        arraybench_version=environment["arraybench"],
        machines=records,
        extra={
            **({CANARY_KEY: canary.to_dict()} if canary is not None and canary.readings else {}),
            **({_spending.SPENDING_KEY: looked} if looked else {}),
        },
    )


def _measuring(tick: Callable[[], None]) -> Callable[[], None]:
    """The canary's reading, charged to measuring (:mod:`.walltime`)."""

    def timed() -> None:
        with measuring():
            tick()

    return timed


def _measure(executor: Executor, job: Job, take: Callable[[int, CaseResult], None]) -> None:
    """Every case of ``job`` the executor measures, handed to ``take`` as it comes."""
    with contextlib.closing(executor.run(job)) as replies:
        for reply in replies:
            for i, result in reply:
                take(i, result)


def _second_stage(
    stages: _spending.Stages,
    executor: Executor,
    job: Job,
    held: Mapping[int, CaseResult],
    done: Mapping[int, CaseResult],
    finish: Callable[[int, CaseResult], None],
    cores: int,
    profile: Any,
) -> dict[str, str]:
    """The look, and stage 2 of adaptive spending: the cases settled at the look finished with
    their stage-1 results, the open ones measured again with more budget and finished with
    both stages' blocks. Returns what the look decided by case name: ``settled``, ``open``
    (measured on), or ``spent`` (open, but its whole budget spent in stage 1)."""
    config = job.config
    looked = {i: _plausible(r, config.threads or cores, profile) for i, r in held.items()}
    settled, open_ = stages.look(done, looked)
    budgets = stages.second_budgets(held, settled, open_)
    decided = {}
    for i in sorted(held):
        decided[held[i].name] = "open" if i in budgets else "settled" if i in settled else "spent"
        if i not in budgets:  # settled, or its whole budget spent in stage 1
            finish(i, stages.stopped(held[i], job.floor))
    if not budgets:
        return decided
    second = replace(
        job,
        settled=lambda i: i not in budgets,
        budgets=budgets,
        warm=True,  # stage 1 took their first calls and checks in these processes
    )

    def take(i: int, result: CaseResult) -> None:
        whole = _spending.spent(held[i]) + budgets[i]
        finish(i, stages.merged(held[i], result, whole, job.floor))

    _measure(executor, second, take)
    return decided


def _kept_workers(keep: bool) -> contextlib.AbstractContextManager[None]:
    """Worker processes kept between the stages of a run (when ``keep``)."""
    if not keep:
        return contextlib.nullcontext()
    from .processes import shared_pool

    return shared_pool()


def _backends_named(workloads: Sequence[Workload], config: RunConfig) -> list[str]:
    """Every backend the workloads' impls (and references) name that the run may use."""
    names: list[str] = []
    for w in workloads:
        for impl in w.impls:
            names += [b for b in impl.backends if config.backends is None or b in config.backends]
        if w.impls:
            names.append(w.reference_impl()[1])
    return list(dict.fromkeys(names))


def _plausible(result: CaseResult, cores: int, profile: Any) -> CaseResult:
    """The result, with an "implausible" warning when its rate is beyond the hardware."""
    why = implausible(result, cores, profile)
    if why is None or result.measurement is None:
        return result
    m = result.measurement
    return replace(result, measurement=replace(m, warnings=(*m.warnings, f"implausible: {why}")))


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
