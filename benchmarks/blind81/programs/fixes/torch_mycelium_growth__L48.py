# ruff: noqa
"""Mycelium colonisation model for substrate blocks: a logistic growth-diffusion equation on a
2-D grid (torch tensors), with a spatially varying substrate quality map, nutrient depletion,
and periodic reports of the colonised fraction of each block."""
import numpy as np
import torch

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


def laplacian(u):
    return (torch.roll(u, 1, 0) + torch.roll(u, -1, 0) + torch.roll(u, 1, 1) + torch.roll(u, -1, 1) - 4.0 * u)


class SubstrateBlock:
    def __init__(self, size, rng):
        quality = rng.uniform(0.6, 1.4, size=(size, size))
        quality[: size // 8] *= 0.5
        self.quality = torch.from_numpy(quality).to(device)
        self.nutrient = torch.ones(size, size, device=device)


class Colony:
    def __init__(self, block, rate=0.08, diffusion=0.2):
        n = block.nutrient.shape[0]
        self.block = block
        self.rate = rate
        self.diffusion = diffusion
        self.density = torch.zeros(n, n, device=device)
        self.density[n // 2 - 3 : n // 2 + 3, n // 2 - 3 : n // 2 + 3] = 0.5

    def step(self):
        u = self.density
        growth = self.rate * self.block.quality * self.block.nutrient * u * (1.0 - u)
        self.density = (u + self.diffusion * laplacian(u) + growth).clamp_(0.0, 1.0)
        self.block.nutrient = self.block.nutrient - 0.02 * growth


rng = np.random.default_rng(3)
fractions = []
biomass = torch.tensor(0.0, dtype=torch.float64)
for b in range(3):
    colony = Colony(SubstrateBlock(1000, rng))
    for t in range(40):
        colony.step()
        if t % 10 == 0:
            biomass += colony.density.sum()
    fractions.append((colony.density > 0.5).float().mean())
    print(f"block {b}: colonised {float(fractions[-1]):.4f}")
total = torch.stack(fractions).sum() + biomass.float() / 1e4
print(f"result: {float(total):.10e}")
