"""How close a case comes to the machine's limits: the roofline model on one measured case.

    achieved     GFLOP/s = flops / median time,  GB/s = bytes / median time
    roof         attainable GFLOP/s = min(GEMM peak, arithmetic intensity x bandwidth)
    fraction     achieved / attainable: the share of what this machine could do for this kernel

The peaks come from a :class:`~arraybench.measure.profile.MachineProfile`, those of the case's
device: a case on "cuda" is set against the GPU's copy bandwidth and its matmul peak in the case's
dtype (float32 against plain float32, not TF32, which torch leaves off unless asked). A case with
only bytes known is compared with the bandwidth alone, one with only flops with the GEMM peak
alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..measure.profile import TF32, MachineProfile
from ..results import CaseResult

MEMORY, COMPUTE = "memory", "compute"
MEMORY_BANDWIDTH = "memory bandwidth"
GPU_MEMORY_BANDWIDTH = "GPU memory bandwidth"
#: Show one decimal below this fraction (4% reads fine, 0% does not).
ONE_DECIMAL_BELOW = 0.01
#: Below this the figure is too small to read as a share at all.
SMALLEST_SHOWN = 0.001


@dataclass(frozen=True)
class Roofline:
    """A case placed on the machine's roofline.

    Attributes:
        gflops: achieved GFLOP/s, or None when the case's flops are unknown.
        gbps: achieved GB/s, or None when its bytes are unknown.
        fraction: achieved / attainable (above 1 when data comes from cache, not memory).
        bound: ``memory`` or ``compute``: which roof is the lower one for this kernel.
        peak_used: the roof compared with, in words (``memory bandwidth``,
            ``numpy float64 GEMM peak``).
        roof: that roof's value: GB/s when ``bound`` is memory, GFLOP/s when compute.
        intensity: flops per byte, when both are known.
    """

    gflops: float | None
    gbps: float | None
    fraction: float
    bound: str
    peak_used: str
    roof: float
    intensity: float | None = None


def roofline(case: CaseResult, profile: MachineProfile) -> Roofline | None:
    """Place ``case`` under ``profile``'s roofs.

    Args:
        case: a measured case; its ``flops`` and ``bytes`` per call may each be None.
        profile: the machine's limits, from :func:`arraybench.measure.probe.probe`.

    Returns:
        A :class:`Roofline`, or None when the case failed, its time is zero, its device was not
        probed, or neither what it computes nor what it moves can be set against a measured limit.
    """
    m = case.measurement
    if not case.ok or m is None:
        return None
    seconds = m.median
    if seconds <= 0 or case.device not in profile.devices:
        return None
    flops = case.flops if case.flops is not None and case.flops > 0 else None
    nbytes = case.bytes if case.bytes is not None and case.bytes > 0 else None
    gflops = flops / seconds / 1e9 if flops is not None else None
    gbps = nbytes / seconds / 1e9 if nbytes is not None else None
    bandwidth = profile.bandwidth(case.device)
    peak = profile.peak_flops(case.backend, case.dtype, case.device)
    gpu = case.device != "cpu"
    peak_label = f"{peak[0]} {case.dtype} {'GPU matmul' if gpu else 'GEMM'} peak" if peak else ""
    memory_label = GPU_MEMORY_BANDWIDTH if gpu else MEMORY_BANDWIDTH

    if gflops is not None and gbps is not None and bandwidth and peak:
        intensity = gflops / gbps
        memory_roof = intensity * bandwidth  # GFLOP/s the memory can feed
        if memory_roof < peak[1]:
            return Roofline(
                gflops, gbps, gbps / bandwidth, MEMORY, memory_label, bandwidth, intensity
            )
        return Roofline(gflops, gbps, gflops / peak[1], COMPUTE, peak_label, peak[1], intensity)
    if gbps is not None and bandwidth:
        return Roofline(gflops, gbps, gbps / bandwidth, MEMORY, memory_label, bandwidth)
    if gflops is not None and peak:
        return Roofline(gflops, gbps, gflops / peak[1], COMPUTE, peak_label, peak[1])
    return None


def fraction_text(r: Roofline) -> str:
    """``"31% of memory bandwidth"``, ``"4% of numpy float64 GEMM peak"``, ``"0.3% of ..."``."""
    text = f"{percent(r.fraction)} of {r.peak_used}"
    if r.bound == MEMORY and r.fraction > 1:
        text += " (data served from cache)"
    return text


def percent(f: float) -> str:
    """A fraction as people read it: 45%, 4.5%, <0.1%."""
    if f <= 0:
        return "0%"
    if f < SMALLEST_SHOWN:
        return f"<{SMALLEST_SHOWN:.1%}"
    if f < ONE_DECIMAL_BELOW:
        return f"{f:.1%}"
    return f"{f:.0%}"


# -- physical limits: rates no machine reaches --------------------------------------------------

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
