"""The forms blind49 and blind50 (benchmarks/) wrote, cut down to what made the profiler miss
them or list a look-alike: a solve with a matrix only ``__init__`` sets, in a hook's
``__call__`` that the loop reaches through a list of hooks; a builtin ``sum`` over what a
method of another object returns; a lookup table computed by a comprehension over ``range``
in a transform's ``__call__``, once per sample; a jitted step compiled for three sizes that
cost half the run (under the five compilations asked of a cheap one); ``float()`` of a JAX
expression, whose module was taken for the value converted; and blind51-52's: a solve with
another object's matrix set in its ``__init__``, ``np.vectorize`` of a method on a dict's
items, a builtin ``any()`` over a comparison with an object's number. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

HOOK_SOLVE = """\
import numpy as np


class Viscosity:
    def __init__(self, n, nu):
        L = -2.0 * np.eye(n) + np.eye(n, k=1) + np.eye(n, k=-1)
        self.system = np.eye(n) - nu * L

    def __call__(self, rho):
        return np.linalg.solve(self.system, rho)


class Sim:
    def __init__(self, hooks):
        self.hooks = hooks

    def run(self, rho, steps):
        smooth, *others = self.hooks
        for step in range(steps):
            rho = smooth(rho + 0.01 * np.roll(rho, 1))
            for h in others:
                h(rho)
        return rho


rng = np.random.default_rng(0)
sim = Sim([Viscosity(300, 0.4), lambda r: None])
print(float(sim.run(rng.random(300), 300).sum()))
"""


def test_a_solve_with_a_matrix_only_init_sets_in_a_hook(tmp_path: Path) -> None:
    # blind49's traffic model: the hook is called as ``smooth(rho)``, unpacked from a list, so
    # no call of ``__call__`` names it; its matrix is ``self.system``, set only in __init__
    report = profile(Target(script=_write(tmp_path, "hook_solve.py", HOOK_SOLVE)))
    f = _found(report).get(10)
    assert f is not None and f.code == "AB407", _found(report)
    assert "self.system is set only in __init__" in f.evidence, f.evidence
    assert "lu_factor(self.system)" in f.evidence


SUM_OF_A_METHOD = """\
import torch


class ForceField:
    def __init__(self, n, gen):
        self.eps = torch.rand(n, generator=gen) + 0.1

    def atom_energies(self, xyz):
        d = torch.cdist(xyz, xyz) + torch.eye(len(xyz))
        e = torch.sqrt(self.eps[:, None] * self.eps[None, :])
        return 0.5 * (e / d).sum(dim=1)


class Conformer:
    def __init__(self, xyz, ff):
        self.xyz = xyz
        self.ff = ff

    @property
    def energy(self):
        return sum(self.ff.atom_energies(self.xyz))


gen = torch.Generator().manual_seed(0)
ff = ForceField(200, gen)
best = float("inf")
for k in range(1500):
    c = Conformer(torch.randn(200, 3, generator=gen), ff)
    best = min(best, float(c.energy))
print(best)
"""


def test_a_builtin_sum_over_what_another_objects_method_returns(tmp_path: Path) -> None:
    # blind49's conformer screen: ``sum(self.ff.atom_energies(self.xyz))``, 210 values a call,
    # read "no known pattern: the time is in ...atom_energies"
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "sum_of_a_method.py", SUM_OF_A_METHOD)))
    f = _found(report).get(21)
    assert f is not None and f.code == "AB409", _found(report)
    assert "torch.Tensor float32 of 200 items" in f.evidence, f.evidence


LUT = """\
import torch


class GammaCorrect:
    def __init__(self, gamma):
        self.gamma = gamma

    def __call__(self, img):
        lut = torch.tensor([round(4095 * (i / 4095) ** (1 / self.gamma)) for i in range(4096)])
        return lut[img.long()]


class Compose:
    def __init__(self, *steps):
        self.steps = steps

    def __call__(self, img):
        for step in self.steps:
            img = step(img)
        return img


gen = torch.Generator().manual_seed(0)
images = torch.randint(0, 4096, (600, 16, 16), generator=gen)
pipeline = Compose(lambda x: x.flip(-1), GammaCorrect(2.2))
total = 0
for i in range(len(images)):
    total += int(pipeline(images[i]).sum())
