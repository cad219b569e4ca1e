# ruff: noqa
"""Flight planner for a hot-air balloon club: for a season of training flights it turns each
pilot's burner schedule into envelope temperature, lift and altitude, checks the ceiling, and
prints a short flight log."""
from dataclasses import dataclass, field

import numpy as np

G = 9.81
R_AIR = 287.05
LAPSE = 0.0065


@dataclass
class Envelope:
    volume: float = 2800.0
    mass: float = 520.0
    tau: float = 45.0
    dt: float = 0.5
    notes: list = field(default_factory=list)

    @property
    def kernel(self):
        lags = np.arange(0.0, 8.0 * self.tau, self.dt)
        k = np.exp(-lags / self.tau)
        return k / k.sum()

    def heat_response(self, burner_temp):
        """Envelope air temperature following the burner's target with a first-order lag."""
        padded = np.concatenate([np.full(self.kernel.size - 1, burner_temp[0]), burner_temp])
        return np.convolve(padded, self.kernel, mode="valid")

    def propane_used(self, burner_temp):
        """Cumulative propane burnt (kg), from the burner's heat demand above ambient."""
        rate = 0.0009 * np.maximum(burner_temp - 300.0, 0.0)
        out = np.empty_like(rate)
        used = 0.0
        i = 0
        while i < rate.shape[0]:
            used = used + rate[i] * self.dt
            out[i] = used
            i += 1
        return out


@dataclass
class Flight:
    pilot: str
    burner: np.ndarray
    ambient0: float


def ambient(alt, t0):
    temp = t0 - LAPSE * alt
    pressure = 101325.0 * (temp / t0) ** 5.2561
    return temp, pressure / (R_AIR * temp)


def fly(env, flight, rng):
    t_env = env.heat_response(flight.burner)
    fuel = env.propane_used(flight.burner)
    mass = env.mass + 0.8 * (fuel[-1] - fuel)
    n = t_env.shape[0]
    alt = np.zeros(n)
    vel = np.zeros(n)
    gust = rng.normal(0.0, 0.3)
    # altitude from a few passes of a vectorised fixed-point on the whole trajectory
    for _ in range(6):
        t_amb, rho = ambient(alt, flight.ambient0)
        lift = env.volume * rho * (1.0 - t_amb / t_env) * G
        acc = (lift - mass * G) / (mass + 0.5 * rho * env.volume) - 0.05 * vel
        vel = np.clip(np.cumsum(acc) * env.dt, -5.0, 5.0) + gust * 0.01
        alt = np.maximum(np.cumsum(vel) * env.dt, 0.0)
    return t_env, alt, fuel[-1]


def burner_schedule(rng, seconds, dt):
    n = int(seconds / dt)
    t = np.arange(n) * dt
    pulses = (np.sin(t / 37.0) + rng.normal(0.0, 0.4, n)) > 0.6
    base = 330.0 + 40.0 * np.tanh((t - 300.0) / 200.0)
    return base + 55.0 * np.convolve(pulses.astype(float), np.ones(40) / 40.0, mode="same")


def wind_drift(alt, rng, layers=64):
    heights = np.linspace(0.0, 3000.0, layers)
    speeds = 2.0 + 0.004 * heights + rng.normal(0.0, 0.5, layers)
    field_ = np.interp(alt, heights, speeds)
    spread = np.sqrt(np.abs(np.subtract.outer(speeds, speeds))).sum()
    return float(field_.sum()) + 1e-6 * spread


def main():
    rng = np.random.default_rng(11)
    env = Envelope()
    pilots = ["ana", "bjorn", "chidi", "dora", "emil", "farah"]
    flights = [
        Flight(pilots[k % len(pilots)], burner_schedule(rng, 5400.0, env.dt), 288.0 + k % 7)
        for k in range(100)
    ]
    total_alt, total_drift, total_fuel, ceiling_hits = 0.0, 0.0, 0.0, 0
    for flight in flights:
        t_env, alt, burnt = fly(env, flight, rng)
        total_fuel += burnt
        ceiling_hits += int((alt > 2500.0).sum())
        total_alt += float(alt.max())
        total_drift += wind_drift(alt, rng)
        env.notes.append((flight.pilot, float(t_env.mean())))
    for pilot in pilots:
        temps = [t for p, t in env.notes if p == pilot]
        print(f"{pilot:>6}: {len(temps)} flights, mean envelope {sum(temps) / len(temps):.1f} K")
    print(f"ceiling hits {ceiling_hits}, drift {total_drift:.1f}, propane {total_fuel:.1f} kg")
    print(f"result: {total_alt + total_drift * 1e-3 + total_fuel + ceiling_hits:.10e}")


main()
