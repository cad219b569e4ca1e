"""Every backend through the one Protocol: tested where installed, skipped with its reason."""

from __future__ import annotations

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
    assert "cpu" in backend.devices()


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
    assert "cpu" in info["devices"]


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


def test_asking_for_a_missing_device_names_the_present_ones() -> None:
    from arraybench.errors import BackendError

    with pytest.raises(BackendError, match=r"has no device .tpu.*cpu"):
        backends.get("numpy").asarray(np.ones(1), "float64", "tpu")


def test_unknown_backend_lists_the_known_ones() -> None:
    from arraybench.errors import BackendError

    with pytest.raises(BackendError, match=r"no backend named .cupyy.*numpy"):
        backends.get("cupyy")


def test_entry_points_register_the_builtin_backends() -> None:
    from importlib import metadata

    names = {ep.name for ep in metadata.entry_points(group=backends.ENTRY_POINT_GROUP)}
    assert set(backends.BUILTIN) <= names


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
