"""Traction power draw per substation for the tram network.

For every scheduled run of the day we take the speed profile logged by the tram's
event recorder (runs have different lengths: short-workings, full runs, depot moves),
turn it into electrical power at the pantograph (traction effort, rolling and air
resistance, regenerative braking fed back into the overhead line), and add the energy
to the substation that feeds that section.
"""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

SUBSTATIONS = ("Nordhafen", "Markt", "Südring")


@dataclass(frozen=True)
class TramClass:
    mass_t: float = 42.0
    davis_a: float = 2.2e3
    davis_b: float = 25.0
    davis_c: float = 6.5
    efficiency: float = 0.86
    regen_share: float = 0.55


@partial(jax.jit, static_argnums=0)
def run_energy(tram, speed, dt):
    """Energy in kWh drawn over one run from its speed trace (m/s, one sample per dt s)."""
    accel = jnp.diff(speed, prepend=speed[:1]) / dt
    resist = tram.davis_a + tram.davis_b * speed + tram.davis_c * speed**2
    force = tram.mass_t * 1e3 * accel + resist
    mech = force * speed
    elec = jnp.where(mech > 0, mech / tram.efficiency, mech * tram.regen_share * tram.efficiency)
    return jnp.sum(elec) * dt / 3.6e6


def speed_trace(n, rng):
    """Stop-to-stop pattern: accelerate, cruise, brake, dwell."""
    t = np.arange(n)
    stop_len = rng.integers(50, 90)
    phase = (t % stop_len) / stop_len
    vmax = rng.uniform(11.0, 16.0)
    v = vmax * np.clip(np.minimum(phase * 4.0, (0.85 - phase) * 5.0), 0.0, 1.0)
    return (v + 0.2 * rng.standard_normal(n)).clip(0.0).astype(np.float32)


class Timetable:
    def __init__(self, n_runs, rng):
        self.lengths = rng.integers(300, 2400, n_runs)
        self.feeders = rng.integers(0, len(SUBSTATIONS), n_runs)
        self.rng = rng

    def runs(self):
        for n, feeder in zip(self.lengths, self.feeders):
            yield feeder, speed_trace(int(n), self.rng)


def main():
    rng = np.random.default_rng(17)
    tram = TramClass()
    timetable = Timetable(24, rng)
    energy = dict.fromkeys(range(len(SUBSTATIONS)), 0.0)
    for feeder, trace in timetable.runs():
        energy[feeder] += float(run_energy(tram, jnp.asarray(trace), 1.0))
    peak = np.array(list(energy.values())) / (1.0 + 0.1 * np.arange(len(SUBSTATIONS)))
    print(f"result: {sum(peak):.6f}")


if __name__ == "__main__":
    main()
