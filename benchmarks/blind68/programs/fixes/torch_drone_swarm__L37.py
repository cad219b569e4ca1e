# ruff: noqa
"""Formation flight of a drone swarm: each drone follows a leader-relative slot with a PD
controller under wind gusts; a telemetry hook records the swarm's positions at every control step
and the run reports the formation error."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class Telemetry:
    def __init__(self, n_drones):
        self.positions = torch.empty(0, n_drones, 3, device=device)
        self.episode_errors = torch.empty(0, device=device)

    def on_step(self, swarm):
        self.positions = torch.cat([self.positions, swarm.pos.unsqueeze(0)])

    def on_episode_end(self, error):
        self.episode_errors = torch.cat([self.episode_errors, error.reshape(1)])


class Swarm:
    def __init__(self, n, gen):
        self.pos = torch.randn(n, 3, generator=gen).to(device) * 5.0
        self.vel = torch.zeros(n, 3, device=device)
        angle = torch.linspace(0, 2 * torch.pi, n + 1)[:-1]
        self.slots = torch.stack([torch.cos(angle), torch.sin(angle), torch.zeros(n)], 1).to(device) * 10.0

    def control(self, leader, kp=0.8, kd=0.5):
        err = leader + self.slots - self.pos
        return kp * err - kd * self.vel


def fly(swarm, steps, dt, gen, hooks):
    leader = torch.zeros(3, device=device)
    leader_vel = torch.tensor([1.0, 0.3, 0.0], device=device)
    for k in range(steps):
        leader = leader + dt * leader_vel
        gust = 0.2 * torch.randn(swarm.pos.shape, generator=gen).to(device)
        swarm.vel = swarm.vel + dt * (swarm.control(leader) + gust)
        swarm.pos = swarm.pos + dt * swarm.vel
        for hook in hooks:
            hook(swarm)
    return (leader + swarm.slots - swarm.pos).norm(dim=1).mean()


gen = torch.Generator().manual_seed(4)
telemetry = Telemetry(200)
for episode in range(2):
    swarm = Swarm(200, gen)
    error = fly(swarm, 800, 0.02, gen, hooks=[telemetry.on_step])
    telemetry.on_episode_end(error)
track = telemetry.positions
print(f"recorded {track.shape[0]} steps, formation error {telemetry.episode_errors.tolist()}")
print(f"result: {float(track[:, :, 0].mean()) + float(telemetry.episode_errors.sum()):.10e}")
