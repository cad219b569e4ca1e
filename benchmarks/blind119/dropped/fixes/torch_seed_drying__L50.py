# ruff: noqa
"""Drying-room model for a seed bank: freshly cleaned seed lots are spread on trays and dried
toward the room's equilibrium moisture before they go into the vault. Each tray's moisture field
diffuses within the tray and evaporates at a rate that depends on the seeds' moisture and the
tray's position in the airflow; callbacks apply the room's conditions and log progress. Prints
when each tray reaches the vault moisture target."""
from dataclasses import dataclass, field
from functools import partial

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class RoomConfig:
    n_trays: int = 16
    grid: int = 120
    steps: int = 600
    diffusion: float = 0.12
    evaporation: float = 0.035
    target_moisture: float = 0.065
    rh_range: tuple = (0.12, 0.18)


@dataclass
class DryingState:
    moisture: torch.Tensor
    step: int = 0
    done_at: dict = field(default_factory=dict)
    checks: list = field(default_factory=list)


def equilibrium_moisture(rh):
    # a simplified Oswin isotherm: seed moisture in equilibrium with the room's relative humidity
    return 0.06 * (rh / (1.0 - rh)) ** 0.35


def room_conditions(state, cfg, eq):
    m = state.moisture
    lap = m.roll(1, 1) + m.roll(-1, 1) + m.roll(1, 2) + m.roll(-1, 2) - 4.0 * m
    rate = torch.exp(-2.5 * m) * torch.sigmoid(12.0 * (m - 0.05))
    state.moisture = m + cfg.diffusion * lap - cfg.evaporation * rate * (m - eq)
    return state


def progress_log(state, cfg, names):
    if state.step % 60 == 0:
        mean = state.moisture.mean(dim=(1, 2))
        state.checks.append((state.step, mean < cfg.target_moisture))


def dry(state, cfg, callbacks):
    while state.step < cfg.steps:
        for cb in callbacks:
            out = cb(state)
            state = out if out is not None else state
        state.step += 1
    return state


cfg = RoomConfig()
gen = torch.Generator().manual_seed(2026)
names = [f"lot-{i:03d}" for i in range(cfg.n_trays)]
start = 0.10 + 0.06 * torch.rand(cfg.n_trays, cfg.grid, cfg.grid, generator=gen)
rh = np.linspace(cfg.rh_range[0], cfg.rh_range[1], cfg.n_trays)
eq = torch.from_numpy(equilibrium_moisture(rh)).reshape(-1, 1, 1).to(device)
state = DryingState(moisture=start.to(device))
callbacks = [partial(room_conditions, cfg=cfg, eq=eq), partial(progress_log, cfg=cfg, names=names)]
state = dry(state, cfg, callbacks)
steps = torch.tensor([s for s, _ in state.checks])
reached = torch.stack([mask for _, mask in state.checks])
for i in torch.nonzero(reached.any(dim=0)).flatten().tolist():
    state.done_at[names[i]] = int(steps[reached[:, i]][0])
final = state.moisture.mean(dim=(1, 2))
for name in names:
    print(f"{name}: at vault target from step {state.done_at.get(name, 'never')}")
print(f"result: {float(final.sum()) + sum(state.done_at.values()) / 1000.0:.10e}")
