"""The forms blind52 .. blind56 (benchmarks/) wrote, cut down to what made the profiler miss
them or tell them on another line: an inverse a longer getter returns of a matrix it builds
line by line (told at that ``return``, where the cost is). Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.source import read_source
from arraybench.advise.read.syntax import call_name
from arraybench.advise.rules.patterns.builtin_reduction import _builtins_time
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

BUILT_THEN_INVERTED = """\
import numpy as np


class Solver:
    def __init__(self, n, r):
        self.n = n
        self.r = r

    @property
    def propagator(self):
        n = self.n
        A = np.eye(n) * (1.0 + 2.0 * self.r)
        idx = np.arange(n - 1)
        A[idx, idx + 1] = -self.r
        A[idx + 1, idx] = -self.r
        return np.linalg.inv(A)

    def step(self, T):
        return self.propagator @ T


solver = Solver(200, 0.3)
T = np.random.default_rng(0).standard_normal((200, 40))
for t in range(120):
    T = solver.step(T)
print(float(T.sum()))
"""


def test_an_inverse_a_longer_getter_returns_is_told_at_its_return(tmp_path: Path) -> None:
    # blind52's climate columns: the getter builds a tridiagonal matrix in five lines and
    # returns its inverse; told at the read (line 19) it was off the line the labels and the
    # fix name (the ``return``, line 16)
    report = profile(Target(script=_write(tmp_path, "built_then_inverted.py", BUILT_THEN_INVERTED)))
    f = _found(report).get(16)
    assert f is not None and f.code == "AB411", _found(report)
    assert "line 19 reads self.propagator" in f.evidence, f.evidence


ALIASED_LIST = """\
import torch


class Network:
    def __init__(self, n):
        g = torch.Generator().manual_seed(1)
        speeds = 80.0 + 40.0 * torch.rand(n, generator=g)
        self.free_speed = [round(float(s), 1) for s in speeds]
        self.capacity = torch.full((n,), 1800.0)


class Simulator:
    def __init__(self, net):
        self.net = net
        self.rho = torch.full((net.capacity.numel(),), 20.0)

    def step(self):
        net = self.net
        vf = torch.tensor(net.free_speed)
        flow = torch.minimum(vf * self.rho, net.capacity)
        self.rho = torch.clamp(self.rho + 0.001 * (torch.roll(flow, 1) - flow), min=0.0)
        return self.rho.sum()


sim = Simulator(Network(6000))
total = 0.0
for k in range(300):
    total += float(sim.step())
print(total)
"""


def test_a_constant_list_read_through_a_local_alias_of_an_attribute(tmp_path: Path) -> None:
    # blind54's motorway network: ``net = self.net`` then ``torch.tensor(net.free_speed)`` at
    # every step; the alias, stored in the method, read as a name that changes, and the
    # build was only a hot line's guess
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "aliased_list.py", ALIASED_LIST)))
    f = _found(report).get(19)
    assert f is not None and f.code == "AB108", _found(report)
    assert "net.free_speed (list of 6000" in f.evidence and "Network.__init__" in f.evidence, (
        f.evidence
    )


MIN_OF_A_PROPERTY = """\
import numpy as np


class Road:
    def __init__(self, n, length, rng):
        self.length = length
        self.x = np.sort(rng.uniform(0.0, length, n))
        self.veh_len = np.full(n, 4.5)
        self.s0 = 2.0

    @property
    def gaps(self):
        lead = np.roll(self.x, -1)
        gap = (lead - self.x) % self.length - np.roll(self.veh_len, -1)
        return gap

    @property
    def jammed(self):
        return min(self.gaps) < self.s0

    def step(self, dt):
        self.x = (self.x + dt * 20.0) % self.length
        return self.jammed


road = Road(1500, 50000.0, np.random.default_rng(5))
jams = 0
for t in range(1500):
    jams += road.step(0.25)
