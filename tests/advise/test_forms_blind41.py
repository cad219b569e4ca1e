"""The forms blind41 and blind42 (benchmarks/) wrote, cut down to what made the profiler miss
them or misprice them: an inverse of ``self.K[np.ix_(free, free)]`` in a property read per load
case; a builtin ``max`` over a tensor reduced along one axis; ``np.vectorize(f)(img, ...)`` made
and called at once; a property's whole returned formula read per sweep, its operators' time
landed at its caller. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

TRUSS = """\
import numpy as np


class StaticSolver:
    def __init__(self, K, fixed):
        self.K = K
        self.free = np.setdiff1d(np.arange(K.shape[0]), fixed)

    @property
    def flexibility(self):
        return np.linalg.inv(self.K[np.ix_(self.free, self.free)])

    def displacements(self, load):
        u = np.zeros(self.K.shape[0])
        u[self.free] = self.flexibility @ load[self.free]
        return u


rng = np.random.default_rng(2)
a = rng.standard_normal((260, 260))
solver = StaticSolver(a @ a.T + 260 * np.eye(260), fixed=[0, 1, 259])
peak = 0.0
for case in range(120):
    load = np.zeros(260)
    load[case % 250 + 2] = -1.0
    peak = max(peak, float(np.abs(solver.displacements(load)).max()))
print("result:", peak)
"""


def test_an_inverse_of_an_ix_submatrix_in_a_property_read_per_case(tmp_path: Path) -> None:
    # blind41's np_truss_loadcases: ``np.ix_`` is a pure indexing helper, so the inverse's
    # inputs are the object's attributes, which no method changes
    found = _found(profile(Target(script=_write(tmp_path, "truss.py", TRUSS))))
    f = found.get(11)
    assert f is not None and f.code == "AB411", found
    assert "np.linalg.inv(self.K[np.ix_(self.free, self.free)])" in f.evidence


RELAX = """\
import torch


class Solver:
    def __init__(self, tol):
        self.tol = tol

    def converged(self, old, new):
        return max((new - old).abs().amax(dim=1)) < self.tol

    def solve(self, rhs):
        w = torch.zeros_like(rhs)
        for it in range(1500):
            new = w.clone()
            avg = w[:-2, 1:-1] + w[2:, 1:-1] + w[1:-1, :-2] + w[1:-1, 2:]
            new[1:-1, 1:-1] = 0.25 * avg + rhs[1:-1, 1:-1]
            if self.converged(w, new):
                return new, it
            w = new
        return w, 1500


torch.manual_seed(0)
w, n = Solver(1e-9).solve(torch.rand(96, 24) * 1e-3)
print("result:", float(w.sum()), n)
"""


def test_a_builtin_max_over_a_tensor_reduced_along_an_axis(tmp_path: Path) -> None:
    # blind41's torch_membrane_relax: ``max((new - old).abs().amax(dim=1))``, one 0-d tensor
    # per row, in a convergence test called per sweep
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "relax.py", RELAX))))
    f = found.get(9)
    assert f is not None and f.code == "AB409", found
    assert "max() over a torch.Tensor float32 of 96 items" in f.evidence
    assert "(new - old).abs().amax(dim=1).max()" in f.evidence


WINDOW = """\
import numpy as np


def _window_px(hu, center, width):
    lo = center - width / 2
    if hu <= lo:
        return 0.0
    if hu >= lo + width:
        return 1.0
    return (hu - lo) / width


def window(img, center, width):
    return np.vectorize(_window_px)(img, center, width)


class Pipeline:
    def __init__(self, *steps):
        self.steps = steps

    def __call__(self, img):
        for step in self.steps:
            img = step(img)
        return img


rng = np.random.default_rng(3)
pipe = Pipeline(lambda x: x * 1.5 - 1024.0, lambda x: window(x, 40.0, 400.0))
total = 0.0
for k in range(110):
    total += float(pipe(1000.0 + 60.0 * rng.standard_normal((160, 160))).sum())
print("result:", total)
"""


def test_a_vectorize_made_and_called_at_once(tmp_path: Path) -> None:
    # blind42's np_ct_window: ``np.vectorize(_window_px)(img, center, width)`` in a step a
    # pipeline object calls
    found = _found(profile(Target(script=_write(tmp_path, "window.py", WINDOW))))
    f = found.get(14)
    assert f is not None and f.code == "AB103", found
    assert "np.vectorize(_window_px) makes a numpy.vectorize" in f.evidence


SWEEP = """\
import numpy as np


class TabularModel:
    def __init__(self, n_states, n_actions, rng):
        self.counts = rng.random((n_states, n_actions, n_states)) + 1e-3
        self.reward = rng.random((n_states, n_actions))

    @property
    def transitions(self):
        return self.counts / self.counts.sum(axis=2, keepdims=True)


def value_iteration(model, gamma, sweeps):
    V = np.zeros(model.counts.shape[0])
    for _ in range(sweeps):
        Q = model.reward + gamma * (model.transitions @ V)
        V = Q.max(axis=1)
    return V


model = TabularModel(400, 4, np.random.default_rng(1))
print("result:", float(value_iteration(model, 0.9, 500).sum()))
"""


def test_a_property_whose_whole_formula_stays_is_priced_whole(tmp_path: Path) -> None:
    # blind42's np_gridworld_vi: ``return self.counts / self.counts.sum(axis=2, keepdims=True)``
    # read per sweep: the whole formula is the part (it read only the sum, 0.38 of the run for
    # 0.84), timed after the run, its division's time landed at the caller's line
    found = _found(profile(Target(script=_write(tmp_path, "sweep.py", SWEEP))))
    f = found.get(11)
    assert f is not None and f.code == "AB411", found
    assert "its part `self.counts / self.counts.sum(axis=2, keepdims=True)`" in f.evidence
