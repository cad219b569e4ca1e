"""The forms blind104 .. blind108 (benchmarks/) wrote, cut down to what made the profiler miss
them: a pure function that writes into the array it made (``np.fill_diagonal``), its kernel
rebuilt two methods below the loop (blind108's moss restoration); an inverse of a dataclass
field read two calls below the loop, the object handed down as an argument (blind104's stained
glass); an inverse of a matrix a function makes from its parameters, called through a
``functools.partial`` handed to a method that loops (blind107's cheese cave); an inverse of a
matrix made by a plain dataclass's method of its own field, three calls down, then multiplied
by (blind105's saffron beds). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

GLASS = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Lighting:
    spd: np.ndarray
    basis: np.ndarray


def unmix(spectrum, lighting):
    inverse = np.linalg.pinv(lighting.basis)
    return inverse @ (spectrum * lighting.spd)


def pane_colour(spectrum, lighting):
    return unmix(spectrum, lighting).sum()


def render(spectra, lighting):
    out = np.empty(len(spectra))
    for i, s in enumerate(spectra):
        out[i] = pane_colour(s, lighting)
    return out


rng = np.random.default_rng(0)
lighting = Lighting(rng.uniform(0.5, 1.5, 300), rng.normal(size=(300, 40)))
spectra = [rng.uniform(size=300) for _ in range(400)]
print("result:", render(spectra, lighting).sum())
"""


def test_an_inverse_of_an_objects_field_handed_down_two_calls(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "glass.py", GLASS)))
    f = _found(report).get(13)
    assert f is not None and f.code == "AB411"  # (it was "no known pattern")
    assert "lighting.basis" in f.evidence or "lighting" in f.evidence
    assert "the loop at line 23" in f.evidence


CAVE = """\
import functools

import numpy as np


def laplacian(n, k):
    return k * (np.eye(n, k=1) + np.eye(n, k=-1) - 2 * np.eye(n))


def implicit_step(humidity, source, lap, dt):
    system = np.eye(lap.shape[0]) - dt * lap
    inverse = np.linalg.inv(system)
    return inverse @ (humidity + dt * source)


class Cave:
    def __init__(self, n):
        self.humidity = np.full(n, 0.9)

    def run(self, stepper, steps):
        for _ in range(steps):
            source = 0.004 * (0.95 - self.humidity)
            self.humidity = stepper(self.humidity, source)


cave = Cave(150)
step = functools.partial(implicit_step, lap=laplacian(150, 0.8), dt=0.05)
cave.run(step, 500)
print("result:", cave.humidity.sum())
"""


def test_an_inverse_of_a_matrix_made_from_a_partials_bound_arguments(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "cave.py", CAVE)))
    f = _found(report).get(12)
    # (the method's parameter is named apart from the partial: the call is found through what
    # the method is handed)
    assert f is not None and f.code == "AB411"
    assert "system" in f.evidence and "the loop at line 21" in f.evidence


SAFFRON = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Network:
    coords: np.ndarray

    def kernel(self, a, b):
        d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)
        return np.exp(-0.5 * d2 / 35.0**2)


def weights(net, targets):
    k_ss = net.kernel(net.coords, net.coords) + 1e-3 * np.eye(len(net.coords))
    k_inv = np.linalg.inv(k_ss)
    return net.kernel(targets, net.coords) @ k_inv


def interpolate(net, readings, targets):
    return weights(net, targets) @ readings


def daily(net, readings, targets):
    return np.clip(interpolate(net, readings, targets), 0.0, 1.0)


rng = np.random.default_rng(5)
net = Network(rng.uniform(0.0, 400.0, size=(380, 2)))
targets = rng.uniform(0.0, 400.0, size=(256, 2))
total = 0.0
for day in range(60):
    readings = rng.uniform(0.2, 0.35, size=380)
    total += daily(net, readings, targets).sum()
print("result:", total)
"""


def test_an_inverse_of_a_plain_dataclass_methods_matrix_three_calls_down(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "saffron.py", SAFFRON)))
    f = _found(report).get(17)
    # told on the inverse, the costlier of the two invariant lines it chains with
    assert f is not None and f.code == "AB411"
    assert "line 18, which reads its value k_inv, is as invariant" in f.evidence
    assert 18 not in _found(report) or _found(report)[18].code != "AB411"
    # the kernel's lines, run only in the calls that chain computes once: taken along, not
    # listed again (they read 38% beside the chain's 89%) nor left as "no known pattern"
    assert "line 11, in kernel(), which only lines 16, 18 call, is as invariant" in f.evidence
    assert 11 not in _found(report)
    assert not {h.line for h in report.hot} & {11, 12}


def test_a_cast_of_a_float64_expression_is_written_as_python() -> None:
    # blind106's marathon pacer was told ``burn = 0.0009 * state['speed'] ** 2.float()``
    torch = pytest.importorskip("torch")
    from arraybench.advise.rules.patterns.float64_sources import _rewrite, operand
    from arraybench.advise.run.values import describe

    assert operand("0.0009 * s ** 2") == "(0.0009 * s ** 2)"
    assert [operand(t) for t in ("s", "self.w", "f(x)", "x[0]")] == ["s", "self.w", "f(x)", "x[0]"]
    said = _rewrite("burn", describe(torch.zeros(3, dtype=torch.float64)), 36, "0.0009 * s ** 2")
    assert "burn = (0.0009 * s ** 2).float()" in said
    compile(said.split(": ", 1)[1].split(" (or", 1)[0], "<rewrite>", "exec")


MOSS = """\
import numpy as np


def dispersal_kernel(coords, scale):
    diff = coords[:, None, :] - coords[None, :, :]
    k = np.exp(-np.sqrt((diff**2).sum(axis=-1)) / scale)
    np.fill_diagonal(k, 0.0)
    return k / k.sum(axis=1, keepdims=True)


class Bog:
    def __init__(self, n, rng):
        self.coords = rng.uniform(0, 400, size=(n, 2))
        self.cover = rng.uniform(0.0, 0.1, n)

    def _spread(self, cover):
        k = dispersal_kernel(self.coords, 35.0)
        return 0.004 * (k @ cover)

    def season(self):
        self.cover = np.clip(self.cover + self._spread(self.cover), 0.0, 1.0)

    def run(self, seasons):
        for t in range(seasons):
            self.season()


bog = Bog(300, np.random.default_rng(3))
bog.run(120)
print("result:", bog.cover.sum())
"""


def test_a_kernel_made_by_a_function_that_fills_its_own_diagonal(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "moss.py", MOSS)))
    f = _found(report).get(17)
    # (np.fill_diagonal of the kernel the function made: it is still a function of its
    # arguments alone; it was "no known pattern" on the kernel's own lines)
    assert f is not None and f.code == "AB411"
    assert "through dispersal_kernel()" in f.evidence


def test_a_function_writing_into_an_array_it_was_given_is_not_pure() -> None:
    import ast

    from arraybench.advise.read.purity import _file_pure

    src = (
        "import numpy as np\n"
        "def own(n):\n    k = np.ones((n, n))\n    np.fill_diagonal(k, 0.0)\n    return k\n"
        "def given(w):\n    np.fill_diagonal(w, 0.0)\n    return w\n"
        "def alias(w):\n    k = w\n    np.fill_diagonal(k, 0.0)\n    return k\n"
    )
    assert _file_pure(ast.parse(src)) == frozenset({"own"})
