# ruff: noqa
"""Perfume dry-down simulation: the concentrations of a batch of candidate formulas' ingredients
are stepped through skin evaporation (per-ingredient volatility) and pairwise accord interactions
(a fixed interaction table from the perfumer's accord chart), and each formula's top, heart and base
note intensities are read off for a longevity ranking."""
import math

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
N_ING = 64


def accord_chart():
    rows = []
    for i in range(N_ING):
        row = []
        for j in range(N_ING):
            d = abs(i - j)
            row.append(0.0 if d == 0 else 0.002 * math.cos(0.7 * d) / (1.0 + 0.1 * d))
        rows.append(row)
    return rows


ACCORD = accord_chart()
ACCORD_T = torch.tensor(ACCORD, device=device)


class DryDown:
    def __init__(self, volatility, dt=0.05):
        self.volatility = volatility
        self.dt = dt

    @staticmethod
    def interaction():
        return ACCORD_T

    def step(self, conc):
        mixing = conc @ self.interaction()
        return torch.clamp(conc * (1.0 - self.dt * self.volatility) + self.dt * mixing, min=0.0)

    def run(self, conc, minutes, readout):
        samples = []
        for t in range(minutes):
            conc = self.step(conc)
            if t in readout:
                samples.append(conc.clone())
        return conc, samples


gen = torch.Generator().manual_seed(3)
volatility = torch.linspace(0.02, 0.9, N_ING).flip(0).to(device)
formulas = (torch.rand(128, N_ING, generator=gen) * (torch.rand(128, N_ING, generator=gen) < 0.25)).to(device)
model = DryDown(volatility)
final, samples = model.run(formulas, 1200, readout={10, 300, 1199})
third = N_ING // 3
top = samples[0][:, :third].sum(1)
heart = samples[1][:, third:2 * third].sum(1)
base = final[:, 2 * third:].sum(1)
longevity = (base / (formulas[:, 2 * third:].sum(1) + 1e-6)).cpu()
best = torch.argsort(longevity, descending=True)[:3]
print("longest-lasting formulas:", best.tolist())
print(f"result: {float(top.sum() + heart.sum() + base.sum()) + float(longevity.sum()):.10e}")
