# ruff: noqa
"""Recycling plant, non-ferrous line: an inductive sensor bar of 16 coils x 512 channels across
the belt is read frame by frame ahead of the eddy-current separator. Each frame is demodulated,
smoothed and background-corrected, the strongest response across the belt decides whether the air
jets fire, and a small classifier scores aluminium against copper/brass from the coil spectra.
Prints the estimated aluminium recovery."""
import math

import torch

torch.set_num_threads(1)

N_COILS = 16
N_CHANNELS = 512
N_FRAMES = 1200
FIRE_LEVEL = 1.8
JET_WEIGHTS = torch.tensor([0.25, 0.5, 0.25])      # centre valve and its two neighbours


def gaussian_kernel(width, sigma):
    x = torch.arange(width, dtype=torch.float32) - (width - 1) / 2
    k = torch.exp(-0.5 * (x / sigma) ** 2)
    return (k / k.sum()).view(1, 1, -1)


def make_frames(gen, n_frames):
    """Coil responses: background hum, drifting offsets and a few metal items per frame."""
    t = torch.arange(n_frames, dtype=torch.float32)[:, None, None]
    hum = 0.3 * torch.sin(2 * math.pi * 0.05 * t + torch.linspace(0, 3, N_COILS)[None, :, None])
    raw = hum + 0.5 * torch.randn(n_frames, N_COILS, N_CHANNELS, generator=gen)
    centre = torch.randint(20, N_CHANNELS - 20, (n_frames, 3), generator=gen)
    is_alu = torch.rand(n_frames, 3, generator=gen) < 0.7
    ch = torch.arange(N_CHANNELS, dtype=torch.float32)
    for j in range(3):
        bump = torch.exp(-0.5 * ((ch[None, :] - centre[:, j : j + 1]) / 4.0) ** 2)
        gain = torch.tensor([1.8, 3.0])[is_alu[:, j].long()][:, None, None]
        coil_shape = torch.linspace(1.0, 0.4, N_COILS)[None, :, None]
        coil_shape = torch.where(is_alu[:, j, None, None], coil_shape, coil_shape.flip(1))
        raw = raw + gain * coil_shape * bump[:, None, :]
    return raw, is_alu


class Frame:
    def __init__(self, coils, background, kernel):
        corrected = coils - background
        smooth = torch.nn.functional.conv1d(corrected[:, None, :], kernel, padding=kernel.shape[-1] // 2)
        self.coils = smooth[:, 0, :]
        self.envelope = self.coils.abs().mean(dim=0)

    @property
    def peak(self):
        return max(self.envelope)

    def spectrum_at(self, channel):
        lo = max(channel - 16, 0)
        window = self.coils[:, lo : lo + 32]
        return torch.fft.rfft(window, n=32).abs().flatten()


class Classifier(torch.nn.Module):
    def __init__(self, n_in, gen):
        super().__init__()
        self.l1 = torch.nn.Linear(n_in, 64)
        self.l2 = torch.nn.Linear(64, 1)
        with torch.no_grad():
            for p in self.parameters():
                p.copy_(0.1 * torch.randn(p.shape, generator=gen))

    def forward(self, x):
        return torch.sigmoid(self.l2(torch.tanh(self.l1(x))))


@torch.no_grad()
def run_line(frames, clf, kernel):
    background = frames[:50].mean(dim=0)
    fired, alu_scores = 0, []
    for k in range(frames.shape[0]):
        frame = Frame(frames[k], background, kernel)
        background = 0.98 * background + 0.02 * frames[k]
        level = frame.peak
        if float(level) < FIRE_LEVEL:
            continue
        fired += 1
        channel = int(frame.envelope.argmax())
        spread = frame.envelope[max(channel - 1, 0) : channel + 2]
        feats = frame.spectrum_at(channel)
        score = clf(feats[None, :] / (1.0 + feats.norm()))[0, 0]
        alu_scores.append(float(score) * float((JET_WEIGHTS[: spread.numel()] * spread).sum() > 0))
    return fired, alu_scores


def main():
    gen = torch.Generator().manual_seed(172)
    frames, is_alu = make_frames(gen, N_FRAMES)
    kernel = gaussian_kernel(9, 2.0)
    clf = Classifier(N_COILS * 17, gen)
    fired, scores = run_line(frames, clf, kernel)
    recovery = sum(scores) / max(int(is_alu.sum()), 1)
    print(f"fired {fired} of {N_FRAMES} frames")
    print(f"result: {recovery:.10e}")


if __name__ == "__main__":
    main()
