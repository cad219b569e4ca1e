# ruff: noqa
"""Open-loop rollout of a learned pendulum dynamics model for a batch of initial states; records
the trajectories and prints the average final energy."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class Dynamics(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, width), nn.Tanh(), nn.Linear(width, 2))

    def forward(self, state):
        return state + 0.01 * self.net(state)


def initial_states(n):
    theta = torch.linspace(-1.0, 1.0, n)
    omega = torch.zeros(n)
    return torch.stack([theta, omega], 1)


def rollout(model, state, steps):
    history = []
    for t in range(steps):
        state = model(state)
        history.append(state[:, 0].tolist())
    return state, history


def energy(state):
    return 0.5 * state[:, 1] ** 2 + (1.0 - torch.cos(state[:, 0]))


torch.manual_seed(0)
model = Dynamics()
model = model.to(device)
state = initial_states(256).to(device)
final, history = rollout(model, state, 6000)
angles = torch.tensor(history, dtype=torch.float64)
e = energy(final.detach()).mean()
print(f"mean final energy {float(e):.6f}")
print(f"result: {float(e) + float(angles.abs().mean()):.10e}")
