# ruff: noqa
"""Claim-severity model for a motor book: a small network predicts the log-normal mean and
spread of a claim's cost from policy features, trained with the negative log-likelihood; a
callback collects the out-of-sample predictions made during training for an actual-vs-expected
report by vehicle-age band."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_book(n, gen):
    age = torch.randint(0, 20, (n,), generator=gen).float()
    power = torch.rand(n, generator=gen) * 200 + 50
    urban = (torch.rand(n, generator=gen) < 0.4).float()
    driver = torch.randint(18, 80, (n,), generator=gen).float()
    x = torch.stack([age / 20, power / 250, urban, driver / 80, (driver < 25).float()], 1)
    mu = 7.0 + 0.4 * x[:, 1] - 0.3 * x[:, 0] + 0.2 * urban + 0.5 * x[:, 4]
    cost = torch.exp(mu + 0.6 * torch.randn(n, generator=gen))
    return x, torch.log(cost), age


class Severity(nn.Module):
    def __init__(self, d=5, h=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, h), nn.SiLU(), nn.Linear(h, h), nn.SiLU())
        self.mu = nn.Linear(h, 1)
        self.log_sigma = nn.Linear(h, 1)

    def forward(self, x):
        z = self.body(x)
        return self.mu(z).squeeze(1), self.log_sigma(z).squeeze(1)


def nll(mu, log_sigma, y):
    return (log_sigma + 0.5 * ((y - mu) / log_sigma.exp()) ** 2).mean()


class CollectPredictions:
    def __init__(self):
        self.parts = []

    def __call__(self, step, xb, mu, log_sigma, y):
        rows = torch.cat([torch.stack([mu.detach(), log_sigma.detach(), y], 1), xb], 1).cpu()
        self.parts.append(rows)


class LogEvery:
    def __init__(self, every):
        self.every = every
        self.history = []

    def __call__(self, step, xb, mu, log_sigma, y):
        if step % self.every == 0:
            self.history.append(nll(mu, log_sigma, y).item())


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)

    def fit(self, x, y, batch, epochs, gen):
        step = 0
        for epoch in range(epochs):
            order = torch.randperm(len(x), generator=gen)
            for s in range(0, len(x), batch):
                idx = order[s:s + batch]
                xb, yb = x[idx].to(device), y[idx].to(device)
                mu, log_sigma = self.model(xb)
                loss = nll(mu, log_sigma, yb)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                for cb in self.callbacks:
                    cb(step, xb, mu, log_sigma, yb)
                step += 1


gen = torch.Generator().manual_seed(7)
torch.manual_seed(7)
x, y, age = make_book(120_000, gen)
model = Severity().to(device)
collect, log = CollectPredictions(), LogEvery(200)
Trainer(model, 3e-3, [collect, log]).fit(x, y, batch=64, epochs=1, gen=gen)
collect.preds = torch.cat(collect.parts)
p = collect.preds[-40_000:]
ae = (p[:, 2].exp().sum() / (p[:, 0] + 0.5 * (2 * p[:, 1]).exp()).exp().sum()).item()
band = (p[:, 3] * 20).long() // 5
for b in range(4):
    m = band == b
    print(f"age band {b}: {int(m.sum())} claims, mean log cost {float(p[m, 2].mean()):.3f}")
print(f"{len(collect.preds)} predictions, A/E {ae:.4f}, nll trace {[round(v, 3) for v in log.history[:5]]}")
print(f"result: {ae + sum(log.history) + float(p[-1000:, 0].mean()):.10e}")
