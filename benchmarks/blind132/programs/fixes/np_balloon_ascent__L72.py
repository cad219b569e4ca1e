# ruff: noqa
"""Hot-air balloon flight reconstruction: for each logged flight it models envelope temperature
from burner pulses and ambient air, turns the lift surplus into a vertical speed, integrates the
altitude track, and summarises climb, ceiling and burner use per flight for the pilots' logbook."""
from dataclasses import dataclass

import numpy as np

G = 9.81
R_AIR = 287.05


@dataclass
class Envelope:
    volume_m3: float = 2800.0
    mass_kg: float = 520.0
    cooling: float = 0.012
    burner_gain: float = 0.9


def ambient(alt_m):
    temp = 288.15 - 0.0065 * alt_m
    pressure = 101325.0 * (temp / 288.15) ** 5.2559
    return temp, pressure


def envelope_temperature(pulses, t_amb, env, dt):
    heat = env.burner_gain * pulses
    temp = np.empty_like(pulses)
    k = np.exp(-env.cooling * dt)
    temp[0] = t_amb[0] + 70.0
    decay = k ** np.arange(pulses.shape[0])
    temp = t_amb + 70.0 * decay + np.convolve(heat, np.full(40, 1.0 / 40), mode="same")
    return temp


def vertical_speed(temp_env, t_amb, pressure, env):
    rho_out = pressure / (R_AIR * t_amb)
    rho_in = pressure / (R_AIR * temp_env)
    lift = (rho_out - rho_in) * env.volume_m3 * G
    surplus = (lift - env.mass_kg * G) / env.mass_kg
    return np.tanh((surplus - surplus.mean()) * 0.5) * 3.5


def integrate(rates, dt, start):
    alt = start
    for r in rates:
        alt = alt + r * dt
        yield alt


def fly(pulses, env, dt, launch_alt, passes=3):
    alt = np.full(pulses.shape[0], launch_alt)
    for _ in range(passes):
        t_amb, pressure = ambient(alt)
        temp_env = envelope_temperature(pulses, t_amb, env, dt)
        rates = vertical_speed(temp_env, t_amb, pressure, env)
        alt = np.fromiter(integrate(rates, dt, launch_alt), dtype=np.float64, count=rates.shape[0])
    return alt, rates


def main():
    rng = np.random.default_rng(2024)
    env = Envelope()
    dt = 0.5
    logbook = np.empty((24, 4))
    for flight in range(24):
        n = 60_000
        pulses = (rng.random(n) < 0.08 + 0.02 * (flight % 3)).astype(np.float64) * 60.0
        alt, rates = fly(pulses, env, dt, launch_alt=120.0 + 5 * flight)
        summary = np.array([alt.max(), alt.mean(), rates.max(), pulses.sum() / 60.0])
        logbook[flight] = summary
    for i in range(0, logbook.shape[0], 6):
        ceiling, mean_alt, climb, burns = logbook[i]
        print(f"flight {i:2d}: ceiling {ceiling:8.1f} m, max climb {climb:.2f} m/s, {burns:.0f} burns")
    print(f"result: {logbook.sum():.10e}")


main()
