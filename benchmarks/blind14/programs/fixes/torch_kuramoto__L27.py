# ruff: noqa
"""Simulates a large population of Kuramoto phase oscillators in torch (float32 phases, natural
frequencies drawn once) for a few coupling strengths, and prints how synchronised each
population ends up (the order parameter r averaged over the last steps)."""

import math

import numpy as np
import torch

torch.set_num_threads(1)


def order_parameter(theta):
    re = torch.cos(theta).mean()
    im = torch.sin(theta).mean()
    return torch.sqrt(re * re + im * im), torch.atan2(im, re)


def simulate(omega, coupling, n_steps, dt, gen):
    n = omega.shape[0]
    theta = 2 * math.pi * torch.rand(n, generator=gen)
    r_total = torch.zeros((), dtype=torch.float64)
    tail = []
    for step in range(n_steps):
        r, psi = order_parameter(theta)
        theta = theta + dt * (omega + coupling * r * torch.sin(psi - theta))
        r_total = r_total + r.double()
        if step >= n_steps - 20:
            tail.append(r)
    return float(torch.stack(tail).mean()), float(r_total) / n_steps


rng = np.random.default_rng(11)
omega = torch.from_numpy(rng.standard_cauchy(300_000).clip(-20, 20) * 0.5 + 1.0).float()
gen = torch.Generator().manual_seed(11)
checksum = 0.0
for coupling in (0.5, 1.5, 3.0):
    r_end, r_mean = simulate(omega, coupling, 120, 0.05, gen)
    checksum += r_end + r_mean
    print(f"K={coupling}: r at the end {r_end:.4f}, mean r {r_mean:.4f}")
print(f"result: {checksum:.8e}")
