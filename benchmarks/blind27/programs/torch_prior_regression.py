# ruff: noqa
"""Fits a linear response model to synthetic spectroscopy data by gradient descent with a
correlated Gaussian prior on the coefficients (neighbouring wavelengths have similar weights);
the trainer takes the prior's penalty as a hook and reports the validation error per epoch."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class GaussianPrior:
    def __init__(self, n, length_scale, strength):
        idx = torch.arange(n, dtype=torch.float32)
        self.cov = torch.exp(-((idx[:, None] - idx[None, :]) / length_scale) ** 2) + 1e-2 * torch.eye(n)
        self.strength = strength

    @property
    def precision(self):
        return torch.linalg.inv(self.cov)

    def penalty(self, w):
        scale = torch.diag(self.cov).mean()
        return 0.5 * self.strength * scale * (w @ self.precision @ w)


class Trainer:
    def __init__(self, n_features, penalty_hook, lr=0.05):
        self.w = torch.zeros(n_features, requires_grad=True)
        self.penalty_hook = penalty_hook
        self.opt = torch.optim.SGD([self.w], lr=lr)

    def step(self, x, y):
        self.opt.zero_grad()
        loss = ((x @ self.w - y) ** 2).mean() + self.penalty_hook(self.w)
        loss.backward()
        self.opt.step()
        return loss.detach()


torch.manual_seed(2)
n_features, n_samples = 700, 12000
true_w = torch.sin(torch.linspace(0, 6, n_features))
x = torch.randn(n_samples, n_features)
y = x @ true_w + 0.5 * torch.randn(n_samples)
x_val, y_val = x[-2000:], y[-2000:]
prior = GaussianPrior(n_features, length_scale=8.0, strength=1e-3)
trainer = Trainer(n_features, prior.penalty)
for epoch in range(3):
    for xb, yb in zip(x[:-2000].split(500), y[:-2000].split(500)):
        last = trainer.step(xb, yb)
    with torch.no_grad():
        val = ((x_val @ trainer.w - y_val) ** 2).mean()
    print(f"epoch {epoch}: train {float(last):.4f} val {float(val):.4f}")
print(f"result: {float(val) + float(trainer.w.detach().abs().sum()):.10e}")
