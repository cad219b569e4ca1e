"""JAX on the CPU and, when present, on GPUs (named "cuda" in arraybench, as for torch)."""

from __future__ import annotations

import contextlib
import os
from typing import Any, cast

import numpy as np

from .base import BaseBackend


class JaxBackend(BaseBackend):
    name = "jax"
    module = "jax"
    dtypes = ("float16", "bfloat16", "float32", "float64")
    install_hint = "pip install 'arraybench[jax]'"
    #: XLA sizes its thread pools when it starts; they cannot change inside a process.
    threads_fixed_at_start = True

    @property
    def xp(self) -> Any:
        import jax.numpy as jnp

        return jnp

    def devices(self) -> list[str]:
        share_gpu_memory()
        import jax

        out = ["cpu"]
        try:
            if jax.devices("gpu"):
                out.append("cuda")
        except RuntimeError:  # no GPU platform in this jaxlib / machine
            pass
        return out

    def _device(self, device: str) -> Any:
        import jax

        self.check_device(device)
        return jax.devices("gpu" if device == "cuda" else "cpu")[0]

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        import jax
        import jax.numpy as jnp

        dev = self._device(device)
        if not isinstance(a, np.ndarray):
            return a
        if dtype == "float64":
            enable_x64()
        if dtype == "bfloat16":
            x = jax.device_put(np.asarray(a, dtype=np.float32), dev).astype(jnp.bfloat16)
        else:
            x = jax.device_put(np.asarray(a, dtype=dtype), dev)
        return x.block_until_ready()

    def scope(self, dtype: str, device: str) -> contextlib.AbstractContextManager[None]:
        """float64 on for a float64 case and off for the others, for as long as the case runs.

        JAX holds float64 only with ``jax_enable_x64``, and each op is compiled for the state it
        runs in: a float32 case whose first call ran with it off, sampled after a float64 case
        had turned it on globally, compiled every op again in its first timed call (a 25 µs
        softmax read 44 ms in a quick run, that one call being the whole sample). Scoped per
        case, each state is compiled once, in its first call, and a float32 case runs as a
        user's float32 code runs: in JAX's default mode."""
        import jax

        scoped = getattr(jax, "enable_x64", None)
        if scoped is None or not callable(scoped):  # an older JAX: the global switch only
            if dtype == "float64":
                enable_x64()
            return contextlib.nullcontext()
        return cast("contextlib.AbstractContextManager[None]", scoped(dtype == "float64"))

    def compilations(self) -> int | None:
        """JAX's traces and XLA compilations in this process (jax.monitoring's events), counted
        from the first time this is asked (before any case's first call)."""
        return _compile_events()

    def sync(self, device: str, out: Any = None) -> None:
        # JAX dispatches asynchronously: wait for the result, or the clock stops too early.
        if out is not None:
            import jax

            jax.block_until_ready(out)

    def compile(self, fn: Any) -> Any:
        """``jax.jit(fn)``, with the parameters that are not arrays (``xp``, ``dtype``,
        ``device``) static."""
        import inspect

        import jax

        static = [p for p in ("xp", "dtype", "device") if p in inspect.signature(fn).parameters]
        return jax.jit(fn, static_argnames=static)

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        # Nothing to set here: see threads_fixed_at_start. The runner records the real count.
        return contextlib.nullcontext()

    def info(self) -> dict[str, Any]:
        import jax
        import jaxlib

        devices = [f"{d.platform}:{getattr(d, 'device_kind', d)}" for d in jax.devices()]
        return {
            "version": jax.__version__,
            "jaxlib": jaxlib.__version__,
            "default_backend": jax.default_backend(),
            "x64": bool(jax.config.read("jax_enable_x64")),
            "xla_flags": os.environ.get("XLA_FLAGS", ""),
            "threads": "fixed at process start (all cores unless XLA_FLAGS limits them)",
            "devices": self.devices(),
            "device_kinds": devices,
        }


def share_gpu_memory() -> None:
    """Have JAX take GPU memory as it needs it rather than 75% of it when it starts (unless the
    user set XLA_PYTHON_CLIENT_PREALLOCATE), as workers already do. Listing the devices starts
    JAX's GPU client, in arraybench's own process too (planning a run, probing): preallocating
    there would leave a quarter of the GPU to torch, CuPy and every worker for the whole run.
    Read by JAX when its GPU client starts: no effect once it has."""
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")


#: The jax.monitoring events that mean work was traced or compiled (each eager op on a new
#: shape, dtype or setting is both, as a jitted function is).
_COMPILE_EVENTS = frozenset(
    ("/jax/core/compile/jaxpr_trace_duration", "/jax/core/compile/backend_compile_duration")
)
#: The count, and whether the listener is in place (it stays for the life of the process).
_counted = [0]
_listening: list[bool] = []


def _compile_events() -> int | None:
    import jax

    monitoring = getattr(jax, "monitoring", None)
    register = getattr(monitoring, "register_event_duration_secs_listener", None)
    if register is None:
        return None
    if not _listening:

        def count(event: str, duration: float, **_: Any) -> None:
            if event in _COMPILE_EVENTS:
                _counted[0] += 1

        register(count)
        _listening.append(True)
    return _counted[0]


def enable_x64() -> None:
    """Let JAX hold float64 (without this it silently computes float64 inputs in float32)."""
    import jax

    if not jax.config.read("jax_enable_x64"):
        jax.config.update("jax_enable_x64", True)
