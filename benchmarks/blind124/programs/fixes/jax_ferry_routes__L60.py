# ruff: noqa
"""Ferry operator's crossing planner: for every sailing day, the crossings of the day's roster
(a different number of legs each day) are costed with a fuel-and-current model; fuel use is
totalled every three days and the late arrivals are reported."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class Vessel:
    name: str
    cruise_knots: float
    burn_per_hour: float


FLEET = (Vessel("MV Skerry", 12.0, 310.0), Vessel("MV Tern", 14.5, 420.0), Vessel("MV Gannet", 10.0, 250.0))


def leg_cost(distance, current, wind, speed, burn):
    ground = speed + current * jnp.cos(wind)
    hours = distance / jnp.maximum(ground, 1.0)
    fuel = burn * hours * (1.0 + 0.02 * wind ** 2)
    late = jnp.maximum(hours - distance / speed * 1.1, 0.0)
    return fuel.sum(), late.sum()


def plan_day(cost_fn, legs):
    return cost_fn(legs[:, 0], legs[:, 1], legs[:, 2])


def roster(rng, n_days):
    for day in range(n_days):
        n_legs = int(rng.integers(18, 90))
        legs = np.stack(
            [rng.uniform(2.0, 25.0, n_legs), rng.normal(0.0, 1.5, n_legs), rng.uniform(0.0, 3.0, n_legs)], axis=1
        ).astype(np.float32)
        yield day, jnp.asarray(legs)


rng = np.random.default_rng(42)
fuel_total = 0.0
late_total = 0.0
for vessel in FLEET:
    cost_fn = jax.jit(partial(leg_cost, speed=vessel.cruise_knots, burn=vessel.burn_per_hour))
    days = roster(rng, 6)
    weekly = []
    while True:
        try:
            day, legs = next(days)
        except StopIteration:
            break
        fuel, late = plan_day(cost_fn, legs)
        weekly.append(fuel)
        late_total += late
        if day % 3 == 2:
            fuel_total = fuel_total + jnp.stack(weekly).sum()
            weekly = []
    print(f"{vessel.name:>10}: fuel to date {float(fuel_total):.1f} l")
print(f"result: {float(fuel_total) + float(late_total):.10e}")
