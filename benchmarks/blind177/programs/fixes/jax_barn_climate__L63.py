# ruff: noqa
"""Climate control for broiler houses: each house's air temperature follows the outside weather,
the birds' heat and the tunnel fans, with a proportional fan controller set to the flock's target
temperature (which falls as the birds grow); the day is simulated minute by minute with
jax.lax.scan, and the report gives each house's heat-stress minutes and fan energy."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

MINUTES = 1440
N_HOUSES = 4
DAYS = 12


@partial(jax.jit, static_argnums=(2,))
def simulate_day(outside, bird_heat, setpoint):
    def step(temp, inputs):
        t_out, q = inputs
        fan = jnp.clip(0.35 * (temp - setpoint), 0.0, 1.0)
        temp = temp + 0.02 * (t_out - temp) + 0.004 * q - 0.08 * fan * (temp - t_out)
        return temp, (temp, fan)

    _, (temps, fans) = jax.lax.scan(step, setpoint, (outside, bird_heat))
    stress = jnp.sum(temps > setpoint + 3.0)
    return stress, jnp.sum(fans) / 60.0, temps


def weather(day, rng):
    minutes = np.arange(MINUTES)
    base = 19.0 + 7.0 * np.sin(2 * np.pi * (minutes - 540) / MINUTES) + 0.15 * day
    return (base + np.cumsum(0.05 * rng.standard_normal(MINUTES))).astype(np.float32)


def target_temperature(age_days):
    return float(round(32.0 - 0.3 * age_days))


class BroilerHouse:
    def __init__(self, house_id, birds, placed_age):
        self.house_id = house_id
        self.birds = birds
        self.age = placed_age
        self.stress = 0
        self.fan_hours = 0.0

    def heat_load(self, rng):
        per_bird = 0.002 * (1.0 + self.age / 10.0)
        activity = 1.0 + 0.3 * np.sin(2 * np.pi * np.arange(MINUTES) / MINUTES) + 0.05 * rng.standard_normal(MINUTES)
        return (self.birds * per_bird * activity).astype(np.float32)

    def run_day(self, outside, rng):
        stress, fan_hours, _ = simulate_day(jnp.asarray(outside), jnp.asarray(self.heat_load(rng)), target_temperature(self.age))
        self.stress += int(stress)
        self.fan_hours += float(fan_hours)
        self.age += 1


_stats = jax.jit(lambda v: jnp.stack([v.mean(axis=1), v.std(axis=1), v.max(axis=1)], axis=1))


def summarise(values):
    stats = _stats
    return np.asarray(stats(jnp.asarray(values, dtype=jnp.float32)))


def main():
    rng = np.random.default_rng(13)
    houses = [BroilerHouse(h, 20000 + 4000 * h, 8 + 3 * h) for h in range(N_HOUSES)]
    for day in range(DAYS):
        outside = weather(day, rng)
        for house in houses:
            house.run_day(outside, rng)
    stress, fans = summarise([[h.stress for h in houses], [h.fan_hours for h in houses]])
    for h in houses:
        print(f"house {h.house_id}: heat-stress minutes {h.stress:5d}, fan hours {h.fan_hours:8.2f}")
    print(f"result: {float(stress[0] + fans[0] + 0.01 * fans[1]):.6e}")


main()
