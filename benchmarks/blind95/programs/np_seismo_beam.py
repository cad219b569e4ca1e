# ruff: noqa
"""Event detection on a small seismic array: synthetic three-component records from 48 stations
with buried events, noise whitening against a quiet reference segment, beam power per window and an
STA/LTA trigger on the beam, and a list of picked windows."""
from dataclasses import dataclass

import numpy as np

COMPONENTS = ("Z", "N", "E")


@dataclass
class ArrayConfig:
    n_stations: int = 48
    window: int = 256
    hop: int = 128
    sta: int = 4
    lta: int = 40
    on_ratio: float = 2.2


class BeamDetector:
    def __init__(self, config, reference_noise, weights):
        self.config = config
        self.reference_noise = reference_noise
        self.weights = weights

    @property
    def whitener(self):
        return np.linalg.inv(np.linalg.cholesky(np.cov(self.reference_noise)))

    def beam_power(self, block):
        white = self.whitener @ block
        beam = self.weights @ white
        return float(beam @ beam) / block.shape[1]

    def run(self, record):
        cfg = self.config
        starts = range(0, record.shape[1] - cfg.window + 1, cfg.hop)
        return np.array([self.beam_power(record[:, s : s + cfg.window]) for s in starts])


def component_gains(records):
    gains = {}
    for comp in COMPONENTS:
        rms = np.sqrt(np.mean(records[comp] ** 2, axis=1))
        gains[comp] = 1.0 / np.median(rms)
    return gains


def sta_lta(power, sta, lta):
    c = np.cumsum(np.concatenate([[0.0], power]))
    short = (c[sta:] - c[:-sta]) / sta
    long = (c[lta:] - c[:-lta]) / lta
    n = min(short.shape[0], long.shape[0])
    return short[-n:] / (long[-n:] + 1e-12)


def synth_records(rng, cfg, n_samples, n_events):
    mix = rng.normal(0.0, 0.3, size=(cfg.n_stations, cfg.n_stations)) + np.eye(cfg.n_stations)
    records = {}
    onsets = np.sort(rng.integers(2000, n_samples - 2000, size=n_events))
    for comp in COMPONENTS:
        x = mix @ rng.normal(0.0, 1.0, size=(cfg.n_stations, n_samples))
        t = np.arange(400)
        wavelet = np.sin(2 * np.pi * t / 25.0) * np.exp(-t / 120.0)
        for o in onsets:
            x[:, o : o + 400] += 3.0 * wavelet * rng.uniform(0.5, 1.5, size=(cfg.n_stations, 1))
        records[comp] = x
    return records, mix


cfg = ArrayConfig()
rng = np.random.default_rng(5)
records, mix = synth_records(rng, cfg, n_samples=90_000, n_events=12)
reference = mix @ rng.normal(0.0, 1.0, size=(cfg.n_stations, 2500))
gains = component_gains(records)
detector = BeamDetector(cfg, reference, np.full(cfg.n_stations, 1.0 / cfg.n_stations))
total = 0.0
picks = []
for comp in COMPONENTS:
    power = detector.run(records[comp] * gains[comp])
    ratio = sta_lta(power, cfg.sta, cfg.lta)
    picks.extend(int(i) for i in np.flatnonzero(ratio > cfg.on_ratio))
    total += float(ratio.sum())
print(f"{len(picks)} windows above the trigger ratio")
print(f"result: {total + len(picks):.10e}")
