"""Micro-Doppler target classification for a ground surveillance radar: synthetic Doppler
signatures of walkers, vehicles and drones (spectral lines, limb modulation, rotor flashes) are
turned into feature vectors, a small MLP is trained on them with Adam, and a held-out set is
evaluated sample by sample as the tracker would hand targets over, giving a confusion matrix."""
import math
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEAT = 64
CLASSES = ("walker", "vehicle", "drone")


def signatures(gen, n):
    y = torch.randint(0, 3, (n,), generator=gen)
    f = torch.linspace(-1, 1, N_FEAT)
    centre = torch.tensor([0.15, 0.45, 0.0])[y][:, None]
    width = torch.tensor([0.25, 0.05, 0.6])[y][:, None]
    x = torch.exp(-((f[None] - centre) / width) ** 2)
    x = x + 0.3 * (y[:, None] == 2) * torch.cos(9 * math.pi * f)[None] ** 2
    return x + 0.2 * torch.randn(n, N_FEAT, generator=gen), y


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(N_FEAT, 128), nn.ReLU(), nn.Linear(128, 64), nn.ReLU(),
                                 nn.Linear(64, len(CLASSES)))

    def forward(self, x):
        return self.net(x)


class Trainer:
    def __init__(self, model, lr=2e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.history = torch.zeros(0)

    def epoch(self, x, y, batch=256):
        losses = []
        for i in range(0, len(x), batch):
            loss = nn.functional.cross_entropy(self.model(x[i:i + batch]), y[i:i + batch])
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            losses.append(loss.detach())
        self.history = torch.cat([self.history, torch.stack(losses).mean().reshape(1)])


@torch.no_grad()
def evaluate(model, x, y):
    classify = lambda s: int(model(s.unsqueeze(0)).argmax(dim=1))
    pred = torch.tensor(list(map(classify, x)))
    conf = torch.zeros(3, 3, dtype=torch.int64)
    conf.index_put_((y, pred), torch.ones_like(y), accumulate=True)
    return conf


gen = torch.Generator().manual_seed(4)
torch.manual_seed(4)
xtr, ytr = signatures(gen, 12000)
xte, yte = signatures(gen, 45000)
model = Classifier().to(device)
trainer = Trainer(model)
for ep in range(4):
    trainer.epoch(xtr.to(device), ytr.to(device))
conf = evaluate(model, xte.to(device), yte)
print("loss per epoch:", [round(v, 4) for v in trainer.history.tolist()])
print(conf)
print(f"result: {int(conf.trace()) + float(trainer.history.sum()):.10e}")
