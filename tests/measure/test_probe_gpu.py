"""The GPU probe's logic against a fake device and a fake clock: the arithmetic (bytes and flops
per second from times), the figures' names and devices, TF32's scope, and that nothing is done
without a GPU. Nothing here runs on a GPU: the fake's calls advance the clock by modelled times.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from arraybench.cli import probe as cli_probe
from arraybench.measure import probe as P
from arraybench.measure import profile as PF
from arraybench.measure.clock import FakeClock
from arraybench.measurement import Measurement

#: Modelled rates, about an H100's: 3 TB/s copy, 800 TFLOP/s bf16, 5 µs per launch.
COPY_BPS = 3.0e12
FLOPS = {"float64": 60e12, "float32": 50e12, "tf32": 400e12, "bfloat16": 800e12, "float16": 8e14}
LAUNCH_S = 5e-6
SYNC_S = 1e-6
PAGEABLE_BPS, PINNED_BPS = 10e9, 25e9

GIB = 2**30
TINY = P.ProbeSettings(
    budget=0.01,
    dispatch_budget=0.005,
    target=0.5,
    gemm_min_call=1e-3,
    gpu_copy_bytes=GIB,
    gpu_gemm_sizes=(1024, 4096, 8192),
    gpu_transfer_bytes=256 * 2**20,
)


class FakeGpu:
    """A modelled GPU: each call advances ``clock`` by its modelled time, and records itself."""

    backend = "torch"

    def __init__(self, clock: FakeClock, present: bool = True, fail: str | None = None) -> None:
        self.clock = clock
        self._present = present
        self.fail = fail
        self.calls: list[str] = []
        self.tf32_on = False
        self.matmuls: list[tuple[int, str, bool]] = []

    def present(self) -> bool:
        self.calls.append("present")
        return self._present

    def describe(self) -> dict[str, Any]:
        self.calls.append("describe")
        return {"name": "Fake H100", "memory_bytes": 80 * GIB, "free_bytes": 79 * GIB,
                "l2_bytes": 50 * 2**20, "cuda": "12.4"}  # fmt: skip

    def sync(self, out: Any = None) -> None:
        self.clock.advance(SYNC_S)

    def copy(self, n: int) -> Callable[[], None]:
        self.calls.append(f"copy {n}")
        return lambda: self.clock.advance(2 * 8 * n / COPY_BPS)

    def matmul(self, n: int, dtype: str) -> Callable[[], None]:
        if dtype == self.fail:
            raise RuntimeError(f"{dtype} matmul is not supported on this device")
        self.matmuls.append((n, dtype, self.tf32_on))
        return lambda: self.clock.advance(2 * n**3 / FLOPS[dtype])

    @contextlib.contextmanager
    def tf32(self) -> Iterator[None]:
        self.tf32_on = True
        try:
            yield
        finally:
            self.tf32_on = False

    def launch(self) -> Callable[[], None]:
        return lambda: self.clock.advance(LAUNCH_S)

    def transfer(self, n: int, to_device: bool, pinned: bool) -> Callable[[], None]:
        rate = PINNED_BPS if pinned else PAGEABLE_BPS
        return lambda: self.clock.advance(8 * n / rate)

    def release(self) -> None:
        self.calls.append("release")


def _gpu_probe(**kw: Any) -> tuple[PF.MachineProfile, FakeGpu]:
    clock = FakeClock(read_cost_ns=50)
    gpu = FakeGpu(clock, **kw)
    return P.probe([], settings=TINY, clock=clock, gpu=gpu), gpu


def test_gpu_figures_are_rates_from_the_modelled_times() -> None:
    prof, _ = _gpu_probe()
    assert prof.info["gpu"]["name"] == "Fake H100"
    cuda = {(f.kind, f.name): f for f in prof.figures if f.device == "cuda"}
    # Copy of 1 GiB, read + write counted: 2 x 2^30 bytes at the modelled 3 TB/s.
    copy = cuda[(PF.BANDWIDTH, "copy")]
    assert copy.size == GIB // 8 and copy.work == 2 * GIB
    # (Each sample's closing sync, 1 µs, is part of the time, as on a real GPU: within 1%.)
    assert prof.bandwidth("cuda") == pytest.approx(COPY_BPS / 1e9, rel=1e-2)
    # Every dtype's peak at the size chosen, 2 n^3 flops per product.
    for dtype, rate in FLOPS.items():
        peak = prof.peak_flops("torch", dtype, "cuda")
        assert peak == ("torch", pytest.approx(rate / 1e9, rel=1e-2))
    # Launches: queued ones cost the launch, waited-for ones the launch and the sync.
    disp = prof.dispatch("cuda")
    assert disp["torch launch"] == pytest.approx(LAUNCH_S, rel=0.02)
    assert disp["torch launch + sync"] == pytest.approx(LAUNCH_S + SYNC_S, rel=0.02)
    moves = prof.transfer("cuda")
    assert set(moves) == {
        "host to device, pageable",
        "host to device, pinned",
        "device to host, pageable",
        "device to host, pinned",
    }
    assert moves["host to device, pinned"] == pytest.approx(PINNED_BPS / 1e9, rel=1e-2)
    assert moves["device to host, pageable"] == pytest.approx(PAGEABLE_BPS / 1e9, rel=1e-2)
    # The GPU's figures never mix with the CPU's.
    assert prof.bandwidth("cpu") is None and prof.gemm("cpu") == {}
    assert prof.cache_bytes("cuda") == 50 * 2**20


def test_gpu_matmul_size_grows_until_a_product_is_long_enough() -> None:
    _, gpu = _gpu_probe()
    tried = {dt: [n for n, d, _ in gpu.matmuls if d == dt] for dt in FLOPS}
    # bf16 at 800 TFLOP/s: 4096^3 x 2 is 0.17 ms, below 1 ms, so the largest, 8192 (1.4 ms).
    assert sorted(set(tried["bfloat16"])) == [1024, 4096, 8192]
    # float64 at 60 TFLOP/s: 4096 takes 2.3 ms, long enough.
    assert sorted(set(tried["float64"])) == [1024, 4096]


def test_tf32_is_on_for_the_tf32_product_only() -> None:
    _, gpu = _gpu_probe()
    assert {d for _, d, on in gpu.matmuls if on} == {"tf32"}
    assert all(on for _, d, on in gpu.matmuls if d == "tf32")
    assert gpu.tf32_on is False  # restored


def test_buffers_stay_within_a_share_of_free_memory() -> None:
    clock = FakeClock()
    gpu = FakeGpu(clock)
    gpu.describe = lambda: {"name": "small", "free_bytes": 2 * GIB}  # type: ignore[method-assign]
    P.probe([], settings=TINY, clock=clock, gpu=gpu)
    [copy] = [c for c in gpu.calls if c.startswith("copy")]
    assert int(copy.split()[1]) * 8 <= 2 * GIB * P.GPU_MEMORY_SHARE


def test_a_failing_gpu_figure_is_a_skip_and_the_rest_is_measured() -> None:
    prof, _ = _gpu_probe(fail="float64")
    assert [s.what for s in prof.skipped] == ["gemm torch cuda float64"]
    assert "not supported" in prof.skipped[0].reason
    assert "float32" in prof.gemm("cuda")["torch"]


def test_without_a_gpu_nothing_is_measured_and_the_probe_says_so() -> None:
    prof, gpu = _gpu_probe(present=False)
    assert prof.info["gpu"] == P.NO_CUDA == "no CUDA device: GPU limits not measured"
    assert gpu.calls == ["present"]
    assert not [f for f in prof.figures if f.device == "cuda"]
    assert prof.gpu is None


def test_a_driver_error_reads_as_no_cuda_device() -> None:
    clock = FakeClock()
    gpu = FakeGpu(clock)

    def broken() -> bool:
        raise RuntimeError("CUDA driver version is insufficient")

    gpu.present = broken  # type: ignore[method-assign]
    prof = P.probe([], settings=TINY, clock=clock, gpu=gpu)
    assert prof.info["gpu"].startswith(P.NO_CUDA + " (RuntimeError: CUDA driver")


def test_this_machine_without_cuda_says_no_cuda_device() -> None:
    pytest.importorskip("torch")
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has a CUDA device")
    assert P._gpu_limits(None, None, torch_measured=True) == P.NO_CUDA  # type: ignore[arg-type]


def test_gpu_profile_round_trips_and_renders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ARRAYBENCH_CACHE", str(tmp_path))
    prof, _ = _gpu_probe()
    path = PF.save(prof)
    loaded = PF.load(path)
    assert loaded == prof
    cli_probe.render(loaded, fresh=True, path=path)
    out = capsys.readouterr().out
    for text in (
        "GPU bandwidth",
        "GPU matmul peak",
        "GPU launch cost",
        "host↔device",
        "Fake H100",
        "GPU bfloat16 peak: 79",  # 800 TFLOP/s less the closing sync's share
        "GFLOP/s (torch)",
        "GB/s from pinned memory",
        "from pageable (2.5x)",
    ):
        assert text in out


def test_cli_says_no_cuda_device(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    m = Measurement(samples=(1.0,) * 3, loops=1, first_call=1.0)
    prof = PF.MachineProfile(
        {"hostname": "h"}, "2024-01-01T00:00:00+00:00",
        (PF.Figure(PF.BANDWIDTH, "numpy", "copy", 1000, 8e9, m),),
        info={"gpu": P.NO_CUDA},
    )  # fmt: skip
    cli_probe.render(prof, fresh=True, path=tmp_path / "p.json")
    assert "no CUDA device: GPU limits not measured" in capsys.readouterr().out


def test_a_version_1_profile_still_reads() -> None:
    m = Measurement(samples=(1.0,) * 3, loops=1, first_call=1.0)
    fig = PF.Figure(PF.GEMM, "numpy", "float64", 10, 2e9, m)
    prof = PF.MachineProfile({"hostname": "h"}, "now", (fig,))
    d = {**prof.to_dict(), "version": 1}
    assert PF.MachineProfile.from_dict(d).gemm() == {"numpy": {"float64": 2.0}}


def test_tf32_block_uses_torchs_new_precision_api_and_restores_it() -> None:
    """torch >= 2.9: fp32_precision, never the old allow_tf32 (it warns there, and reading it
    raises once the new API was used, e.g. by torch.set_float32_matmul_precision)."""
    import warnings

    torch = pytest.importorskip("torch")
    if not hasattr(torch.backends, "fp32_precision"):
        pytest.skip("this torch predates fp32_precision")
    matmul = torch.backends.cuda.matmul
    before = matmul.fp32_precision
    try:
        matmul.fp32_precision = "ieee"  # new API used first: allow_tf32 could no longer be read
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with P.torch_tf32(torch):
                assert matmul.fp32_precision == "tf32"
        assert matmul.fp32_precision == "ieee"
    finally:
        matmul.fp32_precision = before


def test_tf32_block_falls_back_to_allow_tf32_on_an_older_torch() -> None:
    class Matmul:
        allow_tf32 = False

    class Backends:
        class cuda:
            matmul = Matmul

    class OldTorch:
        backends = Backends

    with P.torch_tf32(OldTorch):
        assert Matmul.allow_tf32 is True
    assert Matmul.allow_tf32 is False
