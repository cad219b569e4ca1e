# ruff: noqa
"""Filling times for the locks of a canal's three flights: each lockage opens the ground paddles
on a schedule set by the lock-keeper, the chamber fills through the culverts (orifice flow under
the remaining head), and the chamber level is integrated in time. The program reports each lock's
mean fill time, the slowest lockage of each flight and the water passed per flight."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

G = 9.81
DT = 2.0  # seconds per integration step
LOCKAGES_PER_DAY = 2


@dataclass(frozen=True)
class Lock:
    name: str
    area_m2: float
    lift_m: float
    paddle_m2: float
    cd: float = 0.62


@jax.jit
def fill_levels(opening, area, paddle, cd, lift):
    def step(h, o):
        head = jnp.maximum(lift - h, 0.0)
        q = cd * paddle * o * jnp.sqrt(2.0 * G * head)
        h = jnp.minimum(h + DT * q / area, lift)
        return h, h

    _, levels = jax.lax.scan(step, jnp.float32(0.0), opening)
    return levels


class LockKeeper:
    """Winds the paddles up over a number of steps that depends on the keeper on duty."""

    def __init__(self, rng):
        self.rng = rng

    def schedule(self, lock):
        wind_steps = int(self.rng.integers(8, 40))
        total = wind_steps + int(lock.lift_m * 14)
        return np.minimum(np.arange(1, total + 1) / wind_steps, 1.0).astype(np.float32)


def lockage_times(lock, keeper, n_lockages):
    fill = functools.partial(
        fill_levels, area=lock.area_m2, paddle=lock.paddle_m2, cd=lock.cd, lift=lock.lift_m
    )
    times = []
    for _ in range(n_lockages):
        opening = keeper.schedule(lock)
        levels = np.asarray(fill(jnp.asarray(opening)))
        full = np.flatnonzero(levels >= 0.98 * lock.lift_m)
        steps = full[0] + 1 if full.size else levels.shape[0]
        times.append(steps * DT + (lock.lift_m - levels[-1]) * 10.0)
    return np.array(times)


rng = np.random.default_rng(1770)
flights = {
    "Caen Hill": [Lock(f"CH{i}", 110.0, 2.4 + 0.1 * (i % 3), 1.1) for i in range(4)],
    "Tardebigge": [Lock(f"TB{i}", 95.0, 3.1 + 0.1 * (i % 2), 0.9) for i in range(4)],
    "Bingley": [Lock(f"BG{i}", 130.0, 3.6 + 0.2 * (i % 2), 1.3) for i in range(4)],
}
keeper = LockKeeper(rng)
checksum = 0.0
worsts = []
for flight, locks in flights.items():
    slowest = []
    water = 0.0
    for lock in locks:
        times = lockage_times(lock, keeper, LOCKAGES_PER_DAY)
        slowest.append(times.max())
        water += LOCKAGES_PER_DAY * lock.area_m2 * lock.lift_m
        checksum += times.sum()
        print(f"{lock.name}: mean fill {times.mean():6.1f} s")
    worsts.append(jnp.max(jnp.asarray(slowest)))
    checksum += water / 1e3
    print(f"{flight}: water {water:.0f} m^3")
worst_all = np.asarray(jnp.stack(worsts), dtype=np.float64)
for flight, worst in zip(flights, worst_all):
    print(f"{flight}: slowest lockage {worst:.1f} s")
checksum += worst_all.sum()
print(f"result: {checksum:.10e}")
