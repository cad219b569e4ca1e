"""The forms blind39 and blind40 (benchmarks/) wrote, cut down to what made the profiler miss
them: an inverse a method of ``self`` alone returns, of attributes that stay, called per step
through another method; a solve in a property read per step; products per row through
``map(partial(np.dot, self.W), feats)``; a float64 attribute promoting an SEIR state that comes
back to the method as a tuple; a float64 mean and std promoting a loop of four batches. Never a
wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

EBM = """\
import numpy as np


class Model:
    def __init__(self, n, dt=0.01, capacity=4.0):
        self.n, self.dt, self.capacity = n, dt, capacity
        x = np.linspace(-1.0, 1.0, n)
        ones = np.ones(n - 1)
        self.lap = np.diag(-2.0 * np.ones(n)) + np.diag(ones, 1) + np.diag(ones, -1)
        self.source = 10.0 * (1.0 - x**2)

    def implicit_operator(self):
        eye = np.eye(self.n)
        return np.linalg.inv(eye - self.dt / self.capacity * self.lap)

    def step(self, temp):
        explicit = temp + self.dt * (self.source - 0.5 * temp)
        return self.implicit_operator() @ explicit


def run(model, steps):
    temp = np.zeros(model.n)
    for _ in range(steps):
        temp = model.step(temp)
    return temp


model = Model(150)
print("result:", float(run(model, 900).sum()))
"""


def test_an_inverse_a_pure_method_returns_called_per_step_through_another(
    tmp_path: Path,
) -> None:
    # blind39's np_ebm_climate: ``return np.linalg.inv(eye - self.dt / self.capacity *
    # self.lap)`` in ``implicit_operator``, called by ``step`` per step; its inputs are the
    # object's attributes (a dataclass's, in the set: no value to time again), priced by the
    # line's own time in the run
    found = _found(profile(Target(script=_write(tmp_path, "ebm.py", EBM))))
    f = found.get(14)
    assert f is not None and f.code == "AB411", found
    assert "np.linalg.inv(eye - self.dt / self.capacity * self.lap)" in f.evidence


GP = """\
import numpy as np


def rbf(a, b):
    d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)
    return np.exp(-0.5 * d2 / 9.0)


class TerrainGP:
    def __init__(self, xy, z, noise=0.05):
        self.xy, self.z, self.noise = xy, z, noise
        self.K = rbf(xy, xy)

    @property
    def alpha(self):
        n = len(self.z)
        return np.linalg.solve(self.K + self.noise * np.eye(n), self.z - self.z.mean())

    def height(self, pts):
        return rbf(pts, self.xy) @ self.alpha + self.z.mean()


rng = np.random.default_rng(1)
xy = rng.uniform(-20, 20, size=(600, 2))
gp = TerrainGP(xy, np.sin(xy[:, 0] / 4))
pos = np.zeros((1, 2))
climb = 0.0
for t in range(150):
    pos = pos + 0.1
    climb += float(gp.height(pos)[0])
print("result:", climb)
"""


def test_a_solve_of_attributes_in_a_property_read_per_step(tmp_path: Path) -> None:
    # blind40's np_gp_terrain: the GP weights solved again at every read of ``self.alpha``
    # (a solve of inputs that stay is the same solution: a costly call like an inverse)
    found = _found(profile(Target(script=_write(tmp_path, "gp.py", GP))))
    f = found.get(17)
    assert f is not None and f.code == "AB411", found
    assert "np.linalg.solve(self.K + self.noise * np.eye(n)" in f.evidence


TOWER = """\
from functools import partial

import numpy as np


class Tower:
    def __init__(self, rng, d_in, d_out):
        self.W = rng.standard_normal((d_out, d_in)) / np.sqrt(d_in)

    def encode(self, feats):
        project = partial(np.dot, self.W)
        h = np.array(list(map(project, feats)))
        return np.tanh(h)


