"""The forms blind120 .. blind123 (benchmarks/) wrote, cut down to what made the profiler miss
them: a builtin ``sum`` over the items a mask picks (``sum(rise[rise > 0])``, blind120's
falconry climbs, "no known pattern"); a constant stiffness inverted at every step two calls
down, whose method reads ``self.k.to(device)`` (blind120's ski-lift rope: ``.to`` taken as a
change of ``k``). Never a wall-clock assertion."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.purity import set_after_init
from arraybench.advise.read.source import SourceFile
from arraybench.advise.rules.patterns.invariant_inputs import kept_methods
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

CLIMBS = """\
import numpy as np


class TrackStats:
    @staticmethod
    def total_climb(alt):
        rise = np.diff(alt)
        return sum(rise[rise > 0])


rng = np.random.default_rng(0)
flights = [np.cumsum(rng.normal(0.02, 0.25, size=6000)) for _ in range(60)]
climbs = [TrackStats.total_climb(alt) for alt in flights]
print("result:", float(np.sum(climbs)))
"""


def test_a_builtin_sum_over_the_items_a_mask_picks(tmp_path: Path) -> None:
    report = profile(Target(script=_write(tmp_path, "climbs.py", CLIMBS)))
    f = _found(report).get(8)
    assert f is not None and f.code == "AB409", _found(report)
    assert "sum() over a numpy.ndarray float64 of up to 5,999 items" in f.evidence
    assert "rise[rise > 0].sum()" in f.evidence


ROPE = """\
import torch

device = "cpu"


class Rope:
    def __init__(self, n):
        self.k = torch.eye(n, dtype=torch.float64) * 2.0
        self.k[0, 0] += 1.0

    def stiffness(self):
        return self.k.to(device)


class Solver:
    def __init__(self, rope):
        self.rope = rope

    def compliance(self):
        return torch.linalg.inv(self.rope.stiffness())
"""


def test_a_library_method_making_a_new_value_of_an_attribute_changes_nothing() -> None:
    tree = ast.parse(ROPE)
    sf = SourceFile("rope.py", ROPE.splitlines(), tree)
    # (``self.k.to(device)`` is a new tensor, ``self.k`` as it was: the method gives the
    # same stiffness at every call, and the solver's rope is not changed by calling it)
    assert kept_methods(tree) == {"Rope": frozenset({"stiffness"})}
    assert not set_after_init(sf, "k")
    assert not set_after_init(sf, "rope")


def test_numpy_data_cast_on_its_way_in_is_no_float64_conversion() -> None:
    # (blind122's street grid: ``torch.from_numpy(rng.uniform(...).astype(np.float32))`` was
    # told to make float64 tensors, 27% of the run, the float64 that reached the loop being
    # another conversion's; that one stays a candidate)
    from arraybench.advise.rules.patterns.float64_from_numpy import _conversions

    tree = ast.parse(
        "t = torch.from_numpy(rng.uniform(0.5, 2.0, n).astype(np.float32))\n"
        "u = torch.as_tensor(np.asarray(x, dtype=np.float32))\n"
        "v = torch.from_numpy(np.float32(x))\n"
        "e = torch.from_numpy(rng.uniform(0.0, 1.5, n))\n"
        "w = torch.from_numpy(x.astype(np.float64))\n"
    )
    assert sorted(_conversions(tree)) == [4, 5]


def test_a_lines_builtins_take_no_place_of_its_recorded_names(tmp_path: Path) -> None:
    # (blind121's lacrosse replay: ``list``, ``map`` and ``partial``'s line held eight names
    # before ``states``, the rows the model is mapped over, which was never recorded)
    from arraybench.advise.run.sampler import FACT_NAMES, _LineNames

    p = tmp_path / "replay.py"
    p.write_text(
        "from functools import partial\n"
        "def replay(model, games, device, state_prob, torch):\n"
        "    for states in games:\n"
        "        probs = torch.stack(list(map(partial(state_prob, model), states.to(device))))\n"
    )
    names = _LineNames()(str(p), 4)
    assert "states" in names and len(names) <= FACT_NAMES + 3, names
    assert "list" not in names and "map" not in names


DYES = """\
import numpy as np


class Matcher:
    def __init__(self, basis, ridge=1e-3):
        self.basis = basis
        self.ridge = ridge

    @property
    def projector(self):
        B = self.basis
        return np.linalg.inv(B.T @ B + self.ridge * np.eye(B.shape[1])) @ B.T

    def match(self, swatch):
        return self.projector @ swatch


