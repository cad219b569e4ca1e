"""The machine's limits, measured once and cached: memory bandwidth, GEMM peak, dispatch cost.

    bandwidth   STREAM kernels on float64 arrays 4x the last-level cache, counted as STREAM counts
                (copy a = b: 2 arrays; add a = b + c and triad a = b + s*c: 3 arrays, 8 B each)
    gemm        one n x n matmul per backend and dtype, 2 n^3 flops, n grown until a call is long
    dispatch    the fixed cost of one tiny op (1-element add) per backend: what a loop pays per call
    floor       the harness's own per-call cost (:func:`~arraybench.measure.timer.measure_floor`)

With a CUDA device (seen through torch), the GPU's own limits too, as figures on device "cuda":

    bandwidth   a device-to-device copy of a large buffer (1 GiB), counted as read + write
    gemm        n x n matmul per dtype (float64, float32, tf32, bfloat16, float16), n up to 8192
    dispatch    one tiny kernel: queued launches (``launch``) and a launch waited for
                (``launch + sync``, the round trip a Python loop over GPU calls pays)
    transfer    host-to-device and device-to-host copies, from pageable and from pinned memory

The GPU is driven through :class:`GpuOps` (torch's CUDA in :class:`TorchCuda`), so the arithmetic
and bookkeeping can be tested with a fake device and a fake clock. Every GPU figure is timed as
the CPU ones are, with a device synchronize before each sample's end.

Every figure is timed by the engine itself (first call, calibration, warm-up, samples to a CI), so
it comes with the same rigour and confidence interval as any case. The figures make a
:class:`~arraybench.measure.profile.MachineProfile`, whose file and per-machine cache are in
:mod:`arraybench.measure.profile`; what they say about a case (the roofline) is analysed in
:mod:`arraybench.analysis.roofline`.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..backends.base import usable_cores
from ..base.errors import ConfigError
from ..results import Floor, Skip
from .clock import Clock, PerfCounterClock
from .env import load_average, memory_bytes
from .profile import (
    BANDWIDTH,
    CUDA,
    DISPATCH,
    GEMM,
    GEMM_DTYPES,
    ONE_THREAD,
    TF32,
    TRANSFER,
    Figure,
    MachineProfile,
    machine_key,
)
from .timer import TimerSettings, first_call, measure, measure_floor

#: Backends the probe knows how to measure, in the order it measures them.
KNOWN_BACKENDS = ("python", "numpy", "torch", "jax", "autograd")

#: STREAM's rule: arrays at least 4x the last-level cache, so every pass streams from memory.
LLC_FACTOR = 4
#: Bytes per array when the cache size cannot be read (above any desktop or laptop L3 / 4).
DEFAULT_ARRAY_BYTES = 64 * 2**20
#: Never allocate more than this per array (3 arrays): a 256 MiB L3 would otherwise ask for 3 GiB.
MAX_ARRAY_BYTES = 256 * 2**20
#: ... nor more than this share of the machine's memory per array.
MAX_MEMORY_SHARE = 1 / 16
#: GEMM sizes tried in turn; the first whose call takes GEMM_MIN_CALL_S is measured, so a BLAS on
#: many cores is timed on a matrix large enough to reach its peak, a slow one on a small one.
GEMM_SIZES = (256, 512, 1024, 2048, 4096)
#: A GEMM call this long amortises the Python call and BLAS dispatch to well under 1%.
GEMM_MIN_CALL_S = 5e-3
#: Warm calls timed to choose a GEMM size (their minimum is used).
GEMM_SIZE_TRIALS = 2
#: A GEMM timed this many times faster than gemm_min_call was sized in a busy moment: retry larger.
GEMM_MISLED = 4
#: The scalar of STREAM's triad (any value; STREAM uses 3.0).
TRIAD_SCALAR = 3.0
#: GPU GEMM dtypes probed (:data:`~arraybench.measure.profile.TF32`: float32 on tensor cores).
GPU_GEMM_DTYPES = ("float64", "float32", TF32, "bfloat16", "float16")
#: GPU matmul sizes tried in turn: an H100 reaches its bf16 peak only near 8192 (about 1.4 ms per
#: product there), and a GPU with slow float64 passes the 5 ms mark at 4096.
GPU_GEMM_SIZES = (2048, 4096, 8192)
#: Bytes of the device-to-device copy: far beyond any GPU's L2 cache (50 MiB on an H100).
GPU_COPY_BYTES = 2**30
#: Bytes of each host<->device copy: long enough (about 10 ms on PCIe 5) to hide the launch.
GPU_TRANSFER_BYTES = 256 * 2**20
#: Never take more than this share of the GPU's free memory for one buffer.
GPU_MEMORY_SHARE = 1 / 8
#: What the probe says, and does, without a GPU.
NO_CUDA = "no CUDA device: GPU limits not measured"
#: The names of the transfer figures.
H2D, D2H = "host to device", "device to host"


@dataclass(frozen=True)
class ProbeSettings:
    """How long and how large the probe measures.

    Attributes:
        budget: seconds of timing per bandwidth or GEMM figure.
        dispatch_budget: seconds of timing per dispatch figure (cheap calls converge fast).
        array_bytes: bytes per bandwidth array; None reads the last-level cache (4x its size).
        gemm_sizes: matmul sizes tried in turn (see GEMM_SIZES).
        gemm_min_call: seconds one GEMM call must take for its size to be chosen.
        target: relative half-width of the 95% CI at which sampling stops.
        gpu_copy_bytes: bytes of the GPU's device-to-device copy (see GPU_COPY_BYTES).
        gpu_gemm_sizes: GPU matmul sizes tried in turn (see GPU_GEMM_SIZES).
        gpu_transfer_bytes: bytes of each host<->device copy (see GPU_TRANSFER_BYTES).
    """

    budget: float = 0.6
    dispatch_budget: float = 0.3
    array_bytes: int | None = None
    gemm_sizes: tuple[int, ...] = GEMM_SIZES
    gemm_min_call: float = GEMM_MIN_CALL_S
    target: float = 0.02
    gpu_copy_bytes: int = GPU_COPY_BYTES
    gpu_gemm_sizes: tuple[int, ...] = GPU_GEMM_SIZES
    gpu_transfer_bytes: int = GPU_TRANSFER_BYTES


#: A full probe: about 15 s on 2 cores with NumPy, torch and JAX (most of it importing them).
FULL = ProbeSettings()
#: ``--quick``: a few samples per figure, a few seconds in all; CIs are wider.
QUICK = ProbeSettings(budget=0.12, dispatch_budget=0.06, target=0.05)

#: Called with a short description before each figure is measured.
Progress = Callable[[str], None]


# ---------------------------------------------------------------------------------------------
# The machine key and the cache


# ---------------------------------------------------------------------------------------------
# Measuring


def last_level_cache_bytes() -> int | None:
    """Size of cpu0's highest-level data or unified cache, from sysfs (Linux), or None."""
    base = Path("/sys/devices/system/cpu/cpu0/cache")
    best: tuple[int, int] | None = None
    try:
        for d in base.glob("index*"):
            kind = (d / "type").read_text().strip()
            if kind == "Instruction":
                continue
            level = int((d / "level").read_text().strip())
            size = _parse_size((d / "size").read_text().strip())
            if size and (best is None or level > best[0]):
                best = (level, size)
    except (OSError, ValueError):
        return None
    return best[1] if best else None


