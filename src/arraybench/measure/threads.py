"""Threads: the policy every run follows, and pools that fight.

The policy: every library runs with ``--threads`` threads, 1 unless asked otherwise
(:data:`arraybench.config.DEFAULT_THREADS`), and the count is recorded and shown with every
result. One thread because:

- answers stay the same from machine to machine and run to run: a multi-threaded figure depends on
  the core count, on what else runs on the cores (a loaded core stalls every thread of a BLAS call
  at its barriers) and on each library's split of small work; torch.utils.benchmark times with one
  thread by default for the same reason;
- the libraries of one process do not fight: a run interleaves cases of NumPy (OpenBLAS's pool)
  and torch (its OpenMP pool), and a pool of all cores still spins after its call while the other
  pool starts on the same cores. On a 16-core machine that read torch autograd at 49x NumPy's time
  where 2 cores read 2x.

``--threads all`` gives every library every usable core, for the question "how fast is this on
the whole machine"; :func:`oversubscription` then says when two pools share the cores.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any


def pools(
    env: Mapping[str, Any], usable: int, threads: int | None, workers: bool
) -> dict[str, int]:
    """The size of each library's thread pool in the processes that measured.

    Args:
        env: the run's environment (``backends`` holds each library's ``info()``).
        usable: cores this process may use.
        threads: the run's ``threads`` setting (None: left as found).
        workers: the cases ran in worker processes, started with the thread counts in their
            environment (so JAX and TensorFlow, whose pools are fixed when they start, have
            them too).
    """
    out: dict[str, int] = {}
    for name, info in (env.get("backends") or {}).items():
        if not isinstance(info, Mapping) or info.get("available") is False:
            continue
        if name == "tensorflow" and workers and threads is not None:
            out[name] = threads
            continue
        if name == "jax":
            if workers and threads is not None:
                out[name] = threads
            else:
                m = re.search(
                    r"intra_op_parallelism_threads=(\d+)", os.environ.get("XLA_FLAGS", "")
                )
                out[name] = int(m.group(1)) if m else usable
            continue
        count = info.get("threads")
        if isinstance(count, int) and not isinstance(count, bool):
            out[name] = count
    return out


def oversubscription(sizes: Mapping[str, int], usable: int) -> str | None:
    """A warning when two or more libraries in one process each keep a multi-threaded pool and
    together they hold more threads than there are cores; None otherwise."""
    multi = {name: n for name, n in sizes.items() if n > 1}
    if len(multi) < 2 or sum(multi.values()) <= usable:
        return None
    listed = " and ".join(f"{name} ({n} threads)" for name, n in multi.items())
    half = max(1, usable // len(multi))
    return (
        f"oversubscribed: {listed} each keep a pool in one process, {sum(multi.values())} threads "
        f"on {usable} cores. Their cases take turns, and a pool still spins after its call while "
        "the other starts: multi-threaded times can read many times too slow (torch autograd "
        "read 49x NumPy's time on 16 cores this way). "
        + (
            f"Use --threads 1 (the default) or --threads {half}"
            if half > 1
            else "Use --threads 1 (the default) in worker processes (--processes 2 or more): "
            "JAX and TensorFlow size their pools when they start, so only a fresh process "
            "starts them at that size"
        )
    )


def record(
    env: Mapping[str, Any], usable: int, threads: int | None, workers: bool
) -> dict[str, Any]:
    """What a run's (or a cluster machine's) record says of its threads: the policy in words,
    each library's pool (:func:`pools`), and the pools that fight when they do."""
    sizes = pools(env, usable, threads, workers)
    out: dict[str, Any] = {"policy": policy(threads, usable), "pools": sizes}
    crowded = oversubscription(sizes, usable)
    if crowded:
        out["oversubscribed"] = crowded
    return out


def policy(threads: int | None, usable: int) -> str:
    """The thread policy of a run, in words, as every result shows it."""
    if threads is None:
        return "threads left as found (each library's own default)"
    if threads == 1:
        return "1 thread per library (the default: reproducible; --threads all for every core)"
    every = " (every usable core)" if threads == usable else ""
    return f"{threads} threads per library{every}"
