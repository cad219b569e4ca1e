"""The gradients experiment: every gradient (hand-written NumPy and torch, torch autograd, HIPS
autograd, JAX with and without jit, TensorFlow's GradientTape) agrees with the NumPy reference,
and the answer reads real, fabricated and missing results.

No test asserts a time or which library is faster: verdicts are tested on fabricated results.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import numpy as np
import pytest

from arraybench.analysis.claims import Answer
from arraybench.config import RunConfig
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult, RunResult
from arraybench.suites.classic import gradients as mod
from arraybench.suites.experiment import AGREES, DISAGREES, PARTLY, UNTESTED, run_experiment

VERDICTS = {AGREES, PARTLY, DISAGREES, UNTESTED}


@pytest.fixture(scope="module")
def real() -> tuple[RunResult, Answer]:
    # d=10 and d=100 (the claim's smaller size), tiny budget: a few seconds even on a busy machine
    # (most of it is JAX compiling per shape).
    config = RunConfig(sizes=(10, 100), dtypes=("float32", "float64"), budget=0.01, max_samples=5)
    return run_experiment(mod.EXPERIMENT, config)


def test_every_case_runs_and_agrees_with_the_reference(real: tuple[RunResult, Answer]) -> None:
    result, _ = real
    assert result.cases
    for c in result.cases:
        assert c.ok, f"{c.impl} [{c.backend} {c.dtype}] d={c.size}: {c.error}"
        assert c.check is not None and c.check.passed
    ran = {(c.impl, c.backend) for c in result.cases}
    assert {("manual", "numpy"), ("unparenthesised", "numpy")} <= ran
    refs = [c for c in result.cases if c.reference]
    assert refs and all(c.impl == "manual" and c.backend == "numpy" for c in refs)
    for backend, impls in (
        ("torch", {"manual", "backward", "backward (torch.compile)"}),
        ("autograd", {"grad"}),
        ("jax", {"grad", "jit(grad)"}),
        ("tensorflow", {"GradientTape"}),
    ):
        try:
            __import__(backend)
        except ImportError:
            continue
        assert {(i, backend) for i in impls} <= ran
    assert {c.dtype for c in result.cases} == {"float32", "float64"}


def test_answer_on_real_results(real: tuple[RunResult, Answer]) -> None:
    result, answer = real
    assert answer.verdict in VERDICTS
    assert answer.answer
    json.dumps(result.extra)  # the saved record must be plain JSON
    record = result.extra["gradients"]
    assert record["answer"]["verdict"] == answer.verdict
    if any(c.backend == "torch" for c in result.cases):
        assert "d=100 (1,000 observations)" in answer.answer
        # The claim's second part, at d=1000, was not measured: the verdict says so.
        assert answer.verdict in (UNTESTED, DISAGREES)
        assert "not both measured at d=1000" in answer.why
    assert "-2*A.T@(y - A@x)" in answer.answer
    assert any(line.startswith("float64 d=100:") for line in answer.details)
    # The answer can be given again from the saved data alone.
    assert mod.answer(result, record["extra"]) == answer
    again = mod.answer(RunResult.from_dict(json.loads(json.dumps(result.to_dict()))), {})
    assert again.verdict == answer.verdict


def test_torch_backward_leaves_no_gradient_behind() -> None:
    torch = pytest.importorskip("torch")
    inputs = mod.gradients.make_inputs(5, 0)
    A, x, y = (torch.from_numpy(inputs[k]) for k in ("A", "x", "y"))
    g1 = mod.torch_backward(A, x, y)
    g2 = mod.torch_backward(A, x, y)  # no accumulation into a shared .grad
    assert torch.equal(g1, g2)
    assert x.grad is None and not x.requires_grad
    ref = mod.manual(inputs["A"], inputs["x"], inputs["y"])
    np.testing.assert_allclose(g1.numpy(), ref, rtol=1e-12)


def test_unparenthesised_is_the_same_gradient() -> None:
    inputs = mod.gradients.make_inputs(7, 0)
    np.testing.assert_allclose(
        mod.unparenthesised(**inputs), mod.manual(**inputs), rtol=1e-12, atol=1e-12
    )


def test_cost_model() -> None:
    assert mod.gradients.flops is not None and mod.gradients.bytes is not None
    assert mod.gradients.flops(100) == 4 * 1000 * 100 + 1000 + 100
    assert mod.gradients.bytes(100, 8) >= 2 * 1000 * 100 * 8


def test_answer_without_cases_is_untested() -> None:
    assert mod.answer(RunResult(cases=()), {}).verdict == UNTESTED


def test_answer_with_numpy_only_is_untested() -> None:
    only_numpy = _fake({("manual", "numpy"): {100: 1.0, 1000: 10.0}})
    answer = mod.answer(only_numpy, {})
    assert answer.verdict == UNTESTED
    assert "torch" in answer.why


def test_answer_without_the_claim_sizes_is_untested() -> None:
    r = _fake({("manual", "numpy"): {10: 1.0}, ("backward", "torch"): {10: 3.0}})
    assert mod.answer(r, {}).verdict == UNTESTED


@pytest.mark.parametrize(
    ("small", "large", "verdict"),
    [
        (1.5, 1.1, AGREES),
        (0.5, 0.8, AGREES),  # torch faster is "within 2x" too
        (3.0, 1.1, PARTLY),
        (1.5, 2.0, PARTLY),
        (5.0, 2.0, DISAGREES),
    ],
)
def test_verdicts(small: float, large: float, verdict: str) -> None:
    r = _fake(
        {
            ("manual", "numpy"): {100: 1.0, 1000: 10.0},
            ("unparenthesised", "numpy"): {100: 2.0, 1000: 40.0},
            ("manual", "torch"): {100: 1.0, 1000: 10.0},
            ("backward", "torch"): {100: small, 1000: 10.0 * large},
            ("grad", "autograd"): {100: 3.0, 1000: 11.0},
            ("grad", "jax"): {100: 50.0, 1000: 12.0},
            ("jit(grad)", "jax"): {100: 1.2, 1000: 9.0},
        }
    )
    answer = mod.answer(r, {})
    assert answer.verdict == verdict
    assert "4.00x" in answer.answer  # the unparenthesised form at d=1000
    if verdict != AGREES:
        assert "numpy" in answer.why and "torch" in answer.why
    else:
        assert answer.why == ""


def test_answer_in_float32_only() -> None:
    r = _fake(
        {("manual", "numpy"): {100: 1.0}, ("backward", "torch"): {100: 1.5}},
        dtype="float32",
    )
    answer = mod.answer(r, {})
    # Within 2x at d=100, as claimed; d=1000 not measured, so the whole claim cannot be told.
    assert answer.verdict == UNTESTED
    assert answer.claims[0]["verdict"] == AGREES
    assert "float32" in answer.answer


def test_busy_machine_is_named() -> None:
    r = _fake(
        {("manual", "numpy"): {100: 1.0}, ("backward", "torch"): {100: 5.0}},
        env_extra={"usable_cores": 2, "load_average": [3.5, 2.0, 1.0]},
    )
    answer = mod.answer(r, {})
    assert answer.verdict == DISAGREES
    assert "busy" in answer.why


def _fake(
    times: Mapping[tuple[str, str], Mapping[int, float]],
    dtype: str = "float64",
    env_extra: Mapping[str, object] | None = None,
) -> RunResult:
    """A RunResult with one case per (impl, backend, size), each timed at the given seconds."""
    cases = []
    for (impl, backend), by_size in times.items():
        for d, t in by_size.items():
            cases.append(
                CaseResult(
                    workload="gradients",
                    impl=impl,
                    backend=backend,
                    device="cuda" if backend == "cupy" else "cpu",
                    dtype=dtype,
                    size=d,
                    status=OK,
                    measurement=Measurement(
                        samples=(t * 0.99, t, t, t * 1.01, t, t), loops=1, first_call=t * 50
                    ),
                    reference=(impl, backend) == ("manual", "numpy"),
                )
            )
    env = {
        "backends": {
            "numpy": {"version": "2.0", "blas": [{"vendor": "openblas"}], "threads": 2},
            "torch": {"version": "2.5", "blas": [{"vendor": "mkl"}], "threads": 2},
        },
        **(env_extra or {}),
    }
    return RunResult(cases=tuple(cases), env=env)


def test_why_names_the_fixed_cost_when_small_sizes_ran() -> None:
    r = _fake(
        {
            ("manual", "numpy"): {10: 3e-6, 100: 2e-5},
            ("backward", "torch"): {10: 5e-5, 100: 1e-4},
        }
    )
    answer = mod.answer(r, {})
    assert answer.verdict == DISAGREES
    assert "fixed cost per call" in answer.why and "d=10" in answer.why


def test_tensorflow_gradient_tape_matches_the_hand_written_gradient() -> None:
    tf = pytest.importorskip("tensorflow")
    inputs = mod.gradients.make_inputs(6, 0)
    A, x, y = (tf.constant(inputs[k]) for k in ("A", "x", "y"))
    g = mod.tf_tape(A, x, y)
    assert g.dtype == tf.float64
    np.testing.assert_allclose(g.numpy(), mod.manual(**inputs), rtol=1e-12)


def test_tensorflow_gradient_tape_is_named_beside_the_other_autodiff_systems() -> None:
    r = _fake(
        {
            ("manual", "numpy"): {100: 1.0, 1000: 10.0},
            ("backward", "torch"): {100: 1.5, 1000: 11.0},
            ("GradientTape", "tensorflow"): {100: 4.0, 1000: 15.0},
        }
    )
    answer = mod.answer(r, {})
    assert "TF GradientTape 4.00x" in answer.answer and "1.50x" in answer.answer
    assert any("TF GradientTape" in line for line in answer.details)


def test_pytensor_grad_checks_compiles_once_and_is_named(real: tuple[RunResult, Answer]) -> None:
    pytest.importorskip("pytensor")
    result, answer = real
    for dtype in ("float32", "float64"):
        cases = sorted(
            result.find(impl="grad", backend="pytensor", dtype=dtype), key=lambda c: c.size
        )
        assert [c.size for c in cases] == [10, 100] and all(c.ok for c in cases)
        m = cases[0].measurement
        assert m is not None and m.first_call > m.median  # the graph compiled in its first call
    assert "PyTensor grad" in answer.answer and "PyTensor's first call" in answer.answer
    assert any("PyTensor grad" in line for line in answer.details)


def test_cupy_gradient_appears_in_the_table_from_its_cuda_case() -> None:
    r = _fake({("manual", "numpy"): {100: 1e-3}, ("manual", "cupy"): {100: 1e-4}})
    answer = mod.answer(r, {})
    assert any("CuPy manual 100 µs" in line for line in answer.details), answer.details
    assert ("gradients", "manual", "cupy") in {
        (w, i.label, b) for w in ("gradients",) for i in mod.gradients.impls for b in i.backends
    }
