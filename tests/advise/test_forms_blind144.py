"""Forms from blind144-147 (first contact, 2026-12-01) that the advisor missed or mispriced:
a draw in a generator's ``yield`` priced at its cost in the run; a model called on each row
through a ``functools.partial`` that standardises the row first, or through the closure a
function of the file returns."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.bind import module_namespaces
from arraybench.advise.read.source import read_source
from arraybench.advise.rules.patterns import draw_prices, scalar_draws
from arraybench.advise.rules.patterns.expressions import as_names
from arraybench.advise.run.evaluate import expression_time
from arraybench.advise.run.launch import Target
from arraybench.advise.run.values import Fact

from .snippets import found as _found
from .snippets import write as _write


def test_a_draw_in_a_yield_is_timed_with_the_statement_around_it(tmp_path: Path) -> None:
    # blind145's rink probes: ``yield value + p.bias_c + self.rng.normal(0.0, p.noise_c)``,
    # 1.2M draws; the statement took ~3x in the run what it takes timed after, and the saving
    # priced at the after-run cost read 15% for 65%. The generator the object holds is no
    # value that can be made from what was seen: the draw's own timing stands in for it
    facts = {
        "value": Fact(kind="scalar", type="float", number=-4.2),
        "p": Fact(kind="other", type="__main__.Probe"),
        "self": Fact(kind="other", type="__main__.ProbeStream"),
        "self.rng": Fact(kind="other", type="numpy.Generator"),
        "p.bias_c": Fact(kind="scalar", type="float", number=-0.02),
        "p.noise_c": Fact(kind="scalar", type="float", number=0.03),
    }
    tree = ast.parse("import numpy as np\n")
    stmt = ast.parse("def f():\n    yield value + p.bias_c + self.rng.normal(0.0, p.noise_c)\n")
    value = next(n for n in ast.walk(stmt) if isinstance(n, ast.Yield)).value
    assert value is not None
    call = next(n for n in ast.walk(value) if isinstance(n, ast.Call))
    draw = scalar_draws._numpy_draw(call, facts, module_namespaces(tree))
    assert draw is not None
    timed, inputs = as_names(*draw_prices.with_draw(value, draw, facts))
    assert ast.unparse(timed) == "value + _p_bias_c + _generator.normal(0.0, _p0)"
    assert set(inputs) == {"value", "_p_bias_c", "_p0", "_generator"}
    t = expression_time(ast.unparse(timed), inputs, draw.modules, 0.2)
    assert t is not None and t > 0
    # and the statement's scale in the run: a ``yield``'s value is the statement's (without the
    # draw's stand-in, a generator held by the object cannot be made: no scale)
    src = tmp_path / "rink.py"
    src.write_text(
        "import numpy as np\n\n\ndef stream(p, values):\n    for value in values:\n"
        "        yield value + p.bias_c + self.rng.normal(0.0, p.noise_c)\n"
    )
    sf = read_source(str(src))
    a = SimpleNamespace(ev=SimpleNamespace(facts_in=lambda path, first, last: facts))
    each = 1e-3  # (a run's time in the run: far above the statement's after it)
    assert draw_prices.in_run_scale(a, sf, 6, each, 0.2, draw) == draw_prices.IN_RUN_MAX
    assert draw_prices.in_run_scale(a, sf, 6, each, 0.2) == 1.0


FLEECE = """\
import functools

import torch

torch.manual_seed(0)


def standardise(x, mean, std):
    return (x - mean) / std


def grade_one(model, mean, std, fleece):
    with torch.no_grad():
        logits = model(standardise(fleece, mean, std).unsqueeze(0))
    return logits.squeeze(0)


def grade_season(model, fleeces, mean, std):
    grade = functools.partial(grade_one, model, mean, std)
    return torch.stack(list(map(grade, fleeces)))


model = torch.nn.Sequential(torch.nn.Linear(5, 32), torch.nn.ReLU(), torch.nn.Linear(32, 6))
x = torch.rand(4000, 5)
total = 0.0
for season in range(3):
    total += float(grade_season(model, x, x.mean(0), x.std(0)).sum())
print("result:", total)
"""


def test_a_model_mapped_through_a_partial_on_a_call_of_each_row(tmp_path: Path) -> None:
    # blind147's fleece grader (AB106, 28%): ``model(standardise(fleece, mean, std)
    # .unsqueeze(0))`` in the function a partial binds; the model's input is made by a call
    # that reads the item, not a method chain of it
    pytest.importorskip("torch")
    pytest.importorskip("line_profiler")
    found = _found(profile(Target(script=_write(tmp_path, "fleece.py", FLEECE))))
    f = found.get(20)
    assert f is not None and f.code == "AB106", found
    assert "calls the model (model, through grade) once per row of fleeces" in f.evidence


MILDEW = """\
import torch

torch.manual_seed(0)


def make_scorer(model):
    @torch.no_grad()
    def score(plant):
        return torch.sigmoid(model(plant.unsqueeze(0)))[0]

    return score


