"""TensorFlow in eager mode, on the CPU and, when present, on a GPU (named "cuda", as for torch).

``xp`` is ``tf.experimental.numpy``: its functions (``xp.sin``, ``xp.multiply``, ``xp.matmul``,
``xp.sum``) take and return TF tensors, and tensors have the arithmetic operators (``x ** 2``,
``-2 * x``). NumPy's array *methods* are not there (``x.T``, ``x.reshape``, ``x.astype``, and ``@``
with a vector) unless ``tf.experimental.numpy.experimental_enable_numpy_behavior()`` is called.
This backend does not call it: it changes TensorFlow for the whole process, and with it NumPy's
type promotion, so a float32 tensor times a NumPy float64 scalar becomes float64: a float32 case
would then silently compute in float64. Generic impls that should run on TensorFlow use ``xp``'s
functions (``xp.matmul(A, x)``) rather than methods.

``compile(fn)`` is ``tf.function(fn)``: graph mode. A tf.function traces ``fn`` on the first call
with each new input shape (and each new value of a non-tensor argument such as ``xp``, ``dtype``,
``device``, which it treats as static), so the tracing lands in the case's first call.

TensorFlow sizes its thread pools when it starts (``TF_NUM_INTRAOP_THREADS`` and
``TF_NUM_INTEROP_THREADS``, read at start, are set for worker processes), like XLA's: see
``threads_fixed_at_start``. Nothing here imports TensorFlow until a TensorFlow case runs; before
it is imported, ``TF_CPP_MIN_LOG_LEVEL=2`` silences its informational log lines unless the user
set that variable, and what TF's C++ code writes to stderr while it starts (a oneDNN notice
printed before its logging starts, whatever the level) is held back unless the import fails.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import numpy as np

from .base import BaseBackend, usable_cores

#: TF's C++ log level when arraybench imports it: 2 hides INFO and WARNING lines, keeps errors.
#: The informational lines (CPU instruction sets, oneDNN, XLA devices) would bury a run's output.
QUIET_LOG_LEVEL = "2"
#: The environment variables TensorFlow reads, when it starts, for its two thread pools.
THREAD_ENV = ("TF_NUM_INTRAOP_THREADS", "TF_NUM_INTEROP_THREADS")
#: Arguments the runner passes that are not tensors: compile() fixes them outside the graph.
STATIC_ARGUMENTS = frozenset({"xp", "dtype", "device"})


def _tf() -> Any:
    """TensorFlow, imported quietly the first time."""
    if "tensorflow" in sys.modules:
        return sys.modules["tensorflow"]
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", QUIET_LOG_LEVEL)
    with _stderr_kept_unless_failing():
        import tensorflow as tf
    return tf


@contextlib.contextmanager
def _stderr_kept_unless_failing() -> Iterator[None]:
    """Hold what C++ code writes to stderr (file descriptor 2) while TensorFlow starts, and
    pass it on only if the import fails: TF prints its oneDNN notice before its own logging
    starts, so TF_CPP_MIN_LOG_LEVEL cannot silence it, and it would land in every run's output."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr to redirect (a daemon): nothing to hide
        yield
        return
    with tempfile.TemporaryFile() as held:
        sys.stderr.flush()
        os.dup2(held.fileno(), 2)
        try:
            yield
        except BaseException:
            os.dup2(saved, 2)
            held.seek(0)
            os.write(2, held.read())
            raise
        finally:
            os.dup2(saved, 2)
            os.close(saved)


