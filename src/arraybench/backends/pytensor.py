"""PyTensor: impls build a symbolic graph once per input types, compiled by ``pytensor.function``.

PyTensor computes by building a graph of symbolic variables and compiling it: graph rewrites,
then code from its linker (PyTensor 3's default is its Numba linker; ``PYTENSOR_FLAGS=linker=cvm``
selects the C linker, which builds C code with the system's C++ compiler). arraybench's model is
a function called with its inputs on every timed call, so the backend bridges the two in
:meth:`PytensorBackend.compile`, which the runner applies to every pytensor impl (``compile=True``
is implied)::

    first call with NumPy inputs of given dtypes and ndims:
        sym = a pt.tensor of the same dtype and ndim for each array input
        out = impl(**sym, xp=pytensor.tensor)          # the impl builds the graph
        f = pytensor.function(sym, out)                 # rewrite + compile: first_call pays it
        cache f by (dtypes, ndims, any non-array arguments)
    every call: f(*arrays)                              # the compiled graph on NumPy arrays

So an impl for pytensor is written as for NumPy, with ``xp`` = ``pytensor.tensor``: a generic impl
such as ``xp.sin(x) ** 2`` or ``xp.where(x > 0, x, 0.1 * x)`` runs unchanged, and
``pytensor.grad(cost, x)`` gives gradients. What the impl gets is symbolic: no Python ``if`` on
values, no element loops, no in-place writes. Inputs and outputs are NumPy arrays (``asarray``
gives NumPy arrays in the dtype). Compiled functions are called with ``trust_input`` set: the
cache key already guarantees each input's dtype and ndim, and the input checks would otherwise
cost microseconds per call.

First runs are slow: compiling a graph takes a fraction of a second to seconds. The compiled code
is cached on disk under ``pytensor.config.compiledir`` (``~/.pytensor`` unless
``PYTENSOR_FLAGS=base_compiledir=...`` says otherwise; ``info()`` records it and the linker), and
the Numba linker also uses Numba's own cache. A later process reuses what it finds there, so its
first calls pay the rewrites and the loading rather than code generation: ``first_call`` differs
between a cold and a warm cache, and the steady state does not.
"""

from __future__ import annotations

import contextlib
import inspect
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ..base.errors import BackendError
from .base import BaseBackend, blas_info, blas_threads


class PytensorBackend(BaseBackend):
    name = "pytensor"
    module = "pytensor"
    # float16 graphs compile but many ops fall back or upcast: float32 and float64 only.
    dtypes = ("float32", "float64")
    install_hint = "pip install 'arraybench[pytensor]'"
    #: The runner compiles every impl of this backend (:meth:`compile`), compile=True or not.
    compiles_impls = True

    @property
    def xp(self) -> Any:
        import pytensor.tensor as pt

        return pt

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        self.check_device(device)
        if not isinstance(a, np.ndarray):
            return a
        # A copy, so an impl that writes into its input cannot change another case's input.
        return np.array(a, dtype=dtype, copy=True)

    def to_numpy(self, x: Any) -> np.ndarray:
        from pytensor.graph.basic import Variable

        if isinstance(x, Variable):  # a symbolic result used eagerly (xp on constants)
            return np.asarray(x.eval())
        return super().to_numpy(x)

    def compile(self, fn: Any) -> Any:
        """``fn`` as a function of NumPy arrays: traced with symbolic inputs and compiled by
        ``pytensor.function`` once per input dtypes and ndims (see the module's docstring)."""
        return _Traced(fn)

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        # PyTensor's C ops are single-threaded unless config.openmp is set; dot products use the
        # BLAS loaded in the process (through NumPy or Numba).
        return blas_threads(n)

    def info(self) -> dict[str, Any]:
        import pytensor
        from pytensor.compile.mode import get_default_mode

        cfg = pytensor.config
        with _quiet_blas():
            ldflags = str(cfg.blas__ldflags)
        blas = blas_info("numpy") or blas_info("openblas")
        return {
            "version": pytensor.__version__,
            "numpy": np.__version__,
            "mode": str(cfg.mode),
            "compiler": f"{type(get_default_mode().linker).__name__} linker",
            "linker": str(cfg.linker),
            "cxx": str(cfg.cxx) or "none (Python implementations only: slow)",
            "compiledir": str(cfg.compiledir),
            "openmp": bool(cfg.openmp),
            # Empty when PyTensor found no BLAS to link for its C linker (a pip install): its
            # warning, said here rather than in the middle of a run's output.
            "blas_ldflags": ldflags or "none linked (C linker: dot without BLAS)",
            "blas": blas,
            "threads": blas[0]["threads"] if blas else 1,
            "compiles": "every impl with pytensor.function, once per input dtypes and ndims",
            "devices": self.devices(),
        }


class _Traced:
    """An impl traced with symbolic inputs and compiled per input types (dtype, ndim)."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        params = inspect.signature(fn).parameters
        self.names = list(params)
        self.__signature__ = inspect.signature(fn)
        self.__name__ = getattr(fn, "__name__", "impl")
        self.__doc__ = fn.__doc__
        self._compiled: dict[tuple[Any, ...], Any] = {}

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        values = dict(zip(self.names, args, strict=False))  # the rest come as keywords
        values.update(kwargs)
        key = tuple(_key(name, v) for name, v in values.items() if name != "xp")
        f = self._compiled.get(key)
        if f is None:
            f = self._compiled[key] = self._build(values)
        out = f(*[v for v in values.values() if isinstance(v, np.ndarray)])
        return tuple(out) if isinstance(out, list) else out

    def _build(self, values: dict[str, Any]) -> Any:
        import pytensor
        import pytensor.tensor as pt

        symbolic: dict[str, Any] = {}
        inputs = []
        for name, v in values.items():
            if isinstance(v, np.ndarray):
                s = pt.tensor(name, dtype=str(v.dtype), shape=(None,) * v.ndim)
                inputs.append(s)
                symbolic[name] = s
            elif name == "xp":
                symbolic[name] = pt
            else:  # sizes, dtype and device names: constants of the graph
                symbolic[name] = v
        out = self.fn(**symbolic)
        outputs = list(out) if isinstance(out, tuple) else out
        try:
            with _quiet_blas():
                f = pytensor.function(inputs, outputs, on_unused_input="ignore")
        except Exception as e:
            raise BackendError(
                f"pytensor could not compile the graph of {self.__name__}: "
                f"{type(e).__name__}: {e}. An impl for pytensor gets symbolic tensors and "
                "xp = pytensor.tensor: no Python branches on values, loops over elements or "
                "in-place writes"
            ) from e
        f.trust_input = True  # the key guarantees dtype and ndim; checks cost µs per call
        return f


@contextlib.contextmanager
def _quiet_blas() -> Iterator[None]:
    """Without PyTensor's "could not link to a BLAS" warning, printed in the middle of a run's
    output: ``info()`` records the same fact (``blas_ldflags``) with the run."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*could not link to a BLAS")
        yield


def _key(name: str, v: Any) -> tuple[Any, ...]:
    if isinstance(v, np.ndarray):
        return (name, v.dtype.str, v.ndim)
    try:
        hash(v)
    except TypeError:
        return (name, type(v).__name__, id(v))
    return (name, v)
