# ruff: noqa
"""Counterparty credit exposure of an interest-rate swap book: Hull-White-style short-rate
Monte Carlo paths under stressed volatility scenarios, mark-to-market of every swap on every
path and date, expected and potential future exposure profiles, and a CVA estimate."""
from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class Book:
    strikes: torch.Tensor
    notionals: torch.Tensor
    maturities: torch.Tensor


@dataclass
class Scenario:
    kappa: float
    theta: float
    vol_scale: torch.Tensor


def make_scenario(rng, n_paths):
    stress = rng.lognormal(0.0, 0.25, size=n_paths)
    return Scenario(kappa=0.15, theta=0.03, vol_scale=torch.from_numpy(0.01 * stress))


def short_rate_step(r, scen, dt, z):
    return r + scen.kappa * (scen.theta - r) * dt + scen.vol_scale * np.sqrt(dt) * z


def swap_values(r, book, t):
    tau = (book.maturities - t).clamp(min=0.0)
    discount = torch.exp(-r[:, None] * tau)
    annuity = (1.0 - discount) / r[:, None].clamp(min=1e-4)
    return book.notionals * ((1.0 - discount) - book.strikes * annuity)


class ExposureSimulator:
    def __init__(self, book, scen, n_paths, dt, gen):
        self.book, self.scen, self.n_paths, self.dt, self.gen = book, scen, n_paths, dt, gen

    def run(self, n_steps, on_date=None):
        r = torch.full((self.n_paths,), 0.025)
        ee, pfe = [], []
        for k in range(n_steps):
            z = torch.randn(self.n_paths, generator=self.gen)
            r = short_rate_step(r, self.scen, self.dt, z)
            v = swap_values(r, self.book, (k + 1) * self.dt)
            exposure = v.sum(dim=1).clamp(min=0.0)
            ee.append(exposure.mean())
            pfe.append(torch.quantile(exposure[:16384], 0.95))
            if on_date is not None:
                on_date(k, exposure)
        return torch.stack(ee), torch.stack(pfe)


rng = np.random.default_rng(8)
gen = torch.Generator().manual_seed(8)
n_paths, n_swaps, n_steps = 20000, 96, 120
book = Book(strikes=torch.rand(n_swaps, generator=gen) * 0.04,
            notionals=torch.randn(n_swaps, generator=gen) * 1e6,
            maturities=torch.randint(2, 11, (n_swaps,), generator=gen).float())
scen = make_scenario(rng, n_paths)
peaks = {}
sim = ExposureSimulator(book, scen, n_paths, dt=1 / 12, gen=gen)
ee, pfe = sim.run(n_steps, on_date=lambda k, e: peaks.__setitem__(k, e.max()) if k % 12 == 0 else None)
hazard = 0.02
times = torch.arange(1, n_steps + 1) / 12
default_density = hazard * torch.exp(-hazard * times)
cva = 0.6 * torch.cumsum(ee * default_density / 12, dim=0)[-1]
print(f"peak EE {ee.max().item():.1f}, peak PFE {pfe.max().item():.1f}, CVA {cva.item():.2f}")
print(f"result: {cva.item() + ee.sum().item() / 1e6 + sum(float(p) for p in peaks.values()) / 1e6:.10e}")
