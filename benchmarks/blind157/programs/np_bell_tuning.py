# ruff: noqa
"""Tuning ledger for a bell foundry's ring of cast bells: each bell's wall-thickness profile
(millimetres at 24 stations from crown to lip) is mapped to its five partials (hum, prime, tierce,
quint, nominal) by a linearised modal model, and a few lathe passes shave the walls towards true
octave/minor-third ratios. Prints the mean deviation per partial, in cents, and a checksum."""
from dataclasses import dataclass

import numpy as np

PARTIALS = ("hum", "prime", "tierce", "quint", "nominal")
IDEAL_RATIOS = np.array([0.5, 1.0, 1.2, 1.5, 2.0])


@dataclass
class FoundryConfig:
    n_bells: int = 50000
    stations: int = 24
    passes: int = 20
    lathe_rate: float = 0.02
    seed: int = 1884


class ModalModel:
    """Partials of a bell as base frequencies plus a linear response to its wall profile."""

    def __init__(self, stations, rng):
        self.sensitivity = rng.normal(0.0, 1.0, size=(len(PARTIALS), stations)) / stations**0.5
        self.base = np.array([220.0, 440.0, 528.0, 660.0, 880.0])

    def partials(self, profiles):
        shifts = np.array([self.sensitivity @ wall for wall in profiles])
        return self.base + 4.0 * shifts


def cents_report(freqs):
    report = {}
    for k, name in enumerate(PARTIALS):
        ratio = freqs[:, k] / freqs[:, 1]
        report[name] = float(np.mean(1200.0 * np.log2(ratio / IDEAL_RATIOS[k])))
    return report


class Lathe:
    def __init__(self, model, cfg):
        self.model = model
        self.rate = cfg.lathe_rate

    def tuning_pass(self, profiles):
        freqs = self.model.partials(profiles)
        target = freqs[:, 1:2] * IDEAL_RATIOS
        error = (freqs - target) / target
        cut = self.rate * (error @ self.model.sensitivity)
        smooth = (np.roll(cut, 1, axis=1) + 2.0 * cut + np.roll(cut, -1, axis=1)) / 4.0
        return np.clip(profiles - smooth, 0.0, None), freqs


def cast_bells(cfg, rng):
    crown_to_lip = np.linspace(18.0, 42.0, cfg.stations)
    wobble = rng.normal(0.0, 1.5, size=(cfg.n_bells, cfg.stations))
    return crown_to_lip + np.cumsum(wobble, axis=1) / np.sqrt(np.arange(1, cfg.stations + 1))


cfg = FoundryConfig()
rng = np.random.default_rng(cfg.seed)
model = ModalModel(cfg.stations, rng)
lathe = Lathe(model, cfg)
profiles = cast_bells(cfg, rng)
ledger = []
for p in range(cfg.passes):
    profiles, freqs = lathe.tuning_pass(profiles)
    ledger.append(cents_report(freqs))
final = ledger[-1]
for name in PARTIALS:
    print(f"{name:8s} {final[name]:+.3f} cents")
checksum = sum(sum(r.values()) for r in ledger) + float(profiles.mean())
print(f"result: {checksum:.10e}")
