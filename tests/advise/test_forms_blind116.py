"""The forms blind116 .. blind119 (benchmarks/) wrote, cut down to what made the profiler miss
them or say something wrong: an inverse of a matrix that a line before it makes by a method of
an object the object holds (``self.layout.wake_matrix()``), in a property read per step
(blind117's wind farm: the chain told on the inverse, the method's own lines with it); a
builtin ``sum`` in the ``key=`` lambda of ``max`` over 28 shelves (blind118's cheese cave, priced
at one sum a run); a method called on each object of a loop, whose statements were told "the
same inputs" at every call (blind116's glacier stakes); and a loop whose steps run a melt
model on 600 stakes, told to step on Python floats (blind116's glacier, the frozen program); a
model mapped over the rows by ``lambda o: self.policy(o)``, each row with no batch axis
(blind116's drone gates, its time on the model's forward). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"

WIND = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Layout:
    xy: np.ndarray
    decay: float = 0.075

    def wake_matrix(self):
        d = self.xy[:, None, :] - self.xy[None, :, :]
        dist = np.sqrt((d**2).sum(-1)) + np.eye(len(self.xy))
        w = np.exp(-self.decay * dist) / dist
        return w / (1.5 * w.sum(axis=1, keepdims=True).max())


@dataclass
class Farm:
    layout: Layout
    health: np.ndarray

    @property
    def n(self):
        return len(self.health)

    @property
    def influence(self):
        coupling = np.eye(self.n) - self.layout.wake_matrix()
        return np.linalg.inv(coupling)

    def power(self, wind):
        return (self.influence @ wind) * self.health


rng = np.random.default_rng(0)
farm = Farm(Layout(rng.uniform(0, 15, (160, 2))), np.ones(160))
total = 0.0
day = 0
while day < 300:
    produced = farm.power(rng.weibull(2.2, size=farm.n))
    farm.health -= 0.001 * produced
    total += produced.sum()
    day += 1
print("result:", total)
"""


def test_an_inverse_after_a_method_of_a_held_object_is_one_finding_on_the_inverse(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "wind.py", WIND)))
    found = {ln: f for ln, f in _found(report).items() if f.code == "AB411"}
    f = found.get(30)
    assert f is not None  # (it was told on the method's line 13, the inverse not found)
    assert "line 29, which makes its input coupling, is as invariant" in f.evidence
    assert "in wake_matrix(), which only line 29 calls" in f.evidence
    assert set(found) == {30}


CAVE = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Shelf:
    ripeness: np.ndarray

    def sell(self, n):
        order = np.argsort(self.ripeness)[-n:]
        self.ripeness[order] = 0.0


@dataclass
class Cave:
    shelves: list

    def ripest_shelf(self):
        return max(self.shelves, key=lambda shelf: sum(shelf.ripeness))


rng = np.random.default_rng(0)
cave = Cave([Shelf(rng.uniform(0, 30, 240)) for _ in range(28)])
for day in range(40):
    for shelf in cave.shelves:
        shelf.ripeness += 0.1
    for _ in range(20):
        cave.ripest_shelf().sell(2)
print("result:", sum(float(s.ripeness.sum()) for s in cave.shelves))
"""


def test_a_builtin_in_a_key_lambda_runs_once_an_item(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "cave.py", CAVE)))
    f = _found(report).get(20)
    assert f is not None and f.code == "AB409"
    assert "its key lambda runs 22,400 times" in f.evidence  # (40 x 20 runs, 28 shelves)
    assert f.share > 0.3  # (it was priced at one sum a run: 6.9%)


STAKES = """\
from dataclasses import dataclass, field

import numpy as np


