"""Sampling one size group: the cases of one workload at one size, prepared (inputs, first call,
check against the reference), then sampled in rounds, one block of each unfinished case in
turn, until each has spent its budget (timer.Sampler); the blocks' round ids let ratios pair them.

The same code measures a group wherever an executor runs it (:mod:`.executors`): in this
process, or in a worker (:func:`.wire.run_group_in_worker`). A case that raises or disagrees
is recorded with its error and the others go on.
"""

from __future__ import annotations

import contextlib
import functools
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any, cast

from .. import backends as _backends
from ..base.errors import WorkloadError
from ..config import RunConfig
from ..names import DTYPES
from ..results import (
    FAILED,
    NO_REFERENCE,
    OK,
    REFERENCE_UNAVAILABLE,
    SKIPPED,
    CaseResult,
    Floor,
)
from ..workload import Impl, Workload
from . import compile_cache
from .bind import _bind, _to_host, compiles
from .check import close_hint, compare, tolerance
from .clock import Clock, FakeClock, PerfCounterClock, default_clock
from .plan import Case, reference_unavailable
from .timer import (
    Sampler,
    TimerSettings,
    compiling_evidence,
    first_call,
    keeps_compiling,
    measure_floor,
)
from .walltime import CHECKS, COMPILATION, FIRST_CALLS, WALL, measuring


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
                with _scope(backend, "float64", "cpu"):
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
        """Do one step of sampling (in the case's scope: the settings of its first call);
        False (and the error kept) if the impl raised."""
        try:
            with _scope(self.backend, self.base["dtype"], self.device):
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
        return settle_compiling(
            CaseResult(status=OK, measurement=self.sampler.result(), check=self.check, **self.base)
        )


def settle_compiling(result: CaseResult) -> CaseResult:
    """A measured case that kept compiling while it was timed (:func:`keeps_compiling`), as the
    failure it is, with the evidence, in place of a time; any other result as it is."""
    m = result.measurement
    if not result.ok or m is None or not keeps_compiling(m):
        return result
    backend = _backends.get(result.backend)
    library = _LIBRARY.get(result.backend, result.backend)
    error = compiling_evidence(m, library, getattr(backend, "counts_compilations", True))
    return replace(result, status=FAILED, failure="compiles", error=error, measurement=None)


#: How the evidence names each library's compilations.
_LIBRARY = {"jax": "JAX", "torch": "torch.compile", "numba": "Numba", "tensorflow": "tf.function"}


def _scope(backend: Any, dtype: str, device: str) -> contextlib.AbstractContextManager[None]:
    """The backend's settings for a case (:meth:`BaseBackend.scope`); none for a backend
    without the hook (one registered by a third party)."""
    scope = getattr(backend, "scope", None)
    return scope(dtype, device) if scope is not None else contextlib.nullcontext()


def sample_group(
    cases: Sequence[Case],
    refs: _References,
    config: RunConfig,
    timer: TimerSettings,
    clock: Clock,
    floor: Floor,
    done: Callable[[int, CaseResult], None],
    starting: Callable[[int], None] | None = None,
    budgets: Sequence[float] | None = None,
    warm: bool = False,
) -> None:
    """Prepare, check and sample the cases of one size, taking turns: ``done(k, result)`` for
    the k-th case as it finishes (``starting(k)`` before it is prepared). ``budgets``: each
    case's own budget in place of ``timer``'s (adaptive spending gives cases different ones).
    ``warm``: the cases were prepared in this process before (adaptive spending's second
    stage): no first call and no check, which were taken then.

    Rounds: one block of each unfinished case in turn, until every case has spent its budget. A
    round is named by the clock when it began, so blocks taken side by side can be paired later
    (and names never repeat, across runs and processes: perf_counter is the system's monotonic
    clock).
    """
    for k, result in iter_group(cases, refs, config, timer, clock, floor, starting, budgets, warm):
        done(k, result)


def iter_group(
    cases: Sequence[Case],
    refs: _References,
    config: RunConfig,
    timer: TimerSettings,
    clock: Clock,
    floor: Floor,
    starting: Callable[[int], None] | None = None,
    budgets: Sequence[float] | None = None,
    warm: bool = False,
) -> Iterator[tuple[int, CaseResult]]:
    """:func:`sample_group` as a generator: ``(k, result)`` for the k-th case as it finishes."""
    active: list[tuple[int, _Pending]] = []
    for k, case in enumerate(cases):
        if starting is not None:
            starting(k)
        own = timer if budgets is None else replace(timer, budget=budgets[k])
        prepared = _prepare(case, refs, config, own, clock, floor, warm)
        if isinstance(prepared, CaseResult):
            yield k, prepared
        else:
            active.append((k, prepared))
    finished: set[int] = set()
    for k, p in active:
        with measuring():
            warm = p.run(Sampler.warm_up)
        if not warm:
            yield k, p.outcome()
            finished.add(k)
    active = [(k, p) for k, p in active if k not in finished]
    while active:
        step = functools.partial(Sampler.step, round_id=clock.now_ns())
        for k, p in active:
            with measuring():
                going = p.run(step) and not p.sampler.done
            if not going:
                yield k, p.outcome()
                finished.add(k)
        active = [(k, p) for k, p in active if k not in finished]


