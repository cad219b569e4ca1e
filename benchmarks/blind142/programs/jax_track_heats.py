# ruff: noqa
"""Keirin heat energetics at a velodrome: every heat is a speed trace of its own length (the
race ends when the bell lap is done), from which the program computes each rider's
aerodynamic and rolling work with a JAX model of drag on the banking, then compares gear
choices and prints the session's energy table."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

RHO = 1.18
CDA = 0.21
CRR = 0.0025
MASS = 85.0
DT = 0.05


@jax.jit
def heat_work(speed, banking):
    accel = jnp.diff(speed, prepend=speed[:1]) / DT
    drag = 0.5 * RHO * CDA * speed ** 3
    roll = CRR * MASS * 9.81 * jnp.cos(banking) * speed
    kinetic = jnp.maximum(MASS * accel * speed, 0.0)
    lean = jnp.tanh(speed ** 2 / (9.81 * 22.0)) * 0.02 * speed
    return jnp.sum((drag + roll + kinetic + lean) * DT)


@jax.jit
def cadence_for(speed, gear):
    return jnp.mean(speed / (gear * 2.1) * 60.0)


@dataclass
class Heat:
    number: int
    speed: np.ndarray
    banking: np.ndarray

    def work(self):
        return heat_work(jnp.asarray(self.speed), jnp.asarray(self.banking))


def make_heats(rng, n_heats):
    heats = []
    for k in range(n_heats):
        n = int(rng.integers(2400, 3600))
        t = np.arange(n) * DT
        speed = 14.0 + 4.0 * np.tanh((t - t[-1] * 0.7) / 6.0) + rng.normal(0, 0.2, n)
        banking = np.deg2rad(12.0 + 30.0 * np.abs(np.sin(2 * np.pi * t / 17.0)))
        heats.append(Heat(k, speed.astype(np.float32), banking.astype(np.float32)))
    return heats


def main():
    rng = np.random.default_rng(2023)
    heats = make_heats(rng, 9)
    works = [float(h.work()) for h in heats]
    ref = jnp.asarray(heats[0].speed)
    gears = [3.9, 4.1, 4.3]
    cadences = []
    for g in gears:
        cadences.append(float(cadence_for(ref, g)))
    field = np.stack([np.interp(np.linspace(0, 1, 4096), np.linspace(0, 1, h.speed.size), h.speed)
                      for h in heats])
    for _ in range(200):
        field = np.tanh(field @ field.T @ field / 4096.0 ** 2)
    print(f"heats: {len(works)}, mean work {np.mean(works):.1f} J")
    print("cadence by gear:", ", ".join(f"{c:.1f}" for c in cadences))
    checksum = float(np.sum(works)) / 1e3 + sum(cadences) + float(np.abs(field).sum())
    print(f"result: {checksum:.8g}")


if __name__ == "__main__":
    main()
