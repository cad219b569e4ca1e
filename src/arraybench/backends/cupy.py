"""CuPy: NumPy's interface on a CUDA GPU. GPU only, so its one device is "cuda".

CuPy is a GPU-only extra (``pip install cupy-cuda12x``, or ``cupy-cuda13x`` for CUDA 13): it is
not part of ``arraybench[all]``, since its wheels need a CUDA driver to be of any use. Nothing here
imports cupy until a method is called, so ``import arraybench`` never does.

CuPy queues kernels on the current stream and returns at once, as torch does on CUDA: ``sync``
waits for that stream, or the clock would stop before the work is done.
"""

from __future__ import annotations

import contextlib
import importlib.util
from typing import Any

import numpy as np

from .base import BaseBackend

#: The one device CuPy runs on, named as torch's and JAX's GPUs are in arraybench.
CUDA = "cuda"


class CupyBackend(BaseBackend):
    name = "cupy"
    module = "cupy"
    dtypes = ("float16", "float32", "float64")
    install_hint = "pip install cupy-cuda12x (or cupy-cuda13x, matching your CUDA)"
    #: Of use only with a CUDA GPU: not in arraybench[all], so ``env`` does not point there.
    gpu_only = True

    def available(self) -> tuple[bool, str]:
        if importlib.util.find_spec(self.module) is None:
            return False, f"cupy is not installed ({self.install_hint})"
        try:
            count = _device_count()
        except Exception as e:  # installed, but no driver or no GPU (cudaErrorNoDevice...)
            return False, f"no CUDA device ({type(e).__name__}: {e})"
        if count < 1:
            return False, "no CUDA device"
        return True, ""

    @property
    def xp(self) -> Any:
        import cupy

        return cupy

    def devices(self) -> list[str]:
        try:
            return [CUDA] if _device_count() > 0 else []
        except Exception:  # no driver, or cupy not installed: no device
            return []

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        import cupy

        self.check_device(device)
        if not isinstance(a, np.ndarray):
            return a
        x = cupy.asarray(np.asarray(a, dtype=dtype))
        self.sync(device)  # the copy is queued: have it done before the clock starts
        return x

    def to_numpy(self, x: Any) -> np.ndarray:
        import cupy

        if isinstance(x, cupy.ndarray):
            return np.asarray(cupy.asnumpy(x))
        return super().to_numpy(x)

    def sync(self, device: str, out: Any = None) -> None:
        import cupy

        cupy.cuda.get_current_stream().synchronize()

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        # The GPU has no thread count to set; host-side work in CuPy is single-threaded.
        return contextlib.nullcontext()

    def release_memory(self, device: str) -> None:
        """Give CuPy's pooled GPU memory back after an out-of-memory error."""
        import cupy

        cupy.get_default_memory_pool().free_all_blocks()
        cupy.get_default_pinned_memory_pool().free_all_blocks()

    def info(self) -> dict[str, Any]:
        import cupy

        runtime = cupy.cuda.runtime
        info: dict[str, Any] = {
            "version": cupy.__version__,
            "threads": None,
            "devices": self.devices(),
            "cuda": _cuda_version(runtime.runtimeGetVersion()),
            "driver": _cuda_version(runtime.driverGetVersion()),
        }
        gpus = []
        for i in range(_device_count()):
            props = runtime.getDeviceProperties(i)
            name = props.get("name", b"")
            gpus.append(name.decode() if isinstance(name, bytes) else str(name))
            if i == 0:
                info["memory_bytes"] = int(props.get("totalGlobalMem", 0)) or None
        info["gpus"] = gpus
        return info


def _device_count() -> int:
    import cupy

    return int(cupy.cuda.runtime.getDeviceCount())


def _cuda_version(v: int) -> str:
    """CUDA's integer version (12040) as people write it (12.4)."""
    return f"{v // 1000}.{v % 1000 // 10}"
