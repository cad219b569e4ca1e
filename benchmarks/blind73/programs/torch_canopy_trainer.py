# ruff: noqa
"""Canopy-height regression from airborne lidar plot metrics (height percentiles, return
densities, intensity statistics): a small MLP is trained with a Trainer that runs validation
callbacks after every epoch, keeps the best weights, and reports the validation RMSE."""
from dataclasses import dataclass, field

import torch
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


class LidarPlots(torch.utils.data.Dataset):
    def __init__(self, n, gen):
        self.x = torch.randn(n, 24, generator=gen)
        w = torch.linspace(-1.0, 1.5, 24)
        self.y = 18.0 + 4.0 * torch.tanh(self.x @ w / 3.0) + 0.5 * torch.randn(n, generator=gen)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


@dataclass
class History:
    train_loss: list = field(default_factory=list)
    val_rmse: list = field(default_factory=list)


class Trainer:
    def __init__(self, model, opt, callbacks):
        self.model, self.opt, self.callbacks = model, opt, callbacks
        self.history = History()
        self.best = None

    def fit(self, loader, val_set, epochs):
        for epoch in range(epochs):
            self.model.train()
            total = torch.zeros(())
            for xb, yb in loader:
                loss = nn.functional.mse_loss(self.model(xb).squeeze(1), yb)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach()
            self.history.train_loss.append(total / len(loader))
            for cb in self.callbacks:
                cb(self, val_set)


def validation_rmse(trainer, val_set):
    trainer.model.eval()
    with torch.no_grad():
        preds = torch.stack([trainer.model(x) for x, _ in val_set]).squeeze(1)
    rmse = torch.sqrt(((preds - val_set.y) ** 2).mean())
    trainer.history.val_rmse.append(rmse)
    if trainer.best is None or rmse < trainer.best[0]:
        trainer.best = (rmse, {k: v.clone() for k, v in trainer.model.state_dict().items()})


gen = torch.Generator().manual_seed(4)
train, val = LidarPlots(2000, gen), LidarPlots(5000, gen)
model = nn.Sequential(nn.Linear(24, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1)).to(device)
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(train.x, train.y), batch_size=256, shuffle=True,
                                     generator=torch.Generator().manual_seed(5))
trainer = Trainer(model, opt, [validation_rmse])
trainer.fit(loader, val, 12)
model.load_state_dict(trainer.best[1])
print(f"best val rmse {trainer.best[0]:.4f} after {len(trainer.history.val_rmse)} epochs")
print(f"result: {float(torch.stack(trainer.history.val_rmse).sum() + torch.stack(trainer.history.train_loss).sum()):.10e}")
