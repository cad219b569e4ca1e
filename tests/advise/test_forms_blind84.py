"""The forms blind84 .. blind86 (benchmarks/) wrote, cut down to what made the profiler miss or
misprice them: a product per row through ``map`` of a lambda that calls a static method
(blind86's container voyages, "no known pattern" at 83% before); a float64 wave step whose time
read on its last line, where torch's operators check for a signal (blind85's organ pipes, no
finding before); a matrix made and inverted on two lines of a property, both invariant, listed
as two findings each saving half (blind86's cheese brining). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

CONTAINERS = """\
import numpy as np


class CostModel:
    def __init__(self, weights):
        self.weights = weights
        self.handling = 35.0

    @staticmethod
    def _cost(features, weights, handling):
        return features @ weights + handling

    def price(self, rows):
        return np.array(list(map(lambda c: self._cost(c, self.weights, self.handling), rows)))


rng = np.random.default_rng(5)
model = CostModel(rng.uniform(5.0, 60.0, size=12))
total = 0.0
for voyage in range(600):
    feats = rng.gamma(2.0, 1.0, size=(420, 12))
    total += model.price(feats).sum()
print("result:", total)
"""


def test_a_product_per_row_through_a_lambda_calling_a_static_method(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "voyages.py", CONTAINERS)))
    found = _found(report)
    assert 14 in found and found[14].code == "AB105", found
    assert "rows @ self.weights" in found[14].evidence


ORGAN = """\
import numpy as np
import torch


class PipeRank:
    def __init__(self, n_pipes, n_cells):
        scale = np.linspace(0.6, 1.4, n_pipes)
        self.loss = torch.from_numpy(np.exp(-2e-3 * scale))[:, None]
        self.p = torch.zeros(n_pipes, n_cells)
        self.p_prev = torch.zeros(n_pipes, n_cells)
        self.radiated = torch.zeros(n_pipes)

    def step(self, drive):
        p = self.p
        lap = torch.zeros_like(p)
        lap[:, 1:-1] = p[:, 2:] - 2.0 * p[:, 1:-1] + p[:, :-2]
        p_next = (2.0 * p - self.p_prev + 0.81 * lap) * self.loss
        p_next[:, 0] += drive
        self.p_prev, self.p = p, p_next
        self.radiated += p_next[:, 1] ** 2


def jet(t, n):
    return 0.01 * torch.sin(torch.full((n,), 0.05 * t))


rank = PipeRank(384, 1400)
for t in range(200):
    rank.step(jet(t, 384))
