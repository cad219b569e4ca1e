"""The roofline on synthetic cases and a synthetic profile: exact fractions, every branch."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from arraybench.analysis.roofline import Roofline, fraction_text, roofline
from arraybench.backends.fake import FakeBackend
from arraybench.measure import profile as PF
from arraybench.measure.clock import FakeClock
from arraybench.measure.plausible import implausible
from arraybench.measurement import Measurement
from arraybench.results import CaseResult
from tests.measure.test_probe import synthetic

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
    no_bw = PF.MachineProfile(
        key=prof.key,
        measured_at=prof.measured_at,
        figures=tuple(f for f in prof.figures if f.kind != PF.BANDWIDTH),
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


# -- physical limits ------------------------------------------------------------------------------


def test_a_copy_faster_than_any_core_can_move_it_is_implausible() -> None:
    # The case seen on a 16-core machine: 4 MB "copied" in 877 ns, 4562 GB/s: a kept result.
    c = case(None, 4e6, seconds=877e-9)
    why = implausible(c, threads=1)
    assert why is not None
    assert why.startswith("4,561 GB/s is beyond what 1 core can move")
    assert "cached" in why and "skipped" in why
    # A real copy of the same array, 1 ms (4 GB/s), is fine; so is any rate within the bound.
    assert implausible(case(None, 4e6, seconds=1e-3), threads=1) is None
    # Every core of 16 may move 16x as much (a multi-threaded kernel).
    assert implausible(c, threads=16) is None


def test_flops_beyond_the_cores_or_a_gpu_are_implausible() -> None:
    assert implausible(case(1e12, None, seconds=1.0), threads=1) is not None  # 1 TFLOP/s
    assert implausible(case(1e10, None, seconds=1.0), threads=1) is None  # 10 GFLOP/s
    gpu = case(1e12, None, seconds=1e-3, device="cuda")  # 1 PFLOP/s: an H100 in bf16 can
    assert implausible(gpu, threads=1) is None
    assert implausible(case(1e14, None, seconds=1e-3, device="cuda"), threads=1) is not None


def test_a_probe_tightens_the_limit_for_data_beyond_the_cache() -> None:
    prof = replace(synthetic(), info={"llc_bytes": 1e6})
    # 100 MB in 1 ms is 100 GB/s: possible for some core's cache, not from this machine's
    # 10 GB/s memory for data 100x its last-level cache.
    big = case(None, 1e8, seconds=1e-3)
    assert implausible(big, threads=1) is None
    why = implausible(big, threads=1, profile=prof)
    assert why is not None and "memory bandwidth (10.0 GB/s, probed)" in why
    # Data that fits in the cache may beat memory bandwidth: no verdict from the probe.
    assert implausible(case(None, 5e5, seconds=1e-5), threads=1, profile=prof) is None
    # Nor may a case beat the probed GEMM peak (50 GFLOP/s in float64) by half again.
    assert implausible(case(1e11, None, seconds=1.0), threads=1, profile=prof) is not None


def test_the_runner_marks_an_implausible_case_and_answers_leave_it_out(
    clock: FakeClock, fake_backend: FakeBackend
) -> None:
    import arraybench as ab
    from arraybench.suites.experiment import series

    w = ab.Workload("cached", sizes=(10,), dtypes=("float64",), bytes=lambda n, itemsize: 4e9)

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy")
    def kept(x: Any) -> Any:  # "moves" 4 GB in 1 µs: it returns what it computed before
        clock.advance(1e-6)
        return x

    result = ab.run(w, clock=clock, budget=0.01)
    (c,) = result.cases
    assert c.ok and c.implausible is not None and "beyond what 1 core can move" in c.implausible
    assert series(result, workload="cached") == {}


# -- CUDA cases against the GPU's limits --------------------------------------------------------


def gpu_profile() -> PF.MachineProfile:
    """The synthetic CPU profile plus a GPU: 3000 GB/s copy, torch float32 50 000, bfloat16
    800 000 GFLOP/s, a 50 MB L2 cache."""

    def fig(kind: str, name: str, work: float) -> PF.Figure:
        m = Measurement(samples=(1.0, 1.0, 1.0), loops=1, first_call=1.0)
        return PF.Figure(kind, "torch", name, 1000, work, m, device="cuda")

    cpu = synthetic()
    return replace(
        cpu,
        figures=(
            *cpu.figures,
            fig(PF.BANDWIDTH, "copy", 3000e9),
            fig(PF.GEMM, "float32", 50_000e9),
            fig(PF.GEMM, "tf32", 400_000e9),
            fig(PF.GEMM, "bfloat16", 800_000e9),
            fig(PF.TRANSFER, "host to device, pinned", 25e9),
        ),
        info={**cpu.info, "llc_bytes": 1e6, "gpu": {"name": "Fake", "l2_bytes": 5e7}},
    )


def test_a_memory_bound_cuda_case_is_set_against_the_gpu_bandwidth() -> None:
    # sin2 at 10^7 float32: 80 MB in 40 µs is 2000 GB/s, 2/3 of the GPU's 3000 (not the CPU's 10).
    r = roofline(case(2e7, 8e7, seconds=4e-5, backend="torch", dtype="float32", device="cuda"),
                 gpu_profile())  # fmt: skip
    assert r is not None and r.bound == "memory"
    assert r.roof == pytest.approx(3000.0) and r.fraction == pytest.approx(2 / 3)
    assert fraction_text(r) == "67% of GPU memory bandwidth"


def test_a_compute_bound_cuda_case_uses_its_dtypes_matmul_peak() -> None:
    # A bf16 8192^3 product (1.1 TFLOP, 400 MB) in 2 ms: 550 TFLOP/s of the 800 peak.
    flops, nbytes = 2.0 * 8192**3, 3 * 8192**2 * 2.0
    r = roofline(case(flops, nbytes, 2e-3, "torch", "bfloat16", "cuda"), gpu_profile())
    assert r is not None and r.bound == "compute"
    assert r.peak_used == "torch bfloat16 GPU matmul peak"
    assert r.fraction == pytest.approx(flops / 2e-3 / 800_000e9)
    # float32 is set against plain float32 (TF32 is off unless asked for), and a cupy case,
    # not probed itself, against the best probed library's peak in its dtype.
    r32 = roofline(case(flops, nbytes, 0.1, "cupy", "float32", "cuda"), gpu_profile())
    assert r32 is not None and r32.peak_used == "torch float32 GPU matmul peak"
    assert r32.roof == pytest.approx(50_000.0)


def test_a_cuda_case_without_gpu_figures_has_no_fraction() -> None:
    assert roofline(case(1e9, 2e9, device="cuda"), synthetic()) is None
    # and a CPU case keeps the CPU's limits in a profile that has a GPU's too
    r = roofline(case(1e9, 2e9), gpu_profile())
    assert r is not None and r.roof == pytest.approx(10.0) and r.peak_used == "memory bandwidth"


def test_a_cuda_case_beyond_the_gpu_bandwidth_for_data_beyond_its_l2_is_implausible() -> None:
    prof = gpu_profile()
    # 1 GB in 100 µs is 10 TB/s: under the generic GPU bound, over 1.5x the probed 3 TB/s.
    big = case(None, 1e9, seconds=1e-4, backend="torch", dtype="float32", device="cuda")
    assert implausible(big, threads=1) is None
    why = implausible(big, threads=1, profile=prof)
    assert why is not None and "this GPU's memory bandwidth (3,000.0 GB/s, probed)" in why
    assert "L2 cache" in why
    # Data within the L2 (50 MB) may beat the memory: no verdict from the probe.
    small = case(None, 1e7, seconds=1e-6, backend="torch", dtype="float32", device="cuda")
    assert implausible(small, threads=1, profile=prof) is None  # 10 TB/s, from the L2


def test_the_terminal_shows_a_cuda_cases_fraction_of_the_gpu_peak() -> None:
    from arraybench.report.terminal import _peak

    c = case(2e7, 8e7, seconds=4e-5, backend="torch", dtype="float32", device="cuda")
    assert _peak(c, gpu_profile()) == "67% mem"
    assert _peak(c, synthetic()) == "—"


def test_a_float32_cuda_rate_up_to_the_tf32_peak_is_plausible() -> None:
    """JAX and TensorFlow multiply float32 on TF32 tensor cores by default: 300 TFLOP/s in
    float32 is beyond 1.5x the plain float32 peak (50) but real work, under 1.5x TF32's (400)."""
    prof = gpu_profile()
    flops = 2.0 * 8192**3
    fast = case(flops, None, seconds=flops / 300_000e9, backend="jax", dtype="float32",
                device="cuda")  # fmt: skip
    assert implausible(fast, threads=1, profile=prof) is None
    faster = replace(fast, measurement=Measurement(
        samples=(flops / 700_000e9,) * 3, loops=1, first_call=1.0))  # fmt: skip
    why = implausible(faster, threads=1, profile=prof)
    assert why is not None and "float32 (TF32) matrix-multiply peak (400,000.0" in why
    # The CPU's float32 keeps its own peak.
    cpu = case(flops, None, seconds=flops / 400e9, backend="numpy", dtype="float32")
    assert implausible(cpu, threads=64, profile=prof) is not None
