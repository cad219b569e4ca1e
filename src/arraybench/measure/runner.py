"""The runner: expand workloads into cases, then prepare, call, check and time each one.

    for each workload, for each size (inputs built once, float64, seeded by (seed, size)):
        reference output <- reference impl on float64 NumPy inputs
        for each impl x backend x device x dtype:
            inputs -> dtype, backend, device               (outside the clock)
            out, first_call <- call once, synced
            check out against the reference               (failed -> recorded, never timed)
        calibrate and warm up each case that passed
        rounds: one block of samples of each unfinished case in turn, until each has spent its
                budget (timer.Sampler); the blocks' round ids let ratios pair them

A case that raises or disagrees is recorded with its error and the run goes on. Thread settings
are applied to every library for the whole run and restored at the end.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
import inspect
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .. import backends as _backends
from ..config import DTYPES, RunConfig
from ..errors import ArraybenchError, BackendError, WorkloadError
from ..results import (
    FAILED,
    NO_REFERENCE,
    OK,
    REFERENCE_UNAVAILABLE,
    SKIPPED,
    CaseResult,
    Floor,
    RunResult,
    Skip,
)
from ..workload import Impl, Workload
from . import env as _env
from . import threads as _threads
from .check import compare, tolerance
from .clock import Clock, PerfCounterClock, default_clock
from .timer import Sampler, TimerSettings, first_call, measure_floor


@dataclass(frozen=True)
class Case:
    """One point of the case matrix, before it runs."""

    workload: Workload
    impl: Impl
    backend: str
    device: str
    dtype: str
    size: int

    @property
    def name(self) -> str:
        return (
            f"{self.workload.name}/{self.impl.label}"
            f"[{self.backend}:{self.device}:{self.dtype}] n={self.size}"
        )


#: Called before each case (result None) and after it (with its result).
Progress = Callable[[int, int, Case, CaseResult | None], None]


def plan(workloads: Sequence[Workload], config: RunConfig) -> tuple[list[Case], list[Skip]]:
    """The case matrix for ``workloads`` under ``config``, and what was left out and why.

    Cases are ordered workload, size, impl, backend, device, dtype: every series advances size by
    size together, so drift in the machine's speed over the run hits all of them alike.

    A workload that cannot run at all (no impls, no inputs builder...) is left out with its
    reason as a failed :class:`Skip`, and the others are planned as usual.
    """
    cases: list[Case] = []
    broken: list[Skip] = []
    skips: dict[str, str] = {}
    for w in workloads:
        try:
            w.validate()
        except WorkloadError as e:
            broken.append(Skip(f"workload {w.name!r}", str(e), failed=True))
            continue
        if config.check and w.has_reference():
            why = reference_unavailable(w)
            if why is not None:
                ref_impl, ref_b = w.reference_impl()
                skips[f"{w.name}: its reference"] = (
                    f"the reference impl {ref_impl.label!r} runs on {ref_b}, and {why}; the "
                    "other impls are timed, their outputs unchecked"
                )
        impls = [i for i in w.impls if config.impls is None or i.label in config.impls]
        if config.impls is not None and not impls:
            skips[f"{w.name}"] = (
                f"no impl labelled {', '.join(config.impls)} (it has: "
                f"{', '.join(i.label for i in w.impls)})"
            )
        sizes = config.sizes or tuple(
            (w.quick_sizes if config.quick and w.quick_sizes else None) or w.sizes
        )
        dtypes = config.dtypes or tuple(w.dtypes)
        combos: list[tuple[Impl, str, str, str]] = []
        for impl in impls:
            for bname in impl.backends:
                if config.backends is not None and bname not in config.backends:
                    continue
                what = f"{w.name}/{impl.label} on {bname}"
                try:
                    backend = _backends.get(bname)
                except ArraybenchError as e:
                    from ..workload import choices

                    named = (
                        f"{w.origin + ': ' if w.origin else ''}impl {impl.label!r} of workload "
                        f"{w.name!r}"
                    )
                    # A plug-in that failed to import says why itself; any other name is unknown.
                    skips[what] = (
                        f"{named}: {e}"
                        if bname in getattr(_backends, "_broken", {})
                        else f"{named}: no backend named {bname!r} is installed or registered"
                        f"{choices(bname, _backends.names(), 'backends')}; a third-party backend "
                        f"registers under the entry point group {_backends.ENTRY_POINT_GROUP!r}"
                    )
                    continue
                ok, reason = backend.available()
                if not ok:
                    skips[what] = reason
                    continue
                try:
                    present = backend.devices()
                except Exception as e:
                    skips[what] = f"listing its devices failed: {type(e).__name__}: {e}"
                    continue
                wanted = config.devices or tuple(present)
                if impl.devices is not None:
                    # An impl tied to a device is simply not part of the matrix elsewhere.
                    wanted = tuple(d for d in wanted if d in impl.devices)
                    if not wanted or not set(wanted) & set(present):
                        skips[what] = (
                            f"runs on {', '.join(impl.devices)} only, and {bname} has "
                            f"{', '.join(present)} here"
                        )
                        continue
                # A backend that computes in one precision whatever the dtype (pure Python: its
                # floats are doubles) runs the other dtypes only when that one is not in the
                # run: its float64 case already stands for them.
                native = getattr(backend, "computes_in", None)
                own = [d for d in dtypes if impl.dtypes is None or d in impl.dtypes]
                for dev in wanted:
                    if dev not in present:
                        skips[f"{what}:{dev}"] = (
                            f"{bname} has no {dev} device here (it has: {', '.join(present)})"
                        )
                        continue
                    for dt in dtypes:
                        if impl.dtypes is not None and dt not in impl.dtypes:
                            continue  # the impl's own choice, not a limitation: nothing to say
                        if dt not in backend.dtypes:
                            skips[f"{what}:{dev} {dt}"] = (
                                f"{bname} runs {', '.join(backend.dtypes)} only"
                            )
                            continue
                        if native is not None and dt != native and native in own:
                            skips[f"{what}:{dev} {dt}"] = (
                                f"{bname} computes in {native} whatever the dtype, so its "
                                f"{native} case stands for {dt} (name {dt} alone to measure it "
                                f"on inputs rounded to {dt})"
                            )
                            continue
                        combos.append((impl, bname, dev, dt))
        for n in sizes:
            cases.extend(Case(w, impl, b, d, dt, n) for impl, b, d, dt in combos)
    return cases, [*broken, *(Skip(what, why) for what, why in skips.items())]


def reference_unavailable(w: Workload) -> str | None:
    """Why the reference impl of ``w`` cannot run here (its backend is not installed, or its
    plug-in is broken), or None when it can."""
    _, bname = w.reference_impl()
    try:
        backend = _backends.get(bname)
    except ArraybenchError as e:
        return str(e)
    ok, reason = backend.available()
    return None if ok else reason


def run(
    workloads: Workload | Iterable[Workload],
    config: RunConfig | None = None,
    *,
    clock: Clock | None = None,
    progress: Progress | None = None,
    on_result: Callable[[CaseResult], None] | None = None,
    resume: Mapping[tuple[str, str, str, str, str, int], CaseResult] | None = None,
    profile: Any = None,
    **settings: Any,
) -> RunResult:
    """Run workloads on every backend, check them, and measure them.

    Args:
        workloads: one :class:`Workload` or several.
        config: a :class:`RunConfig`; or pass its settings as keywords (``backends=["numpy"]``).
        clock: the clock to time with (a :class:`~arraybench.measure.clock.FakeClock` in tests).
        progress: called before and after each case, for progress bars.
        on_result: called with each finished case (to store results as they arrive).
        resume: cases already finished by an interrupted run, by key: taken as they are, not
            run again (and not passed to ``on_result`` again).
        profile: this machine's limits (``arraybench probe``), to judge each case's rate against;
            without one, generous physical bounds are used. A case faster than possible is
            marked implausible (a warning), and answers do not rest on it.

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
    if config.isolate or config.processes > 1:
        from .processes import in_worker

        if in_worker():
            raise WorkloadError(
                "a workload file started a run of its own while a worker process loaded it: put "
                'the call under `if __name__ == "__main__":` so that loading the file only '
                "defines workloads"
            )

    for w in workloads:  # a misspelt backend is a usage error: refused before anything runs
        w.check_names()
    cases, skips = plan(workloads, config)
    used = list(dict.fromkeys(c.backend for c in cases))
    planned = {id(c.workload): c.workload for c in cases}
    for w in planned.values():  # reference backends are used even when not measured
        _, ref_b = w.reference_impl()
        if ref_b not in used and reference_unavailable(w) is None:
            used.append(ref_b)
    started = _now()
    timer = TimerSettings(
        budget=config.budget, target=config.target, max_samples=config.max_samples
    )
    with contextlib.ExitStack() as stack:
        thread_notes = _apply_threads(stack, config.threads, used)
        environment = _env.collect(used)
        environment["threads_requested"] = config.threads
        usable = _env.usable_cores()
        workers = config.isolate or config.processes > 1
        sizes = _threads.pools(environment, usable, config.threads, workers)
        environment["threads"] = {
            "policy": _threads.policy(config.threads, usable),
            "pools": sizes,
        }
        crowded = _threads.oversubscription(sizes, usable)
        if crowded:
            environment["threads"]["oversubscribed"] = crowded
        if thread_notes and not workers:  # workers start with the counts in their environment
            environment["thread_notes"] = thread_notes
        floor = _floor(clock)
        total = len(cases)
        refs = _References(config)
        done: dict[int, CaseResult] = {}
        # Series that timed out or ran out of memory at some size: larger sizes are not tried.
        blocked: dict[tuple[str, ...], str] = {}
        resume = resume or {}

        def finish(i: int, result: CaseResult, new: bool = True) -> None:
            if new:
                result = _plausible(result, config.threads or usable, profile)
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

        def in_process(todo: list[int]) -> None:
            """The cases ``todo`` (one size) prepared and sampled here, in turns."""

            def starting(k: int) -> None:
                if progress:
                    progress(len(done), total, cases[todo[k]], None)

            sample_group(
                [cases[i] for i in todo],
                refs,
                config,
                timer,
                clock,
                floor,
                lambda k, r: finish(todo[k], r),
                starting,
            )

        if workers:
            from .processes import run_in_workers

            run_in_workers(cases, _size_groups(cases), config, floor, settled, finish, progress)
        else:
            for group in _size_groups(cases):
                in_process([i for i in group if not settled(i)])
                refs.release_before(cases[group[-1]])
        results = [done[i] for i in range(total)]
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
    )


