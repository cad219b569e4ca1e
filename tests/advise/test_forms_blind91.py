"""The forms blind91 .. (benchmarks/) wrote, cut down to what made the profiler miss or misprice
them: a float64 attribute (``np.linspace`` of the default dtype) mixed into a method's float32
arrays on its ``return`` line, a line of operators the run never looks at (blind91's radio
coverage, "no known pattern" at 80% on the caller's line before). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

RADIO = """\
import numpy as np


class Simulator:
    def __init__(self, n, sites, rng):
        self.x, self.y = np.meshgrid(np.linspace(0.0, 20.0, n, dtype=np.float32),
                                     np.linspace(0.0, 20.0, n, dtype=np.float32))
        self.shadow = rng.normal(0.0, 4.0, size=(n, n)).astype(np.float32)
        self.sites = sites
        self.gains = np.linspace(2.0, 9.0, len(sites))

    def path_loss(self, k):
        sx, sy = self.sites[k]
        d = np.sqrt((self.x - sx) ** 2 + (self.y - sy) ** 2) + np.float32(0.05)
        loss = np.float32(32.4) + np.float32(27.0) * np.log10(d)
        return loss - self.gains[k] + self.shadow

    def received(self, tx):
        total = np.zeros_like(self.x)
        for k in range(len(self.sites)):
            rx = tx - self.path_loss(k)
            total = total + np.power(np.float32(10.0), rx / np.float32(10.0))
        return total


rng = np.random.default_rng(11)
sites = [tuple(v) for v in rng.uniform(2.0, 18.0, size=(8, 2)).astype(np.float32)]
sim = Simulator(700, sites, rng)
tx_levels = np.arange(16.0, 36.0, 2.0, dtype=np.float32)
cover = [float((sim.received(tx) > 1e-9).mean()) for tx in tx_levels]
print("result:", sum(cover))
"""


@pytest.mark.parametrize("cast", ["", ", dtype=np.float32"])
def test_a_float64_attribute_in_a_methods_return_promotes_the_callers_work(
    tmp_path: Path, cast: str
) -> None:
    source = RADIO.replace(
        "np.linspace(2.0, 9.0, len(sites))", f"np.linspace(2.0, 9.0, len(sites){cast})"
    )
    report = profile(Target(script=_write(tmp_path, "radio.py", source)))
    found = _found(report)
    if cast:
        assert all(f.code != "AB410" for f in found.values()), found
        return
    assert 16 in found and found[16].code == "AB410", found
    evidence = found[16].evidence
    # (told by the line's own looks, or, where none saw it, from ``__init__``'s source)
    assert "self.gains (" in evidence and "made at line 10: self.gains = np.linspace" in evidence
    assert ".astype(np.float32)" in evidence
    # (the loop's float64 work priced on its own lines, not the method's float32 work the
    # caller's line holds)
    assert found[16].share < 0.9


TAGS = """\
import numpy as np


class TagCalibration:
    def __init__(self, angle, bias):
        c, s = np.cos(angle), np.sin(angle)
        self.R = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
        self.bias = np.asarray(bias)

    def to_body(self, sample):
        return self.R @ (sample - self.bias)


def bursts(rng, n, length):
    for _ in range(n):
        yield rng.normal(0.0, 0.05, size=(length, 3))


rng = np.random.default_rng(12)
cal = TagCalibration(0.3, [0.02, -0.01, 0.03])
odba = []
for burst in bursts(rng, 400, 250):
    body = np.stack([cal.to_body(s) for s in burst])
    odba.append(np.abs(body - body.mean(axis=0)).sum(axis=1).mean())
print("result:", sum(odba))
"""


def test_a_product_per_row_in_a_method_of_another_object_on_a_shifted_row(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "tags.py", TAGS)))
    found = _found(report)
    assert 23 in found and found[23].code == "AB105", found
    assert "with self.R" in found[23].evidence and "to_body()" in found[23].evidence


RESERVOIR = """\
import numpy as np


