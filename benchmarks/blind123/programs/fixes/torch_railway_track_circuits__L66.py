# ruff: noqa
"""Track-circuit occupancy monitor for a railway signalling section: synthetic rail-voltage
feature windows from each track circuit arrive in telegrams, a small trained classifier scores
every window as clear, occupied or faulty, an interlocking callback keeps each circuit's state
with debouncing, and the run reports the signal aspects shown and the fault alarms raised."""
from collections import defaultdict
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 24
CLASSES = ("clear", "occupied", "faulty")


class OccupancyNet(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(N_FEATURES, width), nn.ReLU(),
            nn.Linear(width, width), nn.ReLU(),
            nn.Linear(width, len(CLASSES)),
        )

    def forward(self, x):
        return self.body(x)


@dataclass
class Telegram:
    circuit: int
    windows: torch.Tensor  # (n, N_FEATURES)


class Interlocking:
    def __init__(self, n_circuits, debounce=3):
        self.state = ["clear"] * n_circuits
        self.streak = [0] * n_circuits
        self.debounce = debounce
        self.aspects = defaultdict(int)
        self.alarms = 0

    def on_classified(self, circuit, labels):
        for lab in labels:
            name = CLASSES[lab]
            if name == self.state[circuit]:
                self.streak[circuit] = 0
                continue
            self.streak[circuit] += 1
            if self.streak[circuit] >= self.debounce:
                self.state[circuit] = name
                self.streak[circuit] = 0
                self.alarms += name == "faulty"
        ahead = self.state[(circuit + 1) % len(self.state)]
        self.aspects["red" if self.state[circuit] != "clear" else "yellow" if ahead != "clear" else "green"] += 1


class Monitor:
    def __init__(self, model, callback):
        self.model = model
        self.callback = callback

    @torch.no_grad()
    def handle(self, telegram):
        scores = self.model(telegram.windows)
        labels = scores.argmax(dim=1).tolist()
        self.callback(telegram.circuit, labels)
        return scores


@torch.no_grad()
def sgd_momentum(params, grads, velocity, lr, beta=0.9):
    for p, g, v in zip(params, grads, velocity):
        v.mul_(beta).add_(g)
        p.sub_(lr * v)


def train(model, steps, gen):
    params = list(model.parameters())
    velocity = [torch.zeros_like(p) for p in params]
    for step in range(steps):
        x, y = labelled_batch(256, gen)
        loss = nn.functional.cross_entropy(model(x), y)
        grads = torch.autograd.grad(loss, params)
        sgd_momentum(params, grads, velocity, lr=0.05)
        if step % 50 == 49:
            print(f"step {step + 1}: loss {loss.item():.4f}")
    return model


def labelled_batch(n, gen):
    y = torch.randint(0, len(CLASSES), (n,), generator=gen)
    centres = torch.tensor([[0.0] * N_FEATURES, [1.0] * N_FEATURES, [-1.0, 2.0] * (N_FEATURES // 2)])
    x = centres[y] + 0.8 * torch.randn(n, N_FEATURES, generator=gen)
    return x.to(device), y.to(device)


def telegrams(n_circuits, n_telegrams, per_telegram, gen):
    for k in range(n_telegrams):
        x, _ = labelled_batch(per_telegram, gen)
        yield Telegram(k % n_circuits, x)


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
model = train(OccupancyNet().to(device), 120, gen).eval()
box = Interlocking(n_circuits=16)
monitor = Monitor(model, box.on_classified)
total = torch.zeros(len(CLASSES))
for tg in telegrams(16, 320, 48, gen):
    total += monitor.handle(tg).sum(dim=0).cpu()
print(dict(box.aspects), f"alarms {box.alarms}", box.state[:4])
print(f"result: {float(total.sum()) + box.alarms + sum(box.aspects.values()):.10e}")