@dataclass
class StakeLine:
    elevation: np.ndarray
    snow: np.ndarray = field(default=None)
    lowering: np.ndarray = field(default=None)

    def __post_init__(self):
        self.snow = np.full_like(self.elevation, 0.4)
        self.lowering = np.zeros_like(self.elevation)

    def melt_day(self, t, precip):
        temp = t - 6.5e-3 * (self.elevation - 2600.0)
        pdd = np.maximum(temp, 0.0)
        self.snow += np.where(temp < 1.0, precip, 0.0)
        snow_melt = np.minimum(self.snow, 3.2e-3 * pdd)
        self.snow -= snow_melt
        ice_melt = np.where(self.snow <= 0.0, 7.5e-3 * pdd, 0.0)
        self.lowering += snow_melt * 0.35 + ice_melt


rng = np.random.default_rng(0)
lines = [StakeLine(np.sort(2300.0 + rng.uniform(0, 900, 600))) for _ in range(24)]
balance = np.zeros(len(lines))
temps = 6.0 * np.sin(np.linspace(0, np.pi, 150)) + rng.normal(0, 2.5, 150)
for season in range(6):
    for line in lines:
        line.lowering[:] = 0.0
    for day in range(150):
        for j, line in enumerate(lines):
            line.melt_day(temps[day], 0.003)
            balance[j] += line.lowering.sum() * 1e-3
print("result:", balance.sum())
"""


def test_a_method_of_each_object_of_a_loop_is_not_the_same_inputs(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "stakes.py", STAKES)))
    # (``pdd = np.maximum(temp, 0.0)`` of each stake line's own elevations: it was AB411,
    # "the same inputs every time", for a value that changes with the line and the day)
    assert 18 not in _found(report)


def test_a_recurrence_whose_steps_run_a_model_on_blocks_is_not_told_floats() -> None:
    program = BENCH / "blind116" / "programs" / "np_glacier_stakes.py"
    if not program.exists():
        pytest.skip("the blind set is not in this checkout")
    report = profile(Target(script=program))
    found = _found(report)
    assert 73 not in found  # (it was AB406 at 100%, "would save 53%" on Python floats)
    f = found.get(35)
    assert f is not None and f.code == "AB409"


DRONES = """\
import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(9, 48), nn.Tanh(), nn.Linear(48, 3))

    def forward(self, obs):
        return torch.tanh(self.body(obs))


class Race:
    def __init__(self, policy, n_steps):
        self.policy = policy
        self.n_steps = n_steps

    def fly(self, obs):
        total = 0.0
        for t in range(self.n_steps):
            with torch.no_grad():
                commands = torch.stack(list(map(lambda o: self.policy(o), obs)))
            obs = obs + 0.01 * commands.sum()
            total += float(commands.sum())
        return total


torch.manual_seed(0)
print("result:", Race(Policy(), 150).fly(torch.randn(32, 9)))
"""


def test_a_model_mapped_over_rows_by_a_lambda_of_the_row_itself(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "drones.py", DRONES)))
    f = _found(report).get(23)
    assert f is not None and f.code == "AB106"  # (it was "no known pattern")
    assert "calls the model self.policy once per row of obs" in f.evidence


def test_a_max_plus_step_is_a_scan() -> None:
    # (blind118's tram departures, ``t = max(planned, t + run)``: told AB101, a whole-array
    # rewrite; ``np.maximum.accumulate(planned - C) + C`` with ``C = np.cumsum(run)`` is it)
    import ast

    from arraybench.advise.read.recurrence import scan_of

    loop = ast.parse("for p, r in zip(x, d):\n    t = max(p, t + r)\n    out.append(t)\n")
    body = loop.body[0].body  # type: ignore[attr-defined]
    assert scan_of(body).startswith("np.maximum.accumulate(x - C) + C")
    loop = ast.parse("for p, r in zip(x, d):\n    t = min(t + r, p)\n    out.append(t)\n")
    assert scan_of(loop.body[0].body).startswith("np.minimum.accumulate")  # type: ignore[attr-defined]
    # (a product inside is no such step)
    loop = ast.parse("for p, r in zip(x, d):\n    t = max(p, t * r)\n    out.append(t)\n")
    assert scan_of(loop.body[0].body) == ""  # type: ignore[attr-defined]