print("result:", float(rank.radiated.sum()))
"""


def test_a_float64_step_ending_in_a_line_that_checks_is_found_where_the_float64_meets(
    tmp_path: Path,
) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "organ.py", ORGAN)))
    found = _found(report)
    # (AB401 where no look saw the line, told at it from the conversion; AB410 where the
    # method's last line is now read with its earlier lines, ``self.loss`` float64 seen there)
    assert 17 in found and found[17].code in ("AB401", "AB410"), found
    # the step's time is its arithmetic's, not its last line's (which read 97% of the run)
    last = sum(h.share for h in report.hot if h.line == 20)
    assert last < 0.2, [(h.line, h.share) for h in report.hot]


def test_abs_of_an_array_in_a_builtins_statement_is_an_array_operation(tmp_path: Path) -> None:
    # blind84's volcano fit: ``return max(abs(r_new - r_old)) > self.tol``, abs() read as a
    # call of something else, so the line was priced on max's after-run cost alone (21% of the
    # run stated where rewriting it saved 46%); abs of an array is its elementwise np.abs
    import ast

    from arraybench.advise.read.source import read_source
    from arraybench.advise.rules.patterns.builtin_reduction import _builtins_time

    p = _write(tmp_path, "tilt.py", "def moving(a, b, tol):\n    return max(abs(a - b)) > tol\n")
    sf = read_source(str(p))
    assert sf.tree is not None
    calls = [
        n
        for n in ast.walk(sf.tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "max"
    ]
    # 2 s on the line over 1,000 runs; max timed at 0.5 ms a call after the run; 2 us a call:
    # the line less its three other operations a run, not 1,000 x 0.5 ms
    spent = _builtins_time(sf, 2, calls, 2.0, 1000, 5e-4, 2e-6)
    assert spent == pytest.approx(2.0 - 1000 * 3 * 2e-6)


def test_a_vectorized_rules_rewrite_still_pays_a_call_per_operation(tmp_path: Path) -> None:
    # blind84's hearing compressor: np.vectorize of a gain rule object of three branches over
    # 240 bands a frame, 18,749 frames; its rewrite (np.where of masks) still makes ~20 calls
    # a frame, which the saving left out (56% stated, 32% measured)
    from arraybench.advise.read.source import read_source
    from arraybench.advise.rules.patterns.vectorized import OPERATIONS_DEFAULT, _operations

    p = _write(
        tmp_path,
        "rule.py",
        "import numpy as np\n"
        "class Rule:\n"
        "    def __call__(self, level, gain):\n"
        "        if level < self.gate:\n"
        "            return gain - (self.gate - level) * 2.0\n"
        "        return gain\n"
        "curve = np.vectorize(Rule(), otypes=[float])\n"
        "def f(x):\n"
        "    return x * 2.0 + 1.0\n"
        "g = np.vectorize(f)\n",
    )
    sf = read_source(str(p))
    # the rule's if (2), its comparison, three operators of its return: 6
    assert _operations(sf, 7) == 6
    assert _operations(sf, 10) == 2
    assert _operations(sf, None) == OPERATIONS_DEFAULT


BRINE = """\
import numpy as np


class Wheel:
    def __init__(self, n):
        self.n = n
        self.dt = 0.5
        self.salt = np.zeros(n)

    def laplacian(self):
        lap = np.diag(np.full(self.n, -2.0)) + np.diag(np.ones(self.n - 1), 1)
        return lap + np.diag(np.ones(self.n - 1), -1)

    @property
    def step_operator(self):
        a = np.eye(self.n) - self.dt * self.laplacian()
        return np.linalg.inv(a)

    def advance(self, brine):
        rhs = self.salt.copy()
        rhs[-1] += brine
        self.salt = self.step_operator @ rhs


wheel = Wheel(200)
for day in range(300):
    wheel.advance(1.0)
print("result:", float(wheel.salt.sum()))
"""


def test_a_matrix_made_and_inverted_on_two_invariant_lines_is_one_finding(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "brine.py", BRINE)))
    invariant = [f for f in (*report.findings, *report.unlisted) if f.code == "AB411"]
    assert [f.line for f in invariant] == [17], invariant
    # (line 16's own work is the call of laplacian(): where the samples land on line 16, it is
    # joined as the line making ``a``; where they land in laplacian's body, that body is told as
    # run by line 16 alone. Both say the same fix; which one depends on the run's timing, and
    # CI under load read the second, 2026-12-02)
    evidence = invariant[0].evidence
    assert (
        "line 16, which makes its input a, is as invariant" in evidence
        or "in laplacian(), which only line 16 calls, is as invariant" in evidence
    ), evidence


EWMA = """\
import numpy as np


def ewma(x, alpha):
    y = np.empty_like(x)
    y[0] = x[0]
    for i in range(1, len(x)):
        y[i] = alpha * x[i] + (1.0 - alpha) * y[i - 1]
    return y


rng = np.random.default_rng(4)
total = 0.0
for race in range(6):
    total += float(ewma(rng.standard_normal(60_000), 0.1).sum())
