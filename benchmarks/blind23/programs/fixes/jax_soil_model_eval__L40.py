"""Held-out evaluation of a trained two-layer JAX regression model that predicts soil moisture
from 32 sensor channels: the test records are scored one by one, then the RMSE, the bias and a
10-bin reliability curve are reported."""
import jax
import jax.numpy as jnp
import numpy as np


def init_params(key, n_in, n_hidden):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (n_hidden, n_in)) / jnp.sqrt(n_in),
        "b1": jnp.zeros(n_hidden),
        "w2": jax.random.normal(k2, (n_hidden,)) / jnp.sqrt(n_hidden),
        "b2": jnp.array(0.1),
    }


def dense(w, b, x):
    return jnp.tanh(w @ x + b)


def predict_one(params, x):
    h = dense(params["w1"], params["b1"], x)
    return params["w2"] @ h + params["b2"]


def reliability(pred, target, n_bins=10):
    edges = np.quantile(pred, np.linspace(0, 1, n_bins + 1))
    which = np.clip(np.searchsorted(edges, pred, side="right") - 1, 0, n_bins - 1)
    return np.array([target[which == b].mean() - pred[which == b].mean() for b in range(n_bins)])


rng = np.random.default_rng(12)
params = init_params(jax.random.PRNGKey(0), 32, 64)
X = rng.standard_normal((2_500, 32)).astype(np.float32)
true_w = rng.standard_normal(32).astype(np.float32) / 6.0
y = np.tanh(X @ true_w) + 0.05 * rng.standard_normal(2_500).astype(np.float32)

preds = jnp.tanh(jnp.asarray(X) @ params["w1"].T + params["b1"]) @ params["w2"] + params["b2"]
pred = np.asarray(preds)
err = pred - y
scales = jnp.array([0.5, 1.0, 2.0])
spread = [float(jnp.mean(jnp.asarray(err) * s) ** 2) for s in scales]
rmse = float(np.sqrt(np.mean(err ** 2)))
curve = reliability(pred, y)
print(f"rmse {rmse:.4f}, bias {err.mean():+.4f}, worst bin {np.abs(curve).max():.4f}")
print(f"result: {rmse + float(err.mean()) + float(np.abs(curve).sum()) + sum(spread):.10e}")
