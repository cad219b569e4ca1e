"""The conversion experiment: every conversion returns the source's numbers, the sharing check
sees views and copies for what they are, and the answer reads real, missing and fabricated
results (never asserting times)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from arraybench.analysis.claims import Answer
from arraybench.config import RunConfig
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult, RunResult
from arraybench.suites.classic import conversion as mod
from arraybench.suites.experiment import AGREES, DISAGREES, PARTLY, UNTESTED, run_experiment

VERDICTS = {AGREES, PARTLY, DISAGREES, UNTESTED}


def _installed(name: str) -> bool:
    try:
        __import__(name)
    except ImportError:
        return False
    return True


@pytest.fixture(scope="module")
def real() -> tuple[RunResult, Answer]:
    # A 4x4 array and a tiny budget; the sharing check itself always uses 1000x1000.
    return run_experiment(mod.EXPERIMENT, RunConfig(sizes=(16,), budget=0.01, max_samples=5))


def test_every_case_runs_and_agrees_with_the_reference(real: tuple[RunResult, Answer]) -> None:
    result, _ = real
    assert result.cases
    for c in result.cases:
        assert c.ok, f"{c.name}: {c.error}"
        assert c.check is not None and c.check.passed
    ran = {c.impl for c in result.cases}
    assert "numpy copy" in ran
    expected = {"numpy copy"}
    if _installed("torch"):
        expected |= {label for label in mod.EXPECTED if label != "np.asarray(jax)"}
        if not _installed("jax"):
            expected.discard("torch.from_dlpack(jax)")
    if _installed("jax"):
        expected.add("np.asarray(jax)")
    if _installed("tensorflow"):
        expected |= set(mod.TENSORFLOW)
    assert ran == expected


def test_sharing_is_checked_not_assumed(real: tuple[RunResult, Answer]) -> None:
    result, _ = real
    extra: dict[str, Any] = result.extra["conversion"]["extra"]
    json.dumps(extra)
    checks = extra["conversions"]
    assert set(checks) == set(mod.EXPECTED) | set(mod.TENSORFLOW)
    for label, check in checks.items():
        assert isinstance(check.get("shares_memory"), bool) or check.get("error"), label
    if _installed("torch"):
        # Documented torch behaviour: views share, copies do not; the write goes through a view.
        for label in (".numpy()", "torch.from_numpy"):
            assert checks[label]["shares_memory"] and checks[label]["write_through"]
        for label in (".numpy().copy()", ".clone().numpy()", "torch.tensor"):
            assert not checks[label]["shares_memory"] and not checks[label]["write_through"]
    else:
        assert "not installed" in checks[".numpy()"]["error"]
    if _installed("tensorflow"):
        # Documented TF behaviour: .numpy() copies; np.asarray is a read-only view.
        assert not checks["tf .numpy()"]["shares_memory"] and checks["tf .numpy()"]["writeable"]
        assert checks["np.asarray(tf)"]["shares_memory"]
        assert not checks["np.asarray(tf)"]["writeable"]
        assert not checks[mod.TF_GRAPH]["shares_memory"]
    else:
        assert "not installed" in checks["tf .numpy()"]["error"]


def test_answer_on_real_results(real: tuple[RunResult, Answer]) -> None:
    result, answer = real
    assert answer.verdict in VERDICTS
    if _installed("torch"):
        assert "zero-copy (shared memory" in answer.answer
        assert "GB/s" in answer.answer
        assert any(d.startswith(".numpy(): zero-copy (shared memory)") for d in answer.details)
    if answer.verdict not in (AGREES, UNTESTED):
        assert answer.why
    record = result.extra["conversion"]
    assert record["answer"]["verdict"] == answer.verdict
    again = mod.answer(RunResult.from_dict(result.to_dict()), record["extra"])
    assert again.answer == answer.answer


def test_answer_copes_with_missing_cases(real: tuple[RunResult, Answer]) -> None:
    assert mod.answer(RunResult(cases=()), {}).verdict == UNTESTED
    result, _ = real
    # Results without the sharing check: nothing can be called zero-copy or a copy.
    assert mod.answer(result, {}).verdict == UNTESTED
    # NumPy only, as without torch and JAX.
    numpy_only = RunResult(cases=tuple(c for c in result.cases if c.backend == "numpy"))
    assert mod.answer(numpy_only, result.extra["conversion"]["extra"]).verdict == UNTESTED


# -- verdicts on fabricated results --------------------------------------------------------------


def case(impl: str, backend: str, seconds: float) -> CaseResult:
    samples = tuple(seconds * (1 + 0.001 * k) for k in (-2, -1, 0, 1, 2))
    return CaseResult(
        workload="conversion",
        impl=impl,
        backend=backend,
        device="cpu",
        dtype="float32",
        size=mod.SIZE,
        status=OK,
        measurement=Measurement(samples=samples, loops=1, first_call=seconds),
        bytes=4.0 * mod.SIZE,
    )


def fabricated(
    shared: dict[str, bool], view_s: float = 1e-6, tf_graph_s: float | None = None
) -> tuple[RunResult, dict[str, Any]]:
    cases = [case("numpy copy", "numpy", 1e-4)]
    for label, is_view in shared.items():
        cases.append(case(label, mod.BACKEND.get(label, "torch"), view_s if is_view else 1e-4))
    extra = {"conversions": {k: {"shares_memory": v} for k, v in shared.items()}}
    env: dict[str, Any] = {}
    if tf_graph_s is not None:  # TensorFlow in the run, its graph conversion this slow
        cases.append(case(mod.TF_GRAPH, "tensorflow", tf_graph_s))
        extra["conversions"][mod.TF_GRAPH] = {"shares_memory": False}
        env = {"backends": {"tensorflow": {"version": "2.21.0"}}}
    return RunResult(cases=tuple(cases), env=env), extra


def test_agrees_when_views_share_and_copies_copy() -> None:
    a = mod.answer(*fabricated(dict(mod.EXPECTED)))
    assert a.verdict == AGREES
    # 4 MB in 100 µs: 40 GB/s; a view reports its fixed cost, never GB/s.
    assert ".numpy().copy() 100 µs, 40.0 GB/s" in a.answer
    assert ".numpy() 1.00 µs" in a.answer
    assert any(d == ".numpy(): zero-copy (shared memory), 1.00 µs of fixed cost" for d in a.details)


def test_partly_when_a_view_copies() -> None:
    shared = dict(mod.EXPECTED)
    shared["np.asarray(jax)"] = False
    a = mod.answer(*fabricated(shared))
    assert a.verdict == PARTLY
    assert "np.asarray(jax) shares memory with its source: no, the claim says yes: disagrees" in (
        a.why
    )


def test_partly_when_a_view_is_not_free() -> None:
    a = mod.answer(*fabricated(dict(mod.EXPECTED), view_s=9e-5))
    assert a.verdict == PARTLY
    assert ".numpy() time / a NumPy copy's time is 0.90x" in a.why
    assert "the claim says below 0.5 (free): disagrees" in a.why


def test_tensorflow_claim_is_judged_on_the_graph_conversion_over_torch_numpy() -> None:
    # torch's .numpy() takes 1 µs here: 2 ms is 2000x (agrees), 0.5 ms is 500x (disagrees).
    slow = mod.answer(*fabricated(dict(mod.EXPECTED), tf_graph_s=2e-3))
    assert slow.verdict == AGREES
    assert "TensorFlow to NumPy: tf.function → .numpy() 2.00 ms (2,000x" in slow.answer
    fast = mod.answer(*fabricated(dict(mod.EXPECTED), tf_graph_s=5e-4))
    assert fast.verdict == PARTLY
    assert "torch .numpy() time is 500x" in fast.why
    assert "the claim says above 1000 (over 1000x slower): disagrees" in fast.why


def test_tensorflow_claim_does_not_apply_to_a_run_without_tensorflow() -> None:
    a = mod.answer(*fabricated(dict(mod.EXPECTED)))
    (tf_part,) = [j for j in a.claims if j["quantity"].startswith("TensorFlow")]
    assert not tf_part["applicable"] and "not in this run" in tf_part["note"]


def test_importing_the_experiment_imports_no_optional_library() -> None:
    code = (
        "import sys, arraybench.suites.classic.conversion; "
        "print(sorted(m for m in ('torch', 'jax', 'autograd', 'tensorflow') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


def test_eager_tensorflow_sweep_over_vector_lengths(real: tuple[RunResult, Answer]) -> None:
    result, answer = real
    if not (_installed("tensorflow") and _installed("torch")):
        pytest.skip("needs tensorflow and torch")
    sweep = {c.impl for c in result.cases if c.workload == "conversion_n"}
    assert sweep == {"numpy copy", ".numpy()", *mod.TENSORFLOW}
    assert "On vectors of length N, eager" in answer.answer
    assert "tf .numpy() " in answer.answer and "at N=16 (" in answer.answer
    assert mod.conversion_n.sizes[-1] == 10_000_000  # the claim's vectors reach 10 million
