"""The forms blind32 (benchmarks/blind32) wrote around loop-invariant work, cut down to what
made the profiler miss them: a property whose getter builds a sparse matrix from attributes
only ``__init__`` sets, read at every sweep of a relaxation loop. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")
pytest.importorskip("scipy")

RELAX = """\
import numpy as np
import scipy.sparse as sp


class Grid:
    def __init__(self, n, h):
        self.n = n
        self.h = h

    @property
    def laplacian(self):
        n = self.n
        t = sp.diags([1.0, -2.0, 1.0], [-1, 0, 1], shape=(n, n))
        eye = sp.identity(n)
        return ((sp.kron(eye, t) + sp.kron(t, eye)) / self.h**2).tocsr()


def relax(grid, f, sweeps):
    u = np.zeros_like(f)
    for it in range(sweeps):
        GRID
        r = f - grid.laplacian @ u
        u = u + 0.8 * r / (-4.0 / grid.h**2)
    return u


grid = Grid(40, 1.0 / 41)
f = np.random.default_rng(0).standard_normal(40 * 40)
print("result:", float(relax(grid, f, 800).sum()))
"""


def test_a_pure_property_read_at_every_sweep_is_computed_once(tmp_path: Path) -> None:
    # blind32's np_poisson_relax: ``grid.laplacian`` builds the same sparse matrix at every
    # read; the getter's time is the loop's, and its lines get no finding of their own (the
    # NumPy calls on Python numbers there were told AB412, "do the step on Python floats")
    src = RELAX.replace("GRID", "pass")
    found = _found(profile(Target(script=_write(tmp_path, "relax.py", src))))
    f = found.get(22)
    assert f is not None and f.code == "AB411", found
    assert "it reads grid.laplacian, a property whose getter (line 11)" in f.evidence
    assert "800 calls" in f.evidence
    assert "laplacian = grid.laplacian" in f.evidence
    assert not any(11 <= line <= 15 for line in found), found


def test_a_property_of_an_object_made_again_each_sweep_is_not_taken_out(tmp_path: Path) -> None:
    # the object made anew at every sweep: its property is not the same value from one to
    # the next as far as the source tells
    src = RELAX.replace("GRID", "grid = Grid(grid.n, grid.h)")
    found = _found(profile(Target(script=_write(tmp_path, "relax.py", src))))
    assert not any(f.code == "AB411" for f in found.values()), found


TRACKER = """\
import math

import numpy as np


def likelihood(x, z):
    d = z - math.sqrt(1.0 + x * x)
    return math.exp(-0.5 * d * d / 0.16)


class Filter:
    def __init__(self, n, rng):
        self.particles = rng.normal(0.0, 2.0, size=n)
        self.weights = np.full(n, 1.0 / n)

    def update(self, z):
        like = np.array(list(map(MAPPED, self.particles)))
        w = self.weights * like + 1e-300
        self.weights = w / w.sum()


rng = np.random.default_rng(2)
pf = Filter(6000, rng)
for z in rng.normal(1.5, 0.5, size=60):
    pf.update(z)
print("result:", float(pf.weights @ pf.particles))
"""


def test_a_function_of_numbers_mapped_over_an_array_is_a_loop_over_its_elements(
    tmp_path: Path,
) -> None:
    # blind32's np_particle_tracker: ``map(lambda p: likelihood(p, z), self.particles)``,
    # math.exp and math.sqrt per particle, with no loop of its own on the line
    src = TRACKER.replace("MAPPED", "lambda p: likelihood(p, z)")
    found = _found(profile(Target(script=_write(tmp_path, "tracker.py", src))))
    f = found.get(17)
    assert f is not None and f.code == "AB103", found
    assert "map calls likelihood once per element of self.particles" in f.evidence
    assert "360,000 calls in all" in f.evidence


def test_a_builtin_conversion_mapped_over_an_array_is_not_told_vectorize(tmp_path: Path) -> None:
    # ``map(float, x)``: a conversion to Python floats, not a function to write on arrays
    src = TRACKER.replace("MAPPED", "float")
    found = _found(profile(Target(script=_write(tmp_path, "tracker.py", src))))
    assert not any(f.code == "AB103" for f in found.values()), found
