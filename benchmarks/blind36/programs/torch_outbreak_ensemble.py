# ruff: noqa
"""Stochastic age-structured SIR ensemble for outbreak forecasting: many replicate epidemics run
side by side as tensors (chain-binomial transitions with a contact matrix between age groups),
observer hooks record the daily state, and the forecast quantiles of hospital demand are printed."""
import torch

AGE_GROUPS = 8


class Recorder:
    """Keeps the whole ensemble trajectory, one day after another."""

    def __init__(self):
        self.trajectory = None

    def __call__(self, day, state):
        snap = state.unsqueeze(0)
        self.trajectory = snap if self.trajectory is None else torch.cat([self.trajectory, snap])


class PeakTracker:
    def __init__(self):
        self.peak = None
        self.weekly = []

    def __call__(self, day, state):
        infected = state[:, 1].sum(-1)
        self.peak = infected if self.peak is None else torch.maximum(self.peak, infected)
        if day % 7 == 6:
            self.weekly.append(infected.mean())


class Epidemic:
    def __init__(self, contacts, pop, beta, gamma, n_rep, seed=0):
        self.contacts, self.pop = contacts, pop
        self.beta, self.gamma = beta, gamma
        self.gen = torch.Generator().manual_seed(seed)
        S = pop.expand(n_rep, -1).clone()
        I = torch.zeros_like(S)
        I[:, 2] = 10.0
        S = S - I
        self.state = torch.stack([S, I, torch.zeros_like(S)], 1)

    def step(self):
        S, I, R = self.state.unbind(1)
        force = self.beta * (I / self.pop) @ self.contacts.T
        new_i = torch.binomial(S, 1.0 - torch.exp(-force), generator=self.gen)
        new_r = torch.binomial(I, torch.full_like(I, 1.0 - torch.exp(torch.tensor(-self.gamma)).item()), generator=self.gen)
        self.state = torch.stack([S - new_i, I + new_i - new_r, R + new_r], 1)

    def run(self, days, hooks):
        day = 0
        while day < days and self.state[:, 1].sum() > 0:
            self.step()
            for hook in hooks:
                hook(day, self.state)
            day += 1
        return day


torch.manual_seed(1)
pop = torch.tensor([4.1e5, 4.3e5, 5.2e5, 5.6e5, 5.0e5, 4.4e5, 3.3e5, 2.4e5])
base = torch.rand(AGE_GROUPS, AGE_GROUPS)
contacts = (base + base.T) / 2 + torch.eye(AGE_GROUPS) * 2.0
hosp_rate = torch.linspace(0.002, 0.12, AGE_GROUPS)
recorder, peaks = Recorder(), PeakTracker()
epi = Epidemic(contacts, pop, beta=0.07, gamma=1 / 7.0, n_rep=1200)
days = epi.run(300, hooks=[recorder, peaks])
hosp = (recorder.trajectory[:, :, 1] * hosp_rate).sum(-1)
q = torch.quantile(hosp, torch.tensor([0.05, 0.5, 0.95]), dim=1)
print(f"{days} days simulated; peak hospital demand median {float(q[1].max()):.0f} [{float(q[0].max()):.0f}, {float(q[2].max()):.0f}]")
print(f"result: {float(q.sum()) / 1e6 + float(peaks.peak.mean()) / 1e6 + float(torch.stack(peaks.weekly).sum()) / 1e9:.10e}")
