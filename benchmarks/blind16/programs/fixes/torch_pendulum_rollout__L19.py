"""Rolls out a batch of linearised double pendulums under a fixed feedback controller with
torch, one discrete step at a time, and prints the final energy of the batch."""
import torch

COEFFS = [
    [1.0 if i == j else 0.01 * ((i * 7 + j * 3) % 11 - 5) / 5.0 for j in range(12)]
    for i in range(12)
]


class Rollout:
    def __init__(self, batch):
        g = torch.Generator().manual_seed(0)
        self.state = torch.randn(batch, 12, generator=g) * 0.1
        self.gain = torch.full((12,), 0.95)
        self.log = []
        self.A = torch.tensor(COEFFS)

    def step(self, t):
        self.state = (self.state @ self.A.T) * self.gain
        if t % 500 == 0:
            self.log.append(self.state.norm().item())


torch.manual_seed(0)
sim = Rollout(32)
for t in range(40000):
    sim.step(t)
energy = (sim.state**2).sum()
print(f"energy {float(energy):.6f}")
print(f"result: {float(energy) + sum(sim.log):.8e}")
