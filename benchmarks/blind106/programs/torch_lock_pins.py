# ruff: noqa
"""Bitting decoder for a locksmith's key-duplication bench: each key blank's laser profile scan
(256 samples along the blade) is projected onto a smooth cosine basis and a small network
predicts the depth of each of the 6 pin cuts. Trains for a few epochs on synthetic scans and
reports the decoding accuracy on held-out keys."""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class BenchConfig:
    samples: int = 256
    pins: int = 6
    depths: int = 10
    epochs: int = 6
    batch: int = 48
    n_keys: int = 4096


def cosine_basis(n):
    t = torch.arange(n, dtype=torch.float32)
    k = torch.arange(n, dtype=torch.float32)[:, None]
    return torch.cos(math.pi * (t + 0.5) * k / n)


class ProfileProjection(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("raw_basis", cosine_basis(n))
        self.register_forward_pre_hook(self._orthonormalise)

    @staticmethod
    def _orthonormalise(module, inputs):
        q, _ = torch.linalg.qr(module.raw_basis.T)
        module.basis = q.T

    def forward(self, scans):
        return scans @ self.basis.T


class BittingDecoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.project = ProfileProjection(cfg.samples)
        self.head = nn.Sequential(nn.Linear(cfg.samples, 128), nn.ReLU(), nn.Linear(128, cfg.pins * cfg.depths))
        self.cfg = cfg

    def forward(self, scans):
        return self.head(self.project(scans)).view(-1, self.cfg.pins, self.cfg.depths)


def synth_keys(cfg, gen):
    cuts = torch.randint(0, cfg.depths, (cfg.n_keys, cfg.pins), generator=gen)
    pos = torch.linspace(0, 1, cfg.samples)
    centres = (torch.arange(cfg.pins) + 0.5) / cfg.pins
    bumps = torch.exp(-((pos[None, None, :] - centres[None, :, None]) ** 2) / 0.002)
    scans = (cuts[:, :, None].float() * bumps).sum(1) / cfg.depths
    scans = scans + 0.02 * torch.randn(scans.shape, generator=gen)
    return scans, cuts


torch.manual_seed(0)
gen = torch.Generator().manual_seed(3)
cfg = BenchConfig()
scans, cuts = synth_keys(cfg, gen)
train_x, train_y = scans[:3584].to(device), cuts[:3584].to(device)
test_x, test_y = scans[3584:].to(device), cuts[3584:].to(device)
model = BittingDecoder(cfg).to(device)
params = list(model.parameters())
velocity = [torch.zeros_like(p) for p in params]


def sgd_step(lr=0.05, momentum=0.9):
    with torch.no_grad():
        for p, v in zip(params, velocity):
            v.mul_(momentum).add_(p.grad)
            p.sub_(lr * v)
            p.grad = None


loss_fn = nn.CrossEntropyLoss()
epoch_losses = []
for epoch in range(cfg.epochs):
    total = torch.zeros((), device=device)
    for i in range(0, train_x.shape[0], cfg.batch):
        logits = model(train_x[i : i + cfg.batch])
        loss = loss_fn(logits.reshape(-1, cfg.depths), train_y[i : i + cfg.batch].reshape(-1))
        loss.backward()
        sgd_step()
        total += loss.detach()
    epoch_losses.append(total.item())
    print(f"epoch {epoch}: loss {epoch_losses[-1] / (train_x.shape[0] // cfg.batch):.4f}")
with torch.no_grad():
    acc = (model(test_x).argmax(-1) == test_y).float().mean()
print(f"held-out pin accuracy {float(acc):.4f}")
print(f"result: {sum(epoch_losses) + float(acc):.10e}")
