"""The forms blind33 and blind30 (benchmarks/) wrote around float64 promotion, cut down to what made
the profiler miss them: a property returning a tuple whose NumPy float64 scalars a method
unpacks at every call (``ru, rv, f = self.rates``) and multiplies into float32 fields; a float64
array a method makes at every call from a dataclass's array. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

SIMULATOR = """\
import numpy as np


class Simulator:
    def __init__(self, n, du, dv, feed):
        self.du, self.dv, self.feed = du, dv, feed
        self.u = np.ones((n, n), dtype=np.float32)
        self.v = np.full((n, n), 0.25, dtype=np.float32)

    @property
    def rates(self):
        return MAKE(self.du), MAKE(self.dv), self.feed

    def step(self):
        ru, rv, f = self.rates
        uvv = self.u * self.v * self.v
        self.u = self.u + ru * (np.roll(self.u, 1, 0) - self.u) - uvv + f * (1.0 - self.u)
        self.v = self.v + rv * (np.roll(self.v, 1, 1) - self.v) + uvv - f * self.v


sim = Simulator(400, 0.16, 0.08, 0.035)
for t in range(600):
    sim.step()
print("result:", float(sim.v.sum(dtype=np.float64)))
"""


def test_float64_scalars_a_property_returns_as_a_tuple_promote_the_fields(tmp_path: Path) -> None:
    # blind33's np_reaction_diffusion: ``ru, rv, f = self.rates`` at every call of ``step``,
    # the getter returning ``np.float64`` values: a float64 the loop never changes, though the
    # method assigns it each call; one finding for the two values the getter makes, its fix
    # at the getter's return
    src = SIMULATOR.replace("MAKE", "np.float64")
    found = _found(profile(Target(script=_write(tmp_path, "sim.py", src))))
    promoted = {line: f for line, f in found.items() if f.code == "AB410"}
    # (either field's line: each is promoted by one of the getter's values; the one priced
    # first tells it)
    assert len(promoted) == 1 and set(promoted) <= {17, 18}, found
    f = next(iter(promoted.values()))
    assert "(numpy.float64, made at line 15: ru, rv, f = self.rates" in f.evidence
    assert "a float32 where it is made, line 12" in f.evidence


def test_python_floats_a_property_returns_keep_the_fields_float32(tmp_path: Path) -> None:
    # the same with Python floats: float32 throughout, nothing to tell
    src = SIMULATOR.replace("MAKE", "float")
    found = _found(profile(Target(script=_write(tmp_path, "sim.py", src))))
    assert not any(f.code == "AB410" for f in found.values()), found


FEED = """\
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Params:
    feed: float = 0.035
    profile: np.ndarray = field(default_factory=lambda: np.linspace(1, 2, 90000).reshape(300, 300))


class Simulator:
    def __init__(self, params):
        self.p = params
        self.u = np.ones((300, 300), dtype=np.float32)

    def step(self):
        u, p = self.u, self.p
        feed = p.feed * p.profile
        self.u = u + np.float32(0.1) * (np.roll(u, 1, 0) - u) + feed * (1 - u)


sim = Simulator(Params())
for t in range(2500):
    sim.step()
print("result:", float(sim.u.sum()))
"""


def test_a_float64_array_a_method_makes_from_what_stays_promotes_the_field(tmp_path: Path) -> None:
    # blind30's np_reaction_diffusion: ``feed = p.feed * p.profile`` at every call, ``p`` of
    # ``u, p = self.u, self.p`` and ``profile`` a float64 array the dataclass makes once
    found = _found(profile(Target(script=_write(tmp_path, "feed.py", FEED))))
    f = found.get(20)
    assert f is not None and f.code == "AB410", found
    assert "feed (numpy.ndarray float64 300x300 on cpu, made at line 19" in f.evidence


MEMBRANE = """\
import numpy as np


class Grid:
    def __init__(self, n):
        self.x = np.linspace(0.0, 1.0, n)

    @property
    def dx(self):
        return self.x[1] - self.x[0]


class Simulator:
    def __init__(self, grid):
        self.grid = grid
        self.dt = 0.5 * grid.dx
        u0 = np.ones((300, 300), dtype=np.float32)
        self.u = u0
        self.u_prev = u0.copy()

    def step(self):
        r2 = (self.dt / self.grid.dx) ** 2
        lap = np.roll(self.u, 1, 0) + np.roll(self.u, 1, 1) - 2 * self.u
        u_new = 1.99 * self.u - 0.99 * self.u_prev + r2 * lap
        self.u_prev, self.u = self.u, u_new


sim = Simulator(Grid(300))
for it in range(2000):
    sim.step()
print("result:", float(np.abs(sim.u).sum()))
"""


def test_a_float64_scalar_a_method_makes_each_call_promotes_the_state_it_stores(
    tmp_path: Path,
) -> None:
    # blind31's np_membrane_wave: ``r2`` made at every call from a property's np.float64;
    # ``u_new``, a line of operators never looked at, is stored as ``self.u`` (seen float64)
    found = _found(profile(Target(script=_write(tmp_path, "membrane.py", MEMBRANE))))
    f = found.get(24)
    assert f is not None and f.code == "AB410", found
    assert "r2 (numpy.float64, made at line 22: r2 = (self.dt / self.grid.dx) ** 2" in f.evidence


SWARM = """\
import numpy as np
import torch


class Swarm:
    def __init__(self, n):
        rng = np.random.default_rng(3)
        self.pos = torch.tensor(rng.standard_normal((n, 3)), dtype=torch.float32)
        self.vel = torch.zeros(n, 3)
        self.inv_mass = torch.from_numpy(1.0 / rng.uniform(0.5, 2.0, size=(n, 1)))

    def forces(self, drag):
        return -drag * self.vel - 0.3 * (self.pos - self.pos.mean(dim=0, keepdim=True))

    def step(self, dt, drag=0.8):
        acc = self.forces(drag) * self.inv_mass
        self.vel = self.vel + dt * acc
        self.pos = self.pos + dt * self.vel


swarm = Swarm(200_000)
for t in range(60):
    swarm.step(0.002)
print("result:", float(swarm.pos.std(dim=0).sum()))
"""


def test_a_float64_tensor_times_a_methods_result_promotes_the_objects_state(
    tmp_path: Path,
) -> None:
    # blind26's torch_swarm_drag: ``self.forces(drag) * self.inv_mass``, the float32 operand a
    # method's result the run never sees; ``self.pos``, made float32 in __init__, is seen
    # float64 in the loop; the method's time lands on its caller's line
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "swarm.py", SWARM))))
    f = found.get(16)
    assert f is not None and f.code == "AB410", found
    assert "with self.inv_mass (torch.Tensor float64 200000x1" in f.evidence
