# ruff: noqa
"""Land-cover classification of multispectral satellite image chips: synthetic 4-band chips of
water, cropland, forest and urban cover are generated with band signatures and texture, a small
convolutional classifier is trained with flip augmentation, and per-class accuracy is printed."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
CLASSES = ("water", "crop", "forest", "urban")


class ChipDataset:
    def __init__(self, n, size, gen):
        sig = torch.tensor([[0.1, 0.2, 0.1, 0.05], [0.3, 0.4, 0.3, 0.6], [0.1, 0.3, 0.2, 0.7], [0.5, 0.5, 0.5, 0.4]])
        self.labels = torch.randint(0, 4, (n,), generator=gen)
        tex = torch.randn(n, 4, size, size, generator=gen)
        self._chips = sig[self.labels][:, :, None, None] + 0.15 * tex * (1 + self.labels[:, None, None, None])
        self.n = n

    @property
    def chips(self):
        return self._chips.clone()

    def batches(self, batch, gen):
        perm = torch.randperm(self.n, generator=gen)
        for i in range(0, self.n, batch):
            idx = perm[i:i + batch]
            yield self.chips[idx], self.labels[idx]


def augment(x, gen):
    x = x.clone()
    flip = torch.rand(x.shape[0], generator=gen) < 0.5
    x[flip] = x[flip].flip(-1)
    return x


class ChipNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(4, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4))
        self.fc = nn.Linear(8 * 16, 4)

    def forward(self, x):
        return self.fc(self.conv(x).flatten(1))


def train(model, data, epochs, gen):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        for x, y in data.batches(256, gen):
            x = augment(x, gen).to(device)
            loss = nn.functional.cross_entropy(model(x), y.to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


gen = torch.Generator().manual_seed(4)
torch.manual_seed(4)
data = ChipDataset(12000, 16, gen)
model = train(ChipNet().to(device), data, 1, gen)
with torch.no_grad():
    pred = model(data._chips[:2000].to(device)).argmax(1).cpu()
acc = [(pred[data.labels[:2000] == c] == c).float().mean().item() for c in range(4)]
for name, a in zip(CLASSES, acc):
    print(f"{name:>6}: {a:.3f}")
print(f"result: {sum(acc) + sum(p.double().abs().sum().item() for p in model.parameters()):.10e}")
