"""The forms blind27 (benchmarks/blind27) wrote around loop-invariant work and recompiles, cut
down to what made the profiler miss them: a solve with an unchanged matrix behind a
``functools.partial``, an inverse in a property read by a bound method passed in as a hook, a
filter kernel made by a property for every frame, and a jitted function recompiled for a static
argument another function of the file computes on the same line. Never a wall-clock
assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

PARTIAL_SOLVE = """\
import functools

import numpy as np


def reweighted_step(z, y, system, delta):
    r = y - z
    w = np.where(np.abs(r) <= delta, 1.0, delta / np.maximum(np.abs(r), 1e-12))
    return np.linalg.solve(system, z + 0.5 * w * r)


n = 300
y = np.sin(np.linspace(0, 6, n))
D = np.diff(np.eye(n), 2, axis=0)
system = np.eye(n) + 20.0 * (D.T @ D)
step = functools.partial(reweighted_step, y=y, system=system, delta=0.3)
z = y.copy()
for it in range(120):
    z = step(z)
print("result:", float(z.sum()))
"""


def test_a_solve_behind_a_partial_with_the_same_matrix_is_an_invariant_solve(
    tmp_path: Path,
) -> None:
    # blind27's np_robust_smoother: ``functools.partial(reweighted_step, system=system)``
    # called per iteration; the matrix bound once
    found = _found(profile(Target(script=_write(tmp_path, "smooth.py", PARTIAL_SOLVE))))
    f = found.get(9)
    assert f is not None and f.code == "AB407", found
    assert "(the loop at line 18 calls reweighted_step() with it every time)" in f.evidence


HOOK = """\
import numpy as np


class Prior:
    def __init__(self, n):
        i = np.arange(n)
        self.cov = np.exp(-(((i[:, None] - i[None, :]) / 8.0) ** 2)) + 1e-2 * np.eye(n)

    @property
    def precision(self):
        return np.linalg.inv(self.cov)

    def penalty(self, w):
        return 0.5 * float(w @ self.precision @ w)


class Trainer:
    def __init__(self, n, hook):
        self.w = np.zeros(n)
        self.hook = hook

    def step(self, g):
        self.w -= 0.01 * g
        return self.hook(self.w)


prior = Prior(300)
trainer = Trainer(300, prior.penalty)
total = 0.0
for epoch in range(40):
    total += trainer.step(np.ones(300))
print("result:", total)
"""


def test_an_inverse_in_a_property_read_by_a_hook_the_loop_calls_is_invariant(
    tmp_path: Path,
) -> None:
    # blind27's torch_prior_regression: ``prior.penalty`` handed to the trainer and called as
    # ``self.hook(...)``; the calls the file does not name are read from the run's stacks
    found = _found(profile(Target(script=_write(tmp_path, "hook.py", HOOK))))
    f = found.get(11)
    assert f is not None and f.code == "AB411", found
    assert "its part `np.linalg.inv(self.cov)`" in f.evidence
    assert "from inputs the loop at line 30 never changes" in f.evidence


KERNEL = """\
import numpy as np


class BandPass:
    def __init__(self, low, high, taps, n_fft):
        self.low, self.high, self.taps, self.n_fft = low, high, taps, n_fft

    @property
    def kernel(self):
        n = np.arange(self.taps) - (self.taps - 1) / 2
        h = self.high * np.sinc(self.high * n) - self.low * np.sinc(self.low * n)
        return h * np.hamming(self.taps)

    def apply(self, frame):
        response = np.fft.rfft(self.kernel, self.n_fft)
        return np.fft.irfft(np.fft.rfft(frame, self.n_fft) * response, self.n_fft)


filt = BandPass(0.02, 0.12, 2049, 4096)
signal = np.random.default_rng(1).standard_normal(2048 * 600)
total = 0.0
for start in range(0, signal.size, 2048):
    total += float(filt.apply(signal[start:start + 2048])[:2048].std())
print("result:", total)
"""


def test_a_filter_kernel_a_pure_property_designs_again_per_frame_is_invariant(
    tmp_path: Path,
) -> None:
    # blind27's np_vibration_denoise: ``np.fft.rfft(self.kernel, self.n_fft)`` per frame, the
    # kernel a property of attributes only __init__ sets (sinc and a Hamming window)
    found = _found(profile(Target(script=_write(tmp_path, "bandpass.py", KERNEL))))
    f = found.get(15)
    assert f is not None and f.code == "AB411", found
    assert "through the property self.kernel, made from attributes only __init__ sets" in (
        f.evidence
    )


STATIC_BUDGET = """\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames=("n_iter",))
def power(A, v, n_iter):
    v = jax.lax.fori_loop(0, n_iter, lambda i, v: (A @ v) / jnp.linalg.norm(A @ v), v)
    return v @ (A @ v)


def budget(A):
    spread = float(np.abs(A).sum(axis=1).max() / np.abs(A).sum(axis=1).mean())
    return 20 + int(40 * (spread - 1.0) * 4)


rng = np.random.default_rng(13)
out = []
for k in range(12):
    A = rng.standard_normal((32, 32))
    out.append(float(power(jnp.asarray(A + A.T), jnp.ones(32), budget(A))))
print("result:", sum(out))
"""


def test_recompiles_for_a_static_argument_computed_on_the_line_are_priced_by_their_time(
    tmp_path: Path,
) -> None:
    # blind27's jax_spectral_radius: the compiles of ``power`` land after ``budget(A)``
    # returns, on the same line; their measured durations are the finding's time
    pytest.importorskip("jax")
    report = profile(Target(script=_write(tmp_path, "budget.py", STATIC_BUDGET)))
    found = _found(report)
    f = found.get(23)
    assert f is not None and f.code == "AB404", found
    assert f.seconds > 0 and f.gain is not None and f.gain[1] > 0, f
    # and the compiles are not read as ``budget``'s last line (given back to the call's line:
    # a tail line gets at most a few times what its bursts timed it at)
    hot = {h.line: h for h in report.hot}
    assert 16 not in hot or hot[16].seconds < f.seconds / 2, hot.get(16)
