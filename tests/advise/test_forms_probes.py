"""Forms written as probes of the profiler (a stencil over ``itertools.product``, a model a
method holds, a column normalised per step), each cut down to what it misread. Never a
wall-clock assertion."""

from __future__ import annotations

import json
import subprocess
import sys
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
print(sum(Evaluator(model).accuracy(X, y) for _ in range(8)))
"""


def test_a_model_a_method_holds_is_read_for_inference_with_grad(tmp_path: Path) -> None:
    # ``self.model(X[i : i + batch])`` in a method of a program that never calls backward():
    # the model is the object's attribute, its input the rows taken, as many as ``out`` has.
    # In a process of its own, as a user runs it (a model's calls seen in-process depend on
    # what other tests left in this one)
    pytest.importorskip("torch")
    script = _write(tmp_path, "held_model.py", HELD_MODEL)
    out = tmp_path / "p.json"
    done = subprocess.run(
        [sys.executable, "-m", "arraybench", "profile", "--all", "-o", str(out), str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(out.read_text())
    rows = [*data["findings"], *data.get("unlisted", [])]
    f = next((r for r in rows if r["line"] == 11), None)
    assert f is not None and f["code"] == "AB402", rows
    assert "under torch.no_grad() it ran" in f["evidence"]


RARE_USE = """\
import numpy as np

rng = np.random.default_rng(31)
policy = rng.integers(0, 6, size=(40, 40, 40)).astype(float)
total = 0
for step in range(30000):
    n_actions = int(np.nanmax(policy) + 1)
    usual = int(np.max(policy[step % 30]))
    drawn = rng.integers(0, 6)
    action = usual
    if rng.random() <= 0.1:
        action = int(rng.integers(0, n_actions)) + drawn
    if rng.random() <= 0.9:
        action += int(np.argmax(policy[step % 30, 0])) + usual
    total += action
print(total)
"""


def test_a_value_only_a_rare_branch_reads_is_computed_there(tmp_path: Path) -> None:
    # round 15's drone landing: the maximum of the whole policy at every step, read only when
    # exploring (a tenth of the steps). Not: a value read outside the branch too (usual), one
    # whose branch is taken on most steps, a draw (moved, it would draw another number)
    report = profile(Target(script=_write(tmp_path, "rare_use.py", RARE_USE)))
    found = _found(report)
    f = found.get(7)
    assert f is not None and f.code == "AB415", found
    assert "n_actions is read only in the branch at line 12" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1]
    assert f.seconds < 0.95 * report.program
    for line in (8, 9):
        assert line not in found or found[line].code != "AB415", found[line]


GENERATOR_INVARIANT = """\
import numpy as np


def batches(X, y, size):
    for i in range(0, len(X), size):
        Xn = (X - X.mean(axis=0)) / X.std(axis=0)
        yield Xn[i : i + size], y[i : i + size]


rng = np.random.default_rng(35)
X = rng.standard_normal((20000, 40)) * 3 + 1
y = X @ rng.standard_normal(40)
w = np.zeros(40)
for epoch in range(2):
    for xb, yb in batches(X, y, 200):
        w -= 0.01 * xb.T @ (xb @ w - yb) / len(yb)
print(float(w.sum()))
"""


def test_the_whole_data_normalised_in_a_generator_for_each_batch_is_loop_invariant(
    tmp_path: Path,
) -> None:
    # the generator's loop is its first statement: that line is hit at every iteration (and
    # resumption), so it counted 200 entries for 2, and "not several times per entry" hid it
    report = profile(Target(script=_write(tmp_path, "generator_invariant.py", GENERATOR_INVARIANT)))
    f = _found(report).get(6)
    assert f is not None and f.code == "AB411", _found(report)
    assert "made once per entry of the loop (2)" in f.evidence, f.evidence


PROPERTY_INVARIANT = """\
import numpy as np
import torch


class Gaussian:
    def __init__(self, mean, cov):
        self.mean, self.cov = mean, cov

    @property
    def precision(self):
        return np.linalg.inv(self.cov)

    def score(self, x):
        d = x - self.mean
        return float(d @ self.precision @ d)


rng = np.random.default_rng(36)
A = rng.standard_normal((120, 120))
g = Gaussian(np.zeros(120), A @ A.T / 120 + np.eye(120))
total = sum(g.score(x) for x in rng.standard_normal((1500, 120)))
gain = torch.from_numpy(np.hanning(2048))
for step in range(300):
    x = torch.randn(16, 2048) * gain
    total += float(torch.relu(x.float()).mean())
print(total)
"""


def test_a_property_read_per_step_is_a_call_and_a_tensor_cast_is_no_sync(
    tmp_path: Path,
) -> None:
    # ``self.precision``, a property, inverts the same matrix at every score(); the sum over
    # the scores (AB104) saves little once that is out; ``x.float()`` is a cast, not float(x)
    report = profile(Target(script=_write(tmp_path, "property_invariant.py", PROPERTY_INVARIANT)))
    found = _found(report)
    f = found.get(11)
    assert f is not None and f.code == "AB411", found
    assert "compute it once where self.cov is set" in f.evidence
    loop = found.get(21)
    assert loop is None or loop.saves < f.saves / 2, (loop, f)
    assert all(not (g.code == "AB201" and g.line == 25) for g in found.values()), found


WEIGHTED_CHOICE = """\
import numpy as np