class _References:
    """Float64 inputs and reference outputs per (workload, size), built once, freed when done."""

    def __init__(self, config: RunConfig) -> None:
        self.config = config
        self._inputs: dict[tuple[str, int], dict[str, Any]] = {}
        self._outputs: dict[tuple[str, int], tuple[Any, str | None]] = {}
        self._unavailable: dict[str, str | None] = {}

    def unavailable(self, w: Workload) -> str | None:
        """Why the reference impl cannot run here (see :func:`reference_unavailable`)."""
        if w.name not in self._unavailable:
            self._unavailable[w.name] = reference_unavailable(w)
        return self._unavailable[w.name]

    def inputs(self, w: Workload, n: int) -> dict[str, Any]:
        key = (w.name, n)
        if key not in self._inputs:
            self._inputs[key] = w.make_inputs(n, self.config.seed)
        return self._inputs[key]

    def output(self, w: Workload, n: int) -> tuple[Any, str | None]:
        """(the reference output as NumPy, None) or (None, why there is none)."""
        key = (w.name, n)
        if key not in self._outputs:
            impl, bname = w.reference_impl()
            try:
                backend = _backends.get(bname)
                call = _bind(impl, backend, self.inputs(w, n), "float64", "cpu")
                out, _ = first_call(call, lambda o: backend.sync("cpu", o), default_clock())
                self._outputs[key] = (_to_host(backend, out), None)
            except Exception as e:
                self._outputs[key] = (
                    None,
                    f"cannot check: the reference impl {impl.label!r} ({bname}, float64) "
                    f"failed at n={n}: {_describe(e)}",
                )
        return self._outputs[key]

    def release_before(self, case: Case) -> None:
        # Cases run size by size: once a later key is in use, earlier ones are done.
        for store in (self._inputs, self._outputs):
            for key in list(store):
                if key[0] == case.workload.name and key[1] != case.size:
                    del store[key]


