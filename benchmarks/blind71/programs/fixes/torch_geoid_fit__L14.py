# ruff: noqa
"""Regional geoid-height model fitted to GNSS/levelling stations: geoid undulations are expanded
in a low-degree basis of sines and cosines of latitude and longitude, and the coefficients are
fitted by full-batch gradient descent with ridge regularisation for a few damping levels; prints
the fit's RMS at held-out stations."""
import math
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def basis(lat, lon, degree):
    k = torch.arange(1, degree + 1, dtype=lat.dtype)
    L, M = lat[:, None] * k, lon[:, None] * k
    blocks = torch.stack([torch.sin(L), torch.cos(L), torch.sin(M), torch.cos(M), torch.sin(L) * torch.cos(M)], dim=2)
    return torch.cat([torch.ones_like(lat)[:, None], blocks.reshape(len(lat), -1)], dim=1)


class GeoidModel:
    def __init__(self, n_terms):
        self.coef = torch.zeros(n_terms, dtype=torch.float64, device=device)

    def predict_station(self, row):
        return torch.dot(row, self.coef)

    def predict(self, design):
        return torch.stack([self.predict_station(row) for row in design])


class RidgeTrainer:
    def __init__(self, model, design, target, lam, lr):
        self.model, self.design, self.target = model, design, target
        self.lam, self.lr = lam, lr

    def loss_and_grad(self):
        resid = self.model.predict(self.design) - self.target
        n = self.design.shape[0]
        grad = self.design.T @ resid / n + self.lam * self.model.coef
        return 0.5 * (resid ** 2).mean(), grad

    def fit(self, epochs):
        for _ in range(epochs):
            loss, grad = self.loss_and_grad()
            self.model.coef -= self.lr * grad
        return loss


torch.manual_seed(4)
n_sta = 1200
lat = torch.rand(n_sta, dtype=torch.float64) * 0.3 + 0.7
lon = torch.rand(n_sta, dtype=torch.float64) * 0.4 + 0.1
truth = 30.0 + 4.0 * torch.sin(3 * lat) - 2.5 * torch.cos(2 * lon) + 0.8 * torch.sin(5 * lat) * torch.cos(4 * lon)
obs = truth + 0.03 * torch.randn(n_sta, dtype=torch.float64)
A = basis(lat, lon, 6).to(device)
train, test = slice(0, 1000), slice(1000, None)
results = {}
for lam in (1e-4, 1e-3, 1e-2):
    model = GeoidModel(A.shape[1])
    trainer = RidgeTrainer(model, A[train], obs[train].to(device), lam, lr=0.05)
    loss = trainer.fit(250)
    rms = torch.sqrt(((A[test] @ model.coef - obs[test].to(device)) ** 2).mean())
    results[lam] = (float(loss), float(rms))
    print(f"lambda {lam:g}: train loss {float(loss):.5f}, held-out rms {float(rms):.4f} m")
print(f"result: {sum(l + r for l, r in results.values()):.10e}")
