"""The forms blind47 and blind48 (benchmarks/) wrote, cut down to what made the profiler miss
them, list a look-alike or say the wrong thing: a sparse LU factorisation of matrices that
stay, made again in a method at every implicit step; a builtin ``max`` over a row of an
object's array; a model called per item through ``map`` of a method that unpacks a dataset's
item, and through a lambda that calls another lambda; a property that builds a constant tensor,
read from three methods; a matrix product of an attribute the loop does not change but a later
loop of the same method does (made once before that loop, not in ``__init__``); ``float()`` of
a JAX value on the CPU, which waits for work that stays; NumPy's float64 arrays made torch
tensors without a dtype, so that a simulation's step runs in float64. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.read.purity import set_after_init
from arraybench.advise.read.source import read_source
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

SPARSE_LU = """\
import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import splu


class ImplicitSolver:
    def __init__(self, capacity, K, dt):
        self.C = sp.diags(capacity).tocsc()
        self.K = K
        self.dt = dt

    def step(self, u, source):
        lu = splu((self.C + self.dt * self.K).tocsc())
        return lu.solve(self.C @ u + self.dt * source)


n = 40
main = 4.0 * np.ones(n * n)
off = -np.ones(n * n - 1)
K = sp.diags([main, off, off], [0, -1, 1]).tocsc()
solver = ImplicitSolver(1.0 + np.arange(n * n) % 3, K, dt=0.05)
u = np.zeros(n * n)
edge = np.zeros(n * n)
edge[:n] = 1.0
for t in range(150):
    u = solver.step(u, edge)
print(float(u.sum()))
"""


def test_a_sparse_factorisation_of_matrices_that_stay_is_loop_invariant(tmp_path: Path) -> None:
    # blind48's composite plate: ``splu`` of ``C + dt K`` at every implicit step, read "no
    # known pattern: the time is in scipy.sparse.linalg.splu" (the sparse inputs were no arrays
    # to the rule)
    report = profile(Target(script=_write(tmp_path, "sparse_lu.py", SPARSE_LU)))
    f = _found(report).get(13)
    assert f is not None and f.code == "AB411", _found(report)
    assert "scipy.csc_matrix" in f.evidence and "stored" in f.evidence, f.evidence
    assert "__init__" in f.evidence


Q_ROW_MAX = """\
import numpy as np


class QAgent:
    def __init__(self, n_states, n_actions):
        self.Q = np.zeros((n_states, n_actions))
        self.gamma = 0.95

    def update(self, s, a, r, s2):
        target = r + self.gamma * max(self.Q[s2])
        self.Q[s, a] += 0.1 * (target - self.Q[s, a])


rng = np.random.default_rng(0)
agent = QAgent(200, 120)
nxt = rng.integers(0, 200, size=(200, 120))
reward = rng.normal(size=(200, 120))
s = 0
for t in range(60_000):
    a = t % 120
    s2 = int(nxt[s, a])
    agent.update(s, a, float(reward[s, a]), s2)
    s = s2
print(float(agent.Q.sum()))
"""


def test_a_builtin_max_over_a_row_of_an_objects_array(tmp_path: Path) -> None:
    # blind48's dispatch agent: ``max(self.Q[s2])`` over 120 values per update; the row of an
    # attribute was no array to the rule, and the episode loop took the time as AB406
    report = profile(Target(script=_write(tmp_path, "q_row_max.py", Q_ROW_MAX)))
    f = _found(report).get(10)
    assert f is not None and f.code == "AB409", _found(report)
    assert "120 items" in f.evidence, f.evidence


DATASET_METHOD = """\
import torch
import torch.nn as nn


class Clips(torch.utils.data.Dataset):
    def __init__(self, n):
        self.clips = torch.randn(n, 16, 20)
        self.labels = torch.randint(0, 4, (n,))

    def __len__(self):
        return len(self.clips)

    def __getitem__(self, i):
        return self.clips[i], self.labels[i]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(20, 32)
        self.head = nn.Linear(32, 4)

    def forward(self, x):
        return self.head(torch.relu(self.proj(x)).mean(dim=-2))


class Evaluator:
    def __init__(self, model):
        self.model = model

    def _classify(self, item):
        clip, _ = item
        return self.model(clip.unsqueeze(0)).argmax(-1)

    @torch.no_grad()
    def run(self, dataset):
        preds = torch.cat(list(map(self._classify, dataset)))
        return (preds == dataset.labels).float().mean()


torch.manual_seed(0)
model = Net().eval()
print(float(Evaluator(model).run(Clips(6000))))
"""


def test_a_model_mapped_through_a_method_that_unpacks_the_datasets_item(tmp_path: Path) -> None:
    # blind48's keyword spotter: ``map(self._classify, dataset)`` with ``clip, _ = item`` then
    # ``self.model(clip.unsqueeze(0))``: no finding, the time on the model's lines
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "dataset_method.py", DATASET_METHOD)))
    f = _found(report).get(37)
    assert f is not None and f.code == "AB106", _found(report)
    assert "dataset.clips" in f.evidence, f.evidence


LAMBDA_IN_LAMBDA = """\
import torch
import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, n, dim=32):
        super().__init__()
        self.emb = nn.Embedding(n, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 64), nn.ReLU(), nn.Linear(64, dim))

    def forward(self, ids):
        return self.mlp(self.emb(ids))