class _Pending:
    """A case that passed its first call and its check, being sampled."""

    def __init__(
        self, sampler: Sampler, check: Any, base: dict[str, Any], backend: Any, device: str
    ) -> None:
        self.sampler, self.check, self.base = sampler, check, base
        self.backend, self.device = backend, device
        self.error: str | None = None
        self.failure: str | None = None

    def run(self, step: Callable[[Sampler], Any]) -> bool:
        """Do one step of sampling; False (and the error kept) if the impl raised."""
        try:
            step(self.sampler)
        except Exception as e:
            self.failure = _failure_kind(e, self.backend, self.device)
            self.error = f"raised on a later call (the first passed): {_describe(e)}"
            return False
        return True

    def outcome(self) -> CaseResult:
        if self.error is not None:
            return CaseResult(
                status=FAILED, error=self.error, check=self.check, failure=self.failure, **self.base
            )
        return CaseResult(
            status=OK, measurement=self.sampler.result(), check=self.check, **self.base
        )


def _size_groups(cases: Sequence[Case]) -> list[list[int]]:
    """Indices of consecutive cases of the same workload and size (the plan orders them so)."""
    groups: list[list[int]] = []
    for i, c in enumerate(cases):
        if groups and (
            cases[groups[-1][0]].workload is c.workload and cases[groups[-1][0]].size == c.size
        ):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def sample_group(
    cases: Sequence[Case],
    refs: _References,
    config: RunConfig,
    timer: TimerSettings,
    clock: Clock,
    floor: Floor,
    done: Callable[[int, CaseResult], None],
    starting: Callable[[int], None] | None = None,
) -> None:
    """Prepare, check and sample the cases of one size, taking turns: ``done(k, result)`` for
    the k-th case as it finishes (``starting(k)`` before it is prepared).

    Rounds: one block of each unfinished case in turn, until every case has spent its budget. A
    round is named by the clock when it began, so blocks taken side by side can be paired later
    (and names never repeat, across runs and processes: perf_counter is the system's monotonic
    clock).
    """
    active: list[tuple[int, _Pending]] = []
    for k, case in enumerate(cases):
        if starting is not None:
            starting(k)
        prepared = _prepare(case, refs, config, timer, clock, floor)
        if isinstance(prepared, CaseResult):
            done(k, prepared)
        else:
            active.append((k, prepared))
    finished: set[int] = set()
    for k, p in active:
        if not p.run(Sampler.warm_up):
            done(k, p.outcome())
            finished.add(k)
    active = [(k, p) for k, p in active if k not in finished]
    while active:
        step = functools.partial(Sampler.step, round_id=clock.now_ns())
        for k, p in active:
            if not p.run(step) or p.sampler.done:
                done(k, p.outcome())
                finished.add(k)
        active = [(k, p) for k, p in active if k not in finished]


