# ruff: noqa
"""Day-ahead dispatch study for a wind farm under maintenance: each day some turbines are out
for planned or forced repairs, the rest run under a Jensen-style wake model for 24 hourly wind
directions; sums the farm's energy per month and reports the energy lost to outages."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class Site:
    n_turbines: int = 96
    rotor: float = 0.12
    decay: float = 0.05


@partial(jax.jit, static_argnums=(3,))
def _wake_energy(xy, speeds, directions, site):
    ux = jnp.cos(directions)[:, None]
    uy = jnp.sin(directions)[:, None]
    x = xy[:, 0][None, :] * ux + xy[:, 1][None, :] * uy
    y = -xy[:, 0][None, :] * uy + xy[:, 1][None, :] * ux
    dx = x[:, :, None] - x[:, None, :]
    dy = y[:, :, None] - y[:, None, :]
    width = site.rotor + site.decay * jnp.clip(dx, 0.0, None)
    deficit = jnp.where((dx > 0) & (jnp.abs(dy) < width), (site.rotor / width) ** 2, 0.0)
    loss = jnp.sqrt(jnp.sum(deficit ** 2, axis=1))
    wind = speeds[:, None] * (1.0 - loss)
    power = jnp.clip((wind - 3.0) / 9.0, 0.0, 1.0) ** 3
    return jnp.sum(power)


class Dispatcher:
    def __init__(self, site, xy):
        self.site = site
        self.xy = xy

    def farm_energy(self, running, speeds, directions):
        return _wake_energy(jnp.asarray(self.xy[running]), speeds, directions, self.site)

    def day(self, outage_mask, speeds, directions):
        running = np.flatnonzero(~outage_mask)
        return self.farm_energy(running, speeds, directions)


def outage_plan(rng, days, n):
    out = np.zeros((days, n), dtype=bool)
    for d in range(days):
        k = rng.integers(0, 11)
        out[d, rng.choice(n, size=k, replace=False)] = True
    return out


def main():
    rng = np.random.default_rng(21)
    site = Site()
    side = int(np.ceil(np.sqrt(site.n_turbines)))
    grid = np.stack(np.meshgrid(np.arange(side), np.arange(side)), -1).reshape(-1, 2)[: site.n_turbines]
    xy = (grid * 6.0 + rng.normal(0, 0.5, size=grid.shape)).astype(np.float32)
    dispatcher = Dispatcher(site, xy)
    days = 180
    outages = outage_plan(rng, days, site.n_turbines)
    speeds = rng.weibull(2.0, size=(days, 24)).astype(np.float32) * 10.0
    directions = rng.uniform(0, 2 * np.pi, size=(days, 24)).astype(np.float32)
    monthly = []
    month_energy = 0.0
    for d in range(days):
        e = dispatcher.day(outages[d], jnp.asarray(speeds[d]), jnp.asarray(directions[d]))
        month_energy = month_energy + e
        if d % 30 == 29:
            monthly.append(float(month_energy))
            month_energy = 0.0
    full = _wake_energy(jnp.asarray(xy), jnp.asarray(speeds[0]), jnp.asarray(directions[0]), site)
    for m, e in enumerate(monthly):
        print(f"month {m + 1}: {e:9.2f} turbine-hours at rated power")
    lost = float(full) * days - sum(monthly)
    print(f"energy lost to outages (vs day-1 weather): {lost:.2f}")
    print(f"result: {sum(monthly) + float(full):.10e}")


if __name__ == "__main__":
    main()
