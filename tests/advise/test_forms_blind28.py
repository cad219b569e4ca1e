"""The forms blind28 (benchmarks/blind28) wrote around known kinds, cut down to what made the
profiler miss them: a property's division of arrays that never change, read by a method of an
object another object holds, once a step (a getter of operators only: its lines never
sampled); and a property's copy read by ``len()`` and through ``.T``. Never a wall-clock
assertion."""

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


class Chain:
    def __init__(self, n):
        self.masses = np.random.default_rng(0).uniform(0.5, 1.5, n)
        self.K = 900.0 * (2 * np.eye(n) - np.eye(n, k=1) - np.eye(n, k=-1))

    @property
    def dynamic(self):
        return self.K / self.masses[:, None]

    def accel(self, u, v, ground):
        return -(self.dynamic @ u) - 0.6 * v - ground


class Integrator:
    def __init__(self, chain):
        self.chain = chain

    def run(self, record):
        u = np.zeros(260)
        v = np.zeros(260)
        for g in record:
            a = self.chain.accel(u, v, g)
            v += 2e-3 * a
            u += 2e-3 * v
        return float(np.abs(u).max())


print("result:", Integrator(Chain(260)).run(np.linspace(0.0, 1.0, 20_000)))
"""


def test_a_getters_division_of_unchanged_arrays_read_per_step_is_invariant(
    tmp_path: Path,
) -> None:
    # blind28's np_truss_dynamics: ``self.K / self.masses[:, None]`` in a property read by
    # ``accel``, which the loop calls on ``self.chain``; the getter's line of operators has
    # its time timed after the run, its inputs recorded where the property is read
    found = _found(profile(Target(script=_write(tmp_path, "truss.py", TRUSS))))
    f = found.get(11)
    assert f is not None and f.code == "AB411", found
    assert "its part `self.K / self.masses[:, None]`" in f.evidence
    assert "self.K: numpy.ndarray float64 260x260" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1]


STORE = """\
import torch


class Store:
    def __init__(self, vectors):
        self._vectors = vectors

    @property
    def vectors(self):
        return self._vectors.clone()

    def search(self, queries):
        k = min(10, len(self.vectors))
        return (queries @ self.vectors.T).topk(k, dim=1)


g = torch.Generator().manual_seed(4)
store = Store(torch.randn(120_000, 48, generator=g))
total = 0.0
for b in range(60):
    total += float(store.search(torch.randn(8, 48, generator=g)).values.sum())
print("result:", total)
"""


def test_a_propertys_copy_read_by_len_and_through_its_transpose_is_needless(
    tmp_path: Path,
) -> None:
    # blind28's torch_vector_store: ``len(self.vectors)`` and ``queries @ self.vectors.T``
    # read the copy at once
    found = _found(profile(Target(script=_write(tmp_path, "store.py", STORE))))
    f = found.get(10)
    assert f is not None and f.code == "AB203", found
    assert "returned to callers that only read it (lines 13, 14" in f.evidence


LANGEVIN = """\
import numpy as np


class Target:
    def __init__(self, means):
        self.means = means

    def score(self, x):
        means = self.means.astype(x.dtype)
        d2 = (x * x).sum(1, keepdims=True) - 2 * x @ means.T + (means * means).sum(1)
        w = np.exp(-0.5 * (d2 - d2.min(1, keepdims=True)))
        w /= w.sum(1, keepdims=True)
        return w @ means - x


def langevin(target, x, precond, step, n_steps, rng):
    for t in range(n_steps):
        noise = rng.standard_normal(x.shape, dtype=np.float32)
        x = x + step * precond * target.score(x) + 0.2 * noise
    return x


rng = np.random.default_rng(2)
target = Target((3 * rng.standard_normal((48, 64))).astype(np.float32))
precond = 1.0 / np.sqrt(rng.uniform(0.5, 2.0, 64))
x = langevin(target, rng.standard_normal((3000, 64)).astype(np.float32), precond, 0.02, 150, rng)
print("result:", float(np.abs(x).mean()))
"""


def test_a_float64_preconditioner_in_a_loops_state_update_is_the_promotion(
    tmp_path: Path,
) -> None:
    # blind28's torch_langevin_sampler: ``x = x + step * precond * target.score(x) + ...``,
    # ``precond`` float64; x is seen float64 in ``score`` (the loop hands it over), and the
    # callee's ``self.means.astype(x.dtype)`` is not a root of its own
    found = _found(profile(Target(script=_write(tmp_path, "langevin.py", LANGEVIN))))
    f = found.get(19)
    assert f is not None and f.code == "AB410", found
    assert "with precond (numpy.ndarray float64 64" in f.evidence
    assert all(g.code != "AB410" or g.fix_of == 19 for line, g in found.items() if line != 19), (
        found
    )