def _prepare(
    case: Case,
    refs: _References,
    config: RunConfig,
    timer: TimerSettings,
    clock: Clock,
    floor: Floor,
) -> CaseResult | _Pending:
    """Inputs, first call and check of a case: its failure, or a sampler ready to run."""
    w, impl = case.workload, case.impl
    backend = _backends.get(case.backend)
    base = _base_fields(case)

    def failed(error: str, check: Any = None, failure: str = "raised") -> CaseResult:
        return CaseResult(status=FAILED, error=error, check=check, failure=failure, **base)

    try:
        inputs = refs.inputs(w, case.size)
    except WorkloadError as e:  # arraybench's own message already names the file and the fix
        return failed(f"the inputs builder failed at n={case.size}: {e}")
    except Exception as e:
        return failed(f"the inputs builder failed at n={case.size}: {_describe(e)}")
    try:
        call = _bind(impl, backend, inputs, case.dtype, case.device)
    except Exception as e:
        return failed(f"could not prepare inputs for {case.backend} {case.dtype}: {_describe(e)}")

    def sync(out: Any) -> None:
        backend.sync(case.device, out)

    try:
        out, first = first_call(call, sync, clock)
    except Exception as e:
        kind = _failure_kind(e, backend, case.device)
        what = "ran out of memory:" if kind == "oom" else "raised"
        return failed(f"{what} {_describe(e)}", failure=kind)

    check = None
    if config.check and not w.has_reference():
        base = {**base, "unchecked": NO_REFERENCE}  # nothing to compare with: not a warning
    elif config.check and refs.unavailable(w) is not None:
        base = {**base, "unchecked": REFERENCE_UNAVAILABLE}  # the run's skips say why
    elif config.check:
        ref, why_not = refs.output(w, case.size)
        if why_not is not None:
            return failed(why_not)
        try:
            host = _to_host(backend, out)
        except Exception as e:
            return failed(f"its output could not be brought back to NumPy: {_describe(e)}")
        check = compare(host, ref, tolerance(case.dtype, w.rtol))
        if not check.passed:
            return failed(check.message, check, failure="mismatch")
    del out
    sampler = Sampler(call, sync, clock, timer, first=first, floor=floor)
    return _Pending(sampler, check, base, backend, case.device)


