"""The forms blind96 .. blind99 (benchmarks/) wrote, cut down to what made the profiler miss or
misname them: a closure's product mapped over rows taken by an index, inside a loop the run
called an element loop (blind96's chess engine); an inverse a function returns, three calls
below the loop, of a frozen dataclass's method (blind97's satellite scene); a matrix made from
``n = temps.shape[0]`` of a carried state and inverted at every step (blind98's print cooling);
NumPy calls on one number in a lambda an object holds (blind97's dimmer law); a jit made inside
a method called per item (blind97's stage beams, blind99's violin bracing); a jitted fit compiled
for each of four log lengths, most of the run (blind99's rack fits). Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

CHESS = """\
import numpy as np


class Evaluator:
    def __init__(self, weights):
        self.weights = weights

    def scorer(self):
        mixed = self.weights.astype(np.float32)
        return lambda row: float(row @ mixed)


rng = np.random.default_rng(5)
bank = (rng.random((20_000, 384)) < 0.06).astype(np.float32)
score = Evaluator(rng.normal(0.0, 0.1, 384)).scorer()
total = 0.0
for node in range(3_000):
    children = rng.integers(0, len(bank), size=40)
    values = np.fromiter(map(score, bank[children]), np.float64, len(children))
    total += float(values.max())
print("result:", total)
"""


def test_a_closures_product_mapped_over_indexed_rows_inside_an_element_loop(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "chess.py", CHESS)))
    found = _found(report)
    assert 19 in found and found[19].code == "AB105", found
    assert "bank[children] @ mixed" in found[19].evidence
    # (the loop's finding gives way to the map's; no float64 promotion of the 40 scores)
    assert 17 not in found and all(f.code != "AB410" for f in found.values()), found


SCENE = """\
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Sensor:
    cols: int
    smoothing: float

    def second_difference(self):
        n = self.cols
        d = np.zeros((n - 2, n))
        i = np.arange(n - 2)
        d[i, i], d[i, i + 1], d[i, i + 2] = 1.0, -2.0, 1.0
        return d


def destripe_operator(sensor):
    d = sensor.second_difference()
    return np.linalg.inv(np.eye(sensor.cols) + sensor.smoothing * (d.T @ d))


def column_profile(tile, sensor):
    return destripe_operator(sensor) @ tile.mean(axis=0)


def destripe(tile, sensor):
    return tile - column_profile(tile, sensor)[None, :]


rng = np.random.default_rng(1)
sensor = Sensor(200, 4.0)
total = 0.0
for t in range(120):
    tile = rng.normal(0.0, 1.0, (64, 200))
    total += sum(destripe(tile[b::4], sensor).sum() for b in range(4))
print("result:", total)
"""


def test_an_inverse_returned_three_calls_below_the_loop_of_a_frozen_objects_method(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "scene.py", SCENE)))
    found = _found(report)
    assert 21 in found and found[21].code == "AB411", found


THERMAL = """\
import numpy as np


def conduction_matrix(n, r):
    a = np.eye(n) * (1.0 + 2.0 * r)
    a += np.diag(np.full(n - 1, -r), 1) + np.diag(np.full(n - 1, -r), -1)
    return a


def implicit_step(temps, r):
    n = temps.shape[0]
    inv = np.linalg.inv(conduction_matrix(n, r))
    return inv @ temps


def cool(temps, r, steps):
    for _ in range(steps):
        temps = implicit_step(temps, r)
    return temps


total = 0.0
for layer in range(300):
    total += cool(np.linspace(200.0, 35.0, 120), 0.4, 12).sum()
print("result:", total)
"""


def test_a_matrix_made_from_the_shape_of_a_carried_state_is_made_once(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "thermal.py", THERMAL)))
    found = _found(report)
    assert 12 in found and found[12].code == "AB411", found
    assert "its shape alone read" in found[12].evidence


DIMMER = """\
import numpy as np


class DimmerLaw:
    def __init__(self, gamma):
        self.gamma = gamma
        self.curve = lambda level: float(np.clip(np.power(level, self.gamma), 0.0, 1.0))


law = DimmerLaw(2.2)
rng = np.random.default_rng(0)
total = 0.0
for frame in range(2_000):
    levels = rng.random(48)
    total += sum(map(law.curve, levels))
print("result:", total)
"""


def test_numpy_calls_on_one_number_in_a_lambda_an_object_holds(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "dimmer.py", DIMMER)))
    found = _found(report)
    assert 7 in found and found[7].code == "AB412", found


BEAMS = """\
import functools

import jax
import jax.numpy as jnp


def field(x, spread):
    return jnp.exp(-(x ** 2) / spread).sum()


class Rig:
    def render(self, spread, x):
        render_fn = jax.jit(functools.partial(field, spread=spread))
        return render_fn(x)


