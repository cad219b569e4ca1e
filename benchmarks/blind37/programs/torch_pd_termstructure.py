# ruff: noqa
"""Lifetime expected credit loss (IFRS 9 style) for a loan book: a small neural scorecard maps
borrower features to a hazard rate, survival curves are built over 120 monthly buckets with a
macro-economic overlay, and discounted expected losses are aggregated per rating grade."""
import numpy as np
import torch
import torch.nn as nn


class Scorecard(nn.Module):
    def __init__(self, n_features=24, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_features, width), nn.Tanh(), nn.Linear(width, 120))

    def forward(self, x):
        return nn.functional.softplus(self.net(x)) * 1e-3


class MacroScenario:
    def __init__(self, months=120, shock=0.35):
        t = np.arange(months) / 12.0
        self._curve = 1.0 + shock * np.exp(-((t - 2.0) ** 2) / 1.5)

    @property
    def overlay(self):
        return torch.from_numpy(self._curve)


class ECLEngine:
    def __init__(self, model, scenario, rate=0.04, correlation=0.85):
        self.model = model
        self.scenario = scenario
        self.correlation = correlation
        months = torch.arange(120, dtype=torch.float32)
        self.discount = (1.0 + rate / 12.0) ** (-months)

    @torch.no_grad()
    def expected_loss(self, features, ead, lgd):
        hazard = self.model(features) * self.scenario.overlay
        survival = torch.exp(torch.cumsum(torch.log1p(-hazard), dim=1)) ** self.correlation
        default_prob = torch.cat([1.0 - survival[:, :1], survival[:, :-1] - survival[:, 1:]], dim=1)
        amort = ead[:, None] * torch.linspace(1.0, 0.05, 120)
        return (default_prob * amort * self.discount).sum(dim=1) * lgd


torch.manual_seed(3)
gen = torch.Generator().manual_seed(3)
engine = ECLEngine(Scorecard(), MacroScenario())
grades = torch.zeros(8, dtype=torch.float64)
for batch in range(300):
    feats = torch.randn(4096, 24, generator=gen)
    ead = torch.rand(4096, generator=gen) * 2e5
    lgd = 0.2 + 0.5 * torch.rand(4096, generator=gen)
    ecl = engine.expected_loss(feats, ead, lgd)
    grade = torch.bucketize(feats[:, 0].contiguous(), torch.linspace(-2.0, 2.0, 7))
    grades.index_add_(0, grade, ecl.double())
for g, v in enumerate(grades.tolist()):
    print(f"grade {g}: ECL {v:,.0f}")
print(f"result: {grades.sum().item():.10e}")
