# ruff: noqa
"""Nowcasting hospital admissions from surveillance signals: a small MLP is trained on
region-week records (lagged cases, test positivity, mobility, vaccination coverage) with
minibatch Adam, and evaluated on held-out weeks with the mean absolute error."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class SurveillanceData:
    def __init__(self, n, w, gen):
        self._x = torch.randn(n, len(w), generator=gen)
        self._y = torch.relu(self._x @ w + 0.3 * torch.sin(self._x[:, 0] * 3)) + 0.05 * torch.randn(n, generator=gen)

    def __len__(self):
        return self._x.shape[0]

    @property
    def features(self):
        return self._x

    @property
    def targets(self):
        return self._y

    def batch(self, idx):
        return self.features[idx].to(device), self.targets[idx].to(device)


class Nowcaster(nn.Module):
    def __init__(self, n_features, width=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_features, width), nn.GELU(), nn.Linear(width, width), nn.GELU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


class Trainer:
    def __init__(self, model, data, lr=2e-3, batch_size=256):
        self.model = model
        self.data = data
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.batch_size = batch_size
        self.gen = torch.Generator().manual_seed(3)

    def fit(self, steps):
        running = 0.0
        for step in range(steps):
            idx = torch.randint(0, len(self.data), (self.batch_size,), generator=self.gen)
            x, y = self.data.batch(idx)
            loss = nn.functional.l1_loss(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            running += loss.item()
        return running / steps


torch.manual_seed(0)
gen = torch.Generator().manual_seed(0)
w_true = torch.randn(48, generator=gen) / 48 ** 0.5
train = SurveillanceData(240_000, w_true, gen)
test = SurveillanceData(5_000, w_true, gen)
model = Nowcaster(48).to(device)
trainer = Trainer(model, train)
avg = trainer.fit(90)
with torch.no_grad():
    x, y = test.batch(torch.arange(len(test)))
    mae = (model(x) - y).abs().mean()
print(f"train L1 {avg:.4f}, test MAE {float(mae):.4f}")
print(f"result: {avg + float(mae):.10e}")
