"""PyTorch on the CPU and, when present, on CUDA devices."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np

from .base import BaseBackend


class TorchBackend(BaseBackend):
    name = "torch"
    module = "torch"
    # torch.compile's first use imports dynamo and inductor (1.5 s and 0.8 s on 2 cores).
    compiler_modules = ("torch._dynamo", "torch._inductor.compile_fx")
    dtypes = ("float16", "bfloat16", "float32", "float64")
    install_hint = "pip install 'arraybench[torch]'"

    @property
    def xp(self) -> Any:
        import torch

        return torch

    def devices(self) -> list[str]:
        import torch

        return ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        import torch

        self.check_device(device)
        if not isinstance(a, np.ndarray):
            return a
        if dtype == "bfloat16":  # NumPy has no bfloat16: convert on the torch side.
            t = torch.from_numpy(np.array(a, dtype=np.float32)).to(torch.bfloat16)
        else:
            t = torch.from_numpy(np.array(a, dtype=dtype, copy=True))
        t = t.to(device)
        self.sync(device)
        return t

    def sync(self, device: str, out: Any = None) -> None:
        if device == "cuda":
            import torch

            torch.cuda.synchronize()

    def compile(self, fn: Any) -> Any:
        """``torch.compile(fn)`` (the default inductor backend: generated C++/Triton kernels);
        guards on each new shape, so a new size recompiles in its first call."""
        import torch

        return torch.compile(fn)

    def before_fork(self) -> None:
        """What a zygote does once for all the workers it forks (``--start fork``): inductor's
        probe of the CPU's vector instructions, which compiles and runs small programs with the
        C++ compiler (0.7-0.9 s on 2 cores) in each process's first torch.compile, and keeps
        the answer for the life of the process. Done only where torch.compile was imported
        (a run that compiles)."""
        if "torch._inductor.compile_fx" not in sys.modules:
            return
        from torch._inductor import cpu_vec_isa

        cpu_vec_isa.pick_vec_isa()

    def compilations(self) -> int | None:
        """Frames torch.compile (dynamo) has compiled in this process, each recompile on a
        guard that failed included: 0 until something imports dynamo (nothing compiled yet),
        which this never does itself (it costs 1.5 s)."""
        dynamo = sys.modules.get("torch._dynamo")
        if dynamo is None:
            return 0
        counters = getattr(getattr(dynamo, "utils", None), "counters", None)
        if counters is None:
            return None
        return int(counters["frames"]["total"])

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        return _torch_threads(n)

    def release_memory(self, device: str) -> None:
        """Give cached GPU memory back after an out-of-memory error, so later cases measure
        normally."""
        if device == "cuda":
            import torch

            torch.cuda.empty_cache()

    def info(self) -> dict[str, Any]:
        import torch

        config = torch.__config__.show()
        blas = _match(r"BLAS_INFO=(\w+)", config)
        blas_version = _match(r"(Intel\(R\)[^\n]*Math Kernel Library[^\n]*)", config) or _match(
            r"(OpenBLAS[^\n]*)", config
        )
        info: dict[str, Any] = {
            "version": torch.__version__,
            "blas": [{"vendor": blas, "version": blas_version}] if blas else [],
            "lapack": _match(r"LAPACK_INFO=(\w+)", config),
            "cpu_capability": _match(r"CPU capability usage: (\w+)", config),
            "threads": torch.get_num_threads(),
            "interop_threads": torch.get_num_interop_threads(),
            "parallel_backend": _match(
                r"ATen parallel backend: ([^\n]+)", torch.__config__.parallel_info()
            ),
            "devices": self.devices(),
            "cuda": torch.version.cuda,
        }
        if torch.cuda.is_available():
            info["gpus"] = [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())]
            info["cudnn"] = torch.backends.cudnn.version()
        return info


@contextlib.contextmanager
def _torch_threads(n: int) -> Iterator[None]:
    import torch

    before = torch.get_num_threads()
    if before == n:
        # Setting the count, even to its own value, and setting it back left later torch calls
        # in the process 1.3-1.6x slower here (benchmarks/peers.py): touch it only to change it.
        yield
        return
    torch.set_num_threads(n)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def _match(pattern: str, text: str) -> str | None:
    m = re.search(pattern, text)
    return m.group(1).strip() if m else None
