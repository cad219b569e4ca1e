"""Acoustic monitoring of beehives: microphone clips are framed, windowed and turned into
log-power spectra; band energies around the colony's hum (200-500 Hz) and the queen's piping
feed a logistic detector of queenless colonies, trained on labelled clips and run on new ones."""
import numpy as np
import torch

SR = 8000
FRAME = 1024
HOP = 96
WINDOW = torch.from_numpy(np.hanning(FRAME))
BANDS = [(100, 200), (200, 300), (300, 400), (400, 500), (500, 700), (700, 1000), (1000, 1600)]


def synth_clips(n, seconds, queenless, gen):
    t = torch.arange(int(SR * seconds)) / SR
    base = 250 + 30 * torch.rand(n, 1, generator=gen)
    hum = torch.sin(2 * np.pi * base * t) + 0.5 * torch.sin(4 * np.pi * base * t)
    piping = 0.4 * torch.sin(2 * np.pi * 450 * t) * (torch.rand(n, 1, generator=gen) < 0.5)
    noise = 0.6 * torch.randn(n, t.numel(), generator=gen)
    extra = torch.where(queenless[:, None], 0.8 * torch.sin(2 * np.pi * 620 * t), 0.0 * t)
    return (hum + piping + noise + extra).float()


def band_features(clips):
    frames = clips.unfold(1, FRAME, HOP)
    spec = torch.fft.rfft(frames * WINDOW).abs() ** 2
    logspec = torch.log1p(spec)
    freqs = torch.fft.rfftfreq(FRAME, 1 / SR)
    feats = [logspec[..., (freqs >= lo) & (freqs < hi)].mean(dim=(1, 2)) for lo, hi in BANDS]
    flux = (logspec[:, 1:] - logspec[:, :-1]).clamp(min=0).mean(dim=(1, 2))
    return torch.stack(feats + [flux], dim=1).float()


def batches(n_batches, batch, gen):
    for _ in range(n_batches):
        labels = torch.rand(batch, generator=gen) < 0.4
        yield band_features(synth_clips(batch, 2.0, labels, gen)), labels.float()


gen = torch.Generator().manual_seed(8)
torch.manual_seed(8)
w = torch.zeros(len(BANDS) + 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([w, b], lr=0.5)
mu = sd = None
for feats, labels in batches(9, 32, gen):
    if mu is None:
        mu, sd = feats.mean(0), feats.std(0) + 1e-6
    z = (feats - mu) / sd
    loss = torch.nn.functional.binary_cross_entropy_with_logits(z @ w + b, labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
test_labels = torch.rand(48, generator=gen) < 0.4
test_feats = band_features(synth_clips(48, 2.0, test_labels, gen))
mean_energy = torch.tensor(test_feats.numpy().astype(np.float64).mean(axis=0))
with torch.no_grad():
    prob = torch.sigmoid(((test_feats - mu) / sd) @ w + b)
acc = float(((prob > 0.5) == test_labels).float().mean())
print(f"queenless detection accuracy {acc:.3f}")
print(f"result: {prob.sum().item() + acc + mean_energy.sum().item():.10e}")
