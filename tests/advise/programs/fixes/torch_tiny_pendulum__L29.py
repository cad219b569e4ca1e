# ruff: noqa
"""Damped pendulums released from a grid of starting angles, each integrated with a classical
fourth-order Runge-Kutta scheme in torch until it settles (or a step limit), recording its
settling time and the energy lost. A sensitivity map of the final states against a fixed
random projection is then computed for the whole grid. Prints the mean settling time and a
checksum."""
import math

import torch

G, DAMP, DT = 9.81, 0.8, 0.02


def rates(s):
    return torch.stack((s[1], -G * torch.sin(s[0]) - DAMP * s[1]))


def settle(angle, max_steps=1_500):
    s = torch.tensor([angle, 0.0], dtype=torch.float64)
    e0 = G * (1 - math.cos(angle))
    n = 0
    while n < max_steps:
        k1 = rates(s)
        k2 = rates(s + 0.5 * DT * k1)
        k3 = rates(s + 0.5 * DT * k2)
        k4 = rates(s + DT * k3)
        s = s + DT / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        n += 1
        if n % 50 == 0 and max(abs(x) for x in s.tolist()) < 1e-3:
            break
    e1 = 0.5 * float(s[1]) ** 2 + G * (1 - math.cos(float(s[0])))
    return n, s, e0 - e1


gen = torch.Generator().manual_seed(7)
projection = torch.randn(100_000, 2, generator=gen, dtype=torch.float64)
angles = [0.2 + 2.6 * k / 49 for k in range(50)]
times, finals, lost = [], [], 0.0
for angle in angles:
    n, s, de = settle(angle)
    times.append(n)
    finals.append(s)
    lost += de
    spread = float((projection @ s).abs().max())
sensitivity = projection @ torch.stack(finals).T
print(f"mean settling steps: {sum(times) / len(times):.1f}")
print(f"result: {sum(times) + lost + spread + float(sensitivity.abs().sum()):.8f}")