def _parse_size(text: str) -> int | None:
    units = {"K": 2**10, "M": 2**20, "G": 2**30}
    if not text:
        return None
    if text[-1].upper() in units:
        return int(text[:-1]) * units[text[-1].upper()]
    return int(text)


def array_bytes_for(llc: int | None, memory: int | None) -> int:
    """Bytes per bandwidth array: LLC_FACTOR x the cache, within DEFAULT/MAX and memory limits."""
    n = LLC_FACTOR * llc if llc else DEFAULT_ARRAY_BYTES
    n = min(n, MAX_ARRAY_BYTES)
    if memory:
        n = min(n, int(memory * MAX_MEMORY_SHARE))
    return max(n, 8)


def _nosync(_: Any) -> None:
    return None


def _jax_sync(out: Any) -> None:
    if out is not None:
        import jax

        jax.block_until_ready(out)


class _Prober:
    def __init__(
        self, settings: ProbeSettings, clock: Clock, progress: Progress | None, floor: Floor
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.progress = progress
        self.floor = floor
        self.figures: list[Figure] = []
        self.skipped: list[Skip] = []

    def timed(
        self,
        kind: str,
        backend: str,
        name: str,
        size: int,
        work: float,
        call: Callable[[], Any],
        sync: Callable[[Any], None] = _nosync,
        device: str = "cpu",
    ) -> Figure | None:
        """Time ``call`` with the engine and keep the figure; a failure is kept as a skip."""
        if self.progress:
            where = "" if device == "cpu" else f" on {device}"
            self.progress(f"{kind}: {backend} {name}{where}")
        budget = self.settings.dispatch_budget if kind == DISPATCH else self.settings.budget
        timer = TimerSettings(budget=budget, target=self.settings.target)
        try:
            _, first = first_call(call, sync, self.clock)
            # Dispatch figures sit at the harness floor by design: no "near floor" warning there.
            floor = None if kind == DISPATCH else self.floor
            m = measure(call, sync, self.clock, timer, first=first, floor=floor)
        except Exception as e:  # one figure failing never stops the probe
            where = "" if device == "cpu" else f" {device}"
            self.skip(f"{kind} {backend}{where} {name}", f"{type(e).__name__}: {e}")
            return None
        fig = Figure(kind, backend, name, size, work, m, device)
        self.figures.append(fig)
        return fig

    def skip(self, what: str, why: str) -> None:
        self.skipped.append(Skip(what, why))

    @contextlib.contextmanager
    def guard(self, what: str) -> Iterator[None]:
        """Record an exception while preparing ``what`` as a skip, and carry on."""
        try:
            yield
        except Exception as e:
            self.skip(what, f"{type(e).__name__}: {e}")

    def gemm(
        self,
        backend: str,
        dtype: str,
        call_at: Callable[[int], tuple[Callable[[], Any], Callable[[Any], None]]],
        name: str | None = None,
        *,
        sizes: Sequence[int] | None = None,
        device: str = "cpu",
    ) -> None:
        """Choose a matmul size (see gemm_size), time it, and choose again once if it misled.

        On a busy machine a small matmul can take gemm_min_call while the size is chosen (its
        BLAS threads waiting for a preempted one) and far less once timed: a size chosen in
        such a moment is replaced by the next larger one.
        """
        sizes = tuple(sizes if sizes is not None else self.settings.gemm_sizes)
        name = name or dtype
        n, call, sync = self.gemm_size(call_at, sizes)
        fig = self.timed(GEMM, backend, name, n, 2.0 * n**3, call, sync, device)
        larger = tuple(s for s in sizes if s > n)
        if fig and larger and fig.measurement.median < self.settings.gemm_min_call / GEMM_MISLED:
            self.figures.remove(fig)
            n, call, sync = self.gemm_size(call_at, larger)
            self.timed(GEMM, backend, name, n, 2.0 * n**3, call, sync, device)

    def gemm_size(
        self,
        call_at: Callable[[int], tuple[Callable[[], Any], Callable[[Any], None]]],
        sizes: Sequence[int],
    ) -> tuple[int, Callable[[], Any], Callable[[Any], None]]:
        """The first of ``sizes`` whose warm call takes gemm_min_call (else the largest)."""
        for i, n in enumerate(sizes):
            call, sync = call_at(n)
            first_call(call, sync, self.clock)  # cold: allocation, BLAS thread start-up, JIT
            # The faster of two warm calls: one call preempted by another process must not pass.
            took = min(first_call(call, sync, self.clock)[1] for _ in range(GEMM_SIZE_TRIALS))
            if took >= self.settings.gemm_min_call or i == len(sizes) - 1:
                return n, call, sync
        raise ConfigError("ProbeSettings.gemm_sizes is empty: give at least one matmul size")


def probe(
    backends: Sequence[str] | None = None,
    quick: bool = False,
    progress: Progress | None = None,
    *,
    settings: ProbeSettings | None = None,
    clock: Clock | None = None,
    gpu: GpuOps | None = None,
) -> MachineProfile:
    """Measure this machine's limits: bandwidth, GEMM peak, dispatch cost, harness floor, and,
    with a CUDA device, the GPU's (see the module's docstring).

    Args:
        backends: which of KNOWN_BACKENDS to measure (default: all that are installed).
        quick: fewer samples (a few seconds in all); ignored when ``settings`` is given.
        progress: called with a short description before each figure.
        settings: sizes and budgets, overriding FULL / QUICK (tests use tiny ones).
        clock: the clock to time with.
        gpu: the GPU to measure (default: torch's CUDA device, when torch is measured); tests
            pass a fake.

    Returns:
        A :class:`MachineProfile`; not saved (see :func:`~arraybench.measure.profile.save`).

    Raises:
        ConfigError: a backend name the probe does not know.
    """
    from .. import backends as _backends

    names = tuple(backends) if backends is not None else KNOWN_BACKENDS
    unknown = [b for b in names if b not in KNOWN_BACKENDS]
    if unknown:
        raise ConfigError(
            f"the probe cannot measure {', '.join(unknown)}: it knows {', '.join(KNOWN_BACKENDS)}"
        )
    settings = settings or (QUICK if quick else FULL)
    clock = clock or PerfCounterClock()
    started = time.perf_counter()
    measured_at = _dt.datetime.now(_dt.UTC).astimezone().isoformat(timespec="seconds")
    key = machine_key()
    load_before = load_average()
    cpu_before = _cpu_times()
    if progress:
        progress("harness floor")
    floor = measure_floor(clock)
    p = _Prober(settings, clock, progress, floor)

    available: list[str] = []
    for name in names:
        try:
            ok, reason = _backends.get(name).available()
        except Exception as e:
            ok, reason = False, f"{type(e).__name__}: {e}"
        if ok:
            available.append(name)
        else:
            p.skip(name, reason)

    llc = last_level_cache_bytes()
    nbytes = settings.array_bytes or array_bytes_for(llc, memory_bytes())
    _bandwidth(p, [b for b in available if b in ("numpy", "torch")], nbytes)
    for b in available:
        if b in ("numpy", "torch", "jax"):
            for dtype in GEMM_DTYPES:
                with p.guard(f"gemm {b} {dtype}"):
                    _gemm(p, b, dtype)
        if b in ("numpy", "torch") and usable_cores() > 1:
            # The same product on one thread: all the cores should never be slower.
            one = ONE_THREAD.format(dtype="float64")
            with p.guard(f"gemm {b} {one}"), _backends.get(b).threads(1):
                _gemm(p, b, "float64", name=one)
    for b in available:
        with p.guard(f"dispatch {b}"):
            _dispatch(p, b)
    gpu_info = _gpu_limits(p, gpu, "torch" in available)

    info: dict[str, Any] = {
        "quick": settings == QUICK,
        "settings": {
            "budget": settings.budget,
            "dispatch_budget": settings.dispatch_budget,
            "target": settings.target,
        },
        "llc_bytes": llc,
        "array_bytes": nbytes,
        "threads": _threads(available),
        "elapsed": time.perf_counter() - started,
        "usable_cores": usable_cores(),
        "load_before": list(load_before) if load_before else None,
        "others_cpu": _others_share(cpu_before, _cpu_times()),
        "gpu": gpu_info,
    }
    return MachineProfile(
        key=key,
        measured_at=measured_at,
        figures=tuple(p.figures),
        floor=floor,
        skipped=tuple(p.skipped),
        info=info,
    )


def _bandwidth(p: _Prober, backends: Sequence[str], nbytes: int) -> None:
    if not backends:
        return
    n = max(1, nbytes // 8)
    try:
        # Filled, not np.empty: untouched pages would be mapped during the first timed pass.
        a = np.full(n, 0.0)
        b = np.full(n, 1.0)
        c = np.full(n, 2.0)
    except MemoryError:
        p.skip("bandwidth", f"cannot allocate 3 arrays of {nbytes / 2**20:.0f} MiB")
        return
    copy_bytes, three_bytes = 2 * 8 * n, 3 * 8 * n
    if "numpy" in backends:
        # No triad: NumPy cannot compute b + s*c in one pass without a temporary, and a two-pass
        # triad moves 5 arrays while STREAM counts 3. add (a = b + c) is one pass over 3 arrays.
        p.timed(BANDWIDTH, "numpy", "copy", n, copy_bytes, lambda: np.copyto(a, b))
        p.timed(BANDWIDTH, "numpy", "add", n, three_bytes, lambda: np.add(b, c, out=a))
    if "torch" in backends:
        with p.guard("bandwidth torch"):
            import torch

            # Views of the NumPy arrays: no second copy of 3 large arrays.
            ta, tb, tc = torch.from_numpy(a), torch.from_numpy(b), torch.from_numpy(c)
            p.timed(BANDWIDTH, "torch", "copy", n, copy_bytes, lambda: ta.copy_(tb))
            p.timed(BANDWIDTH, "torch", "add", n, three_bytes, lambda: torch.add(tb, tc, out=ta))
            p.timed(
                BANDWIDTH,
                "torch",
                "triad",
                n,
                three_bytes,
                lambda: torch.add(tb, tc, alpha=TRIAD_SCALAR, out=ta),
            )


def _gemm(p: _Prober, backend: str, dtype: str, name: str | None = None) -> None:
    rng = np.random.default_rng(0)

    def host(n: int) -> tuple[np.ndarray, np.ndarray]:
        return (
            rng.uniform(-1.0, 1.0, (n, n)).astype(dtype),
            rng.uniform(-1.0, 1.0, (n, n)).astype(dtype),
        )

    Prepared = tuple[Callable[[], Any], Callable[[Any], None]]

    if backend == "numpy":

        def at(n: int) -> Prepared:
            x, y = host(n)
            out = np.empty((n, n), dtype=dtype)
            return (lambda: np.matmul(x, y, out=out)), _nosync

        p.gemm(backend, dtype, at, name)
    elif backend == "torch":
        import torch

        def at(n: int) -> Prepared:
            x, y = (torch.from_numpy(v) for v in host(n))
            out = torch.empty((n, n), dtype=getattr(torch, dtype))
            return (lambda: torch.matmul(x, y, out=out)), _nosync

        p.gemm(backend, dtype, at, name)
    elif backend == "jax":
        import jax
        import jax.numpy as jnp

        cpu = _jax_cpu()
        with _jax_x64(dtype == "float64"):
            matmul = jax.jit(jnp.matmul)

            def at(n: int) -> Prepared:
                # Committed to the CPU: jit runs where its inputs are.
                x, y = (jax.device_put(v, cpu) for v in host(n))
                return (lambda: matmul(x, y)), _jax_sync

            p.gemm(backend, dtype, at, name)


def _jax_cpu() -> Any:
    """JAX's CPU device. These figures are the CPU's: on a machine with a GPU, JAX's default
    device is the GPU, and arrays made without a device (``jnp.asarray``) would put the GPU's
    matmul peak and dispatch cost in the CPU's rows."""
    from ..backends.jax import share_gpu_memory

    share_gpu_memory()  # the GPU probe (torch) comes after, in this process
    import jax

    return jax.devices("cpu")[0]


@contextlib.contextmanager
def _jax_x64(on: bool) -> Iterator[None]:
    """Let JAX hold float64 inside the block only, where this JAX can scope it; else globally."""
    if not on:
        yield
        return
    import jax

    scoped = getattr(jax, "enable_x64", None)
    if scoped is not None:
        with scoped(True):
            yield
        return
    from ..backends.jax import enable_x64

    enable_x64()
    yield


def _dispatch(p: _Prober, backend: str) -> None:
    """The cost of one tiny add: what every op in a Python loop over elements pays."""
    if backend == "python":
        u, v = 1.5, 2.5
        p.timed(DISPATCH, "python", "float add", 1, 0.0, lambda: u + v)
    elif backend == "numpy":
        x, y = np.ones(1, np.float32), np.ones(1, np.float32)
        p.timed(DISPATCH, "numpy", "add", 1, 0.0, lambda: x + y)
    elif backend == "torch":
        import torch

        tx, ty = torch.ones(1), torch.ones(1)
        p.timed(DISPATCH, "torch", "add", 1, 0.0, lambda: tx + ty)
    elif backend == "jax":
        import jax

        cpu = _jax_cpu()
        jx, jy = (jax.device_put(np.ones(1, np.float32), cpu) for _ in range(2))
        add = jax.jit(lambda a, b: a + b)
        p.timed(DISPATCH, "jax", "jit add", 1, 0.0, lambda: add(jx, jy), _jax_sync)
        p.timed(DISPATCH, "jax", "eager add", 1, 0.0, lambda: jx + jy, _jax_sync)
    elif backend == "autograd":
        import autograd.numpy as anp

        ax, ay = np.ones(1, np.float32), np.ones(1, np.float32)
        p.timed(DISPATCH, "autograd", "add", 1, 0.0, lambda: anp.add(ax, ay))


# ---------------------------------------------------------------------------------------------
# The GPU


class GpuOps(Protocol):
    """The device functions the GPU probe needs: each prepares its buffers (outside the clock)
    and returns the call to time. :class:`TorchCuda` is the real one; tests pass a fake whose
    calls advance a fake clock."""

    backend: str

    def present(self) -> bool:
        """Whether there is a device to measure."""
        ...

    def describe(self) -> dict[str, Any]:
        """The device: ``name``, ``memory_bytes``, ``free_bytes``, ``l2_bytes``, versions."""
        ...

    def sync(self, out: Any = None) -> None:
        """Wait until the work queued on the device is done."""
        ...

    def copy(self, n: int) -> Callable[[], Any]:
        """A device-to-device copy of ``n`` float64 elements."""
        ...

    def matmul(self, n: int, dtype: str) -> Callable[[], Any]:
        """An ``n x n`` product in ``dtype`` (``tf32``: float32, run inside :meth:`tf32`)."""
        ...

    def tf32(self) -> contextlib.AbstractContextManager[None]:
        """A block in which float32 products use TF32 tensor cores; restores the setting."""
        ...

    def launch(self) -> Callable[[], Any]:
        """One tiny kernel (a 1-element add), queued and not waited for."""
        ...

    def transfer(self, n: int, to_device: bool, pinned: bool) -> Callable[[], Any]:
        """A copy of ``n`` float64 elements between host (pinned or pageable) and device."""
        ...

    def release(self) -> None:
        """Give cached device memory back between figures."""
        ...


def _gpu_limits(p: _Prober, ops: GpuOps | None, torch_measured: bool) -> Any:
    """Measure the GPU's limits where there is one: ``info["gpu"]``, the device's description,
    or a sentence saying why its limits were not measured (then nothing else is done)."""
    if ops is None:
        if not torch_measured:
            return "GPU limits not measured: they are measured with torch, which was not probed"
        ops = TorchCuda()
    try:
        present = ops.present()
    except Exception as e:  # a broken driver is no device: say so, measure the rest
        return f"{NO_CUDA} ({type(e).__name__}: {e})"
    if not present:
        return NO_CUDA
    described: dict[str, Any] = {}
    with p.guard("GPU limits"):
        described = ops.describe()
        _gpu(p, ops, described.get("free_bytes"))
    return described


def _gpu_bytes(wanted: int, free: Any) -> int:
    """Elements (8 bytes each) of a buffer of ``wanted`` bytes, within GPU_MEMORY_SHARE of free."""
    nbytes = wanted
    if isinstance(free, int | float) and free > 0:
        nbytes = min(nbytes, int(free * GPU_MEMORY_SHARE))
    return max(1, nbytes // 8)


def _gpu(p: _Prober, ops: GpuOps, free: Any) -> None:
    """The GPU's figures, all on device "cuda", each timed with a synchronize before a sample
    ends; a figure that fails (out of memory, an unsupported dtype) is kept as a skip."""
    s, b = p.settings, ops.backend
    n = _gpu_bytes(s.gpu_copy_bytes, free)
    with p.guard(f"bandwidth {b} {CUDA} copy"):
        # Every element is read once and written once: 2 x 8 bytes, as STREAM counts a copy.
        p.timed(BANDWIDTH, b, "copy", n, 2.0 * 8 * n, ops.copy(n), ops.sync, CUDA)
    ops.release()
    for dtype in GPU_GEMM_DTYPES:
        with p.guard(f"gemm {b} {CUDA} {dtype}"):
            context = ops.tf32() if dtype == TF32 else contextlib.nullcontext()
            with context:
                p.gemm(b, dtype, _gpu_matmul_at(ops, dtype), sizes=s.gpu_gemm_sizes, device=CUDA)
        ops.release()
    with p.guard(f"dispatch {b} {CUDA} launch"):
        launch = ops.launch()
        # Queued: the host's cost to launch, the GPU running behind (sync only at a sample's
        # end). Waited for: what a loop that reads each result back pays per kernel.
        p.timed(DISPATCH, b, "launch", 1, 0.0, launch, ops.sync, CUDA)
        p.timed(DISPATCH, b, "launch + sync", 1, 0.0, lambda: ops.sync(launch()), ops.sync, CUDA)
    m = _gpu_bytes(s.gpu_transfer_bytes, free)
    for to_device in (True, False):
        for pinned in (False, True):
            name = f"{H2D if to_device else D2H}, {'pinned' if pinned else 'pageable'}"
            with p.guard(f"transfer {b} {CUDA} {name}"):
                call = ops.transfer(m, to_device, pinned)
                p.timed(TRANSFER, b, name, m, 8.0 * m, call, ops.sync, CUDA)
            ops.release()


def _gpu_matmul_at(
    ops: GpuOps, dtype: str
) -> Callable[[int], tuple[Callable[[], Any], Callable[[Any], None]]]:
    def at(n: int) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        return ops.matmul(n, dtype), ops.sync

    return at


class TorchCuda:
    """The GPU through torch's CUDA: device 0, its current stream."""

    backend = "torch"

    def present(self) -> bool:
        import torch

        return bool(torch.cuda.is_available())

    def describe(self) -> dict[str, Any]:
        import torch

        props = torch.cuda.get_device_properties(0)
        free, total = torch.cuda.mem_get_info(0)
        return {
            "name": torch.cuda.get_device_name(0),
            "memory_bytes": int(total),
            "free_bytes": int(free),
            "l2_bytes": getattr(props, "L2_cache_size", None),
            "multiprocessors": getattr(props, "multi_processor_count", None),
            "capability": f"{props.major}.{props.minor}",
            "cuda": torch.version.cuda,
            "torch": torch.__version__,
        }

    def sync(self, out: Any = None) -> None:
        import torch

        torch.cuda.synchronize()

    def copy(self, n: int) -> Callable[[], Any]:
        import torch

        src = torch.rand(n, dtype=torch.float64, device=CUDA)
        dst = torch.empty_like(src)
        return lambda: dst.copy_(src)

    def matmul(self, n: int, dtype: str) -> Callable[[], Any]:
        import torch

        dt = torch.float32 if dtype == TF32 else getattr(torch, dtype)
        x = torch.rand((n, n), dtype=dt, device=CUDA) - 0.5
        y = torch.rand((n, n), dtype=dt, device=CUDA) - 0.5
        out = torch.empty((n, n), dtype=dt, device=CUDA)
        return lambda: torch.matmul(x, y, out=out)

    def tf32(self) -> contextlib.AbstractContextManager[None]:
        import torch

        return torch_tf32(torch)

    def launch(self) -> Callable[[], Any]:
        import torch

        x = torch.zeros(1, device=CUDA)
        return lambda: x.add_(1.0)

    def transfer(self, n: int, to_device: bool, pinned: bool) -> Callable[[], Any]:
        import torch

        # Filled, not empty: untouched host pages would be mapped during the first copy.
        host = torch.from_numpy(np.full(n, 1.0))
        if pinned:
            host = host.pin_memory()
        dev = torch.empty(n, dtype=torch.float64, device=CUDA)
        if to_device:
            return lambda: dev.copy_(host, non_blocking=pinned)
        return lambda: host.copy_(dev, non_blocking=pinned)

    def release(self) -> None:
        import torch

        torch.cuda.empty_cache()


@contextlib.contextmanager
def torch_tf32(torch: Any) -> Iterator[None]:
    """Float32 matmuls on TF32 tensor cores inside the block, the previous setting restored.

    torch 2.9 and later set this through ``torch.backends.cuda.matmul.fp32_precision`` ("tf32",
    "ieee", or "none": inherit ``torch.backends.fp32_precision``). Their old flag, ``allow_tf32``,
    warns there, and reading it raises RuntimeError once anything in the process has used the new
    API (``torch.set_float32_matmul_precision`` included): the new one is used wherever it exists,
    so the block works whatever the user's code set before.
    """
    matmul = torch.backends.cuda.matmul
    new_api = hasattr(torch.backends, "fp32_precision")
    name, on = ("fp32_precision", "tf32") if new_api else ("allow_tf32", True)
    before = getattr(matmul, name)
    setattr(matmul, name, on)
    try:
        yield
    finally:
        setattr(matmul, name, before)


def _cpu_times() -> tuple[float, float, float, int] | None:
    """(machine busy CPU seconds, this process's CPU seconds, wall seconds, CPUs), Linux only."""
    try:
        import resource

        with open("/proc/stat", encoding="ascii") as f:
            lines = f.read().splitlines()
        fields = [int(v) for v in lines[0].split()[1:]]
        cpus = sum(1 for line in lines if line.startswith("cpu") and line[3:4].isdigit())
        tick = os.sysconf("SC_CLK_TCK")
        # user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
        busy = sum(fields[:8]) - fields[3] - fields[4]
        own = resource.getrusage(resource.RUSAGE_SELF)
        return busy / tick, own.ru_utime + own.ru_stime, time.perf_counter(), cpus
    except (OSError, ValueError, IndexError, ImportError, AttributeError):
        return None


def _others_share(
    before: tuple[float, float, float, int] | None, after: tuple[float, float, float, int] | None
) -> float | None:
    """Share of all CPUs' time used by other programs (and the hypervisor) between two reads."""
    if before is None or after is None:
        return None
    wall = after[2] - before[2]
    if wall <= 0 or after[3] < 1:
        return None
    others = (after[0] - before[0]) - (after[1] - before[1])
    return round(max(0.0, others / (wall * after[3])), 3)


def _threads(backends: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    try:
        from ..backends.base import blas_info

        out["blas"] = [
            {k: pool.get(k) for k in ("vendor", "threads", "library")} for pool in blas_info()
        ]
    except Exception:  # thread counts are context, never a reason to fail
        pass
    if "torch" in backends:
        with contextlib.suppress(Exception):
            import torch

            out["torch"] = torch.get_num_threads()
    return out
