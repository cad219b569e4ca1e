"""What the benchmark takes from arraybench beyond its public API, in one place.

The defaults it states (budget, target, processes, threads, warm-up, blocks) are read from the
engine rather than written here, so that the page describes the engine it measured; and where
one of these moves inside arraybench, this module is the one to change.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from arraybench.backends.base import usable_cores
from arraybench.base import stats
from arraybench.base.environ import environ
from arraybench.catalog import load_file
from arraybench.config import DEFAULT_BUDGET_S, DEFAULT_PROCESSES, DEFAULT_TARGET, DEFAULT_THREADS
from arraybench.measure.env import cpu_model, load1, wait_for_quiet
from arraybench.measure.processes import IN_WORKER, worker_env
from arraybench.measure.timer import BLOCKS_PER_BUDGET, WARMUP_FRACTION

__all__ = [
    "BLOCKS_PER_BUDGET",
    "DEFAULT_BUDGET_S",
    "DEFAULT_PROCESSES",
    "DEFAULT_TARGET",
    "DEFAULT_THREADS",
    "WARMUP_FRACTION",
    "cpu_model",
    "load1",
    "load_workload",
    "median",
    "median_interval",
    "one_thread_per_library",
    "thread_env",
    "usable_cores",
    "wait_for_quiet",
]


def median(values: Sequence[float]) -> float:
    """arraybench's median."""
    return stats.median(values)


def median_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The order-statistics 95% interval of the median of ``values``: (low, high, level).

    The interval arraybench states for samples taken in one block; here it is computed for every
    peer from its raw samples, the best that each could state for its median.
    """
    return stats.median_ci(values)


def load_workload(path: Path) -> Any:
    """The one Workload a file defines, loaded as ``arraybench run FILE`` loads it (so that
    worker processes can load it again from the file)."""
    (workload,) = load_file(path)
    return workload


def thread_env(threads: int) -> dict[str, str]:
    """The environment that starts every library with ``threads`` threads: what arraybench
    gives its own worker processes, less the marker that makes a process one of them."""
    return {k: v for k, v in worker_env(threads).items() if k != IN_WORKER}


@contextlib.contextmanager
def one_thread_per_library(threads: int = DEFAULT_THREADS) -> Iterator[dict[str, str]]:
    """Every tool times with arraybench's default thread count, then everything is restored.

    arraybench runs each library with DEFAULT_THREADS (1) unless told otherwise; the peers
    would time with each library's own default (every core). So that all of them time the same
    computation, this process and every process it starts get the count too: the environment
    (read by OpenBLAS, OpenMP, torch and XLA when they load: the kernels import torch and JAX
    only after this), and a limit on the BLAS pools already loaded here (NumPy's). Setting the
    count once before anything is timed also keeps arraybench from toggling torch's threads in
    this process, which slowed later torch calls here (see torch_timer.py).

    Yields:
        The variables set, for tools that must pass them on (pyperf's workers see only the
        variables they are told to inherit).
    """
    from threadpoolctl import threadpool_limits

    env = thread_env(threads)
    with environ(env), threadpool_limits(limits=threads):
        yield env
