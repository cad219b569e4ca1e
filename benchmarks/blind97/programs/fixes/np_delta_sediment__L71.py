# ruff: noqa
"""Suspended-sediment budget for the distributary channels of a river delta: synthetic discharge
and turbidity gauge records per channel, a first-order settling model of the concentration that
each channel carries to the coast, and the delta's deposited load per channel and in total."""
from dataclasses import dataclass, field

import numpy as np
from scipy import signal

SECONDS_PER_STEP = 900.0  # 15-minute gauge records


@dataclass
class Channel:
    name: str
    width_m: float
    discharge: np.ndarray
    turbidity: np.ndarray
    tags: list = field(default_factory=list)


class SettlingModel:
    """Concentration relaxes towards the gauged turbidity at a settling rate (1/s)."""

    def __init__(self, settling_rate, dt=SECONDS_PER_STEP):
        self.keep = float(np.exp(-settling_rate * dt))
        self.gain = 1.0 - self.keep

    def concentration(self, turbidity):
        c = np.empty_like(turbidity)
        level = turbidity[0]
        for i in range(turbidity.shape[0]):
            level = self.keep * level + self.gain * turbidity[i]
            c[i] = level
        return c


def synth_channel(k, n, rng):
    t = np.arange(n) * SECONDS_PER_STEP
    tide = 0.35 * np.sin(2 * np.pi * t / 44712.0 + 0.3 * k)
    flood = np.exp(-((t - (0.3 + 0.05 * k) * t[-1]) / (0.08 * t[-1])) ** 2)
    q = (120.0 + 15.0 * k) * (1.0 + tide + 2.5 * flood) + rng.normal(0.0, 4.0, n)
    q = np.maximum(q, 5.0)
    turb = 40.0 + 0.9 * q ** 0.8 + rng.gamma(2.0, 6.0, n)
    return Channel(f"distributary-{k:02d}", 80.0 + 9.0 * k, q, turb)


def rating_smooth(x, width):
    return signal.savgol_filter(x, width, 3)


def channel_budget(ch, model):
    q = rating_smooth(ch.discharge, 97)
    conc = model.concentration(ch.turbidity)
    flux = q * conc * 1e-3 * SECONDS_PER_STEP  # kg per step
    spectrum = np.abs(np.fft.rfft(flux - flux.mean())) ** 2
    n = len(flux)
    tidal_power = spectrum[n // 56: n // 44].sum() / spectrum.sum()
    trapped = flux * (0.2 + 0.1 * np.tanh((q - q.mean()) / q.std()))
    return trapped.sum(), tidal_power


rng = np.random.default_rng(20)
n_steps = 96 * 365 * 6
channels = [synth_channel(k, n_steps, rng) for k in range(12)]
model = SettlingModel(settling_rate=2.5e-4)
deposits = []
powers = []
for ch in channels:
    load, power = channel_budget(ch, model)
    deposits.append(load)
    powers.append(power)
deposits = np.array(deposits)
for ch, d, p in zip(channels, deposits, powers):
    print(f"{ch.name}: {d / 1e6:10.2f} kt deposited, tidal share {p:.4f}")
print(f"result: {deposits.sum() / 1e6 + sum(powers):.10e}")
