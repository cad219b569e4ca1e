# ruff: noqa
"""Lighthouse lantern drive model: the rotating optic floats on a mercury bath and is turned by a
clockwork-replacement motor; the drive's angle, speed and bearing temperature are integrated
through a night for a few maintenance settings (bath level, motor torque), and the flash-period
error that the keepers would log is reported per setting."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp

jax.config.update("jax_platforms", "cpu")


@dataclass(frozen=True)
class DriveSetting:
    name: str
    torque: float
    bath_drag: float


@jax.jit
def drive_step(state, params):
    angle, omega, temp = state[0], state[1], state[2]
    torque, drag, dt = params[0], params[1], params[2]
    friction = drag * (1.0 + 0.02 * (temp - 15.0)) * omega
    domega = (torque - friction - 0.05 * jnp.sin(3.0 * angle)) / 4.0
    dtemp = 0.001 * omega * omega - 0.0005 * (temp - 12.0)
    return jnp.stack([angle + dt * omega, omega + dt * domega, temp + dt * dtemp])


class LanternDrive:
    def __init__(self, setting, dt=0.01):
        self.params = jnp.array([setting.torque, setting.bath_drag, dt], dtype=jnp.float32)
        self.dt = dt

    def run_night(self, n_steps):
        state = jnp.array([0.0, 0.0, 12.0], dtype=jnp.float32)
        k = 0
        while k < n_steps:
            state = drive_step(state, self.params)
            k += 1
        return state


SETTINGS = [
    DriveSetting("summer-bath", 0.8, 0.40),
    DriveSetting("winter-bath", 0.8, 0.55),
    DriveSetting("low-torque", 0.6, 0.40),
    DriveSetting("new-motor", 1.0, 0.45),
]
n_steps = 30000
final = []
for s in SETTINGS:
    state = LanternDrive(s).run_night(n_steps)
    final.append(state)
final = jnp.stack(final)
periods = (2 * jnp.pi / final[:, 1]).tolist()
for s, period, temp in zip(SETTINGS, periods, final[:, 2].tolist()):
    print(f"{s.name:>12}: flash period {period:.4f} s, bearing {temp:.2f} C")
print(f"result: {float(jnp.abs(final).sum()):.10e}")