class TensorflowBackend(BaseBackend):
    name = "tensorflow"
    module = "tensorflow"
    dtypes = ("float16", "bfloat16", "float32", "float64")
    install_hint = "pip install 'arraybench[tensorflow]'"
    #: TF's intra- and inter-op pools are sized when its context starts (the first op); after
    #: that ``tf.config.threading.set_*`` raises. Worker processes get THREAD_ENV instead.
    threads_fixed_at_start = True

    @property
    def xp(self) -> Any:
        return _tf().experimental.numpy

    def devices(self) -> list[str]:
        tf = _tf()
        return ["cpu", "cuda"] if tf.config.list_physical_devices("GPU") else ["cpu"]

    def _device(self, device: str) -> str:
        self.check_device(device)
        return "/GPU:0" if device == "cuda" else "/CPU:0"

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        tf = _tf()
        where = self._device(device)
        if not isinstance(a, np.ndarray):
            return a
        with tf.device(where):
            if dtype == "bfloat16":  # NumPy has no bfloat16: convert on the TF side.
                x = tf.cast(tf.constant(np.asarray(a, dtype=np.float32)), tf.bfloat16)
            else:
                # A copy of its own, so the tensor never aliases the caller's array.
                x = tf.identity(tf.constant(np.array(a, dtype=dtype, copy=True)))
        # On a GPU the copy and the cast are queued: done before the clock starts.
        self.sync(device, x)
        return x

    def to_numpy(self, x: Any) -> np.ndarray:
        tf = _tf()
        if isinstance(x, tf.Tensor):
            if x.dtype == tf.bfloat16:  # as torch's: widen, NumPy has no bfloat16
                x = tf.cast(x, tf.float32)
            return np.asarray(x.numpy())
        return super().to_numpy(x)

    def sync(self, device: str, out: Any = None) -> None:
        # Eager ops on the CPU return when they are done; GPU kernels are queued.
        if device != "cuda":
            return
        tf = _tf()
        sync_devices = getattr(getattr(tf.test, "experimental", None), "sync_devices", None)
        if sync_devices is not None:
            sync_devices()
        elif out is not None:
            # A host read waits for the kernels that produced ``out`` (and costs a copy).
            np.asarray(out)

    def compile(self, fn: Any) -> Any:
        """``tf.function(fn)``: traced into a graph on the first call with each new shape (the
        case's first call), with the arguments that are not tensors (``xp``, ``dtype``,
        ``device``) fixed in a closure rather than passed.

        tf.function accepts Python objects as arguments (as static values, part of its trace
        key) but computes that key on every call: passing the ``xp`` module cost about 50 µs per
        call here over a function of tensors alone (~150 µs), a cost no user pays who writes
        ``tf.function`` over tensors. So one tf.function is made per set of static values.
        """
        import inspect

        tf = _tf()
        names = list(inspect.signature(fn).parameters)
        static = {name for name in names if name in STATIC_ARGUMENTS}
        if not static:
            return tf.function(fn)
        graphs: dict[tuple[int, ...], Any] = {}

        def call(*args: Any, **kwargs: Any) -> Any:
            bound = dict(zip(names, args, strict=False))  # the rest may come as keywords
            bound.update(kwargs)
            fixed = {k: bound.pop(k) for k in static if k in bound}
            key = tuple(id(fixed[k]) for k in sorted(fixed))
            graph = graphs.get(key)
            if graph is None:
                graph = graphs[key] = tf.function(_with(fn, fixed))
            return graph(**bound)

        return call

    #: TensorFlow keeps the time it spent building graphs, not how many it built.
    counts_compilations = False

    def compilations(self) -> int | None:
        """Microseconds tf.function has spent tracing graphs in this process: it grows with
        each trace (a new tf.function, or a new input signature of one)."""
        try:
            from tensorflow.python.eager.polymorphic_function import tracing_compilation
        except ImportError:  # a TensorFlow that moved it: cannot tell
            return None
        counter = getattr(tracing_compilation, "_graph_building_time_counter", None)
        if counter is None:
            return None
        return int(counter.get_cell().value())

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        # Nothing to set here: see threads_fixed_at_start. The runner records the real count.
        return contextlib.nullcontext()

    def info(self) -> dict[str, Any]:
        tf = _tf()
        build = tf.sysconfig.get_build_info()
        intra = tf.config.threading.get_intra_op_parallelism_threads()
        inter = tf.config.threading.get_inter_op_parallelism_threads()
        info: dict[str, Any] = {
            "version": tf.__version__,
            # 0 means "TF's choice": every core for intra-op work, unless the env says otherwise.
            "threads": intra or _env_int(THREAD_ENV[0]) or usable_cores(),
            "interop_threads": inter or _env_int(THREAD_ENV[1]) or "TF's choice",
            "onednn": os.environ.get("TF_ENABLE_ONEDNN_OPTS", "1") not in ("0", "false"),
            "devices": self.devices(),
            "cuda": build.get("cuda_version"),
        }
        gpus = tf.config.list_physical_devices("GPU")
        if gpus:
            info["gpus"] = [
                tf.config.experimental.get_device_details(g).get("device_name", g.name)
                for g in gpus
            ]
        return info


def _with(fn: Any, fixed: dict[str, Any]) -> Any:
    def tensors_only(**tensors: Any) -> Any:
        return fn(**tensors, **fixed)

    return tensors_only


def _env_int(name: str) -> int | None:
    try:
        return int(os.environ[name])
    except (KeyError, ValueError):
        return None
