# ruff: noqa
"""Pre-visualisation of a theatre lighting cue stack: each cue crossfades every dimmer channel
from its previous level to its target over the cue's fade time, through the console's dimmer
law (a gamma curve); the frames are mixed into per-fixture colour output and summarised as the
stage's illuminance per cue."""
import functools
from dataclasses import dataclass

import numpy as np

FPS = 44  # DMX refresh used by the console
CHANNELS = 48


@dataclass
class Cue:
    number: float
    fade_s: float
    targets: np.ndarray
    label: str = ""


class DimmerLaw:
    def __init__(self, gamma, floor=0.0, ceiling=1.0):
        self.gamma = gamma
        self.floor = floor
        self.ceiling = ceiling
        self.curve = lambda level: float(np.clip(np.power(level, self.gamma), self.floor, self.ceiling))


def crossfade(start, end, progress):
    return start + (end - start) * progress


def fade_frames(law, previous, cue):
    n = max(1, int(cue.fade_s * FPS))
    for k in range(1, n + 1):
        progress = k / n
        mix = functools.partial(crossfade, progress=progress)
        yield list(map(law.curve, map(mix, previous, cue.targets)))


def build_stack(rng, n_cues):
    cues = []
    for i in range(n_cues):
        targets = np.round(rng.beta(0.7, 0.9, CHANNELS), 3)
        targets[rng.random(CHANNELS) < 0.3] = 0.0
        cues.append(Cue(number=i + 1.0, fade_s=float(rng.choice([1.5, 3.0, 5.0, 8.0])), targets=targets, label=f"Q{i + 1}"))
    return cues


def fixture_names(n):
    return np.array([f"{kind}-{i:02d}" for i, kind in zip(range(n), ["par", "fresnel", "profile", "led"] * n)])


rng = np.random.default_rng(8)
stack = build_stack(rng, 20)
law = DimmerLaw(gamma=2.2)
fixtures = 24
patch = rng.uniform(0.0, 1.0, size=(CHANNELS, fixtures * 3)) * (rng.random((CHANNELS, fixtures * 3)) < 0.15)
throw = rng.uniform(0.5, 1.5, size=(fixtures * 3, 4096))
previous = np.zeros(CHANNELS)
illum = []
for cue in stack:
    frames = np.array(list(fade_frames(law, previous, cue)))
    colour = frames @ patch
    stage = colour @ throw
    lux = np.sqrt(np.maximum(stage, 0.0)).mean(axis=1)
    short = [s.split("-")[0] for s in fixture_names(fixtures).tolist()]
    illum.append(lux.max() + 1e-3 * len(set(short)))
    previous = cue.targets
print(f"cues: {len(stack)}, brightest cue {int(np.argmax(illum)) + 1}")
print(f"result: {sum(illum):.10e}")
