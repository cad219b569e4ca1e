# ruff: noqa
"""Matrix-factorisation recommender trained with sparse SGD on synthetic ratings: user and item
embeddings with biases, mini-batches drawn from an interaction log, and a list of callbacks run
after every step (a loss tracker and a monitor of how far a fixed set of probe items drifts)."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class MF(nn.Module):
    def __init__(self, n_users, n_items, dim):
        super().__init__()
        self.users = nn.Embedding(n_users, dim, sparse=True)
        self.items = nn.Embedding(n_items, dim, sparse=True)
        self.user_bias = nn.Embedding(n_users, 1, sparse=True)
        self.item_bias = nn.Embedding(n_items, 1, sparse=True)
        for emb in (self.users, self.items):
            nn.init.normal_(emb.weight, std=0.05)
        for emb in (self.user_bias, self.item_bias):
            nn.init.zeros_(emb.weight)

    def forward(self, u, i):
        dot = (self.users(u) * self.items(i)).sum(-1)
        return dot + self.user_bias(u)[:, 0] + self.item_bias(i)[:, 0] + 3.5


class LossTracker:
    def __init__(self):
        self.values = []

    def __call__(self, model, step, loss):
        self.values.append(loss.detach())


class ProbeDrift:
    def __init__(self, probe_ids):
        self.probe = probe_ids
        self.trace = []

    def __call__(self, model, step, loss):
        table = model.items.weight.detach().clone()
        self.trace.append(table[self.probe].norm(dim=1).mean())


def synthetic_log(n_users, n_items, n, dim=8):
    U = torch.randn(n_users, dim) * 0.5
    V = torch.randn(n_items, dim) * 0.5
    u = torch.randint(n_users, (n,))
    i = torch.randint(n_items, (n,))
    r = 3.5 + (U[u] * V[i]).sum(-1) + 0.3 * torch.randn(n)
    return u, i, r


n_users, n_items = 20000, 60000
u_all, i_all, r_all = synthetic_log(n_users, n_items, 400000)
model = MF(n_users, n_items, 48)
opt = torch.optim.SGD(model.parameters(), lr=2.0)
callbacks = [LossTracker(), ProbeDrift(torch.arange(0, n_items, 997))]
batch = 2048
for step in range(200):
    sl = slice((step * batch) % len(u_all), (step * batch) % len(u_all) + batch)
    target = r_all[sl].clamp(1.0, 5.0)
    loss = ((model(u_all[sl], i_all[sl]) - target) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    for cb in callbacks:
        cb(model, step, loss)
losses = torch.stack(callbacks[0].values)
drift = torch.stack(callbacks[1].trace)
print("loss first/last:", round(float(losses[0]), 4), round(float(losses[-1]), 4))
print("result:", "%.10e" % float(losses.sum() + drift.sum()))
