# ruff: noqa
"""Song-bout embeddings for a birdsong research archive: each recorded bout (a variable number of
spectral frames) is passed through a small frame encoder with attention pooling, bouts are
embedded, and each bout is matched to the nearest species centroid to report per-species recall."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")

N_BINS = 32
HIDDEN = 64
SPECIES = ("zebra finch", "canary", "bengalese finch", "starling", "nightingale")


def init_params(rng):
    shapes = {"w1": (N_BINS, HIDDEN), "w2": (HIDDEN, HIDDEN), "att": (HIDDEN,)}
    return {k: jnp.asarray(rng.normal(size=s) / np.sqrt(s[0]), dtype=jnp.float32) for k, s in shapes.items()}


@jax.jit
def encode(params, frames):
    h = jnp.tanh(frames @ params["w1"])
    h = jnp.tanh(h @ params["w2"]) + h
    logits = h @ params["att"]
    weights = jax.nn.softmax(logits)
    pooled = weights @ h
    return pooled / jnp.linalg.norm(pooled)


MAX_FRAMES = 320


@jax.jit
def encode_padded(params, frames, n):
    h = jnp.tanh(frames @ params["w1"])
    h = jnp.tanh(h @ params["w2"]) + h
    logits = jnp.where(jnp.arange(frames.shape[0]) < n, h @ params["att"], -jnp.inf)
    weights = jax.nn.softmax(logits)
    pooled = weights @ h
    return pooled / jnp.linalg.norm(pooled)


@dataclass
class Bout:
    bird: str
    species: int
    frames: np.ndarray

    def embedding(self, params):
        padded = np.zeros((MAX_FRAMES, N_BINS), dtype=np.float32)
        padded[: len(self.frames)] = self.frames
        return encode_padded(params, padded, len(self.frames))


def synth_bouts(rng, n, templates):
    bouts = []
    for i in range(n):
        species = i % len(SPECIES)
        length = 64 * int(rng.integers(1, 6))
        phase = np.arange(length)[:, None] / 9.0
        frames = templates[species] * (1.0 + 0.3 * np.sin(phase)) + 0.5 * rng.normal(size=(length, N_BINS))
        bouts.append(Bout(f"bird-{i:03d}", species, frames.astype(np.float32)))
    return bouts


rng = np.random.default_rng(17)
templates = rng.normal(size=(len(SPECIES), N_BINS))
params = init_params(np.random.default_rng(1))
bouts = synth_bouts(rng, 200, templates)
emb = np.stack(list(map(lambda b: np.asarray(b.embedding(params)), bouts)))
labels = np.array([b.species for b in bouts])
centroids = np.stack([emb[labels == s].mean(axis=0) for s in range(len(SPECIES))])
pred = (emb @ centroids.T).argmax(axis=1)
recall = {}
for s, name in enumerate(SPECIES):
    recall[name] = float(jnp.mean(jnp.asarray(pred[labels == s] == s)))
print("recall per species:", recall)
print(f"result: {np.abs(emb).sum() + sum(recall.values()):.10e}")
