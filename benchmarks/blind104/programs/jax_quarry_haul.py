# ruff: noqa
"""Haul-road study for a granite quarry: each dump truck's logged cycle (speed, road grade and
fuel rate, sampled once a second) is used to fit the truck's rolling-resistance and drag
coefficients by gradient descent, and the fleet summary lists the trucks that burn the most fuel
per tonne-kilometre."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", False)


@dataclass
class HaulCycle:
    truck: str
    payload_t: float
    speed: np.ndarray
    grade: np.ndarray
    fuel: np.ndarray


def fuel_model(params, speed, grade, payload):
    rolling, drag, idle = params[0], params[1], params[2]
    return idle + payload * (rolling + 9.81 * grade) * speed * 1e-3 + drag * speed**3 * 1e-4


def cycle_loss(params, speed, grade, fuel, payload):
    err = fuel_model(params, speed, grade, payload) - fuel
    return jnp.mean(err * err)


loss_and_grad = jax.jit(jax.value_and_grad(cycle_loss))


class CycleFitter:
    lr = 2e-3

    @staticmethod
    def refine(params, cycle, steps):
        speed, grade, fuel = jnp.asarray(cycle.speed), jnp.asarray(cycle.grade), jnp.asarray(cycle.fuel)
        for _ in range(steps):
            loss, g = loss_and_grad(params, speed, grade, fuel, cycle.payload_t)
            params = params - CycleFitter.lr * g
        return params, loss


def synthetic_fleet(rng, n_cycles):
    cycles = []
    for k in range(n_cycles):
        n = int(rng.integers(400, 1400))
        t = np.arange(n)
        speed = np.clip(8.0 + 4.0 * np.sin(t / 60.0 + k) + rng.normal(0, 0.5, n), 0.5, None)
        grade = 0.06 * np.sin(t / 150.0 + 0.3 * k)
        payload = float(rng.uniform(30.0, 45.0))
        true = np.array([0.02 + 0.002 * (k % 5), 0.3 + 0.01 * (k % 7), 1.5])
        fuel = true[2] + payload * (true[0] + 9.81 * grade) * speed * 1e-3 + true[1] * speed**3 * 1e-4
        fuel = fuel + rng.normal(0, 0.05, n)
        cycles.append(HaulCycle(f"truck-{k % 4:02d}", payload, speed.astype(np.float32),
                                grade.astype(np.float32), fuel.astype(np.float32)))
    return cycles


rng = np.random.default_rng(17)
fleet = synthetic_fleet(rng, 10)
per_truck = {}
final_losses = []
for cycle in fleet:
    params, loss = CycleFitter.refine(jnp.array([0.01, 0.2, 1.0]), cycle, steps=30)
    final_losses.append(float(loss))
    km = float(cycle.speed.sum()) / 1000.0
    burnt = float(np.sum(cycle.fuel)) / 3600.0
    per_truck.setdefault(cycle.truck, []).append(burnt / (km * cycle.payload_t))
worst = sorted(per_truck, key=lambda t: -np.mean(per_truck[t]))[:3]
print("highest fuel per tonne-km:", ", ".join(worst))
print(f"result: {sum(final_losses) + sum(np.mean(v) for v in per_truck.values()):.10e}")
