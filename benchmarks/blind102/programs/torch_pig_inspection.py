# ruff: noqa
"""Inline inspection of a gas pipeline: a smart pig records magnetic flux leakage along the line;
the recording is cut into overlapping windows, a small neural network trained on labelled digs
scores each window for metal loss, and the run is summarised per pipeline section (worst window,
number of windows to excavate)."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class PigRun:
    n_samples: int = 300_000
    window: int = 64
    hop: int = 24
    n_sections: int = 8


class MetalLossNet(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(window, 96), nn.ReLU(), nn.Linear(96, 48), nn.ReLU(), nn.Linear(48, 1)
        )

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1)


def synthetic_recording(cfg, gen):
    t = torch.arange(cfg.n_samples, dtype=torch.float32)
    base = 0.3 * torch.sin(t / 900.0) + 0.05 * torch.randn(cfg.n_samples, generator=gen)
    centres = torch.randint(0, cfg.n_samples, (120,), generator=gen)
    for c in centres.tolist():
        lo, hi = max(c - 40, 0), min(c + 40, cfg.n_samples)
        base[lo:hi] += torch.hann_window(hi - lo) * 0.8
    return base


def train(model, gen, steps=120, lr=0.5):
    for _ in range(steps):
        x = 0.05 * torch.randn(256, model.body[0].in_features, generator=gen)
        y = (torch.rand(256, generator=gen) < 0.3).float()
        x[y > 0] += 0.8 * torch.hann_window(x.shape[1])
        loss = nn.functional.binary_cross_entropy(model(x), y)
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= lr * p.grad
    return model


class Inspector:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg

    def _score_one(self, window):
        return self.model(window.unsqueeze(0))[0]

    def score_section(self, recording):
        windows = recording.unfold(0, self.cfg.window, self.cfg.hop)
        windows = windows - windows.mean(dim=1, keepdim=True)
        with torch.no_grad():
            scores = torch.stack(list(map(self._score_one, windows)))
        return scores


def main():
    torch.manual_seed(0)
    cfg = PigRun()
    gen = torch.Generator().manual_seed(3)
    model = train(MetalLossNet(cfg.window).to(device), gen)
    model.eval()
    recording = synthetic_recording(cfg, gen).to(device)
    inspector = Inspector(model, cfg)
    total = 0.0
    digs = 0
    for k, section in enumerate(recording.chunk(cfg.n_sections)):
        scores = inspector.score_section(section)
        worst = scores.max().item()
        digs += int((scores > 0.09).sum())
        total += float(scores.double().sum()) + worst
        print(f"section {k}: worst {worst:.3f}")
    print(f"windows to excavate: {digs}")
    print(f"result: {total:.10e}")


if __name__ == "__main__":
    main()
