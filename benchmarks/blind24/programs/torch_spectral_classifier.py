"""Vibration-fault classifier: log-spectrum features of framed signals feeding a linear model.

A FrameFeaturizer cuts each synthetic vibration record into overlapping frames, applies a Hann
window and computes a log power spectrum pooled into bands; a linear classifier is trained on
the band features with full-batch gradient descent. The result is the final loss plus accuracy.
"""
import numpy as np
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class FrameFeaturizer:
    def __init__(self, frame=512, hop=256, bands=32):
        self.frame, self.hop, self.bands = frame, hop, bands
        self.window = torch.from_numpy(np.hanning(frame)).to(device)

    def __call__(self, signals):
        frames = signals.unfold(1, self.frame, self.hop)
        spec = torch.fft.rfft(frames * self.window, dim=-1).abs() ** 2
        logspec = torch.log1p(spec[..., 1:]).mean(dim=1)
        pooled = logspec.reshape(logspec.shape[0], self.bands, -1).mean(dim=-1)
        return pooled.float()


def make_records(n, length, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(length, dtype=torch.float32) / 4096.0
    labels = torch.randint(0, 2, (n,), generator=g)
    freq = 300.0 + 500.0 * labels.float() + 20.0 * torch.randn(n, generator=g)
    x = torch.sin(2 * torch.pi * freq[:, None] * t[None, :])
    x = x + 0.8 * torch.randn(n, length, generator=g)
    return x.to(device), labels.to(device)


def main():
    torch.manual_seed(0)
    feat = FrameFeaturizer()
    feats, labels = [], []
    for chunk in range(7):
        x, y = make_records(256, 16384, seed=chunk)
        feats.append(feat(x))
        labels.append(y)
    F = torch.cat(feats)
    y = torch.cat(labels)
    F = (F - F.mean(0)) / F.std(0)
    clf = nn.Linear(F.shape[1], 2).to(device)
    opt = torch.optim.SGD(clf.parameters(), lr=0.5)
    losses = []
    for _ in range(100):
        loss = nn.functional.cross_entropy(clf(F), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    acc = (clf(F).argmax(1) == y).float().mean()
    print("result:", round(sum(losses) / len(losses) + acc.item(), 5))


if __name__ == "__main__":
    main()
