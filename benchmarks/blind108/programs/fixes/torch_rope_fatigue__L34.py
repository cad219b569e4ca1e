# ruff: noqa
"""Fatigue classifier for a rope-maker's test bench: synthetic fibre measurements (diameter,
twist, moisture, cycle counts...) of tested rope samples labelled by whether the rope parted,
a small MLP trained with minibatch SGD and class weights, and the held-out accuracy."""
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class BenchConfig:
    samples: int = 300_000
    features: int = 24
    batch: int = 256
    epochs: int = 4
    steps_per_epoch: int = 80
    lr: float = 0.05


class FibreStore:
    def __init__(self, cfg, gen):
        self.fibres = torch.randn(cfg.samples, cfg.features, generator=gen).to(device)
        w = torch.randn(cfg.features, generator=gen).to(device)
        score = self.fibres @ w + 0.5 * torch.randn(cfg.samples, generator=gen).to(device)
        self.labels = (score > 0.8).long()
        self.split = int(0.9 * cfg.samples)


def fetch_batch(store, idx):
    pool = store.fibres
    return pool[idx], store.labels[idx]


class Trainer:
    def __init__(self, model, cfg, fetch, gen):
        self.model = model
        self.cfg = cfg
        self.fetch = fetch
        self.gen = gen
        self.params = list(model.parameters())
        self.velocity = [torch.zeros_like(p) for p in self.params]
        self.history = []

    @torch.no_grad()
    def sgd_step(self):
        for p, v in zip(self.params, self.velocity):
            v.mul_(0.9).add_(p.grad)
            p.sub_(self.cfg.lr * v)

    def epoch(self, split):
        class_weight = torch.tensor([0.3, 0.7], device=device)
        loss_fn = nn.CrossEntropyLoss(weight=class_weight)
        total = torch.zeros((), device=device)
        for _ in range(self.cfg.steps_per_epoch):
            idx = torch.randint(0, split, (self.cfg.batch,), generator=self.gen).to(device)
            x, y = self.fetch(idx)
            loss = loss_fn(self.model(x), y)
            self.model.zero_grad()
            loss.backward()
            self.sgd_step()
            total += loss.detach()
        self.history.append(total / self.cfg.steps_per_epoch)

    def fit(self, split):
        for e in range(self.cfg.epochs):
            self.epoch(split)
        return torch.stack(self.history)


def accuracy(model, store):
    with torch.no_grad():
        pred = model(store.fibres[store.split:]).argmax(dim=1)
    return (pred == store.labels[store.split:]).float().mean()


cfg = BenchConfig()
gen = torch.Generator().manual_seed(17)
torch.manual_seed(17)
store = FibreStore(cfg, gen)
model = nn.Sequential(nn.Linear(cfg.features, 64), nn.ReLU(), nn.Linear(64, 2)).to(device)
trainer = Trainer(model, cfg, partial(fetch_batch, store), gen)
losses = trainer.fit(store.split)
acc = accuracy(model, store)
print("epoch losses:", [round(v, 4) for v in losses.tolist()])
print(f"held-out accuracy {float(acc):.4f}")
print(f"result: {float(losses.sum()) + float(acc):.10e}")
