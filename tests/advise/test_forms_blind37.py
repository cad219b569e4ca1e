"""The forms blind37 and blind38 (benchmarks/) wrote, cut down to what made the profiler miss
them: an inverse of a matrix a method of the object builds from attributes only ``__init__``
sets, a factorization of a matrix read through ``len(c)`` alone, a ``np.vectorize`` held by the
object and called on arithmetic of arrays, and a model mapped over rows as ``map(self.critic,
feats)``, and a float64 property of another of the file's objects (``self.scenario.overlay``).
Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

COLUMN = """\
import numpy as np


class Column:
    def __init__(self, n, kappa, dt):
        self.n, self.dt = n, dt
        self.coeff = kappa * (1.0 + 0.5 * np.cos(np.pi * np.linspace(0.0, 1.0, n)))


class Solver:
    def __init__(self, column):
        self.column = column

    def operator(self):
        c = self.column
        main = 1.0 + 2.0 * c.dt * c.coeff
        off = -c.dt * c.coeff[:-1]
        return np.diag(main) + np.diag(off, 1) + np.diag(off, -1)

    def step(self, temps):
        inverse = np.linalg.inv(self.operator())
        return temps @ inverse.T


solver = Solver(Column(120, 0.35, 0.5))
temps = np.ones((64, 120))
for hour in range(1500):
    temps = solver.step(temps)
print("result:", float(temps.sum()))
"""


def test_an_inverse_of_what_a_method_builds_from_attributes_that_stay(tmp_path: Path) -> None:
    # blind37's np_column_diffusion: ``np.linalg.inv(self.operator())``, ``operator`` a
    # method of ``self`` alone reading ``self.column``'s attributes, which no method changes
    found = _found(profile(Target(script=_write(tmp_path, "column.py", COLUMN))))
    f = found.get(21)
    assert f is not None and f.code == "AB411", found
    assert "through the method self.operator()" in f.evidence
    assert "compute it once in __init__ (self.operator() read only attributes" in f.evidence


KINETICS = """\
import numpy as np
import scipy.linalg as sla


class Network:
    def __init__(self, n, h):
        rng = np.random.default_rng(4)
        self.h = h
        self.k_lin = -np.diag(rng.uniform(0.1, 1.0, n)) + 0.01 * rng.random((n, n))

    def step(self, c):
        lu = sla.lu_factor(np.eye(len(c)) - self.h * self.k_lin)
        return sla.lu_solve(lu, c + self.h * np.sin(c))


net = Network(160, 0.01)
c = np.ones(160)
for t in range(1500):
    c = net.step(c)
print("result:", float(c.sum()))
"""


def test_a_factorization_of_a_matrix_read_through_len_alone(tmp_path: Path) -> None:
    # blind38's np_kinetics_network: ``lu_factor(np.eye(len(c)) - self.h * self.k_lin)``, the
    # state ``c`` read for its length alone, one length at every look
    pytest.importorskip("scipy")
    found = _found(profile(Target(script=_write(tmp_path, "kinetics.py", KINETICS))))
    f = found.get(12)
    assert f is not None and f.code == "AB411", found
    assert "c: numpy.ndarray float64 160 on cpu, its shape alone read" in f.evidence


TONEMAP = """\
import math

import numpy as np


def filmic(x):
    x = max(x - 0.004, 0.0)
    return (x * (6.2 * x + 0.5)) / (x * (6.2 * x + 1.7) + 0.06)


class ToneMapper:
    def __init__(self, exposure):
        self.exposure = exposure
        self.curve = np.vectorize(filmic, otypes=[np.float64])

    def apply(self, lum):
        return self.curve(lum * self.exposure)


mapper = ToneMapper(1.5)
frames = np.random.default_rng(2).random((40, 120, 160))
print("result:", sum(float(mapper.apply(f).mean()) for f in frames))
"""


def test_a_vectorized_function_the_object_holds_called_on_arithmetic(tmp_path: Path) -> None:
    # blind37's np_hdr_tonemap: ``self.curve(lum * self.exposure)``, its argument arithmetic
    # of an array, not a name
    found = _found(profile(Target(script=_write(tmp_path, "tonemap.py", TONEMAP))))
    f = found.get(17)
    assert f is not None and f.code == "AB103", found
    assert "self.curve is a numpy.vectorize" in f.evidence
    assert "element of lum * self.exposure" in f.evidence


CRITIC = """\
import torch
import torch.nn as nn


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(38, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, x):
        return self.net(x)


class Evaluator:
    def __init__(self):
        self.critic = Critic()

    @torch.no_grad()
    def scores(self, feats):
        return torch.stack(list(map(self.critic, feats)))


ev = Evaluator()
total = 0.0
for step in range(150):
    total += float(ev.scores(torch.randn(64, 38)).sum())
print("result:", total)
"""


def test_a_model_the_object_holds_mapped_over_rows(tmp_path: Path) -> None:
    # blind37's torch_grasp_policy: ``map(self.critic, feats)``, the model once per row
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "critic.py", CRITIC))))
    f = found.get(20)
    assert f is not None and f.code == "AB106", found
    assert "map(self.critic, feats) calls the model once per row of feats" in f.evidence


KEYPOINTS = """\
import torch


