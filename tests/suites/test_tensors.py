"""The tensors experiment: every impl agrees with the NumPy reference, the answer reads real and
missing results, and the line profile degrades to a note without line_profiler.

No test asserts a time or which library is faster: verdicts are tested on fabricated results.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from typing import Any

import pytest

from arraybench.config import RunConfig
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult, RunResult
from arraybench.suites.classic import tensors as mod
from arraybench.suites.experiment import AGREES, DISAGREES, PARTLY, UNTESTED, run_experiment

VERDICTS = {AGREES, PARTLY, DISAGREES, UNTESTED}


@pytest.fixture(scope="module")
def real() -> tuple[RunResult, Any]:
    # 3 training steps, tiny budget: a few seconds even on a busy machine.
    config = RunConfig(sizes=(3,), budget=0.01, max_samples=5, quick=True)
    result, answer = run_experiment(mod.EXPERIMENT, config)
    return result, answer


def test_every_case_runs_and_agrees_with_the_reference(real: tuple[RunResult, Any]) -> None:
    result, _ = real
    assert result.cases
    for c in result.cases:
        assert c.ok, f"{c.name}: {c.error}"
        assert c.check is not None and c.check.passed
    backends = {c.backend for c in result.cases}
    assert "numpy" in backends
    pytest.importorskip("torch")
    assert {(c.backend, c.dtype) for c in result.cases if c.device == "cpu"} >= {
        ("numpy", "float32"),
        ("numpy", "float64"),
        ("torch", "float32"),
        ("torch", "float64"),
    }


def test_answer_on_real_results(real: tuple[RunResult, Any]) -> None:
    result, answer = real
    assert answer.verdict in VERDICTS
    assert answer.answer
    json.dumps(result.extra)  # the saved record must be plain JSON
    record = result.extra["tensors"]
    assert record["answer"]["verdict"] == answer.verdict
    if "torch" in {c.backend for c in result.cases}:
        assert "OpenBLAS" in answer.answer or "MKL" in answer.answer or "BLAS" in answer.answer
        # The ratio is measured; with this tiny budget its interval may well hold the claim's
        # edge, and then the answer says "cannot tell" and what would settle it.
        assert answer.claims and any(c["measured"] for c in answer.claims)
    if answer.verdict != AGREES:
        assert answer.why
    # The answer can be given again from the saved data alone.
    again = mod.answer(result, record["extra"])
    assert again.verdict == answer.verdict


def test_profile_names_the_lines(real: tuple[RunResult, Any]) -> None:
    pytest.importorskip("line_profiler")
    _, answer = real
    extra = mod.profile_lines(RunConfig(quick=True, backends=("numpy",)))
    prof = extra["profiles"]["numpy"]
    codes = [line["code"] for line in prof["lines"]]
    assert "h = x.dot(w1)" in codes
    assert abs(sum(line["share"] for line in prof["lines"]) - 1.0) < 1e-9
    assert 0.0 < prof["matmul_share"] <= 1.0
    assert "torch" not in extra["profiles"]  # the run's backend filter is respected
    assert any("line profile" in d for d in answer.details)


def test_no_line_profiler_gives_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "line_profiler", None)  # makes the import fail
    extra = mod.profile_lines(RunConfig(quick=True))
    assert extra["profiles"] == {}
    assert "not installed" in extra["notes"][0]
    json.dumps(extra)
    result = _fake({("numpy", "float64"): 1.0, ("torch", "float64"): 1.0}, "openblas")
    answer = mod.answer(result, extra)
    assert answer.verdict in VERDICTS
    assert any("not installed" in d for d in answer.details)


def test_missing_cases_are_untested() -> None:
    answer = mod.answer(RunResult(cases=()), {})
    assert answer.verdict == UNTESTED
    only_numpy = _fake({("numpy", "float64"): 1.0, ("numpy", "float32"): 0.5}, "openblas")
    assert mod.answer(only_numpy, {}).verdict == UNTESTED


@pytest.mark.parametrize(
    ("vendor", "numpy_s", "torch_s", "verdict"),
    [
        ("openblas", 1.5, 1.0, AGREES),  # the claim: torch ~1.5x faster over OpenBLAS
        ("openblas", 1.0, 1.0, DISAGREES),
        ("openblas", 0.8, 1.0, DISAGREES),
        # torch faster, but far more than the claimed ~1.5x: outside the claim's interval
        ("openblas", 4.0, 1.0, DISAGREES),
        ("mkl", 1.0, 1.02, AGREES),  # both on MKL: about even
        ("mkl", 2.0, 1.0, DISAGREES),
        ("accelerate", 1.0, 1.0, UNTESTED),  # a BLAS the claim says nothing about
    ],
)
def test_verdict_follows_numpys_blas(
    vendor: str, numpy_s: float, torch_s: float, verdict: str
) -> None:
    result = _fake({("numpy", "float64"): numpy_s, ("torch", "float64"): torch_s}, vendor)
    answer = mod.answer(result, {})
    assert answer.verdict == verdict
    assert (answer.why == "") == (verdict == AGREES)


def test_cost_model_counts_the_five_products() -> None:
    w = mod.tensors
    assert w.flops is not None
    per_step = 2 * (2 * 64 * 1000 * 100) + 3 * (2 * 64 * 100 * 10)
    assert w.flops(1) == per_step
    assert w.flops(500) == 500 * per_step


def _fake(medians: dict[tuple[str, str], float], numpy_vendor: str) -> RunResult:
    """A RunResult with one case per (backend, dtype) at 500 steps, taking ``median`` seconds."""
    cases = tuple(
        CaseResult(
            workload="tensors",
            impl="train_" + backend,
            backend=backend,
            device="cpu",
            dtype=dtype,
            size=500,
            status=OK,
            measurement=Measurement(samples=(t, t, t), loops=1, first_call=t),
            flops=500.0 * mod.STEP_FLOPS,
        )
        for (backend, dtype), t in medians.items()
    )
    env = {
        "backends": {
            "numpy": {"version": "2.0", "blas": [{"vendor": numpy_vendor, "version": "1.0"}]},
            "torch": {"version": "2.0", "blas": [{"vendor": "mkl", "version": "2024.2"}]},
        }
    }
    return replace(RunResult(cases=()), cases=cases, env=env)
