"""What an answer says of a first call that compiles: what compiling cost, and whether the code
came from the persistent compile cache instead (measure/compile_cache.py)."""

from __future__ import annotations

from ..measurement import WARM, Measurement


def compile_time(m: Measurement) -> float:
    """What a first call that compiles costs: the first call of a process whose compile cache was
    cold (it compiled), when one was; else the first call as measured (loaded from the cache,
    or an impl that does not compile)."""
    cold = m.cold_first_call
    return cold if cold is not None else m.first_call


def from_cache(m: Measurement) -> str:
    """`` (loaded from the compile cache: an earlier run compiled it)`` when no first call of
    the case compiled, every one finding its code in the persistent cache; else ""."""
    states = m.first_call_cache or ()
    if states and all(s == WARM for s in states):
        return " (loaded from the compile cache: an earlier run compiled it)"
    return ""
