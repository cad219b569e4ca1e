# ruff: noqa
"""Swell penetration into a harbour basin for the pilot station's berthing advice: a linear
wave model on the basin grid, with depth-dependent damping and the breakwater as a reflecting
wall, driven by the incoming swell at the entrance; reports the wave height at the berths."""
from dataclasses import dataclass

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class Basin:
    nx: int = 900
    ny: int = 900
    dx_m: float = 4.0
    dt_s: float = 0.15
    swell_period_s: float = 11.0
    swell_height_m: float = 1.6


def bathymetry(basin: Basin, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:basin.ny, 0:basin.nx]
    depth = 4.0 + 14.0 * (y / basin.ny) + 1.5 * np.sin(x / 37.0) * np.cos(y / 53.0)
    depth += rng.normal(0.0, 0.2, size=depth.shape)
    return np.clip(depth, 2.0, None)


def make_stepper(basin: Basin, depth: np.ndarray):
    c2 = torch.from_numpy((9.81 * depth * (basin.dt_s / basin.dx_m) ** 2).astype(np.float32))
    damping = torch.from_numpy(np.exp(-0.004 * basin.dt_s / np.sqrt(depth)).astype(np.float32))
    c2, damping = c2.to(device), damping.to(device)
    wall = torch.ones(basin.ny, basin.nx, device=device)
    wall[int(basin.ny * 0.3), : int(basin.nx * 0.7)] = 0.0  # the breakwater

    def step(eta, eta_prev, t):
        lap = torch.zeros_like(eta)
        lap[1:-1, 1:-1] = (eta[2:, 1:-1] + eta[:-2, 1:-1] + eta[1:-1, 2:] + eta[1:-1, :-2]
                           - 4.0 * eta[1:-1, 1:-1])
        nxt = (2.0 * eta - eta_prev + c2 * lap) * damping
        nxt = nxt * wall
        phase = 2.0 * np.pi * t * basin.dt_s / basin.swell_period_s
        nxt[-1, :] = 0.5 * basin.swell_height_m * float(np.sin(phase))
        return nxt, eta

    return step


def main():
    basin = Basin()
    depth = bathymetry(basin)
    step = make_stepper(basin, depth)
    eta = torch.zeros(basin.ny, basin.nx, device=device)
    eta_prev = torch.zeros_like(eta)
    berths = torch.tensor([[120, 100], [150, 300], [200, 520], [90, 700]], device=device)
    gauge_log = []
    peak = torch.zeros(len(berths), device=device)
    for t in range(280):
        eta, eta_prev = step(eta, eta_prev, t)
        at_berths = eta[berths[:, 0], berths[:, 1]].abs()
        peak = torch.maximum(peak, at_berths)
        if t % 40 == 0:
            snapshot = at_berths.clone()
            gauge_log.append(float(snapshot.max()))
    for k, (b, h) in enumerate(zip(berths.tolist(), peak.tolist())):
        print(f"berth {k} at cell {b}: peak surface {h:.3f} m")
    energy = float((eta.double() ** 2).mean())
    print(f"result: {energy + sum(peak.tolist()) + sum(gauge_log):.10e}")


if __name__ == "__main__":
    main()
