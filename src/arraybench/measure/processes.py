"""Measuring in other processes: several fresh ones (``--processes``), or one case at a time in a
worker that may crash (``--isolate``). The WorkerPool and Isolated executors (executors.py) run
here; requests and replies are the plain data of wire.py.

    parent                                    P workers (forked from zygotes, or fresh processes)
    for each chunk of size groups (CHUNK_S of budget):
        for each worker p:
            for each group (each case alone under --isolate):
                             request ------>  prepare, check (in worker 1 only: once a run),
                                              sample in turns with budget / P per case
                             <------  results | a crash, a timeout: those cases fail there
                             each process's parts stored as they arrive (on_parts)
        each case: its P parts combined (samples, blocks and rounds concatenated, the processes
        recorded), or its first failure

Resumed (``--resume``), a case takes each part the interrupted run stored in its process's
turn, and only the missing ones are measured, with the same share of the budget; process 1's
part holds the check, so a case whose first part was kept is not checked again. The result is
the one the run would have made uninterrupted, made of the same parts.

Why several processes: each Python process has its own memory layout (address-space
randomisation, where the allocator puts the arrays, hash seeds), and a kernel's speed depends on
it. On a quiet 2-core machine the same case read 1-6% apart from process to process while blocks
inside one process agreed within 0.5% (docs/method.md), so an interval from one process held
another run's median in a quarter of pairs. With a few processes the process is the unit of the
interval (:func:`~arraybench.base.stats.repeat_interval`) and the differences are in it.
The processes measure a chunk of groups one after another, so each case's parts are spread over
the chunk's time, and a slow spell of the machine lands between processes too.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..base import interrupts
from ..config import RunConfig
from ..measurement import Measurement
from ..results import FAILED, CaseResult, Floor
from ..workload import Impl, Workload
from . import compile_cache
from .kept import Kept
from .plan import Case, Progress, _series_of
from .sampling import _not_attempted, settle_compiling
from .timer import TimerSettings, quality_warnings
from .walltime import START_UP, WALL
from .wire import _failed, _spec, read_reply, request, request_settings

if TYPE_CHECKING:
    from .worker import Worker
    from .zygote import Zygote

#: Set in every worker's environment: a workload file that starts a run of its own at import
#: (no ``if __name__ == "__main__":`` guard) would otherwise start workers without end.
IN_WORKER = "ARRAYBENCH_WORKER"


def run_in_workers(
    cases: Sequence[Case],
    groups: Sequence[Sequence[int]],
    config: RunConfig,
    floor: Floor,
    settled: Callable[[int], bool],
    progress: Progress | None,
    tick: Callable[[], None] = lambda: None,
    budget_of: Callable[[int], float] | None = None,
    warm: bool = False,
    *,
    kept: Callable[[int], Mapping[int, CaseResult]] = lambda i: {},
    on_parts: Callable[[int, Sequence[CaseResult]], None] = lambda p, parts: None,
) -> Generator[list[tuple[int, CaseResult]], None, None]:
    """Measure ``cases`` (by size group) in ``config.processes`` fresh worker processes; yield
    each group's results, ``(case index, result)``, once all processes have measured it (the
    groups of a chunk together, when the chunk's last process is done; in one process, each
    request's cases as it answers).

    Args:
        cases: the case matrix.
        groups: indices of the cases of each size, in order.
        config: the run's settings (processes, isolate, timeout, memory_limit, budget...).
        floor: the harness floor, measured once by the parent.
        settled: True for a case that needs no run (resumed, or its series blocked); it has
            been finished already. Asked when a chunk starts, after the results of the chunks
            before it were taken.
        progress: called before each case is measured.
        tick: called before the first request and after each (the runner's canary).
        budget_of: each case's whole budget, when not ``config.budget`` (adaptive spending).
        warm: the cases were measured in these processes before: no first calls or checks.
        kept: case i's parts an interrupted run measured, by process: each is taken in its
            process's turn as if measured then (a resumed run), the others are measured.
        on_parts: each process's parts of cases, ``(process, results)``, as they arrive, before
            the cases are combined (the store keeps them). Only parts that a resumed run may
            take back: those of cases measured with the run's budget, not warm.
    """
    n = config.processes
    whole = TimerSettings(
        budget=config.budget, target=config.target, max_samples=config.max_samples
    )
    budget_of = budget_of or (lambda i: config.budget)

    def keeps(i: int) -> bool:
        """Whether case i's parts are kept apart: a part of one process only, measured with its
        share of the run's budget as any run of these settings measures it (adaptive
        spending's stages spend other shares, and its second stage continues the first in the
        same processes: none can be taken back on its own)."""
        return n > 1 and not warm and budget_of(i) == config.budget

    asker = _Requests(cases, config, floor, progress, budget_of, warm)  # before any starts
    # What a zygote imports, or a worker primes, ahead: this run's, and the command's others.
    modules = sorted(set(preload(cases)) | set(_RUN_MODULES))
    with _pool_for(config, modules) as pool:
        tick()
        for chunk in _chunks(groups, config):
            todos = [[i for i in group if not settled(i)] for group in chunk]
            units = []
            for todo in todos:
                units += [[i] for i in todo] if config.isolate else [todo] if todo else []
            parts: dict[int, list[CaseResult]] = {i: [] for unit in units for i in unit}
            # A series that timed out or ran out of memory at a size is not tried at larger ones.
            blocked: dict[tuple[str | int | None, ...], str] = {}
            for p in range(n):
                if config.start == "overlap" and units:
                    # The next process imports while this one measures (at idle priority; it
                    # waits for its imports to end before it measures in turn).
                    for q in (0, 1) if p == 0 else (p + 1,):
                        if q < n:
                            pool.prime(q, modules)
                for unit in units:
                    ask = []
                    for i in unit:
                        why = blocked.get(_series_of(cases[i]))
                        # A case that failed in one process is not tried in the next: it would
                        # fail again, and a timeout would cost P times over.
                        if why is None and all(r.ok for r in parts[i]):
                            ask.append(i)
                        elif why is not None and not parts[i]:
                            parts[i].append(_not_attempted(cases[i], why))
                    # A part kept by the interrupted run this one resumes stands for this
                    # process's: the same case, the same share of its budget.
                    got = {i: kept(i)[p] for i in ask if keeps(i) and p in kept(i)}
                    new = [i for i in ask if i not in got]
                    asker.parts += len(got)
                    # The reply is kept before an interruption stops the run (a wait for one
                    # is stopped at once).
                    with interrupts.held():
                        # One process checks the results against the reference: a check is the
                        # same in every process, and its reference calls cost each one seconds.
                        measured = asker.measure(pool, p, new, checked=p > 0)
                        got.update(zip(new, measured, strict=True))
                        if any(keeps(i) for i in new):
                            on_parts(p, [got[i] for i in new if keeps(i)])
                    tick()
                    for i in ask:
                        r = got[i]
                        parts[i].append(r)
                        if r.failure in ("timeout", "oom"):
                            what = "timed out" if r.failure == "timeout" else "ran out of memory"
                            blocked.setdefault(_series_of(cases[i]), f"n={r.size} {what}")
                    if n == 1:  # each case is whole as its one process measured it
                        yield [(i, parts[i][0]) for i in unit]
            if n == 1:
                continue
            for todo in todos:
                if todo:
                    yield [
                        (i, _combine(parts[i], n, replace(whole, budget=budget_of(i)), floor))
                        for i in todo
                    ]


#: Size groups are measured process after process in chunks of at most this many seconds of
#: budget (all the chunk's groups in process 1, then in process 2, ...), so each case's
#: processes are spread over the chunk's time: on a 16-core VM the machine held one speed state
#: for ~15 s at a time (a Python loop read 0.17 ms, then 0.10 ms), longer than a size group
#: takes, and only parts measured that far apart see both. An interrupted run loses none of a
#: chunk's parts that came back: each is stored as it arrives (``on_parts``), and ``--resume``
#: measures only the parts missing.
CHUNK_S = 60.0


def _chunks(groups: Sequence[Sequence[int]], config: RunConfig) -> list[list[Sequence[int]]]:
    """Consecutive size groups whose budgets add up to at most CHUNK_S (at least one group)."""
    out: list[list[Sequence[int]]] = []
    spent = math.inf
    for group in groups:
        cost = len(group) * config.budget
        if spent + cost > CHUNK_S:
            out.append([])
            spent = 0.0
        out[-1].append(group)
        spent += cost
    return out


class _Requests:
    """Sends cases to the workers: what every request of a run has in common."""

    def __init__(
        self,
        cases: Sequence[Case],
        config: RunConfig,
        floor: Floor,
        progress: Progress | None,
        budget_of: Callable[[int], float],
        warm: bool = False,
    ) -> None:
        self.cases, self.config, self.progress = cases, config, progress
        self.budget_of, self.warm = budget_of, warm
        self.common = request_settings(config, floor, config.processes)
        self.origins: dict[int, str] = {}
        for case in cases:  # a workload no worker can load fails the run now, before any starts
            _spec(case, self.origins)
        self.parts = 0  # measured so far: a case counts in the progress once all its processes ran

    def measure(
        self, pool: Pool, p: int, ask: Sequence[int], checked: bool = False
    ) -> list[CaseResult]:
        """Measure the cases ``ask`` (one size group, or one case) in worker ``p`` of ``pool``;
        ``checked``: another worker checks their results (this one only measures them)."""
        from .worker import WorkerCrash

        if not ask:
            return []
        if self.progress:
            for i in ask:
                done = self.parts // self.config.processes
                self.progress(done, len(self.cases), self.cases[i], None)
        chosen = [self.cases[i] for i in ask]
        timeout = self.config.timeout if self.config.isolate else None
        asked = request(chosen, self.common, self.origins)
        budgets = [self.budget_of(i) for i in ask]
        if any(b != self.config.budget for b in budgets):  # each case's share of its own
            asked["budgets"] = [b / self.config.processes for b in budgets]
        if self.warm:
            asked["warm"] = True
        if checked and self.config.check:
            asked["checked"] = True
        try:
            with WALL.part(START_UP):  # a worker that died is started again
                worker = pool.worker(p)
            with WALL.waiting():
                reply = worker.run(asked, timeout)
            WALL.absorb(reply.get("spent") or {})  # the worker's parts, out of the wait
            got = read_reply(reply, chosen)
        except WorkerCrash as e:
            pool.lost(p)  # dead or killed: the next request starts a new one
            got = [_failed(self.cases[i], str(e), e.kind) for i in ask]
        except BaseException:
            # Interrupted (Ctrl-C, SIGTERM) while it measured: stopped now, not left to finish
            # a request whose reply no one reads (and which would answer the next one).
            pool.kill(p)
            raise
        self.parts += len(ask)
        return got


def preload(cases: Sequence[Case]) -> list[str]:
    """What a worker imports ahead of its cases (primed under ``--start overlap``, imported once
    by fork's zygote): the backends' libraries (the cases' and their references'), and their
    compilers where a case compiles (torch.compile's dynamo and inductor import lazily, ~2 s)."""
    pairs = [(c.impl, c.backend) for c in cases]
    return _modules(pairs + _references({c.workload.name: c.workload for c in cases}.values()))


def preload_workloads(workloads: Sequence[Workload], config: RunConfig) -> list[str]:
    """:func:`preload` for every case ``workloads`` may have under ``config``, told from their
    impls alone (no plan: planning imports the libraries to list their devices, and a zygote
    started before that imports them side by side with this process)."""
    pairs = [
        (impl, b)
        for w in workloads
        for impl in w.impls
        for b in impl.backends
        if config.backends is None or b in config.backends
    ]
    return _modules(pairs + _references(workloads))


def _references(workloads: Iterable[Workload]) -> list[tuple[Impl, str]]:
    out = []
    for w in workloads:
        with contextlib.suppress(Exception):  # a workload that cannot run says why elsewhere
            if w.impls:
                out.append(w.reference_impl())
    return out


def _modules(pairs: Iterable[tuple[Impl, str]]) -> list[str]:
    """The modules of the installed backends named in ``(impl, backend)`` pairs, and their
    compilers' where the impl compiles."""
    from .. import backends
    from .bind import compiles

    out: set[str] = set()
    for impl, name in pairs:
        with contextlib.suppress(Exception):  # unknown or refused here: its case says why
            backend = backends.get(name)
            module = getattr(backend, "module", "")
            if not module or not backend.available()[0]:
                continue
            out.add(module)
            if compiles(impl, backend):
                out.update(getattr(backend, "compiler_modules", ()))
    return sorted(out)


class Pool:
    """``n`` worker processes, started together, replaced one by one when they die.

    Args:
        n: how many.
        memory_limit: each one's RLIMIT_AS, or None.
        env: extra environment variables each starts with.
        start: how they start (``RunConfig.start``): ``fork`` forks them from a zygote that
            imported ``modules`` once; if it cannot (it would not be safe), fresh processes.
        modules: the libraries the run uses.
    """

    def __init__(
        self,
        n: int,
        memory_limit: int | None,
        env: Mapping[str, str],
        start: str = "fresh",
        modules: Sequence[str] = (),
    ) -> None:
        from .worker import WorkerCrash
        from .zygote import Zygote, ZygoteError

        self.key = self.key_of(n, memory_limit, env, start)
        self.memory_limit, self.env = memory_limit, dict(env)
        #: The zygotes its workers are forked from (none: fresh processes), worker p from
        #: zygote p modulo their number (:func:`layouts`).
        self.zygotes: list[Zygote] = []
        #: How its workers started, for the run's record (``RunResult.env["workers"]``).
        self.record: dict[str, Any] = {"start": start, "processes": n}
        if start == "fork":
            try:
                early = _early_zygotes(self.env)
                self.zygotes = early + [
                    Zygote(modules, self.env, wait=False) for _ in range(layouts(n) - len(early))
                ]
                for z in self.zygotes:
                    z.wait_ready()
                self.record.update(forked=True, zygotes=len(self.zygotes))
                left = {k: v for z in self.zygotes for k, v in z.left.items()}
                if left:
                    self.record["left_to_workers"] = left
                prepared: dict[str, float] = {}
                for z in self.zygotes:
                    for k, v in z.prepared.items():
                        prepared[k] = max(v, prepared.get(k, 0.0))
                if prepared:  # what each worker did not pay for itself
                    self.record["prepared"] = prepared
            except (OSError, ZygoteError) as e:
                for z in self.zygotes:
                    z.close()
                self.zygotes = []
                self.record.update(forked=False, why_not=str(e))
        self._workers: list[Worker | None] = [None] * n
        # Started at once and waited for together: each imports its libraries (seconds).
        started = []
        for p in range(n):
            try:
                started.append((p, self._new(p, wait=False)))
            except (OSError, WorkerCrash, ZygoteError):
                continue
        for p, w in started:
            try:
                w.wait_ready()
                self._workers[p] = w
            except WorkerCrash:
                w.stop()  # started again, and failing with its reason, when first needed

    @staticmethod
    def key_of(
        n: int, memory_limit: int | None, env: Mapping[str, str], start: str = "fresh"
    ) -> tuple[Any, ...]:
        """What makes two pools interchangeable: how many workers, and how they start."""
        return (n, memory_limit, tuple(sorted(env.items())), start)

    @property
    def zygote(self) -> Zygote | None:
        """The first zygote, or None when the workers are fresh processes."""
        return self.zygotes[0] if self.zygotes else None

    def _new(self, p: int, wait: bool = True) -> Worker:
        from .worker import Worker, WorkerCrash
        from .zygote import ZygoteError

        if self.zygotes:
            try:
                zygote = self.zygotes[p % len(self.zygotes)]
                return Worker(self.memory_limit, wait=wait, zygote=zygote)
            except (OSError, ZygoteError) as e:
                raise WorkerCrash("crash", f"the worker process did not start: {e}") from None
        return Worker(self.memory_limit, self.env, wait=wait)

    def worker(self, p: int) -> Worker:
        """Worker ``p``, started anew if it died (raises WorkerCrash if it cannot start)."""
        w = self._workers[p]
        if w is None:
            w = self._workers[p] = self._new(p)
        return w

    def prime(self, p: int, modules: list[str]) -> None:
        """Have worker ``p`` import ``modules`` in the background (``--start overlap``); a
        worker that cannot is left to start, or fail, when it is asked to measure."""
        from .worker import WorkerCrash

        try:
            self.worker(p).prime(modules)
        except WorkerCrash:
            self.lost(p)

    def lost(self, p: int) -> None:
        """Forget worker ``p``, dead or stopped already (a new one starts when needed)."""
        w, self._workers[p] = self._workers[p], None
        if w is not None:
            w.release()

    def kill(self, p: int) -> None:
        """Stop worker ``p`` at once, whatever it is doing (a new one starts when needed)."""
        w, self._workers[p] = self._workers[p], None
        if w is not None:
            w.kill()

    def close(self) -> None:
        # Killed, not asked to finish: an idle worker has nothing left to write (every reply
        # was read, and the libraries wrote their compile caches as they compiled), while a
        # Python that exits in turn tears down torch, JAX and TensorFlow, ~0.7 s each.
        for w in self._workers:
            if w is not None:
                w.kill()
        self._workers = [None] * len(self._workers)
        for z in self.zygotes:
            z.close()
        self.zygotes = []


#: The pool :func:`shared_pool` keeps for the runs inside its block.
_KEPT: Kept[Pool] = Kept()


#: Zygotes started early, as the command begins (:func:`shared_pool` with a config), importing
#: while this process plans and imports for itself; the first fork pool takes them.
_EARLY: list[Zygote] = []


def _early_zygotes(env: Mapping[str, str]) -> list[Zygote]:
    """The zygotes started early, when they were started for workers of this environment (as
    each sees it: a variable this process has set since, as planning does, is the same to
    them); else none (those are closed)."""
    if not _EARLY:
        return []
    theirs = _EARLY[0].env
    taken, _EARLY[:] = list(_EARLY), []
    if all(
        theirs.get(k, os.environ.get(k)) == env.get(k, os.environ.get(k)) for k in {*theirs, *env}
    ):
        return taken
    for z in taken:
        z.close()
    return []


#: How many zygotes a pool of forked workers has at most: each worker forked from one of them
#: takes its address-space layout (where the interpreter, the libraries, the stack lie), and a
#: kernel's speed depends on it. With one zygote, the 4 workers of a run shared one layout, so
#: the run's interval could not see what the next run's layout would do: ratios of cases held
#: other runs' in 6-12 points fewer pairs than fresh processes' in five of six calibration sets;
#: a zygote per worker read as fresh processes did in four (docs/method.md, "Starting the
#: worker processes"). Each zygote imports the libraries: side by side, as the command begins.
LAYOUTS = 4


def layouts(processes: int) -> int:
    """The zygotes a pool of ``processes`` forked workers has."""
    return max(1, min(processes, LAYOUTS))


#: The modules every run inside :func:`shared_pool`'s block will use: a zygote started there
#: imports them all at once (one import of each for the whole command), not only its first
#: run's (which left each later experiment's libraries to every worker: 2.5 s each for the
#: classic suite's gradients, four times over).
_RUN_MODULES: list[str] = []


@contextlib.contextmanager
def shared_pool(modules: Sequence[str] = (), config: RunConfig | None = None) -> Iterator[None]:
    """Keep worker processes alive for every run inside the block, instead of starting them for
    each (``arraybench run`` measures its experiments one run after another: starting 4
    processes and importing torch and JAX in each costs seconds every time). ``modules``: what
    all the runs inside will import (:func:`preload_workloads`), for a zygote to import once;
    with ``config`` asking to fork workers, that zygote starts now, importing while this process
    goes on."""
    from .zygote import Zygote

    saved = list(_RUN_MODULES)
    _RUN_MODULES[:] = sorted(set(saved) | set(modules))
    early: list[Zygote] = []
    if config is not None and forks(config) and not _EARLY:
        env = worker_env(config.threads)
        with contextlib.suppress(OSError):  # they cannot start: the pool says why, later
            early += [
                Zygote(_RUN_MODULES, env, wait=False) for _ in range(layouts(config.processes))
            ]
        _EARLY.extend(early)
        # This process plans every run and records each library's version, which imports the
        # libraries here too: now, side by side with the zygote's imports (two cores, two
        # importers), rather than one library at a time between the runs (TensorFlow's 3 s
        # before the classic suite's gradients, with every worker idle).
        _import_here(_RUN_MODULES)
    try:
        with _KEPT.block():
            yield
    finally:
        _RUN_MODULES[:] = saved
        for z in early:
            if z in _EARLY:  # never used: no run forked
                _EARLY.remove(z)
                z.close()


def _import_here(modules: Sequence[str]) -> None:
    """Import the backends' libraries among ``modules`` in this process (not their compilers,
    which only the workers use)."""
    import importlib

    from .. import backends

    libraries = set()
    for name in backends.names():
        with contextlib.suppress(Exception):
            libraries.add(getattr(backends.get(name), "module", ""))
    for module in modules:
        if module in libraries:
            with contextlib.suppress(Exception):  # a library that fails fails its cases, later
                importlib.import_module(module)


def forks(config: RunConfig) -> bool:
    """Whether runs of ``config`` measure in workers forked from a zygote."""
    return config.start == "fork" and config.processes > 1 and not config.cluster


def _pool_for(
    config: RunConfig, modules: Sequence[str] = ()
) -> contextlib.AbstractContextManager[Pool]:
    """The kept pool when one is kept with these settings, else a new one: kept for the next
    run inside a :func:`shared_pool` block, closed after this run outside one."""
    env = worker_env(config.threads)
    key = Pool.key_of(config.processes, config.memory_limit, env, config.start)

    def start() -> Pool:
        with WALL.part(START_UP):
            return Pool(config.processes, config.memory_limit, env, config.start, modules)

    @contextlib.contextmanager
    def use() -> Iterator[Pool]:
        with _KEPT.use(key, start) as pool:
            LAST_START.clear()
            LAST_START.update(pool.record)
            yield pool

    return use()


#: How the workers of the latest run in worker processes started (:attr:`Pool.record`): the
#: runner keeps it with the run (``env["workers"]``), and reports say it.
LAST_START: dict[str, Any] = {}


def _combine(parts: Sequence[CaseResult], n: int, whole: TimerSettings, floor: Floor) -> CaseResult:
    """One case's result from its parts, one per process: the first failure, or the
    measurements combined (with the quality warnings of the whole; a failure if the whole kept
    compiling, though no part did by itself)."""
    for k, r in enumerate(parts, 1):
        if not r.ok:
            where = n > 1 and r.status == FAILED
            return replace(r, error=f"in process {k} of {n}: {r.error}") if where else r
    if n == 1:
        return parts[0]
    m = Measurement.combine([r.measurement for r in parts if r.measurement is not None])
    m = replace(m, warnings=quality_warnings(m, whole, floor))
    checks = [r.check for r in parts if r.check is not None]
    worst = max(checks, key=lambda c: c.max_rel_err, default=None)
    return settle_compiling(replace(parts[0], measurement=m, check=worst))


def gpu_sharing_env() -> dict[str, str]:
    """JAX and TensorFlow told not to take most of the GPU's memory when they start (JAX takes
    75% by default, TensorFlow nearly all), where the user has not said otherwise: several
    worker processes share one GPU, and torch or CuPy share each worker."""
    env = {}
    if "XLA_PYTHON_CLIENT_PREALLOCATE" not in os.environ:
        env["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
    if "TF_FORCE_GPU_ALLOW_GROWTH" not in os.environ:
        env["TF_FORCE_GPU_ALLOW_GROWTH"] = "true"
    return env


def worker_env(threads: int | None) -> dict[str, str]:
    """What a worker's environment needs: the marker that it is one, thread counts that
    libraries read when they start (XLA and TensorFlow above all) from the run's ``threads``,
    and JAX and TensorFlow told not to take most of the GPU's memory at start: several workers
    share one GPU (and torch or CuPy share each worker)."""
    env = {IN_WORKER: "1", **gpu_sharing_env(), **compile_cache.cache_env()}
    if threads is None:
        return env
    n = str(threads)
    flags = (
        f"--xla_cpu_multi_thread_eigen={'true' if threads > 1 else 'false'} "
        f"intra_op_parallelism_threads={n}"
    )
    return {
        **env,
        "OMP_NUM_THREADS": n,
        "MKL_NUM_THREADS": n,
        "OPENBLAS_NUM_THREADS": n,
        "XLA_FLAGS": flags,
        # TensorFlow reads these when its context starts (set_*_parallelism_threads raises
        # after that). Inter-op gets the same count: its pool runs independent ops side by side.
        "TF_NUM_INTRAOP_THREADS": n,
        "TF_NUM_INTEROP_THREADS": n,
    }


def in_worker() -> bool:
    """True inside an arraybench worker process."""
    return os.environ.get(IN_WORKER) == "1"