print("result:", total)
"""


def test_a_linear_filters_scan_counts_the_import_of_scipy_signal(tmp_path: Path) -> None:
    # blind85's regatta and blind86's Holter monitor: an EWMA loop told scipy.signal.lfilter,
    # in programs that never imported SciPy, whose rewrites paid its import (0.6-2 s of a
    # 3-6 s run): stated 86-88% where 27-48% was saved. In a process of its own (a test before
    # may have imported scipy.signal here)
    import json
    import subprocess
    import sys

    pytest.importorskip("scipy")
    p = _write(tmp_path, "ewma.py", EWMA)
    out = tmp_path / "out.json"
    done = subprocess.run(
        [sys.executable, "-m", "arraybench", "profile", "--all", "-o", str(out), str(p)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    scans = [f for f in report["findings"] + report["unlisted"] if f["code"] == "AB408"]
    assert scans and scans[0]["line"] == 7, report["findings"]
    assert "never imported scipy.signal: its import" in scans[0]["evidence"]


def test_a_running_total_written_out_by_an_augmented_assignment_is_a_scan() -> None:
    # blind84's degree days: ``acc += max(t - base, 0.0)`` then ``out[i] = acc``, told a
    # reduction loop (AB104, "x.sum()"); it is a prefix sum of the clipped values (AB408)
    import ast

    from arraybench.advise.read.recurrence import scan_of, written_out

    def loop(src: str) -> ast.For:
        node = ast.parse(src).body[0]
        assert isinstance(node, ast.For)
        return node

    running = loop("for i, t in enumerate(x):\n    acc += max(t - base, 0.0)\n    out[i] = acc\n")
    assert scan_of(running.body).startswith("np.cumsum") and written_out(running.body)
    # a total only summed is a reduction: no scan
    summed = loop("for t in x:\n    acc += t * t\n")
    assert scan_of(summed.body) == ""


GAIT = """\
from functools import partial

import numpy as np


def law(angle, k_stance, k_swing, knee_lock):
    if angle < knee_lock:
        return k_stance * angle
    return k_stance * knee_lock + k_swing * (angle - knee_lock)


class Pipeline:
    def __init__(self, torque_fn):
        self.torque_fn = torque_fn

    def process(self, angle):
        torque = self.torque_fn(angle)
        return float(torque.max())


torque = partial(np.vectorize(law), k_stance=2.4, k_swing=0.35, knee_lock=12.0)
pipe = Pipeline(torque)
rng = np.random.default_rng(5)
print("result:", sum(pipe.process(rng.uniform(0, 60, 20_000)) for _ in range(12)))
"""


def test_a_partial_of_a_vectorized_function_passed_as_a_callback(tmp_path: Path) -> None:
    # blind87's gait pipeline: ``partial(np.vectorize(stiffness_law), ...)`` handed to the
    # pipeline and called as ``self.torque_fn(a)``, 94% of the run: "no known pattern: the time
    # is in numpy.lib.vectorize.__call__"
    report = profile(Target(script=_write(tmp_path, "gait.py", GAIT)))
    found = _found(report)
    assert 17 in found and found[17].code == "AB103", found
    assert "a functools.partial of a numpy.vectorize" in found[17].evidence
    assert "made at line 21" in found[17].evidence


RAIL = """\
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class Corridor:
    temp: torch.Tensor
    coupling: torch.Tensor

    def step(self, air):
        t = self.temp
        lap = torch.roll(t, 1, 0) + torch.roll(t, -1, 0) - 2.0 * t
        flux = 0.2 * lap + 0.01 * (air - t)
        self.temp = t + flux * self.coupling


rng = np.random.default_rng(9)
coupling = torch.from_numpy(rng.uniform(0.8, 1.2, 80_000))
corridor = Corridor(torch.full((80_000,), 25.0), coupling)
peak = torch.zeros_like(corridor.temp)
for s in range(600):
    corridor.step(28.0 + float(np.sin(s / 50.0)))
    if s % 12 == 0:
        peak = torch.maximum(peak, corridor.temp)
