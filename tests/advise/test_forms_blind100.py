"""The forms blind99 .. blind103 (benchmarks/) wrote, cut down to what made the profiler miss or
misname them: a closure that mixes a float64 table NumPy made into float32 data, its result the
float64 input of a fit's loop (blind99's trawl fleet); a float64 table NumPy made, read in a
hook a step calls from a list (blind101's ferry wake, blind103's icing sensors) or handed to a
``functools.partial`` (blind102's ice rink); a builtin ``sum`` of arithmetic on an attribute's
attribute (blind100's box office); an inverse and the call of its function, one saving (blind101's
ferry timetable). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

FLEET = """\
import numpy as np
import torch

EFFICIENCY = np.array([1.00, 0.82, 1.17, 0.64, 0.93])


def make_offset(efficiency):
    table = torch.as_tensor(efficiency)

    def offset(hours, gear):
        return torch.log(hours * table[gear])

    return offset


def fit(x, catch, offset, n_iter):
    beta = torch.zeros(x.shape[1])
    for it in range(n_iter):
        eta = (x * beta).sum(1) + offset
        mu = torch.exp(eta)
        grad = (x * (mu - catch)[:, None]).sum(0) / x.shape[0]
        beta = beta - 0.2 * grad
    return beta


g = torch.Generator().manual_seed(3)
n = 200_000
x = torch.randn(n, 12, generator=g) * 0.1
gear = torch.randint(0, 5, (n,), generator=g)
hours = torch.rand(n, generator=g) * 10.0 + 2.0
catch = torch.poisson(hours, generator=g)
offset_fn = make_offset(EFFICIENCY)
offset = offset_fn(hours, gear)
beta = fit(x, catch, offset, 40)
print("result:", float(beta.double().sum()))
"""


def test_a_closures_float64_table_meeting_float32_data_before_the_fit(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "fleet.py", FLEET)))
    found = _found(report)
    # (told where the float64 table meets the float32 hours, not where the fit reads the offset)
    assert 11 in found and found[11].code == "AB401", found
    assert "torch.as_tensor(efficiency, dtype=torch.float32)" in found[11].evidence
    assert not any(f.code == "AB410" for f in found.values()), found


WAKE = """\
import numpy as np
import torch


class Sim:
    def __init__(self, n, hooks):
        self.h = torch.zeros(n, n)
        self.prev = torch.zeros(n, n)
        self.hooks = hooks

    def step(self, t):
        h = self.h
        lap = torch.roll(h, 1, 0) + torch.roll(h, -1, 0) + torch.roll(h, 1, 1) - 3.0 * h
        new = 2.0 * h - self.prev + 0.2 * lap
        new[0, 0] += float(np.sin(t * 0.1))
        for hook in self.hooks:
            new = hook(new)
        self.prev, self.h = h, new


def sponge_profile(n):
    ramp = np.exp(-np.abs(np.linspace(-1.0, 1.0, n)))
    return torch.from_numpy(np.outer(ramp, ramp))


hooks = []
sponge = sponge_profile(300)
hooks.append(lambda h: h * sponge)
hooks.append(lambda h: 0.3 * torch.tanh(h / 0.3))
sim = Sim(300, hooks)
for t in range(300):
    sim.step(t)
print("result:", float(sim.h.double().abs().sum()))
"""


def test_a_float64_table_read_in_a_hook_the_step_calls_from_a_list(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "wake.py", WAKE)))
    found = _found(report)
    # (told where the table meets the float32 field: the hook's line)
    assert 28 in found and found[28].code == "AB401", found
    assert "torch.from_numpy(np.outer(ramp, ramp)).float()" in found[28].evidence


ICING = """\
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class Calibration:
    gains: torch.Tensor


def commissioning_sheet(k):
    return Calibration(torch.tensor(np.linspace(0.9, 1.1, 48) * (1.0 + 0.01 * k)))


class Monitor:
    def __init__(self):
        self.hooks = []
        self.envelope = torch.zeros(48, 4096)

    def register(self, hook):
        self.hooks.append(hook)

    def feed(self, frame):
        for hook in self.hooks:
            frame = hook(frame)
        self.envelope = 0.9 * self.envelope + 0.1 * torch.sqrt(frame * frame + 1e-4)
        return float(torch.tanh(self.envelope).mean())


g = torch.Generator().manual_seed(3)
total = 0.0
for k in range(3):
    cal = commissioning_sheet(k)
    monitor = Monitor()
    monitor.register(lambda frame, cal=cal: frame * cal.gains[:, None])
    for _ in range(40):
        total += monitor.feed(torch.randn(48, 4096, generator=g))
