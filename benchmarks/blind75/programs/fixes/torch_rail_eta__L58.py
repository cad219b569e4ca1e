# ruff: noqa
"""Arrival-time (ETA) model for a freight rail network: a table of scheduled transit hours
between yards, synthetic shipments with origin, destination, tonnage and dwell features, and an
MLP trained to predict the delay over the scheduled transit time."""
import torch
import torch.nn as nn

N_YARDS = 220


def _schedule_table(n):
    return [[abs(i - j) * 1.7 + ((i * 7 + j * 3) % 11) * 0.25 for j in range(n)] for i in range(n)]


SCHEDULE = _schedule_table(N_YARDS)


class Network:
    def __init__(self, schedule):
        self._schedule = schedule

    @property
    def transit(self):
        return torch.tensor(self._schedule, dtype=torch.float32)


class Shipments:
    def __init__(self, n, gen):
        self.origin = torch.randint(0, N_YARDS, (n,), generator=gen)
        self.dest = torch.randint(0, N_YARDS, (n,), generator=gen)
        self.feats = torch.rand(n, 6, generator=gen)
        base = torch.tensor(SCHEDULE)[self.origin, self.dest]
        self.delay = 0.08 * base * self.feats[:, 0] + 3.0 * self.feats[:, 1] ** 2 + 0.2 * torch.randn(n, generator=gen)


class EtaModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(7, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, feats, scheduled):
        x = torch.cat([feats, scheduled[:, None] / 100.0], dim=1)
        return self.mlp(x).squeeze(1) * scheduled.clamp(min=1.0) / 10.0


def train(model, net, data, steps, bs, gen):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    losses = []
    for step in range(steps):
        idx = torch.randint(0, len(data.delay), (bs,), generator=gen)
        scheduled = net.transit[data.origin[idx], data.dest[idx]]
        pred = model(data.feats[idx], scheduled)
        loss = nn.functional.mse_loss(pred, data.delay[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 200 == 0:
            losses.append(loss.detach())
    return [float(l) for l in losses]


torch.manual_seed(1)
gen = torch.Generator().manual_seed(1)
data = Shipments(20000, gen)
model = EtaModel()
losses = train(model, Network(SCHEDULE), data, 500, 256, gen)
for i, l in enumerate(losses):
    print(f"step {200 * i:5d}: loss {l:.4f}")
with torch.no_grad():
    sched = torch.tensor(SCHEDULE)[data.origin, data.dest]
    final = nn.functional.mse_loss(model(data.feats, sched), data.delay).item()
print("result:", f"{final + sum(losses):.10e}")
