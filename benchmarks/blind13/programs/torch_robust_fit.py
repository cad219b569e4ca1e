# ruff: noqa
"""Robust linear regression of house prices on four features by iteratively reweighted least
squares with Huber weights, so that a few mis-keyed listings do not drag the fit; prints the
coefficients and the share of listings down-weighted."""

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def huber_weights(resid, delta):
    w = torch.ones_like(resid)
    for i in range(resid.shape[0]):
        r = abs(float(resid[i]))
        if r > delta:
            w[i] = delta / r
    return w


def weighted_lstsq(X, y, w):
    Xw = X * w[:, None]
    return torch.linalg.solve(X.T @ Xw, Xw.T @ y)


torch.manual_seed(8)
n = 40000
X = torch.cat([torch.ones(n, 1), torch.randn(n, 4)], dim=1).to(device)
true_beta = torch.tensor([300.0, 45.0, -12.0, 8.0, 20.0], device=device)
y = X @ true_beta + 15.0 * torch.randn(n, device=device)
bad = torch.randperm(n)[: n // 50]
y[bad] += 400.0 * torch.rand(len(bad), device=device)

beta = torch.linalg.lstsq(X, y[:, None]).solution[:, 0]
for it in range(25):
    resid = y - X @ beta
    scale = 1.4826 * resid.abs().median()
    w = huber_weights(resid, 1.345 * float(scale))
    beta = weighted_lstsq(X, y, w)

for j in range(beta.shape[0]):
    print(f"  beta[{j}] = {float(beta[j]):9.3f}")
print(f"down-weighted: {float((w < 1.0).float().mean()):.3%}")
print(f"result: {float(beta.abs().sum()) + float(w.sum()):.10e}")