class Projector:
    def __init__(self, dim_in=128, dim_out=64):
        g = torch.Generator().manual_seed(0)
        self.weight = torch.randn(dim_out, dim_in, generator=g) / dim_in ** 0.5
        self.bias = torch.zeros(dim_out)

    def project_one(self, d):
        return torch.mv(self.weight, d) + self.bias

    def __call__(self, descriptors):
        return torch.stack([self.project_one(d) for d in descriptors])


proj = Projector()
total = 0.0
for frame in range(200):
    total += float(proj(torch.randn(400, 128)).sum())
print("result:", total)
"""


def test_a_product_per_row_in_a_method_a_comprehension_calls(tmp_path: Path) -> None:
    # blind37's torch_keypoint_match: ``[self.project_one(d) for d in descriptors]`` with
    # ``torch.mv(self.weight, d)`` in the method: one matrix product for all the rows
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "keypoints.py", KEYPOINTS))))
    f = found.get(14)
    assert f is not None and f.code == "AB105", found
    assert "with self.weight (Tensor float32 64x128), made in project_one()" in f.evidence


def test_an_inverse_of_a_method_whose_attributes_the_loop_changes_is_not_invariant(
    tmp_path: Path,
) -> None:
    # the same with the loop changing the column's time step from outside the classes: the
    # operator is another matrix at every step
    src = COLUMN.replace(
        "    temps = solver.step(temps)",
        "    temps = solver.step(temps)\n    solver.column.dt *= 1.0001",
    )
    found = _found(profile(Target(script=_write(tmp_path, "column_dt.py", src))))
    assert not any(f.code == "AB411" for f in found.values()), found


TERMS = """\
import numpy as np
import torch


class Scenario:
    def __init__(self, months=120, shock=0.35, level=1.0):
        t = np.arange(months) / 12.0
        self._curve = 1.0 + shock * np.exp(-((t - 2.0) ** 2) / 1.5) * np.ones((2048, 1))
        self.level = level

    @property
    def overlay(self):
        return torch.from_numpy(self._curve * self.level)


class Engine:
    def __init__(self, scenario):
        self.scenario = scenario
        self.weight = torch.randn(24, 120) * 0.01

    def expected_loss(self, features):
        hazard = torch.sigmoid(features @ self.weight) * self.scenario.overlay
        survival = torch.exp(torch.cumsum(torch.log1p(-hazard), dim=1))
        return (survival * hazard).sum(dim=1)


torch.manual_seed(0)
engine = Engine(Scenario())
total = 0.0
for batch in range(150):
    feats = torch.randn(2048, 24)
    total += float(engine.expected_loss(feats).sum())
print("result:", total)
"""


def test_a_float64_property_of_another_object_the_method_reads(tmp_path: Path) -> None:
    # blind37's torch_pd_termstructure: ``self.scenario.overlay``, a property of another of
    # the file's objects returning ``torch.from_numpy`` of a float64 array, never looked at;
    # its value is made after the run from the getter's attributes (seen where a look of the
    # sampler lands in the getter: one of 2048 x 120 values, not the set's 120, whose first
    # call only a fresh process's torch made slow enough to be seen), and the fix is the getter's
    found = _found(profile(Target(script=_write(tmp_path, "terms.py", TERMS))))
    f = found.get(22)
    assert f is not None and f.code == "AB410", found
    assert "self.scenario.overlay (torch.Tensor float64 2048x120" in f.evidence
    assert "return torch.from_numpy(self._curve * self.level).float()" in f.evidence


def test_a_float32_property_of_another_object_is_not_a_promotion(tmp_path: Path) -> None:
    same = TERMS.replace(
        "torch.from_numpy(self._curve * self.level)",
        "torch.from_numpy(self._curve * self.level).float()",
    )
    found = _found(profile(Target(script=_write(tmp_path, "terms32.py", same))))
    assert all(f.code != "AB410" for f in found.values()), found


RATES = """\
import numpy as np


def drive(t, phase):
    return np.float32(0.8) + np.float32(0.3) * np.sin(np.float32(0.002) * t + phase)


class RateModel:
    def __init__(self, w, taus, dt=0.5):
        self.w = w
        self.tau = np.array(taus)
        self.dt = dt
        self.phase = np.linspace(0, 2 * np.pi, len(taus), dtype=np.float32)

    def step(self, r, t):
        inp = self.w @ r + drive(t, self.phase)
        return r + (self.dt / self.tau) * (-r + np.tanh(inp))


rng = np.random.default_rng(11)
n = 1500
w = rng.standard_normal((n, n)).astype(np.float32) / np.float32(np.sqrt(n))
model = RateModel(w, list(rng.uniform(8.0, 25.0, size=n)))
r = np.zeros(n, dtype=np.float32)
for t in range(400):
    r = model.step(r, t)
print("result:", float(np.abs(r).sum()))
"""


def test_a_float32_matrix_made_float64_by_the_state_a_method_is_passed(tmp_path: Path) -> None:
    # blind38's np_rate_network: ``self.tau`` float64 makes the returned rates float64, and at
    # the next step ``self.w @ r`` converts the float32 matrix: that product, in a statement
    # that also calls the file's ``drive``, is the float64 work priced (it read 0.18 of the
    # run for 0.86 when only the elementwise lines were timed)
    found = _found(profile(Target(script=_write(tmp_path, "rates.py", RATES))))
    f = found.get(17)
    assert f is not None and f.code == "AB410", found
    assert "self.tau (numpy.ndarray float64 1500" in f.evidence
    assert "line 16's statement downstream" in f.evidence
