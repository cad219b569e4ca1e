# ruff: noqa
"""Closed-loop simulation of a batch of three-phase voltage-source inverters feeding RL loads:
sinusoidal PWM references, a per-phase PI current controller, forward-Euler load dynamics, and
a recorder hook that keeps the phase-current waveforms for a THD estimate at the end."""
import math
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class Recorder:
    def __init__(self, n_units):
        self.trace = torch.empty(0, n_units, 3, device=device)

    def __call__(self, step, currents):
        self.trace = torch.cat([self.trace, currents.unsqueeze(0)])


class InverterBank:
    def __init__(self, n_units, gen, dt=2e-5):
        self.dt = dt
        self.R = 0.5 + torch.rand(n_units, 1, generator=gen).to(device)
        self.L = 2e-3 * (1 + torch.rand(n_units, 1, generator=gen)).to(device)
        self.kp, self.ki = 8.0, 900.0
        self.i = torch.zeros(n_units, 3, device=device)
        self.integ = torch.zeros(n_units, 3, device=device)
        self.shift = torch.tensor([0.0, -2 * math.pi / 3, 2 * math.pi / 3], device=device)

    def step(self, t, amp):
        ref = amp * torch.sin(2 * math.pi * 50.0 * t + self.shift)
        err = ref - self.i
        self.integ += err * self.dt
        v = (self.kp * err + self.ki * self.integ).clamp(-400.0, 400.0)
        v = v - v.mean(1, keepdim=True)
        self.i += self.dt * (v - self.R * self.i) / self.L
        return self.i


def simulate(bank, steps, hooks):
    amp = torch.linspace(5.0, 20.0, bank.i.shape[0], device=device).unsqueeze(1)
    for k in range(steps):
        cur = bank.step(k * bank.dt, amp)
        for hook in hooks:
            hook(k, cur)


gen = torch.Generator().manual_seed(2)
bank = InverterBank(64, gen)
rec = Recorder(64)
simulate(bank, 3600, [rec])
wave = rec.trace[-1000:]
fund = wave.pow(2).mean(0).sqrt()
per_phase = torch.cat([fund[:, p] for p in range(3)])
print(f"rms current {float(per_phase.mean()):.5f} A")
print(f"result: {float(per_phase.sum()) + float(rec.trace.abs().mean()):.10e}")
