# ruff: noqa
"""Benthic cover estimation from reef survey photographs: a small convolutional network is trained
for a few epochs on labelled photo patches (coral, algae, sand, rubble), then every patch of the
survey transects is classified and the live-coral cover of each transect is reported."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"
CLASSES = ("coral", "algae", "sand", "rubble")


@dataclass
class SurveyConfig:
    patch: int = 16
    n_train: int = 512
    epochs: int = 2
    batch: int = 64
    lr: float = 0.1
    transects: int = 14
    patches_per_transect: int = 400


class PatchNet(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.head = nn.Linear(16 * 4 * 4, n_classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.head(x.flatten(1))


def make_patches(gen, n, size):
    labels = torch.randint(0, len(CLASSES), (n,), generator=gen)
    base = torch.tensor([[0.8, 0.4, 0.5], [0.2, 0.6, 0.2], [0.9, 0.85, 0.7], [0.5, 0.5, 0.5]])
    x = base[labels][:, :, None, None] + 0.25 * torch.randn(n, 3, size, size, generator=gen)
    yy = torch.linspace(-1, 1, size)
    texture = torch.sin(6.0 * yy[None, :] * (1 + labels[:, None].float()))
    return x + 0.2 * texture[:, None, :, None], labels


class Surveyor:
    def __init__(self, model):
        self.model = model

    def _label_one(self, patch):
        return self.model(patch.unsqueeze(0)).argmax(dim=1)

    def classify(self, patches):
        with torch.no_grad():
            return torch.cat(list(map(self._label_one, patches)))


def train(model, x, y, cfg):
    params = list(model.parameters())
    epoch_loss = []
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        total = torch.zeros((), device=device)
        for i in range(0, len(x), cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = F.cross_entropy(model(x[idx]), y[idx])
            loss.backward()
            with torch.no_grad():
                for p in params:
                    p -= cfg.lr * p.grad
                    p.grad = None
            total += loss.detach()
        epoch_loss.append(total / (len(x) // cfg.batch))
    for epoch, value in enumerate(torch.stack(epoch_loss).tolist()):
        print(f"epoch {epoch}: mean loss {value:.4f}")


torch.manual_seed(0)
gen = torch.Generator().manual_seed(0)
cfg = SurveyConfig()
model = PatchNet(len(CLASSES)).to(device)
x_train, y_train = make_patches(gen, cfg.n_train, cfg.patch)
train(model, x_train.to(device), y_train.to(device), cfg)
model.eval()
surveyor = Surveyor(model)
cover = []
correct = 0
for t in range(cfg.transects):
    patches, truth = make_patches(gen, cfg.patches_per_transect, cfg.patch)
    pred = surveyor.classify(patches.to(device)).cpu()
    correct += int((pred == truth).sum())
    cover.append(float((pred == 0).float().mean()))
print("live coral cover per transect:", [round(c, 3) for c in cover])
print(f"result: {sum(cover) + correct / (cfg.transects * cfg.patches_per_transect):.10e}")
