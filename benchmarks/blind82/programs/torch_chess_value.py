# ruff: noqa
"""Trains a chess position value network by regression on engine scores: a replay table of
encoded positions (768 piece-square planes) and their scores is sampled in minibatches from a
PositionStore, and the net is evaluated on a fixed probe set at the end."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class PositionStore:
    def __init__(self, n, gen):
        planes = (torch.rand(n, 768, generator=gen) < 0.04).float()
        self.planes = planes.to(device)
        w = torch.randn(768, generator=gen) * 0.1
        self.scores = torch.tanh(planes @ w).to(device)
        self.gen = gen

    def sample(self, batch):
        idx = torch.randint(0, len(self.planes), (batch,), generator=self.gen).to(device)
        table = self.planes.clone()
        return table[idx], self.scores[idx]


class ValueNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(768, 64)
        self.l2 = nn.Linear(64, 1)

    def forward(self, x):
        return torch.tanh(self.l2(torch.relu(self.l1(x)))).squeeze(-1)


gen = torch.Generator().manual_seed(4)
store = PositionStore(6_000, gen)
torch.manual_seed(5)
net = ValueNet().to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
probe = store.planes[:256].clone()
probe_scores = store.scores[:256]
running = torch.zeros((), device=device)
for step in range(400):
    xb, yb = store.sample(128)
    loss = ((net(xb) - yb) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    running = 0.99 * running + 0.01 * loss.detach()
with torch.no_grad():
    probe_err = ((net(probe) - probe_scores) ** 2).mean()
print(f"running loss {float(running):.5f}, probe mse {float(probe_err):.5f}")
print(f"result: {float(running) + float(probe_err):.10e}")
