"""Bearing-condition monitor for an amusement-park carousel: vibration spectra from the
carousel's drive bearings are classified (healthy / worn / damaged) by a small MLP trained on
labelled synthetic spectra; the trained model then scores a day of operation, one spectrum per
ride cycle, and the day's alarm rate per bearing is reported."""
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
N_BINS = 128


@dataclass
class TrainConfig:
    epochs: int = 3
    batch: int = 256
    lr: float = 0.05
    hidden: tuple = (128, 64)


def synth_spectra(rng, n, n_bins=N_BINS):
    labels = rng.integers(0, 3, size=n)
    freqs = np.linspace(0.0, 1.0, n_bins)
    base = np.exp(-freqs * 3.0)[None, :] * rng.uniform(0.8, 1.2, size=(n, 1))
    fault = np.exp(-((freqs[None, :] - 0.35) ** 2) / 0.002) * labels[:, None] * 0.4
    noise = rng.normal(0.0, 0.05, size=(n, n_bins))
    return (base + fault + noise).astype(np.float32), labels


def build_model(cfg):
    layers, width = [], N_BINS
    for h in cfg.hidden:
        layers += [nn.Linear(width, h), nn.ReLU()]
        width = h
    layers.append(nn.Linear(width, 3))
    return nn.Sequential(*layers).to(DEVICE)


def sgd_step(params, velocity, lr, momentum=0.9):
    with torch.no_grad():
        for q, v in zip(params, velocity):
            v.mul_(momentum).add_(q.grad)
            q.sub_(lr * v)
            q.grad = None


def train(model, x, y, cfg):
    params = list(model.parameters())
    velocity = [torch.zeros_like(q) for q in params]
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x))
        total = torch.zeros((), device=DEVICE)
        for s in range(0, len(x), cfg.batch):
            idx = perm[s : s + cfg.batch]
            loss = loss_fn(model(x[idx]), y[idx])
            loss.backward()
            sgd_step(params, velocity, cfg.lr)
            total += loss.detach() * len(idx)
        print(f"epoch {epoch}: loss {total.item() / len(x):.4f}")


class RideScorer:
    def __init__(self, model, threshold=0.5):
        self.model = model
        self.threshold = threshold

    def fault_probability(self, spectra):
        with torch.no_grad():
            probs = torch.softmax(self.model(spectra), dim=1)
        return probs[:, 1:].sum(dim=1)

    def alarms(self, spectra):
        p = self.fault_probability(spectra)
        return p, p > self.threshold


rng = np.random.default_rng(3)
cfg = TrainConfig()
xtr, ytr = synth_spectra(rng, 6000)
model = build_model(cfg)
train(model, torch.from_numpy(xtr).to(DEVICE), torch.from_numpy(ytr).to(DEVICE), cfg)
model.eval()
scorer = RideScorer(model)
xday, yday = synth_spectra(rng, 16000)
bearing = np.arange(len(xday)) % 4
p, alarm = scorer.alarms(torch.from_numpy(xday).to(DEVICE))
alarm = alarm.cpu().numpy()
for b in range(4):
    print(f"bearing {b}: alarm rate {alarm[bearing == b].mean():.3f}")
print(f"accuracy vs truth: {np.mean(alarm == (yday > 0)):.3f}")
print(f"result: {p.sum().item():.10e}")
