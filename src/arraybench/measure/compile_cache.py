"""Compile once per machine, not once per process: the libraries' own persistent caches, kept in
arraybench's cache folder (``$ARRAYBENCH_CACHE/compiled``).

A run measures in several fresh processes (``--processes``, 4 by default), and each would compile
every jitted kernel again: torch.compile's inductor, Numba, JAX's jit and PyTensor's graphs took
most of a quick run's minute on 2 cores. Each library can keep what it compiled on disk and load
it in the next process; arraybench points them all at one folder:

    JAX          JAX_COMPILATION_CACHE_DIR, every compilation kept (the minimum compile time and
                 entry size lowered to nothing: the suite's kernels are small and quick)
    Numba        NUMBA_CACHE_DIR, and the backend's njit(cache=True) for impls defined in files
    torch        TORCHINDUCTOR_CACHE_DIR: inductor's FX graph and AOTAutograd caches (on by
                 default in torch, in /tmp otherwise)
    PyTensor     PYTENSOR_FLAGS=base_compiledir=... (its C modules and its Numba linker's cache)
    CuPy         CUPY_CACHE_DIR (compiled kernels)
    TensorFlow   nothing to keep: tf.function traces in each process

A variable the user has set is left as it is. The command line sets them for its own process and
its workers; :func:`arraybench.run` in a user's process sets them for the worker processes it
starts only. ``ARRAYBENCH_COMPILE_CACHE=off`` turns it all off.

A first call is still measured apart, and says whether its cache was cold or warm
(:func:`first_call_state`): cold when the call wrote new entries to its library's cache (it
compiled), warm when it wrote nothing (it found its code in the cache, on disk or in memory).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from pathlib import Path

from ..base.environ import environ
from ..base.files import COMPILE_CACHE_SWITCH, compile_cache_on
from ..measurement import COLD, WARM
from .profile import cache_dir

#: The switch: "off" (or 0, no, false) and arraybench sets up no compile cache.
SWITCH = COMPILE_CACHE_SWITCH

#: Each library's variable, and the folder under the cache folder it gets.
_DIRS = {
    "JAX_COMPILATION_CACHE_DIR": "jax",
    "NUMBA_CACHE_DIR": "numba",
    "TORCHINDUCTOR_CACHE_DIR": "inductor",
    "CUPY_CACHE_DIR": "cupy",
}
#: JAX keeps only compilations that took over a second by default; every one is kept here.
_JAX_KEEP_ALL = {
    "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0",
    "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "-1",
}
#: Every variable arraybench may set (those the user sets are theirs).
VARIABLES = (*_DIRS, *_JAX_KEEP_ALL, "PYTENSOR_FLAGS")
#: The variables whose folder holds each backend's compiled code (a first call that adds files
#: there compiled).
_BACKEND_DIRS = {
    "jax": ("JAX_COMPILATION_CACHE_DIR",),
    "numba": ("NUMBA_CACHE_DIR",),
    "torch": ("TORCHINDUCTOR_CACHE_DIR",),
    "cupy": ("CUPY_CACHE_DIR",),
}


#: Backends whose library compiles whatever it runs, for each new shape: JAX compiles each eager
#: operation with XLA as jit does a whole function (the others compile the impls that ask).
_COMPILES_ALL = ("jax",)


def compiles_everything(backend: str) -> bool:
    """Whether every first call on ``backend`` compiles (and is labelled cold or warm)."""
    return backend in _COMPILES_ALL


def enabled(environ: Mapping[str, str] | None = None) -> bool:
    """Whether arraybench keeps compiled code across processes (unless ARRAYBENCH_COMPILE_CACHE
    is off)."""
    return compile_cache_on(environ)


def folder() -> Path:
    """Where the compile caches live: ``compiled`` in arraybench's cache folder."""
    return cache_dir() / "compiled"


def cache_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The variables that point each library at its cache in :func:`folder`, those the user has
    not set already; nothing when the switch is off."""
    env = os.environ if environ is None else environ
    if not enabled(env):
        return {}
    root = folder()
    out = {var: str(root / name) for var, name in _DIRS.items() if not env.get(var)}
    if "JAX_COMPILATION_CACHE_DIR" in out:
        out.update({k: v for k, v in _JAX_KEEP_ALL.items() if not env.get(k)})
    flags = env.get("PYTENSOR_FLAGS", "")
    if "compiledir" not in flags:  # base_compiledir or compiledir set by the user: theirs
        own = f"base_compiledir={root / 'pytensor'}"
        out["PYTENSOR_FLAGS"] = f"{flags},{own}" if flags.strip() else own
    return out


@contextlib.contextmanager
def in_this_process() -> Iterator[str | None]:
    """Set :func:`cache_env` in this process's environment for the block (before the libraries
    are imported: they read it then), and restore it after. Yields the folder, or None when off."""
    with environ(cache_env()):
        yield str(folder()) if enabled() else None


def in_use(in_this_process: bool) -> str | None:
    """The folder of the compile caches a run used, or None: worker processes get them when the
    switch is on (their environment is made for them), this process when its environment
    points at them (:func:`in_this_process`, as the command line does)."""
    if not enabled():
        return None
    root = folder()
    if in_this_process and os.environ.get("NUMBA_CACHE_DIR") != str(root / "numba"):
        return None
    return str(root)


def _dirs(backend: str) -> list[Path]:
    dirs = [Path(os.environ[v]) for v in _BACKEND_DIRS.get(backend, ()) if os.environ.get(v)]
    if backend == "pytensor":
        dirs += _pytensor_dirs()
    return dirs


def _pytensor_dirs() -> list[Path]:
    flags = dict(
        kv.split("=", 1) for kv in os.environ.get("PYTENSOR_FLAGS", "").split(",") if "=" in kv
    )
    base = flags.get("base_compiledir") or flags.get("compiledir")
    return [Path(base.strip())] if base else []


def files(backend: str) -> int | None:
    """How many files the caches of ``backend`` hold now; None where it keeps none here (or
    the switch is off)."""
    if not enabled():
        return None
    dirs = _dirs(backend)
    if not dirs:
        return None
    count = 0
    for d in dirs:
        for _, _, names in os.walk(d):
            count += len(names)
    return count


def first_call_state(before: int | None, after: int | None) -> str | None:
    """``cold`` when a first call added files to its cache (it compiled and kept the result),
    ``warm`` when it added none; None without a cache to look at."""
    if before is None or after is None:
        return None
    return COLD if after > before else WARM
