"""Customer-churn classifier on synthetic tabular data: train an MLP, then evaluate it.

A ChurnData class makes standardized features and labels; a Trainer fits a small MLP with Adam
on mini-batches; an Evaluator scores the held-out customers and reports accuracy per segment and
the mean predicted churn probability.
"""
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class ChurnData:
    def __init__(self, n, d, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.X = torch.randn(n, d, generator=g)
        w = torch.randn(d, generator=g)
        self.y = ((self.X @ w + 0.5 * torch.randn(n, generator=g)) > 0).float()
        self.segment = torch.randint(0, 3, (n,), generator=g)

    def split(self, n_train):
        return (self.X[:n_train], self.y[:n_train]), (self.X[n_train:], self.y[n_train:], self.segment[n_train:])


class Trainer:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.BCEWithLogitsLoss()

    def fit(self, X, y, epochs, batch):
        for _ in range(epochs):
            for i in range(0, len(X), batch):
                self.opt.zero_grad()
                loss = self.loss_fn(self.model(X[i:i + batch]).squeeze(1), y[i:i + batch])
                loss.backward()
                self.opt.step()


class Evaluator:
    def __init__(self, model):
        self.model = model

    def _stream(self, X):
        for x in X:
            yield self.model(x[None])

    @torch.no_grad()
    def probabilities(self, X):
        return torch.sigmoid(self.model(X).squeeze(1))

    def report(self, X, y, seg):
        p = self.probabilities(X)
        correct = ((p > 0.5).float() == y).float()
        per_segment = {}
        for s in range(3):
            mask = seg == s
            per_segment[s] = correct[mask].mean()
        return p.mean(), per_segment


def main():
    torch.manual_seed(0)
    data = ChurnData(56000, 32, seed=1)
    (Xtr, ytr), (Xte, yte, seg) = data.split(16000)
    model = nn.Sequential(nn.Linear(32, 128), nn.ReLU(), nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, 1))
    Trainer(model).fit(Xtr, ytr, epochs=3, batch=128)
    pmean, per_seg = Evaluator(model).report(Xte, yte, seg)
    acc = sum(v.item() for v in per_seg.values()) / 3
    print("result:", round(pmean.item() + acc, 6))


if __name__ == "__main__":
    main()
