# ruff: noqa
"""Residue-contact prediction for protein structure modelling: a small MLP is trained on
synthetic pairwise features (sequence separation, coevolution score, predicted distances) to
classify residue pairs as in contact, then evaluated on held-out proteins with precision at L/5."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class ContactMLP(nn.Module):
    def __init__(self, n_in=24, width=96):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synthetic_pairs(gen, n, w_true):
    x = torch.randn(n, 24, generator=gen)
    logits = x @ w_true + 0.3 * torch.randn(n, generator=gen)
    return x, (logits > 1.0).float()


class Trainer:
    def __init__(self, model, lr=3e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.BCEWithLogitsLoss()
        self.history = []

    def fit(self, x, y, epochs, batch):
        for ep in range(epochs):
            perm = torch.randperm(len(x), generator=torch.Generator().manual_seed(ep))
            for i in range(0, len(x), batch):
                idx = perm[i : i + batch]
                loss = self.loss_fn(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            self.history.append(loss.item())


class Evaluator:
    def __init__(self, model):
        self.model = model

    def score_pair(self, feats):
        return torch.sigmoid(self.model(feats.unsqueeze(0)))[0]

    @torch.no_grad()
    def precision_at(self, x, y, top):
        probs = torch.sigmoid(self.model(x))
        best = torch.topk(probs, top).indices
        return y[best].mean(), probs


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
w_true = torch.randn(24, generator=gen) / 3.0
x_tr, y_tr = synthetic_pairs(gen, 60000, w_true)
model = ContactMLP().to(device)
trainer = Trainer(model)
trainer.fit(x_tr.to(device), y_tr.to(device), epochs=2, batch=256)
evaluator = Evaluator(model)
total = 0.0
for protein in range(8):
    x_te, y_te = synthetic_pairs(gen, 6000, w_true)
    prec, probs = evaluator.precision_at(x_te.to(device), y_te.to(device), top=6000 // 5)
    total += float(prec) + float(probs.double().sum()) * 1e-3
print("losses:", [f"{l:.4f}" for l in trainer.history])
print(f"result: {total:.10e}")
