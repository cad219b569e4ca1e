"""Engagement scores for user sessions of different lengths, computed with JAX.

Each synthetic session is a sequence of event feature vectors. A jitted scorer applies a small
projection, an exponentially decayed attention over the events and a logistic output; a running
mean of the scores is updated with a jitted step that takes the learning rate as an argument.
"""
import jax
import jax.numpy as jnp
import numpy as np


def make_sessions(n, d, seed):
    rng = np.random.default_rng(seed)
    lengths = rng.integers(20, 400, size=n)
    return [rng.standard_normal((int(L), d)).astype(np.float32) for L in lengths]


@jax.jit
def session_score(events, W, v):
    h = jnp.tanh(events @ W)
    n = events.shape[0]
    decay = jnp.exp(-0.01 * (n - 1 - jnp.arange(n)))
    att = jax.nn.softmax(h @ v + jnp.log(decay))
    pooled = att @ h
    return jax.nn.sigmoid(pooled.sum())


@jax.jit
def running_update(mean, score, rate):
    return mean + rate * (score - mean)


def main():
    d = 24
    key = jax.random.PRNGKey(0)
    k1, k2 = jax.random.split(key)
    W = jax.random.normal(k1, (d, 32)) * 0.2
    v = jax.random.normal(k2, (32,)) * 0.2
    sessions = make_sessions(16, d, seed=2)
    mean = jnp.float32(0.0)
    scores = []
    for i, events in enumerate(sessions):
        s = session_score(jnp.asarray(events), W, v)
        scores.append(s)
        mean = running_update(mean, s, jnp.float32(1.0 / (i + 1)))
    total = float(jnp.stack(scores).sum())
    print("result:", round(total + float(mean), 5))


if __name__ == "__main__":
    main()
