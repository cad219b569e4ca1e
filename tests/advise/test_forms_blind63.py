"""The forms blind63 .. blind66 (benchmarks/) wrote, cut down to what made the profiler miss
them or misprice them: an inverse made again in a closure from its maker's variables, float64
work whose backward pass runs in float64 too. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

CLOSURE_INVERSE = """\
import numpy as np


def make_restorer(blur, lam):
    n = blur.shape[0]

    def restore(tile):
        normal = np.linalg.inv(blur.T @ blur + lam * np.eye(n))
        return normal @ (blur.T @ tile)

    return restore


class Pipeline:
    def __init__(self, restore):
        self.restore = restore

    def process(self, tile):
        return self.restore(tile * 0.5)


idx = np.arange(120)
blur = np.exp(-0.5 * ((idx[:, None] - idx[None, :]) / 2.5) ** 2)
pipe = Pipeline(make_restorer(blur, 1e-3))
rng = np.random.default_rng(0)
total = 0.0
for i in range(300):
    total += float(pipe.process(rng.standard_normal((120, 8))).mean())
print(total)
"""


def test_an_inverse_a_closure_makes_from_its_makers_variables_is_told(tmp_path: Path) -> None:
    # blind63's swath restorer: the closure's inverse reads blur, lam and n, variables of
    # make_restorer that nothing changes once restore is made
    report = profile(Target(script=_write(tmp_path, "closure_inverse.py", CLOSURE_INVERSE)))
    f = _found(report).get(8)
    assert f is not None and f.code == "AB411", _found(report)
    assert "variables of make_restorer()" in f.evidence and "before def restore" in f.evidence


def test_a_closure_whose_variable_changes_is_not_told(tmp_path: Path) -> None:
    changed = CLOSURE_INVERSE.replace(
        "    return restore\n", "    lam_box = [lam]\n    blur[0, 0] += 0.0\n    return restore\n"
    )
    changed = changed.replace(
        "        return normal @", "        blur[1, 1] = blur[1, 1]\n        return normal @"
    )
    report = profile(Target(script=_write(tmp_path, "closure_changed.py", changed)))
    assert 8 not in _found(report) or _found(report)[8].code != "AB411", _found(report)


FLOAT64_GRID_BACKWARD = """\
import numpy as np
import torch


class Source:
    def __init__(self, n):
        axis = np.linspace(-20.0, 20.0, n)
        grid = np.stack([g.ravel() for g in np.meshgrid(axis, axis)])
        self.x, self.y = torch.from_numpy(grid)

    def uplift(self, p):
        x0, y0, depth, dv = p[0], p[1], p[2], p[3]
        r2 = (self.x - x0) ** 2 + (self.y - y0) ** 2 + depth ** 2
        return dv * depth / (torch.pi * r2 ** 1.5)


torch.manual_seed(0)
torch.set_num_threads(1)
src = Source(300)
observed = src.uplift(torch.tensor([1.5, -2.0, 4.0, 30.0])).float()
params = torch.tensor([0.0, 0.0, 6.0, 10.0]).requires_grad_(True)
opt = torch.optim.SGD([params], lr=1e-3)
for step in range(60):
    opt.zero_grad()
    misfit = ((src.uplift(params) - observed) ** 2).mean()
    misfit.backward()
    opt.step()
