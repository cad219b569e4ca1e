"""The Backend protocol: the one extension point through which arraybench touches a library.

A backend knows how to put a float64 NumPy array on its device in a dtype, bring results back,
wait for queued work (``sync``), hand impls its array namespace (``xp``), set its thread count
for a while, and describe itself (versions, BLAS, threads, devices). Everything else in arraybench
is backend-agnostic.

Generic impls get the library's own namespace (``numpy``, ``torch``, ``jax.numpy``...) as ``xp``,
not an array-api-compat wrapper: a wrapper adds a Python call to every operation (about 0.7 µs per
``torch.add`` here), which would be charged to the library in exactly the small-size figures users
ask about. array-api-compat serves where it costs nothing inside the clock: recognising arrays.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..base.errors import BackendError


@runtime_checkable
class Backend(Protocol):
    """What arraybench needs of an array library."""

    name: str
    #: dtype names this backend can run. (A backend may also set ``computes_in``, the one
    #: precision it computes in whatever the dtype: ``python``'s floats are doubles.)
    dtypes: tuple[str, ...]
    #: what to type to install the library, shown when it is missing.
    install_hint: str
    # Optional: ``compile(fn) -> fn``, the library's compiler (torch.compile, tf.function,
    # jax.jit), used for impls registered with compile=True; BaseBackend's refuses with a reason.
    # Optional: ``compiles_impls`` (compile every impl unless compile=False), ``runs_as_written``
    # (compile=False may opt out of that), and ``explain_failure(e, fn, compiled) -> str | None``,
    # one line for an error of the library's that its own message says badly.
    # Optional: ``compiler_modules``, modules the compiler imports only when first used, which a
    # fresh worker imports with the library before a run measures.
    # Optional: ``before_fork()``, work a zygote does once, after its imports, for every worker
    # it forks (torch: inductor's probe of the CPU); it must leave the process one thread.
    # Optional (BaseBackend has both): ``scope(dtype, device)``, a context manager every call of
    # a case runs in, from its inputs to its last sample (JAX: float64 on for float64 cases
    # only); ``compilations()``, how many times the library has compiled in this process, read
    # before and after each block of samples, so that a case that keeps compiling while it is
    # timed is told from one that runs (None: it cannot count).

    def available(self) -> tuple[bool, str]:
        """(True, "") or (False, the reason, naming the fix)."""
        ...

    def devices(self) -> list[str]:
        """Device names present: "cpu", "cuda"..."""
        ...

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        """``a`` (a NumPy array) as this backend's array, in ``dtype``, on ``device``."""
        ...

    def to_numpy(self, x: Any) -> np.ndarray:
        """An output of an impl brought back as a NumPy array on the host."""
        ...

    def sync(self, device: str, out: Any = None) -> None:
        """Block until the work queued on ``device`` (that produced ``out``) is finished."""
        ...

    @property
    def xp(self) -> Any:
        """The array namespace handed to generic impls."""
        ...

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        """A context manager that runs with ``n`` threads and restores the previous setting."""
        ...

    def info(self) -> dict[str, Any]:
        """Versions, BLAS vendor and version, thread counts, device names."""
        ...


class BaseBackend:
    """Defaults shared by the built-in backends: CPU only, float32/float64, NumPy conversion."""

    name = "base"
    module = ""
    compiler_modules: tuple[str, ...] = ()
    dtypes: tuple[str, ...] = ("float16", "float32", "float64")
    install_hint = ""

    def available(self) -> tuple[bool, str]:
        if self.module and importlib.util.find_spec(self.module) is None:
            hint = f" ({self.install_hint})" if self.install_hint else ""
            return False, f"{self.module} is not installed{hint}"
        return True, ""

    def devices(self) -> list[str]:
        return ["cpu"]

    def to_numpy(self, x: Any) -> np.ndarray:
        return as_numpy(x)

    def sync(self, device: str, out: Any = None) -> None:
        return None

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        return blas_threads(n)

    def scope(self, dtype: str, device: str) -> contextlib.AbstractContextManager[None]:
        """The library's settings for one case, entered around everything the case runs (its
        inputs, first call, check and every block of samples), so that they never change
        between its first call and its samples. Nothing by default."""
        return contextlib.nullcontext()

    def compilations(self) -> int | None:
        """How many times the library has compiled or traced code in this process so far (a
        number that grows by at least one each time: see :attr:`counts_compilations`); None
        where it cannot tell. Read around each block of samples: one that grew while a case
        was timed held a compilation."""
        return None

    #: ``compilations()`` counts each compilation (False: it only grows when one happened, as
    #: TensorFlow's microseconds of graph building do).
    counts_compilations = True

    def compile(self, fn: Any) -> Any:
        """``fn`` through this library's compiler (for impls registered with compile=True)."""
        raise BackendError(
            f"backend {self.name} has no compiler: drop compile=True (torch, tensorflow and jax "
            "have one)"
        )

    def check_device(self, device: str) -> None:
        if device not in self.devices():
            raise BackendError(
                f"backend {self.name} has no device {device!r} here (it has: "
                f"{', '.join(self.devices())})"
            )

    def __repr__(self) -> str:
        return f"<arraybench backend {self.name}>"


@contextlib.contextmanager
def blas_threads(n: int) -> Iterator[None]:
    """Limit every BLAS and OpenMP pool loaded in the process to ``n`` threads, then restore."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - threadpoolctl is a dependency
        yield
        return
    with threadpool_limits(limits=n):
        yield


def blas_info(filepath_hint: str | None = None) -> list[dict[str, Any]]:
    """The BLAS / OpenMP pools loaded in the process (threadpoolctl), optionally filtered."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:  # pragma: no cover
        return []
    out = []
    for pool in threadpool_info():
        if filepath_hint and filepath_hint not in pool.get("filepath", ""):
            continue
        out.append(
            {
                "api": pool.get("user_api"),
                "vendor": pool.get("internal_api"),
                "version": pool.get("version"),
                "threads": pool.get("num_threads"),
                "architecture": pool.get("architecture"),
                "library": pool.get("filepath", "").rsplit("/", 1)[-1],
            }
        )
    return out


def as_numpy(x: Any) -> np.ndarray:
    """Bring any array-like back to a host NumPy array: NumPy, torch, JAX, lists, scalars."""
    if isinstance(x, np.ndarray):
        return x
    # torch: detach from autograd, move to host; NumPy has no bfloat16, so widen it first.
    if _is_torch(x):
        t = x.detach().cpu()
        if str(getattr(t, "dtype", "")) == "torch.bfloat16":
            t = t.float()
        return np.asarray(t.numpy())
    # autograd's ArrayBox wraps a value; JAX and others implement __array__.
    if hasattr(x, "_value") and type(x).__name__.endswith("Box"):
        return as_numpy(x._value)
    return np.asarray(x)


def _is_torch(x: Any) -> bool:
    try:
        from array_api_compat import is_torch_array
    except ImportError:  # array-api-compat is a dependency, but duck typing serves without it
        return hasattr(x, "detach") and hasattr(x, "cpu")
    return bool(is_torch_array(x))


def usable_cores() -> int:
    """Cores this process may run on (its CPU affinity), or every core where that cannot be
    read: what a library's "all threads" means here."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