class TwoTower(nn.Module):
    def __init__(self, n_users, n_items):
        super().__init__()
        self.users = Tower(n_users)
        self.items = Tower(n_items)


class Evaluator:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def top(self, users):
        item_vecs = self.model.items(torch.arange(500))
        score = lambda u: item_vecs @ self.model.users(u.view(1))[0]
        return torch.stack(list(map(lambda u: score(u).topk(10).indices, users)))


torch.manual_seed(0)
ev = Evaluator(TwoTower(8000, 500))
print(int(ev.top(torch.arange(8000)).sum()))
"""


def test_a_model_called_per_item_through_a_lambda_that_calls_a_lambda(tmp_path: Path) -> None:
    # blind47's two-tower recall: ``map(lambda u: score(u).topk(k).indices, users)`` with
    # ``score = lambda u: item_vecs @ self.model.users(u.view(1))[0]``: a submodule of the
    # model the run saw, on 1-D integer ids
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "lambda_in_lambda.py", LAMBDA_IN_LAMBDA)))
    f = _found(report).get(30)
    assert f is not None and f.code == "AB106", _found(report)
    assert "self.model.users" in f.evidence and "map(lambda u: ..." in f.evidence, f.evidence


STIFFNESS = """\
import math

import torch


class Crystal:
    def __init__(self, c11, c12, c44):
        self.c11, self.c12, self.c44 = c11, c12, c44

    @property
    def stiffness(self):
        a, b, c = self.c11, self.c12, self.c44
        return torch.tensor([[a, b, b, 0, 0, 0], [b, a, b, 0, 0, 0], [b, b, a, 0, 0, 0],
                             [0, 0, 0, c, 0, 0], [0, 0, 0, 0, c, 0], [0, 0, 0, 0, 0, c]])

    @property
    def bulk(self):
        return self.stiffness[:3, :3].sum() / 9.0


class Aggregate:
    def __init__(self, crystal, n):
        self.crystal = crystal
        self.R = torch.randn(n, 6, 6)

    def stress(self, local):
        return local @ self.crystal.stiffness

    def energy(self, local):
        return 0.5 * ((local @ self.crystal.stiffness) * local).sum(dim=1)


torch.manual_seed(0)
agg = Aggregate(Crystal(168.4, 121.4, 75.4), 32)
direction = torch.tensor([1.0, -0.3, -0.3, 0.0, 0.0, 0.0])
total = 0.0
out = []
for k in range(9000):
    local = torch.einsum("gij,j->gi", agg.R, math.sin(k / 300) * direction)
    sigma = agg.stress(local).mean(dim=0)
    e = agg.energy(local)
    out.append(sigma[0] / agg.crystal.bulk + e.mean())
print(float(torch.stack(out).sum()))
"""


def test_a_property_building_a_constant_tensor_read_from_three_places(tmp_path: Path) -> None:
    # blind48's grain aggregate: the stiffness getter builds a 6x6 tensor from attributes only
    # __init__ sets, read three times a step by three methods; it was told at one of the reads
    # (bulk's line), priced by that read's third of the calls
    report = profile(Target(script=_write(tmp_path, "stiffness.py", STIFFNESS)))
    f = _found(report).get(13)
    assert f is not None and f.code == "AB411", _found(report)
    assert "27,000 reads of stiffness in all" in f.evidence, f.evidence
    assert "__init__" in f.evidence


ALS = """\
import numpy as np


class ALS:
    def __init__(self, k=32):
        self.k = k

    @property
    def item_gram(self):
        return self.Y.T @ self.Y

    def user_step(self, u, R):
        A = self.item_gram + 0.1 * np.eye(self.k)
        return np.linalg.solve(A, self.Y.T @ R[u])

    def fit(self, R, sweeps=2):
        rng = np.random.default_rng(0)
        self.X = rng.standard_normal((R.shape[0], self.k))
        self.Y = rng.standard_normal((R.shape[1], self.k))
        for sweep in range(sweeps):
            for u in range(R.shape[0]):
                self.X[u] = self.user_step(u, R)
            for i in range(R.shape[1]):
                G = self.X.T @ self.X + 0.1 * np.eye(self.k)
                self.Y[i] = np.linalg.solve(G, self.X.T @ R[:, i])
        return self


