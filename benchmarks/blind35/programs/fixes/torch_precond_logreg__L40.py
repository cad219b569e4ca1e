"""L2-regularised logistic regression on a synthetic credit-scoring table, fitted by
preconditioned gradient descent (the preconditioner is the Hessian at the start point), with
a callback that logs the loss and a stopping test on the gradient norm."""
from functools import partial

import torch


def make_data(gen, n, d):
    X = torch.randn(n, d, generator=gen)
    X[:, 1:] *= torch.linspace(0.2, 3.0, d - 1)
    w_true = torch.randn(d, generator=gen) / d ** 0.5
    y = (torch.rand(n, generator=gen) < torch.sigmoid(X @ w_true)).float()
    return X, y


def loss_and_grad(X, y, w, lam):
    z = X @ w
    loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y) + 0.5 * lam * w @ w
    grad = X.T @ (torch.sigmoid(z) - y) / len(y) + lam * w
    return loss, grad


def newton_direction(H, g):
    return torch.linalg.solve(H, g)


class Trainer:
    def __init__(self, X, y, lam, precondition, on_step=None):
        self.X, self.y, self.lam = X, y, lam
        self.precondition = precondition
        self.on_step = on_step

    def fit(self, w, lr=0.5, tol=1e-9, max_steps=250):
        step = 0
        gnorm = float("inf")
        while gnorm > tol and step < max_steps:
            loss, g = loss_and_grad(self.X, self.y, w, self.lam)
            w = w - lr * self.precondition(g)
            gnorm = g.norm()
            if self.on_step is not None:
                self.on_step(step, loss)
            step += 1
        return w, step


gen = torch.Generator().manual_seed(8)
X, y = make_data(gen, 8000, 600)
lam = 1e-2
w0 = torch.zeros(X.shape[1])
p0 = torch.full((len(y),), 0.5)
H0 = (X.T * (p0 * (1 - p0))) @ X / len(y) + lam * torch.eye(X.shape[1])
history = []
trainer = Trainer(X, y, lam, partial(newton_direction, H0),
                  on_step=lambda s, l: history.append(l.detach()) if s % 25 == 0 else None)
w, steps = trainer.fit(w0)
final_loss, _ = loss_and_grad(X, y, w, lam)
print(f"steps: {steps}, final loss {final_loss.item():.6f}, logged {len(history)}")
print(f"result: {final_loss.item() + w.abs().sum().item() + steps:.10e}")
