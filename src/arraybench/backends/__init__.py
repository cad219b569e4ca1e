"""The backend registry: built-in backends plus any registered under the entry point group
``arraybench.backends`` by another package (``name = "package.module:BackendClass"``)."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from importlib import metadata
from typing import Any

from ..base.errors import BackendError
from .base import Backend, BaseBackend, as_numpy

__all__ = [
    "Backend",
    "BaseBackend",
    "as_numpy",
    "get",
    "known",
    "names",
    "register",
    "registered",
]

ENTRY_POINT_GROUP = "arraybench.backends"

#: The built-in backends, in the order reports list them. Used as they are when arraybench runs
#: from a source tree whose entry points are not installed.
BUILTIN: dict[str, str] = {
    "python": "arraybench.backends.python:PythonBackend",
    "numpy": "arraybench.backends.numpy:NumpyBackend",
    "torch": "arraybench.backends.torch:TorchBackend",
    "jax": "arraybench.backends.jax:JaxBackend",
    "autograd": "arraybench.backends.autograd:AutogradBackend",
    "tensorflow": "arraybench.backends.tensorflow:TensorflowBackend",
    "numba": "arraybench.backends.numba:NumbaBackend",
    "pytensor": "arraybench.backends.pytensor:PytensorBackend",
    "cupy": "arraybench.backends.cupy:CupyBackend",
}

_registry: dict[str, Backend] = {}
_broken: dict[str, str] = {}
_loaded = False


def _instantiate(target: str) -> Any:
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)()


def _load() -> None:
    global _loaded
    if _loaded:
        return
    targets = dict(BUILTIN)
    try:
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            targets.setdefault(ep.name, ep.value)
    except Exception:  # a broken distribution's metadata must not stop arraybench
        pass
    for name, target in targets.items():
        try:
            _registry.setdefault(name, _instantiate(target))
        except Exception as e:  # a plug-in that fails to import is reported, not raised
            _broken[name] = f"its plug-in {target} failed to load: {type(e).__name__}: {e}"
    _loaded = True


def known() -> list[str]:
    """Every backend name arraybench knows, installed or not, without importing any backend:
    the built-ins, the entry points' names, and those registered at run time."""
    out = dict.fromkeys([*BUILTIN, *_registry, *_broken])
    try:
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            out.setdefault(ep.name, None)
    except Exception:  # a broken distribution's metadata must not stop arraybench
        pass
    return list(out)


def names() -> list[str]:
    """Every registered backend's name, built-ins first."""
    _load()
    return list(_registry)


def get(name: str) -> Backend:
    """The backend called ``name``; :class:`BackendError` naming the known ones if none is."""
    _load()
    if name in _registry:
        return _registry[name]
    if name in _broken:
        raise BackendError(f"backend {name!r} cannot be used: {_broken[name]}")
    raise BackendError(
        f"no backend named {name!r}; the backends are: {', '.join(_registry)}. "
        "A third-party backend registers under the entry point group "
        f"{ENTRY_POINT_GROUP!r}"
    )


def register(backend: Backend, replace: bool = False) -> None:
    """Add a backend at run time (plug-ins normally use the entry point instead)."""
    _load()
    if backend.name in _registry and not replace:
        raise BackendError(f"a backend named {backend.name!r} is already registered")
    _registry[backend.name] = backend


@contextlib.contextmanager
def registered(*backends: Backend) -> Iterator[None]:
    """Register backends for the duration of a ``with`` block (for tests)."""
    _load()
    saved = dict(_registry)
    for b in backends:
        _registry[b.name] = b
    try:
        yield
    finally:
        _registry.clear()
        _registry.update(saved)
