# ruff: noqa
"""Trains a small churn classifier on synthetic customer features, then scores the whole
customer base with it through an evaluation helper and reports how many customers land in each
risk band."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class ChurnModel(nn.Module):
    def __init__(self, n_features, width=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_features, width), nn.ReLU(),
                                  nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1))

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1)


class Evaluator:
    def __init__(self, model, batch_size=512):
        self.model = model
        self.batch_size = batch_size

    @torch.no_grad()
    def score(self, batch):
        return self.model(batch)

    def run(self, features):
        self.model.eval()
        return torch.cat([self.score(chunk) for chunk in features.split(self.batch_size)])


def make_customers(n, n_features, gen):
    x = torch.randn(n, n_features, generator=gen)
    w = torch.randn(n_features, generator=gen)
    y = (x @ w + 0.5 * torch.randn(n, generator=gen) > 0).float()
    return x, y


gen = torch.Generator().manual_seed(4)
torch.manual_seed(4)
n_features = 24
x_train, y_train = make_customers(12000, n_features, gen)
model = ChurnModel(n_features).to(device)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
loss_fn = nn.BCELoss()
for epoch in range(3):
    for xb, yb in zip(x_train.split(1000), y_train.split(1000)):
        opt.zero_grad()
        loss = loss_fn(model(xb.to(device)), yb.to(device))
        loss.backward()
        opt.step()
    print(f"epoch {epoch}: loss {loss.item():.4f}")
customers, _ = make_customers(50000, n_features, gen)
probs = Evaluator(model).run(customers.to(device))
bands = torch.bucketize(probs, torch.tensor([0.2, 0.5, 0.8], device=device))
print("customers per band:", torch.bincount(bands, minlength=4).tolist())
print(f"result: {probs.double().sum().item():.10e}")
