# ruff: noqa
"""Cue-stack playback for a theatre lighting desk: each cue crossfades the rig's dimmer levels to
new targets over its fade time, frame by frame at 25 frames per second; the channel levels are
compensated for the crosstalk between neighbouring dimmer packs before they are sent, and the
stage illuminance on a grid of floor points is checked at every cue's last frame."""
from dataclasses import dataclass

import numpy as np

N_CHANNELS = 128
FPS = 25


@dataclass
class Cue:
    number: float
    targets: np.ndarray
    fade: float  # seconds
    label: str = ""


class DimmerRack:
    def __init__(self, crosstalk: np.ndarray, curve_gamma: float = 2.2):
        self.crosstalk = crosstalk
        self.gamma = curve_gamma
        self.sent_frames = 0
        self._inverse = np.linalg.inv(crosstalk)

    def _decouple(self, levels):
        # levels seen at the lamps = crosstalk @ sent; invert it to send what the desk asks for
        return self._inverse @ levels

    def output(self, levels):
        sent = self._decouple(levels ** self.gamma)
        self.sent_frames += 1
        return np.clip(sent, 0.0, 1.0)


class Desk:
    def __init__(self, rack, fixtures_xy, floor_xy):
        self.rack = rack
        self.levels = np.zeros(N_CHANNELS)
        self.fixtures_xy = fixtures_xy
        self.floor_xy = floor_xy
        d2 = ((floor_xy[:, None, :] - fixtures_xy[None, :, :]) ** 2).sum(axis=2)
        self.footprint = np.exp(-d2 / 8.0)
        self.submasters = np.ones(12)

    def illuminance(self, sent):
        return self.footprint @ sent

    def go(self, cue, on_frame=None):
        start = self.levels
        n = max(1, int(round(cue.fade * FPS)))
        for k in range(1, n + 1):
            t = k / n
            eased = t * t * (3.0 - 2.0 * t)
            self.levels = start + (cue.targets - start) * eased
            sent = self.rack.output(self.levels)
            if on_frame is not None:
                on_frame(cue, k, sent)
        return self.illuminance(sent)


def build_cue_stack(rng, n_cues):
    cues = []
    for i in range(n_cues):
        targets = np.clip(rng.normal(0.5, 0.25, size=N_CHANNELS), 0.0, 1.0)
        cues.append(Cue(number=i + 1.0, targets=targets, fade=float(rng.choice([0.5, 1.0, 1.5, 2.0]))))
    return cues


rng = np.random.default_rng(44)
idx = np.arange(N_CHANNELS)
crosstalk = np.eye(N_CHANNELS) + 0.04 * (np.abs(idx[:, None] - idx[None, :]) == 1) + 0.01 * rng.random((N_CHANNELS, N_CHANNELS)) / N_CHANNELS
fixtures_xy = rng.uniform(0.0, 12.0, size=(N_CHANNELS, 2))
gx, gy = np.meshgrid(np.linspace(0.0, 12.0, 60), np.linspace(0.0, 9.0, 45))
floor_xy = np.stack([gx.ravel(), gy.ravel()], axis=1)
desk = Desk(DimmerRack(crosstalk), fixtures_xy, floor_xy)

peak = [0.0]
uniformity = []
def track_peak(cue, k, sent):
    peak[0] = max(peak[0], float(sent.max()))
    lux = desk.illuminance(sent)
    uniformity.append(lux.min() / max(lux.mean(), 1e-9))

cues = build_cue_stack(rng, 40)
lux_total = 0.0
for cue in cues:
    snapshot = desk.submasters.copy()
    lux = desk.go(cue, on_frame=track_peak)
    lux_total += float(lux.mean()) * float(snapshot.mean())
print(f"{len(cues)} cues, {desk.rack.sent_frames} frames sent, peak level {peak[0]:.4f}")
print(f"result: {lux_total + peak[0] + desk.levels.sum() + sum(uniformity):.10e}")
