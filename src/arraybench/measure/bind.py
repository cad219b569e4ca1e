"""Binding an impl to a case: its inputs converted to the backend, dtype and device (outside the
clock), its arguments bound positionally, compiled when asked; and its output brought back to
NumPy for the check.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from .. import backends as _backends
from ..base.errors import BackendError, WorkloadError
from ..workload import Impl


def _bind(
    impl: Impl, backend: Any, inputs: Mapping[str, Any], dtype: str, device: str
) -> Callable[[], Any]:
    """The impl with its inputs converted and bound: a call with no arguments, for the clock."""
    if impl.inputs is not None and impl.inputs != backend.name:
        converter = _backends.get(impl.inputs)
        # Inputs from another library live on the case's device when that library has it (a JAX
        # array on the GPU for a DLPack impl), else on the host (NumPy arrays, Python lists).
        conv_device = device if device in converter.devices() else "cpu"
    else:
        converter, conv_device = backend, device
    kwargs: dict[str, Any] = {}
    for name, value in inputs.items():
        if isinstance(value, np.ndarray):
            dt = dtype if np.issubdtype(value.dtype, np.floating) else str(value.dtype)
            kwargs[name] = converter.asarray(value, dt, conv_device)
        else:
            kwargs[name] = value
    params = _params(impl.fn)
    if impl.takes_xp:
        kwargs["xp"] = backend.xp
    if "dtype" in params and "dtype" not in kwargs:
        kwargs["dtype"] = dtype
    if "device" in params and "device" not in kwargs:
        kwargs["device"] = device
    missing = [
        p
        for p, spec in params.items()
        if p not in kwargs
        and spec.default is inspect.Parameter.empty
        and spec.kind in (spec.POSITIONAL_OR_KEYWORD, spec.KEYWORD_ONLY)
    ]
    if missing:
        raise WorkloadError(
            f"impl {impl.label!r} takes {', '.join(missing)}, which the inputs builder does not "
            f"provide (it provides: {', '.join(inputs) or 'nothing'})"
        )
    fn = _compiled(impl, backend) if compiles(impl, backend) else impl.fn
    return _positional_call(fn, params, kwargs)


def compiles(impl: Impl, backend: Any) -> bool:
    """Whether the runner puts ``impl`` through ``backend``'s compiler.

    ``compile=True`` always; unset (``None``), when the backend compiles every impl (numba's
    njit, pytensor's graphs); ``compile=False`` never, which a backend that cannot run an impl
    as written (pytensor: impls build symbolic graphs) refuses.
    """
    every = bool(getattr(backend, "compiles_impls", False))
    if impl.compile is None:
        return every
    if not impl.compile and every and not getattr(backend, "runs_as_written", False):
        raise BackendError(
            f"impl {impl.label!r} has compile=False, but backend {backend.name} runs every impl "
            "through its compiler: drop compile=False"
        )
    return impl.compile


#: Compiled functions by (impl, backend name): compiled once per process, like a user's own
#: module-level ``torch.compile``; each new size's (re)compilation lands in its first call.
_COMPILED: dict[tuple[int, str], Callable[..., Any]] = {}


def _compiled(impl: Impl, backend: Any) -> Callable[..., Any]:
    key = (id(impl.fn), backend.name)
    if key not in _COMPILED:
        compiler = getattr(backend, "compile", None)
        if compiler is None:
            raise BackendError(
                f"impl {impl.label!r} asks for compile=True, but backend {backend.name} has no "
                "compiler (torch: torch.compile, tensorflow: tf.function, jax: jax.jit, numba: "
                "numba.njit)"
            )
        _COMPILED[key] = compiler(impl.fn)
    return _COMPILED[key]


def _positional_call(
    fn: Callable[..., Any], params: Mapping[str, inspect.Parameter], kwargs: dict[str, Any]
) -> Callable[[], Any]:
    """``fn`` with its arguments bound, positionally wherever the signature allows.

    A partial with keyword arguments merges a dict on every call: about 100-160 ns here, charged
    to every kernel and well above the no-op floor. Positional binding costs nothing measurable
    (benchmarks/validate_sin2.py found the gap against timeit; see docs/validation.md).
    """
    positional: list[Any] = []
    rest = dict(kwargs)
    for name, spec in params.items():
        if spec.kind not in (spec.POSITIONAL_ONLY, spec.POSITIONAL_OR_KEYWORD) or name not in rest:
            break
        positional.append(rest.pop(name))
    return functools.partial(fn, *positional, **rest)


@functools.lru_cache(maxsize=1024)
def _params_cached(fn: Callable[..., Any]) -> Mapping[str, inspect.Parameter]:
    return inspect.signature(fn).parameters


def _params(fn: Callable[..., Any]) -> Mapping[str, inspect.Parameter]:
    try:
        return _params_cached(fn)
    except (TypeError, ValueError):
        return {}


def _to_host(backend: Any, out: Any) -> Any:
    if out is None:  # let the check say "returned None" rather than compare an object array
        return None
    if isinstance(out, tuple):
        return tuple(backend.to_numpy(o) for o in out)
    return backend.to_numpy(out)