print(total)
"""


def test_a_lookup_table_computed_per_sample_from_init_attributes(tmp_path: Path) -> None:
    # blind50's defect-patch augmentation: a 4,096-entry gamma table made by a comprehension
    # over range() at every call, read "AB108 (build-in-loop)? built from Python data"
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "lut.py", LUT)))
    f = _found(report).get(9)
    assert f is not None and f.code == "AB108", _found(report)
    assert "self.gamma" in f.evidence and "once in __init__" in f.evidence, f.evidence


FEW_SIZES = """\
import jax
import jax.numpy as jnp
import numpy as np


def loss(p, img):
    side = img.shape[0]
    yy, xx = jnp.mgrid[0:side, 0:side].astype(jnp.float32)
    model = p[0] * jnp.exp(-((xx - p[1]) ** 2 + (yy - p[2]) ** 2) / (2.0 * p[3] ** 2))
    return jnp.sum((model - img) ** 2)


@jax.jit
def step(p, img):
    value, g = jax.value_and_grad(loss)(p, img)
    return p - 1e-4 * g, value


rng = np.random.default_rng(0)
catalogue = []
for k in range(24):
    side = (32, 48, 64)[k % 3]
    img = rng.random((side, side)).astype(np.float32)
    p = jnp.array([1.0, side / 2, side / 2, 4.0])
    for _ in range(20):
        p, value = step(p, img)
    catalogue.append((float(jnp.exp(p[3])), float(value)))
print(sum(a + b for a, b in catalogue))
"""


def test_a_step_compiled_for_three_sizes_that_cost_much(tmp_path: Path) -> None:
    # blind50's galaxy fits: a jitted step compiled for three cutout sizes, half the run, was
    # no finding (five compilations were asked); the float() of a JAX expression read the
    # module ``jnp`` as the value converted and was listed as a sync
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "few_sizes.py", FEW_SIZES)))
    found = _found(report)
    f = found.get(26)
    assert f is not None and f.code == "AB404", found
    assert "3 compilations (jit(step))" in f.evidence, f.evidence
    sync = found.get(27)
    assert sync is None or sync.code != "AB201" or sync.saves < 0.01, sync


GRID_FIT = """\
import numpy as np


def smooth(x, decay):
    out = np.empty_like(x)
    carry = 0.0
    for t in range(x.shape[0]):
        carry = x[t] + decay * carry
        out[t] = carry
    return out


rng = np.random.default_rng(0)
spend = rng.gamma(2.0, 50.0, 20000)
season = 1.0 + 0.3 * np.sin(np.arange(20000) / 50.0)
sales = 3.0 * smooth(spend, 0.5) + 100.0 * season
scores = []
for decay in np.linspace(0.1, 0.9, 60):
    x = smooth(spend, decay)
    A = np.column_stack([season, x])
    coef, *_ = np.linalg.lstsq(A, sales, rcond=None)
    scores.append(float(np.sum((A @ coef - sales) ** 2)))
print(min(scores))
"""


def test_a_loop_over_a_grid_of_values_is_no_product_per_row(tmp_path: Path) -> None:
    # blind50's media-mix fit: ``A @ coef`` in a loop over decay values, each a fit on whole
    # 12,000-row arrays, was listed as AB105 (row-by-row products) at 11-13% of the run
    report = profile(Target(script=_write(tmp_path, "grid_fit.py", GRID_FIT)))
    f = _found(report).get(18)
    assert f is None or f.code != "AB105", f
    assert any(
        d.line == 18 and d.code == "AB105" and "not one product per row" in d.dropped
        for d in report.dropped
    ), [(d.line, d.code, d.dropped) for d in report.dropped]


CAMPAIGN = """\
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class Segments:
    half_life: np.ndarray

    @property
    def retention(self):
        return torch.from_numpy(0.5 ** (1.0 / self.half_life))


class Simulator:
    def __init__(self, segments, segment_of):
        self.retention = segments.retention[segment_of]

    def step(self, state, exposed):
        a, c, f = state
        a = a * self.retention + 0.3 * exposed * (1.0 - a)
        c = c * self.retention + 0.2 * a * (1.0 - c)
        f = f * self.retention + 0.1 * exposed
        return a, c, f


gen = torch.Generator().manual_seed(0)
segment_of = torch.randint(0, 12, (1_000_000,), generator=gen)
sim = Simulator(Segments(np.linspace(3.0, 30.0, 12)), segment_of)
state = (torch.zeros(1_000_000), torch.zeros(1_000_000), torch.zeros(1_000_000))
for day in range(20):
    state = sim.step(state, torch.rand(1_000_000, generator=gen) < 0.1)