model = torch.nn.Sequential(torch.nn.Linear(12, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
total = 0.0
for block in range(3):
    yard = torch.rand(4000, 12)
    probs = torch.stack(list(map(make_scorer(model), yard)))
    total += float(probs.sum())
print("result:", total)
"""


def test_a_model_mapped_through_a_closure_a_function_returns(tmp_path: Path) -> None:
    # blind146's hop mildew (AB106, 34%): ``map(make_scorer(model), yard_x)``, the closure
    # calling the model on each plant made a batch of one; its time read on the forward's line
    pytest.importorskip("torch")
    pytest.importorskip("line_profiler")
    found = _found(profile(Target(script=_write(tmp_path, "mildew.py", MILDEW))))
    f = found.get(18)
    assert f is not None and f.code == "AB106", found
    assert "through make_scorer(model)) once per row of yard" in f.evidence


def test_a_small_arrays_own_reduction_beside_a_builtin_is_one_operation(tmp_path: Path) -> None:
    # blind144's organ pipes (AB409, 41%): ``return sum(weighted) / self.amplitudes.sum()``
    # took 57.6 us a run in the run; priced on sum's 31.7 us timed after it (another call on
    # the line: the builtins' count times their after-run cost), 22%
    from arraybench.advise.rules.patterns.builtin_reduction import _builtins_time
    from arraybench.advise.run.values import ARRAY

    src = tmp_path / "organ.py"
    src.write_text(
        "def brightness(self, weighted):\n    return sum(weighted) / self.amplitudes.sum()\n"
    )
    sf = read_source(str(src))
    assert sf.tree is not None
    call = next(
        n
        for n in ast.walk(sf.tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "sum"
    )
    small = Fact(kind=ARRAY, type="numpy.ndarray", dtype="float64", shape=(240,))
    # 1,000 runs in 1 s; the builtin 0.5 ms a call after the run, a library call 1 us
    args = (sf, 2, [call], 1.0, 1_000, 5e-4, 1e-6)
    assert _builtins_time(*args, {"self.amplitudes": small}) == pytest.approx(1.0 - 1_000 * 2e-6)
    # a large array's reduction is work of its own: the builtins' after-run cost
    large = Fact(kind=ARRAY, type="numpy.ndarray", dtype="float64", shape=(1_000_000,))
    assert _builtins_time(*args, {"self.amplitudes": large}) == pytest.approx(0.5)
    assert _builtins_time(*args) == pytest.approx(0.5)


CIDER = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Config:
    n: int = 200
    dt: float = 0.05


def operator(cfg):
    lap = np.diag(np.full(cfg.n, -2.0)) + np.diag(np.ones(cfg.n - 1), 1)
    return np.eye(cfg.n) - cfg.dt * lap


def step(u, cfg):
    system = np.linalg.inv(operator(cfg))
    return system @ u


def advance(u, cfg, p):
    return step(u * (1.0 - 0.01 * p), cfg)


class Press:
    def __init__(self, cfg, on_step):
        self.cfg = cfg
        self.on_step = on_step

    def press(self, u):
        for k in range(300):
            u = advance(u, self.cfg, k / 300)
            self.on_step(k, u)
        return u


curve = []
press = Press(Config(), lambda k, u: curve.append(float(u.mean())))
print("result:", float(press.press(np.ones(200)).sum()) + sum(curve))
"""


def test_an_attribute_passed_down_beside_a_callback_of_the_object_is_unchanged(
    tmp_path: Path,
) -> None:
    # blind151's cider press (AB411, 88%): ``advance(moisture, self.cfg, pressure)`` in a
    # loop that also calls ``self.on_step(k, moisture)``; a call on the object was read as
    # changing ``self.cfg``, though no method but ``__init__`` sets it
    found = _found(profile(Target(script=_write(tmp_path, "cider.py", CIDER))))
    f = found.get(18)
    assert f is not None and f.code == "AB411", found
    assert "compute it before the loop at line 32 and pass it to step()" in f.evidence


def test_an_attribute_a_library_call_writes_into_is_changed(tmp_path: Path) -> None:
    # blind149's curling sheet: ``np.add.at(self.wear, self.band_of(x), 2e-6)`` in the method
    # each step calls; ``sum(self.wear)`` in a property read per step was told AB411, "compute
    # it once in __init__", which would have changed the result (AB409 is its finding)
    from arraybench.advise.read.purity import attribute_changed, keeps_object

    src = tmp_path / "sheet.py"
    src.write_text(
        "import numpy as np\n\n\nclass Sheet:\n    def scrape(self, idx):\n"
        "        np.add.at(self.wear, idx, 2e-6)\n\n    def fill(self, v):\n"
        "        np.copyto(self.level[:2], v)\n\n    def scale(self, k):\n"
        "        np.multiply(self.gain, k, out=self.gain)\n\n\n"
        "sheet = Sheet()\nfor i in range(9):\n    sheet.scrape(i)\n"
    )
    sf = read_source(str(src))
    assert sf.tree is not None
    assert attribute_changed(sf, "wear", 16, 17)  # through the method the loop calls
    assert attribute_changed(sf, "level", 8, 9) and attribute_changed(sf, "gain", 11, 12)
    assert not attribute_changed(sf, "other", 16, 17)
    assert not keeps_object(sf.tree, "scrape")


FERRY = """\
import numpy as np


def arrivals(seed, horizon):
    rng = np.random.default_rng(seed)
    minutes = np.arange(0.0, horizon + 1.0)
    scale = (1.0 / (2.0 + np.sin(minutes / 60.0))).tolist()
    t = 0.0
    while True:
        t += rng.exponential(scale[int(t)])
        if t >= horizon:
            return
        yield t


total = 0
for seed in range(3):
    total += sum(1 for _ in arrivals(seed, 60_000.0))
print("result:", total)
"""


def test_a_draw_whose_scale_changes_each_draw_is_drawn_standard_ahead(tmp_path: Path) -> None:
    # blind150's ferry arrivals (AB414, measured 19% under load, 50-72% in three pairs at a
    # load of 2): ``rng.exponential(scale[int(t)])``, its scale the minute's; dropped as "its
    # parameters change" (an array of them needed). NumPy's exponential is its scale times a
    # standard exponential: drawn ahead standard, scaled in the loop, the same numbers
    found = _found(profile(Target(script=_write(tmp_path, "ferry.py", FERRY))))
    f = found.get(10)
    assert f is not None and f.code == "AB414", found
    assert "rng.standard_exponential(size=n).tolist()" in f.evidence
    assert "then scale[int(t)] * draws[i] (NumPy's exponential() is that formula" in f.evidence
    # the formula is NumPy's own: the same numbers
    import numpy as np

    scale = [0.5, 2.0, 1.25]
    one = np.random.default_rng(5)
    drawn = [one.exponential(s) for s in scale] + [one.normal(1.0, s) for s in scale]
    ahead = np.random.default_rng(5)
    e, z = ahead.standard_exponential(size=3).tolist(), ahead.standard_normal(size=3).tolist()
    assert drawn == [s * d for s, d in zip(scale, e, strict=True)] + [
        1.0 + s * d for s, d in zip(scale, z, strict=True)
    ]


DEMAND = """\
import torch
import torch.nn.functional as F

torch.manual_seed(0)


class DemandModel(torch.nn.Module):
    def __init__(self, n_features):
        super().__init__()
        self.W = torch.nn.Parameter(0.01 * torch.randn(2, n_features))
        self.b = torch.nn.Parameter(torch.zeros(2))

    def score_sailing(self, features):
        return F.softplus(torch.mv(self.W, features) + self.b)


class Scheduler:
    def __init__(self, model):
        self.model = model

    def day_forecast(self, day):
        with torch.no_grad():
            return torch.stack(list(map(self.model.score_sailing, day)))


sched = Scheduler(DemandModel(40))
total = 0.0
for day in torch.randn(20000, 40).split(24):
    total += float(sched.day_forecast(day).sum())
print("result:", total)
"""


def test_a_models_method_of_one_product_mapped_over_rows(tmp_path: Path) -> None:
    # blind150's ferry demand (AB105, 35%): ``map(self.model.score_sailing, day)`` with
    # ``return F.softplus(torch.mv(self.W, features) + self.b)``: a bound method of the
    # file's classes is the lambda of its parameter, ``self`` read as the object
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "demand.py", DEMAND))))
    f = found.get(23)
    assert f is not None and f.code == "AB105", found
    assert "one product with self.model.W" in f.evidence
    assert "day @ self.model.W.T" in f.evidence