_floors: dict[type, Floor] = {}


def _floor(clock: Clock) -> Floor:
    """The harness floor, measured once per process for the real clock (it costs ~50 ms, which
    was a third of a whole run of a fast kernel); a fake clock is measured every time, since
    tests model different costs."""
    if not isinstance(clock, PerfCounterClock):
        return measure_floor(clock)
    if PerfCounterClock not in _floors:
        _floors[PerfCounterClock] = measure_floor(clock)
    return _floors[PerfCounterClock]


def _base_fields(case: Case) -> dict[str, Any]:
    """The identity and cost of a case: the fields every CaseResult of it shares."""
    w, impl = case.workload, case.impl
    ref_impl, ref_backend = w.reference_impl()
    # Pure Python computes in float64 whatever the case's dtype: the row says so.
    native = getattr(_backends.get(case.backend), "computes_in", None)
    return dict(
        workload=w.name,
        impl=impl.label,
        backend=case.backend,
        device=case.device,
        dtype=case.dtype,
        size=case.size,
        inputs=impl.inputs,
        flops=_cost(w.flops, case.size),
        bytes=_cost(w.bytes, case.size, DTYPES[case.dtype]),
        reference=impl is ref_impl and case.backend == ref_backend,
        extends=impl.extends,
        phase=impl.phase,
        computed_in=native if native is not None and native != case.dtype else None,
    )


def _plausible(result: CaseResult, cores: int, profile: Any) -> CaseResult:
    """The result, with an "implausible" warning when its rate is beyond the hardware."""
    from ..analysis.roofline import implausible

    why = implausible(result, cores, profile)
    if why is None or result.measurement is None:
        return result
    m = result.measurement
    return replace(result, measurement=replace(m, warnings=(*m.warnings, f"implausible: {why}")))


def _key_of(case: Case) -> tuple[str, str, str, str, str, int]:
    return (case.workload.name, case.impl.label, case.backend, case.device, case.dtype, case.size)


def _series_of(case: Case) -> tuple[str, ...]:
    return _key_of(case)[:5]


def _not_attempted(case: Case, why: str) -> CaseResult:
    return CaseResult(
        status=SKIPPED,
        failure="not-attempted",
        error=f"not attempted: {why} at a smaller size of this series",
        **_base_fields(case),
    )