class Reservoir:
    def __init__(self, pump, volume):
        self.a = float(np.exp(-pump / volume))
        self.b = 1.0 - self.a

    @staticmethod
    def mixed(dosing, a, b, start):
        level = start
        for dose in dosing:
            level = a * level + b * dose
            yield level

    def trace(self, dosing, start):
        levels = self.mixed(dosing, self.a, self.b, start)
        return np.fromiter(levels, dtype=np.float64, count=dosing.size)


rng = np.random.default_rng(5)
total = 0.0
for pump in (0.1, 0.12, 0.09, 0.11):
    dosing = rng.uniform(1.0, 2.0, 150_000)
    total += Reservoir(pump, VOLUME).trace(dosing, 1.2).sum()
print("result:", total)
"""


@pytest.mark.parametrize("volume", ["400.0", "0.2"])
def test_a_linear_filter_with_a_factor_whose_powers_stay_finite_needs_no_scipy(
    tmp_path: Path, volume: str
) -> None:
    source = RESERVOIR.replace("VOLUME", volume)
    report = profile(Target(script=_write(tmp_path, "reservoir.py", source)))
    found = _found(report)
    assert 12 in found and found[12].code == "AB408", found
    evidence = found[12].evidence
    if volume == "0.2":
        # (a = exp(-0.5): its powers over 150,000 steps leave float64's range; lfilter only)
        assert "np.cumsum(u / p)" not in evidence
        assert "lfilter" in evidence
        return
    assert "p = a ** np.arange(1, n + 1); y = p * (y0 + np.cumsum(u / p))" in evidence
    assert "a = 0.99975" in evidence
    assert "taken off the saving" not in evidence


MARATHON = """\
import functools

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def pace_step(state, params, dt):
    pos, t = state
    speed, fitness = params
    speed = speed * (1.0 - 0.01 * jnp.sin(pos / 870.0)) * fitness
    return (pos + dt * speed, t + dt)


def race(params, n_steps, dt, step_fn):
    n = params[0].shape[0]
    state = (jnp.zeros(n), jnp.zeros(n))
    for _ in range(n_steps):
        state = step_fn(state, params, dt)
    return state[0]


simulate = functools.partial(race, n_steps=4000, dt=2.0, step_fn=pace_step)
finish = np.zeros(0)
for seed in range(3):
    rng = np.random.default_rng(seed)
    params = (jnp.asarray(rng.uniform(3.0, 5.0, 64)), jnp.asarray(rng.uniform(0.8, 1.0, 64)))
    finish = np.concatenate([finish, np.asarray(simulate(params))])
print("result:", float(finish.sum()))
"""


def test_a_dispatch_loop_called_from_a_loop_that_is_a_finding_keeps_its_time(
    tmp_path: Path,
) -> None:
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "marathon.py", MARATHON)))
    found = _found(report)
    assert 19 in found and found[19].code == "AB405", found


LENS = """\
import numpy as np


class Ring:
    def __init__(self, rng):
        b = np.sort(rng.uniform(0.0, 2 * np.pi, 3000))
        self.design = np.stack([np.cos(k * b) for k in range(40)], axis=1)
        self.gain = rng.uniform(0.95, 1.05, 3000)

    def read(self, rng):
        return self.gain * self.design[:, 0] + rng.normal(0.0, 0.02, 3000)


def _normal_solve(X, y):
    gram_inv = np.linalg.inv(X.T @ X)
    return gram_inv @ (X.T @ y)


def fit_profile(ring, readings):
    return _normal_solve(ring.design, readings / ring.gain)


def nightly_check(ring, rng):
    readings = ring.read(rng)
    return fit_profile(ring, readings)


rng = np.random.default_rng(3)
ring = Ring(rng)
total = 0.0
for night in range(800):
    total += nightly_check(ring, rng)[0]