rng = np.random.default_rng(5)
n = 25
pts = rng.random((n, 2))
dist = np.sqrt(((pts[:, None] - pts[None]) ** 2).sum(-1)) + np.eye(n)
tau = np.ones((n, n))
best = np.inf
for it in range(40):
    weights = tau * (1 / dist) ** 2
    for ant in range(30):
        tour = [0]
        for k in range(n - 1):
            allow = list(set(range(n)) - set(tour))
            prob = weights[tour[-1], allow]
            prob = prob / prob.sum()
            nxt = np.random.choice(allow, size=1, p=prob)[0]
            tour.append(int(nxt))
        best = min(best, float(dist[tour[:-1], tour[1:]].sum()))
    tau *= 0.9
print(best)
"""


def test_one_item_drawn_with_weights_made_at_each_step_is_a_cumulative_search(
    tmp_path: Path,
) -> None:
    # round 16's ant colony (ACA.py:45): ``np.random.choice(allow, size=1, p=prob)`` per step,
    # NumPy checking and normalising 2-24 weights each call; not drawn ahead (they change),
    # but a cumulative search of the same weights picks the same item for a uniform number
    report = profile(Target(script=_write(tmp_path, "weighted_choice.py", WEIGHTED_CHOICE)))
    f = _found(report).get(17)
    assert f is not None and f.code == "AB414", _found(report)
    # 2-24 weights: the search on a list of Python floats, cheaper than NumPy's per-call cost
    assert "bisect.bisect_right(c, rng.random() * c[-1])" in f.evidence, f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1]


MANY_WEIGHTS = """\
import numpy as np

rng = np.random.default_rng(5)
scores = rng.random(400)
bonus = 0.01 * rng.random(400)
picked = 0
for step in range(30_000):
    scores = 0.999 * scores + bonus
    probs = scores / scores.sum()
    picked += int(rng.choice(400, p=probs))
print(picked)
"""


def test_a_choice_among_many_weights_is_a_cumulative_search_on_arrays(tmp_path: Path) -> None:
    # 400 weights: a list of them costs more than NumPy's cumsum and searchsorted
    report = profile(Target(script=_write(tmp_path, "many_weights.py", MANY_WEIGHTS)))
    f = _found(report).get(10)
    assert f is not None and f.code == "AB414", (_found(report), report.dropped, report.hot)
    assert "np.searchsorted(c, rng.random() * c[-1]" in f.evidence, f.evidence


APPLY_PER_STRIKE = """\
import numpy as np


def lookback(path, k):
    return max(path.max() - k, 0.0)


rng = np.random.default_rng(3)
paths = 100 * np.exp(np.cumsum(0.01 * rng.standard_normal((3000, 64)), axis=1))
strikes = [95.0, 100.0, 105.0, 110.0]
total = 0.0
for block in range(12):
    pays = np.stack([np.apply_along_axis(lookback, 1, paths, k) for k in strikes])
    total += float(pays.mean())
print(total)
"""


def test_apply_along_axis_is_the_loop_whatever_loop_is_around_it(tmp_path: Path) -> None:
    # blind22's lookback payoffs: one ``np.apply_along_axis`` per strike (4 a block), each a
    # Python loop over 3,000 paths, was dropped as "steps of work on a block" and "too few"
    report = profile(Target(script=_write(tmp_path, "apply_per_strike.py", APPLY_PER_STRIKE)))
    f = _found(report).get(13)
    assert f is not None and f.code == "AB103" and not f.dropped, _found(report)


MAPPED_LAMBDA = """\
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(40, 64), torch.nn.ReLU(), torch.nn.Linear(64, 3))
xv = torch.randn(5000, 40)
history = []
for epoch in range(4):
    with torch.no_grad():
        probs = torch.cat(list(map(lambda row: model(row.unsqueeze(0)).softmax(-1), xv)))
    history.append(float(probs.max(1).values.mean()))
print(sum(history))
"""


def test_a_model_mapped_through_a_lambda_over_rows_is_a_batch_of_one(tmp_path: Path) -> None:
    # blind22's evaluation callback: ``map(lambda row: model(row.unsqueeze(0)), xv)``; the
    # lambda's body runs on the line once a row, so its count is the rows, not the calls
    pytest.importorskip("torch")
    script = _write(tmp_path, "mapped_lambda.py", MAPPED_LAMBDA)
    out = tmp_path / "p.json"
    done = subprocess.run(
        [sys.executable, "-m", "arraybench", "profile", "--all", "-o", str(out), str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(out.read_text())
    rows = [*data["findings"], *data.get("unlisted", [])]
    f = next((r for r in rows if r["line"] == 9), None)
    assert f is not None and f["code"] == "AB106", rows
    assert "5,000 calls a run" in f["evidence"]
    assert f["seconds"] > 0, f