#: Messages by which libraries say a device ran out of memory (torch's OutOfMemoryError, XLA's
#: RESOURCE_EXHAUSTED, CuPy's OutOfMemoryError).
_OOM_MARKS = ("out of memory", "outofmemory", "resource_exhausted", "resource exhausted")


def _failure_kind(e: BaseException, backend: Any, device: str) -> str:
    """``oom`` for out-of-memory errors (and the device's cache is released), else ``raised``."""
    text = f"{type(e).__name__} {e}".lower()
    if isinstance(e, MemoryError) or any(m in text for m in _OOM_MARKS):
        release = getattr(backend, "release_memory", None)
        if release is not None:
            with contextlib.suppress(Exception):
                release(device)
        import gc

        gc.collect()
        return "oom"
    return "raised"


def _bind(
    impl: Impl, backend: Any, inputs: Mapping[str, Any], dtype: str, device: str
) -> Callable[[], Any]:
    """The impl with its inputs converted and bound: a call with no arguments, for the clock."""
    if impl.inputs is not None and impl.inputs != backend.name:
        converter = _backends.get(impl.inputs)
        # Inputs from another library live on the case's device when that library has it (a JAX
        # array on the GPU for a DLPack impl), else on the host (NumPy arrays, Python lists).
        conv_device = device if device in converter.devices() else "cpu"
    else:
        converter, conv_device = backend, device
    kwargs: dict[str, Any] = {}
    for name, value in inputs.items():
        if isinstance(value, np.ndarray):
            dt = dtype if np.issubdtype(value.dtype, np.floating) else str(value.dtype)
            kwargs[name] = converter.asarray(value, dt, conv_device)
        else:
            kwargs[name] = value
    params = _params(impl.fn)
    if impl.takes_xp:
        kwargs["xp"] = backend.xp
    if "dtype" in params and "dtype" not in kwargs:
        kwargs["dtype"] = dtype
    if "device" in params and "device" not in kwargs:
        kwargs["device"] = device
    missing = [
        p
        for p, spec in params.items()
        if p not in kwargs
        and spec.default is inspect.Parameter.empty
        and spec.kind in (spec.POSITIONAL_OR_KEYWORD, spec.KEYWORD_ONLY)
    ]
    if missing:
        raise WorkloadError(
            f"impl {impl.label!r} takes {', '.join(missing)}, which the inputs builder does not "
            f"provide (it provides: {', '.join(inputs) or 'nothing'})"
        )
    # A backend that compiles every impl (numba's njit, pytensor's graphs) does so whatever
    # compile= says.
    compiled = impl.compile or getattr(backend, "compiles_impls", False)
    return _positional_call(_compiled(impl, backend) if compiled else impl.fn, params, kwargs)


#: Compiled functions by (impl, backend name): compiled once per process, like a user's own
#: module-level ``torch.compile``; each new size's (re)compilation lands in its first call.
_COMPILED: dict[tuple[int, str], Callable[..., Any]] = {}


def _compiled(impl: Impl, backend: Any) -> Callable[..., Any]:
    key = (id(impl.fn), backend.name)
    if key not in _COMPILED:
        compiler = getattr(backend, "compile", None)
        if compiler is None:
            raise BackendError(
                f"impl {impl.label!r} asks for compile=True, but backend {backend.name} has no "
                "compiler (torch: torch.compile, tensorflow: tf.function, jax: jax.jit, numba: "
                "numba.njit)"
            )
        _COMPILED[key] = compiler(impl.fn)
    return _COMPILED[key]


def _positional_call(
    fn: Callable[..., Any], params: Mapping[str, inspect.Parameter], kwargs: dict[str, Any]
) -> Callable[[], Any]:
    """``fn`` with its arguments bound, positionally wherever the signature allows.

    A partial with keyword arguments merges a dict on every call: about 100-160 ns here, charged
    to every kernel and well above the no-op floor. Positional binding costs nothing measurable
    (benchmarks/validate_sin2.py found the gap against timeit; see docs/validation.md).
    """
    positional: list[Any] = []
    rest = dict(kwargs)
    for name, spec in params.items():
        if spec.kind not in (spec.POSITIONAL_ONLY, spec.POSITIONAL_OR_KEYWORD) or name not in rest:
            break
        positional.append(rest.pop(name))
    return functools.partial(fn, *positional, **rest)


