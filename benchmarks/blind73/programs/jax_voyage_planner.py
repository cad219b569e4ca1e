# ruff: noqa
"""Voyage planning for a liner service: for each port pair, candidate tracks with different
numbers of waypoints are scored by a jitted voyage model (distance, current set and drift,
fuel from a cubic speed law and a CII-style emissions penalty), and the best track per pair is
kept for the schedule."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@jax.jit
def voyage_cost(track, speed_kn):
    lat, lon = track[:, 0], track[:, 1]
    dlat = jnp.diff(lat)
    dlon = jnp.diff(lon) * jnp.cos(jnp.radians(lat[:-1]))
    dist = 60.0 * jnp.sqrt(dlat ** 2 + dlon ** 2)
    current = 0.8 * jnp.sin(jnp.radians(3.0 * lon[:-1])) * jnp.cos(jnp.radians(2.0 * lat[:-1]))
    sog = jnp.maximum(speed_kn + current, 4.0)
    hours = dist / sog
    fuel = 0.0019 * speed_kn ** 3 * hours / 24.0
    co2 = 3.114 * fuel
    return jnp.sum(fuel) + 0.02 * jnp.sum(co2 * jnp.abs(lat[:-1]) / 90.0), jnp.sum(hours)


def make_tracks(a, b, rng, n_tracks):
    out = []
    for _ in range(n_tracks):
        n_wp = int(rng.integers(40, 60))
        t = np.linspace(0.0, 1.0, n_wp)[:, None]
        base = a[None] + t * (b - a)[None]
        wiggle = np.sin(np.pi * t) * rng.normal(0, 3.0, size=(1, 2))
        out.append((base + wiggle).astype(np.float32))
    return out


rng = np.random.default_rng(8)
ports = rng.uniform([-40.0, -170.0], [55.0, 170.0], size=(9, 2)).astype(np.float32)
schedule = []
for i in range(len(ports) - 1):
    tracks = make_tracks(ports[i], ports[i + 1], rng, 12)
    costs = []
    for tr in tracks:
        fuel, hours = voyage_cost(jnp.asarray(tr), 16.0)
        costs.append((float(fuel), float(hours)))
    costs = np.array(costs)
    k = int(np.argmin(costs[:, 0]))
    schedule.append(costs[k])
    print(f"leg {i}: best track {k} ({len(tracks[k])} waypoints), fuel {costs[k, 0]:.1f} t")
schedule = np.array(schedule)
print(f"result: {schedule.sum():.10e}")
