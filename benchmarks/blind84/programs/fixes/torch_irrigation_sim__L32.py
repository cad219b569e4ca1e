# ruff: noqa
"""Daily soil-moisture model for a grid of irrigated plots under a drip-scheduling policy,
run as a simulator with pluggable callbacks (a state recorder, a drought alarm and a seasonal
water ledger), with stochastic rain and heat waves; reports stress days and water applied."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class SoilModel:
    def __init__(self, n_plots, gen):
        self.fc = 0.30 + 0.08 * torch.rand(n_plots, generator=gen)
        self.wp = 0.10 + 0.04 * torch.rand(n_plots, generator=gen)
        self.depth = 400.0 + 300.0 * torch.rand(n_plots, generator=gen)
        self.theta = self.fc.clone()

    def step(self, rain, et0, kc, irrigation):
        water = self.theta * self.depth + rain + irrigation
        avail = (self.theta - self.wp) / (self.fc - self.wp)
        ks = torch.clamp(avail / 0.5, 0.0, 1.0)
        water = water - ks * kc * et0
        drainage = torch.clamp(water - self.fc * self.depth, min=0.0) * 0.6
        self.theta = torch.clamp((water - drainage) / self.depth, min=self.wp * 0.9).clamp(max=0.5)
        return ks


class StateRecorder:
    def __init__(self, n_plots):
        self.rows = []

    def __call__(self, day, model, ks):
        self.rows.append(model.theta.unsqueeze(0))

    @property
    def trace(self):
        return torch.cat(self.rows)


class DroughtAlarm:
    def __init__(self, threshold):
        self.threshold = threshold
        self.stress_days = 0

    def __call__(self, day, model, ks):
        if day % 30 == 0:
            self.stress_days += int((ks < self.threshold).sum())


class SeasonLedger:
    def __init__(self):
        self.totals = torch.empty(0, device=device)
        self.current = torch.zeros(1, device=device)

    def __call__(self, day, model, ks):
        self.current += model.theta.mean()
        if day % 365 == 364:
            self.totals = torch.cat([self.totals, self.current / 365.0])
            self.current = torch.zeros(1, device=device)


class Simulator:
    def __init__(self, model, callbacks, gen):
        self.model = model
        self.callbacks = callbacks
        self.gen = gen

    def run(self, n_days):
        n = self.model.theta.shape[0]
        applied = torch.zeros(n, device=device)
        for day in range(n_days):
            season = torch.sin(torch.tensor(2 * 3.14159 * day / 365.0))
            et0 = 4.0 + 2.5 * season + torch.rand(n, generator=self.gen)
            rain = torch.where(torch.rand(n, generator=self.gen) < 0.15, 12.0 * torch.rand(n, generator=self.gen), 0.0)
            kc = 0.6 + 0.5 * torch.clamp(season, min=0.0)
            dry = self.model.theta < 0.55 * self.model.fc + 0.45 * self.model.wp
            irrigation = torch.where(dry, 18.0, 0.0)
            applied += irrigation
            ks = self.model.step(rain, et0, kc, irrigation)
            for cb in self.callbacks:
                cb(day, self.model, ks)
        return applied


gen = torch.Generator().manual_seed(8)
n_plots, n_days = 600, 1825
model = SoilModel(n_plots, gen)
recorder, alarm, ledger = StateRecorder(n_plots), DroughtAlarm(0.999), SeasonLedger()
applied = Simulator(model, [recorder, alarm, ledger], gen).run(n_days)
trace = recorder.trace
print(f"days: {trace.shape[0]}, seasons: {ledger.totals.numel()}, stress plot-days (sampled): {alarm.stress_days}")
print(f"result: {trace.mean().item() * 1e3 + applied.sum().item() / 1e3 + alarm.stress_days + ledger.totals.sum().item():.10e}")
