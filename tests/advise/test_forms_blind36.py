"""The forms blind36 (benchmarks/blind36) wrote, cut down to what made the profiler miss them: a
product per row through ``map`` of a ``functools.partial``, a ``np.vectorize`` made in a closure
and called per frame (told where it is made; the frame loop around it is not the cost), a
``torch.cat`` growth in a conditional expression of a hook, and a ``@staticmethod @jax.jit``
compiled again for each new length. Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")

SNP = """\
from functools import partial

import numpy as np


def snp_score(resid, dosage_row):
    return dosage_row @ resid


class Scan:
    def __init__(self, G):
        self.G = G

    def scores(self, resid):
        score = partial(snp_score, resid)
        return np.fromiter(map(score, self.G), dtype=np.float64, count=self.G.shape[0])


rng = np.random.default_rng(1)
scan = Scan(rng.standard_normal((3000, 300)).astype(np.float32))
y = rng.standard_normal(300).astype(np.float32)
total = 0.0
for k in range(150):
    total += float(scan.scores(rng.permutation(y)).max())
print("result:", total)
"""


def test_a_product_per_row_through_map_of_a_partial(tmp_path: Path) -> None:
    # blind36's np_snp_permutation: ``map(partial(snp_score, resid), self.G)``, one dot
    # product per row; ``resid`` a parameter, seen where the method is called
    found = _found(profile(Target(script=_write(tmp_path, "snp.py", SNP))))
    f = found.get(16)
    assert f is not None and f.code == "AB105", found
    assert "map over the 3,000 rows of self.G" in f.evidence
    assert "self.G @ resid" in f.evidence


CODEC = """\
import math

import numpy as np


def make_codec(mu=255.0):
    denom = math.log1p(mu)

    def compress_sample(x):
        return math.copysign(math.log1p(mu * abs(x)) / denom, x)

    compress = np.vectorize(compress_sample, otypes=[np.float64])
    return compress


def frame_energy(frames, compress):
    out = []
    for frame in frames:
        out.append(float(np.sum(compress(frame) ** 2)))
    return out


frames = np.random.default_rng(3).uniform(-1, 1, (6000, 400))
print("result:", sum(frame_energy(frames, make_codec())))
"""


def test_a_vectorized_function_called_per_frame_is_the_cost_not_the_frame_loop(
    tmp_path: Path,
) -> None:
    # blind36's np_mulaw_codec: ``compress = np.vectorize(...)`` in a closure, called on each
    # 400-sample frame: 2.4 M Python calls; the frame loop was told "per-sample loop", lint's
    # apply-loop on the call dropped inside it
    found = _found(profile(Target(script=_write(tmp_path, "codec.py", CODEC))))
    f = found.get(19)
    assert f is not None and f.code == "AB103", found
    assert "compress is a numpy.vectorize" in f.evidence
    assert "(made at line 12: compress = np.vectorize(" in f.evidence
    assert not any(g.code == "AB106" for g in found.values()), found


RECORDER = """\
import torch


class Recorder:
    def __init__(self):
        self.trajectory = None

    def __call__(self, state):
        snap = state.unsqueeze(0)
        self.trajectory = snap if self.trajectory is None else torch.cat([self.trajectory, snap])


def simulate(days, hooks):
    state = torch.rand(400, 50)
    for day in range(days):
        state = state * 0.999 + 0.001
        for hook in hooks:
            hook(state)
    return state


rec = Recorder()
simulate(400, [rec])
print("result:", float(rec.trajectory.sum()))
"""


def test_a_growth_in_a_conditional_expression_of_a_hook(tmp_path: Path) -> None:
    # blind36's torch_outbreak_ensemble: ``snap if self.trajectory is None else
    # torch.cat([self.trajectory, snap])``, copying the whole trajectory every day
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "recorder.py", RECORDER))))
    f = found.get(10)
    assert f is not None and f.code == "AB107", found
    assert "every time copying all of self.trajectory so far" in f.evidence


PERIODOGRAM = """\
import jax
import jax.numpy as jnp
import numpy as np


