# ruff: noqa
"""Ambient-noise monitoring for a small seismic array: day-long records are cut into windows,
tapered, whitened in the frequency domain and cross-correlated for every station pair; the
stacked correlations give inter-station travel-time estimates and a coherence score."""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class WindowDataset(torch.utils.data.Dataset):
    def __init__(self, records, win):
        self.records = records
        self.win = win
        self.taper = torch.from_numpy(np.hanning(win))
        self.n = records.shape[1] // win

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        seg = self.records[:, i * self.win:(i + 1) * self.win]
        seg = seg - seg.mean(dim=1, keepdim=True)
        return seg * self.taper


def whiten(spec, eps=1e-6):
    return spec / (spec.abs() + eps)


def correlate_pairs(seg, pairs):
    spec = whiten(torch.fft.rfft(seg, n=2 * seg.shape[1]))
    cc = torch.fft.irfft(spec[pairs[:, 0]] * spec[pairs[:, 1]].conj(), n=2 * seg.shape[1])
    return torch.fft.fftshift(cc, dim=1)


def make_records(gen, n_sta, n_samples):
    src = torch.randn(n_samples + 400, generator=gen)
    delays = torch.randint(0, 300, (n_sta,), generator=gen)
    rec = torch.stack([src[d:d + n_samples] for d in delays.tolist()])
    return (rec + 0.8 * torch.randn(n_sta, n_samples, generator=gen)).float(), delays


gen = torch.Generator().manual_seed(42)
n_sta, win = 12, 2048
records, delays = make_records(gen, n_sta, 700 * win)
records = records.to(device)
ds = WindowDataset(records, win)
pairs = torch.combinations(torch.arange(n_sta), 2).to(device)
stack = None
peak_total = torch.zeros(())
for i in range(len(ds)):
    cc = correlate_pairs(ds[i], pairs)
    stack = cc if stack is None else stack + cc
    if i % 100 == 0:
        peak_total += cc.abs().amax(dim=1).sum()
lags = stack.argmax(dim=1) - win
true = delays[pairs[:, 1].cpu()] - delays[pairs[:, 0].cpu()]
coherence = (stack.amax(dim=1) / stack.abs().mean(dim=1)).mean()
print(f"pairs {len(pairs)}, lag error {float((lags.cpu() - true).abs().float().mean()):.3f} samples")
print(f"result: {float(coherence) + float(peak_total) * 1e-3 + float(lags.abs().sum()):.10e}")
