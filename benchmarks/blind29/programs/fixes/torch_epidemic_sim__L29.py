# ruff: noqa
"""Metapopulation SIR epidemic: towns coupled by a commuting matrix, stochastic infections
drawn each day, and hooks that record the infected curve of every town and log progress;
reports the peak day and the attack rate."""
import torch
from dataclasses import dataclass, field


@dataclass
class Params:
    beta: float = 0.32
    gamma: float = 0.1
    commute: float = 0.05
    days: int = 4500


@dataclass
class State:
    s: torch.Tensor
    i: torch.Tensor
    r: torch.Tensor


class Recorder:
    def __init__(self, n_towns):
        self.rows = []

    @property
    def curve(self):
        return torch.stack(self.rows)

    def __call__(self, day, state):
        self.rows.append(state.i)


class ProgressLog:
    def __init__(self, every):
        self.every = every
        self.lines = []

    def __call__(self, day, state):
        if day % self.every == 0:
            self.lines.append((day, state.i.sum().item()))


class Simulator:
    def __init__(self, params, mixing, hooks=()):
        self.p = params
        self.mixing = mixing
        self.hooks = list(hooks)

    def step(self, st, g):
        n = st.s + st.i + st.r
        force = self.p.beta * (self.mixing @ (st.i / n))
        p_inf = 1 - torch.exp(-force)
        new_i = torch.binomial(st.s, p_inf, generator=g)
        new_r = torch.binomial(st.i, torch.full_like(st.i, self.p.gamma), generator=g)
        return State(st.s - new_i, st.i + new_i - new_r, st.r + new_r)

    def run(self, st, g):
        for day in range(self.p.days):
            st = self.step(st, g)
            for hook in self.hooks:
                hook(day, st)
            if day % 40 == 0:
                st.s = st.s + 20.0  # births
        return st


n_towns = 320
g = torch.Generator().manual_seed(4)
pop = torch.randint(2000, 50000, (n_towns,), generator=g).float()
w = torch.rand(n_towns, n_towns, generator=g) ** 8
mixing = 0.95 * torch.eye(n_towns) + 0.05 * w / w.sum(1, keepdim=True)
i0 = torch.zeros(n_towns)
i0[:3] = 10.0
state = State(pop - i0, i0, torch.zeros(n_towns))
rec, log = Recorder(n_towns), ProgressLog(every=500)
sim = Simulator(Params(), mixing, hooks=[rec, log])
final = sim.run(state, g)
peak_day = int(rec.curve.sum(1).argmax())
attack = (final.r.sum() / pop.sum()).item()
summary = torch.cat([final.s, final.i, final.r])
for day, infected in log.lines:
    print(f"day {day}: {infected:.0f} infected")
print(f"peak day {peak_day}, attack rate {attack:.4f}")
print("result:", f"{rec.curve.sum().item() + peak_day + attack + summary.sum().item():.10e}")
