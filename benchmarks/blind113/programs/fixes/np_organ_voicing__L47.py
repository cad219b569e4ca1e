# ruff: noqa
"""Voicing assistant for a two-manual pipe organ: models every rank's pipes as resonators driven
through a shared windchest (channels coupled by the chest's grooves), computes each pipe's steady
response to the wind supply and the mouth's spectrum, and suggests the toe-hole opening that
brings every pipe of a rank to the builder's target loudness curve."""
from dataclasses import dataclass

import numpy as np

STOPS = {"Principal 8'": 8.0, "Octave 4'": 4.0, "Fifteenth 2'": 2.0, "Gedackt 8'": 8.0,
         "Flute 4'": 4.0, "Nazard 2 2/3'": 2.667, "Tierce 1 3/5'": 1.6, "Mixture IV": 1.333,
         "Trumpet 8'": 8.0, "Bourdon 16'": 16.0}
N_KEYS = 61
N_CHANNELS = 176
N_PARTIALS = 24


class Windchest:
    def __init__(self, rng, n_channels=N_CHANNELS, pressure=70.0):
        c = rng.normal(0.0, 0.03, (n_channels, n_channels))
        self.coupling = np.eye(n_channels) * 2.0 + 0.5 * (c + c.T)
        self.supply = pressure * rng.uniform(0.9, 1.1, n_channels)
        self.pressure = pressure


@dataclass
class Rank:
    name: str
    footage: float
    mouths: np.ndarray  # (keys, channels): how each pipe's mouth draws on the chest's channels
    spectrum: np.ndarray  # (keys, partials)


def make_rank(name, footage, rng):
    keys = np.arange(N_KEYS)[:, None]
    ch = np.arange(N_CHANNELS)[None, :]
    centre = keys * (N_CHANNELS - 1) / (N_KEYS - 1)
    mouths = np.exp(-0.5 * ((ch - centre) / (2.0 + footage)) ** 2)
    mouths *= rng.uniform(0.95, 1.05, mouths.shape)
    partial = np.arange(1, N_PARTIALS + 1)[None, :]
    brightness = 0.6 + 0.05 * footage + 0.1 * rng.random((N_KEYS, 1))
    spectrum = partial ** -brightness * (1.0 + 0.02 * rng.standard_normal((N_KEYS, N_PARTIALS)))
    return Rank(name, footage, mouths, spectrum)


def chest_admittance(chest):
    return np.linalg.inv(chest.coupling)


def pipe_response(chest, mouth, adm):
    return adm @ (chest.supply * mouth)


def voice_rank(chest, rank, target):
    toe = np.empty(N_KEYS)
    adm = chest_admittance(chest)
    for k in range(N_KEYS):
        flow = pipe_response(chest, rank.mouths[k], adm)
        loud = float(flow @ rank.mouths[k]) * float(rank.spectrum[k] @ rank.spectrum[k])
        toe[k] = np.sqrt(target[k] / loud)
    return toe


def audition(rank, toe, seconds=0.1, rate=22050):
    t = np.arange(int(seconds * rate)) / rate
    freq = 65.41 * 8.0 / rank.footage * 2.0 ** (np.arange(N_KEYS) / 12.0)
    partial = np.arange(1, N_PARTIALS + 1)
    phase = 2.0 * np.pi * (freq[:, None, None] * partial[None, :, None]) * t[None, None, :]
    wave = np.einsum("kp,kpt->kt", rank.spectrum * toe[:, None], np.sin(phase))
    return np.sqrt((wave * wave).mean(axis=1))


def target_curve(footage):
    keys = np.arange(N_KEYS)
    return 40.0 * (8.0 / footage) ** 0.3 * (1.0 - 0.004 * keys)


rng = np.random.default_rng(1723)
footage = np.array(list(STOPS.values()))
pitch = np.empty(len(footage))
for i in range(len(footage)):
    pitch[i] = 65.41 * 8.0 / footage[i]

chests = {"Great": Windchest(rng, pressure=75.0), "Swell": Windchest(rng, pressure=68.0)}
openings = {}
levels = {}
for j, (name, feet) in enumerate(STOPS.items()):
    chest = chests["Great" if j % 2 == 0 else "Swell"]
    rank = make_rank(name, feet, rng)
    toe = voice_rank(chest, rank, target_curve(feet))
    openings[name] = np.clip(toe * 6.0, 1.0, 14.0)
    levels[name] = audition(rank, toe)

for name, toe in openings.items():
    print(f"{name:>15}: toe holes {toe.min():5.2f} .. {toe.max():5.2f} mm, "
          f"rms {levels[name].mean():.3f}")
total = sum(float(t.sum()) for t in openings.values())
loudness = sum(float(v.mean()) for v in levels.values())
print(f"result: {total + loudness + float(pitch.sum()):.10e}")
