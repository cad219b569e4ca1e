# ruff: noqa
"""Classifies tennis strokes (forehand, backhand, serve, volley) from a wrist-worn IMU that the
club's coaches clip on players during drills: the 3-axis accelerometer signal is cut into
overlapping frames, each frame's spectrum is reduced to band energies, and a softmax classifier
is fitted on the first sessions and scored on the rest. Prints the held-out log-loss summed over
players."""
import numpy as np
import torch

torch.set_num_threads(1)

FS = 500.0  # Hz
FRAME = 256
HOP = 32
BANDS = [(1, 4), (4, 8), (8, 14), (14, 22), (22, 34), (34, 50), (50, 72), (72, 100), (100, 129)]
STROKES = ["forehand", "backhand", "serve", "volley"]


def simulate_session(n_swings, gen):
    """Accelerometer trace of n_swings drill swings, float32, with a label per swing."""
    labels = torch.randint(0, len(STROKES), (n_swings,), generator=gen)
    t = torch.arange(FRAME * 4, dtype=torch.float32) / FS
    lab = labels.to(torch.float32)[:, None]
    f0 = 6.0 + 5.0 * lab
    envelope = torch.exp(-((t - 0.9) ** 2) / 0.05)
    base = torch.sin(2 * torch.pi * f0 * t) * envelope  # (n_swings, samples)
    amp = torch.stack([1.0 + 0.3 * lab, torch.full_like(lab, 0.8), 1.2 - 0.2 * lab])
    swings = amp * base + 1.5 * torch.randn(3, n_swings, t.numel(), generator=gen)
    return swings.reshape(3, -1), labels


class SpectralFeatures:
    def __init__(self, frame, hop):
        self.frame = frame
        self.hop = hop
        self.window = torch.from_numpy(np.hanning(frame)).float()

    def frames(self, signal):
        padded = torch.nn.functional.pad(signal, (0, self.frame - self.hop))
        return padded.unfold(-1, self.frame, self.hop)  # (3, n_frames, frame)

    def band_energies(self, signal):
        fr = self.frames(signal)
        fr = fr - fr.mean(dim=-1, keepdim=True)
        spec = torch.fft.rfft(fr * self.window, dim=-1)
        power = spec.real**2 + spec.imag**2
        bands = torch.stack([power[..., lo:hi].sum(dim=-1) for lo, hi in BANDS], dim=-1)
        return torch.log1p(bands)  # (3, n_frames, n_bands)

    def per_swing(self, signal, n_swings):
        e = self.band_energies(signal)
        per = e.shape[1] // n_swings
        e = e[:, : per * n_swings].reshape(3, n_swings, per, len(BANDS))
        feats = torch.cat([e.mean(dim=2), e.amax(dim=2), e.std(dim=2)], dim=-1)
        return feats.permute(1, 0, 2).reshape(n_swings, -1).to(torch.float32)


def fit_softmax(X, y, epochs, lr=0.05):
    mu, sd = X.mean(0), X.std(0) + 1e-6
    W = torch.zeros(X.shape[1], len(STROKES), requires_grad=True)
    b = torch.zeros(len(STROKES), requires_grad=True)
    opt = torch.optim.Adam([W, b], lr=lr)
    for _ in range(epochs):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(((X - mu) / sd) @ W + b, y)
        loss.backward()
        opt.step()
    return lambda Z: ((Z - mu) / sd) @ W.detach() + b.detach()


gen = torch.Generator().manual_seed(3)
features = SpectralFeatures(FRAME, HOP)
players = ["Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana"]
total = 0.0
for name in players:
    X_parts, y_parts = [], []
    for session in range(10):
        sig, labels = simulate_session(120, gen)
        X_parts.append(features.per_swing(sig, len(labels)))
        y_parts.append(labels)
    X, y = torch.cat(X_parts), torch.cat(y_parts)
    n_train = 8 * 120
    model = fit_softmax(X[:n_train], y[:n_train], epochs=60)
    with torch.no_grad():
        held = torch.nn.functional.cross_entropy(model(X[n_train:]), y[n_train:])
    loss = held.item()
    print(f"{name:6s} held-out log-loss {loss:.4f}")
    total += loss
print(f"result: {total:.8e}")
