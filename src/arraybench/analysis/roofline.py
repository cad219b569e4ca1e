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

from ..measure.profile import MachineProfile
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
