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


PLUMES = """\
from dataclasses import dataclass, field

import numpy as np
import torch
import torch.nn.functional as F


def deposition(n):
    rng = np.random.default_rng(5)
    return np.exp(-0.004 * (1.0 + 0.3 * np.tanh(rng.standard_normal((n, n)))))


@dataclass
class Config:
    steps: int = 150
    emission: float = 0.8
    retention: torch.Tensor = field(default_factory=lambda: torch.tensor(deposition(96)))


class Plume:
    def __init__(self, cfg, sources):
        self.cfg = cfg
        self.sources = sources
        k = torch.tensor([[1, 4, 6, 4, 1]], dtype=torch.float32)
        self.kernel = ((k.T @ k) / 256.0).reshape(1, 1, 5, 5)
        self.retention = cfg.retention

    def step(self, conc):
        conc = torch.roll(conc, shifts=(1, 2), dims=(2, 3))
        conc = F.conv2d(conc, self.kernel.to(conc.dtype), padding=2)
        return conc * self.retention + self.cfg.emission * self.sources

    def forecast(self):
        conc = torch.zeros_like(self.sources)
        for t in range(self.cfg.steps):
            conc = self.step(conc)
        return conc


torch.manual_seed(0)
model = Plume(Config(), torch.rand(6, 1, 96, 96))
print("result:", float(model.forecast().sum()))
"""


def test_a_methods_last_line_of_operators_sees_the_objects_float64_attribute(
    tmp_path: Path,
) -> None:
    # (blind118's smoke plumes: the method's last line, operators only, is never looked at,
    # and ``self.retention``, a float64 tensor from a dataclass's default, was never seen:
    # "no known pattern", the float64 work landing on the convolution a line above)
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "plumes.py", PLUMES)))
    f = _found(report).get(31)
    assert f is not None and f.code == "AB410", _found(report)
    assert "self.retention (torch.Tensor float64 96x96" in f.evidence


CLUBS = """\
import torch
import torch.nn as nn


class Outcome(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1)


class League:
    def __init__(self, rating, on_game):
        self.rating = rating
        self.on_game = on_game

    def play_round(self):
        order = torch.argsort(self.rating, descending=True)
        white, black = order[0::2], order[1::2]
        expected = torch.stack([self.on_game(w, b) for w, b in zip(white.tolist(), black.tolist())])
        self.rating[white] += 8.0 * (0.5 - expected)
        self.rating[black] -= 8.0 * (0.5 - expected)
        return expected


def main():
    torch.manual_seed(3)
    rating = 1200.0 + 600.0 * torch.rand(400)
    model = Outcome().eval()

    @torch.no_grad()
    def predict(w, b):
        r = rating[torch.tensor([w, b])] / 1000.0
        x = torch.stack([r[0], r[1], r[0] - r[1], torch.ones(())])[None]
        return model(x)[0]

    league = League(rating, on_game=predict)
    total = 0.0
    for _ in range(12):
        total += float(league.play_round().sum())
    print("result:", total)


main()
"""


def test_a_model_called_on_one_game_by_a_callback_the_object_holds(tmp_path: Path) -> None:
    # (blind117's chess clubs: ``self.on_game(w, b)`` per pairing, a no_grad closure that
    # builds one game's features and calls the model on a batch of one; the file names no
    # call from the comprehension to it, and the run's stacks do. It was an AB201 on the
    # ``.tolist()`` of the comprehension's iterable, run once a round, and the model's time
    # shown nowhere)
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "clubs.py", CLUBS)))
    found = _found(report)
    f = found.get(22)
    assert f is not None and f.code == "AB106", found
    assert "model(x) is a batch of one (torch.Tensor float32 1x4" in f.evidence
    assert "reached through the calls of line 22" in f.evidence
