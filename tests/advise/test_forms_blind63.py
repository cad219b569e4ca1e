"""The forms blind63 .. blind66 (benchmarks/) wrote, cut down to what made the profiler miss
them or misprice them: an inverse made again in a closure from its maker's variables, float64
work whose backward pass runs in float64 too. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

CLOSURE_INVERSE = """\
import numpy as np


def make_restorer(blur, lam):
    n = blur.shape[0]

    def restore(tile):
        normal = np.linalg.inv(blur.T @ blur + lam * np.eye(n))
        return normal @ (blur.T @ tile)

    return restore


class Pipeline:
    def __init__(self, restore):
        self.restore = restore

    def process(self, tile):
        return self.restore(tile * 0.5)


idx = np.arange(120)
blur = np.exp(-0.5 * ((idx[:, None] - idx[None, :]) / 2.5) ** 2)
pipe = Pipeline(make_restorer(blur, 1e-3))
rng = np.random.default_rng(0)
total = 0.0
for i in range(300):
    total += float(pipe.process(rng.standard_normal((120, 8))).mean())
print(total)
"""


def test_an_inverse_a_closure_makes_from_its_makers_variables_is_told(tmp_path: Path) -> None:
    # blind63's swath restorer: the closure's inverse reads blur, lam and n, variables of
    # make_restorer that nothing changes once restore is made
    report = profile(Target(script=_write(tmp_path, "closure_inverse.py", CLOSURE_INVERSE)))
    f = _found(report).get(8)
    assert f is not None and f.code == "AB411", _found(report)
    assert "variables of make_restorer()" in f.evidence and "before def restore" in f.evidence


def test_a_closure_whose_variable_changes_is_not_told(tmp_path: Path) -> None:
    changed = CLOSURE_INVERSE.replace(
        "    return restore\n", "    lam_box = [lam]\n    blur[0, 0] += 0.0\n    return restore\n"
    )
    changed = changed.replace(
        "        return normal @", "        blur[1, 1] = blur[1, 1]\n        return normal @"
    )
    report = profile(Target(script=_write(tmp_path, "closure_changed.py", changed)))
    assert 8 not in _found(report) or _found(report)[8].code != "AB411", _found(report)


FLOAT64_GRID_BACKWARD = """\
import numpy as np
import torch


class Source:
    def __init__(self, n):
        axis = np.linspace(-20.0, 20.0, n)
        grid = np.stack([g.ravel() for g in np.meshgrid(axis, axis)])
        self.x, self.y = torch.from_numpy(grid)

    def uplift(self, p):
        x0, y0, depth, dv = p[0], p[1], p[2], p[3]
        r2 = (self.x - x0) ** 2 + (self.y - y0) ** 2 + depth ** 2
        return dv * depth / (torch.pi * r2 ** 1.5)


torch.manual_seed(0)
torch.set_num_threads(1)
src = Source(300)
observed = src.uplift(torch.tensor([1.5, -2.0, 4.0, 30.0])).float()
params = torch.tensor([0.0, 0.0, 6.0, 10.0]).requires_grad_(True)
opt = torch.optim.SGD([params], lr=1e-3)
for step in range(60):
    opt.zero_grad()
    misfit = ((src.uplift(params) - observed) ** 2).mean()
    misfit.backward()
    opt.step()
print(float(params.detach().sum()))
"""


def test_float64_attributes_unpacked_are_told_where_they_meet_float32(tmp_path: Path) -> None:
    # blind64's volcano inversion: ``self.x, self.y = torch.from_numpy(grid)`` keeps NumPy's
    # float64, and the forward and its backward pass run in float64; told on line 13, where
    # the float64 grid meets the float32 parameters, the backward's share priced too
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "grid_backward.py", FLOAT64_GRID_BACKWARD)))
    f = _found(report).get(13)
    assert f is not None and f.code == "AB401", _found(report)
    assert "(line 9)" in f.evidence and "of it in .backward()" in f.evidence, f.evidence