@functools.lru_cache(maxsize=1024)
def _params_cached(fn: Callable[..., Any]) -> Mapping[str, inspect.Parameter]:
    return inspect.signature(fn).parameters


def _params(fn: Callable[..., Any]) -> Mapping[str, inspect.Parameter]:
    try:
        return _params_cached(fn)
    except (TypeError, ValueError):
        return {}


def _to_host(backend: Any, out: Any) -> Any:
    if out is None:  # let the check say "returned None" rather than compare an object array
        return None
    if isinstance(out, tuple):
        return tuple(backend.to_numpy(o) for o in out)
    return backend.to_numpy(out)


def _apply_threads(stack: contextlib.ExitStack, n: int | None, used: Sequence[str]) -> list[str]:
    if n is None:
        return []
    from ..backends.base import blas_threads

    notes = []
    stack.enter_context(blas_threads(n))
    for name in used:
        b = _backends.get(name)
        if getattr(b, "threads_fixed_at_start", False):
            notes.append(
                f"{name}: thread pools are fixed when the library starts, so --threads {n} "
                "does not apply to it in this process"
            )
        stack.enter_context(b.threads(n))
    return notes


def _cost(fn: Callable[..., float] | None, *args: int) -> float | None:
    if fn is None:
        return None
    try:
        return float(fn(*args))
    except Exception:
        return None


def _describe(e: BaseException) -> str:
    """``ValueError: msg (at file.py:12 in fn)``: the exception and the innermost frame."""
    text = f"{type(e).__name__}: {e}".rstrip(": ")
    tb = traceback.extract_tb(e.__traceback__)
    if tb:
        frame = tb[-1]
        text += f" (at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno} in {frame.name})"
    return text


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


# -- the worker's side of measuring in other processes (see processes.py) -------------------


_worker_workloads: dict[str, list[Workload]] = {}


def run_group_in_worker(request: Mapping[str, Any]) -> dict[str, Any]:
    """The worker's side of a request: load the workloads, then prepare, check and sample the
    cases (one size group, or one case under --isolate) in turns as an in-process run does.

    Returns:
        ``{"cases": [CaseResult as a dict, ...]}`` in the request's order.
    """
    from ..suites import builtin, load_file

    config = RunConfig.from_kwargs(
        **{
            k: v
            for k, v in request["config"].items()
            if k not in ("isolate", "timeout", "memory_limit", "processes")
        }
    )
    cases = []
    for spec in request["cases"]:
        origin, name = spec["origin"], spec["workload"]
        if origin not in _worker_workloads:
            _worker_workloads[origin] = (
                list(builtin().values()) if origin == "builtin" else load_file(origin)
            )
        found = [w for w in _worker_workloads[origin] if w.name == name]
        if not found:
            raise WorkloadError(f"{origin}: no workload named {name!r} (the file changed?)")
        w = found[0]
        impl = w.impls[spec["impl_index"]]
        cases.append(Case(w, impl, spec["backend"], spec["device"], spec["dtype"], spec["size"]))
    timer = TimerSettings(
        budget=request["budget"],
        target=config.target,
        max_samples=request["max_samples"],
        min_samples=request["min_samples"],
    )
    out: list[dict[str, Any] | None] = [None] * len(cases)

    def done(k: int, result: CaseResult) -> None:
        out[k] = result.to_dict()

    with contextlib.ExitStack() as stack:
        _apply_threads(stack, config.threads, list(dict.fromkeys(c.backend for c in cases)))
        sample_group(
            cases,
            _References(config),
            config,
            timer,
            default_clock(),
            Floor(**request["floor"]),
            done,
        )
    return {"cases": out}
