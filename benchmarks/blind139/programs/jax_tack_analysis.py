# ruff: noqa
"""Tack-and-gybe analysis of a regatta's GPS tracks: every boat's track on every leg is smoothed,
its velocity made good towards the mark computed against the wind-shift model, and each
manoeuvre's distance loss estimated; prints the fleet's best tacker and the mean VMG per leg."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class WindModel:
    mean_dir: float
    shift_amp: float
    period: float


@jax.jit
def leg_summary(track, wind_dir, mark_bearing):
    """VMG statistics and manoeuvre loss of one leg's (n, 3) track: x, y, t."""
    xy, t = track[:, :2], track[:, 2]
    kernel = jnp.array([0.25, 0.5, 0.25])
    xs = jnp.convolve(xy[:, 0], kernel, mode="same")
    ys = jnp.convolve(xy[:, 1], kernel, mode="same")
    dx, dy, dt = jnp.diff(xs), jnp.diff(ys), jnp.maximum(jnp.diff(t), 1e-3)
    speed = jnp.hypot(dx, dy) / dt
    heading = jnp.arctan2(dy, dx)
    vmg = speed * jnp.cos(heading - mark_bearing)
    twa = jnp.abs(jnp.arctan2(jnp.sin(heading - wind_dir[1:]), jnp.cos(heading - wind_dir[1:])))
    turn = jnp.diff(heading)
    turning = jnp.abs(jnp.arctan2(jnp.sin(turn), jnp.cos(turn))) > 0.6
    loss = jnp.sum(jnp.where(turning, jnp.maximum(vmg[1:].mean() - vmg[1:], 0.0) * dt[1:], 0.0))
    return jnp.stack([jnp.sum(vmg * dt), jnp.sum(dt), loss, jnp.mean(twa)])


def wind_along(model, t):
    return model.mean_dir + model.shift_amp * np.sin(2 * np.pi * t / model.period)


def analyse_leg(leg, mark_bearing, wind):
    track = jnp.asarray(leg)
    wdir = jnp.asarray(wind_along(wind, leg[:, 2]))
    return leg_summary(track, wdir, mark_bearing)


def simulate_leg(rng, n, bearing):
    t = np.cumsum(rng.uniform(0.8, 1.2, n))
    heading = bearing + 0.7 * np.sign(np.sin(t / rng.uniform(40, 90))) + rng.normal(0, 0.05, n)
    v = rng.uniform(5.0, 7.0) + rng.normal(0, 0.2, n)
    x = np.cumsum(v * np.cos(heading))
    y = np.cumsum(v * np.sin(heading))
    return np.stack([x, y, t], axis=1)


rng = np.random.default_rng(21)
wind = WindModel(mean_dir=0.3, shift_amp=0.15, period=600.0)
bearings = [0.3, 3.4, 0.3, 3.4]
boats = [f"NZL-{k}" for k in range(5)]
results = np.zeros((len(boats), len(bearings), 4))
for b in range(len(boats)):
    legs = [simulate_leg(rng, 60 * int(rng.integers(11, 15)), br) for br in bearings]
    per_leg = list(map(functools.partial(analyse_leg, wind=wind), legs, bearings))
    results[b] = np.asarray(jnp.stack(per_leg))
vmg = results[:, :, 0] / results[:, :, 1]
best = int(np.argmin(results[:, :, 2].sum(1)))
print(f"best tacker: {boats[best]}")
for leg in range(len(bearings)):
    print(f"leg {leg + 1}: mean VMG {vmg[:, leg].mean():.3f} m/s")
print(f"result: {float(results.sum()):.10e}")
