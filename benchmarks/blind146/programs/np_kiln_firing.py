# ruff: noqa
"""Firing log analysis for a studio's electric kilns: synthetic thermocouple traces for a season of
bisque and glaze firings, smoothed readings, the accumulated thermal dose (degree-minutes relative to
600 C) and when each firing passed its dose target, ramp rates and a per-kiln summary of peak temperatures and cone estimates."""
from dataclasses import dataclass, field

import numpy as np

SEGMENTS = [(120.0, 600.0), (150.0, 1000.0), (60.0, 1222.0)]  # (deg/h, target C)
CONES = {"06": 999.0, "04": 1060.0, "6": 1222.0}


@dataclass
class FiringConfig:
    samples_per_min: int = 30
    smooth_s: int = 50
    dose_target: float = 1.2e5
    noise_c: float = 4.0
    hold_min: int = 20


@dataclass
class KilnLog:
    name: str
    peaks: np.ndarray = field(default_factory=lambda: np.empty(0))
    heatwork: list = field(default_factory=list)

    def record(self, peak, hw):
        self.peaks = np.append(self.peaks, peak)
        self.heatwork.append(hw)


def schedule_trace(cfg, rng, start=20.0):
    temps = [np.array([start])]
    t = start
    for rate, target in SEGMENTS:
        n = int((target - t) / rate * 60 * cfg.samples_per_min)
        temps.append(np.linspace(t, target, n))
        temps.append(np.full(cfg.hold_min * cfg.samples_per_min, target))
        t = target
    cool = target * np.exp(-np.arange(4 * 60 * cfg.samples_per_min) / (90.0 * cfg.samples_per_min))
    temps.append(cool)
    trace = np.concatenate(temps)
    drift = np.cumsum(rng.normal(0.0, 0.05, trace.size))
    return trace + drift + rng.normal(0.0, cfg.noise_c, trace.size)


def thermal_dose(readings, base, dt):
    dose = 0.0
    for x in readings:
        dose = dose + (x - base) * dt
        yield dose


def ramp_rates(trace, cfg):
    per_hour = 60 * cfg.samples_per_min
    slope = np.gradient(trace) * per_hour
    csum = np.cumsum(np.concatenate([[0.0], slope]))
    return (csum[per_hour:] - csum[:-per_hour]) / per_hour


def heat_work(trace, cfg, base=600.0):
    above = np.clip(trace - base, 0.0, None)
    return float(above.sum() / cfg.samples_per_min)


def cone_reached(peak):
    best = "none"
    for cone, temp in CONES.items():
        if peak >= temp - 8.0:
            best = cone
    return best


def analyse(kilns, n_firings, cfg, rng):
    total = 0.0
    for f in range(n_firings):
        log = kilns[f % len(kilns)]
        raw = schedule_trace(cfg, rng)
        smooth = np.convolve(raw, np.ones(cfg.smooth_s) / cfg.smooth_s, mode="same")
        dt = 1.0 / cfg.samples_per_min
        dose = np.fromiter(thermal_dose(smooth, 600.0, dt), dtype=np.float64, count=raw.size)
        reached = int(np.searchsorted(np.maximum.accumulate(dose), cfg.dose_target))
        rates = ramp_rates(smooth, cfg)
        spectrum = np.abs(np.fft.rfft(raw - smooth))
        log.record(smooth.max(), heat_work(smooth, cfg))
        total += reached * dt * 1e-2 + dose[-1] * 1e-6
        total += float(np.percentile(np.abs(rates), 95)) + float(spectrum[1:50].mean()) * 1e-3
    return total


rng = np.random.default_rng(11)
cfg = FiringConfig()
kilns = [KilnLog(name) for name in ("skutt-1", "skutt-2", "olympic", "l&l-big")]
total = analyse(kilns, 130, cfg, rng)
check = total
for log in kilns:
    hw = np.array(log.heatwork)
    print(f"{log.name:>8}: {log.peaks.size} firings, mean peak {log.peaks.mean():.1f} C "
          f"(cone {cone_reached(log.peaks.max())}), heat-work {hw.mean():.0f}")
    check += log.peaks.sum() + hw.sum() * 1e-3
print(f"result: {check:.10e}")
