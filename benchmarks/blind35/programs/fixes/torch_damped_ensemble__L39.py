"""An ensemble of driven, damped harmonic oscillators (a physics-teaching demo of resonance):
each oscillator has its own natural frequency and damping ratio, all are integrated with
semi-implicit Euler under a common periodic drive, and the steady-state amplitude is
reported per frequency band."""
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class Ensemble:
    omega: torch.Tensor
    zeta: torch.Tensor
    drive: float = 1.0
    drive_freq: float = 1.3

    def accel(self, x, v, t):
        force = self.drive * torch.cos(torch.tensor(self.drive_freq * t))
        return force - 2.0 * self.zeta * self.omega * v - self.omega ** 2 * x


def make_ensemble(n):
    omega = torch.linspace(0.5, 2.5, n)
    zeta = torch.from_numpy(np.linspace(0.02, 0.3, n))
    return Ensemble(omega, zeta)


def integrate(ens, steps, dt, record_every=50):
    n = ens.omega.shape[0]
    x = torch.zeros(n)
    v = torch.zeros(n)
    energy_log = []
    for k in range(steps):
        a = ens.accel(x, v, k * dt)
        v = v + dt * a
        x = x + dt * v
        if k % record_every == 0:
            energy_log.append((0.5 * v ** 2).sum().item())
    return x, v, energy_log


torch.manual_seed(0)
ens = make_ensemble(800_000)
x, v, energy = integrate(ens, 320, 0.02)
amp = torch.sqrt(x ** 2 + (v / ens.omega) ** 2)
bands = amp.reshape(10, -1).mean(dim=1)
print("amplitude by band:", [round(float(b), 4) for b in bands])
print(f"result: {float(amp.sum()) + sum(energy):.10e}")
