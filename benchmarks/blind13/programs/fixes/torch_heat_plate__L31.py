# ruff: noqa
"""Transient heat conduction in a 2-D aluminium plate heated by a strip of power transistors:
explicit finite differences in float32 with a conductivity that varies across the plate,
reporting the hottest point and the plate's mean temperature every few hundred steps."""

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

N = 320
STEPS = 1600
ALPHA = 0.2

# relative conductivity across the plate (thicker near the mounting edges), from the data sheet
profile = 1.0 + 0.2 * np.cos(np.linspace(0.0, np.pi, N)) ** 2
k = torch.from_numpy(profile)[None, 1:-1].to(device)

T = torch.full((N, N), 25.0, dtype=torch.float32, device=device)
source = torch.zeros((N, N), dtype=torch.float32, device=device)
source[N // 2 - 2 : N // 2 + 2, N // 4 : 3 * N // 4] = 0.5
log = []
for step in range(STEPS):
    inner = T[1:-1, 1:-1]
    lap = T[:-2, 1:-1] + T[2:, 1:-1] + T[1:-1, :-2] + T[1:-1, 2:] - 4.0 * inner
    inner += ALPHA * k * lap
    T += source
    T[0, :] = 25.0
    T[-1, :] = 25.0
    if step % 200 == 0:
        log.append((float(T.max()), float(T.mean())))

hottest, mean_temp = float(T.max()), float(T.double().mean())
print(f"hottest {hottest:.3f} C, mean {mean_temp:.4f} C")
print(f"result: {hottest + mean_temp + sum(a + b for a, b in log):.10e}")
