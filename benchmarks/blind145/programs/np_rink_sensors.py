# ruff: noqa
"""Ice-surface thermometry replay for a rink's slab: a set of embedded slab probes is simulated
from a thermal model plus probe noise, streamed reading by reading through a quality monitor
(debounced high-temperature alarms, rate-of-change flags, a running mean per probe), and the
monitor's statistics are printed for the operations log."""
import math
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Probe:
    name: str
    depth_mm: float
    noise_c: float
    bias_c: float


@dataclass
class Monitor:
    limit_c: float
    debounce: int = 20
    max_rate: float = 0.25
    count: int = 0
    total: float = 0.0
    over_run: int = 0
    alarms: int = 0
    rate_flags: int = 0
    last: float = float("nan")

    def feed(self, value):
        self.count += 1
        self.total += value
        if value > self.limit_c:
            self.over_run += 1
            if self.over_run == self.debounce:
                self.alarms += 1
        else:
            self.over_run = 0
        if not math.isnan(self.last) and abs(value - self.last) > self.max_rate:
            self.rate_flags += 1
        self.last = value

    @property
    def mean(self):
        return self.total / max(self.count, 1)


def slab_temperature(depth_mm, n, rng):
    t = np.arange(n) / n * 24.0
    surface = -4.2 + 0.6 * np.sin(2 * np.pi * (t - 15.0) / 24.0)
    for start in rng.uniform(6.0, 22.0, size=6):
        surface += 0.8 * np.clip(t - start, 0, None) * np.exp(-np.clip(t - start, 0, None) / 0.3)
    lag = math.exp(-depth_mm / 40.0)
    return -7.0 + (surface + 7.0) * lag


class ProbeStream:
    def __init__(self, probe, n, seed):
        self.probe = probe
        self.n = n
        self.rng = np.random.default_rng(seed)
        self.truth = slab_temperature(probe.depth_mm, n, np.random.default_rng(seed + 1)).tolist()

    def __iter__(self):
        p = self.probe
        for value in self.truth:
            yield value + p.bias_c + self.rng.normal(0.0, p.noise_c)


def main():
    probes = [Probe(f"P{i:02d}", depth_mm=5.0 + 6.0 * i, noise_c=0.03 + 0.005 * i, bias_c=0.02 * (i % 3 - 1)) for i in range(8)]
    weights = np.array([0.3, 0.3, 0.2, 0.2])
    n = 150_000
    checksum = 0.0
    for k, probe in enumerate(probes):
        mon = Monitor(limit_c=-4.3 - 0.22 * k)
        for reading in ProbeStream(probe, n, seed=100 + k):
            mon.feed(reading)
        score = sum(weights) * mon.mean
        print(f"{probe.name} depth {probe.depth_mm:4.0f} mm: mean {mon.mean:7.3f} C, alarms {mon.alarms:3d}, rate flags {mon.rate_flags:5d}")
        checksum += score + mon.alarms + 1e-3 * mon.rate_flags
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
