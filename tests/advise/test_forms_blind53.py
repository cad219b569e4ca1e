"""The forms blind52 .. blind56 (benchmarks/) wrote, cut down to what made the profiler miss
them or tell them on another line: an inverse a longer getter returns of a matrix it builds
line by line (told at that ``return``, where the cost is). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

BUILT_THEN_INVERTED = """\
import numpy as np


class Solver:
    def __init__(self, n, r):
        self.n = n
        self.r = r

    @property
    def propagator(self):
        n = self.n
        A = np.eye(n) * (1.0 + 2.0 * self.r)
        idx = np.arange(n - 1)
        A[idx, idx + 1] = -self.r
        A[idx + 1, idx] = -self.r
        return np.linalg.inv(A)

    def step(self, T):
        return self.propagator @ T


solver = Solver(200, 0.3)
T = np.random.default_rng(0).standard_normal((200, 40))
for t in range(120):
    T = solver.step(T)
print(float(T.sum()))
"""


def test_an_inverse_a_longer_getter_returns_is_told_at_its_return(tmp_path: Path) -> None:
    # blind52's climate columns: the getter builds a tridiagonal matrix in five lines and
    # returns its inverse; told at the read (line 19) it was off the line the labels and the
    # fix name (the ``return``, line 16)
    report = profile(Target(script=_write(tmp_path, "built_then_inverted.py", BUILT_THEN_INVERTED)))
    f = _found(report).get(16)
    assert f is not None and f.code == "AB411", _found(report)
    assert "line 19 reads self.propagator" in f.evidence, f.evidence