print(jams)
"""


def test_a_builtin_min_over_a_property_that_returns_an_array(tmp_path: Path) -> None:
    # blind54's ring road: ``min(self.gaps)``, a property whose ``return gap`` no look saw;
    # its value is the one assignment before it, arithmetic of arrays and ``np.roll``
    report = profile(Target(script=_write(tmp_path, "min_of_a_property.py", MIN_OF_A_PROPERTY)))
    f = _found(report).get(19)
    assert f is not None and f.code == "AB409", _found(report)
    assert "numpy.ndarray float64 of 1,500 items" in f.evidence, f.evidence


PER_ROW_THROUGH_A_CALLBACK = """\
import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, n_in):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, 64), nn.SiLU(), nn.Linear(64, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def validation_mae(model, x_val, y_val):
    with torch.no_grad():
        preds = torch.stack([model(x) for x in x_val])
    return (preds - y_val).abs().mean()


torch.manual_seed(0)
x = torch.randn(3000, 14)
y = x.sum(1)
x_val, y_val = x[2000:], y[2000:]
model = MLP(14)
val_cb = lambda m: {"val_mae": validation_mae(m, x_val, y_val).item()}
history = []
for epoch in range(12):
    with torch.no_grad():
        model(x[:2000])
    for cb in [val_cb]:
        history.append(cb(model))
print(history[-1])
"""


def test_a_model_per_row_in_a_comprehension_whose_name_a_global_shadows(tmp_path: Path) -> None:
    # blind54's alloy surrogate: ``[model(x) for x in x_val]`` in a validation helper a
    # callback lambda runs each epoch; the frame that holds the comprehension saw the global
    # ``x`` (3000x14), not the rows, and the rule took the items for batches
    pytest.importorskip("torch")
    report = profile(
        Target(script=_write(tmp_path, "per_row_callback.py", PER_ROW_THROUGH_A_CALLBACK))
    )
    f = _found(report).get(16)
    assert f is not None and f.code == "AB106", _found(report)
    assert "torch.Tensor float32 14 on cpu" in f.evidence, f.evidence


PARTIAL_PER_ROW = """\
from functools import partial

import torch
import torch.nn as nn


class Forecaster(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(22, 64), nn.SiLU(), nn.Linear(64, 4))

    def forward(self, x):
        return self.net(x)


def forecast_one(model, history):
    scale = history.mean() + 1.0
    x = torch.cat([history / scale, torch.stack([scale.log(), history[-4:].mean() / scale])])
    return model(x) * scale


torch.manual_seed(0)
history = torch.rand(3000, 20) * 10
model = Forecaster().eval()
with torch.no_grad():
    forecast = torch.stack(list(map(partial(forecast_one, model), history)))
print(float(forecast.sum()))
"""


def test_a_model_mapped_over_rows_through_an_inline_partial(tmp_path: Path) -> None:
    # blind53's replenishment plan: ``map(partial(forecast_one, model), history)``, the model
    # called on what the function makes of each row (22 features of a 20-week history); no
    # loop statement, no comprehension, and the partial written in the map itself
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "partial_per_row.py", PARTIAL_PER_ROW)))
    f = _found(report).get(26)
    assert f is not None and f.code == "AB106", _found(report)
    assert "float32 3000x22" in f.evidence and "forecast_one() makes" in f.evidence, f.evidence


def test_a_builtin_kept_by_append_is_priced_at_the_lines_time(tmp_path: Path) -> None:
    # blind53's clipping monitor: ``self.peaks.append(float(max(frame_peak)))``; the append
    # counted as another call sent the price to the builtin's time after the run (17 ms a
    # call against the line's 34 ms in it: 31% stated for 51% measured)
    src = _write(tmp_path, "keep.py", "peaks = []\npeaks.append(float(max(frame_peak)))\n")
    sf = read_source(str(src))
    assert sf.tree is not None
    calls = [n for n in ast.walk(sf.tree) if isinstance(n, ast.Call) and call_name(n) == "max"]
    got = _builtins_time(sf, 2, calls, seconds=1.72, count=50, per_call=0.0175, call=5e-6)
    assert got == pytest.approx(1.72 - 50 * 2 * 5e-6)  # (float and append: one call each)


RUNNING_MIN = """\
import numpy as np


def running_min(path):
    out = np.empty_like(path)
    lo = path[0]
    for i in range(len(path)):
        if path[i] < lo:
            lo = path[i]
        out[i] = lo
    return out


rng = np.random.default_rng(0)
paths = np.cumsum(rng.standard_normal((3000, 100)), axis=1)
total = 0.0
for p in paths:
    total += float(running_min(p)[-1])
print(total)
"""


def test_a_running_minimum_written_out_each_step_is_a_scan(tmp_path: Path) -> None:
    # blind54's lookback payoff: ``if path[i] < lo: lo = path[i]`` then ``out[i] = lo``, told
    # a reduction (AB104, "x.min()") where np.minimum.accumulate computes it
    from arraybench.advise.read.recurrence import scan_of

    tree = ast.parse(RUNNING_MIN)
    loop = next(n for n in ast.walk(tree) if isinstance(n, ast.For) and n.lineno == 7)
    assert scan_of(loop.body).startswith("np.minimum.accumulate")
    from arraybench.advise.read.recurrence import written_out

    total = ast.parse("for d, h in enumerate(heat):\n    t = t + h\n    out[d] = t\n").body[0]
    assert isinstance(total, ast.For) and written_out(total.body) and scan_of(total.body)
    summed = ast.parse("for h in heat:\n    t = t + h\n").body[0]
    assert isinstance(summed, ast.For) and not written_out(summed.body)  # (a sum: AB104)
    kept = ast.parse("for x in a:\n    if x > hi:\n        hi = x\n").body[0]
    assert isinstance(kept, ast.For) and scan_of(kept.body) == ""  # (a reduction: kept at the end)
    report = profile(Target(script=_write(tmp_path, "running_min.py", RUNNING_MIN)))
    f = _found(report).get(7)
    assert f is not None and f.code == "AB408", _found(report)
    assert "np.minimum.accumulate" in f.evidence, f.evidence


def test_each_timed_side_follows_an_untimed_call_of_its_own() -> None:
    # np_float64_wave's step alternated with its float32 copy read 1.6x (each call after the
    # other side's frees and faults in its temporaries); run on its own, 15x: the user's loop
    # runs one side again and again
    from arraybench.advise.run.models import _ratios

    calls: list[str] = []
    got = _ratios(lambda: calls.append("slow"), lambda: calls.append("fast"), lambda: None, 0.01)
    assert got is not None
    runs = [calls[i : i + 2] for i in range(0, len(calls), 2)]
    assert all(r[0] == r[1] for r in runs), calls
    assert runs[0] == ["slow", "slow"] and runs[1] == ["fast", "fast"], calls


DRIFT_ATTRIBUTE = """\
import numpy as np
import torch


class Bank:
    def __init__(self, n, rng):
        self.step = torch.linspace(0.001, 0.01, n)
        self.phase = torch.rand(n, generator=torch.Generator().manual_seed(2))
        self.drift = torch.from_numpy(rng.normal(0.0, 2e-6, size=n))
        self.ramp = torch.arange(4096, dtype=torch.float32)

    def advance(self):
        self.phase = torch.remainder(self.phase + 4096 * self.step + self.drift, 1.0)

    def render(self):
        pos = torch.remainder(self.phase[:, None] + self.step[:, None] * self.ramp, 1.0)
        out = torch.sin(6.283 * pos) * torch.exp(-pos)
        self.advance()
        return out


bank = Bank(64, np.random.default_rng(8))
total = 0.0
for k in range(120):
    total += float(bank.render().sum())
print(total)
"""


def test_a_float64_attribute_added_into_the_objects_state_in_a_method(tmp_path: Path) -> None:
    # blind56's wavetable synth: ``self.drift = torch.from_numpy(...)`` (float64) added to the
    # float32 phase in ``advance()``; told at the conversion (line 9) where the labels and the
    # fix's reader look at the line that mixes it in (13), and ``render``'s read of the phase
    # was told a float64 root "not changed in the loop" that advance() sets again
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "drift_attribute.py", DRIFT_ATTRIBUTE)))
    found = _found(report)
    f = found.get(13)
    assert f is not None and f.code == "AB401", found
    assert "(line 9)" in f.evidence and ".float()" in f.evidence, f.evidence
    assert 16 not in found, found


TAPERED_ITEMS = """\
import numpy as np
import torch


class Windows(torch.utils.data.Dataset):
    def __init__(self, records, win):
        self.records = records
        self.win = win
        self.taper = torch.from_numpy(np.hanning(win))

    def __len__(self):
        return self.records.shape[1] // self.win

    def __getitem__(self, i):
        seg = self.records[:, i * self.win : (i + 1) * self.win]
        return seg * self.taper


def spectra(seg):
    spec = torch.fft.rfft(seg, n=2 * seg.shape[1])
    return torch.fft.irfft(spec * spec.conj(), n=2 * seg.shape[1])


records = torch.randn(12, 300 * 2048, generator=torch.Generator().manual_seed(4))
ds = Windows(records, 2048)
stack = torch.zeros(12, 4096, dtype=torch.float64)
for i in range(len(ds)):
    stack = stack + spectra(ds[i])
print(float(stack.sum()))
"""


def test_a_float64_taper_a_datasets_item_applies(tmp_path: Path) -> None:
    # blind55's seismic monitor: ``torch.from_numpy(np.hanning(win))`` in a Dataset, applied in
    # ``__getitem__``; the loop's float64 spectra traced back through ``ds[i]`` to it
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "tapered_items.py", TAPERED_ITEMS)))
    f = _found(report).get(16)
    assert f is not None and f.code == "AB401", _found(report)
    assert "(line 9)" in f.evidence, f.evidence


WOLFF = """\
import math
import random

random.seed(1)
L = 10
N = L * L
spins = [random.choice([-1, 1]) for _ in range(N)]
nbrs = [[(i // L) * L + (i + 1) % L, (i // L) * L + (i - 1) % L, (i + L) % N, (i - L) % N]
        for i in range(N)]
p = 1 - math.exp(-1.0)
total = 0
for step in range(1500):
    i = random.randint(0, N - 1)
    cluster = [i]
    frontier = [i]
    while frontier:
        j = random.choice(frontier)
        for k in nbrs[j]:
            if spins[k] == spins[j] and k not in cluster and random.uniform(0.0, 1.0) < p:
                frontier.append(k)
                cluster.append(k)
        frontier.remove(j)
    for s in cluster:
        spins[s] *= -1
    total += abs(sum(spins))
print(total)
"""


def test_membership_in_a_growing_list_is_told_to_keep_a_set(tmp_path: Path) -> None:
    # round 23's Wolff cluster update: ``k not in cluster`` scans the growing cluster for
    # every neighbour visited (48% of the run; a set beside the list saved 35.9%)
    report = profile(Target(script=_write(tmp_path, "wolff.py", WOLFF)))
    f = _found(report).get(19)
    assert f is not None and f.code == "AB416", _found(report)
    assert "`k not in cluster` tests a list of" in f.evidence, f.evidence
    assert "keep a set beside cluster" in f.evidence


EAGER_SHAPES = """\
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(17)
records = [rng.random(int(n)).astype(np.float32) for n in rng.integers(300, 700, 10)]
dry = []
for moist in records:
    m = jnp.asarray(moist)
    dry.append(jnp.sum(m < 0.4))
print(int(jnp.sum(jnp.stack(dry))))
"""


def test_eager_jax_operations_compiled_for_each_new_shape(tmp_path: Path) -> None:
    # blind57's soil water: ``jnp.sum(moist < 40.0)`` of each record's length outside the
    # jitted function: ``less`` and ``_reduce_sum`` compiled once per record, 28% of the run,
    # read "no known pattern" (eager operations were left out of AB404 as the data's shapes)
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "eager_shapes.py", EAGER_SHAPES)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB404", _found(report)
    assert "run eagerly, each compiled again for every new input shape" in f.evidence, f.evidence


KAPPA_PROPERTY = """\
import numpy as np
import torch


class Diffusion:
    def __init__(self, roughness):
        self.roughness = roughness

    @property
    def kappa(self):
        return self._kappa

    def setup(self):
        self._kappa = torch.from_numpy(0.05 + 0.2 * self.roughness)

    def step(self, f):
        lap = torch.roll(f, 1, 0) + torch.roll(f, -1, 0) - 2.0 * f
        return f + 0.2 * (self.kappa * lap + 0.01 * torch.tanh(f))


model = Diffusion(np.random.default_rng(8).random((400, 400)))
model.setup()
f = torch.rand(400, 400, generator=torch.Generator().manual_seed(2))
for k in range(80):
    f = model.step(f)
print(float(f.double().sum()))
"""


def test_a_float64_attribute_read_through_a_property_is_told_where_it_is_mixed(
    tmp_path: Path,
) -> None:
    # blind58's nowcast: ``self._kappa = torch.from_numpy(...)`` in a set-up method, read as
    # ``self.kappa`` (a property returning it) in the step's arithmetic: told at the
    # conversion, not where the field becomes float64
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "kappa_property.py", KAPPA_PROPERTY)))
    f = _found(report).get(18)
    assert f is not None and f.code == "AB401", _found(report)
    assert "(line 14)" in f.evidence, f.evidence


PIXELS = """\
import numpy as np
from PIL import Image

rng = np.random.default_rng(0)
img = Image.fromarray(rng.integers(0, 255, (90, 120), dtype=np.uint8), "L")
width, height = img.size
out = Image.new("L", (width, height))
kernel = [[0, 1, 0], [1, -4, 1], [0, 1, 0]]
for y in range(1, height - 1):
    for x in range(1, width - 1):
        total = 0
        for i in range(3):
            for j in range(3):
                total += img.getpixel((x + i - 1, y + j - 1)) * kernel[i][j]
        out.putpixel((x, y), min(255, abs(total)))
print(int(np.asarray(out).sum()))
"""


def test_a_pil_image_read_one_pixel_at_a_time(tmp_path: Path) -> None:
    # round 24's edge detectors: ``grayscale_image.getpixel((x + i - 1, y + j - 1))`` for every
    # pixel and kernel cell (28-41% of their runs; np.asarray once and shifted windows saved
    # 44.6-47.5%), read "no known pattern: the time is in PIL.Image.getpixel"
    pytest.importorskip("PIL")
    report = profile(Target(script=_write(tmp_path, "pixels.py", PIXELS)))
    f = _found(report).get(14)
    assert f is not None and f.code == "AB417", _found(report)
    assert "img.getpixel() of a PIL.Image" in f.evidence and "np.asarray(img)" in f.evidence


SOLVE_THROUGH_A_PROPERTY = """\
import numpy as np


class Column:
    def __init__(self, n, r):
        self.r = r
        A = np.diag(np.full(n, 1.0 + 2.0 * r)) + np.diag(np.full(n - 1, -r), 1)
        self._A = A + np.diag(np.full(n - 1, -r), -1)

    @property
    def system(self):
        return self._A

    def step(self, temp, top):
        rhs = temp.copy()
        rhs[0] = top
        return np.linalg.solve(self.system, rhs)


col = Column(250, 0.4)
temp = np.linspace(-20.0, -2.0, 250)
for k in range(600):
    temp = col.step(temp, -20.0 + np.sin(k / 50.0))
print(float(temp.sum()))
"""


def test_a_solve_with_a_matrix_a_property_returns(tmp_path: Path) -> None:
    # blind60's ice column: ``np.linalg.solve(self.system, rhs)`` per step, ``system`` a
    # property returning ``self._A`` that only __init__ sets: read "no known pattern: the time
    # is in numpy.linalg.solve" (the property's value is no look of the run)
    report = profile(Target(script=_write(tmp_path, "solve_property.py", SOLVE_THROUGH_A_PROPERTY)))
    f = _found(report).get(17)
    assert f is not None and f.code == "AB407", _found(report)
    assert "self._A is set only in __init__" in f.evidence, f.evidence


STATIC_PARTIAL = """\
from functools import partial

import torch
import torch.nn as nn


class Acoustic(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(40, 64), nn.ReLU(), nn.Linear(64, 30))

    def forward(self, x):
        return torch.log_softmax(self.net(x), dim=-1)


class Evaluator:
    def __init__(self, model):
        self.model = model

    @staticmethod
    def _score(model, utt):
        return model(utt.unsqueeze(0))[0]

    def greedy(self, batch):
        return torch.stack(list(map(partial(self._score, self.model), batch))).argmax(-1)


torch.manual_seed(0)
ev = Evaluator(Acoustic().eval())
total = 0
with torch.no_grad():
    for b in range(60):
        total += int(ev.greedy(torch.randn(128, 16, 40)).sum())
print(total)
"""


def test_a_model_mapped_through_a_partial_of_a_static_method(tmp_path: Path) -> None:
    # blind60's speech evaluator: ``map(partial(self._score, self.model), batch)``, the static
    # method calling the model on each utterance made a batch of one
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "static_partial.py", STATIC_PARTIAL)))
    f = _found(report).get(25)
    assert f is not None and f.code == "AB106", _found(report)
    assert "once per row of batch" in f.evidence, f.evidence


def test_a_loop_writing_an_objects_state_that_its_method_reads_is_a_recurrence() -> None:
    # blind60's auctions: ``bidders.spent[w] += price`` at each auction, read by the next
    # ``bidders.pacing()``; lint's element loop kept its "one operation on whole arrays"
    from arraybench.advise.read.recurrence import carries_state, object_state

    tree = ast.parse(
        "class Bidders:\n"
        "    def pacing(self):\n"
        "        return 1.0 - self.spent / self.budget\n"
        "for a in range(100):\n"
        "    bids = values[a] * bidders.pacing()\n"
        "    w = int(bids.argmax())\n"
        "    bidders.spent[w] += bids[w]\n"
    )
    loop = tree.body[1]
    assert isinstance(loop, ast.For)
    assert carries_state(loop.body, object_state(tree))
    kept = ast.parse("for a in range(9):\n    log.rows[a] = values[a] * 2.0\n").body[0]
    assert isinstance(kept, ast.For) and not carries_state(kept.body, object_state(tree))


SCORE_ROWS = """\
from functools import partial

import numpy as np


def score_row(row, w, b, base=600.0, pdo=20.0):
    log_odds = float(np.dot(row, w)) + b
    return base - pdo / np.log(2.0) * log_odds


rng = np.random.default_rng(3)
X = rng.standard_normal((60_000, 24))
total = 0.0
for k in range(3):
    w = rng.standard_normal(24)
    scores = np.fromiter(map(partial(score_row, w=w, b=0.1), X), dtype=np.float64)
    total += scores.mean()
print(total)
"""


def test_a_dot_per_row_through_an_inline_partial_of_a_function(tmp_path: Path) -> None:
    # blind59's credit scorecard: ``map(partial(score_row, w=w, b=b), X)`` with
    # ``float(np.dot(row, w)) + b`` in a two-statement function: one product per row
    report = profile(Target(script=_write(tmp_path, "score_rows.py", SCORE_ROWS)))
    f = _found(report).get(16)
    assert f is not None and f.code == "AB105", _found(report)
    assert "X @ w" in f.evidence, f.evidence


LAMBDA_PER_CLIP = """\
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(256, 64), nn.ReLU(), nn.Linear(64, 10))


@torch.no_grad()
def evaluate(model, X):
    predict = lambda clip: model(clip.unsqueeze(0)).argmax(1)
    return torch.cat([predict(clip) for clip in X])


X = torch.randn(6000, 256)
total = 0
for r in range(3):
    total += int(evaluate(model, X).sum())
print(total)
"""


def test_a_model_called_per_item_through_a_lambda_bound_above(tmp_path: Path) -> None:
    # blind59's sound events: ``predict = lambda clip: model(clip.unsqueeze(0)).argmax(1)``,
    # then ``[predict(clip) for clip in X]``; the time was read on the model's forward
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "lambda_per_clip.py", LAMBDA_PER_CLIP)))
    f = _found(report).get(11)
    assert f is not None and f.code == "AB106", _found(report)
    assert "through predict" in f.evidence, f.evidence


TWO_MODELS = """\
import numpy as np
import torch


class Model:
    def __init__(self, rows):
        self.covariates = [list(r) for r in rows]
        self.beta = torch.zeros(len(rows[0]), dtype=torch.float64, requires_grad=True)

    def predict(self):
        X = torch.tensor(self.covariates, dtype=torch.float64)
        return X @ self.beta


rows = np.random.default_rng(1).random((1500, 12)).round(3).tolist()
truth = Model(rows)
with torch.no_grad():
    truth.beta += 0.5
    target = truth.predict()
fit = Model(rows)
opt = torch.optim.SGD([fit.beta], lr=1e-4)
for step in range(300):
    opt.zero_grad()
    loss = ((fit.predict() - target) ** 2).sum()
    loss.backward()
    opt.step()
print(float(loss))
"""


def test_a_constant_list_of_a_few_objects_each_built_many_times(tmp_path: Path) -> None:
    # blind61's population fit: ``torch.tensor(self.covariates)`` in ``predict()``, 1,001
    # builds; the file makes two models (a truth and the fitted one), so "the one object the
    # file makes" did not hold, and the looks saw two lists
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "two_models.py", TWO_MODELS)))
    f = _found(report).get(11)
    assert f is not None and f.code == "AB108", _found(report)
    assert "is set only in __init__" in f.evidence and "2 Model objects" in f.evidence, f.evidence


SUM_OF_A_STARRED_GETTER = """\
import numpy as np


class Track:
    def __init__(self, xy):
        self.xy = xy

    @property
    def step_lengths(self):
        return np.hypot(*np.diff(self.xy, axis=0).T)

    @property
    def distance(self):
        return sum(self.step_lengths)

    def high_speed(self):
        steps = self.step_lengths
        return float(steps[steps > 0.5].sum())


rng = np.random.default_rng(2)
tracks = [Track(np.cumsum(rng.standard_normal((300, 2)), axis=0)) for _ in range(40)]
total = 0.0
for r in range(60):
    for t in tracks:
        total += t.distance + t.high_speed()
print(total)
"""


def test_a_builtin_sum_over_a_getter_the_source_cannot_follow(tmp_path: Path) -> None:
    # blind62's player tracking: ``sum(self.step_lengths)`` of ``np.hypot(*np.diff(...).T)``;
    # the value seen where the file names it (``steps = self.step_lengths``)
    report = profile(Target(script=_write(tmp_path, "starred_getter.py", SUM_OF_A_STARRED_GETTER)))
    f = _found(report).get(14)
    assert f is not None and f.code == "AB409", _found(report)
    assert "numpy.ndarray float64 of 299 items" in f.evidence, f.evidence


MAPPED_LAMBDA = """\
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 3))


@torch.no_grad()
def evaluate(model, x):
    classify = lambda s: int(model(s.unsqueeze(0)).argmax(dim=1))
    return torch.tensor(list(map(classify, x)))


x = torch.randn(6000, 64)
total = 0
for r in range(3):
    total += int(evaluate(model, x).sum())
print(total)
"""


def test_a_model_mapped_through_a_lambda_bound_above(tmp_path: Path) -> None:
    # blind62's Doppler classifier: ``classify = lambda s: int(model(s.unsqueeze(0))...)``
    # then ``map(classify, x)``: the time was read on the model's forward
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "mapped_lambda.py", MAPPED_LAMBDA)))
    f = _found(report).get(11)
    assert f is not None and f.code == "AB106", _found(report)


def test_a_membership_timing_fits_its_budget_instead_of_giving_up() -> None:
    # a fixed 200 tests a timing of a 10,000-item list took ~50 ms on a quiet machine, more
    # than a small budget (and 5x that under load), so the Wolff finding was dropped at times
    from arraybench.advise.run.models import membership_times

    got = membership_times(10_000, 0.02)
    assert got is not None
    scan, half, lookup = got
    assert scan > half > lookup > 0
