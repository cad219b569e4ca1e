"""The kinds in the forms users write around them: an inverse of a dict's item in a function a
loop calls, a whole array copied for the part a generator yields, a loop whose steps are work on
blocks (not elements). Each found on its line, or not offered a rewrite it has not, with the
values seen. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target
from arraybench.advise.run.models import _like
from arraybench.advise.run.values import ARRAY, Fact

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")


DICT_HELD = """\
import numpy as np

rng = np.random.default_rng(9)
A = rng.standard_normal((120, 120))
model = {"mean": rng.standard_normal(120), "cov": A @ A.T + 120 * np.eye(120)}


def distance(x, params):
    d = x - params["mean"]
    return float(d @ np.linalg.inv(params["cov"]) @ d)


tot = 0.0
for p in rng.standard_normal((1500, 120)):
    tot += distance(p, model)
print(tot)
"""


def test_an_inverse_of_a_dicts_item_in_a_called_function_is_loop_invariant(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "dict_held.py", DICT_HELD)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code == "AB411", found
    assert "np.linalg.inv(params['cov'])" in f.evidence
    assert "params['cov']: numpy.ndarray float64 120x120" in f.evidence
    assert "it calls distance() with the same ones" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1] <= f.seconds + 1e-9
    # the loop's reduction is not a finding of its own: its steps are the calls' work (dropped
    # as steps on blocks, or priced without the inverse's time)
    loop = found.get(14)
    assert loop is None or loop.gain is None or loop.gain[1] < 0.5 * f.gain[0], loop


COPIED_PART = """\
import numpy as np

rng = np.random.default_rng(2)
signal = rng.standard_normal(400_000)


def windows(x, width, step):
    i = 0
    while i + width <= len(x):
        yield x.copy()[i : i + width]
        i += step


energy = 0.0
for w in windows(signal, 256, 128):
    energy += float(w @ w)
print(energy)
"""


def test_a_whole_array_copied_for_the_part_yielded_is_a_needless_copy(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "copied_part.py", COPIED_PART)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code == "AB203", found
    assert "copies a whole numpy.ndarray float64 400000" in f.evidence
    assert "x[i:i + width].copy()" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1] <= f.seconds + 1e-9


BLOCKS = """\
import numpy as np


class Bank:
    def __init__(self, rng):
        self.state = np.zeros((64, 512), dtype=np.float32)
        self.weights = rng.standard_normal((256, 512)).astype(np.float32)

    def step(self, u):
        self.state = np.tanh(self.state * 0.9 + u @ self.weights)
        return self.state


rng = np.random.default_rng(4)
bank = Bank(rng)
inputs = rng.standard_normal((800, 64, 256)).astype(np.float32)
acc = 0.0
for u in inputs:
    acc += float(bank.step(u)[0, 0])
print(acc)
"""


def test_a_loop_whose_steps_work_on_blocks_is_not_an_element_loop(tmp_path: Path) -> None:
    # lint reads ``acc += float(...)`` over an array as a reduction (AB104), and the state the
    # steps carry makes it a recurrence; but each step is a 64x256 block through a matrix
    # product: neither a whole-array rewrite nor floats would save its time
    report = profile(Target(script=_write(tmp_path, "blocks.py", BLOCKS)))
    found = _found(report)
    assert 18 not in found or found[18].code not in ("AB104", "AB406"), found[18]
    dropped = {f.line: f for f in report.dropped}
    g = dropped.get(18)
    assert g is not None and "a step of work on a block of data" in g.dropped, report.dropped


def test_a_square_matrix_made_again_can_be_inverted() -> None:
    m = _like(Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (50, 50)))
    assert np.isfinite(np.linalg.inv(m)).all()
    np.linalg.cholesky(m)  # positive definite
    v = _like(Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (4,)))
    assert float(v.sum()) == pytest.approx(1.0)  # a vector still sums to one
