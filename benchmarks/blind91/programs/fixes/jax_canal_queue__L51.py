# ruff: noqa
"""Canal lock scheduling: boats arrive at each lock through the day and are passed first come,
first served; the lock's cycle time depends on the direction of the previous passage. Computes
every boat's wait for each lock over a season and prints the mean and worst days."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def pass_boats(arrival, up, cycle):
    def step(carry, boat):
        free, last_up = carry
        t, u = boat
        turn = jnp.where(u == last_up, cycle * 2.0, cycle)
        start = jnp.maximum(t, free)
        return (start + turn, u), start - t
    (_, _), waits = jax.lax.scan(step, (jnp.float32(0.0), jnp.float32(1.0)), (arrival, up))
    return waits.sum(), waits.max()


class Lock:
    def __init__(self, name, cycle, rate):
        self.name = name
        self.cycle = cycle
        self.rate = rate

    def day_traffic(self, rng):
        n = int(rng.poisson(self.rate))
        arrival = np.sort(rng.uniform(0.0, 720.0, size=n)).astype(np.float32)
        up = (rng.random(n) < 0.5).astype(np.float32)
        return arrival, up


def season(lock, rng, days):
    totals, worst, boats = [], [], 0
    for day in range(days):
        arrival, up = lock.day_traffic(rng)
        total, peak = pass_boats(jnp.asarray(arrival), jnp.asarray(up), lock.cycle)
        totals.append(total)
        worst.append(peak)
        boats += len(arrival)
    return jnp.stack(totals), jnp.stack(worst), boats


rng = np.random.default_rng(8)
locks = [Lock("Hatton", 9.0, 55), Lock("Caen Hill", 12.0, 40), Lock("Foxton", 11.0, 48), Lock("Tardebigge", 8.0, 62)]
grand = 0.0
for lock in locks:
    totals, worst, boats = season(lock, rng, 30)
    mean_wait = totals.sum() / boats
    grand += mean_wait + float(worst.max())
    print(f"{lock.name:>11}: {boats} boats, mean wait {mean_wait:6.2f} min, worst {float(worst.max()):7.1f} min")
print(f"result: {grand:.10e}")