rig = Rig()
x = jnp.linspace(-1.0, 1.0, 1000)
print("result:", sum(float(rig.render(0.1 + 0.01 * k, x)) for k in range(12)))
"""


def test_a_jit_made_anew_in_a_method_called_per_item_is_found_where_it_is_made(
    tmp_path: Path,
) -> None:
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "beams.py", BEAMS)))
    found = _found(report)
    assert 13 in found and found[13].code == "AB403", found
    assert "jitted anew at line 13" in found[13].evidence


RACKS = """\
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def thermal_fit(inlet, power):
    t = jnp.linspace(0.0, 1.0, inlet.shape[0])
    pc, tc, yc = power - power.mean(), t - t.mean(), inlet - inlet.mean()
    spp, stt, spt = (pc * pc).sum(), (tc * tc).sum(), (pc * tc).sum()
    spy, sty = (pc * yc).sum(), (tc * yc).sum()
    det = spp * stt - spt * spt
    r_th = (stt * spy - spt * sty) / det
    drift = (spp * sty - spt * spy) / det
    resid = inlet - (r_th * power + drift * t)
    return jnp.stack([r_th, drift]), jnp.sqrt(jnp.mean(resid**2))


rng = np.random.default_rng(21)
total = 0.0
for n in (1253, 1764, 2344, 3299):
    power = rng.random(n).astype(np.float32)
    inlet = (18.0 + power + rng.normal(0, 0.3, n)).astype(np.float32)
    theta, rms = thermal_fit(jnp.asarray(inlet), jnp.asarray(power))
    total += float(rms)
print("result:", total)
"""


def test_a_jitted_fit_compiled_for_each_of_four_lengths_most_of_the_run(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "racks.py", RACKS)))
    found = _found(report)
    assert 24 in found and found[24].code == "AB404", found


PERMAFROST = """\
from dataclasses import dataclass, field

import numpy as np


@dataclass
class SoilColumn:
    n: int
    r: float
    system: np.ndarray = field(init=False, repr=False)

    def __post_init__(self):
        self.system = np.eye(self.n) * (1.0 + 2.0 * self.r) - self.r * np.eye(self.n, k=1)

    def advance(self, temps, surface):
        rhs = temps.copy()
        rhs[0] = surface
        return np.linalg.solve(self.system, rhs)


rng = np.random.default_rng(0)
column = SoilColumn(240, 0.3)
temps = rng.normal(0.0, 1.0, 240)
day = 0
while day < 1_200:
    temps = column.advance(temps, np.cos(day / 58.0))
    day += 1
print("result:", temps.sum())
"""


def test_a_solve_of_a_matrix_a_dataclass_makes_in_post_init(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "permafrost.py", PERMAFROST)))
    found = _found(report)
    assert 18 in found and found[18].code == "AB407", found


RACKS_HEAT = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Hall:
    surface_k: np.ndarray

    @property
    def radiative_w(self):
        return 5.67e-8 * 0.02 * (self.surface_k**4 - 295.0**4)


rng = np.random.default_rng(3)
hall = Hall(300.0 + rng.normal(0.0, 2.0, 20_000))
total = 0.0
for step in range(3_000):
    q = hall.radiative_w
    hall.surface_k += 1e-4 * (50.0 - q)
    total += float(hall.surface_k.mean()) + float(q[:10].sum())
print("result:", total)
"""


def test_an_integer_power_in_a_getters_return_is_priced_by_its_runs(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "heat.py", RACKS_HEAT)))
    found = _found(report)
    assert 12 in found and found[12].code == "AB418", found


EXTRUDER = """\
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Extruder:
    dt: float = 0.01

    def __post_init__(self):
        self._step = jax.jit(self.step)

    def step(self, state, feed):
        pressure, flow = state
        pressure = pressure + self.dt * 3.0 * (feed - flow)
        flow = flow + self.dt * (pressure / 2.0 - flow)
        return jnp.stack([pressure, flow])

    def run(self, feed, state):
        out = np.empty(feed.shape[0], dtype=np.float32)
        i = 0
        while i < feed.shape[0]:
            state = self._step(state, feed[i])
            out[i] = state[1]
            i += 1
        return out


feed = np.random.default_rng(21).uniform(20.0, 80.0, 6_000).astype(np.float32)
print("result:", float(Extruder().run(feed, jnp.zeros(2)).sum()))
"""


def test_a_while_loop_of_a_jitted_step_held_by_the_object_is_a_dispatch_loop(
    tmp_path: Path,
) -> None:
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "extruder.py", EXTRUDER)))
    found = _found(report)
    assert 24 in found and found[24].code == "AB405", found
    assert found[24] in report.findings  # (listed: its steps are dispatches)
