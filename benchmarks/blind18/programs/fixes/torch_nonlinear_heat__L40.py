# ruff: noqa
"""Steady temperature of a 1-D rod whose conductivity depends on temperature, for a series of
heating loads: each load is solved by Picard iteration (freeze the nonlinearity, solve the
linear system, repeat until the update is small). Prints the hottest point and a checksum."""

import torch

torch.manual_seed(0)


class RodModel:
    def __init__(self, n, length=1.0, k0=1.0, beta=0.02):
        self.n = n
        self.h = length / (n + 1)
        self.k0, self.beta = k0, beta
        self.x = torch.linspace(self.h, length - self.h, n, dtype=torch.float64)
        self.K = self.stiffness()
        self.Kt = self.K.T

    def stiffness(self):
        """Finite-difference Laplacian with fixed ends (a constant conductivity k0)."""
        main = torch.full((self.n,), 2.0, dtype=torch.float64)
        off = torch.full((self.n - 1,), -1.0, dtype=torch.float64)
        return self.k0 * (torch.diag(main) + torch.diag(off, 1) + torch.diag(off, -1)) / self.h**2

    def picard_step(self, temp, load):
        # conductivity correction from the current temperature goes to the right-hand side
        K_inv = torch.linalg.inv(self.K)
        rhs = load - self.beta * temp * (self.K @ temp)
        return K_inv @ rhs


def solve(model, load, tol=1e-10, max_iter=200):
    temp = torch.zeros(model.n, dtype=torch.float64)
    change, it = 1.0, 0
    residuals = []
    while change > tol and it < max_iter:
        new = model.picard_step(temp, load)
        change = float((new - temp).abs().max() / (new.abs().max() + 1e-30))
        if it % 10 == 0:
            residuals.append(float((model.Kt @ new - load).norm()))
        temp, it = new, it + 1
    return temp, it, sum(residuals)


model = RodModel(200)
peaks, iters, res_total = [], 0, 0.0
for j in range(120):
    centre = 0.2 + 0.6 * j / 119
    load = 50.0 * torch.exp(-((model.x - centre) ** 2) / 0.01)
    temp, n_it, res = solve(model, load)
    peaks.append(float(temp.max()))
    iters += n_it
    res_total += res
print(f"hottest {max(peaks):.6f} after {iters} iterations in all")
print(f"result: {sum(peaks) + iters * 1e-3 + res_total * 1e-6:.10e}")
