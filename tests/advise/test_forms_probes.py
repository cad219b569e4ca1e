"""Forms written as probes of the profiler (a stencil over ``itertools.product``, a model a
method holds, a column normalised per step), each cut down to what it misread. Never a
wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")


STENCIL = """\
import itertools

import numpy as np

rng = np.random.default_rng(21)
img = rng.random((300, 300))
k = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]]) / 16.0
out = np.zeros_like(img)
for i, j in itertools.product(range(1, 299), range(1, 299)):
    out[i, j] = np.sum(img[i - 1 : i + 2, j - 1 : j + 2] * k)
print(float(out.sum()))
"""


def test_a_window_that_moves_with_the_loop_is_its_own_size(tmp_path: Path) -> None:
    # ``img[i - 1 : i + 2, j - 1 : j + 2]`` is 3 x 3 elements, not the whole 300 x 300 image:
    # counted whole, the rewrite's work came out as the loop's time ("would save little")
    report = profile(Target(script=_write(tmp_path, "stencil.py", STENCIL)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB101", _found(report)
    assert f.gain is not None and f.gain[1] > 0.5 * f.seconds, (f.gain, f.seconds)


HELD_MODEL = """\
import torch


class Evaluator:
    def __init__(self, model):
        self.model = model

    def accuracy(self, X, y, batch=512):
        correct = 0
        for i in range(0, len(X), batch):
            out = self.model(X[i : i + batch])
            correct += int((out.argmax(1) == y[i : i + batch]).sum())
        return correct / len(X)


torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(32, 256), torch.nn.Tanh(), torch.nn.Linear(256, 256), torch.nn.Tanh(),
    torch.nn.Linear(256, 10),
)
X = torch.randn(20000, 32)
y = torch.randint(0, 10, (20000,))
print(sum(Evaluator(model).accuracy(X, y) for _ in range(4)))
"""


def test_a_model_a_method_holds_is_read_for_inference_with_grad(tmp_path: Path) -> None:
    # ``self.model(X[i : i + batch])`` in a method of a program that never calls backward():
    # the model is the object's attribute, its input the rows taken, as many as ``out`` has
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "held_model.py", HELD_MODEL)))
    f = _found(report).get(11)
    assert f is not None and f.code == "AB402", _found(report)
    assert "under torch.no_grad() it ran" in f.evidence
    if f.gain is not None:
        # the interval is centred on the median ratio's saving, which listing reads
        low, high = f.gain
        assert low <= f.seconds <= high
        assert high - f.seconds <= f.seconds - low + 1e-9
