"""The kinds in the forms users write around them: an inverse of a dict's item in a function a
loop calls, a whole array copied for the part a generator yields, a loop whose steps are work on
blocks (not elements). Each found on its line, or not offered a rewrite it has not, with the
values seen. Never a wall-clock assertion."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.evaluate import _like
from arraybench.advise.run.launch import Target
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


HELPER_PROMOTION = """\
import numpy as np

rng = np.random.default_rng(3)
GAIN = 1.0 + 0.1 * np.cos(np.linspace(0.0, np.pi, 128))
BASIS = rng.standard_normal((128 * 128, 64)).astype(np.float32)


def correct(frame):
    return (frame - np.float32(0.25)) * GAIN


def project(frame):
    corrected = correct(frame)
    return corrected.reshape(-1) @ BASIS


energy = np.zeros(64)
scene = rng.standard_normal((128, 128)).astype(np.float32)
for i in range(2500):
    frame = scene + np.float32(0.1) * scene
    energy += np.square(project(frame), dtype=np.float64)
print(float(energy.sum()))
"""


def test_a_promotion_in_a_function_two_calls_below_the_loop_is_found_on_its_line(
    tmp_path: Path,
) -> None:
    # blind17's thermal stream: a float64 GAIN makes the float32 frame float64 in correct(),
    # and project()'s product converts the float32 basis at every call; the product's time
    # lands after project() returns (its operators follow its last call), on the loop's next
    # line, and the values of correct()'s return line are never looked at but for its globals
    report = profile(Target(script=_write(tmp_path, "helper_promotion.py", HELPER_PROMOTION)))
    found = _found(report)
    f = found.get(9)
    assert f is not None and f.code == "AB410", found
    assert "GAIN (numpy.ndarray float64 128" in f.evidence
    assert "frame (numpy.ndarray float32 128x128" in f.evidence
    assert "make GAIN float32" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1]
    # the accumulator kept in float64 on purpose (dtype=np.float64 into 64 values) is none
    assert 21 not in found or found[21].code != "AB410", found[21]


DIVISOR_PROMOTION = """\
import numpy as np


def grad_step(w, X, y, lr):
    p = 1.0 / (1.0 + np.exp(-(X @ w)))
    g = X.T @ (p - y) / np.float64(len(y))
    return w - lr * g


rng = np.random.default_rng(6)
X = rng.normal(size=(2000, 300)).astype(np.float32)
y = (rng.random(2000) < 0.5).astype(np.float32)
w = np.zeros(300, dtype=np.float32)
for it in range(1200):
    w = grad_step(w, X, y, np.float32(0.1))
print(float(np.abs(w).sum()))
"""


def test_a_float64_divisor_in_a_called_step_is_found_where_it_is_made(tmp_path: Path) -> None:
    # a probe of the forms: ``/ np.float64(len(y))`` makes the gradient float64, the step
    # returns it into the loop's w, and from the first step on both products convert the float32
    # X. The finding is the divisor's line; the next step's ``X @ w`` reads w float64, but w
    # is what the loop passes back (its state), not a root; and g, a fresh value of 300 floats
    # made from 600,000 float32 ones, is no accumulator kept in double on purpose
    report = profile(Target(script=_write(tmp_path, "divisor_promotion.py", DIVISOR_PROMOTION)))
    found = _found(report)
    f = found.get(6)
    assert f is not None and f.code == "AB410", found
    assert "a float64 made on this line" in f.evidence
    assert "X (numpy.ndarray float32 2000x300" in f.evidence
    assert "not changed in the loop" not in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1]
    assert 5 not in found or found[5].code != "AB410", found[5]


CALLBACK_INVARIANT = """\
import functools

import numpy as np


def rhs(t, y, params):
    m_inv = np.linalg.inv(params["mass"])
    n = len(y) // 2
    return np.concatenate([y[n:], m_inv @ (-params["stiffness"] @ y[:n])])


def score(batch, mean, cov):
    prec = np.linalg.inv(cov)
    d = batch - mean
    return float(np.sum((d @ prec) * d))


def integrate(f, y0, steps, dt, params):
    y = y0.copy()
    for _ in range(steps):
        y = y + dt * f(0.0, y, params)
    return y


