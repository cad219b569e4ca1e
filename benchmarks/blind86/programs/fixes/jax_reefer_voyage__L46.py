# ruff: noqa
"""Cargo temperatures in a stack of reefer containers over a ripening voyage.

Bananas are shipped at a set point that the operator lowers day by day; each container's air
temperature is pulled toward the ambient hold temperature, pushed by noise, and cooled toward the
set point by a controller whose gain depends on whether the unit runs in frozen or chilled mode.
Each day is simulated in ten-minute steps; the report lists the warmest container per day and
the time spent above the quality limit."""
from functools import partial

import jax
import jax.numpy as jnp

STEPS_PER_DAY = 144


@partial(jax.jit, static_argnames=("setpoint",))
def simulate_day(temps, ambient, key, setpoint):
    gain = 0.35 if setpoint < 0 else 0.2

    def body(i, carry):
        t, k, above = carry
        k, sub = jax.random.split(k)
        heat = 0.02 * (ambient - t) + 0.05 * jax.random.normal(sub, t.shape)
        t = t + heat - gain * (t - setpoint) * 0.5
        return t, k, above + (t > setpoint + 1.5)

    return jax.lax.fori_loop(0, STEPS_PER_DAY, body, (temps, key, jnp.zeros(temps.shape)))


class Voyage:
    def __init__(self, n_containers, seed):
        self.key = jax.random.PRNGKey(seed)
        self.key, sub = jax.random.split(self.key)
        self.temps = 14.0 + jax.random.normal(sub, (n_containers,))
        self.ambient = jnp.linspace(24.0, 30.0, n_containers)
        self.warmest = []
        self.hours_above = jnp.zeros(n_containers)

    def setpoint(self, day):
        return round(13.8 - 0.3 * day, 2)

    def run_day(self, day):
        self.temps, self.key, above = simulate_day(self.temps, self.ambient, self.key, self.setpoint(day))
        self.hours_above = self.hours_above + above / 6.0
        self.warmest.append(self.temps.max())


voyage = Voyage(n_containers=2048, seed=4)
for day in range(7):
    voyage.run_day(day)
voyage.warmest = [float(w) for w in voyage.warmest]
print(f"warmest per day: {[round(w, 2) for w in voyage.warmest]}")
print(f"mean hours above limit: {float(voyage.hours_above.mean()):.2f}")
print(f"result: {sum(voyage.warmest) + float(voyage.hours_above.sum()) + float(voyage.temps.sum()):.10e}")