rng = np.random.default_rng(0)
matcher = Matcher(rng.random((300, 80)))
swatches = rng.random((1500, 300))
recipes = list(map(matcher.match, swatches))
print("result:", float(np.sum(recipes)))
"""


def test_an_inverse_in_a_property_read_by_a_method_mapped_over_items(tmp_path: Path) -> None:
    # (blind123's dye house: ``list(map(matcher.match, swatches))`` at module level, the
    # inverse in the ``projector`` property ``match`` reads, 74% of the run: "no known
    # pattern", the map being no loop the file names)
    report = profile(Target(script=_write(tmp_path, "dyes.py", DYES)))
    f = _found(report).get(12)
    assert f is not None and f.code == "AB411", _found(report)
    assert "the loop at line 21 never changes" in f.evidence


def test_map_runs_the_function_it_is_given_once_per_item() -> None:
    from arraybench.advise.read.calls import calls_of, mapped_by
    from arraybench.advise.rules.patterns.changes import map_loop

    text = (
        "from functools import partial\n"
        "def score(model, row): return row\n"
        "class M:\n"
        "    def fit(self, x): return x\n"
        "m = M()\n"
        "a = list(map(m.fit, rows))\n"
        "b = list(map(partial(score, model), rows))\n"
        "c = list(map(len, rows))\n"
    )
    sf = SourceFile("m.py", text.splitlines(), ast.parse(text))
    (fit,) = calls_of(sf, "fit", True)
    (sc,) = calls_of(sf, "score")
    m = mapped_by(fit)
    assert m is not None and fit.lineno == 6 and fit.args == []
    assert mapped_by(sc) is not None and sc.lineno == 7
    # (the partial's bound model is passed; each row is a new item, passed as nothing)
    assert [ast.unparse(x) for x in sc.args] == ["model"]
    lp = map_loop(m)
    assert (lp.line, lp.comprehension, ast.unparse(lp.over)) == (6, True, "rows")


def test_a_hook_runs_where_its_module_is_called() -> None:
    # (blind121's paper-mill: ``calibrate`` registered as a forward pre-hook by a helper given
    # the module, the module called per reel in ``main``: the way from the hook to that loop)
    from arraybench.advise.read.calls import calls_of

    text = (
        "def attach(section, gains):\n"
        "    def calibrate(module, inputs):\n"
        "        return (inputs[0] * gains,)\n"
        "    return section.register_forward_pre_hook(calibrate)\n"
        "def log(module, inputs, out):\n"
        "    print(out)\n"
        "def main(section, reels):\n"
        "    attach(section, 2.0)\n"
        "    for r in reels:\n"
        "        section(r)\n"
        "model.register_forward_hook(log)\n"
        "for x in xs:\n"
        "    model(x)\n"
    )
    sf = SourceFile("h.py", text.splitlines(), ast.parse(text))
    assert [c.lineno for c in calls_of(sf, "calibrate")] == [10]
    assert [c.lineno for c in calls_of(sf, "log")] == [13]


def test_an_invariant_part_that_is_a_builtin_reduction_says_so() -> None:
    # (blind122's quarry: AB411 of ``return sum(self.density * self.volume)`` in a property
    # read per cut told to keep the value; the builtin ``sum`` over 24,000 items, whose
    # ``.sum()`` alone saves most of it, went unsaid)
    from arraybench.advise.rules.patterns.builtin_reduction import builtin_note
    from arraybench.advise.run.values import ARRAY, Fact

    arr = Fact(kind=ARRAY, type="numpy.ndarray", dtype="float64", shape=(24000,))
    part = ast.parse("sum(self.density * self.volume)", mode="eval").body
    note = builtin_note([part], {"self.density": arr})
    assert "`(self.density * self.volume).sum()`" in note and "Python's builtin" in note
    # (over a Python list, or a generator, it is no array's)
    assert builtin_note([part], {}) == ""
    gen = ast.parse("max(x for x in xs)", mode="eval").body
    assert builtin_note([gen], {"xs": arr}) == ""


HYDRANTS = """\
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 48), nn.SiLU(), nn.Linear(48, 48), nn.SiLU(), nn.Linear(48, 1))
model.eval()


def make_predictor(model, scale):
    def predict_one(features):
        return model(features.unsqueeze(0) * scale)[0]
    return predict_one


def survey(predict, hydrants):
    return torch.stack([predict(h) for h in hydrants])


total = 0.0
with torch.no_grad():
    for k in range(3):
        scale = torch.tensor([1.0, 1.0, 1.0 + 0.05 * k, 1.0, 1.0, 1.0])
        total += float(survey(make_predictor(model, scale), torch.rand(3000, 6)).sum())
