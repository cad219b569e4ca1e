# ruff: noqa
"""Decay-time check for freshly cast bells: each test strike is squared and integrated backwards
(Schroeder integration) into an energy decay curve, the curve's log-slope gives the T60 decay time
of the strike, and bells whose decay is short against the ring's others are flagged."""
import numpy as np

RATE = 8000


class SchroederIntegrator:
    def __init__(self, floor_db):
        self.floor = 10.0 ** (floor_db / 10.0)

    def run(self, squared):
        total = 0.0
        for x in squared[::-1]:
            total += x
            yield total


def t60_from_envelope(env):
    t = np.arange(env.size) / RATE
    keep = slice(RATE // 10, env.size - RATE // 10, 16)
    slope, _ = np.polyfit(t[keep], 10.0 * np.log10(env[keep]), 1)
    return -60.0 / slope


def cast_strikes(n_bells, per_bell, n, rng):
    t = np.arange(n) / RATE
    f0 = rng.uniform(300.0, 900.0, size=(n_bells, 1, 1))
    tau = rng.uniform(0.25, 0.9, size=(n_bells, per_bell, 1))
    phase = rng.uniform(0, 2 * np.pi, size=(n_bells, per_bell, 1))
    sig = np.sin(2 * np.pi * f0 * t + phase) * np.exp(-t / tau)
    sig += 0.3 * np.sin(2 * np.pi * 2.0 * f0 * t) * np.exp(-2.0 * t / tau)
    sig += rng.normal(0.0, 1e-3, size=sig.shape)
    return sig


def check_batch(strikes, follower):
    times = []
    for strike in strikes:
        energy = np.fromiter(follower.run(strike * strike), dtype=np.float64, count=strike.size)[::-1]
        times.append(t60_from_envelope(energy / energy[0] + follower.floor))
    return np.array(times)


def spectral_centroids(strikes):
    spec = np.abs(np.fft.rfft(strikes, axis=-1))
    freqs = np.fft.rfftfreq(strikes.shape[-1], 1.0 / RATE)
    return (spec * freqs).sum(axis=-1) / spec.sum(axis=-1)


rng = np.random.default_rng(31)
strikes = cast_strikes(8, 16, 4 * RATE, rng)
follower = SchroederIntegrator(floor_db=-90.0)
t60 = np.stack([check_batch(bell, follower) for bell in strikes])
centroids = spectral_centroids(strikes)
relative = t60 / np.median(t60, axis=1, keepdims=True)
short = (relative < 0.8).sum()
print(f"strikes flagged short: {int(short)}")
print(f"result: {t60.sum() + relative.sum() + centroids.sum() / 1000.0:.10e}")
