# ruff: noqa
"""Dryer-section moisture model for paper machine 3: each reel's moisture scans (cross-direction
by time) are calibrated per sensor head, pushed through a steam-can drying model (evaporation
against cylinder temperature, felt contact, ambient humidity), and the final dryness per reel is
reported against the 92% target."""
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_CD = 1024


@dataclass
class DryerConfig:
    n_cans: int = 40
    can_temp: float = 1.35
    felt_contact: float = 0.62
    humidity: float = 0.35


def head_gains(n):
    # per-head calibration from the commissioning sheet (bench values, one per CD box)
    return torch.from_numpy(np.linspace(0.985, 1.015, n))


class DryerSection(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.rate = nn.Parameter(torch.linspace(0.030, 0.045, cfg.n_cans), requires_grad=False)

    def forward(self, moisture):
        m = moisture
        for k in range(self.cfg.n_cans):
            drive = self.cfg.can_temp * torch.exp(-self.cfg.felt_contact * m)
            flux = self.rate[k] * torch.sqrt(m) * torch.log1p(drive) - 0.004 * self.cfg.humidity
            m = torch.clamp(m - flux, min=0.02)
        return m


def attach_calibration(section, gains):
    def calibrate(module, inputs):
        (scan,) = inputs
        return (scan * gains.to(scan.dtype),)

    return section.register_forward_pre_hook(calibrate)


def reel_scans(gen, n_scans):
    base = 0.58 + 0.03 * torch.sin(torch.linspace(0, 12.0, N_CD))
    return (base + 0.01 * torch.randn(n_scans, N_CD, generator=gen)).float()


def main():
    torch.manual_seed(3)
    gen = torch.Generator().manual_seed(3)
    cfg = DryerConfig()
    section = DryerSection(cfg).to(device)
    attach_calibration(section, head_gains(N_CD).to(device))
    dryness, checksum = [], 0.0
    with torch.no_grad():
        for reel in range(24):
            out = section(reel_scans(gen, 160).to(device))
            reel_total = out.sum(dtype=torch.float64)
            dryness.append(1.0 - float(out.mean()))
            checksum += float(reel_total)
    on_target = sum(d >= 0.92 for d in dryness)
    print(f"reels on target: {on_target}/{len(dryness)}, mean dryness {np.mean(dryness):.4f}")
    print(f"result: {checksum:.10e}")


main()
