# ruff: noqa
"""Evaluation of a small convolutional defect classifier for wafer inspection crops: a synthetic
validation set of 16x16 crops (scratches, spots, clean), the model's class probabilities, a
confusion matrix, per-class recall and the expected calibration error."""
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"


class DefectNet(nn.Module):
    def __init__(self, n_classes=3):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, padding=1)
        self.conv2 = nn.Conv2d(4, 8, 3, padding=1)
        self.head = nn.Linear(8 * 4 * 4, n_classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.head(x.flatten(1))


class CropDataset(torch.utils.data.Dataset):
    def __init__(self, n, gen):
        self.labels = torch.randint(0, 3, (n,), generator=gen)
        base = 0.9 * torch.randn(n, 1, 16, 16, generator=gen)
        yy, xx = torch.meshgrid(torch.arange(16.0), torch.arange(16.0), indexing="ij")
        scratch = (torch.abs(yy - xx) < 1.5).float()
        spot = ((yy - 8) ** 2 + (xx - 8) ** 2 < 10).float()
        base[self.labels == 1, 0] += 0.6 * scratch
        base[self.labels == 2, 0] += 0.6 * spot
        self.crops = base

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.crops[i], self.labels[i]


def fit(model, ds, epochs=2, batch=128):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    loader = torch.utils.data.DataLoader(ds, batch_size=batch, shuffle=True,
                                         generator=torch.Generator().manual_seed(1))
    for epoch in range(epochs):
        for x, y in loader:
            loss = F.cross_entropy(model(x.to(device)), y.to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: last loss {loss.item():.4f}")


@torch.no_grad()
def predict_one(model, crop):
    return F.softmax(model(crop.unsqueeze(0).to(device)), dim=1)[0]


def evaluate(model, crops, labels):
    model.eval()
    with torch.no_grad():
        probs = torch.cat([F.softmax(model(c.to(device)), dim=1) for c in crops.split(1024)])
    pred = probs.argmax(1).cpu()
    conf = torch.zeros(3, 3, dtype=torch.long)
    conf.index_put_((labels, pred), torch.ones_like(labels), accumulate=True)
    bins = torch.linspace(0, 1, 11)
    top = probs.max(1).values.cpu()
    ece = torch.zeros(())
    for lo, hi in zip(bins[:-1], bins[1:]):
        m = (top > lo) & (top <= hi)
        if m.any():
            ece += m.float().mean() * (top[m].mean() - (pred[m] == labels[m]).float().mean()).abs()
    return conf, ece


torch.manual_seed(0)
gen = torch.Generator().manual_seed(0)
train = CropDataset(1500, gen)
val = CropDataset(24000, gen)
model = DefectNet().to(device)
fit(model, train)
conf, ece = evaluate(model, val.crops, val.labels)
recall = conf.diag().float() / conf.sum(1).clamp(min=1).float()
print("confusion\n", conf)
print("recall", [round(r, 4) for r in recall.tolist()], f"ECE {ece.item():.4f}")
print(f"result: {float(recall.sum()) + float(ece) + float(conf[0, 0]):.10e}")