rng = np.random.default_rng(11)
A = rng.normal(size=(90, 90))
params = {"stiffness": A @ A.T / 90 + np.eye(90), "mass": np.diag(rng.uniform(1, 2, 90))}
y = integrate(rhs, np.concatenate([rng.normal(size=90), np.zeros(90)]), 1200, 0.01, params)
scorer = functools.partial(score, mean=np.zeros(90), cov=params["stiffness"])
total = 0.0
for b in range(1200):
    total += scorer(rng.normal(size=(8, 90)))
print(float(np.abs(y).sum()) + total)
"""


def test_loop_invariant_work_in_a_callback_and_a_partial_is_found(tmp_path: Path) -> None:
    # a probe of the forms: rhs is called only as integrate's parameter f, score only through
    # functools.partial; each inverts a matrix its caller never changes (the partial binds it)
    report = profile(Target(script=_write(tmp_path, "invariant_callback.py", CALLBACK_INVARIANT)))
    found = _found(report)
    for line, loop in ((7, 20), (13, 31)):
        f = found.get(line)
        assert f is not None and f.code == "AB411", found
        assert f"the loop at line {loop} calls" in f.evidence, f.evidence


STATIC_AND_MAP = """\
import numpy as np
import torch


class Kalman:
    @staticmethod
    def gain_norm(H):
        G = np.linalg.pinv(H.T @ H)
        return float(np.trace(G))


rng = np.random.default_rng(14)
H = rng.normal(size=(60, 40))
acc = 0.0
for t in range(1200):
    acc += Kalman.gain_norm(H)
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1))
windows = torch.randn(12000, 32)
with torch.no_grad():
    scores = list(map(model, windows))
print(acc + sum(float(s) for s in scores[:10]))
"""


def test_a_static_method_on_its_class_and_a_model_mapped_over_rows(tmp_path: Path) -> None:
    # probes of the forms: ``Kalman.gain_norm(H)`` (a static method called on its class) inverts
    # the same matrix at every step; ``list(map(model, windows))`` calls the model once per row.
    # In a process of its own: a torch.compile of another test leaves its frame hook in this one
    pytest.importorskip("torch")
    script = _write(tmp_path, "static_and_map.py", STATIC_AND_MAP)
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
    rows = {r["line"]: r for r in [*data["findings"], *data.get("unlisted", [])]}
    inv = rows.get(8)
    assert inv is not None and inv["code"] == "AB411", rows
    assert "the loop at line 15 calls gain_norm()" in inv["evidence"]
    mapped = rows.get(21)
    assert mapped is not None and mapped["code"] == "AB106", rows
    assert "map(model, windows) calls the model once per row of windows" in mapped["evidence"]
    assert "12,000 calls a run" in mapped["evidence"]


STEPPED_STATE = """\
import numpy as np


class Sim:
    def __init__(self, rng):
        self.u = rng.random((64, 2048))
        self.profile = np.empty((0, 2048))

    def step(self, dt):
        self.u = self.u + dt * (np.roll(self.u, 1, axis=1) - self.u)

    def record(self):
        self.profile = np.concatenate([self.profile, self.u.mean(axis=0, keepdims=True)])


sim = Sim(np.random.default_rng(1))
for step in range(700):
    sim.step(0.1)
    sim.record()
print(float(sim.profile.sum()))
"""


def test_an_attribute_another_method_of_the_loop_stores_is_not_loop_invariant(
    tmp_path: Path,
) -> None:
    # blind20's reaction ring: record() reads self.u, which step(), called by the same loop,
    # stores at every iteration; its mean is new each time (it was told loop-invariant, a
    # rewrite that changes the result), and the growth is the finding
    report = profile(Target(script=_write(tmp_path, "stepped_state.py", STEPPED_STATE)))
    found = _found(report)
    f = found.get(13)
    assert f is not None and f.code == "AB107", found
    assert all(g.code != "AB411" for g in found.values()), found


NORMALISED = """\
import numpy as np


