# ruff: noqa
"""Speed-decay curves from ski-wax test sessions: in each session a tester logs the speed at the
timing gates of every run on one wax; a three-parameter glide model (entry speed, gravity term,
friction-plus-drag decay) is fitted per session by gradient descent, and the waxes are compared
by their fitted friction term."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

GATES = np.linspace(0.0, 60.0, 16)
STEPS = 400
LR = 0.05
MAXLEN = 16 * 32


def glide_model(params, x):
    v0, g_term, decay = params[0], params[1], params[2]
    return v0 + g_term * x / 60.0 - decay * (x / 60.0) ** 2


@jax.jit
def fit_curve(params, x, v, w):
    def loss(p):
        r = glide_model(p, x) - v
        return jnp.sum(w * r * r) / jnp.sum(w)

    grad = jax.grad(loss)

    def body(i, p):
        return p - LR * grad(p)

    p = jax.lax.fori_loop(0, STEPS, body, params)
    return p, loss(p)


@dataclass
class Session:
    wax: str
    temp_c: float
    x: np.ndarray
    v: np.ndarray

    def fit(self):
        pad = MAXLEN - len(self.v)
        w = np.concatenate([np.ones_like(self.v), np.zeros(pad, np.float32)])
        x = np.concatenate([self.x, np.zeros(pad, np.float32)])
        v = np.concatenate([self.v, np.zeros(pad, np.float32)])
        params, loss = fit_curve(jnp.array([6.0, 1.0, 0.5]), x, v, w)
        return np.asarray(params), loss


def make_sessions(rng):
    waxes = ["HF-blue", "LF-red", "graphite", "FC-free"]
    friction = {"HF-blue": 1.1, "LF-red": 1.25, "graphite": 1.4, "FC-free": 1.6}
    sessions = []
    for k in range(8):
        wax = waxes[k % 4]
        n_runs = 4 + 3 * k
        x = np.tile(GATES, n_runs).astype(np.float32)
        v = 6.2 + 1.8 * x / 60.0 - friction[wax] * (x / 60.0) ** 2
        v = (v + rng.normal(0.0, 0.05, size=x.shape)).astype(np.float32)
        sessions.append(Session(wax, float(rng.uniform(-10, 0)), x, v))
    return sessions


def main():
    rng = np.random.default_rng(8)
    sessions = make_sessions(rng)
    fitted = {}
    total = 0.0
    for s in sessions:
        params, loss = s.fit()
        mse = float(loss)
        fitted.setdefault(s.wax, []).append(params[2])
        total += float(params.sum()) + mse
    for wax, decays in fitted.items():
        print(f"{wax:>9}: decay term {np.mean(decays):.4f} +- {np.std(decays):.4f} ({len(decays)} sessions)")
    print(f"result: {total:.10e}")


if __name__ == "__main__":
    main()
