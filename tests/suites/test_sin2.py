"""The sin2 experiment: every impl agrees with the NumPy reference, the answer reads real and
missing results, and the verdict follows the data (tested on fabricated results, never on times).
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from arraybench.analysis.claims import Answer
from arraybench.config import RunConfig
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult, RunResult
from arraybench.suites.classic import sin2 as mod
from arraybench.suites.experiment import AGREES, DISAGREES, PARTLY, UNTESTED, run_experiment

VERDICTS = {AGREES, PARTLY, DISAGREES, UNTESTED}


@pytest.fixture(scope="module")
def real() -> tuple[RunResult, Answer]:
    # Two tiny sizes and a tiny budget: a few seconds even on a busy machine.
    config = RunConfig(sizes=(1, 1000), budget=0.01, max_samples=5)
    return run_experiment(mod.EXPERIMENT, config)


def test_every_case_runs_and_agrees_with_the_reference(real: tuple[RunResult, Answer]) -> None:
    result, _ = real
    assert result.cases
    for c in result.cases:
        assert c.ok, f"{c.name}: {c.error}"
        assert c.check is not None and c.check.passed
    ran = {(c.workload, c.impl, c.backend, c.dtype) for c in result.cases}
    assert ("sin2", "loop", "python", "float64") in ran
    assert ("sin2", "from list", "numpy", "float32") in ran
    assert ("sin2", "from list", "numpy", "float64") in ran
    try:
        import torch  # noqa: F401
    except ImportError:
        pass
    else:
        for impl in ("vectorized", "from list", "from numpy", "numpy round trip", "torch.compile"):
            assert ("sin2", impl, "torch", "float32") in ran
        # torch.compile's compilation is its first call, kept apart from its steady time.
        (compiled, *_) = result.find(impl="torch.compile", size=1)
        assert compiled.measurement is not None
        assert compiled.measurement.first_call > 10 * compiled.measurement.median
    try:
        import jax  # noqa: F401
    except ImportError:
        pass
    else:
        assert ("sin2", "jit", "jax", "float32") in ran
        assert ("sin2", "vectorized", "jax", "float32") in ran


def test_answer_on_real_results(real: tuple[RunResult, Answer]) -> None:
    result, answer = real
    assert answer.verdict in VERDICTS
    assert "At n=1 one call costs" in answer.answer
    assert any(ch.isdigit() for ch in answer.answer)
    if answer.verdict != AGREES and answer.verdict != UNTESTED:
        assert answer.why
    # The answer is saved with the results and survives JSON.
    record = result.extra["sin2"]
    assert record["answer"]["verdict"] == answer.verdict
    json.dumps(record)
    # And it can be given again from the saved results alone.
    assert mod.answer(RunResult.from_dict(result.to_dict()), {}).answer == answer.answer


def test_answer_copes_with_missing_cases(real: tuple[RunResult, Answer]) -> None:
    assert mod.answer(RunResult(cases=()), {}).verdict == UNTESTED
    result, _ = real
    # NumPy and Python only (as without torch installed): no crash, and no verdict on torch.
    no_torch = RunResult(cases=tuple(c for c in result.cases if c.backend in ("numpy", "python")))
    a = mod.answer(no_torch, {})
    assert a.verdict == UNTESTED
    assert "torch" in a.why
    # Libraries only, no Python loop: nothing to compare with.
    no_python = RunResult(cases=tuple(c for c in result.cases if c.backend != "python"))
    assert mod.answer(no_python, {}).verdict == UNTESTED


# -- verdicts and phases on fabricated results ---------------------------------------------------


def case(
    impl: str,
    backend: str,
    size: int,
    seconds: float,
    *,
    workload: str = "sin2",
    dtype: str = "float32",
    device: str = "cpu",
    first: float | None = None,
) -> CaseResult:
    # Tight samples around `seconds`, so CIs overlap only when the medians are close.
    samples = tuple(seconds * (1 + 0.001 * k) for k in (-2, -1, 0, 1, 2, 0, 1, -1))
    return CaseResult(
        workload=workload,
        impl=impl,
        backend=backend,
        device=device,
        dtype=dtype,
        size=size,
        status=OK,
        measurement=Measurement(samples=samples, loops=1, first_call=first or seconds),
    )


def fabricated(
    py: dict[int, float],
    torch: dict[int, float],
    *more: CaseResult,
    numpy: dict[int, float] | None = None,
) -> RunResult:
    """Python, torch and NumPy (as fast as torch unless given) at the sizes given."""
    cases = [case("loop", "python", n, t, workload="sin2", dtype="float64") for n, t in py.items()]
    cases += [case("vectorized", "torch", n, t) for n, t in torch.items()]
    cases += [case("vectorized", "numpy", n, t) for n, t in (numpy or torch).items()]
    return RunResult(cases=(*cases, *more))


def test_agrees_only_when_small_python_wins_and_large_libraries_win() -> None:
    a = mod.answer(fabricated({1: 1e-6, 10**7: 1.0}, {1: 5e-6, 10**7: 0.1}), {})
    assert a.verdict == AGREES
    # Every part of the claim is kept with its measured interval and the claim's.
    assert len(a.claims) == 4 and all(c["verdict"] == AGREES for c in a.claims)
    first = a.claims[0]
    assert first["quantity"] == "torch float32 time / Python time at the smallest size"
    assert first["claim_low"] == 1.0 and first["claim_high"] is None
    assert first["measured"]["value"] == pytest.approx(5.0, rel=0.01)


def test_a_float32_only_run_answers_with_python_on_float32_inputs() -> None:
    """``--dtype float32``: Python runs on float32-rounded inputs (computing in double), and
    the answer still compares it with float32 torch and NumPy."""
    cases = [
        replace(case("loop", "python", n, t), computed_in="float64")
        for n, t in {1: 1e-6, 10**7: 1.0}.items()
    ]
    cases += [case("vectorized", "numpy", n, t) for n, t in {1: 5e-6, 10**7: 0.1}.items()]
    cases += [case("vectorized", "torch", n, t) for n, t in {1: 5e-6, 10**7: 2.0}.items()]
    a = mod.answer(RunResult(cases=tuple(cases)), {})
    assert a.verdict == PARTLY and len(a.claims) == 4  # torch never overtakes, NumPy does
    assert "torch never" in a.answer and "NumPy from n=" in a.answer
    assert "Python computing in float64 on float32-rounded inputs" in a.context


def test_real_float32_run_has_python_and_its_crossovers() -> None:
    config = RunConfig(
        sizes=(1, 1000), budget=0.01, max_samples=5, dtypes=("float32",),
        backends=("python", "numpy"),
    )  # fmt: skip
    result, answer = run_experiment(mod.EXPERIMENT, config)
    (py,) = {c.dtype for c in result.cases if c.backend == "python"}
    assert py == "float32"
    assert all(c.computed_in == "float64" for c in result.cases if c.backend == "python")
    assert answer.verdict != UNTESTED or "did not run" not in answer.answer
    assert "NumPy from n=" in answer.answer or "NumPy never" in answer.answer


def test_partly_when_torch_never_overtakes() -> None:
    a = mod.answer(
        fabricated({1: 1e-6, 10**7: 1.0}, {1: 5e-6, 10**7: 2.0}, numpy={1: 5e-6, 10**7: 0.1}),
        {},
    )
    assert a.verdict == PARTLY
    assert "torch float32 time / Python time at the largest size is 2.00x" in a.why
    assert "the claim says below 1 (torch is faster): disagrees" in a.why


def test_cannot_tell_when_a_claim_edge_falls_inside_the_interval() -> None:
    # Equal medians at the small size: the ratio's interval holds 1, the claim's edge.
    a = mod.answer(fabricated({1: 1e-6, 10**7: 1.0}, {1: 1e-6, 10**7: 0.1}), {})
    assert a.verdict == UNTESTED
    assert "the claim says above 1 (Python is faster): cannot tell" in a.why
    assert "on the claim's edge" in a.why


def test_disagrees_when_the_order_is_reversed_at_both_ends() -> None:
    a = mod.answer(fabricated({1: 5e-6, 10**7: 0.1}, {1: 1e-6, 10**7: 1.0}), {})
    assert a.verdict == DISAGREES
    assert a.why


def test_one_size_cannot_tell_about_large_inputs() -> None:
    a = mod.answer(fabricated({1: 1e-6}, {1: 5e-6}), {})
    assert a.verdict == UNTESTED
    assert "only one size was measured" in a.why


def test_cuda_phases_and_jax_compile_are_reported() -> None:
    n = 10**6
    r = fabricated(
        {1: 1e-6, n: 0.1},
        {1: 5e-6, n: 0.01},
        # compute 1 ms, + host-to-device 3 ms, + device-to-host 4 ms: a round trip of 8 ms.
        case("vectorized", "torch", n, 1e-3, device="cuda"),
        case("from numpy", "torch", n, 4e-3, device="cuda"),
        case("numpy round trip", "torch", n, 8e-3, device="cuda"),
        case("jit", "jax", 1, 5e-6, first=0.05),
        case("jit", "jax", n, 2e-3, first=0.08),
    )
    a = mod.answer(r, {})
    assert "round trip 8.00 ms = host-to-device 3.00 ms (38%)" in a.answer
    assert "compute 1.00 ms (12%)" in a.answer
    assert "device-to-host 4.00 ms (50%)" in a.answer
    # first call minus the steady call: 50 ms - 5 µs and 80 ms - 2 ms.
    assert "first call of each size, 50.0 ms-78.0 ms beyond" in a.answer
    assert any("torch CUDA phases" in d for d in a.details)


def test_pinned_and_pageable_host_to_device_are_set_side_by_side() -> None:
    n = 10**6
    r = fabricated(
        {1: 1e-6, n: 0.1},
        {1: 5e-6, n: 0.01},
        # compute 1 ms; from pageable +3 ms, from pinned +1 ms; device-to-host 4 ms.
        case("vectorized", "torch", n, 1e-3, device="cuda"),
        case("from numpy", "torch", n, 4e-3, device="cuda"),
        case("from pinned numpy", "torch", n, 2e-3, device="cuda"),
        case("numpy round trip", "torch", n, 8e-3, device="cuda"),
    )
    a = mod.answer(r, {})
    assert (
        "Host-to-device at n=1e6: 3.00 ms from pageable memory, 1.00 ms from pinned "
        "(3.0x faster)." in a.answer
    )
    # Without the pinned case, the transfer sentence stays as it was.
    cases = tuple(c for c in r.cases if c.impl != "from pinned numpy")
    assert "pinned" not in mod.answer(RunResult(cases=cases), {}).answer


def test_pinned_impl_runs_on_cuda_only_and_cupy_runs_the_vectorized_impl() -> None:
    [pinned] = [i for i in mod.sin2.impls if i.label == "from pinned numpy"]
    assert pinned.devices == ("cuda",) and pinned.backends == ("torch",)
    [vec] = [i for i in mod.sin2.impls if i.label == "vectorized" and "cupy" in i.backends]
    assert vec.takes_xp
    a = mod.answer(
        fabricated({1: 1e-6}, {1: 5e-6}, case("vectorized", "cupy", 1, 2e-5, device="cuda")), {}
    )
    assert "CuPy CUDA 20.0 µs" in a.answer


def test_conversion_share() -> None:
    n = 10**6
    r = fabricated(
        {1: 1e-6, n: 0.1},
        {1: 5e-6, n: 0.01},
        case("from list", "torch", 1, 1e-5),
        case("from list", "torch", n, 0.04),
    )
    a = mod.answer(r, {})
    assert "torch from list 50% at n=1 and 75% at n=1e6" in a.answer


# -- the impls themselves ------------------------------------------------------------------------


def test_jit_is_built_once() -> None:
    pytest.importorskip("jax")
    assert mod._jitted_sin2() is mod._jitted_sin2()
    x = np.linspace(-3, 3, 7, dtype=np.float32)
    np.testing.assert_allclose(np.asarray(mod.jax_jit(x)), np.sin(x) ** 2, rtol=1e-5)


def test_round_trip_returns_numpy() -> None:
    pytest.importorskip("torch")
    x = np.linspace(-3, 3, 7)
    out: Any = mod.torch_round_trip(x, "cpu")
    assert isinstance(out, np.ndarray)
    np.testing.assert_allclose(out, np.sin(x) ** 2)


def test_importing_the_experiment_imports_no_optional_library() -> None:
    code = (
        "import sys, arraybench.suites.classic.sin2; "
        "print(sorted(m for m in ('torch', 'jax', 'autograd') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"