def rank(graph, teleport, tol=1e-9):
    r = np.full(graph["n"], 1.0 / graph["n"])
    delta = 1.0
    while delta > tol:
        transition = graph["links"] / graph["links"].sum(axis=0)
        new = 0.85 * (transition @ r) + 0.15 * teleport
        delta = np.abs(new - r).sum()
        r = new
    return r


rng = np.random.default_rng(21)
n = 1200
links = (rng.random((n, n)) < 8.0 / n).astype(np.float64) + np.eye(n)
graph = {"links": links, "n": n}
total = 0.0
for topic in range(6):
    teleport = np.zeros(n)
    teleport[rng.choice(n, size=20, replace=False)] = 1.0 / 20
    total += float(rank(graph, teleport).max())
print(total)
"""


def test_a_normalisation_of_a_dicts_item_in_a_while_loop_is_loop_invariant(
    tmp_path: Path,
) -> None:
    # blind17's topic PageRank: the division's time runs after the line's last call and lands
    # on the next line with a call, which the bursts never time (every burst switches there)
    report = profile(Target(script=_write(tmp_path, "normalised.py", NORMALISED)))
    found = _found(report)
    f = found.get(8)
    assert f is not None and f.code == "AB411", found
    assert "graph['links']: numpy.ndarray float64 1200x1200" in f.evidence
    assert "move line 8" in f.evidence
    assert f.gain is not None and f.gain[1] > 0.2 * report.program


TIED_ARMS = """\
import random

import numpy as np


def greedy_action(counts, epsilon):
    if random.random() < epsilon:
        return np.random.randint(0, counts.shape[0])
    best = np.amax(counts)
    ties = np.where(counts == best)[0]
    return np.random.choice(ties)


rng = np.random.default_rng(0)
total = 0.0
for episode in range(60):
    counts = np.zeros(3)
    pulls = np.full(3, 1e-5)
    for step in range(1000):
        arm = greedy_action(np.true_divide(counts, pulls), 0.1)
        reward = float(rng.random() < 0.3 + 0.2 * arm)
        counts[arm] += reward
        pulls[arm] += 1
        total += reward
print(total)
"""


def test_a_draw_from_a_set_made_at_each_call_is_not_drawn_ahead(tmp_path: Path) -> None:
    # round 15's bandits: np.random.choice(ties) of this step's tied best arms cannot be drawn
    # before the loop; and the step loop reads the counts it writes: a recurrence, not a sum
    report = profile(Target(script=_write(tmp_path, "tied.py", TIED_ARMS)))
    found = _found(report)
    dropped = {f.line: f for f in report.dropped}
    assert 11 not in found or found[11].code != "AB414", found[11]
    if 11 in dropped and dropped[11].code == "AB414":
        assert "change at every call of greedy_action() (ties)" in dropped[11].dropped
    loop = found.get(19)
    assert loop is None or loop.code in ("AB406", "AB408"), loop


TRANSITIONS = """\
import numpy as np


class World:
    def __init__(self):
        self.transition = np.full((4, 4), 0.1) + 0.6 * np.eye(4)
        self.pos = 0

    def step(self, action):
        action = np.random.choice(4, 1, p=self.transition[int(action), :])
        self.pos = (self.pos + int(action[0])) % 25
        return self.pos


np.random.seed(0)
world = World()
visits = 0
for t in range(60_000):
    visits += world.step(t % 4)
print(visits)
"""


def test_library_calls_on_a_row_of_an_objects_small_table_are_tiny_array_calls(
    tmp_path: Path,
) -> None:
    # round 15's gridworld.py:172 (49% of its run): the row ``self.transition[int(action), :]``
    # of a 4x4 attribute is what np.random.choice works on
    report = profile(Target(script=_write(tmp_path, "transitions.py", TRANSITIONS)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code == "AB412", found
    assert "self.transition: numpy.ndarray float64 4x4" in f.evidence


PER_CLASS = """\
import numpy as np


class Gaussians:
    def __init__(self, means, covs):
        self.means = means
        self.covs = covs

    def score(self, x):
        out = []
        for k in range(self.means.shape[0]):
            prec = np.linalg.inv(self.covs[k])
            d = x - self.means[k]
            out.append(-0.5 * ((d @ prec) * d).sum(axis=1))
        return np.stack(out, axis=1)


