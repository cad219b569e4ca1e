"""What round 18's real scripts (benchmarks/profile_realcode/round18.md) and blind sets 30-31
showed, cut down: a function that passes its own parameter to itself (the profile crashed in
a recursion of its own), a folder of installed packages on PYTHONPATH read as the user's code,
a float64 profile a local parameters object holds promoting a float32 field, and a model
mapped over a tensor's ``unbind(0)``. Never a wall-clock assertion."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target, _library_roots

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

RECURSIVE = """\
import numpy as np


def walk(x, n):
    if n == 0:
        return 0.0
    return walk(x, n - 1) + 1.0


a = np.ones(100)
t = 0.0
for i in range(20000):
    t += walk(a, 3) + np.sum(a)
print(t)
"""


def test_a_function_passing_its_own_parameter_to_itself_is_read_to_its_end(
    tmp_path: Path,
) -> None:
    # round 18: scikit-learn's recursive helper, read as the user's code, made the question
    # "does it write its parameter" follow itself without end
    report = profile(Target(script=_write(tmp_path, "recur.py", RECURSIVE)))
    assert report.outcome.status == 0, report.outcome.error


def test_a_folder_of_installed_distributions_on_the_path_is_a_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    (site / "tqdm-4.0.dist-info").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(site))
    assert any(r.startswith(str(site.resolve())) for r in _library_roots())
    plain = tmp_path / "project"
    plain.mkdir()
    monkeypatch.syspath_prepend(str(plain))
    assert not any(r.startswith(str(plain.resolve()) + "/") for r in _library_roots())


DIFFUSION = """\
import numpy as np


class Params:
    def __init__(self, n):
        self.feed = 0.035
        self.profile = 1.0 + 0.3 * np.exp(-4.0 * np.linspace(-1, 1, n)[:, None] ** 2)


class Sim:
    def __init__(self, n):
        self.p = Params(n)
        self.u = np.ones((n, n), dtype=np.float32)

    @staticmethod
    def laplacian(a):
        return np.roll(a, 1, 0) + np.roll(a, -1, 0) + np.roll(a, 1, 1) + np.roll(a, -1, 1) - 4 * a

    def step(self):
        u, p = self.u, self.p
        feed = p.feed * p.profile
        self.u = u + 0.1 * self.laplacian(u) + feed * (1 - u)


sim = Sim(384)
for it in range(600):
    sim.step()
print("result:", float(sim.u.mean()))
"""


def test_a_float64_array_a_local_parameters_object_holds_promotes_the_field(
    tmp_path: Path,
) -> None:
    # blind30's reaction-diffusion: ``feed = p.feed * p.profile`` with ``p = self.p``, made at
    # every call from values that stay: the promotion is reported where the float64 ``feed``
    # meets the float32 field (blind30's label), naming where ``feed`` is made
    found = _found(profile(Target(script=_write(tmp_path, "diffusion.py", DIFFUSION))))
    f = found.get(22)
    assert f is not None and f.code == "AB410", found
    assert "feed (numpy.ndarray float64 384x1 on cpu, made at line 21" in f.evidence


UNBIND = """\
import torch
from torch import nn


class Monitor:
    def __init__(self, data):
        self.data = data

    @torch.no_grad()
    def __call__(self, model):
        recon = torch.stack(list(map(model, self.data.unbind(0))))
        return float(((recon - self.data) ** 2).mean())


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(32, 8), nn.ReLU(), nn.Linear(8, 32))
monitor = Monitor(torch.randn(6000, 32))
print("result:", sum(monitor(model) for _ in range(4)))
"""


def test_a_model_mapped_over_a_tensors_unbind_is_a_per_sample_loop(tmp_path: Path) -> None:
    # blind30's autoencoder monitor: ``map(model, self.data.unbind(0))`` (a model's test: in a
    # process of its own)
    pytest.importorskip("torch")
    script = _write(tmp_path, "unbind.py", UNBIND)
    out = tmp_path / "p.json"
    done = subprocess.run(
        [sys.executable, "-m", "arraybench", "profile", "--all", "-o", str(out), str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(out.read_text())
    rows = {r["line"]: r for r in [*data["findings"], *data.get("unlisted", [])]}
    f = rows.get(11)
    assert f is not None and f["code"] == "AB106", rows
    assert "once per row of self.data (torch.Tensor float32 6000x32" in f["evidence"]


WAVE = """\
import numpy as np