print("result:", total)
"""


def test_an_inverse_of_an_attribute_only_init_sets_two_calls_below_the_loop(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "lens.py", LENS)))
    found = _found(report)
    assert 15 in found and found[15].code == "AB411", found
    # (set again by a method: no invariant)
    moved = LENS.replace(
        "        return self.gain",
        "        self.design = self.design * 1.0\n        return self.gain",
    )
    report = profile(Target(script=_write(tmp_path, "lens2.py", moved)))
    found = _found(report)
    assert not any(f.code == "AB411" for f in found.values()), found


ELEVATOR = """\
from dataclasses import dataclass, field
from functools import partial

import numpy as np


@dataclass
class Car:
    state: np.ndarray
    stops: list = field(default_factory=list)


class Dispatcher:
    def __init__(self):
        self.cars = [Car(np.array([3.6 * f, 0.0])) for f in range(12)]

    @staticmethod
    def eta(car, floor, speed):
        return float(np.abs(floor * 3.6 - car.state[0]) / speed
                     + np.sqrt(np.abs(car.state[1])) + np.sign(car.state[1]))

    def assign(self, floor):
        etas = list(map(partial(self.eta, floor=floor, speed=6.0), self.cars))
        return int(np.argmin(etas))


rng = np.random.default_rng(3)
d = Dispatcher()
total = 0
for floor in rng.integers(0, 40, size=12_000):
    total += d.assign(floor)
print("result:", total)
"""


def test_numpy_calls_on_the_items_of_another_objects_two_element_array(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "elevator.py", ELEVATOR)))
    found = _found(report)
    assert 19 in found and found[19].code == "AB412", found
    assert "car.state: numpy.ndarray float64 2" in found[19].evidence


REEF = """\
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Site:
    mmm: float
    sst: np.ndarray = field(repr=False)
    day: int = 0

    @property
    def hotspots(self):
        window = self.sst[max(0, self.day - 84) : self.day + 1]
        return np.clip(window - self.mmm, 0.0, None)

    @property
    def dhw(self):
        return sum(self.hotspots) / 7.0


class Monitor:
    def __init__(self, sites):
        self.sites = sites
        self.peak = np.zeros(len(sites))

    def observe(self, day):
        for k, site in enumerate(self.sites):
            site.day = day
            d = site.dhw
            if d > self.peak[k]:
                self.peak[k] = d


rng = np.random.default_rng(11)
sst = 27.0 + np.cumsum(rng.normal(0.0, 0.1, size=(150, 600)), axis=1)
monitor = Monitor([Site(float(s[:60].mean()), s) for s in sst])
for day in range(600):
    monitor.observe(day)
print("result:", monitor.peak.sum())
"""


def test_a_builtin_sum_of_a_window_that_grows_and_a_loop_writing_its_own_cells(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "reef.py", REEF)))
    found = _found(report)
    assert 19 in found and found[19].code == "AB409", found
    # (its window grows to 85 days: seen at the later look, not at 9 of the first days'; the
    # run lasts well past that look, a second after the third, on a fast machine too)
    assert "of 85 items" in found[19].evidence
    # (each step writes its own site's cell of self.peak: no recurrence)
    assert all(f.code != "AB406" for f in found.values()), found


WEAR = """\
import numpy as np


def accumulated(values, rate):
    total = 0.0
    for v in values:
        total += rate * v
        yield total


rng = np.random.default_rng(0)
work = rng.random(1_500_000)
wear = np.fromiter(accumulated(work, 2.5e-6), dtype=np.float64, count=len(work))
print("result:", wear.sum())
"""


def test_a_running_total_yielded_at_every_step_is_a_scan(tmp_path: Path) -> None:
    # (blind93's cutter wear: read as a reduction, AB104 "x.sum()", where the consumer takes
    # every partial total)
    report = profile(Target(script=_write(tmp_path, "wear.py", WEAR)))
    found = _found(report)
    assert 6 in found and found[6].code == "AB408", found
    assert "np.cumsum" in found[6].evidence