print("result:", float(peak.sum()))
"""


def test_a_dataclass_field_of_float64_data_is_found_where_it_meets_float32_work(
    tmp_path: Path,
) -> None:
    # blind89's rail corridor: ``torch.maximum(peak, corridor.temp)`` was told AB410 with
    # corridor.temp "not changed in the loop" (make it float32 once before the loop), where
    # ``corridor.step()`` sets it at every step from the float64 coupling
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "rail.py", RAIL)))
    told = [f for f in (*report.findings, *report.unlisted) if f.line == 26]
    assert not [f for f in told if "not changed in the loop" in f.evidence], told
    # the float64 coupling, a field the constructor is given, is found where it meets the
    # float32 work (it was no finding: the field's value was never traced to its conversion)
    found = _found(report)
    assert 16 in found and found[16].code in ("AB401", "AB410"), found


TIDES = """\
import numpy as np


class Fitter:
    def __init__(self, hours, periods):
        self.hours = np.arange(hours, dtype=np.float64)
        self.periods = list(periods)

    def design(self, t):
        cols = [np.ones_like(t)]
        for p in self.periods:
            cols.append(np.cos(2.0 * np.pi / p * t))
            cols.append(np.sin(2.0 * np.pi / p * t))
        return np.stack(cols, axis=1)

    def fit(self, window):
        A = self.design(self.hours)
        pinv = np.linalg.pinv(A)
        return pinv @ window


fitter = Fitter(360, [12.42, 12.0, 12.66, 23.93, 25.82, 6.21])
rng = np.random.default_rng(11)
series = rng.standard_normal(24 * 365)
coefs = [fitter.fit(series[s : s + 360]) for s in range(0, len(series) - 360, 4)]
print("result:", float(np.sum(coefs)))
"""


def test_a_pseudo_inverse_of_a_matrix_a_pure_method_makes_is_made_once(tmp_path: Path) -> None:
    # blind88's tide fitter: ``A = self.design(self.hours)`` then ``pinv = np.linalg.pinv(A)``
    # in fit(), called for every window: the same 360x13 matrix and pseudo-inverse 19,614
    # times (93% of the run), "no known pattern: the time is in numpy.linalg.pinv"
    report = profile(Target(script=_write(tmp_path, "tides.py", TIDES)))
    found = _found(report)
    assert 18 in found and found[18].code == "AB411", found
    assert "made from A (line 17: A = self.design(self.hours))" in found[18].evidence


ORBIT = """\
import numpy as np
from scipy.integrate import solve_ivp


def orbit(y0, scale):
    def rates(t, y):
        r, v = y[:3], y[3:]
        h = np.cross(r, v)
        uh = h / np.linalg.norm(h)
        s = np.cross(uh, r / np.linalg.norm(r))
        a = -r / np.linalg.norm(r) ** 3 + scale * s / np.linalg.norm(s)
        return np.concatenate([v, a])

    return solve_ivp(rates, (0.0, 300.0), y0, rtol=1e-9, atol=1e-12)


y0 = np.array([1.0, 0.0, 0.0, 0.0, 1.0, 0.1])
total = sum(float(orbit(y0 * (1.0 + 0.01 * k), 1e-6).y[:, -1].sum()) for k in range(3))
print("result:", total)
"""


def test_the_count_an_ab412_finding_says_agrees_with_its_exactness(tmp_path: Path) -> None:
    # round 27's solar-gravity rates, a closure solve_ivp calls: "runs 83,447 times" for
    # 125,568 calls, printed without the ~ of a count scaled from the line timer's bursts.
    # (This form is counted exactly here, so it checks the exact side; the scaled side of the
    # orbital script, whose rates call another file's function first, was checked by hand)
    pytest.importorskip("scipy")
    report = profile(Target(script=_write(tmp_path, "orbit.py", ORBIT)))
    tiny = [f for f in (*report.findings, *report.unlisted) if f.code == "AB412"]
    assert tiny, [(f.line, f.code) for f in (*report.findings, *report.unlisted)]
    for f in tiny:
        said = f.evidence.split(" times", 1)[0]
        counted = report.line_times[f.path][f.line][1]
        assert counted is not None
        assert said.startswith("runs ~") == (not counted.exact), (said, counted)


BAKERY = """\
from dataclasses import dataclass

