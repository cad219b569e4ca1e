"""The forms blind34 (benchmarks/blind34) wrote, cut down to what made the profiler miss them or
say something false: ``sorted`` of a NumPy window in a helper a comprehension calls (and a
comprehension's own item read as loop-invariant), a property converting a constant array at
every read, a NumPy array passed to a jitted JAX function at every call, a model called per
row through ``map`` of a ``functools.partial``, and an element loop whose callback, passed as a
partial, holds a finding of its own. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

QUANTILES = """\
import numpy as np


def windows(stream, size, step):
    for start in range(0, stream.size - size + 1, step):
        yield stream[start:start + size]


def robust_level(window, q=0.95):
    ordered = sorted(window)
    return ordered[int(q * (len(ordered) - 1))]


def monitor(stream):
    return np.array([robust_level(w) for w in windows(stream, 120, 30)])


rng = np.random.default_rng(2)
total = 0.0
for s in range(36):
    total += float(monitor(rng.standard_normal(40000)).mean())
print("result:", total)
"""


def test_sorted_over_a_window_is_a_builtin_over_an_arrays_elements(tmp_path: Path) -> None:
    # blind34's np_sensor_quantiles: ``sorted(window)`` of a NumPy slice, NumPy scalars compared
    # in Python; the comprehension's ``robust_level(w)``, of a new window each item, was told
    # "from inputs the loop never changes"
    found = _found(profile(Target(script=_write(tmp_path, "quantiles.py", QUANTILES))))
    f = found.get(10)
    assert f is not None and f.code == "AB409", found
    assert "sorted() over a numpy.ndarray float64 of 120 items" in f.evidence
    assert "np.sort(window)" in f.evidence
    assert not any(g.code == "AB411" for g in found.values()), found


GRID = """\
import numpy as np
import torch


class GridWorld:
    def __init__(self, size, rng):
        self.size = size
        self._rewards = rng.normal(-0.04, 0.02, size=(size, size))

    @property
    def rewards(self):
        return torch.from_numpy(self._rewards).float()

    def step(self, pos):
        return self.rewards[pos[:, 0], pos[:, 1]]


env = GridWorld(600, np.random.default_rng(8))
pos = torch.randint(0, 600, (256, 2))
total = torch.zeros(256)
for step in range(500):
    total += env.step(pos)
print("result:", float(total.sum()))
"""


def test_a_one_line_getter_read_at_every_step_is_told_on_its_line(tmp_path: Path) -> None:
    # blind34's torch_grid_value: the property converts the same 600 x 600 array at every
    # read; a getter that is one formula is told on its line, the read named
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "grid.py", GRID))))
    f = found.get(12)
    assert f is not None and f.code == "AB411", found
    assert "line 15 reads self.rewards 500 times" in f.evidence


JITTED = """\
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def score(returns, w):
    return jnp.quantile(returns @ w, 0.01)


class RiskModel:
    def __init__(self, rng):
        self.returns = rng.normal(0, 0.01, (1500, 800))

    def objective(self, w):
        return score(self.returns, w)


rng = np.random.default_rng(4)
model = RiskModel(rng)
best = 1e9
for it in range(150):
    w = rng.dirichlet(np.ones(800)).astype(np.float32)
    best = min(best, float(model.objective(w)))
print("result:", best)
"""


def test_a_numpy_array_passed_to_a_jitted_function_at_every_call(tmp_path: Path) -> None:
    # blind34's jax_var_search: ``self.returns``, 1500 x 800 NumPy float64 that no method
    # changes, copied into a device buffer at every call of the jitted ``score``
    pytest.importorskip("jax")
    found = _found(profile(Target(script=_write(tmp_path, "jitted.py", JITTED))))
    f = found.get(16)
    assert f is not None and f.code == "AB202", found
    assert "score is a jitted JAX function, called 150 times with self.returns" in f.evidence
    assert "self.returns = jnp.asarray(...)" in f.evidence


POLICY = """\
from functools import partial

import torch
import torch.nn as nn


def greedy(policy, obs):
    return policy(obs).argmax()


@torch.no_grad()
def evaluate(policy, states):
    act = partial(greedy, policy)
    total = 0
    for t in range(100):
        actions = torch.stack(list(map(act, states.rows)))
        total += int(actions.sum())
    return total


class States:
    def __init__(self):
        self.rows = torch.randn(48, 4)


policy = nn.Sequential(nn.Linear(4, 64), nn.Tanh(), nn.Linear(64, 2))
print("result:", evaluate(policy, States()))
"""


def test_a_model_mapped_over_rows_through_a_partial_is_a_batch_of_one(tmp_path: Path) -> None:
    # blind34's torch_policy_eval: ``map(act, envs.state)`` with ``act = partial(greedy,
    # policy)``, the model called once per row of an object's tensor
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "policy.py", POLICY))))
    f = found.get(16)
    assert f is not None and f.code == "AB106", found
    assert "map(act, states.rows) calls the model (policy, through act) once per row" in (
        f.evidence
    )


MARKET = """\
from functools import partial

import numpy as np


class Blotter:
    def __init__(self):
        self.trades = np.empty((0, 3))

    def record(self, t, price, size):
        self.trades = np.vstack([self.trades, [t, price, size]])


def run(moves, buys, on_fill):
    mid = 100.0
    for t in range(moves.size):
        mid += moves[t]
        if buys[t]:
            on_fill(t, mid, 1.0)
    return mid


rng = np.random.default_rng(3)
blotter = Blotter()
mid = run(rng.normal(0, 0.01, 40000), rng.random(40000) < 0.5, partial(Blotter.record, blotter))
print("result:", mid + float(blotter.trades.sum()))
"""


def test_an_element_loops_saving_leaves_out_its_partial_callbacks_finding(tmp_path: Path) -> None:
    # blind34's np_market_maker: the growth in the recorder, called through a partial passed
    # in, was counted in the event loop's saving too (99% told, the growth alone 83%)
    found = _found(profile(Target(script=_write(tmp_path, "market.py", MARKET))))
    growth = found.get(11)
    assert growth is not None and growth.code == "AB107", found
    loop = found.get(16)
    assert loop is not None and loop.gain is not None, found
    assert "line 11, a finding of its own: not counted in its saving" in loop.evidence
    assert loop.gain[1] < growth.seconds, (loop, growth)
