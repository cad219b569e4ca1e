# ruff: noqa
"""Overnight charging planner for an electric bus depot: a small learned energy model predicts
how many kWh each bus needs for tomorrow's duty (route length, stops, passengers, temperature,
battery age), and a dispatcher assigns chargers round by round, greedily serving the buses with
the largest deficit, until the night's window is over."""
import torch
from dataclasses import dataclass

torch.set_num_threads(1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


@dataclass
class Bus:
    fleet_no: int
    features: torch.Tensor
    charge_kwh: float
    capacity_kwh: float


class EnergyModel(torch.nn.Module):
    def __init__(self, n_in=8, hidden=48):
        super().__init__()
        self.net = torch.nn.Sequential(
            torch.nn.Linear(n_in, hidden),
            torch.nn.Tanh(),
            torch.nn.Linear(hidden, hidden),
            torch.nn.Tanh(),
            torch.nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return 180.0 + 60.0 * self.net(x).squeeze(-1)


class Dispatcher:
    def __init__(self, model, n_chargers, kw_per_charger):
        self.model = model
        self.n_chargers = n_chargers
        self.kw = kw_per_charger

    def needs(self, buses):
        with torch.no_grad():
            preds = list(map(lambda bus: self.model(bus.features), buses))
        return torch.stack(preds)

    def round(self, buses, minutes):
        need = self.needs(buses)
        charge = torch.tensor([b.charge_kwh for b in buses], device=device)
        deficit = (need - charge).clamp(min=0.0)
        order = torch.argsort(deficit, descending=True)[: self.n_chargers]
        added = torch.zeros(len(buses), device=device)
        added[order] = torch.minimum(deficit[order], torch.tensor(self.kw * minutes / 60.0, device=device))
        for b, extra in zip(buses, added.tolist()):
            b.charge_kwh = min(b.capacity_kwh, b.charge_kwh + extra)
        return deficit


def make_fleet(n, gen):
    feats = torch.rand(n, 8, generator=gen).to(device)
    charge = (torch.rand(n, generator=gen) * 120.0 + 40.0).tolist()
    return [Bus(1000 + i, feats[i], charge[i], 350.0) for i in range(n)]


def main():
    gen = torch.Generator().manual_seed(77)
    torch.manual_seed(77)
    model = EnergyModel().to(device).eval()
    fleet = make_fleet(420, gen)
    dispatcher = Dispatcher(model, n_chargers=64, kw_per_charger=150.0)
    unmet = 0.0
    for night_round in range(30):
        deficit = dispatcher.round(fleet, minutes=15)
        total = deficit.sum()
        unmet += total
        if night_round % 6 == 0:
            print(f"round {night_round:2d}: open deficit {total:9.1f} kWh")
    final = sum(b.charge_kwh for b in fleet)
    print(f"result: {float(unmet) + final:.10e}")


if __name__ == "__main__":
    main()
