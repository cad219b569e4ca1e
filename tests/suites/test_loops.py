"""The loops experiment: every loop and vectorized impl agrees with the NumPy reference, the answer
reads real and missing results, states its extrapolation, and its verdict follows the data (tested
on fabricated results, never on times)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from arraybench.analysis.claims import Answer
from arraybench.config import RunConfig
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult, RunResult
from arraybench.suites.classic import loops as mod
from arraybench.suites.experiment import AGREES, DISAGREES, PARTLY, UNTESTED, run_experiment

VERDICTS = {AGREES, PARTLY, DISAGREES, UNTESTED}


@pytest.fixture(scope="module")
def real() -> tuple[RunResult, Answer]:
    # Two tiny sizes (16 is a 4x4 matrix in the vec_ workloads) and a tiny budget.
    config = RunConfig(sizes=(16, 64), budget=0.01, max_samples=5)
    return run_experiment(mod.EXPERIMENT, config)


def test_every_case_runs_and_agrees_with_the_reference(real: tuple[RunResult, Answer]) -> None:
    result, _ = real
    assert result.cases
    for c in result.cases:
        assert c.ok, f"{c.name}: {c.error}"
        assert c.check is not None and c.check.passed
    ran = {(c.workload, c.impl, c.backend) for c in result.cases}
    backends = ["numpy"]
    try:
        import torch  # noqa: F401
    except ImportError:
        pass
    else:
        backends.append("torch")
    for op in mod.OPS:
        for b in backends:
            for impl in ("loop", "tolist loop", "vectorized"):
                assert (f"loop_{op}", impl, b) in ran
            assert (f"vec_{op}", "vectorized", b) in ran
    assert ("loop_apply", "np.vectorize", "numpy") in ran


def test_below_the_largest_loop_size_only_the_loop_runs(real: tuple[RunResult, Answer]) -> None:
    """The answer reads every impl at the loops' largest size, and at a smaller one only the
    loop's cost per element (what shows extrapolating it is fair): nothing else runs there,
    and the run says so."""
    result, answer = real
    small = {(c.workload, c.impl) for c in result.cases if c.size == 16}
    assert {impl for w, impl in small if w.startswith("loop_")} == {"loop"}
    assert {(w, impl) for w, impl in small if w.startswith("vec_")}  # a workload of its own
    said = [s for s in result.skipped if s.what.startswith("loop_add at n=16")]
    assert said and "extrapolating" in said[0].reason
    assert "(n=64; " in answer.details[0]  # the smaller size's cost per element, beside


def test_answer_on_real_results(real: tuple[RunResult, Answer]) -> None:
    result, answer = real
    assert answer.verdict in VERDICTS
    assert "/element" in answer.answer
    # The 1000x1000 figure is an extrapolation and says so.
    assert "(extrapolated from n=64, not measured)" in answer.answer
    assert len(answer.details) == len({c.backend for c in result.cases}) * len(mod.OPS)
    if answer.verdict not in (AGREES, UNTESTED):
        assert answer.why
    record = result.extra["loops"]
    assert record["answer"]["verdict"] == answer.verdict
    json.dumps(record)
    assert mod.answer(RunResult.from_dict(result.to_dict()), {}).answer == answer.answer


def test_answer_copes_with_missing_cases(real: tuple[RunResult, Answer]) -> None:
    assert mod.answer(RunResult(cases=()), {}).verdict == UNTESTED
    result, _ = real
    # No torch (as when it is not installed): an answer on NumPy, never AGREES.
    numpy_only = RunResult(cases=tuple(c for c in result.cases if c.backend == "numpy"))
    a = mod.answer(numpy_only, {})
    assert a.verdict in (PARTLY, DISAGREES)
    assert "numpy" in a.answer and "torch:" not in a.answer
    # Loops without any vectorized case: nothing to compare them with.
    loops_only = RunResult(cases=tuple(c for c in result.cases if c.impl != "vectorized"))
    assert mod.answer(loops_only, {}).verdict == UNTESTED
    # Loops and vectorized at the loop sizes, no 1000x1000 case: the measured ratio is used.
    no_vec = RunResult(cases=tuple(c for c in result.cases if not c.workload.startswith("vec_")))
    a = mod.answer(no_vec, {})
    assert a.verdict in VERDICTS
    assert "extrapolated" not in a.answer


def test_the_numba_loop_runs_checks_and_is_named(real: tuple[RunResult, Answer]) -> None:
    pytest.importorskip("numba")
    result, answer = real
    for op in mod.OPS:
        for w in (f"loop_{op}", f"vec_{op}"):
            cases = sorted(
                result.find(workload=w, impl=mod.NUMBA_LOOP, backend="numba"), key=lambda c: c.size
            )
            assert cases and all(c.ok for c in cases), w
            m = cases[0].measurement
            assert m is not None and m.first_call > m.median  # compiled in its first call
    assert "jitted with Numba" in answer.summary
    assert "faster than NumPy's Python loop" in answer.answer
    assert sum(d.startswith(f"{op:5} numba: numba loop") for op in mod.OPS for d in answer.details)


# -- verdicts on fabricated results --------------------------------------------------------------


def case(workload: str, impl: str, backend: str, size: int, seconds: float) -> CaseResult:
    samples = tuple(seconds * (1 + 0.001 * k) for k in (-2, -1, 0, 1, 2))
    return CaseResult(
        workload=workload,
        impl=impl,
        backend=backend,
        device="cpu",
        dtype="float32",
        size=size,
        status=OK,
        measurement=Measurement(samples=samples, loops=1, first_call=seconds),
    )


def fabricated(loop_per_elem: float, vec_per_elem: float) -> RunResult:
    cases = []
    for op in mod.OPS:
        for b in mod.BACKENDS:
            for n in (1000, 10_000):
                cases.append(case(f"loop_{op}", "loop", b, n, loop_per_elem * n))
                cases.append(case(f"loop_{op}", "vectorized", b, n, vec_per_elem * n))
            cases.append(case(f"vec_{op}", "vectorized", b, 10**6, vec_per_elem * 10**6))
    return RunResult(cases=tuple(cases))


def test_agrees_when_vectorizing_gains_orders_of_magnitude() -> None:
    a = mod.answer(fabricated(1e-6, 1e-9), {})
    assert a.verdict == AGREES
    assert "1,000x faster at n=1e6 (extrapolated from n=10^4, not measured)" in a.answer
    assert "1.00 µs/element" in a.answer
    assert any("1.00 µs at n=1e3" in d for d in a.details)


def test_the_numba_loop_is_compared_with_the_python_loop_and_the_vectorized_form() -> None:
    base = fabricated(1e-6, 1e-9)
    jit = [
        case(f"{w}_{op}", mod.NUMBA_LOOP, "numba", n, 2e-9 * n)
        for op in mod.OPS
        for w, n in (("loop", 10_000), ("vec", 10**6))
    ]
    a = mod.answer(RunResult(cases=(*base.cases, *jit)), {})
    assert a.verdict == AGREES  # the claim's parts are about torch and numpy loops only
    assert "numba: the same loop compiled with numba.njit costs 2.00 ns/element" in a.answer
    assert "500x faster than NumPy's Python loop, 2.00x the time of NumPy's vectorized" in a.answer
    assert "2.00 ms at n=1e6, 2.00x the vectorized form's time (measured)" in a.answer


def test_disagrees_when_the_gain_is_modest() -> None:
    # 10x is a gain, but not the orders of magnitude the claim states: outside its interval.
    a = mod.answer(fabricated(1e-8, 1e-9), {})
    assert a.verdict == DISAGREES
    assert "the claim says above 100 (orders of magnitude slower): disagrees" in a.why


def test_disagrees_when_the_loop_is_faster() -> None:
    a = mod.answer(fabricated(1e-9, 1e-8), {})
    assert a.verdict == DISAGREES
    assert a.why


# -- the impls themselves ------------------------------------------------------------------------


@pytest.mark.parametrize("op", mod.OPS)
def test_loops_match_vectorized_on_numpy(op: str) -> None:
    rng = np.random.default_rng(0)
    x, y = rng.uniform(-3, 3, 50), rng.uniform(-3, 3, 50)
    cases: dict[str, tuple[Callable[..., Any], Callable[..., Any], tuple[Any, ...]]] = {
        "add": (mod.add_loop, mod.add_vectorized, (x, y)),
        "apply": (mod.apply_loop, mod.apply_vectorized, (x,)),
        "where": (mod.where_loop, mod.where_vectorized, (x,)),
    }
    loop, vectorized, args = cases[op]
    got = loop(*args, np)
    vec = vectorized(*args) if op == "add" else vectorized(*args, np)
    np.testing.assert_allclose(got, vec, rtol=1e-12)


def test_importing_the_experiment_imports_no_optional_library() -> None:
    code = (
        "import sys, arraybench.suites.classic.loops; "
        "print(sorted(m for m in ('torch', 'jax', 'autograd') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"