def _prepare(
    case: Case,
    refs: _References,
    config: RunConfig,
    timer: TimerSettings,
    clock: Clock,
    floor: Floor,
    warm: bool = False,
) -> CaseResult | _Pending:
    """Inputs, first call and check of a case: its failure, or a sampler ready to run. All of
    it in the case's scope (:func:`_scope`), as its samples will be."""
    backend = _backends.get(case.backend)
    with _scope(backend, case.dtype, case.device):
        return _prepare_in_scope(case, backend, refs, config, timer, clock, floor, warm)


def _prepare_in_scope(
    case: Case,
    backend: Any,
    refs: _References,
    config: RunConfig,
    timer: TimerSettings,
    clock: Clock,
    floor: Floor,
    warm: bool,
) -> CaseResult | _Pending:
    w, impl = case.workload, case.impl
    base = _base_fields(case)
    # The library's count of compilations, asked before the first call (a library that counts
    # with a listener starts listening now); None: it cannot count, and is not asked again.
    count = getattr(backend, "compilations", None)
    counter = count if count is not None and count() is not None else None
    counted = bool(getattr(backend, "counts_compilations", True))

    def sampler(first: float, state: str | None = None) -> Sampler:
        return Sampler(
            call,
            sync,
            clock,
            timer,
            first=first,
            floor=floor,
            first_cache=state,
            compilations=counter,
            counts_compilations=counted,
        )

    def failed(error: str, check: Any = None, failure: str = "raised") -> CaseResult:
        return CaseResult(status=FAILED, error=error, check=check, failure=failure, **base)

    try:
        with WALL.part(CHECKS):
            inputs = refs.inputs(w, case.size)
    except WorkloadError as e:  # arraybench's own message already names the file and the fix
        return failed(f"the inputs builder failed at n={case.size}: {e}")
    except Exception as e:
        return failed(f"the inputs builder failed at n={case.size}: {_describe(e)}")
    try:
        with WALL.part(CHECKS):
            call = _bind(impl, backend, inputs, case.dtype, case.device)
            compiled = compiles(impl, backend) or compile_cache.compiles_everything(case.backend)
    except Exception as e:
        return failed(f"could not prepare inputs for {case.backend} {case.dtype}: {_describe(e)}")

    def sync(out: Any) -> None:
        backend.sync(case.device, out)

    if warm:  # its first call and its check were taken in this process before
        return _Pending(sampler(0.0), None, base, backend, case.device)
    # A compiled impl's first call compiles, or loads what an earlier process compiled: the
    # files in its library's cache say which.
    cached = compile_cache.files(case.backend) if compiled else None
    try:
        with WALL.part(COMPILATION if compiled else FIRST_CALLS):
            out, first = first_call(call, sync, clock)
    except Exception as e:
        kind = _failure_kind(e, backend, case.device)
        what = "ran out of memory:" if kind == "oom" else "raised"
        return failed(_explained(e, backend, impl) or f"{what} {_describe(e)}", failure=kind)
    state = compile_cache.first_call_state(cached, compile_cache.files(case.backend))
    with WALL.part(CHECKS):
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
            check = compare(host, ref, tolerance(case.dtype, w.rtol, impl.rtol))
            if not check.passed:
                return failed(check.message + close_hint(check, case.dtype), check, "mismatch")
        del out
        return _Pending(sampler(first, state), check, base, backend, case.device)


_floors: dict[type, Floor] = {}
#: A FakeClock's floor by its read cost: (the floor, how many reads measuring it took).
_fake_floors: dict[int, tuple[Floor, int]] = {}


def _floor(clock: Clock) -> Floor:
    """The harness floor, measured once per process for the real clock (it costs ~50 ms, which
    was a third of a whole run of a fast kernel).

    A :class:`FakeClock`'s floor is measured once per read cost: its no-op calls take no fake
    time, so the figures depend on the read cost alone, yet measuring them makes ~16 million
    real calls (half a second). Later runs replay the reads that measurement took, so the
    clock ends where measuring would have left it. Another clock is measured every time."""
    if type(clock) is FakeClock:
        known = _fake_floors.get(clock.read_cost_ns)
        if known is None:
            before = clock.reads
            floor = measure_floor(clock)
            _fake_floors[clock.read_cost_ns] = (floor, clock.reads - before)
            return floor
        floor, reads = known
        for _ in range(reads):
            clock.now_ns()
        return floor
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
        machine=case.machine,
        code=w.code_of(impl),
    )


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


def _explained(e: BaseException, backend: Any, impl: Impl) -> str | None:
    """The backend's own one line for ``e`` (numba's compile errors), or None."""
    explain = getattr(backend, "explain_failure", None)
    if explain is None:
        return None
    try:
        return cast("str | None", explain(e, impl.fn, compiles(impl, backend)))
    except Exception:  # a hook that fails must not hide the error it was asked about
        return None


def _describe(e: BaseException) -> str:
    """``ValueError: msg (at file.py:12 in fn)``: the exception and the innermost frame."""
    text = f"{type(e).__name__}: {e}".rstrip(": ")
    tb = traceback.extract_tb(e.__traceback__)
    if tb:
        frame = tb[-1]
        text += f" (at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno} in {frame.name})"
    return text
