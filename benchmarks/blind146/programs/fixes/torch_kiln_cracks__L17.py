# ruff: noqa
"""Acoustic-emission monitoring of ware cooling in a gas kiln: windows of a synthetic sensor
stream are turned into log spectra, embedded by a small network (its hidden layer read through a
forward hook), and the embeddings are clustered to separate dunting cracks from background and
burner noise; prints the events per cluster."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class EmbeddingRecorder:
    def __init__(self, dim):
        self.parts = []

    @property
    def bank(self):
        if len(self.parts) > 1:
            self.parts = [torch.cat(self.parts)]
        return self.parts[0]

    def __call__(self, module, inputs, out):
        self.parts.append(out.detach())


class EventNet(nn.Module):
    def __init__(self, n_bins, dim):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_bins, 128), nn.ReLU(), nn.Linear(128, dim), nn.Tanh())
        self.score = nn.Linear(dim, 3)

    def forward(self, x):
        return self.score(self.encoder(x))


def sensor_windows(n, length, gen):
    t = torch.arange(length) / 4000.0
    hum = torch.sin(2 * torch.pi * 180.0 * t)[None, :] * torch.rand(n, 1, generator=gen)
    noise = 0.3 * torch.randn(n, length, generator=gen)
    crack = (torch.rand(n, 1, generator=gen) < 0.05).float()
    burst = torch.exp(-t * 900.0)[None, :] * torch.sin(2 * torch.pi * 1300.0 * t)[None, :]
    return hum + noise + 2.5 * crack * burst


def log_spectrum(w):
    return torch.log1p(torch.fft.rfft(w * torch.hann_window(w.shape[1]), dim=1).abs())


def kmeans(x, k, iters, gen):
    centroids = x[torch.randperm(len(x), generator=gen)[:k]]
    for _ in range(iters):
        prev = centroids.clone()
        assign = torch.cdist(x, centroids).argmin(1)
        centroids = torch.stack([x[assign == j].mean(0) if (assign == j).any() else prev[j] for j in range(k)])
        if torch.allclose(centroids, prev):
            break
    return assign, centroids


torch.manual_seed(0)
gen = torch.Generator().manual_seed(2)
n_windows, length, batch, dim = 30000, 256, 48, 64
net = EventNet(length // 2 + 1, dim).to(device).eval()
recorder = EmbeddingRecorder(dim)
net.encoder.register_forward_hook(recorder)
logits = []
with torch.no_grad():
    for start in range(0, n_windows, batch):
        w = sensor_windows(batch, length, gen).to(device)
        logits.append(net(log_spectrum(w)))
logits = torch.cat(logits)
assign, centroids = kmeans(recorder.bank, 4, 12, gen)
for j in range(4):
    print(f"cluster {j}: {int((assign == j).sum())} windows, mean score {float(logits[assign == j].mean()):.4f}")
print(f"result: {float(centroids.abs().sum()) + float(logits.abs().mean()) + float(recorder.bank.sum()):.10e}")
