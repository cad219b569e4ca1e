"""The forms blind112 .. blind115 (benchmarks/) wrote, cut down to what made the profiler miss
them or say something wrong: a property of a dataclass read once on each of 3,000 objects, told
"compute it once in __init__" (blind115's fleeces: nothing to save, one evaluation an object
either way); a generator yielding its running total, told an element loop (blind115's brine
ponds: a scan, ``np.cumsum``); per-row products mapped over an array an object holds two
attributes down (blind114's loom); a float64 array of the function that makes a closure,
promoting the float32 flight the closure's caller steps (blind113's sight marks); a model called
on each row through a ``functools.partial`` of the file's function, told an element loop
(blind114's avalanche cells); a QR of a constant buffer in a static method registered as the
module's forward pre-hook (blind106's lock pins: its buffer, in the module's own dict of
buffers, was never read by the run). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

FLEECE = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Fleece:
    tag: int
    microns: np.ndarray

    @property
    def comfort(self):
        return float(np.mean(self.microns <= 30.0))


rng = np.random.default_rng(0)
data = rng.normal(22.0, 5.0, (3000, 8000))
fleeces = [Fleece(i, data[i]) for i in range(3000)]
total = 0.0
for f in fleeces:
    total += f.comfort
print("result:", total)
"""


def test_a_property_read_once_an_object_is_not_made_once(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "fleece.py", FLEECE)))
    assert 13 not in _found(report)  # (it was AB411 at 13%: 3,000 objects, one read each)


BRINE = """\
import numpy as np


def running_loss(net):
    total = 0.0
    i = 0
    while i < len(net):
        total += net[i]
        yield total
        i += 1


rng = np.random.default_rng(0)
out = 0.0
for pond in range(6):
    net = rng.normal(0.1, 1.0, 40000)
    lost = np.fromiter(running_loss(net), dtype=np.float64, count=net.size)
    out += float(lost[-1])
print("result:", out)
"""


def test_a_generator_yielding_its_running_total_is_a_scan(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "brine.py", BRINE)))
    f = _found(report).get(7)
    assert f is not None and f.code == "AB408"  # (it was AB101, an element loop)
    assert "np.cumsum" in f.evidence


LOOM = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Draft:
    tieup: np.ndarray
    treadling: np.ndarray


class Loom:
    def __init__(self, draft):
        self.draft = draft

    def lifts(self):
        return np.array(list(map(lambda pick: self.draft.tieup @ pick, self.draft.treadling)))


rng = np.random.default_rng(0)
total = 0.0
for piece in range(12):
    draft = Draft(rng.random((24, 24)), np.eye(24)[rng.integers(0, 24, 10000)])
    total += float(Loom(draft).lifts().sum())
print("result:", total)
"""


def test_products_mapped_over_the_rows_of_an_objects_held_array(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "loom.py", LOOM)))
    f = _found(report).get(17)
    assert f is not None and f.code == "AB105"  # (it was "no known pattern")
    assert "self.draft.treadling @ self.draft.tieup.T" in f.evidence


SIGHTS = """\
import numpy as np


def make_drag(scatter, base=0.0021):
    k = base * scatter

    def drag(vx, vy, gust):
        speed = np.sqrt((vx - gust) ** 2 + vy * vy)
        return -k * speed * (vx - gust), -k * speed * vy - 9.81

    return drag


def fly(drag, vx, vy, gust, n_arrows, dt=np.float32(0.004), steps=200):
    x = np.zeros_like(vx[:, :n_arrows])
    for _ in range(steps):
        ax, ay = drag(vx, vy, gust)
        vx = vx + ax * dt
        vy = vy + ay * dt
        x = x + vx * dt
    return x


def main():
    rng = np.random.default_rng(0)
    scatter = rng.normal(1.0, 0.04, 512)
    drag = make_drag(scatter)
    total = 0.0
    for volley in range(3):
        vx = np.full((128, 512), 80.0 + volley, dtype=np.float32)
        vy = np.full((128, 512), 5.0, dtype=np.float32)
        gust = np.full((128, 512), 0.5 * volley, dtype=np.float32)
        n_arrows = len(scatter)
        total += float(fly(drag, vx, vy, gust, n_arrows).sum())
    print("result:", total)


main()
"""


def test_a_float64_variable_of_a_closures_maker_promoting_float32_work(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "sights.py", SIGHTS)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB410"  # (it was "no known pattern")
    assert "with k (numpy.ndarray float64 512" in f.evidence
    # (the state, float32 at the first step only, is seldom looked at then: the wind, float32
    # at every look, is the float32 work seen)


AVALANCHE = """\
import functools

import torch
from torch import nn


class DangerNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(12, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1)


def cell_risk(model, features):
    return model(features.unsqueeze(0))[0]


def score_region(model, cells):
    risk = functools.partial(cell_risk, model)
    with torch.no_grad():
        return torch.stack([risk(c) for c in cells])


torch.manual_seed(0)
model = DangerNet()
total = 0.0
for region in range(4):
    total += float(score_region(model, torch.randn(1500, 12)).sum())
print("result:", total)
"""


def test_a_model_called_per_row_through_a_partial_is_a_batch_of_one(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "avalanche.py", AVALANCHE)))
    f = _found(report).get(23)
    assert f is not None and f.code == "AB106"  # (it was AB101, an element loop)
    assert "through risk" in f.evidence


PINS = """\
import math

import torch
from torch import nn


def cosine_basis(n):
    t = torch.arange(n, dtype=torch.float32)
    k = torch.arange(n, dtype=torch.float32)[:, None]
    return torch.cos(math.pi * (t + 0.5) * k / n)


class Projection(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("raw_basis", cosine_basis(n))
        self.register_forward_pre_hook(self._orthonormalise)

    @staticmethod
    def _orthonormalise(module, inputs):
        q, _ = torch.linalg.qr(module.raw_basis.T)
        module.basis = q.T

    def forward(self, scans):
        return scans @ self.basis.T


torch.manual_seed(0)
model = nn.Sequential(Projection(192), nn.Linear(192, 8))
x = torch.randn(64, 192)
total = 0.0
with torch.no_grad():
    for step in range(300):
        total += float(model(x).sum())
print("result:", total)
"""


def test_a_forward_pre_hook_remaking_a_value_of_a_constant_buffer(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "pins.py", PINS)))
    f = _found(report).get(21)
    assert f is not None and f.code == "AB411"  # (it was "no known pattern")
    assert "self.raw_basis: torch.Tensor float32 192x192" in f.evidence
