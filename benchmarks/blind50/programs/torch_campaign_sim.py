# ruff: noqa
"""Agent-based simulation of a month-long marketing campaign: four million customers in twelve
segments, daily ad exposure by channel, awareness and consideration that build with exposure and
fade with a segment's retention, purchases drawn from a logistic response, and the campaign's daily
conversions and revenue."""
from dataclasses import dataclass, field

import numpy as np
import torch


@dataclass
class Segments:
    base_rate: np.ndarray
    half_life: np.ndarray
    basket: np.ndarray

    @property
    def retention(self):
        return torch.from_numpy(0.5 ** (1.0 / self.half_life))


@dataclass
class CampaignState:
    awareness: torch.Tensor
    consideration: torch.Tensor
    fatigue: torch.Tensor
    daily: list = field(default_factory=list)


class Simulator:
    def __init__(self, segments, segment_of, gen):
        self.segment_of = segment_of
        self.retention = segments.retention[segment_of]
        self.logit0 = torch.from_numpy(np.log(segments.base_rate / (1 - segments.base_rate))).float()[segment_of]
        self.basket = torch.from_numpy(segments.basket).float()[segment_of]
        self.gen = gen

    def step(self, state, reach):
        n = state.awareness.shape[0]
        exposed = torch.rand(n, generator=self.gen) < reach
        state.awareness = state.awareness * self.retention + 0.3 * exposed * (1.0 - state.awareness)
        state.consideration = state.consideration * self.retention + 0.2 * state.awareness * (1.0 - state.consideration)
        state.fatigue = state.fatigue * self.retention + 0.1 * exposed
        p = torch.sigmoid(self.logit0 + 1.5 * state.awareness + 2.0 * state.consideration - 1.5 * state.fatigue)
        bought = torch.rand(n, generator=self.gen) < p
        state.awareness = torch.where(bought, 0.5 * state.awareness, state.awareness)
        state.consideration = torch.where(bought, 0.2 * state.consideration, state.consideration)
        state.daily.append((bought.sum(dtype=torch.float64), (bought * self.basket).sum()))
        return state


rng = np.random.default_rng(8)
n_seg, n_cust, n_days = 12, 4_000_000, 30
segments = Segments(rng.uniform(0.001, 0.01, n_seg), rng.uniform(3.0, 30.0, n_seg), rng.uniform(20.0, 120.0, n_seg))
gen = torch.Generator().manual_seed(9)
segment_of = torch.randint(0, n_seg, (n_cust,), generator=gen)
sim = Simulator(segments, segment_of, gen)
state = CampaignState(torch.zeros(n_cust), torch.zeros(n_cust), torch.zeros(n_cust))
reach_plan = 0.05 + 0.15 * (np.sin(np.arange(n_days) / 3.0) > 0)
for day in range(n_days):
    state = sim.step(state, float(reach_plan[day]))
conv = torch.stack([c for c, _ in state.daily])
revenue = torch.stack([r for _, r in state.daily])
print(f"conversions: {float(conv.sum()):.0f}, revenue: {float(revenue.sum()):.2f}")
print(f"result: {float(conv.sum()) + float(revenue.sum()) * 1e-3:.10e}")