rng = np.random.default_rng(5)
tower = Tower(rng, 48, 32)
total = 0.0
for request in range(40):
    feats = rng.standard_normal((6000, 48))
    total += float(tower.encode(feats).sum())
print("result:", total)
"""


def test_products_per_row_through_a_partial_of_np_dot(tmp_path: Path) -> None:
    # blind40's np_two_tower: ``project = partial(np.dot, self.W)`` then ``map(project, feats)``
    # is ``self.W @ row`` per row: ``feats @ self.W.T``, ``self.W`` never seen by the run
    found = _found(profile(Target(script=_write(tmp_path, "tower.py", TOWER))))
    f = found.get(12)
    assert f is not None and f.code == "AB105", found
    assert "feats @ self.W.T" in f.evidence


SEIR = """\
import numpy as np
import torch


class Compartments:
    def __init__(self, n_districts):
        self.beta = 0.3
        self.susceptibility = torch.tensor(np.linspace(0.7, 1.3, n_districts))

    def step(self, state, n):
        s, i, r = state
        new_i = s * self.susceptibility * (1.0 - torch.exp(-self.beta * i / n))
        new_r = 0.1 * i
        return (s - new_i, i + new_i - new_r, r + new_r)


def main():
    torch.manual_seed(0)
    n = 0.5 + torch.rand(1, 1024)
    i0 = torch.full((1024, 1024), 1e-3) * n
    state = (n.expand(1024, 1024) - i0, i0, torch.zeros(1024, 1024))
    model = Compartments(1024)
    total = 0.0
    for day in range(50):
        state = model.step(state, n)
        total += float(state[1][0, 0])
    print("result:", total + float(state[2].sum()))


main()
"""


def test_a_float64_attribute_promoting_state_returned_as_a_tuple(tmp_path: Path) -> None:
    # blind39's torch_seir_fit: ``new_i = s * self.susceptibility * ...``, never looked at, goes
    # back to the loop in a tuple; ``s`` is seen float32 at the first step and float64 after
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "seir.py", SEIR))))
    f = found.get(12)
    assert f is not None and f.code == "AB410", found
    assert "self.susceptibility (torch.Tensor float64 1024" in f.evidence


CORNERS = """\
import numpy as np
import torch
import torch.nn.functional as F


class Normalize:
    def __init__(self, sample):
        self.mean = torch.from_numpy(sample.mean(axis=(0, 2, 3))).view(1, 3, 1, 1)
        self.std = torch.from_numpy(sample.std(axis=(0, 2, 3))).view(1, 3, 1, 1)

    def __call__(self, x):
        return (x - self.mean.to(x.device)) / self.std.to(x.device)


def blur(grey):
    g = torch.ones(1, 1, 5, 5, dtype=grey.dtype) / 25.0
    for _ in range(8):
        grey = F.conv2d(F.pad(grey, (2, 2, 2, 2), mode="replicate"), g)
    return grey


rng = np.random.default_rng(9)
frames = rng.integers(0, 255, size=(12, 3, 240, 320), dtype=np.uint8)
norm = Normalize(frames[:4].astype(np.float64))
total = 0.0
for start in range(0, 12, 3):
    batch = torch.from_numpy(frames[start:start + 3]).float()
    x = norm(batch)
    grey = x.sum(1, keepdim=True)
    total += float(blur(grey).abs().sum())
print("result:", total)
"""


def test_a_float64_mean_and_std_promoting_a_loop_of_four_batches(tmp_path: Path) -> None:
    # blind40's torch_harris_corners: ``(x - self.mean) / self.std`` of NumPy's float64
    # statistics, in a loop of four batches each a whole float64 pipeline; both are named
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "corners.py", CORNERS))))
    f = found.get(12)
    assert f is not None and f.code == "AB410", found
    assert "runs 4 times" in f.evidence
    assert "self.std" in f.evidence and "self.mean" in f.evidence
