# ruff: noqa
"""Credit default model: a small feed-forward network on synthetic borrower features trained
with a weighted loss; after every epoch a validation hook computes the flag rate, precision
and recall at the policy threshold, and the best epoch is reported."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def borrowers(n, d, g):
    X = torch.randn(n, d, generator=g)
    w = torch.randn(d, generator=g) * 0.5
    p = torch.sigmoid(X @ w - 2.0)
    y = (torch.rand(n, generator=g) < p).float()
    return X, y


class ThresholdReport:
    def __init__(self, threshold=0.3):
        self.threshold = threshold
        self.history = []

    def __call__(self, epoch, probs, y):
        flagged = probs > self.threshold
        n_flag = sum(flagged)
        hits = int((flagged & (y > 0.5)).sum())
        precision = hits / max(int(n_flag), 1)
        recall = hits / max(int(y.sum()), 1)
        self.history.append(precision + recall)
        return {"epoch": epoch, "flagged": int(n_flag), "precision": precision, "recall": recall}


def train(model, X, y, Xv, yv, epochs, hooks, batch=512):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    pos_weight = ((1 - y.mean()) / y.mean()).reshape(1)
    loss_fn = nn.BCEWithLogitsLoss(pos_weight=pos_weight)
    for epoch in range(epochs):
        for i in range(0, len(y), batch):
            loss = loss_fn(model(X[i:i + batch]).squeeze(1), y[i:i + batch])
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            probs = torch.sigmoid(model(Xv).squeeze(1))
        for hook in hooks:
            hook(epoch, probs, yv)


g = torch.Generator().manual_seed(1)
torch.manual_seed(1)
X, y = borrowers(60000, 20, g)
model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 1)).to(device)
report = ThresholdReport()
train(model, X[:40000], y[:40000], X[40000:], y[40000:], 12, [report])
best = max(report.history)
print(f"best precision+recall {best:.4f} at epoch {report.history.index(best)}")
print(f"result: {sum(report.history):.10e}")
