# ruff: noqa
"""Training a small patch classifier for a defect-inspection camera: synthetic 32x32 12-bit
patches of five defect classes, a per-sample augmentation pipeline (random flips, gamma
correction, scaling to [0, 1]), mini-batches from a generator, an MLP trained with class-weighted
cross-entropy, and the accuracy on a held-out set."""
import random

import torch
from torch import nn

N_CLASSES = 5


class RandomFlip:
    def __init__(self, rng):
        self.rng = rng

    def __call__(self, img):
        if self.rng.random() < 0.5:
            img = img.flip(-1)
        return img


class GammaCorrect:
    def __init__(self, gamma):
        self.gamma = gamma
        self.lut = torch.tensor([round(4095.0 * (i / 4095.0) ** (1.0 / self.gamma)) for i in range(4096)], dtype=torch.int16)

    def __call__(self, img):
        return self.lut[img.long()]


class Compose:
    def __init__(self, *steps):
        self.steps = steps

    def __call__(self, img):
        for step in self.steps:
            img = step(img)
        return img


class PatchDataset:
    def __init__(self, n, gen, transform=None):
        self.labels = torch.randint(0, N_CLASSES, (n,), generator=gen)
        yy, xx = torch.meshgrid(torch.arange(32.0), torch.arange(32.0), indexing="ij")
        base = torch.stack([torch.sin(xx / (2 + k)) * torch.cos(yy / (3 + k)) for k in range(N_CLASSES)])
        noise = torch.randn(n, 32, 32, generator=gen) * 0.4
        imgs = base[self.labels] + noise
        self.images = ((imgs - imgs.min()) / (imgs.max() - imgs.min()) * 4095).to(torch.int16)
        self.transform = transform

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        img = self.images[i]
        if self.transform is not None:
            img = self.transform(img)
        return img.float().div_(4095.0), self.labels[i]


def batches(ds, batch_size, order):
    for start in range(0, len(order), batch_size):
        items = [ds[i] for i in order[start:start + batch_size]]
        yield torch.stack([x for x, _ in items]), torch.stack([y for _, y in items])


def train(model, ds, epochs, batch_size, rng):
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for epoch in range(epochs):
        order = list(range(len(ds)))
        rng.shuffle(order)
        total = 0.0
        for x, y in batches(ds, batch_size, order):
            weights = torch.tensor([1.0, 1.5, 1.5, 2.0, 1.0])
            loss = nn.functional.cross_entropy(model(x.flatten(1)), y, weight=weights)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach()
        print(f"epoch {epoch}: mean loss {float(total) * batch_size / len(ds):.4f}")


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
rng = random.Random(2)
train_ds = PatchDataset(1500, gen, Compose(RandomFlip(rng), GammaCorrect(1.8)))
test_ds = PatchDataset(1000, gen, GammaCorrect(1.8))
model = nn.Sequential(nn.Linear(1024, 64), nn.ReLU(), nn.Linear(64, N_CLASSES))
train(model, train_ds, epochs=2, batch_size=128, rng=rng)
with torch.no_grad():
    x, y = next(batches(test_ds, len(test_ds), list(range(len(test_ds)))))
    logits = model(x.flatten(1))
acc = (logits.argmax(1) == y).float().mean()
print(f"test accuracy: {float(acc):.4f}")
print(f"result: {float(logits.abs().sum()):.10e}")