class Periodogram:
    def __init__(self):
        self.freqs = jnp.linspace(0.01, 0.5, 2000)

    @staticmethod
    @jax.jit
    def power(t, v, freqs):
        arg = 2 * jnp.pi * freqs[:, None] * t[None, :]
        return (jnp.cos(arg) @ v) ** 2 + (jnp.sin(arg) @ v) ** 2

    def best(self, t, v):
        p = self.power(jnp.asarray(t), jnp.asarray(v), self.freqs)
        return float(jnp.max(p))


rng = np.random.default_rng(8)
pg = Periodogram()
total = 0.0
for i in range(12):
    n = int(rng.integers(24, 160))
    t = np.sort(rng.uniform(0.0, 900.0, n)).astype(np.float32)
    total += pg.best(t, np.sin(t).astype(np.float32))
print("result:", total)
"""


def test_a_static_jitted_method_compiled_again_for_each_length(tmp_path: Path) -> None:
    # blind36's jax_rv_periodogram: ``self.power(...)`` of ``@staticmethod @jax.jit``, each
    # star's new length a new compile; the run does not record ``self.power`` by name
    pytest.importorskip("jax")
    found = _found(profile(Target(script=_write(tmp_path, "periodogram.py", PERIODOGRAM))))
    f = found.get(17)
    assert f is not None and f.code == "AB404", found
    assert "jit(power)" in f.evidence


MASK = """\
import torch


def causal_mask(n):
    return torch.tensor([[j > i for j in range(n)] for i in range(n)])


def attend(x):
    b, t, d = x.shape
    scores = x @ x.transpose(1, 2)
    return scores.masked_fill(causal_mask(t), float("-inf")).softmax(-1) @ x


x = torch.randn(2, 128, 16)
for step in range(60):
    x = attend(x)
print("result:", float(x.sum()))
"""


def test_a_pure_function_called_with_the_same_int_at_every_look(tmp_path: Path) -> None:
    # blind30's torch_tiny_lm: ``causal_mask(t)``, ``t`` a shape the source cannot tell is
    # fixed, 128 at every look: the same mask built from Python bools at every call (it was
    # told AB412, "do the step on Python floats")
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "mask.py", MASK))))
    f = found.get(5)
    assert f is not None and f.code == "AB411", found
    assert "line 11's causal_mask(t) runs 60 times with t = 128 at every look" in f.evidence
    assert not any(g.code == "AB412" for g in found.values()), found


BANK = """\
import functools
import math

import torch
import torch.nn.functional as F


def blur_bank(size, sigma, n_angles):
    coords = [i - size // 2 for i in range(size)]
    bank = []
    for a in range(n_angles):
        c, s = math.cos(math.pi * a / n_angles), math.sin(math.pi * a / n_angles)
        bank.append([[math.exp(-((c * x + s * y) ** 2) / (2 * sigma ** 2)) for x in coords]
                     for y in coords])
    k = torch.tensor(bank)
    return k / k.sum(dim=(1, 2), keepdim=True)


def blur(img, size=5, n_angles=4):
    bank = blur_bank(size, 2.5, n_angles)
    return F.conv2d(img[None], bank[:1, None], padding=size // 2)[0]


transforms = [functools.partial(blur, size=9, n_angles=8)]
total = 0.0
for i in range(600):
    img = torch.rand(1, 16, 16)
    for t in transforms:
        img = t(img)
    total += float(img.sum())
print("result:", total)
"""


def test_a_constant_bank_a_transform_builds_per_sample(tmp_path: Path) -> None:
    # blind31's torch_blur_augment: ``blur_bank(size, 2.5, n_angles)`` with a partial's
    # ``size=9, n_angles=8``, held in a list of transforms the source cannot follow: the same
    # kernel bank built for every sample, its arguments the same at every look
    pytest.importorskip("torch")
    found = _found(profile(Target(script=_write(tmp_path, "bank.py", BANK))))
    f = found.get(20)
    assert f is not None and f.code == "AB411", found
    assert "with size = 9, n_angles = 8 at every look" in f.evidence
