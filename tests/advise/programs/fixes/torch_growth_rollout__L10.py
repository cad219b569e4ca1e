# ruff: noqa
"""Roll-outs of a linear feedback policy on a noisy, linearised cart-pole simulated with torch: each episode
runs until the pole falls or the step limit, its trajectory of sensor readings is kept for a return and
a smoothness measure, and the episodes' returns are gathered. Prints the mean return and a
checksum."""
import torch


def extend(trajectory, state):
    return torch.cat([trajectory, state.unsqueeze(0)])


def step(state, gain, noise, dt=0.02):
    x, v, theta, omega = state
    force = -(gain * state).sum() + noise
    acc = force / 1.1 - 0.05 * v
    alpha = 14.7 * theta - 1.4 * force - 0.1 * omega
    return torch.stack([x + dt * v, v + dt * acc, theta + dt * omega, omega + dt * alpha])


def episode(gain, sensors, max_steps, gen):
    state = torch.tensor([0.0, 0.0, 0.05, 0.0], dtype=torch.float64)
    states = []
    noises = 0.5 * torch.randn(max_steps, generator=gen, dtype=torch.float64)
    t = 0
    while t < max_steps:
        state = step(state, gain, noises[t])
        states.append(torch.tanh(sensors @ state))
        t += 1
    return torch.stack(states) if states else torch.empty(0, sensors.shape[0], dtype=torch.float64)


gen = torch.Generator().manual_seed(5)
gain = torch.tensor([-1.0, -2.0, -30.0, -6.0], dtype=torch.float64)
sensors = torch.randn(64, 4, generator=gen, dtype=torch.float64)
returns = torch.empty(0, dtype=torch.float64)
smooth = 0.0
for ep in range(2):
    traj = episode(gain, sensors, 8_000, gen)
    discount = 0.99 ** torch.arange(len(traj), dtype=torch.float64)
    ret = (discount * (1.0 - traj[:, 2].abs())).sum()
    returns = torch.cat([returns, ret.unsqueeze(0)])
    smooth += float(traj.diff(dim=0).abs().mean())
print(f"mean return: {float(returns.mean()):.4f}")
print(f"result: {float(returns.sum()) + smooth:.8f}")
