"""The runner: expand workloads into cases, then prepare, call, check and time each one.

    for each workload, for each size (inputs built once, float64, seeded by (seed, size)):
        reference output <- reference impl on float64 NumPy inputs
        for each impl x backend x device x dtype:
            inputs -> dtype, backend, device               (outside the clock)
            out, first_call <- call once, synced
            check out against the reference               (failed -> recorded, never timed)
        calibrate and warm up each case that passed
        rounds: one sample of each unfinished case in turn, until each one stops (timer.Sampler)

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
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import backends as _backends
from ..config import DTYPES, RunConfig
from ..errors import ArraybenchError, WorkloadError
from ..results import FAILED, OK, CaseResult, Floor, RunResult, Skip
from ..workload import Impl, Workload
from . import env as _env
from .check import compare, tolerance
from .clock import Clock, default_clock
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
    """
    cases: list[Case] = []
    skips: dict[str, str] = {}
    for w in workloads:
        w.validate()
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
                    skips[what] = str(e)
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
                                + (" (Python floats are doubles)" if bname == "python" else "")
                            )
                            continue
                        combos.append((impl, bname, dev, dt))
        for n in sizes:
            cases.extend(Case(w, impl, b, d, dt, n) for impl, b, d, dt in combos)
    return cases, [Skip(what, why) for what, why in skips.items()]


def run(
    workloads: Workload | Iterable[Workload],
    config: RunConfig | None = None,
    *,
    clock: Clock | None = None,
    progress: Progress | None = None,
    on_result: Callable[[CaseResult], None] | None = None,
    **settings: Any,
) -> RunResult:
    """Run workloads on every backend, check them, and measure them.

    Args:
        workloads: one :class:`Workload` or several.
        config: a :class:`RunConfig`; or pass its settings as keywords (``backends=["numpy"]``).
        clock: the clock to time with (a :class:`~arraybench.measure.clock.FakeClock` in tests).
        progress: called before and after each case, for progress bars.
        on_result: called with each finished case (to store results as they arrive).

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

    cases, skips = plan(workloads, config)
    used = list(dict.fromkeys(c.backend for c in cases))
    for w in workloads:  # reference backends are used even when not measured
        _, ref_b = w.reference_impl()
        if ref_b not in used:
            used.append(ref_b)
    started = _now()
    timer = TimerSettings(
        budget=config.budget, target=config.target, max_samples=config.max_samples
    )
    with contextlib.ExitStack() as stack:
        thread_notes = _apply_threads(stack, config.threads, used)
        environment = _env.collect(used)
        environment["threads_requested"] = config.threads
        if thread_notes:
            environment["thread_notes"] = thread_notes
        floor = measure_floor(clock)
        total = len(cases)
        refs = _References(config)
        done: dict[int, CaseResult] = {}

        def finish(i: int, result: CaseResult) -> None:
            done[i] = result
            if on_result:
                on_result(result)
            if progress:
                progress(len(done), total, cases[i], result)

        for group in _size_groups(cases):
            active: list[tuple[int, _Pending]] = []
            for i in group:
                if progress:
                    progress(len(done), total, cases[i], None)
                prepared = _prepare(cases[i], refs, config, timer, clock, floor)
                if isinstance(prepared, CaseResult):
                    finish(i, prepared)
                else:
                    active.append((i, prepared))
            # Rounds: one sample of each unfinished case in turn, until every case has stopped.
            for i, p in active:
                if not p.run(Sampler.warm_up):
                    finish(i, p.outcome())
            active = [(i, p) for i, p in active if i not in done]
            while active:
                for i, p in active:
                    if not p.run(Sampler.step) or p.sampler.done:
                        finish(i, p.outcome())
                active = [(i, p) for i, p in active if i not in done]
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

    def __init__(self, sampler: Sampler, check: Any, base: dict[str, Any]) -> None:
        self.sampler, self.check, self.base = sampler, check, base
        self.error: str | None = None

    def run(self, step: Callable[[Sampler], Any]) -> bool:
        """Do one step of sampling; False (and the error kept) if the impl raised."""
        try:
            step(self.sampler)
        except Exception as e:
            self.error = f"raised on a later call (the first passed): {_describe(e)}"
            return False
        return True

    def outcome(self) -> CaseResult:
        if self.error is not None:
            return CaseResult(status=FAILED, error=self.error, check=self.check, **self.base)
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
    ref_impl, ref_backend = w.reference_impl()
    base = dict(
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
    )

    def failed(error: str, check: Any = None) -> CaseResult:
        return CaseResult(status=FAILED, error=error, check=check, **base)  # type: ignore[arg-type]

    try:
        inputs = refs.inputs(w, case.size)
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
        return failed(f"raised {_describe(e)}")

    check = None
    if config.check:
        ref, why_not = refs.output(w, case.size)
        if why_not is not None:
            return failed(why_not)
        try:
            host = _to_host(backend, out)
        except Exception as e:
            return failed(f"its output could not be brought back to NumPy: {_describe(e)}")
        check = compare(host, ref, tolerance(case.dtype, w.rtol))
        if not check.passed:
            return failed(check.message, check)
    del out
    return _Pending(Sampler(call, sync, clock, timer, first=first, floor=floor), check, base)


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
    return _positional_call(impl.fn, params, kwargs)


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