print(float(params.detach().sum()))
"""


def test_float64_attributes_unpacked_are_told_where_they_meet_float32(tmp_path: Path) -> None:
    # blind64's volcano inversion: ``self.x, self.y = torch.from_numpy(grid)`` keeps NumPy's
    # float64, and the forward and its backward pass run in float64; told on line 13, where
    # the float64 grid meets the float32 parameters, the backward's share priced too
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "grid_backward.py", FLOAT64_GRID_BACKWARD)))
    f = _found(report).get(13)
    assert f is not None and f.code == "AB401", _found(report)
    # (``uplift`` is called with the same ``params`` every step, which the optimizer changes in
    # place: no loop-invariant AB411 there, though its values were first seen at line 20's
    # call without autograd; a run that took line 13 for AB411 lost the AB401 to line 9)
    assert all(g.code != "AB411" for g in _found(report).values()), _found(report)
    assert "(line 9)" in f.evidence and "of it in .backward()" in f.evidence, f.evidence


def test_a_functions_operator_line_rides_on_its_later_lines_until_rebound() -> None:
    import ast

    from arraybench.advise.run.checks import _riders

    source = (
        "def update(self, raw):\n"  # 1
        "    frame = raw * self.gain\n"  # 2
        "    if self.bg is None:\n"  # 3
        "        self.bg = frame.copy()\n"  # 4
        "    diff = abs(frame - self.bg)\n"  # 5
        "    raw = diff.sum()\n"  # 6
        "    return raw\n"  # 7
    )
    riders = _riders(ast.parse(source))
    assert 2 in riders[4] and 2 in riders[5]
    assert 2 not in riders.get(7, ())  # raw bound again on line 6


GAIN_SCALAR = """\
import numpy as np


class Detector:
    def __init__(self, calibration):
        self.gain = calibration.mean() / 100.0
        self.bg = None

    def update(self, raw):
        frame = raw * self.gain
        if self.bg is None:
            self.bg = frame.copy()
        diff = np.abs(frame - self.bg)
        self.bg = 0.95 * self.bg + 0.05 * frame
        return (diff > 20.0).sum()


rng = np.random.default_rng(0)
det = Detector(rng.normal(100.0, 2.0, size=500))
frames = rng.random((4, 480, 640), dtype=np.float32) * 200
total = 0
for t in range(120):
    total += int(det.update(frames[t % 4]))
print(total)
"""


def test_a_float64_scalar_attribute_on_an_unsampled_line_is_told_there(tmp_path: Path) -> None:
    # blind61's motion detector: ``frame = raw * self.gain`` (a np.float64 mean over 100) is
    # a line of operators the sampler never looks at; its values are read with the lines after
    # it, in the same frame
    report = profile(Target(script=_write(tmp_path, "gain_scalar.py", GAIN_SCALAR)))
    f = _found(report).get(10)
    assert f is not None and f.code == "AB410", _found(report)
    assert "self.gain (numpy.float64" in f.evidence, f.evidence


@pytest.mark.parametrize(
    ("body", "scan"),
    [
        ("level[t] = level[t - 1] + receipts[t] - demand[t]", "np.cumsum"),  # blind61's stock
        ("level[t] = receipts[t] + level[t - 1] - demand[t]", "np.cumsum"),
        ("s = a * s + x[t] - y[t]", "scipy.signal.lfilter"),
        ("level[t] = demand[t] - level[t - 1]", ""),  # the last result subtracted: no prefix sum
        ("level[t] = level[t - 1] + level[t - 1] - demand[t]", ""),  # twice
        # blind65's drawdown peak: a running maximum written as a choice
        ("peak[t] = eq[t] if eq[t] > peak[t - 1] else peak[t - 1]", "np.maximum.accumulate"),
        ("low[t] = eq[t] if eq[t] < low[t - 1] else low[t - 1]", "np.minimum.accumulate"),
        ("peak[t] = eq[t] if eq[t] > peak[t - 1] else eq[t - 1]", ""),
    ],
)
def test_a_chain_of_sums_with_the_last_result_once_is_a_scan(body: str, scan: str) -> None:
    import ast

    from arraybench.advise.read.source import scan_of

    got = scan_of(ast.parse(f"for t in range(1, n):\n    {body}\n").body[0].body)  # type: ignore[attr-defined]
    assert got.startswith(scan) if scan else got == "", got


SMOOTHER_PROPERTY = """\
import numpy as np


class Smoother:
    def __init__(self, n, lam):
        self.n = n
        self.lam = lam

    @property
    def matrix(self):
        d = np.diff(np.eye(self.n), 2, axis=0)
        return np.linalg.inv(np.eye(self.n) + self.lam * d.T @ d)

    def smooth(self, x):
        return self.matrix @ x


