"""The roofline on synthetic cases and a synthetic profile: exact fractions, every branch."""

from __future__ import annotations

import pytest

from arraybench.analysis import probe as P
from arraybench.analysis.roofline import Roofline, fraction_text, roofline
from arraybench.results import CaseResult, Measurement

from .test_probe import synthetic

# The synthetic profile: 10 GB/s; GEMM numpy float32 100, float64 50, torch float32 200 GFLOP/s.


def case(
    flops: float | None,
    nbytes: float | None,
    seconds: float = 1.0,
    backend: str = "numpy",
    dtype: str = "float64",
    device: str = "cpu",
) -> CaseResult:
    m = Measurement(samples=(seconds, seconds, seconds), loops=1, first_call=seconds)
    return CaseResult(
        "w", "i", backend, device, dtype, 1000, "ok", measurement=m, flops=flops, bytes=nbytes
    )


def test_memory_bound_case() -> None:
    # 1 GFLOP over 2 GB in 1 s: intensity 0.5 flop/byte, memory roof 5 GFLOP/s < 50 peak.
    r = roofline(case(1e9, 2e9), synthetic())
    assert r is not None
    assert r.bound == "memory" and r.peak_used == "memory bandwidth"
    assert r.gflops == pytest.approx(1.0) and r.gbps == pytest.approx(2.0)
    assert r.intensity == pytest.approx(0.5)
    assert r.fraction == pytest.approx(0.2)
    assert r.roof == pytest.approx(10.0)
    assert fraction_text(r) == "20% of memory bandwidth"


def test_compute_bound_case() -> None:
    # 2 GFLOP over 0.01 GB in 1 s: intensity 200, memory roof 2000 > 50: compute bound, 4%.
    r = roofline(case(2e9, 1e7), synthetic())
    assert r is not None
    assert r.bound == "compute" and r.peak_used == "numpy float64 GEMM peak"
    assert r.fraction == pytest.approx(0.04)
    assert r.roof == pytest.approx(50.0)
    assert fraction_text(r) == "4% of numpy float64 GEMM peak"


def test_time_scales_the_fraction() -> None:
    r = roofline(case(1e9, 2e9, seconds=4.0), synthetic())
    assert r is not None and r.fraction == pytest.approx(0.05)
    assert r.gbps == pytest.approx(0.5)


def test_unprobed_backend_uses_the_best_backends_peak() -> None:
    r = roofline(case(2e9, None, backend="python", dtype="float32"), synthetic())
    assert r is not None
    assert r.peak_used == "torch float32 GEMM peak"
    assert r.fraction == pytest.approx(0.01)
    assert fraction_text(r) == "1% of torch float32 GEMM peak"


def test_probed_backend_uses_its_own_peak() -> None:
    r = roofline(case(2e9, None, backend="numpy", dtype="float32"), synthetic())
    assert r is not None and r.peak_used == "numpy float32 GEMM peak"
    assert r.fraction == pytest.approx(0.02)


def test_only_bytes_known() -> None:
    r = roofline(case(None, 3e9), synthetic())
    assert r is not None
    assert r.gflops is None and r.intensity is None
    assert r.bound == "memory" and r.fraction == pytest.approx(0.3)
    assert fraction_text(r) == "30% of memory bandwidth"


def test_only_flops_known() -> None:
    r = roofline(case(5e9, None), synthetic())
    assert r is not None
    assert r.gbps is None
    assert r.bound == "compute" and r.fraction == pytest.approx(0.1)


def test_zero_work_counts_as_unknown() -> None:
    r = roofline(case(0.0, 3e9), synthetic())
    assert r is not None and r.gflops is None and r.fraction == pytest.approx(0.3)


def test_nothing_known_is_none() -> None:
    assert roofline(case(None, None), synthetic()) is None


def test_failed_case_is_none() -> None:
    failed = CaseResult("w", "i", "numpy", "cpu", "float64", 10, "failed", error="boom")
    assert roofline(failed, synthetic()) is None


def test_device_not_probed_is_none() -> None:
    assert roofline(case(1e9, 2e9, device="cuda"), synthetic()) is None


def test_dtype_without_gemm_falls_back_to_bandwidth_or_none() -> None:
    prof = synthetic()
    r = roofline(case(1e9, 2e9, dtype="float16"), prof)
    assert r is not None and r.bound == "memory" and r.fraction == pytest.approx(0.2)
    assert roofline(case(1e9, None, dtype="float16"), prof) is None


def test_profile_without_bandwidth_uses_flops_alone() -> None:
    prof = synthetic()
    no_bw = P.MachineProfile(
        key=prof.key,
        measured_at=prof.measured_at,
        figures=tuple(f for f in prof.figures if f.kind != P.BANDWIDTH),
    )
    r = roofline(case(1e9, 2e9), no_bw)
    assert r is not None and r.bound == "compute" and r.fraction == pytest.approx(0.02)
    assert roofline(case(None, 2e9), no_bw) is None


@pytest.mark.parametrize(
    ("fraction", "bound", "text"),
    [
        (0.31, "memory", "31% of memory bandwidth"),
        (0.004, "memory", "0.4% of memory bandwidth"),
        (0.0001, "memory", "<0.1% of memory bandwidth"),
        (1.8, "memory", "180% of memory bandwidth (data served from cache)"),
        (0.0, "memory", "0% of memory bandwidth"),
    ],
)
def test_fraction_text(fraction: float, bound: str, text: str) -> None:
    r = Roofline(1.0, 1.0, fraction, bound, "memory bandwidth", 10.0)
    assert fraction_text(r) == text