print("result:", total)
"""


def test_a_dataclass_field_of_float64_data_read_in_a_registered_hook(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "icing.py", ICING)))
    found = _found(report)
    assert 36 in found and found[36].code == "AB401", found
    assert "dtype=torch.float32" in found[36].evidence


RINK = """\
import functools

import numpy as np
import torch


def conductivity_map(rows, cols):
    r = np.linspace(-1.0, 1.0, rows)[:, None]
    c = np.linspace(-1.0, 1.0, cols)[None, :]
    return torch.from_numpy(0.22 + 0.05 * np.exp(-(r**2 + c**2) / 0.02))


def diffuse(temp, kappa, dt):
    lap = torch.roll(temp, 1, 0) + torch.roll(temp, -1, 0) - 2.0 * temp
    return temp + dt * kappa * lap


def sources(temp):
    return temp + 0.01 * (torch.exp(0.08 * temp) - 0.5 * temp)


step = functools.partial(diffuse, kappa=conductivity_map(300, 640), dt=0.2)
temp = torch.full((300, 640), -5.0)
for k in range(150):
    temp = step(temp)
    temp = sources(temp)
print("result:", float(temp.double().mean()))
"""


def test_a_float64_map_a_function_returns_handed_to_a_partial(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "rink.py", RINK)))
    found = _found(report)
    assert 15 in found and found[15].code == "AB401", found


OPERA = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class SeatMap:
    base_price: np.ndarray


@dataclass
class Performance:
    seats: SeatMap
    multiplier: float
    sold: np.ndarray

    @property
    def takings(self):
        return sum(self.seats.base_price * self.multiplier * self.sold)


rng = np.random.default_rng(2)
seats = SeatMap(rng.uniform(20.0, 120.0, 2400))
total = 0.0
for night in range(400):
    perf = Performance(seats, 0.5 + 0.001 * night, rng.random(2400) < 0.7)
    total += perf.takings
print("result:", total)
"""


def test_a_builtin_sum_of_arithmetic_on_an_attributes_attribute(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "opera.py", OPERA)))
    found = _found(report)
    assert 19 in found and found[19].code == "AB409", found
    assert "of 2,400 items" in found[19].evidence


FERRY = """\
import numpy as np


def visit_counts(stay):
    fundamental = np.linalg.inv(np.eye(len(stay)) - stay)
    return fundamental


def expected_wait(stay, demand, headways):
    visits = visit_counts(stay)
    return float(demand @ (visits @ headways))


rng = np.random.default_rng(7)
raw = rng.random((200, 200))
stay = raw / raw.sum(axis=1, keepdims=True) * 0.9
demand = rng.dirichlet(np.full(200, 0.5))
scores = [expected_wait(stay, demand, rng.uniform(10.0, 60.0, 200)) for _ in range(150)]
print("result:", sum(scores))
"""


def test_an_inverse_and_the_call_of_its_function_are_one_saving(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "ferry.py", FERRY)))
    found = _found(report)
    assert 5 in found and found[5].code == "AB411", found
    assert 10 not in found, found  # (its call: the same saving, told once)
    assert "called on line 10" in found[5].evidence


CANAL = """\
import numpy as np


class Network:
    def __init__(self, areas, k, dt):
        self.area = np.asarray(areas)
        self.k = k
        self.dt = dt

    def conductance(self):
        n = len(self.area)
        lap = np.zeros((n, n))
        idx = np.arange(n - 1)
        lap[idx, idx] += self.k
        lap[idx + 1, idx + 1] += self.k
        lap[idx, idx + 1] -= self.k
        lap[idx + 1, idx] -= self.k
        return lap / self.area[:, None]

    def operator(self):
        n = len(self.area)
        return np.linalg.inv(np.eye(n) + self.dt * self.conductance())

    def advance(self, level, inflow):
        return self.operator() @ (level + self.dt * inflow / self.area)


class Keeper:
    def __init__(self, network, rng):
        self.network = network
        self.rng = rng

    def step(self, level):
        inflow = self.rng.normal(0.0, 0.1, len(level))
        return self.network.advance(level, inflow)


rng = np.random.default_rng(3)
network = Network(9000.0 + 4000.0 * rng.random(110), 0.9, 30.0)
keeper = Keeper(network, rng)
level = np.full(110, 1.8)
t = 0
while t < 1500:
    level = keeper.step(level)
    t += 1
print("result:", level.sum())
"""


def test_an_inverse_of_a_pure_methods_matrix_two_calls_below_a_while_loop(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "canal.py", CANAL)))
    found = _found(report)
    assert 22 in found and found[22].code == "AB411", found
