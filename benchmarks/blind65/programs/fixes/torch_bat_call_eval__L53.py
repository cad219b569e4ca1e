# ruff: noqa
"""Trains a small 1-D convolutional classifier of bat echolocation call types on synthetic
call spectrogram slices, with an evaluation hook after every epoch that scores the held-out
clips; prints the per-epoch validation accuracy and the final macro recall."""
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"
N_CLASSES = 6
N_BINS = 48
N_FRAMES = 32


class CallNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(N_BINS, 32, 3, padding=1)
        self.conv2 = nn.Conv1d(32, 32, 3, padding=1)
        self.head = nn.Linear(32, N_CLASSES)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        return self.head(x.mean(dim=2))


def make_clips(gen, n):
    labels = torch.randint(0, N_CLASSES, (n,), generator=gen)
    t = torch.linspace(0, 1, N_FRAMES)
    bins = torch.arange(N_BINS).float()
    centre = 8 + 6 * labels.float()[:, None] - (labels % 3).float()[:, None] * 10 * t[None, :]
    x = torch.exp(-0.5 * ((bins[None, :, None] - centre[:, None, :]) / 2.5) ** 2)
    x = x + 1.0 * torch.randn(n, N_BINS, N_FRAMES, generator=gen)
    return x, labels


class Trainer:
    def __init__(self, model, lr=2e-3, batch=128):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.batch = batch

    def fit(self, x, y, epochs, gen, hooks=()):
        history = []
        x, y = x.to(device), y.to(device)
        for epoch in range(epochs):
            self.model.train()
            perm = torch.randperm(len(x), generator=gen)
            for i in range(0, len(x), self.batch):
                idx = perm[i:i + self.batch]
                loss = F.cross_entropy(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            history.append([hook(self.model, epoch) for hook in hooks])
        return history


@torch.no_grad()
def validate(clips, labels, model, epoch):
    model.eval()
    preds = torch.stack([model(clip.unsqueeze(0))[0] for clip in clips]).argmax(dim=1)
    acc = (preds == labels).float().mean().item()
    print(f"epoch {epoch}: val accuracy {acc:.3f}")
    return preds


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
x_train, y_train = make_clips(gen, 1200)
x_val, y_val = make_clips(gen, 8000)
model = CallNet().to(device)
trainer = Trainer(model)
history = trainer.fit(x_train, y_train, epochs=3, gen=gen, hooks=[partial(validate, x_val.to(device), y_val.to(device))])
preds = history[-1][0].cpu()
recall = torch.stack([(preds[y_val == c] == c).float().mean() for c in range(N_CLASSES)])
print(f"macro recall {recall.mean().item():.4f}")
print(f"result: {recall.sum().item() + sum(int(h[0].sum()) for h in history):.10e}")
