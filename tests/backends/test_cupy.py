"""The CuPy backend: its logic against a fake ``cupy`` module (no GPU here), and its absence.

The fake stands in for the few cupy calls the backend makes, recording them; it proves the
backend's bookkeeping (devices, reasons, sync, conversion), never that CuPy runs. The real thing is
exercised by tests/backends/test_backends.py wherever cupy and a GPU are present.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import sys
import types

import numpy as np
import pytest

from arraybench import backends
from arraybench.backends.cupy import CupyBackend
from arraybench.base.errors import BackendError


class _FakeArray:
    def __init__(self, a: np.ndarray) -> None:
        self.a = a


def fake_cupy(devices: int, *, fail: Exception | None = None) -> tuple[types.ModuleType, list[str]]:
    """A ``cupy`` module with ``devices`` GPUs (or whose device count raises ``fail``)."""
    calls: list[str] = []
    cupy = types.ModuleType("cupy")
    cupy.__spec__ = importlib.machinery.ModuleSpec("cupy", None)
    cupy.__version__ = "13.9.9"  # type: ignore[attr-defined]
    cupy.ndarray = _FakeArray  # type: ignore[attr-defined]

    def count() -> int:
        if fail is not None:
            raise fail
        return devices

    class Stream:
        def synchronize(self) -> None:
            calls.append("synchronize")

    runtime = types.SimpleNamespace(
        getDeviceCount=count,
        runtimeGetVersion=lambda: 12040,
        driverGetVersion=lambda: 12080,
        getDeviceProperties=lambda i: {"name": b"NVIDIA H100 80GB HBM3", "totalGlobalMem": 8e10},
    )
    cupy.cuda = types.SimpleNamespace(  # type: ignore[attr-defined]
        runtime=runtime, get_current_stream=Stream
    )

    def asarray(a: np.ndarray) -> _FakeArray:
        calls.append(f"asarray {a.dtype}")
        return _FakeArray(a)

    cupy.asarray = asarray  # type: ignore[attr-defined]
    cupy.asnumpy = lambda x: x.a  # type: ignore[attr-defined]
    return cupy, calls


def test_missing_cupy_is_unavailable_with_the_install_hint() -> None:
    b = CupyBackend()
    if "cupy" in sys.modules or _installed():
        pytest.skip("cupy is installed here")
    ok, reason = b.available()
    assert not ok
    assert reason == (
        "cupy is not installed (pip install cupy-cuda12x (or cupy-cuda13x, matching your CUDA))"
    )
    assert b.devices() == []


def _installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("cupy") is not None


def test_importing_arraybench_does_not_import_cupy() -> None:
    import subprocess

    code = "import sys, arraybench, arraybench.backends; arraybench.backends.names(); "
    code += "print('cupy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_installed_without_a_gpu_says_no_cuda_device(monkeypatch: pytest.MonkeyPatch) -> None:
    cupy, _ = fake_cupy(devices=0)
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    b = CupyBackend()
    assert b.available() == (False, "no CUDA device")
    assert b.devices() == []


def test_a_driver_error_reads_as_no_cuda_device(monkeypatch: pytest.MonkeyPatch) -> None:
    cupy, _ = fake_cupy(devices=0, fail=RuntimeError("cudaErrorNoDevice"))
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    ok, reason = CupyBackend().available()
    assert not ok and reason.startswith("no CUDA device (RuntimeError: cudaErrorNoDevice")
    assert CupyBackend().devices() == []


def test_with_a_gpu_it_runs_on_cuda_only(monkeypatch: pytest.MonkeyPatch) -> None:
    cupy, _ = fake_cupy(devices=1)
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    b = CupyBackend()
    assert b.available() == (True, "")
    assert b.devices() == ["cuda"]
    assert b.xp is cupy
    with pytest.raises(BackendError, match="has no device 'cpu'"):
        b.asarray(np.ones(3), "float32", "cpu")


def test_asarray_casts_on_the_host_then_waits_for_the_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cupy, calls = fake_cupy(devices=1)
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    b = CupyBackend()
    x = b.asarray(np.linspace(0, 1, 5), "float32", "cuda")
    # The copy is queued on the stream: it must be finished before the clock starts.
    assert calls == ["asarray float32", "synchronize"]
    back = b.to_numpy(x)
    assert back.dtype == np.float32 and back.shape == (5,)
    b.sync("cuda")
    assert calls[-1] == "synchronize"
    assert b.to_numpy([1.0, 2.0]).tolist() == [1.0, 2.0]  # not a cupy array: as any other


def test_info_names_versions_device_and_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    cupy, _ = fake_cupy(devices=2)
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    info = CupyBackend().info()
    assert info["version"] == "13.9.9"
    assert info["cuda"] == "12.4" and info["driver"] == "12.8"
    assert info["gpus"] == ["NVIDIA H100 80GB HBM3"] * 2
    assert info["memory_bytes"] == 80_000_000_000
    assert info["devices"] == ["cuda"]


def test_cupy_is_a_builtin_backend() -> None:
    assert backends.BUILTIN["cupy"] == "arraybench.backends.cupy:CupyBackend"
    assert isinstance(backends.get("cupy"), CupyBackend)


def test_env_lists_cupy_as_missing_with_its_hint(capsys: pytest.CaptureFixture[str]) -> None:
    if _installed():
        pytest.skip("cupy is installed here")
    from arraybench.cli import env

    assert env.main(argparse.Namespace(json=False)) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps long lines
    assert "✗ cupy: cupy is not installed (pip install cupy-cuda12x (or cupy-cuda13x" in out
