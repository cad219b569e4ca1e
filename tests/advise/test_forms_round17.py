"""The forms round 17's real scripts (benchmarks/profile_realcode/round17.md) showed, cut down
to what made the profiler miss or misname them: quadrature nodes made again for every
integral by a pure function of the user's module beside the script. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

NODES = """\
from numpy import ones, copy, cos, pi, linspace


def nodes(N):
    a = linspace(3, 4 * N - 1, N) / (4 * N + 2)
    x = cos(pi * a)
    for it in range(60):
        p0 = ones(N, float)
        p1 = copy(x)
        for k in range(1, N):
            p0, p1 = p1, ((2 * k + 1) * x * p1 - k * p0) / (k + 1)
        x = x - 1e-9 * p1
    return x, ones(N) / N
"""

MAIN = """\
from numpy import cos, linspace, zeros

from nodes import nodes


def integral(top, n):
    t, w = nodes(n)
    tp = 0.5 * top * t + 0.5 * top
    return float((0.5 * top * w * cos(tp)).sum())


xs = linspace(0.1, 2.0, 40)
low = zeros(40)
high = zeros(40)
for i in range(40):
    low[i] = integral(xs[i], 30)
    high[i] = integral(xs[i], 60)
print("result:", float(low.sum() + high.sum()))
"""


def test_nodes_a_pure_function_of_the_users_module_makes_again_are_loop_invariant(
    tmp_path: Path,
) -> None:
    # round 17's Lab3_q1b: ``t, w = gaussxw(N)`` in the integral, called per position with N
    # and 2N: the nodes of a module beside the script, made once for each N
    _write(tmp_path, "nodes.py", NODES)
    found = _found(profile(Target(script=_write(tmp_path, "quad.py", MAIN))))
    f = found.get(7)
    assert f is not None and f.code == "AB411", found
    assert "through nodes(), a function of its arguments only" in f.evidence
    assert "once for each of the 2 arguments the loop passes (n=30; n=60)" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1] <= f.seconds + 1e-9


def test_a_function_of_the_users_module_that_draws_numbers_is_not_pure(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "nodes.py",
        NODES.replace(
            "from numpy import", "from numpy.random import rand\nfrom numpy import"
        ).replace("x = x - 1e-9 * p1", "x = x - 1e-9 * p1 * rand(N)"),
    )
    found = _found(profile(Target(script=_write(tmp_path, "quad_rand.py", MAIN))))
    assert all(f.code != "AB411" for f in found.values()), found


STAR = """\
from numpy import *


def g(x, y):
    return cos(x) + cos(sqrt(2) * x + cos(sqrt(3) * x) + (y - 1) ** 2)


x, y = float64(2.0), float64(2.0)
best = g(x, y)
for step in range(60_000):
    nx, ny = x + 1e-5, y - 1e-5
    val = g(nx, ny)
    if val < best:
        best, x, y = val, nx, ny
print("result:", float(best))
"""


def test_numpy_functions_a_star_import_gives_are_library_calls_on_numbers(
    tmp_path: Path,
) -> None:
    # round 17's lab11_q3b: ``from pylab import *``, then cos and sqrt on NumPy numbers, 252,190
    # times (math's save 12.5%): read as the library's calls, not the line's own Python code
    found = _found(profile(Target(script=_write(tmp_path, "star.py", STAR))))
    f = found.get(5)
    assert f is not None and f.code == "AB412", found


def test_star_names_are_numpys_functions_the_file_uses_and_binds_nowhere() -> None:
    import ast

    from arraybench.advise.read.bind import star_names

    tree = ast.parse(
        "from pylab import *\ndef f(x, exp):\n    return cos(x) + exp + max(x) + g(x)\n"
    )
    assert star_names(tree) == {"cos": "numpy.cos"}
    assert star_names(ast.parse("import numpy as np\ncos(1)\n")) == {}
