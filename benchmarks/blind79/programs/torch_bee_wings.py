# ruff: noqa
"""Honeybee subspecies from wing morphometrics: landmark-derived wing features (cubital index,
discoidal shift, vein angles) are simulated for five subspecies, a small MLP is trained on them,
and a held-out set of field samples is classified, with per-subspecies recall reported."""
import torch
from torch import nn

torch.manual_seed(0)
SUBSPECIES = ["mellifera", "carnica", "ligustica", "caucasica", "iberiensis"]
N_FEAT = 19


class WingDataset:
    def __init__(self, n, gen):
        self.centres = torch.randn(len(SUBSPECIES), N_FEAT, generator=torch.Generator().manual_seed(1))
        self.y = torch.randint(0, len(SUBSPECIES), (n,), generator=gen)
        self.x = self.centres[self.y] + 0.9 * torch.randn(n, N_FEAT, generator=gen)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class WingNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(N_FEAT, 64), nn.GELU(), nn.Linear(64, 64), nn.GELU(),
                                  nn.Linear(64, len(SUBSPECIES)))

    def forward(self, x):
        return self.body(x)


class Trainer:
    def __init__(self, model, lr=3e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.history = []

    def fit(self, ds, epochs=10, batch=256):
        for epoch in range(epochs):
            perm = torch.randperm(len(ds))
            total = torch.zeros(())
            for s in range(0, len(ds), batch):
                idx = perm[s:s + batch]
                loss = nn.functional.cross_entropy(self.model(ds.x[idx]), ds.y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach()
            self.history.append(total.item())


class Evaluator:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def predict(self, ds):
        score = lambda sample: self.model(sample[0].unsqueeze(0)).argmax(dim=1)
        return torch.cat(list(map(score, ds)))


gen = torch.Generator().manual_seed(2)
train, field = WingDataset(12000, gen), WingDataset(24000, gen)
model = WingNet()
Trainer(model).fit(train)
pred = Evaluator(model).predict(field)
recall = torch.stack([(pred[field.y == k] == k).float().mean() for k in range(len(SUBSPECIES))])
for name, r in zip(SUBSPECIES, recall.tolist()):
    print(f"{name:>11}: recall {r:.3f}")
print(f"result: {pred.sum().item() + recall.sum().item() + model.body[0].weight.abs().sum().item():.10e}")
