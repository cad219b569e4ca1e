"""Numba: impls compiled to machine code with ``numba.njit``, on NumPy arrays (and CUDA, guarded).

Every impl registered for ``numba`` runs compiled: the backend njit-compiles it itself, once per
process, so users write a plain element-by-element loop and register it::

    @w.impl("numba")
    def loop(x):
        out = np.empty_like(x)
        for i in range(x.size):
            out[i] = x[i] ** 2
        return out

``compile=True`` is therefore implied (and redundant) on this backend. A function that is already
a Numba dispatcher (``@numba.njit`` at module level, ``@numba.njit(parallel=True)``,
``@numba.vectorize``...) is used as it is. ``compile=False`` runs an impl as written: a Python
function around ``@numba.njit`` kernels (one that imports, allocates with options njit lacks, or
calls several kernels), whose time then includes Python's calls into them. An impl that Numba
cannot compile fails with one line saying why and where (:meth:`NumbaBackend.explain_failure`),
naming ``compile=False``, rather than Numba's page of typing detail.

Numba compiles once per argument types (dtype, ndim, layout), on the first call: the runner keeps
that call apart (``Measurement.first_call``), and later sizes of the same dtype reuse the machine
code, so only a series' first size pays it. In a worker process, where arraybench keeps compiled
code (NUMBA_CACHE_DIR in its cache folder: measure/compile_cache.py), impls are compiled with
``cache=True``: the machine code is kept on disk and the next process loads it.

Generic impls (a parameter ``xp``) get ``numpy``: Numba cannot take a module as an argument, so
the backend compiles a small jitted wrapper that passes ``numpy`` from inside compiled code (and a
Python shim that accepts and drops ``xp``: about 0.1 µs per call that plain impls do not pay).
Everything a compiled impl does must be in Numba's supported subset of Python and NumPy; what is
not fails the case on its first call, with the one line above.

Devices: ``cpu``; ``cuda`` as well when ``numba.cuda.is_available()``. On ``cuda`` inputs are
device arrays (``numba.cuda.to_device``), ``sync`` waits with ``numba.cuda.synchronize()``, and an
impl is run as written (it launches its own ``@numba.cuda.jit`` kernels; njit cannot compile a
launcher). A CPU-only machine never touches ``numba.cuda`` beyond ``is_available()``.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import re
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import Any

import numpy as np

from ..base.errors import BackendError
from ..base.files import compile_cache_on
from .base import BaseBackend, blas_info, blas_threads


class NumbaBackend(BaseBackend):
    name = "numba"
    module = "numba"
    # Numba's float16 support is partial (no math on it in most functions): float32 and float64.
    dtypes = ("float32", "float64")
    install_hint = "pip install 'arraybench[numba]'"
    #: The runner compiles every impl of this backend (:meth:`compile`) unless compile=False.
    compiles_impls = True
    #: compile=False runs an impl as written: Python around the jitted kernels it calls.
    runs_as_written = True

    @property
    def xp(self) -> Any:
        return np

    def devices(self) -> list[str]:
        return ["cpu", "cuda"] if _cuda_available() else ["cpu"]

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        self.check_device(device)
        if not isinstance(a, np.ndarray):
            return a
        # A copy, so an impl that writes into its input cannot change another case's input;
        # C-contiguous, so every case of a dtype compiles to one layout.
        host = np.array(a, dtype=dtype, copy=True, order="C")
        if device == "cuda":
            from numba import cuda

            x = cuda.to_device(host)
            cuda.synchronize()
            return x
        return host

    def to_numpy(self, x: Any) -> np.ndarray:
        if hasattr(x, "copy_to_host"):  # a numba.cuda device array
            return np.asarray(x.copy_to_host())
        return super().to_numpy(x)

    def sync(self, device: str, out: Any = None) -> None:
        # CPU code is synchronous; CUDA kernel launches are not.
        if device == "cuda":
            from numba import cuda

            cuda.synchronize()

    def compile(self, fn: Any) -> Any:
        """``numba.njit(fn)``; a Numba dispatcher as it is; a generic impl with ``numpy`` passed
        as ``xp`` from compiled code. Compiles lazily: on the first call, per argument types."""
        import numba
        from numba.core.dispatcher import Dispatcher

        if isinstance(fn, Dispatcher) or not inspect.isfunction(fn):
            return fn  # already compiled (njit, vectorize, cuda.jit...) or not ours to compile
        params = inspect.signature(fn).parameters
        njit = _cached_njit if _caching() else numba.njit
        jitted = _jit_generic(fn, params, njit) if "xp" in params else njit(fn)
        if not _cuda_available():
            return jitted
        return _host_or_device(jitted, fn, generic="xp" in params)

    def compilations(self) -> int | None:
        """Numba's compilations in this process ("numba:compile" events: a new dispatcher, or a
        new signature of one), counted from the first time this is asked."""
        return _compile_events()

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        return _numba_threads(n)

    def explain_failure(self, e: BaseException, fn: Any, compiled: bool) -> str | None:
        """One line for Numba's compile errors: what it could not compile, where, and the fix.

        Numba says ``Use of unsupported opcode (IMPORT_NAME)`` for an import in the body, and a
        page of typing detail for the rest; ``None`` for other errors (the runner's own line).
        """
        from numba.core import errors

        if not isinstance(e, errors.NumbaError | errors.UnsupportedBytecodeError):
            return None
        return compile_failure(e, fn, compiled)

    def info(self) -> dict[str, Any]:
        import numba

        started = _threads_started()
        return {
            "version": numba.__version__,
            "llvmlite": metadata.version("llvmlite"),
            "numpy": np.__version__,
            # The layer is chosen when the first parallel region starts (or threads are set).
            "threading_layer": numba.threading_layer() if started else "not started yet",
            "threading_layer_requested": str(numba.config.THREADING_LAYER),
            "threads": numba.get_num_threads() if started else numba.config.NUMBA_NUM_THREADS,
            "max_threads": numba.config.NUMBA_NUM_THREADS,
            "compiles": "every impl with numba.njit, once per argument types (dtype, ndim)",
            # np.dot and friends inside njit code call NumPy's BLAS.
            "blas": blas_info("numpy") or blas_info("openblas"),
            "devices": self.devices(),
        }


#: The count of "numba:compile" events, and whether the listener is in place (it stays for the
#: life of the process).
_counted = [0]
_listening: list[bool] = []


def _compile_events() -> int | None:
    try:
        from numba.core import event
    except ImportError:  # pragma: no cover - a Numba without the event API (before 0.53)
        return None
    if not _listening:

        class Count(event.Listener):  # type: ignore[misc]
            def on_start(self, ev: Any) -> None:
                _counted[0] += 1

            def on_end(self, ev: Any) -> None:
                pass

        event.register("numba:compile", Count())
        _listening.append(True)
    return _counted[0]


def _caching() -> bool:
    """Compile with ``cache=True``: when arraybench keeps compiled code and NUMBA_CACHE_DIR names
    a folder for it (a worker process), so that Numba never writes beside the user's files."""
    return compile_cache_on() and bool(os.environ.get("NUMBA_CACHE_DIR"))


def _cached_njit(fn: Any) -> Any:
    """``numba.njit(fn, cache=True)``: the machine code kept on disk and loaded by the next
    process; a function with no file of its own (made by exec) cannot be, and compiles each time."""
    import numba

    try:
        return numba.njit(fn, cache=True)
    except RuntimeError:  # "cannot cache function ...: no locator available for file"
        return numba.njit(fn)


@functools.lru_cache(maxsize=1)
def _cuda_available() -> bool:
    """Whether Numba sees a usable CUDA GPU (asked once: the answer does not change)."""
    try:
        _numpy_aliases_for_numba_cuda()
        from numba import cuda

        return bool(cuda.is_available())
    except Exception:  # no CUDA toolkit, no driver, a broken install: CPU only
        return False


def _numpy_aliases_for_numba_cuda() -> None:
    """numba-cuda (0.30 and before) registers an overload of ``np.row_stack`` when it first
    compiles a kernel, and NumPy 2.5 removed that alias of ``np.vstack``: every kernel launch
    then fails with ``module 'numpy' has no attribute 'row_stack'``. Put the alias back (the same
    function NumPy 2.0-2.4 gave it) before numba.cuda is used; an existing one is left alone."""
    import numpy as np

    if not hasattr(np, "row_stack"):
        np.row_stack = np.vstack  # type: ignore[attr-defined]


def _threads_started() -> bool:
    try:
        from numba.np.ufunc import parallel

        return bool(parallel._is_initialized)
    except (ImportError, AttributeError):  # a Numba whose internals moved: say not started
        return False


@contextlib.contextmanager
def _numba_threads(n: int) -> Iterator[None]:
    """Numba's own pool (``parallel=True`` code) and NumPy's BLAS at ``n`` threads, restored
    after. Numba cannot exceed NUMBA_NUM_THREADS, fixed when it is imported: ``n`` is capped."""
    import numba

    # get_num_threads() starts Numba's threading layer first: its OpenMP layer shares the
    # process's libgomp with torch and resets that pool's size when it starts, so the OpenMP
    # limit (blas_threads, which covers torch's pool too) must be set after it, not before.
    before = numba.get_num_threads()
    numba.set_num_threads(max(1, min(n, numba.config.NUMBA_NUM_THREADS)))
    try:
        with blas_threads(n):
            yield
    finally:
        numba.set_num_threads(before)


def _jit_generic(
    fn: Callable[..., Any], params: Any, njit: Callable[[Any], Any]
) -> Callable[..., Any]:
    """``fn(..., xp, ...)`` compiled with ``xp`` = numpy.

    A module cannot be a jitted function's argument, but compiled code can pass the global
    ``np`` to another jitted function; so: a jitted ``outer(args)`` calls ``inner(args, np)``,
    and a Python ``call(args, xp)`` drops ``xp`` (the runner passes one) and calls ``outer``.
    """
    plain = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    if any(p.kind not in plain for p in params.values()):
        raise BackendError(
            f"numba cannot compile the generic impl {fn.__name__}: write its parameters as plain "
            "positional ones (no *args, **kwargs or keyword-only parameters)"
        )
    names = list(params)
    args = [p for p in names if p != "xp"]
    ns: dict[str, Any] = {"inner": njit(fn), "np": np}
    inner_args = ", ".join("np" if p == "xp" else p for p in names)
    exec(f"def outer({', '.join(args)}):\n    return inner({inner_args})\n", ns)
    ns["outer"] = njit(ns["outer"])
    exec(f"def call({', '.join(names)}):\n    return outer({', '.join(args)})\n", ns)
    call: Callable[..., Any] = functools.update_wrapper(ns["call"], fn)
    return call


def _host_or_device(
    jitted: Callable[..., Any], fn: Callable[..., Any], generic: bool = False
) -> Callable[..., Any]:
    """On a machine with CUDA: the jitted function for host arrays, ``fn`` as written (a kernel
    launcher) when it gets device arrays. A CPU dispatcher must never see a device array.

    A generic impl (``xp``, which is NumPy here) is refused on device arrays: NumPy would copy
    them to the host through ``__array__`` and compute there, a wrong answer to "how fast is
    this on the GPU" that the check would pass."""
    from numba import cuda

    def call(*args: Any, **kwargs: Any) -> Any:
        on_device = any(cuda.is_cuda_array(a) for a in (*args, *kwargs.values()))
        if on_device and generic:
            raise BackendError(
                f"numba runs {fn.__name__} on cuda as written, and a generic impl (xp) would "
                "compute with NumPy on the host: register it with devices=('cpu',), and write "
                "a @numba.cuda.jit kernel and its launch for cuda"
            )
        return (fn if on_device else jitted)(*args, **kwargs)

    return functools.update_wrapper(call, fn)


#: Longest part of Numba's own message kept in the one line.
_REASON_CHARS = 160
#: Where Numba's messages name the line: ``Raised from PATH (LINE)``, ``File "PATH", line LINE``.
_RAISED_FROM = re.compile(r"Raised from (\S+) \((\d+)\)")
_FILE_LINE = re.compile(r'File "([^"]+)", line (\d+)')
_MODULE_ATTR = re.compile(r"Unknown attribute '(\w+)' of type Module\(<module '([\w.]+)'")
_UNTYPED_FUNCTION = re.compile(r"Untyped global name '(\w+)'.*<class 'function'>")
_AS_WRITTEN = "register it with compile=False to run it as Python around the kernels it calls"


def compile_failure(e: BaseException, fn: Any, compiled: bool) -> str:
    """``numba could not compile F (f.py:12): REASON; FIX``, from a Numba compile error."""
    from numba.core.dispatcher import Dispatcher

    text = str(e)
    name = getattr(fn, "__name__", None) or getattr(getattr(fn, "py_func", None), "__name__", "")
    where = _RAISED_FROM.search(text) or _FILE_LINE.search(text)
    at = f" ({where.group(1).rsplit('/', 1)[-1]}:{where.group(2)})" if where else ""
    lines = [
        ln.strip()
        for ln in text.splitlines()
        if ln.strip() and not ln.startswith(("Failed in ", "During: ", "File "))
    ]
    reason = _RAISED_FROM.sub("", lines[0] if lines else type(e).__name__).strip().rstrip(".:")
    ours = compiled and inspect.isfunction(fn) and not isinstance(fn, Dispatcher)
    fix = _AS_WRITTEN if ours else ""
    if "IMPORT_NAME" in reason:
        reason = "it imports inside its body, which compiled code cannot"
        fix = "move the import to the top of the file" + (f", or {fix}" if fix else "")
    elif m := _MODULE_ATTR.search(reason):
        reason = f"it uses {m.group(2)}.{m.group(1)}, which compiled code cannot"
        if m.group(1) in ("jit", "njit", "vectorize", "guvectorize"):  # a kernel made per call
            fix = "define the kernel at the top of the file and call it from there"
    elif m := _UNTYPED_FUNCTION.search(reason):
        reason = f"it calls {m.group(1)}, a plain Python function"
        fix = f"decorate {m.group(1)} with @numba.njit" + (f", or {fix}" if fix else "")
    if len(reason) > _REASON_CHARS:
        reason = reason[: _REASON_CHARS - 1] + "…"
    what = f"numba could not compile {name}{at}" if name else f"numba could not compile{at}"
    return f"{what}: {reason}" + (f"; {fix}" if fix else "")
