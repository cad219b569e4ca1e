"""A steady time never holds a compilation: a case whose library keeps compiling while it is
timed is a failure with its evidence, not a time; a calibration that compiled is done again.

The engine's logic runs on a fake clock and a fake backend that counts compilations; each
compiling library (JAX, torch.compile, Numba, tf.function) then runs a workload that compiles on
every call, and the same workload compiled once, for real. No wall-clock time is asserted: only
what the library's own count of compilations says, and the status the engine gives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench import backends
from arraybench.backends.fake import FakeBackend
from arraybench.measure.clock import FakeClock
from arraybench.measure.timer import TimerSettings, quality_warnings
from arraybench.measurement import Measurement

#: A compilation in the fake clock's time, and a steady call.
COMPILE_S, CALL_S = 0.040, 25e-6


@pytest.fixture
def counting() -> Iterator[FakeBackend]:
    """A fake backend whose library counts its compilations (as JAX, torch, Numba do)."""
    b = FakeBackend("fake", compiled=0)
    with backends.registered(b):
        yield b


def workload(clock: FakeClock, impl: Callable[..., Any]) -> ab.Workload:
    w = ab.Workload("compiling", sizes=[10])

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.uniform(-1.0, 1.0, n)}

    @w.impl("fake", label="ref", reference=True)
    def ref(x: Any) -> Any:
        clock.advance(CALL_S)
        return x * 2.0

    w.impl("fake", label="kernel")(impl)
    return w


def kernel_of(result: ab.RunResult) -> ab.CaseResult:
    (case,) = result.find(impl="kernel")
    return case


def test_a_case_that_compiles_on_every_call_fails_with_the_evidence(
    clock: FakeClock, counting: FakeBackend
) -> None:
    def jit_in_the_impl(x: Any) -> Any:
        counting.compiled = (counting.compiled or 0) + 1
        clock.advance(COMPILE_S + CALL_S)
        return x * 2.0

    result = ab.run(workload(clock, jit_in_the_impl), clock=clock, budget=0.2, dtypes=["float64"])
    case = kernel_of(result)
    assert case.status == "failed" and case.failure == "compiles"
    assert case.measurement is None  # no time is given
    assert case.error is not None and case.error.startswith("compiles on every call: ")
    # The evidence: the library's count against the calls timed, and the first call beside it.
    assert "compiled or traced" in case.error and "timed call" in case.error
    assert "first call" in case.error and "make it once, outside the impl" in case.error
    (ref,) = result.find(impl="ref")
    assert ref.ok and ref.measurement is not None and set(ref.measurement.compiles or ()) == {0}


def test_a_calibration_that_compiled_is_done_again_and_never_kept_as_a_sample(
    clock: FakeClock, counting: FakeBackend
) -> None:
    """The quick run's JAX case: its first timed call compiled again (a setting had changed
    since its first call) and took longer than the whole budget, so it was kept as the only
    sample: 44 ms for a 25 µs kernel."""
    calls = []

    def recompiles_once(x: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:  # the first call after the first: the calibration's
            counting.compiled = (counting.compiled or 0) + 1
            clock.advance(COMPILE_S)
        clock.advance(CALL_S)
        return x * 2.0

    budget = COMPILE_S / 2  # the compiling call is longer than the whole budget
    result = ab.run(
        workload(clock, recompiles_once), clock=clock, budget=budget, dtypes=["float64"]
    )
    case = kernel_of(result)
    assert case.ok and case.measurement is not None
    m = case.measurement
    assert m.median == pytest.approx(CALL_S, rel=0.01)  # fake time: the kernel's own
    assert max(m.samples) < COMPILE_S / 10 and set(m.compiles or ()) == {0}
    assert m.loops > 1  # calibrated on calls that ran, not on the compilation


def test_a_one_off_recompile_is_a_warning_and_the_median_stands(
    clock: FakeClock, counting: FakeBackend
) -> None:
    calls = []

    def recompiles_later(x: Any) -> Any:
        calls.append(1)
        if len(calls) == 4000:  # once, well into the samples
            counting.compiled = (counting.compiled or 0) + 1
            clock.advance(COMPILE_S)
        clock.advance(CALL_S)
        return x * 2.0

    result = ab.run(workload(clock, recompiles_later), clock=clock, budget=0.5, dtypes=["float64"])
    case = kernel_of(result)
    assert case.ok and case.measurement is not None
    m = case.measurement
    assert m.compiles is not None and sum(1 for k in m.compiles if k) == 1
    assert len(m.compiles) >= 10
    assert m.median == pytest.approx(CALL_S, rel=0.01)
    assert any(w.startswith("compiled while timed: 1 of its") for w in m.warnings)


def test_a_library_that_cannot_count_gets_no_block_counts(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    def plain(x: Any) -> Any:
        clock.advance(CALL_S)
        return x * 2.0

    result = ab.run(workload(clock, plain), clock=clock, budget=0.05, dtypes=["float64"])
    m = kernel_of(result).measurement
    assert m is not None and m.compiles is None


def test_a_steady_time_near_a_compiling_first_call_is_named_when_nothing_counts() -> None:
    """Without a count of the library's compilations, a steady time close to a first call that
    compiled is named (it may compile on every call); with a count that stayed at zero it is
    not: a long kernel after a short compilation is no warning."""

    def measurement(compiles: tuple[int, ...] | None) -> Measurement:
        return Measurement(
            samples=(0.030,) * 6,
            loops=1,
            first_call=0.040,
            blocks=(1,) * 6,
            rounds=tuple(range(6)),
            first_call_cache=("cold",),
            compiles=compiles,
        )

    settings = TimerSettings(budget=0.2)
    named = quality_warnings(measurement(None), settings, None)
    assert any(w.startswith("near first call: a call takes 30.0 ms, 75% of") for w in named)
    assert not any(
        w.startswith("near first call")
        for w in quality_warnings(measurement((0,) * 6), settings, None)
    )


# -- the libraries, for real ------------------------------------------------------------------


def real_run(w: ab.Workload, backend: str, **kw: Any) -> ab.RunResult:
    return ab.run(w, backends=[backend], dtypes=["float32"], budget=0.05, **kw)


def compiling_workload(name: str) -> ab.Workload:
    w = ab.Workload(name, sizes=[16])

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.uniform(-1.0, 1.0, n)}

    return w


def assert_compiles_every_call(result: ab.RunResult, library: str) -> None:
    (case,) = result.find(impl="every call")
    assert case.failure == "compiles", case.error or case.measurement
    assert case.error is not None and f"{library} compiled" in case.error
    (once,) = result.find(impl="once")
    assert once.ok and once.measurement is not None, once.error
    assert once.measurement.compiles is not None and sum(once.measurement.compiles) == 0


def test_jax_jit_made_inside_the_impl_is_reported_as_compiling() -> None:
    jax = pytest.importorskip("jax")
    w = compiling_workload("jaxjit")
    doubled = jax.jit(lambda x: x * 2.0)

    @w.impl("jax", label="every call", reference=True)
    def every_call(x: Any) -> Any:
        return jax.jit(lambda v: v * 2.0)(x)  # a new function: traced and compiled again

    @w.impl("jax", label="once")
    def once(x: Any) -> Any:
        return doubled(x)

    assert_compiles_every_call(real_run(w, "jax"), "JAX")


def test_torch_compile_that_recompiles_on_every_call_is_reported() -> None:
    torch = pytest.importorskip("torch")
    w = compiling_workload("torchcompile")
    # The eager backend: dynamo traces the frame (what recompiling costs first) without
    # inductor's code generation, so the test stays quick.
    doubled = torch.compile(lambda x: x * 2.0, backend="eager")

    @w.impl("torch", label="every call", reference=True)
    def every_call(x: Any) -> Any:
        torch._dynamo.reset()  # forgets what it compiled: every call compiles again
        return doubled(x)

    @w.impl("torch", label="once")
    def once(x: Any) -> Any:
        return doubled(x)

    assert_compiles_every_call(real_run(w, "torch"), "torch.compile")


def test_numba_njit_made_inside_the_impl_is_reported_as_compiling() -> None:
    numba = pytest.importorskip("numba")
    w = compiling_workload("numbajit")
    doubled = numba.njit(lambda x: x * 2.0)

    @w.impl("numba", label="every call", reference=True, compile=False)
    def every_call(x: Any) -> Any:
        return numba.njit(lambda v: v * 2.0)(x)  # a new dispatcher: compiled again

    @w.impl("numba", label="once", compile=False)
    def once(x: Any) -> Any:
        return doubled(x)

    assert_compiles_every_call(real_run(w, "numba"), "Numba")


def test_tf_function_made_inside_the_impl_is_reported_as_compiling() -> None:
    tf = pytest.importorskip("tensorflow")
    w = compiling_workload("tffunction")
    doubled = tf.function(lambda x: x * 2.0)

    @w.impl("tensorflow", label="every call", reference=True)
    def every_call(x: Any) -> Any:
        return tf.function(lambda v: v * 2.0)(x)  # a new function: traced again

    @w.impl("tensorflow", label="once")
    def once(x: Any) -> Any:
        return doubled(x)

    assert_compiles_every_call(real_run(w, "tensorflow"), "tf.function")


def test_jax_float32_and_float64_cases_each_run_in_one_setting() -> None:
    """The cause of the quick run's 44 ms: a float64 JAX case turned float64 on for the whole
    process after a float32 case's first call, so the float32 case's timed calls compiled every
    op again. Each case now runs in its own setting from its inputs to its last sample."""
    jax = pytest.importorskip("jax")
    seen: dict[str, set[bool]] = {"float32": set(), "float64": set()}
    w = compiling_workload("x64")

    @w.impl("jax", reference=True)
    def softmax(x: Any, xp: Any, dtype: str) -> Any:
        seen[dtype].add(bool(jax.config.read("jax_enable_x64")))
        e = xp.exp(x - xp.max(x))
        return e / xp.sum(e)

    result = ab.run(w, backends=["jax"], dtypes=["float32", "float64"], budget=0.05)
    assert all(c.ok for c in result.cases), [c.error for c in result.cases]
    assert seen == {"float32": {False}, "float64": {True}}
    for c in result.cases:
        assert c.measurement is not None and sum(c.measurement.compiles or ()) == 0