rng = np.random.default_rng(1)
R = rng.random((1500, 3000))
print(float(ALS().fit(R).X.sum()))
"""


def test_an_attribute_a_later_loop_changes_is_not_made_once_in_init(tmp_path: Path) -> None:
    # blind47's implicit ALS: ``self.Y.T @ self.Y`` in a property read per user stays within the
    # user loop, but the item loop of the same sweep writes ``self.Y[i]``: made once before the
    # user loop, not "where self.Y is set (in __init__)"
    sf = read_source(str(_write(tmp_path, "als_src.py", ALS)))
    assert set_after_init(sf, "Y") and set_after_init(sf, "X") and not set_after_init(sf, "k")
    report = profile(Target(script=_write(tmp_path, "als.py", ALS)))
    f = _found(report).get(10)
    assert f is not None and f.code == "AB411", _found(report)
    assert "__init__" not in f.evidence and "before the loop" in f.evidence, f.evidence


JAX_FLOAT = """\
import jax
import jax.numpy as jnp


@jax.jit
def price(key, strike):
    z = jax.random.normal(key, (4096, 64))
    paths = 100.0 * jnp.exp(jnp.cumsum(0.01 * z, axis=1))
    return jnp.maximum(paths[:, -1] - strike, 0.0).mean()


key = jax.random.PRNGKey(0)
total = 0.0
for i in range(40):
    v = price(jax.random.fold_in(key, i), 95.0 + i)
    total += float(v)
print(total)
"""


def test_float_of_a_jax_value_on_the_cpu_is_priced_at_the_conversion_only(tmp_path: Path) -> None:
    # blind48's barrier book: ``float(v)`` of each trade's price read 4.3 ms a call, the
    # computation it waited for, and was listed at 6.4% of the run (1.4% saved)
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "jax_float.py", JAX_FLOAT)))
    f = _found(report).get(16)
    assert f is None or f.code != "AB201" or f.saves < 0.01, (f.code, f.saves, f.evidence)


SEIR = """\
import numpy as np
import torch


class SEIR:
    def __init__(self, data):
        self.contact = data["contact"]
        self.mobility = data["mobility"]
        self.pop = data["pop"]

    def force(self, I):
        prev = I / self.pop
        mixed = self.mobility @ prev
        return 0.4 * mixed @ self.contact

    def step(self, state, rate):
        S, E, I, R = state
        new_e = self.force(I) * S
        new_i = 0.25 * E
        new_r = 0.17 * I
        vacc = rate * S
        return (S - new_e - vacc, E + new_e - new_i, I + new_i - new_r, R + new_r + vacc)


rng = np.random.default_rng(8)
raw = {
    "contact": rng.random((128, 128)) / 128,
    "mobility": rng.random((300, 300)) / 300,
    "pop": rng.integers(5_000, 9_000, (300, 128)) * 1.0,
}
data = {k: torch.as_tensor(v) for k, v in raw.items()}
model = SEIR(data)
labels = torch.from_numpy(np.arange(16))
I0 = torch.zeros(300, 128)
I0[:10] = 5.0
pop = data["pop"]
state = (pop - I0, torch.zeros_like(pop), I0, torch.zeros_like(pop))
for day in range(150):
    state = model.step(state, 0.001)
print(float(state[2].sum()), int(labels.sum()))
"""


def test_numpys_float64_made_torch_tensors_runs_the_loop_in_float64(tmp_path: Path) -> None:
    # blind47's age-structured SEIR: ``torch.as_tensor(v)`` of NumPy's float64 arrays handed to
    # the model object, its daily step all float64 (torch's default is float32), read "no known
    # slow pattern"; the integer labels' conversion is not it
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "seir.py", SEIR)))
    found = _found(report)
    f = found.get(31)
    assert f is not None and f.code == "AB401", found
    assert "dtype=torch.float32" in f.evidence and "loop at line 38" in f.evidence, f.evidence
    assert 33 not in found, found


SHAPES_WITH_A_SCAN = """\
import jax
import jax.numpy as jnp
import numpy as np


def simulate(k, rain):
    def step(s, p):
        q = k * s
        return s + p - q, q

    _, flow = jax.lax.scan(step, 0.0, rain)
    return flow


def loss(k, rain, obs):
    return jnp.sum((simulate(k, rain) - obs) ** 2)


loss_and_grad = jax.jit(jax.value_and_grad(loss))


rng = np.random.default_rng(0)
events = [rng.random(int(n)).astype(np.float32) for n in rng.integers(100, 400, 12)]
total = 0.0
for rain in events:
    value, g = loss_and_grad(0.1, jnp.asarray(rain), jnp.asarray(rain))
    total += float(value) + float(g)
print(total)
"""


def test_a_recompile_names_the_input_that_changed_not_a_scans_body(tmp_path: Path) -> None:
    # blind45's and blind47's jitted losses over events of different lengths: the scan's body,
    # a function made at each trace, was named the cause ("a new function object")
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "scan_shapes.py", SHAPES_WITH_A_SCAN)))
    f = next((x for x in _found(report).values() if x.code == "AB404"), None)
    assert f is not None, _found(report)
    assert "cause: at rain, now f32[" in f.evidence, f.evidence
