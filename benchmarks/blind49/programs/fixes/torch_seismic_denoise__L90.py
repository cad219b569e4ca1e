# ruff: noqa
"""1-D convolutional denoiser for seismic waveform windows: synthetic Ricker-wavelet events
in coloured noise, a small residual conv net trained for a few epochs on noisy/clean pairs,
then an evaluation pass over a held-out catalogue of windows that reports the SNR gain."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
WIN = 96


def ricker(t, f):
    a = (torch.pi * f * t) ** 2
    return (1 - 2 * a) * torch.exp(-a)


class WaveformDataset:
    def __init__(self, n, gen):
        shifts = torch.randint(-30, 30, (n,), generator=gen)
        freqs = 2.0 + 6.0 * torch.rand(n, generator=gen)
        amps = 0.5 + torch.rand(n, generator=gen)
        t = (torch.arange(WIN) - WIN // 2 - shifts[:, None]) / 100.0
        clean = amps[:, None] * ricker(t, freqs[:, None])
        white = torch.randn(n, WIN, generator=gen)
        noise = 0.3 * (white + torch.roll(white, 1, dims=1) + torch.roll(white, 2, dims=1))
        self.clean = clean.unsqueeze(1)
        self.noisy = (clean + noise).unsqueeze(1)

    def __len__(self):
        return self.clean.shape[0]

    def batches(self, size):
        for i in range(0, len(self), size):
            yield self.noisy[i : i + size], self.clean[i : i + size]


class Denoiser(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(1, ch, 9, padding=4), nn.ReLU(),
            nn.Conv1d(ch, ch, 9, padding=4), nn.ReLU(),
            nn.Conv1d(ch, 1, 9, padding=4),
        )

    def forward(self, x):
        return x - self.body(x)


class Trainer:
    def __init__(self, model, lr=3e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def epoch(self, data):
        total = 0.0
        for noisy, clean in data.batches(64):
            loss = nn.functional.mse_loss(self.model(noisy), clean)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.detach()
        return total


def snr_db(ref, est):
    return 10 * torch.log10((ref**2).sum(-1) / ((ref - est) ** 2).sum(-1))


class Evaluator:
    def __init__(self, model, metric):
        self.model = model
        self.metric = metric

    @torch.no_grad()
    def run(self, data):
        outs = [self.model(x.unsqueeze(0)) for x in data.noisy]
        den = torch.cat(outs)
        return self.metric(data.clean, den) - self.metric(data.clean, data.noisy)


gen = torch.Generator().manual_seed(42)
torch.manual_seed(0)
train = WaveformDataset(1024, gen)
test = WaveformDataset(20000, gen)
model = Denoiser().to(device)
trainer = Trainer(model)
totals = torch.stack([trainer.epoch(train) for ep in range(4)]).tolist()
for ep, total in enumerate(totals):
    print(f"epoch {ep}: loss {total / 16:.5f}")
gain = Evaluator(model, snr_db).run(test)
print(f"mean SNR gain: {gain.mean().item():.3f} dB")
print(f"result: {gain.double().sum().item():.10e}")
