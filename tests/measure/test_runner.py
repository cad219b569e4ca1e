"""The runner: the case matrix, checking against the reference, failures that do not stop a run."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench import backends
from arraybench.backends.fake import FakeBackend
from arraybench.base.errors import UnknownNameError, WorkloadError
from arraybench.config import RunConfig
from arraybench.measure.clock import FakeClock
from arraybench.measure.runner import plan
from arraybench.results import NO_REFERENCE, REFERENCE_UNAVAILABLE


def make_workload(clock: FakeClock, cost_per_elem: float = 1e-8) -> ab.Workload:
    w = ab.Workload("double", sizes=(10, 100))

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def ref(x: Any) -> Any:
        clock.advance(1e-6 + cost_per_elem * len(x))
        return 2 * x

    @w.impl("fake", label="generic")
    def generic(x: Any, xp: Any) -> Any:
        clock.advance(2e-6 + cost_per_elem * len(x))
        return xp.multiply(x, 2)

    return w


def test_every_case_is_checked_and_measured(clock: FakeClock, fake_backend: FakeBackend) -> None:
    w = make_workload(clock)
    result = ab.run(w, clock=clock, budget=0.05, dtypes=["float32", "float64"])
    assert len(result.cases) == 2 * 2 * 2  # impls x dtypes x sizes
    assert result.all_passed
    for c in result.cases:
        assert c.check is not None and c.check.passed
        assert c.measurement is not None
    by = {(c.impl, c.dtype, c.size): c for c in result.cases}
    assert by[("generic", "float64", 100)].measurement.median == pytest.approx(3e-6, rel=1e-3)
    assert by[("ref", "float64", 10)].reference


def test_bad_impls_fail_with_their_reason_and_the_run_goes_on(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = make_workload(clock)

    @w.impl("fake", label="raises")
    def raises(x: Any) -> Any:
        raise ValueError("boom")

    @w.impl("fake", label="wrong")
    def wrong(x: Any) -> Any:
        return 3 * x

    @w.impl("fake", label="nan")
    def nan(x: Any) -> Any:
        y = 2 * x
        y[0] = math.nan
        return y

    @w.impl("fake", label="shape")
    def shape(x: Any) -> Any:
        return (2 * x)[:-1]

    @w.impl("fake", label="none")
    def none(x: Any) -> Any:
        return None

    result = ab.run(w, clock=clock, budget=0.02, dtypes=["float64"], sizes=[10])
    errors = {c.impl: c.error for c in result.cases if not c.ok}
    assert set(errors) == {"raises", "wrong", "nan", "shape", "none"}
    assert "ValueError: boom" in errors["raises"] and "test_runner.py" in errors["raises"]
    assert "wrong numbers" in errors["wrong"]
    assert "NaN" in errors["nan"]
    assert "wrong shape" in errors["shape"] and "(9,)" in errors["shape"]
    assert "None" in errors["none"]
    assert {c.impl for c in result.cases if c.ok} == {"ref", "generic"}
    assert not result.all_passed


def test_inputs_python_hands_lists_and_dtype_reaches_the_impl(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = make_workload(clock)
    seen: dict[str, Any] = {}

    @w.impl("fake", label="from list", inputs="python")
    def from_list(x: list[float], dtype: str) -> Any:
        seen["type"], seen["dtype"] = type(x), dtype
        clock.advance(1e-6)
        return np.asarray(x, dtype=dtype) * 2

    result = ab.run(
        w, clock=clock, budget=0.02, dtypes=["float32"], sizes=[10], impls=["from list", "ref"]
    )
    assert result.all_passed
    assert seen == {"type": list, "dtype": "float32"}


def test_inputs_are_cast_to_the_case_dtype(clock: FakeClock, fake_backend: FakeBackend) -> None:
    w = make_workload(clock)
    dtypes = []

    @w.impl("fake", label="spy")
    def spy(x: Any) -> Any:
        dtypes.append(x.dtype)
        clock.advance(1e-6)
        return 2 * x

    ab.run(w, clock=clock, budget=0.01, dtypes=["float32"], sizes=[10], impls=["spy", "ref"])
    assert set(dtypes) == {np.dtype("float32")}


def test_float32_within_tolerance_passes_and_records_its_error(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = make_workload(clock)
    result = ab.run(w, clock=clock, budget=0.01, dtypes=["float32"], sizes=[100], impls=["generic"])
    (case,) = result.cases
    assert case.ok and case.check is not None
    assert 0 < case.check.max_rel_err < 1e-6
    assert case.check.rtol == 1e-4


def test_unavailable_unknown_and_unsupported_are_skipped_with_reasons(clock: FakeClock) -> None:
    w = make_workload(clock)

    @w.impl("nosuchlib")
    def other(x: Any) -> Any:
        return x

    missing = FakeBackend("fake", unavailable="fakelib is not installed (pip install fakelib)")
    with backends.registered(missing):
        cases, skips = plan([w], RunConfig(dtypes=("float16", "float64")))
    reasons = {s.what: s.reason for s in skips}
    assert "fakelib is not installed" in reasons["double/generic on fake"]
    assert "no backend named 'nosuchlib'" in reasons["double/other on nosuchlib"]
    assert all(c.backend == "numpy" for c in cases)


def test_dtype_a_backend_lacks_is_skipped_with_its_dtypes(clock: FakeClock) -> None:
    with backends.registered(FakeBackend("fake", dtypes=("float32", "float64"))):
        cases, skips = plan([make_workload(clock)], RunConfig(dtypes=("float16",)))
    assert {c.backend for c in cases} == {"numpy"}
    assert [s.reason for s in skips] == ["fake runs float32, float64 only"]


def test_impl_tied_to_a_device_is_left_out_where_it_is_absent(clock: FakeClock) -> None:
    w = make_workload(clock)

    @w.impl("fake", label="gpu only", devices=["cuda"])
    def gpu(x: Any) -> Any:
        return 2 * x

    gpu_backend = FakeBackend("fake", devices=("cpu", "cuda"))
    with backends.registered(FakeBackend("fake")):
        cases, skips = plan([w], RunConfig())
    assert not any(c.impl.label == "gpu only" for c in cases)
    assert any("cuda only" in s.reason for s in skips)
    with backends.registered(gpu_backend):
        cases, _ = plan([w], RunConfig())
    assert {c.device for c in cases if c.impl.label == "gpu only"} == {"cuda"}


def test_cases_advance_size_by_size(clock: FakeClock, fake_backend: FakeBackend) -> None:
    cases, _ = plan([make_workload(clock)], RunConfig(dtypes=("float64",)))
    sizes = [c.size for c in cases]
    assert sizes == sorted(sizes)


def test_threads_are_applied_to_every_backend_and_recorded(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    result = ab.run(
        make_workload(clock), clock=clock, budget=0.01, dtypes=["float64"], sizes=[10], threads=1
    )
    assert fake_backend.thread_calls == [1]
    assert result.env["threads_requested"] == 1
    assert result.config["threads"] == 1


def test_a_broken_reference_fails_the_cases_it_would_check(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = ab.Workload("broken", sizes=(5,))

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def ref(x: Any) -> Any:
        raise RuntimeError("reference bug")

    @w.impl("fake")
    def fine(x: Any) -> Any:
        clock.advance(1e-6)
        return x

    result = ab.run(w, clock=clock, budget=0.01, dtypes=["float64"])
    fine_case = result.find(impl="fine")[0]
    assert not fine_case.ok
    assert "reference impl 'ref'" in (fine_case.error or "")


def test_missing_input_parameter_is_named(clock: FakeClock, fake_backend: FakeBackend) -> None:
    w = make_workload(clock)

    @w.impl("fake", label="needs y")
    def needs_y(x: Any, y: Any) -> Any:
        return x

    result = ab.run(
        w, clock=clock, budget=0.01, dtypes=["float64"], sizes=[10], impls=["needs y", "ref"]
    )
    err = result.find(impl="needs y")[0].error or ""
    assert "takes y" in err and "provides: x" in err


def test_run_rejects_unknown_settings() -> None:
    w = ab.Workload("x")
    with pytest.raises(ab.ArraybenchError, match="unknown setting 'budgett'"):
        ab.run(w, budgett=1)


def test_arguments_are_bound_positionally_so_calls_pay_no_keyword_merge() -> None:
    import inspect

    from arraybench.measure.runner import _positional_call

    def impl(x: Any, xp: Any, *, scale: float = 1.0) -> Any:
        return x

    params = inspect.signature(impl).parameters
    call = _positional_call(impl, params, {"xp": np, "x": 1, "scale": 2.0})
    assert call.args == (1, np)  # type: ignore[attr-defined]
    assert call.keywords == {"scale": 2.0}  # type: ignore[attr-defined]
    assert call() == 1


def test_cases_of_one_size_are_sampled_in_turns(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    # Interleaving (a a b b a a b b ..., two calls per sample here) makes a slow spell of the
    # machine fall on every case of a size alike, instead of on whichever case was running.
    w = ab.Workload("pair", sizes=(10,))
    w.inputs(lambda n, rng: {"x": rng.standard_normal(n)})
    order: list[str] = []
    rng = np.random.default_rng(0)

    @w.impl("numpy")
    def a(x: Any) -> Any:
        order.append("a")
        clock.advance(1e-3 * rng.lognormal(0, 0.05))
        return x

    @w.impl("fake")
    def b(x: Any) -> Any:
        order.append("b")
        clock.advance(1e-3 * rng.lognormal(0, 0.05))
        return x

    result = ab.run(w, clock=clock, budget=0.2, target=0.002, dtypes=["float64"])
    ma, mb = (result.find(impl=name)[0].measurement for name in ("a", "b"))
    assert ma is not None and mb is not None
    runs = [k for k, _ in itertools.groupby(order)]  # "aaaabbb" -> ["a", "b"]
    # After first calls and warm-ups, one run of each impl per round: many alternations.
    assert ma.blocks is not None and mb.blocks is not None
    assert len(runs) >= min(len(ma.blocks), len(mb.blocks)) >= 10
    assert ma.median == pytest.approx(mb.median, rel=0.05)


# -- any workload runs ----------------------------------------------------------------------


def _inputs(w: ab.Workload) -> None:
    w.inputs(lambda n, rng: {"x": rng.standard_normal(n)})


def _times(clock: FakeClock, k: float) -> Any:
    """An impl that 'takes' a microsecond of fake time and returns k * x."""

    def impl(x: Any) -> Any:
        clock.advance(1e-6)
        return k * x

    return impl


def test_a_workload_with_one_impl_is_timed_with_nothing_to_check_against(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = ab.Workload("solo", sizes=(10,))
    _inputs(w)
    w.impl("fake")(_times(clock, 2))
    result = ab.run(w, clock=clock, budget=0.01, dtypes=["float32", "float64"])
    assert len(result.cases) == 2
    for c in result.cases:
        assert c.ok and c.measurement is not None
        assert c.check is None and c.unchecked == NO_REFERENCE
    assert result.all_passed


def test_without_numpy_the_first_registered_impl_is_the_reference(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = ab.Workload("pair", sizes=(10,))
    _inputs(w)
    w.impl("fake", label="first")(_times(clock, 2))
    w.impl("fake", label="wrong")(_times(clock, 3))
    result = ab.run(w, clock=clock, budget=0.01, dtypes=["float64"])
    by = {c.impl: c for c in result.cases}
    assert by["first"].reference and by["first"].ok
    assert by["wrong"].failure == "mismatch"  # checked against the first one


def test_a_close_mismatch_says_how_to_accept_it_and_the_impl_s_rtol_accepts_it(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = ab.Workload("near", sizes=(10,), rtol={"float64": 1e-9})
    _inputs(w)
    w.impl("numpy", label="ref")(_times(clock, 2))
    w.impl("fake", label="close")(_times(clock, 2 * (1 + 1e-6)))
    # The impl's own tolerance wins over the workload's, for its dtype only.
    w.impl("fake", label="accepted", rtol={"float64": 1e-5})(_times(clock, 2 * (1 + 1e-6)))
    w.impl("fake", label="far")(_times(clock, 2 * (1 + 1e-3)))
    result = ab.run(w, clock=clock, budget=0.01, dtypes=["float64"])
    by = {c.impl: c for c in result.cases}
    assert by["close"].failure == "mismatch"
    assert by["close"].error.endswith(
        '; close: a different algorithm? Workload(rtol={"float64": 1e-05}) or '
        '@w.impl(..., rtol={"float64": 1e-05}) accepts it'
    )
    assert by["close"].check is not None and "close" not in by["close"].check.message
    accepted = by["accepted"]
    assert accepted.ok and accepted.check is not None and accepted.check.rtol == 1e-5
    assert by["far"].failure == "mismatch" and "close:" not in str(by["far"].error)


def test_compile_false_is_refused_where_every_impl_must_compile(clock: FakeClock) -> None:
    graphs = FakeBackend("graphs")
    graphs.compiles_impls = True  # type: ignore[attr-defined]
    graphs.compile = lambda fn: fn  # type: ignore[method-assign]
    w = ab.Workload("pair", sizes=(10,))
    _inputs(w)
    w.impl("numpy", label="ref")(_times(clock, 2))
    w.impl("graphs", label="as written", compile=False)(_times(clock, 2))
    with backends.registered(graphs):
        result = ab.run(w, clock=clock, budget=0.01, dtypes=["float64"])
    (case,) = result.find(impl="as written")
    assert not case.ok and "runs every impl through its compiler: drop compile=False" in str(
        case.error
    )


def test_a_reference_whose_backend_is_missing_leaves_the_others_unchecked_and_says_why(
    clock: FakeClock,
) -> None:
    w = ab.Workload("pair", sizes=(10,))
    _inputs(w)
    w.impl("gone", label="ref")(_times(clock, 2))
    w.impl("fake", label="other")(_times(clock, 2))
    gone = FakeBackend("gone", unavailable="gonelib is not installed (pip install gonelib)")
    with backends.registered(gone, FakeBackend("fake")):
        result = ab.run(w, clock=clock, budget=0.01, dtypes=["float64"])
    (case,) = result.cases
    assert case.impl == "other" and case.ok
    assert case.check is None and case.unchecked == REFERENCE_UNAVAILABLE
    reasons = {s.what: s.reason for s in result.skipped}
    assert "gonelib is not installed" in reasons["pair: its reference"]
    assert "unchecked" in reasons["pair: its reference"]


def test_a_broken_workload_fails_alone_and_the_others_run(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    bad = ab.Workload("bad", sizes=(10,))
    bad.impl("fake")(_times(clock, 1))  # no inputs builder
    good = make_workload(clock)
    result = ab.run([bad, good], clock=clock, budget=0.01, dtypes=["float64"])
    assert {c.workload for c in result.cases} == {"double"}
    assert all(c.ok for c in result.cases)
    (broken,) = result.broken
    assert broken.what == "workload 'bad'" and "has no inputs builder" in broken.reason
    assert not result.all_passed


def test_an_unknown_backend_is_refused_before_anything_runs(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = make_workload(clock)
    w.impl("fkae", label="typo")(lambda x: x)
    ran = []
    with pytest.raises(UnknownNameError, match="did you mean 'fake'"):
        ab.run(w, clock=clock, budget=0.01, on_result=ran.append)
    assert ran == []


def test_python_runs_in_float32_on_rounded_inputs_computing_in_double(clock: FakeClock) -> None:
    w = ab.Workload("sq", sizes=(50,))
    _inputs(w)
    seen: list[Any] = []

    @w.impl("numpy")
    def vec(x: Any) -> Any:
        clock.advance(1e-6)
        return x * x

    @w.impl("python")
    def loop(x: Any) -> Any:
        clock.advance(1e-6)
        seen.append(x)
        return [v * v for v in x]

    result = ab.run(w, clock=clock, budget=0.01, dtypes=["float32"])
    py = result.find(backend="python")
    assert [c.dtype for c in py] == ["float32"]
    (c,) = py
    assert c.ok and c.computed_in == "float64"
    assert c.check is not None and c.check.rtol == 1e-4  # float32's tolerance
    x = w.make_inputs(50, 0)["x"]
    assert all(isinstance(v, float) for v in seen[-1])
    assert seen[-1] == x.astype(np.float32).tolist()  # the same numbers numpy float32 gets
    (np_case,) = result.find(backend="numpy")
    assert np_case.computed_in is None


def test_python_float64_stands_for_the_other_dtypes_of_the_same_run(clock: FakeClock) -> None:
    w = ab.Workload("sq", sizes=(5,))
    _inputs(w)
    w.impl("numpy")(lambda x: x * x)
    w.impl("python", label="loop")(lambda x: [v * v for v in x])
    cases, skips = plan([w], RunConfig(dtypes=("float32", "float64")))
    assert [(c.backend, c.dtype) for c in cases if c.backend == "python"] == [("python", "float64")]
    assert any("computes in float64 whatever the dtype" in s.reason for s in skips)


def test_python_rounds_its_inputs_through_narrow_dtypes_as_torch_does() -> None:
    torch = pytest.importorskip("torch")
    py = backends.get("python")
    a = np.random.default_rng(0).uniform(-3.0, 3.0, 1000)
    assert py.asarray(a, "float16", "cpu") == a.astype(np.float16).tolist()
    t = backends.get("torch").asarray(a, "bfloat16", "cpu")
    assert py.asarray(a, "bfloat16", "cpu") == t.to(torch.float32).tolist()


def test_compile_true_runs_the_backends_compiler_once_per_process(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    compiled: list[str] = []

    def compile_(fn: Any) -> Any:
        compiled.append(fn.__name__)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return fn(*args, **kwargs)

        return wrapper

    fake_backend.compile = compile_  # type: ignore[method-assign]
    w = make_workload(clock)

    @w.impl("fake", label="compiled", compile=True)
    def twice(x: Any, xp: Any) -> Any:
        clock.advance(1e-6)
        return xp.multiply(x, 2)

    result = ab.run(w, budget=0.01, clock=clock, dtypes=["float64"])
    cases = result.find(impl="compiled")
    assert {c.size for c in cases} == {10, 100} and all(c.ok for c in cases)
    assert compiled == ["twice"]  # once for both sizes


def test_a_backend_that_compiles_every_impl_compiles_without_compile_true(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    compiled: list[str] = []

    def compile_(fn: Any) -> Any:
        compiled.append(fn.__name__)
        return fn

    fake_backend.compile = compile_  # type: ignore[method-assign]
    fake_backend.compiles_impls = True  # type: ignore[attr-defined]
    w = make_workload(clock)

    @w.impl("fake", label="plain")
    def plain(x: Any, xp: Any) -> Any:
        clock.advance(1e-6)
        return xp.multiply(x, 2)

    result = ab.run(w, budget=0.01, clock=clock, dtypes=["float64"])
    assert all(c.ok for c in result.find(impl="plain"))
    assert compiled.count("plain") == 1


def test_compile_true_on_a_backend_without_a_compiler_fails_with_the_reason(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    w = make_workload(clock)

    @w.impl("numpy", label="compiled", compile=True)
    def twice(x: Any) -> Any:
        return 2 * x

    result = ab.run(w, budget=0.01, clock=clock, backends=["numpy"], dtypes=["float64"])
    (failed, *_) = result.find(impl="compiled")
    assert not failed.ok
    assert "has no compiler: drop compile=True" in (failed.error or "")


def test_compile_must_be_a_bool() -> None:
    w = ab.Workload("w")
    with pytest.raises(WorkloadError, match="compile= must be True or False"):
        w.impl("torch", compile="yes")  # type: ignore[arg-type]
