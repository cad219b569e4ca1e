# ruff: noqa
"""Trains a small sleep-stage classifier (wake, N1, N2, N3, REM) on per-epoch EEG/EOG/EMG
features from a synthetic cohort, with an evaluation hook run on a held-out night after every
training epoch; prints the per-epoch validation accuracy and the final confusion counts."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEAT, N_STAGES = 24, 5


class StageNet(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(N_FEAT, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(),
            nn.Linear(width, N_STAGES),
        )

    def forward(self, x):
        return self.body(x)


def cohort(gen, n):
    stages = torch.randint(0, N_STAGES, (n,), generator=gen)
    centres = torch.randn(N_STAGES, N_FEAT, generator=gen)
    x = centres[stages] + 2.2 * torch.randn(n, N_FEAT, generator=gen)
    return x, stages


class HeldOutNight:
    def __init__(self, x, y):
        self.x, self.y = x, y
        self.history = []

    @torch.no_grad()
    def __call__(self, model, epoch):
        model.eval()
        preds = torch.stack([model(row.unsqueeze(0)).argmax(1)[0] for row in self.x])
        model.train()
        acc = (preds == self.y).float().mean()
        self.history.append(acc)
        return preds


class Trainer:
    def __init__(self, model, lr=3e-3, batch=256, hooks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.batch = batch
        self.hooks = list(hooks)
        self.losses = []

    def fit(self, x, y, epochs, gen):
        loss_fn = nn.CrossEntropyLoss()
        out = None
        for epoch in range(epochs):
            order = torch.randperm(len(x), generator=gen)
            for start in range(0, len(x), self.batch):
                idx = order[start : start + self.batch]
                loss = loss_fn(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            self.losses.append(loss.detach())
            for hook in self.hooks:
                out = hook(self.model, epoch)
        return out


gen = torch.Generator().manual_seed(4)
torch.manual_seed(4)
x, y = cohort(gen, 12000)
xv, yv = x[-6000:].to(device), y[-6000:].to(device)
x, y = x[:-6000].to(device), y[:-6000].to(device)
night = HeldOutNight(xv, yv)
model = StageNet().to(device)
preds = Trainer(model, hooks=[night]).fit(x, y, 8, gen)
accs = torch.stack(night.history)
conf = torch.bincount(yv * N_STAGES + preds, minlength=N_STAGES**2).reshape(N_STAGES, N_STAGES)
print("val accuracy per epoch:", [round(a, 3) for a in accs.tolist()])
print(f"result: {float(accs.sum()) + float(conf.diag().sum()):.10e}")
