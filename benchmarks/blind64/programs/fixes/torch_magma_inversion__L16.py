"""Volcano deformation inversion: vertical ground displacement from a point pressure source
(Mogi model) is observed on a dense InSAR-like grid with noise; the source's position,
depth and volume change are recovered by gradient descent with Adam on a weighted misfit."""
import numpy as np
import torch


class MogiSimulator:
    def __init__(self, n_side, extent_km):
        axis = np.linspace(-extent_km, extent_km, n_side)
        grid = np.stack([g.ravel() for g in np.meshgrid(axis, axis)])
        self.x, self.y = torch.from_numpy(grid).float()

    def uplift(self, params):
        x0, y0, depth, dv = params[0], params[1], params[2], params[3]
        r2 = (self.x - x0) ** 2 + (self.y - y0) ** 2 + depth ** 2
        return dv * depth / (torch.pi * r2 ** 1.5)


def invert(sim, observed, weights, start, steps, log_every):
    params = start.clone().requires_grad_(True)
    opt = torch.optim.Adam([params], lr=0.05)
    history = []
    for step in range(steps):
        opt.zero_grad()
        misfit = (weights * (sim.uplift(params) - observed) ** 2).mean()
        misfit.backward()
        opt.step()
        if step % log_every == 0:
            history.append(misfit.item())
    return params.detach(), history


def main():
    torch.manual_seed(2)
    torch.set_num_threads(1)
    sim = MogiSimulator(n_side=600, extent_km=20.0)
    true = torch.tensor([1.5, -2.0, 4.0, 30.0])
    observed = (sim.uplift(true) + 0.002 * torch.randn(sim.x.shape[0], dtype=torch.float64)).float()
    weights = torch.ones_like(observed)
    start = torch.tensor([0.0, 0.0, 6.0, 10.0])
    params, history = invert(sim, observed, weights, start, steps=80, log_every=20)
    print("result:", round(sum(params.tolist()) + history[-1], 5))


if __name__ == "__main__":
    main()
