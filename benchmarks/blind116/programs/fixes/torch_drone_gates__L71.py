# ruff: noqa
"""Time-trial simulator for a drone-racing league: a small learned gate-seeking policy flies a
squad of quadrotors (point-mass model with drag) through a ring of gates, lap times are logged
per drone and the league table is printed at the end."""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrackConfig:
    n_gates: int = 8
    radius: float = 30.0
    gate_tolerance: float = 2.5
    dt: float = 0.02
    drag: float = 0.35
    max_thrust: float = 14.0


class GatePolicy(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(9, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh(), nn.Linear(width, 3))

    def forward(self, obs):
        return torch.tanh(0.3 * self.body(obs) + 4.0 * obs[..., :3] - 0.5 * obs[..., 6:9])


class Squad:
    def __init__(self, n_drones, cfg, gen):
        self.cfg = cfg
        angles = torch.linspace(0.0, 2 * math.pi, cfg.n_gates + 1)[:-1]
        self.gates = torch.stack([cfg.radius * torch.cos(angles), cfg.radius * torch.sin(angles), 3.0 + torch.sin(2 * angles)], 1).to(device)
        self.pos = (torch.randn(n_drones, 3, generator=gen) * 0.5 + torch.tensor([cfg.radius, -4.0, 3.0])).to(device)
        self.vel = torch.zeros(n_drones, 3, device=device)
        self.target = torch.zeros(n_drones, dtype=torch.long, device=device)
        self.gates_passed = torch.zeros(n_drones, dtype=torch.long, device=device)

    def observations(self):
        gate = self.gates[self.target]
        nxt = self.gates[(self.target + 1) % self.cfg.n_gates]
        return torch.cat([(gate - self.pos) / self.cfg.radius, (nxt - gate) / self.cfg.radius, self.vel / 10.0], 1)

    def step(self, commands):
        cfg = self.cfg
        acc = cfg.max_thrust * commands - cfg.drag * self.vel
        acc[:, 2] -= 0.2 * (self.pos[:, 2] - 3.0)
        self.vel = self.vel + cfg.dt * acc
        self.pos = self.pos + cfg.dt * self.vel
        dist = (self.gates[self.target] - self.pos).norm(dim=1)
        hit = dist < cfg.gate_tolerance
        self.target = torch.where(hit, (self.target + 1) % cfg.n_gates, self.target)
        self.gates_passed += hit.long()


class Race:
    def __init__(self, policy, squad, n_steps, on_lap=None):
        self.policy = policy
        self.squad = squad
        self.n_steps = n_steps
        self.on_lap = on_lap

    def fly(self):
        for t in range(self.n_steps):
            obs = self.squad.observations()
            with torch.no_grad():
                commands = self.policy(obs)
            self.squad.step(commands)
            if self.on_lap is not None and (t + 1) % 100 == 0:
                self.on_lap(t, self.squad.gates_passed)
        return self.squad.gates_passed


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
cfg = TrackConfig()
policy = GatePolicy().to(device)
squad = Squad(32, cfg, gen)
leaders = []


def report(t, gates):
    leaders.append(int(gates.max().item()))


race = Race(policy, squad, 300, on_lap=report)
passed = race.fly()
order = torch.argsort(passed, descending=True)
print(f"leader gates by checkpoint: {leaders}; podium: {order[:3].tolist()}")
print(f"result: {float(passed.sum()) + float(squad.pos.abs().sum()) + float(squad.vel.abs().sum()):.10e}")
