# ruff: noqa
"""Salt planning for a snowplough fleet: each depot's routes are split into 25 m segments with a
synthetic elevation and road-surface temperature profile; for every route the program works out
the salt to spread (more on grades and on colder surface), the spreading time, and the depot's
totals for the night."""
from collections import deque
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

SEG_M = 25.0


@dataclass
class Route:
    depot: str
    ident: int
    elevation: np.ndarray
    surface_c: np.ndarray


@jax.jit
def salt_profile(elevation, surface_c, base_rate):
    grade = jnp.diff(elevation) / SEG_M
    cold = jnp.clip(-surface_c[1:], 0.0, 12.0)
    rate = base_rate * (1.0 + 0.08 * cold) * (1.0 + 4.0 * jnp.abs(grade))
    grams = rate * SEG_M * 7.5
    minutes = SEG_M / (8.0 - 3.0 * jnp.tanh(20.0 * grade)) / 60.0
    return jnp.sum(grams), jnp.sum(minutes), jnp.max(grade)


def route_cost(route, base_rate):
    grams, minutes, steepest = salt_profile(route.elevation, route.surface_c, base_rate)
    return grams / 1000.0, minutes, steepest


def plan_route(route, weather):
    base = weather["base_rate"] * (1.2 if route.depot == "hill" else 1.0)
    return route_cost(route, base)


def make_routes(rng, depot, n, lo, hi):
    routes = []
    for k in range(n):
        m = 40 * int(rng.integers(lo, hi))  # whole 1 km blocks
        elev = np.cumsum(rng.normal(0.0, 0.6, m)).astype(np.float32) + 120.0
        temp = (-3.0 + np.cumsum(rng.normal(0.0, 0.05, m))).astype(np.float32)
        routes.append(Route(depot, k, elev, temp))
    return routes


rng = np.random.default_rng(8)
weather = {"base_rate": 12.0}
depots = {"north": make_routes(rng, "north", 10, 2, 9),
          "hill": make_routes(rng, "hill", 10, 2, 9),
          "river": make_routes(rng, "river", 10, 2, 9)}

total = 0.0
for depot, routes in depots.items():
    queue = deque(routes)
    kg = jnp.float32(0.0)
    minutes = jnp.float32(0.0)
    worst = 0.0
    while queue:
        route = queue.popleft()
        g, t, s = plan_route(route, weather)
        kg = kg + g
        minutes = minutes + t
        worst = jnp.maximum(worst, s)
    kg_night = float(kg)
    print(f"{depot}: {len(routes)} routes, {kg_night:.1f} kg salt, {float(minutes):.0f} min")
    total += kg_night + float(minutes) + float(worst)
print(f"result: {total:.10e}")
