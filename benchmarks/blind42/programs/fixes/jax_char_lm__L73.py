# ruff: noqa
"""Character-level language model trained with JAX on a synthetic corpus produced by a small
Markov chain over 40 symbols: embeddings, one hidden tanh layer over a fixed context window and
a softmax head, trained by SGD with momentum and a learning-rate warm-up in stages; prints the
held-out cross-entropy in bits per character."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

VOCAB, CONTEXT, DIM, HIDDEN = 40, 8, 16, 128


def markov_corpus(n, rng):
    trans = rng.dirichlet(np.full(VOCAB, 0.15), size=VOCAB)
    cdf = np.cumsum(trans, axis=1)
    out = np.empty(n, dtype=np.int32)
    out[0] = 0
    u = rng.random(n)
    for i in range(1, n):
        out[i] = min(np.searchsorted(cdf[out[i - 1]], u[i]), VOCAB - 1)
    return out


def windows(text):
    idx = np.arange(CONTEXT)[None, :] + np.arange(len(text) - CONTEXT)[:, None]
    return text[idx], text[CONTEXT:]


def init_params(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "emb": 0.1 * jax.random.normal(k1, (VOCAB, DIM)),
        "w1": jax.random.normal(k2, (CONTEXT * DIM, HIDDEN)) / np.sqrt(CONTEXT * DIM),
        "b1": jnp.zeros(HIDDEN),
        "w2": jax.random.normal(k3, (HIDDEN, VOCAB)) / np.sqrt(HIDDEN),
        "b2": jnp.zeros(VOCAB),
    }


def loss_fn(params, x, y):
    h = params["emb"][x].reshape(x.shape[0], -1)
    h = jnp.tanh(h @ params["w1"] + params["b1"])
    logits = h @ params["w2"] + params["b2"]
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


@partial(jax.jit, static_argnums=(4,))
def train_step(params, velocity, x, y, lr):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    velocity = jax.tree_util.tree_map(lambda v, g: 0.9 * v + g, velocity, grads)
    params = jax.tree_util.tree_map(lambda p, v: p - lr * v, params, velocity)
    return params, velocity, loss


def schedule(step, base=0.5, stages=4, stage_len=25):
    return base * min(1.0, (step // stage_len + 1) / stages)


rng = np.random.default_rng(9)
text = markov_corpus(40000, rng)
X, Y = windows(text)
n_train = 32000
params = init_params(jax.random.PRNGKey(0))
velocity = jax.tree_util.tree_map(jnp.zeros_like, params)
eval_loss = jax.jit(loss_fn)
logged = []
for step in range(300):
    batch = rng.integers(0, n_train, size=256)
    params, velocity, loss = train_step(params, velocity, X[batch], Y[batch], schedule(step))
    if step % 100 == 0:
        logged.append((step, loss))
for s, l in logged:
    print(f"step {s}: loss {float(l):.4f}")
held_out = float(eval_loss(params, X[n_train:], Y[n_train:]))
print(f"held-out: {held_out / np.log(2):.4f} bits per character")
print(f"result: {held_out:.10e}")
