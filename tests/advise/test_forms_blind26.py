"""The forms blind26 (benchmarks/blind26) wrote around float64 promotion, cut down to what made
the profiler miss them: a NumPy float64 scalar a property returns (its value never read by the
run: properties are not run to look at them) multiplying a float32 field. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

PLATE = """\
import numpy as np


class Config:
    def __init__(self):
        self.n, self.cooling, self.dt, self.ambient = 400, 0.5, 0.01, 20.0


class Plate:
    def __init__(self, cfg):
        self.cfg = cfg
        self.field = np.full((cfg.n, cfg.n), cfg.ambient, dtype=np.float32)
        self.field[190:210, 190:210] = 400.0

    @property
    def retention(self):
        return np.exp(-self.cfg.cooling * self.cfg.dt)

    def step(self):
        u = self.field
        p = np.pad(u, 1, mode="edge")
        u = u + np.float32(0.2) * (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4 * u)
        amb = np.float32(self.cfg.ambient)
        self.field = amb + (u - amb) * self.retention


plate = Plate(Config())
for t in range(600):
    plate.step()
print("result:", float(plate.field.mean()))
"""


def test_a_numpy_float64_a_property_returns_promotes_the_float32_field(tmp_path: Path) -> None:
    # blind26's np_heat_plate: ``self.retention``, ``np.exp`` of Python floats (a
    # numpy.float64 under NumPy 2), made again after the run from the attributes seen at its
    # getter; the fix is the getter's
    found = _found(profile(Target(script=_write(tmp_path, "plate.py", PLATE))))
    f = found.get(24)
    assert f is not None and f.code == "AB410", found
    assert "self.retention (numpy.float64, the property's `return np.exp(" in f.evidence
    assert "make the property return float32 (line" in f.evidence
    assert "return np.float32(np.exp(" in f.evidence
