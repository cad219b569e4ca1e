"""The forms blind35 (benchmarks/blind35) wrote, cut down to what made the profiler miss them: a
method that returns a NumPy float64 (``np.exp`` of Python floats) scaling a float32 stack, and
a pure function of constants called at every iteration to build the same kernel. Never a
wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

DENOISE = """\
import numpy as np


class Diffusion:
    def __init__(self, kappa=0.1, base_step=0.2, decay=60.0):
        self.kappa = kappa
        self.base_step = base_step
        self.decay = decay

    def step_size(self, it):
        return self.base_step * np.exp(-it / self.decay)

    def update(self, u, it):
        flux = np.roll(u, 1, axis=1) + np.roll(u, -1, axis=1) - 2 * u
        return u + self.step_size(it) * flux


u = np.random.default_rng(3).standard_normal((40, 128, 128)).astype(np.float32)
model = Diffusion()
for it in range(400):
    u = model.update(u, it)
print("result:", float(np.sum(u, dtype=np.float64)))
"""


def test_a_method_returning_a_numpy_float64_promotes_the_float32_stack(tmp_path: Path) -> None:
    # blind35's np_diffusion_denoise: ``self.step_size(it)``, ``np.exp`` of Python floats, a
    # numpy.float64 (made again after the run from the call's argument and the attributes'
    # defaults); the fix is its return
    found = _found(profile(Target(script=_write(tmp_path, "denoise.py", DENOISE))))
    f = found.get(15)
    assert f is not None and f.code == "AB410", found
    assert "self.step_size(it) (numpy.float64: line 11 returns" in f.evidence
    assert "make it return a float32 or a Python float, line 11" in f.evidence


PSF = """\
import math

import torch
import torch.nn.functional as F

SIGMA = 2.2


def gaussian_psf(sigma=SIGMA, radius=7):
    rows = [[math.exp(-(i * i + j * j) / (2 * sigma ** 2)) for j in range(-radius, radius + 1)]
            for i in range(-radius, radius + 1)]
    k = torch.tensor(rows)
    return (k / k.sum())[None, None]


def deconvolve(observed, n_iter):
    est = torch.full_like(observed, 0.5)
    for _ in range(n_iter):
        psf = gaussian_psf()
        est = est * F.conv2d(observed / (F.conv2d(est, psf, padding=7) + 1e-6), psf, padding=7)
    return est


obs = torch.rand(1, 1, 24, 24)
print("result:", float(deconvolve(obs, 800).sum()))
"""


def test_a_pure_function_of_constants_called_in_a_loop_is_loop_invariant(tmp_path: Path) -> None:
    # blind35's torch_rl_deconvolve: ``psf = gaussian_psf()``, no inputs but defaults and
    # constants: the same kernel at every iteration
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "psf.py", PSF))))
    f = found.get(19)
    assert f is not None and f.code == "AB411", found
    assert "from no inputs but constants through gaussian_psf()" in f.evidence


PRECOND = """\
from functools import partial

import torch


def direction(H, g):
    return torch.linalg.solve(H, g)


class Trainer:
    def __init__(self, X, y, precondition):
        self.X, self.y = X, y
        self.precondition = precondition

    def fit(self, w, steps):
        for step in range(steps):
            g = self.X.T @ (torch.sigmoid(self.X @ w) - self.y) / len(self.y)
            w = w - 0.5 * self.precondition(g)
        return w


gen = torch.Generator().manual_seed(8)
X = torch.randn(2000, 300, generator=gen)
y = (torch.rand(2000, generator=gen) < 0.5).float()
H0 = X.T @ X / 2000 * 0.25 + 1e-2 * torch.eye(300)
w = Trainer(X, y, partial(direction, H0)).fit(torch.zeros(300), 200)
print("result:", float(w.abs().sum()))
"""


def test_a_solve_behind_a_partial_an_object_keeps_is_an_invariant_solve(tmp_path: Path) -> None:
    # blind35's torch_precond_logreg: ``partial(direction, H0)`` passed to the constructor,
    # kept as ``self.precondition`` and called per step: the same matrix factored every step
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "precond.py", PRECOND))))
    f = found.get(7)
    assert f is not None and f.code == "AB407", found
    assert "the loop at line 16 calls direction() with it every time" in f.evidence
    assert "torch.linalg.lu_factor" in f.evidence