print("result:", total)
"""


def test_a_model_called_per_row_through_a_closure_a_helper_made(tmp_path: Path) -> None:
    # (blind127's hydrant survey: ``[predict(h) for h in hydrants]``, ``predict`` the closure
    # ``make_predictor`` returns, calling ``model(features.unsqueeze(0) * scale)``: told AB103,
    # "a scalar function applied element by element", at 16% for a 28% saving)
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "hydrants.py", HYDRANTS)))
    f = _found(report).get(16)
    assert f is not None and f.code == "AB106", _found(report)
    assert "model(features.unsqueeze(0) * scale) is a batch of one" in f.evidence


WINERY = """\
import torch


def make_cooling(n, setpoint):
    gains = torch.linspace(0.05, 0.2, n, dtype=torch.float64)

    def cooling(temp):
        return gains.to(temp.device) * (temp - setpoint)

    return cooling


def run(hooks, n, gen):
    temp = 18.0 + torch.rand(n, generator=gen)
    sugar = 200.0 + torch.rand(n, generator=gen)
    for hour in range(150):
        used = 0.01 * sugar * torch.exp(0.06 * (temp - 20.0))
        sugar = (sugar - used).clamp(min=0.0)
        temp = temp + (0.04 * used - hooks["cooling"](temp))
    return sugar, temp


gen = torch.Generator().manual_seed(0)
n = 500_000
sugar, temp = run({"cooling": make_cooling(n, 16.0)}, n, gen)
print("result:", float(sugar.mean()) + float(temp.mean()))
"""


def test_a_float64_closure_kept_in_a_dict_promoting_the_loops_state(tmp_path: Path) -> None:
    # (blind124's winery: ``hooks["cooling"](temp)``, the closure returning ``gains * (temp -
    # setpoint)`` with float64 gains from ``np.linspace``: every look at ``temp`` there came
    # after the first hour, float64, and no call of ``cooling`` is named: "no known pattern")
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "winery.py", WINERY)))
    f = _found(report).get(8)
    assert f is not None and f.code == "AB410", _found(report)
    assert "temp (torch.Tensor float32 500000 on cpu) with gains" in f.evidence


HEADSPACE = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Formula:
    parts: np.ndarray
    volatility: np.ndarray

    @property
    def headspace(self):
        return self.parts * self.volatility

    @property
    def peak(self):
        return max(self.headspace)


rng = np.random.default_rng(0)
formulas = [Formula(rng.random(400), rng.random(400)) for _ in range(40)]
total = 0.0
for rnd in range(150):
    for f in formulas:
        total += f.peak
print("result:", total)
"""


def test_a_builtin_max_over_a_property_whose_getter_is_never_looked_at(tmp_path: Path) -> None:
    # (blind126's perfume ``max(self.headspace)``, blind125's courier ``sum(self.legs_km)``: the
    # property's value never seen, its getter's one fast line never looked at: "no known
    # pattern: the time is in the line's own Python code", 27-69% of the run)
    from arraybench.advise.run.checks import indirect_reads

    assert indirect_reads(ast.parse(HEADSPACE)) == {17: ["self.parts", "self.volatility"]}
    report = profile(Target(script=_write(tmp_path, "headspace.py", HEADSPACE)))
    f = _found(report).get(17)
    assert f is not None and f.code == "AB409", _found(report)
    assert "max() over a numpy.ndarray float64 of 400 items" in f.evidence


CANAL = """\
from functools import partial

import numpy as np
import torch


def relax(level, damping, diffusion):
    left = torch.roll(level, 1, dims=1)
    level = level + diffusion * (left - level)
    return level * damping


def simulate(level, step_fn):
    for t in range(250):
        level = step_fn(level)
        level = torch.clamp(level, max=1.3)
    return level


level = 1.0 + 0.05 * torch.rand(800, 1000)
damping = torch.from_numpy(np.linspace(0.9995, 0.998, 1000))
step_fn = partial(relax, damping=damping, diffusion=0.2)
print("result:", float(simulate(level, step_fn).sum()))
"""


def test_a_float64_conversion_given_to_a_partial_is_told_once(tmp_path: Path) -> None:
    # (blind126's canal reach: AB401 at the conversion, 52%, and AB410 at ``return level *
    # damping`` in the partial's function, 46%, one float64 work told twice, 98% of the run)
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "canal.py", CANAL)))
    found = _found(report)
    f = found.get(10)
    assert f is not None and f.code in ("AB401", "AB410"), found
    assert 21 not in found, found
