"""The forms blind124 .. blind131 (benchmarks/) wrote, cut down to what made the profiler miss
them or tell them wrong: a builtin ``sum`` over a property times an array, beside another
class's field of the same name as a property (blind128's tea blends, told "cache the property"
of objects made new at every read); an inverse two calls down through the object's own
attribute passed on (blind131's press); a model called per item on each item's attribute
(blind130's bus depot) or by a closure (blind129's fish farm) through ``map``; a copy's time
landed on the return after it (the copies test's double count). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

TEA = """\
from dataclasses import dataclass

import numpy as np

rng = np.random.default_rng(0)
PROFILE = rng.gamma(2.0, 1.0, size=(12, 1500))
TANNIN = rng.uniform(0.0, 1.0, size=1500)


@dataclass
class Blend:
    fractions: np.ndarray

    @property
    def extract(self):
        return self.fractions @ PROFILE

    @property
    def astringency(self):
        return sum(self.extract * TANNIN) / 1500


@dataclass
class Target:
    astringency: float

    def distance(self, blend):
        return (blend.astringency - self.astringency) ** 2


target = Target(0.3)
best = 1e9
for r in range(3000):
    cand = Blend(rng.dirichlet(np.ones(12)))
    best = min(best, target.distance(cand))
print("result:", best)
"""


def test_a_builtin_sum_over_a_property_and_a_field_named_as_another_classs_property(
    tmp_path: Path,
) -> None:
    report = profile(Target(script=_write(tmp_path, "tea.py", TEA)))
    found = _found(report)
    f = found.get(20)
    assert f is not None and f.code == "AB409", found
    assert "sum() over a numpy.ndarray float64 of 1,500 items" in f.evidence
    # (``self.astringency`` of the Target is its own field, no read of Blend's property; and
    # each candidate is a new Blend read once: nothing to cache)
    assert not any("cached_property" in g.evidence for g in found.values()), found


PRESS = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Profile:
    spectra: np.ndarray
    ridge: float = 1e-3


def films(profile, readings):
    A = profile.spectra
    gram_inv = np.linalg.inv(A.T @ A + profile.ridge * np.eye(A.shape[1]))
    return readings @ A @ gram_inv


class Controller:
    def __init__(self, profile):
        self.profile = profile
        self.keys = np.zeros(120)

    def estimate(self, readings):
        return films(self.profile, readings)

    def on_sheet(self, readings):
        self.keys += 0.1 * self.estimate(readings).mean(axis=0)
        return float(self.keys.sum())


rng = np.random.default_rng(0)
controller = Controller(Profile(rng.standard_normal((240, 120))))
total = 0.0
for sheet in range(1500):
    total += controller.on_sheet(rng.standard_normal((16, 240)))
print("result:", total)
"""


def test_an_inverse_two_calls_down_of_the_objects_attribute_passed_on(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "press.py", PRESS)))
    f = _found(report).get(14)
    assert f is not None and f.code == "AB411", _found(report)
    assert "the loop at line 34" in f.evidence


DEPOT = """\
from dataclasses import dataclass

import torch

torch.manual_seed(0)


@dataclass
class Bus:
    features: torch.Tensor


model = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.Tanh(), torch.nn.Linear(64, 1))
fleet = [Bus(torch.rand(8)) for _ in range(400)]


def per_fish(model):
    def predict(feats):
        return torch.stack(list(map(lambda f: model(f), feats)))
    return predict


total = 0.0
predict = per_fish(model)
with torch.no_grad():
    for night in range(25):
        preds = list(map(lambda bus: model(bus.features), fleet))
        total += float(torch.stack(preds).sum())
        total += float(predict(torch.rand(400, 8)).sum())
print("result:", total)
"""


def test_a_model_mapped_over_items_attributes_and_by_a_closure(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "depot.py", DEPOT)))
    found = _found(report)
    bus = found.get(27)
    assert bus is not None and bus.code == "AB106", found
    assert "bus.features for bus in fleet" in bus.evidence
    fish = found.get(19)
    assert fish is not None and fish.code == "AB106", found


def test_a_class_that_binds_a_name_itself_does_not_read_anothers_property() -> None:
    import ast

    from arraybench.advise.rules.patterns.invariant_getters import _names_attribute

    tree = ast.parse(
        "class Target:\n    astringency: float\n"
        "class Gauge:\n    def __init__(self):\n        self.level = 0.0\n"
        "class Sub(Blend):\n    def other(self):\n        return self.extract\n"
    )
    target, gauge, sub = (n for n in tree.body if isinstance(n, ast.ClassDef))
    assert _names_attribute(target, "astringency") and _names_attribute(gauge, "level")
    # (a subclass that binds no ``extract`` of its own reads the property it inherits)
    assert not _names_attribute(sub, "extract")
