# ruff: noqa
"""Radar tracking of orbital debris fragments after a breakup: each track runs a constant-velocity
Kalman filter over the radar scans, a track whose recent innovations grow past the gate is
flagged as manoeuvring (or mis-associated) and re-initialised; prints the number of re-inits and
the mean position error."""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
torch.manual_seed(0)

DT = 2.0
F = torch.eye(6)
F[:3, 3:] = DT * torch.eye(3)
H = torch.zeros(3, 6)
H[:, :3] = torch.eye(3)
Q = 1e-3 * torch.eye(6)
R = 0.25 * torch.eye(3)


class Track:
    window = 64

    def __init__(self, z0):
        self.x = torch.cat([z0, torch.zeros(3)])
        self.P = torch.eye(6) * 10.0
        self.innovations = torch.zeros(self.window)
        self.k = 0
        self.reinits = 0

    @property
    def worst_innovation(self):
        return max(self.innovations)

    def update(self, z):
        self.x = F @ self.x
        self.P = F @ self.P @ F.T + Q
        nu = z - H @ self.x
        S = H @ self.P @ H.T + R
        K = self.P @ H.T @ torch.linalg.inv(S)
        self.x = self.x + K @ nu
        self.P = (torch.eye(6) - K @ H) @ self.P
        self.innovations[self.k % self.window] = nu.norm()
        self.k += 1


def fragments(n, steps):
    v = torch.randn(n, 3) * 0.4
    kick = torch.zeros(n, steps, 3)
    kick[torch.arange(n), torch.randint(10, steps, (n,))] = torch.randn(n, 3) * 2.0
    vel = v[:, None, :] + kick.cumsum(1)
    pos = (vel * DT).cumsum(1)
    return pos, pos + 0.5 * torch.randn(n, steps, 3)


weights = [0.5, 0.3, 0.2]
truth, radar = fragments(30, 260)
tracks = [Track(radar[i, 0]) for i in range(truth.shape[0])]
err = torch.zeros(())
for t in range(1, truth.shape[1]):
    for i, track in enumerate(tracks):
        track.update(radar[i, t])
        if track.k >= 20 and track.worst_innovation > 6.0:
            track.reinits += 1
            track.P = torch.eye(6) * 10.0
            track.innovations.zero_()
        err += (track.x[:3] - truth[i, t]).norm()
score = float(err) * np.sum(weights)
print(f"re-inits {sum(tr.reinits for tr in tracks)}, mean position error {float(err) / (truth.shape[0] * (truth.shape[1] - 1)):.4f}")
print(f"result: {score + sum(tr.reinits for tr in tracks):.10e}")
