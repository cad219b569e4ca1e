# ruff: noqa
"""Monte Carlo forecast of ICU bed demand across a hospital group's units for the next 300 days: for
many scenarios, daily admissions follow a seasonal rate with unit surge multipliers and a
shared regional shock, stays end with a unit-specific discharge probability; prints the
expected overflow bed-days per unit and the probability that the group runs out of beds."""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class ICUGroup:
    def __init__(self, beds, mean_stay, admissions, surge):
        self.beds = torch.tensor(beds, dtype=torch.float32, device=device)
        self.discharge = torch.tensor([1.0 / s for s in mean_stay], dtype=torch.float32, device=device)
        self.admissions = torch.tensor(admissions, dtype=torch.float32, device=device)
        self.surge = torch.from_numpy(np.asarray(surge)).float().to(device)

    def seasonal(self, day):
        return 1.0 + 0.3 * np.cos(2 * np.pi * (day - 20) / 365.0)

    def step(self, occ, day, shock):
        expected = self.admissions * self.surge * self.seasonal(day)
        arrivals = expected * torch.exp(0.4 * shock - 0.08)
        occ = occ * (1.0 - self.discharge) + arrivals
        excess = torch.clamp(occ - self.beds, min=0.0)
        return occ, excess


class Forecast:
    def __init__(self, group, n_scenarios, seed):
        self.group = group
        self.n = n_scenarios
        self.gen = torch.Generator(device=device).manual_seed(seed)

    def run(self, days, callbacks=()):
        g = self.group
        occ = (0.7 * g.beds).expand(self.n, -1).clone()
        for day in range(days):
            shock = torch.randn(self.n, 1, generator=self.gen, device=device)
            occ, excess = g.step(occ, day, shock)
            for cb in callbacks:
                cb(day, occ, excess)
        return occ


class Tally:
    def __init__(self):
        self.bed_days = 0.0
        self.full_days = 0.0

    def __call__(self, day, occ, excess):
        self.bed_days = self.bed_days + excess.sum(dim=0).double()
        self.full_days = self.full_days + (excess.sum(dim=1) > 0).float().mean()


units = 16
rng = np.random.default_rng(4)
beds = rng.integers(8, 40, units).astype(float).tolist()
stay = rng.uniform(3.0, 9.0, units).tolist()
adm = [0.8 * b / s for b, s in zip(beds, stay)]
surge = rng.uniform(0.9, 1.25, units)
group = ICUGroup(beds, stay, adm, surge)
tally = Tally()
final = Forecast(group, 90000, seed=9).run(300, callbacks=[tally])
per_unit = (tally.bed_days / 90000).cpu().numpy()
for u in range(0, units, 4):
    print(f"unit {u:2d}: {beds[u]:.0f} beds, expected overflow {per_unit[u]:.1f} bed-days")
print(f"days with some unit full (mean over scenarios): {float(tally.full_days):.2f}")
print(f"result: {per_unit.sum() + float(tally.full_days) + float(final.mean()):.10e}")
