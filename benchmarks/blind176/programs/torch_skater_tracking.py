# ruff: noqa
"""Simulates optical player-tracking data for a batch of games (ten skaters chasing a drifting puck
at 30 frames a second, with line changes), records every skater's position each frame, and
prints the share of skating done above the high-speed threshold and the 95th-percentile speed."""
import numpy as np
import torch

torch.set_num_threads(1)

FPS = 30.0
RINK_LENGTH, RINK_WIDTH = 200.0, 85.0     # feet
HIGH_SPEED = 22.0                         # ft/s, about 15 mph
N_SKATERS = 10


def rink_bounds(device_dtype):
    half = torch.tensor([RINK_LENGTH / 2.0, RINK_WIDTH / 2.0], dtype=device_dtype)
    return -half, half


def faceoff(n_games, gen):
    pos = torch.empty(n_games, N_SKATERS, 2)
    pos[..., 0].uniform_(-30.0, 30.0, generator=gen)
    pos[..., 1].uniform_(-25.0, 25.0, generator=gen)
    puck = torch.zeros(n_games, 2)
    return pos, torch.zeros_like(pos), puck, torch.zeros(n_games, 2)


class PeriodSimulator:
    def __init__(self, n_games, gen, max_speed=33.0, reaction=2.5):
        self.n_games = n_games
        self.gen = gen
        self.max_speed = max_speed
        self.reaction = reaction
        self.effort = 0.6 + 0.4 * torch.rand(n_games, N_SKATERS, 1, generator=gen)

    def step(self, pos, vel, puck, puck_vel, lo, hi):
        dt = 1.0 / FPS
        puck_vel = 0.99 * puck_vel + 60.0 * torch.randn(puck_vel.shape, generator=self.gen) * dt
        puck = torch.maximum(torch.minimum(puck + puck_vel * dt, hi), lo)
        to_puck = puck[:, None, :] - pos
        dist = to_puck.norm(dim=-1, keepdim=True).clamp_min(1.0)
        desired = self.max_speed * self.effort * to_puck / dist * torch.tanh(dist / 15.0)
        vel = vel + self.reaction * (desired - vel) * dt
        vel = vel + 2.0 * torch.randn(vel.shape, generator=self.gen) * dt
        pos = torch.maximum(torch.minimum(pos + vel * dt, hi), lo)
        return pos, vel, puck, puck_vel

    def run(self, n_frames, shift_frames=1350):
        lo, hi = rink_bounds(torch.float32)
        pos, vel, puck, puck_vel = faceoff(self.n_games, self.gen)
        track = [pos.tolist()]
        for f in range(n_frames):
            pos, vel, puck, puck_vel = self.step(pos, vel, puck, puck_vel, lo, hi)
            track.append(pos.tolist())
            if f % shift_frames == shift_frames - 1:
                # line change: fresh legs
                self.effort = 0.6 + 0.4 * torch.rand(self.n_games, N_SKATERS, 1, generator=self.gen)
        return np.asarray(track, dtype=np.float64)


def summarize(track):
    speeds = np.linalg.norm(np.diff(track, axis=0), axis=-1) * FPS
    dist = speeds / FPS
    fast = speeds > HIGH_SPEED
    return {"total_ft": dist.sum(), "fast_share": dist[fast].sum() / dist.sum(),
            "p95": np.percentile(speeds, 95.0), "mean": speeds.mean()}


gen = torch.Generator().manual_seed(5)
sim = PeriodSimulator(n_games=64, gen=gen)
periods = []
for period in range(3):
    track = sim.run(n_frames=1200)
    periods.append(summarize(track))
    s = periods[-1]
    print(f"period {period + 1}: {s['total_ft'] / 5280.0 / 64:.2f} mi per game, "
          f"fast share {s['fast_share']:.3f}, p95 {s['p95']:.2f} ft/s")

fast_share = np.mean([s["fast_share"] for s in periods])
p95 = np.mean([s["p95"] for s in periods])
print(f"result: {fast_share + p95 / 100.0:.10e}")
