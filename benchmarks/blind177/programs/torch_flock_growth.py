# ruff: noqa
"""Broiler growth monitoring: platform scales in each house log bird weights through the day;
each day's readings are screened (double birds and half-steps rejected against yesterday's mean),
the flock's uniformity is reported, and a Gompertz growth curve per house is fitted to the daily
mean weights (all houses at once) with torch (float32, Adam) to project the weight at day 42."""
import numpy as np
import torch

torch.set_num_threads(1)

N_HOUSES = 6
DAYS = 35
READS_PER_DAY = 7200


def gompertz(t, a, b, k):
    return a * torch.exp(-b * torch.exp(-k * t))


class ScaleLog:
    def __init__(self, house_id, gen):
        self.house_id = house_id
        self.gen = gen
        self.a = 4.2 + 0.3 * house_id / N_HOUSES
        self.days = []
        self.means = []

    def readings(self, day):
        mean = gompertz(torch.tensor(float(day)), self.a, 4.3, 0.085)
        w = mean * (1.0 + 0.11 * torch.randn(READS_PER_DAY, generator=self.gen))
        double = torch.rand(READS_PER_DAY, generator=self.gen) < 0.03
        half = torch.rand(READS_PER_DAY, generator=self.gen) < 0.04
        return torch.where(double, 2.0 * w, torch.where(half, 0.5 * w, w))

    def screen(self, w, ref):
        values = [w[i].item() for i in range(w.shape[0])]
        kept = []
        for v in values:
            if 0.7 * ref < v < 1.3 * ref:
                kept.append(v)
        return kept


def uniformity(kept):
    m = sum(kept) / len(kept)
    return sum(1 for v in kept if abs(v - m) <= 0.1 * m) / len(kept), m


def fit_houses(days, means, steps=800):
    t = torch.tensor(days, dtype=torch.float32)
    y = torch.tensor(means, dtype=torch.float32)
    params = torch.tensor([[3.5, 4.0, 0.08]] * len(means), requires_grad=True)
    opt = torch.optim.Adam([params], lr=0.02)
    for step in range(steps):
        opt.zero_grad()
        pred = gompertz(t, params[:, :1], params[:, 1:2], params[:, 2:])
        loss = ((pred - y) ** 2).mean()
        loss.backward()
        opt.step()
        if step % 200 == 0:
            print(f"  step {step:4d} loss {loss.item():.6f}")
    return params.detach()


def main():
    gen = torch.Generator().manual_seed(5)
    logs = [ScaleLog(h, gen) for h in range(N_HOUSES)]
    total_unif = 0.0
    for log in logs:
        ref = 0.045
        for day in range(DAYS):
            kept = log.screen(log.readings(day), ref)
            unif, ref = uniformity(kept)
            total_unif += unif
            log.days.append(float(day))
            log.means.append(ref)
    for log in logs:
        print(f"house {log.house_id}: day {DAYS - 1} mean {log.means[-1]:.3f} kg")
    params = fit_houses(logs[0].days, [log.means for log in logs])
    projected = gompertz(torch.tensor(42.0), params[:, 0], params[:, 1], params[:, 2]).tolist()
    print("day-42 projections (kg): " + " ".join(f"{p:.3f}" for p in projected))
    print(f"result: {sum(projected) + total_unif / (N_HOUSES * DAYS):.8e}")


main()
