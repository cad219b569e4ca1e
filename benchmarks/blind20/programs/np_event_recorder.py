"""Detector readout reconstruction: a generator yields readout frames from a simulated
400-channel detector; each frame is gain-calibrated, the hits above threshold are kept
together with their frame numbers, and the energy spectrum of the run is summarised."""
import numpy as np


def frames(rng, n_frames, n_channels):
    gains = rng.uniform(0.9, 1.1, n_channels)
    pedestal = rng.uniform(0.0, 0.5, n_channels)
    for k in range(n_frames):
        raw = rng.gamma(2.0, 5.0, n_channels)
        yield k, (raw - pedestal) * gains


class Recorder:
    def __init__(self, threshold):
        self.threshold = threshold
        self.energies = np.empty(0)
        self.counts = []

    def add(self, frame):
        hits = frame[frame > self.threshold]
        self.energies = np.concatenate([self.energies, hits])
        self.counts.append(len(hits))


def main():
    rng = np.random.default_rng(5)
    rec = Recorder(threshold=12.0)
    for k, frame in frames(rng, 3200, 400):
        rec.add(frame)
    spectrum = np.empty(0, dtype=np.int64)
    for block in np.array_split(rec.energies, 4):
        spectrum = np.concatenate([spectrum, np.histogram(block, bins=20, range=(0, 80))[0]])
    counts = np.array(rec.counts)
    frame_of_hit = np.repeat(np.arange(len(counts)), counts)
    print(f"hits: {len(rec.energies)}, busiest frame: {int(counts.argmax())}")
    checksum = rec.energies.sum() + 1e-6 * (frame_of_hit * rec.energies).sum()
    print(f"result: {checksum + spectrum @ np.arange(80):.10e}")


main()
