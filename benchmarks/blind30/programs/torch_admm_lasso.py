# ruff: noqa
"""Sparse regression with the lasso, solved by ADMM for a path of penalties (warm-started),
on a simulated design with a few true nonzero coefficients; reports support recovery."""
import torch

torch.manual_seed(0)


def soft_threshold(v, k):
    return torch.sign(v) * torch.clamp(v.abs() - k, min=0.0)


class LassoADMM:
    def __init__(self, A, b, rho=1.0):
        self.A, self.b, self.rho = A, b, rho
        self.Atb = A.T @ b
        self.n = A.shape[1]

    @property
    def system(self):
        return self.A.T @ self.A + self.rho * torch.eye(self.n, dtype=self.A.dtype)

    def x_update(self, z, u):
        return torch.linalg.solve(self.system, self.Atb + self.rho * (z - u))

    def fit(self, lam, z, u, tol=1e-6, max_iter=400):
        it, r_norm = 0, float("inf")
        while r_norm > tol and it < max_iter:
            x = self.x_update(z, u)
            z_old = z
            z = soft_threshold(x + u, lam / self.rho)
            u = u + x - z
            r_norm = torch.linalg.vector_norm(x - z).item()
            it += 1
        return z, u, it


m, n = 480, 160
A = torch.randn(m, n, dtype=torch.float64)
true = torch.zeros(n, dtype=torch.float64)
true[torch.randperm(n)[:12]] = torch.randn(12, dtype=torch.float64) * 3
b = A @ true + 0.1 * torch.randn(m, dtype=torch.float64)
solver = LassoADMM(A, b, rho=50.0)
z = torch.zeros(n, dtype=torch.float64)
u = torch.zeros(n, dtype=torch.float64)
total = 0.0
for lam in torch.logspace(2.5, 0.5, 16).tolist():
    z, u, iters = solver.fit(lam, z, u)
    support = int((z.abs() > 1e-8).sum())
    total += float(z.abs().sum())
    print(f"lambda {lam:8.3f}: {iters:3d} iterations, support {support}")
print(f"result: {total:.8e}")
