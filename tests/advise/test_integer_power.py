"""AB418: a NumPy float array raised to a whole power other than 2, from the run (round 26's
Cahn-Hilliard solver: ``phi ** 3`` of a signed lattice, 44% of the run; ``phi * phi * phi``
saved 51.8%). Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.rules.patterns.integer_power import _multiplied, _power, _products
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

LATTICE = """\
import numpy as np


def mu(phi, a, kappa):
    lap = np.roll(phi, 1, 0) + np.roll(phi, -1, 0) + np.roll(phi, 1, 1) - 3 * phi
    return a * phi - a * phi ** 3 + kappa * lap


rng = np.random.default_rng(1)
phi = rng.uniform(-0.1, 0.1, size=(100, 100))
for sweep in range(2500):
    phi = phi + 0.01 * mu(phi, 0.1, 0.1)
    square = phi ** 2
print("result:", float(phi.sum()), float(square.sum()))
"""


def test_a_signed_lattice_cubed_is_a_power_by_pow(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "lattice.py", LATTICE)))
    found = _found(report)
    assert 6 in found and found[6].code == "AB418", found
    assert "phi * phi * phi" in found[6].evidence
    # a square is NumPy's own fast path: no finding
    assert 13 not in found or found[13].code != "AB418", found[13]


def test_the_powers_told_and_their_products() -> None:
    def power(src: str) -> tuple[str, int] | None:
        got = _power(ast.parse(src, mode="eval").body)
        return (ast.unparse(got[0]), got[1]) if got is not None else None

    assert power("phi ** 3") == ("phi", 3)
    assert power("(x - mu) ** 4.0") == ("x - mu", 4)
    assert power("r ** -6") == ("r", -6)
    assert power("np.power(x, 5)") == ("x", 5)
    assert power("x ** 2") is None  # NumPy squares
    assert power("x ** 0.5") is None  # and takes square roots
    assert power("x ** 1.5") is None  # not a whole power
    assert power("x ** n") is None  # not known before the run
    assert _products("x - mu", 3) == "(x - mu) * (x - mu) * (x - mu)"
    assert _products("r", -2) == "1.0 / (r * r)"
    np = pytest.importorskip("numpy")
    x = np.linspace(-2.0, 2.0, 9)
    assert np.allclose(_multiplied(x + 3.0, -3), (x + 3.0) ** -3)
    assert np.allclose(_multiplied(x, 5), x**5)