rng = np.random.default_rng(0)
flt = Smoother(160, 50.0)
total = 0.0
for trial in range(80):
    total += float(flt.smooth(rng.standard_normal((160, 3))).sum())
print(total)
"""


def test_a_property_of_second_differences_inverted_at_each_read_is_told(tmp_path: Path) -> None:
    # blind66's gait filter: np.diff of an identity is pure, so the getter is one a loop can
    # read once
    report = profile(Target(script=_write(tmp_path, "smoother.py", SMOOTHER_PROPERTY)))
    f = _found(report).get(12)
    assert f is not None and f.code == "AB411", _found(report)


BOUND_DOT_MAPPED = """\
import numpy as np


def scores(query, embeddings):
    return np.fromiter(map(query.dot, embeddings), dtype=np.float64, count=len(embeddings))


rng = np.random.default_rng(0)
emb = rng.standard_normal((20_000, 32))
total = 0.0
for qi in range(12):
    total += float(scores(emb[qi], emb).max())
print(total)
"""


def test_an_arrays_bound_dot_mapped_over_rows_is_one_product(tmp_path: Path) -> None:
    # blind66's product search: ``map(query.dot, embeddings)`` is ``embeddings @ query``
    report = profile(Target(script=_write(tmp_path, "bound_dot.py", BOUND_DOT_MAPPED)))
    f = _found(report).get(5)
    assert f is not None and f.code == "AB105", _found(report)
    assert "emb @ query" in f.evidence or "embeddings @ query" in f.evidence, f.evidence


VOXEL_PROPERTY = """\
import torch


def downsample(points, voxel):
    keys = torch.floor(points / voxel).to(torch.int64)
    keys = keys - keys.min(dim=0).values
    flat = (keys[:, 0] * 1000 + keys[:, 1]) * 1000 + keys[:, 2]
    uniq, inv = torch.unique(flat, return_inverse=True)
    sums = torch.zeros(len(uniq), 3).index_add_(0, inv, points)
    counts = torch.zeros(len(uniq)).index_add_(0, inv, torch.ones(len(points)))
    return sums / counts[:, None]


class Map:
    def __init__(self, points, voxel=1.5):
        self.points = points
        self.voxel = voxel

    @property
    def landmarks(self):
        return downsample(self.points, self.voxel)


torch.manual_seed(0)
prior = Map(torch.rand(60_000, 3) * 100)
scan = torch.rand(300, 3) * 100
total = 0.0
it = 0
while it < 40:
    lm = prior.landmarks
    total += float(torch.cdist(scan, lm).min(dim=1).values.mean())
    it += 1
print(total)
"""


def test_a_property_returning_a_pure_file_function_of_its_attributes_is_told(
    tmp_path: Path,
) -> None:
    # blind65's lidar map: the getter calls the file's downsampler, pure but for in-place
    # adds into tensors it has just made
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "voxel_property.py", VOXEL_PROPERTY)))
    f = _found(report).get(21)
    assert f is not None and f.code == "AB411", _found(report)


COHORT_RATES = """\
import numpy as np
import torch


class Cohort:
    def __init__(self, n, seed):
        rng = np.random.default_rng(seed)
        self.ka = torch.tensor(rng.lognormal(0.2, 0.3, n), dtype=torch.float32)
        self.ke = torch.from_numpy(rng.lognormal(-1.9, 0.25, n))


class Simulator:
    def __init__(self, cohort, dt):
        self.c = cohort
        self.dt = dt
        self.gut = torch.zeros(len(cohort.ka))
        self.central = torch.zeros(len(cohort.ka))

    def step(self):
        absorbed = self.c.ka * self.gut * self.dt
        self.gut = self.gut - absorbed
        self.central = self.central + absorbed - self.c.ke * self.central * self.dt
        return self.central / 40.0


torch.set_num_threads(1)
sim = Simulator(Cohort(400_000, 1), 0.25)
total = 0.0
for day in range(8):
    sim.gut += 200.0
    for _ in range(12):
        conc = sim.step()
    trough = conc
    total += float((trough > 1.0).float().mean())