rng = np.random.default_rng(1)
A = rng.standard_normal((5, 96, 96))
model = Gaussians(rng.standard_normal((5, 96)), A @ A.transpose(0, 2, 1) + 96 * np.eye(96))
hits = 0
for b in range(400):
    hits += int(model.score(rng.standard_normal((8, 96))).argmax(axis=1)[0])
print(hits)
"""


def test_an_inverse_per_class_made_again_at_every_call_is_loop_invariant(tmp_path: Path) -> None:
    # the inverse changes with the class index k only, over the same 5 classes at every call
    # of score(): five inverses made once, not 2,000
    report = profile(Target(script=_write(tmp_path, "per_class.py", PER_CLASS)))
    found = _found(report)
    f = found.get(12)
    assert f is not None and f.code == "AB411", found
    assert "they change only with k, the index of the loop at line 11" in f.evidence
    assert "make the 5 values once, one for each k" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1] <= f.seconds + 1e-9


CHAINED = """\
import numpy as np

import torch

rng = np.random.default_rng(5)
W = torch.randn(256, 256) * 0.01
acc = 0.0
for trial in range(3000):
    grid = np.linspace(0.0, 1.0, 2000)
    basis = np.stack([np.sin((k + 1) * np.pi * grid) for k in range(8)])
    c = rng.standard_normal(8)
    acc += float((c @ basis).max())
    snap = W.clone().detach()
    acc += float(snap[0, 0])
print(acc)
"""


def test_an_invariant_made_from_an_invariant_in_a_comprehension_is_found(tmp_path: Path) -> None:
    # grid is made the same way at every iteration, and basis from it through a comprehension
    # over range(8): both move out of the loop; and a tensor's .clone().detach() only read is a
    # copy for nothing
    report = profile(Target(script=_write(tmp_path, "chained.py", CHAINED)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code == "AB411", found
    assert "line 9 (`grid = np.linspace(0.0, 1.0, 2000)`) makes its input the same way" in (
        f.evidence
    )
    assert "move lines 9, 10" in f.evidence
    g = found.get(13)
    assert g is not None and g.code == "AB203", found


PRESET_TAPS = """\
import numpy as np

PRESET = {"taps": [float(x) for x in np.hamming(96)], "gain": 0.9}


def filter_block(history, block, preset):
    taps = np.array(preset["taps"])
    x = np.concatenate((history, block))
    return preset["gain"] * np.convolve(x, taps, mode="valid")


rng = np.random.default_rng(7)
signal = rng.standard_normal(32 * 40_000)
history = np.zeros(95)
acc = 0.0
pos = 0
while pos < len(signal):
    block = signal[pos : pos + 32]
    acc += float(filter_block(history, block, PRESET).sum())
    history = np.concatenate((history, block))[-95:]
    pos += 32
print(acc)
"""


def test_an_array_built_from_a_dicts_list_at_every_call_is_a_constant_build(
    tmp_path: Path,
) -> None:
    # blind18's FIR equaliser: np.array(preset["taps"]) of the same 96 floats for every block
    report = profile(Target(script=_write(tmp_path, "taps.py", PRESET_TAPS)))
    found = _found(report)
    f = found.get(7)
    assert f is not None and f.code == "AB108", found
    assert "preset['taps'] (list of 96" in f.evidence
    assert "never stores into preset" in f.evidence


STACKED_DOTS = """\
import torch

torch.manual_seed(1)
items = torch.nn.functional.normalize(torch.randn(1200, 32), dim=1)
total = 0.0
with torch.no_grad():
    for u in range(300):
        user = torch.randn(32)
        scores = torch.stack([torch.dot(user, item) for item in items])
        total += float(torch.topk(scores, 5).values.sum())
print(total)
"""


def test_a_stack_of_per_row_dots_is_priced_with_its_stack(tmp_path: Path) -> None:
    # blind18's recommender: the comprehension's own frame holds the dots; iterating the
    # tensor's rows and stacking 1,200 0-d tensors are the statement's, and go too
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "stacked.py", STACKED_DOTS)))
    found = _found(report)
    f = found.get(9)
    assert f is not None and f.code == "AB105", found
    statement = report.program  # the whole run: the loop is most of it
    assert f.gain is not None and f.gain[1] > 0.5 * statement


CALLBACK = """\
import numpy as np


