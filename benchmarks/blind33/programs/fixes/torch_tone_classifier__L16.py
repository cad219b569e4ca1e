"""Classify synthetic audio frames (pure tones plus noise) into frequency bands.

Frames are windowed and turned into log power spectra by a featurizer passed to the
training loop as a transform; a linear classifier on the spectra is trained with Adam.
"""
import functools
import math

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
N_BANDS = 8


@functools.lru_cache(maxsize=None)
def hann(n):
    return torch.tensor([0.5 - 0.5 * math.cos(2.0 * math.pi * i / (n - 1)) for i in range(n)])


def log_spectrum(frames, frame_len, eps=1e-6):
    window = hann(frame_len).to(frames.device)
    spec = torch.fft.rfft(frames * window, dim=-1)
    return torch.log(spec.real ** 2 + spec.imag ** 2 + eps)


def make_batch(g, batch, frame_len, sr=16000.0):
    band = torch.randint(0, N_BANDS, (batch,), generator=g)
    freq = 200.0 + band.float() * 800.0 + 300.0 * torch.rand(batch, generator=g)
    t = torch.arange(frame_len) / sr
    frames = torch.sin(2 * math.pi * freq[:, None] * t[None, :]) + 0.5 * torch.randn(batch, frame_len, generator=g)
    return frames, band.tolist()


def train(model, opt, transform, steps, batch, frame_len, seed=0):
    g = torch.Generator().manual_seed(seed)
    correct = 0
    for step in range(steps):
        frames, labels = make_batch(g, batch, frame_len)
        x = transform(frames.to(device))
        y = torch.tensor(labels, device=device)
        logits = model(x)
        loss = torch.nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        correct += (logits.argmax(1) == y).sum()
    return int(correct)


if __name__ == "__main__":
    torch.manual_seed(0)
    frame_len = 8192
    model = torch.nn.Linear(frame_len // 2 + 1, N_BANDS).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    transform = functools.partial(log_spectrum, frame_len=frame_len)
    correct = train(model, opt, transform, steps=1000, batch=2, frame_len=frame_len)
    w = model.weight.detach().double().abs().sum().item()
    print("result:", correct + round(w, 3))
