"""What a result needs to be read later: the machine, the software, and how loaded it was."""

from __future__ import annotations

import os
import platform
import socket
import sys
from collections.abc import Iterable
from typing import Any

from ..backends.base import usable_cores


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def memory_bytes() -> int | None:
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return None


def load_average() -> tuple[float, float, float] | None:
    try:
        return os.getloadavg()
    except OSError:
        return None


#: How often a wait for a quiet machine looks at the load again.
LOAD_POLL_S = 10.0


def load1() -> float:
    """The 1-minute load average (0.0 where the OS reports none)."""
    load = load_average()
    return load[0] if load else 0.0


def wait_for_quiet(max_load: float, wait_s: float) -> float:
    """Wait (at most ``wait_s``) for the 1-minute load to fall under ``max_load``.

    Args:
        max_load: the load under which the machine counts as quiet.
        wait_s: the longest wait; after it the caller goes ahead and records the load.

    Returns:
        The load when the wait ended.
    """
    import sys
    import time

    deadline = time.monotonic() + wait_s
    load = load1()
    while load >= max_load and time.monotonic() < deadline:
        print(f"load {load:.2f} >= {max_load}: waiting for a quieter machine ...", file=sys.stderr)
        time.sleep(LOAD_POLL_S)
        load = load1()
    return load


def collect(backend_names: Iterable[str] = ()) -> dict[str, Any]:
    """The environment of a run: machine, Python, and ``info()`` of each backend named."""
    from .. import backends
    from ..base.version import __version__

    env: dict[str, Any] = {
        "arraybench": __version__,
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "hostname": socket.gethostname(),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable_cores(),
        "memory_bytes": memory_bytes(),
        "load_average": load_average(),
        "env_threads": {
            k: os.environ[k]
            for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "XLA_FLAGS")
            if k in os.environ
        },
        "backends": {},
    }
    for name in backend_names:
        try:
            b = backends.get(name)
            ok, reason = b.available()
            env["backends"][name] = b.info() if ok else {"available": False, "reason": reason}
        except Exception as e:  # describing the environment must never stop a run
            env["backends"][name] = {"error": f"{type(e).__name__}: {e}"}
    gpus = env["backends"].get("torch", {}).get("gpus")
    if gpus:
        env["gpus"] = gpus
    return env
