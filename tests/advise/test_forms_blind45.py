"""The forms blind45 and blind46 (benchmarks/) wrote, cut down to what made the profiler miss
them or list a false finding: an inverse in a property of attributes another object holds, read
per step beside a call of that object's method that changes nothing of it; a loop over 120 grid
values each through a whole population at once, told a per-sample loop; a builtin ``sum`` in a
property read of each new object, told to hoist. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.purity import attribute_changed
from arraybench.advise.read.source import read_source
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

ENM = """\
import numpy as np


class Network:
    def __init__(self, n, rng):
        self.native = rng.standard_normal((n, 3))
        d = np.linalg.norm(self.native[:, None] - self.native[None], axis=-1)
        self.kirchhoff = -(d < 1.5).astype(float)
        np.fill_diagonal(self.kirchhoff, -self.kirchhoff.sum(axis=1))
        self.i, self.j = np.nonzero(np.triu(d < 1.5, 1))

    def forces(self, x):
        d = x[self.j] - x[self.i]
        out = np.zeros_like(x)
        np.add.at(out, self.i, d)
        np.add.at(out, self.j, -d)
        return out


class Simulator:
    def __init__(self, net, dt=0.01, friction=0.5):
        self.net, self.dt, self.friction = net, dt, friction

    @property
    def mobility(self):
        n = len(self.net.native)
        return np.linalg.inv(self.friction * np.eye(n) + 0.02 * self.net.kirchhoff)

    def step(self, x):
        return x + self.dt * (self.mobility @ self.net.forces(x))

    def run(self, x, steps):
        for s in range(steps):
            x = self.step(x)
        return x


rng = np.random.default_rng(5)
net = Network(200, rng)
print("result:", float(Simulator(net).run(net.native.copy(), 500).sum()))
"""


def test_an_inverse_of_another_objects_arrays_beside_its_pure_method(tmp_path: Path) -> None:
    # blind46's np_enm_langevin: ``self.net.forces(x)`` in the step changes nothing of the
    # network (``np.add.at`` writes a local), so ``self.net.kirchhoff`` stays and the mobility
    # matrix is the same at every read
    found = _found(profile(Target(script=_write(tmp_path, "enm.py", ENM))))
    f = found.get(27)
    assert f is not None and f.code == "AB411", found
    assert "np.linalg.inv(self.friction * np.eye(n) + 0.02 * self.net.kirchhoff)" in f.evidence


def test_a_method_that_writes_its_object_still_changes_it(tmp_path: Path) -> None:
    changing = ENM.replace(
        "        out = np.zeros_like(x)\n",
        "        out = np.zeros_like(x)\n        self.last = d\n",
    )
    for name, text, changes in (("changing.py", changing, True), ("plain.py", ENM, False)):
        p = tmp_path / name
        p.write_text(text)
        step = next(i for i, t in enumerate(text.splitlines(), 1) if "def step" in t)
        assert attribute_changed(read_source(str(p)), "net", step, step + 1) is changes


GRID_FIT = """\
import numpy as np


def concentrations(t, cl, v):
    ke = cl / v
    return np.exp(-ke[:, None] * t[None, :]) / v[:, None]


def fit_clearance(t_obs, obs, v, grid):
    sse = np.empty((len(grid), len(obs)))
    for g, cl in enumerate(grid):
        pred = concentrations(t_obs, np.full(len(obs), cl), v)
        sse[g] = np.sum((np.log(pred + 1e-6) - np.log(obs + 1e-6)) ** 2, axis=1)
    return grid[np.argmin(sse, axis=0)]


rng = np.random.default_rng(3)
v = rng.uniform(20.0, 60.0, 20000)
t_obs = np.linspace(0.5, 40.0, 12)
obs = concentrations(t_obs, rng.uniform(2.0, 12.0, 20000), v)
print("result:", float(fit_clearance(t_obs, obs, v, np.linspace(1.0, 15.0, 120)).sum()))
"""


def test_a_loop_of_block_steps_with_no_model_is_no_per_sample_loop(tmp_path: Path) -> None:
    # blind45's np_pk_population: lint's AB106 on ``for g, cl in enumerate(grid)``, each
    # iteration a 20,000 x 12 computation: batching the grid values saves nothing (measured)
    report = profile(Target(script=_write(tmp_path, "grid_fit.py", GRID_FIT)))
    assert not any(f.line == 11 for f in report.findings), _found(report)
    dropped = [f for f in report.dropped if f.line == 11]
    assert dropped and "a step of work on a block of data" in dropped[0].dropped


CALO = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Cluster:
    cells: np.ndarray
    scale: float = 1.0

    @property
    def energy(self):
        return self.scale * sum(self.cells)


rng = np.random.default_rng(1)
total = 0.0
for event in range(5000):
    clusters = [Cluster(rng.random(128)) for _ in range(8)]
    good = [c for c in clusters if c.energy > 60.0]
    good.sort(key=lambda c: c.energy, reverse=True)
    total += len(good)
print("result:", total)
"""


def test_a_property_read_of_each_new_object_is_not_invariant(tmp_path: Path) -> None:
    # blind45's np_calorimeter: ``c.energy`` of each new cluster (``for c in clusters``, a
    # lambda's ``c``) reads a new ``self.cells`` each time: no hoist (it was told AB411); the
    # builtin ``sum`` over the array is the cost
    found = _found(profile(Target(script=_write(tmp_path, "calo.py", CALO))))
    f = found.get(13)
    assert f is not None and f.code == "AB409", found
    assert "self.cells.sum()" in f.evidence
