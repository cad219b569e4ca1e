"""The line timer's bursts keep the time of the lines they end in (issue 37).

line_profiler forgets the lines being timed when it is switched off. A burst ends at the first
check after its 5 ms, which falls inside any line that runs longer and calls, so such a line never
had a burst time, and the split of its loop could not see it: blind99's rack cooling read a 15 ms
property on two lines of its loop, and neither was timed in 109 bursts. The burst's end is made
here by hand, as the sampler's handler makes it, in the middle of a line.
"""

from __future__ import annotations

import sys
import time
import types

import pytest

from arraybench.advise.run.linetime import LineTimer


def _switch_off(timer: LineTimer) -> None:
    time.sleep(0.02)  # (the line's long call, then the handler that ends the burst)
    timer.disable(time.monotonic_ns())


def _program(timer: LineTimer) -> int:
    a = 1
    _switch_off(timer)
    return a


@pytest.mark.skipif(sys.platform != "linux", reason="line_profiler's clock is read on Linux")
def test_a_line_being_timed_when_a_burst_ends_keeps_its_time_so_far() -> None:
    pytest.importorskip("line_profiler")
    timer = LineTimer()
    code = timer.instrument(_program.__code__)
    run = types.FunctionType(code, globals())
    timer.enable()
    run(timer)
    (lt,) = [x for x in timer.stats() if x.name == "_program"]
    first = _program.__code__.co_firstlineno
    # the line that called (20 ms, then the switch) has no hit but its time; before, nothing
    assert lt.lines.get(first + 2, 0) == 0
    assert lt.times.get(first + 2, 0.0) >= 0.015
    assert lt.lines.get(first + 1) == 1  # (the line before it ended inside the burst)


def test_a_burst_ended_without_the_moment_keeps_nothing_of_the_line() -> None:
    pytest.importorskip("line_profiler")
    timer = LineTimer()
    code = timer.instrument(_program.__code__)
    run = types.FunctionType(code, globals())

    def off(t: LineTimer) -> None:
        time.sleep(0.005)
        t.disable()

    globals()["_switch_off"], saved = off, _switch_off
    try:
        timer.enable()
        run(timer)
    finally:
        globals()["_switch_off"] = saved
    (lt,) = [x for x in timer.stats() if x.name == "_program"]
    assert _program.__code__.co_firstlineno + 2 not in lt.times