def make_recorder():
    store = {"waits": np.empty(0)}

    def record(wait):
        store["waits"] = np.append(store["waits"], wait)

    return record, store


def run(arrivals, durations, on_answer):
    free = np.zeros(4)
    for t, dur in zip(arrivals, durations):
        k = int(np.argmin(free))
        start = max(t, free[k])
        free[k] = start + dur
        on_answer(start - t)


rng = np.random.default_rng(9)
arrivals = np.cumsum(rng.exponential(1.0, 30_000)).tolist()
durations = rng.exponential(3.5, 30_000).tolist()
record, store = make_recorder()
run(arrivals, durations, record)
print(float(store["waits"].sum()))
"""


def test_a_recurrence_keeps_the_time_of_the_callback_it_calls(tmp_path: Path) -> None:
    # blind18's call centre: the loop carries the agents' free times (a recurrence), and calls
    # back a recorder that grows an array; the loop's floats rewrite still calls it, so its
    # price leaves out the callback's time, and the growth is the finding that saves most
    report = profile(Target(script=_write(tmp_path, "callback.py", CALLBACK)))
    found = _found(report)
    grow = found.get(8)
    assert grow is not None and grow.code == "AB107", found
    loop = found.get(15)
    if loop is not None and loop.gain is not None:
        # (half of it on a quiet machine; under load the growth's copies read cheaper)
        assert loop.gain[1] < grow.gain[0], (loop.gain, grow.gain)
        # and the growth's saving is not taken out of it a second time (its floats were
        # priced at 0 of their ~0.12 s so)
        assert "line 8, a finding of its own" not in loop.evidence, loop.evidence
    assert report.findings[0].line == 8  # the biggest saving first


TWO_CALLS_DOWN = """\
import numpy as np


def fit(window):
    cov = np.cov(window, rowvar=False) + 1e-3 * np.eye(window.shape[1])
    return {"mean": window.mean(axis=0), "cov": cov, "scale": 1.0 / np.linspace(1.0, 2.0, 160)}


def mahalanobis(x, mean, cov):
    precision = np.linalg.inv(cov)
    d = x - mean
    return np.sqrt(np.einsum("ij,jk,ik->i", d, precision, d))


def score(batch, model):
    xs = batch * model["scale"]
    return mahalanobis(xs, model["mean"], model["cov"])


rng = np.random.default_rng(21)
model = fit(rng.normal(size=(4000, 160)))
total = 0.0
for b in range(500):
    total += float(score(rng.normal(size=(32, 160)).astype(np.float32), model).sum())
print(total)
"""


def test_an_inverse_two_calls_below_the_loop_of_a_dicts_item_is_loop_invariant(
    tmp_path: Path,
) -> None:
    # blind19's anomaly detector: inv(cov) in mahalanobis(), called by score(batch, model),
    # called per batch with the same model: the inverse is made again 500 times
    report = profile(Target(script=_write(tmp_path, "two_down.py", TWO_CALLS_DOWN)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code == "AB411", found


DICT_COMPREHENSION = """\
import torch
import torch.nn as nn

torch.manual_seed(2)
encoder = nn.Sequential(nn.Linear(64, 48), nn.GELU(), nn.Linear(48, 16)).eval()
ids = list(range(20000))
feats = torch.randn(20000, 64)
with torch.no_grad():
    index = {doc: encoder(vec[None])[0] for doc, vec in zip(ids, feats)}
print(float(torch.stack(list(index.values())).sum()))
"""


def test_a_model_called_per_item_of_a_dict_comprehension_is_a_batch_of_one(
    tmp_path: Path,
) -> None:
    # blind19's document index: the model on one row at a time, in a dict comprehension. In a
    # process of its own: a torch.compile of another test leaves its frame hook in this one
    pytest.importorskip("torch")
    script = _write(tmp_path, "dict_comp.py", DICT_COMPREHENSION)
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
    assert any(r["line"] == 9 and r["code"] == "AB106" for r in rows), rows
