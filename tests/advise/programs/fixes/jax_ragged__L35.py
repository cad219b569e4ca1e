# ruff: noqa
"""Scores variable-length synthetic sensor recordings with a jitted attention-pooling feature
extractor in JAX; prints the summed anomaly score."""
import jax
import jax.numpy as jnp
import numpy as np


def make_recordings(n, rng):
    return [rng.normal(size=(int(rng.integers(40, 400)), 8)).astype(np.float32) for _ in range(n)]


@jax.jit
def pooled_features(seq, w, query):
    h = jnp.tanh(seq @ w)
    att = jax.nn.softmax(h @ query)
    return att @ h


def score_all(recordings, w, query, centre):
    scores = []
    for rec in recordings:
        feats = pooled_features(jnp.asarray(rec), w, query)
        scores.append(jnp.sum((feats - centre) ** 2))
    return jnp.stack(scores)


rng = np.random.default_rng(0)
w = jnp.asarray(rng.normal(size=(8, 32)).astype(np.float32) * 0.3)
query = jnp.asarray(rng.normal(size=32).astype(np.float32))
centre = jnp.zeros(32)
recordings = make_recordings(20, rng)
scale = [0.5, 1.0, 2.0]
total = 0.0
for s in scale:
    total += float(jnp.sum(score_all(recordings[:8], w * s, query, centre)))
total += float(jnp.sum(score_all(recordings, w, query, centre)))
print(f"result: {total:.8e}")
