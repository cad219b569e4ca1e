# ruff: noqa
"""Rollouts of a linear-quadratic drone controller under noise: steps a 12-state model for
many episodes, records each trajectory and each episode's return; prints the mean return."""
import torch


def rollout(A, B, K, steps, gen):
    state = torch.randn(12, generator=gen)
    trajectory = torch.empty(0, 12)
    cost = torch.zeros(())
    t = 0
    while t < steps:
        u = -(K @ state)
        state = A @ state + B @ u + 0.01 * torch.randn(12, generator=gen)
        trajectory = torch.cat([trajectory, state[None]])
        cost = cost + state @ state
        t += 1
    return trajectory, cost


gen = torch.Generator().manual_seed(2)
torch.set_num_threads(1)
A = 0.97 * torch.eye(12) + 0.005 * torch.randn(12, 12, generator=gen)
B = 0.1 * torch.randn(12, 4, generator=gen)
K = 0.05 * torch.randn(4, 12, generator=gen)
returns = []
spread = 0.0
for episode in range(3):
    trajectory, cost = rollout(A, B, K, 30000, gen)
    returns.append(-cost)
    spread += float(trajectory.std(dim=0).mean())
returns = torch.stack(returns)
print(f"spread: {spread:.6f}")
print(f"result: {returns.mean().item():.8e}")