print(total)
"""


def test_float64_rates_another_object_holds_are_told_where_they_meet_float32(
    tmp_path: Path,
) -> None:
    # blind68's trial simulation: ``self.c.ke`` of a cohort made by torch.from_numpy, read in
    # a step whose lines of operators no look sees; traced from ``conc = sim.step()`` through
    # the method's return and the other object's attribute, told where it meets the state
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "cohort_rates.py", COHORT_RATES)))
    f = _found(report).get(22)
    assert f is not None and f.code == "AB401", _found(report)
    assert "(line 9)" in f.evidence, f.evidence


CHANNEL_GAINS = """\
import numpy as np


def gains(img):
    flat = img.reshape(3, -1)
    return np.apply_along_axis(lambda r: 1.0 / np.percentile(r, 99), 1, flat)


rng = np.random.default_rng(0)
total = 0.0
for t in range(40):
    img = rng.random((3, 256, 256))
    total += float(gains(img).sum())
print(total)
"""


def test_apply_along_axis_over_three_long_rows_is_no_loop_to_rewrite(tmp_path: Path) -> None:
    # blind67's channel gains: a percentile of each of 3 rows of 65,536 values; the rewrite
    # makes the same three percentiles
    report = profile(Target(script=_write(tmp_path, "channel_gains.py", CHANNEL_GAINS)))
    assert 6 not in _found(report), _found(report)
    dropped = [f for f in report.dropped if f.line == 6]
    assert dropped and "3 rows of 65,536 values" in dropped[0].dropped, report.dropped


def test_the_value_a_method_chain_on_self_converts_is_the_attribute() -> None:
    # blind67's basin: ``self.eta.abs().max().item()`` converts a tensor read from self.eta,
    # not ``self`` (the hint said "converts a __main__.Basin, not a tensor")
    import ast

    from arraybench.advise.read.source import held_receiver

    call = ast.parse("self.eta.abs().max().item()").body[0].value  # type: ignore[attr-defined]
    assert held_receiver(call, {"self": 1, "self.eta": 2}) == "self.eta"
    assert held_receiver(call, {"self": 1}) == "self"
    plain = ast.parse("loss.cpu().item()").body[0].value  # type: ignore[attr-defined]
    assert held_receiver(plain, {"loss": 1}) == "loss"


IMPLICIT_OPERATOR = """\
import numpy as np


class Solver:
    def __init__(self, n, dt, alpha=1.0):
        self.n, self.dt, self.alpha = n, dt, alpha
        self.lap = -2.0 * np.eye(n) + np.eye(n, k=1) + np.eye(n, k=-1)

    def implicit_operator(self, kappa):
        return np.linalg.inv(np.eye(self.n) - self.dt * kappa * self.lap)

    def step(self, T):
        return self.implicit_operator(self.alpha) @ T


solver = Solver(200, 1e-3)
T = np.linspace(0.0, 1.0, 200)
it = 0
while it < 150:
    T = solver.step(T)
    it += 1
print(float(T.sum()))
"""


def test_a_methods_returned_inverse_of_fixed_arguments_is_made_once(tmp_path: Path) -> None:
    # blind70's flame solver: ``return np.linalg.inv(...)`` of attributes only __init__ sets
    # and ``kappa``, which every call passes as self.alpha
    report = profile(Target(script=_write(tmp_path, "implicit_operator.py", IMPLICIT_OPERATOR)))
    f = _found(report).get(10)
    assert f is not None and f.code == "AB411", _found(report)


DATASET_PARTIAL = """\
from functools import partial

import torch
import torch.nn as nn


class Tiles(torch.utils.data.Dataset):
    def __init__(self, n):
        self.x = torch.rand(n, 3, 8, 8)
        self.y = torch.randint(0, 3, (n,))

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def predict_one(model, item):
    x, _ = item
    return torch.softmax(model(x.unsqueeze(0)), dim=1)[0]


torch.manual_seed(0)
model = nn.Sequential(nn.Flatten(), nn.Linear(192, 64), nn.ReLU(), nn.Linear(64, 3)).eval()
with torch.no_grad():
    for fold in range(8):
        tiles = Tiles(3000)
        probs = torch.stack(list(map(partial(predict_one, model), tiles)))
