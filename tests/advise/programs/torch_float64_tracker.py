# ruff: noqa
"""Tracks a manoeuvring target through noisy range readings with a bootstrap particle filter in
torch (float32 particles, per-particle process noise levels from a schedule), and prints the
track's error against the true path."""
import numpy as np
import torch

torch.set_num_threads(1)


def true_path(n_steps, rng):
    v = np.cumsum(0.05 * rng.standard_normal(n_steps))
    return np.cumsum(v) * 0.1


def run_filter(readings, n_particles, gen):
    levels = torch.tensor(np.linspace(0.05, 0.4, n_particles))
    x = torch.zeros(n_particles, dtype=torch.float32)
    v = torch.zeros(n_particles, dtype=torch.float32)
    obs = torch.tensor(readings).float()
    sigma = 0.5
    est = []
    for k in range(len(obs)):
        noise = torch.randn(n_particles, generator=gen)
        v = 0.98 * v + levels * noise
        x = x + 0.1 * v
        logw = -0.5 * ((obs[k] - x) / sigma) ** 2
        w = torch.softmax(logw, dim=0)
        est.append(float(torch.dot(w, x)))
        if k % 25 == 24:
            positions = (torch.arange(n_particles) + torch.rand(1, generator=gen)) / n_particles
            idx = torch.searchsorted(torch.cumsum(w, 0), positions).clamp_(max=n_particles - 1)
            x, v = x[idx], v[idx]
    return np.array(est)


rng = np.random.default_rng(0)
gen = torch.Generator().manual_seed(0)
path = true_path(300, rng)
readings = path + 0.5 * rng.standard_normal(len(path))
est = run_filter(readings, 1_000_000, gen)
rmse = float(np.sqrt(np.mean((est - path) ** 2)))
print(f"rmse {rmse:.4f}")
print(f"result: {rmse:.6e}")
