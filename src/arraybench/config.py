"""RunConfig: every setting of a run, frozen, validated, with its defaults in one place."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .base.errors import ConfigError
from .names import check_name, validate_sizes

#: Seconds of measuring per case after its first call. Half a second gives a few hundred samples
#: of a fast kernel, enough for a ±2% CI of the median on a quiet machine.
DEFAULT_BUDGET_S = 0.5
#: Precision a case should reach: a 95% interval reaching further than this from the median is
#: flagged "not converged", naming what would narrow it. ±5% is what 4 processes at the default
#: budget reached for most cases on a 2-core shared machine (docs/method.md); ±2%, the old
#: target, was met only by intervals that ignored the differences between processes.
DEFAULT_TARGET = 0.05
#: Hard cap on samples per case: past this the CI no longer narrows in any useful way.
DEFAULT_MAX_SAMPLES = 10_000
DEFAULT_SEED = 0
#: Threads each library gets unless --threads says otherwise: one, for the reasons
#: :mod:`arraybench.measure.threads` gives.
DEFAULT_THREADS = 1
#: Fresh processes the command line measures in. Each process has its own memory layout and the
#: same case read 1-6% apart from one to the next on a quiet machine, more than the blocks inside
#: one process moved (docs/method.md): with 4 the process is the interval's unit, and 4 is where
#: the t factor of a repeat interval (3.18 x sqrt(2/4) = 2.25 standard deviations) stops
#: falling steeply (2 processes: 12.7, 3: 3.5, 4: 2.25, 5: 1.76); each costs one start-up of
#: the libraries, seconds per run, not per case.
DEFAULT_PROCESSES = 4

#: How a run that answers claims spends its budget (``RunConfig.spending``), the default first.
#: ``even`` stays the default: on the 2-core development machine, under load, no claim's
#: interval came within --target at the look, so adaptive spending saved nothing there
#: (docs/performance.md) while it widens the intervals of the cases the claims read.
SPENDING = ("even", "adaptive")
#: How worker processes start (``RunConfig.start``). ``fresh`` first: a results file without
#: the setting was measured so, from before it could be chosen.
STARTS = ("fresh", "overlap", "fork")
#: The default start. ``fork``: each worker forked from a zygote of its own that imported the
#: libraries as the command began, side by side with the others (``measure/processes.py``:
#: LAYOUTS), so a worker costs no import of its own and still has its own address-space layout.
#: Interleaved with fresh workers on the 2-core machine it held the same calibration coverage
#: and compare power (docs/method.md, "Starting the worker processes"), in about 60% of a quick
#: run's time. ``overlap`` kept coverage too but cost compare its power (a neighbour importing
#: while a process measures): a 10% slowdown was called in 8 of 25 pairs against 21 of 25.
DEFAULT_START = "fork"

#: What ``--cluster`` takes: ``local:N`` or a scheduler's address.
CLUSTER = re.compile(r"local:\d+|tcp://[^\s/:]+:\d+")


@dataclass(frozen=True)
class RunConfig:
    """What to run and how hard to measure it.

    Args:
        backends: backend names to run (``None``: every backend an impl names).
        devices: device names to run on (``None``: ``cpu`` and every accelerator present).
        dtypes: dtype names (``None``: each workload's own default dtypes).
        sizes: problem sizes replacing each workload's own (``None``: the workload's).
        impls: impl labels to run (``None``: all).
        threads: threads for every library during the run (default 1, see
            :mod:`arraybench.measure.threads`; ``None``: leave each library as found). Recorded
            and shown with every result.
        budget: seconds of measurement per case, after its first call, all of it spent: the
            samples are spread over it in blocks (and split between processes).
        target: the precision a case should reach: a case whose 95% interval reaches further
            than ±target from its median is flagged, with what would narrow it.
        max_samples: stop a case after this many samples.
        seed: seed of the input generators.
        check: compare every output with the reference (turning it off is for debugging only).
        quick: use each workload's quick sizes (a fast look, not a careful measurement).
        isolate: run each case in a worker process, so a crash, hang or memory blow-up costs
            only that case (implied by ``timeout`` and ``memory_limit``).
        timeout: seconds a case may take in its worker before it is stopped.
        memory_limit: bytes of address space a worker may use (RLIMIT_AS).
        processes: measure in this many fresh processes, each taking its share of every case's
            budget, and give intervals across them (1: in this process). A kernel's speed
            depends on the process's memory layout, which one process cannot see; the command
            line uses DEFAULT_PROCESSES.
        cluster: measure on a Dask cluster instead of here: ``local:N`` starts one of N
            single-threaded worker processes on this machine, ``tcp://HOST:PORT`` uses the
            running scheduler there. Every machine of the cluster measures the whole case
            matrix, one size group at a time (:mod:`arraybench.measure.cluster`).
        spending: how a run that answers claims (an experiment's) spends its budget:
            ``even`` gives every case its budget; ``adaptive`` measures the cases the claims
            read in two stages and stops those whose answer is settled at the look between
            them, giving their time to the open ones (:mod:`arraybench.measure.spending`).
        start: how the worker processes of ``processes`` start: ``fork`` (the default: each
            forked from a zygote of its own that imported the libraries as the run began,
            side by side with the others; where that cannot be done, fresh processes, and the
            run says why: see :mod:`arraybench.measure.zygote`), ``fresh`` (a new Python each,
            importing the libraries when its first case needs them) or ``overlap`` (a new
            Python each, which imports the run's libraries at idle priority while the one
            before it measures: faster, noisier).
    """

    backends: tuple[str, ...] | None = None
    devices: tuple[str, ...] | None = None
    dtypes: tuple[str, ...] | None = None
    sizes: tuple[int, ...] | None = None
    impls: tuple[str, ...] | None = None
    threads: int | None = DEFAULT_THREADS
    budget: float = DEFAULT_BUDGET_S
    target: float = DEFAULT_TARGET
    max_samples: int = DEFAULT_MAX_SAMPLES
    seed: int = DEFAULT_SEED
    check: bool = True
    quick: bool = False
    isolate: bool = False
    timeout: float | None = None
    memory_limit: int | None = None
    processes: int = 1
    cluster: str | None = None
    spending: str = "even"
    start: str = DEFAULT_START

    def __post_init__(self) -> None:
        for name in ("backends", "devices", "dtypes", "impls"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, str):
                value = (value,)
            value = tuple(value)
            if not value or not all(isinstance(v, str) and v for v in value):
                raise ConfigError(f"{name} must be a non-empty list of names, got {value!r}")
            object.__setattr__(self, name, value)
        # A misspelt name is refused before anything runs, with the likely one; a backend that
        # is known but not installed here is not refused: its cases are skipped with the hint.
        for name in ("backends", "devices", "dtypes"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, tuple(check_name(name, v) for v in value))
        if self.sizes is not None:
            try:
                sizes = validate_sizes(self.sizes, "sizes")
            except ValueError as e:
                raise ConfigError(str(e)) from None
            object.__setattr__(self, "sizes", sizes)
        if self.threads is not None and (
            isinstance(self.threads, bool) or not isinstance(self.threads, int) or self.threads < 1
        ):
            raise ConfigError(f"threads must be a positive integer, got {self.threads!r}")
        if not _finite_number(self.budget) or not self.budget > 0:
            raise ConfigError(f"budget must be a positive number of seconds, got {self.budget!r}")
        if not isinstance(self.target, int | float) or not 0 < self.target < 1:
            raise ConfigError(
                f"target must be a fraction between 0 and 1 (0.02 for ±2%), got {self.target!r}"
            )
        if self.timeout is not None and not (
            isinstance(self.timeout, int | float) and self.timeout > 0
        ):
            raise ConfigError(f"timeout must be a positive number of seconds, got {self.timeout!r}")
        if self.memory_limit is not None and not (
            isinstance(self.memory_limit, int) and self.memory_limit >= 2**26
        ):
            raise ConfigError(
                f"memory_limit must be a number of bytes of at least 64 MiB, got "
                f"{self.memory_limit!r}"
            )
        if self.timeout is not None or self.memory_limit is not None:
            object.__setattr__(self, "isolate", True)  # limits are enforced in a worker
        if not _whole(self.processes) or self.processes < 1:
            raise ConfigError(
                f"processes must be a positive integer (1: measure in this process), got "
                f"{self.processes!r}"
            )
        if self.cluster is not None:
            if not isinstance(self.cluster, str) or not CLUSTER.fullmatch(self.cluster):
                raise ConfigError(
                    f"cluster must be local:N (N worker processes on this machine) or "
                    f"tcp://HOST:PORT (a running Dask scheduler), got {self.cluster!r}"
                )
            m = re.fullmatch(r"local:(\d+)", self.cluster)
            if m and not 1 <= int(m.group(1)) <= 64:
                raise ConfigError(f"local:N takes 1 to 64 worker processes, got {self.cluster!r}")
        if self.spending not in SPENDING:
            raise ConfigError(
                f"spending must be one of {', '.join(SPENDING)}, got {self.spending!r}"
            )
        if self.start not in STARTS:
            raise ConfigError(f"start must be one of {', '.join(STARTS)}, got {self.start!r}")
        if not _whole(self.max_samples) or self.max_samples < 3:
            raise ConfigError(f"max_samples must be an integer >= 3, got {self.max_samples!r}")
        # default_rng([seed, n]) takes non-negative integers only: say so before any case runs.
        if not _whole(self.seed) or self.seed < 0:
            raise ConfigError(f"seed must be a non-negative integer, got {self.seed!r}")

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> RunConfig:
        """Build a config from keyword arguments, naming any that does not exist."""
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise ConfigError(
                f"unknown setting {unknown[0]!r}; the settings are: {', '.join(sorted(known))}"
            )
        for key in ("backends", "devices", "dtypes", "impls"):
            if isinstance(kwargs.get(key), str):
                kwargs[key] = (kwargs[key],)
            elif kwargs.get(key) is not None:
                kwargs[key] = tuple(kwargs[key])
        if kwargs.get("sizes") is not None and not isinstance(kwargs["sizes"], tuple):
            kwargs["sizes"] = tuple(kwargs["sizes"])
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if d["cluster"] is None:  # as before clusters, so that older runs still resume
            del d["cluster"]
        # Left out where a file without them meant the same, as before they could be chosen (a
        # file without "start" was measured with fresh workers, the default then).
        for key, historic in (("spending", SPENDING[0]), ("start", STARTS[0])):
            if d[key] == historic:
                del d[key]
        return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


def _finite_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_names(values: Sequence[str] | None) -> tuple[str, ...] | None:
    """Split repeated and comma-separated command-line values: ["a,b", "c"] -> ("a", "b", "c")."""
    if not values:
        return None
    out = [part.strip() for v in values for part in v.split(",") if part.strip()]
    return tuple(out) or None
