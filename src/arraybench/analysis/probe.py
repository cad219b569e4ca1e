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
it comes with the same rigour and confidence interval as any case. A profile is keyed by the machine
(hostname, CPU model, core count, Python and library versions) and cached as JSON under
``$ARRAYBENCH_CACHE``, ``$XDG_CACHE_HOME/arraybench`` or ``~/.cache/arraybench``: a new library
version is a new key, so the machine is measured again.

Format history (``"version"`` in the file):
    1  (arraybench 0.1) figures with their raw measurements, floor, skips, machine key.
    2  GPU figures (device "cuda"), the kind ``transfer``, ``info["gpu"]`` (the device, or why it
       was not measured); the key names the GPUs and NVIDIA driver where there are any.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import json
import os
import platform
import socket
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from .._files import atomic_write, cache_dir
from ..errors import ArraybenchError, ConfigError, ResultsFormatError
from ..measure.clock import Clock, PerfCounterClock
from ..measure.env import cpu_model, load_average, memory_bytes, usable_cores
from ..measure.timer import TimerSettings, first_call, measure, measure_floor
from ..results import Floor, Measurement, RunResult, Skip

FORMAT_NAME = "arraybench.probe"
FORMAT_VERSION = 2

BANDWIDTH, GEMM, DISPATCH, TRANSFER = "bandwidth", "gemm", "dispatch", "transfer"
KINDS = (BANDWIDTH, GEMM, DISPATCH, TRANSFER)
CUDA = "cuda"

#: Backends the probe knows how to measure, in the order it measures them.
KNOWN_BACKENDS = ("python", "numpy", "torch", "jax", "autograd")
#: Libraries whose versions are part of the machine key: a new version may be faster or slower.
KEY_LIBRARIES = ("numpy", "torch", "jax", "jaxlib", "autograd")
#: GEMM dtypes probed: the two every backend computes natively on a CPU.
GEMM_DTYPES = ("float32", "float64")

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
#: Other programs using this share of the machine's CPU time during the probe make it "busy":
#: threaded BLAS and OpenMP then wait for preempted threads, and peaks can drop many times over
#: (a quarter is one of 4 cores, or half of one of 2, fully taken).
BUSY_SHARE = 0.25
#: Warm calls timed to choose a GEMM size (their minimum is used).
GEMM_SIZE_TRIALS = 2
#: A GEMM timed this many times faster than gemm_min_call was sized in a busy moment: retry larger.
GEMM_MISLED = 4
#: The scalar of STREAM's triad (any value; STREAM uses 3.0).
TRIAD_SCALAR = 3.0
#: The name of the one-thread GEMM figure of a dtype, measured beside the all-threads one on a
#: machine of several cores, so that threads that hinder instead of help are seen.
ONE_THREAD = "{dtype}, 1 thread"
#: GPU GEMM dtypes probed. ``tf32`` is a float32 product on TF32 tensor cores
#: (``torch.backends.cuda.matmul.allow_tf32``, off by default in torch): a float32 case is set
#: against ``float32`` (what it computes in unless it turns TF32 on), never against ``tf32``.
TF32 = "tf32"
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

#: Threads "collapse" when all of them together reach less than this times one thread's rate:
#: more cores should never be slower, and 0.9 leaves room for the noise of two figures.
COLLAPSE = 0.9


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


