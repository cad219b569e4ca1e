"""Every backend through the one Protocol: tested where installed, skipped with its reason."""

from __future__ import annotations

import os

import numpy as np
import pytest

from arraybench import backends
from arraybench.backends.base import Backend, as_numpy


def _backend_or_skip(name: str) -> Backend:
    b = backends.get(name)
    ok, reason = b.available()
    if not ok:
        pytest.skip(reason)
    return b


@pytest.fixture(params=list(backends.BUILTIN), ids=list(backends.BUILTIN))
def backend(request: pytest.FixtureRequest) -> Backend:
    return _backend_or_skip(request.param)


def devices_or_skip(b: Backend, device: str) -> None:
    if device not in b.devices():
        pytest.skip(f"{b.name} has no {device} device here")


@pytest.fixture(params=["cpu", pytest.param("cuda", marks=pytest.mark.cuda)])
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_follows_the_protocol(backend: Backend) -> None:
    assert isinstance(backend, Backend)
    assert backend.available() == (True, "")
    # Every backend runs on the CPU but a GPU-only one (cupy), which has a GPU when available.
    assert ("cuda" if getattr(backend, "gpu_only", False) else "cpu") in backend.devices()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_asarray_then_to_numpy_round_trips(backend: Backend, device: str, dtype: str) -> None:
    devices_or_skip(backend, device)
    if dtype not in backend.dtypes:
        pytest.skip(f"{backend.name} runs {backend.dtypes} only")
    a = np.random.default_rng(0).standard_normal(17)
    x = backend.asarray(a, dtype, device)
    back = backend.to_numpy(x)
    # Pure Python computes in float64 whatever the dtype, on inputs rounded to the dtype.
    assert back.dtype == np.dtype(getattr(backend, "computes_in", None) or dtype)
    np.testing.assert_array_equal(back, a.astype(dtype))


def test_generic_namespace_computes_on_its_arrays(backend: Backend, device: str) -> None:
    devices_or_skip(backend, device)
    if backend.name == "python":
        pytest.skip("pure Python has no array namespace")
    a = np.linspace(-1, 1, 9)
    x = backend.asarray(a, "float64", device)
    out = backend.xp.sin(x) ** 2
    backend.sync(device, out)
    np.testing.assert_allclose(backend.to_numpy(out), np.sin(a) ** 2, rtol=1e-12)


def test_threads_context_restores_the_previous_setting(backend: Backend) -> None:
    before = _thread_state(backend.name)
    with backend.threads(1):
        if backend.name == "torch":
            import torch

            assert torch.get_num_threads() == 1
        if backend.name == "numba":
            import numba

            assert numba.get_num_threads() == 1
    assert _thread_state(backend.name) == before


def test_info_names_version_threads_and_devices(backend: Backend) -> None:
    info = backend.info()
    assert info["version"]
    assert "threads" in info
    assert ("cuda" if getattr(backend, "gpu_only", False) else "cpu") in info["devices"]


def test_blas_vendor_is_reported_for_libraries_that_use_one(backend: Backend) -> None:
    if backend.name not in ("numpy", "torch", "autograd", "numba", "pytensor"):
        pytest.skip(f"{backend.name} reports no BLAS")
    blas = backend.info()["blas"]
    assert blas and blas[0]["vendor"]


def test_jax_float64_is_enabled_when_asked_for() -> None:
    b = _backend_or_skip("jax")
    x = b.asarray(np.ones(3), "float64", "cpu")
    assert str(x.dtype) == "float64"
    assert b.info()["x64"] is True


def test_torch_bfloat16_comes_back_as_float32() -> None:
    b = _backend_or_skip("torch")
    x = b.asarray(np.array([1.5, 2.0]), "bfloat16", "cpu")
    assert str(x.dtype) == "torch.bfloat16"
    assert as_numpy(x).dtype == np.float32


def test_tensorflow_bfloat16_comes_back_as_float32() -> None:
    b = _backend_or_skip("tensorflow")
    x = b.asarray(np.array([1.5, 2.0]), "bfloat16", "cpu")
    assert x.dtype.name == "bfloat16"
    assert b.to_numpy(x).dtype == np.float32


def test_tensorflow_tensors_come_back_through_as_numpy() -> None:
    b = _backend_or_skip("tensorflow")
    a = np.linspace(0.0, 1.0, 5)
    np.testing.assert_array_equal(as_numpy(b.asarray(a, "float64", "cpu")), a)


