# ruff: noqa
"""Acoustic monitoring of bee colonies before a honey harvest: microphone clips from each hive,
of varying length, are cut into frames and reduced to a band-energy signature with JAX; each
colony's signature is compared with a reference of a calm colony to score its piping activity
(a sign of swarming), and the colonies are ranked."""
import functools
from collections import deque
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

FRAME = 256
N_BANDS = 16
MIN_FRAMES, MAX_FRAMES = 40, 52


@dataclass
class Clip:
    hive: int
    samples: np.ndarray


@functools.partial(jax.jit, static_argnames=("n_bands",))
def band_energy(samples, bands, n_bands):
    frames = samples.reshape(-1, FRAME)
    proj = frames @ bands
    energy = jnp.log1p(proj**2).reshape(frames.shape[0], n_bands, -1).mean(-1)
    return energy.sum(0)


def signature(clip, bands):
    total = band_energy(jnp.asarray(clip.samples), bands, N_BANDS)
    return total / (len(clip.samples) // FRAME)


def score_clip(clip, bands, reference):
    sig = signature(clip, bands)
    return jnp.abs(jnp.log(sig) - jnp.log(reference)).sum()


def make_clips(n_hives, per_hive, rng):
    clips = []
    for h in range(n_hives):
        pitch = rng.uniform(300, 500)
        for _ in range(per_hive):
            n = FRAME * int(rng.integers(MIN_FRAMES, MAX_FRAMES))
            t = np.arange(n) / 8000.0
            x = np.sin(2 * np.pi * pitch * t) + 0.3 * rng.standard_normal(n)
            clips.append(Clip(h, x.astype(np.float32)))
    return clips


rng = np.random.default_rng(9)
basis = rng.standard_normal((FRAME, N_BANDS * 4)).astype(np.float32) / np.sqrt(FRAME)
bands = jnp.asarray(basis)
clips = make_clips(n_hives=12, per_hive=5, rng=rng)
ref_clip = Clip(-1, (0.3 * rng.standard_normal(FRAME * 100)).astype(np.float32))
reference = signature(ref_clip, bands)
gains = jnp.array([1.0, 0.8, 1.2])
norm = gains.max()
queue = deque(clips)
scores = np.zeros(12)
while queue:
    clip = queue.popleft()
    scores[clip.hive] += float(score_clip(clip, bands, reference)) / float(norm)
rank = np.argsort(-scores)
print("colonies by piping activity:", rank[:5].tolist())
print(f"result: {scores.sum():.10e}")
