"""The line timer's bursts keep the time of the lines they end in (issue 37).

line_profiler forgets the lines being timed when it is switched off. A burst ends at the first
check after its 5 ms, which falls inside any line that runs longer and checks (a call), so such a
line never had a burst time, and the split of its loop could not see it: blind99's rack cooling
read a 15 ms property on two lines of its loop, and neither was timed in 109 bursts.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from arraybench.advise.run.launch import Target
from arraybench.advise.run.observe import observe

LONG_LINE = """\
import numpy as np


class State:
    def __init__(self, n):
        self.x = np.linspace(1.0, 2.0, n)

    @property
    def heavy(self):
        return np.sort(self.x[::-1] ** 1.5)


s = State(1_500_000)
total = 0.0
for step in range(40):
    h = s.heavy + 1.0
    total += float(h[0])
    s.x = s.x * 1.0000001
print("result:", total)
"""


def test_a_line_longer_than_a_burst_keeps_its_time_when_the_burst_ends(tmp_path: Path) -> None:
    pytest.importorskip("line_profiler")
    p = tmp_path / "long_line.py"
    p.write_text(textwrap.dedent(LONG_LINE))
    ev = observe(Target(script=p))
    assert ev.bursts and ev.burst_count >= 10
    (module,) = [lt for lt in ev.lines if lt.name == "<module>" and lt.path == str(p)]
    # the property's line (~20-40 ms a run, most of the loop) has its time in the bursts (none
    # before: 0 of 62 bursts), more than the two short lines after it together
    assert module.times.get(16, 0.0) > 0.01
    assert module.times.get(16, 0.0) > module.times.get(17, 0.0) + module.times.get(18, 0.0)
