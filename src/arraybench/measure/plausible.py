"""Rates no machine reaches: a case measured faster than the hardware can move or compute its
work did not do that work (the result was cached after the first call, or the work was skipped).

The runner checks every case as it comes back (a warning on the case, and answers do not rest
on it); the machine's probed limits (:mod:`arraybench.measure.profile`) tighten the generous
physical bounds when there is a profile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .profile import TF32

if TYPE_CHECKING:
    from ..results import CaseResult
    from .profile import MachineProfile


#: No CPU core moves data faster than this: two 64-byte loads and one 64-byte store per cycle at
#: 5 GHz is 960 GB/s from its L1 cache, and the outer caches and memory are slower still.
CORE_BYTES_PER_S = 1e12
#: Nor computes faster: two FMA units of 16 float32 lanes, 2 flops each, at 5 GHz is 320 GFLOP/s.
CORE_FLOPS = 4e11
#: A GPU: the largest's memory (H200) moves 4.8 TB/s, its L2 cache a few times that.
GPU_BYTES_PER_S = 2e13
#: A GPU's tensor cores: about 2 PFLOP/s of dense 8-bit arithmetic on an H100; 5x leaves room.
GPU_FLOPS = 1e16
#: With a probe: a case whose data cannot fit in the last-level cache must move it from memory,
#: and cannot beat the probed bandwidth (or GEMM peak) by more than this (two medians' noise).
PROBE_MARGIN = 1.5


def implausible(
    case: CaseResult, threads: int, profile: MachineProfile | None = None
) -> str | None:
    """Why ``case``'s rate is physically impossible, or None.

    A rate above what the hardware can do means the timed calls did not do the work: the result
    was cached after the first call (a library keeping a converted copy), or the work was
    skipped (a lazy library that never computed). The limits are generous physical bounds per
    core in use (``threads``), tightened by the machine's probed limits when a profile is given.
    """
    m = case.measurement
    if not case.ok or m is None or not m.median > 0:
        return None
    gpu = case.device not in ("cpu", "")
    cores = max(1, threads)
    checks: list[tuple[float | None, float, str, str]] = []
    bytes_limit = GPU_BYTES_PER_S if gpu else CORE_BYTES_PER_S * cores
    flops_limit = GPU_FLOPS if gpu else CORE_FLOPS * cores
    where = "a GPU" if gpu else f"{cores} core{'s' if cores > 1 else ''}"
    checks.append((case.bytes, bytes_limit, "GB/s", f"what {where} can move"))
    checks.append((case.flops, flops_limit, "GFLOP/s", f"what {where} can compute"))
    if profile is not None and case.device in profile.devices:
        # Data larger than the cache in front of the device's memory (the CPU's last level, a
        # GPU's L2) must come from that memory.
        cache = profile.cache_bytes(case.device)
        bandwidth = profile.bandwidth(case.device)
        mine = "this GPU's" if gpu else "this machine's"
        if bandwidth and case.bytes and cache and case.bytes > cache:
            checks.append(
                (
                    case.bytes,
                    PROBE_MARGIN * bandwidth * 1e9,
                    "GB/s",
                    f"{mine} memory bandwidth ({bandwidth:,.1f} GB/s, probed) for data "
                    f"larger than its {'L2' if gpu else 'last-level'} cache",
                )
            )
        peak = profile.peak_flops(case.backend, case.dtype, case.device)
        name = case.dtype
        tf32 = profile.peak_flops(case.backend, TF32, case.device)
        if gpu and case.dtype == "float32" and tf32 and (peak is None or tf32[1] > peak[1]):
            # JAX and TensorFlow run float32 products on TF32 tensor cores by default (torch
            # and CuPy only when asked): a float32 rate up to the TF32 peak is real work.
            peak, name = tf32, "float32 (TF32)"
        if peak and case.flops:
            checks.append(
                (
                    case.flops,
                    PROBE_MARGIN * peak[1] * 1e9,
                    "GFLOP/s",
                    f"{mine} {name} matrix-multiply peak ({peak[1]:,.1f} GFLOP/s, probed)",
                )
            )
    for work, limit, unit, what in checks:
        if work and work > 0 and work / m.median > limit:
            rate = work / m.median / 1e9
            return (
                f"{rate:,.0f} {unit} is beyond {what}: the result was cached after the first "
                "call or the work was skipped, so the time is not the work's"
            )
    return None
