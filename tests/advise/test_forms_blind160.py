"""Forms from blind160-161 (first contact, 2026-12-02) that the advisor missed or priced short:
a linear system solved per step with a matrix a method of the object builds from attributes
only ``__init__`` sets; a float64 tensor whose backward pass runs in a closure handed to the
optimizer; one float64 value told once where it meets the float32 work in two functions.
Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns.float64_sources import passed_in
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

KILN = """\
import numpy as np


class Wall:
    def __init__(self, cells, r):
        self.cells = cells
        self.r = r
        self.temps = np.full(cells, 20.0)

    def system(self):
        n, r = self.cells, self.r
        a = np.diag(np.full(n, 1.0 + 2.0 * r))
        a += np.diag(np.full(n - 1, -r), 1) + np.diag(np.full(n - 1, -r), -1)
        return a

    def step(self, chamber):
        rhs = self.temps.copy()
        rhs[0] += 0.3 * chamber
        self.temps = np.linalg.solve(self.system(), rhs)
        return self.temps[0]


wall = Wall(120, 0.4)
total = 0.0
for k in range(3000):
    total += wall.step(20.0 + 0.5 * k)
print("result:", total)
"""


def test_a_solve_of_a_matrix_a_method_builds_from_init_attributes(tmp_path: Path) -> None:
    # blind161's kiln wall: ``np.linalg.solve(self.system(), rhs)`` per step, ``system()``
    # building the same matrix from ``self.cells`` and ``self.r`` every time: no finding, the
    # line read "no known pattern: the time is in numpy.linalg.solve" (60% measured)
    report = profile(Target(script=_write(tmp_path, "kiln.py", KILN)))
    f = _found(report).get(19)
    assert f is not None and f.code == "AB407", _found(report)
    assert "self.system() builds it from attributes only __init__ sets" in f.evidence, f.evidence
    assert "built again at every call" in f.evidence, f.evidence


def test_a_method_whose_attributes_change_builds_no_invariant_matrix(tmp_path: Path) -> None:
    # (``self.r`` changed by the step: the matrix is another at every call)
    changed = KILN.replace(
        "        return self.temps[0]\n", "        self.r *= 1.0001\n        return self.temps[0]\n"
    )
    assert changed != KILN
    report = profile(Target(script=_write(tmp_path, "kiln_changing.py", changed)))
    f = _found(report).get(19)
    assert f is None or f.code != "AB407", f


FERMENT = """\
import numpy as np
import torch


class Curve(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.rate = torch.nn.Parameter(torch.full((n, 1), 0.5))
        self.mid = torch.nn.Parameter(torch.full((n, 1), 10.0))

    def forward(self, t):
        drop = torch.sigmoid(self.rate.exp() * (t - self.mid))
        return 1.0 - drop


def fit(t, target, steps):
    model = Curve(target.shape[0])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def closure():
        opt.zero_grad()
        resid = model(t) - target
        loss = (resid ** 2).mean()
        loss.backward()
        return loss

    for step in range(steps):
        loss = opt.step(closure)
    return float(loss)


torch.manual_seed(0)
torch.set_num_threads(1)
t = torch.as_tensor(np.arange(1440) / 48.0)
target = torch.rand(1500, 1440)
print("result:", fit(t, target, 30))
"""


def test_a_float64_value_is_told_once_with_its_backward_in_a_closure(tmp_path: Path) -> None:
    # blind160's fermentation fit: ``t`` of NumPy's float64 meets the float32 parameters in the
    # model's forward and again in the loss closure handed to ``opt.step``: two AB410 findings
    # (9.5% and 10%) for one fix, neither counting the closure's float64 backward (31% measured)
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "ferment.py", FERMENT)))
    found = _found(report)
    told = [f for f in found.values() if f.code == "AB410"]
    assert len(told) == 1, found
    assert "of it in .backward()" in told[0].evidence, told[0].evidence
    dropped = [f for f in report.dropped if f.code == "AB410"]
    assert any("the same float64 value as line" in f.dropped for f in dropped), dropped


def test_a_parameter_is_followed_to_where_its_one_caller_made_it(tmp_path: Path) -> None:
    # (``t`` read in the loss closure is ``fit``'s parameter, made in ``main``: the AB410 told
    # in the closure names line 34, where a float32 dtype is the fix)
    sf = read_source(str(_write(tmp_path, "ferment_src.py", FERMENT)))
    assert passed_in(sf, "t", 22) == (34, "torch.as_tensor(np.arange(1440) / 48.0)")
    assert passed_in(sf, "target", 22) == (35, "torch.rand(1500, 1440)")
    assert passed_in(sf, "steps", 22) is None  # (a number written at the call)


FLOUR = """\
from functools import partial

import numpy as np


def fit_blend(spectra, ridge, target):
    a = spectra
    gram_inv = np.linalg.inv(a.T @ a + ridge * np.eye(a.shape[1]))
    return gram_inv @ (a.T @ target)


def orders(spectra, n, rng):
    for _ in range(n):
        yield spectra[:, :3] @ np.ones(3) + 0.01 * rng.standard_normal(spectra.shape[0])


rng = np.random.default_rng(2)
spectra = rng.random((150, 40))
prices = rng.random(40)
fit = partial(fit_blend, spectra, 0.05)
costs = [prices @ w for w in map(fit, orders(spectra, 12_000, rng))]
print("result:", float(np.mean(costs)))
"""


def test_an_inverse_in_a_function_mapped_through_a_local_partial(tmp_path: Path) -> None:
    # blind164's flour blends: ``fit = partial(fit_blend, pantry, cfg.ridge)`` mapped over the
    # orders in a comprehension; the inverse of the same gram matrix at every call was "no
    # known pattern", and the comprehension's product per row was told AB105 at 79% with the
    # fits' time in it (62% measured for the inverse, nothing for the products)
    report = profile(Target(script=_write(tmp_path, "flour.py", FLOUR)))
    found = _found(report)
    f = found.get(8)
    assert f is not None and f.code == "AB411", found
    rows = found.get(21)
    assert rows is None or rows.gain is None or rows.gain[1] < 0.1 * report.program, rows.evidence
    assert rows is None or "in the file's functions its iterable calls" in rows.evidence


FRY = """\
import numpy as np


def make_fitter(days, degree):
    scale = days.max()

    def fit(log_w):
        design = np.vander(days / scale, degree + 1)
        solver = np.linalg.pinv(design)
        coeffs = solver @ log_w
        return float(np.sum((log_w - design @ coeffs) ** 2))

    return fit


days = np.linspace(0.0, 200.0, 120)
fit = make_fitter(days, 7)
rng = np.random.default_rng(3)
total = 0.0
for k in range(6000):
    total += fit(np.log(1.0 + days / 50.0) + 0.05 * rng.standard_normal(days.size))
print("result:", total)
"""


def test_an_inverse_of_a_local_made_from_a_closures_variables(tmp_path: Path) -> None:
    # blind167's fry growth: ``solver = np.linalg.pinv(design)`` of ``design`` made above from
    # the closure's ``days``, ``scale`` and ``degree``: the local was taken for an input the
    # calling loop changes (the vander line was told, 11%, the inverse not, 65% measured)
    report = profile(Target(script=_write(tmp_path, "fry.py", FRY)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB411", _found(report)
