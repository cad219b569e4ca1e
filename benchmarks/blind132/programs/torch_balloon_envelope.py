# ruff: noqa
"""Envelope-temperature estimation for a hot-air balloon club: each flight logs 16 raw
thermistor channels around the envelope; a calibration matrix fitted on the ground maps them to
corrected temperatures, a small regressor learns the crown temperature from the corrected
channels across flights, and the report gives per-flight overheat margins."""
import math
from dataclasses import dataclass

import torch

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class FlightLog:
    flight_id: int
    raw: torch.Tensor
    crown: torch.Tensor


class Calibration:
    def __init__(self, gen):
        base = torch.eye(16) + 0.05 * torch.randn(16, 16, generator=gen)
        self.matrix = base.to(DEVICE)
        self.offset = (2.0 * torch.randn(16, generator=gen)).to(DEVICE)

    def apply(self, readings):
        rows = list(map(lambda r: torch.mv(self.matrix, r), readings))
        return torch.stack(rows) + self.offset


def synth_flight(fid, gen, n):
    t = torch.linspace(0, 1, n)
    burner = (torch.rand(n, generator=gen) < 0.1).float()
    heat = torch.cumsum(burner, 0) / n * 40.0 + 70.0 + 10.0 * torch.sin(6 * math.pi * t)
    raw = heat[:, None] + torch.randn(n, 16, generator=gen) * 1.5 - torch.linspace(0, 12, 16)
    crown = heat + 8.0 + 0.5 * torch.randn(n, generator=gen)
    return FlightLog(fid, raw.to(DEVICE), crown.to(DEVICE))


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(42)
    calib = Calibration(gen)
    flights = [synth_flight(i, gen, 5200 + 300 * (i % 4)) for i in range(14)]
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.Tanh(), torch.nn.Linear(32, 1)).to(DEVICE)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    margins = []
    for epoch in range(3):
        for log in flights:
            x = calib.apply(log.raw)
            x = (x - 80.0) / 20.0
            for start in range(0, x.shape[0], 2048):
                xb = x[start:start + 2048]
                yb = (log.crown[start:start + 2048] - 80.0) / 20.0
                loss = torch.nn.functional.mse_loss(model(xb).squeeze(-1), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(f"epoch {epoch}: last loss {loss.item():.5f}")
    with torch.no_grad():
        for log in flights:
            x = (calib.apply(log.raw) - 80.0) / 20.0
            crown = model(x).squeeze(-1) * 20.0 + 80.0
            margins.append(120.0 - crown.max())
    margins = torch.stack(margins)
    print(f"smallest overheat margin: {margins.min():.2f} C over {len(flights)} flights")
    print(f"result: {margins.sum().item():.10e}")


main()
