# ruff: noqa
"""Estimates stroke rate from wrist-worn accelerometers during a swimming club's endurance set:
each swimmer's 3-axis signal (float32, 100 Hz) is low-pass filtered, gravity removed, cut into
overlapping frames and Fourier-transformed; the spectral peak in the stroke band, refined by
parabolic interpolation, gives strokes per minute frame by frame. Prints the squad's mean rate."""
import numpy as np
import torch

torch.set_num_threads(1)

FS = 100.0
FRAME = 1024
HOP = 16
N_SWIMMERS = 12
SESSION_MIN = 20
STROKE_BAND = (0.35, 1.2)  # Hz, one arm cycle


def synth_accel(rng, minutes, cycle_hz):
    """Raw accelerometer trace in g, with drift of the stroke rate through the set."""
    n = int(minutes * 60 * FS)
    t = np.arange(n) / FS
    rate = cycle_hz * (1.0 + 0.08 * np.sin(2 * np.pi * t / 300.0))
    phase = 2 * np.pi * np.cumsum(rate) / FS
    ax = 0.9 * np.sin(phase) + 0.3 * np.sin(2 * phase + 0.4)
    ay = 0.5 * np.cos(phase) + 0.15 * rng.standard_normal(n)
    az = 1.0 + 0.2 * np.sin(phase + 1.1)
    acc = np.stack([ax, ay, az]) + 0.25 * rng.standard_normal((3, n))
    return torch.from_numpy(acc.astype(np.float32))


def lowpass_kernel(cutoff_hz, taps=63):
    k = torch.arange(taps, dtype=torch.float32) - (taps - 1) / 2
    h = torch.sinc(2 * cutoff_hz / FS * k) * torch.hamming_window(taps, periodic=False)
    return (h / h.sum()).view(1, 1, -1)


class StrokeCounter:
    def __init__(self):
        self.kernel = lowpass_kernel(5.0)
        self.window = torch.from_numpy(np.hanning(FRAME))
        freqs = torch.fft.rfftfreq(FRAME, d=1.0 / FS)
        self.band = (freqs >= STROKE_BAND[0]) & (freqs <= STROKE_BAND[1])
        self.band_start = int(self.band.nonzero()[0])
        self.df = float(freqs[1])

    def clean(self, acc):
        smooth = torch.nn.functional.conv1d(acc.unsqueeze(1), self.kernel, padding="same")
        smooth = smooth.squeeze(1)
        dynamic = smooth - smooth.mean(dim=1, keepdim=True)  # gravity: the per-axis mean
        return dynamic.pow(2).sum(dim=0).sqrt()

    def spectrum(self, mag):
        frames = mag.unfold(0, FRAME, HOP)
        frames = (frames - frames.mean(dim=1, keepdim=True)) * self.window
        power = torch.fft.rfft(frames, dim=1).abs().pow(2)
        return power / power.sum(dim=1, keepdim=True)

    def rates(self, acc):
        """Strokes per minute of each frame, and whether the frame's spectrum is peaked enough."""
        power = self.spectrum(self.clean(acc))
        entropy = -(power * torch.log(power + 1e-12)).sum(dim=1)
        confident = entropy < entropy.quantile(0.75)
        power = power[:, self.band]
        k = power.argmax(dim=1).clamp(1, power.shape[1] - 2)
        rows = torch.arange(power.shape[0])
        a, b, c = power[rows, k - 1], power[rows, k], power[rows, k + 1]
        offset = 0.5 * (a - c) / (a - 2 * b + c)
        hz = (self.band_start + k + offset) * self.df
        return 60.0 * hz, confident  # stroke cycles per minute


rng = np.random.default_rng(5)
counter = StrokeCounter()
squad = {f"swimmer_{i:02d}": rng.uniform(0.45, 0.9) for i in range(N_SWIMMERS)}
per_swimmer = {}
for name, cycle_hz in squad.items():
    acc = synth_accel(rng, SESSION_MIN, cycle_hz)
    spm, confident = counter.rates(acc)
    per_swimmer[name] = spm[confident].median().item()

squad_rate = float(np.mean(list(per_swimmer.values())))
print(f"result: {squad_rate:.8e}")
