"""Dimmer curve and lamp-load estimate for a show.

Renders every cue's crossfade at the DMX refresh rate, runs the channel levels through each
dimmer's trim and the square-law curve with preheat, and adds up the lamp energy over the run
of the show, so the crew can check the dimmer racks against the venue's supply.
Prints the energy drawn over one performance in kWh."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import torch

DMX_HZ = 44
N_CHANNELS = 2048           # four universes
PREHEAT = 0.04


@dataclass
class Patch:
    n_channels: int
    seed: int = 5
    rated_w: torch.Tensor = field(init=False)
    trim: torch.Tensor = field(init=False)

    def __post_init__(self):
        rng = np.random.default_rng(self.seed)
        lamp_sizes = np.array([575.0, 750.0, 1000.0, 2000.0], dtype=np.float32)
        self.rated_w = torch.from_numpy(rng.choice(lamp_sizes, self.n_channels))
        # per-dimmer trim measured at the last focus call, kept in the rig spreadsheet
        self.trim = torch.from_numpy(rng.uniform(0.92, 1.0, self.n_channels))


@dataclass
class Cue:
    number: float
    look: torch.Tensor
    fade_s: float
    hold_s: float


@dataclass
class DimmerCurve:
    gamma: float = 2.2
    preheat: float = PREHEAT

    def __call__(self, level: torch.Tensor) -> torch.Tensor:
        return self.preheat + (1.0 - self.preheat) * level.clamp(0.0, 1.0) ** self.gamma


def smoothstep(x: torch.Tensor) -> torch.Tensor:
    return x * x * (3.0 - 2.0 * x)


def crossfade(start: torch.Tensor, end: torch.Tensor, seconds: float) -> torch.Tensor:
    n = max(2, int(seconds * DMX_HZ))
    t = smoothstep(torch.linspace(0.0, 1.0, n)).unsqueeze(1)
    return start + (end - start) * t


class LoadMeter:
    def __init__(self, patch: Patch, curve: DimmerCurve):
        self.patch = patch
        self.curve = curve
        self.joules = 0.0
        self.wear_s = 0.0

    def add(self, levels: torch.Tensor, seconds_per_frame: float) -> None:
        out = self.curve(levels * self.patch.trim)
        # filament resistance rises with temperature: power goes roughly as output^1.55
        watts = self.patch.rated_w * out.pow(1.55)
        self.joules += float(watts.sum()) * seconds_per_frame
        # halogen life goes as volts^-13, i.e. wear per second rises steeply with output
        self.wear_s += float(out.pow(3.4).sum()) * seconds_per_frame

    def kwh(self) -> float:
        return self.joules / 3.6e6


def cue_stack(n_cues: int, presets: dict[str, torch.Tensor]) -> list[Cue]:
    g = torch.Generator().manual_seed(3)
    names = list(presets)
    cues = []
    for i in range(n_cues):
        base = presets[names[i % len(names)]]
        look = (base + 0.15 * torch.rand(N_CHANNELS, generator=g)).clamp(0, 1)
        fade = float(1.0 + 9.0 * torch.rand((), generator=g))
        cues.append(Cue(number=1 + i * 0.5, look=look, fade_s=fade, hold_s=30.0))
    return cues


def main() -> None:
    torch.manual_seed(0)
    presets = {
        name: torch.rand(N_CHANNELS) * scale
        for name, scale in (("house", 0.8), ("wash", 0.6), ("special", 0.3), ("blackout", 0.02))
    }
    patch = Patch(N_CHANNELS)
    meter = LoadMeter(patch, DimmerCurve())

    current = presets["house"].clone()
    for cue in cue_stack(200, presets):
        meter.add(crossfade(current, cue.look, cue.fade_s), 1.0 / DMX_HZ)
        # a held look draws steady power: one frame scaled by the hold time
        meter.add(cue.look.unsqueeze(0), cue.hold_s)
        current = cue.look
    lamp_hours = meter.wear_s / 3600.0 / N_CHANNELS
    print(f"result: {meter.kwh() + lamp_hours:.10e}")


if __name__ == "__main__":
    main()
