"""The forms blind21 (benchmarks/blind21) wrote around known kinds, cut down to what made the
profiler miss them: a vectorized payoff the object holds, a constant list read from the
object's dict in a property, a float64 tensor a method makes from NumPy's draws, and a jitted
sweep recompiled for each temperature of a schedule (a static argument). Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")


HELD = """\
import numpy as np
import torch


class Pricer:
    def __init__(self):
        self._payoff = np.vectorize(self.call)

    @staticmethod
    def call(s, k):
        return s - k if s > k else 0.0

    def price(self, s, k):
        return self._payoff(s, k).mean()


class Pipeline:
    def __init__(self, config):
        self.config = config

    @property
    def curve(self):
        return torch.tensor(self.config["curve"])

    def __call__(self, idx):
        return torch.gather(self.curve, 1, idx)


rng = np.random.default_rng(4)
s = 100 * np.exp(0.2 * rng.standard_normal(40_000))
pricer = Pricer()
total = sum(pricer.price(s, k) for k in np.linspace(90, 110, 12))
pipe = Pipeline({"curve": [[(i / 1023) ** 0.5 for i in range(1024)] for _ in range(3)]})
idx = torch.randint(0, 1024, (3, 256))
for _ in range(1500):
    total += float(pipe(idx).sum())
print(total)
"""


def test_a_vectorized_function_and_a_constant_list_the_object_holds(tmp_path: Path) -> None:
    # blind21's option grid (``self._payoff = np.vectorize(...)`` called in a method) and
    # colour pipeline (``torch.tensor(self.config["curve"])`` in a property read per tile)
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "held.py", HELD)))
    found = _found(report)
    vec = found.get(14)
    assert vec is not None and vec.code == "AB103", found
    assert "self._payoff is a numpy.vectorize" in vec.evidence
    build = found.get(23)
    assert build is not None and build.code == "AB108", found
    assert "self.config['curve']" in build.evidence


NOISE = """\
import numpy as np
import torch


class Walkers:
    def __init__(self, n):
        self.rng = np.random.default_rng(4)
        self.x = torch.zeros(n, 2, dtype=torch.float32)

    def noise(self):
        return torch.from_numpy(self.rng.standard_normal(self.x.shape))

    def drift(self, x):
        return -4 * x * (x * x - 1) + 0.3 * torch.sin(6 * x) * torch.cos(3 * x)

    def step(self):
        x = self.x
        self.x = x + 1e-3 * self.drift(x) + 0.05 * self.noise()


w = Walkers(120_000)
for t in range(200):
    w.step()
print(float(w.x.sum()))
"""


def test_a_float64_tensor_a_method_makes_from_numpy_draws_promotes_the_state(
    tmp_path: Path,
) -> None:
    # blind21's Langevin sampler: ``self.noise()`` returns ``torch.from_numpy`` of NumPy's
    # float64 draws, and the float32 walkers are float64 from the first step on, the drift's
    # sin and cos included; the line's looks all fell in its first run (float32)
    pytest.importorskip("torch")
    report = profile(Target(script=_write(tmp_path, "noise.py", NOISE)))
    f = _found(report).get(18)
    assert f is not None and f.code == "AB410", _found(report)
    assert "self.noise() (a float64 tensor: line 11 returns" in f.evidence
    assert ".float()" in f.evidence


STATIC = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2,))
def sweep(spins, key, temperature):
    key, sub = jax.random.split(key)
    flip = jax.random.uniform(sub, spins.shape) < jnp.exp(-2.0 / temperature)
    return jnp.where(flip, -spins, spins), key


key = jax.random.PRNGKey(0)
spins = jnp.ones((64, 256))
for temperature in [3.0, 1.5, 0.75, 0.4]:
    for _ in range(20):
        spins, key = sweep(spins, key, temperature)
print(float(spins.sum()))
"""


def test_a_static_argument_of_a_schedule_recompiles_at_each_value(tmp_path: Path) -> None:
    # blind21's annealing: ``temperature`` a static argument, four compiles for four values,
    # which JAX's cache-miss explanation names (fewer than the five of new shapes)
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "static.py", STATIC)))
    f = _found(report).get(18)
    assert f is not None and f.code == "AB404", _found(report)
    assert "Static(" in f.evidence


def test_a_line_no_burst_hit_is_counted_where_its_count_is_exact() -> None:
    # blind24's weighted regression: each build of a 120,000-item list in a property lasted
    # 5 ms, no burst of the line timer hit the line, and the build was only a hint ("AB108
    # (build-in-loop)?"): the line's exact count (its block's) is its count
    from arraybench.advise.rules.patterns.constant_build import PATTERN
    from arraybench.advise.run.ledger import Count

    class Ledger:
        def __init__(self, exact: bool) -> None:
            self.exact = exact

        def traced_hits(self, key: object) -> int:
            return 0

        def count(self, key: object) -> Count:
            return Count(201, exact=self.exact)

    class Run:
        def __init__(self, exact: bool) -> None:
            self.led = Ledger(exact)

    assert PATTERN.count(Run(True), "p.py", 22, 22) == Count(201, exact=True)  # type: ignore[arg-type]
    assert PATTERN.count(Run(False), "p.py", 22, 22) is None  # type: ignore[arg-type]
