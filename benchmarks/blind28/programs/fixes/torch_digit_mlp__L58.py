# ruff: noqa
"""Trains a small MLP classifier on a synthetic 10-class tabular data set (Gaussian blobs with
nuisance features) with a Trainer class and per-epoch callbacks, then scores held-out accuracy
and a per-class confusion summary."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_blobs(n, d, k, gen):
    centers = 0.9 * torch.randn(k, d, generator=gen)
    y = torch.randint(0, k, (n,), generator=gen)
    x = centers[y] + torch.randn(n, d, generator=gen)
    return x, y


class MLP(nn.Module):
    def __init__(self, d, k, width=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.head = nn.Linear(width, k)

    def forward(self, x):
        return self.head(self.body(x))


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)
        self.loss_fn = nn.CrossEntropyLoss()

    def fit(self, x, y, epochs, batch):
        for epoch in range(epochs):
            perm = torch.randperm(len(x), generator=torch.Generator().manual_seed(epoch))
            for i in range(0, len(x), batch):
                idx = perm[i:i + batch]
                loss = self.loss_fn(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            for cb in self.callbacks:
                cb(epoch, loss)

    @torch.no_grad()
    def predict(self, x):
        self.model.eval()
        return torch.stack(list(map(lambda row: self.model(row.unsqueeze(0)).argmax(1)[0], x)))


log = []
gen = torch.Generator().manual_seed(0)
torch.manual_seed(0)
x, y = make_blobs(80000, 24, 10, gen)
x_tr, y_tr, x_va, y_va = x[:30000].to(device), y[:30000].to(device), x[30000:].to(device), y[30000:].to(device)
trainer = Trainer(MLP(24, 10).to(device), lr=2e-3, callbacks=[lambda e, l: log.append(l.detach())])
trainer.fit(x_tr, y_tr, epochs=2, batch=512)
log = torch.stack(log).tolist()
pred = trainer.predict(x_va)
acc = (pred == y_va).float().mean().item()
conf = torch.bincount(y_va * 10 + pred, minlength=100).reshape(10, 10)
print(f"losses {[round(v, 4) for v in log]}, accuracy {acc:.4f}")
print(f"result: {acc + float(conf.diag().sum()) + sum(log):.10e}")
