# ruff: noqa
"""Cross-direction basis-weight control on a paper machine: the headbox slice actuators are driven
by a linear-quadratic regulator on a model of the sheet's weight profile, disturbances from the
stock feed are simulated for a shift, and the variability before and after control is reported."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@dataclass
class MillConfig:
    n_zones: int = 192
    n_steps: int = 600
    spread: float = 2.5
    q_weight: float = 1.0
    r_weight: float = 0.05


def interaction_matrix(n, spread):
    d = np.arange(n)[:, None] - np.arange(n)[None, :]
    return jnp.asarray(np.exp(-0.5 * (d / spread) ** 2) / (spread * np.sqrt(2 * np.pi)), dtype=jnp.float32)


def make_regulator(A, B, Q, R):
    P = Q + A.T @ Q @ A

    def regulate(x):
        gain = jnp.linalg.solve(R + B.T @ P @ B, B.T @ P @ A)
        return -gain @ x

    return regulate


def run_shift(cfg, regulate, A, B, disturbances, actuator_limits):
    x = jnp.zeros(cfg.n_zones, dtype=jnp.float32)
    sq = jnp.zeros((), dtype=jnp.float32)
    for k in range(cfg.n_steps):
        u = jnp.clip(regulate(x), -actuator_limits, actuator_limits)
        x = A @ x + B @ u + disturbances[k]
        sq = sq + x @ x
    return x, sq / cfg.n_steps


cfg = MillConfig()
rng = np.random.default_rng(8)
n = cfg.n_zones
A = 0.92 * jnp.eye(n, dtype=jnp.float32)
B = interaction_matrix(n, cfg.spread)
Q = cfg.q_weight * jnp.eye(n, dtype=jnp.float32)
R = cfg.r_weight * jnp.eye(n, dtype=jnp.float32)
walk = np.cumsum(rng.normal(0.0, 0.02, size=(cfg.n_steps, n)), axis=0)
disturbances = jnp.asarray(0.05 * rng.normal(size=(cfg.n_steps, n)) + 0.01 * walk, dtype=jnp.float32)
limits = jnp.full(n, 0.8, dtype=jnp.float32)
regulate = make_regulator(A, B, Q, R)
x_open, ms_open = run_shift(cfg, lambda x: jnp.zeros_like(x), A, B, disturbances, limits)
x_ctrl, ms_ctrl = run_shift(cfg, regulate, A, B, disturbances, limits)
edge = []
for side in ("front", "back", "centre"):
    zone = {"front": slice(0, 8), "back": slice(n - 8, n), "centre": slice(n // 2 - 4, n // 2 + 4)}[side]
    edge.append(float(jnp.abs(x_ctrl[zone]).mean()))
print(f"mean square profile error: open loop {float(ms_open):.4f}, controlled {float(ms_ctrl):.4f}")
print("edge errors:", [round(e, 4) for e in edge])
print(f"result: {float(ms_open) + float(ms_ctrl) + sum(edge):.10e}")
