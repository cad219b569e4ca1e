"""Weekly training-load report for the club's power-meter users: each week's rides (1 Hz power)
are corrected for the crank's warm-up drift, and normalised power, intensity factor, TSS, time in
zones and work above threshold are worked out per ride; the weekly TSS goes into a rolling
fitness / fatigue table."""
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F

RIDE_SECONDS = 3 * 3600
ZONES = (0.55, 0.75, 0.90, 1.05, 1.20)   # fractions of FTP (Coggan)
PEAK_SECONDS = (5, 15, 30, 60, 180, 300, 600, 1200, 3600)   # mean-maximal power curve
WEEKS = 26
W_PRIME = 20000.0                        # J of anaerobic work capacity
RECOVERY = 0.25                          # J back per J below FTP (rough)
RIDES_PER_WEEK = 160


@dataclass
class Squad:
    ftp: torch.Tensor          # one value per rider, watts
    rider_of_ride: torch.Tensor

    def ftp_of(self, rides):
        return self.ftp[self.rider_of_ride[rides]].unsqueeze(1)


def simulate_week(gen, squad, week):
    n = RIDES_PER_WEEK
    ftp = squad.ftp_of(torch.arange(n) + week * n)
    base = 0.62 + 0.1 * torch.rand(n, 1, generator=gen)
    surges = (torch.rand(n, RIDE_SECONDS // 60, generator=gen) < 0.08).float()
    surges = surges.repeat_interleave(60, dim=1) * 0.6
    noise = 0.12 * torch.randn(n, RIDE_SECONDS, generator=gen)
    return (ftp * (base + surges + noise)).clamp_(min=0.0), ftp


def ride_metrics(watts, ftp, warmup):
    watts = watts * warmup
    c = watts.cumsum(dim=1)
    rolled = (c[:, 30:] - c[:, :-30]) / 30.0
    peaks = torch.stack([((c[:, d:] - c[:, :-d]) / d).amax(dim=1) for d in PEAK_SECONDS], dim=1)
    np_ = rolled.pow(4).mean(dim=1, keepdim=True).pow(0.25)
    intensity = np_ / ftp
    tss = RIDE_SECONDS * np_ * intensity / (ftp * 3600.0) * 100.0
    rel = watts / ftp
    trimp = (rel * 0.64 * torch.exp(1.92 * rel)).sum(dim=1) / 60.0     # Banister, power for HR
    zone_seconds = torch.stack([(rel >= z).sum(dim=1) for z in ZONES], dim=1)
    above = (watts - ftp).clamp(min=0.0)
    below = (ftp - watts).clamp(min=0.0)
    w_bal = (W_PRIME - above.cumsum(dim=1) + RECOVERY * below.cumsum(dim=1)).clamp(max=W_PRIME)
    return tss.squeeze(1), trimp, zone_seconds, above.sum(dim=1) / 1000.0, w_bal.amin(dim=1), peaks


def main():
    gen = torch.Generator().manual_seed(2024)
    riders = 20
    squad = Squad(
        ftp=180.0 + 160.0 * torch.rand(riders, generator=gen),
        rider_of_ride=torch.randint(0, riders, (WEEKS * RIDES_PER_WEEK,), generator=gen),
    )
    t = np.arange(RIDE_SECONDS)
    warmup = torch.from_numpy(1.0 + 0.02 * np.exp(-t / 900.0))
    weekly, trimps = [], []
    zones_total = torch.zeros(len(ZONES), dtype=torch.long)
    kj_above, lowest = torch.tensor(0.0), torch.tensor(W_PRIME)
    best = torch.zeros(len(PEAK_SECONDS))
    for week in range(WEEKS):
        watts, ftp = simulate_week(gen, squad, week)
        tss, trimp, zone_seconds, above, low, peaks = ride_metrics(watts, ftp, warmup)
        weekly.append(tss.sum())
        trimps.append(trimp.sum())
        zones_total += zone_seconds.sum(dim=0)
        kj_above += above.sum()
        lowest = torch.minimum(lowest, low.min())
        best = torch.maximum(best, peaks.amax(dim=0))
    ctl = atl = 0.0
    rows = []                           # ctl, atl, form per week
    for load in torch.stack(weekly).tolist():
        ctl += (load - ctl) / 6.0
        atl += (load - atl) / 2.0
        rows.append([ctl, atl, ctl - atl])
    fitness = torch.tensor(rows)
    zone_frac = zones_total.double() / (WEEKS * RIDES_PER_WEEK * RIDE_SECONDS)
    summary = fitness[-1, :2].sum().item() + fitness[:, 2].min().item()
    summary += kj_above.item() / 100.0 + 1000.0 * zone_frac[3].item()
    summary += lowest.item() / 1000.0 + best.sum().item() / 10.0 + torch.stack(trimps).mean().item()
    print(f"result: {summary:.6f}")


if __name__ == "__main__":
    main()