print(float(probs.sum()))
"""


def test_a_datasets_pairs_mapped_through_an_inline_partial_are_one_batch(tmp_path: Path) -> None:
    # blind70's tile classifier: ``x, _ = item`` of a Dataset's (input, label) pairs
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "dataset_partial.py", DATASET_PARTIAL)))
    f = _found(report).get(29)
    assert f is not None and f.code == "AB106", _found(report)


ROW_MAXIMA = """\
import numpy as np


class Race:
    def __init__(self, rng):
        self.quotes = rng.lognormal(0.0, 0.1, (12, 400))

    def best_prices(self):
        return np.array([max(row) for row in self.quotes])


rng = np.random.default_rng(0)
total = 0.0
for i in range(600):
    total += float(Race(rng).best_prices().sum())
print(total)
"""


def test_a_builtin_in_a_comprehensions_item_is_priced_once_an_item(tmp_path: Path) -> None:
    # blind70's odds book: max() of each of 12 rows a call, priced once a call (3% for 57%)
    report = profile(Target(script=_write(tmp_path, "row_maxima.py", ROW_MAXIMA)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB409", _found(report)
    assert f.share > 0.15, f  # (about half the run; a slow spell on the draws moves it)


LANGEVIN_CHAIN = """\
import numpy as np
import torch


class Chain:
    def __init__(self, n, rng):
        self.x = torch.cumsum(torch.randn(n, 3), dim=0)
        self.v = torch.zeros_like(self.x)
        self.friction = torch.from_numpy(0.5 + 0.1 * rng.random(n)).reshape(n, 1)


def forces(x):
    diff = x[:, None, :] - x[None, :, :]
    r2 = (diff**2).sum(-1)
    return (torch.exp(-r2 / 18.0)[:, :, None] * diff).sum(1)


def thermostat(chain, f, dt):
    chain.v = chain.v + dt * (f - chain.friction * chain.v)
    chain.x = chain.x + dt * chain.v


torch.manual_seed(0)
torch.set_num_threads(1)
chain = Chain(300, np.random.default_rng(0))
step = 0
while step < 60:
    thermostat(chain, forces(chain.x), 0.005)
    step += 1
print(float(chain.x.sum()))
"""


def test_float64_an_object_holds_traced_through_attributes_set_from_outside(
    tmp_path: Path,
) -> None:
    # blind72's Langevin chain: ``chain.v = chain.v + dt * (f - chain.friction * chain.v)`` in a
    # function the loop calls; forces() then runs on the float64 positions
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "langevin.py", LANGEVIN_CHAIN)))
    f = _found(report).get(19)
    assert f is not None and f.code == "AB401", _found(report)
    assert "(line 9)" in f.evidence, f.evidence


DATASET_LOOP = """\
import torch
import torch.nn as nn


class Plots(torch.utils.data.Dataset):
    def __init__(self, n):
        self.x = torch.randn(n, 24)
        self.y = torch.randn(n)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class Trainer:
    def __init__(self, model):
        self.model = model


def validate(trainer, val_set):
    with torch.no_grad():
        preds = torch.stack([trainer.model(x) for x, _ in val_set]).squeeze(1)
    return float(((preds - val_set.y) ** 2).mean())


torch.manual_seed(0)
trainer = Trainer(nn.Sequential(nn.Linear(24, 64), nn.ReLU(), nn.Linear(64, 1)))
val = Plots(4000)
print(sum(validate(trainer, val) for _ in range(6)))
"""


def test_a_model_on_a_datasets_unpacked_items_in_a_loop_is_ab106(tmp_path: Path) -> None:
    # blind73's canopy trainer: ``[trainer.model(x) for x, _ in val_set]``, told an element
    # loop with a whole-array rewrite that does not fit
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "dataset_loop.py", DATASET_LOOP)))
    f = _found(report).get(24)
    assert f is not None and f.code == "AB106", _found(report)