import torch


@dataclass
class FlourPlan:
    demand: torch.Tensor

    @property
    def total_kg(self):
        return sum(self.demand) * 310.0 / 1000.0


def train(batches, on_batch):
    for b in batches:
        on_batch(torch.relu(b @ torch.ones(20)))


orders = []
batches = [torch.randn(2048, 20) for _ in range(60)]
train(batches, on_batch=lambda p: orders.append(float(FlourPlan(p).total_kg)))
print("result:", sum(orders))
"""


def test_a_property_of_an_object_made_anew_in_a_callback_is_not_invariant(
    tmp_path: Path,
) -> None:
    # blind91's bakery: ``FlourPlan(p).total_kg`` in a callback lambda, a new plan for each
    # batch, told AB411 "inputs the loop never changes" for ``sum(self.demand)``: it is the
    # builtin sum over a tensor (AB409)
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "bakery.py", BAKERY)))
    found = _found(report)
    assert 12 in found and found[12].code == "AB409", found


TICKETS = """\
import torch
from torch import nn

device = "cpu"
model = nn.Sequential(nn.Linear(12, 64), nn.ReLU(), nn.Linear(64, 1)).to(device)


class Evaluator:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def predict(self, x):
        rows = map(lambda r: self.model(r.unsqueeze(0)), x.to(device))
        return torch.cat(list(rows))


torch.manual_seed(0)
ev = Evaluator(model)
print("result:", sum(float(ev.predict(torch.randn(3000, 12)).sum()) for _ in range(4)))
"""


def test_a_model_mapped_over_rows_moved_to_the_device_first(tmp_path: Path) -> None:
    # blind90's ticket demand and blind91's radio denoiser: ``map(lambda r:
    # self.model(r.unsqueeze(0)), x.to(device))``, the rows moved first: no finding
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "tickets.py", TICKETS)))
    found = _found(report)
    assert 14 in found and found[14].code == "AB106", found


FALCON = """\
from functools import partial

import numpy as np


def haversine_km(pair, lat0, lon0):
    lat1, lon1, lat2, lon2 = np.radians(pair)
    a = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin(lon2 - lon1) ** 2
    return 2 * 6371.0 * np.arcsin(np.sqrt(a))


class Flight:
    def __init__(self, fixes):
        self.fixes = fixes

    def steps(self, metric):
        return metric(np.hstack([self.fixes[:-1], self.fixes[1:]]))


metric = partial(np.apply_along_axis, partial(haversine_km, lat0=50.0, lon0=8.0), 1)
rng = np.random.default_rng(3)
total = 0.0
for sortie in range(20):
    f = Flight(50.0 + np.cumsum(rng.normal(0, 0.001, size=(4000, 2)), axis=0))
    total += float(f.steps(metric).sum())
print("result:", total)
"""


def test_apply_along_axis_through_a_partial_passed_as_a_callback(tmp_path: Path) -> None:
    # blind91's falcon telemetry: ``partial(np.apply_along_axis, partial(haversine_km, ...),
    # 1)`` called as ``metric(self.pairs)``, 92% of the run: its function's lines were told
    # AB412 (steps on Python floats, 0-38%)
    report = profile(Target(script=_write(tmp_path, "falcon.py", FALCON)))
    found = _found(report)
    assert 17 in found and found[17].code == "AB103", found
    assert "calls haversine_km() once per row" in found[17].evidence
    assert not [f for f in found.values() if f.code == "AB412" and 6 <= f.line <= 9], found