print(float(sum(s.sum() for s in state)))
"""


def test_one_float64_promotion_is_one_finding(tmp_path: Path) -> None:
    # blind50's campaign: a float64 property promoting three float32 states of one step, told
    # three times (29-37% each, 98% of the run together) and once blaming a state it promoted
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "campaign.py", CAMPAIGN)))
    promotions = [f for f in _found(report).values() if f.code == "AB410"]
    assert [f.line for f in promotions] == [22], [(f.line, f.evidence) for f in promotions]
    assert "line 13" in promotions[0].evidence, promotions[0].evidence


KERNEL_HOOK = """\
import numpy as np


class Kernel:
    def __init__(self, x, ell):
        self.d2 = (x[:, None] - x[None, :]) ** 2
        self.ell = ell

    def __call__(self, v):
        K = np.exp(-self.d2 / self.ell)
        return K @ v


class Pipeline:
    def __init__(self, *steps):
        self.steps = steps

    def __call__(self, v):
        for s in self.steps:
            v = s(v)
        return v


rng = np.random.default_rng(0)
pipe = Pipeline(Kernel(rng.random(400), 0.1), lambda v: v / np.linalg.norm(v))
v = rng.random(400)
for it in range(150):
    v = pipe(v)
print(float(v.sum()))
"""


def test_a_value_made_from_init_attributes_in_a_step_of_a_pipeline(tmp_path: Path) -> None:
    # the forms of blind49-50 in general: a callable object in a pipeline makes, at every call,
    # a value of attributes only __init__ sets; no loop of the file names the call
    report = profile(Target(script=_write(tmp_path, "kernel_hook.py", KERNEL_HOOK)))
    f = _found(report).get(10)
    assert f is not None and f.code == "AB411", _found(report)
    assert "nothing sets or changes after __init__" in f.evidence, f.evidence
    assert "self.K = np.exp" in f.evidence
    # (the module's line that makes the kernel runs once: not a count scaled from the bursts,
    # which read ~73 and left 150 calls two reads an object, at the edge of being dropped)
    assert "(1 object made in the run)" in f.evidence, f.evidence


NESTED_SOLVE = """\
import numpy as np


class Network:
    def __init__(self, n, rng):
        B = rng.random((n, n))
        self.B_red = B @ B.T + n * np.eye(n)


class FlowMonitor:
    def __init__(self, net):
        self.net = net

    def __call__(self, hour, injections):
        return np.linalg.solve(self.net.B_red, injections)


rng = np.random.default_rng(0)
hooks = [FlowMonitor(Network(250, rng))]
total = 0.0
for hour in range(400):
    for h in hooks:
        total += float(h(hour, rng.random(250)).sum())
print(total)
"""

VECTORIZE_ITEMS = """\
import numpy as np

HIGH = {3, 7}


class Rules:
    @staticmethod
    def _risk(category, amount):
        if category in HIGH:
            return 1.0 + min(amount / 500.0, 2.0)
        return 0.0

    def apply(self, batch):
        batch["risk"] = np.vectorize(self._risk)(batch["category"], batch["amount"])
        return batch


rng = np.random.default_rng(0)
rules = Rules()
total = 0.0
for day in range(12):
    batch = {"category": rng.integers(0, 10, 40_000), "amount": rng.gamma(2.0, 60.0, 40_000)}
    total += float(rules.apply(batch)["risk"].sum())
print(total)
"""

ANY_OF_AN_ATTRIBUTE = """\
import torch


class LimitMonitor:
    def __init__(self, limit):
        self.limit = limit
        self.events = 0

    def __call__(self, q):
        if any((q.abs() > self.limit).flatten()):
            self.events += 1


gen = torch.Generator().manual_seed(0)
monitor = LimitMonitor(3.5)
q = torch.zeros(64, 7)
for step in range(2500):
    q = 0.99 * q + 0.1 * torch.randn(64, 7, generator=gen)
    monitor(q)
