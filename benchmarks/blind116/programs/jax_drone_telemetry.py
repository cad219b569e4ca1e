# ruff: noqa
"""Post-race telemetry review for a drone-racing team: each lap's IMU and GPS log (its own
number of samples, as laps differ in length) is reduced to a few figures (mean speed, peak
acceleration, jerk energy, battery draw) with a jitted feature function, and the laps are
compared across heats."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@dataclass
class HeatPlan:
    name: str
    n_laps: int
    base_speed: float


@jax.jit
def lap_features(pos, current, dt):
    vel = jnp.diff(pos, axis=0) / dt
    acc = jnp.diff(vel, axis=0) / dt
    jerk = jnp.diff(acc, axis=0) / dt
    speed = jnp.linalg.norm(vel, axis=1)
    return jnp.stack([
        speed.mean(),
        jnp.linalg.norm(acc, axis=1).max(),
        (jerk ** 2).sum() * dt * 1e-6,
        current.sum() * dt / 3600.0,
    ])


def synth_lap(rng, n, base_speed, dt=0.01):
    t = np.arange(n) * dt
    radius = 25.0 + rng.uniform(-2.0, 2.0)
    omega = base_speed / radius
    pos = np.stack([radius * np.cos(omega * t), radius * np.sin(omega * t), 3.0 + 0.5 * np.sin(3 * omega * t)], 1)
    pos += rng.normal(0.0, 0.02, size=pos.shape)
    current = 18.0 + 4.0 * rng.standard_normal(n)
    return pos.astype(np.float32), current.astype(np.float32)


class LapReview:
    def __init__(self, dt):
        self.dt = dt
        self.table = []

    def on_lap(self, heat, lap, pos, current):
        feats = lap_features(pos, current, self.dt)
        self.table.append((heat, lap, feats))


def replay(plans, rng, callback):
    for plan in plans:
        lap = 0
        while lap < plan.n_laps:
            n = int(rng.choice([1800, 1950, 2100, 2250, 2400]))
            pos, current = synth_lap(rng, n, plan.base_speed)
            callback(plan.name, lap, pos, current)
            lap += 1


plans = [HeatPlan("qualifier", 22, 14.0), HeatPlan("semi", 18, 15.5), HeatPlan("final", 14, 16.5)]
rng = np.random.default_rng(21)
review = LapReview(0.01)
replay(plans, rng, partial(LapReview.on_lap, review))
features = jnp.stack([f for _, _, f in review.table])
heats = np.array([h for h, _, _ in review.table])
best_per_heat = []
for plan in plans:
    best_per_heat.append(float(jnp.where(heats == plan.name, features[:, 0], -jnp.inf).max()))
    print(f"{plan.name:>9}: {plan.n_laps} laps, best mean speed {best_per_heat[-1]:.3f} m/s")
print(f"result: {float(features.sum()) + sum(best_per_heat):.10e}")