@dataclass(frozen=True)
class Figure:
    """One measured limit.

    Attributes:
        kind: ``bandwidth``, ``gemm``, ``dispatch`` or ``transfer`` (host<->device).
        backend: the library measured (``python``, ``numpy``, ``torch``, ``jax``, ``autograd``).
        name: the kernel (``copy``, ``add``, ``triad``), the GEMM dtype, or the dispatch variant.
        size: elements per array (bandwidth, transfer: 8-byte elements), n of the n x n matmul
            (gemm), 1 (dispatch).
        work: bytes (bandwidth, transfer) or flops (gemm) per call, as STREAM and BLAS count
            them; 0 for dispatch.
        measurement: the engine's timing of one call.
        device: where it ran.
    """

    kind: str
    backend: str
    name: str
    size: int
    work: float
    measurement: Measurement
    device: str = "cpu"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")

    @property
    def label(self) -> str:
        return f"{self.backend} {self.name}"

    @property
    def value(self) -> float:
        """GB/s (bandwidth, transfer), GFLOP/s (gemm) or seconds per call (dispatch), from the
        median."""
        return self._of(self.measurement.median)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% CI of :attr:`value`, low to high (a rate's bounds come from the time's)."""
        lo, hi = self.measurement.ci
        a, b = self._of(lo), self._of(hi)
        return (min(a, b), max(a, b))

    def _of(self, seconds: float) -> float:
        if self.kind == DISPATCH:
            return seconds
        return self.work / seconds / 1e9 if seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "backend": self.backend,
            "name": self.name,
            "size": self.size,
            "work": self.work,
            "device": self.device,
            "measurement": self.measurement.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Figure:
        try:
            return cls(
                kind=str(d["kind"]),
                backend=str(d["backend"]),
                name=str(d["name"]),
                size=int(d["size"]),
                work=float(d["work"]),
                device=str(d.get("device", "cpu")),
                measurement=Measurement.from_dict(d["measurement"]),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ResultsFormatError(f"a probe figure is malformed: {e}") from None


@dataclass(frozen=True)
class MachineProfile:
    """What one machine can do, as measured by :func:`probe`.

    Attributes:
        key: the machine: hostname, CPU, cores, Python and library versions (None: not installed).
        measured_at: when, as an ISO 8601 timestamp with time zone.
        figures: every figure measured.
        floor: the harness's own cost per call.
        skipped: what was not measured, and why.
        info: how it was measured: array bytes, cache size, threads, elapsed seconds, quick or not.
    """

    key: Mapping[str, Any]
    measured_at: str
    figures: tuple[Figure, ...] = ()
    floor: Floor | None = None
    skipped: tuple[Skip, ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key_hash(self) -> str:
        return key_hash(self.key)

    def of_kind(self, kind: str, device: str = "cpu") -> list[Figure]:
        return [f for f in self.figures if f.kind == kind and f.device == device]

    @property
    def devices(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.device for f in self.figures))

    def bandwidth_figure(self, device: str = "cpu") -> Figure | None:
        """The fastest bandwidth figure: the machine's bandwidth is the best any library reaches."""
        figs = self.of_kind(BANDWIDTH, device)
        return max(figs, key=lambda f: f.value) if figs else None

    def bandwidth(self, device: str = "cpu") -> float | None:
        """Memory bandwidth in GB/s (10^9 bytes per second), or None if not measured."""
        f = self.bandwidth_figure(device)
        return f.value if f else None

    def gemm(self, device: str = "cpu") -> dict[str, dict[str, float]]:
        """GEMM peak in GFLOP/s by backend, then dtype."""
        out: dict[str, dict[str, float]] = {}
        for f in self.of_kind(GEMM, device):
            out.setdefault(f.backend, {})[f.name] = f.value
        return out

    def peak_flops(self, backend: str, dtype: str, device: str = "cpu") -> tuple[str, float] | None:
        """The GEMM peak that bounds ``backend`` in ``dtype``: (which backend's, GFLOP/s).

        That backend's own peak when it was probed; else the best backend's for the dtype (a pure
        Python or autograd kernel could at best call the fastest BLAS); None if no GEMM in that
        dtype was measured.
        """
        table = self.gemm(device)
        if dtype in table.get(backend, {}):
            return backend, table[backend][dtype]
        best = [(b, d[dtype]) for b, d in table.items() if dtype in d]
        return max(best, key=lambda x: x[1]) if best else None

    @property
    def busy(self) -> bool:
        """Whether other programs used the CPU while it was probed (see BUSY_SHARE).

        Judged by ``info["others_cpu"]`` where it was measured, else by the load average before.
        """
        others = self.info.get("others_cpu")
        if isinstance(others, int | float):
            return others >= BUSY_SHARE
        cores = self.info.get("usable_cores") or self.key.get("cores") or 1
        load = self.info.get("load_before")
        return isinstance(load, list | tuple) and bool(load) and load[0] >= BUSY_SHARE * cores

    def collapsed(self, device: str = "cpu") -> list[str]:
        """A sentence per library whose multi-threaded GEMM ran slower than its one-thread GEMM
        (below COLLAPSE times it): its threads wait for each other instead of working, because
        other programs or another library's pool hold the cores."""
        out = []
        cores = self.info.get("usable_cores") or self.key.get("cores")
        for backend, rates in self.gemm(device).items():
            for dtype in GEMM_DTYPES:
                one = rates.get(ONE_THREAD.format(dtype=dtype))
                every = rates.get(dtype)
                if one and every and every < COLLAPSE * one:
                    out.append(
                        f"{backend} {dtype} GEMM on all {cores} cores reached {every:,.1f} "
                        f"GFLOP/s, below its {one:,.1f} on one thread: its threads wait for "
                        "each other (other programs on the cores, or another library's pool "
                        "spinning beside it); measure with --threads 1 (the default)"
                    )
        return out

    def dispatch(self, device: str = "cpu") -> dict[str, float]:
        """Seconds per tiny op by label (``numpy add``, ``jax jit add``, ...)."""
        return {f.label: f.value for f in self.of_kind(DISPATCH, device)}

    def transfer(self, device: str = CUDA) -> dict[str, float]:
        """Host<->device GB/s by name (``host to device, pinned``, ...)."""
        return {f.name: f.value for f in self.of_kind(TRANSFER, device)}

    @property
    def gpu(self) -> Mapping[str, Any] | None:
        """The GPU whose limits were measured (name, memory, L2 cache...), or None."""
        g = self.info.get("gpu")
        return g if isinstance(g, Mapping) else None

    def cache_bytes(self, device: str = "cpu") -> int | None:
        """The last-level cache in front of ``device``'s memory: the CPU's, or the GPU's L2."""
        value = (self.gpu or {}).get("l2_bytes") if device != "cpu" else self.info.get("llc_bytes")
        return int(value) if isinstance(value, int | float) and value > 0 else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "key": dict(self.key),
            "key_hash": self.key_hash,
            "measured_at": self.measured_at,
            "figures": [f.to_dict() for f in self.figures],
            "floor": self.floor.to_dict() if self.floor else None,
            "skipped": [s.to_dict() for s in self.skipped],
            "info": dict(self.info),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MachineProfile:
        """Read a profile; :class:`ResultsFormatError` if it is not one this version can read."""
        if not isinstance(d, Mapping) or d.get("format") != FORMAT_NAME:
            raise ResultsFormatError(f"not an arraybench probe profile (no format {FORMAT_NAME!r})")
        version = d.get("version")
        if not isinstance(version, int) or version > FORMAT_VERSION:
            raise ResultsFormatError(
                f"probe profile format version {version!r} is newer than this arraybench reads "
                f"({FORMAT_VERSION}): upgrade arraybench, or re-measure with 'arraybench probe "
                "--force'"
            )
        try:
            floor = d.get("floor")
            return cls(
                key=dict(d["key"]),
                measured_at=str(d["measured_at"]),
                figures=tuple(Figure.from_dict(f) for f in d.get("figures", ())),
                floor=Floor(float(floor["clock_read"]), float(floor["call_overhead"]))
                if floor
                else None,
                skipped=tuple(Skip(str(s["what"]), str(s["reason"])) for s in d.get("skipped", ())),
                info=dict(d.get("info", {})),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ResultsFormatError(f"the probe profile is malformed: {e}") from None


# ---------------------------------------------------------------------------------------------
# The machine key and the cache


def library_versions() -> dict[str, str | None]:
    """Installed versions of KEY_LIBRARIES (None where not installed), read without importing."""
    out: dict[str, str | None] = {}
    for lib in KEY_LIBRARIES:
        try:
            out[lib] = metadata.version(lib)
        except metadata.PackageNotFoundError:
            out[lib] = None
    return out


def host_key() -> dict[str, Any]:
    """What identifies this machine alone, whatever software it runs (the stability record's
    key; part of :func:`machine_key`)."""
    return {
        "hostname": socket.gethostname(),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "machine": platform.machine(),
    }


def machine_key() -> dict[str, Any]:
    """What identifies this machine and software: a change to any part means a new probe."""
    return {
        **host_key(),
        "python": platform.python_version(),
        "libraries": library_versions(),
        # Only where there is an NVIDIA GPU, so that a CPU-only machine's key stays as it was.
        **nvidia_gpus(),
    }


def nvidia_gpus() -> dict[str, Any]:
    """The NVIDIA GPUs' models and driver version, read from /proc (Linux) without loading CUDA:
    ``{"gpus": [...], "nvidia_driver": "..."}``, or {} where there are none."""
    models: list[str] = []
    for path in sorted(Path("/proc/driver/nvidia/gpus").glob("*/information")):
        with contextlib.suppress(OSError, UnicodeDecodeError):
            lines = path.read_text().splitlines()
            models.extend(x.split(":", 1)[1].strip() for x in lines if x.startswith("Model:"))
    if not models:
        return {}
    driver = None
    with contextlib.suppress(OSError, UnicodeDecodeError):
        text = Path("/proc/driver/nvidia/version").read_text()
        words = [w for w in text.split() if w[:1].isdigit() and "." in w]
        driver = words[0] if words else None
    return {"gpus": models, "nvidia_driver": driver}


def key_hash(key: Mapping[str, Any]) -> str:
    """A short stable hash of a machine key (the cache file's name)."""
    text = json.dumps(key, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def cache_path(key: Mapping[str, Any] | None = None) -> Path:
    """The cache file for ``key`` (this machine's when None)."""
    return cache_dir() / f"probe-{key_hash(key if key is not None else machine_key())}.json"


def save(profile: MachineProfile) -> Path:
    """Write ``profile`` to its cache file atomically; returns the path.

    Raises:
        ArraybenchError: the cache folder cannot be written (the message names it and the fix).
    """
    path = cache_path(profile.key)
    try:
        atomic_write(path, json.dumps(profile.to_dict(), indent=1))
    except OSError as e:
        raise ArraybenchError(
            f"cannot write the probe cache {path}: {e.strerror or e}; set ARRAYBENCH_CACHE to a "
            "writable folder"
        ) from None
    return path


def load(path: str | os.PathLike[str]) -> MachineProfile:
    """Read a profile file; :class:`ResultsFormatError` if it is unreadable or not a profile."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ResultsFormatError(f"cannot read the probe profile {path}: {e}") from None
    return MachineProfile.from_dict(data)


def load_cached() -> MachineProfile | None:
    """This machine's cached profile; None if there is none, or it is stale or unreadable.

    Stale means any part of the machine key differs (a library upgraded, installed or removed).
    A corrupt file is treated as no file: the caller re-probes and :func:`save` replaces it.
    """
    key = machine_key()
    path = cache_path(key)
    if not path.is_file():
        return None
    try:
        profile = load(path)
    except ResultsFormatError:
        return None
    if key_hash(profile.key) != key_hash(key):
        return None
    return profile


# ---------------------------------------------------------------------------------------------
# Measuring


def cached_for(result: RunResult) -> MachineProfile | None:
    """This machine's cached profile, if ``result`` was measured on this machine: another
    machine's limits say nothing about its numbers."""
    profile = load_cached()
    if profile is None or result.env.get("hostname") != profile.key.get("hostname"):
        return None
    return profile


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
        A :class:`MachineProfile`; not saved (see :func:`save`).

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
