# ruff: noqa
"""Delay propagation through crew connections over a month of operations: each flight's
departure delay is its own random disruption plus whatever its inbound crew carries over after
the minimum connection time at the hub; a set of step callbacks (connection penalty, recovery
buffer) adjust the propagated delays. Reports daily totals and the worst hubs."""
import random
from dataclasses import dataclass, field

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

HUBS = ["AMS", "CDG", "FRA", "MAD", "FCO", "LIS", "VIE", "CPH", "ARN", "DUB", "ZRH", "BRU",
        "PRG", "WAW", "OSL", "HEL", "ATH", "BUD", "OTP", "SOF", "LJU", "ZAG", "BEG", "RIX",
        "TLL", "VNO", "KRK", "GDN", "BLQ", "NAP", "PMO", "CTA", "BCN", "AGP", "OPO", "FAO",
        "NCE", "LYS", "TLS", "BOD"]
_rnd = random.Random(5)
# minimum connection time (minutes) for a crew arriving at hub i and leaving from hub j
MCT_TABLE = [[(35.0 if i == j else 70.0) + 5.0 * _rnd.randint(0, 4) for j in range(len(HUBS))]
             for i in range(len(HUBS))]


@dataclass
class Network:
    inbound: torch.Tensor      # flight -> index of the flight its crew arrives on
    dep_hub: torch.Tensor
    arr_hub: torch.Tensor
    slack: torch.Tensor        # scheduled turn time (minutes)
    callbacks: list = field(default_factory=list)


def connection_penalty(table):
    mct_t = torch.tensor(table, device=device)

    def penalty(net, delay):
        mct = mct_t
        need = mct[net.arr_hub[net.inbound], net.dep_hub]
        return torch.relu(need - net.slack) * 0.1
    return penalty


def recovery_buffer(minutes):
    def buffer(net, delay):
        return -torch.clamp(delay, max=minutes) * 0.05
    return buffer


def propagate(net, own_delay, n_iter):
    delay = own_delay.clone()
    for _ in range(n_iter):
        carried = torch.relu(delay[net.inbound] - net.slack)
        delay = own_delay + carried
        for cb in net.callbacks:
            delay = delay + cb(net, delay)
        delay = torch.relu(delay)
    return delay


def make_network(gen, n_flights):
    inbound = torch.randint(0, n_flights, (n_flights,), generator=gen)
    dep_hub = torch.randint(0, len(HUBS), (n_flights,), generator=gen)
    arr_hub = torch.randint(0, len(HUBS), (n_flights,), generator=gen)
    slack = 30.0 + 60.0 * torch.rand(n_flights, generator=gen)
    return Network(inbound.to(device), dep_hub.to(device), arr_hub.to(device), slack.to(device))


torch.manual_seed(3)
gen = torch.Generator().manual_seed(3)
net = make_network(gen, 1500)
net.callbacks.append(connection_penalty(MCT_TABLE))
net.callbacks.append(recovery_buffer(20.0))
daily = []
per_hub = torch.zeros(len(HUBS), device=device)
for day in range(30):
    own = torch.distributions.Exponential(1 / 12.0).sample((1500,)).to(device)
    own = own * (torch.rand(1500, generator=gen).to(device) < 0.3)
    for wave in range(4):
        delay = propagate(net, own, n_iter=40)
        per_hub.index_add_(0, net.dep_hub, delay)
    daily.append(delay.sum().item())
worst = torch.argsort(per_hub, descending=True)[:3].tolist()
print("worst hubs:", ", ".join(HUBS[i] for i in worst))
print(f"mean daily delay minutes {sum(daily) / len(daily):.1f}")
print(f"result: {sum(daily) + float(per_hub.sum()) / 1e3:.10e}")
