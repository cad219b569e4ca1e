# ruff: noqa
"""Avalanche risk along the team's planned ascent routes. Each route is sampled every 10 m along
the track; at every point the slope angle, aspect, fresh snow and wind loading give a release
likelihood, and the route's exposure is the sum of likelihood times the terrain-trap weight.
Prints the total exposure over all routes of the season."""
from dataclasses import dataclass
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platform_name", "cpu")


@dataclass(frozen=True)
class Bulletin:
    fresh_snow_cm: float
    wind_ms: float
    wind_from_deg: float
    temp_c: float


@dataclass
class Route:
    name: str
    elev: np.ndarray  # metres, one sample every 10 m along the track
    aspect: np.ndarray  # degrees
    trap: np.ndarray  # 0..1, gullies and cliffs below


def make_route(rng, i):
    n = int(rng.integers(120, 2400))
    climb = np.cumsum(np.abs(rng.normal(2.5, 3.0, n)))
    elev = 1200.0 + climb + 15.0 * np.sin(np.arange(n) / 17.0)
    aspect = (rng.uniform(0, 360) + np.cumsum(rng.normal(0, 4.0, n))) % 360.0
    trap = np.clip(rng.beta(0.6, 3.0, n) * 1.5, 0.0, 1.0)
    return Route(f"route-{i:02d}", elev, aspect, trap)


@partial(jax.jit, static_argnames=("step_m",))
def route_exposure(elev, aspect, trap, snow, wind, wind_from, temp, step_m=10.0):
    slope = jnp.degrees(jnp.arctan(jnp.abs(jnp.gradient(elev)) / step_m))
    # release likelihood peaks between 35 and 45 degrees
    steep = jnp.exp(-0.5 * ((slope - 39.0) / 5.0) ** 2)
    # one row per bulletin day, one column per point of the track
    lee = 0.5 * (1.0 - jnp.cos(jnp.radians(aspect[None, :] - wind_from[:, None])))  # 1 on the lee side
    loading = 1.0 + 0.04 * snow[:, None] + 0.02 * wind[:, None] * lee
    warm = jax.nn.sigmoid(temp - 1.0)[:, None]
    likelihood = 1.0 - jnp.exp(-0.03 * steep[None, :] * loading * (1.0 + warm))
    return jnp.sum(likelihood * (0.3 + trap[None, :]), axis=1)


def season_routes(n, seed=4):
    rng = np.random.default_rng(seed)
    return [make_route(rng, i) for i in range(n)]


def bulletins(n_days, seed=9):
    rng = np.random.default_rng(seed)
    return [
        Bulletin(float(rng.gamma(1.5, 8.0)), float(rng.uniform(0, 18)), float(rng.uniform(0, 360)), float(rng.normal(-4, 5)))
        for _ in range(n_days)
    ]


def main():
    routes = season_routes(14)
    days = bulletins(120)
    weather = [jnp.asarray([getattr(b, f) for b in days], dtype=jnp.float32) for f in ("fresh_snow_cm", "wind_ms", "wind_from_deg", "temp_c")]
    total = 0.0
    worst = {}
    for route in routes:
        args = [jnp.asarray(a, dtype=jnp.float32) for a in (route.elev, route.aspect, route.trap)]
        exposure = route_exposure(*args, *weather)
        worst[route.name] = exposure
        total += jnp.sum(exposure)
    ranked = sorted(worst, key=lambda k: -float(jnp.max(worst[k])))[:3]
    for name in ranked:
        print(f"{name}: worst day exposure {float(jnp.max(worst[name])):.2f}")
    print(f"result: {float(total):.10e}")


if __name__ == "__main__":
    main()
