"""The machine probe: structure on real NumPy (never speed), the cache, and the CLI's display."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arraybench.backends.base import usable_cores
from arraybench.base.errors import ConfigError, ResultsFormatError
from arraybench.cli import probe as cli_probe
from arraybench.measure import probe as P
from arraybench.measure import profile as PF
from arraybench.measure.clock import FakeClock
from arraybench.measurement import Measurement
from arraybench.results import Floor, Skip

#: Small enough to finish in well under a second: the test checks structure, not the machine.
TINY = P.ProbeSettings(
    budget=0.01,
    dispatch_budget=0.005,
    array_bytes=64 * 1024,
    gemm_sizes=(16, 32),
    gemm_min_call=0.0,
    target=0.5,
)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARRAYBENCH_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _fig(kind: str, backend: str, name: str, work: float, seconds: float) -> PF.Figure:
    m = Measurement(samples=(seconds, seconds, seconds), loops=1, first_call=seconds)
    return PF.Figure(kind, backend, name, 1000, work, m)


def synthetic() -> PF.MachineProfile:
    """A profile with round numbers: 10 GB/s, numpy 100/50 GFLOP/s, torch 200 float32."""
    return PF.MachineProfile(
        key=PF.machine_key(),
        measured_at="2024-01-01T00:00:00+00:00",
        figures=(
            _fig(PF.BANDWIDTH, "numpy", "copy", 8e9, 1.0),
            _fig(PF.BANDWIDTH, "numpy", "add", 10e9, 1.0),
            _fig(PF.GEMM, "numpy", "float32", 100e9, 1.0),
            _fig(PF.GEMM, "numpy", "float64", 50e9, 1.0),
            _fig(PF.GEMM, "torch", "float32", 200e9, 1.0),
            _fig(PF.DISPATCH, "numpy", "add", 0.0, 5e-7),
            _fig(PF.DISPATCH, "python", "float add", 0.0, 4e-8),
        ),
        floor=Floor(clock_read=1e-7, call_overhead=3e-8),
        skipped=(Skip("jax", "jax is not installed"),),
        info={"array_bytes": 1024, "elapsed": 1.5, "quick": False},
    )


def test_probe_on_numpy_and_python_has_every_kind_of_figure() -> None:
    seen: list[str] = []
    prof = P.probe(["python", "numpy"], settings=TINY, progress=seen.append)
    kinds = {(f.kind, f.backend, f.name) for f in prof.figures}
    assert {
        (PF.BANDWIDTH, "numpy", "copy"),
        (PF.BANDWIDTH, "numpy", "add"),
        (PF.GEMM, "numpy", "float32"),
        (PF.GEMM, "numpy", "float64"),
        (PF.DISPATCH, "numpy", "add"),
        (PF.DISPATCH, "python", "float add"),
    } <= kinds
    assert not prof.skipped
    for f in prof.figures:
        assert f.value > 0
        lo, hi = f.interval
        assert 0 < lo <= hi
    assert prof.bandwidth() is not None and prof.bandwidth() > 0  # type: ignore[operator]
    gemm = prof.gemm()
    one = {PF.ONE_THREAD.format(dtype="float64")} if usable_cores() > 1 else set()
    assert set(gemm["numpy"]) == {"float32", "float64"} | one
    assert prof.of_kind(PF.GEMM)[0].size in TINY.gemm_sizes
    assert prof.floor is not None and prof.floor.call_overhead > 0
    assert prof.key["libraries"]["numpy"]
    assert {"hostname", "cpu", "cores", "python"} <= set(prof.key)
    assert prof.info["array_bytes"] == TINY.array_bytes
    assert "harness floor" in seen and any("gemm" in s for s in seen)
    # Every figure survives the file format.
    again = PF.MachineProfile.from_dict(json.loads(json.dumps(prof.to_dict())))
    assert again.to_dict() == prof.to_dict()


def test_unknown_backend_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ConfigError, match="knows python, numpy"):
        P.probe(["fortran"], settings=TINY)


def test_missing_backend_is_skipped_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    from arraybench import backends

    real = backends.get

    class Missing:
        def available(self) -> tuple[bool, str]:
            return False, "torch is not installed: pip install torch"

    monkeypatch.setattr(backends, "get", lambda n: Missing() if n == "torch" else real(n))
    prof = P.probe(["python", "torch"], settings=TINY)
    assert [s.what for s in prof.skipped] == ["torch"]
    assert "not installed" in prof.skipped[0].reason
    assert {f.backend for f in prof.figures} == {"python"}


def test_failing_figure_is_skipped_not_raised() -> None:
    p = P._Prober(TINY, P.PerfCounterClock(), None, Floor(1e-7, 3e-8))

    def boom() -> None:
        raise RuntimeError("no BLAS")

    p.timed(PF.GEMM, "numpy", "float64", 8, 1.0, boom)
    assert not p.figures
    assert p.skipped == [Skip("gemm numpy float64", "RuntimeError: no BLAS")]


def test_array_size_follows_the_cache_within_limits() -> None:
    assert P.array_bytes_for(32 * 2**20, None) == 128 * 2**20
    assert P.array_bytes_for(None, None) == P.DEFAULT_ARRAY_BYTES
    assert P.array_bytes_for(2**30, None) == P.MAX_ARRAY_BYTES
    assert P.array_bytes_for(32 * 2**20, 2**30) == 2**30 // 16
    assert P._parse_size("32768K") == 32 * 2**20
    assert P._parse_size("1M") == 2**20


def test_profile_queries() -> None:
    prof = synthetic()
    assert prof.bandwidth() == pytest.approx(10.0)
    assert prof.bandwidth_figure() is not None and prof.bandwidth_figure().name == "add"  # type: ignore[union-attr]
    assert prof.gemm() == {
        "numpy": {"float32": 100.0, "float64": 50.0},
        "torch": {"float32": 200.0},
    }
    assert prof.peak_flops("numpy", "float32") == ("numpy", 100.0)
    assert prof.peak_flops("python", "float32") == ("torch", 200.0)
    assert prof.peak_flops("torch", "float64") == ("numpy", 50.0)
    assert prof.peak_flops("numpy", "float16") is None
    assert prof.dispatch() == {"numpy add": 5e-7, "python float add": 4e-8}
    assert prof.bandwidth("cuda") is None


def test_save_and_load_round_trip(cache: Path) -> None:
    assert PF.load_cached() is None
    prof = synthetic()
    path = PF.save(prof)
    assert path.parent == cache and path.name == f"probe-{prof.key_hash}.json"
    data = json.loads(path.read_text())
    assert data["format"] == "arraybench.probe" and data["version"] == PF.FORMAT_VERSION
    loaded = PF.load_cached()
    assert loaded is not None
    assert loaded.to_dict() == prof.to_dict()
    assert loaded == prof


def test_cache_dir_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ARRAYBENCH_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert PF.cache_dir() == tmp_path / "xdg" / "arraybench"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert PF.cache_dir() == tmp_path / "home" / ".cache" / "arraybench"


def test_cache_is_stale_when_a_library_version_changes(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    PF.save(synthetic())
    assert PF.load_cached() is not None
    real = PF.library_versions
    monkeypatch.setattr(PF, "library_versions", lambda: {**real(), "numpy": "99.0"})
    assert PF.load_cached() is None


def test_a_profile_with_another_key_under_this_name_is_not_used(cache: Path) -> None:
    prof = synthetic()
    other = PF.MachineProfile(key={**prof.key, "cpu": "another CPU"}, measured_at="x")
    PF.cache_path().parent.mkdir(parents=True)
    PF.cache_path().write_text(json.dumps(other.to_dict()))
    assert PF.load_cached() is None


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{not json",
        "[]",
        '{"format": "something else"}',
        '{"format": "arraybench.probe", "version": 999, "key": {}}',
        '{"format": "arraybench.probe", "version": 1}',
        '{"format": "arraybench.probe", "version": 1, "key": {}, "measured_at": "x", '
        '"figures": [{"kind": "gemm"}]}',
    ],
)
def test_corrupt_cache_reads_as_none(cache: Path, text: str) -> None:
    cache.mkdir(parents=True)
    PF.cache_path().write_text(text)
    assert PF.load_cached() is None
    PF.save(synthetic())  # and a new probe replaces it
    assert PF.load_cached() is not None


def test_newer_format_says_to_upgrade(tmp_path: Path) -> None:
    f = tmp_path / "p.json"
    f.write_text(json.dumps({**synthetic().to_dict(), "version": PF.FORMAT_VERSION + 1}))
    with pytest.raises(ResultsFormatError, match="upgrade arraybench"):
        PF.load(f)


def _args(**kw: object) -> argparse.Namespace:
    base = {"force": False, "quick": False, "json": False, "backends": None}
    return argparse.Namespace(**{**base, **kw})


def test_cli_shows_the_cached_profile_without_measuring(
    cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    PF.save(synthetic())

    def no_probe(*a: object, **k: object) -> PF.MachineProfile:
        raise AssertionError("a cached profile must not be measured again")

    monkeypatch.setattr(P, "probe", no_probe)
    assert cli_probe.main(_args()) == 0
    out = capsys.readouterr().out
    assert "--force" in out and "2024-01-01" in out
    assert "GFLOP/s" in out and "GB/s" in out and "harness floor" in out
    assert "skipped" in out and "jax is not installed" in out

    assert cli_probe.main(_args(json=True)) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "arraybench.probe"


def test_cli_force_measures_and_saves(
    cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[object] = []

    def fake_probe(backends: object = None, quick: bool = False, **k: object) -> PF.MachineProfile:
        calls.append((backends, quick))
        return synthetic()

    monkeypatch.setattr(P, "probe", fake_probe)
    assert cli_probe.main(_args(force=True, quick=True, backends=["numpy,python"])) == 0
    assert calls == [(("numpy", "python"), True)]
    assert "saved to" in capsys.readouterr().out
    assert PF.load_cached() is not None


def test_others_share_of_cpu() -> None:
    # 3 busy CPU-seconds on the machine, 2 of them ours, over 1 s on 2 CPUs: others took 50%.
    assert P._others_share((10.0, 2.0, 0.0, 2), (13.0, 4.0, 1.0, 2)) == pytest.approx(0.5)
    assert P._others_share((10.0, 2.0, 0.0, 2), (11.0, 4.0, 1.0, 2)) == 0.0  # never negative
    assert P._others_share(None, (1.0, 1.0, 1.0, 1)) is None
    assert P._others_share((1.0, 1.0, 1.0, 1), (1.0, 1.0, 1.0, 1)) is None  # no time passed


@pytest.mark.parametrize(
    ("info", "busy"),
    [
        ({"others_cpu": 0.5}, True),
        ({"others_cpu": 0.05, "load_before": [9.0, 9.0, 9.0]}, False),
        ({"usable_cores": 2, "load_before": [1.5, 1.0, 1.0]}, True),
        ({"usable_cores": 2, "load_before": [0.1, 1.0, 1.0]}, False),
        ({}, False),
    ],
)
def test_busy_machine(info: dict[str, object], busy: bool) -> None:
    prof = PF.MachineProfile(key={"cores": 2}, measured_at="x", info=info)
    assert prof.busy is busy


def test_cli_warns_when_the_machine_was_busy(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prof = synthetic()
    PF.save(PF.MachineProfile(prof.key, prof.measured_at, prof.figures, info={"others_cpu": 0.6}))
    assert cli_probe.main(_args()) == 0
    out = capsys.readouterr().out
    assert "busy machine" in out and "60%" in out


def _gemm_at(clock: FakeClock, slow_calls: int) -> tuple[Callable[[int], Any], list[int]]:
    """Modelled matmuls: n^3 ns per call, but the first ``slow_calls`` take 5 ms (a busy moment)."""
    sizes: list[int] = []
    count = [0]

    def at(n: int) -> tuple[Callable[[], None], Callable[[Any], None]]:
        sizes.append(n)

        def call() -> None:
            count[0] += 1
            clock.advance(5e-3 if count[0] <= slow_calls else n**3 * 1e-9)

        return call, P._nosync

    return at, sizes


def test_gemm_size_grows_until_a_call_is_long_enough() -> None:
    clock = FakeClock(read_cost_ns=50)
    settings = P.ProbeSettings(budget=0.05, gemm_sizes=(10, 100, 200, 400), gemm_min_call=4e-3)
    p = P._Prober(settings, clock, None, Floor(1e-7, 3e-8))
    at, tried = _gemm_at(clock, slow_calls=0)
    p.gemm("numpy", "float64", at)
    # 100^3 ns = 1 ms is short; 200^3 ns = 8 ms is long enough.
    assert tried == [10, 100, 200]
    [fig] = p.figures
    assert fig.size == 200 and fig.work == 2.0 * 200**3
    assert fig.value == pytest.approx(2.0 * 200**3 / 8e-3 / 1e9, rel=1e-3)


def test_gemm_sized_in_a_busy_moment_is_sized_again_larger() -> None:
    clock = FakeClock(read_cost_ns=50)
    settings = P.ProbeSettings(budget=0.05, gemm_sizes=(10, 100, 200, 400), gemm_min_call=4e-3)
    p = P._Prober(settings, clock, None, Floor(1e-7, 3e-8))
    # The cold call and both warm calls at n=10 are slow: 10 is chosen, then times at 1 µs.
    at, tried = _gemm_at(clock, slow_calls=3)
    p.gemm("numpy", "float64", at)
    assert tried == [10, 100, 200]
    assert [f.size for f in p.figures] == [200]


def test_threads_that_make_gemm_slower_than_one_thread_are_named() -> None:
    def gemm(name: str, seconds: float) -> PF.Figure:
        m = Measurement(samples=(seconds,) * 10, loops=1, first_call=seconds)
        return PF.Figure(PF.GEMM, "numpy", name, 100, 2e9, m)

    one = PF.ONE_THREAD.format(dtype="float64")
    key = {"cores": 16}
    slow = PF.MachineProfile(key, "now", (gemm("float64", 2.0), gemm(one, 1.0)))
    (line,) = slow.collapsed()
    assert "all 16 cores reached 1.0 GFLOP/s, below its 2.0 on one thread" in line
    assert "--threads 1" in line
    fine = PF.MachineProfile(key, "now", (gemm("float64", 0.2), gemm(one, 1.0)))
    assert fine.collapsed() == []


def test_jax_figures_are_measured_on_jaxs_cpu_device(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a GPU machine JAX's default device is the GPU: the CPU rows must still be the CPU's,
    so every array the JAX figures use is put on jax.devices("cpu")[0] explicitly."""
    jax = pytest.importorskip("jax")
    cpu = jax.devices("cpu")[0]
    put: list[Any] = []
    real = jax.device_put

    def recording(x: Any, device: Any = None, **kw: Any) -> Any:
        put.append(device)
        return real(x, device, **kw)

    monkeypatch.setattr(jax, "device_put", recording)
    prof = P.probe(["jax"], settings=TINY)
    assert prof.gemm()["jax"] and prof.dispatch()
    assert put and all(d == cpu for d in put)