class Sim:
    def __init__(self, n):
        self.u = np.random.default_rng(0).random((n, n)).astype(np.float32)
        self.u_prev = self.u.copy()

    def lap(self, u):
        out = np.zeros_like(u)
        out[1:-1, 1:-1] = u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] - 3 * u[1:-1, 1:-1]
        return out

    def energy(self):
        return float((self.u ** 2).sum())

    def step(self):
        lap = self.lap(self.u)
        u_new = 0.5 * self.u + 0.4 * self.u_prev + 0.01 * lap + 0.05 * self.u * self.u_prev
        self.u_prev, self.u = self.u, u_new


sim = Sim(500)
history = []
for it in range(1200):
    sim.step()
    if it % 50 == 0:
        history.append(sim.energy())
print("result:", sum(history))
"""


def test_a_methods_last_lines_of_operators_are_not_read_as_the_loops_last_line(
    tmp_path: Path,
) -> None:
    # blind31's membrane: ``sim.step()`` then ``if it % 50 == 0:``; the signal of step's last
    # lines is handled at the loop's jump back, on the ``if`` line, which read 91-94% of the run
    report = profile(Target(script=_write(tmp_path, "wave.py", WAVE)))
    hot = {h.line: h for h in report.hot}
    tail = hot.get(19)
    assert tail is not None, hot
    assert 27 not in hot or hot[27].seconds < tail.seconds, (hot.get(27), tail)


HELD_FORCE = """\
import numpy as np


def gravity(pos, mass):
    diff = pos[None, :, :] - pos[:, None, :]
    r2 = (diff * diff).sum(-1) + 0.0025
    return (diff * (mass[None, :] * r2 ** -1.5)[:, :, None]).sum(1)


class Leapfrog:
    def __init__(self, force, dt):
        self.force = force
        self.dt = dt

    def step(self, pos, vel, mass):
        vel = vel + self.dt * self.force(pos, mass)
        return pos + self.dt * vel, vel


rng = np.random.default_rng(21)
pos = rng.standard_normal((400, 3)).astype(np.float32)
vel = np.zeros((400, 3), dtype=np.float32)
mass = rng.uniform(0.5, 1.5, 400) / 400
integrator = Leapfrog(gravity, 1e-3)
for step in range(60):
    pos, vel = integrator.step(pos, vel, mass)
print("result:", float(np.abs(pos).sum()))
"""


def test_a_float64_mass_in_a_force_an_object_holds_as_a_callback_promotes_the_state(
    tmp_path: Path,
) -> None:
    # blind31's torch_cluster_nbody: ``self.force(b.pos, b.mass)``, the force law handed to the
    # integrator; the way up from ``gravity`` to the loop is read from the run's stacks
    found = _found(profile(Target(script=_write(tmp_path, "held_force.py", HELD_FORCE))))
    f = found.get(7)
    assert f is not None and f.code == "AB410", found
    assert "mass (numpy.ndarray float64 400" in f.evidence


ENSEMBLE = """\
import numpy as np


class Model:
    def __init__(self, n):
        self.A = np.eye(n) * 0.76 + np.eye(n, k=1) * 0.1 + np.eye(n, k=-1) * 0.14

    def forecast(self, ensemble, rng):
        moved = np.array(list(map(lambda member: self.A @ member, ensemble)))
        return moved + 0.02 * rng.standard_normal(ensemble.shape)


rng = np.random.default_rng(0)
model = Model(60)
ensemble = rng.standard_normal((600, 60))
for step in range(60):
    ensemble = model.forecast(ensemble, rng)
