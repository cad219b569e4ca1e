# ruff: noqa
"""Gate scheduling for a terraced rice-paddy irrigation scheme: 64 paddies exchange water through
bunds and gates; every 15 minutes the controller moves water along the terrace by the scheme's
transfer table, adds canal inflow and rain, removes evapotranspiration and seepage, and opens
spill gates where the ponding depth exceeds the target. Prints the season's spill and deficits."""
import math

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
N = 64


def transfer_rows(n):
    rows = []
    for i in range(n):
        row = [0.0] * n
        row[i] = 0.9
        if i + 1 < n:
            row[i + 1] = 0.07
        if i + 8 < n:
            row[i + 8] = 0.03
        if i == n - 1:
            row[i] = 1.0
        if i + 8 >= n and i + 1 < n:
            row[i + 1] += 0.03
        rows.append(row)
    return rows


class Terrace:
    def __init__(self, target_mm):
        self._table = transfer_rows(N)
        self.target = torch.full((N,), target_mm, device=device)
        self.depth = torch.full((N,), 0.5 * target_mm, device=device)
        self.spilled = torch.zeros(N, device=device)
        self.deficit = torch.zeros(N, device=device)

    @property
    def transfer(self):
        return torch.tensor(self._table, device=device)

    def step(self, inflow, rain, et):
        moved = self.transfer.T @ self.depth
        depth = moved + inflow + rain - et
        over = torch.clamp(depth - 1.3 * self.target, min=0.0)
        self.spilled += over
        depth = depth - over
        self.deficit += torch.clamp(0.6 * self.target - depth, min=0.0)
        self.depth = torch.clamp(depth, min=0.0)


def weather(gen, n_steps):
    t = torch.arange(n_steps, dtype=torch.float32)
    et = 0.08 * torch.clamp(torch.sin(2 * math.pi * (t / 96.0 - 0.25)), min=0.0) + 0.01
    storms = (torch.rand(n_steps, generator=gen) < 0.004).float()
    rain = storms * torch.empty(n_steps).exponential_(0.2, generator=gen)
    return et, rain


def main():
    gen = torch.Generator().manual_seed(3)
    n_steps = 96 * 18
    et, rain = weather(gen, n_steps)
    terrace = Terrace(target_mm=60.0)
    gates = torch.zeros(N, device=device)
    gates[::8] = 0.9
    log = []
    for k in range(n_steps):
        terrace.step(gates, rain[k].to(device), et[k].to(device))
        snapshot = terrace.depth.clone()
        if k % 96 == 95:
            log.append(snapshot)
    days = torch.stack(log)
    print(f"total spill {float(terrace.spilled.sum()):.2f} mm, total deficit {float(terrace.deficit.sum()):.2f} mm")
    print(f"mean depth on the last day {float(days[-1].mean()):.3f} mm")
    print(f"result: {float(terrace.spilled.sum() + terrace.deficit.sum() + days.mean()):.10e}")


if __name__ == "__main__":
    main()