OVEN = """\
import functools

import torch


def conduction(n):
    lap = torch.diag(torch.full((n,), -2.0)) + torch.diag(torch.ones(n - 1), 1)
    return torch.eye(n) - 0.3 * lap


def implicit_step(temp, heat, system):
    inverse = torch.linalg.inv(system)
    return (temp + heat) @ inverse.T


class Bake:
    def __init__(self, system, steps):
        self.step = functools.partial(implicit_step, system=system)
        self.steps = steps

    def run(self, temp, heat):
        for s in range(self.steps):
            temp = self.step(temp, heat)
        return temp


system = conduction(160)
total = 0.0
for pattern in range(3):
    bake = Bake(system, 120)
    total += float(bake.run(torch.rand(32, 160), 0.01 * torch.rand(32, 160)).sum())
print("result:", total)
"""


def test_an_inverse_of_what_a_partial_the_object_holds_binds(tmp_path: Path) -> None:
    # blind155's oven (AB411, 27%): ``self.step = functools.partial(implicit_step,
    # system=system)`` made in ``__init__``, called ``self.step(temp, heat)`` per step; the
    # inverse of ``system`` in ``implicit_step`` was not followed to the loop
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "oven.py", OVEN))))
    f = found.get(12)
    assert f is not None and f.code == "AB411", found
    assert "the loop at line 22 calls implicit_step() with the same inputs" in f.evidence