print("result:", float(ensemble.sum()))
"""


def test_a_product_per_row_through_map_is_one_matrix_product(tmp_path: Path) -> None:
    # blind31's np_enkf_forecast: ``map(lambda member: self.A @ member, ensemble)``
    found = _found(profile(Target(script=_write(tmp_path, "ensemble.py", ENSEMBLE))))
    f = found.get(9)
    assert f is not None and f.code == "AB105", found
    assert "map over the 600 rows of ensemble" in f.evidence
    assert "ensemble @ self.A.T" in f.evidence


JAX_COMPUTE = """\
import jax
import jax.numpy as jnp

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def step(f, w):
    g = jnp.tanh(f @ w)
    return 0.5 * f + 0.5 * (g @ w.T) / 256.0


w = jax.random.normal(jax.random.PRNGKey(0), (256, 256)) / 16.0
f = jnp.ones((256, 256))
for it in range(700):
    f = step(f, w)
print("result:", float(f.sum()))
"""


def test_a_loop_of_one_jitted_call_of_real_work_a_step_is_not_priced_as_its_dispatch(
    tmp_path: Path,
) -> None:
    # round 18's lattice Boltzmann: one jitted call a step of ~1 ms of work, stated 77% for
    # 4.1%: inside JAX the loop keeps the work; it saves a few calls' dispatch a step at most
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "jax_compute.py", JAX_COMPUTE)))
    f = _found(report).get(15)
    assert f is None or f.code == "AB405", f
    if f is not None and f.seconds / 700 > 1e-4:  # (a step of real work on this machine)
        assert f.gain is not None and f.gain[1] < 0.5 * f.seconds, f
    assert all(g.line != 15 for g in report.findings), report.findings  # (not listed)


SMOOTHER = """\
import numpy as np


class Smoother:
    def __init__(self, grid, noise=0.1):
        self.grid = grid
        self.noise = noise
        self.K = np.exp(-0.5 * ((grid[:, None] - grid[None, :]) / 0.15) ** 2)

    def posterior_mean(self, y):
        A = self.K + self.noise ** 2 * np.eye(len(self.grid))
        A_inv = np.linalg.inv(A)
        return self.K @ (A_inv @ y)


rng = np.random.default_rng(3)
grid = np.linspace(0.0, 1.0, 200)
sm = Smoother(grid)
total = 0.0
for k in range(150):
    total += float(sm.posterior_mean(np.sin(7 * grid) + 0.1 * rng.standard_normal(200)).sum())
print("result:", total)
"""


def test_an_inverse_of_a_local_made_once_from_attributes_in_a_method_is_invariant(
    tmp_path: Path,
) -> None:
    # blind33's np_spectral_smoother: ``A = self.K + ...`` then ``A_inv = np.linalg.inv(A)`` in a
    # method called once per trace: an assignment's input made once above, from attributes
    found = _found(profile(Target(script=_write(tmp_path, "smoother.py", SMOOTHER))))
    f = found.get(12)
    assert f is not None and f.code == "AB411", found
    assert "calls posterior_mean() with the same inputs every time" in f.evidence


FROMITER = """\
import numpy as np


def predict(X, beta):
    return np.fromiter(map(lambda row: row @ beta, X), dtype=np.float64, count=len(X))


rng = np.random.default_rng(0)
X = rng.standard_normal((20_000, 24))
beta = np.zeros(24)
for it in range(40):
    r = rng.standard_normal(20_000) - predict(X, beta)
    beta = beta + 1e-6 * (X.T @ r)
print("result:", float(beta.sum()))
"""


def test_a_vector_product_per_row_mapped_inside_fromiter_is_one_product(tmp_path: Path) -> None:
    # blind33's np_robust_regression: ``np.fromiter(map(lambda row: row @ beta, X), ...)``; the
    # run records the function's X beside the lambda's own names on the same line
    found = _found(profile(Target(script=_write(tmp_path, "fromiter.py", FROMITER))))
    f = found.get(5)
    assert f is not None and f.code == "AB105", found
    assert "map over the 20,000 rows of X" in f.evidence and "X @ beta" in f.evidence
