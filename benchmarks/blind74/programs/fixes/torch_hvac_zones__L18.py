# ruff: noqa
"""Monte Carlo study of an HVAC zoning scheme: many simulated days of a 32-zone floor plate
(heat exchange between neighbouring zones through the coupling table from the building survey,
solar and occupancy gains, a bang-bang thermostat per zone) run in parallel as a batch, and the
comfort hours and run time of each zone's VAV box are summarised."""
from functools import partial

import torch

torch.manual_seed(0)

N = 32
COUPLING = [[(0.9 if i == j else (0.05 if abs(i - j) == 1 else (0.02 if abs(i - j) == 8 else 0.0)))
             for j in range(N)] for i in range(N)]

K_CONST = torch.tensor(COUPLING)


def zone_step(temp, heating, gains, t_out, leak, power):
    K = K_CONST
    mixed = temp @ K.T
    mixed = mixed + leak * (t_out - temp) + gains + power * heating
    return mixed / (K.sum(1) + leak)


def thermostat(temp, heating, low, high):
    return torch.where(temp < low, torch.ones_like(heating), torch.where(temp > high, torch.zeros_like(heating), heating))


def simulate(step, n_days, batch, gen):
    temp = 18.0 + torch.randn(batch, N, generator=gen)
    heating = torch.zeros(batch, N)
    on_time = torch.zeros(N)
    comfort = torch.zeros(N)
    for k in range(n_days * 288):
        hour = (k % 288) / 12.0
        t_out = 2.0 + 5.0 * torch.sin(torch.tensor((hour - 9.0) / 24.0 * 6.2832))
        gains = 0.05 * torch.rand(batch, N, generator=gen) * (8 <= hour < 18)
        heating = thermostat(temp, heating, 20.0, 22.0)
        temp = step(temp, heating, gains, t_out)
        on_time += heating.mean(0)
        comfort += ((temp > 19.5) & (temp < 23.0)).float().mean(0)
    return on_time / 12.0, comfort / 12.0


gen = torch.Generator().manual_seed(4)
results = []
for leak in (0.01, 0.02):
    step = partial(zone_step, leak=leak, power=0.6)
    results.append(torch.cat(simulate(step, 10, 64, gen)))
table = torch.stack(results)
print(f"VAV run hours per zone (leak 0.01): {table[0, :N].round().tolist()}")
print(f"result: {table.sum().item():.10e}")