def test_tensorflow_compile_traces_once_per_shape_with_python_arguments_fixed() -> None:
    b = _backend_or_skip("tensorflow")
    traced: list[tuple[int, str]] = []

    def sin2(x, xp, dtype):  # type: ignore[no-untyped-def]
        traced.append((int(x.shape[0]), dtype))  # runs in Python only while tracing
        return xp.sin(x) ** 2

    fn = b.compile(sin2)  # type: ignore[attr-defined]
    a = np.linspace(-1.0, 1.0, 7)
    out = fn(b.asarray(a, "float64", "cpu"), b.xp, "float64")
    np.testing.assert_allclose(b.to_numpy(out), np.sin(a) ** 2, rtol=1e-12)
    fn(b.asarray(a, "float64", "cpu"), b.xp, dtype="float64")
    fn(b.asarray(a[:3], "float64", "cpu"), b.xp, "float64")
    fn(b.asarray(a[:3], "float32", "cpu"), b.xp, "float32")
    # The same shape again is not traced; a new shape or a new static value is.
    assert traced == [(7, "float64"), (3, "float64"), (3, "float32")]


def test_importing_arraybench_does_not_import_tensorflow() -> None:
    import subprocess
    import sys

    code = (
        "import sys, arraybench; from arraybench import backends; "
        "backends.names(); backends.get('tensorflow').available(); "
        "print('tensorflow' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_asking_for_a_missing_device_names_the_present_ones() -> None:
    from arraybench.base.errors import BackendError

    with pytest.raises(BackendError, match=r"has no device .tpu.*cpu"):
        backends.get("numpy").asarray(np.ones(1), "float64", "tpu")


def test_unknown_backend_lists_the_known_ones() -> None:
    from arraybench.base.errors import BackendError

    with pytest.raises(BackendError, match=r"no backend named .cupyy.*numpy"):
        backends.get("cupyy")


def test_entry_points_register_the_builtin_backends() -> None:
    from pathlib import Path

    import tomllib

    pyproject = Path(__file__).parents[2] / "pyproject.toml"
    table = tomllib.loads(pyproject.read_text())["project"]["entry-points"]
    assert table[backends.ENTRY_POINT_GROUP] == backends.BUILTIN


def test_installed_entry_points_register_the_builtin_backends() -> None:
    from importlib import metadata

    names = {ep.name for ep in metadata.entry_points(group=backends.ENTRY_POINT_GROUP)}
    declared = _declared_entry_points()
    stale = declared - names
    if stale:
        # The installed metadata comes from an older pyproject.toml (an editable install made
        # before a backend was added): what this source tree declares is checked below.
        pytest.skip(f"installed entry points predate {sorted(stale)}: reinstall (pip install -e .)")
    assert set(backends.BUILTIN) <= names


def test_pyproject_declares_every_builtin_backend_as_an_entry_point() -> None:
    assert set(backends.BUILTIN) == _declared_entry_points()


def _declared_entry_points() -> set[str]:
    import pathlib
    import sys

    if sys.version_info < (3, 11):
        pytest.skip("tomllib needs Python 3.11")
    import tomllib

    path = pathlib.Path(__file__).parents[2] / "pyproject.toml"
    if not path.exists():
        pytest.skip("not run from a source tree")
    project = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
    return set(project["entry-points"][backends.ENTRY_POINT_GROUP])


def _thread_state(name: str) -> object:
    if name == "torch":
        import torch

        return torch.get_num_threads()
    if name == "numba":
        # Numba's pool (the threading layer's OpenMP or TBB library) is loaded when threads are
        # first set, so threadpoolctl's list grows by one: compare the count Numba uses.
        import numba

        return numba.get_num_threads()
    from threadpoolctl import threadpool_info

    return [p["num_threads"] for p in threadpool_info()]


def test_jax_is_told_to_share_the_gpu_unless_the_user_said_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Listing JAX's devices starts its GPU client in arraybench's own process: without this,
    JAX takes 75% of the GPU there for the whole run (XLA_PYTHON_CLIENT_PREALLOCATE)."""
    from arraybench.backends import jax as jax_backend

    monkeypatch.delenv("XLA_PYTHON_CLIENT_PREALLOCATE", raising=False)
    jax_backend.share_gpu_memory()
    assert os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] == "false"
    monkeypatch.setenv("XLA_PYTHON_CLIENT_PREALLOCATE", "true")
    jax_backend.share_gpu_memory()
    assert os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] == "true"