print(monitor.events)
"""


@pytest.mark.parametrize(
    ("name", "source", "line", "code", "said"),
    [
        ("nested_solve", NESTED_SOLVE, 15, "AB407", "self.net.B_red is set only in __init__"),
        ("vectorize_items", VECTORIZE_ITEMS, 14, "AB103", "batch['category']"),
        ("any_of_an_attribute", ANY_OF_AN_ATTRIBUTE, 10, "AB409", "any() over a torch.Tensor"),
    ],
)
def test_blind51_52_forms(
    tmp_path: Path, name: str, source: str, line: int, code: str, said: str
) -> None:
    # blind51's grid monitor: a solve with another object's matrix, set in its __init__;
    # blind52's fraud rules: np.vectorize of a method on a dict's items; blind52's fleet: a
    # builtin any() over a comparison with an object's number
    if "torch" in source:
        pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, f"{name}.py", source)))
    f = _found(report).get(line)
    assert f is not None and f.code == code, _found(report)
    assert said in f.evidence, f.evidence


DRIFTERS = """\
import numpy as np


class Drifters:
    def __init__(self, n, rng, dt=0.02):
        self.dt = dt
        self.pos = rng.uniform(0.0, 1.0, size=(n, 2)).astype(np.float32)
        self.vel = np.zeros((n, 2), dtype=np.float32)
        self.drag = rng.uniform(0.05, 0.15, size=(n, 1))

    def current(self):
        x, y = self.pos[:, 0], self.pos[:, 1]
        u = -np.sin(np.pi * x) * np.cos(np.pi * y)
        return np.stack([u, np.cos(np.pi * x) * np.sin(np.pi * y)], axis=1)

    def apply_drag(self, rel):
        return rel * (1.0 - self.drag * self.dt)

    def step(self):
        rel = self.vel - self.current()
        self.vel = self.apply_drag(rel) + self.current()
        self.pos += self.dt * self.vel
        np.clip(self.pos, 0.0, 1.0, out=self.pos)


sim = Drifters(200_000, np.random.default_rng(0))
for t in range(60):
    sim.step()
print(float(sim.pos.sum()))
"""


def test_a_float64_attribute_in_a_methods_line_of_operators(tmp_path: Path) -> None:
    # blind51's drifters: ``self.drag`` from ``rng.uniform`` (float64) mixed into float32
    # velocities in a method's one ``return`` of operators, a line no look of the run saw
    report = profile(Target(script=_write(tmp_path, "drifters.py", DRIFTERS)))
    f = _found(report).get(17)
    assert f is not None and f.code == "AB410", _found(report)
    # (its value seen through the receiver of ``apply_drag``'s callers, or not: made at line 9)
    assert "self.drag (" in f.evidence and "made at line 9" in f.evidence, f.evidence
    assert ".astype(np.float32)" in f.evidence, f.evidence


PARTIAL_GAINS = """\
import functools

import numpy as np
import torch

device = "cpu"


def pd_control(pos, vel, kp, kd):
    return -kp * pos - kd * vel


class Swarm:
    def __init__(self, n, dt, controller, gen):
        self.dt = dt
        self.controller = controller
        self.pos = torch.randn(n, 3, generator=gen).to(device)
        self.vel = torch.zeros(n, 3, device=device)

    def step(self):
        u = self.controller(self.pos, self.vel)
        self.vel = self.vel + self.dt * u
        self.pos = self.pos + self.dt * self.vel
        return (u * u).sum()


K = np.array([[2.0, 2.0, 2.0], [1.5, 1.5, 1.5]])
kp = torch.from_numpy(K[0].copy()).to(device)
kd = torch.tensor(K[1].tolist(), dtype=torch.float32, device=device)
gen = torch.Generator().manual_seed(4)
swarm = Swarm(400_000, 0.01, functools.partial(pd_control, kp=kp, kd=kd), gen)
effort = 0.0
for t in range(25):
    effort += float(swarm.step())
print(effort)
"""


def test_float64_gains_handed_to_a_controller_through_a_partial(tmp_path: Path) -> None:
    # blind52's swarm: ``torch.from_numpy(...).to(device)`` (a move, not a cast) of float64
    # gains given to the controller by ``functools.partial``; ``-kp * pos`` makes the state
    # float64. Told where the gains meet the state (line 10), the fix at the conversion
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "partial_gains.py", PARTIAL_GAINS)))
    f = _found(report).get(10)
    assert f is not None and f.code == "AB401", _found(report)
    assert "(line 28)" in f.evidence and "K[0].copy()).float()" in f.evidence, f.evidence
