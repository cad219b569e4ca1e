"""A machine's limits as measured by the probe (:mod:`arraybench.measure.probe`): the record, its
versioned file, and the cache that keeps one per machine and software.

A profile is keyed by the machine (hostname, CPU model, core count, Python and library versions)
and cached as JSON under ``$ARRAYBENCH_CACHE``, ``$XDG_CACHE_HOME/arraybench`` or
``~/.cache/arraybench``: a new library version is a new key, so the machine is measured again.

Format history (``"version"`` in the file):
    1  (arraybench 0.1) figures with their raw measurements, floor, skips, machine key.
    2  GPU figures (device "cuda"), the kind ``transfer``, ``info["gpu"]`` (the device, or why it
       was not measured); the key names the GPUs and NVIDIA driver where there are any.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import platform
import socket
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from ..base.errors import ArraybenchError, ResultsFormatError
from ..base.files import atomic_write
from ..measurement import Measurement
from ..results import Floor, RunResult, Skip
from .env import cpu_model

FORMAT_NAME = "arraybench.probe"
FORMAT_VERSION = 2

BANDWIDTH, GEMM, DISPATCH, TRANSFER = "bandwidth", "gemm", "dispatch", "transfer"
KINDS = (BANDWIDTH, GEMM, DISPATCH, TRANSFER)
CUDA = "cuda"

#: Libraries whose versions are part of the machine key: a new version may be faster or slower.
KEY_LIBRARIES = ("numpy", "torch", "jax", "jaxlib", "autograd")
#: GEMM dtypes probed: the two every backend computes natively on a CPU.
GEMM_DTYPES = ("float32", "float64")
#: Other programs using this share of the machine's CPU time during the probe make it "busy":
#: threaded BLAS and OpenMP then wait for preempted threads, and peaks can drop many times over
#: (a quarter is one of 4 cores, or half of one of 2, fully taken).
BUSY_SHARE = 0.25
#: The name of the one-thread GEMM figure of a dtype, measured beside the all-threads one on a
#: machine of several cores, so that threads that hinder instead of help are seen.
ONE_THREAD = "{dtype}, 1 thread"
#: The GPU GEMM figure of a float32 product on TF32 tensor cores
#: (``torch.backends.cuda.matmul.allow_tf32``, off by default in torch): a float32 case is set
#: against ``float32`` (what it computes in unless it turns TF32 on), never against ``tf32``.
TF32 = "tf32"
#: Threads "collapse" when all of them together reach less than this times one thread's rate:
#: more cores should never be slower, and 0.9 leaves room for the noise of two figures.
COLLAPSE = 0.9


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


def cache_dir() -> Path:
    """``$ARRAYBENCH_CACHE``, else ``$XDG_CACHE_HOME/arraybench``, else ``~/.cache/arraybench``."""
    if os.environ.get("ARRAYBENCH_CACHE"):
        return Path(os.environ["ARRAYBENCH_CACHE"]).expanduser()
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]).expanduser() / "arraybench"
    return Path.home() / ".cache" / "arraybench"


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


def cached_for(result: RunResult) -> MachineProfile | None:
    """This machine's cached profile, if ``result`` was measured on this machine: another
    machine's limits say nothing about its numbers."""
    profile = load_cached()
    if profile is None or result.env.get("hostname") != profile.key.get("hostname"):
        return None
    return profile
