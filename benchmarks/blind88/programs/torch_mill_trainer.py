# ruff: noqa
"""Roll-force prediction for a steel rolling mill: trains an MLP on synthetic pass records
(entry/exit thickness, width, temperature, speed, steel grade) to predict the measured roll
force, with a physics penalty that keeps predictions near the mill's tabulated flow-stress curve
for each grade. Reports the validation error."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_GRADES, N_TEMPS = 64, 400
# tabulated flow stress (MPa) per steel grade and 1-degree temperature bin (700-1099 C), as shipped by the metallurgists
FLOW_STRESS = [[round(80.0 + 2.5 * g + 180.0 * math.exp(-(700.0 + t - 650.0) / 220.0), 3)
                for t in range(N_TEMPS)] for g in range(N_GRADES)]


class PassRecords:
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.rand(n, 6, generator=g)
        self.grade = torch.randint(0, N_GRADES, (n,), generator=g)
        self.tbin = (self.x[:, 3] * (N_TEMPS - 1)).long()
        stress = torch.tensor(FLOW_STRESS)[self.grade, self.tbin]
        reduction = 0.1 + 0.4 * self.x[:, 0]
        self.y = (stress / 100.0) * torch.sqrt(reduction) * (1.0 + 0.5 * self.x[:, 2]) \
            + 0.05 * torch.randn(n, generator=g)

    def batches(self, size, g):
        order = torch.randperm(len(self.y), generator=g)
        for i in range(0, len(order), size):
            j = order[i:i + size]
            yield self.x[j], self.grade[j], self.tbin[j], self.y[j]


def physics_penalty(pred, x, grade, tbin):
    table = torch.tensor(FLOW_STRESS, device=device)
    expected = table[grade, tbin] / 100.0 * torch.sqrt(0.1 + 0.4 * x[:, 0])
    return ((pred - expected) ** 2).mean()


class Trainer:
    def __init__(self, model, penalties, lr=3e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.penalties = penalties

    def step(self, x, grade, tbin, y):
        pred = self.model(torch.cat([x, grade[:, None] / N_GRADES], 1)).squeeze(1)
        loss = ((pred - y) ** 2).mean()
        for weight, hook in self.penalties:
            loss = loss + weight * hook(pred, x, grade, tbin)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.detach()

    def validate(self, data):
        with torch.no_grad():
            pred = self.model(torch.cat([data.x, data.grade[:, None] / N_GRADES], 1)).squeeze(1)
            return float(((pred - data.y) ** 2).mean().sqrt())


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(7, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1)).to(device)
trainer = Trainer(model, penalties=[(0.1, physics_penalty)])
train, val = PassRecords(10000, 1), PassRecords(4000, 2)
g = torch.Generator().manual_seed(3)
best, best_state = float("inf"), None
for epoch in range(3):
    losses = [trainer.step(*b) for b in train.batches(64, g)]
    rmse = trainer.validate(val)
    if rmse < best:
        best, best_state = rmse, {k: v.clone() for k, v in model.state_dict().items()}
    print(f"epoch {epoch}: train loss {float(torch.stack(losses).mean()):.4f} val rmse {rmse:.4f}")
model.load_state_dict(best_state)
print(f"result: {best + trainer.validate(train):.10e}")
