# ruff: noqa
"""Metapopulation SEIR epidemic over a few hundred districts linked by commuting: each day the
force of infection in a district mixes the prevalence of the districts its residents commute
to, people move through the compartments with binomial draws, and the epidemic curve, peak day
and final attack rate are reported."""
import numpy as np


class CommutingNetwork:
    def __init__(self, flows, stay=0.7):
        self.flows = flows
        self.stay = stay

    @property
    def mixing(self):
        share = self.flows / self.flows.sum(axis=1, keepdims=True)
        n = share.shape[0]
        return np.linalg.inv(np.eye(n) - (1.0 - self.stay) * share) * self.stay


class Simulator:
    def __init__(self, network, pop, beta=0.45, sigma=1 / 4.0, gamma=1 / 6.0, seed=0):
        self.net = network
        self.pop = pop
        self.beta, self.sigma, self.gamma = beta, sigma, gamma
        self.p_incubation = 1.0 - np.exp(-sigma)
        self.rng = np.random.default_rng(seed)
        n = pop.size
        self.S = pop.copy()
        self.E = np.zeros(n, dtype=np.int64)
        self.I = np.zeros(n, dtype=np.int64)
        self.R = np.zeros(n, dtype=np.int64)
        self.I[:3] = 20
        self.S[:3] -= 20
        self.age_contacts = np.array([[2.0, 0.6, 0.3], [0.6, 1.5, 0.4], [0.3, 0.4, 0.8]])

    def step(self):
        prevalence = self.I / self.pop
        force = self.beta * (self.net.mixing @ prevalence)
        p_inf = 1.0 - np.exp(-force)
        new_e = self.rng.binomial(self.S, p_inf)
        new_i = self.rng.binomial(self.E, self.p_incubation)
        new_r = self.rng.binomial(self.I, 1.0 - np.exp(-self.gamma))
        self.S -= new_e
        self.E += new_e - new_i
        self.I += new_i - new_r
        self.R += new_r
        return new_i.sum()

    def run(self, days, report_every=60):
        curve = np.zeros(days, dtype=np.int64)
        for day in range(days):
            curve[day] = self.step()
            if day % report_every == 0:
                C = self.age_contacts / np.abs(np.linalg.eigvals(self.age_contacts)).max()
                print(f"day {day:4d}  infectious {int(self.I.sum()):9d}  R0~{self.beta / self.gamma * C.sum() / 3:.2f}")
        return curve


rng = np.random.default_rng(5)
n_districts = 260
pop = rng.integers(20_000, 400_000, size=n_districts)
coords = rng.uniform(0, 100, size=(n_districts, 2))
dist = np.sqrt(((coords[:, None, :] - coords[None, :, :]) ** 2).sum(-1)) + 1.0
flows = np.outer(pop, pop) / dist ** 2
np.fill_diagonal(flows, 0.0)
sim = Simulator(CommutingNetwork(flows), pop)
curve = sim.run(700)
peak = int(np.argmax(curve))
attack = sim.R.sum() / pop.sum()
print(f"peak day {peak}, final attack rate {attack:.4f}")
print(f"result: {peak + attack + curve.sum() / 1e6:.10e}")
